"""Executor unit tests for the data-rearrangement ops (TFILLPAD*, TCONCAT, TTRANS, TINSERT, TINTERLEAVE,
TDEINTERLEAVE, the fp forms), call sites built directly."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import machine

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty
import ptolint.executor.ops.rearrange  # noqa: F401
from ptolint.executor import replay
from ptolint.executor.machine import OPS, Machine, Trap
from ptolint.ir import DYNAMIC, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule


def spec(dtype: str, rows: int, cols: int, size: int, **kw) -> TileSpec:
    return TileSpec(kw.pop("loc", "Vec"), dtype, rows, cols, valid_row=DYNAMIC, valid_col=DYNAMIC, elem_size=size, **kw)


def tile(s: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(s.rows) if vr is None else (Const(vr) if isinstance(vr, int) else vr)
    vc = Const(s.cols) if vc is None else (Const(vc) if isinstance(vc, int) else vc)
    return TileOperand(s, vr, vc, name)


def site(builtin: str, target: str, args: dict, template_args=None) -> CallSite:
    params = list(args)
    vals = [a if isinstance(a, TileOperand) else ScalarOperand(Const(a, "unsigned short") if isinstance(a, int)
                                                                else a, str(a)) for a in args.values()]
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, params, vals, dict(template_args or {}))



def run(m: Machine) -> set[str]:
    try:
        OPS[m.site.builtin](m)
    except Trap:
        pass
    return {f.kind for f in m.faults}


F = "float"


def test_tfillpad_pads_right_and_bottom_a2a3() -> None:
    src = tile(spec(F, 8, 16, 4), "src", 6, 5)
    dst = tile(spec(F, 8, 16, 4, pad="Zero"), "dst", 8, 16)
    m = machine(site("TFILLPAD", "a2a3", {"dst": dst, "src": src}))
    m.tiles["src"].data()[:] = 3.0
    assert run(m) == set()
    out = m.tiles["dst"].data()
    assert np.all(out[:6, :5] == 3.0) and np.all(out[:6, 8:] == 0.0) and np.all(out[6:, :] == 0.0)


@pytest.mark.parametrize(("target", "kinds"), [("a2a3", set()), ("a5", {"out-of-bounds"})])
def test_tfillpad_more_src_rows_than_dst(target: str, kinds: set[str]) -> None:
    src = tile(spec(F, 8, 64, 4), "src", 8, 5)
    dst = tile(spec(F, 8, 64, 4, pad="Max"), "dst", 7, 64)
    assert run(machine(site("TFILLPAD", target, {"dst": dst, "src": src}))) == kinds
    # a5: one excess row of 16 floats (< 64 per 256-byte store): the wrapped repeat count comes out as 0
    small_src, small_dst = tile(spec(F, 8, 16, 4), "src", 8, 5), tile(spec(F, 8, 16, 4, pad="Max"), "dst", 7, 16)
    assert run(machine(site("TFILLPAD", target, {"dst": small_dst, "src": small_src}))) == set()


def test_tfillpad_static_checks() -> None:
    src = tile(spec(F, 8, 16, 4), "src")
    null_pad = tile(spec(F, 8, 32, 4), "dst")
    assert run(machine(site("TFILLPAD", "a5", {"dst": null_pad, "src": src}))) == {"unsupported-layout",
                                                                                  "size-mismatch"}
    wide = tile(spec(F, 8, 32, 4, pad="Zero"), "dst")
    assert run(machine(site("TFILLPAD_EXPAND", "a2a3", {"dst": wide, "src": src}))) == set()
    assert run(machine(site("TFILLPAD", "a2a3", {"dst": wide, "src": src}, {"mode": "TFillPadMode::Expand"}))) == set()


@pytest.mark.parametrize("target", ["a2a3", "a5", "kirin9030", "kirinx90", "kirindev0000"])
def test_tfillpad_pad_value_without_map_entry(target: str) -> None:
    """The Vec fill reads PadValueMap<DType, PadVal>: pto::int4b_t has no entry on any target (PTO036); a custom
    pad value and int8_t's named ones have; Kirin Dev0000 also lacks the fp8 types' entries, A5 has them."""
    src = tile(spec("int4b_t", 8, 64, 1), "src", 8, 40)
    dst = tile(spec("int4b_t", 8, 64, 1, pad="Zero"), "dst")
    assert run(machine(site("TFILLPAD", target, {"dst": dst, "src": src}))) == {"unsupported-dtype"}
    b_src, b_dst = tile(spec("int8_t", 8, 64, 1), "src", 8, 40), tile(spec("int8_t", 8, 64, 1, pad="Max"), "dst")
    assert run(machine(site("TFILLPAD_INPLACE", target, {"dst": b_dst, "src": b_src}))) == set()
    if target != "a2a3":
        f_src = tile(spec("float8_e4m3_t", 8, 64, 1), "src", 8, 40)
        f_dst = tile(spec("float8_e4m3_t", 8, 64, 1, pad="Zero"), "dst")
        kinds = {"unsupported-dtype"} if target == "kirindev0000" else set()
        assert run(machine(site("TFILLPAD", target, {"dst": f_dst, "src": f_src}))) == kinds


@pytest.mark.parametrize(("dtype", "blayout", "scalar", "faults"), [
    ("float", "RowMajor", False, set()), ("half", "RowMajor", False, {"unsupported-path"}),
    ("float", "ColMajor", False, {"unsupported-path"}), ("int8_t", "RowMajor", True, {"unsupported-path"}),
    ("float", "RowMajor", True, set())])
def test_tinsert_dual_destination_mode_a5(dtype: str, blayout: str, scalar: bool, faults: set[str]) -> None:
    """a5/common.hpp GetDualDstCtl (PTO038): a dual mode takes no quantising conversion and no DN dst."""
    size = {"float": 4, "half": 2, "int8_t": 1}[dtype]
    acc = TileSpec("Acc", "float", 16, 64, "ColMajor", 16, 64, "RowMajor", 1024, elem_size=4)
    dst = TileSpec("Vec", dtype, 16, 64, blayout, 16, 64, "NoneBox", 512, elem_size=size)
    args = {"dst": tile(dst, "dst"), "src": tile(acc, "src")}
    if scalar:
        args["preQuantScalar"] = Const(1, "unsigned long")
    args.update({"indexRow": 0, "indexCol": 0})
    s = site("TINSERT", "a5", args, {"mode": "DualModeSplitM"})
    assert run(machine(s)) == faults


def test_tconcat_values_and_overflow() -> None:
    s0, s1 = tile(spec(F, 4, 16, 4), "src0", 4, 3), tile(spec(F, 4, 16, 4), "src1", 4, 5)
    dst = tile(spec(F, 4, 16, 4), "dst", 4, 8)
    m = machine(site("TCONCAT", "a5", {"dst": dst, "src0": s0, "src1": s1}))
    m.tiles["src0"].data()[:] = 1.0
    m.tiles["src1"].data()[:] = 2.0
    assert run(m) == set()
    row = m.tiles["dst"].data()[0]
    assert list(row[:8]) == [1.0] * 3 + [2.0] * 5
    wide = tile(spec(F, 4, 16, 4), "src1", 4, 14)
    assert run(machine(site("TCONCAT", "a2a3", {"dst": dst, "src0": s0, "src1": wide}))) == {"out-of-bounds"}
    short = tile(spec(F, 4, 16, 4), "src1", 2, 5)
    assert run(machine(site("TCONCAT", "a2a3", {"dst": dst, "src0": s0, "src1": short}))) == {"valid-region"}


def test_tconcat_rejects_int64() -> None:
    t = spec("int64_t", 4, 16, 8)
    s = site("TCONCAT", "a2a3", {"dst": tile(t, "dst"), "src0": tile(t, "src0", 4, 8), "src1": tile(t, "src1", 4, 8)})
    assert run(machine(s)) == {"unsupported-dtype"}


def test_ttrans_transposes_and_bounds() -> None:
    src, tmp = tile(spec(F, 8, 16, 4), "src", 3, 5), tile(spec(F, 16, 8, 4), "tmp")
    dst = tile(spec(F, 16, 8, 4), "dst")
    m = machine(site("TTRANS", "a2a3", {"dst": dst, "src": src, "tmp": tmp}))
    assert run(m) == set()
    np.testing.assert_array_equal(m.tiles["dst"].data()[:5, :3], m.tiles["src"].data()[:3, :5].T)
    small = tile(spec(F, 4, 8, 4), "dst")
    assert run(machine(site("TTRANS", "a5", {"dst": small, "src": src, "tmp": tmp}))) == {"out-of-bounds"}


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tconcat_index_form_joins_counted_prefixes(target: str) -> None:
    """TCONCAT(dst, src0, src1, dstIdx, src0Idx, src1Idx): per row, src0Idx / src1Idx hold byte counts."""
    i32 = lambda name, vc=1: tile(spec("int32_t", 4, 8, 4), name, 4, vc)  # noqa: E731
    args = {"dst": tile(spec(F, 4, 64, 4), "dst"), "src0": tile(spec(F, 4, 32, 4), "src0"),
            "src1": tile(spec(F, 4, 32, 4), "src1"), "dstIdx": i32("dstIdx"), "src0Idx": i32("src0Idx"),
            "src1Idx": i32("src1Idx")}
    m = machine(site("TCONCAT", target, args))
    m.tiles["src0Idx"].data()[:, 0] = [4 * 3, 4 * 5, 0, 4 * 32]
    m.tiles["src1Idx"].data()[:, 0] = [4 * 2, 4 * 40, 4 * 1, 4 * 32]
    assert run(m) == set()
    d, a, b = m.tiles["dst"].data(), m.tiles["src0"].data(), m.tiles["src1"].data()
    np.testing.assert_array_equal(d[0, :5], np.concatenate([a[0, :3], b[0, :2]]))
    np.testing.assert_array_equal(d[3], np.concatenate([a[3], b[3]]))
    assert m.tiles["dstIdx"].data()[:, 0].tolist() == [4 * 5, 4 * 45, 4 * 1, 4 * 64]  # min(n0 + n1, 64)
    # the PTO_ASSERTs: src rows equal to dst's, one dstIdx column; index tiles of one type (static)
    bad = {**args, "src1": tile(spec(F, 4, 32, 4), "src1", 3), "dstIdx": i32("dstIdx", 2)}
    st = site("TCONCAT", target, bad)
    assert run(machine(st)) == {"valid-region"}
    assert check_rule(load_rules()["PTO215"], st).level == "error"
    mixed = {**args, "src1Idx": tile(spec("int16_t", 4, 16, 2), "src1Idx", 4, 1)}
    assert run(machine(site("TCONCAT", target, mixed))) == {"dtype-mismatch"}


@pytest.mark.parametrize(("dtype", "size", "dst_shape", "target", "kinds"), [
    ("int8_t", 1, (512, 128), "a5", set()),               # last dst index 511 * 128 + 127 = 0xFFFF
    ("int8_t", 1, (512, 256), "a5", {"size-mismatch"}),   # 511 * 256 + 255 > 0xFFFF
    ("int8_t", 1, (512, 256), "a2a3", set()),             # A2/A3 has no 16-bit index register
    ("half", 2, (300, 256), "a5", {"size-mismatch"})])    # 299 * 256 + 255 > 0xFFFF
def test_ttrans_a5_16_bit_index(dtype: str, size: int, dst_shape: tuple[int, int], target: str,
                                kinds: set[str]) -> None:
    """PTO314 (A5 TTransTile): a 1- / 2-byte transpose indexes dst (src wider than tall) with 16 bits."""
    src, tmp = tile(spec(dtype, 8, 64, size), "src"), tile(spec(dtype, 64, 8 * 32 // size, size), "tmp")
    dst = tile(spec(dtype, *dst_shape, size), "dst")
    st = site("TTRANS", target, {"dst": dst, "src": src, "tmp": tmp})
    assert run(machine(st)) == kinds
    assert (check_rule(load_rules()["PTO314"], st).level is not None) == bool(kinds)


@pytest.mark.parametrize(("target", "col", "kinds"), [("a2a3", 4, {"misaligned"}), ("a5", 4, set()),
                                                      ("a2a3", 8, set()), ("a2a3", 56, {"out-of-bounds"})])
def test_tinsert(target: str, col: int, kinds: set[str]) -> None:
    dst, src = tile(spec(F, 16, 64, 4), "dst"), tile(spec(F, 8, 16, 4), "src")
    m = machine(site("TINSERT", target, {"dst": dst, "src": src, "indexRow": 8, "indexCol": col}))
    assert run(m) == kinds
    if not kinds:
        np.testing.assert_array_equal(m.tiles["dst"].data()[8:16, col:col + 16], m.tiles["src"].data())


@pytest.mark.parametrize(("target", "valid_col", "kinds"), [("a2a3", 15, {"unsupported-layout"}),
                                                            ("a2a3", DYNAMIC, {"unsupported-layout"}),
                                                            ("a2a3", 16, set()), ("a5", 15, set())])
def test_tinsert_a2a3_byte_src_needs_an_even_static_valid_col(target: str, valid_col: int, kinds: set[str]) -> None:
    dst = tile(spec("int8_t", 16, 64, 1), "dst")
    s = TileSpec("Vec", "int8_t", 16, 32, valid_row=16, valid_col=valid_col, elem_size=1)
    src = tile(s, "src", 16, 16)
    assert run(machine(site("TINSERT", target, {"dst": dst, "src": src, "indexRow": 0, "indexCol": 0}))) == kinds


@pytest.mark.parametrize(("target", "row", "col", "kinds"), [("a2a3", 8, 0, {"misaligned"}),
                                                             ("a2a3", 0, 8, {"misaligned"}),
                                                             ("a2a3", 16, 16, set()), ("a5", 8, 0, set())])
def test_tinsert_a2a3_nz_position_on_fractal_boundaries(target: str, row: int, col: int, kinds: set[str]) -> None:
    nz = {"blayout": "ColMajor", "slayout": "RowMajor"}
    dst, src = tile(spec("half", 64, 32, 2, **nz), "dst"), tile(spec("half", 16, 16, 2, **nz), "src")
    assert run(machine(site("TINSERT", target, {"dst": dst, "src": src, "indexRow": row, "indexCol": col}))) == kinds


def test_tinsert_a2a3_vec_to_mat_is_not_a_path() -> None:
    dst = tile(spec("half", 32, 64, 2, loc="Mat", blayout="ColMajor", slayout="RowMajor"), "dst")
    src = tile(spec("half", 16, 64, 2, blayout="ColMajor", slayout="RowMajor"), "src")
    args = {"dst": dst, "src": src, "indexRow": 0, "indexCol": 0}
    assert run(machine(site("TINSERT", "a2a3", args))) == {"unsupported-path"}
    assert run(machine(site("TINSERT", "a5", args))) == set()


def test_tinsert_kirin_x90() -> None:
    """Kirin X90's own TInsert.hpp: ND copies between NoneBox tiles only (unaligned columns copied, as on A5), an ND
    source into a row-major boxed tile rejected, the A2/A3 Vec -> Vec list without bf16, A5's Vec -> Mat list."""
    dst, src = tile(spec(F, 16, 64, 4), "dst"), tile(spec(F, 8, 16, 4), "src")
    m = machine(site("TINSERT", "kirinx90", {"dst": dst, "src": src, "indexRow": 8, "indexCol": 4}))
    assert run(m) == set()
    np.testing.assert_array_equal(m.tiles["dst"].data()[8:16, 4:20], m.tiles["src"].data())
    zz = tile(spec(F, 16, 64, 4, slayout="RowMajor"), "dst")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": zz, "src": src, "indexRow": 0, "indexCol": 0}))) == \
        {"unsupported-layout"}
    i16d, i16s = tile(spec("int16_t", 16, 64, 2), "dst"), tile(spec("int16_t", 8, 16, 2), "src")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": i16d, "src": i16s, "indexRow": 0, "indexCol": 0}))) == set()
    bfd, bfs = tile(spec("bfloat16_t", 16, 64, 2), "dst"), tile(spec("bfloat16_t", 8, 16, 2), "src")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": bfd, "src": bfs, "indexRow": 0, "indexCol": 0}))) == \
        {"unsupported-dtype"}
    mat = tile(spec("int16_t", 32, 64, 2, loc="Mat", blayout="ColMajor", slayout="RowMajor"), "dst")
    nz16 = tile(spec("int16_t", 16, 64, 2, blayout="ColMajor", slayout="RowMajor"), "src")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": mat, "src": nz16, "indexRow": 0, "indexCol": 0}))) == \
        {"unsupported-dtype"}
    nzd = tile(spec(F, 64, 32, 4, blayout="ColMajor", slayout="RowMajor"), "dst")
    nzs = tile(spec(F, 16, 32, 4, blayout="ColMajor", slayout="RowMajor"), "src")
    # NZ Vec -> Vec: indexRow % 16 and indexCol % C0 are PTO_ASSERTs (PTO125)
    assert run(machine(site("TINSERT", "kirinx90", {"dst": nzd, "src": nzs, "indexRow": 8, "indexCol": 0}))) == \
        {"misaligned"}
    wide = tile(spec(F, 64, 64, 4, blayout="ColMajor", slayout="RowMajor"), "dst")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": wide, "src": nzs, "indexRow": 0, "indexCol": 4}))) == \
        {"misaligned"}
    assert run(machine(site("TINSERT", "kirinx90", {"dst": nzd, "src": nzs, "indexRow": 16, "indexCol": 0}))) == set()
    # NZ Vec -> a row-major L1 tile: the copy's column stripes are Dst::Cols rows high (PTO318)
    nd_l1 = tile(spec(F, 64, 32, 4, loc="Mat"), "dst")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": nd_l1, "src": nzs, "indexRow": 16, "indexCol": 0}))) == \
        set()
    assert run(machine(site("TINSERT", "kirinx90", {"dst": nd_l1, "src": nzs, "indexRow": 32, "indexCol": 0}))) == \
        {"out-of-bounds"}


def test_tinsert_acc_kirin_x90() -> None:
    """Kirin X90's TInsertAccToMat / TInsertAccToVec (PTO332): the valid columns rounded up to 32-byte C0 blocks of
    dst's type from indexCol; the rows Src::Rows (Mat, NZ Vec) or the valid rows (ND Vec)."""
    acc = tile(spec("half", 32, 128, 2, loc="Acc", blayout="ColMajor", slayout="RowMajor", fractal=1024), "src", 20, 100)
    ub = tile(spec("half", 32, 112, 2), "dst")  # ND: 100 columns copied as 112
    assert run(machine(site("TINSERT", "kirinx90", {"dst": ub, "src": acc, "indexRow": 12, "indexCol": 0}))) == set()
    assert run(machine(site("TINSERT", "kirinx90", {"dst": ub, "src": acc, "indexRow": 0, "indexCol": 4}))) == \
        {"out-of-bounds"}
    assert run(machine(site("TINSERT", "kirinx90", {"dst": ub, "src": acc, "indexRow": 13, "indexCol": 0}))) == \
        {"out-of-bounds"}
    l1 = tile(spec("half", 48, 112, 2, loc="Mat", blayout="ColMajor", slayout="RowMajor"), "dst")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": l1, "src": acc, "indexRow": 16, "indexCol": 0}))) == set()
    assert run(machine(site("TINSERT", "kirinx90", {"dst": l1, "src": acc, "indexRow": 17, "indexCol": 0}))) == \
        {"out-of-bounds"}  # Src::Rows (32), not the 20 valid rows
    assert run(machine(site("TINSERT", "kirinx90", {"dst": ub, "src": tile(spec("half", 32, 64, 2), "src"),
                                                    "indexRow": 0, "indexCol": 0}))) == set()  # Vec -> Vec


def test_tdeinterleave_single_source() -> None:
    t = spec(F, 2, 16, 4)
    m = machine(site("TDEINTERLEAVE", "a5", {"dst1": tile(t, "dst1", 2, 4), "dst0": tile(t, "dst0", 2, 4),
                                             "src": tile(t, "src", 2, 8)}))
    m.tiles["src"].data()[:] = np.arange(32, dtype=np.float32).reshape(2, 16)
    assert run(m) == set()
    assert list(m.tiles["dst0"].data()[0, :4]) == [0, 2, 4, 6]
    assert list(m.tiles["dst1"].data()[0, :4]) == [1, 3, 5, 7]


def test_tinterleave_values() -> None:
    t = spec(F, 1, 16, 4)
    m = machine(site("TINTERLEAVE", "a5", {"dst1": tile(t, "dst1", 1, 4), "dst0": tile(t, "dst0", 1, 4),
                                           "src1": tile(t, "src1", 1, 4), "src0": tile(t, "src0", 1, 4)}))
    m.tiles["src0"].data()[:] = np.arange(16)
    m.tiles["src1"].data()[:] = np.arange(100, 116)
    assert run(m) == set()
    assert list(m.tiles["dst0"].data()[0, :4]) == [0, 100, 1, 101]
    assert list(m.tiles["dst1"].data()[0, :4]) == [2, 102, 3, 103]


def test_tmov_fp_checks() -> None:
    acc = tile(spec(F, 32, 64, 4, loc="Acc", blayout="ColMajor", slayout="RowMajor", fractal=1024), "src")
    out = tile(spec("half", 32, 64, 2, loc="Mat", blayout="ColMajor", slayout="RowMajor"), "dst")
    fp = tile(spec("uint64_t", 1, 64, 8, loc="Scaling"), "fp")
    args = {"dst": out, "src": acc, "fp": fp}
    assert run(machine(site("TMOV_FP", "a2a3", args))) == {"unsupported-dtype"}  # float -> half: int8 only
    assert run(machine(site("TMOV_FP", "a5", args))) == set()


def _refused_or_faults(m: Machine) -> set[str] | None:
    """The fault kinds of a call that does not compile, None for one whose copy the executor refuses to model."""
    try:
        OPS[m.site.builtin](m)
    except Trap:
        pass
    except LookupError:
        return None
    return {f.kind for f in m.faults}


def test_tmov_fp_kirin_x90_and_9030() -> None:
    """TMOV_FP's fp-tile TMOV_IMPL: Kirin X90 (CheckTMovAccValid<..., true>: half / (u)int8 / int16 outputs of 32-byte
    rows, fp in Scaling) and Kirin 9030 (its own CheckTMovAccValid, fp in Scaling); a call that compiles is refused."""
    acc = tile(spec("int32_t", 16, 64, 4, loc="Acc", blayout="ColMajor", slayout="RowMajor", fractal=1024), "src")
    ub = tile(spec("half", 16, 64, 2), "dst")
    fb = tile(spec("uint64_t", 1, 64, 8, loc="Scaling"), "fp")
    fp_ub = tile(spec("uint64_t", 1, 64, 8), "fp")
    for target in ("kirinx90", "kirin9030"):
        assert _refused_or_faults(machine(site("TMOV_FP", target, {"dst": ub, "src": acc, "fp": fb}))) is None
        assert _refused_or_faults(machine(site("TMOV_FP", target, {"dst": ub, "src": acc, "fp": fp_ub}))) == \
            {"unsupported-path"}
    out32 = tile(spec("int32_t", 16, 64, 4), "dst")
    assert _refused_or_faults(machine(site("TMOV_FP", "kirinx90", {"dst": out32, "src": acc, "fp": fb}))) == \
        {"unsupported-dtype"}  # a quantised int32 -> int32 move: not in the cast list


def test_tstore_fp_kirin9030() -> None:
    """Kirin 9030's TSTORE_IMPL(dst, src, fp): an Acc source (TStore.hpp:290) of int32 / half (CheckStaticAcc); a
    UB source or a float accumulator does not compile."""
    fb = tile(spec("uint64_t", 1, 64, 8, loc="Scaling"), "fp")
    for dtype, size, loc, faults in (("int32_t", 4, "Acc", set()), ("float", 4, "Acc", {"unsupported-dtype"}),
                                     ("int32_t", 4, "Vec", {"unsupported-path"})):
        nz = {"blayout": "ColMajor", "slayout": "RowMajor", "fractal": 1024} if loc == "Acc" else {}
        src = tile(spec(dtype, 16, 64, size, loc=loc, **nz), "src")
        assert run(machine(site("TSTORE_FP", "kirin9030", {"src": src, "fp": fb}))) == faults


def test_tinsert_kirin9030_check_tmov_acc_valid() -> None:
    """Kirin 9030 builds a5/TInsert.hpp with its own CheckTMovAccValid (a5/common.hpp shares the include guard): an
    unquantised copy keeps the accumulator's type, a quantised one writes half / (u)int8 / int16, the relu form
    takes an Acc source only; Kirin Dev0000's build has no such check (not judged here)."""
    acc = tile(spec("int32_t", 16, 64, 4, loc="Acc", blayout="ColMajor", slayout="RowMajor", fractal=1024), "src")
    ub_half = tile(spec("half", 16, 64, 2), "dst")
    ub32 = tile(spec("int32_t", 16, 64, 4), "dst")
    relu = {"reluMode": "ReluPreMode::NormalRelu"}
    pos = {"indexRow": 0, "indexCol": 0}
    assert run(machine(site("TINSERT", "kirin9030", {"dst": ub_half, "src": acc, **pos}, relu))) == {"dtype-mismatch"}
    assert run(machine(site("TINSERT", "kirin9030", {"dst": ub32, "src": acc, **pos}, relu))) == set()
    vec = tile(spec("int32_t", 16, 64, 4), "src")
    assert run(machine(site("TINSERT", "kirin9030", {"dst": ub32, "src": vec, **pos}, relu))) == \
        {"unsupported-path", "unsupported-layout"}
    fb = tile(spec("uint64_t", 1, 64, 8, loc="Scaling"), "fp")
    assert run(machine(site("TINSERT_FP", "kirin9030", {"dst": ub32, "src": acc, "fp": fb, **pos}))) == \
        {"unsupported-dtype"}
    assert run(machine(site("TINSERT_FP", "kirin9030", {"dst": ub_half, "src": acc, "fp": fb, **pos}))) == set()


def test_tinsert_kirin_x90_last_branch() -> None:
    """Kirin X90's plain TINSERT sends every pair but Vec -> Vec / Mat to CheckTMovAccValid: an L1 source into L0A
    fails its Acc-source and Mat / Vec destination asserts; the relu overload does so for a UB source too."""
    l1 = tile(spec("half", 16, 32, 2, loc="Mat", blayout="ColMajor", slayout="RowMajor"), "src")
    left = tile(spec("half", 16, 32, 2, loc="Left", blayout="RowMajor", slayout="RowMajor"), "dst")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": left, "src": l1, "indexRow": 0, "indexCol": 0}))) == \
        {"unsupported-path", "unsupported-layout"}
    nz = tile(spec("half", 16, 32, 2, blayout="ColMajor", slayout="RowMajor"), "src")
    ub = tile(spec("half", 16, 32, 2, blayout="ColMajor", slayout="RowMajor"), "dst")
    relu = {"reluMode": "ReluPreMode::NormalRelu"}
    assert run(machine(site("TINSERT", "kirinx90", {"dst": ub, "src": nz, "indexRow": 0, "indexCol": 0}, relu))) == \
        {"unsupported-path"}
    acc = tile(spec("half", 16, 16, 2, loc="Acc", blayout="ColMajor", slayout="RowMajor", fractal=1024), "src")
    i8 = tile(spec("int8_t", 16, 16, 1, blayout="ColMajor", slayout="RowMajor", fractal=1024), "dst")
    assert run(machine(site("TINSERT", "kirinx90", {"dst": i8, "src": acc, "preQuantScalar": Const(1, "uint64_t"),
                                                    "indexRow": 0, "indexCol": 0}))) == {"size-mismatch"}


def test_tinsert_witness_confirmed_and_bogus_rejected() -> None:
    rules = load_rules()
    row = Sym("row", "unsigned short")
    dst, src = tile(spec(F, 32, 64, 4), "dst"), tile(spec(F, 16, 64, 4), "src")
    s = CallSite("TINSERT", "k.cpp", 10, 5, 10, 30, "a5", ["dst", "src", "indexRow", "indexCol"],
                 [dst, src, ScalarOperand(row, "row"), ScalarOperand(Const(0, "unsigned short"), "0")], {})
    v = check_rule(rules["PTO318"], s)
    assert v.level == "warning"
    assert "out-of-bounds" in replay(s, v.assignment).kinds()
    assert "out-of-bounds" not in replay(s, {"row": 16}).kinds()


def _conv_site(target: str, src: str, dst: str, tmp_elems: tuple[int, int] = (16, 32)) -> CallSite:
    from ptolint.ir import TypeOperand

    ops = {"dst": TypeOperand(f"pto::ConvTile<pto::TileType::Vec, half, 4096, {dst}> &", "dst"),
           "src": TypeOperand(f"pto::ConvTile<pto::TileType::Vec, half, 4096, {src}> &", "src"),
           "tmp": tile(spec("half", *tmp_elems, 2), "tmp")}
    return CallSite("TTRANS", "k.cpp", 10, 5, 10, 30, target, list(ops), list(ops.values()), {})


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize(("src", "dst", "kinds"), [
    ("pto::Layout::NCHW, pto::ConvTileShape<1, 32, 2, 16>", "pto::Layout::NC1HWC0, pto::ConvTileShape<1, 2, 2, 16, 16>",
     set()),
    ("pto::Layout::NCHW, pto::ConvTileShape<1, 32, 2, 16>", "pto::Layout::NC1HWC0, pto::ConvTileShape<1, 1, 2, 16, 16>",
     {"size-mismatch"}),                                       # C1 must be ceil(32 / 16) = 2
    ("pto::Layout::NCHW, pto::ConvTileShape<1, 32, 1, 3>", "pto::Layout::NC1HWC0, pto::ConvTileShape<1, 2, 1, 3, 16>",
     {"size-mismatch"}),                                       # H * W * 2 = 6 bytes: not 32-byte aligned
    ("pto::Layout::NC1HWC0, pto::ConvTileShape<32, 2, 3, 3, 16>", "pto::Layout::FRACTAL_Z, pto::ConvTileShape<18, 2, 16, "
     "16>", set()),
    ("pto::Layout::NCHW, pto::ConvTileShape<1, -1, 2, 16>", "pto::Layout::NC1HWC0, pto::ConvTileShape<1, 1, 2, 16, 16>",
     set())])                                                  # DYNAMIC: not judged
def test_ttrans_convtile_shapes(target: str, src: str, dst: str, kinds: set[str]) -> None:
    """PTO219: the debug checks of TTRANS between ConvTiles, on static ConvTileShapes."""
    st = _conv_site(target, src, dst)
    assert run(machine(st)) == kinds
    assert (check_rule(load_rules()["PTO219"], st).level is not None) == bool(kinds)


def test_ttrans_convtile_ub_budget_per_target() -> None:
    src = "pto::Layout::NC1HWC0, pto::ConvTileShape<64, 6, 3, 3, 16>"  # 55296 halves, 110592 bytes
    dst = "pto::Layout::FRACTAL_Z, pto::ConvTileShape<54, 4, 16, 16>"
    assert run(machine(_conv_site("a2a3", src, dst))) == {"size-mismatch"}  # 221696 bytes >= 192 KiB
    assert run(machine(_conv_site("a5", src, dst))) == set()  # < 256 KiB


@pytest.mark.parametrize(("row", "kinds"), [(32, set()), (48, {"out-of-bounds"})])
def test_tinsert_a2a3_acc_source_static_shape_within_dst(row: int, kinds: set[str]) -> None:
    dst = tile(spec("half", 64, 64, 2, loc="Mat", blayout="ColMajor", slayout="RowMajor"), "dst")
    src = tile(spec(F, 32, 64, 4, loc="Acc", blayout="ColMajor", slayout="RowMajor", fractal=1024), "src", 16, 64)
    assert run(machine(site("TINSERT", "a2a3", {"dst": dst, "src": src, "indexRow": row, "indexCol": 0}))) == kinds

"""The TEXTRACT executor on hand-built call sites: real witnesses confirmed, bogus ones rejected, bytes moved."""

from __future__ import annotations

import numpy as np
import pytest

from ptolint.executor import replay
from ptolint.executor.machine import OPS, Machine, _load_ops
from ptolint.ir import Bin, CallSite, Cast, Const, ScalarOperand, Sym, TileOperand, TileSpec

IV = Sym("i", "int", "input", "loop variable", 0, 1000)
N = Sym("n", "int", "input", "parameter n")


def tile(loc, dtype, rows, cols, blayout="RowMajor", slayout="NoneBox", fractal=512, vr=None, vc=None,
         compact="Null", size=None) -> TileSpec:
    sizes = {"half": 2, "float": 4, "int8_t": 1, "int32_t": 4, "int16_t": 2, "uint64_t": 8}
    return TileSpec(loc, dtype, rows, cols, blayout, rows if vr is None else vr, cols if vc is None else vc,
                    slayout, fractal, "Null", compact, size or sizes[dtype])


def operand(spec: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    return TileOperand(spec, vr if vr is not None else Const(spec.rows), vc if vc is not None else Const(spec.cols),
                       name)


def u16(e):
    return Cast("unsigned short", e)


def site(target, dst, src, row, col, path=(), template_args=None, extra=None, builtin="TEXTRACT") -> CallSite:
    params, args = ["dst", "src"], [dst, src]
    for name, arg in (extra or []):
        params.append(name)
        args.append(arg)
    params += ["indexRow", "indexCol"]
    args += [ScalarOperand(u16(row), "r"), ScalarOperand(u16(col), "c")]
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, params, args, dict(template_args or {}), list(path))


NZ_MAT = dict(blayout="ColMajor", slayout="RowMajor")
LEFT = {"a2a3": dict(blayout="RowMajor", slayout="RowMajor"), "a5": dict(blayout="ColMajor", slayout="RowMajor")}

LOOP = [Bin(">=", IV, Const(0), "bool"), Bin("<", IV, Const(64), "bool"),
        Bin("==", Bin("%", IV, Const(16), "int"), Const(0), "bool")]


def left_site(target: str) -> CallSite:
    src = operand(tile("Mat", "half", 48, 64, **NZ_MAT), "panel")
    dst = operand(tile("Left", "half", 16, 64, **LEFT[target]), "a")
    return site(target, dst, src, IV, Const(0), path=LOOP)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_real_out_of_range_witness_is_confirmed(target: str) -> None:
    out = replay(left_site(target), {"i": 48})
    assert out.refused is None
    assert out.kinds() == {"out-of-bounds"}
    detail = next(f.detail for f in out.faults if f.kind == "out-of-bounds")
    assert detail == "read of src[48:64][0:64] outside its 48x64 storage"
    assert out.values["indexRow"] == 48


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("row", [0, 16, 32])
def test_in_range_witness_is_rejected(target: str, row: int) -> None:
    out = replay(left_site(target), {"i": row})
    assert out.refused is None
    assert out.faults == []


def test_witness_off_the_path_is_refused() -> None:
    out = replay(left_site("a2a3"), {"i": 40})  # 40 is not a multiple of the loop step
    assert out.refused is not None and "path condition" in out.refused
    assert out.faults == []


def test_index_is_truncated_to_uint16() -> None:
    # 65536 + 16 wraps to 16 at the call: in range, no fault
    s = left_site("a5")
    s.path = []
    assert replay(s, {"i": 65536 + 16}).faults == []


def run_machine(s: CallSite, inputs: dict) -> Machine:
    """Replay by hand to keep the machine (its tiles' bytes) for inspection."""
    from ptolint.evaluate import evaluate
    from ptolint.executor.machine import ConcreteTile, Trap

    _load_ops()
    m = Machine(s, s.target, seed=7)
    for name, arg in zip(s.params, s.args, strict=True):
        if isinstance(arg, ScalarOperand):
            m.scalars[name] = evaluate(arg.expr, inputs)
        else:
            buf = m.memory.place(arg.spec, m.rng)
            m.tiles[name] = ConcreteTile(name, arg.spec, int(evaluate(arg.valid_row, inputs)),
                                         int(evaluate(arg.valid_col, inputs)), buf)
    before = {k: t.data().copy() for k, t in m.tiles.items()}
    try:
        OPS[s.builtin](m)
    except Trap:
        pass
    m.before = before  # type: ignore[attr-defined]
    return m


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_left_copy_moves_the_window(target: str) -> None:
    m = run_machine(left_site(target), {"i": 32})
    assert m.faults == []
    src, dst = m.before["src"], m.tile("dst").data()
    assert np.array_equal(dst.view(np.uint16), src[32:48, 0:64].view(np.uint16))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_vec_copy_moves_only_the_valid_region(target: str) -> None:
    src = operand(tile("Vec", "float", 16, 64), "src")
    dst = operand(tile("Vec", "float", 16, 32, vr=-1, vc=-1), "dst", Const(8), Cast("int", N))
    m = run_machine(site(target, dst, src, Const(4), Const(24)), {"n": 20})
    assert m.faults == []
    got, before = m.tile("dst").data(), m.before["dst"]
    assert np.array_equal(got[:8, :20].view(np.uint32), m.before["src"][4:12, 24:44].view(np.uint32))
    assert np.array_equal(got[8:].view(np.uint32), before[8:].view(np.uint32))  # outside valid: untouched
    assert np.array_equal(got[:, 20:].view(np.uint32), before[:, 20:].view(np.uint32))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_vec_window_past_the_source_faults(target: str) -> None:
    src = operand(tile("Vec", "float", 16, 64), "src")
    dst = operand(tile("Vec", "float", 16, 32, vr=-1, vc=-1), "dst", Const(16), Cast("int", N))
    out = replay(site(target, dst, src, Const(0), Const(40)), {"n": 25})
    assert [f.detail for f in out.faults] == ["read of src[0:16][40:65] outside its 16x64 storage"]
    assert replay(site(target, dst, src, Const(0), Const(40)), {"n": 24}).faults == []


def test_acc_copy_casts_float_to_half() -> None:
    acc = operand(tile("Acc", "float", 16, 32, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    dst = operand(tile("Mat", "half", 16, 16, **NZ_MAT), "o")
    m = run_machine(site("a2a3", dst, acc, Const(0), Const(16)), {})
    assert m.faults == []
    with np.errstate(over="ignore"):
        want = m.before["src"][:, 16:32].astype(np.float16)
    assert np.array_equal(m.tile("dst").data(), want, equal_nan=True)


def test_target_differences_are_modelled() -> None:
    # Acc -> Vec: a silent no-op on A2/A3, a real copy on A5
    acc = operand(tile("Acc", "float", 16, 16, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    ub = operand(tile("Vec", "half", 16, 16), "v")
    assert replay(site("a2a3", ub, acc, Const(0), Const(0)), {}).kinds() == {"no-op"}
    assert replay(site("a5", ub, acc, Const(0), Const(0)), {}).faults == []
    # Vec -> Vec int16: A2/A3 accepts, A5 rejects
    s16 = operand(tile("Vec", "int16_t", 16, 32), "s")
    d16 = operand(tile("Vec", "int16_t", 16, 16), "d")
    assert replay(site("a2a3", d16, s16, Const(0), Const(16)), {}).faults == []
    assert replay(site("a5", d16, s16, Const(0), Const(16)), {}).kinds() == {"unsupported-dtype"}
    # AccToVecMode forms: missing on A2/A3
    ubf = operand(tile("Vec", "float", 16, 16), "v")
    mode = {"mode": "SingleModeVec0", "reluMode": "NoRelu"}
    assert replay(site("a2a3", ubf, acc, Const(0), Const(0), template_args=mode), {}).kinds() == {"unsupported-path"}
    assert replay(site("a5", ubf, acc, Const(0), Const(0), template_args=mode), {}).faults == []


def test_split_n_and_relu_observations_on_a5() -> None:
    acc48 = operand(tile("Acc", "float", 16, 48, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    ub = operand(tile("Vec", "float", 16, 48), "v")
    split = {"mode": "DualModeSplitN", "reluMode": "NoRelu"}
    assert replay(site("a5", ub, acc48, Const(0), Const(0), template_args=split), {}).kinds() == {"split-misaligned"}
    acc64 = operand(tile("Acc", "float", 16, 64, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    ub64 = operand(tile("Vec", "float", 16, 64), "v")
    assert replay(site("a5", ub64, acc64, Const(0), Const(0), template_args=split), {}).faults == []
    relu = {"reluMode": "NormalRelu"}
    ubh = operand(tile("Vec", "half", 16, 64), "v")
    assert replay(site("a5", ubh, acc64, Const(0), Const(0), template_args=relu), {}).kinds() == {"ignored-option"}


def test_fp_operand_must_be_in_scaling_buffer() -> None:
    acc = operand(tile("Acc", "int32_t", 16, 32, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    o = operand(tile("Mat", "int8_t", 16, 32, **NZ_MAT), "o")
    for loc, kinds in (("Vec", {"unsupported-path"}), ("Scaling", set())):
        fp = operand(tile(loc, "uint64_t", 1, 32), "fp")
        s = site("a2a3", o, acc, Const(0), Const(0), template_args={"reluMode": "NoRelu"}, extra=[("fp", fp)],
                 builtin="TEXTRACT_FP")
        assert replay(s, {}).kinds() == kinds


def test_kirin_x90_own_file() -> None:
    """Kirin X90's TExtract.hpp: A2/A3's L0 routines (Zz L0A, window starts in copy blocks), its own type lists, a
    NoneBox pair sent to the ND copy (a column-major tile's row stride fails there), its Acc / Vec -> Mat copies
    refused, its fp operand and AccToVecMode checked."""
    src = operand(tile("Mat", "float", 48, 64, **NZ_MAT), "panel")
    dst = operand(tile("Left", "float", 16, 64, **LEFT["a2a3"]), "a")
    s = site("kirinx90", dst, src, IV, Const(0), path=LOOP)
    assert replay(s, {"i": 32}).faults == []  # float: Kirin X90's list has it (Kirin 9030's does not)
    assert replay(s, {"i": 48}).kinds() == {"out-of-bounds"}
    nz_left = operand(tile("Left", "float", 16, 64, **NZ_MAT), "a")
    assert replay(site("kirinx90", nz_left, src, Const(0), Const(0)), {}).kinds() == {"unsupported-layout"}
    half_src = operand(tile("Mat", "half", 48, 64, **NZ_MAT), "panel")
    half_dst = operand(tile("Left", "half", 16, 64, **LEFT["a2a3"]), "a")
    assert replay(site("kirinx90", half_dst, half_src, Const(8), Const(0)), {}).kinds() == {"misaligned"}
    # UB -> UB: an ND / DN pair takes the ND copy (A2/A3 rejects the layouts), where DN's row stride fails
    nd = operand(tile("Vec", "float", 16, 32), "s")
    dn = operand(tile("Vec", "float", 16, 32, blayout="ColMajor"), "d")
    assert replay(site("kirinx90", dn, nd, Const(0), Const(0)), {}).kinds() == {"unsupported-layout"}
    assert "row stride" in replay(site("kirinx90", dn, nd, Const(0), Const(0)), {}).faults[0].detail
    nd2 = operand(tile("Vec", "float", 16, 16), "d")
    assert replay(site("kirinx90", nd2, nd, Const(0), Const(16)), {}).faults == []
    # Acc -> Mat and the quantised forms are not modelled: refused, never confirmed
    acc = operand(tile("Acc", "int32_t", 16, 32, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    o = operand(tile("Mat", "int32_t", 16, 32, **NZ_MAT), "o")
    assert replay(site("kirinx90", o, acc, Const(0), Const(0)), {}).refused is not None
    fp = operand(tile("Mat", "uint64_t", 1, 32), "fp")
    bad_fp = site("kirinx90", o, acc, Const(0), Const(0), extra=[("fp", fp)], builtin="TEXTRACT_FP")
    assert replay(bad_fp, {}).kinds() == {"unsupported-path"}
    ub = operand(tile("Vec", "int32_t", 16, 32), "v")
    dual = site("kirinx90", ub, acc, Const(0), Const(0), template_args={"mode": "DualModeSplitM", "reluMode": "NoRelu"})
    assert replay(dual, {}).kinds() == {"unsupported-path"}
    single = site("kirinx90", ub, acc, Const(0), Const(0), template_args={"mode": "SingleModeVec0", "reluMode": "NoRelu"})
    assert replay(single, {}).refused is not None
    # Vec -> Mat (TExtractVecToMat): ND -> ND or NZ -> NZ, else a static_assert (PTO107); the copy itself is refused
    l1_nz = operand(tile("Mat", "half", 16, 64, **NZ_MAT), "l1")
    ub_nd = operand(tile("Vec", "half", 16, 64), "ub")
    assert replay(site("kirinx90", l1_nz, ub_nd, Const(0), Const(0)), {}).kinds() == {"unsupported-layout"}
    l1_nd = operand(tile("Mat", "half", 16, 64), "l1")
    ok = replay(site("kirinx90", l1_nd, ub_nd, Const(0), Const(0)), {})
    assert ok.faults == [] and ok.refused is not None


def test_kirin_x90_acc_checks() -> None:
    """Kirin X90's L0C copies: every form checked unquantised (kirinX90/common.hpp CheckTMovAccValid<..., false>):
    a half / int32 accumulator into its own type, NZ -> NZ or ND; a call that passes is refused (copy not modelled)."""
    acc = operand(tile("Acc", "int32_t", 16, 32, blayout="ColMajor", slayout="RowMajor", fractal=1024), "acc")
    i8 = operand(tile("Mat", "int8_t", 16, 32, **NZ_MAT), "o")
    quant = site("kirinx90", i8, acc, Const(0), Const(0), extra=[("preQuantScalar", ScalarOperand(Const(1), "s"))])
    assert replay(quant, {}).kinds() == {"unsupported-dtype"}
    dn = operand(tile("Vec", "int32_t", 16, 32, blayout="ColMajor"), "v")
    assert replay(site("kirinx90", dn, acc, Const(0), Const(0)), {}).kinds() == {"unsupported-layout"}
    nd = operand(tile("Vec", "int32_t", 16, 32), "v")
    assert replay(site("kirinx90", nd, acc, Const(0), Const(0)), {}).refused is not None


def test_kirin_x90_nz_window_alignment() -> None:
    """Kirin X90's NZ UB -> UB TEXTRACT asserts its window's start on the 16 x C0 box (a 1 x 1 window excepted)."""
    nz = dict(blayout="ColMajor", slayout="RowMajor")
    src = operand(tile("Vec", "half", 32, 64, **nz), "whole")
    dst = operand(tile("Vec", "half", 16, 32, **nz), "part")
    assert replay(site("kirinx90", dst, src, Const(0), Const(8)), {}).kinds() == {"misaligned"}
    assert replay(site("kirinx90", dst, src, Const(16), Const(16)), {}).faults == []
    assert replay(site("kirinx90", dst, src, Const(8), Const(16)), {}).faults == []  # rows: release copies them exactly
    # A2/A3 asserts both (a2a3/TExtract.hpp TExtractVecToVecNZDispatch, PTO137): its vendor kernels keep both on grid
    assert replay(site("a2a3", dst, src, Const(0), Const(8)), {}).kinds() == {"misaligned"}
    assert replay(site("a2a3", dst, src, Const(8), Const(16)), {}).kinds() == {"misaligned"}
    assert replay(site("a2a3", dst, src, Const(16), Const(16)), {}).faults == []


def test_a2a3_vec_windows() -> None:
    """A2/A3 UB -> UB: an ND window's column on a 32-byte block (PTO137); a 1-byte dst with an odd static or a
    DYNAMIC ValidCol does not compile (PTO138)."""
    src = operand(tile("Vec", "float", 16, 64), "src")
    dst = operand(tile("Vec", "float", 8, 16), "dst")
    assert replay(site("a2a3", dst, src, Const(0), Const(4)), {}).kinds() == {"misaligned"}
    assert replay(site("a2a3", dst, src, Const(0), Const(8)), {}).faults == []
    b_src = operand(tile("Vec", "int8_t", 32, 64), "src")
    odd = operand(tile("Vec", "int8_t", 8, 32, vc=31), "dst", vc=Const(31))
    assert "unsupported-layout" in replay(site("a2a3", odd, b_src, Const(0), Const(0)), {}).kinds()
    dyn = operand(tile("Vec", "int8_t", 8, 32, vc=-1), "dst", vc=Const(30))
    assert "unsupported-layout" in replay(site("a2a3", dyn, b_src, Const(0), Const(0)), {}).kinds()
    even = operand(tile("Vec", "int8_t", 8, 32, vc=30), "dst", vc=Const(30))
    assert replay(site("a2a3", even, b_src, Const(0), Const(0)), {}).faults == []

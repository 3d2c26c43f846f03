"""Executor unit tests for TASSIGN, TMOV and the TMATMUL / TGEMV family (call sites built directly)."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import machine

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty
import ptolint.executor.ops.matmul  # noqa: F401  (registers TMATMUL, TGEMV, ...)
import ptolint.executor.ops.movement  # noqa: F401  (registers TASSIGN, TMOV)
from ptolint.executor import replay
from ptolint.executor.machine import OPS, Machine, Trap
from ptolint.ir import DYNAMIC, Bin, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule


def spec(loc: str, dtype: str, rows: int, cols: int, bl: str = "RowMajor", sl: str = "NoneBox", fractal: int = 512,
         vr: int | None = None, vc: int | None = None) -> TileSpec:
    size = {"float": 4, "half": 2, "int8_t": 1, "int32_t": 4, "uint64_t": 8, "bfloat16_t": 2}[dtype]
    return TileSpec(loc, dtype, rows, cols, bl, rows if vr is None else vr, cols if vc is None else vc, sl, fractal,
                    elem_size=size)


def left(dtype: str, r: int, c: int, target: str = "a2a3", **kw) -> TileSpec:
    bl = "ColMajor" if target == "a5" else "RowMajor"
    return spec("Left", dtype, r, c, bl, "RowMajor", **kw)


def right(dtype: str, r: int, c: int, **kw) -> TileSpec:
    return spec("Right", dtype, r, c, "RowMajor", "ColMajor", **kw)


def acc(dtype: str, r: int, c: int, **kw) -> TileSpec:
    return spec("Acc", dtype, r, c, "ColMajor", "RowMajor", 1024, **kw)


def tile(s: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(s.rows if s.valid_row == DYNAMIC else s.valid_row) if vr is None else vr
    vc = Const(s.cols if s.valid_col == DYNAMIC else s.valid_col) if vc is None else vc
    return TileOperand(s, vr, vc, name)


def site(builtin: str, params: list[str], args: list, target: str = "a2a3", template_args=None) -> CallSite:
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, params, args, dict(template_args or {}))



def run(m: Machine, name: str) -> None:
    try:
        OPS[name](m)
    except Trap:
        pass


def kinds(m: Machine) -> set[str]:
    return {f.kind for f in m.faults}


# --- TASSIGN ---------------------------------------------------------------------------------------


def tassign_site(s: TileSpec, addr: int | None, target: str = "a2a3", template: int | None = None,
                 vr=None) -> CallSite:
    if template is not None:
        return site("TASSIGN", ["obj"], [tile(s, "t", vr)], target, {"Addr": str(template)})
    return site("TASSIGN", ["obj", "addr"], [tile(s, "t", vr), ScalarOperand(Const(addr), str(addr))], target)


def test_tassign_inside_the_buffer_is_clean() -> None:
    m = machine(tassign_site(spec("Vec", "float", 64, 256), 0x10000))  # [64 KiB, 128 KiB) of 192 KiB
    run(m, "TASSIGN")
    assert not m.faults


@pytest.mark.parametrize(("target", "faults"), [("a2a3", {"out-of-bounds"}), ("a5", set())])
def test_tassign_run_time_address_past_the_end_depends_on_the_target(target: str, faults: set[str]) -> None:
    m = machine(tassign_site(spec("Vec", "float", 64, 256), 0x20100, target))
    run(m, "TASSIGN")
    assert kinds(m) == faults


def test_tassign_run_time_only_the_valid_region_is_touched() -> None:
    # storage would end past 192 KiB, but only the first 4 of 64 rows hold data
    s = spec("Vec", "float", 64, 256, vr=DYNAMIC)
    m = machine(tassign_site(s, 0x20100, vr=Const(4)))
    run(m, "TASSIGN")
    assert not m.faults


def test_tassign_address_beyond_the_buffer() -> None:
    m = machine(tassign_site(spec("Vec", "half", 1, 16), 0x40000))
    run(m, "TASSIGN")
    assert kinds(m) == {"out-of-bounds"}


def test_tassign_template_form_checks_the_whole_storage_and_alignment() -> None:
    m = machine(tassign_site(acc("float", 64, 64), None, "a5", template=0x3F000))
    run(m, "TASSIGN")
    assert kinds(m) == {"out-of-bounds"}
    m = machine(tassign_site(spec("Mat", "half", 32, 64, "ColMajor", "RowMajor"), None, "a5", template=0x10))
    run(m, "TASSIGN")
    assert kinds(m) == {"misaligned"}


def test_tassign_fixpipe_buffer_is_2k_on_a2a3() -> None:
    s = spec("Scaling", "uint64_t", 1, 256)  # 2 KiB
    m = machine(tassign_site(s, 0x20))
    run(m, "TASSIGN")
    assert kinds(m) == {"out-of-bounds"}
    m = machine(tassign_site(s, 0x20, "a5"))
    run(m, "TASSIGN")
    assert not m.faults


# --- TMATMUL family --------------------------------------------------------------------------------


def mm_site(c: TileSpec, a: TileSpec, b: TileSpec, target: str = "a2a3", builtin: str = "TMATMUL",
            avr=None, avc=None, bvr=None) -> CallSite:
    return site(builtin, ["cMatrix", "aMatrix", "bMatrix"],
                [tile(c, "c"), tile(a, "a", avr, avc), tile(b, "b", bvr)], target)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tmatmul_computes_the_product(target: str) -> None:
    m = machine(mm_site(acc("float", 16, 16), left("half", 16, 32, target), right("half", 32, 16), target))
    rng = np.random.default_rng(1)
    a = rng.integers(-3, 4, (16, 32)).astype(np.float16)
    b = rng.integers(-3, 4, (32, 16)).astype(np.float16)
    m.tiles["aMatrix"].data()[:] = a
    m.tiles["bMatrix"].data()[:] = b
    run(m, "TMATMUL")
    assert not m.faults
    np.testing.assert_array_equal(m.tiles["cMatrix"].data(), a.astype(np.float32) @ b.astype(np.float32))


def test_tmatmul_acc_accumulates_into_the_output_and_ignores_cin() -> None:
    c, a, b = acc("float", 16, 16), left("half", 16, 32), right("half", 32, 16)
    s = site("TMATMUL_ACC", ["cOutMatrix", "cInMatrix", "aMatrix", "bMatrix"],
             [tile(c, "total"), tile(c, "partial"), tile(a, "a"), tile(b, "b")])
    m = machine(s)
    m.tiles["aMatrix"].data()[:] = 1
    m.tiles["bMatrix"].data()[:] = 1
    m.tiles["cOutMatrix"].data()[:] = 5
    m.tiles["cInMatrix"].data()[:] = 100
    run(m, "TMATMUL_ACC")
    assert kinds(m) == {"ignored-option"}
    assert np.all(m.tiles["cOutMatrix"].data() == 5 + 32)


def test_tmatmul_unsupported_triple_and_location() -> None:
    m = machine(mm_site(acc("half", 16, 16), left("half", 16, 32), right("half", 32, 16)))
    run(m, "TMATMUL")
    assert kinds(m) == {"unsupported-dtype"}
    mat = spec("Mat", "half", 16, 32, "ColMajor", "RowMajor")
    m = machine(mm_site(acc("float", 16, 16), mat, right("half", 32, 16)))
    run(m, "TMATMUL")
    assert kinds(m) == {"unsupported-path"}


def test_tmatmul_a5_needs_its_fractals() -> None:
    m = machine(mm_site(acc("float", 16, 16), left("half", 16, 32, "a2a3"), right("half", 32, 16), "a5"))
    run(m, "TMATMUL")
    assert kinds(m) == {"unsupported-layout"}
    m = machine(mm_site(acc("float", 16, 16), left("half", 16, 32, "a2a3"), right("half", 32, 16), "a2a3"))
    run(m, "TMATMUL")
    assert not m.faults


def test_tmatmul_k_mismatch_and_result_overflow() -> None:
    m = machine(mm_site(acc("float", 16, 16), left("half", 16, 64), right("half", 32, 16)))
    run(m, "TMATMUL")
    assert {"valid-region", "out-of-bounds"} <= kinds(m)  # 64 rows of a 32-row right tile are read
    a = left("half", 32, 32, vr=DYNAMIC)
    m = machine(mm_site(acc("float", 16, 16), a, right("half", 32, 16), avr=Const(17)))
    run(m, "TMATMUL")
    assert kinds(m) == {"out-of-bounds"}


def test_tgemv_takes_k_from_the_right_operand() -> None:
    s = site("TGEMV", ["cMatrix", "aMatrix", "bMatrix"],
             [tile(acc("float", 16, 16), "y"), tile(left("float", 1, 64), "x"), tile(right("float", 64, 16), "w")])
    m = machine(s)
    m.tiles["aMatrix"].data()[:] = 2
    m.tiles["bMatrix"].data()[:] = 1
    run(m, "TGEMV")
    assert not m.faults
    assert np.all(m.tiles["cMatrix"].data()[0] == 128)


# --- TMOV ------------------------------------------------------------------------------------------


def mov_site(dst: TileSpec, src: TileSpec, target: str = "a2a3", dvr=None, svr=None) -> CallSite:
    return site("TMOV", ["dst", "src"], [tile(dst, "d", dvr), tile(src, "s", svr)], target)


def test_tmov_vec_copy_uses_the_smaller_valid_region() -> None:
    d, s = spec("Vec", "float", 16, 64, vr=DYNAMIC), spec("Vec", "float", 16, 64, vr=DYNAMIC)
    m = machine(mov_site(d, s, dvr=Const(8), svr=Const(4)))
    m.tiles["src"].data()[:] = 3
    m.tiles["dst"].data()[:] = -1
    run(m, "TMOV")
    assert not m.faults
    out = m.tiles["dst"].data()
    assert np.all(out[:4] == 3) and np.all(out[4:] == -1)


@pytest.mark.parametrize(("target", "faults"), [("a2a3", {"unsupported-path"}), ("a5", {"unsupported-path", "no-op"})])
def test_tmov_missing_path(target: str, faults: set[str]) -> None:
    m = machine(mov_site(left("half", 16, 32, target), spec("Vec", "half", 16, 32), target))
    run(m, "TMOV")
    assert kinds(m) == faults


def test_tmov_acc_to_vec_exists_on_a5_only() -> None:
    for target, faults in (("a2a3", {"unsupported-path"}), ("a5", set())):
        m = machine(mov_site(spec("Vec", "float", 16, 32), acc("float", 16, 32), target))
        run(m, "TMOV")
        assert kinds(m) == faults


@pytest.mark.parametrize(("src", "dst", "faults"), [
    (acc("half", 16, 32), spec("Vec", "half", 16, 32), set()),
    (acc("half", 16, 32), spec("Mat", "half", 16, 32, "ColMajor", "RowMajor"), set()),
    (acc("float", 16, 32), spec("Vec", "half", 16, 32), {"unsupported-dtype"}),
    (acc("int32_t", 16, 32), spec("Vec", "int32_t", 16, 32), {"unsupported-dtype"}),
    (acc("half", 16, 32), spec("Vec", "half", 16, 32, "ColMajor", "NoneBox"), {"unsupported-layout"}),
])
def test_tmov_acc_kirinx90_own_file(src: TileSpec, dst: TileSpec, faults: set[str]) -> None:
    """Kirin X90's plain TMOV out of L0C: half -> half only, into ND or NZ tiles (no DN)."""
    m = machine(mov_site(dst, src, "kirinx90"))
    assert m.impl == "kirinx90"
    run(m, "TMOV")
    assert kinds(m) == faults


@pytest.mark.parametrize("target", ["a5", "kirin9030", "kirindev0000"])
def test_tmov_plain_vec_copy_of_64_bit_elements_does_not_build(target: str) -> None:
    """A5's and Kirin 9030's plain Vec -> Vec copy stores dst's type with GetDistVst<T, DIST_NORM> (1, 2 or 4
    bytes): a uint64 dst does not compile; ND -> NZ takes its own list (also without 64-bit types)."""
    m = machine(mov_site(spec("Vec", "uint64_t", 8, 32), spec("Vec", "uint64_t", 8, 32), target))
    run(m, "TMOV")
    assert kinds(m) == {"unsupported-dtype"} and "DIST_NORM" in m.faults[0].detail
    nz = spec("Vec", "uint64_t", 16, 32, "ColMajor", "RowMajor")
    m = machine(mov_site(nz, spec("Vec", "uint64_t", 16, 32), target))
    run(m, "TMOV")
    assert kinds(m) == {"unsupported-dtype"} and "DIST_NORM" not in m.faults[0].detail
    m = machine(mov_site(spec("Vec", "float", 8, 32), spec("Vec", "float", 8, 32), target))
    run(m, "TMOV")
    assert not m.faults


@pytest.mark.parametrize(("target", "args", "dst", "faults"), [
    ("kirin9030", {"reluMode": "ReluPreMode::NormalRelu"}, spec("Vec", "half", 16, 32), {"dtype-mismatch"}),
    ("kirin9030", {"reluMode": "ReluPreMode::NormalRelu"}, spec("Vec", "int32_t", 16, 32), None),
    ("kirin9030", {"mode": "AccToVecMode::SingleModeVec0"}, spec("Vec", "int32_t", 16, 32, "RowMajor", "ColMajor"),
     {"unsupported-layout", "unsupported-path"}),  # the mode form's trap is recorded as unsupported-path
    ("kirin9030", {"preQuantScalar": None}, spec("Vec", "int32_t", 16, 32), {"unsupported-dtype"}),
    ("kirin9030", {"preQuantScalar": None}, spec("Vec", "half", 16, 32), None)])
def test_tmov_acc_forms_kirin9030_check_tmov_acc_valid(target: str, args: dict, dst: TileSpec,
                                                        faults: set[str] | None) -> None:
    """Kirin 9030's relu / AccToVecMode / preQuantScalar TMOV overloads run its CheckTMovAccValid (an unquantised
    copy keeps the int32 accumulator's type, a quantised one writes half / (u)int8 / int16, ND / DN / NZ dst); a call
    that passes is refused (Kirin Dev0000, whose build has no CheckTMovAccValid, has no L0C at all: PTO007)."""
    params, operands = ["dst", "src"], [tile(dst, "d"), tile(acc("int32_t", 16, 32), "s")]
    if "preQuantScalar" in args:
        params.append("preQuantScalar")
        operands.append(ScalarOperand(Const(1, "uint64_t"), "scale"))
    m = machine(site("TMOV", params, operands, target, {k: v for k, v in args.items() if v is not None}))
    try:
        OPS["TMOV"](m)
    except Trap:
        pass
    except LookupError:
        assert faults is None
        return
    assert kinds(m) == faults


def test_tmov_kirinx90_other_paths_are_refused() -> None:
    m = machine(mov_site(spec("Vec", "half", 16, 32), spec("Vec", "half", 16, 32), "kirinx90"))
    with pytest.raises(LookupError):
        OPS["TMOV"](m)


@pytest.mark.parametrize(("src", "dst", "targs", "faults"), [
    (acc("half", 16, 32), spec("Vec", "half", 16, 32), {"reluMode": "ReluPreMode::NormalRelu"}, None),
    (acc("int32_t", 16, 32), spec("Vec", "int32_t", 16, 32), {"reluMode": "ReluPreMode::NormalRelu"},
     {"unsupported-dtype"}),  # the relu form checks the cast list, which has no int32_t
    (acc("half", 16, 32), spec("Vec", "int8_t", 16, 32), {"reluMode": "ReluPreMode::NormalRelu"}, {"dtype-mismatch"}),
    (spec("Vec", "half", 16, 32, "ColMajor", "RowMajor"), spec("Vec", "half", 16, 32), {"Phase": "STPhase::Final"},
     {"unsupported-path"}),  # TMOV<STPhase> is the relu overload: an L0C source only
    (acc("half", 16, 32), spec("Mat", "half", 16, 32, "ColMajor", "RowMajor"), {"mode": "AccToVecMode::SingleModeVec0"},
     {"unsupported-path"}),  # the AccToVecMode form writes UB only
    (acc("half", 16, 32), spec("Vec", "half", 16, 32), {"mode": "AccToVecMode::SingleModeVec0"}, None),
])
def test_tmov_kirinx90_acc_forms(src: TileSpec, dst: TileSpec, targs: dict, faults: set[str] | None) -> None:
    """Kirin X90's relu / STPhase / AccToVecMode TMOV forms run CheckTMovAccValid first; one that passes is refused."""
    m = machine(site("TMOV", ["dst", "src"], [tile(dst, "d"), tile(src, "s")], "kirinx90", targs))
    if faults is None:
        with pytest.raises(LookupError):
            OPS["TMOV"](m)
        return
    run(m, "TMOV")
    assert kinds(m) == faults


def test_tmov_kirinx90_scalar_quant_and_plain_acc_to_left() -> None:
    scale = ScalarOperand(Const(3, "uint64_t"), "scale")
    m = machine(site("TMOV", ["dst", "src", "preQuantScalar"], [tile(spec("Vec", "float", 16, 32), "d"),
                                                                 tile(acc("int32_t", 16, 32), "s"), scale], "kirinx90"))
    run(m, "TMOV")
    assert kinds(m) == {"unsupported-dtype"}  # no float output of a quantised move
    m = machine(mov_site(left("half", 16, 32), acc("half", 16, 32), "kirinx90"))
    run(m, "TMOV")
    assert kinds(m) == {"unsupported-path"}  # an L0C tile goes to UB or L1 only


def test_tmov_bias_checks() -> None:
    m = machine(mov_site(spec("Bias", "half", 1, 64), spec("Mat", "float", 1, 64)))
    run(m, "TMOV")
    assert kinds(m) == {"unsupported-dtype"}
    m = machine(mov_site(spec("Bias", "float", 1, 8), spec("Mat", "float", 1, 8), "a5"))
    run(m, "TMOV")
    assert kinds(m) == {"unsupported-layout"}
    m = machine(mov_site(spec("Left", "half", 16, 32, "RowMajor", "RowMajor"), spec("Mat", "half", 32, 32,
                                                                                     "ColMajor", "RowMajor")))
    run(m, "TMOV")
    assert kinds(m) == {"size-mismatch"}


# --- rules and executor agree ----------------------------------------------------------------------


def test_k_mismatch_rule_witness_is_confirmed() -> None:
    rules = load_rules()
    kt = Sym("kt", "int", lo=0, hi=64)
    a = left("half", 16, 64, vc=DYNAMIC)
    s = mm_site(acc("float", 16, 16), a, right("half", 64, 16), avc=kt)
    v = check_rule(rules["PTO915"], s)
    assert v.level == "warning" and v.assignment is not None
    out = replay(s, v.assignment)
    assert "valid-region" in out.kinds()


def test_tassign_rule_judges_only_constant_or_loop_addresses() -> None:
    rules = load_rules()
    t = spec("Vec", "float", 64, 256)
    blk = Sym("get_block_idx()", "long", lo=0, hi=63)
    s = site("TASSIGN", ["obj", "addr"], [tile(t, "t"), ScalarOperand(Bin("*", blk, Const(0x10000), "long"), "b")])
    assert check_rule(rules["PTO901"], s).level is None  # the block index is the kernel's plan
    i = Sym("i@L7", "int", lo=0, hi=3)
    s = site("TASSIGN", ["obj", "addr"], [tile(t, "t"), ScalarOperand(Bin("*", i, Const(0x10000), "int"), "i")])
    v = check_rule(rules["PTO901"], s)
    assert v.level == "warning" and v.assignment is not None
    assert "out-of-bounds" in replay(s, v.assignment).kinds()


# --- TLOAD / TSTORE --------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "faults"), [("a2a3", {"unsupported-path"}), ("a5", {"unsupported-path", "no-op"})])
def test_tload_into_l0a(target: str, faults: set[str]) -> None:
    m = machine(site("TLOAD", ["dst"], [tile(left("half", 16, 32, target), "a")], target))
    run(m, "TLOAD")
    assert kinds(m) == faults


@pytest.mark.parametrize(("target", "dtype", "faults"), [
    ("a5", "int4b_t", {"unsupported-dtype"}), ("kirin9030", "int4b_t", {"unsupported-dtype"}),
    ("kirindev0000", "float8_e4m3_t", {"unsupported-dtype"}), ("a5", "float8_e4m3_t", set()),
    ("kirin9030", "int8_t", set())])
def test_tload_pad_value_without_map_entry(target: str, dtype: str, faults: set[str]) -> None:
    """A Vec load padded with a named PadValue reads PadValueMap<DType, PadVal> (PTO035): none for pto::int4b_t,
    none for Kirin Dev0000's fp8 types (A5 has them); Null pads read nothing."""
    zero = TileSpec("Vec", dtype, 16, 64, "RowMajor", 16, 48, "NoneBox", 512, pad="Zero", elem_size=1)
    m = machine(site("TLOAD", ["dst"], [tile(zero, "t")], target))
    run(m, "TLOAD")
    assert kinds(m) == faults
    null = TileSpec("Vec", dtype, 16, 64, "RowMajor", 16, 48, "NoneBox", 512, elem_size=1)
    m = machine(site("TLOAD", ["dst"], [tile(null, "t")], target))
    run(m, "TLOAD")
    assert kinds(m) == set()


@pytest.mark.parametrize(("dtype", "bl", "faults"), [("float", "RowMajor", set()), ("half", "RowMajor",
                                                       {"unsupported-path"}), ("float", "ColMajor", {"unsupported-path"})])
def test_tmov_dual_destination_mode_a5(dtype: str, bl: str, faults: set[str]) -> None:
    """a5/common.hpp GetDualDstCtl through TMOV's plain mode form (PTO038): float -> half quantises; DN dst."""
    s = site("TMOV", ["dst", "src"], [tile(spec("Vec", dtype, 16, 64, bl), "ub"), tile(acc("float", 16, 64), "acc")],
             "a5", {"mode": "AccToVecMode::DualModeSplitN"})
    m = machine(s)
    try:
        OPS["TMOV"](m)
    except (Trap, LookupError):
        pass
    assert kinds(m) == faults


def test_tstore_sources_per_target() -> None:
    mat = spec("Mat", "half", 16, 32, "ColMajor", "RowMajor")
    for target, faults in (("a2a3", set()), ("a5", {"unsupported-path"})):
        m = machine(site("TSTORE", ["src"], [tile(mat, "l1")], target))
        run(m, "TSTORE")
        assert kinds(m) == faults
    s = site("TSTORE", ["src", "preQuantScalar"], [tile(spec("Vec", "float", 16, 32), "ub"),
                                                   ScalarOperand(Const(1), "scale")])
    m = machine(s)
    run(m, "TSTORE")
    assert kinds(m) == {"unsupported-path"}


# --- A2/A3 L1 -> L0A / L0B copy extents (PTO935) ---------------------------------------------------


@pytest.mark.parametrize(("builtin", "dst", "src", "problems"), [
    # no transpose (same SLayout): L0B in C0 rows (32 for int8) x 16 columns, source and destination
    ("TMOV", spec("Right", "int8_t", 16, 32, "ColMajor", "RowMajor"), spec("Mat", "int8_t", 16, 32, "ColMajor", "RowMajor"),
     ["src 16x32", "dst 16x32"]),
    ("TMOV", spec("Right", "int8_t", 32, 32, "ColMajor", "RowMajor"), spec("Mat", "int8_t", 32, 32, "ColMajor", "RowMajor"),
     []),
    # L0A without a transpose: 16 rows x C0 columns (8 for float)
    ("TEXTRACT", spec("Left", "float", 16, 12, "RowMajor", "RowMajor"), spec("Mat", "float", 16, 12, "RowMajor", "RowMajor"),
     ["src 16x12", "dst 16x12"]),
    # a transpose: whole 16x16 fractals (32x32 for 1-byte types); TMOV copies 1-byte ones compactly (source only)
    ("TMOV", spec("Left", "half", 16, 24, "RowMajor", "RowMajor"), spec("Mat", "half", 16, 24, "RowMajor", "ColMajor"),
     ["src 16x24", "dst 16x24"]),
    ("TMOV", spec("Left", "int8_t", 32, 48, "RowMajor", "RowMajor"), spec("Mat", "int8_t", 32, 48, "RowMajor", "ColMajor"),
     ["src 32x48"]),
    # a one-row L0A source takes the vector (GEMV) path: both tiles' columns in 512-byte fractals (256 half)
    ("TMOV", spec("Left", "half", 1, 24, "RowMajor", "RowMajor"), spec("Mat", "half", 1, 24, "RowMajor", "NoneBox"),
     ["src 1x24", "dst 1x24"]),
    ("TMOV", spec("Left", "half", 1, 256, "RowMajor", "RowMajor"), spec("Mat", "half", 1, 256, "RowMajor", "NoneBox"),
     []),
])
def test_a2a3_l1_to_l0_copy_extents(builtin: str, dst: TileSpec, src: TileSpec, problems: list[str]) -> None:
    from ptolint.executor.ops.movement import l1_to_l0_alignment

    got = l1_to_l0_alignment(builtin, dst, src)
    assert [p.split(" is ")[0] for p in got] == problems


@pytest.mark.parametrize("builtin", ["TMOV", "TEXTRACT"])
def test_acc_copy_on_a_target_without_l0c_is_refused_by_the_buffer_gate(builtin):
    """Kirin Dev0000 has no L0C (buffer_limits.hpp: 0 bytes): the machine's buffer gate faults any copy from an Acc
    tile there (unsupported-path) before the op runs; Kirin 9030, with an L0C, runs the same call."""
    args = [tile(spec("Vec", "int32_t", 16, 16), "dst"), tile(acc("int32_t", 16, 16), "src")]
    params = ["dst", "src"] if builtin == "TMOV" else ["dst", "src", "indexRow", "indexCol"]
    if builtin == "TEXTRACT":
        args += [ScalarOperand(Const(0), "0"), ScalarOperand(Const(0), "0")]
    out = replay(site(builtin, params, args, "kirindev0000"), {})
    assert "unsupported-path" in out.kinds()
    assert any("no Acc buffer" in f.detail for f in out.faults)
    assert "unsupported-path" not in replay(site(builtin, params, args, "kirin9030"), {}).kinds()

"""Executor unit tests for TCVT, TDEQUANT, TQUANT (INT8 forms) and TMATMUL_MX / TGEMV_MX (call sites built directly)."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import machine

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty
import ptolint.executor.ops.convert  # noqa: F401  (registers TCVT, TDEQUANT, TQUANT, TMATMUL_MX, TGEMV_MX)
from ptolint.executor import replay
from ptolint.executor.machine import OPS, Machine, Trap
from ptolint.ir import DYNAMIC, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

SIZES = {"float": 4, "half": 2, "bfloat16_t": 2, "int8_t": 1, "uint8_t": 1, "int16_t": 2, "int32_t": 4, "int64_t": 8,
         "float8_e4m3_t": 1, "float8_e5m2_t": 1, "float4_e2m1x2_t": 1, "float8_e8m0_t": 1, "hifloat8_t": 1}
RINT, ROUND, TRUNC, ODD = 1, 2, 5, 6


def spec(dtype: str, rows: int, cols: int, loc: str = "Vec", bl: str = "RowMajor", sl: str = "NoneBox",
         fractal: int = 512, vr: int | None = None, vc: int | None = None) -> TileSpec:
    return TileSpec(loc, dtype, rows, cols, bl, rows if vr is None else vr, cols if vc is None else vc, sl, fractal,
                    elem_size=SIZES[dtype])


def tile(s: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(s.rows if s.valid_row == DYNAMIC else s.valid_row) if vr is None else vr
    vc = Const(s.cols if s.valid_col == DYNAMIC else s.valid_col) if vc is None else vc
    return TileOperand(s, vr, vc, name)


def scalar(v) -> ScalarOperand:
    return ScalarOperand(v if not isinstance(v, int) else Const(v), str(v))


def site(builtin: str, params: list[str], args: list, target: str) -> CallSite:
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, params, args, {})


def cvt_site(dst: TileSpec, src: TileSpec, target: str, mode=RINT, sat=None, tmp: TileSpec | None = None,
             dvr=None, svr=None) -> CallSite:
    params, args = ["dst", "src"], [tile(dst, "d", dvr), tile(src, "s", svr)]
    if tmp is not None:
        params.append("tmp")
        args.append(tile(tmp, "t"))
    params.append("mode")
    args.append(scalar(mode))
    if sat is not None:
        params.append("satMode")
        args.append(scalar(sat))
    return site("TCVT", params, args, target)



def run(m: Machine, name: str) -> set[str]:
    try:
        OPS[name](m)
    except Trap:
        pass
    return {f.kind for f in m.faults}


# --- TCVT ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tcvt_float_to_int32_truncates_and_saturates(target: str) -> None:
    m = machine(cvt_site(spec("int32_t", 2, 8), spec("float", 2, 8), target, mode=TRUNC))
    m.tiles["src"].data()[:, :] = np.array([[1.7, -1.7, 2.5, -2.5, 3e10, -3e10, 0.0, 7.0]] * 2, dtype=np.float32)
    assert run(m, "TCVT") == set()
    assert list(m.tiles["dst"].data()[0]) == [1, -1, 2, -2, 2**31 - 1, -(2**31), 0, 7]


def test_tcvt_float_to_half_rounds_to_nearest() -> None:
    m = machine(cvt_site(spec("half", 1, 16), spec("float", 1, 16), "a2a3"))
    m.tiles["src"].data()[:, :] = np.linspace(-3, 3, 16, dtype=np.float32)
    assert run(m, "TCVT") == set()
    assert np.allclose(m.tiles["dst"].data().astype(np.float32), np.linspace(-3, 3, 16), atol=1e-3)


def test_tcvt_unsupported_pair_is_a_silent_no_op_on_a2a3_and_a_compile_error_on_a5() -> None:
    m = machine(cvt_site(spec("int64_t", 2, 8), spec("half", 2, 8), "a2a3"))
    before = m.tiles["dst"].data().copy()
    assert run(m, "TCVT") == {"unsupported-dtype", "no-op"}
    assert np.array_equal(m.tiles["dst"].data(), before)
    m = machine(cvt_site(spec("int64_t", 2, 8), spec("half", 2, 8), "a5"))
    assert run(m, "TCVT") == {"unsupported-dtype"}


@pytest.mark.parametrize(("dst", "src", "a2a3", "a5"), [
    ("half", "int32_t", True, False), ("half", "bfloat16_t", False, True), ("int32_t", "int8_t", False, True),
    ("half", "int16_t", True, True), ("hifloat8_t", "float", False, True)])
def test_tcvt_pair_tables_differ_per_target(dst: str, src: str, a2a3: bool, a5: bool) -> None:
    for target, ok in (("a2a3", a2a3), ("a5", a5)):
        kinds = run(machine(cvt_site(spec(dst, 1, 32), spec(src, 1, 32), target, mode=0)), "TCVT")
        assert ("unsupported-dtype" not in kinds) == ok, (target, kinds)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tcvt_source_valid_region_smaller_than_dst(target: str) -> None:
    src = spec("float", 8, 64, vr=DYNAMIC)
    m = machine(cvt_site(spec("half", 8, 64), src, target, svr=Const(5)))
    assert run(m, "TCVT") == {"valid-region"}


def test_tcvt_a5_contiguous_path_scrambles_rows_of_different_widths() -> None:
    s = cvt_site(spec("float", 4, 32), spec("float", 4, 64), "a5")
    m = machine(s)
    src = m.tiles["src"].data()
    src[:, :] = np.arange(4 * 64, dtype=np.float32).reshape(4, 64)
    assert run(m, "TCVT") == {"unsupported-layout"}
    assert m.tiles["dst"].data()[1, 0] == 32.0  # src[0][32], not src[1][0]
    m = machine(cvt_site(spec("float", 4, 32), spec("float", 4, 64), "a2a3"))
    m.tiles["src"].data()[:, :] = np.arange(4 * 64, dtype=np.float32).reshape(4, 64)
    assert run(m, "TCVT") == set()
    assert m.tiles["dst"].data()[1, 0] == 64.0


def test_tcvt_a5_view_with_prefix_valid_columns_takes_the_strided_path() -> None:
    m = machine(cvt_site(spec("half", 4, 64, vc=32), spec("float", 4, 64, vc=32), "a5"))
    assert run(m, "TCVT") == set()


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tcvt_round_to_odd_exists_only_for_float_to_half(target: str) -> None:
    assert run(machine(cvt_site(spec("half", 1, 64), spec("float", 1, 64), target, mode=ODD)), "TCVT") == set()
    kinds = run(machine(cvt_site(spec("int32_t", 1, 64), spec("float", 1, 64), target, mode=ODD)), "TCVT")
    assert kinds == {"ignored-option"}
    # an exact widening does not care about the mode
    assert run(machine(cvt_site(spec("float", 1, 64), spec("half", 1, 64), target, mode=ODD)), "TCVT") == set()


def test_tcvt_hifloat8_always_rounds_away_on_a5() -> None:
    assert run(machine(cvt_site(spec("hifloat8_t", 1, 64), spec("float", 1, 64), "a5", mode=RINT)), "TCVT") == {
        "ignored-option"}
    assert run(machine(cvt_site(spec("hifloat8_t", 1, 64), spec("float", 1, 64), "a5", mode=ROUND)), "TCVT") == set()


def test_tcvt_saturation_off_without_tmp_is_forced_on_for_non_narrowing_pairs_on_a2a3() -> None:
    def go(target: str, sat: int, tmp=None, dst="int32_t") -> tuple[set[str], np.ndarray]:
        m = machine(cvt_site(spec(dst, 1, 8), spec("float", 1, 8), target, mode=TRUNC, sat=sat, tmp=tmp))
        m.tiles["src"].data()[0, :] = np.float32(3e9)
        return run(m, "TCVT"), m.tiles["dst"].data()[0].copy()

    kinds, out = go("a2a3", 1)
    assert kinds == {"ignored-option"} and out[0] == 2**31 - 1
    kinds, out = go("a2a3", 1, tmp=spec("int32_t", 1, 64))
    assert kinds == set() and out[0] != 2**31 - 1  # wrapped
    assert go("a5", 1)[0] == set()
    assert go("a2a3", 1, dst="int16_t")[0] == set()  # narrowing pair: OFF is forwarded


# --- TDEQUANT / TQUANT -------------------------------------------------------------------------------


def deq_site(dst: TileSpec, src: TileSpec, para: TileSpec, target: str, pvr=None, svr=None) -> CallSite:
    return site("TDEQUANT", ["dst", "src", "scale", "offset"],
                [tile(dst, "d"), tile(src, "s", svr), tile(para, "sc", pvr), tile(para, "of", pvr)], target)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tdequant_computes_per_row_affine(target: str) -> None:
    m = machine(deq_site(spec("float", 2, 32), spec("int8_t", 2, 32), spec("float", 2, 8, vc=1), target))
    m.tiles["src"].data()[:, :] = np.arange(-16, 16, dtype=np.int8)
    m.tiles["scale"].data()[:, 0] = [0.5, 2.0]
    m.tiles["offset"].data()[:, 0] = [1.0, -1.0]
    assert run(m, "TDEQUANT") == set()
    x = np.arange(-16, 16, dtype=np.float64)
    assert np.allclose(m.tiles["dst"].data()[0], (x - 1) * 0.5)
    assert np.allclose(m.tiles["dst"].data()[1], (x + 1) * 2.0)


@pytest.mark.parametrize(("dst", "src", "para", "bl", "kind"), [
    ("half", "int8_t", "float", "RowMajor", "unsupported-dtype"),
    ("float", "int32_t", "float", "RowMajor", "unsupported-dtype"),
    ("float", "int8_t", "half", "RowMajor", "unsupported-dtype"),
    ("float", "int16_t", "float", "ColMajor", "unsupported-layout")])
def test_tdequant_static_checks(dst: str, src: str, para: str, bl: str, kind: str) -> None:
    m = machine(deq_site(spec(dst, 16, 16), spec(src, 16, 16, bl=bl), spec(para, 16, 8, vc=1), "a5"))
    assert kind in run(m, "TDEQUANT")


def test_tdequant_short_parameters_and_source() -> None:
    para = spec("float", 16, 8, vr=DYNAMIC, vc=1)
    m = machine(deq_site(spec("float", 16, 32), spec("int8_t", 16, 32), para, "a2a3", pvr=Const(8)))
    assert run(m, "TDEQUANT") == {"valid-region"}
    src = spec("int8_t", 16, 32, vr=DYNAMIC)
    m = machine(deq_site(spec("float", 16, 32), src, spec("float", 16, 8, vc=1), "a5", svr=Const(3)))
    assert run(m, "TDEQUANT") == {"valid-region"}


def test_tquant_int8_types() -> None:
    def go(dst: str, src: str) -> set[str]:
        s = site("TQUANT", ["dst", "src", "scale", "tmp"],
                 [tile(spec(dst, 8, 32), "d"), tile(spec(src, 8, 32), "s"), tile(spec("float", 8, 8, vc=1), "sc"),
                  tile(spec("float", 8, 32), "t")], "a2a3")
        return run(machine(s), "TQUANT")

    assert go("int8_t", "float") == set()
    assert go("int8_t", "half") == {"unsupported-dtype"}
    assert go("int16_t", "float") == {"unsupported-dtype"}


# --- TMATMUL_MX / TGEMV_MX ---------------------------------------------------------------------------


def mx_site(a_t: str, b_t: str, k: int = 64, a_loc: str = "Left", m_rows: int = 16, n: int = 16,
            builtin: str = "TMATMUL_MX") -> CallSite:
    c = spec("float", m_rows, n, "Acc", "ColMajor", "RowMajor", 1024)
    a = spec(a_t, m_rows, k, a_loc, "ColMajor", "RowMajor")
    b = spec(b_t, k, n, "Right", "RowMajor", "ColMajor")
    sa = spec("float8_e8m0_t", m_rows, k // 32, "ScaleLeft", "RowMajor", "RowMajor", 32)
    sb = spec("float8_e8m0_t", k // 32, n, "ScaleRight", "ColMajor", "ColMajor", 32)
    return site(builtin, ["cMatrix", "aMatrix", "aScaleMatrix", "bMatrix", "bScaleMatrix"],
                [tile(c, "c"), tile(a, "a"), tile(sa, "sa"), tile(b, "b"), tile(sb, "sb")], "a5")


def test_mx_matmul_static_checks() -> None:
    assert run(machine(mx_site("float8_e4m3_t", "float8_e5m2_t")), "TMATMUL_MX") == set()
    assert run(machine(mx_site("float4_e2m1x2_t", "float4_e2m1x2_t")), "TGEMV_MX") == set()
    assert run(machine(mx_site("float8_e4m3_t", "float4_e2m1x2_t")), "TMATMUL_MX") == {"unsupported-dtype"}
    assert run(machine(mx_site("float8_e4m3_t", "float8_e4m3_t", a_loc="Mat")), "TMATMUL_MX") == {"unsupported-layout"}
    assert run(machine(mx_site("float8_e4m3_t", "float8_e4m3_t", k=96)), "TMATMUL_MX") == {"size-mismatch"}


# --- rules and executor agree on solver witnesses ----------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tcvt_valid_shape_rule_witness_replays(target: str) -> None:
    rules = load_rules()
    vr = Sym("vr", "int", lo=-4, hi=64)
    src = spec("float", 16, 64, vr=DYNAMIC)
    s = cvt_site(spec("half", 16, 64), src, target, svr=vr)
    v = check_rule(rules["PTO961"], s)
    assert v.level == "warning" and v.assignment is not None
    assert "valid-region" in replay(s, v.assignment).kinds()


def test_tcvt_mode_rule_witness_replays() -> None:
    rules = load_rules()
    mode = Sym("rm", "int", lo=0, hi=6)
    s = cvt_site(spec("int32_t", 4, 64), spec("float", 4, 64), "a5", mode=mode)
    v = check_rule(rules["PTO963"], s)
    assert v.level == "note" and v.assignment is not None
    assert "ignored-option" in replay(s, v.assignment).kinds()
    s = cvt_site(spec("half", 4, 64), spec("float", 4, 64), "a5", mode=mode)
    assert check_rule(rules["PTO963"], s).level is None


def test_tdequant_parameter_rule_witness_replays() -> None:
    rules = load_rules()
    rows = Sym("rows", "int", lo=1, hi=16)
    para = spec("float", 16, 8, vr=DYNAMIC, vc=1)
    s = deq_site(spec("float", 16, 32), spec("int8_t", 16, 32), para, "a2a3", pvr=rows)
    v = check_rule(rules["PTO973"], s)
    assert v.level == "warning" and v.assignment is not None
    assert "valid-region" in replay(s, v.assignment).kinds()


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tdequant_larger_source_and_a5_parameter_rows_trap_the_assert(target: str) -> None:
    """PTO905: a source (A5: also a parameter tile) with more valid rows than dst reads nothing stale but breaks
    the header's equality PTO_ASSERT; A2/A3 does not compare the parameter tiles."""
    rows = Sym("rows", "int", lo=1, hi=16)
    dyn = spec("float", 16, 32, vr=DYNAMIC)
    para = spec("float", 16, 8, vr=DYNAMIC, vc=1)
    cs = site("TDEQUANT", ["dst", "src", "scale", "offset"],
              [tile(dyn, "d", rows), tile(spec("int8_t", 16, 32), "s"), tile(para, "sc", rows), tile(para, "of", rows)],
              target)
    v = check_rule(load_rules()["PTO905"], cs)
    assert v.level == "warning" and v.inputs["rows"] < 16
    assert check_rule(load_rules()["PTO972"], cs).level is None
    assert "valid-region" in replay(cs, v.assignment).kinds()
    assert "valid-region" not in replay(cs, {"rows": 16}).kinds()
    full_params = site("TDEQUANT", ["dst", "src", "scale", "offset"],
                       [tile(dyn, "d", Const(4)), tile(spec("int8_t", 16, 32, vr=DYNAMIC), "s", Const(4)),
                        tile(spec("float", 16, 8, vc=1), "sc"), tile(spec("float", 16, 8, vc=1), "of")], target)
    expect = {"valid-region"} if target == "a5" else set()
    assert replay(full_params, {}).kinds() == expect
    assert (check_rule(load_rules()["PTO905"], full_params).level == "error") == (target == "a5")

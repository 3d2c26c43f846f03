"""Executor unit tests for TDIVS, TCOLEXPANDMAX and the Tile layout model (call sites built directly)."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import machine

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty, so another
# test module that imported a single ops module first would leave these unregistered
import ptolint.executor.ops.colexpand  # noqa: F401  (registers TCOLEXPANDMAX)
import ptolint.executor.ops.scalar  # noqa: F401  (registers TDIVS)
from ptolint.executor import replay
from ptolint.executor.layout import inner_box, tile_layout_faults
from ptolint.executor.machine import OPS
from ptolint.ir import DYNAMIC, Bin, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

F16x64 = TileSpec("Vec", "float", 16, 64, elem_size=4)


def tile(spec: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(spec.rows if spec.valid_row == DYNAMIC else spec.valid_row) if vr is None else vr
    vc = Const(spec.cols if spec.valid_col == DYNAMIC else spec.valid_col) if vc is None else vc
    return TileOperand(spec, vr, vc, name)


def tdivs_site(dst: TileOperand, src: TileOperand, scalar, target: str = "a2a3", scalar_first: bool = False,
               path=None, template_args=None) -> CallSite:
    s = ScalarOperand(scalar, "scalar")
    params, args = (["dst", "scalar", "src0"], [dst, s, src]) if scalar_first else (["dst", "src0", "scalar"],
                                                                                    [dst, src, s])
    return CallSite("TDIVS", "k.cpp", 10, 5, 10, 30, target, params, args, dict(template_args or {}),
                    path=list(path or []))


def colmax_site(dst: TileOperand, src0: TileOperand, src1: TileOperand, target: str = "a2a3", path=None) -> CallSite:
    return CallSite("TCOLEXPANDMAX", "k.cpp", 20, 5, 20, 40, target, ["dst", "src0", "src1"], [dst, src0, src1], {},
                    path=list(path or []))



# --- TDIVS -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tdivs_tile_scalar_float_divides(target: str) -> None:
    site = tdivs_site(tile(F16x64, "dst"), tile(F16x64, "src"), Const(4.0, "float"), target)
    m = machine(site)
    src = np.linspace(-8, 8, 16 * 64, dtype=np.float32).reshape(16, 64)
    m.tiles["src0"].data()[:] = src
    OPS["TDIVS"](m)
    assert not m.faults
    np.testing.assert_array_equal(m.tiles["dst"].data(), (src / np.float32(4.0)).astype(np.float32))


def test_tdivs_scalar_tile_and_valid_region_only() -> None:
    spec = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=DYNAMIC, elem_size=4)
    site = tdivs_site(tile(spec, "dst", Const(3), Const(8)), tile(spec, "src", Const(3), Const(8)),
                      Const(1.0, "float"), "a5", scalar_first=True)
    m = machine(site)
    m.tiles["src0"].data()[:] = 2.0
    m.tiles["dst"].data()[:] = -7.0
    OPS["TDIVS"](m)
    out = m.tiles["dst"].data()
    assert np.all(out[:3, :8] == 0.5)
    assert np.all(out[3:, :] == -7.0) and np.all(out[:, 8:] == -7.0)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tdivs_int_truncates_toward_zero(target: str) -> None:
    spec = TileSpec("Vec", "int32_t", 8, 8, elem_size=4)
    site = tdivs_site(tile(spec, "dst"), tile(spec, "src"), Const(3, "int"), target)
    m = machine(site)
    vals = np.arange(-32, 32, dtype=np.int32).reshape(8, 8)
    m.tiles["src0"].data()[:] = vals
    OPS["TDIVS"](m)
    expected = np.array([[int(v / 3) for v in row] for row in vals], dtype=np.int32)
    np.testing.assert_array_equal(m.tiles["dst"].data(), expected)


def test_tdivs_half_in_element_type() -> None:
    spec = TileSpec("Vec", "half", 16, 16, elem_size=2)
    site = tdivs_site(tile(spec, "dst"), tile(spec, "src"), Const(3.0, "half"), "a5")
    m = machine(site)
    m.tiles["src0"].data()[:] = np.float16(1.0)
    OPS["TDIVS"](m)
    assert m.tiles["dst"].data().dtype == np.float16
    assert np.all(m.tiles["dst"].data() == np.float16(1.0) / np.float16(3.0))


def test_tdivs_divide_by_zero_witness_confirmed_and_bogus_rejected() -> None:
    rules = load_rules()
    d = Sym("divisor", "float")
    site = tdivs_site(tile(F16x64, "dst"), tile(F16x64, "src"), d, "a5")
    v = check_rule(rules["PTO505"], site)
    assert v.level == "warning" and v.inputs == {"divisor": 0}
    assert "divide-by-zero" in replay(site, v.assignment).kinds()
    assert "divide-by-zero" not in replay(site, {"divisor": 2.5}).kinds()  # a bogus witness is not confirmed


def test_tdivs_integer_zero_from_expression() -> None:
    n = Sym("n", "int")
    spec = TileSpec("Vec", "int32_t", 8, 64, elem_size=4)
    site = tdivs_site(tile(spec, "dst"), tile(spec, "src"), Bin("-", n, Const(4), "int"), "a2a3")
    v = check_rule(load_rules()["PTO505"], site)
    assert v.inputs == {"n": 4}
    assert "divide-by-zero" in replay(site, {"n": 4}).kinds()


def test_witness_not_reaching_the_call_is_refused() -> None:
    d = Sym("divisor", "float")
    guard = Bin("!=", d, Const(0.0, "float"), "bool")
    site = tdivs_site(tile(F16x64, "dst"), tile(F16x64, "src"), d, "a2a3", path=[guard])
    assert check_rule(load_rules()["PTO505"], site).level is None
    out = replay(site, {"divisor": 0})
    assert out.refused and not out.faults


@pytest.mark.parametrize("target,expect", [("a2a3", {"valid-region", "no-op"}), ("a5", {"valid-region"})])
def test_tdivs_valid_shape_mismatch_per_target(target: str, expect: set[str]) -> None:
    spec = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=64, elem_size=4)
    rows = Sym("rows", "int", lo=1, hi=16)
    site = tdivs_site(tile(F16x64, "dst"), tile(spec, "src", rows, Const(64)), Const(2.0, "float"), target)
    v = check_rule(load_rules()["PTO504"], site)
    assert v.level == "warning" and v.inputs["rows"] != 16
    assert replay(site, v.assignment).kinds() == expect
    assert not replay(site, {"rows": 16}).faults


def test_tdivs_a2a3_mismatch_leaves_dst_untouched() -> None:
    spec = TileSpec("Vec", "float", 16, 64, valid_row=8, valid_col=64, elem_size=4)
    site = tdivs_site(tile(F16x64, "dst"), tile(spec, "src"), Const(2.0, "float"), "a2a3")
    m = machine(site)
    m.tiles["dst"].data()[:] = 5.0
    OPS["TDIVS"](m)
    assert np.all(m.tiles["dst"].data() == 5.0)
    assert {f.kind for f in m.faults} == {"valid-region", "no-op"}


def test_tdivs_static_faults_per_target() -> None:
    i8 = TileSpec("Vec", "int8_t", 16, 64, elem_size=1)
    u16 = TileSpec("Vec", "uint16_t", 16, 64, elem_size=2)
    for target, spec, scalar_first, kinds in [
        ("a2a3", i8, False, {"unsupported-dtype"}),
        ("a5", i8, False, {"unsupported-dtype"}),
        ("a5", i8, True, set()),  # a5 scalar/tile form checks no type
        ("a2a3", u16, False, {"unsupported-dtype"}),
        ("a5", u16, False, set()),
    ]:
        site = tdivs_site(tile(spec, "dst"), tile(spec, "src"), Const(3, "int"), target, scalar_first)
        got = replay(site, {}).kinds() - {"divide-by-zero"}  # random int8 data may hold a 0 divisor
        assert got == kinds, (target, spec.dtype, scalar_first, got)
    half = TileSpec("Vec", "half", 16, 64, elem_size=2)
    mat = TileSpec("Mat", "float", 16, 64, elem_size=4)
    assert replay(tdivs_site(tile(F16x64, "dst"), tile(half, "src"), Const(2.0, "half"), "a2a3"), {}).kinds() == {
        "dtype-mismatch"}
    # a5 reads the 2 KiB half tile as 4 KiB of float: past its storage
    assert replay(tdivs_site(tile(F16x64, "dst"), tile(half, "src"), Const(2.0, "half"), "a5"), {}).kinds() == {
        "dtype-mismatch", "out-of-bounds"}
    assert "unsupported-path" in replay(tdivs_site(tile(F16x64, "dst"), tile(mat, "src"), Const(2.0, "float")),
                                        {}).kinds()


def test_tdivs_high_precision_ignored() -> None:
    i32 = TileSpec("Vec", "int32_t", 8, 64, elem_size=4)
    hp = {"PrecisionType": "HIGH_PRECISION"}
    f = lambda spec, target: replay(tdivs_site(tile(spec, "dst"), tile(spec, "src"), Const(2, "int"), target,  # noqa: E731
                                               template_args=hp), {}).kinds()
    assert f(F16x64, "a2a3") == {"ignored-option"}
    assert f(F16x64, "a5") == set()
    assert f(i32, "a5") == {"ignored-option"}


# --- TCOLEXPANDMAX ---------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_colexpandmax_broadcast_max(target: str) -> None:
    vec = TileSpec("Vec", "float", 1, 64, elem_size=4)
    site = colmax_site(tile(F16x64, "dst"), tile(F16x64, "src0"), tile(vec, "colMax"), target)
    m = machine(site)
    full = np.arange(16 * 64, dtype=np.float32).reshape(16, 64) - 500
    row = np.linspace(-100, 100, 64, dtype=np.float32)
    m.tiles["src0"].data()[:] = full
    m.tiles["src1"].data()[:] = row
    OPS["TCOLEXPANDMAX"](m)
    assert not m.faults
    np.testing.assert_array_equal(m.tiles["dst"].data(), np.maximum(full, row[None, :]))


def test_colexpandmax_swapped_roles_and_valid_region() -> None:
    dyn = TileSpec("Vec", "int16_t", 16, 64, valid_row=DYNAMIC, valid_col=DYNAMIC, elem_size=2)
    vec = TileSpec("Vec", "int16_t", 1, 64, elem_size=2)
    site = colmax_site(tile(dyn, "dst", Const(5), Const(40)), tile(vec, "row"), tile(dyn, "full", Const(5), Const(40)))
    m = machine(site)
    full = np.arange(16 * 64, dtype=np.int16).reshape(16, 64) % 97
    row = (np.arange(64, dtype=np.int16) * 3) % 50
    m.tiles["src1"].data()[:] = full
    m.tiles["src0"].data()[:] = row
    m.tiles["dst"].data()[:] = -1
    OPS["TCOLEXPANDMAX"](m)
    assert not m.faults
    out = m.tiles["dst"].data()
    np.testing.assert_array_equal(out[:5, :40], np.maximum(full[:5, :40], row[None, :40]))
    assert np.all(out[5:, :] == -1) and np.all(out[:, 40:] == -1)


def test_colexpandmax_witnesses() -> None:
    rules = load_rules()
    dyn = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=64, elem_size=4)
    vec = TileSpec("Vec", "float", 1, 64, elem_size=4)
    rows = Sym("rows", "int", lo=1, hi=16)
    site = colmax_site(tile(dyn, "dst", rows, Const(64)), tile(F16x64, "src0"), tile(vec, "floor"), "a5")
    v = check_rule(rules["PTO406"], site)
    assert v.level == "warning" and 2 <= v.inputs["rows"] <= 15
    assert "valid-region" in replay(site, v.assignment).kinds()
    assert not replay(site, {"rows": 16}).faults  # bogus witness: src0 matches, nothing wrong
    assert not replay(site, {"rows": 1}).faults  # 1 row: src0 becomes the vector, src1 covers dst


def test_colexpandmax_out_of_storage_read_faults() -> None:
    narrow = TileSpec("Vec", "float", 1, 32, elem_size=4)
    dyn = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=DYNAMIC, elem_size=4)
    site = colmax_site(tile(dyn, "dst", Const(4), Const(64)), tile(dyn, "src0", Const(4), Const(64)),
                       tile(narrow, "v"))
    kinds = replay(site, {}).kinds()
    assert kinds == {"valid-region", "out-of-bounds"}


def test_colexpandmax_static_faults() -> None:
    vec = TileSpec("Vec", "float", 1, 64, elem_size=4)
    hvec = TileSpec("Vec", "half", 1, 64, elem_size=2)
    i8 = TileSpec("Vec", "int8_t", 16, 64, elem_size=1)
    i8v = TileSpec("Vec", "int8_t", 1, 64, elem_size=1)
    dn = TileSpec("Vec", "float", 16, 64, blayout="ColMajor", elem_size=4)
    mat = TileSpec("Mat", "float", 1, 64, elem_size=4)
    k = lambda d, s0, s1, t="a2a3": replay(colmax_site(tile(d, "d"), tile(s0, "a"), tile(s1, "b"), t), {}).kinds()  # noqa: E731
    assert k(i8, i8, i8v) == {"unsupported-dtype"}
    assert k(i8, i8, i8v, "a5") == set()
    assert k(dn, F16x64, vec) == {"unsupported-layout"}
    assert k(F16x64, F16x64, hvec) == {"dtype-mismatch", "out-of-bounds"}  # 64 halfs read as 64 floats
    assert k(F16x64, F16x64, mat, "a5") == {"unsupported-path"}


# --- Tile layout ------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", [
    TileSpec("Vec", "float", 16, 64, elem_size=4),
    TileSpec("Vec", "half", 1, 16, elem_size=2),
    TileSpec("Vec", "float", 8, 16, blayout="ColMajor", elem_size=4),
    TileSpec("Mat", "half", 32, 48, blayout="ColMajor", slayout="RowMajor", elem_size=2),  # NZ, 16x16 boxes
    TileSpec("Vec", "half", 8, 32, slayout="RowMajor", elem_size=2),  # Vec rows exempt
    TileSpec("Acc", "float", 32, 32, blayout="ColMajor", slayout="RowMajor", fractal=1024, elem_size=4),
    TileSpec("ScaleLeft", "float8_e8m0_t", 3, 64, slayout="RowMajor", fractal=32, elem_size=1),  # 16x2, rows exempt
    TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=0, elem_size=4),
])
def test_layout_good(spec: TileSpec) -> None:
    assert tile_layout_faults(spec) == []


@pytest.mark.parametrize("spec,fragment", [
    (TileSpec("Vec", "float", 0, 64, elem_size=4), "not positive"),
    (TileSpec("Vec", "float", 16, 64, valid_row=32, elem_size=4), "ValidRow 32"),
    (TileSpec("Vec", "half", 16, 24, elem_size=2), "32 bytes"),
    (TileSpec("Vec", "float", 12, 16, blayout="ColMajor", elem_size=4), "column"),
    (TileSpec("Vec", "float", 16, 64, fractal=256, elem_size=4), "SFractalSize 256"),
    (TileSpec("Vec", "float", 16, 24, fractal=1024, elem_size=4), "columns"),  # 1024 boxes even for NoneBox
    (TileSpec("Mat", "half", 24, 32, blayout="ColMajor", slayout="RowMajor", elem_size=2), "rows"),
    (TileSpec("Right", "int8_t", 16, 32, slayout="ColMajor", elem_size=1), "rows"),  # ColMajor box: 32 x 16
    (TileSpec("ScaleRight", "float8_e8m0_t", 2, 8, blayout="ColMajor", slayout="ColMajor", fractal=32,
              elem_size=1), "columns"),  # 2x16 box
])
def test_layout_bad(spec: TileSpec, fragment: str) -> None:
    faults = tile_layout_faults(spec)
    assert faults and any(fragment in f for f in faults), faults


def test_inner_box_rules() -> None:
    assert inner_box(TileSpec("Vec", "float", 16, 16, fractal=1024)) == (16, 16)
    assert inner_box(TileSpec("Vec", "float", 16, 16, slayout="RowMajor", fractal=32, elem_size=4)) == (16, 2)
    assert inner_box(TileSpec("Vec", "float", 16, 16, slayout="NoneBox", fractal=32, elem_size=4)) == (2, 16)
    assert inner_box(TileSpec("Vec", "int8_t", 16, 32, slayout="ColMajor", elem_size=1)) == (32, 16)
    assert inner_box(TileSpec("Vec", "float", 16, 8, slayout="RowMajor", elem_size=4)) == (16, 8)
    assert inner_box(TileSpec("Vec", "float", 16, 8, elem_size=4)) == (1, 1)


def test_invalid_tile_recorded_by_replay() -> None:
    bad = TileSpec("Vec", "half", 16, 24, elem_size=2)
    site = tdivs_site(tile(bad, "dst"), tile(bad, "src"), Const(2.0, "half"))
    v = check_rule(load_rules()["PTO003"], site)
    assert v.level == "error" and "dst" in v.message and "src0" in v.message
    assert "invalid-tile" in replay(site, v.assignment or {}).kinds()
    assert check_rule(load_rules()["PTO003"], tdivs_site(tile(F16x64, "d"), tile(F16x64, "s"),
                                                         Const(2.0, "float"))).level is None

"""Executor unit tests for the tile-scalar (TADDS, TMULS, ..., TEXPANDS) and unary (TEXP, ..., TRECIP) ops,
and agreement of the PTO7xx rules with them (call sites built directly)."""

from __future__ import annotations

import numpy as np
import pytest

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty
import ptolint.executor.ops.tile_scalar  # noqa: F401
import ptolint.executor.ops.unary  # noqa: F401
from ptolint.executor import replay
from ptolint.executor.machine import OPS, ConcreteTile, Machine, Trap, _load_ops
from ptolint.ir import DYNAMIC, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

F = TileSpec("Vec", "float", 16, 64, elem_size=4)
DYN = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=DYNAMIC, elem_size=4)


def tile(spec: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(spec.rows if spec.valid_row == DYNAMIC else spec.valid_row) if vr is None else vr
    vc = Const(spec.cols if spec.valid_col == DYNAMIC else spec.valid_col) if vc is None else vc
    return TileOperand(spec, vr, vc, name)


def ts_site(builtin: str, dst: TileOperand, src: TileOperand | None, scalar, target: str = "a2a3",
            src_param: str = "src0") -> CallSite:
    s = ScalarOperand(scalar, "scalar")
    if src is None:
        params, args = ["dst", "scalar"], [dst, s]
    else:
        params, args = ["dst", src_param, "scalar"], [dst, src, s]
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, params, args, {})


def un_site(builtin: str, dst: TileOperand, src: TileOperand, target: str = "a2a3") -> CallSite:
    return CallSite(builtin, "k.cpp", 20, 5, 20, 30, target, ["dst", "src"], [dst, src], {})


def machine(site: CallSite) -> Machine:
    from ptolint.evaluate import evaluate

    _load_ops()
    m = Machine(site, site.target)
    for name, arg in zip(site.params, site.args, strict=True):
        if isinstance(arg, ScalarOperand):
            m.scalars[name] = evaluate(arg.expr, {})
        else:
            buf = m.memory.place(arg.spec, m.rng)
            m.tiles[name] = ConcreteTile(name, arg.spec, int(evaluate(arg.valid_row, {})),
                                         int(evaluate(arg.valid_col, {})), buf)
    return m


# --- tile-scalar ---------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("builtin,fn", [("TADDS", lambda x: x + 2), ("TSUBS", lambda x: x - 2),
                                        ("TMULS", lambda x: x * 2), ("TMAXS", lambda x: np.maximum(x, 2)),
                                        ("TMINS", lambda x: np.minimum(x, 2))])
def test_tile_scalar_float_computes(builtin: str, fn, target: str) -> None:
    pname = "src0" if builtin in ("TADDS", "TSUBS", "TMULS") else "src"
    m = machine(ts_site(builtin, tile(F, "dst"), tile(F, "x"), Const(2.0, "float"), target, pname))
    x = np.linspace(-8, 8, 16 * 64, dtype=np.float32).reshape(16, 64)
    m.tiles[pname].data()[:] = x
    OPS[builtin](m)
    assert not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data(), fn(x).astype(np.float32))


def test_tlrelu_and_int_wraps() -> None:
    m = machine(ts_site("TLRELU", tile(F, "dst"), tile(F, "x"), Const(0.5, "float"), "a5", "src"))
    m.tiles["src"].data()[:] = -4.0
    OPS["TLRELU"](m)
    assert not m.faults and np.all(m.tiles["dst"].data() == -2.0)
    i16 = TileSpec("Vec", "int16_t", 8, 64, elem_size=2)
    m = machine(ts_site("TADDS", tile(i16, "dst"), tile(i16, "x"), Const(1, "int"), "a2a3"))
    m.tiles["src0"].data()[:] = 32767
    OPS["TADDS"](m)
    assert np.all(m.tiles["dst"].data() == -32768)


def test_tadds_a2a3_skips_on_mismatch_a5_reads_stale() -> None:
    dst = tile(DYN, "dst", Const(16), Const(64))
    src = tile(DYN, "x", Const(8), Const(64))
    m = machine(ts_site("TADDS", dst, src, Const(1.0, "float"), "a2a3"))
    m.tiles["dst"].data()[:] = -7.0
    OPS["TADDS"](m)
    assert {f.kind for f in m.faults} == {"valid-region", "no-op"}
    assert np.all(m.tiles["dst"].data() == -7.0)
    m = machine(ts_site("TADDS", dst, src, Const(1.0, "float"), "a5"))
    OPS["TADDS"](m)
    assert {f.kind for f in m.faults} == {"valid-region"}


def test_tile_scalar_static_faults() -> None:
    i8 = TileSpec("Vec", "int8_t", 8, 64, elem_size=1)
    for target, kinds in (("a2a3", {"unsupported-dtype"}), ("a5", {"unsupported-dtype"})):
        m = machine(ts_site("TMULS", tile(i8, "dst"), tile(i8, "x"), Const(3, "int"), target))
        with pytest.raises(Trap):
            OPS["TMULS"](m)
        assert {f.kind for f in m.faults} == kinds
    m = machine(ts_site("TADDS", tile(i8, "dst"), tile(i8, "x"), Const(3, "int"), "a5"))
    OPS["TADDS"](m)
    assert not m.faults  # A5 adds int8
    mat = TileSpec("Mat", "float", 16, 64, elem_size=4)
    m = machine(ts_site("TMULS", tile(mat, "dst"), tile(F, "x"), Const(2.0, "float"), "a2a3"))
    OPS["TMULS"](m)  # A2/A3 TMULS does not check dst's location
    assert not m.faults
    m = machine(ts_site("TMULS", tile(mat, "dst"), tile(F, "x"), Const(2.0, "float"), "a5"))
    with pytest.raises(Trap):
        OPS["TMULS"](m)
    assert {f.kind for f in m.faults} == {"unsupported-path"}


def test_a5_reinterprets_mismatched_source() -> None:
    h = TileSpec("Vec", "half", 16, 64, elem_size=2)
    m = machine(ts_site("TMULS", tile(F, "dst"), tile(h, "x"), Const(1.0, "float"), "a5"))
    OPS["TMULS"](m)
    assert {f.kind for f in m.faults} == {"dtype-mismatch", "out-of-bounds"}  # 16x64 floats span 2x the half tile


def test_texpands_fills_valid_region() -> None:
    spec = TileSpec("Vec", "half", 16, 64, valid_row=DYNAMIC, valid_col=DYNAMIC, elem_size=2)
    m = machine(ts_site("TEXPANDS", tile(spec, "dst", Const(4), Const(32)), None, Const(1.5, "float"), "a2a3"))
    m.tiles["dst"].data()[:] = 0
    OPS["TEXPANDS"](m)
    out = m.tiles["dst"].data()
    assert np.all(out[:4, :32] == np.float16(1.5)) and np.all(out[4:, :] == 0) and np.all(out[:, 32:] == 0)
    u64 = TileSpec("Vec", "uint64_t", 4, 32, elem_size=8)
    m = machine(ts_site("TEXPANDS", tile(u64, "dst"), None, Const(3, "int"), "a2a3"))
    with pytest.raises(Trap):
        OPS["TEXPANDS"](m)
    assert {f.kind for f in m.faults} == {"unsupported-dtype"}
    m = machine(ts_site("TEXPANDS", tile(u64, "dst"), None, Const(3, "int"), "a5"))
    OPS["TEXPANDS"](m)
    assert not m.faults and np.all(m.tiles["dst"].data() == 3)


@pytest.mark.parametrize("target", ["a5", "kirin9030", "kirinx90", "kirindev0000"])
def test_texpands_b64_needs_row_major(target: str) -> None:
    """a5/TExpandS.hpp's 64-bit branch (the Kirins compile it too, ptolint/own_impls.py) static_asserts a row-major
    tile (PTO705)."""
    col = TileSpec("Vec", "int64_t", 16, 1, "ColMajor", elem_size=8)
    m = machine(ts_site("TEXPANDS", tile(col, "dst"), None, Const(0, "long"), target))
    with pytest.raises(Trap):
        OPS["TEXPANDS"](m)
    assert {f.kind for f in m.faults} == {"unsupported-layout"}


# --- unary ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("builtin,fn", [("TEXP", np.exp), ("TLOG", np.log), ("TSQRT", np.sqrt),
                                        ("TRSQRT", lambda x: 1 / np.sqrt(x)), ("TABS", np.abs),
                                        ("TRELU", lambda x: np.maximum(x, 0)), ("TNEG", lambda x: -x),
                                        ("TRECIP", lambda x: 1 / x)])
def test_unary_float_computes(builtin: str, fn, target: str) -> None:
    m = machine(un_site(builtin, tile(F, "dst"), tile(F, "x"), target))
    x = np.linspace(0.5, 8, 16 * 64, dtype=np.float32).reshape(16, 64)
    m.tiles["src"].data()[:] = x
    OPS[builtin](m)
    assert not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data(), fn(x).astype(np.float32), rtol=1e-6)


def test_unary_static_faults_per_target() -> None:
    i32 = TileSpec("Vec", "int32_t", 8, 64, elem_size=4)
    m = machine(un_site("TABS", tile(i32, "dst"), tile(i32, "x"), "a2a3"))
    with pytest.raises(Trap):
        OPS["TABS"](m)
    assert {f.kind for f in m.faults} == {"unsupported-dtype"}
    m = machine(un_site("TABS", tile(i32, "dst"), tile(i32, "x"), "a5"))
    m.tiles["src"].data()[:] = -3
    OPS["TABS"](m)
    assert not m.faults and np.all(m.tiles["dst"].data()[:8, :64] == 3)
    m = machine(un_site("TNOT", tile(i32, "dst"), tile(i32, "x"), "a5"))
    m.tiles["src"].data()[:] = 0
    OPS["TNOT"](m)
    assert np.all(m.tiles["dst"].data() == -1)
    col = TileSpec("Vec", "float", 64, 16, blayout="ColMajor", elem_size=4)
    m = machine(un_site("TEXP", tile(col, "dst"), tile(col, "x"), "a5"))
    with pytest.raises(Trap):
        OPS["TEXP"](m)
    assert {f.kind for f in m.faults} == {"unsupported-layout"}


def test_trecip_a2a3_skips_a5_computes() -> None:
    dst = tile(DYN, "dst", Const(16), Const(32))
    src = tile(DYN, "x", Const(16), Const(64))
    m = machine(un_site("TRECIP", dst, src, "a2a3"))
    m.tiles["dst"].data()[:] = 5.0
    OPS["TRECIP"](m)
    assert {f.kind for f in m.faults} == {"valid-region", "no-op"}
    m = machine(un_site("TRECIP", dst, src, "a5"))
    m.tiles["src"].data()[:] = 4.0
    OPS["TRECIP"](m)
    assert not m.faults and np.all(m.tiles["dst"].data()[:16, :32] == 0.25)


# --- rules and executor agree on witnesses --------------------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_valid_shape_rules_confirmed_by_replay(target: str) -> None:
    rules = load_rules()
    rows = Sym("rows", "int", lo=1, hi=16)
    spec = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=64, elem_size=4)
    for code, site in (("PTO704", ts_site("TMULS", tile(F, "dst"), tile(spec, "x", rows, Const(64)),
                                          Const(2.0, "float"), target)),
                       ("PTO725", un_site("TEXP", tile(F, "dst"), tile(spec, "x", rows, Const(64)), target))):
        v = check_rule(rules[code], site)
        assert v.level == "warning" and v.inputs["rows"] < 16, (code, v)
        assert replay(site, v.assignment).kinds() == {"valid-region"}
        assert not replay(site, {"rows": 16}).faults  # equal shapes: nothing to confirm


def test_static_rules_hold_on_good_calls_and_fire_on_bad() -> None:
    rules = load_rules()
    i8 = TileSpec("Vec", "int8_t", 8, 64, elem_size=1)
    good = ts_site("TADDS", tile(i8, "dst"), tile(i8, "x"), Const(1, "int"), "a5")
    bad = ts_site("TADDS", tile(i8, "dst"), tile(i8, "x"), Const(1, "int"), "a2a3")
    assert check_rule(rules["PTO701"], good).level is None
    v = check_rule(rules["PTO701"], bad)
    assert v.level == "error" and "unsupported-dtype" in replay(bad, v.assignment or {}).kinds()


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_unary_larger_source_traps_the_shape_assert(target: str) -> None:
    """PTO726: a source larger than dst (or any difference with an empty dst) breaks the PTO_ASSERT; the replay
    records it as a valid-region fault, and equal shapes confirm nothing."""
    rules = load_rules()
    rows = Sym("rows", "int", lo=0, hi=16)
    spec = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=64, elem_size=4)
    site = un_site("TEXP", tile(spec, "dst", rows, Const(64)), tile(F, "x"), target)
    v = check_rule(rules["PTO726"], site)
    assert v.level == "warning" and v.inputs["rows"] < 16, v
    assert replay(site, v.assignment).kinds() == {"valid-region"}
    assert not replay(site, {"rows": 16}).faults
    assert check_rule(rules["PTO725"], site).level is None  # nothing stale is read
    assert "TNEG" not in rules["PTO726"].instructions  # a TMULS: the tile-scalar rules decide


@pytest.mark.parametrize("builtin", ["TADDS", "TMULS", "TMAXS", "TLRELU"])
def test_a2a3_tile_scalar_empty_dst_traps_the_assert(builtin: str) -> None:
    """Every A2/A3 tile-scalar form asserts a non-empty dst (PTO704); A5 returns quietly."""
    rows = Sym("rows", "int", lo=0, hi=16)
    spec = TileSpec("Vec", "float", 16, 64, valid_row=DYNAMIC, valid_col=64, elem_size=4)
    for target, want in (("a2a3", "warning"), ("a5", None)):
        site = ts_site(builtin, tile(spec, "dst", rows, Const(64)), tile(spec, "x", rows, Const(64)),
                       Const(2.0, "float"), target)
        v = check_rule(load_rules()["PTO704"], site)
        assert v.level == want, (target, v)
        if want:
            assert v.inputs["rows"] == 0
            assert "valid-region" in replay(site, v.assignment).kinds()
        assert not replay(site, {"rows": 5}).faults

"""Executor unit tests for the later elementwise/tile-scalar/reduction additions: TCMPS TSELS TPAIRREDUCESUM
TADDRELUCONV TADDDEQRELU TPOW TPARTARGMAX (ptolint/executor/ops/elementwise.py), TAXPY (tile_scalar.py) and the
arg reductions TROWARGMAX/TCOLARGMIN (reduce.py). Call sites are built directly."""

from __future__ import annotations

import numpy as np
import pytest

import ptolint.executor.ops.elementwise  # noqa: F401
import ptolint.executor.ops.reduce  # noqa: F401
import ptolint.executor.ops.tile_scalar  # noqa: F401
from ptolint.executor import replay
from ptolint.executor.machine import ConcreteTile, Machine, _load_ops
from ptolint.ir import DYNAMIC, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

SIZES = {"float": 4, "half": 2, "int32_t": 4, "int16_t": 2, "uint16_t": 2, "int8_t": 1, "uint8_t": 1,
         "uint32_t": 4}


def spec(dtype: str = "float", rows: int = 8, cols: int = 64, blayout: str = "RowMajor", loc: str = "Vec",
         vr: int = DYNAMIC, vc: int = DYNAMIC) -> TileSpec:
    return TileSpec(loc, dtype, rows, cols, blayout=blayout, valid_row=vr, valid_col=vc, elem_size=SIZES[dtype])


def tile(s: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    return TileOperand(s, Const(s.rows) if vr is None else vr, Const(s.cols) if vc is None else vc, name)


def scalar(value, ctype: str = "int") -> ScalarOperand:
    return ScalarOperand(Const(value, ctype), str(value))


def site(builtin: str, target: str, targs=None, **ops) -> CallSite:
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, list(ops), list(ops.values()), targs or {})


def machine(s: CallSite) -> Machine:
    from ptolint.evaluate import evaluate

    _load_ops()
    m = Machine(s, s.target)
    for name, arg in zip(s.params, s.args, strict=True):
        if isinstance(arg, ScalarOperand):
            m.scalars[name] = evaluate(arg.expr, {})
        else:
            m.tiles[name] = ConcreteTile(name, arg.spec, int(evaluate(arg.valid_row, {})),
                                         int(evaluate(arg.valid_col, {})), m.memory.place(arg.spec, m.rng))
    return m


def run(s: CallSite, fill: bool = True) -> Machine:
    """Execute the op on small, finite, distinct input values."""
    from ptolint.executor.machine import OPS

    m = machine(s)
    rng = np.random.default_rng(1)
    if fill:
        for t in m.tiles.values():
            d = t.data()
            if d.dtype.kind == "f":
                d[:, :] = rng.permutation(d.size).reshape(d.shape) % 97 - 40
            else:
                d[:, :] = rng.integers(0, 7, d.shape)
    OPS[s.builtin](m)
    return m


@pytest.mark.parametrize("target,kinds", [("a2a3", {"ignored-option"}), ("a5", set())])
def test_tcmps_int32_gt(target: str, kinds: set[str]) -> None:
    st = site("TCMPS", target, dst=tile(spec("uint8_t", 8, 32), "m"), src0=tile(spec("int32_t"), "a"),
              src1=scalar(3), mode=scalar(4))
    assert replay(st, {}).kinds() == kinds
    if target == "a2a3":
        assert check_rule(load_rules()["PTO605"], st).level == "error"


def test_tsels_selects_src_or_scalar() -> None:
    st = site("TSELS", "a5", dst=tile(spec(), "d"), mask=tile(spec("uint8_t", 8, 32), "m"), src=tile(spec(), "s"),
              tmp=tile(spec("uint8_t", 1, 32), "t"), scalar=scalar(2.5, "float"))
    m = machine(st)
    m.tile("mask").data()[:, :] = 0
    m.tile("mask").data()[:, 0] = 0b101  # elements 0 and 2 of each row come from src
    from ptolint.executor.machine import OPS

    OPS["TSELS"](m)
    d, s = m.tile("dst").data(), m.tile("src").data()
    assert d[3, 0] == s[3, 0] and d[3, 2] == s[3, 2]
    assert d[3, 1] == np.float32(2.5) and d[7, 63] == np.float32(2.5)


def test_tpairreducesum_sums_pairs() -> None:
    st = site("TPAIRREDUCESUM", "a2a3", dst=tile(spec("float", 8, 32), "d"), src0=tile(spec(), "s", vc=Const(32)))
    st.args[0] = tile(spec("float", 8, 32), "d")
    m = run(st)
    s, d = m.tile("src0").data(), m.tile("dst").data()
    assert np.allclose(d[:, :16], s[:, 0:32:2] + s[:, 1:32:2])
    assert m.faults == []


def test_tpairreducesum_short_source_is_confirmed() -> None:
    st = site("TPAIRREDUCESUM", "a5", dst=tile(spec("float", 8, 32), "d"),
              src0=tile(spec(), "s", vr=Sym("rows", "int")))
    v = check_rule(load_rules()["PTO604"], st)
    assert v.level is not None
    assert "valid-region" in replay(st, v.assignment).kinds()


def test_reluconv_pair_and_relu() -> None:
    good = site("TADDRELUCONV", "a2a3", dst=tile(spec("half"), "d"), src0=tile(spec(), "a"), src1=tile(spec(), "b"))
    m = run(good)
    a, b = m.tile("src0").data(), m.tile("src1").data()
    assert np.allclose(m.tile("dst").data().astype(np.float32), np.maximum(a + b, 0).astype(np.float16), rtol=1e-3)
    bad = site("TADDRELUCONV", "a5", dst=tile(spec("int8_t"), "d"), src0=tile(spec(), "a"), src1=tile(spec(), "b"))
    assert replay(bad, {}).kinds() == {"unsupported-dtype"}


def test_tadddeqrelu_fixed_types() -> None:
    ok = site("TADDDEQRELU", "a5", dst=tile(spec("half"), "d"), src0=tile(spec("int32_t"), "a"),
              src1=tile(spec("int32_t"), "b"), deqScale=scalar(0.5, "float"), tmp=tile(spec("int32_t"), "t"))
    assert replay(ok, {}).kinds() == set()
    bad = site("TADDDEQRELU", "a2a3", dst=tile(spec("half"), "d"), src0=tile(spec("int32_t"), "a"),
               src1=tile(spec("int32_t"), "b"), deqScale=scalar(0.5, "float"), tmp=tile(spec("float"), "t"))
    assert replay(bad, {}).kinds() == {"unsupported-dtype"}


@pytest.mark.parametrize("targs,kinds", [({}, {"unsupported-dtype"}), ({"PrecisionType": "HIGH_PRECISION"}, set()),
                                         ({"PrecisionType": "algo"}, set())])
def test_a5_tpow_bf16_depends_on_precision(targs, kinds) -> None:
    s = TileSpec("Vec", "bfloat16_t", 8, 64, elem_size=2)
    st = site("TPOW", "a5", targs, dst=tile(s, "d"), base=tile(s, "b"), exp=tile(s, "e"), tmp=tile(s, "t"))
    assert replay(st, {}).kinds() == kinds
    assert (check_rule(load_rules()["PTO601"], st).level is not None) == bool(kinds)


def _partarg(target: str, r1, i1) -> CallSite:
    v, i = spec("float"), spec("int32_t")
    return site("TPARTARGMAX", target, dst=tile(v, "d"), src0=tile(v, "a"), src1=tile(v, "b", vr=r1),
                dstIdx=tile(i, "di"), src0Idx=tile(i, "ai"), src1Idx=tile(i, "bi", vr=i1))


def test_tpartarg_a2a3_noop_confirmed_only_on_a2a3() -> None:
    st = _partarg("a2a3", Sym("rows", "int"), Const(8))
    v = check_rule(load_rules()["PTO609"], st)
    assert v.level is not None
    assert {"no-op", "valid-region"} <= replay(st, v.assignment).kinds()
    assert replay(st, {"rows": 8}).kinds() == set()
    assert "no-op" not in replay(_partarg("a5", Const(4), Const(8)), {}).kinds()


def test_tpartarg_picks_larger_with_its_index() -> None:
    m = run(_partarg("a2a3", Const(8), Const(8)))
    a, b = m.tile("src0").data(), m.tile("src1").data()
    ai, bi = m.tile("src0Idx").data(), m.tile("src1Idx").data()
    assert np.array_equal(m.tile("dst").data(), np.where(b > a, b, a))
    assert np.array_equal(m.tile("dstIdx").data(), np.where(b > a, bi, ai))


@pytest.mark.parametrize("target,kinds", [("a2a3", {"no-op", "valid-region"}), ("a5", {"valid-region"})])
def test_taxpy_short_source(target: str, kinds: set[str]) -> None:
    st = site("TAXPY", target, dst=tile(spec(), "y"), src0=tile(spec("half"), "x", vr=Const(4)),
              scalar=scalar(2.0, "float"))
    assert replay(st, {}).kinds() == kinds


def test_taxpy_widens_half_into_float() -> None:
    st = site("TAXPY", "a5", dst=tile(spec(), "y"), src0=tile(spec("half"), "x"), scalar=scalar(2.0, "float"))
    m = machine(st)
    m.tile("dst").data()[:, :] = 1.5
    m.tile("src0").data()[:, :] = np.arange(64, dtype=np.float16)
    from ptolint.executor.machine import OPS

    OPS["TAXPY"](m)
    assert np.allclose(m.tile("dst").data(), 1.5 + 2.0 * np.arange(64, dtype=np.float32)[None, :])
    assert m.faults == []


def test_trowargmax_value_and_index() -> None:
    st = site("TROWARGMAX", "a5", dstVal=tile(spec("float", 8, 1, "ColMajor"), "v"),
              dstIdx=tile(spec("uint32_t", 8, 1, "ColMajor"), "i"), src=tile(spec(), "s"), tmp=tile(spec(), "t"))
    m = run(st)
    s = m.tile("src").data()
    assert np.array_equal(m.tile("dstIdx").data()[:, 0], np.argmax(s, axis=1))
    assert np.array_equal(m.tile("dstVal").data()[:, 0], s.max(axis=1))


@pytest.mark.parametrize("idx,kinds", [("int32_t", set()), ("int16_t", {"unsupported-dtype"})])
def test_tcolargmin_index_type(idx: str, kinds: set[str]) -> None:
    st = site("TCOLARGMIN", "a2a3", dst=tile(spec(idx, 1, 64), "i"), src=tile(spec(), "s"), tmp=tile(spec(), "t"))
    assert replay(st, {}).kinds() == kinds
    assert (check_rule(load_rules()["PTO808"], st).level is not None) == bool(kinds)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("src_rows,idx_rows,kinds", [(8, 1, set()), (0, 1, {"valid-region"}),
                                                     (8, 8, {"valid-region"})])
def test_tcolargmax_empty_src_or_multirow_index(target: str, src_rows: int, idx_rows: int, kinds: set[str]) -> None:
    """PTO212: TColReduceIdxCheck asserts a non-empty src and one valid row in the index tile (debug trap)."""
    st = site("TCOLARGMAX", target, dst=tile(spec("int32_t", 8, 64, vr=idx_rows, vc=64), "i", Const(idx_rows)),
              src=tile(spec(), "s", Const(src_rows)), tmp=tile(spec(), "t"))
    assert replay(st, {}).kinds() == kinds
    assert (check_rule(load_rules()["PTO212"], st).level is not None) == bool(kinds)

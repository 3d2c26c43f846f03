"""Executor unit tests for the row/column reductions and broadcasts (ops/reduce.py, ops/expand.py)."""

from __future__ import annotations

import numpy as np
import pytest

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty
import ptolint.executor.ops.expand  # noqa: F401
import ptolint.executor.ops.reduce  # noqa: F401
from ptolint.evaluate import evaluate
from ptolint.executor import replay
from ptolint.executor.machine import OPS, ConcreteTile, Machine, Trap
from ptolint.ir import DYNAMIC, CallSite, Const, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule


def spec(dtype: str, rows: int, cols: int, blayout: str = "RowMajor", loc: str = "Vec", size: int = 4) -> TileSpec:
    return TileSpec(loc, dtype, rows, cols, blayout, elem_size=size)


def tile(s: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(s.rows) if vr is None else vr
    vc = Const(s.cols) if vc is None else vc
    return TileOperand(s, vr, vc, name)


def site(builtin: str, params: list[str], args: list[TileOperand], target: str = "a2a3") -> CallSite:
    return CallSite(builtin, "k.cpp", 10, 5, 10, 40, target, params, args, {})


def run(cs: CallSite, inputs=None, fill=None) -> tuple[Machine, Trap | None]:
    m = Machine(cs, cs.target)
    for name, arg in zip(cs.params, cs.args, strict=True):
        buf = m.memory.place(arg.spec, m.rng)
        m.tiles[name] = ConcreteTile(name, arg.spec, int(evaluate(arg.valid_row, inputs or {})),
                                     int(evaluate(arg.valid_col, inputs or {})), buf)
    for name, values in (fill or {}).items():
        t = m.tiles[name]
        t.data()[: values.shape[0], : values.shape[1]] = values
    try:
        OPS[cs.builtin](m)
    except Trap as exc:
        return m, exc
    return m, None


def kinds(m: Machine) -> set[str]:
    return {f.kind for f in m.faults}


# --- reductions -------------------------------------------------------------------------------------


@pytest.mark.parametrize("builtin,fn", [("TROWSUM", np.sum), ("TROWMAX", np.max), ("TROWMIN", np.min)])
def test_row_reductions_write_column_zero(builtin, fn) -> None:
    src = np.arange(16 * 64, dtype=np.float32).reshape(16, 64) % 7 - 3
    cs = site(builtin, ["dst", "src", "tmp"], [tile(spec("float", 16, 1, "ColMajor"), "dst"),
                                               tile(spec("float", 16, 64), "src"), tile(spec("float", 16, 64), "tmp")])
    m, trap = run(cs, fill={"src": src})
    assert trap is None and not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data()[:, 0], fn(src, axis=1))


@pytest.mark.parametrize("builtin,fn", [("TCOLSUM", np.sum), ("TCOLMAX", np.max), ("TCOLMIN", np.min),
                                        ("TCOLPROD", np.prod)])
def test_column_reductions_write_row_zero(builtin, fn) -> None:
    src = (np.arange(4 * 16, dtype=np.int32).reshape(4, 16) % 5) - 2
    cs = site(builtin, ["dst", "src"], [tile(spec("int32_t", 1, 16), "dst"), tile(spec("int32_t", 4, 16), "src")])
    m, trap = run(cs, fill={"src": src})
    assert trap is None and not m.faults
    np.testing.assert_array_equal(m.tiles["dst"].data()[0], fn(src, axis=0))


def test_row_reduce_valid_row_mismatch_is_a_valid_region_fault() -> None:
    cs = site("TROWSUM", ["dst", "src", "tmp"], [tile(spec("float", 16, 1, "ColMajor"), "dst", vr=Const(8)),
                                                 tile(spec("float", 16, 64), "src"), tile(spec("float", 16, 64), "tmp")])
    m, _ = run(cs)
    assert kinds(m) == {"valid-region"}


def test_a2a3_row_reduce_narrow_tmp_is_a_no_op_but_not_on_a5() -> None:
    args = [tile(spec("float", 16, 1, "ColMajor"), "dst"), tile(spec("float", 16, 128), "src", vc=Const(100)),
            tile(spec("float", 16, 32), "tmp")]
    m, _ = run(site("TROWMAX", ["dst", "src", "tmp"], args, "a2a3"))
    assert kinds(m) == {"no-op"}
    m5, _ = run(site("TROWMAX", ["dst", "src", "tmp"], args, "a5"))
    assert not m5.faults


def test_reduce_compile_checks_follow_each_target() -> None:
    args = [tile(spec("int8_t", 16, 32, size=1), "dst"), tile(spec("int8_t", 16, 64, size=1), "src"),
            tile(spec("int8_t", 16, 64, size=1), "tmp")]
    m, trap = run(site("TROWMAX", ["dst", "src", "tmp"], args, "a2a3"))
    assert trap is not None and "unsupported-dtype" in kinds(m)
    m5, trap5 = run(site("TROWMAX", ["dst", "src", "tmp"], args, "a5"))
    assert trap5 is None and not m5.faults
    m6, trap6 = run(site("TROWSUM", ["dst", "src", "tmp"], args, "a5"))
    assert trap6 is not None and "unsupported-dtype" in kinds(m6)


def test_a5_tcolsum_tmp_form_rejects_64_bit_sums_the_two_operand_form_computes_them() -> None:
    """A5's TCOLSUM(dst, src, tmp, isBinary) compiles both bodies, each a DIST_NORM store of src's type (1, 2 or 4
    bytes): a 64-bit src does not build there; TCOLSUM(dst, src) sums it (Int64ColReduce)."""
    src, row = spec("int64_t", 4, 32, size=8), spec("int64_t", 1, 32, size=8)
    values = np.arange(128, dtype=np.int64).reshape(4, 32) * (1 << 33)
    m, trap = run(site("TCOLSUM", ["dst", "src", "tmp"], [tile(row, "dst"), tile(src, "src"), tile(row, "tmp")],
                       "a5"), fill={"src": values})
    assert trap is not None and kinds(m) == {"unsupported-dtype"}
    m2, trap2 = run(site("TCOLSUM", ["dst", "src"], [tile(row, "dst"), tile(src, "src")], "a5"), fill={"src": values})
    assert trap2 is None and not m2.faults
    assert np.array_equal(m2.tiles["dst"].data()[0, :32], values.sum(axis=0))


# --- broadcasts -------------------------------------------------------------------------------------


def test_rowexpand_sub_with_swapped_roles_keeps_operand_order() -> None:
    full = np.full((16, 64), 10.0, dtype=np.float32)
    per_row = np.arange(16, dtype=np.float32).reshape(16, 1)
    cs = site("TROWEXPANDSUB", ["dst", "src0", "src1"], [tile(spec("float", 16, 64), "dst"),
                                                         tile(spec("float", 16, 1, "ColMajor"), "src0"),
                                                         tile(spec("float", 16, 64), "src1")])
    m, trap = run(cs, fill={"src0": per_row, "src1": full})
    assert trap is None and not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data(), per_row - full)


def test_rowexpand_row_major_single_valid_column_is_a_fault() -> None:
    cs = site("TROWEXPANDMUL", ["dst", "src0", "src1"], [tile(spec("float", 16, 64), "dst"),
                                                         tile(spec("float", 16, 64), "src0"),
                                                         tile(spec("float", 16, 8), "src1", vc=Const(1))])
    m, _ = run(cs)
    assert kinds(m) == {"valid-region"}


def test_rowexpand_without_full_operand_is_a_fault() -> None:
    cs = site("TROWEXPANDMUL", ["dst", "src0", "src1"], [tile(spec("float", 16, 64), "dst", vr=Const(5)),
                                                         tile(spec("float", 16, 64), "src0"),
                                                         tile(spec("float", 16, 1, "ColMajor"), "src1", vr=Const(5))])
    m, _ = run(cs)
    assert "valid-region" in kinds(m)


def test_rowexpand_div_int_rejected_on_a2a3_only() -> None:
    args = [tile(spec("int32_t", 16, 64), "dst"), tile(spec("int32_t", 16, 64), "src0"),
            tile(spec("int32_t", 16, 1, "ColMajor"), "src1")]
    m, trap = run(site("TROWEXPANDDIV", ["dst", "src0", "src1"], args, "a2a3"))
    assert trap is not None and kinds(m) == {"unsupported-dtype"}
    m5, trap5 = run(site("TROWEXPANDDIV", ["dst", "src0", "src1"], args, "a5"))
    assert trap5 is None and not m5.faults


def test_colexpand_add_and_role_swap_fault() -> None:
    full = np.ones((16, 64), dtype=np.float32)
    bias = np.arange(64, dtype=np.float32).reshape(1, 64)
    cs = site("TCOLEXPANDADD", ["dst", "src0", "src1"], [tile(spec("float", 16, 64), "dst"),
                                                         tile(spec("float", 16, 64), "src0"),
                                                         tile(spec("float", 1, 64), "src1")])
    m, trap = run(cs, fill={"src0": full, "src1": bias})
    assert trap is None and not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data(), full + bias)
    swapped = site("TCOLEXPANDSUB", ["dst", "src0", "src1"], [tile(spec("float", 16, 64), "dst", vr=Const(4)),
                                                              tile(spec("float", 16, 64), "src0"),
                                                              tile(spec("float", 1, 64), "src1")])
    m2, _ = run(swapped)
    assert "valid-region" in kinds(m2)


def test_trowexpand_and_tcolexpand_broadcast() -> None:
    col = np.arange(16, dtype=np.float32).reshape(16, 1)
    m, trap = run(site("TROWEXPAND", ["dst", "src"], [tile(spec("float", 16, 64), "dst"),
                                                      tile(spec("float", 16, 1, "ColMajor"), "src")]), fill={"src": col})
    assert trap is None and not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data(), np.broadcast_to(col, (16, 64)))
    row = np.arange(64, dtype=np.float32).reshape(1, 64)
    m2, _ = run(site("TCOLEXPAND", ["dst", "src"], [tile(spec("float", 16, 64), "dst"),
                                                    tile(spec("float", 1, 64), "src", vc=Const(32))]), fill={"src": row})
    assert kinds(m2) == {"valid-region"}


# --- rules and executor agree through the solver -------------------------------------------------------


def test_rule_witness_replays_to_the_predicted_fault() -> None:
    rows = Sym("rows", "int", lo=1, hi=16)
    s = site("TROWSUM", ["dst", "src", "tmp"], [tile(spec("float", 16, 1, "ColMajor"), "dst"),
                                                tile(TileSpec("Vec", "float", 16, 64, "RowMajor", DYNAMIC, 64,
                                                              elem_size=4), "src", vr=rows),
                                                tile(spec("float", 16, 64), "tmp")])
    rule = load_rules()["PTO806"]
    verdict = check_rule(rule, s)
    assert verdict.level == "warning"
    out = replay(s, verdict.inputs)
    assert "valid-region" in out.kinds()


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_rowexpand_per_row_operand_larger_than_asserted(target: str) -> None:
    """PTO831: a per-row operand with more valid rows than dst (or more than one block of columns) reads nothing
    stale but breaks the exact-shape PTO_ASSERT; the exact shape confirms nothing."""
    rows = Sym("rows", "int", lo=1, hi=16)
    dyn = TileSpec("Vec", "float", 16, 64, "RowMajor", valid_row=DYNAMIC, valid_col=64, elem_size=4)
    cs = site("TROWEXPANDSUB", ["dst", "src0", "src1"], [tile(dyn, "dst", vr=rows), tile(dyn, "x", vr=rows),
                                                         tile(spec("float", 16, 1, "ColMajor"), "rowMax")], target)
    v = check_rule(load_rules()["PTO831"], cs)
    assert v.level == "warning" and v.inputs["rows"] < 16
    assert check_rule(load_rules()["PTO825"], cs).level is None
    assert "valid-region" in replay(cs, v.assignment).kinds()
    assert "valid-region" not in replay(cs, {"rows": 16}).kinds()
    wide = site("TROWEXPANDMUL", ["dst", "src0", "src1"], [tile(spec("float", 16, 64), "dst"),
                                                          tile(spec("float", 16, 64), "src0"),
                                                          tile(spec("float", 16, 16), "src1")], target)
    m, _ = run(wide)
    assert kinds(m) == {"valid-region"}
    assert check_rule(load_rules()["PTO831"], wide).level == "error"

"""Executor unit tests for PTO706's confirmations: A2/A3 TREM / TREMS tmp tiles (a2a3/TRem.hpp TRemCheck,
a2a3/TRemS.hpp TREMS_IMPL), with the rule agreeing on the same call sites."""

from __future__ import annotations

import pytest
from executor_support import const_tile, machine, named_site, run_op, vec_spec

from ptolint.ir import Const, ScalarOperand
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule


def _trem(tmp_cols: int, target: str = "a2a3"):
    d = vec_spec("float", 8, 128)
    return named_site("TREM", [("dst", const_tile(d, "out")), ("src0", const_tile(d, "x")),
                               ("src1", const_tile(d, "p")),
                               ("tmp", const_tile(vec_spec("float", 1, 256), "tmp", 1, tmp_cols))], target)


def _trems(tmp_rows: int, tmp_cols: int, dst_cols: int = 100):
    d = vec_spec("int32_t", 4, 128)
    return named_site("TREMS", [("dst", const_tile(d, "out", 4, dst_cols)), ("src", const_tile(d, "x", 4, dst_cols)),
                                ("scalar", ScalarOperand(Const(7, "int"), "scalar")),
                                ("tmp", const_tile(vec_spec("int32_t", 1, 128), "tmp", tmp_rows, tmp_cols))])


@pytest.mark.parametrize("cols,bad", [(128, True), (131, True), (132, False), (256, False)])
def test_trem_a2a3_tmp_needs_row_stride_plus_mask(cols: int, bad: bool) -> None:
    site = _trem(cols)
    assert ("tmp-undersized" in run_op(machine(site))) == bad
    verdict = check_rule(load_rules()["PTO706"], site)
    assert (verdict is not None and verdict.level == "error") == bad


def test_trem_a5_has_no_tmp_assertion() -> None:
    assert "tmp-undersized" not in run_op(machine(_trem(8, "a5")))


@pytest.mark.parametrize("rows,cols,bad", [(1, 99, True), (0, 100, True), (1, 100, False), (1, 128, False)])
def test_trems_a2a3_tmp_covers_dst_columns(rows: int, cols: int, bad: bool) -> None:
    site = _trems(rows, cols)
    assert ("tmp-undersized" in run_op(machine(site))) == bad
    verdict = check_rule(load_rules()["PTO706"], site)
    assert (verdict is not None and verdict.level == "error") == bad

"""Executor unit tests for the sorting family: TSORT32 and TMRGSORT (call sites built directly)."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import SIZES, machine
from executor_support import const_tile as tile
from executor_support import named_site as site
from executor_support import run_op as run
from executor_support import vec_spec as spec

import ptolint.executor.ops.sort_gather  # noqa: F401  (registers TSORT32, TMRGSORT)
from ptolint.executor.machine import ConcreteTile
from ptolint.ir import CallSite, Const, ScalarOperand, TileOperand, TileSpec, TypeOperand
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule


def tsort32(src_s, dst_s, idx_s, vc=None, tmp_s=None, target="a2a3") -> CallSite:
    ops = [("dst", tile(dst_s, "dst")), ("src", tile(src_s, "src", vc=vc)), ("idx", tile(idx_s, "idx"))]
    if tmp_s is not None:
        ops.append(("tmp", tile(tmp_s, "tmp")))
    return site("TSORT32", ops, target)


@pytest.mark.parametrize("dtype", ["float", "half"])
def test_tsort32_sorts_each_block_descending_with_indices(dtype: str) -> None:
    coef = 2 if dtype == "float" else 4
    m = machine(tsort32(spec(dtype, 2, 64), spec(dtype, 2, 64 * coef), spec("uint32_t", 2, 64)))
    vals = np.arange(128, dtype=np.float32).reshape(2, 64)
    m.tiles["src"].data()[:] = vals
    m.tiles["idx"].data()[:] = np.arange(128, dtype=np.uint32).reshape(2, 64) + 1000
    assert run(m) == set()
    raw = m.tiles["dst"].buf.bytes().reshape(2, 64, 8)
    got_v = np.ascontiguousarray(raw[:, :, :SIZES[dtype]]).view(np.float32 if dtype == "float" else np.float16)
    got_i = np.ascontiguousarray(raw[:, :, 4:]).view(np.uint32).reshape(2, 64)
    np.testing.assert_array_equal(got_v.reshape(2, 64)[0, :32], np.arange(31, -1, -1))
    np.testing.assert_array_equal(got_i[1, 32:], np.arange(127, 95, -1) + 1000)


def test_tsort32_three_operand_drops_the_tail() -> None:
    m = machine(tsort32(spec("float", 1, 64), spec("float", 1, 128), spec("uint32_t", 1, 64), vc=40))
    assert run(m) == {"partial-result"}
    m = machine(tsort32(spec("float", 1, 64), spec("float", 1, 128), spec("uint32_t", 1, 64), vc=40,
                        tmp_s=spec("float", 1, 64)))
    assert run(m) == set()


def test_tsort32_narrow_dst_overruns() -> None:
    m = machine(tsort32(spec("half", 2, 64), spec("half", 2, 128), spec("uint32_t", 2, 64)))
    assert "out-of-bounds" in run(m)


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tsort32_static_checks(target: str) -> None:
    m = machine(tsort32(spec("float", 1, 64), spec("float", 1, 128), spec("int32_t", 1, 64), target=target))
    assert run(m) == {"unsupported-dtype"}
    m = machine(tsort32(spec("float", 1, 64, loc="Mat"), spec("half", 1, 256), spec("uint32_t", 1, 64),
                        target=target))
    assert run(m) == {"unsupported-path", "dtype-mismatch"}


def mrg(srcs: list[TileOperand], tmp_s: TileSpec, dst_s: TileSpec, exhausted: str = "false") -> CallSite:
    ops = [("dst", tile(dst_s, "dst")), ("executedNumList", TypeOperand("pto::MrgSortExecutedNumList &", "e")),
           ("tmp", tile(tmp_s, "tmp"))] + [(f"src{i}", t) for i, t in enumerate(srcs)]
    return site("TMRGSORT", ops, targs={"exhausted": exhausted})


def _sorted_list(t: ConcreteTile, keys: np.ndarray) -> None:
    raw = t.buf.bytes().reshape(-1, 8)[:len(keys)]
    raw[:, :4] = keys.astype(np.float32).view(np.uint8).reshape(-1, 4)


def test_tmrgsort_merges_two_lists() -> None:
    a, b = tile(spec("float", 1, 64), "a"), tile(spec("float", 1, 64), "b")
    m = machine(mrg([a, b], spec("float", 1, 128), spec("float", 1, 128)))
    _sorted_list(m.tiles["src0"], np.arange(32, 0, -1) * 2.0)
    _sorted_list(m.tiles["src1"], np.arange(32, 0, -1) * 2.0 - 1)
    assert run(m) == set()
    keys = np.ascontiguousarray(m.tiles["dst"].buf.bytes().reshape(-1, 8)[:, :4]).view(np.float32).reshape(-1)
    np.testing.assert_array_equal(keys, np.arange(64, 0, -1, dtype=np.float32))


def test_tmrgsort_tmp_undersized_and_exhausted_bound() -> None:
    a, b = tile(spec("float", 1, 64), "a"), tile(spec("float", 1, 64), "b")
    assert run(machine(mrg([a, b], spec("float", 1, 64), spec("float", 1, 64)))) == {"tmp-undersized"}
    # exhausted: at most 32 + 31 structures = 126 floats
    assert run(machine(mrg([a, b], spec("float", 1, 120), spec("float", 1, 64), "true"))) == {"tmp-undersized"}
    assert run(machine(mrg([a, b], spec("float", 1, 128), spec("float", 1, 64), "true"))) == set()


def single(vc: int, block: int) -> CallSite:
    return site("TMRGSORT", [("dst", tile(spec("float", 1, 512), "dst")),
                             ("src", tile(spec("float", 1, 512), "src", vc=vc)),
                             ("blockLen", ScalarOperand(Const(block), "blockLen"))])


def test_tmrgsort_single_list_block_groups() -> None:
    assert run(machine(single(512, 64))) == set()
    assert run(machine(single(320, 64))) == {"partial-result"}
    assert run(machine(single(128, 64))) == {"partial-result"}  # 0 groups of 256
    assert "partial-result" in run(machine(single(512, 0)))


def test_rules_and_executor_agree_on_tmp_bound() -> None:
    rules = load_rules()
    a, b = tile(spec("float", 1, 64), "a"), tile(spec("float", 1, 64), "b")
    bad = mrg([a, b], spec("float", 1, 120), spec("float", 1, 64), "true")
    good = mrg([a, b], spec("float", 1, 128), spec("float", 1, 64), "true")
    assert check_rule(rules["PTO988"], bad).level == "error"
    assert check_rule(rules["PTO988"], good).level is None


def single_sized(cols: int, vc: int, block: int, target: str = "a2a3") -> CallSite:
    return site("TMRGSORT", [("dst", tile(spec("float", 1, cols), "dst")),
                             ("src", tile(spec("float", 1, cols), "src", vc=vc)),
                             ("blockLen", ScalarOperand(Const(block), "blockLen"))], target=target)


@pytest.mark.parametrize(("target", "cols", "block", "kinds", "rule"), [
    ("a2a3", 512, 48, {"valid-region"}, "PTO218"),        # blockLen % 64 (A2/A3 PTO_ASSERT)
    ("a5", 512, 48, set(), "PTO218"),                     # A5 does not check it (and PTO218 does not run there)
    ("a2a3", 24576, 64, {"valid-region"}, "PTO217")])     # 2 x 24576 floats = 192 KiB, not below UB_SIZE
def test_tmrgsort_ub_budget_and_block_len(target: str, cols: int, block: int, kinds: set[str], rule: str) -> None:
    st = single_sized(cols, cols if cols != 512 else 192, block, target)
    assert run(machine(st)) - {"partial-result"} == kinds
    r = load_rules()[rule]
    if target in r.targets:
        assert (check_rule(r, st).level is not None) == bool(kinds)


@pytest.mark.parametrize(("target", "cols", "bad"), [("a2a3", 28672, True), ("a5", 28672, False),
                                                     ("a5", 36864, True), ("a2a3", 24576, False)])
def test_tmrgsort_static_ub_check(target: str, cols: int, bad: bool) -> None:
    """PTO216 (CheckOverMemory): dst's (single-list) plus src's row bytes within UB_SIZE. Two such rows do not fit
    the executor's UB at once, so the check is exercised on unplaced tiles."""
    from ptolint.executor.machine import Machine
    from ptolint.executor.ops.sort_gather import _ub_checks

    st = single_sized(512, 512, 64, target)
    m = Machine(st, target)
    row = spec("float", 1, cols)
    kinds = {k for k, _ in _ub_checks(m, ConcreteTile("dst", row, 1, cols, None), ConcreteTile("src", row, 1, cols,
                                                                                                 None), 4)}
    assert kinds == ({"size-mismatch"} if bad else set())
    big = site("TMRGSORT", [("dst", tile(row, "dst")), ("src", tile(row, "src")),
                            ("blockLen", ScalarOperand(Const(64), "blockLen"))], target=target)
    assert (check_rule(load_rules()["PTO216"], big).level == "error") is bad

"""The recall harness (bench/recall.py) itself: its textual model of a correct kernel and a few of its mutation
operators, run through the real CLI on one fixture. Not a timed test; the full harness is `python bench/recall.py`."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys

import pytest
from conftest import FIXTURES, ROOT

SEED = FIXTURES / "correct_code" / "TROWPROD" / "seed_examples.cpp"


@pytest.fixture(scope="module")
def recall():
    spec = importlib.util.spec_from_file_location("ptolint_bench_recall", ROOT / "bench" / "recall.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_kernel_model_resolves_aliases_and_operands(recall) -> None:
    calls = recall.find_calls(SEED, "a2a3")
    assert [(c.instr, c.line) for c in calls] == [("TROWPROD", 14), ("TROWPROD", 27)]
    ops = calls[0].operands
    assert ops[0].spec.render() == ("Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, 16, 1, SLayout::NoneBox, "
                                    "512>")
    assert ops[1].spec.is_nd() and ops[2].spec.loc_name == "Vec"


def test_injected_violations_are_detected_with_their_rule(recall) -> None:
    ops = {"src-to-mat", "tmp-16-bytes", "src-rows-minus-1"}
    mutants = recall.generate(SEED, targets=("a2a3",), only_ops=ops)
    mutants = [m for m in mutants if m.line == 14]
    assert sorted(m.rule for m in mutants) == ["PTO201", "PTO209", "PTO211"]
    for m in mutants:  # each mutant differs from the kernel on the call's line only
        changed = [i for i, (a, b) in enumerate(zip(m.original.splitlines(), m.source.splitlines(), strict=True))
                   if a != b]
        assert changed == [m.line - 1], m.diff()
    results = recall.run_mutants(mutants, jobs=1, batch_size=len(mutants))
    for m, r in zip(mutants, results, strict=True):
        assert r["status"] == "detected", (m.rule, r)
        assert m.rule in r["findings_on_line"]


def test_unparsable_mutant_is_invalid_not_missed(recall) -> None:
    m = recall.generate(SEED, targets=("a2a3",), only_ops={"src-to-mat"})[0]
    broken = dataclasses.replace(m, source=m.source.replace("TROWPROD(", "TROWPROD(undeclared_tile, ", 1))
    [r] = recall.run_mutants([broken], jobs=1)
    assert r["status"] == "invalid", r

"""bench/coverage.py: its per-target coverage agrees with the rule registry and the PTO010 table."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "coverage.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


@pytest.fixture(scope="module")
def report() -> dict:
    proc = run("--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_builtins_are_the_model_headers_public_entry_points(report: dict) -> None:
    from ptolint.frontend.parse import MODEL_INCLUDE

    text = (Path(MODEL_INCLUDE) / "pto" / "common" / "pto_instr.hpp").read_text()
    names = set(report["builtins"])
    assert {"TADD", "TPUSH", "TPOP", "TPRINT", "TSYNC", "TRANDOM", "TGET_SCALE_ADDR"} <= names
    assert not [n for n in names if n.endswith("_IMPL")]
    for n in names:
        assert re.search(rf"\b{n}\s*\(", text), n
    assert report["builtins"] == sorted(names)


def test_coverage_agrees_with_the_registry(report: dict) -> None:
    from ptolint.ruleset import load_rules

    rules = load_rules()
    import ptolint.rules.availability as availability

    assert set(report["targets"]) == {"a2a3", "a5"}
    for target, r in report["targets"].items():
        covered, uncovered = set(r["covered_names"]), set(r["uncovered"])
        assert covered | uncovered == set(report["builtins"]) and not covered & uncovered
        assert r["total"] == len(report["builtins"]) and r["covered"] == len(covered)
        assert r["percent"] == round(100.0 * len(covered) / r["total"], 1)
        for b in report["builtins"]:
            by_rule = any(b in x.instructions and target in x.targets for c, x in rules.items() if c != "PTO010")
            gone = availability.wholly_unavailable(b, target)
            assert (b in covered) == (by_rule or (gone and b in rules["PTO010"].instructions)), (target, b)
            assert (b in r["unavailable"]) == gone, (target, b)


def _no_constraints() -> dict:
    import importlib.util

    spec = importlib.util.spec_from_file_location("ptolint_bench_coverage", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script.NO_CONSTRAINTS


def test_nothing_to_check_is_a_separate_category(report: dict) -> None:
    table = _no_constraints()
    for target, r in report["targets"].items():
        uncovered = set(r["uncovered"])
        want = {b for b in uncovered if target in table.get(b, {})}
        assert set(r["nothing_to_check"]) == want, target
        assert set(r["open"]) == uncovered - want and not set(r["open"]) & want
        assert r["covered_or_nothing"] == r["covered"] + len(want)
        assert r["percent_with_nothing"] == round(100.0 * r["covered_or_nothing"] / r["total"], 1)
        assert r["percent"] <= r["percent_with_nothing"]


def test_no_constraints_table_is_well_formed_and_not_stale(report: dict) -> None:
    """Every entry names a declared builtin and a known target, gives header evidence, and is not (any more)
    covered by a rule on that target (then the entry must go)."""
    table = _no_constraints()
    assert table
    for b, per_target in table.items():
        assert b in report["builtins"], b
        for t, evidence in per_target.items():
            assert t in ("a2a3", "a5"), (b, t)
            assert "include/pto/" in evidence and len(evidence) > 30, (b, t)
            assert b not in report["targets"][t]["covered_names"], f"{b} on {t} is covered by a rule now"


def test_text_output_matches_json(report: dict) -> None:
    proc = run()
    assert proc.returncode == 0, proc.stderr
    blocks = {b.split(":", 1)[0]: b for b in proc.stdout.split("\n\n")[1:]}
    for target, r in report["targets"].items():
        block = blocks[target]
        assert f"{target}: {r['covered']}/{r['total']} covered ({r['percent']:.1f}%)" in block
        line = next(ln for ln in block.splitlines() if ln.strip().startswith("uncovered"))
        assert line.split(":", 1)[1].split() == (r["uncovered"] or ["-"])
        line = next(ln for ln in block.splitlines() if ln.strip().startswith("nothing to check"))
        assert "the headers enforce no constraint" in line
        assert line.rsplit(":", 1)[1].split() == (r["nothing_to_check"] or ["-"])
        both = (f"covered or nothing to check: {r['covered_or_nothing']}/{r['total']} "
                f"({r['percent_with_nothing']:.1f}%)")
        assert both in block


def test_single_target() -> None:
    proc = run("--json", "--target", "a5")
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["targets"]) == ["a5"]

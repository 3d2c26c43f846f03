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


def test_text_output_matches_json(report: dict) -> None:
    proc = run()
    assert proc.returncode == 0, proc.stderr
    blocks = {b.split(":", 1)[0]: b for b in proc.stdout.split("\n\n")[1:]}
    for target, r in report["targets"].items():
        block = blocks[target]
        assert f"{target}: {r['covered']}/{r['total']} covered ({r['percent']:.1f}%)" in block
        line = next(ln for ln in block.splitlines() if ln.strip().startswith("uncovered"))
        assert line.split(":", 1)[1].split() == (r["uncovered"] or ["-"])


def test_single_target() -> None:
    proc = run("--json", "--target", "a5")
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["targets"]) == ["a5"]

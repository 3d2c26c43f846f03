"""Every fixture through the real CLI: bugs_detected/ kernels give exactly their annotated findings
(rule, line, level, target, witness values); correct_code/ kernels give none."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES, expectations, ptolint

from ptolint.targets import ALL_TARGETS

BAD = sorted((FIXTURES / "bugs_detected").rglob("*.cpp"))
GOOD = sorted((FIXTURES / "correct_code").rglob("*.cpp"))


def ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(FIXTURES)) for p in paths]


@pytest.mark.parametrize("path", BAD, ids=ids(BAD))
def test_bug_fixture_reports_exactly_its_annotations(path: Path) -> None:
    expected = expectations(path)
    assert expected, f"{path} has no '// expect[...]' annotation"
    run = ptolint("check", "--format", "json", str(path))
    assert run.code == (1 if any(lv != "note" for _, _, lv, _, _ in expected) else 0), run.stderr or run.stdout
    doc = run.json
    assert not [d for d in doc["diagnostics"] if d["level"] == "error"], doc["diagnostics"]
    got = {(f["rule"], f["line"], f["level"], f["target"]) for f in doc["findings"]}
    want = {(r, ln, lv, t) for r, ln, lv, t, _ in expected}
    assert got == want
    for rule, line, _level, tgt, values in expected:
        f = next(x for x in doc["findings"] if (x["rule"], x["line"], x["target"]) == (rule, line, tgt))
        assert f["confirmed"] is True
        seen = {**f["witness"]["values"], **f["witness"]["inputs"]}
        for k, v in values.items():
            assert k in seen, f"{rule} line {line} [{tgt}]: witness lacks {k}: {seen}"
            assert str(seen[k]) == v, f"{rule} line {line} [{tgt}]: {k} = {seen[k]}, expected {v}"


@pytest.mark.parametrize("path", GOOD, ids=ids(GOOD))
def test_correct_fixture_is_clean(path: Path) -> None:
    """No error or warning; notes (code that works but not as written) only where annotated."""
    run = ptolint("check", "--format", "json", str(path))
    doc = run.json
    notes = {(r, ln, lv, t) for r, ln, lv, t, _ in expectations(path)}
    assert all(lv == "note" for _, _, lv, _ in notes), "correct code may only expect notes"
    assert {(f["rule"], f["line"], f["level"], f["target"]) for f in doc["findings"]} == notes
    assert not [d for d in doc["diagnostics"] if d["level"] == "error"], doc["diagnostics"]
    assert run.code == 0
    stats = doc["stats"][str(path)]
    assert all(s["unresolved"] == 0 for k, s in stats.items() if k in ALL_TARGETS), stats


def test_every_rule_has_a_bad_and_a_good_fixture() -> None:
    from ptolint.ruleset import load_rules

    bad_codes = {r for p in BAD for r, *_ in expectations(p)}
    good_text = "\n".join(p.read_text() for p in GOOD)
    for code in load_rules():
        assert code in bad_codes, f"{code} has no bugs_detected fixture"
        assert "covers: " in good_text and code in good_text, f"{code} has no correct_code fixture ('// covers: {code}')"

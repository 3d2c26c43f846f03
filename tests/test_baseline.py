"""`--baseline` / `--write-baseline`: known findings are hidden, even after the code around them moves."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ptolint
from test_cli import BAD_KERNEL

BAD_LINE = "TEXTRACT(dst, src, i + 16 * n, 0);"


def test_baseline_hides_known_findings_across_line_shifts_and_shows_new_ones(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    kernel = tmp_path / "src" / "k.cpp"
    kernel.write_text(BAD_KERNEL)
    wrote = ptolint("check", "src", "--write-baseline", "ptolint-baseline.json", cwd=tmp_path)
    assert wrote.code == 0, wrote.stdout + wrote.stderr  # the findings are now known
    assert "[PTO102]" in wrote.stdout and "wrote 2 finding(s)" in wrote.stderr
    doc = json.loads((tmp_path / "ptolint-baseline.json").read_text())
    assert doc["version"] == 1 and doc["tool"]["name"] == "ptolint"
    assert sorted((e["file"], e["rule"], e["target"], e["line"]) for e in doc["findings"]) == [
        ("src/k.cpp", "PTO102", "a2a3", 7), ("src/k.cpp", "PTO102", "a5", 7)]
    assert all(len(e["fingerprint"]) == 32 for e in doc["findings"])

    run = ptolint("check", "src", "-f", "json", "--baseline", "ptolint-baseline.json", cwd=tmp_path)
    assert run.code == 0 and run.json["findings"] == []
    text = ptolint("check", "src", "--baseline", "ptolint-baseline.json", cwd=tmp_path)
    assert text.code == 0 and "2 finding(s) in the baseline not shown" in text.stdout

    # lines inserted above the finding (and a different cwd): still the same finding, still hidden
    kernel.write_text(BAD_KERNEL.replace("using namespace pto;", "using namespace pto;\n// a comment\n\n"))
    run = ptolint("check", "k.cpp", "-f", "json", "--baseline", "../ptolint-baseline.json", cwd=tmp_path / "src")
    assert run.code == 0 and run.json["findings"] == [], run.stdout

    # a new violation is reported (and only it); exit status counts only what is shown
    shifted = kernel.read_text()
    kernel.write_text(shifted.replace(BAD_LINE, BAD_LINE + "\n    TEXTRACT(dst, src, 16 * n, 0);"))
    run = ptolint("check", "src", "-f", "json", "--baseline", "ptolint-baseline.json", cwd=tmp_path)
    assert run.code == 1
    assert {(f["rule"], f["line"]) for f in run.json["findings"]} == {("PTO102", 11)}  # the old one moved to line 10

    # editing the flagged line itself makes it a new finding
    kernel.write_text(shifted.replace(BAD_LINE, "TEXTRACT(dst, src, i + 16 * n + 16, 0);"))
    run = ptolint("check", "src", "-f", "json", "--baseline", "ptolint-baseline.json", cwd=tmp_path)
    assert run.code == 1 and {f["line"] for f in run.json["findings"]} == {10}


def test_sarif_fingerprint_is_one_per_finding_baseline_one_per_target(tmp_path: Path) -> None:
    """SARIF has one result per finding whatever the targets (one alert on GitHub); a baseline keeps one entry
    per target, so that a finding that appears on a new target is reported."""
    (tmp_path / "k.cpp").write_text(BAD_KERNEL)
    a5 = ptolint("check", "k.cpp", "-f", "sarif", "-t", "a5", "--write-baseline", "b.json", cwd=tmp_path).json
    both = ptolint("check", "k.cpp", "-f", "sarif", "-t", "a2a3,a5", cwd=tmp_path).json
    (result,) = a5["runs"][0]["results"]
    (merged,) = both["runs"][0]["results"]
    assert merged["properties"]["targets"] == ["a2a3", "a5"]
    assert result["partialFingerprints"] == merged["partialFingerprints"]
    (entry,) = json.loads((tmp_path / "b.json").read_text())["findings"]
    assert entry["target"] == "a5" and entry["fingerprint"]


def test_bad_baseline_is_exit_two(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text(BAD_KERNEL)
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"version": 1, "findings": [{"file": "k.cpp"}]}')
    for name, needle in (("missing.json", "cannot read baseline"), ("bad.json", "not a ptolint baseline"),
                         ("other.json", "not a ptolint baseline")):
        run = ptolint("check", "k.cpp", "--baseline", name, cwd=tmp_path)
        assert run.code == 2 and needle in run.stderr and name in run.stderr and "Traceback" not in run.stderr

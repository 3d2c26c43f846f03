"""SARIF output of the real CLI validates against the official SARIF 2.1.0 schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from conftest import FIXTURES, ROOT, ptolint

from ptolint.targets import ALL_TARGETS

SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
BAD = sorted((FIXTURES / "bugs_detected").rglob("*.cpp"))


@pytest.fixture(scope="module")
def sarif_doc() -> dict:
    assert BAD, "no bug fixtures"
    run = ptolint("check", "--format", "sarif", *[str(p) for p in BAD[:12]])
    assert run.code == 1, run.stderr
    return json.loads(run.stdout)


def test_sarif_validates_against_official_schema(sarif_doc: dict) -> None:
    validator = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(sarif_doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def test_sarif_results_carry_target_witness_location_and_flow(sarif_doc: dict) -> None:
    run = sarif_doc["runs"][0]
    assert sarif_doc["version"] == "2.1.0"
    rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    assert run["results"]
    for res in run["results"]:
        assert res["ruleId"] in rule_ids
        assert res["level"] in ("error", "warning", "note")
        assert res["properties"]["targets"] and set(res["properties"]["targets"]) <= set(ALL_TARGETS)
        assert res["properties"]["confirmed"] is True
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert not loc["artifactLocation"]["uri"].startswith("/")
        assert loc["region"]["startLine"] >= 1
        assert res["partialFingerprints"]["primaryLocationLineHash"]
        assert res["codeFlows"][0]["threadFlows"][0]["locations"]


def test_sarif_rule_descriptors_have_help(sarif_doc: dict) -> None:
    for r in sarif_doc["runs"][0]["tool"]["driver"]["rules"]:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert "## Example" in r["help"]["markdown"]
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")


def test_fingerprint_stable_across_line_shifts(tmp_path: Path) -> None:
    src = BAD[0].read_text()
    a, b = tmp_path / "a.cpp", tmp_path / "b.cpp"
    a.write_text(src)
    b.write_text("// shifted\n\n" + src)
    ra = json.loads(ptolint("check", "--format", "sarif", "a.cpp", cwd=tmp_path).stdout)
    rb = json.loads(ptolint("check", "--format", "sarif", "b.cpp", cwd=tmp_path).stdout)
    fa = sorted(r["partialFingerprints"]["primaryLocationLineHash"] for r in ra["runs"][0]["results"])
    fb = sorted(r["partialFingerprints"]["primaryLocationLineHash"] for r in rb["runs"][0]["results"])
    assert fa and fa == fb
    la = sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in ra["runs"][0]["results"])
    lb = sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in rb["runs"][0]["results"])
    assert [x + 2 for x in la] == lb


# GitHub code scanning's documented upload limits (docs: "SARIF support for code scanning")
GITHUB_LIMITS = {"runs": 20, "results_per_run": 25_000, "rules_per_run": 25_000, "tags_per_rule": 20,
                 "thread_flow_locations": 10_000, "locations_per_result": 1_000}


def test_sarif_within_github_limits(sarif_doc: dict) -> None:
    assert len(sarif_doc["runs"]) <= GITHUB_LIMITS["runs"]
    for run in sarif_doc["runs"]:
        assert len(run["results"]) <= GITHUB_LIMITS["results_per_run"]
        rules = run["tool"]["driver"]["rules"]
        assert len(rules) <= GITHUB_LIMITS["rules_per_run"]
        assert all(len(r["properties"]["tags"]) <= GITHUB_LIMITS["tags_per_rule"] for r in rules)
        for res in run["results"]:
            assert len(res["locations"]) + len(res.get("relatedLocations", [])) <= GITHUB_LIMITS["locations_per_result"]
            for flow in res["codeFlows"]:
                for tf in flow["threadFlows"]:
                    assert len(tf["locations"]) <= GITHUB_LIMITS["thread_flow_locations"]
            # GitHub requires a location with a relative URI and a fingerprint for de-duplication
            assert res["partialFingerprints"]["primaryLocationLineHash"]


def test_sarif_columns_are_utf16(tmp_path: Path) -> None:
    src = (FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp").read_text()
    plain = json.loads(ptolint("check", "-f", "sarif", "k.cpp", cwd=_write(tmp_path, "k.cpp", src)).stdout)
    # a 4-byte UTF-8 / 2-unit UTF-16 character before each call shifts byte columns by 4, UTF-16 columns by 2
    lines = [("/*\U0001F600*/" + ln if "TEXTRACT(" in ln and not ln.lstrip().startswith("//") else ln)
             for ln in src.splitlines()]
    shifted = json.loads(ptolint("check", "-f", "sarif", "k.cpp",
                                 cwd=_write(tmp_path, "k.cpp", "\n".join(lines) + "\n")).stdout)
    assert shifted["runs"][0]["columnKind"] == "utf16CodeUnits"
    a = [r["locations"][0]["physicalLocation"]["region"]["startColumn"] for r in plain["runs"][0]["results"]]
    b = [r["locations"][0]["physicalLocation"]["region"]["startColumn"] for r in shifted["runs"][0]["results"]]
    assert a and [x + 6 for x in a] == b  # "/*" + 2 UTF-16 units + "*/"


def _write(d: Path, name: str, text: str) -> Path:
    (d / name).write_text(text, encoding="utf-8")
    return d


def test_one_result_per_finding_whatever_the_targets(tmp_path: Path) -> None:
    src = (FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp").read_text()
    _write(tmp_path, "k.cpp", src)
    both = json.loads(ptolint("check", "-f", "sarif", "-t", "a2a3,a5", "k.cpp", cwd=tmp_path).stdout)["runs"][0]
    one = json.loads(ptolint("check", "-f", "sarif", "-t", "a2a3", "k.cpp", cwd=tmp_path).stdout)["runs"][0]
    text = ptolint("check", "-t", "a2a3,a5", "k.cpp", cwd=tmp_path).stdout
    shown = [ln for ln in text.splitlines() if ln.startswith("k.cpp:")]
    assert len(both["results"]) == len(shown)  # one alert per finding the text report shows
    assert any(r["properties"]["targets"] == ["a2a3", "a5"] for r in both["results"])
    fp = {r["partialFingerprints"]["primaryLocationLineHash"] for r in both["results"]}
    assert {r["partialFingerprints"]["primaryLocationLineHash"] for r in one["results"]} <= fp


def test_uris_are_relative_to_the_repository_root(tmp_path: Path) -> None:
    import subprocess

    repo = tmp_path / "repo"
    (repo / "kernels").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    src = (FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp").read_text()
    _write(repo / "kernels", "k.cpp", src)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    doc = json.loads(ptolint("check", "-f", "sarif", str(repo / "kernels" / "k.cpp"), cwd=tmp_path / "elsewhere").stdout)
    run = doc["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    art = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert art == {"uri": "kernels/k.cpp", "uriBaseId": "%SRCROOT%"}
    doc = json.loads(ptolint("check", "-f", "sarif", "--sarif-root", str(repo / "kernels"), str(repo / "kernels" / "k.cpp"),
                             cwd=tmp_path / "elsewhere").stdout)
    assert doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "k.cpp"
    assert all("helpUri" not in r for r in doc["runs"][0]["tool"]["driver"]["rules"])

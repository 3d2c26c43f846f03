"""SARIF output of the real CLI validates against the official SARIF 2.1.0 schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from conftest import FIXTURES, ROOT, ptolint

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
        assert res["properties"]["target"] in ("a2a3", "a5")
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

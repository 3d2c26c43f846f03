"""What kind of failure a finding is (compile-error, runtime-fault, silent, debug-trap): derived per rule and target,
shown in every format, selectable with --select/--ignore and the configuration (issue 13 item 9)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ptolint

from ptolint import targets
from ptolint.failure import FAILURE_KINDS, OVERRIDES, failure_kind, release_behaviour, rule_kinds
from ptolint.ruleset import load_rules

TARGETS = getattr(targets, "ALL_TARGETS", targets.TARGETS)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "bugs_detected"

# PTO102 (TEXTRACT rows out of bounds): a PTO_ASSERT on A2/A3 (debug builds trap), unchecked on A5 (a run-time
# fault); PTO502 (TDIVS half source, float destination): no overload / static_assert on both targets.
KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  for (int i = 0; i < 64; i += 16) {
    TEXTRACT(dst, src, i + 16 * n, 0);
  }
  Tile<TileType::Vec, half, 16, 64> a;
  Tile<TileType::Vec, float, 16, 64> b;
  TDIVS(b, a, (half)2.0f);
}
"""


def kinds(doc: dict) -> set[tuple[str, str, str]]:
    return {(f["rule"], f["target"], f["kind"]) for f in doc["findings"]}


def test_every_rule_has_a_kind_on_every_target() -> None:
    rules = load_rules()
    for r in rules.values():
        for t in dict.fromkeys(tuple(TARGETS) + tuple(r.targets)):
            assert failure_kind(r, t) in FAILURE_KINDS, (r.code, t)
    assert set(OVERRIDES) <= set(rules)  # an override for a rule that does not exist is a typo


def test_derivation_and_overrides() -> None:
    rules = load_rules()
    assert rule_kinds(rules["PTO502"]) == {t: "compile-error" for t in rules["PTO502"].targets}  # header-static
    # npu/a5/TDivS.hpp reused on Kirin 9030 / X90; Kirin Dev0000's own TDivS.hpp (Rule.own)
    assert rules["PTO502"].targets == ("a2a3", "a5", "kirin9030", "kirinx90", "kirindev0000")
    assert "dst's valid shape" in release_behaviour(rules["PTO504"], "kirindev0000")
    assert failure_kind(rules["PTO505"], "kirindev0000", "TDIVS") == "runtime-fault"  # hazard
    assert set(rule_kinds(rules["PTO504"]).values()) == {"debug-trap"}  # PTO_ASSERT
    assert "skips" in release_behaviour(rules["PTO504"], "a2a3")
    assert "dst's valid shape" in release_behaviour(rules["PTO504"], "a5")
    # per target provenance (Kirin 9030's TExtract.hpp, which Kirin Dev0000 includes: Vec -> Vec PTO_ASSERTs; A6
    # compiles A5's checks; Kirin X90's own TExtract.hpp: PTO_ASSERTs on every path, ptolint/own_impls.py)
    assert rule_kinds(rules["PTO102"]) == {"a2a3": "debug-trap", "a5": "runtime-fault", "a6": "runtime-fault",
                                           "kirin9030": "debug-trap", "kirinx90": "debug-trap",
                                           "kirindev0000": "debug-trap"}
    assert rule_kinds(rules["PTO960"]) == {"a2a3": "silent", "a5": "compile-error"}  # override on a2a3
    assert set(rule_kinds(rules["PTO963"]).values()) == {"silent"}  # ignored-option
    assert set(rule_kinds(rules["PTO904"]).values()) == {"runtime-fault"}  # hazard
    assert set(rule_kinds(rules["PTO010"]).values()) == {"compile-error"}  # unavailable
    assert failure_kind(rules["PTO950"], "a5", "TLOAD") == "silent"
    assert failure_kind(rules["PTO950"], "a5", "TSTORE") == "compile-error"
    assert failure_kind(rules["PTO901"], "a5", "TASSIGN", "TASSIGN(obj, addr): `t` is placed") == "runtime-fault"
    assert failure_kind(rules["PTO901"], "a5", "TASSIGN", "TASSIGN<Addr>(obj): `t` needs") == "compile-error"


def test_json_sarif_and_text_show_the_kind(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text(KERNEL)
    run = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    assert kinds(run.json) == {("PTO102", "a2a3", "debug-trap"), ("PTO102", "a5", "runtime-fault"),
                               ("PTO502", "a2a3", "compile-error"), ("PTO502", "a5", "compile-error")}
    by = {(f["rule"], f["target"]): f for f in run.json["findings"]}
    assert by[("PTO102", "a2a3")]["release"].startswith("release build: ")
    assert by[("PTO102", "a5")]["release"] == "" and by[("PTO502", "a5")]["release"] == ""

    sarif = ptolint("check", "k.cpp", "--format", "sarif", cwd=tmp_path).json
    # one result per finding (PTO102's is the same on both targets; PTO502's message differs per target), its
    # targets and each target's kind listed: one alert on GitHub, not one per target
    props = {(r["ruleId"], *r["properties"]["targets"]): r["properties"] for r in sarif["runs"][0]["results"]}
    assert set(props) == {("PTO102", "a2a3", "a5"), ("PTO502", "a2a3"), ("PTO502", "a5")}
    assert props[("PTO502", "a5")]["kind"] == "compile-error"
    assert props[("PTO102", "a2a3", "a5")]["kinds"] == {"a2a3": "debug-trap", "a5": "runtime-fault"}
    assert "a2a3" in props[("PTO102", "a2a3", "a5")]["release"] and "release" not in props[("PTO502", "a5")]
    descriptors = {d["id"]: d for d in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert descriptors["PTO102"]["properties"]["kinds"] == {"a2a3": "debug-trap", "a5": "runtime-fault",
                                                            "a6": "runtime-fault", "kirin9030": "debug-trap",
                                                            "kirinx90": "debug-trap", "kirindev0000": "debug-trap"}

    text = ptolint("check", "k.cpp", cwd=tmp_path).stdout
    assert "[textract-row-out-of-bounds] [debug-trap on a2a3, runtime-fault on a5] [target a2a3, a5]" in text
    assert "debug builds trap (PTO_ASSERT) on a2a3; release build: " in text
    assert "[tdivs-dtype-mismatch] [compile-error] [target a2a3]" in text


def test_select_and_ignore_by_kind(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text(KERNEL)
    run = ptolint("check", "k.cpp", "--format", "json", "--select", "compile-error", cwd=tmp_path)
    assert run.code == 1 and kinds(run.json) == {("PTO502", "a2a3", "compile-error"),
                                                 ("PTO502", "a5", "compile-error")}
    run = ptolint("check", "k.cpp", "--format", "json", "--ignore", "compile-error", cwd=tmp_path)
    assert kinds(run.json) == {("PTO102", "a2a3", "debug-trap"), ("PTO102", "a5", "runtime-fault")}
    # a kind selects findings, not rules: PTO102 on A5 is not a debug trap
    run = ptolint("check", "k.cpp", "--format", "json", "--select", "debug-trap,PTO5", cwd=tmp_path)
    assert kinds(run.json) == {("PTO102", "a2a3", "debug-trap"), ("PTO502", "a2a3", "compile-error"),
                               ("PTO502", "a5", "compile-error")}
    run = ptolint("check", "k.cpp", "--select", "debug-trap", "--target", "a5", cwd=tmp_path)
    assert run.code == 0 and "0 error(s), 0 warning(s)" in run.stdout
    run = ptolint("check", "k.cpp", "--select", "no-such-kind", cwd=tmp_path)
    assert run.code == 2 and "unknown rule id(s): no-such-kind" in run.stderr


def test_configuration_selects_by_kind(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text(KERNEL)
    (tmp_path / ".ptolint.toml").write_text('select = ["compile-error"]\n')
    run = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    assert {k for _, _, k in kinds(run.json)} == {"compile-error"}
    (tmp_path / ".ptolint.toml").write_text('ignore = ["runtime-fault", "debug-trap"]\n')
    run = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    assert {k for _, _, k in kinds(run.json)} == {"compile-error"}
    (tmp_path / ".ptolint.toml").write_text('[per-file-ignores]\n"k.cpp" = ["compile-error"]\n')
    run = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    assert {r for r, _, _ in kinds(run.json)} == {"PTO102"}


def test_a_rule_whose_kind_differs_per_target(tmp_path: Path) -> None:
    fixture = FIXTURES / "TCVT" / "PTO960_unsupported_conversion.cpp"
    run = ptolint("check", str(fixture), "--format", "json", "--select", "PTO960", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    found = {(t, k) for _, t, k in kinds(run.json)}
    assert ("a2a3", "silent") in found and ("a5", "compile-error") in found
    run = ptolint("check", str(fixture), "--format", "json", "--select", "silent", cwd=tmp_path)
    assert {t for _, t, _ in kinds(run.json)} == {"a2a3"}


_DEV0000_ACC_PAIRS = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kernel() {
    TileAcc<float, 16, 16> acc;
    Tile<TileType::Vec, float, 16, 16> ub;
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512> l1;
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc2;
    TMOV(ub, acc);
    TMOV(acc2, l1);
    TEXTRACT(acc2, acc, 0, 0);
}
"""


def test_a_rule_whose_kind_differs_per_call_form(tmp_path: Path) -> None:
    """PTO007 on Kirin Dev0000: a copy that reaches CheckTMovAccValid does not compile; a pair no branch of the copy
    handles (into an Acc tile, Acc -> Acc) compiles to nothing (the differential bench found the vendor accepting
    them)."""
    (tmp_path / "k.cpp").write_text(_DEV0000_ACC_PAIRS)
    run = ptolint("check", "k.cpp", "--format", "json", "-t", "kirindev0000", "--select", "PTO007", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    found = {(f["line"], f["kind"]) for f in run.json["findings"]}
    assert found == {(8, "compile-error"), (9, "silent"), (10, "silent")}


def test_rules_listing_and_explain_show_kinds() -> None:
    doc = json.loads(ptolint("rules", "--format", "json").stdout)
    by = {r["id"]: r for r in doc}
    assert by["PTO960"]["kinds"] == {"a2a3": "silent", "a5": "compile-error"}
    text = ptolint("rules", "--select", "PTO960").stdout
    assert "[a2a3: silent, a5: compile-error]" in text
    listed = {line.split()[0] for line in ptolint("rules", "--select", "compile-error").stdout.splitlines()}
    assert "PTO960" in listed and "PTO502" in listed and "PTO504" not in listed
    out = ptolint("explain", "PTO504").stdout
    assert "Failure kind: debug-trap (a2a3: release build: silently skips" in out

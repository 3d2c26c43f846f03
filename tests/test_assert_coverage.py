"""bench/assert_coverage.py: the committed assertion map is current, and the extractor reads headers right.

CI has no pto-isa checkout: docs/assert-coverage.md is regenerated from the committed inventory
(bench/assert_inventory.json) with the live rule registry and the curated table, so a rule change that alters
the mapping fails here until the document is regenerated. The extractor is tested on a small header tree
written by the test.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "assert_coverage.py"
INVENTORY = ROOT / "bench" / "assert_inventory.json"
DOC = ROOT / "docs" / "assert-coverage.md"


def _load():
    spec = importlib.util.spec_from_file_location("assert_coverage", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["assert_coverage"] = mod
    spec.loader.exec_module(mod)
    return mod


ac = _load()


@pytest.fixture(scope="module")
def rules():
    from ptolint.ruleset import load_rules

    return load_rules()


@pytest.fixture(scope="module")
def inventory():
    return ac.read_inventory(INVENTORY)


@pytest.fixture(scope="module")
def report(inventory, rules):
    return ac.build_report(inventory, rules, ac.load_table(), list(ac.ALL_TARGETS))


# --- the committed document ------------------------------------------------------------------------------------


def test_doc_is_regenerated_from_inventory_and_current_rules(report) -> None:
    assert DOC.read_text() == ac.render_doc(report), (
        "docs/assert-coverage.md is stale: python bench/assert_coverage.py --from-inventory "
        "bench/assert_inventory.json --write-doc docs/assert-coverage.md")


def test_check_option_reports_a_stale_doc(tmp_path: Path, capsys) -> None:
    assert ac.main(["--from-inventory", str(INVENTORY), "--check", str(DOC)]) == 0
    stale = tmp_path / "doc.md"
    stale.write_text(DOC.read_text().replace("| a2a3 |", "| a2a3 (old) |", 1))
    assert ac.main(["--from-inventory", str(INVENTORY), "--check", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err


def test_inventory_is_facts_not_code(inventory) -> None:
    rows = inventory["assertions"]
    assert {r["target"] for r in rows} == set(ac.ALL_TARGETS)
    assert set(inventory["targets"]) == set(ac.ALL_TARGETS)
    for r in rows:
        assert len(r["cond"]) <= ac.COND_MAX
        assert r["kind"] in ("static", "runtime")
        assert r["id"] == f"{r['target']}:{r['file']}:{r['line']}:{r['id'].rsplit(':', 1)[1]}"
        assert r["file"].startswith("pto/") and r["builtins"]
    assert len({r["id"] for r in rows}) == len(rows)


def test_summary_adds_up(report) -> None:
    for t, s in report["summary"].items():
        mine = [r for r in report["assertions"] if r["target"] == t]
        assert s["asserts"] == len(mine) == s["checked"] + s["reasoned"] + s["unmapped"]
        assert s["checked"] == s["checked_curated"] + s["checked_inferred"]
        assert s["unmapped_ids"] == [r["id"] for r in mine if r["status"] == "unmapped"]
        for r in mine:
            if r["status"] == "checked":
                assert r["rules"]
            if r["status"] == "reasoned":
                assert r["reason"] in report["reasons"]


def test_a_checked_assertion_names_only_rules_that_run_on_its_target(report, rules) -> None:
    for r in report["assertions"]:
        for code in r["rules"]:
            assert r["target"] in rules[code].targets, (r["id"], code)
            assert set(r["builtins"]) & set(rules[code].instructions) or "*" in rules[code].instructions


def test_targets_ptolint_does_not_model_are_reported_as_such(report, rules) -> None:
    modelled = {t for r in rules.values() for t in r.targets}
    for t in ac.ALL_TARGETS:
        if t not in modelled:
            assert report["summary"][t]["checked"] == 0
            assert not report["summary"][t]["modelled"]


def test_the_map_follows_rule_targets(inventory, rules) -> None:
    """A rule that loses a target stops checking its assertions there; one that gains a target takes them."""
    table = ac.load_table()
    base = ac.build_report(inventory, rules, table, ["a5", "kirin9030"])
    checked_a5 = [r for r in base["assertions"] if r["target"] == "a5" and r["status"] == "checked"]
    code = checked_a5[0]["rules"][0]
    fewer = dict(rules)
    fewer[code] = dataclasses.replace(rules[code], targets=tuple(t for t in rules[code].targets if t != "a5"))
    after = ac.build_report(inventory, fewer, table, ["a5", "kirin9030"])
    was = {r["id"]: r for r in base["assertions"]}
    lost = [r for r in after["assertions"] if code in was[r["id"]]["rules"] and r["target"] == "a5"]
    assert lost and all(code not in r["rules"] for r in lost)
    assert ac.render_doc(after) != ac.render_doc(base)
    # the Tile class rules gaining kirin9030: its Tile class assertions become checked there
    more = {c: dataclasses.replace(r, targets=(*r.targets, "kirin9030")) if c in ("PTO001", "PTO002") else r
            for c, r in rules.items()}
    gained = ac.build_report(inventory, more, table, ["kirin9030"])
    tile = [r for r in gained["assertions"] if r["owner"] == "class:Tile" and r["cond"].startswith("Rows > 0")]
    assert tile and all(r["status"] == "checked" and r["rules"] == ["PTO001", "PTO002"] for r in tile)


def test_nothing_on_a2a3_or_a5_is_inferred(report) -> None:
    """Issue 13 item 4: every assertion on the two modelled targets is decided by a curated entry (a rule, an open
    item or a reason), none by the provenance inference; the document says so."""
    for t in ("a2a3", "a5"):
        assert report["summary"][t]["checked_inferred"] == 0
        assert not [r["id"] for r in report["assertions"] if r["target"] == t and r["basis"] == "provenance"]
    assert "Inferred credits per target: a2a3 0, a5 0," in ac.render_doc(report)


def test_a_newer_target_takes_the_decision_made_for_the_file_it_includes(report) -> None:
    """A Kirin that includes pto/npu/a5/<File>.hpp meets A5's assertion there: the curated A5 decision (rules,
    open item or reason) carries over, not the provenance inference; its rules only where they run on the Kirin."""
    by_id = {(r["file"], r["line"], r["cond"], r["target"]): r for r in report["assertions"]}
    shared = [r for r in report["assertions"] if r["target"] in ("kirin9030", "kirindev0000", "kirinx90", "a6")
              and r["file"].startswith("pto/npu/a5/")]
    assert shared
    for r in shared:
        home = by_id.get((r["file"], r["line"], r["cond"], "a5"))
        if home is None or home["basis"] != "curated" or home["reason"] == "model-compile-error":
            continue
        assert r["basis"] == "curated", r["id"]
        # availability rules decide differently on the newer target: PTO010 where the target includes the file
        # but pto_instr.hpp does not declare the builtin's wrapper (THISTOGRAM, the split TINSERT on Kirin
        # Dev0000) or where every path to the assertion goes on to a call the target's headers cannot compile
        # (A6's TEXTRACT out of L0C), PTO007 where the target has no L0C (Kirin Dev0000's TINSERT from an Acc
        # tile): every call that would reach the assertion is reported, whatever A5's reading decided
        if r["status"] == "checked" and set(r["rules"]) <= {"PTO007", "PTO010"}:
            continue
        if home["status"] == "unmapped":
            assert r["status"] == "unmapped", r["id"]
        if r["status"] == "checked":
            assert set(r["rules"]) <= set(home["rules"]), r["id"]
    carried = [r for r in shared if r["note"].startswith("decided on a5")]
    # A6 meets a5/utils.hpp's GetDistVst through TADD / TEXTRACT / TQUANT: A5's decision carries, with the rules
    # of it that run on A6 (open A5 items carry as open: the loop above)
    assert carried and any(r["file"] == "pto/npu/a5/utils.hpp" and r["target"] == "a6" and r["status"] == "checked"
                           for r in carried)


def test_entry_lines_pin_one_assertion_where_the_text_repeats() -> None:
    """Entry.lines matches by the assertion's line (inclusive range), so two assertions with the same condition
    text in one function can be mapped apart."""
    table = ac.load_table()
    a = {"target": "a5", "file": "pto/npu/a5/TShl.hpp", "owner": "function:TShlCheck", "kind": "static",
         "topic": "dtype-equal", "builtins": ["TSHL"], "cond": "T == TileDataSrc0::DType", "line": 78}
    first = table.Entry("pto/npu/a5/TShl.hpp", "function:TShlCheck", lines=(70, 80), rules=("PTO602",))
    assert ac.entry_matches(first, a)
    assert not ac.entry_matches(first, {**a, "line": 89})
    assert ac.entry_matches(table.Entry("pto/npu/a5/TShl.hpp", lines=(89, 89)), {**a, "line": 89})
    assert ac.entry_matches(table.Entry("pto/npu/a5/TShl.hpp"), {**a, "line": 89})  # no range: every line


def test_entry_guard_matches_the_build_mode_arm() -> None:
    """Entry.guard is fullmatched against the assertion's guards: an entry for the `__PTO_AUTO__` arm does not
    take the manual-placement arm's twin (or an assertion with no guard)."""
    table = ac.load_table()
    a = {"target": "a2a3", "file": "pto/npu/a2a3/TRowExpandSub.hpp", "owner": "function:TROWEXPANDSUB_IMPL",
         "kind": "runtime", "topic": "valid-region", "builtins": ["TROWEXPANDSUB"], "cond": "x", "line": 94,
         "guards": ["!(!defined(__PTO_AUTO__))"]}
    auto = table.Entry("pto/npu/a2a3/*", guard=r"!\(!defined\(__PTO_AUTO__\)\)", reason="auto-mode-only")
    assert ac.entry_matches(auto, a)
    assert not ac.entry_matches(auto, {**a, "guards": ["!defined(__PTO_AUTO__)"]})
    assert not ac.entry_matches(auto, {**a, "guards": []})
    m = ac.Mapper({}, table).map(a)
    assert m.status == "reasoned" and m.reason == "auto-mode-only"


# --- the extractor on a synthetic header tree --------------------------------------------------------------------

FILES = {
    "pto/pto-inst.hpp": """\
#ifndef PTO_INST_HPP
#define PTO_INST_HPP
#include <pto/common/arch_macro.hpp>
#if defined(__CPU_SIM)
#include "pto/cpu/Stub.hpp"
#endif
#include "pto/common/pto_instr.hpp"
#endif
""",
    "pto/cpu/Stub.hpp": "static_assert(false, \"never included on the NPU\");\n",
    "pto/common/arch_macro.hpp": """\
#ifndef ARCH_MACRO_HPP
#define ARCH_MACRO_HPP
#if __NPU_ARCH__ == 2201
#define PTO_NPU_ARCH_A2A3
#elif __NPU_ARCH__ == 3510
#define PTO_NPU_ARCH_A5
#endif
#endif
""",
    "pto/common/pto_instr.hpp": """\
#ifndef PTO_INSTR_HPP
#define PTO_INSTR_HPP
#define MAP_INSTR_IMPL(API, ...) API##_IMPL(__VA_ARGS__)
#ifdef PTO_NPU_ARCH_A2A3
#include "pto/npu/a2a3/TFoo.hpp"
#endif
#ifdef PTO_NPU_ARCH_A5
#include "pto/npu/a5/TFoo.hpp"
#endif
namespace pto {
template <typename D, typename S>
PTO_INST void TFOO(D &dst, S &src)
{
    MAP_INSTR_IMPL(TFOO, dst, src);
}
template <typename D>
PTO_INST void TBAR(D &dst)
{
    MAP_INSTR_IMPL(TBAR, dst);
}
}
#endif
""",
    "pto/npu/a2a3/common.hpp": """\
#pragma once
template <typename T>
PTO_INTERNAL void CheckRowMajor()
{
    static_assert(T::isRowMajor, "row major");
}
template <typename T>
PTO_INTERNAL void NeverCalled()
{
    static_assert(sizeof(T) == 4, "dead helper");
}
""",
    "pto/npu/a2a3/TFoo.hpp": """\
#pragma once
#include "common.hpp"
/* a comment with static_assert(false) inside */
template <typename D, typename S>
PTO_INTERNAL void TFOO_IMPL(D &dst, S &src)
{
    // static_assert(false) in a line comment
    static_assert(
        std::is_same<typename D::DType, half>::value ||
            std::is_same<typename D::DType, float>::value,
        "TFOO: unsupported \\"type\\"");
    CheckRowMajor<D>();
#ifdef _DEBUG
    PTO_ASSERT(dst.GetValidRow() == src.GetValidRow(), "rows differ");
#endif
    PTO_ASSERT(dst.GetValidCol() <= D::Cols, "cols");
}
template <typename D>
PTO_INTERNAL void TBAR_IMPL(D &dst)
{
    PTO_STATIC_ASSERT(D::Loc == TileType::Vec, "TBAR: Vec only");
}
""",
    "pto/npu/a5/TFoo.hpp": """\
#pragma once
template <typename D, typename S>
PTO_INTERNAL void TFOO_IMPL(D &dst, S &src)
{
#if defined(PTO_NPU_ARCH_A2A3)
    static_assert(sizeof(D) == 0, "not on a5");
#else
    static_assert(D::Rows == S::Rows, "a5 rows");
#endif
}
""",
}


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    for rel, text in FILES.items():
        p = tmp_path / "include" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


def _line(rel: str, needle: str) -> int:
    return next(i for i, line in enumerate(FILES[rel].splitlines(), 1)
                if needle in line and not line.lstrip().startswith(("/*", "//")))


def test_extractor_finds_every_kind_with_owner_builtins_and_guards(tree: Path) -> None:
    rows = ac.extract_target(tree / "include", "a2a3")
    got = {(r.file, r.line): r for r in rows}
    foo = "pto/npu/a2a3/TFoo.hpp"
    multi = got[(foo, _line(foo, "static_assert("))]  # the multi-line static_assert, at its first line
    assert multi.kind == "static" and multi.macro == "static_assert" and multi.owner == "function:TFOO_IMPL"
    assert multi.cond == "D::DType == half || D::DType == float"
    assert multi.builtins == ["TFOO"] and multi.topic == "dtype"
    debug = got[(foo, _line(foo, "GetValidRow"))]
    assert debug.kind == "runtime" and debug.guards == ["defined(_DEBUG)"] and debug.topic == "valid-region"
    assert got[(foo, _line(foo, "GetValidCol"))].guards == []
    bar = got[(foo, _line(foo, "PTO_STATIC_ASSERT"))]
    assert bar.kind == "static" and bar.builtins == ["TBAR"] and bar.topic == "location"
    # a helper in a relatively included file, reached by name from TFOO_IMPL
    helper = got[("pto/npu/a2a3/common.hpp", _line("pto/npu/a2a3/common.hpp", "isRowMajor"))]
    assert helper.owner == "function:CheckRowMajor" and helper.builtins == ["TFOO"] and helper.topic == "layout"
    # not on any builtin's path / in comments / in inactive code
    assert ("pto/npu/a2a3/common.hpp", _line("pto/npu/a2a3/common.hpp", "dead helper")) not in got
    assert not [r for r in rows if r.file.startswith(("pto/cpu", "pto/npu/a5"))]
    assert len(rows) == 5
    assert len({r.id for r in rows}) == 5 and all(r.id.startswith(f"a2a3:{r.file}:{r.line}:") for r in rows)


def test_extractor_evaluates_the_target_branches(tree: Path) -> None:
    rows = ac.extract_target(tree / "include", "a5")
    assert [(r.file, r.cond, r.builtins) for r in rows] == [("pto/npu/a5/TFoo.hpp", "D::Rows == S::Rows", ["TFOO"])]
    stats: dict = {}
    assert ac.extract_target(tree / "include", "kirin9030", stats=stats) == []
    assert stats["files"] == 3  # pto-inst, arch_macro, pto_instr: no implementation for that target here


def test_ids_are_stable_and_hash_the_normalised_text(tree: Path) -> None:
    first = ac.extract_target(tree / "include", "a2a3")
    foo = tree / "include" / "pto/npu/a2a3/TFoo.hpp"
    foo.write_text(foo.read_text().replace("PTO_ASSERT(dst.GetValidCol() <= D::Cols",
                                           "PTO_ASSERT(  dst.GetValidCol()   <=   D::Cols"))
    again = ac.extract_target(tree / "include", "a2a3")
    assert [r.id for r in first] == [r.id for r in again]


def test_full_pipeline_on_the_synthetic_tree(tree: Path, tmp_path: Path, rules, monkeypatch) -> None:
    inv = tmp_path / "inv.json"
    doc = tmp_path / "doc.md"
    out = tmp_path / "report.json"
    assert ac.main([str(tree), "--target", "a2a3", "--source-commit", "0" * 40, "--inventory", str(inv),
                    "--json", str(out), "--write-doc", str(doc)]) == 0
    assert ac.read_inventory(inv)["source"]["commit"] == "0" * 40
    assert ac.main(["--from-inventory", str(inv), "--target", "a2a3", "--check", str(doc)]) == 0
    # TFOO / TBAR are builtins no rule checks: nothing of them is on a checked builtin's path
    import json

    assert json.loads(out.read_text())["summary"]["a2a3"]["asserts"] == 0


def test_extractor_follows_reverse_includes_of_shared_implementation_parts(tree: Path) -> None:
    """A target header that includes a common/arch part at its end (a2a3/TLoad.hpp -> tload_common.hpp): the part's
    *_IMPL calls the includer's helpers by name, and their assertions are on the builtin's path."""
    inc = tree / "include"
    instr = inc / "pto/common/pto_instr.hpp"
    instr.write_text(instr.read_text().replace('#include "pto/npu/a2a3/TFoo.hpp"\n',
                                               '#include "pto/npu/a2a3/TFoo.hpp"\n#include "pto/npu/a2a3/TQux.hpp"\n'))
    (inc / "pto/npu/a2a3/TQux.hpp").write_text("""\
#pragma once
template <typename T>
PTO_INTERNAL void CheckQux(T &t)
{
    static_assert(T::Loc == TileType::Mat, "qux: Mat only");
}
#include "pto/common/arch/memory/tqux_common.hpp"
""")
    part = inc / "pto/common/arch/memory/tqux_common.hpp"
    part.parent.mkdir(parents=True, exist_ok=True)
    part.write_text("""\
#pragma once
template <typename T>
PTO_INTERNAL void TQUX_IMPL(T &t)
{
    CheckQux<T>(t);
}
""")
    rows = {(r.file, r.owner): r for r in ac.extract_target(inc, "a2a3")}
    assert rows[("pto/npu/a2a3/TQux.hpp", "function:CheckQux")].builtins == ["TQUX"]
    assert ac.REVERSE_DIRS == ("pto/common/arch/", "pto/npu/")

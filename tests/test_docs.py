"""docs/rules.md is generated from the registry and must not go stale; every rule's doc is complete."""

from __future__ import annotations

from conftest import ROOT

from ptolint.docgen import render
from ptolint.ruleset import load_rules


def test_rules_md_is_current() -> None:
    rules = sorted(load_rules().values(), key=lambda r: r.code)
    assert (ROOT / "docs" / "rules.md").read_text() == render(rules), \
        "docs/rules.md is stale: run python -m ptolint.docgen > docs/rules.md"


def test_every_rule_documents_itself() -> None:
    for r in load_rules().values():
        for title in ("Summary", "What it does", "Why is this bad?", "Example", "Use instead"):
            assert r.section(title), f"{r.code} lacks '## {title}'"
        assert "```cpp" in r.section("Example") and "```cpp" in r.section("Use instead"), r.code
        assert r.provenance and all(p.kind in ("seed-doc", "isa-doc", "header-static", "header-runtime", "hazard", "corpus")
                                    for p in r.provenance), r.code

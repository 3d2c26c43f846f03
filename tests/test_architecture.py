"""Data flows one way: the executor and the report layer never import rules or the solver."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_executor_is_independent_of_rules_and_solver() -> None:
    files = sorted((ROOT / "ptolint" / "executor").rglob("*.py"))
    assert len(files) >= 5
    for f in files:
        bad = {m for m in imports(f) if m.startswith(("ptolint.rules", "rules", "ptolint.solver", "ptolint.ruleset",
                                                      "z3"))}
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"


def test_rules_do_not_reach_into_frontend_or_executor() -> None:
    for f in sorted((ROOT / "rules").glob("*.py")):
        bad = {m for m in imports(f) if m.startswith(("ptolint.frontend", "ptolint.executor", "clang"))}
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"


def test_report_layer_decides_nothing() -> None:
    for f in sorted((ROOT / "ptolint" / "report").glob("*.py")):
        bad = {m for m in imports(f) if m.startswith(("ptolint.solver", "ptolint.executor", "ptolint.frontend", "z3"))}
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"

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


#: what the entry replay may take from the frontend: cursor navigation and type decoding, never evaluation
ENTRY_MAY_USE = {
    "ptolint.frontend.cursors": None,  # all of it: memoised navigation
    "ptolint.frontend.types": None,  # type spellings -> TileSpec / GlobalSpec / element names
    "ptolint.frontend.paths": None,
    "ptolint.frontend.values": {"tile_spec_of", "global_spec_of", "template_bindings", "class_bindings",
                                "display_name"},
}


def test_entry_replay_does_not_use_the_frontends_evaluation() -> None:
    """The runner (ptolint/executor/entry) is a second opinion: it shares libclang navigation and type decoding
    with the frontend, not its value model or its evaluation of expressions (Interpreter, fold/convert/Symbols,
    ptolint.evaluate), and it never sees rules, the solver or z3."""
    files = sorted((ROOT / "ptolint" / "executor" / "entry").glob("*.py"))
    assert len(files) >= 8
    for f in files:
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                for a in node.names:
                    assert not a.name.startswith(("ptolint.frontend", "ptolint.evaluate", "ptolint.rules", "rules",
                                                  "ptolint.solver", "ptolint.ruleset", "z3")), \
                        f"{f.relative_to(ROOT)} imports {a.name}"
            elif isinstance(node, ast.ImportFrom) and node.module:
                mod = node.module
                assert not mod.startswith(("ptolint.evaluate", "ptolint.rules", "rules", "ptolint.solver",
                                           "ptolint.ruleset", "z3", "ptolint.executor.sequence")), \
                    f"{f.relative_to(ROOT)} imports {mod}"
                if mod == "ptolint.frontend":
                    modules = {f"ptolint.frontend.{a.name}" for a in node.names}
                    assert all(ENTRY_MAY_USE.get(m, 0) is None for m in modules), \
                        f"{f.relative_to(ROOT)} imports {sorted(modules)}"
                elif mod.startswith("ptolint.frontend."):
                    assert mod in ENTRY_MAY_USE, f"{f.relative_to(ROOT)} imports {mod}"
                    allowed = ENTRY_MAY_USE[mod]
                    names = {a.name for a in node.names}
                    assert allowed is None or names <= allowed, \
                        f"{f.relative_to(ROOT)} imports {sorted(names - allowed)} from {mod}"


def _import_graph(level: int) -> dict[str, set[str]]:
    """ptolint's modules (rules/ as ptolint.rules) -> the ptolint modules they import, also inside functions;
    names cut to `level` dotted parts (2: ptolint.engine, ptolint.frontend, ...)."""
    mods: dict[str, Path] = {}
    for f in sorted((ROOT / "ptolint").rglob("*.py")) + sorted((ROOT / "rules").glob("*.py")):
        parts = f.relative_to(ROOT).with_suffix("").parts
        name = ".".join(("ptolint", *parts) if parts[0] == "rules" else parts).removesuffix(".__init__")
        mods[name] = f
    graph: dict[str, set[str]] = {}
    for name, f in mods.items():
        me = ".".join(name.split(".")[:level])
        for m in imports(f):
            if m.startswith("ptolint"):
                dep = ".".join(m.split(".")[:level])
                if dep != me:
                    graph.setdefault(me, set()).add(dep)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if state.get(w) == 1:
                return stack[stack.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        stack.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def test_no_import_circle_between_parts() -> None:
    """Stages and their packages import one way: no circle between ptolint's top-level modules and packages
    (ptolint.cache, ptolint.engine, ptolint.frontend, ptolint.executor, ...), nor between the frontend's and the
    executor's modules."""
    parts = _import_graph(2)
    parts["ptolint.ruleset"].discard("ptolint.rules")  # the registry finds its rule modules (plugins) by import
    assert _cycle(parts) is None
    graph3 = {k: v for k, v in _import_graph(3).items() if k.startswith(("ptolint.frontend", "ptolint.executor"))}
    graph3["ptolint.executor.machine"].discard("ptolint.executor.ops")  # the op registry finds its modules
    assert _cycle(graph3) is None  # (executor.entry and frontend.interp count as one part each)


def test_nothing_names_a_path_of_the_machine_it_was_written_on() -> None:
    """Provenance names documents (the seed document TDIVS, a header of the ISA), never where a developer kept them."""
    from ptolint.ruleset import load_rules

    for rule in load_rules().values():
        for p in rule.provenance:
            assert not p.where.startswith(("/", "~")) and "/work/" not in p.where, (rule.code, p.where)

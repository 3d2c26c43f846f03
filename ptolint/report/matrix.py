"""The portability matrix (`ptolint check --format matrix`, and the `portability` key of the JSON report): per file
and kernel entry point, each checked target side by side: legal, the rules that fail there, or why ptolint cannot
say (the file did not parse for it, calls it could not follow, a query Z3 could not decide, no rule or only some
rules run there, calls whose implementation on the target no rule has facts for, the target was not checked at
all). "legal" means exactly: the file parsed for that target, every
builtin call the entry point reaches was followed, every selected rule that applies to the target was decided, and
none of them reported a finding. Nothing here decides whether a finding exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ptolint.ir import Diagnostic, Finding

STATUSES = ("legal", "fails", "unknown", "not-checked")

#: diagnostics that make a file's result unusable on every target it was checked for
FILE_FAILURES = ("io-error", "internal-error", "timeout", "config-error")


@dataclass
class FileInput:
    """What the matrix needs of one checked file."""

    path: str
    targets: list[str]  # the targets this file was checked for (its configuration and --target)
    rules: list  # the rules selected for this file
    stats: dict  # target -> Stats of the symbolic walk (absent: the target did not parse)
    unresolved: list  # ir.Unresolved
    diagnostics: list[Diagnostic]
    findings: list[Finding] = field(default_factory=list)
    #: calls no rule has facts for on a target: (target, line, builtin, why) (ptolint.engine.FileResult.unchecked)
    unchecked: list = field(default_factory=list)


def entry_name(function: str) -> str:
    """An entry point's name as `--stats` lists it: no parameters, no template arguments."""
    name = re.sub(r"\(.*\)$", "", function)
    return re.sub(r"<.*>$", "", name).strip()


def _all_rule_counts(rules: list, target: str) -> int:
    return sum(target in r.targets for r in rules)


def _solver_unknown_target(d: Diagnostic, targets: list[str]) -> str | None:
    m = re.search(r"could not be decided on (\S+?):", d.message)
    return m.group(1) if m and m.group(1) in targets else None


def file_matrix(fi: FileInput, columns: list[str], total_rules: int) -> dict:
    """The matrix rows of one file (one per kernel entry point) as data."""
    from ptolint.report.common import finding_kind

    file_errors = [d for d in fi.diagnostics if d.level == "error" and d.code in FILE_FAILURES]
    parse_errors = [d for d in fi.diagnostics if d.level == "error" and d.code == "parse-error"]
    entries: list[str] = []
    for t in fi.targets:
        s = fi.stats.get(t)
        for e in (getattr(s, "entry_points", None) or []):
            if entry_name(e) not in entries:
                entries.append(entry_name(e))
    lines: dict[str, int] = {}
    by_entry: dict[str, list[Finding]] = {}
    for f in fi.findings:
        chain = f.site.chain
        name = entry_name(chain[0].function) if chain else "(file)"
        if chain and chain[0].file and name not in lines:
            lines[name] = chain[0].line
        by_entry.setdefault(name, []).append(f)
        if name not in entries:
            entries.append(name)
    if not entries:
        entries = ["(no entry point)"]
    kernels = []
    for entry in entries:
        cells: dict[str, dict] = {}
        for t in columns:
            rules_run = _all_rule_counts(fi.rules, t)
            cell: dict = {"status": "", "rules": [], "reasons": [], "causes": [],
                          "rules_run": rules_run if t in fi.targets else 0}
            cells[t] = cell
            if t not in fi.targets:
                cell["status"] = "not-checked"
                cell["reasons"].append(f"{t} was not among this file's targets (--target / configuration)")
                cell["causes"].append("not-selected")
                continue
            found = [f for f in by_entry.get(entry, []) if f.site.target == t]
            if found:
                cell["status"] = "fails"
                seen = set()
                for f in sorted(found, key=lambda f: (f.site.line, f.rule_id)):
                    key = (f.rule_id, f.site.file, f.site.line)
                    if key in seen:
                        continue
                    seen.add(key)
                    cell["rules"].append({"rule": f.rule_id, "name": f.rule_name, "level": f.level,
                                          "kind": finding_kind(f), "file": f.site.file, "line": f.site.line})
            reasons, causes = cell["reasons"], cell["causes"]

            def because(cause: str, why: str, causes: list = causes, reasons: list = reasons) -> None:
                causes.append(cause)
                reasons.append(why)

            if file_errors:
                because("file-error", "; ".join(f"{d.code}: {d.message}" for d in file_errors[:2]))
            elif t not in fi.stats:
                because("not-parsed", "the file did not parse for this target" + (
                    f" (line {parse_errors[0].line}: {parse_errors[0].message})" if parse_errors else ""))
            elif parse_errors:
                d = parse_errors[0]
                because("parse-error", f"{len(parse_errors)} parse error(s) (line {d.line}: {d.message})")
            if entry == "(no entry point)" and not found:
                because("no-entry-point", "no kernel entry point found in the file")
            unresolved = [u for u in fi.unresolved if u.target == t]
            if unresolved:
                u = unresolved[0]
                where = " in the file (not attributed to a kernel)" if len(entries) > 1 else ""
                because("unresolved-calls", f"{len(unresolved)} builtin call(s){where} not followed (line {u.line} "
                                            f"{u.builtin}: {u.reason})")
            undecided = [d for d in fi.diagnostics if d.code == "solver-unknown" and _solver_unknown_target(
                d, [t]) == t]
            if undecided:
                because("undecided", f"{len(undecided)} check(s) Z3 could not decide (line {undecided[0].line})")
            if rules_run == 0:
                because("no-rules", "no selected rule runs on this target")
            unchecked = [u for u in fi.unchecked if u[0] == t]
            if unchecked:
                _, line, builtin, why = unchecked[0]
                because("partial-rules", f"{len(unchecked)} call(s) no rule has facts for on this target (line "
                                         f"{line} {builtin}: {why})")
            if cell["status"] != "fails":
                cell["status"] = "unknown" if reasons else "legal"
        kernels.append({"entry": entry, "line": lines.get(entry), "targets": cells,
                        "verdict": verdict(entry, cells, total_rules)})
    return {"file": fi.path, "targets": list(fi.targets), "kernels": kernels}


def _rule_list(cell: dict) -> str:
    """'PTO960 lines 20, 36, PTO501 line 12' (also: what kept the check from being complete)."""
    lines: dict[str, list[int]] = {}
    for r in cell["rules"]:
        lines.setdefault(r["rule"], []).append(r["line"])
    text = ", ".join(f"{code} line{'s' if len(ls) > 1 else ''} {', '.join(map(str, ls))}" for code, ls in lines.items())
    if cell["reasons"]:
        text += f" (and possibly more: {'; '.join(cell['reasons'])})"
    return text


def verdict(entry: str, cells: dict[str, dict], total_rules: int) -> str:
    """'legal on a2a3, a5; not on kirin9030: PTO501 line 12; unknown on a6 (reason)' for one kernel."""
    parts = []
    legal = [t for t, c in cells.items() if c["status"] == "legal"]
    if legal:
        run = max(cells[t]["rules_run"] for t in legal)
        scope = "" if all(cells[t]["rules_run"] >= _rules_for(t, total_rules) for t in legal) else \
            f" (for the {run} selected rule(s))"
        parts.append(f"legal on {', '.join(legal)}{scope}")
    fails = [t for t, c in cells.items() if c["status"] == "fails"]
    groups: dict[str, list[str]] = {}
    for t in fails:
        groups.setdefault(_rule_list(cells[t]), []).append(t)
    for rules, ts in groups.items():
        parts.append(f"not on {', '.join(ts)}: {rules}")
    for status, word in (("unknown", "unknown on"), ("not-checked", "not checked on")):
        groups = {}
        for t, c in cells.items():
            if c["status"] == status:
                groups.setdefault("; ".join(c["reasons"]), []).append(t)
        for why, ts in groups.items():
            parts.append(f"{word} {', '.join(ts)} ({why})")
    return "; ".join(parts)


_FULL: dict[str, int] = {}


def _rules_for(target: str, _total: int) -> int:
    """How many registered rules apply to a target (to tell a partial --select from a full check)."""
    if target not in _FULL:
        from ptolint.ruleset import rule_table

        _FULL[target] = sum(target in r.targets for r in rule_table().values())
    return _FULL[target]


def build(files: list[FileInput], columns: list[str]) -> dict:
    """The `portability` document: {"targets": [...], "files": [{"file", "targets", "kernels": [...]}]}."""
    from ptolint.ruleset import rule_table

    total = len(rule_table())
    return {"targets": list(columns), "statuses": list(STATUSES),
            "files": [file_matrix(fi, columns, total) for fi in files]}


# --- text -------------------------------------------------------------------------------------------------------

STYLE = {"legal": "green", "fails": "bold red", "unknown": "yellow", "not-checked": "dim"}


def cell_text(cell: dict) -> str:
    if cell["status"] == "fails":
        return "\n".join(f"{r['rule']} line {r['line']} ({r['kind']})" for r in cell["rules"])
    if cell["status"] == "unknown":
        return "unknown:\n" + "\n".join(c.replace("-", " ") for c in cell["causes"])
    if cell["status"] == "not-checked":
        return "not checked"
    return "legal"


def print_errors(diagnostics: list[Diagnostic], console) -> None:
    """The error diagnostics, one line each, before a table (why a file's cells cannot be trusted)."""
    from rich.text import Text

    for d in diagnostics:
        if d.level == "error":
            loc = f"{d.file}:{d.line}:{d.column}" if d.line else d.file
            console.print(Text(f"{loc}: {d.level}: [{d.code}] {d.message}"), soft_wrap=True)


def render(doc: dict, diagnostics: list[Diagnostic], console, summary: str) -> None:
    """The matrix as a table per file, then one verdict line per kernel, then the summary."""
    from rich.table import Table
    from rich.text import Text

    print_errors(diagnostics, console)
    for f in doc["files"]:
        console.print(Text(f["file"], style="bold"), soft_wrap=True)
        table = Table(show_lines=True)
        table.add_column("kernel", no_wrap=True)
        for t in doc["targets"]:
            table.add_column(t)
        for k in f["kernels"]:
            name = k["entry"] + (f" (line {k['line']})" if k["line"] else "")
            table.add_row(name, *(Text(cell_text(k["targets"][t]), style=STYLE[k["targets"][t]["status"]])
                                  for t in doc["targets"]))
        console.print(table)
        for k in f["kernels"]:
            console.print(Text(f"{f['file']}: {k['entry']}: {k['verdict']}"), soft_wrap=True)
    console.print(Text(summary), soft_wrap=True)

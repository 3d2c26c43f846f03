"""Human-readable output: `file:line:col: level: [ID] message`, the source line with a caret, the witness."""

from __future__ import annotations

from ptolint.ir import Diagnostic, Finding
from ptolint.replayed import replay_command
from ptolint.report.common import (
    also_text,
    chain_text,
    group_findings,
    kind_label,
    merge_targets,
    origin_text,
    release_text,
    rule_doc_ref,
    source_lines,
    witness_text,
)
from ptolint.report.console import Line
from ptolint.targets import TARGET_NAMES

STYLE = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan"}


def source_line(path: str, line: int, cache: dict[str, list[str]]) -> str | None:
    lines = source_lines(path, cache)
    return lines[line - 1] if 0 < line <= len(lines) else None


def header(f: Finding, targets: list[str]) -> Line:
    """A finding's first line: `file:line:col: level: [ID] message [name] [kind] [target ...]`."""
    s = f.site
    t = Line(f"{s.file}:{s.line}:{s.column}: ", style="bold")
    t.append(f"{f.level}:", style=STYLE.get(f.level, ""))
    t.append(f" [{f.rule_id}]" + (" [*]" if any(fx.safe for fx in f.fixes) else "") + f" {f.message} ", style="bold")
    t.append(f"[{f.rule_name}] [{kind_label(f, targets)}] [target {', '.join(targets)}]")
    return t


def render_statistics(findings: list[Finding], diagnostics: list[Diagnostic], console, summary: str) -> None:
    """`--statistics` (as ruff's): how many findings each rule has, as the report would show them (merged across
    targets), and how many diagnostics of each code, most frequent first; then the summary."""
    from collections import Counter

    rows: Counter = Counter()
    for f, _ in merge_targets(findings):
        rows[(f.rule_id, f.rule_name, f.level)] += 1
    for d in diagnostics:
        rows[(d.code, "", d.level)] += 1
    for (code, name, level), n in sorted(rows.items(), key=lambda kv: (-kv[1], kv[0])):
        console.print(Line(f"{n:>5}  {code:<18} {level:<8} {name}".rstrip()))
    console.print(Line(summary))


def render(findings: list[Finding], diagnostics: list[Diagnostic], console, summary: str,
           quiet: bool = False) -> None:
    """The report; `quiet` (-q): only the first line of each diagnostic and finding, no summary."""
    cache: dict[str, list[str]] = {}
    for d in diagnostics:
        loc = f"{d.file}:{d.line}:{d.column}" if d.line else d.file
        t = Line(f"{loc}: ")
        t.append(f"{d.level}:", style=STYLE.get(d.level, ""))
        t.append(f" [{d.code}] {d.message}")
        console.print(t)
        origin = origin_text(d)
        if origin and not quiet:
            console.print(Line(f"  {origin}"))
    if quiet:  # every finding on its line, grouped or not
        for f, targets in merge_targets(findings):
            console.print(header(f, targets))
        return
    groups = group_findings(merge_targets(findings))
    for (f, targets), others in groups:
        s = f.site
        console.print(header(f, targets))
        src = source_line(s.file, s.line, cache)
        if src is not None:
            width = len(str(s.line))
            console.print(Line(f" {s.line} | {src}"))
            span = max(1, (s.end_column - s.column) if s.end_line == s.line else len(src) - s.column + 1)
            console.print(Line(f" {' ' * width} | {' ' * (s.column - 1)}^{'~' * (span - 1)}", style="green"))
        w = witness_text(f)
        if w:
            console.print(Line(f"  witness: {w}"))
        names = ", ".join(f"{t} ({TARGET_NAMES.get(t, t)})" for t in targets)
        console.print(Line(f"  target: {names}; confirmed: {f.fault}"))
        release = release_text(f, targets)
        if release:
            console.print(Line(f"  {release}"))
        run = getattr(f, "run", "")
        if run:
            console.print(Line(f"  run: {run}"))
        cmd = replay_command(f)
        if cmd:
            console.print(Line(f"  replay: {cmd}"))
        for file, line, _col, what in f.steps:
            console.print(Line(f"  {'here' if (file, line) == (s.file, s.line) else f'{file}:{line}'}: {what}"))
        ch = chain_text(s.chain)
        if ch:
            console.print(Line(f"  {ch}"))
        if others:
            console.print(Line(f"  {also_text(others)}"))
        for fx in f.fixes:
            console.print(Line(f"  fix{' [*]' if fx.safe else ''}: {fx.title}"))
        console.print(Line(f"  see: {rule_doc_ref(f.rule_id)}"))
    listed = sum(len(others) for _, others in groups)
    console.print(Line(summary + (f"; {listed} of them listed under a finding with the same inputs" if listed else "")))
    fixable = sum(any(fx.safe for fx in f.fixes) for f, _ in merge_targets(findings))
    if fixable:
        console.print(Line(f"[*] {fixable} fixable with `ptolint check --fix` (see them with --diff)"))

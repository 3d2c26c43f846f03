"""GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding and diagnostic.

    ::error file=k.cpp,line=7,col=5,endLine=7,endColumn=30,title=ptolint PTO102::message%0Awitness: n = 40%0A...

Escaping follows GitHub's toolkit (`@actions/core` command.ts): in the message `%`, CR and LF become `%25`,
`%0D`, `%0A`; in property values `:` and `,` also become `%3A` and `%2C`. Findings identical but for the target
are merged into one annotation naming every target, as in the text format.
"""

from __future__ import annotations

import os

from ptolint.ir import Diagnostic, Finding
from ptolint.report.common import chain_text, kind_label, merge_targets, origin_text, release_text, witness_text

COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **props: object) -> str:
    """`::level key=value,...::message` with every part escaped; properties that are None or 0 are left out."""
    parts = [f"{k}={escape_property(str(v))}" for k, v in props.items() if v not in (None, 0, "")]
    return f"::{COMMAND.get(level, 'notice')} {','.join(parts)}::{escape_data(message)}"


def path(p: str) -> str:
    return (os.path.relpath(p) if os.path.isabs(p) else p).replace(os.sep, "/")


def finding_command(f: Finding, targets: list[str]) -> str:
    s = f.site
    lines = [f"{f.message} [{f.rule_name}] [{kind_label(f, targets)}] [target {', '.join(targets)}]"]
    release = release_text(f, targets)
    if release:
        lines.append(release)
    w = witness_text(f)
    if w:
        lines.append(f"witness: {w}")
    if f.fault:
        lines.append(f"confirmed: {f.fault}")
    ch = chain_text(s.chain)
    if ch:
        lines.append(ch)
    return command(f.level, "\n".join(lines), file=path(s.file), line=s.line, col=s.column,
                   endLine=s.end_line, endColumn=s.end_column if s.end_line else None,
                   title=f"ptolint {f.rule_id}")


def diagnostic_command(d: Diagnostic) -> str:
    origin = origin_text(d)
    return command(d.level, d.message + (f"\n{origin}" if origin else ""), file=path(d.file) if d.file else None, line=d.line, col=d.column,
                   title=f"ptolint {d.code}")


def render(findings: list[Finding], diagnostics: list[Diagnostic], summary: str) -> str:
    out = [diagnostic_command(d) for d in diagnostics]
    out += [finding_command(f, targets) for f, targets in merge_targets(findings)]
    if summary:  # none with --quiet
        out.append(summary)
    return "\n".join(out)

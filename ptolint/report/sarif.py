"""SARIF 2.1.0 output for GitHub code scanning and IDEs."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ptolint import __version__
from ptolint.failure import rule_kinds
from ptolint.ir import Diagnostic, Finding
from ptolint.report.common import finding_kind, finding_release, fingerprint, line_text, short_function, witness_text
from ptolint.ruleset import Rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
HELP_URI = "https://github.com/ptolint/ptolint/blob/main/docs/rules.md#{code}"
LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def uri(path: str) -> str:
    p = os.path.relpath(path) if os.path.isabs(path) else path
    return p.replace(os.sep, "/")


def rule_descriptor(r: Rule) -> dict:
    doc = r.doc.strip()
    return {
        "id": r.code,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "fullDescription": {"text": r.section("What it does") or r.summary},
        "help": {"text": doc, "markdown": doc},
        "helpUri": HELP_URI.format(code=r.code.lower()),
        "defaultConfiguration": {"level": LEVEL[r.severity]},
        "properties": {"precision": "very-high", "instructions": list(r.instructions), "targets": list(r.targets),
                       "kinds": rule_kinds(r), "tags": ["correctness", "pto"]},
    }


def location(path: str, line: int, col: int, end_line: int | None = None, end_col: int | None = None) -> dict:
    region = {"startLine": max(1, line), "startColumn": max(1, col)}
    if end_line:
        region["endLine"] = end_line
        region["endColumn"] = max(1, end_col or col)
    return {"physicalLocation": {"artifactLocation": {"uri": uri(path), "uriBaseId": "%SRCROOT%"},
                                 "region": region}}


def col16(path: str, line: int, col: int, lines: dict[str, list[str]]) -> int:
    """A 1-based UTF-8 byte column (what libclang reports) as a UTF-16 code-unit column (what SARIF wants)."""
    text = line_text(path, line, lines)
    if not text or col <= 1:
        return max(1, col)
    prefix = text.encode("utf-8")[:col - 1].decode("utf-8", errors="ignore")
    return len(prefix.encode("utf-16-le")) // 2 + 1


def result(f: Finding, rules_index: dict[str, int], lines: dict[str, list[str]]) -> dict:
    s = f.site
    text = line_text(s.file, s.line, lines)
    w = witness_text(f)
    msg = f.message + (f" (witness: {w})" if w else "") + f" [target {s.target}]"
    flow = [{"location": {**location(fr.file, fr.line, fr.column),
                          "message": {"text": f"enters {short_function(fr.function)}"}}}
            for fr in s.chain if fr.file]
    # a kernel-level finding's steps include its own location, in program order
    flow += [{"location": {**location(p, ln, col16(p, ln, col, lines)), "message": {"text": t}}}
             for p, ln, col, t in f.steps] or [
        {"location": {**location(s.file, s.line, s.column), "message": {"text": f.fault or f.message}}}]
    out = {
        "ruleId": f.rule_id,
        "ruleIndex": rules_index.get(f.rule_id, 0),
        "level": LEVEL[f.level],
        "message": {"text": msg},
        "locations": [location(s.file, s.line, col16(s.file, s.line, s.column, lines), s.end_line,
                               col16(s.file, s.end_line, s.end_column, lines))],
        "partialFingerprints": {"primaryLocationLineHash": fingerprint(f, text)},
        "codeFlows": [{"threadFlows": [{"locations": flow}]}],
        "relatedLocations": [{**location(p, ln, 1), "id": i, "message": {"text": t}}
                             for i, (p, ln, t) in enumerate(f.related) if p and ln],
        "properties": {"target": s.target, "kind": (kind := finding_kind(f)),
                       **({"release": finding_release(f)} if kind == "debug-trap" else {}),
                       "confirmed": f.confirmed,
                       "witness": dict(sorted((f.witness.inputs if f.witness else {}).items())),
                       "values": dict(sorted((f.witness.values if f.witness else {}).items()))},
    }
    return out


def render(findings: list[Finding], diagnostics: list[Diagnostic], rules: list[Rule]) -> str:
    rules_index = {r.code: i for i, r in enumerate(rules)}
    lines: dict[str, list[str]] = {}
    notifications = [{
        "level": LEVEL.get(d.level, "note"),
        "message": {"text": f"[{d.code}] {d.message}"},
        "locations": [location(d.file, d.line or 1, d.column or 1)],
    } for d in diagnostics]
    doc = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "ptolint", "version": __version__, "semanticVersion": __version__,
                                "informationUri": "https://github.com/ptolint/ptolint",
                                "rules": [rule_descriptor(r) for r in rules]}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
            "columnKind": "utf16CodeUnits",
            "results": [result(f, rules_index, lines) for f in findings],
            "invocations": [{"executionSuccessful": not any(d.level == "error" for d in diagnostics),
                             "toolExecutionNotifications": notifications}],
        }],
    }
    return json.dumps(doc, indent=2)

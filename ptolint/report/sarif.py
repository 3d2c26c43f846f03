"""SARIF 2.1.0 output for GitHub code scanning and IDEs.

One result per finding: a finding identical on several targets is one result listing them in
`properties.targets` (one alert on GitHub, not one per target), with a fingerprint that does not depend on the
targets. URIs are relative to the repository root (`%SRCROOT%`: the git top level of the checked files, or
`--sarif-root`), never `../`; a file outside it gets an absolute `file://` URI."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from ptolint import __version__
from ptolint.failure import rule_kinds
from ptolint.ir import Diagnostic, Finding
from ptolint.report.common import (
    fingerprint,
    group_ids,
    kind_label,
    line_text,
    merge_targets,
    origin_text,
    release_text,
    requested_in,
    short_function,
    target_kind,
    witness_text,
    witness_values,
)
from ptolint.ruleset import Rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def repository_root(paths: list[str]) -> Path:
    """The git top level of the first checked file (the directory GitHub resolves SARIF URIs against); the
    working directory when the file is not in a git work tree or git is absent."""
    for p in paths:
        d = os.path.dirname(os.path.abspath(p)) or "."
        try:
            out = subprocess.run(["git", "-C", d, "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                                 timeout=10)
        except (OSError, subprocess.SubprocessError):
            break
        if out.returncode == 0 and out.stdout.strip():
            return Path(out.stdout.strip()).resolve()
        break
    return Path.cwd().resolve()


class Uris:
    """Artifact locations relative to the repository root (`%SRCROOT%`)."""

    def __init__(self, root: Path):
        self.root = root

    def artifact(self, path: str) -> dict:
        absolute = Path(os.path.abspath(path)).resolve()
        try:
            return {"uri": absolute.relative_to(self.root).as_posix(), "uriBaseId": "%SRCROOT%"}
        except ValueError:  # outside the repository: an absolute URI, no base
            return {"uri": absolute.as_uri()}

    def location(self, path: str, line: int, col: int, end_line: int | None = None,
                 end_col: int | None = None) -> dict:
        region = {"startLine": max(1, line), "startColumn": max(1, col)}
        if end_line:
            region["endLine"] = end_line
            region["endColumn"] = max(1, end_col or col)
        return {"physicalLocation": {"artifactLocation": self.artifact(path), "region": region}}


def rule_descriptor(r: Rule) -> dict:
    doc = r.doc.strip()
    return {
        "id": r.code,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "fullDescription": {"text": r.section("What it does") or r.summary},
        "help": {"text": doc, "markdown": doc},
        "defaultConfiguration": {"level": LEVEL[r.severity]},
        "properties": {"precision": "very-high", "instructions": list(r.instructions), "targets": list(r.targets),
                       "kinds": rule_kinds(r), "tags": ["correctness", "pto"]},
    }


def col16(path: str, line: int, col: int, lines: dict[str, list[str]]) -> int:
    """A 1-based UTF-8 byte column (what libclang reports) as a UTF-16 code-unit column (what SARIF wants)."""
    text = line_text(path, line, lines)
    if not text or col <= 1:
        return max(1, col)
    prefix = text.encode("utf-8")[:col - 1].decode("utf-8", errors="ignore")
    return len(prefix.encode("utf-16-le")) // 2 + 1


def result(f: Finding, targets: list[str], rules_index: dict[str, int], lines: dict[str, list[str]],
           uris: Uris, group: tuple[int, bool] | None = None) -> dict:
    s = f.site
    text = line_text(s.file, s.line, lines)
    w = witness_text(f)
    msg = f.message + (f" (witness: {w})" if w else "") + f" [target {', '.join(targets)}]"
    flow = [{"location": {**uris.location(fr.file, fr.line, fr.column),
                          "message": {"text": f"enters {short_function(fr.function)}"}}}
            for fr in s.chain if fr.file]
    # a kernel-level finding's steps include its own location, in program order
    flow += [{"location": {**uris.location(p, ln, col16(p, ln, col, lines)), "message": {"text": t}}}
             for p, ln, col, t in f.steps] or [
        {"location": {**uris.location(s.file, s.line, s.column), "message": {"text": f.fault or f.message}}}]
    release = release_text(f, targets)
    return {
        "ruleId": f.rule_id,
        "ruleIndex": rules_index.get(f.rule_id, 0),
        "level": LEVEL[f.level],
        "message": {"text": msg},
        "locations": [uris.location(s.file, s.line, col16(s.file, s.line, s.column, lines), s.end_line,
                                    col16(s.file, s.end_line, s.end_column, lines))],
        # without the target: the same finding on a2a3 and a5 is one alert, stable whatever targets are checked
        "partialFingerprints": {"primaryLocationLineHash": fingerprint(f, text, with_target=False)},
        "codeFlows": [{"threadFlows": [{"locations": flow}]}],
        "relatedLocations": [{**uris.location(p, ln, 1), "id": i, "message": {"text": t}}
                             for i, (p, ln, t) in enumerate(f.related) if p and ln],
        **({"fixes": [sarif_fix(fx, lines, uris) for fx in f.fixes]} if f.fixes else {}),
        "properties": {"targets": list(targets), "kind": kind_label(f, targets),
                       "kinds": {t: target_kind(f, t) for t in targets},
                       **({"release": release} if release else {}),
                       "confirmed": f.confirmed,
                       "witness": dict(sorted((f.witness.inputs if f.witness else {}).items())),
                       "values": witness_values(f),
                       **({"group": group[0], "groupFirst": group[1]} if group else {})},
    }


def sarif_fix(fx, lines: dict[str, list[str]], uris: Uris) -> dict:
    """A fix (ptolint/fixes.py) as a SARIF fix: one artifactChange per file, regions in UTF-16 columns (an
    insertion is an empty region)."""
    changes: dict[str, list[dict]] = {}
    for e in fx.edits:
        region = {"startLine": e.line, "startColumn": col16(e.file, e.line, e.column, lines),
                  "endLine": e.end_line, "endColumn": col16(e.file, e.end_line, e.end_column, lines)}
        changes.setdefault(e.file, []).append({"deletedRegion": region, "insertedContent": {"text": e.text}})
    return {"description": {"text": fx.title},
            "artifactChanges": [{"artifactLocation": uris.artifact(p), "replacements": reps}
                                for p, reps in changes.items()],
            "properties": {"kind": fx.kind, "safe": fx.safe}}


def notification(d: Diagnostic, uris: Uris) -> dict:
    """A diagnostic as a tool notification; one in a header names the checked file and the include chain."""
    origin = origin_text(d)
    out = {
        "level": LEVEL.get(d.level, "note"),
        "message": {"text": f"[{d.code}] {d.message}" + (f" ({origin})" if origin else "")},
        "locations": [uris.location(d.file, d.line or 1, d.column or 1)],
        "properties": {"code": d.code},
    }
    if d.checked:
        out["properties"]["checkedFile"] = uris.artifact(d.checked)["uri"]
        out["properties"]["includeChain"] = [{"uri": uris.artifact(p)["uri"], "line": ln}
                                             for p, ln in d.included_from]
        out["properties"]["instantiationChain"] = [{"uri": uris.artifact(p)["uri"], "line": ln, "message": note}
                                                   for p, ln, _col, note in d.instantiated_from]
        here = requested_in(d)
        if here:  # the kernel's line that instantiated the failing template
            out["locations"].append(uris.location(here[0], here[1], here[2] or 1))
    if d.targets:
        out["properties"]["targets"] = list(d.targets)
    return out


def render(findings: list[Finding], diagnostics: list[Diagnostic], rules: list[Rule], root: Path | None = None,
           files: list[str] | None = None, properties: dict | None = None) -> str:
    rules_index = {r.code: i for i, r in enumerate(rules)}
    lines: dict[str, list[str]] = {}
    uris = Uris(root.resolve() if root is not None else repository_root(
        list(files or []) + [f.site.file for f in findings] + [d.file for d in diagnostics]))
    groups = group_ids(findings)
    doc = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "ptolint", "version": __version__, "semanticVersion": __version__,
                                "rules": [rule_descriptor(r) for r in rules]}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": uris.root.as_uri() + "/"}},
            "columnKind": "utf16CodeUnits",
            "results": [result(f, targets, rules_index, lines, uris, groups.get(id(f)))
                        for f, targets in merge_targets(findings)],
            "invocations": [{"executionSuccessful": not any(d.level == "error" for d in diagnostics),
                             "toolExecutionNotifications": [notification(d, uris) for d in diagnostics]}],
        }],
    }
    if properties:  # e.g. proof mode's counts per file and kernel (run-level property bag)
        doc["runs"][0]["properties"] = properties
    return json.dumps(doc, indent=2)

"""Machine-readable output; the schema is documented in docs/json-format.md (version 1)."""

from __future__ import annotations

import json

from ptolint import __version__
from ptolint.ir import Diagnostic, Finding
from ptolint.replayed import replay_command
from ptolint.report.common import finding_kind, finding_release, group_ids, witness_values

SCHEMA_VERSION = 1


def finding_dict(f: Finding, group: tuple[int, bool] | None = None) -> dict:
    s = f.site
    return {
        "rule": f.rule_id,
        "name": f.rule_name,
        "level": f.level,
        "message": f.message,
        "file": s.file,
        "line": s.line,
        "column": s.column,
        "end_line": s.end_line,
        "end_column": s.end_column,
        "target": s.target,
        "instruction": s.builtin,
        "kind": (kind := finding_kind(f)),
        "release": finding_release(f) if kind == "debug-trap" else "",
        "confirmed": f.confirmed,
        "fault": f.fault,
        "witness": {"inputs": dict(sorted((f.witness.inputs if f.witness else {}).items())),
                    "values": witness_values(f)},
        "chain": [{"function": fr.function, "file": fr.file, "line": fr.line} for fr in s.chain],
        "related": [{"file": a, "line": b, "message": c} for a, b, c in f.related],
        "steps": [{"file": a, "line": b, "column": c, "message": d} for a, b, c, d in f.steps],
        "run": getattr(f, "run", ""),
        "replay": replay_command(f),
        "group": group[0] if group else None,
        "group_first": group[1] if group else None,
        "fixes": [fx.to_dict() for fx in f.fixes],
    }


def diagnostic_dict(d: Diagnostic) -> dict:
    return {"file": d.file, "line": d.line, "column": d.column, "level": d.level, "code": d.code,
            "message": d.message, "checked_file": d.checked or d.file,
            "include_chain": [{"file": f, "line": ln} for f, ln in d.included_from],
            "instantiation_chain": [{"file": f, "line": ln, "column": col, "message": note}
                                    for f, ln, col, note in d.instantiated_from],
            "targets": list(d.targets)}


def render(findings: list[Finding], diagnostics: list[Diagnostic], stats: dict, portability: dict | None = None,
           proof: dict | None = None) -> str:
    groups = group_ids(findings)
    doc = {
        "version": SCHEMA_VERSION,
        "tool": {"name": "ptolint", "version": __version__},
        "findings": [finding_dict(f, groups.get(id(f))) for f in findings],
        "diagnostics": [diagnostic_dict(d) for d in diagnostics],
        "stats": stats,
    }
    if portability is not None:
        doc["portability"] = portability
    if proof is not None:
        doc["proof"] = proof
    return json.dumps(doc, indent=2, sort_keys=False)

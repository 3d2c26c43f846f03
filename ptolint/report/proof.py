"""The proof table (`ptolint check --prove`; the `proof` key of the JSON report, SARIF run properties): per file,
kernel entry point, call site and target, whether every rule was *verified*, one was *violated*, or why ptolint
cannot say (*unknown*, with the reason and place), from the per (call, rule, target) statuses the engine recorded
(ir.ProofEntry, ptolint/proof.py). A kernel is verified on a target only when it reached at least one call, every
call site it reaches is verified and nothing outside its calls (a parse error, a walk that stopped early, a call
the frontend could not follow) keeps a call from being seen. Presentation only: nothing here decides a status.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ptolint.ir import Diagnostic, ProofEntry
from ptolint.report.matrix import FILE_FAILURES, entry_name, print_errors

STATUSES = ("verified", "violated", "unknown", "not-applicable")
KERNEL_STATUSES = ("verified", "violated", "unknown", "not-checked")
_RANK = {"violated": 0, "unknown": 1, "verified": 2, "not-applicable": 3}
#: JSON `reason` codes -> what they mean (ptolint/proof.py says where each is decided)
REASONS = {
    "unresolved-operand": "an operand of the call was not followed; only operand-free rules were checked",
    "unresolved-call": "a builtin call the frontend could not follow at all",
    "opaque-value": "the rule's formula or the path depends on a value the frontend lost track of",
    "loop-summary": "the rule's formula ranges over the iterations of a loop the walk summarised",
    "host-contract": "some inputs break the rule; it reports only what every input reaching the call breaks",
    "solver-unknown": "Z3 gave up (time limit or an undecidable query)",
    "unconfirmed": "the solver found a witness the entry replay did not confirm",
    "no-facts": "no rule has facts for the implementation the target uses for this call",
    "placement": "a tile's placement was not followed, so overlaps of live tiles cannot be excluded",
    "internal-error": "checking the rule raised an exception",
    "analysis-limit": "the walk of the kernel stopped early (step budget, call depth) or a rule's own bound was hit",
    "no-rules": "no selected rule checks this call on the target",
    "file-error": "the file could not be read, parsed for the target, or checked",
}


@dataclass
class FileInput:
    """What the proof table needs of one checked file."""

    path: str
    targets: list[str]
    stats: dict  # target -> Stats (absent: the target did not parse)
    diagnostics: list[Diagnostic]
    proof: list[ProofEntry] = field(default_factory=list)


def _worst(statuses) -> str:
    return min(statuses, key=lambda s: _RANK.get(s, 1), default="not-applicable")


def _counts(statuses: list[str]) -> dict:
    c = Counter(statuses)
    n = len(statuses)
    out: dict = {"sites": n}
    out.update({s: c.get(s, 0) for s in STATUSES})
    out["verified_share"] = round(c.get("verified", 0) / n, 4) if n else 0.0
    return out


def _site_rows(fi: FileInput, kernels: list[str]) -> list[dict]:
    """One row per (kernel, target, call site), the rules' statuses combined over the call's instances."""
    rows: dict[tuple, dict[str, list[ProofEntry]]] = {}
    for p in fi.proof:
        for k in ([entry_name(p.entry)] if p.entry else kernels):
            key = (k, p.target, p.file, p.line, p.column, p.builtin)
            rows.setdefault(key, {}).setdefault(p.rule, []).append(p)
    out = []
    for (k, t, file, line, col, builtin), by_rule in rows.items():
        rules = []
        for code, entries in sorted(by_rule.items()):
            worst = min(entries, key=lambda e: _RANK.get(e.status, 1))
            note = "loop summary" if worst.status == "verified" and any(e.note for e in entries) else worst.note
            rules.append({"rule": code, "status": worst.status, "reason": worst.reason, "detail": worst.detail,
                          "where": worst.where or None, "note": note})
        status = _worst(r["status"] for r in rules)
        out.append({"entry": k, "target": t, "file": file, "line": line, "column": col, "builtin": builtin,
                    "status": status, "reasons": sorted({r["reason"] for r in rules if r["status"] == "unknown"}),
                    "rules": rules})
    out.sort(key=lambda r: (r["entry"], r["file"], r["line"], r["column"], r["builtin"], r["target"]))
    return out


def _kernel_causes(fi: FileInput, target: str) -> list[dict]:
    """What keeps every kernel of the file from being verified on `target`, outside its call sites."""
    causes = []
    for d in fi.diagnostics:
        if d.level == "error" and d.code in FILE_FAILURES:
            causes.append({"reason": "file-error", "detail": f"{d.code}: {d.message}", "where": d.line or None})
    if target not in fi.stats:
        causes.append({"reason": "file-error", "detail": "the file did not parse for this target", "where": None})
    for d in fi.diagnostics:
        if d.level == "error" and d.code == "parse-error":
            causes.append({"reason": "file-error", "detail": f"parse error: {d.message}", "where": d.line})
        elif d.code == "analysis-limit" and "are summarised" not in d.message:
            causes.append({"reason": "analysis-limit", "detail": d.message, "where": d.line})
    return causes


def file_proof(fi: FileInput, columns: list[str]) -> dict:
    """The proof document of one file: its call sites, kernels and counts per target."""
    kernels: list[str] = []
    for t in fi.targets:
        for e in (getattr(fi.stats.get(t), "entry_points", None) or []):
            if entry_name(e) not in kernels:
                kernels.append(entry_name(e))
    for p in fi.proof:
        if p.entry and entry_name(p.entry) not in kernels:
            kernels.append(entry_name(p.entry))
    if not kernels:
        kernels = ["(no entry point)"]
    sites = _site_rows(fi, kernels)
    out_kernels = []
    for k in kernels:
        cells = {}
        for t in columns:
            if t not in fi.targets:
                cells[t] = {"status": "not-checked", "counts": _counts([]), "causes": []}
                continue
            mine = [r for r in sites if r["entry"] == k and r["target"] == t]
            statuses = [r["status"] for r in mine]
            causes = _kernel_causes(fi, t)
            if not mine:
                causes.append({"reason": "no-rules", "detail": "no builtin call checked by a selected rule is reached",
                               "where": None})
            if "violated" in statuses:
                status = "violated"
            elif causes or any(s != "verified" for s in statuses):
                status = "unknown"
            else:
                status = "verified"
            cells[t] = {"status": status, "counts": _counts(statuses), "causes": causes}
        out_kernels.append({"entry": k, "targets": cells, "verdict": kernel_verdict(cells)})
    distinct: dict[tuple, list[dict]] = {}  # a call reached from several kernels counts once, with its worst status
    for r in sites:
        distinct.setdefault((r["target"], r["file"], r["line"], r["column"], r["builtin"]), []).append(r)
    worst = {k: _worst(r["status"] for r in v) for k, v in distinct.items()}
    counts = {t: _counts([w for (tt, *_), w in worst.items() if tt == t]) for t in columns if t in fi.targets}
    reasons = {t: dict(Counter(reason for k, v in distinct.items() if k[0] == t and worst[k] == "unknown"
                               for reason in sorted({x for r in v for x in r["reasons"]})).most_common())
               for t in columns if t in fi.targets}
    return {"file": fi.path, "targets": list(fi.targets), "counts": counts, "unknown_reasons": reasons,
            "kernels": out_kernels, "sites": sites}


def kernel_verdict(cells: dict[str, dict]) -> str:
    """One line: `verified on a2a3 (5/5 sites); a5: 4/5 verified, 1 unknown (opaque-value)`."""
    parts = []
    for t, c in cells.items():
        n = c["counts"]
        if c["status"] == "not-checked":
            continue
        if c["status"] == "verified":
            parts.append(f"verified on {t} ({n['verified']}/{n['sites']} sites)")
            continue
        text = f"{t}: {n['verified']}/{n['sites']} verified"
        text += "".join(f", {n[s]} {s}" for s in ("violated", "unknown", "not-applicable") if n[s])
        why = sorted({x["reason"] for x in c["causes"]})
        if why:
            text += f" (also: {', '.join(why)})"
        parts.append(text)
    skipped = [t for t, c in cells.items() if c["status"] == "not-checked"]
    if skipped:
        parts.append(f"not checked on {', '.join(skipped)}")
    return "; ".join(parts)


def build(files: list[FileInput], columns: list[str]) -> dict:
    """The `proof` document (docs/json-format.md): per file its sites, kernels and counts, and totals."""
    docs = [file_proof(fi, columns) for fi in files]
    totals = {}
    reasons = {}
    for t in columns:
        statuses: list[str] = []
        why: Counter = Counter()
        for d in docs:
            if t in d["counts"]:
                n = d["counts"][t]
                statuses += [s for s in STATUSES for _ in range(n[s])]
                why.update(d["unknown_reasons"][t])
        totals[t] = _counts(statuses)
        totals[t]["kernels"] = sum(1 for d in docs for k in d["kernels"] if k["targets"][t]["status"] != "not-checked")
        totals[t]["kernels_verified"] = sum(1 for d in docs for k in d["kernels"]
                                            if k["targets"][t]["status"] == "verified")
        reasons[t] = dict(why.most_common())
    return {"targets": list(columns), "statuses": list(STATUSES), "kernel_statuses": list(KERNEL_STATUSES),
            "reasons": dict(REASONS), "totals": totals, "unknown_reasons": reasons, "files": docs}


def sarif_properties(doc: dict) -> dict:
    """The counts of the proof document for SARIF's run-level `properties` (no per-site detail)."""
    return {"proof": {
        "targets": doc["targets"], "totals": doc["totals"], "unknownReasons": doc["unknown_reasons"],
        "files": [{"file": f["file"], "counts": f["counts"],
                   "kernels": [{"entry": k["entry"], "verdict": k["verdict"],
                                "targets": {t: {"status": c["status"], **c["counts"]} for t, c in k["targets"].items()}}
                               for k in f["kernels"]]}
                  for f in doc["files"]]}}


# --- text -------------------------------------------------------------------------------------------------------

STYLE = {"verified": "green", "violated": "bold red", "unknown": "yellow", "not-applicable": "dim",
         "not-checked": "dim"}


def cell_text(row: dict | None) -> str:
    if row is None:
        return "-"
    if row["status"] == "violated":
        return "violated: " + ", ".join(r["rule"] for r in row["rules"] if r["status"] == "violated")
    if row["status"] == "unknown":
        first = [r for r in row["rules"] if r["status"] == "unknown"]
        lines = []
        for r in first[:3]:
            where = f", line {r['where']}" if r["where"] else ""
            lines.append(f"unknown: {r['reason'].replace('-', ' ')} ({r['rule'] or 'call'}{where})")
        if len(first) > 3:
            lines.append(f"(+{len(first) - 3} more)")
        return "\n".join(lines)
    if row["status"] == "verified":
        n = sum(r["status"] == "verified" for r in row["rules"])
        loop = any(r["note"] for r in row["rules"] if r["status"] == "verified")
        return f"verified ({n} rule(s){', loop summary' if loop else ''})"
    return "not applicable"


def render(doc: dict, diagnostics: list[Diagnostic], console, summary: str) -> None:
    """Per file a table of call sites by target, then one line per kernel and per file, then the summary."""
    from rich.table import Table
    from rich.text import Text

    print_errors(diagnostics, console)
    for f in doc["files"]:
        console.print(Text(f["file"], style="bold"), soft_wrap=True)
        table = Table(show_lines=True)
        table.add_column("call site", no_wrap=True)
        targets = [t for t in doc["targets"] if t in f["targets"]]
        for t in targets:
            table.add_column(t)
        by_key: dict[tuple, dict[str, dict]] = {}
        for r in f["sites"]:
            by_key.setdefault((r["entry"], r["file"], r["line"], r["column"], r["builtin"]), {})[r["target"]] = r
        for (entry, file, line, _col, builtin), cells in by_key.items():
            where = f"{builtin} line {line}" + (f" ({file})" if file != f["file"] else "")
            table.add_row(f"{entry}: {where}", *(Text(cell_text(cells.get(t)),
                                                      style=STYLE[cells[t]["status"]] if t in cells else "")
                                                 for t in targets))
        if by_key:
            console.print(table)
        for k in f["kernels"]:
            console.print(Text(f"{f['file']}: {k['entry']}: {k['verdict']}"), soft_wrap=True)
        per = "; ".join(f"{t} {n['verified']}/{n['sites']} call site(s) verified ({100 * n['verified_share']:.1f} %)"
                        for t, n in f["counts"].items())
        console.print(Text(f"{f['file']}: {per}"), soft_wrap=True)
    tot = "; ".join(f"{t} {n['verified']}/{n['sites']} ({100 * n['verified_share']:.1f} %), kernels verified "
                    f"{n['kernels_verified']}/{n['kernels']}" for t, n in doc["totals"].items() if n["kernels"])
    console.print(Text(f"proof: call sites verified: {tot}"), soft_wrap=True)
    console.print(Text(summary), soft_wrap=True)

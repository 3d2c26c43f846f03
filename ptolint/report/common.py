"""Helpers shared by the report formats: chains, witnesses, the line-shift-proof fingerprint of a finding, and the
baseline of known findings (`--baseline`, `--write-baseline`) keyed by that fingerprint. Nothing here decides
whether a finding exists; the baseline only decides which existing findings are reported."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from pathlib import Path

from ptolint.ir import Finding, Frame, split_lines


def chain_text(chain: list[Frame]) -> str:
    """'in f<float, 16>, called from kern at line 20' for an instantiation chain (innermost first)."""
    if len(chain) <= 1:
        return ""
    parts = []
    for i in range(len(chain) - 1, 0, -1):
        caller = chain[i - 1].function
        parts.append(f"in {short_function(chain[i].function)}, called from {short_function(caller)} "
                     f"at line {chain[i].line}")
    return "; ".join(parts[:1] + [p.replace("in ", "", 1) for p in parts[1:]]) if len(parts) > 1 else parts[0]


def short_function(name: str) -> str:
    m = re.match(r"__ptolint_explicit_instantiation_L(\d+)", name)
    if m:
        return f"the explicit instantiation on line {m.group(1)}"
    return re.sub(r"\(.*\)$", "", name)


def witness_text(f: Finding) -> str:
    if not f.witness or not f.witness.inputs:
        return ""
    return ", ".join(f"{k} = {fmt(v)}" for k, v in sorted(f.witness.inputs.items()))


def fmt(v) -> str:
    if isinstance(v, float):
        return repr(v)
    return str(v)


# --- fingerprints ---------------------------------------------------------------------------------------------

def source_lines(path: str, cache: dict[str, list[str]]) -> list[str]:
    """The lines of a file (empty when it cannot be read), cached."""
    if path not in cache:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                cache[path] = split_lines(fh.read())
        except OSError:
            cache[path] = []
    return cache[path]


def line_text(path: str, line: int, cache: dict[str, list[str]]) -> str:
    lines = source_lines(path, cache)
    return lines[line - 1] if 0 < line <= len(lines) else ""


def fingerprint(f: Finding, text: str, with_target: bool = True) -> str:
    """A finding's identity that survives edits elsewhere in the file (SARIF `primaryLocationLineHash`, baselines).

    It hashes the rule, the target, the text of the finding's line (whitespace-normalised) and the message with
    its numbers blanked out, but not the line number: inserting or deleting lines above the finding, or a
    witness that changes its values, keeps the fingerprint; editing the flagged line changes it."""
    line = " ".join(text.split())
    message = re.sub(r"\d+", "0", f.message)
    target = f.site.target if with_target else ""  # SARIF: one result for all targets (baselines: per target)
    return hashlib.sha256(f"{f.rule_id}|{target}|{line}|{message}".encode()).hexdigest()[:32]


# --- baselines ------------------------------------------------------------------------------------------------

BASELINE_VERSION = 1


class BaselineError(Exception):
    """A baseline file that cannot be read; the message is one line and names the file."""


def _baseline_path(finding_file: str, baseline: Path) -> str:
    """A finding's file relative to the baseline's directory, '/'-separated (stable whatever the cwd)."""
    absolute = os.path.abspath(finding_file)
    try:
        return os.path.relpath(absolute, os.path.abspath(baseline.parent)).replace(os.sep, "/")
    except ValueError:  # another drive on Windows
        return absolute.replace(os.sep, "/")


def baseline_entries(findings: list[Finding], baseline: Path) -> list[dict]:
    cache: dict[str, list[str]] = {}
    out = []
    for f in findings:
        s = f.site
        out.append({"file": _baseline_path(s.file, baseline), "rule": f.rule_id, "name": f.rule_name,
                    "target": s.target, "fingerprint": fingerprint(f, line_text(s.file, s.line, cache)),
                    "line": s.line, "message": f.message})
    return sorted(out, key=lambda e: (e["file"], e["line"], e["rule"], e["target"], e["fingerprint"]))


def write_baseline(findings: list[Finding], path: Path) -> int:
    """Write the findings as a baseline; returns how many were written."""
    from ptolint import __version__

    entries = baseline_entries(findings, path)
    doc = {"version": BASELINE_VERSION, "tool": {"name": "ptolint", "version": __version__}, "findings": entries}
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return len(entries)


def _key(e: dict) -> tuple[str, str, str, str]:
    return e["file"], e["rule"], e["target"], e["fingerprint"]


def read_baseline(path: Path) -> Counter:
    """The baseline's findings as a multiset of (file, rule, target, fingerprint); raises BaselineError."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read baseline: {exc.strerror or exc}")
    except (ValueError, UnicodeDecodeError) as exc:
        raise BaselineError(f"{path}: not a ptolint baseline (invalid JSON: {exc})")
    if not isinstance(doc, dict) or doc.get("version") != BASELINE_VERSION or not isinstance(doc.get("findings"), list):
        raise BaselineError(f"{path}: not a ptolint baseline (expected version {BASELINE_VERSION} and a findings list)")
    try:
        return Counter(_key(e) for e in doc["findings"])
    except (KeyError, TypeError):
        raise BaselineError(f"{path}: not a ptolint baseline (an entry lacks file, rule, target or fingerprint)")


def filter_baseline(findings: list[Finding], baseline: Counter, path: Path) -> tuple[list[Finding], int]:
    """The findings not in the baseline, and how many were hidden. Each baseline entry hides one finding."""
    remaining = Counter(baseline)
    cache: dict[str, list[str]] = {}
    kept, hidden = [], 0
    for f in findings:
        s = f.site
        key = (_baseline_path(s.file, path), f.rule_id, s.target, fingerprint(f, line_text(s.file, s.line, cache)))
        if remaining[key] > 0:
            remaining[key] -= 1
            hidden += 1
        else:
            kept.append(f)
    return kept, hidden


def merge_key(f: Finding) -> tuple:
    """What findings identical but for the target share."""
    return (f.rule_id, f.level, f.message, f.site.file, f.site.line, f.site.column, witness_text(f), f.fault,
            chain_text(f.site.chain))


def merge_targets(findings: list[Finding]) -> list[tuple[Finding, list[str]]]:
    """Findings identical but for the target are shown once, naming every target (their failure kinds, which may
    differ per target, are shown by `kind_label`)."""
    out: list[tuple[Finding, list[str]]] = []
    index: dict[tuple, int] = {}
    for f in findings:
        key = merge_key(f)
        if key in index:
            out[index[key]][1].append(f.site.target)
        else:
            index[key] = len(out)
            out.append((f, [f.site.target]))
    return out


def origin_text(d) -> str:
    """For a diagnostic located outside the file being checked (a vendor header): which checked file raised it and
    through which #include lines ('' when it is in the checked file itself)."""
    only = f"only on {', '.join(d.only_on)}" if d.only_on else ""
    if not d.checked or d.file == d.checked:
        return only
    out = f"while checking {d.checked}"
    if d.included_from:
        out += "; included from " + " -> ".join(f"{f}:{ln}" for f, ln in d.included_from)
    here = requested_in(d)
    if here:
        out += f"; required from {here[0]}:{here[1]} ({here[3]})"
    return out + (f"; {only}" if only else "")


def requested_in(d) -> tuple[str, int, int, str] | None:
    """The innermost "requested here" note of a diagnostic raised inside a template that lies in the checked file:
    the kernel's line that instantiated the failing template (None when there is none)."""
    return next((n for n in d.instantiated_from if n[0] == d.checked), None)


def witness_values(f: Finding) -> dict:
    """The witness's observed values, each once: a value the executor names `dst_validRow` is dropped when the
    same value is also there as `dst.validRow` (the solver's and the executor's spellings of one quantity)."""
    values = f.witness.values if f.witness else {}
    out = {}
    for k, v in sorted(values.items()):
        if "." not in k and "_" in k and any(
                values.get(k[:i] + "." + k[i + 1:], object()) == v for i, c in enumerate(k) if c == "_"):
            continue
        out[k] = v
    return out


#: the rules' documentation in a checkout: docs/rules.md, one `### pto102` section per rule
RULES_DOC = "docs/rules.md"


def rule_doc_ref(code: str) -> str:
    """Where a rule is documented, for people: 'docs/rules.md#pto102' (in the repository) and the command that
    prints the same text wherever ptolint is installed."""
    return f"{RULES_DOC}#{code.lower()}, or: ptolint explain {code}"


def rule_doc_uri(code: str) -> str | None:
    """A file URI of the rule's section in the checkout's docs/rules.md (editors open it), or None when ptolint
    runs from an installed copy without its docs."""
    doc = Path(__file__).resolve().parents[2] / RULES_DOC
    return f"{doc.as_uri()}#{code.lower()}" if doc.is_file() else None


def summary_counts(findings: list[Finding], diagnostics) -> str:
    """'E error(s), W warning(s), N note(s)': the findings as the text and GitHub reports show them (findings
    identical but for the target once) plus the diagnostics, by level, so the summary counts what was printed."""
    counts = Counter(f.level for f, _ in merge_targets(findings)) + Counter(d.level for d in diagnostics)
    return f"{counts['error']} error(s), {counts['warning']} warning(s), {counts['note']} note(s)"


# --- one cause, many findings -----------------------------------------------------------------------------------

def rule_family(code: str) -> str:
    """Rules whose findings one bad input explains together: those confirmed by the same executor fault kind
    (valid-region, out-of-bounds, ...); the rule itself when it is unknown."""
    from ptolint.ruleset import rule_table

    rule = rule_table().get(code)
    return rule.fault if rule is not None and rule.fault else code


def group_key(f: Finding) -> tuple | None:
    """Findings with the same key have one cause: the same kernel inputs break calls of one rule family in one
    file. None for a finding without inputs (it fails whatever the inputs: each is its own cause)."""
    inputs = f.witness.inputs if f.witness else {}
    if not inputs:
        return None
    return f.site.file, rule_family(f.rule_id), tuple(sorted((k, repr(v)) for k, v in inputs.items()))


Merged = tuple[Finding, list[str]]


def group_findings(merged: list[Merged]) -> list[tuple[Merged, list[Merged]]]:
    """Merged findings as (first, the others with the same group key), in report order: the text report shows
    the first and lists the others under it ("same inputs also break lines ...")."""
    out: list[tuple[Merged, list[Merged]]] = []
    leader: dict[tuple, int] = {}
    for entry in merged:
        key = group_key(entry[0])
        if key is not None and key in leader:
            out[leader[key]][1].append(entry)
            continue
        if key is not None:
            leader[key] = len(out)
        out.append((entry, []))
    return out


def group_ids(findings: list[Finding]) -> dict[int, tuple[int, bool]]:
    """id(finding) -> (group number from 1, whether it is the group's first finding) for every finding in a group
    of two or more merged findings (JSON `group`, SARIF `properties.group`)."""
    merged = merge_targets(findings)
    by_key = {merge_key(f): i for i, (f, _) in enumerate(merged)}
    number: dict[int, tuple[int, bool]] = {}  # merged index -> (group, leader)
    n = 0
    for first, others in group_findings(merged):
        if not others:
            continue
        n += 1
        for entry in [first, *others]:
            number[by_key[merge_key(entry[0])]] = (n, entry is first)
    return {id(f): number[by_key[merge_key(f)]] for f in findings if by_key[merge_key(f)] in number}


def also_text(others: list[Merged]) -> str:
    """'same inputs also break lines 14 (PTO006), 15 (PTO604)' for a group's other findings."""
    return "same inputs also break " + ("line " if len(others) == 1 else "lines ") + ", ".join(
        f"{f.site.line} ({f.rule_id})" for f, _ in others)


# --- failure kinds (ptolint/failure.py) of findings --------------------------------------------------------------

def finding_kind(finding) -> str:
    """A finding's failure kind on its target."""
    return target_kind(finding, finding.site.target)


def finding_release(finding) -> str:
    """For a debug-trap finding: what a release build does."""
    return target_release(finding, finding.site.target)


def target_kind(finding, target: str) -> str:
    """The failure kind of a finding's rule, call and message on `target` (an unknown rule: runtime-fault, what the
    executor observed)."""
    from ptolint.failure import failure_kind
    from ptolint.ruleset import rule_table

    rule = rule_table().get(finding.rule_id)
    if rule is None:
        return "runtime-fault"
    return failure_kind(rule, target, finding.site.builtin, finding.message)


def target_release(finding, target: str) -> str:
    from ptolint.failure import release_behaviour
    from ptolint.ruleset import rule_table

    rule = rule_table().get(finding.rule_id)
    return release_behaviour(rule, target, finding.site.builtin) if rule else ""


def kind_label(f: Finding, targets: list[str]) -> str:
    """A merged finding's failure kind: 'compile-error', or 'debug-trap on a2a3, runtime-fault on a5' when the
    targets differ."""
    by_kind: dict[str, list[str]] = {}
    for t in targets:
        by_kind.setdefault(target_kind(f, t), []).append(t)
    if len(by_kind) == 1:
        return next(iter(by_kind))
    return ", ".join(f"{k} on {', '.join(ts)}" for k, ts in by_kind.items())


def release_text(f: Finding, targets: list[str]) -> str:
    """For the targets where the finding is a debug-trap: 'debug builds trap (PTO_ASSERT); release build: ...'
    ('' when none is)."""
    traps = [t for t in targets if target_kind(f, t) == "debug-trap"]
    if not traps:
        return ""
    rel = {t: target_release(f, t) for t in traps}
    if len(set(rel.values())) == 1:
        body = next(iter(rel.values()))
        where = "" if len(traps) == len(targets) else f" on {', '.join(traps)}"
        return f"debug builds trap (PTO_ASSERT){where}; {body}"
    return "debug builds trap (PTO_ASSERT); " + "; ".join(f"{t}: {r}" for t, r in rel.items())

"""docs/rules.md, generated from the rule registry (python -m ptolint.docgen > docs/rules.md)."""

from __future__ import annotations

import sys

from ptolint import impls, own_impls
from ptolint.failure import FAILURE_KINDS, failure_text
from ptolint.ruleset import Rule, load_rules
from ptolint.targets import ALL_TARGETS, NPU_DIRS


def render(rules: list[Rule]) -> str:
    out = ["# ptolint rules", "",
           "Generated from the rule registry by `python -m ptolint.docgen > docs/rules.md`; do not edit by hand.",
           "", "## Instructions x targets", "",
           "On A6, Kirin 9030, Kirin X90 and Kirin Dev0000 a rule runs for a builtin when the target implements it "
           "with the very A2/A3 or A5 file the rule's facts were read from and that file behaves the same there "
           "(ptolint/impls.py, `python bench/impl_sources.py`), and for the target's own files that were read "
           "(ptolint/own_impls.py) when the "
           "rule's tables hold their facts. *not checked*: the target has its own implementation "
           "(or the reused file differs there) and no rule has its facts; such calls make the target's check partial "
           "(`--format matrix` says so).", "",
           "| instruction | " + " | ".join(ALL_TARGETS) + " |", "|---|" + "---|" * len(ALL_TARGETS)]
    instrs = sorted({i for r in rules for i in r.instructions})
    for ins in instrs:
        cells = []
        for t in ALL_TARGETS:
            ids = [r.code for r in rules if ins in r.instructions and r.runs(ins, t)]
            facts = [r for r in rules if ins in r.instructions and r.families is not None
                     and not own_impls.foreign(r.families, ins, t)]
            why = impls.unmodelled(ins, t) if ins != "*" and facts else None
            if why is not None and all(r.runs(ins, t) for r in facts):
                why = None  # a read own file (ptolint/own_impls.py) every covering rule has facts for
            if why is not None:
                d = impls.impl_dir(ins, t) or ""
                ids.append(f"*not checked* (npu/{d} file differs there)" if d in impls.FAMILY_TARGETS
                           else f"*not checked* (npu/{d})")
            cells.append(", ".join(ids) or "-")
        label = "every tile operand (`*`)" if ins == "*" else f"`{ins}`"
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out += ["", "## Failure kinds", "",
            "What a finding means for the kernel (JSON `kind`, SARIF `properties.kind`, text `[kind]`; "
            "`--select`/`--ignore` accept a kind):", ""]
    out += [f"- `{k}`: {v}" for k, v in FAILURE_KINDS.items()]
    out += ["", "## Rules", ""]
    for r in rules:
        out += [f"### {r.code.lower()}", "", f"**{r.code} `{r.name}`** — {r.summary}", "",
                f"- Instructions: {', '.join(r.instructions)}",
                f"- Targets: {', '.join(r.targets)}", *_reuse(r),
                f"- Highest level: {r.severity}",
                f"- Confirmed by executor fault: `{r.fault}`",
                f"- Failure kind: {failure_text(r)}", ""]
        for title in ("What it does", "Why is this bad?", "Example", "Use instead"):
            body = r.section(title)
            if body:
                out += [f"#### {title}", "", body, ""]
        out += ["#### Provenance", ""]
        out += [f"- *{p.kind}* — `{p.where}`" + (f": {p.note}" if p.note else "") for p in r.provenance]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _reuse(r: Rule) -> list[str]:
    """Where a rule's facts are applied to a newer target: the builtins that target implements with the same
    A2/A3 or A5 file (provenance of the rule there)."""
    if r.families is None:
        return []
    parts, read = [], False
    for t in ALL_TARGETS:
        if t in impls.FAMILY_TARGETS or t not in r.targets:
            continue
        names = [b for b in r.instructions if r.runs_for_some(b, t)]
        fams = sorted({own_impls.family(b, t) or "" for b in names} - {""})
        own = sorted({k.split(":")[0] for b in names if own_impls.family(b, t) is None  # a6:hifloat4x2_t -> a6
                      for k in own_impls.keys(b, t) if b in r.own.get(k, ())})
        dirs = [f"npu/{NPU_DIRS[f]}" for f in fams] + [f"npu/{NPU_DIRS[k]}" for k in own]
        reread = any(impls.family(b, t) is None for b in names)  # a divergent reused file read by hand
        read = read or bool(own) or reread
        what = "files read for it" if own or reread else "files"
        parts.append(f"{t} ({' / '.join(dirs)} {what}: {', '.join(names)})")
    tables = "ptolint/impls.py, ptolint/own_impls.py" if read else "ptolint/impls.py"
    return [f"- Facts reused on: {'; '.join(parts)} ({tables})"] if parts else []


def main() -> int:
    sys.stdout.write(render(sorted(load_rules().values(), key=lambda r: r.code)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""docs/rules.md, generated from the rule registry (python -m ptolint.docgen > docs/rules.md)."""

from __future__ import annotations

import sys

from ptolint.failure import FAILURE_KINDS, failure_text
from ptolint.ruleset import Rule, load_rules
from ptolint.targets import TARGETS


def render(rules: list[Rule]) -> str:
    out = ["# ptolint rules", "",
           "Generated from the rule registry by `python -m ptolint.docgen > docs/rules.md`; do not edit by hand.",
           "", "## Instructions x targets", "", "| instruction | " + " | ".join(TARGETS) + " |",
           "|---|" + "---|" * len(TARGETS)]
    instrs = sorted({i for r in rules for i in r.instructions})
    for ins in instrs:
        cells = []
        for t in TARGETS:
            ids = [r.code for r in rules if ins in r.instructions and t in r.targets]
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
                f"- Targets: {', '.join(r.targets)}",
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


def main() -> int:
    sys.stdout.write(render(sorted(load_rules().values(), key=lambda r: r.code)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Inline suppressions: `// ptolint: ignore[PTO101,textract-index-out-of-range]` or `NOLINT(ptolint-PTO101)`.

A suppression applies to findings on its own line or on the line below it. One without a list
suppresses every rule there. Unused suppressions are reported so they do not rot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ptolint.ir import Diagnostic, split_lines

IGNORE = re.compile(r"ptolint:\s*ignore(?:\[([^\]]*)\])?(?=\s|$)", re.I)
DIRECTIVE = re.compile(r"//.*?\bptolint:\s*(\S*)", re.I)
NOLINT = re.compile(r"NOLINT(?:NEXTLINE)?\(([^)]*)\)")


@dataclass
class Suppression:
    line: int
    codes: set[str] | None  # None: every rule
    next_line_only: bool = False
    used: bool = False


@dataclass
class Suppressions:
    items: list[Suppression] = field(default_factory=list)
    malformed: list[tuple[int, str]] = field(default_factory=list)  # (line, why)

    @classmethod
    def parse(cls, source: str) -> Suppressions:
        out = cls()
        for no, text in enumerate(split_lines(source), start=1):
            if "//" not in text and "/*" not in text:
                continue
            d = DIRECTIVE.search(text)
            if d and not IGNORE.search(text) and not d.group(1).lower().startswith("assume"):
                out.malformed.append((no, f"unrecognised ptolint comment '{text[d.start():].strip()}' "
                                          "(expected 'ptolint: ignore[ID,...]' or 'ptolint: assume EXPR')"))
            for m in IGNORE.finditer(text):
                codes = {c.strip().upper() for c in m.group(1).split(",") if c.strip()} if m.group(1) else None
                out.items.append(Suppression(no, codes))
            for m in NOLINT.finditer(text):
                codes = {c.strip()[len("ptolint-"):].upper() for c in m.group(1).split(",")
                         if c.strip().lower().startswith("ptolint-")}
                if codes:
                    out.items.append(Suppression(no, codes, "NOLINTNEXTLINE" in m.group(0)))
        return out

    def apply(self, res) -> None:
        from ptolint.ruleset import find_rule

        for line, why in self.malformed:
            res.diagnostics.append(Diagnostic(res.path, line, 1, "warning", "bad-suppression", why))
        for s in self.items:
            for code in sorted(s.codes or ()):
                if find_rule(code) is None:
                    res.diagnostics.append(Diagnostic(res.path, s.line, 1, "warning", "bad-suppression",
                                                      f"unknown rule '{code}' in suppression"))
        kept = []
        for f in res.findings:
            hit = None
            for s in self.items:
                lines = (s.line + 1,) if s.next_line_only else (s.line, s.line + 1)
                if f.site.line in lines and (s.codes is None or f.rule_id in s.codes
                                             or f.rule_name.upper() in s.codes):
                    hit = s
                    break
            if hit:
                hit.used = True
            else:
                kept.append(f)
        res.findings = kept
        for s in self.items:
            if not s.used:
                what = ", ".join(sorted(s.codes)) if s.codes else "all rules"
                res.diagnostics.append(Diagnostic(res.path, s.line, 1, "warning", "unused-suppression",
                                                  f"suppression of {what} matches no finding"))

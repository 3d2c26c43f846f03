"""Builtin coverage: which builtins of ptolint's model header some rule checks, per target.

Usage: python bench/coverage.py [--json] [--target a2a3|a5 ...]

The builtins are the public entry points declared with PTO_INST in ptolint's bundled model header
ptolint/frontend/include/pto/common/pto_instr.hpp (every target's declarations: the `#if PTOLINT_TARGET_A5`
sections are read too; internal helpers named *_IMPL are left out). A builtin is COVERED on a target when
- a rule written for it runs there: the builtin is in the rule's `instructions` and the target in its
  `targets` (the tile-invariant rules with `instructions=("*",)` check every call's tiles, not the
  builtin, and do not count; nor does PTO010, see below), or
- the whole builtin does not exist on that target and PTO010 (builtin-unavailable-on-target) reports
  every call of it there. PTO010 entries that reject only one form of a builtin (e.g. GridPipe TPUSH on A5)
  do not make the builtin covered.

The rule registry is read in-process (the same registry `ptolint rules --format json` prints); nothing is
fetched. Output: per target the percentage covered and the uncovered names; --json prints
{"header": ..., "builtins": [...], "targets": {T: {"total", "covered", "percent", "covered_names",
"uncovered", "unavailable"}}}.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ptolint.ruleset import load_rules  # noqa: E402
from ptolint.targets import TARGETS  # noqa: E402

AVAILABILITY_RULE = "PTO010"
_DECL = re.compile(r"\bPTO_INST\b[^;{(]*?\b([A-Z][A-Z0-9_]*)\s*\(")


def model_header() -> Path:
    from ptolint.frontend.parse import MODEL_INCLUDE

    return Path(MODEL_INCLUDE) / "pto" / "common" / "pto_instr.hpp"


def declared_builtins(header: Path) -> list[str]:
    """Names declared with PTO_INST in the header, comments stripped, *_IMPL helpers left out."""
    text = header.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    names = {m.group(1) for m in _DECL.finditer(text)}
    return sorted(n for n in names if not n.endswith("_IMPL"))


def wholly_unavailable() -> Callable[[str, str], bool]:
    """The PTO010 table's `wholly_unavailable(builtin, target)`, or a function saying False when it is absent."""
    mod = sys.modules.get("ptolint.rules.availability")
    fn = getattr(mod, "wholly_unavailable", None)
    return fn if fn is not None else (lambda builtin, target: False)


def coverage(targets: list[str]) -> dict:
    rules = load_rules()
    header = model_header()
    builtins = declared_builtins(header)
    unavailable = wholly_unavailable()
    pto010 = rules.get(AVAILABILITY_RULE)
    out: dict = {"header": str(header.relative_to(ROOT)) if header.is_relative_to(ROOT) else str(header),
                 "builtins": builtins, "targets": {}}
    for t in targets:
        covered, missing, gone = [], [], []
        for b in builtins:
            by_rule = any(b in r.instructions and t in r.targets for code, r in rules.items()
                          if code != AVAILABILITY_RULE)
            absent = unavailable(b, t)
            if absent:
                gone.append(b)
            by_pto010 = absent and pto010 is not None and b in pto010.instructions and t in pto010.targets
            (covered if by_rule or by_pto010 else missing).append(b)
        total = len(builtins)
        out["targets"][t] = {
            "total": total,
            "covered": len(covered),
            "percent": round(100.0 * len(covered) / total, 1) if total else 0.0,
            "covered_names": covered,
            "uncovered": missing,
            "unavailable": gone,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("--target", action="append", choices=list(TARGETS), help="only this target (repeatable)")
    args = ap.parse_args(argv)
    result = coverage(args.target or list(TARGETS))
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"{len(result['builtins'])} builtins declared in {result['header']}")
    for t, r in result["targets"].items():
        print(f"\n{t}: {r['covered']}/{r['total']} covered ({r['percent']:.1f}%), "
              f"{len(r['unavailable'])} of them do not exist on {t}")
        print(f"  uncovered ({len(r['uncovered'])}): {' '.join(r['uncovered']) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

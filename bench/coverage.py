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

A builtin that is not covered but listed for the target in NO_CONSTRAINTS (below, with the header evidence) is
reported apart: "nothing to check: the headers enforce no constraint". It counts only toward the second,
separately labelled percentage ("covered or nothing to check"); the strict percentage counts rules only.

The rule registry is read in-process (the same registry `ptolint rules --format json` prints); nothing is
fetched. Output: per target the percentage covered and the uncovered names; --json prints
{"header": ..., "builtins": [...], "targets": {T: {"total", "covered", "percent", "covered_names",
"uncovered", "unavailable", "nothing_to_check", "open", "covered_or_nothing", "percent_with_nothing"}}}
("uncovered": every builtin no rule covers; "nothing_to_check": those of them NO_CONSTRAINTS lists for T;
"open": the rest).
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

_A2 = "include/pto/npu/a2a3/"
_A5 = "include/pto/npu/a5/"
_INSTR = "include/pto/common/pto_instr.hpp"

#: builtin -> target -> evidence that the target's headers check nothing a rule could model (read from the
#: pto-isa snapshot: static_assert / PTO_STATIC_ASSERT sites and the branches of the implementation)
NO_CONSTRAINTS: dict[str, dict[str, str]] = {
    "SET_QUANT_SCALAR": {
        "a2a3": _A2 + "SetQuantScalar.hpp: no assert; any OutType, a 1-byte OutType only sets the sign bit (bit 46) "
                "before set_quant_pre",
        "a5": _A5 + "SetQuantScalar.hpp: no assert; any OutType, a 1-byte OutType only sets the sign bit (bit 46)",
    },
    "SYNCALL": {
        "a2a3": _INSTR + " SYNCALL (both forms) + " + _A2 + "SyncAll.hpp + common/syncall_soft.hpp: the backend "
                "check passes on A2/A3; the soft-mode PTO_STATIC_ASSERTs (AIVOnly / Mix) are met by the "
                "dispatch on SyncCoreType, whose three values are all handled",
        "a5": _INSTR + " SYNCALL (both forms) + " + _A5 + "SyncAll.hpp + common/syncall_soft.hpp: as on A2/A3",
    },
    "TPREFETCH": {
        "a2a3": _A2 + "TPrefetch.hpp: TPREFETCH_IMPL computes the copy extents, no assert",
        "a5": _A5 + "TPrefetch.hpp: TPREFETCH_IMPL computes the copy extents, no assert",
    },
    "TPREFETCH_ASYNC": {
        "a2a3": _A2 + "TPrefetchAsync.hpp + include/pto/comm/async/sdma/TPrefetchAsyncImpl.hpp: no assert "
                "(SDMA session set-up and a CMO request)",
        "a5": _A5 + "TPrefetchAsync.hpp + include/pto/comm/async/sdma/TPrefetchAsyncImpl.hpp: no assert",
    },
    "TSYNC": {
        "a2a3": _A2 + "TSync.hpp: TSYNC_IMPL<OpCode> accepts S/V/M/MTE1/MTE2/MTE3/FIX/ALL, every pipe "
                "common/event.hpp's OpPipeEntry assigns; TSYNC(events...) only waits on the events (the A5 "
                "restriction is PTO059)",
    },
    "TGET_SCALE_ADDR": {
        "a5": _A5 + "TGetScaleAddr.hpp: only static_assert is_tile_data_v on both operands (every Tile passes; "
              "a non-tile does not resolve as a call), then __cce_pto_get_mx_scale_tile",
    },
}
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
        covered, missing, gone, nothing = [], [], [], []
        for b in builtins:
            by_rule = any(b in r.instructions and t in r.targets for code, r in rules.items()
                          if code != AVAILABILITY_RULE)
            absent = unavailable(b, t)
            if absent:
                gone.append(b)
            by_pto010 = absent and pto010 is not None and b in pto010.instructions and t in pto010.targets
            (covered if by_rule or by_pto010 else missing).append(b)
            if not (by_rule or by_pto010) and t in NO_CONSTRAINTS.get(b, {}):
                nothing.append(b)
        total = len(builtins)
        both = len(covered) + len(nothing)
        out["targets"][t] = {
            "total": total,
            "covered": len(covered),
            "percent": round(100.0 * len(covered) / total, 1) if total else 0.0,
            "covered_names": covered,
            "uncovered": missing,
            "unavailable": gone,
            "nothing_to_check": nothing,
            "open": [b for b in missing if b not in nothing],
            "covered_or_nothing": both,
            "percent_with_nothing": round(100.0 * both / total, 1) if total else 0.0,
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
        print(f"  nothing to check: the headers enforce no constraint ({len(r['nothing_to_check'])}): "
              f"{' '.join(r['nothing_to_check']) or '-'}")
        print(f"  covered or nothing to check: {r['covered_or_nothing']}/{r['total']} "
              f"({r['percent_with_nothing']:.1f}%); still open ({len(r['open'])}): {' '.join(r['open']) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

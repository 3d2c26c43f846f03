"""What kind of failure a finding is: the code does not compile on that target, it faults at run time, it silently
does nothing (or something other than written), or it traps only in debug builds.

Derived per rule and target from what the rule already declares (its executor `fault` kind and its provenance),
centrally, so no rule repeats it; `Rule.failure` (or the table `OVERRIDES` below) overrides the derivation where it
is wrong. The derivation, for target T, over the provenance entries that apply to T (an entry applies to every target
unless its `where` or the prefix of its note, e.g. "a5, integer dst: ...", names targets, see `applies`):

1. the rule's override for (T, instruction), T, or every target ("*");
2. fault `unavailable` -> compile-error (the builtin or form does not exist there);
3. a `header-runtime` entry that is a `PTO_ASSERT` (debug builds only) and no `header-static` entry -> debug-trap;
   what a release build does is taken from that entry's note ("release builds ...", "..., then ...") or, failing
   that, from the fault kind;
4. fault `no-op`, `ignored-option` or `partial-result` -> silent;
5. a `header-static` entry (a static_assert or an overload that does not exist) -> compile-error;
6. otherwise (`hazard`, a `header-runtime` entry without an assertion, documentation only) -> runtime-fault.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

FAILURE_KINDS = {
    "compile-error": "the code does not compile on the target (a static_assert, no matching overload, a builtin "
                     "the target lacks)",
    "runtime-fault": "the code compiles and faults or corrupts memory at run time (out of bounds, a wrong buffer "
                     "or region)",
    "silent": "the code compiles and runs but silently does nothing, ignores an option, or does only part of "
              "what is written",
    "debug-trap": "a PTO_ASSERT traps in debug builds only; release builds run on (the finding says what they do)",
}

SILENT_FAULTS = ("no-op", "ignored-option", "partial-result")


@dataclass(frozen=True)
class Override:
    """An explicit failure kind for a rule: `kinds` maps "T" (a target), "T/INSTR" (a target and builtin) or "*" to
    a kind; `release` (same keys) what a release build does, for debug-trap; `refine` may decide from a finding's
    message (a rule that checks two forms of a call, one rejected at compile time and one not); `why` is shown in
    the rule's documentation."""

    kinds: dict[str, str]
    why: str = ""
    release: dict[str, str] | None = None
    refine: Callable[[str], str | None] | None = None


def _tassign_form(message: str) -> str | None:
    # the run-time form TASSIGN(obj, addr) checks nothing; TASSIGN<Addr>(obj) static_asserts the placement
    return "runtime-fault" if message.startswith("TASSIGN(obj, addr)") else None


def _tquant_dn_valid(message: str) -> str | None:
    # PTO967: the exponent / source valid shapes are PTO_ASSERTs; the static tile shapes static_asserts
    return "debug-trap" if message.startswith("TQUANT MX DN interleave (run time)") else None


#: rules whose derived kind is wrong (read their documentation and provenance)
OVERRIDES: dict[str, Override] = {
    "PTO967": Override({"*": "compile-error"}, "the static tile shapes are static_asserts; the valid shapes are "
                                               "PTO_ASSERTs (debug-trap)",
                       release={"*": "release build: writes the exponents of the source's valid region whatever the "
                                     "exponent tile's valid region says"},
                       refine=_tquant_dn_valid),
    "PTO007": Override({"*": "compile-error", **{f"kirindev0000/{b}": "runtime-fault" for b in ("TSTORE", "TSTORE_FP")}},
                       "copies that reach CheckTMovAccValid do not compile; TSTORE faults at run time; the pairs no "
                       "branch handles compile to nothing (silent)",
                       refine=lambda message: "silent" if "compiles to nothing" in message else None),
    "PTO210": Override({"*": "runtime-fault"}, "the header-static entry records that nothing is checked: tmp's "
                                               "address is used as a UB pointer"),
    "PTO211": Override({"*": "runtime-fault"}, "the header checks nothing about tmp: a 32-byte block per row is "
                                               "written at its address"),
    "PTO504": Override({"*": "debug-trap"}, "PTO_ASSERT on both targets",
                       release={"a2a3": "release build: silently skips the whole instruction (dst unwritten)",
                                "a5": "release build: computes over dst's valid shape (reading src0 outside its "
                                      "valid region when src0's is smaller)"}),
    "PTO706": Override({"*": "debug-trap"}, "both tmp checks are PTO_ASSERTs (A2/A3 only)",
                       release={"a2a3/TREM": "release build: writes the comparison mask at tmp + dst's row stride "
                                             "(a 256-byte vector_dup and the compare bits), past a shorter tmp",
                                "a2a3/TREMS": "release build: uses dst's valid columns of tmp as scratch for every "
                                              "row, past a shorter tmp"}),
    "PTO806": Override({"*": "debug-trap"}, "every check is a PTO_ASSERT (the arg-reduction entry is one too)"),
    "PTO901": Override({"*": "compile-error"}, "TASSIGN<Addr>(obj) is rejected by a static_assert; the run-time "
                                               "form TASSIGN(obj, addr) checks nothing (runtime-fault)",
                       refine=_tassign_form),
    "PTO902": Override({"*": "compile-error"}, "TASSIGN<Addr>(obj) is rejected by a static_assert; the run-time "
                                               "form TASSIGN(obj, addr) checks nothing (runtime-fault)",
                       refine=_tassign_form),
    "PTO903": Override({"*": "runtime-fault"}, "the run-time form only; the template form is PTO901"),
    "PTO930": Override({"a5": "silent"}, "A5's if-constexpr chain has no else: another pair compiles to nothing"),
    "PTO950": Override({"a5/TLOAD": "silent", "kirin9030/TLOAD": "silent", "a6/TLOAD": "silent"},
                       "A5 (and the own TLoad.hpp of Kirin 9030 and A6) TLOAD of a tile neither Vec nor Mat compiles to nothing; "
                       "TSTORE static_asserts"),
    "PTO960": Override({"a2a3": "silent"}, "A2/A3: a pair outside the if-constexpr chain compiles to nothing, dst "
                                           "is never written"),
}


def _target_words(target: str) -> list[str]:
    """How provenance spells a target: its id, and the vendor spelling (A2/A3 for a2a3)."""
    words = [target]
    m = re.fullmatch(r"a(\d)a(\d)", target)
    if m:
        words.append(f"a{m.group(1)}/a{m.group(2)}")
    return words


@functools.cache
def _words(target: str) -> re.Pattern:
    """Any spelling of `target` as a whole word (the longest first), case-insensitive."""
    alts = "|".join(re.escape(w) for w in sorted(_target_words(target), key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alts})(?![A-Za-z0-9_])", re.I)


def _names(text: str, target: str) -> bool:
    return bool(_words(target).search(text))


def _only_targets(head: str, targets: tuple[str, ...]) -> bool:
    """Is a note's prefix ("a5", "A2/A3", "a2a3 and a5") nothing but target names?"""
    rest = head
    for t in targets:
        rest = _words(t).sub(" ", rest)
    return rest != head and not re.sub(r"\band\b|[/, ]", "", rest)


def applies(p, target: str, targets: tuple[str, ...]) -> bool:
    """Does a provenance entry speak about `target`? A note starting "a5: ..." / "a5, ..." / "A2/A3: ..." names its
    targets; otherwise the `where` does (include/pto/npu/a5/...); an entry that names no target applies to all."""
    heads = [m.group(1) for seg in re.split(r";\s*", p.note or "")
             if (m := re.match(r"\s*([A-Za-z0-9/ ,]+?)\s*[:,]", seg))]
    heads = [h for h in heads if _only_targets(h, targets)]
    by_note = [t for t in targets if any(_names(h, t) for h in heads)]
    if by_note:
        return target in by_note
    named = [t for t in targets if _names(p.where, t)]
    return not named or target in named


def _asserts(p) -> bool:
    return bool(re.search(r"PTO_ASSERT|_DEBUG|debug builds? only", f"{p.where} {p.note}"))


def _override(rule, target: str, instruction: str | None) -> Override | None:
    ov = getattr(rule, "failure", None)
    if isinstance(ov, str):
        return Override({"*": ov})
    if isinstance(ov, dict):
        return Override(ov)
    if isinstance(ov, Override):
        return ov
    return OVERRIDES.get(rule.code)


def _lookup(table: dict[str, str] | None, target: str, instruction: str | None) -> str | None:
    if not table:
        return None
    for key in ((f"{target}/{instruction}",) if instruction else ()) + (target, "*"):
        if key in table:
            return table[key]
    return None


def _all_targets(rule) -> tuple[str, ...]:
    from ptolint import targets

    return tuple(dict.fromkeys(tuple(getattr(targets, "ALL_TARGETS", targets.TARGETS)) + tuple(rule.targets)))


def _as_family(rule, target: str, instruction: str | None) -> str:
    """On a newer target a rule with per-implementation facts fails as on the target whose implementation file the
    call uses there (ptolint.impls.family: the instruction's, else the first of the rule's that maps there)."""
    from ptolint import impls, own_impls

    families = getattr(rule, "families", None)
    if not families or target in families or target in impls.FAMILY_TARGETS:
        return target
    names = [instruction] if instruction else list(rule.instructions)
    found = [f for f in (own_impls.family(b, target) for b in names) if f in families]
    if not found:  # a read own file: as the target whose directory holds it (ptolint/own_impls.py)
        found = [o.impl for b in names if (o := own_impls.own(b, target)) and b in getattr(rule, "own", {}).get(
            o.impl, ())]
    return found[0] if found else target


def failure_kind(rule, target: str, instruction: str | None = None, message: str | None = None) -> str:
    """The failure kind of `rule` on `target` (for a finding: at a call of `instruction`, with its `message`)."""
    target = _as_family(rule, target, instruction)
    ov = _override(rule, target, instruction)
    if ov is not None:
        if ov.refine is not None and message is not None:
            refined = ov.refine(message)
            if refined:
                return refined
        kind = _lookup(ov.kinds, target, instruction)
        if kind:
            return kind
    if rule.fault == "unavailable":
        return "compile-error"
    entries = [p for p in rule.provenance if applies(p, target, _all_targets(rule))]
    static = any(p.kind == "header-static" for p in entries)
    if not static and any(p.kind == "header-runtime" and _asserts(p) for p in entries):
        return "debug-trap"
    if rule.fault in SILENT_FAULTS:
        return "silent"
    if static:
        return "compile-error"
    return "runtime-fault"


def release_behaviour(rule, target: str, instruction: str | None = None) -> str:
    """For a debug-trap: what a release build does (one clause), from the override, the PTO_ASSERT's provenance
    note, or the fault kind."""
    from ptolint.ir import FAULT_KINDS

    target = _as_family(rule, target, instruction)
    ov = _override(rule, target, instruction)
    text = _lookup(ov.release, target, instruction) if ov is not None else None
    if text:
        return text
    for p in rule.provenance:
        if p.kind != "header-runtime" or not applies(p, target, _all_targets(rule)):
            continue
        m = re.search(r"(?:a |in )?release builds?,?\s*([^.;)]*)", p.note)
        if m and m.group(1).strip():
            return "release build: " + _balanced(m.group(1).strip())
    for p in rule.provenance:
        if p.kind == "header-runtime" and _asserts(p) and applies(p, target, _all_targets(rule)):
            m = re.search(r"\bthen ([^.;]*)", p.note)
            if m:
                return "release build: " + _balanced(m.group(1).strip())
    return f"release build: runs on unchecked ({FAULT_KINDS.get(rule.fault, rule.fault)})"


def _balanced(clause: str) -> str:
    """A clause cut at a `)` loses its unclosed parenthetical."""
    while clause.count("(") > clause.count(")"):
        clause = clause[:clause.rfind("(")].rstrip(" ,")
    return clause


def rule_kinds(rule) -> dict[str, str]:
    """target -> failure kind, for each of the rule's targets (the per-target base; see `failure_kind`)."""
    return {t: failure_kind(rule, t) for t in rule.targets}


def kinds_text(rule) -> str:
    """'compile-error', or 'a2a3: compile-error, a5: silent' when the targets differ."""
    kinds = rule_kinds(rule)
    distinct = list(dict.fromkeys(kinds.values()))
    if len(distinct) == 1:
        return distinct[0]
    return ", ".join(f"{t}: {k}" for t, k in kinds.items())


def kind_keys(keys: list[str] | None) -> tuple[list[str], list[str]]:
    """Split --select/--ignore keys into failure kinds and rule keys."""
    kinds, rest = [], []
    for k in keys or []:
        (kinds if k.lower() in FAILURE_KINDS else rest).append(k.lower() if k.lower() in FAILURE_KINDS else k)
    return kinds, rest


def failure_text(rule) -> str:
    """The failure kind(s) of a rule for its documentation: per target when they differ, what a release build does
    for a debug-trap, and why an override applies."""
    parts = []
    by_kind: dict[str, list[str]] = {}
    for t, k in rule_kinds(rule).items():
        by_kind.setdefault(k, []).append(t)
    single = len(by_kind) == 1
    for k, ts in by_kind.items():
        text = k if single else f"{k} on {', '.join(ts)}"
        if k == "debug-trap":
            releases = list(dict.fromkeys(release_behaviour(rule, t) for t in ts))
            if len(releases) == 1:
                text += f" ({releases[0]})"
            else:
                text += " (" + "; ".join(f"{t}: {release_behaviour(rule, t)}" for t in ts) + ")"
        parts.append(text)
    ov = _override(rule, "", None)
    out = "; ".join(parts)
    if ov is not None and ov.why:
        out += f" — {ov.why}"
    return out

"""Proof mode, engine side (`ptolint check --prove`): what the analysis established for each rule at each call.

The solver's "holds" (no finding) is not a proof by itself: with opaque values in the formula it only means that no
input breaks the rule for *every* opaque value, a `definite` rule stays silent when only some inputs break it, and
a loop's summarised iterations stand for many. So a call is *verified* for a rule only when the violation query,
with every symbol free (opaque values and loop iterations included), is unsat over everything that reaches the
call, and the formula does not range over a summarised loop's iterations; anything less is *unknown* with its
reason. Nothing here decides findings: the engine records the statuses (ptolint/engine.py), the report
aggregates them (ptolint/report/proof.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import z3

from ptolint import impls, own_impls
from ptolint.ir import CallSite, ProofEntry, Sym
from ptolint.ruleset import Rule

#: the `reason` codes of an unknown status are listed with their meaning in ptolint/report/proof.py (REASONS)

_LOOP = re.compile(r"^(?:iteration|trips)@L(\d+)$")
#: origins of the opaque values a loop summary introduces (ptolint/frontend/interp/loops.py)
_LOOP_ORIGINS = ("value changed in a loop", "value after the loop", "set in a loop")


@dataclass
class Outcome:
    """One rule at one call instance: a status of ir.ProofEntry, with its reason."""

    status: str  # "verified", "violated", "unknown", "not-applicable", or "holds" (the solver's no-finding)
    reason: str = ""
    detail: str = ""
    where: int = 0
    note: str = ""


def record(res, site: CallSite, rule: str, o: Outcome) -> None:
    """Append the outcome as a ProofEntry of `res` (an engine FileResult)."""
    entry = site.chain[0].function if site.chain else ""
    res.proof.append(ProofEntry(site.target, site.file, site.line, site.column, site.builtin, entry, rule,
                                o.status, o.reason, o.detail, o.where, o.note))


def _vars(e: z3.ExprRef) -> set[str]:
    """Names of the uninterpreted constants of a Z3 term (iterative: formulas can be deep)."""
    out: set[str] = set()
    seen: set[int] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if x.get_id() in seen:
            continue
        seen.add(x.get_id())
        if z3.is_const(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out.add(str(x))
        else:
            stack.extend(x.children())
    return out


def _loop_line(syms: list[Sym]) -> int:
    for s in syms:
        m = _LOOP.match(s.name)
        if m:
            return int(m.group(1))
    return 0


def not_run(rule: Rule, site: CallSite, dtypes: tuple[str, ...]) -> Outcome:
    """A rule that covers the builtin but does not run on the target: not applicable, unless the reason is that no
    rule has facts for the implementation the target uses (then the call is not checked: unknown); a rule of only
    A2/A3 facts does not apply to a read own file that follows A5's code (ptolint/own_impls.py), nor a rule to a
    call without its operand form (Rule.form: a ConvTile rule at a Tile call), whatever the target's facts."""
    why = impls.unmodelled(site.builtin, site.target, dtypes)
    if own_impls.foreign(rule.families, site.builtin, site.target, dtypes):
        return Outcome("not-applicable")  # an A2/A3-only fact, on a file that follows A5's code
    if not rule.applies(site):
        return Outcome("not-applicable")  # the call cannot break it on any target
    if why is not None and rule.families is not None and site.builtin in rule.instructions:
        return Outcome("unknown", "no-facts", own_impls.left_out(site.builtin, site.target, dtypes) or why)
    return Outcome("not-applicable")


def unresolved_operand(site: CallSite) -> Outcome:
    return Outcome("unknown", "unresolved-operand", f"operand not followed: {site.unresolved}")


def holds(rule: Rule, site: CallSite, se, timeout_ms: int) -> Outcome:
    """The solver found no finding for `rule` at `site` (`se`: its solver.SiteEncoding): verified, not applicable,
    or unknown (opaque values, a summarised loop, a definite-only rule whose violation some inputs reach)."""
    from ptolint.solver import staged_check

    chk = rule.check(se.ctx)
    if chk is None:
        return Outcome("not-applicable")
    summary = [s for s in se.enc.syms.values() if s.kind == "iteration"]
    in_loop = _loop_line(summary)
    note = "loop summary" if summary else ""
    violated = z3.simplify(chk.violated)
    if z3.is_false(violated):
        return Outcome("verified", note=note)
    named = _vars(violated)
    syms = {n: s for n, s in se.enc.syms.items()}
    iterations = [syms[n] for n in named if n in syms and syms[n].kind == "iteration"]
    if iterations:  # the verdict ranges over summarised iterations: not claimed, however the query came out
        line = _loop_line(iterations)
        return Outcome("unknown", "loop-summary",
                       f"the rule's formula ranges over the summarised iterations of the loop at line {line}", line)
    reach = list(se.path) + list(se.domain)
    if not chk.definite and not any(s.kind == "opaque" for s in syms.values()):
        return Outcome("verified", note=note)  # the solver's own query was this one, and it was unsat
    on_path = set().union(*(_vars(c) for c in se.path)) if se.path else set()
    opaque = [s for n, s in syms.items() if s.kind == "opaque" and (n in named or n in on_path)]
    s = z3.Solver()
    s.add(*reach, violated)
    r, _ = staged_check(s, list(se.enc.vars.values()), timeout_ms)
    if r == z3.unsat:
        return Outcome("verified", note=note)
    if r == z3.unknown:
        return Outcome("unknown", "solver-unknown", "Z3 could not decide whether any reaching input breaks the rule")
    lost = [o for o in opaque if o.name in named] or opaque
    if lost:
        o = lost[0]
        if o.origin in _LOOP_ORIGINS:
            return Outcome("unknown", "loop-summary", f"`{o.name}` is a value a summarised loop changes ({o.origin})",
                           in_loop)
        return Outcome("unknown", "opaque-value", f"`{o.name}` is not followed ({o.origin})")
    return Outcome("unknown", "host-contract", f"{rule.code} reports only a violation every reaching input has; "
                                               "some inputs break it here")


#: (builtin, tile parameter) whose tile the call itself places as a view of another (not a lost placement)
_VIEWS = frozenset({("TRESHAPE", "dst"), ("TSUBVIEW", "dst")})


def placement_lost(sites: list[CallSite]) -> CallSite | None:
    """The first call of one entry point's walk with a tile operand whose placement was not followed, when the walk
    places tiles with TASSIGN at all (kernel-level overlap rules cannot speak for it then)."""
    if not any(s.builtin == "TASSIGN" for s in sites):
        return None
    for s in sites:  # a TASSIGN's own tile operand is the tile before it is placed, a TRESHAPE's / TSUBVIEW's dst
        # the tile before it becomes a view / window of src (none writes data there, so none can clobber or define
        # a live tile; the walk places the view after the call, ptolint/frontend/interp/tiles.py)
        if s.unresolved or (s.builtin != "TASSIGN" and any(
                t.binding == 0 or t.addr is None for p, t in s.tiles() if (s.builtin, p) not in _VIEWS)):
            return s
    return None


def worst(outcomes: list[Outcome]) -> Outcome:
    """Violated before unknown before verified before not applicable (the combined status of several)."""
    rank = {"violated": 0, "unknown": 1, "verified": 2, "not-applicable": 3}
    return min(outcomes, key=lambda o: rank.get(o.status, 1)) if outcomes else Outcome("not-applicable")


def kernel_level(rule: Rule, sites: list[CallSite], seqs: list[CallSite], res) -> None:
    """A kernel-level rule (PTO904) speaks for a walk as a whole: its status is recorded at each call of the rule's
    instructions (TASSIGN) the walk makes; verified only when every placement was followed, every call resolved
    and the rule built all its sequences (their own statuses are recorded at the overwriting call)."""
    import inspect

    cap = getattr(inspect.getmodule(rule.sequences), "MAX_SEQUENCES", None)
    for walk in sorted({s.entry for s in sites}):
        calls = [s for s in sites if s.entry == walk]
        own = [s for s in calls if s.builtin in rule.instructions]
        if not own:
            continue
        lost = placement_lost(calls)
        if lost is not None:
            o = Outcome("unknown", "placement", f"a tile placement is not followed at line {lost.line} "
                                                f"({lost.builtin}{': ' + lost.unresolved if lost.unresolved else ''})",
                        lost.line)
        elif cap is not None and len(seqs) >= cap:
            o = Outcome("unknown", "analysis-limit", f"{rule.code} checks at most {cap} sequences per file and target")
        else:
            o = Outcome("verified")
        for s in own:
            record(res, s, rule.code, o)

"""Rule x call site x target -> verdict with a witness, by asking Z3.

For a rule's violation formula V and the path condition P of the call site:
- P and V unsatisfiable              -> the rule holds (nothing to report);
- P and not V unsatisfiable          -> error: every input that reaches the call breaks the rule;
- otherwise                          -> warning: the model names inputs that break it.
Opaque symbols (values the frontend lost) are universally quantified: a finding must hold whatever they are.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import z3

from ptolint.ir import (
    FLOAT_TYPES,
    INT_TYPES,
    Bin,
    CallSite,
    Cast,
    Const,
    Expr,
    GlobalOperand,
    ScalarOperand,
    Select,
    Sym,
    TileOperand,
    TypeOperand,
    Unary,
    int_range,
    sym_set,
)
from ptolint.ruleset import Check, Ctx, GlobalView, Rule, TileView
from ptolint.z3lazy import install_fast_paths
from ptolint.z3terms import (
    _APP_ARG,
    _APP_DECL,
    _AST_ID,
    _AST_KIND,
    _BOOL_VALUE,
    _DECL_KIND,
    _NUM_ARGS,
    _Q_BODY,
    is_false,
)

install_fast_paths()  # the same terms, built with fewer Python-level Z3 calls (ptolint/z3lazy.py)

COMPARE = {"<", "<=", ">", ">=", "==", "!="}
#: signed types whose arithmetic overflow is undefined behaviour (narrower types are promoted to int first)
UB_TYPES = {"int", "long", "long long"}
#: symbol kinds the solver may choose: kernel inputs, and loop iteration counts (chosen, never shown as inputs)
CHOSEN = ("input", "iteration")
#: witness ranges tried in order, so that a report shows values a person would write
FRIENDLY = ((0, 64), (-64, 64), (0, 4096), (-4096, 4096))
#: counterexample rounds of the exists-forall loop before the query counts as undecided
CEGIS_ROUNDS = 8
#: first, short attempt of every query (most are decided in a few ms); then sampling, then the full timeout.
#: A resource limit, not a time limit, so that the answer does not depend on the machine's load.
QUICK_RLIMIT = 300_000
#: the attempt at a query with most variables fixed from a remembered model (solver.repair): most are decided well
#: within it, and one that is not costs little before the usual staged check
REPAIR_RLIMIT = 60_000
#: remembered models (the most recent first) a query is repaired from before the staged check
REPAIRS = 1


#: every expression node encoded so far, by identity (the node is kept, so its id stays its own) -> its term, what
#: its arithmetic needs to be defined and its symbols. Expressions share subterms within a path and across the
#: call sites of a file (a path prefix, a loop's induction value): encoding them as trees, site by site, was the
#: bulk of the time on long generated kernels. The terms are pure functions of the node, so sharing is exact.
ENCODED: dict[int, tuple[Expr, z3.ExprRef, tuple[z3.BoolRef, ...], tuple[Sym, ...]]] = {}
MAX_ENCODED = 200_000
#: answers of queries already decided, by the query's term (Z3 shares equal terms, so an equal query has the same
#: id; the term is kept so that the id stays its own): the calls of an unrolled loop ask the same question
#: iteration after iteration (a generated kernel: 931 queries, 200 different)
SOLVED: dict[tuple[int, bool], tuple[z3.BoolRef, z3.CheckSatResult, z3.ModelRef | None]] = {}
#: each rule's Check at a call, with its violation simplified, by (rule code, the call's Ctx.identity() numbered in
#: CALLS): an ST kernel's instantiations and paths make the same call again and again (half of the rule checks of a
#: file), and building a rule's formula and simplifying it was most of checking a call. The Ctx is kept, so the
#: term ids of its identity stay its own.
CHECKED: dict[tuple[str, int], tuple[Check | None, z3.BoolRef | None, bool]] = {}
CALLS: dict[tuple, tuple[int, Ctx]] = {}
#: z3.simplify of a rule's violation, by the violation's term (kept, so that the id stays its own): calls that
#: differ only in what a rule's message names (PTO904's sequences: the lines of the write and of the read) build
#: the same violation again (a generated kernel: 3,177 simplifications of 244 terms)
SIMPLIFIED: dict[int, tuple[z3.BoolRef, z3.BoolRef]] = {}
#: the integer numeral of each constant the file's expressions hold, by value: every call site's operands are
#: encoded afresh (a tile's constant valid region, a tensor's five extents and strides), and making the numeral
#: (z3.IntVal) was most of building a site's Ctx; one object per value also keeps what is known of it
#: (int_constant's value, its sort)
NUMERALS: dict[int, z3.IntNumRef] = {}
#: bumped whenever CALLS is emptied: a call number kept on a Ctx is valid only in its generation
_GENERATION = [0]


#: the Z3 constant of each symbol name (and sort) made so far: every site's encoder names the same symbols, and
#: making the constant anew (a Z3 call and a sort lookup) was a tenth of a communication kernel's site encodings
CONSTS: dict[tuple[str, bool], z3.ExprRef] = {}

#: the domain constraints of a symbol (its type's range and declared bounds), by the symbol: the same terms at
#: every call site the symbol reaches
DOMAINS: dict[Sym, tuple[z3.BoolRef, ...]] = {}

#: the names of the uninterpreted constants below each Z3 subterm walked so far, by term id: the sites of a file
#: share their path conjuncts and rule terms, and each query's split (independent_split) and witness names walked
#: them all again (a generated kernel: a fifth of checking its sites). VARS_KEPT holds the walked terms, so that
#: the ids of their subterms stay their own.
VARS: dict[int, frozenset[str]] = {}
VARS_KEPT: list[z3.ExprRef] = []


#: the most recent satisfying models of the file's queries, most recently useful first (at most KEEP of them).
#: The queries of one path differ mostly in the rule's formula, and a model that satisfied one of them often
#: satisfies the next: evaluating a new query under these models first (exact: a model under which the query is
#: true is a model of it) saves a Z3 check; a witness is still shrunk from it, so witnesses stay minimal.
KEEPING: list[z3.ModelRef] = []
KEEP = 8


def keep(model: z3.ModelRef | None) -> None:
    """Remember a satisfying model (the most recent first, KEEP at most)."""
    if model is None:
        return
    for i, m in enumerate(KEEPING):
        if m is model:
            del KEEPING[i]
            break
    KEEPING.insert(0, model)
    del KEEPING[KEEP:]


def kept_model(goal: z3.BoolRef) -> z3.ModelRef | None:
    """A remembered model under which `goal` is true (moved to the front), or None."""
    for m in KEEPING:
        if z3.is_true(m.eval(goal, model_completion=True)):
            keep(m)
            return m
    return None


def repair(goal: z3.BoolRef, variables: dict[str, z3.ExprRef], model: z3.ModelRef) -> z3.ModelRef | None:
    """A model of `goal` near a remembered one, or None: the variables of the conjuncts `model` falsifies are left
    free, every other variable keeps its value in `model`, and Z3 gets one quick attempt at that much smaller
    query. A model it finds is a model of `goal` (exact: only used where the answer alone is read)."""
    conj, stack = [], [goal]
    while stack:
        x = stack.pop()
        if z3.is_and(x):
            stack += x.children()
        else:
            conj.append(x)
    free: set[str] = set()
    for c in conj:
        if not z3.is_true(model.eval(c, model_completion=True)):
            free |= var_names(c)
    fixed = [v == model.eval(v, model_completion=True) for n, v in variables.items() if n not in free]
    if not fixed:
        return None
    s = z3.Solver()
    s.add(goal, *fixed)
    s.set("rlimit", REPAIR_RLIMIT)
    return s.model() if s.check() == z3.sat else None


def forget_encodings() -> None:
    """Drop the terms and answers remembered for the file checked before (each file starts afresh)."""
    KEEPING.clear()
    ENCODED.clear()
    CONSTS.clear()
    SOLVED.clear()
    CHECKED.clear()
    CALLS.clear()
    SIMPLIFIED.clear()
    NUMERALS.clear()
    _GENERATION[0] += 1
    DOMAINS.clear()
    VARS.clear()
    VARS_KEPT.clear()
    CONJUNCTS.clear()


def conj(*terms: z3.BoolRef) -> z3.BoolRef:
    """z3.And(*terms) of Boolean terms, the same term built without z3.And's per-argument sort coercion (several
    Python API calls per conjunct: most of the cost of a site's path-and-domain conjunction of hundreds)."""
    if not terms or not all(isinstance(t, z3.BoolRef) for t in terms):
        return z3.And(*terms)
    ctx = terms[0].ctx
    args = (z3.Ast * len(terms))(*[t.as_ast() for t in terms])
    return z3.BoolRef(z3.Z3_mk_and(ctx.ref(), len(terms), args), ctx)


_EMPTY: frozenset[str] = frozenset()


def const_name(v: z3.ExprRef) -> str:
    """`str(v)` of a constant, read from var_names' memo: Z3's Python printer costs about 0.15 ms a call, and every
    split query named each of its inputs again (A5 `tcvt`: 1,500 calls, 5 % of its check)."""
    ref, a = v.ctx_ref(), v.as_ast()
    if _AST_KIND(ref, a) == z3.Z3_APP_AST and _NUM_ARGS(ref, a) == 0:
        names = var_names(v)
        if names:
            return next(iter(names))
    return str(v)


def var_names(term: z3.ExprRef) -> frozenset[str]:
    """The names of the uninterpreted constants of a term (what str() shows), each subterm walked once per file
    (see VARS)."""
    ref = term.ctx_ref()
    top = term.as_ast()
    known = VARS.get(_AST_ID(ref, top))
    if known is not None:
        return known
    VARS_KEPT.append(term)
    stack: list = [(top, False)]
    while stack:
        a, done = stack.pop()
        k = _AST_ID(ref, a)
        if k in VARS and not done:
            continue
        kind = _AST_KIND(ref, a)
        if kind == z3.Z3_QUANTIFIER_AST:
            kids = [_Q_BODY(ref, a)]
        elif kind != z3.Z3_APP_AST:
            VARS[k] = _EMPTY  # numerals, bound variables
            continue
        else:
            n = _NUM_ARGS(ref, a)
            if n == 0:
                named = _DECL_KIND(ref, _APP_DECL(ref, a)) == z3.Z3_OP_UNINTERPRETED
                VARS[k] = frozenset((str(z3.z3._to_expr_ref(a, term.ctx)),)) if named else _EMPTY
                continue
            kids = [_APP_ARG(ref, a, i) for i in range(n)]
        if not done:
            stack.append((a, True))
            stack += [(c, False) for c in kids if _AST_ID(ref, c) not in VARS]
            continue
        below = [VARS[_AST_ID(ref, c)] for c in kids]
        below = [b for b in below if b]
        VARS[k] = _EMPTY if not below else below[0] if all(b is below[0] for b in below) else frozenset().union(*below)
    return VARS[_AST_ID(ref, top)]


def widens(src: str, dst: str) -> bool:
    """Whether converting an integer of type `src` to `dst` keeps every value (bool, int -> long, uint8 -> int):
    an encoded integer is always within its own type's range (inputs by their domain, signed arithmetic by its
    definedness condition, the rest by wrapping), so such a conversion is the identity."""
    if src == "bool":
        return dst in INT_TYPES
    a, b = int_range(src), int_range(dst)
    return a is not None and b is not None and b[0] <= a[0] and a[1] <= b[1]


class Encoder:
    """IR expressions -> Z3 terms (integers as unbounded Int with explicit C wrap-around)."""

    def __init__(self) -> None:
        self.vars: dict[str, z3.ExprRef] = {}
        self.syms: dict[str, Sym] = {}
        #: what the kernel's own arithmetic needs to be defined (no signed overflow, no division by zero, shifts
        #: within the width): undefined behaviour is never a witness, so these join the path condition
        self.defined: list[z3.BoolRef] = []
        self.defined_ids: list[int] = []  # each one's Z3 id, taken once (deduplicated by it at the end)

    def define(self, cond: z3.BoolRef) -> None:
        self.defined.append(cond)
        self.defined_ids.append(cond.get_id())

    def unique_defined(self) -> list[z3.BoolRef]:
        """`defined` without repeats (shared subterms bring theirs again), by the ids taken when each was made: a
        Z3 call per condition and site was a fifth of a communication kernel's site encodings."""
        return list(dict(zip(self.defined_ids, self.defined, strict=True)).values())

    def no_overflow(self, r: z3.ArithRef, ctype: str) -> z3.ArithRef:
        """`r` as the result of signed arithmetic of rank int or above: defined only within the type's range."""
        rng = int_range(ctype)
        if rng is None:
            return r
        if z3.is_int_value(r):
            return r if rng[0] <= r.as_long() <= rng[1] else self.wrap(r, ctype)
        self.define(z3.And(r >= rng[0], r <= rng[1]))
        return r

    def var(self, s: Sym) -> z3.ExprRef:
        if s.name not in self.vars:
            real = s.ctype in FLOAT_TYPES
            const = CONSTS.get((s.name, real))
            if const is None:
                if len(CONSTS) >= MAX_ENCODED:
                    CONSTS.clear()
                const = CONSTS[s.name, real] = z3.Real(s.name) if real else z3.Int(s.name)
            self.vars[s.name] = const
            self.syms[s.name] = s
        return self.vars[s.name]

    def domain(self) -> list[z3.BoolRef]:
        """Type and declared bounds of every symbol seen so far."""
        out: list[z3.BoolRef] = []
        for name, s in self.syms.items():
            known = DOMAINS.get(s)
            if known is None:
                v = self.vars[name]
                rng = int_range(s.ctype)
                lo = s.lo if s.lo is not None else (rng[0] if rng else None)
                hi = s.hi if s.hi is not None else (rng[1] if rng else None)
                known = tuple(([v >= lo] if lo is not None else []) + ([v <= hi] if hi is not None else []))
                if len(DOMAINS) >= MAX_ENCODED:
                    DOMAINS.clear()
                DOMAINS[s] = known
            out += known
        return out

    @staticmethod
    def wrap(v: z3.ArithRef, ctype: str) -> z3.ArithRef:
        info = INT_TYPES.get(ctype)
        if info is None or not z3.is_int(v):
            return v
        bits, signed = info
        if bits == 1:
            return z3.If(v != 0, z3.IntVal(1), z3.IntVal(0))
        if z3.is_int_value(v):
            from ptolint.ir import wrap as cwrap

            return z3.IntVal(cwrap(v.as_long(), ctype))
        m = 1 << bits
        if signed:
            h = 1 << (bits - 1)
            return ((v + h) % m) - h
        return v % m

    def to_bool(self, v: z3.ExprRef) -> z3.BoolRef:
        if z3.is_bool(v):
            return v
        return v != 0

    def to_num(self, v: z3.ExprRef) -> z3.ArithRef:
        if z3.is_bool(v):
            return z3.If(v, z3.IntVal(1), z3.IntVal(0))
        return v

    def enc(self, e: Expr) -> z3.ExprRef:
        if isinstance(e, (Const, Sym)):
            return self.leaf(e)
        hit = ENCODED.get(id(e))
        if hit is not None and hit[0] is e:
            _, term, defined, ids, syms = hit
            self.defined += defined
            self.defined_ids += ids
            for sym in syms:
                self.var(sym)
            return term
        mark = len(self.defined)
        term = self.node(e)
        if len(ENCODED) >= MAX_ENCODED:
            ENCODED.clear()
        mine = dict(zip(self.defined_ids[mark:], self.defined[mark:], strict=True))
        # in a fixed order (a frozenset's follows the hash of strings, which changes from process to process): the
        # order in which a hit registers its variables orders the query's, and so the model Z3 gives
        ENCODED[id(e)] = (e, term, tuple(mine.values()), tuple(mine), tuple(sorted(sym_set(e), key=repr)))
        return term

    def leaf(self, e: Const | Sym) -> z3.ExprRef:
        if isinstance(e, Const):
            if e.ctype in FLOAT_TYPES or isinstance(e.value, float):
                return z3.RealVal(e.value)
            if e.ctype == "bool":
                return z3.BoolVal(bool(e.value))
            v = int(e.value)
            term = NUMERALS.get(v)
            if term is None:
                if len(NUMERALS) >= MAX_ENCODED:
                    NUMERALS.clear()
                term = NUMERALS[v] = z3.IntVal(v)
            return term
        return self.var(e)

    def node(self, e: Expr) -> z3.ExprRef:
        if isinstance(e, Cast):
            a = self.enc(e.a)
            if e.ctype == "bool":
                return self.to_bool(a)
            a = self.to_num(a)
            if e.ctype in FLOAT_TYPES:
                return z3.ToReal(a) if z3.is_int(a) else a
            if z3.is_real(a):  # float -> int truncates toward zero
                a = z3.If(a >= 0, z3.ToInt(a), -z3.ToInt(-a))
            elif not z3.is_int_value(a) and widens(e.a.ctype, e.ctype):  # the value is kept: no wrap
                return a  # (a `mod 2^64` around each int -> long kept Z3 from deciding loop iterations)
            return self.wrap(a, e.ctype)
        if isinstance(e, Unary):
            a = self.enc(e.a)
            if e.op == "!":
                return z3.Not(self.to_bool(a))
            a = self.to_num(a)
            if e.op == "-":
                return self.no_overflow(-a, e.ctype) if e.ctype in UB_TYPES else self.wrap(-a, e.ctype)
            if e.op == "~":
                return self.wrap(-a - 1, e.ctype)
            return a
        if isinstance(e, Select):
            c = self.to_bool(self.enc(e.cond))
            a, b = self.enc(e.a), self.enc(e.b)
            if z3.is_bool(a) != z3.is_bool(b):
                a, b = self.to_num(a), self.to_num(b)
            if z3.is_real(a) != z3.is_real(b):
                a, b = (z3.ToReal(a) if z3.is_int(a) else a), (z3.ToReal(b) if z3.is_int(b) else b)
            return z3.If(c, a, b)
        if isinstance(e, Bin):
            return self.binop(e)
        raise TypeError(f"cannot encode {e!r}")

    def binop(self, e: Bin) -> z3.ExprRef:
        a, b = self.enc(e.a), self.enc(e.b)
        if e.op in ("&&", "||"):
            a, b = self.to_bool(a), self.to_bool(b)
            return z3.And(a, b) if e.op == "&&" else z3.Or(a, b)
        a, b = self.to_num(a), self.to_num(b)
        if z3.is_real(a) != z3.is_real(b):
            a, b = (z3.ToReal(a) if z3.is_int(a) else a), (z3.ToReal(b) if z3.is_int(b) else b)
        real = z3.is_real(a)
        op = e.op
        if op in COMPARE:
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op]
        if op == "+":
            r = a + b
        elif op == "-":
            r = a - b
        elif op == "*":
            r = a * b
        elif op == "/":
            if real:
                return a / b
            self.nonzero(b)
            q = z3.If(b == 0, z3.IntVal(0), abs_(a) / abs_(b))  # C++: truncation toward zero
            r = z3.If((a >= 0) == (b >= 0), q, -q)
        elif op == "%":
            self.nonzero(b)
            q = z3.If(b == 0, z3.IntVal(0), abs_(a) % abs_(b))
            r = z3.If(a >= 0, q, -q)
        elif op == "<<":
            self.shift_in_width(b, e.ctype)
            r = a * shift_pow(b)
        elif op == ">>":
            self.shift_in_width(b, e.ctype)
            r = a / shift_pow(b)
        elif op in ("&", "|") and (low_mask(b) or low_mask(a)):
            # x & (2^k - 1) is x mod 2^k (Euclidean, also for negative x in two's complement): stays linear
            x, m = (a, low_mask(b)) if low_mask(b) else (b, low_mask(a))
            r = x % m if op == "&" else x - x % m + (m - 1)
        elif op == "&" and (high_mask(b, e.ctype) or high_mask(a, e.ctype)):
            # x & ~(2^k - 1) (rounding down to a multiple of 2^k, the align-up idiom `(n + 7) & ~7`) is
            # x - x mod 2^k: the same bits, and linear where Int2BV would make Z3 give up
            x, m = (a, high_mask(b, e.ctype)) if high_mask(b, e.ctype) else (b, high_mask(a, e.ctype))
            r = x - x % m
        elif op in ("&", "|", "^"):
            bits = INT_TYPES.get(e.ctype, (64, True))[0]
            av, bv = z3.Int2BV(a, bits), z3.Int2BV(b, bits)
            rv = {"&": av & bv, "|": av | bv, "^": av ^ bv}[op]
            signed = INT_TYPES.get(e.ctype, (64, True))[1]
            return z3.BV2Int(rv, is_signed=signed)
        else:
            raise TypeError(f"unknown operator {op}")
        if real:
            return r
        if e.ctype in UB_TYPES and op in ("+", "-", "*", "/"):
            return self.no_overflow(r, e.ctype)
        return self.wrap(r, e.ctype)

    def nonzero(self, b: z3.ArithRef) -> None:
        if not (z3.is_int_value(b) and b.as_long() != 0):
            self.define(b != 0)

    def shift_in_width(self, b: z3.ArithRef, ctype: str) -> None:
        bits = INT_TYPES.get(ctype, (64, True))[0]
        if not (z3.is_int_value(b) and 0 <= b.as_long() < bits):
            self.define(z3.And(b >= 0, b < bits))


def low_mask(v: z3.ArithRef) -> int:
    """2^k when `v` is the constant 2^k - 1 (k >= 1), else 0."""
    if z3.is_int_value(v):
        n = v.as_long()
        if n > 0 and (n + 1) & n == 0:
            return n + 1
    return 0


def high_mask(v: z3.ArithRef, ctype: str) -> int:
    """2^k when `v` is the constant ~(2^k - 1) of `ctype`'s width (-8, or 0xFFFFFFF8 for a 32-bit type), else 0."""
    if not z3.is_int_value(v):
        return 0
    bits = INT_TYPES.get(ctype, (64, True))[0]
    low = (1 << bits) - (v.as_long() % (1 << bits))
    return low if 1 < low < (1 << bits) and low & (low - 1) == 0 else 0


def abs_(v: z3.ArithRef) -> z3.ArithRef:
    return z3.If(v >= 0, v, -v)


def shift_pow(b: z3.ArithRef) -> z3.ArithRef:
    if z3.is_int_value(b):
        return z3.IntVal(1 << max(0, min(b.as_long(), 63)))
    out = z3.IntVal(1)
    for k in range(63, -1, -1):
        out = z3.If(b == k, z3.IntVal(1 << k), out)
    return out


@dataclass
class Verdict:
    rule: Rule
    level: str | None  # error / warning / note / None (holds) / "unknown"
    message: str = ""
    inputs: dict[str, int | float] | None = None  # the witness: values of the kernel's inputs
    values: dict[str, int | float | str] | None = None  # derived values named by the rule's message
    reason: str = ""
    assignment: dict[str, int | float] | None = None  # every symbol, opaque ones included (for replay)
    steps: list[str] | None = None  # a kernel-level finding's text per step


def build_ctx(site: CallSite, enc: Encoder) -> Ctx:
    tiles: dict[str, TileView] = {}
    scalars: dict[str, z3.ExprRef] = {}
    texts: dict[str, str] = {}
    globals_: dict[str, GlobalView] = {}
    types: dict[str, str] = {}
    for name, arg in zip(site.params, site.args, strict=False):
        if isinstance(arg, TypeOperand):
            types[name] = arg.spelling
            texts[name] = arg.text
        elif isinstance(arg, GlobalOperand):
            globals_[name] = GlobalView(name, arg, [enc.to_num(enc.enc(d)) for d in arg.shape],
                                        [enc.to_num(enc.enc(d)) for d in arg.stride])
            texts[name] = arg.text
        elif isinstance(arg, TileOperand):
            tiles[name] = TileView(name, arg, enc.to_num(enc.enc(arg.valid_row)), enc.to_num(enc.enc(arg.valid_col)))
            texts[name] = arg.name
        elif isinstance(arg, ScalarOperand):
            scalars[name] = enc.enc(arg.expr)
            texts[name] = arg.text
    return Ctx(site.target, site.builtin, tiles, scalars, dict(site.template_args), texts, globals_, types)


def model_value(m: z3.ModelRef, term: z3.ExprRef | int | str) -> int | float | str:
    if isinstance(term, (int, str, float)):
        return term
    v = m.eval(term, model_completion=True)
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_true(v):
        return 1
    if z3.is_false(v):
        return 0
    if z3.is_rational_value(v):
        f = v.numerator_as_long() / v.denominator_as_long()
        return int(f) if f == int(f) else f
    if z3.is_algebraic_value(v):
        return float(v.approx(10).as_decimal(10).rstrip("?"))
    return str(v)


@dataclass
class SiteEncoding:
    """A call site's operands and path in Z3, built once and shared by every rule checked there."""

    enc: Encoder
    ctx: Ctx
    path: list[z3.BoolRef]
    domain: list[z3.BoolRef]
    #: the conjunction of path and domain, and the names of the path's symbols: the same for every rule checked
    #: at the site, built on first use (each was a large part of checking the sites of a long kernel)
    reach: z3.BoolRef | None = None
    path_names: frozenset[str] | None = None

    def reach_term(self) -> z3.BoolRef:
        if self.reach is None:
            self.reach = conj(*self.path, *self.domain) if (self.path or self.domain) else z3.BoolVal(True)
        return self.reach

    def names(self, violated: z3.BoolRef) -> set[str]:
        """The names of the symbols of `violated` and of the path."""
        if self.path_names is None:
            self.path_names = frozenset().union(*[var_names(c) for c in self.path])
        return set(var_names(violated) | self.path_names)


def encode_site(site: CallSite) -> SiteEncoding:
    enc = Encoder()
    ctx = build_ctx(site, enc)
    path = [enc.to_bool(enc.enc(c)) for c in site.path + site.assumptions]
    return SiteEncoding(enc, ctx, path + enc.unique_defined(), enc.domain())


def rule_check(rule: Rule, ctx: Ctx) -> tuple[Check | None, z3.BoolRef | None]:
    """The rule's Check at the call and its simplified violation, built once per rule and equal call."""
    return _rule_check(rule, ctx)[:2]  # type: ignore[return-value]


def rule_holds(rule: Rule, ctx: Ctx) -> bool:
    """Whether the rule holds at the call whatever the path (no Check, or a violation that simplifies to false):
    check_rule's first answer, which needs no query."""
    return _rule_check(rule, ctx)[2]


def _rule_check(rule: Rule, ctx: Ctx) -> tuple[Check | None, z3.BoolRef | None, bool]:
    """rule_check with a third answer: whether the rule holds at the call whatever the path (no Check, or a
    violation that simplified to false). The call's number is kept on the Ctx, so that the identity (a large
    tuple, hashed anew on every lookup) is looked up once per site, not once per rule."""
    kept = ctx.__dict__.get("_call_number")
    if kept is not None and kept[0] == _GENERATION[0]:
        call = kept[1]
    else:
        ident = ctx.identity()
        call = CALLS.get(ident)
        if call is None:
            if len(CALLS) >= MAX_ENCODED:
                CALLS.clear()
                CHECKED.clear()
                _GENERATION[0] += 1
            call = CALLS[ident] = (len(CALLS), ctx)
        ctx._call_number = (_GENERATION[0], call)
    key = (rule.code, call[0])
    known = CHECKED.get(key)
    if known is None:
        chk = rule.check(call[1])
        violated = None if chk is None else simplified(chk.violated)
        known = CHECKED[key] = (chk, violated, violated is None or is_false(violated))
    return known


def simplified(violated: z3.BoolRef) -> z3.BoolRef:
    """z3.simplify(violated), computed once per term of the file (the same term simplifies to the same term)."""
    if not z3.is_expr(violated):
        return z3.simplify(violated)  # (raises as it always did)
    if isinstance(violated, z3.BoolRef) and _BOOL_VALUE(violated.ctx_ref(), violated.as_ast()) != z3.Z3_L_UNDEF:
        return violated  # true or false (Ctx.static: most rules at most calls) simplifies to itself
    key = violated.get_id()
    known = SIMPLIFIED.get(key)
    if known is not None and known[0].eq(violated):
        return known[1]
    out = z3.simplify(violated)
    if len(SIMPLIFIED) >= MAX_ENCODED:
        SIMPLIFIED.clear()
    SIMPLIFIED[key] = (violated, out)
    return out


def check_rule(rule: Rule, site: CallSite, timeout_ms: int = 5000, encoded: SiteEncoding | None = None) -> Verdict:
    """Decide one rule at one call site on the site's target."""
    GAVE_UP.clear()
    se = encoded or encode_site(site)
    enc = se.enc
    chk, violated, holds = _rule_check(rule, se.ctx)
    if holds:
        return Verdict(rule, None)
    opaque = [enc.vars[n] for n, s in enc.syms.items() if s.kind == "opaque"]
    reach = se.reach_term()

    def solve(goal: z3.BoolRef, friendly: bool = False) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        known = SOLVED.get((goal.get_id(), friendly))
        if known is not None and known[0].eq(goal):
            return known[1], known[2]
        r, model = solve_new(goal, friendly)
        if r != z3.unknown:  # an unknown depends on limits: asked again, not remembered
            if len(SOLVED) >= MAX_ENCODED:
                SOLVED.clear()
            SOLVED[goal.get_id(), friendly] = (goal, r, model)
        return r, model

    def solve_new(goal: z3.BoolRef, friendly: bool) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        s = z3.Solver()
        s.add(goal)
        ints = [v for n, v in enc.vars.items() if z3.is_int(v) and enc.syms[n].kind in CHOSEN]
        reused = kept_model(goal) if KEEPING else None
        if reused is not None and not friendly:
            return z3.sat, reused  # (only the answer is read: a model of the query is as good as Z3's)
        if not friendly and KEEPING:
            for m in KEEPING[:REPAIRS]:
                repaired = repair(goal, enc.vars, m)
                if repaired is not None:
                    keep(repaired)
                    return z3.sat, repaired
        if reused is not None and len(ints) == len(enc.vars) and all(
                0 <= reused.eval(v, model_completion=True).as_long() <= FRIENDLY[0][1] for v in ints):
            # what the first friendly range would give: every chosen value within it, then shrunk input by input
            # to the least one the query allows (which does not depend on where the shrinking starts)
            model = shrink(s, ints, reused)
            keep(model)
            return z3.sat, model
        r, model = staged_check(s, list(enc.vars.values()), timeout_ms)
        if r != z3.sat or not friendly:
            keep(model)
            return r, model
        # prefer a witness a person would write: small values first, then anything
        for lo, hi in FRIENDLY:
            s.push()
            s.add(*[conj(v >= lo, v <= hi) for v in ints])
            s.set("rlimit", QUICK_RLIMIT)
            if s.check() == z3.sat:
                model = s.model()
                s.pop()
                break
            s.pop()
        model = shrink(s, ints, model)
        keep(model)
        return r, model

    # a definite rule is reported only when every reaching input breaks it: one input that reaches the call and
    # keeps the rule settles it, before the costlier search for a witness (a moe kernel's TLOADs: most of its time)
    keeps = solve(conj(reach, z3.Not(violated)))[0] if chk.definite else z3.unsat
    if keeps != z3.unsat:
        return Verdict(rule, None)
    if opaque:
        # some input must break the rule for every value of the opaque symbols that reaches the call
        named = se.names(violated)
        inputs = [v for n, v in enc.vars.items() if enc.syms[n].kind != "opaque" and n in named]
        res, model = exists_forall(reach, violated, inputs, opaque, timeout_ms)
        if res == z3.sat:
            chosen = [v for n, v in enc.vars.items() if enc.syms[n].kind in CHOSEN and n in named and z3.is_int(v)]
            model = shrink_forall(reach, violated, inputs, opaque, chosen, model)
    else:
        res, model = solve(conj(reach, violated), friendly=True)
    if res == z3.unknown:
        return Verdict(rule, "unknown", reason=GAVE_UP[-1] if GAVE_UP else "Z3 answered unknown")
    if res == z3.unsat:
        return Verdict(rule, None)
    assert model is not None
    # error when no reaching input satisfies the rule (opaque symbols are free here: an existential query)
    res2 = keeps if chk.definite else solve(conj(reach, z3.Not(violated)))[0]
    level = rule.severity
    if res2 != z3.unsat and chk.definite:
        return Verdict(rule, None)
    if res2 != z3.unsat and level == "error":
        level = "warning"
    relevant = se.names(violated)
    inputs = {n: model_value(model, v) for n, v in enc.vars.items()
              if enc.syms[n].kind == "input" and n in relevant}
    full = model
    if opaque:  # pick values for the opaque symbols too, so the executor can replay the whole path
        fixed = [enc.vars[n] == model_value(model, enc.vars[n]) for n in enc.vars
                 if enc.syms[n].kind in CHOSEN and isinstance(model_value(model, enc.vars[n]), int)]
        r3, m3 = solve(conj(reach, violated, *fixed), friendly=True)
        if r3 != z3.sat or m3 is None:
            return Verdict(rule, "unknown", reason="no concrete replay found for the opaque values")
        full = m3
    assignment = {n: model_value(full, v) for n, v in enc.vars.items()}
    values = {k: model_value(full, v) for k, v in chk.show.items()}
    message = fill(chk.message, values)
    return Verdict(rule, level, message, inputs, values, assignment=assignment,
                   steps=[fill(t, values) for t in chk.steps])


def least(probe: Callable[[int], tuple[z3.CheckSatResult, z3.ModelRef | None]], hi: int,
          model: z3.ModelRef) -> z3.ModelRef:
    """The model of the least bound in [0, hi] that `probe(bound)` finds satisfiable (`model` satisfies hi).

    The bound gallops up from 0 (0, 1, 3, 7, ...) and is then halved: exact for any 64-bit value in about twice
    log2 of the answer quick checks, so a witness read from a model Z3 placed at 2**31 still shrinks to its least
    value (16 halvings from there stopped at 32767). A probe that cannot be decided ends the search with the
    model found so far."""
    lo, bound = 0, 0
    while bound < hi:  # gallop: the answer is usually small
        r, m = probe(bound)
        if r == z3.sat and m is not None:
            model, hi = m, bound
            break
        if r != z3.unsat:
            return model
        lo, bound = bound + 1, 2 * bound + 1
    while lo < hi:
        mid = (lo + hi) // 2
        r, m = probe(mid)
        if r == z3.sat and m is not None:
            model, hi = m, mid
        elif r == z3.unsat:
            lo = mid + 1
        else:
            break
    return model


Probe = Callable[[z3.BoolRef], tuple[z3.CheckSatResult, z3.ModelRef | None]]


#: the most quantified queries shrinking one witness of exists_forall may ask (each is a few quick checks): a count,
#: not a time, so that the witness does not depend on the machine's load
SHRINK_FORALL_PROBES = 48


def least_inputs(probe: Probe, ints: list[z3.ArithRef], model: z3.ModelRef) -> z3.ModelRef:
    """`model` with each input, in name order, as close to 0 as `probe` allows with the inputs before it fixed: a
    value >= 0 when there is one (a witness Z3 first placed at `expertPerRank = -8` shows 65 when 65 also breaks
    the rule), else the negative value closest to 0. `probe(c)` answers the query with `c` (and the fixed inputs)
    added; the result depends on the query alone, not on the model the search starts from."""
    fixed: list[z3.BoolRef] = []
    for v in sorted(ints, key=str):
        cur = model.eval(v, model_completion=True)
        if not z3.is_int_value(cur):
            continue
        if cur.as_long() < 0:
            r, m = probe(z3.And(*fixed, v >= 0))
            if r == z3.sat and m is not None:
                model, cur = m, m.eval(v, model_completion=True)
        sign = -1 if cur.as_long() < 0 else 1

        def bounded(bound: int, v: z3.ArithRef = v, sign: int = sign) -> tuple[z3.CheckSatResult,
                                                                             z3.ModelRef | None]:
            return probe(z3.And(*fixed, sign * v >= 0, sign * v <= bound))

        model = least(bounded, abs(cur.as_long()), model)
        fixed.append(v == model.eval(v, model_completion=True))
    return model


def shrink(s: z3.Solver, ints: list[z3.ArithRef], model: z3.ModelRef) -> z3.ModelRef:
    """A witness with each input at its least value (least_inputs): the report shows `K = 129`, not whatever Z3
    happened to pick, and the same query gives the same witness whatever was solved before. Each step is a quick
    check; one it cannot decide keeps the value it has."""
    s.push()
    s.set("rlimit", QUICK_RLIMIT)

    def probe(extra: z3.BoolRef) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        s.push()
        try:
            s.add(extra)
            r = s.check()
            return r, s.model() if r == z3.sat else None
        finally:
            s.pop()

    try:
        return least_inputs(probe, ints, model)
    finally:
        s.pop()


def shrink_forall(reach: z3.BoolRef, violated: z3.BoolRef, inputs: list[z3.ExprRef], opaque: list[z3.ExprRef],
                  ints: list[z3.ArithRef], model: z3.ModelRef) -> z3.ModelRef:
    """shrink() for a witness of exists_forall: each step asks whether the inputs still break the rule for every
    opaque value (a quick exists_forall).

    The first witness of a quantified query is whatever model Z3 gave, and that depends on Z3's term numbering,
    which differs between processes: the least witness does not."""
    # the least inputs of the existential query (quick checks) are at most the least of the quantified one, and
    # are it exactly when they break the rule for every opaque value: one quantified query settles the common case
    plain = z3.Solver()
    plain.add(reach, violated)
    guess = shrink(plain, ints, model)
    fixed = [v == guess.eval(v, model_completion=True) for v in ints]
    r, m = exists_forall(conj(reach, *fixed), violated, inputs, opaque, 0)
    if r == z3.sat and m is not None:
        return m
    left = [SHRINK_FORALL_PROBES]

    def probe(extra: z3.BoolRef) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        if left[0] <= 0:
            return z3.unknown, None  # (ends the search with the witness found so far)
        left[0] -= 1
        return exists_forall(conj(reach, extra), violated, inputs, opaque, 0)

    return least_inputs(probe, ints, model)


def fill(template: str, values: dict) -> str:
    """A rule's message template with the witness values filled in (as written when a name is missing)."""
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def exists_forall(reach: z3.BoolRef, violated: z3.BoolRef, inputs: list[z3.ExprRef], opaque: list[z3.ExprRef],
                  timeout_ms: int) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    """Inputs such that some opaque values reach the call and every reaching opaque value violates the rule.

    The conjuncts of `reach` that share no variable (even through other conjuncts) with `violated` only have to
    be satisfiable: the quantified question is asked of the rest alone, which is exact. Without this, an
    opaque value the rule reads but nothing constrains (a tile's valid rows) sent the counterexample rounds
    chasing unrelated opaque values of the path and ended in a quantified query that timed out (the moe
    kernels: minutes of unknowns a single quick query refutes).
    """
    part, rest, names = independent_split(reach, violated)
    if not rest:
        return _exists_forall(reach, violated, inputs, opaque, timeout_ms)
    mine = [v for v in inputs if const_name(v) in names]
    r, m = _exists_forall(z3.And(*part) if part else z3.BoolVal(True), violated, mine,
                          [v for v in opaque if const_name(v) in names], timeout_ms)
    if r != z3.sat:
        return r, None
    # the component's inputs settle the rule; the rest of the path only has to be reachable along with them
    s = z3.Solver()
    s.add(reach, violated, *[v == m.eval(v, model_completion=True) for v in mine])
    return staged_check(s, inputs + opaque, timeout_ms)


#: the top-level conjuncts of a path term and the names of each one's variables, by the term's id: every rule
#: with opaque symbols at a site splits the same path (A5 `tcvt`: 936 splits, each walking its conjuncts again)
CONJUNCTS: dict[int, tuple[z3.BoolRef, list[z3.BoolRef], list[frozenset[str]]]] = {}


def conjuncts(reach: z3.BoolRef) -> tuple[list[z3.BoolRef], list[frozenset[str]]]:
    """The conjuncts of `reach` (nested Ands flattened, `true` left out) and the variable names of each."""
    known = CONJUNCTS.get(reach.get_id())
    if known is not None and known[0].eq(reach):
        return known[1], known[2]
    parts, stack = [], [reach]
    while stack:
        x = stack.pop()
        if z3.is_and(x):
            stack += x.children()
        elif not z3.is_true(x):
            parts.append(x)
    names = [var_names(c) for c in parts]
    if len(CONJUNCTS) >= MAX_ENCODED:
        CONJUNCTS.clear()
    CONJUNCTS[reach.get_id()] = (reach, parts, names)
    return parts, names


def independent_split(reach: z3.BoolRef,
                      violated: z3.BoolRef) -> tuple[list[z3.BoolRef], list[z3.BoolRef], set[str]]:
    """The top-level conjuncts of `reach` connected to `violated` through shared variables, the others, and the
    names of the variables of the first part and `violated`.

    Each conjunct's variables come from var_names (every subterm walked once per file: walking each query's
    terms again was a fifth of a generated kernel's site checks); the conjuncts are then joined by the names
    they share."""
    parts, names = conjuncts(reach)
    parent: dict[str, str] = {}

    def root(a: str) -> str:
        while parent.setdefault(a, a) != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for vs in [var_names(violated), *names]:
        first = None
        for v in vs:
            r = root(v)
            if first is None:
                first = r
            elif r != first:
                parent[r] = first
    mine = var_names(violated)
    want = root(next(iter(mine))) if mine else None
    joined = [want is not None and bool(vs) and root(next(iter(vs))) == want for vs in names]
    return ([c for c, j in zip(parts, joined, strict=True) if j], [c for c, j in zip(parts, joined, strict=True) if not j],
            {v for v in parent if want is not None and root(v) == want})


def _exists_forall(reach: z3.BoolRef, violated: z3.BoolRef, inputs: list[z3.ExprRef], opaque: list[z3.ExprRef],
                   timeout_ms: int) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    """exists_forall on one connected query.

    Decided by counterexample-guided rounds of quantifier-free queries instead of one ForAll query, which
    Z3 handles badly once the formulas hold C wrap-around and division: a candidate for the inputs, then a
    search for opaque values that reach the call without violating; each such counterexample is added to
    the candidate query. With no inputs it takes at most two rounds.
    """
    if not inputs:  # one opaque value that reaches without violating settles it, and is usually easy
        if KEEPING and kept_model(z3.And(reach, z3.Not(violated))) is not None:
            return z3.unsat, None  # a remembered model is such a value
        refute = z3.Solver()
        refute.add(reach, z3.Not(violated))
        r, m = staged_check(refute, opaque, timeout_ms)
        keep(m)
        if r != z3.unsat:
            return (z3.unsat if r == z3.sat else r), None
    cand = z3.Solver()
    cand.add(reach, violated)
    for _ in range(CEGIS_ROUNDS):
        r, m = staged_check(cand, inputs + opaque, timeout_ms)
        if r != z3.sat:
            return r, None
        fix = [v == m.eval(v, model_completion=True) for v in inputs]
        ver = z3.Solver()
        ver.add(*fix, reach, z3.Not(violated))
        r2, om = staged_check(ver, opaque, timeout_ms)
        if r2 == z3.unsat:
            return z3.sat, m
        if r2 == z3.unknown:
            return z3.unknown, None
        sub = [(o, om.eval(o, model_completion=True)) for o in opaque]
        cand.add(z3.Implies(z3.substitute(reach, *sub), z3.substitute(violated, *sub)))
    # the counterexamples keep coming (an unknown value the rule compares with an input, say): ask Z3 the
    # quantified question itself
    fresh = [z3.FreshConst(o.sort(), "some") for o in opaque]
    q = z3.Solver()
    q.add(z3.substitute(reach, *zip(opaque, fresh, strict=True)), z3.ForAll(opaque, z3.Implies(reach, violated)))
    q.set("timeout", max(timeout_ms, 1000))
    r = q.check()
    if r == z3.unsat:
        return r, None
    if r == z3.sat:
        m = q.model()
        fix = [v == m.eval(v, model_completion=True) for v in inputs]
        cand.add(*fix)
        r2, m2 = staged_check(cand, inputs + opaque, timeout_ms)
        if r2 == z3.sat:
            return r2, m2
    GAVE_UP.append(f"no input settled the rule for every value of the {len(opaque)} unknown value(s) within "
                   f"{CEGIS_ROUNDS} counterexample rounds")
    return z3.unknown, None


def staged_check(s: z3.Solver, variables: list[z3.ExprRef],
                 timeout_ms: int) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    """Check `s`: a short attempt, then concrete sample points, then the full timeout (0: no third step).

    Nonlinear integer queries (C wrap-around, division by a variable) can make Z3 spin for the whole
    timeout on a formula that the first small value satisfies; trying such values first keeps the cost
    of a satisfiable query low. A sample is confirmed by Z3 itself (the point is asserted and checked).
    """
    started = time.monotonic()
    s.set("rlimit", QUICK_RLIMIT)
    r = s.check()
    if r == z3.unknown and timeout_ms <= 0:
        GAVE_UP.append(f"the quick attempt hit its resource limit ({s.reason_unknown()})")
    if r == z3.unknown and timeout_ms > 0:
        point = sample_point(z3.And(*s.assertions()), variables)
        if point is not None:  # the query simplified to true at the point: a model, without a search
            return z3.sat, point_model(point)
        r, model = split_check(s, variables, timeout_ms)
        s.set("timeout", 4294967295)  # (split_check sets a per-case time limit)
        if r != z3.unknown:
            return r, model
        s.set("rlimit", 0)
        s.set("timeout", timeout_ms)
        r = s.check()
        if r == z3.unknown:
            size = sum(_size(a) for a in s.assertions())
            GAVE_UP.append(f"Z3 answered unknown after {time.monotonic() - started:.1f} s ({s.reason_unknown()}; "
                           f"--timeout-ms {timeout_ms}) on a query of {size} terms over {len(variables)} variables")
    return r, (s.model() if r == z3.sat else None)


#: the most values of one variable `split_check` tries one by one
SPLIT_VALUES = 64


def _bounds(s: z3.Solver) -> dict[str, tuple[int, int]]:
    """Bounds the query states directly (`v >= 2`, `v <= 8` among its top-level conjuncts), by variable name."""
    lo: dict[str, int] = {}
    hi: dict[str, int] = {}
    stack = [(a, False) for a in s.assertions()]
    while stack:
        a, negated = stack.pop()
        if z3.is_not(a):
            stack.append((a.arg(0), not negated))
            continue
        if (z3.is_and(a) and not negated) or (z3.is_or(a) and negated):  # not (p || q) is !p && !q
            stack += [(x, negated) for x in a.children()]
            continue
        if not (z3.is_le(a) or z3.is_ge(a) or z3.is_lt(a) or z3.is_gt(a)) or a.num_args() != 2:
            continue
        if negated:  # !(x < k) is x >= k, and so on
            x0, y0 = a.children()
            a = x0 >= y0 if z3.is_lt(a) else x0 > y0 if z3.is_le(a) else x0 <= y0 if z3.is_gt(a) else x0 < y0
        x, y = a.children()
        flip = False
        if z3.is_int_value(x) and z3.is_const(y):
            x, y, flip = y, x, True
        if not (z3.is_const(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED and z3.is_int_value(y)):
            continue
        k, name = y.as_long(), str(x)
        upper = (z3.is_le(a) or z3.is_lt(a)) != flip  # x <= k (or k >= x)
        strict = z3.is_lt(a) or z3.is_gt(a)
        if upper:
            hi[name] = min(hi.get(name, k), k - 1 if strict else k)
        else:
            lo[name] = max(lo.get(name, k), k + 1 if strict else k)
    return {n: (lo[n], hi[n]) for n in lo if n in hi}


def split_check(s: z3.Solver, variables: list[z3.ExprRef],
                timeout_ms: int) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    """Decide a query Z3 gave up on by trying each value of a variable the query confines to a few values (a
    loop step or tile count from a checked kernel parameter): with it fixed, products such as `step * t` become
    linear. Unknown when no variable is that narrow or some value stays undecided."""
    bounds = _bounds(s)
    narrow = sorted((hi - lo, str(v), v) for v in variables if z3.is_int(v) and str(v) in bounds
                    for lo, hi in [bounds[str(v)]] if hi - lo < SPLIT_VALUES)
    deadline = time.monotonic() + timeout_ms / 1000
    for _, name, v in narrow[:2]:
        rng = bounds[name]
        undecided = False
        for k in range(rng[0], rng[1] + 1):
            left_ms = int((deadline - time.monotonic()) * 1000)
            if left_ms <= 0:
                return z3.unknown, None
            s.push()
            s.add(v == k)
            s.set("rlimit", QUICK_RLIMIT * 4)
            s.set("timeout", max(50, min(left_ms, timeout_ms // 10)))
            r = s.check()
            if r == z3.sat:
                model = s.model()
                s.pop()
                return r, model
            s.pop()
            undecided |= r == z3.unknown
        if not undecided:
            return z3.unsat, None
    return z3.unknown, None


#: why the last undecided queries were undecided, in the words of what gave up (read by check_rule)
GAVE_UP: list[str] = []


def _size(e: z3.ExprRef) -> int:
    """Distinct subterms of a Z3 term (shared subterms counted once)."""
    seen: set[int] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        k = x.get_id()
        if k in seen:
            continue
        seen.add(k)
        stack.extend(x.children())
    return len(seen)


def sample_point(formula: z3.BoolRef, variables: list[z3.ExprRef]) -> list[tuple] | None:
    """A concrete assignment of `variables` under which `formula` simplifies to true, from a few small values."""
    ints = [v for v in variables if z3.is_int(v)]
    others = [v for v in variables if not z3.is_int(v)]
    if not ints and not others:
        return None
    base = [0, 1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512, 1024, -1, 7, 15, 31, 63, 100, 1000]
    for k, val in enumerate(base):
        for shift in range(min(3, len(ints) or 1)):
            point = [(v, z3.IntVal(base[(k + shift * (i + 1)) % len(base)])) for i, v in enumerate(ints)]
            point += [(v, z3.RealVal(val)) for v in others]
            if z3.is_true(z3.simplify(z3.substitute(formula, *point))):
                return point
    return None


def point_model(point: list[tuple]) -> z3.ModelRef:
    """The model holding exactly `point`'s values. Asking Z3 to check the query with the point asserted, as before,
    often ended in unknown after 150-200 ms (nonlinear wrap-around terms, 50 pinned variables: moe_dispatch spent
    1.5 of its 6.5 s so) although simplification had already shown the query true there."""
    s = z3.Solver()
    s.add(*[v == val for v, val in point])
    s.check()
    return s.model()


def reaches_whenever(site: CallSite, others: list[CallSite], timeout_ms: int = 2000) -> bool:
    """Whether every input that reaches the call at any of its instances (`others`: the same call in other loop
    iterations, on other paths) reaches it at `site`: then an error at `site` (every input reaching it breaks
    the rule) is an error of the call. False when Z3 cannot show it."""
    mine = site.path + site.assumptions
    if all(set(mine) <= set(o.path + o.assumptions) for o in others):
        return True
    enc = Encoder()
    here = z3.And(*[enc.to_bool(enc.enc(c)) for c in mine])
    there = []
    for o in others:
        conds = [enc.to_bool(enc.enc(c)) for c in o.path + o.assumptions]
        there.append(z3.And(*conds) if conds else z3.BoolVal(True))
    s = z3.Solver()
    s.add(*enc.domain(), *enc.defined, z3.Or(*there), z3.Not(here))
    s.set("timeout", timeout_ms)
    return s.check() == z3.unsat

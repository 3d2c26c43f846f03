"""Loops: for / while / do, unrolled iteration by iteration while the trip count is known, summarised soundly
where it is not.

An unrolled iteration is walked like straight-line code, so tails, state carried across iterations (scalars,
valid regions, placements) and guards that leave the loop are exact, and a call gets one site per iteration.
A loop with a known trip count above the nest's remaining budget whose iterations can record no call site
(`Loops.site_free`) is summarised at once: the exact iterations would end in the same summary.
Where the condition depends on a run-time value (or the nest's unrolling budget is spent), the remaining
iterations are summarised by one *generic iteration*: every variable the loop changes and every valid region it
sets is unknown (opaque) at its top, except induction variables (updated by a loop-invariant step once per
iteration), which are `value + step * t` for a fresh iteration count `t` (a symbol of kind "iteration": the
solver may choose it, a witness never shows it). An iteration is reachable only under the conditions of the
earlier ones: a guard `if (...) break;` walked in an earlier iteration stays on the path of the later ones.

A loop nest that cannot change anything the walk tracks after it is not walked at all (`Loops.inert`): no call in
it (so no builtin, no kernel launch, no helper of the main file, no constructor or overloaded operator) but of pure
helpers of other files (`pure_call`: `std::numeric_limits<T>::max()`), no return / goto / throw /
asm, and every variable it assigns declared inside it with a scalar type, or a local of the function named nowhere
else in it (`used_only_in`: dead after the loop). Element writes of arrays and writes through pointers are not
tracked by the walk: a later read of one is an unknown value either way. The host code of test kernels fills golden
data that way: tfillpad's 22 instantiations spent about 300,000 interpreter steps each unrolling such a nest, and
its kernel 512 iterations of a loop writing 8 KB of stack through a pointer declared before it, each said so in an
analysis-limit note.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass

import clang.cindex as ci

from ptolint.frontend.cursors import (
    children,
    file_name,
    in_macro_expansion,
    kind,
    memo,
    offset,
    position,
    referenced,
    walk,
)
from ptolint.frontend.interp.core import K, Stop, is_builtin_decl, pto_header
from ptolint.frontend.values import (
    DeclKey,
    DimsState,
    GlobalState,
    TileState,
    Unsupported,
    binop_token,
    const_value,
    convert,
    ctype,
    decl_key,
    fold,
    unop_token,
)
from ptolint.ir import INT_TYPES, Bin, Cast, Const, Expr, Select, Sym, Unary, int_range

SCALARS = (Const, Sym, Bin, Unary, Cast, Select)

#: tile methods that set a valid region (Tiles.tile_method)
REGION_SETTERS = frozenset(("SetValidRow", "SetValidCol", "SetValidShape", "SetValidRegion", "SetValid"))
#: a kernel launch's own cursor kind, where libclang has one (else a launch is a CALL_EXPR of the kernel)
LAUNCHES = frozenset(getattr(K, k) for k in ("CUDA_KERNEL_CALL_EXPR",) if hasattr(K, k))
#: iterations of one loop nest (all its loops together) walked one by one before the rest is summarised
UNROLL_ITERATIONS = 512
#: names of the variables loops assign, by declaration (for the symbols that stand for their unknown values)
NAMES: dict[DeclKey, str] = {}
#: iterations of a loop with a run-time condition walked one by one (state carried exactly) before the generic one
PEEL = 2
#: interpreter steps one loop nest may spend unrolled before the rest is summarised
UNROLL_STEPS = 300_000


@dataclass
class Nest:
    """The unrolling budget of the outermost loop being walked (shared by the loops nested in it)."""

    iterations: int
    step_limit: int


def _strip(c: ci.Cursor | None) -> ci.Cursor | None:
    while c is not None and c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        kids = children(c)
        if len(kids) != 1:
            return c
        c = kids[0]
    return c


def linear(e: Expr) -> tuple[dict[str, int], int] | None:
    """`e` as sum(coef * symbol) + constant over value-preserving integer conversions, or None."""
    if isinstance(e, Const):
        return ({}, int(e.value)) if isinstance(e.value, int) or float(e.value).is_integer() else None
    if isinstance(e, Sym):
        return ({e.name: 1}, 0) if e.ctype in INT_TYPES else None
    if isinstance(e, Cast):
        inner, outer = INT_TYPES.get(e.a.ctype), INT_TYPES.get(e.ctype)
        if inner is None or outer is None or outer[0] < inner[0] or (inner[1] and not outer[1]) or (
                outer[0] == inner[0] and inner[1] != outer[1]):
            return None
        return linear(e.a)
    if isinstance(e, Unary) and e.op == "-":
        a = linear(e.a)
        return ({k: -v for k, v in a[0].items()}, -a[1]) if a else None
    if isinstance(e, Bin) and e.op in ("+", "-", "*"):
        a, b = linear(e.a), linear(e.b)
        if a is None or b is None:
            return None
        if e.op == "*":
            if a[0] and b[0]:
                return None
            (k, c), (terms, off) = (a, b) if not a[0] else (b, a)
            return ({n: v * c for n, v in terms.items()}, off * c)
        sign = 1 if e.op == "+" else -1
        terms = dict(a[0])
        for n, v in b[0].items():
            terms[n] = terms.get(n, 0) + sign * v
        return ({n: v for n, v in terms.items() if v}, a[1] + sign * b[1])
    return None


def trip_count(start: Expr, step: int, op: str, bound: Expr) -> int | None:
    """How many times `for (v = start; v op bound; v += step)` runs when bound - start is a constant."""
    a, b = linear(start), linear(bound)
    if a is None or b is None or a[0] != b[0] or step == 0:
        return None
    d = b[1] - a[1]  # bound - start
    if step > 0 and op == "<":
        return max(0, -(-d // step))
    if step > 0 and op == "<=":
        return d // step + 1 if d >= 0 else 0
    down, stride = -d, -step  # counting down: start - bound, and the positive stride
    if step < 0 and op == ">":
        return max(0, -(-down // stride))
    if step < 0 and op == ">=":
        return down // stride + 1 if down >= 0 else 0
    if op == "!=" and d % step == 0 and d // step >= 0:
        return d // step
    return None


#: cursor kinds after which a loop is not inert: calls of anything (builtins, launches, helpers, constructors,
#: overloaded operators), leaving the function, inline assembly (its outputs), lambdas, new / delete
NOT_INERT = frozenset(getattr(K, k) for k in (
    "CALL_EXPR", "CUDA_KERNEL_CALL_EXPR", "RETURN_STMT", "GOTO_STMT", "INDIRECT_GOTO_STMT", "CXX_THROW_EXPR",
    "CXX_TRY_STMT", "ASM_STMT", "MS_ASM_STMT", "LAMBDA_EXPR", "CXX_NEW_EXPR", "CXX_DELETE_EXPR", "BLOCK_EXPR",
    "OBJC_MESSAGE_EXPR", "STMT_EXPR", "COAWAIT_EXPR", "COYIELD_EXPR", "CORETURN_STMT") if hasattr(K, k))


def scalar_or_array_of_scalars(t: ci.Type) -> bool:
    t = t.get_canonical()
    while t.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY):
        t = t.element_type.get_canonical()
    return ctype(t) is not None


def inert(c: ci.Cursor) -> bool:
    """Whether walking the loop statement `c` (its init, condition, increment and body) can change nothing the walk
    tracks after it: see the module docstring. Its variables then hold values no later statement can name."""
    declared: set[DeclKey] = set()
    used: dict[DeclKey, ci.Cursor] = {}  # the declarations the loop names, by key
    for x in walk(c):
        k = kind(x)
        if k in NOT_INERT:
            if k == K.CALL_EXPR and pure_call(x, c._tu.spelling, 0):
                continue
            return False
        if k == K.VAR_DECL:
            if not scalar_or_array_of_scalars(x.type):
                return False  # a tile, tensor, struct or reference: the walk tracks those objects
            declared.add(decl_key(x))
        elif k == K.DECL_REF_EXPR:
            d = referenced(x)
            if d is not None:
                used.setdefault(decl_key(d), d)
    # a variable declared before the loop and named nowhere else is dead after it (`used_only_in`)
    return all(key in used and used_only_in(used[key], c) for key in Loops._assigned_vars(c) - declared)


#: what a pure helper's body may hold besides what an inert loop may (it returns its value)
PURE_ALLOWED = frozenset((K.RETURN_STMT, K.CALL_EXPR))
#: how deep pure_call follows a helper's calls before giving up
PURE_DEPTH = 4


def pure_call(call: ci.Cursor, main_file: str, depth: int) -> bool:
    """Whether the walk of `call` can change nothing it tracks outside the call: a call libclang cannot resolve (the
    walk makes its value opaque: Calls.call), a function without a body outside the pto headers (a compiler builtin
    such as `__builtin_huge_valf`), or a free or static member function of another file than the main one (not an
    entry point) whose parameters are no non-const references and whose body assigns only its own scalar locals
    and calls only such functions: `std::numeric_limits<T>::max()` in a golden-data loop (A2/A3 tload: 12
    instantiations of a 5-deep nest walked to the nest's budget)."""
    ref = referenced(call)
    if ref is None:
        return True
    if depth > PURE_DEPTH or kind(ref) not in (K.FUNCTION_DECL, K.CXX_METHOD):
        return False
    name = file_name(ref)
    if name == main_file or pto_header(name):
        return False
    return memo(ref, "pure_function", lambda r: _pure_function(r, main_file, depth))


def _pure_function(fn: ci.Cursor, main_file: str, depth: int) -> bool:
    if kind(fn) == K.CXX_METHOD and not fn.is_static_method():
        return False  # it may change its object
    body = [x for x in children(fn) if kind(x) == K.COMPOUND_STMT]
    if not body:
        return True  # a compiler builtin: the walk makes its value opaque
    declared: set[DeclKey] = set()
    for p in children(fn):
        if kind(p) == K.PARM_DECL:
            t = p.type.get_canonical()
            if t.kind == ci.TypeKind.RVALUEREFERENCE or t.kind == ci.TypeKind.LVALUEREFERENCE \
                    and not t.get_pointee().is_const_qualified():
                return False  # its assignments would write the caller's variable
            declared.add(decl_key(p))
    for x in walk(body[0]):
        k = kind(x)
        if k in NOT_INERT and k not in PURE_ALLOWED:
            return False
        if k == K.CALL_EXPR and not pure_call(x, main_file, depth + 1):
            return False
        if k == K.VAR_DECL:
            if not scalar_or_array_of_scalars(x.type):
                return False
            declared.add(decl_key(x))
    return Loops._assigned_vars(body[0]) <= declared


def reachable(parts: list[ci.Cursor], entered: set[ci.Cursor], follow) -> Iterator[ci.Cursor]:
    """Every cursor of `parts` and, transitively, of the functions their calls reference where `follow(callee)`
    holds (each entered once: added to `entered`, its default arguments and body walked)."""
    todo = list(parts)
    while todo:
        for x in walk(todo.pop()):
            yield x
            if kind(x) == K.CALL_EXPR:
                ref = referenced(x)
                if ref is not None and ref not in entered and follow(ref):
                    entered.add(ref)
                    todo.append(ref)


def assigns_object(x: ci.Cursor) -> bool:
    """Whether the binary operator `x` is an `=` of a non-scalar (a tile assigned: its valid region changes), or
    one whose operator cannot be read (counted as one)."""
    try:
        return binop_token(x) == "=" and ctype(x.type) is None
    except Unsupported:
        return True


#: the declarations whose variables are locals (a reference or a pointer to a local is taken only by naming it:
#: `&v`, `int &r = v`; so a local named nowhere but in the loop is dead after it)
LOCAL_PARENTS = frozenset(getattr(K, k) for k in (
    "FUNCTION_DECL", "CXX_METHOD", "CONSTRUCTOR", "DESTRUCTOR", "CONVERSION_FUNCTION", "FUNCTION_TEMPLATE")
    if hasattr(K, k))


def used_only_in(var: ci.Cursor, loop: ci.Cursor) -> bool:
    """Whether `var` is a local variable (or a parameter passed by value) of the function around `loop` that the
    function names nowhere but inside `loop` (and in its own declaration): the value the loop leaves in it is then
    never read, and the loop's assignments to it change nothing the walk tracks. Not for a static local (another
    call of the function reads it), a reference (its assignments write the referee) or a loop in a macro."""
    if kind(var) not in (K.VAR_DECL, K.PARM_DECL) or in_macro_expansion(loop):
        return False
    if var.type.get_canonical().kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
        return False
    if kind(var) == K.VAR_DECL and var.storage_class == ci.StorageClass.STATIC:
        return False
    fn = var.semantic_parent
    if fn is None or kind(fn) not in LOCAL_PARENTS:
        return False
    key, where = decl_key(var), file_name(loop)
    start, end = loop.extent.start.offset, loop.extent.end.offset
    for x in walk(fn):
        if kind(x) == K.DECL_REF_EXPR:
            d = referenced(x)
            if d is not None and decl_key(d) == key and not (
                    start <= offset(x) <= end and file_name(x) == where):
                return False
    return True


class Loops:
    nest: Nest | None = None

    # ------------------------------------------------------------------ what a loop changes

    def assigned_vars(self, body: ci.Cursor) -> frozenset[DeclKey]:
        """Declarations assigned anywhere in `body` (by =, op=, ++ or --)."""
        return memo(body, "assigned", self._assigned_vars)

    @staticmethod
    def _assigned_vars(body: ci.Cursor) -> frozenset[DeclKey]:
        out: set[DeclKey] = set()
        for c in walk(body):
            target = None
            k = kind(c)
            if k == K.BINARY_OPERATOR:
                try:
                    if binop_token(c) == "=":
                        target = next(iter(children(c)))
                except (Unsupported, StopIteration):
                    continue
            elif k == K.COMPOUND_ASSIGNMENT_OPERATOR:
                target = next(iter(children(c)), None)
            elif k == K.UNARY_OPERATOR:
                if unop_token(c) in ("++", "--", "post++", "post--"):
                    target = next(iter(children(c)), None)
            target = _strip(target)
            if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                out.add(decl_key(target.referenced))
                NAMES[decl_key(target.referenced)] = target.referenced.spelling
        return frozenset(out)

    def loop_assigned(self, parts: list[ci.Cursor | None]) -> frozenset[DeclKey]:
        out: frozenset[DeclKey] = frozenset()
        for p in parts:
            if p is not None:
                out |= self.assigned_vars(p)
        return out

    def linear_updates(self, body: ci.Cursor | None, inc: ci.Cursor | None,
                       assigned: frozenset[DeclKey]) -> dict[DeclKey, Expr]:
        """Induction variables: updated exactly once per iteration by `v += s`, `v -= s`, `++v`... at the top level
        of the body or in a for-increment, with a loop-invariant step `s`, and assigned nowhere else in the loop.
        (An update in the body counts only when no `continue` can skip it.)"""
        updates: dict[DeclKey, list[Expr | None]] = {}

        def visit(e: ci.Cursor | None) -> None:
            e = _strip(e)
            if e is None:
                return
            if e.kind == K.BINARY_OPERATOR and binop_token(e) == ",":
                for k in children(e):
                    visit(k)
                return
            target, step = None, None
            if e.kind == K.UNARY_OPERATOR and unop_token(e) in ("++", "--", "post++", "post--"):
                target = _strip(next(iter(children(e)), None))
                step = Const(1 if unop_token(e).endswith("++") else -1, "int")
            elif e.kind == K.COMPOUND_ASSIGNMENT_OPERATOR and binop_token(e) in ("+=", "-="):
                lhs, rhs = children(e)
                target = _strip(lhs)
                refs = {decl_key(x.referenced) for x in walk(rhs)
                        if x.kind == K.DECL_REF_EXPR and x.referenced is not None}
                if refs & assigned:
                    step = None
                else:
                    try:
                        v = self.scalar(rhs)
                    except Unsupported:
                        v = None
                    step = v if binop_token(e) == "+=" or v is None else fold(Unary("-", v, v.ctype))
            if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                updates.setdefault(decl_key(target.referenced), []).append(step)

        if inc is not None:
            visit(inc)
        if body is not None:
            skippable = memo(body, "has_continue", lambda b: any(kind(x) == K.CONTINUE_STMT for x in walk(b)))
            stmts = children(body) if body.kind == K.COMPOUND_STMT else (body,)
            for s in stmts:
                if s.kind.is_expression() or s.kind == K.UNEXPOSED_EXPR:
                    if skippable:
                        target = None
                        e = _strip(s)
                        if e is not None and e.kind in (K.UNARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                            target = _strip(next(iter(children(e)), None))
                        if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                            updates.setdefault(decl_key(target.referenced), []).append(None)
                        continue
                    visit(s)
        counts: dict[DeclKey, int] = {}
        for part in (body, inc):
            if part is not None:
                for key, n in memo(part, "assignments", self._assignments).items():
                    counts[key] = counts.get(key, 0) + n
        return {k: v[0] for k, v in updates.items()
                if len(v) == 1 and v[0] is not None and counts.get(k, 0) == 1}

    @staticmethod
    def _assignments(part: ci.Cursor) -> dict[DeclKey, int]:
        """How many assignments (=, op=, ++, --) in `part` name each declaration (syntax: counted once per cursor)."""
        counts: dict[DeclKey, int] = {}
        for x in walk(part):
            t = None
            k = kind(x)
            if k == K.COMPOUND_ASSIGNMENT_OPERATOR or (
                    k == K.UNARY_OPERATOR and unop_token(x) in ("++", "--", "post++", "post--")):
                t = _strip(next(iter(children(x)), None))
            elif k == K.BINARY_OPERATOR:
                try:
                    t = _strip(next(iter(children(x)))) if binop_token(x) == "=" else None
                except (Unsupported, StopIteration):
                    t = None
            if t is not None and t.kind == K.DECL_REF_EXPR and t.referenced is not None:
                key = decl_key(t.referenced)
                counts[key] = counts.get(key, 0) + 1
        return counts

    # ------------------------------------------------------------------ statements

    def for_stmt(self, c: ci.Cursor) -> None:
        if self.nest is None and memo(c, "inert", inert):
            return
        init, cond, inc, body = memo(c, "for_parts", self.for_parts)
        if init is not None:
            self.stmt(init)
        self.loop(c, cond, inc, body, do_first=False)

    @staticmethod
    def for_parts(c: ci.Cursor) -> tuple[ci.Cursor | None, ...]:
        """(init, condition, increment, body) of a for statement, each None when absent (placed by the header's
        `;` and `)` tokens: libclang leaves an absent part out of the children)."""
        kids = list(children(c))
        semis: list[int] = []  # the first two `;` of the statement
        rparen = None  # the `)` closing the header
        depth = 0
        for t in c.get_tokens():  # read up to the header's end only: the body of a long loop has thousands
            sp = t.spelling
            if sp == ";":
                semis.append(t.extent.start.offset)
            elif rparen is None and sp == "(":
                depth += 1
            elif rparen is None and sp == ")":
                depth -= 1
                if depth == 0:
                    rparen = t.extent.start.offset
            if rparen is not None and len(semis) >= 2:
                break
        if len(semis) < 2 or rparen is None:
            raise Unsupported("for statement shape not understood")
        s1, s2 = semis[0], semis[1]
        init = cond = inc = body = None
        for k in kids:
            off = k.extent.start.offset
            if off < s1:
                init = k
            elif off < s2:
                cond = k
            elif off < rparen:
                inc = k
            else:
                body = k
        return init, cond, inc, body

    def while_stmt(self, c: ci.Cursor) -> None:
        if self.nest is None and memo(c, "inert", inert):
            return
        kids = list(children(c))
        if c.kind == K.WHILE_STMT:
            self.loop(c, kids[0] if len(kids) > 1 else None, None, kids[-1], do_first=False)
        else:
            self.loop(c, kids[-1] if len(kids) > 1 else None, None, kids[0], do_first=True)

    def loop(self, c: ci.Cursor, cond: ci.Cursor | None, inc: ci.Cursor | None, body: ci.Cursor | None,
             do_first: bool) -> None:
        outer = self.nest is None
        if outer:
            self.nest = Nest(UNROLL_ITERATIONS, self.steps + UNROLL_STEPS)
        mark = len(self.soft_stops)
        base_path = list(self.path)
        start = {key: self.lookup(key) for key in self.loop_assigned([cond, inc, body])}
        try:
            merged = self.unroll(c, cond, inc, body, do_first)
        finally:
            self.path = base_path
            del self.soft_stops[mark:]
            if outer:
                self.nest = None
        if merged:
            self.havoc(c, [cond, inc, body], after=True)
            self.exit_values(c, cond, inc, body, start, do_first)

    def unroll(self, c: ci.Cursor, cond: ci.Cursor | None, inc: ci.Cursor | None, body: ci.Cursor | None,
               do_first: bool) -> bool:
        """Walk the iterations one by one; True when the state after the loop is a merge of several exits."""
        trips = self.known_trips(cond, inc, body)
        nest = self.nest
        assert nest is not None
        if trips is not None and trips > nest.iterations and (body is None or not self.leaves_early(body)) \
                and memo(c, "site_free", lambda _: self.site_free([p for p in (cond, inc, body) if p is not None])):
            # more iterations than the nest walks one by one, and none can record a call site: the iterations
            # walked exactly would be followed by the same summary, which they cannot change (see site_free)
            self.note_limit(c, f"loop at line {c.location.line}: more iterations than a loop nest walks one by one "
                               f"({UNROLL_ITERATIONS}) and no builtin call in them: all summarised, values they "
                               "carry are not followed exactly")
            self.generic_iteration(c, cond, inc, body)
            return True
        merged = False
        peeled = 0
        j = 0
        while True:
            if not (do_first and j == 0):
                go = self.holds(cond, j, trips)
                if go is None and peeled < PEEL:
                    # a run-time condition: the first iterations are still walked one by one, each reached only
                    # when the conditions before it held; the loop may end after any of them (a merge)
                    self.path.append(self.cond_expr(cond))
                    peeled += 1
                    merged = True
                    go = True
                if go is None:
                    self.generic_iteration(c, cond, inc, body)
                    return True
                if not go:
                    return merged
            nest = self.nest
            assert nest is not None
            if nest.iterations <= 0 or self.steps > nest.step_limit:
                self.note_limit(c, f"loop at line {c.location.line}: the iterations after the {j} walked one by "
                                   f"one (the limit of a loop nest is {UNROLL_ITERATIONS} iterations) are summarised, "
                                   "values they carry are not followed exactly")
                self.generic_iteration(c, cond, inc, body)
                return True
            nest.iterations -= 1
            iteration_path = list(self.path)
            mark = len(self.soft_stops)
            broke = False
            if body is not None:
                try:
                    self.stmt(body)
                except Stop as s:
                    if s.kind == "return":
                        raise
                    broke = s.kind == "break"
            soft = set(self.soft_stops[mark:])
            merged |= bool(soft & {"break", "return"})
            if broke:
                return merged
            if "continue" in soft:  # the next iteration is also reached past the rest of this one
                self.path = iteration_path
                if inc is not None:
                    self.try_value(inc)
                self.generic_iteration(c, cond, inc, body)
                return True
            if inc is not None:
                self.try_value(inc)
            j += 1

    def known_trips(self, cond: ci.Cursor | None, inc: ci.Cursor | None, body: ci.Cursor | None) -> int | None:
        """The trip count of `v op bound` with v updated only by a constant step in the increment and the bound
        loop-invariant, when bound - v is a constant (e.g. `i = blk * 64; i < blk * 64 + 64`), else None."""
        c = _strip(cond)
        if c is None or c.kind != K.BINARY_OPERATOR or inc is None:
            return None
        op = binop_token(c)
        if op not in ("<", "<=", ">", ">=", "!="):
            return None
        lhs, rhs = (_strip(x) for x in children(c))
        assigned = self.loop_assigned([body, inc])
        var_side = None
        for side, other in ((lhs, rhs), (rhs, lhs)):
            if side is not None and side.kind == K.DECL_REF_EXPR and side.referenced is not None \
                    and decl_key(side.referenced) in assigned:
                var_side, bound_side = side, other
                break
        if var_side is None or bound_side is None:
            return None
        if var_side is rhs:
            op = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}[op]
        key = decl_key(var_side.referenced)
        if key in self.assigned_vars(body) if body is not None else False:
            return None
        if any(x.kind == K.DECL_REF_EXPR and x.referenced is not None and decl_key(x.referenced) in assigned
               for x in walk(bound_side)):
            return None
        updates = self.linear_updates(None, inc, assigned)
        step = const_value(updates[key]) if key in updates else None
        if not isinstance(step, int) or step == 0:
            return None
        try:
            start, bound = self.scalar(var_side), self.scalar(bound_side)
        except Unsupported:
            return None
        if INT_TYPES.get(start.ctype, (0, False))[1] is False or INT_TYPES.get(bound.ctype, (0, False))[1] is False:
            # an unsigned comparison wraps: not a plain difference, unless both ends are constants and the variable
            # stays between them (`for (size_t row = 0; row < 1024; ++row)` of a host program's check loop)
            lo, hi = const_value(start), const_value(bound)
            tops = [r[1] for r in (int_range(start.ctype), int_range(bound.ctype)) if r]
            if not (isinstance(lo, int) and isinstance(hi, int) and tops and op in ("<", "<=") and step > 0
                    and 0 <= lo and hi + step <= min(tops)):
                return None
        return trip_count(start, step, op, bound)

    def holds(self, cond: ci.Cursor | None, j: int, trips: int | None) -> bool | None:
        """Whether iteration j runs: the condition's value when it is known, else the trip count's answer."""
        if cond is None:
            return True
        cv = self.cond_expr(cond)
        v = const_value(cv)
        if v is not None:
            return bool(v)
        if trips is not None:
            return j < trips
        return None

    # ------------------------------------------------------------------ the generic iteration

    def generic_iteration(self, c: ci.Cursor, cond: ci.Cursor | None, inc: ci.Cursor | None,
                          body: ci.Cursor | None) -> None:
        """Walk one iteration that stands for every remaining one (see the module docstring)."""
        line = position(c)[1]
        assigned = self.loop_assigned([cond, inc, body])
        steps = self.linear_updates(body, inc, assigned)
        t = self.symbols.fresh(f"iteration@L{line}", "int", "iteration", f"iterations of the loop at line {line}", 0)
        base = {}
        for key, step in steps.items():
            v = self.lookup(key)
            if isinstance(v, SCALARS) and v.ctype in INT_TYPES:
                base[key] = (v, step)
        self.havoc(c, [cond, inc, body])
        for key, (v, step) in base.items():
            self.store(key, self.after_steps(v, step, t))
        if cond is not None:
            self.path.append(self.cond_expr(cond))
            self.not_past(cond, {k: s for k, (_, s) in base.items()})
        if body is not None:
            try:
                self.stmt(body)
            except Stop as s:
                if s.kind == "return":
                    pass

    def after_steps(self, v: Expr, step: Expr, t: Expr, bounded: bool = True) -> Expr:
        """`v + step * t`, an induction variable's value after t iterations, computed without wrapping; when
        `bounded`, the path gains that it is a value of the variable's type (an iteration that overflows it is
        undefined)."""
        ct = v.ctype
        bits = INT_TYPES[ct][0]
        wide = ct if bits >= 64 else "long"
        grown = convert(t, wide)
        if const_value(step) != 1:
            grown = Bin("*", convert(step, wide), grown, wide)
        if const_value(v) != 0:
            grown = Bin("+", convert(v, wide), grown, wide)
        grown = fold(grown)
        rng = int_range(ct)
        if bounded and bits < 64 and rng is not None:
            self.path += [fold(Bin(">=", grown, Const(rng[0], wide), "bool")),
                          fold(Bin("<=", grown, Const(rng[1], wide), "bool"))]
        return convert(grown, ct)

    def exit_values(self, c: ci.Cursor, cond: ci.Cursor | None, inc: ci.Cursor | None, body: ci.Cursor | None,
                    start: dict, do_first: bool) -> None:
        """After a loop left only through its condition `v op bound` (v an induction variable of constant step,
        bound loop-invariant, both signed), every induction variable is `start + step * T`, T the trip count:
        the first count at which the condition fails (the condition's truth is monotone in the count, so T is
        unique). Without this, a value carried out of a run-time loop (an offset summed in it) is unknown after
        it. T is a symbol of kind "iteration", fixed by the inputs through the path."""
        if cond is None or body is not None and self.leaves_early(body):
            return
        assigned = self.loop_assigned([cond, inc, body])
        steps = self.linear_updates(body, inc, assigned)
        found = self.compared_induction(cond, steps, ("<", "<=", ">", ">=", "!="), assigned)
        ctl = found[0] if found is not None else None
        base = {k: (start[k], s) for k, s in steps.items()
                if isinstance(start.get(k), SCALARS) and start[k].ctype in INT_TYPES}
        if ctl is None or ctl not in base:
            return
        line = position(c)[1]
        trips = self.symbols.fresh(f"trips@L{line}", "long", "iteration", f"trip count of the loop at line {line}", 0)
        first = Const(1 if do_first else 0, "long")
        before = Bin("-", trips, Const(1, "long"), "long")
        for key, (v, step) in base.items():
            self.store(key, self.after_steps(v, step, before, bounded=False))
        held = self.cond_expr(cond)
        for key, (v, step) in base.items():
            self.store(key, self.after_steps(v, step, trips))
        failed = self.cond_expr(cond)
        self.path += [fold(Bin(">=", trips, first, "bool")), fold(Unary("!", failed, "bool")),
                      fold(Bin("||", Bin("==", trips, first, "bool"), held, "bool"))]

    @staticmethod
    def leaves_early(body: ci.Cursor) -> bool:
        """Whether the body can leave the loop other than through its condition (break, return, goto, throw)."""
        def visit(c: ci.Cursor, inner: bool) -> bool:
            for k in children(c):
                kk = kind(k)
                if kk in (K.RETURN_STMT, K.GOTO_STMT, K.CXX_THROW_EXPR, K.INDIRECT_GOTO_STMT):
                    return True
                if kk == K.BREAK_STMT and not inner:
                    return True
                nested = inner or kk in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.SWITCH_STMT, K.CXX_FOR_RANGE_STMT)
                if visit(k, nested):
                    return True
            return False
        return memo(body, "leaves_early", lambda b: visit(b, False))

    def compared_induction(self, cond: ci.Cursor, steps: dict[DeclKey, Expr], ops: tuple[str, ...],
                           assigned: frozenset[DeclKey] = frozenset()) -> tuple | None:
        """A condition `v op bound` (op in `ops`, either side) with v an induction variable of constant nonzero
        step, no variable in `assigned` named by the bound, and both sides signed integers: (v's key, step, v,
        bound); None for any other form."""
        e = _strip(cond)
        if e is None or e.kind != K.BINARY_OPERATOR or binop_token(e) not in ops:
            return None
        lhs, rhs = (_strip(x) for x in children(e))
        for var, other in ((lhs, rhs), (rhs, lhs)):
            if var is None or other is None or var.kind != K.DECL_REF_EXPR or var.referenced is None:
                continue
            key = decl_key(var.referenced)
            step = const_value(steps[key]) if key in steps else None
            if not isinstance(step, int) or step == 0:
                continue
            if any(x.kind == K.DECL_REF_EXPR and x.referenced is not None and decl_key(x.referenced) in assigned
                   for x in walk(other)):
                return None
            try:
                v, b = self.scalar(var), self.scalar(other)
            except Unsupported:
                return None
            signed = INT_TYPES.get(v.ctype, (0, False))[1] and INT_TYPES.get(b.ctype, (0, False))[1]
            return (key, step, v, b) if signed else None
        return None

    def not_past(self, cond: ci.Cursor, steps: dict[DeclKey, Expr]) -> None:
        """`v != bound` with v an induction variable of constant step: an iteration after the one where v meets the
        bound is never reached (stepping over it would run until v overflows, which is undefined), so the generic
        iteration also has `v < bound` (counting up) or `v > bound` (down)."""
        found = self.compared_induction(cond, steps, ("!=",))
        if found is not None:
            _, step, v, b = found
            self.path.append(fold(Bin("<" if step > 0 else ">", v, b, "bool")))

    def lookup(self, key: DeclKey):
        for fr in reversed(self.stack):
            if key in fr.env:
                return fr.env[key]
        return None

    def store(self, key: DeclKey, v) -> None:
        for fr in reversed(self.stack):
            if key in fr.env:
                fr.env[key] = v
                return

    def havoc(self, c: ci.Cursor, parts: list[ci.Cursor | None], after: bool = False) -> None:
        """Forget what the loop may change: the variables it assigns, the valid regions it sets (found by walking
        the body once on a copy of the state, so helpers that set a tile's region count too), its placements."""
        why = "value after the loop" if after else "value changed in a loop"
        for key in self.loop_assigned(parts):
            for fr in reversed(self.stack):
                if key not in fr.env:
                    continue
                old = fr.env[key]
                if isinstance(old, SCALARS):
                    fr.env[key] = self.symbols.fresh(self.var_name(key), old.ctype, "opaque", why)
                elif isinstance(old, (GlobalState, DimsState)):
                    fr.env.pop(key)
                break
        for tile, which in self.regions_set(c, parts):
            if "row" in which:
                tile.valid_row = self.symbols.fresh(f"{tile.name}.validRow", "int", "opaque", "set in a loop")
            if "col" in which:
                tile.valid_col = self.symbols.fresh(f"{tile.name}.validCol", "int", "opaque", "set in a loop")
        self.drop_placements(c)

    def regions_set(self, c: ci.Cursor, parts: list[ci.Cursor | None]) -> list[tuple[TileState, set[str]]]:
        """The tiles (existing before the loop) whose valid row / col a walk of the loop's parts changes."""
        if not memo(c, "calls_or_sets", lambda b: any(
                x.kind == K.CALL_EXPR and x.referenced is not None and not x.spelling.startswith("Get")
                for x in walk(b))):
            return []
        helpers = memo(c, "region_helpers", lambda _: self.region_helpers([p for p in parts if p is not None]))
        if helpers is not None and all((h.get_usr() in self.entered or file_name(h) != self.main_file)
                                       and not self.assume_at.get(h.location.line) for h in helpers):
            return []  # the walk below would change no tile's region, nor anything kept after it (see region_helpers)
        direct = memo(c, "direct_regions", lambda _: self.direct_regions([p for p in parts if p is not None]))
        if direct is not None:
            found = [(self.lookup(key), which) for key, which in direct.items()]
            return [(t, set(which)) for t, which in found if isinstance(t, TileState)]
        tiles = list(self.tiles)
        before = [(t.valid_row, t.valid_col) for t in tiles]
        saved = self.save()
        try:
            for p in parts:
                if p is None:
                    continue
                try:
                    self.stmt(p) if not p.kind.is_expression() else self.try_value(p)
                except Stop:
                    pass
        except Unsupported:
            pass
        finally:
            after = [(t.valid_row, t.valid_col) for t in tiles]
            self.restore(saved)
        out = []
        for t, (r0, c0), (r1, c1) in zip(tiles, before, after, strict=True):
            which = ({"row"} if r1 is not r0 else set()) | ({"col"} if c1 is not c0 else set())
            if which:
                out.append((t, which))
        for t, (r0, c0) in zip(tiles, before, strict=True):
            t.valid_row, t.valid_col = r0, c0
        return out

    def direct_regions(self, parts: list[ci.Cursor]) -> dict[DeclKey, frozenset[str]] | None:
        """When `parts` can change a valid region only by a setter called on a tile variable declared outside them
        (`t.SetValidRow(rows)`; a generated kernel's tile loops): those variables, with the half of the region each
        setter sets; regions_set then needs no walk on a copy. None when anything else may change one: a setter
        on another object or on a variable of the parts (a reference declared there), a tile assigned, a call of a
        function whose body (transitively) does either, a call through a pointer, a kernel launch.

        A setter under a condition counts as run (the copy walk skips one whose arm is never taken): its region
        is then forgotten after the loop where the walk could have kept it, which loses no precision that any
        finding relies on and never makes one."""
        declared: set[DeclKey] = set()
        sets: dict[DeclKey, frozenset[str]] = {}
        for part in parts:
            for x in walk(part):
                k = kind(x)
                if k == K.VAR_DECL:
                    declared.add(decl_key(x))
                elif k in LAUNCHES or k == K.LAMBDA_EXPR:
                    return None
                elif k == K.BINARY_OPERATOR and assigns_object(x):
                    return None
                elif k == K.CALL_EXPR:
                    if x.spelling in REGION_SETTERS:
                        callee = next(iter(children(x)), None)
                        obj = _strip(next(iter(children(callee)), None)) if callee is not None and \
                            kind(callee) == K.MEMBER_REF_EXPR else None
                        var = referenced(obj) if obj is not None and kind(obj) == K.DECL_REF_EXPR else None
                        if var is None or kind(var) not in (K.VAR_DECL, K.PARM_DECL):
                            return None
                        which = {"SetValidRow": {"row"}, "SetValidCol": {"col"}}.get(x.spelling, {"row", "col"})
                        key = decl_key(var)
                        sets[key] = sets.get(key, frozenset()) | which
                        continue
                    ref = referenced(x)
                    if ref is None:
                        if x.spelling:  # a call through a pointer or of a dependent name
                            return None
                        continue
                    if kind(ref) in (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE) and not \
                            is_builtin_decl(ref, self.builtins) and memo(
                                ref, "region_helpers", lambda r: self.region_helpers([r])) is None:
                        return None
        if declared & sets.keys():
            return None
        return sets

    def region_helpers(self, parts: list[ci.Cursor]) -> frozenset[ci.Cursor] | None:
        """None when walking `parts` may change the valid region of a tile that exists before the walk, else the
        helpers (functions with a body, walked by Calls.user_call) the walk may enter, transitively.

        A region changes only through a setter method of a tile (`SetValidRow`..., Tiles.tile_method), a tile
        assigned (`=` of a non-scalar type, Expressions.assign), or a helper's body doing so; builtins (a site
        record and a placement), constructors and unresolved calls change none. regions_set skips its walk only
        when every helper was entered before or is not of the main file (only the main file's functions are entry
        points), and has no assumption: the walk would add nothing to what is kept after it (Interpreter.entered,
        an assumption's use). A test's golden-data nest calling `std::numeric_limits<T>::max()` in headers was
        walked on a copy at every level of its summarised iterations (tload: 23 s of CPU)."""
        found: set[ci.Cursor] = set()
        follow = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE)
        for x in reachable(parts, found, lambda r: r.kind in follow and not is_builtin_decl(r, self.builtins)):
            k = kind(x)
            if k in LAUNCHES:
                return None
            if k == K.BINARY_OPERATOR and assigns_object(x):
                return None
            if k == K.CALL_EXPR and x.spelling in REGION_SETTERS:
                return None
        return frozenset(found)

    def site_free(self, parts: list[ci.Cursor]) -> bool:
        """Whether walking `parts` can record no call site: no builtin call, kernel launch or call the walk cannot
        resolve in them or in the functions they call, transitively (a benchmark's scalar main loop: Dhrystone's
        procedures, 1,000 to 8,000 iterations per instantiation).

        Such a loop with a known trip count above the nest's budget is summarised at once: unrolled, it would be
        summarised after the budget all the same, and its exact iterations could only have added sites (none
        here), a `break` path (not when the body cannot leave early) or values it assigns, which the summary
        forgets (Loops.havoc) except induction variables, whose exit values come from the values before the loop
        (Loops.exit_values)."""
        for x in reachable(parts, set(), lambda _: True):
            k = kind(x)
            if k in LAUNCHES:
                return False
            if k != K.CALL_EXPR:
                continue
            ref = referenced(x)
            if ref is None:
                if x.spelling:  # a call through a pointer or of a dependent name: anything
                    return False
                continue  # an implicit conversion or construction without a declaration
            if is_builtin_decl(ref, self.builtins) or kind(ref) == K.FUNCTION_DECL and ref.spelling in self.builtins:
                return False
        return True

    def save(self) -> dict:
        """The walk's state, to walk something on a copy and come back (see regions_set)."""
        return {
            "envs": [dict(fr.env) for fr in self.stack], "returns": [list(fr.returns) for fr in self.stack],
            "path": list(self.path), "sites": len(self.sites), "unresolved": len(self.unresolved),
            "stats": copy.deepcopy(self.stats), "limits": list(self.limits), "soft": len(self.soft_stops),
            "tiles": [(t, t.valid_row, t.valid_col, t.addr, t.binding) for t in self.tiles],
            "ntiles": len(self.tiles), "moves": len(self.moves), "arms": list(self.arms), "chain": list(self.chain),
            "assume_errors": list(self.assume_errors), "nest": copy.copy(self.nest),
        }

    def restore(self, s: dict) -> None:
        for fr, env, ret in zip(self.stack, s["envs"], s["returns"], strict=False):
            fr.env, fr.returns = env, ret
        self.path = s["path"]
        del self.sites[s["sites"]:]
        del self.unresolved[s["unresolved"]:]
        self.stats = s["stats"]
        self.limits[:] = s["limits"]
        del self.soft_stops[s["soft"]:]
        for t, r, col, addr, binding in s["tiles"]:
            t.valid_row, t.valid_col, t.addr, t.binding = r, col, addr, binding
        del self.tiles[s["ntiles"]:]
        del self.moves[s["moves"]:]  # the placements are back where they were when the journal was this long
        self.arms[:] = s["arms"]
        self.chain[:] = s["chain"]
        self.assume_errors[:] = s["assume_errors"]
        if self.nest is not None and s["nest"] is not None:
            self.nest.iterations = s["nest"].iterations

    def var_name(self, key: DeclKey) -> str:
        return NAMES.get(key) or f"v{key[1]}"

    def ref_target(self, c: ci.Cursor | None) -> ci.Cursor | None:
        """The variable or parameter a (parenthesised) name expression refers to."""
        c = _strip(c)
        if c is not None and c.kind == K.DECL_REF_EXPR and c.referenced is not None \
                and c.referenced.kind in (K.VAR_DECL, K.PARM_DECL):
            return c.referenced
        return None

"""Statements: compiled once per cursor into closures `f(frame) -> None | BREAK | CONTINUE | RETURN`.

Control flow is the closures' return value (no exceptions on the hot path). Every statement a compound
statement executes, and every loop test, counts one step against the run's budget.
"""

from __future__ import annotations

from collections.abc import Callable

import clang.cindex as ci

from ptolint.executor.entry import scalars
from ptolint.executor.entry.expressions import Scope, const, expr, lvalue, refuse, scalar_conv, truth
from ptolint.executor.entry.objects import (
    ArrayObj,
    Cell,
    Uninit,
    copy_value,
)
from ptolint.executor.entry.state import Frame, Loop
from ptolint.executor.entry.syntax import (
    TK,
    K,
    array_info,
    ctype,
    is_reference,
    operands,
    record_decl,
    slot,
    strip_reference,
)
from ptolint.frontend.cursors import children, declared_constexpr, evaluated_int, in_pattern, memo, referenced, tokens
from ptolint.frontend.values import global_spec_of, tile_spec_of

BREAK, CONTINUE, RETURN = 1, 2, 3
Stmt = Callable[[Frame], object]


def stmt(c: ci.Cursor, sc: Scope) -> Stmt:
    """The statement compiled once; one nested too deeply for Python becomes a refusal where it runs, so the
    statements before it still run (a fault there is still observed)."""
    try:
        return memo(c, "er_s", lambda x: _stmt(x, sc))
    except RecursionError:
        return refuse(f"C++ nested too deeply to run at line {c.location.line}")


def _nothing(fr):
    return None


def _stmt(c: ci.Cursor, sc: Scope) -> Stmt:
    k = c.kind
    if k == K.COMPOUND_STMT:
        return compound([stmt(s, sc) for s in children(c)])
    if k == K.DECL_STMT:
        decls = [declaration(d, sc) for d in children(c) if d.kind == K.VAR_DECL]
        if len(decls) == 1:
            return decls[0]

        def many(fr):
            for d in decls:
                d(fr)

        return many
    if k == K.IF_STMT:
        return _if(c, sc)
    if k == K.FOR_STMT:
        return _for(c, sc)
    if k == K.WHILE_STMT:
        return _while(c, sc)
    if k == K.DO_STMT:
        return _do(c, sc)
    if k == K.SWITCH_STMT:
        return _switch(c, sc)
    if k == K.RETURN_STMT:
        ops = [x for x in children(c) if x.kind.is_expression()]
        if not ops:
            return lambda fr: RETURN
        f = expr(ops[0], sc)

        def ret(fr):
            fr.ret = f(fr)
            return RETURN

        return ret
    if k == K.BREAK_STMT:
        return lambda fr: BREAK
    if k == K.CONTINUE_STMT:
        return lambda fr: CONTINUE
    if k in (K.NULL_STMT, K.TYPE_ALIAS_DECL, K.TYPEDEF_DECL, K.STATIC_ASSERT, K.USING_DIRECTIVE,
             K.USING_DECLARATION, K.NAMESPACE_ALIAS, K.STRUCT_DECL, K.CLASS_DECL, K.ENUM_DECL,
             K.TYPE_ALIAS_TEMPLATE_DECL):
        return _nothing
    if k in (K.ASM_STMT, K.MS_ASM_STMT):
        return _asm(c, sc)
    if k == K.VAR_DECL:
        return declaration(c, sc)
    if k.is_expression() or k == K.UNEXPOSED_EXPR:
        f = expr(c, sc)

        def expression(fr):
            f(fr)

        return expression
    if k in (K.LABEL_STMT, K.GOTO_STMT, K.INDIRECT_GOTO_STMT):
        return refuse(f"goto / labels at line {c.location.line}")
    return refuse(f"{k.name.lower()} not supported at line {c.location.line}")


def _asm(c: ci.Cursor, sc: Scope) -> Stmt:
    """Inline assembly: not executed; the variables it writes (its output operands) get a chosen value."""
    toks = list(tokens(c))
    outputs: set[str] = set()
    if ":" in toks:
        depth = 0
        for t in toks[toks.index(":") + 1:]:
            if t == ":" and depth == 0:
                break
            depth += t in ("(", "[") and 1 or (-1 if t in (")", "]") else 0)
            if t.isidentifier():
                outputs.add(t)
    places = []
    for x in children(c):
        target = x
        while target.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and operands(target):
            target = operands(target)[0]
        if target.kind == K.DECL_REF_EXPR and target.spelling in outputs and ctype(target.type) is not None:
            place = lvalue(target, sc)
            if place is not None:
                places.append((place, scalars.convert(0, ctype(target.type)), target.spelling))
    line = c.location.line

    def asm(fr):
        for place, zero, name in places:
            place(fr).v = fr.run.choose(f"{name} (written by inline assembly at line {line})", zero)

    return asm


def compound(stmts: list[Stmt]) -> Stmt:
    if not stmts:
        return _nothing

    def block(fr):
        run = fr.run
        for s in stmts:
            run.steps += 1
            if run.steps > run.budget:
                run.over_budget()
            r = s(fr)
            if r is not None:
                return r
        return None

    return block




def _if(c: ci.Cursor, sc: Scope) -> Stmt:
    kids = list(children(c))
    init: list[Stmt] = []
    # children: [init-statement] [condition variable] condition then [else]
    while len(kids) > 2 and kids[0].kind in (K.DECL_STMT, K.VAR_DECL):
        init.append(stmt(kids[0], sc))
        kids = kids[1:]
    if len(kids) < 2:
        return refuse(f"if statement shape at line {c.location.line}")
    cond = truth(kids[0], sc)
    then = stmt(kids[1], sc)
    other = stmt(kids[2], sc) if len(kids) > 2 else None

    def if_(fr):
        for s in init:
            s(fr)
        if cond(fr):
            return then(fr)
        if other is not None:
            return other(fr)
        return None

    return if_


def _loop_names(decls: list[ci.Cursor]) -> tuple[tuple[str, int], ...]:
    return tuple((d.spelling, slot(d)) for d in decls)


def _referenced_locals(c: ci.Cursor | None) -> list[ci.Cursor]:
    if c is None:
        return []
    out: list[ci.Cursor] = []
    stack = [c]
    while stack:
        x = stack.pop()
        if x.kind == K.DECL_REF_EXPR:
            r = referenced(x)
            if r is not None and r.kind in (K.VAR_DECL, K.PARM_DECL) and r not in out:
                sp = r.semantic_parent
                if r.kind == K.PARM_DECL or (sp is not None and sp.kind in (
                        K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE)):
                    out.append(r)
        stack.extend(children(x))
    return out


def _for(c: ci.Cursor, sc: Scope) -> Stmt:
    kids = list(children(c))
    toks = list(c.get_tokens())
    semis = [t.extent.start.offset for t in toks if t.spelling == ";"]
    rparen, depth = None, 0
    for t in toks:
        if t.spelling == "(":
            depth += 1
        elif t.spelling == ")":
            depth -= 1
            if depth == 0:
                rparen = t.extent.start.offset
                break
    if len(semis) < 2 or rparen is None:
        if any(t.spelling == ":" for t in toks[:8]):
            return refuse(f"range-based for at line {c.location.line}")
        return refuse(f"for statement shape not understood at line {c.location.line}")
    s1, s2 = semis[0], semis[1]
    init = cond = inc = body = None
    cond_var = None
    for x in kids:
        off = x.extent.start.offset
        if off < s1:
            init = x
        elif off < s2:
            if x.kind == K.VAR_DECL:
                cond_var = x
            else:
                cond = x
        elif off < rparen:
            inc = x
        else:
            body = x
    init_s = stmt(init, sc) if init is not None else None
    cond_var_s = declaration(cond_var, sc) if cond_var is not None else None
    cond_f = truth(cond, sc) if cond is not None else None
    inc_f = expr(inc, sc) if inc is not None else None
    body_s = stmt(body, sc) if body is not None else _nothing
    if init is not None and init.kind == K.DECL_STMT:
        names = _loop_names([d for d in children(init) if d.kind == K.VAR_DECL])
    else:
        names = _loop_names(_referenced_locals(init) or _referenced_locals(cond)[:1])
    line = c.location.line

    def for_(fr):
        run = fr.run
        if init_s is not None:
            init_s(fr)
        loop = Loop(line, names, fr)
        run.loops.append(loop)
        try:
            while True:
                run.steps += 1
                if run.steps > run.budget:
                    run.over_budget()
                if cond_var_s is not None:
                    cond_var_s(fr)
                if cond_f is not None and not cond_f(fr):
                    return None
                loop.iteration += 1
                r = body_s(fr)
                if r is not None and r != CONTINUE:
                    if r == BREAK:
                        return None
                    return r
                if inc_f is not None:
                    inc_f(fr)
        finally:
            run.loops.pop()

    return for_


def _while(c: ci.Cursor, sc: Scope) -> Stmt:
    kids = list(children(c))
    if len(kids) < 2:
        return refuse(f"while statement shape at line {c.location.line}")
    var_s = declaration(kids[0], sc) if kids[0].kind == K.VAR_DECL else None
    cond_c = kids[-2]
    cond_f, body_s = truth(cond_c, sc), stmt(kids[-1], sc)
    names = _loop_names(_referenced_locals(cond_c))
    line = c.location.line

    def while_(fr):
        run = fr.run
        loop = Loop(line, names, fr)
        run.loops.append(loop)
        try:
            while True:
                run.steps += 1
                if run.steps > run.budget:
                    run.over_budget()
                if var_s is not None:
                    var_s(fr)
                if not cond_f(fr):
                    return None
                loop.iteration += 1
                r = body_s(fr)
                if r is not None and r != CONTINUE:
                    return None if r == BREAK else r
        finally:
            run.loops.pop()

    return while_


def _do(c: ci.Cursor, sc: Scope) -> Stmt:
    kids = list(children(c))
    if len(kids) != 2:
        return refuse(f"do statement shape at line {c.location.line}")
    body_s, cond_f = stmt(kids[0], sc), truth(kids[1], sc)
    names = _loop_names(_referenced_locals(kids[1]))
    line = c.location.line

    def do_(fr):
        run = fr.run
        loop = Loop(line, names, fr)
        run.loops.append(loop)
        try:
            while True:
                run.steps += 1
                if run.steps > run.budget:
                    run.over_budget()
                loop.iteration += 1
                r = body_s(fr)
                if r is not None and r != CONTINUE:
                    return None if r == BREAK else r
                if not cond_f(fr):
                    return None
        finally:
            run.loops.pop()

    return do_


def _switch(c: ci.Cursor, sc: Scope) -> Stmt:
    kids = list(children(c))
    if len(kids) < 2:
        return refuse(f"switch statement shape at line {c.location.line}")
    init = [stmt(x, sc) for x in kids[:-2]]
    value = expr(kids[-2], sc)
    body = kids[-1]
    entries: list[tuple[list[object], Stmt]] = []  # (labels: case values or "default", statement)

    def flatten(s: ci.Cursor, labels: list[object]) -> bool:
        if s.kind == K.CASE_STMT:
            sub = list(children(s))
            if len(sub) < 2:
                return False
            lab = _case_value(sub[0], sc)
            if lab is None:
                return False
            return flatten(sub[-1], labels + [lab])
        if s.kind == K.DEFAULT_STMT:
            sub = list(children(s))
            if not sub:
                return False
            return flatten(sub[-1], labels + ["default"])
        entries.append((labels, stmt(s, sc)))
        return True

    stmts = children(body) if body.kind == K.COMPOUND_STMT else (body,)
    for s in stmts:
        if not flatten(s, []):
            return refuse(f"switch case not understood at line {s.location.line}")
    for s in stmts:  # labels nested deeper (Duff's device) are not followed
        stack = [x for x in children(s)] if s.kind not in (K.CASE_STMT, K.DEFAULT_STMT) else []
        while stack:
            x = stack.pop()
            if x.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                return refuse(f"case label nested in a statement at line {x.location.line}")
            if x.kind != K.SWITCH_STMT:
                stack.extend(children(x))
    label_fns = [[lab if lab == "default" else lab for lab in labels] for labels, _ in entries]
    run_stmts = [s for _, s in entries]
    table: list[tuple[dict, int | None]] = []

    def index_of(fr):
        if not table:
            index: dict[object, int] = {}
            default = None
            for i, labels in enumerate(label_fns):
                for lab in labels:
                    if lab == "default":
                        default = i
                    else:
                        index.setdefault(lab(fr), i)
            table.append((index, default))
        return table[0]

    def switch(fr):
        for s in init:
            s(fr)
        v = value(fr)
        index, default = index_of(fr)
        start = index.get(v, default)
        if start is None:
            return None
        run = fr.run
        for s in run_stmts[start:]:
            run.steps += 1
            if run.steps > run.budget:
                run.over_budget()
            r = s(fr)
            if r is not None:
                return None if r == BREAK else r
        return None

    return switch


def _case_value(c: ci.Cursor, sc: Scope):
    return expr(c, sc)  # a constant expression, evaluated when the switch first runs


# ---------------------------------------------------------------- declarations

def declaration(d: ci.Cursor, sc: Scope) -> Stmt:
    return memo(d, "er_decl", lambda x: _declaration(x, sc))


def _declaration(d: ci.Cursor, sc: Scope) -> Stmt:
    s = slot(d)
    init = initializer(d)
    if d.storage_class == ci.StorageClass.STATIC:  # a static local: initialised once per run
        make = initial_value(d, init, sc)

        def static(fr):
            if s not in fr.run.statics:
                fr.run.statics[s] = Cell(make(fr))

        return static
    if is_reference(d.type):
        if init is None:
            return refuse(f"reference {d.spelling} without initialiser at line {d.location.line}")
        place = lvalue(init, sc)
        if place is not None:
            def bind(fr):
                fr.vars[s] = place(fr)

            return bind
        value = expr(init, sc)
        conv = scalar_conv(ctype(d.type))

        def bind_temporary(fr):
            fr.vars[s] = Cell(conv(value(fr), fr.run))

        return bind_temporary
    make = initial_value(d, init, sc)

    def declare(fr):
        fr.vars[s] = Cell(make(fr))

    return declare


def initializer(d: ci.Cursor) -> ci.Cursor | None:
    """A variable's initialiser: its last expression child; for an array only an initializer list or a
    constructor call (the other expression children of `T a[N / 2];` give its size)."""
    inits = [x for x in children(d) if x.kind.is_expression()]
    if not inits:
        return None
    last = inits[-1]
    if array_info(d.type) is not None and last.kind not in (K.INIT_LIST_EXPR, K.CALL_EXPR, K.STRING_LITERAL):
        return None
    return last


def initial_value(d: ci.Cursor, init: ci.Cursor | None, sc: Scope) -> Callable[[Frame], object]:
    """The value a variable declaration gives its variable: scalars converted, objects constructed or copied."""
    from ptolint.executor.entry.calls import construct, constructor_args, new_tile_fn

    t = d.type
    ct = ctype(t)
    name = d.spelling
    arr = array_info(t)
    if arr is not None:
        return _array_value(d, arr[0], arr[1], init, sc)
    if ct is not None:
        if init is None:
            line = d.location.line
            return lambda fr: Uninit(name, line)
        known = _constexpr_value(d, init, ct)
        if known is not None:
            return const(known)
        if init.kind == K.INIT_LIST_EXPR:
            ops = operands(init)
            if not ops:
                return const(scalars.convert(0, ct))
            init = ops[0]
        if init.kind == K.CALL_EXPR and referenced(init) is not None and referenced(init).kind == K.CONSTRUCTOR \
                and not list(constructor_args(init)):
            return const(scalars.convert(0, ct))
        value = expr(init, sc)
        conv = scalar_conv(ct)
        return lambda fr: conv(value(fr), fr.run)
    spec = tile_spec_of(t)
    if spec is not None:
        return new_tile_fn(spec, d, init, sc)
    can = strip_reference(t)
    if can.kind == TK.POINTER:
        if init is None:
            return const(None)
        return expr(init, sc)
    if init is None:
        return construct(t, [], sc, name, d)
    if init.kind == K.CALL_EXPR and referenced(init) is not None and referenced(init).kind == K.CONSTRUCTOR:
        args = list(constructor_args(init))
        if len(args) == 1 and global_spec_of(args[0].type) is None and tile_spec_of(args[0].type) is None and \
                strip_reference(args[0].type).spelling == can.spelling:
            value = expr(args[0], sc)  # copy construction
            return lambda fr: copy_value(value(fr))
        return construct(t, args, sc, name, d)
    if init.kind == K.INIT_LIST_EXPR:
        return construct(t, list(operands(init)), sc, name, d, aggregate=True)
    value = expr(init, sc)
    return lambda fr: copy_value(value(fr))


def _constexpr_value(d: ci.Cursor, init: ci.Cursor, ct: str) -> int | None:
    """The value of a constexpr integer variable of instantiated code as clang computed it (a tree of macros,
    casts and template arguments the replay would otherwise compile and run node by node), None for any other
    declaration or a value out of the type's range."""
    info = scalars.int_info(ct)
    if info is None or in_pattern(d) or not declared_constexpr(d):
        return None
    v = evaluated_int(init)
    return v if v is not None and info[2] <= v <= info[3] else None


def _array_value(d: ci.Cursor, elem: ci.Type, n: int, init: ci.Cursor | None, sc: Scope):
    from ptolint.executor.entry.calls import construct, new_tile

    ct = ctype(elem)
    spec = tile_spec_of(elem)
    items = list(operands(init)) if init is not None and init.kind == K.INIT_LIST_EXPR else []
    if init is not None and init.kind != K.INIT_LIST_EXPR and not (
            init.kind == K.CALL_EXPR and referenced(init) is not None and referenced(init).kind == K.CONSTRUCTOR):
        return refuse(f"array {d.spelling} initialised from '{' '.join(tokens(init))[:40]}' at line "
                      f"{d.location.line}")
    if spec is not None:
        name = d.spelling

        def tiles(fr):
            return ArrayObj([Cell(new_tile(spec, f"{name}[{i}]", d, fr.run, (i,))) for i in range(n)])

        return tiles
    fns = [expr(x, sc) for x in items]
    if ct is not None:
        conv = scalar_conv(ct)
        zero = scalars.convert(0, ct)
        line = d.location.line
        uninit = init is None

        def scalars_(fr):
            vals = [conv(f(fr), fr.run) for f in fns]
            fill = Uninit(d.spelling + "[...]", line) if uninit else zero
            return ArrayObj([Cell(v) for v in vals] + [Cell(fill) for _ in range(n - len(vals))])

        return scalars_
    if record_decl(elem) is not None:
        make = construct(elem, [], sc, d.spelling, d)

        def structs(fr):
            cells = [Cell(copy_value(f(fr))) for f in fns]
            return ArrayObj(cells + [Cell(make(fr)) for _ in range(n - len(cells))])

        return structs
    return refuse(f"array {d.spelling} of {elem.spelling} at line {d.location.line}")






def function_body(body: ci.Cursor, sc: Scope) -> Stmt:
    """A function's body; a `return` ends it."""
    return stmt(body, sc)


__all__ = ["BREAK", "CONTINUE", "RETURN", "declaration", "function_body", "initial_value", "stmt"]

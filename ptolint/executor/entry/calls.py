"""Calls: user functions (any number of template layers), constructors, methods of tiles and GlobalTensors,
std::min / std::max, the block-index functions; PTO builtins go to instructions.py."""

from __future__ import annotations

from collections.abc import Callable

import clang.cindex as ci

from ptolint.executor.entry import scalars
from ptolint.executor.entry.errors import Refusal
from ptolint.executor.entry.expressions import Fn, Scope, const, expr, lvalue, refuse, scalar_conv
from ptolint.executor.entry.objects import (
    Cell,
    DimsObj,
    GlobalObj,
    GmPointer,
    InputRef,
    OpaqueObj,
    Storage,
    StructObj,
    TileAddress,
    TileObj,
    Uninit,
    copy_value,
    fill_dims,
)
from ptolint.executor.entry.state import BLOCK_FUNCS, MAX_DEPTH, Frame
from ptolint.executor.entry.syntax import (
    TK,
    K,
    body,
    call_frame,
    ctype,
    dims_head,
    fields,
    in_pto_header,
    in_std,
    is_builtin,
    is_reference,
    operands,
    record_decl,
    slot,
    strip_reference,
    text,
    where,
)
from ptolint.frontend.cursors import arguments, children, file_name, memo, referenced
from ptolint.frontend.types import shape2d_ctor, trunc_div
from ptolint.frontend.values import global_spec_of, template_bindings, tile_spec_of
from ptolint.ir import MEMBER_BUILTINS

#: names of the checked builtins (set by run.py from the engine's rule set); calls of them run on the executor
BUILTINS: set[str] = set()


def is_default_placeholder(a: ci.Cursor) -> bool:
    """A defaulted argument (CXXDefaultArgExpr): an operand-less expression without a location."""
    return a.kind == K.UNEXPOSED_EXPR and not children(a) and a.location.file is None


def default_argument(p: ci.Cursor, sc: Scope) -> Fn | None:
    d = [x for x in children(p) if x.kind.is_expression()]
    return expr(d[-1], sc) if d else None


def constructor_args(call: ci.Cursor) -> list[ci.Cursor]:
    return list(arguments(call))


# ---------------------------------------------------------------- calls

def call(c: ci.Cursor, sc: Scope) -> Fn:
    r = referenced(c)
    name = c.spelling
    if r is None:
        return refuse(f"call of '{text(c, 50)}' that does not resolve to a function at line {c.location.line}")
    k = r.kind
    if k == K.CONSTRUCTOR:
        return construct(c.type, constructor_args(c), sc, "tmp", c)
    if k == K.CONVERSION_FUNCTION:
        callee = next(iter(children(c)), None)
        base = operands(callee)[0] if callee is not None and operands(callee) else None
        if base is None:
            return refuse(f"conversion without an object at {where(c)}")
        f = expr(base, sc)
        conv = scalar_conv(ctype(c.type))
        return lambda fr: conv(f(fr), fr.run)
    if name in BLOCK_FUNCS and in_pto_header(r):
        conv = scalars.converter(ctype(c.type))
        return lambda fr: fr.run.block(name, conv)
    if is_builtin(r, frozenset(BUILTINS)):
        from ptolint.executor.entry.instructions import builtin

        return builtin(c, r, sc)
    if k in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and in_std(r) and r.spelling in ("min", "max"):
        return _min_max(c, r.spelling, sc)
    if in_std(r) and ctype(c.type) is None and c.type.get_canonical().kind not in (TK.VOID, TK.POINTER):
        return _external(c, r, sc)  # library objects (`std::cout << ... << std::endl`): not followed
    if k == K.CXX_METHOD:
        return _method(c, r, sc)
    if k in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        if body(r) is not None:
            return user_call(c, r, sc, list(arguments(c)))
        return _external(c, r, sc)
    return refuse(f"call of {k.name.lower()} {r.spelling} at line {c.location.line}")


def _args(c: ci.Cursor, sc: Scope) -> list[Fn]:
    return [expr(a, sc) for a in arguments(c) if not is_default_placeholder(a)]


def _external(c: ci.Cursor, r: ci.Cursor, sc: Scope) -> Fn:
    """A function without a body here (an intrinsic, a library routine): its arguments are evaluated, its
    result is chosen (0) and recorded; a call that gives nothing is a no-op."""
    fns = _args(c, sc)
    ct = ctype(c.type)
    void = c.type.get_canonical().kind == TK.VOID
    label = f"{r.spelling}() at line {c.location.line} (not followed)"
    if not void and ct is None and in_std(r):  # a library object (a stream): opaque, never a value
        spelling = strip_reference(c.type).spelling

        def library(fr):
            for f in fns:
                f(fr)
            return OpaqueObj(spelling)

        return library
    if not void and ct is None:
        if c.type.get_canonical().kind == TK.POINTER:  # a pointer into memory the run does not follow
            def pointer(fr):
                for f in fns:
                    f(fr)
                return GmPointer(f"{r.spelling}()")

            return pointer
        return refuse(f"{r.spelling}() returns {c.type.spelling}, which the runner does not model (line "
                      f"{c.location.line})")
    zero = scalars.convert(0, ct) if ct is not None else None

    def ext(fr):
        for f in fns:
            f(fr)
        if void:
            return None
        return fr.run.choose(label, zero)

    return ext


def _min_max(c: ci.Cursor, which: str, sc: Scope) -> Fn:
    args = [a for a in arguments(c) if not is_default_placeholder(a)]
    if len(args) != 2:
        return refuse(f"std::{which} with {len(args)} arguments at line {c.location.line}")
    a, b = expr(args[0], sc), expr(args[1], sc)
    conv = scalar_conv(ctype(c.type))
    if which == "min":  # (b < a) ? b : a
        return lambda fr: conv(_pick(a(fr), b(fr), True), fr.run)
    return lambda fr: conv(_pick(a(fr), b(fr), False), fr.run)


def _pick(x, y, smaller: bool):
    if smaller:
        return y if y < x else x
    return y if x < y else x


# ---------------------------------------------------------------- user functions

class FunctionCode:
    """A function instantiation compiled for calls: parameter bindings, body, return conversion."""

    __slots__ = ("fn", "scope", "binds", "defaults", "ret", "body", "name", "variadic")

    def __init__(self, fn: ci.Cursor, macros):
        self.fn = fn
        self.scope = Scope(template_bindings(fn), macros)
        self.binds: list[tuple[int, bool, Callable]] = []
        self.defaults: list[ci.Cursor | None] = []
        for p in arguments(fn):
            byref = is_reference(p.type)
            ct = ctype(p.type)
            conv = scalars.converter(ct) if ct is not None else copy_value
            self.binds.append((slot(p), byref, conv))
            d = [x for x in children(p) if x.kind.is_expression()]
            self.defaults.append(d[-1] if d else None)
        rt = fn.result_type
        self.ret = scalars.converter(ctype(rt)) if ctype(rt) is not None and not is_reference(rt) else (lambda v: v)
        self.body: Callable | None = None
        self.name = fn.spelling

    def run_body(self, fr: Frame) -> None:
        if self.body is None:
            from ptolint.executor.entry.statements import function_body

            b = body(self.fn)
            if b is None:
                raise Refusal(f"{self.name} has no body")
            self.body = function_body(b, self.scope)
        r = self.body(fr)
        del r


def function_code(fn: ci.Cursor, sc: Scope) -> FunctionCode:
    return memo(fn, "er_fn", lambda f: FunctionCode(f, sc.macros))


def user_call(c: ci.Cursor, fn: ci.Cursor, sc: Scope, args: list[ci.Cursor], this_fn: Fn | None = None) -> Fn:
    """Enter `fn` (an instantiation: libclang's `referenced` of the call) with `args` bound to its parameters."""
    code = function_code(fn, sc)
    key = call_frame(c, fn)
    arg_fns: list[Fn] = []
    for i, (_, byref, _conv) in enumerate(code.binds):
        a = args[i] if i < len(args) and not is_default_placeholder(args[i]) else None
        if a is None:
            d = code.defaults[i]
            if d is None:
                return refuse(f"{fn.spelling}: argument {i + 1} missing at line {c.location.line}")
            f = expr(d, code.scope)
            arg_fns.append((lambda g: (lambda fr: Cell(g(fr))))(f) if byref else f)
            continue
        if byref:
            place = lvalue(a, sc)
            if place is None:
                f = expr(a, sc)
                arg_fns.append((lambda g: (lambda fr: Cell(g(fr))))(f))
            else:
                arg_fns.append(place)
        else:
            arg_fns.append(expr(a, sc))
    extra = [expr(a, sc) for a in args[len(code.binds):] if not is_default_placeholder(a)]  # variadic
    binds = code.binds
    fname = fn.spelling

    def enter(fr):
        run = fr.run
        if len(run.chain) >= MAX_DEPTH:
            raise Refusal(f"call depth {MAX_DEPTH} reached entering {fname} at line {c.location.line}")
        vals = [f(fr) for f in arg_fns]
        for f in extra:
            f(fr)
        nf = Frame(run, this_fn(fr) if this_fn is not None else None)
        v = nf.vars
        for (s, byref, conv), val in zip(binds, vals, strict=True):
            if byref:
                v[s] = val
            else:
                if val.__class__ is Uninit:
                    raise Refusal(f"read of {val.name}, declared without a value at line {val.line}")
                v[s] = Cell(conv(val))
        run.chain.append(key)
        try:
            code.run_body(nf)
        finally:
            run.chain.pop()
        return code.ret(nf.ret)

    return enter


# ---------------------------------------------------------------- methods

TILE_NOOPS = {"SetKAligned", "ResetMadMode", "SetValue"}  # SetMadTF32Mode: a pseudo-builtin (MEMBER_BUILTINS)


def _method(c: ci.Cursor, r: ci.Cursor, sc: Scope) -> Fn:
    name = r.spelling
    kids = list(children(c))
    callee = kids[0] if kids else None
    args = [a for a in arguments(c)]
    obj: Fn | None = None
    if name.startswith("operator") and len(args) == len(arguments(r)) + 1:
        obj = lvalue(args[0], sc) or None  # `a op= b` on a class: the object comes first
        obj_value = expr(args[0], sc)
        args = args[1:]
        return _operator(c, r, name, obj, obj_value, args, sc)
    while callee is not None and callee.kind == K.UNEXPOSED_EXPR and operands(callee):
        callee = operands(callee)[0]
    if callee is not None and callee.kind == K.MEMBER_REF_EXPR:
        ops = operands(callee)
        obj = expr(ops[0], sc) if ops else (lambda fr: fr.this)
    static = r.is_static_method()
    ct = ctype(c.type)
    has_body = body(r) is not None
    arg_fns = [expr(a, sc) for a in args if not is_default_placeholder(a)]
    generic = user_call(c, r, sc, args, obj if not static else None) if has_body else None
    label = f"{name}() at line {c.location.line}"
    member = _member_builtin(c, r, sc) if name in MEMBER_BUILTINS else None

    def method(fr):
        o = obj(fr) if obj is not None else (fr.this if not static else None)
        if o.__class__ is TileObj:
            if member is not None:
                return member(fr)
            return _tile_method(o, name, arg_fns, fr, ct, label)
        if o.__class__ is GlobalObj:
            return _global_method(o, name, arg_fns, fr, ct, label)
        if generic is not None and (static or isinstance(o, (StructObj, InputRef))):
            return generic(fr)
        if o.__class__ is OpaqueObj or o is None:
            for f in arg_fns:
                f(fr)
            if c.type.get_canonical().kind == TK.VOID:
                return None
            if ct is not None:
                return fr.run.choose(f"{label} (not followed)", scalars.convert(0, ct))
            return OpaqueObj(c.type.get_canonical().spelling)
        raise Refusal(f"method {name} of {type(o).__name__} at line {c.location.line}")

    return method


def _member_builtin(c: ci.Cursor, r: ci.Cursor, sc: Scope) -> Fn:
    """A Tile member call the rules check like a builtin (ptolint.ir.MEMBER_BUILTINS): it runs as a call of its
    pseudo-builtin, whose operands are the member's parameters (defaults included), with the ops' semantics."""
    from ptolint.executor.entry.instructions import Builtin, execute

    info = Builtin(c, r, sc)
    info.name = MEMBER_BUILTINS[r.spelling]

    def call(fr):
        execute(fr.run, info, [f(fr) if f is not None else None for f in info.args])

    return call


def _tile_method(t: TileObj, name: str, args: list[Fn], fr: Frame, ct: str | None, label: str):
    if name == "GetValidRow":
        return t.vr
    if name == "GetValidCol":
        return t.vc
    vals = [f(fr) for f in args]
    if name in ("SetValidRow", "SetValidCol", "SetValidShape", "SetValidRegion", "SetValid"):
        u = scalars.converter("unsigned int")
        vals = [u(v) for v in vals]
        if name == "SetValidRow" and vals:
            t.set_valid(vals[0], None)
        elif name == "SetValidCol" and vals:
            t.set_valid(None, vals[0])
        elif len(vals) >= 2:
            t.set_valid(vals[0], vals[1])
        return None
    if name == "data":
        return TileAddress(t)
    if name == "GetKAligned":
        return 0
    if name == "GetValue":
        return fr.run.choose(f"{t.name}.{label} (tile element)", scalars.convert(0, ct) if ct else 0)
    if name in TILE_NOOPS:
        return None
    if name in ("getInnerRow", "getInnerCol"):
        raise Refusal(f"{label}: tile method not modelled")
    raise Refusal(f"tile method {label} is not modelled")


def _global_method(g: GlobalObj, name: str, args: list[Fn], fr: Frame, ct: str | None, label: str):
    vals = [f(fr) for f in args]
    if name in ("GetShape", "GetStride") and len(vals) == 1:
        dims = g.shape if name == "GetShape" else g.stride
        d = vals[0]
        return scalars.convert(dims[d] if 0 <= d < 5 else -1, ct or "long")
    if name == "data":
        return g.data if g.data is not None else GmPointer(g.name)
    raise Refusal(f"GlobalTensor method {label} is not modelled")


def _operator(c: ci.Cursor, r: ci.Cursor, name: str, place: Fn | None, obj: Fn, args: list[ci.Cursor],
              sc: Scope) -> Fn:
    """A member operator of a class: `=` on tiles / GlobalTensors / structs, compound assignment on the device
    float types (half, bfloat16_t), anything with a body as a call."""
    arg_fns = [expr(a, sc) for a in args]
    if name == "operator=" and len(arg_fns) == 1:
        rhs = arg_fns[0]

        def assign(fr):
            o, v = obj(fr), rhs(fr)
            if o.__class__ is TileObj and v.__class__ is TileObj:
                o.assign(v)
                return o
            if place is not None and isinstance(v, (GlobalObj, DimsObj, StructObj, OpaqueObj)):
                cell = place(fr)
                cell.v = copy_value(v)
                return cell.v
            if place is not None and isinstance(v, (int, float)):
                cell = place(fr)
                cell.v = scalars.convert(v, ctype(c.type))
                return cell.v
            raise Refusal(f"assignment of {type(v).__name__} to {type(o).__name__} at {where(c)}")

        return assign
    op = name[len("operator"):]
    parent_ct = ctype(r.semantic_parent.type) if r.semantic_parent is not None else None
    if op in ("+=", "-=", "*=", "/=") and parent_ct is not None and place is not None and len(arg_fns) == 1:
        f = scalars.arith(op[0], "float", where(c))
        back = scalars.converter(parent_ct)
        rhs = arg_fns[0]

        def compound(fr):
            cell = place(fr)
            cell.v = back(f(float(cell.v), float(rhs(fr))))
            return cell.v

        return compound
    if body(r) is not None:
        return user_call(c, r, sc, args, obj)
    return refuse(f"{name} of {r.semantic_parent.spelling if r.semantic_parent else '?'} at line "
                  f"{c.location.line}")


# ---------------------------------------------------------------- objects

def new_tile(spec, name: str, d: ci.Cursor, run, index: tuple) -> TileObj:
    """A tile object declared at `d` (its storage: the runner's layout for that declaration, until TASSIGN)."""
    return TileObj(spec, name, (file_name(d), d.location.line), Storage(None, (slot(d), index)))


def new_tile_fn(spec, d: ci.Cursor, init: ci.Cursor | None, sc: Scope) -> Fn:
    """`Tile<...> t;`, `Tile<...> t(rows, cols);`, `Tile<...> t = other;` and `auto t = f();`."""
    name = d.spelling
    if init is not None and init.kind == K.CALL_EXPR and referenced(init) is not None \
            and referenced(init).kind == K.CONSTRUCTOR:
        args = [a for a in constructor_args(init) if not is_default_placeholder(a)]
        if len(args) == 1 and tile_spec_of(args[0].type) is not None:
            src = expr(args[0], sc)
            decl = (file_name(d), d.location.line)
            return lambda fr: _copy_tile(src(fr), name, decl, d)
        return _tile_ctor(spec, args, sc, name, d)
    if init is None:
        return _tile_ctor(spec, [], sc, name, d)
    src = expr(init, sc)
    decl = (file_name(d), d.location.line)
    return lambda fr: _copy_tile(src(fr), name, decl, d)


def _copy_tile(v, name: str, decl: tuple[str, int], d: ci.Cursor) -> TileObj:
    if v.__class__ is not TileObj:
        raise Refusal(f"{name} initialised from {type(v).__name__} at line {d.location.line}")
    return v.copy(name, decl)


def _tile_ctor(spec, args: list[ci.Cursor], sc: Scope, name: str, d: ci.Cursor) -> Fn:
    """Tile constructors: (validRow, validCol) when both are DYNAMIC, (valid) when one is."""
    fns = [expr(a, sc) for a in args]
    u = scalars.converter("unsigned int")
    dyn_row, dyn_col = spec.valid_row < 0, spec.valid_col < 0

    def ctor(fr):
        t = new_tile(spec, name, d, fr.run, ())
        vals = [u(f(fr)) for f in fns]
        if len(vals) >= 2:
            t.set_valid(vals[0], vals[1])
        elif len(vals) == 1:
            if dyn_row and not dyn_col:
                t.set_valid(vals[0], None)
            elif dyn_col and not dyn_row:
                t.set_valid(None, vals[0])
            else:
                raise Refusal(f"tile {name}: one constructor argument for two dynamic extents "
                              f"(line {d.location.line})")
        return t

    return ctor


def construct(t: ci.Type, args: list[ci.Cursor], sc: Scope, name: str, where_c: ci.Cursor,
              aggregate: bool = False) -> Fn:
    """Constructing an object of type `t` from `args`: tiles, Shape/Stride, GlobalTensor, the device float
    types, structs (aggregate initialisation, default member initialisers), other classes as opaque objects."""
    args = [a for a in args if not is_default_placeholder(a)]
    spec = tile_spec_of(t)
    if spec is not None:
        if len(args) == 1 and tile_spec_of(args[0].type) is not None:
            src = expr(args[0], sc)
            return lambda fr: _copy_tile(src(fr), name, (file_name(where_c), where_c.location.line), where_c)
        return _tile_ctor(spec, args, sc, name, where_c)
    ct = ctype(t)
    if ct is not None:
        if not args:
            return const(scalars.convert(0, ct))
        f = expr(args[0], sc)
        conv = scalar_conv(ct)
        return lambda fr: conv(f(fr), fr.run)
    dims = dims_head(t)
    if dims is not None:
        head, statics = dims
        fns = [expr(a, sc) for a in args]
        i64 = scalars.converter("long")

        def make_dims(fr):
            vals = [f(fr) for f in fns]
            if len(vals) == 1 and isinstance(vals[0], DimsObj):
                return vals[0].copy()
            if len(vals) > 5 or not all(isinstance(v, int) for v in vals):
                raise Refusal(f"{head} constructed from {vals} at line {where_c.location.line}")
            five = shape2d_ctor(strip_reference(t).spelling, [i64(v) for v in vals], i64,
                                lambda a, b: i64(a * b), trunc_div)  # TileShape2D / BaseShape2D (rows, cols)
            return DimsObj(head, fill_dims(statics, five))

        return make_dims
    gspec = global_spec_of(t)
    if gspec is not None:
        fns = [expr(a, sc) for a in args]

        def make_global(fr):
            vals = [f(fr) for f in fns]
            if len(vals) == 1 and isinstance(vals[0], GlobalObj):
                return vals[0].copy()
            shape = [1 if d < 0 else d for d in gspec.shape]
            stride = [1 if d < 0 else d for d in gspec.stride]
            if len(vals) > 1:
                shape = _dims_arg(vals[1], "Shape", gspec.shape, where_c)
            if len(vals) > 2:
                stride = _dims_arg(vals[2], "Stride", gspec.stride, where_c)
            data = vals[0] if vals else None
            return GlobalObj(gspec, shape, stride, name, data)

        return make_global
    rec = record_decl(t)
    if rec is not None and not in_pto_header(rec):
        return _struct(t, rec, args, sc, name, where_c, aggregate)
    fns = [expr(a, sc) for a in args]
    spelling = strip_reference(t).spelling

    def opaque(fr):
        for f in fns:
            f(fr)
        return OpaqueObj(spelling)

    return opaque


def _dims_arg(v, head: str, statics: tuple[int, ...], c: ci.Cursor) -> list[int]:
    if isinstance(v, DimsObj):
        return [d if s >= 0 else v.dims[i] for i, (s, d) in enumerate(zip(statics, v.dims, strict=True))]
    raise Refusal(f"GlobalTensor {head} argument is {type(v).__name__} at line {c.location.line}")


def _struct(t: ci.Type, rec: ci.Cursor, args: list[ci.Cursor], sc: Scope, name: str, where_c: ci.Cursor,
            aggregate: bool) -> Fn:
    spelling = strip_reference(t).spelling
    fs = fields(rec)
    if not aggregate and args:
        return refuse(f"constructor of {spelling} at line {where_c.location.line}")
    for x in children(rec):  # a default constructor that does something is not followed
        if x.kind == K.CONSTRUCTOR and not arguments(x) and body(x) is not None and (
                children(body(x)) or any(y.kind == K.MEMBER_REF for y in children(x))):
            return refuse(f"default constructor of {spelling} at line {where_c.location.line}")
    from ptolint.executor.entry.statements import initial_value, initializer

    makers = []
    for i, f in enumerate(fs):
        if i < len(args):
            a = args[i]
            if a.kind == K.INIT_LIST_EXPR:
                makers.append((f.spelling, construct(f.type, list(operands(a)), sc, f.spelling, a, True)))
            else:
                v = expr(a, sc)
                conv = scalar_conv(ctype(f.type))
                makers.append((f.spelling, (lambda g, cv: (lambda fr: cv(copy_value(g(fr)), fr.run)))(v, conv)))
            continue
        init = initializer(f)
        fscope = Scope({}, sc.macros)
        if init is not None:
            makers.append((f.spelling, initial_value(f, init, fscope)))
        elif aggregate:
            makers.append((f.spelling, initial_value(f, None, fscope) if ctype(f.type) is None else
                           const(scalars.convert(0, ctype(f.type)))))
        else:
            makers.append((f.spelling, initial_value(f, None, fscope)))

    def make(fr):
        return StructObj(spelling, {n: Cell(m(fr)) for n, m in makers})

    return make


__all__ = ["BUILTINS", "call", "construct", "constructor_args", "new_tile", "new_tile_fn", "record_decl"]

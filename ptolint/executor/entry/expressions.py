"""Expressions: each cursor is compiled once into a Python closure `f(frame) -> value`, memoised on the cursor.

Values are Python ints (integers, bool, enums) kept in their C type's range, Python floats rounded to their
type, or the objects of objects.py. Conversions follow libclang's types: every implicit conversion clang
inserts is an (unexposed) cast node whose type differs from its operand's. A construct the runner does not
know compiles into a closure that refuses when (and only when) the run reaches it.
"""

from __future__ import annotations

from collections.abc import Callable

import clang.cindex as ci

from ptolint.executor.entry import scalars
from ptolint.executor.entry.errors import Refusal
from ptolint.executor.entry.objects import (
    ArrayObj,
    ArrayPointer,
    Cell,
    CellPointer,
    FunctionRef,
    GlobalObj,
    GmPointer,
    InputRef,
    OpaqueObj,
    StructObj,
    TileAddress,
    TileObj,
    Uninit,
    copy_value,
)
from ptolint.executor.entry.state import BLOCK_VARS, Frame
from ptolint.executor.entry.syntax import (
    FUNCTION_KINDS,
    TK,
    K,
    array_info,
    binary_operator,
    char_literal,
    clang_constant,
    ctype,
    element_size_of_name,
    float_literal,
    int_literal,
    member_text,
    operands,
    pointee,
    record_decl,
    slot,
    strip_reference,
    text,
    type_size,
    unary_operator,
    where,
)
from ptolint.frontend.cursors import children, first_token, memo, referenced, tokens
from ptolint.frontend.values import class_bindings, global_spec_of, tile_spec_of

Fn = Callable[[Frame], object]


class Scope:
    """What compiling a cursor needs besides the cursor: the enclosing instantiation's template arguments
    (name -> int or libclang Type) and the translation unit's macros."""

    __slots__ = ("tparams", "macros")

    def __init__(self, tparams: dict, macros):
        self.tparams = tparams
        self.macros = macros


def refuse(msg: str) -> Fn:
    def f(fr):
        raise Refusal(msg)

    return f


def const(v) -> Fn:
    return lambda fr: v


def expr(c: ci.Cursor, sc: Scope) -> Fn:
    """The closure computing the value of expression `c`."""
    return memo(c, "er_x", lambda x: _expr(x, sc))


def lvalue(c: ci.Cursor, sc: Scope) -> Fn | None:
    """The closure giving the Cell expression `c` designates, None when `c` is not an lvalue the runner follows."""
    return memo(c, "er_lv", lambda x: _lvalue(x, sc))


def truth(c: ci.Cursor, sc: Scope) -> Fn:
    f = expr(c, sc)
    return lambda fr: bool(f(fr))


def tile_address(tile: TileObj, run) -> int:
    """`(uint64_t)tile.data()`: where TASSIGN placed the tile; for a tile it never placed, where the runner laid
    it out (a chosen value, recorded)."""
    if tile.storage.addr is not None:
        return tile.storage.addr
    buf = tile.storage.buffer(tile.spec, run)
    if buf is None:
        raise Refusal(f"address of {tile.name}, which cannot be laid out: {tile.storage.error}")
    return run.choose(f"address of {tile.name} (never placed by TASSIGN)", buf.offset)


def scalar_conv(to: str | None) -> Callable[[object, object], object]:
    """conv(value, run): a conversion to `to` that also turns `tile.data()` into its address."""
    conv = scalars.converter(to)
    if to is None:
        return lambda v, run: v

    def f(v, run):
        if v.__class__ is TileAddress:
            v = tile_address(v.tile, run)
        elif v.__class__ is Uninit:
            raise Refusal(f"read of {v.name}, declared without a value at line {v.line}")
        return conv(v)

    return f


def _expr(c: ci.Cursor, sc: Scope) -> Fn:
    k = c.kind
    ct = ctype(c.type)
    if ct is not None and k.is_expression() and k not in (K.CALL_EXPR, K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) \
            and sc.macros is not None:
        name = sc.macros.name_at(c)
        if name is not None:
            v = sc.macros.value(name)
            if v is not None:
                return const(scalars.convert(v, ct))
    if k == K.INTEGER_LITERAL:
        return _int_literal(c, sc, ct or "int")
    if k == K.FLOATING_LITERAL:
        toks = tokens(c)
        v = float_literal(toks[0]) if toks else None
        if v is None and toks:
            bound = sc.tparams.get(toks[0])
            v = float(bound) if isinstance(bound, (int, float)) else None
        if v is None and toks and sc.macros is not None and sc.macros.body(toks[0]) is not None:
            v = sc.macros.value(toks[0])
        if v is None and not toks:
            v = clang_constant(c)
        if v is None:
            return refuse(f"floating literal not understood at {where(c)}")
        return const(scalars.convert(float(v), ct or "double"))
    if k == K.CXX_BOOL_LITERAL_EXPR:
        toks = tokens(c)
        if toks and toks[0] in ("true", "false"):
            return const(1 if toks[0] == "true" else 0)
        bound = sc.tparams.get(toks[0]) if toks else None
        if isinstance(bound, int):
            return const(1 if bound else 0)
        return refuse(f"bool literal not understood at {where(c)}")
    if k == K.CHARACTER_LITERAL:
        toks = tokens(c)
        v = char_literal(toks[0]) if toks else None
        return const(scalars.convert(v, ct or "char")) if v is not None else refuse(
            f"character literal not understood at {where(c)}")
    if k == K.STRING_LITERAL:
        return const(" ".join(tokens(c)))
    if k in (K.CXX_NULL_PTR_LITERAL_EXPR, K.GNU_NULL_EXPR):
        return const(None)
    if k == K.PAREN_EXPR:
        ops = operands(c)
        return expr(ops[0], sc) if ops else refuse(f"empty parentheses at {where(c)}")
    if k == K.UNEXPOSED_EXPR:
        return _unexposed(c, sc, ct)
    if k in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, K.CXX_CONST_CAST_EXPR,
             K.CXX_REINTERPRET_CAST_EXPR):
        return _cast(c, sc, ct)
    if k == K.DECL_REF_EXPR:
        return _decl_ref(c, sc, ct)
    if k == K.MEMBER_REF_EXPR:
        return _member(c, sc, ct)
    if k == K.BINARY_OPERATOR:
        return _binary(c, sc, ct)
    if k == K.COMPOUND_ASSIGNMENT_OPERATOR:
        return _compound(c, sc)
    if k == K.UNARY_OPERATOR:
        return _unary(c, sc, ct)
    if k == K.CONDITIONAL_OPERATOR:
        ops = operands(c)
        if len(ops) != 3:
            return refuse(f"conditional operator shape at {where(c)}")
        cf, af, bf = truth(ops[0], sc), expr(ops[1], sc), expr(ops[2], sc)
        conv = scalar_conv(ct)
        if ct is None:
            return lambda fr: af(fr) if cf(fr) else bf(fr)
        return lambda fr: conv(af(fr) if cf(fr) else bf(fr), fr.run)
    if k == K.CXX_UNARY_EXPR:
        return _sizeof(c, sc, ct)
    if k == K.CALL_EXPR:
        from ptolint.executor.entry.calls import call

        return call(c, sc)
    if k == K.ARRAY_SUBSCRIPT_EXPR:
        return _subscript(c, sc, ct)
    if k == K.CXX_THIS_EXPR:
        return lambda fr: fr.this
    if k == K.BUILTIN_BIT_CAST_EXPR:
        return _bit_cast(c, sc, ct)
    if k == K.INIT_LIST_EXPR:
        return refuse(f"initializer list used as a value at {where(c)}")
    return refuse(f"{k.name.lower()} not supported at {where(c)}")


def _bit_cast(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    ops = operands(c)
    src = ctype(ops[-1].type) if ops else None
    if ct is None:  # libclang gives the expression no type: the target type is its TYPE_REF child's
        ct = next((ctype(x.type) for x in children(c) if x.kind == K.TYPE_REF), None)
    if ct is None or src is None:
        return refuse(f"__builtin_bit_cast of a non-scalar at {where(c)}")
    f = expr(ops[-1], sc)
    return lambda fr: scalars.bit_cast(f(fr), src, ct)


def _int_literal(c: ci.Cursor, sc: Scope, ct: str) -> Fn:
    first = first_token(c)  # only the first: a literal of a macro's body spans up to the macro's use
    v = int_literal(first) if first is not None else None
    if v is None and first is not None:
        bound = sc.tparams.get(first)  # a substituted template parameter shows its name
        if isinstance(bound, int):
            v = bound
        elif sc.macros is not None and sc.macros.body(first) is not None:
            m = sc.macros.value(first)
            v = m if isinstance(m, int) else None
    if v is None and first is None:  # spelled in a function-like macro of another file: no tokens to read
        k = clang_constant(c)
        v = k if isinstance(k, int) else None
    if v is None:
        return refuse(f"integer literal '{first or ''}' not understood at line {c.location.line}")
    return const(scalars.convert(v, ct))


def _unexposed(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    ops = operands(c)
    if not ops:
        return refuse(f"implicit expression without operands at line {c.location.line} (a default argument or "
                      "member initialiser used out of place)")
    if len(ops) > 1:
        return refuse(f"expression with {len(ops)} operands at {where(c)}")
    inner = expr(ops[0], sc)
    frm = ctype(ops[0].type)
    if ct is None and c.type.get_canonical().kind == TK.POINTER and array_info(ops[0].type) is not None:
        def decay(fr):  # array-to-pointer: a pointer to element 0
            v = inner(fr)
            return ArrayPointer(v, 0) if v.__class__ is ArrayObj else v

        return decay
    if ct is None or (frm == ct and ct is not None):
        return inner
    conv = scalar_conv(ct)
    return lambda fr: conv(inner(fr), fr.run)


def _cast(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    ops = operands(c)
    if not ops:
        if c.kind == K.CXX_FUNCTIONAL_CAST_EXPR:
            if ct is not None:
                return const(scalars.convert(0, ct))  # T(): value-initialised
            from ptolint.executor.entry.calls import construct

            return construct(c.type, [], sc, "tmp", c)
        return refuse(f"cast without operand at {where(c)}")
    operand = ops[-1]  # earlier children belong to the written type (template arguments of `Stride<1, N>(n)`)
    if operand.kind == K.INIT_LIST_EXPR:  # T{...}
        inner_ops = operands(operand)
        if ct is not None:
            if not inner_ops:
                return const(scalars.convert(0, ct))
            f = expr(inner_ops[0], sc)
            conv = scalar_conv(ct)
            return lambda fr: conv(f(fr), fr.run)
        from ptolint.executor.entry.calls import construct

        return construct(c.type, list(inner_ops), sc, "tmp", c)
    inner = expr(operand, sc)
    if ct is not None:
        conv = scalar_conv(ct)
        return lambda fr: conv(inner(fr), fr.run)
    target = pointee(c.type)
    if target is not None and target.kind == TK.RECORD and ctype(target) is None and tile_spec_of(target) is None \
            and global_spec_of(target) is None:
        def to_struct_pointer(fr):  # reinterpret_cast<__gm__ Tiling*>(gm_addr): an input struct
            v = inner(fr)
            if isinstance(v, GmPointer):
                return InputRef(v.name)
            return v

        return to_struct_pointer
    return inner


# ---------------------------------------------------------------- names

def is_local(r: ci.Cursor) -> bool:
    if r.kind == K.PARM_DECL:
        return True
    sp = r.semantic_parent
    return sp is not None and sp.kind in FUNCTION_KINDS and r.storage_class != ci.StorageClass.STATIC


def _decl_ref(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    r = referenced(c)
    if r is None:  # a substituted non-type template parameter: a literal child, or its name
        lits = [x for x in children(c) if x.kind in (K.INTEGER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.FLOATING_LITERAL)]
        if lits:
            f = expr(lits[-1], sc)
            conv = scalars.converter(ct)
            return lambda fr: conv(f(fr))
        toks = tokens(c)
        bound = sc.tparams.get(toks[-1]) if toks else None
        if isinstance(bound, (int, float)):
            return const(scalars.convert(bound, ct or "int"))
        return refuse(f"unresolved name '{text(c)}' at line {c.location.line}")
    if r.kind == K.ENUM_CONSTANT_DECL:
        return const(scalars.convert(r.enum_value, ct or "int"))
    if r.kind in (K.VAR_DECL, K.PARM_DECL):
        return variable(r, sc, ct)
    if r.kind == K.UNEXPOSED_DECL and ct is not None and r.type.is_const_qualified():
        v = clang_constant(r)  # a constexpr variable template specialization: std::is_same_v<T, half>
        if v is not None:
            return const(scalars.convert(v, ct))
        return refuse(f"{r.spelling} has no constant value at line {c.location.line}")
    if r.kind in (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE):  # a function as a value (`<< std::endl`)
        label = f"{r.spelling} (line {c.location.line})"
        return lambda fr: FunctionRef(label)
    if r.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
        bound = sc.tparams.get(r.spelling)
        if isinstance(bound, (int, float)):
            return const(scalars.convert(bound, ct or "int"))
        return refuse(f"template parameter {r.spelling} without a value at line {c.location.line}")
    return refuse(f"{r.kind.name.lower()} {r.spelling} used as a value at line {c.location.line}")


def variable(r: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    """Read a variable: a local (the frame's cell), or a global / static member (globals.py)."""
    if is_local(r):
        s = slot(r)
        name, line = r.spelling, r.location.line

        def local(fr):
            try:
                v = fr.vars[s].v
            except KeyError:
                raise Refusal(f"{name} (line {line}) read outside its scope") from None
            if v.__class__ is Uninit:
                raise Refusal(f"read of {name}, declared without a value at line {v.line}")
            return v

        return local
    cell = global_cell(r, sc)
    return lambda fr: cell(fr).v


def variable_cell(r: ci.Cursor, sc: Scope) -> Fn:
    if is_local(r):
        s = slot(r)
        name, line = r.spelling, r.location.line

        def local(fr):
            try:
                return fr.vars[s]
            except KeyError:
                raise Refusal(f"{name} (line {line}) used outside its scope") from None

        return local
    return global_cell(r, sc)


def global_cell(r: ci.Cursor, sc: Scope) -> Fn:
    """A variable outside the function: a constant (evaluated once per run from its initialiser), a static
    local, a tile, the builtin block variables, or a mutable global / kernel input (named by its spelling)."""
    s = slot(r)
    name = r.spelling
    ct = ctype(r.type)
    from ptolint.executor.entry.statements import initial_value, initializer

    first = initializer(r)
    init = [first] if first is not None else []
    is_const = r.type.is_const_qualified() or "constexpr" in tokens(r)[:6]
    sp = r.semantic_parent
    if sp is not None and sp.kind in FUNCTION_KINDS:  # a static local: declared (and initialised) by its statement
        def static_local(fr):
            cell = fr.run.statics.get(s)
            if cell is None:
                raise Refusal(f"static {name} read before its declaration ran")
            return cell

        return static_local
    spec = tile_spec_of(r.type)
    if spec is not None:
        from ptolint.executor.entry.calls import new_tile

        def global_tile(fr):
            cell = fr.run.statics.get(s)
            if cell is None:
                cell = fr.run.statics[s] = Cell(new_tile(spec, name, r, fr.run, ()))
            return cell

        return global_tile
    if init and (is_const or ct is None):
        parent = sp
        scope = Scope(class_bindings(parent) if parent is not None and parent.kind in (
            K.STRUCT_DECL, K.CLASS_DECL) else {}, sc.macros)
        make = initial_value(r, init[-1], scope)

        def constant(fr):
            cell = fr.run.statics.get(s)
            if cell is None:
                cell = fr.run.statics[s] = Cell(make(Frame(fr.run)))
            return cell

        return constant
    if name in BLOCK_VARS:
        func = BLOCK_VARS[name]
        conv = scalars.converter(ct)

        def block_var(fr):
            cell = fr.run.statics.get(s)
            if cell is None:
                cell = fr.run.statics[s] = Cell(fr.run.block(func, conv))
            return cell

        return block_var
    if ct is not None and not is_const:
        conv = scalars.converter(ct)

        def mutable_global(fr):  # a kernel input by its spelling
            cell = fr.run.statics.get(s)
            if cell is None:
                cell = fr.run.statics[s] = Cell(fr.run.input(name, conv))
            return cell

        return mutable_global
    if record_decl(r.type) is not None and not is_const:
        def input_struct(fr):
            cell = fr.run.statics.get(s)
            if cell is None:
                cell = fr.run.statics[s] = Cell(InputRef(name))
            return cell

        return input_struct
    if ct is None and r.location.is_in_system_header:  # a C library object (`stderr` for a host fprintf): opaque
        spelling = r.type.spelling

        def library_object(fr):
            return Cell(OpaqueObj(spelling))

        return library_object
    return refuse(f"global {name} has no value the runner can compute (declared at line {r.location.line})")


def _member(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    r = referenced(c)
    if r is not None and r.kind == K.VAR_DECL:  # a static member through an object or class
        return variable(r, sc, ct)
    if r is None or r.kind != K.FIELD_DECL:
        return refuse(f"member {c.spelling} used as a value at {where(c)}")
    ops = operands(c)
    base = expr(ops[0], sc) if ops else (lambda fr: fr.this)
    name = r.spelling
    label = member_text(c)
    conv = scalars.converter(ct)
    aggregate = ct is None

    def member(fr):
        b = base(fr)
        if b.__class__ is CellPointer:
            b = b.cell.v
        if b.__class__ is StructObj:
            cell = b.fields.get(name)
            if cell is None:
                raise Refusal(f"{b.spelling} has no field {name} at line {c.location.line}")
            v = cell.v
            if v.__class__ is Uninit:
                raise Refusal(f"read of {label}, never given a value")
            return v
        if b.__class__ is InputRef:
            if aggregate:
                return b.member(name)
            return fr.run.field(b.root, b.path + (name,), label, conv)
        if b.__class__ is TileObj and name in ("RowMaskInternal", "ColMaskInternal"):
            return b.vr if name == "RowMaskInternal" else b.vc
        raise Refusal(f"field {label} of {type(b).__name__} at line {c.location.line}")

    return member


def _subscript(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    ops = operands(c)
    if len(ops) != 2:
        return refuse(f"subscript shape at {where(c)}")
    base, index = expr(ops[0], sc), expr(ops[1], sc)
    label = text(c)
    conv = scalars.converter(ct)

    def subscript(fr):
        b, i = base(fr), index(fr)
        if b.__class__ is ArrayPointer:
            b, i = b.array, b.index + i
        if b.__class__ is ArrayObj:
            if not 0 <= i < len(b.cells):
                raise Refusal(f"index {i} outside the {len(b.cells)} elements of {label} (line {c.location.line})")
            v = b.cells[i].v
            if v.__class__ is Uninit:
                raise Refusal(f"read of {label}, never given a value")
            return v
        if b.__class__ in (InputRef, GmPointer):  # an element of an input array / global memory: not an input
            return fr.run.choose(f"{label} (read from memory)", conv(0) if ct is not None else 0)
        raise Refusal(f"subscript of {type(b).__name__} at {where(c)}")

    return subscript


def _sizeof(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    toks = tokens(c)
    if not toks or toks[0] not in ("sizeof", "alignof", "__alignof__"):
        return refuse(f"unary expression '{text(c, 40)}' at line {c.location.line}")
    if len(toks) > 1 and toks[1] == "...":
        return refuse(f"sizeof... at line {c.location.line}")
    align = toks[0] != "sizeof"
    size = 0
    for x in children(c):
        t = x.type
        if t.kind != TK.INVALID:
            can = strip_reference(t)
            size = can.get_align() if align else type_size(t)
            if size > 0:
                break
    if size <= 0:
        inner = list(toks[2:_closing(toks, 1)] if len(toks) > 3 and toks[1] == "(" else toks[1:])
        if inner and inner[0] == "typename":
            inner = inner[1:]
        if len(inner) == 1:
            bound = sc.tparams.get(inner[0])
            if isinstance(bound, ci.Type):
                can = strip_reference(bound)
                size = can.get_align() if align else type_size(bound)
            elif not align:
                size = element_size_of_name(inner[0])
        elif len(inner) == 3 and inner[1] == "::" and inner[2] in ("DType", "value_type", "type") and not align:
            bound = sc.tparams.get(inner[0])
            if isinstance(bound, ci.Type):
                spec = tile_spec_of(bound)
                if spec is not None:
                    size = spec.elem_size or element_size_of_name(spec.dtype)
        elif not align:
            size = element_size_of_name(" ".join(inner))
    if size <= 0:
        return refuse(f"{toks[0]}({' '.join(toks[2:_closing(toks, 1)])}) not understood at line {c.location.line}")
    return const(scalars.convert(size, ct or "unsigned long"))


def _closing(toks: tuple[str, ...], at: int) -> int:
    """The index of the `)` closing the `(` at `at` (the last token if unbalanced). A sizeof spelled inside a
    function-like macro has the macro definition's tokens up to the expansion as its extent, so the operand
    is the balanced group after `sizeof`, not everything up to the last token."""
    depth = 0
    for i in range(at, len(toks)):
        depth += {"(": 1, ")": -1}.get(toks[i], 0)
        if depth == 0:
            return i
    return len(toks) - 1


# ---------------------------------------------------------------- operators

def _binary(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    op = binary_operator(c)
    ops = operands(c)
    if op is None or len(ops) != 2:
        return refuse(f"binary operator not understood at {where(c)}")
    lhs, rhs = ops
    if op == "=":
        return assignment(lhs, expr(rhs, sc), sc, c)
    a, b = expr(lhs, sc), expr(rhs, sc)
    if op == ",":
        def comma(fr):
            a(fr)
            return b(fr)

        return comma
    if op == "&&":
        return lambda fr: 1 if (a(fr) and b(fr)) else 0
    if op == "||":
        return lambda fr: 1 if (a(fr) or b(fr)) else 0
    if op in ("<", ">", "<=", ">=", "==", "!="):
        cmp = scalars.compare(op, where(c))
        return lambda fr: cmp(a(fr), b(fr))
    if ct is None:
        return _pointer_arith(op, a, b, c)
    if op in ("<<", ">>"):
        f = scalars.arith(op, ct, where(c))
        lt = ctype(lhs.type)
        conv = scalars.converter(ct)
        if lt == ct:
            return lambda fr: f(a(fr), b(fr))
        return lambda fr: f(conv(a(fr)), b(fr))
    f = scalars.arith(op, ct, where(c))
    convs = [scalars.converter(ct) if ctype(x.type) != ct else None for x in ops]
    if convs[0] is None and convs[1] is None:
        return lambda fr: f(a(fr), b(fr))
    ca = convs[0] or scalars.converter(None)
    cb = convs[1] or scalars.converter(None)
    return lambda fr: f(ca(a(fr)), cb(b(fr)))


def _pointer_arith(op: str, a: Fn, b: Fn, c: ci.Cursor) -> Fn:
    def arith(fr):
        x, y = a(fr), b(fr)
        if isinstance(x, (GmPointer, ArrayPointer)) and isinstance(y, int) and op in ("+", "-"):
            return _moved(x, y if op == "+" else -y)
        if isinstance(y, (GmPointer, ArrayPointer)) and isinstance(x, int) and op == "+":
            return _moved(y, x)
        if isinstance(x, ArrayPointer) and isinstance(y, ArrayPointer) and op == "-" and x.array is y.array:
            return x.index - y.index
        raise Refusal(f"operator {op} on {type(x).__name__} and {type(y).__name__} at {where(c)}")

    return arith


def _moved(p, d: int):
    if isinstance(p, ArrayPointer):
        return p.moved(d)
    return GmPointer(p.name, p.offset + d)


def assignment(lhs: ci.Cursor, value: Fn, sc: Scope, c: ci.Cursor) -> Fn:
    """`lhs = value`: a scalar converted to the variable's type, an object copied (a Tile copies its region
    and address)."""
    place = lvalue(lhs, sc)
    if place is None:
        return refuse(f"assignment to '{text(lhs, 40)}' at line {c.location.line}")
    conv = scalar_conv(ctype(lhs.type))

    def assign(fr):
        v = value(fr)
        cell = place(fr)
        old = cell.v
        if old.__class__ is TileObj and v.__class__ is TileObj:
            old.assign(v)
            return old
        if isinstance(v, (GlobalObj, StructObj, ArrayObj)) or v.__class__.__name__ == "DimsObj":
            cell.v = copy_value(v)
            return cell.v
        cell.v = conv(v, fr.run)
        return cell.v

    return assign


def _compound(c: ci.Cursor, sc: Scope) -> Fn:
    op = binary_operator(c)
    ops = operands(c)
    if op is None or len(ops) != 2 or not op.endswith("="):
        return refuse(f"compound assignment not understood at {where(c)}")
    op = op[:-1]
    lhs, rhs = ops
    place = lvalue(lhs, sc)
    if place is None:
        return refuse(f"assignment to '{text(lhs, 40)}' at line {c.location.line}")
    b = expr(rhs, sc)
    lt, rt = ctype(lhs.type), ctype(rhs.type)
    if lt is None:  # pointer += n
        def pointer(fr):
            cell = place(fr)
            x, y = cell.v, b(fr)
            if isinstance(x, (GmPointer, ArrayPointer)) and isinstance(y, int) and op in ("+", "-"):
                cell.v = _moved(x, y if op == "+" else -y)
                return cell.v
            raise Refusal(f"operator {op}= on {type(x).__name__} at {where(c)}")

        return pointer
    comp = scalars.promote(lt) if op in ("<<", ">>") else scalars.usual(scalars.promote(lt), rt or lt)
    f = scalars.arith(op, comp, where(c))
    to_comp, back = scalars.converter(comp), scalar_conv(lt)
    shift = op in ("<<", ">>")

    def compound(fr):
        y = b(fr)
        cell = place(fr)
        x = cell.v
        if x.__class__ is Uninit:
            raise Refusal(f"read of {x.name}, declared without a value at line {x.line}")
        cell.v = back(f(to_comp(x), y if shift else to_comp(y)), fr.run)
        return cell.v

    return compound


def _unary(c: ci.Cursor, sc: Scope, ct: str | None) -> Fn:
    op = unary_operator(c)
    ops = operands(c)
    if op is None or not ops:
        return refuse(f"unary operator not understood at {where(c)}")
    kid = ops[0]
    if op in ("++", "--", "post++", "post--"):
        place = lvalue(kid, sc)
        if place is None:
            return refuse(f"{op} of '{text(kid, 40)}' at line {c.location.line}")
        t = ctype(kid.type)
        post = op.startswith("post")
        delta = 1 if op.endswith("++") else -1
        if t is None:
            def step_pointer(fr):
                cell = place(fr)
                x = cell.v
                if not isinstance(x, (GmPointer, ArrayPointer)):
                    raise Refusal(f"{op} of {type(x).__name__} at {where(c)}")
                cell.v = _moved(x, delta)
                return x if post else cell.v

            return step_pointer
        comp = scalars.promote(t)
        f = scalars.arith("+", comp, where(c))
        back = scalars.converter(t)

        def step(fr):
            cell = place(fr)
            x = cell.v
            if x.__class__ is Uninit:
                raise Refusal(f"read of {x.name}, declared without a value at line {x.line}")
            cell.v = back(f(x, delta))
            return x if post else cell.v

        return step
    if op == "&":
        place = lvalue(kid, sc) if ctype(kid.type) is not None else None
        if place is not None:
            return lambda fr: CellPointer(place(fr))
        return expr(kid, sc)  # &object: the object stands for its address
    a = expr(kid, sc)
    if op == "*":
        label = text(c)
        conv = scalars.converter(ct)

        def deref(fr):
            v = a(fr)
            if v.__class__ is CellPointer:
                return v.cell.v
            if v.__class__ is ArrayPointer:
                return v.cell().v
            if v.__class__ is GmPointer:
                if ct is None:
                    return v
                return fr.run.choose(f"{label} (read from global memory)", conv(0))
            if v is None:
                raise Refusal(f"dereference of a null pointer at {where(c)}")
            return v

        return deref
    if op == "+":
        return a
    if op == "-":
        neg = scalars.negate(ct or "int", where(c))
        return lambda fr: neg(a(fr))
    if op == "~":
        conv = scalars.converter(ct or "int")
        return lambda fr: conv(~a(fr))
    if op == "!":
        return lambda fr: 0 if a(fr) else 1
    return refuse(f"unary operator {op} at {where(c)}")


# ---------------------------------------------------------------- lvalues

def _lvalue(c: ci.Cursor, sc: Scope) -> Fn | None:
    k = c.kind
    if k == K.DECL_REF_EXPR:
        r = referenced(c)
        if r is not None and r.kind in (K.VAR_DECL, K.PARM_DECL):
            return variable_cell(r, sc)
        return None
    if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
        ops = operands(c)
        if len(ops) != 1:
            return None
        if k == K.UNEXPOSED_EXPR and ctype(c.type) != ctype(ops[0].type):
            return None  # a conversion makes a temporary
        return lvalue(ops[0], sc)
    if k == K.MEMBER_REF_EXPR:
        r = referenced(c)
        if r is not None and r.kind == K.VAR_DECL:
            return variable_cell(r, sc)
        if r is None or r.kind != K.FIELD_DECL:
            return None
        ops = operands(c)
        base = expr(ops[0], sc) if ops else (lambda fr: fr.this)
        name = r.spelling
        value = expr(c, sc)

        def member(fr):
            b = base(fr)
            if b.__class__ is CellPointer:
                b = b.cell.v
            if b.__class__ is StructObj:
                cell = b.fields.get(name)
                if cell is None:
                    cell = b.fields[name] = Cell(None)
                return cell
            if b.__class__ is TileObj and name in ("RowMaskInternal", "ColMaskInternal"):
                return _TileField(b, name)
            return Cell(value(fr))  # an input struct's field: a copy (writes through it are not followed)

        return member
    if k == K.ARRAY_SUBSCRIPT_EXPR:
        ops = operands(c)
        if len(ops) != 2:
            return None
        base, index = expr(ops[0], sc), expr(ops[1], sc)
        label = text(c)

        def element(fr):
            b, i = base(fr), index(fr)
            if b.__class__ is ArrayPointer:
                b, i = b.array, b.index + i
            if b.__class__ is ArrayObj:
                if not 0 <= i < len(b.cells):
                    raise Refusal(f"index {i} outside the {len(b.cells)} elements of {label} "
                                  f"(line {c.location.line})")
                return b.cells[i]
            if b.__class__ in (GmPointer, InputRef):
                return Cell(0)  # global memory: written values are not followed
            raise Refusal(f"subscript of {type(b).__name__} at {where(c)}")

        return element
    if k == K.UNARY_OPERATOR and unary_operator(c) == "*":
        ops = operands(c)
        if not ops:
            return None
        a = expr(ops[0], sc)

        def deref(fr):
            v = a(fr)
            if v.__class__ is CellPointer:
                return v.cell
            if v.__class__ is ArrayPointer:
                return v.cell()
            if v.__class__ is GmPointer:
                return Cell(0)
            return Cell(v)

        return deref
    if k == K.CXX_THIS_EXPR:
        return None
    return None


class _TileField:
    """An lvalue of a tile's stored valid extent (`t.RowMaskInternal = n`)."""

    __slots__ = ("tile", "name")

    def __init__(self, tile: TileObj, name: str):
        self.tile, self.name = tile, name

    @property
    def v(self):
        return self.tile.vr if self.name == "RowMaskInternal" else self.tile.vc

    @v.setter
    def v(self, value):
        if self.name == "RowMaskInternal":
            self.tile.set_valid(value, None)
        else:
            self.tile.set_valid(None, value)


def array_length(t: ci.Type) -> int | None:
    info = array_info(t)
    return info[1] if info else None

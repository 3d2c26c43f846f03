"""C++ expressions (libclang cursors) -> ptolint IR expressions, on one path of one instantiation.

Every value is computed here, from literals, template arguments, variables tracked along the path, and symbols
for inputs; the one exception is a constexpr integer of an instantiated function, whose initialiser clang has
already evaluated (statements.constant_init). clang_Cursor_Evaluate is asked nothing else: asked of dependent
expressions (a template's pattern) it can crash the process.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field

import clang.cindex as ci

from ptolint.frontend.cursors import (
    children,
    file_name,
    in_macro_expansion,
    location_at,
    memo,
    offset,
    position,
    scan_tokens,
    source_tokens,
    template_int,
    template_parameters,
    type_memo,
    usr,
)
from ptolint.frontend.cursors import tokens as cursor_tokens
from ptolint.frontend.types import (
    ELEMENT_NAMES,
    ELEMENT_SIZES,
    element_name,
    is_global_spelling,
    is_tile_spelling,
    parse_dims,
    parse_global,
    parse_tile,
    scalar_ctype,
    shape2d_ctor,
    split_template_args,
    strip_ns,
)
from ptolint.ir import (
    DYNAMIC,
    FLOAT_TYPES,
    INT_TYPES,
    Bin,
    Cast,
    Const,
    Expr,
    GlobalSpec,
    Select,
    Sym,
    TileSpec,
    Unary,
    expr_too_large,
    int_range,
)

K = ci.CursorKind

# libclang 18 reports _Float16 and __bf16 (how `half` / `bfloat16_t` are spelled with the real PTO headers,
# see vendor.py) as type kinds 32 and 39, which older Python bindings do not list: `Type.kind` would raise.
for _value, _name in ((32, "FLOAT16"), (39, "BFLOAT16")):
    if not hasattr(ci.TypeKind, _name):
        try:
            setattr(ci.TypeKind, _name, ci.TypeKind(_value))
        except (TypeError, ValueError):  # an enum.Enum binding, or the value already registered
            pass

#: kernel-side functions whose results are inputs of the kernel, with their bounds
BLOCK_FUNCS = {
    "get_block_idx": ("block_idx", "blocks", -1),
    "get_block_num": ("block_num", "blocks", 0),
    "get_subblockid": ("subblock_id", "subblocks", -1),
    "get_subblockdim": ("subblock_num", "subblocks", 0),
}


class Unsupported(Exception):
    """An expression the evaluator cannot model; the call site becomes unresolved with this reason."""


@dataclass
class TileState:
    """A tile variable along the path: its type and its (possibly run-time) valid region."""

    spec: TileSpec
    valid_row: Expr
    valid_col: Expr
    name: str
    decl_file: str = ""
    decl_line: int = 0
    addr: Expr | None = None  # bytes into its buffer where TASSIGN put it on this path; None: not known
    binding: int = 0  # which TASSIGN put it there (copies share it); 0: not placed or not known
    array: bool = False  # an array of tiles: one state stands for every element, so no single placement

    def copy(self, name: str, decl_file: str, decl_line: int) -> TileState:
        """A copy of the tile object: same type and region, and the same storage (a Tile holds its address)."""
        return TileState(self.spec, self.valid_row, self.valid_col, name, decl_file, decl_line, self.addr,
                         self.binding)


@dataclass(frozen=True)
class DimsState:
    """A `Shape<...>` or `Stride<...>` object along the path: its five extents."""

    head: str  # "Shape" | "Stride"
    dims: tuple[Expr, ...]


@dataclass(frozen=True)
class GlobalState:
    """A GlobalTensor object along the path: its type, run-time extents and strides."""

    spec: GlobalSpec
    shape: tuple[Expr, ...]
    stride: tuple[Expr, ...]
    name: str


@dataclass(frozen=True)
class PipeState:
    """A `TPipe<FlagID, DirType, SlotSize, SlotNum, LocalSlotNum, ...>` object along the path: what TPOP needs to
    place the tile it pops (the consumer buffers its constructor was given, in bytes into UB / L1)."""

    name: str
    direction: int
    slot_size: int
    slot_num: int
    local_slot_num: int
    c2v: Expr  # C2V_CONSUMER_BUF (UB)
    v2c: Expr  # V2C_CONSUMER_BUF (L1)


#: TPipe's template parameters after FlagID and DirType, with their defaults (include/pto/npu/*/TPush.hpp)
_PIPE = re.compile(r"^(?:const\s+)?(?:pto::)?TPipe<(.*)>$")


def pipe_params(t: ci.Type) -> tuple[int, int, int, int] | None:
    """(DirType, SlotSize, SlotNum, LocalSlotNum) of a TPipe type, None for any other type."""
    m = _PIPE.match(t.get_canonical().spelling)
    if m is None:
        return None
    vals: list[int] = []
    for part in m.group(1).split(","):
        part = part.strip()
        try:
            if part.startswith("'"):
                body = part.strip("'")
                vals.append(int(body[2:], 16) if body.startswith("\\x") else
                            int(body[1:], 8) if body.startswith("\\") else ord(body))
            elif part in ("true", "false"):
                vals.append(int(part == "true"))
            else:
                vals.append(int(part.rstrip("uUlL")))
        except (ValueError, TypeError):
            return None
    if len(vals) < 4:
        return None
    return vals[1], vals[2], vals[3], vals[4] if len(vals) > 4 else 2


#: a declaration's identity: where it is and its name (declarations a macro expands all sit at the macro's use,
#: `void k(KERNEL_PARAMS)`: their location alone would make every parameter one variable)
DeclKey = tuple[str, int, str]


@dataclass
class Frame:
    """One function activation: template bindings, variables, and where it was entered."""

    function: ci.Cursor
    tparams: dict[str, object] = field(default_factory=dict)  # name -> int value | ci.Type
    env: dict[DeclKey, object] = field(default_factory=dict)  # declaration key -> Expr | TileState
    returns: list[tuple[list[Expr], Expr]] = field(default_factory=list)


def decl_key(c: ci.Cursor) -> DeclKey:
    """(file, offset, name) of a declaration: the key of its variable in a frame. Remembered on the cursor: a
    variable is looked up at every read, and the key took a position and a spelling query each time."""
    known = c.__dict__.get("_ptolint_decl_key")
    if known is None:
        known = c._ptolint_decl_key = (file_name(c), offset(c), c.spelling)
    return known


def tokens(c: ci.Cursor) -> list[str]:
    return list(cursor_tokens(c))


@functools.lru_cache(maxsize=4096)
def parse_int_literal(tok: str) -> int | None:
    t = tok.replace("'", "")
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)", t)
    if not m:
        return None
    body = m.group(1)
    if len(body) > 70:  # longer than any 64-bit literal (and Python refuses to convert > 4300 digits)
        return None
    if body.startswith(("0x", "0X", "0b", "0B")):
        v = int(body, 0)
    elif len(body) > 1 and body.startswith("0"):
        v = int(body, 8)
    else:
        v = int(body)
    return v if v < 1 << 64 else None  # too large for any integer type: ill-formed C++


def parse_float_literal(tok: str) -> float | None:
    t = tok.rstrip("fFlL")
    try:
        v = float(t)
    except ValueError:
        return None
    return v if math.isfinite(v) else None  # 1e99999 overflows: no value to reason with


def expr_ctype(c: ci.Cursor) -> str | None:
    """ctype() of a cursor's type, remembered on the cursor (a fact of the syntax: every unrolled iteration asks)."""
    try:
        return c.__dict__["_ptolint_ctype"]
    except KeyError:
        out = c._ptolint_ctype = ctype(c.type)
        return out


def ctype(t: ci.Type) -> str | None:
    """Canonical C scalar type of a libclang type, None when not a scalar number."""
    return type_memo(t, "ctype", _ctype)


def _ctype(t: ci.Type) -> str | None:
    can = t.get_canonical()
    return "int" if can.kind == ci.TypeKind.ENUM else scalar_ctype(can.spelling)


BINARY_OPS = {3: "*", 4: "/", 5: "%", 6: "+", 7: "-", 8: "<<", 9: ">>", 11: "<", 12: ">", 13: "<=", 14: ">=",
              15: "==", 16: "!=", 17: "&", 18: "^", 19: "|", 20: "&&", 21: "||", 22: "=", 23: "*=", 24: "/=",
              25: "%=", 26: "+=", 27: "-=", 28: "<<=", 29: ">>=", 30: "&=", 31: "^=", 32: "|=", 33: ","}
UNARY_OPS = {1: "post++", 2: "post--", 3: "++", 4: "--", 5: "&", 6: "*", 7: "+", 8: "-", 9: "~", 10: "!"}


_operator_apis: dict[str, object] = {}


def _operator_api(name: str):
    """libclang's operator-kind query (in the C library since clang 17, not wrapped by the Python binding); set up
    once per name (every binary and unary operator the walk evaluates asks)."""
    try:
        return _operator_apis[name]
    except KeyError:
        pass
    import ctypes

    fn = getattr(ci.conf.lib, name, None)
    if fn is not None:
        fn.argtypes = [ci.Cursor]
        fn.restype = ctypes.c_uint
    _operator_apis[name] = fn
    return fn


def binop_token(c: ci.Cursor) -> str:
    """The operator of a binary/compound-assignment operator cursor (also inside macro expansions)."""
    fn = _operator_api("clang_getCursorBinaryOperatorKind")
    if fn is not None:
        op = BINARY_OPS.get(fn(c))
        if op is not None:
            return op
    kids = list(children(c))
    if not kids:
        raise Unsupported("operator without operands")
    lhs_end = kids[0].extent.end.offset
    for t in c.get_tokens():
        if t.extent.start.offset >= lhs_end:
            return t.spelling
    raise Unsupported("operator token not found")


def unop_token(c: ci.Cursor) -> str:
    """'++'/'--' (prefix), 'post++'/'post--', or the operator of another unary operator cursor."""
    fn = _operator_api("clang_getCursorUnaryOperatorKind")
    if fn is not None:
        op = UNARY_OPS.get(fn(c))
        if op is not None:
            return op
    toks = tokens(c)
    if toks and toks[-1] in ("++", "--") and toks[0] not in ("++", "--"):
        return "post" + toks[-1]
    return toks[0] if toks else ""


def usual_type(a: str, b: str) -> str:
    """Result type of the usual arithmetic conversions."""
    if a in FLOAT_TYPES or b in FLOAT_TYPES:
        return "double" if "double" in (a, b) else "float"
    ia, ib = INT_TYPES.get(a, (32, True)), INT_TYPES.get(b, (32, True))
    # integer promotion
    if ia[0] < 32:
        a, ia = "int", (32, True)
    if ib[0] < 32:
        b, ib = "int", (32, True)
    if ia == ib:
        return a
    if ia[1] == ib[1]:
        return a if ia[0] > ib[0] else b
    uns, sig = (a, b) if not ia[1] else (b, a)
    if INT_TYPES[uns][0] >= INT_TYPES[sig][0]:
        return uns
    return sig


def fold(e: Expr) -> Expr:
    """Constant-fold an expression when all its leaves are constants (cheap, keeps formulas small).

    Raises Unsupported for an expression beyond ptolint.ir.MAX_EXPR_DEPTH or MAX_EXPR_SIZE."""
    from ptolint.evaluate import evaluate

    t = type(e)  # an operation on constants only (the common case): within every limit and free of symbols
    leaf = (type(e.a) is Const and type(e.b) is Const) if t is Bin else (type(e.a) is Const) if t is Cast or \
        t is Unary else False
    if not leaf:
        why = expr_too_large(e)
        if why:
            raise Unsupported(why)
    try:
        if leaf or not _has_sym(e):
            v = evaluate(e, {})
            if isinstance(v, float) and not math.isfinite(v):
                return e  # overflow to inf/NaN: keep the expression (Z3 has no such constant)
            return Const(v, e.ctype)
    except Exception:  # noqa: BLE001 - folding is an optimisation only
        return e
    return e


def _has_sym(e: Expr) -> bool:
    """Whether a symbol occurs in e; memoised on the (immutable) node, since fold runs on every
    intermediate value and generated kernels build long chains that share their subtrees."""
    if isinstance(e, Sym):
        return True
    if isinstance(e, Const):
        return False
    known = e.__dict__.get("_has_sym")
    if known is None:
        known = any(_has_sym(x) for x in (e.__dict__[f] for f in e.__dataclass_fields__)
                    if isinstance(x, (Const, Sym, Unary, Bin, Cast, Select)))
        object.__setattr__(e, "_has_sym", known)
    return known


def const_value(e: Expr) -> int | float | None:
    e = fold(e)
    return e.value if isinstance(e, Const) else None


def convert(e: Expr, to: str | None) -> Expr:
    """Implicit or explicit conversion to a scalar type, as C++ does it."""
    if to is None or e.ctype == to:
        return e
    if type(e) is Const and type(e.value) is int:  # an integer constant: the folded cast, made once per value
        key = (e.value, e.ctype, to)
        out = _CONVERTED.get(key)
        if out is None:
            if len(_CONVERTED) >= 100_000:
                _CONVERTED.clear()
            out = _CONVERTED[key] = fold(Cast(to, e))
        return out
    return fold(Cast(to, e))


#: convert() of integer constants: (value, from, to) -> the folded cast (the walk converts the same literals and
#: template arguments at every implicit cast of every instantiation; ints only: 0.0 and -0.0 are equal keys)
_CONVERTED: dict[tuple[int, str, str], Expr] = {}


def type_size(t: ci.Type) -> int:
    size = t.get_canonical().get_size()
    if size > 0:
        return size
    return ELEMENT_SIZES.get(element_name(t.get_canonical().spelling), 0)


def tile_spec_of(t: ci.Type) -> TileSpec | None:
    return type_memo(t, "tile_spec", _tile_spec_of)


def _tile_spec_of(t: ci.Type) -> TileSpec | None:
    can = t.get_canonical()
    if can.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
        can = can.get_pointee().get_canonical()
    if can.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY):
        can = can.get_array_element_type().get_canonical()
    if not is_tile_spelling(can.spelling):
        return None
    elem = 0
    if can.get_num_template_arguments() > 1:
        elem = type_size(can.get_template_argument_type(1))
    return parse_tile(can.spelling, elem)


def _stripped_spelling(t: ci.Type) -> str:
    """The spelling of `t` without its reference, canonical: libclang prints the whole template type each time it is
    asked, and a Shape / Stride constructor asked it at every construction."""
    return _strip_ref(t).spelling


def _strip_ref(t: ci.Type) -> ci.Type:
    can = t.get_canonical()
    if can.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
        can = can.get_pointee().get_canonical()
    return can


def global_spec_of(t: ci.Type) -> GlobalSpec | None:
    return type_memo(t, "global_spec", _global_spec_of)


def _global_spec_of(t: ci.Type) -> GlobalSpec | None:
    can = _strip_ref(t)
    return parse_global(can.spelling) if is_global_spelling(can.spelling) else None


def dims_head_of(t: ci.Type) -> tuple[str, tuple[int, ...]] | None:
    """("Shape" | "Stride", static dims) for a Shape/Stride type, else None."""
    return type_memo(t, "dims_head", _dims_head_of)


def _dims_head_of(t: ci.Type) -> tuple[str, tuple[int, ...]] | None:
    sp = _strip_ref(t).spelling
    for head in ("Shape", "Stride"):
        d = parse_dims(sp, head)
        if d is not None:
            return head, d
    return None


def ctor_dims(t: ci.Type, statics: tuple[int, ...], vals: list[Expr]) -> tuple[Expr, ...]:
    """The dims of a Shape / Stride object of type `t` constructed from `vals`: a TileShape2D / BaseShape2D
    (rows, cols) constructor passes its layout's five dims, as the real helper's constructor does."""
    def mul(a: Expr, b: Expr) -> Expr:
        return fold(Bin("*", convert(a, "int64_t"), convert(b, "int64_t"), "int64_t"))

    def div(a: Expr, b: Expr) -> Expr:
        return fold(Bin("/", convert(a, "int64_t"), convert(b, "int64_t"), "int64_t"))

    five = shape2d_ctor(type_memo(t, "stripped_spelling", _stripped_spelling), vals, lambda k: Const(k, "int64_t"),
                        mul, div)
    return fill_dims(statics, five)


def fill_dims(statics: tuple[int, ...], vals: list[Expr]) -> tuple[Expr, ...]:
    """Shape/Stride constructor semantics: five values fill the DYNAMIC dims positionally, fewer fill the
    DYNAMIC dims left to right; DYNAMIC dims not filled are 1 and static dims keep their value."""
    out: list[Expr] = [Const(1, "int64_t") if d == DYNAMIC else Const(d, "int64_t") for d in statics]
    if len(vals) == 5:
        for i, d in enumerate(statics):
            if d == DYNAMIC:
                out[i] = convert(vals[i], "int64_t")
        return tuple(out)
    k = 0
    for i, d in enumerate(statics):
        if d == DYNAMIC and k < len(vals):
            out[i] = convert(vals[k], "int64_t")
            k += 1
    return tuple(out)


def static_valid(spec: TileSpec, which: str) -> Expr | None:
    v = spec.valid_row if which == "row" else spec.valid_col
    return None if v == DYNAMIC else Const(v, "int")


def targ_kind(fn: ci.Cursor, i: int):
    """The kind of template argument i, or None for kinds this libclang binding does not know (e.g. packs)."""
    try:
        return fn.get_template_argument_kind(i)
    except ValueError:
        return None


def template_bindings(fn: ci.Cursor) -> dict[str, object]:
    """Template parameter name -> argument (int or ci.Type) for a function instantiation and its class
    (computed once per cursor object: every call of the function asks again)."""
    return dict(memo(fn, "template_bindings", _template_bindings))


def _template_bindings(fn: ci.Cursor) -> dict[str, object]:
    out: dict[str, object] = {}
    parent = fn.semantic_parent
    if parent is not None and parent.kind in (K.STRUCT_DECL, K.CLASS_DECL):
        out.update(class_bindings(parent))
    n = fn.get_num_template_arguments()
    if n <= 0:
        return out
    params = template_parameters(fn)
    for i, p in enumerate(params[:n]):
        kind = targ_kind(fn, i)
        if kind == ci.TemplateArgumentKind.TYPE:
            out[p.spelling] = fn.get_template_argument_type(i)
        elif kind == ci.TemplateArgumentKind.INTEGRAL:
            out[p.spelling] = template_int(fn, i, p.type)
    return out


def class_bindings(cls: ci.Cursor) -> dict[str, object]:
    """Bindings of a class template instantiation's parameters (from its canonical spelling)."""
    return dict(memo(cls, "class_bindings", _class_bindings))


def _class_bindings(cls: ci.Cursor) -> dict[str, object]:
    out: dict[str, object] = {}
    t = cls.type
    n = t.get_num_template_arguments()
    if n <= 0:
        return out
    params = template_parameters(cls)
    parts = split_template_args(t.get_canonical().spelling)
    spelled = parts[1] if parts else []
    for i, p in enumerate(params[:n]):
        at = t.get_template_argument_type(i)
        if p.kind == K.TEMPLATE_TYPE_PARAMETER and at.kind != ci.TypeKind.INVALID:
            out[p.spelling] = at
        elif p.kind == K.TEMPLATE_NON_TYPE_PARAMETER and i < len(spelled):
            v = parse_int_literal(spelled[i]) if not spelled[i].startswith("-") else None
            if spelled[i].startswith("-") and parse_int_literal(spelled[i][1:]) is not None:
                v = -parse_int_literal(spelled[i][1:])  # type: ignore[operator]
            if spelled[i] in ("true", "false"):
                v = 1 if spelled[i] == "true" else 0
            if v is not None:
                out[p.spelling] = v
    return out


class Symbols:
    """Creates the symbols of one analysis (unique names, bounds from the configuration)."""

    def __init__(self, blocks: int = 64, subblocks: int = 2) -> None:
        self.counts: dict[str, int] = {}
        self.blocks = blocks
        self.subblocks = subblocks

    def fresh(self, base: str, ctype_: str, kind: str = "input", origin: str = "",
              lo: int | None = None, hi: int | None = None) -> Sym:
        n = self.counts.get(base, 0)
        self.counts[base] = n + 1
        name = base if n == 0 else f"{base}#{n}"
        rng = int_range(ctype_)
        if rng:
            lo = rng[0] if lo is None else max(lo, rng[0])
            hi = rng[1] if hi is None else min(hi, rng[1])
        return Sym(name, ctype_, kind, origin, lo, hi)

    def block(self, func: str) -> Sym:
        base, which, off = BLOCK_FUNCS[func]
        limit = self.blocks if which == "blocks" else self.subblocks
        if off < 0:
            return Sym(f"{func}()", "long", "input", f"{func}()", 0, limit - 1)
        return Sym(f"{func}()", "long", "input", f"{func}()", 1, limit)


IDENT = re.compile(r"[A-Za-z_]\w*")
#: a builtin integer type by the fixed-width name PTO kernels write (what rule messages call element types);
#: `char`, `long long` left alone: they share a width with another type and are distinct instantiations
FIXED_WIDTH_NAMES = {k: v for k, v in ELEMENT_NAMES.items()
                     if k in INT_TYPES and k not in ("bool", "char", "long long", "unsigned long long")}


def unnamed_types(call: ci.Cursor) -> frozenset[str]:
    """The identifiers among the call's tokens (up to its argument list) that do not name a type of their own:
    a template parameter passed on (`T` in `run<T, 4>(x)` inside a template) or a macro's parameter
    (`launch<T, 2, 64>` written in a macro). They are spellings of the pattern, which mean nothing in a report
    about one instantiation. A typedef, alias or class (`int8_t`) is a type's own name; a keyword (`short`) is no
    identifier."""

    def compute(c: ci.Cursor) -> frozenset[str]:
        part = callee_part(c)
        read = source_tokens(part)
        if read is None:
            named = ((t.spelling, t.kind == ci.TokenKind.IDENTIFIER, t.location) for t in part.get_tokens())
        else:
            file, named = read  # (offsets where libclang's tokens give locations)
        out = set()
        for spelled, ident, where in named:
            if spelled == "(":  # the template arguments end before the call's arguments
                break
            if not ident:
                continue
            loc = where if read is None else location_at(c._tu, file, where)
            at = ci.Cursor.from_location(c._tu, loc)  # (Token.cursor annotates: 15x the cost)
            r = at.referenced if at.kind == K.TYPE_REF else None
            if r is None or r.kind == K.TEMPLATE_TYPE_PARAMETER:
                out.add(spelled)
        return frozenset(out)

    return memo(call, "unnamed_types", compute)


def spelled_template_args(call: ci.Cursor, name: str) -> list[str]:
    """The explicit template arguments of a call as the source spells them (`div_tile<int8_t>(x)` -> ['int8_t']):
    libclang gives an instantiation's type arguments canonical (`signed char`), which the user never wrote.
    Reads the call's tokens only up to the end of the argument list after the first `name`."""

    def read(toks) -> list[str]:
        for t in toks:
            if t == name:
                break
        else:
            return []
        if next(toks, None) != "<":
            return []
        args, cur, depth = [], [], 0
        for t in toks:
            if t in ("<", "(", "["):
                depth += 1
            elif t in (")", "]") or (t == ">" and depth):
                depth -= 1
            elif t == ">>" and depth:
                depth -= 2
                if depth < 0:
                    break
            elif t in (">", ">>"):
                break
            elif t == "," and not depth:
                args.append(cur)
                cur = []
                continue
            cur.append(t)
        else:
            return []
        return [_joined(a) for a in (args + [cur] if cur else args)]

    part = callee_part(call)
    known = source_tokens(part)  # (the source text when it is plain, else libclang's tokens)
    try:
        return read(iter([t for t, _, _ in known[1]])) if known is not None else scan_tokens(part, read)
    except Exception:  # noqa: BLE001 - a macro expansion without tokens: no spelling
        return []


def callee_part(call: ci.Cursor) -> ci.Cursor:
    """The cursor whose tokens a call's name and template arguments are read from: its callee (`ns::run<T, 4>` of
    `ns::run<T, 4>(x, y)`) when that starts where the call does, so that its tokens are the call's up to the
    argument list, which is then not tokenized (a launch's argument list is most of its tokens); else the call
    itself (an overloaded operator's callee is not first; a call written in a macro spans its expansion)."""
    callee = next(iter(children(call)), None)
    if callee is None or in_macro_expansion(call) or callee.extent.begin_int_data != call.extent.begin_int_data:
        return call
    return callee


def _joined(tokens: list[str]) -> str:
    """Tokens as C++ text: `unsigned char`, `pto::half`, `Tile<T, 16>`."""
    return re.sub(r" ?(::|<|>|\*|&) ?", r"\1", " ".join(tokens)).replace(" ,", ",")


def display_name(fn: ci.Cursor, call: ci.Cursor | None = None, names: dict | None = None,
                 fn_usr: str | None = None) -> str:
    """`run<float, 32, 16, true>` for an instantiation (libclang's displayname shows `run<>(...)`); with the
    `call`, type arguments it spells explicitly are shown as written (int8_t, not signed char). Remembered on
    the call (or on `fn` without one), for the function it was computed for; and in `names`, when given, by the
    function's USR (which spells its template arguments) and the call's position: the name is made of those two
    alone (the call's tokens), so the same call of the same instantiation, met again from another instantiation
    of its caller or on another target of the same file, is named once (one name costs about 0.3 ms of token
    reads and libclang queries, 5 % of a template-heavy kernel's check)."""
    if names is not None and call is not None:
        key = (fn_usr or usr(fn), *position(call))
        out = names.get(key)
        if out is None:
            out = names[key] = _display_name(fn, call, names)
        return out
    known = memo(call if call is not None else fn, "display_name", lambda _c: {})
    try:
        return known[fn]
    except KeyError:
        out = known[fn] = _display_name(fn, call)
        return out


def _display_name(fn: ci.Cursor, call: ci.Cursor | None, names: dict | None = None) -> str:
    """display_name's work; with `names`, the call's spelled arguments are remembered there by its position: the
    call of a template's body is met once per instantiation of the template, with the same tokens. Not for a
    call written in a macro: every call of one expansion has the expansion's position."""
    n = fn.get_num_template_arguments()
    if n <= 0:
        return fn.spelling
    args = []
    params = template_parameters(fn)
    spelled: list[str] = []
    unnamed: frozenset[str] = frozenset()
    if call is not None:
        key = ("spelled", fn.spelling, *position(call)) if names is not None and not in_macro_expansion(call) \
            else None
        known = names.get(key) if key else None
        if known is None:
            spelled = spelled_template_args(call, fn.spelling)
            unnamed = unnamed_types(call) if any(IDENT.fullmatch(a) for a in spelled) else frozenset()
            if key:
                names[key] = (spelled, unnamed)
        else:
            spelled, unnamed = known
    for i in range(n):
        kind = targ_kind(fn, i)
        if kind == ci.TemplateArgumentKind.TYPE:
            if i < len(spelled) and spelled[i] not in unnamed:
                args.append(strip_ns(spelled[i]))
            else:  # deduced, or `f<T>` in a template or a macro (T means nothing in a report, its type does)
                name = strip_ns(fn.get_template_argument_type(i).spelling)
                args.append(FIXED_WIDTH_NAMES.get(name, name) if i < len(spelled) else name)
        elif kind == ci.TemplateArgumentKind.INTEGRAL:
            if i < len(params) and params[i].type.get_canonical().kind == ci.TypeKind.BOOL:
                args.append("true" if fn.get_template_argument_value(i) else "false")
            else:
                args.append(str(template_int(fn, i, params[i].type) if i < len(params) else
                                fn.get_template_argument_value(i)))
        else:
            args.append("...")
    return f"{fn.spelling}<{', '.join(args)}>"

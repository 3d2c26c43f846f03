"""libclang cursor navigation the runner needs (syntax and types only: nothing here evaluates anything).

Shared with the frontend: the memoised navigation of ptolint.frontend.cursors and the type decoders of
ptolint.frontend.types / values (tile_spec_of, global_spec_of, template_bindings, class_bindings,
display_name). Everything that gives an expression a value lives in this package.
"""

from __future__ import annotations

import ctypes
import re

import clang.cindex as ci

from ptolint.frontend.cursors import (
    arguments,
    children,
    file_name,
    memo,
    offset,
    referenced,
    template_int,
    tokens,
    type_memo,
)
from ptolint.frontend.paths import MODEL_INCLUDE
from ptolint.frontend.types import ELEMENT_NAMES, parse_dims, scalar_ctype, split_template_args, strip_ns

K = ci.CursorKind
TK = ci.TypeKind

#: cursor kinds that are not operands of the expression they appear in
NOT_OPERANDS = (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF)
REFERENCE_KINDS = (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE)
FUNCTION_KINDS = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR,
                  K.CONVERSION_FUNCTION)

_slots: dict[tuple[str, int, str], int] = {}


def slot(decl: ci.Cursor) -> int:
    """A small integer naming a declaration (a variable or parameter) for frame lookups."""
    key = (file_name(decl), offset(decl), decl.spelling)  # a macro's declarations share a location
    s = _slots.get(key)
    if s is None:
        s = _slots[key] = len(_slots)
    return s


def operands(c: ci.Cursor) -> list[ci.Cursor]:
    return [x for x in children(c) if x.kind not in NOT_OPERANDS]


def text(c: ci.Cursor, limit: int = 80) -> str:
    """The cursor's source text, tokens joined by spaces (short)."""
    s = " ".join(tokens(c))
    return s if len(s) <= limit else s[:limit - 3] + "..."


def member_text(c: ci.Cursor) -> str:
    """The frontend's name of a member expression: its tokens joined, `.` and `->` without spaces (`t.M`)."""
    return " ".join(tokens(c)).replace(" . ", ".").replace(" -> ", "->")


class Where:
    """`line N: <text>` for messages, spelled only when a message is made: compiling a function names the place of
    every operator it computes, and most are never refused (an operator of a macro's body has an extent from the
    macro's definition to its use: 2,000 tokens each for PTO_CEIL in the A5 tquant kernel)."""

    __slots__ = ("c",)

    def __init__(self, c: ci.Cursor):
        self.c = c

    def __str__(self) -> str:
        return f"line {self.c.location.line}: {text(self.c, 60)}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def where(c: ci.Cursor) -> Where:
    """The place of `c` for a message (see Where)."""
    return Where(c)


# ---------------------------------------------------------------- operators

BINARY_OPS = {3: "*", 4: "/", 5: "%", 6: "+", 7: "-", 8: "<<", 9: ">>", 11: "<", 12: ">", 13: "<=", 14: ">=",
              15: "==", 16: "!=", 17: "&", 18: "^", 19: "|", 20: "&&", 21: "||", 22: "=", 23: "*=", 24: "/=",
              25: "%=", 26: "+=", 27: "-=", 28: "<<=", 29: ">>=", 30: "&=", 31: "^=", 32: "|=", 33: ","}
UNARY_OPS = {1: "post++", 2: "post--", 3: "++", 4: "--", 5: "&", 6: "*", 7: "+", 8: "-", 9: "~", 10: "!"}


def _api(name: str):
    fn = getattr(ci.conf.lib, name, None)
    if fn is not None:
        fn.argtypes = [ci.Cursor]
        fn.restype = ctypes.c_uint
    return fn


def binary_operator(c: ci.Cursor) -> str | None:
    fn = _api("clang_getCursorBinaryOperatorKind")
    if fn is not None:
        op = BINARY_OPS.get(fn(c))
        if op is not None:
            return op
    kids = children(c)
    if not kids:
        return None
    lhs_end = kids[0].extent.end.offset
    for t in c.get_tokens():
        if t.extent.start.offset >= lhs_end:
            return t.spelling
    return None


def unary_operator(c: ci.Cursor) -> str | None:
    fn = _api("clang_getCursorUnaryOperatorKind")
    if fn is not None:
        op = UNARY_OPS.get(fn(c))
        if op is not None:
            return op
    toks = tokens(c)
    if toks and toks[-1] in ("++", "--") and toks[0] not in ("++", "--"):
        return "post" + toks[-1]
    return toks[0] if toks else None


# ---------------------------------------------------------------- literals

def int_literal(tok: str) -> int | None:
    t = tok.replace("'", "")
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlLzZ]*)", t)
    if not m or len(m.group(1)) > 70:
        return None
    body = m.group(1)
    if body.startswith(("0x", "0X", "0b", "0B")):
        v = int(body, 0)
    elif len(body) > 1 and body.startswith("0"):
        v = int(body, 8)
    else:
        v = int(body)
    return v if v < 1 << 64 else None


def float_literal(tok: str) -> float | None:
    t = tok.replace("'", "")
    if t.lower().startswith("0x"):
        try:
            return float.fromhex(t.rstrip("fFlL"))
        except ValueError:
            return None
    try:
        return float(t.rstrip("fFlL"))
    except ValueError:
        return None


def char_literal(tok: str) -> int | None:
    """The value of a character literal token: 'a', L'x', u'x', U'x', u8'a', with simple, octal and hex escapes."""
    m = re.fullmatch(r"(?:u8|[LuU])?'(.+)'", tok)
    if not m:
        return None
    s = m.group(1)
    if len(s) == 1:
        return ord(s)
    if s.startswith("\\x") and re.fullmatch(r"[0-9a-fA-F]+", s[2:]):
        return int(s[2:], 16)
    if s[0] == "\\" and re.fullmatch(r"[0-7]{1,3}", s[1:]):
        return int(s[1:], 8)
    esc = {"\\n": 10, "\\t": 9, "\\\\": 92, "\\'": 39, "\\\"": 34, "\\?": 63, "\\r": 13, "\\a": 7, "\\b": 8,
           "\\f": 12, "\\v": 11}
    return esc.get(s)


# ---------------------------------------------------------------- types

def canonical(t: ci.Type) -> ci.Type:
    return t.get_canonical()


def strip_reference(t: ci.Type) -> ci.Type:
    can = t.get_canonical()
    if can.kind in REFERENCE_KINDS:
        can = can.get_pointee().get_canonical()
    return can


def is_reference(t: ci.Type) -> bool:
    return t.get_canonical().kind in REFERENCE_KINDS


def ctype(t: ci.Type) -> str | None:
    """The C scalar type of a libclang type (enums are int), None for other types; references look through."""
    cached = t.__dict__.get("_ptolint_er_ctype", False)
    if cached is not False:
        return cached
    # remembered per translation unit and type too: the compiled expressions ask it of 17,000 Type objects on the
    # A5 ST sample's runs, most of them a handful of types (each asked libclang for the canonical type and its
    # spelling)
    out = t._ptolint_er_ctype = type_memo(t, "er_ctype", _ctype)
    return out


def _ctype(t: ci.Type) -> str | None:
    can = strip_reference(t)
    if can.kind == TK.ENUM:
        return enum_ctype(can)
    return scalar_ctype(can.spelling)


def enum_ctype(can: ci.Type) -> str:
    decl = can.get_declaration()
    try:
        under = decl.enum_type if decl is not None else None
    except Exception:  # noqa: BLE001 - libclang raises on some declarations
        under = None
    return (scalar_ctype(under.get_canonical().spelling) if under is not None else None) or "int"


def type_size(t: ci.Type) -> int:
    can = strip_reference(t)
    size = can.get_size()
    if size > 0:
        return size
    return 0


def element_size_of_name(name: str) -> int:
    sizes = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
             "uint64_t": 8, "float": 4, "double": 8, "half": 2, "bfloat16_t": 2, "bool": 1, "char": 1,
             "int": 4, "unsigned": 4, "short": 2, "long": 8, "size_t": 8, "float16_t": 2, "float32_t": 4,
             "unsigned int": 4, "unsigned short": 2, "unsigned char": 1, "long long": 8, "unsigned long": 8,
             "signed char": 1, "unsigned long long": 8}
    return sizes.get(name, sizes.get(ELEMENT_NAMES.get(name, ""), 0))


def dims_head(t: ci.Type) -> tuple[str, tuple[int, ...]] | None:
    """("Shape" | "Stride", static dims) for a pto Shape/Stride type."""
    sp = strip_reference(t).spelling
    for head in ("Shape", "Stride"):
        d = parse_dims(sp, head)
        if d is not None:
            return head, d
    return None


def record_decl(t: ci.Type) -> ci.Cursor | None:
    """The declaration of a struct/class type (through references), None for other types."""
    can = strip_reference(t)
    if can.kind != TK.RECORD:
        return None
    d = can.get_declaration()
    return d if d is not None and d.kind is not None else None


def pointee(t: ci.Type) -> ci.Type | None:
    can = t.get_canonical()
    if can.kind == TK.POINTER:
        return can.get_pointee().get_canonical()
    return None


def array_info(t: ci.Type) -> tuple[ci.Type, int] | None:
    can = strip_reference(t)
    if can.kind == TK.CONSTANTARRAY:
        return can.get_array_element_type(), can.get_array_size()
    return None


def fields(rec: ci.Cursor) -> list[ci.Cursor]:
    """The non-static data members of a record, bases first."""
    def compute(r):
        out: list[ci.Cursor] = []
        for x in children(r):
            if x.kind == K.CXX_BASE_SPECIFIER:
                base = record_decl(x.type)
                if base is not None:
                    out += fields(base)
            elif x.kind == K.FIELD_DECL:
                out.append(x)
        return out

    return memo(rec, "er_fields", compute)


# ---------------------------------------------------------------- functions

def body(fn: ci.Cursor) -> ci.Cursor | None:
    return next((x for x in children(fn) if x.kind == K.COMPOUND_STMT), None)


def in_pto_header(c: ci.Cursor) -> bool:
    name = file_name(c).replace("\\", "/")
    return name.startswith(str(MODEL_INCLUDE)) or "/pto/" in name


def is_builtin(fn: ci.Cursor | None, names: frozenset[str]) -> bool:
    """A PTO builtin (as the frontend recognises one): declared in a pto header, a checked instruction or a
    function returning RecordEvent."""
    if fn is None or fn.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return False
    if not in_pto_header(fn):
        return False
    return fn.spelling in names or fn.result_type.get_canonical().spelling.endswith("RecordEvent")


def in_std(fn: ci.Cursor) -> bool:
    p = fn.semantic_parent
    while p is not None and p.kind in (K.NAMESPACE, K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE,
                                       K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
        if p.kind == K.NAMESPACE and p.spelling == "std":
            return True
        p = p.semantic_parent
    return False


def template_params(tmpl: ci.Cursor) -> list[ci.Cursor]:
    return [c for c in children(tmpl) if c.kind in (
        K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]


def specialized_template(fn: ci.Cursor) -> ci.Cursor | None:
    t = ci.conf.lib.clang_getSpecializedCursorTemplate(fn)
    return t if t is not None and t.kind is not None else None


def targ_kind(fn: ci.Cursor, i: int):
    try:
        return fn.get_template_argument_kind(i)
    except ValueError:
        return None


def explicit_template_args(toks: tuple[str, ...] | list[str]) -> list[list[str]]:
    """The explicit template argument list of a callee's tokens (`F<a, B::c>`), one token list per argument."""
    if "<" not in toks:
        return []
    out: list[list[str]] = [[]]
    depth = 0
    for t in list(toks)[list(toks).index("<") + 1:]:
        if t in ("<", "(", "["):
            depth += 1
        elif t in (")", "]") or (t == ">" and depth > 0):
            depth -= 1
        elif t == ">":
            break
        elif t == ">>":
            if depth <= 1:
                if depth == 1:
                    out[-1].append(">")
                break
            depth -= 2
        elif t == "," and depth == 0:
            out.append([])
            continue
        out[-1].append(t)
    return out if out != [[]] else []


def enumerator_name(enum: ci.Cursor | None, value: int) -> str | None:
    if enum is None or enum.kind != K.ENUM_DECL:
        return None
    for e in children(enum):
        if e.kind == K.ENUM_CONSTANT_DECL and e.enum_value == value:
            return e.spelling
    return None


def builtin_template_args(call: ci.Cursor, fn: ci.Cursor) -> dict[str, str]:
    """Non-type template arguments of a builtin's instantiation by parameter name, enumerators by name (what
    CallSite.template_args holds), read from the instantiation; computed once per call cursor."""
    return dict(memo(call, "er_targs", lambda c: _builtin_template_args(c, fn)))


def _builtin_template_args(call: ci.Cursor, fn: ci.Cursor) -> dict[str, str]:
    out: dict[str, str] = {}
    n = fn.get_num_template_arguments()
    tmpl = specialized_template(fn)
    if n <= 0 or tmpl is None:
        return out
    callee = next(iter(children(call)), None)
    explicit = explicit_template_args(tokens(callee)) if callee is not None else []
    for i, p in enumerate(template_params(tmpl)[:n]):
        if p.kind != K.TEMPLATE_NON_TYPE_PARAMETER or not p.spelling:
            continue
        if targ_kind(fn, i) != ci.TemplateArgumentKind.INTEGRAL:
            continue
        value = template_int(fn, i, p.type)
        ptype = p.type.get_canonical()
        decl = ptype.get_declaration()
        if decl is not None and decl.kind == K.ENUM_DECL:
            name = enumerator_name(decl, value) or str(value)
        elif scalar_ctype(ptype.spelling) is not None:
            name = str(value)
        else:  # `auto`: the enumerator written at the call (or the parameter's default)
            name = _written_enumerator(callee, explicit, i, value) if callee is not None else None
            if name is None:
                written = explicit[i] if i < len(explicit) else [
                    t for x in children(p) if x.kind.is_expression() for t in tokens(x)]
                idents = [t for t in written if t.isidentifier() and t != "typename"]
                name = strip_ns(idents[-1]) if idents else str(value)
        out[p.spelling] = name
    return out


def _written_enumerator(callee: ci.Cursor, explicit: list[list[str]], i: int, value: int) -> str | None:
    """`auto` parameters: the enumerator of the value in the enum of the expression written at position i."""
    if i >= len(explicit):
        return None
    for x in _walk(callee):
        if not x.kind.is_expression():
            continue
        decl = x.type.get_canonical().get_declaration()
        if decl is not None and decl.kind == K.ENUM_DECL and list(tokens(x)) == explicit[i]:
            name = enumerator_name(decl, value)
            if name is not None:
                return name
    return None


def _walk(c: ci.Cursor):
    stack = [c]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(reversed(children(x)))


def call_frame(call: ci.Cursor, fn: ci.Cursor) -> tuple[str, str, int, int]:
    """The instantiation-chain entry of entering `fn` at `call`: (display name, call file, line, column)."""
    from ptolint.frontend.values import display_name

    return memo(call, "er_frame", lambda c: (display_name(fn, c), file_name(c), c.location.line, c.location.column))


def params_of(fn: ci.Cursor) -> tuple[ci.Cursor, ...]:
    return arguments(fn)


def ref(c: ci.Cursor) -> ci.Cursor | None:
    return referenced(c)


def split_args(spelling: str) -> list[str]:
    parts = split_template_args(spelling)
    return parts[1] if parts else []


# ---------------------------------------------------------------- constants libclang computes

_EVAL_READY: list[bool] = []


def _eval_api():
    lib = ci.conf.lib
    if not _EVAL_READY:
        lib.clang_Cursor_Evaluate.argtypes = [ci.Cursor]
        lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
        lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
        lib.clang_EvalResult_getKind.restype = ctypes.c_int
        lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
        lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
        lib.clang_EvalResult_getAsDouble.argtypes = [ctypes.c_void_p]
        lib.clang_EvalResult_getAsDouble.restype = ctypes.c_double
        lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
        _EVAL_READY.append(True)
    return lib


def clang_constant(c: ci.Cursor) -> int | float | None:
    """The value clang gives a literal whose tokens libclang cannot show (a literal spelled inside a function-like
    macro of another file), or a constexpr variable template specialization (`std::is_same_v<T, half>`).

    Only ever asked of those two kinds of cursor, which are fully instantiated constants: evaluating a literal or
    a constexpr variable's initialiser needs no template context (what makes clang_Cursor_Evaluate crash inside
    instantiations when it is asked of dependent expressions)."""
    lib = _eval_api()
    r = lib.clang_Cursor_Evaluate(c)
    if not r:
        return None
    try:
        kind = lib.clang_EvalResult_getKind(r)
        if kind == 1:  # CXEval_Int
            return int(lib.clang_EvalResult_getAsLongLong(r))
        if kind == 2:  # CXEval_Float
            return float(lib.clang_EvalResult_getAsDouble(r))
        return None
    finally:
        lib.clang_EvalResult_dispose(r)

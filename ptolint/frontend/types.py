"""C++ type spellings -> what ptolint needs: Tile template arguments, element type names, C scalar types."""

from __future__ import annotations

import functools
import re

from ptolint.ir import DYNAMIC, FLOAT_TYPES, INT_TYPES, GlobalSpec, TileSpec, split_top

#: canonical spelling (after stripping namespaces/struct) -> the name pto uses for the element type
ELEMENT_NAMES = {
    "signed char": "int8_t",
    "char": "int8_t",
    "unsigned char": "uint8_t",
    "short": "int16_t",
    "unsigned short": "uint16_t",
    "int": "int32_t",
    "unsigned int": "uint32_t",
    "long": "int64_t",
    "unsigned long": "uint64_t",
    "long long": "int64_t",
    "unsigned long long": "uint64_t",
    "float": "float",
    "double": "double",
    "_Float16": "half",
    "__fp16": "half",
    "half": "half",
    "float16_t": "half",
    "__bf16": "bfloat16_t",
    "bfloat16_t": "bfloat16_t",
    "bool": "bool",
}

TILE_DEFAULTS = ["", "", "", "", "RowMajor", None, None, "NoneBox", "512", "Null", "Null"]


@functools.lru_cache(maxsize=4096)
def strip_ns(s: str) -> str:
    s = s.strip()
    s = re.sub(r"\b(struct|class|enum|const|volatile)\s+", "", s)
    s = re.sub(r"\b[A-Za-z_]\w*::", "", s)
    return s.strip()


def split_template_args(spelling: str) -> tuple[str, list[str]] | None:
    """'ns::Name<a, b<c, d>, e>' -> ('ns::Name', ['a', 'b<c, d>', 'e'])."""
    spelling = spelling.strip()
    lt = spelling.find("<")
    if lt < 0 or not spelling.endswith(">"):
        return None
    head, body = spelling[:lt], spelling[lt + 1:-1]
    return head.strip(), split_top(body)


def element_name(spelling: str) -> str:
    s = strip_ns(spelling)
    return ELEMENT_NAMES.get(s, s)


@functools.lru_cache(maxsize=4096)
def scalar_ctype(spelling: str) -> str | None:
    """Canonical C scalar type name for an integer/float type spelling, None for other types."""
    s = strip_ns(spelling).replace("const ", "")
    if s.endswith("&"):
        s = s[:-1].strip()
    if s in INT_TYPES:
        return s
    if s in FLOAT_TYPES or ELEMENT_NAMES.get(s) in ("half", "bfloat16_t", "float", "double"):
        return ELEMENT_NAMES.get(s, s)
    if s in ("signed", "unsigned"):
        return "int" if s == "signed" else "unsigned int"
    return None


def _int(s: str) -> int:
    s = s.strip().rstrip("uUlL")
    return int(s, 0)


def is_tile_spelling(spelling: str) -> bool:
    s = spelling.replace("const ", "").strip()
    return bool(re.match(r"^(pto::)?Tile<", s))


@functools.lru_cache(maxsize=4096)
def parse_tile(spelling: str, elem_size: int = 0) -> TileSpec | None:
    """The TileSpec of a canonical `pto::Tile<...>` spelling (defaulted arguments filled in); remembered per
    spelling (a kernel's instantiations declare the same few tile types again and again)."""
    s = spelling.replace("const ", "").strip().rstrip("&").strip()
    parts = split_template_args(s)
    if not parts or strip_ns(parts[0]) != "Tile":
        return None
    args = parts[1]
    if len(args) < 4:
        return None
    vals = list(args) + [None] * (11 - len(args))
    try:
        rows, cols = _int(vals[2]), _int(vals[3])
        blayout = strip_ns(vals[4]) if vals[4] else TILE_DEFAULTS[4]
        vr = _int(vals[5]) if vals[5] else rows
        vc = _int(vals[6]) if vals[6] else cols
        slayout = strip_ns(vals[7]) if vals[7] else TILE_DEFAULTS[7]
        fractal = _int(vals[8]) if vals[8] else 512
    except ValueError:
        return None
    pad = strip_ns(vals[9]) if vals[9] else "Null"
    compact = strip_ns(vals[10]) if vals[10] else "Null"
    return TileSpec(
        loc=strip_ns(vals[0]),
        dtype=element_name(vals[1]),
        rows=rows,
        cols=cols,
        blayout=blayout,
        valid_row=DYNAMIC if vr < 0 else vr,
        valid_col=DYNAMIC if vc < 0 else vc,
        slayout=slayout,
        fractal=fractal,
        pad=pad,
        compact=compact,
        elem_size=elem_size,
        spelling=s,
    )


#: pto::Layout enumerators in declaration order (a canonical spelling may show `(pto::Layout)2`)
LAYOUTS = ("ND", "DN", "NZ", "SCALE", "MX_A_ND", "MX_A_DN", "MX_A_ZZ", "MX_B_ND", "MX_B_DN", "MX_B_NN",
           "HIF4_A_ZZ", "HIF4_B_NN", "NC1HWC0", "GNC1HWC0")


#: sizeof of element and scalar type names (the 2-D shape helpers' C0 is 32 / sizeof(T))
ELEMENT_SIZES = {
    "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
    "uint64_t": 8, "float": 4, "double": 8, "half": 2, "bfloat16_t": 2, "bool": 1, "char": 1, "int": 4,
    "unsigned": 4, "short": 2, "long": 8, "size_t": 8, "float16_t": 2, "float32_t": 4,
    "float8_e4m3_t": 1, "float8_e5m2_t": 1, "float8_e8m0_t": 1, "hifloat8_t": 1, "float4_e2m1x2_t": 1,
    "float4_e1m2x2_t": 1,
}

#: The 2-D helpers of pto_tile.hpp: TileShape2D<T, rows, cols, Layout> is a Shape, BaseShape2D<...> a Stride, each
#: derived from the five-dimensional one with these dimensions. A term is an int, "C0" (32 / sizeof(T)), "r", "c",
#: "rc" (rows * cols) or (a, "/" | "*", k) with a one of those and k an int or "C0"; the same terms give the five
#: values of the helper's (rows, cols) constructor (include/pto/common/pto_tile.hpp ~l.661-1070).
Term = int | str | tuple[int | str, str, int | str]
SHAPE2D: dict[tuple[str, str], tuple[Term, ...]] = {
    ("TileShape2D", "ND"): (1, 1, 1, "r", "c"),
    ("TileShape2D", "DN"): (1, 1, 1, "r", "c"),
    ("TileShape2D", "NZ"): (1, ("c", "/", "C0"), ("r", "/", 16), 16, "C0"),
    ("BaseShape2D", "ND"): ("rc", "rc", "rc", "c", 1),
    ("BaseShape2D", "DN"): ("rc", "rc", "rc", 1, "r"),
    ("BaseShape2D", "NZ"): ("rc", ("r", "*", "C0"), (16, "*", "C0"), "C0", 1),
    # MX / HIF4 scale layouts: MX_ROW_LEN 16, MX_COL_LEN 2, MX_BLOCK_SIZE 32; HIF4_ROW_LEN 16, HIF4_COL_LEN 4,
    # HIF4_BLOCK_SIZE 64 (common/constants.hpp)
    ("TileShape2D", "MX_A_ZZ"): (1, ("r", "/", 16), ("c", "/", 2), 16, 2),
    ("BaseShape2D", "MX_A_ZZ"): ("rc", ("c", "*", 16), 32, 2, 1),
    ("TileShape2D", "MX_A_ND"): (1, 1, "r", ("c", "/", 2), 2),
    ("BaseShape2D", "MX_A_ND"): ("rc", "rc", "c", 2, 1),
    ("TileShape2D", "MX_A_DN"): (1, 1, ("c", "/", 2), "r", 2),
    ("BaseShape2D", "MX_A_DN"): ("rc", "rc", ("r", "*", 2), 2, 1),
    ("TileShape2D", "MX_B_NN"): (1, ("c", "/", 16), ("r", "/", 2), 16, 2),
    ("BaseShape2D", "MX_B_NN"): ("rc", ("r", "*", 16), 32, 2, 1),
    ("TileShape2D", "MX_B_ND"): (1, 1, ("r", "/", 2), "c", 2),
    ("BaseShape2D", "MX_B_ND"): ("rc", "rc", ("c", "*", 2), 2, 1),
    ("TileShape2D", "MX_B_DN"): (1, 1, "c", ("r", "/", 2), 2),
    ("BaseShape2D", "MX_B_DN"): ("rc", "rc", "r", 2, 1),
    ("TileShape2D", "HIF4_A_ZZ"): (1, ("r", "/", 16), "c", 16, 4),
    ("BaseShape2D", "HIF4_A_ZZ"): ("rc", ("c", "*", 16), 64, 4, 1),
    ("TileShape2D", "HIF4_B_NN"): (1, ("c", "/", 16), "r", 16, 4),
    ("BaseShape2D", "HIF4_B_NN"): ("rc", ("r", "*", 16), 64, 4, 1),
}
SHAPE2D_HEADS = {"TileShape2D": "Shape", "BaseShape2D": "Stride"}


@functools.lru_cache(maxsize=1024)
def shape2d_of(spelling: str) -> tuple[str, str, int, int, int] | None:
    """(helper, layout, sizeof(T), rows, cols) of a `TileShape2D<...>` / `BaseShape2D<...>` spelling whose layout
    is modelled (rows / cols DYNAMIC when not static), else None."""
    parts = split_template_args(spelling.replace("const ", "").strip().rstrip("&").strip())
    if parts is None or strip_ns(parts[0]) not in SHAPE2D_HEADS or not parts[1]:
        return None
    helper, args = strip_ns(parts[0]), parts[1]
    try:
        rows = _int(args[1]) if len(args) > 1 else DYNAMIC
        cols = _int(args[2]) if len(args) > 2 else DYNAMIC
    except ValueError:
        return None
    layout = layout_name(args[3]) if len(args) > 3 else "ND"
    size = ELEMENT_SIZES.get(element_name(args[0]), 0)
    if (helper, layout) not in SHAPE2D or size == 0:
        return None
    return helper, layout, size, rows, cols


def shape2d_eval(helper: str, layout: str, size: int, rows, cols, const, mul, div) -> list:
    """The five dims of a modelled 2-D helper on rows / cols (sizeof(T) = size), with the caller's arithmetic
    (ints, IR expressions ...): `const(k)`, `mul(a, b)`, `div(a, b)` (C++ truncating division)."""
    c0 = 32 // size

    def ev(t: Term):
        if isinstance(t, tuple):
            a, b = ev(t[0]), ev(t[2])
            return div(a, b) if t[1] == "/" else mul(a, b)
        if isinstance(t, int):
            return const(t)
        return {"C0": const(c0), "r": rows, "c": cols, "rc": mul(rows, cols)}[t]

    return [ev(t) for t in SHAPE2D[helper, layout]]


def _static_dims2d(spelling: str, head: str) -> tuple[int, ...] | None:
    """The five static dims of a modelled 2-D helper spelling standing for a `head` (Shape / Stride)."""
    info = shape2d_of(spelling)
    if info is None or SHAPE2D_HEADS[info[0]] != head:
        return None
    helper, layout, size, rows, cols = info

    def mul(a: int, b: int) -> int:
        return DYNAMIC if DYNAMIC in (a, b) else a * b

    def div(a: int, b: int) -> int:
        return DYNAMIC if DYNAMIC in (a, b) else trunc_div(a, b)

    return tuple(shape2d_eval(helper, layout, size, rows, cols, lambda k: k, mul, div))


def trunc_div(a: int, b: int) -> int:
    """C++ integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def shape2d_ctor(spelling: str, vals: list, const, mul, div) -> list:
    """Constructor arguments of a Shape / Stride object as the five-value (or fewer) form: a 2-D helper's own
    (rows, cols) constructor passes the five dims of its layout positionally; any other count is the inherited
    Shape / Stride constructor, unchanged."""
    info = shape2d_of(spelling)
    if info is None or len(vals) != 2:
        return vals
    helper, layout, size, _, _ = info
    return shape2d_eval(helper, layout, size, vals[0], vals[1], const, mul, div)


@functools.lru_cache(maxsize=4096)
def parse_dims(spelling: str, head: str) -> tuple[int, ...] | None:
    """The five static extents of a `pto::Shape<...>` / `pto::Stride<...>` spelling (omitted ones DYNAMIC), or
    of a `TileShape2D<...>` (a Shape) / `BaseShape2D<...>` (a Stride) with a modelled layout."""
    parts = split_template_args(spelling.replace("const ", "").strip().rstrip("&").strip())
    if parts is None:
        return (DYNAMIC,) * 5 if strip_ns(spelling.rstrip("&").strip()) == head else None
    if strip_ns(parts[0]) in SHAPE2D_HEADS:
        return _static_dims2d(spelling, head)
    if strip_ns(parts[0]) != head:
        return None
    try:
        dims = [_int(a) for a in parts[1]]
    except ValueError:
        return None
    if len(dims) > 5:
        return None
    return tuple(dims + [DYNAMIC] * (5 - len(dims)))


def layout_name(spelling: str) -> str:
    s = strip_ns(spelling)
    m = re.fullmatch(r"\(\s*Layout\s*\)\s*(\d+)", s)
    if m:
        i = int(m.group(1))
        return LAYOUTS[i] if i < len(LAYOUTS) else s
    return s


def is_global_spelling(spelling: str) -> bool:
    s = spelling.replace("const ", "").strip()
    return bool(re.match(r"^(pto::)?GlobalTensor<", s))


@functools.lru_cache(maxsize=4096)
def parse_global(spelling: str) -> GlobalSpec | None:
    """The GlobalSpec of a canonical `pto::GlobalTensor<...>` spelling (remembered per spelling)."""
    s = spelling.replace("const ", "").strip().rstrip("&").strip()
    parts = split_template_args(s)
    if not parts or strip_ns(parts[0]) != "GlobalTensor" or len(parts[1]) < 3:
        return None
    args = parts[1]
    shape, stride = parse_dims(args[1], "Shape"), parse_dims(args[2], "Stride")
    if shape is None or stride is None:
        return None
    elem = re.sub(r"__attribute__\(\((?:[^()]|\([^()]*\))*\)\)\s*", "", args[0]).replace("__gm__", "").strip()
    layout = layout_name(args[3]) if len(args) > 3 else "ND"
    return GlobalSpec(dtype=element_name(elem), shape=shape, stride=stride, layout=layout, spelling=s)

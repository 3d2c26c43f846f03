"""C++ type spellings -> what ptolint needs: Tile template arguments, element type names, C scalar types."""

from __future__ import annotations

import functools
import re

from ptolint.ir import DYNAMIC, FLOAT_TYPES, INT_TYPES, GlobalSpec, TileSpec

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
    args, depth, cur = [], 0, []
    for ch in body:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        args.append("".join(cur).strip())
    return head.strip(), args


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


def parse_tile(spelling: str, elem_size: int = 0) -> TileSpec | None:
    """The TileSpec of a canonical `pto::Tile<...>` spelling (defaulted arguments filled in)."""
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


def parse_dims(spelling: str, head: str) -> tuple[int, ...] | None:
    """The five static extents of a `pto::Shape<...>` / `pto::Stride<...>` spelling (omitted ones DYNAMIC)."""
    parts = split_template_args(spelling.replace("const ", "").strip().rstrip("&").strip())
    if parts is None:
        return (DYNAMIC,) * 5 if strip_ns(spelling.rstrip("&").strip()) == head else None
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


def parse_global(spelling: str) -> GlobalSpec | None:
    """The GlobalSpec of a canonical `pto::GlobalTensor<...>` spelling."""
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

"""Gathering and scattering (PTO990..PTO999, PTO958, PTO978): TGATHER (index, mask-pattern and compare forms), TSCATTER (index
and mask-pattern forms), MGATHER (UB tile indices, and the GM->L1 path) and MSCATTER (UB tile indices).

One declarative table, `FACTS[(instruction, form)][target]`, written from include/pto/npu/a2a3/TGather.hpp,
TScatter.hpp, MGather.hpp, MScatter.hpp and their a5/ counterparts, and one rule function per constraint
shape. Operand names are the model header's: TGATHER(dst, src0, src1, tmp) (index form),
TGATHER<Dst, Src, maskPattern, gatherType>(dst, src) (mask form), TGATHER<..., cmpMode>(dst, src0, k_value,
cdst, tmp, offset) (compare form); TSCATTER(dst, src, indexes), TSCATTER<maskPattern, ScatterType>(dst, src);
MGATHER(dst, src, indexes[, scratch]) with src a GlobalTensor (GM->L1: indexes and scratch GlobalTensors too);
MSCATTER(dst, src, indexes) with dst a GlobalTensor.

What the headers do (static_assert unless said otherwise):
- TGATHER index form. A2/A3 (CheckValid): dst element 2 or 4 bytes, src1 (indices) 4 bytes, src0 == dst type,
  tmp == src1 type; no location or layout check. For each of dst's valid rows i it multiplies `validCol`
  indices from `src1 + i * src1.Cols` by sizeof(T) (16-bit data: into `tmp + i * dst.Cols`, as 32-bit words)
  and gathers from src0. A5 (CheckValid): dst 1/2/4/8 bytes, indices 2 or 4 bytes (4 for 8-byte data),
  src0 == dst type; reads indices at `src1 + i * src1.Cols` over dst's valid region; tmp unused.
- TGATHER mask form: A2/A3 src 2 or 4 bytes, A5 a list of 1/2/4/8-byte types (both dst and src); dst and src
  the same size, Vec, row-major. GATHER_ROW: PTO_ASSERT dst.GetValidCol() == Dst::Cols (the selected elements
  are written contiguously); GATHER_COL: PTO_ASSERT src.validRow == dst.validRow * times(mask).
- TGATHER compare form: dst int32/uint32; src0 half/float (int32 with EQ) on A2/A3, a list of 8/16/32-bit types
  on A5; A5 also k_value uint16/uint32; A2/A3 dst and src0 Vec.
- TSCATTER index form: dst == src type from a list (A5 adds 64-bit types); index 16/32-bit int, 4 bytes for
  4-byte data (and 8-byte data on A5), 2 bytes for 1- and 2-byte data; dst, src, indexes Vec. Zeroes dst,
  then for each element (i, j) of the INDEX tile's valid region writes src[i * src.Cols + j] to dst[idx].
- TSCATTER mask form: P1111 is a TMOV (PTO_ASSERT equal valid shapes). Other patterns: the dst type list,
  dst == src type, Vec; SCATTER_ROW: PTO_ASSERT dst.validRow == src.validRow and dst.validCol ==
  src.validCol * times(mask); SCATTER_COL: dst.validCol == src.validCol, dst.validRow == src.validRow * times.
- MGATHER / MSCATTER with a UB index tile: data types int8..float (+ 8-bit floats on A5), index int32/uint32, the
  GlobalTensor's element type == the tile's, data and index tiles Vec; A2/A3 also index tile row-major and ND, the
  table Layout::ND with an ND data tile or Layout::NZ (staticShape[3] 16, [4] C0) with an NZ data tile (PTO978).
  Static valid shapes (PTO958; a DYNAMIC one is skipped on A2/A3, read as uint32_t 4294967295 on A5, where the
  checks cast them): Coalesce::Row (the default) index valid shape [1, R] (A5 also [R, 1]) for the data tile's R
  valid rows, A5 also the table's staticShape[4] == the data tile's valid columns; Coalesce::Elem index valid
  shape == the data tile's.
- MGATHER GM->L1 (MGatherCheckGm2L1, both targets alike): taken by a three-operand call whose dst is a Mat tile
  and by every four-operand call (with a GM scratch tensor, whatever dst is). dst int8..float (+ 8-bit floats
  on A5), a Mat tile in NZ (BLayout::ColMajor + SLayout::RowMajor + SFractalSize 512; Rows % 16 and Cols % C0
  are then the Tile class invariant, PTO004); the table a Layout::ND GlobalTensor of dst's type; the indices a GM
  int32_t/uint32_t GlobalTensor; the scratch of dst's type; A5's SIMT executor (GatherExec::Simt) only with
  Coalesce::Elem.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

A2 = "include/pto/npu/a2a3/"
A5 = "include/pto/npu/a5/"
#: Kirin 9030's own TGather.hpp, which all three Kirins compile (ptolint/own_impls.py key "kirin9030"); its type
#: checks name no element type the Kirin header.hpp files rename
K9030 = "include/pto/npu/kirin9030/"
KIRIN = "kirin9030"
DOCS = "docs/isa/"

SIZES = {
    "int8_t": 1, "uint8_t": 1, "float8_e4m3_t": 1, "float8_e5m2_t": 1, "hifloat8_t": 1,
    "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2,
    "int32_t": 4, "uint32_t": 4, "float": 4,
    "int64_t": 8, "uint64_t": 8, "double": 8,
}


def _by_size(*sizes: int) -> frozenset[str]:
    return frozenset(t for t, s in SIZES.items() if s in sizes and t != "double")


INT_TYPES = frozenset({"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"})
BASE_TYPES = INT_TYPES | {"half", "bfloat16_t", "float"}  # int8..uint32, half, bfloat16, float
FP8 = frozenset({"float8_e4m3_t", "float8_e5m2_t", "hifloat8_t"})
I64 = frozenset({"int64_t", "uint64_t"})
IDX16_32 = frozenset({"int16_t", "uint16_t", "int32_t", "uint32_t"})
IDX32 = frozenset({"int32_t", "uint32_t"})


#: MSCATTER's atomic scatter (`ScatterAtomicOp Atomic` template argument) -> the src element types it takes, per
#: target (MScatterCheck: A2/A3 IsValidMScatterAtomic, A5 IsValidScatterAtomic); None scatters any type, an op the
#: target does not list (A2/A3 Max / Min) takes none
SCATTER_ATOMIC: dict[str, dict[str, frozenset[str]]] = {
    "a2a3": {"Add": frozenset({"int8_t", "int16_t", "int32_t", "half", "bfloat16_t", "float"})},
    "a5": {"Add": frozenset({"int32_t", "uint32_t", "half", "bfloat16_t", "float"}),
           "Max": frozenset({"int32_t", "uint32_t", "float"}), "Min": frozenset({"int32_t", "uint32_t", "float"})},
}
_ATOMIC_OPS = ("None", "Add", "Max", "Min")  # ScatterAtomicOp's enumerators in value order (common/type.hpp)


@dataclass(frozen=True)
class Facts:
    """What one target's implementation of one form of a gather/scatter instruction checks (static_assert)."""

    hdr: str
    allowed: tuple[tuple[str, frozenset[str]], ...]  # data operand -> accepted element types
    index: str = ""  # the index operand
    index_types: frozenset[str] = frozenset()  # accepted index element types
    index_sizes: tuple[tuple[int, frozenset[int]], ...] = ()  # data size -> accepted index sizes
    same: tuple[tuple[str, str], ...] = ()  # (operand, operand) with equal element types
    same_size: tuple[tuple[str, str], ...] = ()  # (operand, operand) with equal element sizes
    vec: tuple[str, ...] = ()  # Loc == TileType::Vec
    row_major: tuple[str, ...] = ()  # BLayout::RowMajor
    mat: tuple[str, ...] = ()  # Loc == TileType::Mat
    nz: tuple[str, ...] = ()  # NZ tiles: BLayout::ColMajor + SLayout::RowMajor + SFractalSize 512
    nd: tuple[str, ...] = ()  # GlobalTensors of Layout::ND
    gm: tuple[str, ...] = ()  # operands that must be GlobalTensors (in GM), not tiles
    simt_elem: bool = False  # GatherExec::Simt needs Coalesce::Elem


_SCATTER_IDX_SIZES = ((4, frozenset({4})), (2, frozenset({2})), (1, frozenset({2})))

FACTS: dict[tuple[str, str], dict[str, Facts]] = {
    ("TGATHER", "index"): {
        "a2a3": Facts(A2 + "TGather.hpp (CheckValid)", (("dst", _by_size(2, 4)),), "src1", _by_size(4),
                      same=(("src0", "dst"), ("tmp", "src1"))),
        "a5": Facts(A5 + "TGather.hpp (CheckValid)", (("dst", _by_size(1, 2, 4, 8)),), "src1", _by_size(2, 4),
                    ((8, frozenset({4})),), same=(("src0", "dst"),)),
        KIRIN: Facts(K9030 + "TGather.hpp (CheckValid)", (("dst", INT_TYPES | {"half", "float"}),), "src1",
                     IDX16_32 | {"half", "float"}, same=(("src0", "dst"),)),
    },
    ("TGATHER", "mask"): {
        "a2a3": Facts(A2 + "TGather.hpp (TGATHER_IMPL(dst, src))", (("src", _by_size(2, 4)),),
                      same_size=(("dst", "src"),), vec=("dst", "src"), row_major=("dst", "src")),
        "a5": Facts(A5 + "TGather.hpp (TGATHER_IMPL(dst, src))", (("src", BASE_TYPES | FP8 | I64),
                                                                  ("dst", BASE_TYPES | FP8 | I64)),
                    same_size=(("dst", "src"),), vec=("dst", "src"), row_major=("dst", "src")),
        KIRIN: Facts(K9030 + "TGather.hpp (TGATHER_IMPL(dst, src))", (("src", INT_TYPES | {"half", "float"}),
                                                                      ("dst", INT_TYPES | {"half", "float"})),
                     same_size=(("dst", "src"),), vec=("dst", "src"), row_major=("dst", "src")),
    },
    ("TGATHER", "cmp"): {
        "a2a3": Facts(A2 + "TGather.hpp (TGATHER_IMPL compare form)",
                      (("dst", IDX32), ("src0", frozenset({"half", "float", "int32_t"}))), vec=("dst", "src0")),
        "a5": Facts(A5 + "TGather.hpp (TGATHER_IMPL compare form)",
                    (("dst", IDX32), ("src0", INT_TYPES | {"half", "float"})), "k_value",
                    frozenset({"uint16_t", "uint32_t"})),
    },
    ("TSCATTER", "index"): {
        "a2a3": Facts(A2 + "TScatter.hpp (TSCATTER_IMPL(dst, src, idx))", (("dst", BASE_TYPES),), "indexes",
                      IDX16_32, _SCATTER_IDX_SIZES, same=(("src", "dst"),), vec=("dst", "src", "indexes")),
        "a5": Facts(A5 + "TScatter.hpp (TSCATTER_IMPL(dst, src, idx))", (("dst", BASE_TYPES | I64),), "indexes",
                    IDX16_32, _SCATTER_IDX_SIZES + ((8, frozenset({4})),), same=(("src", "dst"),),
                    vec=("dst", "src", "indexes")),
    },
    ("TSCATTER", "mask"): {
        "a2a3": Facts(A2 + "TScatter.hpp (TSCATTER_IMPL(dst, src), mask != P1111)", (("dst", BASE_TYPES),),
                      same=(("src", "dst"),), vec=("dst", "src")),
        "a5": Facts(A5 + "TScatter.hpp (TSCATTER_IMPL(dst, src), mask != P1111)", (("dst", BASE_TYPES | I64),),
                    same=(("src", "dst"),), vec=("dst", "src")),
    },
    ("MGATHER", "tile"): {
        "a2a3": Facts(A2 + "MGather.hpp (MGatherCheck)", (("dst", BASE_TYPES),), "indexes", IDX32,
                      same=(("src", "dst"),), vec=("dst", "indexes"), row_major=("indexes",)),
        "a5": Facts(A5 + "MGather.hpp (MGatherCheck)", (("dst", BASE_TYPES | FP8),), "indexes", IDX32,
                    same=(("src", "dst"),), vec=("dst", "indexes")),
    },
    ("MGATHER", "l1"): {
        "a2a3": Facts(A2 + "MGather.hpp (MGatherCheckGm2L1)", (("dst", BASE_TYPES),), "indexes", IDX32,
                      same=(("src", "dst"), ("scratch", "dst")), mat=("dst",), nz=("dst",), nd=("src",),
                      gm=("indexes",)),
        "a5": Facts(A5 + "MGather.hpp (MGatherCheckGm2L1)", (("dst", BASE_TYPES | FP8),), "indexes", IDX32,
                    same=(("src", "dst"), ("scratch", "dst")), mat=("dst",), nz=("dst",), nd=("src",),
                    gm=("indexes",), simt_elem=True),
    },
    ("MSCATTER", "tile"): {
        "a2a3": Facts(A2 + "MScatter.hpp (MScatterCheck)", (("src", BASE_TYPES),), "indexes", IDX32,
                      same=(("dst", "src"),), vec=("src", "indexes"), row_major=("indexes",)),
        "a5": Facts(A5 + "MScatter.hpp (MScatterCheck)", (("src", BASE_TYPES | FP8),), "indexes", IDX32,
                    same=(("dst", "src"),), vec=("src", "indexes")),
    },
}
INSTR = tuple(sorted({k[0] for k in FACTS}))
HDRS = "; ".join(sorted({f.hdr.split(" (")[0] for fs in FACTS.values() for f in fs.values()}))
#: the own files whose facts FACTS holds, per builtin (ptolint/own_impls.py keys)
OWN = {KIRIN: ("TGATHER",)}

_PATTERNS = {"P0101": 1, "P1010": 2, "P0001": 3, "P0010": 4, "P0100": 5, "P1000": 6, "P1111": 7}
_TIMES = {1: 2, 2: 2, 3: 4, 4: 4, 5: 4, 6: 4, 7: 1}
_OFFSET = {1: 0, 2: 1, 3: 0, 4: 1, 5: 2, 6: 3, 7: 0}


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _mask(ctx: Ctx) -> int | None:
    """The MaskPattern template argument as its value 1..7 (P1111 = 7 when absent), None when unreadable."""
    raw = ctx.template_args.get("maskPattern")
    if raw is None:
        return 7
    m = re.search(r"P[01]{4}", raw)
    if m:
        return _PATTERNS.get(m.group(0))
    m = re.search(r"\d+", raw)
    return int(m.group(0)) if m and 1 <= int(m.group(0)) <= 7 else None


def _mask_scatter(ctx: Ctx) -> tuple[TileView, TileView, int, int] | None:
    """(dst, src, times, offset) of a mask-form TSCATTER that compiles with a readable MaskPattern, else None."""
    if ctx.builtin != "TSCATTER" or _form(ctx) != "mask":
        return None
    f = _facts(ctx)
    mask = _mask(ctx)
    if f is None or mask is None or not _compiles(ctx, f):
        return None
    return ctx.tile("dst"), ctx.tile("src"), _TIMES[mask], _OFFSET[mask]


def _axis_col(ctx: Ctx, name: str) -> bool:
    """True for GATHER_COL / SCATTER_COL, False for the row axis. The parser fills an omitted `auto` axis
    argument with an unrelated spelling (a MaskPattern enumerator or a parameter name): that is the default,
    the row axis."""
    raw = ctx.template_args.get(name, "")
    if "COL" in raw:
        return True
    return raw.strip() == "1"


def _form(ctx: Ctx) -> str | None:
    b = ctx.builtin
    if b in ("TGATHER", "TSCATTER") and ctx.tile("dst") is None:
        return None  # dst's type was not understood (e.g. a parse error): no form to judge
    if b == "TGATHER":
        if ctx.tile("k_value") is not None:
            return "cmp"
        if ctx.tile("src1") is not None:
            return "index"
        return "mask" if ctx.tile("src") is not None else None
    if b == "TSCATTER":
        if ctx.tile("indexes") is not None:
            return "index"
        return "mask" if _mask(ctx) not in (7, None) else None  # P1111 is a TMOV
    if b == "MGATHER":
        dst = ctx.tile("dst")
        if dst is None or _dtype(ctx, "indexes") is None:
            return None
        return "l1" if dst.loc == "Mat" or _dtype(ctx, "scratch") is not None else "tile"
    if b == "MSCATTER":
        return "tile" if ctx.tile("indexes") is not None and ctx.tile("src") is not None else None
    return None


def _facts(ctx: Ctx) -> Facts | None:
    form = _form(ctx)
    if form is None:
        return None
    return FACTS.get((ctx.builtin, form), {}).get(ctx.impl)


def _dtype(ctx: Ctx, name: str) -> tuple[str, str] | None:
    """(element type, source text) of a tile or GlobalTensor operand."""
    t = ctx.tile(name)
    if t is not None:
        return t.dtype, t.text
    g = ctx.global_tensor(name)
    if g is not None:
        return g.dtype, g.text
    return None


def _size(dtype: str) -> int:
    return SIZES.get(dtype, 0)


def _atomic(ctx: Ctx) -> str | None:
    """MSCATTER's ScatterAtomicOp template argument as its enumerator name ("None" when absent), None when
    unreadable."""
    raw = ctx.template_args.get("Atomic")
    if raw is None:
        return "None"
    m = re.search(r"\b(None|Add|Max|Min)\b", raw)
    if m:
        return m.group(1)
    m = re.fullmatch(r"\s*(\d+)\s*", raw)
    return _ATOMIC_OPS[int(m.group(1))] if m and int(m.group(1)) < len(_ATOMIC_OPS) else None


def _data_problems(ctx: Ctx, f: Facts) -> list[str]:
    out = []
    for name, ok in f.allowed:
        t = _dtype(ctx, name)
        if t is not None and t[0] in SIZES and t[0] not in ok:
            out.append(f"{name} `{_esc(t[1])}` has element type {t[0]}")
    op = _atomic(ctx) if ctx.builtin == "MSCATTER" and ctx.impl in SCATTER_ATOMIC else None
    src = _dtype(ctx, "src")
    if not out and op not in (None, "None") and src is not None and src[0] in SIZES and \
            src[0] not in SCATTER_ATOMIC[ctx.impl].get(op, frozenset()):
        out.append(f"src `{_esc(src[1])}` has element type {src[0]}, which ScatterAtomicOp::{op} does not scatter")
    return out


def _index_problems(ctx: Ctx, f: Facts) -> list[str]:
    idx = _dtype(ctx, f.index) if f.index else None  # a tile, or a GlobalTensor on the GM->L1 path
    if idx is None or idx[0] not in SIZES:
        return []
    dtype, text = idx
    if dtype not in f.index_types:
        return [f"{f.index} `{_esc(text)}` has element type {dtype} (accepted: {', '.join(sorted(f.index_types))})"]
    data = _dtype(ctx, f.allowed[0][0])
    if data is None or not f.index_sizes:
        return []
    want = dict(f.index_sizes).get(_size(data[0]))
    if want is not None and _size(dtype) not in want:
        return [f"{f.index} `{_esc(text)}` has {_size(dtype)}-byte elements ({dtype}) but "
                f"{_size(data[0])}-byte data ({data[0]}) needs {'/'.join(str(s) for s in sorted(want))}-byte indices"]
    return []


def _mismatch_problems(ctx: Ctx, f: Facts) -> list[str]:
    out = []
    for a, b in f.same:
        ta, tb = _dtype(ctx, a), _dtype(ctx, b)
        if ta is not None and tb is not None and ta[0] != tb[0]:
            out.append(f"{a} `{_esc(ta[1])}` is {ta[0]} but {b} `{_esc(tb[1])}` is {tb[0]}")
    for a, b in f.same_size:
        ta, tb = _dtype(ctx, a), _dtype(ctx, b)
        if ta is not None and tb is not None and _size(ta[0]) and _size(tb[0]) and _size(ta[0]) != _size(tb[0]):
            out.append(f"{a} `{_esc(ta[1])}` is {ta[0]} ({_size(ta[0])} bytes) but {b} `{_esc(tb[1])}` is {tb[0]} "
                       f"({_size(tb[0])} bytes)")
    return out


def _present(ctx: Ctx, names: tuple[str, ...]) -> list[tuple[str, TileView]]:
    return [(n, t) for n in names if (t := ctx.tile(n)) is not None]


def _loc_problems(ctx: Ctx, f: Facts) -> list[str]:
    out = [f"{n} `{_esc(t.text)}` is TileType::{t.loc}" for n, t in _present(ctx, f.vec) if t.loc != "Vec"]
    return out + [f"{n} `{_esc(g.text)}` is a GlobalTensor (GM indices take the GM->L1 path: a Mat dst)"
                  for n in f.vec if (g := ctx.global_tensor(n)) is not None]


def _ub_parts(ctx: Ctx) -> tuple[TileView, TileView, object] | None:
    """(data tile, index tile, table) of an MGATHER / MSCATTER call on the UB path (form "tile")."""
    if _form(ctx) != "tile" or ctx.builtin not in ("MGATHER", "MSCATTER"):
        return None
    data, table = ("dst", "src") if ctx.builtin == "MGATHER" else ("src", "dst")
    d, i, g = ctx.tile(data), ctx.tile("indexes"), ctx.global_tensor(table)
    return (d, i, g) if d is not None and i is not None and g is not None else None


def _ub_layout_problems(ctx: Ctx) -> list[str]:
    """A2/A3 MGatherCheck / MScatterCheck: the index tile ND, the table ND or NZ and paired with the data tile's
    layout, an NZ table's static inner shape 16 x C0."""
    parts = _ub_parts(ctx)
    if parts is None or ctx.impl != "a2a3":
        return []
    d, i, g = parts
    out = [f"indexes `{_esc(i.text)}` is SLayout::{i.slayout} (must be ND: SLayout::NoneBox)"] if i.boxed else []
    nd = d.spec.is_row_major and not d.boxed
    if g.layout not in ("ND", "NZ"):
        out.append(f"table `{_esc(g.text)}` is Layout::{g.layout} (ND or NZ only)")
    elif (g.layout == "ND") != nd or (g.layout == "NZ" and not _is_nz(d)):
        want = "ND (BLayout::RowMajor + SLayout::NoneBox)" if g.layout == "ND" else \
            "NZ (BLayout::ColMajor + SLayout::RowMajor + SFractalSize 512)"
        out.append(f"table `{_esc(g.text)}` is Layout::{g.layout} but {d.name} `{_esc(d.text)}` is BLayout::"
                   f"{d.blayout} + SLayout::{d.slayout} (a Layout::{g.layout} table pairs with an {want} tile)")
    c0 = 32 // _size(d.dtype) if _size(d.dtype) else 0
    if g.layout == "NZ" and c0 and (g.spec.shape[3], g.spec.shape[4]) != (16, c0):
        out.append(f"NZ table `{_esc(g.text)}` has static inner shape {g.spec.shape[3]} x {g.spec.shape[4]} "
                   f"(must be 16 x {c0})")
    return out


def _ub_shape_problems(ctx: Ctx) -> list[str]:
    """MGatherCheck / MScatterCheck on static valid shapes (A5 compares them as uint32_t: DYNAMIC is 4294967295)."""
    parts = _ub_parts(ctx)
    if parts is None:
        return []
    d, i, g = parts
    a5 = ctx.impl == "a5"

    def dim(v: int) -> int:
        return v & 0xFFFFFFFF if a5 else v

    dr, dc, ir, ic = dim(d.spec.valid_row), dim(d.spec.valid_col), dim(i.spec.valid_row), dim(i.spec.valid_col)
    mode = ctx.template_args.get("CMode" if ctx.builtin == "MGATHER" else "Mode", "")
    elem = "Elem" in mode or mode.strip() == "1"
    shown = f"indexes `{_esc(i.text)}` valid shape [{ir}, {ic}], {d.name} `{_esc(d.text)}` valid shape [{dr}, {dc}]"
    if a5 and -1 in (d.spec.valid_row, d.spec.valid_col, i.spec.valid_row, i.spec.valid_col):
        shown += " (A5 compares a DYNAMIC valid dimension as uint32_t: 4294967295)"
    out = []
    if elem:
        if (dr > 0 and ir > 0 and ir != dr) or (dc > 0 and ic > 0 and ic != dc):
            out.append(f"Coalesce::Elem: {shown} (must be equal)")
        return out
    if dr > 0 and ir > 0 and ic > 0 and not ((ir, ic) == (1, dr) or (a5 and (ir, ic) == (dr, 1))):
        out.append(f"Coalesce::Row: {shown} (must be [1, {dr}]{f' or [{dr}, 1]' if a5 else ''})")
    tc = dim(g.spec.shape[4]) if a5 else 0
    if dc > 0 and tc > 0 and tc != dc:
        out.append(f"Coalesce::Row: table `{_esc(g.text)}` has static inner dimension {tc} (Shape[4]), {d.name} "
                   f"`{_esc(d.text)}` {dc} valid columns (must be equal)")
    return out


def _is_nz(t: TileView) -> bool:
    return not t.spec.is_row_major and t.slayout == "RowMajor" and t.fractal == 512


def _simt_row(ctx: Ctx) -> bool:
    """A5's four-operand MGATHER<Coalesce::Row, oob, GatherExec::Simt>: the SIMT executor is Elem-only."""
    exe, mode = ctx.template_args.get("Exec", ""), ctx.template_args.get("CMode", "")
    return ("Simt" in exe or exe.strip() == "1") and ("Row" in mode or mode.strip() == "0")


def _l1_problems(ctx: Ctx, f: Facts) -> list[str]:
    """The GM->L1 path's operand kinds, location and layouts (MGatherCheckGm2L1)."""
    out = [f"dst `{_esc(t.text)}` is TileType::{t.loc} (the GM->L1 path writes L1: TileType::Mat)"
           for _, t in _present(ctx, f.mat) if t.loc != "Mat"]
    out += [f"dst `{_esc(t.text)}` is BLayout::{t.blayout} + SLayout::{t.slayout}, SFractalSize {t.fractal} (needs "
            "NZ: BLayout::ColMajor + SLayout::RowMajor + SFractalSize 512)" for _, t in _present(ctx, f.nz)
            if not _is_nz(t)]
    out += [f"table {n} `{_esc(g.text)}` is Layout::{g.layout} (needs Layout::ND)" for n in f.nd
            if (g := ctx.global_tensor(n)) is not None and g.layout != "ND"]
    out += [f"{n} `{_esc(t.text)}` is a tile (the GM->L1 path takes a GM int32_t/uint32_t GlobalTensor of indices)"
            for n, t in _present(ctx, f.gm)]
    if f.simt_elem and _simt_row(ctx):
        out.append("GatherExec::Simt with Coalesce::Row (the SIMT executor takes Coalesce::Elem only)")
    return out


def _layout_problems(ctx: Ctx, f: Facts) -> list[str]:
    return [f"{n} `{_esc(t.text)}` is BLayout::{t.blayout}" for n, t in _present(ctx, f.row_major)
            if not t.spec.is_row_major]


def _compiles(ctx: Ctx, f: Facts) -> bool:
    return not (_data_problems(ctx, f) or _index_problems(ctx, f) or _mismatch_problems(ctx, f)
                or _loc_problems(ctx, f) or _layout_problems(ctx, f) or _l1_problems(ctx, f)
                or _ub_layout_problems(ctx) or _ub_shape_problems(ctx))


def _form_check(ctx: Ctx, form: str, problems: Callable[[Facts], list[str]]) -> Check | None:
    """A static Check of one form's compile-time problems (`problems(facts)`: what the header rejects)."""
    f = _facts(ctx)
    if f is None or _form(ctx) != form:
        return None
    bad = problems(f)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad))


def _call(ctx: Ctx) -> str:
    form = _form(ctx)
    return f"{ctx.builtin} ({'GM->L1' if form == 'l1' else form} form)"


@rule("PTO990", "gather-unsupported-dtype", instructions=INSTR, own=OWN, fault="unsupported-dtype",
      provenance=(Provenance("header-static", HDRS, "TGATHER index form: A2/A3 b16/b32, A5 b8/b16/b32/b64; mask form: "
                             "A2/A3 b16/b32 src, A5 a type list for src and dst; compare form: dst int32/uint32 and a "
                             "src0 list; TSCATTER: int8..uint32, half, bfloat16, float (A5 also int64/uint64); "
                             "MGATHER/MSCATTER: int8..float (A5 also 8-bit floats); the Kirins' TGATHER (kirin9030/"
                             "TGather.hpp): index and mask forms int8..uint32, half, float (no bfloat16)"),
                  Provenance("header-static", A2 + "MScatter.hpp (MScatterCheck, IsValidMScatterAtomic, lines "
                             "29-35, 447-450); " + A5 + "MScatter.hpp (MScatterCheck, IsValidScatterAtomic, lines "
                             "31-39, 431-434)", "MSCATTER's ScatterAtomicOp: None any type; Add A2/A3 int8 / int16 / "
                             "int32 / half / bfloat16 / float, A5 int32 / uint32 / half / bfloat16 / float; Max / "
                             "Min A5 int32 / uint32 / float, A2/A3 none"),
                  Provenance("isa-doc", DOCS + "TGATHER.md, TSCATTER.md, MGATHER.md, MSCATTER.md",
                             "the documented lists; the headers are modelled where they differ")))
def gather_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TGATHER / TSCATTER / MGATHER / MSCATTER data element type is not supported on this target.

    ## What it does
    Checks the element type of the data tile(s) against what the target's implementation accepts for
    the form of the call: e.g. A2/A3 gathers only 16- and 32-bit elements, TSCATTER never takes 64-bit
    elements on A2/A3, the compare form of TGATHER writes int32/uint32 indices only. An atomic MSCATTER
    (`ScatterAtomicOp` template argument) narrows its source types further: `Add` takes int8 / int16 /
    int32 / half / bfloat16 / float on A2/A3 and int32 / uint32 / half / bfloat16 / float on A5, `Max` /
    `Min` int32 / uint32 / float on A5 and nothing on A2/A3.

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 8, 64> src, dst;
    Tile<TileType::Vec, int32_t, 8, 64> idx, tmp;
    TGATHER(dst, src, idx, tmp);  // A2/A3 gathers b16/b32 only
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 8, 64> src, dst;  // widen first (TCVT)
    TGATHER(dst, src, idx, tmp);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = _data_problems(ctx, f)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad) + f", not supported on {ctx.target}")


@rule("PTO991", "gather-index-dtype", instructions=INSTR, own=OWN, fault="unsupported-dtype",
      provenance=(Provenance("header-static", HDRS, "TGATHER: A2/A3 sizeof(index) == 4, A5 2 or 4 (4 for b64 data); "
                             "TSCATTER: int16/uint16/int32/uint32 with 4-byte indices for b32 (and A5 b64) data and "
                             "2-byte indices for b8/b16 data; MGATHER/MSCATTER: int32_t or uint32_t; A5 TGATHER "
                             "compare form: k_value uint16/uint32; the Kirins' TGATHER: src1 int16/uint16/int32/"
                             "uint32/half/float, any size"),))
def gather_index_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The index tile of a gather/scatter has an element type the target does not accept for this data.

    ## What it does
    Checks the index operand's element type, and its size against the data element size where the
    implementation pairs them (TSCATTER: 32-bit indices for 32-bit data, 16-bit indices for 8- and
    16-bit data; A5 TGATHER: 32-bit indices for 64-bit data).

    ## Why is this bad?
    The index vector is loaded with the width the data path expects; the implementation rejects other
    combinations with a `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 4, 64> src, dst;
    Tile<TileType::Vec, int32_t, 4, 64> idx;
    TSCATTER(dst, src, idx);  // half data needs 16-bit indices
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, uint16_t, 4, 64> idx;
    TSCATTER(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    if f is None or not f.index:
        return None
    bad = _index_problems(ctx, f)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad))


@rule("PTO992", "gather-dtype-mismatch", instructions=INSTR, own=OWN, fault="dtype-mismatch",
      provenance=(Provenance("header-static", HDRS, "TGATHER index form: src0 == dst type (A2/A3 also tmp == src1 "
                             "type); mask form: sizeof(dst) == sizeof(src); TSCATTER: dst == src type; MGATHER / "
                             "MSCATTER: the GlobalTensor's element type == the tile's"),))
def gather_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Gather/scatter operands whose element types must agree do not.

    ## What it does
    TGATHER (index form): src0 and dst have one type (A2/A3: tmp and the indices too); TGATHER (mask
    form): dst and src have one element size; TSCATTER: dst and src have one type; MGATHER/MSCATTER:
    the GlobalTensor table has the tile's element type.

    ## Why is this bad?
    The elements are moved bit for bit in one width; the implementation rejects a mismatch with a
    `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    GlobalTensor<half, TableShape, TableStride> table(gm);
    Tile<TileType::Vec, float, 16, 64> dst;
    MGATHER<Coalesce::Row>(dst, table, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 64> dst;
    MGATHER<Coalesce::Row>(dst, table, idx);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = _mismatch_problems(ctx, f)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad) + " (they must agree)")


@rule("PTO993", "gather-operand-not-vec", instructions=INSTR, own=OWN, fault="unsupported-path",
      provenance=(Provenance("header-static", HDRS, "Loc == TileType::Vec: TGATHER mask form dst/src, A2/A3 compare "
                             "form dst/src0; TSCATTER dst/src(/indexes); MGATHER dst/indexes (a Mat dst selects the "
                             "GM->L1 path instead); MSCATTER src/indexes. The TGATHER index form checks no location"),))
def gather_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A gather/scatter operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks the location of every tile the target's `static_assert` checks for the form of the call.

    ## Why is this bad?
    Gathers and scatters run on the vector unit and address the Unified Buffer only; other locations are
    rejected at compile time.

    ## Example
    ```cpp
    Tile<TileType::Mat, int32_t, 1, 64> idx;
    MSCATTER(out, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 64> idx;
    MSCATTER(out, src, idx);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = _loc_problems(ctx, f)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad) + " (must be TileType::Vec)")


@rule("PTO994", "gather-not-row-major", instructions=INSTR, own=OWN, fault="unsupported-layout",
      provenance=(Provenance("header-static", HDRS, "isRowMajor: TGATHER mask form dst and src (both targets); A2/A3 "
                             "MGATHER/MSCATTER index tile"),))
def gather_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A gather/scatter operand that must be row-major is not.

    ## What it does
    Checks `BLayout::RowMajor` on the tiles the target's `static_assert` checks: dst and src of the
    mask-pattern TGATHER, and the index tile of MGATHER/MSCATTER on A2/A3.

    ## Why is this bad?
    The patterns and index lists are walked along contiguous rows; other layouts are rejected at
    compile time.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor> src;
    TGATHER<Dst, decltype(src), MaskPattern::P0101>(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;
    TGATHER<Dst, decltype(src), MaskPattern::P0101>(dst, src);
    ```
    """
    f = _facts(ctx)
    if f is None or not f.row_major:
        return None
    bad = _layout_problems(ctx, f)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad) + " (must be BLayout::RowMajor)")


_CMP_MODES = ("EQ", "NE", "LT", "LE", "GT", "GE")  # CmpMode's enumerators in value order (common/type.hpp)


def _cmp_mode(ctx: Ctx) -> str | None:
    """The compare form's CmpMode template argument as its enumerator name, None when unreadable."""
    raw = ctx.template_args.get("cmpMode", "")
    m = re.search(r"\b(EQ|NE|LT|LE|GT|GE)\b", raw)
    if m:
        return m.group(1)
    m = re.fullmatch(r"\s*(\d+)\s*", raw)
    return _CMP_MODES[int(m.group(1))] if m and int(m.group(1)) < len(_CMP_MODES) else None


def _template_problems(ctx: Ctx) -> list[str]:
    """What the TGATHER_IMPL static_asserts reject in the call's template arguments (PTO965)."""
    form = _form(ctx)
    if ctx.builtin != "TGATHER" or ctx.impl not in ("a2a3", "a5"):
        return []
    if form == "cmp":
        mode = _cmp_mode(ctx)
        if mode is None:
            return []
        if mode not in ("GT", "EQ"):
            return [f"CmpMode::{mode} (the compare form takes GT or EQ only)"]
        src0 = ctx.tile("src0")
        if ctx.impl == "a2a3" and src0 is not None and src0.dtype == "int32_t" and mode != "EQ":
            return [f"CmpMode::{mode} with int32_t src0 `{_esc(src0.text)}` (A2/A3 compares int32_t data with EQ only)"]
        return []
    if form == "mask" and ctx.impl == "a5":
        src = ctx.tile("src")
        if src is not None and src.dtype in I64 and _axis_col(ctx, "gatherType"):
            return [f"GatherAxis::GATHER_COL with {src.dtype} src `{_esc(src.text)}` (A5's 64-bit pattern gather "
                    "takes GATHER_ROW only)"]
    return []


@rule("PTO965", "tgather-template-arg", instructions=("TGATHER",), fault="unavailable",
      provenance=(Provenance("header-static", A2 + "TGather.hpp (TGATHER_IMPL compare form)",
                             "static_assert cmpMode == CmpMode::GT || cmpMode == CmpMode::EQ; the src0 type list "
                             "admits int32_t only together with cmpMode == CmpMode::EQ"),
                  Provenance("header-static", A5 + "TGather.hpp (TGATHER_IMPL compare form, TGATHER_IMPL(dst, src))",
                             "static_assert cmpMode GT or EQ (any src0 type of its list); the mask form with int64_t / "
                             "uint64_t data static_asserts gatherType == GatherAxis::GATHER_ROW"),
                  Provenance("header-static", K9030 + "TGather.hpp",
                             "Kirin (all three): the compare form's TGATHER_IMPL has an empty body and asserts "
                             "nothing; the mask form takes no 64-bit type (PTO990) and passes no gather axis: no rule "
                             "here"),
                  Provenance("isa-doc", DOCS + "TGATHER.md", "the compare form documents the GT / EQ modes")))
def tgather_template_arg(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TGATHER with a template argument its implementation rejects: a compare mode other than GT / EQ, an
    A2/A3 int32 compare that is not EQ, or an A5 64-bit pattern gather along columns.

    ## What it does
    Checks the `CmpMode` template argument of the compare form `TGATHER<..., cmpMode>(dst, src0, k_value,
    cdst, tmp, offset)`: only `CmpMode::GT` and `CmpMode::EQ` exist, and A2/A3 compares `int32_t` data with
    `EQ` only. On A5 it checks the mask-pattern form `TGATHER<Dst, Src, mask, axis>(dst, src)` with 64-bit
    data: the 64-bit pattern gather exists for `GatherAxis::GATHER_ROW` only.

    ## Why is this bad?
    The implementation rejects these arguments with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    TGATHER<Dst, Src, K, C, Tmp, CmpMode::GE>(dst, scores, k, counts, tmp, 0);  // GT or EQ only
    ```

    ## Use instead
    ```cpp
    TGATHER<Dst, Src, K, C, Tmp, CmpMode::GT>(dst, scores, k, counts, tmp, 0);  // or EQ, and adjust the bound
    ```
    """
    if _facts(ctx) is None:
        return None
    bad = _template_problems(ctx)
    return Check(ctx.static(bool(bad)), f"{_call(ctx)}: " + "; ".join(bad) + f", rejected on {ctx.target} "
                 "(static_assert)")


@rule("PTO995", "tgather-index-tile-overrun", instructions=("TGATHER",), fault="out-of-bounds",
      provenance=(Provenance("header-runtime", A2 + "TGather.hpp; " + A5 + "TGather.hpp",
                             "index form: for each of dst's valid rows i, dst.GetValidCol() indices are read from "
                             "src1 + i * src1.Cols; nothing relates src1's shape to dst's valid region"),
                  Provenance("isa-doc", DOCS + "TGATHER.md", "the index tile supplies one index per destination "
                             "element")))
def tgather_index_tile_overrun(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TGATHER (index form) reads indices past the end of the index tile.

    ## What it does
    For `TGATHER(dst, src0, src1, tmp)` checks on the path reaching the call whether dst's valid region
    `R x C` needs more indices than `src1` stores: row `i` reads `C` indices starting at
    `i * src1.Cols`, so the last one is at `(R - 1) * src1.Cols + C - 1`.

    ## Why is this bad?
    The indices past the index tile are whatever lies after it in the Unified Buffer; they are used as
    offsets into src0, so dst receives arbitrary elements (or elements from anywhere in the UB). No
    check catches it.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> dst(rows, 64);
    Tile<TileType::Vec, int32_t, 8, 64> idx;  // only 8 rows of indices
    TGATHER(dst, src, idx, tmp);  // rows = 16 reads 8 rows past idx
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> idx;  // one index per dst element
    TGATHER(dst, src, idx, tmp);
    ```
    """
    f = _facts(ctx)
    if f is None or _form(ctx) != "index" or not _compiles(ctx, f):
        return None
    dst, src1 = ctx.tile("dst"), ctx.tile("src1")
    vr, vc = dst.valid_row, dst.valid_col
    last = (vr - 1) * src1.cols + vc
    cap = src1.rows * src1.cols
    violated = z3.And(vr > 0, vc > 0, last > cap)
    return Check(violated, f"TGATHER(dst, src0, src1, tmp): dst `{_esc(dst.text)}` valid region {{dst_validRow}}x"
                 f"{{dst_validCol}} reads indices up to element {{last}} of src1 `{_esc(src1.text)}`, which stores "
                 f"{cap} ({src1.rows}x{src1.cols})", {"dst_validRow": vr, "dst_validCol": vc, "last": last})


@rule("PTO996", "tgather-tmp-too-small", instructions=("TGATHER",), targets=("a2a3",), fault="tmp-undersized",
      provenance=(Provenance("header-runtime", A2 + "TGather.hpp",
                             "index form, 16-bit data: the scaled indices of dst row i are written as dst.GetValidCol() "
                             "32-bit words at tmp + i * Dst::Cols; PTO_ASSERT tmp's valid shape == src1's (debug "
                             "only) says nothing about tmp's storage"),
                  Provenance("header-runtime", A5 + "TGather.hpp", "tmp is not used (no rule on A5)")))
def tgather_tmp_too_small(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TGATHER (index form, 16-bit data): the tmp tile is too small for the scaled indices.

    ## What it does
    For 16-bit data, checks that tmp stores `(R - 1) * dst.Cols + C` 32-bit elements, where `R x C` is
    dst's valid region: row `i`'s byte offsets are written at `tmp + i * dst.Cols`.

    ## Why is this bad?
    The byte offsets are written past tmp's storage, overwriting whatever the kernel placed after it in
    the Unified Buffer (often src0 or the index tile itself). No check catches it.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 128> src, dst;
    Tile<TileType::Vec, int32_t, 16, 128> idx;
    Tile<TileType::Vec, int32_t, 1, 128> tmp;  // one row only
    TGATHER(dst, src, idx, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 128> tmp;  // the index tile's shape
    TGATHER(dst, src, idx, tmp);
    ```
    """
    f = _facts(ctx)
    if f is None or _form(ctx) != "index" or not _compiles(ctx, f):
        return None
    dst, tmp = ctx.tile("dst"), ctx.tile("tmp")
    if tmp is None or _size(dst.dtype) != 2:
        return None
    vr, vc = dst.valid_row, dst.valid_col
    need = (vr - 1) * dst.cols + vc
    cap = tmp.rows * tmp.cols
    violated = z3.And(vr > 0, vc > 0, need > cap)
    return Check(violated, f"TGATHER(dst, src0, src1, tmp) on {dst.dtype} data: dst `{_esc(dst.text)}` valid region "
                 f"{{dst_validRow}}x{{dst_validCol}} writes {{need}} 32-bit offsets into tmp `{_esc(tmp.text)}`, "
                 f"which stores {cap} ({tmp.rows}x{tmp.cols})",
                 {"dst_validRow": vr, "dst_validCol": vc, "need": need})


@rule("PTO223", "tgather-index-tmp-valid-shape", instructions=("TGATHER",), targets=("a2a3",), fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TGather.hpp (TGATHER_IMPL, index form)", "PTO_ASSERT "
                             "src1.GetValidCol() == tmp.GetValidCol() and src1.GetValidRow() == tmp.GetValidRow(); "
                             "release builds run on over dst's valid shape and write the scaled indices of 16-bit "
                             "data at tmp + i * Dst::Cols whatever tmp's valid shape says"),
                  Provenance("header-runtime", A5 + "TGather.hpp", "A5's index form does not use tmp: no such "
                             "assertion there"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/tgather", "the vendor's index-form kernel "
                             "builds tmp with src1's valid shape")))
def tgather_index_tmp_valid_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TGATHER (index form): the tmp tile's valid shape differs from the index tile's.

    ## What it does
    For `TGATHER(dst, src0, src1, tmp)` on A2/A3, compares tmp's valid rows and columns with src1's (the
    index tile) on the path reaching the call. Whether tmp's storage is large enough is PTO996.

    ## Why is this bad?
    The A2/A3 header asserts the two valid shapes equal with `PTO_ASSERT`: a debug build traps at the
    call. A release build ignores tmp's valid shape and scratches over it row by row at dst's row
    stride, so a tmp whose valid shape was meant to bound that scratch area does not.

    ## Example
    ```cpp
    using Idx = Tile<TileType::Vec, int32_t, 16, 128, BLayout::RowMajor, DYNAMIC, 128>;
    Idx idx(rows), tmp(16);  // tmp keeps 16 valid rows on the tail
    TGATHER(dst, table, idx, tmp);
    ```

    ## Use instead
    ```cpp
    Idx idx(rows), tmp(rows);
    TGATHER(dst, table, idx, tmp);
    ```
    """
    f = _facts(ctx)
    if f is None or _form(ctx) != "index" or not _compiles(ctx, f):
        return None
    src1, tmp = ctx.tile("src1"), ctx.tile("tmp")
    if src1 is None or tmp is None or src1.text == tmp.text:
        return None
    return Check(z3.Or(src1.valid_row != tmp.valid_row, src1.valid_col != tmp.valid_col),
                 f"TGATHER(dst, src0, src1, tmp): tmp `{_esc(tmp.text)}` valid shape {{tmp_validRow}}x{{tmp_validCol}}"
                 f" differs from src1 `{_esc(src1.text)}`'s {{src1_validRow}}x{{src1_validCol}}: A2/A3 asserts them "
                 "equal (debug builds trap; release builds run on)",
                 {"tmp_validRow": tmp.valid_row, "tmp_validCol": tmp.valid_col, "src1_validRow": src1.valid_row,
                  "src1_validCol": src1.valid_col})


@rule("PTO997", "tscatter-index-exceeds-src", instructions=("TSCATTER",), fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TScatter.hpp; " + A5 + "TScatter.hpp",
                             "index form: loops over idx.GetValidRow() x idx.GetValidCol() and reads src at "
                             "i * Src::Cols + j; src's valid region is never consulted"),
                  Provenance("isa-doc", DOCS + "TSCATTER.md", "one index per source element")))
def tscatter_index_exceeds_src(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSCATTER (index form): the index tile's valid region is larger than the source's.

    ## What it does
    For `TSCATTER(dst, src, indexes)` checks on the path reaching the call whether the index tile has
    more valid rows or columns than `src` (and src's valid region is not empty).

    ## Why is this bad?
    The scatter is driven by the index tile alone: for every valid index `(i, j)` it copies
    `src[i][j]`, so indices beyond src's valid region scatter stale source data into dst (or read past
    src's storage). No check catches it.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, DYNAMIC, 64> src(n);
    Tile<TileType::Vec, uint32_t, 8, 64> idx;  // always 8 valid rows
    TSCATTER(dst, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, uint32_t, 8, 64, BLayout::RowMajor, DYNAMIC, 64> idx(n);
    TSCATTER(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    if f is None or _form(ctx) != "index" or not _compiles(ctx, f):
        return None
    src, idx = ctx.tile("src"), ctx.tile("indexes")
    violated = z3.And(idx.valid_row > 0, idx.valid_col > 0,
                      z3.Or(idx.valid_row > src.valid_row, idx.valid_col > src.valid_col))
    return Check(violated, f"TSCATTER(dst, src, indexes): indexes `{_esc(idx.text)}` valid region {{idx_validRow}}x"
                 f"{{idx_validCol}} exceeds src `{_esc(src.text)}` valid region {{src_validRow}}x{{src_validCol}}: "
                 "stale source elements are scattered",
                 {"idx_validRow": idx.valid_row, "idx_validCol": idx.valid_col,
                  "src_validRow": src.valid_row, "src_validCol": src.valid_col})


@rule("PTO998", "tscatter-mask-dst-too-small", instructions=("TSCATTER",), fault="valid-region",
      provenance=(                  Provenance("header-runtime", A2 + "TScatter.hpp; " + A5 + "TScatter.hpp",
                             "mask form (not P1111): zeroes dst, then writes src[i][j] to dst row i, column "
                             "times * j + k (SCATTER_ROW) or to dst row times * i + k (SCATTER_COL); the valid-shape "
                             "PTO_ASSERTs are debug only"),
                  Provenance("corpus", "tests/npu/*/src/st/testcase/tcolscatter, tcolgather",
                             "SCATTER_COL tests use a dst with more valid columns than src (PTO_ASSERT "
                             "dst.validCol == src.validCol would fail in debug builds): only a dst too small for the "
                             "scattered elements is reported. TGATHER's mask-form PTO_ASSERTs are not modelled: the "
                             "corpus (a5 tgather runTGATHERDynamic, kernels/manual/a2a3/topk) gathers rows into dst "
                             "tiles with fewer valid than storage columns, and GATHER_COL loops over src's valid "
                             "rows, which the tcolgather cases would all violate")))
def tscatter_mask_dst_too_small(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Mask-pattern TSCATTER: dst's valid region does not hold what the pattern writes.

    ## What it does
    With `times` = 2 (P0101, P1010) or 4 (P0001..P1000) and `k` the selected position in each group:
    TSCATTER along rows writes src element `(i, j)` to dst column `times * j + k` of row `i`, along
    columns to row `times * i + k`: dst's valid region must reach the last of them.

    ## Why is this bad?
    The shape checks are `PTO_ASSERT`s, compiled out of release builds. There the instruction walks the
    source's valid region and the pattern regardless: scattered elements land outside dst's valid region
    (they are lost, or overwrite padding and the next rows), so dst's valid region misses part of the data.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 8, 64> src;
    Tile<TileType::Vec, float, 8, 128> dst;  // P0001 spreads 64 columns over 256
    TSCATTER<MaskPattern::P0001>(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 8, 256> dst;
    TSCATTER<MaskPattern::P0001>(dst, src);
    ```
    """
    got = _mask_scatter(ctx)
    if got is None:
        return None
    dst, src, times, off = got
    svr, svc, dvr, dvc = src.valid_row, src.valid_col, dst.valid_row, dst.valid_col
    show = {"dst_validRow": dvr, "dst_validCol": dvc, "src_validRow": svr, "src_validCol": svc}
    where = f"{ctx.builtin} (mask form): dst `{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}, " \
            f"src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}}"
    if _axis_col(ctx, "ScatterType"):
        last_row, last_col = times * (svr - 1) + off + 1, svc
    else:
        last_row, last_col = svr, times * (svc - 1) + off + 1
    show.update({"need_rows": last_row, "need_cols": last_col})
    return Check(z3.And(svr > 0, svc > 0, z3.Or(dvr < last_row, dvc < last_col)),
                 where + ": the pattern writes {need_rows} rows x {need_cols} columns of dst, past its valid region "
                 "(PTO_ASSERT only)", show)


@rule("PTO221", "tscatter-mask-dst-shape-differs", instructions=("TSCATTER",), fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TScatter.hpp; " + A5 + "TScatter.hpp (TSCATTER_IMPL)",
                             "mask form (not P1111): PTO_ASSERT dst's valid rows == src's (SCATTER_ROW) or == src's "
                             "times the pattern's group size (SCATTER_COL), and dst's valid columns == src's times the "
                             "group size (SCATTER_ROW); release builds zero dst and scatter src's valid region"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/tcolscatter, "
                             "tests/npu/a5/src/st/testcase/tcolscatter", "SCATTER_COL tests use a dst with more valid "
                             "columns than src (16x64 -> 32x128): the SCATTER_COL column equality is not reported "
                             "(vendor-kernels-rely); every other mask-form case of the vendor's tscatter / tcolscatter "
                             "tests meets these equalities"),
                  Provenance("isa-doc", DOCS + "TSCATTER.md", "the mask form spreads each source row (column) over "
                             "2 or 4 destination columns (rows)")))
def tscatter_mask_dst_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Mask-pattern TSCATTER: dst's valid shape is larger than what the pattern writes, where the header asserts
    it equal.

    ## What it does
    With `times` = 2 (P0101, P1010) or 4 (P0001..P1000): along rows (`SCATTER_ROW`, the default) the header
    asserts dst's valid rows equal to src's and dst's valid columns equal to `times` * src's; along columns
    (`SCATTER_COL`) dst's valid rows equal to `times` * src's. Reports a dst that differs where PTO998 (a
    dst too small for the scattered elements) does not already report the call. The `SCATTER_COL` column
    equality is not checked: the vendor's own tcolscatter tests scatter into wider destinations.

    ## Why is this bad?
    The equalities are `PTO_ASSERT`s: a debug build traps at the call. A release build zeroes dst and
    scatters src's valid region: dst's extra valid rows or columns hold zeros, not data, and every later
    instruction over dst's valid shape reads them as if they were.

    ## Example
    ```cpp
    using Src = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, DYNAMIC, 64>;
    using Dst = Tile<TileType::Vec, float, 8, 128>;
    Src src(rows);  // rows < 8 on the tail
    Dst dst;        // always 8 valid rows
    TSCATTER<MaskPattern::P0101>(dst, src);
    ```

    ## Use instead
    ```cpp
    using Dst = Tile<TileType::Vec, float, 8, 128, BLayout::RowMajor, DYNAMIC, 128>;
    Dst dst(rows);
    TSCATTER<MaskPattern::P0101>(dst, src);
    ```
    """
    got = _mask_scatter(ctx)
    if got is None:
        return None
    dst, src, times, off = got
    svr, svc, dvr, dvc = src.valid_row, src.valid_col, dst.valid_row, dst.valid_col
    if _axis_col(ctx, "ScatterType"):
        want = [(dvr, times * svr, "rows", "src's valid rows times " + str(times))]
        small = z3.Or(dvr < times * (svr - 1) + off + 1, dvc < svc)
    else:
        want = [(dvr, svr, "rows", "src's valid rows"), (dvc, times * svc, "columns", f"src's valid columns times {times}")]
        small = z3.Or(dvr < svr, dvc < times * (svc - 1) + off + 1)
    covered = z3.And(svr > 0, svc > 0, small)  # PTO998's finding
    show = {"dst_validRow": dvr, "dst_validCol": dvc, "src_validRow": svr, "src_validCol": svc}
    what = " and ".join(f"dst's valid {n} == {w}" for _, _, n, w in want)
    return Check(z3.And(z3.Or(*[a != b for a, b, _, _ in want]), z3.Not(covered)),
                 f"{ctx.builtin} (mask form): dst `{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}, "
                 f"src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}}: the header asserts {what}; "
                 "debug builds trap at the PTO_ASSERT, release builds leave zeros in dst's extra valid region", show)


@rule("PTO999", "mgather-l1-operands", instructions=("MGATHER",), fault="unsupported-path",
      provenance=(Provenance("header-static", A2 + "MGather.hpp (MGatherCheckGm2L1); " + A5 +
                             "MGather.hpp (MGatherCheckGm2L1)",
                             "the GM->L1 path (a three-operand call with a Mat dst, every four-operand call with a GM "
                             "scratch): dst a Mat tile in NZ (ColMajor + SLayout::RowMajor + SFractalSize 512), the "
                             "table Layout::ND, the indices a GM int32_t/uint32_t GlobalTensor; A5 GatherExec::Simt "
                             "only with Coalesce::Elem. A tile of indices passes the host build (`__gm__` expands to "
                             "nothing there) but not the device compiler: there `__gm__ T` is a type of its own (common/"
                             "pto_tile.hpp specialises remove_gm for it under __CCE_AICORE__), the GlobalTensor's "
                             "DType carries it and a tile's does not"),
                  Provenance("isa-doc", DOCS + "MGATHER.md", "the GM->L1 form gathers table rows into an L1 tile"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/mgather_gm2l1, "
                             "tests/npu/a5/src/st/testcase/mgather_gm2l1",
                             "the vendor's own GM->L1 kernels: NZ Mat destinations, ND tables, GM index tensors")))
def mgather_l1_operands(ctx: Ctx) -> Check | None:
    """
    ## Summary
    MGATHER into L1 (the GM->L1 path): the destination, table or indices are not of the kind that path takes.

    ## What it does
    A three-operand `MGATHER` with a `TileType::Mat` destination, and every four-operand `MGATHER` (the one
    with a GM scratch tensor, whatever its destination), take the GM->L1 implementation. Checks what that
    implementation asserts: the destination is a Mat tile in NZ layout (`BLayout::ColMajor` +
    `SLayout::RowMajor`, fractal size 512), the table is a `Layout::ND` GlobalTensor, the indices are a
    GlobalTensor in GM (not a tile), and on A5 the SIMT executor (`GatherExec::Simt`) is used with
    `Coalesce::Elem` only. (Element types: PTO990-PTO992; NZ rows and columns: PTO004.)

    ## Why is this bad?
    The GM->L1 path writes the gathered rows straight into L1 in the fractal layout the cube unit reads,
    from indices it reads in GM; every other combination is rejected by a `static_assert`: the kernel
    does not compile. A four-operand call into a Vec tile or a row-major Mat tile is a common slip when
    the UB form (three operands, a Vec index tile) was meant.

    ## Example
    ```cpp
    GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> table(t), scratch(s);
    GlobalTensor<int32_t, Shape<1, 1, 1, 16, 16>, Stride<1, 1, 1, 16, 1>> idx(i);
    Tile<TileType::Mat, float, 16, 16> dst;  // row-major: not NZ
    MGATHER<Coalesce::Elem>(dst, table, idx, scratch);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512> dst;
    MGATHER<Coalesce::Elem>(dst, table, idx, scratch);
    ```
    """
    return _form_check(ctx, "l1", lambda f: _l1_problems(ctx, f))


_UB = (A2 + "MGather.hpp (MGatherCheck); " + A2 + "MScatter.hpp (MScatterCheck); " + A5 + "MGather.hpp (MGatherCheck); "
       + A5 + "MScatter.hpp (MScatterCheck)")


@rule("PTO978", "gm-gather-scatter-layout-pairing", instructions=("MGATHER", "MSCATTER"), targets=("a2a3",),
      fault="unsupported-layout",
      provenance=(Provenance("header-static", A2 + "MGather.hpp (MGatherCheck); " + A2 + "MScatter.hpp (MScatterCheck)",
                             "UB path: index tile SLayout::NoneBox; table Layout::ND or Layout::NZ; an ND table with "
                             "an ND data tile (RowMajor + NoneBox), an NZ table with an NZ one (ColMajor + SLayout::"
                             "RowMajor + 512); an NZ table's staticShape[3] == 16 and [4] == 32 / sizeof(T)"),
                  Provenance("header-static", A5 + "MGather.hpp; " + A5 + "MScatter.hpp",
                             "A5 checks no layout on this path (no rule there)")))
def gm_gather_scatter_layout_pairing(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 MGATHER / MSCATTER with a UB index tile: the table's layout does not pair with the data tile's.

    ## What it does
    For the UB forms (`MGATHER(dst, table, indexes)` with a Vec dst, `MSCATTER(table, src, indexes)`)
    checks what the A2/A3 implementation asserts about layouts: the index tile is ND (`SLayout::NoneBox`),
    the GM table is `Layout::ND` with an ND data tile or `Layout::NZ` with an NZ data tile
    (`BLayout::ColMajor` + `SLayout::RowMajor`, fractal 512), and an NZ table's static inner shape is one
    16 x C0 fractal (C0 = 32 / sizeof(T)).

    ## Why is this bad?
    The rows are moved by DMA in the table's layout straight into (or out of) the tile: the two layouts
    must describe the same arrangement. The implementation rejects any other pairing with a
    `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    GlobalTensor<float, Shape<1, 1, 1, 1024, 64>, Stride<1, 1, 1, 64, 1>> table(gm);  // Layout::ND
    Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor, 512> rows;  // NZ
    MGATHER<Coalesce::Row>(rows, table, ids);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> rows;  // ND, as the table
    MGATHER<Coalesce::Row>(rows, table, ids);
    ```
    """
    return _form_check(ctx, "tile", lambda f: _ub_layout_problems(ctx))


@rule("PTO958", "gm-gather-scatter-index-shape", instructions=("MGATHER", "MSCATTER"), fault="valid-region",
      provenance=(Provenance("header-static", _UB,
                             "UB path, static valid shapes only (A2/A3 skips a DYNAMIC one; A5 casts them to uint32_t, "
                             "so DYNAMIC is 4294967295 there and takes part): Coalesce::Row (the default) index valid "
                             "shape [1, R] for R valid rows of the data tile (A5 also [R, 1]), A5 also the table's "
                             "Shape[4] == the data tile's valid columns; Coalesce::Elem index valid shape == the data "
                             "tile's"),))
def gm_gather_scatter_index_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    MGATHER / MSCATTER with a UB index tile: the index tile's static valid shape does not fit the data tile's.

    ## What it does
    For the UB forms checks the static valid shapes the implementation asserts: with `Coalesce::Row` (the
    default) one index per data row, as a `[1, R]` index tile (A5 also `[R, 1]`), and on A5 a table whose
    static inner dimension equals the data tile's valid columns; with `Coalesce::Elem` one index per data
    element (equal valid shapes). A DYNAMIC valid dimension is skipped on A2/A3; on A5 the implementation
    casts it to `uint32_t` (4294967295) and compares that.

    ## Why is this bad?
    The index tile drives the row or element transfers; a shape that does not match the data tile's is
    rejected by a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> rows;
    Tile<TileType::Vec, int32_t, 1, 8> ids;  // 8 indices for 16 rows
    MGATHER<Coalesce::Row>(rows, table, ids);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 16> ids;  // one index per row
    MGATHER<Coalesce::Row>(rows, table, ids);
    ```
    """
    return _form_check(ctx, "tile", lambda f: _ub_shape_problems(ctx))

"""Gathers and scatters: TGATHER (index, mask-pattern, compare forms), TSCATTER (index, mask-pattern forms),
MGATHER / MSCATTER with a UB index tile, MGATHER's GM->L1 path. Written from a2a3/TGather.hpp, a2a3/TScatter.hpp, a2a3/MGather.hpp,
a2a3/MScatter.hpp and the a5/ versions.

- Compile-time checks per target and form (own table below): element types of the data, the indices and
  their pairing, equal types / sizes, Vec locations, row-major layouts.
- TGATHER(dst, src0, src1, tmp): for each of dst's valid rows i, dst.validCol indices are read from src1's
  storage at i * src1.Cols; A2/A3 with 16-bit data first writes them (scaled to byte offsets, 32-bit) to
  tmp at i * dst.Cols. Index VALUES are data the linter does not know: they are taken modulo src0's size.
- TGATHER<.., mask, GATHER_ROW>(dst, src): the selected elements of src's valid region are packed
  contiguously from dst's start; GATHER_COL copies rows.
- TSCATTER(dst, src, indexes): dst is zeroed; for each element (i, j) of the index tile's valid region,
  src's storage at i * src.Cols + j is written to dst at the index (modulo dst's size).
- TSCATTER<P1111>(dst, src): PTO_ASSERT equal valid shapes, then TMOV.
- TSCATTER<mask, axis>(dst, src) (mask != P1111): dst is zeroed; src (i, j) goes to dst (i, times*j + k)
  along rows or (times*i + k, j) along columns.
- MGATHER / MSCATTER: only the compile-time checks (global memory contents are not modelled). MGATHER takes the
  GM->L1 path with a Mat dst (three operands) and always with four (a GM scratch): dst a Mat tile in NZ
  (ColMajor + SLayout::RowMajor + fractal 512), an ND table, GM indices (a GlobalTensor), A5's SIMT executor
  with Coalesce::Elem only (MGatherCheckGm2L1). The UB path (MGatherCheck / MScatterCheck): A2/A3 an ND index
  tile and the table's layout paired with the data tile's (ND-ND, NZ-NZ with a 16 x C0 static inner shape);
  static valid shapes: Coalesce::Row [1, R] indices (A5 also [R, 1]; A5 the table's Shape[4] == the data tile's
  valid columns), Coalesce::Elem equal shapes; A5 compares them as uint32_t (DYNAMIC = 4294967295).
"""

from __future__ import annotations

import re

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.ops.movement import tmov

_SZ = {"int8_t": 1, "uint8_t": 1, "float8_e4m3_t": 1, "float8_e5m2_t": 1, "hifloat8_t": 1, "int16_t": 2,
       "uint16_t": 2, "half": 2, "bfloat16_t": 2, "int32_t": 4, "uint32_t": 4, "float": 4, "int64_t": 8,
       "uint64_t": 8, "double": 8}
_INTS = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"}
_PLAIN = _INTS | {"half", "bfloat16_t", "float"}
_F8 = {"float8_e4m3_t", "float8_e5m2_t", "hifloat8_t"}
_W64 = {"int64_t", "uint64_t"}
_I16_32 = {"int16_t", "uint16_t", "int32_t", "uint32_t"}
_I32 = {"int32_t", "uint32_t"}


def _sized(*sizes: int) -> set[str]:
    return {t for t, s in _SZ.items() if s in sizes and t != "double"}


# (builtin, form) -> target -> (data types per operand, index operand, index types, index size per data size,
#                               equal-type pairs, equal-size pairs, Vec operands, row-major operands)
_CHECKS: dict[tuple[str, str], dict[str, tuple]] = {
    ("TGATHER", "index"): {
        "a2a3": ({"dst": _sized(2, 4)}, "src1", _sized(4), {}, [("src0", "dst"), ("tmp", "src1")], [], [], []),
        "a5": ({"dst": _sized(1, 2, 4, 8)}, "src1", _sized(2, 4), {8: {4}}, [("src0", "dst")], [], [], []),
        # Kirin 9030's TGather.hpp (all three Kirins): CheckValid
        "kirin9030": ({"dst": _INTS | {"half", "float"}}, "src1", _I16_32 | {"half", "float"}, {}, [("src0", "dst")],
                      [], [], []),
    },
    ("TGATHER", "mask"): {
        "a2a3": ({"src": _sized(2, 4)}, "", set(), {}, [], [("dst", "src")], ["dst", "src"], ["dst", "src"]),
        "a5": ({"src": _PLAIN | _F8 | _W64, "dst": _PLAIN | _F8 | _W64}, "", set(), {}, [], [("dst", "src")],
               ["dst", "src"], ["dst", "src"]),
        "kirin9030": ({"src": _INTS | {"half", "float"}, "dst": _INTS | {"half", "float"}}, "", set(), {}, [],
                      [("dst", "src")], ["dst", "src"], ["dst", "src"]),
    },
    ("TGATHER", "cmp"): {
        "a2a3": ({"dst": _I32, "src0": {"half", "float", "int32_t"}}, "", set(), {}, [], [], ["dst", "src0"], []),
        "a5": ({"dst": _I32, "src0": _INTS | {"half", "float"}}, "k_value", {"uint16_t", "uint32_t"}, {}, [], [],
               [], []),
    },
    ("TSCATTER", "index"): {
        "a2a3": ({"dst": _PLAIN}, "indexes", _I16_32, {4: {4}, 2: {2}, 1: {2}}, [("src", "dst")], [],
                 ["dst", "src", "indexes"], []),
        "a5": ({"dst": _PLAIN | _W64}, "indexes", _I16_32, {8: {4}, 4: {4}, 2: {2}, 1: {2}}, [("src", "dst")], [],
               ["dst", "src", "indexes"], []),
    },
    ("TSCATTER", "mask"): {
        "a2a3": ({"dst": _PLAIN}, "", set(), {}, [("src", "dst")], [], ["dst", "src"], []),
        "a5": ({"dst": _PLAIN | _W64}, "", set(), {}, [("src", "dst")], [], ["dst", "src"], []),
    },
    ("MGATHER", "tile"): {
        "a2a3": ({"dst": _PLAIN}, "indexes", _I32, {}, [("src", "dst")], [], ["dst", "indexes"], ["indexes"]),
        "a5": ({"dst": _PLAIN | _F8}, "indexes", _I32, {}, [("src", "dst")], [], ["dst", "indexes"], []),
    },
    ("MGATHER", "l1"): {
        "a2a3": ({"dst": _PLAIN}, "indexes", _I32, {}, [("src", "dst"), ("scratch", "dst")], [], [], []),
        "a5": ({"dst": _PLAIN | _F8}, "indexes", _I32, {}, [("src", "dst"), ("scratch", "dst")], [], [], []),
    },
    ("MSCATTER", "tile"): {
        "a2a3": ({"src": _PLAIN}, "indexes", _I32, {}, [("dst", "src")], [], ["src", "indexes"], ["indexes"]),
        "a5": ({"src": _PLAIN | _F8}, "indexes", _I32, {}, [("dst", "src")], [], ["src", "indexes"], []),
    },
}

#: MScatterCheck's atomic scatter: ScatterAtomicOp -> the src types it scatters, per target (a2a3/MScatter.hpp
#: IsValidMScatterAtomic: Add only; a5/MScatter.hpp IsValidScatterAtomic: Add, Max, Min); None takes any type
_ATOMIC_TYPES = {
    "a2a3": {"Add": {"float", "int32_t", "half", "bfloat16_t", "int16_t", "int8_t"}},
    "a5": {"Add": {"int32_t", "uint32_t", "float", "half", "bfloat16_t"}, "Max": {"int32_t", "uint32_t", "float"},
           "Min": {"int32_t", "uint32_t", "float"}},
}
_ATOMIC_BY_VALUE = ("None", "Add", "Max", "Min")  # ScatterAtomicOp (common/type.hpp)

_PAT = {"P0101": (2, 0), "P1010": (2, 1), "P0001": (4, 0), "P0010": (4, 1), "P0100": (4, 2), "P1000": (4, 3),
        "P1111": (1, 0)}
_PAT_BY_VALUE = dict(enumerate(_PAT.values(), start=1))


def _pattern(m: Machine) -> tuple[int, int] | None:
    """(times, position) of the maskPattern template argument (P1111 when absent)."""
    raw = str(m.template_args.get("maskPattern", "P1111"))
    hit = re.search(r"P[01]{4}", raw)
    if hit:
        return _PAT.get(hit.group(0))
    num = re.search(r"\d+", raw)
    return _PAT_BY_VALUE.get(int(num.group(0))) if num else None


def _column_axis(m: Machine, name: str) -> bool:
    raw = str(m.template_args.get(name, "ROW"))
    return "COL" in raw or raw.strip() == "1"


def _type_of(m: Machine, name: str) -> str | None:
    t = m.tile(name)
    if t is not None:
        return t.dtype
    g = m.global_tensor(name)
    return g.dtype if g is not None else None


def _form(m: Machine) -> str | None:
    b = m.site.builtin
    if b == "TGATHER":
        if m.tile("k_value") is not None:
            return "cmp"
        if m.tile("src1") is not None:
            return "index"
        return "mask" if m.tile("src") is not None else None
    if b == "TSCATTER":
        if m.tile("indexes") is not None:
            return "index"
        pat = _pattern(m)
        return "mask" if pat is not None and pat != (1, 0) else None
    if b == "MGATHER":
        dst = m.tile("dst")
        if dst is None or _type_of(m, "indexes") is None:
            return None
        return "l1" if dst.spec.loc == "Mat" or _type_of(m, "scratch") is not None else "tile"
    if b == "MSCATTER":
        return "tile" if m.tile("indexes") is not None else None
    return None


def _compile_checks(m: Machine, form: str) -> None:
    table = _CHECKS.get((m.site.builtin, form), {}).get(m.impl)
    if table is None:
        return
    data, index, index_types, index_sizes, same, same_size, vec, row_major = table
    errs: list[tuple[str, str]] = []
    for name, ok in data.items():
        t = _type_of(m, name)
        if t in _SZ and t not in ok:
            errs.append(("unsupported-dtype", f"{name} element type {t}"))
    idx = _type_of(m, index) if index else None
    if idx in _SZ:
        first = _type_of(m, next(iter(data)))
        if idx not in index_types:
            errs.append(("unsupported-dtype", f"index {index} element type {idx}"))
        elif first in _SZ and _SZ[first] in index_sizes and _SZ[idx] not in index_sizes[_SZ[first]]:
            errs.append(("unsupported-dtype", f"{_SZ[idx]}-byte indices for {_SZ[first]}-byte data"))
    for a, b in same:
        ta, tb = _type_of(m, a), _type_of(m, b)
        if ta is not None and tb is not None and ta != tb:
            errs.append(("dtype-mismatch", f"{a} is {ta}, {b} is {tb}"))
    for a, b in same_size:
        ta, tb = _type_of(m, a), _type_of(m, b)
        if ta in _SZ and tb in _SZ and _SZ[ta] != _SZ[tb]:
            errs.append(("dtype-mismatch", f"{a} ({ta}) and {b} ({tb}) differ in size"))
    errs += [("unsupported-path", f"{n} is a {t.spec.loc} tile") for n in vec
             if (t := m.tile(n)) is not None and t.spec.loc != "Vec"]
    errs += [("unsupported-path", f"{n} is a GlobalTensor, not a Vec tile") for n in vec if m.global_tensor(n)]
    if form == "l1":
        errs += [("unsupported-path", detail) for detail in _l1_errors(m)]
    if form == "tile" and m.site.builtin in ("MGATHER", "MSCATTER"):
        errs += _ub_errors(m)
    errs += [("unsupported-layout", f"{n} is {t.spec.blayout}") for n in row_major
             if (t := m.tile(n)) is not None and not t.spec.is_row_major]
    errs += [("unavailable", detail) for detail in _template_errors(m, form)]
    if not errs and m.site.builtin == "MSCATTER" and m.impl in _ATOMIC_TYPES:
        errs += [("unsupported-dtype", detail) for detail in _atomic_errors(m)]
    if errs:
        for kind, detail in errs:
            m.fault(kind, detail)
        raise m.trap(errs[0][0], f"{m.site.builtin} does not compile on {m.impl}")


_MODES = ("EQ", "NE", "LT", "LE", "GT", "GE")  # CmpMode (common/type.hpp)


def _template_errors(m: Machine, form: str) -> list[str]:
    """TGATHER_IMPL's static_asserts on template arguments: a2a3/TGather.hpp and a5/TGather.hpp accept only
    CmpMode::GT / EQ in the compare form (a2a3: int32_t src0 with EQ only); a5's 64-bit mask-pattern gather
    only along rows."""
    if m.site.builtin != "TGATHER" or m.impl not in ("a2a3", "a5"):
        return []
    if form == "cmp":
        raw = str(m.template_args.get("cmpMode", ""))
        hit = re.search(r"\b(EQ|NE|LT|LE|GT|GE)\b", raw)
        num = re.fullmatch(r"\s*(\d+)\s*", raw)
        mode = hit.group(1) if hit else (_MODES[int(num.group(1))] if num and int(num.group(1)) < 6 else None)
        if mode is not None and mode not in ("GT", "EQ"):
            return [f"compare mode {mode}: TGATHER_IMPL takes GT or EQ"]
        if mode == "GT" and m.impl == "a2a3" and _type_of(m, "src0") == "int32_t":
            return ["int32_t src0 with compare mode GT: a2a3 takes int32_t with EQ only"]
        return []
    if form == "mask" and m.impl == "a5" and _type_of(m, "src") in _W64 and _column_axis(m, "gatherType"):
        return ["64-bit pattern gather along columns: a5 supports GATHER_ROW only"]
    return []


def _atomic_errors(m: Machine) -> list[str]:
    """MSCATTER's IsValid(M)ScatterAtomic static_assert: the atomic op's src element types."""
    raw = m.template_args.get("Atomic")
    if raw is None:
        return []
    hit = re.search(r"\b(None|Add|Max|Min)\b", str(raw))
    num = re.fullmatch(r"\s*(\d+)\s*", str(raw))
    op_ = hit.group(1) if hit else (_ATOMIC_BY_VALUE[int(num.group(1))] if num and int(num.group(1)) < 4 else None)
    src = _type_of(m, "src")
    if op_ in (None, "None") or src not in _SZ or src in _ATOMIC_TYPES[m.impl].get(op_, set()):
        return []
    return [f"atomic {op_} scatter of {src} elements: {m.impl} does not implement it"]


def _l1_errors(m: Machine) -> list[str]:
    """What MGatherCheckGm2L1 rejects beyond the element types: dst's location and layout, the table's layout,
    indices that are a tile, A5's SIMT executor with Coalesce::Row."""
    dst, table = m.tile("dst"), m.global_tensor("src")
    spec = dst.spec
    out = [] if spec.loc == "Mat" else [f"dst is a {spec.loc} tile, the GM->L1 path writes a Mat tile"]
    if spec.is_row_major or spec.slayout != "RowMajor" or spec.fractal != 512:
        out.append(f"dst is {spec.blayout}/{spec.slayout}/{spec.fractal}, not NZ")
    if table is not None and table.spec.layout != "ND":
        out.append(f"table is Layout::{table.spec.layout}, not ND")
    if m.tile("indexes") is not None:
        out.append("indexes is a tile, the GM->L1 path reads GM indices")
    exe, mode = str(m.template_args.get("Exec", "")), str(m.template_args.get("CMode", ""))
    if m.impl == "a5" and ("Simt" in exe or exe.strip() == "1") and ("Row" in mode or mode.strip() == "0"):
        out.append("GatherExec::Simt with Coalesce::Row")
    return out


def _nz(spec) -> bool:
    return not spec.is_row_major and spec.slayout == "RowMajor" and spec.fractal == 512


def _ub_errors(m: Machine) -> list[tuple[str, str]]:
    """What MGatherCheck / MScatterCheck reject on the UB path beyond types and locations (A2/A3 layouts, static
    valid shapes)."""
    data, table = ("dst", "src") if m.site.builtin == "MGATHER" else ("src", "dst")
    d, i, g = m.tile(data), m.tile("indexes"), m.global_tensor(table)
    if d is None or i is None or g is None:
        return []
    out: list[tuple[str, str]] = []
    if m.impl == "a2a3":
        if i.spec.slayout != "NoneBox":
            out.append(("unsupported-layout", "index tile is not ND"))
        nd = d.spec.is_row_major and d.spec.slayout == "NoneBox"
        lay = g.spec.layout
        if lay not in ("ND", "NZ") or (lay == "ND") != nd or (lay == "NZ" and not _nz(d.spec)):
            out.append(("unsupported-layout", f"Layout::{lay} table with a {d.spec.blayout}/{d.spec.slayout} tile"))
        c0 = 32 // _SZ.get(d.dtype, 32)
        if lay == "NZ" and tuple(g.spec.shape[3:5]) != (16, c0):
            out.append(("unsupported-layout", f"NZ table inner shape {g.spec.shape[3:5]}, not (16, {c0})"))
    a5 = m.impl == "a5"

    def dim(v: int) -> int:
        return v & 0xFFFFFFFF if a5 else v

    dr, dc = dim(d.spec.valid_row), dim(d.spec.valid_col)
    ir, ic = dim(i.spec.valid_row), dim(i.spec.valid_col)
    mode = str(m.template_args.get("CMode" if m.site.builtin == "MGATHER" else "Mode", ""))
    if "Elem" in mode or mode.strip() == "1":
        if (dr > 0 and ir > 0 and ir != dr) or (dc > 0 and ic > 0 and ic != dc):
            out.append(("valid-region", f"Coalesce::Elem indices [{ir}, {ic}] for data [{dr}, {dc}]"))
        return out
    if dr > 0 and ir > 0 and ic > 0 and (ir, ic) != (1, dr) and not (a5 and (ir, ic) == (dr, 1)):
        out.append(("valid-region", f"Coalesce::Row indices [{ir}, {ic}] for {dr} rows"))
    tc = dim(g.spec.shape[4]) if a5 else 0
    if dc > 0 and tc > 0 and tc != dc:
        out.append(("valid-region", f"Coalesce::Row table inner dimension {tc} for {dc} valid columns"))
    return out


def _flat(m: Machine, t: ConcreteTile) -> np.ndarray:
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    return t.data().reshape(-1) if t.spec.is_row_major else t.buf.bytes().view(t.data().dtype)


def _gather_index(m: Machine) -> None:
    dst, src0, src1, tmp = m.tile("dst"), m.tile("src0"), m.tile("src1"), m.tile("tmp")
    if m.impl == "a2a3" and tmp is not None and (tmp.valid_row, tmp.valid_col) != (src1.valid_row, src1.valid_col):
        # a2a3 TGATHER_IMPL's PTO_ASSERTs (debug builds trap; release builds run on)
        m.fault("valid-region", f"tmp valid {tmp.valid_row}x{tmp.valid_col} differs from src1's {src1.valid_row}x"
                f"{src1.valid_col}")
    vr, vc = dst.valid_row, dst.valid_col
    if vr <= 0 or vc <= 0:
        return
    table, out, ind = _flat(m, src0), _flat(m, dst), _flat(m, src1)
    for i in range(vr):
        start = i * src1.spec.cols
        if start + vc > len(ind):
            raise m.trap("out-of-bounds", f"row {i}: indices [{start}, {start + vc}) of src1 past its {len(ind)} "
                         "elements")
        row = ind[start:start + vc].astype(np.int64)
        if m.impl == "a2a3" and _SZ.get(dst.dtype) == 2 and tmp is not None:
            scratch = _flat(m, tmp)
            at = i * dst.spec.cols
            if at + vc > len(scratch):
                raise m.trap("tmp-undersized", f"row {i}: byte offsets [{at}, {at + vc}) written past tmp's "
                             f"{len(scratch)} elements")
            scratch[at:at + vc] = (row * 2).astype(scratch.dtype)
        out[i * dst.spec.cols:i * dst.spec.cols + vc] = table[np.abs(row) % len(table)]


def _gather_mask(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    pat = _pattern(m)
    if pat is None:
        raise m.trap("unsupported-path", "unknown mask pattern")
    times, k = pat
    vr, vc = src.valid_row, src.valid_col
    if vr <= 0 or vc <= 0:
        return
    if _column_axis(m, "gatherType"):
        return  # row copies; not modelled further
    inp, out = _flat(m, src), _flat(m, dst)
    picked = np.concatenate([inp[i * src.spec.cols:i * src.spec.cols + vc][k::times] for i in range(vr)])
    if len(picked) > len(out):
        raise m.trap("out-of-bounds", f"row gather writes {len(picked)} elements, dst stores {len(out)}")
    out[:len(picked)] = picked


def _scatter_index(m: Machine) -> None:
    dst, src, idx = m.tile("dst"), m.tile("src"), m.tile("indexes")
    out, inp, ind = _flat(m, dst), _flat(m, src), _flat(m, idx)
    out[:] = 0
    rows, cols = idx.valid_row, idx.valid_col
    if rows <= 0 or cols <= 0:
        return
    if rows > src.valid_row or cols > src.valid_col:
        m.fault("valid-region", f"index valid region {rows}x{cols} exceeds src's {src.valid_row}x{src.valid_col}: "
                "stale source elements are scattered")
    for i in range(rows):
        for j in range(cols):
            at = i * src.spec.cols + j
            if at >= len(inp):
                raise m.trap("out-of-bounds", f"src element {at} past its {len(inp)} elements")
            out[int(abs(int(ind[i * idx.spec.cols + j]))) % len(out)] = inp[at]


def _scatter_mask(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    times, k = _pattern(m)
    out, inp = _flat(m, dst), _flat(m, src)
    out[:] = 0
    vr, vc = src.valid_row, src.valid_col
    col_axis = _column_axis(m, "ScatterType")
    # the header's PTO_ASSERTs (debug builds): SCATTER_ROW dst rows == src's, dst cols == times * src's; SCATTER_COL
    # dst rows == times * src's (its cols == src's is not recorded: the vendor's tcolscatter tests break it)
    want = [("rows", dst.valid_row, times * vr)] if col_axis else [("rows", dst.valid_row, vr),
                                                                   ("columns", dst.valid_col, times * vc)]
    for what, got, need in want:
        if got != need:
            m.fault("valid-region", f"TSCATTER mask form: dst's valid {what} {got} != {need} (PTO_ASSERT, debug "
                    "builds trap)")
    for i in range(max(vr, 0)):
        for j in range(max(vc, 0)):
            r, c = (times * i + k, j) if col_axis else (i, times * j + k)
            if r >= dst.valid_row or c >= dst.valid_col:
                m.fault("valid-region", f"src ({i}, {j}) lands at dst ({r}, {c}), outside dst's valid region "
                        f"{dst.valid_row}x{dst.valid_col}")
                return
            out[r * dst.spec.cols + c] = inp[i * src.spec.cols + j]


@op("TGATHER", "TSCATTER", "MGATHER", "MSCATTER", own=("kirin9030",))
def gather_scatter(m: Machine) -> None:
    form = _form(m)
    if m.impl == "kirin9030" and form not in ("index", "mask"):
        raise LookupError("Kirin 9030's TGATHER compare form (an empty body) is not modelled")
    if m.site.builtin == "TSCATTER" and form is None and _pattern(m) == (1, 0) and m.tile("indexes") is None:
        dst, src = m.tile("dst"), m.tile("src")
        if dst is not None and src is not None and (dst.valid_row, dst.valid_col) != (src.valid_row, src.valid_col):
            # the PTO_ASSERT before TMOV_IMPL (a2a3 / a5 TScatter.hpp)
            m.fault("valid-region", f"TSCATTER<P1111>: src valid shape {src.valid_row}x{src.valid_col} differs from "
                    f"dst's {dst.valid_row}x{dst.valid_col}")
        tmov(m)  # TSCATTER<P1111>(dst, src) is TMOV_IMPL(dst, src) on both targets
        return
    if form is None:
        raise m.trap("unsupported-path", f"{m.site.builtin}: this form is not modelled")
    _compile_checks(m, form)
    if m.impl == "kirin9030":
        # Kirin 9030's TGather.hpp: its static checks are modelled, not what its copy routines do at run time
        raise LookupError("the run-time behaviour of Kirin 9030's TGATHER is not modelled")
    b = m.site.builtin
    if b == "TGATHER" and form == "index":
        _gather_index(m)
    elif b == "TGATHER" and form == "mask":
        _gather_mask(m)
    elif b == "TSCATTER" and form == "index":
        _scatter_index(m)
    elif b == "TSCATTER" and form == "mask":
        _scatter_mask(m)

"""Tile-scalar instructions: TADDS TSUBS TMULS TMAXS TMINS TLRELU TSHLS TSHRS TANDS TORS TXORS TEXPANDS.

dst = src <op> scalar over dst's valid region, in dst's element type (TEXPANDS: dst = scalar). Each target's
behaviour is written down here on its own, from include/pto/npu/{a2a3,a5}/T*.hpp:
- a2a3 (TBinSOp-based): element type taken from src, must equal dst's; src must be a Vec tile (TMAXS and
  TLRELU also check dst); TADDS/TSUBS/TMINS only run when the valid shapes are equal and non-empty,
  the others run over dst's valid shape whatever src's is. TANDS/TORS are composites: TEXPANDS(dst, scalar)
  (dst's type in TEXPANDS' list, dst Vec or Mat) then TAND/TOR(dst, src, dst) (src's type == dst's, both
  row-major); TXORS also runs TNOT(dst, dst), which needs a Vec dst and does not compile for float.
- a5: element type taken from dst (src's buffer is reinterpreted as that type, no equality check except
  for the bitwise forms, which check sizeof(T) in {1,2,4}, equal types and row-major tiles); both tiles Vec
  (not checked by the bitwise forms); always runs over dst's valid shape.
- a2a3 TREMS (float/int32) and TFMODS (float): equal types, Vec and row-major tiles, over dst's valid shape
  (remainders computed C-style, truncating). a5 TREMS (2/4/8-byte types) and TFMODS (2/4-byte types): equal
  types, both tiles Vec, any layout.
- the valid dimensions each implementation PTO_ASSERTs equal (_ASSERTED_EQUAL): a difference is a valid-region
  fault (debug builds trap) even where src's region covers dst's.
- TEXPANDS: Vec or Mat tile (a5: a Vec tile of 64-bit integers row-major).
- TAXPY: dst += src0 * scalar; dst half/float, src0 of dst's type or half under a float dst; a2a3 checks
  src0's location and skips unless the valid shapes are equal, a5 checks dst's and runs over dst's shape.
"""

from __future__ import annotations

import re

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.memory import NUMPY_TYPES, element_size

_I32_I16_H_F = frozenset({"int32_t", "int16_t", "half", "float"})
_SHIFT_A2 = frozenset({"int32_t", "int16_t", "uint32_t", "uint16_t"})
_INTS_A5 = frozenset({"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t"})
_ALL_A5 = _INTS_A5 | {"half", "float", "bfloat16_t"}
_FP = frozenset({"half", "float"})

# instruction -> (accepted types, type taken from "src"/"dst", static dst==src check, locations checked,
#                 runs only on equal valid shapes)
_A2A3 = {
    "TADDS": (_I32_I16_H_F, "src", True, ("src",), True),
    "TSUBS": (_I32_I16_H_F, "src", True, ("src",), True),
    "TMINS": (_I32_I16_H_F, "src", True, ("src",), True),
    "TMULS": (_I32_I16_H_F, "src", True, ("src",), False),
    "TMAXS": (_I32_I16_H_F, "src", True, ("dst", "src"), False),
    "TLRELU": (_FP, "src", True, ("dst", "src"), False),
    "TSHLS": (_SHIFT_A2, "src", True, ("src",), False),
    "TSHRS": (_SHIFT_A2, "src", True, ("src",), False),
    "TREMS": (frozenset({"float", "int32_t"}), "dst", True, ("dst", "src"), False),
    "TFMODS": (frozenset({"float"}), "dst", True, ("dst", "src"), False),
    "TAXPY": (_FP, "dst", True, ("src",), True),
}
_WIDENING = {"TAXPY": {("float", "half")}}  # (dst, src) pairs accepted besides equal types
_A2A3_ROW_MAJOR_ONLY = ("TREMS", "TFMODS")
_A5 = {
    "TADDS": (_ALL_A5, "dst", False, ("dst", "src"), False),
    "TSUBS": (_ALL_A5, "dst", False, ("dst", "src"), False),
    "TMAXS": (_ALL_A5, "dst", False, ("dst", "src"), False),
    "TMINS": (_ALL_A5, "dst", False, ("dst", "src"), False),
    "TMULS": (_ALL_A5 - {"int8_t", "uint8_t"}, "dst", False, ("dst", "src"), False),
    "TLRELU": (_FP, "dst", False, ("dst", "src"), False),
    "TSHLS": (_INTS_A5, "dst", False, ("dst", "src"), False),
    "TSHRS": (_INTS_A5, "dst", False, ("dst", "src"), False),
    "TAXPY": (_FP, "dst", True, ("dst",), False),
    "TREMS": (_ALL_A5 - {"int8_t", "uint8_t"}, "dst", True, ("dst", "src"), False),
    "TFMODS": (_ALL_A5 - {"int8_t", "uint8_t", "int64_t", "uint64_t"}, "dst", True, ("dst", "src"), False),
}
#: the newer targets' own files: Kirin Dev0000 TRemS.hpp / TFModS.hpp (equal types, sizeof 2/4 but no int32/uint32:
#: no integer vdiv), Kirin 9030 TRemS.hpp (sizeof 2/4); both tiles Vec, any layout, over dst's valid shape
_KD_REM = frozenset({"int16_t", "uint16_t", "half", "bfloat16_t", "float"})
_OWN_TABLES = {
    "kirindev0000": {"TREMS": (_KD_REM, "dst", True, ("dst", "src"), False),
                     "TFMODS": (_KD_REM, "dst", True, ("dst", "src"), False)},
    # Kirin 9030 TSubS.hpp (every Kirin's TSUBS): dst's type, no equality check (src read as dst's type), Vec
    "kirin9030": {"TREMS": (_KD_REM | {"int32_t", "uint32_t"}, "dst", True, ("dst", "src"), False),
                  "TSUBS": (_INTS_A5 - {"int64_t", "uint64_t"} | _FP, "dst", False, ("dst", "src"), False),
                  "TFMODS": _A5["TFMODS"]},  # a5/TFModS.hpp's #else branch: A5's checks
}
_A5_BITWISE = ("TANDS", "TORS", "TXORS")  # sizeof(T) in {1,2,4}, equal types, row-major, no location check
#: (target, instruction) -> the valid dimensions of src and dst its implementation PTO_ASSERTs equal (a debug build
#: traps on a difference; a release build runs over dst's valid shape); "+": dst's valid shape must be non-empty too
_ASSERTED_EQUAL = {
    **{("a2a3", n): "rc+" for n in ("TMULS", "TMAXS", "TLRELU")},
    # compute only when the shapes are equal and non-empty, else PTO_ASSERT(false): the skip below, and an empty dst
    **{("a2a3", n): "+" for n in ("TADDS", "TSUBS", "TMINS", "TAXPY")},
    **{("a2a3", n): "c+" for n in ("TSHLS", "TSHRS")},  # (the row assert compares dst rows with src *columns*)
    **{("a2a3", n): "rc+" for n in ("TREMS", "TFMODS")},
    **{("a5", n): "rc" for n in ("TADDS", "TSUBS", "TLRELU", "TSHLS", "TSHRS", "TREMS", "TFMODS", "TANDS", "TORS",
                                 "TXORS", "TAXPY")},
    **{("a5", n): "c" for n in ("TMULS", "TMAXS", "TMINS")},
    **{(t, n): "rc" for t, table in _OWN_TABLES.items() for n in table},  # Kirin TREMS_IMPL / TFMODS_IMPL
}
_EXPANDS_TYPES = {
    "a2a3": frozenset({"uint8_t", "int8_t", "uint16_t", "int16_t", "uint32_t", "int32_t", "half", "bfloat16_t",
                       "float"}),
}
_EXPANDS_TYPES["a5"] = _EXPANDS_TYPES["a2a3"] | {"int64_t", "uint64_t"}
#: a2a3 bitwise composites: dst's accepted types, dst's accepted locations
_A2A3_BITWISE = {"TANDS": (_EXPANDS_TYPES["a2a3"], ("Vec", "Mat")), "TORS": (_EXPANDS_TYPES["a2a3"], ("Vec", "Mat")),
                 "TXORS": (_EXPANDS_TYPES["a2a3"] - {"float"}, ("Vec",))}


#: a2a3/TBitwiseSOp.hpp and a2a3/TXor.hpp PTO_ASSERT (outside __PTO_AUTO__) that these operands' data() differ:
#: TANDS / TORS fill dst with the scalar before reading src, TXORS / TXOR write tmp and dst between reads
A2A3_APART = {"TANDS": (("dst", "src"),), "TORS": (("dst", "src"),),
              "TXORS": (("dst", "src0"), ("dst", "tmp"), ("src0", "tmp")),
              "TXOR": (("dst", "src0"), ("dst", "src1"), ("dst", "tmp"), ("src0", "tmp"), ("src1", "tmp"))}


def apart_faults(m: Machine, name: str) -> None:
    """A2/A3's in-place check of the bitwise composites: two operands starting at the same byte of one buffer."""
    for a_name, b_name in A2A3_APART.get(name, ()):
        a, b = m.tile(a_name), m.tile(b_name)
        if a is None or b is None or a.buf is None or b.buf is None:
            continue
        if (a.buf.buffer, a.buf.offset) == (b.buf.buffer, b.buf.offset):
            m.fault("live-overlap", f"{name}: {a_name} and {b_name} both start at {a.buf.buffer} byte {a.buf.offset}; "
                    "the PTO_ASSERT that they differ traps in debug builds, release builds overwrite one before "
                    "reading it")


def np_type(dtype: str) -> np.dtype:
    return np.dtype(NUMPY_TYPES.get(dtype, np.uint8))


def read_as(m: Machine, t: ConcreteTile, dtype: str, rows: int, cols: int) -> np.ndarray:
    """The top-left rows x cols of `t`, read through a `dtype*` pointer with t's row stride when types differ."""
    if t.spec.dtype == dtype:
        return np.array(m.window(t, 0, 0, rows, cols))
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    nt = np_type(dtype)
    idx = np.arange(rows)[:, None] * t.spec.cols + np.arange(cols)[None, :]
    end = (int(idx.max()) + 1) * nt.itemsize if idx.size else 0
    if end > t.buf.nbytes:
        m.fault("out-of-bounds", f"reading {t.name} as {dtype} runs {end - t.buf.nbytes} bytes past its storage")
    raw = t.buf.storage[t.buf.offset:]
    if end > raw.size:
        raise m.trap("out-of-bounds", f"read of {t.name} as {dtype} beyond the {t.buf.buffer} buffer")
    return raw[: end].view(nt)[idx] if end else np.zeros((rows, cols), dtype=nt)


def to_f32(a: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a.astype(np.float32)


def from_f32(a: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        return (np.asarray(a, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return np.asarray(a).astype(np_type(dtype))


def is_float(dtype: str) -> bool:
    return dtype in ("half", "float", "bfloat16_t", "double")


def scalar_as(value, dtype: str):
    """A scalar converted to the element type (C conversion: integers wrap)."""
    if is_float(dtype):
        return float(value)
    info = np.iinfo(np_type(dtype))
    v = int(value)
    return (v - info.min) % (info.max - info.min + 1) + info.min


def _src(m: Machine) -> ConcreteTile | None:
    return m.tile("src0") or m.tile("src")


def _compute(name: str, x: np.ndarray, s, dtype: str) -> np.ndarray:
    with np.errstate(all="ignore"):
        if is_float(dtype):
            f = to_f32(x, dtype) if dtype == "bfloat16_t" else x.astype(np.float32)
            sv = np.float32(s)
            res = {"TADDS": lambda: f + sv, "TSUBS": lambda: f - sv, "TMULS": lambda: f * sv,
                   "TMAXS": lambda: np.maximum(f, sv), "TMINS": lambda: np.minimum(f, sv),
                   "TLRELU": lambda: np.where(f >= 0, f, f * sv),
                   "TREMS": lambda: np.fmod(f, sv), "TFMODS": lambda: np.fmod(f, sv)}[name]()
            return from_f32(res, dtype)
        nt = np_type(dtype)
        xi = x.astype(np.int64) if nt != np.uint64 else x.astype(np.uint64)
        si = int(s)
        bits = nt.itemsize * 8
        if name == "TREMS":  # C `%`: truncating remainder
            res = np.fmod(x, nt.type(si)) if si != 0 else x
        elif name == "TSHLS":
            res = (x.astype(np.uint64) << np.uint64(si % 64)) if 0 <= si < bits else np.zeros_like(xi)
        elif name == "TSHRS":
            res = (x >> nt.type(si)) if 0 <= si < bits else np.where(x < 0, -1, 0)
        else:
            sv = np.array(si).astype(nt)
            res = {"TADDS": lambda: x + sv, "TSUBS": lambda: x - sv, "TMULS": lambda: x * sv,
                   "TMAXS": lambda: np.maximum(x, sv), "TMINS": lambda: np.minimum(x, sv),
                   "TANDS": lambda: x & sv, "TORS": lambda: x | sv, "TXORS": lambda: x ^ sv}[name]()
        return np.asarray(res).astype(nt)


@op("TADDS", "TSUBS", "TMULS", "TMAXS", "TMINS", "TLRELU", "TSHLS", "TSHRS", "TANDS", "TORS", "TXORS", "TREMS",
    "TFMODS", "TAXPY", own=tuple(_OWN_TABLES))
def tile_scalar(m: Machine) -> None:
    name = m.site.builtin
    dst, src = m.tile("dst"), _src(m)
    scalar = m.scalar("scalar")
    if dst is None or src is None or scalar is None:
        raise m.trap("unsupported-path", f"{name} needs tiles dst, src and a scalar")
    a5 = m.impl == "a5"
    errors: list[tuple[str, str]] = []
    skip_on_mismatch = False
    if a5 and name in _A5_BITWISE:
        if np_type(dst.dtype).itemsize not in (1, 2, 4) or dst.dtype not in NUMPY_TYPES:
            errors.append(("unsupported-dtype", f"{dst.dtype}: a5 {name} needs a 1, 2 or 4 byte element type"))
        if src.dtype != dst.dtype:
            errors.append(("dtype-mismatch", f"src is {src.dtype}, dst is {dst.dtype}: rejected on a5"))
        for t in (dst, src):
            if not t.spec.is_row_major:
                errors.append(("unsupported-layout", f"{t.name} is {t.spec.blayout}: a5 {name} needs RowMajor"))
    elif m.impl == "a2a3" and name in _A2A3_BITWISE:
        types, locs = _A2A3_BITWISE[name]
        if dst.dtype not in types:
            errors.append(("unsupported-dtype", f"dst element type {dst.dtype} is rejected by a2a3 {name}"))
        if src.dtype != dst.dtype:
            errors.append(("dtype-mismatch", f"src is {src.dtype}, dst is {dst.dtype}: TAND/TOR reject it on a2a3"))
        if dst.spec.loc not in locs:
            errors.append(("unsupported-path", f"dst is a {dst.spec.loc} tile (a2a3 {name} needs {'/'.join(locs)})"))
        for t in (dst, src):
            if not t.spec.is_row_major:
                errors.append(("unsupported-layout", f"{t.name} is {t.spec.blayout}: a2a3 {name} needs RowMajor"))
    else:
        table = {"a5": _A5, "a2a3": _A2A3}.get(m.impl) or _OWN_TABLES.get(m.impl, {})
        if name not in table:
            return  # not modelled on this target
        types, typed_from, same, checked_locs, skip_on_mismatch = table[name]
        typed = src if typed_from == "src" else dst
        if typed.dtype not in types:
            errors.append(("unsupported-dtype", f"{typed.name} element type {typed.dtype} is rejected by {name} "
                           f"on {m.impl}"))
        if same and src.dtype != dst.dtype and (dst.dtype, src.dtype) not in _WIDENING.get(name, set()):
            errors.append(("dtype-mismatch", f"src is {src.dtype}, dst is {dst.dtype}: rejected on {m.impl}"))
        for role in checked_locs:
            t = dst if role == "dst" else src
            if t.spec.loc != "Vec":
                errors.append(("unsupported-path", f"{t.name} is a {t.spec.loc} tile ({name} needs Vec)"))
        if m.impl == "a2a3" and name in _A2A3_ROW_MAJOR_ONLY:
            for t in (dst, src):
                if not t.spec.is_row_major:
                    errors.append(("unsupported-layout", f"{t.name} is {t.spec.blayout}: {name} needs RowMajor"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], f"{name} does not compile")
    if m.impl == "a2a3":
        apart_faults(m, name)
    if name == "TREMS" and m.impl == "a2a3":
        _trems_a2a3_tmp(m, dst)
    widened = (dst.dtype, src.dtype) in _WIDENING.get(name, set())
    if src.dtype != dst.dtype and not widened:
        m.fault("dtype-mismatch", f"src ({src.dtype}) is read as {dst.dtype} on {m.impl}")

    rows, cols = dst.valid_row, dst.valid_col
    asserted = _ASSERTED_EQUAL.get((m.impl, name), "")
    if "+" in asserted and (rows <= 0 or cols <= 0):
        m.fault("valid-region", f"dst valid {rows}x{cols} is empty: {name}'s PTO_ASSERT traps in debug builds")
    if rows <= 0 or cols <= 0:
        return
    unequal = [d for d, s, t in (("r", src.valid_row, rows), ("c", src.valid_col, cols)) if d in asserted and s != t]
    if unequal:
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: {name}'s "
                "PTO_ASSERT traps in debug builds (release builds run over dst's valid shape)")
    if skip_on_mismatch and (src.valid_row != rows or src.valid_col != cols):
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: {name} is "
                "skipped (PTO_ASSERT only in _DEBUG)")
        m.fault("no-op", f"{name} did not write dst")
        return
    if src.valid_row < rows or src.valid_col < cols:
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} does not cover dst valid {rows}x{cols}: "
                "stale source data is read")
    x = read_as(m, src, src.dtype if widened else dst.dtype, rows, cols)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    if name == "TAXPY":  # dst = dst + src * scalar, in dst's (float) type
        with np.errstate(all="ignore"):
            out[:, :] = (out.astype(np.float32) + x.astype(np.float32) * np.float32(scalar)).astype(out.dtype)
        return
    out[:, :] = _compute(name, x, scalar_as(scalar, dst.dtype), dst.dtype)


_CONV_TILE = re.compile(r"ConvTile<\s*(?:pto::)?TileType::(\w+)\s*,\s*([^,]+?)\s*,\s*[^,]+,\s*(?:pto::)?Layout::(\w+)"
                        r"\s*,\s*(?:pto::)?ConvTileShape<([-\d,\s]+)>")
#: how many dst.GetShape(i) the Mat fill of a ConvTile multiplies (GetShape is -1 past the ConvTile's dimensions):
#: a2a3/TExpandS.hpp TExpandsMat5HD 0..4 whatever the layout; a5/TExpandS.hpp TExpandsConvTile 0..4 (NC1HWC0,
#: FRACTAL_Z) or 0..5 (NDC1HWC0, FRACTAL_Z_3D), no fill for another layout
_CONV_FILL = {"a2a3": {"*": 5}, "a5": {"NC1HWC0": 5, "FRACTAL_Z": 5, "NDC1HWC0": 6, "FRACTAL_Z_3D": 6}}


def _conv_fill(m: Machine) -> None:
    """TEXPANDS of a ConvTile: the fill's repeat count (uint16_t of product * sizeof / 32), PTO_ASSERTed within
    [1, 32767]; outside it a release build fills the 15-bit field's count of blocks from the ConvTile's start. The
    fill itself is not modelled (refused)."""
    found = _CONV_TILE.search(getattr(m.site.arg("dst"), "spelling", "") or "")
    if found is None:
        raise m.trap("unsupported-path", "TEXPANDS needs a tile dst and a scalar")
    loc, raw, layout, dims_text = found.groups()
    dims = [int(v) for v in dims_text.split(",") if v.strip()]
    table = _CONV_FILL.get(m.impl, {})
    n = table.get(layout, table.get("*"))
    dtype = raw.strip().split("::")[-1]
    size = np_type(dtype).itemsize if dtype in NUMPY_TYPES else 0
    if loc == "Mat" and n is not None and size and all(d >= 0 for d in dims):
        product = int(np.prod([dims[i] if i < len(dims) else -1 for i in range(n)], dtype=object))
        repeat = (product * size) % 2 ** 64 // 32 % 65536
        if not 1 <= repeat <= 32767:
            m.fault("extent-limit", f"ConvTile fill of {repeat} 32-byte blocks (dims {dims}, {n} of them counted): "
                    "outside [1, 32767] (PTO_ASSERT, debug builds)")
            return
    raise LookupError("TEXPANDS of a ConvTile is not modelled beyond its repeat count")


@op("TEXPANDS")
def texpands(m: Machine) -> None:
    dst = m.tile("dst")
    scalar = m.scalar("scalar")
    if dst is None and m.impl in _CONV_FILL:
        _conv_fill(m)
        return
    if dst is None or scalar is None:
        raise m.trap("unsupported-path", "TEXPANDS needs a tile dst and a scalar")
    errors = []
    if dst.spec.loc not in ("Vec", "Mat"):
        errors.append(("unsupported-path", f"dst is a {dst.spec.loc} tile (TEXPANDS needs Vec or Mat)"))
    if dst.dtype not in _EXPANDS_TYPES.get(m.impl, frozenset()):
        errors.append(("unsupported-dtype", f"dst element type {dst.dtype} is rejected by TEXPANDS on {m.impl}"))
    elif m.impl == "a5" and dst.spec.loc == "Vec" and dst.dtype in ("int64_t", "uint64_t") and not dst.spec.is_row_major:
        # the 64-bit Vec path (Int64Fill) static_asserts a row-major tile
        errors.append(("unsupported-layout", f"dst is a {dst.spec.blayout} {dst.dtype} tile: a5 TEXPANDS of 64-bit "
                       "data needs RowMajor"))
    if dst.spec.loc == "Mat":
        # one create_cbuf_matrix of uint16_t(Rows * Cols * sizeof / 32) blocks, static_asserted <= 32767
        blocks = (dst.spec.rows * dst.spec.cols * element_size(dst.spec) // 32) % 65536
        if blocks > 32767:
            errors.append(("extent-limit", f"Mat dst is {blocks} 32-byte blocks: the fill takes at most 32767"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], "TEXPANDS does not compile")
    if dst.spec.loc == "Mat":
        rows, cols = dst.spec.rows, dst.spec.cols
    else:
        rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    value = scalar_as(scalar, dst.dtype)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    out[:, :] = from_f32(np.float32(value), dst.dtype) if is_float(dst.dtype) else value


def _trems_a2a3_tmp(m: Machine, dst: ConcreteTile) -> None:
    """a2a3/TRemS.hpp TREMS_IMPL: PTO_ASSERT tmp valid columns >= dst's and tmp valid rows >= 1 (debug builds); a
    release build uses dst.GetValidCol() elements of tmp as scratch for every row."""
    tmp = m.tile("tmp")
    if tmp is None:
        raise m.trap("tmp-undersized", "TREMS needs a tmp tile on a2a3")
    if tmp.valid_col < dst.valid_col or tmp.valid_row < 1:
        m.fault("tmp-undersized", f"tmp valid {tmp.valid_row}x{tmp.valid_col} vs dst valid columns {dst.valid_col}: "
                "TREMS_IMPL's PTO_ASSERTs (>= dst's columns, >= 1 row) trap in debug builds")

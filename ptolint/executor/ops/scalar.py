"""Tile-scalar arithmetic: TDIVS.

TDIVS(dst, src0, scalar): dst = src0 / scalar; TDIVS(dst, scalar, src0): dst = scalar / src0, over dst's
valid region, in dst's element type. Each target's behaviour is modelled here on its own:
- a2a3: both forms need Vec tiles, equal element types in {int32, int16, half, float}; they compute only
  when the valid shapes are equal and non-empty (otherwise a release build does nothing);
  PrecisionType is ignored; the in-place float tile/scalar form multiplies by (T)(1/scalar).
- a5: Vec tiles; the tile/scalar form needs dst in {u/int64, u/int32, u/int16, half, float}, the
  scalar/tile form checks no type; src0 is read as dst's type; any valid-shape difference breaks its
  PTO_ASSERT (a debug build traps: recorded as a valid-region fault), then it computes over dst's valid
  shape; HIGH_PRECISION only changes float and half.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.memory import NUMPY_TYPES

_A2A3_TYPES = {"int32_t", "int16_t", "half", "float"}
_A5_TILE_SCALAR_TYPES = {"uint64_t", "int64_t", "uint32_t", "int32_t", "uint16_t", "int16_t", "half", "float"}
#: implementations that behave as A5's -> the tile/scalar form's dst types: Kirin Dev0000's own TDivS.hpp has no
#: 64-bit types (its integer division is a scalar loop), otherwise the same checks, PTO_ASSERT and domain
_A5_LIKE = {"a5": _A5_TILE_SCALAR_TYPES, "kirindev0000": _A5_TILE_SCALAR_TYPES - {"uint64_t", "int64_t"}}
_FLOATS = {"half", "float", "bfloat16_t", "double"}


def _read_as(m: Machine, t: ConcreteTile, dtype: str, rows: int, cols: int) -> np.ndarray:
    """The top-left rows x cols of `t` read as `dtype` (a reinterpreting pointer cast when types differ)."""
    if t.spec.dtype == dtype:
        return np.array(m.window(t, 0, 0, rows, cols))
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    np_t = np.dtype(NUMPY_TYPES.get(dtype, np.uint8))
    raw = t.buf.bytes()
    n = len(raw) // np_t.itemsize
    view = raw[: n * np_t.itemsize].view(np_t)
    out = np.zeros((rows, cols), dtype=np_t)
    for i in range(rows):
        for j in range(cols):
            k = i * t.spec.cols + j  # the implementation indexes row * Cols + col
            if k >= n:
                raise m.trap("out-of-bounds", f"read of {t.name} as {dtype} at element {k}, outside its storage")
            out[i, j] = view[k]
    return out


def _to_float(a: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a


def _from_float(a: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        return (np.asarray(a, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return a.astype(NUMPY_TYPES[dtype])


def _c_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _wrap(v: int, np_t: np.dtype) -> int:
    info = np.iinfo(np_t)
    span = info.max - info.min + 1
    return (v - info.min) % span + info.min


@op("TDIVS", own=("kirindev0000",))
def tdivs(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src0")
    scalar = m.scalar("scalar")
    if dst is None or src is None or scalar is None:
        raise m.trap("unsupported-path", "TDIVS needs tiles dst, src0 and a scalar")
    params = list(m.site.params)
    scalar_first = params.index("scalar") < params.index("src0")
    dtype = dst.spec.dtype
    a5 = m.impl in _A5_LIKE

    # --- what the target's static_asserts reject
    errors = []
    for t in (dst, src):
        if t.spec.loc != "Vec":
            errors.append(("unsupported-path", f"{t.name} is a {t.spec.loc} tile (TDIVS needs TileType::Vec)"))
    if a5:
        if not scalar_first and dtype not in _A5_LIKE[m.impl]:
            errors.append(("unsupported-dtype", f"dst element type {dtype} is rejected by the tile/scalar form on "
                           f"{m.impl}"))
    else:
        for t in (dst, src):
            if t.spec.dtype not in _A2A3_TYPES:
                errors.append(("unsupported-dtype", f"{t.name} element type {t.spec.dtype} is rejected on a2a3"))
        if src.spec.dtype != dtype:
            errors.append(("dtype-mismatch", f"src0 is {src.spec.dtype}, dst is {dtype}: rejected on a2a3"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], "TDIVS does not compile")
    if src.spec.dtype != dtype:
        m.fault("dtype-mismatch", f"src0 ({src.spec.dtype}) is read as {dtype} on {m.impl}")

    # --- options
    precision = m.template_args.get("PrecisionType", "")
    if precision in ("HIGH_PRECISION", "1"):
        if not a5:
            m.fault("ignored-option", "DivAlgorithm::HIGH_PRECISION: a2a3 has no high-precision division")
        elif dtype not in ("float", "half"):
            m.fault("ignored-option", f"DivAlgorithm::HIGH_PRECISION is ignored for {dtype} on {m.impl}")

    # --- valid regions (both targets PTO_ASSERT equal valid shapes: debug builds trap on any difference)
    rows, cols = dst.valid_row, dst.valid_col
    same = src.valid_row == rows and src.valid_col == cols
    if a5 and not same:
        m.fault("valid-region", f"src0 valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: "
                f"PTO_ASSERT traps in debug builds; {m.impl} computes over dst's valid shape")
    if rows <= 0 or cols <= 0:
        return
    if not a5 and not same:
        m.fault("valid-region", f"src0 valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: "
                "skipped (PTO_ASSERT only in _DEBUG)")
        m.fault("no-op", "TDIVS did not write dst")
        return
    if a5 and (src.valid_row < rows or src.valid_col < cols):
        m.fault("valid-region", f"src0 valid {src.valid_row}x{src.valid_col} is smaller than dst valid {rows}x{cols}; "
                f"{m.impl} reads src0 outside its valid region")

    # --- the division, in dst's element type
    is_float = dtype in _FLOATS
    if not scalar_first and scalar == 0:
        m.fault("divide-by-zero", f"divisor scalar is {scalar}")
        if not is_float:
            raise m.trap("divide-by-zero", "integer division by zero")
    data = _read_as(m, src, dtype, rows, cols)
    if is_float:
        np_f = np.float32 if dtype == "bfloat16_t" else NUMPY_TYPES[dtype]
        x = _to_float(data, dtype).astype(np_f)
        s = np_f(scalar)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            if scalar_first:
                if np.any(x == 0):
                    m.fault("divide-by-zero", "an element of src0 (the divisor) is 0")
                res = s / x
            elif not a5 and _same_variable(m):
                res = x * np_f(np.float32(1.0) / np.float32(scalar))  # a2a3 in-place: multiply by the reciprocal
            else:
                res = x / s
        result = _from_float(np.asarray(res, dtype=np_f), dtype)
    else:
        np_t = np.dtype(NUMPY_TYPES[dtype])
        s = _wrap(int(scalar), np_t)
        result = np.zeros((rows, cols), dtype=np_t)
        for i in range(rows):
            for j in range(cols):
                x = int(data[i, j])
                num, den = (s, x) if scalar_first else (x, s)
                if den == 0:
                    raise m.trap("divide-by-zero", f"integer division by zero at src0[{i}][{j}]")
                result[i, j] = _wrap(_c_div(num, den), np_t)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    out[:, :] = result


def _same_variable(m: Machine) -> bool:
    """dst and src0 are the same tile variable (the in-place form), judged from the call's argument text."""
    dst, src = m.site.arg("dst"), m.site.arg("src0")
    return getattr(dst, "name", None) is not None and getattr(dst, "name", None) == getattr(src, "name", "")

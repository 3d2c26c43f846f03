"""Column-broadcast instructions: TCOLEXPANDMAX.

dst[i][j] = max(full[i][j], vec[0][j]) over dst's valid region, where the implementation picks the
roles at run time: src0 is the full operand when its valid shape equals dst's, otherwise src1 is.
Sources are read as dst's element type (neither target checks their types).
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.memory import NUMPY_TYPES

#: the destination element types each target's implementation accepts (static_assert)
_DST_TYPES = {
    "a2a3": {"int32_t", "int16_t", "half", "float"},
    "a5": {"int32_t", "uint32_t", "float", "int16_t", "uint16_t", "half", "bfloat16_t", "uint8_t", "int8_t"},
}


def _read_as(m: Machine, t: ConcreteTile, dtype: str, r0: int, c0: int, rows: int, cols: int) -> np.ndarray:
    """A rows x cols window of `t` read as `dtype` elements with t's row stride (what a reinterpreting
    pointer cast does). Same type: the ordinary window (faults out-of-bounds outside the storage)."""
    if t.spec.dtype == dtype:
        return np.array(m.window(t, r0, c0, rows, cols))
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    np_t = NUMPY_TYPES.get(dtype, np.uint8)
    flat = t.buf.bytes()
    n = len(flat) // np.dtype(np_t).itemsize
    view = flat[: n * np.dtype(np_t).itemsize].view(np_t)
    stride = t.spec.cols if t.spec.is_row_major else 1
    out = np.zeros((rows, cols), dtype=np_t)
    for i in range(rows):
        for j in range(cols):
            k = (r0 + i) * stride + c0 + j
            if not 0 <= k < n:
                raise m.trap("out-of-bounds", f"read of {t.name} as {dtype} at element {k}, outside its "
                             f"{len(flat)}-byte storage")
            out[i, j] = view[k]
    return out


def _maximum(a: np.ndarray, b: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":  # raw bf16 bits: compare as the float32 values they stand for
        fa = (a.astype(np.uint32) << 16).view(np.float32)
        fb = (b.astype(np.uint32) << 16).view(np.float32)
        return np.where(fa >= fb, a, b)
    return np.maximum(a, b)


@op("TCOLEXPANDMAX")
def tcolexpandmax(m: Machine) -> None:
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if dst is None or src0 is None or src1 is None:
        raise m.trap("unsupported-path", "TCOLEXPANDMAX needs tiles dst, src0 and src1")
    dtype = dst.spec.dtype
    compiles = True
    if dtype not in _DST_TYPES[m.impl]:
        m.fault("unsupported-dtype", f"dst element type {dtype} is rejected on {m.impl}")
        compiles = False
    if not dst.spec.is_row_major:
        m.fault("unsupported-layout", f"dst BLayout {dst.spec.blayout} is rejected (must be RowMajor)")
        compiles = False
    if not compiles:
        raise m.trap("unsupported-dtype" if dtype not in _DST_TYPES[m.impl] else "unsupported-layout",
                     "TCOLEXPANDMAX does not compile")
    for t in (src0, src1):
        if t.spec.dtype != dtype:
            m.fault("dtype-mismatch", f"{t.name} ({t.spec.dtype}) is read as {dtype}")
    for t in (dst, src0, src1):
        if t.spec.loc != "Vec":
            m.fault("unsupported-path", f"{t.name} is a {t.spec.loc} tile; its address is used as a UB address")

    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    if src0.valid_row == rows and src0.valid_col == cols:
        full, vec = src0, src1
    else:
        full, vec = src1, src0
    if full.valid_row < rows or full.valid_col < cols:
        m.fault("valid-region", f"full operand {full.name} has valid region {full.valid_row}x{full.valid_col} "
                f"but {rows}x{cols} elements are read")
    if vec.valid_row < 1 or vec.valid_col < cols:
        m.fault("valid-region", f"per-column operand {vec.name} has valid region {vec.valid_row}x{vec.valid_col} "
                f"but row 0, columns 0..{cols - 1} are read")
    a = _read_as(m, full, dtype, 0, 0, rows, cols)
    v = _read_as(m, vec, dtype, 0, 0, 1, cols)
    res = _maximum(a, np.broadcast_to(v, a.shape), dtype)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    out[:, :] = res

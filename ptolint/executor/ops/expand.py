"""Row/column broadcasts: TROWEXPAND<op>, TCOLEXPAND<op> (not MAX: ops/colexpand.py), TROWEXPAND, TCOLEXPAND.

An independent model written from the A2/A3 and A5 implementations:
- TROWEXPAND<op>(dst, src0, src1[, tmp]): compile time: equal element types, a per-op type list, row-major dst.
  Run time: the full operand is a dst-shaped source (A2/A3 three-operand form: the larger row stride wins a tie);
  without one the release build takes src1 as full anyway. The per-row operand gives one value per dst row,
  read from its column 0 (column-major) or its first 32-byte block (row-major, lanes broadcast blockwise).
  dst = src0 op src1 elementwise over dst's valid region.
- TCOLEXPAND<op>(dst, src0, src1): only dst's type and row-majorness are compile-time checked; the full operand
  is src0 when src0 has dst's valid shape, else src1; the sources are read as dst's type.
- TROWEXPAND(dst, src): dst[i][j] = src[i][0]; TCOLEXPAND(dst, src): dst[i][j] = src[0][j]; Vec operands, ND dst,
  equal types, element size 1/2/4 (A5 also 8); A5 TROWEXPAND also needs src's static ValidCol to be 1 or DYNAMIC.
  Run time: A2/A3 TROWEXPAND asserts src and dst non-empty, A5 TROWEXPAND / TCOLEXPAND src non-empty (PTO_ASSERT);
  A2/A3 TCOLEXPAND returns early on an empty operand.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, Trap, op
from ptolint.executor.memory import NUMPY_TYPES
from ptolint.ir import DYNAMIC

_CANON = {"float16_t": "half", "_Float16": "half", "float32_t": "float", "int": "int32_t", "short": "int16_t"}
_A2 = {"int32_t", "int16_t", "half", "float"}
_A5 = {"int32_t", "uint32_t", "float", "int16_t", "uint16_t", "half", "bfloat16_t", "uint8_t", "int8_t"}
_HF = {"half", "float"}
#: builtin -> (operation, accepted dst types per target)
_ROW = {
    "TROWEXPANDADD": ("add", {"a2a3": _A2, "a5": _A5}),
    "TROWEXPANDSUB": ("sub", {"a2a3": _A2, "a5": _A5}),
    "TROWEXPANDMUL": ("mul", {"a2a3": _A2, "a5": _A5}),
    "TROWEXPANDDIV": ("div", {"a2a3": _HF, "a5": _A5}),
    "TROWEXPANDMAX": ("max", {"a2a3": _A2, "a5": _A5}),
    "TROWEXPANDMIN": ("min", {"a2a3": _A2, "a5": _A5}),
    "TROWEXPANDEXPDIF": ("expdif", {"a2a3": _HF, "a5": _HF}),
}
_COL = {
    "TCOLEXPANDADD": ("add", {"a2a3": _A2, "a5": _A5}),
    "TCOLEXPANDSUB": ("sub", {"a2a3": _A2, "a5": _A5}),
    "TCOLEXPANDMUL": ("mul", {"a2a3": _A2, "a5": _A5}),
    "TCOLEXPANDDIV": ("div", {"a2a3": _HF, "a5": _A5}),
    "TCOLEXPANDMIN": ("min", {"a2a3": _A2, "a5": _A5}),
    "TCOLEXPANDEXPDIF": ("expdif", {"a2a3": _HF, "a5": _HF}),
}
_SIZES = {"a2a3": {1, 2, 4}, "a5": {1, 2, 4, 8}}


def _canon(t: str) -> str:
    return _CANON.get(t, t)


def _itemsize(t: ConcreteTile) -> int:
    if t.spec.elem_size:
        return t.spec.elem_size
    np_t = NUMPY_TYPES.get(_canon(t.dtype))
    return np.dtype(np_t).itemsize if np_t is not None else 0


def _apply(how: str, a: np.ndarray, b: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        fa = (a.astype(np.uint32) << 16).view(np.float32)
        fb = (b.astype(np.uint32) << 16).view(np.float32)
        return (_apply(how, fa, fb, "float").astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    with np.errstate(all="ignore"):
        if how == "add":
            return a + b
        if how == "sub":
            return a - b
        if how == "mul":
            return a * b
        if how == "div":
            if np.issubdtype(a.dtype, np.integer):
                return np.where(b != 0, a // np.where(b == 0, 1, b), 0).astype(a.dtype)
            return a / b
        if how == "max":
            return np.maximum(a, b)
        if how == "min":
            return np.minimum(a, b)
        return np.exp(a - b).astype(a.dtype)


def _read_as(m: Machine, t: ConcreteTile, dtype: str, rows: int, cols: int) -> np.ndarray:
    """rows x cols elements of `t` from (0, 0), read as `dtype` with t's own row stride."""
    if _canon(t.dtype) == dtype:
        return np.array(m.window(t, 0, 0, rows, cols))
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    np_t = NUMPY_TYPES.get(dtype, np.uint8)
    raw = t.buf.bytes()
    width = np.dtype(np_t).itemsize
    flat = raw[: len(raw) // width * width].view(np_t)
    stride = t.spec.cols if t.spec.is_row_major else 1
    idx = np.arange(rows)[:, None] * stride + np.arange(cols)[None, :]
    if idx.size and idx.max() >= flat.size:
        raise m.trap("out-of-bounds", f"{t.name} read as {dtype} beyond its {len(raw)}-byte storage")
    return flat[idx]


def _row_vector(m: Machine, v: ConcreteTile, rows: int, cols: int) -> np.ndarray:
    """The rows x cols broadcast of the per-row operand, as the hardware reads it."""
    if not v.spec.is_row_major:
        col = np.array(m.window(v, 0, 0, rows, 1))
        return np.broadcast_to(col, (rows, cols))
    lanes = 32 // max(1, _itemsize(v))
    block = np.array(m.window(v, 0, 0, rows, min(lanes, v.spec.cols)))
    return block[:, np.arange(cols) % block.shape[1]]


@op(*_ROW)
def rowexpand_binary(m: Machine) -> None:
    name = m.site.builtin
    how, types = _ROW[name]
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if dst is None or src0 is None or src1 is None:
        raise ValueError(f"{name} needs tiles dst, src0 and src1")
    dtype = _canon(dst.dtype)
    ok = True
    if _canon(src0.dtype) != dtype or _canon(src1.dtype) != dtype:
        m.fault("dtype-mismatch", f"{name}: sources {src0.dtype}/{src1.dtype} differ from dst {dst.dtype}")
        ok = False
    if dtype not in types[m.impl]:
        m.fault("unsupported-dtype", f"{name} has no {dtype} implementation on {m.impl}")
        ok = False
    if not dst.spec.is_row_major:
        m.fault("unsupported-layout", f"{name}: dst is {dst.spec.blayout}, must be RowMajor")
        ok = False
    if not ok:
        raise Trap(f"{name} does not compile")
    for t in (dst, src0, src1):
        if t.spec.loc != "Vec":
            m.fault("unsupported-path", f"{t.name} is a {t.spec.loc} tile; its address is used as a UB address")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    tmp_form = m.tile("tmp") is not None
    eq0 = src0.valid_row == rows and src0.valid_col == cols
    eq1 = src1.valid_row == rows and src1.valid_col == cols
    if m.impl == "a2a3" and not tmp_form and eq0 and eq1:
        s0 = src0.spec.cols if src0.spec.is_row_major else 1
        s1 = src1.spec.cols if src1.spec.is_row_major else 1
        eq0 = s0 >= s1
    if not ((eq0 and src0.spec.is_row_major) or (eq1 and src1.spec.is_row_major)):
        m.fault("valid-region", f"{name}: no source is a row-major tile of dst's valid shape {rows}x{cols} "
                f"(src0 {src0.valid_row}x{src0.valid_col}, src1 {src1.valid_row}x{src1.valid_col})")
    full, vec = (src0, src1) if eq0 else (src1, src0)
    lanes = 32 // max(1, _itemsize(dst))
    if vec.spec.is_row_major and tmp_form and m.impl == "a2a3":
        shape_ok = rows <= 1  # vbrcb takes consecutive elements: row i's value is read at element i
    elif vec.spec.is_row_major:
        shape_ok = vec.valid_col >= lanes  # the whole first 32-byte block of each row is used
    else:
        shape_ok = vec.valid_col >= 1
    if not shape_ok or vec.valid_row < rows:
        m.fault("valid-region", f"{name}: per-row operand {vec.name} ({vec.spec.blayout}) has a "
                f"{vec.valid_row}x{vec.valid_col} valid region for {rows} dst rows")
    elif vec.valid_row != rows or not (vec.valid_col == 1 if not vec.spec.is_row_major else
                                       not (tmp_form and m.impl == "a2a3") and vec.valid_col == lanes):
        # the header PTO_ASSERTs the exact shape (A2/A3 tmp forms: column-major with one column only)
        m.fault("valid-region", f"{name}: per-row operand {vec.name} ({vec.spec.blayout}) has a "
                f"{vec.valid_row}x{vec.valid_col} valid region, not exactly {rows} rows by "
                f"{1 if not vec.spec.is_row_major else lanes} columns: the PTO_ASSERT traps in debug builds")
    a = np.array(m.window(full, 0, 0, rows, cols))
    b = _row_vector(m, vec, rows, cols)
    res = _apply(how, a, b, dtype) if full is src0 else _apply(how, b, a, dtype)
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = res


@op(*_COL)
def colexpand_binary(m: Machine) -> None:
    name = m.site.builtin
    how, types = _COL[name]
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if dst is None or src0 is None or src1 is None:
        raise ValueError(f"{name} needs tiles dst, src0 and src1")
    dtype = _canon(dst.dtype)
    if dtype not in types[m.impl]:
        raise m.trap("unsupported-dtype", f"{name}: dst type {dtype} is rejected on {m.impl}")
    if not dst.spec.is_row_major:
        raise m.trap("unsupported-layout", f"{name}: dst is {dst.spec.blayout}, must be RowMajor")
    for t in (src0, src1):
        if _canon(t.dtype) != dtype:
            m.fault("dtype-mismatch", f"{t.name} ({t.dtype}) is read as {dtype}")
    for t in (dst, src0, src1):
        if t.spec.loc != "Vec":
            m.fault("unsupported-path", f"{t.name} is a {t.spec.loc} tile; its address is used as a UB address")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    src0_full = src0.valid_row == rows and src0.valid_col == cols
    full, vec = (src0, src1) if src0_full else (src1, src0)
    if full.valid_row < rows or full.valid_col < cols:
        m.fault("valid-region", f"{name}: full operand {full.name} has a {full.valid_row}x{full.valid_col} valid "
                f"region but {rows}x{cols} elements are read")
    if vec.valid_row < 1 or vec.valid_col < cols:
        m.fault("valid-region", f"{name}: per-column operand {vec.name} has a {vec.valid_row}x{vec.valid_col} "
                f"valid region but row 0, columns 0..{cols - 1} are read")
    a = _read_as(m, full, dtype, rows, cols)
    v = np.broadcast_to(_read_as(m, vec, dtype, 1, cols), (rows, cols))
    res = _apply(how, a, v, dtype) if src0_full else _apply(how, v, a, dtype)
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = res


@op("TROWEXPAND", "TCOLEXPAND")
def broadcast(m: Machine) -> None:
    name = m.site.builtin
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        raise ValueError(f"{name} needs tiles dst and src")
    ok = True
    for t in (dst, src):
        if t.spec.loc != "Vec":
            m.fault("unsupported-path", f"{t.name} is a {t.spec.loc} tile; {name} works on UB tiles only")
            ok = False
    src_ok = src.spec.slayout == "NoneBox" and (name == "TROWEXPAND" or src.spec.is_row_major)
    if not (src_ok and dst.spec.is_row_major and dst.spec.slayout == "NoneBox"):
        m.fault("unsupported-layout", f"{name}: dst {dst.spec.blayout}/{dst.spec.slayout}, src "
                f"{src.spec.blayout}/{src.spec.slayout}")
        ok = False
    if _canon(dst.dtype) != _canon(src.dtype):
        m.fault("dtype-mismatch", f"{name}: dst {dst.dtype} vs src {src.dtype}")
        ok = False
    if name == "TROWEXPAND" and m.impl == "a5" and src.spec.valid_col not in (1, DYNAMIC):
        # a5 TRowExpandCheck: the source's static ValidCol must be 1 or DYNAMIC
        m.fault("valid-region", f"TROWEXPAND: src's static ValidCol is {src.spec.valid_col}; a5 accepts 1 or DYNAMIC")
        ok = False
    if _itemsize(src) not in _SIZES[m.impl]:
        m.fault("unsupported-dtype", f"{name}: {src.dtype} is {_itemsize(src)} bytes; not accepted on {m.impl}")
        ok = False
    if not ok:
        raise Trap(f"{name} does not compile")
    # the check functions assert a non-empty src (A2/A3 TROWEXPAND: and dst) first; A2/A3 TCOLEXPAND returns early
    asserted = {("TROWEXPAND", "a2a3"): (src, dst), ("TROWEXPAND", "a5"): (src,), ("TCOLEXPAND", "a5"): (src,)}
    for t in asserted.get((name, m.impl), ()):
        if t.valid_row <= 0 or t.valid_col <= 0:
            m.fault("valid-region", f"{name}: {t.name} has an empty valid region ({t.valid_row} x {t.valid_col}): "
                    "the PTO_ASSERT traps in debug builds; a release build goes on")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    if name == "TROWEXPAND":
        if src.valid_row != rows:
            m.fault("valid-region", f"src has {src.valid_row} valid rows, dst {rows}: every dst row is filled")
        col = np.array(m.window(src, 0, 0, rows, 1))
        m.window(dst, 0, 0, rows, cols, write=True)[:, :] = np.broadcast_to(col, (rows, cols))
    else:
        if src.valid_col != cols:
            m.fault("valid-region", f"src has {src.valid_col} valid columns, dst {cols}: every dst column is filled")
        row = np.array(m.window(src, 0, 0, 1, cols))
        m.window(dst, 0, 0, rows, cols, write=True)[:, :] = np.broadcast_to(row, (rows, cols))

"""TROWPROD(dst, src, tmp): per-row product of src's valid elements into column 0 of dst.

An independent model of what each target does (written from the A2/A3 and A5 implementations, not from
the rules):
- compile time (both targets): dst and src in UB (Vec); src ND; dst ND or one-column DN; src element type
  half/float/int32_t/int16_t; dst element type == src element type. Any failure: the kernel does not build.
- run time (both targets, PTO_ASSERT: traps in debug builds): src valid rows and cols non-zero, src valid rows
  == dst valid rows. A release build goes on regardless, which is what is executed afterwards.
- A2/A3: tmp's address is used, unchecked, as a UB pointer to one 32-byte accumulator block (c0 lanes of the
  source type), set to 1 per row and multiplied by every c0-wide block of the row (masked tail); the scalar
  unit then multiplies the c0 lanes (half: in float, int16: in int) and stores into dst[i * RowStride].
- A5: tmp is ignored; each row is multiplied into a 256-byte vector register (masked tail), then reduced by a
  fixed pairwise tree in the element type and stored into dst[i * RowStride].
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, Trap, op

#: element type -> (numpy type, bytes); spellings of the same type collapse
_TYPES = {
    "half": (np.float16, 2), "float16_t": (np.float16, 2), "_Float16": (np.float16, 2),
    "float": (np.float32, 4), "float32_t": (np.float32, 4),
    "int32_t": (np.int32, 4), "int": (np.int32, 4),
    "int16_t": (np.int16, 2), "short": (np.int16, 2),
}
_CANON = {"float16_t": "half", "_Float16": "half", "float32_t": "float", "int": "int32_t", "short": "int16_t"}
#: what the implementation of each target was written for
_ACCEPTED = {"a2a3": {"half", "float", "int32_t", "int16_t"}, "a5": {"half", "float", "int32_t", "int16_t"}}
_BLOCK = 32  # bytes of the A2/A3 accumulator block
_VL = 256  # bytes of an A5 vector register


def _canon(dtype: str) -> str:
    return _CANON.get(dtype, dtype)


def _compile_checks(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> bool:
    """Record every reason the call does not build on m.impl; True when it builds."""
    ok = True
    for t in (src, dst):
        if t.spec.loc != "Vec":
            m.fault("unsupported-path", f"{t.name} is a {t.spec.loc} tile; TROWPROD on {m.impl} reads and writes "
                    "UB (Vec) tiles only")
            ok = False
    if not (src.spec.blayout == "RowMajor" and src.spec.slayout == "NoneBox"):
        m.fault("unsupported-layout", f"src layout {src.spec.blayout}/{src.spec.slayout} is not ND")
        ok = False
    if dst.spec.slayout != "NoneBox" or (dst.spec.blayout != "RowMajor" and dst.spec.cols != 1):
        m.fault("unsupported-layout", f"dst layout {dst.spec.blayout}/{dst.spec.slayout} with {dst.spec.cols} "
                "columns is neither ND nor a one-column DN tile")
        ok = False
    t = _canon(src.dtype)
    if t not in _ACCEPTED[m.impl]:
        m.fault("unsupported-dtype", f"element type {src.dtype} has no TROWPROD implementation on {m.impl}")
        ok = False
    if _canon(dst.dtype) != t:
        m.fault("dtype-mismatch", f"dst element type {dst.dtype} differs from src element type {src.dtype}")
        ok = False
    return ok


def _runtime_checks(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    """The implementation's PTO_ASSERTs (a debug build traps here; a release build continues)."""
    if src.valid_row == 0 or src.valid_col == 0:
        m.fault("valid-region", f"src valid region {src.valid_row}x{src.valid_col} is empty (PTO_ASSERT "
                "validRow != 0 && validCol != 0)")
    if src.valid_row != dst.valid_row:
        m.fault("valid-region", f"src valid rows {src.valid_row} differ from dst valid rows {dst.valid_row} "
                "(PTO_ASSERT validRow == dstValidRow)")


def _scalar_product(lanes: np.ndarray, dtype: str):
    """The A2/A3 scalar-unit product of the accumulator lanes, in C++ arithmetic."""
    if dtype == "half":
        acc = np.float32(1.0)
        for v in lanes:
            acc = np.float32(acc * np.float32(v))
        return np.float16(acc)
    if dtype == "float":
        acc = np.float32(1.0)
        for v in lanes:
            acc = np.float32(acc * v)
        return acc
    acc = 1  # int16 lanes promote to int; int32 stays int: products wrap at 32 bits
    for v in lanes:
        acc = (acc * int(v)) & 0xFFFFFFFF
    acc = acc - (1 << 32) if acc >= 1 << 31 else acc
    if dtype == "int16_t":
        return np.int16(((acc + (1 << 15)) & 0xFFFF) - (1 << 15))
    return np.int32(acc)


def _accumulator(m: Machine, tmp: ConcreteTile | None, np_t, lanes: int) -> np.ndarray:
    """The 32 bytes of UB that A2/A3 uses as tmp, viewed as `lanes` elements of the source type."""
    if tmp is None:
        raise m.trap("tmp-undersized", "tmp is not a tile; A2/A3 needs a UB accumulator block")
    if tmp.buf is None:
        raise m.trap("tmp-undersized", f"tmp {tmp.spec.short()} has no storage for the accumulator block")
    if tmp.spec.loc != "Vec":
        m.fault("tmp-undersized", f"tmp is a {tmp.spec.loc} tile ({tmp.buf.buffer}); A2/A3 uses its address "
                f"{tmp.buf.offset} as a UB address and writes a {_BLOCK}-byte accumulator block there")
    elif tmp.buf.nbytes < _BLOCK:
        m.fault("tmp-undersized", f"tmp holds {tmp.buf.nbytes} bytes; the A2/A3 accumulator block of {_BLOCK} bytes "
                f"overruns it by {_BLOCK - tmp.buf.nbytes} bytes")
    ub = m.memory.buffers.get("UB")
    off = tmp.buf.offset
    if ub is None or off + _BLOCK > ub.size:
        raise m.trap("out-of-bounds", f"the accumulator block at UB offset {off} leaves the unified buffer")
    return ub[off:off + _BLOCK].view(np_t)[:lanes]


def _row_a2a3(m: Machine, src: ConcreteTile, i: int, acc: np.ndarray, dtype: str):
    np_t, size = _TYPES[dtype]
    c0 = _BLOCK // size
    vc = src.valid_col
    acc[:] = np_t(1)
    full, tail = divmod(vc, c0)
    for b in range(full):
        acc[:] = acc * m.window(src, i, b * c0, 1, c0)[0]
    if tail:
        acc[:tail] = acc[:tail] * m.window(src, i, full * c0, 1, tail)[0]
    return _scalar_product(acc.copy(), dtype)


def _row_a5(m: Machine, src: ConcreteTile, i: int, dtype: str):
    np_t, size = _TYPES[dtype]
    lanes = _VL // size
    reg = np.ones(lanes, dtype=np_t)
    vc = src.valid_col
    for c in range(0, vc, lanes):
        n = min(lanes, vc - c)
        reg[:n] = reg[:n] * m.window(src, i, c, 1, n)[0]
    while reg.size > 1:  # interleave-with-ones + multiply: lane k times lane k + half
        half = reg.size // 2
        reg = (reg[:half] * reg[half:]).astype(np_t)
    return reg[0]


@op("TROWPROD")
def trowprod(m: Machine) -> None:
    dst, src, tmp = m.tile("dst"), m.tile("src"), m.tile("tmp")
    if dst is None or src is None:
        raise ValueError("TROWPROD needs tile operands dst and src")
    if not _compile_checks(m, dst, src):
        raise Trap("TROWPROD does not compile for these tiles")
    _runtime_checks(m, dst, src)
    dtype = _canon(src.dtype)
    np_t, size = _TYPES[dtype]
    acc = _accumulator(m, tmp, np_t, _BLOCK // size) if m.impl == "a2a3" else None
    with np.errstate(all="ignore"):
        for i in range(max(0, src.valid_row)):
            if acc is not None:
                value = _row_a2a3(m, src, i, acc, dtype)
            else:
                value = _row_a5(m, src, i, dtype)
            m.write(dst, i, 0, value)  # dst[i * RowStride]: row i, column 0 for ND and one-column DN

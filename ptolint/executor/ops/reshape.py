"""TRESHAPE(dst, src): dst becomes a view of src's bytes (same buffer, same byte count).

An independent model of the shared A2/A3 / A5 implementation: it builds only when both tiles live in the
same on-chip buffer, hold the same number of bytes (full Rows * Cols * sizeof(element)), and are either both
boxed or both non-boxed; then dst is re-pointed at src's address. The executor has separate storage per
operand, so the alias is modelled by making dst's bytes those of src and checking the round trip.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, Trap, op

_BYTES = {
    "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
    "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4, "double": 8, "hifloat8_t": 1, "float8_e4m3_t": 1,
    "float8_e5m2_t": 1, "float8_e8m0_t": 1, "float4_e2m1x2_t": 1, "float4_e1m2x2_t": 1,
}


def _nbytes(t: ConcreteTile) -> int | None:
    if t.buf is not None:
        return t.buf.nbytes
    size = t.spec.elem_size or _BYTES.get(t.spec.dtype, 0)
    return t.spec.rows * t.spec.cols * size if size > 0 else None


def _boxed(t: ConcreteTile) -> bool:
    return t.spec.slayout != "NoneBox"


@op("TRESHAPE")
def treshape(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        raise ValueError("TRESHAPE needs tile operands dst and src")
    ok = True
    if dst.spec.loc != src.spec.loc:
        m.fault("unsupported-path", f"dst is a {dst.spec.loc} tile and src a {src.spec.loc} tile: an address in one "
                "buffer cannot be reinterpreted in another")
        ok = False
    db, sb = _nbytes(dst), _nbytes(src)
    if db is None or sb is None:
        raise ValueError("unknown element size")
    if db != sb:
        m.fault("size-mismatch", f"dst holds {db} bytes and src {sb} bytes")
        ok = False
    if _boxed(dst) != _boxed(src):
        m.fault("unsupported-layout", f"dst SLayout {dst.spec.slayout} vs src SLayout {src.spec.slayout}: boxed and "
                "non-boxed storage orders differ")
        ok = False
    if not ok:
        raise Trap("TRESHAPE does not compile for these tiles")
    if dst.buf is None or src.buf is None:
        return
    # dst now names src's storage: the same bytes, read with dst's element type and layout
    dst.buf.bytes()[:] = src.buf.bytes()
    if not np.array_equal(dst.buf.bytes(), src.buf.bytes()):
        raise m.trap("size-mismatch", "the aliased view does not reproduce src's bytes")

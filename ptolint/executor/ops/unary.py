"""Unary tile instructions: TEXP TLOG TSQRT TRSQRT TABS TRELU TNOT TNEG TRECIP.

dst = f(src) over dst's valid region, in dst's element type. Each target's behaviour, written down from
include/pto/npu/{a2a3,a5}/TUnaryOp.hpp, a5/TRsqrt.hpp and pto_instr.hpp:
- the TUnaryOp family needs row-major Vec tiles of one element type; the type sets differ per target
  (a2a3 TABS is half/float only, a5 TABS also takes int8/16/32; a2a3 TNOT compiles for every type but float,
  a5 TNOT takes 8/16/32-bit integers); it runs over dst's valid shape whatever src's is.
- TNEG is TMULS(dst, src, -1): a2a3 checks src's location, equal types in {int32, int16, half, float};
  a5 checks both locations and dst's type in TMULS's set, and reads src as dst's type.
- TRECIP is TDIVS(dst, 1, src): a2a3 needs equal types in {int32, int16, half, float}, both Vec, and only
  runs when the valid shapes are equal and non-empty; a5 checks the locations only and reads src as dst's type.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import Machine, op
from ptolint.executor.ops.tile_scalar import from_f32, is_float, np_type, read_as, to_f32

_HF = {"half", "float"}
_A2A3_TYPES = {"TEXP": _HF, "TLOG": _HF, "TSQRT": _HF, "TRSQRT": _HF, "TABS": _HF,
               "TRELU": _HF | {"int32_t"},
               # TNOT_IMPL: float's pointer type disagrees with TUnaryOp's reinterpretation (does not compile)
               "TNOT": {"half", "bfloat16_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t",
                        "int64_t", "uint64_t"}}
_A5_TYPES = {"TEXP": _HF, "TLOG": _HF, "TSQRT": _HF, "TRSQRT": _HF,
             "TABS": _HF | {"int8_t", "int16_t", "int32_t"}, "TRELU": _HF | {"int32_t"},
             "TNOT": {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"}}
_A2A3_MUL_DIV = {"int32_t", "int16_t", "half", "float"}
_A5_MUL = {"int64_t", "uint64_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "half", "float", "bfloat16_t"}


def _static_faults(m: Machine, name: str, dst, src) -> list[tuple[str, str]]:
    a5 = m.impl == "a5"
    errs: list[tuple[str, str]] = []

    def loc(*tiles) -> None:
        for t in tiles:
            if t.spec.loc != "Vec":
                errs.append(("unsupported-path", f"{t.name} is a {t.spec.loc} tile ({name} needs Vec)"))

    if name == "TNEG":
        if a5:
            if dst.dtype not in _A5_MUL:
                errs.append(("unsupported-dtype", f"TNEG (TMULS) rejects {dst.dtype} on a5"))
            loc(dst, src)
        else:
            if src.dtype not in _A2A3_MUL_DIV:
                errs.append(("unsupported-dtype", f"TNEG (TMULS) rejects {src.dtype} on a2a3"))
            if src.dtype != dst.dtype:
                errs.append(("dtype-mismatch", f"src is {src.dtype}, dst is {dst.dtype}: rejected on a2a3"))
            loc(src)
        return errs
    if name == "TRECIP":
        if not a5:
            if src.dtype not in _A2A3_MUL_DIV:
                errs.append(("unsupported-dtype", f"TRECIP (TDIVS) rejects {src.dtype} on a2a3"))
            if src.dtype != dst.dtype:
                errs.append(("dtype-mismatch", f"src is {src.dtype}, dst is {dst.dtype}: rejected on a2a3"))
        loc(dst, src)
        return errs
    for t in (dst, src):
        if not t.spec.is_row_major:
            errs.append(("unsupported-layout", f"{t.name} is {t.spec.blayout}: {name} needs RowMajor"))
    loc(dst, src)
    if src.dtype != dst.dtype:
        errs.append(("dtype-mismatch", f"src is {src.dtype}, dst is {dst.dtype}: rejected on {m.impl}"))
    types = (_A5_TYPES if a5 else _A2A3_TYPES)[name]
    if types is not None and dst.dtype not in types:
        errs.append(("unsupported-dtype", f"{name} rejects {dst.dtype} on {m.impl}"))
    return errs


def _apply(m: Machine, name: str, x: np.ndarray, dtype: str) -> np.ndarray:
    with np.errstate(all="ignore"):
        if name == "TNOT":  # bitwise, on the raw bits whatever the element type
            return np.invert(x.view(np.dtype(f"u{x.dtype.itemsize}"))).view(x.dtype)
        if is_float(dtype):
            f = to_f32(x, dtype)
            res = {"TEXP": np.exp, "TLOG": np.log, "TSQRT": np.sqrt, "TRSQRT": lambda v: 1.0 / np.sqrt(v),
                   "TABS": np.abs, "TRELU": lambda v: np.maximum(v, 0), "TNEG": lambda v: -v,
                   "TRECIP": lambda v: 1.0 / v}[name](f)
            return from_f32(np.asarray(res, dtype=np.float32), dtype)
        nt = np_type(dtype)
        if name == "TNOT":
            return np.invert(x.astype(nt))
        if name == "TABS":
            return np.abs(x).astype(nt)
        if name == "TRELU":
            return np.maximum(x, 0).astype(nt)
        if name == "TNEG":
            return (x * np.array(-1).astype(nt)).astype(nt)
        if name == "TRECIP":
            if np.any(x == 0):
                raise m.trap("divide-by-zero", "TRECIP of an integer tile holding 0")
            xi = x.astype(np.int64)
            return np.where(np.abs(xi) == 1, xi, 0).astype(nt)  # C integer 1 / x
        return x


#: both targets PTO_ASSERT dst's valid rows and columns equal to src's before computing (a2a3 TUNARY_IMPL /
#: TRSQRT_IMPL, a5 T<Op>_IMPL); TNEG and TRECIP go through TMULS / TDIVS
_ASSERTED_EQUAL = ("TEXP", "TLOG", "TSQRT", "TRSQRT", "TABS", "TRELU", "TNOT")


@op("TEXP", "TLOG", "TSQRT", "TRSQRT", "TABS", "TRELU", "TNOT", "TNEG", "TRECIP")
def unary(m: Machine) -> None:
    name = m.site.builtin
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        raise m.trap("unsupported-path", f"{name} needs tiles dst and src")
    errors = _static_faults(m, name, dst, src)
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], f"{name} does not compile")
    if src.dtype != dst.dtype:
        m.fault("dtype-mismatch", f"src ({src.dtype}) is read as {dst.dtype} on {m.impl}")
    rows, cols = dst.valid_row, dst.valid_col
    if name in _ASSERTED_EQUAL and (src.valid_row != rows or src.valid_col != cols):
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: {name}'s "
                "PTO_ASSERT traps in debug builds (release builds compute over dst's valid shape)")
    if rows <= 0 or cols <= 0:
        return
    if name == "TRECIP" and m.impl != "a5" and (src.valid_row != rows or src.valid_col != cols):
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: TRECIP "
                "(TDIVS) is skipped (PTO_ASSERT only in _DEBUG)")
        m.fault("no-op", "TRECIP did not write dst")
        return
    if src.valid_row < rows or src.valid_col < cols:
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} does not cover dst valid {rows}x{cols}: "
                "stale source data is read")
    x = read_as(m, src, dst.dtype, rows, cols)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    out[:, :] = _apply(m, name, x, dst.dtype)

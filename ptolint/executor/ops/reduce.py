"""Row and column reductions: TROWSUM TROWMAX TROWMIN, TCOLSUM TCOLMAX TCOLMIN TCOLPROD.

An independent model written from the A2/A3 and A5 implementations (TRowReduceOps.hpp, TRowReduce.hpp,
TColReduceOps.hpp, TColSum.hpp, TColProd.hpp), not from the rules:
- compile time: dst/src in UB; src ND; row reductions write an ND dst or a one-column DN dst, column
  reductions an ND dst; equal element types; a per-target type list.
- run time (PTO_ASSERT, a release build continues): row reductions produce one value per src valid row into
  column 0 of dst row i; column reductions one value per src valid column into row 0 of dst. An empty src
  region computes nothing (the row forms assert a non-empty src first: a valid-region fault).
- A2/A3 half/float row reductions: when the row length lies strictly between one and two 256-byte repeats and
  tmp (or src) is narrower than one repeat, the implementation returns without computing.
- TCOLSUM's binary-tree form (isBinary true) asserts src's valid columns fit one tmp row (tmp-undersized).
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, Trap, op
from ptolint.executor.memory import NUMPY_TYPES, element_size

_CANON = {"float16_t": "half", "_Float16": "half", "float32_t": "float", "int": "int32_t", "short": "int16_t"}
_STD = {"half", "float", "int32_t", "int16_t"}
_A5_COLS = {"int64_t", "uint64_t", "half", "float", "int8_t", "uint8_t", "uint16_t", "int16_t", "int32_t",
            "uint32_t", "bfloat16_t"}
#: builtin -> (axis, reduction, accepted source types per target)
_TABLE = {
    "TROWSUM": ("row", "sum", {"a2a3": _STD, "a5": _STD | {"int64_t", "uint64_t"}}),
    "TROWMAX": ("row", "max", {"a2a3": _STD, "a5": _STD | {"int8_t", "uint8_t", "int64_t", "uint64_t"}}),
    "TROWMIN": ("row", "min", {"a2a3": _STD, "a5": _STD | {"int8_t", "uint8_t", "int64_t", "uint64_t"}}),
    "TCOLSUM": ("col", "sum", {"a2a3": _STD, "a5": _A5_COLS}),
    "TCOLMAX": ("col", "max", {"a2a3": _STD, "a5": _A5_COLS}),
    "TCOLMIN": ("col", "min", {"a2a3": _STD, "a5": _A5_COLS}),
    "TCOLPROD": ("col", "prod", {"a2a3": _STD,
                                 "a5": {"float", "half", "bfloat16_t", "int16_t", "uint16_t", "int32_t", "uint32_t"}}),
}
#: (builtin, implementation) -> source types its form with a tmp tile does not build: A5's TCOLSUM(dst, src, tmp,
#: isBinary) instantiates both TColSum bodies, which store with GetDistVst<T, DIST_NORM> (a5/utils.hpp: 1, 2 or 4
#: bytes); 64-bit sums exist in the two-operand form only
_NOT_WITH_TMP = {("TCOLSUM", "a5"): {"int64_t", "uint64_t"}}
_BYTES = {"half": 2, "float": 4}
_REPEAT = 256


def _canon(t: str) -> str:
    return _CANON.get(t, t)


def _builds(m: Machine, name: str, axis: str, dst: ConcreteTile, src: ConcreteTile) -> bool:
    ok = True
    # A2/A3's TColSumCheck asserts the binary-tree form's tmp is a UB tile too (A5 checks dst and src only)
    tmp = m.tile("tmp") if name == "TCOLSUM" and m.impl == "a2a3" else None
    for t in (dst, src) + ((tmp,) if tmp is not None else ()):
        if t.spec.loc != "Vec":
            m.fault("unsupported-path", f"{t.name} is a {t.spec.loc} tile; {name} works on UB tiles only")
            ok = False
    for t in (src,) + ((tmp,) if tmp is not None else ()):  # A2/A3 TColSumCheck: an ND tmp as well
        if not (t.spec.is_row_major and t.spec.slayout == "NoneBox"):
            m.fault("unsupported-layout", f"{t.name} layout {t.spec.blayout}/{t.spec.slayout} is not ND")
            ok = False
    dst_ok = dst.spec.slayout == "NoneBox" and (dst.spec.is_row_major or (axis == "row" and dst.spec.cols == 1))
    if not dst_ok:
        m.fault("unsupported-layout", f"dst layout {dst.spec.blayout}/{dst.spec.slayout} ({dst.spec.cols} columns) "
                f"is not accepted by {name}")
        ok = False
    t = _canon(src.dtype)
    if t not in _TABLE[name][2][m.impl]:
        m.fault("unsupported-dtype", f"{name} has no {t} implementation on {m.impl}")
        ok = False
    elif m.tile("tmp") is not None and t in _NOT_WITH_TMP.get((name, m.impl), ()):
        m.fault("unsupported-dtype", f"{name} with a tmp tile stores {t} with a DIST_NORM vector store, which takes "
                "1-, 2- or 4-byte elements only")
        ok = False
    if _canon(dst.dtype) != t:
        m.fault("dtype-mismatch", f"dst element type {dst.dtype} differs from src element type {src.dtype}")
        ok = False
    return ok


def _reduce(values: np.ndarray, how: str, dtype: str):
    np_t = NUMPY_TYPES.get(dtype, np.float32)
    with np.errstate(all="ignore"):
        if dtype == "bfloat16_t":  # raw bits: compute on the float32 values they stand for
            f = (values.astype(np.uint32) << 16).view(np.float32)
            r = {"sum": np.sum, "max": np.max, "min": np.min, "prod": np.prod}[how](f).astype(np.float32)
            return np.uint16(r.view(np.uint32) >> 16)
        if how == "sum":
            return np.sum(values, dtype=np_t)
        if how == "prod":
            return np.prod(values, dtype=np_t)
        return np.max(values) if how == "max" else np.min(values)


@op(*_TABLE)
def reduce_op(m: Machine) -> None:
    name = m.site.builtin
    axis, how, _ = _TABLE[name]
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        raise ValueError(f"{name} needs tile operands dst and src")
    if not _builds(m, name, axis, dst, src):
        raise Trap(f"{name} does not compile for these tiles")
    vr, vc = src.valid_row, src.valid_col
    if vr <= 0 or vc <= 0:
        if axis == "row":  # the row forms' check asserts a non-empty src first; the column forms return early
            m.fault("valid-region", f"src has an empty valid region ({vr} x {vc}): {name}'s PTO_ASSERT traps in "
                    "debug builds; release builds write no row result")
        return
    dtype = _canon(src.dtype)
    if axis == "row":
        if vr != dst.valid_row:
            m.fault("valid-region", f"src has {vr} valid rows, dst {dst.valid_row}: {vr} row results are written")
        tmp = m.tile("tmp")
        if m.impl == "a2a3" and dtype in _BYTES and tmp is not None:
            per_rpt = _REPEAT // _BYTES[dtype]
            if per_rpt < vc < 2 * per_rpt and (tmp.spec.cols < per_rpt or src.spec.cols < per_rpt):
                m.fault("no-op", f"row length {vc} needs tmp rows of {per_rpt} {dtype}s but tmp has "
                        f"{tmp.spec.cols} columns: A2/A3 returns without computing")
                return
        data = m.window(src, 0, 0, vr, vc)
        for i in range(vr):
            m.write(dst, i, 0, _reduce(data[i], how, dtype))
    else:
        if vc != dst.valid_col:
            m.fault("valid-region", f"src has {vc} valid columns, dst {dst.valid_col}: {vc} column results are "
                    "written")
        tmp, binary = m.tile("tmp"), m.scalar("isBinary")
        if name == "TCOLSUM" and tmp is not None and binary:
            # the binary-tree form PTO_ASSERTs validCol <= Tmp::RowStride * sizeof(Tmp::DType) / sizeof(T)
            row = tmp.spec.cols if tmp.spec.is_row_major else 1
            stride = row * element_size(tmp.spec) // max(element_size(src.spec), 1)
            if vc > stride:
                m.fault("tmp-undersized", f"TCOLSUM binary-tree form: src has {vc} valid columns, a tmp row holds "
                        f"{stride}: the PTO_ASSERT traps in debug builds")
        data = m.window(src, 0, 0, vr, vc)
        for j in range(vc):
            m.write(dst, 0, j, _reduce(data[:, j], how, dtype))


# ---- arg reductions: TROWARGMAX TROWARGMIN TCOLARGMAX TCOLARGMIN -----------------------------------------------
# Written from a2a3/TRowReduceIdxOps.hpp, a2a3/TColReduceIdx.hpp, a5/TRowReduceIdx.hpp, a5/TColReduceIdx.hpp.
# Index form (dst, src, tmp), value+index form (dstVal, dstIdx, src, tmp). Compile time: every tile but tmp in UB;
# row forms: src ND, outputs ND or one-column DN; column forms: src NoneBox (ND or DN), outputs ND; dstVal has
# src's type (a2a3 columns: tmp too); index types as listed below. Run time: one (value, index) per src valid
# row (column), written into column 0 of row i (row 0, column j); PTO_ASSERTs on the output counts; the column forms
# also assert a non-empty src and one valid row per output, before anything else.
_B1_2_4 = {"int8_t", "uint8_t", "int16_t", "uint16_t", "half", "bfloat16_t", "int32_t", "uint32_t", "float"}
_ARG = {  # builtin -> (axis, max?, value types per target (None: unchecked), value types of the value+index form)
    "TROWARGMAX": ("row", True, {"a2a3": _STD, "a5": None}, {}),
    "TROWARGMIN": ("row", False, {"a2a3": _STD, "a5": None}, {}),
    "TCOLARGMAX": ("col", True, {"a2a3": {"uint32_t", "uint16_t", "half", "float"}, "a5": _B1_2_4},
                   {"a5": _B1_2_4 - {"int8_t", "uint8_t"}}),
    "TCOLARGMIN": ("col", False, {"a2a3": {"uint32_t", "uint16_t", "half", "float"}, "a5": _B1_2_4},
                   {"a5": _B1_2_4 - {"int8_t", "uint8_t"}}),
}
_VAL_SIZE = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2, "int32_t": 4,
             "uint32_t": 4, "float": 4}


def _arg_index_types(axis: str, with_val: bool, value: str) -> set[str]:
    if not with_val:
        return {"int32_t", "uint32_t"}
    size = _VAL_SIZE.get(value, 0)
    if size == 4:
        return {"int32_t", "uint32_t"}
    if size == 2:
        return {"int16_t", "uint16_t"} | ({"int32_t", "uint32_t"} if axis == "row" else set())
    return set()


@op(*_ARG)
def arg_reduce(m: Machine) -> None:
    name = m.site.builtin
    axis, is_max, types, val_types = _ARG[name]
    src, val = m.tile("src"), m.tile("dstVal")
    idx = m.tile("dstIdx") if val is not None else m.tile("dst")
    if src is None or idx is None:
        raise ValueError(f"{name} needs tiles src and dst/dstIdx")
    outs = [idx] + ([val] if val is not None else [])
    errs = []
    for t in (*outs, src):
        if t.spec.loc != "Vec":
            errs.append(("unsupported-path", f"{t.name} is a {t.spec.loc} tile; {name} works on UB tiles only"))
    if src.spec.slayout != "NoneBox" or (axis == "row" and not src.spec.is_row_major):
        errs.append(("unsupported-layout", f"src layout {src.spec.blayout}/{src.spec.slayout} is rejected"))
    for t in outs:
        if t.spec.slayout != "NoneBox" or not (t.spec.is_row_major or (axis == "row" and t.spec.cols == 1)):
            errs.append(("unsupported-layout", f"{t.name} layout {t.spec.blayout}/{t.spec.slayout} "
                         f"({t.spec.cols} columns) is rejected"))
    value = _canon(src.dtype)
    accepted = val_types.get(m.impl, types[m.impl]) if val is not None else types[m.impl]
    if accepted is not None and value not in accepted:
        errs.append(("unsupported-dtype", f"{name} has no {value} implementation on {m.impl}"))
    elif _canon(idx.dtype) not in _arg_index_types(axis, val is not None, value):
        errs.append(("unsupported-dtype", f"index tile {idx.name} is {idx.dtype}: rejected with {value} values"))
    same = [val] if val is not None else []
    if axis == "col" and m.impl == "a2a3" and m.tile("tmp") is not None:
        same.append(m.tile("tmp"))
    for t in same:
        if _canon(t.dtype) != value:
            errs.append(("dtype-mismatch", f"{t.name} is {t.dtype}, src is {src.dtype}"))
    if errs:
        for kind, detail in errs:
            m.fault(kind, detail)
        raise Trap(f"{name} does not compile for these tiles")
    vr, vc = src.valid_row, src.valid_col
    if axis == "col":  # TColReduceIdxCheck's PTO_ASSERTs run before anything else
        if vr <= 0 or vc <= 0:
            m.fault("valid-region", f"src has an empty valid region ({vr} x {vc}): the check traps")
        for t in outs:
            if t.valid_row != 1:
                m.fault("valid-region", f"{t.name} has {t.valid_row} valid rows, not 1: results go to row 0 only")
    if vr <= 0 or vc <= 0:
        return
    data = np.array(m.window(src, 0, 0, vr, vc))
    if value == "bfloat16_t":
        data = (data.astype(np.uint32) << 16).view(np.float32)
    pick = np.argmax if is_max else np.argmin
    n = vr if axis == "row" else vc
    for t in outs:
        have = t.valid_row if axis == "row" else t.valid_col
        if have != n:
            m.fault("valid-region", f"src has {n} valid {axis}s, {t.name} {have}: {n} results are written")
    for k in range(n):
        line = data[k] if axis == "row" else data[:, k]
        i = int(pick(line))
        r, c = (k, 0) if axis == "row" else (0, k)
        m.write(idx, r, c, i)
        if val is not None:
            m.write(val, r, c, m.window(src, *((k, i) if axis == "row" else (i, k)), 1, 1)[0, 0])

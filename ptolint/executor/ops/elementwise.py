"""Elementwise tile-tile instructions: TADD TSUB TMUL TDIV TMAX TMIN TAND TOR TXOR TSHL TSHR TREM TFMOD
TPRELU TSEL TCMP, TPARTADD/MAX/MIN/MUL, and the fused float ops TSUBRELU TFUSEDMULADD TFUSEDMULADDRELU
TMULADDDST; also TCMPS TSELS TPAIRREDUCESUM TADDRELUCONV TSUBRELUCONV TADDDEQRELU TPOW TPOWS and
TPARTARGMAX/TPARTARGMIN (at the end of the module).

Written from include/pto/npu/{a2a3,a5}/T*.hpp, independently of the rules. Each target's implementation:
- rejects at compile time: an element type outside its list (or sizeof set), sources whose type differs
  from the checked operand's (where it checks; otherwise their UB memory is read as that type), column-major
  tiles, and for TCMP non-Vec tiles;
- at run time iterates over dst's valid shape (TCMP: src0's), addressing every tile with its own row
  stride (Cols) and its own base; inputs whose valid region is smaller contribute stale data;
- A2/A3 TCMP on int32 always compares for equality (NE inverted afterwards), whatever cmpMode says.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, Trap, op
from ptolint.executor.memory import NUMPY_TYPES
from ptolint.executor.ops.tile_scalar import apart_faults

_BYTES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
          "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4}
_FLOATS = {"half", "float", "bfloat16_t"}
_I32_I16_F = {"int32_t", "int16_t", "half", "float"}
_HF = {"half", "float"}
_SHIFT = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"}
_A5_11 = {"int64_t", "uint64_t", "int32_t", "uint32_t", "float", "int16_t", "uint16_t", "half", "bfloat16_t",
          "uint8_t", "int8_t"}
_A5_9 = _A5_11 - {"int8_t", "uint8_t"}


class _Impl:
    """One target's implementation of one instruction (from its header)."""

    def __init__(self, types=None, sizes=None, checked=("src0", "src1"), unchecked=(), layout=("dst", "src0", "src1"),
                 vec=(), key="dst", over="dst", reads=("src0", "src1"), exact=(), pairs=None, hp_types=None,
                 idx=(), idx_by_val=None, asserts=None, positive=False):
        self.types, self.sizes = types, sizes
        self.checked, self.unchecked = checked, unchecked  # type-equal to `key` by static_assert / not checked
        self.layout, self.vec, self.key, self.over, self.reads = layout, vec, key, over, reads
        self.exact = dict(exact)  # operand -> the only element type accepted
        self.pairs = pairs  # accepted (key type, dst type) for the converting ops
        self.hp_types = hp_types  # the list used with PrecisionType = HIGH_PRECISION
        self.idx, self.idx_by_val = idx, idx_by_val or {}  # index tiles, value type -> accepted index types
        # the valid-shape equalities the header PTO_ASSERTs (debug builds trap): (operand, other, "rc" / "r" / "c",
        # floating-point dst only); None: every operand of `reads` against `over`, rows and columns
        self.asserts = tuple((n, over, "rc", False) for n in reads) if asserts is None else asserts
        self.positive = positive  # the header also asserts `over`'s valid rows and columns > 0


_IMPLS: dict[tuple[str, str], _Impl] = {}
#: the newer targets' own files (ptolint/own_impls.py keys) whose entries the table has (at the end of the module)
_OWN_KEYS = ("kirin9030", "kirindev0000")
for _name in ("TADD", "TSUB", "TMAX", "TMIN"):
    _IMPLS[_name, "a2a3"] = _Impl(_I32_I16_F)
    _IMPLS[_name, "a5"] = _Impl(_A5_11)
_IMPLS["TMUL", "a2a3"] = _Impl(_I32_I16_F)
_IMPLS["TMUL", "a5"] = _Impl(_A5_9)
_IMPLS["TDIV", "a2a3"] = _Impl(_HF, checked=(), unchecked=("src0", "src1"))
_IMPLS["TDIV", "a5"] = _Impl(_A5_9 - {"bfloat16_t"})
for _name in ("TSHL", "TSHR"):
    _IMPLS[_name, "a2a3"] = _Impl(_SHIFT)
    _IMPLS[_name, "a5"] = _Impl(_SHIFT | {"int64_t", "uint64_t"})
for _name in ("TAND", "TOR"):
    _IMPLS[_name, "a2a3"] = _Impl()
    _IMPLS[_name, "a5"] = _Impl(sizes={1, 2, 4})
# a2a3 TXOR's TNOT(dst, dst) step: dst must be Vec (TunaryCheck) and TNOT_IMPL does not compile for float
_IMPLS["TXOR", "a2a3"] = _Impl(_A5_11 - {"float"}, checked=("src0", "src1", "tmp"), layout=("dst", "src0", "src1", "tmp"),
                               vec=("dst",), reads=("src0", "src1", "tmp"))
_IMPLS["TXOR", "a5"] = _Impl(_SHIFT)
_IMPLS["TREM", "a2a3"] = _Impl({"float", "int32_t"}, checked=("src0",), unchecked=("src1",))
_IMPLS["TREM", "a5"] = _Impl({"int64_t", "uint64_t", "half", "float", "uint16_t", "int16_t", "uint32_t", "int32_t"})
_IMPLS["TFMOD", "a2a3"] = _Impl({"float"}, checked=(), unchecked=("src0", "src1"))
_IMPLS["TFMOD", "a5"] = _Impl({"half", "float", "uint16_t", "int16_t", "uint32_t", "int32_t"})
_IMPLS["TPRELU", "a2a3"] = _Impl(_HF, layout=("dst", "src0", "src1", "tmp"), exact={"tmp": "uint8_t"})
_IMPLS["TPRELU", "a5"] = _Impl(_HF)
for _name in ("TSUBRELU", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TMULADDDST"):
    _IMPLS[_name, "a2a3"] = _Impl(_HF)
    _IMPLS[_name, "a5"] = _Impl(_HF)
# TSEL asserts no valid shapes (a2a3, a5, kirinDev0000); a5 TCMP neither; a2a3 TCMP: src1 == src0, dst rows == src0's
_IMPLS["TSEL", "a2a3"] = _Impl(sizes={2, 4}, checked=(), asserts=())
_IMPLS["TSEL", "a5"] = _Impl(sizes={1, 2, 4, 8}, checked=(), asserts=())
_IMPLS["TCMP", "a2a3"] = _Impl({"int32_t", "half", "float"}, checked=("src1",), layout=(), vec=("dst", "src0", "src1"),
                               key="src0", over="src0", reads=("src1",),
                               asserts=(("src1", "src0", "rc", False), ("dst", "src0", "r", False)))
_IMPLS["TCMP", "a5"] = _Impl(_A5_11, checked=("src1",), vec=("dst", "src0", "src1"), key="src0", over="src0",
                             reads=("src1",), asserts=())


def _nbytes(t: ConcreteTile) -> int:
    return t.spec.elem_size or _BYTES.get(t.spec.dtype, 1)


def _read(m: Machine, t: ConcreteTile, dtype: str, rows: int, cols: int) -> np.ndarray:
    """rows x cols of `t` as `dtype`, element (i, j) at i * t.Cols + j of a `dtype` pointer to t's base."""
    if t.spec.dtype == dtype:
        return np.array(m.window(t, 0, 0, rows, cols))
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    np_t = np.dtype(NUMPY_TYPES.get(dtype, np.uint8))
    raw = t.buf.bytes()
    n = len(raw) // np_t.itemsize
    flat = raw[: n * np_t.itemsize].view(np_t)
    out = np.zeros((rows, cols), dtype=np_t)
    for i in range(rows):
        lo, hi = i * t.spec.cols, i * t.spec.cols + cols
        if hi > n:
            raise m.trap("out-of-bounds", f"read of {t.name} as {dtype}: row {i} ends at element {hi}, past its storage")
        out[i, :] = flat[lo:hi]
    return out


def _as_float(a: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a.astype(np.float32 if dtype == "half" else NUMPY_TYPES[dtype])


def _from_float(a: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16_t":
        return (np.asarray(a, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return np.asarray(a).astype(NUMPY_TYPES[dtype])


def _bitwise(name: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    u = np.dtype(f"u{a.dtype.itemsize}")
    x, y = a.view(u), b.view(u)
    return {"TAND": x & y, "TOR": x | y, "TXOR": x ^ y}[name].view(a.dtype)


def _compute(m: Machine, name: str, dtype: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """dst = a <op> b in dtype (integers wrap)."""
    np_t = np.dtype(NUMPY_TYPES[dtype])
    if name in ("TAND", "TOR", "TXOR"):
        return _bitwise(name, a.astype(np_t, copy=False), b.astype(np_t, copy=False))
    if dtype in _FLOATS:
        x, y = _as_float(a, dtype), _as_float(b, dtype)
        with np.errstate(all="ignore"):
            r = {"TADD": lambda: x + y, "TSUB": lambda: x - y, "TMUL": lambda: x * y, "TDIV": lambda: x / y,
                 "TMAX": lambda: np.maximum(x, y), "TMIN": lambda: np.minimum(x, y),
                 "TREM": lambda: x - np.floor(x / y) * y, "TFMOD": lambda: np.fmod(x, y),
                 "TPRELU": lambda: np.where(x > 0, x, x * y)}.get(name)
            if r is None:
                raise m.trap("unsupported-path", f"{name} on {dtype} is not modelled")
            return _from_float(r(), dtype)
    x, y = a.astype(np.int64), b.astype(np.int64)
    if name in ("TDIV", "TREM", "TFMOD") and np.any(y == 0):
        m.fault("divide-by-zero", f"{name}: an element of the divisor src1 is 0")
        y = np.where(y == 0, 1, y)
    bits = 8 * np_t.itemsize
    with np.errstate(all="ignore"):
        r = {"TADD": lambda: x + y, "TSUB": lambda: x - y, "TMUL": lambda: x * y,
             "TDIV": lambda: np.sign(x) * np.sign(y) * (np.abs(x) // np.abs(y)), "TMAX": lambda: np.maximum(x, y),
             "TMIN": lambda: np.minimum(x, y),
             "TSHL": lambda: np.where((y >= 0) & (y < bits), x << np.clip(y, 0, 63), 0),
             "TSHR": lambda: x >> np.clip(y, 0, 63),
             "TREM": lambda: x - np.floor_divide(x, y) * y, "TFMOD": lambda: np.fmod(x, y)}.get(name)
        if r is None:
            raise m.trap("unsupported-path", f"{name} on {dtype} is not modelled")
        return np.asarray(r(), dtype=np.int64).astype(np_t)


def _static_faults(m: Machine, impl: _Impl) -> bool:
    """Record what the header's static_asserts reject; True when the call does not compile."""
    name = m.site.builtin
    key = m.tile(impl.key)
    errors = []
    types = impl.types
    if impl.hp_types is not None:
        algo = m.template_args.get("PrecisionType", "").rsplit("::", 1)[-1]
        if algo in ("HIGH_PRECISION", "1"):
            types = impl.hp_types
        elif algo not in ("", "DEFAULT", "0"):
            types = impl.types | impl.hp_types
    if types is not None and key.spec.dtype not in types:
        errors.append(("unsupported-dtype", f"{impl.key} element type {key.spec.dtype} is rejected by {name} on "
                       f"{m.impl}"))
    if impl.sizes is not None and _nbytes(key) not in impl.sizes:
        errors.append(("unsupported-dtype", f"sizeof({key.spec.dtype}) = {_nbytes(key)} is rejected by {name} on "
                       f"{m.impl}"))
    for n, want in impl.exact.items():
        t = m.tile(n)
        if t is not None and t.spec.dtype != want:
            errors.append(("unsupported-dtype", f"{n} is {t.spec.dtype}: {name} on {m.impl} needs {want}"))
    dst = m.tile("dst")
    if impl.pairs is not None and dst is not None and (key.spec.dtype, dst.spec.dtype) not in impl.pairs:
        errors.append(("unsupported-dtype", f"{key.spec.dtype} -> {dst.spec.dtype} is not a conversion {name} "
                       f"implements on {m.impl}"))
    idx = [m.tile(n) for n in impl.idx if m.tile(n) is not None]
    for t in idx:
        ok = impl.idx_by_val.get(key.spec.dtype, set())
        if t.spec.dtype not in ok or t.spec.dtype != idx[0].spec.dtype:
            errors.append(("unsupported-dtype", f"index tile {t.name} is {t.spec.dtype}: {name} needs one index "
                           f"type out of {', '.join(sorted(ok)) or 'none'} for {key.spec.dtype} values"))
    for n in impl.checked:
        t = m.tile(n)
        if t is not None and t.spec.dtype != key.spec.dtype:
            errors.append(("dtype-mismatch", f"{n} is {t.spec.dtype}, {impl.key} is {key.spec.dtype}: static_assert"))
    for n in impl.layout:
        t = m.tile(n)
        if t is not None and not t.spec.is_row_major:
            errors.append(("unsupported-layout", f"{n} is BLayout::{t.spec.blayout}: {name} needs row-major"))
    for n in impl.vec:
        t = m.tile(n)
        if t is not None and t.spec.loc != "Vec":
            errors.append(("unsupported-path", f"{n} is a {t.spec.loc} tile: {name} needs TileType::Vec"))
    for kind, detail in errors:
        m.fault(kind, detail)
    return bool(errors)


#: A2/A3 tmp tiles whose valid shape the check asserts at least dst's: (builtin, impl) -> (extra rows, columns
#: asserted?) (TPRELU's `tmp rows > dst's` is not modelled: the vendor's ST kernel gives tmp dst's valid rows)
_TMP_COVERS = {("TADDDEQRELU", "a2a3"): (0, True)}


def _shape_asserts(m: Machine, impl: _Impl) -> None:
    """The header's valid-shape PTO_ASSERTs, before anything runs (also with an empty domain): a difference is a
    valid-region fault (debug builds trap; release builds go on over the domain)."""
    dst = m.tile("dst")
    need, tmp = _TMP_COVERS.get((m.site.builtin, m.impl)), m.tile("tmp")
    if need is not None and tmp is not None and dst is not None and (
            tmp.valid_row < dst.valid_row + need[0] or (need[1] and tmp.valid_col < dst.valid_col)):
        m.fault("tmp-undersized", f"tmp valid {tmp.valid_row}x{tmp.valid_col} against dst {dst.valid_row}x"
                f"{dst.valid_col}: {m.site.builtin}'s PTO_ASSERT traps in debug builds")
    dom = m.tile(impl.over)
    if impl.positive and dom is not None and (dom.valid_row <= 0 or dom.valid_col <= 0):
        m.fault("valid-region", f"{impl.over} valid {dom.valid_row}x{dom.valid_col} is empty: {m.site.builtin}'s "
                "PTO_ASSERT traps in debug builds (release builds write nothing)")
    for n, other, dims, float_only in impl.asserts:
        t, o = m.tile(n), m.tile(other)
        if t is None or o is None or (float_only and (dst is None or dst.spec.dtype not in _FLOATS)):
            continue
        if ("r" in dims and t.valid_row != o.valid_row) or ("c" in dims and t.valid_col != o.valid_col):
            what = {"rc": "valid shape", "r": "valid rows", "c": "valid columns"}[dims]
            m.fault("valid-region", f"{n} valid {t.valid_row}x{t.valid_col} and {other} valid {o.valid_row}x"
                    f"{o.valid_col} differ in {what}: {m.site.builtin}'s PTO_ASSERT traps in debug builds")


def _inputs(m: Machine, impl: _Impl, rows: int, cols: int) -> dict[str, np.ndarray]:
    """Every input read over the domain (as the key operand's type), recording stale and reinterpreted reads."""
    dtype = m.tile(impl.key).spec.dtype
    out = {}
    for n in impl.reads:
        t = m.tile(n)
        if t is None:
            continue
        if t.valid_row < rows or t.valid_col < cols:
            m.fault("valid-region", f"{n} valid {t.valid_row}x{t.valid_col} is smaller than the computed "
                    f"{rows}x{cols}: its stale rows/columns are read")
        if n in impl.unchecked and t.spec.dtype != dtype:
            m.fault("dtype-mismatch", f"{n} ({t.spec.dtype}) is read as {dtype} on {m.impl}")
        out[n] = _read(m, t, dtype, rows, cols)
    return out


@op("TADD", "TSUB", "TMUL", "TDIV", "TMAX", "TMIN", "TAND", "TOR", "TXOR", "TSHL", "TSHR", "TREM", "TFMOD",
    "TPRELU", "TSUBRELU", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TMULADDDST", own=_OWN_KEYS)
def binary(m: Machine) -> None:
    name = m.site.builtin
    impl = _IMPLS.get((name, m.impl))
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if impl is None or dst is None or src0 is None or src1 is None:
        raise m.trap("unsupported-path", f"{name} needs tiles dst, src0, src1 on {m.impl}")
    if _static_faults(m, impl):
        raise Trap(f"{name} does not compile")
    if name == "TREM" and m.impl == "a2a3":
        _trem_a2a3_tmp(m, dst)
    _shape_asserts(m, impl)
    if name == "TXOR" and m.impl == "a2a3":
        apart_faults(m, name)  # TXorCheck, before any computation
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    if name == "TXOR" and m.impl == "a2a3":
        _txor_a2a3(m, rows, cols)
        return
    data = _inputs(m, impl, rows, cols)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    if name in _FUSED:
        out[:, :] = _fused(name, dst.spec.dtype, data["src0"], data["src1"], np.array(out))
        return
    out[:, :] = _compute(m, name, dst.spec.dtype, data["src0"], data["src1"])


_FUSED = ("TSUBRELU", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TMULADDDST")


def _trem_a2a3_tmp(m: Machine, dst: ConcreteTile) -> None:
    """a2a3/TRem.hpp TRemCheck: tmp's valid columns must cover dst's row stride (the quotient row) plus the
    comparison mask that follows it, two elements per 64 of the stride (PTO_ASSERT, debug builds). A release
    build writes the mask at tmp + RowStride elements: past tmp's storage when it is shorter."""
    tmp = m.tile("tmp")
    if tmp is None:
        raise m.trap("tmp-undersized", "TREM needs a tmp tile on a2a3")
    stride = dst.spec.cols
    need = stride + 2 * ((stride + 63) // 64)
    if tmp.valid_col < need:
        m.fault("tmp-undersized", f"tmp valid columns {tmp.valid_col} < dst row stride {stride} + 2 * ceil({stride} / "
                f"64) = {need}: TRemCheck's PTO_ASSERT traps in debug builds")


def _fused(name: str, dtype: str, a: np.ndarray, b: np.ndarray, d: np.ndarray) -> np.ndarray:
    x, y, z = _as_float(a, dtype), _as_float(b, dtype), _as_float(d, dtype)
    with np.errstate(all="ignore"):
        r = {"TSUBRELU": lambda: np.maximum(x - y, 0), "TFUSEDMULADD": lambda: x * z + y,
             "TFUSEDMULADDRELU": lambda: np.maximum(x * z + y, 0), "TMULADDDST": lambda: x * y + z}[name]()
    return _from_float(r, dtype)


def _txor_a2a3(m: Machine, rows: int, cols: int) -> None:
    """TOR(tmp, src0, src1) over tmp's valid shape; TAND(dst, src0, src1); TNOT(dst); TAND(dst, dst, tmp)."""
    dst, tmp = m.tile("dst"), m.tile("tmp")
    dtype = dst.spec.dtype
    if tmp is not None:
        tr, tc = min(tmp.valid_row, rows), min(tmp.valid_col, cols)  # only the part TOR writes and TAND reads
        if tr > 0 and tc > 0:
            a, b = _read(m, m.tile("src0"), dtype, tr, tc), _read(m, m.tile("src1"), dtype, tr, tc)
            m.window(tmp, 0, 0, tr, tc, write=True)[:, :] = _compute(m, "TOR", dtype, a, b)
    data = _inputs(m, _IMPLS["TXOR", "a2a3"], rows, cols)
    a, b = data["src0"], data["src1"]
    both = _compute(m, "TAND", dtype, a, b)
    nand = (~both.view(f"u{both.dtype.itemsize}")).view(both.dtype)
    t = data.get("tmp", _compute(m, "TOR", dtype, a, b))
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = _compute(m, "TAND", dtype, nand, t)


@op("TSEL", own=_OWN_KEYS)
def tsel(m: Machine) -> None:
    impl = _IMPLS.get(("TSEL", m.impl))
    dst, mask = m.tile("dst"), m.tile("selMask")
    if impl is None or dst is None or mask is None or m.tile("src0") is None or m.tile("src1") is None:
        raise m.trap("unsupported-path", "TSEL needs tiles dst, selMask, src0, src1")
    if _static_faults(m, impl):
        raise Trap("TSEL does not compile")
    _shape_asserts(m, impl)
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    data = _inputs(m, impl, rows, cols)
    if mask.buf is None:
        raise m.trap("out-of-bounds", "selMask has no storage")
    raw = mask.buf.bytes()
    stride = mask.spec.cols * _nbytes(mask)  # bytes per mask row
    sel = np.zeros((rows, cols), dtype=bool)
    for i in range(rows):
        hi = i * stride + (cols + 7) // 8
        if hi > len(raw):
            raise m.trap("out-of-bounds", f"selMask row {i} ends at byte {hi}, past its storage")
        sel[i, :] = np.unpackbits(raw[i * stride:hi], bitorder="little")[:cols].astype(bool)
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = np.where(sel, data["src0"], data["src1"])


_MODES = {0: "EQ", 1: "NE", 2: "LT", 3: "LE", 4: "GT", 5: "GE"}


@op("TCMP")
def tcmp(m: Machine) -> None:
    impl = _IMPLS.get(("TCMP", m.impl))
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    mode = m.scalar("cmpMode")
    if impl is None or dst is None or src0 is None or src1 is None or mode is None:
        raise m.trap("unsupported-path", "TCMP needs tiles dst, src0, src1 and a cmpMode")
    if _static_faults(m, impl):
        raise Trap("TCMP does not compile")
    _shape_asserts(m, impl)
    mode = _MODES.get(int(mode), "EQ")
    dtype = src0.spec.dtype
    if m.impl == "a2a3" and dtype == "int32_t" and mode not in ("EQ", "NE"):
        m.fault("ignored-option", f"CmpMode::{mode} on int32: a2a3 issues vcmpv_eq, the mask holds src0 == src1")
        mode = "EQ"
    rows, cols = src0.valid_row, src0.valid_col
    if rows <= 0 or cols <= 0:
        return
    a = _read(m, src0, dtype, rows, cols)
    b = _inputs(m, impl, rows, cols)["src1"]
    if dtype in _FLOATS:
        a, b = _as_float(a, dtype), _as_float(b, dtype)
    with np.errstate(invalid="ignore"):
        p = {"EQ": a == b, "NE": a != b, "LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b}[mode]
    _write_mask(m, "TCMP", dst, p, rows)


_PART_OP = {"TPARTADD": "TADD", "TPARTMAX": "TMAX", "TPARTMIN": "TMIN", "TPARTMUL": "TMUL"}
for _name in _PART_OP:
    _IMPLS[_name, "a2a3"] = _Impl(_I32_I16_F, asserts=())  # own shape logic in tpart()
    _IMPLS[_name, "a5"] = _Impl(_A5_11 - ({"int64_t", "uint64_t"} if _name == "TPARTMUL" else set()), layout=(),
                                asserts=())


def _a5_part_assert(m: Machine, names: tuple[str, ...]) -> None:
    """a5/TPartBinOps.hpp TPARTOP_IMPL and a5/TPartArgBinOps.hpp TPartArgCheck PTO_ASSERT, before anything runs:
    dst's valid shape equal to src0's or src1's and the element-wise max of both; each index tile's (TPARTARG) equal
    to its value tile's. A difference is a valid-region fault (debug builds trap, release builds run on)."""
    shape = {n: (m.tile(n).valid_row, m.tile(n).valid_col) for n in names}
    d, a, b = shape["dst"], shape["src0"], shape["src1"]
    problems = [f"{n}Idx valid {shape[n + 'Idx']} != {n} valid {shape[n]}" for n in ("dst", "src0", "src1")
                if n + "Idx" in shape and shape[n + "Idx"] != shape[n]]
    if d not in (a, b) or d != (max(a[0], b[0]), max(a[1], b[1])):
        problems.append(f"dst valid {d[0]}x{d[1]} is not one source's and the max of src0 {a[0]}x{a[1]} and src1 "
                        f"{b[0]}x{b[1]}")
    if problems:
        m.fault("valid-region", "; ".join(problems) + f": {m.site.builtin}'s PTO_ASSERT traps in debug builds")


@op("TPARTADD", "TPARTMAX", "TPARTMIN", "TPARTMUL")
def tpart(m: Machine) -> None:
    """The overlap of src0 and src1 is combined, the rest of dst's valid region copied from the full-size source."""
    name = m.site.builtin
    impl = _IMPLS.get((name, m.impl))
    dst, s0, s1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if impl is None or dst is None or s0 is None or s1 is None:
        raise m.trap("unsupported-path", f"{name} needs tiles dst, src0, src1")
    if _static_faults(m, impl):
        raise Trap(f"{name} does not compile")
    if m.impl == "a5":
        _a5_part_assert(m, ("dst", "src0", "src1"))
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    dtype, binop = dst.spec.dtype, _PART_OP[name]

    def full(t: ConcreteTile) -> bool:
        return t.valid_row == rows and t.valid_col == cols

    def shape(t: ConcreteTile) -> tuple[int, int]:
        return t.valid_row, t.valid_col

    out = m.window(dst, 0, 0, rows, cols, write=True)
    if m.impl == "a2a3":
        if full(s0):
            big, small = s0, s1
        elif full(s1):
            big, small = s1, s0
        else:
            m.fault("valid-region", f"neither src0 {'x'.join(map(str, shape(s0)))} nor src1 {'x'.join(map(str, shape(s1)))} has dst's valid shape "
                    f"{rows}x{cols} (PTO_ASSERT only in _DEBUG)")
            m.fault("no-op", f"{name} did not write dst")
            return
        sr, sc = shape(small)
        if sr <= rows and sc <= cols and (sr < rows or sc < cols or (sr, sc) == (rows, cols)):
            out[:, :] = _read(m, big, dtype, rows, cols)
            if sr > 0 and sc > 0:
                a, b = _read(m, big, dtype, sr, sc), _read(m, small, dtype, sr, sc)
                out[:sr, :sc] = _compute(m, binop, dtype, a, b)
            return
        m.fault("valid-region", f"the smaller source {small.name} {sr}x{sc} exceeds dst's valid shape {rows}x{cols}")
        m.fault("no-op", f"{name} did not write dst")
        return
    # a5: no shape-dependent skip; the larger source fills what the overlap does not
    empty0, empty1 = min(shape(s0)) <= 0, min(shape(s1)) <= 0
    if full(s0) and full(s1):
        out[:, :] = _compute(m, binop, dtype, _read(m, s0, dtype, rows, cols), _read(m, s1, dtype, rows, cols))
        return
    if empty0 or empty1:
        big = s1 if empty0 else s0
    else:
        big = s1 if (s0.valid_row < s1.valid_row or s0.valid_col < s1.valid_col) else s0
    if big.valid_row < rows or big.valid_col < cols:
        m.fault("valid-region", f"{big.name} valid {big.valid_row}x{big.valid_col} fills dst's valid region "
                f"{rows}x{cols}: its stale rows/columns are read (PTO_ASSERT only in _DEBUG)")
    out[:, :] = _read(m, big, dtype, rows, cols)
    if empty0 or empty1:
        return
    sr, sc = min(s0.valid_row, s1.valid_row, rows), min(s0.valid_col, s1.valid_col, cols)
    a, b = _read(m, s0, dtype, sr, sc), _read(m, s1, dtype, sr, sc)
    out[:sr, :sc] = _compute(m, binop, dtype, a, b)


# ---- TCMPS TSELS TPAIRREDUCESUM, the converting fused ops, TPOW/TPOWS, TPARTARGMAX/MIN -------------------------
_IMPLS["TCMPS", "a2a3"] = _Impl({"int32_t", "float", "half", "uint16_t", "int16_t"}, checked=("src1",), layout=("dst",),
                                vec=("dst", "src0"), key="src0", over="src0", reads=(),
                                asserts=(("dst", "src0", "r", False),))
_IMPLS["TCMPS", "a5"] = _Impl(_A5_11, checked=("src1",), layout=("dst",), vec=("dst", "src0"), key="src0",
                              over="src0", reads=(), asserts=(("dst", "src0", "r", False),))
_IMPLS["TSELS", "a2a3"] = _Impl(sizes={2, 4}, checked=("src",), layout=("dst", "src"), reads=("src",))
_IMPLS["TSELS", "a5"] = _Impl(_A5_11 - {"bfloat16_t"}, checked=("src",), layout=("dst", "mask", "src"),
                              reads=("src",))
for _t in ("a2a3", "a5"):
    _IMPLS["TPAIRREDUCESUM", _t] = _Impl(_HF, checked=("src0",), layout=("dst", "src0"), reads=("src0",))
    for _name in ("TADDRELUCONV", "TSUBRELUCONV"):
        _IMPLS[_name, _t] = _Impl({"float", "half", "int16_t"}, checked=("src1",), vec=("dst", "src0", "src1"),
                                  key="src0", pairs={("float", "half"), ("half", "int8_t"), ("int16_t", "int8_t")},
                                  positive=True)
    _IMPLS["TPARTARG", _t] = _Impl(_HF, layout=(), idx=("dstIdx", "src0Idx", "src1Idx"),
                                   idx_by_val={"float": {"int32_t", "uint32_t"},
                                               "half": {"int32_t", "uint32_t", "int16_t", "uint16_t"}},
                                   asserts=())  # own shape logic in tpartarg()
_IMPLS["TADDDEQRELU", "a2a3"] = _Impl(checked=(), key="src0", layout=("dst", "src0", "src1", "tmp"),
                                      vec=("dst", "src0", "src1", "tmp"),
                                      exact=(("dst", "half"), ("src0", "int32_t"), ("src1", "int32_t"),
                                             ("tmp", "int32_t")), positive=True)
_IMPLS["TADDDEQRELU", "a5"] = _Impl(checked=(), key="src0", vec=("dst", "src0", "src1"),
                                    exact=(("dst", "half"), ("src0", "int32_t"), ("src1", "int32_t")), positive=True)
_POW_A2 = {"int32_t", "int16_t", "int8_t", "uint32_t", "uint16_t", "uint8_t", "float"}
_POW_A5 = {"float", "half", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t"}
for _name, _srcs in (("TPOW", ("base", "exp")), ("TPOWS", ("base",))):
    _all = ("dst", *_srcs)
    _IMPLS[_name, "a2a3"] = _Impl(_POW_A2, checked=_srcs, layout=_all, vec=_all, reads=_srcs,
                                  asserts=(*((n, "dst", "rc", False) for n in _srcs), ("tmp", "dst", "rc", True)))
    _IMPLS[_name, "a5"] = _Impl(_POW_A5, checked=_srcs, layout=_all, vec=_all, reads=_srcs,
                                hp_types={"float", "half", "bfloat16_t"})


# ---- the newer targets' own implementation files (npu/kirinDev0000/, npu/kirin9030/): same computation as A5,
# their own static_asserts. Kirin Dev0000 has no integer vdiv: TDIV/TREM/TFMOD take half, float and 16-bit
# integers only; TSEL sizeof 1/2/4; TSELS A5's list without 64-bit. Kirin 9030 TREM: no 64-bit types.
_KD_DIV = {"half", "float", "int16_t", "uint16_t"}
for _name in ("TDIV", "TREM", "TFMOD"):
    _IMPLS[_name, "kirindev0000"] = _Impl(_KD_DIV)
_IMPLS["TSEL", "kirindev0000"] = _Impl(sizes={1, 2, 4}, checked=(), asserts=())
_IMPLS["TSELS", "kirindev0000"] = _Impl(_A5_11 - {"bfloat16_t", "int64_t", "uint64_t"}, checked=("src",),
                                        layout=("dst", "mask", "src"), reads=("src",))
_IMPLS["TREM", "kirin9030"] = _Impl({"half", "float", "uint16_t", "int16_t", "uint32_t", "int32_t"})
# a5/TFMod.hpp, TPow.hpp in the Kirins' #else branch: A5's checks (Kirin 9030 / X90: bf16 renamed to half there)
_IMPLS["TFMOD", "kirin9030"] = _IMPLS["TFMOD", "a5"]
for _name, _srcs in (("TPOW", ("base", "exp")), ("TPOWS", ("base",))):
    _IMPLS[_name, "kirindev0000"] = _IMPLS[_name, "a5"]
    _IMPLS[_name, "kirin9030"] = _Impl(_POW_A5, checked=_srcs, layout=("dst", *_srcs), vec=("dst", *_srcs),
                                       reads=_srcs, hp_types={"float", "half"})


def _prepare(m: Machine, impl_name: str, needed: tuple[str, ...]) -> _Impl:
    name = m.site.builtin
    impl = _IMPLS.get((impl_name, m.impl))
    if impl is None or any(m.tile(n) is None for n in needed):
        raise m.trap("unsupported-path", f"{name} needs tiles {', '.join(needed)} on {m.impl}")
    if _static_faults(m, impl):
        raise Trap(f"{name} does not compile")
    _shape_asserts(m, impl)
    return impl


@op("TCMPS")
def tcmps(m: Machine) -> None:
    """Packed predicate of src0 <mode> scalar over src0's valid shape (the tile form reads src1's first element)."""
    _prepare(m, "TCMPS", ("dst", "src0"))
    dst, src0, mode = m.tile("dst"), m.tile("src0"), m.scalar("mode")
    if mode is None:
        raise m.trap("unsupported-path", "TCMPS needs a compare mode")
    dtype = src0.spec.dtype
    if m.tile("src1") is not None:
        value = m.window(m.tile("src1"), 0, 0, 1, 1)[0, 0]
    else:
        value = m.scalar("src1")
        if value is None:
            raise m.trap("unsupported-path", "TCMPS needs a scalar or tile src1")
    mode = _MODES.get(int(mode), "EQ")
    if m.impl == "a2a3" and dtype == "int32_t" and mode not in ("EQ", "NE"):
        m.fault("ignored-option", f"CmpMode::{mode} on int32: a2a3 issues vcmpvs_eq, the mask holds src0 == scalar")
        mode = "EQ"
    rows, cols = src0.valid_row, src0.valid_col
    if rows <= 0 or cols <= 0:
        return
    a = _read(m, src0, dtype, rows, cols)
    if dtype in _FLOATS:
        a, b = _as_float(a, dtype), np.float32(value)
    elif m.impl == "a2a3" and dtype in ("int16_t", "uint16_t"):  # a2a3 compares the bits as halves
        np_t = np.dtype(NUMPY_TYPES[dtype])
        a = a.view(np.float16).astype(np.float32)
        b = np.array([int(value)]).astype(np_t).view(np.float16).astype(np.float32)[0]
    else:
        b = np.array([int(value)]).astype(np.dtype(NUMPY_TYPES[dtype]))[0]
    with np.errstate(invalid="ignore"):
        p = {"EQ": a == b, "NE": a != b, "LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b}[mode]
    _write_mask(m, "TCMPS", dst, p, rows)


@op("TSELS", own=_OWN_KEYS)
def tsels(m: Machine) -> None:
    """dst = mask bit ? src : scalar over dst's valid shape."""
    impl = _prepare(m, "TSELS", ("dst", "mask", "src"))
    dst, mask, scalar = m.tile("dst"), m.tile("mask"), m.scalar("scalar")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    src = _inputs(m, impl, rows, cols)["src"]
    if mask.buf is None:
        raise m.trap("out-of-bounds", "mask has no storage")
    raw = mask.buf.bytes()
    stride = mask.spec.cols * _nbytes(mask)
    sel = np.zeros((rows, cols), dtype=bool)
    for i in range(rows):
        hi = i * stride + (cols + 7) // 8
        if hi > len(raw):
            raise m.trap("out-of-bounds", f"mask row {i} ends at byte {hi}, past its storage")
        sel[i, :] = np.unpackbits(raw[i * stride:hi], bitorder="little")[:cols].astype(bool)
    dtype = dst.spec.dtype
    other = _from_float(np.float32(scalar or 0), dtype) if dtype in _FLOATS else \
        np.array([int(scalar or 0)]).astype(np.dtype(NUMPY_TYPES[dtype]))[0]
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = np.where(sel, src, other)


@op("TPAIRREDUCESUM")
def tpairreducesum(m: Machine) -> None:
    """dst[i][k] = src0[i][2k] + src0[i][2k+1] for the pairs inside dst's valid columns."""
    impl = _prepare(m, "TPAIRREDUCESUM", ("dst", "src0"))
    dst = m.tile("dst")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    a = _as_float(_inputs(m, impl, rows, cols)["src0"], dst.spec.dtype)
    pairs = cols // 2
    if pairs:
        out = m.window(dst, 0, 0, rows, pairs, write=True)
        out[:, :] = _from_float(a[:, 0:2 * pairs:2] + a[:, 1:2 * pairs:2], dst.spec.dtype)


@op("TADDRELUCONV", "TSUBRELUCONV", "TADDDEQRELU")
def relu_conv(m: Machine) -> None:
    """relu(src0 +/- src1) converted to dst's type (TADDDEQRELU: relu((src0 + src1) * deqScale) as half)."""
    name = m.site.builtin
    impl = _prepare(m, name, ("dst", "src0", "src1"))
    dst = m.tile("dst")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    data = _inputs(m, impl, rows, cols)
    src_t = m.tile("src0").spec.dtype
    a, b = _as_float(data["src0"], src_t).astype(np.float64), _as_float(data["src1"], src_t).astype(np.float64)
    r = a - b if name == "TSUBRELUCONV" else a + b
    if name == "TADDDEQRELU":
        r = r * float(m.scalar("deqScale") or 1.0)
    r = np.maximum(r, 0)
    if dst.spec.dtype == "int8_t":
        r = np.clip(np.rint(r), -128, 127)
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = _from_float(r.astype(np.float32), dst.spec.dtype)


@op("TPOW", "TPOWS", own=_OWN_KEYS)
def tpow(m: Machine) -> None:
    """dst = base ** exp over dst's valid shape (TPOWS: a scalar exponent)."""
    name = m.site.builtin
    impl = _prepare(m, name, ("dst", "base") + (("exp",) if name == "TPOW" else ()))
    dst = m.tile("dst")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    data = _inputs(m, impl, rows, cols)
    dtype = dst.spec.dtype
    base = data["base"]
    exp = data["exp"] if name == "TPOW" else np.full(base.shape, m.scalar("exp") or 0)
    with np.errstate(all="ignore"):
        if dtype in _FLOATS:
            r = _from_float(np.power(_as_float(base, dtype), _as_float(np.asarray(exp), dtype)
                                     if name == "TPOW" else np.float32(exp)), dtype)
        else:
            e = np.clip(np.asarray(exp, dtype=np.int64), 0, 64)
            r = np.power(base.astype(np.int64), e).astype(np.dtype(NUMPY_TYPES[dtype]))
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = r


@op("TPARTARGMAX", "TPARTARGMIN")
def tpartarg(m: Machine) -> None:
    """Values and indices of the better of src0/src1 over their overlap, the rest copied from the larger source."""
    name = m.site.builtin
    names = ("dst", "src0", "src1", "dstIdx", "src0Idx", "src1Idx")
    _prepare(m, "TPARTARG", names)
    t = {n: m.tile(n) for n in names}
    shape = {n: (v.valid_row, v.valid_col) for n, v in t.items()}
    (dr, dc), (r0, c0), (r1, c1) = shape["dst"], shape["src0"], shape["src1"]
    if m.impl == "a5":
        _a5_part_assert(m, names)
    if dr <= 0 or dc <= 0:
        if m.impl == "a2a3" and all(shape[n + "Idx"] == shape[n] for n in ("dst", "src0", "src1")):
            m.fault("valid-region", f"dst {dr}x{dc} is empty: a2a3 {name}'s PTO_ASSERT traps in debug builds")
        return
    if m.impl == "a2a3":
        problems = [f"{n}Idx {shape[n + 'Idx']} != {n} {shape[n]}" for n in ("dst", "src0", "src1")
                    if shape[n + "Idx"] != shape[n]]
        if (dr, dc) != (max(r0, r1), max(c0, c1)):
            problems.append(f"dst {dr}x{dc} is not the max of src0 {r0}x{c0} and src1 {r1}x{c1}")
        elif not (c0 == c1 or (r0 <= r1 and c0 < c1) or (r1 <= r0 and c1 < c0)):
            problems.append(f"neither of src0 {r0}x{c0} and src1 {r1}x{c1} fits in the other")
        if problems:
            m.fault("valid-region", "; ".join(problems) + " (PTO_ASSERT only in _DEBUG)")
            m.fault("no-op", f"a2a3 {name} returns without writing dst/dstIdx")
            return
    big = "src1" if (r0 < r1 or c0 < c1) else "src0"
    dtype, itype = t["dst"].spec.dtype, t["dstIdx"].spec.dtype
    br, bc = min(shape[big][0], dr), min(shape[big][1], dc)
    if br < dr or bc < dc:
        m.fault("valid-region", f"{big} valid {shape[big]} does not cover dst {dr}x{dc}")
    if br > 0 and bc > 0:
        m.window(t["dst"], 0, 0, br, bc, write=True)[:, :] = _read(m, t[big], dtype, br, bc)
        m.window(t["dstIdx"], 0, 0, br, bc, write=True)[:, :] = _read(m, t[big + "Idx"], itype, br, bc)
    sr, sc = min(r0, r1, dr), min(c0, c1, dc)
    if sr <= 0 or sc <= 0:
        return
    a, b = _as_float(_read(m, t["src0"], dtype, sr, sc), dtype), _as_float(_read(m, t["src1"], dtype, sr, sc), dtype)
    ia, ib = _read(m, t["src0Idx"], itype, sr, sc), _read(m, t["src1Idx"], itype, sr, sc)
    take_b = b > a if name == "TPARTARGMAX" else b < a
    m.window(t["dst"], 0, 0, sr, sc, write=True)[:, :] = _from_float(np.where(take_b, b, a), dtype)
    m.window(t["dstIdx"], 0, 0, sr, sc, write=True)[:, :] = np.where(take_b, ib, ia)


def _write_mask(m: Machine, name: str, dst, p: np.ndarray, rows: int) -> None:
    """Pack each row of the predicate `p` into bits (LSB first) at the start of dst's row."""
    if dst.buf is None:
        raise m.trap("out-of-bounds", "dst has no storage")
    raw = dst.buf.bytes()
    stride = dst.spec.cols * _nbytes(dst)
    for i in range(rows):
        packed = np.packbits(p[i].astype(np.uint8), bitorder="little")
        lo = i * stride
        if lo + len(packed) > len(raw):
            raise m.trap("out-of-bounds", f"{name} writes mask row {i} past dst's storage")
        raw[lo:lo + len(packed)] = packed

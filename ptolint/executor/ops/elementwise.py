"""Elementwise tile-tile instructions: TADD TSUB TMUL TDIV TMAX TMIN TAND TOR TXOR TSHL TSHR TREM TFMOD
TPRELU TSEL TCMP, TPARTADD/MAX/MIN/MUL, and the fused float ops TSUBRELU TFUSEDMULADD TFUSEDMULADDRELU
TMULADDDST.

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
                 vec=(), key="dst", over="dst", reads=("src0", "src1"), exact=()):
        self.types, self.sizes = types, sizes
        self.checked, self.unchecked = checked, unchecked  # type-equal to `key` by static_assert / not checked
        self.layout, self.vec, self.key, self.over, self.reads = layout, vec, key, over, reads
        self.exact = dict(exact)  # operand -> the only element type accepted


_IMPLS: dict[tuple[str, str], _Impl] = {}
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
_IMPLS["TXOR", "a2a3"] = _Impl(checked=("src0", "src1", "tmp"), layout=("dst", "src0", "src1", "tmp"),
                               reads=("src0", "src1", "tmp"))
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
_IMPLS["TSEL", "a2a3"] = _Impl(sizes={2, 4}, checked=())
_IMPLS["TSEL", "a5"] = _Impl(sizes={1, 2, 4, 8}, checked=())
_IMPLS["TCMP", "a2a3"] = _Impl({"int32_t", "half", "float"}, checked=("src1",), layout=(), vec=("dst", "src0", "src1"),
                               key="src0", over="src0", reads=("src1",))
_IMPLS["TCMP", "a5"] = _Impl(_A5_11, checked=("src1",), vec=("dst", "src0", "src1"), key="src0", over="src0",
                             reads=("src1",))


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
    if impl.types is not None and key.spec.dtype not in impl.types:
        errors.append(("unsupported-dtype", f"{impl.key} element type {key.spec.dtype} is rejected by {name} on "
                       f"{m.target}"))
    if impl.sizes is not None and _nbytes(key) not in impl.sizes:
        errors.append(("unsupported-dtype", f"sizeof({key.spec.dtype}) = {_nbytes(key)} is rejected by {name} on "
                       f"{m.target}"))
    for n, want in impl.exact.items():
        t = m.tile(n)
        if t is not None and t.spec.dtype != want:
            errors.append(("unsupported-dtype", f"{n} is {t.spec.dtype}: {name} on {m.target} needs {want}"))
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
            m.fault("dtype-mismatch", f"{n} ({t.spec.dtype}) is read as {dtype} on {m.target}")
        out[n] = _read(m, t, dtype, rows, cols)
    return out


@op("TADD", "TSUB", "TMUL", "TDIV", "TMAX", "TMIN", "TAND", "TOR", "TXOR", "TSHL", "TSHR", "TREM", "TFMOD",
    "TPRELU", "TSUBRELU", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TMULADDDST")
def binary(m: Machine) -> None:
    name = m.site.builtin
    impl = _IMPLS.get((name, m.target))
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if impl is None or dst is None or src0 is None or src1 is None:
        raise m.trap("unsupported-path", f"{name} needs tiles dst, src0, src1 on {m.target}")
    if _static_faults(m, impl):
        raise Trap(f"{name} does not compile")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    if name == "TXOR" and m.target == "a2a3":
        _txor_a2a3(m, rows, cols)
        return
    data = _inputs(m, impl, rows, cols)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    if name in _FUSED:
        out[:, :] = _fused(name, dst.spec.dtype, data["src0"], data["src1"], np.array(out))
        return
    out[:, :] = _compute(m, name, dst.spec.dtype, data["src0"], data["src1"])


_FUSED = ("TSUBRELU", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TMULADDDST")


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


@op("TSEL")
def tsel(m: Machine) -> None:
    impl = _IMPLS.get(("TSEL", m.target))
    dst, mask = m.tile("dst"), m.tile("selMask")
    if impl is None or dst is None or mask is None or m.tile("src0") is None or m.tile("src1") is None:
        raise m.trap("unsupported-path", "TSEL needs tiles dst, selMask, src0, src1")
    if _static_faults(m, impl):
        raise Trap("TSEL does not compile")
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
    impl = _IMPLS.get(("TCMP", m.target))
    dst, src0, src1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    mode = m.scalar("cmpMode")
    if impl is None or dst is None or src0 is None or src1 is None or mode is None:
        raise m.trap("unsupported-path", "TCMP needs tiles dst, src0, src1 and a cmpMode")
    if _static_faults(m, impl):
        raise Trap("TCMP does not compile")
    mode = _MODES.get(int(mode), "EQ")
    dtype = src0.spec.dtype
    if m.target == "a2a3" and dtype == "int32_t" and mode not in ("EQ", "NE"):
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
    if dst.buf is None:
        raise m.trap("out-of-bounds", "dst has no storage")
    raw = dst.buf.bytes()
    stride = dst.spec.cols * _nbytes(dst)
    for i in range(rows):
        packed = np.packbits(p[i].astype(np.uint8), bitorder="little")
        lo = i * stride
        if lo + len(packed) > len(raw):
            raise m.trap("out-of-bounds", f"TCMP writes mask row {i} past dst's storage")
        raw[lo:lo + len(packed)] = packed


_PART_OP = {"TPARTADD": "TADD", "TPARTMAX": "TMAX", "TPARTMIN": "TMIN", "TPARTMUL": "TMUL"}
for _name in _PART_OP:
    _IMPLS[_name, "a2a3"] = _Impl(_I32_I16_F)
    _IMPLS[_name, "a5"] = _Impl(_A5_11 - ({"int64_t", "uint64_t"} if _name == "TPARTMUL" else set()), layout=())


@op("TPARTADD", "TPARTMAX", "TPARTMIN", "TPARTMUL")
def tpart(m: Machine) -> None:
    """The overlap of src0 and src1 is combined, the rest of dst's valid region copied from the full-size source."""
    name = m.site.builtin
    impl = _IMPLS.get((name, m.target))
    dst, s0, s1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    if impl is None or dst is None or s0 is None or s1 is None:
        raise m.trap("unsupported-path", f"{name} needs tiles dst, src0, src1")
    if _static_faults(m, impl):
        raise Trap(f"{name} does not compile")
    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return
    dtype, binop = dst.spec.dtype, _PART_OP[name]

    def full(t: ConcreteTile) -> bool:
        return t.valid_row == rows and t.valid_col == cols

    def shape(t: ConcreteTile) -> tuple[int, int]:
        return t.valid_row, t.valid_col

    out = m.window(dst, 0, 0, rows, cols, write=True)
    if m.target == "a2a3":
        if full(s0):
            big, small = s0, s1
        elif full(s1):
            big, small = s1, s0
        else:
            m.fault("valid-region", f"neither src0 {shape(s0)} nor src1 {shape(s1)} has dst's valid shape "
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

"""C++ scalar semantics on Python numbers: integer widths and conversions, float rounding, checked arithmetic.

Integers are Python ints kept inside their C type's range; floats are Python floats rounded to the type's
precision (float: binary32, half: binary16, bfloat16_t: 8-bit mantissa). Arithmetic follows C++17:
unsigned arithmetic wraps, signed overflow, division by zero and out-of-range shift counts are undefined
behaviour and raise a Refusal naming where it happened.
"""

from __future__ import annotations

import math
import operator
import struct
from collections.abc import Callable

from ptolint.executor.entry.errors import Refusal
from ptolint.ir import FLOAT_TYPES, INT_TYPES

Number = int | float


def int_info(t: str) -> tuple[int, bool, int, int] | None:
    """(bits, signed, lowest, highest) of an integer C type, None for other types."""
    info = INT_TYPES.get(t)
    if info is None:
        return None
    bits, signed = info
    if bits == 1:
        return (1, False, 0, 1)
    if signed:
        return (bits, True, -(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return (bits, False, 0, (1 << bits) - 1)


def wrap_int(v: int, t: str) -> int:
    """Modular conversion of an integer to the integer type `t` (C++20 rules; implementation-defined before)."""
    bits, signed, _lo, _hi = int_info(t)  # type: ignore[misc]
    if bits == 1:
        return 1 if v else 0
    v &= (1 << bits) - 1
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return v


def _f32(v: float) -> float:
    try:
        return struct.unpack("f", struct.pack("f", v))[0]
    except OverflowError:  # beyond binary32: the rounding gives an infinity
        return math.copysign(math.inf, v)


def _f16(v: float) -> float:
    try:
        return struct.unpack("e", struct.pack("e", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def _bf16(v: float) -> float:
    x = struct.unpack("I", struct.pack("f", _f32(v)))[0]
    if (x & 0x7F800000) == 0x7F800000 and x & 0x7FFFFF:
        return math.nan
    x = ((x + 0x7FFF + ((x >> 16) & 1)) >> 16) << 16
    return struct.unpack("f", struct.pack("I", x & 0xFFFFFFFF))[0]


#: float C type -> rounding of a Python float to it
ROUND: dict[str, Callable[[float], float]] = {
    "float": _f32, "half": _f16, "_Float16": _f16, "bfloat16_t": _bf16, "__bf16": _bf16, "double": float,
}


#: the bytes of a float C type: struct format (bfloat16 is the upper half of a binary32)
_FLOAT_BITS = {"float": (32, "f"), "double": (64, "d"), "half": (16, "e"), "_Float16": (16, "e"),
               "bfloat16_t": (16, None), "__bf16": (16, None)}


def _bits_of(v: Number, t: str) -> tuple[int, int] | None:
    """(width, the object representation as an unsigned integer) of a value of scalar type `t`."""
    info = int_info(t)
    if info is not None:
        width = max(8, info[0])
        return width, int(v) & ((1 << width) - 1)
    if t not in _FLOAT_BITS:
        return None
    width, fmt = _FLOAT_BITS[t]
    if fmt is None:
        return width, struct.unpack("I", struct.pack("f", ROUND[t](float(v))))[0] >> 16
    code = {16: "H", 32: "I", 64: "Q"}[width]
    return width, struct.unpack(code, struct.pack(fmt, float(v)))[0]


def bit_cast(v: Number, src: str, dst: str) -> Number:
    """`__builtin_bit_cast(dst, v)` of a value of scalar type `src`: the same bytes read as `dst` (a custom pad
    value's encoding, PadValueCustom); refused when the sizes differ (ill-formed) or a type is not a scalar."""
    got = _bits_of(v, src)
    info = int_info(dst)
    width = (max(8, info[0]) if info is not None else _FLOAT_BITS.get(dst, (None,))[0])
    if got is None or width is None or got[0] != width:
        raise Refusal(f"__builtin_bit_cast from {src} to {dst}")
    bits = got[1]
    if info is not None:
        return wrap_int(bits, dst)
    fmt = _FLOAT_BITS[dst][1]
    if fmt is None:
        return struct.unpack("f", struct.pack("I", bits << 16))[0]
    code = {16: "H", 32: "I", 64: "Q"}[width]
    return struct.unpack(fmt, struct.pack(code, bits))[0]


def is_int(t: str | None) -> bool:
    return t in INT_TYPES


def is_float(t: str | None) -> bool:
    return t in FLOAT_TYPES


def converter(to: str | None) -> Callable[[object], object]:
    """The C++ conversion of a value to the scalar type `to` (identity for non-scalar types and objects)."""
    if to is None:
        return _same
    info = int_info(to)
    if info is not None:
        bits, signed, lo, hi = info
        if bits == 1:
            return _to_bool
        mask = (1 << bits) - 1
        top = 1 << (bits - 1)

        def to_int(v):
            if v.__class__ is int:
                if lo <= v <= hi:
                    return v
                v &= mask
                return v - (1 << bits) if signed and v & top else v
            if isinstance(v, float):
                if not math.isfinite(v):
                    raise Refusal(f"conversion of {v} to {to} (undefined behaviour)")
                t = int(v)  # truncation toward zero
                if not lo <= t <= hi:
                    raise Refusal(f"conversion of {v} to {to}: out of range (undefined behaviour)")
                return t
            if isinstance(v, bool):
                return int(v)
            return v

        return to_int
    rounding = ROUND.get(to)
    if rounding is not None:
        def to_float(v):
            if isinstance(v, (int, float)):
                return rounding(float(v))
            return v

        return to_float
    return _same


def _same(v):
    return v


def _to_bool(v):
    if isinstance(v, (int, float)):
        return 1 if v else 0
    if getattr(v, "opaque", False):  # an object the run does not follow: its truth would be a guess
        raise Refusal(f"truth value of {v} (not followed)")
    return 0 if v is None else 1  # a pointer / object: non-null


def convert(v, to: str | None):
    return converter(to)(v)


def promote(t: str) -> str:
    """Integer promotion."""
    info = INT_TYPES.get(t)
    if info is not None and info[0] < 32:
        return "int"
    return t


def usual(a: str, b: str) -> str:
    """The common type of the usual arithmetic conversions."""
    if a in FLOAT_TYPES or b in FLOAT_TYPES:
        if "double" in (a, b):
            return "double"
        if a in FLOAT_TYPES and b in FLOAT_TYPES and a == b:
            return a
        return "float"
    a, b = promote(a), promote(b)
    ia, ib = INT_TYPES.get(a, (32, True)), INT_TYPES.get(b, (32, True))
    if ia == ib:
        return a
    if ia[1] == ib[1]:
        return a if ia[0] > ib[0] else b
    uns, sig = (a, b) if not ia[1] else (b, a)
    if INT_TYPES[uns][0] >= INT_TYPES[sig][0]:
        return uns
    return sig


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def arith(op: str, t: str, where: object) -> Callable[[Number, Number], Number]:
    """`a op b` computed in type `t` (both operands already of that type). `where` names the place for refusals.
    Arithmetic on a value that is not a number (a global-memory pointer cast to an integer, `(int64_t)gm - base`)
    is refused, not a crash."""
    f = _arith(op, t, where)

    def guarded(a, b):
        try:
            return f(a, b)
        except TypeError:
            raise Refusal(f"{type(a).__name__} {op} {type(b).__name__} at {where}: not numbers") from None

    return guarded


def _arith(op: str, t: str, where: object) -> Callable[[Number, Number], Number]:
    if t in FLOAT_TYPES:
        rnd = ROUND.get(t, float)

        def fl(a, b):
            a, b = float(a), float(b)
            if op == "+":
                return rnd(a + b)
            if op == "-":
                return rnd(a - b)
            if op == "*":
                return rnd(a * b)
            if op == "/":
                if b == 0.0:
                    if a == 0.0 or math.isnan(a):
                        return math.nan
                    return math.copysign(math.inf, a) * math.copysign(1.0, b)
                return rnd(a / b)
            raise Refusal(f"operator {op} on {t} at {where}")

        return fl
    info = int_info(t) or int_info("int")
    bits, signed, lo, hi = info  # type: ignore[misc]
    wrap = converter(t)

    def checked(r: int, a, b) -> int:
        if lo <= r <= hi:
            return r
        if signed:
            raise Refusal(f"signed overflow at {where}: {a} {op} {b} does not fit in {t}")
        return wrap(r)

    if op == "+":
        return lambda a, b: checked(a + b, a, b)
    if op == "-":
        return lambda a, b: checked(a - b, a, b)
    if op == "*":
        return lambda a, b: checked(a * b, a, b)
    if op in ("/", "%"):
        def div(a, b):
            if b == 0:
                raise Refusal(f"division by zero at {where}: {a} {op} 0")
            q = _trunc_div(a, b)
            if op == "/":
                return checked(q, a, b)
            checked(q, a, b)  # INT_MIN % -1 is undefined as well
            return a - q * b

        return div
    if op in ("&", "|", "^"):
        f = {"&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b}[op]
        return lambda a, b: wrap(f(a, b))
    if op in ("<<", ">>"):
        def shift(a, b):
            if b < 0 or b >= bits:
                raise Refusal(f"shift by {b} at {where}: outside 0..{bits - 1} (undefined behaviour)")
            if op == ">>":
                return a >> b
            if signed:
                if a < 0:
                    raise Refusal(f"left shift of the negative value {a} at {where} (undefined behaviour)")
                r = a << b
                if r >> bits:
                    raise Refusal(f"signed overflow at {where}: {a} << {b} does not fit in {t}")
                return wrap(r)
            return wrap(a << b)

        return shift
    raise Refusal(f"operator {op} at {where}")


def compare(op: str, where: object = "") -> Callable[[object, object], int]:
    """A comparison of two computed values; an ordering of values that are not numbers (a function named where
    broken code meant a template call, `f < 8`) is refused, not a crash."""
    if op in ("==", "!="):
        same = op == "=="
        return lambda a, b: 1 if (a == b if isinstance(a, (int, float)) else a is b) == same else 0
    order = {"<": operator.lt, ">": operator.gt, "<=": operator.le, ">=": operator.ge}.get(op)
    if order is None:
        raise ValueError(op)

    def ordered(a: object, b: object) -> int:
        try:
            return 1 if order(a, b) else 0
        except TypeError:
            raise Refusal(f"{type(a).__name__} {op} {type(b).__name__} at {where}: not numbers") from None

    return ordered


def negate(t: str, where: object) -> Callable[[Number], Number]:
    if t in FLOAT_TYPES:
        return lambda a: -a
    info = int_info(t) or int_info("int")
    _bits, signed, lo, _hi = info  # type: ignore[misc]
    wrap = converter(t)

    def neg(a):
        if signed and a == lo:
            raise Refusal(f"signed overflow at {where}: -({a}) does not fit in {t}")
        return wrap(-a)

    return neg


def size_of(t: str) -> int:
    """Bytes of a scalar C type."""
    info = INT_TYPES.get(t)
    if info is not None:
        return max(1, info[0] // 8)
    return {"float": 4, "double": 8, "half": 2, "_Float16": 2, "bfloat16_t": 2, "__bf16": 2}.get(t, 0)

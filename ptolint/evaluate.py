"""Concrete evaluation of IR expressions with C++ semantics (truncating division, wrap-around).

Independent of the Z3 encoding in solver.py on purpose: the executor replays witnesses with this, so a
mistake in either encoding shows up as a refused witness instead of a false report.
"""

from __future__ import annotations

import math
import operator

from ptolint.ir import FLOAT_TYPES, Bin, Cast, Const, Expr, Select, Sym, Unary, wrap


class EvalError(Exception):
    """The expression has no value under these inputs (missing symbol, division by zero...)."""


def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        raise EvalError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _num(v: int | float | bool) -> int | float:
    return int(v) if isinstance(v, bool) else v


#: the comparisons, applied only to the one asked for (the frontend folds every constant operation with this)
_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
            "!=": operator.ne}


def evaluate(e: Expr, inputs: dict[str, int | float]) -> int | float:
    """The value of `e` when each symbol takes its value from `inputs`."""
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Sym):
        if e.name not in inputs:
            raise EvalError(f"no value for {e.name}")
        return inputs[e.name]
    if isinstance(e, Cast):
        v = _num(evaluate(e.a, inputs))
        if e.ctype == "bool":
            return 1 if v != 0 else 0
        if e.ctype in FLOAT_TYPES:
            return float(v)
        if isinstance(v, float):
            if math.isnan(v) or math.isinf(v):
                raise EvalError("float to integer conversion of a non-finite value")
            v = int(v)  # truncation toward zero
        return wrap(v, e.ctype)
    if isinstance(e, Unary):
        v = _num(evaluate(e.a, inputs))
        if e.op == "!":
            return 0 if v else 1
        if e.op == "-":
            return -v if isinstance(v, float) else wrap(-v, e.ctype)
        if e.op == "~":
            return wrap(~int(v), e.ctype)
        return v
    if isinstance(e, Select):
        return evaluate(e.a if evaluate(e.cond, inputs) else e.b, inputs)
    if isinstance(e, Bin):
        op = e.op
        a = _num(evaluate(e.a, inputs))
        if op == "&&":
            return 1 if (a and evaluate(e.b, inputs)) else 0
        if op == "||":
            return 1 if (a or evaluate(e.b, inputs)) else 0
        b = _num(evaluate(e.b, inputs))
        if op in _COMPARE:
            return 1 if _COMPARE[op](a, b) else 0
        real = isinstance(a, float) or isinstance(b, float) or e.ctype in FLOAT_TYPES
        if op == "+":
            r = a + b
        elif op == "-":
            r = a - b
        elif op == "*":
            r = a * b
        elif op == "/":
            if real:
                if b == 0:
                    raise EvalError("floating division by zero")
                return a / b
            r = _trunc_div(int(a), int(b))
        elif op == "%":
            q = _trunc_div(int(a), int(b))
            r = int(a) - q * int(b)
        elif op == "<<":
            r = int(a) << int(b)
        elif op == ">>":
            r = int(a) >> int(b)
        elif op == "&":
            r = int(a) & int(b)
        elif op == "|":
            r = int(a) | int(b)
        elif op == "^":
            r = int(a) ^ int(b)
        else:
            raise EvalError(f"unknown operator {op}")
        return float(r) if real else wrap(int(r), e.ctype)
    raise EvalError(f"cannot evaluate {e!r}")

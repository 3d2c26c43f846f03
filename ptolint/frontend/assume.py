"""`// ptolint: assume EXPR` comments: facts the code cannot show, stated before a function.

An assumption applies to the next function defined after it; its names are that function's parameters
(or, for a kernel, its inputs). EXPR uses C syntax: integers, names, `+ - * / %`, comparisons, `&&`,
`||`, `!` and parentheses. Assumptions become path conditions, so warnings that need inputs outside them
are proven away.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

from ptolint.ir import Bin, Const, Expr, Unary, expr_too_large, split_lines

ASSUME = re.compile(r"//\s*ptolint:\s*assume\s+(.*?)\s*$")


@dataclass
class Assumption:
    line: int
    text: str
    used: bool = False


class AssumptionError(ValueError):
    """The assumption is not an expression ptolint understands."""


def find_assumptions(source: str) -> list[Assumption]:
    out = []
    for no, line in enumerate(split_lines(source), start=1):
        m = ASSUME.search(line)
        if m:
            out.append(Assumption(no, m.group(1)))
    return out


def _to_python(text: str) -> str:
    t = text.replace("&&", " and ").replace("||", " or ")
    t = re.sub(r"!(?!=)", " not ", t)
    if re.search(r"[^\w\s+\-*/%<>=!()&|.]", t):
        raise AssumptionError(f"unsupported characters in '{text}'")
    return t


def to_expr(text: str, lookup: Callable[[str], Expr | None]) -> Expr:
    """The assumption as an IR boolean expression; names resolved with `lookup`."""
    try:
        tree = ast.parse(_to_python(text), mode="eval")
    except SyntaxError as exc:
        raise AssumptionError(f"not an expression: '{text}' ({exc.msg})") from None
    except (RecursionError, MemoryError):  # Python's parser gives up on very deep nesting
        raise AssumptionError(f"expression nested too deeply: '{text[:60]}...'") from None

    def conv(n: ast.AST) -> Expr:
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool):
            return Const(n.value, "long" if isinstance(n.value, int) else "double")
        if isinstance(n, ast.Name):
            v = lookup(n.id)
            if v is None:
                raise AssumptionError(f"unknown name '{n.id}' in '{text}'")
            return v
        if isinstance(n, ast.BoolOp):
            op = "&&" if isinstance(n.op, ast.And) else "||"
            out = conv(n.values[0])
            for v in n.values[1:]:
                out = Bin(op, out, conv(v), "bool")
            return out
        if isinstance(n, ast.UnaryOp):
            if isinstance(n.op, ast.Not):
                return Unary("!", conv(n.operand), "bool")
            if isinstance(n.op, ast.USub):
                a = conv(n.operand)
                return Unary("-", a, a.ctype)
            if isinstance(n.op, ast.UAdd):
                return conv(n.operand)
        if isinstance(n, ast.BinOp):
            ops = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Mod: "%"}
            if type(n.op) in ops:
                return Bin(ops[type(n.op)], conv(n.left), conv(n.right), "long")
        if isinstance(n, ast.Compare):
            ops = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
            out: Expr | None = None
            left = conv(n.left)
            for op, right_node in zip(n.ops, n.comparators, strict=True):
                if type(op) not in ops:
                    break
                right = conv(right_node)
                c = Bin(ops[type(op)], left, right, "bool")
                out = c if out is None else Bin("&&", out, c, "bool")
                left = right
            else:
                if out is not None:
                    return out
        raise AssumptionError(f"unsupported expression in '{text}'")

    try:
        out = conv(tree.body)
    except RecursionError:
        raise AssumptionError(f"expression nested too deeply: '{text[:60]}...'") from None
    why = expr_too_large(out)
    if why:
        raise AssumptionError(f"{why}: '{text[:60]}...'")
    return out

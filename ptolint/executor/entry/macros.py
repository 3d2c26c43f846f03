"""Object-like macros used as values (`N` from `-DN=60`, `#define OFF (B + 8)`).

libclang gives the cursors of a macro expansion the tokens of the definition or none at all, so a literal
that comes from a macro may not be readable from its own tokens. The macro's definition is looked up by the
name written at the cursor's location (the same lookup the frontend does) and its body is evaluated here: an
integer or floating constant expression over literals and other object-like macros.
"""

from __future__ import annotations

import re

import clang.cindex as ci

from ptolint.executor.entry.syntax import float_literal, int_literal
from ptolint.frontend.cursors import is_function_like, macro_index, position, tokens

IDENT = re.compile(r"[A-Za-z_]\w*")


class MacroTable:
    """The object-like macro definitions of one translation unit."""

    def __init__(self, tu: ci.TranslationUnit):
        self.defs: dict[str, list[ci.Cursor]] = macro_index(tu)  # (read only)
        self.bodies: dict[str, list[str] | None] = {}
        self.lines: dict[str, list[str]] = {}

    def body(self, name: str) -> list[str] | None:
        if name not in self.bodies:
            out = None
            for m in self.defs.get(name, []):
                toks = list(tokens(m))
                if len(toks) >= 2 and toks[0] == m.spelling and not is_function_like(m):
                    out = toks[1:]
            self.bodies[name] = out
        return self.bodies[name]

    def name_at(self, c: ci.Cursor) -> str | None:
        """The object-like macro whose expansion is exactly the cursor (its name written at its location)."""
        if not self.defs:
            return None
        fname, line, column = position(c)  # not c.location: the binding's query of it is its slowest part
        if not fname:
            return None
        if fname not in self.lines:
            try:
                with open(fname, encoding="utf-8", errors="replace") as fh:
                    self.lines[fname] = fh.read().splitlines()
            except OSError:
                self.lines[fname] = []
        lines = self.lines[fname]
        if not 0 < line <= len(lines):
            return None
        m = IDENT.match(lines[line - 1], column - 1)
        if not m or self.body(m.group(0)) is None:
            return None
        if c.spelling == m.group(0):  # a reference to a declaration of that name (the macro was #undef'd):
            return None  # an expansion is a cursor of the macro's body, never spelled as the macro
        ext = c.extent
        if (ext.start.line, ext.start.column) != (line, column) or (
                ext.end.line == line and ext.end.column > column + len(m.group(0))):
            return None
        return m.group(0)

    def value(self, name: str) -> int | float | None:
        """The value of the macro's body as a constant expression, None when it is not one."""
        toks = self.expand(name, 0)
        if toks is None:
            return None
        try:
            p = _Parser(toks)
            v = p.expr(0)
            if p.i != len(toks):
                return None
            return v
        except (IndexError, ValueError, ZeroDivisionError, TypeError):
            return None

    def expand(self, name: str, depth: int) -> list[str] | None:
        if depth > 16:
            return None
        out: list[str] = []
        for t in self.body(name) or []:
            if t != name and self.body(t) is not None:
                sub = self.expand(t, depth + 1)
                if sub is None:
                    return None
                out += ["("] + sub + [")"]
            else:
                out.append(t)
        return out


_BINARY = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
           "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}


class _Parser:
    """Precedence climbing over a constant expression's tokens (C semantics: truncating division)."""

    def __init__(self, toks: list[str]):
        self.t, self.i = toks, 0

    def peek(self) -> str | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def expr(self, min_prec: int):
        lhs = self.unary()
        while True:
            op = self.peek()
            if op == "?" and min_prec == 0:
                self.i += 1
                a = self.expr(0)
                if self.peek() != ":":
                    raise ValueError("?:")
                self.i += 1
                b = self.expr(0)
                lhs = a if lhs else b
                continue
            prec = _BINARY.get(op or "")
            if prec is None or prec < min_prec or prec == 0:
                return lhs
            self.i += 1
            rhs = self.expr(prec + 1)
            lhs = _apply(op, lhs, rhs)

    def unary(self):
        t = self.peek()
        if t is None:
            raise ValueError("end")
        self.i += 1
        if t in ("-", "+", "~", "!"):
            v = self.unary()
            return {"-": lambda x: -x, "+": lambda x: x, "~": lambda x: ~int(x), "!": lambda x: 0 if x else 1}[t](v)
        if t == "(":
            v = self.expr(0)
            if self.peek() != ")":
                raise ValueError(")")
            self.i += 1
            return v
        v = int_literal(t)
        if v is not None:
            return v
        f = float_literal(t)
        if f is not None and re.match(r"^[0-9.]", t):
            return f
        if t in ("true", "false"):
            return 1 if t == "true" else 0
        raise ValueError(t)


def _apply(op: str, a, b):
    if op in ("/", "%") and not isinstance(a, float) and not isinstance(b, float):
        q = abs(a) // abs(b)
        q = q if (a >= 0) == (b >= 0) else -q
        return q if op == "/" else a - q * b
    return {
        "||": lambda: 1 if (a or b) else 0, "&&": lambda: 1 if (a and b) else 0, "|": lambda: a | b,
        "^": lambda: a ^ b, "&": lambda: a & b, "==": lambda: 1 if a == b else 0, "!=": lambda: 1 if a != b else 0,
        "<": lambda: 1 if a < b else 0, ">": lambda: 1 if a > b else 0, "<=": lambda: 1 if a <= b else 0,
        ">=": lambda: 1 if a >= b else 0, "<<": lambda: a << b, ">>": lambda: a >> b, "+": lambda: a + b,
        "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a / b,
    }[op]()

"""Shared pieces of the frontend's interpreter: limits, control-flow signals, results, small cursor helpers."""

from __future__ import annotations

from dataclasses import dataclass, field

import clang.cindex as ci

from ptolint.frontend.cursors import children, position, referenced
from ptolint.frontend.paths import MODEL_INCLUDE
from ptolint.frontend.values import (
    unop_token,
)
from ptolint.ir import (
    CallSite,
    Stats,
    Unresolved,
)

K = ci.CursorKind
MAX_DEPTH = 24
FUNCTION_KINDS = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR)
MAX_STEPS = 1_000_000
#: children that name a type, template or namespace (a declaration's or a cast's), not an operand
TYPE_NAMES = frozenset((K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF))
ARITH = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
COMPARE = {"<", "<=", ">", ">=", "==", "!="}


class Stop(Exception):
    """Control leaves the current statement list (return / break / continue)."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


@dataclass
class Program:
    sites: list[CallSite]
    unresolved: list[Unresolved]
    stats: Stats
    assumption_errors: list[tuple[int, str]] = field(default_factory=list)
    #: (file, line, message) of what the walk summarised or left out: a loop or a call may be in a header
    limits: list[tuple[str, int, str]] = field(default_factory=list)


def pto_header(name: str) -> bool:
    """Whether a file is a PTO header: the bundled model's or the real ISA's (a `pto/` directory)."""
    name = name.replace("\\", "/")
    return name.startswith(str(MODEL_INCLUDE)) or "/pto/" in name


def is_builtin_decl(fn: ci.Cursor, builtins: set[str]) -> bool:
    """A PTO builtin: declared in a pto header (the bundled model or the real ISA), returning RecordEvent."""
    if fn is None or fn.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return False
    if not pto_header(position(fn)[0]):
        return False
    return fn.spelling in builtins or fn.result_type.get_canonical().spelling.endswith("RecordEvent")


#: the builtin variables of the kernel language, as the builtin function giving the same value
BUILTIN_VARS = {"block_idx": "get_block_idx", "block_num": "get_block_num"}




#: env marker of a pointer / struct variable whose fields are kernel inputs (see Interpreter.input_rooted)
INPUT_ROOT = object()


def root_decl(c: ci.Cursor) -> ci.Cursor | None:
    """The variable an lvalue expression starts from: `a.b->c[i]` -> a; None for calls and temporaries."""
    while c is not None:
        k = c.kind
        if k == K.DECL_REF_EXPR:
            r = referenced(c)
            return r if r is not None and r.kind in (K.VAR_DECL, K.PARM_DECL) else None
        if k == K.MEMBER_REF_EXPR:
            kids = list(children(c))
            if not kids:  # an implicit `this->field`
                return None
            c = kids[0]
        elif k in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.ARRAY_SUBSCRIPT_EXPR, K.CSTYLE_CAST_EXPR,
                   K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR) or (
                k == K.UNARY_OPERATOR and unop_token(c) in ("*", "&")):
            kids = [x for x in children(c) if x.kind.is_expression()]
            if not kids:
                return None
            c = kids[0]
        else:
            return None
    return None


def explicit_template_args(toks: list[str]) -> list[list[str]]:
    """The explicit template argument list of a call's callee tokens (`F<a, B::c>`), one token list per argument."""
    if "<" not in toks:
        return []
    out: list[list[str]] = [[]]
    depth = 0
    for t in toks[toks.index("<") + 1:]:
        if t in ("<", "(", "["):
            depth += 1
        elif t in (")", "]") or (t == ">" and depth > 0):
            depth -= 1
        elif t == ">":
            break
        elif t == ">>":  # closes two levels: an inner one and, at depth 1, this list
            if depth <= 1:
                if depth == 1:
                    out[-1].append(">")
                break
            depth -= 2
        elif t == "," and depth == 0:
            out.append([])
            continue
        out[-1].append(t)
    return out if out != [[]] else []

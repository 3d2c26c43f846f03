"""Values clang has already computed: constant expressions of instantiated code.

The walk evaluates expressions node by node (ptolint.frontend.values); for a constant expression of an
instantiated function (a constexpr variable's initialiser, an `if constexpr` condition, a const global such as
`std::is_same_v<T, half>`) clang has computed the value while it instantiated the code, exactly, where the walk
may see `__is_same(T, U)` or a `sizeof` inside a macro as an opaque value and then walk both arms of a branch the
compiler discards. Such a value is read with one libclang query (cursors.evaluated_int). Never asked inside a
template pattern (an uninstantiated template, a class nested in one): there an expression may depend on template
parameters, and evaluating a dependent expression can crash libclang.
"""

from __future__ import annotations

import os
import re
import signal

import clang.cindex as ci

from ptolint.frontend.cursors import evaluated_int, memo, position, scan_tokens, text_at, tokens
from ptolint.frontend.interp.core import K
from ptolint.ir import Const, int_range

#: off for a file whose first check crashed (ptolint.parallel checks it again without clang's constants)
ENABLED = True

#: test hook: a substring of the path of a file where evaluating a constant crashes the process
_CRASH_TEST = os.environ.get("PTOLINT_TEST_CRASH_CONSTANT", "")

#: declarations whose members are template patterns
_PATTERNS = frozenset((K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION, K.FUNCTION_TEMPLATE))


def in_pattern(decl: ci.Cursor) -> bool:
    """Whether `decl` (a function, a variable) is or lies in a template pattern, or is not a declaration the walk
    knows to be instantiated (a lambda, a block)."""
    return memo(decl, "in_pattern", _in_pattern)


def _in_pattern(decl: ci.Cursor) -> bool:
    if decl.kind not in (K.FUNCTION_DECL, K.CXX_METHOD, K.VAR_DECL):
        return True
    outer = decl.semantic_parent
    while outer is not None and outer.kind != K.TRANSLATION_UNIT:
        if outer.kind in _PATTERNS:
            return True
        outer = outer.semantic_parent
    return False


def declared_constexpr(d: ci.Cursor) -> bool:
    """Whether the declaration is written `constexpr` (before its name's `=`, `{` or `(`)."""
    for t in tokens(d):
        if t in ("=", "{", "("):
            return False
        if t == "constexpr":
            return True
    return False


def is_if_constexpr(c: ci.Cursor) -> bool:
    """Whether an if statement is written `if constexpr`: read from the source text after `if` (an if statement's
    tokens are its whole body), by its tokens when that text is not plain (a macro, a comment after `if`)."""
    text = text_at(c, 64)
    m = _IF_HEAD.match(text) if text is not None else None
    if m is not None:
        return m.group(1) == b"constexpr"
    return scan_tokens(c, lambda spelled: (next(spelled, None), next(spelled, None))) == ("if", "constexpr")


#: `if`, blanks, then `constexpr` or the condition's parenthesis
_IF_HEAD = re.compile(rb"if[ \t\r\n]*(constexpr\b|\()")


def constant(expr: ci.Cursor, ct: str) -> Const | None:
    """clang's value of the constant expression `expr` as a constant of the integer type `ct` (bool included), None
    when clang computes none or `ct` is not an integer type or cannot hold it."""
    rng = int_range(ct)
    if rng is None or not ENABLED:
        return None
    if _CRASH_TEST and _CRASH_TEST in position(expr)[0]:  # tests/test_parallel.py: as if libclang crashed here
        os.kill(os.getpid(), signal.SIGSEGV)
    v = evaluated_int(expr)
    return Const(v, ct) if v is not None and rng[0] <= v <= rng[1] else None

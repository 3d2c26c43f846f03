"""Values clang has already computed: constant expressions of instantiated code.

The walk evaluates expressions node by node (ptolint.frontend.values); for a constant expression of an
instantiated function (a constexpr variable's initialiser, an `if constexpr` condition, a const global such as
`std::is_same_v<T, half>`) clang has computed the value while it instantiated the code, exactly, where the walk
may see `__is_same(T, U)` or a `sizeof` inside a macro as an opaque value and then walk both arms of a branch the
compiler discards. Such a value is read with one libclang query (cursors.evaluated_int). Never asked inside a
template pattern (an uninstantiated template, a class nested in one; cursors.in_pattern): there an expression may
depend on template parameters, and evaluating a dependent expression can crash libclang.
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend.cursors import evaluated_int
from ptolint.ir import Const, int_range


def constant(expr: ci.Cursor, ct: str) -> Const | None:
    """clang's value of the constant expression `expr` as a constant of the integer type `ct` (bool included), None
    when clang computes none or `ct` is not an integer type or cannot hold it."""
    rng = int_range(ct)
    if rng is None:
        return None
    v = evaluated_int(expr)
    return Const(v, ct) if v is not None and rng[0] <= v <= rng[1] else None

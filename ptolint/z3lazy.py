"""z3, imported on first use. Every run loads the rule registry and the rule modules, a cache hit too, but only
a check builds formulas: `from ptolint import z3lazy as z3` keeps z3's import (about a third of a cache hit's
time) off the runs that never need it. Each name is looked up in z3 once, then kept here.

`And`, `Or` and `Not` of Boolean terms are built here directly (`Z3_mk_and` ...), the very terms z3's own
functions build: those coerce every argument to the Boolean sort first (a sort object, a cast and a sort
comparison per argument, per call), which was about a fifth of building the rules' formulas. Anything else
(Python booleans, probes, a context argument, a list) goes to z3's function."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # module protocol probes (__path__, __file__ lookups by tools) are not z3's
        raise AttributeError(name)
    import z3

    install_fast_paths()
    value = getattr(z3, name)
    globals()[name] = value
    return value


def _boolean_op(name: str, mk: str):  # noqa: ANN202 - returns the n-ary function
    z3: Any = None
    make: Any = None

    def op(*args: Any) -> Any:
        nonlocal z3, make
        if z3 is None:
            import z3

            make = getattr(z3, mk)
        if args:
            ctx = getattr(args[0], "ctx", None)
            bool_ref = z3.BoolRef
            for a in args:
                if not isinstance(a, bool_ref) or a.ctx is not ctx:
                    break
            else:
                arr = (z3.Ast * len(args))(*[a.as_ast() for a in args])
                return bool_ref(make(ctx.ref(), len(args), arr), ctx)
        return getattr(z3, name)(*args)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"z3.{name}(*args), built directly when every argument is a Boolean term of one context."
    return op


And = _boolean_op("And", "Z3_mk_and")
Or = _boolean_op("Or", "Z3_mk_or")


def Not(a: Any, ctx: Any = None) -> Any:  # noqa: N802 - z3's name
    """z3.Not(a), built directly for a Boolean term."""
    import z3

    if ctx is None and isinstance(a, z3.BoolRef):
        return z3.BoolRef(z3.Z3_mk_not(a.ctx.ref(), a.as_ast()), a.ctx)
    return z3.Not(a, ctx)


_installed = False
#: the attribute of a Z3 integer numeral object holding its value once known (set where the numeral is made from a
#: Python int, read and filled by z3terms.int_constant)
VALUE = "_ptolint_value"


def install_fast_paths() -> None:
    """Make z3's integer coercions direct (idempotent; the terms built are the same).

    `x + 1`, `x < y` on integer terms go through z3's `_coerce_exprs`, which fetches both sorts as Python
    objects and, for a Python int, casts it through the sort (a second sort-kind query) into `IntVal`, which
    asks Z3 for the integer sort again. Here an integer term's sort is asked once per term object (remembered on
    it), a Python int becomes the same numeral directly, and anything else (reals, bit-vectors, Booleans,
    floats, strings) still takes z3's own path."""
    global _installed
    if _installed:
        return
    _installed = True
    import z3
    from z3 import z3 as zz

    coerce_exprs, int_val = zz._coerce_exprs, zz.IntVal
    arith, int_num = zz.ArithRef, zz.IntNumRef
    get_sort, sort_kind, mk_numeral = zz.Z3_get_sort, zz.Z3_get_sort_kind, zz.Z3_mk_numeral
    int_kind = zz.Z3_INT_SORT
    main_ctx = zz.main_ctx
    sorts: dict[Any, Any] = {}  # context -> its integer sort (kept alive here)

    def is_int_term(a: Any) -> bool:
        d = a.__dict__
        k = d.get("_ptolint_int")
        if k is None:
            ref = a.ctx.ref()
            k = d["_ptolint_int"] = sort_kind(ref, get_sort(ref, a.as_ast())) == int_kind
        return k

    def fast_int_val(val: Any, ctx: Any = None) -> Any:
        if type(val) is not int:
            return int_val(val, ctx)
        c = main_ctx() if ctx is None else ctx
        s = sorts.get(c)
        if s is None:
            s = sorts[c] = zz.IntSort(c)
        out = int_num(mk_numeral(c.ref(), str(val), s.ast), c)
        d = out.__dict__
        d["_ptolint_int"] = True  # (what is_int_term would ask Z3)
        d[VALUE] = val  # (what z3terms.int_constant would ask Z3: the rules ask it of every constant operand)
        return out

    def fast_coerce_exprs(a: Any, b: Any, ctx: Any = None) -> Any:
        if isinstance(a, arith):
            if type(b) is int:
                if is_int_term(a):
                    return a, fast_int_val(b, a.ctx)
            elif isinstance(b, arith) and b.ctx is a.ctx and is_int_term(a) and is_int_term(b):
                return a, b
        elif type(a) is int and isinstance(b, arith) and is_int_term(b):
            return fast_int_val(a, b.ctx), b
        return coerce_exprs(a, b, ctx)

    zz._coerce_exprs = fast_coerce_exprs
    zz.IntVal = z3.IntVal = fast_int_val
    globals()["IntVal"] = fast_int_val

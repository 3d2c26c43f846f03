"""Reading a Z3 term's numeral value, id and truth value in one library call each (the first two remembered on
the term object).

Its own module because both the rule registry (ptolint.ruleset: a call's identity, the rules' constant operands) and
the solver use it, and the solver imports the registry; ptolint.ruleset imports this lazily (a cache hit loads the
rules but never z3)."""

from __future__ import annotations

import z3

from ptolint.z3lazy import VALUE


def _raw(fn):  # noqa: ANN001, ANN202 - a z3core wrapper and its ctypes function
    """The ctypes function behind a z3core wrapper, without the error check the wrapper makes after every call
    (most of a term walk's cost; these getters cannot fail on a live term). The wrapper itself if z3 changes."""
    elems = (fn.__defaults__ or (None,))[-1]
    return getattr(elems, "f", fn)


_AST_ID, _AST_KIND, _NUM_ARGS, _APP_ARG, _APP_DECL, _DECL_KIND, _Q_BODY = (_raw(f) for f in (
    z3.Z3_get_ast_id, z3.Z3_get_ast_kind, z3.Z3_get_app_num_args, z3.Z3_get_app_arg, z3.Z3_get_app_decl,
    z3.Z3_get_decl_kind, z3.Z3_get_quantifier_body))
_BOOL_VALUE = _raw(z3.Z3_get_bool_value)
_SORT_KIND, _GET_SORT, _NUMERAL_STRING = (_raw(f) for f in (
    z3.Z3_get_sort_kind, z3.Z3_get_sort, z3.Z3_get_numeral_string))


def int_constant(term: z3.ExprRef) -> int | None:
    """The value of an integer numeral term, None for any other term: z3.is_int_value(t) and t.as_long() in
    three library calls (the rules ask it of every constant address and valid region; z3's two build sort
    objects and check every call for an error), once per term object: the answer is kept on it, and a numeral
    made from a Python int (z3lazy's IntVal) carries its value from the start (the library calls were most of
    deciding a TASSIGN's rules on constants)."""
    d = term.__dict__
    known = d.get(VALUE, _UNSET)
    if known is not _UNSET:
        return known
    ref, a = term.ctx_ref(), term.as_ast()
    if _AST_KIND(ref, a) != z3.Z3_NUMERAL_AST or _SORT_KIND(ref, _GET_SORT(ref, a)) != z3.Z3_INT_SORT:
        d[VALUE] = None
        return None
    out = d[VALUE] = int(_NUMERAL_STRING(ref, a))
    return out


_UNSET = object()


def term_id(term: z3.ExprRef) -> int:
    """term.get_id() in one library call, kept on the term object (the id is the term's while the object holds
    it): a call's identity (Ctx.identity) reads the ids of some 20 operand terms, mostly shared numerals and
    encodings, and z3's get_id checks every call for an error."""
    d = term.__dict__
    k = d.get("_ptolint_id")
    if k is None:
        k = d["_ptolint_id"] = _AST_ID(term.ctx_ref(), term.as_ast())
    return k


def is_false(term: z3.BoolRef) -> bool:
    """z3.is_false(term) in one library call (z3's builds a declaration object to read its kind: a tenth of
    deciding which rules hold at a call, asked of every rule and distinct call)."""
    return _BOOL_VALUE(term.ctx_ref(), term.as_ast()) == z3.Z3_L_FALSE

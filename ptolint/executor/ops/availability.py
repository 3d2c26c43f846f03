"""Builtin availability: a call the target cannot execute because it has no such builtin (or no such form).

The executor's own list, written from the target headers (include/pto/npu/a2a3, include/pto/npu/a5, and
which `*_IMPL` each defines for the wrappers of include/pto/common/pto_instr.hpp):
- TADDC / TSUBC / TADDSC / TSUBSC: no `_IMPL` on either NPU target (CPU simulator only);
- TGET_SCALE_ADDR, TGEMV_MX, TMATMUL_MX, TRANDOM, THISTOGRAM, TINTERLEAVE, TDEINTERLEAVE: A5 only;
- GridPipe TPUSH / TPOP (a `Direction` or `Span` template argument): A2/A3 only;
- TQUANT with a `store_mode` template argument (the exp_zz NZ-store form): no A5 implementation;
- the two-destination TEXTRACT (a `dst1` operand): not on A6 (a6/TExtract.hpp has no TEXTRACT_ND2XNZ_IMPL);
- TEXTRACT / TEXTRACT_FP out of L0C (an Acc source, the relu / mode / quantising / fp forms): not on A6 (its copies
  call intrinsic wrappers common/arch_cce_intrinsic.hpp declares for A5 and the Kirins only);
- A6, Kirin 9030, Kirin X90, Kirin Dev0000: `_LACKS`, what each target's include/pto/npu/<target>/header.hpp
  does not include (and what pto_instr.hpp does not declare, or rejects, there).

Availability must be decided before any semantics run, whichever module registers a builtin's semantics.
This module therefore imports its sibling op modules first and then puts a gate in front of every builtin
it lists: the gate traps with `unavailable` on a target that lacks the call, and otherwise runs the
builtin's own semantics (if some module defines them).
"""

from __future__ import annotations

import importlib
import pkgutil

from ptolint.executor.machine import OPS, Machine, Op

_NOWHERE = frozenset()
_BOTH = frozenset({"a2a3", "a5"})
_A5 = frozenset({"a5"})
_A2A3 = frozenset({"a2a3"})

#: builtin -> targets whose headers implement it (every form)
_IMPLEMENTED_ON = {
    "TADDC": _NOWHERE,
    "TSUBC": _NOWHERE,
    "TADDSC": _NOWHERE,
    "TSUBSC": _NOWHERE,
    "TGET_SCALE_ADDR": _A5,
    "TGEMV_MX": _A5,
    "TMATMUL_MX": _A5,
    "TRANDOM": _A5,
    "THISTOGRAM": _A5,
    "TINTERLEAVE": _A5,
    "TDEINTERLEAVE": _A5,
}

#: builtin -> (template parameter names selecting the form, targets implementing that form)
_FORM_IMPLEMENTED_ON = {
    "TPUSH": (("Direction", "Span"), _A2A3),
    "TPOP": (("Direction",), _A2A3),
    "TQUANT": (("store_mode",), _NOWHERE),
}

#: (target, builtin) -> (the operand that selects the form, what is missing): an operand form a target lacks
_OPERAND_FORM_LACKS = {
    ("a6", "TEXTRACT"): ("dst1", "the two-destination TEXTRACT does not exist on a6 (a6/TExtract.hpp defines no "
                                 "TEXTRACT_ND2XNZ_IMPL)"),
}
#: (target, builtin) -> what is missing: the L0C copy form a target lacks (A6: a6/TExtract.hpp's copies out of L0C call
#: pto_copy_matrix_cc_to_cbuf / _ub, which common/arch_cce_intrinsic.hpp declares for A5 and the Kirins only): a
#: TEXTRACT from an Acc tile into Mat / Vec, and every relu / AccToVecMode / preQuantScalar / fp form
_L0C_FORM_LACKS = {
    ("a6", b): "TEXTRACT out of L0C does not exist on a6 (a6/TExtract.hpp's TExtractAccToMat / TExtractAccToVec call "
               "pto_copy_matrix_cc_to_cbuf / pto_copy_matrix_cc_to_ub, which common/arch_cce_intrinsic.hpp does not "
               "declare for A6)" for b in ("TEXTRACT", "TEXTRACT_FP")
}
#: (target, builtin) -> (the template parameter, its values selecting the form, what is missing): a template-argument
#: form a target lacks
_MODE_FORM_LACKS = {
    ("kirindev0000", "TINSERT"): ("mode", ("SPLIT2", "SPLIT4"), "TINSERT<TInsertMode> (the split form) does not "
                                  "exist on kirindev0000 (pto_instr.hpp declares it for A5, Kirin 9030 and X90 only)"),
}
#: the four newer targets: every builtin a target lacks (its header.hpp includes no `*_IMPL` for it, pto_instr.hpp
#: does not declare it there, or rejects it there with a static_assert as SYNCALL), read from pto-isa 3186c381's
#: include/pto/npu/<target>/header.hpp and pto_instr.hpp; TADDC / TSUBC / TADDSC / TSUBSC are missing everywhere
_LACKS = {
    "a6": frozenset({
        "MGATHER", "MSCATTER", "SETFMATRIX", "SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "SET_QUANT_SCALAR",
        "SET_QUANT_VECTOR", "SYNCALL", "TABS", "TADDC", "TADDDEQRELU", "TADDRELUCONV", "TADDS", "TADDSC", "TALLOC",
        "TAND", "TANDS", "TAXPY", "TCI", "TCMP", "TCMPS", "TCOLARGMAX", "TCOLARGMIN", "TCOLEXPAND",
        "TCOLEXPANDADD", "TCOLEXPANDDIV", "TCOLEXPANDEXPDIF", "TCOLEXPANDMAX", "TCOLEXPANDMIN", "TCOLEXPANDMUL",
        "TCOLEXPANDSUB", "TCOLMAX", "TCOLMIN", "TCOLPROD", "TCOLSUM", "TCONCAT", "TDEINTERLEAVE", "TDEQUANT",
        "TDIV", "TDIVS", "TEXP", "TEXPANDS", "TFILLPAD", "TFMOD", "TFMODS", "TFREE", "TFUSEDMULADD",
        "TFUSEDMULADDRELU", "TGATHER", "TGATHERB", "TGET_SCALE_ADDR", "THISTOGRAM", "TIMG2COL", "TINSERT",
        "TINSERT_FP", "TINTERLEAVE", "TLOG", "TLRELU", "TMAX", "TMAXS", "TMIN", "TMINS", "TMOV", "TMOV_FP",
        "TMRGSORT", "TMUL", "TMULADDDST", "TMULS", "TNEG", "TNOT", "TOR", "TORS", "TPAIRREDUCESUM", "TPARTADD",
        "TPARTARGMAX", "TPARTARGMIN", "TPARTMAX", "TPARTMIN", "TPARTMUL", "TPOP", "TPOW", "TPOWS", "TPREFETCH",
        "TPRELU", "TPRINT", "TPUSH", "TRANDOM", "TRECIP", "TRELU", "TREM", "TREMS", "TROWARGMAX", "TROWARGMIN",
        "TROWEXPAND", "TROWEXPANDADD", "TROWEXPANDDIV", "TROWEXPANDEXPDIF", "TROWEXPANDMAX", "TROWEXPANDMIN",
        "TROWEXPANDMUL", "TROWEXPANDSUB", "TROWMAX", "TROWMIN", "TROWPROD", "TROWSUM", "TRSQRT", "TSCATTER",
        "TSEL", "TSELS", "TSHL", "TSHLS", "TSHR", "TSHRS", "TSORT32", "TSQRT", "TSUB", "TSUBC", "TSUBRELU",
        "TSUBRELUCONV", "TSUBS", "TSUBSC", "TSUBVIEW", "TTRANS", "TTRI", "TXOR", "TXORS",
    }),
    "kirin9030": frozenset({
        "MGATHER", "MSCATTER", "SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "SYNCALL", "TADDC", "TADDDEQRELU",
        "TADDRELUCONV", "TADDSC", "TALLOC", "TDEINTERLEAVE", "TFREE", "TFUSEDMULADD", "TFUSEDMULADDRELU",
        "TGEMV_MX", "TIMG2COL", "TINTERLEAVE", "TMATMUL_MX", "TMULADDDST", "TPAIRREDUCESUM", "TPOP", "TPREFETCH",
        "TPRINT", "TPUSH", "TRANDOM", "TSUBC", "TSUBRELU", "TSUBRELUCONV", "TSUBSC",
    }),
    "kirinx90": frozenset({
        "MGATHER", "MSCATTER", "SET_QUANT_SCALAR", "SET_QUANT_VECTOR", "SYNCALL", "TADDC", "TADDDEQRELU",
        "TADDRELUCONV", "TADDSC", "TALLOC", "TDEINTERLEAVE", "TDEQUANT", "TFREE", "TFUSEDMULADD",
        "TFUSEDMULADDRELU", "TGEMV_MX", "TGET_SCALE_ADDR", "THISTOGRAM", "TINTERLEAVE", "TMATMUL_MX", "TMULADDDST",
        "TPAIRREDUCESUM", "TPOP", "TPREFETCH", "TPRINT", "TPUSH", "TRANDOM", "TREM", "TREMS", "TSUBC", "TSUBRELU",
        "TSUBRELUCONV", "TSUBSC",
    }),
    "kirindev0000": frozenset({
        "MGATHER", "MSCATTER", "SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "SYNCALL", "TADDC", "TADDDEQRELU",
        "TADDRELUCONV", "TADDSC", "TALLOC", "TDEINTERLEAVE", "TFREE", "TFUSEDMULADD", "TFUSEDMULADDRELU",
        "TGEMV_MX", "THISTOGRAM", "TINTERLEAVE", "TMATMUL_MX", "TMULADDDST", "TPAIRREDUCESUM", "TPOP", "TPREFETCH",
        "TPRINT", "TPUSH", "TRANDOM", "TSUBC", "TSUBRELU", "TSUBRELUCONV", "TSUBSC",
    }),
}


def missing(m: Machine) -> str | None:
    """Why the call cannot run on m.target, or None when the target has it."""
    name = m.site.builtin
    form = _OPERAND_FORM_LACKS.get((m.target, name))
    if form is not None and any(n == form[0] for n, _ in m.site.tiles()):
        return form[1]
    l0c = _L0C_FORM_LACKS.get((m.target, name))
    if l0c is not None and _l0c_copy(m):
        return l0c
    mode_form = _MODE_FORM_LACKS.get((m.target, name))
    if mode_form is not None and m.template_args.get(mode_form[0]) in mode_form[1]:
        return mode_form[2]
    if name in _LACKS.get(m.target, ()):
        return f"{name} does not exist on {m.target} (its header.hpp includes no implementation or pto_instr.hpp " \
               "does not declare it there)"
    if m.target in _LACKS:
        return None
    if name in _IMPLEMENTED_ON and m.target not in _IMPLEMENTED_ON[name]:
        where = " and ".join(sorted(_IMPLEMENTED_ON[name])) or "neither NPU target (CPU simulator only)"
        return f"{name} does not exist on {m.target} (implemented on {where})"
    if name in _FORM_IMPLEMENTED_ON:
        keys, targets = _FORM_IMPLEMENTED_ON[name]
        used = [k for k in keys if k in m.template_args]
        if used and m.target not in targets:
            return f"{name}<{used[0]} = {m.template_args[used[0]]}, ...> form does not exist on {m.target}"
    return None


def _l0c_copy(m: Machine) -> bool:
    """The TEXTRACT call copies out of L0C: TEXTRACT_FP, a relu / mode / quantising / fp form, or the plain form from
    an Acc tile into a Mat or Vec tile (the two-destination form aside)."""
    params = m.site.params
    if "dst0" in params or "dst1" in params:
        return False
    if m.site.builtin == "TEXTRACT_FP" or "fp" in params or "preQuantScalar" in params \
            or "mode" in m.template_args or "reluMode" in m.template_args:
        return True
    dst, src = m.tile("dst"), m.tile("src")
    return dst is not None and src is not None and src.spec.loc == "Acc" and dst.spec.loc in ("Mat", "Vec")


def _gate(inner: Op | None, read_only: bool = False) -> Op:
    """`read_only`: a builtin gated for an operand form only: the machine still runs it only where it has the
    facts of the implementation used (a family's file, or a read own file its op lists), as an ungated op."""
    def gated(m: Machine) -> None:
        why = missing(m)
        if why is not None:
            raise m.trap("unavailable", why)
        if inner is not None:
            inner(m)

    gated.availability_gate = not read_only  # type: ignore[attr-defined]
    gated.own_impls = getattr(inner, "own_impls", ())  # type: ignore[attr-defined]
    return gated


def _install() -> None:
    import ptolint.executor.ops as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.name != __name__.rsplit(".", 1)[-1]:
            importlib.import_module(f"{pkg.__name__}.{mod.name}")
    gated = dict.fromkeys([*_IMPLEMENTED_ON, *_FORM_IMPLEMENTED_ON, *(n for s in _LACKS.values() for n in s)])
    for name in dict.fromkeys([*gated, *(b for _, b in [*_OPERAND_FORM_LACKS, *_MODE_FORM_LACKS, *_L0C_FORM_LACKS])]):
        current = OPS.get(name)
        if current is not None and hasattr(current, "availability_gate"):
            continue
        OPS[name] = _gate(current, read_only=name not in gated)


_install()

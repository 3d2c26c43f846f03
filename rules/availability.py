"""Builtin availability (PTO010): a builtin, or one form of it, that the target being checked does not have.

How the real headers decide (include/pto/common/pto_instr.hpp): every public builtin forwards to a
`<NAME>_IMPL` function (MAP_INSTR_IMPL* macros or a direct call), and pto_instr_impl.hpp includes one
set of implementation headers per target (include/pto/npu/a2a3/*.hpp or include/pto/npu/a5/*.hpp).
A builtin is unavailable on a target when
- pto_instr.hpp declares it only under `#if defined(PTO_NPU_ARCH_A5) ...` (A2/A3: undeclared identifier
  or no matching overload), or
- it is declared for both targets but no header of that target defines the `_IMPL` it forwards to
  (the call fails to compile when its template is instantiated), or
- the wrapper itself rejects the target with an always-false `static_assert(sizeof(Pipe) == 0, ...)`.

Found this way (every builtin of pto_instr.hpp, both targets, overloads compared by their `_IMPL`
call and its argument count):
- TADDC, TSUBC, TADDSC, TSUBSC: TADDC_IMPL/TSUBC_IMPL/TADDSC_IMPL/TSUBSC_IMPL exist only in
  include/pto/cpu (the CPU simulator); neither NPU target defines them.
- TGET_SCALE_ADDR: TGET_SCALE_ADDR_IMPL only in npu/a5/TGetScaleAddr.hpp (docs/isa/TGET_SCALE_ADDR.md
  says "A5 only; no A2A3 implementation").
- TGEMV_MX, TMATMUL_MX, TRANDOM (pto_instr.hpp `#if A5 || A6 || CPU_SIM`), THISTOGRAM, TINTERLEAVE,
  TDEINTERLEAVE (A5 section): not declared for A2/A3.
- TPUSH/TPOP on a GridPipe (template argument `GridDirection Direction` or `GridSpan Span`): A2/A3 only;
  other targets hit `static_assert(sizeof(Pipe) == 0, "GridPipe TPUSH not supported on this target ...")`.
- TQUANT<quant_type, store_mode>(dst, src, exp, max, scaling, exp_zz) (MXFP8 NZ store form): declared
  for A5 but TQUANT_IMPL with `exp_zz` exists only in include/pto/cpu/TQuant.hpp: no A5 implementation.

Overloads that only A5 declares (the MX TQUANT forms, MGATHER<CMode, Mode, Exec>, MSCATTER<..., Conflict>,
TINSERT<TInsertMode>, TMOV<grp_axis>(dst, src, tmp)) are not in the table: ptolint's model header
declares them for A5 only too, so on A2/A3 the call does not resolve and the parser already reports "no
matching function" (as the real compiler does); there is no call site for a rule to see.

The four newer targets (A6, Kirin 9030, Kirin X90, Kirin Dev0000; pto-isa 3186c381): pto_instr_impl.hpp includes
include/pto/npu/<target>/header.hpp for the Kirins (none for A6 yet: the table follows a6/header.hpp), and each
header.hpp includes some files of its own and many a5/ ones. A builtin is unavailable there when no file that
header includes (transitively) defines the `*_IMPL` its wrapper forwards to (NOT_INCLUDED), when pto_instr.hpp's
`#if` around its declaration leaves the target out (UNDECLARED: TGEMV_MX / TMATMUL_MX / TRANDOM are A5 and A6
only, SET_IMG2COL_RPT / _PADDING A2/A3, A5, Kirin 9030 and X90, THISTOGRAM / TDEINTERLEAVE A5, A6 and Kirin
9030), or when the wrapper rejects it (SYNCALL: static_assert on every target but A2/A3 and A5). The forms
(TINSERT<mode>, TMOV<grp_axis>, MGATHER<...> ...) are not told apart on these targets yet.

Not unavailable although it may look so: TADDDEQRELU on A5 (npu/a5/TAddDeqRelu.hpp defines
TADDDEQRELU_IMPL, although pto_instr_impl.hpp does not include that header at this snapshot),
SET_IMG2COL_RPT/SET_IMG2COL_PADDING (separately declared per target, both exist), TPRINT (both targets
with _DEBUG, neither without: a build-mode matter, not a target one), TPREFETCH_ASYNC (shared SDMA
implementation included for both).
"""

from __future__ import annotations

from dataclasses import dataclass

from ptolint.ruleset import Check, Ctx, Provenance, rule
from ptolint.targets import ALL_TARGETS, NPU_DIRS, TARGET_NAMES

INSTR_HDR = "include/pto/common/pto_instr.hpp"
IMPL_HDR = "include/pto/common/pto_instr_impl.hpp"


@dataclass(frozen=True)
class Gap:
    """One builtin (or one form of it, `form`) missing on one target; `more`: further forms of the same builtin
    missing there (A6's TEXTRACT lacks the two-destination form and the L0C copies)."""

    why: str
    form: str = ""  # "" = every call; else a key of FORMS
    more: tuple[Gap, ...] = ()


#: forms of a builtin, told apart by what the call site shows (parameter or template-parameter names of the
#: overload the parser picked in the model header)
FORMS = {
    "grid-pipe": "the GridPipe form (template argument GridDirection or GridSpan)",
    "mx-nz-store": "the NZ-store form TQUANT<quant_type, store_mode>(dst, src, exp, max, scaling, exp_zz)",
    "two-dst": "the two-destination form TEXTRACT(dst0, dst1, src, indexRow0, indexCol0, indexRow1, indexCol1)",
    "tinsert-split": "the split form TINSERT<TInsertMode>(dst, src, indexRow, indexCol) (TInsertMode::SPLIT2 / SPLIT4)",
    "l0c-copy": "the copy out of L0C (an Acc source into Mat / Vec; the relu, AccToVecMode, preQuantScalar and fp "
                "forms)",
}

_CPU_ONLY = "no {0}_IMPL in include/pto/npu/{1}: only the CPU simulator (include/pto/cpu) implements it"
_A5_SECTION = "declared only in the A5 section of pto_instr.hpp (no A2/A3 declaration or implementation)"
_NOT_INCLUDED = ("no {0}_IMPL in what include/pto/npu/{1}/header.hpp includes (its own files and the a5/ ones it "
                 "reuses)")
_UNDECLARED = "pto_instr.hpp declares it only under an `#if` that leaves out {1}"
_SYNCALL = ("pto_instr.hpp rejects every target but A2/A3 and A5 with a static_assert (\"SYNCALL is not supported "
            "on this backend.\")")
_CPU_ONLY_ALL = ("TADDC", "TSUBC", "TADDSC", "TSUBSC")

#: one fact table per target: builtin -> what is missing there. The A2/A3 and A5 tables were read by hand (see
#: the module docstring); the other four from what each target's include/pto/npu/<target>/header.hpp includes
#: (pto-isa 3186c381: every `*_IMPL` defined in the files it includes, transitively, against the `*_IMPL` each
#: public builtin of pto_instr.hpp forwards to) and from the `#if` guarding each declaration in pto_instr.hpp.
#: A6: pto_instr_impl.hpp includes no A6 header at that snapshot; the table follows a6/header.hpp, the set of
#: builtins the A6 port provides (TASSIGN, TADD, TLOAD, TSTORE, TEXTRACT, TMATMUL(_MX), TRESHAPE, TQUANT ...).
BY_TARGET: dict[str, dict[str, Gap]] = {
    "a2a3": {
        **{b: Gap(_CPU_ONLY.format(b, "a2a3")) for b in _CPU_ONLY_ALL},
        "TGET_SCALE_ADDR": Gap("no TGET_SCALE_ADDR_IMPL in include/pto/npu/a2a3 (A5 only: npu/a5/TGetScaleAddr.hpp)"),
        **{b: Gap(_A5_SECTION) for b in ("TGEMV_MX", "TMATMUL_MX", "TRANDOM", "THISTOGRAM", "TINTERLEAVE",
                                         "TDEINTERLEAVE")},
    },
    "a5": {
        **{b: Gap(_CPU_ONLY.format(b, "a5")) for b in _CPU_ONLY_ALL},
        "TPUSH": Gap("GridPipe pushes exist on A2/A3 only; A5 rejects them with static_assert(sizeof(Pipe) == 0) "
                     "(\"GridPipe TPUSH not supported on this target profile\")", "grid-pipe"),
        "TPOP": Gap("GridPipe pops exist on A2/A3 only; A5 rejects them with static_assert(sizeof(Pipe) == 0) "
                    "(\"GridPipe TPOP not supported on this target profile\")", "grid-pipe"),
        "TQUANT": Gap("no 6-argument TQUANT_IMPL (exp_zz) in include/pto/npu/a5/TQuant.hpp: only the CPU "
                      "simulator implements the NZ-store form", "mx-nz-store"),
    },
}

#: the four newer targets: builtins whose implementation the target's header.hpp does not include, and
#: builtins pto_instr.hpp does not declare for the target
NOT_INCLUDED: dict[str, tuple[str, ...]] = {
    "a6": (
    "MGATHER", "MSCATTER", "SETFMATRIX", "SET_QUANT_SCALAR", "SET_QUANT_VECTOR", "TABS", "TADDDEQRELU",
    "TADDRELUCONV", "TADDS", "TALLOC", "TAND", "TANDS", "TAXPY", "TCI", "TCMP", "TCMPS", "TCOLARGMAX",
    "TCOLARGMIN", "TCOLEXPAND", "TCOLEXPANDADD", "TCOLEXPANDDIV", "TCOLEXPANDEXPDIF", "TCOLEXPANDMAX",
    "TCOLEXPANDMIN", "TCOLEXPANDMUL", "TCOLEXPANDSUB", "TCOLMAX", "TCOLMIN", "TCOLPROD", "TCOLSUM", "TCONCAT",
    "TDEINTERLEAVE", "TDEQUANT", "TDIV", "TDIVS", "TEXP", "TEXPANDS", "TFILLPAD", "TFMOD", "TFMODS", "TFREE",
    "TFUSEDMULADD", "TFUSEDMULADDRELU", "TGATHER", "TGATHERB", "TGET_SCALE_ADDR", "THISTOGRAM", "TIMG2COL",
    "TINSERT", "TINSERT_FP", "TINTERLEAVE", "TLOG", "TLRELU", "TMAX", "TMAXS", "TMIN", "TMINS", "TMOV", "TMOV_FP",
    "TMRGSORT", "TMUL", "TMULADDDST", "TMULS", "TNEG", "TNOT", "TOR", "TORS", "TPAIRREDUCESUM", "TPARTADD",
    "TPARTARGMAX", "TPARTARGMIN", "TPARTMAX", "TPARTMIN", "TPARTMUL", "TPOP", "TPOW", "TPOWS", "TPREFETCH",
    "TPRELU", "TPRINT", "TPUSH", "TRANDOM", "TRECIP", "TRELU", "TREM", "TREMS", "TROWARGMAX", "TROWARGMIN",
    "TROWEXPAND", "TROWEXPANDADD", "TROWEXPANDDIV", "TROWEXPANDEXPDIF", "TROWEXPANDMAX", "TROWEXPANDMIN",
    "TROWEXPANDMUL", "TROWEXPANDSUB", "TROWMAX", "TROWMIN", "TROWPROD", "TROWSUM", "TRSQRT", "TSCATTER", "TSEL",
    "TSELS", "TSHL", "TSHLS", "TSHR", "TSHRS", "TSORT32", "TSQRT", "TSUB", "TSUBRELU", "TSUBRELUCONV", "TSUBS",
    "TSUBVIEW", "TTRANS", "TTRI", "TXOR", "TXORS",
    ),
    "kirin9030": (
    "MGATHER", "MSCATTER", "SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "TADDDEQRELU", "TADDRELUCONV", "TALLOC",
    "TDEINTERLEAVE", "TFREE", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TIMG2COL", "TINTERLEAVE", "TMULADDDST",
    "TPAIRREDUCESUM", "TPOP", "TPREFETCH", "TPRINT", "TPUSH", "TSUBRELU", "TSUBRELUCONV",
    ),
    "kirinx90": (
    "MGATHER", "MSCATTER", "SET_QUANT_SCALAR", "SET_QUANT_VECTOR", "TADDDEQRELU", "TADDRELUCONV", "TALLOC",
    "TDEQUANT", "TFREE", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TGET_SCALE_ADDR", "TINTERLEAVE", "TMULADDDST",
    "TPAIRREDUCESUM", "TPOP", "TPREFETCH", "TPRINT", "TPUSH", "TREM", "TREMS", "TSUBRELU", "TSUBRELUCONV",
    ),
    "kirindev0000": (
    "MGATHER", "MSCATTER", "TADDDEQRELU", "TADDRELUCONV", "TALLOC", "TFREE", "TFUSEDMULADD", "TFUSEDMULADDRELU",
    "TINTERLEAVE", "TMULADDDST", "TPAIRREDUCESUM", "TPOP", "TPREFETCH", "TPRINT", "TPUSH", "TSUBRELU",
    "TSUBRELUCONV",
    ),
}
UNDECLARED: dict[str, tuple[str, ...]] = {
    "a6": ("SET_IMG2COL_PADDING", "SET_IMG2COL_RPT",),
    "kirin9030": ("TGEMV_MX", "TMATMUL_MX", "TRANDOM",),
    "kirinx90": ("TDEINTERLEAVE", "TGEMV_MX", "THISTOGRAM", "TMATMUL_MX", "TRANDOM",),
    "kirindev0000": ("SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "TDEINTERLEAVE", "TGEMV_MX", "THISTOGRAM", "TMATMUL_MX", "TRANDOM",),
}
for _t, _names in NOT_INCLUDED.items():
    _dir = NPU_DIRS[_t]
    BY_TARGET[_t] = {
        **{b: Gap(_CPU_ONLY.format(b, _dir)) for b in _CPU_ONLY_ALL},
        **{b: Gap(_NOT_INCLUDED.format(b, _dir)) for b in _names},
        **{b: Gap(_UNDECLARED.format(b, TARGET_NAMES[_t])) for b in UNDECLARED[_t]},
        "SYNCALL": Gap(_SYNCALL),
    }

#: A6: pto_instr.hpp's two-destination TEXTRACT wrapper calls TEXTRACT_ND2XNZ_IMPL unguarded; a6/TExtract.hpp (the
#: A5 file without it) defines none
#: A6: the L0C copies of a6/TExtract.hpp (TExtractAccToMat line 445, TExtractAccToVec lines 482 / 488) call
#: pto_copy_matrix_cc_to_cbuf / pto_copy_matrix_cc_to_ub, which common/arch_cce_intrinsic.hpp (lines 303-358) declares
#: under `#if defined(PTO_NPU_ARCH_A5) || defined(PTO_NPU_ARCH_KIRIN9030) || defined(PTO_NPU_ARCH_KIRINDEV0000)` (the
#: _ub one also for Kirin X90), never for A6: every path that copies out of L0C fails to compile there ("use of
#: undeclared identifier", ptolint check --headers real -t a6): TEXTRACT_TILE_IMPL's Acc -> Mat / Vec branch and
#: the relu / AccToVecMode / preQuantScalar / fp TEXTRACT_IMPL overloads (each instantiates TExtractAccToMat or
#: TExtractAccToVec, whatever its static_asserts say)
_A6_L0C = ("a6/TExtract.hpp's L0C copies call pto_copy_matrix_cc_to_cbuf / _ub, which common/arch_cce_intrinsic.hpp "
           "declares for A5 and the Kirins only (an undeclared identifier on A6)")
BY_TARGET["a6"]["TEXTRACT"] = Gap("include/pto/npu/a6/TExtract.hpp defines no TEXTRACT_ND2XNZ_IMPL (A5's "
                                  "TExtract.hpp does), which pto_instr.hpp's wrapper calls", "two-dst",
                                  more=(Gap(_A6_L0C, "l0c-copy"),))
BY_TARGET["a6"]["TEXTRACT_FP"] = Gap(_A6_L0C, "l0c-copy")

#: Kirin Dev0000: pto_instr.hpp declares TINSERT<TInsertMode> under `#if defined(PTO_NPU_ARCH_A5) ||
#: defined(PTO_NPU_ARCH_KIRIN9030) || defined(PTO_NPU_ARCH_KIRINX90)` (A6 has no TINSERT at all)
BY_TARGET["kirindev0000"]["TINSERT"] = Gap("pto_instr.hpp declares the TINSERT<TInsertMode> overload only for A5, "
                                           "Kirin 9030 and Kirin X90", "tinsert-split")

#: builtin -> target -> what is missing there (the per-target tables, indexed by builtin)
UNAVAILABLE: dict[str, dict[str, Gap]] = {}
for _t, _table in BY_TARGET.items():
    for _b, _gap in _table.items():
        UNAVAILABLE.setdefault(_b, {})[_t] = _gap


def gap_for(builtin: str, target: str) -> Gap | None:
    """What the table says is missing for `builtin` on `target` (whole builtin or one form), or None."""
    return UNAVAILABLE.get(builtin, {}).get(target)


def wholly_unavailable(builtin: str, target: str) -> bool:
    """True when no form of `builtin` exists on `target` (used by bench/coverage.py)."""
    gap = gap_for(builtin, target)
    return gap is not None and not gap.form


def _form_used(ctx: Ctx, form: str) -> bool:
    if form == "grid-pipe":
        return "Direction" in ctx.template_args or "Span" in ctx.template_args
    if form == "mx-nz-store":
        return "exp_zz" in ctx.texts or "store_mode" in ctx.template_args
    if form == "two-dst":
        return ctx.tile("dst1") is not None
    if form == "tinsert-split":
        return ctx.template_args.get("mode") in ("SPLIT2", "SPLIT4")
    if form == "l0c-copy":
        if ctx.builtin == "TEXTRACT_FP" or ctx.tile("fp") is not None or ctx.scalar("preQuantScalar") is not None \
                or "mode" in ctx.template_args or "reluMode" in ctx.template_args:
            return ctx.tile("dst1") is None
        dst, src = ctx.tile("dst"), ctx.tile("src")
        return dst is not None and src is not None and src.loc == "Acc" and dst.loc in ("Mat", "Vec")
    raise ValueError(f"unknown form {form}")


@rule("PTO010", "builtin-unavailable-on-target", instructions=tuple(UNAVAILABLE), fault="unavailable", operand_free=True,
      targets=ALL_TARGETS, chip=True,
      provenance=(Provenance("header-static", INSTR_HDR + " + " + IMPL_HDR, "which builtins each target declares "
                             "and which *_IMPL headers it includes"),
                  Provenance("header-static", "include/pto/cpu/ElementTileOp.h, ElementTileScalarOp.h",
                             "TADDC/TSUBC/TADDSC/TSUBSC_IMPL exist only here (CPU simulator); docs/isa/TADDC.md etc. "
                             "do not say so"),
                  Provenance("header-static", INSTR_HDR + " (GridPipe TPUSH/TPOP, end of file)",
                             "#if defined(PTO_NPU_ARCH_A2A3) ... #else static_assert(sizeof(Pipe) == 0, ...)"),
                  Provenance("header-static", "include/pto/npu/a5/TQuant.hpp; include/pto/cpu/TQuant.hpp",
                             "TQUANT_IMPL with exp_zz only in the CPU simulator"),
                  Provenance("header-static", INSTR_HDR + " (TEXTRACT dst0, dst1 wrapper); include/pto/npu/a6/"
                             "TExtract.hpp", "A6: no TEXTRACT_ND2XNZ_IMPL for the unguarded wrapper to call"),
                  Provenance("header-static", "include/pto/npu/a6/TExtract.hpp (TExtractAccToMat, TExtractAccToVec); "
                             "include/pto/common/arch_cce_intrinsic.hpp (pto_copy_matrix_cc_to_cbuf / _ub)",
                             "A6: the L0C copies call intrinsic wrappers declared for A5 and the Kirins only: every "
                             "TEXTRACT from an Acc tile into Mat / Vec and every relu / mode / quantising / fp form "
                             "fails to compile (undeclared identifier; --headers real -t a6)"),
                  Provenance("header-static", INSTR_HDR + " (TINSERT<TInsertMode> wrapper)", "declared under "
                             "`#if defined(PTO_NPU_ARCH_A5) || defined(PTO_NPU_ARCH_KIRIN9030) || "
                             "defined(PTO_NPU_ARCH_KIRINX90)`: not on Kirin Dev0000"),
                  Provenance("isa-doc", "docs/isa/TGET_SCALE_ADDR.md", "A5 only; no A2A3 implementation")))
def builtin_unavailable(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The builtin (or this form of it) does not exist on the target being checked.

    ## What it does
    Looks the call up in one table per target built from the real headers: which builtins the target
    declares (`pto_instr.hpp`) and which `*_IMPL` implementations the headers its `header.hpp` includes
    define. TADDC, TSUBC, TADDSC and TSUBSC exist on no NPU target (CPU simulator only); TGET_SCALE_ADDR,
    TGEMV_MX, TMATMUL_MX, TRANDOM, THISTOGRAM, TINTERLEAVE and TDEINTERLEAVE are not on A2/A3; GridPipe
    TPUSH/TPOP are A2/A3 only; the MXFP8 NZ-store TQUANT form (with `exp_zz`) has no A5 implementation;
    A6 has no two-destination TEXTRACT and no TEXTRACT out of L0C (from an Acc tile, and every relu,
    AccToVecMode, quantising and `TEXTRACT_FP` form: its copies call intrinsic wrappers the common header
    declares for A5 and the Kirins only); Kirin Dev0000 has no split TINSERT<TInsertMode>.
    On A6, Kirin 9030, Kirin X90 and Kirin Dev0000 whatever their `header.hpp` does not include is
    missing (e.g. TSUBRELU, TFUSEDMULADD, TPUSH/TPOP and TPREFETCH on every Kirin; TREM on Kirin X90;
    all but TASSIGN, TADD, TLOAD, TSTORE, TEXTRACT, TMATMUL, TRESHAPE and TQUANT on A6), and SYNCALL is
    rejected.

    ## Why is this bad?
    The kernel does not compile for that target: the implementation is missing (an undeclared
    `*_IMPL` when the template is instantiated) or the header rejects the target with a
    `static_assert`. Code shared between targets must keep such calls under the target's macro.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> a, b, c, out;
    TADDC(out, a, b, c);  // no NPU implementation
    ```

    ## Use instead
    ```cpp
    TADD(out, a, b);
    TADD(out, out, c);
    ```
    """
    gap = gap_for(ctx.builtin, ctx.target)
    if gap is None:
        return None
    if gap.form:
        gap = next((g for g in (gap, *gap.more) if _form_used(ctx, g.form)), None)
        if gap is None:
            return None
        what = f"{ctx.builtin}: {FORMS[gap.form]} is not available on {ctx.target}"
    else:
        what = f"{ctx.builtin} is not available on {ctx.target}"
    return Check(ctx.static(True), f"{what}: {gap.why}")

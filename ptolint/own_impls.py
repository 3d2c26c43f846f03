"""The newer targets' own implementation files whose facts ptolint has (read by hand from the headers).

ptolint/impls.py says which file implements a builtin on each target; where that is the target's own file (Kirin
9030's TLoad.hpp, ...) the A2/A3 / A5 facts do not carry over by themselves. This table lists the own files that
were read: for each (target, builtin) the key the rules' and the executor's fact tables use for that file, the
headers it was read from, and the element types the reading covers. A rule has facts for such a call only when it
says so (`rule(..., own=...)`) and its tables have the key; the executor runs such a call only when its op does
(`own_impls`). Everything else there stays "no facts" (proof mode: unknown). An element type an entry leaves out may be
read apart, for its own paths: a rule or op that declares the key "<impl>:<type>" takes those calls (`apart`).

Element types: the Kirin header.hpp files `#define` bfloat16_t, the fp8 and the fp4 names as other types while
they include their files, so a file that names those types checks the replacement. The TLoad.hpp / TStore.hpp
files read here (and common/arch/register/tload_common.hpp, tstore_common.hpp) name none of them: their type
checks go through caps:: (common/arch_capability.hpp), which pto-inst.hpp includes before any header.hpp, so they
test the real types. An entry may still restrict the element types its reading covers (`dtypes`).

A reused A2/A3 / A5 file that ptolint/impls.py records as divergent on a target may, read by hand, turn out to
behave as in its family after all: the entry's key is then the family itself ("a5"), so every rule and executor op
with that family's facts takes the call (`family`). A6 compiles a5/TStore.hpp, TAdd.hpp and its own TSync.hpp's
TSYNC_IMPL that way: impls.py sees other `#if` branches because a6/datatype.hpp shadows a5/datatype.hpp, but the
two files are byte-identical (one include guard), and arch_capability.hpp gives A6 A5's traits
(ArchTraitsFp4Capable) except caps::IsHIF4, true only for hifloat4x2_t, a type A5 lacks (left out). A6's own
TExtract.hpp, TMatmul.hpp and TQuant.hpp are A5's checks with longer type lists: keyed "a5" too, with the element
types (`excluded`) and type combinations (`combos`) A6 adds left out. Every Kirin compiles A5's TFillPad.hpp, which
impls.py calls divergent only through its `#include "TLoad.hpp"`, skipped there by the include guard the Kirin's
own TLoad.hpp (included first) defines: keyed "a5" as well.

This module imports nothing of the rules or the executor; both read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ptolint import impls


@dataclass(frozen=True)
class Own:
    """One target's own implementation of one builtin, as the fact tables key it."""

    impl: str  # the fact tables' key: the npu directory's target name ("kirin9030" for npu/kirin9030/...)
    files: str  # where the facts were read (pto-isa 3186c381)
    dtypes: tuple[str, ...] | None = None  # the tile element types the reading covers (None: every type)
    #: tile element types it leaves out (paths of their own); a rule or op may still hold the facts of such a type's
    #: paths, read apart, under the key "<impl>:<type>" (`apart`)
    excluded: tuple[str, ...] = ()
    #: element-type combinations it leaves out: a call whose tiles have every type of one of them (A6's extra
    #: TMATMUL input pairs, made of types A5 knows, which A5 rejects and A6 accepts)
    combos: tuple[frozenset[str], ...] = ()
    #: the family whose code the file follows (the Kirin files build on common/arch/register/, as A5's do): a rule
    #: whose facts are only the other family's (an A2/A3 type list) does not apply to calls on it
    lineage: str = "a5"


_K9030_LOAD = "include/pto/npu/kirin9030/TLoad.hpp (TLOAD_TILE_IMPL), common/arch/register/tload_common.hpp"
_K9030_STORE = "include/pto/npu/kirin9030/TStore.hpp (TSTORE_IMPL, CheckStaticVec, CheckStaticAcc)"
_KDEV_STORE = "include/pto/npu/kirinDev0000/TStore.hpp (TSTORE_IMPL, CheckStaticVec, CheckStaticAcc)"
#: Kirin X90's TStore.hpp: A2/A3's file (it includes common/arch/memory/tstore_common.hpp: CheckStaticForVecAndMat,
#: the Vec / Mat / L0C copy routines) with its own CheckAcc2gm type lists (int32_t / half accumulators; plain outputs
#: int32_t / float / half), no atomic add (static_assert AtomicNone in every TSTORE_IMPL), no NDC1HWC0 branch in
#: TStoreAcc and an L0C -> NZ store without A2/A3's channel-split float case; its TStoreAccFp redefines the one of
#: tstore_common.hpp (a compile error of the fp-tile form: TSTORE_FP is left out). header.hpp `#define`s bfloat16_t as
#: half while it includes the file, so CheckStaticForVecAndMat's type list names half twice there: bf16 calls are
#: left out (a kernel's bf16 tile is the real type)
_KX90_STORE = ("include/pto/npu/kirinX90/TStore.hpp (TSTORE_IMPL, CheckAcc2gm, TStoreAccNz2nz), "
               "common/arch/memory/tstore_common.hpp (CheckStaticForVecAndMat)")
#: Kirin X90's own TExtract.hpp: A2/A3's lineage (it includes common/arch/memory/textract_common.hpp: the L1 -> L0A /
#: L0B routines TExtractToLeft / TExtractToRight and the Vec -> Vec checks) behind its own TEXTRACT_IMPL (Vec -> Vec:
#: the ND branch also takes any NoneBox tile) and TEXTRACT_TILE_IMPL (CheckTExtract: (u)int8, (u)int16, int32, half,
#: float; Vec -> Mat and Acc -> Mat / Vec branches). Read for the plain form's Vec -> Vec and L1 -> L0 paths; its Acc
#: copies (kirinX90/common.hpp CheckTMovAccValid) and the Vec -> Mat copy are not modelled. header.hpp `#define`s
#: bfloat16_t as half while it includes the file: the lists that name bfloat16_t name half twice, a kernel's bf16
#: tile (the real type) is in none of them
_KX90_EXTRACT = ("include/pto/npu/kirinX90/TExtract.hpp (TEXTRACT_IMPL, TEXTRACT_TILE_IMPL, CheckTExtract), "
                 "common/arch/memory/textract_common.hpp (TExtractToLeft/Right, CheckTExtractVecToVec*)")
#: Kirin X90's own TInsert.hpp: its Vec -> Vec copy checks with common/arch/memory/tinsert_common.hpp (A2/A3's list,
#: bfloat16_t renamed to half) and copies ND only between two NoneBox tiles; its Vec -> Mat copy takes A5's list
#: under header.hpp's renames (as Kirin 9030's build of a5/TInsert.hpp). Read for the plain Vec-source forms, and for
#: the index bounds of its Acc-source forms (TInsertAccToMat / TInsertAccToVec, which TINSERT_FP reaches too: its
#: wrapper calls the fp-tile TINSERT_IMPL overload) and their fp tile's location; their conversion checks
#: (kirinX90/common.hpp CheckTMovAccValid) are not modelled
#: Kirin X90's own TMov.hpp: read for its copies out of L0C (TMOV_TILE_IMPL's Acc branch: kirinX90/common.hpp
#: CheckTMovAccValid with isCastQuant set, kirin9030/common.hpp GetCastPreQuantMode: half -> half into an ND or NZ
#: tile of 32-byte rows; the relu, scalar- / vector-quantised (TMOV_FP) and AccToVecMode overloads: the same check
#: with their type lists, static checks only). Its L1 / UB paths are not modelled (its second TMovToVecImpl and
#: TMovToVecNd2Nz's undeclared DstTile / SrcTile do not compile)
_KX90_MOV = ("include/pto/npu/kirinX90/TMov.hpp (TMOV_TILE_IMPL Acc branch, TMovCcToUb / TMovCcToCb), "
             "kirinX90/common.hpp (CheckTMovAccValid)")
_KX90_INSERT = "include/pto/npu/kirinX90/TInsert.hpp (TINSERT_IMPL Vec -> Vec / Vec -> Mat), common/arch/memory/tinsert_common.hpp"
_KX90_INSERT_FP = "include/pto/npu/kirinX90/TInsert.hpp (TINSERT_IMPL fp-tile overload, TInsertAccToMat / TInsertAccToVec)"

#: Kirin 9030's TExtract.hpp (Kirin Dev0000 includes the same file): A5's routines without the MX / fp4 paths, its
#: own type lists (is_textract_supported_type, CheckTExtractToL0, the Vec -> Vec list), no ScaleLeft / ScaleRight
#: path; it names no element type header.hpp renames (its Acc checks, CheckTMovAccValid in kirin9030/common.hpp,
#: are defined for PTO_NPU_ARCH_KIRIN9030 only: rules key those by the target, not by this file)
_K9030_EXTRACT = "include/pto/npu/kirin9030/TExtract.hpp (TEXTRACT_IMPL, TEXTRACT_TILE_IMPL, TExtractToLeft/Right)"
#: Kirin 9030's TMatmul.hpp, which Kirin X90's and Kirin Dev0000's header.hpp include too: the file's
#: CheckMadValid / bias checks differ by `#if defined(PTO_NPU_ARCH_KIRIN9030)` / `KIRINX90`, so the rules key those by
#: the target; its type checks name half, int8_t and int32_t only (no renamed type)
_K9030_MATMUL = "include/pto/npu/kirin9030/TMatmul.hpp (CheckMadValid, TMATMUL*_IMPL, TGEMV*_IMPL)"
#: Kirin 9030's TMov.hpp (Kirin Dev0000 includes it): A5's chain with its own lists; its Acc paths need
#: kirin9030/common.hpp CheckTMovAccValid (Kirin 9030 build only: rules and executor leave them out elsewhere)
_K9030_MOV = "include/pto/npu/kirin9030/TMov.hpp (TMOV_IMPL, TMovToBt, TMovToFb, CommonCheck)"
#: Kirin 9030's TGather.hpp (all three Kirins include it): its index- and mask-form static checks
_K9030_GATHER = "include/pto/npu/kirin9030/TGather.hpp (CheckValid, TGATHER_IMPL)"
#: A5's TInsert.hpp, which Kirin 9030 and Kirin Dev0000 compile through kirin9030/TInsert.hpp inside their
#: header.hpp's `#define`s of element type names (ptolint/impls.py: divergent): its Vec -> Vec / Vec -> Mat checks are
#: A5's with the renamed lists, one key per build; the Acc paths use the Kirin common.hpp helpers and were not read
_A5_INSERT = "include/pto/npu/a5/TInsert.hpp (TINSERT_IMPL Vec -> Vec / Vec -> Mat, TInsertVecToVecImpl)"
#: Kirin 9030's TQuant.hpp (all three Kirins include it): the INT8 forms' static checks
_K9030_QUANT = "include/pto/npu/kirin9030/TQuant.hpp (TQUANT_IMPL, INT8 forms)"
#: Kirin 9030's TSync.hpp (all three Kirin header.hpp files include it): its own single-op pipe list (no S or V pipe),
#: the pipe from common/event.hpp's OpPipeEntry table, which has no per-target branch
_K9030_SYNC = "include/pto/npu/kirin9030/TSync.hpp (TSYNC_IMPL, GetPipeByOpForKirin9030)"
_MATMUL = ("TMATMUL", "TMATMUL_ACC", "TMATMUL_BIAS", "TGEMV", "TGEMV_ACC", "TGEMV_BIAS")
#: A5's TFillPad.hpp, which every Kirin header.hpp includes (kirin9030/header.hpp line 74, kirinX90 53, kirinDev0000
#: 75). ptolint/impls.py calls it divergent only through its `#include "TLoad.hpp"`: a5/TLoad.hpp takes other `#if`
#: branches on the Kirins, but each Kirin header.hpp includes its own TLoad.hpp first (kirin9030 line 27, kirinX90 26,
#: kirinDev0000 34: kirin9030/TLoad.hpp), whose include guard is a5/TLoad.hpp's (TLOAD_HPP), so a5/TLoad.hpp is
#: skipped there; TFillPad.hpp itself has no `#if PTO_NPU_ARCH_*`, uses only constants.hpp / a5/utils.hpp helpers
#: (GetPadValue, GetDistVst) and names no element type header.hpp renames (sizeof checks only), and the
#: common/pto_instr.hpp TFILLPAD wrappers (mode dispatch, Vec enable_if) have no per-target branch: A5's facts
_A5_FILLPAD = ("include/pto/npu/a5/TFillPad.hpp (TFILLPAD_IMPL Vec / Mat, TFILLPAD_INPLACE_IMPL, TFILLPAD_EXPAND_IMPL, "
               "TFILLPAD_GENERIC_IMPL); its a5/TLoad.hpp include is skipped by the TLOAD_HPP guard the target's own "
               "TLoad.hpp (included first by header.hpp) defines")
#: a5/TExpandS.hpp's 64-bit branch as every Kirin compiles it (impls.py calls the int64 / uint64 calls divergent:
#: Int64Fill is a declaration-only stub there, a5/Int64Rearrange.hpp:197-200): the branch static_asserts a row-major
#: tile (line 46) before it calls the stub, as on A5; read for that check (a row-major call then fails to link, which
#: no rule claims)
_A5_EXPANDS_B64 = Own("a5", "include/pto/npu/a5/TExpandS.hpp (TExpandS 64-bit branch: static_assert isRowMajor, line "
                            "46, before the declaration-only Int64Fill)", dtypes=("int64_t", "uint64_t"))
_FILLPAD = ("TFILLPAD", "TFILLPAD_INPLACE", "TFILLPAD_EXPAND")

_A6_LOAD = "include/pto/npu/a6/TLoad.hpp (TLOAD_TILE_IMPL), common/arch/register/tload_common.hpp"
#: a6/TExtract.hpp is a5/TExtract.hpp with longer type lists (is_textract_supported_type and the fp4 sets add
#: uint8_t, int4b_t and hifloat4x2_t; TEXTRACT_IMPL's Vec list hifloat4x2_t), A5's checks otherwise (its Vec -> Vec
#: ND window PTO_ASSERTs read the static DstTileData::ValidRow / ValidCol where A5 reads the run-time ones: the
#: copy still reads the same window, so PTO102 / PTO103's out-of-bounds read stands), and no two-destination form
#: (no TEXTRACT_ND2XNZ_IMPL: rules/textract_nd2nz.py leaves A6 out)
_A6_EXTRACT = "include/pto/npu/a6/TExtract.hpp (A5's TEXTRACT_IMPL / TEXTRACT_TILE_IMPL with longer type lists)"
#: a6/TMatmul.hpp is a5/TMatmul.hpp with more input pairs (CheckMadValid: int8 x int4b_t into int32; half / bf16 x
#: fp8_e4m3, int4b_t and int8_t into float; CheckMadMxValid: fp8_e4m3 x fp4_e2m1 both ways, half / bf16 x fp4_e2m1,
#: the hifloat4x2_t pairs) and the s4 mad dispatch; the locations, fractals, bias, L0C size, 4095 limits are A5's
_A6_MATMUL = "include/pto/npu/a6/TMatmul.hpp (A5's CheckMadValid / TMATMUL*_IMPL / TGEMV*_IMPL with more pairs)"
_MAD = ("TMATMUL", "TMATMUL_ACC", "TMATMUL_BIAS", "TGEMV", "TGEMV_ACC", "TGEMV_BIAS")
_A6_MAD_PAIRS = tuple(frozenset(p) for p in (("half", "float8_e4m3_t"), ("bfloat16_t", "float8_e4m3_t"),
                                             ("half", "int8_t"), ("bfloat16_t", "int8_t")))
_A6_MX_PAIRS = tuple(frozenset(p) for p in (("float8_e4m3_t", "float4_e2m1x2_t"), ("half", "float4_e2m1x2_t"),
                                            ("bfloat16_t", "float4_e2m1x2_t")))
_A6_SAME = ("; a6/datatype.hpp is byte-identical to the a5/datatype.hpp it shadows, arch_capability.hpp gives A6 "
            "A5's traits except caps::IsHIF4 (hifloat4x2_t)")

#: the tile arithmetic read from Kirin Dev0000's own files (their checks follow A5's, with their own type lists:
#: no integer vdiv there) and Kirin 9030's TRem.hpp / TRemS.hpp; kirinDev0000/header.hpp renames no element type,
#: and the Kirin 9030 files' type checks name no renamed type (TRemS tests sizeof only)
_KDEV = "include/pto/npu/kirinDev0000/"
_K9030_SUBS = "include/pto/npu/kirin9030/TSubS.hpp (TSUBS_IMPL)"
#: A5 files the Kirins compile in their `#else` branch of `PTO_NPU_ARCH_A5 || PTO_NPU_ARCH_A6` (ptolint/impls.py:
#: divergent): the branch only drops the HIGH_PRECISION path (FmodAlgorithm / PowAlgorithm are accepted and ignored),
#: the static_asserts and PTO_ASSERTs are A5's. Kirin Dev0000 compiles a5/TFMod.hpp and TFModS.hpp not at all (its
#: own files, above); on Kirin 9030 / X90 header.hpp renames bfloat16_t to half while TPow.hpp is included, so its
#: high-precision list is float / half there (key "kirin9030"), A5's on Kirin Dev0000 (key "kirindev0000")
_A5_ELSE = {
    "TFMOD": "include/pto/npu/a5/TFMod.hpp (TFModCheck; #else: no HIGH_PRECISION)",
    "TFMODS": "include/pto/npu/a5/TFModS.hpp (TFModSCheck, TFMODS_IMPL; #else: no HIGH_PRECISION)",
    "TPOW": "include/pto/npu/a5/TPow.hpp (PowCheckType, TPOW_IMPL; #else: no HIGH_PRECISION)",
    "TPOWS": "include/pto/npu/a5/TPow.hpp (PowCheckType, TPOWS_IMPL; #else: no HIGH_PRECISION)",
}
_KDEV_ARITH = {
    "TDIV": "TDiv.hpp (TDivCheck)", "TDIVS": "TDivS.hpp (TDIVS_IMPL, both forms)", "TREM": "TRem.hpp (TRemCheck)",
    "TFMOD": "TFMod.hpp (TFModCheck)", "TREMS": "TRemS.hpp (TRemSCheck, TREMS_IMPL)",
    "TFMODS": "TFModS.hpp (TFModSCheck, TFMODS_IMPL)", "TSEL": "TSel.hpp (TSEL_IMPL)",
    "TSELS": "TSels.hpp (TSELS_IMPL)",
}

OWN: dict[str, dict[str, Own]] = {
    # A5's TLOAD_TILE_IMPL with A6LoadOp (the same Vec routines, StaticCheck, TLoadCubeCheck, MX path for a
    # one-row L1 tile); hifloat4x2_t L1 tiles take a check of their own (TLoadHif4CubeCheck), read apart:
    # "a6:hifloat4x2_t" (PTO936 / PTO937, the executor's TLOAD)
    "a6": {
        "TLOAD": Own("a6", _A6_LOAD, excluded=("hifloat4x2_t",)),
        # the very A5 files (keyed "a5": the family's facts hold), see the module docstring
        **{b: Own("a5", "include/pto/npu/a5/TStore.hpp (TSTORE_IMPL, CheckStaticVec, CheckStaticAcc, SetAtomicAdd), "
                        "common/arch/register/tstore_common.hpp" + _A6_SAME, excluded=("hifloat4x2_t",))
           for b in ("TSTORE", "TSTORE_FP")},
        "TADD": Own("a5", "include/pto/npu/a5/TAdd.hpp (TAddCheck), a5/TBinOp.hpp" + _A6_SAME,
                    excluded=("hifloat4x2_t",)),
        # TSYNC_IMPL: the pipe from the same OpPipeEntry table (common/event.hpp) and the same MTE2 / MTE3 / ALL
        # static_assert as a5/TSync.hpp (A6's Event class differs: no cross-core events; not a TSYNC call's facts)
        "TSYNC": Own("a5", "include/pto/npu/a6/TSync.hpp (TSYNC_IMPL, GetPipeByOpForA6: A5's text)"),
        **{b: Own("a5", _A6_EXTRACT, excluded=("uint8_t", "int4b_t", "hifloat4x2_t")) for b in ("TEXTRACT", "TEXTRACT_FP")},
        **{b: Own("a5", _A6_MATMUL, excluded=("int4b_t", "hifloat4x2_t"), combos=_A6_MAD_PAIRS) for b in _MAD},
        # a6/TQuant.hpp: A5's INT8 (float32 -> int8_t / uint8_t) and MX (CheckTQuantMxTypes) type checks; its own
        # HiF4 form (MxQuantAlg::Hif4: bfloat16 -> float4_e1m2x2_t, grp_axis 1 only) is the one A6 fact the MX
        # rules add per target (PTO966 / PTO977: HIF4 tables); it has no DN interleave form
        "TQUANT": Own("a5", "include/pto/npu/a6/TQuant.hpp (TQUANT_IMPL INT8 forms, CheckTQuantMxTypes: A5's checks; "
                            "CheckTQuantHif4Types)", excluded=("hifloat4x2_t",)),
        **{b: Own("a5", _A6_MATMUL + " (CheckMadMxValid)", excluded=("hifloat4x2_t",), combos=_A6_MX_PAIRS)
           for b in ("TMATMUL_MX", "TGEMV_MX")},
    },
    "kirin9030": {
        "TLOAD": Own("kirin9030", _K9030_LOAD),
        "TSTORE": Own("kirin9030", _K9030_STORE),
        # TSTORE_FP: TSTORE_IMPL(dst, src, fp) (kirin9030/TStore.hpp 285-305): an Acc source (line 290), then
        # CheckStaticAcc<..., true> (an int32 / half accumulator, the quantised output lists)
        "TSTORE_FP": Own("kirin9030", _K9030_STORE),
        "TREM": Own("kirin9030", "include/pto/npu/kirin9030/TRem.hpp (TRemCheck)"),
        "TREMS": Own("kirin9030", "include/pto/npu/kirin9030/TRemS.hpp (TRemSCheck, TREMS_IMPL)"),
        "TSUBS": Own("kirin9030", _K9030_SUBS),
        **{b: Own("kirin9030", _K9030_EXTRACT) for b in ("TEXTRACT", "TEXTRACT_FP")},
        **{b: Own("kirin9030", _K9030_MATMUL) for b in _MATMUL},
        "TMOV": Own("kirin9030", _K9030_MOV),
        # TMOV_FP: TMOV_IMPL(dst, src, fp) (kirin9030/TMov.hpp 491-507; CheckTMovAccValid, fp Scaling)
        "TMOV_FP": Own("kirin9030", _K9030_MOV),
        "TGATHER": Own("kirin9030", _K9030_GATHER),
        "TQUANT": Own("kirin9030", _K9030_QUANT),
        "TSYNC": Own("kirin9030", _K9030_SYNC),
        "TINSERT": Own("kirin9030", _A5_INSERT + " under kirin9030/header.hpp's renames"),
        # TINSERT_FP: a5/TInsert.hpp's fp overload, whose CheckTMovAccValid is kirin9030/common.hpp's (a5/common.hpp
        # shares its include guard): rules/rearrange.py FACTS TINSERT_FP kirin9030
        "TINSERT_FP": Own("kirin9030", "include/pto/npu/a5/TInsert.hpp (TINSERT_IMPL(dst, src, fp)) with "
                                       "kirin9030/common.hpp (CheckTMovAccValid)"),
        **{b: Own("kirin9030", f) for b, f in _A5_ELSE.items()},
        **{b: Own("a5", _A5_FILLPAD) for b in _FILLPAD},
        "TEXPANDS": _A5_EXPANDS_B64,
    },
    # Kirin X90's header.hpp includes Kirin 9030's TSubS.hpp (no #if in it; a5/TBinSOp.hpp, which it uses, is the
    # same text there: ptolint/impls.py finds TADDS, built on it, reused); its type list names no renamed type
    "kirinx90": {"TSUBS": Own("kirin9030", _K9030_SUBS + " (included by kirinX90/header.hpp)"),
                 "TSTORE": Own("kirinx90", _KX90_STORE, excluded=("bfloat16_t",), lineage="a2a3"),
                 **{b: Own("kirinx90", _KX90_EXTRACT, lineage="a2a3") for b in ("TEXTRACT", "TEXTRACT_FP")},
                 "TINSERT": Own("kirinx90", _KX90_INSERT),
                 "TMOV": Own("kirinx90", _KX90_MOV),
                 "TMOV_FP": Own("kirinx90", _KX90_MOV),
                 "TINSERT_FP": Own("kirinx90", _KX90_INSERT_FP),
                 # Kirin 9030's TSync.hpp (kirinX90/header.hpp includes it): its own single-op pipe list
                 "TSYNC": Own("kirin9030", _K9030_SYNC + " (included by kirinX90/header.hpp)"),
                 **{b: Own("kirin9030", _K9030_MATMUL + " (included by kirinX90/header.hpp)") for b in _MATMUL},
                 "TGATHER": Own("kirin9030", _K9030_GATHER + " (included by kirinX90/header.hpp)"),
                 "TQUANT": Own("kirin9030", _K9030_QUANT + " (included by kirinX90/header.hpp)"),
                 **{b: Own("kirin9030", f) for b, f in _A5_ELSE.items()},
                 **{b: Own("a5", _A5_FILLPAD) for b in _FILLPAD},
                 "TEXPANDS": _A5_EXPANDS_B64},
    "kirindev0000": {
        "TLOAD": Own(
            "kirin9030",
            _K9030_LOAD + " (the Kirin 9030 file, included by kirinDev0000/header.hpp)",
        ),
        "TSTORE": Own("kirindev0000", _KDEV_STORE),
        # TSTORE_FP: TSTORE_IMPL(dst, src, fp) (kirinDev0000/TStore.hpp ~285-300): static_asserts an Acc source
        # (line 287); an Acc tile then has no L0C to be copied from (PTO007)
        "TSTORE_FP": Own("kirindev0000", _KDEV_STORE),
        **{b: Own("kirindev0000", _KDEV + f) for b, f in _KDEV_ARITH.items()},
        "TSUBS": Own("kirin9030", _K9030_SUBS + " (included by kirinDev0000/header.hpp)"),
        **{b: Own("kirin9030", _K9030_EXTRACT + " (included by kirinDev0000/header.hpp)")
           for b in ("TEXTRACT", "TEXTRACT_FP")},
        **{b: Own("kirin9030", _K9030_MATMUL + " (included by kirinDev0000/header.hpp)") for b in _MATMUL},
        "TMOV": Own("kirin9030", _K9030_MOV + " (included by kirinDev0000/header.hpp)"),
        "TGATHER": Own("kirin9030", _K9030_GATHER + " (included by kirinDev0000/header.hpp)"),
        "TQUANT": Own("kirin9030", _K9030_QUANT + " (included by kirinDev0000/header.hpp)"),
        "TSYNC": Own("kirin9030", _K9030_SYNC + " (included by kirinDev0000/header.hpp)"),
        "TINSERT": Own("kirindev0000", _A5_INSERT + " under kirinDev0000/header.hpp's renames"),
        **{b: Own("kirindev0000", f) for b, f in _A5_ELSE.items() if b.startswith("TPOW")},
        **{b: Own("a5", _A5_FILLPAD) for b in _FILLPAD},
        "TEXPANDS": _A5_EXPANDS_B64,
    },
}


def own(builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()) -> Own | None:
    """The read own implementation a call of `builtin` on `target` (tiles of `dtypes`) uses, or None: the call
    uses an A2/A3 / A5 file (ptolint.impls.family), an unread file, or an element type the reading leaves out."""
    o = OWN.get(target, {}).get(builtin)
    if o is None or impls.family(builtin, target, dtypes) is not None:
        return None
    if _left_out(o, dtypes):
        return None
    return o


def apart(builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()) -> tuple[str, ...]:
    """The keys `<impl>:<type>` a rule (its `own`) or an executor op (its `own_impls`) must declare to take a call
    whose element types the target's read own file leaves out (`excluded`): such a type is read apart, path by path
    (A6's hifloat4x2_t L1 load: TLoadHif4CubeCheck), and only what declares its key has the facts of those paths;
    () when the call is not of that kind (covered by the reading, another file, or left out otherwise)."""
    o = OWN.get(target, {}).get(builtin)
    if o is None or impls.family(builtin, target, dtypes) is not None:
        return ()
    bad = _left_out(o, dtypes)
    if not bad or any(t not in o.excluded for t in bad):
        return ()
    return tuple(f"{o.impl}:{t}" for t in bad)


def keys(builtin: str, target: str) -> tuple[str, ...]:
    """Every key under which facts of the target's read own file of `builtin` can be held: the reading's and one
    per element type it leaves out (`apart`); () for a builtin the target does not implement in a read own file."""
    o = OWN.get(target, {}).get(builtin)
    if o is None or impls.family(builtin, target) is not None:
        return ()
    return (o.impl, *(f"{o.impl}:{t}" for t in o.excluded))


def _left_out(o: Own, dtypes: tuple[str, ...] | frozenset[str]) -> list[str]:
    """The call's element types the reading does not cover (sorted; empty when it covers the call)."""
    bad = {t for t in dtypes if t in o.excluded or (o.dtypes is not None and t not in o.dtypes)}
    for c in o.combos:
        if c <= set(dtypes):
            bad |= c
    return sorted(bad)


def family(builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()) -> str | None:
    """The family ("a2a3" / "a5") whose facts hold for the call: ptolint.impls.family, or a read own entry keyed by
    a family (a reused file impls.py calls divergent that behaves as in its family after all)."""
    fam = impls.family(builtin, target, dtypes)
    if fam is not None:
        return fam
    o = own(builtin, target, dtypes)
    return o.impl if o is not None and o.impl in impls.FAMILY_TARGETS else None


def impl_key(builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()) -> str:
    """Whose facts a call has: the A2/A3 / A5 family, else the read own file's key, else the target itself."""
    fam = impls.family(builtin, target, dtypes)
    if fam is not None:
        return fam
    o = own(builtin, target, dtypes)
    return o.impl if o is not None else target


def foreign(
    families: tuple[str, ...] | None, builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()
) -> bool:
    """A rule with facts of `families` only does not apply to this call: it uses a read own file that follows the
    other family's code (an A2/A3 type list at a call of Kirin 9030's TLoad.hpp), also for the element types the
    reading leaves out (the file follows that code whatever it was read for)."""
    o = OWN.get(target, {}).get(builtin)
    if o is None or impls.family(builtin, target, dtypes) is not None:
        return False
    return families is not None and o.lineage not in families


def left_out(builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()) -> str | None:
    """Why a call of a read own file has no facts after all (an element type the reading leaves out), or None."""
    o = OWN.get(target, {}).get(builtin)
    if o is None or impls.family(builtin, target, dtypes) is not None:
        return None
    bad = _left_out(o, dtypes)
    if not bad:
        return None
    return f"{target}'s own {builtin} file was read without its paths for calls on {', '.join(bad)} (ptolint/own_impls.py)"

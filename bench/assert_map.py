"""Curated map for bench/assert_coverage.py: header assertions -> the ptolint rules that check them, or the
documented reason they are not checkable.

Each Entry matches assertions of the inventory (bench/assert_inventory.json) by file (fnmatch over the path
relative to include/), owner (fnmatch over "function:Name" / "class:Name" / "file:path"), condition (a regular
expression searched in the short normalised condition), topic, kind, builtin, target and line range (`lines`,
inclusive, in the assertion's own file: pins one assertion where the condition text repeats) and guard (a regular
expression fullmatched against one of the build-mode `#if` conditions around it, e.g. the `__PTO_AUTO__` arm); the
FIRST matching
entry decides. An entry names `rules` (they check the assertion where they run: `rule.targets` decides, so a
rule gaining a target takes its assertions there with it) or a `reason` (a key of REASONS); an entry with
neither records an open item (unmapped) with its `note`. Assertions no entry matches are mapped by provenance
(see bench/assert_coverage.py).

Decisions are made by reading the assertion in the header and the rule's documentation and check function;
`note` says what the decision rests on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    file: str
    owner: str = "*"
    cond: str = ""
    topic: str = ""  # "a|b" alternatives
    kind: str = ""  # static | runtime
    builtin: str = ""  # "A|B": one of them on the assertion's path
    targets: tuple[str, ...] = ()
    lines: tuple[int, int] = ()  # (first, last): the assertion's line in its file lies in this range (inclusive)
    guard: str = ""  # a regular expression matching one of the assertion's guards (#if conditions of unknown value)
    rules: tuple[str, ...] = ()
    reason: str = ""
    note: str = ""


REASONS: dict[str, str] = {
    "target-not-modelled": "target not modelled by ptolint yet: no rule lists it in `targets` (ptolint knows "
                           "a2a3 and a5)",
    "header-constants": "internal consistency of the header's own constants: every value the condition reads is "
                        "fixed by the header itself (a table, a literal argument it passes), none by the kernel",
    "model-compile-error": "ptolint's bundled model header (ptolint/frontend/include) carries the same "
                           "static_assert: a kernel that breaks it does not compile there either and is reported as "
                           "a `parse-error` (at the model's assertion, with its message), not as a rule finding",
    "auto-mode-only": "the assertion is compiled only with `__PTO_AUTO__` (the compiler's automatic buffer placement "
                      "mode); ptolint analyses manual placement (TASSIGN addresses), its bundled model has no auto "
                      "mode and `ptolint info` lists no such macro: an auto-mode kernel is outside what it checks",
    "enable-if-implies": "the function's own `enable_if` (or that of its only caller, the builtin's wrapper in "
                         "common/pto_instr.hpp) admits only template arguments for which the assertion holds: it "
                         "holds wherever the function is instantiated",
    "dispatch-guarded": "the function is instantiated only from an `if constexpr` branch of its caller that tests "
                        "the same condition: no kernel call reaches it with the condition false (at most an "
                        "out-of-range value cast to the enum, which names no enumerator)",
    "tile-dtype-implies": "holds for every arithmetic element type (the PTO element types are integers and "
                          "floating-point types of 1, 2, 4 or 8 bytes); only a non-arithmetic user type as a tile's "
                          "element breaks it, which ptolint does not model as a tile element",
    "buffer-fit-implies": "holds for every tile that fits in its buffer; a tile larger than the buffer has no valid "
                          "placement, and ptolint reports its TASSIGN (PTO901 for the template form, PTO903 for the "
                          "run-time form), not this builtin",
    "vendor-kernels-rely": "a debug-build PTO_ASSERT that the vendor's own ST kernels break on purpose where a "
                           "release build is harmless: ptolint does not report it, so as not to flag code the "
                           "vendor ships as correct (the note names the kernels)",
    "enum-complete": "the condition admits every enumerator of the enum the template argument has (a switch or "
                     "static_assert over an enum the kernel cannot leave): only an out-of-range value cast to the "
                     "enum breaks it",
    "signature-implies": "the builtin's wrapper (common/pto_instr.hpp) takes the operands the assertion compares as "
                         "one template parameter: a kernel cannot pass operands for which it fails",
    "guard-implies": "the enclosing `if constexpr` tests a condition that implies the assertion: it holds wherever "
                     "it is compiled",
    "reference-non-null": "the condition compares with nullptr the address of an operand the builtin's wrapper "
                          "(common/pto_instr.hpp) takes by reference (an array reference decays to the array's "
                          "address): a well-formed call binds the reference to an object, whose address is never "
                          "null",
    "header-ill-formed": "the target's header cannot compile the function the assertion is in: every path to it "
                         "goes through a call of an undeclared name or a redefined function, or the file it is in "
                         "has a definition-time error (a function defined twice, a non-dependent undeclared name) "
                         "(the note names the header lines and the compiler's error), so no kernel reaches the assertion there; the "
                         "kernel fails with a `parse-error` at the header (`--headers real`)",
}

#: rules that check one form's assertions only and cite a file shared with other forms (TExtract.hpp): mapped by
#: the entries below alone, never inferred from provenance for the file's other assertions
CURATED_ONLY = frozenset({"PTO119", "PTO120", "PTO121", "PTO122", "PTO135", "PTO935", "PTO951", "PTO959", "PTO968"})

_TILE = "pto/common/pto_tile.hpp"
_MGS = "pto/npu/*/MGather.hpp|pto/npu/*/MScatter.hpp"
_K_EXTRACT = "pto/npu/kirin9030/TExtract.hpp"
_K_MATMUL = "pto/npu/kirin9030/TMatmul.hpp"
_K_MOV = "pto/npu/kirin9030/TMov.hpp"
_K_GATHER = "pto/npu/kirin9030/TGather.hpp"
_LD2 = "pto/common/arch/memory/tload_common.hpp"
_ST2 = "pto/common/arch/memory/tstore_common.hpp"
_T2 = "pto/npu/a2a3/TStore.hpp"
_LD5 = "pto/common/arch/register/tload_common.hpp"
_ST5R = "pto/common/arch/register/tstore_common.hpp"
_ST5 = "pto/npu/a5/TStore.hpp"
_A2A3_A5 = ("a2a3", "a5")
#: the newer targets whose TLOAD runs A5's common/arch/register/tload_common.hpp checks (own TLoad.hpp files)
_A5_NEW = ("a6", "kirin9030", "kirindev0000")
_KIRINS = ("kirin9030", "kirinx90", "kirindev0000")
_X90 = ("kirinx90",)
_TC = "pto/common/arch/memory/textract_common.hpp"
_X90_EXTRACT = "pto/npu/kirinX90/TExtract.hpp"
_A6_EXTRACT = "pto/npu/a6/TExtract.hpp"
_TI = "pto/common/arch/memory/tinsert_common.hpp"
#: A6's TEXTRACT out of L0C (branch a6): every path through a6/TExtract.hpp's L0C copies fails to compile there
_A6_L0C = ("every path to it copies out of L0C (TExtractAccToMat / TExtractAccToVec), whose intrinsic wrappers "
           "pto_copy_matrix_cc_to_cbuf / _ub common/arch_cce_intrinsic.hpp declares for A5 and the Kirins only: PTO010 "
           "reports every such call on A6 (form l0c-copy, rules/availability.py; branch a6)")
_X90_INSERT = "pto/npu/kirinX90/TInsert.hpp"
#: Kirin 9030's CheckTMovAccValid (kirin9030/common.hpp 113-149, the Kirin 9030 build only) and where it runs: the Acc
#: TMOV_IMPL overloads of kirin9030/TMov.hpp, the Acc TEXTRACT forms of kirin9030/TExtract.hpp and, as a5/common.hpp
#: shares kirin9030/common.hpp's include guard (COMMON_HPP), the Acc TINSERT / TINSERT_FP overloads of a5/TInsert.hpp
#: (rules/rearrange.py FACTS TMOV(relu) / TMOV(quant) / TMOV(AccToVecMode[, quant]) / TINSERT(Acc) /
#: TINSERT(AccToVecMode) / TINSERT_FP kirin9030, _ACC_K9030, branch cur9030; fixture KIRIN_9030/own_file_checks.cpp)
_K9_COMMON = "pto/npu/kirin9030/common.hpp"
_K9_FORMS = ("the plain TMOV (rules/tmov.py PATHS kirin9030), TMOV_FP, the relu / STPhase, AccToVecMode and "
             "quantised TMOV forms, the Acc TINSERT / TINSERT_FP forms (rules/rearrange.py _ACC_K9030) and every "
             "TEXTRACT form (rules/textract.py kirin9030)")

ENTRIES: list[Entry] = [
    # --- branch rest: Kirin 9030's GetDualDstCtl (PTO105), A5's narrowed to the TMOV / TINSERT mode forms, and the
    # PadValueMap gaps per target (pto::int4b_t everywhere, the fp8 types on Kirin Dev0000) ---
    Entry("pto/npu/kirin9030/common.hpp", "function:GetDualDstCtl", cond=r"quantPre", targets=("kirin9030",),
          rules=("PTO105",),
          note="line 156: a dual split mode (DualModeSplitM / SplitN) without quantisation; its one caller is "
               "TExtractAccToVec (kirin9030/TExtract.hpp:297), reached by the TEXTRACT mode forms (lines 779-872): "
               "the plain form's GetCastPreQuantMode is NoQuant (it static_asserts the same type, lines 63-69), the "
               "scalar / fp forms' GetScalarPreQuantMode / GetVectorPreQuantMode (lines 71-100) give NoQuant for "
               "no pair of two different types CheckTMovAccValid admits: PTO105 reports a dual mode whose dst type "
               "differs from the Acc source's on Kirin 9030 (as on A5); its DN twin (line 157) cannot fail, every "
               "mode form static_asserts a RowMajor / NoneBox dst first"),
    Entry("pto/npu/a5/common.hpp", "function:GetDualDstCtl", cond=r"quantPre", targets=_A2A3_A5,
          rules=("PTO105", "PTO127", "PTO038"),
          note="line 187, a dual split mode without quantisation, reached from TEXTRACT (a5/TExtract.hpp:459; PTO105: "
               "dst type == Acc type), TMOV (a5/TMov.hpp:191) and TINSERT (a5/TInsert.hpp:63): TMOV's quantising mode "
               "forms reject a dual mode themselves (PTO127); its plain mode form (TMov.hpp 843-853) takes "
               "GetCastPreQuantMode (common.hpp 73-82), F322F16 / F322BF16 for a half / bfloat16_t dst, and "
               "TINSERT's plain / preQuantScalar / fp mode forms (TInsert.hpp 158-219, no single-mode assert) the "
               "cast / scalar / vector quant modes: PTO038 (branch padmisc)"),
    Entry("pto/common/constants.hpp", "class:PadValueMap", targets=("a2a3", "kirinx90"), rules=("PTO036",),
          note="line 282. Every element type A2/A3 has (int8..uint64, half, bfloat16_t, float; ArchTraits<A2A3> "
               "SupportsFp8 false, arch_capability.hpp 83-91) has an entry for each of Null / Zero / Min / Max "
               "(constants.hpp 286-448; custom pad values bypass the map, GetPadValue 482-494), and TLOAD admits only "
               "those (CheckNormalTileData, memory/tload_common.hpp 302-310; Kirin X90's TLOAD compiles nowhere, its "
               "TLoad.hpp calls an undeclared TLOAD_TILE_IMPL, and its header.hpp renames the fp8 names to int8_t); the "
               "gap is pto::int4b_t (common/type.hpp:109, "
               "sizeof 1, every build): the Vec TFILLPAD forms read GetPadValue unconditionally (a2a3/TFillPad.hpp "
               "189, 236; a5/TFillPad.hpp:66 on Kirin X90) after sizeof-only checks: PTO036 (branch padmisc)"),
    Entry("pto/common/constants.hpp", "class:PadValueMap", targets=("a5", "kirin9030", "kirindev0000"),
          rules=("PTO035", "PTO036"),
          note="line 282. Every arithmetic element type the target has has an entry for each PadValue (constants.hpp "
               "286-448; A5's fp8 / fp4 types 450-475; Kirin 9030 renames the bfloat16 / fp8 / fp4 names to half / "
               "int8_t / int64_t, kirin9030/header.hpp 13-19); the gaps: pto::int4b_t (common/type.hpp:109, sizeof "
               "1) everywhere, and on Kirin Dev0000 float8_e4m3_t, float8_e5m2_t and hifloat8_t (its header.hpp "
               "renames only float8_e8m0_t and the fp4 names, lines 13-15; the entries are A5-only). TLOAD "
               "(register/tload_common.hpp:110 for a Vec PadVal != Null; a5/TLoad.hpp 437 / 495 and kirin9030/"
               "TLoad.hpp 130 / 181 for ND / DN L1 loads with Max / Min): PTO035; the Vec TFILLPAD forms "
               "(a5/TFillPad.hpp:66, unconditional): PTO036 (branch padmisc)"),
    # --- end of branch rest ---
    # --- branch x90tmov / x90mov: kirinX90/common.hpp CheckTMovAccValid (lines 19-52) and kirin9030/common.hpp
    # GetCastPreQuantMode on Kirin X90, per line: TEXTRACT calls the check with isCastQuant = false (every form:
    # PTO105 / PTO108 / PTO109, rules/textract.py); TINSERT with false (plain Acc branch, which takes every pair but
    # Vec -> Vec / Mat, and relu) or true (scalar / vector quantised): rules/rearrange.py FACTS TINSERT(Acc) /
    # TINSERT(AccToVecMode) / TINSERT_FP kirinx90 (PTO310-314); X90's TMOV: the plain form's Acc branch (true) PTO930 /
    # PTO932 / PTO934 (rules/tmov.py PATHS kirinx90), the relu / STPhase (true, then GetCastPreQuantMode: both type
    # lists), scalar-quantised (true), AccToVecMode (false) forms and TMOV_FP (true): FACTS TMOV(relu) / TMOV(quant) /
    # TMOV(AccToVecMode) / TMOV_FP kirinx90 (PTO310-314). (kirinX90/TMov.hpp itself is header-ill-formed, below: the
    # rules judge the calls as the file is written, as for the plain form) ---
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(19, 19), targets=_X90,
          rules=("PTO109", "PTO312"),
          note="an Acc source: TEXTRACT's relu / quantised / fp / mode forms (PTO109; its plain form reaches the check "
               "only from its Acc branch), TINSERT's pairs other than Vec -> Vec / Mat and its relu / quantised forms, "
               "the relu / STPhase / scalar-quantised / AccToVecMode TMOV forms and TMOV_FP (PTO312); the plain TMOV "
               "calls it from its Acc branch only"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(20, 20), targets=_X90,
          rules=("PTO109", "PTO312", "PTO930"),
          note="a Mat or Vec destination: TEXTRACT (PTO109), TINSERT and the TMOV forms / TMOV_FP (PTO312; the "
               "AccToVecMode TMOV: Vec only), the plain TMOV from L0C (PTO930, ONLY_SRC kirinx90)"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(23, 23), targets=_X90,
          rules=("PTO314", "PTO934", "PTO003", "PTO004"),
          note="the destination's rows whole 32-byte blocks: TINSERT and the TMOV forms / TMOV_FP (PTO314, cols32 of "
               "FACTS kirinx90: e.g. a 16-column int8 NZ tile of 1024-byte fractals, which the Tile admits), the "
               "plain TMOV (PTO934, dst_cols_bytes); TEXTRACT's destination has the accumulator's half / int32 type "
               "(line 44, PTO105) and an ND or NZ layout (line 52, PTO108), whose Tile invariants are 32-byte rows "
               "(PTO003 ND, PTO004 NZ: 16-column boxes of 2- and 4-byte types)"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(26, 26), targets=_X90,
          rules=("PTO108", "PTO313", "PTO934"),
          note="an NZ source: TEXTRACT (PTO108), TINSERT / the TMOV forms / TMOV_FP (PTO313), plain TMOV (PTO934)"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(28, 28), targets=_X90,
          rules=("PTO105", "PTO310", "PTO932"),
          note="a half or int32_t source: TEXTRACT (PTO105), TINSERT / the TMOV forms / TMOV_FP (PTO310), plain TMOV "
               "(PTO932)"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(33, 38), targets=_X90,
          rules=("PTO310", "PTO932"),
          note="the isCastQuant lists (half / uint8 / int8 / int16 for a half or int32 source): reached by X90's TMOV "
               "(plain: PTO932; relu / STPhase, scalar-quantised, TMOV_FP: PTO310, QUANT_X90 with acc_x90 'cast' for "
               "relu) and the quantised TINSERT / TINSERT_FP forms (PTO310); TEXTRACT never sets it"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(44, 48), targets=_X90,
          rules=("PTO105", "PTO311"),
          note="the unquantised branch (the destination of the half / int32 source's type, so half or int32): "
               "TEXTRACT's every form (PTO105, ACC_CONV kirinx90), TINSERT's plain / relu / AccToVecMode forms and "
               "X90's TMOV<..., AccToVecMode> (PTO311, acc_x90 unquantised; the source list of line 28 is PTO310's)"),
    Entry("pto/npu/kirinX90/common.hpp", "function:CheckTMovAccValid", lines=(52, 52), targets=_X90,
          rules=("PTO108", "PTO313", "PTO934"),
          note="an ND (NoneBox) or NZ destination: TEXTRACT (PTO108), TINSERT / the TMOV forms / TMOV_FP (PTO313, "
               "layout_in), plain TMOV (PTO934)"),
    Entry("pto/npu/kirin9030/common.hpp", "function:GetCastPreQuantMode", targets=_X90,
          rules=("PTO105", "PTO311", "PTO932"),
          note="an L0C copy without quantisation keeps the type: on Kirin X90 TEXTRACT's plain / relu forms (PTO105), "
               "TINSERT's plain Acc branch and relu form, the relu / STPhase and AccToVecMode TMOV forms (PTO311: "
               "dst of the source's type), the plain TMOV (PTO932: half -> half); X90's L0C TSTORE takes its own "
               "GetCastPreQuantModeGm (kirinX90/TStore.hpp:17), not this one"),
    # --- end of branch x90tmov / x90mov ---
    # --- branch x90: Kirin X90's own TInsert.hpp: the Acc-source windows (PTO332), the NZ Vec -> Vec row (PTO125),
    # the fp tile (PTO312), the NZ Vec -> Mat row bound of a row-major-blocked L1 tile (PTO318) ---
    Entry(_X90_INSERT, "function:TInsertAccToVec|function:TInsertAccToMat", kind="runtime", topic="index",
          targets=_X90, rules=("PTO332",),
          note="every Acc-source TINSERT / TINSERT_FP overload (TINSERT_IMPL lines 383-470) ends in these copies: "
               "Acc -> Mat bounds indexRow + Src::Rows by Dst::Rows and indexCol + the valid columns rounded up to "
               "C0 (nSize, lines 184-195) by Dst::Cols; Acc -> Vec indexRow + the valid rows (an NZ dst: Src::Rows, "
               "line 146) and indexCol + the rounded valid columns (lines 133-154) (lines 164-165): PTO332's Kirin "
               "X90 branch computes the same window; the vendor's tinsert_acc2vec and tmov_acc2mat ST kernels keep "
               "it (verified)"),
    Entry(_X90_INSERT, "function:TInsertVecToMatImpl", cond=r"<= dstRow$", targets=_X90, rules=("PTO318",),
          note="an NZ source into L1 (line 320): indexRow + valid rows within dstRow, Dst::Rows for a BLayout::ColMajor "
               "destination and Dst::Cols for a BLayout::RowMajor one (lines 321-323): PTO318 checks both on Kirin "
               "X90 (whenever something is copied, as for line 313)"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", cond=r"% FRACTAL_NZ_ROW == 0$", targets=_X90, rules=("PTO125",),
          note="NZ TINSERT Vec -> Vec: indexRow a multiple of 16 (line 345): PTO125 checks it for TINSERT (a debug-only "
               "trap, a release build places the exact rows; unlike TEXTRACT's twin no vendor ST kernel breaks it: "
               "Kirin X90's tinsert kernel inserts NZ UB tiles at rows 0 and 16)"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", cond=r"^FpTileData::Loc == TileType::Scaling$", targets=_X90,
          rules=("PTO312",),
          note="the vector-quantised overload (lines 429-445; TINSERT_FP's wrapper and the fp TINSERT<..., "
               "AccToVecMode> forward to it): fp a Scaling tile (FACTS TINSERT_FP / TINSERT(AccToVecMode) kirinx90)"),
    Entry(_X90_EXTRACT, "function:TExtractVecToMat", cond=r"^\(SrcTile::isRowMajor && SrcTile::SFractal == ",
          targets=_X90, rules=("PTO107",),
          note="Vec -> Mat copies ND -> ND or NZ -> NZ only (lines 112-117): TEXTRACT_TILE_IMPL's Vec -> Mat branch "
               "(line 156) calls it for any pair, PTO107 checks the pair (its copy is not modelled); X90's TMOV "
               "(kirinX90/TMov.hpp lines 380-395) calls it only from the branches that test those two pairs, any "
               "other pair reaches its own static_assert instead"),
    # --- end of branch x90 ---
    # --- branch cur9030 (issue 13 item 4): the assertions of Kirin 9030's own files (and the shared register
    # tstore_common.hpp as Kirin 9030's TSTORE reaches it) the provenance inference credited on kirin9030 / kirinx90,
    # read one by one; each rule verified with a kernel that breaks the assertion (`ptolint check -t kirin9030`) ---
    Entry(_K9_COMMON, "function:GetCastPreQuantMode", targets=("kirin9030",), rules=("PTO932", "PTO311", "PTO105"),
          note="line 65, an unquantised L0C copy keeps the type; every caller runs CheckTMovAccValid<..., false> "
               "first (line 137, the same condition): the plain TMOV (PTO932), the relu / AccToVecMode TMOV and the "
               "plain / relu / mode TINSERT forms (PTO311), every unquantised TEXTRACT form (PTO105); the inferred "
               "PTO932 covered the plain TMOV only"),
    Entry(_K9_COMMON, "function:CheckTMovAccValid", lines=(117, 117), targets=("kirin9030",),
          rules=("PTO312", "PTO109"),
          note="an Acc source, where a form reaches the check with another source: TMOV_FP, the relu / AccToVecMode / "
               "quantised TMOV forms, the relu / quantised / mode TINSERT forms and TINSERT_FP (PTO312), TEXTRACT's "
               "relu / mode / quantised / fp forms (PTO109); the plain TMOV / TINSERT / TEXTRACT call it from their "
               "Acc branch only. Checked on: " + _K9_FORMS),
    Entry(_K9_COMMON, "function:CheckTMovAccValid", lines=(118, 118), targets=("kirin9030",),
          rules=("PTO934", "PTO313", "PTO108"),
          note="an NZ Acc source: the plain TMOV (PTO934, src_nz), the other TMOV / TINSERT forms and TMOV_FP / "
               "TINSERT_FP (PTO313), TEXTRACT (PTO108). Checked on: " + _K9_FORMS),
    Entry(_K9_COMMON, "function:CheckTMovAccValid", lines=(121, 121), targets=("kirin9030",),
          rules=("PTO932", "PTO310", "PTO105"),
          note="a half or int32_t source: the plain TMOV (PTO932), the other TMOV / TINSERT forms (PTO310), TEXTRACT "
               "(PTO105, with PTO104 for the plain form). Checked on: " + _K9_FORMS),
    Entry(_K9_COMMON, "function:CheckTMovAccValid", lines=(126, 131), targets=("kirin9030",),
          rules=("PTO310", "PTO105"),
          note="the isQuant lists (half / int8 / uint8 / int16 for a half or int32 source; int32 -> int32 is not among "
               "them): TMOV_FP, the preQuantScalar / fp TMOV forms, the quantised TINSERT forms and TINSERT_FP "
               "(PTO310: QUANT_K9030), TEXTRACT's preQuantScalar / fp forms (PTO105); the plain TMOV (the inferred "
               "PTO932) never sets isQuant"),
    Entry(_K9_COMMON, "function:CheckTMovAccValid", lines=(137, 141), targets=("kirin9030",),
          rules=("PTO932", "PTO311", "PTO105"),
          note="lines 137 and 141, unquantised: dst of the source's type, half or int32 (line 141 fails only where "
               "line 121 or 137 does: PTO932 / PTO310 / PTO105 report the source type there): the plain TMOV (PTO932), "
               "the relu / AccToVecMode TMOV and the plain / relu / mode TINSERT forms (PTO311), TEXTRACT's plain / "
               "relu / mode forms (PTO105)"),
    Entry(_K9_COMMON, "function:CheckTMovAccValid", lines=(145, 145), targets=("kirin9030",),
          rules=("PTO934", "PTO313", "PTO108"),
          note="an ND, DN or NZ destination (a ZN one fails): the plain TMOV (PTO934, dst_layouts), the other TMOV / "
               "TINSERT forms and TMOV_FP / TINSERT_FP (PTO313, layout_in), TEXTRACT (PTO108). Checked on: "
               + _K9_FORMS),
    Entry(_K9_COMMON, "function:GetDualDstCtl", lines=(157, 157), targets=("kirin9030",), rules=("PTO108",),
          note="a dual split mode into a DN (column-major NoneBox) dst: its one caller TExtractAccToVec is reached with "
               "a dual mode only by TEXTRACT's AccToVecMode forms, which static_assert an ND dst first (TExtract.hpp "
               "776, 800, 851): PTO108 reports the DN dst there (verified)"),
    Entry(_K_GATHER, "function:CheckValid", cond=r"^T == U$", targets=("kirin9030", "kirinx90", "kirindev0000"), rules=("PTO992",),
          note="line 35: the index form's src0 of dst's type (FACTS same src0 / dst; verified on both)"),
    Entry(_K_GATHER, "function:TGATHER_IMPL", topic="dtype-equal", targets=("kirin9030", "kirinx90", "kirindev0000"),
          rules=("PTO992",), note="line 258: the mask form's dst and src of one element size (same_size; verified)"),
    Entry(_K_GATHER, "function:TGATHER_IMPL", topic="location", targets=("kirin9030", "kirinx90", "kirindev0000"), rules=("PTO993",),
          note="line 259: the mask form's dst and src in Vec (FACTS vec; verified)"),
    Entry(_K_GATHER, "function:TGATHER_IMPL", topic="layout", targets=("kirin9030", "kirinx90", "kirindev0000"), rules=("PTO994",),
          note="line 261: the mask form's dst and src row-major (FACTS row_major; verified)"),
    Entry("pto/npu/kirin9030/TRem.hpp", "function:TRemCheck", topic="dtype", targets=("kirin9030",),
          rules=("PTO601",), note="line 183: half / float / (u)int16 / (u)int32 (FACTS TREM kirin9030, A5_FMOD)"),
    Entry("pto/npu/kirin9030/TRem.hpp", "function:TRemCheck", topic="layout", targets=("kirin9030",),
          rules=("PTO603",), note="line 187: dst, src0 and src1 row-major (verified with a column-major src1)"),
    Entry("pto/npu/kirin9030/TRem.hpp", "function:TRemCheck", topic="dtype-equal", targets=("kirin9030",),
          rules=("PTO602",), note="line 190: src0, src1 of dst's type (verified)"),
    Entry("pto/npu/kirin9030/TRem.hpp", "function:TRemCheck", kind="runtime", targets=("kirin9030",),
          rules=("PTO604", "PTO610"),
          note="lines 195, 198: each source's valid shape equal to dst's: PTO604 a source smaller, PTO610 the other "
               "differences (a source larger); verified for src0 and src1 (the inferred credit of line 198 named "
               "PTO610 only)"),
    Entry("pto/npu/kirin9030/TRemS.hpp", "function:TRemSCheck|function:TREMS_IMPL", targets=("kirin9030",),
          topic="dtype-equal", rules=("PTO702",), note="line 84: src of dst's type (TABLE TREMS kirin9030 same)"),
    Entry("pto/npu/kirin9030/TRemS.hpp", "function:TRemSCheck", topic="dtype", targets=("kirin9030",),
          rules=("PTO701",), note="line 85: 2- or 4-byte elements (sizes (2, 4): int8 and int64 reported, verified)"),
    Entry("pto/npu/kirin9030/TRemS.hpp", "function:TRemSCheck", topic="location", targets=("kirin9030",),
          rules=("PTO703",), note="line 86: dst and src in Vec (verified with a Mat src)"),
    Entry("pto/npu/kirin9030/TRemS.hpp", "function:TREMS_IMPL", kind="runtime", targets=("kirin9030",),
          rules=("PTO704",), note="line 102: src's valid shape equal to dst's, both directions (equal=_RC; verified)"),
    Entry("pto/npu/kirin9030/TSubS.hpp", "function:TSUBS_IMPL", topic="dtype", targets=("kirin9030", "kirinx90", "kirindev0000"),
          rules=("PTO701",), note="line 47: dst (u)int8/16/32, half, float (K9030_SUBS; int64 reported, verified)"),
    Entry("pto/npu/kirin9030/TSubS.hpp", "function:TSUBS_IMPL", topic="location", targets=("kirin9030", "kirinx90", "kirindev0000"),
          rules=("PTO703",), note="line 52: dst and src in Vec (verified)"),
    Entry("pto/npu/kirin9030/TSubS.hpp", "function:TSUBS_IMPL", kind="runtime", targets=("kirin9030", "kirinx90", "kirindev0000"),
          rules=("PTO704",), note="lines 62, 63: src's valid rows / cols equal to dst's, both directions (equal=_RC; "
                                  "verified with a short source and a short dst)"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticAcc", cond=r"^caps::IsSInt32<TileData::DType>",
          targets=("kirin9030",), rules=("PTO954",),
          note="line 61, an int32 / half accumulator: PTO954 (ACC_TILE_TYPES kirin9030) for every TSTORE form from L0C "
               "and TSTORE_FP (TSTORE_IMPL(dst, src, fp), line 295; own_impls kirin9030 TSTORE_FP, branch cur9030; "
               "fixture KIRIN_9030/own_file_checks.cpp); the inferred PTO957 (atomic add) does not judge it"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticVec", cond=r"^sizeof\(TileData::DType\) == sizeof",
          targets=("kirin9030",), rules=("PTO952",), note="line 99: equal element sizes of tile and tensor (verified)"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticVec", cond=r"IsTypeSupported", targets=("kirin9030",),
          reason="tile-dtype-implies",
          note="line 102: caps::IsTypeSupported is any floating-point or integer type (arch_capability.hpp 354-362), "
               "i.e. every element type a Tile admits (the inferred PTO954 / PTO957 judge L0C outputs and atomics)"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticVec", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)",
          targets=("kirin9030",), rules=("PTO953",),
          note="line 105: ND / DN / NZ pairs or a one-row / one-column tile (LAYOUT_PAIRS TSTORE Vec; verified with a "
               "DN tensor and an ND tile; the inferred PTO027 judges extents)"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticVec", cond=r"% BLOCK_BYTE_SIZE == 0",
          targets=("kirin9030",), rules=("PTO003", "PTO953"),
          note="lines 115, 121: with line 105 passed (PTO953), an ND store's tile is row-major (its Cols * sizeof a "
               "32-byte multiple) or a one-column column-major tile (Rows * sizeof), a DN store's the transpose: the "
               "Tile class's 32-byte line of that tile (PTO003; verified with 16-byte lines); the inferred PTO969 "
               "(burst length) does not judge it"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticVec", cond=r"^GlobalData::layout == pto::Layout::NZ$",
          targets=("kirin9030",), rules=("PTO953",),
          note="line 127, a Vec store into a tensor layout other than ND / DN / NZ: a tile of several rows and columns "
               "fails line 105 first, a one-row / one-column tile passes it and fails here: PTO953 (VEC_STORE_LAYOUTS "
               "kirin9030, branch cur9030; fixture KIRIN_9030/own_file_checks.cpp: a one-row tile into an NCHW "
               "tensor); the inferred PTO027 judges extents"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:TSTORE_IMPL", topic="location", lines=(215, 266),
          targets=("kirin9030",), rules=("PTO950",),
          note="lines 215 (plain TSTORE: Vec or Acc), 244 and 266 (the ReluPreMode and preQuantScalar overloads: Acc): "
               "verified with a Mat tile and with Vec tiles in the relu and quantising forms"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:TSTORE_IMPL", topic="location", lines=(290, 290),
          targets=("kirin9030",), rules=("PTO312",),
          note="line 290, TSTORE_FP (TSTORE_IMPL(dst, src, fp)) from an Acc tile: PTO312 (FACTS TSTORE_FP kirin9030, "
               "own_impls kirin9030 TSTORE_FP, branch cur9030; fixture KIRIN_9030/own_file_checks.cpp; before, no rule "
               "ran for Kirin 9030's TSTORE_FP); the inferred PTO950 runs on TSTORE, not TSTORE_FP"),
    Entry(_ST5R, "function:TStoreAccNZ|function:TStoreVecNZ", kind="static", cond=r"staticShape\[[34]\]",
          targets=("kirin9030",), rules=("PTO959",),
          note="lines 70, 73, 310, 321 (as on A5): Vec / L0C -> NZ staticShape[3] == 16 and staticShape[4] by the "
               "output type: PTO959 runs on Kirin 9030's TSTORE (global_tensor.py OWN; verified with 17 x 16 and "
               "16 x 8 half fractals, Vec and Acc); the inferred PTO952 (element sizes) does not judge it"),
    Entry(_ST5R, "function:TStoreAccNZ|function:TStoreVecNZ", kind="runtime", cond=r"^valid(Row|Col) == ",
          targets=("kirin9030",), rules=("PTO027",),
          note="lines 66-67, 324-325: the valid region against an NZ tensor's extents (LAYOUT_EXTENTS kirin9030 Vec / "
               "Acc NZ, definite; verified with a 16 x 32 tile into a 16 x 16 tensor); the inferred PTO969 does not "
               "judge NZ copies"),
    Entry(_ST5R, "function:TStoreAccNHWC|function:TStoreAccNCHW", targets=("kirin9030",), rules=("PTO953",),
          note="lines 126-182: Kirin 9030's every L0C store form runs CheckStaticAcc first, which static_asserts an ND "
               "or NZ tensor (kirin9030/TStore.hpp:64): a kernel that reaches the NHWC / NCHW copies fails there, and "
               "PTO953 reports it (ACC_STORE_LAYOUTS kirin9030; verified with an NCHW tensor); the inferred PTO969 / "
               "PTO956 / PTO027 do not run for these layouts"),
    # --- end of branch cur9030 ---
    # --- branch shared: A2/A3 TLOAD bursts (PTO969 on Vec and L1), MSCATTER atomic types (PTO990), in-place bitwise ops (PTO707), A5 ZZ TMOV (PTO128), ConvTile TLOAD shapes (PTO030) and fills (PTO728), one-row L0A copies (PTO123 / PTO935), fp4 Vec windows (PTO137 / PTO138), A2/A3 TSTORE types (PTO951), TPRINT box order (PTO031), L1 vector lines (PTO956), TSYNC, TRANDOM ---
    Entry(_LD2, "function:TLoadGm2ubNd2nd|function:TLoadGm2ubDn2dn", kind="runtime",
          cond=r"^validCol == gShape4$|^validRow == gShape3$", targets=("a2a3",), rules=("PTO969",),
          note="UB ND / DN loads: a burst longer than the line (PTO969, definite); a shorter one (debug trap, rows "
               "shifted in release builds) is what the vendor's A2/A3 ST kernels tcmp, tcmps and trowexpand* load "
               "(16 valid columns of 32-element lines, DN tiles of 1 valid row over 8-row lines): not reported"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadGm2L1Nd2nd|function:TLoadGm2L1Dn2dn", kind="runtime",
          cond=r"^validCol == gShape4$|^validRow == gShape3$", targets=("a2a3",), rules=("PTO969",),
          note="L1 ND / DN loads (a2a3/TLoad.hpp:108, 147; lenBurst = valid columns / rows, gmGap = Stride - Shape "
               "in 32-byte blocks, as the UB copy): a burst longer than the line (PTO969); the shorter one as above"),
    Entry("pto/npu/a2a3/MScatter.hpp|pto/npu/a5/MScatter.hpp", "function:MScatterCheck", cond=r"Atomic",
          targets=_A2A3_A5, rules=("PTO990",),
          note="the atomic op's src types (IsValidMScatterAtomic a2a3/MScatter.hpp:29-35: Add int8 / int16 / int32 / "
               "half / bfloat16 / float, no Max / Min; IsValidScatterAtomic a5/MScatter.hpp:31-39: Add int32 / "
               "uint32 / float / half / bfloat16, Max / Min int32 / uint32 / float): SCATTER_ATOMIC"),
    Entry("pto/npu/a2a3/TSync.hpp", "*Event*", cond=r"(src|dst)Pipe != PIPE_ALL\)?$", targets=("a2a3",),
          reason="model-compile-error",
          note="a2a3/TSync.hpp:67-68 `IsCrossCore || pipe != PIPE_ALL`: only Op::OP_COUNT (the enum's sentinel) "
               "has no PTO_DEFINE_OP_PIPE entry in common/event.hpp (OpPipeEntry's primary template: PIPE_ALL); "
               "the model's Event asserts the same with A2/A3's IsCrossCore (PTOLINT_CROSS_CORE_CHECKS is 1 on "
               "A2/A3, ptolint/frontend/include/pto/common/event.hpp)"),
    Entry(_TILE, "function:GetTileOffset", cond=r"^is_tile_data_v<TileT>$", targets=_A2A3_A5,
          reason="dispatch-guarded",
          note="GetTileOffset's only caller is PrintTileRow (a2a3/TPrint.hpp:80, a5 includes it) <- TPrintTileImpl "
               "<- TPRINT_IMPL(src) inside `if constexpr (is_tile_data_v<T>)` (a2a3/TPrint.hpp:217-222); the "
               "(src, tmp) form reaches it after static_assert(is_tile_data_v<TileData>) (line 306)"),
    Entry("pto/npu/a2a3/TBitwiseSOp.hpp|pto/npu/a2a3/TXor.hpp", "function:T*_IMPL|function:TXorCheck",
          topic="aliasing", targets=("a2a3",), rules=("PTO707",),
          note="dst / src (/ tmp) data() apart (TBitwiseSOp.hpp:102, 114, 126; TXor.hpp:43): PTO707 reports two "
               "operands certainly at one address (the same tile, one TASSIGN placement, equal constant addresses); "
               "placements at run-time addresses are not compared"),
    Entry("pto/npu/a5/TMov.hpp", "function:CommonCheckZZ|function:TMovNdTo2Zz|function:TMovDnTo2Zz", kind="static",
          targets=("a5",), rules=("PTO128",),
          note="TMOV(dst, src, tmp) with tmp not in Scaling (TMOV_IMPL's enable_if, a5/TMov.hpp:813-826): dst "
               "uint8 / hifloat8 / e8m0, src and tmp of its type (CommonCheckZZ 269, 272), src RowMajor + NoneBox, "
               "dst RowMajor + SLayout RowMajor (387 / 390, 458 / 461): ZZ_TYPES, zz_form_problems"),
    Entry("pto/npu/a5/TRandom.hpp", "function:TRANDOM_IMPL", cond=r"nullptr", targets=("a5",),
          reason="reference-non-null",
          note="TRANDOM(dst, TRandomKey& key, TRandomCounter& counter) (pto_instr.hpp:720) and TRANDOM_IMPL (a5/"
               "TRandom.hpp:148) take key / counter by reference to uint32_t arrays (common/type.hpp:438-439: "
               "`using TRandomKey = uint32_t[...]`); `key != nullptr` (line 155) compares the decayed array address"),
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:TLoad5HD|function:TLoadNHWC|function:TLoadNCHW|"
          "function:TLoadNCHW2FractalZ|function:TLoadNCDHW2NDC1HWC0|function:TLoadNCDHW2FractalZ3D", kind="runtime",
          targets=("a5", "a6"), rules=("PTO030",),
          note="the ConvTile copies' shape / stride asserts (a5/TLoad.hpp 587-590, 633-636, 686, 729, 782, 819; A6's "
               "same copies a6/TLoad.hpp 664-667, 710-713, 763, 806, 859): CONV_SHAPES a5 / a6 (static ConvTileShape "
               "against the tensor's run-time extents; a DYNAMIC ConvTile dimension is not compared; A6 has no "
               "TLoad5HD of its own: common/arch/register/tload_common.hpp:68 declares it, no A6 file defines it)"),
    Entry("pto/common/arch/register/tload_common.hpp", "function:TLoadFractalZ", kind="runtime",
          cond=r"^srcShape1 == dstShape0", targets=("a5", "a6", "kirin9030", "kirindev0000"), rules=("PTO030",),
          note="4-D fractal-Z ConvTile [C1HW, N/16, 16, C0] against the tensor's Shape1..4 (line 406); A5's, A6's "
               "and Kirin 9030's TLOAD_CONVTILE_IMPL call it (a6/TLoad.hpp:925, kirin9030/TLoad.hpp:299, Kirin "
               "Dev0000 compiles that file)"),
    Entry("pto/npu/kirin9030/TLoad.hpp", "function:TLoad5HD", kind="runtime", targets=("kirin9030", "kirindev0000"),
          rules=("PTO030",), note="NC1HWC0 / 5-D FRACTAL_Z: the tensor's Shape0..3 equal to the ConvTile's (line 247)"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadFractalZ", kind="runtime", targets=("a2a3",), rules=("PTO030",),
          note="the non-4-D branch (272, 275): Shape1 / Shape2 equal to the ConvTile's dims 1 / 2, its dim 3 <= 65535"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadNDC1HWC0|function:TLoad5HD", kind="runtime", targets=("a2a3",),
          rules=("PTO030",),
          note="dstH <= 4095 / dstW <= 65535 asserted on the strided path only (a2a3/TLoad.hpp 76-77, 225-226), which "
               "the copy takes unless the tensor's rows are dense (Stride == W * C0 or H == 1), the C1 plane gap "
               "fits 16 bits in 32-byte blocks, C1 <= 4095 and H * W <= 65535 (lines 61-62, 212-213): PTO030's "
               "burst_hw facts (CONV_SHAPES a2a3 NC1HWC0 / NDC1HWC0) with the ConvTile's static C1 / H / W and the "
               "tensor's run-time strides; executor _a2a3_plane_copy (branch padmisc)"),
    Entry("pto/npu/a2a3/TExpandS.hpp", "function:TExpandsMat5HD", kind="runtime", targets=("a2a3",),
          rules=("PTO728",), note="the ConvTile fill count uint16_t(GetShape(0..4) product * sizeof / 32) within [1, "
                                  "32767] (line 127; -1 past the ConvTile's dimensions): conv_fill_blocks"),
    Entry("pto/npu/a5/TExpandS.hpp", "function:TExpandsConvTile", kind="runtime",
          targets=("a5", "kirin9030", "kirindev0000"), rules=("PTO728",),
          note="the ConvTile fill count over GetShape(0..4) (NC1HWC0 / FRACTAL_Z, line 128) or 0..5 (NDC1HWC0 / "
               "FRACTAL_Z_3D, line 138) within [1, 32767]; the Kirins include a5/TExpandS.hpp (PTO728 runs there)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractToAVector", kind="static", targets=("a5",), rules=("PTO935",),
          note="the one-row L1 -> L0A copy (TEXTRACT, and TMOV through TMovToLeft): src / dst Cols % fractalSize, "
               "512 / sizeof (1024 for the packed fp4 types) (lines 179-180; l0_copy_units a5)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractToAVector", kind="runtime", targets=("a5",), rules=("PTO123",),
          note="indexCol % fractalSize (line 181; _gemv_index_unit a5; TMOV passes index 0)"),
    Entry(_K_EXTRACT, "function:TExtractToAVector", kind="runtime", targets=("kirin9030", "kirindev0000"),
          rules=("PTO123",), note="indexCol % (32 / sizeof) (kirin9030/TExtract.hpp:73; _gemv_index_unit kirin9030)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractVecToVecNDDispatch", cond=r"^DstTileData::ValidCol \* sizeof",
          targets=("a5",), rules=("PTO138",),
          note="the packed fp4 ND Vec -> Vec copy: static dst ValidCol in whole 32-byte blocks (line 876; "
               "vec_odd_byte_cols, unit 32 for fp4 on a5)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractVecToVecNDDispatch", cond=r"^indexCol \* sizeof",
          targets=("a5",), rules=("PTO137",),
          note="the packed fp4 ND Vec -> Vec copy: indexCol on a 32-byte block (line 879; _a2_vec_window a5 fp4)"),
    Entry(_ST2, "function:CheckStaticForVecAndMat", cond=r"^TileData::DType == int8_t", targets=("a2a3", "kirinx90"),
          rules=("PTO951",), note="A2/A3 and Kirin X90 (kirinX90/TStore.hpp 293, 312) TSTORE from Vec / Mat: the "
                                  "TLOAD element-type list (line 328; PTO951's TSTORE arm, TLOAD_TYPES a2a3; on X90 "
                                  "header.hpp makes bfloat16_t half)"),
    Entry(_TILE, "function:GetTileOffset", cond=r"^sizeof\(TileT\) == 0$", targets=_A2A3_A5, rules=("PTO031",),
          note="the else arm of the boxed offset (pto_tile.hpp:1853): a Vec tile of ColMajor boxes of ColMajor "
               "fractals given to TPRINT (its only caller, a2a3/TPrint.hpp:80)"),
    Entry(_LD2, "function:TLoadGm2L1VectorInND|function:TLoadGm2L1VectorInDn", kind="runtime",
          cond=r"^validCol == gShape4$|^validRow == gShape3$", targets=("a2a3",), rules=("PTO956",),
          note="the one-line L1 copy's length (Shape4, DN Shape3; lines 180, 204) against the tile's valid / storage "
               "columns (rows): PTO956's two harmful directions, as for the row counts"),
    # --- end of branch shared ---
    # --- branch vector: THISTOGRAM on Kirin Dev0000 (PTO010), ... ---
    Entry("pto/npu/a5/THistogram.hpp", "function:THISTOGRAM_IMPL", targets=("kirindev0000",), rules=("PTO010",),
          note="kirinDev0000/header.hpp includes a5/THistogram.hpp, but pto_instr.hpp declares the THISTOGRAM "
               "wrapper only under `#if A5 || A6 || KIRIN9030 || CPU_SIM` (pto_instr.hpp 2510): no kernel call "
               "reaches THISTOGRAM_IMPL there, every THISTOGRAM call fails to compile and PTO010 reports it"),
    Entry("pto/npu/a2a3/TReshape.hpp", "function:TRESHAPE_IMPL", cond=r"^is_tile_data_v<TileData(In|Out)>$",
          targets=("a6",) + _KIRINS, reason="model-compile-error",
          note="A6 and the Kirins include a2a3/TReshape.hpp: TRESHAPE's operands Tiles (is_tile_data_v); the "
               "model's TRESHAPE asserts the same for every target (tests/test_model_headers.py)"),
    Entry("pto/npu/a5/Tci.hpp", "function:CheckValid", cond=r"^\(TileData::DType == T\)$", targets=_KIRINS,
          reason="model-compile-error",
          note="the Kirins include a5/Tci.hpp: TCI<TileData, T, descending>'s T (named by the kernel) of dst's "
               "element type; the model's TCI asserts the same for every target (tests/test_model_headers.py)"),
    Entry("pto/npu/a5/TExpandS.hpp", "function:TExpandS", cond=r"^TileData::isRowMajor$", targets=_KIRINS,
          rules=("PTO705",),
          note="the Kirins include a5/TExpandS.hpp, whose 64-bit branch static_asserts a row-major tile (line 46) "
               "before calling Int64Fill, a declaration-only stub there (a5/Int64Rearrange.hpp 197-200): "
               "ptolint/own_impls.py keys the Kirins' int64 / uint64 TEXPANDS calls 'a5' for that check, so PTO705 "
               "(TABLE['TEXPANDS']['a5'].row_major_types) reports a column-major one; a row-major one then fails to "
               "link (the stub), which no rule claims (branch padmisc)"),
    # --- end of branch vector ---
    # --- branch mov: TMOV forms read by branch mov (before the shared FpTileData entry below) ---
    Entry("pto/npu/a5/TMov.hpp", "function:TMOV_IMPL", lines=(928, 928), cond=r"^FpTileData::Loc == ",
          targets=_A2A3_A5, rules=("PTO127",),
          note="TMOV<..., AccToVecMode>(dst, src, fp) (a5/TMov.hpp:914-936, no enable_if on this overload): fp in "
               "Scaling; the fp overload without a mode (:899-905) takes only Scaling fp tiles by its enable_if, "
               "and TMOV_FP with another fp tile is PTO312's"),
    # --- end of branch mov ---
    # --- branch forms: TSCATTER's SCATTER_COL column equality (vendor kernels rely on a wider dst), the two-source
    # TCONCAT's row equalities (PTO317 + PTO222); first so the open TScatter / TConcat entries below do not decide
    Entry("pto/npu/a2a3/TScatter.hpp|pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL", kind="runtime",
          lines=(190, 260), cond=r"^dst\.GetValidCol\(\) == validCol$", reason="vendor-kernels-rely", targets=_A2A3_A5,
          note="SCATTER_COL mask form: dst's valid columns == src's; the vendor's tcolscatter ST kernels "
               "(tests/npu/a2a3|a5/src/st/testcase/tcolscatter: 16x64 -> 32x128 with P1010 / P0101, 4x64 -> 16x256 "
               "with P1000..P0001) scatter into wider destinations (branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp", "function:TCONCAT_IMPL|function:TConcatCheck",
          kind="runtime", lines=(90, 100),
          cond=r"^(validRow == src[01]\.GetValidRow\(\)|src[01]\.GetValidRow\(\) == validRows)$",
          targets=_A2A3_A5, rules=("PTO317", "PTO222"),
          note="TCONCAT's two-source form: src0's and src1's valid rows EQUAL to dst's: PTO317 reports a source with "
               "fewer, PTO222 one with more (or any difference on an empty dst) (branch forms)"),
    # --- end of branch forms ---
    # --- branch a6: A6's remaining open assertions (issue 13 item 4), read in the A6 headers one by one: the L0C
    # copies of a6/TExtract.hpp cannot compile on A6 (pto_copy_matrix_cc_to_cbuf / _ub are declared for A5 and the
    # Kirins only, common/arch_cce_intrinsic.hpp:303-358): PTO010 reports every TEXTRACT out of L0C there; A6's
    # TSTORE is a5/TStore.hpp itself (own_impls key "a5"). Fixtures A6_REUSED/l0c_paths.cpp. ---------------------
    Entry("pto/npu/a5/common.hpp", "function:CheckTMovAccValid|function:GetDualDstCtl", targets=("a6",),
          rules=("PTO010",),
          note="lines 143-188 on A6, reached from a6/TExtract.hpp only (TEXTRACT_TILE_IMPL's Acc branch and the "
               "relu / AccToVecMode / preQuantScalar / fp forms, GetDualDstCtl from TExtractAccToVec): "
               + _A6_L0C + "; on A5 PTO105 / PTO108 / PTO109 judge the same conditions for TEXTRACT"),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"TileData::(Cols|Rows) >= 1", rules=("PTO946",), targets=("a6",),
          note="lines 127-128: L0C -> GM tile Cols [1, 4095]; Rows [1, 8192] (ND) or [1, 65535] with Cols % 16 == 0; "
               "A6 compiles a5/TStore.hpp itself, PTO946 runs there with A5's STATIC ranges (acc-ND, acc-NZ; the "
               "a6 keys of gm_limits.A5_LIKE are A5's); checked with --headers real -t a6 (static_assert at "
               "a5/TStore.hpp:127)"),
    Entry("pto/common/constants.hpp", "class:PadValueMap", targets=("a6",), rules=("PTO035",),
          note="line 282: the primary PadValueMap rejects a type without an entry; on A6 the fp8 / fp4 entries are "
               "missing (declared under `#if defined(PTO_NPU_ARCH_A5)`, lines 450-475): PTO035 reports every A6 "
               "TLOAD that looks such a type's pad value up (Vec PadVal != Null, L1 ND / DN with Max / Min, the "
               "one-row MX scale load always; --headers real -t a6 fails at this line for each); of A6's other "
               "builtins on the inventory's path (TASSIGN, TQUANT, TRESHAPE) none calls GetPadValue"),
    # the assertions the provenance inference credited on A6, read against A5's curated decisions (the A6 files
    # keep A5's checks, own_impls key "a5"; the element types and pairs A6 adds are left out of those calls):
    # common/arch/register/tstore_common.hpp, which A6's TSTORE (a5/TStore.hpp itself) includes
    Entry(_ST5R, "*", kind="static", cond=r"staticShape\[[34]\]", rules=("PTO959",), targets=("a6",),
          note="lines 70, 73, 310, 321 (as on A5): Vec / L0C -> NZ staticShape[3] == 16 and staticShape[4] by the "
               "output type (Vec also 64 for 4-bit types); PTO959 runs on A6's TSTORE with A5's facts (the inferred "
               "PTO952, element sizes, was not this check)"),
    Entry(_ST5R, "*", kind="runtime", cond=r"^valid(Row|Col) == ", rules=("PTO027",), targets=("a6",),
          note="lines 66-67, 126-129, 174-182, 324-325 (as on A5): the valid region against an NZ / NHWC / NCHW "
               "tensor's extents (LAYOUT_EXTENTS a5, definite); the inferred PTO969 (ND / DN burst length) and "
               "PTO956 do not judge these copies"),
    # a6/TMatmul.hpp: A5's CheckMadValid / CheckMadMxValid with more pairs (int8 x int4b_t, half / bf16 x fp8_e4m3,
    # int4b_t, int8_t into float; the fp4 / HiF4 MX pairs), left out of the calls (own_impls combos / excluded)
    Entry("pto/npu/a6/TMatmul.hpp", "function:CheckMadMxValid", cond=r"^\(isFp4 \|\|", rules=("PTO974",),
          targets=("a6",), note="line 220 (A5 113): the MX operand pair and a float result; PTO974's A5 pairs, A6's "
                                "fp8 x fp4, half / bf16 x fp4 and HiF4 pairs left out"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:CheckMadMxValid", cond=r"^\(TileLeft::Cols % (BASEK|2) == 0\)$",
          rules=("PTO976",), targets=("a6",),
          note="lines 224, 226 (A5 114, 116): the left tile's Cols a multiple of 64 (even: implied)"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:CheckMadValid", cond=r"^CType == int32_t|^\(AType == ",
          rules=("PTO910",), targets=("a6",),
          note="lines 256, 259, 269 (A5 145, 147, 151): the (C, A, B) triples; PTO910's A5 triples, A6's int4b_t "
               "operands and half / bf16 x fp8_e4m3 / int8 pairs left out"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:CheckMadValid", cond=r"^\(\(TileLeft::Loc == TileType::Left\)",
          rules=("PTO911", "PTO912"), targets=("a6",),
          note="line 290 (A5 162): Left / Right / Acc locations (PTO911) and fractals (PTO912; the inferred credit "
               "named PTO911 only)"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:TMATMUL_BIAS_IMPL|function:TGEMV_BIAS_IMPL",
          cond=r"^TileRes::DType == TileBias::DType$", rules=("PTO913",), targets=("a6",),
          note="lines 342, 385 (A5 214, 257): the bias of the result's element type"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:TMATMUL_BIAS_IMPL|function:TGEMV_BIAS_IMPL",
          cond=r"^\(TileBias::Loc == TileType::Bias\)", rules=("PTO914",), targets=("a6",),
          note="lines 343, 386 (A5 215, 258): a one-row Bias tile (TMATMUL_BIAS also row-major)"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:TMATMUL_MX_IMPL|function:TGEMV_MX_IMPL",
          cond=r"^TileBias::DType == float$", rules=("PTO974",), targets=("a6",),
          note="lines 440, 493 (A5 312, 365): the MX bias float"),
    Entry("pto/npu/a6/TMatmul.hpp", "function:TMATMUL_MX_IMPL|function:TGEMV_MX_IMPL",
          cond=r"^\(TileBias::Loc == TileType::Bias\)", rules=("PTO975",), targets=("a6",),
          note="lines 441, 494 (A5 313, 366): the MX bias a one-row Bias tile: PTO975 (the inferred PTO976, static "
               "shapes, does not read the bias)"),
    # a6/TQuant.hpp: A5's INT8 and MX type checks
    Entry("pto/npu/a6/TQuant.hpp", "function:TQUANT_IMPL", cond=r"^(T == float32_t|U == u?int8_t)$",
          rules=("PTO970",), targets=("a6",),
          note="lines 2928, 2932, 2939 (A5 3227, 3231, 3238): the INT8 forms, float -> int8_t (SYM) / uint8_t (ASYM); "
               "PTO977 (the MX forms), also inferred for line 2928, does not judge them"),
    Entry("pto/npu/a6/TQuant.hpp", "function:CheckTQuantMxTypes", cond=r"^T == |^OutT == float4_e2m1x2_t$",
          rules=("PTO977",), targets=("a6",),
          note="lines 2973, 2977, 2980 (A5 3272, 3276, 3279): MXFP8 from float / bfloat16 / half, MXFP4_E2M1 from "
               "half / bfloat16 into float4_e2m1x2_t"),
    # --- end of branch a6 ---
    # --- branch extract: A6's own TExtract.hpp read assertion by assertion (A5's file with longer type lists; the
    # rules run there with A5's facts, ptolint/own_impls.py, except for calls with uint8_t / int4b_t / hifloat4x2_t
    # tiles, which are left out). Each entry names the a6 lines and the decision of the A5 line it repeats.
    Entry(_A6_EXTRACT, "function:TExtractToAmx|function:TExtractToBmx|function:TExtractToLeft|function:TExtractToRight",
          cond=r"^\(?SrcTileData::", targets=("a6",), rules=("PTO106",),
          note="lines 34, 81, 510, 547 (A5 34, 81, 504, 536): the Mat source ZN or NZ, a one-row GEMV source for "
               "Left, ScaleLeft ZZ, ScaleRight NN"),
    Entry(_A6_EXTRACT, "function:TExtractToAmx|function:TExtractToBmx|function:TExtractToLeft|function:TExtractToRight",
          cond=r"^\(?DstTileData::", targets=("a6",), rules=("PTO107",),
          note="lines 36, 83, 515, 551 (A5 36, 83, 509, 540): the L0A / L0B / ScaleLeft / ScaleRight destination's "
               "layout"),
    Entry(_A6_EXTRACT, "function:TExtractToAVector", kind="static", targets=("a6",), rules=("PTO935",),
          note="lines 179-180, A5's GEMV routine (A5 179-180): src / dst Cols in 512-byte fractals (1024 columns "
               "of the fp4 pairs; A6's int4b_t / hifloat4x2_t calls are left out): l0_copy_units a5 (branch a6)"),
    Entry(_A6_EXTRACT, "function:TExtractToAVector", kind="runtime", targets=("a6",), rules=("PTO123",),
          note="line 181 (A5 181): the one-row load's indexCol in 512-byte fractals (PTO_ASSERT): PTO123's A5 "
               "one-row unit (branch a6)"),
    Entry(_A6_EXTRACT, "function:TExtractAccToVec", cond=r"dstStride", targets=("a6",), rules=("PTO010",),
          note="line 461 (A5 461): the Vec destination's Cols * sizeof a non-zero 32-byte multiple (the Tile "
               "invariant, PTO003 / PTO004 on A5); on A6 the function itself calls pto_copy_matrix_cc_to_ub, which "
               "common/arch_cce_intrinsic.hpp does not declare for A6: PTO010 reports every call that reaches it "
               "(form l0c-copy; branch a6)"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_TILE_IMPL", cond=r"Loc == TileType::Acc\) \|\|", targets=("a6",),
          rules=("PTO101",), note="line 585 (A5 568): dst of src's element type unless the source is Acc"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_TILE_IMPL|function:TEXTRACT_IMPL", topic="layout", lines=(600, 1180),
          cond=r"^\(!DstTileData::isRowMajor && DstTileData::SFractal == SLayout::RowMajor\) \|\||"
               r"^\(DstTileData::isRowMajor && DstTileData::SFractal == SLayout::NoneBox\)$",
          targets=("a6",), rules=("PTO010",),
          note="lines 606, 1070, 1091, 1109, 1132, 1151, 1177 (A5 589, 1207, 1228): an Acc copy's destination NZ or "
               "ND (ND only for the AccToVecMode forms; PTO108 on A5); on A6 " + _A6_L0C),
    Entry(_A6_EXTRACT, "function:TExtractVecToVecNDDispatch", cond=r"^indexRow \+ DstTileData::ValidRow",
          targets=("a6",), rules=("PTO102",),
          note="line 876 (A6 only): indexRow + Dst's static ValidRow within Src::Rows; PTO102 bounds the rows the "
               "copy reads (indexRow + dst's valid rows), which is the static ValidRow where it is static and "
               "implies the assert (ValidRow DYNAMIC is -1) where it is not"),
    Entry(_A6_EXTRACT, "function:TExtractVecToVecNDDispatch", cond=r"^indexCol \+ DstTileData::ValidCol",
          targets=("a6",), rules=("PTO103",), note="line 879 (A6 only): the columns' twin of line 876 (PTO103)"),
    Entry(_A6_EXTRACT, "function:TExtractVecToVecNDDispatch", cond=r"^(Src|Dst)TileData::RowStride \* sizeof",
          targets=("a6",), rules=("PTO003", "PTO116"),
          note="lines 896, 899 (A5 870, 873): Vec -> Vec rows on 32-byte blocks, an ND tile's by the Tile "
               "invariant (PTO003), a boxed row stride by PTO116"),
    Entry(_A6_EXTRACT, "function:TExtractVecToVecNDDispatch", cond=r"ValidCol \* sizeof", targets=("a6",),
          rules=("PTO138",), note="line 902 (A5 876): the fp4 Vec -> Vec copy's static dst ValidCol in 32-byte blocks "
                                  "(A6's int4b_t / hifloat4x2_t calls are left out) (branch a6)"),
    Entry(_A6_EXTRACT, "function:TExtractVecToVecNDDispatch", cond=r"^indexCol \* sizeof", targets=("a6",),
          rules=("PTO137",), note="line 905 (A5 879): the fp4 Vec -> Vec copy's indexCol on a 32-byte block (branch "
                                  "a6)"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^DstTileData::DType == SrcTileData::DType$",
          targets=("a6",), rules=("PTO101",), note="line 986 (A5 1127): Vec -> Vec of one element type"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^\(T == half\)", targets=("a6",), rules=("PTO115",),
          note="line 989 (A5 1130): the Vec -> Vec type list, VEC_TYPES a5 (A6 adds hifloat4x2_t, whose calls ptolint "
               "leaves out; PTO115 reports an int16 Vec -> Vec copy on A6, edited by branch a6: PTO104 judges the "
               "other paths)"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^DstTileData::(Rows|Cols) <= SrcTileData::", targets=("a6",),
          rules=("PTO117",), note="lines 1001, 1004, 1019 (A5 1138, 1141): Vec -> Vec Dst::Rows / Cols within Src's"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", kind="runtime", cond=r"^(idx|index)Row", targets=("a6",),
          rules=("PTO102",), note="lines 1010, 1023, 1030 (A5 1147, 1160, 1167): the rows the copy reads from "
                                  "indexRow within Src::Rows"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", kind="runtime", cond=r"^(idx|index)Col", targets=("a6",),
          rules=("PTO103",), note="lines 1011, 1024, 1033 (A5 1148, 1161, 1170): the columns the copy reads from "
                                  "indexCol within Src::Cols"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^DstTileData::isRowMajor == SrcTileData::isRowMajor$",
          targets=("a6",), rules=("PTO118",), note="line 1041 (A5 1178): Vec -> Vec both ND or both NZ"),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^\(DstTileData::Loc == TileType::(Mat|Vec)",
          targets=("a6",), rules=("PTO010",),
          note="lines 1066, 1089, 1106, 1131, 1148, 1176 (A5 1203, 1226): the relu / quantised / AccToVecMode forms' "
               "destinations (Mat or Vec; Vec for the mode forms; PTO109 on A5); on A6 " + _A6_L0C),
    Entry(_A6_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^FpTileData::Loc == TileType::Scaling$", targets=("a6",),
          rules=("PTO010",), note="lines 1156, 1180 (A5 1293): the fp operand a Scaling tile (PTO113 on A5); on A6 "
                                  + _A6_L0C),
    Entry("pto/npu/a2a3/TExtract.hpp", "function:TEXTRACT_TILE_IMPL", kind="runtime", cond=r"^indexRow \+ DstTileData::Rows",
          targets=("a2a3",), rules=("PTO102", "PTO136"),
          note="line 55, every plain-form tile path: PTO102 bounds the rows the copy reads (the static Dst::Rows on "
               "the non-compact L0 loads), PTO136 the Acc -> Mat copy's static bound where its valid rows fit"),
    Entry("pto/npu/a2a3/TExtract.hpp", "function:TEXTRACT_TILE_IMPL", kind="runtime", cond=r"^indexCol \+ DstTileData::Cols",
          targets=("a2a3",), rules=("PTO103", "PTO136"), note="line 58: the columns' twin of line 55"),
    # --- end of branch extract ---
    # --- branch load: TLOAD on the A5-family newer targets (A6, Kirin 9030, Kirin Dev0000), read one by one (issue 13
    # item 4): common/arch/register/tload_common.hpp as A6's and Kirin 9030's own TLoad.hpp reach it (StaticCheck,
    # TLoadCubeCheck; Kirin Dev0000 compiles Kirin 9030's file), the ConvTile loads, A6's HiF4 load. Each rule was
    # run on the three targets with a kernel that breaks the assertion (ptolint check -t T; and --headers real for
    # a6). Precedes the A5 entries below, which name a2a3 / a5 only. -----------------------------------------------
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)", rules=("PTO953",),
          targets=_A5_NEW, note="Mat pairs ND2NZ DN2NZ NZ2NZ ND2ND DN2DN DN2ZN (LAYOUT_PAIRS a6; kirin9030 without "
                                "DN2NZ, its cube copy static_asserts: a narrower list, every pair outside this one "
                                "reported as well)"),
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^TileData::Rows (<=|\* TileData::Cols)|SFractalSize == 512|"
          r"^GlobalData::staticShape\[0\] == 1 &&", rules=("PTO946",), targets=_A5_NEW,
          note="L1 loads: Rows <= 16384 and Rows * Cols <= 512 Ki elements; ND2NZ / DN2NZ: 512-byte fractals and a "
               "2-D tensor (gm_limits.py STATIC, A5_LIKE: A5's bounds under the a6 / kirin9030 keys)"),
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^GlobalData::layout != pto::Layout::DN", rules=("PTO953",),
          targets=_A5_NEW, note="no DN2NZ for float4_e2m1x2_t / float4_e1m2x2_t: FP4_PAIRS a6 (A6's hifloat4x2_t "
                                "takes TLoadHif4CubeCheck instead, a6/TLoad.hpp:625); Kirin 9030 has no DN2NZ at all "
                                "(LAYOUT_PAIRS kirin9030), for any type"),
    Entry(_LD5, "function:TLoadCubeCheck|function:StaticCheck", cond=r"== GlobalData::staticShape\[4\] && BLOCK_LEN",
          rules=("PTO959",), targets=_A5_NEW,
          note="NZ2NZ into Vec / Mat: the tensor's last two static dimensions [16, 32 / sizeof] ([16, 64] for the "
               "4-bit types); PTO959 runs on the own TLoad.hpp files (A5's check)"),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(sizeof\(TileData::DType\) == 1\)", reason="tile-dtype-implies",
          targets=("a6",), note="b8 / b16 / b32 / b64: every element type a Tile admits has one of these sizes (as on "
                                "A5 and the Kirins)"),
    Entry(_LD5, "function:StaticCheck", cond=r"PadVal", rules=("PTO028",), targets=_A5_NEW,
          note="int64_t / uint64_t tiles with PadValue Null or Zero only (B64_PAD a6 / kirin9030)"),
    Entry(_LD5, "function:StaticCheck", cond=r"^sizeof\(TileData::DType\) == sizeof", rules=("PTO952",),
          targets=_A5_NEW, note="equal element sizes (PTO952 own a6 / kirin9030 TLOAD)"),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)", rules=("PTO953",),
          targets=_A5_NEW, note="Vec: ND2ND / DN2DN / NZ2NZ (LAYOUT_PAIRS TLOAD Vec a6 / kirin9030)"),
    Entry(_LD5, "function:StaticCheck", cond=r"^TileData::Valid(Col|Row) == ", rules=("PTO955",), targets=_A5_NEW,
          note="static valid shape of a row-major Vec tile against the static ND tensor (columns; rows against the "
               "product of Shape0..3)"),
    # ConvTile loads: the frontend reads ConvTile operands for TIMG2COL only, so no TLOAD rule sees a ConvTile
    # destination (rules/tload_tstore.py _tile, global_tensor.py operands return None): the provenance credits of
    # CheckConvTileData / TLoadFractalZ (PTO950 / PTO952 / PTO953 / PTO955) on the Kirins were not checks
    Entry("pto/npu/kirin9030/TLoad.hpp", "function:CheckConvTileData", kind="static", rules=("PTO029",),
          targets=("kirin9030", "kirindev0000"),
          note="TLOAD into a ConvTile: int8..int32 / half / float, Mat, equal element sizes, NC1HWC0 and FRACTAL_Z "
               "only (CONV_LOAD kirin9030; PTO029 reads the ConvTile destination's type, which the other TLOAD rules "
               "skip: their provenance credits here were not checks)"),
    Entry(_LD5 + "|pto/npu/a2a3/TLoad.hpp", "function:TLoadFractalZ", kind="static", cond=r"staticShape\[\d\] == "
          r"FRACTAL_NZ_ROW && \w+::staticShape\[\d\] == c0ElemCount$", rules=("PTO029",),
          note="a four-dimensional ConvTile loaded from a FRACTAL_Z tensor (A2/A3 also FRACTAL_Z_3D): tile and tensor "
               "end in the static fractal [16, 32 / sizeof(T)] (CONV_FRACTAL_Z)"),
    Entry(_LD5 + "|pto/npu/kirin9030/TLoad.hpp", "function:TLoadFractalZ|function:TLoad5HD",
          targets=("kirin9030", "kirindev0000"),
          note="open (checkable): Kirin 9030 TLOAD into ConvTile destinations, the copy routines' shapes (TLoad5HD: "
               "tensor and ConvTile NC1HWC0 extents equal; TLoadFractalZ: static [.., 16, C0] tile and tensor, equal "
               "extents); PTO029 checks the static CheckConvTileData only, the ConvTile's shape is not read"),
    # A6's own TLoad.hpp: the hifloat4x2_t L1 load (ptolint/own_impls.py excludes hifloat4x2_t TLOAD calls on A6)
    Entry("pto/npu/a6/TLoad.hpp", "function:TLoadHif4CubeCheck", cond=r"^TileData::DType == hifloat4x2_t$",
          reason="dispatch-guarded", targets=("a6",),
          note="its only caller, TLOAD_TILE_IMPL (a6/TLoad.hpp:625-626), calls it under if constexpr "
               "(std::is_same_v<TileData::DType, hifloat4x2_t>)"),
    # --- end of branch load ---
    # --- branch store: TSTORE burst lengths (PTO969), NZ / L0C extents (PTO027), Kirin 9030 L0C store lists ---
    Entry(_ST2 + "|" + _T2 + "|pto/npu/kirinX90/TStore.hpp", "function:TStoreUb2gmNd2nd|function:TStoreUb2gmDn2dn|"
          "function:TStoreMat2GmNd2Nd|function:TStoreMat2GmDn2Dn", kind="runtime",
          cond=r"^validCol == gShape4$|^validRow == gShape3$", targets=("a2a3", "kirinx90"), rules=("PTO969",),
          note="Vec and L1 stores: a burst longer than the line (PTO969, definite); a shorter one packs the valid "
               "columns row after row, which the vendor's A2/A3 ST kernels trowexpand* / tcmp / tcmps rely on"),
    Entry("pto/npu/a5/TStore.hpp|pto/npu/kirin9030/TStore.hpp|pto/npu/kirinDev0000/TStore.hpp",
          "function:TStoreVecND|function:TStoreVecDN", kind="runtime", cond=r"^validCol == gShape4$|^validRow == gShape3$",
          rules=("PTO969",), note="a burst longer than the line (PTO969); a shorter one (the rest of each line "
                                  "unwritten) is what the vendor's A5 ST kernels tdeinterleave, textract_acc2vec, "
                                  "tmuls_trowsum, trowexpand do: not reported"),
    Entry(_ST2 + "|pto/npu/kirinX90/TStore.hpp", "function:TStoreMat2GmNz2Nz|function:TStoreAcc*|"
          "function:TStoreUb2gmNz2nz", kind="runtime", cond=r"^valid(Row|Col) == ", targets=("kirinx90",),
          rules=("PTO027",), note="L1 / UB NZ and L0C ND / NZ / NC1HWC0 extents (LAYOUT_EXTENTS kirinx90)"),
    Entry(_T2, "function:TStoreUb2gmNz2nz", kind="runtime", cond=r"^valid(Row|Col) == ", targets=("a2a3",),
          rules=("PTO027",), note="UB NZ store extents (LAYOUT_EXTENTS a2a3 Vec NZ)"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticAcc", cond=r"^\(GlobalData::layout == pto::Layout::ND\) \|\|",
          targets=("kirin9030",), rules=("PTO953",), note="ND / NZ only (ACC_STORE_LAYOUTS kirin9030)"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticAcc", cond=r"Cols <= 4095|TileData::Rows >= 1",
          targets=("kirin9030",), rules=("PTO946",), note="STATIC kirin9030 acc-ND / acc-NZ"),
    Entry("pto/npu/kirin9030/TStore.hpp", "function:CheckStaticAcc", cond=r"RawDType",
          targets=("kirin9030",), rules=("PTO954",), note="plain and quantising output lists (ACC_STORE_TYPES, "
                                                          "ACC_QUANT_TYPES kirin9030)"),
    # --- end of branch store ---
    # --- branch insert: a5/TInsert.hpp on Kirin Dev0000 and Kirin X90's own TInsert.hpp split form ---
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", lines=(660, 700), targets=("kirindev0000",),
          rules=("PTO010",), note="TINSERT<TInsertMode>: common/pto_instr.hpp declares the wrapper under `#if "
                                  "defined(PTO_NPU_ARCH_A5) || defined(PTO_NPU_ARCH_KIRIN9030) || "
                                  "defined(PTO_NPU_ARCH_KIRINX90)`: PTO010 reports the call on Kirin Dev0000"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TInsertAccDispatch", targets=("kirindev0000",), rules=("PTO007",),
          note="every path into TInsertAccDispatch has an Acc source (or calls CheckTMovAccValid first, which "
               "Kirin Dev0000 does not declare): PTO007 reports any TINSERT with an Acc tile there"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", cond=r"^\(DstTileData::Loc == TileType::Vec\)$",
          targets=("kirindev0000",), reason="header-ill-formed",
          note="the three AccToVecMode overloads call CheckTMovAccValid next (a5/TInsert.hpp:162, 186, 213), which "
               "kirin9030/common.hpp:113 declares under `#if defined(PTO_NPU_ARCH_KIRIN9030)` only; clang: 'use of "
               "undeclared identifier CheckTMovAccValid' at a5/TInsert.hpp:162 (ptolint check --headers real -t "
               "kirindev0000); with an Acc tile PTO007 reports the call"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", lines=(525, 560), cond=r"DType == SrcTileData::DType", targets=_X90,
          rules=("PTO311",), note="the split form TINSERT<TInsertMode>: dst of src's element type"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", lines=(525, 560), cond=r"::Loc == TileType::(Mat|Vec)$", targets=_X90,
          rules=("PTO312",), note="the split form: a Mat dst, a Vec src"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", lines=(525, 560), cond=r"isRowMajor", targets=_X90,
          rules=("PTO313",), note="the split form: an NZ src"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", lines=(525, 560), cond=r"^\(T == half\)", targets=_X90,
          rules=("PTO310",), note="the split form: A5's list without bfloat16_t, read under header.hpp's renames "
                                  "(INSERT_KIRIN['kirin9030']: half, float, int32, int8, int64)"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", lines=(525, 560), kind="runtime", targets=_X90, rules=("PTO318",),
          note="the split form: indexRow + src valid rows / indexCol + src valid columns within Dst's Rows / Cols"),
    # --- end of branch insert ---
    # --- gm: PTO706 (A2/A3 TREM / TREMS tmp), PTO965 (TGATHER template arguments), PTO969 (A2/A3 Vec burst length),
    # and the assertions the reverse-include extraction added (a2a3/TLoad.hpp, a2a3/TStore.hpp, the A5-family
    # TStore.hpp Vec bursts). First in the table: the open entries further down (TREM / TREMS tmp, the TGATHER
    # template arguments, "the burst length of Vec ND / DN transfers") and the provenance inference would
    # otherwise decide these assertions.
    Entry("pto/npu/a2a3/TRem.hpp", "function:TRemCheck", cond=r"^tmp\.", kind="runtime", rules=("PTO706",),
          targets=_A2A3_A5, note="tmp valid columns >= dst RowStride + 2 * ceil(RowStride / 64) (_trem_need)"),
    Entry("pto/npu/a2a3/TRemS.hpp", "function:TREMS_IMPL", cond=r"^tmp\.", kind="runtime", rules=("PTO706",),
          targets=_A2A3_A5, note="tmp valid columns >= dst's valid columns, tmp valid rows >= 1"),
    Entry("pto/npu/a2a3/TGather.hpp|pto/npu/a5/TGather.hpp", "function:TGATHER_IMPL", kind="static",
          cond=r"^\(cmpMode == CmpMode::GT|^gatherType == GatherAxis::GATHER_ROW$", rules=("PTO965",),
          targets=_A2A3_A5, note="compare form: CmpMode GT or EQ; A5 64-bit mask-pattern form: GATHER_ROW only "
                                 "(_template_problems)"),
    Entry("pto/npu/a2a3/TGather.hpp", "function:TGATHER_IMPL", kind="static", cond=r"^TileDataS::DType == float",
          rules=("PTO990", "PTO965"), targets=_A2A3_A5,
          note="compare form src0: half / float (PTO990's list) or int32_t with CmpMode::EQ (PTO965: int32 with GT)"),
    Entry("pto/common/arch/memory/tload_common.hpp|pto/common/arch/memory/tstore_common.hpp|pto/npu/a2a3/TStore.hpp",
          "function:TLoadGm2ubNd2nd|function:TLoadGm2ubDn2dn|function:TStoreUb2gmNd2nd|function:TStoreUb2gmDn2dn",
          kind="runtime", cond=r"^validCol == gShape4$|^validRow == gShape3$", targets=_A2A3_A5,
          note="open (partial, PTO969): the burst (valid columns, DN valid rows) equal to the tensor's line (Shape4, DN "
               "Shape3); PTO969 reports a burst LONGER than the line (it runs into the next line, the last past the "
               "tensor; definite); a shorter burst over several lines (rows shifted, debug trap) is not reported"),
    # a2a3/TLoad.hpp's own GM -> L1 ND / DN copies and ConvTile loads, reached from tload_common.hpp (reverse include)
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadGm2L1Nd2nd|function:TLoadGm2L1Dn2dn", kind="runtime",
          cond=r"^gShape\d < 4096$|% BLOCK_BYTE_SIZE == 0$", rules=("PTO945",), targets=_A2A3_A5,
          note="GM -> L1 ND / DN: burst count < 4096 and the line in 32-byte blocks (gm_limits.py l1-nd / l1-dn)"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadGm2L1Nd2nd", kind="runtime",
          cond=r"^validRow == gShape0 \* gShape1 \* gShape2 \* gShape3$", rules=("PTO956",), targets=_A2A3_A5,
          note="A2/A3 L1 ND: the tensor's row count against the tile (PTO956's two harmful directions)"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadGm2L1Dn2dn", kind="runtime",
          cond=r"^validCol == gShape0 \* gShape1 \* gShape2 \* gShape4$", rules=("PTO956",), targets=_A2A3_A5,
          note="A2/A3 L1 DN: the tensor's column count against the tile"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadGm2L1Nd2nd|function:TLoadGm2L1Dn2dn", kind="runtime",
          cond=r"^validCol == gShape4$|^validRow == gShape3$", targets=_A2A3_A5,
          note="open (checkable): the burst length of GM -> L1 ND / DN loads (valid columns == Shape4, valid rows == "
               "Shape3); PTO969 models the Vec copies only"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:CheckConvTileData", kind="static", rules=("PTO029",), targets=_A2A3_A5,
          note="TLOAD into a ConvTile: element type list, Mat, equal element sizes, same-layout pairs NC1HWC0 / "
               "FRACTAL_Z / FRACTAL_Z_3D / NDC1HWC0 (CONV_LOAD a2a3)"),
    Entry("pto/npu/a2a3/TLoad.hpp", "function:TLoadNDC1HWC0|function:TLoad5HD|function:TLoadFractalZ", targets=_A2A3_A5,
          note="open (checkable): A2/A3 TLOAD into ConvTile destinations (NC1HWC0 / NDC1HWC0 / FractalZ: element "
               "types, Mat location, layouts, burst fields); the frontend reads ConvTile types for TIMG2COL only"),
    # the A5-family TStore.hpp Vec copies (reached from common/arch code since the reverse includes)
    Entry("pto/npu/a5/TStore.hpp|pto/npu/kirin9030/TStore.hpp|pto/npu/kirinDev0000/TStore.hpp",
          "function:TStoreVecND", kind="runtime", cond=r"^validRow == gShape0 \* gShape1 \* gShape2 \* gShape3$",
          rules=("PTO956",), note="Vec ND store: the tensor's row count against the tile (PTO956, as on A2/A3)"),
    Entry("pto/npu/a5/TStore.hpp|pto/npu/kirin9030/TStore.hpp|pto/npu/kirinDev0000/TStore.hpp",
          "function:TStoreVecDN", kind="runtime", cond=r"^validCol == gShape0 \* gShape1 \* gShape2 \* gShape4$",
          rules=("PTO956",), note="Vec DN store: the tensor's column count against the tile (PTO956)"),
    Entry("pto/npu/a5/TStore.hpp|pto/npu/kirin9030/TStore.hpp|pto/npu/kirinDev0000/TStore.hpp",
          "function:TStoreVecND|function:TStoreVecDN", kind="runtime", cond=r"^validCol == gShape4$|^validRow == gShape3$",
          note="open (checkable): the burst length of the A5-family Vec ND / DN store (valid columns == Shape4, valid "
               "rows == Shape3); PTO969 models A2/A3's copies only"),
    # --- end of branch gm -------------------------------------------------------------------------------------
    # --- the Tile class (common/pto_tile.hpp): every tile the kernel declares -------------------------------
    Entry(_TILE, "class:Tile", cond=r"^Rows > 0 && ValidRow <= Rows", rules=("PTO001", "PTO002"),
          note="Rows, Cols > 0 (PTO001) and static ValidRow <= Rows, ValidCol <= Cols (PTO002)"),
    Entry(_TILE, "class:Tile", cond=r"^InnerRows != 0", rules=("PTO004", "PTO005"),
          note="the inner box is derived from SFractalSize and the layouts; it is empty only for a fractal size "
               "PTO005 rejects"),
    Entry(_TILE, "class:Tile", cond=r"^\(BFractal_ == BLayout::RowMajor", rules=("PTO003", "PTO004"),
          note="NoneBox rows / columns 32-byte aligned (PTO003), boxed shapes multiples of the inner box (PTO004)"),
    Entry(_TILE, "class:Tile", cond=r"Rows % InnerRows|Cols % InnerCols", rules=("PTO004",),
          note="rows / columns multiples of the inner box"),
    Entry(_TILE, "class:Tile", cond=r"^SFractalSize_ ==", rules=("PTO005",), note="SFractalSize in {512, 1024, 32}"),
    Entry(_TILE, "function:Tile::SetValid*", kind="runtime", rules=("PTO006",),
          note="SetValidRow/SetValidCol/SetValidShape beyond the storage"),
    Entry(_TILE, "function:Tile::SetValid*", kind="static", reason="model-compile-error",
          note="SetValidRow/Col/Shape on a tile whose valid dimension is static: the model's Tile members assert "
               "the same (tests/test_model_headers.py)"),
    Entry(_TILE, "function:Tile::[SG]etValue", reason="model-compile-error",
          note="scalar Tile::SetValue/GetValue on a tile that is not Vec: the model's Tile members assert the same "
               "(tests/test_model_headers.py)"),
    Entry(_TILE, "function:Tile::SetMadTF32Mode", rules=("PTO060",),
          note="the TF32 rounding mode a kernel passes to the cube-build member must be CAST_ROUND or CAST_RINT (the "
               "two RoundMode enumerators of common/type.hpp the member has a branch for; the model header declares "
               "the member and the same enum): the frontend records each `tile.SetMadTF32Mode(mode)` call as a "
               "call site of the pseudo-builtin TILE_SETMADTF32MODE, PTO060 checks its mode (a constant: error; a "
               "run-time value cast to RoundMode: warning with the input), the executor replays it"),
    # --- GlobalTensor / Shape / Stride / ConvTile: classes the kernel instantiates -------------------------------
    Entry(_TILE, "function:GlobalTensor::[GS]et*", reason="model-compile-error",
          note="GlobalTensor::GetShape/GetStride<dim> (dim in 0..4, not DYNAMIC) and SetShape/SetStride<dims...> "
               "(each in 0..4 and DYNAMIC): the model's templates assert the same (tests/test_model_headers.py)"),
    Entry(_TILE, "function:Shape::Shape|function:Stride::Stride", reason="model-compile-error",
          note="Shape / Stride built from 1..4 values need exactly that many DYNAMIC dimensions: the model's "
               "constructors assert the same (tests/test_model_headers.py)"),
    Entry(_TILE, "*ConvTile*", reason="model-compile-error",
          note="ConvTileShape built from k < 6 values needs k DYNAMIC dimensions; a ConvTile shape has 1..6 "
               "dimensions; SetDynamicShape (and the constructor) takes one int64_t per DYNAMIC dimension: the "
               "model's ConvTile / ConvTileShape assert the same (tests/test_model_headers.py)"),
    Entry(_TILE, "class:*Shape2D", reason="model-compile-error",
          note="TileShape2D / BaseShape2D of Layout::NZ need rows % 16 and cols in 32-byte blocks, TileShape2D of "
               "the MX A layouts even cols, of the MX B layouts even rows: the model's helpers assert the same "
               "(detail::Shape2DDivisible, tests/test_model_headers.py)"),
    # --- the implementation re-asserting the Tile class invariant ----------------------------------------------
    Entry("pto/npu/*", topic="valid-vs-shape", kind="static", rules=("PTO002",),
          note="the Tile class invariant ValidRow <= Rows / ValidCol <= Cols re-asserted by the implementation; "
               "PTO002 checks it for every tile operand"),
    Entry("pto/common/arch/*", topic="valid-vs-shape", kind="static", rules=("PTO002",),
          note="the Tile class invariant re-asserted by the implementation; PTO002 checks every tile operand"),
    # --- kirin: the Kirin targets (TFILLPAD, TSYNC, MX scale TLOAD, MX TQUANT, PTO007). Kept before every other
    # section: the PTO010 wrapper entry below matches TFILLPAD's pto_instr.hpp mode assertion on the Kirins through the
    # TPUSH on its path, and the generic `pto/npu/*/...` entries further down would take the Kirin files first; every
    # entry here lists Kirin targets only ------------------------------------------------------------------------
    # A5's TFillPad.hpp on every Kirin (ptolint/own_impls.py _A5_FILLPAD: keyed "a5", its TLoad.hpp include skipped)
    Entry("pto/npu/a5/TFillPad.hpp", kind="static", topic="dtype", rules=("PTO310",), targets=_KIRINS,
          note="A5's file: 1-, 2- or 4-byte element types (FACTS TFILLPAD / TFILLPAD(Mat) sizes, key a5)"),
    Entry("pto/npu/a5/TFillPad.hpp", kind="static", topic="dtype-equal", rules=("PTO311",), targets=_KIRINS,
          note="A5's file: src and dst element sizes equal (FACTS same_size, key a5)"),
    Entry("pto/npu/a5/TFillPad.hpp", kind="static", topic="shape", rules=("PTO314",), targets=_KIRINS,
          note="A5's file: equal Rows / Cols (TFILLPAD, _INPLACE), dst at least src (_EXPAND)"),
    Entry("pto/npu/a5/TFillPad.hpp", kind="static", topic="layout", rules=("PTO313",), targets=_KIRINS,
          note="A5's file: the Mat form's dst NZ"),
    Entry("pto/common/pto_instr.hpp", "function:TFILLPAD", cond=r"^mode == TFillPadMode::Normal", reason="enum-complete",
          targets=_KIRINS, note="TFillPadMode has exactly the three enumerators the assertion lists (common/type.hpp)"),
    # Kirin 9030's TSync.hpp on Kirin 9030 and Kirin Dev0000 (own_impls.py TSYNC, key kirin9030; X90's entry is below)
    Entry("pto/npu/kirin9030/TSync.hpp", "function:TSYNC_IMPL", targets=("kirin9030", "kirindev0000"),
          rules=("PTO059",), note="single-op TSYNC<Op> only for ops whose pipe is M, MTE1, MTE2, MTE3, FIX or ALL "
                                  "(TSYNC_PIPES kirin9030)"),
    # Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it): no MX / HiF4 scale load into L1
    Entry("pto/npu/kirin9030/TLoad.hpp", "function:TLOAD_TILE_IMPL", cond=r"IsScale", targets=("kirin9030", "kirindev0000"),
          rules=("PTO953",), note="a Mat tile with an MX_A_* / MX_B_* / HIF4_* tensor (rules/global_tensor.py NO_MX_CUBE)"),
    # Kirin 9030's TQuant.hpp (every Kirin): the MX TQUANT_IMPL rejects every call (precedes the open entry of the
    # TQuant section below)
    Entry("pto/npu/kirin9030/TQuant.hpp", "function:TQUANT_IMPL", cond=r"^sizeof\(TileDataSrc::DType\) == 0",
          targets=_KIRINS, rules=("PTO977",),
          note="every MX TQUANT on the Kirins (rules/quant.py: impl kirin9030 reports any call with exp / max / "
               "scaling tiles; pto_instr.hpp declares the MX wrappers for Kirin 9030 only: provenance)"),
    # Kirin Dev0000 has no L0C (PTO007): every call that reaches the Acc paths of the Kirin 9030 files it compiles copies
    # from an Acc tile and is reported by PTO007 (the TMOV / TEXTRACT ones do not compile: CheckTMovAccValid, which
    # static_asserts an Acc source on Kirin 9030, is undeclared there; an Acc TSTORE faults at run time)
    Entry("pto/npu/kirin9030/TExtract.hpp", "function:TExtractAccToVec", targets=("kirindev0000",), rules=("PTO007",),
          note="the Acc -> Vec copy (an Acc source): PTO007 on Kirin Dev0000"),
    Entry("pto/npu/kirin9030/TExtract.hpp", "function:TEXTRACT_TILE_IMPL", lines=(416, 425), targets=("kirindev0000",),
          rules=("PTO007",), note="the `SrcTile::Loc == Acc` branch: PTO007 on Kirin Dev0000"),
    Entry("pto/npu/kirin9030/TExtract.hpp", "function:TEXTRACT_IMPL", topic="layout", lines=(755, 870),
          targets=("kirindev0000",), rules=("PTO007",),
          note="the relu / quant / AccToVecMode / fp forms, Acc sources (CheckTMovAccValid first): PTO007 on Kirin "
               "Dev0000 (a non-Acc source fails CheckTMovAccValid's own Acc assertion wherever it is declared)"),
    Entry("pto/npu/kirin9030/common.hpp", "function:GetCastPreQuantMode", targets=("kirindev0000",),
          rules=("PTO007",), note="line 65, reached only from the Acc-source copies after CheckTMovAccValid (undeclared "
                                  "there): PTO007 on Kirin Dev0000"),
    Entry("pto/npu/kirin9030/common.hpp", "function:GetDualDstCtl", targets=("kirindev0000",), rules=("PTO007",),
          note="reached from TExtractAccToVec only (an Acc source): PTO007 on Kirin Dev0000"),
    Entry("pto/npu/kirin9030/TMov.hpp", "function:TMovCcToCb|function:TMovCcToUb", targets=("kirindev0000",),
          rules=("PTO007",), note="the L0C -> L1 / UB copies (an Acc source): PTO007 on Kirin Dev0000"),
    Entry("pto/npu/kirin9030/TMov.hpp", "function:TMOV_IMPL", lines=(418, 530), targets=("kirindev0000",),
          rules=("PTO007",), note="the relu / AccToVecMode / quant / fp TMOV forms, Acc sources (CheckTMovAccValid "
                                  "first): PTO007 on Kirin Dev0000"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticAcc", cond=r"Cols <= 4095", rules=("PTO007",),
          note="reached by a TSTORE from an Acc tile only, which PTO007 reports on Kirin Dev0000 (no L0C) whatever "
               "its columns"),
    # --- branch curdev (issue 13 item 4): Kirin Dev0000's own files, every assertion the provenance inference credited
    # read one by one (the assertion, its function, the builtin forms reaching it there, the rules' kirindev0000 facts)
    # and broken on Kirin Dev0000 (fixtures NEWER_TARGETS/kirindev0000_own_arith_checks.cpp, OWN_IMPLS/
    # kirindev0000_tstore_checks.cpp). Notes: "open (checkable)" = no rule checks it there ---
    # -- TDiv.hpp / TFMod.hpp / TRem.hpp (rules/elementwise.py FACTS[...]["kirindev0000"], types KD_DIV) --
    Entry("pto/npu/kirinDev0000/TDiv.hpp|pto/npu/kirinDev0000/TFMod.hpp|pto/npu/kirinDev0000/TRem.hpp",
          "function:TDivCheck|function:TFModCheck|function:TRemCheck", kind="static", topic="dtype",
          rules=("PTO601",), note="half, float, int16_t, uint16_t only (KD_DIV; the second static_assert names int32 / "
                                  "uint32, which the list already excludes: no integer vdiv)"),
    Entry("pto/npu/kirinDev0000/TDiv.hpp|pto/npu/kirinDev0000/TFMod.hpp|pto/npu/kirinDev0000/TRem.hpp",
          "function:TDivCheck|function:TFModCheck|function:TRemCheck", kind="static", topic="dtype-equal",
          rules=("PTO602",), note="src0 and src1 of dst's element type (FACTS same=('src0', 'src1'))"),
    Entry("pto/npu/kirinDev0000/TDiv.hpp|pto/npu/kirinDev0000/TFMod.hpp|pto/npu/kirinDev0000/TRem.hpp",
          "function:TDivCheck|function:TFModCheck|function:TRemCheck", kind="static", topic="layout",
          rules=("PTO603",), note="dst, src0, src1 row-major"),
    Entry("pto/npu/kirinDev0000/TDiv.hpp|pto/npu/kirinDev0000/TFMod.hpp|pto/npu/kirinDev0000/TRem.hpp",
          "function:TDivCheck|function:TFModCheck|function:TRemCheck", kind="runtime", cond=r"^src[01]\.GetValidRow",
          rules=("PTO604", "PTO610"),
          note="each source's valid shape EQUAL to dst's (debug trap): PTO604 a smaller source on a non-empty dst, "
               "PTO610 every other difference (the inference credited src1's to PTO610 alone)"),
    # -- TFModS.hpp / TRemS.hpp (rules/tile_scalar.py TABLE[...]["kirindev0000"], types _KD_REM) --
    Entry("pto/npu/kirinDev0000/TFModS.hpp|pto/npu/kirinDev0000/TRemS.hpp", "function:TFModSCheck|function:TRemSCheck",
          topic="dtype", rules=("PTO701",),
          note="sizeof 2 or 4 and not int32 / uint32: int16_t, uint16_t, half, bfloat16_t, float (_KD_REM)"),
    Entry("pto/npu/kirinDev0000/TFModS.hpp|pto/npu/kirinDev0000/TRemS.hpp", "function:TFModSCheck|function:TRemSCheck",
          topic="dtype-equal", rules=("PTO702",), note="src of dst's element type"),
    Entry("pto/npu/kirinDev0000/TFModS.hpp|pto/npu/kirinDev0000/TRemS.hpp", "function:TFModSCheck|function:TRemSCheck",
          topic="location", rules=("PTO703",), note="dst and src TileType::Vec"),
    Entry("pto/npu/kirinDev0000/TFModS.hpp|pto/npu/kirinDev0000/TRemS.hpp", "function:TFMODS_IMPL|function:TREMS_IMPL",
          kind="runtime", rules=("PTO704",),
          note="src's valid shape equal to dst's (debug trap; release computes over dst's): PTO704 (TABLE equal=rc)"),
    # -- TSel.hpp / TSels.hpp (rules/elementwise.py FACTS TSEL / TSELS kirindev0000) --
    Entry("pto/npu/kirinDev0000/TSel.hpp", "function:TSEL_IMPL", topic="dtype", rules=("PTO601",),
          note="sizeof(dst) 1, 2 or 4 (FACTS sizes; A5 also admits 8)"),
    Entry("pto/npu/kirinDev0000/TSel.hpp", "function:TSEL_IMPL", topic="dtype-equal", reason="signature-implies",
          note="TSEL(TileData& dst, MaskTile&, TileData& src0, TileData& src1, ...) (common/pto_instr.hpp): dst, src0 "
               "and src1 are one type (the inference credited PTO601, the size check)"),
    Entry("pto/npu/kirinDev0000/TSel.hpp", "function:TSEL_IMPL", topic="layout", rules=("PTO603",),
          note="dst, src0, src1 row-major"),
    Entry("pto/npu/kirinDev0000/TSels.hpp", "function:TSELS_IMPL", topic="dtype", rules=("PTO601",),
          note="int8..uint32, half, float (A5's list without bfloat16_t and the 64-bit types); the sizeof 1 / 2 / 4 "
               "assertion after it admits every type of that list"),
    Entry("pto/npu/kirinDev0000/TSels.hpp", "function:TSELS_IMPL", topic="dtype-equal", rules=("PTO602",),
          note="src of dst's element type (FACTS same=('src',))"),
    Entry("pto/npu/kirinDev0000/TSels.hpp", "function:TSELS_IMPL", topic="layout", rules=("PTO603",),
          note="dst, mask and src row-major"),
    Entry("pto/npu/kirinDev0000/TSels.hpp", "function:TSELS_IMPL", kind="runtime", rules=("PTO604", "PTO610"),
          note="src's valid rows / columns equal to dst's (debug trap): PTO604 a smaller src, PTO610 a larger one"),
    # -- TDivS.hpp (rules/tdivs.py A5_LIKE / OWN kirindev0000) --
    Entry("pto/npu/kirinDev0000/TDivS.hpp", "function:TDIVS_IMPL", kind="static", topic="dtype", rules=("PTO501",),
          note="tile/scalar form: dst uint32 / int32 / uint16 / int16 / half / float (KD_D1_TYPES; the scalar/tile "
               "form has no type assertion)"),
    Entry("pto/npu/kirinDev0000/TDivS.hpp", "function:TDIVS_IMPL", kind="static", topic="location", rules=("PTO503",),
          note="src0 and dst TileType::Vec, both forms"),
    # -- TStore.hpp (rules/global_tensor.py / tload_tstore.py / gm_limits.py, OWN kirindev0000 TSTORE) --
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:TSTORE_IMPL", cond=r"^TileData::Loc == pto::TileType::Acc$",
          builtin="TSTORE_FP", lines=(280, 295), rules=("PTO312",),
          note="TSTORE_FP with a non-Acc source: PTO312 (FACTS TSTORE_FP kirindev0000, ptolint/own_impls.py reads "
               "the file for TSTORE_FP; fixture OWN_IMPLS/kirindev0000_tstore_checks.cpp); an Acc source is PTO007's "
               "(no L0C), and the fp tile (TileType::Scaling) has no FBuffer there, so its TASSIGN is PTO901's"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:TSTORE_IMPL", topic="location", rules=("PTO950",),
          note="the plain store from Vec / Acc; the ReluPreMode and preQuantScalar overloads from Acc only (a Vec "
               "tile there: PTO950, quantising form)"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticAcc", cond=r"^caps::IsSInt32<TileData::DType>",
          rules=("PTO954", "PTO007"),
          note="int32 / half accumulators (ACC_TILE_TYPES kirindev0000); any Acc TSTORE is PTO007's as well (no L0C; "
               "the inference also credited PTO957, the atomic-add rule)"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticAcc", cond=r"^\(GlobalData::layout == pto::Layout::ND\) \|\|",
          rules=("PTO953", "PTO007"),
          note="an L0C store writes ND / NZ tensors only (ACC_STORE_LAYOUTS kirindev0000); PTO007 every Acc TSTORE"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticAcc", cond=r"TileData::Rows >= 1",
          rules=("PTO946", "PTO007"),
          note="Rows [1, 8192] (ND) or [1, 65535] with Cols % 16 == 0 (NZ): PTO946 (STATIC acc-ND / acc-NZ); PTO007 "
               "every Acc TSTORE"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticAcc", cond=r"RawDType", rules=("PTO954", "PTO007"),
          note="the output types: plain int32 / float / half (ACC_STORE_TYPES), quantising per accumulator type "
               "(ACC_QUANT_TYPES kirindev0000); PTO007 every Acc TSTORE"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticVec", cond=r"^sizeof\(TileData::DType\) == sizeof",
          rules=("PTO952",), note="equal element sizes"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticVec", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)",
          rules=("PTO953",), note="ND / DN / NZ pairs (LAYOUT_PAIRS TSTORE Vec) or a one-line tile; a multi-line tile "
                                  "into another layout fails here too: PTO953 (VEC_STORE_LAYOUTS kirindev0000)"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticVec", cond=r"% BLOCK_BYTE_SIZE == 0",
          rules=("PTO003", "PTO953"),
          note="with the pair check (PTO953) passed, each arm is the Tile class's 32-byte row (column) alignment of "
               "that tile (PTO003), as on A5"),
    Entry("pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticVec", cond=r"^GlobalData::layout == pto::Layout::NZ$",
          rules=("PTO953",),
          note="the `else` arm after ND and DN: a Vec store into any other layout (SCALE, MX_*, convolution layouts), "
               "a one-row / one-column tile included, which the pair assertion admits: PTO953 (VEC_STORE_LAYOUTS, "
               "added by branch curdev; the inference credited PTO027)"),
    # common/arch/register/tstore_common.hpp as Kirin Dev0000's TStore.hpp calls it (pinned to kirindev0000)
    Entry(_ST5R, "function:TStoreVecNZ", kind="static", cond=r"staticShape\[[34]\]", targets=("kirindev0000",),
          rules=("PTO959",), note="Vec -> NZ: staticShape[3] == 16 and staticShape[4] by the output type"),
    Entry(_ST5R, "function:TStoreVecNZ", kind="runtime", cond=r"^valid(Row|Col) == ", targets=("kirindev0000",),
          rules=("PTO027",), note="the valid region against the NZ tensor's extents (LAYOUT_EXTENTS kirindev0000 Vec NZ)"),
    Entry(_ST5R, "function:TStoreAccNZ", kind="static", cond=r"staticShape\[[34]\]", targets=("kirindev0000",),
          rules=("PTO959", "PTO007"),
          note="L0C -> NZ: staticShape[3] == 16 and staticShape[4] by the output type (PTO959); PTO007 every Acc TSTORE"),
    Entry(_ST5R, "function:TStoreAccNZ", kind="runtime", targets=("kirindev0000",), rules=("PTO007",),
          note="L0C -> NZ extents, reached by an Acc source only: PTO007 reports every Acc TSTORE on Kirin Dev0000 (no "
               "L0C); PTO027 (A5's check of it) does not run for an Acc tile there"),
    Entry(_ST5R, "function:TStoreAccNHWC|function:TStoreAccNCHW", kind="runtime", targets=("kirindev0000",),
          rules=("PTO007",),
          note="reached by an Acc source and an NHWC / NCHW tensor only, which Kirin Dev0000's CheckStaticAcc rejects "
               "at compile time (PTO953: ND / NZ only): PTO007 reports every Acc TSTORE there"),
    # Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it): its ND2NZ / DN2NZ cube copy and tload_common.hpp's StaticCheck
    Entry("pto/npu/kirin9030/TLoad.hpp", "function:Kirin9030LoadOp::TLoadCubeInstr", cond=r"^sizeof\(T\) == 0",
          targets=("kirin9030", "kirindev0000"), rules=("PTO953",),
          note="the DN -> NZ load into L1 (the only layout reaching this branch): LAYOUT_PAIRS kirin9030 has no (DN, NZ)"),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(sizeof\(TileData::DType\) == 1\)", reason="tile-dtype-implies",
          targets=("kirin9030", "kirindev0000"),
          note="b8 / b16 / b32 / b64: every element type a Tile admits has one of these sizes (as on A5)"),
    # --- end of kirin ----------------------------------------------------------------------------------------------
    # --- builtins a target does not provide ---------------------------------------------------------------------
    Entry("pto/common/pto_instr.hpp", "function:TPUSH|function:TPOP", cond=r"^sizeof\(Pipe\) == 0",
          rules=("PTO010",), note="GridPipe TPUSH/TPOP outside A2/A3: the #else branch rejects every call"),
    Entry("pto/common/pto_instr.hpp", "function:SYNCALL", cond=r"^CoreType != CoreType$|^Mode != Mode$",
          rules=("PTO010",), note="the #else branch of both SYNCALL forms (targets other than A2/A3, A5 and the CPU "
                                  "simulator) rejects every call: PTO010's table lists SYNCALL as missing there"),
    Entry("pto/common/pto_instr.hpp", "function:TPUSH|function:TFILLPAD", targets=("a6", "kirin9030", "kirinx90",
                                                                                  "kirindev0000"),
          builtin="TPUSH|TFILLPAD", rules=("PTO010",),
          note="a wrapper whose *_IMPL the target's header.hpp does not include (A6: TPUSH, TFILLPAD; the Kirins: "
               "TPUSH): every call fails to compile there, and PTO010 reports every call (a rule that does not run "
               "on the target, PTO010 not listing the builtin there, leaves the assertion to the entries below)"),
    Entry("pto/common/pto_instr.hpp", "function:TPUSH", cond=r"GridDirection::SOURCE", targets=("a2a3",),
          rules=("PTO026",), note="GridPipe TPUSH<SOURCE> (A2/A3, the only target with GridPipe pushes) (pipes)"),
    Entry("pto/common/pto_instr.hpp", "function:TPUSH", cond=r"GridDirection::SOURCE", targets=("a5",),
          rules=("PTO010",), note="A5: the assertion precedes the #else branch's static_assert(sizeof(Pipe) == 0), "
                                  "which rejects every GridPipe TPUSH; PTO010 reports every such call (pipes)"),
    # === branch x90: Kirin X90's own files (issue 13 items 2-4; every entry targets kirinx90 only) ===============
    # kirinX90/TLoad.hpp: TLOAD_IMPL calls TLOAD_TILE_IMPL, which nothing kirinX90/header.hpp includes declares, and
    # CheckConvTileData names an undeclared TileData: no TLOAD compiles on Kirin X90 (PTO010 has no entry for it)
    Entry("pto/npu/kirinX90/TLoad.hpp", targets=("kirinx90",), reason="header-ill-formed",
          note="kirinX90/TLoad.hpp:363 calls TLOAD_TILE_IMPL<...>, declared nowhere in what kirinX90/header.hpp "
               "includes (a2a3/TLoad.hpp, common/arch/memory/tload_common.hpp define it, X90 includes neither); "
               "CheckConvTileData (lines 314-318) reads TileData::DType, an undeclared name; clang: 'use of "
               "undeclared identifier' at both (ptolint check --headers real -t kirinx90): every function of the "
               "file is reachable only from that TLOAD_IMPL"),
    # kirinX90/TStore.hpp = A2/A3's TStore.hpp + common/arch/memory/tstore_common.hpp with its own lists
    # (ptolint/own_impls.py kirinx90 TSTORE, lineage a2a3; rules/global_tensor.py A2A3_MEM)
    Entry(_ST2, "function:TStoreAccNz2NDC1HWC0", targets=("kirinx90",), reason="header-ill-formed",
          note="reachable on Kirin X90 only from TStoreAccFp: X90's TStoreAcc has no NDC1HWC0 branch, and the "
               "TStoreAccFp that has one is tstore_common.hpp's, which kirinX90/TStore.hpp:206 defines a second time "
               "(clang: 'redefinition of TStoreAccFp'), so the fp-tile path never compiles there"),
    Entry(_ST2 + "|pto/npu/kirinX90/TStore.hpp", "function:TStoreMat2Gm*|function:TStoreUb2gm*|function:TStoreAcc*"
          "|function:CheckAcc2gm", kind="runtime", targets=("kirinx90",),
          cond=r"^gShape\d <|% BLOCK_BYTE_SIZE == 0$|^gShape0 == 1 && gShape1 == 1 && gShape2 == 1$|^validRow >= 1"
               r"|^src\.GetValidCol\(\) >= 1", rules=("PTO945",),
          note="burst counts (Shape3 / Shape4 / Shape1 < 4096), L1 lines in 32-byte blocks, L0C valid columns "
               "[1, 4095] (NZ: in 16s), valid rows [1, 8192] into a 2-D ND tensor, else [1, 65535] (RUNTIME "
               "kirinx90 of rules/gm_limits.py, A2/A3's routes)"),
    Entry(_ST2 + "|pto/npu/kirinX90/TStore.hpp", "function:TStoreUb2gmNd2nd|function:TStoreMat2GmNd2Nd", kind="runtime",
          targets=("kirinx90",), cond=r"^validRow == gShape0 \* gShape1 \* gShape2 \* gShape3$", rules=("PTO956",),
          note="Vec / L1 ND: the tensor's row count against the tile (PTO956's two harmful directions, as on A2/A3)"),
    Entry(_ST2 + "|pto/npu/kirinX90/TStore.hpp", "function:TStoreUb2gmDn2dn|function:TStoreMat2GmDn2Dn", kind="runtime",
          targets=("kirinx90",), cond=r"^validCol == gShape0 \* gShape1 \* gShape2 \* gShape4$", rules=("PTO956",),
          note="Vec / L1 DN: the tensor's column count against the tile (the same two directions)"),
    Entry(_ST2 + "|pto/npu/kirinX90/TStore.hpp", kind="runtime", targets=("kirinx90",), cond=r"^valid(Row|Col) == ",
          note="open (checkable): the valid region against the tensor's extents on the paths PTO956 does not model "
               "(burst lengths, NZ and L0C stores), as on A2/A3"),
    Entry(_ST2 + "|pto/npu/kirinX90/TStore.hpp", "function:TStore*", kind="static", targets=("kirinx90",),
          cond=r"staticShape\[[34]\]", rules=("PTO959",),
          note="NZ tensors: staticShape[3] == 16; staticShape[4] == 32 / sizeof (Vec / L1), by the output type for "
               "L0C (X90's own TStoreAccNz2nz: 16 for int32, no channel-split float; NC1HWC0: A2/A3's, float 8 or "
               "16): nz_inner"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:CheckAcc2gm", targets=("kirinx90",),
          cond=r"^\(GlobalData::layout == Layout::ND \|\|", rules=("PTO953",),
          note="an L0C store writes ND / NZ / NC1HWC0 / NDC1HWC0 tensors only (ACC_STORE_LAYOUTS kirinx90)"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:CheckAcc2gm", targets=("kirinx90",),
          cond=r"^TileData::DType == int32_t \|\| TileData::DType == half$|^GlobalData::DType == __gm__ int32_t \|\|",
          rules=("PTO954",), note="int32 / half accumulators, plain outputs int32 / float / half (ACC_TILE_TYPES, "
                                  "ACC_STORE_TYPES kirinx90)"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:CheckAcc2gm", targets=("kirinx90",),
          cond=r"^GlobalData::DType == __gm__ int8_t \|\| GlobalData::DType == __gm__ uint8_t$", rules=("PTO954",),
          note="inside `if constexpr (TileData::DType == float)`: a float accumulator, which the assertion before it "
               "(int32 / half only) rejects on every path and PTO954 reports for every TSTORE form"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:CheckAcc2gm", targets=("kirinx90",),
          cond=r"^GlobalData::DType == __gm__ int8_t \|\|", rules=("PTO954",),
          note="line 254, inside `if constexpr (is_same_v<TileData::DType, __gm__ int32_t>)`: only a tile whose "
               "element type is `__gm__ int32_t` gets there (a tile's DType carries no address space: the test "
               "fails for every int32_t accumulator in a device build), and the unconditional assertion at line 238 "
               "(TileData::DType int32_t or half, checked first) rejects that type on every path, as for the float "
               "branch above: PTO954 reports every such TSTORE (ACC_TILE_TYPES kirinx90)"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:CheckAcc2gm", kind="static", targets=("kirinx90",),
          cond=r"TileData::(Cols|Rows) >= 1", rules=("PTO946",),
          note="L0C -> GM tile: Cols [1, 4095]; Rows [1, 8192] (ND) or [1, 65535] with Cols % 16 == 0 (STATIC "
               "kirinx90)"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:CheckAcc2gm|function:TSTORE_IMPL", kind="runtime",
          targets=("kirinx90",), cond=r"GetShape\(GlobalTensorDim::DIM_0\) > 0", rules=("PTO945",),
          note="every extent and both valid dimensions > 0 (TSTORE_IMPL line 286 for every source, CheckAcc2gm line "
               "271 for every L0C store form): PTO945's kirinx90 TSTORE routes bound Shape0..4, ValidRow and "
               "ValidCol below by 1 (NONEMPTY, rules/gm_limits.py), reported when every input reaching the call "
               "stores an empty region; no vendor Kirin X90 ST kernel stores one (its corpus run is unchanged; A2/A3's "
               "same asserts stay vendor-kernels-rely)"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:TSTORE_IMPL", targets=("kirinx90",),
          cond=r"^currentAtomicType == AtomicType::AtomicNone$", builtin="TSTORE", rules=("PTO957",),
          note="no atomic add at all on Kirin X90 (NO_ATOMIC): every AtomicAdd TSTORE is reported (the fp-tile "
               "overload's copy of the assertion, reached from TSTORE_FP only, has the same text and is counted "
               "here; TSTORE_FP, whose TStoreAccFp kirinX90/TStore.hpp defines twice, is not read)"),
    Entry("pto/npu/kirinX90/TStore.hpp", "function:TSTORE_IMPL", topic="location", targets=("kirinx90",),
          builtin="TSTORE", rules=("PTO950",),
          note="plain store from Vec / Acc / Mat; the ReluPreMode and preQuantScalar overloads from Acc only "
               "(TILE_LOCATIONS kirinx90, the quantising form; the fp-tile overload's same-text copy is counted here "
               "too, TSTORE_FP itself is not read)"),
    Entry(_ST2, "function:CheckStaticForVecAndMat", targets=("kirinx90",), cond=r"^sizeof\(TileData::DType\) == sizeof",
          rules=("PTO952",), note="equal element sizes (Vec and Mat sources)"),
    Entry(_ST2, "function:CheckStaticForVecAndMat", targets=("kirinx90",),
          cond=r"^\(\(GlobalData::layout|^\(GlobalData::layout", rules=("PTO953",),
          note="ND / DN / NZ pairs or a one-line tile; b64 ND2ND / DN2DN (LAYOUT_PAIRS / B64_PAIRS kirinx90)"),
    # kirinX90/TMov.hpp: the file itself does not compile (definition-time errors, not instantiation ones), so no
    # TMOV / TMOV_FP path of it is reachable on Kirin X90 (read by branch mov)
    Entry("pto/npu/kirinX90/TMov.hpp", targets=("kirinx90",), reason="header-ill-formed",
          note="kirinX90/TMov.hpp defines TMovToVecImpl twice with the same template head and signature (lines 74 "
               "and 105; clang: 'redefinition of TMovToVecImpl' at :105, then 'no matching function for call to "
               "TMovToVecImpl' at :144), and TMovToVecNd2Nz names DstTile / SrcTile, which are not declared there "
               "(its parameters are DstTileData / SrcTileData; 'use of undeclared identifier' at :164-187, "
               "non-dependent names, so diagnosed at definition): both are errors of the file, not of one "
               "instantiation, so every translation unit that includes kirinX90/header.hpp (line 30) fails and no "
               "TMOV_IMPL overload of the file (Bias / Scaling / Vec / Acc paths, relu, scalar / vector quant, "
               "AccToVecMode) is compiled; ptolint check --headers real -t kirinx90 reports these parse errors "
               "for any TMOV kernel"),
    # Kirin 9030's TSync.hpp (kirinX90/header.hpp includes it; ptolint/own_impls.py kirinx90 TSYNC, key kirin9030)
    Entry("pto/npu/kirin9030/TSync.hpp", "function:TSYNC_IMPL", targets=("kirinx90",), rules=("PTO059",),
          note="single-op TSYNC<Op> only for ops whose pipe is M, MTE1, MTE2, MTE3, FIX or ALL (TSYNC_PIPES "
               "kirin9030)"),
    # === end of branch x90 ==========================================================================================
    # --- x90b: Kirin X90's own TExtract.hpp and TInsert.hpp (issue 13 items 2-4; rules/textract.py and
    # rules/rearrange.py key "kirinx90"; every entry targets kirinx90 only). X90 compiles A2/A3's textract_common.hpp
    # (L1 -> L0 copies, Vec -> Vec checks) and tinsert_common.hpp under its header.hpp's type renames, behind its own
    # TEXTRACT_IMPL / TINSERT_IMPL. Placed before the generic textract_common.hpp entries below, which credit A2/A3's
    # rules or leave these functions open on the other targets
    Entry(_TC, "function:TExtractToACompact|function:TExtractToBCompact", kind="static", targets=_X90,
          rules=("PTO935",), note="the compact L0 copies' static extents (A2/A3's routines, l0_copy_units)"),
    Entry(_TC, "function:TExtractToLeft|function:TExtractToRight", cond=r"^\(?DstTileData::", targets=_X90,
          rules=("PTO107",), note="Left dst ZZ, Right dst ZN (A2/A3's, the TileLeft alias of Kirin X90 is ZZ)"),
    Entry(_TC, "function:TExtractToLeft|function:TExtractToRight", cond=r"^\(?SrcTileData::", targets=_X90,
          rules=("PTO106",), note="the Mat source ZN or NZ (a one-row GEMV source for Left)"),
    Entry(_TC, "function:TEXTRACT_CONVTILE_IMPL", targets=_X90, rules=("PTO135",),
          note="TEXTRACT of a FractalZ ConvTile into L0B (X90's TEXTRACT_IMPL sends ConvTile sources there as A2/A3's "
               "does): Mat -> Right, equal element sizes, FRACTAL_Z(_3D), Right BLayout RowMajor / SLayout ColMajor, "
               "dst int8_t / half / float (bfloat16_t is #defined to half) (CONV_DST_TYPES['kirinx90'])"),
    Entry(_TC, "function:CheckTExtractVecToVecCommon", cond=r"^DstT == SrcT$", targets=_X90, rules=("PTO101",),
          note="Vec -> Vec: dst of src's element type"),
    Entry(_TC, "function:CheckTExtractVecToVecCommon", targets=_X90, rules=("PTO115",),
          note="Vec -> Vec element types: A2/A3's list, read under header.hpp's `#define bfloat16_t half` (no bf16)"),
    Entry(_TC, "function:CheckTExtractVecToVecND", cond=r"RowStride \* sizeof", targets=_X90, rules=("PTO116",),
          note="both tiles' RowStride in 32-byte blocks: the ND branch also takes a pair with a NoneBox tile on "
               "Kirin X90, a column-major tile's RowStride is one element (PTO116 reads it as Tile::RowStride)"),
    Entry(_TC, "function:CheckTExtractVecToVecND|function:CheckTExtractVecToVecNZ", cond=r"ValidCol \* sizeof",
          targets=_X90, rules=("PTO138",),
          note="Vec -> Vec of a 1-byte type needs an even static dst ValidCol (DYNAMIC, -1 times a size_t, is odd), "
               "unless dst is 1 x 1 (lines 564-568, 583-587), as on A2/A3"),
    Entry(_TC, "function:CheckTExtractVecToVecNZ", cond=r"% FRACTAL_NZ_ROW == 0$|% kC0Size == 0$", targets=_X90,
          rules=("PTO004",), note="an NZ tile's Rows / Cols multiples of its 16 x C0 box: the Tile class invariant"),
    Entry(_TC, "function:CheckTExtractVecToVecND|function:CheckTExtractVecToVecNZ", cond=r"(Rows|Cols) <= ",
          targets=_X90, rules=("PTO117",), note="Vec -> Vec: Dst::Rows / Cols within Src's (ND and NZ)"),
    Entry(_X90_EXTRACT, "function:CheckTExtract", cond=r"^\(SrcTileData::Loc == TileType::Acc\)", targets=_X90,
          rules=("PTO101",), note="dst of src's element type unless the source is Acc"),
    Entry(_X90_EXTRACT, "function:CheckTExtract", targets=_X90, rules=("PTO104",),
          note="the tile path's dst element types: (u)int8, (u)int16, int32, half, float (TILE_TYPES kirinx90)"),
    Entry(_X90_EXTRACT, "function:TExtractAccToMat|function:TExtractAccToVec", cond=r"dstStride", targets=_X90,
          rules=("PTO001", "PTO003"),
          note="accDstStride (kirinX90/common.hpp TMovConfig) is Dst::Cols for an ND destination, whose rows are "
               "32-byte blocks by the Tile invariant (PTO003), Dst::Rows x one 32-byte block otherwise; > 0 as "
               "Rows, Cols are (PTO001)"),
    Entry(_X90_EXTRACT, "function:TEXTRACT_TILE_IMPL", kind="runtime", cond=r"[Rr]ow", targets=_X90,
          rules=("PTO102",),
          note="indexRow + the static Dst::Rows within Src::Rows (debug builds, every tile path): PTO102 bounds the "
               "rows the copy reads, Dst::Rows on the non-compact L0 loads (as on A2/A3); the Acc copies' static "
               "bound is broken on purpose by the vendor's tmov_acc2mat ST kernel (line 296: a 64 x 64 dst at "
               "(16, 16) of a 64 x 64 Acc), so PTO136 leaves Kirin X90 out; Acc and Vec -> Mat copies not modelled"),
    Entry(_X90_EXTRACT, "function:TEXTRACT_TILE_IMPL", kind="runtime", cond=r"[Cc]ol", targets=_X90,
          rules=("PTO103",), note="indexCol + the static Dst::Cols within Src::Cols, as the row bound"),
    Entry(_X90_EXTRACT, "function:TExtractVecToVecNZDispatch", cond=r"^idxCol % ", targets=_X90,
          rules=("PTO125",), note="NZ Vec -> Vec TEXTRACT: indexCol on a C0 block"),
    Entry(_X90_EXTRACT, "function:TExtractVecToVecNZDispatch", cond=r"^idxRow % ", targets=_X90,
          reason="vendor-kernels-rely",
          note="NZ Vec -> Vec TEXTRACT's indexRow % 16 (an 'A3 limitation' comment): a release build copies the exact "
               "rows (the row offset is indexRow x C0 inside each column stripe); Kirin 9030's textract_vec ST kernel, "
               "which Kirin X90's test tree links, extracts at rows 8 (testKey 7) and 4 (testKey 8)"),
    Entry(_X90_EXTRACT, "function:TExtractVecToVecNDDispatch|function:TExtractVecToVecNZDispatch", cond=r"[Rr]ow",
          targets=_X90, rules=("PTO102",),
          note="Vec -> Vec: indexRow + dst valid rows (the ND branch the static Dst::ValidRow; a 1 x 1 dst: indexRow "
               "< Src::Rows) within Src::Rows"),
    Entry(_X90_EXTRACT, "function:TExtractVecToVecNDDispatch|function:TExtractVecToVecNZDispatch", cond=r"[Cc]ol",
          targets=_X90, rules=("PTO103",), note="Vec -> Vec: indexCol + dst valid columns within Src::Cols"),
    Entry(_X90_EXTRACT, "function:TEXTRACT_IMPL", kind="static", topic="layout", targets=_X90, rules=("PTO118",),
          note="Vec -> Vec pairs that are neither ND (a NoneBox tile on either side) nor both NZ: same BLayout and "
               "SLayout"),
    Entry(_X90_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^FpTileData::Loc", targets=_X90, rules=("PTO113",),
          note="the fp operand a Scaling tile"),
    Entry(_X90_EXTRACT, "function:TEXTRACT_IMPL", cond=r"^mode == AccToVecMode::SingleModeVec0$", targets=_X90,
          rules=("PTO124",), note="the AccToVecMode forms take SingleModeVec0 only"),
    Entry(_X90_EXTRACT, "function:TEXTRACT_IMPL", kind="runtime", topic="index", targets=_X90,
          reason="vendor-kernels-rely",
          note="the relu / scalar-quantised / vector-quantised Acc forms (lines 383-431) assert indexRow / indexCol + "
               "Dst's STATIC Rows / Cols within Src's; Kirin X90's textract_acc2vec ST kernel extracts a 64 x 128 "
               "static dst from a 64 x 128 Acc at (0, 16), 40 x 96 from 32 x 64 at (0, 32), 64 x 64 from 64 x 32 at "
               "(3, 0) (lines 313, 415, 495), with small valid windows a release build copies in bounds"),
    Entry(_X90_EXTRACT, "function:TExtractVecToMat", cond=r"^sizeof\(T\) == 1", targets=_X90, rules=("PTO104",),
          note="element size 1, 2 or 4: CheckTExtract, which TEXTRACT_TILE_IMPL runs first, admits no other type"),
    Entry(_X90_EXTRACT, "function:TExtractVecToMat", cond=r"^SrcTile::Loc == TileType::Vec", targets=_X90,
          reason="dispatch-guarded", note="called only from TEXTRACT_TILE_IMPL's `SrcTileData::Loc == Vec && "
                                          "DstTileData::Loc == Mat` branch"),
    # kirinX90/TInsert.hpp (rules/rearrange.py FACTS key "kirinx90": the plain Vec-source forms, the split form, the fp
    # tile; its Acc windows are PTO332's, branch x90 above) and the common/arch/memory/tinsert_common.hpp checks its
    # Vec -> Vec path calls
    Entry(_TI, "function:CheckTInsertVecToVecCommon", cond=r"^DstT == SrcT$", targets=_X90, rules=("PTO311",),
          note="Vec -> Vec: dst of src's element type"),
    Entry(_TI, "function:CheckTInsertVecToVecCommon", targets=_X90, rules=("PTO310",),
          note="Vec -> Vec element types: A2/A3's list read under header.hpp's `#define bfloat16_t half` (no bf16; "
               "INSERT_X90_VEC)"),
    Entry(_TI, "function:CheckTInsertVecToVecND", cond=r"(Rows|Cols) <= ", targets=_X90, rules=("PTO314",),
          note="the ND branch (two NoneBox row-major tiles on Kirin X90): src Rows / Cols within dst's"),
    Entry(_TI, "function:CheckTInsertVecToVecND", cond=r"RowStride \* sizeof", targets=_X90, rules=("PTO003",),
          note="the ND branch takes two NoneBox row-major tiles: their RowStride (Cols) 32-byte aligned by the Tile "
               "class invariant"),
    Entry(_TI, "function:CheckTInsertVecToVecND", cond=r"ValidCol \* sizeof", targets=_X90, rules=("PTO330",),
          note="TINSERT ND Vec -> Vec of 1-byte elements needs an even static src ValidCol (DYNAMIC fails as -1): "
               "PTO330 (kirinX90/TInsert.hpp TInsertVecToVecNDDispatch; its NZ path does not call the check) "
               "(branch audit)"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", cond=r"% kC0Size == 0$", targets=_X90,
          rules=("PTO125",), note="NZ TINSERT Vec -> Vec: indexCol a multiple of C0"),
    Entry(_X90_INSERT, "function:TInsertVecToVecNDDispatch|function:TInsertVecToMatImpl|function:TINSERT_IMPL",
          kind="runtime", topic="index", targets=_X90, lines=(200, 360), rules=("PTO318",),
          note="the plain Vec-source forms: indexRow + src valid rows / indexCol + src valid columns within Dst's Rows "
               "/ Cols (the ND branch the static ValidRow / ValidCol, a 1 x 1 source indexRow < Dst::Rows)"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", kind="static", topic="layout", targets=_X90, lines=(330, 370),
          rules=("PTO313",), note="Vec -> Vec pairs that are neither ND (two NoneBox tiles) nor both NZ: the same "
                                  "BLayout and SLayout"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", topic="dtype-equal", targets=_X90, lines=(368, 380), rules=("PTO311",),
          note="Vec -> Mat: dst of src's element type"),
    Entry(_X90_INSERT, "function:TINSERT_IMPL", topic="dtype", targets=_X90, lines=(368, 380), rules=("PTO310",),
          note="Vec -> Mat element types: A5's list under header.hpp's renames (half, float, int32, int8, int64)"),
    # a5/TExpandS.hpp on Kirin X90 (reused file): the entries above for A2/A3 / A5 name those targets only
    Entry("pto/npu/a5/TExpandS.hpp", "function:TExpandsTile", targets=_X90,
          cond=r"^repeatTimes >= 1 && repeatTimes <= EXPANDS_MAX_SUPPORT_REPEAT_TIMES$",
          rules=("PTO727",),
          note="TEXPANDS of a Mat tile: Rows * Cols * sizeof / 32 (cast to uint16_t) <= 32767; Kirin X90's L1 is 1 "
               "MiB, so a Mat tile of the whole L1 (32768 blocks) fits its buffer and still fails: PTO727 (>= 1 "
               "by the 32-byte rows, PTO003 / PTO004) (edited by branch vector)"),
    Entry("pto/npu/a5/TExpandS.hpp", "function:TExpandsConvTile", targets=_X90, rules=("PTO728",),
          note="the ConvTile fill count over GetShape(0..4) (NC1HWC0 / FRACTAL_Z, line 128) or 0..5 (NDC1HWC0 / "
               "FRACTAL_Z_3D, line 138) within [1, 32767]: Kirin X90 compiles a5/TExpandS.hpp (TEXPANDS keyed 'a5', "
               "ptolint/impls.py), PTO728 runs there (fixtures/bugs_detected/NEWER_TARGETS/"
               "kirin_texpands_b64_convtile.cpp; branch padmisc)"),
    # --- end of x90b ------------------------------------------------------------------------------------------------
    # --- TEXTRACT two-destination form (ND -> 2xNZ): rules/textract_nd2nz.py -------------------------------------
    Entry("pto/npu/*/TExtract.hpp", "function:CheckTExtractNdToNz", cond=r"Loc == TileType::Vec", rules=("PTO119",),
          note="src, dst0 and dst1 in UB"),
    Entry("pto/npu/*/TExtract.hpp", "function:CheckTExtractNdToNz", cond=r"isRowMajor|Compact", rules=("PTO120",),
          note="src ND, dst0 / dst1 NZ (A2/A3: not NZ+1)"),
    Entry("pto/npu/*/TExtract.hpp", "function:CheckTExtractNdToNz", topic="dtype|dtype-equal", rules=("PTO121",),
          note="the target's type list, dst types equal to src's"),
    Entry("pto/npu/*/TExtract.hpp", "function:CheckTExtractNdToNz", cond=r"Cols % c0Size", rules=("PTO004",),
          note="an NZ tile's Cols are a multiple of its inner box width c0: the Tile class invariant"),
    Entry("pto/npu/*/TExtract.hpp", "function:CheckTExtractNdToNz", cond=r"RowStride", rules=("PTO003", "PTO120"),
          note="an ND source's row stride is its Cols, 32-byte aligned by the Tile class invariant (PTO003); a "
               "source that is not ND is PTO120"),
    Entry("pto/npu/*/TExtract.hpp", "function:TEXTRACT_ND2XNZ_IMPL", kind="runtime", rules=("PTO122",),
          note="index_k + dst_k valid rows / cols within src's Rows / Cols"),
    # --- TDIVS: the valid-shape PTO_ASSERTs are part of the contract on A5 as well ---------------------------------
    Entry("pto/npu/*/TDivS.hpp", "function:TDIVS_IMPL", kind="runtime", rules=("PTO504", "PTO725"),
          note="src0 and dst valid rows / cols equal: PTO504 reports any difference on A5 (debug builds trap; a "
               "release build computes over dst's valid shape) and, on A2/A3, any difference with a non-empty dst; "
               "TRECIP reaches TDIVS_IMPL too (PTO725)"),
    # --- MGATHER's GM->L1 path (MGatherCheckGm2L1; rules/gather.py form "l1") ------------------------------------
    Entry(_MGS, "function:MGatherCheckGm2L1|function:MGATHER_IMPL",
          cond=r"Loc == TileType::Mat|IsMGatherNZTile|layout == Layout::ND|^Mode == Coalesce::Elem$",
          rules=("PTO999",), note="dst a Mat tile in NZ, the table Layout::ND, A5 GatherExec::Simt only with Elem"),
    Entry("pto/npu/*/MGather.hpp", "function:MGatherCheckGm2L1", cond=r"IdxSrc::DType", rules=("PTO991", "PTO999"),
          note="int32_t / uint32_t indices (PTO991) in a GM GlobalTensor: a tile's type lacks __gm__ (PTO999)"),
    Entry("pto/npu/*/MGather.hpp", "function:MGatherCheckGm2L1", cond=r"Cols % \(C0_SIZE_BYTE|Rows % FRACTAL_NZ_ROW",
          rules=("PTO004", "PTO999"), note="an NZ tile's Rows / Cols are multiples of its 16 x C0 box (PTO004); "
                                           "a dst that is not NZ is PTO999"),
    Entry(_MGS, "function:M*Check*", cond=r"IsValid\w*DType|^sizeof\(T\) <= 4$",
          rules=("PTO990",), note="the target's type list (Coalesce::Row's b8/b16/b32: every type in it)"),
    Entry(_MGS, "function:M*Check*|function:MGATHER_IMPL",
          cond=r"^Global(Table|Scratch)::DType == __gm__ T$", rules=("PTO992",),
          note="the table's and the scratch's element type == the data tile's"),
    # --- A2/A3 NZ <-> Layout::NZ transfers: the tensor's last two dimensions one static fractal (PTO959) ---------
    Entry("pto/common/arch/memory/tload_common.hpp|pto/common/arch/memory/tstore_common.hpp|pto/npu/a2a3/TStore.hpp",
          "function:CheckNzFormat|function:TStoreMat2GmNz2Nz|function:TStoreUb2gmNz2nz", kind="static",
          cond=r"staticShape\[3\] == FRACTAL_NZ_ROW", rules=("PTO959",),
          note="NZ tile and Layout::NZ tensor: staticShape[3] == 16 and staticShape[4] == 32 / sizeof(T)"),
    # --- MGATHER / MSCATTER UB path (MGatherCheck / MScatterCheck): layouts (A2/A3), static valid shapes ----------
    Entry(_MGS, "function:MGatherCheck|function:MScatterCheck",
          cond=r"SFractal == SLayout::NoneBox|kIsTableND|staticShape\[[34]\]", rules=("PTO978",),
          note="ND index tile, the table's layout paired with the data tile's, an NZ table's 16 x C0 inner shape"),
    Entry(_MGS, "function:MGatherCheck|function:MScatterCheck", cond=r"Cols \* sizeof\(T\) % BLOCK_BYTE_SIZE",
          rules=("PTO003", "PTO004"), note="the Tile class invariant: an ND tile's rows are 32-byte aligned "
                                           "(PTO003), an NZ tile's Cols a multiple of C0 (PTO004)"),
    Entry(_MGS, "function:MGatherCheck|function:MScatterCheck", cond=r"Cols % \(C0_SIZE_BYTE|Rows % FRACTAL_NZ_ROW",
          rules=("PTO004",), note="an NZ data tile (the NZ table's pair, PTO978): its 16 x C0 box divides it"),
    Entry(_MGS, "function:MGatherCheck|function:MScatterCheck", cond=r"kIdxValid|kTableCols", rules=("PTO958",),
          note="index valid shape [1, R] (A5 also [R, 1]) / equal to the data tile's, A5 the table's Shape[4]"),
    Entry(_MGS, "function:MGatherCheck|function:MScatterCheck", cond=r"^k\w+ValidR >= 1 && k\w+ValidC >= 1$|"
          r"^kTableRows >= 1$", reason="guard-implies", note="inside `if constexpr (kDstValidR > 0 && kDstValidC > 0)` "
                                                             "(resp. kTableRows > 0)"),
    # --- A2/A3 L1 -> L0A/L0B copy routine (common/arch/memory/textract_common.hpp), TEXTRACT and TMOV ------------
    Entry("pto/common/arch/memory/textract_common.hpp", "function:TExtractToA|function:TExtractToB", kind="static",
          rules=("PTO935",), note="static extents of src and dst: L0A rows % 16 / cols % C0, L0B rows % C0 / "
                                  "cols % 16, transposed copies whole fractals (l0_copy_units; A2/A3 only)"),
    Entry("pto/common/arch/memory/textract_common.hpp", "function:TExtractTo*", kind="runtime", topic="index",
          rules=("PTO123",), note="the window's start in copy blocks: L0A indexRow % 16 / indexCol % C0, L0B the "
                                  "reverse, transposed both % fractal, one-row L0A indexCol % (512 / sizeof) (TMOV "
                                  "passes 0, 0)"),
    # --- tile-scalar locations (rules/tile_scalar.py TABLE: Facts.vec) -------------------------------------------
    Entry("pto/npu/a2a3/TFmodS.hpp|pto/npu/a2a3/TRemS.hpp|pto/npu/a5/TFModS.hpp|pto/npu/a5/TRemS.hpp|"
          "pto/npu/a5/TMaxs.hpp|pto/npu/a5/TShlS.hpp|pto/npu/a5/TShrS.hpp|pto/npu/a*/TAxpy.hpp",
          topic="location", kind="static", rules=("PTO703",),
          note="the locations the target's implementation static_asserts (TABLE Facts.vec: dst and src Vec; "
               "TAXPY a2a3 src only, a5 dst only)"),
    # --- expand / part / rearrange / pipes ----------------------------------------------------------------------
    Entry("pto/npu/*/TColExpandDiv.hpp|pto/npu/*/TColExpandExpdif.hpp", topic="dtype", kind="static",
          rules=("PTO820",), note="dst's type in {half, float} (COL_BIN: A2/A3 DIV and EXPDIF, A5 EXPDIF)"),
    Entry("pto/npu/a2a3/TPartMax.hpp|pto/npu/a2a3/TPartMin.hpp|pto/npu/a2a3/TPartMul.hpp", kind="runtime",
          cond=r"condSrc0EqDst \|\| condSrc1EqDst", rules=("PTO607",),
          note="one source has dst's valid shape: PTO607 (A2/A3) reports every non-empty dst where neither source "
               "equals dst (and a smaller one that exceeds dst)"),
    Entry("pto/npu/*/TFillPad.hpp", cond=r"PadVal", rules=("PTO313",),
          note="Vec forms: dst PadVal != Null (pad_not_null); Mat form: PadVal Zero or Null (pad_in)"),
    Entry("pto/npu/a2a3/TPush.hpp", "class:TPipe", cond=r"^SyncPeriod >= 1|^FlagIDPlusOne < 16", rules=("PTO022",),
          note="SyncPeriod = SlotNum <= 2 ? SlotNum : SlotNum / 2 is >= 1 exactly when SlotNum >= 1 (PTO022's "
               "SlotNum check); uint8_t(FlagID + 1) < 16"),
    Entry("pto/npu/a5/TPush.hpp", "class:TPipe", cond=r"^FlagIDPlusOne < 16", rules=("PTO022",),
          note="uint8_t(FlagID + 1) < 16"),
    Entry("pto/npu/a2a3/TPrint.hpp", "function:TPRINT_IMPL", cond=r"^sizeof\(TileData\) == 0", rules=("PTO020",),
          note="TPRINT(src, tmp): a location other than Mat (A2/A3 only) / Vec / Acc; PTO020 rejects locations "
               "outside {Vec, Acc, Mat} (A5: {Vec, Acc})"),
    # --- A5 TEXTRACT / TMOV type lists and one-row bias / scaling sources ------------------------------------------
    Entry("pto/npu/a5/TExtract.hpp|pto/npu/a6/TExtract.hpp", "function:TEXTRACT_TILE_IMPL",
          cond=r"is_textract_supported_type", rules=("PTO104",),
          note="dst's type in is_textract_supported_type (TILE_TYPES['a5'], E1 non-Vec paths; on A6 for the calls "
               "without uint8_t / int4b_t / hifloat4x2_t tiles, the types A6's longer list adds: "
               "ptolint/own_impls.py)"),
    Entry("pto/npu/a5/TMov.hpp", "function:CommonCheck", cond=r"is_textract_supported_type", rules=("PTO932",),
          note="Mat -> Left/Right/ScaleLeft/ScaleRight and Vec -> Mat: dst's type in the TEXTRACT list (PATHS "
               "'same')"),
    Entry("pto/npu/a5/TMov.hpp", "function:TMovToBt|function:TMovToFb", cond=r"^srcRow == ONE_ROW",
          rules=("PTO933",), note="bias / scaling source of one row (PATHS 'row1')"),
    # --- TASSIGN<Addr>(tile): common/tassign_check.hpp (SA-0351..SA-0354), rules/tassign.py -------------------------
    Entry("pto/common/tassign_check.hpp", "class:tassign_static_check", cond=r"^capacity > 0|^tile_bytes <= capacity|"
          r"end_addr <= capacity", rules=("PTO901",),
          note="template form: no buffer (capacity 0), or Addr + tile bytes past the capacity (a tile larger than the "
               "buffer is past it for every Addr >= 0)"),
    Entry("pto/common/tassign_check.hpp", "class:tassign_static_check", cond=r"Addr % alignment", rules=("PTO902",),
          note="template form: Addr a multiple of the buffer's 32-byte alignment"),
    # --- assertions their caller's dispatch makes unreachable -----------------------------------------------------
    Entry("pto/common/syncall_soft.hpp", "function:SYNCALL_SOFT_IMPL|function:SYNCALL_SOFT_MIX_IMPL",
          reason="dispatch-guarded",
          note="SYNCALL (common/pto_instr.hpp) calls SYNCALL_SOFT_IMPL only under CoreType == AIVOnly and "
               "SYNCALL_SOFT_MIX_IMPL only when CoreType is neither AIVOnly nor AICOnly (the third enumerator is "
               "Mix)"),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "function:Producer::pushVec2GMFiFo|"
          "function:Producer::pushVec2CtrlFiFo", cond=r"^DataFiFo::fifoType == FIFOType::(GM|CTRL)_FIFO$",
          reason="dispatch-guarded",
          note="Producer::push calls pushVec2GMFiFo only under fifoType == GM_FIFO and pushVec2CtrlFiFo only under "
               "CTRL_FIFO (TMPipe's push)"),
    # --- A2/A3 and A5: assertions mapped for issue 13 item 4 (kept together; newer targets are mapped elsewhere) ------
    Entry("pto/npu/a2a3/TMatmul.hpp|pto/npu/a5/TMatmul.hpp|pto/npu/a6/TMatmul.hpp", "function:CheckDynamicMad|function:CheckDynamicMmad|"
          "function:TGEMV_IMPL|function:TGEMV_ACC_IMPL|function:TGEMV_BIAS_IMPL|function:TGEMV_MX_IMPL",
          cond=r"MMAD_MAX_SUPPORT_LENGTH", kind="runtime", rules=("PTO918",),
          note="m, k, n in [1, 4095]: PTO918 for the TMATMUL / TGEMV forms and (A5) TMATMUL_MX / TGEMV_MX (k from "
               "aMatrix's valid columns there)"),
    # --- Kirin 9030's own TMov.hpp (Kirin Dev0000 includes it; rules/tmov.py PATHS key "kirin9030") ------------
    Entry(_K_MOV, "function:TMovToBt", topic="dtype", rules=("PTO932",), note="bias int32 -> int32 or half -> half"),
    Entry(_K_MOV, "function:TMovToBt|function:TMovToFb", rules=("PTO933",),
          note="one source row, whole 64 / 128-byte bursts, within PTO_BIAS_SIZE_BYTES (1 KiB) / PTO_FBUF_SIZE_BYTES "
               "(7 KiB on Kirin 9030, 0 on Kirin Dev0000)"),
    Entry(_K_MOV, "function:TMovCcToCb|function:TMovCcToUb", targets=("kirin9030",), rules=("PTO003", "PTO004"),
          note="Dst::Cols (ND, NZ) or Rows (DN) * sizeof a 32-byte multiple: the Tile invariant of the destinations "
               "PTO934 admits"),
    Entry(_K_MOV, "function:TMovCcToCb|function:TMovCcToUb", targets=("kirindev0000",),
          note="open (checkable): the Acc moves on Kirin Dev0000, whose build of the file has no CheckTMovAccValid: "
               "not modelled"),
    Entry(_K_MOV, "function:CommonCheck|function:TMovToVecNd2Nz", topic="dtype|dtype-equal", rules=("PTO932",),
          note="equal types, half or int8_t into L0A / L0B; the ND -> NZ UB copy half / float / int32 / int8"),
    Entry(_K_MOV, "function:CommonCheck", topic="layout", rules=("PTO934",),
          note="L0A NZ, L0B ZN destinations, a row-major or NZ source"),
    Entry(_K_MOV, "function:TMOV_IMPL", topic="shape", rules=("PTO931",), note="Mat sources: equal static shapes"),
    Entry(_K_MOV, "function:TMOV_IMPL", cond=r"^sizeof\(DstTile::DType\) == 0", rules=("PTO930",),
          note="Mat -> ScaleLeft / ScaleRight rejected (REJECTED)"),
    Entry(_K_MOV, "function:TMOV_IMPL", targets=("kirin9030",), rules=("PTO127",),
          cond=r"^\(DstTile::Loc == TileType::Vec\)$|^\(mode == AccToVecMode::SingleModeVec0\)",
          note="the AccToVecMode TMOV forms (kirin9030/TMov.hpp:441, :472-475, :516-519): a Vec dst, with "
               "preQuantScalar / fp a single-destination mode (branch mov)"),
    Entry(_K_MOV, "function:TMOV_IMPL", targets=("kirin9030",), lines=(520, 520), rules=("PTO127",),
          note="TMOV<..., AccToVecMode>(dst, src, fp): fp in Scaling (branch mov)"),
    Entry(_K_MOV, "function:TMOV_IMPL", lines=(497, 497), targets=("kirin9030",), rules=("PTO312",),
          note="TMOV_FP(dst, src, fp) on Kirin 9030 (TMOV_IMPL(dst, src, fp), no enable_if there): fp in Scaling "
               "(FACTS TMOV_FP kirin9030, ptolint/own_impls.py kirin9030 TMOV_FP)"),
    # --- Kirin 9030's own TGather.hpp (all three Kirins; rules/gather.py FACTS key "kirin9030") --------------------
    Entry(_K_GATHER, "function:CheckValid", cond=r"^V == ", rules=("PTO991",),
          note="src1 (the indices) int16 / uint16 / int32 / uint32 / half / float"),
    Entry(_K_GATHER, "function:CheckValid|function:TGATHER_IMPL", topic="dtype", rules=("PTO990",),
          note="dst (index form), src and dst (mask form) int8..uint32, half, float"),
    # --- Kirin 9030's and Kirin Dev0000's own TStore.hpp (rules/global_tensor.py OWN) -----------------------------
    Entry("pto/npu/kirin9030/TStore.hpp|pto/npu/kirinDev0000/TStore.hpp", "function:TSTORE_IMPL",
          cond=r"^atomicType == AtomicType::AtomicNone$", rules=("PTO957",),
          note="no atomic add at all (NO_ATOMIC): every AtomicAdd TSTORE is reported"),
    Entry("pto/npu/kirin9030/TStore.hpp|pto/npu/kirinDev0000/TStore.hpp", "function:CheckStaticAcc",
          cond=r"Cols <= 4095",
          note="open (checkable): Acc -> GM columns in [1, 4095], as A5's CheckStaticAcc (open there too: no rule "
               "bounds the Acc tile's columns)"),
    # --- Kirin 9030's own TQuant.hpp (all three Kirins; rules/quant.py PTO970) --------------------------------------
    Entry("pto/npu/kirin9030/TQuant.hpp", "function:TQUANT_IMPL", cond=r"^(T == float32_t|U == u?int8_t)$",
          rules=("PTO970",), note="the INT8 forms: a float source, int8 (SYM) / uint8 (ASYM) results"),
    Entry("pto/npu/kirin9030/TQuant.hpp", "function:TQUANT_IMPL",
          note="open (checkable): the MX TQUANT form rejects every call on the Kirins; PTO977 has A5's MX facts only"),
    # --- Kirin 9030's own TMatmul.hpp (Kirin X90 and Dev0000 include it; rules/matmul.py key "kirin9030") -------
    Entry(_K_MATMUL, "function:TMatmul|function:TMatmulBias|function:CheckMadValid", topic="dtype",
          rules=("PTO910",), note="(C, A, B) in {(half, half, half), (int32, int8, int8)} (TRIPLES)"),
    Entry(_K_MATMUL, "function:CheckMadValid", cond=r"^\(TileLeft::Loc == TileType::Left\) && \(TileRight",
          rules=("PTO911", "PTO912"), note="Kirin 9030 build: the locations and A5's fractals in one assert"),
    Entry(_K_MATMUL, "function:CheckMadValid", topic="location", rules=("PTO911",),
          note="Kirin X90 build: the three locations"),
    Entry(_K_MATMUL, "function:CheckDynamicMmad|function:TGEMV*", kind="runtime", rules=("PTO918",),
          note="m, k, n in [1, 4095] (PTO_ASSERT; TGEMV: k, n from the right tile)"),
    Entry(_K_MATMUL, "function:TMATMUL_BIAS_IMPL|function:TGEMV_BIAS_IMPL", topic="dtype-equal", rules=("PTO913",),
          note="bias of the result's type (TMATMUL_BIAS: the Kirin 9030 build only)"),
    Entry(_K_MATMUL, "function:TMATMUL_BIAS_IMPL|function:TGEMV_BIAS_IMPL", topic="shape", rules=("PTO914",),
          note="a one-row Bias tile (TMATMUL_BIAS: row-major)"),
    Entry(_K_MATMUL, "function:TMATMUL_MX_IMPL", rules=("PTO010",),
          note="TMATMUL_MX_IMPL rejects every call; the pto_instr.hpp wrapper is not declared for the Kirins "
               "either (PTO010 reports the call)"),
    Entry("pto/npu/a5/TMatmul.hpp|pto/npu/a6/TMatmul.hpp", "function:CheckMadMxValid", cond=r"TileLeft::Loc == TileType::Left",
          rules=("PTO975",), note="Left / Right / Acc buffers and fractals of the MX forms"),
    Entry("pto/npu/a5/TMatmul.hpp|pto/npu/a6/TMatmul.hpp", "function:CheckMadMxValid",
          cond=r"^accBytes <= PTO_L0C_SIZE_BYTES",
          rules=("PTO976",), note="the result tile within L0C (256 KiB)"),
    Entry("pto/npu/a5/TExtract.hpp|pto/npu/a6/TExtract.hpp", "function:TExtractToA|function:TExtractToB",
          kind="static",
          cond=r"^\((src|dst)(Row|Col) % \(typeSize == 1", rules=("PTO935",),
          note="A5 transposing L1 -> L0A/L0B copy (2- and 4-byte types, not compact; 1-byte types take the compact "
               "routine, so the c0Size arm is never instantiated): every extent in 16s (l0_copy_units)"),
    # --- Kirin 9030's own TExtract.hpp (Kirin Dev0000 includes it; rules/textract.py key "kirin9030") ----------
    Entry(_K_EXTRACT, "function:TExtractToA|function:TExtractToB", kind="static",
          cond=r"^\((src|dst)(Row|Col) % \(typeSize == 1", rules=("PTO935",),
          note="the transposing L1 -> L0A/L0B copy as A5's (2-byte types, not compact: 1-byte types take the "
               "compact routine): every extent in 16s (l0_copy_units)"),
    Entry(_K_EXTRACT, "function:TExtractToAVector", kind="static", rules=("PTO935",),
          note="one-row L1 -> L0A (GEMV) copy: src Cols in 32-byte blocks, dst Cols in 512-byte fractals "
               "(l0_copy_units, kirin9030)"),
    Entry(_K_EXTRACT, "function:TExtractToAVector", kind="runtime",
          note="open (checkable): the one-row L0A copy's indexCol in 32-byte blocks (PTO_ASSERT); PTO123 has "
               "A2/A3's unit only"),
    Entry(_K_EXTRACT, "function:TExtractAccToVec", cond=r"dstStride", targets=("kirin9030",),
          rules=("PTO003", "PTO004"),
          note="Dst::Cols * sizeof a 32-byte multiple: the Tile invariant of the ND (PTO003) and NZ (PTO004) Vec "
               "tiles the Acc -> Vec paths accept (PTO108)"),
    Entry(_K_EXTRACT, "function:CheckTExtractToL0", cond=r"^DstType == SrcType$", rules=("PTO101",),
          note="L0A / L0B destination of the source's type, an Acc source included (rules/textract.py, l0)"),
    Entry(_K_EXTRACT, "function:CheckTExtractToL0", rules=("PTO104",),
          note="L0A / L0B types half, (u)int8, (u)int16 (L0_TYPES)"),
    Entry(_K_EXTRACT, "function:TExtractToLeft|function:TExtractToRight", cond=r"^\(SrcTile::", rules=("PTO106",),
          note="ZN or NZ source (Left also a one-row row-major one)"),
    Entry(_K_EXTRACT, "function:TExtractToLeft|function:TExtractToRight", cond=r"^DstTile::", rules=("PTO107",),
          note="Left NZ, Right ZN"),
    Entry(_K_EXTRACT, "function:TEXTRACT_TILE_IMPL", cond=r"is_textract_supported_type", rules=("PTO104",),
          note="(u)int8, (u)int16, int32, half (TILE_TYPES)"),
    Entry(_K_EXTRACT, "function:TEXTRACT_TILE_IMPL", topic="dtype-equal", rules=("PTO101",),
          note="same types unless the source is Acc"),
    Entry(_K_EXTRACT, "function:TEXTRACT_TILE_IMPL", cond=r"^sizeof\(DstTile::DType\) == 0", rules=("PTO109",),
          note="the ScaleLeft / ScaleRight branches reject every call ('not supported yet')"),
    Entry(_K_EXTRACT, "function:TEXTRACT_TILE_IMPL|function:TEXTRACT_IMPL", topic="layout",
          cond=r"^\(!?DstTile::isRowMajor && DstTile::SFractal|^\(DstTile::isRowMajor && DstTile::SFractal",
          targets=("kirin9030",), rules=("PTO108",),
          note="the Acc copies' destination NZ or ND (the AccToVecMode forms ND only)"),
    Entry(_K_EXTRACT, "function:TEXTRACT_TILE_IMPL|function:TEXTRACT_IMPL|function:TExtractAccToVec",
          targets=("kirindev0000",), cond=r"DstTile::SFractal|dstStride",
          note="open (checkable): the Acc copies on Kirin Dev0000, whose build of the file has no CheckTMovAccValid "
               "(kirin9030/common.hpp defines it for PTO_NPU_ARCH_KIRIN9030 only): not modelled, PTO105 / PTO108 "
               "stay quiet there"),
    Entry(_K_EXTRACT, "function:TextractConvTileCheck|function:TEXTRACT_CONVTILE_IMPL", rules=("PTO135",),
          note="TEXTRACT from a FractalZ ConvTile (TEXTRACT_IMPL line 740): dst (u)int8/16/32, half, float, Mat -> "
               "Right, equal sizes, FRACTAL_Z(_3D), Right RowMajor / ColMajor, a 4-d source's static [.., 16, C0] "
               "(CONV_DST_TYPES / CONV_INNER_SHAPE 'kirin9030')"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL", topic="dtype-equal", rules=("PTO101",), note="Vec -> Vec same types"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL", topic="dtype", rules=("PTO115",),
          note="Vec -> Vec half, float, int32, int8 (VEC_TYPES)"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL", topic="shape", rules=("PTO117",),
          note="ND: Rows and Cols; NZ: Cols (as A5)"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL", cond=r"isRowMajor == SrcTile::isRowMajor", rules=("PTO118",),
          note="Vec -> Vec layouts both ND or both NZ"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL|function:TExtractVecToVecNDDispatch", kind="runtime",
          cond=r"[Rr]ow", rules=("PTO102",), note="the rows the Vec -> Vec copy reads (window)"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL|function:TExtractVecToVecNDDispatch", kind="runtime",
          cond=r"[Cc]ol", rules=("PTO103",), note="the columns the Vec -> Vec copy reads (window)"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL", topic="location", cond=r"FpTile", rules=("PTO113",),
          note="fp tile in Scaling"),
    Entry(_K_EXTRACT, "function:TEXTRACT_IMPL", topic="location", rules=("PTO109",),
          note="relu / quant / fp forms: Dst Mat or Vec, the AccToVecMode forms Vec"),
    Entry("pto/common/arch/memory/textract_common.hpp", "function:TExtractToAVector", kind="static",
          cond=r"% fractalSize", rules=("PTO935",),
          note="one-row L1 -> L0A (GEMV) copy: src and dst Cols in whole 512-byte fractals (l0_copy_units)"),
    Entry("pto/npu/a2a3/TRemS.hpp", "function:TREMS_IMPL", cond=r"^tmp\.", kind="runtime",
          note="open (checkable): TREMS's tmp tile needs dst's valid columns and one valid row; no rule"),
    Entry("pto/npu/a2a3/TBitwiseSOp.hpp", "function:TShiftCheck", cond=r"^dstValidCol == srcValidCol$|"
          r"^\((dst|src)ValidRow != 0 && (dst|src)ValidCol != 0\)$", rules=("PTO704",),
          note="equal valid columns (Facts.equal 'col') and a non-empty dst (Facts.positive); an empty src under a "
               "non-empty dst is a src that does not cover it"),
    Entry("pto/npu/a2a3/TBitwiseSOp.hpp", "function:TShiftCheck", kind="runtime", cond=r"^dstValidRow == srcValidCol$",
          reason="vendor-kernels-rely",
          note="the header's row check compares dst's valid rows with src's valid *columns* (a debug build traps for "
               "any non-square valid shape); the vendor's ST kernels tests/npu/a2a3/src/st/testcase/tshls/"
               "tshls_kernel.cpp and tshrs/ call TSHLS / TSHRS on 32 x 128 and 32 x 111 valid shapes (the "
               "LaunchTShlS instantiations, line 58 on) and check the release result: PTO704 checks the intended "
               "row / column equalities (edited by branch vector)"),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "function:Producer::allocate|function:Consumer::free",
          cond=r"FlagIDPlusThree < 16", rules=("PTO022",),
          note="a TPipe used both ways (DIR_BOTH, A5 also DIR_BOTH_GM): uint8_t(FlagID + 3) < 16 (BOTH_WAYS)"),
    Entry("pto/npu/a2a3/TAssign.hpp", "function:TASSIGN_IMPL", kind="static", reason="model-compile-error",
          note="TASSIGN(obj, addr): a tile takes an integer address, a GlobalTensor a pointer to its element type, "
               "nothing else binds: the model's TASSIGN asserts the same (tests/test_model_headers.py)"),
    Entry("pto/npu/a2a3/TPrint.hpp", "function:TPRINT_IMPL", cond=r"^T::Loc == TileType::Vec$|^sizeof\(T\) == 0$",
          reason="model-compile-error",
          note="TPRINT(src) without tmp: a Vec tile or a GlobalTensor only: the model's TPRINT asserts the same "
               "(tests/test_model_headers.py)"),
    Entry("pto/npu/a2a3/TPrint.hpp", "function:TPrintGlobalTensorImpl", reason="model-compile-error",
          note="TPRINT of a GlobalTensor: Layout ND, DN or NZ: the model's one-operand TPRINT asserts the same"),
    Entry("pto/npu/a2a3/TSubView.hpp", "function:TSUBVIEW_IMPL", cond=r"BFractal|GetValid", reason="auto-mode-only",
          note="BFractal equality and src valid >= dst valid are asserted only in the #else (auto mode) arm; the "
               "manual arm aliases dst at src's address plus the offset and checks only equal TileTypes"),
    Entry("pto/npu/a5/Int64Rearrange.hpp", "function:Int64Gather|function:Int64Scatter", cond=r"^sizeof\(I\) == ",
          rules=("PTO991",), note="A5 TGATHER / TSCATTER of 64-bit data: 4-byte indices (gather.py TABLE, the b64 "
                                  "rows of the index sizes)"),
    Entry("pto/npu/a5/TGetScaleAddr.hpp", "function:TGET_SCALE_ADDR_IMPL", cond=r"^is_tile_data_v",
          reason="model-compile-error", note="dst and src are tiles: the model's TGET_SCALE_ADDR asserts the same "
                                             "(tests/test_model_headers.py)"),
    Entry("pto/npu/a2a3/TPop.hpp|pto/npu/a5/TPop.hpp", "function:TPOP_IMPL", cond=r"^Pipe::is_(c2v|v2c|both)",
          rules=("PTO058",), note="TPOP(pipe, gmTensor): a GM-FIFO direction (A2/A3 C2V / V2C / BOTH, A5 the *_GM ones)"),
    Entry("pto/npu/a2a3/TPop.hpp|pto/npu/a5/TPop.hpp", "function:TPOP_IMPL", cond=r"^is_global_data_v<GlobalData>$",
          reason="enable-if-implies", note="the GlobalTensor TPOP_IMPL overload is declared with "
                                           "enable_if_t<is_global_data_v<GlobalData>>"),
    Entry("pto/npu/a5/TRowExpand.hpp", "function:TRowExpandCheck", cond=r"^TileDataIn::ValidCol == 1",
          rules=("PTO830",), note="src ValidCol 1 or DYNAMIC"),
    Entry("pto/npu/a5/THistogram.hpp", "function:THISTOGRAM_IMPL", cond=r"^byte == HistByte::BYTE_0 \|\| byte == "
          r"HistByte::BYTE_1$", rules=("PTO056",), note="a uint16 source: BYTE_0 or BYTE_1 only"),
    Entry("pto/npu/a2a3/TTri.hpp", "function:TTriCheck", cond=r"^isUpperOrLower == 0 \|\| isUpperOrLower == 1$",
          rules=("PTO054",), note="TEMPLATE_VALUES: TTRI isUpperOrLower 0 or 1 on A2/A3"),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "class:TMPipe", cond=r"^FlagIDPlusOne < 16$",
          reason="model-compile-error", note="TMPipe: uint8_t(FlagID + 1) < 16: the model's TMPipe asserts the same "
                                             "(tests/test_model_headers.py)"),
    Entry("pto/npu/a5/TStore.hpp", "function:SetAtomicAdd", rules=("PTO957",),
          note="AtomicAdd TSTORE: element type in {half, float, int16, int32, int8, bfloat16} (ATOMIC_ADD_TYPES)"),
    # --- TLOAD / TSTORE, read one by one (issue 13 item 4; no provenance inference for these files) ----------------
    # A2/A3: common/arch/memory/tload_common.hpp, tstore_common.hpp, npu/a2a3/TStore.hpp
    Entry(_LD2, "function:CheckNormalTileData", cond=r"^TileData::DType == int8_t", rules=("PTO951",),
          note="the A2/A3 TLOAD element-type list (TYPES of tload_tstore.py)", targets=_A2A3_A5),
    Entry(_LD2, "function:CheckNormalTileData", topic="location", rules=("PTO950",), note="dst in Vec or Mat", targets=_A2A3_A5),
    Entry(_LD2, "function:CheckNormalTileData", cond=r"^sizeof\(TileData::DType\) == sizeof", rules=("PTO952",),
          note="equal element sizes", targets=_A2A3_A5),
    Entry(_LD2, "function:CheckNormalTileData|function:TLOAD_TILE_IMPL", cond=r"^\(GlobalData::layout|^isSameLayout",
          rules=("PTO953",), note="Vec: ND2ND / DN2DN / NZ2NZ, Mat: also ND2NZ / DN2ZN, b64: ND2ND / DN2DN only "
                                  "(LAYOUT_PAIRS, B64_PAIRS)", targets=_A2A3_A5),
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, "function:CheckNormalTileData|function:TSTORE_IMPL|function:CheckAcc2gm",
          kind="runtime", cond=r"GetShape\(GlobalTensorDim::DIM_0\) > 0", reason="vendor-kernels-rely",
          note="every extent and both valid dimensions > 0: the vendor's A2/A3 ST kernels tpartmax / tpartmin load "
               "a 16 x 0 tensor into a 16 x 0 valid region (release: zero-length bursts, nothing moves); the L0C "
               "store's valid-region ranges [1, ..] are PTO945's", targets=_A2A3_A5),
    Entry(_LD2, "function:TLoadGm2L1Nd2nz|function:TLoadGm2L1Dn2zn", cond=r"SFractalSize == 512", rules=("PTO953",),
          note="A2/A3's layout classifier (GetTileLayoutCustom) calls a boxed tile NZ / ZN only with 512-byte "
               "fractals: another fractal size makes the pair one TLOAD_TILE_IMPL rejects (tile_layout 'NONE')", targets=_A2A3_A5),
    Entry(_LD2, "function:TLoadGm2L1*", kind="static", cond=r"^GlobalData::staticShape\[0\] == 1 &&",
          rules=("PTO946",), note="ND2NZ / DN2ZN and one-line L1 loads (VectorInND / InDn): a 2-D tensor, static "
                                  "leading dimensions 1 (routes nd2nz, dn2zn, l1-row, l1-col)", targets=_A2A3_A5),
    Entry(_LD2, "function:TLoadGm2ubNd2nd|function:TLoadGm2L1Nd2nz|function:TLoadGm2L1Dn2zn", kind="static",
          cond=r"^TileData::(Rows|Cols) <", rules=("PTO946",),
          note="UB ND load: Rows < 4096; ND2NZ: Rows <= 16384; DN2ZN: Cols <= 16384", targets=_A2A3_A5),
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, "function:CheckNzFormat|function:TLoadGm2*|function:TStoreMat2Gm*|"
          "function:TStoreUb2gm*", kind="runtime", cond=r"^gS(hape|tride)\d (<|> 0 &&)|% BLOCK_BYTE_SIZE == 0$",
          rules=("PTO945",), note="burst counts (gShape3 / gShape4 / gShape1 < 4096), the ND2NZ / DN2ZN fields "
                                  "(inner extents [1, 16384] / [1, 65535], stride [1, 65535]), L1 <-> GM lines in "
                                  "32-byte blocks (RUNTIME of rules/gm_limits.py)", targets=_A2A3_A5),
    Entry(_ST2 + "|" + _T2, "function:TStoreAcc*|function:CheckAcc2gm", kind="runtime",
          cond=r"^(validRow >= 1|gShape0 == 1 && gShape1 == 1 && gShape2 == 1$|src\.GetValidCol\(\) >= 1)",
          rules=("PTO945",), note="L0C -> GM: valid columns [1, 4095] (NZ: in 16s), valid rows [1, 8192] into a "
                                  "2-D ND tensor, else [1, 65535] (routes acc-ND / NZ / NC1HWC0 / NDC1HWC0)", targets=_A2A3_A5),
    Entry(_T2, "function:CheckAcc2gm", kind="static", cond=r"TileData::(Cols|Rows) >= 1", rules=("PTO946",),
          note="L0C -> GM tile: Cols [1, 4095]; Rows [1, 8192] (ND) or [1, 65535] with Cols % 16 == 0", targets=_A2A3_A5),
    Entry(_T2, "function:CheckAcc2gm", cond=r"^TileData::DType == int32_t", rules=("PTO954",),
          note="int32 / float accumulators (ACC_TILE_TYPES)", targets=_A2A3_A5),
    Entry(_T2, "function:CheckAcc2gm", cond=r"^GlobalData::DType == __gm__ int32_t", rules=("PTO954",),
          note="plain store outputs int32 / float / half / bfloat16 (ACC_STORE_TYPES)", targets=_A2A3_A5),
    Entry(_T2, "function:CheckAcc2gm", cond=r"^GlobalData::DType == __gm__ int8_t", rules=("PTO954",),
          note="the quantising stores' output types (preQuantScalar / TSTORE_FP; float -> int8 / uint8, int32 -> "
               "int8 / uint8 / half): ACC_QUANT_TYPES a2a3 (pipes)", targets=_A2A3_A5),
    Entry(_T2, "function:CheckAcc2gm", cond=r"^\(GlobalData::layout == Layout::ND \|\|", rules=("PTO953",),
          note="an L0C store writes ND / NZ / NC1HWC0 / NDC1HWC0 tensors only (ACC_STORE_LAYOUTS)", targets=_A2A3_A5),
    Entry(_ST2, "function:TStoreAccNz2NDC1HWC0", kind="static", cond=r"^GlobalData::DType == __gm__ float",
          rules=("PTO954",), note="a list that contains CheckAcc2gm's (checked first on the same path): a plain store "
                                  "breaking it breaks PTO954's list, a quantising one PTO954's "
                                  "quantising list (a subset of this one)", targets=_A2A3_A5),
    Entry(_T2, "function:TSTORE_IMPL", topic="location", builtin="TSTORE", cond=r"^TileData::Loc == TileType::Vec",
          rules=("PTO950",), note="plain store from Vec / Acc / Mat", targets=_A2A3_A5),
    Entry(_T2, "function:TSTORE_IMPL", topic="location", cond=r"^TileData::Loc == TileType::Acc$",
          rules=("PTO950", "PTO312"), note="the ReluPreMode and preQuantScalar overloads (TSTORE: PTO950's "
                                           "quantising form) and the fp-tile overload, reached from TSTORE_FP "
                                           "(PTO312: TSTORE_FP's src in Acc)", targets=_A2A3_A5),
    Entry(_ST2, "function:CheckStaticForVecAndMat", cond=r"^sizeof\(TileData::DType\) == sizeof", rules=("PTO952",),
          note="equal element sizes (Vec and Mat sources)", targets=_A2A3_A5),
    Entry(_ST2, "function:CheckStaticForVecAndMat", cond=r"^\(\(GlobalData::layout|^\(GlobalData::layout",
          rules=("PTO953",), note="ND / DN / NZ pairs or a one-line tile; b64 ND2ND / DN2DN (the Vec store's pairs; "
                                  "a Mat store's pairs are the same list)", targets=_A2A3_A5),
    Entry(_ST2, "function:CheckStaticForVecAndMat", cond=r"^TileData::DType == int8_t",
          note="open (checkable): the A2/A3 TSTORE element-type list for Vec / Mat sources; PTO951 checks TLOAD's", targets=_A2A3_A5),
    Entry(_ST2, "function:SetAtomicAdd", rules=("PTO957",), note="AtomicAdd destination types (ATOMIC_ADD_TYPES)", targets=_A2A3_A5),
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, "function:TLoadGm2ubNd2nd|function:TStoreUb2gmNd2nd", kind="runtime",
          cond=r"^validRow == gShape0 \* gShape1 \* gShape2 \* gShape3$", rules=("PTO956",),
          note="Vec ND: the tensor's row count against the tile's valid rows; PTO956 reports the two harmful "
               "directions (more rows than the storage, fewer than the valid region; definite), not a count between "
               "the valid rows and the storage that a debug build also rejects (the docs and the vendor's ST "
               "kernels, see PTO956's provenance)", targets=_A2A3_A5),
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, "function:TLoadGm2ubDn2dn|function:TStoreUb2gmDn2dn", kind="runtime",
          cond=r"^validCol == gShape0 \* gShape1 \* gShape2 \* gShape4$", rules=("PTO956",),
          note="Vec DN: the tensor's column count against the tile's valid columns (the same two directions)", targets=_A2A3_A5),
    Entry(_LD2 + "|" + _ST2, "function:TLoadGm2L1VectorInND|function:TStoreMat2GmNd2Nd", kind="runtime",
          cond=r"^validRow == gShape0 \* gShape1 \* gShape2 \* gShape3$", rules=("PTO956",),
          note="A2/A3 L1 ND: the tensor's row count against the tile (the same two directions as Vec)",
          targets=_A2A3_A5),
    Entry(_LD2 + "|" + _ST2, "function:TLoadGm2L1VectorInDn|function:TStoreMat2GmDn2Dn", kind="runtime",
          cond=r"^validCol == gShape0 \* gShape1 \* gShape2 \* gShape4$", rules=("PTO956",),
          note="A2/A3 L1 DN: the tensor's column count against the tile", targets=_A2A3_A5),
    # --- pipes: TMPipe FIFO kinds / routes / split modes (PTO023), A5 TPipe split pushes (PTO024 static,
    # PTO025 run time), the valid region against NZ / L0C / convolution-layout tensors (PTO027). Placed before the
    # audit's open "valid(Row|Col) ==" entry for the A2/A3 memory files, which keeps the burst-length (UB / L1 ND,
    # DN) assertions; the other audit entries these rules decide are edited in place ---
    Entry("pto/npu/a5/TPush.hpp", "function:Producer::pushAcc2VecFiFo", kind="static", lines=(196, 240),
          rules=("PTO024",), targets=_A2A3_A5,
          note="TPipe (ring) push of an Acc tile into UB with a split: up-down even Rows, left-right Cols % 32, "
               "32-bit elements (pipes)"),
    Entry("pto/npu/a5/TPush.hpp", "function:Producer::pushAcc2VecFiFo|function:Producer::pushVec2MatFiFo",
          kind="runtime", lines=(196, 265), rules=("PTO025",), targets=_A2A3_A5,
          note="TPipe (ring) split pushes into a local FIFO: even valid rows / valid columns % 32 (Acc -> UB), "
               "valid columns in 32-byte blocks (Vec -> L1, left-right) (pipes)"),
    Entry("pto/npu/a5/TPush.hpp", "function:Producer::pushAcc2VecFiFo|function:Producer::pushVec2MatFiFo",
          cond=r"^\(TileDataProd::Loc == TileType::(Acc|Vec)\) && \(DataFiFo::fifoType", reason="dispatch-guarded",
          targets=_A2A3_A5,
          note="TMPipe's Producer::push calls pushAcc2VecFiFo only under Loc == Acc and fifoType == VEC_FIFO, "
               "pushVec2MatFiFo only under Loc == Vec and MAT_FIFO (pipes)"),
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, "function:CheckNzFormat|function:TStoreMat2GmNz2Nz|function:TStoreAcc*",
          kind="runtime", cond=r"^valid(Row|Col) == ", rules=("PTO027",), targets=_A2A3_A5,
          note="NZ loads into UB / L1 and NZ stores from L1 (Shape2*Shape3 rows, Shape0*Shape1*Shape4 columns), L0C "
               "stores to ND / NZ / NC1HWC0 / NDC1HWC0: LAYOUT_EXTENTS a2a3; reported when every input breaks it "
               "(definite, as PTO956) (pipes)"),
    # --- end pipes ---
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, kind="runtime", cond=r"^valid(Row|Col) == ",
          note="open (checkable): the valid region against the tensor's extents on the paths PTO956 / PTO027 do "
               "not model: the burst length of Vec and L1 ND / DN transfers (validCol == Shape4, validRow == Shape3)",
          targets=_A2A3_A5),
    Entry(_ST2 + "|" + _T2, "function:TStoreAcc*", kind="static", cond=r"staticShape\[[34]\]", rules=("PTO959",),
          note="L0C -> NZ: staticShape[3] == 16; L0C -> NZ / NC1HWC0: staticShape[4] by the output type (float 8 or "
               "16, int32 16, else 32 / sizeof): nz_inner", targets=_A2A3_A5),
    # A5: common/arch/register/tload_common.hpp, tstore_common.hpp, npu/a5/TStore.hpp
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)", rules=("PTO953",),
          note="the six Mat pairs ND2NZ DN2NZ NZ2NZ ND2ND DN2DN DN2ZN (LAYOUT_PAIRS a5 Mat)", targets=_A2A3_A5),
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^TileData::Rows (<=|\* TileData::Cols)|SFractalSize == 512|"
          r"^GlobalData::staticShape\[0\] == 1 &&", rules=("PTO946",),
          note="L1 loads: Rows <= 16384 and Rows * Cols <= 512 Ki; ND2NZ / DN2NZ: 512-byte fractals and a 2-D "
               "tensor (A5's tile_layout ignores the fractal size, so PTO953 does not)", targets=_A2A3_A5),
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^sizeof\(TileData::DType\) != 8$", rules=("PTO953",),
          note="no b64 ND2NZ / DN2NZ (B64_PAIRS a5 Mat)", targets=_A2A3_A5),
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^GlobalData::layout != pto::Layout::DN", rules=("PTO953",),
          note="no DN2NZ for the 4-bit types float4_e2m1x2_t / float4_e1m2x2_t (FP4_PAIRS a5)", targets=_A2A3_A5),
    Entry(_LD5, "function:TLoadCubeCheck|function:StaticCheck", cond=r"== GlobalData::staticShape\[4\] && BLOCK_LEN",
          rules=("PTO959",), note="A5 NZ2NZ into Vec / Mat: the tensor's last two static dimensions [16, 32 / sizeof] "
                                  "([16, 64] for 4-bit types)", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(sizeof\(TileData::DType\) == 1\)", reason="tile-dtype-implies",
          note="b8 / b16 / b32 / b64: every element type a Tile admits has one of these sizes", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"PadVal", rules=("PTO028",),
          note="int64_t / uint64_t tiles with PadValue Null or Zero only (B64_PAD a5)", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^sizeof\(TileData::DType\) == sizeof", rules=("PTO952",),
          note="equal element sizes", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)", rules=("PTO953",),
          note="Vec: ND2ND / DN2DN / NZ2NZ", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^TileData::Valid(Col|Row) == ", rules=("PTO955",),
          note="static valid shape of a row-major Vec tile against the static ND tensor", targets=_A2A3_A5),
    Entry(_ST5R, "*", kind="static", cond=r"staticShape\[[34]\]", rules=("PTO959",),
          note="A5 Vec / L0C -> NZ: staticShape[3] == 16 and staticShape[4] by the output type (Vec also 64 for 4-bit "
               "types)", targets=_A2A3_A5),
    Entry(_ST5R, "*", kind="runtime", cond=r"^valid(Row|Col) == ", rules=("PTO027",),
          note="the valid region against an NZ / NHWC / NCHW / NCDHW tensor's extents (A5 Vec NZ and L0C stores): "
               "LAYOUT_EXTENTS a5, definite (pipes)", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^caps::IsSInt32<TileData::DType>", rules=("PTO954",),
          note="int32 / float accumulators", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^caps::IsSInt32<GlobalData::RawDType>", rules=("PTO954",),
          note="plain store outputs int32 / float / half / bfloat16", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^caps::IsInt8<GlobalData::RawDType>", rules=("PTO954",),
          note="the quantising stores' output types (preQuantScalar / TSTORE_FP): ACC_QUANT_TYPES a5 (pipes)",
          targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"TileData::(Cols|Rows) >= 1", rules=("PTO946",),
          note="L0C -> GM tile: Cols [1, 4095]; Rows [1, 8192] (ND) or [1, 65535] with Cols % 16 == 0", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^\(GlobalData::layout == pto::Layout::ND\) \|\|",
          rules=("PTO953",), note="an L0C store writes ND / NZ / NHWC / NCHW / NCDHW tensors only (ACC_STORE_LAYOUTS)", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticVec", cond=r"^sizeof\(TileData::DType\) == sizeof", rules=("PTO952",),
          note="equal element sizes", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticVec", cond=r"IsTypeSupported", reason="tile-dtype-implies",
          note="caps::IsTypeSupported: any floating-point or integer type, i.e. every element type a Tile admits", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticVec", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\) && \(TileData::isRowMajor",
          rules=("PTO953",), note="ND / DN / NZ pairs or a one-line tile", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticVec", cond=r"Cols \* sizeof\(TileData::DType\) % 32 == 0",
          rules=("PTO003", "PTO953"),
          note="with the pair check (PTO953) passed, each arm is the Tile class's 32-byte row (column) alignment of "
               "that tile (PTO003): a row-major ND tile's Cols, a column-major tile's Rows", targets=_A2A3_A5),
    Entry(_ST5, "function:TSTORE_IMPL", topic="location", cond=r"^TileData::Loc == pto::TileType::Vec",
          rules=("PTO950",), note="plain store from Vec / Acc", targets=_A2A3_A5),
    Entry(_ST5, "function:TSTORE_IMPL", topic="location", cond=r"^TileData::Loc == pto::TileType::Acc$",
          rules=("PTO950", "PTO312"), note="the ReluPreMode / preQuantScalar overloads (PTO950) and the fp-tile "
                                           "overload of TSTORE_FP (PTO312)", targets=_A2A3_A5),
    # --- the rest of issue 13 item 4's list (A2/A3, A5), read one by one ---------------------------------------------
    Entry("pto/npu/a2a3/TExpandS.hpp|pto/npu/a5/TExpandS.hpp", "function:TExpandsMatTile|function:TExpandsTile",
          cond=r"^repeatTimes >= 1 && repeatTimes <= EXPANDS_MAX_SUPPORT_REPEAT_TIMES$", rules=("PTO727",),
          note="TEXPANDS of a Mat tile: Rows * Cols * sizeof / 32 (cast to uint16_t) in [1, 32767]; >= 1 by the 32-byte "
               "rows (PTO003 / PTO004); PTO727 the upper bound (on A2/A3 / A5 only a tile over 1 MiB, which does not "
               "fit the 512 KiB L1: PTO901 as well) (edited by branch vector)",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TExpandS.hpp|pto/npu/a5/TExpandS.hpp", "function:TExpandsMat5HD|function:TExpandsConvTile",
          note="open (checkable): TEXPANDS of a ConvTile: the product of its run-time shape in 32-byte blocks within "
               "[1, 32767]; the frontend reads ConvTile operands for TIMG2COL only", targets=_A2A3_A5),
    Entry("pto/npu/a5/TExpandS.hpp", "function:TExpandS", cond=r"^TileData::isRowMajor$", rules=("PTO705",),
          note="A5 TEXPANDS of a Vec int64 / uint64 tile needs a row-major tile: PTO705 (TABLE['TEXPANDS']['a5']"
               ".row_major_types) (edited by branch vector)", targets=_A2A3_A5),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a5/TExtract.hpp", "function:TEXTRACT_CONVTILE_IMPL",
          cond=r"Loc == pto::TileType::(Mat|Right)$|^SrcTileData::staticShape\[2\] == FRACTAL_NZ_ROW",
          rules=("PTO135",), note="TEXTRACT of a ConvTile (L1 fractal-Z -> L0B): Mat source, Right destination and "
                                 "(A5, inside `if constexpr (totalDimCount == 4)`) the source's static [.., 16, C0] "
                                 "inner shape", targets=_A2A3_A5),
    Entry("pto/common/pto_tile.hpp", "function:GetTileOffset",
          note="open (checkable): TPRINT of a boxed tile whose block / fractal orders are neither Nz, Zn nor Zz "
               "(ColMajor blocks of ColMajor fractals); PTO020 checks TPRINT's location only", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TPrint.hpp", "function:PrintValue", rules=("PTO037",),
          note="line 71: an element type that is neither float / half nor std::is_signed_v / is_unsigned_v. Of the "
               "tile element types the headers decide only pto::int4b_t (a struct, common/type.hpp:109): PTO037 "
               "(Vec tiles, both forms; a5/TPrint.hpp includes this file). bfloat16_t and the 8-bit float types "
               "are the device compiler's own types (type.hpp defines bfloat16_t for the CPU simulator only, lines "
               "454-463): whether std::is_signed_v holds for them is the compiler's type-trait answer (clang's "
               "__is_signed counts its floating builtin types, __bf16 among them, as signed), so they are not "
               "reported; an Acc / Mat tile prints its GM copy, the tmp tensor's type (branch padmisc)",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/MScatter.hpp|pto/npu/a5/MScatter.hpp", "function:MScatterCheck", cond=r"Atomic",
          note="open (checkable): MSCATTER's atomic operation: Add only for int8 / int16 / int32 / half / bfloat16 / "
               "float, A2/A3 no Max / Min; the gather rules do not read the atomic template argument",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TBitwiseSOp.hpp|pto/npu/a2a3/TXor.hpp", "function:T*_IMPL|function:TXorCheck",
          topic="aliasing", note="open (checkable): A2/A3 TANDS / TORS / TXORS / TXOR need dst, src (and tmp) at "
                                 "different addresses (an in-place call traps in debug builds); per-call rules do "
                                 "not see placements yet (only PTO904 follows TASSIGN addresses)", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TGather.hpp|pto/npu/a5/TGather.hpp", "function:TGATHER_IMPL",
          cond=r"^\(cmpMode == CmpMode::GT|^gatherType == GatherAxis::GATHER_ROW$",
          note="open (checkable): TGATHER's compare form takes CmpMode GT or EQ only, A5's 64-bit mask form row gathers "
               "only; the gather rules do not read these template arguments", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TMov.hpp", "function:TMovToVec", cond=r"^valid(Row|Col) > 0$", rules=("PTO126",),
          note="A2/A3 Vec -> Vec TMOV (TMovToVec): the smaller of the two valid shapes non-empty (debug builds trap, "
               "release builds return without copying); branch mov",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TMrgSort.hpp", "function:TMRGSORT_IMPL", cond=r"^repeatTimes", rules=("PTO989",),
          note="A2/A3 TMRGSORT's repeat count uint8_t(srcCol / (blockLen * 4)) within [1, 255]: PTO989 reports any "
               "quotient outside [1, 255], a superset of the truncated count's 0 (branch forms)",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TRem.hpp", "function:TRemCheck", cond=r"^tmp\.",
          note="open (checkable): A2/A3 TREM's tmp tile needs RowStride + 2 * ceil(RowStride / repeatBit) valid "
               "columns; no rule", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "function:Producer::push|function:Consumer::pop",
          cond=r"fifoType", rules=("PTO023",), note="a TMPipe whose FIFOType the push / pop of that tile has no copy "
                                 "for (A2/A3 GM or CTRL; A5 Acc -> GM or VEC, Vec -> GM, MAT or CTRL): TMPIPE push / "
                                 "pop (pipes)", targets=_A2A3_A5),
    Entry("pto/npu/a5/TPush.hpp", "function:Producer::pushAcc2VecFiFo|function:Producer::pushVec2MatFiFo",
          cond=r"^isSplitM \|\| isSplitN \|\| nonSplit$", rules=("PTO023",),
          note="TMPipe local FIFO push: two vector cores split exactly one of rows / columns, one core copies "
               "the whole tile (TMPIPE split) (pipes)", targets=_A2A3_A5),
    Entry("pto/npu/a5/TRandom.hpp", "function:TRANDOM_IMPL", cond=r"nullptr",
          note="open (checkable): TRANDOM's key and counter pointers non-null (debug builds trap); pointer values "
               "are not followed", targets=_A2A3_A5),
    Entry("pto/npu/a5/utils.hpp", "function:GetDistVst",
          rules=("PTO932", "PTO804", "PTO601", "PTO701", "PTO721", "PTO808", "PTO820", "PTO401", "PTO310", "PTO115",
                 "PTO050", "PTO206", "PTO970"),
          note="a vector store of a 64-bit element type through DIST_NORM / DIST_ONEPT (b8 / b16 / b32 only). Found by "
               "instantiating every caller builtin with int64_t and uint64_t tiles against the real headers "
               "(ptolint --headers real, a5 and kirindev0000; a6, kirin9030 and kirinx90 read by hand where their "
               "headers do not build): the builtins that reach it with a 64-bit type and no type check of their own "
               "are the plain Vec -> Vec TMOV (TMovVecToVec; TSCATTER<P1111> is the same TMOV_IMPL call; Kirin 9030's "
               "TMov.hpp, which Kirin Dev0000 includes, the same) and A5 TCOLSUM(dst, src, tmp, isBinary) (both "
               "TColSum bodies are instantiated): PTO932 / PTO804. Everywhere else a 64-bit type either takes its own "
               "Int64* path (TADD/TSUB/TMUL/TMAX/TMIN/TDIV and the scalar forms, TSHL/TSHR, TREM, TPARTADD/MAX/MIN, "
               "TSEL/TSELS, TROWSUM/MAX/MIN, TCOLSUM/MAX/MIN, TROWEXPAND, TCOLEXPAND, TEXPANDS, TTRI, TSCATTER "
               "patterns, TRECIP, the index-only TROWARGMAX/MIN) or is rejected first by the builtin's own "
               "static_assert, which these rules check: PTO601 (TAND, TOR, TXOR, TFMOD, TPRELU, TPAIRREDUCESUM, "
               "TPARTMUL, TPARTARG*, the fused float ops), PTO701 (TANDS, TORS, TXORS, TAXPY, TLRELU, TFMODS), PTO721 "
               "(TABS, TEXP, TLOG, TSQRT, TRSQRT, TRELU, TNOT), PTO804 (TCOLPROD, TCOLARGMAX/MIN), PTO808 (value+index "
               "TROWARGMAX/MIN), PTO820 / PTO401 (TROWEXPAND*/TCOLEXPAND* ops), PTO310 (TFILLPAD*, TINTERLEAVE, "
               "TDEINTERLEAVE, TTRANS, TINSERT), PTO115 (TEXTRACT Vec -> Vec), PTO932 (TMOV ND -> NZ / ZN, Vec -> Mat), "
               "PTO050 (TCI, TGATHERB, TRANDOM), PTO206 (TROWPROD), PTO970 (TDEQUANT, TQUANT); the other callers "
               "instantiate it with a fixed float, an index type or a b16 type, and the pipe builtins reach it by "
               "name only through TINSERT's Vec -> Mat copy (no GetDistVst instantiation with 64-bit tiles in the "
               "experiment) and the float / int32 Acc copies. Kirin 9030 / X90 / Dev0000 build the "
               "64-bit calls of A5 files differently (ptolint/impls.py DIVERGENT: a5/Int64*.hpp are declaration-only "
               "stubs there), so the rules with A5 facts do not run for them: there TCOLSUM's tmp form and TSCATTER "
               "of 64-bit tiles are not reported; Kirin X90's own TMov.hpp does not compile at all (header-ill-formed)",
          targets=_A2A3_A5),
    # open items (checkable, no rule yet): what each group would need (conditions and owners chosen so that no
    # assertion a rule already checks is matched)
    # --- branch mx: A5 / A6 MX scale TLOAD (PTO968, PTO951, PTO955) and MX TQUANT (PTO966, PTO967, PTO977) ----
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:TLoadMxCubeCheck*", cond=r"IsFP8E8M0",
          rules=("PTO951",), note="MX scale load: tile and tensor element types float8_e8m0_t (A6: or uint8_t); "
                                  "PTO951's MX_SCALE types"),
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:TLoadMxCubeCheck", cond=r"^TileData::Rows \* "
          r"TileData::Cols <= 512 \* 1024$", reason="buffer-fit-implies",
          note="the element-type assertion beside it admits 1-byte scales only, so Rows * Cols elements are that "
               "many bytes of L1 (512 KiB on A5 and A6)"),
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:TLoadMxCubeCheck*", cond=r"^\(TileData::Rows >=",
          rules=("PTO955",), note="MX_A_ZZ / MX_B_NN (A6 also HIF4_A_ZZ / HIF4_B_NN): the tile covers the tensor's "
                                  "static extent (mx_scale_extents)"),
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:TLoadMxCubeCheck*|function:TLoadMxCubeAVector",
          rules=("PTO968",), note="MX scale load: layout / tile-arrangement pairs, SFractalSize 32, the [16, 2] "
                                  "(HiF4 [16, 4]) tensor fractal, the 3-D ND / DN views with last dimension 2, the "
                                  "one-row form's [1, 1, 1, 1, k] tensor"),
    Entry("pto/npu/a5/TQuant.hpp", "function:TQUANT_IMPL", cond=r"^grp_axis == 1$|^!interleave$",
          rules=("PTO966",), note="the grp_axis / mx_alg form: grp_axis 0 or 1, interleave with grp_axis 0 only"),
    Entry("pto/npu/a5/TQuant.hpp", "function:TQUANT_IMPL", cond=r"Rows % 64 == 0$|interleavedExp|"
          r"GetValidRow\(\) % 64|exp->GetValidRow", rules=("PTO967",),
          note="DN interleave: static source rows in 64s and exponent tile [ceil(Rows / 64), align32(2 * Cols)]; "
               "at run time valid rows in 64s and the exponent's valid region [ceil(validRow / 64), 2 * validCol]"),
    Entry("pto/npu/a6/TQuant.hpp", "function:CheckTQuantHif4Types", cond=r"^T == bfloat16_t$|^OutT == "
          r"float4_e1m2x2_t$", rules=("PTO977",), note="A6's HiF4 TQUANT: bfloat16 source, float4_e1m2x2_t result "
                                                       "(PTO977's HIF4 table)"),
    Entry("pto/npu/a6/TQuant.hpp", "function:TQUANT_IMPL", cond=r"^grp_axis == 1$", rules=("PTO966",),
          note="A6's grp_axis / mx_alg form: the MX branch takes grp_axis 0 or 1, the HiF4 branch 1 only (PTO966's "
               "HIF4 table)"),
    Entry("pto/npu/a5/TQuant.hpp|pto/npu/a6/TQuant.hpp", "function:ZeroPadColumns_VLAligned",
          cond=r"^elemPerVL % StaticCols == 0$", reason="guard-implies",
          note="its only caller, ZeroPadSourceTile, calls it under if constexpr (elemPerVL % StaticCols == 0) and "
               "takes ZeroPadColumns_Unaligned otherwise"),
    # --- end of branch mx -------------------------------------------------------------------------------------
    Entry("pto/npu/a6/TLoad.hpp", "function:TLoadHif4CubeCheck", cond=r"^TileData::DType == GlobalData::RawDType$",
          targets=("a6",), rules=("PTO936",),
          note="the hifloat4x2_t L1 data load (TLOAD_TILE_IMPL 624-630): a hifloat4x2_t tensor (line 252); "
               "ptolint/own_impls.py reads hifloat4x2_t TLOAD calls on A6 apart (key a6:hifloat4x2_t)"),
    Entry("pto/npu/a6/TLoad.hpp", "function:TLoadHif4CubeCheck", cond=r"^TileData::ValidCol == ", targets=("a6",),
          rules=("PTO937",), note="static ValidCol == staticShape[4] when both are static (line 256), the same load"),
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:CheckConvTileData", kind="static", rules=("PTO029",),
          targets=("a2a3", "a5", "a6"), note="TLOAD into a ConvTile: element types (fp8 e4m3 / e5m2 included), Mat, "
                                             "equal element sizes, the seven layout conversions (CONV_LOAD a5 / a6)"),
    Entry("pto/npu/a6/TExtract.hpp", "function:TEXTRACT_CONVTILE_IMPL|function:TextractConvTileCheck",
          rules=("PTO135",),
          note="A6 TEXTRACT of a FractalZ ConvTile source (TEXTRACT_IMPL line 1045): A5's TextractConvTileCheck "
               "(lines 649-670, the same list, locations, sizes, layouts) and a 4-d source's static [.., 16, C0] "
               "(line 680); ctx.impl 'a5' (own_impls: a6 TEXTRACT is A5's facts)"),
    Entry("pto/common/arch/register/tload_common.hpp", "function:TLoadCubeCheck", cond=r"^sizeof\(TileData::DType\) "
          r"!= 8$", rules=("PTO953",),
          note="no 64-bit element type in an ND -> NZ or DN -> NZ load into L1 (B64_PAIRS: the layout pairs a b64 "
               "type may use)"),
    Entry("pto/common/arch/register/tload_common.hpp", "function:TLoadCubeCheck", cond=r"^TileData::Rows (<=|\*)",
          note="open (checkable): an L1 destination of at most 16384 rows and 512 Ki elements (static shape; the "
               "header counts elements, its message says 512KB); PTO901 checks the bytes of a TASSIGNed tile "
               "against L1's capacity, which implies the element bound for 1-byte types only; no rule"),
    Entry("pto/npu/a5/TQuant.hpp|pto/npu/a6/TQuant.hpp", "function:CheckTQuantMxTypes|function:TQUANT_IMPL",
          cond=r"^quant_type == QuantType::MXFP8 \|\| quant_type == QuantType::MXFP4_E2M1$", rules=("PTO977",),
          note="the MX form's QuantType template argument: MXFP8 or MXFP4_E2M1 (PTO977 reports any other; the "
               "grp_axis / MxQuantAlg form derives one of the two)"),
    # --- forms: open assertion groups on a2a3 / a5 (issue 13 item 4): TCONCAT index-tile form, TSCATTER P1111,
    # TCOLARGMAX / TCOLARGMIN, TMRGSORT, TTRANS. Placed before the audit block: these entries decide assertions its
    # broader entries would otherwise match first (the audit's own open entries for them were edited in place). ---
    Entry("pto/npu/a2a3/TColReduceIdx.hpp|pto/npu/a5/TColReduceIdx.hpp", "function:TColReduceIdxCheck",
          kind="runtime", cond=r"^dstValValidCol != 0$", rules=("PTO806", "PTO212"), targets=_A2A3_A5,
          note="dstVal's valid columns non-zero: PTO806 (equal to a non-empty src's), PTO212 (src empty)"),
    # --- end of branch forms ---
    # --- branch `audit` (issue 13 item 4): every assertion on a2a3 / a5 the provenance inference credited, read one
    # by one against the rule's documentation and check function (nothing on a2a3 / a5 is left to inference).
    # Notes: "open (partial, PTOnnn)" = the rule checks part of the condition (says which part is missing);
    # "open (checkable)" = no rule checks it. Entries are pinned to a2a3 / a5: the newer targets keep their own.
    Entry("pto/npu/a2a3/*|pto/npu/a5/*", guard=r"!\(!defined\(__PTO_AUTO__\)\)", reason="auto-mode-only",
          targets=_A2A3_A5, note="the `#else` arm of `#ifndef __PTO_AUTO__` (auto placement only)"),
    # -- elementwise (rules/elementwise.py FACTS) --
    Entry("pto/npu/a2a3/TAddReluConv.hpp|pto/npu/a2a3/TSubReluConv.hpp|pto/npu/a5/TAddReluConv.hpp|"
          "pto/npu/a5/TSubReluConv.hpp", "function:T*ReluConvCheck", cond=r"^ST == TileDataSrc1::DType$",
          rules=("PTO602",), targets=_A2A3_A5, note="src0 and src1 of one element type (FACTS same=('src1',))"),
    Entry("pto/npu/a2a3/TSel.hpp|pto/npu/a5/TSel.hpp", "function:TSEL_IMPL", topic="dtype-equal",
          reason="signature-implies", targets=_A2A3_A5,
          note="TSEL(TileData& dst, MaskTile&, TileData& src0, TileData& src1, ...) (common/pto_instr.hpp): dst, "
               "src0 and src1 are one type, so their element types are equal"),
    Entry("pto/npu/a2a3/TPartArgOp.hpp|pto/npu/a5/TPartArgBinOps.hpp", "function:checkTiles|function:TPartArgCheck",
          cond=r"^(TIdx|U) == ", rules=("PTO608",), targets=_A2A3_A5,
          note="dstIdx, src0Idx, src1Idx of one element type"),
    Entry("pto/npu/a2a3/TPartArgOp.hpp", "function:checkTiles", cond=r"^false$", lines=(213, 213), targets=_A2A3_A5,
          rules=("PTO612",), note="A2/A3 TPARTARG with an empty dst (debug trap, release returns): PTO612 (edited "
                                  "by branch vector)"),
    Entry("pto/npu/a2a3/TPartArgOp.hpp", "function:checkTiles|function:TPartArgInstr", cond=r"^false$",
          rules=("PTO609",), targets=_A2A3_A5,
          note="the index tiles' valid shapes equal to the value tiles', dst's the maximum of the sources', the "
               "sources combinable (PTO609, on a non-empty dst)"),
    Entry("pto/npu/a5/TPartArgBinOps.hpp", "function:TPartArgCheck", kind="runtime", targets=_A2A3_A5,
          rules=("PTO220",),
          note="A5 TPARTARG valid shapes: each index tile equal to its value tile, dst equal to one source and the "
               "max of both (PTO220, FACTS max_eq; branch forms)"),
    Entry("pto/npu/a*/T*.hpp", "function:T*Check|function:TPOW*_IMPL", cond=r"^valid(Row|Col)s? > 0 && ",
          kind="runtime", builtin="TADDRELUCONV|TSUBRELUCONV|TADDDEQRELU", targets=_A2A3_A5,
          rules=("PTO610",),
          note="TADDRELUCONV / TSUBRELUCONV / TADDDEQRELU with an empty dst (debug trap): PTO610 (FACTS positive), "
               "edited by branch eqshape"),
    Entry("pto/npu/a2a3/TAddDeqRelu.hpp", cond=r"tmp\.GetValid", kind="runtime", targets=_A2A3_A5,
          rules=("PTO611",), note="A2/A3 TADDDEQRELU tmp tile's valid shape >= dst's: PTO611 (edited by branch "
                                  "vector)"),
    Entry("pto/npu/a2a3/TPrelu.hpp", cond=r"tmp\.GetValid", kind="runtime", targets=_A2A3_A5,
          reason="vendor-kernels-rely",
          note="A2/A3 TPRELU tmp's valid rows > dst's: the vendor's ST kernel tests/npu/a2a3/src/st/testcase/tprelu/"
               "tprelu_kernel.cpp gives tmp dst's valid rows (tmpVRow = vRows, line 23; \"tmp's valid row/col do "
               "not take effect\") with kTRows_ + 1 rows of storage, so the select scratch at row vRows stays "
               "inside it (edited by branch vector)"),
    Entry("pto/npu/a2a3/TPow.hpp", cond=r"tmp\.GetValid", kind="runtime", targets=_A2A3_A5, rules=("PTO610",),
          note="A2/A3 TPOW / TPOWS tmp's valid shape EQUAL to dst's for a floating-point dst: PTO610 (FACTS eq, the "
               "float-only tmp pair; checked with a float TPOW whose tmp keeps its static shape) (edited by branch "
               "vector)"),
    Entry("pto/npu/a2a3/TCmp.hpp|pto/npu/a2a3/TCmps.hpp|pto/npu/a5/TCmps.hpp", "function:TCMP*_IMPL",
          cond=r"^src0\.GetValidRow\(\) == dst\.GetValidRow\(\)$", targets=_A2A3_A5,
          rules=("PTO610",),
          note="TCMP / TCMPS dst's valid rows equal to src0's (the packed mask's rows): PTO610 (FACTS eq; a5 TCMP "
               "has no such assert), edited by branch eqshape"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="runtime", topic="valid-region",
          builtin="TADD|TSUB|TMUL|TMAX|TMIN|TDIV|TSHL|TSHR|TAND|TOR|TXOR|TREM|TFMOD|TPRELU|TCMP|TSELS|TPOW|TPOWS|"
                  "TSUBRELU|TFUSEDMULADD|TFUSEDMULADDRELU|TMULADDDST|TPAIRREDUCESUM|TADDRELUCONV|TSUBRELUCONV|"
                  "TADDDEQRELU",
          cond=r"GetValid(Row|Col)\(\) ==|== \w+\.GetValid(Row|Col)\(\)", targets=_A2A3_A5,
          rules=("PTO604", "PTO610"),
          note="each source's valid shape EQUAL to the domain's (a2a3 TXOR also tmp's, a2a3 TCMP src1's to src0's): "
               "PTO604 reports a source smaller than the domain on a non-empty domain, PTO610 every other "
               "difference (edited by branch eqshape)"),
    Entry("pto/npu/a5/TPartBinOps.hpp", "function:TPARTOP_IMPL", kind="runtime", targets=_A2A3_A5,
          rules=("PTO607", "PTO220"),
          note="A5 TPART*: one source equal to dst and dst the element-wise maximum of the sources (debug trap): "
               "PTO607 reports the larger source not covering dst (the stale read), PTO220 every other violation "
               "(branch forms)"),
    Entry("pto/npu/a2a3/TPartAdd.hpp|pto/npu/a2a3/TPartOp.hpp", "function:TPartAdd|function:TPartInstr",
          kind="runtime", rules=("PTO607",), targets=_A2A3_A5,
          note="one source with dst's valid shape, the other no larger (PTO607 on a non-empty dst)"),
    Entry("pto/npu/a2a3/TPartArgOp.hpp|pto/npu/a5/TPartArgBinOps.hpp", "function:checkTiles|function:TPartArgCheck",
          cond=r"^\(TVal == float && \(TIdx|^\(T == half && \(U", rules=("PTO601", "PTO608"), targets=_A2A3_A5,
          note="value type float / half (PTO601) and the index type it admits (PTO608)"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="dtype",
          builtin="TADD|TSUB|TMUL|TMAX|TMIN|TDIV|TSHL|TSHR|TAND|TOR|TXOR|TREM|TFMOD|TPRELU|TSEL|TCMP|TPARTADD|"
                  "TPARTMAX|TPARTMIN|TPARTMUL|TSUBRELU|TFUSEDMULADD|TFUSEDMULADDRELU|TMULADDDST|TCMPS|TSELS|"
                  "TPAIRREDUCESUM|TADDRELUCONV|TSUBRELUCONV|TADDDEQRELU|TPOW|TPOWS|TPARTARGMAX|TPARTARGMIN",
          rules=("PTO601",), targets=_A2A3_A5,
          note="the element-type list (or sizes, fixed types, conversion pairs) of FACTS[instr][target], read "
               "against each static_assert"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="dtype-equal",
          builtin="TADD|TSUB|TMUL|TMAX|TMIN|TDIV|TSHL|TSHR|TAND|TOR|TXOR|TREM|TFMOD|TPRELU|TCMP|TPARTADD|"
                  "TPARTMAX|TPARTMIN|TPARTMUL|TSUBRELU|TFUSEDMULADD|TFUSEDMULADDRELU|TMULADDDST|TCMPS|TSELS|"
                  "TPAIRREDUCESUM|TPOW|TPOWS|TPARTARGMAX|TPARTARGMIN",
          rules=("PTO602",), targets=_A2A3_A5, note="the operands FACTS `same` names (a2a3 TREM: src0 only, as the "
                                                   "header compares src0 twice)"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="layout",
          builtin="TADD|TSUB|TMUL|TMAX|TMIN|TDIV|TSHL|TSHR|TAND|TOR|TXOR|TREM|TFMOD|TPRELU|TSEL|TCMP|TPARTADD|"
                  "TPARTMAX|TPARTMIN|TPARTMUL|TSUBRELU|TFUSEDMULADD|TFUSEDMULADDRELU|TMULADDDST|TCMPS|TSELS|"
                  "TPAIRREDUCESUM|TADDRELUCONV|TSUBRELUCONV|TADDDEQRELU|TPOW|TPOWS",
          rules=("PTO603",), targets=_A2A3_A5, note="isRowMajor of the operands FACTS `row_major` names"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="location",
          builtin="TCMP|TCMPS|TPOW|TPOWS|TADDRELUCONV|TSUBRELUCONV|TADDDEQRELU",
          rules=("PTO606",), targets=_A2A3_A5, note="Loc == Vec of the operands FACTS `vec` names"),
    # -- tile-scalar (rules/tile_scalar.py TABLE) --
    Entry("pto/npu/a2a3/TAxpy.hpp|pto/npu/a5/TAxpy.hpp", "function:TAXPY_IMPL", cond=r"^T == U \|\|",
          rules=("PTO702",), targets=_A2A3_A5, note="src0 of dst's type or half with a float dst (Facts.mixed)"),
    Entry("pto/npu/a2a3/TFmodS.hpp|pto/npu/a2a3/TRemS.hpp|pto/npu/a5/TFModS.hpp|pto/npu/a5/TRemS.hpp",
          kind="static", topic="dtype", rules=("PTO701",), targets=_A2A3_A5,
          note="A2/A3 TFMODS float, TREMS float / int32 (and the `sizeof(T) == 0` fallback of other types); A5 "
               "TFMODS sizeof 2 / 4, TREMS 2 / 4 / 8"),
    Entry("pto/npu/a2a3/TAddS.hpp|pto/npu/a2a3/TSubS.hpp|pto/npu/a2a3/TMins.hpp|pto/npu/a2a3/TAxpy.hpp|"
          "pto/npu/a2a3/TMulS.hpp", "function:T*_IMPL", cond=r"^false$|^\(dstValidRow != 0", kind="runtime",
          targets=_A2A3_A5, rules=("PTO704",),
          note="A2/A3 TADDS / TSUBS / TMINS / TAXPY / TMULS: equal and non-empty valid shapes (PTO704, Facts.positive "
               "on every A2/A3 form), edited by branch eqshape"),
    Entry("pto/npu/a2a3/TLRelu.hpp|pto/npu/a2a3/TMaxS.hpp", "function:T*_IMPL", cond=r"^dstValidRow > 0",
          kind="runtime", targets=_A2A3_A5,
          rules=("PTO704",),
          note="A2/A3 TLRELU / TMAXS with an empty dst (debug trap): PTO704 (Facts.positive), edited by branch "
               "eqshape"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="runtime", topic="valid-region",
          builtin="TADDS|TSUBS|TMULS|TMAXS|TMINS|TLRELU|TSHLS|TSHRS|TREMS|TFMODS|TANDS|TORS|TXORS|TAXPY",
          rules=("PTO704",), targets=_A2A3_A5,
          note="the dimensions Facts.equal names (and Facts.positive: a non-empty dst), any difference reported on "
               "a non-empty dst, an empty dst where Facts.positive (every A2/A3 form)"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="dtype",
          builtin="TADDS|TSUBS|TMULS|TMAXS|TMINS|TLRELU|TSHLS|TSHRS|TREMS|TFMODS|TANDS|TORS|TXORS|TAXPY|TEXPANDS",
          rules=("PTO701",), targets=_A2A3_A5, note="TABLE[instr][target].types (or sizes)"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="dtype-equal",
          builtin="TADDS|TSUBS|TMULS|TMAXS|TMINS|TLRELU|TSHLS|TSHRS|TREMS|TFMODS|TANDS|TORS|TXORS|TAXPY",
          rules=("PTO702",), targets=_A2A3_A5, note="Facts.same: dst's and src's element types equal"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="location",
          builtin="TADDS|TSUBS|TMULS|TMAXS|TMINS|TLRELU|TSHLS|TSHRS|TREMS|TFMODS|TANDS|TORS|TXORS|TAXPY|TEXPANDS",
          rules=("PTO703",), targets=_A2A3_A5, note="Facts.vec / Facts.locs (TEXPANDS Vec or Mat)"),
    Entry("pto/npu/a2a3/T*.hpp|pto/npu/a5/T*.hpp", kind="static", topic="layout",
          builtin="TREMS|TFMODS|TANDS|TORS|TXORS", rules=("PTO705",), targets=_A2A3_A5,
          note="Facts.row_major: both tiles row-major"),
    # -- unary (rules/unary.py TABLE) --
    Entry("pto/npu/a2a3/TUnaryOp.hpp|pto/npu/a5/TUnaryOp.hpp|pto/npu/a5/TRsqrt.hpp", kind="runtime",
          topic="valid-region", targets=_A2A3_A5,
          rules=("PTO725", "PTO726"),
          note="src's valid shape EQUAL to dst's: PTO725 reports a src not covering dst's (the stale read), "
               "PTO726 every other difference (edited by branch eqshape)"),
    Entry("pto/npu/a2a3/TUnaryOp.hpp|pto/npu/a5/TUnaryOp.hpp|pto/npu/a5/TRsqrt.hpp", kind="static", topic="dtype",
          rules=("PTO721",), targets=_A2A3_A5, note="TABLE[instr][target].types (TunaryCheck's float list, TRELU, "
                                                    "A5 TABS / TNOT lists)"),
    Entry("pto/npu/a2a3/TUnaryOp.hpp|pto/npu/a5/TUnaryOp.hpp|pto/npu/a5/TRsqrt.hpp", kind="static",
          topic="dtype-equal", rules=("PTO722",), targets=_A2A3_A5, note="dst and src of one element type"),
    Entry("pto/npu/a2a3/TUnaryOp.hpp|pto/npu/a5/TUnaryOp.hpp|pto/npu/a5/TRsqrt.hpp", kind="static",
          topic="location", rules=("PTO723",), targets=_A2A3_A5, note="dst and src Vec"),
    Entry("pto/npu/a2a3/TUnaryOp.hpp|pto/npu/a5/TUnaryOp.hpp|pto/npu/a5/TRsqrt.hpp", kind="static",
          topic="layout", rules=("PTO724",), targets=_A2A3_A5, note="dst and src row-major"),
    # -- reductions (rules/reduce.py REDUCE) --
    Entry("pto/npu/a2a3/TRowReduceOps.hpp", "function:TRowReduceOp::ReduceOptFP32_*", reason="dispatch-guarded",
          targets=_A2A3_A5, note="TRowReduceInstr calls ReduceOptFP32_RxC only under `if constexpr (is_same<T, "
                                 "float>)` and the matching ShapeOfRxC (Rows, ValidRow, Cols, ValidCol all equal)"),
    Entry("pto/npu/a2a3/TColReduceIdx.hpp|pto/npu/a5/TColReduceIdx.hpp", "function:TColReduceIdxCheck",
          cond=r"^TileDataOutIdx::DType == |^sizeof\(TileDataIn::DType\) != 1$", rules=("PTO808",),
          targets=_A2A3_A5, note="the index tile's element type (the value+index form by the value's width; no "
                                 "1-byte values there)"),
    Entry("pto/npu/a2a3/TRowReduceIdxOps.hpp|pto/npu/a5/TRowReduceIdx.hpp", "function:TRowReduceIdxCheck",
          topic="dtype", rules=("PTO808",), targets=_A2A3_A5,
          note="the index type by the value's width (the value+index form) or int32 / uint32 (index only)"),
    Entry("pto/npu/a2a3/TColReduceIdx.hpp|pto/npu/a5/TColReduceIdx.hpp", "function:TColReduceIdxCheck",
          cond=r"ValidCol == dstValidCol$|^srcValidCol == dstVal", rules=("PTO806",), targets=_A2A3_A5,
          note="src's valid columns equal to the index tile's and dstVal's (any difference, src non-empty)"),
    Entry("pto/npu/a2a3/TColReduceIdx.hpp|pto/npu/a5/TColReduceIdx.hpp", "function:TColReduceIdxCheck",
          kind="runtime", rules=("PTO212",), targets=_A2A3_A5,
          note="TCOLARGMAX / TCOLARGMIN: a non-empty src, one valid row in the index and value outputs (so equal "
               "valid rows); the valid-column equalities are PTO806's (branch forms)"),
    Entry("pto/npu/a2a3/TColSum.hpp|pto/npu/a5/TColSum.hpp", "function:TCOLSUM_IMPL", cond=r"tmpStride",
          targets=_A2A3_A5, rules=("PTO834",),
          note="TCOLSUM's binary-tree form: src's valid columns <= tmp's RowStride in src elements (debug trap) "
               "(edited by branch vector)"),
    Entry("pto/npu/a5/TRowReduce.hpp", "function:TRowReduceCheck", cond=r"^srcValidRows != 0", targets=_A2A3_A5,
          rules=("PTO832",), note="A5 TROWSUM / TROWMAX / TROWMIN of an empty src (debug trap) (edited by branch "
                                  "vector)"),
    Entry("pto/npu/a5/TRowReduce.hpp", "function:TRowReduceCheck", cond=r"^TileDataIn::isRowMajor",
          rules=("PTO802",), targets=_A2A3_A5, note="src ND (row-major, not boxed)"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", topic="layout|shape",
          cond=r"^TileData(In|Src)::|^\(TileData(In|Src)::", rules=("PTO802",), targets=_A2A3_A5,
          note="src row-major / NoneBox (the column arg reductions: NoneBox only, REDUCE src_nd False)"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", "function:TColSumCheck",
          cond=r"^TileDataTmp::isRowMajor", targets=_A2A3_A5, rules=("PTO802",),
          note="A2/A3 TCOLSUM's tmp tile ND: PTO802 (with src's) (edited by branch vector)"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", topic="layout|shape",
          rules=("PTO803",), targets=_A2A3_A5,
          note="dst (the index tile, dstVal) ND, a row reduction's dst also DN with one column"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", topic="location",
          rules=("PTO801",), targets=_A2A3_A5, note="dst, src (A2/A3 TCOLSUM's tmp; the arg reductions' outputs) Vec"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", topic="dtype",
          rules=("PTO804",), targets=_A2A3_A5, note="src's element type in REDUCE[instr][target]"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", topic="dtype-equal",
          rules=("PTO805",), targets=_A2A3_A5, note="dst (dstVal; A2/A3 TCOLARG* tmp) of src's element type"),
    Entry("pto/npu/a*/T*Reduce*.hpp|pto/npu/a*/TColSum.hpp|pto/npu/a5/TColProd.hpp", topic="valid-region",
          cond=r"==", rules=("PTO806",), targets=_A2A3_A5,
          note="src's valid rows (row reductions) / columns (column reductions) equal to dst's: any difference "
               "on a non-empty src"),
    # -- row / column expansions (rules/expand.py) --
    Entry("pto/npu/a*/TRowExpand*.hpp", "function:TROWEXPAND*_IMPL", cond=r"^\(\(TileDataSrc[01]::isRowMajor|"
          r"^\(!TileDataSrc[01]::isRowMajor", targets=_A2A3_A5,
          rules=("PTO825", "PTO831"),
          note="the per-row operand's valid shape EXACTLY one 32-byte block (row-major) or one column (column-major) "
               "by dst's valid rows: PTO825 reports a per-row operand too small for what a release build reads, "
               "PTO831 a larger one (edited by branch eqshape)"),
    Entry("pto/npu/a*/TRowExpand*.hpp", "function:TROWEXPAND*_IMPL", cond=r"src0eqdst", rules=("PTO824",),
          targets=_A2A3_A5, note="src0 or src1 row-major with dst's valid shape (on a non-empty dst)"),
    Entry("pto/npu/a*/TRowExpand.hpp|pto/npu/a*/TColExpand.hpp", cond=r"^srcValidRow != 0", targets=_A2A3_A5,
          rules=("PTO833",), note="TROWEXPAND (A2/A3: and dst) / A5 TCOLEXPAND with an empty src (debug trap) "
                                  "(edited by branch vector)"),
    Entry("pto/npu/a*/TRowExpand.hpp|pto/npu/a*/TColExpand.hpp", kind="runtime", rules=("PTO828",),
          targets=_A2A3_A5, note="TROWEXPAND src rows == dst rows, TCOLEXPAND src cols == dst cols"),
    Entry("pto/npu/a*/TColExpandBinOp.hpp", "function:TCOLEXPANDOP_IMPL", topic="dtype", rules=("PTO401", "PTO820"),
          targets=_A2A3_A5, note="the shared TCOLEXPAND<op> list: PTO401 for TCOLEXPANDMAX, PTO820 the others"),
    Entry("pto/npu/a*/TColExpandBinOp.hpp", "function:TCOLEXPANDOP_IMPL", topic="layout", rules=("PTO403", "PTO822"),
          targets=_A2A3_A5, note="dst row-major: PTO403 for TCOLEXPANDMAX, PTO822 the others"),
    Entry("pto/npu/a*/TRowExpand*.hpp|pto/npu/a*/TColExpand.hpp", topic="dtype", kind="static", rules=("PTO820",),
          targets=_A2A3_A5, note="ROW_BIN / BCAST lists per target (TQUANT's internal TROWEXPANDMUL / ADD call "
                                 "passes its own tiles: not judged here)"),
    Entry("pto/npu/a*/TRowExpand*.hpp|pto/npu/a*/TColExpand.hpp", topic="dtype-equal", kind="static",
          rules=("PTO821",), targets=_A2A3_A5, note="dst, src0, src1 (dst, src) of one element type"),
    Entry("pto/npu/a*/TRowExpand*.hpp|pto/npu/a*/TColExpand.hpp", topic="layout", kind="static", rules=("PTO822",),
          targets=_A2A3_A5, note="dst row-major (ND for the broadcasts), TCOLEXPAND src ND, TROWEXPAND src NoneBox"),
    Entry("pto/npu/a*/TRowExpand.hpp|pto/npu/a*/TColExpand.hpp", topic="location", kind="static",
          rules=("PTO823",), targets=_A2A3_A5, note="dst and src Vec"),
    # -- data rearrangement (rules/rearrange.py FACTS, rules/rearrange_runtime.py) and TMOV (rules/tmov.py) --
    Entry("pto/common/pto_instr.hpp", "function:TFILLPAD", cond=r"^mode == TFillPadMode::Normal", reason="enum-complete",
          targets=_A2A3_A5, note="TFillPadMode has exactly the three enumerators the assertion lists (common/type.hpp)"),
    Entry("pto/npu/a5/TTrans.hpp", "function:TTransB32*|function:TTransB16*", reason="dispatch-guarded",
          targets=_A2A3_A5, note="TTransTile calls the B32 / B16 helpers only under `if constexpr (sizeof(T) == 4)` "
                                 "/ `== 2`"),
    Entry("pto/npu/a5/TTrans.hpp", "function:TTransTile", lines=(300, 313), reason="buffer-fit-implies",
          targets=_A2A3_A5, note="4-byte TTRANS: the last element index below 2^32 holds for any tile in UB"),
    Entry("pto/npu/a5/TTrans.hpp", "function:TTransTile", rules=("PTO314",), targets=_A2A3_A5,
          note="A5 TTRANS of 1- / 2-byte tiles: (Rows - 1) * RowStride + Cols - 1 <= 0xFFFF for dst (src wider than "
               "tall) or src (a 16-bit index register; rules/rearrange.py FACTS index16, branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp", "function:TConcatIdxCheck",
          cond=r"^dataType == (Src0Tile|TileSrc0)::DType|^idxType == (Src1IdxTile|TileSrc1Idx)::DType$",
          rules=("PTO311",), targets=_A2A3_A5,
          note="TCONCAT's index-tile form: dst of src0's (A2/A3 and src1's) type, src1Idx of src0Idx's "
               "(rules/rearrange.py FACTS TCONCAT(idx), branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp", "function:TConcatIdxCheck",
          cond=r"^(dataType|idxType) == int32_t \|\|", rules=("PTO310",), targets=_A2A3_A5,
          note="TCONCAT's index-tile form: the data and index type lists (FACTS TCONCAT(idx), branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp", "function:TConcatIdxCheck", cond=r"::Loc == ",
          rules=("PTO312",), targets=_A2A3_A5,
          note="TCONCAT's index-tile form: dst, src0, src1 Vec tiles (FACTS TCONCAT(idx), branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp", "function:TCONCAT_IMPL", lines=(200, 270),
          kind="static", rules=("PTO311",), targets=_A2A3_A5,
          note="TCONCAT's form with dstIdx: dstIdx of src0Idx's type (FACTS TCONCAT(idx), branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp", "function:TCONCAT_IMPL", lines=(200, 270),
          kind="runtime", rules=("PTO215",), targets=_A2A3_A5,
          note="TCONCAT's index-tile form: both sources' valid rows equal to dst's, dstIdx one valid column wide "
               "(branch forms)"),
    Entry("pto/npu/a2a3/TConcat.hpp", "function:TCONCAT_IMPL", cond=r"^TD == TS0 && TD == TS1$", rules=("PTO311",),
          targets=_A2A3_A5, note="dst, src0 and src1 of one element type"),
    Entry("pto/npu/a2a3/TConcat.hpp", "function:TCONCAT_IMPL", cond=r"^validCol0 \+ validCol1 <= ",
          rules=("PTO316",), targets=_A2A3_A5, note="src0's plus src1's valid columns within Dst::Cols"),
    Entry("pto/npu/a5/TConcat.hpp", "function:TConcatCheck", cond=r"^validCols0 \+ validCols1 == ",
          targets=_A2A3_A5, rules=("PTO316", "PTO317", "PTO222"),
          note="A5 wants src0's plus src1's valid columns EQUAL to dst's: PTO317 reports a sum below dst's valid "
               "columns, PTO316 one past Dst::Cols, PTO222 a sum between the two (branch forms)"),
    Entry("pto/npu/a5/TInterleave.hpp", "function:TInterleaveCheck", cond=r"% 2 == 0", targets=_A2A3_A5,
          reason="vendor-kernels-rely",
          note="A5 TINTERLEAVE's valid columns even: the vendor's ST kernel tests/npu/a5/src/st/testcase/"
               "tinterleave/tinterleave_kernel.cpp instantiates vCols = 63 (lines 92-96: float, int32_t, int16_t) "
               "and checks the release result (edited by branch vector)"),
    Entry("pto/npu/a5/TInterleave.hpp|pto/npu/a5/TDeInterleave.hpp", kind="runtime", topic="valid-region",
          targets=_A2A3_A5, rules=("PTO317", "PTO835"),
          note="the sources' and dst1's (single-source form: both destinations') valid shapes EQUAL to the region "
               "computed: PTO317 reports a source smaller / a destination larger, PTO835 the other direction "
               "(edited by branch vector)"),
    Entry("pto/npu/a2a3/TConcat.hpp|pto/npu/a5/TConcat.hpp",
          kind="runtime", topic="valid-region", targets=_A2A3_A5,
          note="open (partial, PTO317): the PTO_ASSERT wants the sources' valid rows EQUAL to the region "
               "computed; PTO317 reports a source smaller than what is read and a destination larger than "
               "what is written, not the other direction (a debug trap all the same)"),
    Entry("pto/npu/a2a3/TTrans.hpp|pto/npu/a5/TTrans.hpp", "function:Check*ConvTile|function:CheckConv3DTile",
          rules=("PTO219",), targets=_A2A3_A5,
          note="TTRANS of ConvTiles (NCHW -> NC1HWC0 / FractalZ shapes, the H * W alignment, the UB budget), read from "
               "the ConvTiles' static ConvTileShape (a DYNAMIC dimension set at run time is not followed: the call is "
               "then not judged) (branch forms)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp", "function:CheckTInsertVecToVec*",
          cond=r"RowStride \* sizeof\(T\) % BLOCK_BYTE_SIZE", rules=("PTO003",), targets=_A2A3_A5,
          note="an ND tile's RowStride (its Cols) 32-byte aligned: the Tile class invariant"),
    Entry("pto/common/arch/memory/tinsert_common.hpp", "function:CheckTInsertVecToVecNZ",
          cond=r"% FRACTAL_NZ_ROW == 0$|% kC0Size == 0$", rules=("PTO004",), targets=_A2A3_A5,
          note="an NZ tile's Rows / Cols multiples of its 16 x C0 box: the Tile class invariant"),
    Entry("pto/common/arch/memory/tinsert_common.hpp", "function:CheckTInsertVecToVec*",
          cond=r"ValidCol \* sizeof\(T\)\) % sizeof\(uint16_t\)", targets=_A2A3_A5, rules=("PTO330",),
          note="A2/A3 TINSERT Vec->Vec of 1-byte elements needs an even static src ValidCol (DYNAMIC fails as -1) "
               "(pipes)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp", "function:TInsertVecToVecNZDispatch",
          cond=r"% FRACTAL_NZ_ROW == 0$|% kC0Size == 0$", targets=_A2A3_A5, rules=("PTO331",),
          note="A2/A3 NZ TINSERT: indexRow a multiple of 16 and indexCol of C0 (pipes)"),
    Entry("pto/npu/a2a3/TInsert.hpp", "function:TInsertVecToVecNDDispatch", cond=r"% BLOCK_BYTE_SIZE == 0$",
          rules=("PTO319",), targets=_A2A3_A5, note="ND TINSERT: indexCol * sizeof a multiple of 32 bytes"),
    Entry("pto/npu/a2a3/TInsert.hpp", "function:TINSERT_IMPL", cond=r"SrcTileData::(Rows|Cols) <= ", targets=_A2A3_A5,
          rules=("PTO332",), note="A2/A3 TINSERT of an Acc source (Acc -> Mat, relu / scalar / vector-quantised "
                                  "forms): indexRow / indexCol plus Src's static Rows / Cols within Dst's (pipes)"),
    # A5 TINSERT<TInsertMode> (the split form, FACTS "TINSERT(split)"; Kirin 9030 builds the same file)
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", lines=(660, 700), cond=r"DType == SrcTileData::DType",
          targets=_A2A3_A5, rules=("PTO311",), note="the split form: dst of src's element type"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", lines=(660, 700), cond=r"::Loc == TileType::(Mat|Vec)$",
          targets=_A2A3_A5, rules=("PTO312",), note="the split form: a Mat dst, a Vec src"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", lines=(660, 700), cond=r"isRowMajor", targets=_A2A3_A5,
          rules=("PTO313",), note="the split form: an NZ src"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", lines=(660, 700), cond=r"^\(T == half\)",
          targets=_A2A3_A5, rules=("PTO310",), note="the split form: A5's Vec -> Mat list (INSERT_A5; the Kirin "
                                                     "builds' renamed lists: INSERT_KIRIN)"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", lines=(660, 700), kind="runtime", targets=_A2A3_A5,
          rules=("PTO318",), note="the split form: indexRow + src valid rows / indexCol + src valid columns within "
                                  "Dst's Rows / Cols (PTO_ASSERT)"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TINSERT_IMPL", cond=r"^\(DstTileData::Loc == TileType::Vec\)$",
          targets=_A2A3_A5, rules=("PTO312",),
          note="TINSERT<..., AccToVecMode> (relu, scalar- and vector-quantised): a Vec dst (FACTS "
               "\"TINSERT(AccToVecMode)\")"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TInsertAccDispatch", topic="location", targets=_A2A3_A5,
          rules=("PTO312",), note="an Acc source through TInsertAccDispatch (the plain form into Mat / Vec, the relu "
                                  "and scalar-quantised forms into any dst, TINSERT_FP): a Mat or Vec dst; the plain "
                                  "TINSERT(left, acc) takes the other branch of TINSERT_IMPL (lines 629-648) and "
                                  "never reaches it"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TInsertAccDispatch", topic="layout", targets=_A2A3_A5,
          rules=("PTO313",), note="an Acc source into a Mat dst (TINSERT, TINSERT_FP): an NZ dst (FACTS "
                                  "layout_when)"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TInsertVecToMatImpl", cond=r"^DstTileData::isRowMajor",
          targets=_A2A3_A5, rules=("PTO313",), note="Vec -> Mat from a ZN src: a ZN dst (FACTS layout_when)"),
    Entry("pto/npu/a5/TInsert.hpp", "function:TInsertVecToMatImpl", cond=r"irSize", targets=_A2A3_A5,
          rules=("PTO333",), note="Vec -> Mat from a ZN src: indexRow and src valid rows multiples of 32 / sizeof(T)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp|pto/npu/a2a3/TInsert.hpp|pto/npu/a5/TInsert.hpp",
          kind="runtime", topic="index|valid-region", rules=("PTO318",), targets=_A2A3_A5,
          note="indexRow + valid rows / indexCol + valid columns within Dst's Rows / Cols (an index past Dst with "
               "nothing copied traps in debug builds unreported)"),
    Entry("pto/npu/a2a3/TMov.hpp", "function:TMovToVecImpl", cond=r"^sizeof\(T\) == sizeof\(U\)$",
          rules=("PTO932",), targets=_A2A3_A5, note="A2/A3 Vec -> Vec TMOV: equal element sizes (PATHS 'sizeof')"),
    Entry("pto/npu/a2a3/TMov.hpp|pto/npu/a5/TMov.hpp|pto/npu/a2a3/TInsert.hpp", cond=r"^FpTileData::Loc == ",
          rules=("PTO312",), targets=_A2A3_A5, note="TMOV_FP / TINSERT_FP: the fp tile in Scaling"),
    Entry("pto/npu/a5/TMov.hpp", "function:CommonCheckZZ|function:TMovNdTo2Zz|function:TMovDnTo2Zz",
          targets=_A2A3_A5, note="open (checkable): A5 TMOV ND / DN -> ZZ with a tmp tile (fp8 / e8m0 scale "
                                 "data): types and layouts; rules/tmov.py does not judge the form with a tmp tile"),
    Entry("pto/npu/a5/TMov.hpp", "function:TMovToVecNd2Nz|function:TMovNdTo2Zn", targets=_A2A3_A5,
          cond=r"^\(T == half\)|^\(std::is_same<T, half>", rules=("PTO932",),
          note="A5 Vec -> Vec TMOV ND -> NZ / ND -> ZN: dst's element type in the copies' list (PATHS['a5'] (Vec, "
               "Vec) nd2nz_types / nd2zn_types; branch mov)"),
    Entry("pto/npu/a5/TMov.hpp", "function:TMovNdTo2Zn", targets=_A2A3_A5, cond=r"^\(SrcTileData::(Rows|Cols) %",
          rules=("PTO934",), note="A5 Vec -> Vec TMOV ND -> ZN: the source's static Rows % (32 / sizeof dst type) "
                                  "and Cols % 16 (PATHS['a5'] (Vec, Vec) nd2zn_src_align; branch mov)"),
    Entry("pto/npu/a5/TMov.hpp", "function:TMOV_IMPL", targets=_A2A3_A5, rules=("PTO127",),
          cond=r"^\(DstTileData::Loc == TileType::Vec\)$|^\(mode == AccToVecMode::SingleModeVec0\)",
          note="A5 TMOV<AccToVecMode> forms (plain, preQuantScalar, fp): a Vec dst, single-destination modes with "
               "quantisation (branch mov)"),
    Entry("pto/npu/a5/common.hpp", "function:GetDualDstCtl", targets=_A2A3_A5, rules=("PTO038",),
          note="line 188: A5 Acc -> Vec dual-destination modes need a dst that is not DN; TEXTRACT's mode forms "
               "static_assert an ND dst first (a5/TExtract.hpp 1228-1230, 1269-1271, 1314-1316), TMOV's quantising "
               "mode forms reject dual modes (PTO127): the plain TMOV mode form and TINSERT's mode forms reach it, "
               "PTO038 (branch padmisc)"),
    Entry("pto/npu/a5/TMov.hpp", "function:CommonCheck*", topic="dtype|dtype-equal", rules=("PTO932",),
          targets=_A2A3_A5, note="Mat -> Left / Right / ScaleLeft / ScaleRight (CommonCheckMX): dst of src's type, "
                                 "in the TEXTRACT list (PATHS 'same')"),
    Entry("pto/npu/a5/TMov.hpp", "function:CommonCheck|function:TMovToLeft|function:TMovToRight", topic="layout",
          rules=("PTO934",), targets=_A2A3_A5, note="the source's and the L0A / L0B destination's layouts"),
    Entry("pto/npu/a5/common.hpp", "function:CheckTMovAccValid", cond=r"^\(\(DstTileData::isRowMajor",
          rules=("PTO934",), targets=_A2A3_A5, note="Acc -> Vec / Mat destinations ND, DN or NZ (dst_layouts)"),
    Entry("pto/npu/a2a3/common.hpp|pto/npu/a5/common.hpp", "function:CheckTMovAccToMat|function:CheckTMovAccValid",
          topic="location", rules=("PTO109", "PTO312"), targets=_A2A3_A5,
          note="an Acc source (a Mat dst on A2/A3): TEXTRACT's Acc path (PTO109), TMOV_FP / TINSERT_FP (PTO312); "
               "plain TMOV reaches it only from its `Src::Loc == Acc` branch"),
    Entry("pto/npu/a2a3/common.hpp|pto/npu/a5/common.hpp", "function:CheckTMovAccToMat|function:CheckTMovAccValid",
          topic="layout", rules=("PTO313", "PTO934"), targets=_A2A3_A5,
          note="the Acc source NZ (A2/A3 also the Mat dst): TMOV_FP / TINSERT_FP (PTO313), TMOV (PTO934)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp|pto/npu/a*/TConcat.hpp|pto/npu/a*/TFillPad.hpp|"
          "pto/npu/a*/TTrans.hpp|pto/npu/a*/TInsert.hpp|pto/npu/a5/T*Interleave.hpp|pto/npu/a2a3/TSubView.hpp",
          kind="static", topic="dtype", rules=("PTO310",), targets=_A2A3_A5,
          note="FACTS[form][target] types / sizes (TTRANS's per-size helpers and getCopyNullPtr's fallback are "
               "implied by the size list)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp|pto/npu/a*/TConcat.hpp|pto/npu/a*/TFillPad.hpp|"
          "pto/npu/a*/TTrans.hpp|pto/npu/a*/TInsert.hpp|pto/npu/a5/T*Interleave.hpp|pto/npu/a2a3/TSubView.hpp",
          kind="static", topic="dtype-equal", rules=("PTO311",), targets=_A2A3_A5,
          note="FACTS same / same_size"),
    Entry("pto/common/arch/memory/tinsert_common.hpp|pto/npu/a*/TConcat.hpp|pto/npu/a*/TFillPad.hpp|"
          "pto/npu/a*/TTrans.hpp|pto/npu/a*/TInsert.hpp|pto/npu/a5/T*Interleave.hpp|pto/npu/a2a3/TSubView.hpp",
          kind="static", topic="location", rules=("PTO312",), targets=_A2A3_A5,
          note="FACTS loc / same_loc (TSUBVIEW: dst's location equal to src's)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp|pto/npu/a*/TConcat.hpp|pto/npu/a*/TFillPad.hpp|"
          "pto/npu/a*/TTrans.hpp|pto/npu/a*/TInsert.hpp|pto/npu/a5/T*Interleave.hpp|pto/npu/a2a3/TSubView.hpp",
          kind="static", topic="layout", rules=("PTO313",), targets=_A2A3_A5,
          note="FACTS layout / layout_match (TFILLPAD's Mat form NZ)"),
    Entry("pto/common/arch/memory/tinsert_common.hpp|pto/npu/a*/TConcat.hpp|pto/npu/a*/TFillPad.hpp|"
          "pto/npu/a*/TTrans.hpp|pto/npu/a*/TInsert.hpp|pto/npu/a5/T*Interleave.hpp|pto/npu/a2a3/TSubView.hpp",
          kind="static", topic="shape", cond=r"<=|>=|==|% 32 == 0", rules=("PTO314",), targets=_A2A3_A5,
          note="FACTS shape / shape_cols / shape_nd / cols32 (A5 TTRANS's 12-bit strides: see the entry above)"),
    Entry("pto/npu/a2a3/TMov.hpp|pto/npu/a5/TMov.hpp", "function:TMovToBt|function:TMovToFb",
          cond=r"^SrcTileData::Rows == 1$|BURST_LEN_UNIT|BIAS_TABLE|FIXPIPE_BUFFER", rules=("PTO933",),
          targets=_A2A3_A5, note="bias / scaling source of one row, whole 64 / 128-byte bursts (A5: within the "
                                 "4 KiB table)"),
    Entry("pto/npu/a5/TMov.hpp", "function:TMovCcToCb|function:TMovCcToUb", cond=r"dstStride", rules=("PTO003", "PTO004"),
          targets=_A2A3_A5, note="the destination's stride (Cols of ND / NZ, Rows of DN) in 32-byte units: the Tile "
                                 "invariant of the destinations PTO934 admits"),
    Entry("pto/npu/a2a3/common.hpp", "function:CheckTMovAccToMat", topic="shape", rules=("PTO004", "PTO934"),
          targets=_A2A3_A5, note="an NZ Mat dst's Cols in 32-byte units (the Tile invariant, PTO004); a dst that is "
                                 "not NZ is PTO934 (TMOV) / PTO313 (the fp forms)"),
    Entry("pto/npu/a2a3/common.hpp", "function:CheckTMovAccToMat", lines=(110, 120), topic="dtype",
          rules=("PTO310",), targets=_A2A3_A5, note="the quantising forms' dst types (QUANT_A2A3: TMOV_FP, TINSERT_FP)"),
    Entry("pto/npu/a5/common.hpp", "function:CheckTMovAccValid", lines=(150, 163), topic="dtype",
          rules=("PTO310",), targets=_A2A3_A5, note="the quantising forms' dst types (QUANT_A5: TMOV_FP, TINSERT_FP; "
                                                    "TMOV's preQuantScalar form is not judged)"),
    Entry("pto/npu/a2a3/common.hpp|pto/npu/a5/common.hpp", "function:CheckTMovAccToMat|function:CheckTMovAccValid",
          cond=r"^\(\(SrcType == float\) \|\| \(SrcType == int32_t\)\)$", rules=("PTO310", "PTO932"),
          targets=_A2A3_A5, note="an fp32 / int32 accumulator: TMOV's pairs (PTO932), the quantising forms' table "
                                 "(PTO310)"),
    Entry("pto/npu/a2a3/common.hpp|pto/npu/a5/common.hpp", "function:CheckTMovAccToMat|function:CheckTMovAccValid",
          topic="dtype", rules=("PTO932",), targets=_A2A3_A5, note="the non-quantising pairs (PATHS pairs)"),
    Entry("pto/npu/a2a3/TMov.hpp|pto/npu/a5/TMov.hpp", topic="dtype|dtype-equal", rules=("PTO932",),
          targets=_A2A3_A5, note="PATHS pairs / same / dst_types"),
    Entry("pto/npu/a2a3/TMov.hpp|pto/npu/a5/TMov.hpp", topic="shape", rules=("PTO931",), targets=_A2A3_A5,
          note="static Rows / Cols of src and dst equal"),
    Entry("pto/npu/a2a3/TMov.hpp|pto/npu/a5/TMov.hpp", topic="location", rules=("PTO930",), targets=_A2A3_A5,
          note="the (src, dst) location pairs PATHS lists"),
    # -- TEXTRACT (rules/textract.py) --
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a5/TExtract.hpp",
          "function:TEXTRACT_CONVTILE_IMPL|function:TextractConvTileCheck", targets=_A2A3_A5, rules=("PTO135",),
          note="TEXTRACT of a FractalZ ConvTile into L0B: dst element types (A2/A3 int8_t / half / bfloat16_t / "
               "float, A5 also the (u)int8/16/32), equal element sizes, FRACTAL_Z(_3D) source, Right "
               "BLayout RowMajor / SLayout ColMajor (CONV_DST_TYPES)"),
    Entry("pto/common/arch/memory/textract_common.hpp", "function:TExtractToACompact|function:TExtractToBCompact",
          kind="static", rules=("PTO935",), targets=_A2A3_A5,
          note="the compact copies' static extents (A2/A3: a compact destination constrains the source)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a5/TExtract.hpp",
          "function:TExtractToLeft|function:TExtractToRight|function:TExtractToAmx|function:TExtractToBmx",
          cond=r"^\(?DstTileData::", rules=("PTO107",), targets=_A2A3_A5,
          note="the L0A / L0B (A5 also ScaleLeft / ScaleRight) destination's layout"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a5/TExtract.hpp",
          "function:TExtractToLeft|function:TExtractToRight|function:TExtractToAmx|function:TExtractToBmx",
          cond=r"^\(?SrcTileData::", rules=("PTO106",), targets=_A2A3_A5,
          note="the Mat source ZN or NZ (a one-row GEMV source for Left; A5 ScaleLeft ZZ, ScaleRight NN)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractToAVector", kind="static", targets=_A2A3_A5,
          rules=("PTO935",),
          note="A5's one-row L1 -> L0A routine (TEXTRACT into Left from a one-row source, TMOV's TMovToLeft): src / "
               "dst Cols % (512 / sizeof), 1024 for the fp4 pairs (l0_copy_units a5; edited by branch a6)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractToAVector", kind="runtime", targets=_A2A3_A5,
          rules=("PTO123",),
          note="the one-row load's indexCol % fractalSize (PTO_ASSERT): PTO123 (A5 one-row unit); TMovToLeft passes "
               "indexCol 0 (edited by branch a6)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          cond=r"^(DstT == SrcT|\(SrcTileData::Loc == TileType::Acc\) \|\| DstType == SrcType)$",
          rules=("PTO101",), targets=_A2A3_A5, note="dst of src's element type unless the source is Acc"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a5/TExtract.hpp",
          "function:CheckTExtractVecToVec*|function:TExtractVecToVecNDDispatch", cond=r"RowStride \* sizeof",
          rules=("PTO003", "PTO116"), targets=_A2A3_A5,
          note="Vec -> Vec rows on 32-byte blocks: an ND tile's by the Tile invariant (PTO003), a boxed row-major "
               "tile's by PTO116"),
    Entry("pto/common/arch/memory/textract_common.hpp", "function:CheckTExtractVecToVecNZ",
          cond=r"% FRACTAL_NZ_ROW == 0$|% kC0Size == 0$", rules=("PTO004",), targets=_A2A3_A5,
          note="an NZ tile's Rows / Cols multiples of its 16 x C0 box: the Tile class invariant"),
    Entry("pto/common/arch/memory/textract_common.hpp", "function:CheckTExtractVecToVecND|"
          "function:CheckTExtractVecToVecNZ", cond=r"^\(DstTileData::ValidCol \* sizeof\(T\)\) % sizeof\(uint16_t\)",
          targets=("a2a3",), rules=("PTO138",),
          note="Vec -> Vec of a 1-byte type: an even static dst ValidCol in bytes unless dst is 1 x 1 (lines 564-568, "
               "583-587; the int ValidCol times a size_t: DYNAMIC is odd too, the real header rejects it)"),
    Entry("pto/npu/a2a3/TExtract.hpp", "function:TExtractVecToVecNDDispatch|function:TExtractVecToVecNZDispatch",
          kind="runtime", cond=r"^idxCol \* sizeof\(T\) % BLOCK|^idx(Row|Col) % (FRACTAL_NZ_ROW|kC0Size) == 0$",
          targets=("a2a3",), rules=("PTO137",),
          note="lines 218, 252, 253: ND indexCol on a 32-byte block, NZ indexRow % 16 and indexCol % C0 (not for a "
               "1 x 1 dst); the vendor's textract_vec ST kernel keeps every window on this grid"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractVecToVecNDDispatch", kind="static",
          cond=r"^DstTileData::ValidCol \* sizeof\(T\) % BLOCK", targets=_A2A3_A5, rules=("PTO138",),
          note="line 876: the fp4 ND Vec -> Vec copy's static dst ValidCol in 32-byte blocks (the int ValidCol times "
               "a size_t: DYNAMIC fails too), not for a 1 x 1 dst (the scalar copy) (branch a6)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractVecToVecNDDispatch", kind="runtime",
          cond=r"^indexCol \* sizeof\(T\) % BLOCK", targets=_A2A3_A5, rules=("PTO137",),
          note="line 879: the fp4 ND Vec -> Vec copy's indexCol on a 32-byte block (PTO_ASSERT; PTO137's A5 arm) "
               "(branch a6)"),
    Entry("pto/npu/a2a3/TExtract.hpp", "function:TEXTRACT_IMPL", cond=r"DstTileData::Rows <= ", targets=_A2A3_A5,
          rules=("PTO102", "PTO136"),
          note="A2/A3 TEXTRACT of an Acc source (relu / scalar / vector-quantised forms, lines 494-532) asserts "
               "indexRow + Dst's STATIC Rows within Src's: PTO102 reports the calls whose copied rows (dst's valid "
               "ones) leave the source, PTO136 the others that break the static bound"),
    Entry("pto/npu/a2a3/TExtract.hpp", "function:TEXTRACT_IMPL", cond=r"DstTileData::Cols <= ", targets=_A2A3_A5,
          rules=("PTO103", "PTO136"), note="the columns' twin of the row bound (PTO103 / PTO136)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TExtractAccToVec", cond=r"dstStride", rules=("PTO003", "PTO004"),
          targets=_A2A3_A5, note="the Vec destination's stride in 32-byte units: the Tile invariant"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TEXTRACT_IMPL|function:TEXTRACT_TILE_IMPL",
          cond=r"^\(\(?!DstTileData::isRowMajor && DstTileData::SFractal == SLayout::RowMajor\)|"
               r"^\(DstTileData::isRowMajor && DstTileData::SFractal == SLayout::NoneBox\)$", rules=("PTO108",),
          targets=_A2A3_A5, note="an Acc copy's destination NZ or ND (ND only for the AccToVecMode forms)"),
    Entry("pto/npu/a5/TExtract.hpp", "function:TEXTRACT_IMPL", cond=r"^T == half", rules=("PTO115",),
          targets=_A2A3_A5, note="A5 Vec -> Vec: the element-type list (int32 accepted, 16-bit integers not)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="dtype", kind="static", builtin="TEXTRACT|TEXTRACT_FP", cond=r"^DstT == int8_t",
          rules=("PTO115",), targets=_A2A3_A5, note="A2/A3 Vec -> Vec: the element-type list"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="dtype", kind="static", builtin="TEXTRACT|TEXTRACT_FP", rules=("PTO104",), targets=_A2A3_A5,
          note="dst's element type in the target's list (paths other than Vec -> Vec)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="dtype-equal", builtin="TEXTRACT|TEXTRACT_FP", rules=("PTO101",), targets=_A2A3_A5,
          note="dst of src's element type"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="shape", builtin="TEXTRACT|TEXTRACT_FP", rules=("PTO117",), targets=_A2A3_A5,
          note="Vec -> Vec: Dst::Rows / Cols within Src's"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="layout", builtin="TEXTRACT|TEXTRACT_FP", cond=r"== SrcTileData::", rules=("PTO118",),
          targets=_A2A3_A5, note="Vec -> Vec: both tiles ND or both NZ (A2/A3 also the same SFractal)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="location", builtin="TEXTRACT|TEXTRACT_FP", cond=r"^FpTileData::Loc", rules=("PTO113",),
          targets=_A2A3_A5, note="the fp operand a Scaling tile"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="location", builtin="TEXTRACT|TEXTRACT_FP", rules=("PTO109",), targets=_A2A3_A5,
          note="the relu / quantised / AccToVecMode forms' destinations (Mat or Vec; Vec for the mode forms)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="index", kind="runtime", cond=r"[Rr]ow", rules=("PTO102",), targets=_A2A3_A5,
          note="the rows the copy reads from indexRow within Src::Rows (an indexRow past Src with no row copied "
               "traps in debug builds unreported)"),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a2a3/TExtract.hpp|pto/npu/a5/TExtract.hpp",
          topic="index", kind="runtime", cond=r"[Cc]ol", rules=("PTO103",), targets=_A2A3_A5,
          note="the columns the copy reads from indexCol within Src::Cols"),
    # -- pipes, TPRINT, misc builtins, TROWPROD, TRESHAPE, TDIVS, matmul, quant --
    Entry("pto/npu/a2a3/TPrint.hpp", "function:TPRINT_IMPL", topic="operand-kind", targets=_A2A3_A5,
          reason="model-compile-error",
          note="TPRINT(src, tmp): src a Tile and tmp a GlobalTensor: the model's two-operand TPRINT asserts the "
               "same (tests/test_model_headers.py) (edited by branch vector)"),
    Entry("pto/npu/a5/TPush.hpp", "function:TPUSH_IMPL", cond=r"is_c2v_gm", targets=_A2A3_A5, rules=("PTO058",),
          note="A5 TPUSH(pipe, gmTensor) only on the GM FIFO directions (GM_PIPE_DIRECTIONS TPUSH) (pipes)"),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "function:Producer::push|function:Consumer::pop",
          topic="location", rules=("PTO020",), targets=_A2A3_A5,
          note="the tile's TileType for the overload used (TPipe / TMPipe / TConfig)"),
    Entry("pto/npu/a2a3/TPush.hpp", "class:TPipe", cond=r"^SlotNum >= 1$", rules=("PTO022",), targets=_A2A3_A5,
          note="at least one slot"),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "class:TPipe", cond=r"^is_c2v \|\| is_v2c \|\| is_both",
          rules=("PTO022",), targets=_A2A3_A5, note="a direction the target knows (DirType & 0x7)"),
    Entry("pto/npu/a5/TPush.hpp", "class:TMPipe", targets=_A2A3_A5, cond=r"^is_c2v \|\| is_v2c$", rules=("PTO023",),
          note="A5 TMPipe's routes (C2V: Acc -> Vec through GM / VEC FIFO; V2C: Vec -> Mat through GM / MAT FIFO, "
               "Vec -> Ctrl through CTRL FIFO): TMPIPE class, checked at every TPUSH / TPOP on the pipe (pipes)"),
    Entry("pto/npu/a2a3/TAlloc.hpp|pto/npu/a2a3/TFree.hpp|pto/npu/a5/TAlloc.hpp|pto/npu/a5/TFree.hpp",
          topic="operand-kind", targets=_A2A3_A5, reason="enable-if-implies",
          note="TALLOC_IMPL / TFREE_IMPL(pipe, gmTensor) are called only from the pto_instr.hpp wrappers "
               "TALLOC / TFREE(pipe, gmTensor), declared with enable_if_t<is_global_data_v<GlobalData>> "
               "(pto_instr.hpp 2453-2456, 2491-2494); a tile there selects no TALLOC and TFREE(pipe, events...) "
               "(edited by branch vector)"),
    Entry("pto/npu/a2a3/TAlloc.hpp|pto/npu/a2a3/TFree.hpp|pto/npu/a5/TAlloc.hpp|pto/npu/a5/TFree.hpp",
          topic="template-arg", rules=("PTO058",), targets=_A2A3_A5,
          note="the GlobalTensor forms' pipe direction (A2/A3 C2V / V2C / BOTH, A5 the GM directions)"),
    Entry("pto/npu/a2a3/TCI.hpp|pto/npu/a5/Tci.hpp", "function:CheckValid", cond=r"^\(TileData::DType == T\)$",
          targets=_A2A3_A5, reason="model-compile-error",
          note="TCI<TileData, T, descending>: T is named by the kernel (descending is not deducible) and must be "
               "dst's element type: the model's TCI (both forms) asserts the same (tests/test_model_headers.py) "
               "(edited by branch vector)"),
    Entry("pto/npu/a2a3/TImg2col.hpp|pto/npu/a5/TImg2col.hpp", cond=r"^ConvTileData::", rules=("PTO055",),
          targets=_A2A3_A5, note="the ConvTile source: L1, NC1HWC0 / NDC1HWC0, dst's element type"),
    Entry("pto/npu/a5/THistogram.hpp", "function:THISTOGRAM_IMPL", cond=r"^\(?!?TileIdx::", rules=("PTO056",),
          targets=_A2A3_A5, note="the index tile's layout and shape per source width and byte pass"),
    Entry("pto/npu/a2a3/TReshape.hpp", "function:TRESHAPE_IMPL", topic="operand-kind", targets=_A2A3_A5,
          reason="model-compile-error",
          note="TRESHAPE's operands Tiles (is_tile_data_v): the model's TRESHAPE asserts the same "
               "(tests/test_model_headers.py) (edited by branch vector)"),
    Entry("pto/npu/a5/TRowProd.hpp", "function:TRowProdCheck", cond=r"^TileDataIn::isRowMajor", rules=("PTO203",),
          targets=_A2A3_A5, note="src ND"),
    Entry("pto/npu/a5/TRowProd.hpp", "function:TRowProdCheck", cond=r"^srcValidRows != 0", rules=("PTO207", "PTO208"),
          targets=_A2A3_A5, note="src's valid rows and columns non-zero"),
    Entry("pto/npu/a2a3/TRowReduceOps.hpp", "function:TRowReduceCheck", cond=r"^validCol != 0 && validRow != 0$",
          targets=_A2A3_A5, rules=("PTO832", "PTO207", "PTO208"),
          note="A2/A3 TRowReduceCheck wants a non-empty src: PTO832 for TROWSUM / TROWMAX / TROWMIN, PTO207 / "
               "PTO208 for TROWPROD (edited by branch vector)"),
    Entry("pto/npu/a5/TMatmul.hpp", "function:CheckMadValid", topic="location", rules=("PTO911", "PTO912"),
          targets=_A2A3_A5, note="Left / Right / Acc locations (PTO911) and their fractal layouts (PTO912)"),
    Entry("pto/npu/a2a3/TDequant.hpp|pto/npu/a5/TDeQuant.hpp", cond=r"^src\.GetValid", targets=_A2A3_A5,
          rules=("PTO972", "PTO905"),
          note="TDEQUANT src's valid shape EQUAL to dst's: PTO972 reports a src smaller than dst (the stale read), "
               "PTO905 every other difference (edited by branch eqshape)"),
    Entry("pto/npu/a5/TDeQuant.hpp", cond=r"^scaleRow == validRows", targets=_A2A3_A5, rules=("PTO973", "PTO905"),
          note="A5 TDEQUANT scale and offset tiles' valid rows EQUAL to dst's: PTO973 reports parameter tiles with "
               "fewer rows, PTO905 more (edited by branch eqshape)"),
    Entry("pto/npu/a5/TQuant.hpp", "function:TQUANT_IMPL", cond=r"^T == float32_t$", lines=(3200, 3250),
          rules=("PTO970",), targets=_A2A3_A5, note="the INT8 forms' float source"),
    Entry("pto/npu/a5/TQuant.hpp", "function:CheckTQuantMxTypes|function:TQUANT_IMPL", topic="dtype",
          lines=(3260, 3330), rules=("PTO977",), targets=_A2A3_A5,
          note="the MX forms: MXFP8 from float / bfloat16 / half, MXFP4_E2M1 from half / bfloat16 into "
               "float4_e2m1x2_t"),
    Entry("pto/npu/a2a3/TCI.hpp|pto/npu/a5/Tci.hpp", topic="dtype", rules=('PTO050',), targets=_A2A3_A5,
          note="dst a 2- / 4-byte type (A5: 16 / 32-bit integers)"),
    Entry("pto/npu/a2a3/TCI.hpp|pto/npu/a5/Tci.hpp", topic="shape", rules=('PTO053',), targets=_A2A3_A5,
          note="dst of one row"),
    Entry("pto/npu/a*/TGatherB.hpp|pto/npu/a*/TImg2col.hpp|pto/npu/a*/TTri.hpp|pto/npu/a5/THistogram.hpp|pto/npu/a5/TRandom.hpp", topic="dtype", rules=('PTO050',), targets=_A2A3_A5,
          note="the element-type lists of TGATHERB, TIMG2COL, TTRI, THISTOGRAM, TRANDOM"),
    Entry("pto/npu/a*/TGatherB.hpp|pto/npu/a*/TImg2col.hpp|pto/npu/a*/TTri.hpp|pto/npu/a5/THistogram.hpp|pto/npu/a5/TRandom.hpp", topic="layout", rules=('PTO051',), targets=_A2A3_A5,
          note="row-major dst (TIMG2COL's Left dst per target)"),
    Entry("pto/npu/a*/TImg2col.hpp|pto/npu/a*/SetQuantVector.hpp", topic="location", rules=('PTO052',), targets=_A2A3_A5,
          note="TIMG2COL's dst in L0A, SET_QUANT_VECTOR's tile Scaling"),
    Entry("pto/npu/a5/TRandom.hpp", topic="template-arg", rules=('PTO054',), targets=_A2A3_A5,
          note="7 or 10 rounds"),
    Entry("pto/npu/a*/TRowProd.hpp", topic="location", rules=('PTO201', 'PTO202'), targets=_A2A3_A5,
          note="src and dst Vec"),
    Entry("pto/npu/a*/TRowProd.hpp", topic="shape|layout", rules=('PTO204',), targets=_A2A3_A5,
          note="dst ND, or DN with one column"),
    Entry("pto/npu/a*/TRowProd.hpp", topic="dtype-equal", rules=('PTO205',), targets=_A2A3_A5,
          note="dst of src's element type"),
    Entry("pto/npu/a*/TRowProd.hpp", topic="dtype", rules=('PTO206',), targets=_A2A3_A5,
          note="half, float, int32, int16 (A2/A3: the `sizeof(T) == 0` fallback of others)"),
    Entry("pto/npu/a*/TRowProd.hpp", topic="valid-region", rules=('PTO209',), targets=_A2A3_A5,
          note="src's valid rows equal to dst's (any difference)"),
    Entry("pto/npu/a2a3/TReshape.hpp", topic="location", rules=('PTO301',), targets=_A2A3_A5,
          note="dst and src in one buffer"),
    Entry("pto/npu/a2a3/TReshape.hpp", topic="shape", rules=('PTO302',), targets=_A2A3_A5,
          note="equal storage bytes"),
    Entry("pto/npu/a2a3/TReshape.hpp", topic="layout", rules=('PTO303',), targets=_A2A3_A5,
          note="both NoneBox or both boxed"),
    Entry("pto/npu/a*/TDivS.hpp", topic="dtype", rules=('PTO501',), targets=_A2A3_A5,
          note="dst's element-type list"),
    Entry("pto/npu/a*/TDivS.hpp", topic="dtype-equal", rules=('PTO502', 'PTO722'), targets=_A2A3_A5,
          note="src0 of dst's type (TDIVS: PTO502; TRECIP, which is TDIVS: PTO722)"),
    Entry("pto/npu/a*/TDivS.hpp", topic="location", rules=('PTO503', 'PTO723'), targets=_A2A3_A5,
          note="dst and src Vec (TRECIP: PTO723)"),
    Entry("pto/npu/a*/TDequant.hpp|pto/npu/a5/TDeQuant.hpp|pto/npu/a*/TQuant.hpp", topic="dtype", rules=('PTO970',), targets=_A2A3_A5,
          note="TDEQUANT dst / src / parameter types; TQUANT INT8 forms float -> int8 / uint8"),
    Entry("pto/npu/a*/TDequant.hpp|pto/npu/a5/TDeQuant.hpp", topic="layout", rules=('PTO971',), targets=_A2A3_A5,
          note="dst and src row-major"),
    Entry("pto/npu/a*/TMatmul.hpp", "function:CheckMadMxValid|function:TMATMUL_MX_IMPL|function:TGEMV_MX_IMPL",
          topic="dtype", rules=("PTO974",), targets=_A2A3_A5, note="MX: float result (and bias), fp4 / fp8 operands"),
    Entry("pto/npu/a*/TMatmul.hpp", "function:CheckMadMxValid", cond=r"% BASEK == 0", rules=("PTO976",),
          targets=_A2A3_A5, note="MX: the left tile's Cols a multiple of 64"),
    Entry("pto/npu/a*/TMatmul.hpp", topic="dtype", rules=("PTO910",), targets=_A2A3_A5,
          note="(C, A, B) element-type triples"),
    Entry("pto/npu/a*/TMatmul.hpp", topic="location", rules=("PTO911",), targets=_A2A3_A5,
          note="Left / Right / Acc locations"),
    Entry("pto/npu/a*/TMatmul.hpp", topic="dtype-equal", rules=("PTO913",), targets=_A2A3_A5,
          note="the bias tile of the result's element type"),
    Entry("pto/npu/a*/TMatmul.hpp", "function:T*_BIAS_IMPL", topic="shape", rules=("PTO914",), targets=_A2A3_A5,
          note="the bias tile a one-row Bias tile (A5 TMATMUL_BIAS also row-major)"),
    # -- gather / scatter (rules/gather.py FACTS) and sort (rules/sort.py) --
    Entry("pto/npu/a2a3/TScatter.hpp|pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL",
          cond=r"^mask >= MaskPattern::P0101 && mask <= MaskPattern::P1111$", reason="enum-complete",
          targets=_A2A3_A5, note="MaskPattern's enumerators are exactly P0101 (1) .. P1111 (7) (common/type.hpp)"),
    Entry("pto/npu/a2a3/TScatter.hpp|pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL", kind="runtime",
          lines=(150, 170), rules=("PTO213",), targets=("a2a3",),
          note="TSCATTER with P1111 (a TMOV): src's valid shape equal to dst's (branch forms)"),
    Entry("pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL", kind="runtime", lines=(220, 230),
          rules=("PTO213",), targets=("a5",),
          note="TSCATTER with P1111 (a TMOV): src's valid shape equal to dst's (branch forms)"),
    Entry("pto/npu/a2a3/TScatter.hpp|pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL", kind="runtime",
          targets=_A2A3_A5, rules=("PTO998", "PTO221"),
          note="mask-form TSCATTER wants dst's valid shape EQUAL to what the pattern writes (SCATTER_ROW rows and "
               "times * columns, SCATTER_COL times * rows): PTO998 reports a dst too small, PTO221 a larger one "
               "(branch forms)"),
    Entry("pto/npu/a2a3/TGather.hpp", "function:TGATHER_IMPL", kind="runtime", cond=r"^src1\.GetValid",
          targets=_A2A3_A5, rules=("PTO223",),
          note="A2/A3 TGATHER index form: tmp's valid shape equal to src1's (debug trap): PTO223 (PTO996 sizes "
               "tmp's storage; branch forms)"),
    Entry("pto/npu/a2a3/TGather.hpp", "function:TGATHER_IMPL", kind="runtime", reason="vendor-kernels-rely",
          targets=_A2A3_A5, note="TGATHER's mask form: dst's valid columns == Dst::Cols (GATHER_ROW), src's valid "
                                 "rows == dst's times the pattern (GATHER_COL); the vendor's a5 tgather "
                                 "runTGATHERDynamic, kernels/manual/a2a3/topk and the tcolgather cases break them "
                                 "(rules/gather.py PTO998 provenance)"),
    Entry("pto/npu/a2a3/TGather.hpp|pto/npu/a5/TGather.hpp", "function:CheckValid",
          cond=r"^\(sizeof\(Src1TileData::DType\)|^sizeof\(DstTileData::DType\) != 8", rules=("PTO991",),
          targets=_A2A3_A5, note="the index tile's element size (4 bytes for 8-byte data on A5)"),
    Entry("pto/npu/a5/TGather.hpp", "function:TGATHER_IMPL", cond=r"^\(TileDataS1::DType == uint16_t",
          rules=("PTO991",), targets=_A2A3_A5, note="A5 compare form: k_value uint16 / uint32"),
    Entry("pto/npu/a2a3/TScatter.hpp|pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL",
          cond=r"^\(sizeof\(TD\) == |^TI == ", rules=("PTO991",), targets=_A2A3_A5,
          note="the index type (16 / 32-bit) and its size by the data's"),
    Entry("pto/npu/a2a3/TScatter.hpp|pto/npu/a5/TScatter.hpp", "function:TSCATTER_IMPL",
          cond=r"^TD == (TS|SrcTile::DType)$", rules=("PTO992",), targets=_A2A3_A5, note="dst of src's type"),
    Entry("pto/npu/a*/MGather.hpp|pto/npu/a*/MScatter.hpp", "function:MGatherCheck|function:MScatterCheck",
          topic="dtype", cond=r"^TIdx == ", rules=("PTO991",), targets=_A2A3_A5, note="int32 / uint32 indices"),
    Entry("pto/npu/a*/TGather.hpp|pto/npu/a*/TScatter.hpp|pto/npu/a*/MGather.hpp|pto/npu/a*/MScatter.hpp",
          topic="dtype", rules=("PTO990",), targets=_A2A3_A5,
          note="the data operands' element types per form (the compare form's int32 / uint32 dst too)"),
    Entry("pto/npu/a*/TGather.hpp|pto/npu/a*/TScatter.hpp|pto/npu/a*/MGather.hpp|pto/npu/a*/MScatter.hpp",
          topic="dtype-equal", rules=("PTO992",), targets=_A2A3_A5, note="FACTS same / same_size"),
    Entry("pto/npu/a*/TGather.hpp|pto/npu/a*/TScatter.hpp|pto/npu/a*/MGather.hpp|pto/npu/a*/MScatter.hpp",
          topic="location", rules=("PTO993",), targets=_A2A3_A5, note="FACTS vec"),
    Entry("pto/npu/a*/TGather.hpp|pto/npu/a*/TScatter.hpp|pto/npu/a*/MGather.hpp|pto/npu/a*/MScatter.hpp",
          topic="layout", rules=("PTO994",), targets=_A2A3_A5, note="FACTS row_major"),
    Entry("pto/npu/a*/TMrgSort.hpp", "function:CheckOverMemory", cond=r"^Src[123]TileData::Cols \* elemSize <= UB_SIZE$",
          reason="buffer-fit-implies", targets=_A2A3_A5, note="one source row's bytes within UB"),
    Entry("pto/npu/a*/TMrgSort.hpp", "function:CheckOverMemory", cond=r"UB_SIZE", rules=("PTO216",),
          targets=_A2A3_A5, note="TMRGSORT: tmp's (single-list: dst's) plus src0's row bytes within UB_SIZE (branch "
                                 "forms)"),
    Entry("pto/npu/a*/TMrgSort.hpp", "function:TMRGSORT_IMPL", cond=r"UB_SIZE|GetValidCol\(\) \+ ",
          rules=("PTO217",), targets=_A2A3_A5,
          note="A2/A3 TMRGSORT: the operands' valid columns, in bytes, below UB_SIZE (branch forms)"),
    Entry("pto/npu/a2a3/TMrgSort.hpp", "function:TMRGSORT_IMPL", cond=r"^blockLen % TMRGSORT_BLOCK_LEN == 0$",
          rules=("PTO218",), targets=_A2A3_A5,
          note="A2/A3 TMRGSORT's blockLen a multiple of TMRGSORT_BLOCK_LEN (64) (branch forms; PTO989 is a silent "
               "partial-result rule, this PTO_ASSERT a debug trap: a rule of its own)"),
    Entry("pto/npu/a2a3/TMrgSort.hpp", "function:TMRGSORT_IMPL", cond=r"^srcCol % \(blockLen \* BLOCK_NUM\) == 0$",
          rules=("PTO989",), targets=_A2A3_A5, note="the source's valid columns a multiple of blockLen * 4"),
    Entry("pto/npu/a*/TMrgSort.hpp|pto/npu/a*/TSort32.hpp", "function:CheckStatic", topic="dtype",
          cond=r"IdxTileData", rules=("PTO982",), targets=_A2A3_A5, note="TSORT32's index tile uint32"),
    Entry("pto/npu/a*/TMrgSort.hpp|pto/npu/a*/TSort32.hpp", "function:CheckStatic", topic="dtype",
          rules=("PTO980",), targets=_A2A3_A5, note="half / float"),
    Entry("pto/npu/a*/TMrgSort.hpp|pto/npu/a*/TSort32.hpp", "function:CheckStatic", topic="dtype-equal",
          rules=("PTO981",), targets=_A2A3_A5, note="one element type across the operands"),
    Entry("pto/npu/a*/TMrgSort.hpp|pto/npu/a*/TSort32.hpp", "function:CheckStatic", topic="location",
          rules=("PTO983",), targets=_A2A3_A5, note="every operand Vec"),
    Entry("pto/npu/a*/TMrgSort.hpp|pto/npu/a*/TSort32.hpp", "function:CheckStatic", topic="layout",
          rules=("PTO984",), targets=_A2A3_A5, note="every operand row-major"),
    Entry("pto/npu/a*/TMrgSort.hpp", "function:CheckStatic", topic="shape", rules=("PTO985",), targets=_A2A3_A5,
          note="every TMRGSORT operand one row"),
    # -- MX matmul bias and the remaining MX shape --
    Entry("pto/npu/a5/TMatmul.hpp", "function:TMATMUL_MX_IMPL|function:TGEMV_MX_IMPL", topic="shape",
          targets=_A2A3_A5, rules=("PTO975",),
          note="TMATMUL_MX / TGEMV_MX bias a one-row Bias tile (a5/TMatmul.hpp:313, :366): PTO975 checks the bias "
               "tile's Loc and Rows for both MX bias forms (verified with a two-row Bias tile on TMATMUL_MX and a "
               "Vec bias on TGEMV_MX, fixtures QUANT/PTO975); edited by branch mov"),
    Entry("pto/npu/a5/TMatmul.hpp", "function:CheckMadMxValid", cond=r"% 2 == 0\)?$", rules=("PTO976",),
          targets=_A2A3_A5, note="MX matmul: the left tile's Cols even, implied by PTO976's Cols % 64"),
    # --- synchronisation ------------------------------------------------------------------------------------------
    Entry("pto/npu/a2a3/TSync.hpp", "function:TSYNC_IMPL", reason="header-constants",
          note="the pipe comes from the header's Op -> pipe table (common/event.hpp); every pipe of the table is "
               "in A2/A3's list (see PTO059's provenance)"),
    Entry("pto/npu/a5/TSync.hpp|pto/npu/a6/TSync.hpp", "function:TSYNC_IMPL", rules=("PTO059",),
          note="A5 (and A6, the same text): TSYNC<Op> only for ops whose pipe is MTE2, MTE3 or ALL"),
    Entry("pto/npu/a2a3/TSync.hpp|pto/npu/a5/TSync.hpp", "*Event*", cond=r"!IsCrossCore\) \|\| \(!AutoToken|"
          r"^IsCrossCore$|^CrossCoreId != 0xff$", reason="model-compile-error",
          note="a cross-core event needs AutoToken = false, an explicit cross-core id on Wait / Record (also the "
               "implicit Init of an event built from an instruction's result), and only it takes InitAddr: the "
               "model's Event / EventBase assert the same (tests/test_model_headers.py)"),
    Entry("pto/npu/*/TSync.hpp", "*Event*", cond=r"(src|dst)Pipe != PIPE_ALL\)?$", reason="model-compile-error",
          targets=("a5", "a6", "kirin9030", "kirinx90", "kirindev0000"),
          note="only Op::OP_COUNT (the enum's sentinel) has no PTO_DEFINE_OP_PIPE entry in common/event.hpp (every "
               "other op has one), so PIPE_ALL; the model's Event asserts the same (A5: cross-core events exempt, "
               "A6 / Kirin none) (branch audit)"),
    Entry("pto/npu/*/TSync.hpp", "*Event*",
          note="open (checkable): Event<SrcOp, DstOp> with an op the target maps to no pipe (PIPE_ALL): the model "
               "maps ops to pipes by class, not by the vendor's per-op table; no rule"),
]

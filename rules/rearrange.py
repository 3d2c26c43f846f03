"""Data rearrangement (PTO310..): TFILLPAD(_INPLACE/_EXPAND), TCONCAT, TTRANS, TINSERT, TINSERT_FP, TMOV_FP,
TSTORE_FP, TSUBVIEW, TINTERLEAVE, TDEINTERLEAVE: the compile-time checks, as one table.

Modelled on include/pto/npu/{a2a3,a5}/{TFillPad,TConcat,TTrans,TInsert,TSubView,TMov,TStore}.hpp,
a5/{TInterleave,TDeInterleave}.hpp, {a2a3,a5}/common.hpp (CheckTMovAccToMat / CheckTMovAccValid),
common/arch/memory/tinsert_common.hpp and common/pto_instr.hpp (TFILLPAD's mode dispatch and enable_ifs).
Parameter names (model header): TFILLPAD*(dst, src); TCONCAT(dst, src0, src1); TTRANS(dst, src, tmp);
TINSERT(dst, src, indexRow, indexCol); TINSERT_FP(dst, src, fp, indexRow, indexCol); TMOV_FP(dst, src, fp);
TSTORE_FP(dst, src, fp); TSUBVIEW(dst, src, rowIdx, colIdx); TINTERLEAVE / TDEINTERLEAVE(dst1, dst0, src1, src0)
and TDEINTERLEAVE(dst1, dst0, src).

`form()` names the implementation path a call takes; `FACTS[form][target]` says what that path's
static_asserts require. A form missing for a target is not judged there. The run-time rules (valid regions,
insert offsets, transposed shapes, concatenated widths) are in rules/rearrange_runtime.py.

Not judged: TIMG2COL (its source is a ConvTile the frontend does not model), TTRANS of ConvTiles (their static
shapes: PTO219 in rules/rearrange_runtime.py), the
conversion side of TINSERT with an Acc source (types and quantisation: CheckTMovAccValid, rules/tmov.py's domain;
here only where A5's TInsertAccDispatch puts the result) and TSTORE_FP's global-tensor side. TINTERLEAVE and TDEINTERLEAVE exist on A5 only.
"""

from __future__ import annotations

from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TFILLPAD", "TFILLPAD_INPLACE", "TFILLPAD_EXPAND", "TCONCAT", "TTRANS", "TINSERT", "TINSERT_FP",
         "TMOV_FP", "TSTORE_FP", "TSUBVIEW", "TINTERLEAVE", "TDEINTERLEAVE", "TMOV")

B124 = (1, 2, 4)
CONCAT_TYPES = ("int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t", "half", "float", "bfloat16_t")
CONCAT_IDX_TYPES = ("int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t")
INSERT_A2A3 = ("int8_t", "uint8_t", "int16_t", "uint16_t", "half", "bfloat16_t", "float", "int32_t", "uint32_t")
INSERT_A5 = ("half", "bfloat16_t", "float", "int32_t", "float8_e4m3_t", "float8_e5m2_t", "hifloat8_t", "int8_t",
             "float8_e8m0_t", "float4_e2m1x2_t", "float4_e1m2x2_t")
#: A5's TInsert.hpp list as the Kirin builds compile it (kirin9030/TInsert.hpp includes a5/TInsert.hpp while
#: header.hpp `#define`s element type names): Kirin 9030 reads bfloat16_t as half, the fp8 names as int8_t and the
#: fp4 pairs as int64_t; Kirin Dev0000 float8_e8m0_t as int8_t and the fp4 pairs as int64_t
INSERT_KIRIN = {
    "kirin9030": ("half", "float", "int32_t", "int8_t", "int64_t"),
    "kirindev0000": ("half", "bfloat16_t", "float", "int32_t", "float8_e4m3_t", "float8_e5m2_t", "hifloat8_t",
                     "int8_t", "int64_t"),
}
#: Kirin X90's own TInsert.hpp (ptolint/own_impls.py key "kirinx90"): its Vec -> Vec path checks with
#: common/arch/memory/tinsert_common.hpp, A2/A3's list read under header.hpp's `#define bfloat16_t half` (no bf16);
#: its Vec -> Mat path has A5's list under the renames Kirin 9030's build makes too (INSERT_KIRIN["kirin9030"])
INSERT_X90_VEC = ("int8_t", "uint8_t", "int16_t", "uint16_t", "half", "float", "int32_t", "uint32_t")
#: vector-quantised Acc conversions (fp tile): src dtype -> accepted dst dtypes
QUANT_A2A3 = {"float": ("int8_t",), "int32_t": ("int8_t", "uint8_t", "half", "int16_t")}
QUANT_A5 = {"float": ("int8_t", "uint8_t", "hifloat8_t", "half", "bfloat16_t", "float8_e4m3_t", "float"),
            "int32_t": ("int8_t", "uint8_t", "half", "bfloat16_t")}
#: Kirin X90's CheckTMovAccValid (kirinX90/common.hpp) with isCastQuant = true, which its vector-quantised TINSERT_IMPL
#: overload (TINSERT_FP, the fp form with an AccToVecMode) runs: a half or int32 Acc into half / uint8 / int8 / int16
QUANT_X90 = {s: ("half", "uint8_t", "int8_t", "int16_t") for s in ("half", "int32_t")}
ND, NZ = ("RowMajor", None), ("ColMajor", "RowMajor")  # (BLayout, SLayout); None: any SLayout
ND_NB = ("RowMajor", "NoneBox")
ZN = ("RowMajor", "ColMajor")
#: TINSERT's `mode` template argument: a TInsertMode enumerator selects the split form TINSERT<TInsertMode> (UB NZ
#: -> L1 in 2 or 4 copies), an AccToVecMode one the Acc -> Vec forms (TINSERT<Dst, Src, AccToVecMode>)
SPLIT_MODES = ("SPLIT2", "SPLIT4")
ACC_TO_VEC_MODES = ("SingleModeVec0", "SingleModeVec1", "DualModeSplitM", "DualModeSplitN")
_SPLIT = {"same": (("dst", "src"),), "loc": {"dst": ("Mat",), "src": ("Vec",)}, "layout": {"src": NZ}}
#: A5's TInsertAccDispatch (TINSERT of an Acc source without a mode, TINSERT_FP): dst Mat (then NZ) or Vec
_ACC_A5 = {"loc": {"dst": ("Mat", "Vec")}, "layout_when": (("dst", NZ, "loc", "dst", "Mat"),)}
DN_NB = ("ColMajor", "NoneBox")
#: Kirin X90's CheckTMovAccValid (kirinX90/common.hpp lines 19-52), which each of its Acc-source TINSERT overloads
#: (and the last branch of the plain one, whatever the source), every TMOV_IMPL overload out of L0C and TMOV_FP's run
#: first: an Acc source, a Mat or Vec destination of whole 32-byte rows, a half / int32 NZ source, an ND (NoneBox)
#: or NZ destination, and the type pair (acc_x90)
_ACC_X90 = {"loc": {"src": ("Acc",), "dst": ("Mat", "Vec")}, "types": {"src": ("half", "int32_t")},
            "layout": {"src": NZ}, "layout_in": {"dst": (ND_NB, NZ)}, "acc_x90": True, "cols32": ("dst",)}
#: Kirin 9030's CheckTMovAccValid (kirin9030/common.hpp, the Kirin 9030 build only) with isQuant set, as its
#: TMOV_IMPL(dst, src, fp) (TMOV_FP's) runs it: a half / int32 NZ Acc into half / (u)int8 / int16, an ND, DN or NZ
#: destination; then fp in Scaling (kirin9030/TMov.hpp:497)
QUANT_K9030 = {s: ("half", "int8_t", "uint8_t", "int16_t") for s in ("half", "int32_t")}
#: Kirin 9030's CheckTMovAccValid as every other Acc-source form of the Kirin 9030 build runs it (kirin9030/TMov.hpp's
#: relu / STPhase, AccToVecMode and quantised TMOV_IMPL overloads; a5/TInsert.hpp's Acc TINSERT / TINSERT_FP
#: overloads, which reach it because a5/common.hpp shares kirin9030/common.hpp's include guard): a half / int32 NZ Acc
#: source, an ND, DN or NZ destination, and the type pair (acc_k9030: with an fp tile or a preQuantScalar
#: QUANT_K9030, else dst of the source's type). The Kirin 9030 target only: Kirin Dev0000's build of these files has
#: no CheckTMovAccValid (K9030_ACC_TARGETS)
_ACC_K9030 = {"loc": {"src": ("Acc",)}, "types": {"src": ("half", "int32_t")}, "layout": {"src": NZ},
              "layout_in": {"dst": (ND_NB, DN_NB, NZ)}, "acc_k9030": True}
K9030_ACC_TARGETS = ("kirin9030",)

_FILL = {"sizes": {"src": B124}, "same_size": (("dst", "src"),), "loc": {"dst": ("Vec",), "src": ("Vec",)},
         "pad_not_null": ("dst",)}
_FILL_EQ = {**_FILL, "shape": (("src", "==", "dst"),)}
_FILL_GE = {**_FILL, "shape": (("src", "<=", "dst"),)}
_FILL_MAT = {"sizes": {"dst": B124}, "layout": {"dst": NZ}, "pad_in": {"dst": ("Zero", "Null")}}
_TRANS = {"sizes": {"src": B124}, "same_size": (("dst", "src"),), "layout": {"src": ND}}
_ILV = {"types": {"dst0": CONCAT_TYPES}, "same": (("dst0", "src0"), ("dst0", "src1"), ("dst0", "dst1")),
        "layout": {"dst0": ND, "dst1": ND, "src0": ND, "src1": ND}}
_DILV1 = {"types": {"dst0": CONCAT_TYPES}, "same": (("dst0", "src"), ("dst0", "dst1")),
          "layout": {"dst0": ND, "dst1": ND, "src": ND}}

#: form -> target -> facts. Keys: types {op: dtypes}, sizes {op: sizeof set}, same ((a, b): equal dtypes),
#: same_size ((a, b): equal sizeof), loc {op: TileTypes}, same_loc ((a, b)), layout {op: (BLayout, SLayout)},
#: layout_match ((a, b): both ND or both NZ), shape ((a, "=="|"<=", b): static Rows/Cols),
#: shape_cols ((a, "<=", b): Cols only), cols32 (ops whose Cols * sizeof must be a multiple of 32 bytes),
#: pad_not_null (ops), pad_in {op: PadValues}, quant (src dtype -> dst dtypes of a vector-quantised move),
#: layout_when ((op, layout, "loc" | "layout", guard op, guard value): op must have the layout when the guard op has
#: that TileType / layout), layout_in {op: layouts (any of them)}, acc_x90 (Kirin X90's CheckTMovAccValid pairs: with
#: an fp tile or a preQuantScalar QUANT_X90, else dst of the Acc source's type), acc_k9030 (Kirin 9030's: QUANT_K9030,
#: else dst of the Acc source's type),
#: index16 (element sizes whose TTRANS addresses elements through a 16-bit index register: the last element index
#: (Rows - 1) * RowStride + Cols - 1 of dst (src wider than tall) or src (otherwise) at most 0xFFFF)
FACTS: dict[str, dict[str, dict]] = {
    "TFILLPAD": {"a2a3": _FILL_EQ, "a5": _FILL_EQ},
    "TFILLPAD_INPLACE": {"a2a3": _FILL_EQ, "a5": _FILL_EQ},
    "TFILLPAD_EXPAND": {"a2a3": _FILL_GE, "a5": _FILL_GE},
    "TFILLPAD(Mat)": {"a2a3": _FILL_MAT, "a5": _FILL_MAT},
    "TCONCAT": {
        "a2a3": {"types": {"dst": CONCAT_TYPES}, "same": (("dst", "src0"), ("dst", "src1")),
                 "loc": {"dst": ("Vec",), "src0": ("Vec",), "src1": ("Vec",)}},
        "a5": {"types": {"dst": CONCAT_TYPES}, "same": (("dst", "src0"), ("dst", "src1")),
               "layout": {"dst": ND, "src0": ND, "src1": ND}},
    },
    # the index-tile forms TCONCAT(dst, src0, src1, src0Idx, src1Idx[, dstIdx]) (TConcatIdxCheck): A5's check
    # compares dst's type with src0's twice, never with src1's
    "TCONCAT(idx)": {
        "a2a3": {"types": {"dst": CONCAT_TYPES, "src0Idx": CONCAT_IDX_TYPES},
                 "same": (("dst", "src0"), ("dst", "src1"), ("src0Idx", "src1Idx"), ("src0Idx", "dstIdx")),
                 "loc": {"dst": ("Vec",), "src0": ("Vec",), "src1": ("Vec",)}},
        "a5": {"types": {"dst": CONCAT_TYPES, "src0Idx": CONCAT_IDX_TYPES},
               "same": (("dst", "src0"), ("src0Idx", "src1Idx"), ("src0Idx", "dstIdx")),
               "loc": {"dst": ("Vec",), "src0": ("Vec",), "src1": ("Vec",)}},
    },
    "TTRANS": {"a2a3": _TRANS, "a5": {**_TRANS, "cols32": ("src", "dst"), "index16": (1, 2)}},
    "TINSERT(Vec->Vec)": {
        "a2a3": {"same": (("dst", "src"),), "types": {"dst": INSERT_A2A3}, "layout_match": ("dst", "src"),
                 "layout_match_sf": True,
                 "shape": (("src", "<=", "dst"),)},
        "a5": {"same": (("dst", "src"),), "types": {"src": INSERT_A5}, "layout_match": ("dst", "src"),
               "shape_cols": (("src", "<=", "dst"),), "shape_nd": (("src", "<=", "dst"),)},
        **{k: {"same": (("dst", "src"),), "types": {"src": types}, "layout_match": ("dst", "src"),
               "shape_cols": (("src", "<=", "dst"),), "shape_nd": (("src", "<=", "dst"),)}
           for k, types in INSERT_KIRIN.items()},
        # Kirin X90: ND copy only between two ND (NoneBox) tiles, whose static shapes it checks; NZ pairs unchecked;
        # any other pair needs the same BLayout and SLayout (and then copies nothing)
        "kirinx90": {"same": (("dst", "src"),), "types": {"dst": INSERT_X90_VEC}, "layout_match": ("dst", "src"),
                     "layout_match_sf": "all", "shape_nd": (("src", "<=", "dst"),), "nd_nonebox": True},
    },
    "TINSERT(Vec->Mat)": {
        # a2a3: anything but Vec->Vec takes the Acc->Mat path (CheckTMovAccToMat): the source must be Acc
        "a2a3": {"loc": {"src": ("Acc",)}},
        # A5's file: a ZN source (row-major, SLayout::ColMajor) takes the ZN branch, which wants a ZN dst
        "a5": {"same": (("dst", "src"),), "types": {"src": INSERT_A5}, "layout_when": (("dst", ZN, "layout", "src", ZN),)},
        **{k: {"same": (("dst", "src"),), "types": {"src": types}, "layout_when": (("dst", ZN, "layout", "src", ZN),)}
           for k, types in INSERT_KIRIN.items()},
        # Kirin X90's TInsertVecToMatImpl has no ZN branch (a ZN source takes the ND copy)
        "kirinx90": {"same": (("dst", "src"),), "types": {"src": INSERT_KIRIN["kirin9030"]}},
    },
    # TINSERT<TInsertMode>(dst, src): declared for A5, Kirin 9030 and Kirin X90 only (common/pto_instr.hpp's #if);
    # Kirin 9030 builds A5's file under its renames, Kirin X90 has its own copy (no bfloat16_t in its list, which the
    # rename to half makes the same list)
    "TINSERT(split)": {
        "a5": {**_SPLIT, "types": {"src": INSERT_A5}},
        "kirin9030": {**_SPLIT, "types": {"src": INSERT_KIRIN["kirin9030"]}},
        "kirinx90": {**_SPLIT, "types": {"src": INSERT_KIRIN["kirin9030"]}},
    },
    # TINSERT(dst, accSrc) without a mode (plain, relu, scalar-quantised): A5's TInsertAccDispatch
    # Kirin X90: every Acc-source overload runs its common.hpp CheckTMovAccValid (a half or int32 NZ Acc into a Mat or
    # Vec tile; the destination types differ between the quantised and unquantised overloads: not tabled here)
    "TINSERT(Acc)": {"a5": _ACC_A5, "kirin9030": {**_ACC_K9030, **_ACC_A5, "loc": {**_ACC_A5["loc"], "src": ("Acc",)}},
                     "kirinx90": _ACC_X90},
    # TINSERT<Dst, Src, AccToVecMode>(...) (relu, scalar- and vector-quantised): A5 static_asserts a Vec dst; Kirin
    # X90's overloads forward to the forms without a mode
    "TINSERT(AccToVecMode)": {"a5": {"loc": {"dst": ("Vec",)}},
                              "kirin9030": {**_ACC_K9030, "loc": {"dst": ("Vec",), "src": ("Acc",)}},
                              # Kirin X90 forwards to the overloads without a mode: an fp operand is Scaling
                              "kirinx90": {**_ACC_X90, "loc": {**_ACC_X90["loc"], "fp": ("Scaling",)}}},
    "TINSERT_FP": {
        "a2a3": {"loc": {"src": ("Acc",), "dst": ("Mat",), "fp": ("Scaling",)}, "quant": QUANT_A2A3,
                 "layout": {"src": NZ, "dst": NZ}},
        "a5": {"loc": {"src": ("Acc",), "dst": ("Mat", "Vec")}, "quant": QUANT_A5, "layout": {"src": NZ},
               "layout_when": _ACC_A5["layout_when"]},
        # Kirin X90's vector-quantised TINSERT_IMPL (kirinX90/TInsert.hpp 429-445): CheckTMovAccValid, fp Scaling
        "kirinx90": {**_ACC_X90, "loc": {**_ACC_X90["loc"], "fp": ("Scaling",)}},
        # Kirin 9030's build of a5/TInsert.hpp's fp overload: its CheckTMovAccValid<..., true>, then
        # TInsertAccDispatch (a Mat or Vec dst, a Mat one NZ)
        "kirin9030": {**_ACC_K9030, **_ACC_A5, "loc": {**_ACC_A5["loc"], "src": ("Acc",)}},
    },
    "TMOV_FP": {
        "a2a3": {"loc": {"src": ("Acc",), "dst": ("Mat",), "fp": ("Scaling",)}, "quant": QUANT_A2A3,
                 "layout": {"src": NZ, "dst": NZ}},
        "a5": {"loc": {"src": ("Acc",), "fp": ("Scaling",)}, "quant": QUANT_A5, "layout": {"src": NZ}},
        "kirin9030": {"loc": {"src": ("Acc",), "fp": ("Scaling",)}, "quant": QUANT_K9030, "layout": {"src": NZ},
                      "layout_in": {"dst": (ND_NB, DN_NB, NZ)}},
        # Kirin X90's TMOV_IMPL(dst, src, fp) (kirinX90/TMov.hpp 479-495): CheckTMovAccValid<..., true>, fp Scaling
        "kirinx90": {**_ACC_X90, "loc": {**_ACC_X90["loc"], "fp": ("Scaling",)}},
    },
    # Kirin X90's other TMOV_IMPL overloads out of L0C (kirinX90/TMov.hpp 424-468; the plain form is rules/tmov.py's):
    # relu (TMOV<ReluPreMode> and TMOV<STPhase>, which forwards to it): CheckTMovAccValid<..., true> then
    # GetCastPreQuantMode (the same type): both lists, so half -> half only; scalar-quantised (preQuantScalar):
    # CheckTMovAccValid<..., true>; AccToVecMode: CheckTMovAccValid<..., false> and a Vec destination
    # Kirin 9030's (kirin9030/TMov.hpp 419-526): CheckTMovAccValid<..., false> (relu, AccToVecMode) or <..., true>
    # (preQuantScalar, and the quantised AccToVecMode forms: TMOV<..., mode>(dst, src, preQuantScalar) and
    # TMOV<..., Fb, mode>(dst, src, fp)); their Vec destination and single modes are PTO127's
    "TMOV(relu)": {"kirinx90": {**_ACC_X90, "acc_x90": "cast"}, "kirin9030": _ACC_K9030},
    "TMOV(quant)": {"kirinx90": _ACC_X90, "kirin9030": _ACC_K9030},
    "TMOV(AccToVecMode)": {"kirinx90": {**_ACC_X90, "loc": {**_ACC_X90["loc"], "dst": ("Vec",)}},
                           "kirin9030": _ACC_K9030},
    "TMOV(AccToVecMode, quant)": {"kirin9030": _ACC_K9030},
    # Kirin 9030's TSTORE_IMPL(dst, src, fp) (kirin9030/TStore.hpp:290): an Acc source, as A2/A3's and A5's
    "TSTORE_FP": {"a2a3": {"loc": {"src": ("Acc",)}}, "a5": {"loc": {"src": ("Acc",)}},
                  "kirin9030": {"loc": {"src": ("Acc",)}}, "kirindev0000": {"loc": {"src": ("Acc",)}}},
    "TSUBVIEW": {"a2a3": {"same_loc": (("dst", "src"),)}, "a5": {"same_loc": (("dst", "src"),)}},
    "TINTERLEAVE": {"a5": _ILV},
    "TDEINTERLEAVE": {"a5": _ILV},
    "TDEINTERLEAVE(src)": {"a5": _DILV1},
}

#: the Kirin builds of A5's TInsert.hpp whose facts FACTS holds (ptolint/own_impls.py keys); Kirin 9030's TMov.hpp
#: for TMOV_FP, its TStore.hpp for TSTORE_FP
OWN = {k: ("TINSERT",) for k in INSERT_KIRIN}
OWN["kirin9030"] = ("TINSERT", "TINSERT_FP", "TMOV_FP", "TSTORE_FP", "TMOV")
OWN["kirindev0000"] = ("TINSERT", "TSTORE_FP")  # its own TStore.hpp for TSTORE_FP (line 287: an Acc source)
# Kirin X90's own TInsert.hpp: its Vec -> Vec and Vec -> Mat plain forms, the fp tile of its Acc forms; its own
# TMov.hpp: TMOV_FP and the TMOV forms out of L0C other than the plain one
OWN["kirinx90"] = ("TINSERT", "TINSERT_FP", "TMOV", "TMOV_FP")

HDR = {
    "TFILLPAD": "include/pto/npu/{a2a3,a5}/TFillPad.hpp (TFILLPAD_IMPL / _INPLACE_IMPL / _EXPAND_IMPL, "
                "TFILLPAD_GENERIC_IMPL); common/pto_instr.hpp (TFILLPAD mode dispatch, Vec enable_if)",
    "TCONCAT": "include/pto/npu/a2a3/TConcat.hpp (TCONCAT_IMPL); a5/TConcat.hpp (TConcatCheck)",
    "TCONCAT(idx)": "include/pto/npu/a2a3/TConcat.hpp, a5/TConcat.hpp (TConcatIdxCheck, the index-tile TCONCAT_IMPL "
                    "overloads)",
    "TTRANS": "include/pto/npu/{a2a3,a5}/TTrans.hpp (TTRANS_IMPL)",
    "TINSERT": "include/pto/npu/a2a3/TInsert.hpp + common/arch/memory/tinsert_common.hpp "
               "(CheckTInsertVecToVecCommon/ND/NZ); a5/TInsert.hpp (TINSERT_IMPL, TInsertVecToVecImpl; Kirin 9030 / "
               "Dev0000 compile it through kirin9030/TInsert.hpp with renamed type names: INSERT_KIRIN); "
               "kirinX90/TInsert.hpp (TINSERT_IMPL: tinsert_common.hpp's Vec -> Vec checks, A5's Vec -> Mat list)",
    "FP": "include/pto/npu/a2a3/{TMov,TInsert,TStore}.hpp + a2a3/common.hpp (CheckTMovAccToMat); "
          "a5/{TMov,TInsert,TStore}.hpp + a5/common.hpp (CheckTMovAccValid); kirinX90/TInsert.hpp (TINSERT_IMPL fp "
          "overload, lines 429-445: fp TileType::Scaling) + kirinX90/common.hpp (CheckTMovAccValid, isCastQuant: a half "
          "or int32 NZ Acc into half / (u)int8 / int16); kirinX90/TMov.hpp (TMOV_IMPL relu / scalar-quantised / "
          "AccToVecMode / fp overloads, lines 424-495: CheckTMovAccValid with isCastQuant true, true, false, true; "
          "fp TileType::Scaling); kirin9030/TMov.hpp (TMOV_IMPL(dst, src, fp), lines 491-497: kirin9030/common.hpp "
          "CheckTMovAccValid with isQuant, fp TileType::Scaling; the relu / STPhase, AccToVecMode and quantised "
          "overloads, lines 419-526, and a5/TInsert.hpp's Acc overloads as Kirin 9030 builds them: the same "
          "CheckTMovAccValid, kirin9030/common.hpp 113-149: a half / int32 NZ Acc into an ND / DN / NZ dst of its "
          "type, quantised half / (u)int8 / int16); kirin9030/TStore.hpp (TSTORE_IMPL(dst, src, fp), line 290: "
          "an Acc source)",
    "TSUBVIEW": "include/pto/npu/a2a3/TSubView.hpp (TSUBVIEW_IMPL; a5 includes it)",
    "ILV": "include/pto/npu/a5/TInterleave.hpp (TInterleaveCheck); a5/TDeInterleave.hpp (TDeInterleaveCheck*)",
}


def form(builtin: str, tiles: dict, template_args: dict[str, str], texts) -> str | None:
    """The implementation path of a call (a FACTS key), None for forms not judged here."""
    dst, src = tiles.get("dst"), tiles.get("src")
    if builtin == "TFILLPAD":
        if dst is None or src is None:
            return None
        if dst.spec.loc == "Mat":
            return "TFILLPAD(Mat)"
        mode = template_args.get("mode", "Normal").split("::")[-1]
        return {"InPlace": "TFILLPAD_INPLACE", "Expand": "TFILLPAD_EXPAND", "Normal": "TFILLPAD",
                "0": "TFILLPAD", "1": "TFILLPAD_INPLACE", "2": "TFILLPAD_EXPAND"}.get(mode)
    if builtin in ("TFILLPAD_INPLACE", "TFILLPAD_EXPAND", "TTRANS", "TSUBVIEW"):
        return builtin if dst is not None and src is not None else None
    if builtin == "TCONCAT":
        if set(tiles) == {"dst", "src0", "src1"}:
            return "TCONCAT"
        idx = {"dst", "src0", "src1", "src0Idx", "src1Idx"}
        return "TCONCAT(idx)" if set(tiles) in (idx, idx | {"dstIdx"}) else None
    if builtin == "TINSERT":
        if dst is None or src is None:
            return None
        mode = template_args.get("mode", "")
        if mode in SPLIT_MODES:
            return "TINSERT(split)" if set(tiles) == {"dst", "src"} else None
        if mode in ACC_TO_VEC_MODES:
            return "TINSERT(AccToVecMode)" if set(tiles) in ({"dst", "src"}, {"dst", "src", "fp"}) else None
        if set(tiles) != {"dst", "src"} or mode:
            return None
        if src.spec.loc == "Acc":
            # the plain overload dispatches an Acc source only into Mat / Vec (any other dst takes its non-Acc branch,
            # which copies nothing); the relu and scalar-quantised ones always call TInsertAccDispatch
            plain = "preQuantScalar" not in texts and "reluMode" not in template_args
            return "TINSERT(Acc)" if dst.spec.loc in ("Mat", "Vec") or not plain else None
        if "preQuantScalar" in texts or "reluMode" in template_args:
            return None
        if dst.spec.loc == "Vec" and src.spec.loc == "Vec":
            return "TINSERT(Vec->Vec)"
        return "TINSERT(Vec->Mat)" if dst.spec.loc == "Mat" else None
    if builtin in ("TINSERT_FP", "TMOV_FP", "TSTORE_FP"):
        return builtin if src is not None and tiles.get("fp") is not None else None
    if builtin == "TMOV":
        # the TMOV forms with a ReluPreMode / STPhase / AccToVecMode argument or a preQuantScalar (Kirin X90 and
        # Kirin 9030 have facts for them here; the plain form is rules/tmov.py's); with an AccToVecMode also the
        # quantised ones (a preQuantScalar or an fp tile: Kirin 9030 only)
        if dst is None or src is None or "grp_axis" in template_args:
            return None
        if template_args.get("mode", "").split("::")[-1] in ACC_TO_VEC_MODES:
            if set(tiles) == {"dst", "src", "fp"} or (set(tiles) == {"dst", "src"} and "preQuantScalar" in texts):
                return "TMOV(AccToVecMode, quant)"
            return "TMOV(AccToVecMode)" if set(tiles) == {"dst", "src"} else None
        if set(tiles) != {"dst", "src"}:
            return None
        if "preQuantScalar" in texts:
            return "TMOV(quant)"
        return "TMOV(relu)" if "reluMode" in template_args or "Phase" in template_args else None
    if builtin == "TINTERLEAVE":
        return "TINTERLEAVE" if {"dst0", "dst1", "src0", "src1"} <= set(tiles) else None
    if builtin == "TDEINTERLEAVE":
        if {"dst0", "dst1", "src0", "src1"} <= set(tiles):
            return "TDEINTERLEAVE"
        return "TDEINTERLEAVE(src)" if {"dst0", "dst1", "src"} <= set(tiles) else None
    return None


def x90_insert_form(f: str | None, tiles: dict, template_args: dict[str, str], texts) -> str | None:
    """The path of a two-tile TINSERT on Kirin X90's own TInsert.hpp: its plain overload copies Vec -> Vec and Vec
    -> Mat and sends every other pair to its last branch, which runs CheckTMovAccValid first (TInsert.hpp 383-384),
    as the relu and scalar-quantised overloads do for any pair (397-420): "TINSERT(Acc)" for all of these."""
    dst, src = tiles.get("dst"), tiles.get("src")
    if dst is None or src is None or set(tiles) != {"dst", "src"} or template_args.get("mode", ""):
        return f
    plain = "preQuantScalar" not in texts and "reluMode" not in template_args
    if plain and src.spec.loc == "Vec" and dst.spec.loc in ("Vec", "Mat"):
        return f
    return "TINSERT(Acc)"


def facts(ctx: Ctx) -> tuple[str, dict] | None:
    tiles = {n: t.operand for n, t in ctx.tiles().items()}
    f = form(ctx.builtin, tiles, ctx.template_args, ctx.texts)
    if ctx.builtin == "TINSERT" and ctx.impl == "kirinx90":
        f = x90_insert_form(f, tiles, ctx.template_args, ctx.texts)
    if ctx.builtin == "TINSERT" and ctx.impl == "kirin9030" and f is None and set(tiles) == {"dst", "src"} and \
            not ctx.template_args.get("mode", "") and ("preQuantScalar" in ctx.texts or "reluMode" in ctx.template_args):
        f = "TINSERT(Acc)"  # Kirin 9030's relu / scalar-quantised overloads run CheckTMovAccValid for any source
    if f is None or ctx.impl not in FACTS.get(f, {}):
        return None
    if FACTS[f][ctx.impl].get("acc_k9030") and ctx.target not in K9030_ACC_TARGETS:
        return None  # Kirin Dev0000 compiles Kirin 9030's TMov.hpp without CheckTMovAccValid
    return f, FACTS[f][ctx.impl]


def _layout(t: TileView) -> str:
    if t.blayout == "RowMajor":
        return "ZN" if t.slayout == "ColMajor" else "ND"
    if t.blayout == "ColMajor" and t.slayout == "RowMajor":
        return "NZ"
    return f"BLayout::{t.blayout}/SLayout::{t.slayout}"


def _name(want: tuple[str, str | None]) -> str:
    return {ND: "ND (row-major)", NZ: "NZ", ZN: "ZN (row-major, SLayout::ColMajor)",
            ND_NB: "ND (row-major, SLayout::NoneBox)", DN_NB: "DN (column-major, SLayout::NoneBox)"}[want]


def _fits(t: TileView, want: tuple[str, str | None]) -> bool:
    return t.blayout == want[0] and (want[1] is None or t.slayout == want[1])


def _size(t: TileView) -> int:
    return t.elem_size or 0


def _bad(ctx: Ctx, message: str) -> Check:
    return Check(ctx.static(True), message.replace("{", "{{").replace("}", "}}"))


def _ok(ctx: Ctx) -> Check:
    return Check(ctx.static(False), "")


def dtype_problems(ctx: Ctx, fx: dict) -> list[str]:
    tiles = ctx.tiles()
    out = []
    for n, allowed in fx.get("types", {}).items():
        t = tiles.get(n)
        if t is not None and t.dtype not in allowed:
            out.append(f"{n} `{t.text}` is {t.dtype} (supported: {', '.join(allowed)})")
    for n, sizes in fx.get("sizes", {}).items():
        t = tiles.get(n)
        if t is not None and _size(t) and _size(t) not in sizes:
            out.append(f"{n} `{t.text}` has {_size(t)}-byte elements ({t.dtype}; supported: "
                       f"{'/'.join(map(str, sizes))}-byte types)")
    src, dst = tiles.get("src"), tiles.get("dst")
    cast = fx.get("acc_x90") == "cast"  # isCastQuant set without a quantisation parameter: both lists apply
    if fx.get("acc_x90") and src is not None and dst is not None and src.loc == "Acc" and src.dtype in QUANT_X90 \
            and (cast or _x90_quantised(ctx)) and dst.dtype not in QUANT_X90[src.dtype]:
        how = "the cast list of this form" if cast else "a quantised conversion"
        out.append(f"{src.dtype} -> {dst.dtype} is not in {how} ({src.dtype} converts to "
                   f"{', '.join(QUANT_X90[src.dtype])})")
    if fx.get("acc_k9030") and src is not None and dst is not None and src.loc == "Acc" and \
            src.dtype in QUANT_K9030 and _x90_quantised(ctx) and dst.dtype not in QUANT_K9030[src.dtype]:
        out.append(f"{src.dtype} -> {dst.dtype} is not a quantised conversion ({src.dtype} converts to "
                   f"{', '.join(QUANT_K9030[src.dtype])})")
    quant = fx.get("quant")
    if quant:
        src, dst = tiles.get("src"), tiles.get("dst")
        if src is not None and src.loc == "Acc":
            if src.dtype not in quant:
                out.append(f"src `{src.text}` is {src.dtype} (an Acc source must be {' or '.join(quant)})")
            elif dst is not None and dst.dtype not in quant[src.dtype]:
                out.append(f"a vector-quantised {src.dtype} -> {dst.dtype} conversion is not supported "
                           f"({src.dtype} converts to {', '.join(quant[src.dtype])})")
    return out


def _x90_quantised(ctx: Ctx) -> bool:
    """Kirin X90's and Kirin 9030's Acc-source TINSERT / TMOV overloads with a quantisation parameter (an fp tile,
    a preQuantScalar): their CheckTMovAccValid takes the quantised list."""
    return "fp" in ctx.tiles() or "preQuantScalar" in ctx.texts


def mismatch_problems(ctx: Ctx, fx: dict) -> list[str]:
    tiles = ctx.tiles()
    out = []
    src, dst = tiles.get("src"), tiles.get("dst")
    if (fx.get("acc_x90") or fx.get("acc_k9030")) and src is not None and dst is not None and src.loc == "Acc" \
            and not _x90_quantised(ctx) and dst.dtype != src.dtype:
        out.append(f"dst `{dst.text}` is {dst.dtype} but the Acc src `{src.text}` is {src.dtype} (without a "
                   "quantisation parameter the copy keeps the type)")
    for a, b in fx.get("same", ()):
        ta, tb = tiles.get(a), tiles.get(b)
        if ta is not None and tb is not None and ta.dtype != tb.dtype:
            out.append(f"{b} `{tb.text}` is {tb.dtype} but {a} `{ta.text}` is {ta.dtype}")
    for a, b in fx.get("same_size", ()):
        ta, tb = tiles.get(a), tiles.get(b)
        if ta is not None and tb is not None and _size(ta) and _size(tb) and _size(ta) != _size(tb):
            out.append(f"{b} `{tb.text}` ({tb.dtype}, {_size(tb)} bytes) and {a} `{ta.text}` ({ta.dtype}, "
                       f"{_size(ta)} bytes) differ in element size")
    return out


def location_problems(ctx: Ctx, fx: dict) -> list[str]:
    tiles = ctx.tiles()
    out = []
    for n, locs in fx.get("loc", {}).items():
        t = tiles.get(n)
        if t is not None and t.loc not in locs:
            out.append(f"{n} `{t.text}` is TileType::{t.loc} (must be {' or '.join('TileType::' + x for x in locs)})")
    for a, b in fx.get("same_loc", ()):
        ta, tb = tiles.get(a), tiles.get(b)
        if ta is not None and tb is not None and ta.loc != tb.loc:
            out.append(f"{a} `{ta.text}` is TileType::{ta.loc} but {b} `{tb.text}` is TileType::{tb.loc}")
    return out


def layout_problems(ctx: Ctx, fx: dict) -> list[str]:
    tiles = ctx.tiles()
    out = []
    for n, want in fx.get("layout", {}).items():
        t = tiles.get(n)
        if t is not None and not _fits(t, want):
            out.append(f"{n} `{t.text}` is {_layout(t)} (must be {_name(want)})")
    for n, wants in fx.get("layout_in", {}).items():
        t = tiles.get(n)
        if t is not None and not any(_fits(t, w) for w in wants):
            out.append(f"{n} `{t.text}` is BLayout::{t.blayout} + SLayout::{t.slayout} (must be "
                       f"{' or '.join(_name(w) for w in wants)})")
    pair = fx.get("layout_match")
    if pair:
        ta, tb = tiles.get(pair[0]), tiles.get(pair[1])
        if ta is not None and tb is not None and (ta.blayout == "RowMajor") != (tb.blayout == "RowMajor"):
            out.append(f"{pair[0]} `{ta.text}` is {_layout(ta)} but {pair[1]} `{tb.text}` is {_layout(tb)} "
                       "(both must be ND or both NZ)")
        elif (fx.get("layout_match_sf") and ta is not None and tb is not None
              and (ta.blayout != "RowMajor" or fx["layout_match_sf"] == "all") and ta.slayout != tb.slayout):
            out.append(f"{pair[0]} `{ta.text}` has SLayout::{ta.slayout} but {pair[1]} `{tb.text}` has "
                       f"SLayout::{tb.slayout}")
    for n, want, kind, g, value in fx.get("layout_when", ()):
        t, tg = tiles.get(n), tiles.get(g)
        if t is None or tg is None or not (tg.loc == value if kind == "loc" else _fits(tg, value)) or _fits(t, want):
            continue
        why = f"{g} is TileType::{value}" if kind == "loc" else f"{g} `{tg.text}` is {_name(value)}"
        out.append(f"{n} `{t.text}` is {_layout(t)} (must be {_name(want)} when {why})")
    for n, pads in fx.get("pad_in", {}).items():
        t = tiles.get(n)
        if t is not None and t.pad not in pads:
            out.append(f"{n} `{t.text}` has PadValue::{t.pad} (a Mat tile must use "
                       f"{' or '.join('PadValue::' + p for p in pads)})")
    for n in fx.get("pad_not_null", ()):
        t = tiles.get(n)
        if t is not None and t.pad == "Null":
            out.append(f"{n} `{t.text}` has PadValue::Null: there is no value to pad with")
    return out


def shape_problems(ctx: Ctx, fx: dict) -> list[str]:
    tiles = ctx.tiles()
    out = []
    checks = [(a, op, b, True) for a, op, b in fx.get("shape", ())]
    checks += [(a, op, b, False) for a, op, b in fx.get("shape_cols", ())]
    src, dst = tiles.get("src"), tiles.get("dst")
    nd = src is not None and src.blayout == "RowMajor"
    if fx.get("nd_nonebox"):  # the ND branch takes two NoneBox row-major tiles only
        nd = nd and dst is not None and src.slayout == "NoneBox" and dst.slayout == "NoneBox"
    if nd:
        checks += [(a, op, b, True) for a, op, b in fx.get("shape_nd", ())]
    for a, op, b, rows in checks:
        ta, tb = tiles.get(a), tiles.get(b)
        if ta is None or tb is None:
            continue
        dims = [("Rows", ta.rows, tb.rows)] if rows else []
        dims.append(("Cols", ta.cols, tb.cols))
        for dim, x, y in dims:
            if (op == "==" and x != y) or (op == "<=" and x > y):
                rel = "equal" if op == "==" else "not exceed"
                out.append(f"{a} `{ta.text}` {dim} {x} must {rel} {b} `{tb.text}` {dim} {y}")
    src, dst = tiles.get("src"), tiles.get("dst")
    if src is not None and dst is not None and _size(src) in fx.get("index16", ()):
        n, t = ("dst", dst) if src.rows < src.cols else ("src", src)
        last = (t.rows - 1) * (t.cols if t.blayout == "RowMajor" else 1) + t.cols - 1
        if last > 0xFFFF:
            out.append(f"{n} `{t.text}`'s last element index {last} (Rows - 1) * RowStride + Cols - 1 exceeds the "
                       f"16-bit index register of the {_size(src)}-byte transpose (0xFFFF)")
    for n in fx.get("cols32", ()):
        t = tiles.get(n)
        if t is not None and _size(t) and t.cols * _size(t) % 32:
            out.append(f"{n} `{t.text}` rows are {t.cols} x {_size(t)} = {t.cols * _size(t)} bytes (must be a "
                       "multiple of 32)")
    return out


def compiles(ctx: Ctx, fx: dict) -> bool:
    """Whether none of the table's static checks rejects the call (run-time rules apply only then)."""
    return not (dtype_problems(ctx, fx) or mismatch_problems(ctx, fx) or location_problems(ctx, fx)
                or layout_problems(ctx, fx) or shape_problems(ctx, fx))


def _report(ctx: Ctx, problems) -> Check | None:
    fx = facts(ctx)
    if fx is None:
        return None
    found = problems(ctx, fx[1])
    if not found:
        return _ok(ctx)
    return _bad(ctx, f"{ctx.builtin} ({fx[0]} on {ctx.target}): " + "; ".join(found))




@rule("PTO310", "rearrange-unsupported-dtype", instructions=INSTR, own=OWN, fault="unsupported-dtype",
      provenance=(Provenance("header-static", HDR["TFILLPAD"], "sizeof(T) in {1, 2, 4} (Vec and Mat forms)"),
                  Provenance("header-static", HDR["TCONCAT"], "DType in {u/int8, u/int16, u/int32, half, bfloat16, "
                             "float} on both targets"),
                  Provenance("header-static", HDR["TCONCAT(idx)"], "index-tile forms: dst DType in the same list, "
                             "src0Idx DType in {u/int8, u/int16, u/int32}"),
                  Provenance("header-static", HDR["TTRANS"], "sizeof(T) in {1, 2, 4}"),
                  Provenance("header-static", HDR["TINSERT"], "Vec->Vec: A2/A3 {u/int8, u/int16, u/int32, half, "
                             "bfloat16, float}; A5 (non-Acc source) {half, bfloat16, float, int32, int8, fp8 e4m3/e5m2/"
                             "e8m0, hifloat8, fp4}: A5 rejects int16, uint16, uint8 and uint32"),
                  Provenance("header-static", HDR["FP"], "vector quantisation: A2/A3 float->int8, int32->{int8, "
                             "uint8, half, int16}; A5 float->{int8, uint8, hifloat8, half, bfloat16, fp8 e4m3, "
                             "float}, int32->{int8, uint8, half, bfloat16}; Kirin X90 TINSERT_FP half and int32->"
                             "{half, uint8, int8, int16}"),
                  Provenance("header-static", HDR["ILV"], "A5: same type set as TCONCAT"),
                  Provenance("header-static", HDR["TINSERT"], "the split form TINSERT<TInsertMode>: A5's Vec -> Mat list "
                             "(Kirin 9030 and Kirin X90 read it under their renames: INSERT_KIRIN)"),
                  Provenance("isa-doc", "docs/isa/TINSERT.md", "the doc's type list is not per target; the headers "
                             "are modelled")))
def rearrange_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Element type not supported by this rearrangement instruction on this target.

    ## What it does
    Looks the call's implementation path up in a per-target table (TFILLPAD and TTRANS: 1-, 2- or 4-byte
    types; TCONCAT, TINTERLEAVE, TDEINTERLEAVE: 8/16/32-bit integers, half, bfloat16, float, and TCONCAT's
    index tiles 8/16/32-bit integers; TINSERT
    Vec->Vec: A2/A3 and A5 have different lists; TMOV_FP / TINSERT_FP: the Acc type and the quantised
    destination type must form a supported pair; Kirin X90's TMOV forms out of L0C: a half or int32
    accumulator, a quantised one (and the relu / STPhase form, which checks the same list) into half, (u)int8
    or int16) and reports an element type the path rejects.

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile for that target.

    ## Example
    ```cpp
    Tile<TileType::Vec, uint16_t, 16, 64> dst;
    Tile<TileType::Vec, uint16_t, 8, 32> src;
    TINSERT(dst, src, 0, 0);  // A5's TINSERT has no 16-bit integer path
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 64> dst;  // or move the bits as a supported type of the same size
    Tile<TileType::Vec, half, 8, 32> src;
    TINSERT(dst, src, 0, 0);
    ```
    """
    return _report(ctx, dtype_problems)


@rule("PTO311", "rearrange-dtype-mismatch", instructions=INSTR, own=OWN, fault="dtype-mismatch",
      provenance=(Provenance("header-static", HDR["TFILLPAD"], "sizeof(src DType) == sizeof(dst DType)"),
                  Provenance("header-static", HDR["TCONCAT"], "dst, src0, src1 DType identical"),
                  Provenance("header-static", HDR["TCONCAT(idx)"], "index-tile forms: dst == src0 (A2/A3 also == "
                             "src1; A5's check names src0 twice and never src1) and src0Idx == src1Idx (== dstIdx)"),
                  Provenance("header-static", HDR["TTRANS"], "sizeof(src DType) == sizeof(dst DType)"),
                  Provenance("header-static", HDR["TINSERT"], "Vec->Vec (both) and Vec->Mat (A5): identical DType; the "
                             "split form TINSERT<TInsertMode> too (A5's file, Kirin X90's)"),
                  Provenance("header-static", HDR["ILV"], "all operands identical DType"),
                  Provenance("header-static", HDR["FP"], "Kirin X90: an Acc-source TINSERT without a quantisation "
                             "parameter (plain, relu, AccToVecMode) keeps the half / int32 type (CheckTMovAccValid "
                             "unquantised branch)")))
def rearrange_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Rearrangement operands whose element types (or element sizes) differ.

    ## What it does
    TCONCAT, TINSERT, TINTERLEAVE and TDEINTERLEAVE need identical element types on all tiles (TCONCAT's
    index-tile forms: dst and the sources, and the index tiles among themselves); TFILLPAD and TTRANS move
    raw elements and need equal element sizes. Kirin X90's copies out of L0C without a quantisation parameter
    (TINSERT's plain / relu / AccToVecMode forms, the relu / STPhase / AccToVecMode TMOV forms) keep the
    accumulator's type.

    ## Why is this bad?
    Both targets reject the call with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 32> src0, src1;
    Tile<TileType::Vec, half, 16, 64> dst;
    TCONCAT(dst, src0, src1);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst;
    TCONCAT(dst, src0, src1);  // convert afterwards with TCVT if half is needed
    ```
    """
    return _report(ctx, mismatch_problems)


@rule("PTO312", "rearrange-operand-location", instructions=INSTR, own=OWN, fault="unsupported-path",
      provenance=(Provenance("header-static", HDR["TCONCAT"], "A2/A3: all three tiles TileType::Vec; A5's header "
                             "does not check it (docs/isa/TCONCAT.md says it does)"),
                  Provenance("header-static", HDR["TCONCAT(idx)"], "index-tile forms, both targets: dst, src0 and "
                             "src1 TileType::Vec (the index tiles are not checked)"),
                  Provenance("header-static", HDR["TFILLPAD"], "TFILLPAD_INPLACE/_EXPAND forward to the Vec-only "
                             "TFILLPAD<mode> overload (enable_if)"),
                  Provenance("header-static", HDR["TINSERT"], "A2/A3: any TINSERT that is not Vec->Vec takes the "
                             "Acc->Mat path (src Acc, dst Mat)"),
                  Provenance("header-static", HDR["TINSERT"], "the split form TINSERT<TInsertMode> wants a Mat dst and a "
                             "Vec src (A5's file, Kirin X90's); with an Acc src the dst is Mat or Vec (A5's "
                             "TInsertAccDispatch) and a TINSERT<..., AccToVecMode> dst is Vec (A5's file)"),
                  Provenance("header-static", HDR["FP"], "TMOV_FP/TINSERT_FP/TSTORE_FP: src TileType::Acc; fp "
                             "TileType::Scaling (A2/A3 TMOV_FP and TINSERT_FP, A5 TMOV_FP, Kirin 9030 TMOV_FP, Kirin "
                             "X90 TMOV_FP, TINSERT_FP and its fp TINSERT<..., AccToVecMode>); A2/A3 dst Mat, Kirin X90 "
                             "dst Mat or Vec (its relu / STPhase / scalar-quantised / AccToVecMode TMOV forms and its "
                             "TINSERT pairs other than Vec -> Vec / Mat too: an Acc source; the AccToVecMode TMOV: a "
                             "Vec dst)"),
                  Provenance("header-static", "include/pto/npu/kirinDev0000/TStore.hpp:287 (TSTORE_IMPL, fp form)",
                             "Kirin Dev0000's TSTORE_FP: src TileType::Acc (an Acc source then has no L0C: PTO007)"),
                  Provenance("header-static", HDR["TSUBVIEW"], "dst and src have the same TileType")))
def rearrange_operand_location(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A rearrangement operand lives in a buffer (TileType) this instruction's path does not accept.

    ## What it does
    Checks each tile's `TileType` against the path's table: TCONCAT on A2/A3 needs Vec tiles; TINSERT
    on A2/A3 is either Vec->Vec or Acc->Mat; the vector-quantising forms (TMOV_FP, TINSERT_FP, TSTORE_FP)
    need an Acc source and, where the target checks it, a Scaling fp tile; TSUBVIEW's view and source must
    share a TileType. On Kirin X90 the TMOV forms with a ReluPreMode, STPhase, AccToVecMode or preQuantScalar
    and TINSERT's pairs other than Vec -> Vec / Vec -> Mat copy out of L0C: an Acc source into a Mat or Vec
    tile (Vec for the AccToVecMode TMOV).

    ## Why is this bad?
    A `static_assert` (or a failed overload) rejects the call: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, uint64_t, 1, 64> fp;  // quantisation parameters left in UB
    TMOV_FP(dstMat, acc, fp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Scaling, uint64_t, 1, 64> fp;  // TMOV them into the fixpipe (Scaling) buffer first
    TMOV_FP(dstMat, acc, fp);
    ```
    """
    return _report(ctx, location_problems)


@rule("PTO313", "rearrange-unsupported-layout", instructions=INSTR, own=OWN, fault="unsupported-layout",
      provenance=(Provenance("header-static", HDR["TCONCAT"], "A5: all tiles row-major (A2/A3 does not check)"),
                  Provenance("header-static", HDR["TTRANS"], "src row-major (non-conv tiles)"),
                  Provenance("header-static", HDR["TINSERT"], "Vec->Vec: both ND or both NZ, same SFractal"),
                  Provenance("header-static", HDR["TFILLPAD"], "Vec forms: dst PadVal != Null; Mat form: NZ layout, "
                             "PadVal Zero or Null"),
                  Provenance("header-static", HDR["FP"], "Acc source NZ (ColMajor/RowMajor); A2/A3 Mat dst NZ"),
                  Provenance("header-static", HDR["TINSERT"], "the split form TINSERT<TInsertMode>: an NZ src (A5's "
                             "file, Kirin X90's); an Acc src into a Mat dst (TINSERT, TINSERT_FP): an NZ dst (A5's "
                             "TInsertAccDispatch); Vec->Mat from a ZN src (row-major, SLayout::ColMajor): a ZN dst "
                             "(A5's TInsertVecToMatImpl; Kirin X90's has no ZN branch)"),
                  Provenance("header-static", HDR["ILV"], "A5: all tiles row-major"),
                  Provenance("header-static", HDR["FP"], "Kirin X90 Acc-source TINSERT / TINSERT_FP: an NZ source, an "
                             "ND (NoneBox) or NZ destination (CheckTMovAccValid)")))
def rearrange_unsupported_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A rearrangement operand's layout or pad value is not accepted by this instruction's path.

    ## What it does
    Checks BLayout/SLayout against the path's table (row-major for TCONCAT on A5, TTRANS's source,
    TINTERLEAVE/TDEINTERLEAVE; matching ND/NZ for TINSERT Vec->Vec; NZ for TFILLPAD on Mat tiles and for
    the Acc side of TMOV_FP/TINSERT_FP) and the destination's PadValue for TFILLPAD (Vec: not Null,
    Mat: Zero or Null).

    ## Why is this bad?
    A `static_assert` rejects the call: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;  // PadValue::Null by default
    TFILLPAD(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512, PadValue::Min> dst;
    TFILLPAD(dst, src);
    ```
    """
    return _report(ctx, layout_problems)


@rule("PTO314", "rearrange-tile-shape", instructions=INSTR, own=OWN, fault="size-mismatch",
      provenance=(Provenance("header-static", HDR["TFILLPAD"], "TFILLPAD and TFILLPAD_INPLACE: dst Rows/Cols == src "
                             "Rows/Cols; TFILLPAD_EXPAND: dst Rows/Cols >= src Rows/Cols"),
                  Provenance("header-static", HDR["TINSERT"], "Vec->Vec ND: src Rows <= dst Rows and src Cols <= dst "
                             "Cols (both targets); NZ: A2/A3 both, A5 Cols only"),
                  Provenance("header-static", HDR["TTRANS"], "A5: src and dst Cols * sizeof a multiple of 32 bytes"),
                  Provenance("header-static", "include/pto/npu/kirinX90/common.hpp (CheckTMovAccValid, line 23)",
                             "Kirin X90's L0C copies (TINSERT, TINSERT_FP, the TMOV forms, TMOV_FP): Dst::Cols * "
                             "sizeof(DstType) a multiple of 32 and not 0"),
                  Provenance("header-static", "include/pto/npu/a5/TTrans.hpp (TTransTile)", "A5, 1- and 2-byte "
                             "types: (Rows - 1) * RowStride + Cols - 1 <= 0xFFFF for dst when Src::Rows < Src::Cols, "
                             "for src otherwise (a 16-bit gather / scatter index register; 4-byte types have a "
                             "32-bit one, which every tile in UB satisfies)"),
                  Provenance("isa-doc", "docs/isa/TFILLPAD_INPLACE.md", "the header's message says 'greater or equal' "
                             "but the check is equality")))
def rearrange_tile_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Static tile shapes of a rearrangement do not fit together.

    ## What it does
    TFILLPAD and TFILLPAD_INPLACE need equal Rows and Cols; TFILLPAD_EXPAND a destination at least as
    large as the source; TINSERT Vec->Vec a source no larger than the destination; TTRANS on A5 rows of
    a multiple of 32 bytes and, for 1- and 2-byte elements, a last element index
    `(Rows - 1) * RowStride + Cols - 1` of at most 0xFFFF in the tile the transpose indexes (dst when src is
    wider than tall, src otherwise); Kirin X90's copies out of L0C (TINSERT, TINSERT_FP, TMOV_FP and the TMOV
    forms with a ReluPreMode, STPhase, AccToVecMode or preQuantScalar) a destination whose rows are whole
    32-byte blocks.

    ## Why is this bad?
    A `static_assert` rejects the call: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, 16, 20, SLayout::NoneBox, 512, PadValue::Null> src;
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512, PadValue::Zero> dst;
    TFILLPAD(dst, src);  // widening needs TFILLPAD_EXPAND
    ```

    ## Use instead
    ```cpp
    TFILLPAD_EXPAND(dst, src);
    ```
    """
    return _report(ctx, shape_problems)

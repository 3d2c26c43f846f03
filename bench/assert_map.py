"""Curated map for bench/assert_coverage.py: header assertions -> the ptolint rules that check them, or the
documented reason they are not checkable.

Each Entry matches assertions of the inventory (bench/assert_inventory.json) by file (fnmatch over the path
relative to include/), owner (fnmatch over "function:Name" / "class:Name" / "file:path"), condition (a regular
expression searched in the short normalised condition), topic, kind, builtin and target; the FIRST matching
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
    "enable-if-implies": "the function's own `enable_if` admits only template arguments for which the assertion "
                         "holds: it holds wherever the function is instantiated",
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
    "guard-implies": "the enclosing `if constexpr` tests a condition that implies the assertion: it holds wherever "
                     "it is compiled",
}

#: rules that check one form's assertions only and cite a file shared with other forms (TExtract.hpp): mapped by
#: the entries below alone, never inferred from provenance for the file's other assertions
CURATED_ONLY = frozenset({"PTO119", "PTO120", "PTO121", "PTO122", "PTO935", "PTO951", "PTO959", "PTO968"})

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

ENTRIES: list[Entry] = [
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
    Entry(_TILE, "function:Tile::SetMadTF32Mode",
          note="open (checkable): the TF32 rounding mode the kernel passes must be CAST_ROUND or CAST_RINT; no rule"),
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
    Entry("pto/common/pto_instr.hpp", "function:TPUSH", cond=r"GridDirection::SOURCE",
          note="open (checkable): GridPipe TPUSH with a SOURCE direction; no rule"),
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
    Entry(_K_MOV, "function:TMOV_IMPL",
          note="open (checkable): the AccToVecMode / quant / fp TMOV forms (Dst Vec, single-destination modes with "
               "quantization, fp in Scaling); the tmov rules judge the plain TMOV(dst, src) only"),
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
    Entry(_K_EXTRACT, "function:TextractConvTileCheck|function:TEXTRACT_CONVTILE_IMPL",
          note="open (checkable): TEXTRACT from a ConvTile; no rule reads a ConvTile source of TEXTRACT"),
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
    Entry("pto/npu/a2a3/TBitwiseSOp.hpp", "function:TShiftCheck", kind="runtime",
          note="open (checkable): the header's row check compares dst's valid rows with src's valid *columns* (a "
               "debug build traps for any non-square valid shape); no rule"),
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
    Entry(_T2, "function:CheckAcc2gm", cond=r"^GlobalData::DType == __gm__ int8_t",
          note="open (checkable): the quantising stores' output types (float -> int8 / uint8, int32 -> int8 / uint8 "
               "/ half); PTO954 checks the plain store only", targets=_A2A3_A5),
    Entry(_T2, "function:CheckAcc2gm", cond=r"^\(GlobalData::layout == Layout::ND \|\|", rules=("PTO953",),
          note="an L0C store writes ND / NZ / NC1HWC0 / NDC1HWC0 tensors only (ACC_STORE_LAYOUTS)", targets=_A2A3_A5),
    Entry(_ST2, "function:TStoreAccNz2NDC1HWC0", kind="static", cond=r"^GlobalData::DType == __gm__ float",
          rules=("PTO954",), note="a list that contains CheckAcc2gm's (checked first on the same path): a plain store "
                                  "breaking it breaks PTO954's list; the quantising forms' list is the open entry "
                                  "above", targets=_A2A3_A5),
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
    Entry(_LD2 + "|" + _ST2 + "|" + _T2, kind="runtime", cond=r"^valid(Row|Col) == ",
          note="open (checkable): the valid region against the tensor's extents on the paths PTO956 does not model: "
               "the burst length of Vec ND / DN transfers (validCol == Shape4, validRow == Shape3), L1 (Mat) and "
               "L0C (Acc) transfers, NZ tensors; the executor replays Vec ND / DN line counts only", targets=_A2A3_A5),
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
    Entry(_LD5, "function:TLoadCubeCheck", cond=r"^GlobalData::layout != pto::Layout::DN",
          note="open (checkable): no DN2NZ for the 4-bit types (float4_e2m1x2_t / float4_e1m2x2_t); PTO953's pairs "
               "are per layout, not per type", targets=_A2A3_A5),
    Entry(_LD5, "function:TLoadCubeCheck|function:StaticCheck", cond=r"== GlobalData::staticShape\[4\] && BLOCK_LEN",
          rules=("PTO959",), note="A5 NZ2NZ into Vec / Mat: the tensor's last two static dimensions [16, 32 / sizeof] "
                                  "([16, 64] for 4-bit types)", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(sizeof\(TileData::DType\) == 1\)", reason="tile-dtype-implies",
          note="b8 / b16 / b32 / b64: every element type a Tile admits has one of these sizes", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"PadVal", note="open (checkable): an int64 tile loaded with a PadVal "
                                                             "other than Null / Zero; no rule", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^sizeof\(TileData::DType\) == sizeof", rules=("PTO952",),
          note="equal element sizes", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^\(\(GlobalData::layout == pto::Layout::ND\)", rules=("PTO953",),
          note="Vec: ND2ND / DN2DN / NZ2NZ", targets=_A2A3_A5),
    Entry(_LD5, "function:StaticCheck", cond=r"^TileData::Valid(Col|Row) == ", rules=("PTO955",),
          note="static valid shape of a row-major Vec tile against the static ND tensor", targets=_A2A3_A5),
    Entry(_ST5R, "*", kind="static", cond=r"staticShape\[[34]\]", rules=("PTO959",),
          note="A5 Vec / L0C -> NZ: staticShape[3] == 16 and staticShape[4] by the output type (Vec also 64 for 4-bit "
               "types)", targets=_A2A3_A5),
    Entry(_ST5R, "*", kind="runtime", cond=r"^valid(Row|Col) == ",
          note="open (checkable): the valid region against an NZ / NHWC / NCHW / NCDHW tensor's extents (A5 Vec NZ "
               "and L0C stores); PTO956 models Vec ND / DN only", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^caps::IsSInt32<TileData::DType>", rules=("PTO954",),
          note="int32 / float accumulators", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^caps::IsSInt32<GlobalData::RawDType>", rules=("PTO954",),
          note="plain store outputs int32 / float / half / bfloat16", targets=_A2A3_A5),
    Entry(_ST5, "function:CheckStaticAcc", cond=r"^caps::IsInt8<GlobalData::RawDType>",
          note="open (checkable): the quantising stores' output types; PTO954 checks the plain store only", targets=_A2A3_A5),
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
          cond=r"^repeatTimes >= 1 && repeatTimes <= EXPANDS_MAX_SUPPORT_REPEAT_TIMES$", reason="buffer-fit-implies",
          note="TEXPANDS of a Mat tile: Rows * Cols * sizeof / 32 (cast to uint16_t) in [1, 32767]; >= 1 by the 32-byte "
               "rows (PTO003 / PTO004); it exceeds 32767 (or wraps) only for a tile over 1 MiB, which does not fit L1 "
               "(512 KiB on both targets)",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TExpandS.hpp|pto/npu/a5/TExpandS.hpp", "function:TExpandsMat5HD|function:TExpandsConvTile",
          note="open (checkable): TEXPANDS of a ConvTile: the product of its run-time shape in 32-byte blocks within "
               "[1, 32767]; the frontend reads ConvTile operands for TIMG2COL only", targets=_A2A3_A5),
    Entry("pto/npu/a5/TExpandS.hpp", "function:TExpandS", cond=r"^TileData::isRowMajor$",
          note="open (checkable): A5 TEXPANDS of a 64-bit tile needs a row-major tile; the TEXPANDS facts "
               "(rules/tile_scalar.py) have no per-type layout", targets=_A2A3_A5),
    Entry("pto/common/arch/memory/textract_common.hpp|pto/npu/a5/TExtract.hpp", "function:TEXTRACT_CONVTILE_IMPL",
          cond=r"Loc == pto::TileType::(Mat|Right)$|^SrcTileData::staticShape\[2\] == FRACTAL_NZ_ROW", note="open (checkable): TEXTRACT of a ConvTile (L1 fractal-Z -> L0B): locations and the source's static "
               "[.., 16, C0] shape; the frontend reads ConvTile operands for TIMG2COL only", targets=_A2A3_A5),
    Entry("pto/common/constants.hpp", "class:PadValueMap",
          note="open (checkable): a tile with a PadVal whose element type has no PadValueMap entry (e.g. 8-bit or "
               "16-bit integers with Max / Min) is rejected where the pad value is read (TLOAD, TFILLPAD, the row "
               "reductions' tmp fill); no rule has the table", targets=_A2A3_A5),
    Entry("pto/common/pto_tile.hpp", "function:GetTileOffset",
          note="open (checkable): TPRINT of a boxed tile whose block / fractal orders are neither Nz, Zn nor Zz "
               "(ColMajor blocks of ColMajor fractals); PTO020 checks TPRINT's location only", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TPrint.hpp", "function:PrintValue",
          note="open (checkable): TPRINT of an element type PrintValue has no format for (bfloat16 and the 8-bit "
               "float formats are neither float / half nor std integers); no rule", targets=_A2A3_A5),
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
    Entry("pto/npu/a2a3/TMov.hpp", "function:TMovToVec", cond=r"^valid(Row|Col) > 0$",
          note="open (checkable): A2/A3 TMOV Acc -> Vec with an empty valid region (debug builds trap); no rule",
          targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TMrgSort.hpp", "function:TMRGSORT_IMPL", cond=r"^repeatTimes",
          note="open (checkable): A2/A3 TMRGSORT's repeat count (from the source's valid columns) within [1, 255]; "
               "no rule", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TRem.hpp", "function:TRemCheck", cond=r"^tmp\.",
          note="open (checkable): A2/A3 TREM's tmp tile needs RowStride + 2 * ceil(RowStride / repeatBit) valid "
               "columns; no rule", targets=_A2A3_A5),
    Entry("pto/npu/a2a3/TPush.hpp|pto/npu/a5/TPush.hpp", "function:Producer::push|function:Consumer::pop",
          cond=r"fifoType", note="open (checkable): a TMPipe whose FIFOType the push / pop of that tile has no copy "
                                 "for (A2/A3 GM or CTRL; A5 Acc -> GM or VEC, Vec -> GM, MAT or CTRL); PTO022 reads "
                                 "TPipe arguments, not TMPipe's FIFO type", targets=_A2A3_A5),
    Entry("pto/npu/a5/TPush.hpp", "function:Producer::pushAcc2VecFiFo|function:Producer::pushVec2MatFiFo",
          cond=r"% 2 == 0|% 32 == 0|^isSplitM \|\| isSplitN \|\| nonSplit$", note="open (checkable): A5 TMPipe pushes into a local FIFO: Acc -> Vec needs fp32 data and even ProdM / "
               "valid rows (32-column ProdN / valid columns), Vec -> Mat 32-byte valid rows, and a split mode the "
               "consumer shape implies; no rule models TMPipe's local FIFOs", targets=_A2A3_A5),
    Entry("pto/npu/a5/TRandom.hpp", "function:TRANDOM_IMPL", cond=r"nullptr",
          note="open (checkable): TRANDOM's key and counter pointers non-null (debug builds trap); pointer values "
               "are not followed", targets=_A2A3_A5),
    Entry("pto/npu/a5/common.hpp", "function:GetDualDstCtl", cond=r"quantPre",
          note="open (checkable): A5 Acc -> Vec dual-destination modes (DualModeSplitM / SplitN) without "
               "quantisation; PTO112 checks the split alignment only", targets=_A2A3_A5),
    Entry("pto/npu/a5/utils.hpp", "function:GetDistVst",
          note="open (checkable): a vector store of a 64-bit element type through DIST_NORM / DIST_ONEPT (b8 / b16 / "
               "b32 only), reached from about a hundred A5 routines; the per-builtin type lists decide most of them, "
               "this shared helper is not mapped builtin by builtin", targets=_A2A3_A5),
    # open items (checkable, no rule yet): what each group would need (conditions and owners chosen so that no
    # assertion a rule already checks is matched)
    Entry("pto/common/arch/memory/tload_common.hpp|pto/common/arch/memory/tstore_common.hpp|pto/npu/a2a3/TStore.hpp|"
          "pto/npu/a5/TStore.hpp", "function:CheckNzFormat|function:TLoadGm2*|function:TStoreMat2Gm*|"
          "function:TStoreAcc*|function:TStoreUb2gmNd2nd|function:CheckAcc2gm|function:CheckStaticAcc",
          cond=r"(<|<=) (4096|8192|16384|65535|4095)\b|% BLOCK_BYTE_SIZE == 0$|^gShape0 == 1 && gShape1 == 1 && "
               r"gShape2 == 1$",
          targets=("a6",),
          note="open (checkable): GM <-> tile extent limits (A2/A3 ND / DN rows < 4096, ND -> NZ 16384 / 65535, Acc "
               "-> GM cols [1, 4095], rows [1, 8192] / [1, 65535], Mat -> GM row bytes in 32-byte blocks; A5 Acc "
               "cols [1, 4095]); needs a per-path table over the GlobalTensor's shape / stride terms "
               "(rules/global_tensor.py) and the executor's TLOAD / TSTORE paths"),
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
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp", "function:TLoadHif4Cube*",
          targets=("a2a3", "a5", "a6"),
          note="open (checkable): A6 TLOAD of hifloat4x2_t tiles (TLoadHif4CubeCheck: element type, ValidCol vs "
               "staticShape[4]); ptolint/own_impls.py leaves hifloat4x2_t TLOAD calls on A6 out"),
    Entry("pto/npu/a5/TLoad.hpp|pto/npu/a6/TLoad.hpp|pto/common/arch/register/tload_common.hpp",
          "function:TLoadNHWC|function:TLoadNCHW*|"
          "function:TLoadNCDHW*|function:TLoad5HD|function:TLoadFractalZ|function:CheckConvTileData",
          targets=("a2a3", "a5", "a6"),
          note="open (checkable): A5 / A6 TLOAD into ConvTile destinations (NC1HWC0 / FractalZ / NDC1HWC0 shapes); "
               "the frontend reads ConvTile types for TIMG2COL only (rules/misc_builtins.py)"),
    Entry("pto/npu/a6/TExtract.hpp", "function:TEXTRACT_CONVTILE_IMPL|function:TextractConvTileCheck",
          topic="gm-shape",
          note="open (checkable): A6 TEXTRACT of a FractalZ ConvTile source (its staticShape[2] == 16, [3] == C0); "
               "the frontend reads ConvTile types for TIMG2COL only"),
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
    Entry("pto/npu/*/TSync.hpp", "*Event*",
          note="open (checkable): Event<SrcOp, DstOp> with an op the target maps to no pipe (PIPE_ALL): the model "
               "maps ops to pipes by class, not by the vendor's per-op table; no rule"),
]

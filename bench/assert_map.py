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
}

#: rules that check one form's assertions only and cite a file shared with other forms (TExtract.hpp): mapped by
#: the entries below alone, never inferred from provenance for the file's other assertions
CURATED_ONLY = frozenset({"PTO119", "PTO120", "PTO121", "PTO122"})

_TILE = "pto/common/pto_tile.hpp"

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
    Entry(_TILE, "function:Tile::SetValid*", kind="static",
          note="open (checkable): SetValidRow/Col/Shape on a tile whose valid dimension is static; no rule, the "
               "model header accepts the call"),
    Entry(_TILE, "function:Tile::[SG]etValue",
          note="open (checkable): scalar Tile::SetValue/GetValue on a tile that is not Vec; a Tile member the "
               "kernel calls, not a builtin: no rule"),
    Entry(_TILE, "function:Tile::SetMadTF32Mode",
          note="open (checkable): the TF32 rounding mode the kernel passes must be CAST_ROUND or CAST_RINT; no rule"),
    # --- GlobalTensor / Shape / Stride / ConvTile: classes the kernel instantiates -------------------------------
    Entry(_TILE, "function:GlobalTensor::[GS]et*", cond=r"^dim\d? >= GlobalTensorDim::DIM_0",
          note="open (checkable): the dimension template argument of GlobalTensor::GetShape/SetShape/GetStride/"
               "SetStride in 0..4; the headers pass literal dimensions, a kernel may not; no rule"),
    Entry(_TILE, "function:GlobalTensor::[GS]et*",
          note="open (checkable): GlobalTensor's compile-time shape/stride accessors on a DYNAMIC dimension "
               "(Get*<dim>) or setters on a static one (Set*); no rule"),
    Entry(_TILE, "function:Shape::Shape|function:Stride::Stride",
          note="open (checkable): the number of constructor arguments of Shape / Stride must equal the number of "
               "DYNAMIC dimensions; no rule (the model accepts any)"),
    Entry(_TILE, "*ConvTile*",
          note="open: ConvTile / ConvTileShape class invariants; the frontend does not model ConvTile (see "
               "rules/rearrange.py)"),
    Entry(_TILE, "class:*Shape2D",
          note="open (checkable): TileShape2D / BaseShape2D (NZ / MX layouts) need rows and cols divisible by the "
               "fractal; no rule (the helpers' five dims are modelled, ptolint/frontend/types.py SHAPE2D, so the "
               "GlobalTensor rules see them)"),
    # --- the implementation re-asserting the Tile class invariant ----------------------------------------------
    Entry("pto/npu/*", topic="valid-vs-shape", kind="static", rules=("PTO002",),
          note="the Tile class invariant ValidRow <= Rows / ValidCol <= Cols re-asserted by the implementation; "
               "PTO002 checks it for every tile operand"),
    Entry("pto/common/arch/*", topic="valid-vs-shape", kind="static", rules=("PTO002",),
          note="the Tile class invariant re-asserted by the implementation; PTO002 checks every tile operand"),
    # --- builtins a target does not provide ---------------------------------------------------------------------
    Entry("pto/common/pto_instr.hpp", "function:TPUSH|function:TPOP", cond=r"^sizeof\(Pipe\) == 0",
          rules=("PTO010",), note="GridPipe TPUSH/TPOP outside A2/A3: the #else branch rejects every call"),
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
    # --- synchronisation ------------------------------------------------------------------------------------------
    Entry("pto/npu/a2a3/TSync.hpp", "function:TSYNC_IMPL", reason="header-constants",
          note="the pipe comes from the header's Op -> pipe table (common/event.hpp); every pipe of the table is "
               "in A2/A3's list (see PTO059's provenance)"),
    Entry("pto/npu/a5/TSync.hpp", "function:TSYNC_IMPL", rules=("PTO059",),
          note="A5: TSYNC<Op> only for ops whose pipe is MTE2, MTE3 or ALL"),
    Entry("pto/npu/*/TSync.hpp", "*Event*",
          note="open (checkable): Event<SrcOp, DstOp, AutoToken, EventID> template arguments (cross-core events "
               "need an explicit EventID / CrossCoreId, ops must map to a real pipe); no rule"),
]

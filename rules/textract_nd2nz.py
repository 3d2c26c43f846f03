"""TEXTRACT two-destination form `TEXTRACT(dst0, dst1, src, indexRow0, indexCol0, indexRow1, indexCol1)`
(E8 of docs/isa-facts.md, TEXTRACT_ND2XNZ_IMPL): two windows of one ND Vec tile copied into two NZ Vec tiles
(PTO119..PTO122).

What the headers do (a2a3/TExtract.hpp CheckTExtractNdToNz ~l.403-430 and TEXTRACT_ND2XNZ_IMPL ~l.433-461;
a5/TExtract.hpp CheckTExtractNdToNz ~l.1053-1078 and TEXTRACT_ND2XNZ_IMPL ~l.1081-1110), for each k in {0, 1}:
static_assert Src and Dst_k Loc Vec; Src ND (RowMajor, NoneBox); Dst_k NZ (ColMajor, SLayout RowMajor);
Dst_k DType == Src DType; DType in A2A3 {int8, half, bf16, float, int32} / A5 {half, bf16, float, int32, int8,
hifloat8, fp8 e4m3/e5m2/e8m0, fp4 e2m1x2/e1m2x2}; A2A3 Dst_k Compact != RowPlusOne; Dst_k Cols % c0 and
Src RowStride * sizeof % 32 (both already Tile class invariants: PTO004 / PTO003). PTO_ASSERT per window:
indexRow_k + dst_k.GetValidRow() <= Src::Rows and indexCol_k + dst_k.GetValidCol() <= Src::Cols.
The single-destination rules (rules/textract.py) never look at this form.
"""

from __future__ import annotations

from collections.abc import Callable

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TEXTRACT",)
A2 = "include/pto/npu/a2a3/TExtract.hpp"
A5 = "include/pto/npu/a5/TExtract.hpp"
DOC = "docs/isa/TEXTRACT.md"
DSTS = ("dst0", "dst1")
#: targets whose TExtract.hpp has no two-destination form: pto_instr.hpp's wrapper calls TEXTRACT_ND2XNZ_IMPL
#: unguarded, a6/TExtract.hpp defines none (such a call does not compile there; A5's facts say nothing about it)
NO_TWO_DST = ("a6",)

_FP8 = {"hifloat8_t", "float8_e4m3_t", "float8_e5m2_t", "float8_e8m0_t", "float4_e2m1x2_t", "float4_e1m2x2_t"}
#: element types CheckTExtractNdToNz accepts, per target
TYPES = {
    "a2a3": frozenset({"int8_t", "half", "bfloat16_t", "float", "int32_t"}),
    "a5": frozenset({"half", "bfloat16_t", "float", "int32_t", "int8_t"} | _FP8),
}


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _ops(ctx: Ctx) -> tuple[TileView, TileView, TileView] | None:
    """(dst0, dst1, src) of a two-destination call, None for every other TEXTRACT form."""
    d0, d1, src = ctx.tile("dst0"), ctx.tile("dst1"), ctx.tile("src")
    if d0 is None or d1 is None or src is None or ctx.target in NO_TWO_DST:
        return None
    return d0, d1, src


def _is_nd(t: TileView) -> bool:
    return t.blayout == "RowMajor" and t.slayout == "NoneBox"


def _is_nz(t: TileView) -> bool:
    return t.blayout == "ColMajor" and t.slayout == "RowMajor"


def _location_errors(d0: TileView, d1: TileView, src: TileView) -> list[str]:
    return [f"{n} `{_esc(t.text)}` is TileType::{t.loc}" for n, t in (("src", src), ("dst0", d0), ("dst1", d1))
            if t.loc != "Vec"]


def _layout_errors(target: str, d0: TileView, d1: TileView, src: TileView) -> list[str]:
    out = [] if _is_nd(src) else [f"src `{_esc(src.text)}` is BLayout::{src.blayout}, SLayout::{src.slayout} "
                                  "(must be ND: RowMajor, NoneBox)"]
    for n, t in zip(DSTS, (d0, d1), strict=True):
        if not _is_nz(t):
            out.append(f"{n} `{_esc(t.text)}` is BLayout::{t.blayout}, SLayout::{t.slayout} (must be NZ: "
                       "ColMajor, SLayout::RowMajor)")
        elif target == "a2a3" and t.compact == "RowPlusOne":
            out.append(f"{n} `{_esc(t.text)}` is CompactMode::RowPlusOne (A2/A3 writes plain NZ only)")
    return out


def _dtype_errors(target: str, d0: TileView, d1: TileView, src: TileView) -> list[str]:
    out = [] if src.dtype in TYPES[target] else [f"src element type {src.dtype} ({target} accepts "
                                                 f"{', '.join(sorted(TYPES[target]))})"]
    out += [f"{n} is {t.dtype}, src is {src.dtype}" for n, t in zip(DSTS, (d0, d1), strict=True)
            if t.dtype != src.dtype]
    return out


def _compiles(target: str, d0: TileView, d1: TileView, src: TileView) -> bool:
    return not (_location_errors(d0, d1, src) or _layout_errors(target, d0, d1, src)
                or _dtype_errors(target, d0, d1, src))


def _in_ub_check(ctx: Ctx, errors: Callable[[str, TileView, TileView, TileView], list[str]]) -> Check | None:
    """A static_assert family checked on two-destination calls whose tiles are all in UB (PTO119 has the rest)."""
    ops = _ops(ctx)
    if ops is None or _location_errors(*ops):
        return None
    bad = errors(ctx.impl, *ops)
    return Check(ctx.static(bool(bad)), "TEXTRACT(dst0, dst1, src, ...): " + "; ".join(bad))


@rule("PTO119", "textract-two-dst-location", instructions=INSTR, fault="unsupported-path",
      provenance=(Provenance("header-static", A2 + ":407", "CheckTExtractNdToNz: static_assert Src and Dst Loc == "
                             "TileType::Vec, instantiated for dst0 and dst1"),
                  Provenance("header-static", A5 + ":1056", "the same static_assert"),
                  Provenance("isa-doc", DOC, "ND -> 2xNZ: Vec tiles")))
def two_dst_location(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The two-destination TEXTRACT (ND -> 2xNZ) is given a tile that is not a Vec (Unified Buffer) tile.

    ## What it does
    For `TEXTRACT(dst0, dst1, src, ...)` checks that src, dst0 and dst1 all have `TileType::Vec`.

    ## Why is this bad?
    The form re-lays an ND tile out as two NZ tiles inside the Unified Buffer; both targets reject any other
    buffer with a `static_assert`, so the kernel does not compile (an L1 `Mat` destination, as for the
    single-destination ND -> NZ copy into L1, compiles nowhere).

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 32, 64> src;
    Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> a;
    Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> b;
    TEXTRACT(a, b, src, 0, 0, 16, 32);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> a, b;
    TEXTRACT(a, b, src, 0, 0, 16, 32);  // then TMOV / TSTORE them where they are needed
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    bad = _location_errors(*ops)
    return Check(ctx.static(bool(bad)), "TEXTRACT(dst0, dst1, src, ...): " + "; ".join(bad) + " (ND -> 2xNZ needs "
                 "TileType::Vec)")


@rule("PTO120", "textract-two-dst-layout", instructions=INSTR, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2 + ":410-419", "CheckTExtractNdToNz: Src isRowMajor && NoneBox; Dst "
                             "!isRowMajor && SFractal RowMajor; Dst Compact != RowPlusOne"),
                  Provenance("header-static", A5 + ":1059-1063", "Src ND, Dst NZ (no Compact check)"),
                  Provenance("isa-doc", DOC, "ND source, NZ destinations")))
def two_dst_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The two-destination TEXTRACT (ND -> 2xNZ) with a source that is not ND or a destination that is not NZ.

    ## What it does
    On calls whose tiles are all Vec, checks that src is ND (`BLayout::RowMajor`, `SLayout::NoneBox`) and dst0 and
    dst1 are NZ (`BLayout::ColMajor`, `SLayout::RowMajor`); on A2/A3 also that no destination is
    `CompactMode::RowPlusOne`.

    ## Why is this bad?
    The form only converts ND into NZ; both targets reject other layouts with a `static_assert` (A2/A3 also the
    NZ+1 compact form), so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 32, 64> src;
    Tile<TileType::Vec, half, 16, 32> a, b;  // ND, not NZ
    TEXTRACT(a, b, src, 0, 0, 16, 32);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> a, b;
    TEXTRACT(a, b, src, 0, 0, 16, 32);
    ```
    """
    return _in_ub_check(ctx, _layout_errors)


@rule("PTO121", "textract-two-dst-dtype", instructions=INSTR, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2 + ":420-426", "CheckTExtractNdToNz: Dst DType == Src DType; DType "
                             "in {int8_t, half, bfloat16_t, float, int32_t}"),
                  Provenance("header-static", A5 + ":1064-1072", "Dst DType == Src DType; DType in {half, "
                             "bfloat16_t, float, int32_t, int8_t, hifloat8_t, float8_e4m3_t, float8_e5m2_t, "
                             "float8_e8m0_t, float4_e2m1x2_t, float4_e1m2x2_t}"),
                  Provenance("isa-doc", DOC, "same element type in and out")))
def two_dst_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The two-destination TEXTRACT (ND -> 2xNZ) with an element type the target rejects or differing types.

    ## What it does
    On calls whose tiles are all Vec, checks that src's element type is in the target's list (A2/A3: int8,
    half, bfloat16, float, int32; A5: also the fp8 / fp4 types) and that dst0 and dst1 have src's type.

    ## Why is this bad?
    The copy does not convert; both targets reject other types with a `static_assert`, so the kernel does not
    compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int16_t, 32, 64> src;
    Tile<TileType::Vec, int16_t, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> a, b;
    TEXTRACT(a, b, src, 0, 0, 16, 32);  // no 16-bit integers
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 32, 64> src;
    Tile<TileType::Vec, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> a, b;
    TEXTRACT(a, b, src, 0, 0, 16, 32);
    ```
    """
    return _in_ub_check(ctx, _dtype_errors)


@rule("PTO122", "textract-two-dst-window-out-of-bounds", instructions=INSTR, fault="out-of-bounds",
      provenance=(Provenance("header-runtime", A2 + ":447-458", "PTO_ASSERT indexRow_k + dst_k.GetValidRow() <= "
                             "Src::Rows and indexCol_k + dst_k.GetValidCol() <= Src::Cols (debug builds only); "
                             "a release build reads the window anyway, past src's storage"),
                  Provenance("header-runtime", A5 + ":1092-1103", "the same four PTO_ASSERTs; a release build reads "
                             "the window anyway, past src's storage"),
                  Provenance("isa-doc", DOC, "each window must lie inside src")))
def two_dst_window_out_of_bounds(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A window of the two-destination TEXTRACT (ND -> 2xNZ) reaches past the source tile.

    ## What it does
    For each destination k, checks on the path reaching the call that `indexRow_k + dst_k.GetValidRow()` and
    `indexCol_k + dst_k.GetValidCol()` stay within src's `Rows` / `Cols` (the index arguments are `uint16_t`).

    ## Why is this bad?
    The bound is only a `PTO_ASSERT`: debug builds trap, release builds copy the window anyway and read
    past the source tile's storage into whatever follows it in the Unified Buffer.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 32, 64> src;
    Tile<TileType::Vec, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> a, b;
    TEXTRACT(a, b, src, 0, 0, 16, 48);  // b's window is columns 48..79 of a 64-column tile
    ```

    ## Use instead
    ```cpp
    TEXTRACT(a, b, src, 0, 0, 16, 32);
    ```
    """
    ops = _ops(ctx)
    if ops is None or not _compiles(ctx.impl, *ops):
        return None
    src = ops[2]
    parts, sane, show = [], [], {}
    for k, t in enumerate(ops[:2]):
        r, c = ctx.scalar(f"indexRow{k}"), ctx.scalar(f"indexCol{k}")  # uint16_t values
        r = z3.IntVal(0) if r is None else r
        c = z3.IntVal(0) if c is None else c
        parts.append(z3.Or(r + t.valid_row > src.rows, c + t.valid_col > src.cols))
        # a valid region outside dst's own storage is PTO006's finding
        sane.append(z3.And(t.valid_row >= 0, t.valid_row <= t.rows, t.valid_col >= 0, t.valid_col <= t.cols))
        show.update({f"indexRow{k}": r, f"indexCol{k}": c, f"dst{k}_validRow": t.valid_row,
                     f"dst{k}_validCol": t.valid_col})
    msg = (f"TEXTRACT(dst0, dst1, src, ...): a window leaves src `{_esc(src.text)}` ({src.rows}x{src.cols}): dst0 "
           "at ({indexRow0}, {indexCol0}) with {dst0_validRow}x{dst0_validCol} valid, dst1 at ({indexRow1}, "
           "{indexCol1}) with {dst1_validRow}x{dst1_validCol} valid")
    return Check(z3.And(*sane, z3.Or(*parts)), msg, show)

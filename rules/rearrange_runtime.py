"""Data rearrangement, run-time rules (PTO315..): valid regions, insert offsets, transposed shapes and
concatenated widths of TFILLPAD*, TCONCAT, TINSERT, TTRANS, TINTERLEAVE and TDEINTERLEAVE.

The static facts and the `form()` of a call are in rules/rearrange.py; these rules apply only to calls that
compile (`compiles()`). All of these conditions are at most `PTO_ASSERT`s in the headers (debug builds);
each rule models what a release build then does.
"""

from __future__ import annotations

import re

from ptolint.rules.rearrange import HDR, OWN, compiles, facts

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, rule


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _active(ctx: Ctx, *forms: str) -> str | None:
    """The call's form when it is one of `forms` and compiles on this target, else None."""
    fx = facts(ctx)
    if fx is None or fx[0] not in forms or not compiles(ctx, fx[1]):
        return None
    return fx[0]


@rule("PTO315", "tfillpad-src-rows-exceed-dst", instructions=("TFILLPAD", "TFILLPAD_INPLACE", "TFILLPAD_EXPAND"),
      fault="out-of-bounds", targets=("a5",),
      provenance=(Provenance("header-runtime", "include/pto/npu/a5/TFillPad.hpp (TFillPad: unsigned padRows = "
                             "dstValidRow - srcValidRow)", "no check: the bottom-padding loop starts at row srcValidRow "
                             "and its length wraps around to about 2^32 elements, storing far past dst"),
                  Provenance("header-runtime", "include/pto/npu/a2a3/TFillPad.hpp (PadBottomRows)", "A2/A3 computes "
                             "padRows as a signed int and returns when it is <= 0: not a fault there"),
                  Provenance("isa-doc", "docs/isa/TFILLPAD.md", "does not state the relation between the valid rows")))
def tfillpad_src_rows_exceed_dst(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TFILLPAD on A5 with more valid source rows than valid destination rows.

    ## What it does
    Compares `src.GetValidRow()` with `dst.GetValidRow()` for the Vec forms of TFILLPAD,
    TFILLPAD_INPLACE and TFILLPAD_EXPAND on A5 (when the excess rows hold at least one 256-byte vector of
    elements; below that the wrapped store count happens to come out as zero).

    ## Why is this bad?
    A5 computes the number of bottom padding rows as the unsigned difference `dstValidRow - srcValidRow`.
    When the source has more valid rows the difference wraps to a huge count and the padding stores run far
    past the end of the destination tile, overwriting whatever follows it in the Unified Buffer.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC, SLayout::NoneBox, 512, PadValue::Zero>
        dst(rows - 1, 64);
    TFILLPAD(dst, src);  // src has `rows` valid rows
    ```

    ## Use instead
    ```cpp
    TFILLPAD(dst, src);  // with dst(rows, 64): dst covers every valid source row
    ```
    """
    if _active(ctx, "TFILLPAD", "TFILLPAD_INPLACE", "TFILLPAD_EXPAND") is None:
        return None
    dst, src = ctx.tile("dst"), ctx.tile("src")
    per_repeat = 256 // (src.elem_size or 4)  # elements per 256-byte vector store
    # the wrapped length is (2^32 - k * Cols) elements in uint16-counted 256-byte repeats: it stays 0 (nothing
    # stored) only while k * Cols < elements per repeat, k = srcValidRow - dstValidRow
    return Check(z3.And(src.valid_row > dst.valid_row, (src.valid_row - dst.valid_row) * dst.cols >= per_repeat),
                 f"{ctx.builtin}: src `{_esc(src.text)}` has {{src_validRow}} valid rows but dst `{_esc(dst.text)}` "
                 "only {dst_validRow}; A5's bottom padding count dstValidRow - srcValidRow wraps around and the "
                 "pad stores run past the end of dst",
                 {"src_validRow": src.valid_row, "dst_validRow": dst.valid_row})


@rule("PTO316", "tconcat-columns-exceed-dst", instructions=("TCONCAT",), fault="out-of-bounds",
      provenance=(Provenance("header-runtime", HDR["TCONCAT"], "A2/A3: PTO_ASSERT validCol0 + validCol1 <= Dst::Cols; "
                             "A5: PTO_ASSERT validCol0 + validCol1 == dst valid cols; both then write src1's columns "
                             "at offset validCol0 of every dst row"),
                  Provenance("isa-doc", "docs/isa/TCONCAT.md", "A2A3: src0 valid cols + src1 valid cols <= dst Cols")))
def tconcat_columns_exceed_dst(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCONCAT's two sources together are wider than the destination tile.

    ## What it does
    Checks `src0.GetValidCol() + src1.GetValidCol() <= Dst::Cols` whenever rows are copied.

    ## Why is this bad?
    Each destination row receives src0's valid columns followed by src1's. When they add up to more than
    the destination's row length, every row spills into the next one and the last row writes past the end
    of the tile. The check is only a `PTO_ASSERT`, so release builds corrupt memory silently.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> a(wa), b(wb);
    Tile<TileType::Vec, float, 16, 64> dst;
    TCONCAT(dst, a, b);  // wa + wb can exceed 64
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 128> dst;  // room for both
    TCONCAT(dst, a, b);
    ```
    """
    if _active(ctx, "TCONCAT") is None:
        return None
    dst, s0, s1 = ctx.tile("dst"), ctx.tile("src0"), ctx.tile("src1")
    width = s0.valid_col + s1.valid_col
    return Check(z3.And(dst.valid_row > 0, width > dst.cols),
                 f"TCONCAT: src0 `{_esc(s0.text)}` ({{src0_validCol}} valid cols) + src1 `{_esc(s1.text)}` "
                 f"({{src1_validCol}}) = {{width}} columns, more than dst `{_esc(dst.text)}` Cols {dst.cols}: "
                 "the rows spill over and the last one writes past the tile",
                 {"src0_validCol": s0.valid_col, "src1_validCol": s1.valid_col, "width": width})


@rule("PTO317", "rearrange-valid-shape-mismatch", instructions=("TCONCAT", "TINTERLEAVE", "TDEINTERLEAVE"),
      fault="valid-region",
      provenance=(Provenance("header-runtime", HDR["TCONCAT"], "PTO_ASSERT src0/src1 valid rows == dst valid rows "
                             "(both); A5 also dst valid cols == src0 + src1 valid cols; the copy runs over dst's valid "
                             "rows and src0 + src1 valid cols"),
                  Provenance("header-runtime", HDR["ILV"], "PTO_ASSERT every operand's valid shape equals dst0's (the "
                             "single-source TDEINTERLEAVE: dst rows == src rows, dst cols == src cols / 2); the loops "
                             "run over dst0's (resp. src's) valid shape")))
def rearrange_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Valid regions of a concatenation or (de)interleave do not line up: stale data is read or left behind.

    ## What it does
    Reports, on the path where rows are processed, a source whose valid region is smaller than the region
    the instruction reads from it, and a destination whose valid region is larger than what the
    instruction writes: TCONCAT reads dst's valid rows from both sources (A5: and dst's valid columns must
    be covered by src0's plus src1's); TINTERLEAVE / TDEINTERLEAVE work over dst0's valid shape (the
    single-source TDEINTERLEAVE over src's rows and half its columns).

    ## Why is this bad?
    The equalities are `PTO_ASSERT`s only. In release builds the instruction reads rows or columns outside
    a source's valid region (stale data) or leaves part of a destination's valid region unwritten, and
    later instructions consume garbage as if it were valid.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 32> a(rows), b(rows);
    Tile<TileType::Vec, float, 16, 64> dst;  // always 16 valid rows
    TCONCAT(dst, a, b);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    TCONCAT(dst, a, b);
    ```
    """
    f = _active(ctx, "TCONCAT", "TINTERLEAVE", "TDEINTERLEAVE", "TDEINTERLEAVE(src)")
    if f is None:
        return None
    t = ctx.tile
    if f == "TCONCAT":
        dst, s0, s1 = t("dst"), t("src0"), t("src1")
        conds = [s0.valid_row < dst.valid_row, s1.valid_row < dst.valid_row]
        show = {"dst_validRow": dst.valid_row, "src0_validRow": s0.valid_row, "src1_validRow": s1.valid_row}
        what = ("TCONCAT copies dst's {dst_validRow} valid rows from src0 ({src0_validRow} valid rows) and src1 "
                "({src1_validRow})")
        if ctx.a5:
            conds.append(dst.valid_col > s0.valid_col + s1.valid_col)
            show.update(dst_validCol=dst.valid_col, src0_validCol=s0.valid_col, src1_validCol=s1.valid_col)
            what += ("; A5 also needs dst's {dst_validCol} valid cols covered by src0's {src0_validCol} + src1's "
                     "{src1_validCol}")
        return Check(z3.And(dst.valid_row > 0, z3.Or(*conds)), what, show)
    if f == "TDEINTERLEAVE(src)":
        src, d0, d1 = t("src"), t("dst0"), t("dst1")
        half = src.valid_col / 2
        conds = [z3.Or(d.valid_row > src.valid_row, d.valid_col > half) for d in (d0, d1)]
        return Check(z3.And(src.valid_row > 0, src.valid_col > 1, z3.Or(*conds)),
                     "TDEINTERLEAVE(dst1, dst0, src): writes {src_validRow} x {half} (src's valid rows x half its "
                     "valid cols) but dst0 is {dst0_validRow} x {dst0_validCol} and dst1 {dst1_validRow} x "
                     "{dst1_validCol} valid: part of a destination's valid region is left unwritten",
                     {"src_validRow": src.valid_row, "half": half, "dst0_validRow": d0.valid_row,
                      "dst0_validCol": d0.valid_col, "dst1_validRow": d1.valid_row, "dst1_validCol": d1.valid_col})
    d0, d1, s0, s1 = t("dst0"), t("dst1"), t("src0"), t("src1")
    conds = [z3.Or(s.valid_row < d0.valid_row, s.valid_col < d0.valid_col) for s in (s0, s1)]
    conds.append(z3.Or(d1.valid_row > d0.valid_row, d1.valid_col > d0.valid_col))
    return Check(z3.And(d0.valid_row > 0, d0.valid_col > 0, z3.Or(*conds)),
                 f"{ctx.builtin}: works over dst0's {{dst0_validRow}} x {{dst0_validCol}} valid shape but src0 is "
                 "{src0_validRow} x {src0_validCol}, src1 {src1_validRow} x {src1_validCol} and dst1 "
                 "{dst1_validRow} x {dst1_validCol} valid",
                 {"dst0_validRow": d0.valid_row, "dst0_validCol": d0.valid_col, "src0_validRow": s0.valid_row,
                  "src0_validCol": s0.valid_col, "src1_validRow": s1.valid_row, "src1_validCol": s1.valid_col,
                  "dst1_validRow": d1.valid_row, "dst1_validCol": d1.valid_col})


@rule("PTO835", "interleave-valid-shape-differs", instructions=("TINTERLEAVE", "TDEINTERLEAVE"),
      fault="valid-region",
      provenance=(Provenance("header-runtime", HDR["ILV"], "PTO_ASSERT src0's, src1's and dst1's valid shapes EQUAL "
                             "to dst0's (TInterleave.hpp 42-48, TDeInterleave.hpp 38-44); the single-source "
                             "TDEINTERLEAVE: dst0's and dst1's EQUAL to src's rows x half its columns (TDeInterleave.hpp "
                             "200-203): traps in debug builds; release builds work over dst0's (src's) shape, so a "
                             "source's extra valid data is dropped and dst1's (a destination's) valid region is "
                             "overrun or left short"),
                  Provenance("isa-doc", "docs/isa/TINTERLEAVE.md, TDEINTERLEAVE.md", "the operands' valid shapes "
                             "match")))
def interleave_valid_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A (de)interleave whose operands' valid shapes are not exactly the shape it works over.

    ## What it does
    The complement of PTO317 for TINTERLEAVE / TDEINTERLEAVE: reports a source whose valid region is larger
    than dst0's (in rows or columns), a dst1 whose valid region is smaller than dst0's, and for the
    single-source TDEINTERLEAVE a destination smaller than src's valid rows x half its valid columns. The
    header asserts equality; PTO317 reports the other direction.

    ## Why is this bad?
    The equalities are `PTO_ASSERT`s: a debug build traps. A release build works over dst0's valid shape
    (the single-source form: src's): valid source elements beyond it are silently not interleaved, and
    elements past a smaller destination's valid region are written although the tile says they are not
    valid, where a later instruction treats them as padding.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> re(n), im(n), lo(n / 2), hi(n / 2);
    TINTERLEAVE(hi, lo, im, re);   // works over lo's n / 2 columns: half of re and im is dropped
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> re(n), im(n), lo(n), hi(n);
    TINTERLEAVE(hi, lo, im, re);
    ```
    """
    f = _active(ctx, "TINTERLEAVE", "TDEINTERLEAVE", "TDEINTERLEAVE(src)")
    if f is None:
        return None
    t = ctx.tile
    if f == "TDEINTERLEAVE(src)":
        src, d0, d1 = t("src"), t("dst0"), t("dst1")
        half = src.valid_col / 2
        conds = [z3.Or(d.valid_row < src.valid_row, d.valid_col < half) for d in (d0, d1)]
        return Check(z3.Or(*conds),
                     "TDEINTERLEAVE(dst1, dst0, src): src's valid shape gives {src_validRow} x {half} per "
                     "destination but dst0 is {dst0_validRow} x {dst0_validCol} and dst1 {dst1_validRow} x "
                     "{dst1_validCol} valid (the PTO_ASSERT wants them equal)",
                     {"src_validRow": src.valid_row, "half": half, "dst0_validRow": d0.valid_row,
                      "dst0_validCol": d0.valid_col, "dst1_validRow": d1.valid_row, "dst1_validCol": d1.valid_col})
    d0, d1, s0, s1 = t("dst0"), t("dst1"), t("src0"), t("src1")
    conds = [z3.Or(s.valid_row > d0.valid_row, s.valid_col > d0.valid_col) for s in (s0, s1)]
    conds.append(z3.Or(d1.valid_row < d0.valid_row, d1.valid_col < d0.valid_col))
    return Check(z3.Or(*conds),
                 f"{ctx.builtin}: works over dst0's {{dst0_validRow}} x {{dst0_validCol}} valid shape but src0 is "
                 "{src0_validRow} x {src0_validCol}, src1 {src1_validRow} x {src1_validCol} and dst1 "
                 "{dst1_validRow} x {dst1_validCol} valid (the PTO_ASSERT wants them equal)",
                 {"dst0_validRow": d0.valid_row, "dst0_validCol": d0.valid_col, "src0_validRow": s0.valid_row,
                  "src0_validCol": s0.valid_col, "src1_validRow": s1.valid_row, "src1_validCol": s1.valid_col,
                  "dst1_validRow": d1.valid_row, "dst1_validCol": d1.valid_col})


@rule("PTO222", "tconcat-valid-shape-differs", instructions=("TCONCAT",), fault="valid-region",
      provenance=(Provenance("header-runtime", HDR["TCONCAT"], "PTO_ASSERT src0's and src1's valid rows == dst's "
                             "(A2/A3 TCONCAT_IMPL, A5 TConcatCheck); A5 also src0's + src1's valid cols == dst's; "
                             "release builds copy dst's valid rows of src0's then src1's valid columns"),
                  Provenance("isa-doc", "docs/isa/TCONCAT.md", "dst's valid rows are the sources'; A5: dst's valid "
                             "columns the sum of the sources'")))
def tconcat_valid_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCONCAT (two-source form): a source's valid rows, or on A5 dst's valid columns, differ from what the
    header asserts, where PTO316 / PTO317 do not already report the call.

    ## What it does
    Checks the run-time assertions: both sources have dst's valid rows; on A5 (and the Kirin NPUs that
    compile A5's file) dst's valid columns are exactly src0's plus src1's. PTO317 reports a source with
    fewer valid rows than dst and an A5 dst wider than the sum, PTO316 a sum past `Dst::Cols`; this rule
    reports the rest: a source with MORE valid rows than dst (or any difference on an empty dst), and an
    A5 dst whose valid columns are fewer than the sum.

    ## Why is this bad?
    The equalities are `PTO_ASSERT`s: a debug build traps at the call. A release build copies dst's valid
    rows of src0's and src1's valid columns: a taller source loses its extra rows silently, and on A5 the
    copy writes columns past dst's valid region, which later instructions over dst's valid shape ignore.

    ## Example
    ```cpp
    using Half = Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, DYNAMIC, 32>;
    using Full = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64>;
    Half a(16), b(16);
    Full dst(rows);  // rows < 16 on the tail: a and b keep 16 valid rows
    TCONCAT(dst, a, b);
    ```

    ## Use instead
    ```cpp
    Half a(rows), b(rows);
    Full dst(rows);
    TCONCAT(dst, a, b);
    ```
    """
    if _active(ctx, "TCONCAT") is None:
        return None
    dst, s0, s1 = ctx.tile("dst"), ctx.tile("src0"), ctx.tile("src1")
    width = s0.valid_col + s1.valid_col
    diffs = [s0.valid_row != dst.valid_row, s1.valid_row != dst.valid_row]
    reported = [s0.valid_row < dst.valid_row, s1.valid_row < dst.valid_row, width > dst.cols]  # PTO317, PTO316
    show = {"dst_validRow": dst.valid_row, "src0_validRow": s0.valid_row, "src1_validRow": s1.valid_row}
    what = (f"TCONCAT: dst `{_esc(dst.text)}` has {{dst_validRow}} valid rows, src0 `{_esc(s0.text)}` "
            f"{{src0_validRow}}, src1 `{_esc(s1.text)}` {{src1_validRow}}")
    if ctx.a5:
        diffs.append(dst.valid_col != width)
        reported.append(dst.valid_col > width)
        show.update(dst_validCol=dst.valid_col, src0_validCol=s0.valid_col, src1_validCol=s1.valid_col)
        what += "; A5: dst's {dst_validCol} valid columns must be src0's {src0_validCol} + src1's {src1_validCol}"
    return Check(z3.And(z3.Or(*diffs), z3.Not(z3.And(dst.valid_row > 0, z3.Or(*reported)))),
                 what + " (the header asserts these equal: debug builds trap, release builds copy dst's valid rows "
                 "of both sources' valid columns)", show)


@rule("PTO318", "tinsert-out-of-bounds", instructions=("TINSERT",), fault="out-of-bounds", own=OWN,
      provenance=(Provenance("header-runtime", HDR["TINSERT"], "PTO_ASSERT indexRow + src valid rows <= Dst::Rows and "
                             "indexCol + src valid cols <= Dst::Cols (A2/A3 ND compares the static ValidRow/ValidCol, "
                             "but copies the run-time valid shape); release builds copy regardless"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TInsert.hpp (TInsertVecToMatImpl, lines "
                             "308-327)", "Kirin X90: an NZ source into L1 also asserts indexRow + valid rows <= dstRow, "
                             "Dst::Cols for a destination of BLayout::RowMajor (the height its NZ copy gives each "
                             "column stripe)"),
                  Provenance("isa-doc", "docs/isa/TINSERT.md", "the inserted sub-tile must lie inside dst")))
def tinsert_out_of_bounds(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TINSERT places the source's valid region partly outside the destination tile.

    ## What it does
    For Vec->Vec inserts (and A5's Vec->Mat inserts, plain or split `TINSERT<TInsertMode>`) checks
    `indexRow + src.GetValidRow() <= Dst::Rows`
    and `indexCol + src.GetValidCol() <= Dst::Cols` whenever something is copied. Kirin X90 copies an NZ
    source into an L1 tile of `BLayout::RowMajor` in column stripes `Dst::Cols` rows high: there
    `indexRow + src.GetValidRow() <= Dst::Cols` too.

    ## Why is this bad?
    The bounds are only `PTO_ASSERT`s. A release build copies anyway: rows past the end of the
    destination overwrite the buffer that follows it, columns past its row length land in the next row.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 32, 64> dst;
    Tile<TileType::Vec, float, 16, 16> src;
    TINSERT(dst, src, 24, 0);  // rows 24..39 of a 32-row tile
    ```

    ## Use instead
    ```cpp
    TINSERT(dst, src, 16, 0);  // rows 16..31
    ```
    """
    if _active(ctx, "TINSERT(Vec->Vec)", "TINSERT(Vec->Mat)", "TINSERT(split)") is None:
        return None
    dst, src = ctx.tile("dst"), ctx.tile("src")
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    if row is None or col is None or z3.is_real(row) or z3.is_real(col):
        return None
    over = [row + src.valid_row > dst.rows, col + src.valid_col > dst.cols]
    stripes = ""
    if ctx.impl == "kirinx90" and dst.loc == "Mat" and src.blayout == "ColMajor" and src.slayout == "RowMajor" \
            and dst.blayout == "RowMajor":
        over.append(row + src.valid_row > dst.cols)  # the NZ copy's column stripes are Dst::Cols rows high there
        stripes = f"; Kirin X90 copies the NZ source in column stripes {dst.cols} (Dst::Cols) rows high"
    violated = z3.And(src.valid_row > 0, src.valid_col > 0, z3.Or(*over))
    return Check(violated,
                 f"TINSERT: src `{_esc(src.text)}` valid {{src_validRow}} x {{src_validCol}} at ({{indexRow}}, "
                 f"{{indexCol}}) does not fit dst `{_esc(dst.text)}` ({dst.rows} x {dst.cols}{stripes})",
                 {"indexRow": row, "indexCol": col, "src_validRow": src.valid_row, "src_validCol": src.valid_col})


@rule("PTO319", "tinsert-index-col-misaligned", instructions=("TINSERT",), fault="misaligned", targets=("a2a3",),
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TInsert.hpp (TInsertVecToVecNDDispatch)",
                             "PTO_ASSERT indexCol * sizeof(T) % 32 == 0 ('A3 limitation'); the copy then starts a "
                             "UB-to-UB block copy at dst + indexRow * RowStride + indexCol"),
                  Provenance("header-runtime", "include/pto/npu/a5/TInsert.hpp (TInsertVecToVecNDDispatch)",
                             "A5 falls back to a vector copy for unaligned columns: not a fault there")))
def tinsert_index_col_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TINSERT (ND Vec->Vec) at a column offset that is not 32-byte aligned.

    ## What it does
    For a row-major Vec->Vec TINSERT whose source is not a single element, checks that
    `indexCol * sizeof(T)` is a multiple of 32 bytes.

    ## Why is this bad?
    A2/A3 copies with 32-byte UB block transfers that start at the insert position; the alignment is only a
    `PTO_ASSERT`. At an unaligned column the block copy starts at a misaligned address: the hardware
    rounds it, so the sub-tile lands at the wrong columns (or the copy faults).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst;
    Tile<TileType::Vec, float, 8, 16> src;
    TINSERT(dst, src, 0, 4);  // 16 bytes into the row
    ```

    ## Use instead
    ```cpp
    TINSERT(dst, src, 0, 8);  // 32 bytes: aligned (or insert on A5, which handles unaligned columns)
    ```
    """
    if _active(ctx, "TINSERT(Vec->Vec)") is None:
        return None
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst.blayout != "RowMajor" or src.blayout != "RowMajor" or (src.spec.valid_row, src.spec.valid_col) == (1, 1):
        return None
    col = ctx.scalar("indexCol")
    size = src.elem_size
    if col is None or not size or z3.is_real(col):
        return None
    return Check(z3.And(src.valid_row > 0, src.valid_col > 0, (col * size) % 32 != 0),
                 f"TINSERT: indexCol {{indexCol}} x {size} bytes is not a multiple of 32; A2/A3 starts its block "
                 f"copy into dst `{_esc(dst.text)}` at an unaligned address", {"indexCol": col})


@rule("PTO320", "ttrans-dst-too-small", instructions=("TTRANS",), fault="out-of-bounds",
      provenance=(Provenance("header-runtime", HDR["TTRANS"], "no check: the transpose writes src's valid cols as dst "
                             "rows and src's valid rows as dst columns, using dst's row stride"),
                  Provenance("isa-doc", "docs/isa/TTRANS.md", "dst holds the transposed src")))
def ttrans_dst_too_small(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TTRANS destination too small for the transposed source.

    ## What it does
    Checks `src.GetValidCol() <= Dst::Rows` and `src.GetValidRow() <= Dst::Cols`.

    ## Why is this bad?
    The transpose writes one destination row per valid source column and one destination column per valid
    source row. Nothing checks that they fit: extra columns spill into the next destination row, extra rows
    are written past the end of the tile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 32> src, tmp;
    Tile<TileType::Vec, float, 16, 32> dst;  // transposed shape is 32 x 16
    TTRANS(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 32, 16> dst;
    TTRANS(dst, src, tmp);
    ```
    """
    if _active(ctx, "TTRANS") is None:
        return None
    dst, src = ctx.tile("dst"), ctx.tile("src")
    return Check(z3.And(src.valid_row > 0, src.valid_col > 0,
                        z3.Or(src.valid_col > dst.rows, src.valid_row > dst.cols)),
                 f"TTRANS: the transpose of src `{_esc(src.text)}` ({{src_validRow}} x {{src_validCol}} valid) is "
                 f"{{src_validCol}} x {{src_validRow}}, larger than dst `{_esc(dst.text)}` ({dst.rows} x {dst.cols})",
                 {"src_validRow": src.valid_row, "src_validCol": src.valid_col})


@rule("PTO215", "tconcat-idx-valid-shape", instructions=("TCONCAT",), fault="valid-region",
      provenance=(Provenance("header-runtime", HDR["TCONCAT(idx)"], "PTO_ASSERT dst.GetValidRow() == "
                             "src0.GetValidRow() and == src1.GetValidRow(); the form with dstIdx also "
                             "dstIdx.GetValidCol() == 1 (debug builds only); release builds copy, per dst valid row, "
                             "the counts the index tiles give from both sources and write one count per row into "
                             "column 0 of dstIdx"),
                  Provenance("isa-doc", "docs/isa/TCONCAT.md", "the index-tile forms are not documented; the "
                             "conditions are the headers'")))
def tconcat_idx_valid_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCONCAT's index-tile form whose sources' valid rows differ from dst's, or whose dstIdx is not one column.

    ## What it does
    For `TCONCAT(dst, src0, src1, src0Idx, src1Idx)` and `TCONCAT(dst, src0, src1, dstIdx, src0Idx, src1Idx)`
    (calls that compile, see PTO310-PTO312) compares src0's and src1's valid rows with dst's and, in the
    second form, checks that dstIdx has exactly one valid column, at run time.

    ## Why is this bad?
    Both targets check these with `PTO_ASSERT`s: a debug build traps. A release build walks dst's valid rows,
    reading rows of a source past its valid region (stale data) or leaving rows unjoined, and writes each
    row's joined count into column 0 of dstIdx only, so any other valid column of dstIdx keeps stale counts.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> a(rows), b(rows);
    Tile<TileType::Vec, float, 16, 128> dst;  // always 16 valid rows
    TCONCAT(dst, a, b, aLen, bLen);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, DYNAMIC, 128> dst(rows);
    TCONCAT(dst, a, b, aLen, bLen);
    ```
    """
    if _active(ctx, "TCONCAT(idx)") is None:
        return None
    dst, s0, s1, di = ctx.tile("dst"), ctx.tile("src0"), ctx.tile("src1"), ctx.tile("dstIdx")
    conds = [s0.valid_row != dst.valid_row, s1.valid_row != dst.valid_row]
    show = {"dst_validRow": dst.valid_row, "src0_validRow": s0.valid_row, "src1_validRow": s1.valid_row}
    what = (f"TCONCAT (index-tile form): dst `{_esc(dst.text)}` has {{dst_validRow}} valid rows, src0 "
            f"`{_esc(s0.text)}` {{src0_validRow}}, src1 `{_esc(s1.text)}` {{src1_validRow}}")
    if di is not None:
        conds.append(di.valid_col != 1)
        show["dstIdx_validCol"] = di.valid_col
        what += f", dstIdx `{_esc(di.text)}` {{dstIdx_validCol}} valid columns"
    return Check(z3.Or(*conds), what + "; the header asserts equal valid rows and one dstIdx column (debug builds "
                 "trap)", show)


_CONV_TILE = re.compile(r"ConvTile<\s*(?:pto::)?TileType::\w+\s*,\s*([^,]+?)\s*,\s*-?\d+\s*,\s*(?:pto::)?Layout::(\w+)\s*,"
                        r"\s*(?:pto::)?ConvTileShape<([-\d,\s]+)>")
_CONV_SIZES = {"float": 4, "int": 4, "unsigned int": 4, "int32_t": 4, "uint32_t": 4, "half": 2, "bfloat16_t": 2,
               "__fp16": 2, "_Float16": 2, "short": 2, "unsigned short": 2, "int16_t": 2, "uint16_t": 2,
               "signed char": 1, "char": 1, "unsigned char": 1, "int8_t": 1, "uint8_t": 1}
#: (src layout, dst layout) -> which TTransImplConvTile check runs, per target (a2a3 / a5 TTrans.hpp)
CONV_PAIRS = {
    ("NCHW", "NC1HWC0"): "conv", ("NC1HWC0", "FRACTAL_Z"): "conv_fz", ("GNCHW", "GNC1HWC0"): "group",
    ("GNC1HWC0", "FRACTAL_Z"): "group_fz", ("NCDHW", "FRACTAL_Z_3D"): "conv3d",
}
CONV_PAIRS_BY_TARGET = {"a2a3": tuple(CONV_PAIRS), "a5": tuple(p for p in CONV_PAIRS if CONV_PAIRS[p] != "conv3d")}
CONV_UB = {"a2a3": 196608, "a5": 262144}
CONV_DIMS = {"conv": (4, 5), "conv_fz": (5, 4), "group": (5, 6), "group_fz": (6, 4), "conv3d": (5, 4)}
CONV_HDR = "include/pto/npu/a2a3/TTrans.hpp, a5/TTrans.hpp (CheckConvTile, CheckGroupConvTile; a2a3 CheckConv3DTile)"


def conv_tile_shape(spelling: str | None) -> tuple[str, list[int], int] | None:
    """(Layout, static shape, element size) of a ConvTile type spelling, None when it is not one."""
    m = _CONV_TILE.search(spelling or "")
    if not m:
        return None
    dtype = re.sub(r"^(?:pto::|::)", "", m.group(1).strip())
    return m.group(2), [int(v) for v in m.group(3).split(",") if v.strip()], _CONV_SIZES.get(dtype, 0)


def _ceil(a: int, b: int) -> int:
    return (a + b - 1) // b


def conv_ttrans_problems(kind: str, s: list[int], d: list[int], tmp_elems: int, es: int, ub: int) -> list[str]:
    """What the header's debug checks reject for one (src, dst) ConvTile pair with static shapes."""
    out = []
    if kind in ("conv", "group"):
        *lead, c, h, w = s  # [G,] N, C, H, W
        dc1, dh, dw, dc0 = d[-4:]
        if h * w * es % 32:
            out.append(f"src H * W * sizeof(T) = {h * w * es} bytes is not a multiple of 32")
        if dc0 <= 0 or lead != d[:len(lead)] or (h, w) != (dh, dw) or dc1 != _ceil(c, dc0):
            out.append(f"dst shape {d} does not match src shape {s} (C1 = ceil(C / C0))")
    elif kind in ("conv_fz", "group_fz"):
        *g, n, c1, h, w, c0 = s  # [G,] N, C1, H, W, C0
        dc1hw, dn1, dn0, dc0 = d
        groups = g[0] if g else 1
        if dn0 <= 0 or groups * c1 * h * w != dc1hw or c0 != dc0 or dn1 != _ceil(n, dn0):
            out.append(f"dst shape {d} does not match src shape {s} ((G *) C1 * H * W, C0, N1 = ceil(N / N0))")
    else:  # conv3d: src N, C, D, H, W; dst D*C1*H*W, N1, N0, C0
        n, c, dd, h, w = s
        ddc1hw, dn1, dn0, dc0 = d
        if dc0 <= 0 or dn0 <= 0 or dd * _ceil(c, dc0) * h * w != ddc1hw or dn1 != _ceil(n, dn0):
            out.append(f"dst shape {d} does not match src shape {s} (D * C1 * H * W, N1 = ceil(N / N0))")
    size = 1
    for v in s:
        size *= v
    dsize = 1
    for v in d:
        dsize *= v
    total = (size + dsize + tmp_elems) * es
    if total >= ub:
        out.append(f"src, dst and tmp take {total} bytes, not below the {ub}-byte UB")
    return out


@rule("PTO219", "ttrans-convtile-shape", instructions=("TTRANS",), fault="size-mismatch",
      form={"src": "ConvTile", "dst": "ConvTile"},
      provenance=(Provenance("header-runtime", CONV_HDR, "in debug builds (`#ifdef _DEBUG`, PTO_ASSERT): NCHW -> "
                             "NC1HWC0 and GNCHW -> GNC1HWC0 need H * W * sizeof(T) a multiple of 32 bytes and dst's "
                             "(G,) N, H, W equal to src's with C1 = ceil(C / C0); NC1HWC0 / GNC1HWC0 -> FRACTAL_Z need "
                             "(G *) C1 * H * W, C0 equal and N1 = ceil(N / N0); A2/A3 NCDHW -> FRACTAL_Z_3D D * C1 * H "
                             "* W and N1; every pair (src + dst + tmp elements) * sizeof(T) below UB (192 KiB A2/A3, "
                             "256 KiB A5); release builds transpose by the shapes as given"),
                  Provenance("isa-doc", "docs/isa/TTRANS.md", "the ConvTile forms' shape relations are the "
                             "headers'; NC1HWC0 -> NCHW (A2/A3) is not checked there")))
def ttrans_convtile_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TTRANS between ConvTiles (NCHW <-> NC1HWC0 / FractalZ) whose static shapes do not correspond, or that
    together with tmp do not fit the Unified Buffer.

    ## What it does
    Reads the `ConvTileShape` of both ConvTile operands (only when every dimension is static) and checks
    what the target's debug checks assert for the layout pair: the 32-byte alignment of a source plane
    `H * W`, the destination dimensions derived from the source (`C1 = ceil(C / C0)`, `N1 = ceil(N / N0)`,
    the FractalZ `C1 * H * W`), and source, destination and tmp elements together below the UB size.

    ## Why is this bad?
    The checks are `PTO_ASSERT`s in debug builds: such a kernel traps there. A release build transposes by
    the shapes as given: the destination is filled only in part or written past the shape the kernel
    reads it by, and tiles that do not fit the buffer together overlap.

    ## Example
    ```cpp
    using Src = ConvTile<TileType::Vec, half, 2048, Layout::NCHW, ConvTileShape<1, 32, 2, 16>>;
    using Dst = ConvTile<TileType::Vec, half, 2048, Layout::NC1HWC0, ConvTileShape<1, 1, 2, 16, 16>>;  // C1 2
    TTRANS(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    using Dst = ConvTile<TileType::Vec, half, 2048, Layout::NC1HWC0, ConvTileShape<1, 2, 2, 16, 16>>;
    TTRANS(dst, src, tmp);
    ```
    """
    src = conv_tile_shape(ctx.type_spelling("src"))
    dst = conv_tile_shape(ctx.type_spelling("dst"))
    tmp = ctx.tile("tmp")
    if src is None or dst is None or tmp is None or ctx.impl not in CONV_PAIRS_BY_TARGET:
        return None
    pair = (src[0], dst[0])
    if pair not in CONV_PAIRS_BY_TARGET[ctx.impl]:
        return None
    kind = CONV_PAIRS[pair]
    if (len(src[1]), len(dst[1])) != CONV_DIMS[kind] or any(v < 0 for v in src[1] + dst[1]):
        return None  # a DYNAMIC dimension: its run-time value is not followed
    es = src[2]
    if not es:
        return None
    bad = conv_ttrans_problems(kind, src[1], dst[1], tmp.rows * tmp.cols, es, CONV_UB[ctx.impl])
    return Check(ctx.static(bool(bad)), _esc(f"TTRANS Layout::{pair[0]} -> Layout::{pair[1]}: " + "; ".join(bad) +
                                              " (debug builds trap)"))


# --- A2/A3 TINSERT Vec -> Vec: the 1-byte ValidCol and the NZ insert position (pipes) -------------------------------

TINSERT_COMMON = "include/pto/common/arch/memory/tinsert_common.hpp"


def _vec_to_vec_form(ctx: Ctx) -> str | None:
    """'ND' / 'NZ' for an A2/A3 Vec->Vec TINSERT that reaches a copy routine (not the single-element form); on Kirin
    X90 (kirinX90/TInsert.hpp) only the ND form calls the common check (CheckTInsertVecToVecND)."""
    if ctx.impl not in _BYTE_VALID_COL_FORMS or _active(ctx, "TINSERT(Vec->Vec)") is None:
        return None
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if (src.spec.valid_row, src.spec.valid_col) == (1, 1):
        return None  # the scalar insert
    if dst.blayout == "RowMajor" and src.blayout == "RowMajor":
        return "ND"
    if dst.blayout == "ColMajor" and src.blayout == "ColMajor" and dst.slayout == "RowMajor" and \
            src.slayout == "RowMajor" and "NZ" in _BYTE_VALID_COL_FORMS[ctx.impl]:
        return "NZ"
    return None


#: per implementation: the Vec->Vec forms whose path runs tinsert_common.hpp's CheckTInsertVecToVecND / NZ
_BYTE_VALID_COL_FORMS = {"a2a3": ("ND", "NZ"), "kirinx90": ("ND",)}


@rule("PTO330", "tinsert-byte-valid-col-odd", instructions=("TINSERT",), fault="unsupported-layout",
      targets=("a2a3",), own={"kirinx90": ("TINSERT",)},
      provenance=(Provenance("header-static", TINSERT_COMMON + " (CheckTInsertVecToVecND / NZ)", "unless the source "
                             "is a single element (ValidRow == ValidCol == 1): static_assert (SrcTileData::ValidCol * "
                             "sizeof(T)) % sizeof(uint16_t) == 0; a DYNAMIC ValidCol (-1) of a 1-byte type fails it "
                             "too"),
                  Provenance("header-static", "include/pto/npu/kirinX90/TInsert.hpp (TInsertVecToVecNDDispatch)",
                             "Kirin X90 runs the same check on its ND path only (its NZ path copies without it)"),
                  Provenance("header-static", "include/pto/npu/a5/TInsert.hpp", "A5 has no such check")))
def tinsert_byte_valid_col_odd(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 / Kirin X90 TINSERT (Vec->Vec) of a 1-byte tile whose static valid column count is odd or run-time.

    ## What it does
    For a Vec->Vec TINSERT (ND or NZ; Kirin X90: ND only) of 1-byte elements (int8, uint8, fp8) whose source is not a single
    element, checks that the source's *static* ValidCol is even: A2/A3 copies in 2-byte units. A
    `DYNAMIC` ValidCol counts as -1 in that check, so it fails too.

    ## Why is this bad?
    The check is a `static_assert`: the kernel does not compile on A2/A3 or Kirin X90 (A5 accepts it).

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64, BLayout::RowMajor, 16, DYNAMIC> src(cols);
    TINSERT(dst, src, 0, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64, BLayout::RowMajor, 16, 32> src;  // an even static ValidCol
    TINSERT(dst, src, 0, 0);
    ```
    """
    lay = _vec_to_vec_form(ctx)
    if lay is None:
        return None
    src = ctx.tile("src")
    size = src.elem_size
    if size != 1:
        return None
    vc = src.spec.valid_col
    bad = vc < 0 or vc % 2 != 0
    what = "DYNAMIC (-1 in the check)" if vc < 0 else str(vc)
    return Check(ctx.static(bad), f"TINSERT ({lay} Vec->Vec): src `{_esc(src.text)}` of {src.dtype} has static "
                 f"ValidCol {what}; {ctx.impl} needs ValidCol * 1 byte to be even (static_assert)")


@rule("PTO331", "tinsert-nz-index-misaligned", instructions=("TINSERT",), fault="misaligned", targets=("a2a3",),
      provenance=(Provenance("header-runtime", TINSERT_COMMON + " (TInsertVecToVecNZDispatch)", "PTO_ASSERT indexRow "
                             "% 16 == 0 and indexCol % (32 / sizeof(T)) == 0 ('A3 limitation'); release builds copy "
                             "whole fractals from the rounded-down fractal position"),
                  Provenance("header-runtime", "include/pto/npu/a5/TInsert.hpp", "A5 handles any NZ position")))
def tinsert_nz_index_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TINSERT (NZ Vec->Vec) at a position that is not on a fractal boundary.

    ## What it does
    For an NZ Vec->Vec TINSERT whose source is not a single element, checks that `indexRow` is a
    multiple of 16 and `indexCol` a multiple of the fractal's C0 (32 bytes of elements).

    ## Why is this bad?
    A2/A3 copies whole 16 x C0 fractals; the alignment is only a `PTO_ASSERT`. At another position a
    debug build traps and a release build writes the fractals at the wrong rows / columns.

    ## Example
    ```cpp
    TINSERT(dstNz, srcNz, 8, 0);  // half a fractal down
    ```

    ## Use instead
    ```cpp
    TINSERT(dstNz, srcNz, 16, 0);
    ```
    """
    if _vec_to_vec_form(ctx) != "NZ":
        return None
    src = ctx.tile("src")
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    size = src.elem_size
    if row is None or col is None or not size or z3.is_real(row) or z3.is_real(col):
        return None
    c0 = 32 // size
    return Check(z3.And(src.valid_row > 0, src.valid_col > 0, z3.Or(row % 16 != 0, col % c0 != 0)),
                 f"TINSERT (NZ Vec->Vec): position ({{indexRow}}, {{indexCol}}) is not on a 16 x {c0} fractal "
                 "boundary (PTO_ASSERT)", {"indexRow": row, "indexCol": col})


@rule("PTO332", "tinsert-acc-src-exceeds-dst", instructions=("TINSERT", "TINSERT_FP"), fault="out-of-bounds",
      targets=("a2a3",), own={"kirinx90": ("TINSERT", "TINSERT_FP")},
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TInsert.hpp (TINSERT_IMPL: the Acc -> Mat, "
                             "relu, scalar-quant and fp-tile forms)", "PTO_ASSERT indexRow + SrcTileData::Rows <= "
                             "DstTileData::Rows and indexCol + SrcTileData::Cols <= DstTileData::Cols (the source's "
                             "static shape, not its valid region); release builds copy the valid region from the "
                             "position regardless"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TInsert.hpp (TInsertAccToMat, lines 173-199; "
                             "TInsertAccToVec, lines 120-171; every Acc-source TINSERT_IMPL overload, lines 383-470)",
                             "Kirin X90: Acc -> Mat asserts indexRow + Src::Rows <= Dst::Rows and indexCol + the valid "
                             "columns rounded up to C0 (32 bytes of the dst type, twice that for a 1024-byte fractal) "
                             "<= Dst::Cols; Acc -> Vec asserts indexRow + the valid rows (an NZ dst: Src::Rows) <= "
                             "Dst::Rows and indexCol + the valid columns rounded up to C0 <= Dst::Cols; the copy "
                             "then writes the rounded window from the position"),
                  Provenance("isa-doc", "docs/isa/TINSERT.md", "the inserted accumulator must lie inside dst")))
def tinsert_acc_src_exceeds_dst(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TINSERT of an accumulator at a position where the window the copy writes does not fit the destination
    (A2/A3: the accumulator's whole tile into L1; Kirin X90: its rounded valid window into L1 or UB).

    ## What it does
    For the Acc-source forms of TINSERT / TINSERT_FP (plain, relu, scalar- and vector-quantised):
    - A2/A3 (Acc -> Mat) checks `indexRow + Src::Rows <= Dst::Rows` and `indexCol + Src::Cols <= Dst::Cols`:
      it compares the accumulator's static shape, not its valid region, with the L1 tile.
    - Kirin X90 rounds the valid columns up to C0 (32 bytes of the destination type; 64 for a Mat destination
      with a 1024-byte fractal) and checks `indexCol + rounded columns <= Dst::Cols`; for the rows it takes
      `Src::Rows` into L1 or into an NZ UB tile, the valid rows into an ND UB tile, and checks
      `indexRow + rows <= Dst::Rows`.

    ## Why is this bad?
    The bound is a `PTO_ASSERT`: debug builds trap (on A2/A3 even when the valid region fits). A release
    build copies from the position anyway and writes past the end of the destination tile when it does not
    fit.

    ## Example
    ```cpp
    TileAcc<float, 32, 64> acc;  // 32 rows, 16 valid on the tail
    Tile<TileType::Mat, half, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor> l1;
    TINSERT(l1, acc, 48, 0);  // 48 + 32 > 64
    ```

    ## Use instead
    ```cpp
    TINSERT(l1, acc, 32, 0);
    ```
    """
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None or src.loc != "Acc" or dst.loc not in ("Mat", "Vec"):
        return None
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    row = z3.IntVal(0) if row is None else row
    col = z3.IntVal(0) if col is None else col
    if z3.is_real(row) or z3.is_real(col):
        return None
    if ctx.impl == "kirinx90":
        return _x90_acc_window(ctx, dst, src, row, col)
    if dst.loc != "Mat":
        return None
    return Check(z3.Or(row + src.rows > dst.rows, col + src.cols > dst.cols),
                 f"{ctx.builtin}: Acc tile `{_esc(src.text)}` ({src.rows} x {src.cols}) at ({{indexRow}}, "
                 f"{{indexCol}}) does not fit Mat tile `{_esc(dst.text)}` ({dst.rows} x {dst.cols}) (PTO_ASSERT)",
                 {"indexRow": row, "indexCol": col})


def _x90_acc_window(ctx: Ctx, dst, src, row, col) -> Check | None:
    """Kirin X90's TInsertAccToMat / TInsertAccToVec bounds: the valid columns rounded up to C0, the rows Src::Rows
    (into L1 or an NZ UB tile) or the valid rows (into an ND UB tile)."""
    nd = dst.blayout == "RowMajor" and dst.slayout == "NoneBox"
    nz = dst.blayout == "ColMajor" and dst.slayout == "RowMajor"
    size = dst.elem_size
    if not (nd or nz) or not size or 32 % size:
        return None  # CheckTMovAccValid rejects the layout at compile time; no 32-byte C0 for the type
    c0 = 32 // size
    if dst.loc == "Mat" and dst.fractal == 1024:
        c0 *= 2
    rows = src.valid_row if dst.loc == "Vec" and nd else z3.IntVal(src.rows)
    cols = (src.valid_col + c0 - 1) / c0 * c0
    where = "the valid rows" if dst.loc == "Vec" and nd else f"Src::Rows {src.rows}"
    return Check(z3.Or(row + rows > dst.rows, col + cols > dst.cols),
                 f"{ctx.builtin}: Acc tile `{_esc(src.text)}` (valid {{src_validRow}} x {{src_validCol}}, {{copiedCols}} "
                 f"columns copied in {c0}-column C0 blocks) at ({{indexRow}}, {{indexCol}}) does not fit {dst.loc} tile "
                 f"`{_esc(dst.text)}` ({dst.rows} x {dst.cols}; rows bounded with {where}) (PTO_ASSERT on kirinx90)",
                 {"indexRow": row, "indexCol": col, "src_validRow": src.valid_row, "src_validCol": src.valid_col,
                  "copiedCols": cols})


@rule("PTO333", "tinsert-zn-row-misaligned", instructions=("TINSERT",), fault="misaligned", targets=("a5",),
      own={"kirin9030": ("TINSERT",), "kirindev0000": ("TINSERT",)},
      provenance=(Provenance("header-runtime", "include/pto/npu/a5/TInsert.hpp (TInsertVecToMatImpl, ZN branch; "
                             "ComputeZNBlockParams)", "PTO_ASSERT indexRow % (32 / sizeof(T)) == 0 and validRow % "
                             "(32 / sizeof(T)) == 0; a release build copies whole 32-byte row blocks (burstNum = "
                             "ceil(validRow / irSize)) from block row indexRow / irSize, shifted by indexRow % irSize "
                             "elements inside the block"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TInsert.hpp (TInsertVecToMatImpl)",
                             "Kirin X90 has no ZN branch: not checked there"),
                  Provenance("isa-doc", "docs/isa/TINSERT.md", "does not mention the ZN form or its alignment")))
def tinsert_zn_row_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5 TINSERT of a ZN Vec tile into a ZN Mat tile at a row, or with a valid row count, that is not a whole
    32-byte row block.

    ## What it does
    For a TINSERT UB -> L1 whose source is ZN (`BLayout::RowMajor`, `SLayout::ColMajor`) checks that
    `indexRow` and `src.GetValidRow()` are multiples of `32 / sizeof(T)` (16 half, 8 float, 32 int8 rows)
    whenever something is copied.

    ## Why is this bad?
    The ZN copy moves whole row blocks (a ZN fractal stores 32 bytes of a column contiguously). Both
    alignments are only `PTO_ASSERT`s: a debug build traps; a release build copies the rows past the valid
    ones up to the block boundary and, at an unaligned `indexRow`, writes every block shifted inside the
    destination's fractals.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 64, 64, BLayout::RowMajor, 64, 64, SLayout::ColMajor> l1;
    Tile<TileType::Vec, half, 16, 64, BLayout::RowMajor, 16, 64, SLayout::ColMajor> ub;
    TINSERT(l1, ub, 8, 0);  // row 8 is inside a 16-row block
    ```

    ## Use instead
    ```cpp
    TINSERT(l1, ub, 16, 0);
    ```
    """
    if _active(ctx, "TINSERT(Vec->Mat)") is None:
        return None
    src = ctx.tile("src")
    row = ctx.scalar("indexRow")
    if src.blayout != "RowMajor" or src.slayout != "ColMajor" or not src.elem_size or row is None or z3.is_real(row):
        return None
    ir = 32 // src.elem_size
    return Check(z3.And(src.valid_row > 0, src.valid_col > 0, z3.Or(row % ir != 0, src.valid_row % ir != 0)),
                 f"TINSERT (ZN Vec->Mat): row {{indexRow}} or valid rows {{src_validRow}} of `{_esc(src.text)}` not a "
                 f"multiple of the {ir}-row block (PTO_ASSERT)", {"indexRow": row, "src_validRow": src.valid_row})

"""TROWPROD(dst, src, tmp): product of each row's valid elements of src into column 0 of dst.

Facts (docs/isa-facts.md section 4, seed TROWPROD.txt):
- both targets: static_asserts on Loc (Vec/Vec), src ND, dst ND or DN with Cols == 1, dtype set
  {half, float, int32_t, int16_t}, dst dtype == src dtype; PTO_ASSERTs (debug builds only) on the src valid
  region (rows and cols non-zero) and on src valid rows == dst valid rows.
- A2/A3: tmp is reinterpreted as a UB pointer of src's dtype and one 32-byte block is used as the row
  accumulator; nothing about tmp is checked. A5: tmp is ignored entirely.
"""

from __future__ import annotations

from ptolint.ruleset import Check, Ctx, Provenance, rule

INSTR = ("TROWPROD",)
A2A3_HDR = "include/pto/npu/a2a3/TRowProd.hpp, TRowReduceOps.hpp (TRowReduceCheck)"
A5_HDR = "include/pto/npu/a5/TRowProd.hpp (TRowProdCheck)"
SEED = "seed document TROWPROD"

#: the element types TROWPROD accepts, per target (same list in both headers and in the seed doc)
DTYPES = {
    "a2a3": {"half", "float", "int32_t", "int16_t"},
    "a5": {"half", "float", "int32_t", "int16_t"},
}
#: spellings that name the same element type
ALIASES = {"float16_t": "half", "_Float16": "half", "float32_t": "float", "int": "int32_t", "short": "int16_t"}
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4, "double": 8}
BLOCK_BYTES = 32


def _dtype(name: str) -> str:
    return ALIASES.get(name, name)


def _operands(ctx: Ctx):
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None
    return dst, src



@rule("PTO201", "trowprod-src-not-vec", instructions=INSTR, fault="unsupported-path", provenance=(
    Provenance("seed-doc", SEED, "Both dst and src must be TileType::Vec."),
    Provenance("header-static", f"{A2A3_HDR}; {A5_HDR}", "static_assert Src::Loc == Vec on both targets."),
))
def src_not_vec(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD source tile is not a Vec (UB) tile.

    ## What it does
    Flags a TROWPROD whose `src` tile has a TileType other than `TileType::Vec`.

    ## Why is this bad?
    The row reduction runs on the vector unit and reads its source from the unified buffer. Both the A2/A3
    and the A5 implementation reject any other location with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;  // move the data to UB first (TMOV / TLOAD)
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    _, src = ops
    return Check(Ctx.static(src.loc != "Vec"), "TROWPROD src {src} is a {loc} tile; it must be TileType::Vec",
                 {"src": src.text, "loc": src.loc})


@rule("PTO202", "trowprod-dst-not-vec", instructions=INSTR, fault="unsupported-path", provenance=(
    Provenance("seed-doc", SEED, "Both dst and src must be TileType::Vec."),
    Provenance("header-static", f"{A2A3_HDR}; {A5_HDR}", "static_assert Dst::Loc == Vec on both targets."),
))
def dst_not_vec(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD destination tile is not a Vec (UB) tile.

    ## What it does
    Flags a TROWPROD whose `dst` tile has a TileType other than `TileType::Vec`.

    ## Why is this bad?
    The row products are stored by the vector/scalar unit into the unified buffer. Both targets reject any
    other destination location with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Mat, float, 16, 8> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, _ = ops
    return Check(Ctx.static(dst.loc != "Vec"), "TROWPROD dst {dst} is a {loc} tile; it must be TileType::Vec",
                 {"dst": dst.text, "loc": dst.loc})


@rule("PTO203", "trowprod-src-not-nd", instructions=INSTR, fault="unsupported-layout", provenance=(
    Provenance("seed-doc", SEED, "src must use the standard ND layout (BLayout::RowMajor, SLayout::NoneBox)."),
    Provenance("header-static", f"{A2A3_HDR}; {A5_HDR}", "static_assert Src::isRowMajor && SFractal == NoneBox."),
))
def src_not_nd(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD source tile is not in ND layout (row-major, no fractal boxes).

    ## What it does
    Flags a TROWPROD whose `src` tile is column-major (`BLayout::ColMajor`) or boxed (`SLayout` other than
    `NoneBox`).

    ## Why is this bad?
    Both implementations walk each source row as one contiguous run of `RowStride` elements. Any other layout
    is rejected by a `static_assert` on A2/A3 and on A5: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    _, src = ops
    bad = not (src.blayout == "RowMajor" and src.slayout == "NoneBox")
    return Check(Ctx.static(bad), "TROWPROD src {src} has layout {blayout}/{slayout}; it must be ND "
                 "(BLayout::RowMajor, SLayout::NoneBox)",
                 {"src": src.text, "blayout": src.blayout, "slayout": src.slayout})


@rule("PTO204", "trowprod-dst-layout", instructions=INSTR, fault="unsupported-layout", provenance=(
    Provenance("seed-doc", SEED, "dst must be ND, or DN (BLayout::ColMajor, SLayout::NoneBox) with Cols == 1."),
    Provenance("header-static", f"{A2A3_HDR}; {A5_HDR}",
               "static_assert !Dst::isBoxedLayout && (Dst::isRowMajor || Dst::Cols == 1)."),
))
def dst_layout(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD destination is neither ND nor a one-column DN tile.

    ## What it does
    Flags a TROWPROD whose `dst` tile is boxed (`SLayout` other than `NoneBox`), or column-major with more
    than one column.

    ## Why is this bad?
    The product of row `i` is stored at element `i * Dst::RowStride`, which is column 0 of row `i` only for an
    ND tile or a DN tile with exactly one column. Both targets reject other layouts with a `static_assert`:
    the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 8, BLayout::ColMajor> dst;   // DN with 8 columns
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;   // DN, one column
    Tile<TileType::Vec, float, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, _ = ops
    bad = dst.slayout != "NoneBox" or (dst.blayout != "RowMajor" and dst.cols != 1)
    return Check(Ctx.static(bad), "TROWPROD dst {dst} has layout {blayout}/{slayout} with {cols} columns; it must "
                 "be ND, or DN with exactly 1 column",
                 {"dst": dst.text, "blayout": dst.blayout, "slayout": dst.slayout, "cols": dst.cols})


@rule("PTO205", "trowprod-dtype-mismatch", instructions=INSTR, fault="dtype-mismatch", provenance=(
    Provenance("seed-doc", SEED, "The element types of dst and src must be identical."),
    Provenance("header-static", f"{A2A3_HDR}; {A5_HDR}", "static_assert Dst::DType == Src::DType."),
))
def dtype_mismatch(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD destination and source element types differ.

    ## What it does
    Flags a TROWPROD whose `dst` element type is not the `src` element type.

    ## Why is this bad?
    The product is computed and stored in the source element type; there is no conversion. Both targets
    reject different types with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, half, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 16> src;
    Tile<TileType::Vec, half, 16, 16> prod;     // ND dst of the same type
    Tile<TileType::Vec, half, 16, 16> tmp;
    TROWPROD(prod, src, tmp);                   // then TCVT if a float result is needed
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, src = ops
    return Check(Ctx.static(_dtype(dst.dtype) != _dtype(src.dtype)),
                 "TROWPROD dst element type {dst_dtype} differs from src element type {src_dtype}",
                 {"dst_dtype": dst.dtype, "src_dtype": src.dtype})


@rule("PTO206", "trowprod-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype", provenance=(
    Provenance("seed-doc", SEED, "A2/A3 and A5: supported element types half, float, int32_t, int16_t."),
    Provenance("header-static", f"{A2A3_HDR}; {A5_HDR}",
               "static_assert Src::DType in {half, float, int32_t, int16_t} (same list on both targets)."),
))
def unsupported_dtype(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD element type is not half, float, int32_t or int16_t.

    ## What it does
    Flags a TROWPROD whose `src` element type is outside the set the target implements
    (half, float, int32_t, int16_t on both A2/A3 and A5).

    ## Why is this bad?
    The vector multiply and the final lane reduction exist only for these four types. Any other type is
    rejected by a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 32> src;
    Tile<TileType::Vec, int8_t, 16, 32> dst;
    Tile<TileType::Vec, int8_t, 16, 32> tmp;
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 32> src;   // widen with TCVT first
    Tile<TileType::Vec, int16_t, 16, 16> dst;
    Tile<TileType::Vec, int16_t, 16, 16> tmp;
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    _, src = ops
    allowed = DTYPES[ctx.impl]
    return Check(Ctx.static(_dtype(src.dtype) not in allowed),
                 "TROWPROD does not support element type {dtype} on {target} (supported: {allowed})",
                 {"dtype": src.dtype, "target": ctx.target, "allowed": ", ".join(sorted(allowed))})


@rule("PTO207", "trowprod-src-valid-row-zero", instructions=INSTR, fault="valid-region", provenance=(
    Provenance("seed-doc", SEED, "Runtime valid region check: src.GetValidRow() != 0."),
    Provenance("header-runtime", f"{A2A3_HDR}; {A5_HDR}",
               "PTO_ASSERT(validCol != 0 && validRow != 0): traps in _DEBUG builds; in release builds no row is "
               "processed and dst keeps stale data."),
))
def src_valid_row_zero(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD source has zero valid rows.

    ## What it does
    Flags a TROWPROD whose `src` valid row count (static or set at run time) can be 0.

    ## Why is this bad?
    Both targets assert `src.GetValidRow() != 0`: a debug build traps. A release build processes no row, so the
    destination keeps whatever it held before, and later code reads stale products.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, 16> src(rows);   // rows may be 0
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> dst(rows);
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    if (rows > 0) {
        Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, 16> src(rows);
        Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> dst(rows);
        TROWPROD(dst, src, tmp);
    }
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    _, src = ops
    return Check(src.valid_row == 0, "TROWPROD src valid rows {src_rows} must not be 0", {"src_rows": src.valid_row})


@rule("PTO208", "trowprod-src-valid-col-zero", instructions=INSTR, fault="valid-region", provenance=(
    Provenance("seed-doc", SEED, "Runtime valid region check: src.GetValidCol() != 0."),
    Provenance("header-runtime", f"{A2A3_HDR}; {A5_HDR}",
               "PTO_ASSERT(validCol != 0 && validRow != 0): traps in _DEBUG builds; in release builds every row "
               "product is 1 (nothing multiplied)."),
))
def src_valid_col_zero(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD source has zero valid columns.

    ## What it does
    Flags a TROWPROD whose `src` valid column count (static or set at run time) can be 0.

    ## Why is this bad?
    Both targets assert `src.GetValidCol() != 0`: a debug build traps. A release build multiplies nothing and
    writes 1 for every row, which is almost never what the kernel wanted.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> src(len % 64);   // 0 when len is 64
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> src((len - 1) % 64 + 1);
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    _, src = ops
    return Check(src.valid_col == 0, "TROWPROD src valid columns {src_cols} must not be 0",
                 {"src_cols": src.valid_col})


@rule("PTO209", "trowprod-valid-row-mismatch", instructions=INSTR, fault="valid-region", provenance=(
    Provenance("seed-doc", SEED, "Runtime valid region check: src.GetValidRow() == dst.GetValidRow()."),
    Provenance("header-runtime", f"{A2A3_HDR}; {A5_HDR}",
               "PTO_ASSERT(validRow == dstValidRow): traps in _DEBUG builds; in release builds src valid rows are "
               "written into dst regardless (past dst's valid rows or storage, or leaving dst rows stale)."),
))
def valid_row_mismatch(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD source and destination valid row counts differ.

    ## What it does
    Flags a TROWPROD where `src.GetValidRow()` can differ from `dst.GetValidRow()`, including valid regions set
    at run time (`DYNAMIC` tiles, `SetValidRow`).

    ## Why is this bad?
    Both targets assert that the counts are equal: a debug build traps. A release build iterates over the
    source rows only: with more source rows it writes products past the destination's valid rows (or past its
    storage); with fewer it leaves destination rows holding stale data.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, 16> src(rows);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, 16, 1> dst;       // always 16 valid rows
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, 16> src(rows);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> dst(rows);
    TROWPROD(dst, src, tmp);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, src = ops
    return Check(src.valid_row != dst.valid_row,
                 "TROWPROD src valid rows {src_rows} differ from dst valid rows {dst_rows}",
                 {"src_rows": src.valid_row, "dst_rows": dst.valid_row})


@rule("PTO210", "trowprod-tmp-not-vec", instructions=INSTR, fault="tmp-undersized", targets=("a2a3",), provenance=(
    Provenance("seed-doc", SEED, "A2/A3: tmp is used as a row-wise accumulator buffer (vector_dup + vmul); the "
               "doc does not state its location."),
    Provenance("header-static", A2A3_HDR, "tmp's address is cast to a __ubuf__ pointer without any check of "
               "TileDataTmp::Loc; the 32-byte accumulator block is written at that address in UB."),
    Provenance("hazard", "docs/isa-facts.md section 4", "A5 never touches tmp, so the rule is A2/A3 only."),
))
def tmp_not_vec(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD temporary tile is not a Vec (UB) tile on A2/A3.

    ## What it does
    Flags a TROWPROD on A2/A3 whose `tmp` tile has a TileType other than `TileType::Vec`.

    ## Why is this bad?
    On A2/A3 the implementation uses `tmp` as the per-row accumulator of the vector unit and casts its address
    to a unified-buffer pointer without checking where the tile lives. A tmp in L1 (or any other buffer) makes
    the instruction write its 32-byte accumulator block into UB at an unrelated address, corrupting whatever
    tile is there. Nothing diagnoses it. (A5 ignores tmp.)

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Mat, float, 16, 16> tmp;       // L1 scratch
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 16> tmp;       // UB scratch
    TROWPROD(dst, src, tmp);
    ```
    """
    tmp = ctx.tile("tmp")
    if tmp is None or _operands(ctx) is None:
        return None
    return Check(Ctx.static(tmp.loc != "Vec"), "TROWPROD tmp {tmp} is a {loc} tile; on A2/A3 it is used as a UB "
                 "accumulator and must be TileType::Vec", {"tmp": tmp.text, "loc": tmp.loc})


@rule("PTO211", "trowprod-tmp-undersized", instructions=INSTR, fault="tmp-undersized", targets=("a2a3",),
      provenance=(
          Provenance("seed-doc", SEED, "A2/A3: tmp must have the same element type as src/dst and at least 1 row x "
                     "BLOCK_BYTE_SIZE / sizeof(T) columns."),
          Provenance("header-static", A2A3_HDR, "Nothing about tmp is checked: its address is reinterpreted as "
                     "Src::DType* and exactly one 32-byte block is written and read per row."),
          Provenance("hazard", "docs/isa-facts.md section 8 (14)", "Doc/header disagreement: the doc's dtype and "
                     "shape requirements are never enforced. The real requirement is 32 bytes of tmp storage; a tmp "
                     "of another dtype or shape (e.g. one DN column of 8 floats) with 32 bytes works, so only the "
                     "byte size is checked. Not applicable on A5 (tmp unused)."),
      ))
def tmp_undersized(ctx: Ctx) -> Check | None:
    """## Summary
    TROWPROD temporary tile holds less than one 32-byte block on A2/A3.

    ## What it does
    Flags a TROWPROD on A2/A3 whose `tmp` tile has fewer than 32 bytes of storage
    (`Rows * Cols * sizeof(tmp element) < 32`).

    ## Why is this bad?
    On A2/A3 each row's product is accumulated in one 32-byte block at the start of `tmp` (8 lanes for
    float/int32, 16 for half/int16), reinterpreted in the source element type. Nothing checks the size of `tmp`:
    a smaller tile makes the accumulator spill into the next allocation, silently corrupting it. The docs phrase
    the requirement as "same element type, at least 1 x 32/sizeof(T) elements"; only the byte size matters.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, int8_t, 1, 16, BLayout::RowMajor, 1, 16, SLayout::RowMajor, 1024> tmp;   // 16 bytes
    TROWPROD(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 1, 8> tmp;          // one 32-byte block
    TROWPROD(dst, src, tmp);
    ```
    """
    tmp = ctx.tile("tmp")
    if tmp is None or _operands(ctx) is None:
        return None
    size = tmp.elem_size or SIZES.get(_dtype(tmp.dtype), 0)
    if size <= 0:
        return None
    nbytes = tmp.rows * tmp.cols * size
    return Check(Ctx.static(nbytes < BLOCK_BYTES), "TROWPROD tmp {tmp} holds {tmp_bytes} bytes; the A2/A3 row "
                 "accumulator needs one 32-byte block", {"tmp": tmp.text, "tmp_bytes": nbytes})


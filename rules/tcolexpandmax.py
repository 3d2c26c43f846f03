"""TCOLEXPANDMAX (PTO401..): dst[i][j] = max(src0[i][j], s_j), s_j one value per column.

Modelled on what each target's TCOLEXPANDOP_IMPL really does (a2a3/TColExpandBinOp.hpp,
a5/TColExpandBinOp.hpp): only Dst::DType and Dst::isRowMajor are checked at compile time; the
per-column operand is chosen at run time (src1 when src0's valid shape equals dst's, else src0).
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TCOLEXPANDMAX",)

#: Dst::DType accepted by the static_assert of each target (aliases int/float16_t/float32_t collapse)
DST_DTYPES = {
    "a2a3": ("int32_t", "int16_t", "half", "float"),
    "a5": ("int32_t", "uint32_t", "float", "int16_t", "uint16_t", "half", "bfloat16_t", "uint8_t", "int8_t"),
}

A2A3_HDR = "include/pto/npu/a2a3/TColExpandBinOp.hpp ~l.86 (TCOLEXPANDOP_IMPL)"
A5_HDR = "include/pto/npu/a5/TColExpandBinOp.hpp ~l.195 (TCOLEXPANDOP_IMPL)"
SEED = "seed document TCOLEXPANDMAX (Constraints)"


def _ops(ctx: Ctx) -> tuple[TileView, TileView, TileView] | None:
    dst, src0, src1 = ctx.tile("dst"), ctx.tile("src0"), ctx.tile("src1")
    if dst is None or src0 is None or src1 is None:
        return None
    return dst, src0, src1


def _compiles(ctx: Ctx, dst: TileView) -> bool:
    """The target's own static checks pass (only then do the run-time rules matter)."""
    return dst.dtype in DST_DTYPES[ctx.impl] and dst.is_row_major


def _roles(dst: TileView, src0: TileView, src1: TileView):
    """(src0 is the full operand) as a Z3 condition, as the implementation decides it at run time."""
    return z3.And(src0.valid_row == dst.valid_row, src0.valid_col == dst.valid_col)


@rule("PTO401", "tcolexpandmax-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2A3_HDR, "static_assert Dst::DType in {int32, int16, half, float}"),
                  Provenance("header-static", A5_HDR, "static_assert Dst::DType in {int32, uint32, float, int16, "
                             "uint16, half, bf16, uint8, int8}"),
                  Provenance("seed-doc", SEED, "the seed says Dst, Src0 and Src1 DType must be in the list; the "
                             "headers check only Dst::DType (src0/src1: see PTO402)")))
def tcolexpandmax_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCOLEXPANDMAX destination element type not supported on this target.

    ## What it does
    Checks `dst`'s element type against the list the target asserts: A2/A3 accepts int32, int16, half
    and float; A5 also accepts uint32, uint16, bfloat16, int8 and uint8. Only `dst` is checked by the
    targets (the seed document also names src0 and src1; see PTO402 for those).

    ## Why is this bad?
    The instruction's implementation rejects the type with a `static_assert`: the kernel does not compile
    on this target.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> dst, src0;  // int8 exists only on A5
    Tile<TileType::Vec, int8_t, 1, 64> colMax;
    TCOLEXPANDMAX(dst, src0, colMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 64> dst, src0;
    Tile<TileType::Vec, half, 1, 64> colMax;
    TCOLEXPANDMAX(dst, src0, colMax);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst = ops[0]
    ok = DST_DTYPES[ctx.impl]
    return Check(ctx.static(dst.dtype not in ok),
                 f"TCOLEXPANDMAX dst `{dst.text}` has element type {dst.dtype}, not supported on {ctx.target} "
                 f"(supported: {', '.join(ok)})")


@rule("PTO402", "tcolexpandmax-src-dtype-mismatch", instructions=INSTR, fault="dtype-mismatch",
      provenance=(Provenance("hazard", A2A3_HDR + "; " + A5_HDR,
                             "a2a3: src0/src1 DType are never checked (compiles): their addresses are reinterpreted as "
                             "Dst::DType"),
                  Provenance("header-static", "include/pto/npu/a5/TColExpandBinOp.hpp:170, :219-227", "a5: both "
                             "run-time branches are instantiated, each passing a source's buffer cast to Dst::DType* "
                             "where its own DType* is expected: no matching function when either source differs"),
                  Provenance("seed-doc", SEED, "documents all three DTypes in one list but not that they must be "
                             "equal; docs/isa/TCOLEXPANDMAX.md names only Dst and Src1")))
def tcolexpandmax_src_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TCOLEXPANDMAX source has a different element type than dst and is silently reinterpreted.

    ## What it does
    Compares the element types of `src0` and `src1` with `dst`'s, on calls that compile on the target.

    ## Why is this bad?
    Neither target checks the source types: both read the sources' memory as `dst`'s element type
    (with their own row strides). A half source under a float destination is read as pairs of halves
    glued into floats; the result is garbage, with no diagnostic.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Vec, half, 1, 64> colMax;  // half, read as float
    TCOLEXPANDMAX(dst, src0, colMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 64> colMaxF;
    TCVT(colMaxF, colMax, RoundMode::CAST_NONE);
    TCOLEXPANDMAX(dst, src0, colMaxF);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _compiles(ctx, dst):
        return None
    bad = [f"`{t.text}` ({name}) is {t.dtype}" for name, t in (("src0", src0), ("src1", src1)) if t.dtype != dst.dtype]
    if ctx.a5:
        effect = (f"a5 instantiates TColExpandOp with either source as the per-column one and passes its buffer cast "
                  f"to __ubuf__ {dst.dtype}* where TColExpandBinOps takes the source's own type: no matching "
                  "function, the kernel does not compile")
    else:
        effect = f"the source is read as {dst.dtype} on {ctx.target} (nothing checks it)"
    return Check(ctx.static(bool(bad)),
                 f"TCOLEXPANDMAX dst `{dst.text}` is {dst.dtype} but " + " and ".join(bad) + f"; {effect}")


@rule("PTO403", "tcolexpandmax-dst-not-row-major", instructions=INSTR, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2A3_HDR + "; " + A5_HDR, "static_assert Dst::isRowMajor"),
                  Provenance("seed-doc", SEED, "Tile shape/layout constraints (compile time): TileDataDst::isRowMajor")))
def tcolexpandmax_dst_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCOLEXPANDMAX destination is not row-major.

    ## What it does
    Checks that `dst`'s BLayout is `RowMajor`.

    ## Why is this bad?
    Both targets assert `TileDataDst::isRowMajor`: a column-major destination does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 64> src0;
    Tile<TileType::Vec, float, 1, 64> colMax;
    TCOLEXPANDMAX(dst, src0, colMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst;
    TCOLEXPANDMAX(dst, src0, colMax);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst = ops[0]
    return Check(ctx.static(not dst.is_row_major),
                 f"TCOLEXPANDMAX dst `{dst.text}` has BLayout {dst.blayout}; {ctx.target} requires RowMajor")


@rule("PTO404", "tcolexpandmax-operand-not-vec", instructions=INSTR, fault="unsupported-path",
      provenance=(Provenance("hazard", A2A3_HDR + "; " + A5_HDR,
                             "no Loc check on any operand; the vector unit addresses only the Unified Buffer, so a "
                             "Mat/Acc/... tile's address is taken as a UB address"),))
def tcolexpandmax_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TCOLEXPANDMAX operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks that `dst`, `src0` and `src1` all have `TileType::Vec`, on calls that compile on the target.

    ## Why is this bad?
    TCOLEXPANDMAX runs on the vector unit, which reads and writes the Unified Buffer only. Neither
    target checks the operands' location: the address of an L1 (Mat) or L0 tile is used as a UB
    address, so the instruction computes on unrelated UB data and overwrites it.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Mat, float, 1, 64> colMax;  // lives in L1
    TCOLEXPANDMAX(dst, src0, colMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 64> colMax;  // load or move it into UB first
    TCOLEXPANDMAX(dst, src0, colMax);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _compiles(ctx, dst):
        return None
    bad = [f"{name} `{t.text}` is TileType::{t.loc}" for name, t in (("dst", dst), ("src0", src0), ("src1", src1))
           if t.loc != "Vec"]
    return Check(ctx.static(bool(bad)),
                 "TCOLEXPANDMAX operand not in the Unified Buffer: " + "; ".join(bad)
                 + f"; its address is used as a UB address on {ctx.target}")


@rule("PTO405", "tcolexpandmax-column-operand-too-narrow", instructions=INSTR, fault="valid-region",
      provenance=(Provenance("seed-doc", SEED, "src1 is expected to provide one scalar per column (its effective "
                             "shape must cover C values)"),
                  Provenance("header-runtime", A2A3_HDR + "; " + A5_HDR,
                             "the per-column operand is src1 when src0's valid shape equals dst's, else src0; "
                             "row 0 of it is read for j < dst.GetValidCol(); nothing is checked")))
def tcolexpandmax_column_operand_too_narrow(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The per-column operand of TCOLEXPANDMAX does not cover all of dst's valid columns.

    ## What it does
    Determines, as the implementation does at run time, which source is the per-column vector (src1
    when src0's valid shape equals dst's, otherwise src0) and checks that its valid region has a row and
    at least `dst.GetValidCol()` columns whenever dst's valid region is not empty.

    ## Why is this bad?
    Row 0 of the vector operand is read at columns `0 .. C-1` with `C = dst.GetValidCol()`, unchecked.
    Columns past its valid region hold stale data (or, past its storage, another tile's data), which
    then becomes the column maximum.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, DYNAMIC> colMax(cols);  // cols may be < 64
    TCOLEXPANDMAX(dst, src0, colMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> dst(cols), src0(cols);
    TCOLEXPANDMAX(dst, src0, colMax);  // dst and the vector cover the same columns
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _compiles(ctx, dst):
        return None
    src0_full = _roles(dst, src0, src1)
    vec_vr = z3.If(src0_full, src1.valid_row, src0.valid_row)
    vec_vc = z3.If(src0_full, src1.valid_col, src0.valid_col)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    violated = z3.And(nonempty, z3.Or(vec_vr < 1, vec_vc < dst.valid_col))
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col, "vector_validRow": vec_vr,
            "vector_validCol": vec_vc, "src0_validRow": src0.valid_row, "src0_validCol": src0.valid_col,
            "src1_validRow": src1.valid_row, "src1_validCol": src1.valid_col}
    msg = (f"TCOLEXPANDMAX reads {{dst_validCol}} per-column values but the per-column operand (src1 `{_esc(src1.text)}` "
           f"when src0 matches dst's valid shape, otherwise src0 `{_esc(src0.text)}`) has a valid region of only "
           "{vector_validRow}x{vector_validCol} (dst {dst_validRow}x{dst_validCol}, src0 {src0_validRow}x"
           "{src0_validCol}, src1 {src1_validRow}x{src1_validCol})")
    return Check(violated, msg, show)


@rule("PTO406", "tcolexpandmax-no-full-operand", instructions=INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", A2A3_HDR + "; " + A5_HDR,
                             "if src0's valid shape differs from dst's, src1 is silently used as the full operand "
                             "(with Src1::RowStride), without checking src1 either"),
                  Provenance("seed-doc", SEED, "describes src0 as the full operand; the run-time role swap is "
                             "undocumented")))
def tcolexpandmax_no_full_operand(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Neither TCOLEXPANDMAX source covers dst's valid region, so the full operand is read out of its region.

    ## What it does
    When `src0`'s valid shape differs from `dst`'s, the implementation swaps the roles and reads `src1`
    as the full `R x C` operand. This rule reports calls where that happens and `src1`'s valid region
    does not cover dst's `R x C` (dst's valid region not empty).

    ## Why is this bad?
    Nothing checks the swap: typically src0 has a few more (or fewer) valid rows than dst, and the
    1-row per-column tile src1 is then read as if it had R rows, which takes rows of stale data or of
    the neighbouring tile in memory. The result is wrong with no diagnostic on either target.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    Tile<TileType::Vec, float, 16, 64> src0;            // 16 valid rows, dst may have fewer
    Tile<TileType::Vec, float, 1, 64> colMax;
    TCOLEXPANDMAX(dst, src0, colMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src0(rows);  // same valid shape as dst
    TCOLEXPANDMAX(dst, src0, colMax);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _compiles(ctx, dst):
        return None
    src0_full = _roles(dst, src0, src1)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    violated = z3.And(nonempty, z3.Not(src0_full),
                      z3.Or(src1.valid_row < dst.valid_row, src1.valid_col < dst.valid_col))
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col, "src0_validRow": src0.valid_row,
            "src0_validCol": src0.valid_col, "src1_validRow": src1.valid_row, "src1_validCol": src1.valid_col}
    msg = (f"TCOLEXPANDMAX src0 `{_esc(src0.text)}` has valid shape {{src0_validRow}}x{{src0_validCol}}, not dst's "
           f"{{dst_validRow}}x{{dst_validCol}}, so src1 `{_esc(src1.text)}` is read as the full operand, but its valid "
           "region is only {src1_validRow}x{src1_validCol}")
    return Check(violated, msg, show)


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

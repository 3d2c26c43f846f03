"""TRESHAPE(dst, src): re-point dst at src's bytes (an alias, no data movement).

Facts (docs/isa-facts.md section 5, seed TRESHAPE.txt): A5 includes the A2/A3 header, so both targets share
TRESHAPE_IMPL. Without __PTO_AUTO__ it static_asserts equal Loc, equal total bytes (full Rows * Cols) and no
boxed <-> non-boxed change, then aliases dst to src. With __PTO_AUTO__ none of the checks exist and the compiler
aliases the two buffers anyway: the same bugs become silent, so the rules apply in both modes.
"""

from __future__ import annotations

from ptolint.ruleset import Check, Ctx, Provenance, rule

INSTR = ("TRESHAPE",)
HDR = "include/pto/npu/a2a3/TReshape.hpp (TRESHAPE_IMPL; a5/TReshape.hpp includes it)"
SEED = "seed document TRESHAPE"
AUTO = Provenance("hazard", HDR, "Under __PTO_AUTO__ the static_asserts are compiled out and only __cce_alias(dst, "
                  "src) remains: the mistake is then silent, not a compile error (docs present the checks "
                  "unconditionally; docs/isa-facts.md section 8 (16)).")
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "float16_t": 2, "bfloat16_t": 2, "float": 4, "float32_t": 4, "double": 8,
         "int": 4, "short": 2, "float8_e4m3_t": 1, "float8_e5m2_t": 1, "float8_e8m0_t": 1, "hifloat8_t": 1,
         "float4_e2m1x2_t": 1, "float4_e1m2x2_t": 1}


def _operands(ctx: Ctx):
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None
    return dst, src



@rule("PTO301", "treshape-loc-mismatch", instructions=INSTR, fault="unsupported-path", provenance=(
    Provenance("seed-doc", SEED, "Tile types must match: TileDataIn::Loc == TileDataOut::Loc."),
    Provenance("header-static", HDR, "static_assert In::Loc == Out::Loc (same code on A2/A3 and A5)."),
    AUTO,
))
def loc_mismatch(ctx: Ctx) -> Check | None:
    """## Summary
    TRESHAPE between tiles of different TileType (buffer).

    ## What it does
    Flags a TRESHAPE whose `dst` and `src` tiles live in different buffers (`TileType` differs, e.g. Vec and Mat).

    ## Why is this bad?
    TRESHAPE moves no data: it makes `dst` an alias of `src`'s address. An address in one on-chip buffer means
    nothing in another, so both targets reject the call with a `static_assert`; under `__PTO_AUTO__` the check is
    compiled out and `dst` silently aliases bytes of the wrong buffer.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Mat, float, 16, 16> dst;
    TRESHAPE(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;
    Tile<TileType::Vec, float, 8, 32> dst;   // same buffer, same bytes
    TRESHAPE(dst, src);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, src = ops
    return Check(Ctx.static(dst.loc != src.loc), "TRESHAPE dst {dst} is a {dst_loc} tile but src {src} is a "
                 "{src_loc} tile; the TileType must match",
                 {"dst": dst.text, "src": src.text, "dst_loc": dst.loc, "src_loc": src.loc})


@rule("PTO302", "treshape-size-mismatch", instructions=INSTR, fault="size-mismatch", provenance=(
    Provenance("seed-doc", SEED, "Total byte sizes must match: sizeof(InElem) * InNumel == sizeof(OutElem) * "
               "OutNumel."),
    Provenance("header-static", HDR, "static_assert sizeof(In::DType) * In::Numel == sizeof(Out::DType) * "
               "Out::Numel, Numel = full Rows * Cols (valid regions play no part)."),
    AUTO,
))
def size_mismatch(ctx: Ctx) -> Check | None:
    """## Summary
    TRESHAPE between tiles whose total byte sizes differ.

    ## What it does
    Flags a TRESHAPE where `sizeof(src element) * src Rows * src Cols` differs from
    `sizeof(dst element) * dst Rows * dst Cols` (full storage, not the valid region).

    ## Why is this bad?
    `dst` becomes an alias of `src`'s storage. A larger `dst` would reach past the end of `src` into
    neighbouring tiles; a smaller one silently drops data. Both targets reject it with a `static_assert`;
    under `__PTO_AUTO__` the check is compiled out and the overlap is silent.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;   // 1024 bytes
    Tile<TileType::Vec, half, 16, 16> dst;    //  512 bytes
    TRESHAPE(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 16> src;   // 1024 bytes
    Tile<TileType::Vec, half, 16, 32> dst;    // 1024 bytes
    TRESHAPE(dst, src);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, src = ops
    ds = dst.elem_size or SIZES.get(dst.dtype, 0)
    ss = src.elem_size or SIZES.get(src.dtype, 0)
    if ds <= 0 or ss <= 0:
        return None
    db, sb = ds * dst.rows * dst.cols, ss * src.rows * src.cols
    return Check(Ctx.static(db != sb), "TRESHAPE dst {dst} holds {dst_bytes} bytes but src {src} holds "
                 "{src_bytes} bytes; the total byte sizes must match",
                 {"dst": dst.text, "src": src.text, "dst_bytes": db, "src_bytes": sb})


@rule("PTO303", "treshape-boxed-mismatch", instructions=INSTR, fault="unsupported-layout", provenance=(
    Provenance("seed-doc", SEED, "Reshape between SLayout::NoneBox and boxed layouts is not allowed."),
    Provenance("header-static", HDR, "static_assert (In::SFractal == NoneBox) == (Out::SFractal == NoneBox); "
               "changes of BLayout or between boxed layouts are not checked."),
    AUTO,
))
def boxed_mismatch(ctx: Ctx) -> Check | None:
    """## Summary
    TRESHAPE between a boxed (fractal) tile and a non-boxed one.

    ## What it does
    Flags a TRESHAPE where exactly one of `dst` and `src` uses `SLayout::NoneBox`.

    ## Why is this bad?
    A boxed tile stores its elements in fractal boxes; a non-boxed tile stores plain rows or columns. Aliasing
    one as the other scrambles the element order, so both targets reject it with a `static_assert`; under
    `__PTO_AUTO__` the check is compiled out and the scrambled view is silent.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> src;   // NZ
    Tile<TileType::Mat, half, 16, 16> dst;                                                 // ND
    TRESHAPE(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> src;   // NZ
    Tile<TileType::Mat, float, 16, 8, BLayout::ColMajor, 16, 8, SLayout::RowMajor> dst;    // NZ, same bytes
    TRESHAPE(dst, src);
    ```
    """
    ops = _operands(ctx)
    if ops is None:
        return None
    dst, src = ops
    bad = (dst.slayout == "NoneBox") != (src.slayout == "NoneBox")
    return Check(Ctx.static(bad), "TRESHAPE dst {dst} has SLayout {dst_slayout} but src {src} has SLayout "
                 "{src_slayout}; reshaping between boxed and non-boxed tiles is not allowed",
                 {"dst": dst.text, "src": src.text, "dst_slayout": dst.slayout, "src_slayout": src.slayout})

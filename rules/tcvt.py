"""TCVT (PTO960..): elementwise type conversion dst = cast_mode(src), with an optional tmp tile and SaturationMode.

Modelled on a2a3/TCvt.hpp and a5/TCvt.hpp. Parameter names (model header): (dst, src[, tmp], mode[, satMode]);
RoundMode: CAST_NONE=0, RINT=1, ROUND=2, FLOOR=3, CEIL=4, TRUNC=5, ODD=6; SaturationMode: ON=0, OFF=1.

What the targets do:
- a2a3: no static_assert at all. A compile-time if-chain picks one vconv intrinsic per (src, dst) pair; a pair
  outside the chain falls through every branch and the instruction compiles to nothing (dst is not written).
  It converts dst's valid region row by row, reading src with src's own row stride. Each helper switches on
  the RoundMode; a mode it has no case for takes the helper's default. Only fp32->fp16 has CAST_ODD; the
  "special" pairs (exact widenings, int narrowings, int32->half via vconv_deq) take no mode at all. The overload
  without tmp forwards SaturationMode only for the narrowing pairs and forces ON for every other pair.
- a5: one castData overload per supported pair (1D and 2D variants); an unsupported pair has no overload: the
  call does not compile. It converts dst's valid region; when both tiles statically have ValidCol == Cols (or
  both have one row) it takes the 1D path, which treats both tiles as contiguous runs of validRows x validCols
  elements (the row strides are ignored). CAST_ODD is honoured only for fp32->fp16, other modes for every
  rounding pair except hifloat8 destinations (always ROUND_A).
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TCVT",)

_F8 = ("float8_e4m3_t", "float8_e5m2_t")
_F4 = ("float4_e1m2x2_t", "float4_e2m1x2_t")

#: target -> src element type -> dst element types the target converts to
CONVERSIONS: dict[str, dict[str, frozenset[str]]] = {
    "a2a3": {
        "float": frozenset({"half", "float", "bfloat16_t", "int16_t", "int32_t", "int64_t"}),
        "half": frozenset({"float", "int32_t", "int16_t", "int8_t", "uint8_t", "int4b_t"}),
        "bfloat16_t": frozenset({"float", "int32_t"}),
        "int16_t": frozenset({"half", "float"}),
        "int32_t": frozenset({"float", "int16_t", "int64_t", "half"}),
        "int64_t": frozenset({"float", "int32_t"}),
        "uint8_t": frozenset({"half"}),
        "int8_t": frozenset({"half"}),
        "int4b_t": frozenset({"half"}),
    },
    "a5": {
        "float": frozenset({"float", "half", "bfloat16_t", "int16_t", "int32_t", "int64_t", *_F8, "hifloat8_t"}),
        "half": frozenset({"float", "int32_t", "int16_t", "int8_t", "uint8_t", "hifloat8_t"}),
        "bfloat16_t": frozenset({"float", "int32_t", "half", *_F4}),
        "int16_t": frozenset({"uint8_t", "half", "float", "uint32_t", "int32_t"}),
        "int32_t": frozenset({"float", "int16_t", "uint16_t", "int64_t", "uint8_t"}),
        "int64_t": frozenset({"float", "int32_t"}),
        "uint8_t": frozenset({"half", "uint16_t"}),
        "int8_t": frozenset({"half", "int16_t", "int32_t"}),
        "uint32_t": frozenset({"uint8_t", "uint16_t", "int16_t"}),
        "float8_e4m3_t": frozenset({"float"}),
        "float8_e5m2_t": frozenset({"float"}),
        "hifloat8_t": frozenset({"float"}),
        "float4_e1m2x2_t": frozenset({"bfloat16_t"}),
        "float4_e2m1x2_t": frozenset({"bfloat16_t"}),
    },
}

MODES = {0: "CAST_NONE", 1: "CAST_RINT", 2: "CAST_ROUND", 3: "CAST_FLOOR", 4: "CAST_CEIL", 5: "CAST_TRUNC",
         6: "CAST_ODD"}
_ALL_MODES = frozenset(MODES)
_NO_ODD = _ALL_MODES - {6}

_FLOATS = frozenset({"float", "half", "bfloat16_t", *_F8, *_F4, "hifloat8_t"})
#: (src, dst) pairs whose result does not depend on the rounding mode (every source value is representable)
_EXACT = frozenset({("half", "float"), ("bfloat16_t", "float"), ("uint8_t", "half"), ("int8_t", "half"),
                    ("int16_t", "float"), ("int4b_t", "half"), ("hifloat8_t", "float"),
                    *((f, "float") for f in _F8), *((f, "bfloat16_t") for f in _F4)})

#: target -> (src, dst) -> RoundMode values the implementation honours, for pairs that differ from the default
#: (default: every mode but CAST_ODD). Pairs where the mode cannot matter are never looked up.
HONOURED: dict[str, dict[tuple[str, str], frozenset[int]]] = {
    "a2a3": {("float", "half"): _ALL_MODES,
             ("int32_t", "half"): frozenset({0, 1})},  # vconv_deq takes no rounding mode
    "a5": {("float", "half"): _ALL_MODES,
           ("float", "hifloat8_t"): frozenset({0, 2}),  # always ROUND_A
           ("half", "hifloat8_t"): frozenset({0, 2})},
}

#: a2a3: pairs whose SaturationMode the no-tmp overload forwards (kIsNarrowingCvt); the others are forced ON
A2A3_NARROWING = frozenset({("half", "uint8_t"), ("half", "int8_t"), ("float", "int16_t"), ("half", "int16_t"),
                            ("int64_t", "int32_t"), ("int32_t", "int16_t")})
#: a2a3 pairs where saturation changes the result (out-of-range values exist), outside A2A3_NARROWING
A2A3_SATURABLE = frozenset({("float", "int32_t"), ("float", "int64_t"), ("half", "int32_t"),
                            ("bfloat16_t", "int32_t"), ("float", "half"), ("int32_t", "half")})

A2A3_HDR = "include/pto/npu/a2a3/TCvt.hpp (GenCastCall / GenCastCallSpecialCases, TCvt, TCVT_IMPL)"
A5_HDR = "include/pto/npu/a5/TCvt.hpp (castData* overloads, implTCVT, tcvtDispatchByRound, TCVT_IMPL)"
DOC = "docs/isa/TCVT.md (Constraints, Supported Conversions)"


def _ops(ctx: Ctx) -> tuple[TileView, TileView] | None:
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None
    return dst, src


def supported(target: str, src: str, dst: str) -> bool:
    return dst in CONVERSIONS[target].get(src, frozenset())


def _rounds(src: str, dst: str) -> bool:
    """Whether the rounding mode can change the result of converting src to dst."""
    if (src, dst) in _EXACT:
        return False
    if src in _FLOATS:
        return True  # to an integer, to a narrower float, or fp32 -> fp32 (round to integral)
    return dst in _FLOATS  # int16 -> half, int32 -> float/half, int64 -> float; integer pairs never round


def _a5_contiguous(dst: TileView, src: TileView) -> bool:
    """A5 takes the 1D path (rows treated as one contiguous run), decided from the static tile types."""
    full = dst.spec.valid_col == dst.cols and src.spec.valid_col == src.cols
    return full or (dst.rows == 1 and src.rows == 1)


def _nonempty(dst: TileView) -> z3.BoolRef:
    return z3.And(dst.valid_row > 0, dst.valid_col > 0)


@rule("PTO960", "tcvt-unsupported-conversion", instructions=INSTR, fault="unsupported-dtype",
      provenance=(Provenance("hazard", A2A3_HDR, "no static_assert: a pair outside the if constexpr chain "
                             "matches no branch, so the instruction compiles to nothing and dst is never written"),
                  Provenance("header-static", A5_HDR, "castData / castData_1D_NoPostUpdate / castData_2D_NoPostUpdate "
                             "have one overload per supported pair: any other pair does not compile"),
                  Provenance("isa-doc", DOC, "same pair lists as the headers (A2A3 int32->half via deq, S4 <-> half; "
                             "A5 FP8/H8/FP4 and small-integer pairs)")))
def tcvt_unsupported_conversion(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCVT between two element types the target cannot convert.

    ## What it does
    Looks the (src, dst) element type pair up in the target's conversion table. A2/A3 converts float to
    half/float/bfloat16/int16/int32/int64, half to float/int32/int16/int8/uint8/int4, bfloat16 to
    float/int32, int16 to half/float, int32 to float/int16/int64/half, int64 to float/int32 and
    uint8/int8/int4 to half. A5 has no int4 and no int32->half, but adds fp8/hifloat8/fp4 pairs,
    bfloat16->half and several small-integer pairs (uint8->uint16, int8->int16/int32, int16->uint8/int32/uint32,
    int32->uint8/uint16, uint32->uint8/uint16/int16).

    ## Why is this bad?
    On A5 no implementation overload matches: the kernel does not compile. On A2/A3 nothing checks the
    pair: the call compiles to no conversion at all and dst keeps whatever it held before.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 64> src;
    Tile<TileType::Vec, int64_t, 16, 64> dst;
    TCVT(dst, src, RoundMode::CAST_TRUNC);  // no half -> int64 conversion on either target
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> tmpF;
    TCVT(tmpF, src, RoundMode::CAST_NONE);   // half -> float
    TCVT(dst, tmpF, RoundMode::CAST_TRUNC);  // float -> int64
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    if supported(ctx.impl, src.dtype, dst.dtype):
        return None
    outs = sorted(CONVERSIONS[ctx.impl].get(src.dtype, ()))
    effect = ("A5 has no conversion overload for it: the kernel does not compile" if ctx.a5 else
              "A2/A3 does not check it: the call compiles to nothing and dst is never written")
    alt = f"{src.dtype} converts to {', '.join(outs)}" if outs else f"{src.dtype} is not a source type"
    return Check(ctx.static(True), f"TCVT: {_esc(src.text)} ({src.dtype}) -> {_esc(dst.text)} ({dst.dtype}) is not a "
                 f"conversion of {ctx.target}; {effect} ({alt} on {ctx.target})")


@rule("PTO961", "tcvt-valid-shape-mismatch", instructions=INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", A2A3_HDR, "converts dst.GetValidRow() x dst.GetValidCol() elements, "
                             "reading src at the same (row, col) with src's row stride; src's valid region is "
                             "never consulted"),
                  Provenance("header-runtime", A5_HDR, "implTCVT(dst, src, ..., dst.GetValidRow(), dst.GetValidCol()): "
                             "same, src's valid region is never consulted"),
                  Provenance("isa-doc", DOC, "dst and src must be compatible in shape/valid region")))
def tcvt_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCVT's source valid region is smaller than the destination's.

    ## What it does
    Compares `src.GetValidRow()/GetValidCol()` with dst's on the path reaching the call, when the
    conversion exists on the target and dst's valid region is not empty.

    ## Why is this bad?
    Both targets convert dst's valid region and read src at the same positions without looking at src's
    valid region: the rows or columns beyond it are stale data (a previous tile, padding), converted
    and written into dst as if they were results.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, half, 16, 64> dst;  // always 16 valid rows
    TCVT(dst, src, RoundMode::CAST_RINT);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    TCVT(dst, src, RoundMode::CAST_RINT);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    if not supported(ctx.impl, src.dtype, dst.dtype):
        return None
    violated = z3.And(_nonempty(dst), z3.Or(src.valid_row < dst.valid_row, src.valid_col < dst.valid_col))
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            "src_validRow": src.valid_row, "src_validCol": src.valid_col}
    return Check(violated, f"TCVT: src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}} is smaller than "
                 f"dst `{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}; the conversion runs over dst's "
                 "valid region and reads src outside its valid region", show)


@rule("PTO962", "tcvt-a5-contiguous-path-row-mismatch", instructions=INSTR, fault="unsupported-layout",
      targets=("a5",),
      provenance=(Provenance("header-runtime", A5_HDR, "implTCVT: if both tiles have ValidCol == Cols (or both have "
                             "one row) it calls castData_1D_NoPostUpdate, which converts validRows * validCols "
                             "consecutive elements of src into consecutive elements of dst, ignoring the row "
                             "strides"),
                  Provenance("header-runtime", A2A3_HDR, "A2/A3 always honours both row strides (SS, DS): the same "
                             "call is correct there"),
                  Provenance("isa-doc", DOC, "does not mention the 1D path")))
def tcvt_a5_contiguous_path_row_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    On A5 a TCVT between full-width tiles of different widths scrambles the rows.

    ## What it does
    When both tiles' static valid columns equal their column counts, A5 converts the data as one
    contiguous run of `validRows * validCols` elements. The rule reports such calls where the two tiles
    have different column counts and more than one row is converted.

    ## Why is this bad?
    The contiguous path ignores the row strides: dst row 1 receives src elements from the end of src
    row 0 rather than src row 1, and so on. The same kernel is correct on A2/A3, which honours each
    tile's row stride.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 128> src;  // full 128-wide rows
    Tile<TileType::Vec, half, 16, 64> dst;    // converts the first 64 columns?
    TCVT(dst, src, RoundMode::CAST_RINT);     // A5: dst row 1 = src[0][64..127]
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 64> srcView;  // valid 64 of 128 columns
    TASSIGN(srcView, srcAddr);
    TCVT(dst, srcView, RoundMode::CAST_RINT);  // 2D path: row strides honoured
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    if not supported(ctx.impl, src.dtype, dst.dtype) or not _a5_contiguous(dst, src) or dst.cols == src.cols:
        return None
    violated = z3.And(dst.valid_row > 1, dst.valid_col > 0)
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col}
    return Check(violated, f"TCVT: dst `{_esc(dst.text)}` has {dst.cols} columns per row but src `{_esc(src.text)}` has "
                 f"{src.cols}; both are full-width, so A5 converts {{dst_validRow}} x {{dst_validCol}} elements as "
                 "one contiguous run and dst rows after the first take the wrong src elements", show)


@rule("PTO963", "tcvt-rounding-mode-ignored", instructions=INSTR, fault="ignored-option", severity="note",
      provenance=(Provenance("header-static", A2A3_HDR, "CAST_ODD has a case only in GenCastCallFp32ToFp16; the "
                             "other helpers take their default; int32->half (vconv_deq) takes no mode"),
                  Provenance("header-static", A5_HDR, "tcvtDispatchByRound: CAST_ODD only for fp32->fp16, else the "
                             "default (RoundZ for float->int, RoundR otherwise); hifloat8 destinations always use "
                             "ROUND_A"),
                  Provenance("isa-doc", DOC, "the conversion must be supported for the given RoundMode (no table)")))
def tcvt_rounding_mode_ignored(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The TCVT rounding mode is silently replaced by the implementation's default.

    ## What it does
    For conversions whose result depends on rounding, checks that the target implements the requested
    `RoundMode` for this (src, dst) pair: `CAST_ODD` exists only for float->half; A2/A3's int32->half
    path takes no mode; A5's hifloat8 destinations always round away from zero (`CAST_ROUND`).

    ## Why is this bad?
    The call compiles and converts with another rounding than the one written, so results differ in
    the last bit (or by one for integers) from what the kernel asks for.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;
    Tile<TileType::Vec, int32_t, 16, 64> dst;
    TCVT(dst, src, RoundMode::CAST_ODD);  // no round-to-odd for float -> int32: truncates
    ```

    ## Use instead
    ```cpp
    TCVT(dst, src, RoundMode::CAST_TRUNC);  // say what the hardware does
    ```
    """
    ops = _ops(ctx)
    mode = ctx.scalar("mode")
    if ops is None or mode is None:
        return None
    dst, src = ops
    pair = (src.dtype, dst.dtype)
    if not supported(ctx.impl, *pair) or not _rounds(*pair):
        return None
    honoured = HONOURED[ctx.impl].get(pair, _NO_ODD)
    ignored = sorted(_ALL_MODES - honoured)
    if not ignored:
        return None
    if z3.is_bool(mode):
        mode = z3.If(mode, z3.IntVal(1), z3.IntVal(0))
    violated = z3.And(_nonempty(dst), z3.Or([mode == v for v in ignored]))
    ok = ", ".join(MODES[v] for v in sorted(honoured))
    names = " / ".join(f"{MODES[v]} = {v}" for v in ignored)
    return Check(violated, f"TCVT {src.dtype} -> {dst.dtype}: RoundMode {{mode}} ({names}) is not implemented for this "
                 f"pair on {ctx.target} and is replaced by the default rounding (implemented: {ok})", {"mode": mode})


@rule("PTO964", "tcvt-saturation-mode-ignored", instructions=INSTR, fault="ignored-option", severity="note",
      targets=("a2a3",),
      provenance=(Provenance("header-static", A2A3_HDR, "TCVT_IMPL(dst, src, mode, satMode): only kIsNarrowingCvt "
                             "pairs get satMode, all others run with SaturationMode::ON; the tmp overload forwards "
                             "satMode for every pair"),
                  Provenance("header-static", A5_HDR, "A5 forwards satMode for every pair (CTRL bits 60/59/48)"),
                  Provenance("isa-doc", DOC, "the specified saturation behaviour is forwarded directly to the "
                             "implementation (not true for these pairs on A2/A3)")))
def tcvt_saturation_mode_ignored(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `SaturationMode::OFF` is ignored by A2/A3's TCVT without a tmp tile for this conversion.

    ## What it does
    Reports `TCVT(dst, src, mode, SaturationMode::OFF)` on A2/A3 for conversions that can overflow but
    are not among the narrowing pairs (half->uint8/int8/int16, float->int16, int64->int32, int32->int16)
    whose saturation mode that overload forwards.

    ## Why is this bad?
    The overload replaces the requested mode by `SaturationMode::ON`: out-of-range values are clamped
    to the destination's range instead of wrapping, unlike A5 and unlike the tmp overload.

    ## Example
    ```cpp
    TCVT(dstI32, srcF32, RoundMode::CAST_TRUNC, SaturationMode::OFF);  // A2/A3 saturates anyway
    ```

    ## Use instead
    ```cpp
    TCVT(dstI32, srcF32, tmp, RoundMode::CAST_TRUNC, SaturationMode::OFF);  // tmp overload forwards OFF
    ```
    """
    ops = _ops(ctx)
    sat = ctx.scalar("satMode")
    if ops is None or sat is None or ctx.tile("tmp") is not None:
        return None
    dst, src = ops
    pair = (src.dtype, dst.dtype)
    if pair not in A2A3_SATURABLE:
        return None
    if z3.is_bool(sat):
        sat = z3.If(sat, z3.IntVal(1), z3.IntVal(0))
    violated = z3.And(_nonempty(dst), sat == 1)
    return Check(violated, f"TCVT {src.dtype} -> {dst.dtype}: SaturationMode::OFF is replaced by ON on a2a3 (the "
                 "overload without tmp forwards the saturation mode only for narrowing pairs)", {"satMode": sat})


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

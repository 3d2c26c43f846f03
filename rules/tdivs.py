"""TDIVS (PTO501..): dst = src0 / scalar (tile/scalar form) or dst = scalar / src0 (scalar/tile form).

Modelled on a2a3/TDivS.hpp and a5/TDivS.hpp, and on Kirin Dev0000's own kirinDev0000/TDivS.hpp (A5's checks, its
valid-shape assertion and domain, without the 64-bit types: `A5_LIKE`, Rule.own). Parameter names (model header): (dst, src0, scalar) and
(dst, scalar, src0); template argument `PrecisionType` (DivAlgorithm::DEFAULT | HIGH_PRECISION).
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TDIVS",)

A2A3_TYPES = ("int32_t", "int16_t", "half", "float")  # int, float16_t, float32_t are aliases
A5_D1_TYPES = ("uint64_t", "int64_t", "uint32_t", "int32_t", "uint16_t", "int16_t", "half", "float")

#: Kirin Dev0000's own TDivS.hpp: A5's list without the 64-bit types (its integer division is a scalar loop)
KD_D1_TYPES = ("uint32_t", "int32_t", "uint16_t", "int16_t", "half", "float")
#: the implementations that work as A5's (no src == dst type check, PTO_ASSERT equal valid shapes, compute over
#: dst's) -> their tile/scalar form's dst element types and how a message names them
A5_LIKE = {"a5": (A5_D1_TYPES, "A5"), "kirindev0000": (KD_D1_TYPES, "Kirin Dev0000")}

A2A3_HDR = "include/pto/npu/a2a3/TDivS.hpp (TDIVS_IMPL, both overloads)"
A5_HDR = "include/pto/npu/a5/TDivS.hpp (TDIVS_IMPL ~l.135 tile/scalar, ~l.177 scalar/tile)"
KD_HDR = "include/pto/npu/kirinDev0000/TDivS.hpp (TDIVS_IMPL ~l.133 tile/scalar, ~l.172 scalar/tile)"
#: TDIVS on Kirin Dev0000 (its own file): the rules below run there with these facts (Rule.own)
OWN = {"kirindev0000": ("TDIVS",)}
KD_PROV = Provenance("header-static", KD_HDR, "Kirin Dev0000: as A5 (both tiles Vec; tile/scalar static_assert "
                     "Dst::DType in {uint32, int32, uint16, int16, half, float}, no 64-bit types; integer dst: "
                     "src0 read as dst's type by TDivs_naive; half/float: A5's BinaryInstr, which takes src0 as "
                     "Src::DType*; HIGH_PRECISION changes float only, half always uses the IEEE-754 path via float)")
KD_RUNTIME = Provenance("header-runtime", KD_HDR, "Kirin Dev0000: PTO_ASSERT equal valid rows / cols (debug builds "
                        "trap); release builds compute over dst's valid shape")
KD_HAZARD = Provenance("hazard", KD_HDR, "Kirin Dev0000: integer paths divide in a scalar C loop (undefined for 0), "
                       "float ones give inf/NaN")
SEED = "seed document TDIVS (Constraints)"


def _ops(ctx: Ctx) -> tuple[TileView, TileView, bool] | None:
    """(dst, src0, scalar_first) or None when this is not a TDIVS call we can read."""
    dst, src0 = ctx.tile("dst"), ctx.tile("src0")
    if dst is None or src0 is None:
        return None
    order = list(ctx.texts)
    scalar_first = "scalar" in order and order.index("scalar") < order.index("src0")
    return dst, src0, scalar_first


def _form(scalar_first: bool) -> str:
    return "TDIVS(dst, scalar, src0)" if scalar_first else "TDIVS(dst, src0, scalar)"


def _compile_errors(ctx: Ctx, dst: TileView, src0: TileView, scalar_first: bool) -> bool:
    """Whether the target's static_asserts reject the call (then run-time rules do not apply)."""
    if dst.loc != "Vec" or src0.loc != "Vec":
        return True
    if ctx.impl in A5_LIKE:
        return not scalar_first and dst.dtype not in A5_LIKE[ctx.impl][0]
    return dst.dtype != src0.dtype or dst.dtype not in A2A3_TYPES


def _high_precision(ctx: Ctx) -> bool:
    return ctx.template_args.get("PrecisionType", "") in ("HIGH_PRECISION", "1")


def _executes(ctx: Ctx, dst: TileView, src0: TileView) -> z3.BoolRef:
    """The run-time condition under which the division is actually computed."""
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    if ctx.impl in A5_LIKE:
        return nonempty
    return z3.And(nonempty, src0.valid_row == dst.valid_row, src0.valid_col == dst.valid_col)


@rule("PTO501", "tdivs-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype",
      own=OWN,
      provenance=(KD_PROV,
                  Provenance("header-static", A2A3_HDR, "static_assert DType in {int32_t, int, int16_t, half, "
                             "float16_t, float, float32_t} (both overloads)"),
                  Provenance("header-static", A5_HDR, "tile/scalar: static_assert Dst::DType in {uint64, int64, "
                             "uint32, int32, uint16, int16, half, float}; scalar/tile: no DType check"),
                  Provenance("seed-doc", SEED, "the seed's A5 list {uint8, int8, uint16, int16, uint32, int32, half, "
                             "float} is wrong: int8/uint8 are rejected, int64/uint64 accepted (docs/isa/TDIVS.md "
                             "agrees with the header); the target is modelled")))
def tdivs_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDIVS element type not supported on this target.

    ## What it does
    A2/A3 (both forms): dst's element type must be int32, int16, half or float. A5 tile/scalar form:
    dst's element type must be uint64, int64, uint32, int32, uint16, int16, half or float (not int8,
    uint8 or bfloat16, whatever the seed document says). A5's scalar/tile form checks no type. Kirin
    Dev0000 (its own TDivS.hpp) checks as A5, without the 64-bit types.

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> src, dst;
    TDIVS(dst, src, (int8_t)3);  // int8 is rejected on both targets
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> src, dst;  // widen first (TCVT)
    TDIVS(dst, src, (int16_t)3);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, scalar_first = ops
    if ctx.impl in A5_LIKE:
        if scalar_first:
            return None
        ok = A5_LIKE[ctx.impl][0]
        bad = dst.dtype not in ok
    else:
        bad = dst.dtype not in A2A3_TYPES
        ok = A2A3_TYPES
    return Check(ctx.static(bad),
                 f"{_form(scalar_first)}: dst `{dst.text}` has element type {dst.dtype}, not supported on "
                 f"{ctx.target} (supported: {', '.join(ok)})")


@rule("PTO502", "tdivs-dtype-mismatch", instructions=INSTR, fault="dtype-mismatch",
      own=OWN,
      provenance=(KD_PROV,
                  Provenance("header-static", A2A3_HDR, "static_assert Src::DType == Dst::DType"),
                  Provenance("hazard", A5_HDR, "a5, integer dst: no Src == Dst check (compiles): src0's address is "
                             "cast to __ubuf__ Dst::DType* and read as dst's type"),
                  Provenance("header-static", A5_HDR + " with a5/TBinSOp.hpp (BinaryInstr)", "a5, half/float dst: "
                             "TDivS passes src0 as a __ubuf__ Dst::DType* to BinaryInstr, whose parameter is "
                             "__ubuf__ TileDataSrc::DType*: another source type matches no overload (found by "
                             "bench/differential.py: bf16 source, float dst)"),
                  Provenance("header-static", "include/pto/common/pto_instr.hpp (TDIVS scalar-first)",
                             "differential disagreement kept as a hazard: A5 scalar-first TDIVS with a bfloat16 dst "
                             "and a half src fails in the real-header run because the bf16 scalar does not convert "
                             "to the half parameter of TDIVS_IMPL with the host compiler's __bf16 / _Float16; "
                             "whether the device compiler converts it is not known here, so ptolint keeps reporting "
                             "the reinterpretation (an error either way)"),
                  Provenance("seed-doc", SEED, "speaks of a single TileData::DType for both tiles")))
def tdivs_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDIVS source and destination element types differ.

    ## What it does
    Compares `src0`'s and `dst`'s element types.

    ## Why is this bad?
    On A2/A3 a `static_assert` rejects the call. On A5 a half or float destination finds no matching
    overload of the vector routine (the kernel does not compile either); for integer destinations nothing
    checks it: the source's memory is read as the destination's element type, so every quotient is
    computed from garbage.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;
    TDIVS(dst, src, (half)2.0f);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> srcF;
    TCVT(srcF, src, RoundMode::CAST_NONE);
    TDIVS(dst, srcF, 2.0f);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, scalar_first = ops
    if dst.dtype == src0.dtype:
        return None
    if ctx.impl in A5_LIKE:
        if _compile_errors(ctx, dst, src0, scalar_first):
            return None
        name = A5_LIKE[ctx.impl][1]
        why = (f"{name}'s {dst.dtype} division passes src0 to its vector routine as a {dst.dtype} pointer: no "
               "overload matches (compile error)" if dst.dtype in ("half", "float") else
               f"{name} does not check it and reads src0 as {dst.dtype}")
    else:
        why = "A2/A3 requires equal types (static_assert)"
    return Check(ctx.static(True),
                 f"{_form(scalar_first)}: src0 `{src0.text}` is {src0.dtype} but dst `{dst.text}` is {dst.dtype}; {why}")


@rule("PTO503", "tdivs-operand-not-vec", instructions=INSTR, fault="unsupported-path",
      own=OWN,
      provenance=(KD_PROV,
                  Provenance("header-static", A2A3_HDR + "; " + A5_HDR, "static_assert Src::Loc == Vec and "
                             "Dst::Loc == Vec"),
                  Provenance("seed-doc", SEED, "The Tile position must be a vector (TileData::Loc == TileType::Vec)")))
def tdivs_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TDIVS operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks that both `dst` and `src0` have `TileType::Vec`.

    ## Why is this bad?
    TDIVS runs on the vector unit; both targets reject other locations with a `static_assert`, so the
    kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;
    TDIVS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;  // TLOAD / TMOV it into UB first
    TDIVS(dst, src, 2.0f);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, scalar_first = ops
    bad = [f"{n} `{t.text}` is TileType::{t.loc}" for n, t in (("dst", dst), ("src0", src0)) if t.loc != "Vec"]
    return Check(ctx.static(bool(bad)), f"{_form(scalar_first)}: " + "; ".join(bad) + " (must be TileType::Vec)")


@rule("PTO504", "tdivs-valid-shape-mismatch", instructions=INSTR, fault="valid-region",
      own=OWN,
      provenance=(KD_RUNTIME,
                  Provenance("header-runtime", A2A3_HDR, "PTO_ASSERT valid rows/cols equal; computes only when they "
                             "are equal and non-zero, so a release build silently does nothing"),
                  Provenance("header-runtime", A5_HDR, "l.164-165 / 195-196: PTO_ASSERT valid rows/cols "
                             "equal (debug builds trap on any difference), then always computes over dst's valid shape, "
                             "reading src0 outside its valid region when it is smaller"),
                  Provenance("seed-doc", SEED, "Runtime: src0.GetValidRow() == dst.GetValidRow() and "
                             "src0.GetValidCol() == dst.GetValidCol()")))
def tdivs_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDIVS source and destination valid shapes differ at run time.

    ## What it does
    Compares `src0.GetValidRow()/GetValidCol()` with `dst`'s on the path reaching the call. Any difference
    is reported (on A2/A3 when dst's valid region is not empty, since A2/A3 then computes nothing anyway).

    ## Why is this bad?
    Both targets assert the equality with `PTO_ASSERT`: a debug build traps on any difference. In release
    builds A2/A3 skips the whole instruction, leaving dst unwritten; A5 computes over dst's valid shape,
    reading src0 rows or columns that hold stale data when src0's region is the smaller one (and silently
    dropping the rest of src0 when it is the larger one).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, float, 16, 64> dst;  // always 16 valid rows
    TDIVS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows), dst(rows);
    TDIVS(dst, src, 2.0f);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, scalar_first = ops
    if _compile_errors(ctx, dst, src0, scalar_first):
        return None
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    if ctx.impl in A5_LIKE:
        violated = z3.Or(src0.valid_row != dst.valid_row, src0.valid_col != dst.valid_col)
        effect = (f"{A5_LIKE[ctx.impl][1]} asserts equal valid shapes (PTO_ASSERT, debug builds trap); a release "
                  "build computes over dst's valid shape")
    else:
        violated = z3.And(nonempty, z3.Or(src0.valid_row != dst.valid_row, src0.valid_col != dst.valid_col))
        effect = "A2/A3 silently skips the division in release builds (PTO_ASSERT only traps with _DEBUG)"
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            "src0_validRow": src0.valid_row, "src0_validCol": src0.valid_col}
    msg = (f"{_form(scalar_first)}: src0 `{_esc(src0.text)}` valid shape {{src0_validRow}}x{{src0_validCol}} differs "
           f"from dst `{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}; {effect}")
    return Check(violated, msg, show)


@rule("PTO505", "tdivs-divide-by-zero", instructions=INSTR, fault="divide-by-zero", severity="warning",
      own=OWN,
      provenance=(KD_HAZARD,
                  Provenance("hazard", A2A3_HDR + "; " + A5_HDR, "integer paths use C division (undefined for 0); "
                             "float paths give inf/NaN (A2/A3 in-place form multiplies by (T)(1/0))"),
                  Provenance("seed-doc", SEED, "Division by zero: the behavior is target-defined")))
def tdivs_divide_by_zero(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The TDIVS divisor scalar can be zero.

    ## What it does
    For the tile/scalar form `TDIVS(dst, src0, scalar)`, checks whether the scalar reaching the call can
    be zero while the division actually runs, and shows an input that makes it zero. (In the scalar/tile
    form the divisors are tile data, which the linter does not know.)

    ## Why is this bad?
    For integer tiles both targets divide with the C `/` operator in a scalar loop: division by zero is
    undefined behaviour (a trap or garbage). For half/float tiles every element becomes ±inf or NaN,
    which silently poisons everything computed from dst.

    ## Example
    ```cpp
    // scale comes from the host and can be 0
    TDIVS(dst, src, scale);
    ```

    ## Use instead
    ```cpp
    if (scale != 0.0f) {
        TDIVS(dst, src, scale);
    }
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src0, scalar_first = ops
    scalar = ctx.scalar("scalar")
    if scalar_first or scalar is None or _compile_errors(ctx, dst, src0, scalar_first):
        return None
    if z3.is_bool(scalar):
        scalar = z3.If(scalar, z3.IntVal(1), z3.IntVal(0))
    violated = z3.And(_executes(ctx, dst, src0), scalar == 0)
    kind = "integer division by zero (undefined behaviour)" if not z3.is_real(scalar) else "every quotient becomes inf/NaN"
    return Check(violated,
                 f"TDIVS(dst, src0, scalar): the divisor `{_esc(ctx.texts.get('scalar', 'scalar'))}` is {{scalar}}; "
                 f"{kind} for dst {dst.dtype}",
                 {"scalar": scalar})


@rule("PTO506", "tdivs-high-precision-ignored", instructions=INSTR, fault="ignored-option", severity="note",
      own=OWN,
      provenance=(KD_PROV,
                  Provenance("header-static", A2A3_HDR, "PrecisionType is accepted and ignored (no HIGH_PRECISION "
                             "path)"),
                  Provenance("header-static", A5_HDR, "HIGH_PRECISION selects the IEEE-correcting division only "
                             "for float and half; other types use the default path"),
                  Provenance("seed-doc", SEED, "the PrecisionType option is ignored on Atlas A3 (does not say it "
                             "is float/half-only on A5)")))
def tdivs_high_precision_ignored(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `TDIVS<DivAlgorithm::HIGH_PRECISION>` is ignored on this target or for this element type.

    ## What it does
    Reports `HIGH_PRECISION` on A2/A3 (which has no high-precision path) and on A5 for element types
    other than float and half.

    ## Why is this bad?
    The call compiles and silently uses the default (faster, less precise) division, so results can
    differ in the last bits from what was asked for and from A5 float/half results.

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> src, dst;
    TDIVS<DivAlgorithm::HIGH_PRECISION>(dst, src, 7);  // integer division has no precision option
    ```

    ## Use instead
    ```cpp
    TDIVS(dst, src, 7);
    ```
    """
    ops = _ops(ctx)
    if ops is None or not _high_precision(ctx):
        return None
    dst, src0, scalar_first = ops
    if _compile_errors(ctx, dst, src0, scalar_first):
        return None
    if ctx.impl in A5_LIKE:
        if dst.dtype in ("float", "half"):  # Kirin Dev0000's half division is the IEEE-754 one either way
            return None
        why = f"{A5_LIKE[ctx.impl][1]} has a high-precision division for float and half only, not {dst.dtype}"
    else:
        why = "A2/A3 has no high-precision division"
    return Check(ctx.static(True), f"{_form(scalar_first)} with dst `{_esc(dst.text)}` ({dst.dtype}): "
                 f"DivAlgorithm::HIGH_PRECISION is ignored: {why}")


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

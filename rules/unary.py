"""Unary tile instructions (PTO721..PTO739): TEXP TLOG TSQRT TRSQRT TABS TRELU TNOT TNEG TRECIP.

One declarative table, `TABLE`, instruction -> target -> `Facts`, written from the implementation headers;
one rule per constraint shape. Parameter names (model header): (dst, src), TRSQRT also (dst, src, tmp);
template argument `PrecisionType`.

Facts, per target:
- a2a3 TUnaryOp.hpp (TunaryCheck): both tiles row-major and Vec, equal element types, half/float only
  (TEXP TLOG TSQRT TRSQRT TABS), half/float/int32 (TRELU), any type but float (TNOT: TNOT_IMPL's int16_t
  reinterpretation of 4-byte types disagrees with TUnaryOp's for float, a C++ type error, not a static_assert);
  computes over dst's valid shape
  (valid-shape equality is a PTO_ASSERT only).
- a5 TUnaryOp.hpp (TUnaryCheck) and TRsqrt.hpp: the same checks; TABS also accepts int8/int16/int32,
  TNOT takes 8/16/32-bit integers only.
- TNEG is TMULS(dst, src, -1) on both targets (the TMULS checks: no layout check; A2/A3 checks src's
  location only; A5 does not check dst == src type).
- TRECIP is TDIVS(dst, 1, src) on both targets (pto_instr.hpp): A2/A3 checks int32/int16/half/float,
  equal types, both Vec, and computes only when the valid shapes are equal; A5 checks no type.
"""

from __future__ import annotations

from dataclasses import dataclass

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

FLOATS = ("half", "float")
A2A3_ARITH = ("int32_t", "int16_t", "half", "float")
A5_MUL = ("int64_t", "uint64_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "half", "float", "bfloat16_t")


@dataclass(frozen=True)
class Facts:
    """What one target's implementation of one unary instruction checks and does."""

    types: tuple[str, ...] | None  # accepted element types (None: not checked)
    typed: str  # which operand's type is checked: "dst" or "src"
    same: bool  # static_assert dst type == src type (else src is read as dst's type)
    vec: tuple[str, ...]  # roles whose location is static_asserted to be Vec
    row_major: bool  # static_assert both tiles row-major
    valid: str  # "skip": computes only when valid shapes are equal; "dst": over dst's valid shape
    where: str


A2 = "include/pto/npu/a2a3/"
A5 = "include/pto/npu/a5/"
#: a2a3 TNOT_IMPL reinterprets 4-byte types as int16_t while TUnaryOp does so only for int32/uint32: for float the
#: pointer types disagree (TUnaryOp.hpp:37/41, "cannot initialize a parameter of type 'int16_t *' with 'float *'")
A2A3_NOT = ("half", "bfloat16_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t", "int64_t",
            "uint64_t")


def _u(types, where) -> Facts:
    return Facts(types, "dst", True, ("dst", "src"), True, "dst", where)


TABLE: dict[str, dict[str, Facts]] = {
    "TEXP": {"a2a3": _u(FLOATS, A2 + "TUnaryOp.hpp"), "a5": _u(FLOATS, A5 + "TUnaryOp.hpp")},
    "TLOG": {"a2a3": _u(FLOATS, A2 + "TUnaryOp.hpp"), "a5": _u(FLOATS, A5 + "TUnaryOp.hpp")},
    "TSQRT": {"a2a3": _u(FLOATS, A2 + "TUnaryOp.hpp"), "a5": _u(FLOATS, A5 + "TUnaryOp.hpp")},
    "TRSQRT": {"a2a3": _u(FLOATS, A2 + "TUnaryOp.hpp"), "a5": _u(FLOATS, A5 + "TRsqrt.hpp")},
    "TABS": {"a2a3": _u(FLOATS, A2 + "TUnaryOp.hpp"),
             "a5": _u(("half", "float", "int8_t", "int16_t", "int32_t"), A5 + "TUnaryOp.hpp")},
    "TRELU": {"a2a3": _u(("half", "float", "int32_t"), A2 + "TUnaryOp.hpp"),
              "a5": _u(("half", "float", "int32_t"), A5 + "TUnaryOp.hpp")},
    "TNOT": {"a2a3": _u(A2A3_NOT, A2 + "TUnaryOp.hpp (TNOT_IMPL: float is a C++ type error)"),
             "a5": _u(("int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t"), A5 + "TUnaryOp.hpp")},
    "TNEG": {"a2a3": Facts(A2A3_ARITH, "src", True, ("src",), False, "dst", A2 + "TUnaryOp.hpp -> TMulS.hpp"),
             "a5": Facts(A5_MUL, "dst", False, ("dst", "src"), False, "dst", A5 + "TUnaryOp.hpp -> TMulS.hpp")},
    "TRECIP": {"a2a3": Facts(A2A3_ARITH, "src", True, ("dst", "src"), False, "skip", A2 + "TDivS.hpp (scalar/tile)"),
               "a5": Facts(None, "dst", False, ("dst", "src"), False, "dst", A5 + "TDivS.hpp (scalar/tile)")},
}
INSTR = tuple(TABLE)
TYPED = tuple(k for k, v in TABLE.items() if any(f.types is not None for f in v.values()))
ROW_MAJOR = tuple(k for k, v in TABLE.items() if any(f.row_major for f in v.values()))
DOC = "docs/isa/<INSTR>.md"


def _ops(ctx: Ctx) -> tuple[Facts, TileView, TileView] | None:
    facts = TABLE.get(ctx.builtin, {}).get(ctx.impl)
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if facts is None or dst is None or src is None:
        return None
    return facts, dst, src


def _static_errors(facts: Facts, dst: TileView, src: TileView) -> bool:
    """Whether the target's static_asserts reject the call (other rules then do not apply)."""
    checked = src if facts.typed == "src" else dst
    if facts.types is not None and checked.dtype not in facts.types:
        return True
    if facts.same and src.dtype != dst.dtype:
        return True
    tiles = {"dst": dst, "src": src}
    if any(tiles[r].loc != "Vec" for r in facts.vec):
        return True
    return facts.row_major and not (dst.is_row_major and src.is_row_major)


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


@rule("PTO721", "unary-unsupported-dtype", instructions=TYPED, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2 + "TUnaryOp.hpp (TunaryCheck, TRELU_IMPL)", "half/float only; "
                             "TRELU half/float/int32; TNOT any type but float (a C++ pointer-type error, :37/:41); "
                             "TNEG = TMULS (int32/int16/half/float); "
                             "TRECIP = TDIVS (int32/int16/half/float)"),
                  Provenance("header-static", A5 + "TUnaryOp.hpp (TUnaryCheck, TABS_IMPL, TNOT_IMPL, TRELU_IMPL), "
                             "TRsqrt.hpp", "half/float; TABS also int8/16/32; TNOT 8/16/32-bit integers; "
                             "TNEG = TMULS set; TRECIP = TDIVS scalar/tile form (no type check)"),
                  Provenance("isa-doc", DOC, "docs/isa/TABS.md etc.; the headers are modelled where they differ")))
def unary_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Unary instruction element type not supported on this target.

    ## What it does
    Checks the element type of TEXP, TLOG, TSQRT, TRSQRT, TABS, TRELU, TNOT, TNEG and TRECIP against the
    set the target's implementation accepts: half/float for the transcendental ones (and TABS on A2/A3),
    half/float/int32 for TRELU, 8/16/32-bit integers for A5 TNOT, TMULS's set for TNEG and TDIVS's
    for A2/A3 TRECIP.

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> src, dst;
    TEXP(dst, src);  // exponent of an integer tile
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> srcF, dstF;
    TCVT(srcF, src, RoundMode::CAST_NONE);
    TEXP(dstF, srcF);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if facts.types is None:
        return None
    name, t = ("src", src) if facts.typed == "src" else ("dst", dst)
    if t.dtype in facts.types:
        return None
    return Check(ctx.static(True), f"{ctx.builtin}: {name} `{_esc(t.text)}` has element type {t.dtype}, not supported "
                 f"on {ctx.target} (supported: {', '.join(facts.types)})")


@rule("PTO722", "unary-dtype-mismatch", instructions=INSTR, fault="dtype-mismatch",
      provenance=(Provenance("header-static", A2 + "TUnaryOp.hpp; " + A5 + "TUnaryOp.hpp, TRsqrt.hpp",
                             "static_assert Dst::DType == Src::DType"),
                  Provenance("header-static", A5 + "TMulS.hpp:47 -> TBinSOp.hpp:285 (TNEG, dst not 64-bit)",
                             "src's buffer cast to Dst::DType* where BinaryInstr takes Src::DType*: no matching "
                             "function (a compile error)"),
                  Provenance("hazard", A5 + "TMulS.hpp (TNEG, 64-bit dst), TDivS.hpp (TRECIP)", "a5: no equality "
                             "check (compiles): src's buffer is cast to __ubuf__ Dst::DType* and read as dst's type")))
def unary_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Unary source and destination element types differ.

    ## What it does
    Compares `src`'s and `dst`'s element types.

    ## Why is this bad?
    Most unary instructions reject the call with a `static_assert`. A5's TNEG and TRECIP (built on TMULS
    and TDIVS) check nothing: the source's memory is read as the destination's element type, so every
    result is computed from reinterpreted bits.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;
    TEXP(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> srcF;
    TCVT(srcF, src, RoundMode::CAST_NONE);
    TEXP(dst, srcF);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if src.dtype == dst.dtype:
        return None
    if facts.same:
        why = f"{ctx.target} requires equal types (static_assert)"
    else:
        if _static_errors(facts, dst, src):
            return None
        if ctx.builtin == "TNEG" and ctx.impl == "a5" and dst.dtype not in ("int64_t", "uint64_t"):
            why = (f"a5 TMULS casts src's buffer to __ubuf__ {dst.dtype}* but BinaryInstr (TBinSOp.hpp:285) takes "
                   f"__ubuf__ {src.dtype}*: no matching function, the kernel does not compile")
        else:
            why = f"{ctx.target} does not check it and reads src as {dst.dtype}"
    return Check(ctx.static(True), f"{ctx.builtin}: src `{_esc(src.text)}` is {src.dtype} but dst `{_esc(dst.text)}` "
                 f"is {dst.dtype}; {why}")


@rule("PTO723", "unary-operand-not-vec", instructions=INSTR, fault="unsupported-path",
      provenance=(Provenance("header-static", A2 + "TUnaryOp.hpp; " + A5 + "TUnaryOp.hpp, TRsqrt.hpp, TMulS.hpp, "
                             "TDivS.hpp", "static_assert Dst::Loc == Vec && Src::Loc == Vec"),
                  Provenance("header-static", A2 + "TMulS.hpp (TNEG)", "only Src::Loc is checked")))
def unary_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A unary instruction operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks that `dst` and `src` have `TileType::Vec` (A2/A3 TNEG checks only `src`).

    ## Why is this bad?
    Unary instructions run on the vector unit; the implementation rejects other locations with a
    `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;
    TSQRT(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;  // TLOAD / TMOV it into UB first
    TSQRT(dst, src);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    tiles = {"dst": dst, "src": src}
    bad = [f"{r} `{_esc(tiles[r].text)}` is TileType::{tiles[r].loc}" for r in facts.vec if tiles[r].loc != "Vec"]
    if not bad:
        return None
    return Check(ctx.static(True), f"{ctx.builtin}: " + "; ".join(bad) + " (must be TileType::Vec)")


@rule("PTO724", "unary-not-row-major", instructions=ROW_MAJOR, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2 + "TUnaryOp.hpp; " + A5 + "TUnaryOp.hpp, TRsqrt.hpp",
                             "static_assert DstTile::isRowMajor && SrcTile::isRowMajor"),))
def unary_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A unary instruction operand is not row-major.

    ## What it does
    Checks that `dst` and `src` of TEXP, TLOG, TSQRT, TRSQRT, TABS, TRELU and TNOT have
    `BLayout::RowMajor`.

    ## Why is this bad?
    Both targets reject other layouts with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor> src, dst;
    TEXP(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src, dst;  // or TTRANS first
    TEXP(dst, src);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if not facts.row_major:
        return None
    bad = [f"{n} `{_esc(t.text)}` is BLayout::{t.blayout}" for n, t in (("dst", dst), ("src", src))
           if not t.is_row_major]
    if not bad:
        return None
    return Check(ctx.static(True), f"{ctx.builtin}: " + "; ".join(bad) + " (must be BLayout::RowMajor)")


@rule("PTO725", "unary-valid-shape-mismatch", instructions=INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TUnaryOp.hpp; " + A5 + "TUnaryOp.hpp, TRsqrt.hpp",
                             "PTO_ASSERT valid rows/cols equal, then computes over dst's valid shape"),
                  Provenance("header-runtime", A2 + "TDivS.hpp (TRECIP)", "computes only when the valid shapes are "
                             "equal and non-zero: a release build silently does nothing otherwise"),
                  Provenance("isa-doc", DOC, "src and dst valid shapes must match")))
def unary_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Unary source and destination valid shapes disagree at run time.

    ## What it does
    Compares `src.GetValidRow()/GetValidCol()` with `dst`'s on the path reaching the call (dst's valid
    region not empty): reports a source whose valid region does not cover dst's, and for A2/A3 TRECIP
    any difference (a larger source of the other ops is PTO726's).

    ## Why is this bad?
    The equality is only a `PTO_ASSERT` (debug builds). In release builds the instruction computes over
    dst's valid shape and reads source rows or columns that hold stale data; A2/A3 TRECIP (a TDIVS)
    instead skips the whole instruction, leaving dst unwritten.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, float, 16, 64> dst;  // always 16 valid rows
    TEXP(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows), dst(rows);
    TEXP(dst, src);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if _static_errors(facts, dst, src):
        return None
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    if facts.valid == "skip":
        violated = z3.And(nonempty, z3.Or(src.valid_row != dst.valid_row, src.valid_col != dst.valid_col))
        effect = f"{ctx.target} silently skips {ctx.builtin} in release builds (PTO_ASSERT only traps with _DEBUG)"
    else:
        violated = z3.And(nonempty, z3.Or(src.valid_row < dst.valid_row, src.valid_col < dst.valid_col))
        effect = f"{ctx.target} computes over dst's valid shape and reads src outside its valid region"
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            "src_validRow": src.valid_row, "src_validCol": src.valid_col}
    msg = (f"{ctx.builtin}: src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}} differs from dst "
           f"`{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}; {effect}")
    return Check(violated, msg, show)


#: the unary ops whose implementation PTO_ASSERTs dst's valid rows and columns equal to src's on both targets
#: (a2a3 TUNARY_IMPL / TRSQRT_IMPL, a5 T<Op>_IMPL in TUnaryOp.hpp and TRsqrt.hpp); TNEG (a TMULS) and TRECIP (a
#: TDIVS) are the tile-scalar rules' and PTO725's
ASSERTED_EQUAL = ("TEXP", "TLOG", "TSQRT", "TRSQRT", "TABS", "TRELU", "TNOT")


@rule("PTO726", "unary-valid-shape-differs", instructions=ASSERTED_EQUAL, fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TUnaryOp.hpp (TUNARY_IMPL, TRSQRT_IMPL); " + A5 +
                             "TUnaryOp.hpp (TEXP/TNOT/TRELU/TSQRT/TABS/TLOG_IMPL), TRsqrt.hpp",
                             "PTO_ASSERT dst's valid rows and cols == src's before anything runs (also for an empty "
                             "dst); release builds compute over dst's valid shape and ignore src's rows/columns "
                             "beyond it"),
                  Provenance("isa-doc", DOC, "src and dst valid shapes must match")))
def unary_valid_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A unary instruction's source valid shape differs from dst's where no source row or column is missing
    (a source larger than dst, or an empty dst); a source that does not cover dst is PTO725.

    ## What it does
    For TEXP, TLOG, TSQRT, TRSQRT, TABS, TRELU and TNOT compares `src.GetValidRow()/GetValidCol()` with
    dst's and reports a difference on a path where PTO725 does not already report the call.

    ## Why is this bad?
    Both targets `PTO_ASSERT` the two valid shapes equal: a debug build traps at the call. A release build
    computes over dst's valid shape and silently ignores the source's extra rows or columns, so the kernel
    does something other than its tiles' valid shapes describe.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;  // always 16x64 valid
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    TEXP(dst, src);  // rows < 16: debug builds trap
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows), dst(rows);
    TEXP(dst, src);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if facts.valid != "dst" or _static_errors(facts, dst, src) or src.text == dst.text:
        return None
    differs = z3.Or(src.valid_row != dst.valid_row, src.valid_col != dst.valid_col)
    smaller = z3.And(dst.valid_row > 0, dst.valid_col > 0,
                     z3.Or(src.valid_row < dst.valid_row, src.valid_col < dst.valid_col))
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            "src_validRow": src.valid_row, "src_validCol": src.valid_col}
    msg = (f"{ctx.builtin}: src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}} differs from dst "
           f"`{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}; debug builds trap at the PTO_ASSERT, "
           "release builds compute over dst's valid shape and ignore the rest of src")
    return Check(z3.And(differs, z3.Not(smaller)), msg, show)

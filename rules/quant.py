"""Quantisation (PTO970..): TDEQUANT, the INT8 forms of TQUANT, and the MX matrix forms TMATMUL_MX / TGEMV_MX.

Modelled on a2a3/TDequant.hpp, a5/TDeQuant.hpp, a2a3/TQuant.hpp, a5/TQuant.hpp and a5/TMatmul.hpp.
Parameter names (model header): TDEQUANT(dst, src, scale, offset); TQUANT(dst, src, scale[, tmp][, offset])
(INT8 forms) and TQUANT(dst, src, exp, max, scaling[, exp_zz]) (MX forms, A5: element types, PTO977);
TMATMUL_MX / TGEMV_MX(cMatrix | cOutMatrix, cInMatrix, aMatrix, aScaleMatrix, bMatrix, bScaleMatrix[, biasData]).

What the targets do:
- TDEQUANT (both): static_assert dst float, src int8/int16, scale/offset float (A5: the parameter type equals
  dst's), dst and src row-major. It converts dst's valid region, reading src at the same positions and, for
  every row i, scale/offset at row i column 0. A5 PTO_ASSERTs src's valid shape and the parameters' valid rows
  against dst's (debug only); A2/A3 PTO_ASSERTs the src shape only. Release builds compute regardless.
- TQUANT INT8 (both): static_assert src float32; INT8_SYM needs an int8 result, INT8_ASYM uint8.
- TMATMUL_MX / TGEMV_MX: declared for A5 only (no A2/A3 implementation). CheckMadMxValid static_asserts a
  float result with fp4 x fp4 or fp8 x fp8 operands, Left/Right/Acc fractals, left tile Cols % 64 == 0, the
  result tile within L0C (256 KiB); the bias forms need a float single-row Bias tile. The scale tiles are not
  checked at all.
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

# --- TDEQUANT / TQUANT tables ------------------------------------------------------------------------------

#: builtin -> operand roles -> accepted element types (both targets)
QUANT_TYPES: dict[str, dict[str, frozenset[str]]] = {
    "TDEQUANT": {"dst": frozenset({"float"}), "src": frozenset({"int8_t", "int16_t"}),
                 "scale": frozenset({"float"}), "offset": frozenset({"float"})},
    "TQUANT": {"dst": frozenset({"int8_t", "uint8_t"}), "src": frozenset({"float"})},
}
#: INT8 TQUANT: the result type each QuantType requires (every target's INT8 TQUANT_IMPL static_asserts it)
INT8_DST = {"INT8_SYM": "int8_t", "INT8_ASYM": "uint8_t"}
#: builtin -> operands that must be BLayout::RowMajor
ROW_MAJOR: dict[str, tuple[str, ...]] = {"TDEQUANT": ("dst", "src")}

DEQ_A2A3 = "include/pto/npu/a2a3/TDequant.hpp (TDequantCheck, TDequant, ApplyScaleAndOffset)"
DEQ_A5 = "include/pto/npu/a5/TDeQuant.hpp (TDeQuantCheck, TDeQuantImpl)"
DEQ_DOC = "docs/isa/TDEQUANT.md (Constraints)"
Q_A2A3 = "include/pto/npu/a2a3/TQuant.hpp (TQUANT_IMPL)"
Q_A5 = "include/pto/npu/a5/TQuant.hpp (TQUANT_IMPL, INT8 overloads)"
#: Kirin 9030's own TQuant.hpp (all three Kirins compile it): the INT8 forms' checks are A5's (src float32, INT8_SYM
#: int8, INT8_ASYM uint8); its MX form rejects every call
Q_KIRIN = "include/pto/npu/kirin9030/TQuant.hpp (TQUANT_IMPL, INT8 form)"
Q_KIRIN_MX = "include/pto/npu/kirin9030/TQuant.hpp (MX TQUANT_IMPL)"

# --- MX matmul tables --------------------------------------------------------------------------------------

_F4 = ("float4_e1m2x2_t", "float4_e2m1x2_t")
_F8 = ("float8_e4m3_t", "float8_e5m2_t")
#: accepted (C, A, B) element types of the MX forms (A5)
MX_TRIPLES = frozenset({("float", a, b) for a in _F4 for b in _F4} | {("float", a, b) for a in _F8 for b in _F8})
#: role -> (TileType, BLayout, SLayout) the MX forms require
MX_FRACTALS = {"c": ("Acc", "ColMajor", "RowMajor"), "a": ("Left", "ColMajor", "RowMajor"),
               "b": ("Right", "RowMajor", "ColMajor")}
MX_K_ALIGN = 64
L0C_BYTES = 256 * 1024
MX_INSTR = ("TMATMUL_MX", "TGEMV_MX")
MX_HDR = "include/pto/npu/a5/TMatmul.hpp (CheckMadMxValid, TMATMUL_MX_IMPL, TGEMV_MX_IMPL)"
MX_DOC = "docs/isa/TMATMUL_MX.md, TGEMV_MX.md (Constraints)"


def _quant_ops(ctx: Ctx) -> dict[str, TileView] | None:
    """role -> tile for TDEQUANT and the INT8 TQUANT forms (None for the MX TQUANT forms)."""
    roles = QUANT_TYPES[ctx.builtin]
    out = {r: ctx.tile(r) for r in roles}
    if out["dst"] is None or out["src"] is None or ctx.tile("scale") is None:
        return None
    if ctx.impl == "kirin9030" and ctx.tile("tmp") is not None:
        return None  # Kirin 9030's TQUANT_IMPL has no tmp form: what that call meets is not modelled
    return {r: t for r, t in out.items() if t is not None}


def _quant_types(ctx: Ctx) -> dict[str, frozenset[str]]:
    """role -> accepted element types of this call (TQUANT: dst by its QuantType when the call names one)."""
    types = QUANT_TYPES[ctx.builtin]
    qt = ctx.template_args.get("quant_type", "").rsplit("::", 1)[-1]
    want = INT8_DST.get(qt) if ctx.builtin == "TQUANT" else None
    return {**types, "dst": frozenset({want})} if want else types


def _quant_static_errors(ctx: Ctx, ops: dict[str, TileView]) -> bool:
    types = _quant_types(ctx)
    if any(t.dtype not in types[r] for r, t in ops.items()):
        return True
    return any(ops[r].blayout != "RowMajor" for r in ROW_MAJOR.get(ctx.builtin, ()))


@rule("PTO970", "quant-unsupported-dtype", instructions=tuple(QUANT_TYPES), fault="unsupported-dtype",
      own={"kirin9030": ("TQUANT",)},
      provenance=(Provenance("header-static", DEQ_A2A3 + "; " + DEQ_A5, "TDEQUANT: static_assert dst float, "
                             "src int8_t/int16_t, scale/offset float (A5: parameter type == dst type)"),
                  Provenance("header-static", Q_A2A3 + "; " + Q_A5, "TQUANT INT8 forms: static_assert src float32; "
                             "INT8_SYM -> int8_t, INT8_ASYM -> uint8_t"),
                  Provenance("header-static", Q_KIRIN, "Kirin 9030 / X90 / Dev0000 TQUANT INT8 forms: the same"),
                  Provenance("isa-doc", DEQ_DOC + "; docs/isa/TQUANT.md", "same types")))
def quant_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDEQUANT or INT8 TQUANT with an element type the implementation rejects.

    ## What it does
    TDEQUANT: dst must be float, src int8 or int16, scale and offset float. TQUANT with a scale tile
    (the INT8_SYM / INT8_ASYM forms): src must be float, dst int8 (symmetric) or uint8 (asymmetric).

    ## Why is this bad?
    Both targets reject other types with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 64> dst;  // dequantised values are float
    Tile<TileType::Vec, int8_t, 16, 64> src;
    Tile<TileType::Vec, float, 16, 8> scale, offset;
    TDEQUANT(dst, src, scale, offset);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dstF;
    TDEQUANT(dstF, src, scale, offset);
    TCVT(dst, dstF, RoundMode::CAST_RINT);
    ```
    """
    ops = _quant_ops(ctx)
    if ops is None:
        return None
    types = _quant_types(ctx)
    bad = [f"{r} `{_esc(t.text)}` is {t.dtype} (must be {' or '.join(sorted(types[r]))})"
           for r, t in ops.items() if t.dtype not in types[r]]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad))


@rule("PTO971", "tdequant-not-row-major", instructions=tuple(ROW_MAJOR), fault="unsupported-layout",
      provenance=(Provenance("header-static", DEQ_A2A3 + "; " + DEQ_A5, "static_assert TileDataDst::isRowMajor && "
                             "TileDataSrc::isRowMajor"),
                  Provenance("isa-doc", DEQ_DOC, "row-major layout")))
def tdequant_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TDEQUANT data tile is not row-major.

    ## What it does
    Checks that dst and src have `BLayout::RowMajor` (the scale/offset tiles may be column vectors).

    ## Why is this bad?
    Both targets reject other layouts with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 64, 16, BLayout::ColMajor> src;
    TDEQUANT(dst, src, scale, offset);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> src;  // row-major
    TDEQUANT(dst, src, scale, offset);
    ```
    """
    ops = _quant_ops(ctx)
    if ops is None:
        return None
    bad = [f"{r} `{_esc(ops[r].text)}` is BLayout::{ops[r].blayout}" for r in ROW_MAJOR[ctx.builtin]
           if ops[r].blayout != "RowMajor"]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + " (must be BLayout::RowMajor)")


@rule("PTO972", "tdequant-valid-shape-mismatch", instructions=("TDEQUANT",), fault="valid-region",
      provenance=(Provenance("header-runtime", DEQ_A2A3 + "; " + DEQ_A5, "PTO_ASSERT src valid shape == dst valid "
                             "shape (debug only); the conversion then runs over dst's valid region and reads src at "
                             "the same positions"),
                  Provenance("isa-doc", DEQ_DOC, "src valid shape must match dst's")))
def tdequant_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDEQUANT's source valid region is smaller than the destination's.

    ## What it does
    Compares `src.GetValidRow()/GetValidCol()` with dst's on the path reaching the call (dst not empty).

    ## Why is this bad?
    The equality is only a `PTO_ASSERT` (debug builds). A release build dequantises dst's whole valid
    region and reads the source beyond its valid region: stale integers become plausible-looking floats.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, float, 16, 64> dst;  // 16 valid rows
    TDEQUANT(dst, src, scale, offset);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    TDEQUANT(dst, src, scale, offset);
    ```
    """
    ops = _quant_ops(ctx)
    if ops is None or _quant_static_errors(ctx, ops):
        return None
    dst, src = ops["dst"], ops["src"]
    violated = z3.And(dst.valid_row > 0, dst.valid_col > 0,
                      z3.Or(src.valid_row < dst.valid_row, src.valid_col < dst.valid_col))
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            "src_validRow": src.valid_row, "src_validCol": src.valid_col}
    return Check(violated, f"TDEQUANT: src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}} is smaller "
                 f"than dst `{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}; release builds read src "
                 "outside its valid region", show)


@rule("PTO973", "tdequant-parameter-rows-short", instructions=("TDEQUANT",), fault="valid-region",
      provenance=(Provenance("header-runtime", DEQ_A5, "PTO_ASSERT scale/offset GetValidRow() == dst valid rows "
                             "(debug only); LoadScaleOffset reads one value per dst row"),
                  Provenance("header-runtime", DEQ_A2A3, "no check; ApplyScaleAndOffset reads scale/offset at "
                             "i * RowStride for every dst row i"),
                  Provenance("isa-doc", DEQ_DOC, "scale/offset hold one value per row")))
def tdequant_parameter_rows_short(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDEQUANT's scale or offset tile has fewer valid rows than dst.

    ## What it does
    Both targets read one scale and one offset per dst row (row i, column 0). The rule compares the
    parameter tiles' valid rows with dst's valid rows on the path reaching the call.

    ## Why is this bad?
    Rows of dst beyond the parameters' valid rows are dequantised with stale scale/offset values (or,
    past the parameter tile's storage, with whatever follows it in the Unified Buffer). A5 checks it
    only in debug builds, A2/A3 not at all.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 8, 8> scale, offset;  // per-row parameters for 8 rows
    Tile<TileType::Vec, float, 16, 64> dst;          // 16 rows
    TDEQUANT(dst, src, scale, offset);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1> scale, offset;  // one value per dst row
    TDEQUANT(dst, src, scale, offset);
    ```
    """
    ops = _quant_ops(ctx)
    if ops is None or _quant_static_errors(ctx, ops) or "offset" not in ops:
        return None
    dst, scale, offset = ops["dst"], ops["scale"], ops["offset"]
    violated = z3.And(dst.valid_row > 0, dst.valid_col > 0,
                      z3.Or(scale.valid_row < dst.valid_row, offset.valid_row < dst.valid_row))
    show = {"dst_validRow": dst.valid_row, "scale_validRow": scale.valid_row, "offset_validRow": offset.valid_row}
    return Check(violated, f"TDEQUANT: scale `{_esc(scale.text)}` ({{scale_validRow}} valid rows) / offset "
                 f"`{_esc(offset.text)}` ({{offset_validRow}} valid rows) do not cover dst's {{dst_validRow}} rows; "
                 "the rows beyond are dequantised with stale parameters", show)


@rule("PTO905", "tdequant-valid-shape-differs", instructions=("TDEQUANT",), fault="valid-region",
      provenance=(Provenance("header-runtime", DEQ_A2A3 + "; " + DEQ_A5, "PTO_ASSERT src valid rows and cols == "
                             "dst's (a5 also scale / offset GetValidRow() == dst's valid rows); release builds "
                             "dequantise dst's valid region and ignore the rest"),
                  Provenance("isa-doc", DEQ_DOC, "src valid shape must match dst's")))
def tdequant_valid_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TDEQUANT's source (A5: also a parameter tile) has a valid shape other than the one the header asserts,
    without missing anything a release build reads (that case is PTO972 / PTO973).

    ## What it does
    Compares src's valid rows and columns with dst's and, on A5, the scale and offset tiles' valid rows
    with dst's valid rows; reports a difference on a path where PTO972 and PTO973 do not already report
    the call (a larger source or parameter tile, or a difference with an empty dst).

    ## Why is this bad?
    The equalities are `PTO_ASSERT`s: a debug build traps at the call. A release build dequantises dst's
    valid region and silently ignores the source's (and the parameters') extra rows or columns.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> src;  // always 16 valid rows
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    TDEQUANT(dst, src, scale, offset);  // rows < 16: debug builds trap
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    TDEQUANT(dst, src, scale, offset);
    ```
    """
    ops = _quant_ops(ctx)
    if ops is None or _quant_static_errors(ctx, ops):
        return None
    dst, src = ops["dst"], ops["src"]
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    diffs = [] if src.text == dst.text else [src.valid_row != dst.valid_row, src.valid_col != dst.valid_col]
    covered = [z3.Not(z3.And(nonempty, z3.Or(src.valid_row < dst.valid_row, src.valid_col < dst.valid_col)))]
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            "src_validRow": src.valid_row, "src_validCol": src.valid_col}
    what = f"src `{_esc(src.text)}` {{src_validRow}}x{{src_validCol}}"
    params = [(n, ops[n]) for n in ("scale", "offset") if n in ops]
    if params:
        covered.append(z3.Not(z3.And(nonempty, z3.Or(*(p.valid_row < dst.valid_row for _, p in params)))))
        if ctx.a5:
            diffs += [p.valid_row != dst.valid_row for _, p in params]
            for n, p in params:
                show[f"{n}_validRow"] = p.valid_row
            what += ", " + ", ".join(f"{n} `{_esc(p.text)}` {{{n}_validRow}} rows" for n, p in params)
    if not diffs:
        return None
    return Check(z3.And(z3.Or(*diffs), *covered),
                 f"TDEQUANT: {what} vs dst `{_esc(dst.text)}` {{dst_validRow}}x{{dst_validCol}}: the header "
                 "PTO_ASSERTs them equal (debug builds trap); release builds dequantise dst's valid region and "
                 "ignore the rest", show)


# --- MX matmul -----------------------------------------------------------------------------------------------


def _mx_ops(ctx: Ctx) -> dict[str, TileView] | None:
    c = ctx.tile("cOutMatrix") or ctx.tile("cMatrix")
    a, b = ctx.tile("aMatrix"), ctx.tile("bMatrix")
    if c is None or a is None or b is None:
        return None
    out = {"c": c, "a": a, "b": b}
    if ctx.tile("biasData") is not None:
        out["bias"] = ctx.tile("biasData")
    return out


def mx_static_errors(ops: dict[str, TileView]) -> bool:
    """Whether A5 rejects the MX call at compile time (PTO974-PTO976): run-time rules then do not apply."""
    c, a, b, bias = ops["c"], ops["a"], ops["b"], ops.get("bias")
    fractal = any((ops[r].loc, ops[r].blayout, ops[r].slayout) != f for r, f in MX_FRACTALS.items())
    bias_bad = bias is not None and (bias.dtype != "float" or bias.loc != "Bias" or bias.rows != 1)
    return ((c.dtype, a.dtype, b.dtype) not in MX_TRIPLES or fractal or bias_bad or a.cols % MX_K_ALIGN != 0
            or c.rows * c.cols * 4 > L0C_BYTES)


@rule("PTO974", "mx-matmul-unsupported-dtype", instructions=MX_INSTR, fault="unsupported-dtype", targets=("a5",),
      provenance=(Provenance("header-static", MX_HDR, "static_assert (isFp4 || isFp8) && CType == float; bias "
                             "forms: static_assert TileBias::DType == float"),
                  Provenance("isa-doc", MX_DOC, "same triples; the doc also says CheckMadMxValid checks the scaling "
                             "tiles (float8_e8m0_t): the header never inspects TileLeftScale / TileRightScale, so "
                             "no rule is derived from that sentence")))
def mx_matmul_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMATMUL_MX / TGEMV_MX with an element-type combination A5 does not support.

    ## What it does
    The result tile must be float; the left and right operands both fp4 (`float4_e1m2x2_t` /
    `float4_e2m1x2_t`, any pairing) or both fp8 (`float8_e4m3_t` / `float8_e5m2_t`, any pairing); a bias
    tile must be float.

    ## Why is this bad?
    A5 rejects other combinations with a `static_assert`: the kernel does not compile. (Mixing an fp4
    with an fp8 operand, or int8/half operands, needs the plain TMATMUL.)

    ## Example
    ```cpp
    TileLeft<float8_e4m3_t, 16, 64> a;
    TileRight<float4_e2m1x2_t, 64, 16> b;  // fp8 x fp4
    TMATMUL_MX(c, a, aScale, b, bScale);
    ```

    ## Use instead
    ```cpp
    TileRight<float8_e5m2_t, 64, 16> b;
    TMATMUL_MX(c, a, aScale, b, bScale);
    ```
    """
    ops = _mx_ops(ctx)
    if ops is None:
        return None
    c, a, b = ops["c"], ops["a"], ops["b"]
    bad = []
    if (c.dtype, a.dtype, b.dtype) not in MX_TRIPLES:
        bad.append(f"(result, left, right) = ({c.dtype}, {a.dtype}, {b.dtype}) is not float from fp4 x fp4 or "
                   "fp8 x fp8")
    if "bias" in ops and ops["bias"].dtype != "float":
        bad.append(f"bias `{_esc(ops['bias'].text)}` is {ops['bias'].dtype} (must be float)")
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad))


@rule("PTO975", "mx-matmul-operand-layout", instructions=MX_INSTR, fault="unsupported-layout", targets=("a5",),
      provenance=(Provenance("header-static", MX_HDR, "static_assert Left: Loc Left, !isRowMajor, SFractal "
                             "RowMajor; Right: Loc Right, isRowMajor, SFractal ColMajor; Res: Loc Acc, !isRowMajor, "
                             "SFractal RowMajor; bias: Loc Bias and Rows == 1"),
                  Provenance("isa-doc", MX_DOC, "Left / Right / Acc tiles in the cube fractal layouts")))
def mx_matmul_operand_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TMATMUL_MX / TGEMV_MX operand is not in the cube buffer and fractal layout A5 requires.

    ## What it does
    Left operand: `TileType::Left`, `BLayout::ColMajor`, `SLayout::RowMajor`. Right operand:
    `TileType::Right`, `BLayout::RowMajor`, `SLayout::ColMajor`. Result: `TileType::Acc`,
    `BLayout::ColMajor`, `SLayout::RowMajor`. A bias tile must be a single-row `TileType::Bias` tile.

    ## Why is this bad?
    A5 rejects anything else with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float8_e4m3_t, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor> a;  // still in L1
    TMATMUL_MX(c, a, aScale, b, bScale);
    ```

    ## Use instead
    ```cpp
    TileLeft<float8_e4m3_t, 16, 64> aL;
    TMOV(aL, a);
    TMATMUL_MX(c, aL, aScale, b, bScale);
    ```
    """
    ops = _mx_ops(ctx)
    if ops is None:
        return None
    bad = []
    for role, (loc, bl, sl) in MX_FRACTALS.items():
        t = ops[role]
        if (t.loc, t.blayout, t.slayout) != (loc, bl, sl):
            bad.append(f"`{_esc(t.text)}` is TileType::{t.loc} BLayout::{t.blayout} SLayout::{t.slayout} (must be "
                       f"TileType::{loc} BLayout::{bl} SLayout::{sl})")
    bias = ops.get("bias")
    if bias is not None and (bias.loc != "Bias" or bias.rows != 1):
        bad.append(f"bias `{_esc(bias.text)}` is TileType::{bias.loc} with {bias.rows} rows (must be a single-row "
                   "TileType::Bias tile)")
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad))


@rule("PTO976", "mx-matmul-static-shape", instructions=MX_INSTR, fault="size-mismatch", targets=("a5",),
      provenance=(Provenance("header-static", MX_HDR, "static_assert TileLeft::Cols % 64 == 0; static_assert "
                             "Rows * Cols * sizeof(float) of the result tile <= PTO_L0C_SIZE_BYTES (256 KiB)"),
                  Provenance("isa-doc", MX_DOC, "K a multiple of the 64-element MX block (32-element scale groups "
                             "in pairs)")))
def mx_matmul_static_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMATMUL_MX / TGEMV_MX tile shapes A5 rejects at compile time.

    ## What it does
    The left tile's column count (K) must be a multiple of 64, and the result tile must fit in L0C
    (rows x cols x 4 bytes <= 256 KiB).

    ## Why is this bad?
    A5 rejects other shapes with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    TileLeft<float8_e4m3_t, 16, 96> a;  // K = 96 is not a multiple of 64
    TMATMUL_MX(c, a, aScale, b, bScale);
    ```

    ## Use instead
    ```cpp
    TileLeft<float8_e4m3_t, 16, 128, 16, 96> a;  // pad K to 128, 96 valid columns
    TMATMUL_MX(c, a, aScale, b, bScale);
    ```
    """
    ops = _mx_ops(ctx)
    if ops is None:
        return None
    a, c = ops["a"], ops["c"]
    bad = []
    if a.cols % MX_K_ALIGN:
        bad.append(f"left tile `{_esc(a.text)}` has {a.cols} columns (must be a multiple of {MX_K_ALIGN})")
    if c.rows * c.cols * 4 > L0C_BYTES:
        bad.append(f"result tile `{_esc(c.text)}` {c.rows}x{c.cols} float needs {c.rows * c.cols * 4} bytes of L0C "
                   f"(capacity {L0C_BYTES})")
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad))


#: the grp_axis form's MxQuantAlg (by name or value) -> the QuantType A5's TQUANT_IMPL derives from it (every
#: algorithm that is not an fp8 one is MXFP4_E2M1 there)
MX_ALG_QUANT = {"OcpMxFp8E4M3": "MXFP8", "NvMxFp8E4M3": "MXFP8", "OcpMxFp4E2M1": "MXFP4_E2M1",
                "NvMxFp4E2M1": "MXFP4_E2M1", "Hif4": "MXFP4_E2M1", "0": "MXFP8", "1": "MXFP8", "2": "MXFP4_E2M1",
                "3": "MXFP4_E2M1", "4": "MXFP4_E2M1"}
#: targets whose TQUANT_IMPL gives MxQuantAlg::Hif4 its own path (a6/TQuant.hpp, CheckTQuantHif4Types): target ->
#: (src type, dst type, the only grp_axis); elsewhere (A5) Hif4 is decoded as MXFP4_E2M1
HIF4: dict[str, tuple[str, str, str]] = {"a6": ("bfloat16_t", "float4_e1m2x2_t", "1")}
#: targets whose TQuant.hpp has no TQUANT<grp_axis, mx_alg, interleave> overload (a6): PTO966 / PTO967 say nothing
#: about the interleave argument there
NO_INTERLEAVE = ("a6",)
Q_HIF4_A6 = "include/pto/npu/a6/TQuant.hpp (TQUANT_IMPL grp_axis / mx_alg overload, CheckTQuantHif4Types)"
#: MX TQUANT (A5): quant_type -> (accepted src types, required dst type or None)
MX_QUANT = {"MXFP8": (frozenset({"float", "bfloat16_t", "half"}), None),
            "MXFP4_E2M1": (frozenset({"half", "bfloat16_t"}), "float4_e2m1x2_t")}
Q_MX_A5 = "include/pto/npu/a5/TQuant.hpp (MX TQUANT_IMPL, CheckTQuantMxTypes)"


@rule("PTO977", "tquant-mx-unsupported-dtype", instructions=("TQUANT",), fault="unsupported-dtype", targets=("a5",),
      provenance=(Provenance("header-static", Q_MX_A5, "static_assert quant_type MXFP8 or MXFP4_E2M1; MXFP8: src "
                             "float32, bfloat16 or half; MXFP4_E2M1: src half or bfloat16, dst float4_e2m1x2_t; the "
                             "grp_axis / mx_alg TQUANT_IMPL derives quant_type from mx_alg and runs the same checks "
                             "(CheckTQuantMxTypes)"),
                  Provenance("header-static", Q_HIF4_A6, "a6: MxQuantAlg::Hif4 has its own path: "
                             "CheckTQuantHif4Types static_asserts a bfloat16 source and a float4_e1m2x2_t result (A5 "
                             "decodes Hif4 as MXFP4_E2M1)"),
                  Provenance("isa-doc", "docs/isa/TQUANT.md", "MX formats and their input types"),
                  Provenance("header-static", Q_KIRIN_MX, "the Kirins (their header.hpp includes this file): the MX "
                             "TQUANT_IMPL<quant_type, ...>(dst, src, exp, max, scaling) static_asserts "
                             "sizeof(DType) == 0 ('does not support MX data type'); there is no grp_axis / mx_alg "
                             "TQUANT_IMPL, so those forms do not compile either"),
                  Provenance("header-static", "include/pto/common/pto_instr.hpp (MX TQUANT wrappers)",
                             "disagrees: declares the MX TQUANT forms under `#if` PTO_NPU_ARCH_A5 || A6 || KIRIN9030 "
                             "(Kirin 9030 gets wrappers whose TQUANT_IMPL rejects them; the quant_type wrapper passes "
                             "scale_alg as the second template argument, which the Kirin TQUANT_IMPL does not take); "
                             "Kirin X90 / Dev0000 get no MX wrapper at all (the model declares them there: "
                             "reported here, as on Kirin 9030)")),
      own={"kirin9030": ("TQUANT",)})
def tquant_mx_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: an MX TQUANT (exponent / max / scaling outputs) with a format or element type it rejects.

    ## What it does
    On the Kirins (Kirin 9030's TQuant.hpp) every MX TQUANT is rejected, whatever its format and types. On A5,
    for `TQUANT<quant_type, ...>(dst, src, &exp, &max, &scaling)`: the format must be `MXFP8` or
    `MXFP4_E2M1`; MXFP8 quantises float, bfloat16 or half sources; MXFP4_E2M1 quantises half or bfloat16
    sources into a `float4_e2m1x2_t` tile. The `TQUANT<grp_axis, mx_alg[, interleave]>` form derives the
    format from the `MxQuantAlg` (the two fp8 algorithms MXFP8, every other one MXFP4_E2M1) and checks the
    same types, except A6's `MxQuantAlg::Hif4`, which quantises bfloat16 into `float4_e1m2x2_t`.

    ## Why is this bad?
    The MX implementation rejects anything else with a `static_assert`: the kernel does not compile (on the Kirins
    any MX call).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 32, 64> src;
    Tile<TileType::Vec, float4_e2m1x2_t, 32, 32> dst;
    TQUANT<QuantType::MXFP4_E2M1, ...>(dst, src, &exp, &max, &scaling);  // fp4 needs a 16-bit source
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 32, 64> srcH;
    TCVT(srcH, src, RoundMode::CAST_RINT);
    TQUANT<QuantType::MXFP4_E2M1, ...>(dst, srcH, &exp, &max, &scaling);
    ```
    """
    dst, src, qt = ctx.tile("dst"), ctx.tile("src"), ctx.template_args.get("quant_type", "")
    if ctx.impl == "kirin9030":  # Kirin 9030's TQuant.hpp, every Kirin: no MX TQUANT compiles
        if dst is None or src is None or ctx.tile("exp") is None or "store_mode" in ctx.template_args:
            return None  # the INT8 forms are PTO970's, the exp_zz NZ-store form PTO010's
        return Check(ctx.static(True), f"TQUANT MX form on {ctx.target}: Kirin 9030's TQuant.hpp rejects every MX "
                     "TQUANT (static_assert 'does not support MX data type')")
    if _hif4(ctx) and dst is not None and src is not None and ctx.tile("exp") is not None:
        want_src, want_dst, _ = HIF4[ctx.target]
        bad = [f"{r} `{_esc(t.text)}` is {t.dtype} (must be {w})" for r, t, w in (("src", src, want_src),
                                                                                  ("dst", dst, want_dst))
               if t.dtype != w]
        return Check(ctx.static(bool(bad)), "TQUANT HiF4: " + "; ".join(bad) + " (static_assert)")
    if not qt and "mx_alg" in ctx.template_args:
        qt = MX_ALG_QUANT.get(ctx.template_args["mx_alg"], "")  # the grp_axis form derives it from the MxQuantAlg
    if dst is None or src is None or ctx.tile("exp") is None or not qt:
        return None
    if qt not in MX_QUANT:
        return Check(ctx.static(True), f"TQUANT MX form with QuantType::{qt}: only MXFP8 and MXFP4_E2M1 are MX "
                     "formats (static_assert)")
    srcs, out = MX_QUANT[qt]
    bad = []
    if src.dtype not in srcs:
        bad.append(f"src `{_esc(src.text)}` is {src.dtype} (must be {' or '.join(sorted(srcs))})")
    if out is not None and dst.dtype != out:
        bad.append(f"dst `{_esc(dst.text)}` is {dst.dtype} (must be {out})")
    return Check(ctx.static(bool(bad)), f"TQUANT {qt}: " + "; ".join(bad) + " (static_assert)")


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


Q_MX_GRP = "include/pto/npu/a5/TQuant.hpp (TQUANT_IMPL, grp_axis / mx_alg / interleave overload)"
#: the DN interleaved exponent layout: rows of source in groups of 64, exponent columns padded to 32
MX_DN_ROWS = 64
MX_DN_COL_ALIGN = 32


def _grp_form(ctx: Ctx) -> tuple[str, bool] | None:
    """(grp_axis as written, interleave) of a TQUANT<grp_axis, mx_alg[, interleave]> call with its tiles."""
    args = ctx.template_args
    if "grp_axis" not in args or ctx.tile("dst") is None or ctx.tile("src") is None or ctx.tile("exp") is None:
        return None
    return args["grp_axis"], args.get("interleave", "false") in ("true", "1")


def _hif4(ctx: Ctx) -> bool:
    """A grp_axis-form call with MxQuantAlg::Hif4 on a target that gives it its own path."""
    return ctx.target in HIF4 and ctx.template_args.get("mx_alg") in ("Hif4", "4")


def _grp_types_ok(ctx: Ctx) -> bool:
    qt = MX_ALG_QUANT.get(ctx.template_args.get("mx_alg", ""))
    if qt is None:
        return False
    srcs, out = MX_QUANT[qt]
    dst, src = ctx.tile("dst"), ctx.tile("src")
    return src.dtype in srcs and (out is None or dst.dtype == out)


@rule("PTO966", "tquant-mx-group-axis", instructions=("TQUANT",), fault="unsupported-layout", targets=("a5",),
      provenance=(Provenance("header-static", Q_MX_GRP, "else branch of if constexpr (grp_axis == 0): static_assert "
                             "grp_axis == 1 and static_assert !interleave"),
                  Provenance("header-static", Q_HIF4_A6, "a6: the same grp_axis == 1 in the MX branch; the Hif4 "
                             "branch static_asserts grp_axis == 1 (ND only); A6 has no interleave overload"),
                  Provenance("isa-doc", "docs/isa/TQUANT.md", "grp_axis 0 = DN (axis-0 groups), 1 = ND (axis-1 "
                             "groups); the doc does not mention the interleave argument (the header's overload is "
                             "modelled)")))
def tquant_mx_group_axis(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: an MX TQUANT with a group axis other than 0 or 1, or an interleaved exponent on the ND axis.

    ## What it does
    For `TQUANT<grp_axis, mx_alg[, interleave]>(dst, src, &exp, &max, &scaling)`: `grp_axis` must be 0
    (groups of 32 along the columns, DN) or 1 (along the rows, ND), and `interleave = true` (the exponents
    written as [group pair, column, group in pair]) exists for `grp_axis == 0` only. On A6,
    `MxQuantAlg::Hif4` (HiFloat4) groups along the rows only: `grp_axis` must be 1.

    ## Why is this bad?
    Both are `static_assert`s in the ND branch of A5's implementation: the kernel does not compile.

    ## Example
    ```cpp
    TQUANT<1, MxQuantAlg::OcpMxFp8E4M3, true>(dst, src, &exp, &max, &scaling);  // interleave on ND
    ```

    ## Use instead
    ```cpp
    TQUANT<0, MxQuantAlg::OcpMxFp8E4M3, true>(dst, src, &exp, &max, &scaling);  // DN groups, interleaved
    TQUANT<1, MxQuantAlg::OcpMxFp8E4M3>(dst, src, &exp, &max, &scaling);        // ND groups
    ```
    """
    form = _grp_form(ctx)
    if form is None:
        return None
    axis, interleave = form
    bad = []
    if _hif4(ctx) and axis != HIF4[ctx.target][2]:
        bad.append(f"MxQuantAlg::Hif4 groups along grp_axis {HIF4[ctx.target][2]} only (ND), not {axis}")
    elif axis not in ("0", "1"):
        bad.append(f"grp_axis is {axis} (must be 0 for DN or 1 for ND)")
    elif axis == "1" and interleave and ctx.target not in NO_INTERLEAVE:
        bad.append("interleave = true needs grp_axis 0 (the ND form has no interleaved exponent)")
    return Check(ctx.static(bool(bad)), "TQUANT MX: " + "; ".join(bad) + " (static_assert)")


@rule("PTO967", "tquant-mx-dn-interleave-shape", instructions=("TQUANT",), fault="valid-region", targets=("a5",),
      provenance=(Provenance("header-static", Q_MX_GRP, "grp_axis 0 with interleave: static_assert "
                             "TileDataSrc::Rows % 64 == 0 and the exponent tile's static shape [ceil(Rows / 64), "
                             "align32(2 * Cols)]"),
                  Provenance("header-runtime", Q_MX_GRP, "PTO_ASSERT src.GetValidRow() % 64 == 0 and the exponent's "
                             "valid shape [ceil(validRow / 64), 2 * validCol] (debug builds only); release builds "
                             "write the exponents for the source's valid region whatever the exponent tile's valid "
                             "region says"),
                  Provenance("isa-doc", "docs/isa/TQUANT.md", "not documented: the doc has no interleave form; its "
                             "DN constraint M % 32 == 0 is not asserted by the header (not modelled)")))
def tquant_mx_dn_interleave_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: a DN interleaved MX TQUANT whose source rows are not in 64s or whose exponent tile has the wrong shape.

    ## What it does
    For `TQUANT<0, mx_alg, true>(dst, src, &exp, &max, &scaling)` (column groups, interleaved exponents):
    the source tile's static rows must be a multiple of 64 and the exponent tile must be declared
    `[ceil(Rows / 64), align32(2 * Cols)]` of the source; at run time the source's valid rows must be a
    multiple of 64 and the exponent's valid region `[ceil(validRow / 64), 2 * validCol]`.

    ## Why is this bad?
    The static shapes are `static_assert`s: the kernel does not compile. The valid shapes are `PTO_ASSERT`s:
    debug builds trap; release builds quantise the source's valid region and write its exponents regardless
    of the exponent tile's valid region, which then describes data that is not there (or misses some).

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 64, 32, BLayout::RowMajor, DYNAMIC, 32> src(rows);  // rows = 40: not in 64s
    TQUANT<0, MxQuantAlg::OcpMxFp8E4M3, true>(dst, src, &exp, &max, &scaling);
    ```

    ## Use instead
    ```cpp
    // pad the tail block to 64 rows (or quantise it with the non-interleaved DN form)
    TQUANT<0, MxQuantAlg::OcpMxFp8E4M3>(dst, src, &exp, &max, &scaling);
    ```
    """
    form = _grp_form(ctx)
    if form is None or form != ("0", True) or ctx.target in NO_INTERLEAVE or not _grp_types_ok(ctx):
        return None
    src, exp = ctx.tile("src"), ctx.tile("exp")
    exp_name = exp.text.lstrip("& ")
    want_r = (src.rows + MX_DN_ROWS - 1) // MX_DN_ROWS
    want_c = (src.cols * 2 + MX_DN_COL_ALIGN - 1) // MX_DN_COL_ALIGN * MX_DN_COL_ALIGN
    bad = []
    if src.rows % MX_DN_ROWS:
        bad.append(f"src `{_esc(src.text)}` has {src.rows} rows (must be a multiple of {MX_DN_ROWS})")
    if (exp.rows, exp.cols) != (want_r, want_c):
        bad.append(f"exp `{_esc(exp_name)}` is declared {exp.rows}x{exp.cols} (must be {want_r}x{want_c})")
    if bad:
        return Check(ctx.static(True), "TQUANT MX DN interleave: " + "; ".join(bad) + " (static_assert)")
    vr, vc = src.valid_row, src.valid_col
    need_r = (vr + MX_DN_ROWS - 1) / MX_DN_ROWS
    violated = z3.Or(vr % MX_DN_ROWS != 0, exp.valid_row != need_r, exp.valid_col != vc * 2)
    return Check(violated, f"TQUANT MX DN interleave (run time): src `{_esc(src.text)}` has {{src_validRow}} valid "
                 f"rows (a multiple of {MX_DN_ROWS} needed) and {{src_validCol}} valid columns; exp `{_esc(exp_name)}` "
                 "has valid region {exp_validRow}x{exp_validCol} (needs [ceil(validRow / 64), 2 * validCol]); "
                 "release builds write exponents the exponent tile's valid region does not describe",
                 {"src_validRow": vr, "src_validCol": vc, "exp_validRow": exp.valid_row,
                  "exp_validCol": exp.valid_col})

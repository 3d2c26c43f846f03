"""Cube-unit matrix multiply (PTO910..): TMATMUL, TMATMUL_ACC, TMATMUL_BIAS, TGEMV, TGEMV_ACC, TGEMV_BIAS.

Modelled on a2a3/TMatmul.hpp and a5/TMatmul.hpp. Parameter names (model header): cMatrix | cOutMatrix,
cInMatrix (the 4-tile _ACC forms), aMatrix, bMatrix, biasData. One table (`MATMUL`) describes the operand
roles of every builtin; one table per target (`TRIPLES`) the (C, A, B) element types the target accepts.

What the targets do (both): m = aMatrix.GetValidRow(), k = aMatrix.GetValidCol(), n = bMatrix.GetValidCol()
for the TMATMUL forms; TGEMV uses m = 1, k = bMatrix.GetValidRow(), n = bMatrix.GetValidCol(). Only the
operand element types, locations, (A5) fractal layouts and the bias tile are static_asserts; nothing checks
that the operands' shapes agree (docs/isa/TMATMUL.md lists `TileLeft::Cols == TileRight::Rows` etc. as
"static shape constraints": the headers do not implement them). The 4-tile _ACC forms pass only
cOutMatrix's address to the hardware: cInMatrix is never read.
"""

from __future__ import annotations

from ptolint.rules.quant import MX_INSTR, mx_static_errors

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

#: builtin -> operand roles (parameter names of the model header) and whether it is the GEMV (m = 1) form
MATMUL: dict[str, dict] = {
    "TMATMUL": {"gemv": False, "bias": False, "acc": False},
    "TMATMUL_ACC": {"gemv": False, "bias": False, "acc": True},
    "TMATMUL_BIAS": {"gemv": False, "bias": True, "acc": False},
    "TGEMV": {"gemv": True, "bias": False, "acc": False},
    "TGEMV_ACC": {"gemv": True, "bias": False, "acc": True},
    "TGEMV_BIAS": {"gemv": True, "bias": True, "acc": False},
}
INSTR = tuple(MATMUL)

_FP8 = ("float8_e4m3_t", "float8_e5m2_t")
#: target -> accepted (C, A, B) element type triples
TRIPLES: dict[str, frozenset[tuple[str, str, str]]] = {
    "a2a3": frozenset({("int32_t", "int8_t", "int8_t"), ("float", "half", "half"), ("float", "float", "float"),
                       ("float", "bfloat16_t", "bfloat16_t")}),
    "a5": frozenset({("int32_t", "int8_t", "int8_t"), ("float", "half", "half"), ("float", "bfloat16_t", "bfloat16_t"),
                     ("float", "float", "float"), ("float", "hifloat8_t", "hifloat8_t")}
                    | {("float", a, b) for a in _FP8 for b in _FP8}),
    # kirin9030/TMatmul.hpp CheckMadValid (all three Kirins): a half accumulator of half x half, int32 of int8 x int8
    "kirin9030": frozenset({("half", "half", "half"), ("int32_t", "int8_t", "int8_t")}),
}
KIRIN = "kirin9030"
#: the own files whose facts the tables hold (ptolint/own_impls.py keys), per builtin
OWN = {KIRIN: INSTR}

#: role -> (required TileType, A5 fractal: (BLayout, SLayout))
LOCATIONS = {"c": ("Acc", ("ColMajor", "RowMajor")), "a": ("Left", ("ColMajor", "RowMajor")),
             "b": ("Right", ("RowMajor", "ColMajor"))}

A2A3_HDR = "include/pto/npu/a2a3/TMatmul.hpp (CheckStaticMad, TMATMUL*_IMPL, TGEMV*_IMPL)"
A5_HDR = "include/pto/npu/a5/TMatmul.hpp (CheckMadValid, TMATMUL*_IMPL, TGEMV*_IMPL)"
K_HDR = "include/pto/npu/kirin9030/TMatmul.hpp (CheckMadValid, TMATMUL*_IMPL, TGEMV*_IMPL)"
DOC = "docs/isa/TMATMUL.md, TMATMUL_ACC.md, TMATMUL_BIAS.md, TGEMV*.md (Constraints)"


def _ops(ctx: Ctx) -> dict[str, TileView] | None:
    """role -> tile: c (result), a (Left), b (Right), and cin / bias when the form has them."""
    c = ctx.tile("cOutMatrix") or ctx.tile("cMatrix")
    a, b = ctx.tile("aMatrix"), ctx.tile("bMatrix")
    if c is None or a is None or b is None:
        return None
    out = {"c": c, "a": a, "b": b}
    cin, bias = ctx.tile("cInMatrix"), ctx.tile("biasData")
    if cin is not None:
        out["cin"] = cin
    if bias is not None:
        out["bias"] = bias
    return out


def _locations_checked(ctx: Ctx) -> bool:
    """The build checks the operand locations: A2/A3, A5, and Kirin 9030's TMatmul.hpp compiled for Kirin 9030 or
    Kirin X90 (its `#if`s; the Kirin Dev0000 build checks none)."""
    return ctx.impl != KIRIN or ctx.target in ("kirin9030", "kirinx90")


def _fractal_checked(ctx: Ctx) -> bool:
    """The build checks the cube fractals: A5, and Kirin 9030's TMatmul.hpp compiled for Kirin 9030 itself."""
    return ctx.a5 or (ctx.impl == KIRIN and ctx.target == "kirin9030")


def _bias_dtype_checked(ctx: Ctx) -> bool:
    """The bias type is compared: everywhere but TMATMUL_BIAS of Kirin 9030's file outside Kirin 9030."""
    return not (ctx.impl == KIRIN and ctx.builtin == "TMATMUL_BIAS" and ctx.target != "kirin9030")


def _static_errors(ctx: Ctx, ops: dict[str, TileView]) -> bool:
    """Whether the target's static_asserts reject the call (then run-time rules do not apply)."""
    return bool(_dtype_problem(ctx, ops) or (_locations_checked(ctx) and _location_problems(ops))
                or _layout_problems(ctx, ops) or (_bias_dtype_checked(ctx) and _bias_dtype_problem(ops))
                or _bias_shape_problems(ctx, ops))


def _dtype_problem(ctx: Ctx, ops: dict[str, TileView]) -> str:
    c, a, b = ops["c"].dtype, ops["a"].dtype, ops["b"].dtype
    if (c, a, b) in TRIPLES[ctx.impl]:
        return ""
    return f"(C, A, B) = ({c}, {a}, {b})"


def _location_problems(ops: dict[str, TileView]) -> list[str]:
    return [f"{r} `{ops[r].text}` is TileType::{ops[r].loc} (must be {loc})"
            for r, (loc, _) in LOCATIONS.items() if ops[r].loc != loc]


def _layout_problems(ctx: Ctx, ops: dict[str, TileView]) -> list[str]:
    if not _fractal_checked(ctx):
        return []
    out = []
    for r, (loc, (bl, sl)) in LOCATIONS.items():
        t = ops[r]
        if t.loc == loc and (t.blayout != bl or t.slayout != sl):
            out.append(f"{loc} tile `{t.text}` is BLayout::{t.blayout}/SLayout::{t.slayout} "
                       f"(must be BLayout::{bl}/SLayout::{sl})")
    return out


def _bias_dtype_problem(ops: dict[str, TileView]) -> str:
    bias = ops.get("bias")
    if bias is None or bias.dtype == ops["c"].dtype:
        return ""
    return f"bias `{bias.text}` is {bias.dtype} but the result `{ops['c'].text}` is {ops['c'].dtype}"


def _bias_shape_problems(ctx: Ctx, ops: dict[str, TileView]) -> list[str]:
    bias = ops.get("bias")
    if bias is None:
        return []
    out = []
    if bias.loc != "Bias":
        out.append(f"TileType::{bias.loc} (must be Bias)")
    if bias.rows != 1:
        out.append(f"{bias.rows} rows (must be 1)")
    if (ctx.a5 or ctx.impl == KIRIN) and ctx.builtin == "TMATMUL_BIAS" and bias.blayout != "RowMajor":
        out.append(f"BLayout::{bias.blayout} ({ctx.target} TMATMUL_BIAS needs RowMajor)")
    return out


def _dims(ctx: Ctx, ops: dict[str, TileView]) -> tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]:
    """(m, k, n) as the target computes them."""
    a, b = ops["a"], ops["b"]
    if MATMUL[ctx.builtin]["gemv"]:
        return z3.IntVal(1), b.valid_row, b.valid_col
    return a.valid_row, a.valid_col, b.valid_col


@rule("PTO910", "matmul-unsupported-dtype", own=OWN, instructions=INSTR, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2A3_HDR, "static_assert (C, A, B) in {(int32, int8, int8), "
                             "(float, half, half), (float, float, float), (float, bfloat16, bfloat16)}"),
                  Provenance("header-static", A5_HDR, "static_assert C in {int32, float}; int32 needs int8 x int8; "
                             "float needs half x half, bf16 x bf16, float x float, fp8 (e4m3/e5m2, any pair) or "
                             "hifloat8 x hifloat8"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / X90 / Dev0000: C half needs half x half, C int32 "
                             "int8 x int8, no other C (TMatmul / TMatmulBias reject it again)"),
                  Provenance("isa-doc", DOC, "same triples")))
def matmul_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Matrix multiply with an element-type combination the target does not support.

    ## What it does
    Checks the (result, left, right) element types of TMATMUL, TMATMUL_ACC, TMATMUL_BIAS, TGEMV,
    TGEMV_ACC and TGEMV_BIAS against the target's list: A2/A3 accepts (int32, int8, int8),
    (float, half, half), (float, float, float) and (float, bfloat16, bfloat16); A5 also accepts
    float results from fp8 (e4m3/e5m2 in any pairing) and hifloat8 x hifloat8. The Kirins (Kirin 9030's
    TMatmul.hpp, which Kirin X90 and Dev0000 compile too) accept only (half, half, half) and
    (int32, int8, int8): no float accumulator.

    ## Why is this bad?
    The implementation rejects the combination with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    TileLeft<half, 16, 32> a;
    TileRight<half, 32, 16> b;
    TileAcc<half, 16, 16> c;  // the cube unit accumulates half inputs in float
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    TileAcc<float, 16, 16> c;
    TMATMUL(c, a, b);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    what = _dtype_problem(ctx, ops)
    return Check(ctx.static(bool(what)), f"{ctx.builtin}: element types {what} are not supported on {ctx.target}")


@rule("PTO911", "matmul-operand-location", own=OWN, instructions=INSTR, fault="unsupported-path",
      provenance=(Provenance("header-static", A2A3_HDR + "; " + A5_HDR, "static_assert TileLeft::Loc == Left, "
                             "TileRight::Loc == Right, TileRes::Loc == Acc"),
                  Provenance("header-static", K_HDR, "CheckMadValid: the same on Kirin 9030 (with the fractals) and "
                             "Kirin X90 (three asserts); the Kirin Dev0000 build checks no location (not checked)"),
                  Provenance("isa-doc", DOC, "Tile locations: Left, Right, Acc")))
def matmul_operand_location(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A matrix-multiply operand is not in the cube unit's buffer for its role.

    ## What it does
    Checks that the left operand is a `TileType::Left` tile (L0A), the right operand a `TileType::Right`
    tile (L0B) and the result (and accumulator) a `TileType::Acc` tile (L0C). Kirin 9030 and Kirin X90
    check it too; the Kirin Dev0000 build of the same file checks no location (not checked there).

    ## Why is this bad?
    The cube unit reads only L0A/L0B and writes only L0C; both targets reject other locations with a
    `static_assert`.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 16, 32> a;  // still in L1
    TileRight<half, 32, 16> b;
    TileAcc<float, 16, 16> c;
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 16, 32> aL;
    TMOV(aL, a);  // L1 -> L0A
    TMATMUL(c, aL, b);
    ```
    """
    ops = _ops(ctx)
    if ops is None or not _locations_checked(ctx):
        return None
    bad = _location_problems(ops)
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad))


@rule("PTO912", "matmul-operand-fractal", own=OWN, instructions=INSTR, fault="unsupported-layout", targets=("a5",),
      provenance=(Provenance("header-static", A5_HDR, "CheckMadValid: static_assert Left !isRowMajor && SFractal "
                             "RowMajor; Right isRowMajor && SFractal ColMajor; Acc !isRowMajor && SFractal RowMajor "
                             "('Non-conforming matrix fractal')"),
                  Provenance("header-static", A2A3_HDR, "no layout check on A2/A3"),
                  Provenance("header-static", K_HDR, "Kirin 9030 only (#if PTO_NPU_ARCH_KIRIN9030): A5's fractals in "
                             "the same assert as the locations; Kirin X90 / Dev0000 builds: no fractal check"),
                  Provenance("isa-doc", DOC, "Fractal/layout constraints are enforced (A5)")))
def matmul_operand_fractal(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: a matrix-multiply operand does not have the fractal layout the cube unit needs.

    ## What it does
    On A5 the Left tile must be `BLayout::ColMajor` with `SLayout::RowMajor` (zZ), the Right tile
    `BLayout::RowMajor` with `SLayout::ColMajor` (nZ... zN) and the Acc tile `BLayout::ColMajor` with
    `SLayout::RowMajor`. The `TileLeft`, `TileRight` and `TileAcc` aliases already have these layouts
    on A5. Kirin 9030 asserts the same fractals (its file's Kirin X90 / Dev0000 builds do not).

    ## Why is this bad?
    A5 rejects any other layout with a `static_assert` ("Non-conforming matrix fractal").

    ## Example
    ```cpp
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> a;
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 16, 32> a;
    TMATMUL(c, a, b);
    ```
    """
    ops = _ops(ctx)
    if ops is None or _location_problems(ops) or not _fractal_checked(ctx):
        return None
    bad = _layout_problems(ctx, ops)
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad))


@rule("PTO913", "matmul-bias-dtype", own=OWN, instructions=("TMATMUL_BIAS", "TGEMV_BIAS"), fault="dtype-mismatch",
      provenance=(Provenance("header-static", A2A3_HDR + "; " + A5_HDR, "static_assert TileRes::DType == "
                             "TileBias::DType ('No supported bias data type.')"),
                  Provenance("isa-doc", "docs/isa/TMATMUL_BIAS.md", "bias type equals the result type"),
                  Provenance("header-static", K_HDR, "TGEMV_BIAS on every Kirin; TMATMUL_BIAS only in the Kirin 9030 "
                             "build (#if PTO_NPU_ARCH_KIRIN9030): not checked on Kirin X90 / Dev0000")))
def matmul_bias_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The bias tile's element type differs from the result tile's.

    ## What it does
    Compares the element types of `biasData` and the Acc result of TMATMUL_BIAS / TGEMV_BIAS (on Kirin
    X90 and Dev0000 TGEMV_BIAS only: their build of Kirin 9030's TMatmul.hpp compares TMATMUL_BIAS's on
    Kirin 9030 alone).

    ## Why is this bad?
    Both targets reject the call with a `static_assert`: the bias table is added in the accumulator's type.

    ## Example
    ```cpp
    Tile<TileType::Bias, half, 1, 16> bias;
    TileAcc<float, 16, 16> c;
    TMATMUL_BIAS(c, a, b, bias);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Bias, float, 1, 16> bias;  // TMOV from a half Mat tile converts to float
    TMATMUL_BIAS(c, a, b, bias);
    ```
    """
    ops = _ops(ctx)
    if ops is None or "bias" not in ops or not _bias_dtype_checked(ctx):
        return None
    what = _bias_dtype_problem(ops)
    return Check(ctx.static(bool(what)), f"{ctx.builtin}: {what}")


@rule("PTO914", "matmul-bias-shape", own=OWN, instructions=("TMATMUL_BIAS", "TGEMV_BIAS"), fault="unsupported-layout",
      provenance=(Provenance("header-static", A2A3_HDR, "static_assert TileBias::Loc == Bias && TileBias::Rows == 1"),
                  Provenance("header-static", A5_HDR, "same; TMATMUL_BIAS also needs TileBias::isRowMajor "
                             "(TGEMV_BIAS does not check it)"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / X90 / Dev0000: as A5")))
def matmul_bias_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The bias operand is not a single-row `TileType::Bias` tile.

    ## What it does
    Checks that `biasData` is a `TileType::Bias` tile with exactly one row (and, for A5 TMATMUL_BIAS,
    row-major).

    ## Why is this bad?
    The bias table holds one value per output column; both targets reject other tiles with a
    `static_assert`.

    ## Example
    ```cpp
    Tile<TileType::Bias, float, 16, 16> bias;
    TMATMUL_BIAS(c, a, b, bias);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Bias, float, 1, 16> bias;
    TMATMUL_BIAS(c, a, b, bias);
    ```
    """
    ops = _ops(ctx)
    if ops is None or "bias" not in ops:
        return None
    bad = _bias_shape_problems(ctx, ops)
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: bias `{ops['bias'].text}` has " + ", ".join(bad))


@rule("PTO915", "matmul-k-mismatch", own=OWN, instructions=INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", A2A3_HDR + "; " + A5_HDR, "TMATMUL: k = aMatrix.GetValidCol(); "
                             "TGEMV: k = bMatrix.GetValidRow(); the other operand's K extent is never compared"),
                  Provenance("isa-doc", DOC, "lists TileLeft::Cols == TileRight::Rows as a static constraint; the "
                             "headers do not check it (the target is modelled)"),
                  Provenance("header-runtime", K_HDR, "Kirin 9030 / X90 / Dev0000: k taken as A5 does")))
def matmul_k_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The left operand's valid columns and the right operand's valid rows (the K dimension) differ.

    ## What it does
    TMATMUL forms take K from the left tile's valid columns, TGEMV forms from the right tile's valid
    rows; the other operand's K extent is not checked. Reports, on the path reaching the call, a left
    tile whose valid column count differs from the right tile's valid row count.

    ## Why is this bad?
    The hardware multiplies K rows of the right operand no matter how many it holds: with a larger K it
    reads rows past the right tile's valid region (or its storage: stale L0B data), with a smaller K it
    silently drops part of the product. Either way the result is wrong and nothing traps.

    ## Example
    ```cpp
    TileLeft<half, 16, 64> a;   // K = 64
    TileRight<half, 32, 16> b;  // K = 32
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 16, 32> a;
    TileRight<half, 32, 16> b;
    TMATMUL(c, a, b);
    ```
    """
    ops = _ops(ctx)
    if ops is None or _static_errors(ctx, ops):
        return None
    a, b = ops["a"], ops["b"]
    violated = a.valid_col != b.valid_row
    src = "bMatrix valid rows" if MATMUL[ctx.builtin]["gemv"] else "aMatrix valid cols"
    msg = (f"{ctx.builtin}: K disagrees: aMatrix `{_esc(a.text)}` has {{a_validCol}} valid columns but bMatrix "
           f"`{_esc(b.text)}` has {{b_validRow}} valid rows; the target uses K from {src} and never compares them")
    return Check(violated, msg, {"a_validCol": a.valid_col, "b_validRow": b.valid_row})


@rule("PTO916", "matmul-result-overflow", own=OWN, instructions=INSTR, fault="out-of-bounds",
      provenance=(Provenance("header-runtime", A2A3_HDR + "; " + A5_HDR, "m and n come from the operands' valid "
                             "region; the result tile's shape is never compared with them"),
                  Provenance("isa-doc", DOC, "lists TileLeft::Rows == TileRes::Rows, TileRight::Cols == TileRes::Cols "
                             "as static constraints; the headers do not check them"),
                  Provenance("header-runtime", K_HDR, "Kirin 9030 / X90 / Dev0000: m, n taken as A5 does")))
def matmul_result_overflow(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The m x n product does not fit the result (Acc) tile.

    ## What it does
    m is the left tile's valid rows (1 for TGEMV), n the right tile's valid columns. Reports, on the path
    reaching the call, an m larger than the Acc tile's rows or an n larger than its columns.

    ## Why is this bad?
    Nothing checks the result tile's shape: the cube unit writes the whole m x n result from the Acc
    tile's address, past its end into whatever L0C holds next (another accumulator).

    ## Example
    ```cpp
    TileLeft<half, 32, 32> a;
    TileRight<half, 32, 16> b;
    TileAcc<float, 16, 16> c;  // 32 rows of results are written
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    TileAcc<float, 32, 16> c;
    TMATMUL(c, a, b);
    ```
    """
    ops = _ops(ctx)
    if ops is None or _static_errors(ctx, ops):
        return None
    c = ops["c"]
    m, _k, n = _dims(ctx, ops)
    violated = z3.Or(m > c.rows, n > c.cols)
    msg = (f"{ctx.builtin}: the {{m}}x{{n}} product does not fit the result tile `{_esc(c.text)}` "
           f"({c.rows}x{c.cols}); the cube unit writes past its end in L0C")
    return Check(violated, msg, {"m": m, "n": n})


@rule("PTO917", "matmul-acc-input-ignored", own=OWN, instructions=("TMATMUL_ACC", "TGEMV_ACC"), fault="ignored-option",
      severity="warning",
      provenance=(Provenance("header-static", A2A3_HDR + "; " + A5_HDR, "TMATMUL_ACC_IMPL / TGEMV_ACC_IMPL(cOut, "
                             "cIn, a, b) pass only cOutMatrix.data() to mad: cInMatrix is never read"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / X90 / Dev0000: the same"),
                  Provenance("isa-doc", "docs/isa/TMATMUL_ACC.md", "describes C_out = C_in + A*B")))
def matmul_acc_input_ignored(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `TMATMUL_ACC(cOut, cIn, a, b)` with a `cIn` other than `cOut`: the accumulator input is ignored.

    ## What it does
    Reports the 4-tile accumulate forms of TMATMUL_ACC and TGEMV_ACC whose input accumulator is a
    different tile from the output accumulator.

    ## Why is this bad?
    The implementation hands only `cOutMatrix`'s address to the cube unit, which accumulates into what
    `cOut` already holds. `cIn` is never read, so `cOut = cIn + A*B` silently becomes
    `cOut = cOut + A*B`.

    ## Example
    ```cpp
    TMATMUL_ACC(cNext, cPrev, a, b);
    ```

    ## Use instead
    ```cpp
    TMATMUL_ACC(cPrev, cPrev, a, b);  // accumulate in place (or TMATMUL_ACC(cPrev, a, b))
    ```
    """
    ops = _ops(ctx)
    if ops is None or "cin" not in ops or _static_errors(ctx, ops):
        return None
    cout, cin = ops["c"], ops["cin"]
    same = cout.text == cin.text
    return Check(ctx.static(not same),
                 f"{ctx.builtin}: cInMatrix `{_esc(cin.text)}` is never read; the product is accumulated into what "
                 f"cOutMatrix `{_esc(cout.text)}` already holds")


#: MMAD_MAX_SUPPORT_LENGTH of both targets' TMatmul.hpp: m, k and n must lie in [1, MMAD_MAX]
MMAD_MAX = 4095


@rule("PTO918", "matmul-extent-out-of-range", own=OWN, instructions=INSTR + MX_INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", A2A3_HDR, "CheckDynamicMad (TMATMUL forms) and TGEMV*_IMPL: PTO_ASSERT "
                             "m, k, n in [1, MMAD_MAX_SUPPORT_LENGTH = 4095]; release builds issue the mad with the "
                             "extent as given"),
                  Provenance("header-runtime", A5_HDR, "CheckDynamicMmad (TMATMUL forms) and TGEMV*_IMPL: the same "
                             "PTO_ASSERTs; release builds issue the mad with the extent as given; TMATMUL_MX the "
                             "same, TGEMV_MX_IMPL takes k from aMatrix.GetValidCol()"),
                  Provenance("header-runtime", K_HDR, "Kirin 9030 / X90 / Dev0000: CheckDynamicMmad and TGEMV*_IMPL, "
                             "the same PTO_ASSERTs"),
                  Provenance("isa-doc", DOC, "m, k, n are taken from the operands' valid regions")))
def matmul_extent_out_of_range(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A matrix-multiply extent (m, k or n) is 0 or larger than 4095.

    ## What it does
    m is the left tile's valid rows (TGEMV: 1), k its valid columns (TGEMV: the right tile's valid rows;
    TGEMV_MX: the left tile's valid columns) and n the right tile's valid columns, for the six TMATMUL /
    TGEMV forms and (A5) TMATMUL_MX / TGEMV_MX. Reports, on the path reaching the call, an extent outside
    [1, 4095], typically a dynamic valid region that reaches the call empty.

    ## Why is this bad?
    Both targets `PTO_ASSERT` each extent in [1, 4095] (`MMAD_MAX_SUPPORT_LENGTH`): a debug build traps.
    A release build issues the mad with the extent as given: an empty extent computes nothing (the result
    tile keeps whatever L0C held, and the following TSTORE writes that out as if it were the product), one
    past 4095 is beyond what the instruction supports.

    ## Example
    ```cpp
    TileLeft<half, 16, 64, DYNAMIC, 64> a(rows);  // rows may be 0 on the last block
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    if (rows > 0) {
        TileLeft<half, 16, 64, DYNAMIC, 64> a(rows);
        TMATMUL(c, a, b);
    }
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    if ctx.builtin in MX_INSTR:  # A5 only; TGEMV_MX takes k from the left tile
        if not ctx.a5 or mx_static_errors(ops):
            return None
        a, b = ops["a"], ops["b"]
        m = z3.IntVal(1) if ctx.builtin == "TGEMV_MX" else a.valid_row
        k, n = a.valid_col, b.valid_col
    elif _static_errors(ctx, ops):
        return None
    else:
        m, k, n = _dims(ctx, ops)
    violated = z3.Or(*[z3.Or(x < 1, x > MMAD_MAX) for x in (m, k, n)])
    msg = (f"{ctx.builtin}: m, k, n = {{m}}, {{k}}, {{n}}: each must lie in [1, {MMAD_MAX}] (MMAD_MAX_SUPPORT_LENGTH); "
           "debug builds trap, release builds issue the mad with that extent")
    return Check(violated, msg, {"m": m, "k": k, "n": n})


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

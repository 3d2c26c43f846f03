"""Row/column broadcast instructions (PTO820..PTO830).

Three shapes, one table each (facts per target read from the implementations):
- ROW_BIN: TROWEXPANDADD/SUB/MUL/DIV/MAX/MIN/EXPDIF (dst, src0, src1[, tmp]). a2a3/TRowExpand<Op>.hpp and
  a5/TRowExpand<Op>.hpp: static_assert dst/src0/src1 dtypes equal, a per-op dtype list, Dst::isRowMajor. At run
  time (PTO_ASSERT only) one source must have dst's valid shape and be row-major (the full operand) and the other
  (the per-row operand) must be row-major with 32/sizeof(T) valid columns or column-major with 1 valid column, with
  dst's valid rows. A2/A3: when both sources match dst, the one with the larger RowStride is the full operand.
  A2/A3 EXPDIF = SUB then TEXP (half/float only). A5's tmp overloads forward to the 3-operand form; A2/A3's require
  a column-major per-row operand.
- COL_BIN: TCOLEXPANDADD/SUB/MUL/DIV/MIN/EXPDIF (dst, src0, src1): a2a3/TColExpandBinOp.hpp and
  a5/TColExpandBinOp.hpp TCOLEXPANDOP_IMPL (the same implementation as TCOLEXPANDMAX, rules/tcolexpandmax.py):
  only Dst::DType and Dst::isRowMajor are static; DIV and EXPDIF add half/float only. The full operand is src0
  when its valid shape equals dst's, else src1; sources are read as dst's type.
- BCAST: TROWEXPAND / TCOLEXPAND (dst, src): a2a3/TRowExpand.hpp, a5/TRowExpand.hpp, a2a3/TColExpand.hpp,
  a5/TColExpand.hpp: Vec operands, dst ND, equal dtypes, element size 1/2/4 (A5 also 8); PTO_ASSERT src valid rows
  (TROWEXPAND) / cols (TCOLEXPAND) equal dst's. A5 TROWEXPAND also static_asserts Src::ValidCol == 1 or DYNAMIC.
Locations: only TROWEXPAND/TCOLEXPAND static_assert Vec operands (PTO823); the binary forms check none (PTO829,
a hazard: an L1/L0 tile's address is used as a UB address).
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ir import DYNAMIC
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

_R_A2 = ("int32_t", "int16_t", "half", "float")
_R_A5 = ("int32_t", "uint32_t", "float", "int16_t", "uint16_t", "half", "bfloat16_t", "uint8_t", "int8_t")
_HF = ("half", "float")

ROW_BIN: dict[str, dict[str, tuple[str, ...]]] = {
    "TROWEXPANDADD": {"a2a3": _R_A2, "a5": _R_A5},
    "TROWEXPANDSUB": {"a2a3": _R_A2, "a5": _R_A5},
    "TROWEXPANDMUL": {"a2a3": _R_A2, "a5": _R_A5},
    "TROWEXPANDDIV": {"a2a3": _HF, "a5": _R_A5},
    "TROWEXPANDMAX": {"a2a3": _R_A2, "a5": _R_A5},
    "TROWEXPANDMIN": {"a2a3": _R_A2, "a5": _R_A5},
    "TROWEXPANDEXPDIF": {"a2a3": _HF, "a5": _HF},
}
COL_BIN: dict[str, dict[str, tuple[str, ...]]] = {
    "TCOLEXPANDADD": {"a2a3": _R_A2, "a5": _R_A5},
    "TCOLEXPANDSUB": {"a2a3": _R_A2, "a5": _R_A5},
    "TCOLEXPANDMUL": {"a2a3": _R_A2, "a5": _R_A5},
    "TCOLEXPANDDIV": {"a2a3": _HF, "a5": _R_A5},
    "TCOLEXPANDMIN": {"a2a3": _R_A2, "a5": _R_A5},
    "TCOLEXPANDEXPDIF": {"a2a3": _HF, "a5": _HF},
}
#: TROWEXPAND / TCOLEXPAND: accepted element sizes per target, and the axis whose count src and dst share
BCAST: dict[str, dict] = {
    "TROWEXPAND": {"a2a3": (1, 2, 4), "a5": (1, 2, 4, 8), "axis": "row"},
    "TCOLEXPAND": {"a2a3": (1, 2, 4), "a5": (1, 2, 4, 8), "axis": "col"},
}
ALL = (*ROW_BIN, *COL_BIN, *BCAST)

ALIASES = {"float16_t": "half", "_Float16": "half", "float32_t": "float", "int": "int32_t", "short": "int16_t"}
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4}

ROW_HDR = "include/pto/npu/a2a3/TRowExpand{Add,Sub,Mul,Div,Max,Min,Expdif}.hpp; a5/TRowExpand<Op>.hpp"
COL_HDR = "include/pto/npu/a2a3/TColExpandBinOp.hpp, a5/TColExpandBinOp.hpp (TCOLEXPANDOP_IMPL), TColExpand<Op>.hpp"
BC_HDR = "include/pto/npu/a2a3/TRowExpand.hpp, TColExpand.hpp; a5/TRowExpand.hpp, TColExpand.hpp"
DOCS = "docs/isa/TROWEXPAND*.md, TCOLEXPAND*.md"


def _dt(name: str) -> str:
    return ALIASES.get(name, name)


def _size(t: TileView) -> int:
    return t.elem_size or SIZES.get(_dt(t.dtype), 0)


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _bin(ctx: Ctx) -> tuple[TileView, TileView, TileView] | None:
    dst, src0, src1 = ctx.tile("dst"), ctx.tile("src0"), ctx.tile("src1")
    if dst is None or src0 is None or src1 is None:
        return None
    return dst, src0, src1


def _bcast(ctx: Ctx) -> tuple[TileView, TileView] | None:
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None
    return dst, src


def _bin_compiles(ctx: Ctx, dst: TileView, src0: TileView, src1: TileView) -> bool:
    table = ROW_BIN if ctx.builtin in ROW_BIN else COL_BIN
    if _dt(dst.dtype) not in table[ctx.builtin][ctx.impl] or not dst.is_row_major:
        return False
    if ctx.builtin in ROW_BIN:
        return _dt(src0.dtype) == _dt(dst.dtype) == _dt(src1.dtype)
    return True


def _bcast_dst_ok(ctx: Ctx, dst: TileView, src: TileView) -> bool:
    src_ok = src.slayout == "NoneBox" and (ctx.builtin == "TROWEXPAND" or src.is_row_major)
    return src_ok and dst.is_row_major and dst.slayout == "NoneBox"


def _bcast_compiles(ctx: Ctx, dst: TileView, src: TileView) -> bool:
    return (dst.loc == "Vec" and src.loc == "Vec" and _bcast_dst_ok(ctx, dst, src)
            and _dt(dst.dtype) == _dt(src.dtype) and _size(src) in BCAST[ctx.builtin][ctx.impl])


@rule("PTO820", "expand-unsupported-dtype", instructions=ALL, fault="unsupported-dtype",
      provenance=(Provenance("header-static", ROW_HDR, "A2/A3: {int32, int16, half, float}, DIV and EXPDIF "
                             "{half, float}; A5: {int32, uint32, float, int16, uint16, half, bf16, uint8, int8}, "
                             "EXPDIF {half, float}"),
                  Provenance("header-static", COL_HDR, "Dst::DType: A2/A3 {int32, int16, half, float}; A5 {int32, "
                             "uint32, float, int16, uint16, half, bf16, uint8, int8}; EXPDIF {half, float}; A2/A3 DIV "
                             "{half, float}"),
                  Provenance("header-static", BC_HDR, "element size 1, 2 or 4 bytes (A5 also 8)"),
                  Provenance("isa-doc", DOCS, "lists agree with the headers (half/float on every target, the "
                             "integer and bf16 types on A5 only, for TROWEXPANDDIV and TCOLEXPANDDIV)")))
def expand_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The element type of a row/column broadcast instruction is not supported on this target.

    ## What it does
    Checks `dst`'s element type against the instruction's list on the target (TROWEXPAND<op>,
    TCOLEXPAND<op>), or its element size (TROWEXPAND/TCOLEXPAND: 1, 2 or 4 bytes, A5 also 8).

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile. Division
    and exp-difference forms exist for half and float only (TROWEXPANDDIV on A2/A3 too).

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> dst, src0;
    Tile<TileType::Vec, int32_t, 16, 1, BLayout::ColMajor> rowScale;
    TROWEXPANDDIV(dst, src0, rowScale);  // A2/A3 divides half/float only
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowScale;
    TROWEXPANDDIV(dst, src0, rowScale);
    ```
    """
    if ctx.builtin in BCAST:
        ops = _bcast(ctx)
        if ops is None:
            return None
        dst, src = ops
        ok = BCAST[ctx.builtin][ctx.impl]
        return Check(ctx.static(_size(src) not in ok),
                     _esc(f"{ctx.builtin}: src `{src.text}` has element type {src.dtype} ({_size(src)} bytes); "
                          f"{ctx.target} accepts element sizes {', '.join(map(str, ok))}"))
    ops3 = _bin(ctx)
    if ops3 is None:
        return None
    dst = ops3[0]
    allowed = (ROW_BIN if ctx.builtin in ROW_BIN else COL_BIN)[ctx.builtin][ctx.impl]
    return Check(ctx.static(_dt(dst.dtype) not in allowed),
                 _esc(f"{ctx.builtin}: dst `{dst.text}` has element type {dst.dtype}, not supported on {ctx.target} "
                      f"(supported: {', '.join(allowed)})"))


@rule("PTO821", "expand-dtype-mismatch", instructions=ALL, fault="dtype-mismatch",
      provenance=(Provenance("header-static", ROW_HDR + "; " + BC_HDR, "static_assert the sources' DType equals "
                             "Dst's (both targets)"),
                  Provenance("header-static", "include/pto/npu/a5/TColExpandBinOp.hpp:170, :219-227", "a5 "
                             "TCOLEXPAND<op>: both run-time branches are instantiated, each passing one source's buffer "
                             "cast to Dst::DType* where that source's own DType* is expected: no matching function (a "
                             "compile error) when either source's type differs from dst's"),
                  Provenance("hazard", COL_HDR, "a2a3 TCOLEXPAND<op>: no check (compiles); the sources' addresses are "
                             "reinterpreted as Dst::DType")))
def expand_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A source of a row/column broadcast has a different element type than dst.

    ## What it does
    Compares the sources' element types with `dst`'s.

    ## Why is this bad?
    TROWEXPAND, TCOLEXPAND and TROWEXPAND<op> reject it with a `static_assert` (the kernel does not
    compile). TCOLEXPAND<op> checks nothing and reads the source's memory as dst's element type, which
    computes garbage silently.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Vec, half, 1, 64> colBias;
    TCOLEXPANDADD(dst, src0, colBias);  // half read as float
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 64> colBiasF;
    TCVT(colBiasF, colBias, RoundMode::CAST_NONE);
    TCOLEXPANDADD(dst, src0, colBiasF);
    ```
    """
    if ctx.builtin in BCAST:
        ops = _bcast(ctx)
        if ops is None:
            return None
        dst, src = ops
        return Check(ctx.static(_dt(dst.dtype) != _dt(src.dtype)),
                     _esc(f"{ctx.builtin}: src `{src.text}` is {src.dtype} but dst `{dst.text}` is {dst.dtype}; "
                          "the element types must be equal"))
    ops3 = _bin(ctx)
    if ops3 is None:
        return None
    dst, src0, src1 = ops3
    bad = [f"{n} `{t.text}` is {t.dtype}" for n, t in (("src0", src0), ("src1", src1))
           if _dt(t.dtype) != _dt(dst.dtype)]
    if ctx.builtin in COL_BIN:
        if not _bin_compiles(ctx, dst, src0, src1):
            return None
        if ctx.a5:
            effect = (f"a5 instantiates TColExpandOp with either source as the per-column one and passes its buffer "
                      f"cast to __ubuf__ {dst.dtype}* where TColExpandBinOps takes the source's own type: no matching "
                      "function, the kernel does not compile")
        else:
            effect = f"the source is read as {dst.dtype} (nothing checks it)"
    else:
        effect = "the element types must be equal (static_assert)"
    return Check(ctx.static(bool(bad)),
                 _esc(f"{ctx.builtin}: dst `{dst.text}` is {dst.dtype} but " + " and ".join(bad) + f"; {effect}"))


@rule("PTO822", "expand-layout", instructions=ALL, fault="unsupported-layout",
      provenance=(Provenance("header-static", ROW_HDR + "; " + COL_HDR, "static_assert Dst::isRowMajor"),
                  Provenance("header-static", BC_HDR, "static_assert dst ND; TCOLEXPAND src ND; TROWEXPAND src "
                             "SFractal == NoneBox (ND or DN)")))
def expand_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A row/column broadcast operand has a layout the instruction rejects.

    ## What it does
    Checks that `dst` is row-major (ND for TROWEXPAND/TCOLEXPAND), that TCOLEXPAND's `src` is ND and that
    TROWEXPAND's `src` is ND or DN (unboxed).

    ## Why is this bad?
    Both targets reject other layouts with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 64> src0;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowMax;
    TROWEXPANDSUB(dst, src0, rowMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst;
    TROWEXPANDSUB(dst, src0, rowMax);
    ```
    """
    if ctx.builtin in BCAST:
        ops = _bcast(ctx)
        if ops is None:
            return None
        dst, src = ops
        return Check(ctx.static(not _bcast_dst_ok(ctx, dst, src)),
                     _esc(f"{ctx.builtin}: dst `{dst.text}` is {dst.blayout}/{dst.slayout} and src `{src.text}` is "
                          f"{src.blayout}/{src.slayout}; dst must be ND and src "
                          + ("unboxed (ND or DN)" if ctx.builtin == "TROWEXPAND" else "ND")))
    ops3 = _bin(ctx)
    if ops3 is None:
        return None
    dst = ops3[0]
    return Check(ctx.static(not dst.is_row_major),
                 _esc(f"{ctx.builtin}: dst `{dst.text}` has BLayout {dst.blayout}; {ctx.target} requires RowMajor"))


@rule("PTO823", "expand-operand-not-vec", instructions=tuple(BCAST), fault="unsupported-path",
      provenance=(Provenance("header-static", "include/pto/npu/a2a3/TRowExpand.hpp:89-90, a5/TRowExpand.hpp:31-32; "
                             "a2a3/TColExpand.hpp, a5/TColExpand.hpp", "static_assert Src::Loc == Vec and "
                             "Dst::Loc == Vec"),))
def expand_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TROWEXPAND / TCOLEXPAND operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks that `dst` and `src` of TROWEXPAND and TCOLEXPAND have `TileType::Vec`.

    ## Why is this bad?
    Both targets reject other locations with a `static_assert`: the kernel does not compile. (The binary
    forms TROWEXPAND<op> / TCOLEXPAND<op> check nothing: see PTO829.)

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst;
    Tile<TileType::Mat, float, 16, 1, BLayout::ColMajor> rowMax;  // lives in L1
    TROWEXPAND(dst, rowMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowMax;
    TROWEXPAND(dst, rowMax);
    ```
    """
    ops = _bcast(ctx)
    if ops is None:
        return None
    bad = [f"{n} `{t.text}` is TileType::{t.loc}" for n, t in zip(("dst", "src"), ops, strict=True) if t.loc != "Vec"]
    return Check(ctx.static(bool(bad)), _esc(f"{ctx.builtin}: " + "; ".join(bad) + " (must be TileType::Vec, "
                                             "static_assert)"))


@rule("PTO829", "expand-binary-operand-not-vec", instructions=(*ROW_BIN, *COL_BIN), fault="unsupported-path",
      provenance=(Provenance("hazard", ROW_HDR + "; " + COL_HDR, "no Loc check on any operand (both targets): the "
                             "tiles' addresses are used as UB addresses by the vector unit, so the call compiles and "
                             "computes on unrelated data"),
                  Provenance("isa-doc", DOCS, "the docs describe Vec operands")))
def expand_binary_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TROWEXPAND<op> / TCOLEXPAND<op> operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks that every tile operand of the binary row/column broadcasts (TROWEXPANDADD/SUB/MUL/DIV/MAX/MIN/
    EXPDIF, TCOLEXPANDADD/SUB/MUL/DIV/MIN/EXPDIF) has `TileType::Vec`, on calls that otherwise compile.

    ## Why is this bad?
    Neither target checks the location: the call compiles, and the vector unit takes the L1/L0 tile's
    address as a Unified Buffer address, computing on unrelated data (and, for `dst`, overwriting it).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Mat, float, 16, 1, BLayout::ColMajor> rowScale;  // lives in L1
    TROWEXPANDMUL(dst, src0, rowScale);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowScale;
    TROWEXPANDMUL(dst, src0, rowScale);
    ```
    """
    ops3 = _bin(ctx)
    if ops3 is None or not _bin_compiles(ctx, *ops3):
        return None
    bad = [f"{n} `{t.text}` is TileType::{t.loc}" for n, t in zip(("dst", "src0", "src1"), ops3, strict=True)
           if t.loc != "Vec"]
    return Check(ctx.static(bool(bad)), _esc(f"{ctx.builtin}: " + "; ".join(bad) + f"; {ctx.target} does not check "
                                             "it and uses the address as a UB address"))


@rule("PTO830", "rowexpand-src-validcol", instructions=("TROWEXPAND",), targets=("a5",), fault="valid-region",
      provenance=(Provenance("header-static", "include/pto/npu/a5/TRowExpand.hpp:25-26", "static_assert "
                             "TileDataIn::ValidCol == 1 || TileDataIn::ValidCol == -1 (DYNAMIC)"),
                  Provenance("isa-doc", "docs/isa/TROWEXPAND.md", "reads one value per row (column 0); A2/A3 "
                             "(a2a3/TRowExpand.hpp) has no such check")))
def rowexpand_src_validcol(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5 TROWEXPAND source with a static valid-column count other than 1.

    ## What it does
    Checks the `ValidCol` template argument of TROWEXPAND's `src` on A5: it must be 1 or `DYNAMIC`.

    ## Why is this bad?
    A5 rejects any other static valid width with a `static_assert`: the kernel does not compile (A2/A3
    accepts it and reads column 0 of each row).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst;
    Tile<TileType::Vec, float, 16, 8> rowMax;  // ValidCol 8
    TROWEXPAND(dst, rowMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1> rowMax;  // one valid column
    TROWEXPAND(dst, rowMax);
    ```
    """
    ops = _bcast(ctx)
    if ops is None:
        return None
    src = ops[1]
    vc = src.spec.valid_col
    return Check(ctx.static(vc not in (1, DYNAMIC)),
                 _esc(f"TROWEXPAND: src `{src.text}` has a static ValidCol of {vc}; a5 requires 1 or DYNAMIC "
                      "(static_assert)"))


def _row_roles(ctx: Ctx, dst: TileView, src0: TileView, src1: TileView):
    """(src0 is the full operand, a full operand exists) as the implementation decides them at run time."""
    eq0 = z3.And(src0.valid_row == dst.valid_row, src0.valid_col == dst.valid_col)
    eq1 = z3.And(src1.valid_row == dst.valid_row, src1.valid_col == dst.valid_col)
    has_tmp = ctx.tile("tmp") is not None
    if not ctx.a5 and not has_tmp:
        stride0 = src0.cols if src0.is_row_major else 1
        stride1 = src1.cols if src1.is_row_major else 1
        eq0 = z3.And(eq0, z3.Or(z3.Not(eq1), z3.BoolVal(stride0 >= stride1)))
    ok = z3.Or(z3.And(eq0, z3.BoolVal(src0.is_row_major)), z3.And(eq1, z3.BoolVal(src1.is_row_major)))
    return eq0, ok


@rule("PTO824", "rowexpand-no-full-operand", instructions=tuple(ROW_BIN), fault="valid-region",
      provenance=(Provenance("header-runtime", ROW_HDR, "PTO_ASSERT (src0eqdst && Src0::isRowMajor) || (src1eqdst "
                             "&& Src1::isRowMajor); release builds then take src1 as the full operand anyway"),
                  Provenance("isa-doc", DOCS, "src0 has dst's shape; src1 provides one value per row")))
def rowexpand_no_full_operand(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Neither source of a TROWEXPAND<op> has dst's valid shape (as a row-major tile).

    ## What it does
    Checks, on the path reaching the call, that `src0` or `src1` has exactly dst's valid rows and columns
    and is row-major (dst's valid region not empty).

    ## Why is this bad?
    It is only a `PTO_ASSERT` (debug builds). A release build silently takes src1 as the full operand
    and src0 as the per-row vector, reading rows and columns outside their valid regions: the result is
    computed from stale data.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    Tile<TileType::Vec, float, 16, 64> src0;  // 16 valid rows, dst may have fewer
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> scale(rows);
    TROWEXPANDMUL(dst, src0, scale);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src0(rows);
    TROWEXPANDMUL(dst, src0, scale);
    ```
    """
    ops = _bin(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _bin_compiles(ctx, dst, src0, src1):
        return None
    _, ok = _row_roles(ctx, dst, src0, src1)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col, "src0_validRow": src0.valid_row,
            "src0_validCol": src0.valid_col, "src1_validRow": src1.valid_row, "src1_validCol": src1.valid_col}
    msg = (f"{ctx.builtin}: neither src0 `{_esc(src0.text)}` ({{src0_validRow}}x{{src0_validCol}}, {src0.blayout}) "
           f"nor src1 `{_esc(src1.text)}` ({{src1_validRow}}x{{src1_validCol}}, {src1.blayout}) is a row-major tile "
           "with dst's valid shape {dst_validRow}x{dst_validCol}")
    return Check(z3.And(nonempty, z3.Not(ok)), msg, show)


@rule("PTO825", "rowexpand-per-row-operand-shape", instructions=tuple(ROW_BIN), fault="valid-region",
      provenance=(Provenance("isa-doc", "docs/isa/TROWEXPANDDIV.md (Examples)", "the examples declare the per-row "
                             "tile as Tile<half, 16, 1, ColMajor, 1, DYNAMIC> src1(16): 1 valid row and 16 valid "
                             "columns, which the header's PTO_ASSERT rejects (ValidRow/ValidCol swapped in the doc)"),
                  Provenance("header-runtime", ROW_HDR, "PTO_ASSERT the per-row operand is (row-major with "
                             "32/sizeof(T) valid columns or column-major with 1 valid column) with dst's valid rows; "
                             "A2/A3 tmp overloads: column-major with 1 valid column only. Modelled on what a release "
                             "build reads (TRowExpandBinOp.hpp: a 32-byte block per row with block stride 0, or vbrcb "
                             "of consecutive elements), so extra valid rows or columns are not reported"),
                  Provenance("isa-doc", DOCS, "src1 holds one value per row")))
def rowexpand_per_row_operand_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The per-row operand of a TROWEXPAND<op> does not have the shape the implementation reads.

    ## What it does
    Determines the per-row operand as the implementation does (the source that is not dst-shaped) and
    checks what a release build reads from it: one element (column-major) or one 32-byte block
    (row-major: 8 floats, 16 halves) for each of dst's valid rows. The A2/A3 forms with a tmp tile read
    the per-row values as consecutive elements, so a row-major per-row tile only works for one row.
    Only when a full operand exists (see PTO824) and dst's region is not empty.

    ## Why is this bad?
    The targets' `PTO_ASSERT` (debug builds) asks for exactly dst's valid rows and 1 (column-major) or
    32/sizeof(T) (row-major) valid columns. A release build reads regardless: missing rows give stale
    values, and a row-major per-row tile with a single valid column broadcasts 7 (or 15) stale lanes
    across every row of the result.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1> rowMax;  // 1 valid column, row-major
    TROWEXPANDSUB(dst, src0, rowMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowMax;  // DN, one value per row
    TROWEXPANDSUB(dst, src0, rowMax);
    ```
    """
    ops = _bin(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _bin_compiles(ctx, dst, src0, src1):
        return None
    size = _size(dst)
    if size <= 0:
        return None
    eq0, ok = _row_roles(ctx, dst, src0, src1)
    tmp_form = ctx.tile("tmp") is not None and not ctx.a5

    def shape_ok(v: TileView):
        if v.is_row_major:
            # A2/A3 tmp form: vbrcb reads the per-row values as consecutive elements (a DN column)
            good = dst.valid_row <= 1 if tmp_form else v.valid_col >= 32 // size
        else:
            good = v.valid_col >= 1
        return z3.And(good, v.valid_row >= dst.valid_row)

    good = z3.If(eq0, shape_ok(src1), shape_ok(src0))
    vec_vr = z3.If(eq0, src1.valid_row, src0.valid_row)
    vec_vc = z3.If(eq0, src1.valid_col, src0.valid_col)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    need = ("column-major (the tmp form reads one element per row)" if tmp_form else
            f"column-major with a valid column, or row-major with {32 // size} valid columns (one 32-byte block)")
    show = {"dst_validRow": dst.valid_row, "vector_validRow": vec_vr, "vector_validCol": vec_vc}
    msg = (f"{ctx.builtin}: the per-row operand (src1 `{_esc(src1.text)}` when src0 is dst-shaped, else src0 "
           f"`{_esc(src0.text)}`) has a {{vector_validRow}}x{{vector_validCol}} valid region; {{dst_validRow}} rows "
           f"are read and it must be {need}")
    return Check(z3.And(nonempty, ok, z3.Not(good)), msg, show)


@rule("PTO831", "rowexpand-per-row-operand-shape-differs", instructions=tuple(ROW_BIN), fault="valid-region",
      provenance=(Provenance("header-runtime", ROW_HDR, "PTO_ASSERT the per-row operand is EXACTLY (row-major with "
                             "32/sizeof(T) valid columns or column-major with 1 valid column) with dst's valid rows; "
                             "A2/A3 tmp overloads: column-major with 1 valid column only; A5's tmp overloads forward "
                             "to the 3-operand form; release builds read one element or one 32-byte block per dst "
                             "row and ignore the rest"),
                  Provenance("isa-doc", DOCS, "src1 holds one value per row")))
def rowexpand_per_row_operand_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The per-row operand of a TROWEXPAND<op> covers what a release build reads but not with the exact valid
    shape the header asserts (a too small one is PTO825).

    ## What it does
    With the per-row operand determined as the implementation does (see PTO824 / PTO825), reports it when
    it has more valid rows than dst, more valid columns than the one element (column-major) or the one
    32-byte block (row-major: 8 floats, 16 halves) it is read as, or, in the A2/A3 forms with a tmp tile, is
    row-major at all (for a one-row dst, where PTO825 lets it pass). Only when a full operand exists and
    dst's region is not empty.

    ## Why is this bad?
    Both targets `PTO_ASSERT` exactly dst's valid rows and 1 (column-major) or 32/sizeof(T) (row-major)
    valid columns: a debug build traps at the call. A release build reads one value per dst row and
    silently ignores the rest, so the per-row tile's valid shape says something the instruction does not do.

    ## Example
    ```cpp
    using Rows = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64>;
    Rows dst(rows), src0(rows);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowMax;  // always 16 valid rows
    TROWEXPANDSUB(dst, src0, rowMax);  // rows < 16: debug builds trap
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> rowMax(rows);
    TROWEXPANDSUB(dst, src0, rowMax);
    ```
    """
    ops = _bin(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _bin_compiles(ctx, dst, src0, src1):
        return None
    size = _size(dst)
    if size <= 0:
        return None
    eq0, ok = _row_roles(ctx, dst, src0, src1)
    tmp_form = ctx.tile("tmp") is not None and not ctx.a5

    def covers(v: TileView):  # PTO825's condition: what a release build reads is valid
        if v.is_row_major:
            good = dst.valid_row <= 1 if tmp_form else v.valid_col >= 32 // size
        else:
            good = v.valid_col >= 1
        return z3.And(good, v.valid_row >= dst.valid_row)

    def exact(v: TileView):  # the header's PTO_ASSERT
        if v.is_row_major:
            good = z3.BoolVal(False) if tmp_form else v.valid_col == 32 // size
        else:
            good = v.valid_col == 1
        return z3.And(good, v.valid_row == dst.valid_row)

    vec_vr = z3.If(eq0, src1.valid_row, src0.valid_row)
    vec_vc = z3.If(eq0, src1.valid_col, src0.valid_col)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    bad = z3.If(eq0, z3.And(covers(src1), z3.Not(exact(src1))), z3.And(covers(src0), z3.Not(exact(src0))))
    need = ("column-major with 1 valid column (the tmp form)" if tmp_form else
            f"column-major with 1 valid column or row-major with {32 // size} valid columns")
    show = {"dst_validRow": dst.valid_row, "vector_validRow": vec_vr, "vector_validCol": vec_vc}
    msg = (f"{ctx.builtin}: the per-row operand (src1 `{_esc(src1.text)}` when src0 is dst-shaped, else src0 "
           f"`{_esc(src0.text)}`) has a {{vector_validRow}}x{{vector_validCol}} valid region; the PTO_ASSERT wants "
           f"exactly {{dst_validRow}} rows, {need}: debug builds trap, release builds read one value per dst row and "
           "ignore the rest")
    return Check(z3.And(nonempty, ok, bad), msg, show)


@rule("PTO826", "colexpand-column-operand-too-narrow", instructions=tuple(COL_BIN), fault="valid-region",
      provenance=(Provenance("header-runtime", COL_HDR, "the per-column operand is src1 when src0's valid shape "
                             "equals dst's, else src0; its row 0 is read for j < dst.GetValidCol(), unchecked"),
                  Provenance("isa-doc", DOCS, "src1 provides one value per column")))
def colexpand_column_operand_too_narrow(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The per-column operand of a TCOLEXPAND<op> does not cover dst's valid columns.

    ## What it does
    Determines the per-column operand as the implementation does at run time (src1 when src0 has dst's
    valid shape, otherwise src0) and checks that its valid region has a row and at least
    `dst.GetValidCol()` columns, whenever dst's valid region is not empty.

    ## Why is this bad?
    Row 0 of the per-column operand is read at columns `0 .. C-1` unchecked: columns past its valid
    region hold stale data, which is then added, subtracted, multiplied or divided into the result.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> dst, src0;
    Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, DYNAMIC> bias(cols);  // cols may be < 64
    TCOLEXPANDADD(dst, src0, bias);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> dst(cols), src0(cols);
    TCOLEXPANDADD(dst, src0, bias);
    ```
    """
    ops = _bin(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _bin_compiles(ctx, dst, src0, src1):
        return None
    full0 = z3.And(src0.valid_row == dst.valid_row, src0.valid_col == dst.valid_col)
    vr = z3.If(full0, src1.valid_row, src0.valid_row)
    vc = z3.If(full0, src1.valid_col, src0.valid_col)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    show = {"dst_validCol": dst.valid_col, "vector_validRow": vr, "vector_validCol": vc}
    msg = (f"{ctx.builtin}: reads {{dst_validCol}} per-column values but the per-column operand (src1 "
           f"`{_esc(src1.text)}` when src0 is dst-shaped, else src0 `{_esc(src0.text)}`) has a valid region of only "
           "{vector_validRow}x{vector_validCol}")
    return Check(z3.And(nonempty, z3.Or(vr < 1, vc < dst.valid_col)), msg, show)


@rule("PTO827", "colexpand-no-full-operand", instructions=tuple(COL_BIN), fault="valid-region",
      provenance=(Provenance("header-runtime", COL_HDR, "if src0's valid shape differs from dst's, src1 is used as "
                             "the full operand without any check"),
                  Provenance("isa-doc", DOCS, "describes src0 as the full operand; the role swap is undocumented")))
def colexpand_no_full_operand(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Neither source of a TCOLEXPAND<op> covers dst's valid region, so the full operand is read out of its region.

    ## What it does
    When `src0`'s valid shape differs from `dst`'s the implementation reads `src1` as the full `R x C`
    operand; reports calls where that happens and `src1`'s valid region does not cover dst's.

    ## Why is this bad?
    Nothing checks the swap: typically a 1-row per-column tile is then read as if it had R rows, taking
    stale rows or the neighbouring tile's data. The result is wrong with no diagnostic on either target.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    Tile<TileType::Vec, float, 16, 64> src0;  // 16 valid rows, dst may have fewer
    Tile<TileType::Vec, float, 1, 64> bias;
    TCOLEXPANDADD(dst, src0, bias);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src0(rows);
    TCOLEXPANDADD(dst, src0, bias);
    ```
    """
    ops = _bin(ctx)
    if ops is None:
        return None
    dst, src0, src1 = ops
    if not _bin_compiles(ctx, dst, src0, src1):
        return None
    full0 = z3.And(src0.valid_row == dst.valid_row, src0.valid_col == dst.valid_col)
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col, "src0_validRow": src0.valid_row,
            "src0_validCol": src0.valid_col, "src1_validRow": src1.valid_row, "src1_validCol": src1.valid_col}
    msg = (f"{ctx.builtin}: src0 `{_esc(src0.text)}` has valid shape {{src0_validRow}}x{{src0_validCol}}, not dst's "
           f"{{dst_validRow}}x{{dst_validCol}}, so src1 `{_esc(src1.text)}` is read as the full operand, but its "
           "valid region is only {src1_validRow}x{src1_validCol}")
    violated = z3.And(nonempty, z3.Not(full0), z3.Or(src1.valid_row < dst.valid_row, src1.valid_col < dst.valid_col))
    return Check(violated, msg, show)


@rule("PTO828", "expand-broadcast-valid-mismatch", instructions=tuple(BCAST), fault="valid-region",
      provenance=(Provenance("header-runtime", BC_HDR, "PTO_ASSERT srcValidRow == dstValidRow (TROWEXPAND) / "
                             "srcValidCol == dstValidCol (TCOLEXPAND); debug builds only"),
                  Provenance("isa-doc", "docs/isa/TROWEXPAND.md, TCOLEXPAND.md", "src provides one value per dst "
                             "row (column)")))
def expand_broadcast_valid_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TROWEXPAND/TCOLEXPAND source and destination disagree on the broadcast axis' count.

    ## What it does
    TROWEXPAND: compares `src.GetValidRow()` with `dst.GetValidRow()`; TCOLEXPAND: `src.GetValidCol()`
    with `dst.GetValidCol()` (dst's valid region not empty).

    ## Why is this bad?
    The equality is only a `PTO_ASSERT` (debug builds). A release build fills every dst row (column)
    from the source anyway, reading source rows (columns) past its valid region: stale data is broadcast.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> rowMax;  // always 16 valid rows
    TROWEXPAND(dst, rowMax);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> rowMax(rows);
    TROWEXPAND(dst, rowMax);
    ```
    """
    ops = _bcast(ctx)
    if ops is None:
        return None
    dst, src = ops
    if not _bcast_compiles(ctx, dst, src):
        return None
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col, "src_validRow": src.valid_row,
            "src_validCol": src.valid_col}
    if BCAST[ctx.builtin]["axis"] == "row":
        violated = z3.And(nonempty, src.valid_row != dst.valid_row)
        what = "valid rows {src_validRow} differ from dst's {dst_validRow}"
    else:
        violated = z3.And(nonempty, src.valid_col != dst.valid_col)
        what = "valid columns {src_validCol} differ from dst's {dst_validCol}"
    return Check(violated, f"{ctx.builtin}: src `{_esc(src.text)}` " + what, show)


#: (builtin, implementation) -> the operands whose valid region the broadcast's check asserts non-empty (A2/A3
#: TCOLEXPAND returns early on an empty src or dst instead, with no assertion)
NONEMPTY = {("TROWEXPAND", "a2a3"): ("src", "dst"), ("TROWEXPAND", "a5"): ("src",), ("TCOLEXPAND", "a5"): ("src",)}


@rule("PTO833", "expand-broadcast-empty-src", instructions=tuple(BCAST), fault="valid-region",
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TRowExpand.hpp (TROWEXPAND_IMPL)",
                             "PTO_ASSERT srcValidRow != 0 && srcValidCol != 0 && dstValidRow != 0 && dstValidCol != 0 "
                             "(line 102), before any work: traps in debug builds; release builds broadcast from an "
                             "empty source (stale values) or write nothing"),
                  Provenance("header-runtime", "include/pto/npu/a5/TRowExpand.hpp, TColExpand.hpp "
                             "(TRowExpandCheck, TColExpandCheck)",
                             "a5: PTO_ASSERT srcValidRow != 0 && srcValidCol != 0 (TRowExpand.hpp 42, TColExpand.hpp "
                             "40), called first by TROWEXPAND / TCOLEXPAND_IMPL: traps in debug builds; release "
                             "builds broadcast src's stale first column (row) over dst"),
                  Provenance("isa-doc", "docs/isa/TROWEXPAND.md, TCOLEXPAND.md", "src provides one value per dst "
                             "row (column): it is not empty")))
def expand_broadcast_empty_src(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TROWEXPAND / TCOLEXPAND of a source with no valid row or no valid column.

    ## What it does
    Flags a broadcast whose `src` valid rows or columns can be 0: TROWEXPAND on A2/A3 (where dst's valid
    region must not be empty either) and on A5, TCOLEXPAND on A5. A2/A3 TCOLEXPAND returns early on an empty
    operand without asserting, so it is not flagged.

    ## Why is this bad?
    The check function asserts a non-empty source with `PTO_ASSERT` before anything else: a debug build traps.
    A release build broadcasts anyway: the row (column) values it spreads over dst were never written by the
    kernel for this block, so dst is filled with stale data.

    ## Example
    ```cpp
    int vr = rows - r;   // 0 when the loop runs one block too far
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> scale(vr);
    TROWEXPAND(dst, scale);
    ```

    ## Use instead
    ```cpp
    if (vr > 0) {
        Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> scale(vr);
        TROWEXPAND(dst, scale);
    }
    ```
    """
    ops = _bcast(ctx)
    if ops is None:
        return None
    dst, src = ops
    names = NONEMPTY.get((ctx.builtin, ctx.impl))
    if names is None or not _bcast_compiles(ctx, dst, src):
        return None
    tiles = {"src": src, "dst": dst}
    show = {f"{n}_valid{a}": getattr(tiles[n], f"valid_{a.lower()}") for n in names for a in ("Row", "Col")}
    empty = [z3.Or(tiles[n].valid_row == 0, tiles[n].valid_col == 0) for n in names]
    which = " or ".join(f"{n} `{_esc(tiles[n].text)}` ({{{n}_validRow}} x {{{n}_validCol}})" for n in names)
    return Check(z3.Or(*empty), f"{ctx.builtin}: {which} has an empty valid region: the PTO_ASSERT traps in debug "
                                "builds; release builds broadcast stale values", show)

"""Row and column reductions (PTO801..): TROWSUM TROWMAX TROWMIN (dst, src, tmp) and TCOLSUM TCOLMAX TCOLMIN
TCOLPROD (dst, src[, tmp, isBinary]).

One table (REDUCE) holds the per-instruction, per-target facts read from the implementations:
- row reductions: a2a3/TRowReduceOps.hpp TRowReduceCheck (+ TRowSum/TRowMax/TRowMin.hpp), a5/TRowReduce.hpp
  (TRowReduceCheck + the per-op static_assert in TRowSum/TRowMax/TRowMin; int64/uint64 take Int64Reduce.hpp
  without any type assert). Both: dst and src Vec, src ND, dst ND or DN with Cols == 1, dst dtype == src dtype;
  PTO_ASSERT src valid rows == dst valid rows. A2/A3 half/float uses tmp (rows of one 256-byte repeat); A5 ignores
  tmp.
- column reductions: a2a3/TColReduceOps.hpp TColReduceCheck, a2a3/TColSum.hpp TColSumCheck, a5/TColReduceOps.hpp,
  a5/TColProd.hpp. Both: dst and src Vec and ND, equal dtypes; PTO_ASSERT src valid cols == dst valid cols.
TROWPROD is modelled separately (rules/trowprod.py).
- arg reductions TROWARGMAX TROWARGMIN TCOLARGMAX TCOLARGMIN, index form (dst, src, tmp) and value+index form
  (dstVal, dstIdx, src, tmp): the index tile takes dst's place in the rules above (its element type is an
  index type, PTO808); dstVal has src's element type and dst's layout constraints.
  a2a3/TRowReduceIdxOps.hpp and a5/TRowReduceIdx.hpp reuse TRowReduceCheck (A5's has no value-type list);
  a2a3/TColReduceIdx.hpp and a5/TColReduceIdx.hpp check their own lists, accept an ND or DN src (NoneBox),
  and A2/A3 also static_asserts tmp's element type == src's. (a2a3/TColArgMax.hpp and TColArgMin.hpp are
  not included by pto_instr_impl.hpp: dead code, not modelled.)
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

_B4 = ("half", "float", "int32_t", "int16_t")
_A5_COL = ("int64_t", "uint64_t", "half", "float", "int8_t", "uint8_t", "uint16_t", "int16_t", "int32_t", "uint32_t",
           "bfloat16_t")

#: instruction -> axis ("row": one value per row, "col": one value per column) and src dtypes per target
REDUCE: dict[str, dict] = {
    "TROWSUM": {"axis": "row", "a2a3": _B4, "a5": (*_B4, "int64_t", "uint64_t")},
    "TROWMAX": {"axis": "row", "a2a3": _B4, "a5": (*_B4, "int8_t", "uint8_t", "int64_t", "uint64_t")},
    "TROWMIN": {"axis": "row", "a2a3": _B4, "a5": (*_B4, "int8_t", "uint8_t", "int64_t", "uint64_t")},
    # the tmp form TCOLSUM(dst, src, tmp, isBinary) instantiates both of its bodies (isBinary is a run-time bool),
    # each storing src's type through GetDistVst<T, DIST_NORM> (1-, 2-, 4-byte types): the 64-bit types of the
    # shared check only compile in the two-operand form (Int64ColReduce)
    "TCOLSUM": {"axis": "col", "a2a3": _B4, "a5": _A5_COL,
                "tmp_a5": tuple(t for t in _A5_COL if t not in ("int64_t", "uint64_t"))},
    "TCOLMAX": {"axis": "col", "a2a3": _B4, "a5": _A5_COL},
    "TCOLMIN": {"axis": "col", "a2a3": _B4, "a5": _A5_COL},
    "TCOLPROD": {"axis": "col", "a2a3": _B4,
                 "a5": ("float", "half", "bfloat16_t", "int16_t", "uint16_t", "int32_t", "uint32_t")},
}
_B124 = ("int8_t", "uint8_t", "int16_t", "uint16_t", "half", "bfloat16_t", "int32_t", "uint32_t", "float")
_A2_COLARG = ("uint32_t", "uint16_t", "half", "float")
#: arg reductions: "idx" marks them; "src_nd": whether src must be row-major (else only SLayout::NoneBox);
#: a None type list: the target checks no value type; "val_<target>": the list of the value+index form
for _op in ("TROWARGMAX", "TROWARGMIN"):
    REDUCE[_op] = {"axis": "row", "idx": True, "src_nd": True, "a2a3": _B4, "a5": None}
for _op in ("TCOLARGMAX", "TCOLARGMIN"):
    REDUCE[_op] = {"axis": "col", "idx": True, "src_nd": False, "tmp_same": ("a2a3",), "a2a3": _A2_COLARG,
                   "a5": _B124, "val_a5": tuple(t for t in _B124 if "8" not in t)}
INSTR = tuple(REDUCE)
ROW_INSTR = tuple(k for k, v in REDUCE.items() if v["axis"] == "row" and not v.get("idx"))
ARG_INSTR = tuple(k for k, v in REDUCE.items() if v.get("idx"))
#: index element types: (axis, value+index form, sizeof(value)) -> accepted; the index-only form takes 32-bit
IDX32 = ("int32_t", "uint32_t")
IDX_TYPES = {("row", True, 2): ("int16_t", "uint16_t", "int32_t", "uint32_t"), ("row", True, 4): IDX32,
             ("col", True, 2): ("int16_t", "uint16_t"), ("col", True, 4): IDX32}
ARG_HDR = ("include/pto/npu/a2a3/TRowReduceIdxOps.hpp, TColReduceIdx.hpp; include/pto/npu/a5/TRowReduceIdx.hpp, "
           "TColReduceIdx.hpp")

ALIASES = {"float16_t": "half", "_Float16": "half", "float32_t": "float", "int": "int32_t", "short": "int16_t"}
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4}
REPEAT_BYTES = 256  # one A2/A3 vector repeat

ROW_HDR = "include/pto/npu/a2a3/TRowReduceOps.hpp (TRowReduceCheck, TRowReduceInstr); a5/TRowReduce.hpp"
COL_HDR = "include/pto/npu/a2a3/TColReduceOps.hpp, TColSum.hpp; a5/TColReduceOps.hpp, TColSum.hpp, TColProd.hpp"
DOCS = "docs/isa/TROWSUM.md, TROWMAX.md, TROWMIN.md, TCOLSUM.md, TCOLMAX.md, TCOLMIN.md, TCOLPROD.md"


def _dt(name: str) -> str:
    return ALIASES.get(name, name)


def _ops(ctx: Ctx) -> tuple[TileView, TileView] | None:
    """(dst, src); for the arg reductions dst is the index tile (`dst` or `dstIdx`)."""
    dst, src = ctx.tile("dst") or ctx.tile("dstIdx"), ctx.tile("src")
    if dst is None or src is None or ctx.builtin not in REDUCE:
        return None
    return dst, src


def _row(ctx: Ctx) -> bool:
    return REDUCE[ctx.builtin]["axis"] == "row"


def _arg(ctx: Ctx) -> bool:
    return bool(REDUCE[ctx.builtin].get("idx"))


def _outs(ctx: Ctx, dst: TileView) -> list[tuple[str, TileView]]:
    """The output tiles whose location and layout are checked: dst (the index tile) and, if any, dstVal."""
    outs = [("dstIdx" if ctx.tile("dstIdx") is not None else "dst", dst)]
    if (val := ctx.tile("dstVal")) is not None:
        outs.append(("dstVal", val))
    return outs


def _src_ok(ctx: Ctx, src: TileView) -> bool:
    return src.slayout == "NoneBox" and (src.is_row_major or not REDUCE[ctx.builtin].get("src_nd", True))


def _src_types(ctx: Ctx) -> tuple[str, ...] | None:
    facts = REDUCE[ctx.builtin]
    if ctx.tile("dstVal") is not None and f"val_{ctx.target}" in facts:
        return facts[f"val_{ctx.target}"]
    if ctx.tile("tmp") is not None and f"tmp_{ctx.impl}" in facts:
        return facts[f"tmp_{ctx.impl}"]
    return facts[ctx.impl]


def _idx_types(ctx: Ctx, src: TileView) -> tuple[str, ...]:
    if ctx.tile("dstVal") is None:
        return IDX32
    return IDX_TYPES.get((REDUCE[ctx.builtin]["axis"], True, SIZES.get(_dt(src.dtype), 0)), ())


def _mismatched(ctx: Ctx, dst: TileView, src: TileView) -> list[tuple[str, TileView]]:
    """Operands static_asserted to have src's element type that do not."""
    if not _arg(ctx):
        return [("dst", dst)] if _dt(dst.dtype) != _dt(src.dtype) else []
    names = ["dstVal"] + (["tmp"] if ctx.impl in REDUCE[ctx.builtin].get("tmp_same", ()) else [])
    return [(n, t) for n in names if (t := ctx.tile(n)) is not None and _dt(t.dtype) != _dt(src.dtype)]


def _dst_layout_ok(ctx: Ctx, dst: TileView) -> bool:
    if dst.slayout != "NoneBox":
        return False
    return dst.is_row_major or (_row(ctx) and dst.cols == 1)


def _compiles(ctx: Ctx, dst: TileView, src: TileView) -> bool:
    types = _src_types(ctx)
    return (all(t.loc == "Vec" for _, t in _outs(ctx, dst)) and src.loc == "Vec" and _src_ok(ctx, src)
            and all(_dst_layout_ok(ctx, t) for _, t in _outs(ctx, dst))
            and (types is None or _dt(src.dtype) in types) and not _mismatched(ctx, dst, src)
            and (not _arg(ctx) or _dt(dst.dtype) in _idx_types(ctx, src)))


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


@rule("PTO801", "reduce-operand-not-vec", instructions=INSTR, fault="unsupported-path",
      provenance=(Provenance("header-static", ROW_HDR + "; " + COL_HDR, "static_assert Dst::Loc == Vec && "
                             "Src::Loc == Vec (both targets, every row and column reduction)"),
                  Provenance("header-static", ARG_HDR, "arg reductions: static_assert Vec for src, the index tile and "
                             "dstVal"),
                  Provenance("header-static", "include/pto/npu/a2a3/TColSum.hpp (TColSumCheck)",
                             "a2a3: TCOLSUM(dst, src, tmp, isBinary) asserts tmp is Vec too (a5/TColReduceOps.hpp "
                             "checks dst and src only)"),
                  Provenance("isa-doc", DOCS, "operands are UB (Vec) tiles")))
def reduce_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A row/column reduction operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks that `dst` and `src` of TROWSUM/TROWMAX/TROWMIN/TCOLSUM/TCOLMAX/TCOLMIN/TCOLPROD have
    `TileType::Vec`, and on A2/A3 the `tmp` of `TCOLSUM(dst, src, tmp, isBinary)` too.

    ## Why is this bad?
    The reductions run on the vector unit, which reads and writes the Unified Buffer only. Both targets reject
    other locations with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    TROWSUM(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;  // TLOAD / TMOV it into UB first
    TROWSUM(dst, src, tmp);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    tmp = [("tmp", t)] if ctx.builtin == "TCOLSUM" and ctx.impl == "a2a3" and (t := ctx.tile("tmp")) else []
    bad = [f"{n} `{t.text}` is TileType::{t.loc}" for n, t in (*_outs(ctx, ops[0]), ("src", ops[1]), *tmp)
           if t.loc != "Vec"]
    return Check(ctx.static(bool(bad)), _esc(f"{ctx.builtin}: " + "; ".join(bad) + " (must be TileType::Vec)"))


@rule("PTO802", "reduce-src-not-nd", instructions=INSTR, fault="unsupported-layout",
      provenance=(Provenance("header-static", ROW_HDR + "; " + COL_HDR, "static_assert Src::isRowMajor && "
                             "Src::SFractal == NoneBox (both targets)"),
                  Provenance("header-static", ARG_HDR, "row arg reductions: TRowReduceCheck (src ND); column arg "
                             "reductions: static_assert only Src::SFractal == NoneBox (ND or DN)"),
                  Provenance("header-static", "include/pto/npu/a2a3/TColSum.hpp (TColSumCheck, line 99)",
                             "a2a3 TCOLSUM with tmp: static_assert TileDataTmp::isRowMajor && TileDataTmp::SFractal "
                             "== SLayout::NoneBox"),
                  Provenance("isa-doc", DOCS, "src must be ND")))
def reduce_src_not_nd(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The source of a row/column reduction is not an ND (row-major, unboxed) tile.

    ## What it does
    Checks that `src` has `BLayout::RowMajor` and `SLayout::NoneBox` (the column arg reductions: only
    `SLayout::NoneBox`); on A2/A3 also TCOLSUM's `tmp` tile.

    ## Why is this bad?
    The implementations walk the source row by row with its row stride; both targets reject any other
    layout with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor> src;
    Tile<TileType::Vec, float, 1, 16> dst;
    TCOLMAX(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;  // ND source
    Tile<TileType::Vec, float, 1, 64> dst;
    TCOLMAX(dst, src);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    _, src = ops
    need = "ND (BLayout::RowMajor, SLayout::NoneBox)" if REDUCE[ctx.builtin].get("src_nd", True) else \
        "ND or DN (SLayout::NoneBox)"
    bad = [f"src `{src.text}` has layout {src.blayout}/{src.slayout}; it must be {need}"] if not _src_ok(ctx, src) \
        else []
    tmp = ctx.tile("tmp")
    if ctx.builtin == "TCOLSUM" and ctx.impl == "a2a3" and tmp is not None and not (
            tmp.is_row_major and tmp.slayout == "NoneBox"):
        bad.append(f"tmp `{tmp.text}` has layout {tmp.blayout}/{tmp.slayout}; A2/A3 needs an ND tmp")
    return Check(ctx.static(bool(bad)), _esc(f"{ctx.builtin}: " + "; ".join(bad)))


@rule("PTO803", "reduce-dst-layout", instructions=INSTR, fault="unsupported-layout",
      provenance=(Provenance("header-static", ROW_HDR, "row reductions: static_assert !Dst::isBoxedLayout && "
                             "(Dst::isRowMajor || Dst::Cols == 1)"),
                  Provenance("header-static", COL_HDR, "column reductions: static_assert Dst::isRowMajor && "
                             "Dst::SFractal == NoneBox"),
                  Provenance("header-static", ARG_HDR, "arg reductions: the index tile and dstVal have the row/column "
                             "reduction's dst layout constraints"),
                  Provenance("isa-doc", DOCS, "row reductions accept an ND dst or a one-column DN dst")))
def reduce_dst_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The destination layout of a row/column reduction is not accepted.

    ## What it does
    Row reductions (TROWSUM/TROWMAX/TROWMIN): `dst` must be ND, or DN (`BLayout::ColMajor`) with exactly
    one column. Column reductions (TCOLSUM/TCOLMAX/TCOLMIN/TCOLPROD): `dst` must be ND. Boxed layouts are
    never accepted.

    ## Why is this bad?
    The result of row `i` (column `j`) is stored at a fixed offset computed from the destination's row
    stride. Both targets reject other layouts with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 8, BLayout::ColMajor> dst;  // DN with 8 columns
    TROWMAX(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;  // DN, one column
    TROWMAX(dst, src, tmp);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, _ = ops
    need = "ND, or DN with exactly 1 column" if _row(ctx) else "ND (BLayout::RowMajor, SLayout::NoneBox)"
    bad = [f"{n} `{t.text}` has layout {t.blayout}/{t.slayout} with {t.cols} columns" for n, t in _outs(ctx, dst)
           if not _dst_layout_ok(ctx, t)]
    return Check(ctx.static(bool(bad)), _esc(f"{ctx.builtin}: " + "; ".join(bad) + f"; it must be {need}"))


@rule("PTO804", "reduce-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype",
      provenance=(Provenance("header-static", ROW_HDR, "A2/A3: static_assert T in {half, float, int32, int16}; A5: "
                             "TROWSUM {half, float, int32, int16}, TROWMAX/TROWMIN also int8/uint8; int64/uint64 "
                             "take the Int64Reduce path without a type assert"),
                  Provenance("header-static", COL_HDR, "A2/A3: {half, float, int16, int32}; A5 TColReduceCheck: "
                             "{int64, uint64, half, float, int8, uint8, uint16, int16, int32, uint32, bf16}; A5 "
                             "TCOLPROD: {float, half, bf16, int16, uint16, int32, uint32}"),
                  Provenance("header-static", "include/pto/npu/a5/TColSum.hpp ~l.111-148, a5/utils.hpp:46",
                             "A5 TCOLSUM(dst, src, tmp, isBinary): both TColSum<..., isBinary> bodies are "
                             "instantiated whatever the run-time flag, and both store src's type with GetDistVst<T, "
                             "DIST_NORM> (static_assert 1-, 2- or 4-byte types): int64 / uint64 compile only in the "
                             "two-operand form (Int64ColReduce); docs/isa/TCOLSUM.md lists the 64-bit types for the "
                             "shared check without that exception"),
                  Provenance("header-static", ARG_HDR, "arg reductions: A2/A3 rows {half, float, int32, int16}, A5 "
                             "rows no value-type check; columns A2/A3 {uint32, uint16, half, float}, A5 sizeof in {1, "
                             "2, 4} (not 1 in the value+index form)"),
                  Provenance("isa-doc", DOCS, "per-target type lists")))
def reduce_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The element type of a row/column reduction is not supported on this target.

    ## What it does
    Checks `src`'s element type against the list of the instruction on the target: A2/A3 accepts half,
    float, int32 and int16 for every reduction; A5 accepts more (int8/uint8 for TROWMAX/TROWMIN,
    64-bit integers for the row and column sums/max/min, unsigned and bfloat16 types for the column
    reductions), except 64-bit integers in TCOLSUM's form with a `tmp` tile (dst, src, tmp, isBinary).

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> src;
    Tile<TileType::Vec, int8_t, 16, 32> dst, tmp;
    TROWSUM(dst, src, tmp);  // int8 sums exist on no target
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> src;  // widen with TCVT first
    Tile<TileType::Vec, int16_t, 16, 16> dst, tmp;
    TROWSUM(dst, src, tmp);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    _, src = ops
    ok = _src_types(ctx)
    if ok is None:
        return None
    return Check(ctx.static(_dt(src.dtype) not in ok),
                 _esc(f"{ctx.builtin}: src `{src.text}` has element type {src.dtype}, not supported on {ctx.target} "
                      f"(supported: {', '.join(ok)})"))


@rule("PTO805", "reduce-dtype-mismatch", instructions=INSTR, fault="dtype-mismatch",
      provenance=(Provenance("header-static", ROW_HDR + "; " + COL_HDR, "static_assert Dst::DType == Src::DType "
                             "(both targets)"),
                  Provenance("header-static", ARG_HDR, "arg reductions: static_assert dstVal == src type; A2/A3 "
                             "column arg reductions also tmp == src type"),
                  Provenance("isa-doc", DOCS, "dst and src have the same element type")))
def reduce_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A row/column reduction's destination and source element types differ.

    ## What it does
    Compares `dst`'s and `src`'s element types.

    ## Why is this bad?
    The reduction is computed and stored in the source type, with no conversion; both targets reject
    different types with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 64> src;
    Tile<TileType::Vec, float, 1, 64> dst;
    TCOLSUM(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 1, 64> sum;
    TCOLSUM(sum, src);
    TCVT(dst, sum, RoundMode::CAST_NONE);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    bad = [f"{n} `{t.text}` is {t.dtype}" for n, t in _mismatched(ctx, dst, src)]
    return Check(ctx.static(bool(bad)), _esc(f"{ctx.builtin}: " + "; ".join(bad) + f" but src `{src.text}` is "
                                             f"{src.dtype}; the element types must be equal"))


@rule("PTO806", "reduce-valid-shape-mismatch", instructions=INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", ROW_HDR, "PTO_ASSERT srcValidRow == dstValidRow (debug builds only); "
                             "release builds write one result per src valid row"),
                  Provenance("header-runtime", COL_HDR, "PTO_ASSERT srcValidCol == dstValidCol (debug builds only); "
                             "release builds write one result per src valid column"),
                  Provenance("header-static", ARG_HDR, "arg reductions: PTO_ASSERT src valid rows (columns) == the "
                             "index tile's and dstVal's"),
                  Provenance("isa-doc", DOCS, "dst's valid rows (row reductions) / valid columns (column reductions) "
                             "equal src's")))
def reduce_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A reduction's source and destination disagree on the reduced-over axis' count at run time.

    ## What it does
    Row reductions: compares `src.GetValidRow()` with `dst.GetValidRow()`. Column reductions: compares
    `src.GetValidCol()` with `dst.GetValidCol()`. For the arg reductions the index tile and, in the
    value+index form, `dstVal` are compared. Only when src's valid region is not empty (an empty
    source makes the instruction return early).

    ## Why is this bad?
    The equality is only a `PTO_ASSERT` (debug builds). Release builds write one result per source row
    (column): with fewer, part of dst's valid region keeps stale data; with more, results land outside
    dst's valid region, past its storage when dst is smaller, overwriting a neighbouring tile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;  // always 16 valid rows
    TROWSUM(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, DYNAMIC, 1> dst(rows);
    TROWSUM(dst, src, tmp);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    if not _compiles(ctx, dst, src):
        return None
    nonempty = z3.And(src.valid_row > 0, src.valid_col > 0)
    show = {"src_validRow": src.valid_row, "src_validCol": src.valid_col}
    axis = "Row" if _row(ctx) else "Col"
    what = "rows" if _row(ctx) else "columns"
    bads, names = [], []
    for n, t in _outs(ctx, dst):
        show[f"{n}_validRow"], show[f"{n}_validCol"] = t.valid_row, t.valid_col
        bads.append(src.valid_row != t.valid_row if _row(ctx) else src.valid_col != t.valid_col)
        names.append(f"{n} `{_esc(t.text)}` has {{{n}_valid{axis}}}")
    msg = (f"{ctx.builtin}: src `{_esc(src.text)}` has {{src_valid{axis}}} valid {what} but " + ", ".join(names) +
           f"; release builds write {{src_valid{axis}}} {what[:-1]} results")
    return Check(z3.And(nonempty, z3.Or(*bads)), msg, show)


@rule("PTO807", "trowreduce-tmp-too-narrow-noop", instructions=ROW_INSTR, fault="no-op", targets=("a2a3",),
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TRowReduceOps.hpp (TRowReduceInstr)",
                             "for half/float with elemPerRpt < validCol < 2*elemPerRpt: `if constexpr (srcRptStride "
                             "< 8 || tmpRptStride < 8) return;` with tmpRptStride = Tmp::Cols / elemPerBlock: the "
                             "instruction silently returns without writing dst"),
                  Provenance("isa-doc", "docs/isa/TROWSUM.md, TROWMAX.md, TROWMIN.md", "tmp is documented only as "
                             "a scratch tile; its minimum width is not documented")))
def trowreduce_tmp_noop(ctx: Ctx) -> Check | None:
    """
    ## Summary
    On A2/A3 a too-narrow `tmp` makes TROWSUM/TROWMAX/TROWMIN silently do nothing.

    ## What it does
    For half and float sources on A2/A3, when the source's valid column count lies strictly between one
    and two vector repeats (64..128 floats, 128..256 halves, both exclusive), checks that `tmp` has at
    least one repeat of columns (64 floats / 128 halves).

    ## Why is this bad?
    The A2/A3 implementation copies the first repeat of every row into tmp with a block stride of
    `Tmp::Cols / elemPerBlock`; when that is less than 8 it returns early instead, without a diagnostic:
    dst keeps stale data and the kernel computes on garbage.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, DYNAMIC> src(cols);  // cols may be 100
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> dst;
    Tile<TileType::Vec, float, 16, 32> tmp;  // narrower than one 64-float repeat
    TROWSUM(dst, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 128> tmp;  // as wide as src
    TROWSUM(dst, src, tmp);
    ```
    """
    ops = _ops(ctx)
    tmp = ctx.tile("tmp")
    if ops is None or tmp is None or ctx.a5:
        return None
    dst, src = ops
    dtype = _dt(src.dtype)
    if not _compiles(ctx, dst, src) or dtype not in ("half", "float"):
        return None
    per_rpt = REPEAT_BYTES // SIZES[dtype]
    if not (tmp.cols < per_rpt or src.cols < per_rpt):
        return None
    violated = z3.And(src.valid_row > 0, src.valid_col > per_rpt, src.valid_col < 2 * per_rpt)
    return Check(violated, f"{ctx.builtin}: src `{_esc(src.text)}` has {{src_validCol}} valid columns (between "
                 f"{per_rpt} and {2 * per_rpt} {dtype}s) and tmp `{_esc(tmp.text)}` has only {tmp.cols} columns "
                 f"(< {per_rpt}); A2/A3 returns without computing, dst keeps stale data",
                 {"src_validCol": src.valid_col, "src_validRow": src.valid_row})


@rule("PTO832", "trowreduce-empty-src", instructions=ROW_INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", ROW_HDR, "PTO_ASSERT validCol != 0 && validRow != 0 (A2/A3 "
                             "TRowReduceCheck, TRowReduceOps.hpp 206) / srcValidRows != 0 && srcValidCols != 0 (A5 "
                             "TRowReduceCheck, TRowReduce.hpp 199), called first by TROWSUM / TROWMAX / TROWMIN_IMPL: "
                             "traps in debug builds; release builds run the reduction over the empty region and "
                             "leave dst's rows without a result"),
                  Provenance("isa-doc", "docs/isa/TROWSUM.md, TROWMAX.md, TROWMIN.md",
                             "src's valid rows and columns non-zero")))
def trowreduce_empty_src(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TROWSUM / TROWMAX / TROWMIN of a source with no valid row or no valid column.

    ## What it does
    Flags a row reduction whose `src` valid rows or valid columns (static, or set at run time through a
    `DYNAMIC` tile or `SetValidRow` / `SetValidCol`) can be 0. TROWPROD's are PTO207 / PTO208.

    ## Why is this bad?
    Both implementations start with `PTO_ASSERT` that the source region is not empty: a debug build traps.
    A release build goes on over an empty region and produces no row result, so dst keeps stale values a
    later step reads as maxima or sums. Column reductions return early on an empty source instead (no
    assertion), which is why only the row forms are flagged.

    ## Example
    ```cpp
    int vc = len - blk * 64;   // 0 on the last block when len is a multiple of 64
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> x(vc);
    TROWMAX(mx, x, tmp);
    ```

    ## Use instead
    ```cpp
    if (vc > 0) {
        Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC> x(vc);
        TROWMAX(mx, x, tmp);
    }
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    if not _compiles(ctx, dst, src):
        return None
    return Check(z3.Or(src.valid_row == 0, src.valid_col == 0),
                 f"{ctx.builtin}: src `{_esc(src.text)}` has an empty valid region ({{src_validRow}} x "
                 "{src_validCol}): the PTO_ASSERT traps in debug builds; release builds leave dst's rows without "
                 "a result", {"src_validRow": src.valid_row, "src_validCol": src.valid_col})


def _tmp_stride(tmp: TileView, src: TileView) -> int:
    """TCOLSUM's tmpStride: tmp's RowStride (Cols row-major, else 1) in src elements."""
    stride = tmp.cols if tmp.is_row_major else 1
    return stride * SIZES.get(_dt(tmp.dtype), 0) // max(SIZES.get(_dt(src.dtype), 1), 1)


@rule("PTO834", "tcolsum-tmp-stride-too-small", instructions=("TCOLSUM",), fault="tmp-undersized",
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TColSum.hpp (TCOLSUM_IMPL, line 129); "
                             "include/pto/npu/a5/TColSum.hpp (TCOLSUM_IMPL, line 143)",
                             "binary-tree form (isBinary true), non-empty src: PTO_ASSERT validCol <= tmpStride with "
                             "tmpStride = Tmp::RowStride * sizeof(Tmp::DType) / sizeof(T): traps in debug builds; "
                             "release builds lay src's rows out in tmp tmpStride elements apart, so the partial "
                             "sums of neighbouring rows overlap (and the last row's run past tmp's row)"),
                  Provenance("isa-doc", "docs/isa/TCOLSUM.md", "tmp is the binary-tree form's scratch tile; its "
                             "minimum width is not documented")))
def tcolsum_tmp_stride(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCOLSUM's binary-tree form with a `tmp` row narrower than src's valid columns.

    ## What it does
    For `TCOLSUM(dst, src, tmp, isBinary)` with `isBinary` possibly true and a non-empty source, checks that
    src's valid column count fits in one row of `tmp`: `tmp`'s row stride (its `Cols` when row-major, else 1)
    converted to src elements (`RowStride * sizeof(tmp's type) / sizeof(src's type)`).

    ## Why is this bad?
    Both implementations `PTO_ASSERT` it: a debug build traps. A release build adds pairs of source rows into
    `tmp` rows that are too short for them, so each row's partial sums overwrite the next one's and the
    column sums come out wrong.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, DYNAMIC> src(cols);   // up to 128 columns
    Tile<TileType::Vec, float, 8, 64> tmp;                                            // 64 per row
    TCOLSUM(sums, src, tmp, true);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 8, 128> tmp;   // as wide as src
    TCOLSUM(sums, src, tmp, true);
    ```
    """
    ops = _ops(ctx)
    tmp, flag = ctx.tile("tmp"), ctx.scalar("isBinary")
    if ops is None or tmp is None or flag is None:
        return None
    dst, src = ops
    if not _compiles(ctx, dst, src):
        return None
    if ctx.impl == "a2a3" and (tmp.loc != "Vec" or not tmp.is_row_major or tmp.slayout != "NoneBox"):
        return None  # A2/A3 TColSumCheck static_asserts a Vec ND tmp (PTO801; the layout: an open item)
    if z3.is_bool(flag):
        binary = flag
    elif z3.is_int(flag):
        binary = flag != 0
    else:
        return None
    stride = _tmp_stride(tmp, src)
    return Check(z3.And(binary, src.valid_row > 0, src.valid_col > 0, src.valid_col > stride),
                 f"TCOLSUM binary-tree form: src `{_esc(src.text)}` has {{src_validCol}} valid columns but a row of "
                 f"tmp `{_esc(tmp.text)}` holds {stride} {src.dtype} (the PTO_ASSERT traps in debug builds; release "
                 "builds overlap the rows' partial sums)", {"src_validCol": src.valid_col})


@rule("PTO808", "argreduce-index-dtype", instructions=ARG_INSTR, fault="unsupported-dtype",
      provenance=(Provenance("header-static", "include/pto/npu/a2a3/TRowReduceIdxOps.hpp, a5/TRowReduceIdx.hpp "
                             "(TRowReduceIdxCheck)", "index-only form: int32/uint32; value+index form: int32/uint32 "
                             "for 4-byte values, int16/uint16/int32/uint32 for 2-byte values"),
                  Provenance("header-static", "include/pto/npu/a2a3/TColReduceIdx.hpp, a5/TColReduceIdx.hpp "
                             "(TColReduceIdxCheck)", "index-only form: int32/uint32; value+index form: int16/uint16 "
                             "for 2-byte values, int32/uint32 for 4-byte values"),
                  Provenance("isa-doc", "docs/isa/TROWARGMAX.md, TCOLARGMAX.md ...", "the index tile holds integer "
                             "indices; the per-width rules are taken from the headers")))
def argreduce_index_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The index tile of an arg reduction has an element type the implementation rejects.

    ## What it does
    For TROWARGMAX/TROWARGMIN/TCOLARGMAX/TCOLARGMIN checks the index output's element type: int32 or
    uint32 in the index-only form `(dst, src, tmp)`; in the value+index form `(dstVal, dstIdx, src, tmp)`
    it depends on the value width: 4-byte values need int32/uint32 indices, 2-byte values int16/uint16
    (column arg reductions) or int16/uint16/int32/uint32 (row arg reductions).

    ## Why is this bad?
    Both targets reject other index types with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;
    Tile<TileType::Vec, int16_t, 16, 1, BLayout::ColMajor> idx;  // 16-bit indices
    TROWARGMAX(idx, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 1, BLayout::ColMajor> idx;
    TROWARGMAX(idx, src, tmp);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    types = _src_types(ctx)
    if types is not None and _dt(src.dtype) not in types:
        return None
    ok = _idx_types(ctx, src)
    name = "dstIdx" if ctx.tile("dstIdx") is not None else "dst"
    form = f"with {src.dtype} values" if ctx.tile("dstVal") is not None else "in the index-only form"
    return Check(ctx.static(_dt(dst.dtype) not in ok),
                 _esc(f"{ctx.builtin}: index tile {name} `{dst.text}` has element type {dst.dtype}; {form} "
                      f"{ctx.target} accepts {', '.join(ok) or 'no index type'}"))


COL_ARG_INSTR = tuple(k for k in ARG_INSTR if REDUCE[k]["axis"] == "col")
COL_ARG_HDR = "include/pto/npu/a2a3/TColReduceIdx.hpp, a5/TColReduceIdx.hpp (TColReduceIdxCheck)"


@rule("PTO212", "colargreduce-output-shape", instructions=COL_ARG_INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", COL_ARG_HDR, "PTO_ASSERT srcValidRow != 0 && srcValidCol != 0, the "
                             "index tile's valid rows == 1 and, in the value+index form, dstVal's valid rows == 1, "
                             "!= 0 valid columns and the same valid rows as the index tile, checked before any early "
                             "return (debug builds only); release builds write the results into row 0 only"),
                  Provenance("isa-doc", "docs/isa/TCOLARGMAX.md, TCOLARGMIN.md", "one result row per source column; "
                             "the documents do not state the one-row or non-empty requirements, taken from the "
                             "headers")))
def colargreduce_output_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A column arg reduction with an empty source, or whose index / value output has other than one valid row.

    ## What it does
    For TCOLARGMAX / TCOLARGMIN (index-only form `(dst, src, tmp)` and value+index form
    `(dstVal, dstIdx, src, tmp)`) checks at run time that src's valid region is not empty and that the index
    tile (and dstVal) has exactly one valid row. The valid-column equalities are PTO806's.

    ## Why is this bad?
    Both targets check these with a `PTO_ASSERT` before anything else: a debug build traps, also on an empty
    source (which other reductions simply skip). A release build writes the results into row 0 only: the
    other valid rows of the outputs keep stale data that later instructions read as results.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);  // rows may be 0
    Tile<TileType::Vec, int32_t, 8, 64, BLayout::RowMajor, 8, 64> idx;           // 8 valid rows
    TCOLARGMAX(idx, src, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 64> idx;  // one row of indices
    if (rows > 0) {
        TCOLARGMAX(idx, src, tmp);
    }
    ```
    """
    ops = _ops(ctx)
    if ops is None or ctx.builtin not in COL_ARG_INSTR:
        return None
    dst, src = ops
    if not _compiles(ctx, dst, src):
        return None
    show = {"src_validRow": src.valid_row, "src_validCol": src.valid_col}
    bads = [src.valid_row == 0, src.valid_col == 0]
    parts = [f"src `{_esc(src.text)}` has {{src_validRow}} x {{src_validCol}} valid elements"]
    for n, t in _outs(ctx, dst):
        show[f"{n}_validRow"] = t.valid_row
        bads.append(t.valid_row != 1)
        parts.append(f"{n} `{_esc(t.text)}` has {{{n}_validRow}} valid rows")
    return Check(z3.Or(*bads), f"{ctx.builtin}: " + ", ".join(parts) + "; the header asserts a non-empty src and "
                 "one valid row per output (debug builds trap; release builds write row 0 only)", show)

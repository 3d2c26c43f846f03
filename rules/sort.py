"""Sorting (PTO979..PTO989): TSORT32 and TMRGSORT (2/3/4-list merge with tmp and executedNumList, and the
single-list block merge `TMRGSORT(dst, src, blockLen)`).

One declarative table, `FACTS[instruction][target]`, written from include/pto/npu/a2a3/TSort32.hpp,
a2a3/TMrgSort.hpp, a5/TSort32.hpp and a5/TMrgSort.hpp, and one rule function per constraint shape.
Operand names are the model header's: TSORT32(dst, src, idx[, tmp]); TMRGSORT(dst, executedNumList, tmp,
src0, src1[, src2[, src3]]) and TMRGSORT(dst, src, blockLen).

What the headers do:
- TSORT32 (both targets, CheckStatic): dst in {half, float}; src == dst type; idx uint32_t; dst, src, idx
  Vec and row-major (tmp is not checked). Rows: dst's valid rows; per row `src.GetValidCol() / 32` blocks
  of 32 are sorted by vbitsort into dst as 8-byte (value, index) pairs, i.e. 2 (float) or 4 (half) dst
  elements per source element. The 3-operand form never looks at the tail `validCol % 32` (neither
  sorted nor written); the 4-operand form pads the tail block through tmp.
- TMRGSORT (both targets, CheckStatic / CheckOverMemory): all tiles half or float of one type, Vec,
  row-major; Rows == 1 for dst, tmp, src0, src1 and src2 (src3's rows are not checked); the multi-list
  forms merge `src_i.GetValidCol() >> (1 float | 2 half)` 8-byte structures of every list into tmp
  (vmrgsort4) and then copy dst's valid columns from tmp to dst. The single-list form merges 4 blocks of
  `blockLen` elements, `src.GetValidCol() / (blockLen * 4)` times (cast to uint8_t); A2/A3 checks
  `srcCol % (blockLen * 4) == 0` and the repeat range [1, 255] only with PTO_ASSERT, A5 not at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

A2 = "include/pto/npu/a2a3/"
A5 = "include/pto/npu/a5/"
DOCS = "docs/isa/"
SORT_TYPES = frozenset({"half", "float"})
MRG_ALL = ("dst", "tmp", "src0", "src1", "src2", "src3", "src")


@dataclass(frozen=True)
class Facts:
    """What one target's implementation of one sort instruction checks (static_assert)."""

    hdr: str
    types: frozenset[str]  # dst's accepted element types
    same: tuple[str, ...]  # operands whose element type must equal dst's
    fixed: tuple[tuple[str, str], ...]  # (operand, the only element type accepted)
    vec: tuple[str, ...]  # Loc == TileType::Vec
    row_major: tuple[str, ...]  # isRowMajor
    one_row: tuple[str, ...]  # Rows == 1


def _tsort32(hdr: str) -> Facts:
    return Facts(hdr, SORT_TYPES, ("src",), (("idx", "uint32_t"),), ("dst", "src", "idx"), ("dst", "src", "idx"), ())


def _tmrgsort(hdr: str) -> Facts:
    # the single-list form instantiates CheckStatic<Dst, Dst, Src, Src, Src, Src>: its `src` is src0..src3
    return Facts(hdr, SORT_TYPES, MRG_ALL[1:], (), MRG_ALL, MRG_ALL, ("dst", "tmp", "src0", "src1", "src2", "src"))


FACTS: dict[str, dict[str, Facts]] = {
    "TSORT32": {"a2a3": _tsort32(A2 + "TSort32.hpp"), "a5": _tsort32(A5 + "TSort32.hpp")},
    "TMRGSORT": {"a2a3": _tmrgsort(A2 + "TMrgSort.hpp"), "a5": _tmrgsort(A5 + "TMrgSort.hpp")},
}
INSTR = tuple(FACTS)
HDRS = "; ".join(f.hdr for fs in FACTS.values() for f in fs.values())


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _facts(ctx: Ctx) -> Facts | None:
    f = FACTS.get(ctx.builtin, {}).get(ctx.impl)
    if f is None or ctx.tile("dst") is None:
        return None
    return f


def _present(ctx: Ctx, names: tuple[str, ...]) -> list[tuple[str, TileView]]:
    return [(n, t) for n in names if (t := ctx.tile(n)) is not None]


def _compiles(ctx: Ctx, f: Facts) -> bool:
    """Whether none of the target's static_asserts fires at this call."""
    dst = ctx.tile("dst")
    if dst.dtype not in f.types:
        return False
    if any(t.dtype != dst.dtype for _, t in _present(ctx, f.same)):
        return False
    if any(t.dtype != want for n, want in f.fixed if (t := ctx.tile(n)) is not None):
        return False
    if any(t.loc != "Vec" for _, t in _present(ctx, f.vec)):
        return False
    if any(not t.spec.is_row_major for _, t in _present(ctx, f.row_major)):
        return False
    return not any(t.rows != 1 for _, t in _present(ctx, f.one_row))


def _coef(dtype: str) -> int:
    """dst elements per sorted element: an 8-byte (value, index) structure in 4-byte (float) or 2-byte units."""
    return 2 if dtype == "float" else 4


@rule("PTO980", "sort-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype",
      provenance=(Provenance("header-static", HDRS, "CheckStatic: static_assert DstTileData::DType is half or "
                             "float (TSORT32 and all TMRGSORT forms, both targets)"),
                  Provenance("isa-doc", DOCS + "TSORT32.md, TMRGSORT.md", "half or float; the docs agree")))
def sort_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSORT32 / TMRGSORT element type is not half or float.

    ## What it does
    Checks dst's element type: both sort instructions accept only `half` and `float` on both targets.

    ## Why is this bad?
    The vbitsort / vmrgsort4 hardware sorts only 16- and 32-bit floating-point keys; the implementation
    rejects other types with a `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 256> src, dst;
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);  // int32 keys are rejected
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 256> src, dst;  // convert the keys first (TCVT)
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    dst = ctx.tile("dst")
    return Check(ctx.static(dst.dtype not in f.types),
                 f"{ctx.builtin}: dst `{_esc(dst.text)}` has element type {dst.dtype}; only half and float are "
                 f"supported on {ctx.target}")


@rule("PTO981", "sort-dtype-mismatch", instructions=INSTR, fault="dtype-mismatch",
      provenance=(Provenance("header-static", HDRS, "static_assert Src::DType == Dst::DType (TSORT32); TMRGSORT: "
                             "tmp and every src have dst's DType"),))
def sort_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TSORT32 / TMRGSORT operand's element type differs from dst's.

    ## What it does
    TSORT32: src must have dst's element type. TMRGSORT: tmp and every source list must have dst's
    element type.

    ## Why is this bad?
    The value-index structures are read and written in one element type; the implementation rejects
    a mismatch with a `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 1, 64> src;
    Tile<TileType::Vec, float, 1, 128> dst;
    Tile<TileType::Vec, uint32_t, 1, 64> idx;
    TSORT32(dst, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 1, 256> dst;  // half pairs take 4 half slots per element
    TSORT32(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    dst = ctx.tile("dst")
    bad = [f"{n} `{_esc(t.text)}` is {t.dtype}" for n, t in _present(ctx, f.same) if t.dtype != dst.dtype]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + f" but dst `{_esc(dst.text)}` is "
                 f"{dst.dtype} (all must have the same element type)")


@rule("PTO982", "tsort32-index-not-uint32", instructions=("TSORT32",), fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2 + "TSort32.hpp; " + A5 + "TSort32.hpp",
                             "static_assert IdxTileData::DType is uint32_t"),
                  Provenance("isa-doc", DOCS + "TSORT32.md", "idx = uint32_t")))
def tsort32_index_not_uint32(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSORT32's index tile is not `uint32_t`.

    ## What it does
    Checks the element type of `idx`, the indices permuted together with the values.

    ## Why is this bad?
    vbitsort packs a 32-bit index into every 8-byte output structure; the implementation rejects any
    other index type with a `static_assert` (not even `int32_t` is accepted).

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 64> idx;
    TSORT32(dst, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, uint32_t, 1, 64> idx;
    TSORT32(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    idx = ctx.tile("idx")
    if f is None or idx is None:
        return None
    return Check(ctx.static(idx.dtype != "uint32_t"),
                 f"TSORT32: idx `{_esc(idx.text)}` has element type {idx.dtype}; it must be uint32_t")


@rule("PTO983", "sort-operand-not-vec", instructions=INSTR, fault="unsupported-path",
      provenance=(Provenance("header-static", HDRS, "static_assert Loc == TileType::Vec for dst, src, idx "
                             "(TSORT32; tmp unchecked) and dst, tmp, src0..src3 (TMRGSORT)"),))
def sort_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TSORT32 / TMRGSORT operand is not a Vec (Unified Buffer) tile.

    ## What it does
    Checks the location of every tile the target's `static_assert` checks: TSORT32's dst, src and idx,
    TMRGSORT's dst, tmp and source lists.

    ## Why is this bad?
    The sort units read and write the Unified Buffer only; other locations are rejected at compile time.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 1, 64> src;
    TSORT32(dst, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 64> src;  // TLOAD it into UB
    TSORT32(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = [f"{n} `{_esc(t.text)}` is TileType::{t.loc}" for n, t in _present(ctx, f.vec) if t.loc != "Vec"]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + " (must be TileType::Vec)")


@rule("PTO984", "sort-not-row-major", instructions=INSTR, fault="unsupported-layout",
      provenance=(Provenance("header-static", HDRS, "static_assert isRowMajor for dst, src, idx (TSORT32) and "
                             "dst, tmp, src0..src3 (TMRGSORT)"),))
def sort_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TSORT32 / TMRGSORT operand is not row-major.

    ## What it does
    Checks `BLayout::RowMajor` on the tiles the target's `static_assert` checks.

    ## Why is this bad?
    The sorted lists are addressed as contiguous rows; column-major tiles are rejected at compile time.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor> src;
    TSORT32(dst, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 64> src;
    TSORT32(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = [f"{n} `{_esc(t.text)}` is BLayout::{t.blayout}" for n, t in _present(ctx, f.row_major)
           if not t.spec.is_row_major]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + " (must be BLayout::RowMajor)")


@rule("PTO985", "tmrgsort-rows-not-one", instructions=("TMRGSORT",), fault="invalid-tile",
      provenance=(Provenance("header-static", A2 + "TMrgSort.hpp; " + A5 + "TMrgSort.hpp",
                             "static_assert Rows == 1 for dst, tmp, src0, src1, src2 (src3 is not checked)"),
                  Provenance("isa-doc", DOCS + "TMRGSORT.md", "says all tiles must have Rows == 1; the header "
                             "does not check src3 (modelled)")))
def tmrgsort_rows_not_one(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A TMRGSORT tile has more than one row.

    ## What it does
    Checks `Rows == 1` for dst, tmp and the source lists the header checks (src0, src1, src2; the
    single-list form's src).

    ## Why is this bad?
    Every list is one contiguous row of 8-byte structures; the implementation rejects multi-row tiles
    with a `static_assert`.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 2, 128> src, dst;
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 256> src, dst;
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = [f"{n} `{_esc(t.text)}` has {t.rows} rows" for n, t in _present(ctx, f.one_row) if t.rows != 1]
    return Check(ctx.static(bool(bad)), "TMRGSORT: " + "; ".join(bad) + " (every list must be a single row)")


@rule("PTO986", "tsort32-unaligned-tail-dropped", instructions=("TSORT32",), fault="partial-result",
      provenance=(Provenance("header-runtime", A2 + "TSort32.hpp; " + A5 + "TSort32.hpp",
                             "3-operand TSORT32_IMPL: repeatNumPerRow = src.GetValidCol() / 32; the tail is never "
                             "read or written (no check at all)"),
                  Provenance("isa-doc", DOCS + "TSORT32.md", "3-arg: validCol % 32 == 0; use the 4-arg form "
                             "(tmp) for a non-aligned tail")))
def tsort32_unaligned_tail_dropped(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSORT32 without a tmp tile on a source whose valid columns are not a multiple of 32.

    ## What it does
    For `TSORT32(dst, src, idx)` checks on the path reaching the call whether `src.GetValidCol() % 32`
    can be non-zero while rows are sorted.

    ## Why is this bad?
    The 3-operand form sorts `validCol / 32` whole blocks per row and silently ignores the remaining
    `validCol % 32` elements: they are neither sorted nor written to dst, which keeps stale data there
    (and with fewer than 32 valid columns nothing is sorted at all). No check catches it.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, 1, DYNAMIC> src(n);  // n = 100
    TSORT32(dst, src, idx);  // sorts 96 elements, drops 4
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 128> tmp;
    TSORT32(dst, src, idx, tmp);  // pads the tail block with -inf through tmp
    ```
    """
    f = _facts(ctx)
    src = ctx.tile("src")
    if f is None or src is None or ctx.tile("tmp") is not None or not _compiles(ctx, f):
        return None
    dst = ctx.tile("dst")
    violated = z3.And(dst.valid_row > 0, src.valid_col > 0, src.valid_col % 32 != 0)
    return Check(violated, f"TSORT32(dst, src, idx): src `{_esc(src.text)}` has {{src_validCol}} valid columns, not "
                 "a multiple of 32: the last {tail} are neither sorted nor written (pass a tmp tile)",
                 {"src_validCol": src.valid_col, "tail": src.valid_col % 32})


@rule("PTO979", "tsort32-tmp-not-vec", instructions=("TSORT32",), fault="unsupported-path",
      provenance=(Provenance("hazard", A2 + "TSort32.hpp:119, 197; " + A5 + "TSort32.hpp:129, 215",
                             "4-operand TSORT32_IMPL: when src.GetValidCol() % 32 != 0, tmp's address is cast to a "
                             "__ubuf__ pointer and the tail block is copied and padded there; CheckStatic checks "
                             "only dst, src and idx, so a tmp in another buffer compiles"),
                  Provenance("isa-doc", DOCS + "TSORT32.md", "tmp is a UB scratch tile")))
def tsort32_tmp_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSORT32's tmp tile is not a Vec (Unified Buffer) tile.

    ## What it does
    For `TSORT32(dst, src, idx, tmp)` on calls that otherwise compile, checks that `tmp` has
    `TileType::Vec` whenever the source's valid columns can be a non-multiple of 32 on the path (the
    only case where the implementation touches tmp).

    ## Why is this bad?
    Neither target checks tmp's location: the call compiles, and the tail block of every row is copied
    to, padded and sorted from tmp's address taken as a Unified Buffer address, overwriting whatever
    lives at that UB offset (the same hazard as a non-Vec operand of TROWEXPANDMUL or TCOLEXPANDMAX).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 40> src;
    Tile<TileType::Mat, float, 1, 64> tmp;  // lives in L1
    TSORT32(dst, src, idx, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 64> tmp;
    TSORT32(dst, src, idx, tmp);
    ```
    """
    f = _facts(ctx)
    src, tmp = ctx.tile("src"), ctx.tile("tmp")
    if f is None or src is None or tmp is None or tmp.loc == "Vec" or not _compiles(ctx, f):
        return None
    dst = ctx.tile("dst")
    violated = z3.And(dst.valid_row > 0, src.valid_col % 32 != 0)
    return Check(violated, f"TSORT32(dst, src, idx, tmp): tmp `{_esc(tmp.text)}` is TileType::{tmp.loc} and src has "
                 f"{{src_validCol}} valid columns: {ctx.target} pads the tail block at tmp's address taken as a UB "
                 "address", {"src_validCol": src.valid_col})


@rule("PTO987", "tsort32-dst-too-narrow", instructions=("TSORT32",), fault="out-of-bounds",
      provenance=(Provenance("header-runtime", A2 + "TSort32.hpp; " + A5 + "TSort32.hpp",
                             "vbitsort writes 32 * typeCoef dst elements per block (typeCoef 2 float, 4 half) at "
                             "row offset i * dst RowStride; dst's width is never checked"),
                  Provenance("isa-doc", DOCS + "TSORT32.md", "dst is R x 2C (float) / R x 4C (half); the linter "
                             "requires only the written pairs of the valid columns, so padded blocks of the 4-arg "
                             "form are not counted")))
def tsort32_dst_too_narrow(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSORT32's dst row is too narrow for the sorted (value, index) pairs.

    ## What it does
    Every sorted element becomes an 8-byte (value, index) structure: 2 dst elements for float, 4 for
    half. Checks that dst's row (`Cols`) holds `validCol * 2` (float) or `validCol * 4` (half) elements
    (3-operand form: the `validCol / 32` whole blocks it writes).

    ## Why is this bad?
    vbitsort writes each row's pairs from the start of dst's row whatever its width: a narrow dst
    overwrites the next rows' results and, for the last row, memory past the tile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 4, 64> src, dst;  // needs 4 x 128 floats
    TSORT32(dst, src, idx);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 4, 128> dst;
    TSORT32(dst, src, idx);
    ```
    """
    f = _facts(ctx)
    src = ctx.tile("src")
    if f is None or src is None or not _compiles(ctx, f):
        return None
    dst = ctx.tile("dst")
    coef = _coef(dst.dtype)
    elems = src.valid_col if ctx.tile("tmp") is not None else src.valid_col / 32 * 32
    need = elems * coef
    violated = z3.And(dst.valid_row > 0, need > dst.cols)
    return Check(violated, f"TSORT32: {{n}} sorted {dst.dtype} elements need {{need}} dst elements per row "
                 f"({coef} per element) but dst `{_esc(dst.text)}` has {dst.cols} columns: the pairs overrun the row",
                 {"n": elems, "need": need})


def _exhausted(ctx: Ctx) -> bool:
    v = ctx.template_args.get("exhausted", "")
    return v in ("true", "1")


@rule("PTO988", "tmrgsort-tmp-too-small", instructions=("TMRGSORT",), fault="tmp-undersized",
      provenance=(Provenance("header-runtime", A2 + "TMrgSort.hpp; " + A5 + "TMrgSort.hpp",
                             "vmrgsort4 writes the merged structures of all lists (src_i.GetValidCol() >> 1|2 each) "
                             "into tmp before the copy to dst; tmp's size is never checked"),
                  Provenance("isa-doc", DOCS + "TMRGSORT.md", "tmp.Cols >= sum of the source Cols "
                             "(GETMRGSORTTMPSIZE); the linter requires only the sum of the valid columns")))
def tmrgsort_tmp_too_small(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMRGSORT's tmp tile cannot hold the merged lists.

    ## What it does
    For the 2/3/4-list forms, compares the number of elements the merge writes into `tmp` (the valid
    columns of all source lists, in whole 8-byte structures) with tmp's columns.

    ## Why is this bad?
    vmrgsort4 writes the whole merged list into tmp and only then copies dst's valid columns to dst:
    a small tmp (e.g. sized for the top-k result instead of for the inputs) is overrun and whatever
    lies after it in the Unified Buffer is overwritten. With `exhausted` set the merge stops when a
    list runs out, which can be after every structure but the last of each other list: that bound is
    checked.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 256> a, b;
    Tile<TileType::Vec, float, 1, 256> tmp;  // needs 512
    TMRGSORT<Dst, decltype(tmp), decltype(a), decltype(b), false>(dst, executed, tmp, a, b);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, GETMRGSORTTMPSIZE<decltype(a), decltype(b)>()> tmp;
    ```
    """
    f = _facts(ctx)
    tmp = ctx.tile("tmp")
    if f is None or tmp is None or not _compiles(ctx, f):
        return None
    dst = ctx.tile("dst")
    shift = 2 if dst.dtype == "float" else 4
    srcs = [t for _, t in _present(ctx, ("src0", "src1", "src2", "src3"))]
    if len(srcs) < 2:
        return None
    counts = [t.valid_col / shift for t in srcs]  # 8-byte structures per list
    structs = z3.Sum(counts)
    if _exhausted(ctx):
        # the merge stops when a list runs out: at most every structure but the last of each other list
        structs = z3.If(z3.Or([c <= 0 for c in counts]), 0, structs - (len(srcs) - 1))
    written = structs * shift
    violated = written > tmp.cols
    names = ", ".join(f"`{_esc(t.text)}`" for t in srcs)
    upto = "up to " if _exhausted(ctx) else ""
    return Check(violated, f"TMRGSORT: merging {len(srcs)} lists ({names}) writes {upto}{{written}} elements into "
                 f"tmp `{_esc(tmp.text)}`, which has {tmp.cols} columns", {"written": written})


@rule("PTO989", "tmrgsort-block-len-mismatch", instructions=("TMRGSORT",), fault="partial-result",
      provenance=(Provenance("header-runtime", A2 + "TMrgSort.hpp", "PTO_ASSERT srcCol % (blockLen * 4) == 0 and "
                             "repeatTimes in [1, 255] (debug only); repeatTimes = srcCol / (blockLen * 4) is cast to "
                             "uint8_t"),
                  Provenance("header-runtime", A5 + "TMrgSort.hpp", "no check at all; same arithmetic"),
                  Provenance("isa-doc", DOCS + "TMRGSORT.md", "blockLen multiple of 64, srcCol multiple of "
                             "blockLen * 4, repeat in [1, 255]; the blockLen % 64 requirement is not modelled (a "
                             "release build merges other block lengths correctly)")))
def tmrgsort_block_len_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Single-list TMRGSORT: the source's valid columns are not 1..255 whole groups of `4 * blockLen`.

    ## What it does
    For `TMRGSORT(dst, src, blockLen)` checks that `src.GetValidCol()` is a multiple of `blockLen * 4`
    and that the quotient (the repeat count) lies in [1, 255], and that blockLen is not zero.

    ## Why is this bad?
    The merge runs `srcCol / (blockLen * 4)` times, cast to `uint8_t`: a remainder is left unmerged, a
    quotient of 0 merges nothing and one above 255 wraps around, so only part of the list is merged
    (blockLen 0 divides by zero). A2/A3 checks this only in debug builds, A5 never.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 512, BLayout::RowMajor, 1, DYNAMIC> src(n);  // n = 320
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);  // merges 256, leaves 64
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 512, BLayout::RowMajor, 1, DYNAMIC> src(n / 256 * 256);
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);
    ```
    """
    f = _facts(ctx)
    src = ctx.tile("src")
    block = ctx.scalar("blockLen")
    if f is None or src is None or block is None or z3.is_real(block) or z3.is_bool(block) or not _compiles(ctx, f):
        return None
    group = block * 4
    col = src.valid_col
    bad = z3.Or(block <= 0, col % group != 0, col / group < 1, col / group > 255)
    violated = z3.And(col > 0, bad)
    return Check(violated, f"TMRGSORT(dst, src, blockLen): src `{_esc(src.text)}` has {{src_validCol}} valid columns "
                 "and blockLen is {blockLen}: not 1..255 whole groups of blockLen * 4, so only part of the list is "
                 "merged", {"src_validCol": col, "blockLen": block})


#: TMrgSort.hpp's UB_SIZE per target: A2/A3 a literal 192 KiB; A5's file PTO_UBUF_SIZE_BYTES (common/buffer_limits.hpp),
#: which is a fact of the chip the file is built for (A5 / A6 256 KiB, the Kirins 128 KiB)
MRG_UB = {"a2a3": 196608, "a5": 262144, "a6": 262144, "kirin9030": 131072, "kirinx90": 131072,
          "kirindev0000": 131072}


def _mrg_ub(ctx: Ctx) -> int:
    return MRG_UB["a2a3"] if ctx.impl == "a2a3" else MRG_UB.get(ctx.target, MRG_UB["a5"])


def _mrg_operands(ctx: Ctx) -> tuple[str, TileView, list[tuple[str, TileView]]] | None:
    """(form, dst, the sources) of a TMRGSORT call that compiles: "single" (dst, src, blockLen) or "multi"."""
    f = _facts(ctx)
    if f is None or ctx.builtin != "TMRGSORT" or not _compiles(ctx, f):
        return None
    dst = ctx.tile("dst")
    if ctx.tile("src") is not None:
        return "single", dst, [("src", ctx.tile("src"))]
    srcs = _present(ctx, ("src0", "src1", "src2", "src3"))
    if ctx.tile("tmp") is None or len(srcs) < 2:
        return None
    return "multi", dst, srcs


def _static_ub(ctx: Ctx, form: str, dst: TileView, src: TileView) -> tuple[str, TileView, int]:
    """CheckOverMemory's operands and their row bytes: (name of the first operand, that tile, total bytes)."""
    first = ("dst", dst) if form == "single" else ("tmp", ctx.tile("tmp"))
    return first[0], first[1], (first[1].cols + src.cols) * (dst.elem_size or 0)


@rule("PTO216", "tmrgsort-tiles-exceed-ub", instructions=("TMRGSORT",), fault="size-mismatch",
      provenance=(Provenance("header-static", A2 + "TMrgSort.hpp; " + A5 + "TMrgSort.hpp (CheckOverMemory)",
                             "static_assert (tmpSize + Src0::Cols * sizeof(T)) <= UB_SIZE with tmpSize = Tmp::Cols * "
                             "sizeof(T) (the list forms) or Dst::Cols * sizeof(T) (TMRGSORT(dst, src, blockLen)); "
                             "UB_SIZE 192 KiB on A2/A3; A5's file takes PTO_UBUF_SIZE_BYTES: 256 KiB on A5 / A6, "
                             "128 KiB on the Kirins that build it"),
                  Provenance("isa-doc", DOCS + "TMRGSORT.md", "does not state the limit; taken from the headers")))
def tmrgsort_tiles_exceed_ub(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMRGSORT's tmp (or, single-list, dst) and first source tile together are larger than the Unified Buffer.

    ## What it does
    Adds the row bytes (`Cols * sizeof(T)`) of `tmp` and `src0` (the 2/3/4-list forms) or of `dst` and `src`
    (`TMRGSORT(dst, src, blockLen)`) and compares the sum with the target's UB size (A2/A3 192 KiB, A5 256 KiB,
    the Kirins 128 KiB).

    ## Why is this bad?
    Both targets reject the call with a `static_assert`: the kernel does not compile. Each tile may fit the
    buffer on its own, but the merge needs both at once.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 16384> src0, src1;   // 64 KiB each
    Tile<TileType::Vec, float, 1, 32768> tmp;          // 128 KiB: with src0 over A2/A3's 192 KiB
    TMRGSORT<Dst, decltype(tmp), decltype(src0), decltype(src1), false>(dst, executed, tmp, src0, src1);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 8192> src0, src1;
    Tile<TileType::Vec, float, 1, 16384> tmp;  // the two lists' columns
    ```
    """
    ops = _mrg_operands(ctx)
    if ops is None:
        return None
    form, dst, srcs = ops
    src_name, src = srcs[0]
    es = dst.elem_size or 0
    name, first, total = _static_ub(ctx, form, dst, src)
    limit = _mrg_ub(ctx)
    return Check(ctx.static(es > 0 and total > limit),
                 _esc(f"TMRGSORT: {name} `{first.text}` ({first.cols * es} bytes a row) and {src_name} "
                      f"`{src.text}` ({src.cols * es} bytes) take {total} bytes, more than the {limit}-byte UB the "
                      f"header allows on {ctx.target}"))


@rule("PTO217", "tmrgsort-valid-exceeds-ub", instructions=("TMRGSORT",), fault="valid-region", targets=("a2a3",),
      provenance=(Provenance("header-runtime", A2 + "TMrgSort.hpp (TMRGSORT_IMPL)", "PTO_ASSERT (the sources' valid "
                             "columns + tmp's) * sizeof(T) < UB_SIZE (the list forms) and (src's + dst's valid "
                             "columns) * sizeof(T) < UB_SIZE (the single-list form), 192 KiB (debug builds only); "
                             "release builds merge the valid columns as given"),
                  Provenance("header-runtime", A5 + "TMrgSort.hpp", "no run-time check"),
                  Provenance("isa-doc", DOCS + "TMRGSORT.md", "does not state the limit; taken from the header")))
def tmrgsort_valid_exceeds_ub(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TMRGSORT whose operands' valid columns add up to the Unified Buffer's size or more.

    ## What it does
    Adds, at run time, the valid columns of every source list and of `tmp` (the 2/3/4-list forms) or of `src`
    and `dst` (`TMRGSORT(dst, src, blockLen)`), in bytes, and compares the sum with A2/A3's 192 KiB UB.

    ## Why is this bad?
    A2/A3 asserts the sum below the UB size with a `PTO_ASSERT`: a debug build traps. Operands whose valid
    data do not fit the buffer together overlap, so the merge reads lists it is overwriting.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 16384, BLayout::RowMajor, 1, DYNAMIC> src0(n), src1(n), src2(n);
    Tile<TileType::Vec, float, 1, 16384> tmp;  // 4 x 64 KiB reach 192 KiB with n = 16384
    TMRGSORT<Dst, decltype(tmp), decltype(src0), decltype(src1), decltype(src2), false>(
        dst, executed, tmp, src0, src1, src2);
    ```

    ## Use instead
    ```cpp
    if (n <= 8192) {
        TMRGSORT<...>(dst, executed, tmp, src0, src1, src2);
    }
    ```
    """
    ops = _mrg_operands(ctx)
    if ops is None:
        return None
    form, dst, srcs = ops
    es = dst.elem_size or 0
    if not es or _static_ub(ctx, form, dst, srcs[0][1])[2] > _mrg_ub(ctx):
        return None  # PTO216: the call does not compile
    parts = srcs + ([("dst", dst)] if form == "single" else [("tmp", ctx.tile("tmp"))])
    total = z3.Sum([t.valid_col for _, t in parts]) * es
    show = {f"{n}_validCol": t.valid_col for n, t in parts}
    show["bytes"] = total
    listed = ", ".join(f"{n} `{_esc(t.text)}` {{{n}_validCol}}" for n, t in parts)
    return Check(total >= MRG_UB["a2a3"], f"TMRGSORT: valid columns {listed} take {{bytes}} bytes, not below the "
                 f"{MRG_UB['a2a3']}-byte UB A2/A3 asserts (debug builds trap)", show)


@rule("PTO218", "tmrgsort-block-len-not-64-multiple", instructions=("TMRGSORT",), fault="valid-region",
      targets=("a2a3",),
      provenance=(Provenance("header-runtime", A2 + "TMrgSort.hpp (TMRGSORT_IMPL(dst, src, blockLen))",
                             "PTO_ASSERT blockLen % TMRGSORT_BLOCK_LEN == 0 with TMRGSORT_BLOCK_LEN 64 (debug builds "
                             "only); release builds merge blocks of blockLen * sizeof(T) / 8 structures"),
                  Provenance("header-runtime", A5 + "TMrgSort.hpp", "no check"),
                  Provenance("isa-doc", DOCS + "TMRGSORT.md", "blockLen a multiple of 64")))
def tmrgsort_block_len_not_64_multiple(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 single-list TMRGSORT with a `blockLen` that is not a multiple of 64.

    ## What it does
    For `TMRGSORT(dst, src, blockLen)` on A2/A3 checks that blockLen (elements per sorted block, values and
    indices together) is a multiple of 64. The source-column and repeat-count conditions are PTO989's.

    ## Why is this bad?
    A2/A3 asserts it with a `PTO_ASSERT`: a debug build traps. The documentation requires it on every
    target: blocks produced by TSORT32 hold 32 (value, index) pairs, and merges build on whole blocks.

    ## Example
    ```cpp
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 48);
    ```

    ## Use instead
    ```cpp
    TMRGSORT<decltype(dst), decltype(src)>(dst, src, 64);
    ```
    """
    ops = _mrg_operands(ctx)
    block = ctx.scalar("blockLen")
    if ops is None or ops[0] != "single" or block is None or z3.is_real(block) or z3.is_bool(block):
        return None
    return Check(block % 64 != 0, "TMRGSORT(dst, src, blockLen): blockLen is {blockLen}, not a multiple of 64 "
                 "(A2/A3 asserts it; debug builds trap)", {"blockLen": block})

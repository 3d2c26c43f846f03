"""Tile class invariants (PTO001..): what every `pto::Tile<...>` type needs to exist, and run-time valid regions.

The static invariants are the Tile class's own `static_assert`s (common/pto_tile.hpp): they are evaluated
whenever the type is instantiated, so a call that uses such a tile does not compile on either target.
They are checked on every tile operand of every builtin call site (`instructions=("*",)`).

PTO060 checks a Tile member call instead: `SetMadTF32Mode(mode)` (cube builds), whose call the frontend records as a
call site of the pseudo-builtin TILE_SETMADTF32MODE (ptolint.ir.MEMBER_BUILTINS) with the mode as its operand.
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ir import DYNAMIC, MEMBER_BUILTINS, TileSpec
from ptolint.ruleset import Check, Ctx, Provenance, TileView, int_values, rule
from ptolint.targets import ALL_TARGETS

#: element sizes (bytes) for when the compiler did not tell us sizeof(DType)
_SIZES = {
    "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
    "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4, "double": 8, "hifloat8_t": 1, "float8_e4m3_t": 1,
    "float8_e5m2_t": 1, "float8_e8m0_t": 1, "float4_e2m1x2_t": 1, "float4_e1m2x2_t": 1, "int4b_t": 1,
}

FRACTAL_SIZES = (512, 1024, 32)

TILE_HEADER = "common/pto_tile.hpp (class Tile)"


def elem_size(spec: TileSpec) -> int:
    return spec.elem_size or _SIZES.get(spec.dtype, 0)


def shape_ok(spec: TileSpec) -> bool:
    return spec.rows > 0 and spec.cols > 0


def inner_box(spec: TileSpec) -> tuple[int, int] | None:
    """(InnerRows, InnerCols) of the Tile's storage box, None when SFractalSize is not a legal size."""
    size = elem_size(spec)
    if spec.fractal == 1024:
        return 16, 16
    if spec.fractal == 32:
        return (16, 2) if spec.slayout == "RowMajor" else (2, 16)
    if spec.fractal == 512:
        if spec.slayout == "NoneBox":
            return 1, 1
        if size <= 0:
            return None
        c0 = 32 // size
        return (16, c0) if spec.slayout == "RowMajor" else (c0, 16)
    return None


def _static(ctx: Ctx, problems: list[tuple[str, str]], what: str) -> Check | None:
    """One Check listing every tile operand with a broken invariant (static: true or false)."""
    if not problems:
        return None
    detail = "; ".join(f"operand `{name}` ({text})" for name, text in problems)
    msg = f"{what}: {detail}; the Tile type does not compile on {ctx.target}"
    return Check(z3.BoolVal(True), msg.replace("{", "{{").replace("}", "}}"), {})


def _operands(ctx: Ctx) -> list[tuple[str, TileView]]:
    """The call's tile operands by name, sorted once per call (the six tile rules run at every call)."""
    out = ctx.__dict__.get("_sorted_tiles")
    if out is None:
        out = ctx._sorted_tiles = sorted(ctx.tiles().items())
    return out


@rule("PTO001", "tile-shape-not-positive", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="invalid-tile",
      provenance=(Provenance("header-static", TILE_HEADER + " ~l.1433",
                             "static_assert Rows > 0 && Cols > 0 on every instantiation"),))
def tile_shape_not_positive(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A tile operand's static Rows or Cols is zero or negative.

    ## What it does
    Checks every tile operand of the call: its type `Tile<Loc, T, Rows, Cols, ...>` needs `Rows > 0` and
    `Cols > 0`. The finding names the operand whose type is broken.

    ## Why is this bad?
    The Tile class asserts the shape statically, so the kernel does not compile on either target (and a
    zero-sized tile has no storage to compute on).

    ## Example
    ```cpp
    using Bad = Tile<TileType::Vec, float, 0, 64>;  // no rows
    Bad src, dst;
    TDIVS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    using Good = Tile<TileType::Vec, float, 16, 64>;
    Good src, dst;
    TDIVS(dst, src, 2.0f);
    ```
    """
    bad = [(n, f"{t.text}: {t.spec.short()}, shape {t.rows}x{t.cols}") for n, t in _operands(ctx)
           if not shape_ok(t.spec)]
    return _static(ctx, bad, "tile shape is not positive")


@rule("PTO002", "tile-valid-exceeds-shape", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="invalid-tile",
      provenance=(Provenance("header-static", TILE_HEADER + " ~l.1433",
                             "static_assert ValidRow <= Rows && ValidCol <= Cols (DYNAMIC passes); the same "
                             "bound is re-asserted by TDIVS_IMPL on both targets"),))
def tile_valid_exceeds_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A tile operand's static ValidRow/ValidCol is larger than its Rows/Cols.

    ## What it does
    For every tile operand whose valid region is given as template arguments (not `DYNAMIC`), checks
    `ValidRow <= Rows` and `ValidCol <= Cols`.

    ## Why is this bad?
    The valid region must lie inside the tile's storage; the Tile class asserts it statically, so the
    kernel does not compile on either target.

    ## Example
    ```cpp
    using Bad = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 32, 64>;  // 32 valid rows of 16
    Bad src, dst;
    TDIVS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    using Good = Tile<TileType::Vec, float, 32, 64, BLayout::RowMajor, 32, 64>;
    Good src, dst;
    TDIVS(dst, src, 2.0f);
    ```
    """
    bad = []
    for n, t in _operands(ctx):
        s = t.spec
        if not shape_ok(s):
            continue
        parts = []
        if s.valid_row != DYNAMIC and s.valid_row > s.rows:
            parts.append(f"ValidRow {s.valid_row} > Rows {s.rows}")
        if s.valid_col != DYNAMIC and s.valid_col > s.cols:
            parts.append(f"ValidCol {s.valid_col} > Cols {s.cols}")
        if parts:
            bad.append((n, f"{t.text}: {s.short()}, " + " and ".join(parts)))
    return _static(ctx, bad, "static valid region exceeds the tile shape")


@rule("PTO003", "tile-row-not-32b-aligned", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="invalid-tile",
      provenance=(Provenance("header-static", TILE_HEADER + " ~l.1522",
                             "NoneBox: RowMajor needs Cols*sizeof(T) % 32 == 0, ColMajor Rows*sizeof(T) % 32 == 0 "
                             "(the assert text says 'Rows' for RowMajor but tests Cols)"),))
def tile_row_not_32b_aligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A non-boxed tile's row (RowMajor) or column (ColMajor) is not a multiple of 32 bytes.

    ## What it does
    For every tile operand with `SLayout::NoneBox`, checks that the contiguous line of storage is 32-byte
    aligned: `Cols * sizeof(T) % 32 == 0` for `BLayout::RowMajor`, `Rows * sizeof(T) % 32 == 0` for
    `BLayout::ColMajor`. It uses the full static shape, for every TileType, even when `Rows == 1`.

    ## Why is this bad?
    The Tile class asserts this alignment statically (buffers are addressed in 32-byte blocks), so the
    kernel does not compile on either target.

    ## Example
    ```cpp
    using Bad = Tile<TileType::Vec, float, 16, 12>;  // 12 * 4 = 48 bytes per row
    Bad src, dst;
    TDIVS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    // pad the storage to 16 columns and keep 12 of them valid
    using Good = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 12>;
    Good src, dst;
    TDIVS(dst, src, 2.0f);
    ```
    """
    bad = []
    for n, t in _operands(ctx):
        s = t.spec
        size = elem_size(s)
        if not shape_ok(s) or size <= 0 or s.slayout != "NoneBox":
            continue
        if s.is_row_major and (s.cols * size) % 32:
            bad.append((n, f"{t.text}: {s.short()}, a row is {s.cols} x {size} = {s.cols * size} bytes"))
        elif not s.is_row_major and (s.rows * size) % 32:
            bad.append((n, f"{t.text}: {s.short()}, a column is {s.rows} x {size} = {s.rows * size} bytes"))
    return _static(ctx, bad, "tile line is not a multiple of 32 bytes")


@rule("PTO004", "tile-box-misaligned", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="invalid-tile",
      provenance=(Provenance("header-static", TILE_HEADER + " ~l.1398-1420, ~l.1516-1520",
                             "inner box: 1024 -> 16x16 (even NoneBox); 32 -> 16x2 (SFractal RowMajor) else 2x16; "
                             "512 -> NoneBox 1x1, RowMajor 16xc0, ColMajor c0x16. Asserts Cols % InnerCols == 0 "
                             "and (Loc == Vec || SFractalSize == 32 || Rows == 1 || Rows % InnerRows == 0)"),))
def tile_box_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A tile's shape is not a whole number of its storage boxes (fractals).

    ## What it does
    Computes each tile operand's inner box from `SLayout` and `SFractalSize` (1024: 16x16, also for
    NoneBox; 32: 16x2 for a RowMajor box, otherwise 2x16; 512: 16 x c0 for a RowMajor box, c0 x 16 for a
    ColMajor box, 1x1 for NoneBox, with c0 = 32 / sizeof(T)) and checks `Cols % InnerCols == 0` and,
    except for Vec tiles, size-32 fractals and single-row tiles, `Rows % InnerRows == 0`.

    ## Why is this bad?
    The Tile class asserts both conditions statically; the kernel does not compile on either target.

    ## Example
    ```cpp
    // an NZ tile of half: boxes are 16 x 16, 40 columns are not a whole number of boxes
    using Bad = Tile<TileType::Mat, half, 32, 40, BLayout::ColMajor, 32, 40, SLayout::RowMajor>;
    ```

    ## Use instead
    ```cpp
    using Good = Tile<TileType::Mat, half, 32, 48, BLayout::ColMajor, 32, 40, SLayout::RowMajor>;
    ```
    """
    bad = []
    for n, t in _operands(ctx):
        s = t.spec
        box = inner_box(s)
        if not shape_ok(s) or box is None or s.fractal not in FRACTAL_SIZES:
            continue
        ir, ic = box
        parts = []
        if s.cols % ic:
            parts.append(f"Cols {s.cols} is not a multiple of {ic}")
        if not (s.loc == "Vec" or s.fractal == 32 or s.rows == 1) and s.rows % ir:
            parts.append(f"Rows {s.rows} is not a multiple of {ir}")
        if parts:
            bad.append((n, f"{t.text}: {s.short()}, inner box {ir}x{ic}: " + " and ".join(parts)))
    return _static(ctx, bad, "tile shape is not a whole number of boxes")


@rule("PTO005", "tile-bad-fractal-size", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="invalid-tile",
      provenance=(Provenance("header-static", TILE_HEADER + " ~l.1535", "static_assert SFractalSize in {512, 1024, 32}"),))
def tile_bad_fractal_size(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A tile's SFractalSize is not 512, 1024 or 32.

    ## What it does
    Checks the 9th template argument of every tile operand's type.

    ## Why is this bad?
    Only 512-byte (L0A/L0B), 1024-byte (L0C) and 32-byte (MX scale) fractals exist; the Tile class
    asserts it statically, so the kernel does not compile on either target.

    ## Example
    ```cpp
    using Bad = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 256>;
    ```

    ## Use instead
    ```cpp
    using Good = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512>;
    ```
    """
    bad = [(n, f"{t.text}: {t.spec.short()}, SFractalSize {t.fractal}") for n, t in _operands(ctx)
           if shape_ok(t.spec) and t.fractal not in FRACTAL_SIZES]
    return _static(ctx, bad, "SFractalSize is not 512, 1024 or 32")


#: builtins that never iterate over a tile's valid region (TASSIGN only binds an address)
REGION_BLIND = frozenset({"TASSIGN"})


@rule("PTO006", "tile-valid-region-out-of-storage", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="valid-region",
      provenance=(Provenance("header-runtime", TILE_HEADER + " ~l.1616-1638",
                             "SetValidRow/SetValidCol/SetValidShape: PTO_ASSERT rowMask <= Rows, colMask <= Cols "
                             "(debug builds only; release builds run with the bad region)"),
                  Provenance("hazard", "every instruction", "instructions iterate over GetValidRow() x GetValidCol() "
                             "and touch storage beyond the tile; not TASSIGN (binds an address only) and not "
                             "`tmp` scratch operands (never iterated over their valid region; their size rules "
                             "are per instruction)")))
def tile_valid_region_out_of_storage(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A DYNAMIC valid region is set, at run time, outside the tile's storage.

    ## What it does
    For every tile operand whose ValidRow or ValidCol is `DYNAMIC`, takes the run-time value reaching the
    call (constructor arguments, `SetValidRow/SetValidCol/SetValidShape`) and checks that neither count is
    negative and that a non-empty region (both counts positive) stays within `Rows x Cols` (an empty region
    touches nothing). It reports an error when every input reaching the call gives a bad region, a warning
    with the inputs that do otherwise.

    ## Why is this bad?
    The bound is only a `PTO_ASSERT`, compiled in debug builds only. In release builds the instruction
    iterates over the bad region and reads or writes memory that belongs to other tiles.

    ## Example
    ```cpp
    using T = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    T src(rows, 64), dst(rows, 64);  // rows comes from the host, unchecked
    TDIVS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    int vr = rows < 16 ? rows : 16;  // clamp to the tile's 16 rows
    T src(vr, 64), dst(vr, 64);
    TDIVS(dst, src, 2.0f);
    ```
    """
    if ctx.builtin in REGION_BLIND:
        return None
    from ptolint.z3terms import is_false  # (imports z3: rules load on runs that need none)

    conds, show, parts = [], {}, []
    for n, t in _operands(ctx):
        s = t.spec
        if not shape_ok(s) or n.startswith("tmp"):  # scratch tiles are sized by their own rules, not iterated
            continue
        if s.valid_row != DYNAMIC and s.valid_col != DYNAMIC:
            continue
        c = _region_outside(t)
        if is_false(c):  # (one library call; z3.is_false builds a declaration object)
            continue
        conds.append(c)
        show[f"{n}_validRow"] = t.valid_row
        show[f"{n}_validCol"] = t.valid_col
        parts.append(f"operand `{n}` ({_esc(t.text)}) has valid region {{{n}_validRow}}x{{{n}_validCol}} "
                     f"but storage {s.rows}x{s.cols}")
    if not conds:
        return None
    if len(parts) == 1:
        msg = "run-time valid region outside the tile's storage: " + parts[0]
    else:
        msg = "run-time valid region outside a tile's storage (one of them): " + "; ".join(parts)
    return Check(z3.Or(*conds), msg, show)


#: a tile's simplified condition "valid region outside the storage", by what it depends on: the Z3 terms of the valid
#: row and column (by id; the terms are kept, so the ids stay their own), the storage and which counts are dynamic.
#: Every call of an unrolled loop body asks it again of the same tiles (a generated kernel: 1,700 times, 54 different)
_OUTSIDE: dict[tuple, tuple] = {}


def _region_outside(t: TileView) -> z3.BoolRef:
    s = t.spec
    known = int_values(t.valid_row, t.valid_col)
    if known is not None:  # constants: the term z3.simplify folds the formula below to, decided in Python
        vr, vc = known
        dyn_row, dyn_col = s.valid_row == DYNAMIC, s.valid_col == DYNAMIC
        over = (dyn_row and vr > s.rows) or (dyn_col and vc > s.cols)
        return Ctx.static((dyn_row and vr < 0) or (dyn_col and vc < 0) or (vr > 0 and vc > 0 and over))
    key = (t.valid_row.get_id(), t.valid_col.get_id(), s.rows, s.cols, s.valid_row == DYNAMIC, s.valid_col == DYNAMIC)
    known = _OUTSIDE.get(key)
    if known is not None:
        return known[2]
    here, over = [], []
    if s.valid_row == DYNAMIC:
        here.append(t.valid_row < 0)
        over.append(t.valid_row > s.rows)
    if s.valid_col == DYNAMIC:
        here.append(t.valid_col < 0)
        over.append(t.valid_col > s.cols)
    # an empty region (a zero count) touches nothing, however large the other count is
    here.append(z3.And(t.valid_row > 0, t.valid_col > 0, z3.Or(*over)))
    c = z3.simplify(z3.Or(*here))
    if len(_OUTSIDE) >= 10_000:
        _OUTSIDE.clear()
    _OUTSIDE[key] = (t.valid_row, t.valid_col, c)
    return c


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


#: copies that read or write an Acc (L0C) tile
ACC_COPIES = ("TMOV", "TMOV_FP", "TEXTRACT", "TEXTRACT_FP", "TINSERT", "TINSERT_FP", "TSTORE", "TSTORE_FP")
#: targets with no L0C at all (common/buffer_limits.hpp: PTO_L0C_SIZE_BYTES 0u)
NO_L0C = ("kirindev0000",)


@rule("PTO007", "acc-copy-unavailable", instructions=ACC_COPIES, targets=NO_L0C, chip=True, fault="unsupported-path",
      provenance=(Provenance("header-static", "include/pto/common/buffer_limits.hpp (PTO_L0C_SIZE_BYTES)",
                             "kirindev0000: PTO_L0C_SIZE_BYTES 0u (no L0C; PTO_L0A_SIZE_BYTES 0u as well)"),
                  Provenance("header-static", "include/pto/npu/kirin9030/common.hpp (CheckTMovAccValid)",
                             "kirindev0000: declared only under #if defined(PTO_NPU_ARCH_KIRIN9030); the Acc paths of "
                             "kirin9030/TMov.hpp (TMOV, TMOV_FP), kirin9030/TExtract.hpp (TEXTRACT, TEXTRACT_FP) and "
                             "a5/TInsert.hpp (TINSERT, TINSERT_FP; the Kirin common.hpp shadows a5/common.hpp), "
                             "which kirinDev0000/header.hpp includes, call it: an undeclared name, no compile"),
                  Provenance("hazard", "include/pto/npu/kirinDev0000/TStore.hpp (TSTORE_IMPL Acc overloads)",
                             "kirindev0000, TSTORE / TSTORE_FP from an Acc tile: CheckStaticAcc passes and the fixpipe "
                             "copy is issued from an L0C the chip does not have (0 bytes): it faults at run time")))
def acc_copy_unavailable(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Kirin Dev0000: a TMOV / TEXTRACT / TINSERT / TSTORE from or to an Acc (L0C) tile, a buffer the chip lacks.

    ## What it does
    Reports every call of TMOV, TMOV_FP, TEXTRACT, TEXTRACT_FP, TINSERT, TINSERT_FP, TSTORE or TSTORE_FP with a
    `TileType::Acc` tile operand on Kirin Dev0000, whose `buffer_limits.hpp` sizes L0C at 0 bytes.

    ## Why is this bad?
    There is no accumulator buffer to copy from or to. The TMOV, TEXTRACT and TINSERT Acc paths that Kirin Dev0000
    compiles (Kirin 9030's TMov.hpp and TExtract.hpp, A5's TInsert.hpp) call `CheckTMovAccValid`, which Kirin
    9030's common.hpp declares for Kirin 9030 only: the kernel does not compile. TSTORE from an Acc tile compiles
    (Kirin Dev0000's own TStore.hpp) and issues a fixpipe copy out of an L0C that does not exist: it faults at run
    time. A plain TMOV into an Acc tile, or a plain TEXTRACT / TINSERT between an Acc tile and anything but a Mat or
    Vec tile, matches no branch of the copy and compiles to nothing: the Acc tile is never written. Kernels written
    for Kirin 9030 or A5 that keep a matmul's result in an Acc tile cannot run there.

    ## Example
    ```cpp
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    Tile<TileType::Vec, float, 16, 16> out;
    TMOV(out, acc);  // Kirin Dev0000 has no L0C
    ```

    ## Use instead
    ```cpp
    #if !defined(PTO_NPU_ARCH_KIRINDEV0000)
    TMOV(out, acc);
    #else
    // compute the result in Vec tiles (TADD / TMUL ...) on Kirin Dev0000
    #endif
    ```
    """
    acc = [t for _, t in ctx.tiles().items() if t.loc == "Acc"]
    if not acc:
        return None
    names = ", ".join(f"`{_esc(t.text)}`" for t in acc)
    if ctx.builtin in ("TSTORE", "TSTORE_FP"):
        how = "its fixpipe copy has no L0C to read (run-time fault)"
    elif _acc_check_reached(ctx):
        how = "its Acc path calls CheckTMovAccValid, which is not declared there (does not compile)"
    else:
        how = "no branch of the copy handles this pair: it compiles to nothing (silent)"
    return Check(ctx.static(True), f"{ctx.builtin} with the Acc tile {names}: {ctx.target} has no L0C "
                 f"(PTO_L0C_SIZE_BYTES 0); {how}")


def _acc_check_reached(ctx: Ctx) -> bool:
    """Whether Kirin Dev0000's copy reaches CheckTMovAccValid: the _FP builtins and the TMOV / TINSERT forms with a
    mode, relu, phase or quantisation operand call it in every instantiation (kirin9030/TMov.hpp 421-515,
    a5/TInsert.hpp 149-213); plain TMOV out of an Acc tile (kirin9030/TMov.hpp 390); plain TEXTRACT / TINSERT only
    from an Acc tile into a Mat or Vec tile (kirin9030/TExtract.hpp 416, a5/TInsert.hpp 636). The other pairs match
    no branch of the if-constexpr chain (Mat -> Acc, Acc -> Acc ...) and compile to nothing."""
    if ctx.builtin.endswith("_FP") or ctx.scalar("preQuantScalar") is not None or any(
            k in ctx.template_args for k in ("reluMode", "mode", "Phase")):
        return True
    src, dst = ctx.tiles().get("src"), ctx.tiles().get("dst")
    if src is None or src.loc != "Acc":
        return False
    return ctx.builtin == "TMOV" or (dst is not None and dst.loc in ("Mat", "Vec"))


#: the pseudo-builtin of `tile.SetMadTF32Mode(mode)` calls, and the RoundMode values the member accepts
TF32_BUILTIN = MEMBER_BUILTINS["SetMadTF32Mode"]
TF32_MODES = {1: "CAST_RINT", 2: "CAST_ROUND"}


@rule("PTO060", "tile-tf32-round-mode", instructions=("*",), targets=ALL_TARGETS, chip=True, fault="ignored-option",
      provenance=(Provenance("header-runtime", TILE_HEADER + " ~l.1645-1662 (Tile::SetMadTF32Mode, compiled for "
                             "__DAV_CUBE__ only)", "PTO_ASSERT tf32TransMode == CAST_ROUND || tf32TransMode == "
                             "CAST_RINT (debug builds only); release builds keep the previous TF32 rounding (the mode bit "
                             "MAD_MODE_BIT is set, the rounding bit MAD_ROUND_MODE_BIT is left as it was)"),
                  Provenance("hazard", "common/type.hpp (enum class RoundMode, uint8_t)", "a mode read at run time "
                             "and cast to RoundMode keeps its low 8 bits"),
                  Provenance("isa-doc", "docs/isa/tile/ops/sync-and-config/settf32mode.md", "documents the "
                             "TSETTF32MODE builtin; the Tile member and its two accepted modes are not documented")))
def tile_tf32_round_mode(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `Tile::SetMadTF32Mode` is given a rounding mode other than CAST_ROUND or CAST_RINT.

    ## What it does
    At every `tile.SetMadTF32Mode(mode)` call (a cube-core member of every Tile), takes the RoundMode reaching the
    call (a constant, a template argument or a value read at run time and cast to RoundMode) and checks that it
    is `RoundMode::CAST_ROUND` (2) or `RoundMode::CAST_RINT` (1). It reports an error when every input reaching the
    call gives another mode, a warning with the inputs that do otherwise. The default argument (CAST_ROUND) is
    fine.

    ## Why is this bad?
    The mode is checked with a `PTO_ASSERT`: a debug build traps. A release build switches the matrix unit to TF32
    and leaves its rounding bit as it was: the float inputs of the following TMATMULs are rounded to TF32 as an
    earlier call (or the reset state) said, not as written, and the results differ in their last bits.

    ## Example
    ```cpp
    TileLeft<float, 16, 32> a;
    a.SetMadTF32Mode(RoundMode::CAST_TRUNC);  // TF32 rounding is to nearest only
    TMATMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    a.SetMadTF32Mode(RoundMode::CAST_RINT);  // ties to even (CAST_ROUND: ties away from zero)
    TMATMUL(c, a, b);
    a.ResetMadMode();
    ```
    """
    if ctx.builtin != TF32_BUILTIN:
        return None
    mode = ctx.scalar("tf32TransMode")
    if mode is None:
        return None
    if z3.is_bool(mode):
        mode = z3.If(mode, z3.IntVal(1), z3.IntVal(0))
    low = mode % 256  # RoundMode is a uint8_t enum: a cast keeps the low 8 bits (Z3's % is never negative)
    ok = " or ".join(f"{n} = {v}" for v, n in sorted(TF32_MODES.items()))
    return Check(z3.And([low != v for v in TF32_MODES]),
                 f"Tile::SetMadTF32Mode: RoundMode {{mode}} is not {ok}; the PTO_ASSERT traps in debug builds, "
                 "release builds keep the previous TF32 rounding", {"mode": mode})

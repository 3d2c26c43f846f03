"""TEXTRACT / TEXTRACT_FP: copy a window of a larger tile into a smaller one (PTO101-PTO118, PTO123).

Overloads (docs/isa-facts.md section 1): E1 `TEXTRACT(dst, src, r, c)`, E2 `TEXTRACT<D, S, reluMode>`,
E3 `TEXTRACT<D, S, mode>`, E4 `TEXTRACT(dst, src, preQuantScalar, r, c)`, E5 = E4 with `mode`,
E6 `TEXTRACT_FP(dst, src, fp, r, c)`, E7 = E6 with `mode` (spelled TEXTRACT), E8 the two-destination form
(rules/textract_nd2nz.py). Each rule models what the target's header really does, not what the docs say.
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TEXTRACT", "TEXTRACT_FP")
A2 = "include/pto/npu/a2a3/TExtract.hpp"
A5 = "include/pto/npu/a5/TExtract.hpp"
TC = "include/pto/common/arch/memory/textract_common.hpp"
SEED = "docs/isa/TEXTRACT.md"
A2_COMMON = "include/pto/npu/a2a3/common.hpp"
A5_COMMON = "include/pto/npu/a5/common.hpp"
#: Kirin 9030's own file, which Kirin Dev0000 includes too (ptolint/own_impls.py: fact key "kirin9030")
K9030 = "include/pto/npu/kirin9030/TExtract.hpp"
K9030_COMMON = "include/pto/npu/kirin9030/common.hpp"
KIRIN = "kirin9030"
#: Kirin X90's own file (ptolint/own_impls.py key "kirinx90"): A2/A3's L1 -> L0 and Vec -> Vec routines
#: (textract_common.hpp) behind its own TEXTRACT_IMPL / TEXTRACT_TILE_IMPL; the rules below that list it in their
#: `own` have its plain form's facts (Vec -> Vec, L1 -> L0A / L0B, the no-op pairs), not its Acc or Vec -> Mat copies
X90_HDR = "include/pto/npu/kirinX90/TExtract.hpp"
X90 = "kirinx90"
#: the own files whose facts the tables below hold, per builtin (ptolint/own_impls.py keys)
OWN = {KIRIN: INSTR}
#: the same with Kirin X90's plain form (the rules that model its paths)
OWN_X90 = {KIRIN: INSTR, X90: ("TEXTRACT",)}
#: the same with all of Kirin X90's forms (the Acc copies' static checks, kirinX90/common.hpp CheckTMovAccValid)
OWN_X90_ALL = {KIRIN: INSTR, X90: INSTR}
X90_COMMON = "include/pto/npu/kirinX90/common.hpp"
#: implementations that copy into L0A / L0B with A2/A3's routines (textract_common.hpp)
A2_L0 = ("a2a3", X90)

FP8 = {"float8_e4m3_t", "float8_e5m2_t", "float8_e8m0_t", "hifloat8_t"}
FP4 = {"float4_e2m1x2_t", "float4_e1m2x2_t"}

#: Dst::DType accepted by the E1 tile path (CheckTExtract / is_textract_supported_type)
TILE_TYPES = {
    "a2a3": {"int8_t", "half", "bfloat16_t", "float"},
    "a5": {"int8_t", "half", "bfloat16_t", "float"} | FP8 | FP4,
    # is_textract_supported_type: no float, no bfloat16_t (header.hpp renames it while the file is read, so a
    # kernel's bfloat16_t tile is not the type the list names)
    KIRIN: {"int8_t", "uint8_t", "half", "int16_t", "uint16_t", "int32_t"},
    # Kirin X90's CheckTExtract: Kirin 9030's list and float
    X90: {"int8_t", "uint8_t", "half", "int16_t", "uint16_t", "int32_t", "float"},
}
#: element types an L1 -> L0A / L0B copy takes, where the target restricts them beyond TILE_TYPES (Kirin 9030's
#: CheckTExtractToL0)
L0_TYPES = {KIRIN: {"half", "int16_t", "uint16_t", "int8_t", "uint8_t"}}
#: element types of the Vec -> Vec path (a2a3: CheckTExtractVecToVecCommon; a5: its own list)
VEC_TYPES = {
    "a2a3": {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "bfloat16_t", "float"},
    "a5": {"half", "bfloat16_t", "float", "int32_t", "int8_t"} | FP8 | FP4,
    KIRIN: {"half", "float", "int32_t", "int8_t"},
    # textract_common.hpp's list read under kirinX90/header.hpp's `#define bfloat16_t half`: no bfloat16_t
    X90: {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "float"},
}
#: Acc conversions: target -> kind -> src dtype -> allowed dst dtypes
ACC_CONV = {
    "a2a3": {
        "cast": {"float": {"half", "bfloat16_t"}},  # CheckTMovAccToMat<isCast=true> (E1, E2)
        "quant": {"float": {"int8_t"}, "int32_t": {"int8_t", "uint8_t", "half", "int16_t"}},  # E4, E6
    },
    "a5": {
        "cast": {"float": {"half", "bfloat16_t", "float"}, "int32_t": {"int32_t"}},  # isQuant=false (E1-E3)
        "quant": {"float": {"int8_t", "uint8_t", "hifloat8_t", "half", "bfloat16_t", "float8_e4m3_t", "float"},
                  "int32_t": {"int8_t", "uint8_t", "half", "bfloat16_t"}},  # isQuant=true (E4-E7)
    },
    # kirin9030/common.hpp CheckTMovAccValid: an Acc tile of half or int32_t; without quantization the same type,
    # half or int32_t; quantized to half, int8_t, uint8_t or int16_t. Defined for PTO_NPU_ARCH_KIRIN9030 only
    # (Kirin Dev0000 includes the file without it): keyed by the target, see acc_facts
    "kirin9030": {
        "cast": {"half": {"half"}, "int32_t": {"int32_t"}},
        "quant": {"half": {"half", "int8_t", "uint8_t", "int16_t"}, "int32_t": {"half", "int8_t", "uint8_t", "int16_t"}},
    },
    # kirinX90/common.hpp CheckTMovAccValid: half or int32_t accumulators; every TEXTRACT form calls it with
    # isCastQuant = false, so the quantising forms too need the destination of the source's type
    X90: {
        "cast": {"half": {"half"}, "int32_t": {"int32_t"}},
        "quant": {"half": {"half"}, "int32_t": {"int32_t"}},
    },
}
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4, **{t: 1 for t in FP8 | FP4}}


# --- shared helpers ------------------------------------------------------------------------------

def size(t: TileView) -> int:
    return t.spec.elem_size or SIZES.get(t.dtype, 0)


def overload(ctx: Ctx) -> str:
    """Which public overload the call resolved to (E1..E8)."""
    if ctx.tile("dst0") is not None:
        return "E8"
    mode = "mode" in ctx.template_args
    if ctx.tile("fp") is not None:
        return "E7" if mode else "E6"
    if ctx.scalar("preQuantScalar") is not None:
        return "E5" if mode else "E4"
    if mode:
        return "E3"
    return "E2" if "reluMode" in ctx.template_args else "E1"


def operands(ctx: Ctx) -> tuple[TileView, TileView] | tuple[None, None]:
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None, None
    return dst, src


def is_nz(t: TileView) -> bool:
    return t.blayout == "ColMajor" and t.slayout == "RowMajor"


def is_zn(t: TileView) -> bool:
    return t.blayout == "RowMajor" and t.slayout == "ColMajor"


def is_zz(t: TileView) -> bool:
    return t.blayout == "RowMajor" and t.slayout == "RowMajor"


def is_nn(t: TileView) -> bool:
    return t.blayout == "ColMajor" and t.slayout == "ColMajor"


def is_nd(t: TileView) -> bool:
    return t.blayout == "RowMajor" and t.slayout == "NoneBox"


def row_stride(t: TileView) -> int:
    """Tile::RowStride: Cols for a row-major block layout, 1 for a column-major one."""
    return t.cols if t.is_row_major else 1


def layout(t: TileView) -> str:
    return f"{t.blayout}/{t.slayout}"


def vec_branch(target: str, dst: TileView, src: TileView) -> str:
    """Vec -> Vec: 'nd', 'nz', 'noop' (layouts pass the static checks but no branch copies) or 'error'."""
    if dst.is_row_major and src.is_row_major:
        return "nd"
    if target == X90 and "NoneBox" in (dst.slayout, src.slayout):
        return "nd"  # Kirin X90's TEXTRACT_IMPL sends any NoneBox tile to the ND copy
    if not dst.is_row_major and not src.is_row_major and dst.slayout == "RowMajor" and src.slayout == "RowMajor":
        return "nz"
    same = dst.is_row_major == src.is_row_major
    if target in A2_L0:
        same = same and dst.slayout == src.slayout
    return "noop" if same else "error"


def e1_path(target: str, dst: TileView, src: TileView) -> str:
    """Where an E1 call goes on `target`: vec, left, right, scale-left, scale-right, acc, vec-mat, noop."""
    if dst.loc == "Vec" and src.loc == "Vec":
        return "vec"
    if dst.loc == "Left":
        return "left"
    if dst.loc == "Right":
        return "right"
    if target == "a2a3":
        return "acc" if src.loc == "Acc" and dst.loc == "Mat" else "noop"
    if target == X90:
        # TEXTRACT_TILE_IMPL: Vec -> Mat (ND -> ND or NZ -> NZ, else a static_assert), Acc -> Mat / Vec; no Scale
        if src.loc == "Vec" and dst.loc == "Mat":
            return "vec-mat"
        return "acc" if src.loc == "Acc" and dst.loc in ("Mat", "Vec") else "noop"
    if src.loc == "Vec" and dst.loc == "Mat":
        return "vec-mat" if is_nd(src) or is_nz(src) else "noop"
    if dst.loc == "ScaleLeft":
        return "scale-left"
    if dst.loc == "ScaleRight":
        return "scale-right"
    if src.loc == "Acc" and dst.loc in ("Mat", "Vec"):
        return "acc"
    return "noop"


def e1_tile_types_ok(target: str, dst: TileView, src: TileView) -> bool:
    return dst.dtype in TILE_TYPES[target] and (src.loc == "Acc" or dst.dtype == src.dtype)


def acc_overload_path(ctx: Ctx, ov: str, dst: TileView, src: TileView) -> bool:
    """E2..E7 reach their Acc copy (Loc checks pass) on this target."""
    if src.loc != "Acc":
        return False
    if ctx.impl == X90:
        return dst.loc in ("Mat", "Vec")  # the mode forms forward to the forms without a mode
    if ctx.impl == "a2a3":
        return ov in ("E2", "E4", "E6") and dst.loc == "Mat"
    if ov in ("E3", "E5", "E7"):
        return dst.loc == "Vec"
    return dst.loc in ("Mat", "Vec")


def acc_facts(ctx: Ctx) -> bool:
    """The rules know this call's Acc copy checks: A2/A3, A5, and Kirin 9030's own file on Kirin 9030 itself (the
    file's CheckTMovAccValid exists only there; on Kirin Dev0000 the Acc paths are not modelled)."""
    return ctx.impl != KIRIN or ctx.target == "kirin9030"


def is_acc_copy(ctx: Ctx, ov: str, dst: TileView, src: TileView) -> bool:
    if ov == "E1":
        return e1_path(ctx.impl, dst, src) == "acc"
    return ov in ("E2", "E3", "E4", "E5", "E6", "E7") and acc_overload_path(ctx, ov, dst, src)


def ceil_to(v: z3.ArithRef, m: int) -> z3.ArithRef:
    return ((v + (m - 1)) / m) * m


def window(ctx: Ctx) -> tuple[str, object, object, z3.BoolRef] | None:
    """(path, rows read, cols read, sane) for the copy the call performs, None when nothing is read.

    `sane` holds when the dst valid region the extent depends on lies inside its own
    storage: outside it PTO006 reports the broken valid region and this rule stays quiet.

    Extents follow the headers: Left/Right non-compact copies move the full static Dst shape; compact copies,
    ScaleLeft/ScaleRight and Vec -> Vec copy the dst valid region; Acc copies read dst valid rows and dst valid
    cols rounded up to the C0 block; the GEMV form reads one source row (indexRow is ignored).
    """
    dst, src = operands(ctx)
    if dst is None:
        return None
    sane = z3.And(dst.valid_row >= 0, dst.valid_row <= dst.rows, dst.valid_col >= 0, dst.valid_col <= dst.cols)
    ov = overload(ctx)
    if ov == "E1":
        path = e1_path(ctx.impl, dst, src)
        if path == "vec":
            branch = vec_branch(ctx.impl, dst, src)
            if branch not in ("nd", "nz"):
                return None
            if dst.cols > src.cols or (dst.rows > src.rows and (branch == "nd" or ctx.impl in A2_L0)):
                return None  # PTO117: does not compile, nothing runs
            return "vec", dst.valid_row, dst.valid_col, sane
        if path in ("left", "right"):
            if path == "left" and src.rows == 1 and src.is_row_major:
                f = 512 // max(size(src), 1) if src.dtype not in FP4 else 1024
                return "gemv", None, ceil_to(dst.valid_col, f), sane
            transpose = dst.slayout != src.slayout
            compact = dst.compact == "Normal" or (
                transpose and size(src) == 1 and (ctx.impl not in A2_L0 or path == "right"))
            if compact:
                return path, dst.valid_row, dst.valid_col, sane
            return path, dst.rows, dst.cols, z3.BoolVal(True)
        if path in ("scale-left", "scale-right"):
            return None if ctx.impl == KIRIN else (path, dst.valid_row, dst.valid_col, sane)
        if path != "acc" or ctx.impl in (KIRIN, X90):
            return None  # Kirin 9030's and X90's Acc copy extents are not modelled
    elif ctx.impl in (KIRIN, X90) or not is_acc_copy(ctx, ov, dst, src):
        return None
    c0 = 32 // max(size(dst), 1)
    if ctx.impl == "a5" and dst.fractal == 1024 and not (is_nz(dst) and dst.dtype == "float"):
        c0 *= 2
    if ctx.template_args.get("mode", "").startswith("Dual"):
        # dual modes copy the source's valid shape (split over two vector cores) from (indexRow, indexCol)
        src_sane = z3.And(src.valid_row >= 0, src.valid_row <= src.rows, src.valid_col >= 0,
                          src.valid_col <= src.cols)
        return "acc-dual", src.valid_row, ceil_to(src.valid_col, c0), src_sane
    return "acc", dst.valid_row, ceil_to(dst.valid_col, c0), sane


# --- rules ---------------------------------------------------------------------------------------

@rule("PTO101", "textract-dtype-mismatch", instructions=INSTR, own=OWN_X90, fault="dtype-mismatch",
      provenance=(Provenance("seed-doc", SEED, "DstTileData::DType must be equal to SrcTileData::DType"),
                  Provenance("header-static", A2, "CheckTExtract: waived when Src::Loc == Acc; E2-E7 never check"),
                  Provenance("header-static", A5, "TEXTRACT_TILE_IMPL and the Vec->Vec path: same waiver"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: TEXTRACT_TILE_IMPL, the Vec->Vec path and "
                             "CheckTExtractToL0: the same, same waiver"),
                  Provenance("header-static", X90_HDR, "Kirin X90: CheckTExtract (waived for an Acc source) and "
                             "textract_common.hpp's CheckTExtractVecToVecCommon: the same")))
def dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT between tiles of different element types (source not Acc).

    ## What it does
    Checks that the plain `TEXTRACT(dst, src, r, c)` overload copies between tiles of the same element type,
    unless the source is an Acc tile (the Acc paths convert through the fixpipe; on Kirin 9030 / Dev0000 not
    into Left / Right, whose copy compares the types again). Both targets reject the
    mismatch with a `static_assert`. The docs state the rule without the Acc exception; the headers waive it.

    ## Why is this bad?
    TEXTRACT copies raw elements; it does not convert. The kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor> src;
    TileLeft<float, 16, 16> dst;
    TEXTRACT(dst, src, 0, 0);  // half -> float
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 16, 16> dst;
    TEXTRACT(dst, src, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1":
        return None
    # Kirin 9030's L1 -> L0 copy (CheckTExtractToL0) compares the types whatever the source is
    l0 = ctx.impl == KIRIN and e1_path(ctx.impl, dst, src) in ("left", "right")
    bad = (src.loc != "Acc" or l0) and dst.dtype != src.dtype
    return Check(Ctx.static(bad), f"dst element type {dst.dtype} differs from src element type {src.dtype} "
                                  f"(only an Acc source may convert{', and not into L0A / L0B' if l0 else ''})")


@rule("PTO102", "textract-row-out-of-bounds", instructions=INSTR, own=OWN_X90, fault="out-of-bounds",
      provenance=(Provenance("seed-doc", SEED, "runtime check indexRow + DstTileData::Rows <= SrcTileData::Rows"),
                  Provenance("header-runtime", A2, "PTO_ASSERT on full dims, only with _DEBUG; Vec->Vec uses valid dims"),
                  Provenance("isa-doc", A5, "A5 has no bounds check on Mat/Acc paths: the copy reads past src"),
                  Provenance("header-runtime", K9030, "Kirin 9030 / Dev0000: A5's Vec->Vec PTO_ASSERTs (the ND one on "
                             "the static Dst::ValidRow), none on the L0 paths; Acc copies not modelled"),
                  Provenance("header-runtime", X90_HDR, "Kirin X90: TEXTRACT_TILE_IMPL's PTO_ASSERT on the full Dst::Rows, "
                             "the Vec -> Vec ones (ND on the static Dst::ValidRow); Acc and Vec -> Mat copies not "
                             "modelled")))
def row_out_of_bounds(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT reads rows past the end of the source tile.

    ## What it does
    Computes the rows the copy really reads from `src` (full `Dst::Rows` for Left/Right loads, the dst valid
    rows for compact, Scale, Vec->Vec and Acc copies) starting at `indexRow` (a `uint16_t`) and checks they stay
    inside `Src::Rows`. A2/A3 asserts this only in `_DEBUG` builds; A5 never checks it.

    ## Why is this bad?
    The load walks past the source tile into whatever lies behind it in the buffer: the destination receives
    garbage (or the neighbouring tile's data) without any error in release builds.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, 32, 64, SLayout::RowMajor> src;
    TileLeft<half, 16, 64> dst;
    TEXTRACT(dst, src, 32, 0);  // rows 32..47 of a 32-row tile
    ```

    ## Use instead
    ```cpp
    TEXTRACT(dst, src, 16, 0);  // rows 16..31
    ```
    """
    w = window(ctx)
    if w is None or w[1] is None:
        return None
    path, rows, _, sane = w
    _, src = operands(ctx)
    idx = ctx.scalar("indexRow")
    if idx is None:
        return None
    what = "Dst::Rows" if isinstance(rows, int) else ("src valid rows" if path == "acc-dual" else "dst valid rows")
    return Check(z3.And(sane, idx + rows > src.rows), f"indexRow {{indexRow}} + {what} {{rows}} exceeds Src::Rows {src.rows} "
                                        f"({path} copy)", {"indexRow": idx, "rows": rows})


@rule("PTO103", "textract-col-out-of-bounds", instructions=INSTR, own=OWN_X90, fault="out-of-bounds",
      provenance=(Provenance("seed-doc", SEED, "runtime check indexCol + DstTileData::Cols <= SrcTileData::Cols"),
                  Provenance("header-runtime", A2, "PTO_ASSERT on full dims, only with _DEBUG; Vec->Vec uses valid dims"),
                  Provenance("isa-doc", A5, "A5 has no bounds check on Mat/Acc paths: the copy reads past src"),
                  Provenance("header-runtime", K9030, "Kirin 9030 / Dev0000: A5's Vec->Vec PTO_ASSERTs (the ND one on "
                             "the static Dst::ValidCol); TExtractToAVector reads whole 512-byte fractals from "
                             "indexCol; Acc copies not modelled"),
                  Provenance("header-runtime", X90_HDR, "Kirin X90: TEXTRACT_TILE_IMPL's PTO_ASSERT on the full Dst::Cols, "
                             "the Vec -> Vec ones; the L0 copies A2/A3's; Acc and Vec -> Mat copies not modelled")))
def col_out_of_bounds(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT reads columns past the end of the source tile.

    ## What it does
    Computes the columns the copy really reads from `src` (full `Dst::Cols` for Left/Right loads, dst valid
    columns for compact/Scale/Vec->Vec, dst valid columns rounded up to the 32-byte block for Acc copies,
    whole 512-byte fractals for the GEMV form) from `indexCol` and checks they stay inside `Src::Cols`.

    ## Why is this bad?
    The copy reads outside the source tile; in release builds nothing stops it and the destination holds
    garbage.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 32> dst;
    TEXTRACT(dst, src, 0, 48);  // columns 48..79 of a 64-column tile
    ```

    ## Use instead
    ```cpp
    TEXTRACT(dst, src, 0, 32);
    ```
    """
    w = window(ctx)
    if w is None:
        return None
    path, _, cols, sane = w
    _, src = operands(ctx)
    idx = ctx.scalar("indexCol")
    if idx is None:
        return None
    what = "Dst::Cols" if isinstance(cols, int) else \
        "copied columns (dst valid cols rounded up to the block)" if path in ("acc", "gemv") else \
        "copied columns (src valid cols rounded up to the block)" if path == "acc-dual" else "dst valid cols"
    return Check(z3.And(sane, idx + cols > src.cols), f"indexCol {{indexCol}} + {what} {{cols}} exceeds Src::Cols {src.cols} "
                                        f"({path} copy)", {"indexCol": idx, "cols": cols})


@rule("PTO104", "textract-unsupported-dtype", instructions=INSTR, own=OWN_X90, fault="unsupported-dtype",
      provenance=(Provenance("seed-doc", SEED, "A2/A3: int8_t, half, bfloat16_t, float; A5 adds fp8/fp4 types"),
                  Provenance("header-static", A2, "CheckTExtract checks Dst::DType only"),
                  Provenance("header-static", A5, "is_textract_supported_type<Dst::DType>; no int32/uint8/int16"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: is_textract_supported_type is (u)int8, "
                             "(u)int16, int32, half (no float); CheckTExtractToL0: Left/Right half/(u)int8/(u)int16"),
                  Provenance("header-static", X90_HDR, "Kirin X90: CheckTExtract takes (u)int8, (u)int16, int32, half, "
                             "float (no bfloat16_t)")))
def unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT destination element type not supported by the target's tile path.

    ## What it does
    For the plain overload on every path except Vec -> Vec, checks the destination element type against the
    target's list: A2/A3 {int8_t, half, bfloat16_t, float}; A5 additionally the fp8 (e4m3, e5m2, e8m0,
    hifloat8) and packed fp4 types. Notably int32_t is rejected on both (even Acc int32 -> int32 on A5).
    Kirin 9030's own file (Kirin Dev0000 compiles it too) takes (u)int8_t, (u)int16_t, int32_t and half, and
    into Left / Right only half and (u)int8_t / (u)int16_t: no float, no bfloat16_t. Kirin X90's own file takes
    (u)int8_t, (u)int16_t, int32_t, half and float on every such path (no bfloat16_t).

    ## Why is this bad?
    The header's `static_assert` rejects the instantiation: the kernel does not compile for that target.

    ## Example
    ```cpp
    Tile<TileType::Mat, int32_t, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor> src;
    TileLeft<int32_t, 16, 32> dst;
    TEXTRACT(dst, src, 0, 0);
    ```

    ## Use instead
    ```cpp
    // move int32 data with TMOV/TLOAD, or extract a supported type (int8_t, half, bfloat16_t, float)
    TileLeft<int8_t, 16, 32> dst8;
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1" or e1_path(ctx.impl, dst, src) == "vec":
        return None
    types = TILE_TYPES[ctx.impl]
    if e1_path(ctx.impl, dst, src) in ("left", "right") and ctx.impl in L0_TYPES:
        types = types & L0_TYPES[ctx.impl]  # the L0 copy's own check follows the tile path's
    ok = sorted(types)
    return Check(Ctx.static(dst.dtype not in types),
                 f"TEXTRACT does not support element type {dst.dtype} on {ctx.target} (supported: {', '.join(ok)})")


@rule("PTO105", "textract-acc-unsupported-conversion", instructions=INSTR, own=OWN_X90_ALL, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2_COMMON, "CheckTMovAccToMat: cast float->half/bf16; quant lists"),
                  Provenance("header-static", A5_COMMON, "CheckTMovAccValid (isQuant) and GetDualDstCtl NoQuant"),
                  Provenance("seed-doc", SEED, "docs give no Acc conversion table"),
                  Provenance("header-static", K9030_COMMON, "Kirin 9030: CheckTMovAccValid (Src half or int32; "
                             "unquantized Dst == Src; quantized Dst half/int8/uint8/int16); not defined for Kirin "
                             "Dev0000, whose Acc copies are not checked"),
                  Provenance("header-static", K9030_COMMON + " (GetDualDstCtl), " + K9030 + " (TExtractAccToVec)",
                             "Kirin 9030: a dual split mode static_asserts quantPre == NoQuant; GetScalarPreQuantMode "
                             "/ GetVectorPreQuantMode give NoQuant for no pair of two different types "
                             "CheckTMovAccValid admits"),
                  Provenance("header-static", X90_COMMON, "Kirin X90: CheckTMovAccValid<..., false> from every TEXTRACT form: "
                             "a half or int32_t source, the destination of the same type (the quantising forms too)")))
def acc_conversion(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT from Acc with a source/destination type pair the fixpipe cannot convert.

    ## What it does
    For every overload that copies out of an Acc tile, checks (Src::DType, Dst::DType) against the target's
    table: A2/A3 plain/relu forms need float -> half/bfloat16_t; quantized forms float -> int8_t or
    int32_t -> int8_t/uint8_t/half/int16_t. A5 non-quantized forms: float -> half/bf16/float, int32 -> int32;
    quantized forms: float -> int8/uint8/hifloat8/half/bf16/fp8_e4m3/float, int32 -> int8/uint8/half/bf16.
    A5 dual split modes additionally need a non-quantizing pair (same type). Kirin 9030 reads half or int32_t
    accumulators: unquantized into the same type, quantized into half, int8_t, uint8_t or int16_t; its dual split
    modes, as A5's, need the same type on both sides (every other pair selects a quantization mode) (its Acc
    checks are not compiled for Kirin Dev0000, where this rule stays quiet). Kirin X90 reads half or int32_t
    accumulators into the same type only, with or without a quantisation parameter (its TEXTRACT forms all
    check the pair as unquantised).

    ## Why is this bad?
    The pair fails a `static_assert` in the header: the kernel does not compile for that target.

    ## Example
    ```cpp
    TileAcc<float, 16, 16> acc;
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> m;
    TEXTRACT(m, acc, 0, 0);  // float -> float is not a cast on A2/A3
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> m;
    TEXTRACT(m, acc, 0, 0);  // float -> half
    ```
    """
    dst, src = operands(ctx)
    if dst is None:
        return None
    ov = overload(ctx)
    if not acc_facts(ctx) or not is_acc_copy(ctx, ov, dst, src):
        return None
    kind = "quant" if ov in ("E4", "E5", "E6", "E7") else "cast"
    allowed = ACC_CONV[ctx.impl][kind].get(src.dtype, set())
    bad = dst.dtype not in allowed
    why = f"{src.dtype} -> {dst.dtype} is not a supported {'quantizing' if kind == 'quant' else 'non-quantizing'} " \
          f"Acc conversion on {ctx.target}"
    if not bad and ctx.impl in ("a5", KIRIN) and ctx.template_args.get("mode", "").startswith("Dual") \
            and dst.dtype != src.dtype:
        bad, why = True, f"{ctx.template_args['mode']} needs a non-quantizing Acc copy, got {src.dtype} -> {dst.dtype}"
    return Check(Ctx.static(bad), why)


@rule("PTO106", "textract-src-layout", instructions=INSTR, own=OWN_X90, fault="unsupported-layout",
      provenance=(Provenance("seed-doc", SEED, "(SFractal ColMajor && isRowMajor) or (SFractal RowMajor && "
                                               "!isRowMajor); GEMV: Rows == 1 && isRowMajor (Left only)"),
                  Provenance("header-static", TC, "TExtractToLeft/TExtractToRight src static_assert"),
                  Provenance("header-static", A5, "ScaleLeft src ZZ, ScaleRight src NN (A5 only)"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: TExtractToLeft/TExtractToRight src "
                             "static_assert as A5's; no Scale path (PTO109)"),
                  Provenance("header-static", X90_HDR, "Kirin X90: textract_common.hpp's TExtractToLeft / TExtractToRight "
                             "(A2/A3's)")))
def src_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT into Left/Right/ScaleLeft/ScaleRight from a source layout the load cannot read.

    ## What it does
    For Left and Right destinations the source must be ZN (`SLayout::ColMajor` + `BLayout::RowMajor`) or NZ
    (`SLayout::RowMajor` + `BLayout::ColMajor`); for Left a one-row row-major source (GEMV) is also accepted.
    On A5, ScaleLeft needs a ZZ source and ScaleRight an NN source (A2/A3 has no Scale path at all).

    ## Why is this bad?
    The header rejects the layout with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 32, 32> src;  // ND (RowMajor, NoneBox)
    TileLeft<half, 16, 32> dst;
    TEXTRACT(dst, src, 0, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor> src;  // NZ
    TEXTRACT(dst, src, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1":
        return None
    path = e1_path(ctx.impl, dst, src)
    if path == "left":
        ok, want = is_zn(src) or is_nz(src) or (src.rows == 1 and src.is_row_major), "ZN, NZ or a 1-row RowMajor (GEMV)"
    elif path == "right":
        ok, want = is_zn(src) or is_nz(src), "ZN or NZ"
    elif ctx.impl == KIRIN:
        return None  # no Scale path there (PTO109)
    elif path == "scale-left":
        ok, want = is_zz(src), "ZZ (BLayout RowMajor, SLayout RowMajor)"
    elif path == "scale-right":
        ok, want = is_nn(src), "NN (BLayout ColMajor, SLayout ColMajor)"
    else:
        return None
    return Check(Ctx.static(not ok), f"{dst.loc} destination needs a {want} source, src is {layout(src)}")


@rule("PTO107", "textract-dst-layout", instructions=INSTR, own=OWN_X90, fault="unsupported-layout",
      provenance=(Provenance("header-static", TC, "A2/A3 Left dst ZZ, Right dst ZN"),
                  Provenance("header-static", A5, "A5 Left dst NZ, Right dst ZN, ScaleLeft ZZ, ScaleRight NN"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: Left dst NZ, Right dst ZN (A5's)"),
                  Provenance("seed-doc", SEED, "docs only say 'a layout supported by the destination'"),
                  Provenance("header-static", X90_HDR, "Kirin X90: textract_common.hpp's routines, Left dst ZZ, Right dst ZN "
                             "(A2/A3's)"),
                  Provenance("header-static", X90_HDR + " (TExtractVecToMat, lines 112-117)", "Kirin X90 Vec -> Mat: "
                             "ND (row-major, NoneBox) -> ND or NZ -> NZ only")))
def dst_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT destination tile with a layout the target's L0 buffer does not use.

    ## What it does
    Checks the destination layout per target: Left is ZZ on A2/A3 but NZ on A5 (the `TileLeft` alias picks the
    right one for each target); Right is ZN on both; on A5 ScaleLeft is ZZ and ScaleRight NN. Kirin X90
    copies with A2/A3's routines: Left ZZ, Right ZN; its UB -> L1 copy (Vec -> Mat) writes an ND tile from an
    ND source or an NZ tile from an NZ source only.

    ## Why is this bad?
    The header rejects the layout with a `static_assert`. A hand-written Left tile type that matches one target
    breaks the build of the other.

    ## Example
    ```cpp
    using L = Tile<TileType::Left, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor>;  // A5 layout
    L dst;
    TEXTRACT(dst, src, 0, 0);  // fails on A2/A3
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 16, 32> dst;  // ZZ on A2/A3, NZ on A5
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1":
        return None
    path = e1_path(ctx.impl, dst, src)
    if path == "left":
        ok, want = (is_zz(dst), "ZZ") if ctx.impl in A2_L0 else (is_nz(dst), "NZ")
    elif path == "right":
        ok, want = is_zn(dst), "ZN"
    elif path == "vec-mat" and ctx.impl == X90:
        nd = [t.blayout == "RowMajor" and t.slayout == "NoneBox" for t in (src, dst)]
        ok = all(nd) or (is_nz(src) and is_nz(dst))
        return Check(Ctx.static(not ok), f"Vec -> Mat on {ctx.target} copies ND -> ND or NZ -> NZ only; src is "
                     f"{layout(src)}, dst is {layout(dst)}")
    elif ctx.impl == KIRIN:
        return None  # no Scale path there (PTO109)
    elif path == "scale-left":
        ok, want = is_zz(dst), "ZZ"
    elif path == "scale-right":
        ok, want = is_nn(dst), "NN"
    else:
        return None
    return Check(Ctx.static(not ok), f"{dst.loc} destination must be {want} on {ctx.target}, dst is {layout(dst)}")


@rule("PTO108", "textract-acc-layout", instructions=INSTR, own=OWN_X90_ALL, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2_COMMON, "CheckTMovAccToMat: Src NZ, Dst NZ with SFractalSize 512"),
                  Provenance("header-static", A5, "Acc src NZ; dst NZ or ND (ND only with an AccToVecMode)"),
                  Provenance("header-static", K9030, "Kirin 9030: the same dst static_asserts, src NZ in "
                             "kirin9030/common.hpp CheckTMovAccValid (Kirin Dev0000: not checked)"),
                  Provenance("header-static", X90_COMMON, "Kirin X90: CheckTMovAccValid: src NZ, dst NZ or ND (every form)")))
def acc_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT out of Acc with a source or destination layout the fixpipe copy does not accept.

    ## What it does
    The Acc source must be NZ (the `TileAcc` layout). A2/A3 writes only NZ Mat tiles with 512-byte fractals;
    A5 writes NZ or ND tiles, and ND only for the `AccToVecMode` overloads; Kirin X90 NZ or ND tiles with
    every form.

    ## Why is this bad?
    The header rejects the layout with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    TileAcc<float, 16, 16> acc;
    Tile<TileType::Mat, half, 16, 16> m;  // ND
    TEXTRACT(m, acc, 0, 0);  // A2/A3 needs an NZ Mat tile
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> m;
    TEXTRACT(m, acc, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None:
        return None
    ov = overload(ctx)
    if not acc_facts(ctx) or not is_acc_copy(ctx, ov, dst, src):
        return None
    if not is_nz(src):
        return Check(Ctx.static(True), f"Acc source must be NZ, src is {layout(src)}")
    if ctx.impl == "a2a3":
        ok, want = is_nz(dst) and dst.fractal == 512, "NZ with SFractalSize 512"
    elif ov in ("E3", "E5", "E7") and ctx.impl != X90:
        ok, want = is_nd(dst), "ND"
    else:
        ok, want = is_nz(dst) or is_nd(dst), "NZ or ND"
    return Check(Ctx.static(not ok), f"Acc copy destination must be {want} on {ctx.target}, dst is "
                                     f"{layout(dst)} (SFractalSize {dst.fractal})")


@rule("PTO109", "textract-unsupported-path", instructions=INSTR, own=OWN_X90_ALL, fault="unsupported-path",
      provenance=(Provenance("header-static", A2_COMMON, "relu/quant/fp forms: Src Acc, Dst Mat only"),
                  Provenance("header-static", A5, "relu/quant/fp forms: Src Acc, Dst Mat or Vec; mode forms Dst Vec"),
                  Provenance("seed-doc", SEED, "A2/A3 has no Acc -> Vec"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: relu/quant/fp forms as A5's (Dst Mat or "
                             "Vec; mode forms Dst Vec); the plain form's ScaleLeft / ScaleRight branches "
                             "static_assert(sizeof(DType) == 0): 'not supported yet'"),
                  Provenance("header-static", X90_COMMON, "Kirin X90: CheckTMovAccValid: Src Acc, Dst Mat or Vec (the mode "
                             "forms forward to the forms without a mode)")))
def unsupported_path(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT relu/quantization/fp form between buffers it cannot connect on this target.

    ## What it does
    The relu, scalar-quant and vector-quant (`TEXTRACT_FP`) forms only copy out of Acc. A2/A3 writes only Mat
    (there is no Acc -> Vec on A2/A3); A5 writes Mat or Vec, and the `AccToVecMode` forms write only Vec.
    Kirin 9030 / Dev0000 connect the same buffers as A5, and their plain form rejects ScaleLeft / ScaleRight
    destinations outright ("not supported yet"). Kirin X90 writes Mat or Vec with every form (its
    `AccToVecMode` forms forward to the forms without a mode).

    ## Why is this bad?
    The header's `static_assert` on the tile locations fails: the kernel does not compile for that target.

    ## Example
    ```cpp
    TileAcc<float, 16, 16> acc;
    Tile<TileType::Vec, half, 16, 16> v;
    TEXTRACT<decltype(v), decltype(acc), ReluPreMode::NormalRelu>(v, acc, 0, 0);  // no Acc->Vec on A2/A3
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> m;
    TEXTRACT<decltype(m), decltype(acc), ReluPreMode::NormalRelu>(m, acc, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None:
        return None
    ov = overload(ctx)
    if ov == "E1" and ctx.impl == KIRIN and e1_path(ctx.impl, dst, src) in ("scale-left", "scale-right"):
        return Check(Ctx.static(True), f"TEXTRACT into a {dst.loc} tile is not supported on {ctx.target} "
                                       f"(static_assert: not supported yet)")
    if ov in ("E1", "E8") or (ctx.impl == "a2a3" and ov in ("E3", "E5", "E7")):
        return None
    if acc_overload_path(ctx, ov, dst, src):
        return Check(Ctx.static(False), "")
    if ctx.impl == "a2a3":
        want = "Acc -> Mat"
    elif ov in ("E3", "E5", "E7") and ctx.impl != X90:
        want = "Acc -> Vec"
    else:
        want = "Acc -> Mat or Acc -> Vec"
    return Check(Ctx.static(True), f"this TEXTRACT form only supports {want} on {ctx.target}, "
                                   f"got {src.loc} -> {dst.loc}")


@rule("PTO110", "textract-no-op", instructions=INSTR, own=OWN_X90, fault="no-op",
      provenance=(Provenance("hazard", A2, "TEXTRACT_TILE_IMPL: no branch for other src/dst pairs (compiles to "
                             "nothing)"),
                  Provenance("hazard", A5, "TEXTRACT_TILE_IMPL / Vec->Vec: no else branch (compiles to nothing)"),
                  Provenance("seed-doc", SEED, "docs say unsupported destinations are rejected; they are not"),
                  Provenance("hazard", K9030, "Kirin 9030 / Dev0000: TEXTRACT_TILE_IMPL as A5's (Scale branches "
                             "reject the call instead)"),
                  Provenance("hazard", X90_HDR, "Kirin X90: TEXTRACT_TILE_IMPL has no branch for Mat -> Mat, "
                             "Mat -> Vec, Scale destinations; the Vec -> Vec else branch compiles to nothing for "
                             "equal non-ND, non-NZ layouts")))
def no_op(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT compiles but copies nothing for this source/destination pair.

    ## What it does
    Finds plain TEXTRACT calls whose buffers match no branch of the target's implementation, after all its
    static checks passed: e.g. Mat -> Mat and Mat -> Vec on both targets; Acc -> Vec, Vec -> Mat and any
    Scale destination on A2/A3; Vec -> Mat from a source neither ND nor NZ on A5; Vec -> Vec between
    column-major layouts that are not both NZ.

    ## Why is this bad?
    Nothing is written: the destination keeps stale data and the kernel computes garbage silently.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor> big;
    Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor> part;
    TEXTRACT(part, big, 0, 0);  // silently does nothing
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 32, 32> part;  // extract into L0A
    TEXTRACT(part, big, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1":
        return None
    path = e1_path(ctx.impl, dst, src)
    if path == "vec":
        compiles = dst.dtype == src.dtype and dst.dtype in VEC_TYPES[ctx.impl]
        noop = compiles and vec_branch(ctx.impl, dst, src) == "noop"
        what = f"Vec -> Vec between {layout(src)} and {layout(dst)} (neither ND nor both NZ)"
    else:
        noop = path == "noop" and e1_tile_types_ok(ctx.impl, dst, src)
        what = f"{src.loc} -> {dst.loc}" + (f" from a {layout(src)} source" if src.loc == "Vec" else "")
    return Check(Ctx.static(noop), f"TEXTRACT {what} is a silent no-op on {ctx.target}: nothing is copied")


@rule("PTO111", "textract-acc-to-vec-mode-unavailable", instructions=INSTR, fault="unsupported-path",
      targets=("a2a3",),
      provenance=(Provenance("header-static", A2, "no TEXTRACT_IMPL overload taking an AccToVecMode"),
                  Provenance("isa-doc", "include/pto/common/pto_instr.hpp", "declared for every target")))
def mode_unavailable(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT with an AccToVecMode template argument on A2/A3, which has no such overload.

    ## What it does
    The `TEXTRACT<Dst, Src, AccToVecMode::...>` forms (plain, scalar-quant and fp) are declared in the public
    API for every target, but A2/A3 implements no Acc -> Vec copy and no `TEXTRACT_IMPL` taking a mode.

    ## Why is this bad?
    Overload resolution of the implementation fails: the kernel does not compile for A2/A3.

    ## Example
    ```cpp
    TEXTRACT<VecT, AccT, AccToVecMode::SingleModeVec0>(v, acc, 0, 0);
    ```

    ## Use instead
    ```cpp
    #if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
    TEXTRACT<VecT, AccT, AccToVecMode::SingleModeVec0>(v, acc, 0, 0);
    #else
    TEXTRACT(m, acc, 0, 0);  // Acc -> Mat, then move to UB
    #endif
    ```
    """
    if "mode" not in ctx.template_args or ctx.tile("dst") is None:
        return None
    return Check(Ctx.static(True), f"TEXTRACT<..., AccToVecMode::{ctx.template_args['mode']}> does not exist "
                                   f"on a2a3 (no Acc -> Vec path)")


@rule("PTO112", "textract-split-n-misaligned", instructions=INSTR, fault="split-misaligned", targets=("a5",),
      severity="warning",
      provenance=(Provenance("seed-doc", SEED, "Acc->Vec, 32-bit dst, DualModeSplitN: ValidCol multiple of 32"),
                  Provenance("isa-doc", A5, "not checked anywhere in the headers (docs-only constraint)")))
def split_n_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    DualModeSplitN Acc -> Vec copy of 32-bit data whose column count is not a multiple of 32.

    ## What it does
    For `TEXTRACT<..., AccToVecMode::DualModeSplitN>` with a float/int32_t destination, checks that the valid
    column count before splitting (the Acc source's valid columns) is a multiple of 32, as the ISA document
    requires. The headers never check it, hence warning severity.

    ## Why is this bad?
    The N dimension is split between the two vector cores in 32-column halves; an unaligned column count gives
    one core a ragged block and the split result does not match the documented layout.

    ## Example
    ```cpp
    TileAcc<float, 16, 48> acc;
    Tile<TileType::Vec, float, 16, 48> v;
    TEXTRACT<decltype(v), decltype(acc), AccToVecMode::DualModeSplitN>(v, acc, 0, 0);
    ```

    ## Use instead
    ```cpp
    TileAcc<float, 16, 64> acc;  // 64 columns: two 32-column halves
    ```
    """
    dst, src = operands(ctx)
    if dst is None or ctx.template_args.get("mode") != "DualModeSplitN":
        return None
    if dst.dtype not in ("float", "int32_t") or src.loc != "Acc" or dst.loc != "Vec":
        return None
    return Check(src.valid_col % 32 != 0, "DualModeSplitN with a 32-bit destination needs the pre-split ValidCol "
                                          "{validCol} to be a multiple of 32", {"validCol": src.valid_col})


@rule("PTO113", "textract-fp-not-scaling", instructions=INSTR, own={KIRIN: INSTR, X90: INSTR}, fault="unsupported-path",
      provenance=(Provenance("header-static", A2, "TEXTRACT_FP: static_assert FpTileData::Loc == Scaling"),
                  Provenance("header-static", A5, "same check"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: same check"),
                  Provenance("seed-doc", SEED, "'FpTileData scaling operand'"),
                  Provenance("header-static", X90_HDR, "Kirin X90: the same check (the vector-quantised overload)")))
def fp_not_scaling(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT_FP with a quantization-parameter tile that is not in the Scaling (fixpipe) buffer.

    ## What it does
    Checks that the `fp` operand of the vector-quantization form is a `TileType::Scaling` tile.

    ## Why is this bad?
    The fixpipe reads per-channel parameters only from its own buffer; the header rejects other locations
    with a `static_assert`.

    ## Example
    ```cpp
    Tile<TileType::Vec, uint64_t, 1, 16> fp;
    TEXTRACT_FP(m, acc, fp, 0, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Scaling, uint64_t, 1, 16> fp;
    TEXTRACT_FP(m, acc, fp, 0, 0);
    ```
    """
    fp = ctx.tile("fp")
    if fp is None or (ctx.impl == "a2a3" and "mode" in ctx.template_args):
        return None
    return Check(Ctx.static(fp.loc != "Scaling"), f"fp tile must be TileType::Scaling, got {fp.loc}")


@rule("PTO114", "textract-relu-ignored", instructions=INSTR, fault="ignored-option", targets=("a5",),
      provenance=(Provenance("header-static", A5, "relu overload: Acc->Vec copy is issued with NoRelu"),
                  Provenance("hazard", A5, "undocumented; relu is honoured for Acc->Mat")))
def relu_ignored(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `TEXTRACT<..., ReluPreMode::NormalRelu>` into a Vec tile on A5 silently drops the ReLU.

    ## What it does
    The relu-only overload on A5 accepts a Vec destination but issues the Acc -> Vec copy with `NoRelu`.

    ## Why is this bad?
    Negative values reach the destination unclamped; results differ from the Mat path and from the intent.

    ## Example
    ```cpp
    TEXTRACT<VecT, AccT, ReluPreMode::NormalRelu>(v, acc, 0, 0);
    ```

    ## Use instead
    ```cpp
    TEXTRACT<VecT, AccT, AccToVecMode::SingleModeVec0, ReluPreMode::NormalRelu>(v, acc, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E2" or not acc_overload_path(ctx, "E2", dst, src):
        return None
    bad = ctx.template_args.get("reluMode") == "NormalRelu" and dst.loc == "Vec"
    return Check(Ctx.static(bad), "NormalRelu is ignored for Acc -> Vec on a5 (copied with NoRelu)")


@rule("PTO115", "textract-vec-unsupported-dtype", instructions=INSTR, own=OWN_X90, fault="unsupported-dtype",
      provenance=(Provenance("seed-doc", SEED, "Vec->Vec: int8/uint8/int16/uint16/int32/uint32/half/bf16/float on both"),
                  Provenance("header-static", TC, "A2/A3 CheckTExtractVecToVecCommon matches the docs"),
                  Provenance("header-static", A5, "A5: half/bf16/float/int32/int8 + fp8/fp4; no uint8/int16/"
                                                  "uint16/uint32 (docs disagree)"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: half/float/int32/int8 only"),
                  Provenance("header-static", X90_HDR, "Kirin X90: textract_common.hpp's A2/A3 list read under header.hpp's "
                             "#define bfloat16_t half: no bfloat16_t")))
def vec_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Vec -> Vec TEXTRACT with an element type the target's UB copy does not support.

    ## What it does
    A2/A3 accepts int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t, float. A5 accepts
    half, bfloat16_t, float, int32_t, int8_t and the fp8/fp4 types, and rejects uint8_t, int16_t, uint16_t and
    uint32_t, although the documentation lists them for both targets. Kirin 9030 / Dev0000 accept half,
    float, int32_t and int8_t only; Kirin X90 A2/A3's list without bfloat16_t (its header renames that type to
    half while the list is read).

    ## Why is this bad?
    A `static_assert` fails: the kernel does not compile for that target.

    ## Example
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> src;
    Tile<TileType::Vec, int16_t, 16, 32> dst;
    TEXTRACT(dst, src, 0, 32);  // fails on A5
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 64> src;  // or reinterpret the int16 data as half
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1" or e1_path(ctx.impl, dst, src) != "vec":
        return None
    return Check(Ctx.static(dst.dtype not in VEC_TYPES[ctx.impl]),
                 f"Vec -> Vec TEXTRACT does not support {dst.dtype} on {ctx.target}")


@rule("PTO116", "textract-vec-row-stride", instructions=INSTR, fault="unsupported-layout", own={X90: ("TEXTRACT",)},
      provenance=(Provenance("seed-doc", SEED, "ND path: the row stride must be 32-byte aligned"),
                  Provenance("header-static", TC, "A2/A3: Src/Dst RowStride * sizeof % 32 == 0"),
                  Provenance("header-static", A5, "A5 checks it only for fp4 types"),
                  Provenance("header-static", X90_HDR, "Kirin X90: the ND branch (which also takes a pair with a NoneBox tile) "
                             "checks both tiles' RowStride: a column-major tile's is one element")))
def vec_row_stride(ctx: Ctx) -> Check | None:
    """
    ## Summary
    ND Vec -> Vec TEXTRACT with a row stride that is not a multiple of 32 bytes.

    ## What it does
    On the row-major Vec -> Vec path the source and destination rows must start on 32-byte blocks. A2/A3
    always requires it; A5 only for the packed fp4 types (other types use an unaligned vector path). Plain ND
    tiles always satisfy it; boxed row-major tiles (e.g. SFractalSize 32) may not. Kirin X90 sends every pair
    with a NoneBox tile to this copy: a column-major (DN) tile's row stride is one element, never 32 bytes.

    ## Why is this bad?
    The UB block copy moves whole 32-byte blocks per row; the header rejects the layout at compile time.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 8, BLayout::RowMajor, 16, 8, SLayout::RowMajor, 32> src;  // 16-byte rows
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 16> src;  // 32-byte rows
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1" or e1_path(ctx.impl, dst, src) != "vec":
        return None
    if vec_branch(ctx.impl, dst, src) != "nd":
        return None
    if ctx.impl == "a5" and dst.dtype not in FP4:
        return None
    # the row stride: Cols elements for a row-major tile, one for a column-major one (Kirin X90's ND branch)
    bad = [t for t in (src, dst) if (row_stride(t) * size(t)) % 32]
    names = ", ".join(f"{t.name} ({row_stride(t)} x {size(t)} bytes)" for t in bad)
    return Check(Ctx.static(bool(bad)), f"row stride not 32-byte aligned: {names}")


@rule("PTO117", "textract-vec-dst-exceeds-src", instructions=INSTR, own=OWN_X90, fault="size-mismatch",
      provenance=(Provenance("seed-doc", SEED, "the Dst rows/columns must not exceed Src"),
                  Provenance("header-static", TC, "A2/A3 ND and NZ: Rows and Cols"),
                  Provenance("header-static", A5, "A5 ND: Rows and Cols; NZ: Cols only"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: as A5"),
                  Provenance("header-static", X90_HDR, "Kirin X90: A2/A3's ND and NZ checks (textract_common.hpp)")))
def vec_dst_exceeds_src(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Vec -> Vec TEXTRACT whose destination tile is larger than its source tile.

    ## What it does
    Checks `Dst::Rows <= Src::Rows` and `Dst::Cols <= Src::Cols` on the ND and NZ Vec -> Vec paths (A5's NZ
    path checks only the columns).

    ## Why is this bad?
    A `static_assert` rejects it: a window larger than the source cannot be extracted.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 32> src;
    Tile<TileType::Vec, float, 32, 32, BLayout::RowMajor, DYNAMIC, DYNAMIC> dst(16, 32);
    TEXTRACT(dst, src, 0, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, DYNAMIC, DYNAMIC> dst(16, 32);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1" or e1_path(ctx.impl, dst, src) != "vec":
        return None
    branch = vec_branch(ctx.impl, dst, src)
    if branch not in ("nd", "nz"):
        return None
    rows_checked = branch == "nd" or ctx.impl in A2_L0
    bad = dst.cols > src.cols or (rows_checked and dst.rows > src.rows)
    return Check(Ctx.static(bad), f"dst {dst.rows}x{dst.cols} exceeds src {src.rows}x{src.cols}")


@rule("PTO118", "textract-vec-layout-mismatch", instructions=INSTR, own=OWN_X90, fault="unsupported-layout",
      provenance=(Provenance("header-static", TC, "A2/A3: isRowMajor and SFractal must match"),
                  Provenance("header-static", A5, "A5: isRowMajor must match"),
                  Provenance("header-static", K9030, "Kirin 9030 / Dev0000: as A5"),
                  Provenance("seed-doc", SEED, "docs: ND and NZ layouts only"),
                  Provenance("header-static", X90_HDR, "Kirin X90: A2/A3's, but a pair with a NoneBox tile takes the ND copy")))
def vec_layout_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Vec -> Vec TEXTRACT between tiles of different layouts.

    ## What it does
    The Vec -> Vec copy does not transpose or re-box: both tiles must be row-major (ND path) or both NZ. Other
    pairs must at least agree on `BLayout` (and, on A2/A3, on `SLayout`) or the header fails to compile.

    ## Why is this bad?
    A `static_assert` rejects the instantiation.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 32> src;  // row-major
    Tile<TileType::Vec, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> dst;  // NZ
    TEXTRACT(dst, src, 0, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 16> dst;
    TEXTRACT(dst, src, 0, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1" or e1_path(ctx.impl, dst, src) != "vec":
        return None
    return Check(Ctx.static(vec_branch(ctx.impl, dst, src) == "error"),
                 f"Vec -> Vec layouts differ: src {layout(src)}, dst {layout(dst)}")


def l0_index_units(dst: TileView, src: TileView) -> tuple[int, int] | None:
    """(indexRow multiple, indexCol multiple) A2/A3's L1 -> L0A/L0B copy routine asserts for an E1 call, None
    when the call is no such copy. Without a transpose an L0A copy steps in 16 rows x C0 columns, an L0B copy
    in C0 rows x 16 columns (C0 = 32 bytes of the source type); a transposed one in whole fractals (32 for
    1-byte types, else 16) both ways, compact or not; the one-row GEMV source of L0A in 512-byte fractals of
    columns (its indexRow is not read)."""
    n = size(src)
    if n <= 0 or src.loc != "Mat" or dst.loc not in ("Left", "Right"):
        return None
    if dst.loc == "Left" and src.rows == 1 and src.is_row_major:
        return 1, 512 // n
    c0, frac = 32 // n, 32 if n == 1 else 16
    if dst.slayout != src.slayout:
        return frac, frac
    return (16, c0) if dst.loc == "Left" else (c0, 16)


def _l0_copy_compiles(dst: TileView, src: TileView, impl: str = "a2a3") -> bool:
    """The A2/A3 E1 Mat -> Left/Right call passes its static checks (PTO101/104/106/107 and PTO935's extents),
    so the copy routine runs and its PTO_ASSERTs are reached."""
    if not e1_tile_types_ok(impl, dst, src):
        return False
    gemv = dst.loc == "Left" and src.rows == 1 and src.is_row_major
    if not (is_zn(src) or is_nz(src) or gemv):
        return False
    if not (is_zz(dst) if dst.loc == "Left" else is_zn(dst)):
        return False
    n = size(src)
    if gemv:
        return src.cols % (512 // n) == 0 and dst.cols % (512 // n) == 0
    c0, frac = 32 // n, 32 if n == 1 else 16
    transposed = dst.slayout != src.slayout
    compact = dst.compact == "Normal" or (transposed and n == 1 and dst.loc == "Right")
    unit = (frac, frac) if transposed else (16, c0) if dst.loc == "Left" else (c0, 16)
    need = [(src, unit)] + ([] if compact else [(dst, unit)]) + ([(dst, (c0, 16))] if compact and
                                                                 dst.loc == "Right" else [])
    return all(t.rows % r == 0 and t.cols % c == 0 for t, (r, c) in need)


def _gemv_index_unit(impl: str, dst: TileView, src: TileView) -> tuple[int, int] | None:
    """(1, indexCol multiple) that A5's / Kirin 9030's one-row L1 -> L0A copy (TExtractToAVector) PTO_ASSERTs, when
    the call compiles to it: A5 a 512-byte fractal (1024 packed fp4 elements), Kirin 9030 a 32-byte block; None for
    any other copy (their other L0 copies assert no index)."""
    if not (dst.loc == "Left" and src.loc == "Mat" and src.rows == 1 and src.is_row_major) or not size(src):
        return None
    if not e1_tile_types_ok(impl, dst, src) or not (dst.slayout == "RowMajor" and not dst.is_row_major):
        return None  # PTO101 / PTO104: TExtractToLeft does not compile
    if impl == KIRIN:
        block, frac = 32 // size(src), 512 // size(src)
        return (1, block) if src.cols % block == 0 and dst.cols % frac == 0 else None
    frac = 1024 if src.dtype in FP4 else 512 // size(src)
    return (1, frac) if src.cols % frac == 0 and dst.cols % frac == 0 else None


@rule("PTO123", "textract-l0-index-misaligned", instructions=("TEXTRACT",), fault="misaligned",
      targets=("a2a3", "a5"), own={X90: ("TEXTRACT",), KIRIN: ("TEXTRACT",)},
      provenance=(Provenance("header-runtime", TC + " (TExtractToA/B, TExtractToA/BCompact, TExtractToAVector)",
                             "PTO_ASSERT indexRow % 16 and indexCol % C0 (L0A), indexRow % C0 and indexCol % 16 "
                             "(L0B), both % 16 (32 for 1-byte types) when transposed, indexCol % (512 / sizeof) on "
                             "the one-row L0A path; C0 = 32 / sizeof(src), 2-byte types as half; debug builds only"),
                  Provenance("header-runtime", TC + " (TExtractToATranspose, TExtractToAVector)", "release builds "
                             "load from the unaligned index unchecked, and the transposed and one-row loads, which "
                             "address whole fractals by shifting the index, start at the fractal below it"),
                  Provenance("isa-doc", SEED, "the window of an L0 load starts on a fractal boundary"),
                  Provenance("header-runtime", X90_HDR + " (TEXTRACT_TILE_IMPL -> textract_common.hpp TExtractToLeft/Right)",
                             "Kirin X90 calls the same routines"),
                  Provenance("header-runtime", "include/pto/npu/a5/TExtract.hpp (TExtractToAVector, line 181)",
                             "A5: only the one-row L0A source's copy asserts its index: PTO_ASSERT indexCol % "
                             "(512 / sizeof(T)) (1024 for the packed fp4 types), debug builds only; release builds "
                             "start at the fractal below (kStartPosition = indexCol * sizeof >> 9)"),
                  Provenance("header-runtime", "include/pto/npu/kirin9030/TExtract.hpp (TExtractToAVector, line 73)",
                             "Kirin 9030 / Dev0000: the one-row L0A copy PTO_ASSERTs indexCol % (32 / sizeof(T)), "
                             "debug builds only")))
def l0_index_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT from L1 into L0A/L0B at an index that is not on a copy-block boundary (A5: one-row sources).

    ## What it does
    For `TEXTRACT(dst, src, indexRow, indexCol)` from a Mat tile into a Left or Right tile that compiles
    on A2/A3 (and on Kirin X90, whose TEXTRACT calls the same routine), checks the indices the copy routine asserts: without a transpose (same SLayout on both
    sides) an L0A load needs `indexRow` a multiple of 16 and `indexCol` a multiple of C0 (one 32-byte block
    of the source type: 32 int8, 16 half, 8 float), an L0B load the reverse; with a transpose both must be
    whole fractals (16, or 32 for 1-byte types); the one-row (GEMV) L0A source needs `indexCol` in
    512-byte fractals. On A5 only that one-row copy asserts its index (512-byte fractals, 1024 elements of
    the packed fp4 types), on Kirin 9030 / Dev0000 in 32-byte blocks.

    ## Why is this bad?
    The alignment is only a `PTO_ASSERT`, so debug builds trap. The L0 loads address the source in whole
    blocks: in release builds the transposed and one-row loads silently start at the block boundary
    below the index, so the destination holds another window than the one asked for.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, 32, 64, SLayout::RowMajor> src;
    TileLeft<half, 16, 32> a;
    TEXTRACT(a, src, 8, 0);  // row 8: half a fractal
    ```

    ## Use instead
    ```cpp
    TEXTRACT(a, src, 16, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or overload(ctx) != "E1":
        return None
    if ctx.impl in ("a5", KIRIN):
        units = _gemv_index_unit(ctx.impl, dst, src)
    else:
        units = l0_index_units(dst, src)
        units = units if units is not None and _l0_copy_compiles(dst, src, ctx.impl) else None
    if units is None:
        return None
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    if row is None or col is None or z3.is_real(row) or z3.is_real(col):
        return None
    ur, uc = units
    bad = col % uc != 0 if ur == 1 else z3.Or(row % ur != 0, col % uc != 0)
    path = "one-row L0A" if ur == 1 else f"{'transposed ' if dst.slayout != src.slayout else ''}L0" \
                                          f"{'A' if dst.loc == 'Left' else 'B'}"
    need = f"indexCol a multiple of {uc}" if ur == 1 else f"indexRow a multiple of {ur} and indexCol of {uc}"
    return Check(bad, f"TEXTRACT {path} load of {src.dtype} at ({{indexRow}}, {{indexCol}}): needs {need} "
                 f"(PTO_ASSERT on {ctx.target})", {"indexRow": row, "indexCol": col})


@rule("PTO124", "textract-acc-to-vec-mode-unsupported", instructions=INSTR, fault="unsupported-path", targets=(),
      own={X90: INSTR},
      provenance=(Provenance("header-static", X90_HDR, "the three TEXTRACT_IMPL overloads taking an AccToVecMode "
                             "static_assert(mode == AccToVecMode::SingleModeVec0) before they forward to the "
                             "relu / scalar-quant / vector-quant forms"),
                  Provenance("isa-doc", "include/pto/common/pto_instr.hpp", "the mode forms are declared for every "
                             "target with any AccToVecMode"),
                  Provenance("isa-doc", SEED, "the dual modes split the copy over two vector cores (A5)")))
def mode_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT with an AccToVecMode other than SingleModeVec0 on Kirin X90.

    ## What it does
    Kirin X90's own TExtract.hpp implements the `TEXTRACT<Dst, Src, AccToVecMode::...>` forms (plain / relu,
    scalar-quantised and fp) for `AccToVecMode::SingleModeVec0` only: each rejects any other mode with a
    `static_assert` before it forwards to the form without a mode. The dual modes (`DualModeSplitM`,
    `DualModeSplitN`), which split the copy over the two vector cores on A5, do not exist there.

    ## Why is this bad?
    The kernel does not compile for Kirin X90.

    ## Example
    ```cpp
    TEXTRACT<VecT, AccT, AccToVecMode::DualModeSplitN>(v, acc, 0, 0);
    ```

    ## Use instead
    ```cpp
    TEXTRACT<VecT, AccT, AccToVecMode::SingleModeVec0>(v, acc, 0, 0);  // one vector core copies the whole tile
    ```
    """
    if "mode" not in ctx.template_args or ctx.tile("dst") is None:
        return None
    mode = str(ctx.template_args["mode"]).split("::")[-1]
    return Check(Ctx.static(mode != "SingleModeVec0"), f"TEXTRACT<..., AccToVecMode::{mode}> is not implemented on "
                                                       f"{ctx.target} (SingleModeVec0 only)")


def _nz_window_units(ctx: Ctx) -> tuple[TileView, TileView, int] | None:
    """(dst, src, C0) for a Kirin X90 Vec -> Vec TEXTRACT / TINSERT between NZ tiles that compiles and reaches the
    copy's alignment PTO_ASSERTs (TEXTRACT: not the 1 x 1 scalar path), else None."""
    dst, src = operands(ctx)
    if dst is None or dst.loc != "Vec" or src.loc != "Vec" or not (is_nz(dst) and is_nz(src)):
        return None
    if dst.dtype != src.dtype or dst.dtype not in VEC_TYPES[X90] or size(dst) <= 0:
        return None
    if ctx.builtin == "TEXTRACT":
        if overload(ctx) != "E1" or dst.cols > src.cols or dst.rows > src.rows:
            return None
        if (dst.spec.valid_row, dst.spec.valid_col) == (1, 1):
            return None
    elif set(ctx.tiles()) != {"dst", "src"} or ctx.template_args or ctx.scalar("preQuantScalar") is not None:
        return None
    return dst, src, 32 // size(dst)


@rule("PTO125", "vec-nz-window-misaligned", instructions=("TEXTRACT", "TINSERT"), fault="misaligned", targets=(),
      own={X90: ("TEXTRACT", "TINSERT")},
      provenance=(Provenance("header-runtime", X90_HDR + " (TExtractVecToVecNZDispatch)",
                             "PTO_ASSERT idxCol % C0 == 0 (C0 = 32 / sizeof(T)) before the NZ UB -> UB copy; debug "
                             "builds only (its idxRow % 16 assert is left out: release builds copy the exact rows, and "
                             "the vendor's textract_vec ST kernel starts NZ windows at rows 4 and 8)"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TInsert.hpp (TINSERT_IMPL, NZ Vec -> Vec, "
                             "lines 338-346)", "the same PTO_ASSERT on indexCol, and indexRow % 16 == 0 (checked for "
                             "TINSERT: debug builds trap; the vendor's Kirin X90 tinsert ST kernel inserts NZ UB tiles "
                             "at rows 0 and 16 only)"),
                  Provenance("header-runtime", X90_HDR + " (TExtractVecToVecNZ)", "release builds start the copy at "
                             "column stripe indexCol / C0: an unaligned indexCol silently moves another window")))
def vec_nz_window_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Kirin X90 TEXTRACT / TINSERT between NZ UB tiles at a column that is not on a C0 block (TINSERT: or at a
    row that is not on a 16-row fractal).

    ## What it does
    For a Vec -> Vec TEXTRACT or TINSERT between two NZ tiles (BLayout::ColMajor, SLayout::RowMajor) on Kirin
    X90, checks that `indexCol` is a multiple of C0, one 32-byte block of the element type (16 half, 8 float,
    32 int8); for TINSERT also that `indexRow` is a multiple of 16. (A TEXTRACT into a 1 x 1 destination takes
    a scalar path without the check. TEXTRACT's header also asserts `indexRow % 16 == 0`; a release build
    copies the exact rows, and the vendor's own ST kernels extract NZ windows off the 16-row fractal, so that
    debug-only assertion is not reported for TEXTRACT.)

    ## Why is this bad?
    It is a `PTO_ASSERT`: debug builds trap. A release build copies whole column stripes of C0 elements from
    stripe `indexCol / C0`: an unaligned `indexCol` silently moves the columns of the stripe boundary below it
    instead of the window asked for. (An unaligned TINSERT row traps debug builds only: a release build places
    the exact rows.)

    ## Example
    ```cpp
    using Nz = Tile<TileType::Vec, half, 32, 64, BLayout::ColMajor, 32, 64, SLayout::RowMajor>;
    using NzPart = Tile<TileType::Vec, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor>;
    TEXTRACT(part, whole, 0, 8);  // half: C0 is 16 columns
    ```

    ## Use instead
    ```cpp
    TEXTRACT(part, whole, 0, 16);
    ```
    """
    got = _nz_window_units(ctx)
    if got is None:
        return None
    dst, src, c0 = got
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    if row is None or col is None or z3.is_real(row) or z3.is_real(col):
        return None
    if ctx.builtin == "TINSERT":
        return Check(z3.Or(col % c0 != 0, row % 16 != 0),
                     f"TINSERT NZ Vec -> Vec of {dst.dtype} at ({{indexRow}}, {{indexCol}}): needs indexRow a multiple "
                     f"of 16 and indexCol a multiple of {c0} (PTO_ASSERTs on {ctx.target}; a release build copies an "
                     "unaligned column from the C0 block below)", {"indexRow": row, "indexCol": col})
    return Check(col % c0 != 0,
                 f"{ctx.builtin} NZ Vec -> Vec of {dst.dtype} at column {{indexCol}}: needs indexCol a multiple of {c0} "
                 f"(PTO_ASSERT on {ctx.target}; a release build copies from the C0 block below)", {"indexCol": col})


#: TEXTRACT of a ConvTile source (the FractalZ weight in L1 into L0B), per implementation: Dst::DType accepted
#: (TEXTRACT_CONVTILE_IMPL / TextractConvTileCheck) and whether a 4-dimensional source must have the static
#: [.., 16, C0] inner shape (A5's and Kirin 9030's files; A2/A3's textract_common.hpp has no such check)
CONV_DST_TYPES = {
    "a2a3": {"int8_t", "half", "bfloat16_t", "float"},
    # the same list read under kirinX90/header.hpp's `#define bfloat16_t half`
    X90: {"int8_t", "half", "float"},
    "a5": {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "bfloat16_t", "float"},
    KIRIN: {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "float"},
}
CONV_INNER_SHAPE = {"a5", KIRIN}
CONV_SRC_LAYOUTS = ("FRACTAL_Z", "FRACTAL_Z_3D")


def conv_source_problems(impl: str, dst: TileView, spelling: str | None) -> list[str] | None:
    """What the target's ConvTile branch of TEXTRACT rejects for this (dst, ConvTile src) pair; None when `src` is
    not a ConvTile or the call does not take the ConvTile branch (both operands in Vec take the Vec -> Vec one)."""
    from ptolint.rules.misc_builtins import conv_tile
    from ptolint.rules.rearrange_runtime import conv_tile_shape

    conv, shaped = conv_tile(spelling), conv_tile_shape(spelling)
    if conv is None or impl not in CONV_DST_TYPES or (dst.loc == "Vec" and conv[0] == "Vec"):
        return None
    loc, dtype, layout = conv
    out = []
    if dst.dtype not in CONV_DST_TYPES[impl]:
        out.append(f"dst element type {dst.dtype} is not one of {', '.join(sorted(CONV_DST_TYPES[impl]))}")
    if loc != "Mat":
        out.append(f"the ConvTile is TileType::{loc}, needs Mat")
    if dst.loc != "Right":
        out.append(f"dst is TileType::{dst.loc}, needs Right")
    src_size = shaped[2] if shaped else SIZES.get(dtype, 0)
    if src_size and size(dst) and src_size != size(dst):
        out.append(f"element sizes differ (dst {size(dst)} bytes, ConvTile {dtype} {src_size})")
    if layout not in CONV_SRC_LAYOUTS:
        out.append(f"the ConvTile's layout is Layout::{layout}, needs FRACTAL_Z or FRACTAL_Z_3D")
    if not (dst.slayout == "ColMajor" and dst.blayout == "RowMajor"):
        out.append(f"dst is {dst.blayout} / {dst.slayout} fractals, needs BLayout::RowMajor with SLayout::ColMajor")
    if impl in CONV_INNER_SHAPE and shaped is not None and len(shaped[1]) == 4 and src_size:
        shape = shaped[1]
        if shape[2] != 16 or shape[3] != 32 // src_size:
            out.append(f"a 4-dimensional ConvTile needs the static inner shape [16, {32 // src_size}], has "
                       f"[{shape[2]}, {shape[3]}]")
    return out


@rule("PTO135", "textract-conv-source", instructions=("TEXTRACT",), fault="unsupported-path", own=OWN_X90,
      form={"src": "ConvTile"},
      provenance=(Provenance("header-static", TC + " TEXTRACT_CONVTILE_IMPL", "A2/A3 (and Kirin X90, which "
                             "calls it): static_assert src Loc Mat, dst Loc Right, equal element sizes, src layout "
                             "FRACTAL_Z / FRACTAL_Z_3D, dst BLayout RowMajor + SLayout ColMajor, dst int8_t / half / "
                             "bfloat16_t / float"),
                  Provenance("header-static", A5 + " TextractConvTileCheck, TEXTRACT_CONVTILE_IMPL", "the same "
                             "checks with (u)int8/16/32, half, bfloat16_t, float, and a 4-dimensional source's "
                             "staticShape[2] == 16, staticShape[3] == 32 / sizeof; a6/TExtract.hpp the same"),
                  Provenance("header-static", K9030 + " TextractConvTileCheck, TEXTRACT_CONVTILE_IMPL", "Kirin 9030 / "
                             "Dev0000: A5's checks without bfloat16_t"),
                  Provenance("header-static", A2 + ", " + X90_HDR, "TEXTRACT_IMPL takes the ConvTile branch for "
                             "every ConvTile source unless dst and src are both Vec"),
                  Provenance("isa-doc", SEED, "the page describes Tile operands only; the ConvTile form is the "
                             "headers'")))
def conv_source(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXTRACT of a ConvTile (a FractalZ convolution weight) that the target's ConvTile branch rejects.

    ## What it does
    For `TEXTRACT(dst, src, indexRow, indexCol)` whose `src` is a `ConvTile<TileType, T, size, Layout, Shape>`
    (and not both operands in Vec), checks what the header's ConvTile branch asserts: the ConvTile lives in L1
    (`TileType::Mat`) with `Layout::FRACTAL_Z` or `Layout::FRACTAL_Z_3D`; `dst` is a Right (L0B) tile with
    `BLayout::RowMajor` and `SLayout::ColMajor` and an element of the ConvTile's size, of the target's list
    (A2/A3: int8_t, half, bfloat16_t, float; A5 / A6 also the 8-, 16- and 32-bit integers; Kirin 9030 / Dev0000
    A5's list without bfloat16_t; Kirin X90 int8_t, half, float). On A5, A6, Kirin 9030 and Kirin Dev0000 a
    4-dimensional source ([C1HW, N / 16, 16, C0]) must have the static inner dimensions 16 and 32 / sizeof(T).

    ## Why is this bad?
    Each of these is a `static_assert` of the ConvTile branch: the kernel does not compile.

    ## Example
    ```cpp
    using Weight = ConvTile<TileType::Mat, half, 8192, Layout::FRACTAL_Z, ConvTileShape<8, 2, 16, 16>>;
    TileLeft<half, 64, 32> a;
    TEXTRACT(a, weight, 0, 0);  // the weight goes to L0B
    ```

    ## Use instead
    ```cpp
    TileRight<half, 64, 32> b;
    TEXTRACT(b, weight, 0, 0);
    ```
    """
    dst = ctx.tile("dst")
    if dst is None or ctx.tile("src") is not None or overload(ctx) != "E1":
        return None
    parts = conv_source_problems(ctx.impl, dst, ctx.type_spelling("src"))
    if parts is None:
        return None
    return Check(ctx.static(bool(parts)), "TEXTRACT of a ConvTile: " + "; ".join(parts) + " (static_assert on "
                 f"{ctx.target})")


@rule("PTO136", "textract-acc-static-window", instructions=INSTR, fault="out-of-bounds", targets=("a2a3",),
      provenance=(Provenance("header-runtime", A2 + " (TEXTRACT_TILE_IMPL, the relu / scalar-quant / vector-quant "
                             "TEXTRACT_IMPL overloads)", "PTO_ASSERT indexRow + DstTileData::Rows <= SrcTileData::Rows "
                             "and indexCol + DstTileData::Cols <= SrcTileData::Cols, on the static shapes; release "
                             "builds copy only dst's valid rows and columns from (indexRow, indexCol)"),
                  Provenance("corpus", "tests/npu/kirinX90/src/st/testcase/textract_acc2vec, tmov_acc2mat",
                             "Kirin X90 has the same asserts, but its vendor ST kernels extract a static Src-sized "
                             "destination at a non-zero index (a small valid window): not reported there"),
                  Provenance("seed-doc", SEED, "'indexRow + DstTileData::Rows <= SrcTileData::Rows'")))
def acc_static_window(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3: TEXTRACT from L0C whose static destination shape, placed at the index, leaves the source.

    ## What it does
    For the copies out of an Acc tile (the plain form into L1 / UB, the relu, scalar-quantised and
    vector-quantised forms), checks the bound the header asserts on the STATIC shapes: `indexRow +
    Dst::Rows <= Src::Rows` and `indexCol + Dst::Cols <= Src::Cols`. It reports the calls whose copied window
    (dst's valid rows / columns) stays inside the source, which PTO102 / PTO103 leave alone. (Kirin X90 asserts
    the same, but its vendor ST kernels break it on purpose with a small valid window: not reported there.)

    ## Why is this bad?
    The bound is a `PTO_ASSERT`: debug builds trap. Release builds copy only dst's valid region, so a kernel
    that relies on a small valid region to fit a large destination tile behaves differently in the two builds.

    ## Example
    ```cpp
    TileAcc<float, 64, 64> acc;
    Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, DYNAMIC, DYNAMIC, SLayout::RowMajor> m(16, 64);
    TEXTRACT<decltype(m), decltype(acc), ReluPreMode::NormalRelu>(m, acc, 48, 0);  // 48 + 32 rows > 64
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 64, BLayout::ColMajor, DYNAMIC, DYNAMIC, SLayout::RowMajor> m(16, 64);
    TEXTRACT<decltype(m), decltype(acc), ReluPreMode::NormalRelu>(m, acc, 48, 0);
    ```
    """
    dst, src = operands(ctx)
    if dst is None or ctx.impl != "a2a3" or src.loc != "Acc":
        return None
    if not is_acc_copy(ctx, overload(ctx), dst, src):
        return None
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    if row is None or col is None or z3.is_real(row) or z3.is_real(col):
        return None
    bad = z3.Or(row + dst.rows > src.rows, col + dst.cols > src.cols)
    w = window(ctx)
    if w is not None and w[1] is not None:
        _, rows, cols, sane = w
        bad = z3.And(bad, sane, row + rows <= src.rows, col + cols <= src.cols)  # else PTO102 / PTO103
    return Check(bad, f"TEXTRACT from L0C at ({{indexRow}}, {{indexCol}}): the static {dst.rows} x {dst.cols} "
                 f"destination placed there leaves the {src.rows} x {src.cols} source (PTO_ASSERT on {ctx.target}: "
                 "debug builds trap, release builds copy dst's valid window)",
                 {"indexRow": row, "indexCol": col})


def _a2_vec_window(ctx: Ctx) -> tuple[TileView, TileView, str] | None:
    """(dst, src, 'nd' / 'nz') for an A2/A3-family plain Vec -> Vec TEXTRACT that compiles and is not the 1 x 1
    scalar copy (the static Dst::ValidRow and ValidCol both 1), or A5's ND copy of a packed fp4 type, else None."""
    dst, src = operands(ctx)
    a5_fp4 = ctx.impl == "a5" and dst is not None and dst.dtype in FP4  # A5's packed fp4 ND copy asserts as A2/A3's
    if dst is None or not (ctx.impl in A2_L0 or a5_fp4) or overload(ctx) != "E1" or \
            e1_path(ctx.impl, dst, src) != "vec":
        return None
    branch = vec_branch(ctx.impl, dst, src)
    if branch not in ("nd", "nz") or (a5_fp4 and branch != "nd") or dst.dtype != src.dtype or size(dst) <= 0 or \
            (not a5_fp4 and dst.dtype not in VEC_TYPES[ctx.impl]):
        return None
    if dst.cols > src.cols or dst.rows > src.rows or (dst.spec.valid_row, dst.spec.valid_col) == (1, 1):
        return None
    return dst, src, branch


@rule("PTO137", "textract-vec-index-misaligned", instructions=("TEXTRACT",), fault="misaligned",
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-runtime", A2 + " (TExtractVecToVecNDDispatch, TExtractVecToVecNZDispatch)",
                             "PTO_ASSERT idxCol * sizeof(T) % 32 == 0 (ND), idxRow % 16 == 0 and idxCol % C0 == 0 "
                             "(NZ, C0 = 32 / sizeof(T)), 'A3 limitation', except for a 1 x 1 destination; release "
                             "builds hand the UB copy a start that is not on its 32-byte block / 16 x C0 fractal"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/textract_vec", "every ND and NZ window of the "
                             "vendor's kernel starts on these boundaries"),
                  Provenance("header-runtime", A5 + " (TExtractVecToVecNDDispatch, line 879); include/pto/npu/a6/"
                             "TExtract.hpp (line 905)", "A5 / A6: the ND copy of the packed 4-bit pairs (byte DMA "
                             "only) PTO_ASSERTs indexCol * sizeof(T) % 32 == 0; the other types take a vector copy "
                             "from any column")))
def vec_index_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 (A5: packed fp4 types): TEXTRACT between UB tiles at an index off the copy's block (ND) or fractal
    (NZ) grid.

    ## What it does
    For a Vec -> Vec `TEXTRACT(dst, src, indexRow, indexCol)` on A2/A3 (not into a 1 x 1 destination, which
    takes a scalar copy), checks the start the header asserts: between ND tiles `indexCol * sizeof(T)` a
    multiple of 32 bytes; between NZ tiles `indexRow` a multiple of 16 and `indexCol` a multiple of C0
    (32 / sizeof(T): 8 float, 16 half, 32 int8). On A5 (and A6) only the ND copy of the packed 4-bit pairs
    (`float4_e2m1x2_t`, `float4_e1m2x2_t`), which moves whole bytes by DMA, asserts its start: `indexCol` a
    multiple of 32 pairs.

    ## Why is this bad?
    These are `PTO_ASSERT`s ("A3 limitation"): debug builds trap. The UB-to-UB copy moves whole 32-byte blocks
    and NZ fractals, so a release build starts at an address or fractal offset the copy cannot express and the
    destination receives another window than the one asked for.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 32> src;
    Tile<TileType::Vec, float, 8, 16> dst;
    TEXTRACT(dst, src, 0, 4);  // 16 bytes into the row
    ```

    ## Use instead
    ```cpp
    TEXTRACT(dst, src, 0, 8);  // one 32-byte block
    ```
    """
    got = _a2_vec_window(ctx)
    if got is None:
        return None
    dst, _, branch = got
    row, col = ctx.scalar("indexRow"), ctx.scalar("indexCol")
    if row is None or col is None or z3.is_real(row) or z3.is_real(col):
        return None
    c0 = 32 // size(dst)
    if branch == "nd":
        return Check(col % c0 != 0, f"TEXTRACT ND Vec -> Vec of {dst.dtype} at column {{indexCol}}: indexCol * "
                     f"sizeof must be a multiple of 32 bytes (PTO_ASSERT on {ctx.target})", {"indexCol": col})
    return Check(z3.Or(row % 16 != 0, col % c0 != 0),
                 f"TEXTRACT NZ Vec -> Vec of {dst.dtype} at ({{indexRow}}, {{indexCol}}): needs indexRow a multiple "
                 f"of 16 and indexCol of {c0} (PTO_ASSERT on {ctx.target})", {"indexRow": row, "indexCol": col})


@rule("PTO138", "textract-vec-odd-byte-cols", instructions=("TEXTRACT",), fault="unsupported-layout",
      targets=("a2a3", "a5"), own={X90: ("TEXTRACT",)},
      provenance=(Provenance("header-static", TC + " (CheckTExtractVecToVecND, CheckTExtractVecToVecNZ)",
                             "static_assert (DstTileData::ValidCol * sizeof(T)) % sizeof(uint16_t) == 0 unless the "
                             "static Dst::ValidRow and ValidCol are both 1"),
                  Provenance("header-static", A5 + " (TExtractVecToVecNDDispatch, line 876); include/pto/npu/a6/"
                             "TExtract.hpp (line 902)", "A5 / A6, the packed fp4 types only (ND): static_assert "
                             "DstTileData::ValidCol * sizeof(T) % 32 == 0 (a whole 32-byte block; DYNAMIC, -1, is "
                             "rejected too) unless the static Dst::ValidRow and ValidCol are both 1"),
                  Provenance("header-static", X90_HDR, "Kirin X90's Vec -> Vec TEXTRACT calls the same checks")))
def vec_odd_byte_cols(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 / Kirin X90: TEXTRACT between UB tiles of a 1-byte type into a destination with an odd static ValidCol;
    A5: of a packed fp4 type, with a static ValidCol that is not whole 32-byte blocks.

    ## What it does
    For a Vec -> Vec TEXTRACT (ND or NZ) of a 1-byte type (int8_t / uint8_t), checks that `Dst::ValidCol * sizeof(T)` is even (the header's 2-byte rule). A 1 x 1 destination takes the
    scalar copy and is exempt. The header computes the product on the static `int` ValidCol times a `size_t`:
    a DYNAMIC ValidCol (-1) becomes 2^64 - 1, so a 1-byte destination with a run-time valid width is rejected
    too.

    ## Why is this bad?
    The header rejects it with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> src;
    Tile<TileType::Vec, int8_t, 8, 32, BLayout::RowMajor, 8, 31> dst;
    TEXTRACT(dst, src, 0, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int8_t, 8, 32, BLayout::RowMajor, 8, 32> dst;
    TEXTRACT(dst, src, 0, 0);
    ```
    """
    got = _a2_vec_window(ctx)
    if got is None:
        return None
    dst = got[0]
    vc = dst.spec.valid_col
    if not isinstance(vc, int):
        return None
    # the header multiplies the int ValidCol by a size_t: DYNAMIC (-1) becomes 2**64 - 1, odd for 1-byte types
    unit = 32 if dst.dtype in FP4 and ctx.impl == "a5" else 2  # A5's fp4 copy: whole 32-byte blocks
    odd = (vc % 2**64) * size(dst) % unit != 0
    shown = "DYNAMIC (-1, converted to size_t)" if vc < 0 else str(vc)
    what = "is odd" if unit == 2 else "is not a multiple of 32 bytes"
    return Check(ctx.static(odd), f"TEXTRACT Vec -> Vec of {dst.dtype}: Dst::ValidCol {shown} * sizeof {what} "
                 f"(static_assert on {ctx.target})")

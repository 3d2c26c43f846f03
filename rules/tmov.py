"""TMOV (PTO930..): tile-to-tile moves between on-chip buffers, the plain form TMOV(dst, src).

Modelled on a2a3/TMov.hpp (TMOV_TILE_IMPL, TMovToBt, TMovToFb, TMovToVec), a2a3/common.hpp
(CheckTMovAccToMat), a5/TMov.hpp (TMOV_TILE_IMPL, TMovToBt, TMovToFb, TMovToLeft/Right, CommonCheck,
CommonCheckMX) and a5/common.hpp (CheckTMovAccValid). Parameter names (model header): (dst, src).

Only the plain two-tile form without ReluPreMode / AccToVecMode / STPhase template arguments is judged here,
and TSCATTER(dst, src) with the pattern P1111 (its default), which both targets implement as TMOV_IMPL(dst, src);
the quantising forms (preQuantScalar, fp tile, TMOV_FP) are not; the A5 ND / DN -> ZZ form with a tmp tile
has its own rule (PTO128, `ZZ_TYPES`).

The facts are one table, `PATHS`: target -> (src TileType, dst TileType) -> what the target checks on
that path. A (src, dst) pair missing from a target's table is not a TMOV path there: A2/A3 rejects it with
a static_assert ("TMov: Invalid TileType."); A5's `if constexpr` chain has no else branch, so the call
compiles and does nothing.
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

INSTR = ("TMOV", "TSCATTER")
KIRIN = "kirin9030"
X90 = "kirinx90"

_TEXTRACT_TYPES = ("int8_t", "hifloat8_t", "float8_e5m2_t", "float8_e4m3_t", "half", "bfloat16_t", "float",
                   "float4_e2m1x2_t", "float4_e1m2x2_t", "float8_e8m0_t")
_NZ = ("ColMajor", "RowMajor")  # (BLayout, SLayout) of the NZ fractal format
_ZN = ("RowMajor", "ColMajor")  # ... of the ZN fractal format
_ND = ("RowMajor", "NoneBox")
#: A5's Vec -> Vec ND -> NZ (TMovToVecNd2Nz) and ND -> ZN (TMovNdTo2Zn) copies: the same dst element-type list
_A5_VEC_FRACTAL_TYPES = ("half", "bfloat16_t", "float", "int32_t", "int8_t", "uint8_t", "float8_e4m3_t",
                         "float8_e5m2_t", "hifloat8_t", "float4_e2m1x2_t", "float4_e1m2x2_t")

#: the element sizes a5/utils.hpp GetDistVst<T, DIST_NORM> accepts (static_assert SupportBytes<T, 1, 2, 4>): the
#: plain Vec -> Vec copy (TMovVecToVec) stores dst's element type through it on A5 and in Kirin 9030's file
_VST_SIZES = (1, 2, 4)

#: target -> (src loc, dst loc) -> facts:
#:   shape: static Rows/Cols equality; pairs: accepted (src, dst) dtypes (None: not checked);
#:   same: dst dtype == src dtype and in `types`; sizeof: equal element sizes;
#:   same_as_copied: equal types once every 2-byte type is taken as half (A2/A3 L1 -> L0A/L0B);
#:   row1: src must have one row; unit/limit: (which tile, bytes per burst unit, byte limit or 0)
#:   src_nz / dst_layouts: (BLayout, SLayout) the path accepts
#:   nd2nz_types / nd2zn_types: dst dtypes of the Vec ND -> NZ / ND -> ZN copies;
#:   nd2zn_src_align: the ND -> ZN source's Rows in 32-byte blocks of dst's type (K0) and Cols in 16s
#:   plain_sizes: sizeof(dst dtype) of the Vec copies into neither of those fractals (one vector store per row)
PATHS: dict[str, dict[tuple[str, str], dict]] = {
    "a2a3": {
        ("Mat", "Left"): {"shape": True, "same_as_copied": True},
        ("Mat", "Right"): {"shape": True, "same_as_copied": True},
        ("Mat", "Bias"): {"shape": True, "pairs": {("int32_t", "int32_t"), ("float", "float"), ("half", "float")},
                          "pairs_checked_src": ("int32_t", "float", "half"), "row1": True,
                          "unit": ("src", 64, 0)},
        ("Mat", "Scaling"): {"shape": True, "same": ("uint64_t", "int64_t"), "row1": True, "unit": ("src", 128, 0)},
        ("Vec", "Vec"): {"shape": True, "sizeof": True},
        ("Acc", "Mat"): {"shape": True, "pairs": {("float", "half"), ("float", "bfloat16_t")},
                         "src_nz": True, "dst_layouts": (_NZ,), "dst_fractal": 512, "dst_cols_bytes": 32},
    },
    "a5": {
        ("Mat", "Bias"): {"shape": True, "pairs": {("int32_t", "int32_t"), ("float", "float"), ("half", "float"),
                                                   ("bfloat16_t", "float")}, "row1": True,
                          "unit": ("dst", 64, 4096)},
        ("Mat", "Scaling"): {"shape": True, "dst_types": ("uint64_t", "int64_t"), "row1": True,
                             "unit": ("dst", 128, 4096)},
        ("Mat", "Left"): {"shape": True, "same": _TEXTRACT_TYPES, "dst_layouts": (_NZ,), "src_fractal_ok": True},
        ("Mat", "Right"): {"shape": True, "same": _TEXTRACT_TYPES, "dst_layouts": (("RowMajor", "ColMajor"),),
                           "src_fractal_ok": True},
        ("Mat", "ScaleLeft"): {"shape": True, "same": _TEXTRACT_TYPES},
        ("Mat", "ScaleRight"): {"shape": True, "same": _TEXTRACT_TYPES},
        ("Acc", "Vec"): {"pairs": {("float", "half"), ("float", "bfloat16_t"), ("float", "float"),
                                   ("int32_t", "int32_t")},
                         "src_nz": True, "dst_layouts": (("RowMajor", "NoneBox"), ("ColMajor", "NoneBox"), _NZ)},
        ("Acc", "Mat"): {"pairs": {("float", "half"), ("float", "bfloat16_t"), ("float", "float"),
                                   ("int32_t", "int32_t")},
                         "src_nz": True, "dst_layouts": (("RowMajor", "NoneBox"), ("ColMajor", "NoneBox"), _NZ)},
        ("Vec", "Vec"): {"nd2nz_types": _A5_VEC_FRACTAL_TYPES, "nd2zn_types": _A5_VEC_FRACTAL_TYPES,
                         "nd2zn_src_align": True, "plain_sizes": _VST_SIZES},
        ("Vec", "Mat"): {"same": _TEXTRACT_TYPES, "src_fractal_ok": True},
    },
    # Kirin 9030's own TMov.hpp (Kirin Dev0000 includes it): A5's if-constexpr chain (missing pairs compile to
    # nothing) with its own lists; ScaleLeft / ScaleRight destinations are rejected (static_assert: REJECTED). Its
    # Acc paths call kirin9030/common.hpp CheckTMovAccValid, defined for the Kirin 9030 build only (ACC_TARGETS)
    KIRIN: {
        ("Mat", "Bias"): {"shape": True, "pairs": {("int32_t", "int32_t"), ("half", "half")}, "row1": True,
                          "unit": ("dst", 64, 1024)},
        ("Mat", "Scaling"): {"shape": True, "row1": True,
                             "unit": ("dst", 128, {"kirin9030": 7 * 1024, "kirindev0000": 0})},
        ("Mat", "Left"): {"shape": True, "same": ("half", "int8_t"), "dst_layouts": (_NZ,), "src_fractal_ok": True},
        ("Mat", "Right"): {"shape": True, "same": ("half", "int8_t"), "dst_layouts": (("RowMajor", "ColMajor"),),
                           "src_fractal_ok": True},
        ("Acc", "Vec"): {"pairs": {("half", "half"), ("int32_t", "int32_t")}, "src_nz": True,
                         "dst_layouts": (("RowMajor", "NoneBox"), ("ColMajor", "NoneBox"), _NZ)},
        ("Acc", "Mat"): {"pairs": {("half", "half"), ("int32_t", "int32_t")}, "src_nz": True,
                         "dst_layouts": (("RowMajor", "NoneBox"), ("ColMajor", "NoneBox"), _NZ)},
        ("Vec", "Vec"): {"nd2nz_types": ("half", "float", "int32_t", "int8_t"), "plain_sizes": _VST_SIZES},
        ("Vec", "Mat"): {"equal": True, "src_fractal_ok": True},
    },
    # Kirin X90's own TMov.hpp: only its plain form's copies out of L0C are read (TMOV_TILE_IMPL's Acc branch calls
    # kirinX90/common.hpp CheckTMovAccValid<..., isCastQuant = true>, then kirin9030/common.hpp GetCastPreQuantMode:
    # a half or int32_t NZ source; the cast list takes half / int8 / uint8 / int16, the NoQuant mode the source's
    # type, which leaves half -> half; an ND or NZ destination of whole 32-byte rows; ONLY_SRC: its non-Acc pairs are
    # not read). Its relu / STPhase / scalar-quantised / AccToVecMode forms and TMOV_FP: rules/rearrange.py FACTS
    X90: {
        ("Acc", "Vec"): {"pairs": {("half", "half")}, "src_nz": True, "dst_layouts": (_ND, _NZ),
                         "dst_cols_bytes": 32},
        ("Acc", "Mat"): {"pairs": {("half", "half")}, "src_nz": True, "dst_layouts": (_ND, _NZ),
                         "dst_cols_bytes": 32},
    },
}
#: pairs the Kirin file rejects outright (its other missing pairs compile to nothing, as on A5)
REJECTED = {KIRIN: {("Mat", "ScaleLeft"), ("Mat", "ScaleRight")}}
#: the targets whose table covers the pairs of one source location only (PTO930 judges those alone): Kirin X90's
#: Acc sources, whose missing pairs (an L0C tile into Left / Right / Bias / Scaling / Acc) fail TMOV_TILE_IMPL's
#: location static_assert and kirinX90/common.hpp CheckTMovAccValid's (line 20)
ONLY_SRC = {X90: "Acc"}
#: the files whose missing pairs are rejected by a static_assert (A5's chain and Kirin 9030's compile them to nothing)
STATIC_REJECT = ("a2a3", X90)
#: the targets whose build of Kirin 9030's TMov.hpp has its Acc checks (CheckTMovAccValid)
ACC_TARGETS = ("kirin9030",)
#: the own files whose facts PATHS holds, per builtin (ptolint/own_impls.py keys)
OWN = {KIRIN: ("TMOV",)}
#: the same with Kirin X90's file (its plain form's Acc copies only: the rules judging types and layouts)
OWN_X90 = {**OWN, X90: ("TMOV",)}

A2A3_HDR = "include/pto/npu/a2a3/TMov.hpp (TMOV_TILE_IMPL, TMovToBt, TMovToFb, TMovToVecImpl)"
A2A3_ACC = "include/pto/npu/a2a3/common.hpp (CheckTMovAccToMat)"
A5_HDR = "include/pto/npu/a5/TMov.hpp (TMOV_TILE_IMPL, TMovToBt, TMovToFb, TMovToLeft/Right, CommonCheck)"
A5_ACC = "include/pto/npu/a5/common.hpp (CheckTMovAccValid)"
K_HDR = "include/pto/npu/kirin9030/TMov.hpp (TMOV_IMPL, TMovToBt, TMovToFb, CommonCheck, TMovToVecNd2Nz)"
K_ACC = "include/pto/npu/kirin9030/common.hpp (CheckTMovAccValid, Kirin 9030 build only)"
X90_HDR = ("include/pto/npu/kirinX90/TMov.hpp (TMOV_TILE_IMPL's Acc branch), kirinX90/common.hpp "
           "(CheckTMovAccValid<..., true>), kirin9030/common.hpp (GetCastPreQuantMode)")
DOC = "docs/isa/TMOV.md"
VST_HDR = ("include/pto/npu/a5/utils.hpp:46 (GetDistVst, DIST_NORM); a5/TMov.hpp ~l.641-667 and kirin9030/TMov.hpp "
           "~l.288-326 (TMovVecToVec, TMovToVec)")


def _ops(ctx: Ctx) -> tuple[TileView, TileView] | None:
    """(dst, src) of a plain TMOV(dst, src) or of a TSCATTER(dst, src) with pattern P1111 (a TMOV_IMPL call on both
    targets), None for the other forms."""
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None
    mask = ctx.template_args.get("maskPattern", "P1111")
    if ctx.builtin == "TSCATTER" and "P1111" not in mask and mask.strip() != "7":
        return None
    if set(ctx.tiles()) != {"dst", "src"} or ctx.scalar("preQuantScalar") is not None:
        return None
    if any(k in ctx.template_args for k in ("reluMode", "mode", "Phase", "grp_axis")):
        return None
    if ctx.impl == KIRIN and src.loc == "Acc" and ctx.target not in ACC_TARGETS:
        return None  # the Kirin Dev0000 build of the file has no Acc checks: not modelled
    return dst, src


def _facts(ctx: Ctx, dst: TileView, src: TileView) -> dict | None:
    return PATHS[ctx.impl].get((src.loc, dst.loc))


def _path(dst: TileView, src: TileView) -> str:
    return f"TMOV(dst, src) {src.loc} -> {dst.loc}"  # TSCATTER<P1111>(dst, src) is TMOV_IMPL(dst, src)


def _same_shape_path(ctx: Ctx) -> tuple[TileView, TileView, dict] | None:
    """(dst, src, path facts) of a TMOV on an existing path whose shapes agree: the calls PTO932-934 judge
    (a missing path is PTO930's finding, a shape mismatch PTO931's)."""
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    f = _facts(ctx, dst, src)
    if f is None or _shape_problem(f, dst, src):
        return None
    return dst, src, f


def _shape_problem(f: dict, dst: TileView, src: TileView) -> str:
    if f.get("shape") and (dst.rows, dst.cols) != (src.rows, src.cols):
        return f"dst `{dst.text}` is {dst.rows}x{dst.cols} but src `{src.text}` is {src.rows}x{src.cols}"
    return ""


def _dtype_problem(f: dict, dst: TileView, src: TileView) -> str:
    pair = (src.dtype, dst.dtype)
    if "pairs" in f:
        checked = f.get("pairs_checked_src")
        if (checked is None or src.dtype in checked) and pair not in f["pairs"]:
            ok = ", ".join(f"{s}->{d}" for s, d in sorted(f["pairs"]))
            return f"{src.dtype} -> {dst.dtype} is not supported (supported: {ok})"
    if "same" in f:
        if dst.dtype != src.dtype:
            return f"dst is {dst.dtype} but src is {src.dtype} (must be equal)"
        if dst.dtype not in f["same"]:
            return f"element type {dst.dtype} is not supported (supported: {', '.join(f['same'])})"
    if f.get("equal") and dst.dtype != src.dtype:
        return f"dst is {dst.dtype} but src is {src.dtype} (must be equal)"
    for key, name, lay in (("nd2nz_types", "NZ", _NZ), ("nd2zn_types", "ZN", _ZN)):
        if key in f and (src.blayout, src.slayout) == _ND and (dst.blayout, dst.slayout) == lay \
                and dst.dtype not in f[key]:
            return f"the ND -> {name} copy does not take {dst.dtype} (supported: {', '.join(f[key])})"
    plain = "plain_sizes" in f and not _vec_fractal(f, dst, src)
    if plain and dst.elem_size and dst.elem_size not in f["plain_sizes"]:
        return (f"the plain Vec copy stores {dst.dtype} ({dst.elem_size}-byte elements) with a DIST_NORM vector "
                "store, which takes 1-, 2- or 4-byte elements only")
    if "dst_types" in f and dst.dtype not in f["dst_types"]:
        return f"dst element type {dst.dtype} is not supported (supported: {', '.join(f['dst_types'])})"
    if f.get("sizeof") and dst.elem_size and src.elem_size and dst.elem_size != src.elem_size:
        return f"dst is {dst.dtype} ({dst.elem_size} bytes) but src is {src.dtype} ({src.elem_size} bytes)"
    if f.get("same_as_copied") and _as_copied(dst) != _as_copied(src):
        return (f"dst is {dst.dtype} but src is {src.dtype}: the L1 -> L0 copy routine is instantiated with the two "
                "types swapped, so only equal types (2-byte types count as half) find a matching overload")
    return ""


def _vec_fractal(f: dict, dst: TileView, src: TileView) -> bool:
    """A Vec -> Vec copy from ND into a fractal the path has its own routine (and type list) for."""
    return (src.blayout, src.slayout) == _ND and (("nd2nz_types" in f and (dst.blayout, dst.slayout) == _NZ)
                                                  or ("nd2zn_types" in f and (dst.blayout, dst.slayout) == _ZN))


def _as_copied(t: TileView) -> str:
    return "half" if t.elem_size == 2 else t.dtype


def _bias_scaling_problems(f: dict, dst: TileView, src: TileView, target: str) -> list[str]:
    out = []
    if f.get("row1") and src.rows != 1:
        out.append(f"src `{src.text}` has {src.rows} rows (must be 1)")
    if "unit" in f:
        which, unit, limit = f["unit"]
        # a per-target limit (a dict: buffer_limits.hpp per build; 0 there is a buffer that does not exist)
        if isinstance(limit, dict):
            limit = limit.get(target)
            bounded = limit is not None
        else:
            bounded = bool(limit)
        t = src if which == "src" else dst
        nbytes = t.cols * (t.elem_size or 0)
        if t.elem_size and nbytes % unit:
            out.append(f"{which} `{t.text}` row is {nbytes} bytes (Cols * sizeof must be a multiple of {unit})")
        if t.elem_size and bounded and nbytes > limit:
            out.append(f"{which} `{t.text}` row is {nbytes} bytes (more than the {limit}-byte {dst.loc} buffer)")
    return out


def _layout_problems(f: dict, dst: TileView, src: TileView) -> list[str]:
    out = []
    if f.get("src_nz") and (src.blayout, src.slayout) != _NZ:
        out.append(f"src `{src.text}` is BLayout::{src.blayout}/SLayout::{src.slayout} (must be ColMajor/RowMajor)")
    if "dst_layouts" in f and (dst.blayout, dst.slayout) not in f["dst_layouts"]:
        ok = " or ".join(f"{b}/{s}" for b, s in f["dst_layouts"])
        out.append(f"dst `{dst.text}` is BLayout::{dst.blayout}/SLayout::{dst.slayout} (must be {ok})")
    if "dst_fractal" in f and dst.fractal != f["dst_fractal"]:
        out.append(f"dst `{dst.text}` has fractal size {dst.fractal} (must be {f['dst_fractal']})")
    if "dst_cols_bytes" in f and dst.elem_size and (dst.cols * dst.elem_size) % f["dst_cols_bytes"]:
        out.append(f"dst `{dst.text}` row is {dst.cols * dst.elem_size} bytes (must be a multiple of "
                   f"{f['dst_cols_bytes']})")
    if f.get("nd2zn_src_align") and (src.blayout, src.slayout) == _ND and (dst.blayout, dst.slayout) == _ZN \
            and dst.elem_size:
        k0 = 32 // dst.elem_size
        if src.rows % k0 or src.cols % 16:
            out.append(f"src `{src.text}` is {src.rows}x{src.cols}: the ND -> ZN copy needs Rows a multiple of "
                       f"{k0} (32 bytes of {dst.dtype}) and Cols a multiple of 16")
    if f.get("src_fractal_ok"):
        ok = (src.blayout == "RowMajor") or (src.blayout == "ColMajor" and src.slayout == "RowMajor")
        if not ok:
            out.append(f"src `{src.text}` is BLayout::{src.blayout}/SLayout::{src.slayout} (not a TMOV source "
                       "fractal)")
    return out


@rule("PTO930", "tmov-unsupported-path", instructions=INSTR, own=OWN_X90, fault="unsupported-path",
      provenance=(Provenance("header-static", A2A3_HDR, "static_assert (Mat -> Left/Right/Bias/Scaling) || "
                             "(Vec -> Vec) || (Acc -> Mat) ('TMov: Invalid TileType.')"),
                  Provenance("hazard", A5_HDR, "if constexpr chain Mat -> Bias/Scaling/Left/Right/ScaleLeft/"
                             "ScaleRight, Acc -> Vec/Mat, Vec -> Vec/Mat with no else: any other pair compiles to "
                             "nothing"),
                  Provenance("hazard", K_HDR, "Kirin 9030 / Dev0000: A5's chain without the Mat -> Vec ... pairs; "
                             "Mat -> ScaleLeft/ScaleRight static_assert(sizeof == 0) ('not supported')"),
                  Provenance("header-static", "include/pto/npu/kirinX90/TMov.hpp (TMOV_TILE_IMPL), kirinX90/common.hpp "
                             "(CheckTMovAccValid)", "Kirin X90, Acc sources only: Vec or Mat destinations "
                             "(TMOV_TILE_IMPL's 'TMov: Invalid TileType.', kirinX90/common.hpp:20 'Destination "
                             "TileType only support Mat or Vec.')"),
                  Provenance("isa-doc", DOC, "lists the same paths per target")))
def tmov_unsupported_path(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMOV between two buffers the target has no move path for.

    ## What it does
    Checks the (source, destination) TileTypes of `TMOV(dst, src)`. A2/A3 moves Mat -> Left, Right,
    Bias or Scaling, Vec -> Vec and Acc -> Mat. A5 moves Mat -> Left, Right, Bias, Scaling, ScaleLeft or
    ScaleRight, Acc -> Vec or Mat, and Vec -> Vec or Mat. On Kirin X90 an L0C (Acc) source goes to Vec or
    Mat only.

    ## Why is this bad?
    A2/A3 and Kirin X90 reject other pairs with a `static_assert`. A5's implementation silently does nothing for
    them: the call compiles, and dst keeps whatever it held before.

    ## Example
    ```cpp
    TileAcc<float, 16, 16> acc;
    Tile<TileType::Vec, float, 16, 16> out;
    TMOV(out, acc);  // A2/A3 has no L0C -> UB path
    ```

    ## Use instead
    ```cpp
    TSTORE(gmOut, acc);  // A2/A3: go through global memory (A5 can TMOV Acc -> Vec)
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    if ctx.impl in ONLY_SRC and src.loc != ONLY_SRC[ctx.impl]:
        return None
    bad = _facts(ctx, dst, src) is None
    rejected = ctx.impl in STATIC_REJECT or (src.loc, dst.loc) in REJECTED.get(ctx.impl, ())
    effect = "rejected by a static_assert" if rejected else \
        f"the call compiles to nothing on {ctx.target} (dst is not written)"
    return Check(ctx.static(bad), f"{_path(dst, src)}: {ctx.target} has no {src.loc} -> {dst.loc} move; {effect}")


@rule("PTO931", "tmov-shape-mismatch", instructions=INSTR, own=OWN, fault="size-mismatch",
      provenance=(Provenance("header-static", A2A3_HDR, "static_assert Src::Rows == Dst::Rows && Src::Cols == "
                             "Dst::Cols on every path"),
                  Provenance("header-static", A5_HDR, "the same static_assert, only when src is a Mat tile"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / Dev0000: as A5"),
                  Provenance("isa-doc", DOC, "shapes must match")))
def tmov_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMOV source and destination tiles have different static shapes.

    ## What it does
    Compares the `Rows` and `Cols` template arguments of `dst` and `src` on the paths where the target
    requires them equal: every path on A2/A3, every Mat-source path on A5.

    ## Why is this bad?
    The target rejects the call with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 32, 32> m;
    TileLeft<half, 16, 32> l;
    TMOV(l, m);
    ```

    ## Use instead
    ```cpp
    TEXTRACT(l, m, 0, 0);  // move a 16-row window
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    dst, src = ops
    f = _facts(ctx, dst, src)
    if f is None:
        return None
    what = _shape_problem(f, dst, src)
    return Check(ctx.static(bool(what)), f"{_path(dst, src)}: {_esc(what)}")


@rule("PTO932", "tmov-unsupported-dtype", instructions=INSTR, own=OWN_X90, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2A3_HDR, "Bias: int32->int32, float->float, half->float (other source "
                             "types unchecked); Scaling: equal types in {uint64, int64}; Vec->Vec: equal sizeof"),
                  Provenance("header-static", A2A3_ACC, "Acc -> Mat: src float, dst half or bfloat16"),
                  Provenance("header-static", "include/pto/common/arch/memory/textract_common.hpp "
                             "(TExtractToA/B*: routines declared <DstType, SrcType>, called <SrcType, DstType>)",
                             "A2/A3 Mat -> Left/Right: no static_assert on the types, but differing types (2-byte "
                             "types normalised to half) fail overload resolution; found by bench/differential.py "
                             "(TMOV Mat -> Right, int32 src, float dst)"),
                  Provenance("header-static", A5_HDR, "Bias: int32->int32, float->float, half->float, bf16->float; "
                             "Scaling: dst uint64/int64; Mat->Left/Right/ScaleLeft/ScaleRight and Vec->Mat: equal "
                             "types in the TEXTRACT set; Vec->Vec ND->NZ (TMovToVecNd2Nz) / ND->ZN (TMovNdTo2Zn): "
                             "dst half/bf16/float/int32/int8/uint8/fp8 e4m3, e5m2/hifloat8/fp4x2 e2m1, e1m2"),
                  Provenance("header-static", A5_ACC, "Acc -> Vec/Mat: float -> half/bf16/float, int32 -> int32"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / Dev0000: Bias int32->int32, half->half; Mat->Left/"
                             "Right equal types half or int8 (CommonCheck); Vec->Mat equal types; Vec->Vec ND->NZ "
                             "half/float/int32/int8 (TMovToVecNd2Nz)"),
                  Provenance("header-static", K_ACC, "Kirin 9030: Acc -> Vec/Mat half -> half, int32 -> int32"),
                  Provenance("header-static", VST_HDR, "A5 and Kirin 9030 / Dev0000: the other Vec -> Vec copies "
                             "(TMovToVec -> TMovVecToVec, no type list of their own) store dst's element type with "
                             "GetDistVst<T, DIST_NORM>, whose static_assert takes 1-, 2- and 4-byte types only: a "
                             "64-bit (int64 / uint64) dst does not compile; TSCATTER<P1111> is the same TMOV_IMPL call "
                             "(a5/TScatter.hpp TSCATTER_IMPL(dst, src))"),
                  Provenance("header-static", X90_HDR, "Kirin X90 plain form: Acc -> Vec/Mat half -> half only (the "
                             "cast list has no int32_t destination, the NoQuant mode needs the source's type)"),
                  Provenance("isa-doc", DOC, "per-path type lists")))
def tmov_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMOV element types that the target does not support on this path.

    ## What it does
    Checks `src` -> `dst` element types against the path's list: e.g. the bias table takes int32,
    float, or half (A2/A3, A5) and bfloat16 (A5) sources converted to float; the fixpipe (Scaling)
    buffer takes uint64/int64; Acc -> Mat converts float to half/bfloat16 (A2/A3) and Acc -> Vec/Mat
    float to half/bfloat16/float or int32 to int32 (A5); Mat -> Left/Right needs equal types (A5; on
    A2/A3 equal types with every 2-byte type counted as half); A5's Vec -> Vec copies from ND into NZ or
    ZN take half, bfloat16, float, int32, int8, uint8 and the fp8 / fp4 types. Kirin 9030's own file (Kirin Dev0000's too):
    bias int32 -> int32 or half -> half, Left/Right equal half or int8_t types, Vec -> Mat equal types, the
    ND -> NZ Vec copy half/float/int32/int8, Acc -> Vec/Mat half -> half or int32 -> int32 (Kirin 9030).
    Every other Vec -> Vec copy (A5, Kirin 9030's file) writes dst's element type with one vector store per
    row: a 64-bit dst (int64_t, uint64_t) is rejected. Kirin X90's own file, plain form: Acc -> Vec/Mat
    half -> half only.

    ## Why is this bad?
    The implementation rejects the combination with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 1, 64> m;
    Tile<TileType::Bias, half, 1, 64> bias;
    TMOV(bias, m);  // the bias table is filled with float or int32
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Bias, float, 1, 64> bias;
    TMOV(bias, m);
    ```
    """
    got = _same_shape_path(ctx)
    if got is None:
        return None
    dst, src, f = got
    what = _dtype_problem(f, dst, src)
    return Check(ctx.static(bool(what)), f"{_path(dst, src)}: {_esc(what)} on {ctx.target}")


@rule("PTO933", "tmov-bias-scaling-shape", instructions=INSTR, own=OWN, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2A3_HDR, "TMovToBt: Src::Rows == 1, Src::Cols * sizeof(src) % 64 == 0; "
                             "TMovToFb: Src::Rows == 1, Src::Cols * sizeof(src) % 128 == 0"),
                  Provenance("header-static", A5_HDR, "TMovToBt: Src::Rows == 1, Dst::Cols * sizeof(dst) % 64 == 0 "
                             "and <= 4096; TMovToFb: Src::Rows == 1, Dst::Cols * sizeof(dst) % 128 == 0 and <= 4096"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / Dev0000: A5's, the bias row <= PTO_BIAS_SIZE_BYTES "
                             "(1 KiB), the fixpipe row <= PTO_FBUF_SIZE_BYTES (7 KiB on Kirin 9030, 0 on Kirin "
                             "Dev0000: buffer_limits.hpp)"),
                  Provenance("isa-doc", DOC, "bias / scaling tiles are a single row")))
def tmov_bias_scaling_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMOV into the bias table or fixpipe buffer from a tile of the wrong shape.

    ## What it does
    For Mat -> Bias and Mat -> Scaling moves: the source must be a single row, and the row must be a
    whole number of bursts (64 bytes for the bias table, 128 bytes for the fixpipe buffer); on A5 the
    row must also fit the 4 KiB buffer; on the Kirins the bias row 1 KiB, the fixpipe row 7 KiB (Kirin
    9030) or nothing at all (Kirin Dev0000 has no fixpipe buffer).

    ## Why is this bad?
    The implementation rejects the tile with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 1, 8> m;  // 32 bytes
    Tile<TileType::Bias, float, 1, 8> bias;
    TMOV(bias, m);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, float, 1, 16> m;  // 64 bytes
    Tile<TileType::Bias, float, 1, 16> bias;
    TMOV(bias, m);
    ```
    """
    got = _same_shape_path(ctx)
    if got is None:
        return None
    dst, src, f = got
    bad = _bias_scaling_problems(f, dst, src, ctx.target)
    return Check(ctx.static(bool(bad)), f"{_path(dst, src)}: " + _esc("; ".join(bad)))


@rule("PTO934", "tmov-unsupported-layout", instructions=INSTR, own=OWN_X90, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2A3_ACC, "Acc -> Mat: src and dst NZ (BLayout ColMajor, SLayout "
                             "RowMajor), dst SFractalSize 512, dst Cols * sizeof % 32 == 0"),
                  Provenance("header-static", A5_ACC, "Acc -> Vec/Mat: src NZ; dst ND, DN or NZ ('Only support nz2nz, "
                             "nz2nd or nz2dn')"),
                  Provenance("header-static", A5_HDR, "TMovToLeft: dst ColMajor/RowMajor; TMovToRight: dst "
                             "RowMajor/ColMajor; CommonCheck: src row-major or ColMajor/RowMajor; TMovNdTo2Zn (Vec "
                             "ND -> ZN): src Rows % (32 / sizeof dst type), src Cols % 16"),
                  Provenance("header-static", K_HDR, "Kirin 9030 / Dev0000: A5's CommonCheck / TMovToLeft/Right "
                             "layouts; Acc paths as A5's (Kirin 9030 only: kirin9030/common.hpp)"),
                  Provenance("header-static", X90_HDR, "Kirin X90 plain form, Acc -> Vec/Mat: src NZ; dst ND or NZ "
                             "('Only support nz2nz or nz2nd'), dst Cols * sizeof % 32 == 0")))
def tmov_unsupported_layout(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TMOV source or destination layout that the path does not accept.

    ## What it does
    Checks the BLayout/SLayout (and fractal size) of both tiles on the paths that constrain them:
    Acc -> Mat on A2/A3 (both NZ, dst fractal 512 bytes, 32-byte rows), Acc -> Vec/Mat on A5 (src NZ,
    dst ND, DN or NZ), Mat -> Left/Right and Vec -> Mat on A5 (the L0A/L0B fractal, a supported source
    fractal), A5's Vec ND -> ZN copy (source Rows in 32-byte blocks of the type, Cols in 16s), and
    Kirin X90's Acc -> Vec/Mat (src NZ, dst ND or NZ, 32-byte dst rows).

    ## Why is this bad?
    The implementation rejects the layout with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    TileAcc<float, 16, 16> acc;
    Tile<TileType::Mat, half, 16, 16> m;  // ND: Acc -> Mat writes NZ
    TMOV(m, acc);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> m;
    TMOV(m, acc);
    ```
    """
    got = _same_shape_path(ctx)
    if got is None:
        return None
    dst, src, f = got
    bad = _layout_problems(f, dst, src)
    return Check(ctx.static(bool(bad)), f"{_path(dst, src)}: " + _esc("; ".join(bad)))


@rule("PTO126", "tmov-vec-empty-valid-region", instructions=INSTR, fault="valid-region", targets=("a2a3",),
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TMov.hpp (TMovToVec)", "validRow / validCol = "
                             "the smaller of src's and dst's valid rows / columns; PTO_ASSERT(validRow > 0), "
                             "PTO_ASSERT(validCol > 0) (debug builds only); release builds return without copying"),
                  Provenance("isa-doc", DOC, "the Vec -> Vec copy moves the valid region; the documentation does "
                             "not mention an empty one, the header asserts it away")))
def tmov_vec_empty_valid_region(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 UB -> UB TMOV whose copied region (the smaller of the two valid shapes) is empty.

    ## What it does
    For `TMOV(dst, src)` between two Vec tiles on A2/A3 (and `TSCATTER<MaskPattern::P1111>(dst, src)`, the same
    TMOV_IMPL), takes the smaller of src's and dst's valid rows and the smaller of their valid columns, as the
    header does, and reports a path on which either is 0.

    ## Why is this bad?
    The header asserts both counts positive with `PTO_ASSERT`: a debug build traps. A release build returns
    without copying anything, so dst keeps stale data where the kernel expects the copy (a tail iteration whose
    valid region was computed as 0, or a tile whose valid shape was never set).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows - r);  // 0 on the last pass
    Tile<TileType::Vec, float, 16, 64> dst;
    TMOV(dst, src);
    ```

    ## Use instead
    ```cpp
    int n = rows - r < 16 ? rows - r : 16;
    if (n > 0) {
        Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(n);
        TMOV(dst, src);
    }
    ```
    """
    got = _same_shape_path(ctx)
    if got is None:
        return None
    dst, src, f = got
    if (src.loc, dst.loc) != ("Vec", "Vec") or _dtype_problem(f, dst, src):
        return None
    rows = z3.If(src.valid_row < dst.valid_row, src.valid_row, dst.valid_row)
    cols = z3.If(src.valid_col < dst.valid_col, src.valid_col, dst.valid_col)
    show = {"src_validRow": src.valid_row, "src_validCol": src.valid_col, "dst_validRow": dst.valid_row,
            "dst_validCol": dst.valid_col}
    return Check(z3.Or(rows <= 0, cols <= 0),
                 f"{_path(dst, src)}: src `{_esc(src.text)}` valid shape {{src_validRow}}x{{src_validCol}}, dst "
                 f"`{_esc(dst.text)}` {{dst_validRow}}x{{dst_validCol}}: the copied region is empty; A2/A3 asserts "
                 "it non-empty (debug builds trap, release builds copy nothing)", show)


#: the AccToVecMode values a quantising TMOV form (preQuantScalar or an fp tile) accepts on A5 / Kirin 9030
SINGLE_MODES = ("SingleModeVec0", "SingleModeVec1")


def mode_form_problems(ctx: Ctx) -> list[str] | None:
    """What the A5 / Kirin 9030 TMOV_IMPL overloads taking an AccToVecMode static_assert (a Vec dst; with a
    quantisation operand a single-destination mode; an fp tile in the Scaling buffer), None when the call is not
    such a form or the target's build is not modelled."""
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None or "mode" not in ctx.template_args or ctx.builtin != "TMOV":
        return None
    if ctx.impl == KIRIN and ctx.target not in ACC_TARGETS:
        return None  # the Kirin Dev0000 build of the file: its Acc forms are not modelled
    mode = str(ctx.template_args["mode"]).split("::")[-1]
    fp = ctx.tile("fp")
    quant = fp is not None or ctx.scalar("preQuantScalar") is not None
    out = []
    if quant and mode not in SINGLE_MODES:
        out.append(f"AccToVecMode::{mode} with a quantisation operand (only SingleModeVec0 / SingleModeVec1)")
    if dst.loc != "Vec":
        out.append(f"dst `{dst.text}` is TileType::{dst.loc} (an AccToVecMode form writes Vec only)")
    if fp is not None and fp.loc != "Scaling":
        out.append(f"fp `{fp.text}` is TileType::{fp.loc} (must be Scaling)")
    return out


@rule("PTO127", "tmov-acc-mode-form", instructions=("TMOV",), fault="unsupported-path", targets=("a5",),
      own={KIRIN: ("TMOV",)},
      provenance=(Provenance("header-static", "include/pto/npu/a5/TMov.hpp (TMOV_IMPL<..., AccToVecMode mode>: "
                             "plain, preQuantScalar and fp overloads)", "static_assert Dst::Loc == Vec ('Destination "
                             "location only support Vec.'); with preQuantScalar or fp: mode SingleModeVec0 / "
                             "SingleModeVec1 ('Quant is not support in dual Dst Mode.'); fp: FpTileData::Loc == "
                             "Scaling"),
                  Provenance("header-static", "include/pto/npu/kirin9030/TMov.hpp (TMOV_IMPL<..., AccToVecMode "
                             "mode>)", "Kirin 9030: the same three static_asserts (the Kirin 9030 build only: the "
                             "overloads call kirin9030/common.hpp CheckTMovAccValid)"),
                  Provenance("isa-doc", DOC, "the AccToVecMode forms move L0C into UB; dual-destination modes "
                             "split the result over two vector cores")))
def tmov_acc_mode_form(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `TMOV<Dst, Src, AccToVecMode>` (L0C -> UB with a destination mode) with a non-Vec destination, a
    dual-destination mode combined with quantisation, or an fp tile outside the Scaling buffer.

    ## What it does
    For the TMOV forms that take an `AccToVecMode` template argument (with or without `preQuantScalar` or an fp
    tile) on A5 and Kirin 9030: the destination must be a Vec tile; with a quantisation operand the mode must
    be `SingleModeVec0` or `SingleModeVec1`; the fp tile must be a `TileType::Scaling` tile.

    ## Why is this bad?
    Each is a `static_assert` of the overload: the kernel does not compile for the target. The mode forms only
    write UB (use the form without a mode to write L1), and the dual-destination modes (`DualModeSplitM`,
    `DualModeSplitN`) cannot quantise.

    ## Example
    ```cpp
    TileAcc<float, 16, 64> acc;
    Tile<TileType::Vec, half, 16, 64> ub;
    TMOV<decltype(ub), decltype(acc), AccToVecMode::DualModeSplitN>(ub, acc, scale);  // quantised dual mode
    ```

    ## Use instead
    ```cpp
    TMOV<decltype(ub), decltype(acc), AccToVecMode::SingleModeVec0>(ub, acc, scale);
    ```
    """
    bad = mode_form_problems(ctx)
    if bad is None:
        return None
    mode = str(ctx.template_args["mode"]).split("::")[-1]
    return Check(ctx.static(bool(bad)), f"TMOV<AccToVecMode::{_esc(mode)}>: " + _esc("; ".join(bad)) +
                 f" (static_assert on {ctx.target})")


#: A5's GetDualDstCtl (a5/common.hpp 184-195): a dual-destination mode takes no quantisation and no DN destination.
#: The quantisation mode per form: the plain form's GetCastPreQuantMode (common.hpp 73-82: a half / bfloat16_t dst
#: converts, F322F16 / F322BF16), the preQuantScalar form's GetScalarPreQuantMode and the fp form's
#: GetVectorPreQuantMode (84-130: src type -> the dst types they quantise to; anything else is NoQuant)
DUAL_MODES = ("DualModeSplitM", "DualModeSplitN")
CAST_QUANT_DST = ("half", "bfloat16_t")
PRE_QUANT = {"float": ("int8_t", "uint8_t", "hifloat8_t", "half", "bfloat16_t", "float8_e4m3_t"),
             "int32_t": ("int8_t", "uint8_t", "half", "bfloat16_t")}
DUAL_HDR = "include/pto/npu/a5/common.hpp (GetDualDstCtl lines 184-195; GetCastPreQuantMode / GetScalarPreQuantMode " \
           "/ GetVectorPreQuantMode 73-130)"


def dual_dst_problems(ctx: Ctx) -> list[str] | None:
    """What A5's GetDualDstCtl static_asserts reject for a dual-destination TMOV / TINSERT mode form whose overload
    itself admits the mode (TMOV's plain mode form; TINSERT's plain, preQuantScalar and fp mode forms), None when the
    call is not such a form."""
    dst, src = ctx.tile("dst"), ctx.tile("src")
    mode = str(ctx.template_args.get("mode", "")).split("::")[-1]
    if ctx.impl != "a5" or dst is None or src is None or mode not in DUAL_MODES or src.loc != "Acc" or \
            dst.loc != "Vec":
        return None
    fp, scalar = ctx.tile("fp"), ctx.scalar("preQuantScalar")
    if ctx.builtin == "TMOV" and (fp is not None or scalar is not None):
        return None  # the quantising TMOV mode forms reject a dual mode themselves: PTO127
    if fp is None and scalar is None:
        quant = dst.dtype in CAST_QUANT_DST
    else:
        quant = dst.dtype in PRE_QUANT.get(src.dtype, ())
    out = []
    if quant:
        out.append(f"{src.dtype} -> {dst.dtype} is a quantising conversion (a dual mode takes NoQuant only)")
    if (dst.blayout, dst.slayout) == ("ColMajor", "NoneBox"):
        out.append(f"dst `{dst.text}` is DN (ColMajor / NoneBox; a dual mode writes ND or NZ)")
    return out


@rule("PTO038", "acc-dual-destination-mode", instructions=("TMOV", "TINSERT"), fault="unsupported-path",
      targets=("a5",),
      provenance=(Provenance("header-static", DUAL_HDR, "in a DualModeSplitM / DualModeSplitN copy out of L0C: "
                             "static_assert quantPre == NoQuant ('Quant is not support in dual Dst Mode.') and a dst "
                             "that is not DN ('Dual Dst Mode is not support in nz2dn.')"),
                  Provenance("header-static", "include/pto/npu/a5/TMov.hpp (TMOV_IMPL<..., AccToVecMode mode> lines "
                             "843-853, TMovCcToUb 191)", "the plain mode form converts with GetCastPreQuantMode: a "
                             "float accumulator into half / bfloat16_t quantises"),
                  Provenance("header-static", "include/pto/npu/a5/TInsert.hpp (TINSERT_IMPL mode overloads 158-219, "
                             "TInsertAccToVec 63)", "the plain, preQuantScalar and fp mode forms take any AccToVecMode "
                             "(no single-mode static_assert of their own)"),
                  Provenance("isa-doc", DOC, "dual-destination modes split the result over two vector cores; the "
                             "doc names no restriction on the conversion or the layout")))
def acc_dual_destination_mode(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5 L0C -> UB copy in a dual-destination mode that converts with quantisation or writes a DN tile.

    ## What it does
    For `TMOV<Dst, Src, AccToVecMode::DualModeSplitM / DualModeSplitN>(dst, src)` and TINSERT's AccToVecMode forms
    (plain, `preQuantScalar`, fp tile) out of an Acc tile into a Vec tile on A5: reports a conversion the copy
    quantises (the plain forms: a `half` or `bfloat16_t` destination; the scalar / fp forms: float into int8 /
    uint8 / hifloat8 / half / bfloat16 / float8_e4m3, int32 into int8 / uint8 / half / bfloat16) and a DN
    destination (`BLayout::ColMajor`, `SLayout::NoneBox`). TEXTRACT's mode forms are PTO105's; the quantising TMOV
    mode forms reject a dual mode themselves (PTO127).

    ## Why is this bad?
    The copy's control word helper rejects both with a `static_assert`: the kernel does not compile on A5.

    ## Example
    ```cpp
    TileAcc<float, 32, 64> acc;
    Tile<TileType::Vec, half, 16, 64> ub;
    TMOV<decltype(ub), decltype(acc), AccToVecMode::DualModeSplitM>(ub, acc);  // float -> half quantises
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> ub;  // the accumulator's own type: no conversion
    TMOV<decltype(ub), decltype(acc), AccToVecMode::DualModeSplitM>(ub, acc);
    ```
    """
    bad = dual_dst_problems(ctx)
    if bad is None:
        return None
    mode = str(ctx.template_args["mode"]).split("::")[-1]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}<AccToVecMode::{_esc(mode)}>: " + _esc("; ".join(bad)) +
                 " (static_assert in GetDualDstCtl on a5)")


#: A5's TMOV(dst, src, tmp) with a tmp outside Scaling (TMOV_IMPL's enable_if): the ND / DN -> ZZ gather of MX scale
#: data (CommonCheckZZ, TMovNdTo2Zz, TMovDnTo2Zz): dst's element types; src ND (row-major, NoneBox), dst row-major
#: boxes of row-major fractals
ZZ_TYPES = ("uint8_t", "hifloat8_t", "float8_e8m0_t")
ZZ_HDR = "include/pto/npu/a5/TMov.hpp (CommonCheckZZ lines 265-274, TMovNdTo2Zz 385-391, TMovDnTo2Zz 456-462, " \
         "TMOV_IMPL(dst, src, tmp) 813-826)"


def zz_form_problems(ctx: Ctx) -> list[str] | None:
    """What A5's ND / DN -> ZZ TMOV(dst, src, tmp) static_asserts reject, None when the call is not that form."""
    dst, src, tmp = ctx.tile("dst"), ctx.tile("src"), ctx.tile("tmp")
    if ctx.builtin != "TMOV" or ctx.impl != "a5" or dst is None or src is None or tmp is None or tmp.loc == "Scaling":
        return None
    out = []
    if dst.dtype not in ZZ_TYPES:
        out.append(f"dst `{dst.text}` holds {dst.dtype} (the ZZ gather moves {', '.join(ZZ_TYPES)} only)")
    elif src.dtype != dst.dtype or tmp.dtype != dst.dtype:
        out.append(f"src `{src.text}` ({src.dtype}) and tmp `{tmp.text}` ({tmp.dtype}) must hold dst's {dst.dtype}")
    if (src.blayout, src.slayout) != _ND:
        out.append(f"src `{src.text}` is {src.blayout} / SLayout::{src.slayout} (must be RowMajor / NoneBox)")
    if (dst.blayout, dst.slayout) != ("RowMajor", "RowMajor"):
        out.append(f"dst `{dst.text}` is {dst.blayout} / SLayout::{dst.slayout} (must be RowMajor / RowMajor)")
    return out


@rule("PTO128", "tmov-zz-form", instructions=("TMOV",), fault="unsupported-path", targets=("a5",),
      provenance=(Provenance("header-static", ZZ_HDR, "static_assert dst's DType in {uint8_t, hifloat8_t, "
                             "float8_e8m0_t}, src's and tmp's DType equal to it; src isRowMajor with SFractal NoneBox; "
                             "dst isRowMajor with SFractal RowMajor (the message says 'ColMajor + RowMajor fractal', "
                             "the condition tests isRowMajor: the condition is modelled)"),
                  Provenance("isa-doc", DOC, "TMOV(dst, src, tmp) reorders MX scale data (E8M0) into the ZZ layout "
                             "a cube matmul reads")))
def tmov_zz_form(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5 `TMOV(dst, src, tmp)` (the ND / DN -> ZZ reorder of MX scale data) with an element type or a layout
    its implementation rejects.

    ## What it does
    For the three-tile TMOV on A5 whose tmp tile is not a Scaling tile: dst must hold `uint8_t`, `hifloat8_t`
    or `float8_e8m0_t`, src and tmp the same type; src must be an ND tile (`BLayout::RowMajor`,
    `SLayout::NoneBox`) and dst a row-major tile of row-major fractals (`BLayout::RowMajor`,
    `SLayout::RowMajor`). Both the ND (`grp_axis` 1, the default) and the DN (`grp_axis` 0) variants check
    the same.

    ## Why is this bad?
    Each is a `static_assert` of the ZZ routines: the kernel does not compile for A5.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 32, 64, BLayout::RowMajor, -1, -1, SLayout::RowMajor, 32> zz;
    Tile<TileType::Vec, half, 1, 2048> nd, tmp;
    TMOV(zz, nd, tmp);  // the ZZ gather moves 8-bit scale data only
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float8_e8m0_t, 32, 64, BLayout::RowMajor, -1, -1, SLayout::RowMajor, 32> zz;
    Tile<TileType::Vec, float8_e8m0_t, 1, 2048> nd, tmp;
    TMOV(zz, nd, tmp);
    ```
    """
    bad = zz_form_problems(ctx)
    if bad is None:
        return None
    return Check(ctx.static(bool(bad)), "TMOV(dst, src, tmp) ND/DN -> ZZ: " + _esc("; ".join(bad)) +
                 f" (static_assert on {ctx.target})")


SCATTER_HDR = "include/pto/npu/a2a3/TScatter.hpp, a5/TScatter.hpp (TSCATTER_IMPL(dst, src), mask == P1111)"


@rule("PTO213", "tscatter-p1111-valid-shape", instructions=("TSCATTER",), fault="valid-region",
      provenance=(Provenance("header-runtime", SCATTER_HDR, "PTO_ASSERT src.GetValidRow() == dst.GetValidRow() and "
                             "src.GetValidCol() == dst.GetValidCol() before TMOV_IMPL(dst, src) (debug builds only); "
                             "release builds run the TMOV, which copies by its own valid-shape rules"),
                  Provenance("isa-doc", "docs/isa/TSCATTER.md", "the mask-pattern form's shape rules; P1111 (every "
                             "element) is documented as a plain copy, the equal valid shapes are the header's")))
def tscatter_p1111_valid_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSCATTER with MaskPattern::P1111 (a plain copy) whose source and destination valid shapes differ.

    ## What it does
    For `TSCATTER<MaskPattern::P1111>(dst, src)` (the default pattern) on a move path that compiles (see
    PTO930-PTO934), compares src's valid rows and columns with dst's at run time.

    ## Why is this bad?
    Both targets assert the equality with a `PTO_ASSERT` before handing the call to TMOV: a debug build traps.
    A release build copies by TMOV's rules, so dst's valid region keeps stale elements (src smaller) or part of
    src is not copied (dst smaller), while the kernel reads dst as a copy of src.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, float, 16, 64> dst;  // always 16 valid rows
    TSCATTER<MaskPattern::P1111>(dst, src);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> dst(rows);
    TSCATTER<MaskPattern::P1111>(dst, src);
    ```
    """
    if ctx.builtin != "TSCATTER":
        return None
    got = _same_shape_path(ctx)
    if got is None:
        return None
    dst, src, f = got
    if _dtype_problem(f, dst, src) or _layout_problems(f, dst, src) or _bias_scaling_problems(f, dst, src,
                                                                                              ctx.target):
        return None
    show = {"src_validRow": src.valid_row, "src_validCol": src.valid_col, "dst_validRow": dst.valid_row,
            "dst_validCol": dst.valid_col}
    return Check(z3.Or(src.valid_row != dst.valid_row, src.valid_col != dst.valid_col),
                 f"TSCATTER<MaskPattern::P1111>(dst, src): src `{_esc(src.text)}` valid shape "
                 f"{{src_validRow}}x{{src_validCol}}, dst `{_esc(dst.text)}` {{dst_validRow}}x{{dst_validCol}}; the "
                 "header asserts them equal before the TMOV (debug builds trap)", show)


COPY_HDR = "include/pto/common/arch/memory/textract_common.hpp (TExtractToA/B, TExtractToA/BCompact)"


A5_COPY_HDR = "include/pto/npu/a5/TExtract.hpp (TExtractToA/B, Transpose); include/pto/npu/a5/TMov.hpp (TMovToLeft/Right)"


#: the packed 4-bit pairs A5's L1 -> L0A copies count as fp4 (isFp4Type in a5/TExtract.hpp TExtractToLeft and
#: a5/TMov.hpp TMovToLeft; A6 adds int4b_t and hifloat4x2_t, calls ptolint leaves out there)
A5_FP4 = ("float4_e2m1x2_t", "float4_e1m2x2_t")


def a5_gemv_fractal(src: TileView) -> int:
    """A5's one-row L1 -> L0A copy (TExtractToAVector): fractalSize = CUBE_BLOCK_SIZE / sizeof(T) elements, and
    CUBE_BLOCK_SIZE * KHALF (1024) for the packed fp4 pairs."""
    return 1024 if src.dtype in A5_FP4 else 512 // src.elem_size


def l0_copy_units(builtin: str, dst: TileView, src: TileView, impl: str = "a2a3"
                  ) -> list[tuple[str, TileView, int, int]]:
    """(operand, tile, rows multiple, cols multiple) that the target's L1 -> L0A/L0B copy asserts for this call.
    A5 asserts in its transposing routine for 2- and 4-byte types (1-byte and compact copies take other
    routines): every extent of both tiles in 16s; and in its one-row L0A routine (TExtractToAVector): both tiles'
    columns in 512-byte fractals (1024 elements for the fp4 pairs). Kirin 9030's TExtract.hpp (TEXTRACT there and on Kirin Dev0000)
    asserts the same and, for a one-row L0A source (TExtractToAVector), src columns in 32-byte blocks and dst
    columns in 512-byte fractals."""
    if src.loc != "Mat" or dst.loc not in ("Left", "Right") or not src.elem_size:
        return []
    if impl in ("a5", "kirin9030"):
        one_row = dst.loc == "Left" and src.rows == 1 and src.blayout == "RowMajor"
        if one_row and impl == "kirin9030":
            return [("src", src, 1, 32 // src.elem_size), ("dst", dst, 1, 512 // src.elem_size)]
        if one_row:  # A5's TExtractToAVector (TEXTRACT, and TMOV's TMovToLeft): both tiles' Cols in 512-byte fractals
            frac = a5_gemv_fractal(src)
            return [("src", src, 1, frac), ("dst", dst, 1, frac)]
        plain = one_row or dst.slayout == src.slayout or dst.compact == "Normal" or src.elem_size == 1
        return [] if plain else [("src", src, 16, 16), ("dst", dst, 16, 16)]
    if dst.loc == "Left" and src.rows == 1 and src.blayout == "RowMajor":
        frac = 512 // src.elem_size  # one-row source, the GEMV vector path: columns in 512-byte fractals
        return [("src", src, 1, frac), ("dst", dst, 1, frac)]
    c0 = 32 // src.elem_size  # C0: one 32-byte block of the source type (2-byte types copied as half)
    side = 32 if src.elem_size == 1 else 16
    transposed = dst.slayout != src.slayout
    # TMOV takes the compact routine for transposed 1-byte copies too; TEXTRACT only towards L0B
    compact = dst.compact == "Normal" or (transposed and src.elem_size == 1
                                          and (builtin == "TMOV" or dst.loc == "Right"))
    unit = (side, side) if transposed else (16, c0) if dst.loc == "Left" else (c0, 16)
    out = [("src", src, *unit)]
    if not compact:
        out.append(("dst", dst, *unit))
    elif dst.loc == "Right":
        out.append(("dst", dst, c0, 16))
    return out


@rule("PTO935", "l0-copy-shape-misaligned", instructions=("TMOV", "TEXTRACT"), fault="unsupported-layout",
      targets=("a2a3", "a5"), own={"kirin9030": ("TEXTRACT", "TMOV"), "kirinx90": ("TEXTRACT",)},
      provenance=(Provenance("header-static", COPY_HDR, "without a transpose: L0A rows % 16, cols % C0; L0B rows % C0, "
                             "cols % 16 (C0 = 32 / sizeof(src), 2-byte types as half), source and destination; with "
                             "a transpose (dst SFractal != src SFractal): all extents % 16 (32 for 1-byte types); "
                             "compact destinations: the source only, plus the L0B destination's C0 alignment"),
                  Provenance("header-static", "include/pto/common/arch/memory/textract_common.hpp (TExtractToAVector)",
                             "one-row row-major source of L0A: srcCol and dstCol % (512 / sizeof)"),
                  Provenance("header-static", "include/pto/common/arch/memory/tmov_common.hpp (TMovToLeft/Right)",
                             "TMOV takes the compact routines for transposed 1-byte copies as well"),
                  Provenance("header-static", A5_COPY_HDR, "A5: the transposing copy (dst SFractal != src SFractal, "
                             "not compact, sizeof 2 or 4) static_asserts srcRow, srcCol, dstRow, dstCol % 16"),
                  Provenance("header-static", "include/pto/npu/a5/TExtract.hpp (TExtractToAVector, lines 179-180), "
                             "include/pto/npu/a6/TExtract.hpp (the same lines)", "A5 / A6: the one-row L0A source "
                             "(TEXTRACT, and TMOV's TMovToLeft): Src::Cols and Dst::Cols % fractalSize, "
                             "CUBE_BLOCK_SIZE / sizeof(T) (1024 for the fp4 pairs)"),
                  Provenance("header-static", "include/pto/npu/kirin9030/TExtract.hpp (TExtractToA/B, "
                             "TExtractToAVector)", "Kirin 9030 / Dev0000 TEXTRACT: A5's transposing-copy asserts; the "
                             "one-row L0A source: srcCol % (32 / sizeof), dstCol % (512 / sizeof)"),
                  Provenance("header-static", "include/pto/npu/kirinX90/TExtract.hpp (TEXTRACT_TILE_IMPL -> "
                             "textract_common.hpp)", "Kirin X90 TEXTRACT: A2/A3's routines, the same extents"),
                  Provenance("isa-doc", "docs/isa/TEXTRACT.md, docs/isa/TMOV.md", "fractal alignment of L0 tiles"),
                  Provenance("header-static", COPY_HDR, "found by bench/differential.py (TMOV Mat -> Right of a "
                             "16-row int8 tile: 'srcRow must be aligned to C0Size')")))
def l0_copy_shape_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    An L1 -> L0A/L0B move (TMOV or TEXTRACT) between tiles whose extents are not whole copy blocks.

    ## What it does
    Checks the static extents the copy routine shared by TMOV and TEXTRACT asserts on A2/A3. Without a
    transpose (same SLayout on both sides), an L0A copy needs rows in multiples of 16 and columns in C0
    blocks, an L0B copy rows in C0 blocks and columns in multiples of 16, C0 being one 32-byte block of
    the source type (32 int8, 16 half, 8 float); with a transpose every extent must be a whole fractal
    (16, or 32 for 1-byte types). Compact destinations only constrain the source (and an L0B
    destination's C0 alignment). A one-row row-major source of L0A takes the GEMV (vector) routine:
    both tiles' columns must be whole 512-byte fractals (256 half, 128 float). A5 (and A6) checks its
    transposing copy of 2- and 4-byte types (not compact): every extent of both tiles a multiple of 16, and its
    one-row L0A source: both tiles' columns in 512-byte fractals (1024 columns of the fp4 pairs).
    Kirin 9030's TEXTRACT (Kirin Dev0000's too) checks A5's transposing copy and, for the one-row source,
    source columns in 32-byte blocks and destination columns in 512-byte fractals.
    Kirin X90's TEXTRACT calls A2/A3's routines: A2/A3's extents.

    ## Why is this bad?
    The copy routine rejects the extents with a `static_assert`: the kernel does not compile for the target.

    ## Example
    ```cpp
    using Zn = Tile<TileType::Mat, int8_t, 16, 32, BLayout::RowMajor, 16, 32, SLayout::ColMajor, 512>;
    TileRight<int8_t, 16, 32> b;
    TMOV(b, staged);  // 16 rows of int8: C0 is 32 rows
    ```

    ## Use instead
    ```cpp
    using Zn = Tile<TileType::Mat, int8_t, 32, 32, BLayout::RowMajor, 32, 32, SLayout::ColMajor, 512>;
    TileRight<int8_t, 32, 32> b;
    ```
    """
    dst, src = ctx.tile("dst"), ctx.tile("src")
    if dst is None or src is None:
        return None
    bad = [f"{which} `{_esc(t.text)}` is {t.rows}x{t.cols}, not a multiple of {r}x{c}"
           for which, t, r, c in l0_copy_units(ctx.builtin, dst, src, ctx.impl) if t.rows % r or t.cols % c]
    one_row = dst.loc == "Left" and src.rows == 1 and src.blayout == "RowMajor"
    how = ", one-row (GEMV) copy" if one_row else ", transposed" if dst.slayout != src.slayout else ""
    path = f"{ctx.builtin} Mat -> {dst.loc} ({src.dtype}{how})"
    return Check(ctx.static(bool(bad)), f"{path}: " + "; ".join(bad) + f" (static_assert on {ctx.target})")


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

"""TLOAD / TSTORE, the GlobalTensor side (PTO952..): element size, layout pairing and shape agreement.

Modelled on common/arch/memory/tload_common.hpp (A2/A3: CheckNormalTileData, TLOAD_TILE_IMPL, the ND/DN
transfer helpers), common/arch/memory/tstore_common.hpp (CheckStaticForVecAndMat), a2a3/TStore.hpp
(CheckAcc2gm), common/arch/register/tload_common.hpp (A5: StaticCheck, TLoadCubeCheck) and a5/TStore.hpp
(CheckStaticAcc, the Vec checks). Parameter names (model header): TLOAD(dst, src), TSTORE(dst, src).

The tile's "custom layout" is how the headers classify it: ND = row-major unboxed, DN = column-major
unboxed, NZ = column-major blocks of row-major 512-byte fractals, ZN = row-major blocks of column-major
fractals. One table says which (GlobalTensor layout, tile layout) pairs each transfer accepts per target.
"""

from __future__ import annotations

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, GlobalView, Provenance, TileView, int_values, rule

INSTR = ("TLOAD", "TSTORE")

#: (builtin, tile location) -> target -> accepted (GlobalTensor layout, tile custom layout) pairs
LAYOUT_PAIRS: dict[tuple[str, str], dict[str, frozenset[tuple[str, str]]]] = {
    ("TLOAD", "Vec"): {t: frozenset({("ND", "ND"), ("DN", "DN"), ("NZ", "NZ")})
                       for t in ("a2a3", "a5", "kirin9030", "a6")},
    ("TLOAD", "Mat"): {
        "a2a3": frozenset({("ND", "ND"), ("DN", "DN"), ("NZ", "NZ"), ("ND", "NZ"), ("DN", "ZN")}),
        "a5": frozenset({("ND", "NZ"), ("DN", "NZ"), ("NZ", "NZ"), ("ND", "ND"), ("DN", "DN"), ("DN", "ZN")}),
        "a6": frozenset({("ND", "NZ"), ("DN", "NZ"), ("NZ", "NZ"), ("ND", "ND"), ("DN", "DN"), ("DN", "ZN")}),
        # A5's TLoadCubeCheck, but Kirin9030LoadOp's ND2NZ copy static_asserts on a DN tensor
        "kirin9030": frozenset({("ND", "NZ"), ("NZ", "NZ"), ("ND", "ND"), ("DN", "DN"), ("DN", "ZN")}),
    },
    ("TSTORE", "Vec"): {t: frozenset({("ND", "ND"), ("DN", "DN"), ("NZ", "NZ")})
                        for t in ("a2a3", "a5", "kirin9030", "kirindev0000", "kirinx90")},
    # A2/A3 and Kirin X90 (the same tstore_common.hpp) store from L1 (CheckStaticForVecAndMat: the Vec store's pairs)
    ("TSTORE", "Mat"): {t: frozenset({("ND", "ND"), ("DN", "DN"), ("NZ", "NZ")}) for t in ("a2a3", "kirinx90")},
}
#: target -> the GlobalTensor layouts a plain store from a Vec tile writes at all, whatever the tile: Kirin 9030's
#: CheckStaticVec lets a one-row / one-column tile pass its pair check (kirin9030/TStore.hpp:105) and then
#: static_asserts the layout in its last branch (line 127: ND and DN have branches of their own); Kirin Dev0000's
#: own CheckStaticVec the same (kirinDev0000/TStore.hpp:124: SCALE, MX_* and the convolution layouts fail)
VEC_STORE_LAYOUTS = {"kirin9030": ("ND", "DN", "NZ"), "kirindev0000": ("ND", "DN", "NZ")}
#: target -> the GlobalTensor layouts a store from L0C writes (CheckAcc2gm / CheckStaticAcc, every TSTORE form)
ACC_STORE_LAYOUTS = {"a2a3": ("ND", "NZ", "NC1HWC0", "NDC1HWC0"), "a5": ("ND", "NZ", "NHWC", "NCHW", "NCDHW"),
                     "kirinx90": ("ND", "NZ", "NC1HWC0", "NDC1HWC0"),
                     # kirin9030/TStore.hpp, kirinDev0000/TStore.hpp CheckStaticAcc: "only support NZ2ND / NZ2NZ"
                     "kirin9030": ("ND", "NZ"), "kirindev0000": ("ND", "NZ")}
#: (builtin, tile location) -> target -> pairs that a 64-bit element type may use
B64_PAIRS: dict[tuple[str, str], dict[str, frozenset[tuple[str, str]] | None]] = {
    ("TLOAD", "Vec"): {"a2a3": frozenset({("ND", "ND"), ("DN", "DN")}), "a5": None, "kirin9030": None, "a6": None},
    ("TLOAD", "Mat"): {"a2a3": frozenset({("ND", "ND"), ("DN", "DN")}),
                       "a5": frozenset({("NZ", "NZ"), ("ND", "ND"), ("DN", "DN"), ("DN", "ZN")}),
                       "a6": frozenset({("NZ", "NZ"), ("ND", "ND"), ("DN", "DN"), ("DN", "ZN")}),
                       "kirin9030": frozenset({("NZ", "NZ"), ("ND", "ND"), ("DN", "DN"), ("DN", "ZN")})},
    ("TSTORE", "Vec"): {"a2a3": frozenset({("ND", "ND"), ("DN", "DN")}), "a5": None, "kirin9030": None,
                        "kirindev0000": None, "kirinx90": frozenset({("ND", "ND"), ("DN", "DN")})},
    ("TSTORE", "Mat"): {t: frozenset({("ND", "ND"), ("DN", "DN")}) for t in ("a2a3", "kirinx90")},
}
#: the 4-bit element types TLoadCubeCheck (common/arch/register/tload_common.hpp) restricts (caps::IsFP4; A6 sends
#: its third one, hifloat4x2_t, to a check of its own, A5 has none) and, per (builtin, tile location) and target,
#: the pairs they may use: no DN -> NZ load into L1
FP4 = ("float4_e2m1x2_t", "float4_e1m2x2_t")
FP4_PAIRS: dict[tuple[str, str], dict[str, frozenset[tuple[str, str]]]] = {
    ("TLOAD", "Mat"): {t: LAYOUT_PAIRS[("TLOAD", "Mat")][t] - {("DN", "NZ")} for t in ("a5", "a6")},
}
#: the GlobalTensor element types a plain (non-quantising) TSTORE from an Acc tile may write, per target
ACC_STORE_TYPES = {"a2a3": ("int32_t", "float", "half", "bfloat16_t"),
                   "a5": ("int32_t", "float", "half", "bfloat16_t"),
                   "kirin9030": ("int32_t", "float", "half"), "kirindev0000": ("int32_t", "float", "half"),
                   "kirinx90": ("int32_t", "float", "half")}
#: the element types an Acc (L0C) tile may have for any TSTORE form (CheckAcc2gm / CheckStaticAcc), per target
#: the quantising stores' outputs (preQuantScalar / fp tile; a2a3 CheckAcc2gm<..., true>, a5 CheckStaticAcc<..., true>)
#: per accumulator type, where those files were read (Kirin 9030 / Dev0000: their CheckStaticAcc<..., true>; Kirin
#: X90's quantising list sits in dead code, see bench/assert_map.py)
ACC_QUANT_TYPES = {"a2a3": {"float": ("int8_t", "uint8_t"), "int32_t": ("int8_t", "uint8_t", "half")},
                   "a5": {"float": ("int8_t", "uint8_t", "bfloat16_t", "half", "hifloat8_t", "float8_e4m3_t", "float"),
                          "int32_t": ("int8_t", "uint8_t", "bfloat16_t", "half")},
                   **{k: {"half": ("half", "int16_t", "int8_t", "uint8_t"),
                          "int32_t": ("half", "int16_t", "int8_t", "uint8_t", "int32_t")}
                      for k in ("kirin9030", "kirindev0000")}}
ACC_TILE_TYPES = {"a2a3": ("int32_t", "float"), "a5": ("int32_t", "float"), "kirin9030": ("int32_t", "half"),
                  "kirindev0000": ("int32_t", "half"), "kirinx90": ("int32_t", "half")}
#: the newer targets' own TLOAD / TSTORE files these tables hold (ptolint/own_impls.py keys)
OWN = {"kirin9030": ("TLOAD", "TSTORE", "TSTORE_FP"), "kirindev0000": ("TSTORE",), "a6": ("TLOAD",), "kirinx90": ("TSTORE",)}
#: implementations whose stores go through common/arch/memory/tstore_common.hpp (A2/A3's CheckStaticForVecAndMat,
#: layout classifier and Vec / Mat / L0C copy routines): A2/A3 and Kirin X90's own TStore.hpp
A2A3_MEM = ("a2a3", "kirinx90")
B64 = ("int64_t", "uint64_t")
#: element sizes of the fixpipe's output types (the NDC1HWC0 C0 element count)
ELEM_BYTES = {"float": 4, "int32_t": 4, "half": 2, "bfloat16_t": 2, "int8_t": 1, "uint8_t": 1}
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4, "double": 8, "float8_e4m3_t": 1,
         "float8_e5m2_t": 1, "float8_e8m0_t": 1, "hifloat8_t": 1, "float4_e2m1x2_t": 1, "float4_e1m2x2_t": 1}

A2A3_LOAD = "include/pto/common/arch/memory/tload_common.hpp (CheckNormalTileData, TLOAD_TILE_IMPL)"
A5_LOAD = "include/pto/common/arch/register/tload_common.hpp (StaticCheck, TLoadCubeCheck)"
A2A3_STORE = "include/pto/common/arch/memory/tstore_common.hpp (CheckStaticForVecAndMat), a2a3/TStore.hpp"
A5_STORE = "include/pto/npu/a5/TStore.hpp (Vec checks, CheckStaticAcc)"
DOCS = "docs/isa/TLOAD.md, docs/isa/TSTORE.md"
K9030_LOAD = "include/pto/npu/kirin9030/TLoad.hpp (TLOAD_TILE_IMPL, Kirin9030LoadOp; Kirin Dev0000 includes it too)"
A6_LOAD = "include/pto/npu/a6/TLoad.hpp (TLOAD_TILE_IMPL, A6LoadOp)"
KIRIN_STORE = "include/pto/npu/kirin9030/TStore.hpp, kirinDev0000/TStore.hpp (CheckStaticVec, CheckStaticAcc)"
X90_STORE = "include/pto/npu/kirinX90/TStore.hpp (CheckAcc2gm, TSTORE_IMPL), common/arch/memory/tstore_common.hpp"


# --- TLOAD of MX / HiF4 scale tiles into L1 (A5, A6) ---------------------------------------------------------

#: the GlobalTensor layouts IsScale() routes to TLoadMxCube (common/arch/register/tload_common.hpp)
SCALE_LAYOUTS = ("MX_A_ZZ", "MX_A_ND", "MX_A_DN", "MX_B_NN", "MX_B_ND", "MX_B_DN", "HIF4_A_ZZ", "HIF4_B_NN")
#: loads whose L1 path rejects every scale layout: Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it) asserts
#: `!IsScale<TileData, GlobalData>()` in its Mat branch
NO_MX_CUBE = ("kirin9030",)
#: implementation -> what its TLoadMxCubeCheck accepts: the tensor layouts paired with a row-major ZZ tile ("a":
#: ND only reaches it through the one-row path), with a column-major NN tile ("b"), the element types of tile and
#: tensor, the [rows, cols] scale fractal of the ZZ / NN tensor layouts, and the layouts whose tile extents it
#: compares ((rows terms, cols terms) as indices of the static shape)
MX_SCALE: dict[str, dict] = {
    "a5": {"a": ("MX_A_ZZ", "MX_A_ND", "MX_A_DN", "ND"), "b": ("MX_B_NN", "MX_B_ND", "MX_B_DN"),
           "types": ("float8_e8m0_t",), "fractal": {"MX_A_ZZ": (16, 2), "MX_B_NN": (16, 2)},
           "extents": {"MX_A_ZZ": ((0, 1, 3), (2, 4)), "MX_B_NN": ((2, 4), (0, 1, 3))}},
    "a6": {"a": ("MX_A_ZZ", "MX_A_ND", "MX_A_DN", "HIF4_A_ZZ", "ND"),
           "b": ("MX_B_NN", "MX_B_ND", "MX_B_DN", "HIF4_B_NN"),
           "types": ("float8_e8m0_t", "uint8_t"),
           "fractal": {"MX_A_ZZ": (16, 2), "MX_B_NN": (16, 2), "HIF4_A_ZZ": (16, 4), "HIF4_B_NN": (16, 4)},
           "extents": {"MX_A_ZZ": ((0, 1, 3), (2, 4)), "MX_B_NN": ((2, 4), (0, 1, 3)),
                       "HIF4_A_ZZ": ((0, 1, 3), (2, 4)), "HIF4_B_NN": ((2, 4), (0, 1, 3))}},
}
#: the ND / DN scale layouts: a 3-D tensor (Shape0 and Shape1 of 1) whose last dimension is the pair of 2
MX_3D = ("MX_A_ND", "MX_A_DN", "MX_B_ND", "MX_B_DN")
MX_SFRACTAL = 32
MX_A5 = "include/pto/npu/a5/TLoad.hpp (TLOAD_TILE_IMPL, TLoadMxCubeCheck, TLoadMxCubeAVector)"
MX_A6 = ("include/pto/npu/a6/TLoad.hpp (TLOAD_TILE_IMPL, TLoadMxCubeCheck and its SFractalShape / MxTileShape / "
         "Hif4TileShape helpers, TLoadMxCubeAVector)")


def mx_scale_path(ctx: Ctx, t: TileView, g: GlobalView) -> str | None:
    """'row' (a one-row row-major ZZ L1 tile: TLoadMxCubeAVector), 'scale' (an MX / HiF4 scale tensor layout:
    TLoadMxCube), or None when the TLOAD takes neither of the paths that run TLoadMxCubeCheck."""
    if ctx.builtin != "TLOAD" or ctx.impl not in MX_SCALE or t.loc != "Mat":
        return None
    if t.rows == 1 and t.blayout == "RowMajor" and t.slayout == "RowMajor":
        return "row"
    return "scale" if g.layout in SCALE_LAYOUTS else None


def mx_scale_extents(impl: str, t: TileView, g: GlobalView) -> str:
    """TLoadMxCubeCheck's static tile-vs-tensor comparison for the ZZ / NN layouts ('' when it holds)."""
    terms = MX_SCALE[impl]["extents"].get(g.layout)
    if terms is None:
        return ""
    st = g.spec.shape
    need = []
    for idx in terms:
        prod = 1
        for i in idx:
            prod *= st[i]  # the header multiplies the static shape as written (DYNAMIC is -1)
        need.append(prod)
    if t.rows >= need[0] and t.cols >= need[1]:
        return ""
    return (f"the {t.rows}x{t.cols} tile is smaller than the {need[0]}x{need[1]} the {g.layout} tensor's static "
            f"shape {'x'.join(map(str, st))} needs")


def tile_layout(t: TileView, a5: bool = False) -> str:
    """The headers' layout class of a tile: A2/A3's GetTileLayoutCustom (NZ/ZN need 512-byte fractals); A5's
    checks test only the block and fractal orders."""
    if t.slayout == "NoneBox":
        return "ND" if t.blayout == "RowMajor" else "DN"
    if t.fractal != 512 and not a5:
        return "NONE"
    if t.blayout == "ColMajor" and t.slayout == "RowMajor":
        return "NZ"
    if t.blayout == "RowMajor" and t.slayout == "ColMajor":
        return "ZN"
    return "ZZ"


def operands(ctx: Ctx) -> tuple[TileView, GlobalView] | None:
    if ctx.builtin == "TLOAD":
        t, g = ctx.tile("dst"), ctx.global_tensor("src")
    else:
        t, g = ctx.tile("src"), ctx.global_tensor("dst")
    if t is None or g is None:
        return None
    return t, g


def _esc(s: str) -> str:
    return s.replace("{", "{{").replace("}", "}}")


def _plain_store(ctx: Ctx) -> bool:
    return ctx.builtin == "TLOAD" or (ctx.scalar("preQuantScalar") is None and "reluPreMode" not in ctx.template_args)


@rule("PTO952", "gm-element-size-mismatch", instructions=INSTR, fault="size-mismatch",
      provenance=(Provenance("header-static", A2A3_LOAD, "static_assert sizeof(TileData::DType) == "
                             "sizeof(GlobalData::DType)"),
                  Provenance("header-static", A2A3_STORE, "CheckStaticForVecAndMat: the same for Vec/Mat sources"),
                  Provenance("header-static", A5_LOAD, "StaticCheck: the same"),
                  Provenance("header-static", A5_STORE, "Vec source: sizeof(TileData::DType) == "
                             "sizeof(GlobalData::RawDType)"),
                  Provenance("header-static", K9030_LOAD, "A5's StaticCheck"),
                  Provenance("header-static", A6_LOAD, "A5's StaticCheck"),
                  Provenance("header-static", KIRIN_STORE, "CheckStaticVec: the same as A5"),
                  Provenance("header-static", X90_STORE, "A2/A3's CheckStaticForVecAndMat (Vec and Mat sources)"),
                  Provenance("isa-doc", DOCS, "the docs ask for equal element types; the headers compare sizes only")),
      own=OWN)
def gm_element_size_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE between a tile and a GlobalTensor whose element sizes differ.

    ## What it does
    For TLOAD into Vec or Mat tiles and TSTORE from Vec or Mat tiles, the tile's element type and the
    GlobalTensor's element type must have the same size (the transfer moves bytes; it converts nothing).
    Stores from Acc tiles convert in the fixpipe and are judged by PTO954 instead.

    ## Why is this bad?
    Both targets reject the pair with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>> g(src);
    Tile<TileType::Vec, half, 16, 64> t;
    TLOAD(t, g);  // 4-byte elements into a 2-byte tile
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> tf;
    TLOAD(tf, g);
    TCVT(t, tf, RoundMode::CAST_RINT);
    ```
    """
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    if t.loc not in ("Vec", "Mat") or (ctx.builtin == "TSTORE" and t.loc == "Mat" and ctx.impl not in A2A3_MEM):
        return None
    ts, gs = SIZES.get(t.dtype), SIZES.get(g.dtype)
    if ts is None or gs is None:
        return None
    return Check(ctx.static(ts != gs), f"{ctx.builtin}: tile `{_esc(t.text)}` holds {t.dtype} ({ts} bytes) but "
                 f"GlobalTensor `{_esc(g.text)}` holds {g.dtype} ({gs} bytes): rejected by a static_assert")


@rule("PTO953", "gm-layout-pairing", instructions=INSTR, fault="unsupported-layout",
      provenance=(Provenance("header-static", A2A3_LOAD, "Vec: ND2ND/DN2DN/NZ2NZ only; Mat: also ND2NZ and DN2ZN; "
                             "b64: ND2ND/DN2DN only"),
                  Provenance("header-static", A5_LOAD, "Vec: ND2ND/DN2DN/NZ2NZ; Mat (TLoadCubeCheck): ND2NZ, DN2NZ, "
                             "NZ2NZ, ND2ND, DN2DN, DN2ZN; b64 not in ND2NZ/DN2NZ; the 4-bit float types "
                             "(caps::IsFP4) not in DN2NZ"),
                  Provenance("header-static", A2A3_STORE, "Vec and Mat (CheckStaticForVecAndMat): ND/DN/NZ pairs or "
                             "a single-row/column tile; b64: ND2ND/DN2DN only"),
                  Provenance("header-static", A5_STORE, "Vec: ND/DN/NZ pairs or a single-row/column tile"),
                  Provenance("header-static", "include/pto/npu/a2a3/TStore.hpp (CheckAcc2gm), include/pto/npu/a5/"
                             "TStore.hpp (CheckStaticAcc)", "every store from L0C: a2a3 ND / NZ / NC1HWC0 / "
                             "NDC1HWC0 tensors, a5 ND / NZ / NHWC / NCHW / NCDHW"),
                  Provenance("header-static", K9030_LOAD, "A5's StaticCheck and TLoadCubeCheck; no DN2NZ (the "
                             "cube copy static_asserts), no MX path for a one-row L1 tile; its Mat branch "
                             "static_asserts !IsScale (tload_common.hpp: the MX_A_* / MX_B_* / HIF4_* layouts), so "
                             "every MX or HiF4 scale load into L1 fails to compile (Kirin 9030, Kirin Dev0000)"),
                  Provenance("header-static", A6_LOAD, "A5's StaticCheck and TLoadCubeCheck, the MX path for a "
                             "one-row L1 tile"),
                  Provenance("header-static", KIRIN_STORE, "CheckStaticVec: the same pairs as A5"),
                  Provenance("header-static", "include/pto/npu/kirinDev0000/TStore.hpp:124 (CheckStaticVec)",
                             "Kirin Dev0000: the `else` arm after the ND / DN cases static_asserts Layout::NZ, so a "
                             "Vec store into any other layout (SCALE, MX_*, convolution layouts) fails, a one-row / "
                             "one-column tile included"),
                  Provenance("header-static", "include/pto/npu/kirin9030/TStore.hpp:127 (CheckStaticVec)",
                             "Kirin 9030: after the pair check (line 105), which a one-row / one-column tile passes "
                             "with any tensor layout, the ND / DN branches assert 32-byte lines and the last branch "
                             "static_asserts Layout::NZ: a Vec store writes no other layout (NCHW, NHWC, ...)"),
                  Provenance("header-static", X90_STORE, "A2/A3's CheckStaticForVecAndMat pairs (Vec and Mat, b64 "
                             "ND2ND / DN2DN) and CheckAcc2gm's L0C layouts ND / NZ / NC1HWC0 / NDC1HWC0 (its TStoreAcc "
                             "has no NDC1HWC0 branch: such a store compiles to nothing, not reported)"),
                  Provenance("isa-doc", DOCS, "the docs list the same-layout pairs; A2/A3 has no DN2NZ load into "
                             "L1 although A5 does"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "lists the MX scale loads into Mat tiles (MX_A_* -> ZZ, "
                             "MX_B_* -> NN) without naming a target; Kirin 9030's TLoad.hpp rejects them (header "
                             "modelled)")),
      own=OWN)
def gm_layout_pairing(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE between a GlobalTensor layout and a tile layout the target cannot convert between.

    ## What it does
    The GlobalTensor's `Layout` (ND, DN, NZ) and the tile's layout (ND = row-major, DN = column-major,
    NZ / ZN = fractal) must be a pair the transfer implements: same layout for Vec tiles and for A2/A3
    stores from Mat tiles (TSTORE also accepts a single-row or single-column tile), and for loads into Mat tiles additionally ND->NZ and
    DN->ZN (A5 also DN->NZ). 64-bit element types are limited further (A2/A3: ND->ND and DN->DN only), and
    A5 / A6 load no 4-bit float type (`float4_e2m1x2_t`, `float4_e1m2x2_t`) from DN into NZ.
    A store from an accumulator (L0C) writes ND, NZ and the convolution layouts only (A2/A3 NC1HWC0 /
    NDC1HWC0, A5 NHWC / NCHW / NCDHW), whatever its form; Kirin 9030's and Kirin Dev0000's store from a Vec tile
    writes ND, DN and NZ tensors only, a one-row or one-column tile included. Kirin 9030 and Kirin Dev0000 (Kirin 9030's TLoad.hpp)
    load no MX / HiF4 scale tensor (`Layout::MX_A_*`, `MX_B_*`, `HIF4_*`) into an L1 tile at all.

    ## Why is this bad?
    The implementation rejects the pair with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    GlobalTensor<half, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>, Layout::DN> g(src);
    Tile<TileType::Vec, half, 16, 64> t;  // row-major (ND)
    TLOAD(t, g);
    ```

    ## Use instead
    ```cpp
    GlobalTensor<half, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>, Layout::ND> g(src);
    TLOAD(t, g);
    ```
    """
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    if t.loc == "Acc" and ctx.builtin == "TSTORE" and ctx.impl in ACC_STORE_LAYOUTS:
        lays = ACC_STORE_LAYOUTS[ctx.impl]
        return Check(ctx.static(g.layout not in lays), f"TSTORE: accumulator `{_esc(t.text)}` into GlobalTensor "
                     f"`{_esc(g.text)}` of Layout::{g.layout}; {ctx.target}'s L0C store writes only "
                     f"{', '.join(lays)} (static_assert)")
    if ctx.builtin == "TLOAD" and t.loc == "Mat" and ctx.impl in NO_MX_CUBE and g.layout in SCALE_LAYOUTS:
        return Check(ctx.static(True), f"TLOAD: GlobalTensor `{_esc(g.text)}` is the scale layout Layout::{g.layout} "
                     f"and tile `{_esc(t.text)}` is Mat; {ctx.target} has no MX / HiF4 scale load into L1 "
                     f"(static_assert)")
    lays = VEC_STORE_LAYOUTS.get(ctx.impl, ()) if ctx.builtin == "TSTORE" and t.loc == "Vec" else ()
    if lays and _plain_store(ctx) and g.layout not in lays:
        return Check(ctx.static(True), f"TSTORE: Vec tile `{_esc(t.text)}` into GlobalTensor `{_esc(g.text)}` of "
                     f"Layout::{g.layout}; {ctx.target}'s Vec store writes only {', '.join(lays)} tensors, a one-row "
                     f"or one-column tile included (static_assert)")
    key = (ctx.builtin, t.loc)
    if ctx.impl not in LAYOUT_PAIRS.get(key, {}) or not _plain_store(ctx) or g.layout not in ("ND", "DN", "NZ"):
        return None  # MX / HIF4 scale layouts and convolution layouts take their own paths
    if ctx.impl in ("a5", "a6") and key == ("TLOAD", "Mat") and t.rows == 1 and t.blayout == "RowMajor" and \
            t.slayout == "RowMajor":
        return None  # A5 loads a one-row row-major L1 tile through the MX vector path, without the pair check
    pair = (g.layout, tile_layout(t, ctx.impl not in A2A3_MEM))  # Kirin 9030 / Dev0000 use A5's checks
    ok = LAYOUT_PAIRS[key][ctx.impl]
    bad = pair not in ok
    if ctx.builtin == "TSTORE" and (t.rows == 1 or t.cols == 1):
        bad = False  # TSTORE from a single-row / single-column tile accepts any pairing
    why = "this layout pair"
    b64 = B64_PAIRS.get(key, {}).get(ctx.impl)
    if not bad and t.dtype in B64 and b64 is not None and pair not in b64:
        bad, why = True, f"this layout pair for the 64-bit type {t.dtype}"
    fp4 = FP4_PAIRS.get(key, {}).get(ctx.impl)
    if not bad and t.dtype in FP4 and fp4 is not None and pair not in fp4:
        bad, why = True, f"this layout pair for the 4-bit type {t.dtype}"
    return Check(ctx.static(bad), f"{ctx.builtin}: GlobalTensor `{_esc(g.text)}` is Layout::{g.layout} and tile "
                 f"`{_esc(t.text)}` ({t.loc}) is {pair[1]}; {ctx.target} does not implement {why} "
                 f"(static_assert)")


@rule("PTO954", "tstore-acc-output-dtype", instructions=("TSTORE", "TSTORE_FP"), fault="unsupported-dtype",
      provenance=(Provenance("header-static", "include/pto/npu/a2a3/TStore.hpp (CheckAcc2gm)",
                             "static_assert TileData::DType in {int32, float}; isQuant == false: GlobalData::DType "
                             "in {int32, float, half, bfloat16}; isQuant == true (the preQuantScalar and fp-tile "
                             "overloads): float -> {int8, uint8}, int32 -> {int8, uint8, half}"),
                  Provenance("header-static", A5_STORE, "CheckStaticAcc: TileData::DType in {int32, float}; "
                             "<..., false>: GlobalData::RawDType in {int32, float, half, bfloat16}; <..., true> "
                             "(preQuantScalar / fp tile): float -> {int8, uint8, bfloat16, half, hifloat8, "
                             "float8_e4m3, float}, int32 -> {int8, uint8, bfloat16, half}"),
                  Provenance("isa-doc", "docs/isa/TSTORE.md", "the quantising forms' output types are not listed; the "
                             "headers' lists are modelled"),
                  Provenance("header-static", KIRIN_STORE, "CheckStaticAcc: TileData::DType in {int32, half}; "
                             "<..., false>: GlobalData::RawDType in {int32, float, half}"),
                  Provenance("header-static", X90_STORE, "CheckAcc2gm: TileData::DType in {int32, half}; isQuant == "
                             "false: GlobalData::DType in {int32, float, half}")),
      own=OWN)
def tstore_acc_output_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TSTORE from an Acc tile whose element types the fixpipe cannot handle.

    ## What it does
    A store from an accumulator (L0C) tile reads int32 or float accumulators only, whatever the form.
    Without a quantisation scalar it converts in the fixpipe to the GlobalTensor's element type, which
    must then be int32, float, half or bfloat16. The quantising forms (`TSTORE(g, acc, preQuantScalar)`,
    `TSTORE_FP(g, acc, fp)`) have their own lists: on A2/A3 a float accumulator goes to int8 / uint8 only
    and an int32 one to int8 / uint8 / half; on A5 float goes to int8, uint8, bfloat16, half, hifloat8,
    float8_e4m3 or float and int32 to int8, uint8, bfloat16 or half.

    ## Why is this bad?
    Other destination types are rejected by a `static_assert`: the kernel does not compile. Narrower
    outputs (int8) need the quantising form with a `preQuantScalar`.

    ## Example
    ```cpp
    GlobalTensor<int8_t, Shape<1, 1, 1, 16, 16>, Stride<1, 1, 1, 16, 1>> g(out);
    TileAcc<int32_t, 16, 16> acc;
    TSTORE(g, acc);
    ```

    ## Use instead
    ```cpp
    GlobalTensor<int32_t, Shape<1, 1, 1, 16, 16>, Stride<1, 1, 1, 16, 1>> g(out);
    TSTORE(g, acc);
    ```
    """
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    if t.loc != "Acc":
        return None
    acc = ACC_TILE_TYPES[ctx.impl]
    if t.dtype not in acc:  # every Acc store form: the accumulator holds int32 or float (Kirin: int32 or half)
        return Check(ctx.static(True), f"TSTORE: Acc tile `{_esc(t.text)}` holds {t.dtype}; stores from L0C take "
                     f"only {', '.join(acc)} accumulators (static_assert)")
    if ctx.builtin == "TSTORE_FP" or ctx.scalar("preQuantScalar") is not None:
        table = ACC_QUANT_TYPES.get(ctx.impl)
        if table is None:
            return None
        ok = table[t.dtype]
        return Check(ctx.static(g.dtype not in ok), f"{ctx.builtin}: Acc tile `{_esc(t.text)}` of {t.dtype} stored "
                     f"into GlobalTensor `{_esc(g.text)}` of {g.dtype}; the quantising store writes only "
                     f"{', '.join(ok)} from {t.dtype} (static_assert)")
    if not _plain_store(ctx):
        return None
    ok = ACC_STORE_TYPES[ctx.impl]
    return Check(ctx.static(g.dtype not in ok), f"TSTORE: Acc tile `{_esc(t.text)}` stored into GlobalTensor "
                 f"`{_esc(g.text)}` of {g.dtype}; a plain store writes only {', '.join(ok)} (static_assert)")


def _nd_dn(t: TileView, g: GlobalView) -> str | None:
    """'ND' / 'DN' when the transfer is a same-layout ND or DN one whose extents are checked against the tile."""
    lay = tile_layout(t)  # ND / DN classes are the same on both targets
    return lay if lay in ("ND", "DN") and g.layout == lay else None


def _lines(t: TileView, lay: str, vr, vc, s) -> tuple:  # noqa: ANN001 - Z3 terms, or Python ints (int_values)
    """(lines the transfer moves, the tile's valid lines, its storage lines, 'rows' | 'columns') from the valid
    row and column `vr`, `vc` and the tensor's shape `s`."""
    if lay == "ND":
        return s[0] * s[1] * s[2] * s[3], vr, t.rows, "rows"
    return s[0] * s[1] * s[2] * s[4], vc, t.cols, "columns"


@rule("PTO955", "gm-static-shape-mismatch", instructions=("TLOAD",), fault="valid-region", targets=("a5",),
      provenance=(Provenance("header-static", A5_LOAD, "StaticCheck (Vec, ND tile): static ValidCol == "
                             "staticShape[4] and static ValidRow == staticShape[0]*[1]*[2]*[3]"),
                  Provenance("header-runtime", A2A3_LOAD, "A2/A3 checks the same only at run time (PTO_ASSERT, debug "
                             "builds): see PTO956"),
                  Provenance("header-static", K9030_LOAD, "the same StaticCheck"),
                  Provenance("header-static", A6_LOAD, "the same StaticCheck"),
                  Provenance("header-static", MX_A5, "TLoadMxCubeCheck (MX scale load into L1): MX_A_ZZ: Rows >= "
                             "staticShape[0]*[1]*[3] and Cols >= staticShape[2]*[4]; MX_B_NN: Rows >= "
                             "staticShape[2]*[4] and Cols >= staticShape[0]*[1]*[3] (the static shape as written, "
                             "DYNAMIC counting as -1)"),
                  Provenance("header-static", MX_A6, "the same for MX_A_ZZ / MX_B_NN and, with the [16, 4] "
                             "fractal, HIF4_A_ZZ / HIF4_B_NN")),
      own={"kirin9030": ("TLOAD",), "a6": ("TLOAD",)})
def gm_static_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: TLOAD of a static GlobalTensor shape that disagrees with the tile's static valid shape.

    ## What it does
    When a row-major Vec tile has a static valid shape and the ND GlobalTensor has static dimensions,
    A5 requires the tile's valid columns to equal the last dimension and its valid rows to equal the
    product of the other four. For an MX scale load into L1 (A5 and A6: `Layout::MX_A_ZZ` / `MX_B_NN`, on
    A6 also `HIF4_A_ZZ` / `HIF4_B_NN`) the tile must hold the tensor's static extent: for the A layouts
    `Rows >= Shape0*Shape1*Shape3` and `Cols >= Shape2*Shape4`, for the B layouts the transpose.

    ## Why is this bad?
    A5 rejects the mismatch with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    GlobalTensor<float, Shape<1, 1, 1, 16, 32>, Stride<1, 1, 1, 32, 1>> g(src);
    Tile<TileType::Vec, float, 16, 64> t;  // valid 16 x 64, the tensor is 16 x 32
    TLOAD(t, g);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 32> t;
    TLOAD(t, g);
    ```
    """
    got = operands(ctx)
    if got is None or ctx.builtin != "TLOAD":
        return None
    t, g = got
    if mx_scale_path(ctx, t, g) is not None:
        short = mx_scale_extents(ctx.impl, t, g)
        return Check(ctx.static(bool(short)), f"TLOAD: MX scale load of GlobalTensor `{_esc(g.text)}` into tile "
                     f"`{_esc(t.text)}`: {short} (static_assert)")
    if t.loc != "Vec" or tile_layout(t) != "ND" or g.layout not in ("ND", "DN", "NZ"):
        return None
    st = g.spec.shape
    bad_col = t.spec.valid_col > 0 and st[4] > 0 and t.spec.valid_col != st[4]
    rows = st[0] * st[1] * st[2] * st[3]
    bad_row = t.spec.valid_row > 0 and min(st[:4]) > 0 and t.spec.valid_row != rows
    if not (bad_col or bad_row):
        return None
    return Check(ctx.static(True), f"TLOAD: tile `{_esc(t.text)}` has static valid shape {t.spec.valid_row}x"
                 f"{t.spec.valid_col} but GlobalTensor `{_esc(g.text)}` is {'x'.join(map(str, st))} "
                 f"({rows} rows x {st[4]} columns): rejected by A5's static_assert")


@rule("PTO956", "gm-extent-vs-tile", instructions=INSTR, fault="valid-region",
      provenance=(Provenance("header-runtime", A2A3_LOAD, "TLoadGm2ubNd2nd/Dn2dn: PTO_ASSERT validRow == "
                             "Shape0*1*2*3 (DN: validCol == Shape0*1*2*4), debug builds only; the burst loop moves "
                             "the tensor's extent with the tile's row pitch"),
                  Provenance("header-runtime", A2A3_STORE, "TStoreVecND/DN: the same assert and loop"),
                  Provenance("header-runtime", "include/pto/common/arch/memory/tload_common.hpp (TLoadGm2L1VectorInND "
                             "/ InDn), include/pto/npu/a2a3/TLoad.hpp (TLoadGm2L1Nd2nd / Dn2dn), include/pto/common/"
                             "arch/memory/tstore_common.hpp (TStoreMat2GmNd2Nd / Dn2Dn)",
                             "A2/A3 L1 (Mat) ND / DN transfers: the same PTO_ASSERT and a burst per tensor line with "
                             "the tile's row (column) pitch"),
                  Provenance("header-runtime", A5_LOAD, "A5: the same relation (static_assert when both sides are "
                             "static: PTO955)"),
                  Provenance("isa-doc", DOCS, "the docs require equal extents; the vendor's own ST kernels move "
                             "larger tensors into tiles with smaller valid regions (harmless in release while the "
                             "lines fit the tile's storage), so only the two harmful directions are reported"),
                  Provenance("header-runtime", K9030_LOAD, "the same burst loop as A5's (no assert)"),
                  Provenance("header-runtime", A6_LOAD, "A5's burst loop (no assert)"),
                  Provenance("header-runtime", KIRIN_STORE, "TStoreVecND/DN: PTO_ASSERT as on A5, debug builds "
                             "only; the same burst loop"),
                  Provenance("header-runtime", X90_STORE, "TStoreUb2gmNd2nd (tstore_common.hpp), its own "
                             "TStoreUb2gmDn2dn and the L1 TStoreMat2GmNd2Nd / Dn2Dn: A2/A3's PTO_ASSERTs and burst "
                             "loops")),
      own=OWN)
def gm_extent_vs_tile(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE whose GlobalTensor extent overflows the tile's storage or misses part of its valid region.

    ## What it does
    A transfer between a Vec tile (A2/A3: also a Mat tile) and an ND (DN) GlobalTensor moves one row
    (column) per Shape0*Shape1*Shape2*Shape3 (Shape0*Shape1*Shape2*Shape4) of the tensor, whatever the tile's valid
    region says. It is reported when, for every input that reaches the call, that count exceeds the tile's
    storage rows (columns), or is below its valid rows (columns). An A2/A3 TLOAD into a one-row ND (one-column
    DN) L1 tile copies a single line whose length is the tensor's Shape4 (Shape3) itself: that length is
    compared with the tile's columns (rows) the same way. Run-time shapes and DYNAMIC valid regions are
    followed along the path.

    ## Why is this bad?
    Debug builds stop on a `PTO_ASSERT`. Release builds move the tensor's extent: past the tile's storage,
    TLOAD overwrites whatever follows the tile in the buffer and TSTORE writes it to global memory; short of
    the valid region, TLOAD leaves valid rows stale and TSTORE never writes them.

    ## Example
    ```cpp
    using GT = GlobalTensor<float, Shape<1, 1, 1, 64, 32>, Stride<1, 1, 1, 32, 1>>;
    Tile<TileType::Vec, float, 32, 32> t;  // room for 32 rows
    TLOAD(t, g);  // 64 rows: the second half lands in the next tile
    ```

    ## Use instead
    ```cpp
    using GT = GlobalTensor<float, Shape<1, 1, 1, 32, 32>, Stride<1, 1, 1, 32, 1>>;  // one tile's block
    TLOAD(t, g);
    ```
    """
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    if not (t.loc == "Vec" or (t.loc == "Mat" and ctx.impl in A2A3_MEM)) or not _plain_store(ctx):
        return None
    lay = _nd_dn(t, g)
    if lay is None:
        return None
    # constants (nearly every ST kernel call): decided in Python, the very answer z3.simplify gave the formula below
    # (ruleset.int_values; in the 19-kernel A2/A3 sample this rule's formula was the costliest one built)
    known = int_values(t.valid_row, t.valid_col, *g.shape)
    vr, vc, *shape = known if known is not None else (t.valid_row, t.valid_col, *g.shape)
    moved, valid, storage, what = _lines(t, lay, vr, vc, shape)
    nonempty = (vr > 0 and vc > 0) if known is not None else z3.And(vr > 0, vc > 0)  # empty bursts move nothing
    if ctx.builtin == "TLOAD" and t.loc == "Mat" and (t.rows if lay == "ND" else t.cols) == 1:
        # TLoadGm2L1VectorInND / Dn (tload_common.hpp 180, 204): one line whose length is the tensor's Shape4
        # (DN Shape3) itself, asserted equal to the valid columns (rows): the same two harmful directions
        length, vlen, cap, unit = (shape[4], vc, t.cols, "columns") if lay == "ND" else (shape[3], vr, t.rows, "rows")
        violated = ctx.static(nonempty and (moved > storage or moved < valid or length > cap or length < vlen)) \
            if known is not None else z3.And(nonempty, z3.Or(moved > storage, moved < valid, length > cap, length < vlen))
        return Check(violated,
                     f"{ctx.builtin}: GlobalTensor `{_esc(g.text)}` ({lay}) moves {{moved}} {what} of {{length}} "
                     f"{unit} into the one-line L1 tile `{_esc(t.text)}` ({{valid}} valid {what} of {storage}, "
                     f"{{vlen}} valid {unit} of {cap})",
                     show={"moved": moved, "valid": valid, "length": length, "vlen": vlen}, definite=True)
    violated = ctx.static(nonempty and (moved > storage or moved < valid)) if known is not None else \
        z3.And(nonempty, z3.Or(moved > storage, moved < valid))
    return Check(violated,
                 f"{ctx.builtin}: GlobalTensor `{_esc(g.text)}` ({lay}) moves {{moved}} {what}; tile "
                 f"`{_esc(t.text)}` has {{valid}} valid {what} and storage for {storage}",
                 show={"moved": moved, "valid": valid}, definite=True)


A2A3_BURST = ("include/pto/common/arch/memory/tload_common.hpp (TLoadGm2ubNd2nd, TLoadGm2ubDn2dn), "
              "include/pto/npu/a2a3/TLoad.hpp (TLoadGm2L1Nd2nd, TLoadGm2L1Dn2dn: lenBurst / gmGap in 32-byte blocks), "
              "include/pto/common/arch/memory/tstore_common.hpp (TStoreUb2gmNd2nd), include/pto/npu/a2a3/TStore.hpp "
              "(TStoreUb2gmDn2dn)")
A5_BURST = ("include/pto/npu/a5/TStore.hpp, include/pto/npu/kirin9030/TStore.hpp, "
            "include/pto/npu/kirinDev0000/TStore.hpp (TStoreVecND, TStoreVecDN)")
X90_BURST = ("include/pto/common/arch/memory/tstore_common.hpp (TStoreUb2gmNd2nd, TStoreMat2GmNd2Nd, "
             "TStoreMat2GmDn2Dn), include/pto/npu/kirinX90/TStore.hpp (TStoreUb2gmDn2dn)")

#: how a TSTORE's ND / DN copy places its bursts, per implementation: "gap" -- each burst starts (Stride - Shape)
#: elements after the previous one ENDS (A2/A3's copies, Kirin X90's TStore.hpp: gmGap / dstStride), so a burst of
#: another length shifts every following line; "stride" -- each starts one Stride after the previous one STARTS
#: (A5's TStoreVecND / DN and the Kirins' own copies: burstDstStride = gStride3 / gStride4). The key also says which
#: sources' copies have the PTO_ASSERT validCol == Shape4 (DN validRow == Shape3): Vec everywhere, Mat (L1) on the
#: A2/A3 memory routines (TStoreMat2GmNd2Nd / Dn2Dn).
STORE_BURSTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "a2a3": ("gap", ("Vec", "Mat")), "kirinx90": ("gap", ("Vec", "Mat")),
    "a5": ("stride", ("Vec",)), "kirin9030": ("stride", ("Vec",)), "kirindev0000": ("stride", ("Vec",)),
}


def _burst(ctx: Ctx) -> tuple[TileView, GlobalView, str, z3.ArithRef, z3.ArithRef] | None:
    """(tile, tensor, 'ND' | 'DN', burst, line) of a copy with the burst-length PTO_ASSERT: A2/A3's Vec loads and
    the TSTOREs of STORE_BURSTS; None elsewhere."""
    got = operands(ctx)
    if got is None or not _plain_store(ctx):
        return None
    t, g = got
    lay = _nd_dn(t, g)
    if ctx.builtin == "TLOAD":  # A2/A3 Vec: TLoadGm2ubNd2nd / Dn2dn; L1: TLoadGm2L1Nd2nd / Dn2dn, but not a one-row
        # ND (one-column DN) L1 tile: TLoadGm2L1VectorInND / Dn copy it with a burst of the tensor's line itself
        ok = ctx.impl == "a2a3" and (t.loc == "Vec" or (t.loc == "Mat" and (t.rows if lay == "ND" else t.cols) != 1))
    else:
        ok = t.loc in STORE_BURSTS.get(ctx.impl, ("", ()))[1]
    lay = lay if ok else None
    if lay is None or SIZES.get(t.dtype) != SIZES.get(g.dtype):
        return None
    burst, line = (t.valid_col, g.shape[4]) if lay == "ND" else (t.valid_row, g.shape[3])
    return t, g, lay, burst, line


@rule("PTO969", "gm-burst-length-mismatch", instructions=INSTR, targets=("a2a3", "a5"), fault="size-mismatch",
      own=OWN,  # their TSTOREs assert it; their TLoad.hpp (A5-family register routines) do not: nothing to check
      provenance=(Provenance("header-runtime", A2A3_BURST,
                             "PTO_ASSERT validCol == gShape4 (ND) / validRow == gShape3 (DN), debug builds only; the "
                             "copy moves one burst of validCol (validRow) elements per tensor line and starts the "
                             "next one (gStride3 - gShape4) ((gStride4 - gShape3)) elements after it: in release "
                             "builds a burst longer than the line runs into the next line, the last one past the "
                             "tensor's end"),
                  Provenance("header-runtime", X90_BURST,
                             "kirinx90: its TSTORE (A2/A3's routines with its own lists) has the same PTO_ASSERTs and "
                             "burst loops for Vec and L1 (Mat) ND / DN sources (lenBurst, dstStride in 32-byte blocks "
                             "for L1), A2/A3's L1 store (TStoreMat2GmNd2Nd / Dn2Dn) likewise; release builds run each "
                             "longer burst into the next line, the last one past the tensor's end"),
                  Provenance("header-runtime", A5_BURST,
                             "a5 and kirin9030 and kirindev0000: TSTORE from Vec, the same PTO_ASSERT, debug builds "
                             "only; each burst starts one gStride3 (DN gStride4) after the previous one: in release "
                             "builds a burst longer than the line writes past every line of the tensor's view (into "
                             "the next line or the columns between lines), the last one past the tensor's end; A6 "
                             "stores through A5's file"),
                  Provenance("header-runtime", "include/pto/common/arch/memory/tload_common.hpp (TLoadGm2L1: "
                             "TLoadGm2L1VectorInND / Dn for an ND tile of Rows == 1, a DN tile of Cols == 1)",
                             "A2/A3's one-row (one-column) L1 tile is copied with a burst of the tensor's line "
                             "(dValue = Shape4 / Shape3), not of the tile's valid extent: no such burst to judge"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TLoad.hpp, "
                             "common/arch/register/tload_common.hpp",
                             "the same PTO_ASSERT on the other targets' loads: not modelled by this rule (TLOAD: "
                             "A2/A3 Vec and L1 only)"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/tsort32/tsort32_kernel.cpp, "
                             "tscatter/tscatter_kernel.cpp",
                             "the vendor's ST kernels load a 2 x 16 index tile from a 2 x 13 tensor (tsort32 case 4) "
                             "and store 16 x 128 / 16 x 256 tiles into a 16 x 64 tensor (tscatter mask cases): debug "
                             "builds trap there; reported"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/tcmp, tcmps, trowexpandadd (and the other "
                             "trowexpand* kernels)",
                             "bursts SHORTER than the line (16 valid columns of a 32-element line, DN tiles of 1 "
                             "valid row over 8-row lines) are loaded and stored by the vendor's own A2/A3 ST kernels "
                             "(a debug-build trap they accept): not reported"),
                  Provenance("isa-doc", DOCS, "the tensor's last dimension (ND) is the tile's valid columns")))
def gm_burst_length_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE between a tile and an ND (DN) GlobalTensor whose burst is longer than the tensor's line.

    ## What it does
    The ND (DN) copy moves one burst per tensor line: the tile's valid columns for an ND tensor (valid rows
    for a DN one), while the line is the tensor's last dimension, Shape4 (Shape3). It is reported when, for
    every input that reaches the call, the burst is longer than the line. Checked for A2/A3's loads into Vec
    and L1 tiles (a one-row ND / one-column DN L1 tile excepted: its copy bursts the tensor's line itself) and
    for the stores from Vec tiles on every target (from L1 tiles too on A2/A3 and Kirin X90). Run-time shapes
    and DYNAMIC valid regions are followed along the path.

    ## Why is this bad?
    Debug builds stop on the `PTO_ASSERT` that the two are equal. Release builds copy the longer burst
    anyway: on A2/A3 and Kirin X90 the next burst starts only `Stride - Shape` elements later, so every burst
    runs into the next line and rows after the first are shifted; on A5, A6 and Kirin 9030 / Dev0000 each
    burst writes past its line (into the next one, or the columns between lines of a view). The last burst
    reads (TLOAD) or writes (TSTORE) past the tensor's end in global memory.

    ## Example
    ```cpp
    using GT = GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;
    Tile<TileType::Vec, float, 16, 128> t;  // 128 valid columns, lines of 64
    TSTORE(g, t);  // 16 bursts of 128 elements into a 16 x 64 tensor
    ```

    ## Use instead
    ```cpp
    using GT = GlobalTensor<float, Shape<1, 1, 1, 16, 128>, Stride<1, 1, 1, 128, 1>>;  // the tile's valid shape
    TSTORE(g, t);
    ```
    """
    got = _burst(ctx)
    if got is None:
        return None
    t, g, lay, burst, line = got
    what = "valid columns" if lay == "ND" else "valid rows"
    dim = "Shape4" if lay == "ND" else "Shape3"
    known = int_values(t.valid_row, t.valid_col, line)  # constants: decided in Python (see gm_extent_vs_tile)
    if known is not None:
        vr, vc, line = known
        burst = vc if lay == "ND" else vr
        violated = ctx.static(vr > 0 and vc > 0 and line > 0 and burst > line)
    else:
        violated = z3.And(t.valid_row > 0, t.valid_col > 0, line > 0, burst > line)
    return Check(violated, f"{ctx.builtin}: tile `{_esc(t.text)}` moves bursts of {{burst}} elements (its {what}) "
                 f"but GlobalTensor `{_esc(g.text)}` ({lay}) has lines of {{line}} ({dim}): each burst runs past its "
                 "line, the last past the tensor", show={"burst": burst, "line": line}, definite=True)


#: (implementation, builtin, tile TileType, tensor layout) -> (shape dimensions whose product the tile's valid rows
#: must equal, dimensions whose product its valid columns must equal; "c0": times the NDC1HWC0 C0 element count):
#: the PTO_ASSERTs of the NZ / L0C / convolution-layout copy routines (the ND / DN Vec and L1 paths are PTO956's)
LAYOUT_EXTENTS: dict[tuple[str, str, str, str], tuple[tuple, tuple]] = {
    ("a2a3", "TLOAD", "Vec", "NZ"): ((2, 3), (0, 1, 4)),  # CheckNzFormat (TLoadGm2ubNz2nz)
    ("a2a3", "TLOAD", "Mat", "NZ"): ((2, 3), (0, 1, 4)),  # CheckNzFormat (TLoadGm2L1Nz2nz)
    ("a2a3", "TSTORE", "Mat", "NZ"): ((2, 3), (0, 1, 4)),  # TStoreMat2GmNz2Nz
    ("a2a3", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),  # TStoreAccNz2nz
    ("a2a3", "TSTORE", "Acc", "ND"): ((3,), (4,)),  # TStoreAccNz2nd
    ("a2a3", "TSTORE", "Acc", "NC1HWC0"): ((0, 2, 3), (1, 4)),  # TStoreAccNz2NC1HWC0
    ("a2a3", "TSTORE", "Acc", "NDC1HWC0"): ((0, 3, 4), (1, 2, "c0")),  # TStoreAccNz2NDC1HWC0
    ("a2a3", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),  # a2a3/TStore.hpp TStoreUb2gmNz2nz
    ("a5", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),  # TStoreVecNZ
    ("a5", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),  # TStoreAccNZ
    ("a5", "TSTORE", "Acc", "NHWC"): ((1, 2, 3), (4,)),  # TStoreAccNHWC
    ("a5", "TSTORE", "Acc", "NCHW"): ((1, 3, 4), (2,)),  # TStoreAccNCHW
    ("a5", "TSTORE", "Acc", "NCDHW"): ((0, 3, 4), (1,)),  # TStoreAccNCHW, its NCDHW branch
    # Kirin X90's TStore.hpp: TStoreUb2gmNz2nz and TStoreAccNz2nz assert as A2/A3's; TStoreAcc dispatches to the
    # shared ND / NC1HWC0 copies; its L1 store is the shared TStoreMat2GmNz2Nz. Kirin 9030's and Kirin Dev0000's
    # TStore.hpp dispatch to common/arch/register/tstore_common.hpp's TStoreVecNZ and (Kirin 9030: Dev0000 has no
    # L0C, PTO007) TStoreAccNZ, A5's asserts; their CheckStaticAcc admits ND / NZ only, so the NHWC / NCHW copies are
    # never reached there. Kirin 9030's TLoad.hpp and A6's TLoad.hpp have no such assertion.
    ("kirinx90", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirinx90", "TSTORE", "Mat", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirinx90", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirinx90", "TSTORE", "Acc", "ND"): ((3,), (4,)),
    ("kirinx90", "TSTORE", "Acc", "NC1HWC0"): ((0, 2, 3), (1, 4)),
    ("kirin9030", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirin9030", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirindev0000", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),
}


def _extent(g: GlobalView, dims: tuple) -> tuple[z3.ArithRef, str]:
    c0 = 16 if g.dtype == "int32_t" else 32 // max(1, ELEM_BYTES.get(g.dtype, 4))
    terms = [g.shape[d] if d != "c0" else z3.IntVal(c0) for d in dims]
    out = terms[0]
    for x in terms[1:]:
        out = out * x
    return out, " * ".join(f"Shape{d}" if d != "c0" else f"C0 ({c0})" for d in dims)


@rule("PTO027", "gm-layout-extent-vs-valid", instructions=INSTR, fault="valid-region", own=OWN,
      provenance=(Provenance("header-runtime", "include/pto/common/arch/memory/tload_common.hpp (CheckNzFormat), "
                             "include/pto/common/arch/memory/tstore_common.hpp (TStoreMat2GmNz2Nz)", "A2/A3 NZ "
                             "loads into UB / L1 and NZ stores from L1: PTO_ASSERT validRow == Shape2*Shape3 and "
                             "validCol == Shape0*Shape1*Shape4 (release builds copy with the tensor's extent and "
                             "strides regardless, past or short of the tile's valid region)"),
                  Provenance("header-runtime", "include/pto/npu/a2a3/TStore.hpp (TStoreAccNz2nz), include/pto/common/"
                             "arch/memory/tstore_common.hpp (TStoreAccNz2nd, TStoreAccNz2NC1HWC0, "
                             "TStoreAccNz2NDC1HWC0)", "A2/A3 L0C stores: PTO_ASSERT NZ validRow == Shape2*Shape3, "
                             "validCol == Shape0*Shape1*Shape4; ND validRow == Shape3, validCol == Shape4; NC1HWC0 "
                             "validRow == Shape0*Shape2*Shape3, validCol == Shape1*Shape4; NDC1HWC0 validRow == "
                             "Shape0*Shape3*Shape4, validCol == Shape1*Shape2*C0 (C0 16 for int32, else 32 / sizeof)"),
                  Provenance("header-runtime", "include/pto/common/arch/register/tstore_common.hpp (TStoreAccNZ, "
                             "TStoreAccNHWC, TStoreAccNCHW, TStoreVecNZ)", "A5: PTO_ASSERT NZ (L0C and UB) validRow "
                             "== Shape2*Shape3, validCol == Shape0*Shape1*Shape4; NHWC validRow == "
                             "Shape1*Shape2*Shape3, validCol == Shape4; NCHW validRow == Shape1*Shape3*Shape4, "
                             "validCol == Shape2; NCDHW validRow == Shape0*Shape3*Shape4, validCol == Shape1"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TStore.hpp (TStoreUb2gmNz2nz, TStoreAccNz2nz, "
                             "TStoreAcc)", "Kirin X90: the A2/A3 NZ asserts for UB and L0C sources; its L0C stores "
                             "reach the shared ND and NC1HWC0 copies, its L1 stores the shared TStoreMat2GmNz2Nz"),
                  Provenance("header-runtime", "include/pto/npu/kirin9030/TStore.hpp, include/pto/npu/kirinDev0000/"
                             "TStore.hpp (TSTORE_IMPL -> common/arch/register/tstore_common.hpp TStoreVecNZ, "
                             "TStoreAccNZ)", "Kirin 9030 / Dev0000: A5's NZ asserts for UB and (Kirin 9030) L0C "
                             "sources; their CheckStaticAcc admits ND / NZ tensors only; Kirin 9030's and A6's own "
                             "TLoad.hpp have no such assertion"),
                  Provenance("isa-doc", DOCS, "the tensor's extent equals the tile's valid region; reported only "
                             "when every input breaks it (the host supplies both); the vendor's A5 ST kernels "
                             "textract_ndto2xnz and tmov_zz store a 16-row NZ fractal from a smaller valid region "
                             "(release: harmless), so Vec / Mat NZ copies report only the two harmful directions")))
def gm_layout_extent_vs_valid(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE through an NZ, L0C or convolution-layout copy whose tensor extent is not the tile's valid region.

    ## What it does
    The fractal (NZ) copies and the fixpipe stores from L0C read the tile's valid region and the tensor's
    shape separately and require them to describe the same data: an NZ tensor `[S0, S1, S2, 16, C0]` holds
    `S2*S3` rows and `S0*S1*S4` columns; an accumulator stored as ND has `Shape3` rows and `Shape4` columns;
    the convolution layouts fold their dimensions likewise (A2/A3 NC1HWC0, NDC1HWC0; A5 NHWC, NCHW, NCDHW).
    It is reported when, for every input that reaches the call, the counts differ (the host supplies both);
    for the NZ copies of UB / L1 tiles, which move whole fractals, only when the tensor exceeds the tile's
    storage or misses part of its valid region (as PTO956).

    ## Why is this bad?
    Debug builds stop on the `PTO_ASSERT`. Release builds copy the tile's valid region with the tensor's
    strides: rows or fractals beyond the tensor's extent are written past it, a tensor larger than the
    valid region keeps stale data.

    ## Example
    ```cpp
    using GNz = GlobalTensor<half, Shape<1, 4, 2, 16, 16>, Stride<2048, 512, 256, 16, 1>, Layout::NZ>;
    Tile<TileType::Mat, half, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor> l1;  // 16 rows
    TLOAD(l1, g);  // the tensor holds 2 * 16 = 32 rows
    ```

    ## Use instead
    ```cpp
    using GNz = GlobalTensor<half, Shape<1, 4, 1, 16, 16>, Stride<1024, 256, 256, 16, 1>, Layout::NZ>;
    ```
    """
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    dims = LAYOUT_EXTENTS.get((ctx.impl, ctx.builtin, t.loc, g.layout))
    if dims is None:
        return None
    if t.loc != "Acc" and tile_layout(t, ctx.impl not in A2A3_MEM) != "NZ":
        return None  # another pairing: PTO953
    rows, rtext = _extent(g, dims[0])
    cols, ctext = _extent(g, dims[1])
    nonempty = z3.And(t.valid_row > 0, t.valid_col > 0)
    if t.loc == "Acc":  # the fixpipe copies the valid region into the tensor's layout: any difference
        bad = z3.Or(rows != t.valid_row, cols != t.valid_col)
    else:  # NZ UB / L1 copies move the tensor's fractals: as PTO956, only past the storage or short of the valid
        # region (the vendor's ST kernels store whole fractals from a smaller valid region, harmless in release)
        bad = z3.Or(rows > t.rows, cols > t.cols, rows < t.valid_row, cols < t.valid_col)
    return Check(z3.And(nonempty, bad),
                 f"{ctx.builtin}: GlobalTensor `{_esc(g.text)}` (Layout::{g.layout}) holds {{rows}} rows "
                 f"({rtext}) x {{cols}} columns ({ctext}); tile `{_esc(t.text)}` ({t.loc}) has a {{validRow}} x "
                 f"{{validCol}} valid region (PTO_ASSERT)",
                 show={"rows": rows, "cols": cols, "validRow": t.valid_row, "validCol": t.valid_col}, definite=True)


#: element types the atomic-add store supports (both targets' SetAtomicAdd)
ATOMIC_ADD_TYPES = ("half", "float", "int16_t", "int32_t", "int8_t", "bfloat16_t")
#: own TSTORE files that static_assert AtomicNone for every form
NO_ATOMIC = ("kirin9030", "kirindev0000", "kirinx90")


@rule("PTO957", "tstore-atomic-add-dtype", instructions=("TSTORE",), fault="unsupported-dtype",
      provenance=(Provenance("header-static", "include/pto/common/arch/memory/tstore_common.hpp (SetAtomicAdd)",
                             "A2/A3: static_assert GlobalData::DType in {half, float, int16, int32, int8, bfloat16}"),
                  Provenance("header-static", "include/pto/npu/a5/TStore.hpp (SetAtomicAdd)", "A5: the same list"),
                  Provenance("header-static", KIRIN_STORE, "every TSTORE_IMPL: static_assert atomicType == "
                             "AtomicNone (no atomic add)"),
                  Provenance("header-static", X90_STORE, "every TSTORE_IMPL: static_assert currentAtomicType == "
                             "AtomicNone (no atomic add on Kirin X90)"),
                  Provenance("isa-doc", DOCS, "AtomicAdd stores accumulate into global memory")),
      own=OWN)
def tstore_atomic_add_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `TSTORE<..., AtomicType::AtomicAdd>` into a GlobalTensor whose element type has no atomic add.

    ## What it does
    An accumulating store adds the tile into global memory with the hardware's atomic add, which exists
    for half, float, bfloat16, int8, int16 and int32 destinations only (not for unsigned or 64-bit types).

    ## Why is this bad?
    Both targets reject other types with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    GlobalTensor<uint32_t, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>> g(counts);
    TSTORE<TileT, decltype(g), AtomicType::AtomicAdd>(g, partial);
    ```

    ## Use instead
    ```cpp
    GlobalTensor<int32_t, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>> g(counts);
    TSTORE<TileT, decltype(g), AtomicType::AtomicAdd>(g, partial);
    ```
    """
    got = operands(ctx)
    if got is None or ctx.template_args.get("atomicType", "") not in ("AtomicAdd", "1"):
        return None
    t, g = got
    if ctx.impl in NO_ATOMIC:
        return Check(ctx.static(True), f"TSTORE (AtomicAdd): {ctx.target}'s TSTORE has no atomic add "
                     f"(static_assert AtomicNone)")
    return Check(ctx.static(g.dtype not in ATOMIC_ADD_TYPES),
                 f"TSTORE (AtomicAdd): GlobalTensor `{_esc(g.text)}` holds {g.dtype}; atomic add exists only for "
                 f"{', '.join(ATOMIC_ADD_TYPES)} (static_assert)")




def nz_inner(builtin: str, impl: str, t: TileView, gdtype: str, layout: str = "NZ") -> frozenset[int] | None:
    """The static Shape4 values an NZ / NC1HWC0 tensor may have on this transfer (Shape3 must be 16), None
    when the element size is unknown."""
    size = SIZES.get(gdtype, 0)
    if size <= 0 or 32 % size:
        return None
    if impl in A2A3_MEM and t.loc != "Acc":
        return frozenset({32 // size})
    if impl == "kirinx90" and t.loc == "Acc" and layout == "NZ":  # its own TStoreAccNz2nz: no channel split
        return frozenset({32 // size} | ({16} if gdtype == "int32_t" else set()))
    if t.loc != "Acc" and builtin == "TLOAD":  # A5 StaticCheck / TLoadCubeCheck: the tile's type decides
        return frozenset({64 if t.dtype in FP4 else 32 // size})
    ok = {32 // size}  # A5 TStoreVecNZ and both targets' L0C stores: the output type decides
    if gdtype == "int32_t":
        ok.add(16)
    if gdtype == "float":
        ok |= {8, 16}
    if gdtype in FP4 and t.loc != "Acc":
        ok.add(64)
    return frozenset(ok)


@rule("PTO959", "gm-nz-fractal-shape", instructions=INSTR, targets=("a2a3", "a5"), fault="unsupported-layout",
      provenance=(Provenance("header-static", "include/pto/common/arch/memory/tload_common.hpp (CheckNzFormat), "
                             "include/pto/npu/a2a3/TStore.hpp (TStoreUb2gmNz2nz), include/pto/common/arch/memory/"
                             "tstore_common.hpp (TStoreMat2GmNz2Nz)",
                             "A2/A3 NZ tile <-> Layout::NZ tensor (Vec and Mat): staticShape[3] == FRACTAL_NZ_ROW (16) "
                             "&& staticShape[4] == 32 / sizeof(T): the last two dimensions static, one fractal"),
                  Provenance("header-static", "include/pto/npu/a2a3/TStore.hpp (TStoreAccNz2nz), include/pto/common/"
                             "arch/memory/tstore_common.hpp (TStoreAccNz2NC1HWC0)",
                             "A2/A3 L0C -> NZ: staticShape[3] == 16; L0C -> NZ / NC1HWC0: staticShape[4] == 32 / "
                             "sizeof(out), or 8 / 16 for float (channel split), 16 for int32"),
                  Provenance("header-static", "include/pto/common/arch/register/tload_common.hpp (StaticCheck, "
                             "TLoadCubeCheck)", "A5 NZ2NZ loads into Vec / Mat: [16, 32 / sizeof], [16, 64] for "
                             "4-bit types"),
                  Provenance("header-static", "include/pto/common/arch/register/tstore_common.hpp (TStoreVecNZ, "
                             "TStoreAccNZ)", "A5 Vec / L0C -> NZ: staticShape[3] == 16, staticShape[4] as the A2/A3 "
                             "L0C store (Vec also 64 for 4-bit types)"),
                  Provenance("header-static", K9030_LOAD + ", " + A6_LOAD + ", " + KIRIN_STORE,
                             "the same shared checks (StaticCheck, TLoadCubeCheck, register/tstore_common.hpp)"),
                  Provenance("header-static", X90_STORE, "Vec / Mat NZ and L0C -> NC1HWC0: A2/A3's checks; its own "
                             "TStoreAccNz2nz (L0C -> NZ): staticShape[3] == 16 and staticShape[4] == 32 / sizeof(out) "
                             "or 16 for int32, without A2/A3's channel-split float case (8 / 16)")),
      own=OWN)
def gm_nz_fractal_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE between an NZ tile (or an accumulator) and a `Layout::NZ` GlobalTensor whose last two
    dimensions are not one static fractal.

    ## What it does
    For a TLOAD / TSTORE whose tile is NZ (`BLayout::ColMajor` + `SLayout::RowMajor`) and whose tensor is
    `Layout::NZ`, checks the tensor's static `Shape<..., 16, C0>`: C0 = 32 / sizeof(T) (A5: 64 for 4-bit
    types), the transfer copies whole fractals and reads their geometry from the type. A store from an
    accumulator (L0C) into an NZ tensor (A2/A3 also NC1HWC0) accepts C0 = 32 / sizeof(out), and 8 or 16
    for float, 16 for int32 outputs; A5's Vec store accepts the same.

    ## Why is this bad?
    The implementation rejects any other inner shape, a DYNAMIC one included, with a `static_assert`:
    the kernel does not compile.

    ## Example
    ```cpp
    using Nz = GlobalTensor<half, Shape<1, 4, 2, 32, 16>, Stride<2048, 512, 512, 16, 1>, Layout::NZ>;
    TSTORE(out, nzTile);  // 32-row fractals
    ```

    ## Use instead
    ```cpp
    using Nz = GlobalTensor<half, Shape<1, 4, 4, 16, 16>, Stride<1024, 256, 256, 16, 1>, Layout::NZ>;
    TSTORE(out, nzTile);
    ```
    """
    ops = operands(ctx)
    if ops is None:
        return None
    t, g = ops
    if t.loc == "Acc":
        if ctx.builtin != "TSTORE" or g.layout not in (("NZ", "NC1HWC0") if ctx.impl in A2A3_MEM else ("NZ",)):
            return None
    elif not _plain_store(ctx) or t.loc not in ("Vec", "Mat") or tile_layout(t, ctx.impl not in A2A3_MEM) != "NZ" or \
            g.layout != "NZ":
        return None
    ok = nz_inner(ctx.builtin, ctx.impl, t, g.dtype, g.layout)
    if ok is None:
        return None
    inner = tuple(g.spec.shape[3:5])
    bad = inner[1] not in ok or (g.layout == "NZ" and inner[0] != 16)
    want = " or ".join(map(str, sorted(ok)))
    return Check(ctx.static(bad),
                 f"{ctx.builtin}: {g.layout} GlobalTensor `{_esc(g.text)}` has last dimensions {inner[0]} x {inner[1]}; "
                 f"with tile `{_esc(t.text)}` ({t.loc}, {t.dtype}) it needs 16 x {want} (static_assert)")


@rule("PTO968", "tload-mx-scale-operands", instructions=("TLOAD",), fault="unsupported-layout", targets=("a5",),
      provenance=(Provenance("header-static", MX_A5, "TLoadMxCubeCheck, reached for an MX_A_* / MX_B_* tensor and "
                             "for a one-row row-major ZZ L1 tile: static_assert MX_A_ZZ / MX_A_ND / MX_A_DN (or ND) "
                             "with a row-major RowMajor-fractal tile, MX_B_NN / MX_B_ND / MX_B_DN with a column-major "
                             "ColMajor-fractal tile; SFractalSize == 32; MX_A_ZZ / MX_B_NN: staticShape[3] 16 and "
                             "[4] 2 (or DYNAMIC); MX_*_ND / MX_*_DN: staticShape[0], [1] 1 and [4] 2 (or DYNAMIC); "
                             "TLoadMxCubeAVector: staticShape[0..3] == 1 (DYNAMIC not accepted)"),
                  Provenance("header-static", MX_A6, "the same checks split into helpers; the HIF4_A_ZZ / "
                             "HIF4_B_NN layouts join the pairs with a [16, 4] scale fractal"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "the MX_A_* -> ZZ / MX_B_* -> NN pairs and the same "
                             "[16, 2] and 3-D shape conditions; the doc adds even valid columns (scale A) / rows "
                             "(scale B), which TLoadMxCubeCheck does not assert (not modelled here), and does not "
                             "mention SFractalSize 32 or the one-row form's [1, 1, 1, 1, k] tensor (header "
                             "modelled)")),
      # Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it) was read: it has no MX scale load (a static_assert rejects
      # the scale layouts, not modelled by this rule), so the rule runs there and has nothing to report
      own={"a6": ("TLOAD",), "kirin9030": ("TLOAD",)})
def tload_mx_scale_operands(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5 / A6: TLOAD of an MX scale tile whose tile layout or GlobalTensor shape is not a scale format the load has.

    ## What it does
    A TLOAD into an L1 (`TileType::Mat`) tile from an MX scale tensor (`Layout::MX_A_ZZ`, `MX_A_ND`, `MX_A_DN`,
    `MX_B_NN`, `MX_B_ND`, `MX_B_DN`; A6 also `HIF4_A_ZZ`, `HIF4_B_NN`), or into a one-row row-major tile with a
    row-major fractal, runs the MX scale load. It requires: an `MX_A_*` tensor with a row-major tile of
    `SLayout::RowMajor` fractals and an `MX_B_*` tensor with a column-major tile of `SLayout::ColMajor` fractals;
    an `SFractalSize` of 32; for `MX_A_ZZ` / `MX_B_NN` a static shape ending in the [16, 2] scale fractal (HiF4:
    [16, 4]); for the ND / DN scale layouts a 3-D shape (`Shape0` and `Shape1` of 1) whose last dimension is 2;
    for the one-row tile a shape whose first four dimensions are 1. DYNAMIC dimensions pass where the header
    accepts -1 (not in the one-row form).

    ## Why is this bad?
    Each of these is a `static_assert`: the kernel does not compile for A5 / A6.

    ## Example
    ```cpp
    using GS = GlobalTensor<float8_e8m0_t, Shape<1, 1, 64, 2, 4>, Stride<512, 512, 8, 4, 1>, Layout::MX_A_ND>;
    Tile<TileType::Mat, float8_e8m0_t, 64, 8, BLayout::RowMajor, 64, 8, SLayout::RowMajor, 32> s;
    TLOAD(s, g);  // the MX_A_ND tensor's last dimension must be the pair of 2
    ```

    ## Use instead
    ```cpp
    using GS = GlobalTensor<float8_e8m0_t, Shape<1, 1, 64, 4, 2>, Stride<512, 512, 8, 2, 1>, Layout::MX_A_ND>;
    TLOAD(s, g);
    ```
    """
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    path = mx_scale_path(ctx, t, g)
    if path is None:
        return None
    facts, st = MX_SCALE[ctx.impl], g.spec.shape
    bad = []
    if g.layout in facts["a"]:
        if (t.blayout, t.slayout) != ("RowMajor", "RowMajor"):
            bad.append(f"a Layout::{g.layout} tensor needs a row-major tile of SLayout::RowMajor fractals (tile is "
                       f"BLayout::{t.blayout} SLayout::{t.slayout})")
    elif g.layout in facts["b"]:
        if (t.blayout, t.slayout) != ("ColMajor", "ColMajor"):
            bad.append(f"a Layout::{g.layout} tensor needs a column-major tile of SLayout::ColMajor fractals (tile "
                       f"is BLayout::{t.blayout} SLayout::{t.slayout})")
    else:
        bad.append(f"{ctx.target}'s MX scale load has no Layout::{g.layout} tensor form")
    if t.fractal != MX_SFRACTAL:
        bad.append(f"the tile's SFractalSize is {t.fractal} (must be {MX_SFRACTAL})")
    fr = facts["fractal"].get(g.layout)
    if fr is not None and not (st[3] in (fr[0], -1) and st[4] in (fr[1], -1)):
        bad.append(f"a Layout::{g.layout} tensor's last two dimensions must be the [{fr[0]}, {fr[1]}] scale fractal "
                   f"(static shape {'x'.join(map(str, st))})")
    if g.layout in MX_3D:
        if st[0] not in (1, -1) or st[1] not in (1, -1):
            bad.append(f"a Layout::{g.layout} tensor must be 3-D: Shape0 and Shape1 of 1 (static shape "
                       f"{'x'.join(map(str, st))})")
        if st[4] not in (2, -1):
            bad.append(f"a Layout::{g.layout} tensor's last dimension must be 2 (it is {st[4]})")
    if path == "row" and any(d != 1 for d in st[:4]):
        bad.append(f"the one-row load needs a tensor whose first four static dimensions are 1 (static shape "
                   f"{'x'.join(map(str, st))})")
    return Check(ctx.static(bool(bad)), f"TLOAD: MX scale load of GlobalTensor `{_esc(g.text)}` into tile "
                 f"`{_esc(t.text)}`: " + "; ".join(bad) + " (static_assert)")


# --- A6's hifloat4x2_t L1 load (TLoadHif4CubeCheck) -------------------------------------------------------------

#: ptolint/own_impls.py leaves hifloat4x2_t TLOAD calls on A6 out of the reading of a6/TLoad.hpp and reads their
#: L1 data path apart: the rules below hold its facts under that key (ctx.impl is "a6" for those calls)
HIF4 = "hifloat4x2_t"
HIF4_OWN = {f"a6:{HIF4}": ("TLOAD",)}
HIF4_A6 = "include/pto/npu/a6/TLoad.hpp (TLOAD_TILE_IMPL lines 624-630, TLoadHif4CubeCheck lines 248-260)"


def hif4_cube(ctx: Ctx) -> tuple[TileView, GlobalView] | None:
    """(tile, tensor) of an A6 TLOAD whose hifloat4x2_t L1 tile takes TLoadHif4CubeCheck (the data load: neither
    the one-row MX vector path nor an MX / HiF4 scale tensor), None for any other call."""
    got = operands(ctx)
    if ctx.builtin != "TLOAD" or ctx.impl != "a6" or got is None:
        return None
    t, g = got
    if t.dtype != HIF4 or t.loc != "Mat" or mx_scale_path(ctx, t, g) is not None:
        return None
    return t, g


@rule("PTO936", "tload-hif4-tensor-dtype", instructions=("TLOAD",), fault="dtype-mismatch", targets=(),
      provenance=(Provenance("header-static", HIF4_A6, "TLoadHif4CubeCheck (the hifloat4x2_t L1 data load, in place "
                             "of TLoadCubeCheck): static_assert TileData::DType == GlobalData::RawDType"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "does not mention hifloat4x2_t")),
      own=HIF4_OWN, form={"dst": "Tile", "src": "GlobalTensor"})
def tload_hif4_tensor_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A6: TLOAD of a hifloat4x2_t L1 tile from a GlobalTensor of another element type.

    ## What it does
    On A6 a TLOAD into a `TileType::Mat` tile of `hifloat4x2_t` (the HiF4 data, not its scales: no MX / HiF4
    scale tensor layout, not a one-row row-major tile) goes through TLoadHif4CubeCheck, which requires the
    GlobalTensor's element type to be `hifloat4x2_t` as well; a byte tensor of the same size (`uint8_t`, the
    scales' type) is not accepted.

    ## Why is this bad?
    A6 rejects the pair with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using G = GlobalTensor<uint8_t, Shape<1, 1, 1, 64, 128>, Stride<8192, 8192, 8192, 128, 1>>;
    Tile<TileType::Mat, hifloat4x2_t, 64, 128, BLayout::ColMajor, 64, 128, SLayout::RowMajor, 512> a;
    TLOAD(a, g);  // the HiF4 data passed as raw bytes
    ```

    ## Use instead
    ```cpp
    using G = GlobalTensor<hifloat4x2_t, Shape<1, 1, 1, 64, 128>, Stride<8192, 8192, 8192, 128, 1>>;
    TLOAD(a, g);
    ```
    """
    got = hif4_cube(ctx)
    if got is None:
        return None
    t, g = got
    return Check(ctx.static(g.dtype != HIF4), f"TLOAD: HiF4 L1 tile `{_esc(t.text)}` ({HIF4}) from GlobalTensor "
                 f"`{_esc(g.text)}` of {g.dtype}: TLoadHif4CubeCheck needs a {HIF4} tensor (static_assert)")


@rule("PTO937", "tload-hif4-valid-cols", instructions=("TLOAD",), fault="valid-region", targets=(),
      provenance=(Provenance("header-static", HIF4_A6, "TLoadHif4CubeCheck: when both are static (> 0), "
                             "static_assert TileData::ValidCol == GlobalData::staticShape[4]; the ND / DN / NZ "
                             "data loads otherwise compare the tile with the tensor only at run time"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "does not mention hifloat4x2_t")),
      own=HIF4_OWN, form={"dst": "Tile", "src": "GlobalTensor"})
def tload_hif4_valid_cols(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A6: TLOAD of a hifloat4x2_t L1 tile whose static valid columns differ from the tensor's last dimension.

    ## What it does
    For the A6 hifloat4x2_t L1 data load (TLoadHif4CubeCheck, see PTO936), compares the tile's static
    `ValidCol` with the GlobalTensor's static last dimension (`Shape4`); a DYNAMIC side is not compared. Both
    count `hifloat4x2_t` elements: a tensor whose last dimension counts bytes of packed pairs, or half the
    columns, does not match.

    ## Why is this bad?
    A6 rejects the pair with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using G = GlobalTensor<hifloat4x2_t, Shape<1, 1, 1, 64, 64>, Stride<4096, 4096, 4096, 64, 1>>;
    Tile<TileType::Mat, hifloat4x2_t, 64, 128, BLayout::ColMajor, 64, 128, SLayout::RowMajor, 512> a;
    TLOAD(a, g);  // 128 valid columns, a tensor of 64
    ```

    ## Use instead
    ```cpp
    // the tensor's last dimension counts hifloat4x2_t elements, as ValidCol does
    using G = GlobalTensor<hifloat4x2_t, Shape<1, 1, 1, 64, 128>, Stride<8192, 8192, 8192, 128, 1>>;
    TLOAD(a, g);
    ```
    """
    if (got := hif4_cube(ctx)) is None:
        return None
    t, g = got
    vc, cols = t.spec.valid_col, g.spec.shape[4]
    return Check(ctx.static(vc > 0 and cols > 0 and vc != cols), f"TLOAD: HiF4 L1 tile `{_esc(t.text)}` has "
                 f"static valid columns {vc}, GlobalTensor `{_esc(g.text)}`'s static last dimension is {cols}: "
                 "TLoadHif4CubeCheck needs them equal (static_assert)")

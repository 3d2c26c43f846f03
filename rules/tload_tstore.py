"""TLOAD / TSTORE (PTO950..): global memory <-> tile transfers, the tile side.

Modelled on a2a3/TLoad.hpp + common/arch/memory/tload_common.hpp (CheckNormalTileData), a5/TLoad.hpp +
common/arch/register/tload_common.hpp (StaticCheck, TLOAD_TILE_IMPL), a2a3/TStore.hpp and a5/TStore.hpp
(TSTORE_IMPL overloads). Parameter names (model header): TLOAD(dst, src), TSTORE(dst, src[, preQuantScalar]);
the GlobalTensor operand is not a tile.

The GlobalTensor side (element size, layout pairing, shape vs valid region, fixpipe output types) is
rules/global_tensor.py; here only the tile's own facts are judged. One table per instruction:
`TILE_LOCATIONS` (target -> the TileTypes the implementation handles, and what happens to the others) and
`TLOAD_TYPES` (the element types A2/A3 accepts; A5 only requires a 1/2/4/8-byte type).
"""

from __future__ import annotations

from ptolint.rules.global_tensor import MX_A5, MX_A6, MX_SCALE, SIZES, mx_scale_path
from ptolint.rules.misc_builtins import conv_tile
from ptolint.rules.rearrange_runtime import conv_tile_shape

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

#: builtin -> target -> (TileTypes handled, effect on the others)
TILE_LOCATIONS: dict[str, dict[str, tuple[tuple[str, ...], str]]] = {
    "TLOAD": {"a2a3": (("Vec", "Mat"), "static"), "a5": (("Vec", "Mat"), "no-op"),
              "kirin9030": (("Vec", "Mat"), "no-op"), "a6": (("Vec", "Mat"), "no-op")},
    "TSTORE": {"a2a3": (("Vec", "Acc", "Mat"), "static"), "a5": (("Vec", "Acc"), "static"),
               "kirin9030": (("Vec", "Acc"), "static"), "kirindev0000": (("Vec", "Acc"), "static"),
               "kirinx90": (("Vec", "Acc", "Mat"), "static")},
}
#: the newer targets' own TLOAD / TSTORE files these tables hold (ptolint/own_impls.py keys)
OWN = {"kirin9030": ("TLOAD", "TSTORE"), "kirindev0000": ("TSTORE",), "a6": ("TLOAD",), "kirinx90": ("TSTORE",)}
#: the quantising TSTORE(dst, src, preQuantScalar) form and the ReluPreMode forms read the fixpipe: Acc only
TSTORE_QUANT_LOCATIONS = ("Acc",)
TLOAD_TYPES: dict[str, tuple[str, ...] | None] = {
    "a2a3": ("int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "half",
             "bfloat16_t", "float"),
    "a5": None,
}

A2A3_LOAD = "include/pto/common/arch/memory/tload_common.hpp (CheckNormalTileData), a2a3/TLoad.hpp"
A5_LOAD = "include/pto/npu/a5/TLoad.hpp (TLOAD_TILE_IMPL), common/arch/register/tload_common.hpp (StaticCheck)"
A2A3_STORE = "include/pto/npu/a2a3/TStore.hpp (TSTORE_IMPL overloads)"
A5_STORE = "include/pto/npu/a5/TStore.hpp (TSTORE_IMPL overloads)"
K9030_LOAD = "include/pto/npu/kirin9030/TLoad.hpp (TLOAD_TILE_IMPL; Kirin Dev0000 includes the same file)"
A6_LOAD = "include/pto/npu/a6/TLoad.hpp (TLOAD_TILE_IMPL)"
KIRIN_STORE = "include/pto/npu/kirin9030/TStore.hpp, kirinDev0000/TStore.hpp (TSTORE_IMPL overloads)"
X90_STORE = "include/pto/npu/kirinX90/TStore.hpp (TSTORE_IMPL overloads)"


def _tile(ctx: Ctx) -> tuple[str, TileView] | None:
    """(parameter name, tile) of the tile operand, None for ConvTile / unresolved forms."""
    name = "dst" if ctx.builtin == "TLOAD" else "src"
    t = ctx.tile(name)
    return (name, t) if t is not None else None


def _quant_form(ctx: Ctx) -> bool:
    return ctx.builtin == "TSTORE" and (ctx.scalar("preQuantScalar") is not None
                                        or "reluPreMode" in ctx.template_args)


@rule("PTO950", "tload-tstore-tile-location", instructions=("TLOAD", "TSTORE"), fault="unsupported-path",
      provenance=(Provenance("header-static", A2A3_LOAD, "static_assert TileData::Loc == Vec || Mat"),
                  Provenance("hazard", A5_LOAD, "if constexpr Loc == Vec ... else if Loc == Mat, no else: any "
                             "other TileType compiles to nothing"),
                  Provenance("header-static", A2A3_STORE, "static_assert Loc == Vec || Acc || Mat; the "
                             "preQuantScalar / ReluPreMode overloads static_assert Loc == Acc"),
                  Provenance("header-static", A5_STORE, "static_assert Loc == Vec || Acc (no Mat source on A5); "
                             "preQuantScalar / ReluPreMode overloads: Acc only"),
                  Provenance("hazard", K9030_LOAD, "as A5: Vec and Mat branches, no else"),
                  Provenance("hazard", A6_LOAD, "as A5: Vec and Mat branches, no else"),
                  Provenance("header-static", KIRIN_STORE, "static_assert Loc == Vec || Acc; the other overloads: "
                             "Acc only"),
                  Provenance("header-static", X90_STORE, "A2/A3's: static_assert Loc == Vec || Acc || Mat; the other "
                             "overloads: Acc only"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md, docs/isa/TSTORE.md", "supported tile locations")),
      own=OWN)
def tload_tstore_tile_location(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD into, or TSTORE from, a tile location the target cannot move to or from global memory.

    ## What it does
    TLOAD fills Vec (UB) and Mat (L1) tiles on both targets. TSTORE drains Vec, Acc and Mat tiles on
    A2/A3 but only Vec and Acc tiles on A5; its quantising forms (`preQuantScalar`, `ReluPreMode`)
    drain Acc tiles only.

    ## Why is this bad?
    A2/A3 rejects other locations with a `static_assert`, as does A5 for TSTORE. A5's TLOAD has no branch
    for them: the call compiles and loads nothing, so the tile keeps stale data.

    ## Example
    ```cpp
    TileLeft<half, 16, 32> a;
    TLOAD(a, gA);  // global memory cannot be loaded into L0A directly
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor, 512> aL1;
    TLOAD(aL1, gA);
    TMOV(a, aL1);
    ```
    """
    got = _tile(ctx)
    if got is None:
        return None
    name, t = got
    if _quant_form(ctx):
        ok, effect = TSTORE_QUANT_LOCATIONS, "static"
        form = "TSTORE (quantising form)"
    else:
        ok, effect = TILE_LOCATIONS[ctx.builtin][ctx.impl]
        form = ctx.builtin
    what = ("the call compiles to nothing (the tile is not loaded)" if effect == "no-op"
            else "rejected by a static_assert")
    return Check(ctx.static(t.loc not in ok),
                 f"{form}: {name} `{_esc(t.text)}` is TileType::{t.loc}; {ctx.target} handles only "
                 f"{', '.join(ok)} here: {what}")


@rule("PTO951", "tload-unsupported-dtype", instructions=("TLOAD", "TSTORE"), fault="unsupported-dtype",
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-static", A2A3_LOAD, "CheckNormalTileData: static_assert DType in {int8, uint8, "
                             "int16, uint16, int32, uint32, int64, uint64, half, bfloat16, float}"),
                  Provenance("header-static", "include/pto/common/arch/memory/tstore_common.hpp "
                             "(CheckStaticForVecAndMat, line 328); include/pto/npu/kirinX90/TStore.hpp (lines 293, "
                             "312)", "A2/A3 and Kirin X90 TSTORE from a Vec or Mat tile: the same list"),
                  Provenance("header-static", A5_LOAD, "A5 only requires a 1, 2, 4 or 8-byte element type"),
                  Provenance("header-static", MX_A5, "TLoadMxCubeCheck (MX scale tensor layouts, or a one-row "
                             "row-major ZZ L1 tile): static_assert tile and tensor element types float8_e8m0_t"),
                  Provenance("header-static", MX_A6, "A6's TLoadMxCubeCheck: float8_e8m0_t or uint8_t (MX and HiF4 "
                             "scales)")),
      # Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it) was read: A5's StaticCheck (any 1/2/4/8-byte type) and no
      # MX scale path, so the rule runs there and has nothing to report; likewise the Kirin 9030 / Dev0000 TStore.hpp
      # (the A5-family register routines: no type list); Kirin X90's TStore.hpp calls A2/A3's CheckStaticForVecAndMat
      own={"a6": ("TLOAD",), "kirin9030": ("TLOAD", "TSTORE"), "kirindev0000": ("TSTORE",),
           "kirinx90": ("TSTORE",)})
def tload_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD into a tile whose element type the load does not support (A2/A3; A5 / A6 MX scale loads), or A2/A3 /
    Kirin X90 TSTORE from a Vec / Mat tile of such a type.

    ## What it does
    On A2/A3 the destination tile's element type must be one of int8, uint8, int16, uint16, int32,
    uint32, int64, uint64, half, bfloat16 or float (A5 accepts any 1/2/4/8-byte type, including the
    fp8/fp4 formats); an A2/A3 or Kirin X90 TSTORE from a Vec or Mat tile takes the same list. An A5 / A6 MX scale load into L1 (a `Layout::MX_*` or `HIF4_*` tensor, or a one-row
    row-major tile with row-major fractals) moves `float8_e8m0_t` scales only: tile and tensor must both
    hold it (A6 also accepts `uint8_t`).

    ## Why is this bad?
    A2/A3 rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float8_e4m3_t, 16, 64> t;
    TLOAD(t, g);  // no fp8 on A2/A3
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, uint8_t, 16, 64> raw;  // move the bytes; decode in software
    TLOAD(raw, gBytes);
    ```
    """
    got = _tile(ctx)
    if got is None:
        return None
    name, t = got
    if ctx.builtin == "TSTORE":  # tstore_common.hpp CheckStaticForVecAndMat: A2/A3's Vec / Mat sources
        ok = TLOAD_TYPES["a2a3"]
        if ctx.impl not in ("a2a3", "kirinx90") or t.loc not in ("Vec", "Mat") or _quant_form(ctx):
            return None
        return Check(ctx.static(t.dtype not in ok), f"TSTORE: {name} `{_esc(t.text)}` has element type {t.dtype}, "
                     f"not supported on {ctx.target} (supported: {', '.join(ok)})")
    g = ctx.global_tensor("src")
    if g is not None and mx_scale_path(ctx, t, g) is not None:
        mx = MX_SCALE[ctx.impl]["types"]
        bad = [f"{what} `{_esc(x.text)}` holds {x.dtype}" for what, x in (("tile", t), ("GlobalTensor", g))
               if x.dtype not in mx]
        return Check(ctx.static(bool(bad)), "TLOAD: MX scale load: " + "; ".join(bad) + f"; {ctx.target} moves "
                     f"only {' or '.join(mx)} scales (static_assert)")
    ok = TLOAD_TYPES.get(ctx.impl)
    if ok is None or t.loc not in TILE_LOCATIONS["TLOAD"][ctx.impl][0]:
        return None
    return Check(ctx.static(t.dtype not in ok), f"TLOAD: {name} `{_esc(t.text)}` has element type {t.dtype}, not "
                 f"supported on {ctx.target} (supported: {', '.join(ok)})")


#: implementation -> the element types whose TLOAD takes PadValue::Null / Zero only (StaticCheck in common/arch/
#: register/tload_common.hpp: `if constexpr (caps::IsInt64<DType>)`, signed and unsigned); A6 and Kirin 9030's own
#: TLoad.hpp (Kirin Dev0000 compiles the latter) call the same StaticCheck first, for every tile location
B64_PAD: dict[str, tuple[str, ...]] = {impl: ("int64_t", "uint64_t") for impl in ("a5", "a6", "kirin9030")}
#: the pad values those types admit (pto::PadValue 0 and 1)
B64_PADS = ("Null", "Zero")


def pad_name(pad: str) -> str:
    """PadValue as an enumerator name: a canonical spelling may show the value (`(pto::PadValue)1`)."""
    raw = pad.rsplit(")", 1)[-1].strip() if pad.startswith("(") else pad
    return {"0": "Null", "1": "Zero", "2": "Max", "3": "Min"}.get(raw, raw)


@rule("PTO028", "tload-b64-pad-value", instructions=("TLOAD",), fault="unsupported-dtype", targets=("a5",),
      provenance=(Provenance("header-static", "include/pto/common/arch/register/tload_common.hpp (StaticCheck)",
                             "if constexpr (caps::IsInt64<TileData::DType>()) static_assert TileData::PadVal == "
                             "PadValue::Null || PadValue::Zero (\"only support Null or Zero in B64 mode\"); "
                             "TLOAD_TILE_IMPL calls StaticCheck before its Vec / Mat branches"),
                  Provenance("header-static", A6_LOAD, "calls A5's StaticCheck first"),
                  Provenance("header-static", K9030_LOAD, "calls A5's StaticCheck first"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "the doc does not mention the 64-bit restriction; "
                             "A2/A3's loads (common/arch/memory/tload_common.hpp) have none")),
      own={"a6": ("TLOAD",), "kirin9030": ("TLOAD",)})
def tload_b64_pad_value(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5-family TLOAD into a 64-bit integer tile whose PadValue is neither Null nor Zero.

    ## What it does
    On A5, A6, Kirin 9030 and Kirin Dev0000 the load's static checks accept an `int64_t` / `uint64_t`
    destination tile only with `PadValue::Null` or `PadValue::Zero` (the pad the hardware writes past the
    valid region of a 64-bit row has no Max / Min / custom form). Any tile location: the check precedes
    the load's Vec / Mat dispatch.

    ## Why is this bad?
    The implementation rejects the call with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int64_t, 16, 8, BLayout::RowMajor, 16, DYNAMIC, SLayout::NoneBox, 512, PadValue::Max> t;
    TLOAD(t, g);  // b64 tiles pad with Null or Zero only
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int64_t, 16, 8, BLayout::RowMajor, 16, DYNAMIC, SLayout::NoneBox, 512, PadValue::Zero> t;
    TLOAD(t, g);  // then TFILLPAD / TSEL a sentinel where it matters
    ```
    """
    got = _tile(ctx)
    if got is None or got[1].dtype not in B64_PAD.get(ctx.impl, ()):
        return None
    name, t = got
    pad = pad_name(t.pad)
    return Check(ctx.static(pad not in B64_PADS), f"TLOAD: {name} `{_esc(t.text)}` holds {t.dtype} with "
                 f"PadValue::{pad}; {ctx.target} loads 64-bit tiles with PadValue::Null or Zero only "
                 f"(static_assert)")


#: target -> the tile element types common/constants.hpp gives no PadValueMap entry in that target's build (the
#: primary template static_asserts): pto::int4b_t (common/type.hpp:109, a struct of pto's own, sizeof 1) has none
#: anywhere; the fp8 / fp4 specialisations stand under `#if defined(PTO_NPU_ARCH_A5)` (constants.hpp:450-475), so
#: A6 and Kirin Dev0000 (whose header.hpp renames only float8_e8m0_t and the fp4 names, lines 13-15) have none for
#: the fp8 types they keep; Kirin 9030 / X90 rename every fp8 name to int8_t (header.hpp 13-19), which has entries.
#: Read by TLOAD (PTO035) and the Vec TFILLPAD forms (PTO036); hifloat4x2_t TLOAD calls are left out on A6
#: (ptolint/own_impls.py)
_FP8 = ("float8_e4m3_t", "float8_e5m2_t", "hifloat8_t")
PAD_UNDEFINED: dict[str, tuple[str, ...]] = {
    "a2a3": ("int4b_t",), "a5": ("int4b_t",), "kirin9030": ("int4b_t",), "kirinx90": ("int4b_t",),
    "kirindev0000": ("int4b_t", *_FP8),
    "a6": (*_FP8, "float8_e8m0_t", "float4_e2m1x2_t", "float4_e1m2x2_t", "int4b_t"),
}
_PADS = ("Null", "Zero", "Max", "Min")
#: TLOAD implementations (ctx.impl) whose one-row ZZ L1 load is the MX scale copy that reads the pad value whatever
#: the tile's PadVal (a6/TLoad.hpp:455); A5's copy of it is left out (its IsScale dispatch is not modelled here) and
#: Kirin 9030's TLoad.hpp has no MX path (static_assert !IsScale, kirin9030/TLoad.hpp:224)
_MX_PAD_READ = ("a6",)


def pad_read(t: TileView, tensor_layout: str | None, mx: bool = True) -> bool:
    """Whether the A5-family TLOAD of tile `t` reads PadValueMap<DType, PadVal> (GetPadValue, common/constants.hpp)
    for a PadVal that is not a custom value: a Vec tile whose PadVal is not Null (common/arch/register/
    tload_common.hpp TLoad, before its dispatch); the ND -> ND / DN -> DN L1 copies with Max / Min (a5/TLoad.hpp
    437, 495; a6/TLoad.hpp:152, 210; kirin9030/TLoad.hpp 130, 181); with `mx`, the one-row MX scale load into a ZZ
    L1 tile, whatever the PadVal (a6/TLoad.hpp:455)."""
    pad = pad_name(t.pad)
    if pad not in _PADS:
        return False  # a custom pad value: GetPadValue takes its bits, not the map
    if t.loc == "Vec":
        return pad != "Null"
    if t.loc != "Mat":
        return False
    if mx and t.rows == 1 and t.blayout == "RowMajor" and t.slayout == "RowMajor":
        return True
    nd = t.blayout == "RowMajor" and t.slayout == "NoneBox"
    dn = t.blayout == "ColMajor" and t.slayout == "NoneBox"
    pair = (tensor_layout == "ND" and nd) or (tensor_layout == "DN" and dn)
    return pair and pad in ("Max", "Min")


@rule("PTO035", "tload-pad-value-undefined", instructions=("TLOAD",), fault="unsupported-dtype", targets=("a5",),
      provenance=(Provenance("header-static", "include/pto/common/constants.hpp (PadValueMap, GetPadValue)",
                             "the primary PadValueMap<DType, PadVal> static_asserts sizeof(DType) < 0 ('TLOAD: "
                             "Unsupported DType for PadValue!'); the float8_e4m3 / e5m2 / e8m0, hifloat8 and fp4 "
                             "pair specialisations are declared under `#if defined(PTO_NPU_ARCH_A5)` only; "
                             "pto::int4b_t (common/type.hpp:109) has none in any build"),
                  Provenance("header-static", A6_LOAD + ", " + A5_LOAD + ", " + K9030_LOAD,
                             "GetPadValue<TileData>() is read by the Vec load for PadVal != Null (common/arch/register/"
                             "tload_common.hpp:110), by TLoadCubeND2ND / TLoadCubeDN2DN for PadVal Max / Min, and on "
                             "A6 by TLoadMxCubeAVector (the one-row MX scale load) for every PadVal; a custom pad "
                             "value (PadValueCustom) is encoded without the map"),
                  Provenance("header-static", "include/pto/npu/kirinDev0000/header.hpp (lines 13-15), kirin9030/"
                             "header.hpp (13-19)", "Kirin Dev0000 renames float8_e8m0_t and the fp4 names only: its "
                             "float8_e4m3_t, float8_e5m2_t and hifloat8_t keep their own (entry-less) type; Kirin "
                             "9030 renames every fp8 name to int8_t"),
                  Provenance("corpus", "fixtures/correct_code/TLOAD_MX/mx_scale_loads.cpp", "the one-row "
                             "float8_e8m0_t scale load is kept to A5 there: A6 does not compile it (--headers real)"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "the doc does not tie the pad value to the element "
                             "type")),
      own={"a6": ("TLOAD",), "kirin9030": ("TLOAD",)})
def tload_pad_value_undefined(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD into a tile whose pad value the load reads while the header has no pad constant for its element type.

    ## What it does
    For a destination tile whose element type has no `PadValueMap` entry on the target (`pto::int4b_t` on A5,
    Kirin 9030 and Kirin Dev0000; Kirin Dev0000's `float8_e4m3_t`, `float8_e5m2_t` and `hifloat8_t`; on A6 also
    `float8_e8m0_t` and the fp4 pairs: common/constants.hpp declares the 8-bit float and fp4 entries for A5 builds
    only), reports the loads that look the pad value up: a Vec tile with a PadValue other than Null, an ND -> ND or
    DN -> DN load into L1 with `PadValue::Max` or `Min`, and on A6 the one-row MX scale load (a `1 x k` ZZ L1
    tile, e.g. `float8_e8m0_t` scales) with any PadValue. A custom pad value (`PadValueCustom(...)`) is encoded
    without the table and passes.

    ## Why is this bad?
    The primary `PadValueMap` template rejects the type with a `static_assert`: the kernel does not compile on the
    target (an fp8 load compiles on A5, an int4b_t one nowhere).

    ## Example
    ```cpp
    Tile<TileType::Vec, float8_e4m3_t, 16, 64, BLayout::RowMajor, 16, 48, SLayout::NoneBox, 512,
         PadValue::Zero> t;
    TLOAD(t, g);  // A6, Kirin Dev0000: no PadValueMap<float8_e4m3_t, Zero>
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float8_e4m3_t, 16, 64, BLayout::RowMajor, 16, 48, SLayout::NoneBox, 512,
         PadValue::Null> t;  // or a custom pad value: PadValueCustom(...)
    TLOAD(t, g);
    ```
    """
    got = _tile(ctx)
    if got is None or got[1].dtype not in PAD_UNDEFINED.get(ctx.target, ()):
        return None
    name, t = got
    g = ctx.global_tensor("src")
    if not pad_read(t, g.layout if g is not None else None, mx=ctx.impl in _MX_PAD_READ):
        return None
    return Check(ctx.static(True), f"TLOAD: {name} `{_esc(t.text)}` holds {t.dtype} with PadValue::"
                 f"{pad_name(t.pad)}, which this {t.loc} load looks up in PadValueMap; {ctx.target} has no entry for "
                 f"{t.dtype} (static_assert)")


@rule("PTO036", "fillpad-pad-value-undefined", instructions=("TFILLPAD", "TFILLPAD_INPLACE", "TFILLPAD_EXPAND"),
      fault="unsupported-dtype", targets=("a2a3", "a5"),
      provenance=(Provenance("header-static", "include/pto/common/constants.hpp (PadValueMap, GetPadValue)",
                             "the primary PadValueMap<DType, PadVal> static_asserts sizeof(DType) < 0; no entry for "
                             "pto::int4b_t (common/type.hpp:109) in any build, the fp8 entries under "
                             "`#if defined(PTO_NPU_ARCH_A5)` only (lines 450-475)"),
                  Provenance("header-static", "include/pto/npu/a2a3/TFillPad.hpp (TFillPad line 189, "
                             "TFillPad_Inplace line 236)", "every Vec form reads GetPadValue<TileDataDst>() "
                             "unconditionally after sizeof-only type checks (1, 2 or 4 bytes)"),
                  Provenance("header-static", "include/pto/npu/a5/TFillPad.hpp (TFillPad line 66; every Kirin "
                             "compiles this file)", "the Vec forms' one routine reads GetPadValue<TileDataDst>() "
                             "unconditionally; the Mat form (TFillPad_cube) does not read it"),
                  Provenance("isa-doc", "docs/isa/TFILLPAD.md", "the doc does not tie the pad value to the element "
                             "type")))
def fillpad_pad_value_undefined(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TFILLPAD of a Vec tile whose element type has no pad constant in the header.

    ## What it does
    For the Vec forms (TFILLPAD, TFILLPAD_INPLACE, TFILLPAD_EXPAND), reports a destination tile of an element type
    `PadValueMap` has no entry for on the target (`pto::int4b_t` everywhere; on Kirin Dev0000 also
    `float8_e4m3_t`, `float8_e5m2_t` and `hifloat8_t`, whose entries common/constants.hpp declares for A5 builds
    only) with a named PadValue (Zero, Max or Min; a custom `PadValueCustom(...)` is encoded without the table).
    The fill reads the pad value whatever the valid region; the L1 (Mat) form does not read it.

    ## Why is this bad?
    The primary `PadValueMap` template rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int4b_t, 16, 64, BLayout::RowMajor, 16, 48, SLayout::NoneBox, 512, PadValue::Zero> dst;
    TFILLPAD(dst, src);  // no PadValueMap<int4b_t, Zero>
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64, BLayout::RowMajor, 16, 48, SLayout::NoneBox, 512, PadValue::Zero> dst;
    TFILLPAD(dst, src);  // fill the packed bytes as int8_t / uint8_t (or a custom pad value)
    ```
    """
    t = ctx.tile("dst")
    if t is None or t.loc != "Vec" or t.dtype not in PAD_UNDEFINED.get(ctx.target, ()):
        return None
    pad = pad_name(t.pad)
    if pad not in _PADS or pad == "Null":
        return None  # a custom value bypasses the map; Null is PTO313's static_assert, before the fill
    return Check(ctx.static(True), f"{ctx.builtin}: dst `{_esc(t.text)}` holds {t.dtype} with PadValue::{pad}, "
                 f"which the fill looks up in PadValueMap; {ctx.target} has no entry for {t.dtype} (static_assert)")


_INT = ("int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t")
_A5_CONV_PAIRS = frozenset({("NC1HWC0", "NC1HWC0"), ("FRACTAL_Z", "FRACTAL_Z"), ("NHWC", "NC1HWC0"),
                            ("NCHW", "NC1HWC0"), ("NCHW", "FRACTAL_Z"), ("NCDHW", "FRACTAL_Z_3D"),
                            ("NCDHW", "NDC1HWC0")})
#: implementation -> what CheckConvTileData (the TLOAD of a ConvTile destination) accepts: the tile's element types
#: and the (GlobalTensor layout, ConvTile layout) pairs; the tile must be Mat and both element sizes equal everywhere
CONV_LOAD: dict[str, dict[str, frozenset | tuple]] = {
    "a2a3": {"types": (*_INT, "half", "bfloat16_t", "float"),
             "pairs": frozenset({(lay, lay) for lay in ("NC1HWC0", "FRACTAL_Z", "FRACTAL_Z_3D", "NDC1HWC0")})},
    "a5": {"types": (*_INT, "float8_e4m3_t", "float8_e5m2_t", "half", "bfloat16_t", "float"),
           "pairs": _A5_CONV_PAIRS},
    "a6": {"types": (*_INT, "float8_e4m3_t", "float8_e5m2_t", "half", "bfloat16_t", "float"),
           "pairs": _A5_CONV_PAIRS},
    "kirin9030": {"types": (*_INT, "half", "float"),
                  "pairs": frozenset({("NC1HWC0", "NC1HWC0"), ("FRACTAL_Z", "FRACTAL_Z")})},
}
#: implementation -> the GlobalTensor layouts that send a four-dimensional ConvTile ([C1HW, N/16, 16, C0]) to
#: TLoadFractalZ, which static_asserts the tile's and the tensor's last two static dimensions [16, 32 / sizeof(T)]
CONV_FRACTAL_Z = {"a2a3": ("FRACTAL_Z", "FRACTAL_Z_3D"), "a5": ("FRACTAL_Z",), "a6": ("FRACTAL_Z",),
                  "kirin9030": ("FRACTAL_Z",)}
_CONV_HDR = {"a2a3": "include/pto/npu/a2a3/TLoad.hpp (CheckConvTileData)",
             "a5": "include/pto/npu/a5/TLoad.hpp (CheckConvTileData)",
             "a6": "include/pto/npu/a6/TLoad.hpp (CheckConvTileData)",
             "kirin9030": "include/pto/npu/kirin9030/TLoad.hpp (CheckConvTileData; Kirin Dev0000 compiles it too)"}


@rule("PTO029", "tload-convtile-unsupported", instructions=("TLOAD",), fault="unsupported-path",
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-static", _CONV_HDR["a2a3"], "TLOAD_IMPL sends a ConvTile destination to "
                             "TLOAD_CONVTILE_IMPL: DType int8 / uint8 / int16 / uint16 / int32 / uint32 / half / "
                             "bfloat16 / float, Loc == Mat, equal element sizes, layouts NC1HWC0, FRACTAL_Z, "
                             "FRACTAL_Z_3D or NDC1HWC0 on both sides"),
                  Provenance("header-static", _CONV_HDR["a5"], "also float8_e4m3 / float8_e5m2; layout pairs "
                             "NC1HWC0 / FRACTAL_Z to themselves, NHWC -> NC1HWC0, NCHW -> NC1HWC0 / FRACTAL_Z, NCDHW "
                             "-> FRACTAL_Z_3D / NDC1HWC0"),
                  Provenance("header-static", _CONV_HDR["a6"], "A5's lists"),
                  Provenance("header-static", _CONV_HDR["kirin9030"], "int8..int32 (signed and unsigned), half, "
                             "float; NC1HWC0 and FRACTAL_Z only"),
                  Provenance("header-static", "include/pto/common/arch/register/tload_common.hpp, "
                             "include/pto/npu/a2a3/TLoad.hpp (TLoadFractalZ)", "a four-dimensional ConvTile loaded "
                             "from a FRACTAL_Z tensor (A2/A3 also FRACTAL_Z_3D): static_assert the tile's "
                             "staticShape[2..3] and the tensor's staticShape[3..4] == [16, 32 / sizeof(T)]"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "does not list the ConvTile forms")),
      own={"a6": ("TLOAD",), "kirin9030": ("TLOAD",)}, form={"dst": "ConvTile"})
def tload_convtile_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD into a ConvTile (convolution feature map / weights) that the target's ConvTile load rejects.

    ## What it does
    Reads the destination's `ConvTile<TileType, T, size, Layout, Shape>` type and the GlobalTensor: the
    ConvTile must live in L1 (`TileType::Mat`), hold an element type the target lists (integers of 1, 2 or
    4 bytes, half, float; bfloat16 except on Kirin 9030; A5 / A6 also fp8 e4m3 / e5m2) of the tensor's
    element size, and the tensor's layout must convert to the ConvTile's: A2/A3 the same layout (NC1HWC0,
    FRACTAL_Z, FRACTAL_Z_3D, NDC1HWC0), A5 / A6 also NHWC / NCHW -> NC1HWC0, NCHW -> FRACTAL_Z, NCDHW ->
    FRACTAL_Z_3D / NDC1HWC0, Kirin 9030 / Dev0000 NC1HWC0 and FRACTAL_Z only. A four-dimensional fractal-Z
    ConvTile (`[C1HW, N/16, 16, C0]`) and its tensor must end in the static fractal `[16, 32 / sizeof(T)]`.

    ## Why is this bad?
    The implementation rejects the call with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using Fmap = ConvTile<TileType::Vec, half, 512, Layout::NC1HWC0, ConvTileShape<1, 2, 4, 4, 16>>;
    TLOAD(fmap, g);  // a feature map is loaded into L1 only
    ```

    ## Use instead
    ```cpp
    using Fmap = ConvTile<TileType::Mat, half, 512, Layout::NC1HWC0, ConvTileShape<1, 2, 4, 4, 16>>;
    TLOAD(fmap, g);
    ```
    """
    facts = CONV_LOAD.get(ctx.impl)
    conv = conv_tile(ctx.type_spelling("dst"))
    g = ctx.global_tensor("src")
    if facts is None or conv is None or g is None:
        return None
    loc, dtype, layout = conv
    parts = []
    if loc != "Mat":
        parts.append(f"the ConvTile is TileType::{loc}, needs Mat")
    if dtype not in facts["types"]:
        parts.append(f"its element type {dtype} is not one of {', '.join(facts['types'])}")
    ts, gs = SIZES.get(dtype), SIZES.get(g.dtype)
    if ts is not None and gs is not None and ts != gs:
        parts.append(f"its {ts}-byte elements differ from GlobalTensor `{_esc(g.text)}`'s {gs}-byte {g.dtype}")
    if (g.layout, layout) not in facts["pairs"]:
        parts.append(f"GlobalTensor Layout::{g.layout} does not load into a Layout::{layout} ConvTile")
    shape = conv_tile_shape(ctx.type_spelling("dst"))
    width = SIZES.get(dtype)
    if g.layout in CONV_FRACTAL_Z[ctx.impl] and shape is not None and len(shape[1]) == 4 and width:
        want = [16, 32 // width]
        if shape[1][2:] != want:
            parts.append(f"the fractal-Z ConvTile's last dimensions are {shape[1][2:]}, TLoadFractalZ needs {want}")
        if list(g.spec.shape[3:]) != want:
            parts.append(f"GlobalTensor `{_esc(g.text)}`'s last static dimensions are {list(g.spec.shape[3:])}, "
                         f"TLoadFractalZ needs {want}")
    return Check(ctx.static(bool(parts)), f"TLOAD into dst ConvTile<{loc}, {dtype}, Layout::{layout}>: "
                 + "; ".join(parts) + f" on {ctx.target} (static_assert)")


#: (implementation, GlobalTensor layout, ConvTile layout, ConvTile dimensions or 0 for any) -> (copy routine, its
#: shape PTO_ASSERTs): ("eq", tensor dim, tile dim) Shape_i == the tile's dim j; ("le_c0", i, j) Shape_i <= dim j * C0;
#: ("stride_hw", 2) Stride2 == Shape3 * Shape4; ("max", j, limit) the tile's dim j <= limit; ("burst_hw", C1 dim, H dim,
#: W dim, row stride, plane stride): A2/A3's 5HD / NDC1HWC0 copies take one burst per C1 plane when the tensor's rows
#: are dense (row stride == W * C0, or H == 1), the gap between planes fits 16 bits in 32-byte blocks, C1 <= 4095 and
#: H * W <= 65535, and otherwise one copy per plane of H bursts of W blocks, which asserts H <= 4095 and W <= 65535.
#: The first match decides.
_EQ4 = (("eq", 0, 0), ("eq", 1, 1), ("eq", 2, 2), ("eq", 3, 3))
CONV_SHAPES: list[tuple[tuple[str, str, str, int], tuple[str, tuple]]] = [
    # A5's TLOAD_CONVTILE_IMPL (a5/TLoad.hpp 871-919; Kirin 9030 / Dev0000: kirin9030/TLoad.hpp 289-309)
    (("a5", "NC1HWC0", "*", 0), ("TLoad5HD", _EQ4)),
    (("a5", "FRACTAL_Z", "*", 4), ("TLoadFractalZ", (("eq", 1, 0), ("eq", 2, 1), ("eq", 3, 2), ("eq", 4, 3)))),
    (("a5", "FRACTAL_Z", "*", 0), ("TLoad5HD", _EQ4)),
    (("a5", "NHWC", "*", 0), ("TLoadNHWC", (("eq", 1, 0), ("eq", 2, 2), ("eq", 3, 3), ("le_c0", 4, 1)))),
    (("a5", "NCHW", "NC1HWC0", 0), ("TLoadNCHW", (("eq", 1, 0), ("eq", 3, 2), ("eq", 4, 3), ("le_c0", 2, 1)))),
    (("a5", "NCHW", "FRACTAL_Z", 0), ("TLoadNCHW2FractalZ", (("stride_hw", 2),))),
    (("a5", "NCDHW", "NDC1HWC0", 0), ("TLoadNCDHW2NDC1HWC0", (("eq", 0, 0), ("eq", 3, 3), ("eq", 4, 4)))),
    (("a5", "NCDHW", "FRACTAL_Z_3D", 0), ("TLoadNCDHW2FractalZ3D", (("stride_hw", 2),))),
    (("kirin9030", "NC1HWC0", "*", 0), ("TLoad5HD", _EQ4)),
    (("kirin9030", "FRACTAL_Z", "*", 4), ("TLoadFractalZ", (("eq", 1, 0), ("eq", 2, 1), ("eq", 3, 2), ("eq", 4, 3)))),
    (("kirin9030", "FRACTAL_Z", "*", 0), ("TLoad5HD", _EQ4)),
    # A2/A3 (common/arch/memory/tload_common.hpp 385-405 -> a2a3/TLoad.hpp TLoadFractalZ, its non-4-D branch)
    (("a2a3", "FRACTAL_Z", "*", 5), ("TLoadFractalZ", (("eq", 1, 1), ("eq", 2, 2), ("max", 3, 65535)))),
    (("a2a3", "FRACTAL_Z", "*", 6), ("TLoadFractalZ", (("eq", 1, 1), ("eq", 2, 2), ("max", 3, 65535)))),
    (("a2a3", "FRACTAL_Z_3D", "*", 5), ("TLoadFractalZ", (("eq", 1, 1), ("eq", 2, 2), ("max", 3, 65535)))),
    (("a2a3", "FRACTAL_Z_3D", "*", 6), ("TLoadFractalZ", (("eq", 1, 1), ("eq", 2, 2), ("max", 3, 65535)))),
    # a2a3/TLoad.hpp TLoad5HD (204-250; dst GetShape(0..3) = N, C1, H, W) and TLoadNDC1HWC0 (48-96; N, D, C1, H, W)
    (("a2a3", "NC1HWC0", "NC1HWC0", 5), ("TLoad5HD", (("burst_hw", 1, 2, 3, 2, 1),))),
    (("a2a3", "NDC1HWC0", "NDC1HWC0", 6), ("TLoadNDC1HWC0", (("burst_hw", 2, 3, 4, 3, 2),))),
]
# A6's TLOAD_CONVTILE_IMPL (a6/TLoad.hpp 912-958): A5's NHWC / NCHW / NCDHW copies with the same PTO_ASSERTs (lines
# 664-667, 710-713, 763, 806, 859) and the common TLoadFractalZ; its NC1HWC0 / 5-D FRACTAL_Z branch calls TLoad5HD,
# which common/arch/register/tload_common.hpp:68 only declares (no A6 definition, no assertion to check)
CONV_SHAPES += [(("a6", *key[1:]), out) for key, out in CONV_SHAPES if key[0] == "a5" and out[0] != "TLoad5HD"]

#: A2/A3's one-burst-per-plane ConvTile copy: at most 4095 bursts (C1 planes) and lenBurst = H * W within 16 bits;
#: the strided fallback's burst count (H) and burst length (W) limits
_BURSTS, _BURST_LEN = 4095, 65535


def burst_strided(g, dims: list[int], c0: int, width: int, spec: tuple) -> tuple[object, str] | None:
    """(condition, text) of A2/A3's strided ConvTile copy failing its H / W PTO_ASSERTs: the ConvTile's static H
    or W past the strided limits while the tensor's strides rule out the one-burst-per-plane copy; None when the
    dimensions are DYNAMIC or within the limits."""
    c1d, hd, wd, row, plane = spec
    c1, h, w = dims[c1d], dims[hd], dims[wd]
    if min(c1, h, w) < 0 or (h <= _BURSTS and w <= _BURST_LEN):
        return None
    gap = g.stride[plane] - h * w * c0  # int - unsigned: wraps to a gap past 16 bits when negative
    one_burst = z3.And(z3.Or(z3.BoolVal(h == 1), g.stride[row] == w * c0), gap >= 0, gap * width < 65536 * 32,
                       z3.BoolVal(c1 <= _BURSTS and h * w <= _BURST_LEN))
    return z3.Not(one_burst), (f"H ({h}) <= {_BURSTS} and W ({w}) <= {_BURST_LEN} on its strided path (taken unless "
                               f"Stride{row} == W * C0 = {w * c0} and Stride{plane} - H * W * C0 fits 16 bits in "
                               "32-byte blocks)")


def conv_shape_routine(impl: str, g_layout: str, c_layout: str, dims: int) -> tuple[str, tuple] | None:
    for (i, gl, cl, nd), out in CONV_SHAPES:
        if i == impl and gl == g_layout and cl in ("*", c_layout) and nd in (0, dims):
            return out
    return None


_CONV_SHAPE_HDR = ("include/pto/npu/a5/TLoad.hpp (TLoad5HD 819, TLoadNHWC 587-590, TLoadNCHW 633-636, "
                   "TLoadNCHW2FractalZ 686, TLoadNCDHW2NDC1HWC0 729, TLoadNCDHW2FractalZ3D 782), "
                   "include/pto/common/arch/register/tload_common.hpp (TLoadFractalZ 406)")


@rule("PTO030", "tload-convtile-shape-mismatch", instructions=("TLOAD",), fault="valid-region",
      targets=("a2a3", "a5"), own={"kirin9030": ("TLOAD",), "a6": ("TLOAD",)}, form={"dst": "ConvTile"},
      provenance=(Provenance("header-runtime", _CONV_SHAPE_HDR, "A5: PTO_ASSERT the tensor's extents equal the "
                             "ConvTile's (NC1HWC0 / 5-D FRACTAL_Z: Shape0..3; 4-D FRACTAL_Z: Shape1..4 against "
                             "[C1HW, N/16, 16, C0]; NHWC / NCHW -> NC1HWC0: N, H, W equal and C <= C1 * C0; NCDHW -> "
                             "NDC1HWC0: N, H, W equal) and, for NCHW -> FRACTAL_Z and NCDHW -> FRACTAL_Z_3D, "
                             "Stride2 == Shape3 * Shape4 (H * W loaded whole); debug builds only"),
                  Provenance("header-runtime", "include/pto/npu/a6/TLoad.hpp (TLoadNHWC 664-667, TLoadNCHW 710-713, "
                             "TLoadNCHW2FractalZ 763, TLoadNCDHW2NDC1HWC0 806, TLoadNCDHW2FractalZ3D 859), "
                             "common/arch/register/tload_common.hpp (TLoadFractalZ 406)",
                             "A6: A5's conversions and PTO_ASSERTs, debug builds only; its NC1HWC0 / 5-D FRACTAL_Z "
                             "load calls TLoad5HD, declared (tload_common.hpp:68) but defined for A6 nowhere: no "
                             "shape assertion there"),
                  Provenance("header-runtime", "include/pto/npu/kirin9030/TLoad.hpp (TLoad5HD 247), "
                             "common/arch/register/tload_common.hpp (TLoadFractalZ 406)",
                             "Kirin 9030 and Kirin Dev0000: the NC1HWC0 / FRACTAL_Z loads PTO_ASSERT as A5's, debug "
                             "builds only"),
                  Provenance("header-runtime", "include/pto/npu/a2a3/TLoad.hpp (TLoadFractalZ 272, 275)",
                             "A2/A3 FRACTAL_Z / FRACTAL_Z_3D into a 5-D or 6-D ConvTile: PTO_ASSERT Shape1 == dim 1, "
                             "Shape2 == dim 2 and dim 3 (N) <= 65535 (the burst length field)"),
                  Provenance("header-runtime", "include/pto/npu/a2a3/TLoad.hpp (TLoad5HD 225-226, TLoadNDC1HWC0 "
                             "76-77)", "A2/A3's NC1HWC0 / NDC1HWC0 loads assert H <= 4095 and W <= 65535 on their "
                             "strided path, taken unless the tensor's rows are dense (Stride == W * C0 or H == 1), the "
                             "plane gap fits 16 bits in 32-byte blocks, C1 <= 4095 and H * W <= 65535 (lines 61-62, "
                             "212-213)"),
                  Provenance("isa-doc", "docs/isa/TLOAD.md", "does not describe the ConvTile forms")))
def tload_convtile_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD into a ConvTile from a GlobalTensor whose extents do not match the ConvTile's static shape.

    ## What it does
    For a ConvTile destination the target loads (PTO029 judges which it loads), reads the ConvTile's static
    `ConvTileShape` and compares it with the GlobalTensor's shape the way the target's copy routine asserts:
    an NC1HWC0 (or 5-D FRACTAL_Z) tensor equal in its first four extents, a FRACTAL_Z tensor
    `[1, C1HW, N/16, 16, C0]` equal to a 4-D ConvTile, NHWC / NCHW feature maps with the same N, H and W and
    at most `C1 * C0` channels, NCDHW ones with the same N, H and W; A5's and A6's NCHW -> FRACTAL_Z and NCDHW ->
    FRACTAL_Z_3D loads need `Stride2 == Shape3 * Shape4` (each H x W plane whole); A2/A3's FRACTAL_Z load of
    a 5-D or 6-D ConvTile needs equal H and W and N <= 65535; A2/A3's NC1HWC0 / NDC1HWC0 loads of a ConvTile
    taller than 4095 rows (H) or wider than 65535 (W) need the one-burst-per-plane copy, which the tensor's strides
    choose (rows dense: `Stride == W * C0`; the gap between C1 planes within 16 bits of 32-byte blocks).
    DYNAMIC ConvTile dimensions are not compared; run-time tensor shapes and strides are, and reported only when
    every input reaching the call breaks the relation.

    ## Why is this bad?
    Debug builds stop on a `PTO_ASSERT`. Release builds copy with the tensor's extents and strides into
    the ConvTile's layout: past the ConvTile's storage in L1 when the tensor is larger, leaving stale
    channels or planes when it is smaller, or interleaving the wrong planes when H x W is not contiguous.

    ## Example
    ```cpp
    using Fmap = ConvTile<TileType::Mat, half, 8192, Layout::NC1HWC0, ConvTileShape<1, 2, 8, 8, 16>>;
    using G = GlobalTensor<half, Shape<1, 2, 16, 8, 16>, Stride<4096, 2048, 128, 16, 1>, Layout::NC1HWC0>;
    TLOAD(fmap, g);  // 16 rows of H into a tile of 8
    ```

    ## Use instead
    ```cpp
    using G = GlobalTensor<half, Shape<1, 2, 8, 8, 16>, Stride<2048, 1024, 128, 16, 1>, Layout::NC1HWC0>;
    TLOAD(fmap, g);  // one 8-row band of the feature map per load
    ```
    """
    conv = conv_tile(ctx.type_spelling("dst"))
    shape = conv_tile_shape(ctx.type_spelling("dst"))
    g = ctx.global_tensor("src")
    facts = CONV_LOAD.get(ctx.impl)
    if conv is None or shape is None or g is None or facts is None:
        return None
    loc, dtype, layout = conv
    width = SIZES.get(dtype)
    if loc != "Mat" or dtype not in facts["types"] or not width or width != SIZES.get(g.dtype) or \
            (g.layout, layout) not in facts["pairs"]:
        return None  # PTO029: the load does not compile
    dims = shape[1]
    found = conv_shape_routine(ctx.impl, g.layout, layout, len(dims))
    if found is None:
        return None
    routine, asserts = found
    c0 = 32 // width
    bad, texts = [], []
    for kind, a, *rest in asserts:
        b = rest[0] if rest else None
        if kind in ("eq", "le_c0") and (b >= len(dims) or dims[b] < 0):
            continue  # a DYNAMIC ConvTile dimension: its run-time value is not followed
        if kind == "eq":
            bad.append(g.shape[a] != dims[b])
            texts.append(f"Shape{a} == dim {b} ({dims[b]})")
        elif kind == "le_c0":
            bad.append(g.shape[a] > dims[b] * c0)
            texts.append(f"Shape{a} <= dim {b} * C0 ({dims[b]} * {c0})")
        elif kind == "stride_hw":
            bad.append(g.stride[a] != g.shape[3] * g.shape[4])
            texts.append(f"Stride{a} == Shape3 * Shape4")
        elif kind == "max" and 0 <= dims[a] and dims[a] > b:
            bad.append(z3.BoolVal(True))
            texts.append(f"dim {a} ({dims[a]}) <= {b}")
        elif kind == "burst_hw":
            got = burst_strided(g, dims, c0, width, (a, *rest))
            if got is not None:
                bad.append(got[0])
                texts.append(got[1])
    if not bad:
        return None
    show = {f"s{i}": g.shape[i] for i in range(5)}
    return Check(z3.Or(*bad), f"TLOAD into dst ConvTile {layout} {dims} from GlobalTensor `{_esc(g.text)}` "
                 f"({g.layout}, shape "
                 "{s0} x {s1} x {s2} x {s3} x {s4}): " + routine + " asserts " + "; ".join(texts),
                 show=show, definite=True)


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

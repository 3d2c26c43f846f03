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

from ptolint.rules.global_tensor import MX_A5, MX_A6, MX_SCALE, mx_scale_path

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


@rule("PTO951", "tload-unsupported-dtype", instructions=("TLOAD",), fault="unsupported-dtype",
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-static", A2A3_LOAD, "CheckNormalTileData: static_assert DType in {int8, uint8, "
                             "int16, uint16, int32, uint32, int64, uint64, half, bfloat16, float}"),
                  Provenance("header-static", A5_LOAD, "A5 only requires a 1, 2, 4 or 8-byte element type"),
                  Provenance("header-static", MX_A5, "TLoadMxCubeCheck (MX scale tensor layouts, or a one-row "
                             "row-major ZZ L1 tile): static_assert tile and tensor element types float8_e8m0_t"),
                  Provenance("header-static", MX_A6, "A6's TLoadMxCubeCheck: float8_e8m0_t or uint8_t (MX and HiF4 "
                             "scales)")),
      # Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it) was read: A5's StaticCheck (any 1/2/4/8-byte type) and no
      # MX scale path, so the rule runs there and has nothing to report
      own={"a6": ("TLOAD",), "kirin9030": ("TLOAD",)})
def tload_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD into a tile whose element type the load does not support (A2/A3; A5 / A6 MX scale loads).

    ## What it does
    On A2/A3 the destination tile's element type must be one of int8, uint8, int16, uint16, int32,
    uint32, int64, uint64, half, bfloat16 or float (A5 accepts any 1/2/4/8-byte type, including the
    fp8/fp4 formats). An A5 / A6 MX scale load into L1 (a `Layout::MX_*` or `HIF4_*` tensor, or a one-row
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


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")

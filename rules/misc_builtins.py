"""Miscellaneous builtins (PTO050..): TCI, TTRI, TGATHERB, THISTOGRAM, TRANDOM, TIMG2COL, SET_QUANT_VECTOR, the
FMATRIX / IMG2COL register setters, the GlobalTensor forms of TALLOC / TFREE and single-op TSYNC.

One declarative table per constraint shape (builtin -> operand -> target -> facts), one rule per shape. Facts
read from include/pto/npu/a2a3/*.hpp and include/pto/npu/a5/*.hpp (static_assert = compile error):

- TCI (a2a3/TCI.hpp CheckValid, a5/Tci.hpp CheckValid): dst Rows == 1 on both; dst element type: a2a3 any 2- or
  4-byte type (sizeof check), a5 u/int16 or u/int32; dst DType == T (the start value's type) on both (not
  checked: rules do not see the C type of a scalar operand); a2a3 tmp (4-operand form) float, since its pointer
  initialises a `float*` (a5 never reads tmp).
- TTRI (a2a3/TTri.hpp TTriCheck, a5/TTri.hpp TTRI_IMPL): a2a3 dst in {int32, int16, uint32, uint16, half, float},
  isUpperOrLower in {0, 1}, dst row-major; a5 dst in {u/int64, u/int32, u/int16, u/int8, half, float, bfloat16},
  any non-zero isUpperOrLower builds the upper mask, any layout.
- TGATHERB (a2a3/TGatherB.hpp, a5/TGatherB.hpp): dst element size 1, 2 or 4 bytes on both; a2a3 dst row-major.
- THISTOGRAM (a5/THistogram.hpp, A5 only): dst uint32, src uint16/uint32, idx uint8, src and dst row-major;
  uint16 src: byte BYTE_0/BYTE_1 and idx ColMajor + NoneBox with Cols == 1; uint32 src: idx row-major with
  Rows == 1/2/3 for BYTE_2/BYTE_1/BYTE_0 and idx Cols == src Cols (BYTE_3: idx unused).
- TRANDOM (a5/TRandom.hpp, A5 only): dst int32/uint32, row-major, Rounds 7 or 10 (key/counter: PTO_ASSERT only).
- TIMG2COL (a2a3/TImg2col.hpp, a5/TImg2col.hpp): the ConvTile src is Mat with layout NC1HWC0 or NDC1HWC0, dst is
  Left with SLayout RowMajor and BLayout RowMajor (a2a3) / ColMajor (a5), dst DType == src DType; dst element
  type: a2a3 {int8, half, bfloat16, float}, a5 also u/int16, u/int32 and uint8.
- SET_QUANT_VECTOR (a2a3/a5 SetQuantVector.hpp): the fpTile is TileType::Scaling.
- SETFMATRIX / SET_IMG2COL_RPT / SET_IMG2COL_PADDING (a2a3/a5 SetFmatrix.hpp, SetImg2colRpt.hpp,
  SetImg2colPadding.hpp): only the FMATRIX_A_MANUAL / FMATRIX_B_MANUAL modes write a register; an *_AUTO mode
  compiles to nothing (the AUTO modes are TIMG2COL's own business).
- TALLOC / TFREE with a GlobalTensor (a2a3/a5 TAlloc.hpp, TFree.hpp): the TPipe direction must be C2V, V2C or
  BOTH on a2a3 (V2C_CTRL is rejected) and C2V_GM, V2C_GM or BOTH_GM on a5.
- TSYNC<OpCode>() (a2a3/a5 TSync.hpp + common/event.hpp OpPipeEntry): a5 only accepts ops on the MTE2, MTE3 or
  ALL pipe; every pipe the op table names is accepted on a2a3.

Nothing checked (see bench/coverage.py NO_CONSTRAINTS): SET_QUANT_SCALAR, SYNCALL, TPREFETCH, TPREFETCH_ASYNC,
TGET_SCALE_ADDR, the events form of TSYNC and the plain TFREE(pipe).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

A2 = "include/pto/npu/a2a3/"
A5 = "include/pto/npu/a5/"


@dataclass(frozen=True)
class Sizes:
    """An element-type fact stated as sizeof(DType) values (the header checks sizes, not names)."""

    sizes: frozenset[int]


TypeFact = frozenset[str] | Sizes

_INT16 = frozenset({"int16_t", "uint16_t"})
_INT32 = frozenset({"int32_t", "uint32_t"})

#: builtin -> operand -> target -> accepted element types (a target missing: no type check there)
DTYPES: dict[str, dict[str, dict[str, TypeFact]]] = {
    # TCI tmp (a2a3 only; a5/Tci.hpp never reads tmp): the four TCI_b32/b16 bodies are all instantiated (plain
    # `if`) and each initialises `__ubuf__ float*` from `(__ubuf__ TileDataTmp::DType*)`: only float compiles
    "TCI": {"dst": {"a2a3": Sizes(frozenset({2, 4})), "a5": _INT16 | _INT32}, "tmp": {"a2a3": frozenset({"float"})}},
    "TTRI": {"dst": {
        "a2a3": frozenset({"int32_t", "int16_t", "uint32_t", "uint16_t", "half", "float"}),
        "a5": frozenset({"int64_t", "uint64_t", "int8_t", "uint8_t", "half", "float", "bfloat16_t"}) | _INT16 | _INT32,
    }},
    "TGATHERB": {"dst": {"a2a3": Sizes(frozenset({1, 2, 4})), "a5": Sizes(frozenset({1, 2, 4}))}},
    "THISTOGRAM": {
        "dst": {"a5": frozenset({"uint32_t"})},
        "src": {"a5": frozenset({"uint16_t", "uint32_t"})},
        "idx": {"a5": frozenset({"uint8_t"})},
    },
    "TRANDOM": {"dst": {"a5": _INT32}},
    "TIMG2COL": {"dst": {
        "a2a3": frozenset({"int8_t", "half", "bfloat16_t", "float"}),
        "a5": frozenset({"int8_t", "uint8_t", "half", "bfloat16_t", "float"}) | _INT16 | _INT32,
    }},
}

#: builtin -> operand -> target -> (BLayout, SLayout) the header requires (None: not checked)
LAYOUTS: dict[str, dict[str, dict[str, tuple[str | None, str | None]]]] = {
    "TTRI": {"dst": {"a2a3": ("RowMajor", None)}},
    "TGATHERB": {"dst": {"a2a3": ("RowMajor", None)}},
    "THISTOGRAM": {"src": {"a5": ("RowMajor", None)}, "dst": {"a5": ("RowMajor", None)}},
    "TRANDOM": {"dst": {"a5": ("RowMajor", None)}},
    "TIMG2COL": {"dst": {"a2a3": ("RowMajor", "RowMajor"), "a5": ("ColMajor", "RowMajor")}},
}

#: builtin -> operand -> target -> accepted tile locations
LOCATIONS: dict[str, dict[str, dict[str, frozenset[str]]]] = {
    "SET_QUANT_VECTOR": {"fpTile": {"a2a3": frozenset({"Scaling"}), "a5": frozenset({"Scaling"})}},
    "TIMG2COL": {"dst": {"a2a3": frozenset({"Left"}), "a5": frozenset({"Left"})}},
}

#: builtin -> operand -> targets where the tile must have exactly one row
ONE_ROW: dict[str, dict[str, tuple[str, ...]]] = {
    "TCI": {"dst": ("a2a3", "a5")},
}

#: builtin -> non-type template argument -> target -> accepted values (as the frontend spells them)
TEMPLATE_VALUES: dict[str, dict[str, dict[str, frozenset[str]]]] = {
    "TTRI": {"isUpperOrLower": {"a2a3": frozenset({"0", "1"})}},
    "TRANDOM": {"Rounds": {"a5": frozenset({"7", "10"})}},
}

#: TIMG2COL's ConvTile source: locations and layouts accepted (both targets)
CONV_SRC = {"loc": frozenset({"Mat"}), "layout": frozenset({"NC1HWC0", "NDC1HWC0"})}

#: register setters that only act in a *_MANUAL mode (both targets)
MANUAL_ONLY: dict[str, tuple[str, ...]] = {
    "SETFMATRIX": ("a2a3", "a5"),
    "SET_IMG2COL_RPT": ("a2a3", "a5"),
    "SET_IMG2COL_PADDING": ("a2a3", "a5"),
}
MANUAL_MODES = frozenset({"FMATRIX_A_MANUAL", "FMATRIX_B_MANUAL"})

#: TALLOC / TFREE with a GlobalTensor: the TPipe directions (DirType & 0x7) accepted per target
GM_PIPE_DIRECTIONS: dict[str, dict[str, frozenset[int]]] = {
    "TALLOC": {"a2a3": frozenset({1, 2, 3}), "a5": frozenset({5, 6, 7})},
    "TFREE": {"a2a3": frozenset({1, 2, 3}), "a5": frozenset({5, 6, 7})},
    "TPOP": {"a2a3": frozenset({1, 2, 3}), "a5": frozenset({5, 6, 7})},
    "TPUSH": {"a5": frozenset({5, 6, 7})},  # A2/A3's TPUSH(pipe, gmTensor) only records: no direction check
}
DIRECTION_NAMES = {1: "DIR_C2V", 2: "DIR_V2C", 3: "DIR_BOTH", 4: "DIR_V2C_CTRL", 5: "DIR_C2V_GM", 6: "DIR_V2C_GM",
                   7: "DIR_BOTH_GM", 0: "0"}

#: common/event.hpp OpPipeEntry: Op -> pipe (ops not listed use PIPE_ALL)
OP_PIPES: dict[str, str] = {
    **dict.fromkeys(("TSTORE_MAT", "TSTORE_VEC"), "MTE3"),
    **dict.fromkeys(("MGATHER_MAT", "TEXPANDS_MAT", "TFILLPAD_MAT", "TLOAD", "TPREFETCH"), "MTE2"),
    **dict.fromkeys(("TGEMV", "TMATMUL"), "M"),
    **dict.fromkeys(("TEXTRACT_A2M", "TEXTRACT_V2M", "TINSERT_A2M", "TMOV_A2M", "TMOV_A2V", "TMOV_M2S", "TMOV_V2M",
                     "TSTORE_ACC"), "FIX"),
    **dict.fromkeys(("SCALAR", "SETFMATRIX", "SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "TCI", "TRESHAPE"), "S"),
    **dict.fromkeys(("TEXTRACT_M2LR", "TIMG2COL", "TMOV_M2B", "TMOV_M2L", "TMOV_M2R"), "MTE1"),
    **dict.fromkeys((
        "MGATHER_VEC", "MSCATTER", "TABS", "TADD", "TADDDEQRELU", "TADDRELUCONV", "TADDS", "TAND", "TANDS", "TAXPY",
        "TCMP", "TCMPS", "TCOLARGMAX", "TCOLARGMIN", "TCOLEXPAND", "TCOLEXPANDADD", "TCOLEXPANDDIV",
        "TCOLEXPANDEXPDIF", "TCOLEXPANDMAX", "TCOLEXPANDMIN", "TCOLEXPANDMUL", "TCOLEXPANDSUB", "TCOLMAX", "TCOLMIN",
        "TCOLPROD", "TCOLSUM", "TCONCAT", "TCVT", "TDEINTERLEAVE", "TDEQUANT", "TDIV", "TDIVS", "TEXP", "TEXPANDS",
        "TFILLPAD_VEC", "TFMOD", "TFMODS", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TGATHER", "TGATHERB", "THISTOGRAM",
        "TINTERLEAVE", "TLOG", "TLRELU", "TMAX", "TMAXS", "TMIN", "TMINS", "TMOV_V2V", "TMRGSORT", "TMUL",
        "TMULADDDST", "TMULS", "TNEG", "TNOT", "TOR", "TORS", "TPAIRREDUCESUM", "TPARTADD", "TPARTARGMAX",
        "TPARTARGMIN", "TPARTMAX", "TPARTMIN", "TPARTMUL", "TPOW", "TPOWS", "TPRELU", "TQUANT", "TRANDOM", "TRECIP",
        "TRELU", "TREM", "TREMS", "TROWARGMAX", "TROWARGMIN", "TROWEXPAND", "TROWEXPANDADD", "TROWEXPANDDIV",
        "TROWEXPANDEXPDIF", "TROWEXPANDMAX", "TROWEXPANDMIN", "TROWEXPANDMUL", "TROWEXPANDSUB", "TROWMAX", "TROWMIN",
        "TROWPROD", "TROWSUM", "TRSQRT", "TSCATTER", "TSEL", "TSELS", "TSHL", "TSHLS", "TSHR", "TSHRS", "TSORT32",
        "TSQRT", "TSUB", "TSUBRELU", "TSUBRELUCONV", "TSUBS", "TTRANS", "TTRI", "TXOR", "TXORS", "VECTOR"), "V"),
}
#: single-op TSYNC: pipes each target's TSYNC_IMPL<OpCode> accepts (PTO_STATIC_ASSERT)
TSYNC_PIPES: dict[str, frozenset[str]] = {
    "a2a3": frozenset({"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX", "ALL"}),
    "a5": frozenset({"MTE2", "MTE3", "ALL"}),
    # kirin9030/TSync.hpp (Kirin X90 and Kirin Dev0000 include it, ptolint/own_impls.py): no S or V pipe
    "kirin9030": frozenset({"M", "MTE1", "MTE2", "MTE3", "ALL", "FIX"}),
}


def _targets(table: dict) -> tuple[str, ...]:
    """Every target some entry of a builtin -> operand -> target table names (the rule's `targets`)."""
    out: set[str] = set()
    for per_operand in table.values():
        for per_target in per_operand.values():
            out.update(per_target)
    return tuple(t for t in ("a2a3", "a5") if t in out)


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _accepts(fact: TypeFact, tile: TileView) -> bool:
    if isinstance(fact, Sizes):
        return tile.elem_size in fact.sizes if tile.elem_size else True
    return tile.dtype in fact


def _describe(fact: TypeFact) -> str:
    if isinstance(fact, Sizes):
        return "element size " + " / ".join(f"{s} byte{'s' if s > 1 else ''}" for s in sorted(fact.sizes))
    return ", ".join(sorted(fact))


@rule("PTO050", "misc-dtype-unsupported", instructions=tuple(DTYPES), fault="unsupported-dtype",
      targets=_targets(DTYPES),
      provenance=(Provenance("header-static", A2 + "TCI.hpp, TTri.hpp, TGatherB.hpp, TImg2col.hpp",
                             "CheckValid: sizeof(DType) 2 or 4; TTriCheck type list; TGatherB sizeof 1/2/4 (else "
                             "branch static_assert); Timg2col int8/half/bf16/float"),
                  Provenance("header-static", A2 + "TCI.hpp:60-61, 111-112, 151-152, 208-209", "TCI with tmp: "
                             "`__ubuf__ float* tmp0 = (__ubuf__ typename TileDataTmp::DType*)...` in all four bodies "
                             "(instantiated by a plain if): a tmp element type other than float does not compile"),
                  Provenance("header-static", A5 + "Tci.hpp, TTri.hpp, TGatherB.hpp, THistogram.hpp, TRandom.hpp, "
                             "TImg2col.hpp", "TCI u/int16/32; TTRI list incl. 64/8-bit and bf16; TGATHERB sizeof "
                             "1/2/4; THISTOGRAM dst u32, src u16/u32, idx u8; TRANDOM i32/u32; TIMG2COL list"),
                  Provenance("isa-doc", "docs/isa/TCI.md, TTRI.md, TGATHERB.md, THISTOGRAM.md, TRANDOM.md, "
                             "TIMG2COL.md", "the headers are modelled where the documents list other types")))
def misc_dtype_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCI, TTRI, TGATHERB, THISTOGRAM, TRANDOM or TIMG2COL is given a tile element type its implementation rejects.

    ## What it does
    Checks each tile operand's element type against the target's accepted list: TCI dst (A2/A3: any 2- or
    4-byte type; A5: u/int16, u/int32) and TCI tmp (A2/A3: float, which the implementation uses it as), TTRI dst, TGATHERB dst (1, 2 or 4 bytes), THISTOGRAM (A5: dst uint32,
    src uint16/uint32, idx uint8), TRANDOM (A5: int32/uint32) and TIMG2COL dst (A2/A3: int8, half, bfloat16,
    float; A5 also 16/32-bit integers and uint8).

    ## Why is this bad?
    The implementation rejects the type with a `static_assert` (TCI's tmp: a `float*` initialised from
    tmp's element pointer): the kernel does not compile for that target.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 1, 128> idx;
    TCI<decltype(idx), float, 0>(idx, 0.0f);  // A5: TCI only generates 16/32-bit integers
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 128> idx;
    TCI<decltype(idx), int32_t, 0>(idx, 0);
    ```
    """
    parts = []
    for name, per_target in DTYPES[ctx.builtin].items():
        fact = per_target.get(ctx.impl)
        tile = ctx.tile(name)
        if fact is None or tile is None or _accepts(fact, tile):
            continue
        how = "used as float*" if (ctx.builtin, name) == ("TCI", "tmp") else "static_assert"
        parts.append(f"{name} `{_esc(tile.text)}` is {tile.dtype} ({ctx.target} accepts {_describe(fact)}: {how})")
    return Check(ctx.static(bool(parts)), f"{ctx.builtin}: " + "; ".join(parts))


@rule("PTO051", "misc-layout-unsupported", instructions=tuple(LAYOUTS), fault="unsupported-layout",
      targets=_targets(LAYOUTS),
      provenance=(Provenance("header-static", A2 + "TTri.hpp, TGatherB.hpp, TImg2col.hpp", "static_assert "
                             "TileData::isRowMajor (TTRI dst, TGATHERB dst); TIMG2COL dst SFractal RowMajor && "
                             "isRowMajor"),
                  Provenance("header-static", A5 + "THistogram.hpp, TRandom.hpp, TImg2col.hpp", "THISTOGRAM src/dst "
                             "isRowMajor; TRANDOM dst isRowMajor; TIMG2COL dst SFractal RowMajor && !isRowMajor")))
def misc_layout_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A tile of TTRI, TGATHERB, THISTOGRAM, TRANDOM or TIMG2COL has a layout the target's implementation rejects.

    ## What it does
    Checks the tile's `BLayout` / `SLayout`: TTRI and TGATHERB dst must be row-major on A2/A3, THISTOGRAM src
    and dst and TRANDOM dst row-major on A5, and TIMG2COL's Left dst needs `SLayout::RowMajor` with
    `BLayout::RowMajor` on A2/A3 but `BLayout::ColMajor` on A5.

    ## Why is this bad?
    The implementation rejects the layout with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 64, 64, BLayout::ColMajor> mask;
    TTRI<decltype(mask), 0>(mask, 0);  // A2/A3: TTRI only writes row-major tiles
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 64, 64> mask;
    TTRI<decltype(mask), 0>(mask, 0);
    ```
    """
    parts = []
    for name, per_target in LAYOUTS[ctx.builtin].items():
        need = per_target.get(ctx.impl)
        tile = ctx.tile(name)
        if need is None or tile is None:
            continue
        blayout, slayout = need
        if (blayout is not None and tile.blayout != blayout) or (slayout is not None and tile.slayout != slayout):
            want = " and ".join(x for x in (blayout and f"BLayout::{blayout}", slayout and f"SLayout::{slayout}") if x)
            parts.append(f"{name} `{_esc(tile.text)}` is BLayout::{tile.blayout} / SLayout::{tile.slayout}, "
                         f"{ctx.target} needs {want}")
    return Check(ctx.static(bool(parts)), f"{ctx.builtin}: " + "; ".join(parts) + " (static_assert)")


@rule("PTO052", "misc-tile-location-unsupported", instructions=tuple(LOCATIONS), fault="unsupported-path",
      provenance=(Provenance("header-static", A2 + "SetQuantVector.hpp, TImg2col.hpp", "static_assert Loc == "
                             "Scaling (SET_QUANT_VECTOR fpTile); static_assert Loc == Left (TIMG2COL dst)"),
                  Provenance("header-static", A5 + "SetQuantVector.hpp, TImg2col.hpp", "the same two asserts")))
def misc_tile_location_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    SET_QUANT_VECTOR's tile is not a Scaling tile, or TIMG2COL's destination is not a Left tile.

    ## What it does
    Checks the `TileType`: `SET_QUANT_VECTOR(fpTile)` reads the quantisation vector from a `TileType::Scaling`
    tile, and `TIMG2COL(dst, src)` writes its im2col matrix into L0A (`TileType::Left`).

    ## Why is this bad?
    Both implementations reject other tile types with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, uint64_t, 1, 128> scales;
    SET_QUANT_VECTOR(scales);  // the FPC register needs a Scaling-buffer address
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Scaling, uint64_t, 1, 128> scales;
    SET_QUANT_VECTOR(scales);
    ```
    """
    parts = []
    for name, per_target in LOCATIONS[ctx.builtin].items():
        ok = per_target.get(ctx.impl)
        tile = ctx.tile(name)
        if ok is None or tile is None or tile.loc in ok:
            continue
        parts.append(f"{name} `{_esc(tile.text)}` is TileType::{tile.loc}, needs {' or '.join(sorted(ok))}")
    return Check(ctx.static(bool(parts)), f"{ctx.builtin}: " + "; ".join(parts) + " (static_assert)")


@rule("PTO053", "misc-tile-not-one-row", instructions=tuple(ONE_ROW), fault="invalid-tile",
      provenance=(Provenance("header-static", A2 + "TCI.hpp CheckValid", "static_assert TileData::Rows == 1"),
                  Provenance("header-static", A5 + "Tci.hpp CheckValid", "static_assert TileData::Rows == 1")))
def misc_tile_not_one_row(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TCI's destination tile has more than one row.

    ## What it does
    Checks the static `Rows` of TCI's `dst`: the index sequence is generated into a single row.

    ## Why is this bad?
    Both targets reject any other row count with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 8, 64> idx;
    TCI<decltype(idx), int32_t, 0>(idx, 0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 1, 512> idx;
    TCI<decltype(idx), int32_t, 0>(idx, 0);
    ```
    """
    parts = []
    for name, targets in ONE_ROW[ctx.builtin].items():
        tile = ctx.tile(name)
        if tile is None or ctx.impl not in targets or tile.rows == 1:
            continue
        parts.append(f"{name} `{_esc(tile.text)}` has {tile.rows} rows")
    return Check(ctx.static(bool(parts)), f"{ctx.builtin}: " + "; ".join(parts) + ", the tile must have exactly "
                 "1 row (static_assert)")


@rule("PTO054", "misc-template-arg-unsupported", instructions=tuple(TEMPLATE_VALUES), fault="unsupported-path",
      targets=_targets(TEMPLATE_VALUES),
      provenance=(Provenance("header-static", A2 + "TTri.hpp TTriCheck", "static_assert isUpperOrLower == 0 || "
                             "isUpperOrLower == 1 (A5 has no such check: any non-zero value builds the upper mask)"),
                  Provenance("header-static", A5 + "TRandom.hpp TRANDOM_IMPL", "static_assert Rounds == 10 || "
                             "Rounds == 7")))
def misc_template_arg_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TTRI's `isUpperOrLower` (A2/A3) or TRANDOM's `Rounds` (A5) has a value the implementation rejects.

    ## What it does
    Checks the non-type template argument: TTRI on A2/A3 takes 0 (lower) or 1 (upper); TRANDOM takes 7 or 10
    cipher rounds.

    ## Why is this bad?
    Any other value is rejected with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    TRANDOM<8>(dst, key, counter);  // only 7 or 10 rounds exist
    ```

    ## Use instead
    ```cpp
    TRANDOM<7>(dst, key, counter);
    ```
    """
    parts = []
    for arg, per_target in TEMPLATE_VALUES[ctx.builtin].items():
        ok = per_target.get(ctx.impl)
        value = ctx.template_args.get(arg)
        if ok is None or value is None or value in ok:
            continue
        parts.append(f"{arg} = {value}, {ctx.target} accepts {' or '.join(sorted(ok, key=_num))}")
    return Check(ctx.static(bool(parts)), f"{ctx.builtin}: " + "; ".join(parts) + " (static_assert)")


def _num(s: str) -> tuple[int, str]:
    return (int(s), s) if s.lstrip("-").isdigit() else (0, s)


_CONV = re.compile(r"ConvTile<\s*(?:pto::)?TileType::(\w+)\s*,\s*(.+?)\s*,\s*[^,]+,\s*(?:pto::)?Layout::(\w+)")
_ELEM = {"signed char": "int8_t", "char": "int8_t", "unsigned char": "uint8_t", "short": "int16_t",
         "unsigned short": "uint16_t", "int": "int32_t", "unsigned int": "uint32_t", "__fp16": "half",
         "_Float16": "half", "float16_t": "half", "__bf16": "bfloat16_t"}


def conv_tile(spelling: str | None) -> tuple[str, str, str] | None:
    """(TileType, element type, Layout) of a ConvTile spelling, or None when it is not one."""
    if not spelling:
        return None
    m = _CONV.search(spelling)
    if not m:
        return None
    dtype = re.sub(r"^(?:pto::|::)", "", m.group(2).strip())
    return m.group(1), _ELEM.get(dtype, dtype), m.group(3)


@rule("PTO055", "timg2col-conv-source-unsupported", instructions=("TIMG2COL",), fault="unsupported-path",
      form={"src": "ConvTile"},
      provenance=(Provenance("header-static", A2 + "TImg2col.hpp TIMG2COL_IMPL", "static_assert ConvTileData::Loc "
                             "== Mat; layout NC1HWC0 or NDC1HWC0; DType equal to the destination's"),
                  Provenance("header-static", A5 + "TImg2col.hpp Timg2colConvTileCheck", "the same three asserts")))
def timg2col_conv_source_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TIMG2COL's ConvTile source is not an NC1HWC0 / NDC1HWC0 Mat tile of the destination's element type.

    ## What it does
    Reads the `ConvTile<TileType, T, size, Layout, Shape>` type of `src`: it must live in L1 (`TileType::Mat`),
    use `Layout::NC1HWC0` or `Layout::NDC1HWC0`, and hold the same element type as the Left destination.

    ## Why is this bad?
    Both targets reject the call with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using Fmap = ConvTile<TileType::Mat, half, 4096, Layout::NC1HWC0, ConvTileShape<1, 4, 4, 16, 16>>;
    TileLeft<float, 32, 576> a;
    TIMG2COL(a, fmap);  // half feature map into a float Left tile
    ```

    ## Use instead
    ```cpp
    TileLeft<half, 32, 576> a;
    TIMG2COL(a, fmap);
    ```
    """
    dst = ctx.tile("dst")
    conv = conv_tile(ctx.type_spelling("src"))
    if dst is None or conv is None:
        return None
    loc, dtype, layout = conv
    parts = []
    if loc not in CONV_SRC["loc"]:
        parts.append(f"the ConvTile is TileType::{loc}, needs Mat")
    if layout not in CONV_SRC["layout"]:
        parts.append(f"its layout is Layout::{layout}, needs NC1HWC0 or NDC1HWC0")
    if dtype != dst.dtype:
        parts.append(f"its element type {dtype} differs from dst `{_esc(dst.text)}` ({dst.dtype})")
    return Check(ctx.static(bool(parts)), "TIMG2COL: " + "; ".join(parts) + " (static_assert)")


@rule("PTO056", "histogram-index-shape", instructions=("THISTOGRAM",), fault="invalid-tile", targets=("a5",),
      provenance=(Provenance("header-static", A5 + "THistogram.hpp THISTOGRAM_IMPL", "uint16 src: byte BYTE_0 or "
                             "BYTE_1, idx !isBoxedLayout && !isRowMajor && Cols == 1; uint32 src: BYTE_2/1/0 need a "
                             "row-major idx with Rows 1/2/3 and Cols == src Cols; BYTE_3 no idx check"),))
def histogram_index_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    THISTOGRAM's `byte` / index tile do not match the source element type (A5).

    ## What it does
    For a uint16 source only `HistByte::BYTE_0` and `BYTE_1` exist and the index tile must be a DN column
    (`BLayout::ColMajor`, `SLayout::NoneBox`, one column). For a uint32 source the index tile of the passes
    after the first (BYTE_2, BYTE_1, BYTE_0) must be row-major with 1, 2 or 3 rows and as many columns as the
    source (the radix prefix bytes of every source column).

    ## Why is this bad?
    The implementation rejects any other combination with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, uint32_t, 8, 256> keys;
    Tile<TileType::Vec, uint8_t, 1, 256> prefix;  // BYTE_1 needs the two prefix bytes already decided
    THISTOGRAM<HistByte::BYTE_1>(hist, keys, prefix);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, uint8_t, 2, 256> prefix;
    THISTOGRAM<HistByte::BYTE_1>(hist, keys, prefix);
    ```
    """
    src, idx = ctx.tile("src"), ctx.tile("idx")
    byte = ctx.template_args.get("byte")
    if src is None or idx is None or byte is None:
        return None
    byte = byte.split("::")[-1]
    parts = []
    if src.dtype == "uint16_t":
        if byte not in ("BYTE_0", "BYTE_1"):
            parts.append(f"a uint16 source has no {byte} (BYTE_0 or BYTE_1 only)")
        if not (idx.blayout == "ColMajor" and idx.slayout == "NoneBox" and idx.cols == 1):
            parts.append(f"idx `{_esc(idx.text)}` ({idx.rows}x{idx.cols}, BLayout::{idx.blayout}, "
                         f"SLayout::{idx.slayout}) must be ColMajor + NoneBox with 1 column for a uint16 source")
    elif src.dtype == "uint32_t":
        rows = {"BYTE_2": 1, "BYTE_1": 2, "BYTE_0": 3}.get(byte)
        if rows is not None:
            if idx.blayout != "RowMajor":
                parts.append(f"idx `{_esc(idx.text)}` must be row-major")
            if idx.rows != rows:
                parts.append(f"idx `{_esc(idx.text)}` has {idx.rows} rows, {byte} needs {rows}")
            if idx.cols != src.cols:
                parts.append(f"idx `{_esc(idx.text)}` has {idx.cols} columns, src has {src.cols}")
    else:
        return None  # PTO050 reports the source type
    return Check(ctx.static(bool(parts)), f"THISTOGRAM<{byte}>: " + "; ".join(parts) + " (static_assert)")


@rule("PTO057", "fmatrix-setter-auto-mode", instructions=tuple(MANUAL_ONLY), fault="no-op", severity="warning",
      provenance=(Provenance("header-static", A2 + "SetFmatrix.hpp, SetImg2colRpt.hpp, SetImg2colPadding.hpp",
                             "the body is `if constexpr (FmatrixMode == FMATRIX_A_MANUAL || FMATRIX_B_MANUAL)`: "
                             "nothing else"),
                  Provenance("header-static", A5 + "SetFmatrix.hpp, SetImg2colRpt.hpp, SetImg2colPadding.hpp",
                             "the same: *_AUTO modes write no register")))
def fmatrix_setter_auto_mode(ctx: Ctx) -> Check | None:
    """
    ## Summary
    SETFMATRIX / SET_IMG2COL_RPT / SET_IMG2COL_PADDING called with an `*_AUTO` mode does nothing.

    ## What it does
    Checks the `SetFmatrixMode` template argument of the register setters: only `FMATRIX_A_MANUAL` and
    `FMATRIX_B_MANUAL` write the FMATRIX / repeat / padding registers.

    ## Why is this bad?
    With `FMATRIX_A_AUTO` or `FMATRIX_B_AUTO` the implementation compiles to nothing: the registers keep
    their old values. A later `TIMG2COL` in a MANUAL mode then reads a stale feature-map configuration (in
    an AUTO mode `TIMG2COL` programs the registers itself, which makes the setter call pointless).

    ## Example
    ```cpp
    SETFMATRIX<Fmap, SetFmatrixMode::FMATRIX_B_AUTO>(fmap);  // writes nothing
    TIMG2COL<TileLeft<half, 32, 576>, Fmap, SetFmatrixMode::FMATRIX_B_MANUAL>(a, fmap);
    ```

    ## Use instead
    ```cpp
    SETFMATRIX<Fmap, SetFmatrixMode::FMATRIX_B_MANUAL>(fmap);
    TIMG2COL<TileLeft<half, 32, 576>, Fmap, SetFmatrixMode::FMATRIX_B_MANUAL>(a, fmap);
    ```
    """
    mode = ctx.template_args.get("FmatrixMode")
    if mode is None or ctx.impl not in MANUAL_ONLY[ctx.builtin]:
        return None
    mode = mode.split("::")[-1]
    return Check(ctx.static(mode not in MANUAL_MODES),
                 f"{ctx.builtin} with SetFmatrixMode::{mode} writes no register on {ctx.target} (only "
                 "FMATRIX_A_MANUAL / FMATRIX_B_MANUAL do)")


_PIPE = re.compile(r"\bTPipe<\s*([^,]+?)\s*,\s*([^,]+?)\s*,")
_ESCAPES = {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, "0": 0, "\\": 92, "'": 39}


def template_int(text: str) -> int | None:
    """A uint8 template argument as clang prints it ('\\x05', '\\a', '\\005', 5, (unsigned char)5)."""
    t = re.sub(r"^\((?:unsigned )?char\)|^static_cast<[^>]*>\(|\)$", "", text.strip()).strip()
    m = re.fullmatch(r"'(.*)'", t)
    if not m:
        t = t.rstrip("uUlL")
        return int(t, 0) if re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", t) else None
    body = m.group(1)
    if len(body) == 1:
        return ord(body)
    if body.startswith("\\x"):
        return int(body[2:], 16)
    if re.fullmatch(r"\\[0-7]{1,3}", body):
        return int(body[1:], 8)
    if len(body) == 2 and body[0] == "\\":
        return _ESCAPES.get(body[1])
    return None


def pipe_direction(spelling: str | None) -> int | None:
    """DirType & 0x7 of a `TPipe<FlagID, DirType, ...>` spelling, None for any other type."""
    if not spelling:
        return None
    m = _PIPE.search(spelling)
    if not m:
        return None
    v = template_int(m.group(2))
    return None if v is None else v & 0x7


@rule("PTO058", "pipe-gm-form-direction", instructions=tuple(GM_PIPE_DIRECTIONS), fault="unsupported-path",
      provenance=(Provenance("header-static", A2 + "TAlloc.hpp, TFree.hpp, TPop.hpp (GlobalTensor overloads)",
                             "static_assert Pipe::is_c2v || is_v2c || is_both"),
                  Provenance("header-static", A5 + "TAlloc.hpp, TFree.hpp, TPop.hpp (GlobalTensor overloads)",
                             "static_assert Pipe::is_c2v_gm || is_v2c_gm || is_both_gm"),
                  Provenance("header-static", A5 + "TPush.hpp (TPUSH_IMPL(pipe, gmTensor))", "static_assert "
                             "Pipe::is_c2v_gm || is_v2c_gm || is_both_gm; A2/A3's TPUSH(pipe, gmTensor) only "
                             "records the slot (no check)"),
                  Provenance("header-static", A2 + "TPush.hpp / " + A5 + "TPush.hpp (TPipe)",
                             "DIR_TYPE = DirType & 0x7; C2V 1, V2C 2, BOTH 3, V2C_CTRL 4, C2V_GM 5, V2C_GM 6, "
                             "BOTH_GM 7 (common/fifo.hpp)")))
def pipe_gm_form_direction(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TALLOC / TFREE / TPOP / TPUSH with a GlobalTensor on a TPipe whose direction has no GM FIFO on this target.

    ## What it does
    Reads the TPipe's `DirType` template argument for the GlobalTensor forms `TALLOC(pipe, gmTensor)`,
    `TFREE(pipe, gmTensor)` and `TPOP(pipe, gmTensor)`: A2/A3 accepts `DIR_C2V`, `DIR_V2C` and `DIR_BOTH` (not `DIR_V2C_CTRL`); A5 only
    the GM directions `DIR_C2V_GM`, `DIR_V2C_GM` and `DIR_BOTH_GM`, for `TPUSH(pipe, gmTensor)` too (A2/A3's
    GlobalTensor TPUSH checks no direction).

    ## Why is this bad?
    Any other direction is rejected with a `static_assert`: the kernel does not compile for the target.

    ## Example
    ```cpp
    using Pipe = TPipe<0, Direction::DIR_C2V, 8192, 2>;
    TALLOC<Pipe, Slot, TileSplitAxis::TILE_NO_SPLIT>(pipe, slot);  // A5: the GM form needs DIR_C2V_GM
    ```

    ## Use instead
    ```cpp
    #if defined(PTO_NPU_ARCH_A5)
    using Pipe = TPipe<0, Direction::DIR_C2V_GM, 8192, 2>;
    #else
    using Pipe = TPipe<0, Direction::DIR_C2V, 8192, 2>;
    #endif
    ```
    """
    if ctx.global_tensor("gmTensor") is None and "gmTensor" not in ctx.texts:
        return None
    d = pipe_direction(ctx.type_spelling("pipe"))
    if d is None:
        return None
    ok = GM_PIPE_DIRECTIONS[ctx.builtin].get(ctx.impl)
    if ok is None:
        return None
    return Check(ctx.static(d not in ok),
                 f"{ctx.builtin}(pipe, gmTensor): the TPipe direction is {DIRECTION_NAMES.get(d, str(d))}; "
                 f"{ctx.target} accepts {', '.join(DIRECTION_NAMES[x] for x in sorted(ok))} (static_assert)")


@rule("PTO059", "tsync-op-pipe-unsupported", instructions=("TSYNC",), fault="unsupported-path", targets=("a5",),
      operand_free=True,
      provenance=(Provenance("header-static", A5 + "TSync.hpp TSYNC_IMPL<OpCode>", "PTO_STATIC_ASSERT pipe == "
                             "PIPE_MTE2 || PIPE_MTE3 || PIPE_ALL (not under __PTO_AUTO__)"),
                  Provenance("header-static", "include/pto/common/event.hpp OpPipeEntry", "Op -> pipe table; ops "
                             "without an entry map to PIPE_ALL"),
                  Provenance("header-static", A2 + "TSync.hpp", "A2/A3 accepts S/V/M/MTE1/MTE2/MTE3/FIX/ALL: every "
                             "pipe of the table"),
                  Provenance("header-static", "include/pto/npu/a6/TSync.hpp TSYNC_IMPL<OpCode>", "A6: A5's text "
                             "(GetPipeByOpForA6, the same static_assert; ptolint/own_impls.py)"),
                  Provenance("header-static", "include/pto/npu/kirin9030/TSync.hpp TSYNC_IMPL<OpCode>",
                             "Kirin 9030, Kirin X90 and Kirin Dev0000 (their header.hpp includes this file): "
                             "PTO_STATIC_ASSERT pipe == PIPE_M || "
                             "MTE1 || MTE2 || MTE3 || ALL || FIX (no S or V pipe)")),
      own={"kirin9030": ("TSYNC",)})
def tsync_op_pipe_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    On A5 (and A6, the Kirins), single-op `TSYNC<Op>()` names an operation whose pipe cannot be barriered.

    ## What it does
    Looks up the pipe of `TSYNC<OpCode>()`'s operation in the op table (common/event.hpp): A5 (A6 alike) only
    accepts operations on the MTE2 (loads), MTE3 (vector stores) or ALL pipe; the three Kirins (Kirin 9030's
    TSync.hpp) operations on the M, MTE1, MTE2, MTE3, FIX or ALL pipe, not on S or V.

    ## Why is this bad?
    A5 and A6 reject any other pipe with a `static_assert`: the kernel does not compile. A2/A3 accepts every pipe,
    so the code is not portable.

    ## Example
    ```cpp
    TROWMAX(rowMax, scores, tmp);
    TSYNC<Op::TROWMAX>();  // A5: a vector-pipe barrier is rejected
    ```

    ## Use instead
    ```cpp
    TROWMAX(rowMax, scores, tmp);
    TSYNC<Op::TSTORE_VEC>();  // or an Event<Op::TROWMAX, Op::...> between the two ops
    ```
    """
    op_code = ctx.template_args.get("OpCode")
    if op_code is None:
        return None
    op_code = op_code.split("::")[-1]
    pipe = OP_PIPES.get(op_code, "ALL")
    ok = TSYNC_PIPES[ctx.impl]
    return Check(ctx.static(pipe not in ok),
                 f"TSYNC<Op::{op_code}>: the op runs on PIPE_{pipe}; {ctx.target} single-op TSYNC only supports "
                 f"{' / '.join(sorted(ok))} (static_assert)")

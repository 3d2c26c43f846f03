"""Tile-scalar instructions (PTO701..PTO719): dst = src <op> scalar, and TEXPANDS (dst = scalar).

One declarative table, `TABLE`, instruction -> target -> `Facts`, written from the implementation headers
include/pto/npu/a2a3/T*.hpp and include/pto/npu/a5/T*.hpp; one rule per constraint shape. TDIVS has its
own module (rules/tdivs.py). Parameter names (model header): TADDS/TSUBS/TMULS (dst, src0, scalar);
TMAXS/TMINS/TLRELU/TSHLS/TSHRS/TANDS/TORS/TFMODS (dst, src, scalar); TXORS (dst, src0, scalar, tmp);
TREMS (dst, src, scalar, tmp);
TEXPANDS (dst, scalar).

Facts, per target:
- a2a3 TADDS/TSUBS/TMULS/TMAXS/TMINS/TSHLS/TSHRS (TBinSOp.hpp, TBitwiseSOp.hpp): T = src's type,
  static_assert dst == src type and T in a small set; only src's location is checked (TMAXS also dst's);
  no layout check. TADDS/TSUBS/TMINS compute only when the valid shapes are equal and non-empty
  (otherwise a release build does nothing); the others always compute over dst's valid shape.
- a5 (TAddS.hpp, TMulS.hpp, ...): T = dst's type, static_assert T in a wider set and both tiles Vec;
  no dst == src type check (src's buffer is cast to T*), except TANDS/TORS/TXORS which check equality,
  a 1/2/4-byte element size and row-major layouts; computes over dst's valid shape.
- TLRELU: half/float only, both tiles Vec on both targets.
- a2a3 TREMS (float/int32) and TFMODS (float): equal types, both Vec, both row-major; compute over dst's
  valid shape.
- a5 TREMS (sizeof 2/4/8) and TFMODS (sizeof 2/4) (TRemS.hpp, TFModS.hpp): static_assert equal types, the
  element size and both tiles Vec; no layout check; compute over dst's valid shape.
- `Facts.equal`: the valid dimensions each implementation PTO_ASSERTs equal between src and dst (A2/A3 TMULS,
  TMAXS, TLRELU, TREMS, TFMODS rows and columns, the last two also non-empty, TSHLS/TSHRS columns and non-empty; A5 every
  form rows and columns except TMULS/TMAXS/TMINS, columns only): a difference traps in debug builds even where
  src's region covers dst's.
- a2a3 TANDS/TORS (TBitwiseSOp.hpp) are TEXPANDS(dst, scalar) then TAND/TOR(dst, src, dst): dst's type in
  TEXPANDS' set, dst Vec or Mat (TEXPANDS; TAnd/TOr check no location), src's type == dst's and both
  row-major (TAndCheck/TOrCheck static_asserts). TXORS adds TNOT(dst, dst): dst must be Vec (TunaryCheck) and
  not float (TNOT_IMPL's 16-bit reinterpretation then disagrees with TUnaryOp's: a C++ type error). Outside
  `__PTO_AUTO__` they (and TXOR, a2a3/TXor.hpp) PTO_ASSERT that dst, the sources and tmp are at different
  addresses (PTO707).
  (A5 TCMPS/TSELS are in rules/elementwise.py.)
- TEXPANDS: one tile, Vec or Mat, a dtype set per target.
- TAXPY (dst, src0, scalar): dst += src0 * scalar. Both targets: T = dst's type in {half, float}, src0 of
  the same type or half with a float dst; A2/A3 checks src0's location and computes only on equal, non-empty
  valid shapes; A5 checks dst's location and computes over dst's valid shape.
TADDSC/TSUBSC (and TADDC/TSUBC) are declared in pto_instr.hpp but no target header implements them: not
modelled here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ptolint import z3lazy as z3
from ptolint.ir import Const
from ptolint.ruleset import Check, Ctx, Provenance, TileView, own_facts, rule

# ---- the table ----------------------------------------------------------------------------------

A2A3_ARITH = ("int32_t", "int16_t", "half", "float")
A2A3_SHIFT = ("int32_t", "int16_t", "uint32_t", "uint16_t")
A5_ADD = ("int64_t", "uint64_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t", "half",
          "float", "bfloat16_t")
A5_MUL = ("int64_t", "uint64_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "half", "float", "bfloat16_t")
A5_SHIFT = ("int64_t", "uint64_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t")
FLOATS = ("half", "float")
A2A3_EXPANDS = ("uint8_t", "int8_t", "uint16_t", "int16_t", "uint32_t", "int32_t", "half", "bfloat16_t", "float")
A5_EXPANDS = ("int64_t", "uint64_t") + A2A3_EXPANDS
#: a2a3 TNOT_IMPL (TUnaryOp.hpp) does not compile for float: its 16-bit reinterpretation disagrees with TUnaryOp's
A2A3_NOT = tuple(t for t in A2A3_EXPANDS if t != "float")
#: element types by size, for the checks that test sizeof(T) only
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2, "int32_t": 4,
         "uint32_t": 4, "float": 4, "int64_t": 8, "uint64_t": 8, "double": 8}


@dataclass(frozen=True)
class Facts:
    """What one target's implementation of one instruction checks and does."""

    types: tuple[str, ...] | None  # accepted element types (None: not checked by name)
    typed: str  # which operand's type is checked: "dst" or "src"
    same: bool  # static_assert dst type == src type
    vec: tuple[str, ...]  # roles ("dst", "src") whose location is static_asserted
    valid: str | None  # "skip": computes only when valid shapes are equal; "dst": over dst's valid shape
    where: str  # header
    locs: tuple[str, ...] = ("Vec",)
    sizes: tuple[int, ...] = ()  # accepted sizeof(T) when the check is by size
    row_major: bool = False  # static_assert both tiles row-major
    mixed: tuple[tuple[str, str], ...] = ()  # (dst, src) type pairs accepted besides equal types
    equal: tuple[str, ...] = ()  # valid dimensions ("row", "col") of src and dst the implementation PTO_ASSERTs equal
    positive: bool = False  # the same PTO_ASSERTs also require dst's valid rows and columns > 0
    row_major_types: tuple[str, ...] = ()  # element types for which a Vec tile must be row-major (static_assert)


_RC = ("row", "col")


def _a2(types, hdr, valid, vec=("src",), equal=()) -> Facts:
    # every A2/A3 form here also asserts a non-empty dst: TMULS / TMAXS / TLRELU directly, TADDS / TSUBS / TMINS in
    # the `else` arm of their compute-or-skip test (PTO_ASSERT(false))
    return Facts(types, "src", True, vec, valid, "include/pto/npu/a2a3/" + hdr, equal=equal, positive=True)


def _a2_shift(hdr: str) -> Facts:
    return Facts(A2A3_SHIFT, "src", True, ("src",), "dst", "include/pto/npu/a2a3/" + hdr, equal=("col",),
                 positive=True)


def _a2_bitwise(types, impl: str, locs: tuple[str, ...]) -> Facts:
    """a2a3 TANDS/TORS (TBitwiseSOp.hpp): TEXPANDS(dst, scalar) then TAND/TOR(dst, src, dst); TXORS chains TORS(tmp,
    src), TANDS(dst, src), TNOT(dst, dst) and TAND(dst, dst, tmp), so dst must also be Vec and not float."""
    return Facts(types, "dst", True, ("dst",), "dst", f"include/pto/npu/a2a3/TBitwiseSOp.hpp (TEXPANDS, {impl})",
                 locs=locs, row_major=True)


def _a5(types, hdr, same=False, equal=_RC) -> Facts:
    return Facts(types, "dst", same, ("dst", "src"), "dst", "include/pto/npu/a5/" + hdr, equal=equal)


TABLE: dict[str, dict[str, Facts]] = {
    "TADDS": {"a2a3": _a2(A2A3_ARITH, "TAddS.hpp", "skip"), "a5": _a5(A5_ADD, "TAddS.hpp")},
    "TSUBS": {"a2a3": _a2(A2A3_ARITH, "TSubS.hpp", "skip"), "a5": _a5(A5_ADD, "TSubS.hpp")},
    "TMULS": {"a2a3": _a2(A2A3_ARITH, "TMulS.hpp", "dst", equal=_RC), "a5": _a5(A5_MUL, "TMulS.hpp", equal=("col",))},
    "TMAXS": {"a2a3": _a2(A2A3_ARITH, "TMaxS.hpp", "dst", ("dst", "src"), _RC),
              "a5": _a5(A5_ADD, "TMaxs.hpp", equal=("col",))},
    "TMINS": {"a2a3": _a2(A2A3_ARITH, "TMins.hpp", "skip"), "a5": _a5(A5_ADD, "TMins.hpp", equal=("col",))},
    "TLRELU": {"a2a3": _a2(FLOATS, "TLRelu.hpp", "dst", ("dst", "src"), _RC), "a5": _a5(FLOATS, "TLRelu.hpp")},
    # TShiftCheck asserts non-empty dst and src and equal columns (and dst's valid rows equal to src's valid
    # *columns*: not modelled); a non-empty dst with an empty src is a src that does not cover it
    "TSHLS": {"a2a3": _a2_shift("TBitwiseSOp.hpp (TShiftCheck)"), "a5": _a5(A5_SHIFT, "TShlS.hpp")},
    "TSHRS": {"a2a3": _a2_shift("TBitwiseSOp.hpp (TShiftCheck)"), "a5": _a5(A5_SHIFT, "TShrS.hpp")},
    "TREMS": {"a2a3": Facts(("float", "int32_t"), "dst", True, ("dst", "src"), "dst", "include/pto/npu/a2a3/TRemS.hpp",
                            row_major=True, equal=_RC, positive=True),
              "a5": Facts(None, "dst", True, ("dst", "src"), "dst", "include/pto/npu/a5/TRemS.hpp", sizes=(2, 4, 8),
                          equal=_RC)},
    "TFMODS": {"a2a3": Facts(("float",), "dst", True, ("dst", "src"), "dst", "include/pto/npu/a2a3/TFmodS.hpp",
                             row_major=True, equal=_RC, positive=True),
               "a5": Facts(None, "dst", True, ("dst", "src"), "dst", "include/pto/npu/a5/TFModS.hpp", sizes=(2, 4),
                           equal=_RC)},
    "TANDS": {"a2a3": _a2_bitwise(A2A3_EXPANDS, "TAND", ("Vec", "Mat")),
              "a5": Facts(None, "dst", True, (), "dst", "include/pto/npu/a5/TAndS.hpp", sizes=(1, 2, 4),
                          row_major=True, equal=_RC)},
    "TORS": {"a2a3": _a2_bitwise(A2A3_EXPANDS, "TOR", ("Vec", "Mat")),
             "a5": Facts(None, "dst", True, (), "dst", "include/pto/npu/a5/TOrS.hpp", sizes=(1, 2, 4),
                         row_major=True, equal=_RC)},
    "TXORS": {"a2a3": _a2_bitwise(A2A3_NOT, "TORS, TANDS, TNOT and TAND", ("Vec",)),
              "a5": Facts(None, "dst", True, (), "dst", "include/pto/npu/a5/TXorS.hpp", sizes=(1, 2, 4),
                          row_major=True, equal=_RC)},
    "TAXPY": {"a2a3": Facts(FLOATS, "dst", True, ("src",), "skip", "include/pto/npu/a2a3/TAxpy.hpp",
                            mixed=(("float", "half"),), positive=True),
              "a5": Facts(FLOATS, "dst", True, ("dst",), "dst", "include/pto/npu/a5/TAxpy.hpp",
                          mixed=(("float", "half"),), equal=_RC)},
    "TEXPANDS": {
        "a2a3": Facts(A2A3_EXPANDS, "dst", False, ("dst",), None, "include/pto/npu/a2a3/TExpandS.hpp",
                      locs=("Vec", "Mat")),
        # a Vec dst of 64-bit integers takes Int64Fill, which static_asserts a row-major tile (TExpandS.hpp 46)
        "a5": Facts(A5_EXPANDS, "dst", False, ("dst",), None, "include/pto/npu/a5/TExpandS.hpp", locs=("Vec", "Mat"),
                    row_major_types=("int64_t", "uint64_t")),
    },
}
# ---- the newer targets' own implementation files (Rule.own: the rules run there for these builtins) ----------
#: Kirin Dev0000 TRemSCheck / TFModSCheck: equal types, sizeof 2 or 4 but not int32/uint32 (no integer vdiv), both
#: tiles Vec, no layout check; TREMS_IMPL / TFMODS_IMPL PTO_ASSERT equal valid shapes, then compute over dst's
_KD_REM = tuple(t for t in SIZES if SIZES[t] in (2, 4) and t not in ("int32_t", "uint32_t"))
for _op, _hdr in (("TREMS", "TRemS.hpp"), ("TFMODS", "TFModS.hpp")):
    TABLE[_op]["kirindev0000"] = Facts(_KD_REM, "dst", True, ("dst", "src"), "dst",
                                       "include/pto/npu/kirinDev0000/" + _hdr, equal=_RC)
# Kirin 9030 TRemSCheck: equal types, sizeof 2 or 4, both tiles Vec; the same PTO_ASSERT and domain
TABLE["TREMS"]["kirin9030"] = Facts(None, "dst", True, ("dst", "src"), "dst", "include/pto/npu/kirin9030/TRemS.hpp",
                                    sizes=(2, 4), equal=_RC)
# Kirin 9030 TSubS.hpp (every Kirin's TSUBS): T = dst's type, 8/16/32-bit integers, half, float; both tiles Vec; no
# type equality (src's buffer goes to A5's BinaryInstr as a T*, which takes Src::DType*: as on A5 another source
# type matches no overload); PTO_ASSERT equal valid rows and cols, then computes over dst's valid shape
K9030_SUBS = ("int32_t", "int16_t", "int8_t", "uint32_t", "uint16_t", "uint8_t", "half", "float")
TABLE["TSUBS"]["kirin9030"] = Facts(K9030_SUBS, "dst", False, ("dst", "src"), "dst",
                                    "include/pto/npu/kirin9030/TSubS.hpp", equal=_RC)
# a5/TFModS.hpp in Kirin 9030's / X90's #else branch (ptolint/own_impls.py _A5_ELSE): A5's checks, no HIGH_PRECISION
TABLE["TFMODS"]["kirin9030"] = TABLE["TFMODS"]["a5"]
#: implementations whose TBinSOp-based forms take src's buffer as dst's element type and so reject another source
#: type with no matching BinaryInstr (except on A5's 64-bit path)
_BINARY_INSTR = ("a5", "kirin9030")
INSTR = tuple(TABLE)
TWO_TILE = tuple(k for k in TABLE if k != "TEXPANDS")
LAYOUT_CHECKED = tuple(k for k, v in TABLE.items() if any(f.row_major or f.row_major_types for f in v.values()))
DOC = "docs/isa/<INSTR>.md"



def _facts(ctx: Ctx) -> Facts | None:
    return TABLE.get(ctx.builtin, {}).get(ctx.impl)


def _ops(ctx: Ctx) -> tuple[Facts, TileView, TileView | None] | None:
    """(facts, dst, src) for a call of the family on a target the table models, else None."""
    facts = _facts(ctx)
    dst = ctx.tile("dst")
    if facts is None or dst is None:
        return None
    src = ctx.tile("src0") or ctx.tile("src")
    if src is None and ctx.builtin != "TEXPANDS":
        return None
    return facts, dst, src


def _type_ok(facts: Facts, dtype: str) -> bool:
    if facts.types is not None:
        return dtype in facts.types
    return SIZES.get(dtype, 0) in facts.sizes


def _static_errors(facts: Facts, dst: TileView, src: TileView | None) -> bool:
    """Whether the target's static_asserts reject the call (run-time rules then do not apply)."""
    tiles = {"dst": dst, "src": src}
    checked = tiles["src"] if facts.typed == "src" and src is not None else dst
    if not _type_ok(facts, checked.dtype):
        return True
    if src is not None and facts.same and src.dtype != dst.dtype and (dst.dtype, src.dtype) not in facts.mixed:
        return True
    if any(tiles[r] is not None and tiles[r].loc not in facts.locs for r in facts.vec):
        return True
    return any(t is not None and _needs_row_major(facts, t) and not t.is_row_major for t in (dst, src))


def _needs_row_major(facts: Facts, t: TileView) -> bool:
    return facts.row_major or (t.loc == "Vec" and t.dtype in facts.row_major_types)


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _srcname(ctx: Ctx) -> str:
    return "src0" if ctx.tile("src0") is not None else "src"


_A2A3_PROV = Provenance("header-static", "include/pto/npu/a2a3/{TAddS,TSubS,TMulS,TMaxS,TMins,TLRelu,TBitwiseSOp,"
                        "TExpandS}.hpp", "static_assert T (= src's type) in a per-instruction set; TANDS/TORS/TXORS: "
                        "TEXPANDS' set on dst (TXORS: not float, TNOT_IMPL then passes a float* where an int16_t* is "
                        "expected, a C++ error rather than a static_assert)")
_A5_PROV = Provenance("header-static", "include/pto/npu/a5/{TAddS,TSubS,TMulS,TMaxs,TMins,TLRelu,TShlS,TShrS,TAndS,"
                      "TOrS,TXorS,TExpandS}.hpp", "static_assert T (= dst's type) in a per-instruction set; "
                      "TANDS/TORS/TXORS only test sizeof(T) in {1, 2, 4}; TFModS.hpp:93 sizeof 2/4, TRemS.hpp:100 "
                      "sizeof 2/4/8")


_OWN_HDRS = "include/pto/npu/kirinDev0000/{TRemS,TFModS}.hpp, include/pto/npu/kirin9030/{TRemS,TSubS}.hpp"
_OWN_PROV = Provenance("header-static", _OWN_HDRS, "TRemSCheck / TFModSCheck: static_assert Dst::DType == "
                       "Src::DType, sizeof(T) 2 or 4 (Kirin Dev0000: not int32/uint32, no integer vdiv), dst and src "
                       "Vec; no layout check; TSUBS_IMPL (Kirin 9030's file, on every Kirin): T = dst's type in "
                       "{int8..uint32, half, float}, dst and src Vec, no type equality check, but src goes to A5's "
                       "BinaryInstr (TBinSOp.hpp) as a T*, which takes Src::DType*: another source type matches no "
                       "overload (TABLE[instr]['kirindev0000' / 'kirin9030'])")
_OWN_RUNTIME = Provenance("header-runtime", _OWN_HDRS, "TREMS_IMPL / TFMODS_IMPL / TSUBS_IMPL: PTO_ASSERT src valid "
                          "rows and cols == dst's, then compute over dst's valid shape reading src with its own row "
                          "stride")


@rule("PTO701", "tile-scalar-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype",
      own=own_facts(TABLE, INSTR),
      provenance=(_OWN_PROV, _A2A3_PROV, _A5_PROV,
                  Provenance("header-static", "include/pto/npu/{a2a3,a5}/TAxpy.hpp", "TAXPY: static_assert dst "
                             "half/float, src0 == dst or (dst float, src0 half); a2a3 src0 Vec, a5 dst Vec"),
                  Provenance("isa-doc", DOC, "docs/isa/TADDS.md etc. list the same sets; a5 TMULS rejects "
                             "int8/uint8 while TADDS/TSUBS/TMAXS/TMINS accept them: the headers are modelled")))
def tile_scalar_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Tile-scalar instruction element type not supported on this target.

    ## What it does
    Checks the element type of TADDS, TSUBS, TMULS, TMAXS, TMINS, TLRELU, TSHLS, TSHRS, TANDS, TORS, TXORS,
    TEXPANDS, TAXPY (half/float dst), TREMS and TFMODS (A2/A3: float/int32, float; A5: 2/4/8- and 2/4-byte
    types) against the set each
    target's implementation accepts. A2/A3 accepts only int32, int16, half and float for the arithmetic forms (uint32/uint16 instead of half/float for shifts); A5 also
    accepts 8-bit, unsigned, 64-bit and bfloat16 types for most of them (not 8-bit for TMULS). TLRELU
    takes half or float only.

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> src, dst;
    TMULS(dst, src, (int8_t)3);  // int8 is rejected on both targets
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> src, dst;  // widen first (TCVT)
    TMULS(dst, src, (int16_t)3);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    role = "src" if facts.typed == "src" and src is not None else "dst"
    t = src if role == "src" else dst
    if _type_ok(facts, t.dtype):
        return None
    ok = ", ".join(facts.types) if facts.types is not None else \
        "element types of " + "/".join(str(s) for s in facts.sizes) + " bytes"
    name = _srcname(ctx) if role == "src" else "dst"
    return Check(ctx.static(True), f"{ctx.builtin}: {name} `{_esc(t.text)}` has element type {t.dtype}, not supported "
                 f"on {ctx.target} (supported: {ok})")


@rule("PTO702", "tile-scalar-dtype-mismatch", instructions=TWO_TILE, fault="dtype-mismatch",
      own=own_facts(TABLE, TWO_TILE),
      provenance=(_OWN_PROV,
                  Provenance("header-static", "include/pto/npu/a2a3/{TAddS,TSubS,TMulS,TMaxS,TMins,TLRelu,"
                             "TBitwiseSOp,TRemS,TFmodS}.hpp, TAnd.hpp:76, TOr.hpp:66",
                             "static_assert Dst::DType == Src::DType (TANDS/TORS/TXORS through TAND/TOR)"),
                  Provenance("header-static", "include/pto/npu/a5/{TAndS,TOrS,TXorS}.hpp, TRemS.hpp:98, "
                             "TFModS.hpp:92", "static_assert Dst::DType == Src::DType"),
                  Provenance("header-static", "include/pto/npu/a5/{TAddS,TSubS,TMulS,TMaxs,TMins,TLRelu,TShlS,"
                             "TShrS}.hpp:47 -> TBinSOp.hpp:285", "a5, dst not 64-bit: src's buffer is cast to "
                             "__ubuf__ Dst::DType* and passed where BinaryInstr takes __ubuf__ Src::DType*: no "
                             "matching function (a compile error, not a static_assert)"),
                  Provenance("hazard", "include/pto/npu/a5/{TAddS,TSubS,TMulS,TMaxs,TMins,TShlS,TShrS}.hpp:43",
                             "a5, int64/uint64 dst: Int64Scalar takes both buffers as Dst::DType*, so src is read as "
                             "dst's type (compiles; the finding says the headers do not check it)")))
def tile_scalar_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Tile-scalar source and destination element types differ.

    ## What it does
    Compares the source tile's and `dst`'s element types for TADDS, TSUBS, TMULS, TMAXS, TMINS, TLRELU,
    TSHLS, TSHRS, TANDS, TORS, TXORS and TAXPY (which also accepts a half source with a float dst).

    ## Why is this bad?
    On A2/A3 (and for A5's bitwise forms) a `static_assert` rejects the call. On A5 the arithmetic forms
    check nothing: the source's memory is read as the destination's element type, so every result is
    computed from reinterpreted bits.

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;
    TADDS(dst, src, (half)1.0f);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> srcF;
    TCVT(srcF, src, RoundMode::CAST_NONE);
    TADDS(dst, srcF, 1.0f);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if src is None or src.dtype == dst.dtype or (dst.dtype, src.dtype) in facts.mixed:
        return None
    if facts.same:
        extra = "".join(f" or a {s} source with a {d} dst" for d, s in facts.mixed)
        why = f"{ctx.target} requires equal types{extra} (static_assert)"
    else:
        if _static_errors(facts, dst, src):
            return None
        if ctx.impl in _BINARY_INSTR and dst.dtype not in ("int64_t", "uint64_t"):
            why = (f"{ctx.impl} casts the source's buffer to __ubuf__ {dst.dtype}* but BinaryInstr (TBinSOp.hpp:285) "
                   "takes "
                   f"__ubuf__ {src.dtype}*: no matching function, the kernel does not compile")
        else:
            why = f"{ctx.target} does not check it and reads the source as {dst.dtype} (64-bit path)"
    return Check(ctx.static(True), f"{ctx.builtin}: {_srcname(ctx)} `{_esc(src.text)}` is {src.dtype} but dst "
                 f"`{_esc(dst.text)}` is {dst.dtype}; {why}")


@rule("PTO703", "tile-scalar-operand-not-vec", instructions=INSTR, fault="unsupported-path",
      own=own_facts(TABLE, INSTR),
      provenance=(_OWN_PROV,
                  Provenance("header-static", "include/pto/npu/a2a3/{TAddS,TSubS,TMulS,TMins,TBitwiseSOp}.hpp",
                             "static_assert Src::Loc == Vec only (dst's location is not checked)"),
                  Provenance("header-static", "include/pto/npu/a2a3/{TMaxS,TLRelu}.hpp and a5 headers",
                             "static_assert Dst::Loc == Vec and Src::Loc == Vec (a5 TRemS.hpp:99, TFModS.hpp:95)"),
                  Provenance("header-static", "include/pto/npu/a2a3/TBitwiseSOp.hpp -> TExpandS.hpp, TUnaryOp.hpp:248",
                             "TANDS/TORS: dst Vec or Mat (TEXPANDS); TXORS: dst Vec (TNOT)"),
                  Provenance("header-static", "include/pto/npu/{a2a3,a5}/TExpandS.hpp", "static_assert Loc is Vec "
                             "or Mat"),
                  Provenance("isa-doc", DOC, "docs say both tiles must be Vec; A2/A3 only checks the source for "
                             "TADDS/TSUBS/TMULS/TMINS/TSHLS/TSHRS, so only that is reported there")))
def tile_scalar_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A tile-scalar operand is in a location the instruction rejects.

    ## What it does
    Checks that the tiles the target's implementation checks are `TileType::Vec` (TEXPANDS: Vec or Mat).
    A2/A3 checks only the source of TADDS, TSUBS, TMULS, TMINS, TSHLS, TSHRS and TAXPY; A5 checks both
    tiles (TAXPY: only dst).

    ## Why is this bad?
    These instructions run on the vector unit; the implementation rejects other locations with a
    `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 16, 64> src;
    Tile<TileType::Vec, float, 16, 64> dst;
    TMULS(dst, src, 2.0f);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> src;  // TLOAD / TMOV it into UB first
    TMULS(dst, src, 2.0f);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    tiles = {"dst": ("dst", dst), "src": (_srcname(ctx), src)}
    bad = [f"{n} `{_esc(t.text)}` is TileType::{t.loc}" for r in facts.vec for n, t in (tiles[r],)
           if t is not None and t.loc not in facts.locs]
    if not bad:
        return None
    where = " or ".join(f"TileType::{loc}" for loc in facts.locs)
    return Check(ctx.static(True), f"{ctx.builtin}: " + "; ".join(bad) + f" (must be {where} on {ctx.target})")


@rule("PTO704", "tile-scalar-valid-shape-mismatch", instructions=TWO_TILE, fault="valid-region",
      own=own_facts(TABLE, TWO_TILE),
      provenance=(_OWN_RUNTIME,
                  Provenance("header-runtime", "include/pto/npu/a2a3/{TAddS,TSubS,TMins,TAxpy}.hpp", "PTO_ASSERT valid "
                             "rows/cols equal; computes only when they are equal and non-zero, else PTO_ASSERT(false) "
                             "(an empty dst traps too), so a release build silently does nothing"),
                  Provenance("header-runtime", "include/pto/npu/a2a3/{TMulS,TMaxS,TLRelu,TBitwiseSOp,TRemS,TFmodS}.hpp "
                             "and include/pto/npu/a5/{TAddS,TSubS,TMulS,TMaxs,TMins,TLRelu,TShlS,TShrS,TRemS,TFModS,"
                             "TAndS,TOrS,TXorS,TAxpy}.hpp", "PTO_ASSERT valid shapes equal (a5 TMULS/TMAXS/TMINS and "
                             "a2a3 TSHLS/TSHRS: columns only; every a2a3 form: also non-empty), then always computes "
                             "over dst's valid shape, reading the source outside its valid region when it is "
                             "smaller"),
                  Provenance("isa-doc", DOC, "src and dst valid shapes must match")))
def tile_scalar_valid_shape_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Tile-scalar source and destination valid shapes disagree at run time.

    ## What it does
    Compares the source's `GetValidRow()/GetValidCol()` with `dst`'s on the path reaching the call (dst's
    valid region not empty). For A2/A3 TADDS, TSUBS, TMINS and TAXPY any difference is reported; for the others
    a source whose valid region does not cover dst's, and any difference in a dimension the implementation
    asserts equal (A5: rows and columns, TMULS/TMAXS/TMINS columns only; A2/A3 TMULS, TMAXS, TLRELU, TREMS,
    TFMODS: rows and columns; TSHLS/TSHRS columns). Every A2/A3 form also asserts a non-empty dst: an
    empty dst is reported there too.

    ## Why is this bad?
    The equality is a `PTO_ASSERT`: a debug build traps on any difference. In release builds A2/A3
    TADDS/TSUBS/TMINS then skip the whole instruction, leaving dst unwritten; the other forms compute over
    dst's valid shape and read source rows or columns that hold stale data when the source's region is
    the smaller one.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows);
    Tile<TileType::Vec, float, 16, 64> dst;  // always 16 valid rows
    TADDS(dst, src, 1.0f);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> src(rows), dst(rows);
    TADDS(dst, src, 1.0f);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if src is None or facts.valid is None or _static_errors(facts, dst, src):
        return None
    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    if facts.valid == "skip":
        violated = z3.Or(z3.And(nonempty, z3.Or(src.valid_row != dst.valid_row, src.valid_col != dst.valid_col)),
                         z3.Not(nonempty) if facts.positive else z3.BoolVal(False))
        effect = (f"{ctx.target} PTO_ASSERTs equal, non-empty valid shapes (debug builds trap) and silently skips "
                  f"{ctx.builtin} in release builds")
    else:
        pair = {"row": (src.valid_row, dst.valid_row), "col": (src.valid_col, dst.valid_col)}
        differs = [s != d for s, d in (pair[k] for k in facts.equal)]
        violated = z3.Or(z3.And(nonempty, z3.Or(src.valid_row < dst.valid_row, src.valid_col < dst.valid_col,
                                                *differs)),
                         z3.Not(nonempty) if facts.positive else z3.BoolVal(False))
        effect = f"{ctx.target} computes over dst's valid shape and reads the source outside its valid region"
        if facts.equal:
            dims = " and ".join(f"{k}s" for k in facts.equal)
            must = " (and non-empty)" if facts.positive else ""
            effect = (f"{ctx.target} PTO_ASSERTs equal valid {dims}{must} (debug builds trap), then computes over "
                      f"dst's valid shape (reading the source outside its valid region where it is smaller)")
    sn = _srcname(ctx)
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col,
            f"{sn}_validRow": src.valid_row, f"{sn}_validCol": src.valid_col}
    rel = "differs from (or, empty, breaks the non-empty assert of)" if facts.positive else "differs from"
    msg = (f"{ctx.builtin}: {sn} `{_esc(src.text)}` valid shape {{{sn}_validRow}}x{{{sn}_validCol}} {rel} dst "
           f"`{_esc(dst.text)}` valid shape {{dst_validRow}}x{{dst_validCol}}; {effect}")
    return Check(violated, msg, show)


@rule("PTO705", "tile-scalar-not-row-major", instructions=LAYOUT_CHECKED, fault="unsupported-layout",
      own=own_facts(TABLE, LAYOUT_CHECKED),
      provenance=(_OWN_PROV,
                  Provenance("header-static", "include/pto/npu/a5/{TAndS,TOrS,TXorS}.hpp", "static_assert "
                             "Dst::isRowMajor && Src::isRowMajor"),
                  Provenance("header-static", "include/pto/npu/a2a3/{TRemS,TFmodS}.hpp", "static_assert "
                             "Dst::isRowMajor && Src::isRowMajor"),
                  Provenance("header-static", "include/pto/npu/a2a3/TBitwiseSOp.hpp -> TAnd.hpp:79, TOr.hpp:69",
                             "TANDS/TORS/TXORS: TAND/TOR static_assert dst and src row-major"),
                  Provenance("header-static", "include/pto/npu/a5/TExpandS.hpp (TExpandS)", "a5 TEXPANDS of a Vec "
                             "int64_t / uint64_t tile: static_assert TileData::isRowMajor (line 46, the Int64Fill "
                             "path); other element types switch rows and columns for a column-major tile")))
def tile_scalar_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Tile-scalar operand is not row-major where the implementation requires it.

    ## What it does
    Checks that `dst` and the source tile have `BLayout::RowMajor` for the bitwise tile-scalar
    instructions (TANDS, TORS, TXORS; on A2/A3 through TAND/TOR) and A2/A3's TREMS and TFMODS, and
    that an A5 TEXPANDS into a Vec tile of 64-bit integers has a row-major dst.

    ## Why is this bad?
    The implementation rejects other layouts with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 64, 16, BLayout::ColMajor> src, dst;
    TANDS(dst, src, 0xFF);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> src, dst;
    TANDS(dst, src, 0xFF);
    ```
    """
    ops = _ops(ctx)
    if ops is None:
        return None
    facts, dst, src = ops
    if not facts.row_major and not facts.row_major_types:
        return None
    bad = [f"{n} `{_esc(t.text)}` is BLayout::{t.blayout}" for n, t in (("dst", dst), (_srcname(ctx), src))
           if t is not None and _needs_row_major(facts, t) and not t.is_row_major]
    if not bad:
        return None
    return Check(ctx.static(True), f"{ctx.builtin}: " + "; ".join(bad) + f" (must be BLayout::RowMajor on {ctx.target})")


#: TEXPANDS of a Mat tile fills the whole tile in one create_cbuf_matrix of Rows * Cols * sizeof / 32 blocks; the
#: repeat field holds at most this many (A2/A3 TExpandS.hpp 106, A5 93: static_assert, the count cast to uint16_t)
EXPANDS_MAX_REPEAT = 32767


@rule("PTO727", "texpands-mat-tile-too-large", instructions=("TEXPANDS",), fault="extent-limit",
      provenance=(Provenance("header-static", "include/pto/npu/a5/TExpandS.hpp (TExpandsTile, line 93); "
                             "include/pto/npu/a2a3/TExpandS.hpp (line 106)",
                             "static_assert repeatTimes in [1, 32767], repeatTimes = uint16_t(Rows * Cols * "
                             "sizeof(T) / 32) of the Mat tile: a larger tile does not compile; it is reachable with a "
                             "tile that fits its buffer only on Kirin X90 (1 MiB L1: a whole-L1 tile is 32768 "
                             "blocks), elsewhere PTO901 reports the tile first"),
                  Provenance("isa-doc", "docs/isa/TEXPANDS.md", "Mat tiles are filled whole")))
def texpands_mat_too_large(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXPANDS of a Mat (L1) tile of more than 32767 32-byte blocks.

    ## What it does
    For a Mat `dst`, computes the tile's storage in 32-byte blocks (`Rows * Cols * sizeof(T) / 32`) and
    flags more than 32767 (the count is cast to `uint16_t` first, as the header does).

    ## Why is this bad?
    The fill is one `create_cbuf_matrix` whose repeat field holds at most 32767 blocks; the header
    `static_assert`s the count: the kernel does not compile. On Kirin X90 a Mat tile of the whole 1 MiB L1
    fits its buffer but is 32768 blocks.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 512, 1024, BLayout::ColMajor, 512, 1024, SLayout::RowMajor> l1;   // 1 MiB
    TEXPANDS(l1, (half)0);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Mat, half, 256, 1024, BLayout::ColMajor, 256, 1024, SLayout::RowMajor> half1, half2;
    TEXPANDS(half1, (half)0);
    TEXPANDS(half2, (half)0);
    ```
    """
    dst = ctx.tile("dst")
    if dst is None or dst.loc != "Mat" or ctx.impl not in ("a2a3", "a5"):
        return None
    size = dst.elem_size or SIZES.get(dst.dtype, 0)
    blocks = (dst.rows * dst.cols * size // 32) % 65536
    if not size or blocks <= EXPANDS_MAX_REPEAT:
        return None
    return Check(ctx.static(True), f"TEXPANDS: Mat tile `{_esc(dst.text)}` is {dst.rows} x {dst.cols} {dst.dtype}: "
                                   f"{dst.rows * dst.cols * size // 32} 32-byte blocks, the fill takes at most "
                                   f"{EXPANDS_MAX_REPEAT}")


#: the ConvTile dimensions whose product the Mat fill of a ConvTile counts, per implementation and ConvTile layout
#: (dst.GetShape(i), -1 past the ConvTile's own dimensions): A2/A3 TExpandsMat5HD shape0..4 for every layout; A5
#: TExpandsConvTile 0..4 for NC1HWC0 / FRACTAL_Z, 0..5 for NDC1HWC0 / FRACTAL_Z_3D (other layouts: no fill)
CONV_FILL_DIMS = {"a2a3": {"*": 5}, "a5": {"NC1HWC0": 5, "FRACTAL_Z": 5, "NDC1HWC0": 6, "FRACTAL_Z_3D": 6}}


def conv_fill_blocks(impl: str, layout: str, dims: list[int], size: int) -> int | None:
    """repeatTimes of the ConvTile fill as the header computes it: the product of dst.GetShape(0..n-1) (-1 past
    the ConvTile's dimensions) times sizeof(T) as uint64, / 32, cast to uint16; None when there is no fill or a
    dimension is DYNAMIC."""
    table = CONV_FILL_DIMS.get(impl, {})
    n = table.get(layout, table.get("*"))
    if n is None or any(d < 0 for d in dims):
        return None
    product = 1
    for i in range(n):
        product *= dims[i] if i < len(dims) else -1
    return ((product * size) % 2 ** 64 // 32) % 65536


@rule("PTO728", "texpands-convtile-fill-count", instructions=("TEXPANDS",), fault="extent-limit",
      form={"dst": "ConvTile"},
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-runtime", "include/pto/npu/a2a3/TExpandS.hpp (TExpandsMat5HD, line 127; "
                             "TEXPANDS_IMPL 162-165)", "A2/A3: repeatTimes = uint16_t(shape0 * .. * shape4 * sizeof(T) "
                             "/ 32) of dst.GetShape(0..4) (-1 past the ConvTile's dimensions), PTO_ASSERT within [1, "
                             "32767], debug builds only; the fill then writes repeatTimes & 0x7FFF blocks"),
                  Provenance("header-runtime", "include/pto/npu/a5/TExpandS.hpp (TExpandsConvTile, lines 128, 138)",
                             "A5 (and the Kirins, which include the file): the same count over GetShape(0..4) for "
                             "NC1HWC0 / FRACTAL_Z ConvTiles, GetShape(0..5) for NDC1HWC0 / FRACTAL_Z_3D, PTO_ASSERT "
                             "within [1, 32767], debug builds only; release builds fill the count's low 15 bits of "
                             "blocks"),
                  Provenance("isa-doc", "docs/isa/TEXPANDS.md", "does not describe ConvTile destinations")))
def texpands_convtile_fill_count(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TEXPANDS of a ConvTile whose fill count, as the implementation computes it, is outside [1, 32767].

    ## What it does
    For a Mat ConvTile destination with a static `ConvTileShape`, computes the fill's repeat count the way
    the target does: the product of `dst.GetShape(i)` for i = 0..4 (A2/A3, and A5 for NC1HWC0 / FRACTAL_Z;
    0..5 for A5's NDC1HWC0 / FRACTAL_Z_3D) times `sizeof(T)`, in 32-byte blocks, cast to `uint16_t`.
    `GetShape` returns -1 past the ConvTile's own dimensions, so a four-dimensional fractal-Z ConvTile
    `[C1HW, N/16, 16, C0]` yields a negative product and a wrapped count. DYNAMIC dimensions are not followed.

    ## Why is this bad?
    Debug builds stop on the `PTO_ASSERT`. Release builds program the count's low 15 bits into the fill
    instruction: blocks past the ConvTile are overwritten in L1 (or too few are filled).

    ## Example
    ```cpp
    using Wt = ConvTile<TileType::Mat, half, 16384, Layout::FRACTAL_Z, ConvTileShape<8, 4, 16, 16>>;
    TEXPANDS(wt, (half)0);  // GetShape(4) is -1: the count wraps to 65024 blocks
    ```

    ## Use instead
    ```cpp
    using Wt = ConvTile<TileType::Mat, half, 16384, Layout::FRACTAL_Z, ConvTileShape<8, 4, 16, 16>>;
    using Flat = Tile<TileType::Mat, half, 512, 16, BLayout::ColMajor, 512, 16, SLayout::RowMajor>;  // same bytes
    Flat flat;
    TASSIGN(flat, 0x0);  // the ConvTile's address
    TEXPANDS(flat, (half)0);
    ```
    """
    from ptolint.rules.misc_builtins import conv_tile
    from ptolint.rules.rearrange_runtime import conv_tile_shape

    if ctx.tile("dst") is not None or ctx.impl not in ("a2a3", "a5"):
        return None
    conv, shape = conv_tile(ctx.type_spelling("dst")), conv_tile_shape(ctx.type_spelling("dst"))
    facts = TABLE["TEXPANDS"].get(ctx.impl)
    if conv is None or shape is None or facts is None or conv[0] != "Mat" or conv[1] not in (facts.types or ()):
        return None
    size = SIZES.get(conv[1], 0)
    blocks = conv_fill_blocks(ctx.impl, conv[2], shape[1], size) if size else None
    if blocks is None or 1 <= blocks <= EXPANDS_MAX_REPEAT:
        return None
    return Check(ctx.static(True), f"TEXPANDS: ConvTile {conv[2]} {shape[1]} of {conv[1]}: the fill counts "
                                   f"{blocks} 32-byte blocks (the product of dst.GetShape(0..), -1 past the "
                                   f"ConvTile's {len(shape[1])} dimensions, cast to uint16), outside [1, "
                                   f"{EXPANDS_MAX_REPEAT}]")


# ---- PTO706: A2/A3 TREM / TREMS scratch tile (the tile-tile TREM's facts are rules/elementwise.py's) ----------
_REM_A2 = "include/pto/npu/a2a3/"
#: A2/A3 TRemCheck: the mask offset is a whole dst row stride, the mask takes 2 elements per 64 (vcmpvs bits)
_TREM_REPEAT = 64


def _trem_need(dst: TileView) -> int:
    """The tmp valid columns A2/A3 TRemCheck asserts: dst's RowStride + 2 * ceil(RowStride / 64)."""
    stride = dst.cols  # a row-major dst (static_assert'ed): RowStride == Cols
    return stride + 2 * -(-stride // _TREM_REPEAT)


def _rem_compiles(ctx: Ctx) -> bool:
    """Whether A2/A3's static_asserts accept this TREM / TREMS call (tmp's own type is never checked)."""
    if ctx.builtin == "TREM":
        from ptolint.rules.elementwise import FACTS as _EW
        from ptolint.rules.elementwise import _compile_errors

        f = _EW["TREM"].get(ctx.impl)
        return f is not None and ctx.tile("src0") is not None and ctx.tile("src1") is not None and \
            not _compile_errors(ctx, f)
    ops = _ops(ctx)
    return ops is not None and ops[2] is not None and not _static_errors(*ops)


@rule("PTO706", "rem-tmp-too-small", instructions=("TREM", "TREMS"), targets=("a2a3",), fault="tmp-undersized",
      provenance=(Provenance("header-runtime", _REM_A2 + "TRem.hpp (TRemCheck)",
                             "PTO_ASSERT tmp.GetValidCol() >= Dst::RowStride + CeilDivision(Dst::RowStride, 64) * 2 "
                             "(row 0 of tmp holds the quotient, the comparison mask follows at tmp + RowStride); "
                             "release builds compute the quotient into tmp's first validCols elements and write the "
                             "mask (a 256-byte vector_dup, then the compare bits) at tmp + dst's RowStride elements, "
                             "past tmp's storage when it is shorter"),
                  Provenance("header-runtime", _REM_A2 + "TRemS.hpp (TREMS_IMPL)",
                             "PTO_ASSERT tmp.GetValidCol() >= dst.GetValidCol() and tmp.GetValidRow() >= 1; release "
                             "builds reuse tmp's first dst.GetValidCol() elements as scratch for every row (the "
                             "broadcast scalar, the quotient, the compare mask), past tmp's storage when it is shorter"),
                  Provenance("header-runtime", "include/pto/npu/a5/TRem.hpp, TRemS.hpp; include/pto/npu/kirin9030/"
                             "TRem.hpp, TRemS.hpp; include/pto/npu/kirinDev0000/TRem.hpp, TRemS.hpp",
                             "a5: no assertion on tmp (the A5-family files compute in registers): no rule there"),
                  Provenance("isa-doc", "docs/isa/TREM.md, docs/isa/TREMS.md", "tmp is a scratch tile; the docs give "
                             "no size, the A2/A3 headers assert the bounds above")))
def rem_tmp_too_small(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TREM / TREMS: the tmp tile's valid region is too small for the scratch the implementation uses.

    ## What it does
    For `TREM(dst, src0, src1, tmp)` checks that tmp has at least `RowStride + 2 * ceil(RowStride / 64)`
    valid columns, `RowStride` being dst's row stride (its `Cols`): the quotient goes to tmp's first row
    and the sign-fix comparison mask right after one dst row's worth of elements. For
    `TREMS(dst, src, scalar, tmp)` checks that tmp has at least dst's valid columns and at least one
    valid row. Run-time valid regions (DYNAMIC tiles) are followed along the path.

    ## Why is this bad?
    Debug builds stop on a `PTO_ASSERT`. Release builds use tmp's memory anyway: TREM writes the
    comparison mask at `tmp + RowStride` and TREMS uses `dst.GetValidCol()` elements of tmp for every
    row, so a shorter tmp lets the scratch run into whatever the kernel placed after it in the Unified
    Buffer.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 128> x, y, r;
    Tile<TileType::Vec, float, 1, 128> tmp;  // 128 columns: TREM needs 128 + 2 * 2 = 132
    TREM(r, x, y, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 1, 256, BLayout::RowMajor, 1, 132> tmp;  // >= RowStride + 2 * ceil(RowStride / 64)
    TREM(r, x, y, tmp);
    ```
    """
    dst, tmp = ctx.tile("dst"), ctx.tile("tmp")
    if dst is None or tmp is None or ctx.impl != "a2a3" or not _rem_compiles(ctx):
        return None
    if ctx.builtin == "TREM":
        need = _trem_need(dst)
        return Check(tmp.valid_col < need,
                     f"TREM: tmp `{_esc(tmp.text)}` has {{tmp_validCol}} valid columns; A2/A3 needs dst `"
                     f"{_esc(dst.text)}`'s row stride {dst.cols} + 2 * ceil({dst.cols} / 64) = {need} (the quotient "
                     f"row, then the comparison mask at tmp + {dst.cols})", {"tmp_validCol": tmp.valid_col})
    violated = z3.Or(tmp.valid_col < dst.valid_col, tmp.valid_row < 1)
    return Check(violated, f"TREMS: tmp `{_esc(tmp.text)}` valid shape {{tmp_validRow}}x{{tmp_validCol}}; A2/A3 needs "
                 f"at least 1 row and dst `{_esc(dst.text)}`'s {{dst_validCol}} valid columns (its per-row scratch)",
                 {"tmp_validRow": tmp.valid_row, "tmp_validCol": tmp.valid_col, "dst_validCol": dst.valid_col})


#: A2/A3's bitwise composites (a2a3/TBitwiseSOp.hpp, a2a3/TXor.hpp): the operand pairs whose `data()` the
#: implementation PTO_ASSERTs different (model-header parameter names)
_BITWISE_DISTINCT: dict[str, tuple[tuple[str, str], ...]] = {
    "TANDS": (("dst", "src"),),
    "TORS": (("dst", "src"),),
    "TXORS": (("dst", "src0"), ("dst", "tmp"), ("src0", "tmp")),
    "TXOR": (("dst", "src0"), ("dst", "src1"), ("dst", "tmp"), ("src0", "tmp"), ("src1", "tmp")),
}
_IDENT = re.compile(r"[A-Za-z_]\w*")


def same_storage(a: TileView, b: TileView) -> bool:
    """Whether two tile operands certainly share their first byte (`a.data() == b.data()`): the same variable, the
    same TASSIGN placement (copies and TRESHAPE views share one), or two placements at the same constant address in
    one buffer. Anything else (run-time addresses) is not decided."""
    x, y = a.operand, b.operand
    if _IDENT.fullmatch(x.name) and x.name == y.name:
        return True
    if x.binding and x.binding == y.binding:
        return True
    return a.loc == b.loc and isinstance(x.addr, Const) and isinstance(y.addr, Const) and \
        int(x.addr.value) == int(y.addr.value)


@rule("PTO707", "bitwise-operands-share-storage", instructions=tuple(_BITWISE_DISTINCT), targets=("a2a3",),
      fault="live-overlap",
      provenance=(Provenance("header-runtime", _REM_A2 + "TBitwiseSOp.hpp (TANDS_IMPL, TORS_IMPL, TXORS_IMPL, lines "
                             "98-130)", "PTO_ASSERT dst.data() != src.data() (TXORS: dst, src, tmp pairwise), outside "
                             "__PTO_AUTO__, debug builds only; TANDS / TORS first fill dst with the scalar "
                             "(TEXPANDS_IMPL), then TAND / TOR(dst, src, dst): with src at dst's address the fill "
                             "overwrites the source before it is read"),
                  Provenance("header-runtime", _REM_A2 + "TXor.hpp (TXorCheck, lines 43-46)",
                             "PTO_ASSERT dst, src0, src1 and tmp pairwise apart (src0 and src1 may share); TXOR "
                             "writes tmp = src0 | src1, then dst = src0 & src1 and reads tmp and the sources again"),
                  Provenance("header-runtime", "include/pto/npu/a5/TBitwiseSOp.hpp",
                             "A5's register implementation has no such assertion: no rule there"),
                  Provenance("isa-doc", "docs/isa/TANDS.md, TORS.md, TXORS.md, TXOR.md",
                             "the docs do not mention the restriction; the A2/A3 headers assert it")))
def bitwise_operands_share_storage(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TANDS / TORS / TXORS / TXOR called in place: dst and a source (or the tmp tile) share storage.

    ## What it does
    Checks that the operands the A2/A3 implementation needs apart are at different addresses: `TANDS` /
    `TORS(dst, src, scalar)` dst and src; `TXORS(dst, src, scalar, tmp)` dst, src and tmp pairwise;
    `TXOR(dst, src0, src1, tmp)` dst, src0, src1 and tmp pairwise (the two sources may be the same tile).
    Reported when two of them certainly share their first byte: the same tile passed twice, copies of one
    tile or TRESHAPE views of it, or two TASSIGN placements at the same constant address. Placements at
    run-time addresses are not compared.

    ## Why is this bad?
    Debug builds stop on a `PTO_ASSERT`. Release builds run the composite anyway: TANDS / TORS first fill
    dst with the scalar and then combine dst with src, so an in-place call reads the scalar back instead
    of the source (every element becomes `scalar & scalar`); TXOR / TXORS overwrite a source or the tmp
    result with an intermediate the next step still needs. Wrong results, no error.

    ## Example
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> mask;
    TANDS(mask, mask, 0x00ff);  // A2/A3: the fill overwrites the source first
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> mask, low;
    TANDS(low, mask, 0x00ff);  // a separate destination
    ```
    """
    pairs = _BITWISE_DISTINCT.get(ctx.builtin, ())
    for a_name, b_name in pairs:
        a, b = ctx.tile(a_name), ctx.tile(b_name)
        if a is not None and b is not None and same_storage(a, b):
            return Check(ctx.static(True), f"{ctx.builtin}: {a_name} `{_esc(a.text)}` and {b_name} `{_esc(b.text)}` "
                         f"share storage; the A2/A3 implementation needs them at different addresses (debug builds "
                         f"trap on its PTO_ASSERT, release builds overwrite {b_name if a_name == 'dst' else a_name} "
                         f"before reading it)")
    return None

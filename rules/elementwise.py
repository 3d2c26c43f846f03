"""Elementwise tile-tile instructions (PTO601..): TADD TSUB TMUL TDIV TMAX TMIN TAND TOR TXOR TSHL TSHR
TREM TFMOD TPRELU TSEL TCMP, the partial ops TPARTADD/MAX/MIN/MUL and the fused float ops TSUBRELU,
TFUSEDMULADD, TFUSEDMULADDRELU, TMULADDDST.

One declarative table, `FACTS[instruction][target]`, written from include/pto/npu/a2a3/T*.hpp and
include/pto/npu/a5/T*.hpp (what the target checks, not what docs/isa/*.md says), and one rule function per
constraint shape. Operand names are the model header's: (dst, src0, src1) for the binary ops, plus `tmp`
for TXOR/TREM/TPRELU, (dst, selMask, src0, src1, tmp) for TSEL, (dst, src0, src1, cmpMode) for TCMP.

What the headers do, in short:
- each `T<Op>Check` static_asserts an element-type list (or a sizeof set) for one operand, equal element
  types between some operands and row-major layouts; a type/equality check that is missing on one target
  means the other operand's UB address is simply cast to the checked operand's element type;
- the valid shapes are compared only with `PTO_ASSERT` (debug builds); a release build iterates over dst's
  valid shape (TCMP: src0's) and reads every input with its own row stride, so an input whose valid region
  is smaller than the domain contributes stale data (or memory past its storage);
- A2/A3 TCMP compares int32 tiles with `vcmpv_eq` whatever `cmpMode` says (NE is then inverted).

Later additions to the same table: TCMPS (dst, src0, src1 scalar or tile, mode: src1 only read once, the
domain is src0's valid shape, A2/A3 int32 again always compares for equality), TSELS (dst, mask, src, tmp,
scalar), TPAIRREDUCESUM (dst, src0: pairwise sums of src0 over dst's valid shape), the converting fused ops
TADDRELUCONV/TSUBRELUCONV (an allowed (src, dst) element-type pair list) and TADDDEQRELU (fixed types),
TPOW (dst, base, exp, tmp) / TPOWS (dst, base, exp scalar, tmp) whose A5 type list depends on the
`PrecisionType` template argument, and TPARTARGMAX/TPARTARGMIN (dst, src0, src1 values; dstIdx, src0Idx,
src1Idx indices of an element type tied to the value type). TADDC/TSUBC/TADDSC/TSUBSC have no
implementation in either target's headers (no *_IMPL): not modelled here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, own_facts, rule

A2 = "include/pto/npu/a2a3/"
A5 = "include/pto/npu/a5/"
DOCS = "docs/isa/"

SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4}

A2_ARITH = frozenset({"int32_t", "int16_t", "half", "float"})
A2_FLOAT = frozenset({"half", "float"})
A2_INT_SHIFT = frozenset({"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"})
A5_ALL = frozenset({"int64_t", "uint64_t", "int32_t", "uint32_t", "float", "int16_t", "uint16_t", "half",
                    "bfloat16_t", "uint8_t", "int8_t"})
A5_MUL = A5_ALL - {"uint8_t", "int8_t"}
A5_DIV = A5_MUL - {"bfloat16_t"}
A5_SHIFT = A2_INT_SHIFT | {"int64_t", "uint64_t"}
A5_REM = frozenset({"int64_t", "uint64_t", "half", "float", "uint16_t", "int16_t", "uint32_t", "int32_t"})
A5_FMOD = frozenset({"half", "float", "uint16_t", "int16_t", "uint32_t", "int32_t"})


@dataclass(frozen=True)
class Facts:
    """What one target's implementation of one instruction checks and does."""

    hdr: str  # header file the facts come from
    types: frozenset[str] | None = None  # element types of `typed` its static_assert accepts (None: no list)
    sizes: frozenset[int] | None = None  # sizeof(typed::DType) its static_assert accepts (None: no check)
    typed: str = "dst"  # the operand whose element type is checked
    same: tuple[str, ...] = ("src0", "src1")  # static_assert'ed to have `typed`'s element type
    read_as: tuple[str, ...] = ()  # not checked: their memory is read as `typed`'s element type
    row_major: tuple[str, ...] = ("dst", "src0", "src1")  # static_assert'ed isRowMajor
    vec: tuple[str, ...] = ()  # static_assert'ed Loc == TileType::Vec
    domain: str = "dst"  # whose valid shape is iterated over at run time
    inputs: tuple[str, ...] = ("src0", "src1")  # tiles read over the domain
    partial: bool = False  # TPART*: one source may cover only part of dst (own valid-shape rule)
    fixed: tuple[tuple[str, str], ...] = ()  # (operand, the one element type its static_assert accepts)
    conv: frozenset[tuple[str, str]] | None = None  # accepted (typed's type, dst's type) pairs (converting ops)
    alt: tuple[str, str, frozenset[str]] | None = None  # (template param, value, types) replacing `types`
    idx: tuple[str, ...] = ()  # index tiles: equal element types, from idx_types[typed's type]
    idx_types: tuple[tuple[str, frozenset[str]], ...] = ()
    #: the valid-shape equalities the header PTO_ASSERTs: (operand, against, dims "rc" / "r" / "c", only when the
    #: element type is a floating-point one); None: every `inputs` operand against `domain`, rows and columns
    eq: tuple[tuple[str, str, str, bool], ...] | None = None
    positive: bool = False  # the header also PTO_ASSERTs dst's valid rows and columns > 0
    #: TPART* / TPARTARG*: the header PTO_ASSERTs one source's valid shape equal to dst's and dst's the element-wise
    #: max of the sources' (TPARTARG: also each index tile's equal to its value tile's); A2/A3 tests it instead
    max_eq: bool = False


def _bin(a2_types, a5_types, name: str, **a2_extra) -> dict[str, Facts]:
    return {"a2a3": Facts(A2 + name, types=a2_types, **a2_extra), "a5": Facts(A5 + name, types=a5_types)}


FACTS: dict[str, dict[str, Facts]] = {
    "TADD": _bin(A2_ARITH, A5_ALL, "TAdd.hpp"),
    "TSUB": _bin(A2_ARITH, A5_ALL, "TSub.hpp"),
    "TMUL": _bin(A2_ARITH, A5_MUL, "TMul.hpp"),
    "TMAX": _bin(A2_ARITH, A5_ALL, "TMax.hpp"),
    "TMIN": _bin(A2_ARITH, A5_ALL, "TMin.hpp"),
    # a2a3 TDivCheck has no Src == Dst type assertion, but TDIV_IMPL passes every operand's data() as dst's
    # TileDType pointer: a source of another element type fails overload resolution (a compile error all the same)
    "TDIV": _bin(A2_FLOAT, A5_DIV, "TDiv.hpp"),
    "TSHL": _bin(A2_INT_SHIFT, A5_SHIFT, "TShl.hpp"),
    "TSHR": _bin(A2_INT_SHIFT, A5_SHIFT, "TShr.hpp"),
    # a2a3 TAndCheck / TOrCheck: equal types and row-major only, no type list
    "TAND": {"a2a3": Facts(A2 + "TAnd.hpp"), "a5": Facts(A5 + "TAnd.hpp", sizes=frozenset({1, 2, 4}))},
    "TOR": {"a2a3": Facts(A2 + "TOr.hpp"), "a5": Facts(A5 + "TOr.hpp", sizes=frozenset({1, 2, 4}))},
    # a2a3 TXOR = TOR(tmp, src0, src1); TAND(dst, src0, src1); TNOT(dst); TAND(dst, dst, tmp): TNOT's TunaryCheck
    # static_asserts dst Vec (TUnaryOp.hpp:248), and TNOT_IMPL does not compile for float (a C++ type error)
    "TXOR": {"a2a3": Facts(A2 + "TXor.hpp", types=A5_ALL - {"float"}, same=("src0", "src1", "tmp"),
                           row_major=("dst", "src0", "src1", "tmp"), vec=("dst",), inputs=("src0", "src1", "tmp")),
             "a5": Facts(A5 + "TXor.hpp", types=A2_INT_SHIFT)},
    # a2a3 TRemCheck compares src0's type twice and never src1's
    "TREM": {"a2a3": Facts(A2 + "TRem.hpp", types=frozenset({"float", "int32_t"}), same=("src0",),
                           read_as=("src1",)),
             "a5": Facts(A5 + "TRem.hpp", types=A5_REM)},
    # a2a3 TFmodCheck has no type-equality assertion
    "TFMOD": {"a2a3": Facts(A2 + "TFmod.hpp", types=frozenset({"float"}), same=(), read_as=("src0", "src1")),
              "a5": Facts(A5 + "TFMod.hpp", types=A5_FMOD)},
    "TPRELU": {"a2a3": Facts(A2 + "TPrelu.hpp", types=A2_FLOAT, row_major=("dst", "src0", "src1", "tmp"),
                             fixed=(("tmp", "uint8_t"),)),
               "a5": Facts(A5 + "TPrelu.hpp", types=A2_FLOAT)},
    # TSEL's builtin takes dst, src0 and src1 as the same TileData: their types cannot differ
    "TSEL": {"a2a3": Facts(A2 + "TSel.hpp", sizes=frozenset({2, 4}), same=(), eq=()),
             "a5": Facts(A5 + "TSel.hpp", sizes=frozenset({1, 2, 4, 8}), same=(), eq=())},
    # TCMP: the checked type is src0's; dst is a packed predicate mask; the domain is src0's valid shape
    "TCMP": {"a2a3": Facts(A2 + "TCmp.hpp", types=frozenset({"int32_t", "half", "float"}), typed="src0",
                           same=("src1",), row_major=(), vec=("dst", "src0", "src1"), domain="src0",
                           inputs=("src1",), eq=(("src1", "src0", "rc", False), ("dst", "src0", "r", False))),
             "a5": Facts(A5 + "TCmp.hpp", types=A5_ALL, typed="src0", same=("src1",), vec=("dst", "src0", "src1"),
                         domain="src0", inputs=("src1",), eq=())},
}
A5_PART_MUL = A5_ALL - {"int64_t", "uint64_t"}
for _op, _a5 in (("TPARTADD", A5_ALL), ("TPARTMAX", A5_ALL), ("TPARTMIN", A5_ALL), ("TPARTMUL", A5_PART_MUL)):
    _hdr = "TPart" + _op[5:].title() + ".hpp"  # TPartAdd.hpp ...
    FACTS[_op] = {"a2a3": Facts(A2 + _hdr, types=A2_ARITH, partial=True),
                  "a5": Facts(A5 + _hdr + " (TPartBinOps.hpp)", types=_a5, row_major=(), partial=True,
                              max_eq=True)}
# fused float-only ops: TSUBRELU relu(src0 - src1), TFUSEDMULADD src0 * dst + src1, TFUSEDMULADDRELU its relu,
# TMULADDDST src0 * src1 + dst (dst is read over its own valid shape, the domain)
for _op, _hdr in (("TSUBRELU", "TSubRelu.hpp"), ("TFUSEDMULADD", "TFusedMulAdd.hpp"),
                  ("TFUSEDMULADDRELU", "TFusedMulAddRelu.hpp"), ("TMULADDDST", "TMulAddDst.hpp")):
    FACTS[_op] = _bin(A2_FLOAT, A2_FLOAT, _hdr)
# ---- later additions (see the module docstring) ----
A2_CMPS = frozenset({"int32_t", "float", "half", "uint16_t", "int16_t"})
FACTS["TCMPS"] = {
    "a2a3": Facts(A2 + "TCmps.hpp", types=A2_CMPS, typed="src0", same=("src1",), row_major=("dst",),
                  vec=("dst", "src0"), domain="src0", inputs=(), eq=(("dst", "src0", "r", False),)),
    "a5": Facts(A5 + "TCmps.hpp", types=A5_ALL, typed="src0", same=("src1",), row_major=("dst",),
                vec=("dst", "src0"), domain="src0", inputs=(), eq=(("dst", "src0", "r", False),))}
FACTS["TSELS"] = {
    "a2a3": Facts(A2 + "TSels.hpp", sizes=frozenset({2, 4}), same=("src",), row_major=("dst", "src"),
                  inputs=("src",)),
    "a5": Facts(A5 + "TSels.hpp", types=A5_ALL - {"bfloat16_t"}, same=("src",), row_major=("dst", "mask", "src"),
                inputs=("src",))}
FACTS["TPAIRREDUCESUM"] = {
    t: Facts(h + "TPairReduceSum.hpp", types=A2_FLOAT, same=("src0",), row_major=("dst", "src0"), inputs=("src0",))
    for t, h in (("a2a3", A2), ("a5", A5))}
RELU_CONV = frozenset({("float", "half"), ("half", "int8_t"), ("int16_t", "int8_t")})
for _op, _hdr in (("TADDRELUCONV", "TAddReluConv.hpp"), ("TSUBRELUCONV", "TSubReluConv.hpp")):
    FACTS[_op] = {t: Facts(h + _hdr, types=frozenset({"float", "half", "int16_t"}), typed="src0", same=("src1",),
                           conv=RELU_CONV, vec=("dst", "src0", "src1"), positive=True)
                  for t, h in (("a2a3", A2), ("a5", A5))}
_DEQ = (("dst", "half"), ("src0", "int32_t"), ("src1", "int32_t"))
FACTS["TADDDEQRELU"] = {
    "a2a3": Facts(A2 + "TAddDeqRelu.hpp", same=(), fixed=(*_DEQ, ("tmp", "int32_t")),
                  row_major=("dst", "src0", "src1", "tmp"), vec=("dst", "src0", "src1", "tmp"), positive=True),
    "a5": Facts(A5 + "TAddDeqRelu.hpp", same=(), fixed=_DEQ, vec=("dst", "src0", "src1"), positive=True)}
A2_POW = frozenset({"int32_t", "int16_t", "int8_t", "uint32_t", "uint16_t", "uint8_t", "float"})
A5_POW = frozenset({"float", "half", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t"})
A5_POW_HP = ("PrecisionType", "HIGH_PRECISION", frozenset({"float", "half", "bfloat16_t"}))
for _op, _srcs in (("TPOW", ("base", "exp")), ("TPOWS", ("base",))):
    _all = ("dst", *_srcs)
    # a2a3 also asserts tmp's valid shape equal to dst's for a floating-point dst (`is_integral_v<T> || ...`)
    _eq2 = (*((n, "dst", "rc", False) for n in _srcs), ("tmp", "dst", "rc", True))
    FACTS[_op] = {"a2a3": Facts(A2 + "TPow.hpp", types=A2_POW, same=_srcs, row_major=_all, vec=_all, inputs=_srcs,
                                eq=_eq2),
                  "a5": Facts(A5 + "TPow.hpp", types=A5_POW, alt=A5_POW_HP, same=_srcs, row_major=_all, vec=_all,
                              inputs=_srcs)}
_ARG_IDX = (("float", frozenset({"int32_t", "uint32_t"})),
            ("half", frozenset({"int32_t", "uint32_t", "int16_t", "uint16_t"})))
for _op, _a5h in (("TPARTARGMAX", "TPartArgMax.hpp"), ("TPARTARGMIN", "TPartArgMin.hpp")):
    FACTS[_op] = {t: Facts(h, types=A2_FLOAT, row_major=(), idx=("dstIdx", "src0Idx", "src1Idx"),
                           idx_types=_ARG_IDX, partial=True, max_eq=t == "a5")
                  for t, h in (("a2a3", A2 + "TPartArgOp.hpp"), ("a5", A5 + _a5h + " (TPartArgBinOps.hpp)"))}
# ---- the newer targets' own implementation files (Rule.own: the rules run there for these builtins) ----------
KD = "include/pto/npu/kirinDev0000/"
K9 = "include/pto/npu/kirin9030/"
#: Kirin Dev0000 has no integer vdiv: TDivCheck / TRemCheck / TFModCheck accept half, float and 16-bit integers
#: only (a second static_assert rejects int32/uint32 by name); equal types, row-major, PTO_ASSERT valid shapes
KD_DIV = frozenset({"half", "float", "int16_t", "uint16_t"})
FACTS["TDIV"]["kirindev0000"] = Facts(KD + "TDiv.hpp", types=KD_DIV)
FACTS["TREM"]["kirindev0000"] = Facts(KD + "TRem.hpp", types=KD_DIV)
FACTS["TFMOD"]["kirindev0000"] = Facts(KD + "TFMod.hpp", types=KD_DIV)
# TSEL_IMPL: sizeof 1, 2 or 4 (A5 also 8); TSELS_IMPL: A5's list without the 64-bit types
FACTS["TSEL"]["kirindev0000"] = Facts(KD + "TSel.hpp", sizes=frozenset({1, 2, 4}), same=(), eq=())
FACTS["TSELS"]["kirindev0000"] = Facts(KD + "TSels.hpp", types=A5_ALL - {"bfloat16_t", "int64_t", "uint64_t"},
                                       same=("src",), row_major=("dst", "mask", "src"), inputs=("src",))
# Kirin 9030 TRemCheck: A5's TFMOD list (no 64-bit types); header.hpp #defines bfloat16_t as half while it
# includes the file, and the list names neither
FACTS["TREM"]["kirin9030"] = Facts(K9 + "TRem.hpp", types=A5_FMOD)
# a5/TFMod.hpp and a5/TPow.hpp in the Kirins' #else branch (ptolint/own_impls.py _A5_ELSE): A5's checks, the
# HIGH_PRECISION path dropped; Kirin 9030 / X90 rename bfloat16_t to half while TPow.hpp is included, so the
# high-precision list there is float / half (a kernel's bf16 tile is rejected)
FACTS["TFMOD"]["kirin9030"] = FACTS["TFMOD"]["a5"]
for _op in ("TPOW", "TPOWS"):
    FACTS[_op]["kirindev0000"] = FACTS[_op]["a5"]
    FACTS[_op]["kirin9030"] = replace(FACTS[_op]["a5"], alt=(*A5_POW_HP[:2], frozenset({"float", "half"})))
INSTR = tuple(FACTS)
PART = tuple(i for i in INSTR if i.startswith("TPART") and not i.startswith("TPARTARG"))
PART_ARG = ("TPARTARGMAX", "TPARTARGMIN")
VEC_CHECKED = tuple(i for i in INSTR if any(f.vec for f in FACTS[i].values()))
IDX_CHECKED = tuple(i for i in INSTR if any(f.idx for f in FACTS[i].values()))



def _hdrs(instrs=INSTR) -> str:
    return "; ".join(sorted({f.hdr for i in instrs for f in FACTS[i].values()}))


def _size(t: TileView) -> int:
    return t.spec.elem_size or SIZES.get(t.dtype, 0)


def _facts(ctx: Ctx) -> Facts | None:
    f = FACTS.get(ctx.builtin, {}).get(ctx.impl)
    if f is None or ctx.tile(f.typed) is None or ctx.tile(f.domain) is None:
        return None
    return f


def _types(ctx: Ctx, f: Facts) -> frozenset[str] | None:
    """The element types accepted at this call (a template argument may select another list)."""
    if f.alt is None:
        return f.types
    value = ctx.template_args.get(f.alt[0], "").rsplit("::", 1)[-1]
    if value in (f.alt[1], "1"):
        return f.alt[2]
    if value in ("", "DEFAULT", "0"):
        return f.types
    return f.types | f.alt[2]  # not resolved to a constant: accept what either list accepts


def _type_ok(ctx: Ctx, f: Facts, t: TileView) -> bool:
    types = _types(ctx, f)
    if types is not None and t.dtype not in types:
        return False
    return f.sizes is None or _size(t) in f.sizes


def _conv_bad(ctx: Ctx, f: Facts) -> str | None:
    """A converting op whose (source, dst) element-type pair is not accepted."""
    typed, dst = ctx.tile(f.typed), ctx.tile("dst")
    if f.conv is None or dst is None or (typed.dtype, dst.dtype) in f.conv:
        return None
    ok = ", ".join(f"{a}->{b}" for a, b in sorted(f.conv))
    return (f"{f.typed} `{_esc(typed.text)}` {typed.dtype} -> dst `{_esc(dst.text)}` {dst.dtype} is not a supported "
            f"conversion (supported: {ok})")


def _idx_bad(ctx: Ctx, f: Facts) -> list[str]:
    """Index tiles whose element type the target rejects (tied to the value type, equal across index tiles)."""
    tiles = [(n, t) for n in f.idx if (t := ctx.tile(n)) is not None]
    if not tiles:
        return []
    val = ctx.tile(f.typed).dtype
    want = dict(f.idx_types).get(val)
    first = tiles[0][1].dtype
    bad = []
    for n, t in tiles:
        if want is not None and t.dtype not in want:
            bad.append(f"{n} `{_esc(t.text)}` has element type {t.dtype} (with {val} values: "
                       f"{', '.join(sorted(want))})")
        elif t.dtype != first:
            bad.append(f"{n} `{_esc(t.text)}` is {t.dtype} but {tiles[0][0]} is {first} (index types must be equal)")
    return bad


def _fixed_bad(ctx: Ctx, f: Facts) -> list[str]:
    return [f"{n} `{_esc(t.text)}` has element type {t.dtype} (must be {want})" for n, want in f.fixed
            if (t := ctx.tile(n)) is not None and t.dtype != want]


def _compile_errors(ctx: Ctx, f: Facts) -> list[str]:
    """What the target's static_asserts reject at this call (empty: it compiles)."""
    typed = ctx.tile(f.typed)
    errs = []
    if not _type_ok(ctx, f, typed) or _fixed_bad(ctx, f) or _conv_bad(ctx, f) or _idx_bad(ctx, f):
        errs.append("element type")
    for n in f.same:
        t = ctx.tile(n)
        if t is not None and t.dtype != typed.dtype:
            errs.append("type mismatch")
    for n in f.row_major:
        t = ctx.tile(n)
        if t is not None and not t.spec.is_row_major:
            errs.append("layout")
    for n in f.vec:
        t = ctx.tile(n)
        if t is not None and t.loc != "Vec":
            errs.append("location")
    return errs


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _allowed(ctx: Ctx, f: Facts) -> str:
    parts = []
    types = _types(ctx, f)
    if types is not None:
        parts.append(", ".join(sorted(types)))
    if f.sizes is not None:
        parts.append("sizeof in {" + ", ".join(str(s) for s in sorted(f.sizes)) + "}")
    return "; ".join(parts)



def _arg_tiles(ctx: Ctx) -> dict[str, TileView] | None:
    """The six value and index tiles of a TPARTARGMAX / TPARTARGMIN call that compiles, by operand name."""
    f = _facts(ctx)
    if f is None or _compile_errors(ctx, f):
        return None
    t = {n: ctx.tile(n) for n in ("dst", "src0", "src1", "dstIdx", "src0Idx", "src1Idx")}
    return None if any(v is None for v in t.values()) else t

@rule("PTO601", "elementwise-unsupported-dtype", instructions=INSTR, fault="unsupported-dtype",
      own=own_facts(FACTS, INSTR),
      provenance=(Provenance("header-static", _hdrs(), "T<Op>Check / T<Op>_IMPL static_assert an element-type "
                             "list or a sizeof set (FACTS[instr][target].types / .sizes / .fixed, e.g. a2a3 TPRELU "
                             "tmp == uint8_t); a2a3 TAND/TOR have no type list; a2a3 TXOR: any type but float (its TNOT_IMPL "
                             "passes a float* where an int16_t* is expected: a C++ error, TUnaryOp.hpp:37)"),
                  Provenance("isa-doc", DOCS + "TMUL.md, TCMP.md, TSEL.md", "docs agree with the headers for the "
                             "lists; TCMP.md also states an output type (uint8_t / uint32_t) no header checks, "
                             "so it is not modelled")))
def elementwise_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Element type not supported by this elementwise instruction on this target.

    ## What it does
    Looks the instruction up in the family's table and checks the element type the target's header
    checks (dst's; src0's for TCMP) against its list: e.g. TADD/TSUB/TMUL/TMAX/TMIN accept only int32,
    int16, half and float on A2/A3; TDIV only half and float on A2/A3; TSEL only 2- or 4-byte types on
    A2/A3; TCMP only int32, half and float inputs on A2/A3; A2/A3 TPRELU's tmp must be uint8.

    ## Why is this bad?
    The implementation rejects the type with a `static_assert`: the kernel does not compile for this
    target.

    ## Example
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> a, b, c;
    TADD(c, a, b);  // int8 is rejected on A2/A3 (A5 accepts it)
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int16_t, 16, 64> a, b, c;  // widen first (TCVT)
    TADD(c, a, b);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    t = ctx.tile(f.typed)
    bad = []
    if (f.types is not None or f.sizes is not None) and not _type_ok(ctx, f, t):
        bad.append(f"{f.typed} `{_esc(t.text)}` has element type {t.dtype} (supported: {_allowed(ctx, f)})")
    elif (conv := _conv_bad(ctx, f)) is not None:
        bad.append(conv)
    bad += _fixed_bad(ctx, f)
    if not bad and f.types is None and f.sizes is None and not f.fixed:
        return None
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + f": not supported on {ctx.target}")


@rule("PTO602", "elementwise-dtype-mismatch", instructions=tuple(i for i in INSTR if i != "TSEL"),
      fault="dtype-mismatch",
      own=own_facts(FACTS, tuple(i for i in INSTR if i != "TSEL")),
      provenance=(Provenance("header-static", _hdrs(), "static_assert std::is_same<T, Src*::DType> "
                             "(FACTS[instr][target].same)"),
                  Provenance("header-static", A2 + "TFmod.hpp; " + A2 + "TRem.hpp",
                             "a2a3 TFMOD does not compare the types at all; a2a3 TREM compares src0 twice "
                             "and never src1: the unchecked sources' UB addresses are cast to dst's element type"),
                  Provenance("header-static", A2 + "TDiv.hpp (TDIV_IMPL)",
                             "a2a3 TDivCheck compares no types, but the internal TDiv<TileDataDst, ...> takes all three "
                             "operands as dst's TileDType: another source type is 'no matching function for call to "
                             "TDiv' (found by bench/differential.py: TDIV<HIGH_PRECISION> bf16 sources, half dst)"),
                  Provenance("isa-doc", DOCS + "TDIV.md", "speaks of one TileData::DType for all operands")))
def elementwise_dtype_mismatch(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Elementwise source and destination element types differ.

    ## What it does
    Compares the element types of the sources with dst's (TCMP: src1's with src0's).

    ## Why is this bad?
    Most implementations reject the call with a `static_assert`. Where a target does not check (A2/A3
    TFMOD, and src1 of A2/A3 TREM) the source's memory is reinterpreted as dst's element type: the kernel
    compiles and every result is computed from garbage bit patterns.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> num, dst;
    Tile<TileType::Vec, half, 16, 64> den;
    TDIV(dst, num, den);  // a static_assert on A5; on A2/A3 no overload of the internal TDiv matches
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> denF;
    TCVT(denF, den, RoundMode::CAST_NONE);
    TDIV(dst, num, denF);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    typed = ctx.tile(f.typed)
    checked, unchecked = [], []
    for names, out in ((f.same, checked), (f.read_as, unchecked)):
        for n in names:
            t = ctx.tile(n)
            if t is not None and t.dtype != typed.dtype:
                out.append(f"{n} `{_esc(t.text)}` is {t.dtype}")
    if not checked and not unchecked:
        return None
    if checked:
        why = f"{ctx.target} requires equal element types (static_assert)"
    else:
        if [e for e in _compile_errors(ctx, f) if e != "type mismatch"]:
            return None
        why = f"{ctx.target} does not check it and reads the source's memory as {typed.dtype}"
    return Check(ctx.static(True), f"{ctx.builtin}: " + "; ".join(checked + unchecked) +
                 f" but {f.typed} `{_esc(typed.text)}` is {typed.dtype}; {why}")


@rule("PTO603", "elementwise-not-row-major", instructions=INSTR, fault="unsupported-layout",
      own=own_facts(FACTS, INSTR),
      provenance=(Provenance("header-static", _hdrs(), "static_assert TileData*::isRowMajor "
                             "(FACTS[instr][target].row_major; a2a3 TCMP has no layout check)"),
                  Provenance("isa-doc", DOCS + "TADD.md", "Tile layout must be row-major")))
def elementwise_not_row_major(ctx: Ctx) -> Check | None:
    """
    ## Summary
    An elementwise operand is not a row-major tile.

    ## What it does
    Checks `BLayout::RowMajor` on the operands the target's header checks (dst, src0, src1, and tmp for
    A2/A3 TXOR and TPRELU; A5 only for TCMP).

    ## Why is this bad?
    The implementation walks rows with the tile's row stride and rejects column-major tiles with a
    `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor> a;
    Tile<TileType::Vec, float, 64, 16> b, c;
    TMUL(c, a, b);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 64, 16> a, b, c;
    TMUL(c, a, b);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = [f"{n} `{_esc(t.text)}` is BLayout::{t.blayout}" for n in f.row_major
           if (t := ctx.tile(n)) is not None and not t.spec.is_row_major]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + f" ({ctx.target} requires "
                 "BLayout::RowMajor)")


@rule("PTO604", "elementwise-src-valid-smaller", instructions=tuple(i for i in INSTR if i not in PART), fault="valid-region",
      own=own_facts(FACTS, tuple(i for i in INSTR if i not in PART)),
      provenance=(Provenance("header-runtime", _hdrs(), "PTO_ASSERT src valid rows/cols == dst's (debug only; "
                             "a5 TCMP and both TSELs have none); release builds iterate over dst's valid shape "
                             "(TCMP: src0's) and read each source with its own row stride"),
                  Provenance("header-runtime", A2 + "TXor.hpp", "tmp is written by TOR over tmp's valid shape, "
                             "then read by TAND over dst's"),
                  Provenance("isa-doc", DOCS + "TCMP.md", "says A5 iterates over dst's valid shape; the header "
                             "iterates over src0's (modelled)")))
def elementwise_src_valid_smaller(ctx: Ctx) -> Check | None:
    """
    ## Summary
    An elementwise source's valid region is smaller than the region the instruction computes.

    ## What it does
    The instruction iterates over dst's valid shape (TCMP: src0's). Reports a source (TCMP: src1; A2/A3
    TXOR also its tmp) whose run-time valid rows or columns are fewer, on a path where the domain is
    not empty. A source that covers more than the domain is PTO610's (the header's equality
    `PTO_ASSERT` traps in debug builds; nothing stale is read).

    ## Why is this bad?
    The shape equality is only a `PTO_ASSERT` (debug builds), or not checked at all. A release build
    reads the source's rows and columns beyond its valid region: stale data left by earlier
    instructions (or memory past the tile when dst has more valid rows than the source has rows)
    silently becomes part of the result.

    ## Example
    ```cpp
    using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64>;
    Dyn a(rows);
    Tile<TileType::Vec, float, 16, 64> b, c;  // 16 valid rows
    TADD(c, a, b);  // rows >= `rows` of a are stale
    ```

    ## Use instead
    ```cpp
    Dyn a(rows), b(rows), c(rows);
    TADD(c, a, b);
    ```
    """
    f = _facts(ctx)
    if f is None or f.partial or _compile_errors(ctx, f):
        return None
    dom = ctx.tile(f.domain)
    show, names = {"dom_validRow": dom.valid_row, "dom_validCol": dom.valid_col}, []
    sources = [t for n in f.inputs if (t := ctx.tile(n)) is not None]
    if not sources:
        return None
    for n in f.inputs:
        t = ctx.tile(n)
        if t is None:
            continue
        show[f"{n}_validRow"], show[f"{n}_validCol"] = t.valid_row, t.valid_col
        names.append(f"{n} `{_esc(t.text)}` {{{n}_validRow}}x{{{n}_validCol}}")
    msg = (f"{ctx.builtin}: computes over {f.domain} `{_esc(dom.text)}`'s valid shape {{dom_validRow}}x{{dom_validCol}} "
           f"but a source's valid region is smaller ({', '.join(names)}); release builds read its stale rows/columns "
           "(the shape check is a debug-only PTO_ASSERT)")
    if all(_same_shape(t, dom) for t in sources):
        return Check(z3.BoolVal(False), msg, show)  # what the formula below simplifies to, without building it
    nonempty = z3.And(dom.valid_row > 0, dom.valid_col > 0)
    bads = [z3.Or(t.valid_row < dom.valid_row, t.valid_col < dom.valid_col) for t in sources]
    return Check(z3.And(nonempty, z3.Or(*bads)), msg, show)


def _same_shape(a: TileView, b: TileView) -> bool:
    """Whether both valid rows and both valid columns are one Z3 term (Z3 shares equal terms): then neither is
    smaller nor different, by construction (a tile passed twice, tiles given one run-time valid shape, equal
    constants), and a rule's formula over them simplifies to false."""
    return a.valid_row.eq(b.valid_row) and a.valid_col.eq(b.valid_col)


def _smaller(ctx: Ctx, f: Facts):
    """PTO604's violation: a non-empty domain and a source whose valid region is smaller (None: no source)."""
    dom = ctx.tile(f.domain)
    bads = [z3.Or(t.valid_row < dom.valid_row, t.valid_col < dom.valid_col)
            for n in f.inputs if (t := ctx.tile(n)) is not None]
    if not bads:
        return None
    return z3.And(dom.valid_row > 0, dom.valid_col > 0, z3.Or(*bads))


def _eq_pairs(f: Facts) -> tuple[tuple[str, str, str, bool], ...]:
    if f.eq is not None:
        return f.eq
    return tuple((n, f.domain, "rc", False) for n in f.inputs)


EQ_CHECKED = tuple(i for i in INSTR if i not in PART and i not in PART_ARG
                   and any(_eq_pairs(f) for f in FACTS[i].values()))
_FLOAT_TYPES = frozenset({"half", "float", "bfloat16_t"})


@rule("PTO611", "elementwise-tmp-valid-too-small", instructions=("TADDDEQRELU",), targets=("a2a3",),
      fault="tmp-undersized",
      provenance=(Provenance("header-runtime", A2 + "TAddDeqRelu.hpp (line 157)", "PTO_ASSERT tmp.GetValidRow() >= "
                             "validRow && tmp.GetValidCol() >= validCol (dst's): traps in debug builds; release "
                             "builds stage src0 + src1 in tmp over dst's valid shape, past tmp's valid region"),
                  Provenance("header-runtime", A2 + "TPrelu.hpp (line 40)", "TPRELU's PTO_ASSERT tmp.GetValidRow() > "
                             "validRows is not checked: the vendor's ST kernel (a2a3 tprelu_kernel.cpp) gives tmp "
                             "dst's valid rows on purpose, with one more row of storage"),
                  Provenance("isa-doc", "docs/isa/TADDDEQRELU.md", "tmp is a scratch tile; its size requirement is "
                             "the header's")))
def elementwise_tmp_too_small(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TADDDEQRELU with a `tmp` tile whose valid region is smaller than dst's.

    ## What it does
    Checks that tmp's valid rows and columns are at least dst's.

    ## Why is this bad?
    A2/A3 asserts it with `PTO_ASSERT`: a debug build traps. A release build stages the int32 sum in tmp
    over dst's whole valid shape regardless, writing tmp's rows and columns beyond its valid region (past
    its storage when tmp is smaller than dst there).

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> a, b;
    Tile<TileType::Vec, int32_t, 16, 64, BLayout::RowMajor, 16, 32> tmp;   // 32 valid columns
    Tile<TileType::Vec, half, 16, 64> out;
    TADDDEQRELU(out, a, b, scale, tmp);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> tmp;   // dst's valid shape
    TADDDEQRELU(out, a, b, scale, tmp);
    ```
    """
    f = _facts(ctx)
    dst, tmp = ctx.tile("dst"), ctx.tile("tmp")
    if f is None or dst is None or tmp is None or _compile_errors(ctx, f):
        return None
    return Check(z3.Or(tmp.valid_row < dst.valid_row, tmp.valid_col < dst.valid_col),
                 f"{ctx.builtin}: tmp `{_esc(tmp.text)}` is {{tmp_validRow}} x {{tmp_validCol}} valid; A2/A3 needs "
                 "at least dst's {dst_validRow} x {dst_validCol} valid shape",
                 {"tmp_validRow": tmp.valid_row, "tmp_validCol": tmp.valid_col, "dst_validRow": dst.valid_row,
                  "dst_validCol": dst.valid_col})


@rule("PTO612", "tpartarg-empty-dst", instructions=PART_ARG, targets=("a2a3",), fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TPartArgOp.hpp (checkTiles, line 213)", "after the index / value "
                             "shape check: if dst's valid rows or columns are 0, PTO_ASSERT(false): traps in debug "
                             "builds; release builds return without writing (dst has nothing valid)"),
                  Provenance("isa-doc", DOCS + "TPARTARGMAX.md", "dst's valid shape is the larger source's")))
def tpartarg_empty_dst(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TPARTARGMAX / TPARTARGMIN with an empty dst valid region.

    ## What it does
    Flags a call whose index tiles match their value tiles (the check before) and whose dst has zero valid
    rows or columns. PTO609 reports the other shape problems on a non-empty dst.

    ## Why is this bad?
    A2/A3's shape check asserts a non-empty dst with `PTO_ASSERT(false)`: a debug build traps. A release
    build returns without doing anything, which is only harmless because nothing of dst is valid; a tail
    block of zero rows reaching the call usually means the loop bound is off by one.

    ## Example
    ```cpp
    for (int r = 0; r <= rows; r += 8) {             // one trip too many when rows % 8 == 0
        int vr = rows - r < 8 ? rows - r : 8;
        Val out(vr, 64), a(vr, 64), b(vr, 64);
        Idx oi(vr, 64), ai(vr, 64), bi(vr, 64);
        TPARTARGMAX(out, a, b, oi, ai, bi);
    }
    ```

    ## Use instead
    ```cpp
    for (int r = 0; r < rows; r += 8) { /* ... */ }
    ```
    """
    t = _arg_tiles(ctx)
    if t is None:
        return None
    idx_ok = z3.And(*[z3.And(t[n].valid_row == t[n + "Idx"].valid_row, t[n].valid_col == t[n + "Idx"].valid_col)
                      for n in ("dst", "src0", "src1")])
    dst = t["dst"]
    return Check(z3.And(idx_ok, z3.Or(dst.valid_row == 0, dst.valid_col == 0)),
                 f"{ctx.builtin}: dst `{_esc(dst.text)}` has an empty valid region ({{dst_validRow}} x "
                 "{dst_validCol}): A2/A3's PTO_ASSERT traps in debug builds",
                 {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col})


@rule("PTO610", "elementwise-valid-shape-differs", instructions=EQ_CHECKED, fault="valid-region",
      own=own_facts(FACTS, EQ_CHECKED),
      provenance=(Provenance("header-runtime", _hdrs(EQ_CHECKED), "PTO_ASSERT each source's valid rows and cols == "
                             "dst's (FACTS eq; a2a3 TCMP: src1 == src0 and dst's rows == src0's, TCMPS: dst's rows "
                             "== src0's, a2a3 TPOW / TPOWS also tmp == dst for a floating-point dst; a5 TCMP, TSEL "
                             "on every target: none; TADDRELUCONV / TSUBRELUCONV / TADDDEQRELU also dst's valid rows "
                             "and cols > 0, FACTS positive); release builds compute over the domain's valid shape and "
                             "ignore the source's rows/columns beyond it"),
                  Provenance("header-runtime", "include/pto/npu/kirinDev0000/{TDiv,TRem,TFMod,TSels}.hpp; "
                             "include/pto/npu/kirin9030/TRem.hpp", "the newer targets' own files assert the same "
                             "src0 / src1 (TSELS: src) == dst equalities"),
                  Provenance("isa-doc", DOCS + "TADD.md", "valid shapes of src0, src1 and dst must match")))
def elementwise_valid_shape_differs(ctx: Ctx) -> Check | None:
    """
    ## Summary
    An elementwise operand's valid shape differs from the one the header asserts it equal to, and no source
    is smaller than the computed region (that case is PTO604).

    ## What it does
    Compares the valid rows / columns the target's header `PTO_ASSERT`s equal: each source (and A2/A3
    TXOR's tmp) against dst for the binary, fused, converting and select-with-scalar ops, TPOW's base /
    exp (A2/A3: also tmp for a floating-point dst); A2/A3 TCMP src1 against src0 and dst's rows against
    src0's; TCMPS dst's rows against src0's. A5 TCMP and TSEL (every target) assert nothing.
    TADDRELUCONV, TSUBRELUCONV and TADDDEQRELU also assert a non-empty dst. Reports a
    difference on a path where PTO604 does not already report the call: a source larger than the
    domain, a differing source with an empty domain, or a compare mask whose valid rows differ.

    ## Why is this bad?
    The equality is a run-time `PTO_ASSERT`: a debug build traps at the call. A release build runs on
    over the domain's valid shape (dst's; TCMP / TCMPS: src0's) and silently ignores the source's extra
    rows or columns (a compare writes src0's rows of the mask whatever dst's valid rows say), so the
    kernel computes something other than its tiles' valid shapes describe.

    ## Example
    ```cpp
    using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    Dyn acc(16, cols), x(16, 64);  // cols < 64 on the tail
    TADD(acc, acc, x);  // x's 64 valid columns differ from acc's: debug builds trap
    ```

    ## Use instead
    ```cpp
    Dyn acc(16, cols), x(16, cols);
    TADD(acc, acc, x);
    ```
    """
    f = _facts(ctx)
    if f is None or f.partial or _compile_errors(ctx, f):
        return None
    pairs, show, names = [], {}, []  # the (valid rows or columns) terms the header asserts equal
    for n, against, dims, float_only in _eq_pairs(f):
        t, o = ctx.tile(n), ctx.tile(against)
        if t is None or o is None or t.text == o.text:  # the same tile passed twice: equal by construction
            continue
        if float_only and ctx.tile("dst") is not None and ctx.tile("dst").dtype not in _FLOAT_TYPES:
            continue
        if "r" in dims:
            pairs.append((t.valid_row, o.valid_row))
        if "c" in dims:
            pairs.append((t.valid_col, o.valid_col))
        for x in (n, against):
            show[f"{x}_validRow"], show[f"{x}_validCol"] = ctx.tile(x).valid_row, ctx.tile(x).valid_col
        what = {"rc": "valid shape", "r": "valid rows", "c": "valid columns"}[dims]
        names.append(f"{n} `{_esc(t.text)}` {{{n}_validRow}}x{{{n}_validCol}} vs {against} `{_esc(o.text)}` "
                     f"{{{against}_validRow}}x{{{against}_validCol}} ({what})")
    dom = ctx.tile(f.domain)
    if f.positive:  # TADDRELUCONV / TSUBRELUCONV / TADDDEQRELU: also a non-empty dst
        show[f"{f.domain}_validRow"], show[f"{f.domain}_validCol"] = dom.valid_row, dom.valid_col
        names.append(f"{f.domain} `{_esc(dom.text)}` {{{f.domain}_validRow}}x{{{f.domain}_validCol}} must not be empty")
    elif not pairs:
        return None
    msg = (f"{ctx.builtin}: valid shapes the header asserts equal differ ({'; '.join(names)}); debug builds trap at "
           f"the PTO_ASSERT, release builds compute over {f.domain} `{_esc(dom.text)}`'s valid shape and ignore "
           "the rest")
    if not f.positive and all(a.eq(b) for a, b in pairs):
        # each pair is one Z3 term (Z3 shares equal terms: tiles given one run-time valid shape, equal constants):
        # the formula below simplifies to false, and is not built
        return Check(z3.BoolVal(False), msg, show)
    diffs = [a != b for a, b in pairs]
    if f.positive:
        diffs.append(z3.Or(dom.valid_row <= 0, dom.valid_col <= 0))
    small = _smaller(ctx, f)
    violated = z3.Or(*diffs) if small is None else z3.And(z3.Or(*diffs), z3.Not(small))
    return Check(violated, msg, show)




@rule("PTO605", "tcmp-int32-mode-ignored", instructions=("TCMP", "TCMPS"), targets=("a2a3",),
      fault="ignored-option",
      provenance=(Provenance("header-static", A2 + "TCmp.hpp", "CmpCall: `if constexpr (is_same<TSrc, int32_t>)` "
                             "always issues vcmpv_eq; only NE is fixed up afterwards by a vnot over the mask"),
                  Provenance("header-static", A2 + "TCmps.hpp", "GenCmpCall: the same for TCMPS, int32 -> "
                             "vcmpvs_eq whatever `mode` is, NE inverted afterwards"),
                  Provenance("isa-doc", DOCS + "TCMP.md", "For int32_t the implementation uses the EQ compare "
                             "path regardless of cmpMode")))
def tcmp_int32_mode_ignored(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TCMP/TCMPS on int32 tiles ignore an ordering compare mode (LT, LE, GT, GE) and test equality.

    ## What it does
    For int32 sources on A2/A3, checks whether the compare mode reaching the call (`cmpMode` of TCMP,
    `mode` of TCMPS) can be `CmpMode::LT`, `LE`, `GT` or `GE` (a run-time mode is solved for).

    ## Why is this bad?
    The A2/A3 implementation issues the equality compare for every int32 call; only `NE` is corrected
    afterwards. The mask silently holds `src0 == src1` instead of the ordering that was asked for, and
    every TSEL driven by it picks the wrong elements.

    ## Example
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> a, b;
    Tile<TileType::Vec, uint8_t, 16, 32> mask;
    TCMP(mask, a, b, CmpMode::GT);  // A2/A3 computes a == b
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> af, bf;  // compare in float (exact for |x| < 2^24)
    TCVT(af, a, RoundMode::CAST_NONE);
    TCVT(bf, b, RoundMode::CAST_NONE);
    TCMP(mask, af, bf, CmpMode::GT);
    ```
    """
    f = _facts(ctx)
    pname = "cmpMode" if ctx.builtin == "TCMP" else "mode"
    mode = ctx.scalar(pname)
    if f is None or mode is None or _compile_errors(ctx, f) or ctx.tile("src0").dtype != "int32_t":
        return None
    if z3.is_bool(mode) or not z3.is_int(mode):
        return None
    return Check(z3.And(mode >= 2, mode <= 5),
                 f"{ctx.builtin} on int32 src0 `{_esc(ctx.tile('src0').text)}`: {pname} "
                 f"`{_esc(ctx.texts.get(pname, ''))}` is {{{pname}}} (2=LT 3=LE 4=GT 5=GE) but A2/A3 compares int32 "
                 "for equality whatever the mode", {pname: mode})


@rule("PTO606", "elementwise-operand-not-vec", instructions=VEC_CHECKED, fault="unsupported-path",
      own=own_facts(FACTS, VEC_CHECKED),
      provenance=(Provenance("header-static", _hdrs(VEC_CHECKED), "static_assert Loc == TileType::Vec "
                             "(FACTS[instr][target].vec: TCMP dst/src0/src1, TCMPS dst/src0, the RELUCONV/DEQRELU "
                             "ops every tile, TPOW/TPOWS dst/base/exp; a2a3 TXOR dst through TNOT, "
                             "TUnaryOp.hpp:248)"),
                  Provenance("header-static", A5 + "TPow.hpp (PowCheckType) as kirin9030, kirinx90 and kirindev0000 "
                             "compile it (ptolint/own_impls.py)", "the #else branch keeps A5's Loc == Vec checks"),
                  Provenance("isa-doc", DOCS + "TADD.md, TMUL.md, TMAX.md", "the docs list `Loc == Vec` for the "
                             "arithmetic ops too, but their headers do not check it; not modelled for them")))
def elementwise_operand_not_vec(ctx: Ctx) -> Check | None:
    """
    ## Summary
    An operand of TCMP, TCMPS, TPOW, TPOWS, A2/A3 TXOR or a fused RELUCONV/DEQRELU op is not a Vec tile.

    ## What it does
    Checks `TileType::Vec` on the operands the target's header checks: dst, src0 and src1 of TCMP;
    dst and src0 of TCMPS; dst, base and exp of TPOW/TPOWS; dst of A2/A3 TXOR (its TNOT step); every tile of
    TADDRELUCONV, TSUBRELUCONV and TADDDEQRELU.

    ## Why is this bad?
    These instructions run on the vector unit; both targets reject other locations with a
    `static_assert`, so the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Mat, float, 16, 64> a;
    Tile<TileType::Vec, float, 16, 64> b;
    Tile<TileType::Vec, uint8_t, 16, 32> mask;
    TCMP(mask, a, b, CmpMode::EQ);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, float, 16, 64> a;  // TLOAD / TMOV it into UB first
    TCMP(mask, a, b, CmpMode::EQ);
    ```
    """
    f = _facts(ctx)
    if f is None:
        return None
    bad = [f"{n} `{_esc(t.text)}` is TileType::{t.loc}" for n in f.vec if (t := ctx.tile(n)) is not None
           and t.loc != "Vec"]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + " (must be TileType::Vec)")


def _a5_part_stale(dst: TileView, s0: TileView, s1: TileView) -> z3.BoolRef:
    """A5 TPartOp / TPartArgProc: the source dst's rows and columns beyond the overlap are copied from (the
    non-empty one, else the larger one) does not cover dst's valid shape (dst non-empty not included)."""
    def short(t: TileView) -> z3.BoolRef:
        return z3.Or(t.valid_row < dst.valid_row, t.valid_col < dst.valid_col)

    def eq(t: TileView) -> z3.BoolRef:
        return z3.And(t.valid_row == dst.valid_row, t.valid_col == dst.valid_col)

    empty0 = z3.Or(s0.valid_row <= 0, s0.valid_col <= 0)
    empty1 = z3.Or(s1.valid_row <= 0, s1.valid_col <= 0)
    src1_big = z3.Or(s0.valid_row < s1.valid_row, s0.valid_col < s1.valid_col)
    all_eq = z3.And(eq(s0), eq(s1))
    return z3.If(empty0, short(s1), z3.If(empty1, short(s0), z3.And(z3.Not(all_eq),
                                                                     z3.If(src1_big, short(s1), short(s0)))))


@rule("PTO607", "tpart-valid-shape", instructions=PART, fault="valid-region",
      provenance=(Provenance("header-runtime", A2 + "TPartOp.hpp (TPartInstr); " + A2 + "TPartAdd.hpp ...",
                             "computes only when src0 or src1 has dst's valid shape and the other is no larger "
                             "in either dimension; otherwise a release build does nothing (PTO_ASSERT in _DEBUG)"),
                  Provenance("header-runtime", A5 + "TPartBinOps.hpp (TPARTOP_IMPL / TPartOp)", "PTO_ASSERT one "
                             "source equals dst and max(src rows/cols) == dst's; a release build combines the "
                             "overlap and copies the rest from the larger source (src1 when src0 is smaller in a "
                             "dimension; the non-empty one when one is empty): only a larger source that does not "
                             "cover dst (a stale read) is reported, not the assert's other cases"),
                  Provenance("isa-doc", DOCS + "TPARTADD.md", "at most one of src0/src1 may be smaller than dst")))
def tpart_valid_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    Partial-op sources do not follow the "one source has dst's valid shape, the other fits in it" contract.

    ## What it does
    On the path reaching the call with a non-empty dst: on A2/A3, that one source's valid shape equals
    dst's and the other's is no larger than dst's (it may be smaller, or empty); on A5, that the source
    the implementation copies dst's remaining rows and columns from (the larger one) covers dst's valid
    shape.

    ## Why is this bad?
    The partial ops combine the overlap of the two sources and copy the rest from the full-size one.
    The shape condition is only a `PTO_ASSERT`. In release builds A2/A3 then skips the instruction
    altogether (dst keeps stale data), and A5 copies rows and columns from a source that does not
    cover them, reading outside its valid region.

    ## Example
    ```cpp
    using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    Dyn acc(rows, 64), part(rows, 64), out(16, 64);  // neither source spans out's 16 rows
    TPARTADD(out, acc, part);
    ```

    ## Use instead
    ```cpp
    Dyn acc(16, 64), part(rows, 64), out(16, 64);
    TPARTADD(out, acc, part);
    ```
    """
    f = _facts(ctx)
    if f is None or not f.partial or _compile_errors(ctx, f):
        return None
    dst, s0, s1 = ctx.tile("dst"), ctx.tile("src0"), ctx.tile("src1")
    if s0 is None or s1 is None:
        return None

    def eq(t: TileView) -> z3.BoolRef:
        return z3.And(t.valid_row == dst.valid_row, t.valid_col == dst.valid_col)

    def within(t: TileView) -> z3.BoolRef:
        return z3.And(t.valid_row <= dst.valid_row, t.valid_col <= dst.valid_col)

    nonempty = z3.And(dst.valid_row > 0, dst.valid_col > 0)
    if not ctx.a5:
        bad = z3.Not(z3.Or(z3.And(eq(s0), within(s1)), z3.And(eq(s1), within(s0))))
        effect = "A2/A3 skips the instruction in release builds"
    else:
        bad = _a5_part_stale(dst, s0, s1)
        effect = "A5 fills dst from the larger source, which does not cover dst's valid shape"
    show = {"dst_validRow": dst.valid_row, "dst_validCol": dst.valid_col, "src0_validRow": s0.valid_row,
            "src0_validCol": s0.valid_col, "src1_validRow": s1.valid_row, "src1_validCol": s1.valid_col}
    return Check(z3.And(nonempty, bad),
                 f"{ctx.builtin}: dst `{_esc(dst.text)}` {{dst_validRow}}x{{dst_validCol}}, src0 `{_esc(s0.text)}` "
                 f"{{src0_validRow}}x{{src0_validCol}}, src1 `{_esc(s1.text)}` {{src1_validRow}}x{{src1_validCol}}: "
                 f"one source must have dst's valid shape and the other must not exceed it; {effect}", show)


@rule("PTO608", "tpartarg-index-dtype", instructions=IDX_CHECKED, fault="unsupported-dtype",
      provenance=(Provenance("header-static", A2 + "TPartArgOp.hpp (checkTiles)", "static_assert dstIdx, srcIdx0 "
                             "and srcIdx1 have one element type; float values take int32/uint32 indices, half "
                             "values int32/uint32/int16/uint16"),
                  Provenance("header-static", A5 + "TPartArgBinOps.hpp (TPartArgCheck)", "the same two "
                             "static_asserts"),
                  Provenance("isa-doc", DOCS + "TPARTARGMAX.md, TPARTARGMIN.md", "index tiles are integer tiles "
                             "of one type; the value-dependent widths are taken from the headers")))
def tpartarg_index_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TPARTARGMAX/TPARTARGMIN index tiles have an element type the implementation rejects.

    ## What it does
    Checks that `dstIdx`, `src0Idx` and `src1Idx` share one element type and that it fits the value
    type: int32 or uint32 for float values; int32, uint32, int16 or uint16 for half values.

    ## Why is this bad?
    Both targets reject any other combination with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> v0, v1, vOut;
    Tile<TileType::Vec, int16_t, 16, 64> i0, i1, iOut;  // 16-bit indices with float values
    TPARTARGMAX(vOut, v0, v1, iOut, i0, i1);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int32_t, 16, 64> i0, i1, iOut;
    TPARTARGMAX(vOut, v0, v1, iOut, i0, i1);
    ```
    """
    f = _facts(ctx)
    if f is None or not f.idx or not _type_ok(ctx, f, ctx.tile(f.typed)):
        return None
    bad = _idx_bad(ctx, f)
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: " + "; ".join(bad) + f": rejected on {ctx.target}")


@rule("PTO609", "tpartarg-valid-shape-noop", instructions=PART_ARG, targets=("a2a3",), fault="no-op",
      provenance=(Provenance("header-runtime", A2 + "TPartArgOp.hpp (checkTiles, TPartArgInstr)", "returns before "
                             "computing unless each index tile has its value tile's valid shape and dst's valid "
                             "shape is the element-wise max of src0's and src1's; then handles equal shapes, "
                             "equal column counts, or one source no larger in rows and narrower in columns, and "
                             "otherwise only PTO_ASSERTs: a release build writes nothing"),
                  Provenance("header-runtime", A5 + "TPartArgBinOps.hpp", "A5 checks the same with PTO_ASSERT "
                             "only and then copies/compares anyway: not modelled"),
                  Provenance("isa-doc", DOCS + "TPARTARGMAX.md", "at most one source is smaller than dst")))
def tpartarg_valid_shape_noop(ctx: Ctx) -> Check | None:
    """
    ## Summary
    On A2/A3, TPARTARGMAX/TPARTARGMIN valid shapes that break the contract make the instruction do nothing.

    ## What it does
    On the path reaching the call with a non-empty `dst`, checks that `dstIdx`, `src0Idx` and `src1Idx`
    have the valid shapes of `dst`, `src0` and `src1`, that `dst`'s valid shape is the element-wise
    maximum of the sources', and that the sources are combinable: equal shapes, equal column counts,
    or one source no taller and strictly narrower than the other.

    ## Why is this bad?
    The A2/A3 implementation tests these conditions at run time and returns early (or reaches a
    `PTO_ASSERT(false)` that release builds compile out) without writing `dst` or `dstIdx`: both keep
    stale data and every later use of the arg-max/arg-min is garbage.

    ## Example
    ```cpp
    using V = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using I = Tile<TileType::Vec, int32_t, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    V v0(16, 64), v1(rows, 64), vOut(16, 64);
    I i0(16, 64), i1(16, 64), iOut(16, 64);  // i1 does not follow v1's valid rows
    TPARTARGMAX(vOut, v0, v1, iOut, i0, i1);
    ```

    ## Use instead
    ```cpp
    I i0(16, 64), i1(rows, 64), iOut(16, 64);
    TPARTARGMAX(vOut, v0, v1, iOut, i0, i1);
    ```
    """
    t = _arg_tiles(ctx)
    if t is None:
        return None
    r = {n: v.valid_row for n, v in t.items()}
    c = {n: v.valid_col for n, v in t.items()}

    def mx(a, b):
        return z3.If(a >= b, a, b)

    idx_ok = z3.And(*[z3.And(r[n] == r[n + "Idx"], c[n] == c[n + "Idx"]) for n in ("dst", "src0", "src1")])
    dst_ok = z3.And(r["dst"] == mx(r["src0"], r["src1"]), c["dst"] == mx(c["src0"], c["src1"]))
    combinable = z3.Or(c["src0"] == c["src1"], z3.And(r["src0"] <= r["src1"], c["src0"] < c["src1"]),
                       z3.And(r["src1"] <= r["src0"], c["src1"] < c["src0"]))
    nonempty = z3.And(r["dst"] > 0, c["dst"] > 0)
    show = {}
    for n in t:
        show[f"{n}_validRow"], show[f"{n}_validCol"] = r[n], c[n]
    shapes = ", ".join(f"{n} {{{n}_validRow}}x{{{n}_validCol}}" for n in t)
    return Check(z3.And(nonempty, z3.Not(z3.And(idx_ok, dst_ok, combinable))),
                 f"{ctx.builtin}: valid shapes {shapes}: each index tile must have its value tile's shape, dst the "
                 "max of the sources', and one source must fit in the other; A2/A3 returns without writing dst or "
                 "dstIdx in release builds", show)


MAX_EQ = tuple(i for i in INSTR if any(f.max_eq for f in FACTS[i].values()))


@rule("PTO220", "tpart-a5-valid-shape-assert", instructions=MAX_EQ, targets=("a5",), fault="valid-region",
      provenance=(Provenance("header-runtime", A5 + "TPartBinOps.hpp (TPARTOP_IMPL)", "PTO_ASSERT (dst == src0 || "
                             "dst == src1) && max(src0, src1) == dst over the valid rows and columns; release builds "
                             "combine the sources' overlap and copy dst's other rows and columns from the larger "
                             "source"),
                  Provenance("header-runtime", A5 + "TPartArgBinOps.hpp (TPartArgCheck)", "PTO_ASSERT each index "
                             "tile's valid shape equal to its value tile's, dst equal to src0 or src1 and the "
                             "element-wise max of both; release builds return on an empty dst, copy the other "
                             "source when one is empty, and otherwise compare the overlap and copy the rest from the "
                             "larger source"),
                  Provenance("isa-doc", DOCS + "TPARTADD.md, TPARTARGMAX.md", "at most one of src0/src1 may be "
                             "smaller than dst (the docs do not spell out the index tiles' shapes)")))
def tpart_a5_valid_shape_assert(ctx: Ctx) -> Check | None:
    """
    ## Summary
    On A5, a TPART* / TPARTARG* call breaks the valid-shape `PTO_ASSERT`: dst equal to one source and
    the element-wise maximum of both (TPARTARG: each index tile shaped like its value tile).

    ## What it does
    Evaluates the A5 header's assertion on the path reaching the call: one of src0 / src1 has dst's
    valid shape, dst's valid rows and columns are the maxima of the sources', and for TPARTARGMAX /
    TPARTARGMIN `dstIdx`, `src0Idx`, `src1Idx` have the valid shapes of `dst`, `src0`, `src1`. For
    TPARTADD / TPARTMAX / TPARTMIN / TPARTMUL it reports only the paths PTO607 does not already report
    (there the larger source does not cover dst: a stale read).

    ## Why is this bad?
    The condition is a `PTO_ASSERT`: a debug build traps at the call. A release build runs on: it
    combines the overlap and copies dst's other rows and columns from the larger source, so a dst
    narrower than the larger source silently drops its extra columns, and an index tile whose valid
    shape differs from its value tile's is still read over the value tile's shape (its stale indices
    are merged into dstIdx).

    ## Example
    ```cpp
    using V = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using I = Tile<TileType::Vec, int32_t, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    V run(16, 64), blk(rows, 64), out(16, 64);
    I runIdx(16, 64), blkIdx(16, 64), outIdx(16, 64);  // blkIdx keeps 16 rows on the tail
    TPARTARGMAX(out, run, blk, outIdx, runIdx, blkIdx);
    ```

    ## Use instead
    ```cpp
    I runIdx(16, 64), blkIdx(rows, 64), outIdx(16, 64);  // each index tile shaped like its values
    TPARTARGMAX(out, run, blk, outIdx, runIdx, blkIdx);
    ```
    """
    f = _facts(ctx)
    if f is None or not f.max_eq or _compile_errors(ctx, f):
        return None
    names = ("dst", "src0", "src1") + tuple(n for n in f.idx if ctx.tile(n) is not None)
    t = {n: ctx.tile(n) for n in names}
    if any(v is None for v in t.values()) or (f.idx and len(names) != 6):
        return None
    r = {n: v.valid_row for n, v in t.items()}
    c = {n: v.valid_col for n, v in t.items()}

    def mx(a, b):
        return z3.If(a >= b, a, b)

    def same(a: str, b: str) -> z3.BoolRef:
        return z3.And(r[a] == r[b], c[a] == c[b])

    ok = [z3.Or(same("dst", "src0"), same("dst", "src1")), r["dst"] == mx(r["src0"], r["src1"]),
          c["dst"] == mx(c["src0"], c["src1"])]
    ok += [same(n, n + "Idx") for n in ("dst", "src0", "src1") if f.idx]
    bad = z3.Not(z3.And(*ok))
    if not f.idx:  # TPART*: PTO607 reports the stale read of a larger source not covering a non-empty dst
        dst = t["dst"]
        bad = z3.And(bad, z3.Not(z3.And(dst.valid_row > 0, dst.valid_col > 0,
                                         _a5_part_stale(dst, t["src0"], t["src1"]))))
    show = {}
    for n in names:
        show[f"{n}_validRow"], show[f"{n}_validCol"] = r[n], c[n]
    shapes = ", ".join(f"{n} `{_esc(v.text)}` {{{n}_validRow}}x{{{n}_validCol}}" for n, v in t.items())
    idx = " and each index tile its value tile's" if f.idx else ""
    return Check(bad, f"{ctx.builtin}: valid shapes {shapes}: A5 asserts dst equal to one source and the max of "
                      f"both{idx}; debug builds trap at the PTO_ASSERT, release builds combine the overlap and copy "
                      "the rest of dst from the larger source", show)

"""Differential check of ptolint's compile-time rules against the vendor PTO ISA headers.

Usage: python bench/differential.py PTO_ISA_DIR [--target a2a3,a5,a6,kirin9030,kirinx90,kirindev0000|all]
                                    [--instr TADD,TDIVS ...] [--sample N] [--limit N] [--seed S] [-j N] [--out DIR]
                                    [--json OUT] [--list] [--baseline] [--mutate [--per-kernel N] [--resume JSONL]]

Generates small, complete kernels over instruction x dtype x layout x shape x location x template-argument
combinations (from the declarative SPECS below), and for each combination and target compares two verdicts:

* the vendor's: the kernel parsed against the real headers (`-I PTO_ISA_DIR/include --headers real`, the target's
  macros exactly as `ptolint info --target T` shows them). A failed `static_assert`, a "no matching function"
  error or a builtin the target does not implement (pto_instr.hpp's wrapper names an undeclared `*_IMPL`) is a
  rejection; any other error (a host stand-in gap, unrelated header breakage, a generator bug) is a "vendor
  parse failure", counted apart and left out of the comparison. Errors the headers report for a kernel that
  calls no builtin (the Kirin 9030 / X90 headers at pto-isa 3186c381 do not compile: `--baseline` lists them)
  are subtracted from every kernel's on that target;
* ptolint's: the kernel checked on the bundled model (`--headers model`). A rejection is an error-level
  finding that claims a compile-time rejection the vendor can confirm: failure kind `compile-error`
  (ptolint.failure), its rule has `header-static` provenance and no `header-runtime` provenance (valid-region
  rules are run-time checks the headers cannot make at compile time), and its message does not say that the
  headers leave the case unchecked (see UNCHECKED). Error-level findings of every other compile-time rule
  are "ptolint flags a hazard the compiler accepts": the call compiles but silently does nothing or computes
  garbage. They are reported apart (per instruction and grouped by rule) and never counted as a disagreement.
  A call ptolint reports as not checked (no rule has facts for the implementation the target uses:
  ptolint.impls) and does not reject is "not checked", counted apart (with how many of them the vendor
  rejects). A model parse error is a "model parse failure", also counted apart.

A combination agrees when both accept or both reject. Reports, per target and instruction, the number of
combinations, the agreement, and every disagreement (kernel saved under --out with the vendor's message and
ptolint's findings), grouped by cause signature (vendor assertion site, ptolint rules).

--mutate: the same comparison over one-edit mutants of the vendor's own ST kernels
(PTO_ISA_DIR/tests/npu/<target>/src/st/testcase/*/*.cpp): per kernel and target, --per-kernel edits drawn with
the seed, each changing one argument of one declaration (a Tile's location, element type, rows, cols or outer
layout; a TileLeft / TileRight / TileAcc's element type, rows or cols; a GlobalTensor's element type; a Shape's
last two dimensions); --sample N takes N kernels per target. A mutant counts only when both sides accept its
original kernel. The report groups by kind of edit and lists every false compile error (a rejection ptolint
claims that the vendor accepts). Mutants are written under --out only. The mutants run round-robin (every kernel's
first, then every kernel's second, ...), so a run stopped early is a spread sample; --resume OUT/results.jsonl
reuses what an earlier run computed.

Run by hand (never in CI); nothing of the ISA checkout is copied anywhere.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from ptolint.fixes import _template_args as template_args

TARGETS = ("a2a3", "a5", "a6", "kirin9030", "kirinx90", "kirindev0000")
SEED = 20240606

# --------------------------------------------------------------------------------------------- tile model

SIZEOF = {
    "float": 4, "half": 2, "bfloat16_t": 2, "int32_t": 4, "uint32_t": 4, "int16_t": 2, "uint16_t": 2,
    "int8_t": 1, "uint8_t": 1, "int64_t": 8, "uint64_t": 8,
}
#: element types of the generic (vector) instructions
VEC_DTYPES = ("float", "half", "bfloat16_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t",
              "int64_t", "uint64_t")
#: a dtype swapped in for one operand: one of the same width (other kind), one of another width
ALT_DTYPES = {
    "float": ("int32_t", "half"), "half": ("bfloat16_t", "float"), "bfloat16_t": ("half", "float"),
    "int32_t": ("uint32_t", "float"), "uint32_t": ("int32_t", "uint16_t"), "int16_t": ("half", "int32_t"),
    "uint16_t": ("int16_t", "uint8_t"), "int8_t": ("uint8_t", "half"), "uint8_t": ("int8_t", "uint16_t"),
    "int64_t": ("uint64_t", "int32_t"), "uint64_t": ("int64_t", "float"),
}
#: layout name -> (BLayout, SLayout, fractal bytes)
LAYOUTS = {
    "ND": ("RowMajor", "NoneBox", 512),
    "DN": ("ColMajor", "NoneBox", 512),
    "NZ": ("ColMajor", "RowMajor", 512),
    "ZZ": ("RowMajor", "RowMajor", 512),
    "ZN": ("RowMajor", "ColMajor", 512),
    "NZC": ("ColMajor", "RowMajor", 1024),  # the accumulator's fractal
}
#: TileLeft / TileRight / TileAcc: the headers' aliases (TileLeft's outer layout depends on the target)
ALIASES = {"left": "TileLeft", "right": "TileRight", "acc": "TileAcc"}
BUFFER_ALIGN = 512


def acc_of(dtype: str) -> str:
    return "int32_t" if dtype in ("int8_t", "uint8_t") else "float"


@dataclass(frozen=True)
class Role:
    """One operand of an instruction: its tile type is derived from the combination's dims and dtype."""

    name: str
    loc: str = "Vec"
    layout: str = "ND"  # a LAYOUTS key or an ALIASES key
    shape: tuple = ("R", "C")  # dims names, ints, or "BLK" (32 bytes of the element type)
    dtype: str = "T"  # "T" (the combination's dtype), "ACC" (acc_of(T)), "U" (the second dtype) or a type
    valid: tuple | None = None  # static valid region; default = the shape


@dataclass(frozen=True)
class Base:
    """A named starting point of a combination: role overrides (e.g. one data path of TMOV)."""

    name: str
    roles: tuple[Role, ...]
    dtypes: tuple = ()  # dtype axis for this base; () = the spec's
    targets: tuple[str, ...] = TARGETS  # targets where this base is meant to be valid (informational)


@dataclass(frozen=True)
class Spec:
    """How to generate combinations of one instruction.

    call: the statement, with {I} the instruction, {T} the template arguments, {S} the scalar argument.
    dtypes: the dtype axis (str: the "T" of every role; tuple (T, U): the two dtypes of a conversion).
    shapes: dims dicts. targs: template argument strings. perturb: which one-operand changes to make
    ("dtype", "loc", "layout" -> roles and alternatives).
    """

    name: str
    family: str
    call: str
    bases: tuple[Base, ...]
    dtypes: tuple = VEC_DTYPES
    shapes: tuple = ({"R": 16, "C": 64}, {"R": 32, "C": 32})
    targs: tuple[str, ...] = ("",)
    perturb_dtype: tuple[str, ...] = ()
    perturb_loc: dict = field(default_factory=dict)
    perturb_layout: dict = field(default_factory=dict)
    scalar_of: str = ""  # role whose DType the scalar argument has
    globals_: tuple = ()  # (name, role) GlobalTensor operands matching a tile role


@dataclass(frozen=True)
class TileT:
    loc: str
    dtype: str
    rows: int
    cols: int
    layout: str
    vrow: int
    vcol: int

    def cpp(self) -> str:
        if self.layout in ALIASES:
            valid = "" if (self.vrow, self.vcol) == (self.rows, self.cols) else f", {self.vrow}, {self.vcol}"
            return f"{ALIASES[self.layout]}<{self.dtype}, {self.rows}, {self.cols}{valid}>"
        b, s, frac = LAYOUTS[self.layout]
        return (f"Tile<TileType::{self.loc}, {self.dtype}, {self.rows}, {self.cols}, BLayout::{b}, {self.vrow}, "
                f"{self.vcol}, SLayout::{s}, {frac}>")

    @property
    def nbytes(self) -> int:
        return self.rows * self.cols * SIZEOF.get(self.dtype, 4)


@dataclass(frozen=True)
class Combo:
    instr: str
    family: str
    base: str
    dtype: str  # "half" or "half->float"
    dims: str
    targ: str
    variant: str  # "ok" or "dtype:src1=float", "loc:dst=Mat", "layout:src0=DN"
    tiles: tuple  # ((role, TileT), ...)
    call: str
    globals_: tuple = ()

    @property
    def key(self) -> str:
        return f"{self.instr}|{self.base}|{self.dtype}|{self.dims}|{self.targ or '-'}|{self.variant}"

    @property
    def slug(self) -> str:
        h = hashlib.sha1(self.key.encode()).hexdigest()[:10]
        return f"{self.instr}_{h}"

    def kernel(self) -> str:
        return render(self)


def resolve_dim(x, dims: dict, dtype: str) -> int:
    if isinstance(x, int):
        return x
    if x == "BLK":
        return max(1, 32 // SIZEOF.get(dtype, 4))
    return dims[x]


def role_dtype(role: Role, t: str, u: str) -> str:
    return {"T": t, "ACC": acc_of(t), "U": u}.get(role.dtype, role.dtype)


def make_tile(role: Role, dims: dict, t: str, u: str) -> TileT:
    dtype = role_dtype(role, t, u)
    rows, cols = (resolve_dim(x, dims, dtype) for x in role.shape)
    vr, vc = (rows, cols) if role.valid is None else (resolve_dim(x, dims, dtype) for x in role.valid)
    return TileT(role.loc, dtype, rows, cols, role.layout, vr, vc)


def render(c: Combo) -> str:
    """A complete kernel: one Tile type per operand, TASSIGN addresses packed per buffer, one call."""
    lines = [
        f"// ptolint differential check: {c.instr} base={c.base} dtype={c.dtype} dims={c.dims} "
        f"targs={c.targ or '-'} variant={c.variant}",
        "#include <pto/pto-inst.hpp>",
        "",
        "using namespace pto;",
        "",
        'extern "C" __global__ AICORE void kernel(__gm__ uint8_t* gm)',
        "{",
    ]
    offsets: dict[str, int] = defaultdict(int)
    for role, tt in c.tiles:
        lines.append(f"    using {role.capitalize()}Tile = {tt.cpp()};")
    for gname, role in c.globals_:
        tt = dict(c.tiles)[role]
        lines.append(f"    using {gname.capitalize()}Data = GlobalTensor<{tt.dtype}, Shape<1, 1, 1, {tt.rows}, "
                     f"{tt.cols}>, Stride<1, 1, 1, {tt.cols}, 1>>;")
    for role, _ in c.tiles:
        lines.append(f"    {role.capitalize()}Tile {role};")
    for gname, role in c.globals_:
        tt = dict(c.tiles)[role]
        lines.append(f"    {gname.capitalize()}Data {gname}((__gm__ {tt.dtype}*)gm);")
    for role, tt in c.tiles:
        lines.append(f"    TASSIGN({role}, 0x{offsets[tt.loc]:x});")
        offsets[tt.loc] += -(-tt.nbytes // BUFFER_ALIGN) * BUFFER_ALIGN
    lines.append(f"    {c.call}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------- the specs

V = Role  # shorthand
FULL3 = (V("dst"), V("src0"), V("src1"))
VEC_LOCS = ("Mat", "Acc")
VEC_LAYOUTS = ("DN", "NZ")


def binary(name: str, tmp: bool = False, targs: tuple[str, ...] = ("",)) -> Spec:
    roles = FULL3 + ((V("tmp"),) if tmp else ())
    args = "dst, src0, src1" + (", tmp" if tmp else "")
    return Spec(name, "elementwise", f"{{I}}{{T}}({args});", (Base("vec", roles),), targs=targs,
                perturb_dtype=("dst", "src0", "src1"), perturb_loc={"dst": VEC_LOCS, "src1": VEC_LOCS},
                perturb_layout={"dst": VEC_LAYOUTS, "src0": VEC_LAYOUTS})


def tile_scalar(name: str, tmp: bool = False, scalar_of: str = "src", targs: tuple[str, ...] = ("",),
                scalar_first: bool = False) -> Spec:
    """dst = src op scalar (TDIVS also has the scalar-first form dst = scalar / src)."""
    roles = (V("dst"), V("src")) + ((V("tmp"),) if tmp else ())
    args = ("dst, {S}, src" if scalar_first else "dst, src, {S}") + (", tmp" if tmp else "")
    return Spec(name, "tile-scalar", f"{{I}}{{T}}({args});", (Base("scalar-first" if scalar_first else "vec", roles),),
                targs=targs,
                perturb_dtype=("dst", "src"), perturb_loc={"dst": VEC_LOCS, "src": VEC_LOCS},
                perturb_layout={"dst": VEC_LAYOUTS, "src": VEC_LAYOUTS}, scalar_of=scalar_of)


def unary(name: str, targs: tuple[str, ...] = ("",)) -> Spec:
    return Spec(name, "unary", "{I}{T}(dst, src);", (Base("vec", (V("dst"), V("src"))),), targs=targs,
                perturb_dtype=("dst", "src"), perturb_loc={"dst": VEC_LOCS, "src": VEC_LOCS},
                perturb_layout={"dst": VEC_LAYOUTS, "src": VEC_LAYOUTS})


ROWVEC = V("dst", layout="DN", shape=("R", 1))
ROWBLK = V("dst", layout="ND", shape=("R", "BLK"))
COLVEC = V("dst", shape=(1, "C"))


def row_reduce(name: str) -> Spec:
    return Spec(name, "reduce", "{I}(dst, src, tmp);",
                (Base("dn-dst", (ROWVEC, V("src"), V("tmp"))), Base("nd-dst", (ROWBLK, V("src"), V("tmp")))),
                shapes=({"R": 16, "C": 64}, {"R": 32, "C": 128}),
                perturb_dtype=("dst", "src"), perturb_loc={"dst": VEC_LOCS, "src": VEC_LOCS, "tmp": ("Mat",)},
                perturb_layout={"src": ("DN", "NZ")})


def col_reduce(name: str) -> Spec:
    return Spec(name, "reduce", "{I}(dst, src);", (Base("row-dst", (COLVEC, V("src"))),),
                shapes=({"R": 16, "C": 64}, {"R": 32, "C": 128}),
                perturb_dtype=("dst", "src"), perturb_loc={"dst": VEC_LOCS, "src": VEC_LOCS},
                perturb_layout={"dst": ("DN",), "src": ("DN", "NZ")})


def row_expand(name: str, targs: tuple[str, ...] = ("",)) -> Spec:
    if name == "TROWEXPAND":
        bases = (Base("dn-src", (V("dst"), V("src", layout="DN", shape=("R", 1)))),
                 Base("nd-src", (V("dst"), V("src", shape=("R", "BLK"), valid=("R", 1)))))
        return Spec(name, "expand", "{I}(dst, src);", bases, shapes=({"R": 16, "C": 64}, {"R": 32, "C": 128}),
                    perturb_dtype=("src",), perturb_loc={"dst": VEC_LOCS, "src": VEC_LOCS},
                    perturb_layout={"dst": ("DN", "NZ")})
    bases = (Base("dn-src1", (V("dst"), V("src0"), V("src1", layout="DN", shape=("R", 1)))),
             Base("blk-src1", (V("dst"), V("src0"), V("src1", shape=("R", "BLK")))))
    return Spec(name, "expand", "{I}{T}(dst, src0, src1);", bases, targs=targs,
                shapes=({"R": 16, "C": 64}, {"R": 32, "C": 128}),
                perturb_dtype=("dst", "src0", "src1"), perturb_loc={"dst": VEC_LOCS, "src1": VEC_LOCS},
                perturb_layout={"dst": ("DN", "NZ"), "src0": ("DN",)})


def col_expand(name: str, targs: tuple[str, ...] = ("",)) -> Spec:
    if name == "TCOLEXPAND":
        return Spec(name, "expand", "{I}(dst, src);", (Base("row-src", (V("dst"), V("src", shape=(1, "C")))),),
                    shapes=({"R": 16, "C": 64}, {"R": 32, "C": 128}),
                    perturb_dtype=("src",), perturb_loc={"dst": VEC_LOCS, "src": VEC_LOCS},
                    perturb_layout={"dst": ("DN", "NZ"), "src": ("DN",)})
    return Spec(name, "expand", "{I}{T}(dst, src0, src1);",
                (Base("row-src1", (V("dst"), V("src0"), V("src1", shape=(1, "C")))),), targs=targs,
                shapes=({"R": 16, "C": 64}, {"R": 32, "C": 128}),
                perturb_dtype=("dst", "src0", "src1"), perturb_loc={"dst": VEC_LOCS, "src1": VEC_LOCS},
                perturb_layout={"dst": ("DN", "NZ"), "src0": ("DN",), "src1": ("DN",)})


HP = "<DivAlgorithm::HIGH_PRECISION>"
MM_DTYPES = ("half", "bfloat16_t", "float", "int8_t", "uint8_t", "int16_t", "int32_t")
MM_SHAPES = ({"M": 16, "K": 32, "N": 16}, {"M": 32, "K": 64, "N": 32})
GEMV_SHAPES = ({"M": 1, "K": 64, "N": 32}, {"M": 1, "K": 128, "N": 16})
C_ROLE = V("c", loc="Acc", layout="acc", shape=("M", "N"), dtype="ACC")
A_ROLE = V("a", loc="Left", layout="left", shape=("M", "K"))
B_ROLE = V("b", loc="Right", layout="right", shape=("K", "N"))
BIAS_ROLE = V("bias", loc="Bias", shape=(1, "N"), dtype="ACC")
GEMV_C = replace(C_ROLE, shape=(16, "N"))


def matmul(name: str) -> Spec:
    gemv = name.startswith("TGEMV")
    c = GEMV_C if gemv else C_ROLE
    roles = (c, A_ROLE, B_ROLE)
    call = "{I}(c, a, b);"
    if name.endswith("_ACC"):
        roles = (c, V("cin", loc="Acc", layout="acc", shape=c.shape, dtype="ACC"), A_ROLE, B_ROLE)
        call = "{I}(c, cin, a, b);"
    elif name.endswith("_BIAS"):
        roles = (c, A_ROLE, B_ROLE, BIAS_ROLE)
        call = "{I}(c, a, b, bias);"
    return Spec(name, "matmul", call, (Base("cube", roles),), dtypes=MM_DTYPES,
                shapes=GEMV_SHAPES if gemv else MM_SHAPES, perturb_dtype=tuple(r.name for r in roles),
                perturb_loc={"c": ("Vec", "Mat"), "a": ("Mat", "Right"), "b": ("Left", "Vec")},
                perturb_layout={"a": ("ND", "NZ"), "b": ("ZZ", "NZ")})


# TEXTRACT / TMOV data paths: role shapes are over R x C (src) and H = R // 2 rows (dst windows of TEXTRACT)
MOV_PATHS = (
    Base("mat-left", (V("dst", loc="Left", layout="left"), V("src", loc="Mat", layout="NZ")),
         ("half", "bfloat16_t", "float", "int8_t")),
    Base("mat-right", (V("dst", loc="Right", layout="right"), V("src", loc="Mat", layout="ZN")),
         ("half", "bfloat16_t", "float", "int8_t")),
    Base("acc-mat", (V("dst", loc="Mat", layout="NZ"), V("src", loc="Acc", layout="acc", dtype="ACC")),
         ("half", "bfloat16_t", "float", "int8_t")),
    Base("vec-vec", (V("dst"), V("src")), ("float", "half", "int16_t", "int8_t", "int32_t", "uint8_t")),
    Base("acc-vec", (V("dst"), V("src", loc="Acc", layout="acc", dtype="ACC")), ("float", "half"), ("a5",)),
    Base("vec-mat", (V("dst", loc="Mat", layout="NZ"), V("src", layout="NZ")), ("half", "float"), ("a5",)),
)
TMOV_EXTRA = (
    Base("mat-bias", (V("dst", loc="Bias", shape=(1, "C"), dtype="ACC"), V("src", loc="Mat", shape=(1, "C"))),
         ("half", "float", "int32_t", "bfloat16_t")),
    Base("mat-scaling", (V("dst", loc="Scaling", shape=(1, "C")), V("src", loc="Mat", shape=(1, "C"))),
         ("uint64_t", "int64_t", "float")),
)


def window(base: Base) -> Base:
    """TEXTRACT: the destination is a window of half the rows of the source."""
    dst = base.roles[0]
    return replace(base, roles=(replace(dst, shape=("H", "C")),) + base.roles[1:])


def textract() -> Spec:
    return Spec("TEXTRACT", "textract", "{I}{T}(dst, src, 0, 0);", tuple(window(b) for b in MOV_PATHS),
                shapes=({"R": 32, "C": 32, "H": 16}, {"R": 32, "C": 64, "H": 16}),
                perturb_dtype=("dst", "src"), perturb_loc={"dst": ("Vec", "Acc"), "src": ("Vec", "Left")},
                perturb_layout={"dst": ("ND", "ZN"), "src": ("ND", "DN")})


def tmov() -> Spec:
    return Spec("TMOV", "tmov", "{I}(dst, src);", MOV_PATHS + TMOV_EXTRA,
                shapes=({"R": 16, "C": 32}, {"R": 32, "C": 64}),
                perturb_dtype=("dst", "src"), perturb_loc={"dst": ("Vec", "Acc", "Right"), "src": ("Vec", "Left")},
                perturb_layout={"dst": ("ND", "ZN"), "src": ("ND", "DN")})


def treshape() -> Spec:
    bases = (Base("vec", (V("dst", shape=("H", "W")), V("src"))),
             Base("mat-nz", (V("dst", loc="Mat", layout="NZ", shape=("H", "W")), V("src", loc="Mat", layout="NZ"))))
    return Spec("TRESHAPE", "treshape", "{I}(dst, src);", bases,
                shapes=({"R": 16, "C": 64, "H": 32, "W": 32}, {"R": 32, "C": 64, "H": 16, "W": 128},
                        {"R": 16, "C": 64, "H": 16, "W": 32}),  # the last one: byte sizes differ
                perturb_dtype=("dst",), perturb_loc={"dst": ("Mat", "Acc")}, perturb_layout={"dst": ("DN", "NZ")})


def trowprod() -> Spec:
    s = row_reduce("TROWPROD")
    return replace(s, perturb_loc={**s.perturb_loc, "tmp": ("Mat",)})


def tload_tstore(name: str) -> Spec:
    bases = (Base("vec-nd", (V("tile"),)), Base("vec-dn", (V("tile", layout="DN"),)),
             Base("mat-nz", (V("tile", loc="Mat", layout="NZ"),)), Base("mat-nd", (V("tile", loc="Mat"),)))
    if name == "TSTORE":
        bases += (Base("acc", (V("tile", loc="Acc", layout="acc"),), ("float", "int32_t", "half")),)
        call = "{I}(g, tile);"
    else:
        bases += (Base("left", (V("tile", loc="Left", layout="left"),), ("half", "float")),)
        call = "{I}(tile, g);"
    return Spec(name, "tload-tstore", call, bases, shapes=({"R": 16, "C": 64}, {"R": 32, "C": 32}),
                perturb_loc={"tile": ("Left", "Right", "Bias", "Scaling")}, globals_=(("g", "tile"),))


CVT_PAIRS = tuple((t, u) for t in ("float", "half", "bfloat16_t", "int32_t", "int16_t", "int8_t", "uint8_t", "int64_t")
                  for u in ("float", "half", "bfloat16_t", "int32_t", "int16_t", "int8_t", "uint8_t", "int64_t"))


def tcvt() -> Spec:
    return Spec("TCVT", "tcvt", "{I}(dst, src, RoundMode::CAST_RINT);",
                (Base("vec", (V("dst", dtype="U"), V("src"))),), dtypes=CVT_PAIRS,
                shapes=({"R": 16, "C": 64},), perturb_loc={"dst": ("Mat",)}, perturb_layout={"src": ("DN",)})


def build_specs() -> dict[str, Spec]:
    specs = [
        textract(), trowprod(), treshape(),
        col_expand("TCOLEXPANDMAX"),
        tile_scalar("TDIVS", targs=("", HP)), tile_scalar("TDIVS", scalar_first=True, scalar_of="dst", targs=("", HP)),
    ]
    for n in ("TADD", "TSUB", "TMUL", "TMAX", "TMIN", "TAND", "TOR", "TSHL", "TSHR"):
        specs.append(binary(n))
    specs += [binary("TDIV", targs=("", HP)), binary("TXOR", tmp=True), binary("TREM", tmp=True),
              binary("TFMOD")]
    for n in ("TADDS", "TSUBS", "TMULS", "TMAXS", "TMINS", "TLRELU", "TFMODS"):
        specs.append(tile_scalar(n))
    for n in ("TANDS", "TORS", "TSHLS", "TSHRS"):
        specs.append(tile_scalar(n, scalar_of="dst"))
    specs += [tile_scalar("TXORS", tmp=True), tile_scalar("TREMS", tmp=True)]
    for n in ("TEXP", "TLOG", "TSQRT", "TRSQRT", "TRECIP"):
        specs.append(unary(n))
    for n in ("TABS", "TRELU", "TNOT", "TNEG"):
        specs.append(unary(n))
    for n in ("TROWSUM", "TROWMAX", "TROWMIN"):
        specs.append(row_reduce(n))
    for n in ("TCOLSUM", "TCOLMAX", "TCOLMIN", "TCOLPROD"):
        specs.append(col_reduce(n))
    for n in ("TROWEXPANDADD", "TROWEXPANDSUB", "TROWEXPANDMUL", "TROWEXPANDMAX", "TROWEXPANDMIN",
              "TROWEXPANDEXPDIF", "TROWEXPAND"):
        specs.append(row_expand(n))
    specs.append(row_expand("TROWEXPANDDIV", targs=("", HP)))
    for n in ("TCOLEXPANDADD", "TCOLEXPANDSUB", "TCOLEXPANDMUL", "TCOLEXPANDMIN", "TCOLEXPANDEXPDIF", "TCOLEXPAND"):
        specs.append(col_expand(n))
    specs.append(col_expand("TCOLEXPANDDIV", targs=("", HP)))
    for n in ("TMATMUL", "TMATMUL_ACC", "TMATMUL_BIAS", "TGEMV", "TGEMV_ACC", "TGEMV_BIAS"):
        specs.append(matmul(n))
    specs += [tmov(), tload_tstore("TLOAD"), tload_tstore("TSTORE"), tcvt()]
    out: dict[str, list[Spec]] = defaultdict(list)
    for s in specs:
        out[s.name].append(s)
    return out


SPECS = build_specs()


def variants(spec: Spec, base: Base, t: str) -> list[tuple[str, tuple[Role, ...]]]:
    """The unchanged base plus every one-operand change the spec asks for."""
    out = [("ok", base.roles)]
    names = {r.name for r in base.roles}

    def swap(role: str, **kw) -> tuple[Role, ...]:
        return tuple(replace(r, **kw) if r.name == role else r for r in base.roles)

    for role in spec.perturb_dtype:
        if role not in names:
            continue
        cur = next(r for r in base.roles if r.name == role)
        have = role_dtype(cur, t, t)
        for alt in ALT_DTYPES.get(have, ()):
            out.append((f"dtype:{role}={alt}", swap(role, dtype=alt)))
    for role, locs in spec.perturb_loc.items():
        cur = next((r for r in base.roles if r.name == role), None)
        for loc in locs:
            if cur is None or loc == cur.loc:
                continue
            layout = cur.layout if cur.layout in LAYOUTS else "NZ"
            out.append((f"loc:{role}={loc}", swap(role, loc=loc, layout=layout)))
    for role, lays in spec.perturb_layout.items():
        cur = next((r for r in base.roles if r.name == role), None)
        for lay in lays:
            if cur is None or lay == cur.layout:
                continue
            out.append((f"layout:{role}={lay}", swap(role, layout=lay)))
    return out


def generate(instrs: list[str] | None = None) -> list[Combo]:
    """Every combination of the selected instructions (all when None), in a stable order."""
    combos: list[Combo] = []
    seen: set[str] = set()
    for name, specs in SPECS.items():
        if instrs and name not in instrs:
            continue
        for spec in specs:
            for base in spec.bases:
                for dt, dims, targ in itertools.product(base.dtypes or spec.dtypes, spec.shapes, spec.targs):
                    t, u = dt if isinstance(dt, tuple) else (dt, dt)
                    for vname, roles in variants(spec, base, t):
                        tiles = tuple((r.name, make_tile(r, dims, t, u)) for r in roles)
                        scalar = ""
                        if "{S}" in spec.call:
                            scalar = f"({(spec.scalar_of or 'src').capitalize()}Tile::DType)2"
                        call = spec.call.replace("{I}", spec.name).replace("{T}", targ).replace("{S}", scalar)
                        c = Combo(spec.name, spec.family, base.name, f"{t}->{u}" if isinstance(dt, tuple) else t,
                                  "x".join(f"{k}{v}" for k, v in dims.items()), targ, vname, tiles, call,
                                  spec.globals_)
                        if c.key not in seen:
                            seen.add(c.key)
                            combos.append(c)
    return combos


def sample(combos: list[Combo], n: int, seed: int = SEED, ok_share: float = 1 / 3) -> list[Combo]:
    """n combinations spread evenly over the instructions (fixed seed). Within an instruction, about `ok_share`
    of the picks are unperturbed bases (most one-operand changes are invalid, so a uniform pick would test
    almost only rejections)."""
    if n <= 0 or n >= len(combos):
        return combos
    rng = random.Random(seed)
    by: dict[str, list[Combo]] = defaultdict(list)
    for c in combos:
        by[c.instr].append(c)
    for instr, lst in by.items():
        ok = [c for c in lst if c.variant == "ok"]
        other = [c for c in lst if c.variant != "ok"]
        rng.shuffle(ok)
        rng.shuffle(other)
        merged = []
        while ok or other:
            take_ok = ok and (not other or rng.random() < ok_share)
            merged.append((ok if take_ok else other).pop())
        by[instr] = merged
    out: list[Combo] = []
    i = 0
    while len(out) < n:
        for lst in by.values():
            if i < len(lst) and len(out) < n:
                out.append(lst[i])
        i += 1
    return out


# --------------------------------------------------------------------------------------------- verdicts

VENDOR_CHECK = re.compile(r"static assertion failed|static_assert failed|no matching function for call to|"
                          r"no matching member function for call to")
#: the builtin does not exist on the target: pto_instr.hpp declares the wrapper for every target, the target's
#: header.hpp includes no `*_IMPL` for it (ptolint's PTO010)
UNAVAILABLE = re.compile(r"use of undeclared identifier '(\w+)_IMPL'")
WRAPPERS = "pto/common/pto_instr.hpp"
#: a plain C++ type error inside the vendor headers (e.g. a2a3 TNOT_IMPL on float passes a float* where an
#: int16_t* is expected): the instantiation does not compile either, so it is a rejection when it is reported
#: in a header file (the same message in the generated kernel would be a generator bug)
#: a finding message saying the vendor headers accept the call (a hazard ptolint reports on purpose)
UNCHECKED = re.compile(r"does not check|nothing checks|not checked|unchecked|compiles to nothing|silently|no-op|"
                       r"is ignored|reads? (?:the source|src\w*|it) as|read as", re.I)

HEADER_TYPE_ERROR = re.compile(r"cannot initialize a parameter of type|no viable conversion from|"
                               r"cannot initialize a variable of type")


def static_rules() -> dict[str, dict]:
    """Every rule with what the comparison needs: compile-time (no header-runtime provenance) and kinds."""
    from ptolint.ruleset import load_rules

    out = {}
    for r in load_rules().values():
        kinds = sorted({p.kind for p in r.provenance})
        out[r.code] = {"static": "header-runtime" not in kinds, "kinds": kinds, "name": r.name,
                       "header_static": "header-static" in kinds and "header-runtime" not in kinds,
                       "instructions": list(r.instructions), "where": [p.where for p in r.provenance
                                                                      if p.kind == "header-static"]}
    return out


#: a kernel that calls no builtin: what the vendor headers report for it on a target are errors of the headers'
#: own code (Kirin 9030 / X90 at pto-isa 3186c381), subtracted from every kernel's diagnostics on that target
BASELINE_KERNEL = """#include <pto/pto-inst.hpp>

using namespace pto;

extern "C" __global__ AICORE void kernel(__gm__ uint8_t* gm)
{
    using T = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512>;
    T t;
    TASSIGN(t, 0x0);
}
"""
_BASELINE: dict[tuple[str, str], frozenset] = {}


def vendor_diagnostics(path: str, target: str, include: str, source: str | None = None) -> list:
    """The real headers' error diagnostics for one file (parsed with ptolint's arguments for the target, i.e.
    the macros `ptolint info --target T` shows)."""
    from ptolint.frontend.parse import ParseOptions, parse

    _, diags = parse(path, target, ParseOptions(includes=[include], headers="real"), source=source)
    return [d for d in diags if d.level == "error" or (d.code == "missing-include" and d.level == "warning")]


def baseline_errors(target: str, include: str) -> frozenset:
    """(file, line, message) of every error the vendor headers report for BASELINE_KERNEL on the target."""
    key = (target, include)
    if key not in _BASELINE:
        path = str(Path(include).parent / "__ptolint_differential_baseline.cpp")  # never written: parsed from memory
        _BASELINE[key] = frozenset((str(d.file), d.line, d.message)
                                   for d in vendor_diagnostics(path, target, include, BASELINE_KERNEL))
    return _BASELINE[key]


def vendor_verdict(path: str, target: str, include: str, source: str | None = None) -> dict:
    base = baseline_errors(target, include)
    errors = [d for d in vendor_diagnostics(path, target, include, source)
              if (str(d.file), d.line, d.message) not in base]
    v = {"errors": [f"{d.file}:{d.line}: {d.message}" for d in errors], "baseline_errors": len(base)}
    return judge_vendor(v, include)


def judge_vendor(v: dict, include: str) -> dict:
    """The vendor's verdict from its error texts (`file:line: message`; set on `v`, also when a stored result is
    re-read): rejections are a failed static_assert or no matching overload anywhere, a C++ type error inside the
    headers, or an undeclared `*_IMPL` in pto_instr.hpp's wrapper (the builtin does not exist there; elsewhere, e.g.
    Kirin X90's TLoad.hpp naming an undeclared TLOAD_TILE_IMPL, it is the headers' own breakage)."""
    if any(e.startswith("crash:") for e in v["errors"]):
        v.update(verdict="parse-failure", checks=[])
        return v

    def check(text: str) -> bool:
        m = ASSERT_SITE.match(text)
        where, msg = (m.group(1), text[m.end():]) if m else ("", text)
        return bool(VENDOR_CHECK.search(msg) or (where.startswith(include) and (
            HEADER_TYPE_ERROR.search(msg) or (UNAVAILABLE.search(msg) and where.endswith(WRAPPERS)))))

    v["checks"] = [t for t in v["errors"] if check(t)]
    v["verdict"] = "reject" if v["checks"] else "parse-failure" if v["errors"] else "accept"
    return v


def model_verdict(path: str, target: str, rules_info: dict, source: str | None = None) -> dict:
    from ptolint.engine import Options, check_file
    from ptolint.frontend.parse import ParseOptions
    from ptolint.report.common import target_kind
    from ptolint.ruleset import load_rules, select_rules

    load_rules()
    rules, _ = select_rules(None, None)
    res = check_file(path, Options(targets=[target], rules=rules, parse=ParseOptions(headers="model")), source=source)
    errors = [f"{d.file}:{d.line}: [{d.code}] {d.message}" for d in res.diagnostics
              if d.level == "error" or d.code in ("missing-include", "internal-error", "solver-unknown")]
    findings = [{"rule": f.rule_id, "level": f.level, "static": rules_info.get(f.rule_id, {}).get("static", True),
                 "message": f.message, "kind": target_kind(f, target)} for f in res.findings]
    unchecked = sorted({f"{b}: {why}" for t, _, b, why in res.unchecked if t == target})
    m = {"findings": findings, "errors": errors, "unchecked": unchecked,
         "calls": sum(s.builtin_calls for s in res.stats.values())}
    return judge_model(m, rules_info)


def judge_model(m: dict, rules_info: dict) -> dict:
    """ptolint's verdict from its findings and diagnostics (set on `m`, also when a stored result is re-read):
    a parse error that is the model's own "no matching function" / static_assert at the call is ptolint
    reporting that the call does not compile (a rejection, "parse-error"); any other parse error or a crash is a
    model parse failure."""
    errors = m.get("errors", [])
    parse = [e for e in errors if "[parse-error]" in e or e.startswith("crash:")]
    m["rules"], m["hazards"] = split_findings(m.get("findings", []), rules_info)
    if parse and not all(VENDOR_CHECK.search(e) for e in parse):
        m["verdict"] = "parse-failure"
        return m
    if parse:
        m["rules"] = sorted({*m["rules"], "parse-error"})
    m["verdict"] = model_call_verdict(m["rules"], m.get("unchecked", []))
    return m


def model_call_verdict(rejecting: list[str], unchecked: list[str]) -> str:
    """reject (a compile-time claim), accept, or not-checked: no rejection, but ptolint said the call was not
    fully checked (no rule has facts for the implementation the target uses), so it claims no acceptance."""
    if rejecting:
        return "reject"
    return "not-checked" if unchecked else "accept"


def split_findings(findings: list[dict], rules_info: dict) -> tuple[list[str], list[str]]:
    """(rules whose error findings claim a compile-time rejection, rules whose error findings flag a hazard the
    compiler accepts). A rejection is what ptolint itself reports as failure kind `compile-error`
    (ptolint.failure, per rule, target, call and message: e.g. PTO901's run-time TASSIGN form is a runtime-fault,
    its template form a compile error; PTO955's A5 static-extent check is a compile error although its A2/A3 twin
    is a run-time assertion) whose message does not say that the headers leave it unchecked. Other error findings
    of rules with no `header-runtime` provenance are hazards; run-time (`header-runtime`) rules' are neither.
    (A stored finding without a kind: `header-static` provenance and no `header-runtime` decide.)"""
    reject, hazard = set(), set()
    for f in findings:
        info = rules_info.get(f["rule"], {})
        if f["level"] != "error":
            continue
        kind = f.get("kind")
        claims = (kind == "compile-error") if kind else (info.get("static", True) and info.get("header_static", True))
        if claims and not UNCHECKED.search(f["message"]):
            reject.add(f["rule"])
        elif info.get("static", True):
            hazard.add(f["rule"])
    return sorted(reject), sorted(hazard)


_RULES: dict | None = None


def run_one(job: tuple) -> dict:
    """One (key, path, target, include[, source]) job: both verdicts. `source` (a mutant's text) is parsed in place
    of the file at `path`, whose directory still anchors the kernel's own includes."""
    key, path, target, include = job[:4]
    source = job[4] if len(job) > 4 else None
    kernel = {"kernel": job[5]} if len(job) > 5 else {}  # where a mutant's text is saved
    global _RULES
    if _RULES is None:
        _RULES = static_rules()
    t0 = time.perf_counter()
    try:
        v = vendor_verdict(path, target, include, source)
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        v = {"verdict": "parse-failure", "checks": [], "errors": [f"crash: {type(exc).__name__}: {exc}"]}
    try:
        m = model_verdict(path, target, _RULES, source)
    except Exception as exc:  # noqa: BLE001
        m = {"verdict": "parse-failure", "rules": [], "findings": [], "errors": [f"crash: {type(exc).__name__}: {exc}"],
             "calls": 0}
    return {"key": key, "path": path, "target": target, "vendor": v, "ptolint": m,
            "seconds": round(time.perf_counter() - t0, 2), **kernel}


# --------------------------------------------------------------------------------------------- mutation mode

#: ST kernel directories under tests/npu (the directory names the target, any case)
ST_GLOB = "src/st/testcase/*/*.cpp"
#: a type, rows/cols or shape argument list opened by one of these names
SITE = re.compile(r"\b(Tile|TileLeft|TileRight|TileAcc|GlobalTensor|Shape)\s*<")
LOCS = ("Vec", "Mat", "Left", "Right", "Acc")
#: what a rows / cols / shape dimension becomes (the dimension's text is X)
DIM_EDITS = ("(X) + 1", "(X) * 2", "(X) / 2", "(X) + 8")


@dataclass(frozen=True)
class Mutant:
    """One edit of one ST kernel: `what` says which argument of which declaration became what."""

    target: str
    path: str  # the original kernel (its directory anchors its includes)
    what: str
    text: str

    @property
    def key(self) -> str:
        return f"MUTANT|{Path(self.path).parent.name}/{Path(self.path).name}|{self.what}"

    @property
    def slug(self) -> str:
        return f"{Path(self.path).stem}_{hashlib.sha1(self.key.encode()).hexdigest()[:10]}"


def code_mask(text: str) -> str:
    """The text with comments and string literals blanked (same length): sites are searched in code only."""
    return re.sub(r'//[^\n]*|/\*[\s\S]*?\*/|"(?:\\.|[^"\\\n])*"',
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def mutation_edits(text: str) -> list[tuple[str, int, int, str]]:
    """Every single edit this mode can make in a kernel: (what, start, end, replacement). A Tile's location,
    element type, rows, cols or outer layout; a TileLeft / TileRight / TileAcc's element type, rows or cols; a
    GlobalTensor's element type; a Shape's last two dimensions."""
    code = code_mask(text)
    edits: list[tuple[str, int, int, str]] = []
    for m in SITE.finditer(code):
        got = template_args(code, m.end() - 1)  # the argument spans, blanks stripped, and the closing '>'
        if got and ";" not in code[m.end():got[1]]:  # a comparison that runs on is no template argument list
            edits += site_edits(text, m.group(1), got[0], text.count("\n", 0, m.start()) + 1)
    return edits


def site_edits(text: str, kind: str, spans: list[tuple[int, int]], line: int) -> list[tuple[str, int, int, str]]:
    """The edits of one declaration `kind<args>` (argument spans in text) at `line`."""
    args = [text[a:b].strip() for a, b in spans]
    edits: list[tuple[str, int, int, str]] = []

    def at(i: int, new: str, label: str) -> None:
        edits.append((f"L{line} {kind} {label}: {args[i]} -> {new}", *spans[i], new))

    def dtype(i: int) -> None:
        for alt in ALT_DTYPES.get(args[i]) or (("half",) if args[i] == "float" else ("float",)):
            at(i, alt, "dtype")

    def dims(idx: tuple[int, ...], names: tuple[str, ...]) -> None:
        for i, nm in zip(idx, names, strict=True):
            if i < len(args) and args[i] and args[i] != "-1":
                for e in DIM_EDITS:
                    at(i, e.replace("X", args[i]), nm)

    if kind == "Tile" and len(args) >= 4 and args[0].startswith("TileType::"):
        for loc in LOCS:
            if f"TileType::{loc}" != args[0]:
                at(0, f"TileType::{loc}", "location")
        dtype(1)
        dims((2, 3), ("rows", "cols"))
        if len(args) > 4 and args[4].startswith("BLayout::"):
            at(4, "BLayout::ColMajor" if args[4].endswith("RowMajor") else "BLayout::RowMajor", "layout")
    elif kind in ("TileLeft", "TileRight", "TileAcc") and len(args) >= 3:
        dtype(0)
        dims((1, 2), ("rows", "cols"))
    elif kind == "GlobalTensor" and len(args) >= 2:
        dtype(0)
    elif kind == "Shape" and len(args) == 5:
        dims((3, 4), ("shape rows", "shape cols"))
    return edits


def st_kernels(root: Path, target: str) -> list[Path]:
    """The ST kernel sources of a target (tests/npu/<target>/src/st/testcase/*/*.cpp, the directory's case as the
    checkout spells it); files with no Tile or GlobalTensor are left out (host code)."""
    base = root / "tests" / "npu"
    dirs = [d for d in base.iterdir() if d.is_dir() and d.name.lower() == target] if base.is_dir() else []
    files = sorted(f for d in dirs for f in d.glob(ST_GLOB))
    return [f for f in files if SITE.search(code_mask(f.read_text(errors="replace")))]


def mutants(root: Path, targets: list[str], per_kernel: int, seed: int,
            kernels: int = 0) -> tuple[list[tuple], list[Mutant]]:
    """(original jobs, mutants): per kernel and target, `per_kernel` distinct single edits drawn with a fixed seed
    (the draw depends on the kernel's path and the target only); `kernels` > 0: that many kernels per target,
    drawn with the seed (every kernel otherwise). The mutants come round-robin: every kernel's first, then every
    kernel's second, ...: a run stopped early (its OUT/results.jsonl) holds a sample spread over every kernel and
    target, which --report-from reports and --resume continues."""
    originals, rounds = [], []
    for target in targets:
        files = st_kernels(root, target)
        if 0 < kernels < len(files):
            files = sorted(random.Random(f"{seed}|{target}").sample(files, kernels))
        for f in files:
            text = f.read_text(errors="replace")
            edits = mutation_edits(text)
            rng = random.Random(f"{seed}|{target}|{f.parent.name}/{f.name}")
            picks = rng.sample(edits, min(per_kernel, len(edits)))
            if not picks:
                continue
            originals.append((f"ORIGINAL|{f.parent.name}/{f.name}", str(f), target))
            rounds.append([Mutant(target, str(f), what, text[:a] + new + text[b:]) for what, a, b, new in picks])
    return originals, [m for i in range(per_kernel) for ms in rounds if i < len(ms) for m in ms[i:i + 1]]


def mutation_report(results: list[dict], include: str, out: Path, rules_info: dict) -> dict:
    """The generated mode's report over the mutants whose original kernel both sides accept (a mutant of a kernel
    the vendor already rejects or cannot parse, or ptolint already rejects, says nothing about the one edit), plus
    the originals' counts and every false compile error (ptolint-only rejection)."""
    for r in results:  # the originals' verdicts under the current definitions (the mutants' are re-judged below)
        if "errors" in r["vendor"]:
            judge_vendor(r["vendor"], include)
        if "findings" in r["ptolint"]:
            judge_model(r["ptolint"], rules_info)
    orig = {(r["target"], r["path"]): r for r in results if r["key"].startswith("ORIGINAL|")}
    clean, skipped = [], Counter()
    for r in results:
        if not r["key"].startswith("MUTANT|"):
            continue
        o = orig.get((r["target"], r["path"]))
        ov = o["vendor"]["verdict"] if o else "missing"
        om = o["ptolint"]["verdict"] if o else "missing"
        if ov == "accept" and om in ("accept", "not-checked"):
            clean.append(r)
        else:
            skipped[f"{r['target']}: original vendor {ov}, ptolint {om}"] += 1
    # the report groups per instruction; a mutant's "instruction" is its kind of edit
    rep = report([{**r, "key": mutant_group(r["key"]) + "|" + r["key"]} for r in clean], include, out, rules_info)
    rep["originals"] = {t: dict(Counter(f"vendor {r['vendor']['verdict']}, ptolint {r['ptolint']['verdict']}"
                                        for r in orig.values() if r["target"] == t))
                        for t in sorted({t for t, _ in orig})}
    rep["skipped_mutants"] = dict(skipped)
    rep["false_compile_errors"] = [d for d in rep["disagreements"] if d["class"] == "ptolint-only"]
    return rep


def mutant_group(key: str) -> str:
    """A mutant's row in the report: its kind of edit (`Tile location`, `Shape shape rows`, ...)."""
    what = key.split("|", 2)[2]
    m = re.match(r"L\d+ (\w+) ([\w ]+?):", what)
    return f"{m.group(1)} {m.group(2)}" if m else "edit"


# --------------------------------------------------------------------------------------------- report

ASSERT_SITE = re.compile(r"^(.*?):(\d+): ")


def short_site(text: str, include: str) -> str:
    m = ASSERT_SITE.match(text)
    if not m:
        return "?"
    f = m.group(1)
    if f.startswith(include):
        f = f[len(include):].lstrip("/")
    return f"{f}:{m.group(2)}"


def assert_message(text: str) -> str:
    m = re.search(r"static assertion failed(?: due to requirement '.*?')?: (.*)$", text)
    if m:
        return m.group(1)
    m = re.search(r"(no matching (?:member )?function for call to '\w+')", text)
    return m.group(1) if m else text.split(": ", 1)[-1][:200]


#: what classify() returns: every combination is in exactly one class
CLASSES = ("agree", "vendor-only", "ptolint-only", "not-checked", "vendor-parse-failure", "model-parse-failure")


def classify(r: dict) -> str:
    v, m = r["vendor"]["verdict"], r["ptolint"]["verdict"]
    if v == "parse-failure":
        return "vendor-parse-failure"
    if m == "parse-failure":
        return "model-parse-failure"
    if m == "not-checked":
        return "not-checked"
    if v == m:
        return "agree"
    return "vendor-only" if v == "reject" else "ptolint-only"


def cause_signature(r: dict, include: str, rules_info: dict) -> str:
    """What a disagreement groups under: the vendor check (site + message) or ptolint's rules."""
    if classify(r) == "vendor-only":
        first = r["vendor"]["checks"][0]
        return f"vendor rejects at {short_site(first, include)}: {assert_message(first)}"
    rules = r["ptolint"]["rules"]
    kinds = sorted({k for code in rules for k in rules_info.get(code, {}).get("kinds", [])})
    msgs = [f["message"] for f in r["ptolint"]["findings"] if f["rule"] in rules]
    if msgs and all(UNCHECKED.search(m) for m in msgs):
        tag = "rule says the headers leave it unchecked"
    elif "header-static" not in kinds:
        tag = "docs/hazard-only rule"
    else:
        tag = "header-static rule"
    return f"ptolint rejects ({tag}): {','.join(rules)}"


def report(results: list[dict], include: str, out: Path, rules_info: dict) -> dict:
    """Per target and instruction counts, every disagreement (its kernel copied under OUT/<target>/ with both
    verdicts on top), and the disagreements grouped by cause signature."""
    out.mkdir(parents=True, exist_ok=True)
    rep: dict = {"targets": {}, "disagreements": [], "groups": {}}
    per: dict = defaultdict(lambda: defaultdict(Counter))
    baseline: dict[str, int] = {}
    rep["hazards"] = {}
    for r in results:
        kernel = r.get("kernel", r["path"])  # a mutant's own text (its "path" is the original it edits)
        key, instr, slug = r["key"], r["key"].split("|")[0], Path(kernel).stem
        m = r["ptolint"]
        if "findings" in m:  # re-judged with the current rules' provenance
            judge_model(m, rules_info)
        if "errors" in r["vendor"]:
            judge_vendor(r["vendor"], include)
        cls = classify(r)
        per[r["target"]][instr][cls] += 1
        if m.get("hazards") and r["vendor"]["verdict"] == "accept":
            per[r["target"]][instr]["hazard"] += 1
            for code in m["hazards"]:
                h = rep["hazards"].setdefault(f"[{r['target']}] {code}", {"count": 0, "instrs": Counter(),
                                                                          "examples": []})
                h["count"] += 1
                h["instrs"][instr] += 1
                if len(h["examples"]) < 3:
                    h["examples"].append(key + "  -> " + next(f["message"] for f in m["findings"]
                                                              if f["rule"] == code)[:160])
        if cls == "agree" and r["vendor"]["verdict"] == "reject":
            per[r["target"]][instr]["both-reject"] += 1
        if cls == "not-checked" and r["vendor"]["verdict"] == "reject":
            per[r["target"]][instr]["not-checked-vendor-rejects"] += 1
        baseline[r["target"]] = max(baseline.get(r["target"], 0), r["vendor"].get("baseline_errors", 0))
        if cls in ("vendor-only", "ptolint-only"):
            sig = cause_signature(r, include, rules_info)
            d = {"target": r["target"], "instr": instr, "class": cls, "signature": sig, "combo": key,
                 "kernel": str(out / r["target"] / f"{slug}.cpp"), "vendor": r["vendor"]["checks"][:3],
                 "ptolint": [f"{f['rule']} {f['level']}: {f['message']}" for f in r["ptolint"]["findings"]]}
            rep["disagreements"].append(d)
            g = rep["groups"].setdefault(f"[{r['target']}] {sig}", {"count": 0, "instrs": Counter(), "examples": []})
            g["count"] += 1
            g["instrs"][instr] += 1
            if len(g["examples"]) < 3:
                g["examples"].append(key)
            kdir = out / r["target"]
            kdir.mkdir(parents=True, exist_ok=True)
            note = "\n".join([f"// {cls}: {sig}", "// vendor: " + " | ".join(r["vendor"]["checks"][:3]),
                              "// ptolint: " + " | ".join(d["ptolint"]) if d["ptolint"] else "// ptolint: accept"])
            Path(d["kernel"]).write_text(note + "\n" + Path(kernel).read_text())
        elif cls.endswith("parse-failure"):
            kdir = out / r["target"] / cls
            kdir.mkdir(parents=True, exist_ok=True)
            side = r["vendor"] if cls.startswith("vendor") else r["ptolint"]
            Path(kdir / f"{slug}.cpp").write_text("// " + " | ".join(side["errors"][:3]) + "\n"
                                                  + Path(kernel).read_text())
    for target, instrs in per.items():
        rows = {}
        for instr, cnt in sorted(instrs.items()):
            compared = cnt["agree"] + cnt["vendor-only"] + cnt["ptolint-only"]
            rows[instr] = {"combinations": sum(v for k, v in cnt.items() if k in CLASSES), "compared": compared,
                           "agree": cnt["agree"], "both_reject": cnt["both-reject"],
                           "agreement_pct": round(100 * cnt["agree"] / compared, 1) if compared else None,
                           "vendor_only": cnt["vendor-only"], "ptolint_only": cnt["ptolint-only"],
                           "hazard_flagged": cnt["hazard"], "not_checked": cnt["not-checked"],
                           "not_checked_vendor_rejects": cnt["not-checked-vendor-rejects"],
                           "vendor_parse_failures": cnt["vendor-parse-failure"],
                           "model_parse_failures": cnt["model-parse-failure"]}
        tot = Counter()
        for row in rows.values():
            tot.update({k: v for k, v in row.items() if isinstance(v, int)})
        rep["targets"][target] = {"instructions": rows, "total": dict(tot), "vendor_baseline_errors": baseline[target],
                                  "agreement_pct": round(100 * tot["agree"] / tot["compared"], 1)
                                  if tot["compared"] else None}
    for g in (*rep["groups"].values(), *rep["hazards"].values()):
        g["instrs"] = dict(g["instrs"])
    return rep


def print_report(rep: dict, verbose: bool) -> None:
    for target, t in rep["targets"].items():
        tot = t["total"]
        print(f"== target {target}: {tot.get('combinations', 0)} combination(s), compared {tot.get('compared', 0)}, "
              f"agree {tot.get('agree', 0)} ({t['agreement_pct']}%; both reject {tot.get('both_reject', 0)}), "
              f"vendor-only rejections "
              f"{tot.get('vendor_only', 0)}, ptolint-only rejections {tot.get('ptolint_only', 0)}, hazards flagged "
              f"where the compiler accepts {tot.get('hazard_flagged', 0)}, not checked by ptolint "
              f"{tot.get('not_checked', 0)} (vendor rejects {tot.get('not_checked_vendor_rejects', 0)} of them), "
              f"vendor parse failures {tot.get('vendor_parse_failures', 0)}, model parse failures "
              f"{tot.get('model_parse_failures', 0)}")
        if t["vendor_baseline_errors"]:
            print(f"  the vendor headers report {t['vendor_baseline_errors']} error(s) for a kernel that calls no "
                  f"builtin on {target}; subtracted from every kernel's (see --baseline)")
        print(f"  {'instruction':<18} {'combos':>6} {'cmp':>5} {'agree%':>7} {'both-rej':>8} {'v-only':>6} "
              f"{'p-only':>6} {'hazard':>6} {'unchk':>6} {'v-fail':>6} {'m-fail':>6}")
        for instr, row in t["instructions"].items():
            pct = "-" if row["agreement_pct"] is None else f"{row['agreement_pct']:.1f}"
            print(f"  {instr:<18} {row['combinations']:>6} {row['compared']:>5} {pct:>7} {row['both_reject']:>8} "
                  f"{row['vendor_only']:>6} "
                  f"{row['ptolint_only']:>6} {row['hazard_flagged']:>6} {row['not_checked']:>6} "
                  f"{row['vendor_parse_failures']:>6} "
                  f"{row['model_parse_failures']:>6}")
    print("== disagreements by cause signature")
    for sig, g in sorted(rep["groups"].items(), key=lambda kv: -kv[1]["count"]):
        print(f"  {g['count']:>4}  {sig}")
        print(f"        instructions: {', '.join(f'{k}({v})' for k, v in sorted(g['instrs'].items()))}")
        print(f"        e.g. {g['examples'][0]}")
    print("== ptolint flags a hazard the compiler accepts (not a disagreement)")
    for sig, g in sorted(rep.get("hazards", {}).items(), key=lambda kv: -kv[1]["count"]):
        print(f"  {g['count']:>4}  {sig}: {', '.join(f'{k}({v})' for k, v in sorted(g['instrs'].items()))}")
        print(f"        e.g. {g['examples'][0]}")
    if verbose:
        print("== every disagreement")
        for d in rep["disagreements"]:
            print(f"  [{d['target']}] {d['class']} {d['combo']}: {d['signature']}  ({d['kernel']})")


def print_baseline(target: str, include: str) -> None:
    """The vendor headers' own errors on a target, per file: count and the first one (file:line: message)."""
    errs = sorted(baseline_errors(target, include), key=lambda e: (e[0], e[1]))
    by: dict[str, list] = defaultdict(list)
    for e in errs:
        by[e[0]].append(e)
    print(f"== {target}: {len(errs)} error(s) for a kernel that calls no builtin")
    for f, lst in sorted(by.items(), key=lambda kv: -len(kv[1])):
        rel = f[len(include):].lstrip("/") if f.startswith(include) else f
        print(f"  {len(lst):>4}  {rel}  e.g. :{lst[0][1]}: {lst[0][2]}")


def recheck_one(r: dict) -> dict:
    """ptolint's verdict again for one earlier result (its kernel file or mutant text)."""
    global _RULES
    if _RULES is None:
        _RULES = static_rules()
    kernel = r.get("kernel", r["path"])
    source = Path(kernel).read_text().split("\n", 1)[1] if "kernel" in r else None  # a mutant: drop its header
    try:
        m = model_verdict(r["path"], r["target"], _RULES, source)
    except Exception as exc:  # noqa: BLE001
        m = {"verdict": "parse-failure", "rules": [], "findings": [], "errors": [f"crash: {type(exc).__name__}: {exc}"],
             "calls": 0}
    return {**r, "ptolint": m}


def main_recheck(a: argparse.Namespace, targets: list[str], instrs: list[str] | None, include: str) -> int:
    """--recheck: the earlier results with ptolint's side re-run where selected (by target and --instr)."""
    results = [json.loads(x) for x in Path(a.recheck).read_text().splitlines() if x.strip()]
    chosen = [i for i, r in enumerate(results) if r["target"] in targets
              and (not instrs or r["key"].split("|")[0] in instrs)]
    print(f"re-running ptolint's side of {len(chosen)} of {len(results)} result(s), -j {a.j}", file=sys.stderr)
    with ProcessPoolExecutor(a.j) as pool:
        for i, r in zip(chosen, pool.map(recheck_one, [results[i] for i in chosen], chunksize=4), strict=True):
            results[i] = r
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.jsonl").write_text("".join(json.dumps(r, default=str) + "\n" for r in results))
    print(f"wrote {out / 'results.jsonl'}; report it with --report-from", file=sys.stderr)
    return 0


def has_headers(include: str) -> bool:
    """Whether `include` holds the vendor headers (says so on stderr when not)."""
    if Path(include, "pto", "pto-inst.hpp").is_file():
        return True
    print(f"{include}: no pto/pto-inst.hpp", file=sys.stderr)
    return False


def reusable(jobs: list[tuple], earlier: str | None) -> tuple[list[dict], list[tuple]]:
    """(the results of an earlier run's results.jsonl that answer some of `jobs`: same key and target, for a mutant
    the same text; the jobs left to run). --resume: a run stopped on a loaded machine goes on where it was."""
    if not earlier:
        return [], jobs
    by_key = {(r["key"], r["target"]): r for r in map(json.loads, Path(earlier).read_text().splitlines()) if r}
    done, todo = [], []
    for job in jobs:
        r = by_key.get((job[0], job[2]))
        same = r is not None and (len(job) < 6 or Path(r.get("kernel", "")).name == Path(job[5]).name)
        if same:
            done.append(r)
        else:
            todo.append(job)
    return done, todo


def run_jobs(jobs: list[tuple], j: int, out: Path, chunksize: int = 4, done: list[dict] | None = None) -> list[dict]:
    """Every job through run_one on j processes, in order; each result is also appended to OUT/results.jsonl as
    it arrives (--report-from reads it back), after the `done` ones (reused from an earlier run)."""
    t0 = time.perf_counter()
    results = list(done or [])
    with ProcessPoolExecutor(j) as pool, open(out / "results.jsonl", "w") as log:
        log.writelines(json.dumps(r, default=str) + "\n" for r in results)
        for i, r in enumerate(pool.map(run_one, jobs, chunksize=chunksize), 1):
            results.append(r)
            log.write(json.dumps(r, default=str) + "\n")
            log.flush()
            if i % 100 == 0:
                print(f"  {i}/{len(jobs)} ({time.perf_counter() - t0:.0f}s)", file=sys.stderr)
    return results


def main_mutate(a: argparse.Namespace, targets: list[str], include: str) -> int:
    """Mutation mode: the originals and their mutants through both verdicts; the report over clean originals."""
    root = Path(a.root)
    originals, muts = mutants(root, targets, a.per_kernel, a.seed, a.sample)
    if a.limit:
        muts = muts[:a.limit]
        keep = {(m.target, m.path) for m in muts}
        originals = [o for o in originals if (o[2], o[1]) in keep]
    if a.list:
        for m in muts:
            print(f"[{m.target}] {m.key}")
        print(f"{len(originals)} kernel(s), {len(muts)} mutant(s)", file=sys.stderr)
        return 0
    if not has_headers(include):
        return 2
    out = Path(a.out)
    saved = {}
    for m in muts:
        d = out / "mutants" / m.target
        d.mkdir(parents=True, exist_ok=True)
        saved[(m.target, m.key)] = d / f"{m.slug}.cpp"
        saved[(m.target, m.key)].write_text(f"// {m.key} (edit of {m.path})\n" + m.text)
    jobs = [(*o, include) for o in originals] + [(m.key, m.path, m.target, include, m.text,
                                                   str(saved[(m.target, m.key)])) for m in muts]
    done, jobs = reusable(jobs, a.resume)
    print(f"{len(originals)} original kernel(s) and {len(muts)} mutant(s) over {len(targets)} target(s), -j {a.j}"
          + (f"; {len(done)} result(s) reused from {a.resume}" if a.resume else ""), file=sys.stderr)
    t0 = time.perf_counter()
    results = run_jobs(jobs, a.j, out, chunksize=1, done=done)
    rep = mutation_report(results, include, out, static_rules())
    rep["wall_seconds"] = round(time.perf_counter() - t0, 1)
    print_report(rep, a.verbose)
    print_mutation_summary(rep)
    print(f"wall {rep['wall_seconds']}s; mutants under {out}/mutants/<target>/")
    if a.json:
        Path(a.json).write_text(json.dumps({"report": rep, "results": results}, indent=1, default=str))
    return 0


def print_mutation_summary(rep: dict) -> None:
    print("== original ST kernels (a mutant counts only when its original is accepted by both sides)")
    for t, cnt in rep["originals"].items():
        print(f"  {t}: " + "; ".join(f"{v} {k}" for k, v in sorted(cnt.items(), key=lambda kv: -kv[1])))
    for k, v in sorted(rep["skipped_mutants"].items()):
        print(f"  skipped mutants ({k}): {v}")
    print(f"== false compile errors (ptolint claims a rejection the vendor accepts): {len(rep['false_compile_errors'])}")
    for d in rep["false_compile_errors"]:
        print(f"  [{d['target']}] {d['combo']}: {d['signature']} ({d['kernel']})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default="/tmp/pto", help="a PTO ISA checkout (include/pto/pto-inst.hpp)")
    ap.add_argument("--target", "-t", default="a2a3,a5", help=f"{', '.join(TARGETS)} (comma list) or all")
    ap.add_argument("--baseline", action="store_true", help="print, per target, the errors the vendor headers "
                                                            "report for a kernel that calls no builtin, and exit")
    ap.add_argument("--instr", action="append", help="instructions (repeatable or comma list); default: all specs")
    ap.add_argument("--sample", type=int, default=0, help="N combinations spread over the instructions (fixed seed); "
                                                          "mutation mode: N kernels per target")
    ap.add_argument("--limit", type=int, default=0, help="the first N combinations (after --sample)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--out", default="/tmp/ptolint-diff", help="where kernels of disagreements are saved")
    ap.add_argument("--json", help="write the report and every result as JSON")
    ap.add_argument("--list", action="store_true", help="list the combinations (or mutants) and exit")
    ap.add_argument("--mutate", action="store_true", help="mutation mode: one-edit mutants of the ST kernels "
                                                          "(ROOT/tests/npu/<target>/src/st/testcase/*/*.cpp) instead "
                                                          "of generated kernels")
    ap.add_argument("--per-kernel", type=int, default=1, help="mutation mode: mutants per kernel and target")
    ap.add_argument("--resume", metavar="JSONL", help="mutation mode: reuse the results of an earlier run (its "
                                                      "OUT/results.jsonl, e.g. of a run stopped early) for the same "
                                                      "originals and mutants; only the rest is run")
    ap.add_argument("--verbose", "-v", action="store_true", help="list every disagreement")
    ap.add_argument("--recheck", metavar="JSONL", help="re-run ptolint's side only (the vendor's is kept) for the "
                                                       "results of an earlier run (its OUT/results.jsonl), e.g. after "
                                                       "a ptolint change; with --instr only those")
    ap.add_argument("--report-from", metavar="JSON", help="re-render the report of an earlier --json run (or of "
                                                          "its OUT/results.jsonl, written as the run goes)")
    a = ap.parse_args(argv)
    include = str(Path(a.root).resolve() / "include")
    instrs = [i.strip().upper() for s in a.instr or [] for i in s.split(",") if i.strip()] or None
    unknown = [i for i in instrs or [] if i not in SPECS]
    if unknown:
        print(f"no spec for {', '.join(unknown)} (known: {', '.join(SPECS)})", file=sys.stderr)
        return 2
    targets = list(TARGETS) if a.target.strip().lower() == "all" else [
        t.strip().lower() for t in a.target.split(",") if t.strip()]
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        print(f"unknown target(s) {', '.join(bad)} (known: {', '.join(TARGETS)}, all)", file=sys.stderr)
        return 2
    if a.baseline:
        for t in targets:
            print_baseline(t, include)
        return 0
    if a.recheck:
        return main_recheck(a, targets, instrs, include)
    if a.report_from:
        text = Path(a.report_from).read_text()
        results = ([json.loads(x) for x in text.splitlines() if x.strip()] if a.report_from.endswith(".jsonl")
                   else json.loads(text)["results"])
        results = [r for r in results if r["target"] in targets and (not instrs or r["key"].split("|")[0] in instrs)]
        if a.mutate:
            rep = mutation_report(results, include, Path(a.out), static_rules())
            print_report(rep, a.verbose)
            print_mutation_summary(rep)
        else:
            rep = report(results, include, Path(a.out), static_rules())
            print_report(rep, a.verbose)
        if a.json and a.json != a.report_from:
            Path(a.json).write_text(json.dumps({"report": rep, "results": results}, indent=1, default=str))
        return 0
    if a.mutate:
        return main_mutate(a, targets, include)
    combos = sample(generate(instrs), a.sample, a.seed)
    if a.limit:
        combos = combos[:a.limit]
    if a.list:
        for c in combos:
            print(c.key)
        print(f"{len(combos)} combination(s)", file=sys.stderr)
        return 0
    if not has_headers(include):
        return 2
    out = Path(a.out)
    kdir = out / "kernels"
    kdir.mkdir(parents=True, exist_ok=True)
    jobs = []
    for c in combos:
        path = kdir / f"{c.slug}.cpp"
        path.write_text(c.kernel())
        jobs += [(c.key, str(path), t, include) for t in targets]
    print(f"{len(combos)} combination(s) x {len(targets)} target(s) = {len(jobs)} job(s), -j {a.j}", file=sys.stderr)
    t0 = time.perf_counter()
    results = run_jobs(jobs, a.j, out)
    rules_info = static_rules()
    rep = report(results, include, out, rules_info)
    rep["wall_seconds"] = round(time.perf_counter() - t0, 1)
    print_report(rep, a.verbose)
    print(f"wall {rep['wall_seconds']}s; kernels of disagreements under {out}/<target>/")
    if a.json:
        Path(a.json).write_text(json.dumps({"report": rep, "results": results}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())

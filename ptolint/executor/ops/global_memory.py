"""The global-memory side of TLOAD / TSTORE on concrete operands: what the transfer moves and whether it may.

Written from the targets' transfer code, independently of the rules: the GM <-> UB/L1 copies are bursts of
`lenBurst` bytes, one per row of the GlobalTensor; the header-side checks (element width, the layout pairs the
copy routines exist for, the fixpipe's output types) are restated here as the transfer's own preconditions.
An ND copy moves Shape0*Shape1*Shape2*Shape3 rows of the tile's valid-column count of elements while the
tensor's rows are Shape4 long; a DN copy is the transpose.
"""

from __future__ import annotations

import re

import numpy as np

from ptolint.executor.machine import ConcreteGlobal, ConcreteTile, Machine
from ptolint.executor.memory import element_size

_WIDTH = {"int8_t": 1, "uint8_t": 1, "hifloat8_t": 1, "float8_e4m3_t": 1, "float8_e5m2_t": 1, "float8_e8m0_t": 1,
          "float4_e2m1x2_t": 1, "float4_e1m2x2_t": 1, "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2,
          "int32_t": 4, "uint32_t": 4, "float": 4, "int64_t": 8, "uint64_t": 8, "double": 8}

#: which copy routine exists: (op, tile buffer, target) -> {(tensor layout, tile arrangement)}
_ROUTINES = {
    ("TLOAD", "Vec", "a2a3"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TLOAD", "Vec", "a5"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TLOAD", "Mat", "a2a3"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("ND", "nz"), ("DN", "zn")},
    ("TLOAD", "Mat", "a5"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("ND", "nz"), ("DN", "nz"), ("DN", "zn")},
    ("TSTORE", "Vec", "a2a3"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TSTORE", "Vec", "a5"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TSTORE", "Mat", "a2a3"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},  # the L1 -> GM copies
    # Kirin 9030's TLoad.hpp: A5's StaticCheck and TLoadCubeCheck, but its cube copy has no DN2NZ (static_assert)
    ("TLOAD", "Vec", "kirin9030"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TLOAD", "Mat", "kirin9030"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("ND", "nz"), ("DN", "zn")},
    ("TSTORE", "Vec", "kirin9030"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TSTORE", "Vec", "kirindev0000"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    # Kirin X90's TStore.hpp: A2/A3's routines (common/arch/memory/tstore_common.hpp), Vec and L1 sources
    ("TSTORE", "Vec", "kirinx90"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TSTORE", "Mat", "kirinx90"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    # A6's TLoad.hpp: A5's checks and routines
    ("TLOAD", "Vec", "a6"): {("ND", "row"), ("DN", "col"), ("NZ", "nz")},
    ("TLOAD", "Mat", "a6"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("ND", "nz"), ("DN", "nz"), ("DN", "zn")},
}
#: the tensor layouts a Vec store writes at all, one-row / one-column tiles included (kirin9030/TStore.hpp
#: CheckStaticVec: the branch after ND and DN static_asserts NZ, line 127; kirinDev0000/TStore.hpp:124 the same)
_VEC_STORE_LAYOUTS = {("TSTORE", "Vec", "kirin9030"): ("ND", "DN", "NZ"),
                      ("TSTORE", "Vec", "kirindev0000"): ("ND", "DN", "NZ")}
#: 8-byte elements go through a narrower set of routines where the target restricts them
_WIDE_ROUTINES = {
    ("TLOAD", "Vec", "a2a3"): {("ND", "row"), ("DN", "col")},
    ("TLOAD", "Mat", "a2a3"): {("ND", "row"), ("DN", "col")},
    ("TLOAD", "Mat", "a5"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("DN", "zn")},
    ("TLOAD", "Mat", "a6"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("DN", "zn")},
    ("TLOAD", "Mat", "kirin9030"): {("ND", "row"), ("DN", "col"), ("NZ", "nz"), ("DN", "zn")},
    ("TSTORE", "Vec", "a2a3"): {("ND", "row"), ("DN", "col")},
    ("TSTORE", "Mat", "a2a3"): {("ND", "row"), ("DN", "col")},
    ("TSTORE", "Vec", "kirinx90"): {("ND", "row"), ("DN", "col")},
    ("TSTORE", "Mat", "kirinx90"): {("ND", "row"), ("DN", "col")},
}
#: 4-bit float elements (TLoadCubeCheck's caps::IsFP4 on A5 / A6): no DN -> NZ copy into L1
_FP4_ROUTINES = {("TLOAD", "Mat", t): _ROUTINES[("TLOAD", "Mat", t)] - {("DN", "nz")} for t in ("a5", "a6")}
_FP4_TYPES = ("float4_e2m1x2_t", "float4_e1m2x2_t")
#: implementations whose stores are A2/A3's memory routines (the layout classifier, L1 sources, the L0C checks)
_A2A3_MEM = ("a2a3", "kirinx90")
_FIXPIPE_OUT = {"int32_t", "float", "half", "bfloat16_t"}
#: the output formats the fixpipe writes (its NZ -> X conversions), where the store's checks were read
_FIXPIPE_LAYOUTS = {"a2a3": ("ND", "NZ", "NC1HWC0", "NDC1HWC0"), "a5": ("ND", "NZ", "NHWC", "NCHW", "NCDHW"),
                    "kirinx90": ("ND", "NZ", "NC1HWC0", "NDC1HWC0"), "kirin9030": ("ND", "NZ"),
                    "kirindev0000": ("ND", "NZ")}
#: the accumulator types the fixpipe reads, and the plain store's outputs, where they differ (Kirin's TStore.hpp)
_ACC_TYPES = {"kirin9030": {"int32_t", "half"}, "kirindev0000": {"int32_t", "half"}, "kirinx90": {"int32_t", "half"}}
_FIXPIPE_OUT_OWN = {"kirin9030": {"int32_t", "float", "half"}, "kirindev0000": {"int32_t", "float", "half"},
                    "kirinx90": {"int32_t", "float", "half"}}
#: what the quantising fixpipe (preQuantScalar / fp tile) writes per accumulator type, where those checks were read
#: (a2a3/TStore.hpp CheckAcc2gm, a5/TStore.hpp CheckStaticAcc with isQuant)
_QUANT_OUT = {"a2a3": {"float": {"int8_t", "uint8_t"}, "int32_t": {"int8_t", "uint8_t", "half"}},
              "a5": {"float": {"int8_t", "uint8_t", "bfloat16_t", "half", "hifloat8_t", "float8_e4m3_t", "float"},
                     "int32_t": {"int8_t", "uint8_t", "bfloat16_t", "half"}},
              # kirin9030/TStore.hpp and kirinDev0000/TStore.hpp CheckStaticAcc with isQuant
              **{k: {"half": {"half", "int16_t", "int8_t", "uint8_t"},
                     "int32_t": {"half", "int16_t", "int8_t", "uint8_t", "int32_t"}} for k in ("kirin9030", "kirindev0000")}}
#: destinations the hardware atomic add (set_atomic_f32 / f16 / bf16 / s8 / s16 / s32) can accumulate into
_ATOMIC_ADD = {"float", "half", "bfloat16_t", "int8_t", "int16_t", "int32_t"}
#: targets whose store has no atomic add at all
_NO_ATOMIC = ("kirin9030", "kirindev0000", "kirinx90")
#: implementations whose Vec load compares static extents first (common/arch/register/tload_common.hpp StaticCheck)
_STATIC_EXTENT = ("a5", "kirin9030", "a6")
#: implementations that load a one-row row-major L1 tile through the MX vector path (no layout-pair check)
_MX_ROW = ("a5", "a6")
#: loads whose L1 path rejects every MX / HiF4 scale layout (kirin9030/TLoad.hpp TLOAD_TILE_IMPL: static_assert
#: !IsScale; Kirin Dev0000 compiles the same file)
_NO_MX_CUBE = ("kirin9030",)


def _arrangement(t: ConcreteTile, target: str) -> str:
    s = t.spec
    if s.slayout == "NoneBox":
        return "row" if s.blayout == "RowMajor" else "col"
    if s.fractal != 512 and target in _A2A3_MEM:  # A2/A3's layout classifier insists on 512-byte fractals
        return "other"
    if s.blayout == "ColMajor" and s.slayout == "RowMajor":
        return "nz"
    return "zn" if s.blayout == "RowMajor" and s.slayout == "ColMajor" else "other"


#: the NZ / L0C / convolution-layout copies' PTO_ASSERTs: (implementation, builtin, tile TileType, tensor layout) ->
#: the shape dimensions whose product the valid rows, and the valid columns, equal ("c0": the NDC1HWC0 C0 count)
_EXTENT_EQ = {
    ("a2a3", "TLOAD", "Vec", "NZ"): ((2, 3), (0, 1, 4)), ("a2a3", "TLOAD", "Mat", "NZ"): ((2, 3), (0, 1, 4)),
    ("a2a3", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),  # a2a3/TStore.hpp TStoreUb2gmNz2nz
    ("a2a3", "TSTORE", "Mat", "NZ"): ((2, 3), (0, 1, 4)), ("a2a3", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),
    ("a2a3", "TSTORE", "Acc", "ND"): ((3,), (4,)), ("a2a3", "TSTORE", "Acc", "NC1HWC0"): ((0, 2, 3), (1, 4)),
    ("a2a3", "TSTORE", "Acc", "NDC1HWC0"): ((0, 3, 4), (1, 2, "c0")),
    ("a5", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)), ("a5", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),
    ("a5", "TSTORE", "Acc", "NHWC"): ((1, 2, 3), (4,)), ("a5", "TSTORE", "Acc", "NCHW"): ((1, 3, 4), (2,)),
    ("a5", "TSTORE", "Acc", "NCDHW"): ((0, 3, 4), (1,)),
    # Kirin X90's TStore.hpp: its TStoreUb2gmNz2nz and TStoreAccNz2nz assert as A2/A3's; its TStoreAcc dispatches
    # to the shared ND and NC1HWC0 copies (no NDC1HWC0), its L1 store to the shared TStoreMat2GmNz2Nz
    ("kirinx90", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)), ("kirinx90", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirinx90", "TSTORE", "Acc", "ND"): ((3,), (4,)), ("kirinx90", "TSTORE", "Acc", "NC1HWC0"): ((0, 2, 3), (1, 4)),
    ("kirinx90", "TSTORE", "Mat", "NZ"): ((2, 3), (0, 1, 4)),
    # Kirin 9030 / Dev0000's TStore.hpp: common/arch/register/tstore_common.hpp's TStoreVecNZ and TStoreAccNZ
    ("kirin9030", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)), ("kirin9030", "TSTORE", "Acc", "NZ"): ((2, 3), (0, 1, 4)),
    ("kirindev0000", "TSTORE", "Vec", "NZ"): ((2, 3), (0, 1, 4)),
}


def _layout_extents(m: Machine, builtin: str, tile: ConcreteTile, g: ConcreteGlobal) -> None:
    """The copy routine's PTO_ASSERTs: the tensor's folded extent is the tile's valid region (debug builds trap)."""
    dims = _EXTENT_EQ.get((m.impl, builtin, tile.spec.loc, g.spec.layout))
    if dims is None or tile.valid_row <= 0 or tile.valid_col <= 0:
        return
    c0 = 16 if g.dtype == "int32_t" else 32 // max(1, _WIDTH.get(g.dtype, 4))

    def product(ds: tuple) -> int:
        out = 1
        for d in ds:
            out *= c0 if d == "c0" else g.shape[d]
        return out

    rows, cols = product(dims[0]), product(dims[1])
    if tile.spec.loc == "Acc":
        bad = (rows, cols) != (tile.valid_row, tile.valid_col)
    else:  # whole fractals move: past the storage or short of the valid region (the vendor's kernels rely on it)
        bad = rows > tile.spec.rows or cols > tile.spec.cols or rows < tile.valid_row or cols < tile.valid_col
    if bad:
        m.fault("valid-region", f"the {g.spec.layout} tensor holds {rows} x {cols}; the tile's valid region is "
                f"{tile.valid_row} x {tile.valid_col} (PTO_ASSERT)")


def quant_output(m: Machine, tile: ConcreteTile, g: ConcreteGlobal) -> None:
    """A quantising store from L0C: the fixpipe's quantised conversions per accumulator type (static_assert)."""
    outs = _QUANT_OUT.get(m.impl, {}).get(tile.dtype)
    if tile.spec.loc == "Acc" and outs is not None and g.dtype not in outs:
        raise m.trap("unsupported-dtype", f"the quantising fixpipe has no {tile.dtype} -> {g.dtype} conversion on "
                     f"{m.impl} (static_assert)")


_CONV_SPELLING = re.compile(r"ConvTile<\s*(?:pto::)?TileType::(\w+)\s*,\s*([^,]+?)\s*,\s*[^,]+,\s*(?:pto::)?Layout::(\w+)")
_C_TYPES = {"signed char": "int8_t", "char": "int8_t", "unsigned char": "uint8_t", "short": "int16_t",
            "unsigned short": "uint16_t", "int": "int32_t", "unsigned int": "uint32_t", "__fp16": "half",
            "_Float16": "half", "float16_t": "half", "__bf16": "bfloat16_t"}
_INTS = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"}
_CONV_A5 = ({"NC1HWC0": "NC1HWC0", "FRACTAL_Z": "FRACTAL_Z"},
            {("NHWC", "NC1HWC0"), ("NCHW", "NC1HWC0"), ("NCHW", "FRACTAL_Z"), ("NCDHW", "FRACTAL_Z_3D"),
             ("NCDHW", "NDC1HWC0")})
#: the ConvTile load (TLOAD_CONVTILE_IMPL's CheckConvTileData) per implementation: element types it copies, and the
#: conversions it has (tensor layout -> ConvTile layout); only Mat destinations, equal element sizes
_CONV_COPIES = {
    "a2a3": (_INTS | {"half", "bfloat16_t", "float"},
             {(x, x) for x in ("NC1HWC0", "FRACTAL_Z", "FRACTAL_Z_3D", "NDC1HWC0")}),
    "a5": (_INTS | {"float8_e4m3_t", "float8_e5m2_t", "half", "bfloat16_t", "float"},
           {(k, v) for k, v in _CONV_A5[0].items()} | _CONV_A5[1]),
    "kirin9030": (_INTS | {"half", "float"}, {("NC1HWC0", "NC1HWC0"), ("FRACTAL_Z", "FRACTAL_Z")}),
}
_CONV_COPIES["a6"] = _CONV_COPIES["a5"]
#: the tensor layouts whose load of a four-dimensional ConvTile is TLoadFractalZ (static [16, C0] fractals)
_FRACTAL_Z_LOADS = {"a2a3": ("FRACTAL_Z", "FRACTAL_Z_3D"), "a5": ("FRACTAL_Z",), "a6": ("FRACTAL_Z",),
                    "kirin9030": ("FRACTAL_Z",)}
_CONV_DIMS = re.compile(r"ConvTileShape<([-\d,\s]+)>")


def conv_load(m: Machine, spelling: str, g: ConcreteGlobal | None) -> None:
    """A TLOAD into a ConvTile: whether the target's convolution copy exists for it (a compile error if not); the
    copy itself is not modelled."""
    found = _CONV_SPELLING.search(spelling)
    if found is None or g is None or m.impl not in _CONV_COPIES:
        return
    loc, raw, layout = found.groups()
    dtype = _C_TYPES.get(re.sub(r"^(pto::|::)", "", raw), re.sub(r"^(pto::|::)", "", raw))
    types, copies = _CONV_COPIES[m.impl]
    width, gw = _WIDTH.get(dtype), _WIDTH.get(g.dtype)
    if loc != "Mat" or dtype not in types or (width and gw and width != gw) or (g.spec.layout, layout) not in copies:
        raise m.trap("unsupported-path", f"no ConvTile load of a {g.spec.layout} {g.dtype} tensor into a "
                     f"TileType::{loc} {dtype} {layout} ConvTile on {m.impl}")
    dims = _CONV_DIMS.search(spelling)
    if dims is None or not width:
        return
    shape = [int(v) for v in dims.group(1).split(",") if v.strip()]
    fractal = [16, 32 // width]
    if g.spec.layout in _FRACTAL_Z_LOADS[m.impl] and len(shape) == 4 and (
            shape[2:] != fractal or list(g.spec.shape[3:]) != fractal):
        raise m.trap("unsupported-path", f"fractal-Z load: ConvTile {shape} and tensor {list(g.spec.shape)} must end "
                     f"in static {fractal} fractals")
    _conv_extents(m, g, layout, shape, 32 // width)


def _conv_extents(m: Machine, g: ConcreteGlobal, layout: str, d: list[int], c0: int) -> None:
    """The copy routines' PTO_ASSERTs between the tensor's run-time extents and the ConvTile's static shape (a
    DYNAMIC ConvTile dimension, -1, is not compared): a5/TLoad.hpp TLoad5HD / TLoadNHWC / TLoadNCHW /
    TLoadNCHW2FractalZ / TLoadNCDHW2NDC1HWC0 / TLoadNCDHW2FractalZ3D (a6/TLoad.hpp's same copies but TLoad5HD),
    common/arch/register/tload_common.hpp TLoadFractalZ (A5, A6 and the Kirins), a2a3/TLoad.hpp TLoadFractalZ's
    5-D / 6-D branch."""
    s, st, gl, n = g.shape, g.stride, g.spec.layout, len(d)
    same: list[tuple[int, int]] = []  # (tensor dim, tile dim) equal
    extra: list[str] = []
    a5_like = m.impl in ("a5", "kirin9030")
    convert = m.impl in ("a5", "a6")  # A6's NHWC / NCHW / NCDHW copies assert as A5's (a6/TLoad.hpp 664-859)
    if a5_like and (gl == "NC1HWC0" or (gl == "FRACTAL_Z" and n != 4)):
        same = [(0, 0), (1, 1), (2, 2), (3, 3)]  # A6: TLoad5HD, declared for it but never defined, asserts nothing
    elif (a5_like or m.impl == "a6") and gl == "FRACTAL_Z" and n == 4:
        same = [(1, 0), (2, 1), (3, 2), (4, 3)]
    elif convert and gl in ("NHWC", "NCHW") and layout == "NC1HWC0":
        same = [(1, 0), (2, 2), (3, 3)] if gl == "NHWC" else [(1, 0), (3, 2), (4, 3)]
        ch = s[4] if gl == "NHWC" else s[2]
        if n > 1 and d[1] >= 0 and ch > d[1] * c0:
            extra.append(f"{ch} channels > C1 {d[1]} * C0 {c0}")
    elif convert and gl == "NCDHW" and layout == "NDC1HWC0":
        same = [(0, 0), (3, 3), (4, 4)]
    elif convert and gl in ("NCHW", "NCDHW") and st[2] != s[3] * s[4]:
        extra.append(f"Stride2 {st[2]} != H * W = {s[3] * s[4]} (planes not loaded whole)")
    elif m.impl == "a2a3" and gl in ("FRACTAL_Z", "FRACTAL_Z_3D") and n in (5, 6):
        same = [(1, 1), (2, 2)]
        if d[3] > 65535:
            extra.append(f"N {d[3]} > 65535")
    elif m.impl == "a2a3" and (gl, n) in (("NC1HWC0", 5), ("NDC1HWC0", 6)) and gl == layout:
        extra += _a2a3_plane_copy(gl, d, st, c0)
    extra += [f"Shape{i} {s[i]} != ConvTile dim {j} ({d[j]})" for i, j in same if j < n and d[j] >= 0 and s[i] != d[j]]
    if extra:
        m.fault("valid-region", f"TLOAD {gl} tensor {list(s)} into ConvTile {layout} {d}: " + "; ".join(extra) +
                " (PTO_ASSERT, debug builds)")


#: the targets whose TSTORE asserts a non-empty transfer (Kirin X90's TSTORE_IMPL and CheckAcc2gm: every tensor
#: extent and both valid dimensions > 0, debug builds only)
_NONEMPTY_STORE = ("kirinx90",)


def hif4_cube_check(m: Machine, tile: ConcreteTile, g: ConcreteGlobal | None) -> None:
    """A6's hifloat4x2_t L1 data load (a6/TLoad.hpp TLOAD_TILE_IMPL 624-630: a Mat tile, neither the one-row MX
    vector path nor a scale tensor) runs TLoadHif4CubeCheck: a hifloat4x2_t tensor, and the tile's static ValidCol
    equal to the tensor's static last dimension when both are static (static_asserts)."""
    if g is None or tile.spec.loc != "Mat" or _mx_scale_load(m, tile, g):
        return
    problems = []
    if g.dtype != tile.dtype:
        problems.append(("dtype-mismatch", f"TLoadHif4CubeCheck: a {tile.dtype} L1 tile from a {g.dtype} tensor"))
    vc, cols = tile.spec.valid_col, g.spec.shape[4]
    if vc > 0 and cols > 0 and vc != cols:
        problems.append(("valid-region", f"TLoadHif4CubeCheck: static valid columns {vc} vs the tensor's static "
                                         f"last dimension {cols}"))
    for kind, detail in problems:
        m.fault(kind, detail)
    if problems:
        raise m.trap(problems[0][0], "the HiF4 L1 load does not compile (static_assert)")


def _a2a3_plane_copy(gl: str, d: list[int], st, c0: int) -> list[str]:
    """a2a3/TLoad.hpp TLoad5HD / TLoadNDC1HWC0 run in C++ arithmetic: the one-burst-per-C1-plane copy when its
    fields fit, else one copy per plane of H bursts of W 32-byte blocks, whose H / W PTO_ASSERTs are checked."""
    c1, h, w = d[-4], d[-3], d[-2]  # [.., C1, H, W, C0]
    if min(c1, h, w) < 0:
        return []
    row, plane = (st[2], st[1]) if gl == "NC1HWC0" else (st[3], st[2])
    size = 32 // c0
    gm_gap = ((((plane - h * w * c0) % 2**32) * size) >> 5) % 2**32  # uint32_t gmGap
    if (row == w * c0 or h == 1) and gm_gap <= 0xFFFF and c1 <= 4095 and h * w <= 0xFFFF:
        return []  # one burst per C1 plane: no H / W assertion on this path
    out = [f"strided copy: H {h} > 4095"] if h > 4095 else []
    return out + ([f"strided copy: W {w} > 65535"] if w > 0xFFFF else [])


def transfer(m: Machine, builtin: str, tile: ConcreteTile, g: ConcreteGlobal, quant: bool) -> None:
    """Judge and perform the global side of one transfer; faults go to `m`."""
    if builtin == "TSTORE" and m.impl in _NONEMPTY_STORE and (
            min(g.shape) <= 0 or tile.valid_row <= 0 or tile.valid_col <= 0):
        m.fault("extent-limit", f"TSTORE of a {tile.valid_row} x {tile.valid_col} valid region into a tensor of "
                f"extents {tuple(g.shape)}: {m.impl} asserts all of them > 0 (release builds store nothing)")
    atomic = builtin == "TSTORE" and m.template_args.get("atomicType") in ("AtomicAdd", "1")
    if atomic and (g.dtype not in _ATOMIC_ADD or m.impl in _NO_ATOMIC):
        raise m.trap("unsupported-dtype", f"no atomic add mode for {g.dtype} destinations on {m.impl}")
    loc = tile.spec.loc
    if loc == "Acc":
        acc = _ACC_TYPES.get(m.impl, {"int32_t", "float"})
        if builtin == "TSTORE" and tile.dtype not in acc:
            raise m.trap("unsupported-dtype", f"the fixpipe reads {' or '.join(sorted(acc))} accumulators, "
                         f"not {tile.dtype}")
        if builtin == "TSTORE" and not quant and g.dtype not in _FIXPIPE_OUT_OWN.get(m.impl, _FIXPIPE_OUT):
            raise m.trap("unsupported-dtype", f"the fixpipe cannot write {g.dtype} without quantisation")
        if builtin == "TSTORE" and m.scalar("preQuantScalar") is not None:
            quant_output(m, tile, g)
        if builtin == "TSTORE" and g.spec.layout not in _FIXPIPE_LAYOUTS.get(m.impl, (g.spec.layout,)):
            raise m.trap("unsupported-layout", f"the fixpipe has no {g.spec.layout} output format on {m.impl}")
        if builtin == "TSTORE":
            _fractal_columns(m, builtin, tile, g)
            _fixpipe_fields(m, tile, g)
            _layout_extents(m, builtin, tile, g)
        return
    tw, gw = element_size(tile.spec), _WIDTH.get(g.dtype)
    if builtin == "TLOAD" and loc == "Mat" and m.impl in _NO_MX_CUBE and g.spec.layout in _SCALE:
        raise m.trap("unsupported-layout", f"no MX / HiF4 scale copy into L1 from a {g.spec.layout} tensor on "
                                           f"{m.impl}'s TLoad.hpp")
    if builtin == "TLOAD" and _mx_scale_load(m, tile, g):
        problems = _mx_scale_problems(m.impl, tile, g)
        if gw is not None and tw > 0 and tw != gw:
            problems.insert(0, ("size-mismatch", f"{tw}-byte tile elements vs {gw}-byte tensor elements"))
        for kind, detail in problems:
            m.fault(kind, detail)
        if problems:
            raise m.trap(problems[0][0], "the MX scale load does not compile (static_assert)")
        return  # the scale copy's data movement is not modelled beyond the loaded valid region
    if gw is None or tw <= 0:
        return
    if not (builtin == "TSTORE" and loc == "Mat" and m.impl == "a5") and tw != gw:
        raise m.trap("size-mismatch", f"{tw}-byte tile elements vs {gw}-byte tensor elements")
    key = (builtin, loc, m.impl)
    if key in _VEC_STORE_LAYOUTS and not quant and g.spec.layout not in _VEC_STORE_LAYOUTS[key]:
        raise m.trap("unsupported-layout", f"no {builtin} routine for a {g.spec.layout} tensor on {m.impl} (its Vec "
                     f"store's last layout branch static_asserts NZ)")
    if key not in _ROUTINES or quant or g.spec.layout not in ("ND", "DN", "NZ"):
        return  # MX / HIF4 scale and convolution layouts go through other copy routines
    s = tile.spec
    if builtin == "TLOAD" and loc == "Mat" and m.impl in _MX_ROW and s.rows == 1 and s.blayout == "RowMajor" and \
            s.slayout == "RowMajor":
        return  # A5's MX vector load of a one-row L1 tile
    pair = (g.spec.layout, _arrangement(tile, m.impl))
    line = builtin == "TSTORE" and (tile.spec.rows == 1 or tile.spec.cols == 1)
    if not line and pair not in _ROUTINES[key]:
        raise m.trap("unsupported-layout", f"no {builtin} routine for a {pair[0]} tensor and a {pair[1]} tile")
    if not line and tw == 8 and key in _WIDE_ROUTINES and pair not in _WIDE_ROUTINES[key]:
        raise m.trap("unsupported-layout", f"no 64-bit {builtin} routine for a {pair[0]} tensor and a {pair[1]} tile")
    if not line and tile.dtype in _FP4_TYPES and key in _FP4_ROUTINES and pair not in _FP4_ROUTINES[key]:
        raise m.trap("unsupported-layout", f"no 4-bit {builtin} routine for a {pair[0]} tensor and a {pair[1]} tile")
    if pair == ("NZ", "nz"):
        _fractal_columns(m, builtin, tile, g)
    _mte_fields(m, builtin, tile, g, pair)
    if pair == ("NZ", "nz"):
        _layout_extents(m, builtin, tile, g)
    if m.impl in _STATIC_EXTENT and builtin == "TLOAD" and loc == "Vec" and pair[1] == "row":
        _a5_static_extent(m, tile, g)
    if pair in (("ND", "row"), ("DN", "col")) and _asserts_burst(m.impl, builtin, tile, pair[0]):
        _burst_length(m, builtin, tile, g, pair[0])
    if (loc == "Vec" or (loc == "Mat" and m.impl in _A2A3_MEM)) and pair in (("ND", "row"), ("DN", "col")):
        _bursts(m, builtin, tile, g, pair[0])  # A2/A3 copies L1 lines the same way (TLoadGm2L1Nd2nd, TStoreMat2Gm*)


#: TLoadMxCubeCheck per implementation (a5/TLoad.hpp, a6/TLoad.hpp): tensor layouts it pairs with a row-major
#: tile of row-major fractals ("a") and with a column-major tile of column-major fractals ("b"), the scale element
#: types, the ZZ / NN tensors' [16, x] fractal, and for those layouts which static dimensions the tile's rows and
#: columns must cover
_MX_LOAD = {
    "a5": {"a": {"MX_A_ZZ", "MX_A_ND", "MX_A_DN", "ND"}, "b": {"MX_B_NN", "MX_B_ND", "MX_B_DN"},
           "types": {"float8_e8m0_t"}, "fr": {"MX_A_ZZ": 2, "MX_B_NN": 2},
           "cover": {"MX_A_ZZ": ((0, 1, 3), (2, 4)), "MX_B_NN": ((2, 4), (0, 1, 3))}},
    "a6": {"a": {"MX_A_ZZ", "MX_A_ND", "MX_A_DN", "HIF4_A_ZZ", "ND"},
           "b": {"MX_B_NN", "MX_B_ND", "MX_B_DN", "HIF4_B_NN"}, "types": {"float8_e8m0_t", "uint8_t"},
           "fr": {"MX_A_ZZ": 2, "MX_B_NN": 2, "HIF4_A_ZZ": 4, "HIF4_B_NN": 4},
           "cover": {"MX_A_ZZ": ((0, 1, 3), (2, 4)), "MX_B_NN": ((2, 4), (0, 1, 3)),
                     "HIF4_A_ZZ": ((0, 1, 3), (2, 4)), "HIF4_B_NN": ((2, 4), (0, 1, 3))}},
}
#: the layouts common/arch/register/tload_common.hpp's IsScale() sends to the scale copy
_SCALE = {"MX_A_ZZ", "MX_A_ND", "MX_A_DN", "MX_B_NN", "MX_B_ND", "MX_B_DN", "HIF4_A_ZZ", "HIF4_B_NN"}


def _mx_row(tile: ConcreteTile) -> bool:
    s = tile.spec
    return s.rows == 1 and s.blayout == "RowMajor" and s.slayout == "RowMajor"


def _mx_scale_load(m: Machine, tile: ConcreteTile, g: ConcreteGlobal) -> bool:
    """Whether this L1 load goes through TLoadMxCubeCheck (the one-row vector copy or the scale copy)."""
    return m.impl in _MX_LOAD and tile.spec.loc == "Mat" and (_mx_row(tile) or g.spec.layout in _SCALE)


def _mx_scale_problems(impl: str, tile: ConcreteTile, g: ConcreteGlobal) -> list[tuple[str, str]]:
    """What the scale load's static checks reject, as (fault kind, detail)."""
    facts, s, lay, sh = _MX_LOAD[impl], tile.spec, g.spec.layout, g.spec.shape
    out: list[tuple[str, str]] = []
    if lay in facts["a"]:
        if not (s.blayout == "RowMajor" and s.slayout == "RowMajor"):
            out.append(("unsupported-layout", f"{lay} scales go into a row-major ZZ tile"))
    elif lay in facts["b"]:
        if not (s.blayout == "ColMajor" and s.slayout == "ColMajor"):
            out.append(("unsupported-layout", f"{lay} scales go into a column-major NN tile"))
    else:
        out.append(("unsupported-layout", f"no MX scale copy from a {lay} tensor on {impl}"))
    if s.dtype not in facts["types"] or g.dtype not in facts["types"]:
        out.append(("unsupported-dtype", f"scales are {' / '.join(sorted(facts['types']))}, not {s.dtype} "
                    f"(tile) / {g.dtype} (tensor)"))
    if s.fractal != 32:
        out.append(("unsupported-layout", f"scale tiles use 32-byte fractals, not {s.fractal}"))
    width = facts["fr"].get(lay)
    if width is not None and (sh[3] not in (16, -1) or sh[4] not in (width, -1)):
        out.append(("unsupported-layout", f"a {lay} tensor ends in [16, {width}] fractals, not [{sh[3]}, {sh[4]}]"))
    if lay in ("MX_A_ND", "MX_A_DN", "MX_B_ND", "MX_B_DN"):
        if sh[0] not in (1, -1) or sh[1] not in (1, -1) or sh[4] not in (2, -1):
            out.append(("unsupported-layout", f"a {lay} tensor is [1, 1, x, y, 2], not {list(sh)}"))
    cover = facts["cover"].get(lay)
    if cover is not None:
        need = [int(np.prod([sh[i] for i in idx])) for idx in cover]
        if s.rows < need[0] or s.cols < need[1]:
            out.append(("valid-region", f"a {s.rows}x{s.cols} tile cannot hold the {need[0]}x{need[1]} scales of "
                        f"the static shape {list(sh)}"))
    if _mx_row(tile) and any(d != 1 for d in sh[:4]):
        out.append(("unsupported-layout", f"the one-row scale copy reads a [1, 1, 1, 1, k] tensor, not {list(sh)}"))
    return out


def _a5_static_extent(m: Machine, tile: ConcreteTile, g: ConcreteGlobal) -> None:
    """A5 (and Kirin 9030's TLoad.hpp, with the same StaticCheck) compares the compile-time extents of a row-major Vec tile and its tensor before any transfer."""
    st, vr, vc = g.spec.shape, tile.spec.valid_row, tile.spec.valid_col
    if vc > 0 and st[4] > 0 and vc != st[4]:
        raise m.trap("valid-region", f"static valid columns {vc} vs the tensor's static last dimension {st[4]}")
    if vr > 0 and min(st[:4]) > 0 and vr != st[0] * st[1] * st[2] * st[3]:
        raise m.trap("valid-region", f"static valid rows {vr} vs the tensor's static rows "
                     f"{st[0] * st[1] * st[2] * st[3]}")


#: the TSTORE ND / DN copies that assert validCol == Shape4 (DN validRow == Shape3), per implementation: the
#: sources they exist for and where the next burst starts -- "gap": (Stride - Shape) elements after the previous burst
#: ends (common/arch/memory/tstore_common.hpp TStoreUb2gmNd2nd / TStoreMat2GmNd2Nd / Dn2Dn, a2a3/TStore.hpp and
#: kirinX90/TStore.hpp TStoreUb2gmDn2dn: gmGap / dstStride), "stride": one Stride after it starts (a5/TStore.hpp,
#: kirin9030/TStore.hpp, kirinDev0000/TStore.hpp TStoreVecND / DN: burstDstStride)
_STORE_BURST = {"a2a3": ("gap", ("Vec", "Mat")), "kirinx90": ("gap", ("Vec", "Mat")),
                "a5": ("stride", ("Vec",)), "kirin9030": ("stride", ("Vec",)), "kirindev0000": ("stride", ("Vec",))}


def _asserts_burst(impl: str, builtin: str, tile: ConcreteTile, layout: str) -> bool:
    loc = tile.spec.loc
    if builtin == "TLOAD":  # tload_common.hpp TLoadGm2ubNd2nd / Dn2dn; a2a3/TLoad.hpp TLoadGm2L1Nd2nd / Dn2dn: an L1
        # tile of one row (ND) / one column (DN) takes TLoadGm2L1VectorInND / Dn instead, whose burst is the line itself
        one_line = (tile.spec.rows if layout == "ND" else tile.spec.cols) == 1
        return impl == "a2a3" and (loc == "Vec" or (loc == "Mat" and not one_line))
    return loc in _STORE_BURST.get(impl, ("", ()))[1]


def _burst_length(m: Machine, builtin: str, tile: ConcreteTile, g: ConcreteGlobal, layout: str) -> None:
    """The UB (A2/A3 family: also L1) <-> GM ND / DN copies: each burst is the tile's valid columns (DN: valid rows)
    long, the tensor's line Shape4 (DN: Shape3); a debug build PTO_ASSERTs that the two are equal. A longer burst
    runs past its line and, at the last line, past the tensor. A shorter one (TSTORE) traps in debug builds; in
    release the A2/A3-family copy starts the next line right after it (lines shift), the A5-family copy leaves the
    rest of each line unwritten."""
    if tile.valid_row <= 0 or tile.valid_col <= 0:
        return
    burst, line = (tile.valid_col, g.shape[4]) if layout == "ND" else (tile.valid_row, g.shape[3])
    what = "columns" if layout == "ND" else "rows"
    if 0 < line < burst:
        m.fault("size-mismatch", f"{builtin} bursts of {burst} elements (the tile's valid {what}) over tensor lines "
                f"of {line}: each runs past its line, the last past the tensor (the equality is a debug-build "
                "PTO_ASSERT)")


def _bursts(m: Machine, builtin: str, tile: ConcreteTile, g: ConcreteGlobal, layout: str) -> None:
    """Replay the burst loop's extent: one line (ND row / DN column) per burst, Shape-driven, against the tile.

    A release build moves the tensor's extent whatever the tile's valid region says (the comparison is a debug
    PTO_ASSERT). Moving more lines than the tile's valid region has is harmless while they fit in its storage;
    more lines than the storage holds land in (or come from) whatever follows the tile; fewer lines than the
    valid region leave the rest of it stale (TLOAD) or unwritten in global memory (TSTORE)."""
    if tile.valid_row <= 0 or tile.valid_col <= 0:
        return  # bursts of zero length: nothing moves
    s = g.shape
    outer = s[0] * s[1] * s[2]
    if layout == "ND":
        lines, valid_lines, capacity = outer * s[3], tile.valid_row, tile.spec.rows
    else:
        lines, valid_lines, capacity = outer * s[4], tile.valid_col, tile.spec.cols
    what = "rows" if layout == "ND" else "columns"
    if lines > capacity:
        verb = "writes" if builtin == "TLOAD" else "reads"
        m.fault("out-of-bounds", f"{builtin} {verb} {lines} {what} of a tile with storage for {capacity}")
        m.fault("valid-region", f"{builtin} moves {lines} {what}, past the tile's {capacity}")
    elif lines < valid_lines:
        m.fault("valid-region", f"{builtin} moves {lines} {what} but the tile's valid region has {valid_lines}: "
                f"the others are {'left stale' if builtin == 'TLOAD' else 'never stored'}")
    one_line = (tile.spec.rows if layout == "ND" else tile.spec.cols) == 1
    if builtin == "TLOAD" and tile.spec.loc == "Mat" and m.impl in _A2A3_MEM and one_line:
        # tload_common.hpp TLoadGm2L1VectorInND / Dn: the line's length is Shape4 (DN Shape3), not the valid width
        length, vlen, cap = (s[4], tile.valid_col, tile.spec.cols) if layout == "ND" else \
            (s[3], tile.valid_row, tile.spec.rows)
        if length > cap:
            m.fault("valid-region", f"TLOAD writes a line of {length} into a one-line L1 tile of {cap}")
        elif length < vlen:
            m.fault("valid-region", f"TLOAD moves a line of {length} but the tile's valid region has {vlen}: the "
                    "others are left stale")


#: the L0C -> GM copy (fixpipe) per target: the tile shapes its static checks admit per tensor layout
#: ((rows lo, rows hi), columns in 16s) and, A2/A3 only, what its debug build checks at run time
_FIXPIPE_ROWS = {"a2a3": {"ND": (8192, False), "NZ": (65535, True), "NC1HWC0": (65535, True),
                          "NDC1HWC0": (65535, True)},
                 "a5": {"ND": (8192, False), "NZ": (65535, True), "NHWC": (65535, True), "NCHW": (65535, True),
                        "NCDHW": (65535, True)},
                 **{k: {"ND": (8192, False), "NZ": (65535, True)} for k in ("kirin9030", "kirindev0000")}}
#: Kirin X90's CheckAcc2gm: A2/A3's static ranges (its run-time asserts are not replayed)
_FIXPIPE_ROWS["kirinx90"] = dict(_FIXPIPE_ROWS["a2a3"])
_FIXPIPE_N_MAX = 4095


def _fixpipe_fields(m: Machine, tile: ConcreteTile, g: ConcreteGlobal) -> None:
    """The fixpipe's n / m fields: the tile's static columns (1..4095) and rows, its valid region at run time."""
    per_layout = _FIXPIPE_ROWS.get(m.impl, {})
    lay = g.spec.layout
    if lay not in per_layout:
        return
    rows_max, sixteen = per_layout[lay]
    s = tile.spec
    if not 1 <= s.cols <= _FIXPIPE_N_MAX or not 1 <= s.rows <= rows_max or (sixteen and s.cols % 16):
        raise m.trap("extent-limit", f"a {s.rows} x {s.cols} accumulator tile cannot be stored into a {lay} tensor "
                     f"(columns 1..{_FIXPIPE_N_MAX}{' in 16s' if sixteen else ''}, rows 1..{rows_max})")
    if m.impl not in _A2A3_MEM:
        return  # A5's store asserts nothing more at run time
    vr, vc = tile.valid_row, tile.valid_col
    if not 1 <= vc <= _FIXPIPE_N_MAX:
        m.fault("extent-limit", f"{vc} valid columns: the fixpipe stores 1..{_FIXPIPE_N_MAX}")
    if m.impl == "kirinx90" and lay == "NDC1HWC0":
        return  # Kirin X90's TStoreAcc has no NDC1HWC0 branch: only CheckAcc2gm's column range is asserted
    if not 1 <= vr <= rows_max:
        m.fault("extent-limit", f"{vr} valid rows: a {lay} store takes 1..{rows_max}")
    if lay == "NZ" and vc % 16:
        m.fault("extent-limit", f"{vc} valid columns: an NZ store moves whole 16-column fractals")
    if lay == "ND" and tuple(g.shape[:3]) != (1, 1, 1):
        m.fault("extent-limit", f"ND store into a tensor of leading extents {tuple(g.shape[:3])}: 2-D only")


def _mte_fields(m: Machine, builtin: str, tile: ConcreteTile, g: ConcreteGlobal, pair: tuple[str, str]) -> None:
    """The values a GM <-> UB / L1 copy packs into its MTE instruction, and the static shapes its routine insists
    on (a compile error: the run stops). A2/A3: the burst count (nBurst, 12 bits) of ND / DN / NZ copies, the
    ND2NZ / DN2ZN instruction's nValue / dValue / srcDValue fields and 32-byte L1 rows; A5: the L1 size checks."""
    s, shape, stride = tile.spec, g.shape, g.stride
    two_dim = tuple(g.spec.shape[:3]) == (1, 1, 1)
    on_l1 = s.loc == "Mat"
    if m.impl in ("a5", "kirin9030", "a6"):  # the newer targets' loads call A5's TLoadCubeCheck
        if builtin != "TLOAD" or not on_l1:
            return
        if s.rows > 16384 or s.rows * s.cols > 512 * 1024:
            raise m.trap("extent-limit", f"a {s.rows} x {s.cols} L1 tile: at most 16384 rows and 512 Ki elements")
        if pair[1] == "nz" and pair[0] in ("ND", "DN") and (not two_dim or s.fractal != 512):
            raise m.trap("extent-limit", f"ND/DN -> NZ load from a tensor of static leading extents "
                         f"{tuple(g.spec.shape[:3])} into {s.fractal}-byte fractals: 2-D and 512 only")
        return
    if m.impl not in _A2A3_MEM:  # A2/A3's memory routines (Kirin X90's stores include them)
        return
    width = element_size(s)
    over: list[str] = []  # run-time field overflows (debug builds assert)

    def burst(count: int) -> None:
        if count >= 4096:
            over.append(f"{count} bursts (the field holds < 4096)")

    def blocks(extent: int) -> None:
        if extent * width % 32:
            over.append(f"a line of {extent} elements is not whole 32-byte blocks")

    arrangement = pair[1]
    if builtin == "TLOAD" and on_l1 and pair in (("ND", "nz"), ("DN", "zn")):
        static_len = s.rows if pair[0] == "ND" else s.cols
        if not two_dim or static_len > 16384:
            raise m.trap("extent-limit", f"{pair[0]} -> {pair[1].upper()} load: a 2-D tensor and at most 16384 "
                         f"{'rows' if pair[0] == 'ND' else 'columns'} (static_assert)")
        n_value, d_value, src_d = (shape[3], shape[4], stride[3]) if pair[0] == "ND" else (shape[4], shape[3],
                                                                                            stride[4])
        if not 1 <= n_value <= 16384:
            over.append(f"nValue {n_value} outside [1, 16384]")
        if not 1 <= d_value <= 65535:
            over.append(f"dValue {d_value} outside [1, 65535]")
        if not 1 <= src_d <= 65535:
            over.append(f"srcDValue (stride) {src_d} outside [1, 65535]")
    elif builtin == "TLOAD" and on_l1 and arrangement in ("row", "col") and \
            (s.rows if arrangement == "row" else s.cols) == 1:
        if not two_dim:
            raise m.trap("extent-limit", "a one-line L1 tile loads from a 2-D tensor only (static_assert)")
    elif arrangement == "row":
        if builtin == "TLOAD" and not on_l1 and s.rows >= 4096:
            raise m.trap("extent-limit", f"a UB tile of {s.rows} rows: ND loads take fewer than 4096 (static_assert)")
        burst(shape[3])
        if on_l1:
            blocks(shape[4])
    elif arrangement == "col":
        burst(shape[4])
        if on_l1:
            blocks(shape[3])
    elif arrangement == "nz":
        burst(shape[1])
    for detail in over:
        m.fault("extent-limit", f"{builtin}: {detail}")



_FOUR_BIT = ("float4_e2m1x2_t", "float4_e1m2x2_t")


def _fractal_columns(m: Machine, builtin: str, tile: ConcreteTile, g: ConcreteGlobal) -> None:
    """An NZ tensor is walked fractal by fractal with the geometry of its static type: 16 rows of one 32-byte
    block (a 4-bit type packs 64 elements into it on A5). The fixpipe writing an accumulator out (and A5's UB
    store) also takes a channel-split block of 8 floats or a 16-wide block of floats / int32s; A2/A3 writes
    NC1HWC0 tensors the same way (any number of rows per block)."""
    if m.impl not in ("a2a3", "a5", "kirin9030", "kirindev0000", "a6", "kirinx90"):  # A5's / A2/A3's shared checks
        return
    width = _WIDTH.get(g.dtype, 0)
    if width <= 0 or 32 % width:
        return
    acc = tile.spec.loc == "Acc"
    if acc and g.spec.layout not in (("NZ", "NC1HWC0") if m.impl in _A2A3_MEM else ("NZ",)):
        return
    rows_ok = g.spec.layout != "NZ" or g.spec.shape[3] == 16
    block = {32 // width}
    four_bit = (tile.dtype if builtin == "TLOAD" else g.dtype) in _FOUR_BIT
    if m.impl not in _A2A3_MEM and four_bit and not acc:
        block = {64} if builtin == "TLOAD" else block | {64}
    if m.impl == "kirinx90" and acc and g.spec.layout == "NZ":
        block |= {16} if g.dtype == "int32_t" else set()  # its own L0C -> NZ store: no channel-split float blocks
    elif (acc or m.impl not in _A2A3_MEM) and builtin == "TSTORE":
        block |= {16} if g.dtype == "int32_t" else {8, 16} if g.dtype == "float" else set()
    if not rows_ok or g.spec.shape[4] not in block:
        raise m.trap("unsupported-layout", f"{g.spec.layout} tensor's last dimensions {tuple(g.spec.shape[3:5])}: "
                     f"blocks of 16 x {sorted(block)} only")

"""Data placement and movement on concrete tiles: TASSIGN and the plain TMOV(dst, src).

Written from the targets' implementations, independently of the rules:
- TASSIGN: include/pto/common/buffer_limits.hpp gives each memory space's size and 32-byte alignment per
  target; TASSIGN<Addr>(tile) checks them at compile time (tassign_check.hpp), TASSIGN(tile, addr) just takes
  the integer as the tile's address. The executor places the tile's Rows * Cols * sizeof(DType) bytes at the
  address in a model of the memory space and observes whether they stay inside it.
- TMOV: the move paths each target implements (a2a3/TMov.hpp: a static_assert on the TileType pair; a5/TMov.hpp:
  an if-constexpr chain whose missing branches do nothing) and their per-path checks, then the copy itself.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.memory import element_size
from ptolint.executor.ops.acc_modes import dual_dst_faults
from ptolint.executor.ops.global_memory import conv_load, hif4_cube_check, transfer
from ptolint.executor.ops.pad_values import NO_PAD_ENTRY, pad_kind
from ptolint.executor.ops.rearrange import k9030_acc_problems, x90_acc_static
from ptolint.ir import TileSpec
from ptolint.targets import ALL_TARGETS, BUFFERS

_KIB = 1024
#: target -> TileType -> bytes of its memory space (absent or 0: the space does not exist there)
_SPACE_BYTES: dict[str, dict[str, int]] = {
    "a2a3": {"Vec": 192 * _KIB, "Mat": 512 * _KIB, "Left": 64 * _KIB, "Right": 64 * _KIB, "Acc": 128 * _KIB,
             "Bias": 1 * _KIB, "Scaling": 2 * _KIB},
    "a5": {"Vec": 256 * _KIB, "Mat": 512 * _KIB, "Left": 64 * _KIB, "Right": 64 * _KIB, "Acc": 256 * _KIB,
           "Bias": 4 * _KIB, "Scaling": 4 * _KIB, "ScaleLeft": 4 * _KIB, "ScaleRight": 4 * _KIB},
    # the newer targets: their buffer_limits.hpp sizes (a buffer absent there has no entry: 0 bytes)
    **{t: {loc: cap for loc, (_, cap) in BUFFERS[t].items()} for t in ALL_TARGETS[2:]},
}
_BLOCK = 32  # every memory space is addressed in 32-byte blocks


def _element_offsets(obj: ConcreteTile) -> np.ndarray | None:
    """Byte offsets (from the tile's address) of every element of its valid region, None when unknown."""
    spec, size = obj.spec, element_size(obj.spec)
    vr, vc = min(obj.valid_row, spec.rows), min(obj.valid_col, spec.cols)
    if size <= 0 or vr <= 0 or vc <= 0 or spec.compact not in ("Null", ""):
        return None
    r, c = np.meshgrid(np.arange(vr), np.arange(vc), indexing="ij")
    if spec.slayout == "NoneBox":
        idx = r * spec.cols + c if spec.blayout == "RowMajor" else c * spec.rows + r
        return idx.ravel() * size
    if spec.fractal == 1024:
        br, bc = 16, 16
    elif spec.fractal == 512 and 32 % size == 0:
        br, bc = (16, 32 // size) if spec.slayout == "RowMajor" else (32 // size, 16)
    else:
        return None
    if spec.blayout == "RowMajor":
        box = (r // br) * (spec.cols // bc) + c // bc
    else:
        box = (c // bc) * (spec.rows // br) + r // br
    inner = (r % br) * bc + c % bc if spec.slayout == "RowMajor" else (c % bc) * br + r % br
    return (box * br * bc + inner).ravel() * size


@op("TASSIGN")
def tassign(m: Machine) -> None:
    obj = m.tile("obj")
    if obj is None:
        return  # a GlobalTensor: nothing on chip
    templ = m.template_args.get("Addr")
    addr = int(templ, 0) if templ is not None else m.scalar("addr")
    if addr is None:
        raise m.trap("unsupported-path", "TASSIGN without an address")
    addr = int(addr)
    space = _SPACE_BYTES[m.target].get(obj.spec.loc, 0)  # the chip's own capacities, whatever implements TASSIGN
    size = obj.spec.rows * obj.spec.cols * element_size(obj.spec)
    static = templ is not None
    if space == 0:
        m.fault("out-of-bounds", f"{m.target} has no memory space for TileType::{obj.spec.loc}: every byte of "
                f"{obj.name} is outside on-chip memory")
        raise m.trap("unsupported-path", "no such memory space" + (" (static_assert)" if static else ""))
    if addr % _BLOCK:
        m.fault("misaligned", f"address {addr} of {obj.name} is {addr % _BLOCK} bytes into a 32-byte block"
                + (" (static_assert)" if static else ""))
    if static:  # tassign_static_check: the whole storage must fit
        if addr + size > space:
            m.fault("out-of-bounds", f"{obj.name} storage [{addr}, {addr + size}) does not fit the {space}-byte "
                    "space (static_assert)")
            raise m.trap("out-of-bounds", "TASSIGN<Addr> does not compile")
        return
    # run-time form: the address is taken as is; observe where the valid region's data would live
    if addr < 0 or addr >= space:
        m.fault("out-of-bounds", f"address {addr} of {obj.name} is outside the {space}-byte space")
        return
    offsets = _element_offsets(obj)
    if offsets is None:
        return
    memory = np.zeros(space, dtype=np.uint8)
    at = addr + offsets
    outside = at[at + element_size(obj.spec) > space]
    if outside.size:
        m.fault("out-of-bounds", f"{obj.name} at {addr}: {outside.size} elements of its valid region lie at bytes "
                f"{int(outside.min())}..{int(outside.max())}, past the end of the {space}-byte space")
        return
    memory[at] = 1


# --- TMOV -------------------------------------------------------------------------------------------

_EXTRACT_TYPES = {"int8_t", "hifloat8_t", "float8_e5m2_t", "float8_e4m3_t", "half", "bfloat16_t", "float",
                  "float4_e2m1x2_t", "float4_e1m2x2_t", "float8_e8m0_t"}
_NZ, _ND, _DN, _ZN = ("ColMajor", "RowMajor"), ("RowMajor", "NoneBox"), ("ColMajor", "NoneBox"), ("RowMajor", "ColMajor")


def _lay(t: ConcreteTile) -> tuple[str, str]:
    return (t.spec.blayout, t.spec.slayout)


def _lay_text(t: ConcreteTile) -> str:
    """The tile's layouts as C++ text for messages (never a Python tuple)."""
    return f"BLayout::{t.spec.blayout}, SLayout::{t.spec.slayout}"


def _row_bytes(t: ConcreteTile) -> int:
    return t.spec.cols * element_size(t.spec)


def l1_to_l0_alignment(builtin: str, dst: TileSpec, src: TileSpec) -> list[str]:
    """A2/A3's L1 -> L0A / L0B copy routines (textract_common.hpp, shared by TMOV and TEXTRACT) static_assert
    the tile extents: in C0 blocks (32 bytes of the source type) and 16-row/column fractal sides without a
    transpose, in whole fractals (32 for 1-byte types, else 16) with one; the compact routines check only the
    source (and, for L0B, the destination's C0 alignment). One-row L0A sources take a vector path whose
    columns are whole 512-byte fractals on both sides."""
    if src.loc != "Mat" or dst.loc not in ("Left", "Right"):
        return []
    size = element_size(src)
    if size <= 0:
        return []
    if dst.loc == "Left" and src.rows == 1 and src.blayout == "RowMajor":
        frac = 512 // size  # the vector (GEMV) routine: both tiles' columns in whole 512-byte fractals
        return [f"{which} {t.rows}x{t.cols} is not a multiple of 1x{frac} (one-row L1 -> L0A copy of {src.dtype})"
                for which, t in (("src", src), ("dst", dst)) if t.cols % frac]
    c0, frac = 32 // min(size, 32), 32 if size == 1 else 16
    transposed = dst.slayout != src.slayout
    compact = dst.compact == "Normal" or (
        transposed and size == 1 and not (builtin == "TEXTRACT" and dst.loc == "Left"))
    need: list[tuple[str, TileSpec, int, int]] = []  # (which, tile, rows multiple, cols multiple)
    if transposed:
        need.append(("src", src, frac, frac))
        if not compact:
            need.append(("dst", dst, frac, frac))
    else:
        unit = (16, c0) if dst.loc == "Left" else (c0, 16)
        need.append(("src", src, *unit))
        if not compact:
            need.append(("dst", dst, *unit))
    if compact and dst.loc == "Right":
        need.append(("dst", dst, c0, 16))
    return [f"{which} {t.rows}x{t.cols} is not a multiple of {r}x{c} (L1 -> L0{'A' if dst.loc == 'Left' else 'B'} "
            f"{'transposed ' if transposed else ''}copy of {src.dtype})"
            for which, t, r, c in need if t.rows % r or t.cols % c]


def a5_l1_to_l0_alignment(dst: TileSpec, src: TileSpec) -> list[str]:
    """A5's L1 -> L0A / L0B copies (a5/TExtract.hpp TExtractToA/B, shared by TMOV and TEXTRACT) static_assert
    extents only in the transposing routine, which 2- and 4-byte types take when dst is not compact: all four
    extents in 16s (1-byte types and compact destinations take other routines); one-row L0A sources take the
    vector routine (TExtractToAVector), whose columns are whole 512-byte fractals."""
    if src.loc != "Mat" or dst.loc not in ("Left", "Right"):
        return []
    size = element_size(src)
    one_row = dst.loc == "Left" and src.rows == 1 and src.blayout == "RowMajor"
    if one_row and size:  # TExtractToAVector: both tiles' columns in whole 512-byte fractals (1024 packed fp4)
        frac = 1024 if src.dtype in ("float4_e2m1x2_t", "float4_e1m2x2_t") else 512 // size
        return [f"{which} has {t.cols} columns, not a multiple of {frac} (A5 one-row L0A copy of {src.dtype})"
                for which, t in (("src", src), ("dst", dst)) if t.cols % frac]
    if one_row or size <= 1 or dst.slayout == src.slayout or dst.compact == "Normal":
        return []
    return [f"{which} {t.rows}x{t.cols} is not a multiple of 16x16 (A5 transposing L1 -> "
            f"L0{'A' if dst.loc == 'Left' else 'B'} copy of {src.dtype})"
            for which, t in (("src", src), ("dst", dst)) if t.rows % 16 or t.cols % 16]


def kirin_l1_to_l0_alignment(d: TileSpec, s: TileSpec) -> list[str]:
    """Kirin 9030's L1 -> L0A / L0B copies: A5's transposing-routine extents, and the one-row L0A source's
    vector routine (TExtractToAVector): source columns in 32-byte blocks, destination columns in 512-byte
    fractals."""
    size = element_size(s)
    if s.loc == "Mat" and d.loc == "Left" and s.rows == 1 and s.blayout == "RowMajor" and size:
        return [f"{which} has {t.cols} columns, not a multiple of {n} (Kirin 9030 one-row L0A copy of {s.dtype})"
                for which, t, n in (("src", s, 32 // size), ("dst", d, 512 // size)) if t.cols % n]
    return a5_l1_to_l0_alignment(d, s)


def _as_copied(t: ConcreteTile) -> str:
    """The element type A2/A3's cube copy routines move: any 2-byte type as half."""
    return "half" if element_size(t.spec) == 2 else t.dtype


def _a2a3_checks(dst: ConcreteTile, src: ConcreteTile) -> list[tuple[str, str]] | None:
    """The A2/A3 static_asserts for a path, None when the pair is not a path."""
    s, d, sd, dd = src.spec.loc, dst.spec.loc, src.dtype, dst.dtype
    out: list[tuple[str, str]] = []
    if (src.spec.rows, src.spec.cols) != (dst.spec.rows, dst.spec.cols):
        out.append(("size-mismatch", f"src {src.spec.rows}x{src.spec.cols} vs dst {dst.spec.rows}x{dst.spec.cols}"))
    if (s, d) in (("Mat", "Left"), ("Mat", "Right")):
        # the L1 -> L0A/L0B copy routines are declared <DstType, SrcType> and instantiated <SrcType, DstType>
        # (2-byte types all as half): the call resolves only when the two types are the same
        if _as_copied(src) != _as_copied(dst):
            out.append(("unsupported-dtype", f"L1 -> {'L0A' if d == 'Left' else 'L0B'} copy of {sd} into {dd}: no "
                        "copy routine matches two different types"))
        out += [("unsupported-layout", p) for p in l1_to_l0_alignment("TMOV", dst.spec, src.spec)]
        return out
    if (s, d) == ("Mat", "Bias"):
        want = {"int32_t": "int32_t", "float": "float", "half": "float"}.get(sd)
        if want is not None and dd != want:
            out.append(("unsupported-dtype", f"bias table: {sd} source needs a {want} destination"))
        if src.spec.rows != 1 or _row_bytes(src) % 64:
            out.append(("unsupported-layout", f"bias source must be one row of 64-byte bursts ({src.spec.rows} rows, "
                        f"{_row_bytes(src)} bytes)"))
        return out
    if (s, d) == ("Mat", "Scaling"):
        if dd != sd or dd not in ("uint64_t", "int64_t"):
            out.append(("unsupported-dtype", f"fixpipe buffer takes uint64/int64, got {sd} -> {dd}"))
        if src.spec.rows != 1 or _row_bytes(src) % 128:
            out.append(("unsupported-layout", f"fixpipe source must be one row of 128-byte bursts ({src.spec.rows} "
                        f"rows, {_row_bytes(src)} bytes)"))
        return out
    if (s, d) == ("Vec", "Vec"):
        if element_size(src.spec) != element_size(dst.spec):
            out.append(("unsupported-dtype", f"UB copy between {sd} and {dd}: element sizes differ"))
        return out
    if (s, d) == ("Acc", "Mat"):
        if sd != "float" or dd not in ("half", "bfloat16_t"):
            out.append(("unsupported-dtype", f"L0C -> L1 converts float to half/bfloat16 only, got {sd} -> {dd}"))
        if _lay(src) != _NZ or _lay(dst) != _NZ or dst.spec.fractal != 512 or _row_bytes(dst) % 32:
            out.append(("unsupported-layout", f"L0C -> L1 needs NZ tiles, a 512-byte dst fractal and 32-byte rows "
                        f"(src {_lay_text(src)}, dst {_lay_text(dst)}, fractal {dst.spec.fractal}, {_row_bytes(dst)} bytes)"))
        return out
    return None


def _l0_dst_layout(dst: ConcreteTile) -> list[tuple[str, str]]:
    """A5's and Kirin 9030's L0A (NZ) / L0B (ZN) destination fractal, as their TMOV asserts it."""
    d = dst.spec.loc
    if d == "Left" and _lay(dst) != _NZ:
        return [("unsupported-layout", f"L0A destination must be ColMajor/RowMajor, is {_lay_text(dst)}")]
    if d == "Right" and _lay(dst) != _ZN:
        return [("unsupported-layout", f"L0B destination must be RowMajor/ColMajor, is {_lay_text(dst)}")]
    return []


def _a5_checks(dst: ConcreteTile, src: ConcreteTile) -> list[tuple[str, str]] | None:
    """The A5 static_asserts for a path, None when the if-constexpr chain has no branch for it."""
    s, d, sd, dd = src.spec.loc, dst.spec.loc, src.dtype, dst.dtype
    out: list[tuple[str, str]] = []
    if s == "Mat" and (src.spec.rows, src.spec.cols) != (dst.spec.rows, dst.spec.cols):
        out.append(("size-mismatch", f"src {src.spec.rows}x{src.spec.cols} vs dst {dst.spec.rows}x{dst.spec.cols}"))
    src_frac_ok = src.spec.blayout == "RowMajor" or _lay(src) == _NZ
    if s == "Mat" and d == "Bias":
        if (sd, dd) not in {("int32_t", "int32_t"), ("float", "float"), ("half", "float"), ("bfloat16_t", "float")}:
            out.append(("unsupported-dtype", f"bias table: {sd} -> {dd}"))
        nbytes = _row_bytes(dst)
        if src.spec.rows != 1 or nbytes % 64 or nbytes > 4096:
            out.append(("unsupported-layout", f"bias: {src.spec.rows} source rows, {nbytes}-byte destination row"))
        return out
    if s == "Mat" and d == "Scaling":
        if dd not in ("uint64_t", "int64_t"):
            out.append(("unsupported-dtype", f"fixpipe buffer: {dd}"))
        nbytes = _row_bytes(dst)
        if src.spec.rows != 1 or nbytes % 128 or nbytes > 4096:
            out.append(("unsupported-layout", f"fixpipe: {src.spec.rows} source rows, {nbytes}-byte destination row"))
        return out
    if (s, d) in (("Mat", "Left"), ("Mat", "Right"), ("Vec", "Mat"), ("Mat", "ScaleLeft"), ("Mat", "ScaleRight")):
        if dd != sd or dd not in _EXTRACT_TYPES:
            out.append(("unsupported-dtype", f"{sd} -> {dd}: equal TEXTRACT types needed"))
        if d in ("Left", "Right") or s == "Vec":
            if not src_frac_ok:
                out.append(("unsupported-layout", f"source fractal {_lay_text(src)}"))
        out += _l0_dst_layout(dst)
        out += [("unsupported-layout", p) for p in a5_l1_to_l0_alignment(dst.spec, src.spec)]
        return out
    if s == "Acc" and d in ("Vec", "Mat"):
        conv = {"float": ("half", "bfloat16_t", "float"), "int32_t": ("int32_t",)}
        if dd not in conv.get(sd, ()):
            out.append(("unsupported-dtype", f"L0C conversion {sd} -> {dd}"))
        if _lay(src) != _NZ or _lay(dst) not in (_ND, _DN, _NZ):
            out.append(("unsupported-layout", f"L0C source {_lay_text(src)}; destination {_lay_text(dst)}"))
        return out
    if (s, d) == ("Vec", "Vec"):
        return out + _a5_vec_fractal_checks(dst, src) + _plain_vec_store(dst, src, (_NZ, _ZN))
    return None


#: the dst element types of A5's Vec -> Vec ND -> NZ (TMovToVecNd2Nz) and ND -> ZN (TMovNdTo2Zn) copies
_A5_VEC_FRACTAL_TYPES = {"half", "bfloat16_t", "float", "int32_t", "int8_t", "uint8_t", "float8_e4m3_t",
                         "float8_e5m2_t", "hifloat8_t", "float4_e2m1x2_t", "float4_e1m2x2_t"}


def _a5_vec_fractal_checks(dst: ConcreteTile, src: ConcreteTile) -> list[tuple[str, str]]:
    """A5's Vec -> Vec copies from ND into NZ / ZN: their type list (dst's type) and, into ZN, the source's static
    Rows in K0 = 32 / sizeof(dst type) and Cols in 16s."""
    if _lay(src) != _ND or _lay(dst) not in (_NZ, _ZN):
        return []
    name = "NZ" if _lay(dst) == _NZ else "ZN"
    out = []
    if dst.dtype not in _A5_VEC_FRACTAL_TYPES:
        out.append(("unsupported-dtype", f"ND -> {name} UB copy of {dst.dtype}"))
    size = element_size(dst.spec)
    if name == "ZN" and size and (src.spec.rows % (32 // size) or src.spec.cols % 16):
        out.append(("unsupported-layout", f"ND -> ZN source {src.spec.rows}x{src.spec.cols}: Rows % {32 // size}, "
                    "Cols % 16"))
    return out


def _plain_vec_store(dst: ConcreteTile, src: ConcreteTile, fractals: tuple[tuple[str, str], ...]
                     ) -> list[tuple[str, str]]:
    """A5's and Kirin 9030's Vec -> Vec copy outside the ND -> fractal routines (TMovVecToVec): one vsts of dst's
    element type per row, its distribution from GetDistVst<T, DIST_NORM> (a5/utils.hpp), whose static_assert
    takes 1-, 2- and 4-byte types only."""
    if _lay(src) == _ND and _lay(dst) in fractals:
        return []
    size = element_size(dst.spec)
    if size in (1, 2, 4) or not size:
        return []
    return [("unsupported-dtype", f"Vec -> Vec copy of {dst.dtype}: a DIST_NORM vector store of {size}-byte "
             "elements does not compile")]


#: Kirin 9030's TMov.hpp (ptolint/own_impls.py key "kirin9030"; Kirin Dev0000 includes it): its fixpipe buffer
#: (PTO_FBUF_SIZE_BYTES) per build, its Acc checks (kirin9030/common.hpp) in the Kirin 9030 build only
_KIRIN_FBUF = {"kirin9030": 7 * _KIB, "kirindev0000": 0}
_KIRIN_ACC_TARGETS = ("kirin9030",)


def _kirin_checks(target: str, dst: ConcreteTile, src: ConcreteTile) -> list[tuple[str, str]] | None:
    """The Kirin 9030 TMov.hpp static_asserts for a path, None when its if-constexpr chain has no branch for it
    (the call then compiles to nothing)."""
    s, d, sd, dd = src.spec.loc, dst.spec.loc, src.dtype, dst.dtype
    out: list[tuple[str, str]] = []
    if s == "Mat" and (src.spec.rows, src.spec.cols) != (dst.spec.rows, dst.spec.cols):
        out.append(("size-mismatch", f"src {src.spec.rows}x{src.spec.cols} vs dst {dst.spec.rows}x{dst.spec.cols}"))
    src_frac_ok = src.spec.blayout == "RowMajor" or _lay(src) == _NZ
    if s == "Mat" and d in ("ScaleLeft", "ScaleRight"):
        return out + [("unsupported-path", f"{d} destinations are not supported on Kirin 9030's TMOV")]
    if s == "Mat" and d == "Bias":
        if (sd, dd) not in {("int32_t", "int32_t"), ("half", "half")}:
            out.append(("unsupported-dtype", f"bias table: {sd} -> {dd}"))
        nbytes = _row_bytes(dst)
        if src.spec.rows != 1 or nbytes % 64 or nbytes > _KIB:
            out.append(("unsupported-layout", f"bias: {src.spec.rows} source rows, {nbytes}-byte destination row"))
        return out
    if s == "Mat" and d == "Scaling":
        nbytes = _row_bytes(dst)
        if src.spec.rows != 1 or nbytes % 128 or nbytes > _KIRIN_FBUF[target]:
            out.append(("unsupported-layout", f"fixpipe: {src.spec.rows} source rows, {nbytes}-byte destination row "
                        f"({_KIRIN_FBUF[target]}-byte buffer)"))
        return out
    if (s, d) in (("Mat", "Left"), ("Mat", "Right"), ("Vec", "Mat")):
        if dd != sd or (d != "Mat" and dd not in ("half", "int8_t")):
            out.append(("unsupported-dtype", f"{sd} -> {dd}: equal types (half or int8_t into L0) needed"))
        if not src_frac_ok:
            out.append(("unsupported-layout", f"source fractal {_lay_text(src)}"))
        out += _l0_dst_layout(dst)
        if s == "Mat":
            out += [("unsupported-layout", p) for p in kirin_l1_to_l0_alignment(dst.spec, src.spec)]
        return out
    if s == "Acc" and d in ("Vec", "Mat"):
        if dd != sd or dd not in ("half", "int32_t"):
            out.append(("unsupported-dtype", f"L0C conversion {sd} -> {dd}"))
        if _lay(src) != _NZ or _lay(dst) not in (_ND, _DN, _NZ):
            out.append(("unsupported-layout", f"L0C source {_lay_text(src)}; destination {_lay_text(dst)}"))
        return out
    if (s, d) == ("Vec", "Vec"):
        if _lay(src) == _ND and _lay(dst) == _NZ and dd not in ("half", "float", "int32_t", "int8_t"):
            out.append(("unsupported-dtype", f"ND -> NZ UB copy of {dd}"))
        return out + _plain_vec_store(dst, src, (_NZ,))
    return None


#: Kirin X90's own TMov.hpp (ptolint/own_impls.py key "kirinx90"): only its plain form's copies out of L0C are
#: restated (kirinX90/common.hpp CheckTMovAccValid with isCastQuant set, then the NoQuant mode's same-type check)
_X90_IMPL = "kirinx90"


def _x90_acc_checks(dst: ConcreteTile, src: ConcreteTile) -> list[tuple[str, str]]:
    """The static_asserts Kirin X90's plain TMOV out of L0C compiles: a half / int32_t NZ source, a cast-list
    destination type (half, int8, uint8, int16) equal to the source's (so half -> half), an ND or NZ destination
    whose rows are whole 32-byte blocks."""
    sd, dd = src.dtype, dst.dtype
    out: list[tuple[str, str]] = []
    if sd not in ("half", "int32_t") or dd not in ("half", "int8_t", "uint8_t", "int16_t") or dd != sd:
        out.append(("unsupported-dtype", f"L0C conversion {sd} -> {dd}"))
    nbytes = _row_bytes(dst)
    if _lay(src) != _NZ or _lay(dst) not in (_ND, _NZ) or dst.spec.cols <= 0 or nbytes % 32:
        out.append(("unsupported-layout", f"L0C source {_lay_text(src)}; destination {_lay_text(dst)} "
                    f"({nbytes}-byte rows)"))
    return out


def _mode_form(m: Machine, dst: ConcreteTile, src: ConcreteTile, kirin: bool) -> None:
    """The static_asserts of A5's / Kirin 9030's TMOV_IMPL overloads with an AccToVecMode: a call that fails one
    does not compile (trap); one that passes is not modelled further (refused)."""
    if kirin and m.target not in _KIRIN_ACC_TARGETS:
        raise LookupError(f"{m.target}'s Acc moves of Kirin 9030's TMov.hpp are not modelled")
    mode = str(m.template_args.get("mode", "")).split("::")[-1]
    fp = m.tile("fp")
    quantised = fp is not None or "preQuantScalar" in m.site.params
    for kind, detail in k9030_acc_problems(dst, src, quantised) if kirin else ():  # CheckTMovAccValid
        m.fault(kind, detail)
    if quantised and mode not in ("SingleModeVec0", "SingleModeVec1"):
        m.fault("unsupported-path", f"quantised TMOV with AccToVecMode::{mode}: dual-destination modes cannot quantise")
    if dst.spec.loc != "Vec":
        m.fault("unsupported-path", f"TMOV with an AccToVecMode writes UB only, dst is {dst.spec.loc}")
    if fp is not None and fp.spec.loc != "Scaling":
        m.fault("unsupported-path", f"fp is TileType::{fp.spec.loc}, not Scaling")
    if fp is None and m.scalar("preQuantScalar") is None and dst.spec.loc == "Vec":
        dual_dst_faults(m, dst, src, quant_operand=False)
    if m.faults:
        raise m.trap("unsupported-path", "TMOV does not compile")
    raise LookupError(f"{m.impl}'s TMOV with an AccToVecMode is not modelled beyond its static checks")


def _x90_forms(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    """Kirin X90's two-tile TMOV_IMPL overloads out of L0C other than the plain one (kirinX90/TMov.hpp 424-468): relu
    (TMOV<STPhase> forwards to it; isCastQuant set, then GetCastPreQuantMode's same type), scalar-quantised
    (preQuantScalar) and AccToVecMode (isCastQuant false, a Vec destination) all run CheckTMovAccValid first: a call
    that fails it does not compile (trap); one that passes is not modelled further (refused)."""
    if len(m.tiles) != 2 or "grp_axis" in m.template_args:
        return
    mode = str(m.template_args.get("mode", "")).split("::")[-1]
    quant = m.scalar("preQuantScalar") is not None
    if mode:
        if quant:
            return  # TMOV<..., AccToVecMode>(dst, src, preQuantScalar): no X90 overload takes it
        x90_acc_static(m, dst, src, dst_locs=("Vec",))
    else:
        x90_acc_static(m, dst, src, cast=not quant)
    raise LookupError(f"{m.impl}'s TMOV forms out of L0C are not modelled beyond their static checks")


def _k9030_forms(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    """Kirin 9030's relu / STPhase and preQuantScalar TMOV_IMPL overloads (kirin9030/TMov.hpp 419-466) run its
    CheckTMovAccValid first (the Kirin 9030 build only): a call that fails it does not compile (trap); one that
    passes is not modelled further (refused)."""
    if m.target not in _KIRIN_ACC_TARGETS:
        raise LookupError(f"{m.target}'s Acc moves of Kirin 9030's TMov.hpp are not modelled")
    problems = k9030_acc_problems(dst, src, "preQuantScalar" in m.site.params)
    for kind, detail in problems:
        m.fault(kind, detail)
    if problems:
        raise m.trap(problems[0][0], "TMOV does not compile (CheckTMovAccValid)")
    raise LookupError("Kirin 9030's TMOV forms out of L0C are not modelled beyond their static checks")


def _zz_form(m: Machine, dst: ConcreteTile, src: ConcreteTile, tmp: ConcreteTile) -> None:
    """a5/TMov.hpp TMOV_IMPL(dst, src, tmp) (tmp not in Scaling): CommonCheckZZ and the ND / DN -> ZZ routines'
    static_asserts (8-bit scale types, one type for all three, an ND src, a row-major dst of row-major fractals).
    A call that fails one does not compile (trap); one that passes goes on as any non-plain form."""
    t = dst.dtype
    if t not in ("uint8_t", "hifloat8_t", "float8_e8m0_t"):
        m.fault("unsupported-path", f"ND->ZZ TMOV of {t}: uint8_t, hifloat8_t or float8_e8m0_t only")
    elif src.dtype != t or tmp.dtype != t:
        m.fault("unsupported-path", f"ND->ZZ TMOV: src {src.dtype}, tmp {tmp.dtype}, dst {t} differ")
    if not src.spec.is_row_major or src.spec.slayout != "NoneBox":
        m.fault("unsupported-path", f"ND->ZZ TMOV: src is {src.spec.blayout}/{src.spec.slayout}, not an ND tile")
    if not dst.spec.is_row_major or dst.spec.slayout != "RowMajor":
        m.fault("unsupported-path", f"ND->ZZ TMOV: dst is {dst.spec.blayout}/{dst.spec.slayout}, not RowMajor/RowMajor")
    if m.faults:
        raise m.trap("unsupported-path", "TMOV does not compile")


@op("TMOV", own=("kirin9030", _X90_IMPL))
def tmov(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        raise m.trap("unsupported-path", "TMOV needs two tiles")
    plain = set(m.tiles) == {"dst", "src"} and not any(
        k in m.template_args for k in ("reluMode", "mode", "Phase", "grp_axis")) and m.scalar("preQuantScalar") is None
    kirin = m.impl == "kirin9030"
    tmp = m.tile("tmp")
    if m.impl == "a5" and tmp is not None and tmp.spec.loc != "Scaling":
        _zz_form(m, dst, src, tmp)
    if not plain and "mode" in m.template_args and m.impl in ("a5", "kirin9030"):
        _mode_form(m, dst, src, kirin)
    if not plain and m.impl == _X90_IMPL:
        _x90_forms(m, dst, src)
    if not plain and kirin and len(m.tiles) == 2 and "grp_axis" not in m.template_args:
        _k9030_forms(m, dst, src)
    if not plain:
        m.fault("unsupported-path", "only the plain TMOV(dst, src) form is modelled")
        return
    if kirin and src.spec.loc == "Acc" and m.target not in _KIRIN_ACC_TARGETS:
        # before any fault is recorded: a refusal, never a confirmation
        raise LookupError(f"{m.target}'s Acc moves of Kirin 9030's TMov.hpp are not modelled")
    if m.impl == _X90_IMPL and src.spec.loc == "Acc" and dst.spec.loc not in ("Vec", "Mat"):
        # TMOV_TILE_IMPL's location static_assert and CheckTMovAccValid's (kirinX90/common.hpp:20)
        m.fault("unsupported-path", f"Acc -> {dst.spec.loc} is not a TMOV path on {m.impl}")
        raise m.trap("unsupported-path", "static_assert: TMov: Invalid TileType.")
    if m.impl == _X90_IMPL and (src.spec.loc, dst.spec.loc) not in (("Acc", "Vec"), ("Acc", "Mat")):
        raise LookupError(f"{m.target}'s TMOV {src.spec.loc} -> {dst.spec.loc} is not modelled")
    a5 = m.impl == "a5" or kirin  # the same if-constexpr chain: a missing branch does nothing
    if m.impl == _X90_IMPL:
        checks: list[tuple[str, str]] | None = _x90_acc_checks(dst, src)
    else:
        checks = _kirin_checks(m.target, dst, src) if kirin else _a5_checks(dst, src) if a5 else _a2a3_checks(
            dst, src)
    if checks is None:
        m.fault("unsupported-path", f"{src.spec.loc} -> {dst.spec.loc} is not a TMOV path on {m.impl}")
        if a5:
            m.fault("no-op", f"{m.impl} has no branch for this pair: dst is not written")
            return
        raise m.trap("unsupported-path", "static_assert: TMov: Invalid TileType.")
    if checks:
        for kind, detail in checks:
            m.fault(kind, detail)
        raise m.trap(checks[0][0], "TMOV does not compile")
    # the copy: valid region of the source (Vec -> Vec: the smaller of the two regions)
    rows, cols = src.valid_row, src.valid_col
    if (src.spec.loc, dst.spec.loc) == ("Vec", "Vec"):
        rows, cols = min(rows, dst.valid_row), min(cols, dst.valid_col)
    if rows <= 0 or cols <= 0:
        if m.impl == "a2a3" and (src.spec.loc, dst.spec.loc) == ("Vec", "Vec"):
            # a2a3/TMov.hpp TMovToVec: PTO_ASSERT validRow > 0 / validCol > 0, then a release build returns
            m.fault("valid-region", f"Vec -> Vec TMOV copies an empty region ({rows}x{cols}: the smaller of src's "
                    f"{src.valid_row}x{src.valid_col} and dst's {dst.valid_row}x{dst.valid_col})")
        return
    data = np.array(m.window(src, 0, 0, rows, cols))
    out = m.window(dst, 0, 0, rows, cols, write=True)
    if src.dtype == dst.dtype or element_size(src.spec) == element_size(dst.spec) and src.dtype not in (
            "float", "half", "bfloat16_t"):
        out[:, :] = data.view(out.dtype) if data.dtype.itemsize == out.dtype.itemsize else data.astype(out.dtype)
    else:
        out[:, :] = data.astype(np.float64).astype(out.dtype)


# --- TLOAD / TSTORE (the tile side here; the GlobalTensor side in global_memory.py) -------------------------

#: target -> TileTypes the load writes / the plain store reads
_LOAD_LOCS = {"a2a3": ("Vec", "Mat"), "a5": ("Vec", "Mat"), "kirin9030": ("Vec", "Mat"), "a6": ("Vec", "Mat")}
_STORE_LOCS = {"a2a3": ("Vec", "Acc", "Mat"), "a5": ("Vec", "Acc"), "kirin9030": ("Vec", "Acc"),
               "kirindev0000": ("Vec", "Acc"), "kirinx90": ("Vec", "Acc", "Mat")}
#: the own files whose TLOAD / TSTORE semantics are restated here (ptolint/own_impls.py): Kirin 9030's and A6's
#: TLoad.hpp branch as A5's does (Vec, Mat, nothing else) behind the same StaticCheck; Kirin 9030's and Kirin
#: Dev0000's TStore.hpp; Kirin X90's TStore.hpp (A2/A3's Vec / Acc / Mat sources). A6's hifloat4x2_t loads, left out
#: of that reading, are restated apart ("a6:hifloat4x2_t"): the L1 data load's TLoadHif4CubeCheck and the fill only
_OWN_LOAD = ("kirin9030", "a6", "a6:hifloat4x2_t")
_OWN_STORE = ("kirin9030", "kirindev0000", "kirinx90")
_A2A3_LOAD_TYPES = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
                    "half", "bfloat16_t", "float"}


def _pad_read(dst: ConcreteTile, g, mx: bool) -> bool:
    """The A5-family load reads GetPadValue (a named PadValue, not a custom one): the Vec load unless PadVal is
    Null, the L1 ND -> ND / DN -> DN copies for Max / Min, and (`mx`: A6's MX path) the one-row ZZ L1 scale load
    always."""
    d = dst.spec
    pad = pad_kind(d.pad)
    if pad not in ("Null", "Zero", "Max", "Min"):
        return False
    if d.loc == "Vec":
        return pad != "Null"
    if d.loc != "Mat":
        return False
    if mx and d.rows == 1 and d.blayout == "RowMajor" and d.slayout == "RowMajor":
        return True
    layout = g.spec.layout if g is not None else None
    pair = (layout == "ND" and (d.blayout, d.slayout) == ("RowMajor", "NoneBox")) or \
        (layout == "DN" and (d.blayout, d.slayout) == ("ColMajor", "NoneBox"))
    return pair and pad in ("Max", "Min")


@op("TLOAD", own=_OWN_LOAD)
def tload(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:  # a ConvTile: which copies exist; the copy itself is not modelled
        conv_load(m, getattr(m.site.arg("dst"), "spelling", "") or "", m.global_tensor("src"))
        return
    if m.impl == "a6" and dst.dtype == "hifloat4x2_t":  # read apart (ptolint/own_impls.py): no other check here
        hif4_cube_check(m, dst, m.global_tensor("src"))
        fill_from_global(m, dst)
        return
    loc = dst.spec.loc
    if m.impl != "a2a3" and dst.dtype in NO_PAD_ENTRY.get(m.target, ()) and \
            _pad_read(dst, m.global_tensor("src"), mx=m.impl == "a6"):
        raise m.trap("unsupported-dtype", f"{m.target}'s load looks PadValue::{pad_kind(dst.spec.pad)} up in "
                     f"PadValueMap, which has no {dst.dtype} entry there (common/constants.hpp)")
    if m.impl != "a2a3" and dst.dtype in ("int64_t", "uint64_t") and pad_kind(dst.spec.pad) not in ("Null", "Zero"):
        raise m.trap("unsupported-dtype", f"{m.impl}'s load checks (before its Vec / Mat dispatch) take a "
                     f"{dst.dtype} tile with PadValue Null or Zero only, not {pad_kind(dst.spec.pad)}")
    if loc not in _LOAD_LOCS[m.impl]:
        m.fault("unsupported-path", f"global memory -> {loc} is not a load path on {m.impl}")
        if m.impl != "a2a3":
            m.fault("no-op", f"{m.impl}'s TLOAD has no branch for this TileType: nothing is loaded")
            return
        raise m.trap("unsupported-path", "static_assert: Dst TileType must be Vec or Mat")
    if m.impl == "a2a3" and dst.dtype not in _A2A3_LOAD_TYPES:
        raise m.trap("unsupported-dtype", f"A2/A3 TLOAD does not take {dst.dtype} tiles")
    if m.impl != "a2a3" and element_size(dst.spec) not in (1, 2, 4, 8):
        raise m.trap("unsupported-dtype", f"{m.impl} TLOAD needs a b8/b16/b32/b64 type, not {dst.dtype}")
    g = m.global_tensor("src")
    if g is not None:
        transfer(m, "TLOAD", dst, g, quant=False)
    fill_from_global(m, dst)


def fill_from_global(m: Machine, dst: ConcreteTile) -> None:
    """The loaded data: global memory's contents are unknown, so the valid region gets fresh random bytes."""
    if dst.buf is None:
        return
    region = dst.data()[:max(0, min(dst.valid_row, dst.spec.rows)), :max(0, min(dst.valid_col, dst.spec.cols))]
    raw = m.rng.integers(0, 256, (*region.shape, region.dtype.itemsize), dtype=np.uint8)
    region[...] = raw.view(region.dtype).reshape(region.shape)


@op("TSTORE", own=_OWN_STORE)
def tstore(m: Machine) -> None:
    src = m.tile("src")
    if src is None:
        return
    quant = m.scalar("preQuantScalar") is not None or "reluPreMode" in m.template_args
    ok = ("Acc",) if quant else _STORE_LOCS[m.impl]
    if src.spec.loc not in ok:
        raise m.trap("unsupported-path", f"{src.spec.loc} -> global memory is not a"
                     f"{' quantising' if quant else ''} store path on {m.impl} (static_assert)")
    if m.impl in ("a2a3", "kirinx90") and src.spec.loc in ("Vec", "Mat") and src.dtype not in _A2A3_LOAD_TYPES:
        # tstore_common.hpp CheckStaticForVecAndMat (Kirin X90's TStore.hpp calls it too): the TLOAD list
        raise m.trap("unsupported-dtype", f"TSTORE on {m.target} does not take {src.dtype} tiles")
    g = m.global_tensor("dst")
    if g is not None:
        transfer(m, "TSTORE", src, g, quant)

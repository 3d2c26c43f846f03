"""Data rearrangement: TFILLPAD(_INPLACE/_EXPAND), TCONCAT, TTRANS, TINSERT, TINSERT_FP, TMOV_FP, TSTORE_FP,
TSUBVIEW, TINTERLEAVE, TDEINTERLEAVE.

Each op first rejects what the target's headers reject at compile time (recording the fault kind and
trapping), then replays what a release build does with the concrete valid regions and offsets:
- TFILLPAD (Vec): copies src's valid region, pads the rest of those rows up to Dst::Cols and the rows up to
  dst's valid rows with the dst pad value. a2a3 returns early on an empty dst and skips bottom padding when
  src has more rows; a5 computes the bottom pad length unsigned (wrapping) and stores it flat.
- TCONCAT: for each of dst's valid rows, src0's valid cols then src1's (a5: dst valid cols should be
  covered). The index-tile forms: PTO_ASSERT equal valid rows (and one dstIdx column); per dst valid row the byte
  counts in column 0 of src0Idx / src1Idx select how many elements of each source are joined.
- TTRANS: dst[j][i] = src[i][j] over src's valid shape (a5, 1- / 2-byte types: the indexed tile's last element
  index within 16 bits, a static_assert).
- TINSERT (non-Acc source): src's valid region stored at (indexRow, indexCol); a2a3's ND block copy needs a
  32-byte aligned column.
- TINTERLEAVE / TDEINTERLEAVE (a5): over dst0's valid shape (single-source form: src's rows, half its cols);
  PTO_ASSERTs want every operand's valid shape equal to it.
- TMOV_FP / TINSERT_FP / TSTORE_FP / TSUBVIEW: only their compile-time checks are replayed.
"""

from __future__ import annotations

import re

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.ops.acc_modes import dual_dst_faults
from ptolint.executor.ops.global_memory import quant_output
from ptolint.executor.ops.pad_values import NO_PAD_ENTRY, pad_kind

_SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2, "int32_t": 4,
          "uint32_t": 4, "float": 4, "int64_t": 8, "uint64_t": 8, "double": 8, "hifloat8_t": 1,
          "float8_e4m3_t": 1, "float8_e5m2_t": 1, "float8_e8m0_t": 1, "float4_e2m1x2_t": 1, "float4_e1m2x2_t": 1}

# element types each target's implementation accepts (written from the headers)
_CAT_TYPES = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "bfloat16_t", "float"}
_INS_TYPES = {
    "a2a3": {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "bfloat16_t", "float"},
    "a5": {"int8_t", "int32_t", "half", "bfloat16_t", "float", "hifloat8_t", "float8_e4m3_t", "float8_e5m2_t",
           "float8_e8m0_t", "float4_e2m1x2_t", "float4_e1m2x2_t"},
    # A5's list as Kirin 9030 / Kirin Dev0000 compile it (their header.hpp renames element type names around it)
    "kirin9030": {"half", "float", "int32_t", "int8_t", "int64_t"},
    "kirindev0000": {"half", "bfloat16_t", "float", "int32_t", "float8_e4m3_t", "float8_e5m2_t", "hifloat8_t", "int8_t",
                     "int64_t"},
    # Kirin X90's own TInsert.hpp: its Vec -> Mat list is Kirin 9030's build of A5's (the same renames); its Vec -> Vec
    # list is common/arch/memory/tinsert_common.hpp's (A2/A3's) with bfloat16_t read as half: _INS_VEC_X90
    "kirinx90": {"half", "float", "int32_t", "int8_t", "int64_t"},
}
_INS_VEC_X90 = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "float"}
_VQUANT = {
    "a2a3": {("float", "int8_t"), ("int32_t", "int8_t"), ("int32_t", "uint8_t"), ("int32_t", "half"),
             ("int32_t", "int16_t")},
    "a5": {("float", d) for d in ("int8_t", "uint8_t", "hifloat8_t", "half", "bfloat16_t", "float8_e4m3_t", "float")}
    | {("int32_t", d) for d in ("int8_t", "uint8_t", "half", "bfloat16_t")},
}
_QUANT_X90 = {"half", "uint8_t", "int8_t", "int16_t"}  # kirinX90/common.hpp CheckTMovAccValid, isCastQuant: dst types
_VL = 256  # bytes per A5 vector register


class _Static:
    """Collects compile-time rejections; `done()` records them and stops the op."""

    def __init__(self, m: Machine, name: str):
        self.m, self.name, self.errors = m, name, []

    def need(self, ok: bool, kind: str, detail: str) -> None:
        if not ok:
            self.errors.append((kind, detail))

    def done(self) -> None:
        if self.errors:
            for kind, detail in self.errors:
                self.m.fault(kind, f"{self.name}: {detail}")
            raise self.m.trap(self.errors[0][0], f"{self.name} does not compile on {self.m.impl}")


def _size(t: ConcreteTile) -> int:
    return t.spec.elem_size or _SIZES.get(t.spec.dtype, 0)


def _nd(t: ConcreteTile) -> bool:
    return t.spec.blayout == "RowMajor"


def _nz(t: ConcreteTile) -> bool:
    return t.spec.blayout == "ColMajor" and t.spec.slayout == "RowMajor"


def _pad_value(t: ConcreteTile):
    data = t.data()
    kind = t.spec.pad
    if np.issubdtype(data.dtype, np.floating):
        return {"Max": np.inf, "Min": -np.inf}.get(kind, 0)
    if np.issubdtype(data.dtype, np.integer):
        info = np.iinfo(data.dtype)
        return {"Max": info.max, "Min": info.min}.get(kind, 0)
    return 0


def _has(m: Machine, *names: str) -> bool:
    return all(m.tile(n) is not None for n in names)


# --- TFILLPAD --------------------------------------------------------------------------------------


@op("TFILLPAD", "TFILLPAD_INPLACE", "TFILLPAD_EXPAND")
def tfillpad(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        return
    name = m.site.builtin
    if name == "TFILLPAD" and dst.spec.loc == "Mat":
        return _tfillpad_mat(m, dst)
    if name == "TFILLPAD":
        mode = m.template_args.get("mode", "Normal").split("::")[-1]
        name = {"InPlace": "TFILLPAD_INPLACE", "1": "TFILLPAD_INPLACE", "Expand": "TFILLPAD_EXPAND",
                "2": "TFILLPAD_EXPAND"}.get(mode, "TFILLPAD")
    chk = _Static(m, name)
    for t in (dst, src):
        chk.need(t.spec.loc == "Vec", "unsupported-path", f"{t.name} is TileType::{t.spec.loc}, the Vec overload needs Vec")
    chk.need(_size(src) in (1, 2, 4), "unsupported-dtype", f"{_size(src)}-byte elements ({src.dtype})")
    chk.need(_size(src) == _size(dst), "dtype-mismatch", f"src {src.dtype} and dst {dst.dtype} differ in size")
    chk.need(dst.spec.pad != "Null", "unsupported-layout", "dst PadValue is Null")
    chk.need(not (dst.dtype in NO_PAD_ENTRY.get(m.target, ()) and pad_kind(dst.spec.pad) in ("Zero", "Max", "Min")),
             "unsupported-dtype", f"the fill reads PadValueMap<{dst.dtype}, {pad_kind(dst.spec.pad)}>, which has no "
             f"entry on {m.target} (common/constants.hpp)")
    if name == "TFILLPAD_EXPAND":
        chk.need(dst.spec.rows >= src.spec.rows and dst.spec.cols >= src.spec.cols, "size-mismatch",
                 f"dst {dst.spec.rows}x{dst.spec.cols} smaller than src {src.spec.rows}x{src.spec.cols}")
    else:
        chk.need((dst.spec.rows, dst.spec.cols) == (src.spec.rows, src.spec.cols), "size-mismatch",
                 f"dst {dst.spec.rows}x{dst.spec.cols} != src {src.spec.rows}x{src.spec.cols}")
    chk.done()

    svr, svc, dvr, dvc = src.valid_row, src.valid_col, dst.valid_row, dst.valid_col
    a5 = m.impl == "a5"
    if not a5 and (dvr == 0 or dvc == 0):
        return
    pad = _pad_value(dst)
    if name != "TFILLPAD_INPLACE" and svr > 0 and svc > 0:
        m.window(dst, 0, 0, svr, svc, write=True)[:, :] = m.window(src, 0, 0, svr, svc)
    cols = dst.spec.cols
    if svr > 0 and svc < cols:
        m.window(dst, 0, svc, svr, cols - svc, write=True)[:, :] = pad
    if not a5:
        if dvr > svr:
            m.window(dst, svr, 0, dvr - svr, cols, write=True)[:, :] = pad
        return
    # a5: one flat store of (dvr - svr) * Cols elements, computed in 32-bit unsigned arithmetic
    per_repeat = _VL // max(_size(dst), 1)
    pad1d = (((dvr - svr) % (1 << 32)) * cols) % (1 << 32)
    repeats = (-(-pad1d // per_repeat)) % (1 << 16)
    count = min(pad1d, repeats * per_repeat)
    start = svr * cols
    total = dst.spec.rows * cols
    if count and start + count > total:
        raise m.trap("out-of-bounds", f"{name}: bottom padding stores {count} elements from element {start} of "
                     f"{dst.name} ({total} elements): src valid rows {svr} > dst valid rows {dvr}")
    if count:
        flat = dst.data().reshape(-1)
        flat[start:start + count] = pad


def _tfillpad_mat(m: Machine, dst: ConcreteTile) -> None:
    chk = _Static(m, "TFILLPAD (Mat)")
    chk.need(_nz(dst), "unsupported-layout", f"dst is {dst.spec.blayout}/{dst.spec.slayout}, not NZ")
    chk.need(dst.spec.pad in ("Zero", "Null"), "unsupported-layout", f"dst PadValue::{dst.spec.pad} on a Mat tile")
    chk.need(_size(dst) in (1, 2, 4), "unsupported-dtype", f"{_size(dst)}-byte elements ({dst.dtype})")
    chk.done()


# --- TCONCAT ---------------------------------------------------------------------------------------


_CAT_IDX_TYPES = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t"}


def _tconcat_idx(m: Machine) -> None:
    """TCONCAT(dst, src0, src1, src0Idx, src1Idx[, dstIdx]) (TConcatIdxCheck and the index-tile TCONCAT_IMPL)."""
    dst, s0, s1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    i0, i1, di = m.tile("src0Idx"), m.tile("src1Idx"), m.tile("dstIdx")
    chk = _Static(m, "TCONCAT")
    chk.need(dst.dtype in _CAT_TYPES, "unsupported-dtype", f"dst element type {dst.dtype}")
    # A5's check compares dst's type with src0's twice and never with src1's
    for s in (s0,) if m.impl == "a5" else (s0, s1):
        chk.need(s.dtype == dst.dtype, "dtype-mismatch", f"{s.name} is {s.dtype}, dst is {dst.dtype}")
    chk.need(i0.dtype in _CAT_IDX_TYPES, "unsupported-dtype", f"src0Idx element type {i0.dtype}")
    for t in (i1,) + ((di,) if di is not None else ()):
        chk.need(t.dtype == i0.dtype, "dtype-mismatch", f"{t.name} is {t.dtype}, src0Idx is {i0.dtype}")
    for t in (dst, s0, s1):
        chk.need(t.spec.loc == "Vec", "unsupported-path", f"{t.name} is TileType::{t.spec.loc}")
    chk.done()
    rows, cols = dst.valid_row, dst.valid_col
    for s in (s0, s1):
        if s.valid_row != rows:
            m.fault("valid-region", f"TCONCAT (index-tile form): {s.name} has {s.valid_row} valid rows, dst {rows}")
    if di is not None and di.valid_col != 1:
        m.fault("valid-region", f"TCONCAT (index-tile form): dstIdx has {di.valid_col} valid columns, not 1")
    size = _SIZES.get(i0.dtype, 4)
    for i in range(max(rows, 0)):
        # per row: the byte counts in column 0 of the index tiles, clamped to dst's valid columns (and, here, to
        # the storage: index values are data the run does not know)
        n0 = int(m.window(i0, i, 0, 1, 1)[0, 0]) // size
        n1 = int(m.window(i1, i, 0, 1, 1)[0, 0]) // size
        k0 = min(max(n0, 0), cols, s0.spec.cols)
        k1 = min(max(n1, 0), max(cols - k0, 0), s1.spec.cols, dst.spec.cols - k0)
        out = m.window(dst, i, 0, 1, k0 + k1, write=True)
        out[0, :k0] = m.window(s0, i, 0, 1, k0)[0]
        out[0, k0:] = m.window(s1, i, 0, 1, k1)[0]
        if di is not None:
            count = min(max(n0, 0) + max(n1, 0), cols) * size
            m.write(di, i, 0, np.array(count, dtype=np.int64).astype(di.data().dtype))


@op("TCONCAT")
def tconcat(m: Machine) -> None:
    if _has(m, "dst", "src0", "src1", "src0Idx", "src1Idx") and len(m.tiles) in (5, 6):
        _tconcat_idx(m)
        return
    if not _has(m, "dst", "src0", "src1") or len(m.tiles) != 3:
        return
    dst, s0, s1 = m.tile("dst"), m.tile("src0"), m.tile("src1")
    a5 = m.impl == "a5"
    chk = _Static(m, "TCONCAT")
    chk.need(dst.dtype in _CAT_TYPES, "unsupported-dtype", f"dst element type {dst.dtype}")
    for s in (s0, s1):
        chk.need(s.dtype == dst.dtype, "dtype-mismatch", f"{s.name} is {s.dtype}, dst is {dst.dtype}")
    for t in (dst, s0, s1):
        if a5:
            chk.need(_nd(t), "unsupported-layout", f"{t.name} is not row-major")
        else:
            chk.need(t.spec.loc == "Vec", "unsupported-path", f"{t.name} is TileType::{t.spec.loc}")
    chk.done()

    # the PTO_ASSERTs (debug builds trap): both sources' valid rows == dst's; a5 also src0's + src1's valid columns ==
    # dst's (a2a3 asserts them within Dst::Cols only)
    for s in (s0, s1):
        if s.valid_row != dst.valid_row:
            m.fault("valid-region", f"TCONCAT: {s.name} has {s.valid_row} valid rows, dst {dst.valid_row} (PTO_ASSERT)")
    if a5 and s0.valid_col + s1.valid_col != dst.valid_col:
        m.fault("valid-region", f"TCONCAT: src0's {s0.valid_col} + src1's {s1.valid_col} valid columns != dst's "
                f"{dst.valid_col} (PTO_ASSERT)")
    rows = dst.valid_row
    if rows <= 0:
        return
    c0, c1 = s0.valid_col, s1.valid_col
    for s in (s0, s1):
        if s.valid_row < rows:
            m.fault("valid-region", f"TCONCAT copies {rows} rows from {s.name}, which has {s.valid_row} valid rows")
    if a5 and dst.valid_col > c0 + c1:
        m.fault("valid-region", f"TCONCAT writes {c0} + {c1} columns of dst's {dst.valid_col} valid columns")
    left = np.array(m.window(s0, 0, 0, rows, c0))
    right = np.array(m.window(s1, 0, 0, rows, c1))
    out = m.window(dst, 0, 0, rows, c0 + c1, write=True)
    out[:, :c0] = left
    out[:, c0:] = right


# --- TTRANS ----------------------------------------------------------------------------------------


_CONV = re.compile(r"ConvTile<\s*(?:pto::)?TileType::\w+\s*,\s*([^,]+?)\s*,\s*-?\d+\s*,\s*(?:pto::)?Layout::(\w+)\s*,"
                   r"\s*(?:pto::)?ConvTileShape<([-\d,\s]+)>")
_CONV_ES = {"float": 4, "int": 4, "unsigned int": 4, "int32_t": 4, "uint32_t": 4, "half": 2, "bfloat16_t": 2,
            "__fp16": 2, "_Float16": 2, "short": 2, "unsigned short": 2, "int16_t": 2, "uint16_t": 2, "signed char": 1,
            "char": 1, "unsigned char": 1, "int8_t": 1, "uint8_t": 1}


def _conv(m: Machine, name: str) -> tuple[str, list[int], int] | None:
    a = m.site.arg(name)
    found = _CONV.search(getattr(a, "spelling", "") or "")
    if not found:
        return None
    dtype = re.sub(r"^(?:pto::|::)", "", found.group(1).strip())
    return found.group(2), [int(v) for v in found.group(3).split(",") if v.strip()], _CONV_ES.get(dtype, 0)


def _prod(vals: list[int]) -> int:
    out = 1
    for v in vals:
        out *= v
    return out


def _ttrans_conv(m: Machine) -> None:
    """TTRANS of ConvTiles: the debug checks of CheckConvTile / CheckGroupConvTile / (a2a3) CheckConv3DTile on the
    static ConvTileShapes; the transposition itself is not replayed."""
    src, dst, tmp = _conv(m, "src"), _conv(m, "dst"), m.tile("tmp")
    if src is None or dst is None or tmp is None or not src[2]:
        return
    (sl, s, es), (dl, d, _) = src, dst
    if any(v < 0 for v in s + d):
        return  # DYNAMIC dimensions: set at run time on the ConvTile object, not followed here
    cdiv = lambda a, b: (a + b - 1) // b if b > 0 else -1  # noqa: E731
    wrong = None
    if (sl, dl) in (("NCHW", "NC1HWC0"), ("GNCHW", "GNC1HWC0")) and len(d) == len(s) + 1:
        if s[-2] * s[-1] * es % 32:
            m.fault("size-mismatch", f"TTRANS {sl} -> {dl}: H * W * sizeof(T) = {s[-2] * s[-1] * es} bytes")
        lead = len(s) - 3
        wrong = s[:lead] != d[:lead] or s[-2:] != d[-3:-1] or d[lead] != cdiv(s[lead], d[-1])
    elif (sl, dl) in (("NC1HWC0", "FRACTAL_Z"), ("GNC1HWC0", "FRACTAL_Z")) and len(d) == 4 and len(s) >= 5:
        g = s[0] if len(s) == 6 else 1
        n, c1, h, w, c0 = s[-5:]
        wrong = g * c1 * h * w != d[0] or c0 != d[3] or d[1] != cdiv(n, d[2])
    elif (sl, dl) == ("NCDHW", "FRACTAL_Z_3D") and m.impl == "a2a3" and len(s) == 5 and len(d) == 4:
        n, c, dd, h, w = s
        wrong = dd * cdiv(c, d[3]) * h * w != d[0] or d[1] != cdiv(n, d[2])
    if wrong is None:
        return  # a pair whose check does not look at the shapes (or A5's missing 3-D form)
    if wrong:
        m.fault("size-mismatch", f"TTRANS {sl} -> {dl}: dst shape {d} does not follow src shape {s}")
    ub = 196608 if m.impl == "a2a3" else 262144
    total = (_prod(s) + _prod(d) + tmp.spec.rows * tmp.spec.cols) * es
    if total >= ub:
        m.fault("size-mismatch", f"TTRANS {sl} -> {dl}: src, dst and tmp take {total} bytes, not below {ub}")


@op("TTRANS")
def ttrans(m: Machine) -> None:
    if m.tile("src") is None and m.tile("dst") is None:
        _ttrans_conv(m)
        return
    if not _has(m, "dst", "src"):
        return
    dst, src = m.tile("dst"), m.tile("src")
    chk = _Static(m, "TTRANS")
    chk.need(_size(src) in (1, 2, 4), "unsupported-dtype", f"{_size(src)}-byte elements ({src.dtype})")
    chk.need(_size(src) == _size(dst), "dtype-mismatch", f"src {src.dtype} and dst {dst.dtype} differ in size")
    chk.need(_nd(src), "unsupported-layout", "src is not row-major")
    if m.impl == "a5":
        for t in (src, dst):
            chk.need(t.spec.cols * _size(t) % 32 == 0, "size-mismatch", f"{t.name} rows are not 32-byte multiples")
        if _size(src) in (1, 2):  # TTransTile: a 16-bit gather (src) / scatter (dst) index register
            t = dst if src.spec.rows < src.spec.cols else src
            stride = t.spec.cols if t.spec.blayout == "RowMajor" else 1
            last = (t.spec.rows - 1) * stride + t.spec.cols - 1
            chk.need(last <= 0xFFFF, "size-mismatch", f"{t.name}'s last element index {last} needs more than 16 bits")
    chk.done()
    vr, vc = src.valid_row, src.valid_col
    if vr <= 0 or vc <= 0:
        return
    data = np.array(m.window(src, 0, 0, vr, vc))
    m.window(dst, 0, 0, vc, vr, write=True)[:, :] = data.T


# --- TINSERT ---------------------------------------------------------------------------------------


def _acc_insert_extent(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    """A2/A3 Acc -> Mat TINSERT: the accumulator's static shape from the position fits the L1 tile (PTO_ASSERT)."""
    r, c = int(m.scalar("indexRow") or 0) % (1 << 16), int(m.scalar("indexCol") or 0) % (1 << 16)
    if r + src.spec.rows > dst.spec.rows or c + src.spec.cols > dst.spec.cols:
        m.fault("out-of-bounds", f"{m.site.builtin}: a {src.spec.rows} x {src.spec.cols} accumulator at ({r}, {c}) "
                f"exceeds the {dst.spec.rows} x {dst.spec.cols} L1 tile (a2a3 PTO_ASSERT)")


def x90_acc_static(m: Machine, dst: ConcreteTile, src: ConcreteTile, cast: bool = False,
                   dst_locs: tuple[str, ...] = ("Mat", "Vec")) -> None:
    """Kirin X90's kirinX90/common.hpp CheckTMovAccValid as its L0C copies (TINSERT, TINSERT_FP, the TMOV forms,
    TMOV_FP) run it, with the fp tile's location: a call that fails one static_assert does not compile (trap).
    Quantised (an fp tile or a preQuantScalar): the cast list; unquantised: the source's type; `cast`: both (the
    relu TMOV, whose isCastQuant is set while GetCastPreQuantMode wants the same type)."""
    chk = _Static(m, m.site.builtin)
    chk.need(src.spec.loc == "Acc", "unsupported-path", f"src is TileType::{src.spec.loc}, not Acc")
    chk.need(dst.spec.loc in dst_locs, "unsupported-path", f"dst is TileType::{dst.spec.loc}")
    fp = m.tile("fp")
    if fp is not None:
        chk.need(fp.spec.loc == "Scaling", "unsupported-path", f"fp is TileType::{fp.spec.loc}, not Scaling")
    nd = _nd(dst) and dst.spec.slayout == "NoneBox"
    chk.need(nd or _nz(dst), "unsupported-layout", "dst is neither ND nor NZ")
    chk.need(_nz(src), "unsupported-layout", "the Acc source is not NZ")
    row = dst.spec.cols * _size(dst)
    chk.need(row > 0 and row % 32 == 0, "size-mismatch", f"dst rows are {row} bytes, not whole 32-byte blocks")
    chk.need(src.dtype in ("half", "int32_t"), "unsupported-dtype", f"Acc element type {src.dtype}")
    quantised = fp is not None or "preQuantScalar" in m.site.params
    if (quantised or cast) and src.dtype in ("half", "int32_t"):  # CheckTMovAccValid<..., isCastQuant = true>
        chk.need(dst.dtype in _QUANT_X90, "unsupported-dtype", f"no {src.dtype} -> {dst.dtype} conversion")
    if not quantised:
        chk.need(dst.dtype == src.dtype, "dtype-mismatch", f"an unquantised {src.dtype} -> {dst.dtype} copy")
    chk.done()


#: the targets whose build has Kirin 9030's CheckTMovAccValid (kirin9030/common.hpp, PTO_NPU_ARCH_KIRIN9030 only)
K9030_ACC_TARGETS = ("kirin9030",)


def k9030_acc_problems(dst: ConcreteTile, src: ConcreteTile, quantised: bool) -> list[tuple[str, str]]:
    """Kirin 9030's kirin9030/common.hpp CheckTMovAccValid (lines 113-149), which its Acc TMOV forms and the Acc
    TINSERT / TINSERT_FP overloads of a5/TInsert.hpp run: a half / int32 NZ Acc source, an ND, DN or NZ destination;
    quantised (an fp tile or a preQuantScalar) half / (u)int8 / int16 out, else the source's type."""
    out = []
    if src.spec.loc != "Acc":
        out.append(("unsupported-path", f"src is TileType::{src.spec.loc}, not Acc"))
    if not _nz(src):
        out.append(("unsupported-layout", "the Acc source is not NZ"))
    if src.dtype not in ("half", "int32_t"):
        out.append(("unsupported-dtype", f"Acc element type {src.dtype}"))
    elif quantised and dst.dtype not in ("half", "int8_t", "uint8_t", "int16_t"):
        out.append(("unsupported-dtype", f"no quantised {src.dtype} -> {dst.dtype} conversion"))
    if not quantised and dst.dtype != src.dtype:
        out.append(("dtype-mismatch", f"an unquantised {src.dtype} -> {dst.dtype} copy"))
    if not (_nz(dst) or dst.spec.slayout == "NoneBox"):
        out.append(("unsupported-layout", "dst is neither ND, DN nor NZ"))
    return out


def _k9030_acc_static(m: Machine, name: str, dst: ConcreteTile, src: ConcreteTile, quantised: bool) -> None:
    """k9030_acc_problems as a compile-time check: a call that fails one does not compile (trap)."""
    chk = _Static(m, name)
    for kind, detail in k9030_acc_problems(dst, src, quantised):
        chk.need(False, kind, detail)
    chk.done()


def _x90_acc_insert(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    """Kirin X90's Acc-source TINSERT / TINSERT_FP (TInsertAccToMat / TInsertAccToVec): the PTO_ASSERTed window, the
    valid columns rounded up to 32-byte C0 blocks of dst's type (Mat with a 1024-byte fractal: two blocks) from the
    position, Src::Rows rows (an ND UB dst: the valid rows); a release build writes that window."""
    x90_acc_static(m, dst, src)
    nd = _nd(dst) and dst.spec.slayout == "NoneBox"
    size = _size(dst)
    if not size or 32 % size:
        return
    c0 = 32 // size * (2 if dst.spec.loc == "Mat" and dst.spec.fractal == 1024 else 1)
    r, c = int(m.scalar("indexRow") or 0) % (1 << 16), int(m.scalar("indexCol") or 0) % (1 << 16)
    rows = src.valid_row if dst.spec.loc == "Vec" and nd else src.spec.rows
    cols = -(-src.valid_col // c0) * c0
    if r + rows > dst.spec.rows or c + cols > dst.spec.cols:
        m.fault("out-of-bounds", f"{m.site.builtin}: the accumulator's {rows} x {cols} window (valid columns in "
                f"{c0}-column blocks) at ({r}, {c}) exceeds the {dst.spec.rows} x {dst.spec.cols} {dst.spec.loc} tile "
                "(kirinx90 PTO_ASSERT; release builds write past it)")


_SPLIT_MODES = ("SPLIT2", "SPLIT4")  # TInsertMode: the split form TINSERT<TInsertMode>
_ACC_VEC_MODES = ("SingleModeVec0", "SingleModeVec1", "DualModeSplitM", "DualModeSplitN")  # AccToVecMode


def _zn(t: ConcreteTile) -> bool:
    return t.spec.blayout == "RowMajor" and t.spec.slayout == "ColMajor"


def _a5_mode_forms(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> bool:
    """A5's file (and Kirin 9030's build of it, Kirin X90's split copy): the split form and the Acc-source forms.
    Replays their static checks and the split form's bounds; True when the call was one of them."""
    mode = m.template_args.get("mode", "")
    if mode in _SPLIT_MODES:
        if m.impl not in ("a5", "kirin9030", "kirinx90") or len(m.tiles) != 2:
            return True
        chk = _Static(m, "TINSERT<TInsertMode>")
        chk.need(src.dtype == dst.dtype, "dtype-mismatch", f"src {src.dtype}, dst {dst.dtype}")
        chk.need(dst.spec.loc == "Mat", "unsupported-path", f"dst is TileType::{dst.spec.loc}, not Mat")
        chk.need(src.spec.loc == "Vec", "unsupported-path", f"src is TileType::{src.spec.loc}, not Vec")
        chk.need(_nz(src), "unsupported-layout", "src is not NZ")
        types = _INS_TYPES["kirin9030" if m.impl == "kirinx90" else m.impl]
        chk.need(src.dtype in types, "unsupported-dtype", f"element type {src.dtype}")
        chk.done()
        r, c = int(m.scalar("indexRow") or 0) % (1 << 16), int(m.scalar("indexCol") or 0) % (1 << 16)
        vr, vc = src.valid_row, src.valid_col
        if r + vr > dst.spec.rows or c + vc > dst.spec.cols:
            m.fault("out-of-bounds", f"TINSERT<{mode}>: src valid {vr} x {vc} at ({r}, {c}) exceeds dst "
                    f"{dst.spec.rows} x {dst.spec.cols} (PTO_ASSERT)")
        if vr > 0 and vc > 0:
            m.window(dst, r, c, vr, vc, write=True)[:, :] = np.array(m.window(src, 0, 0, vr, vc))
        return True
    if m.impl not in ("a5", "kirin9030"):
        return False
    quantised = m.tile("fp") is not None or "preQuantScalar" in m.site.params
    k9030 = m.impl == "kirin9030" and m.target in K9030_ACC_TARGETS
    if mode in _ACC_VEC_MODES:
        chk = _Static(m, "TINSERT<AccToVecMode>")
        chk.need(dst.spec.loc == "Vec", "unsupported-path", f"dst is TileType::{dst.spec.loc}, not Vec")
        for kind, detail in k9030_acc_problems(dst, src, quantised) if k9030 else ():
            chk.need(False, kind, detail)
        chk.done()
        dual_dst_faults(m, dst, src, quant_operand=m.tile("fp") is not None or "preQuantScalar" in m.site.params)
        if m.faults:
            raise m.trap("unsupported-path", "TINSERT<AccToVecMode> does not compile")
        return True
    plain = "preQuantScalar" not in m.site.params and "reluMode" not in m.template_args
    # Kirin 9030: the relu / scalar-quantised overloads run CheckTMovAccValid whatever the source
    if (src.spec.loc == "Acc" or (k9030 and not plain)) and len(m.tiles) == 2:
        if dst.spec.loc not in ("Mat", "Vec") and plain:
            return True  # the plain overload's non-Acc branch: it copies nothing
        chk = _Static(m, "TINSERT (Acc source)")
        for kind, detail in k9030_acc_problems(dst, src, quantised) if k9030 else ():
            chk.need(False, kind, detail)
        chk.need(dst.spec.loc in ("Mat", "Vec"), "unsupported-path", f"dst is TileType::{dst.spec.loc}")
        chk.need(dst.spec.loc != "Mat" or _nz(dst), "unsupported-layout", "Mat dst is not NZ")
        chk.done()
        return True
    return False


@op("TINSERT", own=("kirin9030", "kirindev0000", "kirinx90"))
def tinsert(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        return
    plain = "preQuantScalar" not in m.site.params and "reluMode" not in m.template_args
    x90_copy = plain and src.spec.loc == "Vec" and dst.spec.loc in ("Vec", "Mat")  # its Vec -> Vec / Mat copies
    if m.impl == "kirinx90" and m.template_args.get("mode", "") not in _SPLIT_MODES and \
            (src.spec.loc == "Acc" or (len(m.tiles) == 2 and not m.template_args.get("mode") and not x90_copy)):
        # every Acc-source overload runs CheckTMovAccValid, and so does the plain one's last branch for any pair
        # that is not Vec -> Vec / Mat, the relu / scalar-quantised ones for any pair; then the window copy
        _x90_acc_insert(m, dst, src)
        return  # the conversion is not replayed
    if m.impl != "a2a3" and _a5_mode_forms(m, dst, src):
        return  # the Acc sources' conversions are not replayed
    if m.impl == "a2a3" and src.spec.loc == "Acc" and dst.spec.loc == "Mat" and "preQuantScalar" in m.site.params:
        _acc_insert_extent(m, dst, src)
    if len(m.tiles) != 2 or "preQuantScalar" in m.site.params:
        return
    if m.impl == "a2a3" and src.spec.loc == "Acc" and dst.spec.loc == "Mat":
        _acc_insert_extent(m, dst, src)
    if src.spec.loc == "Acc" or "reluMode" in m.template_args or "mode" in m.template_args:
        return  # conversion and split forms are not replayed
    a5 = m.impl != "a2a3"  # A5's file (the Kirin builds of it: only their type lists differ, _INS_TYPES)
    chk = _Static(m, "TINSERT")
    if m.impl == "kirinx90" and dst.spec.loc == "Vec" and src.spec.loc == "Vec":
        # Kirin X90: the ND copy between two NoneBox tiles only (its static shapes checked), NZ pairs unchecked,
        # any other pair of the same BLayout and SLayout copies nothing
        chk.need(src.dtype == dst.dtype, "dtype-mismatch", f"src {src.dtype}, dst {dst.dtype}")
        chk.need(src.dtype in _INS_VEC_X90, "unsupported-dtype", f"element type {src.dtype}")
        nd = _nd(dst) and _nd(src) and dst.spec.slayout == src.spec.slayout == "NoneBox"
        nz = _nz(dst) and _nz(src)
        if not (nd or nz):
            chk.need(_nd(dst) == _nd(src), "unsupported-layout", "one tile is row-major, the other is not")
            chk.need(dst.spec.slayout == src.spec.slayout, "unsupported-layout", "SLayouts differ")
        if nd:
            chk.need(src.spec.rows <= dst.spec.rows, "size-mismatch", "src Rows > dst Rows")
            chk.need(src.spec.cols <= dst.spec.cols, "size-mismatch", "src Cols > dst Cols")
            svc = src.spec.valid_col
            if (src.spec.valid_row, svc) != (1, 1) and _size(src) == 1:
                chk.need(svc >= 0 and svc % 2 == 0, "unsupported-layout", f"1-byte src with static ValidCol {svc}: "
                         "the ND check needs ValidCol bytes 2-byte aligned")
        chk.done()
        if not (nd or nz):
            return
    elif dst.spec.loc == "Vec" and src.spec.loc == "Vec":
        chk.need(src.dtype == dst.dtype, "dtype-mismatch", f"src {src.dtype}, dst {dst.dtype}")
        chk.need(src.dtype in _INS_TYPES[m.impl], "unsupported-dtype", f"element type {src.dtype}")
        nd = _nd(dst) and _nd(src)
        nz = _nz(dst) and _nz(src)
        if not (nd or nz):
            chk.need(_nd(dst) == _nd(src), "unsupported-layout", "one tile is ND, the other is not")
            if not a5:
                chk.need(dst.spec.slayout == src.spec.slayout, "unsupported-layout", "SLayouts differ")
        if nd or (nz and not a5):
            chk.need(src.spec.rows <= dst.spec.rows, "size-mismatch", "src Rows > dst Rows")
        if nd or nz:
            chk.need(src.spec.cols <= dst.spec.cols, "size-mismatch", "src Cols > dst Cols")
        svc = src.spec.valid_col
        if not a5 and (nd or nz) and (src.spec.valid_row, svc) != (1, 1) and _size(src) == 1:
            chk.need(svc >= 0 and svc % 2 == 0, "unsupported-layout", f"1-byte src with static ValidCol {svc}: "
                     "A2/A3 copies in 2-byte units")
        chk.done()
        if not (nd or nz):
            return  # the remaining layout combinations compile to nothing
    elif dst.spec.loc == "Mat" and a5:
        chk.need(src.dtype == dst.dtype, "dtype-mismatch", f"src {src.dtype}, dst {dst.dtype}")
        chk.need(src.dtype in _INS_TYPES[m.impl], "unsupported-dtype", f"element type {src.dtype}")
        if m.impl != "kirinx90" and _zn(src):
            chk.need(_zn(dst), "unsupported-layout", "ZN src, dst is not ZN")
        chk.done()
        nd = _nd(src)
        if m.impl == "kirinx90" and not (nd or _nz(src)):
            return  # Kirin X90's TInsertVecToMatImpl copies ND or NZ sources only
    elif dst.spec.loc == "Mat":
        chk.need(False, "unsupported-path", f"a2a3 inserts into Mat only from Acc, src is TileType::{src.spec.loc}")
        chk.done()
        return
    else:
        return
    r, c = int(m.scalar("indexRow") or 0) % (1 << 16), int(m.scalar("indexCol") or 0) % (1 << 16)
    if m.impl == "kirinx90" and dst.spec.loc == "Vec" and _nz(dst) and _nz(src) and 0 < _size(src) <= 32 \
            and c % (32 // _size(src)):
        m.fault("misaligned", f"TINSERT NZ Vec -> Vec at column {c}: not a multiple of {32 // _size(src)} "
                              "(PTO_ASSERT on kirinx90; the copy starts at the C0 block below)")
    if m.impl == "kirinx90" and dst.spec.loc == "Vec" and _nz(dst) and _nz(src) and r % 16:
        m.fault("misaligned", f"TINSERT NZ Vec -> Vec at row {r}: not a multiple of 16 (PTO_ASSERT on kirinx90; a "
                              "release build places the exact rows)")
    vr, vc = src.valid_row, src.valid_col
    if vr <= 0 or vc <= 0:
        return
    if m.impl == "kirinx90" and dst.spec.loc == "Mat" and _nz(src) and dst.spec.blayout == "RowMajor" and \
            r + vr > dst.spec.cols:
        m.fault("out-of-bounds", f"TINSERT NZ Vec -> Mat: rows {r} + {vr} exceed the {dst.spec.cols}-row column stripes "
                "the copy gives a BLayout::RowMajor L1 tile (Dst::Cols; kirinx90 PTO_ASSERT)")
    if a5 and m.impl != "kirinx90" and dst.spec.loc == "Mat" and _zn(src) and 0 < _size(src) <= 32 and \
            (r % (32 // _size(src)) or vr % (32 // _size(src))):
        m.fault("misaligned", f"TINSERT ZN Vec -> Mat: row {r} / {vr} valid rows not multiples of "
                f"{32 // _size(src)} (PTO_ASSERT)")
    scalar_path = (src.spec.valid_row, src.spec.valid_col) == (1, 1)
    if not a5 and nz and dst.spec.loc == "Vec" and not scalar_path and (r % 16 or c % (32 // max(1, _size(src)))):
        m.fault("misaligned", f"TINSERT: NZ position ({r}, {c}) is not on a 16 x C0 fractal boundary (a2a3 "
                "PTO_ASSERT)")
    if not a5 and nd and dst.spec.loc == "Vec" and not scalar_path and (c * _size(src)) % 32:
        m.fault("misaligned", f"TINSERT: column {c} is {c * _size(src)} bytes into the row, not 32-byte aligned "
                "(a2a3 block copy)")
    data = np.array(m.window(src, 0, 0, vr, vc))
    m.window(dst, r, c, vr, vc, write=True)[:, :] = data


# --- vector-quantised Acc moves, TSUBVIEW ------------------------------------------------------------


@op("TMOV_FP", "TINSERT_FP", "TSTORE_FP", own=("kirinx90", "kirin9030", "kirindev0000"))
def fp_forms(m: Machine) -> None:
    name, src, dst, fp = m.site.builtin, m.tile("src"), m.tile("dst"), m.tile("fp")
    if src is None or fp is None:
        return
    if m.impl == "kirinx90":  # TINSERT_FP / TMOV_FP (ptolint/own_impls.py): the fp-tile TINSERT_IMPL / TMOV_IMPL
        if name == "TINSERT_FP" and dst is not None:
            _x90_acc_insert(m, dst, src)
        elif name == "TMOV_FP" and dst is not None:
            x90_acc_static(m, dst, src)
            raise LookupError("Kirin X90's TMOV_FP copy is not modelled beyond its static checks")
        return
    if m.impl == "kirindev0000":  # TSTORE_FP only: kirinDev0000/TStore.hpp TSTORE_IMPL(dst, src, fp)
        chk = _Static(m, name)
        chk.need(src.spec.loc == "Acc", "unsupported-path", f"src is TileType::{src.spec.loc}, not Acc")
        chk.done()
        return  # an Acc source: no L0C to copy from (machine.missing_buffer)
    if m.impl == "kirin9030":  # TMOV_FP: kirin9030/TMov.hpp TMOV_IMPL(dst, src, fp), CheckTMovAccValid<..., true>
        if name == "TMOV_FP" and dst is not None:
            _k9030_tmov_fp(m, dst, src, fp)
        elif name == "TSTORE_FP":
            _k9030_tstore_fp(m, src)
        elif name == "TINSERT_FP" and dst is not None and m.target in K9030_ACC_TARGETS:
            chk = _Static(m, name)  # a5/TInsert.hpp's fp overload: CheckTMovAccValid<..., true>, TInsertAccDispatch
            for kind, detail in k9030_acc_problems(dst, src, True):
                chk.need(False, kind, detail)
            chk.need(dst.spec.loc in ("Mat", "Vec"), "unsupported-path", f"dst is TileType::{dst.spec.loc}")
            chk.need(dst.spec.loc != "Mat" or _nz(dst), "unsupported-layout", "Mat dst is not NZ")
            chk.done()
        return
    a5 = m.impl == "a5"
    chk = _Static(m, name)
    chk.need(src.spec.loc == "Acc", "unsupported-path", f"src is TileType::{src.spec.loc}, not Acc")
    if name == "TINSERT_FP" and m.impl == "a2a3" and dst is not None and src.spec.loc == "Acc" and \
            dst.spec.loc == "Mat":
        _acc_insert_extent(m, dst, src)
    if name == "TSTORE_FP":
        chk.done()
        g = m.global_tensor("dst")
        if g is not None:
            quant_output(m, src, g)
        return
    if name == "TMOV_FP" or not a5:
        chk.need(fp.spec.loc == "Scaling", "unsupported-path", f"fp is TileType::{fp.spec.loc}, not Scaling")
    if dst is not None:
        if a5:
            if name == "TINSERT_FP":
                chk.need(dst.spec.loc in ("Mat", "Vec"), "unsupported-path", f"dst is TileType::{dst.spec.loc}")
                chk.need(dst.spec.loc != "Mat" or _nz(dst), "unsupported-layout", "Mat dst is not NZ")
        else:
            chk.need(dst.spec.loc == "Mat", "unsupported-path", f"dst is TileType::{dst.spec.loc}, not Mat")
            chk.need(_nz(dst), "unsupported-layout", "dst is not NZ")
    if src.spec.loc == "Acc":
        chk.need(_nz(src), "unsupported-layout", "src is not NZ")
        if src.dtype not in ("float", "int32_t"):
            chk.need(False, "unsupported-dtype", f"Acc element type {src.dtype}")
        elif dst is not None:
            chk.need((src.dtype, dst.dtype) in _VQUANT[m.impl], "unsupported-dtype",
                     f"no vector-quantised {src.dtype} -> {dst.dtype} conversion")
    chk.done()


def _k9030_tmov_fp(m: Machine, dst: ConcreteTile, src: ConcreteTile, fp: ConcreteTile) -> None:
    """Kirin 9030's TMOV_IMPL(dst, src, fp) (kirin9030/TMov.hpp 491-507, the Kirin 9030 build): CheckTMovAccValid
    with isQuant set (an NZ half / int32 Acc into half / (u)int8 / int16, an ND, DN or NZ destination), then fp in
    Scaling. A call that passes is not modelled further (refused)."""
    chk = _Static(m, "TMOV_FP")
    for kind, detail in k9030_acc_problems(dst, src, quantised=True):
        chk.need(False, kind, detail)
    chk.need(fp.spec.loc == "Scaling", "unsupported-path", f"fp is TileType::{fp.spec.loc}, not Scaling")
    chk.done()
    raise LookupError("Kirin 9030's TMOV_FP copy is not modelled beyond its static checks")


def _k9030_tstore_fp(m: Machine, src: ConcreteTile) -> None:
    """Kirin 9030's TSTORE_IMPL(dst, src, fp) (kirin9030/TStore.hpp 285-305): an Acc source (line 290), then
    CheckStaticAcc<..., true>: an int32 / half accumulator and the quantised output types."""
    chk = _Static(m, "TSTORE_FP")
    chk.need(src.spec.loc == "Acc", "unsupported-path", f"src is TileType::{src.spec.loc}, not Acc")
    if src.spec.loc == "Acc":
        chk.need(src.dtype in ("half", "int32_t"), "unsupported-dtype", f"Acc element type {src.dtype}")
    chk.done()
    g = m.global_tensor("dst")
    if g is not None:
        quant_output(m, src, g)


@op("TSUBVIEW")
def tsubview(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    if dst is None or src is None:
        return
    chk = _Static(m, "TSUBVIEW")
    chk.need(dst.spec.loc == src.spec.loc, "unsupported-path",
             f"dst is TileType::{dst.spec.loc}, src TileType::{src.spec.loc}")
    chk.done()


# --- TINTERLEAVE / TDEINTERLEAVE (a5) ----------------------------------------------------------------


@op("TINTERLEAVE", "TDEINTERLEAVE")
def interleave(m: Machine) -> None:
    name = m.site.builtin
    d0, d1 = m.tile("dst0"), m.tile("dst1")
    single = m.tile("src") is not None
    srcs = [m.tile("src")] if single else [m.tile("src0"), m.tile("src1")]
    if m.impl != "a5" or d0 is None or d1 is None or any(s is None for s in srcs):
        return
    chk = _Static(m, name)
    chk.need(d0.dtype in _CAT_TYPES, "unsupported-dtype", f"element type {d0.dtype}")
    for t in [d1, *srcs]:
        chk.need(t.dtype == d0.dtype, "dtype-mismatch", f"{t.name} is {t.dtype}, dst0 is {d0.dtype}")
    for t in [d0, d1, *srcs]:
        chk.need(_nd(t), "unsupported-layout", f"{t.name} is not row-major")
    chk.done()
    # the check functions PTO_ASSERT equal valid shapes first (TINTERLEAVE's even-column PTO_ASSERT: not modelled,
    # the vendor's ST kernel interleaves 63 columns)
    if single:
        s = srcs[0]
        rows, half = s.valid_row, s.valid_col // 2
        for d in (d0, d1):
            if d.valid_row < rows or d.valid_col < half:
                m.fault("valid-region", f"{name}: {d.name} is {d.valid_row}x{d.valid_col} valid, src's shape gives "
                        f"{rows}x{half}")
        if rows <= 0 or s.valid_col <= 1:
            return
        for d in (d0, d1):
            if d.valid_row > rows or d.valid_col > half:
                m.fault("valid-region", f"{name} writes {rows}x{half} of {d.name}'s {d.valid_row}x{d.valid_col} "
                        "valid region")
        data = np.array(m.window(s, 0, 0, rows, 2 * half))
        m.window(d0, 0, 0, rows, half, write=True)[:, :] = data[:, 0::2]
        m.window(d1, 0, 0, rows, half, write=True)[:, :] = data[:, 1::2]
        return
    rows, cols = d0.valid_row, d0.valid_col
    for t in srcs:
        if t.valid_row > rows or t.valid_col > cols:
            m.fault("valid-region", f"{name}: {t.name} is {t.valid_row}x{t.valid_col} valid, dst0 {rows}x{cols}")
    if d1.valid_row < rows or d1.valid_col < cols:
        m.fault("valid-region", f"{name}: dst1 is {d1.valid_row}x{d1.valid_col} valid, dst0 {rows}x{cols}")
    if rows <= 0 or cols <= 0:
        return
    for s in srcs:
        if s.valid_row < rows or s.valid_col < cols:
            m.fault("valid-region", f"{name} reads {rows}x{cols} from {s.name} ({s.valid_row}x{s.valid_col} valid)")
    if d1.valid_row > rows or d1.valid_col > cols:
        m.fault("valid-region", f"{name} writes {rows}x{cols} of dst1's {d1.valid_row}x{d1.valid_col} valid region")
    a, b = np.array(m.window(srcs[0], 0, 0, rows, cols)), np.array(m.window(srcs[1], 0, 0, rows, cols))
    if name == "TINTERLEAVE":
        stream = np.empty((rows, 2 * cols), dtype=a.dtype)
        stream[:, 0::2], stream[:, 1::2] = a, b
        lo, hi = stream[:, :cols], stream[:, cols:]
    else:
        stream = np.concatenate([a, b], axis=1)
        lo, hi = stream[:, 0::2], stream[:, 1::2]
    m.window(d0, 0, 0, rows, cols, write=True)[:, :] = lo
    m.window(d1, 0, 0, rows, cols, write=True)[:, :] = hi

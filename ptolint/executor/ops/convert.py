"""Type conversion and quantisation on concrete tiles: TCVT, TDEQUANT, TQUANT (INT8 forms), TMATMUL_MX, TGEMV_MX.

Written from the targets' implementations (a2a3/TCvt.hpp, a5/TCvt.hpp, */TDequant|TDeQuant.hpp, */TQuant.hpp,
a5/TMatmul.hpp), independently of the rules:
- TCVT a2a3: an if-constexpr chain of vconv intrinsics, one per (src, dst) pair; other pairs convert nothing.
  dst's valid region is converted row by row with each tile's own row stride. Per-helper mode switches: only
  fp32->fp16 knows CAST_ODD; the vconv_deq path (int32->half) takes no mode. The no-tmp overload forces
  SaturationMode::ON except for the six narrowing pairs.
- TCVT a5: one castData overload per pair (others do not compile); the same valid region, but when both tiles
  are statically full-width (ValidCol == Cols) or both single-row, the data is converted as one contiguous run.
  CAST_ODD only for fp32->fp16; hifloat8 results always round half away from zero.
- TDEQUANT: dst (float) = (src (int8/int16) - offset[row]) * scale[row] over dst's valid region; both tiles
  row-major; the per-row parameters are read at column 0 of row i for every converted row i.
- TQUANT (INT8 sym/asym, scale[/tmp][/offset] forms): float source, int8 or uint8 result, per-row scale.
- TMATMUL_MX / TGEMV_MX (a5): fp4 x fp4 or fp8 x fp8 into a float Acc tile, Left/Right/Acc fractals, left tile
  columns a multiple of 64, the Acc tile within L0C (256 KiB), a float single-row Bias tile. The scale tiles
  are not inspected. No arithmetic is modelled (no numpy type for fp8/fp4): the result tile is left as is.
Values of fp8/fp4/hifloat8/int4 tiles are not decoded; conversions from or to them write zeros.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.memory import NUMPY_TYPES

_F8 = {"float8_e4m3_t", "float8_e5m2_t"}
_F4 = {"float4_e1m2x2_t", "float4_e2m1x2_t"}


def _pairs(table: dict[str, str]) -> frozenset[tuple[str, str]]:
    return frozenset((s, d) for s, ds in table.items() for d in ds.split())


#: target -> the (src, dst) pairs that exist, written as src -> space-separated destinations
_CVT = {
    "a2a3": _pairs({
        "float": "half float bfloat16_t int16_t int32_t int64_t",
        "half": "float int32_t int16_t int8_t uint8_t int4b_t",
        "bfloat16_t": "float int32_t",
        "int16_t": "half float",
        "int32_t": "float int16_t int64_t half",
        "int64_t": "float int32_t",
        "uint8_t": "half", "int8_t": "half", "int4b_t": "half",
    }),
    "a5": _pairs({
        "float": "float half bfloat16_t int16_t int32_t int64_t float8_e4m3_t float8_e5m2_t hifloat8_t",
        "half": "float int32_t int16_t int8_t uint8_t hifloat8_t",
        "bfloat16_t": "float int32_t half float4_e1m2x2_t float4_e2m1x2_t",
        "int16_t": "uint8_t half float uint32_t int32_t",
        "int32_t": "float int16_t uint16_t int64_t uint8_t",
        "int64_t": "float int32_t",
        "uint8_t": "half uint16_t",
        "int8_t": "half int16_t int32_t",
        "uint32_t": "uint8_t uint16_t int16_t",
        "float8_e4m3_t": "float", "float8_e5m2_t": "float", "hifloat8_t": "float",
        "float4_e1m2x2_t": "bfloat16_t", "float4_e2m1x2_t": "bfloat16_t",
    }),
}
_FLOATING = {"float", "half", "bfloat16_t", "hifloat8_t"} | _F8 | _F4
#: conversions whose result does not depend on the rounding mode (no source value needs rounding)
_LOSSLESS = {("half", "float"), ("bfloat16_t", "float"), ("int8_t", "half"), ("uint8_t", "half"), ("int4b_t", "half"),
             ("int16_t", "float"), ("hifloat8_t", "float")} | {(s, "float") for s in _F8} | {(s, "bfloat16_t") for s in _F4}
_NARROW = {("half", "uint8_t"), ("half", "int8_t"), ("float", "int16_t"), ("half", "int16_t"),
                ("int64_t", "int32_t"), ("int32_t", "int16_t")}
_MODE_NAMES = ["CAST_NONE", "CAST_RINT", "CAST_ROUND", "CAST_FLOOR", "CAST_CEIL", "CAST_TRUNC", "CAST_ODD"]
_NONE, _RINT, _ROUND, _FLOOR, _CEIL, _TRUNC, _ODD = range(7)


def _mode_matters(src: str, dst: str) -> bool:
    if (src, dst) in _LOSSLESS:
        return False
    return src in _FLOATING or dst in _FLOATING


def _effective_mode(target: str, src: str, dst: str, mode: int) -> int:
    """The rounding the implementation really applies for a requested mode (CAST_NONE: its default)."""
    to_int = src in _FLOATING and dst not in _FLOATING
    default = _TRUNC if to_int else _RINT
    if target == "a5":
        if dst == "hifloat8_t":
            return _ROUND
        if mode == _ODD:
            return _ODD if (src, dst) == ("float", "half") else default
        return default if mode == _NONE else mode
    if (src, dst) == ("int32_t", "half"):
        return _RINT  # vconv_deq: no mode operand
    if mode == _ODD:
        return _ODD if (src, dst) == ("float", "half") else default
    return default if mode == _NONE else mode


def _decode(a: np.ndarray, dtype: str) -> np.ndarray:
    """Element values as float64 (integers exactly); undecoded 8/4-bit float formats read as 0."""
    if dtype == "bfloat16_t":
        with np.errstate(invalid="ignore", over="ignore"):
            return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if dtype in _F8 or dtype in _F4 or dtype in ("hifloat8_t", "int4b_t"):
        return np.zeros(a.shape, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        return a.astype(np.float64)


def _round(x: np.ndarray, mode: int) -> np.ndarray:
    if mode == _FLOOR:
        return np.floor(x)
    if mode == _CEIL:
        return np.ceil(x)
    if mode == _TRUNC:
        return np.trunc(x)
    if mode == _ROUND:
        return np.sign(x) * np.floor(np.abs(x) + 0.5)
    return np.rint(x)


def _encode(x: np.ndarray, dtype: str, mode: int, saturate: bool) -> np.ndarray:
    """float64 values into dst's storage type (integers rounded with `mode`, then saturated or wrapped)."""
    if dtype == "bfloat16_t":
        with np.errstate(invalid="ignore", over="ignore"):
            return (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    np_t = NUMPY_TYPES.get(dtype)
    if np_t is None or dtype in _F8 or dtype in _F4 or dtype == "hifloat8_t":
        return np.zeros(x.shape, dtype=np_t or np.uint8)
    if np.issubdtype(np_t, np.floating):
        with np.errstate(over="ignore", invalid="ignore"):
            return x.astype(np_t)
    info = np.iinfo(np_t)
    r = _round(np.nan_to_num(x, nan=0.0, posinf=float(info.max), neginf=float(info.min)), mode)
    if saturate:
        with np.errstate(invalid="ignore", over="ignore"):
            return np.clip(r, info.min, info.max).astype(np_t)
    span = int(info.max) - int(info.min) + 1
    wrapped = [(int(v) - int(info.min)) % span + int(info.min) for v in r.ravel()]
    return np.array(wrapped, dtype=np_t).reshape(r.shape)


def _flat(m: Machine, t: ConcreteTile, count: int) -> np.ndarray:
    """The first `count` elements of t's storage in memory order (the A5 contiguous path)."""
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    np_t = np.dtype(NUMPY_TYPES.get(t.spec.dtype, np.uint8))
    raw = t.buf.bytes()
    view = raw[: len(raw) // np_t.itemsize * np_t.itemsize].view(np_t)
    if count > len(view):
        raise m.trap("out-of-bounds", f"contiguous run of {count} elements leaves {t.name}'s {len(view)}")
    return np.array(view[:count])


# --- TCVT -----------------------------------------------------------------------------------------


@op("TCVT")
def tcvt(m: Machine) -> None:
    dst, src = m.tile("dst"), m.tile("src")
    mode = m.scalar("mode")
    if dst is None or src is None or mode is None:
        raise m.trap("unsupported-path", "TCVT needs tiles dst, src and a rounding mode")
    sat = m.scalar("satMode")
    has_tmp = m.tile("tmp") is not None
    a5 = m.impl == "a5"
    pair = (src.spec.dtype, dst.spec.dtype)

    if pair not in _CVT[m.impl]:
        if a5:
            raise m.trap("unsupported-dtype", f"no castData overload converts {pair[0]} to {pair[1]} on a5")
        m.fault("unsupported-dtype", f"no vconv branch converts {pair[0]} to {pair[1]} on a2a3")
        m.fault("no-op", "TCVT compiled to nothing: dst is not written")
        return

    rows, cols = dst.valid_row, dst.valid_col
    if rows <= 0 or cols <= 0:
        return

    mode = int(mode)
    if _mode_matters(*pair):
        eff = _effective_mode(m.impl, pair[0], pair[1], mode)
        asked = mode if mode != _NONE else eff
        if eff != asked:
            m.fault("ignored-option", f"{_MODE_NAMES[mode] if 0 <= mode < 7 else mode} is not implemented for "
                    f"{pair[0]} -> {pair[1]} on {m.impl}; {_MODE_NAMES[eff]} is used")
    else:
        eff = _RINT

    # saturation actually applied
    if sat is None:
        saturate = pair not in _NARROW  # the default: OFF for the narrowing pairs (both targets), ON otherwise
    else:
        saturate = int(sat) == 0
        if not a5 and not has_tmp and pair not in _NARROW and not saturate:
            saturate = True
            if _can_overflow(*pair):
                m.fault("ignored-option", f"SaturationMode::OFF is replaced by ON for {pair[0]} -> {pair[1]} "
                        "(a2a3, overload without tmp)")

    if src.valid_row < rows or src.valid_col < cols:
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} is smaller than dst valid {rows}x{cols}: "
                "converted elements outside src's valid region")

    contiguous = a5 and ((dst.spec.valid_col == dst.spec.cols and src.spec.valid_col == src.spec.cols)
                         or (dst.spec.rows == 1 and src.spec.rows == 1))
    if contiguous:
        if rows > 1 and src.spec.cols != dst.spec.cols:
            m.fault("unsupported-layout", f"a5 contiguous path: {rows} rows of {cols} read as one run from src "
                    f"rows of {src.spec.cols}: dst rows 1.. take the wrong elements")
        data = _flat(m, src, rows * cols).reshape(rows, cols)
        values = _encode(_decode(data, pair[0]), pair[1], eff, saturate)
        _flat(m, dst, rows * cols)  # the dst run must fit in dst's storage
        dst.buf.bytes().view(np.dtype(NUMPY_TYPES.get(pair[1], np.uint8)))[: rows * cols] = values.ravel()
        return
    data = np.array(m.window(src, 0, 0, rows, cols))
    values = _encode(_decode(data, pair[0]), pair[1], eff, saturate)
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = values


def _can_overflow(src: str, dst: str) -> bool:
    if dst in ("float",):
        return False
    if src in _FLOATING and dst not in _FLOATING:
        return True
    return (src, dst) in {("float", "half"), ("int32_t", "half")}


# --- TDEQUANT ---------------------------------------------------------------------------------------


@op("TDEQUANT")
def tdequant(m: Machine) -> None:
    dst, src, scale, offset = m.tile("dst"), m.tile("src"), m.tile("scale"), m.tile("offset")
    if dst is None or src is None or scale is None or offset is None:
        raise m.trap("unsupported-path", "TDEQUANT needs tiles dst, src, scale and offset")
    errors = []
    if dst.spec.dtype != "float":
        errors.append(("unsupported-dtype", f"dst is {dst.spec.dtype} (must be float)"))
    if src.spec.dtype not in ("int8_t", "int16_t"):
        errors.append(("unsupported-dtype", f"src is {src.spec.dtype} (must be int8_t or int16_t)"))
    for t in (scale, offset):
        if t.spec.dtype != "float":
            errors.append(("unsupported-dtype", f"{t.name} is {t.spec.dtype} (must be float)"))
    for t in (dst, src):
        if t.spec.blayout != "RowMajor":
            errors.append(("unsupported-layout", f"{t.name} is BLayout::{t.spec.blayout} (must be RowMajor)"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], "TDEQUANT does not compile")
    rows, cols = dst.valid_row, dst.valid_col
    # the header's equality PTO_ASSERTs (debug builds trap), before anything runs: src's valid shape; a5 also the
    # scale / offset tiles' valid rows
    if src.valid_row != rows or src.valid_col != cols:
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} != dst valid {rows}x{cols}: TDEQUANT's "
                "PTO_ASSERT traps in debug builds")
    if m.impl == "a5":
        for t in (scale, offset):
            if t.valid_row != rows:
                m.fault("valid-region", f"{t.name} has {t.valid_row} valid rows, dst {rows}: TDEQUANT's PTO_ASSERT "
                        "traps in debug builds")
    if rows <= 0 or cols <= 0:
        return
    if src.valid_row < rows or src.valid_col < cols:
        m.fault("valid-region", f"src valid {src.valid_row}x{src.valid_col} is smaller than dst valid {rows}x{cols}")
    for t in (scale, offset):
        if t.valid_row < rows:
            m.fault("valid-region", f"{t.name} has {t.valid_row} valid rows but dst row parameters are read for "
                    f"{rows} rows")
    x = np.array(m.window(src, 0, 0, rows, cols)).astype(np.float64)
    out = m.window(dst, 0, 0, rows, cols, write=True)
    for i in range(rows):
        s, o = float(m.read(scale, i, 0)), float(m.read(offset, i, 0))
        with np.errstate(over="ignore", invalid="ignore"):
            out[i, :] = ((x[i] - o) * s).astype(np.float32)


# --- TQUANT (INT8 forms) ----------------------------------------------------------------------------


#: targets whose TQUANT decodes MxQuantAlg::Hif4 itself (a6/TQuant.hpp): target -> (source, result) types
_HIF4 = {"a6": ("bfloat16_t", "float4_e1m2x2_t")}
#: targets without the interleave overload (a6): the grp_axis checks below are A5's
_NO_INTERLEAVE = ("a6",)
#: A5's grp_axis / mx_alg TQUANT: the algorithm (enumerator or value) -> the format it quantises to
_MX_ALG = {"OcpMxFp8E4M3": "MXFP8", "NvMxFp8E4M3": "MXFP8", "0": "MXFP8", "1": "MXFP8"}


def _mx_group_form(m: Machine, src: ConcreteTile) -> None:
    """A5's TQUANT<grp_axis, mx_alg[, interleave]>: the axis and interleave checks, then (DN, interleaved) the
    source and exponent shapes: static_asserts on the tile types, PTO_ASSERTs on the valid regions."""
    axis = m.template_args.get("grp_axis", "")
    interleave = m.template_args.get("interleave", "false") in ("true", "1")
    if axis != "0":
        problem = ("" if axis == "1" and not interleave else
                   f"grp_axis {axis} is neither 0 (DN) nor 1 (ND)" if axis != "1" else
                   "the ND form (grp_axis 1) has no interleaved exponent")
        if problem:
            raise m.trap("unsupported-layout", problem)
        return
    if not interleave:
        return
    exp = m.tile("exp")
    s, e = src.spec, exp.spec
    rows = -(-s.rows // 64)
    cols = -(-(s.cols * 2) // 32) * 32
    if s.rows % 64 or (e.rows, e.cols) != (rows, cols):
        raise m.trap("valid-region", f"DN interleave needs 64-row source tiles and a {rows}x{cols} exponent tile "
                     f"(source {s.rows}x{s.cols}, exponent {e.rows}x{e.cols})")
    if src.valid_row % 64 or exp.valid_row != -(-src.valid_row // 64) or exp.valid_col != src.valid_col * 2:
        m.fault("valid-region", f"DN interleave: source valid {src.valid_row}x{src.valid_col}, exponent valid "
                f"{exp.valid_row}x{exp.valid_col}; the exponents of the source's valid region are written "
                "regardless (PTO_ASSERT in debug builds)")


def _mx_types(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    """A5's MX quantisation entry: the MX formats and, per format, the source (and fp4 result) types."""
    if m.tile("exp") is None or m.impl != "a5":
        return
    if m.target in _HIF4 and m.template_args.get("mx_alg") in ("Hif4", "4"):  # a6/TQuant.hpp's HiF4 branch
        src_t, dst_t = _HIF4[m.target]
        if m.template_args.get("grp_axis") != "1":
            raise m.trap("unsupported-layout", "HiF4 quantises ND groups only (grp_axis 1)")
        if src.spec.dtype != src_t or dst.spec.dtype != dst_t:
            raise m.trap("unsupported-dtype", f"HiF4 quantises {src_t} into {dst_t}, not {src.spec.dtype} into "
                         f"{dst.spec.dtype}")
        return
    fmt = m.template_args.get("quant_type", "")
    if not fmt and "mx_alg" in m.template_args:  # the grp_axis form: fp8 algorithms MXFP8, the others MXFP4_E2M1
        fmt = _MX_ALG.get(m.template_args["mx_alg"], "MXFP4_E2M1")
    sources = {"MXFP8": ("float", "bfloat16_t", "half"), "MXFP4_E2M1": ("half", "bfloat16_t")}.get(fmt)
    if sources is None:
        raise m.trap("unsupported-dtype", f"QuantType::{fmt} is not an MX format")
    if src.spec.dtype not in sources:
        raise m.trap("unsupported-dtype", f"{fmt} does not quantise {src.spec.dtype}")
    if fmt == "MXFP4_E2M1" and dst.spec.dtype != "float4_e2m1x2_t":
        raise m.trap("unsupported-dtype", f"MXFP4_E2M1 writes float4_e2m1x2_t, not {dst.spec.dtype}")
    if "grp_axis" in m.template_args and not (m.target in _NO_INTERLEAVE and "interleave" in m.template_args):
        _mx_group_form(m, src)


@op("TQUANT", own=("kirin9030",))
def tquant(m: Machine) -> None:
    dst, src, scale = m.tile("dst"), m.tile("src"), m.tile("scale")
    if dst is None or src is None:
        raise m.trap("unsupported-path", "TQUANT needs tiles dst and src")
    if m.impl == "kirin9030" and scale is None and m.tile("exp") is not None and "store_mode" not in m.template_args:
        # Kirin 9030's TQuant.hpp (every Kirin compiles it): its MX TQUANT_IMPL static_asserts on every call, and the
        # grp_axis / mx_alg forms find no TQUANT_IMPL of theirs (a compile error either way)
        raise m.trap("unsupported-dtype", "Kirin 9030's TQuant.hpp rejects every MX TQUANT (static_assert)")
    if m.impl == "kirin9030" and (scale is None or m.tile("tmp") is not None):
        raise LookupError("Kirin 9030's TQUANT: only the INT8 forms without tmp are modelled")
    if scale is None:
        _mx_types(m, dst, src)
        return  # MX forms (exp / max / scaling): types only, no data
    errors = []
    if src.spec.dtype != "float":
        errors.append(("unsupported-dtype", f"src is {src.spec.dtype}: the INT8 forms need a float source"))
    want = {"INT8_SYM": ("int8_t",), "INT8_ASYM": ("uint8_t",)}.get(
        m.template_args.get("quant_type", "").rsplit("::", 1)[-1], ("int8_t", "uint8_t"))
    if dst.spec.dtype not in want:
        errors.append(("unsupported-dtype", f"dst is {dst.spec.dtype}: INT8_SYM writes int8_t, INT8_ASYM uint8_t"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], "TQUANT does not compile")
    if m.impl == "kirin9030":
        # Kirin 9030's TQuant.hpp: its static checks are A5's; what its quantisation computes is not modelled
        raise LookupError("the run-time behaviour of Kirin 9030's TQUANT is not modelled")
    rows, cols = src.valid_row, src.valid_col
    if rows <= 0 or cols <= 0:
        return
    offset = m.tile("offset") if dst.spec.dtype == "uint8_t" else None
    x = np.array(m.window(src, 0, 0, rows, cols)).astype(np.float64)
    res = np.zeros((rows, cols), dtype=np.float64)
    for i in range(rows):
        y = x[i] * float(m.read(scale, i, 0))
        if offset is not None:
            y = y + float(m.read(offset, i, 0))
        res[i] = y
    m.window(dst, 0, 0, rows, cols, write=True)[:, :] = _encode(res, dst.spec.dtype, _RINT, True)


# --- TMATMUL_MX / TGEMV_MX (a5) ---------------------------------------------------------------------

_MX_FP4 = {(a, b) for a in _F4 for b in _F4}
_MX_FP8 = {(a, b) for a in _F8 for b in _F8}
_MX_FRACTAL = {"Left": ("ColMajor", "RowMajor"), "Right": ("RowMajor", "ColMajor"), "Acc": ("ColMajor", "RowMajor")}
_L0C_BYTES = 256 * 1024


@op("TMATMUL_MX", "TGEMV_MX")
def matmul_mx(m: Machine) -> None:
    c = m.tile("cOutMatrix") or m.tile("cMatrix")
    a, b, bias = m.tile("aMatrix"), m.tile("bMatrix"), m.tile("biasData")
    if c is None or a is None or b is None:
        raise m.trap("unsupported-path", f"{m.site.builtin} needs result, left and right tiles")
    if m.impl != "a5":
        raise m.trap("unsupported-path", f"{m.site.builtin} has no implementation on {m.impl}")
    errors = []
    if (a.spec.dtype, b.spec.dtype) not in _MX_FP4 | _MX_FP8 or c.spec.dtype != "float":
        errors.append(("unsupported-dtype", f"mad_mx does not take {a.spec.dtype} x {b.spec.dtype} -> {c.spec.dtype}"))
    if bias is not None and bias.spec.dtype != "float":
        errors.append(("unsupported-dtype", f"bias is {bias.spec.dtype} (must be float)"))
    for t, loc in ((a, "Left"), (b, "Right"), (c, "Acc")):
        want = _MX_FRACTAL[loc]
        if t.spec.loc != loc or (t.spec.blayout, t.spec.slayout) != want:
            errors.append(("unsupported-layout", f"{t.name} is {t.spec.loc} {t.spec.blayout}/{t.spec.slayout} "
                           f"(must be {loc} {want[0]}/{want[1]})"))
    if bias is not None and (bias.spec.loc != "Bias" or bias.spec.rows != 1):
        errors.append(("unsupported-layout", f"bias is {bias.spec.loc} with {bias.spec.rows} rows (must be a "
                       "single-row Bias tile)"))
    if a.spec.cols % 64:
        errors.append(("size-mismatch", f"left tile has {a.spec.cols} columns (must be a multiple of 64)"))
    if c.spec.rows * c.spec.cols * 4 > _L0C_BYTES:
        errors.append(("size-mismatch", f"result tile {c.spec.rows}x{c.spec.cols} float exceeds L0C (256 KiB)"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], f"{m.site.builtin} does not compile")
    # m, k, n as TMatmul.hpp takes them (TGEMV_MX: m = 1 and k from the left tile's valid columns), each
    # PTO_ASSERTed in [1, 4095] (MMAD_MAX_SUPPORT_LENGTH): a debug build traps outside
    gemv = m.site.builtin == "TGEMV_MX"
    dims = (("m", 1 if gemv else a.valid_row), ("k", a.valid_col), ("n", b.valid_col))
    outside = [f"{name} = {v}" for name, v in dims if not 1 <= v <= 4095]
    if outside:
        m.fault("valid-region", f"{', '.join(outside)}: the mad's extents must lie in [1, 4095] (a debug build's "
                "assertion traps)")

"""Miscellaneous builtins: TCI, TTRI, TGATHERB, THISTOGRAM, TRANDOM, TIMG2COL, SET_QUANT_VECTOR, the FMATRIX /
IMG2COL register setters, TALLOC / TFREE and TSYNC (what each target accepts; only TCI and TTRI compute data).

Written from the target headers (include/pto/npu/a2a3, include/pto/npu/a5), independently of the rules:
- TCI: dst one row; a2a3 sizeof(dst) 2 or 4, a5 dst u/int16 or u/int32; dst[0][j] = start +/- j over validCol; a2a3 tmp (4-operand form) must be float (used as float*).
- TTRI: a2a3 dst in {i32, i16, u32, u16, half, float}, isUpperOrLower 0/1, row-major; a5 wider type list, any
  non-zero flag is "upper"; writes 1 on/under (lower) or on/over (upper) the diagonal shifted by `diagonal`.
- TGATHERB: dst element of 1, 2 or 4 bytes; a2a3 dst row-major.
- THISTOGRAM (a5): dst u32, src u16/u32, idx u8, src/dst row-major; u16: BYTE_0/1 with a DN 1-column idx;
  u32: idx rows 1/2/3 for BYTE_2/1/0, row-major, as many columns as src.
- TRANDOM (a5): dst i32/u32 row-major, Rounds 7 or 10.
- TIMG2COL: src ConvTile Mat, NC1HWC0/NDC1HWC0, same element type as dst; dst Left, SLayout RowMajor, BLayout
  RowMajor (a2a3) / ColMajor (a5); dst type lists per target.
- SET_QUANT_VECTOR: Scaling tile. SETFMATRIX / SET_IMG2COL_RPT / SET_IMG2COL_PADDING: AUTO modes do nothing.
- TALLOC / TFREE GlobalTensor forms: pipe direction C2V/V2C/BOTH (a2a3), C2V_GM/V2C_GM/BOTH_GM (a5).
- TSYNC<Op>: a5 only barriers ops on MTE2 / MTE3 / ALL; Kirin 9030's TSync.hpp (Kirin X90 includes it) not ops on S / V.
- `tile.SetMadTF32Mode(mode)` (pseudo-builtin TILE_SETMADTF32MODE, common/pto_tile.hpp, cube builds, every target):
  PTO_ASSERT mode is CAST_ROUND (2) or CAST_RINT (1); otherwise a release build sets the TF32 mode and leaves the
  rounding bit as it was (the requested rounding is ignored).
"""

from __future__ import annotations

import re

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.ops.pipes import gm_form_direction, pipe_class
from ptolint.ir import MEMBER_BUILTINS

_SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2, "int32_t": 4,
          "uint32_t": 4, "float": 4, "int64_t": 8, "uint64_t": 8, "double": 8}

_TCI_A5 = {"int16_t", "uint16_t", "int32_t", "uint32_t"}
_TTRI = {
    "a2a3": {"int32_t", "int16_t", "uint32_t", "uint16_t", "half", "float"},
    "a5": {"int64_t", "uint64_t", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t", "half", "float",
           "bfloat16_t"},
}
_IMG2COL_TYPES = {
    "a2a3": {"int8_t", "half", "bfloat16_t", "float"},
    "a5": {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "bfloat16_t", "float"},
}
_IMG2COL_DST_LAYOUT = {"a2a3": ("RowMajor", "RowMajor"), "a5": ("ColMajor", "RowMajor")}
_TSYNC_A5 = {"MTE2", "MTE3", "ALL"}
#: ops of _NON_MTE_OPS on the M, MTE1 or FIX pipe, which Kirin 9030's TSync.hpp (Kirin X90 includes it) barriers too;
#: the rest of _NON_MTE_OPS is on S or V, which it rejects
_M_MTE1_FIX_OPS = {"TGEMV", "TMATMUL", "TEXTRACT_A2M", "TEXTRACT_V2M", "TINSERT_A2M", "TMOV_A2M", "TMOV_A2V",
                   "TMOV_M2S", "TMOV_V2M", "TSTORE_ACC", "TEXTRACT_M2LR", "TIMG2COL", "TMOV_M2B", "TMOV_M2L",
                   "TMOV_M2R"}
# common/event.hpp: ops on a pipe other than ALL that a5 accepts (MTE2 / MTE3); every other listed op is on
# S, V, M, MTE1 or FIX; unlisted ops are PIPE_ALL
_MTE_OPS = {"TSTORE_MAT", "TSTORE_VEC", "MGATHER_MAT", "TEXPANDS_MAT", "TFILLPAD_MAT", "TLOAD", "TPREFETCH"}
_NON_MTE_OPS = {
    "TGEMV", "TMATMUL", "TEXTRACT_A2M", "TEXTRACT_V2M", "TINSERT_A2M", "TMOV_A2M", "TMOV_A2V", "TMOV_M2S", "TMOV_V2M",
    "TSTORE_ACC", "SCALAR", "SETFMATRIX", "SET_IMG2COL_PADDING", "SET_IMG2COL_RPT", "TCI", "TRESHAPE",
    "TEXTRACT_M2LR", "TIMG2COL", "TMOV_M2B", "TMOV_M2L", "TMOV_M2R",
    "MGATHER_VEC", "MSCATTER", "TABS", "TADD", "TADDDEQRELU", "TADDRELUCONV", "TADDS", "TAND", "TANDS", "TAXPY",
    "TCMP", "TCMPS", "TCOLARGMAX", "TCOLARGMIN", "TCOLEXPAND", "TCOLEXPANDADD", "TCOLEXPANDDIV", "TCOLEXPANDEXPDIF",
    "TCOLEXPANDMAX", "TCOLEXPANDMIN", "TCOLEXPANDMUL", "TCOLEXPANDSUB", "TCOLMAX", "TCOLMIN", "TCOLPROD", "TCOLSUM",
    "TCONCAT", "TCVT", "TDEINTERLEAVE", "TDEQUANT", "TDIV", "TDIVS", "TEXP", "TEXPANDS", "TFILLPAD_VEC", "TFMOD",
    "TFMODS", "TFUSEDMULADD", "TFUSEDMULADDRELU", "TGATHER", "TGATHERB", "THISTOGRAM", "TINTERLEAVE", "TLOG",
    "TLRELU", "TMAX", "TMAXS", "TMIN", "TMINS", "TMOV_V2V", "TMRGSORT", "TMUL", "TMULADDDST", "TMULS", "TNEG", "TNOT",
    "TOR", "TORS", "TPAIRREDUCESUM", "TPARTADD", "TPARTARGMAX", "TPARTARGMIN", "TPARTMAX", "TPARTMIN", "TPARTMUL",
    "TPOW", "TPOWS", "TPRELU", "TQUANT", "TRANDOM", "TRECIP", "TRELU", "TREM", "TREMS", "TROWARGMAX", "TROWARGMIN",
    "TROWEXPAND", "TROWEXPANDADD", "TROWEXPANDDIV", "TROWEXPANDEXPDIF", "TROWEXPANDMAX", "TROWEXPANDMIN",
    "TROWEXPANDMUL", "TROWEXPANDSUB", "TROWMAX", "TROWMIN", "TROWPROD", "TROWSUM", "TRSQRT", "TSCATTER", "TSEL",
    "TSELS", "TSHL", "TSHLS", "TSHR", "TSHRS", "TSORT32", "TSQRT", "TSUB", "TSUBRELU", "TSUBRELUCONV", "TSUBS",
    "TTRANS", "TTRI", "TXOR", "TXORS", "VECTOR"}


def _size(t: ConcreteTile) -> int:
    return t.spec.elem_size or _SIZES.get(t.spec.dtype, 0)


def _reject(m: Machine, kind: str, detail: str) -> None:
    raise m.trap(kind, f"{m.site.builtin}: {detail} (static_assert on {m.impl})")


def _row_major(t: ConcreteTile) -> bool:
    return t.spec.blayout == "RowMajor"


def _arg(m: Machine, name: str) -> str:
    a = m.site.arg(name)
    return getattr(a, "spelling", "") or ""


@op("TCI")
def tci(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:
        raise m.trap("unsupported-path", "TCI needs a dst tile")
    dtype = dst.spec.dtype
    if m.impl == "a5" and dtype not in _TCI_A5:
        _reject(m, "unsupported-dtype", f"dst element type {dtype} (u/int16, u/int32 only)")
    if m.impl == "a2a3" and _size(dst) not in (2, 4):
        _reject(m, "unsupported-dtype", f"dst element type {dtype} is not 2 or 4 bytes")
    if dst.spec.rows != 1:
        _reject(m, "invalid-tile", f"dst has {dst.spec.rows} rows, TCI writes exactly one")
    tmp = m.tile("tmp")
    if m.impl == "a2a3" and tmp is not None and tmp.spec.dtype != "float":
        raise m.trap("unsupported-dtype", f"TCI: tmp element type {tmp.spec.dtype}: a2a3 initialises a float* from "
                     "tmp's element pointer, which does not compile")
    start = m.scalar("start")
    if start is None or dst.buf is None:
        return
    desc = str(m.template_args.get("descending", "0")) not in ("0", "false")
    n = min(dst.valid_col, dst.spec.cols)
    for j in range(n):
        m.write(dst, 0, j, start - j if desc else start + j)


@op("TTRI")
def ttri(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:
        raise m.trap("unsupported-path", "TTRI needs a dst tile")
    if dst.spec.dtype not in _TTRI[m.impl]:
        _reject(m, "unsupported-dtype", f"dst element type {dst.spec.dtype}")
    flag = str(m.template_args.get("isUpperOrLower", "0"))
    if m.impl == "a2a3":
        if flag not in ("0", "1"):
            _reject(m, "unsupported-path", f"isUpperOrLower = {flag} (0 or 1)")
        if not _row_major(dst):
            _reject(m, "unsupported-layout", f"dst BLayout::{dst.spec.blayout} (row-major only)")
    diagonal = m.scalar("diagonal")
    if diagonal is None or dst.buf is None:
        return
    upper = flag not in ("0", "false")
    for i in range(min(dst.valid_row, dst.spec.rows)):
        for j in range(min(dst.valid_col, dst.spec.cols)):
            on = (j - i >= diagonal) if upper else (j - i <= diagonal)
            m.write(dst, i, j, 1 if on else 0)


@op("TGATHERB")
def tgatherb(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:
        raise m.trap("unsupported-path", "TGATHERB needs a dst tile")
    if _size(dst) not in (1, 2, 4):
        _reject(m, "unsupported-dtype", f"dst element type {dst.spec.dtype} ({_size(dst)} bytes)")
    if m.impl == "a2a3" and not _row_major(dst):
        _reject(m, "unsupported-layout", f"dst BLayout::{dst.spec.blayout}")


@op("THISTOGRAM")
def thistogram(m: Machine) -> None:
    dst, src, idx = m.tile("dst"), m.tile("src"), m.tile("idx")
    if dst is None or src is None or idx is None:
        raise m.trap("unsupported-path", "THISTOGRAM needs dst, src and idx tiles")
    if dst.spec.dtype != "uint32_t" or idx.spec.dtype != "uint8_t" or src.spec.dtype not in ("uint16_t", "uint32_t"):
        _reject(m, "unsupported-dtype", f"dst {dst.spec.dtype}, src {src.spec.dtype}, idx {idx.spec.dtype} "
                "(need uint32 / uint16 or uint32 / uint8)")
    if not _row_major(src) or not _row_major(dst):
        _reject(m, "unsupported-layout", "src and dst must be row-major")
    byte = str(m.template_args.get("byte", "")).split("::")[-1]
    if src.spec.dtype == "uint16_t":
        if byte not in ("BYTE_0", "BYTE_1"):
            _reject(m, "invalid-tile", f"{byte} with a uint16 source")
        if idx.spec.blayout == "RowMajor" or idx.spec.slayout != "NoneBox" or idx.spec.cols != 1:
            _reject(m, "invalid-tile", "a uint16 source needs a 1-column ColMajor/NoneBox idx")
        return
    need_rows = {"BYTE_2": 1, "BYTE_1": 2, "BYTE_0": 3}.get(byte)
    if need_rows is not None and (not _row_major(idx) or idx.spec.rows != need_rows or idx.spec.cols != src.spec.cols):
        _reject(m, "invalid-tile", f"{byte} needs a row-major {need_rows}x{src.spec.cols} idx, got "
                f"{idx.spec.rows}x{idx.spec.cols} BLayout::{idx.spec.blayout}")


@op("TRANDOM")
def trandom(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:
        raise m.trap("unsupported-path", "TRANDOM needs a dst tile")
    if dst.spec.dtype not in ("int32_t", "uint32_t"):
        _reject(m, "unsupported-dtype", f"dst element type {dst.spec.dtype}")
    rounds = str(m.template_args.get("Rounds", "10"))
    if rounds not in ("7", "10"):
        _reject(m, "unsupported-path", f"Rounds = {rounds}")
    if not _row_major(dst):
        _reject(m, "unsupported-layout", f"dst BLayout::{dst.spec.blayout}")


_CONV_RE = re.compile(r"ConvTile<\s*(?:pto::)?TileType::(\w+)\s*,\s*([^,]+?)\s*,\s*[^,]+,\s*(?:pto::)?Layout::(\w+)")
_C_NAMES = {"signed char": "int8_t", "char": "int8_t", "unsigned char": "uint8_t", "short": "int16_t",
            "unsigned short": "uint16_t", "int": "int32_t", "unsigned int": "uint32_t", "__fp16": "half",
            "_Float16": "half", "float16_t": "half", "__bf16": "bfloat16_t"}


@op("TIMG2COL")
def timg2col(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:
        raise m.trap("unsupported-path", "TIMG2COL needs a dst tile")
    if dst.spec.loc != "Left":
        _reject(m, "unsupported-path", f"dst TileType::{dst.spec.loc} (Left only)")
    b, s = _IMG2COL_DST_LAYOUT[m.impl]
    if dst.spec.blayout != b or dst.spec.slayout != s:
        _reject(m, "unsupported-layout", f"dst BLayout::{dst.spec.blayout} / SLayout::{dst.spec.slayout}")
    if dst.spec.dtype not in _IMG2COL_TYPES[m.impl]:
        _reject(m, "unsupported-dtype", f"dst element type {dst.spec.dtype}")
    conv = _CONV_RE.search(_arg(m, "src"))
    if conv is None:
        return
    loc, raw, layout = conv.groups()
    dtype = re.sub(r"^(pto::|::)", "", raw)
    dtype = _C_NAMES.get(dtype, dtype)
    if loc != "Mat" or layout not in ("NC1HWC0", "NDC1HWC0") or dtype != dst.spec.dtype:
        _reject(m, "unsupported-path", f"ConvTile source TileType::{loc}, {dtype}, Layout::{layout} for a "
                f"{dst.spec.dtype} destination")


@op("SET_QUANT_VECTOR")
def set_quant_vector(m: Machine) -> None:
    t = m.tile("fpTile")
    if t is not None and t.spec.loc != "Scaling":
        _reject(m, "unsupported-path", f"fpTile TileType::{t.spec.loc} (Scaling only)")


@op("SETFMATRIX", "SET_IMG2COL_RPT", "SET_IMG2COL_PADDING")
def fmatrix_setters(m: Machine) -> None:
    mode = str(m.template_args.get("FmatrixMode", "FMATRIX_A_MANUAL")).split("::")[-1]
    if mode not in ("FMATRIX_A_MANUAL", "FMATRIX_B_MANUAL"):
        raise m.trap("no-op", f"{m.site.builtin}<{mode}>: only the MANUAL modes write a register")


@op("TALLOC", "TFREE")
def talloc_tfree(m: Machine) -> None:

    pipe_class(m)
    gm_form_direction(m)


@op("TSYNC", own=("kirin9030",))
def tsync(m: Machine) -> None:
    code = m.template_args.get("OpCode")
    if code is None or m.impl not in ("a5", "kirin9030"):
        return
    code = str(code).split("::")[-1]
    if m.impl == "kirin9030":
        if code in _NON_MTE_OPS - _M_MTE1_FIX_OPS:  # listed on S / V
            _reject(m, "unsupported-path", f"TSYNC<Op::{code}> on the S or V pipe (Kirin 9030's TSync.hpp)")
        return
    if code in _NON_MTE_OPS:  # listed on S / V / M / MTE1 / FIX
        _reject(m, "unsupported-path", f"TSYNC<Op::{code}> on a pipe other than {' / '.join(sorted(_TSYNC_A5))}")


@op(MEMBER_BUILTINS["SetMadTF32Mode"])
def set_mad_tf32_mode(m: Machine) -> None:
    """The matrix unit's TF32 switch: only CAST_ROUND (ties away) and CAST_RINT (ties to even) set the rounding bit;
    RoundMode is a uint8_t enum, so a value cast to it keeps its low 8 bits."""
    mode = m.scalar("tf32TransMode")
    if mode is None:
        raise LookupError("SetMadTF32Mode: the rounding mode is not known")
    low = int(mode) & 0xFF
    if low not in (1, 2):
        m.fault("ignored-option", f"SetMadTF32Mode(RoundMode {low}): neither CAST_RINT (1) nor CAST_ROUND (2); the "
                "PTO_ASSERT traps in debug builds, release builds keep the previous TF32 rounding bit")

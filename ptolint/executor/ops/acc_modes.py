"""Copies out of L0C in A5's dual-destination modes (a5/common.hpp GetDualDstCtl), shared by TMOV's and TINSERT's
executor ops (movement.py, rearrange.py)."""

from __future__ import annotations

from ptolint.executor.machine import ConcreteTile, Machine

#: a5/common.hpp GetCastPreQuantMode (dst types the plain copy quantises to) and GetScalarPreQuantMode /
#: GetVectorPreQuantMode (src type -> dst types the scalar / fp copies quantise to)
_CAST_QUANT = ("half", "bfloat16_t")
_PRE_QUANT = {"float": ("int8_t", "uint8_t", "hifloat8_t", "half", "bfloat16_t", "float8_e4m3_t"),
              "int32_t": ("int8_t", "uint8_t", "half", "bfloat16_t")}


def dual_dst_faults(m: Machine, dst: ConcreteTile, src: ConcreteTile, quant_operand: bool) -> None:
    """a5/common.hpp GetDualDstCtl for a DualModeSplitM / SplitN copy out of L0C: no quantising conversion and no
    DN destination (static_asserts; faults recorded on `m`, the caller traps)."""
    mode = str(m.template_args.get("mode", "")).split("::")[-1]
    if m.impl != "a5" or mode not in ("DualModeSplitM", "DualModeSplitN") or src.spec.loc != "Acc":
        return
    quant = dst.dtype in _PRE_QUANT.get(src.dtype, ()) if quant_operand else dst.dtype in _CAST_QUANT
    if quant:
        m.fault("unsupported-path", f"AccToVecMode::{mode}: {src.dtype} -> {dst.dtype} quantises (GetDualDstCtl)")
    if (dst.spec.blayout, dst.spec.slayout) == ("ColMajor", "NoneBox"):
        m.fault("unsupported-path", f"AccToVecMode::{mode}: DN destination (GetDualDstCtl)")

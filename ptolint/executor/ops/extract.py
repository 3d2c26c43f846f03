"""TEXTRACT / TEXTRACT_FP on concrete tiles: what each target's implementation accepts, then the window copy.

Written from the instruction's behaviour per target (docs/isa-facts.md section 3), independently of the
rules: the static acceptance model below (buffer path, element types, layouts) is this module's own, and
the copy is really performed on the tiles' bytes so that a window leaving the source is observed, not assumed.
A call that would not compile records its faults and stops (nothing runs); a call whose target has no
branch for it records a no-op.
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, Trap, op
from ptolint.executor.memory import element_size
from ptolint.executor.ops.movement import a5_l1_to_l0_alignment, kirin_l1_to_l0_alignment, l1_to_l0_alignment

ND, DN, NZ, ZN, ZZ, NN = ("RowMajor", "NoneBox"), ("ColMajor", "NoneBox"), ("ColMajor", "RowMajor"), \
    ("RowMajor", "ColMajor"), ("RowMajor", "RowMajor"), ("ColMajor", "ColMajor")

LOW_FLOATS = ("float8_e4m3_t", "float8_e5m2_t", "float8_e8m0_t", "hifloat8_t", "float4_e2m1x2_t", "float4_e1m2x2_t")
PACKED4 = ("float4_e2m1x2_t", "float4_e1m2x2_t")


class Target:
    """What one target's TEXTRACT implementation accepts (its static_asserts and branches)."""

    name = ""
    main_types: tuple[str, ...] = ()  # Dst element types of the tile path (plain overload)
    ub_types: tuple[str, ...] = ()  # element types of the UB -> UB copy
    left_dst: tuple[str, str] = ZZ
    l0_types: tuple[str, ...] | None = None  # element types the L1 -> L0A/L0B copy takes (None: main_types)
    scale = False  # ScaleLeft/ScaleRight destinations exist
    scale_rejected = False  # ScaleLeft/ScaleRight destinations fail a static_assert (no branch copies them)
    vec_to_mat = False  # UB -> L1 path exists
    acc_to_ub = False  # L0C -> UB copies exist
    mode_forms = False  # TEXTRACT<..., AccToVecMode> implemented
    # Acc conversions: form -> {acc element type: destination element types}
    acc_convert: dict[str, dict[str, tuple[str, ...]]] = {}

    def ub_branch(self, dst: tuple[str, str], src: tuple[str, str]) -> str:
        raise NotImplementedError

    def ub_row_aligned_needed(self, dtype: str) -> bool:
        raise NotImplementedError

    def ub_rows_checked(self, branch: str) -> bool:
        return True

    def acc_dst_layouts(self, form: str) -> tuple[tuple[str, str], ...]:
        raise NotImplementedError

    def acc_dst_locs(self, form: str) -> tuple[str, ...]:
        raise NotImplementedError


class A2A3(Target):
    name = "a2a3"
    main_types = ("float", "half", "bfloat16_t", "int8_t")
    ub_types = ("float", "half", "bfloat16_t", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t")
    left_dst = ZZ
    acc_convert = {
        "plain": {"float": ("bfloat16_t", "half")},
        "relu": {"float": ("bfloat16_t", "half")},
        "quant": {"float": ("int8_t",), "int32_t": ("int16_t", "half", "uint8_t", "int8_t")},
    }

    def ub_branch(self, dst, src):
        if dst[0] == "RowMajor" and src[0] == "RowMajor":
            return "nd"
        if dst == NZ and src == NZ:
            return "nz"
        return "skip" if dst == src else "reject"

    def ub_row_aligned_needed(self, dtype):
        return True

    def acc_dst_layouts(self, form):
        return (NZ,)

    def acc_dst_locs(self, form):
        return ("Mat",)


class A5(Target):
    name = "a5"
    main_types = ("float", "half", "bfloat16_t", "int8_t") + LOW_FLOATS
    ub_types = ("float", "half", "bfloat16_t", "int8_t", "int32_t") + LOW_FLOATS
    left_dst = NZ
    scale = True
    vec_to_mat = True
    acc_to_ub = True
    mode_forms = True
    acc_convert = {
        "plain": {"float": ("float", "bfloat16_t", "half"), "int32_t": ("int32_t",)},
        "relu": {"float": ("float", "bfloat16_t", "half"), "int32_t": ("int32_t",)},
        "quant": {"float": ("float", "float8_e4m3_t", "bfloat16_t", "half", "hifloat8_t", "uint8_t", "int8_t"),
                  "int32_t": ("bfloat16_t", "half", "uint8_t", "int8_t")},
    }

    def ub_branch(self, dst, src):
        if dst[0] == "RowMajor" and src[0] == "RowMajor":
            return "nd"
        if dst == NZ and src == NZ:
            return "nz"
        return "skip" if dst[0] == src[0] else "reject"

    def ub_row_aligned_needed(self, dtype):
        return dtype in PACKED4

    def ub_rows_checked(self, branch):
        return branch == "nd"

    def acc_dst_layouts(self, form):
        return (ND,) if form.endswith("mode") else (NZ, ND)

    def acc_dst_locs(self, form):
        return ("Vec",) if form.endswith("mode") else ("Mat", "Vec")


class Kirin9030(A5):
    """Kirin 9030's own TExtract.hpp (Kirin Dev0000 includes it too): A5's routines without the MX / fp4 paths,
    its own type lists, Scale destinations rejected. Its Acc checks (kirin9030/common.hpp CheckTMovAccValid)
    exist only when the build is for Kirin 9030: `acc_targets`."""

    name = "kirin9030"
    main_types = ("int8_t", "uint8_t", "half", "int16_t", "uint16_t", "int32_t")
    l0_types = ("half", "int16_t", "uint16_t", "int8_t", "uint8_t")
    ub_types = ("half", "float", "int32_t", "int8_t")
    scale = False
    scale_rejected = True
    acc_targets = ("kirin9030",)
    acc_convert = {
        "plain": {"half": ("half",), "int32_t": ("int32_t",)},
        "relu": {"half": ("half",), "int32_t": ("int32_t",)},
        "quant": {"half": ("half", "int8_t", "uint8_t", "int16_t"), "int32_t": ("half", "int8_t", "uint8_t", "int16_t")},
    }

    def ub_row_aligned_needed(self, dtype):
        return False


class KirinX90(A2A3):
    """Kirin X90's own TExtract.hpp: A2/A3's L1 -> L0A / L0B and UB -> UB routines (textract_common.hpp) behind its
    own dispatch: a UB -> UB pair with a NoneBox tile on either side takes the ND copy, its own tile-path type list,
    and its own Vec -> Mat and Acc copies, which are not modelled here (a call reaching them is refused)."""

    name = "kirinx90"
    main_types = ("int8_t", "uint8_t", "half", "int16_t", "uint16_t", "int32_t", "float")
    # textract_common.hpp's UB list read under kirinX90/header.hpp's `#define bfloat16_t half`
    ub_types = ("float", "half", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t")
    mode_modes = ("SingleModeVec0",)

    def ub_branch(self, dst, src):
        if (dst[0] == "RowMajor" and src[0] == "RowMajor") or "NoneBox" in (dst[1], src[1]):
            return "nd"
        if dst == NZ and src == NZ:
            return "nz"
        return "skip" if dst == src else "reject"


#: the implementations whose L1 -> L0A / L0B copies are A2/A3's routines (textract_common.hpp)
A2_L0 = ("a2a3", "kirinx90")

#: TEXTRACT_CONVTILE_IMPL (the FractalZ weight in L1 into L0B): Dst element types per implementation, and whether
#: a 4-dimensional ConvTile must have the static inner shape [16, 32 / sizeof] (A5's and Kirin 9030's files)
CONV_TYPES = {
    "a2a3": ("int8_t", "half", "bfloat16_t", "float"),
    "kirinx90": ("int8_t", "half", "float"),  # bfloat16_t is #defined to half while X90 reads the list
    "a5": ("int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "bfloat16_t", "float"),
    "kirin9030": ("int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "half", "float"),
}
CONV_STATIC_INNER = ("a5", "kirin9030")


def conv_source(m: Machine, hw: Target, dst: ConcreteTile) -> None:
    """TEXTRACT(dst, convTile, r, c): the ConvTile branch's static_asserts (unless both operands are in Vec, which
    takes the Vec -> Vec branch). A call that fails one does not compile: the fault is recorded and the run stops."""
    from ptolint.executor.ops.misc_builtins import _C_NAMES, _CONV_RE
    from ptolint.executor.ops.rearrange import _conv

    a = m.site.arg("src")
    found = _CONV_RE.search(getattr(a, "spelling", "") or "")
    if found is None:
        return
    loc, raw, layout = found.groups()
    dtype = _C_NAMES.get(raw.removeprefix("pto::"), raw.removeprefix("pto::"))
    d = dst.spec
    if d.loc == "Vec" and loc == "Vec":
        return
    shaped = _conv(m, "src")
    es, des = (shaped[2] if shaped else 0), element_size(d)
    bad = []
    if d.dtype not in CONV_TYPES[hw.name]:
        bad.append(f"dst element type {d.dtype}")
    if loc != "Mat" or d.loc != "Right":
        bad.append(f"ConvTile in {loc}, dst in {d.loc} (Mat -> Right only)")
    if es and des and es != des:
        bad.append(f"element sizes {des} (dst) and {es} (ConvTile {dtype})")
    if layout not in ("FRACTAL_Z", "FRACTAL_Z_3D"):
        bad.append(f"ConvTile Layout::{layout}")
    if (d.blayout, d.slayout) != ("RowMajor", "ColMajor"):
        bad.append(f"dst {d.blayout} / {d.slayout}")
    if hw.name in CONV_STATIC_INNER and shaped is not None and len(shaped[1]) == 4 and es \
            and (shaped[1][2], shaped[1][3]) != (16, 32 // es):
        bad.append(f"ConvTile inner dimensions [{shaped[1][2]}, {shaped[1][3]}]")
    if bad:
        raise m.trap("unsupported-path", "TEXTRACT of a ConvTile: " + "; ".join(bad) + f" (static_assert on {hw.name})")


TARGETS = {"a2a3": A2A3(), "a5": A5(), "kirin9030": Kirin9030(), "kirinx90": KirinX90()}


def lay(t: ConcreteTile) -> tuple[str, str]:
    return (t.spec.blayout, t.spec.slayout)


def lay_text(pair: tuple[str, str]) -> str:
    """A (BLayout, SLayout) pair as C++: 'BLayout::RowMajor, SLayout::NoneBox' (messages never show a tuple)."""
    return f"BLayout::{pair[0]}, SLayout::{pair[1]}"


def form_of(m: Machine) -> str:
    """plain / relu / mode / quant / quant-mode / fp / fp-mode / two-dst: the overload the call bound to."""
    params = m.site.params
    has_mode = "mode" in m.template_args
    if "dst0" in params:
        return "two-dst"
    if "fp" in params:
        return "fp-mode" if has_mode else "fp"
    if "preQuantScalar" in params:
        return "quant-mode" if has_mode else "quant"
    if has_mode:
        return "mode"
    return "relu" if "reluMode" in m.template_args else "plain"


def conversion_kind(form: str) -> str:
    if form in ("plain", "relu", "mode"):
        return "plain" if form == "plain" else "relu"
    return "quant"


@op("TEXTRACT", "TEXTRACT_FP", own=("kirin9030", "kirinx90"))
def textract(m: Machine) -> None:
    form = form_of(m)
    hw = TARGETS[m.impl]
    if form == "two-dst":
        if isinstance(hw, (Kirin9030, KirinX90)):
            raise LookupError(f"the two-destination TEXTRACT is not modelled for {hw.name}'s TExtract.hpp")
        two_destinations(m)
        return
    dst, src = m.tile("dst"), m.tile("src")
    if dst is not None and src is None and form == "plain":
        conv_source(m, hw, dst)
    if dst is None or src is None:
        return  # a ConvTile source: its static checks only (conv_source), the copy is not modelled
    if isinstance(hw, Kirin9030) and (form != "plain" or src.spec.loc == "Acc") \
            and m.target not in hw.acc_targets:
        # before any fault is recorded: a refusal, never a confirmation
        raise LookupError(f"{m.target}'s Acc copies of Kirin 9030's TExtract.hpp are not modelled")
    if isinstance(hw, KirinX90):
        x90_forms(m, form, dst, src)
    ir, ic = int(m.scalar("indexRow") or 0), int(m.scalar("indexCol") or 0)
    plan = accept(m, hw, form, dst, src)
    if m.faults and any(f.kind not in ("valid-region", "invalid-tile") for f in m.faults):
        raise Trap("the call does not compile on this target")
    if plan == "skip":
        m.fault("no-op", f"TEXTRACT {src.spec.loc} -> {dst.spec.loc} ({'/'.join(lay(src))} -> "
                         f"{'/'.join(lay(dst))}) matches no branch on {hw.name}: nothing is copied")
        return
    run(m, hw, form, plan, dst, src, ir, ic)


def x90_forms(m: Machine, form: str, dst: ConcreteTile, src: ConcreteTile) -> None:
    """Kirin X90: the Acc copies (every form but the plain one, and the plain form from L0C into L1 / UB) are not
    modelled, their static checks are: the plain form's type list (CheckTExtract), the fp operand in the Scaling
    buffer, the one AccToVecMode the file takes, and kirinX90/common.hpp CheckTMovAccValid, which every form calls
    unquantised (a half or int32 source into L1 / UB, the destination of the same type, NZ -> NZ or ND). A call that
    fails one stops there (it does not compile); one that passes them is refused, as is the Vec -> Mat copy."""
    d, s = dst.spec, src.spec
    acc = form != "plain" or (s.loc == "Acc" and d.loc in ("Mat", "Vec"))
    if not acc:
        if s.loc == "Vec" and d.loc == "Mat":  # TExtractVecToMat: CheckTExtract's type list, then ND -> ND / NZ -> NZ
            if d.dtype not in KirinX90.main_types:
                m.fault("unsupported-dtype", f"TEXTRACT tile path has no {d.dtype} destination on kirinx90")
            if (lay(src), lay(dst)) not in ((ND, ND), (NZ, NZ)):
                m.fault("unsupported-layout", f"Vec -> Mat copies ND -> ND or NZ -> NZ only on kirinx90, not "
                                              f"{lay_text(lay(src))} -> {lay_text(lay(dst))}")
            if m.faults:
                raise Trap("the call does not compile on this target")
            raise LookupError("Kirin X90's TEXTRACT Vec -> Mat copy is not modelled")
        return
    before = len(m.faults)
    if form == "plain" and d.dtype not in KirinX90.main_types:
        m.fault("unsupported-dtype", f"TEXTRACT tile path has no {d.dtype} destination on kirinx90")
    fp = m.tile("fp")
    if form.startswith("fp") and fp is not None and fp.spec.loc != "Scaling":
        m.fault("unsupported-path", f"fixpipe parameters must live in the Scaling buffer, fp is {fp.spec.loc}")
    mode = str(m.template_args.get("mode", ""))
    if form.endswith("mode") and mode.split("::")[-1] not in KirinX90.mode_modes:
        m.fault("unsupported-path", f"AccToVecMode {mode} is not implemented on kirinx90 (SingleModeVec0 only)")
    if s.loc != "Acc" or d.loc not in ("Mat", "Vec"):
        m.fault("unsupported-path", f"{form} TEXTRACT cannot copy {s.loc} -> {d.loc} on kirinx90")
    if s.dtype not in ("half", "int32_t") or d.dtype != s.dtype:
        m.fault("unsupported-dtype", f"L0C copy of {s.dtype} into {d.dtype} on kirinx90 (a half or int32 "
                                     "accumulator into its own type, quantisation parameter or not)")
    if lay(src) != NZ:
        m.fault("unsupported-layout", f"L0C data is NZ, src tile is {lay_text(lay(src))}")
    if lay(dst) not in (NZ, ND):
        m.fault("unsupported-layout", f"fixpipe cannot write a {lay_text(lay(dst))} tile on kirinx90")
    if len(m.faults) > before:
        raise Trap("the call does not compile on this target")
    raise LookupError("Kirin X90's Acc TEXTRACT copies are not modelled")


# --- static acceptance ---------------------------------------------------------------------------

def accept(m: Machine, hw: Target, form: str, dst: ConcreteTile, src: ConcreteTile) -> str:
    """Record what the target rejects at compile time; return the branch taken."""
    d, s = dst.spec, src.spec
    if form != "plain":
        return accept_acc_form(m, hw, form, dst, src)
    if d.loc == "Vec" and s.loc == "Vec":
        if d.dtype != s.dtype:
            m.fault("dtype-mismatch", f"UB copy of {s.dtype} into {d.dtype}")
        if d.dtype not in hw.ub_types:
            m.fault("unsupported-dtype", f"UB -> UB TEXTRACT has no {d.dtype} form on {hw.name}")
        branch = hw.ub_branch(lay(dst), lay(src))
        if branch == "reject":
            m.fault("unsupported-layout", f"UB -> UB between {lay_text(lay(src))} and {lay_text(lay(dst))}")
            return "skip"
        if branch == "skip":
            return "skip"
        if d.cols > s.cols or (hw.ub_rows_checked(branch) and d.rows > s.rows):
            m.fault("size-mismatch", f"dst {d.rows}x{d.cols} larger than src {s.rows}x{s.cols}")
        if branch == "nd" and hw.ub_row_aligned_needed(d.dtype):
            for t in (src, dst):
                # the row stride: Cols elements for a row-major tile, one for a column-major one
                stride = (t.spec.cols if t.spec.blayout == "RowMajor" else 1) * element_size(t.spec)
                if stride % 32:
                    m.fault("unsupported-layout", f"{t.name}: row stride of {stride} bytes "
                                                  f"is not a whole number of 32-byte blocks")
        if hw.name == "a5" and branch == "nd" and d.dtype in PACKED4 and (d.valid_row, d.valid_col) != (1, 1) \
                and (d.valid_col % 2**64) * element_size(d) % 32:
            # a5/TExtract.hpp:876, the packed fp4 byte copy: a static ValidCol in whole 32-byte blocks
            m.fault("unsupported-layout", f"dst static ValidCol {d.valid_col} of {d.dtype} is not whole 32-byte blocks")
        if isinstance(hw, A2A3) and (d.valid_row, d.valid_col) != (1, 1) \
                and (d.valid_col % 2**64) * element_size(d) % 2:
            # textract_common.hpp CheckTExtractVecToVecND / NZ: the static int ValidCol times a size_t in whole
            # 2-byte units (DYNAMIC, -1, converts to 2**64 - 1)
            m.fault("unsupported-layout", f"dst static ValidCol {d.valid_col} of {d.dtype} is an odd byte count")
        if hw.name == "a5" and branch == "nd" and d.dtype in PACKED4 and (d.valid_row, d.valid_col) != (1, 1) \
                and (d.valid_col % 2**64) * element_size(d) % 32:
            # a5/TExtract.hpp (a6's too) TExtractVecToVecNDDispatch, fp4 branch: static ValidCol in 32-byte blocks
            m.fault("unsupported-layout", f"dst static ValidCol {d.valid_col} of {d.dtype} is not a whole 32-byte "
                                          "block (the fp4 ND copy moves whole blocks)")
        return "ub-" + branch
    if d.dtype not in hw.main_types:
        m.fault("unsupported-dtype", f"TEXTRACT tile path has no {d.dtype} destination on {hw.name}")
    elif d.loc in ("Left", "Right") and hw.l0_types is not None and d.dtype not in hw.l0_types:
        m.fault("unsupported-dtype", f"the L1 -> L0 copy has no {d.dtype} form on {hw.name}")
    # Kirin 9030's L1 -> L0 copy compares the types whatever the source (CheckTExtractToL0)
    if (s.loc != "Acc" or (isinstance(hw, Kirin9030) and d.loc in ("Left", "Right"))) and d.dtype != s.dtype:
        m.fault("dtype-mismatch", f"{s.dtype} source, {d.dtype} destination (no conversion outside Acc)")
    if d.loc in ("Left", "Right"):
        gemv = d.loc == "Left" and s.rows == 1 and s.blayout == "RowMajor"
        if not (lay(src) in (ZN, NZ) or gemv):
            m.fault("unsupported-layout", f"L0{'A' if d.loc == 'Left' else 'B'} load cannot read a {lay_text(lay(src))} source")
        want = hw.left_dst if d.loc == "Left" else ZN
        if lay(dst) != want:
            m.fault("unsupported-layout", f"{d.loc} tile on {hw.name} is {lay_text(want)}, got {lay_text(lay(dst))}")
        alignment = l1_to_l0_alignment("TEXTRACT", d, s) if m.impl in A2_L0 else \
            kirin_l1_to_l0_alignment(d, s) if isinstance(hw, Kirin9030) else a5_l1_to_l0_alignment(d, s)
        for problem in alignment:
            m.fault("unsupported-layout", problem)
        return "gemv" if gemv else d.loc.lower()
    if hw.scale_rejected and d.loc in ("ScaleLeft", "ScaleRight"):
        m.fault("unsupported-path", f"{d.loc} destinations are not supported on {hw.name} (static_assert)")
        return "skip"
    if hw.scale and d.loc in ("ScaleLeft", "ScaleRight"):
        want = ZZ if d.loc == "ScaleLeft" else NN
        if lay(src) != want:
            m.fault("unsupported-layout", f"MX scale load needs a {lay_text(want)} source, got {lay_text(lay(src))}")
        if lay(dst) != want:
            m.fault("unsupported-layout", f"{d.loc} tile must be {lay_text(want)}, got {lay_text(lay(dst))}")
        return "scale"
    if hw.vec_to_mat and s.loc == "Vec" and d.loc == "Mat":
        return "ub-l1-nd" if lay(src) == ND else "ub-l1-nz" if lay(src) == NZ else "skip"
    if s.loc == "Acc" and d.loc in hw.acc_dst_locs("plain"):
        acc_static(m, hw, "plain", dst, src)
        return "acc"
    return "skip"


def accept_acc_form(m: Machine, hw: Target, form: str, dst: ConcreteTile, src: ConcreteTile) -> str:
    if form.endswith("mode") and not hw.mode_forms:
        m.fault("unsupported-path", f"no AccToVecMode implementation of TEXTRACT on {hw.name}")
        return "skip"
    if form.startswith("fp"):
        fp = m.tile("fp")
        if fp is not None and fp.spec.loc != "Scaling":
            m.fault("unsupported-path", f"fixpipe parameters must live in the Scaling buffer, fp is {fp.spec.loc}")
    if src.spec.loc != "Acc" or dst.spec.loc not in hw.acc_dst_locs(form):
        m.fault("unsupported-path", f"{form} TEXTRACT cannot copy {src.spec.loc} -> {dst.spec.loc} on {hw.name}")
        return "skip"
    acc_static(m, hw, form, dst, src)
    return "acc"


def acc_static(m: Machine, hw: Target, form: str, dst: ConcreteTile, src: ConcreteTile) -> None:
    d, s = dst.spec, src.spec
    kind = conversion_kind(form)
    if d.dtype not in hw.acc_convert[kind].get(s.dtype, ()):
        m.fault("unsupported-dtype", f"fixpipe cannot convert {s.dtype} -> {d.dtype} ({kind}) on {hw.name}")
    elif hw.name in ("a5", "kirin9030") and str(m.template_args.get("mode", "")).startswith("Dual") \
            and d.dtype != s.dtype:  # GetDualDstCtl: NoQuant only (a5 / kirin9030 common.hpp)
        m.fault("unsupported-dtype", f"dual-destination mode cannot quantize {s.dtype} -> {d.dtype}")
    if lay(src) != NZ:
        m.fault("unsupported-layout", f"L0C data is NZ, src tile is {lay_text(lay(src))}")
    ok = lay(dst) in hw.acc_dst_layouts(form)
    if hw.name == "a2a3":
        ok = ok and d.fractal == 512
    if not ok:
        m.fault("unsupported-layout", f"fixpipe cannot write a {lay_text(lay(dst))} (fractal {d.fractal}) tile on {hw.name}")


# --- execution -----------------------------------------------------------------------------------

def run(m: Machine, hw: Target, form: str, plan: str, dst: ConcreteTile, src: ConcreteTile, ir: int, ic: int) -> None:
    d, s = dst.spec, src.spec
    esize = element_size(d)
    if plan == "ub-nz" and hw.name == "kirinx90" and (d.valid_row, d.valid_col) != (1, 1):
        c0 = 32 // esize
        if ic % c0:  # (its indexRow % 16 assert: release copies the exact rows, vendor kernels rely on it)
            m.fault("misaligned", f"NZ UB -> UB window at column {ic}: not a multiple of {c0} (PTO_ASSERT on "
                                  "kirinx90; release builds start at column stripe indexCol / C0)")
    if plan == "ub-nd" and hw.name == "a5" and d.dtype in PACKED4 and (d.valid_row, d.valid_col) != (1, 1) \
            and ic * esize % 32:  # a5/TExtract.hpp:879: the fp4 byte copy starts on a 32-byte block
        m.fault("misaligned", f"fp4 ND UB -> UB window at column {ic}: not on a 32-byte block (PTO_ASSERT on a5)")
    if plan in ("ub-nd", "ub-nz") and hw.name == "a2a3" and (d.valid_row, d.valid_col) != (1, 1):
        c0 = 32 // esize  # A2/A3's UB -> UB dispatch asserts the start ("A3 limitation"); release copies whole blocks
        if plan == "ub-nd" and ic % c0:
            m.fault("misaligned", f"ND UB -> UB window at column {ic}: {ic * esize} bytes, not on a 32-byte block "
                                  "(PTO_ASSERT on a2a3)")
        if plan == "ub-nz" and (ir % 16 or ic % c0):
            m.fault("misaligned", f"NZ UB -> UB window at ({ir}, {ic}): not on the 16 x {c0} fractal grid "
                                  "(PTO_ASSERT on a2a3)")
    if plan == "ub-nd" and hw.name == "a5" and d.dtype in PACKED4 and (d.valid_row, d.valid_col) != (1, 1) \
            and ic * esize % 32:
        # the fp4 ND copy (byte DMA) asserts its start on a 32-byte block; release builds hand the DMA that byte
        m.fault("misaligned", f"fp4 ND UB -> UB window at column {ic}: {ic * esize} bytes, not on a 32-byte block "
                              f"(PTO_ASSERT on {m.target})")
    if plan in ("ub-nd", "ub-nz", "scale"):
        copy(m, dst, src, ir, ic, dst.valid_row, dst.valid_col)
    elif plan in ("left", "right"):
        transposed = d.slayout != s.slayout
        if hw.name in A2_L0:
            l0_index_alignment(m, hw, plan, transposed, element_size(s), ir, ic)
        compact = d.compact == "Normal" or (transposed and element_size(s) == 1 and (hw.name not in A2_L0 or plan == "right"))
        rows, cols = (dst.valid_row, dst.valid_col) if compact else (d.rows, d.cols)
        copy(m, dst, src, ir, ic, rows, cols)
    elif plan == "gemv":
        frac = 1024 if s.dtype in PACKED4 else 512 // element_size(s)
        unit = frac if hw.name in A2_L0 or hw.name == "a5" else 32 // element_size(s) if isinstance(hw, Kirin9030) \
            else 0  # a5/TExtract.hpp:181 as A2/A3; kirin9030/TExtract.hpp:73 in 32-byte blocks
        if unit and ic % unit:
            m.fault("misaligned", f"one-row L0A load at column {ic}: not a multiple of {unit} elements (PTO_ASSERT "
                                  f"on {m.target})")
        n = -(-dst.valid_col // frac) * frac
        row = m.window(src, 0, ic, 1, n)
        width = min(n, d.cols)
        m.window(dst, 0, 0, 1, width, write=True)[:] = row[:, :width]
    elif plan == "ub-l1-nd":
        # one contiguous burst from element indexRow * srcValidCol + indexCol, whole 32-byte blocks
        start = ir * src.valid_col + ic
        count = (dst.valid_row * dst.valid_col * esize) // 32 * 32 // esize
        flat_copy(m, dst, src, start, count)
    elif plan == "ub-l1-nz":
        c0 = 32 // esize
        copy(m, dst, src, ir, ic, -(-dst.valid_row // 16) * 16, -(-dst.valid_col // c0) * c0)
    elif plan == "acc":
        acc_copy(m, hw, form, dst, src, ir, ic)


def l0_index_alignment(m: Machine, hw: Target, plan: str, transposed: bool, size: int, ir: int, ic: int) -> None:
    """A2/A3's L1 -> L0A/L0B copy routines assert the window's start: 16-row / C0-column steps into L0A, C0-row /
    16-column steps into L0B (C0 = one 32-byte block of the source type), whole fractals (32 for 1-byte types,
    else 16) when the copy transposes."""
    c0, frac = 32 // size, 32 if size == 1 else 16
    r, c = (frac, frac) if transposed else (16, c0) if plan == "left" else (c0, 16)
    if ir % r or ic % c:
        m.fault("misaligned", f"L1 -> L0{'A' if plan == 'left' else 'B'} {'transposed ' if transposed else ''}load "
                              f"at ({ir}, {ic}): the start must be a multiple of ({r}, {c}) (PTO_ASSERT on {hw.name})")


#: element types of the ND -> 2xNZ copy, per target
ND2NZ_TYPES = {"a2a3": ("int8_t", "half", "bfloat16_t", "float", "int32_t"),
               "a5": ("half", "bfloat16_t", "float", "int32_t", "int8_t") + LOW_FLOATS}


def two_destinations(m: Machine) -> None:
    """TEXTRACT(dst0, dst1, src, r0, c0, r1, c1): src (ND, UB) windows at (r_k, c_k) of dst_k's valid shape into
    dst0 and dst1 (NZ, UB), same element type. Each window is checked against src's storage only by a
    PTO_ASSERT; the copy then reads it whatever the bound says."""
    src = m.tile("src")
    dsts = [t for t in (m.tile("dst0"), m.tile("dst1")) if t is not None]
    if src is None or len(dsts) != 2:
        raise m.trap("unsupported-path", "TEXTRACT ND -> 2xNZ needs tiles dst0, dst1 and src")
    errors: list[tuple[str, str]] = []
    for t in (src, *dsts):
        if t.spec.loc != "Vec":
            errors.append(("unsupported-path", f"{t.name} is a {t.spec.loc} tile: ND -> 2xNZ works inside UB only"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise Trap("TEXTRACT ND -> 2xNZ does not compile on this target")
    if lay(src) != ND:
        errors.append(("unsupported-layout", f"src is {lay_text(lay(src))}, not ND"))
    if src.spec.dtype not in ND2NZ_TYPES.get(m.impl, ()):
        errors.append(("unsupported-dtype", f"{src.spec.dtype} is not copied ND -> NZ on {m.impl}"))
    for t in dsts:
        if lay(t) != NZ:
            errors.append(("unsupported-layout", f"{t.name} is {lay_text(lay(t))}, not NZ"))
        elif m.impl == "a2a3" and t.spec.compact == "RowPlusOne":
            errors.append(("unsupported-layout", f"{t.name} is NZ+1 (CompactMode::RowPlusOne): a2a3 writes plain NZ"))
        if t.spec.dtype != src.spec.dtype:
            errors.append(("unsupported-dtype", f"{t.name} is {t.spec.dtype}, src is {src.spec.dtype}"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise Trap("TEXTRACT ND -> 2xNZ does not compile on this target")
    for k, t in enumerate(dsts):
        ir, ic = int(m.scalar(f"indexRow{k}") or 0), int(m.scalar(f"indexCol{k}") or 0)
        copy(m, t, src, ir, ic, t.valid_row, t.valid_col)


def copy(m: Machine, dst: ConcreteTile, src: ConcreteTile, ir: int, ic: int, rows: int, cols: int,
         relu: bool = False) -> None:
    window = m.window(src, ir, ic, rows, cols)
    out = convert(window, src.spec.dtype, dst.spec.dtype)
    if relu and out.dtype.kind == "f":
        out = np.maximum(out, 0).astype(out.dtype)
    m.window(dst, 0, 0, rows, cols, write=True)[:] = out


def flat_copy(m: Machine, dst: ConcreteTile, src: ConcreteTile, start: int, count: int) -> None:
    s_flat = src.buf.bytes().view(src.data().dtype) if src.buf is not None else None
    d_flat = dst.buf.bytes().view(dst.data().dtype) if dst.buf is not None else None
    if s_flat is None or d_flat is None:
        raise Trap("tile without storage")
    if start < 0 or start + count > s_flat.size:
        raise m.trap("out-of-bounds", f"read of {src.name} elements [{start}:{start + count}] outside its "
                                      f"{s_flat.size}-element storage")
    if count > d_flat.size:
        raise m.trap("out-of-bounds", f"write of {count} elements into {dst.name} ({d_flat.size} elements)")
    d_flat[:count] = s_flat[start:start + count]


def acc_static_window(m: Machine, dst: ConcreteTile, src: ConcreteTile, ir: int, ic: int) -> None:
    """A2/A3's L0C copies assert the window on the static shapes (indexRow + Dst::Rows within
    Src::Rows, the same for columns) before copying dst's valid region: a debug build traps, a release build runs
    on."""
    d, s = dst.spec, src.spec
    if ir + d.rows > s.rows or ic + d.cols > s.cols:
        m.fault("out-of-bounds", f"L0C window at ({ir}, {ic}) of the static {d.rows} x {d.cols} destination leaves "
                                 f"the {s.rows} x {s.cols} source (PTO_ASSERT on {m.impl}: debug builds trap, "
                                 "release builds copy dst's valid region)")


def acc_copy(m: Machine, hw: Target, form: str, dst: ConcreteTile, src: ConcreteTile, ir: int, ic: int) -> None:
    d = dst.spec
    if hw.name == "a2a3":
        acc_static_window(m, dst, src, ir, ic)
    mode = str(m.template_args.get("mode", "SingleModeVec0"))
    relu_asked = m.template_args.get("reluMode") == "NormalRelu"
    relu = relu_asked
    if hw.name == "a5" and form == "relu" and d.loc == "Vec":
        relu = False
        if relu_asked:
            m.fault("ignored-option", "NormalRelu requested for an L0C -> UB copy that is issued with NoRelu")
    c0 = 32 // element_size(d)
    if hw.name == "a5" and d.fractal == 1024 and not (lay(dst) == NZ and d.dtype == "float"):
        c0 = 64 // element_size(d)
    if mode.startswith("Dual"):
        if mode == "DualModeSplitN" and d.dtype in ("float", "int32_t") and src.valid_col % 32:
            m.fault("split-misaligned", f"DualModeSplitN of {src.valid_col} columns of {d.dtype}: not a multiple "
                                        f"of 32, the two vector halves are ragged")
        rows, cols = src.valid_row, -(-src.valid_col // c0) * c0
        window = m.window(src, ir, ic, rows, cols)
        r, c = min(rows, d.rows), min(cols, d.cols)
        m.window(dst, 0, 0, r, c, write=True)[:] = convert(window[:r, :c], src.spec.dtype, d.dtype)
        return
    copy(m, dst, src, ir, ic, dst.valid_row, -(-dst.valid_col // c0) * c0, relu=relu)


def convert(values: np.ndarray, src_type: str, dst_type: str) -> np.ndarray:
    """Element values converted the way the copy does (bit copy for equal types)."""
    if src_type == dst_type:
        return values.copy()
    if src_type == "float" and dst_type == "bfloat16_t":
        return (np.ascontiguousarray(values, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)
    target = {"half": np.float16, "float": np.float32, "int8_t": np.int8, "uint8_t": np.uint8,
              "int16_t": np.int16, "int32_t": np.int32}.get(dst_type)
    if target is None:
        return np.zeros(values.shape, dtype=np.uint8 if dst_type in LOW_FLOATS else np.uint16)
    with np.errstate(all="ignore"):
        if np.dtype(target).kind == "f":
            return values.astype(target)  # IEEE rounding, overflow to inf
        v = np.nan_to_num(values.astype(np.float64), nan=0.0, posinf=0.0, neginf=0.0)
        info = np.iinfo(target)
        return np.clip(np.rint(v), info.min, info.max).astype(target)  # saturating quantization

"""The cube unit on concrete tiles: TMATMUL, TMATMUL_ACC, TMATMUL_BIAS, TGEMV, TGEMV_ACC, TGEMV_BIAS.

Written from the two targets' implementations (a2a3/TMatmul.hpp, a5/TMatmul.hpp), independently of the rules:
- what compiles: the (acc, left, right) element types each target's mad accepts, the operand buffers
  (L0A / L0B / L0C), the fractal layouts A5 insists on, a single-row bias tile of the accumulator's type;
- what runs: m, k, n are taken from the operands' valid regions (left rows/cols and right cols; GEMV: 1,
  right rows, right cols) and nothing else is compared; the product is really computed from the tiles'
  storage, so k rows of the right tile are read and an m x n block of the result tile is written, whatever
  their shapes; m, k and n outside [1, 4095] break the implementation's PTO_ASSERT. The 4-tile accumulate forms accumulate into cOutMatrix's own contents (cInMatrix is unused).
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op

_F8 = ("float8_e4m3_t", "float8_e5m2_t")
#: target -> accumulator type -> accepted (left, right) types
_MAD_TYPES: dict[str, dict[str, set[tuple[str, str]]]] = {
    "a2a3": {"int32_t": {("int8_t", "int8_t")},
             "float": {("half", "half"), ("float", "float"), ("bfloat16_t", "bfloat16_t")}},
    "a5": {"int32_t": {("int8_t", "int8_t")},
           "float": {("half", "half"), ("bfloat16_t", "bfloat16_t"), ("float", "float"),
                     ("hifloat8_t", "hifloat8_t")} | {(x, y) for x in _F8 for y in _F8}},
}
#: Kirin 9030's TMatmul.hpp (ptolint/own_impls.py key "kirin9030"; Kirin X90 and Dev0000 compile it too)
_MAD_TYPES["kirin9030"] = {"half": {("half", "half")}, "int32_t": {("int8_t", "int8_t")}}
#: the Kirin builds of that file that assert the operand locations (its `#if`s; the Kirin Dev0000 build does not)
_KIRIN_LOC_CHECKED = ("kirin9030", "kirinx90")
#: the largest m, k or n either target's mad accepts (TMatmul.hpp MMAD_MAX_SUPPORT_LENGTH, a PTO_ASSERT)
_MMAD_MAX = 4095
#: A5 fractal of each cube buffer: TileType -> (BLayout, SLayout)
_A5_FRACTAL = {"Left": ("ColMajor", "RowMajor"), "Right": ("RowMajor", "ColMajor"), "Acc": ("ColMajor", "RowMajor")}


def _values(m: Machine, t: ConcreteTile, rows: int, cols: int) -> np.ndarray:
    """The top-left rows x cols of a tile as float64 (raw integers for types numpy has no float for)."""
    w = np.array(m.window(t, 0, 0, rows, cols))
    if t.spec.dtype == "bfloat16_t":
        return (w.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return w.astype(np.float64)


def _operands(m: Machine) -> tuple[ConcreteTile, ConcreteTile | None, ConcreteTile, ConcreteTile, ConcreteTile | None]:
    c = m.tile("cOutMatrix") or m.tile("cMatrix")
    a, b = m.tile("aMatrix"), m.tile("bMatrix")
    if c is None or a is None or b is None:
        raise m.trap("unsupported-path", f"{m.site.builtin} needs result, left and right tiles")
    return c, m.tile("cInMatrix"), a, b, m.tile("biasData")


@op("TMATMUL", "TMATMUL_ACC", "TMATMUL_BIAS", "TGEMV", "TGEMV_ACC", "TGEMV_BIAS", own=("kirin9030",))
def matmul(m: Machine) -> None:
    name = m.site.builtin
    gemv = name.startswith("TGEMV")
    accumulate = name.endswith("_ACC")
    c, cin, a, b, bias = _operands(m)
    kirin = m.impl == "kirin9030"
    a5 = m.impl == "a5" or (kirin and m.target == "kirin9030")  # the A5 fractals: Kirin 9030's build asserts them
    locations = not kirin or m.target in _KIRIN_LOC_CHECKED

    # --- what the target's static_asserts reject
    errors: list[tuple[str, str]] = []
    ok_pairs = _MAD_TYPES[m.impl].get(c.dtype, set())
    if (a.dtype, b.dtype) not in ok_pairs:
        errors.append(("unsupported-dtype", f"mad does not take {a.dtype} x {b.dtype} -> {c.dtype} on {m.impl}"))
    for t, loc in ((a, "Left"), (b, "Right"), (c, "Acc")):
        if t.spec.loc != loc and locations:
            errors.append(("unsupported-path", f"{t.name} is in {t.spec.loc}, the cube unit needs {loc} there"))
        elif a5 and (t.spec.blayout, t.spec.slayout) != _A5_FRACTAL[loc]:
            errors.append(("unsupported-layout", f"{t.name} {t.spec.blayout}/{t.spec.slayout} is not the A5 {loc} "
                           "fractal"))
    if bias is not None:
        if bias.dtype != c.dtype and not (kirin and not gemv and m.target != "kirin9030"):
            errors.append(("dtype-mismatch", f"bias {bias.dtype} vs accumulator {c.dtype}"))
        if bias.spec.loc != "Bias" or bias.spec.rows != 1:
            errors.append(("unsupported-layout", f"bias is a {bias.spec.rows}-row {bias.spec.loc} tile"))
        elif (a5 or kirin) and not gemv and bias.spec.blayout != "RowMajor":
            errors.append(("unsupported-layout", f"{m.target} TMATMUL_BIAS needs a row-major bias"))
    if errors:
        for kind, detail in errors:
            m.fault(kind, detail)
        raise m.trap(errors[0][0], f"{name} does not compile")

    # --- the accumulate form's input is never read
    if cin is not None:
        out_arg, in_arg = m.site.arg("cOutMatrix"), m.site.arg("cInMatrix")
        if getattr(out_arg, "name", None) != getattr(in_arg, "name", None):
            m.fault("ignored-option", f"{name}: cInMatrix {getattr(in_arg, 'name', '?')} is not read; the product "
                    f"is accumulated into {getattr(out_arg, 'name', '?')}")

    # --- dimensions as the target takes them
    if gemv:
        mm, k, n = 1, b.valid_row, b.valid_col
    else:
        mm, k, n = a.valid_row, a.valid_col, b.valid_col
    if a.valid_col != b.valid_row:
        m.fault("valid-region", f"K: left has {a.valid_col} valid columns, right has {b.valid_row} valid rows; "
                f"{k} rows of the right tile are used")
    outside = [f"{label} = {v}" for label, v in (("m", mm), ("k", k), ("n", n)) if not 1 <= v <= _MMAD_MAX]
    if outside:
        m.fault("valid-region", f"{', '.join(outside)}: the mad's extents must lie in [1, {_MMAD_MAX}] (a debug "
                "build's assertion traps)")
    if mm <= 0 or k <= 0 or n <= 0:
        m.fault("no-op", f"m, k, n = {mm}, {k}, {n}: nothing to multiply")
        return
    if mm > c.spec.rows or n > c.spec.cols:
        m.fault("out-of-bounds", f"the {mm}x{n} result is written from {c.name}'s address, past its "
                f"{c.spec.rows}x{c.spec.cols} storage")
    if k > b.spec.rows or n > b.spec.cols:
        m.fault("out-of-bounds", f"{k}x{n} of the right operand are read, past {b.name}'s {b.spec.rows}x{b.spec.cols} "
                "storage")
    left = _values(m, a, mm, k)
    right = _values(m, b, k, n)
    with np.errstate(all="ignore"):  # stale storage may hold NaN / inf bit patterns
        prod = left @ right
        if bias is not None:
            prod = prod + _values(m, bias, 1, n)
        out = m.window(c, 0, 0, mm, n, write=True)
        if accumulate:
            prod = prod + out.astype(np.float64)
        if c.dtype == "int32_t":
            out[:, :] = np.nan_to_num(prod).astype(np.int64).astype(np.int32)
        else:
            out[:, :] = prod.astype(np.float32)

"""What a Tile type needs to be laid out in an on-chip buffer (the Tile class's own requirements)."""

from __future__ import annotations

from ptolint.executor.memory import element_size
from ptolint.ir import DYNAMIC, TileSpec


def tile_layout_faults(spec: TileSpec) -> list[str]:
    """Why a Tile type cannot be laid out in memory (the Tile class's own requirements)."""
    out: list[str] = []
    size = element_size(spec)
    if spec.rows <= 0 or spec.cols <= 0:
        out.append(f"shape {spec.rows}x{spec.cols} is not positive")
        return out
    if spec.valid_row != DYNAMIC and not 0 <= spec.valid_row <= spec.rows:
        out.append(f"ValidRow {spec.valid_row} outside 0..{spec.rows}")
    if spec.valid_col != DYNAMIC and not 0 <= spec.valid_col <= spec.cols:
        out.append(f"ValidCol {spec.valid_col} outside 0..{spec.cols}")
    if spec.fractal not in (512, 1024, 32):
        out.append(f"SFractalSize {spec.fractal} is not 32, 512 or 1024")
    if size > 0 and spec.slayout == "NoneBox":
        if spec.is_row_major and (spec.cols * size) % 32:
            out.append(f"a row of {spec.cols} x {size} bytes is not a multiple of 32 bytes")
        if not spec.is_row_major and (spec.rows * size) % 32:
            out.append(f"a column of {spec.rows} x {size} bytes is not a multiple of 32 bytes")
    elif size > 0 and spec.fractal in (512, 1024, 32):
        # a box holds `fractal` bytes: 16 rows x (fractal/16) bytes per row for 512/1024, 1 x 32 for 32
        box_r = 16 if spec.fractal != 32 else 1
        box_c_bytes = spec.fractal // box_r
        if spec.slayout == "RowMajor" or spec.fractal == 32:
            inner_r, inner_c = box_r, max(1, box_c_bytes // size)
        else:
            inner_r, inner_c = max(1, box_c_bytes // size), box_r
        if spec.rows % inner_r or spec.cols % inner_c:
            out.append(f"{spec.rows}x{spec.cols} is not a whole number of {inner_r}x{inner_c} boxes")
    return out

"""What a Tile type needs to be laid out in an on-chip buffer (the Tile class's own requirements).

An independent model of the Tile class template (pto_tile.hpp): the storage box ("inner box") a tile is
made of, and the static conditions its type must meet. Used by `machine.replay_call` to record "invalid-tile".
"""

from __future__ import annotations

from ptolint.executor.memory import element_size
from ptolint.ir import DYNAMIC, TileSpec

#: the fractal (box) sizes a tile may use, in bytes: L0A/L0B boxes, L0C boxes, MX scale boxes
LEGAL_FRACTALS = (512, 1024, 32)


def inner_box(spec: TileSpec) -> tuple[int, int] | None:
    """(rows, cols) of one storage box of this tile type, None when it has none (illegal fractal size)."""
    if spec.fractal == 1024:
        return (16, 16)  # L0C box, whatever the SLayout (NoneBox included)
    if spec.fractal == 32:
        return (16, 2) if spec.slayout == "RowMajor" else (2, 16)
    if spec.fractal == 512:
        if spec.slayout == "NoneBox":
            return (1, 1)
        size = element_size(spec)
        if size <= 0:
            return None
        per_block = 32 // size  # elements of one 32-byte block
        return (16, per_block) if spec.slayout == "RowMajor" else (per_block, 16)
    return None


def tile_layout_faults(spec: TileSpec) -> list[str]:
    """Why a Tile type cannot be laid out in memory (the Tile class's own requirements)."""
    out: list[str] = []
    size = element_size(spec)
    if spec.rows <= 0 or spec.cols <= 0:
        out.append(f"shape {spec.rows}x{spec.cols} is not positive")
        return out
    if spec.valid_row != DYNAMIC and spec.valid_row > spec.rows:
        out.append(f"ValidRow {spec.valid_row} exceeds Rows {spec.rows}")
    if spec.valid_col != DYNAMIC and spec.valid_col > spec.cols:
        out.append(f"ValidCol {spec.valid_col} exceeds Cols {spec.cols}")
    if spec.fractal not in LEGAL_FRACTALS:
        out.append(f"SFractalSize {spec.fractal} is not 512, 1024 or 32")
        return out
    if size > 0 and spec.slayout == "NoneBox":
        line, what = (spec.cols, "row") if spec.is_row_major else (spec.rows, "column")
        if (line * size) % 32:
            out.append(f"a {what} of {line} x {size} bytes is not a multiple of 32 bytes")
    box = inner_box(spec)
    if box is not None:
        box_r, box_c = box
        if spec.cols % box_c:
            out.append(f"{spec.cols} columns are not a whole number of {box_r}x{box_c} boxes")
        rows_exempt = spec.loc == "Vec" or spec.fractal == 32 or spec.rows == 1
        if not rows_exempt and spec.rows % box_r:
            out.append(f"{spec.rows} rows are not a whole number of {box_r}x{box_c} boxes")
    return out

"""Replay a kernel-level check: several calls in program order on one memory, tiles at their TASSIGN addresses.

A kernel-level site (CallSite.steps) names the calls involved and, as its operands, the tile whose contents
must survive (`live`, as the last call reads it) and the tile written in between (`clobber`). The calls run
with the instructions' own semantics (the ops modules) on a shared copy of the target's buffers, where tiles
placed at overlapping addresses share bytes as on the chip. The fault is observed, not predicted: the first
call must change the live tile's valid region (it defines the data), the second must change it again (it
destroys the data before the last call reads it; the region is repainted with random bytes in between, so a
write of the very values the first call wrote still shows).
"""

from __future__ import annotations

import numpy as np

from ptolint.evaluate import EvalError, evaluate
from ptolint.executor.machine import Machine, Outcome, _load_ops, bind, run, unreachable
from ptolint.executor.memory import LayoutError, Memory
from ptolint.ir import CallSite, TileOperand


def replay_sequence(site: CallSite, inputs: dict[str, int | float], seed: int = 0) -> Outcome:
    _load_ops()
    out = Outcome()
    out.refused = unreachable(site, inputs)
    if out.refused:
        return out
    live = site.arg("live")
    if not isinstance(live, TileOperand) or live.addr is None or len(site.steps) < 3:
        out.refused = "no placed tile to watch"
        return out
    memory = Memory(site.target)
    rng = np.random.default_rng(seed)
    try:
        addr = int(evaluate(live.addr, inputs))
        rows, cols = int(evaluate(live.valid_row, inputs)), int(evaluate(live.valid_col, inputs))
        watched = memory.place(live.spec, rng, addr)
    except (EvalError, LayoutError) as exc:
        out.refused = f"the live tile cannot be placed: {exc}"
        return out
    out.values.update({"live.addr": addr, "live.validRow": rows, "live.validCol": cols})
    if rows <= 0 or cols <= 0:
        out.refused = f"{live.name}'s valid region {rows}x{cols} is empty: it holds no data"
        return out

    def contents() -> np.ndarray:
        region = np.ascontiguousarray(watched.elements()[:rows, :cols])
        return region.view(np.uint8).reshape(region.shape[0], region.shape[1], -1).copy()

    def repaint() -> None:
        """Fresh random bytes in the live region: what the second call writes there then shows, even when it
        happens to write the values the first call wrote (both filling a tile with 1.0, say)."""
        region = watched.elements()[:rows, :cols]
        raw = rng.integers(0, 256, (*region.shape, region.dtype.itemsize), dtype=np.uint8)
        region[...] = raw.view(region.dtype).reshape(region.shape)

    define, overwrite, reader = site.steps[0], site.steps[1], site.steps[-1]
    snapshots = [contents()]
    m = None
    for i, step in enumerate((define, overwrite)):
        m = Machine(step, site.target, seed + i + 1)
        m.memory = memory
        sub = Outcome()
        if not bind(m, inputs, sub, placed=True):
            out.refused = f"line {step.line}: {sub.refused}"
            return out
        run(m, sub)
        if sub.refused:
            out.refused = f"line {step.line}: {sub.refused}"
            return out
        snapshots.append(contents())
        if i == 0:
            repaint()
            snapshots.append(contents())
        if i == 1:
            clobber = site.arg("clobber")
            if isinstance(clobber, TileOperand) and clobber.addr is not None:
                out.values["clobber.addr"] = int(evaluate(clobber.addr, inputs))
    before, defined, painted, after = snapshots
    if not (defined != before).any():
        out.refused = f"line {define.line} does not change {live.name}'s valid region"
        return out
    changed = int((after != painted).any(axis=2).sum())
    assert m is not None  # the overwriting call's machine: its faults are the site's
    if changed:
        m.fault("live-overlap", f"{changed} of the {rows * cols} elements of {live.name} written at line "
                f"{define.line} are overwritten by {overwrite.builtin} at line {overwrite.line} before "
                f"{reader.builtin} at line {reader.line} reads them")
    out.faults = m.faults
    return out

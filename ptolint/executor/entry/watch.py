"""What a run watches for: a builtin call instance (location + instantiation chain) and the fault expected
there, or a kernel-level sequence (define, overwrite, read of a live tile)."""

from __future__ import annotations

import numpy as np

from ptolint.executor.entry.errors import Settled
from ptolint.executor.entry.objects import TileObj
from ptolint.executor.entry.state import Observation, Run, Stop, real
from ptolint.ir import TileOperand


def chain_matches(run: Run, stop: Stop) -> bool:
    if len(run.chain) != len(stop.chain):
        return False
    for (fa, pa, la, ca), (fb, pb, lb, cb) in zip(run.chain, stop.chain, strict=True):
        if la != lb or ca != cb or fa != fb or real(pa) != pb:
            return False
    return True


def call_matches(run: Run, info, stop: Stop) -> bool:
    return info.name == stop.builtin and info.key == (stop.line, stop.column) and real(info.file) == stop.file \
        and chain_matches(run, stop)


class Watch:
    """One builtin call instance: counts its reaches; confirmed when it faults with the expected kind there."""

    def __init__(self, stop: Stop, fault: str | None, settle: bool = True):
        self.stop = stop
        self.fault = fault
        self.settle_on_confirm = settle
        self.reached = 0
        self.kinds: set[str] = set()
        self.confirmed = False
        self.observation: Observation | None = None  # the confirming reach, else the last one
        self.executor_refusals: list[str] = []

    def keys(self) -> list[tuple[int, int]]:
        return [(self.stop.line, self.stop.column)]

    def matches(self, run: Run, info) -> bool:
        return call_matches(run, info, self.stop)

    def before(self, run: Run, info, tiles: dict[str, TileObj]) -> None:
        return None

    def after(self, run: Run, info, tiles, m, out, values) -> None:
        self.reached += 1
        kinds = {f.kind for f in out.faults}
        self.kinds |= kinds
        if out.refused:
            self.executor_refusals.append(out.refused)
        if self.confirmed:
            return
        obs = Observation(list(out.faults), dict(values), run.loop_snapshot(), self.reached)
        self.observation = obs
        if self.fault is not None and self.fault in kinds:
            self.confirmed = True

    def settle(self, run: Run) -> None:
        if self.confirmed and self.settle_on_confirm and all(w.confirmed for w in run.watch_list):
            raise Settled()

    def why_not(self, run_refused: str | None, entry: str, steps: int, finished: bool) -> str:
        """Why the run did not confirm the expected fault."""
        seen = ", ".join(sorted(self.kinds)) or "no fault"
        if run_refused:
            before = f" (the call was reached {self.reached} time(s) before, observed: {seen})" if self.reached else ""
            return f"{run_refused}{before}"
        if not self.reached:
            how = "returned" if finished else "stopped"
            return f"the run from {entry} does not reach the call (the kernel {how} after {steps:,} steps)"
        extra = f"; the executor refused: {self.executor_refusals[-1]}" if self.executor_refusals else ""
        return f"reached {self.reached} time(s), no {self.fault} fault (observed: {seen}){extra}"


class SequenceWatch(Watch):
    """A kernel-level check (PTO904): the live tile written at steps[0], overwritten at steps[1] before it is
    read at steps[2]. When the run executes the define step it snapshots the live tile's valid region and
    repaints it with fresh random bytes; at the overwrite step a change of that region is the `live-overlap`
    fault; the read step must then be reached."""

    def __init__(self, steps: list[Stop], live: TileOperand, fault: str, settle: bool = True):
        super().__init__(steps[1], fault, settle)
        self.steps = steps
        self.live = live
        self.state = 0  # 0: waiting for the define, 1: live data defined, 2: overwritten (fault seen)
        self.watched = None  # (TileObj, buffer, rows, cols)
        self.before_define = None
        self.painted = None
        self.pending: Observation | None = None
        self.notes: list[str] = []

    def keys(self) -> list[tuple[int, int]]:
        return [(s.line, s.column) for s in self.steps]

    def _step(self, run: Run, info) -> int | None:
        for i, s in enumerate(self.steps):
            if call_matches(run, info, s):
                return i
        return None

    def matches(self, run: Run, info) -> bool:
        return self._step(run, info) is not None

    def _live_tile(self, tiles: dict[str, TileObj]) -> TileObj | None:
        live = self.live
        by_decl = [t for t in tiles.values() if t.spec == live.spec and t.decl[1] == live.decl_line
                   and (not live.decl_file or real(t.decl[0]) == real(live.decl_file))]
        if by_decl:
            return by_decl[0]
        placed = [t for t in tiles.values() if t.spec == live.spec and t.storage.addr is not None]
        return placed[0] if len(placed) == 1 else None

    @staticmethod
    def _contents(buf, rows: int, cols: int) -> np.ndarray:
        region = np.ascontiguousarray(buf.elements()[:rows, :cols])
        return region.view(np.uint8).reshape(region.shape[0], region.shape[1], -1).copy()

    def before(self, run: Run, info, tiles) -> None:
        step = self._step(run, info)
        if step == 0:
            t = self._live_tile(tiles)
            self.watched = None
            self.state = 0
            if t is None:
                self.notes.append(f"line {info.line}: the live tile is not among the operands")
                return
            buf = t.storage.buffer(t.spec, run)
            if buf is None:
                self.notes.append(f"line {info.line}: {t.name} has no storage ({t.storage.error})")
                return
            rows, cols = min(t.vr, t.spec.rows), min(t.vc, t.spec.cols)
            if rows <= 0 or cols <= 0:
                self.notes.append(f"{t.name}'s valid region {t.vr}x{t.vc} is empty: it holds no data")
                return
            self.watched = (t, buf, rows, cols)
            self.before_define = self._contents(buf, rows, cols)

    def after(self, run: Run, info, tiles, m, out, values) -> None:
        step = self._step(run, info)
        if out.refused:
            self.executor_refusals.append(out.refused)
        if step == 0 and self.watched is not None:
            t, buf, rows, cols = self.watched
            defined = self._contents(buf, rows, cols)
            if not (defined != self.before_define).any():
                self.notes.append(f"line {info.line} does not change {t.name}'s valid region")
                self.watched = None
                return
            region = buf.elements()[:rows, :cols]
            raw = run.rng.integers(0, 256, (*region.shape, region.dtype.itemsize), dtype=np.uint8)
            region[...] = raw.view(region.dtype).reshape(region.shape)
            self.painted = self._contents(buf, rows, cols)
            self.state = 1
        elif step == 1:
            self.reached += 1
            if self.state == 1 and self.watched is not None:
                t, buf, rows, cols = self.watched
                changed = int((self._contents(buf, rows, cols) != self.painted).any(axis=2).sum())
                if changed:
                    reader = self.steps[2]
                    m.fault("live-overlap", f"{changed} of the {rows * cols} elements of {t.name} written at line "
                            f"{self.steps[0].line} are overwritten by {info.name} at line {info.line} before "
                            f"{reader.builtin} at line {reader.line} reads them")
                    if out.faults is not m.faults:
                        out.faults = m.faults
                    self.kinds.add("live-overlap")
                    values = dict(values)
                    values["live.addr"] = t.storage.addr
                    self.pending = Observation(list(out.faults), values, run.loop_snapshot(), self.reached)
                    self.state = 2
                    return
            self.kinds |= {f.kind for f in out.faults}
            if not self.confirmed:
                self.observation = Observation(list(out.faults), dict(values), run.loop_snapshot(), self.reached)
        elif step == 2 and self.state == 2 and not self.confirmed:
            self.confirmed = True
            self.observation = self.pending

    def why_not(self, run_refused: str | None, entry: str, steps: int, finished: bool) -> str:
        base = super().why_not(run_refused, entry, steps, finished)
        if self.state == 2:
            base = f"the live tile was overwritten but the read at line {self.steps[2].line} was not reached"
        return base + (f" ({self.notes[-1]})" if self.notes else "")

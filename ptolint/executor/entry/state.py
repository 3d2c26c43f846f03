"""The state of one run: frames, loops, inputs read and values chosen, the shared memory, the step budget."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field

import numpy as np

from ptolint.executor.entry.errors import Refusal
from ptolint.executor.entry.objects import Cell, private_layout
from ptolint.executor.machine import Fault
from ptolint.executor.memory import LayoutError, Memory, TileBuffer
from ptolint.ir import TileSpec

#: statements (loop conditions and increments included) a run may execute before it is refused
DEFAULT_BUDGET = 2_000_000
#: nested user-function calls a run follows
MAX_DEPTH = 64
#: builtin calls a run keeps a record of for `ptolint replay` (the rest are counted)
MAX_CALL_RECORDS = 20_000

#: the kernel-side functions whose results are kernel inputs (named with their parentheses)
BLOCK_FUNCS = ("get_block_idx", "get_block_num", "get_subblockid", "get_subblockdim")
#: the builtin variables, as the function giving the same value
BLOCK_VARS = {"block_idx": "get_block_idx", "block_num": "get_block_num"}


class Frame:
    """One function activation: its variables (slot -> Cell), `this`, and the return value."""

    __slots__ = ("vars", "run", "ret", "this")

    def __init__(self, run: Run, this=None):
        self.vars: dict[int, Cell] = {}
        self.run = run
        self.ret = None
        self.this = this


class Loop:
    """A loop being executed: where it is, its variables (name, slot) and how many iterations have begun."""

    __slots__ = ("line", "names", "frame", "iteration")

    def __init__(self, line: int, names: tuple[tuple[str, int], ...], frame: Frame):
        self.line, self.names, self.frame, self.iteration = line, names, frame, 0


@functools.lru_cache(maxsize=4096)
def real(path: str) -> str:
    """The path with its links resolved (remembered: finding the entry compared every top-level declaration's file
    this way, and realpath's lstat calls were a tenth of checking an ST kernel)."""
    return os.path.realpath(os.path.abspath(path)) if path else path


@dataclass(frozen=True)
class Stop:
    """A builtin call instance: its location, builtin and instantiation chain ((function, file, line, column),
    the entry first). Files are compared as real paths."""

    file: str
    line: int
    column: int
    builtin: str
    chain: tuple[tuple[str, str, int, int], ...]

    @staticmethod
    def make(file: str, line: int, column: int, builtin: str, chain) -> Stop:
        return Stop(real(file), line, column, builtin,
                    tuple((fr.function, real(fr.file), fr.line, fr.column) for fr in chain))


@dataclass
class CallRecord:
    """One builtin call the run executed (for `ptolint replay`)."""

    builtin: str
    file: str
    line: int
    column: int
    chain: tuple[str, ...]
    values: dict[str, object]
    faults: list[Fault]
    refused: str | None
    loops: list[tuple[str, object, int, int]]


@dataclass
class Observation:
    """What the run saw at the stop call when it faulted there (or last reached it)."""

    faults: list[Fault] = field(default_factory=list)
    values: dict[str, object] = field(default_factory=dict)
    #: the enclosing loops at that moment: (variable, value, loop line, iteration number from 1), outermost first
    loops: list[tuple[str, object, int, int]] = field(default_factory=list)
    reach: int = 0  # which reach of the call this was (1 = the first)


@dataclass
class RunResult:
    entry: str
    target: str
    reached: int = 0
    confirmed: bool = False
    observation: Observation | None = None
    kinds_seen: set[str] = field(default_factory=set)  # fault kinds observed at the stop call over all reaches
    refused: str | None = None
    inputs: dict[str, object] = field(default_factory=dict)  # kernel inputs the run read from the witness
    chosen: dict[str, object] = field(default_factory=dict)  # values the run chose (not inputs)
    calls: list[CallRecord] = field(default_factory=list)
    calls_total: int = 0
    events: list[tuple[int, str, Fault]] = field(default_factory=list)  # faults at other calls: (line, builtin, fault)
    #: builtin calls the executor could not run (no semantics, an op failure): (line, builtin, why); the run goes on
    op_refusals: list[tuple[int, str, str]] = field(default_factory=list)
    steps: int = 0
    finished: bool = False  # the kernel returned
    #: (line, column) of every builtin call the run executed: a run that was not cut short by a watch tells which
    #: calls any run from the same entry with the same inputs can reach (ptolint.engine.Replayer)
    places: set[tuple[int, int]] = field(default_factory=set)

    @property
    def faults(self) -> list[Fault]:
        return self.observation.faults if self.observation else []

    @property
    def values(self) -> dict[str, object]:
        return self.observation.values if self.observation else {}


class Run:
    def __init__(self, target: str, inputs: dict[str, object], budget: int, seed: int = 0,
                 record_calls: bool = False):
        self.target = target
        self.inputs = dict(inputs)
        self.budget = budget
        self.steps = 0
        self.memory = Memory(target)
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self.chain: list[tuple[str, str, int, int]] = []
        self.loops: list[Loop] = []
        self.read: dict[str, object] = {}  # input name -> the value used (from the witness or chosen)
        self.used: dict[str, object] = {}  # names the witness gave
        self.chosen: dict[str, object] = {}
        self.fields: dict[tuple[str, tuple[str, ...]], tuple[str, object]] = {}  # input struct field -> (name, value)
        self.statics: dict[int, Cell] = {}  # static locals and mutable globals
        self.constants: dict[int, object] = {}  # const globals, evaluated once
        self.layouts: dict[object, TileBuffer] = {}
        self.record_calls = record_calls
        self.stop = None  # set by run.py: what to watch
        self.result: RunResult | None = None
        self.machine_seed = seed

    # ------------------------------------------------------------------ budget

    def over_budget(self) -> None:
        raise Refusal(f"step budget of {self.budget:,} statements exhausted (--replay-budget)")

    # ------------------------------------------------------------------ inputs

    def input(self, name: str, conv, default: object = 0, why: str = "") -> object:
        """The value of the kernel input `name`: the witness's, or a chosen one (recorded as such)."""
        if name in self.read:
            return self.read[name]
        if name in self.inputs:
            v = conv(self.inputs[name])
            self.used[name] = v
        else:
            v = conv(default)
            self.chosen[name] = v
        self.read[name] = v
        return v

    def choose(self, name: str, value: object) -> object:
        """A value that is not an input (read from global memory, an unfollowed call): chosen and recorded."""
        self.chosen.setdefault(name, value)
        return value

    def block(self, func: str, conv) -> object:
        name = f"{func}()"
        default: object = 0
        if func in ("get_block_num", "get_subblockdim"):
            idx = "get_block_idx()" if func == "get_block_num" else "get_subblockid()"
            known = self.inputs.get(idx, self.read.get(idx))
            default = max(1, int(known) + 1) if isinstance(known, (int, float)) else 1
        return self.input(name, conv, default)

    def field(self, root: str, path: tuple[str, ...], name: str, conv) -> object:
        """A scalar field of an input struct, named `name` (the member expression's text)."""
        key = (root, path)
        known = self.fields.get(key)
        if known is not None:
            other, v = known
            if name in self.inputs and other != name and conv(self.inputs[name]) != v:
                raise Refusal(f"the witness gives {name} = {self.inputs[name]} but the same field was read as "
                              f"{other} = {v}")
            return v
        v = self.input(name, conv)
        self.fields[key] = (name, v)
        return v

    # ------------------------------------------------------------------ tiles

    def layout(self, spec: TileSpec, key) -> TileBuffer:
        """Storage for a tile TASSIGN did not place: one per declaration (a tile declared in a loop body reuses
        it), laid out one after another in the shared buffers, or in a buffer of its own when they are full."""
        k = (key, spec)
        buf = self.layouts.get(k)
        if buf is None:
            try:
                buf = self.memory.place(spec, self.rng)
            except LayoutError:
                buf = private_layout(spec, self)
            self.layouts[k] = buf
        return buf

    def loop_snapshot(self) -> list[tuple[str, object, int, int]]:
        out = []
        for lp in self.loops:
            if not lp.names:
                out.append(("", None, lp.line, lp.iteration))
            for name, s in lp.names:
                cell = lp.frame.vars.get(s)
                out.append((name, cell.v if cell is not None else None, lp.line, lp.iteration))
        return out

"""Replay one call site under one witness: evaluate operands, lay out tiles, run the op, collect faults."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ptolint import impls, own_impls
from ptolint.evaluate import EvalError, evaluate
from ptolint.executor.layout import tile_layout_faults
from ptolint.executor.memory import LayoutError, Memory, TileBuffer
from ptolint.ir import CallSite, GlobalOperand, GlobalSpec, ScalarOperand, TileOperand, TileSpec
from ptolint.targets import BUFFERS


@dataclass(frozen=True)
class Fault:
    kind: str  # one of ptolint.ir.FAULT_KINDS
    detail: str


@dataclass
class Outcome:
    faults: list[Fault] = field(default_factory=list)
    refused: str | None = None  # why the witness could not be replayed (does not reach the call, ...)
    values: dict[str, int | float] = field(default_factory=dict)

    def kinds(self) -> set[str]:
        return {f.kind for f in self.faults}


class Trap(Exception):
    """The instruction cannot continue (the fault has been recorded)."""


@dataclass
class ConcreteTile:
    name: str
    spec: TileSpec
    valid_row: int
    valid_col: int
    buf: TileBuffer | None

    @property
    def dtype(self) -> str:
        return self.spec.dtype

    def data(self) -> np.ndarray:
        if self.buf is None:
            raise Trap(f"{self.name} has no storage")
        return self.buf.elements()


@dataclass
class ConcreteGlobal:
    """A GlobalTensor under the witness: its type and concrete five extents and strides (elements)."""

    name: str
    spec: GlobalSpec
    shape: tuple[int, ...]
    stride: tuple[int, ...]

    @property
    def dtype(self) -> str:
        return self.spec.dtype


class Machine:
    """The state an op sees: concrete tiles and scalars, the target, and a fault log."""

    def __init__(self, site: CallSite, target: str, seed: int = 0, memory: Memory | None = None,
                 rng: np.random.Generator | None = None):
        self.site = site
        self.target = target
        #: whose semantics the call has: the target ("a2a3" / "a5") whose very implementation file the builtin
        #: uses on `target` (ptolint.impls, the table the rules read too), else the key of the target's own file
        #: when it was read (ptolint/own_impls.py: only ops that list it in `own_impls` run it), else `target`
        #: itself. The ops dispatch on it; buffers and availability are the real target's
        self.impl = own_impls.impl_key(site.builtin, target, tuple(t.spec.dtype for _, t in site.tiles()))
        self.memory = memory if memory is not None else Memory(target)  # the entry replay shares one
        self.rng = rng if rng is not None else np.random.default_rng(seed)
        self.tiles: dict[str, ConcreteTile] = {}
        self.scalars: dict[str, int | float] = {}
        self.globals: dict[str, ConcreteGlobal] = {}
        self.faults: list[Fault] = []
        self.template_args = dict(site.template_args)

    def fault(self, kind: str, detail: str) -> None:
        self.faults.append(Fault(kind, detail))

    def trap(self, kind: str, detail: str) -> Trap:
        self.fault(kind, detail)
        return Trap(detail)

    def tile(self, name: str) -> ConcreteTile | None:
        return self.tiles.get(name)

    def scalar(self, name: str) -> int | float | None:
        return self.scalars.get(name)

    def global_tensor(self, name: str) -> ConcreteGlobal | None:
        return self.globals.get(name)

    def read(self, t: ConcreteTile, r: int, c: int):
        """One element of `t`, faulting (out-of-bounds) outside its storage."""
        if not (0 <= r < t.spec.rows and 0 <= c < t.spec.cols):
            raise self.trap("out-of-bounds", f"read of {t.name}[{r}][{c}] outside its {t.spec.rows}x{t.spec.cols} storage")
        return t.data()[r, c]

    def write(self, t: ConcreteTile, r: int, c: int, v) -> None:
        if not (0 <= r < t.spec.rows and 0 <= c < t.spec.cols):
            raise self.trap("out-of-bounds", f"write of {t.name}[{r}][{c}] outside its {t.spec.rows}x{t.spec.cols} storage")
        t.data()[r, c] = v

    def window(self, t: ConcreteTile, r0: int, c0: int, rows: int, cols: int, write: bool = False) -> np.ndarray:
        """A rows x cols window of `t` at (r0, c0), faulting when it leaves the storage."""
        if rows < 0 or cols < 0 or r0 < 0 or c0 < 0 or r0 + rows > t.spec.rows or c0 + cols > t.spec.cols:
            what = "write" if write else "read"
            raise self.trap("out-of-bounds", f"{what} of {t.name}[{r0}:{r0 + rows}][{c0}:{c0 + cols}] outside "
                            f"its {t.spec.rows}x{t.spec.cols} storage")
        return t.data()[r0:r0 + rows, c0:c0 + cols]


Op = Callable[[Machine], None]
OPS: dict[str, Op] = {}


def op(*names: str, own: tuple[str, ...] = ()) -> Callable[[Op], Op]:
    """Register the semantics of one or more builtins; `own`: the newer targets' own files (ptolint/own_impls.py
    keys) the semantics also cover (its tables have entries for them)."""

    def register(fn: Op) -> Op:
        for n in names:
            OPS[n] = fn
        if own:
            fn.own_impls = own  # type: ignore[attr-defined]
        return fn

    return register


_LOADED: list[bool] = []


def _load_ops() -> None:
    """Import every ops module once (each registers its builtins)."""
    if _LOADED:
        return
    import ptolint.executor.ops as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"ptolint.executor.ops.{mod.name}")
    _LOADED.append(True)


def replay_call(site: CallSite, inputs: dict[str, int | float], seed: int = 0) -> Outcome:
    """Run one call `site` on its target with the witness `inputs`; report what the machine observed."""
    _load_ops()
    out = Outcome()
    out.refused = unreachable(site, inputs)
    if out.refused:
        return out
    m = Machine(site, site.target, seed)
    if not bind(m, inputs, out):
        return out
    run(m, out)
    return out


def unreachable(site: CallSite, inputs: dict[str, int | float]) -> str | None:
    """Why the witness does not reach the call, or None when it does."""
    for cond in site.path + site.assumptions:
        try:
            ok = evaluate(cond, inputs)
        except EvalError as exc:
            return f"path condition cannot be evaluated: {exc}"
        if not ok:
            return "the witness does not reach the call (a path condition is false)"
    return None


def bind(m: Machine, inputs: dict[str, int | float], out: Outcome, placed: bool = False) -> bool:
    """Evaluate the site's operands into `m` (tiles laid out in its memory; with `placed`, tiles TASSIGN put
    somewhere go to that address). False, with `out.refused` set, when an operand cannot be evaluated."""
    site = m.site
    for name, arg in zip(site.params, site.args, strict=False):
        try:
            if isinstance(arg, ScalarOperand):
                m.scalars[name] = evaluate(arg.expr, inputs)
                out.values[name] = m.scalars[name]
            elif isinstance(arg, GlobalOperand):
                shape = tuple(int(evaluate(d, inputs)) for d in arg.shape)
                stride = tuple(int(evaluate(d, inputs)) for d in arg.stride)
                for i, d in enumerate(shape):
                    out.values[f"{name}.shape{i}"] = d
                m.globals[name] = ConcreteGlobal(name, arg.spec, shape, stride)
            elif isinstance(arg, TileOperand):
                vr, vc = int(evaluate(arg.valid_row, inputs)), int(evaluate(arg.valid_col, inputs))
                out.values[f"{name}.validRow"], out.values[f"{name}.validCol"] = vr, vc
                at = int(evaluate(arg.addr, inputs)) if placed and arg.addr is not None else None
                bind_tile(m, name, arg.spec, vr, vc, lambda spec=arg.spec, at=at: m.memory.place(spec, m.rng, at))
        except EvalError as exc:
            out.refused = f"operand {name} cannot be evaluated: {exc}"
            return False
    return True


_LAYOUT_PROBLEMS: dict[TileSpec, tuple[str, ...]] = {}


def bind_tile(m: Machine, name: str, spec: TileSpec, vr: int, vc: int,
              place: Callable[[], TileBuffer | None]) -> ConcreteTile:
    """Bind tile operand `name` into `m` with the checks every call makes on its tiles: the Tile type's own
    layout requirements (invalid-tile), storage that cannot be laid out (`place` raises LayoutError:
    invalid-tile), and a run-time valid region outside the storage (valid-region). Used by `bind` (one call
    replayed on its own) and by the entry replay (ptolint.executor.entry)."""
    problems = _LAYOUT_PROBLEMS.get(spec)
    if problems is None:
        problems = _LAYOUT_PROBLEMS[spec] = tuple(tile_layout_faults(spec))
    for p in problems:
        m.fault("invalid-tile", f"{name}: {p}")
    buf = None
    try:
        buf = place()
    except LayoutError as exc:
        if not problems:
            m.fault("invalid-tile", f"{name}: {exc}")
    if vr < 0 or vc < 0 or (vr > 0 and vc > 0 and (vr > spec.rows or vc > spec.cols)):
        m.fault("valid-region", f"{name}: run-time valid region {vr}x{vc} outside its {spec.rows}x{spec.cols} storage")
    tile = m.tiles[name] = ConcreteTile(name, spec, vr, vc, buf)
    return tile


#: copies that read or write an accumulator (TSTORE: to global memory): on a target without an L0C (Kirin Dev0000:
#: buffer_limits.hpp sizes it at 0 bytes, ptolint.targets.BUFFERS has no Acc entry) there is nothing to move; the op
#: is not run (the other buffers a target lacks are left to the ops: their calls are bound, then refused or run)
_COPIES = frozenset({"TMOV", "TMOV_FP", "TEXTRACT", "TEXTRACT_FP", "TINSERT", "TINSERT_FP", "TSTORE", "TSTORE_FP"})
_STORES = frozenset({"TSTORE", "TSTORE_FP"})


def missing_buffer(m: Machine) -> str | None:
    """Why the site's copy cannot run on m.target because one of its tiles is an accumulator and the target has no
    L0C (ptolint.targets.BUFFERS, the executor's memory model), or None."""
    if m.site.builtin not in _COPIES:
        return None
    lacking = [(n, t.spec.loc) for n, t in m.site.tiles() if t.spec.loc == "Acc" and "Acc" not in BUFFERS[m.target]]
    if not lacking:
        return None
    n, loc = lacking[0]
    return f"{m.site.builtin}: {n} is a {loc} tile and {m.target} has no {loc} buffer (0 bytes): nothing to copy"


def run(m: Machine, out: Outcome) -> None:
    """Run the site's instruction on the bound machine; its faults go to `out`."""
    why = missing_buffer(m)
    if why is not None:
        m.fault("unsupported-path", why)
        if m.site.builtin not in _STORES:  # the store compiles (its static checks stand) and faults at run time
            out.faults = m.faults
            return
    fn = OPS.get(m.site.builtin)
    if fn is None:
        out.refused = f"no semantics for {m.site.builtin}"
        out.faults = m.faults
        return
    dtypes = tuple(t.spec.dtype for _, t in m.site.tiles())
    read = own_impls.own(m.site.builtin, m.target, dtypes) is not None  # not just the target's name as the key
    apart = own_impls.apart(m.site.builtin, m.target, dtypes)  # a left-out type the op restates (impl: the target)
    restated = getattr(fn, "own_impls", ())
    if (m.impl not in impls.FAMILY_TARGETS and not getattr(fn, "availability_gate", False)
            and not (read and m.impl in restated) and not (apart and all(k in restated for k in apart))):
        # the target implements the builtin in its own files: no semantics here; what binding the operands
        # observed (the Tile invariants, the placement) stands
        out.faults = m.faults
        if not m.faults:
            out.refused = f"no semantics for {m.site.builtin} as {m.target} implements it (ptolint/impls.py)"
        return
    try:
        with np.errstate(all="ignore"):  # overflow and NaN are part of the semantics being replayed, not news
            fn(m)
    except Trap:
        pass
    except (ArithmeticError, ValueError, LookupError, TypeError) as exc:
        out.refused = f"the executor failed on this witness: {exc!r}"
    out.faults = m.faults

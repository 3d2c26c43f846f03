"""Shared by the executor unit tests: a machine with a call site's operands evaluated and laid out, as
`replay` does before it runs the op (the tests then call the op directly and look at the faults)."""

from __future__ import annotations

from ptolint.evaluate import evaluate
from ptolint.executor.machine import OPS, ConcreteGlobal, ConcreteTile, Machine, _load_ops
from ptolint.ir import DYNAMIC, CallSite, Const, GlobalOperand, ScalarOperand, TileOperand, TileSpec

SIZES = {"float": 4, "half": 2, "uint32_t": 4, "int32_t": 4, "uint16_t": 2, "int16_t": 2, "int8_t": 1,
         "int64_t": 8}


def vec_spec(dtype: str, rows: int, cols: int, loc: str = "Vec", blayout: str = "RowMajor") -> TileSpec:
    """A tile type with DYNAMIC valid region (the operand carries the run-time one)."""
    return TileSpec(loc, dtype, rows, cols, blayout=blayout, valid_row=DYNAMIC, valid_col=DYNAMIC,
                    elem_size=SIZES[dtype])


def const_tile(s: TileSpec, name: str, vr: int | None = None, vc: int | None = None) -> TileOperand:
    return TileOperand(s, Const(s.rows if vr is None else vr), Const(s.cols if vc is None else vc), name)


def named_site(builtin: str, ops: list[tuple[str, object]], target: str = "a2a3", targs=None) -> CallSite:
    """A call site from (parameter name, operand) pairs."""
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, [n for n, _ in ops], [a for _, a in ops],
                    dict(targs or {}), path=[])


def run_op(m: Machine) -> set[str]:
    """Run the site's op on `m` directly; the fault kinds it recorded (a Trap just ends the op)."""
    try:
        OPS[m.site.builtin](m)
    except Exception as exc:  # noqa: BLE001 - a Trap ends the op; the faults are what matter
        if type(exc).__name__ != "Trap":
            raise
    return {f.kind for f in m.faults}


def machine(site: CallSite, inputs: dict | None = None) -> Machine:
    _load_ops()
    env = inputs or {}
    m = Machine(site, site.target)
    for name, arg in zip(site.params, site.args, strict=True):
        if isinstance(arg, ScalarOperand):
            m.scalars[name] = evaluate(arg.expr, env)
        elif isinstance(arg, TileOperand):
            m.tiles[name] = ConcreteTile(name, arg.spec, int(evaluate(arg.valid_row, env)),
                                         int(evaluate(arg.valid_col, env)), m.memory.place(arg.spec, m.rng))
        elif isinstance(arg, GlobalOperand):
            m.globals[name] = ConcreteGlobal(name, arg.spec, tuple(int(evaluate(d, env)) for d in arg.shape),
                                             tuple(int(evaluate(d, env)) for d in arg.stride))
    return m

"""Shared by the executor unit tests: a machine with a call site's operands evaluated and laid out, as
`replay` does before it runs the op (the tests then call the op directly and look at the faults)."""

from __future__ import annotations

from ptolint.evaluate import evaluate
from ptolint.executor.machine import ConcreteGlobal, ConcreteTile, Machine, _load_ops
from ptolint.ir import CallSite, GlobalOperand, ScalarOperand, TileOperand


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

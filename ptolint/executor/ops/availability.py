"""Builtin availability: a call the target cannot execute because it has no such builtin (or no such form).

The executor's own list, written from the target headers (include/pto/npu/a2a3, include/pto/npu/a5, and
which `*_IMPL` each defines for the wrappers of include/pto/common/pto_instr.hpp):
- TADDC / TSUBC / TADDSC / TSUBSC: no `_IMPL` on either NPU target (CPU simulator only);
- TGET_SCALE_ADDR, TGEMV_MX, TMATMUL_MX, TRANDOM, THISTOGRAM, TINTERLEAVE, TDEINTERLEAVE: A5 only;
- GridPipe TPUSH / TPOP (a `Direction` or `Span` template argument): A2/A3 only;
- TQUANT with a `store_mode` template argument (the exp_zz NZ-store form): no A5 implementation.

Availability must be decided before any semantics run, whichever module registers a builtin's semantics.
This module therefore imports its sibling op modules first and then puts a gate in front of every builtin
it lists: the gate traps with `unavailable` on a target that lacks the call, and otherwise runs the
builtin's own semantics (if some module defines them).
"""

from __future__ import annotations

import importlib
import pkgutil

from ptolint.executor.machine import OPS, Machine, Op

_NOWHERE = frozenset()
_BOTH = frozenset({"a2a3", "a5"})
_A5 = frozenset({"a5"})
_A2A3 = frozenset({"a2a3"})

#: builtin -> targets whose headers implement it (every form)
_IMPLEMENTED_ON = {
    "TADDC": _NOWHERE,
    "TSUBC": _NOWHERE,
    "TADDSC": _NOWHERE,
    "TSUBSC": _NOWHERE,
    "TGET_SCALE_ADDR": _A5,
    "TGEMV_MX": _A5,
    "TMATMUL_MX": _A5,
    "TRANDOM": _A5,
    "THISTOGRAM": _A5,
    "TINTERLEAVE": _A5,
    "TDEINTERLEAVE": _A5,
}

#: builtin -> (template parameter names selecting the form, targets implementing that form)
_FORM_IMPLEMENTED_ON = {
    "TPUSH": (("Direction", "Span"), _A2A3),
    "TPOP": (("Direction",), _A2A3),
    "TQUANT": (("store_mode",), _NOWHERE),
}


def missing(m: Machine) -> str | None:
    """Why the call cannot run on m.target, or None when the target has it."""
    name = m.site.builtin
    if name in _IMPLEMENTED_ON and m.target not in _IMPLEMENTED_ON[name]:
        where = " and ".join(sorted(_IMPLEMENTED_ON[name])) or "neither NPU target (CPU simulator only)"
        return f"{name} does not exist on {m.target} (implemented on {where})"
    if name in _FORM_IMPLEMENTED_ON:
        keys, targets = _FORM_IMPLEMENTED_ON[name]
        used = [k for k in keys if k in m.template_args]
        if used and m.target not in targets:
            return f"{name}<{used[0]} = {m.template_args[used[0]]}, ...> form does not exist on {m.target}"
    return None


def _gate(inner: Op | None) -> Op:
    def gated(m: Machine) -> None:
        why = missing(m)
        if why is not None:
            raise m.trap("unavailable", why)
        if inner is not None:
            inner(m)

    gated.availability_gate = True  # type: ignore[attr-defined]
    return gated


def _install() -> None:
    import ptolint.executor.ops as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.name != __name__.rsplit(".", 1)[-1]:
            importlib.import_module(f"{pkg.__name__}.{mod.name}")
    for name in (*_IMPLEMENTED_ON, *_FORM_IMPLEMENTED_ON):
        current = OPS.get(name)
        if current is not None and getattr(current, "availability_gate", False):
            continue
        OPS[name] = _gate(current)


_install()

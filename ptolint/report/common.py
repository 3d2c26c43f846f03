"""Small helpers shared by the report formats (presentation only: nothing here decides anything)."""

from __future__ import annotations

import re

from ptolint.ir import Finding, Frame


def chain_text(chain: list[Frame]) -> str:
    """'in f<float, 16>, called from kern at line 20' for an instantiation chain (innermost first)."""
    if len(chain) <= 1:
        return ""
    parts = []
    for i in range(len(chain) - 1, 0, -1):
        caller = chain[i - 1].function
        parts.append(f"in {short_function(chain[i].function)}, called from {short_function(caller)} "
                     f"at line {chain[i].line}")
    return "; ".join(parts[:1] + [p.replace("in ", "", 1) for p in parts[1:]]) if len(parts) > 1 else parts[0]


def short_function(name: str) -> str:
    m = re.match(r"__ptolint_explicit_instantiation_L(\d+)", name)
    if m:
        return f"the explicit instantiation on line {m.group(1)}"
    return re.sub(r"\(.*\)$", "", name)


def witness_text(f: Finding) -> str:
    if not f.witness or not f.witness.inputs:
        return ""
    return ", ".join(f"{k} = {fmt(v)}" for k, v in sorted(f.witness.inputs.items()))


def fmt(v) -> str:
    if isinstance(v, float):
        return repr(v)
    return str(v)

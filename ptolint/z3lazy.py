"""z3, imported on first use. Every run loads the rule registry and the rule modules, a cache hit too, but only
a check builds formulas: `from ptolint import z3lazy as z3` keeps z3's import (about a third of a cache hit's
time) off the runs that never need it. Each name is looked up in z3 once, then kept here."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # module protocol probes (__path__, __file__ lookups by tools) are not z3's
        raise AttributeError(name)
    import z3

    value = getattr(z3, name)
    globals()[name] = value
    return value

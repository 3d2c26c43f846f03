"""Entry points -> instantiation walk -> call sites of PTO builtins with resolved operands and paths.

A small abstract interpreter over libclang cursors (the package ptolint/frontend/interp/): it walks each entry
point's body, follows calls into (instantiated) callees, tracks scalar variables and tiles along the path as IR
expressions, turns branch conditions and loop bounds into path constraints, and records every call of a PTO
builtin.
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend import cursors
from ptolint.frontend.interp.core import Program, Stats, explicit_template_args
from ptolint.frontend.interp.interpreter import Interpreter

__all__ = ["Interpreter", "Program", "Stats", "analyse", "explicit_template_args"]


def analyse(tu: ci.TranslationUnit, target: str, main_file: str, builtins: set[str], *,
            keep_cursors: bool = False, **kw) -> Program:
    """The walk of `tu`. `keep_cursors`: leave the canonical cursors it made (with what it remembered of their
    syntax) for the caller, who calls cursors.reset() when done with the translation unit: the engine's entry
    replay then reads the same objects instead of asking libclang again for each cursor of the functions it runs."""
    cursors.reset()
    ok = False
    try:
        out = Interpreter(tu, target, main_file, builtins, **kw).run()
        ok = True
        return out
    finally:
        if not (keep_cursors and ok):
            cursors.reset()

"""What checking one file produced (findings, diagnostics, statistics), apart from the engine that produces it:
the CLI, the result cache and the reports read it, and the CLI builds the options, without loading libclang, z3
or the executor (a cache hit must cost little more than starting the CLI)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ptolint.frontend.parse import ParseOptions
from ptolint.ir import Diagnostic, Finding, ProofEntry, Stats  # noqa: F401 - Stats re-exported

if TYPE_CHECKING:
    from ptolint.ruleset import Rule


@dataclass
class Options:
    """How to check one file: its targets, rules, parser arguments and limits."""

    targets: list[str]
    rules: list[Rule]
    parse: ParseOptions = field(default_factory=ParseOptions)
    blocks: int = 64
    timeout_ms: int = 5000
    debug: bool = False
    #: statements the entry replay may execute to confirm one candidate (see ptolint/executor/entry)
    replay_budget: int = 2_000_000
    #: proof mode (--prove): record, per call site x rule x target, verified / violated / unknown / not applicable
    prove: bool = False
    #: compute validated fixes for the findings (ptolint/fixes.py): --show-fixes, --fix, --diff, the LSP
    fixes: bool = False


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    stats: dict[str, Stats] = field(default_factory=dict)
    unconfirmed: list[tuple[str, str, int, str]] = field(default_factory=list)  # (rule, target, line, why)
    unresolved: list = field(default_factory=list)
    #: calls no rule checked although some selected rule covers the builtin: the target implements it in its own
    #: files, or the reused A2/A3 / A5 file behaves differently there (ptolint.impls): (target, line, builtin, why)
    unchecked: list[tuple[str, int, str, str]] = field(default_factory=list)
    #: every file the translation units included (absolute names; what the result cache hashes)
    includes: set[str] = field(default_factory=set)
    #: headers that were not found: (name as written, directory of the including file)
    missing_includes: set[tuple[str, str]] = field(default_factory=set)
    #: proof mode only: what the analysis established per call instance x rule x target (ptolint/proof.py)
    proof: list[ProofEntry] = field(default_factory=list)
    #: where the CLI got the result: "hit" / "miss" (result cache), "off" (--no-cache); "" when not via the CLI
    cache: str = ""


def rel(name: str, abspath: str, shown: str) -> str:
    """Show the checked file under the name the user gave; other files relative to the cwd."""
    if name == abspath:
        return shown
    try:
        r = os.path.relpath(name)
        return name if r.startswith("..") else r
    except ValueError:
        return name

"""A finding together with how its confirmation can be rerun: the `ptolint replay` arguments and what the
entry replay observed (built by the engine; the report formats only print them)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from ptolint.ir import Finding


@dataclass
class ReplayedFinding(Finding):
    #: `ptolint replay FILE` arguments after the file: `--entry kern --target a2a3 --set n=17 --block 3`
    replay_args: str = ""
    #: what the run from the entry point observed at the call, e.g. "reached 4 times; faulted at the 4th (c@L6
    #: = 192, iteration 4)"
    run: str = ""


def replay_command(f: Finding) -> str:
    """The command that reruns a finding's confirmation ('' for findings without one)."""
    args = getattr(f, "replay_args", "")
    return f"ptolint replay {shlex.quote(f.site.file)} {args}" if args else ""

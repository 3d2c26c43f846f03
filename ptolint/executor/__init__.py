"""Concrete executor: replays a witness with the instruction's real semantics and observes faults.

It never imports `ptolint.rules` and never sees a rule's formula. The entry replay (`entry/`) runs a kernel from
its entry point with the witness's kernel inputs; `replay` here replays one call site (or a kernel-level site's
calls in order) from its operands, which the executor's unit tests use to check each instruction's semantics.
Tiles are laid out as bytes in the target's buffers and the instructions run (ops/<family>.py) on numpy data.
"""

from ptolint.executor.machine import Fault, Outcome, replay_call
from ptolint.executor.sequence import replay_sequence
from ptolint.ir import CallSite

__all__ = ["Fault", "Outcome", "replay"]


def replay(site: CallSite, inputs: dict[str, int | float], seed: int = 0) -> Outcome:
    """Run `site` on its target with the witness `inputs`: one call, or a kernel-level site's calls in order on one
    memory; report what the machine observed."""
    if site.steps:
        return replay_sequence(site, inputs, seed)
    return replay_call(site, inputs, seed)

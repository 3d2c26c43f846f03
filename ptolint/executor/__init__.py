"""Concrete executor: replays a witness with the instruction's real semantics and observes faults.

It never imports `ptolint.rules` and never sees a rule's formula: it takes only the witness inputs,
re-evaluates the call's operands along the path, lays the tiles out as bytes in the target's buffers,
and runs the instruction (ops/<family>.py) on numpy data.
"""

from ptolint.executor.machine import Fault, Outcome, replay

__all__ = ["Fault", "Outcome", "replay"]

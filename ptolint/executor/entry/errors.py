"""Why a run ends early: a refusal (the run cannot go on honestly) or the stop target was settled."""

from __future__ import annotations


class Refusal(Exception):
    """The run cannot continue without guessing: undefined behaviour, an unknown construct, the step budget.

    The message says why, with the line where known; a refused run never confirms anything."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Settled(Exception):
    """The stop target has been decided (confirmed): nothing later in the run can change the answer."""

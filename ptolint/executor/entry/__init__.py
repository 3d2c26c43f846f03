"""Entry replay: the executor runs the kernel from its entry point, given nothing but the kernel's inputs.

A candidate finding is confirmed only when this concrete run reaches the call (in its instantiation chain)
and the instruction faults there with the kind the rule predicts. See docs/architecture.md ("Entry replay").
"""

from ptolint.executor.entry.run import confirm, entry_frame, entry_points, find_entry, run_entry, unreached
from ptolint.executor.entry.state import DEFAULT_BUDGET, RunResult, Stop
from ptolint.executor.entry.watch import SequenceWatch, Watch

__all__ = ["DEFAULT_BUDGET", "RunResult", "SequenceWatch", "Stop", "Watch", "confirm", "entry_frame",
           "entry_points", "find_entry", "run_entry", "unreached"]

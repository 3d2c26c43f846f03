"""Freeing one target's translation unit before the next target is parsed, when the process has grown large.

A file is checked for each target in turn, and the first target's cursors (with the facts remembered on them) form
cycles with its translation unit: only a full collection frees them. The CLI's worker skips full collections
(`ptolint.parallel.no_full_collections`: they cost 15-20 % of a template-heavy kernel's CPU), so the first target's
garbage stays while the second target is parsed and walked. For most files that costs 0-35 MB; for the largest
(the A5 `tcvt` ST kernel: 242 MB after its first target, 336 MB at the end) it would pass issue 14's 300 MB per file.
One full collection there costs about 0.5 s, so it is spent only when the process is already that large."""

from __future__ import annotations

import gc
import os
import sys

#: the resident size (MB) one file's check should stay under (issue 14's goal for the pto-isa ST kernels)
BUDGET_MB = 300
#: the size after a target above which the next target's parse is preceded by a full collection: on the ST kernels a
#: second target adds up to about 95 MB (A5 `tcvt`: 242 -> 336 MB; `tstore_acc2gm`: 210 -> 289 stays under the budget
#: and is not collected)
HIGH_MB = BUDGET_MB * 3 // 4


def resident_mb() -> float:
    """The process's resident size now (Linux: /proc/self/statm); elsewhere its peak so far (0 where neither is
    known: nothing is then collected early)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        try:
            import resource  # not on Windows
        except ImportError:
            return 0.0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def release_if_large(high_mb: float | None = None) -> bool:
    """Collect the previous target's garbage when the process holds more than `high_mb` (default HIGH_MB);
    whether it did."""
    if resident_mb() <= (HIGH_MB if high_mb is None else high_mb):
        return False
    gc.collect()
    return True

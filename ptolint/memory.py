"""Freeing one target's translation unit before the next target is parsed, when the process has grown large.

A file is checked for each target in turn, and the first target's cursors (with the facts remembered on them) form
cycles with its translation unit: only a full collection frees them. The CLI's worker skips full collections
(`ptolint.parallel.no_full_collections`: they cost 15-20 % of a template-heavy kernel's CPU), so the first target's
garbage stays while the second target is parsed and walked. For most files that costs 0-35 MB; for the largest
(the A5 `tcvt` ST kernel: 242 MB after its first target, 336 MB at the end) it would pass issue 14's 300 MB per file.
One full collection there costs about 0.5 s, so it is spent only when the process is already large, or when the
first target grew it so much that the second, growing it by a similar amount, would pass the budget.

libclang's own memory of the unit (its AST: the larger part) does not wait for that: the engine disposes of the
unit as soon as the target is done (`dispose`), so the next target's parse reuses it, and what the first target
leaves for the size check is its Python garbage alone (A5 `tcvt`: no full collection any more, peak 279 MB,
0.5 s less; on the A5 ST kernels `t[a-d]*` about 5 % fewer page faults per file)."""

from __future__ import annotations

import gc
import os
import sys

#: the resident size (MB) one file's check should stay under (issue 14's goal for the pto-isa ST kernels)
BUDGET_MB = 300
#: the size after a target above which the next target's parse is preceded by a full collection whatever the
#: first target grew by
HIGH_MB = BUDGET_MB * 3 // 4
#: what the next target adds, as a share of what the first target added: on the largest ST kernels 55-82 % (A5
#: `tcvt` 81 -> 216 MB after its first target, 327 at its end; `tstore_acc2gm` 81 -> 206 -> 286; `tinsert`
#: 81 -> 196 -> 276; the A2/A3 `tcvt` 81 -> 197 -> 273): a full collection is spent when the size after the first
#: target plus this share of its growth passes the budget (of those, A5 `tcvt` only)
NEXT_SHARE = 0.7


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


def dispose(tu) -> None:
    """Free a translation unit's libclang memory now, not when the collector finds its cycles (see above): the
    next target's parse then reuses it. Only once nothing will read its cursors again; the binding's object is
    left holding a null unit, which libclang's dispose ignores when the object goes."""
    if tu is None or not getattr(tu, "obj", None):
        return
    import clang.cindex as ci

    ci.conf.lib.clang_disposeTranslationUnit(tu)
    tu.obj = tu._as_parameter_ = None


def release_if_large(high_mb: float | None = None, start_mb: float | None = None) -> bool:
    """Collect the previous target's garbage when the process holds more than `high_mb` (default HIGH_MB), or
    when, having held `start_mb` before the first target, the next target's expected growth (NEXT_SHARE of the
    first's) would take it past BUDGET_MB; whether it did."""
    now = resident_mb()
    large = now > (HIGH_MB if high_mb is None else high_mb)
    if not large and (high_mb is not None or start_mb is None or now + (now - start_mb) * NEXT_SHARE <= BUDGET_MB):
        return False
    gc.collect()
    return True

"""Checking many files: one process per file, crash isolation, a per-file time budget, the result cache.

Each file is checked in a process of its own, forked from the CLI (which has already imported z3 and libclang
and loaded the rules, so a fork costs milliseconds), at most `-j` at a time. Every file thus starts from the
same state: z3 keeps state between queries that can change which witness it finds, and a file's report must
not depend on the files checked before it or on `-j`. A process that dies while checking a file (libclang can
SIGSEGV on some inputs) becomes an `internal-error` diagnostic for that file; a file that takes longer than its
time budget gets a `timeout` diagnostic and its process is killed. The other files are checked as usual.
Results come back in the order of the files given.

The processes send back the result as the cache's JSON-able data (ptolint/cache.py), and the CLI rebuilds it
from that data for fresh and cached results alike, so a cache hit reports exactly what a fresh check reports.

Where the 'fork' start method does not exist, files are checked one after another in the CLI's process
(no isolation, no time budget).
"""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ptolint.ir import Diagnostic


@dataclass
class Job:
    path: str
    opts: object  # engine.Options
    timeout: float | None  # seconds; None: no budget
    key: str | None = None  # result-cache key (None: cache off)


@dataclass
class Outcome:
    """One file's result as cache data (`result`), or a diagnostic saying why there is none."""

    result: dict | None = None
    deps: dict | None = None
    failure: Diagnostic | None = None
    traceback: str = ""
    cached: bool = False


#: the jobs of the current run; set before the workers are forked, which inherit it
_JOBS: list[Job] = []


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _test_fault(path: str) -> None:
    """Test hook (used by tests/test_parallel.py only): PTOLINT_TEST_CRASH / PTOLINT_TEST_HANG name a substring
    of the path of a file whose worker then crashes with SIGSEGV / hangs."""
    crash, hang = os.environ.get("PTOLINT_TEST_CRASH"), os.environ.get("PTOLINT_TEST_HANG")
    if crash and crash in path:
        os.kill(os.getpid(), signal.SIGSEGV)
    if hang and hang in path:
        time.sleep(3600)


def run_one(job: Job, crashed: int | None = None) -> Outcome:
    """Check one file (in whatever process this runs in). `crashed`: the exit status of a first check of the file
    that crashed; this one then takes no constant from clang (cursors.evaluated_int) and says so."""
    from ptolint.cache import dependencies, result_to_dict
    from ptolint.engine import check_file
    from ptolint.frontend import cursors

    _test_fault(job.path)
    cursors.CLANG_CONSTANTS = crashed is None
    try:
        res = check_file(job.path, job.opts)
        if crashed is not None:
            res.diagnostics.append(Diagnostic(
                job.path, 0, 0, "note", "analysis-limit",
                f"{crash_diagnostic(job.path, crashed).message}; checked again without clang's values of constant "
                "expressions, which ended normally: a finding that needs one of them (an `if constexpr` arm, a "
                "constexpr computed in a macro) may be missing"))
        deps = dependencies(res, job.path, job.opts) if job.key else None
        return Outcome(result=result_to_dict(res), deps=deps)
    except Exception as exc:  # noqa: BLE001 - one broken file must not hide the others
        return Outcome(failure=Diagnostic(job.path, 0, 0, "error", "internal-error",
                                          f"{type(exc).__name__}: {exc} (rerun with --debug for details)"),
                       traceback=traceback.format_exc())


def _child_main(conn, index: int, crashed: int | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it kills the children
    no_full_collections()
    conn.send(run_one(_JOBS[index], crashed))
    conn.close()


def no_full_collections() -> None:
    """Keep the collector to its young generations in a worker, which checks one file and exits.

    What reaches the old generation there is mostly the translation units' cursors (with the facts remembered
    on them), alive until the file is done and then garbage in cycles; each full collection walked all of them
    to find them still alive: 15-20 % of the CPU time of a template-heavy ST kernel (in-process, the A2/A3 ST
    sample spent 2.2 of 13.5 s in some 20 full collections). Short-lived cycles (an exception's frames) still
    die in the young generations. The cost is memory: the first target's translation unit stays while the second
    is checked (peak +0-35 MB on most ST kernels), unless the process is large (`ptolint.memory`).

    The youngest generation is collected every YOUNG allocations instead of Python's 700: most of what the walk
    allocates lives until the file is done (cursors, their facts, expressions kept in the environment), and each
    young collection traversed it once more before it moved on (the collector was 4.7 % of the CPU time of a third
    of the A5 ST kernels, 2.6 % now; peak memory per file unchanged, 208 MB at most on them)."""
    import gc

    _young, middle, _ = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, 1 << 30)


#: allocations between two collections of the youngest generation in a worker (no_full_collections)
YOUNG = 50_000


class _Child:
    """One file checked in a process forked for it."""

    def __init__(self, ctx, index: int, job: Job, crashed: int | None = None):
        self.conn, child = ctx.Pipe(duplex=False)
        self.index = index
        self.proc = ctx.Process(target=_child_main, args=(child, index, crashed), daemon=True)
        self.proc.start()
        child.close()
        self.deadline = time.monotonic() + job.timeout if job.timeout else float("inf")

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


def warm_up(jobs: list[Job] | None = None) -> None:
    """Load in the parent what every worker needs, so that each fork starts ready instead of loading it again:
    libclang's shared library and its bindings, the host compiler's builtin include dir (a `gcc` run), z3 and its
    (still empty) main context, numpy and the executor's op modules, and the model PCHs the jobs will use.
    `gc.freeze` keeps the collector from touching (and so copying) the inherited objects in each child.
    The modules `check_file` imports on first use are imported here too: the entry executor and numpy (for
    the replays that confirm findings), the result cache's dict form and the report's value format (the
    witnesses), fixes when a job asks for them. Imported in each worker they cost every file 2,000 page faults
    and, without .pyc files, 30 ms of compiling (issue 14). With a single file to check, the executor and numpy
    (about 90 ms of CPU) are left to the worker, which imports them only when it has a finding to confirm.

    The z3 context is created and left unused: a child then starts from the state it would have created
    itself (no terms, no solver), so witnesses do not change; creating it costs each child some 4,600 page
    faults (about a third of a small kernel's) when done there."""
    import gc

    import clang.cindex as ci
    import z3

    import ptolint.cache
    import ptolint.frontend.fastbind
    import ptolint.report.common  # noqa: F401 - see above
    from ptolint.engine import builtin_names
    from ptolint.frontend.parse import builtin_include_dir

    if any(getattr(job.opts, "fixes", False) for job in jobs or []):
        import ptolint.fixes  # noqa: F401
    if jobs is None or len(jobs) > 1:
        import numpy.random  # noqa: F401 - see above

        import ptolint.executor.entry.instructions
        import ptolint.executor.entry.run
        import ptolint.executor.entry.statements  # noqa: F401
        from ptolint.executor.machine import _load_ops

        _load_ops()

    ci.conf.lib  # noqa: B018 - loads and registers libclang
    builtin_include_dir()  # runs `gcc -print-file-name=include`: once here, not in every worker
    z3.main_ctx()
    builtin_names()
    prepare_pchs(jobs or [])
    gc.freeze()


def prepare_pchs(jobs: list[Job]) -> None:
    """Find or build, once in the parent, the model PCH of each argument list some job can use it with: the
    workers inherit it, instead of each validating it again or several building it at once.

    Building one costs about two parses of the header, so in a run of files with different argument lists
    (a compilation database with per-file macros) a list that only one file uses gets no new PCH (a stored
    one is still used): it would cost that file more than it saves. A run with one argument list (a single
    file too) builds it, for this run and the next ones."""
    from collections import Counter

    from ptolint.frontend import pch
    from ptolint.frontend.parse import compiler_args, header_choice

    usable: list[list[list[str]]] = []
    for job in jobs:
        try:
            parse = job.opts.parse  # type: ignore[attr-defined]
            real = header_choice(parse).mode == "real"
            arglists = [compiler_args(t, parse) for t in job.opts.targets]  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - the worker reports what is wrong with the options
            continue
        if real or not arglists or not os.path.isfile(job.path):  # a pipe (/dev/stdin) can be read only once
            continue
        try:
            with open(job.path, encoding="utf-8-sig", errors="replace") as fh:
                source = fh.read()
        except OSError:
            continue
        if pch.usable(os.path.abspath(job.path), source, arglists[0], real):
            usable.append(arglists)
    uses = Counter(tuple(a) for arglists in usable for a in arglists)
    for args in uses:
        pch.model_pch(list(args), build=uses[args] > 1 or len(uses) <= len(usable[0]))


def crash_diagnostic(path: str, exitcode: int | None) -> Diagnostic:
    if exitcode is not None and exitcode < 0:
        why = f"signal {-exitcode}"
        try:
            why += f", {signal.Signals(-exitcode).name}"
        except ValueError:
            pass
        msg = f"libclang or the analysis crashed ({why}) while checking this file"
    else:
        msg = f"the process checking this file exited unexpectedly (status {exitcode})"
    return Diagnostic(path, 0, 0, "error", "internal-error", msg)


def timeout_diagnostic(path: str, seconds: float) -> Diagnostic:
    return Diagnostic(path, 0, 0, "error", "timeout",
                      f"checking this file took longer than {seconds:g} s and was stopped "
                      "(raise --file-timeout or `file-timeout` in the configuration)")


def run_jobs(jobs: list[Job], workers: int, cache=None,
             progress: Callable[[int, str], None] | None = None) -> list[Outcome]:
    """Check every job; outcomes in the order of `jobs`. `progress(n_done, path)` after each file."""
    global _JOBS
    outcomes: list[Outcome | None] = [None] * len(jobs)
    todo: deque[int] = deque()
    done = 0
    for i, job in enumerate(jobs):
        doc = cache.get(job.key) if cache is not None and job.key else None
        if doc is not None:
            outcomes[i] = Outcome(result=doc, deps=cache.deps.get(job.key), cached=True)
            done += 1
            if progress:
                progress(done, job.path)
        else:
            todo.append(i)

    def finish(i: int, out: Outcome) -> None:
        nonlocal done
        outcomes[i] = out
        if cache is not None and jobs[i].key and out.result is not None and out.deps is not None and not any(
                d[4] == "internal-error" for d in out.result["diagnostics"]):
            cache.put(jobs[i].key, out.result, out.deps)
        done += 1
        if progress:
            progress(done, jobs[i].path)

    if not todo:  # every file a cache hit: nothing to load for workers (libclang, z3, numpy stay unimported)
        return outcomes  # type: ignore[return-value]
    import multiprocessing  # here, not at the top: a run answered from the cache never forks
    from multiprocessing.connection import wait

    if "fork" not in multiprocessing.get_all_start_methods():  # pragma: no cover - no fork on this platform
        for i in todo:
            finish(i, run_one(jobs[i]))
        return outcomes  # type: ignore[return-value]

    ctx = multiprocessing.get_context("fork")
    _JOBS = jobs
    warm_up([jobs[i] for i in todo])
    sys.stdout.flush()
    sys.stderr.flush()
    running: list[_Child] = []
    crashes: dict[int, int | None] = {}  # file index -> exit status of its first check, which crashed
    try:
        while todo or running:
            while todo and len(running) < workers:
                i = todo.popleft()
                running.append(_Child(ctx, i, jobs[i], crashes.get(i)))
            timeout = max(0.0, min(c.deadline for c in running) - time.monotonic())
            ready = set(wait([c.conn for c in running] + [c.proc.sentinel for c in running],
                             timeout=None if timeout == float("inf") else timeout))
            now = time.monotonic()
            for c in list(running):
                if c.conn in ready or c.proc.sentinel in ready:
                    out = None
                    try:
                        if c.conn.poll():
                            out = c.conn.recv()
                    except (EOFError, OSError):
                        out = None
                    if out is None:
                        c.proc.join(5)
                        if c.index not in crashes:  # once more, without what only clang computes
                            crashes[c.index] = c.proc.exitcode
                            c.kill()
                            running.remove(c)
                            todo.appendleft(c.index)
                            continue
                        out = Outcome(failure=crash_diagnostic(jobs[c.index].path, c.proc.exitcode))
                elif now >= c.deadline:
                    out = Outcome(failure=timeout_diagnostic(jobs[c.index].path, jobs[c.index].timeout or 0))
                else:
                    continue
                c.kill()
                running.remove(c)
                finish(c.index, out)
    finally:
        for c in running:
            c.kill()
        _JOBS = []
    return outcomes  # type: ignore[return-value]

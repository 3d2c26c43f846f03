"""A cache hit in a fresh process against `ptolint --version` (a script, not a test).

    python bench/cache_hit.py [FILE] [--repeat N]

Issue 14's goal: `ptolint check FILE` answered from the cache costs at most 1.5x `ptolint --version`, both in
fresh processes. The cache is filled first (a private one in a temporary directory); then the commands run N
times, alternating: `--version`, the repeated check (answered by the run memo, ptolint/runmemo.py) and the same
check with the run memo off (PTOLINT_NO_RUN_MEMO=1: each file from the result cache, the report rebuilt).
The medians of their CPU time (user + system of the child) and wall time are printed. Bytecode is written as an installed package has it (PYTHONDONTWRITEBYTECODE is dropped), so the
numbers are not a measure of compiling ptolint's modules.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-c", "from ptolint.cli import run; run()"]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, capture_output=True, env=env, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(ROOT / "examples" / "tiled_extract.cpp"))
    ap.add_argument("--repeat", type=int, default=11)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="ptolint-hit-") as cache:
        env["PTOLINT_CACHE_DIR"] = cache
        check = [*CLI, "check", args.file]
        subprocess.run(check, capture_output=True, env=env, check=False)  # fills the cache
        subprocess.run(check, capture_output=True, env=env, check=False)  # and the run memo
        files_only = {**env, "PTOLINT_NO_RUN_MEMO": "1"}
        runs: dict[str, list[tuple[float, float]]] = {"--version": [], "check (hit)": [], "check (result cache)": []}
        for _ in range(args.repeat):
            runs["--version"].append(timed([*CLI, "--version"], env))
            runs["check (hit)"].append(timed(check, env))
            runs["check (result cache)"].append(timed(check, files_only))
    med = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v)) for k, v in runs.items()}
    print("| run | CPU s | wall s |\n|---|---:|---:|")
    for k, (c, w) in med.items():
        print(f"| {k} | {c:.3f} | {w:.3f} |")
    ratio = med["check (hit)"][0] / med["--version"][0]
    print(f"\ncache hit / --version (CPU): {ratio:.2f}x (goal <= 1.5x)")
    ratio = med["check (result cache)"][0] / med["--version"][0]
    print(f"result cache only (the run memo off) / --version (CPU): {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

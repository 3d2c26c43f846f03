"""Each kernel's check time against its own bare parse (a script, not a test): issue 14's "no kernel of the
public corpus or of the generated-kernel bench takes more than 10x its bare parse".

    python bench/per_kernel.py GLOB [GLOB ...] [--limit N] [--target T ...]

For every file (a spread subset of at most --limit per glob, every k-th), each in fresh processes:

- parse: libclang parsing the file once per target with exactly ptolint's arguments (as bench/speed.py does), in
  this process, the best of two;
- inst. parse: the same parse of the text ptolint gives libclang, whose kernel launches are blanked so that clang
  instantiates the kernels (bench/speed.py says why); issue 14's goal is set against parse, this floor is shown
  beside it;
- check: CPU seconds of `ptolint.engine.check_file` alone, in a process of its own that loaded ptolint first and
  collects garbage as the CLI's per-file worker does (`parallel.warm_up`, `no_full_collections`): what the file
  itself costs, the process start left out;
- cli: CPU seconds (user + system, its worker included) of `ptolint check FILE -j 1 --no-cache`: the same plus
  one process start, which a run over many files shares (bench/speed.py's *cold* spreads it).

Prints one row per file, sorted by the check ratio, and the largest and median ratios of both. It also says
whether ptolint's modules were loaded from compiled bytecode: an editable install under
PYTHONDONTWRITEBYTECODE=1 compiles every module on each start (about 0.25 s of CPU); `pip install .` writes the
bytecode at install time.
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import CLI, instantiating_text  # noqa: E402 - bench/ is not a package

#: run in a fresh process: check one file after loading what the CLI's worker inherits; prints the CPU seconds
CHECK = """
import sys, time
from ptolint import parallel
from ptolint.engine import Options, check_file
from ptolint.frontend import pch
from ptolint.frontend.parse import ParseOptions, compiler_args
from ptolint.ruleset import load_rules
targets = sys.argv[2].split(',')
opts = Options(targets=targets, rules=list(load_rules().values()))
parallel.warm_up(None)  # as for a run of several files: the executor and numpy loaded before the timing
for target in targets:  # the model PCH, found or built before timing (the CLI's parent does this)
    pch.model_pch(compiler_args(target, ParseOptions()))
parallel.no_full_collections()
t = time.process_time()
check_file(sys.argv[1], opts)
print(time.process_time() - t)
"""


def parse_seconds(path: str, targets: list[str], instantiating: bool = False) -> float:
    """Best of two: libclang parsing `path` once per target with ptolint's arguments (no PCH); `instantiating`:
    the text ptolint parses instead of the file as written."""
    from ptolint.engine import read_source
    from ptolint.frontend.parse import ParseOptions, clang_index, compiler_args

    args = [compiler_args(t, ParseOptions()) for t in targets]
    path = os.path.abspath(path)
    unsaved = [(path, instantiating_text(read_source(path)[0] or ""))] if instantiating else None
    best = float("inf")
    for _ in range(2):
        t = time.process_time()
        for a in args:
            clang_index().parse(path, args=a, unsaved_files=unsaved)
        best = min(best, time.process_time() - t)
    return best


def check_seconds(path: str, targets: list[str]) -> float:
    out = subprocess.run([sys.executable, "-c", CHECK, path, ",".join(targets)], capture_output=True, text=True)
    try:
        return float(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise SystemExit(f"check of {path} failed: {out.stderr[-2000:]}") from None


def cli_seconds(path: str, targets: list[str]) -> float:
    """CPU of the whole `ptolint check` (its worker included), from a small launcher so that only it counts."""
    launcher = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
                "stderr=subprocess.DEVNULL); r = resource.getrusage(resource.RUSAGE_CHILDREN); "
                "print(r.ru_utime + r.ru_stime)")
    out = subprocess.run([sys.executable, "-c", launcher, *CLI, "check", path, "-j", "1", "--no-cache", "--target",
                          ",".join(targets)], capture_output=True, text=True)
    return float(out.stdout.strip())


def bytecode() -> str:
    import importlib.util

    import ptolint.engine

    spec = importlib.util.find_spec("ptolint.engine")
    cached = spec.cached if spec else None
    compiled = bool(cached and os.path.exists(cached))
    where = Path(ptolint.engine.__file__).parent
    return f"ptolint from {where}, {'compiled bytecode present' if compiled else 'no compiled bytecode (compiled on each start)'}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("globs", nargs="+")
    ap.add_argument("--limit", type=int, default=20, help="at most N files per glob, every k-th (0: all)")
    ap.add_argument("--target", action="append", help="targets (default: a2a3 and a5, as `ptolint check`)")
    a = ap.parse_args()
    targets = a.target or ["a2a3", "a5"]
    files: list[str] = []
    for g in a.globs:
        found = sorted(glob.glob(g, recursive=True))
        if a.limit and len(found) > a.limit:
            found = found[::-(-len(found) // a.limit)]
        files += found
    if not files:
        raise SystemExit("no file matches")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} core(s), CPU time; {bytecode()}; targets "
          f"{', '.join(targets)}\n")
    rows = []
    for f in files:
        parse, inst = parse_seconds(f, targets), parse_seconds(f, targets, instantiating=True)
        rows.append((f, parse, inst, check_seconds(f, targets), cli_seconds(f, targets)))
    rows.sort(key=lambda r: r[3] / r[1], reverse=True)
    print("| file | parse ms | inst. parse ms | check ms (x parse / x inst.) | cli ms (x parse / x inst.) |\n"
          "|---|---:|---:|---:|---:|")
    for f, parse, inst, check, cli in rows:
        print(f"| {Path(f).parent.name}/{Path(f).name} | {parse * 1e3:.0f} | {inst * 1e3:.0f} | "
              f"{check * 1e3:.0f} ({check / parse:.1f}x / {check / inst:.1f}x) | "
              f"{cli * 1e3:.0f} ({cli / parse:.1f}x / {cli / inst:.1f}x) |")
    print()
    for floor, col in (("parse", 1), ("inst. parse", 2)):
        checks = [r[3] / r[col] for r in rows]
        clis = [r[4] / r[col] for r in rows]
        total = sum(r[col] for r in rows)
        print(f"against {floor}: {len(rows)} files: check largest {max(checks):.1f}x, median "
              f"{statistics.median(checks):.1f}x, {sum(x > 10 for x in checks)} over 10x, the set "
              f"{sum(r[3] for r in rows) / total:.2f}x; cli largest {max(clis):.1f}x, median "
              f"{statistics.median(clis):.1f}x, {sum(x > 10 for x in clis)} over 10x, the set "
              f"{sum(r[4] for r in rows) / total:.2f}x")


if __name__ == "__main__":
    main()

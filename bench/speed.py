"""Speed of `ptolint check` against the bare libclang parse of the same files (a script, not a test).

    python bench/speed.py [--corpus GLOB] [--corpus-limit N] [--fixtures DIRGLOB] [--scale N] [--repeat R] [--wall]

Measures, over the fixtures (and the files matching --corpus, e.g.
'/tmp/pto/tests/npu/a2a3/src/st/testcase/*/*_kernel.cpp'):

- parse: libclang parsing each file once per target with exactly ptolint's arguments
  (ptolint.frontend.parse.compiler_args), in this process: what any libclang-based checker pays that parses
  the model header with each file;
- parse+PCH: the same, but loading the model header from the precompiled header ptolint itself uses
  (ptolint/frontend/pch.py) for the files where ptolint uses it: ptolint's own floor, as it no longer parses
  the header with each file. The PCH is built before this is timed; in the cold runs its (one-off) build
  counts, on the first repetition;
- inst. parse: like parse (no PCH), but of the text ptolint gives libclang (ptolint.frontend.parse.parsed_text):
  the host code's `<<<...>>>` launches blanked. Plain C++ rejects a launch, so the parse of the file as written
  drops it and never instantiates the kernel template it launches; a checker of the kernels needs them
  instantiated (the vendor compiler instantiates them too). Where a file has no launch, the two are the same;
- cold: `ptolint check FILES -j 1 --no-cache`, time / number of files (process start-up included,
  spread over the files);

Times are CPU seconds (user + system, the checker's worker processes included) unless --wall is given:
CPU time stays put when other work shares the machine. Scaling and start-up are always wall-clock.

- warm: the same with the result cache filled (every file a hit);
- peak MB: the peak resident memory of `ptolint check FILE -j 1 --no-cache`, one process per file (the CLI and
  the worker it forks for the file), the largest and the median over the files;
- engine: ptolint.engine.check_file in this process (no CLI, no fork), per file;
- scaling: N kernels generated from the fixtures (entry points renamed), with -j 1 and -j 2, --no-cache;
- startup: `ptolint --version` and `python -c "import ptolint.cli"`.

Ratios are given against two floors: "a / b" is the ratio to parse / to inst. parse (issue 14's goals are set
against parse).
Goals: cold <= 1.5x parse, warm <= 0.25x parse, startup <= 0.3 s; on the ST kernels cold <= 2.5x parse and peak
<= 300 MB per file. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-c", "from ptolint.cli import run; run()"]
ENTRY = re.compile(r'(extern\s+"C"\s+__global__\s+AICORE\s+void\s+)(\w+)')


def clock() -> float:
    """Seconds of CPU (this process and its finished children, user + system) or of wall time (--wall).

    CPU time is the default: it does not grow when other work shares the machine, so the ratios hold on a
    busy machine too."""
    if WALL:
        return time.perf_counter()
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


WALL = False


def wall(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> float:
    t = clock()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})},
                   cwd=cwd)
    return clock() - t


def elapsed(cmd: list[str]) -> float:
    """Wall-clock seconds of a command (for -j scaling and start-up, where wall time is the point)."""
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


#: runs a command and prints the peak resident KiB of its process tree: started from this small process, not
#: from the benchmark (a child's ru_maxrss counts the pages it shared with its parent before exec, and the
#: benchmark holds libclang, z3 and every rule by then)
PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
        "stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def peak_mb(files: list[str], env: dict[str, str]) -> list[float]:
    """Peak resident MB of checking each file in a process of its own (the CLI with the worker it forks:
    RUSAGE_CHILDREN's ru_maxrss is the largest of them), so a file's peak is its own."""
    out = []
    for f in files:
        kib = subprocess.run([sys.executable, "-c", PEAK, *CLI, "check", f, "-j", "1", "--no-cache"],
                             capture_output=True, text=True, env={**os.environ, **env}).stdout
        out.append(int(kib) / 1024)  # KiB on Linux
    return out


def best(f, repeat: int) -> float:
    return min(f() for _ in range(repeat))


def instantiating_text(source: str) -> str:
    """The text ptolint gives libclang for `source` (an older ptolint, compared side by side, has no name for it)."""
    from ptolint.frontend import parse

    if hasattr(parse, "parsed_text"):
        return parse.parsed_text(source)
    return parse.explicit_instantiation_entries(parse.host_syntax_blanked(source))


def parse_time(files: list[str], use_pch: bool = False, instantiating: bool = False) -> float:
    """Seconds to parse every file once per target with ptolint's arguments (each target parsed as ptolint does);
    with `use_pch`, loading the model header from ptolint's PCH where ptolint would (built before timing); with
    `instantiating`, parsing the text ptolint gives libclang (the launches blanked, so clang instantiates the
    kernels they launch) instead of the file as written."""
    from ptolint.engine import read_source
    from ptolint.frontend import pch
    from ptolint.frontend.parse import ParseOptions, clang_index, compiler_args
    from ptolint.targets import TARGETS

    opts = ParseOptions()
    args = {t: compiler_args(t, opts) for t in TARGETS}
    per_file = {}
    texts = {}
    for f in files:
        source = read_source(f)[0] or ""
        path = os.path.abspath(f)
        texts[f] = [(path, instantiating_text(source))] if instantiating else None
        for tgt in TARGETS:
            model = pch.model_pch(args[tgt]) if use_pch and pch.usable(path, source, args[tgt], False) else None
            per_file[f, tgt] = args[tgt] + ["-include-pch", model.path] if model else args[tgt]
    t = clock()
    for f in files:
        for tgt in TARGETS:
            clang_index().parse(os.path.abspath(f), args=per_file[f, tgt], unsaved_files=texts[f])
    return clock() - t


def engine_time(files: list[str]) -> float:
    from ptolint.engine import Options, check_file
    from ptolint.ruleset import load_rules
    from ptolint.targets import TARGETS

    opts = Options(targets=list(TARGETS), rules=list(load_rules().values()))
    t = clock()
    for f in files:
        check_file(f, opts)
    return clock() - t


def generate(n: int, into: Path) -> list[str]:
    """n kernels from the fixtures, each with its entry points renamed (so every file is distinct)."""
    sources = sorted(glob.glob(str(ROOT / "fixtures" / "**" / "*.cpp"), recursive=True))
    out = []
    for i in range(n):
        src = Path(sources[i % len(sources)])
        text = ENTRY.sub(lambda m, i=i: f"{m.group(1)}{m.group(2)}_gen{i}", src.read_text())
        p = into / f"gen{i:04d}_{src.name}"
        p.write_text(text)
        out.append(str(p))
    return out


def row(name: str, n: int, parse: float, inst: float, parse_pch: float, cold: float, warm: float, engine: float,
        peaks: list[float]) -> str:
    per = 1000 / n

    def cell(t: float) -> str:
        return f"{t * per:.0f} ({t / parse:.2f}x / {t / inst:.2f}x)"

    return (f"| {name} | {n} | {parse * per:.0f} | {inst * per:.0f} | {parse_pch * per:.0f} | {cell(engine)} | "
            f"{cell(cold)} | {cell(warm)} | {max(peaks):.0f} ({statistics.median(peaks):.0f}) |")


def measure_set(name: str, files: list[str], repeat: int) -> str:
    cache = tempfile.mkdtemp(prefix="ptolint-bench-cache-")
    saved = os.environ.get("PTOLINT_CACHE_DIR")
    os.environ["PTOLINT_CACHE_DIR"] = cache  # the PCH store of this process's parses and engine runs too
    try:
        env = {"PTOLINT_CACHE_DIR": cache}
        parse = best(lambda: parse_time(files), repeat)
        inst = best(lambda: parse_time(files, instantiating=True), repeat)
        parse_pch = best(lambda: parse_time(files, use_pch=True), repeat)
        shutil.rmtree(Path(cache) / "pch", ignore_errors=True)  # the first cold run builds its own
        cold = best(lambda: wall(CLI + ["check", *files, "-j", "1", "--no-cache"], env), repeat)
        engine = best(lambda: engine_time(files), 1)
        wall(CLI + ["check", *files, "-j", "1"], env)  # fill the cache
        warm = best(lambda: wall(CLI + ["check", *files, "-j", "1"], env), repeat)
        return row(name, len(files), parse, inst, parse_pch, cold, warm, engine, peak_mb(files, env))
    finally:
        if saved is None:
            os.environ.pop("PTOLINT_CACHE_DIR", None)
        else:
            os.environ["PTOLINT_CACHE_DIR"] = saved
        shutil.rmtree(cache, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", help="glob of extra files, e.g. '/tmp/pto/tests/npu/a2a3/src/st/testcase/*/*_kernel.cpp'")
    ap.add_argument("--corpus-limit", type=int, help="a spread subset of at most N corpus files (every k-th)")
    ap.add_argument("--scale", type=int, default=200, help="generated kernels for the -j scaling run (0: skip)")
    ap.add_argument("--repeat", type=int, default=2, help="repetitions (the best is kept)")
    ap.add_argument("--fixtures", default="**", help="fixture directories to time, e.g. '*/TDIVS' (default: all)")
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time (needs a quiet machine)")
    a = ap.parse_args()
    global WALL
    WALL = a.wall

    fixtures = sorted(glob.glob(str(ROOT / "fixtures" / a.fixtures / "*.cpp"), recursive=True)) if a.fixtures else []
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} core(s), {'wall' if WALL else 'CPU'} time\n")
    print("| files | n | parse ms/file | inst. parse ms/file | parse+PCH ms/file | engine ms/file | cold ms/file | "
          "warm (cache hit) ms/file | peak MB/file, max (median) |")
    print("|---|---|---|---|---|---|---|---|---|")
    if fixtures:  # (--fixtures '' times the corpus alone)
        print(measure_set("fixtures", fixtures, a.repeat), flush=True)
    if a.corpus:
        corpus = sorted(glob.glob(a.corpus))
        if a.corpus_limit and len(corpus) > a.corpus_limit:
            corpus = corpus[::-(-len(corpus) // a.corpus_limit)]
        if corpus:
            print(measure_set(f"corpus `{a.corpus}`", corpus, a.repeat), flush=True)

    if a.scale:
        tmp = Path(tempfile.mkdtemp(prefix="ptolint-bench-gen-"))
        try:
            generate(a.scale, tmp)
            print(f"\n| scaling: {a.scale} generated kernels, --no-cache | wall s | files/s |")
            print("|---|---|---|")
            for jobs in (1, 2):
                t = elapsed(CLI + ["check", str(tmp), "-j", str(jobs), "--no-cache"])
                print(f"| -j {jobs} | {t:.1f} | {a.scale / t:.1f} |", flush=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    version = statistics.median(elapsed(CLI + ["--version"]) for _ in range(7))
    imp = statistics.median(elapsed([sys.executable, "-c", "import ptolint.cli"]) for _ in range(7))
    bare = statistics.median(elapsed([sys.executable, "-c", "pass"]) for _ in range(7))
    print("\n| startup | s |\n|---|---|")
    print(f"| `ptolint --version` | {version:.3f} |\n| `import ptolint.cli` | {imp:.3f} |\n"
          f"| bare `python -c pass` | {bare:.3f} |")


if __name__ == "__main__":
    main()

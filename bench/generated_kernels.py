"""Kernels as a compiler writes them, and what ptolint costs on them against a bare parse (a script, not a test).

    python bench/generated_kernels.py [-n 3] [--calls 180] [--lines 2000] [--seed 1] [--keep DIR] [--target a2a3]

Generated kernels are not written like hand-made ones: one long function (about 2,000 lines), ~180 builtin calls
in three tile loops whose bounds are kernel parameters, tile addresses computed with `int64_t` arithmetic from
the loop variables (ping-pong slots), valid regions set from the tail of each loop, and hundreds of scalar
temporaries between the calls. Such a kernel once spent 101 of its first 120 s walking Z3 terms as a tree
(`solver._vars_of`) and hit the 300 s file timeout, so nothing in it was checked.

Each kernel written here is correct (no finding is expected): the script reports, per kernel, the time of
`ptolint check --no-cache -j 1` in a fresh process, the time of a bare libclang parse with ptolint's own
arguments in a fresh process, their ratio (goal: <= 10x, issue 14), wall clock and CPU time (user + system,
worker processes included: it holds on a shared machine), the number of builtin call sites ptolint
followed, and every finding or solver-unknown note (there must be none). `make_kernel` is also used by
tests/test_fuzz_regressions.py with a smaller size.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: elementwise builtins a generated loop body uses on three tiles of one shape
BINARY = ("TADD", "TSUB", "TMUL", "TMAX", "TMIN")
ROWS, COLS = 16, 64
SLOTS = 6  # tiles per loop; each has two ping-pong slots of ROWS * COLS halves


def _filler(rnd: random.Random, names: list[str], loop_var: str, count: int, out: list[str], tag: str) -> None:
    """`count` lines of scalar temporaries in int64_t, each from earlier ones and the loop variable (small
    constants only: no value comes near overflow for loop bounds below 2^20)."""
    for j in range(count):
        a = rnd.choice(names) if names else loop_var
        c = rnd.randint(1, 7)
        op = rnd.choice(("+", "-", "^", "&", "|"))
        name = f"s{tag}_{j}"
        out.append(f"    int64_t {name} = (({a} {op} {c}) & 1023) + ({loop_var} & 63);")
        names.append(name)
        if len(names) > 8:
            names.pop(0)


def make_kernel(name: str, calls: int = 180, lines: int = 2000, seed: int = 1) -> str:
    """C++ source of one generated kernel entry `name` (three loops, `calls` builtin calls, about `lines` lines)."""
    rnd = random.Random(seed)
    per_loop = max(4, calls // 3)
    fixed = 12 + 3 * (10 + 3 * SLOTS + (per_loop - 3))  # every line but the filler
    filler_per_call = max(0, (lines - fixed) // (3 * (per_loop - 3)))
    out = [
        "// generated: one long kernel function, tile loops with run-time bounds, int64 tile addresses",
        "#include <pto/pto-inst.hpp>",
        "",
        "using namespace pto;",
        "",
        f'extern "C" __global__ AICORE void {name}(__gm__ half* in, __gm__ half* out, int64_t m0, int64_t m1, '
        "int64_t m2) {",
        f"    using TileT = Tile<TileType::Vec, half, {ROWS}, {COLS}, BLayout::RowMajor, DYNAMIC, DYNAMIC>;",
        f"    using GT = GlobalTensor<half, Shape<1, 1, 1, {ROWS}, {COLS}>, Stride<1, 1, 1, {COLS}, 1>>;",
        "    if (m0 <= 0 || m1 <= 0 || m2 <= 0 || m0 > (1 << 20) || m1 > (1 << 20) || m2 > (1 << 20)) {",
        "        return;",
        "    }",
    ]
    tile_bytes = ROWS * COLS * 2
    for loop, bound in enumerate(("m0", "m1", "m2")):
        var = f"i{loop}"
        tiles = [f"t{loop}_{k}" for k in range(SLOTS)]
        out.append(f"    TileT {', '.join(f'{t}({ROWS}, {COLS})' for t in tiles)};")
        out.append(f"    for (int64_t {var} = 0; {var} < {bound}; {var} += {ROWS}) {{")
        out.append(f"        int64_t rows{loop} = {bound} - {var} < {ROWS} ? {bound} - {var} : {ROWS};")
        out.append(f"        int64_t pp{loop} = ({var} / {ROWS}) % 2;")
        for k, t in enumerate(tiles):
            out.append(f"        int64_t addr{loop}_{k} = (int64_t){2 * k * tile_bytes} + pp{loop} * "
                       f"(int64_t){tile_bytes};")
            out.append(f"        TASSIGN({t}, (uint64_t)addr{loop}_{k});")
            out.append(f"        {t}.SetValidRow((int)rows{loop});")
        out.append(f"        GT src{loop}(in + {var} * {COLS}), dst{loop}(out + {var} * {COLS});")
        out.append(f"        TLOAD({tiles[0]}, src{loop});")
        out.append(f"        TLOAD({tiles[1]}, src{loop});")
        names: list[str] = []
        for c in range(per_loop - 3):
            body: list[str] = []
            _filler(rnd, names, var, filler_per_call, body, f"{loop}_{c}")
            out += ["    " + x for x in body]
            d, a, b = rnd.sample(tiles, 3)
            out.append(f"        {rnd.choice(BINARY)}({d}, {a}, {b});")
        out.append(f"        TSTORE(dst{loop}, {tiles[2]});")
        out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


def timed(cmd: list[str], cwd: Path) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall seconds, CPU seconds (user + system of the child and its workers) and the run. The CPU time holds on
    a shared machine, where the wall clock measures the other jobs too."""
    t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - t0, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime, run


#: a fresh process that parses the file once with exactly ptolint's compiler arguments (no analysis)
PARSE = """
import os, sys
from ptolint.frontend.parse import ParseOptions, clang_index, compiler_args
clang_index().parse(os.path.abspath(sys.argv[1]), args=compiler_args(sys.argv[2], ParseOptions()))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3, help="kernels (default 3)")
    ap.add_argument("--calls", type=int, default=180)
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", default="a2a3")
    ap.add_argument("--keep", metavar="DIR", help="write the kernels there (kept) instead of a temporary directory")
    ap.add_argument("--json", metavar="OUT")
    args = ap.parse_args()
    where = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="ptolint-gen-"))
    where.mkdir(parents=True, exist_ok=True)
    rows = []
    print("| kernel | lines | builtin calls followed | check s | parse s | ratio | check CPU s | parse CPU s | CPU ratio "
          "| findings | unknown |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for i in range(args.n):
        src = make_kernel(f"gen{i}", args.calls, args.lines, args.seed + i)
        path = where / f"gen{i}.cpp"
        path.write_text(src)
        check_s, check_cpu, run = timed([sys.executable, "-c", "from ptolint.cli import run; run()", "check", path.name,
                              "-t", args.target, "-f", "json", "--no-cache", "-j", "1", "--stats"], where)
        parse_s, parse_cpu, prun = timed([sys.executable, "-c", PARSE, path.name, args.target], where)
        try:
            rep = json.loads(run.stdout)
        except json.JSONDecodeError:
            print(f"gen{i}: ptolint exit {run.returncode}: {run.stderr[-400:]}", file=sys.stderr)
            return 1
        if prun.returncode != 0:
            print(f"gen{i}: the bare parse failed: {prun.stderr[-400:]}", file=sys.stderr)
            return 1
        stats = next(iter(rep.get("stats", {}).values()), {}).get(args.target, {})
        unknown = [d for d in rep.get("diagnostics", []) if d.get("code") == "solver-unknown"]
        row = {"kernel": path.name, "lines": src.count("\n"), "calls": stats.get("builtin_calls"),
               "check_s": round(check_s, 2), "parse_s": round(parse_s, 2), "ratio": round(check_s / parse_s, 1),
               "check_cpu": round(check_cpu, 2), "parse_cpu": round(parse_cpu, 2),
               "cpu_ratio": round(check_cpu / parse_cpu, 1),
               "findings": len(rep.get("findings", [])), "unknown": len(unknown), "exit": run.returncode}
        rows.append(row)
        print(f"| {row['kernel']} | {row['lines']} | {row['calls']} | {row['check_s']} | {row['parse_s']} | "
              f"{row['ratio']}x | {row['check_cpu']} | {row['parse_cpu']} | {row['cpu_ratio']}x | {row['findings']} | "
              f"{row['unknown']} |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

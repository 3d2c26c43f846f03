"""PTO904 (tiles overwritten while live) on generated kernels: recall and precision against a plain model.

    python bench/overlap_recall.py [-n 200] [--seed 1] [-j 2]

Each kernel places 3..5 UB tiles of random shapes at random 32-byte-aligned addresses (some placements
straddle, some nest, some are apart) inside a template, and runs a random sequence of TLOAD / TEXPANDS /
TADD / TMULS / TSTORE calls on them, sometimes inside an `if` on a kernel argument. The expected findings
come from a model written here from the rule's definition, independent of ptolint: a write of tile B is
expected when some tile A was written before it on the same path, is read after it before being written
again, B is not computed from A, and B's bytes straddle A's (overlap, neither inside the other). Prints the
counts; a kernel where the two disagree is printed with its source.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SHAPES = [(8, 64), (16, 64), (16, 32), (4, 128), (32, 16)]  # float tiles: 2 KiB .. 8 KiB
HEAD = ["#include <pto/pto-inst.hpp>", "using namespace pto;"]


def kernel(rng: random.Random, idx: int) -> tuple[str, set[int]]:
    """One generated kernel and the lines where the model expects PTO904."""
    n = rng.randint(3, 5)
    tiles = []
    for i in range(n):
        r, c = rng.choice(SHAPES)
        tiles.append({"name": f"t{i}", "rows": r, "cols": c, "bytes": r * c * 4,
                      "addr": rng.choice([0, 32, 1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384])})
    lines = [*HEAD, "template <typename T>", f"AICORE void body{idx}(__gm__ T* p, bool c) {{"]
    for t in tiles:
        lines.append(f"    using T{t['name']} = Tile<TileType::Vec, T, {t['rows']}, {t['cols']}>;")
        lines.append(f"    using G{t['name']} = GlobalTensor<T, Shape<1, 1, 1, {t['rows']}, {t['cols']}>, "
                     f"Stride<1, 1, 1, {t['cols']}, 1>>;")
        lines.append(f"    T{t['name']} {t['name']};")
        lines.append(f"    G{t['name']} g{t['name']}(p);")
    for t in tiles:
        lines.append(f"    TASSIGN({t['name']}, {t['addr']});")
    # events: (line, arm, written tile or None, read tiles); arm 0 = unconditional, 1 / 2 = then / else
    events: list[tuple[int, int, str | None, list[str]]] = []
    steps = rng.randint(4, 9)
    branch_at = rng.randint(1, steps) if rng.random() < 0.4 else -1
    for s in range(steps):
        if s == branch_at:
            lines.append("    if (c) {")
            for arm in (1, 2):
                a = rng.choice(tiles)
                lines.append(f"        TLOAD({a['name']}, g{a['name']});")
                events.append((len(lines), arm, a["name"], []))
                lines.append("    }" if arm == 2 else "    } else {")
            continue
        op = rng.choice(["TLOAD", "TLOAD", "TEXPANDS", "TADD", "TMULS", "TSTORE"])
        a = rng.choice(tiles)
        same = [t for t in tiles if (t["rows"], t["cols"]) == (a["rows"], a["cols"])]
        if op == "TLOAD":
            lines.append(f"    TLOAD({a['name']}, g{a['name']});")
            events.append((len(lines), 0, a["name"], []))
        elif op == "TEXPANDS":
            lines.append(f"    TEXPANDS({a['name']}, T(1));")
            events.append((len(lines), 0, a["name"], []))
        elif op == "TSTORE":
            lines.append(f"    TSTORE(g{a['name']}, {a['name']});")
            events.append((len(lines), 0, None, [a["name"]]))
        else:
            x, y = rng.choice(same), rng.choice(same)
            if op == "TADD":
                lines.append(f"    TADD({a['name']}, {x['name']}, {y['name']});")
                events.append((len(lines), 0, a["name"], [x["name"], y["name"]]))
            else:
                lines.append(f"    TMULS({a['name']}, {x['name']}, T(2));")
                events.append((len(lines), 0, a["name"], [x["name"]]))
    lines.append("}")
    lines.append(f'extern "C" __global__ AICORE void k{idx}(__gm__ float* p, bool c) {{ body{idx}<float>(p, c); }}')
    return "\n".join(lines) + "\n", expected(tiles, events)


def straddle(a: dict, b: dict) -> bool:
    x, sa, y, sb = a["addr"], a["bytes"], b["addr"], b["bytes"]
    return x < y + sb and y < x + sa and not (x <= y and y + sb <= x + sa) and not (y <= x and x + sa <= y + sb)


def expected(tiles: list[dict], events: list[tuple[int, int, str | None, list[str]]]) -> set[int]:
    by = {t["name"]: t for t in tiles}
    out: set[int] = set()
    for u, (_, uarm, _, reads) in enumerate(events):
        for a in reads:
            d = next((i for i in range(u - 1, -1, -1) if events[i][2] == a and compatible(events[i][1], uarm)), None)
            if d is None:
                continue
            for w in range(d + 1, u):
                line, warm, b, wreads = events[w]
                if b is None or b == a or a in wreads:
                    continue
                if compatible(warm, uarm) and compatible(warm, events[d][1]) and straddle(by[a], by[b]):
                    out.add(line)
    return out


def compatible(x: int, y: int) -> bool:
    return x == 0 or y == 0 or x == y


def check(path: Path) -> set[int]:
    exe = [sys.executable, "-c", "from ptolint.cli import run; run()"]
    out = subprocess.run(exe + ["check", "--format", "json", "--select", "PTO904", "--target", "a2a3", "--no-cache",
                                str(path)], capture_output=True, text=True)
    return {f["line"] for f in json.loads(out.stdout)["findings"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    tmp = Path(tempfile.mkdtemp(prefix="ptolint-overlap-"))
    cases = []
    for i in range(a.n):
        src, want = kernel(rng, i)
        p = tmp / f"k{i:04d}.cpp"
        p.write_text(src)
        cases.append((p, want))
    with ThreadPoolExecutor(a.j) as pool:
        got = list(pool.map(check, [p for p, _ in cases]))
    tp = sum(len(w & g) for (_, w), g in zip(cases, got, strict=True))
    fn = sum(len(w - g) for (_, w), g in zip(cases, got, strict=True))
    fp = sum(len(g - w) for (_, w), g in zip(cases, got, strict=True))
    kernels_with = sum(1 for _, w in cases if w)
    print(f"kernels: {a.n} ({kernels_with} with an expected finding); expected findings: {tp + fn}")
    print(f"detected: {tp}  missed: {fn}  false alarms: {fp}")
    print(f"recall: {100 * tp / max(1, tp + fn):.1f}%  precision: {100 * tp / max(1, tp + fp):.1f}%")
    for (p, w), g in zip(cases, got, strict=True):
        if w != g:
            print(f"\n--- {p.name}: expected lines {sorted(w)}, got {sorted(g)}\n{p.read_text()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

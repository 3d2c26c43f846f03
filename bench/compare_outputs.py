"""Run one ptolint installation over a fixed set of kernels, or compare two such runs (a script, not a test).

    python bench/compare_outputs.py run --python /tmp/venv-lead/bin/python --out /tmp/base [--pto /tmp/pto-isa]
    python bench/compare_outputs.py diff /tmp/base /tmp/new

`run` writes one JSON report per (file group, target) with `ptolint check FILES --format json --no-cache -j 1
--target T`: every 6th ST kernel of a2a3 and a5 (each on its own target), the tfillpad kernel (a2a3, a5), every
fixture of fixtures/bugs_detected (the six targets), the generated kernels of bench/generated_kernels.py (-n 2,
a2a3 and a5), and `bench/loop_recall.py -n 100 --seed 1 --target all -j 1 --json`.

`diff` prints the findings-only difference first (rule, file, line, level, target, message, witness inputs and
values: this must be empty for a speed change), then a summary of every other difference (diagnostics, stats,
portability), grouped by key so that a changed note or step count is visible without reading the reports.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_ROOT = re.compile(r'/[^"]*?/fixtures/bugs_detected/')
SIX = ("a2a3", "a5", "a6", "kirin9030", "kirinx90", "kirindev0000")


def groups(pto: str, gen_dir: Path) -> list[tuple[str, list[str], str]]:
    out: list[tuple[str, list[str], str]] = []
    for t in ("a2a3", "a5"):
        files = sorted(glob.glob(f"{pto}/tests/npu/{t}/src/st/testcase/*/*_kernel.cpp"))[::6]
        out += [(f"st-{t}-{Path(f).stem}", [f], t) for f in files]
    tfp = sorted(glob.glob(f"{pto}/tests/npu/a2a3/src/st/testcase/tfillpad/*_kernel.cpp"))
    out += [(f"tfillpad-{t}", tfp, t) for t in ("a2a3", "a5")]
    bugs = sorted(str(p) for p in (ROOT / "fixtures" / "bugs_detected").rglob("*.cpp"))
    out += [(f"bugs-{t}", bugs, t) for t in SIX]
    gen = sorted(str(p) for p in gen_dir.glob("*.cpp"))
    out += [(f"generated-{t}", gen, t) for t in ("a2a3", "a5")]
    return out


def run(args) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    gen_dir = Path(args.gen)
    if not gen_dir.exists():
        subprocess.run([args.python, str(ROOT / "bench" / "generated_kernels.py"), "-n", "2", "--keep", str(gen_dir)],
                       check=True, stdout=subprocess.DEVNULL)
    for name, files, target in groups(args.pto, gen_dir):
        dest = out / f"{name}.json"
        if dest.exists():
            continue
        p = subprocess.run([str(Path(args.python).parent / "ptolint"), "check", *files, "--format", "json", "--no-cache",
                            "-j", "1", "--target", target], capture_output=True, text=True, cwd=ROOT)
        dest.write_text(p.stdout if p.stdout.strip() else json.dumps({"error": p.stderr, "rc": p.returncode}))
        print(name, flush=True)
    dest = out / "loop_recall.json"
    if not dest.exists():
        subprocess.run([args.python, str(ROOT / "bench" / "loop_recall.py"), "-n", "100", "--seed", "1", "--target",
                        "all", "-j", "1", "--json", str(dest)], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)


def finding_key(f: dict) -> str:
    keep = {k: f.get(k) for k in ("rule", "file", "line", "level", "target", "message", "witness")}
    return json.dumps(keep, sort_keys=True)


def strip_times(x):
    if isinstance(x, dict):
        return {k: strip_times(v) for k, v in x.items() if "time" not in k and k not in ("seconds", "elapsed")}
    if isinstance(x, list):
        return [strip_times(v) for v in x]
    return x


def flat(x, prefix=""):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from flat(v, f"{prefix}/{k}")
    elif isinstance(x, list) and x and all(isinstance(v, (dict, list)) for v in x):
        for i, v in enumerate(x):
            yield from flat(v, f"{prefix}[{i}]")
    else:
        yield prefix, json.dumps(x, sort_keys=True)


def diff(args) -> int:
    a_dir, b_dir = Path(args.a), Path(args.b)
    bad = 0
    other: dict[str, list[str]] = {}
    for fa in sorted(a_dir.glob("*.json")):
        fb = b_dir / fa.name
        if not fb.exists():
            print(f"MISSING in {b_dir}: {fa.name}")
            bad += 1
            continue
        # the fixtures of two checkouts: the same files under different roots
        a, b = (json.loads(FIXTURE_ROOT.sub("fixtures/bugs_detected/", f.read_text())) for f in (fa, fb))
        if fa.name == "loop_recall.json":
            a, b = strip_times(a), strip_times(b)
            if a != b:
                bad += 1
                print(f"FINDINGS {fa.name}: loop_recall results differ")
            continue
        fa_set = sorted(finding_key(f) for f in a.get("findings", []))
        fb_set = sorted(finding_key(f) for f in b.get("findings", []))
        if fa_set != fb_set or "error" in a or "error" in b:
            bad += 1
            print(f"FINDINGS {fa.name}:")
            for k in sorted(set(fa_set) - set(fb_set)):
                print("  - " + k[:400])
            for k in sorted(set(fb_set) - set(fa_set)):
                print("  + " + k[:400])
        a_rest = dict(flat({k: v for k, v in a.items() if k != "findings"}))
        b_rest = dict(flat({k: v for k, v in b.items() if k != "findings"}))
        for k in sorted(set(a_rest) | set(b_rest)):
            if a_rest.get(k) != b_rest.get(k):
                other.setdefault(fa.name, []).append(f"  {k}: {str(a_rest.get(k))[:200]} -> {str(b_rest.get(k))[:200]}")
        if a.get("findings") != b.get("findings") and fa_set == fb_set:
            other.setdefault(fa.name, []).append("  findings: equal on the compared fields, other fields differ")
    print(f"findings: {'identical' if not bad else f'{bad} report(s) differ'} on {len(list(a_dir.glob('*.json')))} reports")
    print(f"other differences in {len(other)} report(s):")
    for name, lines in other.items():
        print(name)
        for line in lines[:args.show]:
            print(line)
        if len(lines) > args.show:
            print(f"  ... {len(lines) - args.show} more")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--python", default=sys.executable)
    r.add_argument("--out", required=True)
    r.add_argument("--pto", default="/tmp/pto-isa")
    r.add_argument("--gen", default="/tmp/ptolint-compare-generated", help="where the generated kernels are kept")
    d = sub.add_parser("diff")
    d.add_argument("a")
    d.add_argument("b")
    d.add_argument("--show", type=int, default=20)
    args = ap.parse_args()
    if args.cmd == "run":
        run(args)
        return 0
    return diff(args)


if __name__ == "__main__":
    sys.exit(main())

"""Compare ptolint on the bundled PTO model and on the real PTO ISA headers of a checkout.

Usage: python bench/real_headers.py PTO_ISA_DIR [--glob PATTERN ...] [--no-fixtures] [--all-corpus]
                                    [--json OUT] [-j N]

Runs every file twice: bundled model (`--headers model`) and real headers (`-I PTO_ISA_DIR/include
--headers real`), on ptolint's fixtures (fixtures/**/*.cpp) and on corpus kernels of the checkout (by
default those calling an instruction ptolint checks). Reports, per mode, the files parsed without errors,
and the findings agreement: files whose (rule, line, target) sets are equal in both modes, with every
difference listed. Run by hand (never in CI); nothing of the checkout is copied anywhere.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the corpus of bench/corpus.py: the ST kernels (src/ and comm/) of both targets, the manual and auto-mode kernels
DEFAULT_GLOBS = [
    "tests/npu/a2a3/**/*_kernel.cpp",
    "tests/npu/a5/**/*_kernel.cpp",
    "kernels/manual/a2a3/**/*.cpp",
    "kernels/manual/a5/**/*.cpp",
    "kernels/automode/**/*.cpp",
]
MODES = ("model", "real")


def run_one(job: tuple[str, str, str]) -> dict:
    path, mode, include = job
    from ptolint.engine import Options, check_file
    from ptolint.frontend.parse import ParseOptions
    from ptolint.ruleset import load_rules, select_rules

    load_rules()
    rules, _ = select_rules(None, None)
    # a kernel under an a2a3/ or a5/ directory is built for that target only
    targets = [t for t in ("a2a3", "a5") if f"/{t}/" in path] or ["a2a3", "a5"]
    popts = ParseOptions(includes=[include] if mode == "real" else [], headers=mode)
    t0 = time.perf_counter()
    try:
        res = check_file(path, Options(targets=targets, rules=rules, parse=popts))
    except Exception as exc:  # noqa: BLE001 - the benchmark records crashes instead of stopping
        return {"path": path, "mode": mode, "crash": f"{type(exc).__name__}: {exc}"}
    errors = [f"{d.file}:{d.line}: {d.message}" for d in res.diagnostics if d.code == "parse-error"]
    # the headers' own compile-time checks (static_assert, no overload for a rejected combination): on an
    # incorrect kernel these are the vendor compiler's answer, not a parsing problem
    checks = [e for e in errors if "static assertion failed" in e or "no matching function for call to" in e]
    return {
        "path": path,
        "mode": mode,
        "seconds": time.perf_counter() - t0,
        "parse_errors": errors,
        "other_errors": [e for e in errors if e not in checks],
        "host_errors": sum(d.code == "host-code-error" for d in res.diagnostics),
        "calls": sum(s.builtin_calls for s in res.stats.values()),
        "resolved": sum(s.resolved for s in res.stats.values()),
        "findings": sorted({(f.rule_id, f.site.line, f.site.target) for f in res.findings}),
    }


def corpus_files(root: Path, globs: list[str], all_corpus: bool) -> list[str]:
    files = sorted({str(p) for g in globs for p in root.glob(g)})
    if all_corpus:
        return files
    from ptolint.ruleset import load_rules

    checked = {i for r in load_rules().values() for i in r.instructions if i != "*"}
    return [f for f in files if any(f"{i}(" in t or f"{i}<" in t
                                    for t in [Path(f).read_text(errors="replace")] for i in checked)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", help="a PTO ISA checkout (its include/ holds pto/pto-inst.hpp)")
    ap.add_argument("--glob", action="append", help="corpus files under ROOT (repeatable)")
    ap.add_argument("--no-fixtures", action="store_true")
    ap.add_argument("--all-corpus", action="store_true", help="every corpus file, not only those calling a "
                                                              "checked instruction")
    ap.add_argument("--limit", type=int, default=0, help="at most N corpus files (evenly spread)")
    ap.add_argument("--json")
    ap.add_argument("-j", type=int, default=4)
    a = ap.parse_args()
    root = Path(a.root).resolve()
    include = str(root / "include")
    if not Path(include, "pto", "pto-inst.hpp").is_file():
        print(f"{include}: no pto/pto-inst.hpp", file=sys.stderr)
        return 2
    groups = {"fixtures": [] if a.no_fixtures else sorted(str(p) for p in (ROOT / "fixtures").rglob("*.cpp")),
              "corpus": corpus_files(root, a.glob or DEFAULT_GLOBS, a.all_corpus)}
    if a.limit and len(groups["corpus"]) > a.limit:
        step = len(groups["corpus"]) / a.limit
        groups["corpus"] = [groups["corpus"][int(i * step)] for i in range(a.limit)]
    jobs = [(f, m, include) for files in groups.values() for f in files for m in MODES]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.j) as pool:
        results = list(pool.map(run_one, jobs))
    wall = time.perf_counter() - t0
    by = {(r["path"], r["mode"]): r for r in results}
    report: dict = {"wall_seconds": round(wall, 1), "groups": {}}
    for name, files in groups.items():
        g: dict = {"files": len(files), "differences": []}
        for m in MODES:
            rs = [by[(f, m)] for f in files]
            g[m] = {"parsed_clean": sum("crash" not in r and not r["parse_errors"] for r in rs),
                    "no_other_errors": sum("crash" not in r and not r["other_errors"] for r in rs),
                    "crashes": sum("crash" in r for r in rs),
                    "calls": sum(r.get("calls", 0) for r in rs), "resolved": sum(r.get("resolved", 0) for r in rs),
                    "findings": sum(len(r.get("findings", [])) for r in rs)}
        both = agree = 0
        for f in files:
            rm, rr = by[(f, "model")], by[(f, "real")]
            if "crash" in rm or "crash" in rr:
                continue
            both += 1
            fm, fr = {tuple(x) for x in rm["findings"]}, {tuple(x) for x in rr["findings"]}
            if fm == fr:
                agree += 1
            else:
                g["differences"].append({"file": f, "model_only": sorted(fm - fr), "real_only": sorted(fr - fm)})
        g["compared"], g["agree"] = both, agree
        report["groups"][name] = g
    for name, g in report["groups"].items():
        print(f"== {name}: {g['files']} file(s)")
        for m in MODES:
            s = g[m]
            print(f"  {m:<5}: parsed without errors {s['parsed_clean']}/{g['files']} (without errors other than "
                  f"the headers' static_assert / overload checks: {s['no_other_errors']}), crashes {s['crashes']}, "
                  f"call sites {s['calls']} (resolved {s['resolved']}), findings {s['findings']}")
        print(f"  findings agree (same (rule, line, target) set) on {g['agree']}/{g['compared']} file(s) "
              "analysed in both modes")
        for d in g["differences"]:
            print(f"  DIFF {d['file']}: model only {d['model_only']}; real only {d['real_only']}")
    for r in results:
        if "crash" in r:
            print(f"CRASH [{r['mode']}] {r['path']}: {r['crash']}")
        elif r["other_errors"]:
            print(f"PARSE [{r['mode']}] {r['path']}: {len(r['other_errors'])} error(s) besides header checks, "
                  f"first: {r['other_errors'][0]}")
    if a.json:
        Path(a.json).write_text(json.dumps({"report": report, "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Measure ptolint on a corpus of real kernels (e.g. a checkout of the public PTO ISA repository).

Usage: python bench/corpus.py PTO_ISA_DIR [--glob PATTERN ...] [--target T ...] [--json OUT] [-j N] [--prove]
                              [--limit N] [--time-limit SECONDS] [--file-timeout SECONDS]

Reports per target: files analysed, parse problems, builtin call sites of checked instructions found /
resolved, findings by level and rule, and time. With --prove (proof mode, ptolint check --prove) also the share
of call sites verified per target, kernels verified, the verified share per kernel (median, mean), and the
most frequent reasons for unknown. --limit N takes
every k-th file so that N remain (a spread subset); --time-limit stops waiting after that long and reports the
files done. --target T (any of ptolint's six, repeatable) checks the ST kernels of that target
(tests/npu/<target dir>/**/*_kernel.cpp unless --glob says otherwise) on that target: each file is checked
on the targets named by a directory of its path (the newer targets' kernels build for their own chip only).
--file-timeout checks each file in a process forked for it (ptolint/parallel.py, as `ptolint check` does) and
stops it after that long (a `timeout` row, listed); the CPU time of each file is recorded either way.
Nothing of the corpus is copied anywhere.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import resource
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, wait
from pathlib import Path

DEFAULT_GLOBS = [
    "tests/npu/a2a3/**/*_kernel.cpp",
    "tests/npu/a5/**/*_kernel.cpp",
    "kernels/manual/a2a3/**/*.cpp",
    "kernels/manual/a5/**/*.cpp",
    "kernels/automode/**/*.cpp",
]


SELECT: list[str] | None = None  # --select: rule codes / prefixes (None: every rule)
TARGETS: tuple[str, ...] = ("a2a3", "a5")  # --target: the targets reported (a file is checked on those its path names)
PROVE = False  # --prove: record the proof table (ptolint/proof.py)


def options(path: str):
    """The engine options a file is checked with (its targets, the selected rules, proof mode)."""
    from ptolint.engine import Options
    from ptolint.ruleset import load_rules, select_rules

    load_rules()
    rules, _ = select_rules(SELECT, None)
    return Options(targets=file_targets(path), rules=rules, prove=PROVE)


def check_one(path: str) -> dict:
    from ptolint.engine import check_file

    t0, c0 = time.perf_counter(), time.process_time()
    try:
        res = check_file(path, options(path))
    except Exception as exc:  # noqa: BLE001 - the benchmark records crashes instead of stopping
        return {"path": path, "crash": f"{type(exc).__name__}: {exc}", "seconds": time.perf_counter() - t0}
    return summarise(res, path, time.perf_counter() - t0, time.process_time() - c0)


def check_forked(files: list[str], workers: int, timeout: float) -> list[dict]:
    """Each file in a process of its own with a time budget (ptolint/parallel.py); a file stopped at its budget or
    whose process died is a crash row saying so."""
    from ptolint import parallel
    from ptolint.cache import result_from_dict

    plain = parallel.run_one

    def timed(job, crashed=None):  # the child's CPU time is that of its one file (a fresh fork per file)
        out = plain(job, crashed)
        out.cpu = time.process_time()
        return out

    parallel.run_one = timed
    outs = parallel.run_jobs([parallel.Job(f, options(f), timeout) for f in files], workers)
    rows = []
    for f, out in zip(files, outs, strict=True):
        if out.result is None:
            why = out.failure.code if out.failure else "crash"
            rows.append({"path": f, "crash": f"{why}: {out.failure.message if out.failure else ''}",
                         "seconds": timeout if why == "timeout" else 0.0})
            continue
        rows.append(summarise(result_from_dict(out.result, f), f, getattr(out, "cpu", 0.0), getattr(out, "cpu", 0.0)))
    return rows


def summarise(res, path: str, seconds: float, cpu: float) -> dict:
    """What the benchmark keeps of one file's result."""
    targets = file_targets(path)
    return {
        "path": path,
        "seconds": seconds,
        "cpu": cpu,
        "parse_errors": sum(d.code == "parse-error" for d in res.diagnostics),
        "host_errors": sum(d.code == "host-code-error" for d in res.diagnostics),
        "internal_errors": [f"{d.line}: {d.message}" for d in res.diagnostics if d.code == "internal-error"],
        "stats": {t: {"calls": s.builtin_calls, "resolved": s.resolved, "unresolved": s.unresolved,
                      "entries": len(s.entry_points)} for t, s in res.stats.items()},
        "unresolved": [(u.builtin, u.line, u.target, u.reason) for u in res.unresolved],
        "findings": [(f.rule_id, f.level, f.site.target, f.site.line, f.message) for f in res.findings],
        "unconfirmed": len(res.unconfirmed),
        "unconfirmed_rules": dict(Counter(u[0] for u in res.unconfirmed)),
        "unconfirmed_reasons": [u[3] for u in res.unconfirmed],
        "proof": proof_summary(res, targets) if PROVE else None,
    }


def file_targets(path: str) -> list[str]:
    """The targets a file is built for: a kernel under tests/npu/<target>/ (any case, e.g. kirinX90/) or
    kernels/manual/<target>/ is built for that chip only; any other file for every target reported."""
    from ptolint.targets import ALL_TARGETS

    parts = {p.lower() for p in Path(path).parts}
    return [t for t in ALL_TARGETS if t in parts] or list(TARGETS)


def proof_summary(res, targets: list[str]) -> dict:
    """The proof table's counts of one file (ptolint/report/proof.py), per target."""
    from ptolint.report.proof import FileInput, file_proof

    doc = file_proof(FileInput(res.path, targets, res.stats, res.diagnostics, res.proof), targets)
    return {t: {**doc["counts"][t], "kernels": sum(k["targets"][t]["status"] != "not-checked" for k in doc["kernels"]),
                "kernels_verified": sum(k["targets"][t]["status"] == "verified" for k in doc["kernels"]),
                "kernel_shares": [k["targets"][t]["counts"]["verified_share"] for k in doc["kernels"]
                                  if k["targets"][t]["status"] != "not-checked" and k["targets"][t]["counts"]["sites"]],
                "reasons": doc["unknown_reasons"][t]} for t in targets}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--glob", action="append")
    ap.add_argument("--target", action="append",
                    help="the ST kernels of this target (a2a3, a5, a6, kirin9030, kirinx90, kirindev0000; repeatable)")
    ap.add_argument("--json")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only-seed", action="store_true", help="only files calling a seed instruction")
    ap.add_argument("--select", action="append", help="check only these rules (codes or prefixes, repeatable)")
    ap.add_argument("--prove", action="store_true", help="proof mode: share of call sites verified, reasons")
    ap.add_argument("--limit", type=int, help="a spread subset of at most N files")
    ap.add_argument("--time-limit", type=float, help="report the files done after this many seconds")
    ap.add_argument("--file-timeout", type=float, help="stop a file after this many seconds (one process per file)")
    a = ap.parse_args()
    global SELECT, PROVE, TARGETS
    SELECT = a.select
    PROVE = a.prove
    root = Path(a.root)
    globs = a.glob or DEFAULT_GLOBS
    if a.target:
        from ptolint.targets import NPU_DIRS

        TARGETS = tuple(t.lower() for t in a.target)
        unknown = [t for t in TARGETS if t not in NPU_DIRS]
        if unknown:
            ap.error(f"unknown target(s): {', '.join(unknown)}")
        globs = a.glob or [f"tests/npu/{NPU_DIRS[t]}/**/*_kernel.cpp" for t in TARGETS]
    # glob.glob, not Path.glob: it follows symbolic links, and most of tests/npu/kirinX90/src/st/testcase/
    # are links to the Kirin 9030 directories (the same kernels, built for Kirin X90)
    files = sorted({str(Path(p)) for g in globs for p in glob.glob(str(root / g), recursive=True)})
    if a.only_seed:
        seeds = ("TEXTRACT", "TROWPROD", "TRESHAPE", "TCOLEXPANDMAX", "TDIVS")
        files = [f for f in files if any(s in Path(f).read_text(errors="replace") for s in seeds)]
    if a.limit and len(files) > a.limit:
        files = files[::-(-len(files) // a.limit)]
    t0, c0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    if a.file_timeout:
        results = check_forked(files, a.j, a.file_timeout)
    else:
        pool = ProcessPoolExecutor(a.j)
        futures = [pool.submit(check_one, f) for f in files]
        wait(futures, timeout=a.time_limit)
        results = [f.result() for f in futures if f.done()]
        for f in futures:
            f.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
    if len(results) < len(files):
        print(f"time limit: {len(results)} of {len(files)} file(s) done")
        files = [r["path"] for r in results]
    wall = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime
    crashes = [r for r in results if "crash" in r]
    ok = [r for r in results if "crash" not in r]
    analysed = [r for r in ok if r["parse_errors"] == 0]
    per_target = {}
    for t in TARGETS:
        calls = sum(r["stats"].get(t, {}).get("calls", 0) for r in ok)
        res = sum(r["stats"].get(t, {}).get("resolved", 0) for r in ok)
        per_target[t] = (calls, res)
    levels = Counter(f[1] for r in ok for f in r["findings"])
    rules = Counter((f[0], f[1]) for r in ok for f in r["findings"])
    print(f"files: {len(files)}  analysed without parse errors: {len(analysed)} "
          f"({100 * len(analysed) / max(1, len(files)):.1f}%)  crashes: {len(crashes)}  "
          f"internal errors: {sum(len(r['internal_errors']) for r in ok)}  wall: {wall:.1f}s  "
          f"CPU (workers): {cpu:.0f}s")
    for t, (calls, res) in per_target.items():
        print(f"[{t}] checked-instruction call sites: {calls}, resolved {res} ({100 * res / max(1, calls):.1f}%)")
    unconfirmed = sum((Counter(r["unconfirmed_rules"]) for r in ok), Counter())
    print(f"findings: {dict(levels)}  unconfirmed candidates: {dict(sorted(unconfirmed.items()))}")
    # the entry replay's verdicts: candidates it confirmed (findings) and why it refused the others
    confirmed, refused = sum(len(r["findings"]) for r in ok), sum(r["unconfirmed"] for r in ok)
    print(f"entry replay: {confirmed} candidate(s) confirmed, {refused} not confirmed")
    reasons = Counter(reason_class(x) for r in ok for x in r.get("unconfirmed_reasons", []))
    for why, n in reasons.most_common(15):
        print(f"  {n:5d}  {why}")
    for (rule, level), n in sorted(rules.items()):
        print(f"  {rule} {level}: {n}")
    if a.prove:
        print_proof(ok)
    for r in crashes:
        print(f"CRASH {r['path']}: {r['crash']}")
    for r in ok:
        for e in r["internal_errors"]:
            print(f"INTERNAL {r['path']}:{e}")
        if r["parse_errors"]:
            print(f"PARSE {r['path']}: {r['parse_errors']} error(s)")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1))
    return 0


def print_proof(ok: list[dict]) -> None:
    """Per target: call sites verified (share), kernels verified, the most frequent reasons for unknown."""
    for t in TARGETS:
        per = [r["proof"][t] for r in ok if r.get("proof") and t in r["proof"]]
        n = {k: sum(p[k] for p in per) for k in ("sites", "verified", "violated", "unknown", "not-applicable",
                                                  "kernels", "kernels_verified")}
        reasons = sum((Counter(p["reasons"]) for p in per), Counter())
        print(f"[{t}] proof: {n['verified']}/{n['sites']} call sites verified "
              f"({100 * n['verified'] / max(1, n['sites']):.1f}%), {n['violated']} violated, {n['unknown']} unknown, "
              f"{n['not-applicable']} not applicable; kernels verified {n['kernels_verified']}/{n['kernels']}")
        shares = sorted(x for p in per for x in p.get("kernel_shares", []))
        if shares:
            print(f"  per kernel (reaching a call): {len(shares)}, verified share median "
                  f"{100 * shares[len(shares) // 2]:.1f}%, mean {100 * sum(shares) / len(shares):.1f}%, "
                  f"all sites verified {sum(x == 1.0 for x in shares)}, none {sum(x == 0.0 for x in shares)}")
        for why, k in reasons.most_common(8):
            print(f"  unknown: {k:5d} site(s)  {why}")


def reason_class(reason: str) -> str:
    """A refusal reason with its numbers, names and source text blanked, so that equal causes count together."""
    r = re.sub(r"'[^']*'", "'…'", reason)
    r = re.sub(r"line \d+: .*?(?=(:|$| \())", "line N: …", r)
    r = re.sub(r"\b\d[\d,]*\b", "N", r)
    return r[:140]


if __name__ == "__main__":
    sys.exit(main())

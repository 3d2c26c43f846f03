"""Command line: check, rules, explain, info, replay.

Exit status: 0 no finding at warning or error level; 1 findings; 2 usage error or unreadable /
unparseable input or a header that is not found (also when findings exist). Heavy imports (z3, libclang)
happen inside commands.
"""

from __future__ import annotations

import json
import os
import sys
from enum import Enum
from pathlib import Path

import typer

# plain help (not rich panels): no `<bool>` after flags, long option names not cut, up to 120 columns
app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  context_settings={"max_content_width": 120},
                  help="Constraint-checking linter for PTO ISA kernels (Ascend A2/A3 and A5).")



def _plain_arguments() -> None:
    """typer prints an argument as `PATH <list[Path]>` in help and `{PATH}...` in the usage line; ruff and
    clang-tidy print `PATH...`. An argument with a metavar is shown as that metavar alone (typer 0.26 to 0.29 have
    these hooks; on another typer nothing changes)."""
    import inspect

    from typer.core import TyperArgument

    def usage_name(self) -> str:  # noqa: ANN001
        return (self.metavar if self.required else f"[{self.metavar}]") + ("..." if self.nargs != 1 else "")

    base_type = getattr(TyperArgument, "display_type_rich", None)
    base_usage = getattr(TyperArgument, "_usage_display_name", None)
    if base_type is not None and base_usage is not None:  # typer 0.29
        TyperArgument.display_type_rich = lambda self, ctx: None if self.metavar else base_type(self, ctx)
        TyperArgument._usage_display_name = lambda self: usage_name(self) if self.metavar else base_usage(self)
        return
    base_metavar = TyperArgument.make_metavar
    if "usage" in inspect.signature(base_metavar).parameters:  # typer 0.26 - 0.28

        def make_metavar(self, ctx, *, usage: bool = False) -> str:  # noqa: ANN001
            return usage_name(self) if self.metavar and usage else base_metavar(self, ctx, usage=usage)

        TyperArgument.make_metavar = make_metavar


_plain_arguments()

SOURCE_SUFFIXES = {".cpp", ".cc", ".cxx", ".c++", ".cce", ".c"}
HEADER_SUFFIXES = {".h", ".hpp", ".hh", ".hxx", ".inc"}


class Format(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"
    matrix = "matrix"


class ListFormat(str, Enum):
    text = "text"
    json = "json"


class Headers(str, Enum):
    auto = "auto"
    model = "model"
    real = "real"


TARGET_HELP = ("a2a3, a5, a6, kirin9030, kirinx90, kirindev0000 (any case) or all (comma list allowed). "
               "[default: config, else a2a3,a5]")
HEADERS_HELP = ("PTO headers to parse against: auto (the real ones when an -I dir holds pto/pto-inst.hpp, "
                "else the bundled model), model or real.")


def use_headers(parse_opts: list, headers: Headers) -> dict:
    """Set the header mode on each ParseOptions; fails when real headers are forced but absent. Returns
    the choice for the first one (what `info` shows)."""
    from ptolint.frontend.parse import header_choice

    doc: dict = {}
    for po in parse_opts:
        po.headers = headers.value
        try:
            c = header_choice(po)
        except ValueError as exc:
            fail(str(exc))
        doc = doc or {"mode": c.mode, "requested": c.requested, "include": c.include_dir}
    return doc


def fail(message: str) -> None:
    typer.echo(f"ptolint: error: {message}", err=True)
    raise typer.Exit(2)


def version_callback(value: bool) -> None:
    if value:
        from ptolint import __version__

        typer.echo(f"ptolint {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                      help="Show the version and exit.")) -> None:
    """Constraint-checking linter for PTO ISA kernels."""


def split_ids(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    out: list[str] = []
    for v in values:
        out += [x.strip() for x in v.split(",") if x.strip()]
    return out


def sources_under(top: Path) -> list[str]:
    """The C++ sources under a directory, in name order, through symbolic links to directories too (a test tree
    whose cases link to another target's, as pto-isa's Kirin X90 one does, is checked whole); a directory reached
    twice (a link loop, or a link to a directory already walked) is walked once."""
    out: list[str] = []
    seen: set[str] = set()

    def walk(d: Path) -> None:
        real = os.path.realpath(d)
        if real in seen:
            return
        seen.add(real)
        try:
            entries = sorted(d.iterdir())
        except OSError:
            return
        for e in entries:
            if e.is_dir():
                walk(e)
            elif e.is_file() and e.suffix.lower() in SOURCE_SUFFIXES:
                out.append(str(e))

    walk(top)
    return out


def collect_files(paths: list[Path]) -> tuple[list[str], list[str]]:
    """Files to check (directories recurse over C++ sources) and the paths that do not exist."""
    files: list[str] = []
    missing: list[str] = []
    for p in paths:
        if p.is_dir():
            files += sources_under(p)
        elif p.exists():
            files.append(str(p))
        else:
            missing.append(str(p))
    return files, missing


@app.command()
def check(
    paths: list[Path] = typer.Argument(..., metavar="PATH",
                                       help="Kernel files or directories (recursing over C++ sources)."),
    target: str | None = typer.Option(None, "--target", "-t", metavar="TARGETS",
                                      help=TARGET_HELP),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
    output: Path | None = typer.Option(None, "--output", "-o", metavar="FILE", help="Write the report to FILE."),
    include: list[str] = typer.Option([], "-I", metavar="DIR", help="Add an include directory."),
    define: list[str] = typer.Option([], "-D", metavar="NAME[=VAL]", help="Define a macro (NAME or NAME=VALUE)."),
    std: str | None = typer.Option(None, "--std", metavar="STD",
                                   help="C++ standard passed to the parser. [default: c++17]"),
    select: list[str] = typer.Option([], "--select", metavar="IDS", help="Only these rules (codes, names or prefixes) or failure "
                                                          "kinds (compile-error, runtime-fault, silent, debug-trap)."),
    ignore: list[str] = typer.Option([], "--ignore", metavar="IDS", help="Skip these rules (codes, names or prefixes) or failure "
                                                          "kinds."),
    blocks: int | None = typer.Option(None, "--blocks", metavar="N",
                                      help="Number of AI cores get_block_idx() ranges over. [default: 64]"),
    timeout_ms: int | None = typer.Option(None, "--timeout-ms", metavar="MS", help="Z3 time limit per query. [default: 5000]"),
    baseline: Path | None = typer.Option(None, "--baseline", metavar="FILE",
                                         help="Report only findings that are not in this baseline file."),
    write_baseline: Path | None = typer.Option(None, "--write-baseline", metavar="FILE",
                                               help="Write the current findings to FILE as a baseline."),
    stats: bool = typer.Option(False, "--stats", help="Print per-file analysis statistics."),
    debug: bool = typer.Option(False, "--debug", help="Show unconfirmed candidates and tracebacks."),
    headers: Headers = typer.Option(Headers.auto, "--headers", help=HEADERS_HELP),
    jobs: int | None = typer.Option(None, "--jobs", "-j", metavar="N",
                                    help="Check this many files in parallel. [default: number of cores]"),
    file_timeout: float | None = typer.Option(None, "--file-timeout", metavar="SECONDS",
                                              help="Stop checking a file after this long. [default: 300]"),
    no_cache: bool = typer.Option(False, "--no-cache",
                                  help="Neither read nor write the result cache ($PTOLINT_CACHE_DIR)."),
    build_dir: Path | None = typer.Option(None, "-p", "--build-dir", metavar="DIR",
                                          help="Read each file's flags from DIR/compile_commands.json."),
    replay_budget: int | None = typer.Option(None, "--replay-budget", metavar="STEPS",
                                             help="Statements the entry replay may run to confirm a candidate. "
                                                  "[default: 2000000]"),
    sarif_root: Path | None = typer.Option(None, "--sarif-root", metavar="DIR",
                                           help="SARIF URIs relative to DIR. [default: the git top level of the "
                                                "checked files, else the working directory]"),
    allow_missing_includes: bool = typer.Option(False, "--allow-missing-includes",
                                                help="A header that is not found is a note (replaced by an empty "
                                                     "one), not an error."),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="Only the first line of each finding and diagnostic: no source excerpt, "
                                    "witness or summary (text and github formats)."),
    statistics: bool = typer.Option(False, "--statistics",
                                    help="Instead of the findings, how many each rule (and each diagnostic code) "
                                         "has, most frequent first, and the summary (text format)."),
    prove: bool = typer.Option(False, "--prove",
                               help="Proof mode: per call site, rule and target verified, violated, unknown (why) "
                                    "or not applicable; per kernel and file the share verified (text, json, sarif)."),
    show_fixes: bool = typer.Option(False, "--show-fixes",
                                    help="Compute the validated fixes of each finding: `[*]` and `fix:` lines in "
                                         "text, `fixes` in SARIF and JSON."),
    fix: bool = typer.Option(False, "--fix", help="Apply the safe fixes (rewriting the files), then check again."),
    diff: bool = typer.Option(False, "--diff", help="Print the safe fixes as a unified diff instead of writing them "
                                                    "(exit 1 when there is one)."),
) -> None:
    """Check kernels for PTO ISA constraint violations on each target."""
    params = dict(locals())  # every option as parsed: the run memo's key (ptolint/runmemo.py)
    from ptolint.targets import ALL_TARGETS, DEFAULT_TARGETS, parse_targets

    try:
        cli_targets = parse_targets(target) if target is not None else None
    except ValueError as exc:
        fail(str(exc))
    if blocks is not None and blocks < 1:
        fail("--blocks must be at least 1")
    if jobs is not None and jobs < 1:
        fail("--jobs must be at least 1")
    if file_timeout is not None and not file_timeout > 0:  # NaN too
        fail("--file-timeout must be positive")
    if replay_budget is not None and replay_budget < 1:
        fail("--replay-budget must be at least 1")
    if statistics and fmt != Format.text:
        fail("--statistics works with --format text only")
    if prove and (statistics or fmt not in (Format.text, Format.json, Format.sarif)):
        fail("--prove works with --format text, json or sarif (and not with --statistics)")
    if (fix or diff) and (prove or write_baseline is not None):
        fail("--fix and --diff do not combine with --prove or --write-baseline")
    from ptolint import runmemo

    files, missing = collect_files(paths)
    memo_key = runmemo.run_key(params, files, missing)
    replay = runmemo.lookup(memo_key) if memo_key else None
    if replay is not None:  # the very same run over unchanged files: its report again
        sys.stdout.write(replay[0])
        raise typer.Exit(replay[1])
    from ptolint.cache import result_from_dict
    from ptolint.config import finding_selected, merge
    from ptolint.report.common import BaselineError, filter_baseline, read_baseline
    from ptolint.result import FileResult
    from ptolint.ruleset import select_rules
    from ptolint.targets import rules_per_target

    rules, unknown = select_rules(split_ids(select), split_ids(ignore))
    if unknown:
        fail(f"unknown rule id(s): {', '.join(unknown)} (see 'ptolint rules')")
    known = None
    if baseline is not None:
        try:
            known = read_baseline(baseline)
        except BaselineError as exc:
            fail(str(exc))
    cli = {"target": cli_targets, "select": split_ids(select), "ignore": split_ids(ignore), "includes": list(include),
           "defines": list(define), "std": std, "blocks": blocks, "timeout_ms": timeout_ms,
           "replay_budget": replay_budget}
    compdb = load_compdb(build_dir)
    plans = [(f, *file_options(f, cli, debug, compdb)) for f in files]  # config errors stop here, before any check
    use_headers([opts.parse for _, opts, _ in plans], headers)
    for _, opts, _ in plans:
        opts.prove = prove
        opts.fixes = show_fixes or fix or diff
    targets = [t for t in ALL_TARGETS if any(t in opts.targets for _, opts, _ in plans)] or (cli_targets or list(DEFAULT_TARGETS))
    if plans:
        rules = sorted({r.code: r for _, opts, _ in plans for r in opts.rules}.values(), key=lambda r: r.code)
    results: list[FileResult] = []
    from ptolint.ir import Diagnostic

    extra = [Diagnostic(m, 0, 0, "error", "io-error", "no such file or directory", checked=m) for m in missing]
    run_deps: dict[str, str | None] = {}  # every file the results depend on (the run memo's)

    def collect() -> None:
        results.clear()
        cache, outcomes = run_plans(plans, jobs, file_timeout, no_cache)
        for (f, _, cfg), out in zip(plans, outcomes, strict=True):
            if out.deps is None or out.result is None or any(
                    d[4] == "internal-error" for d in out.result["diagnostics"]):
                run_deps["\0"] = None  # not in the result cache: the run is not memoised
            else:
                run_deps.update(out.deps)
            if out.result is None:
                r = FileResult(f)
                r.diagnostics.append(out.failure)
                if debug and out.traceback:
                    typer.echo(out.traceback, err=True)
            else:
                r = result_from_dict(out.result, f)
                keys = merge(cfg, select=cli["select"], ignore=cli["ignore"]).rule_keys
                r.findings = [x for x in r.findings if not per_file_ignored(cfg, x) and finding_selected(x, keys)]
            r.cache = "off" if cache is None else "hit" if out.cached else "miss"
            user_facing_diagnostics(r, allow_missing_includes)
            results.append(r)

    collect()
    if diff or fix:  # ptolint/fixes.py: apply (or show) the safe fixes; --fix checks the rewritten files again
        from ptolint import fixes as fixing

        status, problems = fixing.run_cli(results, collect, diff)
        extra += problems
        if diff:
            for d in problems:
                typer.echo(f"ptolint: error: {d.file}: {d.message}", err=True)
            raise typer.Exit(2 if problems else status)
    findings = all_findings = [x for r in results for x in r.findings]
    hidden = 0
    if known is not None:
        findings, hidden = filter_baseline(findings, known, baseline)
    diagnostics = extra + [d for r in results for d in r.diagnostics]
    if debug:
        for r in results:
            for code, tgt, line, why in r.unconfirmed:
                diagnostics.append(Diagnostic(r.path, line, 0, "note", "unconfirmed",
                                              f"[{code}] candidate on {tgt} not confirmed: {why}"))
    stats_doc = {r.path: stats_dict(r) for r in results}
    for (_, opts, _), r in zip(plans, results, strict=True):  # how many of the selected rules ran on each target
        applied = rules_per_target(opts.rules)
        for tgt in opts.targets:
            if isinstance(stats_doc[r.path].get(tgt), dict):
                stats_doc[r.path][tgt]["rules_applied"] = applied[tgt]
    if stats:  # whether each result came from the cache (only with --stats: it differs between runs)
        for r in results:
            stats_doc[r.path]["cache"] = r.cache
    n_err = sum(f.level == "error" for f in findings)
    n_warn = sum(f.level == "warning" for f in findings)
    from ptolint.report.common import summary_counts

    summary = f"{len(files)} file(s) checked for {', '.join(targets)}: {summary_counts(findings, diagnostics)}"
    if hidden:
        summary += f" ({hidden} finding(s) in the baseline not shown)"
    summary += partial_rules_note(targets, rules, results)
    portability = None
    if fmt in (Format.json, Format.matrix):
        from ptolint.report.matrix import FileInput, build

        portability = build([FileInput(r.path, list(opts.targets), list(opts.rules), r.stats, r.unresolved,
                                       r.diagnostics, r.findings, list(r.unchecked)) for (_, opts, _), r in zip(plans, results, strict=True)],
                            targets)
    proof_doc = None
    if prove:
        from ptolint.report import proof

        proof_doc = proof.build([proof.FileInput(r.path, list(opts.targets), r.stats, r.diagnostics, r.proof)
                                 for (_, opts, _), r in zip(plans, results, strict=True)], targets)
    if memo_key and "\0" not in run_deps:
        sys.stdout = tee = runmemo.Tee(sys.stdout)
    try:
        emit(fmt, findings, diagnostics, rules, stats_doc, summary, output, stats, portability,
             sarif_root=sarif_root, files=files, quiet=quiet, statistics=statistics, proof_doc=proof_doc)
    finally:
        if isinstance(sys.stdout, runmemo.Tee):
            sys.stdout = sys.stdout.stream
    if write_baseline is not None:
        from ptolint.report.common import write_baseline as write

        try:
            n = write(all_findings, write_baseline)
        except OSError as exc:
            fail(f"{write_baseline}: cannot write baseline: {exc.strerror or exc}")
        typer.echo(f"ptolint: wrote {n} finding(s) to the baseline {write_baseline}", err=True)
    status = 2 if any(d.level == "error" for d in diagnostics) else (
        1 if (n_err or n_warn) and write_baseline is None else 0)
    if memo_key and "\0" not in run_deps:
        runmemo.store(memo_key, tee.text(), status, run_deps)
    raise typer.Exit(status)


def user_facing_diagnostics(r, allow_missing_includes: bool) -> None:
    """What the user must hear about a file besides findings: a header that is not found is an error (the code
    that used it was not checked) unless --allow-missing-includes, and a file in which no PTO builtin call was
    reached gets a `nothing-checked` note, so that a check that checked nothing does not look clean."""
    from ptolint.ir import Diagnostic

    for d in r.diagnostics:
        d.checked = d.checked or r.path
        if d.targets and r.stats and set(d.targets) < set(r.stats):
            d.only_on = [t for t in r.stats if t in d.targets]
        if d.code == "missing-include" and not allow_missing_includes:
            d.level = "error"
            d.message += "; pass -I DIR (or --allow-missing-includes)"
    if not r.stats:  # not read or not parsed: that is reported already
        return
    if any(s.resolved for s in r.stats.values()):
        return
    unresolved = max(s.unresolved for s in r.stats.values())
    entries = max(len(s.entry_points) for s in r.stats.values())
    if unresolved:
        why = f"{unresolved} PTO builtin call(s) reached but none could be followed (see --stats)"
    elif entries:
        others = max(sum(s.other_builtins.values()) for s in r.stats.values())
        why = f"no PTO builtin call reached from its {entries} entry point(s)" + (
            f" ({others} call(s) of builtins no rule checks)" if others else "")
    else:
        why = "no PTO builtin call reached (no kernel entry point found)"
    r.diagnostics.append(Diagnostic(r.path, 0, 0, "note", "nothing-checked", f"nothing checked in {r.path}: {why}",
                                    checked=r.path))


def run_plans(plans: list, jobs: int | None, file_timeout: float | None, no_cache: bool):
    """Check the planned files in worker processes (ptolint/parallel.py) through the result cache; returns the
    cache (None when off) and one parallel.Outcome per plan, in order."""
    from ptolint.cache import ResultCache, default_dir, file_key
    from ptolint.config import DEFAULT_FILE_TIMEOUT
    from ptolint.parallel import Job, default_jobs, run_jobs

    cache = None if no_cache else ResultCache(default_dir())
    work = []
    for f, opts, cfg in plans:
        budget = file_timeout if file_timeout is not None else cfg.file_timeout or DEFAULT_FILE_TIMEOUT
        key = None
        if cache is not None and os.path.isfile(f):  # a pipe (<(...), /dev/stdin) can be read only once
            try:
                with open(f, "rb") as fh:
                    key = file_key(f, fh.read(), opts)
            except Exception:  # noqa: BLE001 - unreadable or unkeyable: check without the cache
                key = None
        work.append(Job(f, opts, budget, key))
    show = sys.stderr.isatty() and len(plans) > 3
    if not show:
        return cache, run_jobs(work, jobs or default_jobs(), cache)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    # no auto refresh: a refresh thread must not run while workers are forked
    with Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.description}"), console=Console(stderr=True), transient=True,
                  auto_refresh=False) as bar:
        task = bar.add_task("", total=len(work))

        def progress(done: int, path: str) -> None:
            bar.update(task, completed=done, description=path)
            bar.refresh()

        return cache, run_jobs(work, jobs or default_jobs(), cache, progress)


def load_compdb(build_dir: Path | None) -> dict:
    """compile_commands.json entries by absolute path ({} without -p); a bad database is a usage error."""
    if build_dir is None:
        return {}
    from ptolint.compdb import CompDbError, load

    try:
        return load(str(build_dir))
    except CompDbError as exc:
        fail(str(exc))
    return {}


def file_options(path: str, cli: dict, debug: bool, compdb: dict | None = None):
    """The engine options for one file: its own configuration (see ptolint/config.py) under the command line,
    with the file's compile_commands.json flags (-p) between the two."""
    from ptolint.config import ConfigError, check_rule_ids, config_for, merge, resolve_rules
    from ptolint.frontend.parse import ParseOptions
    from ptolint.result import Options

    try:
        cfg = config_for(path)
        check_rule_ids(cfg)
    except ConfigError as exc:
        fail(str(exc))
    eff = merge(cfg, **cli)
    rules, unknown = resolve_rules(eff.rule_keys)
    if unknown:  # pragma: no cover - both layers were validated above
        fail(f"unknown rule id(s): {', '.join(unknown)}")
    parse = ParseOptions(includes=eff.includes, defines=eff.defines, std=eff.std)
    flags = (compdb or {}).get(os.path.abspath(path))
    if flags is not None:
        parse = ParseOptions(includes=list(cli["includes"]) + flags.includes + [
                                 i for i in eff.includes if i not in cli["includes"]],
                             defines=flags.defines + eff.defines, std=cli["std"] or flags.std or eff.std,
                             extra=flags.extra + [f"-U{u}" for u in flags.undefines])
    return Options(targets=eff.targets, rules=rules, blocks=eff.blocks, timeout_ms=eff.timeout_ms, debug=debug,
                   parse=parse, replay_budget=eff.replay_budget), cfg


def per_file_ignored(cfg, finding) -> bool:
    """Is the finding's rule turned off by `per-file-ignores` for the file the finding is in?"""
    from ptolint.config import ignored_by_keys

    return ignored_by_keys(finding, cfg.ignored_rules(finding.site.file))


def partial_rules_note(targets: list[str], rules, results=()) -> str:
    """The summary's note on the newer targets (nothing unless one was checked): how many rules ran on each, and
    the calls no rule could check there (the target implements the builtin in its own files, or the reused A5
    file behaves differently there: ptolint/impls.py), which make the check there partial."""
    from ptolint.impls import FAMILY_TARGETS
    from ptolint.targets import rules_per_target

    applied = rules_per_target(rules)
    newer = [t for t in targets if t not in FAMILY_TARGETS]
    if not newer:
        return ""
    note = "; rules run per target: " + ", ".join(f"{t} {applied[t]}" for t in targets)
    unchecked: dict[str, set[str]] = {}
    for r in results:
        for tgt, _, builtin, _ in getattr(r, "unchecked", ()):
            unchecked.setdefault(tgt, set()).add(builtin)
    if unchecked:
        note += ("; not checked (no rule has facts for the implementation used there): " + "; ".join(
            f"{t}: {', '.join(sorted(unchecked[t]))}" for t in targets if t in unchecked) + ": not a full check")
    return note


def stats_dict(r) -> dict:
    out = {}
    for tgt, s in r.stats.items():
        out[tgt] = {
            "entry_points": s.entry_points,
            "instantiations": len(s.instantiations),
            "builtin_calls": s.builtin_calls,
            "resolved": s.resolved,
            "unresolved": s.unresolved,
            "other_builtin_calls": s.other_builtins,
        }
    out["unresolved_sites"] = [{"builtin": u.builtin, "line": u.line, "target": u.target, "reason": u.reason}
                               for u in r.unresolved]
    out["unconfirmed_candidates"] = len(r.unconfirmed)
    out["unchecked_sites"] = [{"builtin": b, "line": line, "target": t, "reason": why}
                              for t, line, b, why in getattr(r, "unchecked", ())]
    return out


def emit(fmt: Format, findings, diagnostics, rules, stats_doc, summary, output, show_stats,
         portability: dict | None = None, sarif_root: Path | None = None, files: list[str] | None = None,
         quiet: bool = False, statistics: bool = False, proof_doc: dict | None = None) -> None:
    if fmt == Format.json:
        from ptolint.report import json as jreport

        text = jreport.render(findings, diagnostics, stats_doc, portability, proof_doc)
    elif fmt == Format.sarif:
        from ptolint.report import sarif
        from ptolint.report.proof import sarif_properties

        text = sarif.render(findings, diagnostics, rules, sarif_root, files,
                            sarif_properties(proof_doc) if proof_doc is not None else None)
    elif fmt == Format.github:
        from ptolint.report import github

        text = github.render(findings, diagnostics, "" if quiet else summary)
    elif fmt == Format.matrix:
        from rich.console import Console

        from ptolint.report import matrix

        if output:
            with open(output, "w", encoding="utf-8") as fh:
                matrix.render(portability or {"targets": [], "files": []}, diagnostics,
                              Console(file=fh, no_color=True, width=200), summary)
        else:
            matrix.render(portability or {"targets": [], "files": []}, diagnostics, Console(highlight=False), summary)
        return
    else:
        from ptolint.report import text as treport
        from ptolint.report.console import PlainConsole, rich_console, stdout_console

        def report(console) -> None:
            if proof_doc is not None:
                from ptolint.report import proof

                proof.render(proof_doc, diagnostics, console, summary)
            elif statistics:
                treport.render_statistics(findings, diagnostics, console, summary)
            else:
                treport.render(findings, diagnostics, console, summary, quiet=quiet)

        if output:
            with open(output, "w", encoding="utf-8") as fh:
                report(PlainConsole(fh) if proof_doc is None else rich_console(file=fh, no_color=True, width=200))
        else:
            console = stdout_console() if proof_doc is None else rich_console()
            report(console)
            if show_stats:
                print_stats(stats_doc, console)
        return
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")
    else:
        sys.stdout.write(text + "\n")


def print_stats(stats_doc: dict, console) -> None:
    from ptolint.report.console import Line
    from ptolint.targets import ALL_TARGETS

    for path, per in stats_doc.items():
        for tgt, s in per.items():
            if tgt not in ALL_TARGETS:  # the per-file entries (unresolved_sites, cache, ...)
                continue
            console.print(Line(
                f"{path} [{tgt}]: {len(s['entry_points'])} entry point(s), {s['instantiations']} instantiation(s), "
                f"{s['builtin_calls']} builtin call site(s) of checked instructions: {s['resolved']} resolved, "
                f"{s['unresolved']} unresolved"
                + (f"; {s['rules_applied']} rule(s) run" if "rules_applied" in s else "")))
        for u in per.get("unresolved_sites", []):
            console.print(Line(f"  unresolved {u['builtin']} at line {u['line']} [{u['target']}]: {u['reason']}"))
        for u in per.get("unchecked_sites", []):
            console.print(Line(f"  not checked {u['builtin']} at line {u['line']} [{u['target']}]: {u['reason']}"))
    states = [per["cache"] for per in stats_doc.values() if "cache" in per]
    if states and "off" not in states:
        console.print(Line(f"cache: {states.count('hit')} hit(s), {states.count('miss')} miss(es)"))


@app.command()
def rules(fmt: ListFormat = typer.Option(ListFormat.text, "--format", "-f"),
          select: list[str] = typer.Option([], "--select", metavar="IDS", help="Only these rules (codes, names or prefixes)."),
          instruction: str = typer.Option("", "--instruction", metavar="NAME", help="Only the rules checking this builtin.")) -> None:
    """List every rule (or those selected)."""
    from ptolint.ruleset import rule_table, select_rules

    rs = sorted(rule_table().values(), key=lambda r: r.code)
    if select:
        chosen, unknown = select_rules(split_ids(select), None)
        if unknown:
            fail(f"unknown rule id(s): {', '.join(unknown)} (see 'ptolint rules')")
        rs = chosen
    if instruction:
        rs = [r for r in rs if instruction.upper() in r.instructions]
    from ptolint.failure import kinds_text, rule_kinds

    if fmt == ListFormat.json:
        doc = [{"id": r.code, "name": r.name, "instructions": list(r.instructions), "targets": list(r.targets),
                "level": r.severity, "summary": r.summary, "fault": r.fault, "kinds": rule_kinds(r),
                "provenance": [{"kind": p.kind, "where": p.where, "note": p.note} for p in r.provenance]}
               for r in rs]
        typer.echo(json.dumps(doc, indent=2))
        return
    for r in rs:
        typer.echo(f"{r.code}  {r.name:<40} {r.severity:<8} {','.join(r.targets):<8} [{kinds_text(r)}] "
                   f"{'/'.join(r.instructions)}: {r.summary}")


@app.command()
def explain(rule_id: str = typer.Argument(..., metavar="ID", help="Rule code or name.")) -> None:
    """Show one rule's documentation and provenance."""
    from ptolint.ruleset import find_rule

    r = find_rule(rule_id)
    if r is None:
        fail(f"unknown rule '{rule_id}' (see 'ptolint rules')")
    typer.echo(f"{r.code} ({r.name})\n")
    from ptolint.failure import failure_text

    typer.echo(f"Instructions: {', '.join(r.instructions)}\nTargets: {', '.join(r.targets)}\n"
               f"Level: {r.severity}\nConfirmed by executor fault: {r.fault}\nFailure kind: {failure_text(r)}\n")
    typer.echo(r.doc.strip())
    typer.echo("\n## Provenance")
    for p in r.provenance:
        typer.echo(f"- {p.kind}: {p.where}" + (f" — {p.note}" if p.note else ""))


@app.command()
def info(
    file: Path | None = typer.Argument(None, metavar="FILE", help="Show the compiler arguments and configuration for this file."),
    target: str | None = typer.Option(None, "--target", "-t", metavar="TARGETS", help=TARGET_HELP),
    fmt: ListFormat = typer.Option(ListFormat.text, "--format", "-f"),
    include: list[str] = typer.Option([], "-I", metavar="DIR", help="Add an include directory."),
    define: list[str] = typer.Option([], "-D", metavar="NAME[=VAL]", help="Define a macro."),
    std: str | None = typer.Option(None, "--std", metavar="STD", help="C++ standard passed to the parser."),
    headers: Headers = typer.Option(Headers.auto, "--headers", help=HEADERS_HELP),
) -> None:
    """Versions, the bundled model include dir, the effective configuration and the exact parser arguments."""
    from ptolint import __version__
    from ptolint.config import ConfigError, check_rule_ids, config_for, merge
    from ptolint.frontend.parse import MODEL_INCLUDE, ParseOptions, builtin_include_dir, compiler_args
    from ptolint.ruleset import load_rules
    from ptolint.targets import IMPLIED_MACROS, MACROS, TARGET_NAMES, parse_targets, rules_per_target

    try:
        cli_targets = parse_targets(target) if target is not None else None
    except ValueError as exc:
        fail(str(exc))
    try:  # the configuration that applies to FILE (or, without one, to the current directory)
        cfg = config_for(file if file is not None else Path.cwd())
        check_rule_ids(cfg)
    except ConfigError as exc:
        fail(str(exc))
    eff = merge(cfg, target=cli_targets, includes=list(include), defines=list(define), std=std)
    targets = eff.targets
    import z3

    opts = ParseOptions(includes=eff.includes, defines=eff.defines, std=eff.std)
    header_doc = use_headers([opts], headers)
    doc = {
        "ptolint": __version__,
        "python": sys.version.split()[0],
        "z3": z3.get_version_string(),
        "libclang": libclang_version(),
        "model_include": str(MODEL_INCLUDE),
        "headers": header_doc,
        "builtin_include": builtin_include_dir(),
        "targets": {t: {"name": TARGET_NAMES[t], "macros": MACROS[t], "implied_macros": IMPLIED_MACROS[t],
                        "rules": rules_per_target(load_rules().values())[t],
                        "args": compiler_args(t, opts) + ([os.path.abspath(file)] if file else [])}
                    for t in targets},
    }
    if file is not None:
        doc["file"] = str(file)
    doc["config_file"] = str(cfg.file) if cfg.file else None
    doc["config"] = {**cfg.as_dict(), "effective": {
        "target": targets, "include-dirs": eff.includes, "defines": eff.defines, "std": eff.std,
        "blocks": eff.blocks, "timeout-ms": eff.timeout_ms, "file-timeout": eff.file_timeout,
        "replay-budget": eff.replay_budget}}
    if len(targets) == 1:
        doc["args"] = doc["targets"][targets[0]]["args"]
    if fmt == ListFormat.json:
        typer.echo(json.dumps(doc, indent=2))
        return
    for k, v in doc.items():
        if k == "targets":
            n_rules = len(load_rules())
            for t, d in v.items():
                typer.echo(f"target [{t}]: {d['name']}; {d['rules']} of {n_rules} rules run there")
                typer.echo(f"macros [{t}]: {' '.join(d['macros'])} (arch_macro.hpp then defines "
                           f"{' '.join(d['implied_macros'])})")
                typer.echo(f"args [{t}]: {' '.join(d['args'])}")
        elif k == "config":
            typer.echo(f"config: {json.dumps(v)}")
        elif k == "headers":
            typer.echo(f"headers: {v['mode']} (--headers {v['requested']})"
                       + (f": {v['include']}" if v["include"] else f": {MODEL_INCLUDE}"))
        elif k != "args":
            typer.echo(f"{k}: {v}")


def libclang_version() -> str:
    import clang.cindex as ci

    fn = ci.conf.lib.clang_getClangVersion
    fn.restype = ci._CXString
    return ci._CXString.from_result(fn())


@app.command()
def replay(
    file: Path = typer.Argument(..., metavar="FILE", help="The kernel file."),
    entry: str | None = typer.Option(None, "--entry", "-e", metavar="NAME",
                                     help="Entry point to run (a function of FILE). [default: the only one]"),
    target: str | None = typer.Option(None, "--target", "-t", metavar="TARGETS",
                                      help=TARGET_HELP),
    values: list[str] = typer.Option([], "--set", metavar="NAME=VALUE", help="A kernel input NAME=VALUE (repeatable): a parameter, "
                                                       "a struct field such as t.M, get_subblockid() ..."),
    block: int | None = typer.Option(None, "--block", metavar="N", help="The value of get_block_idx()."),
    line: int | None = typer.Option(None, "--line", metavar="N", help="Print only the builtin calls on this line."),
    fmt: ListFormat = typer.Option(ListFormat.text, "--format", "-f", help="Output format."),
    replay_budget: int | None = typer.Option(None, "--replay-budget", metavar="STEPS",
                                             help="Statements the run may execute. [default: 2000000]"),
    include: list[str] = typer.Option([], "-I", metavar="DIR", help="Add an include directory."),
    define: list[str] = typer.Option([], "-D", metavar="NAME[=VAL]", help="Define a macro."),
    headers: Headers = typer.Option(Headers.auto, "--headers", help=HEADERS_HELP),
) -> None:
    """Run a kernel from its entry point with the given inputs on the concrete executor: print every builtin
    call it reaches (operands, faults) and a summary. Exit 0: no fault; 1: a fault observed; 2: bad input,
    or the run was refused (undefined behaviour, an unsupported construct, the step budget)."""
    from ptolint.config import ConfigError, config_for, merge
    from ptolint.targets import parse_targets

    try:
        cli_targets = parse_targets(target) if target is not None else None
    except ValueError as exc:
        fail(str(exc))
    if replay_budget is not None and replay_budget < 1:
        fail("--replay-budget must be at least 1")
    inputs: dict[str, int | float] = {}
    for v in values:
        if "=" not in v or not v.split("=", 1)[0].strip():
            fail(f"--set expects NAME=VALUE, got '{v}'")
        k, val = v.split("=", 1)
        try:
            inputs[k.strip()] = int(val, 0)
        except ValueError:
            try:
                inputs[k.strip()] = float(val)
            except ValueError:
                fail(f"--set {k.strip()}: '{val}' is not a number")
    if block is not None:
        inputs["get_block_idx()"] = block
    try:
        cfg = config_for(file)
    except ConfigError as exc:
        fail(str(exc))
    eff = merge(cfg, target=cli_targets, includes=list(include), defines=list(define), replay_budget=replay_budget)
    from ptolint.engine import builtin_names, read_source
    from ptolint.executor.entry import entry_frame, entry_points, run_entry
    from ptolint.executor.entry.run import release
    from ptolint.frontend import cursors
    from ptolint.frontend.parse import ParseOptions, parse
    from ptolint.frontend.values import display_name

    source, diag = read_source(str(file))
    if source is None:
        fail(f"{file}: {diag.message if diag else 'cannot read'}")
    popts = ParseOptions(includes=eff.includes, defines=eff.defines, std=eff.std)
    use_headers([popts], headers)
    builtins = builtin_names()
    runs = []
    status = 0
    for tgt in eff.targets:
        tu, diags = parse(os.path.abspath(file), tgt, popts, source)
        if tu is None:
            fail(f"{file}: cannot parse" + (f": {diags[0].message}" if diags else ""))
        errors = [d for d in diags if d.level == "error" and d.code == "parse-error"]
        roots = entry_points(tu, os.path.abspath(file))
        names = [r.spelling for r in roots]
        if entry is None:
            if len(roots) != 1:
                fail(f"{file} has {len(roots)} entry points ({', '.join(names) or 'none'}): choose one with --entry")
            fn = roots[0]
        else:
            fn = next((r for r in roots if entry in (r.spelling, display_name(r))), None)
            if fn is None:
                fail(f"{file}: no entry point named '{entry}' (entry points: {', '.join(names) or 'none'})")
        result = run_entry(tu, tgt, fn, inputs, budget=eff.replay_budget, builtins=builtins, record_calls=True)
        doc = replay_doc(file, tgt, entry_frame(fn).function, result, line, errors, inputs)
        release()
        cursors.reset()
        runs.append(doc)
        status = max(status, 2 if result.refused else 1 if doc["faults"] else 0)
    if fmt == ListFormat.json:
        typer.echo(json.dumps({"version": 1, "runs": runs}, indent=2))
    else:
        for doc in runs:
            print_replay(doc)
    raise typer.Exit(status)


def replay_doc(file: Path, target: str, entry: str, result, line: int | None, errors, given: dict) -> dict:
    """One run of `ptolint replay` as data (what --format json prints)."""
    calls = []
    for c in result.calls:
        if line is not None and c.line != line:
            continue
        calls.append({
            "builtin": c.builtin, "file": str(file) if os.path.abspath(c.file) == os.path.abspath(file) else c.file,
            "line": c.line, "column": c.column, "chain": list(c.chain),
            "loops": [{"variable": v, "value": x, "line": ln, "iteration": it} for v, x, ln, it in c.loops],
            "operands": {k: v for k, v in c.values.items()},
            "faults": [{"kind": f.kind, "detail": f.detail} for f in c.faults],
            "refused": c.refused,
        })
    return {
        "file": str(file), "target": target, "entry": entry,
        "inputs": result.inputs, "chosen": result.chosen,
        "unused": sorted(k for k in given if k not in result.inputs),
        "calls": calls, "calls_reached": result.calls_total, "calls_shown": len(calls),
        "faults": sum(len(c["faults"]) for c in calls),
        "finished": result.finished, "refused": result.refused, "steps": result.steps,
        "parse_errors": [f"{d.file}:{d.line}:{d.column}: {d.message}" for d in errors],
    }


def print_replay(doc: dict) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)
    for e in doc["parse_errors"]:
        console.print(Text(f"{e} (parse error: the run may differ from the compiled kernel)"))
    for c in doc["calls"]:
        where = "; ".join((f"{lp['variable']} = {lp['value']}, " if lp["variable"] else "")
                          + f"iteration {lp['iteration']} of the loop at line {lp['line']}" for lp in c["loops"])
        chain = " <- ".join(reversed(c["chain"]))
        console.print(Text(f"{c['file']}:{c['line']}:{c['column']}: {c['builtin']} in {chain}"
                           + (f" [{where}]" if where else "")))
        if c["operands"]:
            console.print(Text("  " + ", ".join(f"{k} = {v}" for k, v in c["operands"].items())))
        for f in c["faults"]:
            console.print(Text(f"  fault [{f['kind']}]: {f['detail']}"))
        if c["refused"]:
            console.print(Text(f"  executor: {c['refused']}"))
    inputs = ", ".join(f"{k} = {v}" for k, v in sorted(doc["inputs"].items())) or "none"
    summary = (f"{doc['entry']} on {doc['target']}: {doc['calls_reached']} builtin call(s) reached"
               + (f" ({doc['calls_shown']} shown)" if doc["calls_shown"] != doc["calls_reached"] else "")
               + f", {doc['faults']} fault(s); inputs: {inputs}")
    if doc["chosen"]:
        summary += "; chosen, not inputs: " + ", ".join(f"{k} = {v}" for k, v in sorted(doc["chosen"].items()))
    if doc["unused"]:
        summary += "; not kernel inputs (ignored): " + ", ".join(doc["unused"])
    console.print(Text(summary))
    if doc["refused"]:
        console.print(Text(f"refused: {doc['refused']}"))
    else:
        console.print(Text(f"the kernel {'returned' if doc['finished'] else 'stopped'} after {doc['steps']:,} steps"))


@app.command()
def lsp(
    on_change: float | None = typer.Option(None, "--on-change", metavar="SECONDS",
                                           help="Also analyse unsaved edits once typing pauses this long."),
) -> None:
    """Run the language server (LSP over stdin/stdout) for editors: diagnostics on open and save."""
    from ptolint import lsp as server

    try:
        server.require()
    except ImportError as exc:  # pygls missing
        fail(str(exc))
    server.serve(on_change)


def run() -> None:
    try:
        app(prog_name="ptolint")  # also under `python -m ptolint` / `python -c`: usage lines say `ptolint`
    except KeyboardInterrupt:
        typer.echo("ptolint: interrupted", err=True)
        sys.exit(2)


if __name__ == "__main__":
    run()

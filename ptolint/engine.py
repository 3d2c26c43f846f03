"""One file through the whole pipeline: parse -> call sites -> rules + solver -> executor -> findings."""

from __future__ import annotations

import os
import sys

from ptolint import impls, own_impls, proof
from ptolint.frontend.assume import find_assumptions
from ptolint.frontend.parse import launch_positions, parse
from ptolint.frontend.program import analyse
from ptolint.ir import CallSite, Diagnostic, ProofEntry, Witness
from ptolint.memory import dispose, release_if_large, resident_mb
from ptolint.replayed import ReplayedFinding
from ptolint.result import FileResult, Options, rel  # noqa: F401 - re-exported
from ptolint.ruleset import Rule, load_rules, resolve
from ptolint.solver import SiteEncoding, check_rule, encode_site, forget_encodings, reaches_whenever, rule_holds
from ptolint.suppress import Suppressions

#: check_site's outcome where the rule holds (never recorded as is: proof mode replaces it by proof.holds)
HOLDS = proof.Outcome("holds")


def builtin_names() -> set[str]:
    """The builtins some rule checks: their calls become call sites (others are only counted)."""
    return {i for r in load_rules().values() for i in r.instructions if i != "*"}


def read_source(path: str) -> tuple[str | None, Diagnostic | None]:
    """The file's text, or a diagnostic saying why it cannot be read."""
    try:
        raw = open(path, "rb").read()
    except OSError as exc:
        return None, Diagnostic(path, 0, 0, "error", "io-error", f"cannot read file: {exc.strerror or exc}")
    if b"\x00" in raw[:8192] and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, Diagnostic(path, 0, 0, "error", "io-error", "binary file (contains NUL bytes)")
    for enc in ("utf-8-sig", "utf-16") if raw.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")) else ("utf-8",):
        try:
            return raw.decode(enc), None
        except UnicodeDecodeError:
            continue
    text = raw.decode("utf-8", errors="replace")
    return text, Diagnostic(path, 0, 0, "warning", "encoding", "file is not valid UTF-8; undecodable bytes replaced")


def check_file(path: str, opts: Options, source: str | None = None) -> FileResult:
    """Check one file. `source`: its text when it is not (or not yet) what is on disk, e.g. an editor's unsaved
    buffer (the language server); the file is then not read, and `path` only names it and anchors its includes."""
    res = FileResult(path)
    start_mb = resident_mb()  # before the first target: what it adds predicts the next one's (ptolint.memory)
    forget_encodings()  # shared by the sites of one file only: a long-lived process (LSP, bench) must not grow
    if source is None:
        source, diag = read_source(path)
        if diag:
            res.diagnostics.append(diag)
    if source is None:
        return res
    abspath = os.path.abspath(path)
    suppressions = Suppressions.parse(source)
    assumptions = find_assumptions(source)
    launches = launch_positions(source)
    builtins = builtin_names()
    names: dict = {}  # the walk's chain names, shared by the targets (ptolint.frontend.values.display_name)
    rules = resolve(opts.rules)  # the options may hold entries of the rule index (ptolint.ruleset)
    seen: set[tuple] = set()
    parsed: dict[tuple, Diagnostic] = {}  # the parse's diagnostics, to list every target that raised each
    by_builtin: dict[str, list[Rule]] = {}

    def for_builtin(builtin: str) -> list[Rule]:
        """The per-call rules that look at calls of `builtin`, in the rules' order (asked once per builtin, not
        of every rule at every site)."""
        out = by_builtin.get(builtin)
        if out is None:
            out = by_builtin[builtin] = [r for r in rules if r.sequences is None and (
                builtin in r.instructions or "*" in r.instructions)]
        return out

    for target in opts.targets:
        tu, diags = parse(abspath, target, opts.parse, source)
        parents = include_parents(tu) if tu is not None and any(
            d.file and os.path.abspath(d.file) != abspath for d in diags) else {}
        for d in diags:
            d.checked = path
            d.included_from = [(rel(f, abspath, path), ln) for f, ln in include_chain(parents, d.file, abspath)]
            d.instantiated_from = [(rel(f, abspath, path), ln, col, note) for f, ln, col, note in d.instantiated_from]
            d.file = rel(d.file, abspath, path)
            key = (d.file, d.line, d.column, d.message)
            if key not in seen:
                seen.add(key)
                d.targets = [target]
                res.diagnostics.append(d)
                parsed[key] = d
            elif key in parsed:
                parsed[key].targets.append(target)
        if tu is None:
            continue
        record_includes(tu, res)
        replayer = Replayer(tu, target, abspath, opts, builtins)
        program = analyse(tu, target, abspath, builtins, blocks=opts.blocks, assumptions=assumptions,
                          launches=launches, names=names, keep_cursors=True)  # the replayer's close() lets them go
        for file, line, msg in program.limits:  # a loop or call in a header: the note names the header
            shown = rel(file, abspath, path) if file else path
            key = (shown, line, 0, msg)
            if key not in seen:
                seen.add(key)
                d = Diagnostic(shown, line, 1, "note", "analysis-limit", msg, checked=path)
                if file and os.path.abspath(file) != abspath:
                    parents = parents or include_parents(tu)
                    d.included_from = [(rel(f, abspath, path), ln) for f, ln in include_chain(parents, file, abspath)]
                res.diagnostics.append(d)
        for line, msg in program.assumption_errors:
            key = (path, line, 0, msg)
            if key not in seen:
                seen.add(key)
                res.diagnostics.append(Diagnostic(path, line, 1, "error", "bad-assumption", msg))
        res.stats[target] = program.stats
        res.unresolved += program.unresolved
        if opts.prove:  # a call the frontend could not follow: unknown for every rule, every kernel of the file
            for u in program.unresolved:
                res.proof.append(ProofEntry(target, rel(u.file, abspath, path), u.line, u.column, u.builtin, "", "",
                                            "unknown", "unresolved-call", u.reason))
        instances: dict[tuple, list[CallSite]] = {}
        unique: dict[tuple, CallSite] = {}
        for site in program.sites:
            site.file = rel(site.file, abspath, path)
            instances.setdefault(call_key(site), []).append(site)
            unique.setdefault(site_key(site), site)
        first = len(res.findings)
        settled: set[tuple] = set()  # (rule, place) of an error that stays one: no later instance changes the report
        whenever: dict[int, bool] = {}  # id(site) -> reaches_whenever, asked once per error
        plans: dict[tuple, list[tuple[Rule, bool]]] = {}  # (builtin, element types) -> (rule, whether it runs)
        for site in unique.values():  # loop iterations often repeat a call with the very same operands
            encoded: list[SiteEncoding] = []  # built on first use, shared by the site's rules
            dtypes = tuple(t.spec.dtype for _, t in site.tiles())
            note_unchecked(site, target, dtypes, rules, res)
            plan = plans.get((site.builtin, dtypes))
            if plan is None:
                plan = plans[site.builtin, dtypes] = [(rule, rule.runs(
                    site.builtin if site.builtin in rule.instructions else "*", target, dtypes))
                    for rule in for_builtin(site.builtin)]
            for rule, runs in plan:
                if (rule.code, site.file, site.line, site.column) in settled:
                    continue  # dedup keeps the first error at a place: this instance's verdict would be dropped
                if not runs:
                    if opts.prove:
                        proof.record(res, site, rule.code, proof.not_run(rule, site, dtypes))
                    continue
                if site.unresolved and not rule.operand_free:
                    if opts.prove:
                        proof.record(res, site, rule.code, proof.unresolved_operand(site))
                    continue
                try:
                    if not encoded:
                        encoded.append(encode_site(site))
                    # most rules hold at most calls whatever the path, and an equal call (solver.rule_check) asked it
                    # before: answered here, without check_site's verdict (50,000 rule checks in the 19-kernel A2/A3
                    # sample, 38,000 of them repeats)
                    known = len(res.findings)
                    outcome = HOLDS if rule_holds(rule, encoded[0].ctx) else \
                        check_site(rule, site, opts, res, encoded[0], replayer)
                    if len(res.findings) > known and settles(res.findings[-1], instances, whenever, opts):
                        settled.add((rule.code, site.file, site.line, site.column))
                    if opts.prove:
                        if outcome.status == "holds":
                            outcome = proof.holds(rule, site, encoded[0], opts.timeout_ms)
                        proof.record(res, site, rule.code, outcome)
                except Exception as exc:  # noqa: BLE001 - one broken rule/site must not hide the others
                    if opts.debug:
                        raise
                    if opts.prove:
                        proof.record(res, site, rule.code, proof.Outcome("unknown", "internal-error", str(exc)))
                    res.diagnostics.append(Diagnostic(
                        site.file, site.line, site.column, "error", "internal-error",
                        f"[{rule.code}] {type(exc).__name__} while checking {site.builtin} on {target}: {exc} "
                        "(rerun with --debug for the traceback)"))
        for f in res.findings[first:]:  # an error at one instance is the call's only if it is reached whenever the call is
            if f.level == "error" and not stays_error(f, instances, whenever):
                f.level = "warning"
        check_sequences(program.sites, target, opts, res, replayer)
        replayer.close()
        if target != opts.targets[-1]:  # this target's translation unit is garbage now: freed before the next parse
            dispose(tu)
            del tu, program, replayer
            release_if_large(start_mb=start_mb)
    for a in assumptions:
        if not a.used and not any(d.code == "bad-assumption" and d.line == a.line for d in res.diagnostics):
            res.diagnostics.append(Diagnostic(path, a.line, 1, "warning", "unused-assumption",
                                              "assumption applies to no analysed function (put it right before "
                                              "a function definition)"))
    dedup(res)
    suppressions.apply(res)
    res.findings.sort(key=lambda f: (f.site.file, f.site.line, f.site.column, f.rule_id, f.site.target))
    res.diagnostics.sort(key=lambda d: (d.file, d.line, d.column, d.code))
    if opts.fixes and res.findings:
        from ptolint import fixes

        fixes.compute(path, source, res, opts)
    return res


def note_unchecked(site: CallSite, target: str, dtypes: tuple[str, ...], rules: list[Rule], res: FileResult) -> None:
    """Record a call that the selected rules cover but whose implementation on `target` they have no facts for
    (the matrix then says the target was not fully checked, never legal)."""
    why = impls.unmodelled(site.builtin, target, dtypes)
    if why is None:
        return
    covering = [r for r in rules if site.builtin in r.instructions and r.families is not None
                and not own_impls.foreign(r.families, site.builtin, target, dtypes) and r.applies(site)]
    if not covering or all(r.runs(site.builtin, target, dtypes) for r in covering):
        return  # every covering rule has facts for the target's own file (ptolint/own_impls.py)
    entry = (target, site.line, site.builtin, why)
    if entry not in res.unchecked:
        res.unchecked.append(entry)


def settles(f: ReplayedFinding, instances: dict[tuple, list[CallSite]], whenever: dict[int, bool],
            opts: Options) -> bool:
    """Whether the new finding `f` settles its rule at its place: the call's other instances are then not
    checked for the rule (proof mode checks each of them: it reports every instance)."""
    return not opts.prove and stays_error(f, instances, whenever)


def stays_error(f: ReplayedFinding, instances: dict[tuple, list[CallSite]], whenever: dict[int, bool]) -> bool:
    """Whether `f` is an error that stays one: every input reaching any instance of its call reaches its own
    (solver.reaches_whenever; memoised in `whenever` by site, the engine asks twice). With one, the place is
    settled for its rule (`settles`): dedup keeps the first error of a rule at a place, so the call's other
    instances (other instantiations, iterations, paths) are not checked for it."""
    if f.level != "error":
        return False
    others = instances.get(call_key(f.site), [])
    if len(others) <= 1:
        return True
    known = whenever.get(id(f.site))
    if known is None:
        known = whenever[id(f.site)] = reaches_whenever(f.site, others)
    return known


def check_sequences(sites: list[CallSite], target: str, opts: Options, res: FileResult,
                    replayer: Replayer | None = None) -> None:
    """Kernel-level rules: each builds its multi-call sites from the file's calls, checked like single calls."""
    for rule in resolve(opts.rules):
        if rule.sequences is None or target not in rule.targets:
            continue
        try:
            seqs = rule.sequences(sites)
            # a loop repeats a (write, overwrite, read) triple with the very same operands and path: one verdict
            # and calls (tfa: 2,000 triples, 304 different). Proof mode records each of them.
            unique: dict[tuple, CallSite] = {}
            for q in seqs:
                unique.setdefault((site_key(q), tuple((x.file, x.line, x.column, tuple(x.chain)) for x in q.steps)), q)
            for seq in seqs if opts.prove else unique.values():
                if all(rule.runs(st.builtin, target, tuple(t.spec.dtype for _, t in st.tiles()))
                       for st in seq.steps if st.builtin in rule.instructions):
                    outcome = check_site(rule, seq, opts, res, replayer=replayer)
                    if opts.prove:
                        if outcome.status == "holds":
                            outcome = proof.holds(rule, seq, encode_site(seq), opts.timeout_ms)
                        proof.record(res, seq, rule.code, outcome)
                elif opts.prove:
                    proof.record(res, seq, rule.code, proof.Outcome(
                        "unknown", "no-facts", "a call of the sequence is implemented by a file no rule has facts for"))
            if opts.prove:
                proof.kernel_level(rule, sites, seqs, res)
        except Exception as exc:  # noqa: BLE001 - a broken kernel-level rule must not hide the others
            if opts.debug:
                raise
            res.diagnostics.append(Diagnostic(
                res.path, 0, 0, "error", "internal-error",
                f"[{rule.code}] {type(exc).__name__} on {target}: {exc} (rerun with --debug for the traceback)"))


def record_includes(tu, res: FileResult) -> None:
    """Note the files a translation unit included (the result cache's dependencies)."""
    from ptolint.frontend.parse import MISSING_DIR

    for inc in tu.get_includes():
        f = inc.include
        if f is None:
            continue
        name = f.name
        if name.startswith(MISSING_DIR + "/"):
            includer = inc.source.name if inc.source is not None else ""
            res.missing_includes.add((name[len(MISSING_DIR) + 1:], os.path.dirname(os.path.abspath(includer))))
        else:
            res.includes.add(os.path.abspath(name))
    for name, includer in getattr(tu, "ptolint_missing_includes", ()):  # skipped, not replaced (parse.KEEP_GOING)
        res.missing_includes.add((name, os.path.dirname(os.path.abspath(includer))))
    for name in getattr(tu, "ptolint_pch_includes", ()):  # headers loaded from the model PCH are not listed
        res.includes.add(os.path.abspath(name))


def include_parents(tu) -> dict[str, tuple[str, int]]:
    """Each header the translation unit included -> (the file that included it first, the #include line)."""
    out: dict[str, tuple[str, int]] = {}
    for inc in tu.get_includes():
        if inc.include is None or inc.source is None:
            continue
        out.setdefault(os.path.abspath(inc.include.name), (os.path.abspath(inc.source.name), inc.location.line))
    return out


def include_chain(parents: dict[str, tuple[str, int]], name: str, main: str) -> list[tuple[str, int]]:
    """The #include lines from the checked file `main` to `name`, outermost first ([] for `main` itself or a
    file the translation unit did not include)."""
    chain: list[tuple[str, int]] = []
    cur = os.path.abspath(name) if name else main
    while cur != main and cur in parents and len(chain) < 64:
        cur, line = parents[cur]
        chain.append((cur, line))
    return list(reversed(chain)) if cur == main else []


class Replayer:
    """Confirms candidates by running the kernel from its entry point (ptolint.executor.entry) on one
    target's translation unit; runs with the same entry, call, fault and kernel inputs are made once, and a
    call that a complete run from the same entry with the same inputs never executed is not run for again."""

    def __init__(self, tu, target: str, abspath: str, opts: Options, builtins: set[str]):
        self.tu, self.target, self.abspath = tu, target, abspath
        self.budget = opts.replay_budget
        self.builtins = builtins
        self.cache: dict[tuple, tuple] = {}
        #: (entry, kernel inputs) -> a run that returned or was refused without confirming (no watch cut it short)
        self.complete: dict[tuple, object] = {}

    def confirm(self, site: CallSite, inputs: dict[str, int | float], fault: str):
        """(RunResult, refusal or None) of the run confirming `fault` at `site` with the witness `inputs`.

        Where several candidates of one kernel share a witness and the run is refused early (an unmodelled
        construct on the way: A5 `tinsert`, 56 of its 71 runs), each ran the kernel to the same refusal: the
        first complete run now answers for the calls it never reached (ptolint.executor.entry.unreached)."""
        from ptolint.executor.entry import confirm, unreached

        kernel_inputs = {k: v for k, v in inputs.items() if "@" not in k}  # loop counters are not inputs
        given = tuple(sorted(kernel_inputs.items()))
        key = (id(site), fault, given)
        known = self.cache.get(key)
        if known is None:
            run_key = (site.chain[0], given) if site.chain and not site.steps else None
            complete = self.complete.get(run_key) if run_key is not None else None
            why = unreached(complete, site, fault) if complete is not None else None
            if why is not None:
                known = self.cache[key] = (complete, why)
                return known
            result, _watch, why = confirm(self.tu, site, kernel_inputs, fault, file=os.path.abspath(site.file),
                                          budget=self.budget, builtins=self.builtins)
            known = self.cache[key] = (result, why)
            if run_key is not None and not result.confirmed and (result.finished or result.refused):
                self.complete.setdefault(run_key, result)
        return known

    def close(self) -> None:
        """Let the translation unit go (the runner keeps compiled code on its cursors). A process that never
        replayed a kernel has nothing to release and does not load the executor (numpy) for it: a single clean
        file's check then never imports numpy (ptolint.parallel.warm_up)."""
        from ptolint.frontend import cursors

        runner = sys.modules.get("ptolint.executor.entry.run")
        if runner is not None:
            runner.release(self.tu)
        if self.tu is not None:
            cursors.forget_top_level(self.tu)  # the walk's top level, kept for the replay (program.analyse)
        self.cache.clear()
        self.complete.clear()
        self.tu = None
        cursors.reset()


def check_site(rule: Rule, site: CallSite, opts: Options, res: FileResult, encoded: SiteEncoding | None = None,
               replayer: Replayer | None = None) -> proof.Outcome:
    """One rule on one call site: the solver searches for a witness, the entry replay confirms it. A candidate
    is a finding only when the kernel, run from its entry point with the witness's kernel inputs, reaches the
    call and the instruction faults there with the kind the rule predicts; otherwise it is listed as
    unconfirmed with the run's reason (--debug). Returns what happened, for proof mode ("holds": no finding,
    which ptolint.proof.holds turns into a status)."""
    verdict = check_rule(rule, site, opts.timeout_ms, encoded)
    if verdict.level is None:
        return proof.Outcome("holds")
    if verdict.level == "unknown":
        res.diagnostics.append(Diagnostic(site.file, site.line, site.column, "note", "solver-unknown",
                                          f"[{rule.code}] could not be decided on {site.target}: {verdict.reason}"))
        return proof.Outcome("unknown", "solver-unknown", verdict.reason)
    if replayer is None:
        res.unconfirmed.append((rule.code, site.target, site.line, "no translation unit to run the kernel from"))
        return proof.Outcome("unknown", "unconfirmed", "no translation unit to run the kernel from")
    result, why = replayer.confirm(site, verdict.inputs or {}, rule.fault)
    if why is not None:
        res.unconfirmed.append((rule.code, site.target, site.line, why))
        return proof.Outcome("unknown", "unconfirmed", f"candidate not confirmed by the entry replay: {why}")
    obs = result.observation
    fault = next(f.detail for f in obs.faults if f.kind == rule.fault)
    related = [(a.decl_file, a.decl_line, f"{name}: {a.spec.short()}") for name, a in site.tiles() if a.decl_line]
    steps = [(s.file, s.line, s.column, what) for s, what in zip(site.steps, verdict.steps or [], strict=False)]
    observed = {k: v for k, v in obs.values.items() if isinstance(v, (int, float))}
    for var, value, line, iteration in obs.loops:
        if var and isinstance(value, (int, float)):
            observed[f"{var}@L{line}"] = value
        observed[f"iteration@L{line}"] = iteration
    res.findings.append(ReplayedFinding(
        rule_id=rule.code, rule_name=rule.name, level=verdict.level, message=verdict.message, site=site,
        witness=Witness(verdict.inputs or {}, {**observed, **(verdict.values or {})}),
        confirmed=True, fault=fault, related=related, steps=steps,
        replay_args=replay_args(result, site.target), run=run_text(result),
    ))
    return proof.Outcome("violated", detail=verdict.message)


def replay_args(result, target: str) -> str:
    """`--entry E --target T --set NAME=VALUE ... --block N`: the kernel inputs the confirming run read."""
    import shlex

    from ptolint.report.common import fmt

    parts = ["--entry", shlex.quote(result.entry.split("<")[0]), "--target", target]
    for name, value in sorted(result.inputs.items()):
        if name == "get_block_idx()":
            continue
        parts += ["--set", shlex.quote(f"{name}={fmt(value)}")]
    if "get_block_idx()" in result.inputs:
        parts += ["--block", fmt(result.inputs["get_block_idx()"])]
    return " ".join(parts)


def run_text(result) -> str:
    """What the run observed at the call: 'from kern: the 4th reach faults (c@L6 = 192, iteration 4 of the loop
    at line 6)'; values the run chose (not inputs) are named."""
    obs = result.observation
    n = obs.reach
    nth = f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    where = []
    for var, value, line, iteration in obs.loops:
        loop = f"iteration {iteration} of the loop at line {line}"
        where.append(f"{var} = {value}, {loop}" if var else loop)
    text = f"from {result.entry}: the {nth} reach of the call faults" + (f" ({'; '.join(where)})" if where else "")
    if result.chosen:
        text += "; chosen, not inputs: " + ", ".join(f"{k} = {v}" for k, v in sorted(result.chosen.items()))
    return text


def call_key(site: CallSite) -> tuple:
    """The call a site is an instance of: its place, target and instantiation chain (loop iterations and the
    paths through a branch give several instances of one call)."""
    return (site.builtin, site.file, site.line, site.column, site.target, site.entry, tuple(site.chain))


def site_key(site: CallSite) -> tuple:
    """Everything a per-call rule sees of a site: two sites with equal keys have the same verdicts."""
    return (call_key(site), tuple(site.params), tuple(site.args), tuple(site.path), tuple(site.assumptions),
            tuple(sorted(site.template_args.items())), site.unresolved)


def dedup(res: FileResult) -> None:
    """One finding per rule, target and location (instantiations and loop iterations repeat a call): an error
    before a warning, otherwise the first one found (the earliest iteration)."""
    out, seen = [], set()
    rank = {"error": 0, "warning": 1, "note": 2}
    for f in sorted(res.findings, key=lambda f: rank.get(f.level, 3)):
        key = (f.rule_id, f.site.target, f.site.file, f.site.line, f.site.column)
        if key in seen:
            continue
        seen.add(key)
        out.append(f)
    res.findings = out
    diags, seen_diags = [], set()
    for d in res.diagnostics:  # e.g. one internal error per instance of a call in a loop
        key = (d.file, d.line, d.column, d.level, d.code, d.message)
        if key not in seen_diags:
            seen_diags.add(key)
            diags.append(d)
    res.diagnostics = diags



"""`ptolint lsp`: a Language Server (JSON-RPC over stdio, built on pygls) publishing ptolint's findings.

- `textDocument/didOpen` and `didSave` (and, with `--on-change SECONDS`, `didChange` after the edits pause)
  analyse the document's *current text* (not the file on disk) with the configuration that applies to its path
  (ptolint/config.py, as `ptolint check` would), and publish one LSP diagnostic per finding (findings identical
  but for the target merged) plus the input diagnostics (parse errors, configuration errors, unused
  suppressions, ...). `didClose` publishes an empty list.
- Analysis runs on one background thread (libclang and Z3 are not shared between threads), so the event loop
  keeps answering. Every request to analyse a document gets a generation number; a queued analysis that is no
  longer the document's newest is skipped, and the result of one that finished after a newer edit (or after
  the document was closed) is dropped, so stale diagnostics are never published.

The mapping from findings to LSP diagnostics (`to_lsp`) is plain data in, lsprotocol types out.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ptolint.ir import Diagnostic, Finding, split_lines

log = logging.getLogger("ptolint.lsp")

SEVERITY = {"error": 1, "warning": 2, "note": 3}  # LSP DiagnosticSeverity: Error, Warning, Information
INSTALL_HINT = "the language server needs pygls, a dependency of ptolint: pip install 'pygls>=1.3' (or reinstall ptolint)"


# --- the analysis (runs on the worker thread) -------------------------------------------------------------------

def analyse(path: str, text: str) -> tuple[list[Finding], list[Diagnostic]]:
    """ptolint's findings and input diagnostics for `text` as the contents of `path`, with that path's
    configuration (rules, targets, include dirs, per-file-ignores), as `ptolint check path` would report them."""
    findings, diagnostics, _ = analyse_full(path, text)
    return findings, diagnostics


def analyse_full(path: str, text: str):
    """`analyse`, plus what computing the fixes later needs: (result, options), or None."""
    from ptolint import config
    from ptolint.engine import Options, check_file
    from ptolint.frontend.parse import ParseOptions

    for cached in (config._find_in, config.load_config, config._read_toml):  # pick up edited configuration files
        cached.cache_clear()
    try:
        cfg = config.config_for(path)
        config.check_rule_ids(cfg)
    except config.ConfigError as exc:
        return [], [Diagnostic(path, 0, 0, "error", "config-error", str(exc))], None
    eff = config.merge(cfg)
    rules, _ = config.resolve_rules(eff.rule_keys)
    opts = Options(targets=eff.targets, rules=rules, blocks=eff.blocks, timeout_ms=eff.timeout_ms,
                   parse=ParseOptions(includes=eff.includes, defines=eff.defines, std=eff.std))
    try:
        res = check_file(path, opts, source=text)
    except Exception as exc:  # noqa: BLE001 - report it in the editor instead of dying
        log.exception("analysis of %s failed", path)
        return [], [Diagnostic(path, 0, 0, "error", "internal-error", f"{type(exc).__name__}: {exc}")], None
    findings = [f for f in res.findings if not _ignored(cfg, f) and config.finding_selected(f, eff.rule_keys)]
    return findings, res.diagnostics, (res, opts)


def code_actions(path: str, text: str, findings: list[Finding], encoding: str = "utf-16") -> list[dict]:
    """Every fix of the findings (computed by ptolint.fixes) as an LSP quick fix (JSON-shaped), with the finding's
    line (0-based) for matching requests: [(line, action)]. Safe fixes are marked preferred."""
    from ptolint.fixes import all_fixes

    lines = Lines(path, text, encoding)
    out = []
    for fx in all_fixes(findings):
        edits = [{"range": lines.range(e.file, e.line, e.column, e.end_line, e.end_column) if
                  (e.end_line, e.end_column) != (e.line, e.column) else
                  {"start": lines.position(e.file, e.line, e.column), "end": lines.position(e.file, e.line, e.column)},
                  "newText": e.text} for e in fx.edits if os.path.abspath(e.file) == lines.doc]
        if not edits:
            continue
        action = {"title": f"ptolint: {fx.title}" + ("" if fx.safe else " (unsafe)"), "kind": "quickfix",
                  "isPreferred": fx.safe, "edit": {"changes": {uri_of(path): edits}},
                  "data": {"rule": fx.rule_id, "kind": fx.kind, "safe": fx.safe}}
        out.append((fx.line - 1, fx.rule_id, action))
    return out


def compute_fixes(path: str, text: str, findings: list[Finding], state) -> None:
    """Attach validated fixes to the findings (on the worker thread, after the diagnostics are published)."""
    from ptolint import fixes

    if state is None or not findings:
        return
    res, opts = state
    try:
        fixes.compute(path, text, res, opts)
    except Exception:  # noqa: BLE001 - no fixes, but the server goes on
        log.exception("fixes for %s failed", path)


def _ignored(cfg, finding: Finding) -> bool:
    from ptolint.config import ignored_by_keys

    return ignored_by_keys(finding, cfg.ignored_rules(finding.site.file))


# --- findings -> LSP diagnostics --------------------------------------------------------------------------------

def uri_of(path: str) -> str:
    return Path(os.path.abspath(path)).as_uri()


def path_of(uri: str) -> str | None:
    """The local path of a file:// URI (None for other schemes: untitled buffers, remote files)."""
    u = urlparse(uri)
    if u.scheme != "file":
        return None
    p = unquote(u.path)
    if os.name == "nt" and p.startswith("/") and len(p) > 2 and p[2] == ":":  # pragma: no cover - Windows
        p = p[1:]
    return os.path.normpath(p)


class Lines:
    """Line texts to turn libclang's 1-based byte columns into LSP positions: the document's own text, other
    files read from disk."""

    def __init__(self, path: str, text: str, encoding: str = "utf-16"):
        self.doc = os.path.abspath(path)
        self.cache = {self.doc: split_lines(text)}
        self.encoding = encoding

    def line(self, path: str, line: int) -> str:
        key = os.path.abspath(path)
        if key not in self.cache:
            try:
                with open(key, encoding="utf-8", errors="replace") as fh:
                    self.cache[key] = split_lines(fh.read())
            except OSError:
                self.cache[key] = []
        lines = self.cache[key]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def position(self, path: str, line: int, column: int) -> dict[str, int]:
        """0-based LSP position of a 1-based (line, byte column); line 0 means 'the file as a whole'."""
        if line <= 0:
            return {"line": 0, "character": 0}
        raw = self.line(path, line).encode("utf-8")[:max(column - 1, 0)].decode("utf-8", errors="ignore")
        if self.encoding == "utf-8":
            n = len(raw.encode("utf-8"))
        elif self.encoding == "utf-32":
            n = len(raw)
        else:
            n = len(raw.encode("utf-16-le")) // 2
        return {"line": line - 1, "character": n}

    def range(self, path: str, line: int, column: int, end_line: int = 0, end_column: int = 0) -> dict:
        start = self.position(path, line, column)
        if end_line >= line > 0 and end_column and (end_line, end_column) > (line, column):
            end = self.position(path, end_line, end_column)
        elif line > 0:  # no extent: to the end of the line
            end = self.position(path, line, len(self.line(path, line).encode("utf-8")) + 1)
            if end["character"] <= start["character"]:
                end = dict(start)
        else:
            end = dict(start)
        return {"start": start, "end": end}


def _location(lines: Lines, path: str, line: int, column: int = 1) -> dict:
    return {"uri": uri_of(path), "range": lines.range(path, line, column)}


def finding_diagnostic(f: Finding, targets: list[str], lines: Lines) -> dict:
    """One LSP Diagnostic (as a JSON-shaped dict) for a finding reported on `targets`."""
    from ptolint.report.common import chain_text, kind_label, release_text, rule_doc_uri, short_function, witness_text

    s = f.site
    text = [f"{f.message} [{f.rule_name}] [{kind_label(f, targets)}] [target {', '.join(targets)}]"]
    release = release_text(f, targets)
    if release:
        text.append(release)
    w = witness_text(f)
    if w:
        text.append(f"witness: {w}")
    if f.fault:
        text.append(f"confirmed: {f.fault}")
    ch = chain_text(s.chain)
    if ch:
        text.append(ch)
    related: list[dict] = []
    here = os.path.abspath(s.file) == lines.doc
    rng = lines.range(s.file, s.line, s.column, s.end_line, s.end_column)
    if not here:
        # the call is in another file (a header): show it on the innermost call in this document leading there
        anchor = next((fr for fr in reversed(s.chain[1:]) if fr.file and os.path.abspath(fr.file) == lines.doc),
                      None)
        rng = lines.range(lines.doc, anchor.line, anchor.column) if anchor else lines.range(lines.doc, 0, 0)
        shown = os.path.relpath(s.file) if not os.path.relpath(s.file).startswith("..") else s.file
        text[0] = f"{shown}:{s.line}:{s.column}: {text[0]}"
        related.append({"location": {"uri": uri_of(s.file),
                                     "range": lines.range(s.file, s.line, s.column, s.end_line, s.end_column)},
                        "message": f"{s.builtin} call reported by {f.rule_id}"})
    for i in range(len(s.chain) - 1, 0, -1):  # innermost first, as in the text report
        fr = s.chain[i]
        if fr.file and fr.line:
            related.append({"location": _location(lines, fr.file, fr.line, fr.column),
                            "message": f"{short_function(fr.function)} called from "
                                       f"{short_function(s.chain[i - 1].function)} at line {fr.line}"})
    for file, line, col, what in f.steps:
        related.append({"location": _location(lines, file, line, col), "message": what})
    for file, line, what in f.related:
        if file and line:
            related.append({"location": _location(lines, file, line), "message": f"declared here: {what}"})
    return {
        "range": rng,
        "severity": SEVERITY.get(f.level, 3),
        "code": f.rule_id,
        "codeDescription": {"href": href} if (href := rule_doc_uri(f.rule_id)) else None,
        "source": "ptolint",
        "message": "\n".join(text),
        "relatedInformation": related or None,
        "data": {"rule": f.rule_name, "targets": targets, "witness": dict(f.witness.inputs) if f.witness else {}},
    }


def input_diagnostic(d: Diagnostic, lines: Lines) -> dict:
    """An input diagnostic (parse error, configuration error, unused suppression ...) on the document."""
    here = not d.file or os.path.abspath(d.file) == lines.doc
    message = d.message
    requested = next((n for n in d.instantiated_from if os.path.abspath(n[0]) == lines.doc), None)
    if here:
        rng = lines.range(lines.doc, d.line, d.column or 1)
    elif requested:  # a header's check failed for a template this document instantiates: on that line
        rng = lines.range(lines.doc, requested[1], requested[2] or 1)
        message = f"{d.file}{f':{d.line}' if d.line else ''}: {message} ({requested[3]})"
    else:  # e.g. an error inside an included header: on the document's first line, naming the header
        rng = lines.range(lines.doc, 0, 0)
        message = f"{d.file}{f':{d.line}' if d.line else ''}: {message}"
    out: dict[str, Any] = {"range": rng, "severity": SEVERITY.get(d.level, 3), "code": d.code, "source": "ptolint",
                           "message": message}
    if not here and d.line:
        out["relatedInformation"] = [{"location": _location(lines, d.file, d.line, d.column or 1),
                                      "message": d.message}]
    return out


def to_lsp(path: str, text: str, findings: list[Finding], diagnostics: list[Diagnostic],
           encoding: str = "utf-16") -> list[dict]:
    """Every LSP diagnostic for the document at `path` whose contents are `text` (JSON-shaped dicts)."""
    from ptolint.report.common import merge_targets

    lines = Lines(path, text, encoding)
    out = [input_diagnostic(d, lines) for d in diagnostics]
    out += [finding_diagnostic(f, targets, lines) for f, targets in merge_targets(findings)]
    return out


# --- the worker thread ------------------------------------------------------------------------------------------

class Worker:
    """One daemon thread running analyses in order (it never delays the server's exit)."""

    def __init__(self) -> None:
        self.jobs: queue.Queue = queue.Queue()
        threading.Thread(target=self._run, name="ptolint-analysis", daemon=True).start()

    def submit(self, fn, *args) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self.jobs.put((loop, fut, fn, args))
        return fut

    def _run(self) -> None:
        while True:
            loop, fut, fn, args = self.jobs.get()
            try:
                result, error = fn(*args), None
            except BaseException as exc:  # noqa: BLE001 - handed to the awaiting coroutine
                result, error = None, exc
            loop.call_soon_threadsafe(_resolve, fut, result, error)


def _resolve(fut: asyncio.Future, result, error) -> None:
    if fut.done():
        return
    if error is not None:
        fut.set_exception(error)
    else:
        fut.set_result(result)


# --- the server -------------------------------------------------------------------------------------------------

def require():
    """(LanguageServer class, lsprotocol.types); ImportError naming the fix when pygls is missing."""
    try:
        from lsprotocol import types
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    try:
        from pygls.lsp.server import LanguageServer  # pygls >= 2
    except ImportError:
        try:
            from pygls.server import LanguageServer  # pygls 1.x
        except ImportError as exc:
            raise ImportError(INSTALL_HINT) from exc
    return LanguageServer, types


def create_server(on_change: float | None = None):
    """The pygls server with ptolint's handlers. `on_change`: also analyse after edits pause this many seconds."""
    from ptolint import __version__

    LanguageServer, types = require()
    from lsprotocol.converters import get_converter

    CONVERTER = get_converter()

    class PtolintServer(LanguageServer):
        def __init__(self) -> None:
            super().__init__("ptolint", __version__)
            self.worker = Worker()
            self.generation = 0
            self.latest: dict[str, int] = {}  # uri -> generation of the newest analysis asked for
            self.actions: dict[str, asyncio.Future] = {}  # uri -> the code actions of its newest analysis

        def is_current(self, uri: str, gen: int) -> bool:
            return self.latest.get(uri) == gen

        def publish(self, uri: str, diagnostics: list, version: int | None = None) -> None:
            if hasattr(self, "text_document_publish_diagnostics"):  # pygls >= 2
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version))
            else:  # pragma: no cover - pygls 1.x
                self.publish_diagnostics(uri, diagnostics, version)

        def encoding(self) -> str:
            enc = getattr(self.workspace, "position_encoding", None)
            return str(getattr(enc, "value", enc) or "utf-16")

        async def lint(self, uri: str, delay: float = 0.0) -> None:
            self.generation += 1
            gen = self.latest[uri] = self.generation
            if delay:
                await asyncio.sleep(delay)
                if not self.is_current(uri, gen):
                    return
            path = path_of(uri)
            if path is None:
                return
            doc = self.workspace.get_text_document(uri)
            text, version, encoding = doc.source, doc.version, self.encoding()

            found: list = []

            def job():
                if not self.is_current(uri, gen):  # a newer edit arrived while this one waited: skip it
                    return None
                findings, diagnostics, state = analyse_full(path, text)
                found[:] = [findings, state]
                return to_lsp(path, text, findings, diagnostics, encoding)

            def fixes_job():
                if not found or not self.is_current(uri, gen):
                    return []
                compute_fixes(path, text, found[0], found[1])
                return code_actions(path, text, found[0], encoding)

            try:
                result = await self.worker.submit(job)
                self.actions[uri] = self.worker.submit(fixes_job)  # after the diagnostics, on the same thread
            except Exception as exc:  # noqa: BLE001
                log.exception("analysis of %s failed", uri)
                result = [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                           "severity": 1, "code": "internal-error", "source": "ptolint",
                           "message": f"{type(exc).__name__}: {exc}"}]
            if result is None or not self.is_current(uri, gen):  # obsolete (edited again, or closed)
                return
            self.publish(uri, [CONVERTER.structure(d, types.Diagnostic) for d in result], version)

    server = PtolintServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: PtolintServer, params) -> None:
        await ls.lint(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: PtolintServer, params) -> None:
        await ls.lint(params.text_document.uri)

    if on_change:
        @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
        async def did_change(ls: PtolintServer, params) -> None:
            await ls.lint(params.text_document.uri, delay=on_change)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def code_action(ls: PtolintServer, params):
        """The validated fixes of the findings on the requested lines (computed after each analysis)."""
        pending = ls.actions.get(params.text_document.uri)
        if pending is None:
            return []
        try:
            actions = await asyncio.shield(pending)
        except Exception:  # noqa: BLE001
            return []
        first, last = params.range.start.line, params.range.end.line
        wanted = {(d.range.start.line, str(d.code)) for d in params.context.diagnostics or []}
        out = [a for line, rule, a in actions
               if first <= line <= last and (not wanted or (line, rule) in wanted)]
        return [CONVERTER.structure(a, types.CodeAction) for a in out]

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PtolintServer, params) -> None:
        uri = params.text_document.uri
        ls.latest.pop(uri, None)  # a running analysis of it will not publish
        ls.publish(uri, [])

    return server


def serve(on_change: float | None = None) -> None:
    """Run the server on stdin/stdout until the client says `exit`."""
    server = create_server(on_change)
    # The protocol owns the real stdout; anything else printing (libclang, a stray print) goes to stderr so it
    # cannot corrupt the JSON-RPC stream.
    sys.stdout.flush()
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="ptolint-lsp: %(levelname)s: %(message)s")
    server.start_io(sys.stdin.buffer, out)

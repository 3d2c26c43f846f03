"""`ptolint lsp`: a real JSON-RPC session over the server's stdin/stdout, framed by a small client written here.

Every wait has a timeout and the server is killed at the end of each test, so a broken server fails the test
instead of hanging it."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

PTO102 = FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp"
TIMEOUT = 120.0  # seconds for one analysis to be published (generous for slow CI machines)

CLEAN = """#include <pto/pto-inst.hpp>
using namespace pto;

extern "C" __global__ AICORE void kernel(__gm__ float* out, int n)
{
    using L0A = TileLeft<half, 16, 64>;
    using Panel = Tile<TileType::Mat, half, 48, 64, BLayout::ColMajor, 48, 64, SLayout::RowMajor>;
    Panel panel;
    L0A a;
    TEXTRACT(a, panel, 16, 0);
}
"""


class Client:
    """A minimal LSP client: Content-Length framing over a subprocess's pipes, a reader thread, a message queue."""

    def __init__(self, *args: str, cwd: Path = ROOT):
        exe = [sys.executable, "-c", "from ptolint.cli import run; run()", "lsp", *args]  # as conftest.ptolint
        self.proc = subprocess.Popen(exe, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     cwd=cwd, env={**os.environ, "NO_COLOR": "1"})
        self.messages: queue.Queue = queue.Queue()
        self.pending: list[dict] = []  # read but not yet consumed by a wait
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)  # EOF
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
            body = out.read(int(headers["content-length"]))
            self.messages.put(json.loads(body.decode("utf-8")))

    def send(self, msg: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **msg}).encode("utf-8")
        self.proc.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict | None, timeout: float = 30.0) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.send({"id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m, timeout, f"response to {method}")

    def wait(self, pred, timeout: float, what: str) -> dict:
        for i, m in enumerate(self.pending):
            if pred(m):
                return self.pending.pop(i)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}; stderr:\n{self.stderr()}")
            try:
                m = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if m is None:
                raise AssertionError(f"server closed its output while waiting for {what}; stderr:\n{self.stderr()}")
            if pred(m):
                return m
            self.pending.append(m)

    def diagnostics(self, uri: str, timeout: float = TIMEOUT) -> dict:
        """The next textDocument/publishDiagnostics for `uri` (its params)."""
        m = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
                      timeout, f"diagnostics for {uri}")
        return m["params"]

    def stderr(self) -> str:
        if self.proc.poll() is None:
            return "(server still running)"
        return self.proc.stderr.read().decode("utf-8", errors="replace")

    def initialize(self, root: Path) -> dict:
        res = self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {
            "textDocument": {"publishDiagnostics": {"relatedInformation": True, "versionSupport": True,
                                                    "codeDescriptionSupport": True}}}})
        self.notify("initialized", {})
        return res

    def open(self, path: Path, text: str, version: int = 1) -> str:
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": version,
                                                              "text": text}})
        return uri

    def close(self) -> int:
        """shutdown + exit; the server's exit status."""
        assert self.request("shutdown", None).get("result", "missing") is None
        self.notify("exit", None)
        try:
            return self.proc.wait(timeout=30)
        finally:
            self.kill()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


@pytest.fixture
def client():
    clients: list[Client] = []

    def start(*args: str, cwd: Path = ROOT) -> Client:
        c = Client(*args, cwd=cwd)
        clients.append(c)
        return c

    yield start
    for c in clients:
        c.kill()


def by_line(diags: list[dict], code: str) -> dict[int, dict]:
    return {d["range"]["start"]["line"]: d for d in diags if d.get("code") == code}


def test_session_publishes_findings_and_clears_them_on_close(client):
    c = client()
    res = c.initialize(ROOT)
    caps = res["result"]["capabilities"]
    assert res["result"]["serverInfo"]["name"] == "ptolint"
    assert caps["textDocumentSync"]["openClose"] is True and caps["textDocumentSync"]["save"]
    uri = c.open(PTO102, PTO102.read_text())
    # the analysis runs off the event loop: a request sent meanwhile is answered before the diagnostics arrive
    err = c.request("ptolint/noSuchMethod", {})
    assert err["error"]["code"] == -32601
    assert not [m for m in c.pending if m.get("method") == "textDocument/publishDiagnostics"]
    pub = c.diagnostics(uri)
    assert pub["version"] == 1
    found = by_line(pub["diagnostics"], "PTO102")
    # the fixture's expectations: lines 15 (loop, error), 17 (constant, error), 19 (block index, warning)
    assert sorted(found) == [14, 16, 18]
    assert [found[n]["severity"] for n in (14, 16, 18)] == [1, 1, 2]
    d = found[16]
    src = PTO102.read_text().splitlines()[16]
    assert d["range"]["start"]["character"] == src.index("TEXTRACT")
    assert d["range"]["end"] == {"line": 16, "character": src.index(";")}
    assert d["source"] == "ptolint"
    assert d["codeDescription"]["href"].endswith("docs/rules.md#pto102")
    # one diagnostic for both targets (the findings are identical but for the target)
    assert "[textract-row-out-of-bounds] [debug-trap on a2a3, runtime-fault on a5] [target a2a3, a5]" in d["message"]
    assert "witness:" not in found[14]["message"]  # every invocation faults there: no input to name
    assert "witness: n = 3" in found[18]["message"]
    related = d["relatedInformation"]
    assert all(r["location"]["uri"].startswith("file://") for r in related)
    chain = [r for r in related if "called from" in r["message"]]
    assert chain and chain[0]["location"]["uri"] == PTO102.as_uri()
    assert chain[0]["location"]["range"]["start"]["line"] == 24  # StreamRows<48, 64, 4>(out, n) on line 25
    assert "StreamRows<48, 64, 4> called from kernel at line 25" in chain[0]["message"]
    decls = [r for r in related if r["message"].startswith("declared here")]
    assert {r["location"]["range"]["start"]["line"] for r in decls} == {11, 12}  # `Panel panel;`, `L0A a;`
    assert any("Tile<Mat, half, 48, 64" in r["message"] for r in decls)

    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert c.diagnostics(uri, timeout=30)["diagnostics"] == []
    assert c.close() == 0


def test_unsaved_text_config_and_stale_versions(client, tmp_path):
    """The document's text is analysed, not the file on disk; the file's own configuration applies; an analysis
    overtaken by a newer version is never published; parse errors are published too."""
    (tmp_path / ".ptolint.toml").write_text('target = "a5"\n')
    kernel = tmp_path / "kern.cpp"
    kernel.write_text(CLEAN)  # on disk: clean; in the editor: the violating fixture
    c = client(cwd=tmp_path)
    c.initialize(tmp_path)
    uri = c.open(kernel, PTO102.read_text())
    pub = c.diagnostics(uri)
    found = by_line(pub["diagnostics"], "PTO102")
    assert sorted(found) == [14, 16, 18]
    assert all(d["message"].split("\n")[0].endswith("[target a5]") for d in found.values())

    # open a violating document and, without waiting, replace its text and save: the analysis of version 1 is
    # running or queued when version 3 arrives; it must not be published (the worker runs analyses in order, so
    # a stale result would arrive first)
    other = tmp_path / "other.cpp"
    text = PTO102.read_text()
    uri2 = c.open(other, text)
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri2, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": len(text.splitlines()), "character": 0}},
         "text": "// edited\n"}]})
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri2, "version": 3}, "contentChanges": [
        {"text": CLEAN}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri2}})
    pub = c.diagnostics(uri2)
    assert pub["version"] == 3 and pub["diagnostics"] == []

    broken = c.open(tmp_path / "broken.cpp", CLEAN.replace("TEXTRACT(a, panel, 16, 0);", "TEXTRACT(a, panel, 16, 0"))
    diags = c.diagnostics(broken)["diagnostics"]
    errors = [d for d in diags if d["code"] == "parse-error"]
    assert errors and errors[0]["severity"] == 1 and errors[0]["range"]["start"]["line"] >= 9
    assert c.close() == 0


def test_on_change_analyses_unsaved_edits(client, tmp_path):
    kernel = tmp_path / "kern.cpp"
    c = client("--on-change", "0.2", cwd=tmp_path)
    c.initialize(tmp_path)
    uri = c.open(kernel, CLEAN)
    assert c.diagnostics(uri)["diagnostics"] == []
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"text": CLEAN.replace("TEXTRACT(a, panel, 16, 0);", "TEXTRACT(a, panel, 48, 0);")}]})
    pub = c.diagnostics(uri)
    assert pub["version"] == 2
    assert sorted(by_line(pub["diagnostics"], "PTO102")) == [9]
    assert c.close() == 0


def test_bad_configuration_is_a_diagnostic(client, tmp_path):
    (tmp_path / ".ptolint.toml").write_text('selec = ["PTO1"]\n')
    c = client(cwd=tmp_path)
    c.initialize(tmp_path)
    uri = c.open(tmp_path / "kern.cpp", CLEAN)
    (d,) = c.diagnostics(uri)["diagnostics"]
    assert d["code"] == "config-error" and d["severity"] == 1 and "did you mean `select`" in d["message"]
    assert c.close() == 0


def test_check_file_analyses_the_given_source(tmp_path):
    """engine.check_file(source=...) analyses that text and does not read the file (it need not exist)."""
    from ptolint.engine import Options, check_file
    from ptolint.ruleset import load_rules

    rules = list(load_rules().values())
    missing = tmp_path / "not_on_disk.cpp"
    res = check_file(str(missing), Options(targets=["a5"], rules=rules), source=PTO102.read_text())
    assert not [d for d in res.diagnostics if d.code == "io-error"]
    assert sorted({(f.rule_id, f.site.line) for f in res.findings}) == [("PTO102", 15), ("PTO102", 17),
                                                                         ("PTO102", 19)]
    kernel = tmp_path / "kern.cpp"
    kernel.write_text(PTO102.read_text())
    assert check_file(str(kernel), Options(targets=["a5"], rules=rules), source=CLEAN).findings == []


def test_findings_to_lsp_merge_targets_and_columns():
    """Unit level: UTF-16 columns, merged targets, the header case."""
    from ptolint.ir import CallSite, Finding, Frame, Witness
    from ptolint.lsp import to_lsp

    text = 'int x; /* é𝄞 */ TEXTRACT(a, b, 1, 0);\n'
    path = os.path.abspath("k.cpp")
    col = text.encode("utf-8").index(b"TEXTRACT") + 1

    def finding(target: str, file: str = path) -> Finding:
        site = CallSite("TEXTRACT", file, 1, col, 1, col + len("TEXTRACT(a, b, 1, 0)"), target, [], [], {},
                        chain=[Frame("kernel", path, 1, 1), Frame("f<int>", path, 1, col)])
        return Finding("PTO102", "textract-row-out-of-bounds", "warning", "m", site, Witness({"n": 3}, {}), True,
                       "oob", [(path, 1, "dst: Tile<...>")])

    (d,) = to_lsp(path, text, [finding("a2a3"), finding("a5")], [])
    utf16 = len(text[:text.index("TEXTRACT")].encode("utf-16-le")) // 2
    assert d["range"]["start"] == {"line": 0, "character": utf16}
    assert d["range"]["end"]["character"] == utf16 + len("TEXTRACT(a, b, 1, 0)")
    assert d["message"].startswith("m [textract-row-out-of-bounds] [debug-trap on a2a3, runtime-fault on a5] "
                                    "[target a2a3, a5]\ndebug builds trap (PTO_ASSERT) on a2a3; release build: ")
    assert "\nwitness: n = 3" in d["message"]
    (d8,) = to_lsp(path, text, [finding("a5")], [], encoding="utf-8")
    assert d8["range"]["start"]["character"] == col - 1
    header = os.path.abspath("inc/h.hpp")
    (h,) = to_lsp(path, text, [finding("a5", header)], [])
    assert h["range"]["start"] == {"line": 0, "character": utf16}  # on the call in this document
    assert h["message"].startswith(os.path.join("inc", "h.hpp") + ":1:")
    assert h["relatedInformation"][0]["location"]["uri"] == Path(header).as_uri()



def test_header_static_assert_is_shown_on_the_instantiating_line():
    """A parse error inside a header, raised by a template this document instantiates, is shown on the document's
    line that instantiated it (not on line 1), naming the header's line."""
    from ptolint.ir import Diagnostic
    from ptolint.lsp import to_lsp

    text = "#include \"h.hpp\"\nvoid k() {\n  Checked<short> c;\n}\n"
    path = os.path.abspath("k.cpp")
    header = os.path.abspath("h.hpp")
    d = Diagnostic(header, 8, 17, "error", "parse-error", "static assertion failed: needs a 4-byte word",
                   instantiated_from=[(path, 3, 18, "in instantiation of template class 'Checked<short>'")])
    (lsp,) = to_lsp(path, text, [], [d])
    assert lsp["range"]["start"] == {"line": 2, "character": 17}
    assert lsp["message"] == (f"{header}:8: static assertion failed: needs a 4-byte word "
                              "(in instantiation of template class 'Checked<short>')")
    assert lsp["relatedInformation"][0]["location"]["uri"] == Path(header).as_uri()


def test_pygls_is_imported_only_by_the_lsp_command():
    code = ("import sys\nsys.argv = ['ptolint', '--version']\nfrom ptolint.cli import run\ntry:\n    run()\n"
            "except SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol',"
            " 'ptolint') and m in ('pygls', 'lsprotocol', 'ptolint.lsp')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    lines = out.stdout.splitlines()
    assert lines[0].startswith("ptolint ") and lines[1:] == ["[]"], out.stderr


def test_missing_pygls_is_a_clear_error():
    code = ("import sys\nsys.modules['pygls'] = sys.modules['lsprotocol'] = None\nsys.argv = ['ptolint', 'lsp']\n"
            "from ptolint.cli import run\nrun()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                         stdin=subprocess.DEVNULL)
    assert out.returncode == 2
    assert "ptolint: error: the language server needs pygls" in out.stderr and "pip install" in out.stderr

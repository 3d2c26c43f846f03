"""The plain console writes what rich writes when rich styles nothing, so reports do not change with it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from ptolint.report.console import Line, PlainConsole, styled

ROOT = Path(__file__).resolve().parent.parent

LINES = [
    "plain ascii",
    "\ttab first",
    "a\tb\tc\t",
    "  3 | \tTLOAD(src, gm);\t// load",
    "数据\t对齐\tx",  # wide characters before a tab stop
    "e\u0301\tcombining mark",
    "bell\x07 back\x08 vt\x0b ff\x0c cr\r end",
    "two\nlines\twith tab",
    "",
]


def via_rich(obj) -> str:
    buf = io.StringIO()
    Console(file=buf, highlight=False, soft_wrap=True, force_terminal=False).print(obj)
    return buf.getvalue()


def via_plain(obj) -> str:
    buf = io.StringIO()
    PlainConsole(buf).print(obj)
    return buf.getvalue()


@pytest.mark.parametrize("text", LINES)
def test_plain_line_as_rich_prints_it(text: str) -> None:
    line = Line(text, style="bold").append("[PTO101]", style="bold red").append(f" {text}")
    assert via_plain(line) == via_rich(line)
    assert via_plain(text) == via_rich(text)


def test_line_renders_styles_through_rich() -> None:
    buf = io.StringIO()
    Console(file=buf, force_terminal=True, color_system="standard", highlight=False,
            soft_wrap=True).print(Line("f.cpp:3:1: ", style="bold").append("error:", style="bold red"))
    assert buf.getvalue() == "\x1b[1mf.cpp:3:1: \x1b[0m\x1b[1;31merror:\x1b[0m\n"


@pytest.mark.parametrize(("env", "expected"), [
    ({}, False), ({"FORCE_COLOR": "1"}, True), ({"FORCE_COLOR": ""}, False), ({"TTY_COMPATIBLE": "1"}, True),
    ({"FORCE_COLOR": "1", "TERM": "dumb"}, False),
])
def test_styled_follows_rich_terminal_detection(monkeypatch: pytest.MonkeyPatch, env: dict, expected: bool) -> None:
    for key in ("FORCE_COLOR", "TTY_COMPATIBLE", "TERM"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    buf = io.StringIO()
    assert styled(buf) is expected
    assert (Console(file=buf).color_system is not None) is expected


def test_cache_hit_on_a_pipe_imports_no_rich_and_prints_the_same(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env["PTOLINT_CACHE_DIR"] = str(tmp_path)
    kernel = str(ROOT / "examples" / "tiled_extract.cpp")
    code = (f"import sys\nsys.argv = ['ptolint', 'check', {kernel!r}]\nfrom ptolint.cli import app\n"
            "try:\n    app()\nexcept SystemExit:\n    pass\n"
            "print('LOADED:', sorted(m for m in ('rich', 'z3', 'clang', 'numpy') if m in sys.modules))")
    miss = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    hit = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert "LOADED: []" in hit.stdout, hit.stdout + hit.stderr
    assert "warning:" in hit.stdout
    assert hit.stdout.split("LOADED:")[0] == miss.stdout.split("LOADED:")[0]

"""Shared helpers: run the real CLI as a user would and read its JSON report."""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> dict:
        return json.loads(self.stdout)


try:  # hypothesis would write its example database to .hypothesis/ in the checkout: keep none
    from hypothesis import settings as _hypothesis_settings

    _hypothesis_settings.register_profile("ptolint", database=None)
    _hypothesis_settings.load_profile("ptolint")
except ImportError:  # pragma: no cover - hypothesis is a test extra; only the fuzz tests need it
    pass

#: the result cache of every run in this test session (never the user's): a fresh directory, removed at exit
SESSION_CACHE = tempfile.mkdtemp(prefix="ptolint-test-cache-")
atexit.register(shutil.rmtree, SESSION_CACHE, True)
os.environ["PTOLINT_CACHE_DIR"] = SESSION_CACHE  # also for ptolint started otherwise (pre-commit, in-process)


def ptolint(*args: str, cwd: Path | None = None, stdin: str | None = None, env: dict[str, str] | None = None) -> Run:
    """Run the installed console entry point in a subprocess (the real CLI, exit code included).

    The result cache is the session's temporary one; `env` adds or overrides environment variables (e.g. its own
    PTOLINT_CACHE_DIR)."""
    exe = [sys.executable, "-c", "from ptolint.cli import run; run()"]  # the console script's code path
    proc = subprocess.run(exe + list(args), capture_output=True, text=True, cwd=cwd or ROOT, input=stdin,
                          env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "PTOLINT_CACHE_DIR": SESSION_CACHE,
                               **(env or {})}, timeout=600)
    return Run(proc.returncode, proc.stdout, proc.stderr)


EXPECT = re.compile(r"//\s*expect\[([a-z0-9,]+)\]:\s*(PTO\d+)\s+(error|warning|note)((?:\s+[\w@#.()]+=[-\w.]+)*)")


def expectations(path: Path) -> list[tuple[str, int, str, str, dict[str, str]]]:
    """`// expect[a2a3,a5]: PTO102 error indexRow=48` annotations -> (rule, line, level, target, values)."""
    out = []
    for no, line in enumerate(path.read_text().splitlines(), start=1):
        for m in EXPECT.finditer(line):
            values = dict(kv.split("=", 1) for kv in m.group(4).split())
            for tgt in m.group(1).split(","):
                out.append((m.group(2), no, m.group(3), tgt, values))
    return out


@pytest.fixture
def run_ptolint():
    return ptolint

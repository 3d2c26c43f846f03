"""A repeated `ptolint check` whose inputs did not change prints the report it printed before.

The result cache (ptolint/cache.py) answers each file without parsing it, but a run answered from it still
reads the configuration, loads the rules' metadata, rebuilds every finding and renders the report: about as
much work again as starting Python and the CLI. This memo stores, per invocation, the report text and exit
status, keyed by everything the report is made from and known before checking:

* the command's options as parsed (paths, targets, format, rules, limits ...), the working directory, the
  Python version, ptolint's fingerprint (its code, z3, libclang: ptolint/fingerprint.py) and the environment
  variables that can change a result or its rendering (PTOLINT_*, PATH, the C/C++ include path variables,
  HOME and XDG_CACHE_HOME, and the colour and terminal variables), whether standard output is a terminal and
  its size;
* the files the paths expand to, with the hash of each file's content;
* every place a configuration file is looked for (each directory from each file up to the root), with the
  hash of what is there or its absence, and which of those directories hold a `.git` (SARIF URIs are relative
  to the git top level).

The entry also records every file the checked files included, with its content hash, and the places where a
missing header would have been found (the same dependencies as the result cache's entries): a lookup is a hit
only when all of them are unchanged. A run is stored only when each of its files has a result-cache entry (no
time-out, crash or internal error) and it writes nothing but standard output: `--output`, `--write-baseline`,
`--fix`, `--diff`, `--baseline`, `--build-dir`, `--stats`, `--debug` and `--no-cache` runs are not memoised,
nor any run with PTOLINT_NO_RUN_MEMO set.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import IO

from ptolint.store import content_hash, default_dir, write_atomic

MEMO_VERSION = 1
#: options with which a run writes files, reads an extra input or reports per-run state: never memoised
UNMEMOISED = ("output", "write_baseline", "fix", "diff", "baseline", "build_dir", "stats", "debug", "no_cache")
ENV = ("PATH", "HOME", "XDG_CACHE_HOME", "GIT_DIR", "GIT_WORK_TREE", "CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH", "FORCE_COLOR",
       "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "TERM", "COLUMNS", "LINES")
CONFIG_NAMES = (".ptolint.toml", "pyproject.toml")  # ptolint.config.CONFIG_NAMES (a test keeps them equal)


def run_key(params: dict, files: list[str], missing: list[str]) -> str | None:
    """The memo key of a `check` run with these parsed options over these files, or None when the run is not
    memoised."""
    if any(params.get(name) for name in UNMEMOISED) or not files or os.environ.get("PTOLINT_NO_RUN_MEMO"):
        return None
    if not all(os.path.isfile(f) for f in files):  # a pipe (<(...), /dev/stdin) can be read only once
        return None
    from ptolint.fingerprint import tool_fingerprint

    tty = sys.stdout.isatty()
    try:
        size = tuple(os.get_terminal_size(sys.stdout.fileno())) if tty else None
    except (OSError, ValueError):
        size = None
    doc = {
        "version": MEMO_VERSION,
        "tool": tool_fingerprint(),
        "python": sys.version,
        "cwd": os.getcwd(),
        "params": {k: _plain(v) for k, v in sorted(params.items())},
        "env": {k: v for k, v in sorted(os.environ.items()) if k in ENV or k.startswith("PTOLINT_")},
        "tty": [tty, size],
        "files": {f: content_hash(f) for f in files},
        "missing": missing,
        "configs": {p: content_hash(p) for p in config_places(files)},
        # SARIF URIs are relative to the files' git top level (ptolint.report.sarif.repository_root)
        "git": [d for d in ancestors(files) if os.path.exists(os.path.join(d, ".git"))],
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(getattr(value, "value", value))  # Path, enum


def ancestors(files: list[str]) -> list[str]:
    """Every directory from each file's up to the root."""
    dirs: set[str] = set()
    for f in files:
        d = os.path.dirname(os.path.abspath(f))
        while d not in dirs:
            dirs.add(d)
            parent = os.path.dirname(d)
            if parent == d:
                break
            d = parent
    return sorted(dirs)


def config_places(files: list[str]) -> list[str]:
    """Every path a configuration file for these files is looked for at (ptolint.config.find_config_file)."""
    return [os.path.join(d, name) for d in ancestors(files) for name in CONFIG_NAMES]


def _entry(key: str) -> Path:
    return default_dir() / "runs" / f"v{MEMO_VERSION}" / key[:2] / f"{key[2:]}.json"


def lookup(key: str) -> tuple[str, int] | None:
    """(report text, exit status) of the stored run when every file it depended on is unchanged, else None."""
    try:
        entry = json.loads(_entry(key).read_text(encoding="utf-8"))
        if entry["key"] == key and all(content_hash(p) == h for p, h in entry["deps"].items()):
            return entry["out"], int(entry["exit"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return None


def store(key: str, out: str, status: int, deps: dict[str, str | None]) -> None:
    """Store a run (atomically; an unwritable cache directory is skipped)."""
    target = _entry(key)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps({"key": key, "deps": deps, "out": out, "exit": status}).encode())
    except OSError:
        pass


class Tee:
    """Standard output that also keeps what was written (the report to store); a terminal stays a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self.stream.write(text)

    def text(self) -> str:
        return "".join(self.parts)

    def __getattr__(self, name: str):  # isatty, fileno, flush, encoding ...: the real stream's
        return getattr(self.stream, name)

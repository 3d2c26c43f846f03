"""A precompiled header (PCH) of the bundled PTO model, so small kernels do not re-parse it for every file.

Nearly all of the parse time of a small kernel is `pto/pto-inst.hpp` of the model (about 80 ms a target); from a
PCH libclang loads it in a few milliseconds. A PCH is built per target and compiler-argument list (macros,
include path, std: they decide what the header means), with libclang itself (`-x c++-header`, an incomplete
translation unit), and saved under `<cache dir>/pch/` (ptolint/store.py `default_dir`, also with `--no-cache`: it
is a separate store from the result cache). Its name is a hash of the arguments, ptolint's and libclang's versions
and this format; next to it a JSON record lists every file the header included with its size and mtime: a PCH is
used only while all of them are unchanged (libclang checks the same), else it is rebuilt. Files are written to a
temporary name and renamed, and each build gets a new PCH file name, so concurrent `-j` workers never read a
half-written or replaced file. Anything that fails (no writable directory, a header error, a PCH libclang refuses)
means a normal parse, silently: a PCH only saves time, it never changes a report.

The PCH itself holds no preprocessing record: with one, every file parsed with it listed the header's 1,300
macro definitions and 2,300 macro expansions among its top-level cursors, and ptolint's visit of the top level
(a Python callback each) cost about 10 ms per file and target, more than loading the PCH. The record lists the
header's macro definitions instead (name, tokens, function-like or not), read from a parse of the header with
the record before the PCH is made; the frontend and the entry replay see them before the file's own
(`cursors.macro_index`), in the order a PCH with the record gave them.

When it is safe (`usable`): the PCH stands for the header at the very start of the file, so it is used only when
nothing before the file's `#include <pto/pto-inst.hpp>` can change what the header means or how the file is
parsed. Deliberately narrow: only comments, blank lines and `#pragma once` may come first (no macro, not even
an include guard or a standard header, whose order relative to the model would change); the quoted form is
accepted only when no `pto/pto-inst.hpp` next to the file would win over the model; never with the real
(vendor) headers, and never with extra arguments that add files before the main file (`-include`,
`-imacros`, a user's own PCH).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ptolint.frontend.paths import MODEL_INCLUDE

#: bump when the PCH build or its record changes
PCH_FORMAT = 2
#: PCHs kept in the store (the newest); older ones are removed when a new one is built
MAX_STORED = 16
#: set to 1 to never use a PCH (benchmarks, bisecting a suspected PCH problem)
DISABLE_ENV = "PTOLINT_NO_PCH"
#: the only first directive a PCH can stand for
FIRST_INCLUDE = re.compile(r'#\s*include\s*(<pto/pto-inst\.hpp>|"pto/pto-inst\.hpp")\s*(//.*|/\*.*?\*/\s*)?$')
#: arguments that put something before the main file's first line, which the PCH would then precede
BEFORE_MAIN = ("-include", "-imacros", "-include-pch", "--include", "-Xclang")


@dataclass(frozen=True)
class Pch:
    """A PCH file and every file the model header included (absolute names, the header itself first) with the
    size and mtime it had when the PCH was built, and the header's macro definitions (name, tokens from the
    name on, whether function-like), in order."""

    path: str
    deps: tuple[tuple[str, tuple[int, int] | None], ...]
    macros: tuple[tuple[str, tuple[str, ...], bool], ...] = ()

    @property
    def includes(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.deps)

    def fresh(self) -> bool:
        """The file is still there and no header changed since the build."""
        return os.path.isfile(self.path) and all(_stamp(p) == s for p, s in self.deps)


def first_directive(source: str) -> str | None:
    """The file's first line that is not blank, a comment or `#pragma once` (None when there is none)."""
    in_comment = False
    for line in source.splitlines():
        s = line.strip()
        while s:
            if in_comment:
                end = s.find("*/")
                if end < 0:
                    s = ""
                    break
                s, in_comment = s[end + 2:].strip(), False
            elif s.startswith("//"):
                s = ""
            elif s.startswith("/*"):
                s, in_comment = s[2:], True
            else:
                break
        if s and not re.fullmatch(r"#\s*pragma\s+once", s):
            return s
    return None


def usable(path: str, source: str, args: list[str], real_headers: bool) -> bool:
    """Whether the model PCH may stand for the start of this file (see the module doc for why so narrow)."""
    if real_headers or os.environ.get(DISABLE_ENV) == "1":
        return False
    if any(a.startswith(BEFORE_MAIN) for a in args):
        return False
    first = first_directive(source)
    m = FIRST_INCLUDE.match(first) if first else None
    if not m:
        return False
    return m.group(1).startswith("<") or not os.path.exists(os.path.join(os.path.dirname(path), "pto", "pto-inst.hpp"))


def store() -> Path:
    from ptolint.store import default_dir

    return default_dir() / "pch"


def pch_key(args: list[str]) -> str:
    """Names the PCH for one argument list and tool version (the header files are checked by the record)."""
    from ptolint import __version__

    try:
        from importlib.metadata import version

        clang = version("libclang")
    except Exception:  # noqa: BLE001 - not installed as a distribution
        clang = "?"
    doc = json.dumps([PCH_FORMAT, __version__, clang, str(MODEL_INCLUDE), args])
    return hashlib.sha256(doc.encode()).hexdigest()[:32]


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def _valid(record: dict, root: Path) -> Pch | None:
    """The PCH a record describes, when its file exists and every header is as it was at build time."""
    try:
        deps = tuple((str(p), tuple(s) if s else None) for p, s in record["deps"].items())
        macros = tuple((str(n), tuple(str(t) for t in toks), bool(fl)) for n, toks, fl in record["macros"])
        pch = Pch(str(root / record["pch"]), deps, macros)  # type: ignore[arg-type]
    except (KeyError, TypeError, AttributeError, ValueError):
        return None
    return pch if deps and pch.fresh() else None


def build(args: list[str], root: Path, key: str) -> Pch | None:
    """Parse the model header alone with `args` and save it as a PCH; None when it has errors or cannot be saved.
    The header is parsed twice: with the detailed preprocessing record, for its macro definitions, and without,
    for the PCH (see the module's docstring)."""
    import clang.cindex as ci

    from ptolint.frontend.cursors import is_function_like, tokens, top_level
    from ptolint.store import write_atomic

    header = str(MODEL_INCLUDE / "pto" / "pto-inst.hpp")
    hargs = [a for a in args if a != "c++"] if "-x" in args else list(args)
    hargs = [a for a in hargs if a != "-x"] + ["-x", "c++-header"]
    try:
        tu = ci.Index.create().parse(header, args=hargs, options=(
            ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD | ci.TranslationUnit.PARSE_INCOMPLETE))
    except ci.TranslationUnitLoadError:
        return None
    if any(d.severity >= ci.Diagnostic.Error for d in tu.diagnostics):
        return None
    macros = [[m.spelling, list(tokens(m)), is_function_like(m)] for m in top_level(tu)[1]]
    deps = {header: _stamp(header)}
    for inc in tu.get_includes():
        # as libclang names it: the system headers' names hold `..` after symlinks, which only the OS resolves
        name = inc.include.name if inc.include is not None else ""
        if not name or _stamp(name) is None:
            return None
        deps.setdefault(name, _stamp(name))
    try:
        bare = ci.Index.create().parse(header, args=hargs, options=ci.TranslationUnit.PARSE_INCOMPLETE)
    except ci.TranslationUnitLoadError:
        return None
    if any(d.severity >= ci.Diagnostic.Error for d in bare.diagnostics):
        return None
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=root, prefix=f"{key}-", suffix=".pch")
        os.close(fd)
        bare.save(tmp)  # a new name per build: a file another worker may be reading is never overwritten
        record = {"pch": os.path.basename(tmp), "deps": deps, "macros": macros}
        write_atomic(root / f"{key}.json", json.dumps(record).encode())
    except (OSError, ci.TranslationUnitSaveError):
        return None
    for old in root.glob(f"{key}-*.pch"):  # earlier builds for the same arguments (their headers changed)
        if old.name != record["pch"]:
            _unlink(old)
    evict(root)
    return _valid(record, root)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def evict(root: Path, keep: int = MAX_STORED) -> None:
    """Keep the store bounded (a PCH is 1.5 MB, and each argument list has its own): remove the PCHs built
    longest ago, with their records, beyond the newest `keep`. A worker still using one keeps its open file;
    one about to open it falls back to a normal parse."""
    def built(p: Path) -> int:
        try:
            return p.stat().st_mtime_ns
        except OSError:
            return 0

    for old in sorted(root.glob("*.pch"), key=built, reverse=True)[keep:]:
        key = old.name.split("-")[0]
        _unlink(root / f"{key}.json")
        _unlink(old)


#: per process: argument list -> the PCH found or built for it (None: none could be made, not retried)
_KNOWN: dict[tuple[str, ...], Pch | None] = {}


def model_pch(args: list[str], build: bool = True) -> Pch | None:
    """The PCH of the model header for `args`: the stored one while its headers are unchanged, else a new one
    (unless `build` is false: then, and in this whole process, none)."""
    key = tuple(args)
    known = _KNOWN.get(key, False)
    if known is None or known and known.fresh():
        return known
    root = store()
    name = pch_key(args)
    found = _stored(root, name)
    if found is None and build:
        found = build_isolated(args, root, name)
    _KNOWN[key] = found
    return found


def _stored(root: Path, name: str) -> Pch | None:
    try:
        with open(root / f"{name}.json", encoding="utf-8") as fh:
            return _valid(json.load(fh), root)
    except (OSError, ValueError):
        return None


def build_isolated(args: list[str], root: Path, key: str) -> Pch | None:
    """`build` in a forked process, where fork exists, and the PCH it stored.

    Saving a translation unit makes libclang install LLVM's signal handlers, which outlive the call and return
    from a SIGSEGV sent by kill(): a process forked later (a -j worker) would then no longer die of one (a real
    fault still kills it); and a libclang crash while building must not take down the caller (the CLI, whose
    workers are what isolates crashes)."""
    if not hasattr(os, "fork"):  # pragma: no cover - no fork on this platform
        return build(args, root, key)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child (coverage does not follow it)
        code = 1
        try:
            code = 0 if build(args, root, key) is not None else 1
        finally:
            os._exit(code)
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return None
    return _stored(root, key) if os.waitstatus_to_exitcode(status) == 0 else None


def refused(message: str) -> bool:
    """A diagnostic saying libclang did not (fully) load the PCH."""
    return any(w in message for w in ("precompiled header", "PCH file", "AST file"))


def forget(args: list[str]) -> None:
    """Stop using a PCH libclang refused: not again in this process, and rebuilt by the next one."""
    _KNOWN[tuple(args)] = None
    _unlink(store() / f"{pch_key(args)}.json")

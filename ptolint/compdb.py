"""compile_commands.json: each file's own include paths, macros and standard, filtered to what libclang takes."""

from __future__ import annotations

import json
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

#: flags kept (with their value): include paths, macros, forced includes
WITH_VALUE = ("-I", "-isystem", "-iquote", "-idirafter", "-D", "-U", "-include")
PATH_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "-include")


class CompDbError(ValueError):
    """The compilation database cannot be used (missing, not JSON, wrong shape)."""


@dataclass
class FileFlags:
    includes: list[str] = field(default_factory=list)  # as -I/-isystem... arguments, absolute
    defines: list[str] = field(default_factory=list)  # NAME or NAME=VALUE
    undefines: list[str] = field(default_factory=list)
    std: str | None = None
    extra: list[str] = field(default_factory=list)  # -isystem X, -include X... as full arguments


def load(build_dir: str) -> dict[str, FileFlags]:
    """Absolute source path -> the flags ptolint passes on, for every entry of BUILD_DIR/compile_commands.json."""
    path = Path(build_dir) / "compile_commands.json" if Path(build_dir).is_dir() else Path(build_dir)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CompDbError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise CompDbError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    if not isinstance(data, list):
        raise CompDbError(f"{path}: expected a JSON array of compile commands")
    out: dict[str, FileFlags] = {}
    for i, entry in enumerate(data):
        if not isinstance(entry, dict) or "file" not in entry or "directory" not in entry:
            raise CompDbError(f"{path}: entry {i} lacks 'file' or 'directory'")
        if "arguments" in entry and isinstance(entry["arguments"], list):
            args = [str(a) for a in entry["arguments"]]
        elif isinstance(entry.get("command"), str):
            try:
                args = shlex.split(entry["command"])
            except ValueError as exc:
                raise CompDbError(f"{path}: entry {i}: cannot split command: {exc}") from None
        else:
            raise CompDbError(f"{path}: entry {i} has neither 'arguments' nor 'command'")
        directory = str(entry["directory"])
        src = os.path.normpath(os.path.join(directory, str(entry["file"])))
        out[src] = filter_args(args[1:], directory)
    return out


def filter_args(args: list[str], directory: str) -> FileFlags:
    """Keep include paths (made absolute), macros and -std; drop code generation and target flags."""
    flags = FileFlags()
    it = iter(range(len(args)))
    for i in it:
        a = args[i]
        if a.startswith("-std="):
            flags.std = a[len("-std="):]
            continue
        for f in WITH_VALUE:
            if a == f or (a.startswith(f) and f in ("-I", "-D", "-U")):
                if a == f:
                    if i + 1 >= len(args):
                        break
                    value = args[i + 1]
                    next(it, None)
                else:
                    value = a[len(f):]
                if f in PATH_FLAGS:
                    value = os.path.normpath(os.path.join(directory, value))
                if f == "-I":
                    flags.includes.append(value)
                elif f == "-D":
                    flags.defines.append(value)
                elif f == "-U":
                    flags.undefines.append(value)
                else:
                    flags.extra += [f, value]
                break
    return flags

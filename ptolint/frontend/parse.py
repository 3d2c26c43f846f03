"""libclang invocation: compiler arguments per target, builtin headers, parse diagnostics."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from ptolint.ir import Diagnostic
from ptolint.targets import MACROS

MODEL_INCLUDE = Path(__file__).resolve().parent / "include"
FALLBACK_INCLUDE = Path(__file__).resolve().parent / "fallback_include"


@dataclass
class ParseOptions:
    includes: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    std: str = "c++17"
    extra: list[str] = field(default_factory=list)
    use_model: bool = True


@functools.lru_cache(maxsize=1)
def builtin_include_dir() -> str | None:
    """The host compiler's builtin header dir (stddef.h, stdarg.h...), which the libclang wheel lacks."""
    env = os.environ.get("PTOLINT_BUILTIN_INCLUDE")
    if env and Path(env, "stddef.h").exists():
        return env
    for cc in ("gcc", "cc", "clang"):
        exe = shutil.which(cc)
        if not exe:
            continue
        try:
            out = subprocess.run([exe, "-print-file-name=include"], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            continue
        path = out.stdout.strip()
        if out.returncode == 0 and path and Path(path, "stddef.h").exists():
            return path
    return None


def compiler_args(target: str, opts: ParseOptions) -> list[str]:
    """The exact argument list given to libclang for one file on one target."""
    args = ["-x", "c++", f"-std={opts.std}", "-fsyntax-only", "-Wno-everything", "-ferror-limit=0"]
    args += ["-D__PTOLINT__=1"] + [f"-D{m}" for m in MACROS[target]]
    args += [f"-D{d}" for d in opts.defines]
    args += [f"-I{i}" for i in opts.includes]
    if opts.use_model:
        args.append(f"-I{MODEL_INCLUDE}")
    builtin = builtin_include_dir()
    args.append(f"-isystem{builtin}" if builtin else f"-isystem{FALLBACK_INCLUDE}")
    args += opts.extra
    return args


def clang_index():
    import clang.cindex as ci

    return ci.Index.create()


def parse(path: str, target: str, opts: ParseOptions, source: str | None = None):
    """Parse one file for one target. Returns (translation unit or None, diagnostics for the user)."""
    import clang.cindex as ci

    args = compiler_args(target, opts)
    unsaved = [(path, source)] if source is not None else None
    try:
        tu = clang_index().parse(path, args=args, unsaved_files=unsaved,
                                 options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    except ci.TranslationUnitLoadError as exc:
        return None, [Diagnostic(path, 0, 0, "error", "parse-error", f"libclang could not parse the file: {exc}")]
    diags: list[Diagnostic] = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error:
            continue
        loc = d.location
        fname = loc.file.name if loc.file else path
        diags.append(Diagnostic(fname, loc.line, loc.column, "error", "parse-error", d.spelling))
    return tu, diags

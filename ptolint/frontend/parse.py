"""libclang invocation: compiler arguments per target, builtin headers, parse diagnostics."""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ptolint.frontend.paths import HOST_INCLUDE, MODEL_INCLUDE
from ptolint.ir import Diagnostic, split_top
from ptolint.store import default_dir, write_atomic
from ptolint.targets import MACROS

#: include dir that exists only as libclang unsaved files: empty stand-ins for missing host headers
MISSING_DIR = "/__ptolint_missing__"
MISSING = re.compile(r"^'(.+)' file not found$")
LAUNCH = re.compile(r"<<<.*?>>>", re.S)
FALLBACK_INCLUDE = Path(__file__).resolve().parent / "fallback_include"
#: parses of one file at most (a parse that stops at a missing header finds one more of them: after another fatal
#: error, see OTHER_FATAL)
MAX_REPARSES = 24
#: libclang's CXTranslationUnit_KeepGoing (the binding has no name for it): a fatal error such as a missing header
#: does not end the parse. A file's parse goes on past missing headers, skipping each as an empty stand-in would
#: be read: one parse where a host program's `main.cpp` with seven missing vendor headers was parsed eight times,
#: one header more each time (7.9 of its A5 check's seconds)
KEEP_GOING = 0x200
#: clang's other fatal errors: a first parse that met one is made again without KEEP_GOING (which would report what
#: follows it), so that what the user sees does not depend on it
OTHER_FATAL = re.compile(r"^(recursive template instantiation exceeded maximum depth|#include nested depth|"
                         r"too many errors emitted|cannot open file|error reading|unable to open)")


@dataclass
class ParseOptions:
    includes: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    std: str = "c++17"
    extra: list[str] = field(default_factory=list)
    use_model: bool = True
    #: "auto" (the real PTO headers when an -I dir holds pto/pto-inst.hpp, else the model), "model", "real"
    headers: str = "auto"


def header_choice(opts: ParseOptions):
    """The PTO headers this parse uses (see ptolint.frontend.vendor); ValueError when real ones are forced
    but absent."""
    from ptolint.frontend import vendor

    return vendor.resolve(opts.headers, opts.includes, MODEL_INCLUDE)


@functools.lru_cache(maxsize=1)
def builtin_include_dir() -> str | None:
    """The host compiler's builtin header dir (stddef.h, stdarg.h...), which the libclang wheel lacks."""
    env = os.environ.get("PTOLINT_BUILTIN_INCLUDE")
    if env and Path(env, "stddef.h").exists():
        return env
    exes = [exe for exe in map(shutil.which, ("gcc", "cc", "clang")) if exe]
    stamp = [[exe, st.st_size, st.st_mtime_ns] for exe in exes if (st := _stat(exe))]
    memo = _host_memo()
    try:  # the answer of the last run with the very same compilers (a compiler run costs a cached check 10 %)
        stored = json.loads(memo.read_text(encoding="utf-8"))
        if stored["compilers"] == stamp and (stored["include"] is None or Path(stored["include"], "stddef.h").exists()):
            return stored["include"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    import subprocess

    found = None
    for exe in exes:
        try:
            out = subprocess.run([exe, "-print-file-name=include"], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            continue
        path = out.stdout.strip()
        if out.returncode == 0 and path and Path(path, "stddef.h").exists():
            found = path
            break
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(memo, json.dumps({"compilers": stamp, "include": found}).encode())
    except OSError:
        pass
    return found


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _host_memo() -> Path:
    return default_dir() / "host-include.json"


def compiler_args(target: str, opts: ParseOptions) -> list[str]:
    """The exact argument list given to libclang for one file on one target."""
    from ptolint.frontend import vendor

    choice = header_choice(opts)
    real = choice.mode == "real"
    std = vendor.std_for_real(opts.std) if real else opts.std
    args = ["-x", "c++", f"-std={std}", "-fsyntax-only", "-Wno-everything", "-ferror-limit=0"]
    args += ["-D__PTOLINT__=1", "-DPTOLINT_UNIQUE2(a,b)=a##b", "-DPTOLINT_UNIQUE(a,b)=PTOLINT_UNIQUE2(a,b)"]
    args += [f"-D{m}" for m in MACROS[target]]
    args += [f"-D{d}" for d in opts.defines]
    if choice.requested == "model" and opts.use_model:  # forced: the model wins over a real pto/ on the path
        args.append(f"-I{MODEL_INCLUDE}")
    args += [f"-I{i}" for i in opts.includes]
    if real:
        args += vendor.real_args(target)
    elif opts.use_model and choice.requested != "model":
        args.append(f"-I{MODEL_INCLUDE}")
    args += [f"-idirafter{HOST_INCLUDE}", f"-idirafter{MISSING_DIR}"]
    builtin = builtin_include_dir()
    args.append(f"-isystem{builtin}" if builtin else f"-isystem{FALLBACK_INCLUDE}")
    args += opts.extra
    return args


def clang_index():
    import clang.cindex as ci

    from ptolint.frontend import fastbind

    fastbind.install()  # the binding's hot accessors without their generic result checks (same answers)
    return ci.Index.create()


def launch_positions(source: str) -> frozenset[tuple[int, int]]:
    """(line, byte column) of each `<<<` of a kernel launch in `source` (1-based, as libclang counts): the
    launches are blanked before the parse, so this is how the walk tells a launch from a plain call."""
    out = set()
    for m in LAUNCH.finditer(source):
        start = source.rfind("\n", 0, m.start()) + 1
        out.add((source.count("\n", 0, m.start()) + 1, len(source[start:m.start()].encode()) + 1))
    return frozenset(out)


def host_syntax_blanked(source: str) -> str:
    """Blank what is not host C++ (`k<<<grid, nullptr, stream>>>(...)` launches, `[aicore]`) keeping positions."""

    def blank(m: re.Match) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))

    source = LAUNCH.sub(blank, source)
    return source.replace("[aicore]", "        ")


#: `template R f<...>(params);`; the name may be a function-like macro's use (`CONCAT(Launch, CASE)<...>(...)`:
#: the stub below names the template the same way, so the preprocessor expands both alike)
EXPLICIT = re.compile(
    r"(?<![\w<>])template\s+(?!<)([\w:\s\*&]*?)\b((?:\w+::)*\w+(?:\s*\([\w\s,]*\))?)\s*<([^;{}]*?)>\s*"
    r"\(([^;{}]*?)\)\s*;")
#: prefix of the entry functions generated for explicit instantiations
EXPLICIT_ENTRY = "__ptolint_explicit_instantiation_L"



@functools.lru_cache(maxsize=8)
def parsed_text(source: str) -> str:
    """The text libclang is given for a kernel source: launches blanked, explicit instantiations given callers.
    Unlike the file as written (whose `<<<...>>>` launches plain C++ rejects), it makes clang instantiate every
    launched kernel. Remembered for the last few sources: each target's parse asks for the same text (about 2 ms of
    regular expressions on an ST kernel)."""
    return explicit_instantiation_entries(host_syntax_blanked(source))


def explicit_instantiation_entries(source: str) -> str:
    """Give each `template void f<...>(params);` a caller, appended on its own last line (lines keep their
    numbers): libclang does not expose explicit instantiations as cursors, so this makes them entry points."""
    out = []
    last = 0
    for m in EXPLICIT.finditer(source):
        if source[max(0, m.start() - 7):m.start()].strip() == "extern":
            continue
        if source[:m.start()].rstrip().endswith((".", "->", "::")):
            continue  # `obj.template f<...>(x);`: the disambiguator of a dependent member call, a statement
        name, targs, params = m.group(2), m.group(3), m.group(4)
        names, decls = [], []
        for i, p in enumerate(split_top(params)):
            if p in ("", "void"):
                continue
            p = re.sub(r"=.*$", "", p).strip()
            ident = re.search(r"(\w+)\s*(\[[^\]]*\])?$", p)
            words = re.findall(r"\w+", p)
            if ident and len(words) > 1 and not p.endswith(("*", "&")):
                names.append(ident.group(1))
                decls.append(p)
            else:
                names.append(f"__p{i}")
                decls.append(f"{p} __p{i}")
        line = source.count("\n", 0, m.end()) + 1
        # __COUNTER__ keeps the names unique when the instantiation sits in a macro used many times
        stub = (f" void PTOLINT_UNIQUE({EXPLICIT_ENTRY}{line}_, __COUNTER__)({', '.join(decls)}) "
                f"{{ {name}<{targs}>({', '.join(names)}); }}")
        out.append(source[last:m.end()] + stub)
        last = m.end()
    out.append(source[last:])
    return "".join(out)


QUOTE_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def user_header_overlays(path: str, source: str, opts: ParseOptions, depth: int = 3) -> list[tuple[str, str]]:
    """In-memory copies of the user's own headers with non-host syntax blanked (the files are not touched)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    todo = [(path, source, depth)]
    while todo:
        cur, text, d = todo.pop()
        if d <= 0:
            continue
        for name in QUOTE_INCLUDE.findall(text):
            for base in [os.path.dirname(cur), *opts.includes]:
                cand = os.path.normpath(os.path.join(base, name))
                if cand in seen or not os.path.isfile(cand):
                    continue
                seen.add(cand)
                try:
                    htext = open(cand, encoding="utf-8", errors="replace").read()
                except OSError:
                    break
                blanked = host_syntax_blanked(htext)
                if blanked != htext:
                    out.append((cand, blanked))
                todo.append((cand, htext, d - 1))
                break
    return out


def is_pto_header(name: str) -> bool:
    return name.startswith("pto/") or "/pto/" in name


def parse(path: str, target: str, opts: ParseOptions, source: str | None = None):
    """Parse one file for one target. Returns (translation unit or None, diagnostics for the user).

    Host headers that cannot be found (test harnesses, the vendor runtime) are skipped as empty stand-ins would
    be read (the parse goes on past them: KEEP_GOING), so the device code is still analysed; errors that follow
    from a missing header are reported as warnings. After another fatal error the file is parsed again without
    going on, the missing headers replaced by empty stand-ins.
    """
    import clang.cindex as ci

    from ptolint.frontend import pch, vendor

    try:
        choice = header_choice(opts)
    except ValueError as exc:
        return None, [Diagnostic(path, 0, 0, "error", "parse-error", str(exc))]
    args = compiler_args(target, opts)
    fixes = vendor.overlays(choice.include_dir, MISSING_DIR) if choice.include_dir else []
    raw = source if source is not None else open(path, encoding="utf-8", errors="replace").read()
    text = parsed_text(raw)
    missing: dict[str, str] = {}
    overlays = user_header_overlays(path, raw, opts)
    model = pch.model_pch(args) if pch.usable(path, raw, args, choice.mode == "real") else None
    tu = None
    keep_going = True
    for _ in range(MAX_REPARSES):
        unsaved = [(path, text)] + fixes + overlays + [(f"{MISSING_DIR}/{name}", "") for name in missing]
        flags = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD | (KEEP_GOING if keep_going else 0)
        try:
            tu = clang_index().parse(path, args=args + ["-include-pch", model.path] if model else args,
                                     unsaved_files=unsaved, options=flags)
        except ci.TranslationUnitLoadError as exc:
            if model:  # libclang refused the PCH (e.g. damaged): parse as if there were none
                pch.forget(args)
                model = None
                continue
            return None, [Diagnostic(path, 0, 0, "error", "parse-error", f"libclang could not parse the file: {exc}")]
        if model and any(pch.refused(d.spelling) for d in tu.diagnostics):
            pch.forget(args)
            model = None
            continue
        new = {}
        skipped: list[tuple[str, str]] = []  # (missing header, the file whose #include named it)
        other = False
        for d in tu.diagnostics:
            m = MISSING.match(d.spelling)
            if m and m.group(1) != "pto/pto-inst.hpp":
                loc = d.location
                includer = loc.file.name if loc.file else path
                skipped.append((m.group(1), includer))
                if m.group(1) not in missing and m.group(1) not in new:  # its first #include (where a parse
                    new[m.group(1)] = f"{includer}:{loc.line}"  # stopping at it met it)
            elif m or d.severity >= ci.Diagnostic.Error and OTHER_FATAL.match(d.spelling):
                other = True
        missing.update(new)
        if keep_going and other:  # parsed again as before: stopping at its fatal error (missing headers replaced)
            keep_going = False
            continue
        if keep_going:
            # Going on past a missing header skips it as an empty stand-in would: this parse is the file's. Its
            # missing headers are listed for the result cache (a stand-in's #include would list them).
            tu.ptolint_missing_includes = skipped
            break
        if not new:
            break
    assert tu is not None
    tu.ptolint_pch_includes = model.includes if model else ()  # what the PCH included (for the result cache)
    tu.ptolint_pch_macros = model.macros if model else ()  # its macro definitions (cursors.macro_index)
    diags: list[Diagnostic] = []
    for name, where in sorted(missing.items()):
        fname, _, line = where.rpartition(":")
        pto = is_pto_header(name)
        diags.append(Diagnostic(fname, int(line), 1, "warning" if pto else "note", "missing-include",
                                f"'{name}' not found: replaced by an empty header"
                                + (" (a PTO header the bundled model lacks: pass -I to the real one)" if pto
                                   else ": code that uses it is not checked")))
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error:
            continue
        m = MISSING.match(d.spelling)
        if m and m.group(1) in missing:  # said above, as a missing-include diagnostic
            continue
        loc = d.location
        fname = loc.file.name if loc.file else path
        level = "warning" if missing and not m else "error"
        code = "host-code-error" if level == "warning" else "parse-error"
        diags.append(Diagnostic(fname, loc.line, loc.column, level, code, d.spelling,
                                instantiated_from=instantiation_notes(d, path)))
    return tu, diags


def instantiation_notes(d, path: str) -> list[tuple[str, int, int, str]]:
    """The compiler's "... requested here" notes of diagnostic `d`, innermost first: where the kernel's own code
    instantiated the template whose check failed (the actionable line when the error is inside a header)."""
    out = []
    for c in d.children:
        loc = c.location
        if loc.line and "requested here" in c.spelling:
            note = c.spelling.removesuffix(" requested here")
            out.append((loc.file.name if loc.file else path, loc.line, loc.column, note))
    return out

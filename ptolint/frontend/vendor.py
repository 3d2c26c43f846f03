"""The user's real PTO ISA headers: detection, host definitions for the CCE compiler, in-memory fixes.

ptolint parses kernels against its bundled model of the PTO API unless the user's include path holds a
real PTO installation (`pto/pto-inst.hpp` under a `-I` directory that is not the model's). The vendor
headers are written for the CCE device compiler: they use address-space keywords, builtin element types
and intrinsics no host compiler knows. ptolint pre-includes its own host definitions for them
(`cce_host/cce_host_<target>.hpp`, empty keywords and permissive intrinsic stubs) and overlays corrected
copies of the few vendor lines that are not host C++ (and of one cube-core-only block, see
fix_cube_tile_members), in memory (libclang unsaved files): the user's installation is never modified.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CCE_HOST = Path(__file__).resolve().parent / "cce_host"
INST_HEADER = "pto/pto-inst.hpp"
#: values of `--headers`
MODES = ("auto", "model", "real")
#: the real headers need at least this standard (concepts, `if constexpr` with requires...)
REAL_MIN_STD = 20


def host_header(target: str) -> Path:
    """ptolint's pre-included host definitions of the CCE keywords and intrinsics for one target."""
    return CCE_HOST / f"cce_host_{target}.hpp"


def _same_dir(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def find_real_include(includes: list[str], model_include: str | os.PathLike | None = None) -> str | None:
    """The first user include dir holding `pto/pto-inst.hpp` that is not ptolint's model dir (as given)."""
    if model_include is None:
        from ptolint.frontend.paths import MODEL_INCLUDE

        model_include = MODEL_INCLUDE
    for inc in includes:
        if not inc or not Path(inc, INST_HEADER).is_file():
            continue
        if _same_dir(inc, model_include):
            continue
        return inc
    return None


@dataclass(frozen=True)
class HeaderChoice:
    """Which PTO headers a parse uses: mode is "model" or "real"; include_dir is the real installation."""

    mode: str
    include_dir: str | None = None
    requested: str = "auto"


def resolve(requested: str, includes: list[str], model_include: str | os.PathLike | None = None) -> HeaderChoice:
    """`--headers auto|model|real` + the include path -> the headers used. Raises ValueError when real
    headers are forced but none is on the include path, or on an unknown mode."""
    if requested not in MODES:
        raise ValueError(f"unknown header mode '{requested}' (expected {', '.join(MODES)})")
    if requested == "model":
        return HeaderChoice("model", None, requested)
    real = find_real_include(includes, model_include)
    if real is None:
        if requested == "real":
            raise ValueError(f"--headers real: no {INST_HEADER} under any -I directory "
                             "(pass -I <pto-isa>/include)")
        return HeaderChoice("model", None, requested)
    return HeaderChoice("real", real, requested)


def std_for_real(std: str) -> str:
    """The user's `--std` raised to C++20 when older (the real headers need it); newer ones are kept."""
    m = re.fullmatch(r"(c|gnu)\+\+(\d\w)", std)
    if not m:
        return std
    year = {"2a": 20, "2b": 23, "2c": 26, "1z": 17, "1y": 14, "0x": 11}.get(m.group(2))
    if year is None:
        try:
            year = int(m.group(2))
        except ValueError:
            return std
    if year >= 98:  # c++98 / c++03
        year -= 100
    return std if year >= REAL_MIN_STD else f"{m.group(1)}++{REAL_MIN_STD}"


def real_args(target: str) -> list[str]:
    """Extra parser arguments for the real headers (the target macros are added for every mode)."""
    return ["-include", str(host_header(target))]


# ---------------------------------------------------------------- vendor lines that are not host C++


def blank_keep_lines(text: str) -> str:
    """Spaces for everything but newlines: the fixed file keeps every line and column."""
    return re.sub(r"[^\n]", " ", text)


AICORE_ATTR = re.compile(r"(#\s*define\s+AICORE\s+)\[aicore\]")
REMOVE_GM_SPEC = re.compile(
    r"template\s*<\s*(?:typename|class)\s+(\w+)\s*>\s*struct\s+remove_gm\s*<\s*__gm__\s+\1\s*>\s*\{[^{}]*\}\s*;")


def fix_aicore(text: str) -> str:
    """`#define AICORE [aicore]` (a CCE attribute) -> an empty AICORE."""
    return AICORE_ATTR.sub(lambda m: m.group(1) + " " * len("[aicore]"), text)


def fix_remove_gm(text: str) -> str:
    """Drop the `remove_gm<__gm__ T>` partial specialisation: with an empty `__gm__` it would redefine
    the primary template."""
    return REMOVE_GM_SPEC.sub(lambda m: blank_keep_lines(m.group(0)), text)


#: `#if defined(__DAV_CUBE__)` opening the block of Tile members that set the cube unit's TF32 mode
CUBE_TILE_MEMBERS = re.compile(
    r"(#\s*if\s+)defined\s*\(\s*__DAV_CUBE__\s*\)(?=(?:(?!#\s*endif)[\s\S])*?\bSetMadTF32Mode\b)")


def fix_cube_tile_members(text: str) -> str:
    """Keep the Tile members a cube kernel calls to switch the matmul unit's TF32 mode (SetMadTF32Mode,
    ResetMadMode) whatever the core: the headers declare them for the cube core only, ptolint parses an
    A2/A3 kernel with the vector core's macros, and the model declares them always. The condition becomes
    `1`, padded to keep every column."""
    return CUBE_TILE_MEMBERS.sub(lambda m: m.group(1) + "1".ljust(len(m.group(0)) - len(m.group(1))), text)


A6_HEADER = "pto/npu/a6/header.hpp"


def fix_a6_header(text: str) -> str:
    """Include the A6 implementation headers on A6 when pto_instr_impl.hpp does not (pto-isa 3186c381 includes a
    header.hpp for every target but A6, so no A6 builtin has an implementation and even `Event` is undeclared):
    the A6 kernels of the vendor's own tests use what npu/a6/header.hpp provides, and ptolint's model and PTO010
    follow that header. Appended after the last line (every line keeps its number); nothing changes on the
    other targets or when the file already includes it."""
    if A6_HEADER in text:
        return text
    return text.rstrip("\n") + ("\n#if defined(PTO_NPU_ARCH_A6) && !defined(PTOLINT_A6_HEADER)\n#define PTOLINT_A6_HEADER\n"
                                f'#include "{A6_HEADER}"\n#endif\n')


#: (file under the include dir, fix), applied in this order; fixes that change nothing yield no overlay
FIXES: list[tuple[str, Callable[[str], str]]] = [
    ("pto/common/type.hpp", fix_aicore),
    ("pto/common/pto_tile.hpp", fix_remove_gm),
    ("pto/common/pto_tile.hpp", fix_cube_tile_members),
    ("pto/common/pto_instr_impl.hpp", fix_a6_header),
]

#: ptolint's host stand-in headers (acl/acl.h...) include the model's CCE header; with the real headers
#: the pre-included host definitions provide those names, so it becomes empty
MODEL_ONLY_HEADERS = ("pto/common/ptolint_cce.hpp",)


@functools.lru_cache(maxsize=64)
def _fixed(path: str, mtime: float) -> str | None:
    del mtime  # part of the cache key only
    fixes = [fix for rel, fix in FIXES if path.replace("\\", "/").endswith(rel)]
    if not fixes:
        return None
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    out = text
    for fix in fixes:
        out = fix(out)
    return out if out != text else None


def overlays(include_dir: str, missing_dir: str | None = None) -> list[tuple[str, str]]:
    """libclang unsaved files for the real installation under include_dir: the fixed vendor files (under
    the path as given and its absolute form, whichever clang opens) and empty model-only headers."""
    out: list[tuple[str, str]] = []
    for rel in dict.fromkeys(rel for rel, _ in FIXES):
        path = os.path.join(include_dir, rel)
        try:
            mtime = os.path.getmtime(path)
        except OSError:
            continue
        text = _fixed(path, mtime)
        if text is None:
            continue
        for name in dict.fromkeys([path, os.path.abspath(path)]):
            out.append((name, text))
    if missing_dir:
        out += [(f"{missing_dir}/{name}", "// ptolint: provided by the pre-included cce_host header\n")
                for name in MODEL_ONLY_HEADERS]
    return out


__all__ = ["HeaderChoice", "resolve", "find_real_include", "real_args", "overlays", "std_for_real",
           "host_header", "fix_aicore", "fix_remove_gm", "fix_cube_tile_members", "fix_a6_header", "MODES"]

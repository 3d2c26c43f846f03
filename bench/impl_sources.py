"""Which implementation each builtin uses on each target: regenerate or check ptolint/impls.py from a pto-isa checkout.

Usage: python bench/impl_sources.py PTO_ISA_DIR [--check] [--write]

For each target the include tree is preprocessed as bench/assert_coverage.py does (its TreeScanner: the target's
__NPU_ARCH__, build-mode macros unknown, includes followed transitively); the file defining each builtin's
`<NAME>_IMPL` (or the wrapper itself for builtins without one) names the implementing npu directory. A builtin whose
file lies in another target's directory (a5/, a2a3/) is then compared with that family's own preprocessing: every
npu file the defining file includes (transitively) must keep the same active text under both targets' macros, or
the builtin is recorded as divergent (kind "int64" when the only files that differ are the a5 Int64*.hpp helpers,
whose 64-bit paths are declaration-only stubs outside A5/A6; "other" otherwise).
--check exits 1 when ptolint/impls.py's IMPL_DIRS / DIVERGENT differ from what the checkout gives; --write prints
the two tables as Python to paste.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from assert_coverage import ROOT_HEADER, TreeScanner, structure  # noqa: E402

from ptolint.targets import ALL_TARGETS, NPU_DIRS  # noqa: E402

NEWER = ALL_TARGETS[2:]
#: helpers whose definitions differ only in form (checked by hand): CreatePredicate calls CreatePredicateImpl with
#: the very body the Kirin common.hpp gives CreatePredicate; RegTensor differs in member order and a Print()
#: declaration
EQUIVALENT_HELPERS = frozenset({"CreatePredicate", "CreatePredicateImpl", "RegTensor"})
INSTR = "pto/common/pto_instr.hpp"
INT64_FILES = frozenset(f"pto/npu/a5/Int64{n}.hpp" for n in ("Binary", "Common", "Div", "Reduce", "Rearrange"))


def _scan(include_dir: Path, target: str) -> TreeScanner:
    scanner = TreeScanner(include_dir, target)
    scanner.scan(ROOT_HEADER)
    if target == "a6":  # pto_instr_impl.hpp selects no A6 header at the snapshot read (see assert_coverage.py)
        scanner.scan("pto/npu/a6/header.hpp")
    return scanner


def _closure(scanner: TreeScanner, rel: str) -> set[str]:
    seen, todo = set(), [rel]
    while todo:
        f = todo.pop()
        if f in seen or f not in scanner.files:
            continue
        seen.add(f)
        todo += scanner.files[f].includes
    return seen


def _defining_dirs(scanner: TreeScanner) -> dict[str, set[str]]:
    """builtin -> the npu directories whose files (active under this target) define its *_IMPL."""
    out: dict[str, set[str]] = {}
    for rel in scanner.order:
        if not rel.startswith("pto/npu/"):
            continue
        nodes, _ = structure(scanner.files[rel])
        for nd in nodes:
            kind, name = nd.key.split(":", 1)
            if kind == "function" and name.endswith("_IMPL") and "::" not in name:
                out.setdefault(name[:-5], set()).add(rel.split("/")[2])
    return out


def forwarded(wrappers: dict[str, list[str]], defined: dict[str, set[str]]) -> dict[str, str]:
    """builtin -> the other builtin whose *_IMPL its pto_instr.hpp wrapper calls, for builtins with no *_IMPL of
    their own (TRECIP: `MAP_INSTR_IMPL_T(TDIVS, ..., dst, 1, src)`)."""
    out = {}
    for b, texts in wrappers.items():
        m = re.search(r"\bMAP_INSTR_IMPL(?:_T)?\s*\(\s*(\w+)", " ".join(texts))
        if b not in defined and m and m.group(1) != b and m.group(1) in defined:
            out[b] = m.group(1)
    return out


def _defining_file(scanner: TreeScanner, builtin: str, directory: str) -> str:
    for rel in scanner.order:
        if rel.startswith(f"pto/npu/{directory}/") and re.search(rf"\b{builtin}_IMPL\s*\(", scanner.files[rel].text):
            return rel
    raise LookupError(builtin)


def top_level(text: str) -> list[tuple[str, str]]:
    """The top-level declarations of a preprocessed file (namespace blocks are transparent) as (name, text)."""
    out: list[str] = []
    stack: list[str] = []
    start = i = 0
    while i < len(text):
        c = text[i]
        if c == "{":
            body = "body" in stack
            stack.append("ns" if not body and re.search(r"\bnamespace\b[\w\s:]*$", text[start:i]) else "body")
            if stack[-1] == "ns":
                start = i + 1
        elif c == "}":
            kind = stack.pop() if stack else "ns"
            if kind == "ns":
                start = i + 1
            elif "body" not in stack:
                m = re.match(r"\s*;", text[i + 1:])
                j = i + 1 + (m.end() if m else 0)
                out.append(text[start:j])
                start, i = j, j - 1
        elif c == ";" and "body" not in stack:
            out.append(text[start:i + 1])
            start = i + 1
        i += 1
    res: list[tuple[str, str]] = []
    for chunk in out:
        t = " ".join(chunk.split())
        if t in ("", ";"):
            continue
        head = re.sub(r"^template\s*<.*?>\s*(?=[A-Za-z_])", "", t)
        m = (re.search(r"\b(?:struct|class|union|enum(?:\s+class)?)\s+(\w+)", head.split("(")[0])
             or re.match(r"using\s+(\w+)", head) or re.search(r"(\w+)\s*(?:<[^()]*>)?\s*\(", head))
        res.append((m.group(1) if m else head[:30], t))
    return res


def _definitions(scanner: TreeScanner, files: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in files:
        for name, text in top_level(scanner.files[f].text):
            out.setdefault(name, []).append(text)
    return {k: sorted(v) for k, v in out.items()}


def _helper_changes(scans: dict[str, TreeScanner], target: str, directory: str) -> set[str]:
    """Names the family's common.hpp defines that the target defines differently (its own common.hpp shadows
    the family's: same include guard) or not at all."""
    fam_common = f"pto/npu/{directory}/common.hpp"
    family = next(t for t in ALL_TARGETS if NPU_DIRS[t] == directory)
    if fam_common not in scans[family].files:
        return set()
    mine = _definitions(scans[family], [fam_common])
    theirs = _definitions(scans[target], [f for f in scans[target].order
                                          if f.startswith("pto/npu/") and f.endswith("/common.hpp")])
    return {n for n, v in mine.items() if theirs.get(n) != v}


#: `#define NAME REPLACEMENT` ... `#undef NAME` in one header (the Kirin header.hpp element-type names)
DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)\s+(\w+)\s*$", re.M)
UNDEF = re.compile(r"^\s*#\s*undef\s+(\w+)\s*$", re.M)


def renamed_types(scanner: TreeScanner, target: str) -> tuple[dict[str, str], set[str]]:
    """({name: replacement}, files first included inside the region) for the element-type names the target's
    header.hpp `#define`s to another type and `#undef`s after its last include (Kirin 9030 / X90: bfloat16_t ->
    half, the fp8 names -> int8_t, the fp4 pairs -> int64_t; Kirin Dev0000: e8m0 and fp4): the files it includes
    see the replacement, a kernel (after the #undef) sees the real type."""
    rel = f"pto/npu/{NPU_DIRS[target]}/header.hpp"
    if rel not in scanner.files:
        return {}, set()
    raw = scanner.files[rel].raw
    undef_at = {m.group(1): m.start() for m in UNDEF.finditer(raw)}
    last_include = max((m.start() for m in re.finditer(r"^\s*#\s*include\b", raw, re.M)), default=-1)
    names = {m.group(1): m.group(2) for m in DEFINE.finditer(raw)
             if undef_at.get(m.group(1), -1) > last_include > m.start()}
    before = set(scanner.order[:scanner.order.index(rel)])
    return names, _closure(scanner, rel) - before


def tables(pto_isa: Path) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]],
                                   dict[str, dict[str, tuple[tuple[str, ...], str]]]]:
    """(IMPL_DIRS, FAMILIES, DIVERGENT) for the newer targets, read from the checkout."""
    include_dir = pto_isa / "include"
    scans = {t: _scan(include_dir, t) for t in ALL_TARGETS}
    impl_dirs: dict[str, dict[str, str]] = {}
    families: dict[str, dict[str, str]] = {t: {} for t in NEWER}
    divergent: dict[str, dict[str, tuple[tuple[str, ...], str]]] = {}
    found_in = {t: _defining_dirs(scans[t]) for t in ALL_TARGETS}
    wrappers = {t: _definitions(scans[t], [INSTR]) for t in ALL_TARGETS}
    forwards = {t: forwarded(wrappers[t], found_in[t]) for t in ALL_TARGETS}
    for t in ALL_TARGETS:  # a wrapper that calls another builtin's *_IMPL is implemented where that one is
        found_in[t].update({b: found_in[t][other] for b, other in forwards[t].items()})
    for t in NEWER:
        dirs: dict[str, str] = {}
        div: dict[str, tuple[tuple[str, ...], str]] = {}
        renamed, inside = renamed_types(scans[t], t)
        for b, found in sorted(found_in[t].items()):
            dirs[b] = "+".join(sorted(found))
            # the family: a target whose own build uses the very same directory for the builtin (a5 first: the
            # newer targets were ported from it), with the same pto_instr.hpp wrapper where possible
            candidates = [f for f in ("a5", "a2a3") if found_in[f].get(b) == found]
            if not candidates:
                continue
            same_wrapper = [f for f in candidates if wrappers[f].get(b) == wrappers[t].get(b)]
            family = (same_wrapper or candidates)[0]
            why: list[str] = []
            if not same_wrapper:
                why.append("its pto_instr.hpp wrapper takes other #if branches there")
            directory = NPU_DIRS[family] if found == {NPU_DIRS[family]} else next(iter(found))
            rel = _defining_file(scans[t], forwards[t].get(b, b), directory)
            files = sorted(f for f in _closure(scans[t], rel)
                           if f.startswith(f"pto/npu/{directory}/") and not f.endswith("/common.hpp"))
            branch = [f for f in files if f not in scans[family].files
                      or scans[family].files[f].text != scans[t].files[f].text]
            words: set[str] = set()
            for f in files:
                words |= set(re.findall(r"\w+", scans[t].files[f].text))
            helpers = sorted((_helper_changes(scans, t, directory) & words) - EQUIVALENT_HELPERS)
            dtypes: set[str] = set()
            if branch and set(branch) <= INT64_FILES:
                dtypes |= {"int64_t", "uint64_t"}
                why.append("64-bit integer paths are declaration-only stubs there (a5/Int64*.hpp)")
            elif branch:
                why.append("other #if branches in " + ", ".join(f.removeprefix("pto/npu/") for f in branch))
            seen = sorted(n for n in renamed if n in words and any(f in inside for f in files))
            if seen:  # the file's type checks were written with the name, and it meant the replacement there
                dtypes |= set(seen)
                why.append("header.hpp #defines " + ", ".join(f"{n} as {renamed[n]}" for n in seen)
                           + " while it includes the file and #undefs it after: a kernel's tile of that type is not "
                             "the type the file checks")
            if helpers == ["Padding"]:
                dtypes.add("bfloat16_t")
                why.append("common.hpp Padding has no bfloat16_t case there")
            elif helpers and helpers != ["Padding"]:
                why.append("common.hpp helpers defined differently there: " + ", ".join(helpers))
            if why:
                whole = any(w.startswith(("other", "common.hpp helpers", "its pto_instr")) for w in why)
                div[b] = (() if whole else tuple(sorted(dtypes)), "; ".join(why))
            if family != directory:
                families[t][b] = family
        impl_dirs[t] = dirs
        divergent[t] = div
    return impl_dirs, families, divergent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pto_isa", help="a pto-isa checkout")
    ap.add_argument("--check", action="store_true", help="exit 1 when ptolint/impls.py differs from the checkout")
    ap.add_argument("--write", action="store_true", help="print the tables as Python")
    args = ap.parse_args(argv)
    impl_dirs, families, divergent = tables(Path(args.pto_isa))
    if args.write:
        print("IMPL_DIRS: dict[str, dict[str, str]] = {")
        for t, dirs in impl_dirs.items():
            by_dir: dict[str, list[str]] = {}
            for b, d in dirs.items():
                by_dir.setdefault(d, []).append(b)
            print(f"    {t!r}: {{")
            for d, names in sorted(by_dir.items()):
                print(f"        **dict.fromkeys({tuple(names)!r}, {d!r}),")
            print("    },")
        print("}")
        print("FAMILIES: dict[str, dict[str, str]] = {")
        for t, fam in families.items():
            print(f"    {t!r}: {fam!r},")
        print("}")
        print("DIVERGENT: dict[str, dict[str, tuple[tuple[str, ...], str]]] = {")
        for t, div in divergent.items():
            print(f"    {t!r}: {{")
            for b, why in div.items():
                print(f"        {b!r}: {why!r},")
            print("    },")
        print("}")
    for t in NEWER:
        n_own = sum(d != 'a5' and d != 'a2a3' for d in impl_dirs[t].values())
        print(f"{t}: {len(impl_dirs[t])} builtins implemented, {n_own} by its own files, "
              f"{len(divergent[t])} reused files that change behaviour there", file=sys.stderr)
    if args.check:
        from ptolint import impls

        bad = [t for t in NEWER if impls.IMPL_DIRS.get(t) != impl_dirs[t] or impls.DIVERGENT.get(t) != divergent[t]
               or impls.FAMILIES.get(t) != families[t]]
        if bad:
            print(f"ptolint/impls.py is stale for {', '.join(bad)}: rerun with --write", file=sys.stderr)
            return 1
        print("ptolint/impls.py matches the checkout", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Assertion coverage: every assertion of the vendor's PTO headers on the path of a checked builtin, mapped to
the ptolint rule(s) that check it or to the documented reason it is not checkable.

Usage:
    python bench/assert_coverage.py PTO_ISA_DIR [--target T|all] [--json OUT] [--inventory OUT]
                                    [--write-doc docs/assert-coverage.md] [--check docs/assert-coverage.md]
    python bench/assert_coverage.py --from-inventory bench/assert_inventory.json [--target ...] [--json OUT]
                                    [--write-doc ...] [--check ...]

PTO_ISA_DIR is a checkout (or an unpacked tree) of the public PTO ISA repository; nothing is fetched. The
extractor reads its include/ tree, the mapper the live rule registry (`ptolint.ruleset.load_rules`) and the
curated table bench/assert_map.toml. Without a checkout (CI), `--from-inventory` takes the extracted facts from
bench/assert_inventory.json (ids, file:line, kind, a short normalised condition, enclosing function, builtins:
facts about the headers, no code of them) and maps them again with the current rules, so a rule change that
alters the mapping shows up as a stale docs/assert-coverage.md (tests/test_assert_coverage.py).

Extraction, per target (`__NPU_ARCH__` values of include/pto/common/arch_macro.hpp):
- the files: include/pto/pto-inst.hpp preprocessed for a device build of the target (`__CCE_AICORE__` defined,
  `__CPU_SIM` / `__COSTMODEL` not), following `#include "pto/..."` / `<pto/...>` transitively within include/pto/;
  object-like `#define`s are tracked, conditions are evaluated three-valued: build-mode macros (UNKNOWN_MACROS:
  `_DEBUG`, `__DAV_CUBE__`, `__DAV_VEC__`, `__PTO_AUTO__`, ...) are unknown, so both arms are kept and the
  assertion records the guard; any other undefined macro is false. A6's npu/a6/header.hpp is selected by no
  branch of pto_instr_impl.hpp in the snapshot read; it is added as an extra root (EXTRA_ROOTS) so that A6's
  own implementation files are inventoried at all.
- the assertions: `static_assert`, `PTO_STATIC_ASSERT` (a static_assert with a docs hint; both compile time)
  and `PTO_ASSERT` (run time, compiled only with `_DEBUG`), multi-line, in active code.
- the owner: the innermost function (member functions as Class::name) or class around the assertion, found by
  brace matching on the comment- and string-free text; file-scope assertions are owned by the file.
- the builtins on whose path it lies: a name-based call graph. A function or class reaches every function and
  class whose name occurs in its body and that is defined in its own file or a file it includes (transitively),
  or, for a shared part under common/arch/, in a target header under npu/ that includes it (reverse includes,
  REVERSE_DIRS: a2a3/TLoad.hpp includes tload_common.hpp after the helpers that file's TLOAD_CONVTILE_IMPL calls);
  naming a class reaches its member functions and class-level assertions; `MAP_INSTR_IMPL*(API, ...)` reaches
  API_IMPL. A builtin B starts from the wrapper B in common/pto_instr.hpp and every B_IMPL. Assertions of the
  operand classes the kernel instantiates itself (OPERAND_CLASSES: Tile, GlobalTensor, Shape, ...) are on the
  path of "*" (every builtin taking such an operand). Only the builtins some registered rule names count.

Mapping (see docs/assert-coverage.md, "How the map is made"): an assertion is CHECKED on a target by the rules
the curated table names for it (matched by file, owner and condition pattern) that run on that target
(`rule.targets`, and on a newer target only for the builtins whose implementation there is the file the rule's
facts were read from, `Rule.runs` / ptolint/impls.py; a rule named for a target it does not run on does not
check it there), or, without a curated
entry, by the rules that name one of its builtins (or "*"), run on the target, cite its file in their
`provenance` and constrain the same topic (element type, location, layout, shape, valid region, ...): basis
"provenance". Otherwise it is REASONED when a curated reason applies (a real one: a value the host never
controls, the header's own constants, ...), "target not modelled" when no rule runs on the target at all, and
UNMAPPED otherwise.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import posixpath
import re
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

INVENTORY = ROOT / "bench" / "assert_inventory.json"
MAP_FILE = ROOT / "bench" / "assert_map.py"
DOC = ROOT / "docs" / "assert-coverage.md"
#: the reason whose assertions ptolint reports as a compile error of its model header (no rule, the same check)
MODEL_COMPILE_ERROR = "model-compile-error"
#: the target whose directory include/pto/npu/<dir>/ a header lies in: its curated decisions carry over to the
#: newer targets that include the same file (Mapper.home_entry)
HOME_DIRS = {"a2a3": "a2a3", "a5": "a5"}

#: target -> __NPU_ARCH__ (include/pto/common/arch_macro.hpp), in report order
ARCH: dict[str, int] = {"a2a3": 2201, "a5": 3510, "a6": 9201, "kirin9030": 3113, "kirinx90": 3003,
                        "kirindev0000": 5101}
ALL_TARGETS = tuple(ARCH)
ROOT_HEADER = "pto/pto-inst.hpp"
#: (included dir, includer dir): a header under the first that a header under the second includes can call that
#: includer's functions (reverse includes, see extract_target)
REVERSE_DIRS = ("pto/common/arch/", "pto/npu/")
#: roots the headers do not reach by themselves (see the module docstring)
EXTRA_ROOTS: dict[str, tuple[str, ...]] = {"a6": ("pto/npu/a6/header.hpp",)}
#: predefined for a device build of every target
PREDEFINED: dict[str, str] = {"__CCE_AICORE__": "1", "__cplusplus": "202002"}
#: build-mode macros whose value a kernel build chooses: both arms are kept, the assertion records the guard
UNKNOWN_MACROS = frozenset({"_DEBUG", "__DAV_CUBE__", "__DAV_VEC__", "__DAV_C220_VEC__", "__DAV_C220_CUBE__",
                            "__DAV_C310_VEC__", "__DAV_C310_CUBE__", "__PTO_AUTO__", "PTO_URMA_SUPPORTED"})
#: classes a kernel instantiates itself ((file name, class) -> builtins): their assertions fire with the kernel's
#: own declarations and are on the path of the builtins taking them ("*": every builtin given such an operand)
_TILE_FILE = "pto_tile.hpp"
OPERAND_CLASSES: dict[tuple[str, str], tuple[str, ...]] = {
    **{(_TILE_FILE, c): ("*",) for c in ("Tile", "ConvTile", "ConvTileShape", "GlobalTensor", "Shape", "Stride",
                                         "TileShape2D", "BaseShape2D")},
    ("TSync.hpp", "Event"): ("TSYNC",),
    **{("TPush.hpp", c): ("TPUSH", "TPOP", "TALLOC", "TFREE") for c in ("TPipe", "TMPipe")},
}
ASSERT_RE = re.compile(r"\b(static_assert|PTO_STATIC_ASSERT|PTO_ASSERT)\s*\(")
KINDS = {"static_assert": "static", "PTO_STATIC_ASSERT": "static", "PTO_ASSERT": "runtime"}
COND_MAX = 110  # characters of a condition kept in the inventory
DOC_COND_MAX = 72  # ... and shown in the document

# ------------------------------------------------------------------------------------------------------------
# text helpers


def strip_comments(text: str, blank_strings: bool = True) -> str:
    """Comments (and string/char literal contents) replaced by spaces; offsets and newlines kept."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            # a line comment continues over a backslash-newline; rare enough to ignore
            out.append(" " * (j - i))
            i = j
        elif c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            # a raw string R"(...)" is not used in the headers; digit separators (1'000) are not either
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if j < n and text[j] == c:
                j += 1  # an unterminated literal stops before the newline (line numbers stay)
            if blank_strings:
                out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + (c if j - i >= 2 else ""))
            else:
                out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def normpath(p: str) -> str:
    return posixpath.normpath(p)


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def short_condition(cond: str) -> str:
    """A short normalised condition: type-trait spelling condensed, cut at COND_MAX characters."""
    s = normalise(cond)
    s = re.sub(r"\bstd::", "", s)
    s = re.sub(r"\btypename\s+", "", s)
    s = re.sub(r"is_same_v<\s*([^<>,]+?)\s*,\s*([^<>]+?)\s*>", r"\1 == \2", s)
    s = re.sub(r"is_same<\s*([^<>,]+?)\s*,\s*([^<>]+?)\s*>::value", r"\1 == \2", s)
    s = re.sub(r"\(\s*([^()]*?)\s*\)", lambda m: f"({m.group(1)})", s)
    if len(s) > COND_MAX:
        s = s[:COND_MAX - 3].rstrip() + "..."
    return s


def split_args(text: str) -> list[str]:
    """Top-level comma split of a macro argument list (parentheses, brackets, braces and <> of templates)."""
    args, depth, cur = [], 0, []
    angle = 0
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "<" and depth == 0 and re.search(r"\w$", text[:i]) and text[i + 1:i + 2] not in ("<", "=", " "):
            angle += 1
        elif c == ">" and angle and depth == 0 and text[i - 1:i] != "-":
            angle -= 1
        if c == "," and depth == 0 and angle == 0:
            args.append("".join(cur))
            cur = []
            continue
        cur.append(c)
    args.append("".join(cur))
    return args


def matching(text: str, open_at: int) -> int:
    """Index of the parenthesis closing the one at open_at (or len(text))."""
    depth = 0
    for j in range(open_at, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return len(text)


# ------------------------------------------------------------------------------------------------------------
# preprocessor: three-valued conditions, object-like defines, includes


class CondEval:
    """Evaluates an #if expression: True, False or None (unknown)."""

    TOKEN = re.compile(r"\s*(defined|\d+[uUlL]*|[A-Za-z_]\w*|&&|\|\||==|!=|<=|>=|<<|>>|[()!<>+\-*/%])")

    def __init__(self, defines: dict[str, str]):
        self.defines = defines

    def __call__(self, expr: str):
        self.toks = []
        pos = 0
        expr = expr.strip()
        while pos < len(expr):
            m = self.TOKEN.match(expr, pos)
            if not m:
                return None
            self.toks.append(m.group(1))
            pos = m.end()
        self.i = 0
        try:
            v = self.expr_or()
        except (IndexError, ValueError, ZeroDivisionError):
            return None
        if self.i != len(self.toks):
            return None
        return None if v is None else bool(v)

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def expr_or(self):
        v = self.expr_and()
        while self.peek() == "||":
            self.take()
            w = self.expr_and()
            v = _or3(v, w)
        return v

    def expr_and(self):
        v = self.expr_cmp()
        while self.peek() == "&&":
            self.take()
            w = self.expr_cmp()
            v = _and3(v, w)
        return v

    def expr_cmp(self):
        v = self.expr_add()
        while self.peek() in ("==", "!=", "<", ">", "<=", ">="):
            op = self.take()
            w = self.expr_add()
            if v is None or w is None:
                v = None
            else:
                v = {"==": v == w, "!=": v != w, "<": v < w, ">": v > w, "<=": v <= w, ">=": v >= w}[op]
                v = int(v)
        return v

    def expr_add(self):
        v = self.expr_unary()
        while self.peek() in ("+", "-", "*", "/", "%"):
            op = self.take()
            w = self.expr_unary()
            if v is None or w is None:
                v = None
            else:
                v = {"+": v + w, "-": v - w, "*": v * w, "/": v // w if w else 0, "%": v % w if w else 0}[op]
        return v

    def expr_unary(self):
        t = self.take()
        if t == "!":
            v = self.expr_unary()
            return None if v is None else int(not v)
        if t == "-":
            v = self.expr_unary()
            return None if v is None else -v
        if t == "(":
            v = self.expr_or()
            if self.take() != ")":
                raise ValueError("missing )")
            return v
        if t == "defined":
            paren = self.peek() == "("
            if paren:
                self.take()
            name = self.take()
            if paren and self.take() != ")":
                raise ValueError("missing )")
            return self.defined(name)
        if re.fullmatch(r"\d+[uUlL]*", t):
            return int(re.sub(r"[uUlL]+$", "", t))
        return self.value(t)

    def defined(self, name: str):
        if name in UNKNOWN_MACROS:
            return None
        return int(name in self.defines)

    def value(self, name: str):
        if name in UNKNOWN_MACROS:
            return None
        if name not in self.defines:
            return 0
        body = self.defines[name].strip()
        if re.fullmatch(r"\d+[uUlL]*", body):
            return int(re.sub(r"[uUlL]+$", "", body))
        if body == "":
            return 0
        sub = CondEval(self.defines)(body)
        return None if sub is None else int(sub)


def _truth(v):
    return None if v is None else bool(v)


def _or3(v, w):
    v, w = _truth(v), _truth(w)
    return True if (v is True or w is True) else (None if (v is None or w is None) else False)


def _and3(v, w):
    v, w = _truth(v), _truth(w)
    return False if (v is False or w is False) else (None if (v is None or w is None) else True)


@dataclass
class Block:
    """One #if group on the stack: whether this arm is active, whether an earlier arm was taken, the guard text."""

    active: bool | None  # None: unknown
    taken: bool | None
    guard: str
    parent_active: bool


def condition_text(kind: str, arg: str) -> str:
    arg = normalise(arg)
    if kind == "ifdef":
        return f"defined({arg})"
    if kind == "ifndef":
        return f"!defined({arg})"
    return arg


@dataclass
class FileScan:
    raw: str  # the file as read
    path: str  # relative to include/
    text: str  # comment-free text, inactive code and directives blanked
    guards: dict[int, tuple[str, ...]]  # line -> unknown-valued conditions around it (only lines that have any)
    includes: list[str]


class TreeScanner:
    """Preprocesses the include tree for one target: which files, which lines are active, under which guards."""

    def __init__(self, include_dir: Path, target: str):
        self.include_dir = include_dir
        self.defines: dict[str, str] = dict(PREDEFINED)
        self.defines["__NPU_ARCH__"] = str(ARCH[target])
        self.files: dict[str, FileScan] = {}
        self.order: list[str] = []

    def resolve(self, name: str, here: str) -> str | None:
        """An include's path relative to include/: beside the including file first, then from include/."""
        name = name.strip()
        local = (Path(here).parent / name).as_posix()
        for cand in (local, name):
            cand = normpath(cand)
            if cand.startswith("pto/") and (self.include_dir / cand).is_file():
                return cand
        return None

    def scan(self, rel: str) -> None:
        if rel in self.files:
            return
        raw = (self.include_dir / rel).read_text(encoding="utf-8", errors="replace")
        text = strip_comments(raw)
        lines = text.split("\n")
        directive_lines = strip_comments(raw, blank_strings=False).split("\n")
        # join backslash continuations for directives (keep line count)
        out_lines = list(lines)
        guards: dict[int, tuple[str, ...]] = {}
        stack: list[Block] = []
        includes: list[str] = []
        placeholder = FileScan(raw, rel, "", {}, includes)
        self.files[rel] = placeholder  # include-once (every header has a guard)
        self.order.append(rel)
        evaluate = CondEval(self.defines)
        i = 0
        while i < len(lines):
            line = lines[i]
            start = i
            stripped = line.lstrip()
            if stripped.startswith("#"):
                full = directive_lines[i]
                while full.rstrip().endswith("\\") and i + 1 < len(lines):
                    i += 1
                    full = full.rstrip()[:-1] + " " + directive_lines[i]
                for k in range(start, i + 1):
                    out_lines[k] = " " * len(lines[k])
                m = re.match(r"\s*#\s*(\w+)\s*(.*)", full)
                directive, arg = (m.group(1), m.group(2)) if m else ("", "")
                active = self.active(stack)
                if directive in ("if", "ifdef", "ifndef"):
                    if directive == "if":
                        v = evaluate(arg)
                    else:
                        name = arg.split()[0] if arg.split() else ""
                        v = CondEval(self.defines).defined(name)
                        v = None if v is None else bool(v)
                        if directive == "ifndef" and v is not None:
                            v = not v
                    stack.append(Block(v, v, condition_text(directive, arg), active is not False))
                elif directive == "elif" and stack:
                    b = stack[-1]
                    v = evaluate(arg)
                    if b.taken is True:
                        b.active = False
                    elif b.taken is None:
                        b.active = None if v is not False else False
                    else:
                        b.active = v
                    b.taken = True if (b.taken is True or v is True) else (None if (b.taken is None or v is None)
                                                                            else False)
                    b.guard = normalise(arg)
                elif directive == "else" and stack:
                    b = stack[-1]
                    b.active = None if b.taken is None else (not b.taken)
                    b.guard = f"!({b.guard})"
                elif directive == "endif" and stack:
                    stack.pop()
                elif active is not False:
                    if directive == "define":
                        dm = re.match(r"([A-Za-z_]\w*)(\(?)\s*(.*)", arg)
                        if dm:
                            self.defines[dm.group(1)] = "1" if dm.group(2) else dm.group(3).strip()
                            MACRO_NAMES.add(dm.group(1))
                    elif directive == "undef":
                        self.defines.pop(arg.strip(), None)
                    elif directive == "include":
                        im = re.match(r'["<]([^">]+)[">]', arg)
                        target_rel = self.resolve(im.group(1), rel) if im else None
                        if target_rel:
                            includes.append(target_rel)
                            self.scan(target_rel)
            else:
                active = self.active(stack)
                if active is False:
                    out_lines[i] = " " * len(lines[i])
                else:
                    g = tuple(b.guard for b in stack if b.active is None)
                    if g:
                        guards[i + 1] = g
            i += 1
        placeholder.text = "\n".join(out_lines)
        placeholder.guards = guards

    @staticmethod
    def active(stack: list[Block]) -> bool | None:
        state: bool | None = True
        for b in stack:
            if b.active is False:
                return False
            if b.active is None:
                state = None
        return state


# ------------------------------------------------------------------------------------------------------------
# structure: functions and classes with their bodies, assertions with their owners


#: every macro name #define'd in the scanned headers (attribute macros such as OP_NAME(...) are not function names)
MACRO_NAMES: set[str] = set()
KEYWORDS = frozenset({"if", "for", "while", "switch", "catch", "return", "sizeof", "decltype", "alignas",
                      "__attribute__", "static_assert", "noexcept", "requires", "operator", "alignof",
                      "PTO_STATIC_ASSERT", "PTO_ASSERT", "defined", "constexpr", "else", "do", "new", "delete"})


@dataclass
class Scope:
    kind: str  # function, class, other
    name: str  # function: Class::name or name; class: name
    start: int  # offset of the opening brace
    end: int = -1
    cls: str = ""  # enclosing class name for members


@dataclass
class Node:
    """A function or class definition: the names its body mentions and the assertions it owns."""

    key: str  # "function:name" / "class:name"
    file: str
    names: set[str] = field(default_factory=set)


def header_before(text: str, pos: int) -> str:
    """The declaration text before the brace at pos, back to the previous ; { } at parenthesis depth 0."""
    depth = 0
    j = pos - 1
    while j >= 0:
        c = text[j]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
        elif c in ";{}" and depth <= 0:
            break
        j -= 1
    return text[j + 1:pos]


def classify(header: str) -> tuple[str, str]:
    """('namespace'|'class'|'function'|'other', name) for the declaration head of a brace."""
    h = normalise(header)
    if not h:
        return "other", ""
    h = re.sub(r"^template\s*<.*?>\s*(?=[A-Za-z_])", "", h) if h.startswith("template") else h
    if re.match(r"(inline\s+)?namespace\b", h) or h.startswith('extern "C"'):
        return "namespace", ""
    if re.match(r"(typedef\s+)?enum\b", h):
        return "other", ""
    if "=" in re.sub(r"(==|!=|<=|>=|operator\s*\S+|=\s*default|=\s*delete)", "", h.split("(")[0]) \
            and not re.search(r"\)\s*(const\s*)?(noexcept\s*)?$", h):
        return "other", ""
    cm = re.match(r"(?:template\s*<.*>\s*)?(?:struct|class|union)\s+(?:alignas\s*\([^)]*\)\s*)?(?:[A-Z_]+\s+)*"
                  r"([A-Za-z_]\w*)", h)
    if cm and not re.search(r"\)\s*(const|noexcept|override|final|\s)*$", h.split(":")[0] if ":" in h else h):
        return "class", cm.group(1)
    # function: name before the first top-level parenthesis that is not a keyword / attribute / template part
    depth_angle = 0
    for m in re.finditer(r"[<>()]|([A-Za-z_]\w*)\s*(?=\()", h):
        tok = m.group(0)
        if tok == "<":
            depth_angle += 1
        elif tok == ">":
            depth_angle = max(0, depth_angle - 1)
        elif m.group(1) and depth_angle == 0:
            name = m.group(1)
            if name in MACRO_NAMES:
                continue
            if name in KEYWORDS:
                if name in ("if", "for", "while", "switch", "catch", "return", "else", "do"):
                    return "other", ""
                continue
            if name.isupper() and name.startswith(("PTO_", "AICORE", "__")):
                continue
            if name.startswith("__") and name.endswith("__"):
                continue
            return "function", name
    if h.endswith(")") or "[" in h.split("(")[0]:
        return "other", ""
    return "other", ""


@dataclass
class RawAssert:
    file: str
    line: int
    macro: str
    cond: str
    full: str
    owner: str  # node key or "file:<path>"
    guards: tuple[str, ...]
    message: str = ""


def structure(scan: FileScan) -> tuple[list[Node], list[RawAssert]]:
    text = scan.text
    line_of = _line_index(text)
    stack: list[Scope] = []
    nodes: list[Node] = []
    spans: list[tuple[Scope, int, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "{":
            head = header_before(text, i)
            kind, name = classify(head)
            enclosing_fn = next((s for s in reversed(stack) if s.kind == "function"), None)
            if enclosing_fn is not None:
                kind, name = "other", ""
            cls = next((s.name for s in reversed(stack) if s.kind == "class"), "")
            if kind == "function" and cls and "::" not in name:
                qual = f"{cls}::{name}"
            else:
                qual = name
            qm = re.search(r"([A-Za-z_]\w*)\s*(?:<[^{}]*>)?\s*::\s*" + re.escape(name) + r"\s*\(", normalise(head)) \
                if kind == "function" else None
            if qm and not cls:
                qual = f"{qm.group(1)}::{name}"
            stack.append(Scope(kind, qual, i, cls=cls))
        elif c == "}":
            if stack:
                s = stack.pop()
                s.end = i
                if s.kind in ("function", "class"):
                    spans.append((s, s.start, i))
        i += 1
    # nodes with the names in their bodies (class bodies without their member functions' bodies)
    by_start = sorted(spans, key=lambda t: t[1])
    for s, a, b in by_start:
        body = text[a:b]
        if s.kind == "class":
            # member function bodies belong to their own nodes
            for t, a2, b2 in by_start:
                if t.kind == "function" and a < a2 and b2 < b:
                    body = body[:a2 - a] + " " * (b2 - a2) + body[b2 - a:]
        key = f"{s.kind}:{s.name}"
        node = Node(key, scan.path)
        names = set(re.findall(r"[A-Za-z_]\w*", body))
        for m in re.finditer(r"\bMAP_INSTR_IMPL\w*\s*\(\s*([A-Za-z_]\w*)", body):
            names.add(m.group(1) + "_IMPL")
        if s.kind == "function" and "::" in s.name:
            names.add(s.name.split("::")[0])  # a member sees its class (class-level asserts fire with it)
        node.names = names
        nodes.append(node)
        s.node = node  # type: ignore[attr-defined]
    asserts: list[RawAssert] = []
    for m in ASSERT_RE.finditer(text):
        pre = text[max(0, m.start() - 30):m.start()]
        if re.search(r"#\s*define\s+\w*$", pre):
            continue
        open_at = text.index("(", m.end() - 1)
        close = matching(text, open_at)
        inner = text[open_at + 1:close]
        args = split_args(inner)
        cond = args[0]
        line = line_of(m.start())
        owner = f"file:{scan.path}"
        best = None
        for s, a, b in spans:
            if a < m.start() < b and (best is None or a > best[1]):
                best = (s, a, b)
        if best:
            owner = f"{best[0].kind}:{best[0].name}"
        guards = scan.guards.get(line, ())
        asserts.append(RawAssert(scan.path, line, m.group(1), cond, normalise(inner), owner, guards,
                                 _message(scan.raw, open_at, close)))
    return nodes, asserts


def _message(raw: str, open_at: int, close: int) -> str:
    """The string literal(s) of an assertion's message (read from the raw text: only for the topic)."""
    inner = strip_comments(raw[open_at + 1:close], blank_strings=False)
    return " ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', inner))


def _line_index(text: str):
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    import bisect

    def line_of(pos: int) -> int:
        return bisect.bisect_right(starts, pos)

    return line_of


# ------------------------------------------------------------------------------------------------------------
# inventory: assertions with their builtins per target


@dataclass
class Assertion:
    id: str
    target: str
    file: str  # relative to include/
    line: int
    kind: str  # static | runtime
    macro: str
    cond: str  # short normalised condition
    owner: str  # function:Name / class:Name / file:path
    builtins: list[str]  # every builtin whose path it is on ("*": any builtin given the operand class)
    guards: list[str]  # conditions of unknown value around it (#ifdef _DEBUG, __DAV_CUBE__, ...)
    topic: str = "other"  # what it constrains (topic_of)


ASSERTION_FIELDS = ("id", "target", "file", "line", "kind", "macro", "cond", "owner", "builtins", "guards", "topic")


def text_hash(full: str) -> str:
    return hashlib.sha1(normalise(full).encode()).hexdigest()[:8]


def checked_builtins(rules) -> set[str]:
    out: set[str] = set()
    for r in rules.values():
        out |= set(r.instructions)
    return out


def extract(pto_isa: Path, targets: list[str], builtins: set[str] | None = None) -> list[Assertion]:
    include_dir = pto_isa / "include"
    if not (include_dir / ROOT_HEADER).is_file():
        raise SystemExit(f"{include_dir / ROOT_HEADER} not found: PTO_ISA_DIR must be a pto-isa checkout")
    result: list[Assertion] = []
    for target in targets:
        result += extract_target(include_dir, target, builtins)
    return result


def extract_target(include_dir: Path, target: str, builtins: set[str] | None = None,
                   stats: dict | None = None) -> list[Assertion]:
    """The assertions of one target on the path of some builtin (all builtins when `builtins` is None)."""
    scanner = TreeScanner(include_dir, target)
    scanner.scan(ROOT_HEADER)
    for extra in EXTRA_ROOTS.get(target, ()):
        if (include_dir / extra).is_file():
            scanner.scan(extra)
    # include closure per file (what a name in it can refer to), plus, for the shared implementation parts under
    # REVERSE_DIRS, the target headers that include them: a2a3/TLoad.hpp includes common/arch/memory/tload_common.hpp
    # after its own helpers, and tload_common.hpp's TLOAD_CONVTILE_IMPL calls them (CheckConvTileData, TLoad5HD ...)
    # by name, resolved when the template is instantiated (reverse includes)
    closure: dict[str, set[str]] = {}
    includers: dict[str, set[str]] = defaultdict(set)
    for rel in scanner.order:
        for g in scanner.files[rel].includes:
            if g.startswith(REVERSE_DIRS[0]) and rel.startswith(REVERSE_DIRS[1]):
                includers[g].add(rel)

    def visible(f: str) -> set[str]:
        if f in closure:
            return closure[f]
        closure[f] = {f}
        todo = list(scanner.files[f].includes)
        seen = {f}
        while todo:
            g = todo.pop()
            if g in seen:
                continue
            seen.add(g)
            todo += scanner.files[g].includes
        closure[f] = seen | includers.get(f, set())
        return closure[f]

    nodes: list[Node] = []
    raws: list[RawAssert] = []
    for rel in scanner.order:
        ns, rs = structure(scanner.files[rel])
        nodes += ns
        raws += rs
    by_name: dict[str, list[Node]] = defaultdict(list)
    for nd in nodes:
        kind, name = nd.key.split(":", 1)
        by_name[name.split("::")[-1] if kind == "function" else name].append(nd)
    members: dict[tuple[str, str], list[Node]] = defaultdict(list)  # (file-independent) class name -> members
    for nd in nodes:
        kind, name = nd.key.split(":", 1)
        if kind == "function" and "::" in name:
            members[("class", name.split("::")[0])].append(nd)

    def edges(nd: Node) -> list[Node]:
        vis = visible(nd.file)
        out = []
        for name in nd.names:
            for tgt in by_name.get(name, ()):
                # pto/comm (collectives: pto::comm::TGATHER ...) is reached only from pto/comm
                if tgt.file in vis and tgt is not nd and (nd.file.startswith("pto/comm/")
                                                          or not tgt.file.startswith("pto/comm/")):
                    out.append(tgt)
        kind, name = nd.key.split(":", 1)
        if kind == "class":
            out += [m for m in members.get(("class", name), ()) if m.file in vis or nd.file in visible(m.file)]
        return out

    adjacency = {id(nd): edges(nd) for nd in nodes}
    reach: dict[int, set[str]] = defaultdict(set)  # node id -> builtins
    roots: dict[str, list[Node]] = defaultdict(list)
    for nd in nodes:
        kind, name = nd.key.split(":", 1)
        if kind != "function" or nd.file.startswith("pto/comm/"):
            continue  # pto/comm: the collective builtins (pto::comm::TGATHER ...), not the tile builtins
        if name.endswith("_IMPL") and (builtins is None or name[:-5] in builtins):
            roots[name[:-5]].append(nd)
        elif nd.file == "pto/common/pto_instr.hpp" and re.fullmatch(r"T?[A-Z][A-Z0-9_]+", name) \
                and (builtins is None or name in builtins):
            roots[name].append(nd)
    for b, rs in roots.items():
        todo = list(rs)
        seen: set[int] = set()
        while todo:
            nd = todo.pop()
            if id(nd) in seen:
                continue
            seen.add(id(nd))
            reach[id(nd)].add(b)
            todo += adjacency[id(nd)]
    owner_nodes: dict[tuple[str, str], list[Node]] = defaultdict(list)
    for nd in nodes:
        owner_nodes[(nd.file, nd.key)].append(nd)
    out: list[Assertion] = []
    for ra in raws:
        bs: set[str] = set()
        for nd in owner_nodes.get((ra.file, ra.owner), ()):
            bs |= reach[id(nd)]
        cls = ra.owner.split(":", 1)[1].split("::")[0] if ra.owner.startswith(("class:", "function:")) else ""
        bs |= {b for b in OPERAND_CLASSES.get((posixpath.basename(ra.file), cls), ())
               if builtins is None or b in builtins}
        if not bs:
            continue
        if "*" in bs:
            bs = {"*"}  # an operand class: every builtin given it (names that reach it by call add nothing)
        h = text_hash(ra.full)
        kind = KINDS[ra.macro]
        out.append(Assertion(f"{target}:{ra.file}:{ra.line}:{h}", target, ra.file, ra.line, kind, ra.macro,
                             short_condition(ra.cond), ra.owner, sorted(bs), list(ra.guards),
                             topic_of(ra.cond, ra.message, kind)))
    out.sort(key=lambda a: (a.file, a.line))
    if stats is not None:
        stats.update(files=len(scanner.order), assertions_in_active_code=len(raws),
                     off_path=len(raws) - len(out))
    return out


# ------------------------------------------------------------------------------------------------------------
# topics: what an assertion constrains, in a word (from its condition and message)

TYPE_NAMES = r"\b(u?int(8|16|32|64)_t|int|half|float(16|32)?_t|float|bfloat16_t|hifloat8_t|float8_\w+|float4_\w+|" \
             r"__gm__\s+\w+|double|bool|uint8_t)\b"
TOPICS = ("operand-kind", "aliasing", "valid-vs-shape", "index", "gm-shape", "limit", "valid-region", "dtype-equal",
          "dtype", "location", "layout", "shape", "template-arg", "other")


def topic_of(cond: str, message: str, kind: str) -> str:
    c = normalise(cond)
    m = message.lower()
    if re.search(r"\bis_(tile_data|global_data|conv_tile|tile|global)\w*", c) and not re.search(r"DType|Loc\b", c):
        return "operand-kind"
    if re.search(r"\.data\(\)\s*[!=]=", c):
        return "aliasing"
    if all(re.fullmatch(r"\(?\s*\w+::Valid(Row|Col)\s*<=\s*\w+::(Rows|Cols)\s*\)?", part.strip())
           for part in c.split("&&")):
        return "valid-vs-shape"
    if re.search(r"\bindex(Row|Col)\b|\bidx(Row|Col)\b|\b(row|col)Offset\b|\boffset\b", c, re.I):
        return "index"
    if re.search(r"\bg(Shape|Stride)\d|staticShape|staticStride|GlobalData::|\b(src|dst)(Shape|Stride)\d", c):
        return "gm-shape"
    if re.search(r"[<>]=?\s*(\d{3,}\b|\w*MAX\w*)|\w*MAX\w*\s*[<>]|\b\w*[Rr]epeat\w*\b", c):
        return "limit"
    if kind == "runtime" or re.search(r"GetValid(Row|Col)|\bvalid(Row|Col)\w*\b|GetKAligned|\b[a-z]\w*ValidRow\b|"
                                      r"\b[a-z]\w*ValidCol\b", c):
        return "valid-region"
    if re.search(r"\b(Rows|Cols|RowStride|ColStride|Numel|staticShape|staticStride)\b", c) \
            and not re.search(r"is_same|DType\s*==|==\s*\w*DType\b", c):
        return "shape"
    dtypes = re.findall(r"\w*DType\b|\b[TU]\b|\bDstT\b|\bSrcT\b", c)
    concrete = re.search(TYPE_NAMES, c)
    if re.search(r"is_same|sizeof\s*\(|DType\b", c) or ("type" in m and dtypes):
        if not concrete and len(dtypes) >= 2 and not re.search(r"sizeof\s*\([^)]*\)\s*[=<>!]=?\s*\d", c):
            return "dtype-equal"
        if concrete or re.search(r"sizeof\s*\(", c) or "type" in m:
            return "dtype"
    if re.search(r"::Loc\b|TileType::|\bLoc\s*==", c):
        return "location"
    if re.search(r"isRowMajor|SFractal|BFractal|SLayout|BLayout|isBoxed|Layout::|\bis(NZ|ND|DN|Nz|Nd|Dn|Zn|ZN)\w*|"
                 r"k?Is\w*(ND|NZ|DN)\b|[Ll]ayout", c):
        return "layout"
    if re.search(r"\b(Rows|Cols|RowStride|ColStride|Numel|Size|staticShape|staticStride|[A-Za-z]*(Rows|Cols))\b|"
                 r"\bshape\b|\bstride\b|[Rr]ows\b|[Cc]ols\b", c):
        return "shape"
    if re.search(r"[A-Z]\w*(Mode|Type|Pattern|Op|Pipe|Dir)\w*::|\bmode\b|Mode\b|\bPIPE_|FlagID|SlotNum|DIR_TYPE|"
                 r"\bOp\b|Rounds|is_c2v|is_v2c|is_both", c):
        return "template-arg"
    return "other"


#: topics inferred only when the condition shares a word with the rule's provenance
WORDS_REQUIRED = frozenset({"gm-shape", "template-arg", "other"})

#: topic -> fault kinds preferred for it, in tiers: the first tier with a matching rule decides (an element-type
#: equality is a dtype-mismatch rule's before an unsupported-dtype rule's)
TOPIC_TIERS: dict[str, tuple[frozenset[str], ...]] = {
    "dtype-equal": (frozenset({"dtype-mismatch"}), frozenset({"unsupported-dtype"})),
    "dtype": (frozenset({"unsupported-dtype"}), frozenset({"dtype-mismatch"})),
    "location": (frozenset({"unsupported-path"}),),
    "layout": (frozenset({"unsupported-layout"}), frozenset({"invalid-tile"})),
    "shape": (frozenset({"size-mismatch", "invalid-tile", "tmp-undersized"}), frozenset({"unsupported-layout"}),
              frozenset({"out-of-bounds", "misaligned"})),
    "valid-region": (frozenset({"valid-region", "partial-result"}), frozenset({"out-of-bounds", "misaligned",
                                                                                "tmp-undersized",
                                                                                "split-misaligned"})),
    "index": (frozenset({"out-of-bounds", "misaligned"}),),
    # a GlobalTensor extent / stride: only with a word of the condition in the rule's provenance (see inferred)
    "gm-shape": (frozenset({"valid-region", "size-mismatch"}), frozenset({"unsupported-layout"})),
    # a hardware limit (repeat counts, 4095-element K, 16-bit extents): never inferred, curated only
    "valid-vs-shape": (frozenset({"invalid-tile"}), frozenset({"size-mismatch"})),
    "template-arg": (frozenset({"unsupported-path", "invalid-pipe"}),),
    "operand-kind": (frozenset({"unsupported-path"}),),
}


# ------------------------------------------------------------------------------------------------------------
# mapping: rules or reasons


def _expand_braces(text: str) -> list[str]:
    m = re.search(r"\{([^{}]*)\}", text)
    if not m:
        return [text]
    return [x for alt in m.group(1).split(",") for x in _expand_braces(text[:m.start()] + alt.strip() +
                                                                      text[m.end():])]


def provenance_files(rule) -> set[str]:
    """Basenames (or globs like T*.hpp) of the header files a rule's provenance cites, with their npu directory
    when the citation names one ("kirin9030/TLoad.hpp" cites that file, not npu/a5/TLoad.hpp)."""
    out: set[str] = set()
    for p in rule.provenance:
        for where in _expand_braces(p.where):
            for m in re.finditer(r"(?:\b(a2a3|a5|a6|kirin9030|kirinX90|kirinDev0000)/)?([\w*.+-]+\.(?:hpp|h))\b", where):
                base = posixpath.basename(m.group(2))
                out.add(f"{m.group(1)}/{base}" if m.group(1) and m.group(1) not in ("a2a3", "a5") else base)
    return out


def _cites(files: set[str], path: str) -> bool:
    base = posixpath.basename(path)
    parent = posixpath.basename(posixpath.dirname(path))
    return any(fnmatch.fnmatchcase(f"{parent}/{base}" if "/" in f else base, f) for f in files)


_STOP = re.compile(r"^(std|value|typename|t|v|is_same|is_same_v|sizeof|static_cast|constexpr|tiletype|"
                   r"tile\w*|\w*tiledata\w*|dtype|true|false|pto|\d+\w*)$")


def _words(text: str) -> set[str]:
    """Lower-case identifiers of a condition or a rule's provenance (type-holder names and noise left out)."""
    return {w for w in (x.lower() for x in re.findall(r"[A-Za-z_]\w*", text)) if not _STOP.match(w)}


@dataclass
class Mapping:
    status: str  # checked | reasoned | unmapped
    rules: list[str] = field(default_factory=list)  # rules that check it on its target
    reason: str = ""  # key of assert_map.REASONS
    basis: str = ""  # curated | provenance | target
    note: str = ""


def load_table():
    """The curated table bench/assert_map.py (ENTRIES, REASONS, Entry)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("assert_map", MAP_FILE)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["assert_map"] = mod
    spec.loader.exec_module(mod)
    return mod


def entry_matches(e, a: dict) -> bool:
    if e.targets and a["target"] not in e.targets:
        return False
    if not any(fnmatch.fnmatchcase(a["file"], f) for f in e.file.split("|")):
        return False
    if e.owner != "*" and not any(fnmatch.fnmatchcase(a["owner"], o) for o in e.owner.split("|")):
        return False
    if e.kind and a["kind"] != e.kind:
        return False
    if e.topic and a["topic"] not in e.topic.split("|"):
        return False
    if e.builtin and not set(e.builtin.split("|")) & set(a["builtins"]):
        return False
    if e.lines and not e.lines[0] <= a["line"] <= e.lines[1]:
        return False
    if getattr(e, "guard", "") and not any(re.fullmatch(e.guard, g) for g in a.get("guards", ())):
        return False
    return not (e.cond and not re.search(e.cond, a["cond"]))


class Mapper:
    def __init__(self, rules: dict, table):
        self.rules = rules
        self.table = table
        self.checked = checked_builtins(rules)
        self.modelled = {t for r in rules.values() for t in r.targets}
        self.cited = {code: provenance_files(r) for code, r in rules.items()}
        self.words = {code: _words(" ".join([r.name.replace("-", " ")] + [p.where + " " + p.note
                                                                            for p in r.provenance]))
                      for code, r in rules.items()}

    def on_checked_path(self, a: dict) -> list[str]:
        return [b for b in a["builtins"] if b in self.checked]

    def runs(self, code: str, target: str, a: dict | None = None) -> bool:
        """Does the rule run on the target, for one of the assertion's builtins (a rule with per-implementation
        facts runs on a newer target only for the builtins implemented there by the same file: Rule.runs)."""
        r = self.rules.get(code)
        if r is None or target not in r.targets:
            return False
        if a is None:
            return True
        if "*" not in r.instructions and not set(a["builtins"]) & set(r.instructions):
            return False  # the assertion lies on this target's path of other builtins only
        return not hasattr(r, "runs") or any(r.runs_for_some(b, target) for b in a["builtins"])

    def inferred(self, a: dict) -> list[str]:
        """Rules of the assertion's builtins, running on its target, citing its file, of its topic's first tier
        (rules the table lists in CURATED_ONLY are mapped by its entries alone)."""
        bs = set(self.on_checked_path(a))
        cands = []
        for code, r in sorted(self.rules.items()):
            if code in getattr(self.table, "CURATED_ONLY", ()) or not self.runs(code, a["target"], a):
                continue
            if not (bs & set(r.instructions) or ("*" in r.instructions and "*" in bs)):
                continue
            if _cites(self.cited[code], a["file"]):
                cands.append(r)
        for tier in TOPIC_TIERS.get(a["topic"], ()):
            out = [r for r in cands if r.fault in tier and "*" not in r.instructions]
            if out:
                # the rules whose provenance notes share the most words with the condition (ties: all of them)
                words = _words(a["cond"])
                score = {r.code: len(words & self.words[r.code]) for r in out}
                best = max(score.values())
                if best == 0 and a["topic"] in WORDS_REQUIRED:
                    return []
                return [r.code for r in out if score[r.code] == best]
        return []

    def home_entry(self, a: dict):
        """The entry that decides the same assertion on the target whose directory holds its file (a newer target
        that includes pto/npu/a5/TAdd.hpp meets A5's assertion there, read and decided for A5): the decision carries
        over, the rules still only where they run on the assertion's own target. Not `model-compile-error`, which
        is about the bundled model of one target."""
        home = HOME_DIRS.get(a["file"].split("/")[2]) if a["file"].startswith("pto/npu/") else None
        if home is None or home == a["target"]:
            return None
        entry = next((e for e in self.table.ENTRIES if entry_matches(e, {**a, "target": home})), None)
        if entry is None or entry.reason == MODEL_COMPILE_ERROR:
            return None
        return replace(entry, note=f"decided on {home} (same file and line): {entry.note}".rstrip(": "))

    def map(self, a: dict) -> Mapping:
        target = a["target"]
        entry = next((e for e in self.table.ENTRIES if entry_matches(e, a)), None)
        if entry is None:
            entry = self.home_entry(a)
        if entry is not None and entry.reason:
            return Mapping("reasoned", reason=entry.reason, basis="curated", note=entry.note)
        if target not in self.modelled:
            return Mapping("reasoned", reason="target-not-modelled", basis="target")
        if entry is not None and entry.rules:
            running = [c for c in entry.rules if self.runs(c, target, a)]
            if running:
                return Mapping("checked", rules=running, basis="curated", note=entry.note)
            if target not in self.modelled:
                return Mapping("reasoned", reason="target-not-modelled", basis="target")
            return Mapping("unmapped", basis="curated", note=f"{', '.join(entry.rules)} do(es) not run on {target}"
                           + (f"; {entry.note}" if entry.note else ""))
        if entry is not None:  # an entry naming neither: an open item with a note
            return Mapping("unmapped", basis="curated", note=entry.note)
        running = self.inferred(a)
        if running:
            return Mapping("checked", rules=running, basis="provenance")
        if target not in self.modelled:
            return Mapping("reasoned", reason="target-not-modelled", basis="target")
        return Mapping("unmapped")


def build_report(inventory: dict, rules: dict, table, targets: list[str]) -> dict:
    mapper = Mapper(rules, table)
    rows = []
    for a in inventory["assertions"]:
        if a["target"] not in targets:
            continue
        bs = mapper.on_checked_path(a)
        if not bs:
            continue
        m = mapper.map(a)
        rows.append({**a, "builtins": bs, "status": m.status, "rules": m.rules, "reason": m.reason,
                     "basis": m.basis, "note": m.note})
    summary = {}
    for t in targets:
        mine = [r for r in rows if r["target"] == t]
        n = len(mine)
        checked = sum(r["status"] == "checked" for r in mine)
        reasoned = sum(r["status"] == "reasoned" for r in mine)
        summary[t] = {
            "asserts": n,
            "static": sum(r["kind"] == "static" for r in mine),
            "runtime": sum(r["kind"] == "runtime" for r in mine),
            "checked": checked,
            "checked_curated": sum(r["status"] == "checked" and r["basis"] == "curated" for r in mine),
            "checked_inferred": sum(r["status"] == "checked" and r["basis"] == "provenance" for r in mine),
            "reasoned": reasoned,
            "unmapped": n - checked - reasoned,
            "mapped_percent": _pct(checked + reasoned, n),
            "checked_percent": _pct(checked, n),
            "compile_error": sum(r["reason"] == MODEL_COMPILE_ERROR for r in mine),
            "checked_or_compile_percent": _pct(checked + sum(r["reason"] == MODEL_COMPILE_ERROR for r in mine), n),
            "modelled": t in mapper.modelled,
            "unmapped_ids": [r["id"] for r in mine if r["status"] == "unmapped"],
        }
    n = len(rows)
    checked = sum(r["status"] == "checked" for r in rows)
    reasoned = sum(r["status"] == "reasoned" for r in rows)
    compile_error = sum(r["reason"] == MODEL_COMPILE_ERROR for r in rows)
    overall = {"asserts": n, "checked": checked, "reasoned": reasoned, "unmapped": n - checked - reasoned,
               "mapped_percent": _pct(checked + reasoned, n), "checked_percent": _pct(checked, n),
               "compile_error": compile_error, "checked_or_compile_percent": _pct(checked + compile_error, n)}
    return {"version": 1, "source": inventory.get("source", {}), "targets": targets, "summary": summary,
            "overall": overall, "reasons": dict(table.REASONS), "extraction": inventory.get("targets", {}),
            "assertions": rows}


def _pct(k: int, n: int) -> float:
    return round(100.0 * k / n, 1) if n else 100.0


# ------------------------------------------------------------------------------------------------------------
# the document


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_doc(report: dict) -> str:
    src = report["source"]
    reasons = report["reasons"]
    out: list[str] = []
    w = out.append
    w("# Assertion coverage of the vendor headers")
    w("")
    w("<!-- generated by bench/assert_coverage.py from bench/assert_inventory.json, bench/assert_map.py and the "
      "rule registry; do not edit (python bench/assert_coverage.py --from-inventory bench/assert_inventory.json "
      "--write-doc docs/assert-coverage.md) -->")
    w("")
    w(f"Every `static_assert` / `PTO_STATIC_ASSERT` (compile time) and `PTO_ASSERT` (run time, `_DEBUG` builds "
      f"only) of the public PTO ISA headers ({src.get('repository', 'hw-native-sys/pto-isa')}, commit "
      f"`{src.get('commit', 'unknown')[:12]}`) that lies on the path of a builtin some ptolint rule checks, per "
      f"target, and what checks it: the rule codes (on that target: a rule whose `targets` does not list the "
      f"target does not check it there) or the reason it is not checkable. The goal is 100 % mapped and at "
      f"least 95 % checked per target.")
    w("")
    w("## Summary")
    w("")
    w("| target | asserts | compile time | run time | checked by rules (curated + inferred) | reasoned (of them "
      "model compile error) | unmapped | mapped % | checked by rules % | checked by rules or the model % |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for t in report["targets"]:
        s = report["summary"][t]
        name = t if s["modelled"] else f"{t} (not modelled)"
        w(f"| {name} | {s['asserts']} | {s['static']} | {s['runtime']} | {s['checked']} ({s['checked_curated']} + "
          f"{s['checked_inferred']}) | {s['reasoned']} ({s['compile_error']}) | {s['unmapped']} | "
          f"{s['mapped_percent']:.1f} | {s['checked_percent']:.1f} | {s['checked_or_compile_percent']:.1f} |")
    o = report["overall"]
    w(f"| **all** | {o['asserts']} | | | {o['checked']} | {o['reasoned']} ({o['compile_error']}) | {o['unmapped']} | "
      f"{o['mapped_percent']:.1f} | {o['checked_percent']:.1f} | {o['checked_or_compile_percent']:.1f} |")
    w("")
    w("*Checked by rules* counts the assertions a rule checks (a finding with a witness, confirmed by the "
      "executor). *Checked by rules or the model* adds those with the reason `model-compile-error`: ptolint's "
      "bundled model header carries the same `static_assert` (tests/test_model_headers.py), so a kernel that breaks "
      "one gets an error on that target naming the kernel's line that instantiated the template (`required from "
      "...`), as the vendor's compiler would; it is a compile error, not a rule finding (no rule id, no witness).")
    w("")
    w("How the map is made (bench/assert_coverage.py has the details):")
    w("")
    w("- **Which assertions.** The headers a device build of the target includes from `pto/pto-inst.hpp` "
      "(`#include`s followed within include/pto/, `#if` evaluated for the target's `__NPU_ARCH__`; build-mode "
      "macros such as `_DEBUG`, `__DAV_CUBE__`, `__PTO_AUTO__` keep both arms). An assertion is listed when the "
      "function or class it is in is reachable, by name, from a checked builtin's wrapper or `*_IMPL`, or belongs "
      "to a class the kernel instantiates itself (Tile, GlobalTensor, Shape, Stride: builtin `*`; Event: TSYNC; "
      "TPipe/TMPipe: TPUSH/TPOP/TALLOC/TFREE).")
    w("- **Checked, basis `curated`**: bench/assert_map.py names the rules after reading the assertion and the "
      "rule. **Basis `provenance`**: no curated entry; the rules that name one of its builtins (or `*`), run on "
      "the target, cite its header file in their provenance and constrain the same topic (element type, "
      "location, layout, shape, valid region, index ...). Inferred, not read one by one. Inferred credits per "
      "target: " + ", ".join(f"{t} {report['summary'][t]['checked_inferred']}" for t in report["targets"]) +
      ". On a2a3, a5, Kirin 9030 and Kirin X90 every credit the inference gave was read one by one (issue 13 item "
      "4) and replaced by a "
      "curated decision: the right rule, an open entry (\"open (partial, PTOnnn)\" where the rule checks only part "
      "of the condition) or a reason. A newer target that includes one of their files (the Kirins and A6 include "
      "many of pto/npu/a5/) takes that decision for the same assertion (note \"decided on a5\"), its rules only "
      "where they run there for the assertion's builtins; only assertions of its own files are still inferred.")
    w("- **Reasoned**: a curated reason (below) or `target-not-modelled` (no rule runs on the target at all). "
      "**Unmapped**: neither: the open work.")
    w("")
    w("## Reasons")
    w("")
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in report["assertions"]:
        if r["reason"]:
            counts[r["reason"]][r["target"]] += 1
    for key, text in reasons.items():
        per = ", ".join(f"{t} {counts[key][t]}" for t in report["targets"] if counts[key][t])
        w(f"- `{key}`: {text}" + (f" ({per})" if per else " (unused)"))
    w("")
    w("## Unmapped assertions by builtin and topic")
    w("")
    any_unmapped = False
    for t in report["targets"]:
        groups: dict[tuple[str, str], int] = defaultdict(int)
        for r in report["assertions"]:
            if r["target"] == t and r["status"] == "unmapped":
                groups[(", ".join(r["builtins"][:4]) + (" ..." if len(r["builtins"]) > 4 else ""), r["topic"])] += 1
        if not groups:
            continue
        any_unmapped = True
        w(f"### {t}")
        w("")
        w("| builtin(s) | topic | unmapped |")
        w("|---|---|---:|")
        for (b, top), k in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0])):
            w(f"| {b} | {top} | {k} |")
        w("")
    if not any_unmapped:
        w("None.")
        w("")
    for t in report["targets"]:
        w(f"## {t}")
        w("")
        mine = [r for r in report["assertions"] if r["target"] == t]
        groups2: dict[tuple[str, ...], list[dict]] = defaultdict(list)
        for r in mine:
            groups2[tuple(r["builtins"])].append(r)
        for bs in sorted(groups2, key=lambda b: (b[0] != "*", b)):
            rs = groups2[bs]
            ok = sum(r["status"] == "checked" for r in rs)
            w(f"### {', '.join(bs)}")
            w("")
            w(f"{len(rs)} assertion(s), {ok} checked.")
            w("")
            w("| assertion | kind | where (owner) | checks | checked by / reason |")
            w("|---|---|---|---|---|")
            for r in sorted(rs, key=lambda r: (r["file"], r["line"])):
                h = r["id"].rsplit(":", 1)[1]
                kind = "static" if r["kind"] == "static" else "runtime"
                owner = r["owner"].split(":", 1)[1] if not r["owner"].startswith("file:") else "file scope"
                if r["status"] == "checked":
                    by = ", ".join(r["rules"]) + (" (inferred)" if r["basis"] == "provenance" else "")
                elif r["status"] == "reasoned":
                    by = f"reason: {r['reason']}"
                else:
                    by = "**unmapped**"
                if r["note"]:
                    by += f": {r['note']}"
                guard = f" [{'; '.join(r['guards'])}]" if r["guards"] else ""
                cond = r["cond"] if len(r["cond"]) <= DOC_COND_MAX else r["cond"][:DOC_COND_MAX - 3].rstrip() + "..."
                w(f"| `{h}` | {kind} | {r['file'][4:]}:{r['line']} ({_cell(owner)}){_cell(guard)} | "
                  f"{r['topic']}: `{_cell(cond)}` | {_cell(by)} |")
            w("")
    return "\n".join(out).rstrip() + "\n"


# ------------------------------------------------------------------------------------------------------------
# command line


def source_info(pto_isa: Path, commit: str | None) -> dict:
    info = {"repository": "hw-native-sys/pto-isa"}
    if commit:
        info["commit"] = commit
    else:
        import subprocess

        try:
            info["commit"] = subprocess.run(["git", "-C", str(pto_isa), "rev-parse", "HEAD"], capture_output=True,
                                            text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            info["commit"] = "unknown"
    return info


def build_inventory(pto_isa: Path, targets: list[str], commit: str | None) -> dict:
    include_dir = pto_isa / "include"
    if not (include_dir / ROOT_HEADER).is_file():
        raise SystemExit(f"{include_dir / ROOT_HEADER} not found: PTO_ISA_DIR must be a pto-isa checkout")
    per: dict[str, dict] = {}
    rows: list[dict] = []
    for t in targets:
        stats: dict = {}
        rows += [asdict(a) for a in extract_target(include_dir, t, None, stats)]
        per[t] = stats
    return {"version": 1, "source": source_info(pto_isa, commit), "targets": per, "assertions": rows}


#: columns of an inventory row (the id is target:file:line:hash)
COLUMNS = ("target", "file", "line", "hash", "kind", "macro", "topic", "owner", "builtins", "guards", "cond")


def write_inventory(path: str, inventory: dict) -> None:
    """The inventory as JSON, one assertion per line as a row of COLUMNS (diffs stay readable)."""
    head = {k: v for k, v in inventory.items() if k != "assertions"}
    head["columns"] = list(COLUMNS)
    rows = []
    for a in inventory["assertions"]:
        a = {**a, "hash": a["id"].rsplit(":", 1)[1]}
        rows.append(json.dumps([a[c] for c in COLUMNS], separators=(",", ":")))
    text = json.dumps(head, indent=1)[:-2] + ',\n "assertions": [\n' + ",\n".join(rows) + "\n ]\n}\n"
    if read_inventory_text(text)["assertions"] != inventory["assertions"]:
        raise AssertionError("inventory does not read back")
    Path(path).write_text(text)


def read_inventory_text(text: str) -> dict:
    data = json.loads(text)
    cols = data.pop("columns")
    rows = []
    for row in data["assertions"]:
        a = dict(zip(cols, row, strict=True))
        h = a.pop("hash")
        rows.append({"id": f"{a['target']}:{a['file']}:{a['line']}:{h}", **a})
    data["assertions"] = [{k: a[k] for k in ASSERTION_FIELDS} for a in rows]
    return data


def read_inventory(path: str | Path) -> dict:
    return read_inventory_text(Path(path).read_text())


def write_json(path: str, data: dict) -> None:
    text = json.dumps(data, indent=1, sort_keys=False) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        Path(path).write_text(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pto_isa", nargs="?", help="a pto-isa checkout (its include/ tree is read)")
    ap.add_argument("--from-inventory", metavar="FILE", help="take the assertions from this inventory instead")
    ap.add_argument("--target", default="all", help=f"one of {', '.join(ALL_TARGETS)} or all (default)")
    ap.add_argument("--json", metavar="OUT", help="write the full report (JSON; - for stdout)")
    ap.add_argument("--inventory", metavar="OUT", help="write the extracted inventory (with PTO_ISA_DIR)")
    ap.add_argument("--source-commit", help="the pto-isa commit to record (default: git rev-parse in PTO_ISA_DIR)")
    ap.add_argument("--write-doc", metavar="DOC", help="write the Markdown report")
    ap.add_argument("--check", metavar="DOC", help="exit 1 when DOC differs from what --write-doc would write")
    args = ap.parse_args(argv)
    if args.target == "all":
        targets = list(ALL_TARGETS)
    elif args.target in ALL_TARGETS:
        targets = [args.target]
    else:
        ap.error(f"unknown target {args.target!r} (expected one of {', '.join(ALL_TARGETS)} or all)")
    if bool(args.pto_isa) == bool(args.from_inventory):
        ap.error("give either PTO_ISA_DIR or --from-inventory FILE")
    if args.from_inventory:
        inventory = read_inventory(args.from_inventory)
        missing = [t for t in targets if t not in inventory.get("targets", {})]
        if missing:
            ap.error(f"the inventory has no data for {', '.join(missing)}")
    else:
        inventory = build_inventory(Path(args.pto_isa), targets, args.source_commit)
        if args.inventory:
            write_inventory(args.inventory, inventory)
    from ptolint.ruleset import load_rules

    report = build_report(inventory, load_rules(), load_table(), targets)
    if args.json:
        write_json(args.json, report)
    doc = render_doc(report)
    if args.write_doc:
        Path(args.write_doc).write_text(doc)
    status = 0
    if args.check:
        current = Path(args.check).read_text() if Path(args.check).is_file() else ""
        if current != doc:
            print(f"{args.check} is stale: regenerate it with --write-doc {args.check}", file=sys.stderr)
            status = 1
    for t in targets:
        s = report["summary"][t]
        print(f"{t:13} asserts {s['asserts']:5}  mapped {s['mapped_percent']:5.1f} %  checked "
              f"{s['checked_percent']:5.1f} % (with the model's compile errors {s['checked_or_compile_percent']:5.1f} %)"
              f"  unmapped {s['unmapped']}" + ("" if s["modelled"] else
                                                                             "  (target not modelled)"))
    o = report["overall"]
    print(f"{'all':13} asserts {o['asserts']:5}  mapped {o['mapped_percent']:5.1f} %  checked "
          f"{o['checked_percent']:5.1f} % (with the model's compile errors {o['checked_or_compile_percent']:5.1f} %)"
          f"  unmapped {o['unmapped']}")
    return status


if __name__ == "__main__":
    sys.exit(main())

"""Recall harness: inject one rule violation at a time into correct kernels and check that ptolint reports it.

Usage: python bench/recall.py [--json OUT] [-j N] [--rules IDS] [KERNEL_DIR_OR_FILE ...]
       (default input: fixtures/correct_code)

For every correct kernel, the builtin calls (TEXTRACT, TEXTRACT_FP, TROWPROD, TRESHAPE, TCOLEXPANDMAX, TDIVS)
are found textually, their tile operands are resolved textually to their `Tile<...>` types (through
`using X = ...;` aliases, `TileLeft/TileRight/TileAcc<...>` alias templates and declarations such as
`Tile<...> a, b(vr);`), and MUTATION OPERATORS are applied, each designed to break one named rule (PTO code)
on one call. A mutant is written to a temp dir and checked with the real CLI:

    ptolint check --format json --target T mutant.cpp

It is DETECTED when a finding with the expected rule id is reported on the mutated call's line for target T.
Mutants the frontend cannot parse (a diagnostic of level error) are INVALID, not misses. Mutants whose
expected finding the unmutated kernel already has are not generated.

How a mutation is made (everything stays on the call's line, so line numbers do not move): the operands to
change are replaced by fresh clones declared right before the call,

    { Tile<TileType::Mat, T, R, C, ...> pl_mut1(vr); TROWPROD(dst, pl_mut1, tmp); };

where the clone is the operand's own tile type, written out in full (all 9 parameters, after textual alias
expansion), with one parameter changed, and its constructor arguments reproduce the operand's run-time valid
region (constructor arguments and the last `SetValidRow/SetValidCol` before the call). Index, scalar and
template arguments are edited in place. The generated set is deterministic (sorted inputs, no randomness).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INPUT = ROOT / "fixtures" / "correct_code"
TARGETS = ("a2a3", "a5")
BUILTINS = ("TEXTRACT_FP", "TEXTRACT", "TROWPROD", "TRESHAPE", "TCOLEXPANDMAX", "TDIVS")
SOURCE_EXT = {".cpp", ".cc", ".cxx", ".c", ".cce"}
CLI = [sys.executable, "-c", "from ptolint.cli import run; run()"]  # the `ptolint` console script's code path

SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4, "double": 8}
INT_TYPES = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t"}
FRACTALS = {"TileConfig::fractalABSize": 512, "TileConfig::fractalCSize": 1024, "TileConfig::fractalMxSize": 32}

#: rules for which the harness has no mutation operator, with the reason
NOT_INJECTED: dict[str, str] = {}  # every rule currently has at least one operator


# --------------------------------------------------------------------------- text utilities

def strip_comments(src: str) -> str:
    """Comments (and string contents) blanked with spaces, newlines kept: offsets and lines do not move."""
    out = list(src)
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [ch if ch == "\n" else " " for ch in src[i:j]]
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out[i + 1:j] = " " * (j - i - 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at top-level separators (outside (), [], {} and template <>)."""
    parts, depth, angle, cur = [], 0, 0, []
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "<" and depth == 0 and i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_ ") \
                and re.search(r"[A-Za-z_]\w*\s*$", text[:i]):
            angle += 1
        elif c == ">" and depth == 0 and angle > 0 and text[i - 1] != "-":
            angle -= 1
        if c == sep and depth == 0 and angle == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return [p.strip() for p in parts]


def match_close(text: str, i: int, open_c: str, close_c: str) -> int:
    """Index just past the bracket closing the one at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_c:
            depth += 1
        elif text[j] == close_c:
            depth -= 1
            if depth == 0:
                return j + 1
    raise ValueError(f"unbalanced {open_c} at {i}")


def paren(e: str) -> str:
    e = e.strip()
    return e if re.fullmatch(r"[\w.:]+", e) else f"({e})"


# --------------------------------------------------------------------------- preprocessor (per target)

_target_macros: dict[str, dict[str, str]] = {}


def target_macros(target: str) -> dict[str, str]:
    """Predefined macros of the target, from `ptolint info` (the exact parser args), plus the model header's
    derived architecture macros (PTO_NPU_ARCH_A5 / PTO_NPU_ARCH_A2A3, PTOLINT_TARGET_A5)."""
    if target not in _target_macros:
        out = subprocess.run(CLI + ["info", "--format", "json", "--target", target], capture_output=True,
                             text=True, check=True).stdout
        args = json.loads(out)["targets"][target]["args"]
        macros = {}
        for a in args:
            if a.startswith("-D") and "(" not in a.split("=")[0]:
                name, _, val = a[2:].partition("=")
                macros[name] = val or "1"
        arch = int(macros.get("__NPU_ARCH__", "0"))
        if arch in (3101, 3510):
            macros.update(PTO_NPU_ARCH_A5="1", PTOLINT_TARGET_A5="1")
        else:
            macros.update(PTO_NPU_ARCH_A2A3="1", PTOLINT_TARGET_A5="0")
        _target_macros[target] = macros
    return _target_macros[target]


def _eval_if(expr: str, macros: dict[str, str]) -> bool:
    expr = re.sub(r"defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)",
                  lambda m: "1" if (m.group(1) or m.group(2)) in macros else "0", expr)
    expr = re.sub(r"[A-Za-z_]\w*", lambda m: macros.get(m.group(0), "0") or "1", expr)
    expr = expr.replace("&&", " and ").replace("||", " or ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    try:
        return bool(eval(expr, {"__builtins__": {}}))  # noqa: S307 - integer-only #if expression
    except Exception:  # noqa: BLE001 - an expression we cannot read counts as true
        return True


def active_code(code: str, target: str) -> str:
    """`code` with the lines of inactive #if branches (and all preprocessor lines) blanked for `target`."""
    macros = dict(target_macros(target))
    lines = code.split("\n")
    stack: list[tuple[bool, bool]] = []  # (this branch active, some branch taken)
    out = []
    for line in lines:
        s = line.strip()
        live = all(a for a, _ in stack)
        m = re.match(r"#\s*(if|ifdef|ifndef|elif|else|endif|define)\b(.*)", s)
        if m:
            kind, rest = m.group(1), m.group(2).strip()
            if kind in ("if", "ifdef", "ifndef"):
                cond = (_eval_if(rest, macros) if kind == "if" else
                        (rest in macros) if kind == "ifdef" else rest not in macros)
                stack.append((cond, cond))
            elif kind == "elif" and stack:
                _, taken = stack[-1]
                cond = not taken and _eval_if(rest, macros)
                stack[-1] = (cond, taken or cond)
            elif kind == "else" and stack:
                _, taken = stack[-1]
                stack[-1] = (not taken, True)
            elif kind == "endif" and stack:
                stack.pop()
            elif kind == "define" and live:
                dm = re.match(r"(\w+)(?!\()\s*(.*)", rest)
                if dm:
                    macros[dm.group(1)] = dm.group(2) or "1"
            out.append(" " * len(line))
        elif s.startswith("#"):
            out.append(" " * len(line))
        else:
            out.append(line if live else " " * len(line))
    return "\n".join(out)


# --------------------------------------------------------------------------- tile types

@dataclass(frozen=True)
class Spec:
    """A tile type as text: the 9 leading Tile parameters (plus pad/compact, kept verbatim)."""

    loc: str
    dtype: str
    rows: str
    cols: str
    bl: str
    vr: str
    vc: str
    sl: str
    frac: str
    extra: tuple[str, ...] = ()

    def render(self) -> str:
        ps = [self.loc, self.dtype, self.rows, self.cols, self.bl, self.vr, self.vc, self.sl, self.frac, *self.extra]
        return "Tile<" + ", ".join(ps) + ">"

    @property
    def loc_name(self) -> str:
        return self.loc.replace("TileType::", "").replace("pto::", "")

    @property
    def bl_name(self) -> str:
        return self.bl.replace("BLayout::", "").replace("pto::", "")

    @property
    def sl_name(self) -> str:
        return self.sl.replace("SLayout::", "").replace("pto::", "")

    @property
    def frac_value(self) -> int | None:
        f = self.frac.replace("pto::", "")
        return FRACTALS.get(f) or (int(f) if f.isdigit() else None)

    @property
    def boxed(self) -> bool:
        return self.sl_name != "NoneBox" or self.frac_value == 1024

    def is_nd(self) -> bool:
        return self.bl_name == "RowMajor" and self.sl_name == "NoneBox"

    def is_nz(self) -> bool:
        return self.bl_name == "ColMajor" and self.sl_name == "RowMajor"


ALIAS_TEMPLATES = {
    # name -> (loc, blayout per target, slayout, fractal); parameters: Element, Rows, Cols[, RowValid, ColValid]
    "TileLeft": ("Left", {"a2a3": "RowMajor", "a5": "ColMajor"}, "RowMajor", "512"),
    "TileRight": ("Right", {"a2a3": "RowMajor", "a5": "RowMajor"}, "ColMajor", "512"),
    "TileAcc": ("Acc", {"a2a3": "ColMajor", "a5": "ColMajor"}, "RowMajor", "1024"),
    "TileLeftScale": ("ScaleLeft", {"a2a3": "RowMajor", "a5": "RowMajor"}, "RowMajor", "32"),
    "TileRightScale": ("ScaleRight", {"a2a3": "ColMajor", "a5": "ColMajor"}, "ColMajor", "32"),
}


def spec_from_template(name: str, args: list[str], target: str) -> Spec | None:
    name = name.replace("pto::", "")
    if name == "Tile":
        if len(args) < 4:
            return None
        a = args + [None] * (11 - len(args))
        return Spec(a[0], a[1], a[2], a[3], a[4] or "BLayout::RowMajor", a[5] or a[2], a[6] or a[3],
                    a[7] or "SLayout::NoneBox", a[8] or "512", tuple(x for x in a[9:] if x))
    if name in ALIAS_TEMPLATES and len(args) >= 3:
        loc, bl, sl, frac = ALIAS_TEMPLATES[name]
        vr = args[3] if len(args) > 3 else args[1]
        vc = args[4] if len(args) > 4 else args[2]
        return Spec(f"TileType::{loc}", args[0], args[1], args[2], f"BLayout::{bl[target]}", vr, vc,
                    f"SLayout::{sl}", frac)
    return None


# --------------------------------------------------------------------------- kernel model

@dataclass
class Operand:
    index: int  # argument position in the call
    name: str
    spec: Spec
    vr_expr: str | None  # run-time valid rows expression (or the static value)
    vc_expr: str | None


@dataclass
class Call:
    path: str
    target: str
    instr: str
    line: int
    start: int  # offset of the builtin name
    end: int  # offset just past ')'
    targs: str | None  # template argument text between <> (None: no explicit template arguments)
    args: list[str]
    operands: dict[int, Operand]
    aliases: dict[str, str]  # alias name -> type text, visible at the call


def _statements(code: str, lo: int, hi: int) -> list[tuple[int, str]]:
    """Statements of code[lo:hi] (split at ; { } outside parentheses), with their start offsets."""
    out, depth, start = [], 0, lo
    for i in range(lo, hi):
        c = code[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c in ";{}" and depth == 0:
            out.append((start, code[start:i]))
            start = i + 1
    out.append((start, code[start:hi]))
    return [(o + len(s) - len(s.lstrip()), s.strip()) for o, s in out if s.strip()]


def _top_blocks(code: str) -> list[tuple[int, int]]:
    blocks, depth, start = [], 0, 0
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                start = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                blocks.append((start, i + 1))
    return blocks


_TYPE_HEAD = re.compile(r"(?:const\s+)?((?:typename\s+)?[A-Za-z_][\w:]*)\s*")
_DECLARATOR = re.compile(r"([A-Za-z_]\w*)\s*(?:\((.*)\)|\{(.*)\})?", re.S)
_KEYWORDS = {"return", "if", "for", "while", "else", "using", "template", "typedef", "int", "unsigned", "bool",
             "auto", "constexpr", "static", "extern", "namespace", "struct", "class", "do", "switch", "case"}


def _parse_type_prefix(stmt: str) -> tuple[str, str] | None:
    """('Type<...>', rest) for a statement starting with a type name."""
    m = _TYPE_HEAD.match(stmt)
    if not m or m.group(1) in _KEYWORDS:
        return None
    end = m.end(1)
    rest = stmt[end:].lstrip()
    typ = m.group(1)
    if rest.startswith("<"):
        j = match_close(rest, 0, "<", ">")
        typ, rest = typ + rest[:j], rest[j:]
    return typ, rest


def _resolve(type_text: str, aliases: dict[str, str], target: str, depth: int = 0) -> Spec | None:
    t = re.sub(r"\s+", " ", type_text.strip())
    if depth > 8:
        return None
    m = re.fullmatch(r"(?:pto::)?(\w+)\s*<(.*)>", t, re.S)
    if m and m.group(1) in ("Tile", *ALIAS_TEMPLATES):
        return spec_from_template(m.group(1), split_top(m.group(2)), target)
    if t in aliases:
        return _resolve(aliases[t], aliases, target, depth + 1)
    return None


def _resolve_dtype(dt: str, aliases: dict[str, str], depth: int = 0) -> str:
    dt = dt.strip()
    if dt in aliases and depth < 8:
        return _resolve_dtype(aliases[dt], aliases, depth + 1)
    return dt


def concrete_dtype(dt: str, aliases: dict[str, str]) -> str | None:
    r = _resolve_dtype(dt, aliases)
    return r if r in SIZES else None


def dtype_is_int(dt: str, aliases: dict[str, str]) -> bool:
    names = set(re.findall(r"\b\w+\b", _resolve_dtype(dt, aliases))) & set(SIZES)
    return bool(names) and names <= INT_TYPES


def find_calls(path: Path, target: str) -> list[Call]:
    src = path.read_text()
    code = active_code(strip_comments(src), target)
    blocks = _top_blocks(code)
    file_aliases: dict[str, str] = {}
    outside = []
    pos = 0
    for lo, hi in blocks:
        outside.append((pos, lo))
        pos = hi
    outside.append((pos, len(code)))
    for lo, hi in outside:
        for _, st in _statements(code, lo, hi):
            m = re.fullmatch(r"using\s+(\w+)\s*=\s*(.+)", st, re.S)
            if m:
                file_aliases[m.group(1)] = m.group(2)
    calls = []
    pat = re.compile(r"\b(" + "|".join(BUILTINS) + r")\b")
    for m in pat.finditer(code):
        i = m.end()
        while i < len(code) and code[i].isspace():
            i += 1
        targs = None
        if i < len(code) and code[i] == "<":
            j = match_close(code, i, "<", ">")
            targs = code[i + 1:j - 1].strip()
            i = j
            while code[i].isspace():
                i += 1
        if i >= len(code) or code[i] != "(":
            continue
        block = next(((lo, hi) for lo, hi in blocks if lo < m.start() < hi), None)
        if block is None:  # a declaration outside a function body
            continue
        close = match_close(code, i, "(", ")")
        args = split_top(code[i + 1:close - 1])
        stmts = _statements(code, block[0] + 1, m.start())
        aliases = dict(file_aliases)
        decls: dict[str, tuple[str, list[str]]] = {}
        set_valid: dict[tuple[str, str], str] = {}
        for _, st in stmts:
            am = re.fullmatch(r"using\s+(\w+)\s*=\s*(.+)", st, re.S)
            if am:
                aliases[am.group(1)] = am.group(2)
                continue
            sm = re.fullmatch(r"(\w+)\s*\.\s*SetValid(Row|Col)\s*\((.*)\)", st, re.S)
            if sm:
                set_valid[(sm.group(1), sm.group(2))] = sm.group(3).strip()
                continue
            tp = _parse_type_prefix(st)
            if not tp or not tp[1]:
                continue
            typ, rest = tp
            for d in split_top(rest):
                dm = _DECLARATOR.fullmatch(d)
                if not dm:
                    break
                ctor = dm.group(2) if dm.group(2) is not None else dm.group(3)
                decls[dm.group(1)] = (typ, split_top(ctor) if ctor and ctor.strip() else [])
                set_valid.pop((dm.group(1), "Row"), None)
                set_valid.pop((dm.group(1), "Col"), None)
        operands = {}
        for k, a in enumerate(args):
            if a not in decls:
                continue
            spec = _resolve(decls[a][0], aliases, target)
            if spec is None:
                continue
            ctor = decls[a][1]
            vr_dyn, vc_dyn = spec.vr == "DYNAMIC", spec.vc == "DYNAMIC"
            dyn_args = iter(ctor)
            vr = next(dyn_args, None) if vr_dyn else spec.vr
            vc = next(dyn_args, None) if vc_dyn else spec.vc
            vr = set_valid.get((a, "Row"), vr)
            vc = set_valid.get((a, "Col"), vc)
            operands[k] = Operand(k, a, spec, vr, vc)
        line = code.count("\n", 0, m.start()) + 1
        calls.append(Call(str(path), target, m.group(1), line, m.start(), close, targs, args, operands, aliases))
    return calls


# --------------------------------------------------------------------------- mutations

@dataclass
class Mutation:
    rule: str
    op: str
    desc: str
    clones: dict[int, tuple[Spec, str | None, str | None]] = field(default_factory=dict)  # arg -> spec, vr, vc
    args: dict[int, str] = field(default_factory=dict)  # arg -> new text
    insert_arg: tuple[int, str] | None = None
    targs: str | None = None  # new template argument text ("" removes them)


def clone(op: Operand, rt_vr: str | None = None, rt_vc: str | None = None,
          **changes: str) -> tuple[Spec, str | None, str | None]:
    """Operand's type with `changes` (Spec fields); rt_vr/rt_vc override the run-time valid extents (forcing
    DYNAMIC)."""
    spec = replace(op.spec, **changes)
    if rt_vr is not None:
        spec = replace(spec, vr="DYNAMIC")
    if rt_vc is not None:
        spec = replace(spec, vc="DYNAMIC")
    return spec, rt_vr if rt_vr is not None else op.vr_expr, rt_vc if rt_vc is not None else op.vc_expr


def apply(call: Call, src: str, mut: Mutation) -> str | None:
    args = list(call.args)
    decls = []
    for k, (spec, vr, vc) in sorted(mut.clones.items()):
        ctor = []
        if spec.vr == "DYNAMIC":
            ctor.append(vr)
        if spec.vc == "DYNAMIC":
            ctor.append(vc)
        if any(c is None for c in ctor):
            return None  # run-time valid extent unknown: cannot clone faithfully
        name = f"pl_mut{k}"
        decls.append(f"{spec.render()} {name}" + (f"({', '.join(ctor)})" if ctor else "") + ";")
        args[k] = name
    for k, text in mut.args.items():
        args[k] = text
    if mut.insert_arg:
        args.insert(*mut.insert_arg)
    targs = call.targs if mut.targs is None else mut.targs
    if targs and call.instr.startswith("TEXTRACT"):  # explicit <DstT, SrcT, ...>: name the clones' types there
        ts = split_top(targs)
        for k, (spec, _, _) in mut.clones.items():
            if k < 2 and len(ts) > k:
                ts[k] = spec.render()
        targs = ", ".join(ts)
    new_call = call.instr + (f"<{targs}>" if targs else "") + "(" + ", ".join(args) + ")"
    if decls:
        new_call = "{ " + " ".join(decls) + " " + new_call + "; }"
    out = src[:call.start] + new_call + src[call.end:]
    return None if out == src else out


def swap_dtype(dt: str, aliases: dict[str, str], mapping: dict[str, str]) -> str:
    """A different element type (per `mapping`); a std::conditional_t chain when dt is not concrete."""
    c = concrete_dtype(dt, aliases)
    if c:
        return mapping[c]
    expr = "float"
    for k, v in reversed(list(mapping.items())):
        expr = f"std::conditional_t<std::is_same_v<{dt}, {k}>, {v}, {expr}>"
    return expr


def sized_dtype(dt: str, aliases: dict[str, str], by_size: dict[int, str]) -> str:
    c = concrete_dtype(dt, aliases)
    if c:
        return by_size[SIZES[c]]
    return (f"std::conditional_t<sizeof({dt}) == 1, {by_size[1]}, std::conditional_t<sizeof({dt}) == 2, "
            f"{by_size[2]}, std::conditional_t<sizeof({dt}) == 4, {by_size[4]}, {by_size[8]}>>>")


# same size, both usually supported: a pure type mismatch
ARITH_SWAP = {"half": "int16_t", "int16_t": "half", "float": "int32_t", "int32_t": "float", "bfloat16_t": "half",
              "int8_t": "uint8_t", "uint8_t": "int8_t", "uint16_t": "int16_t", "uint32_t": "int32_t",
              "int64_t": "uint64_t", "uint64_t": "int64_t", "double": "float"}
CUBE_SWAP = {"half": "bfloat16_t", "bfloat16_t": "half", "float": "int32_t", "int32_t": "float", "int8_t": "uint8_t",
             "uint8_t": "int8_t", "int16_t": "half", "uint16_t": "half", "uint32_t": "float"}
ACC_CONV = {  # allowed Acc -> dst element types (ptolint explain PTO105)
    "a2a3": {"cast": {"float": {"half", "bfloat16_t"}},
             "quant": {"float": {"int8_t"}, "int32_t": {"int8_t", "uint8_t", "half", "int16_t"}}},
    "a5": {"cast": {"float": {"half", "bfloat16_t", "float"}, "int32_t": {"int32_t"}},
           "quant": {"float": {"int8_t", "uint8_t", "hifloat8_t", "half", "bfloat16_t", "float8_e4m3_t", "float"},
                     "int32_t": {"int8_t", "uint8_t", "half", "bfloat16_t"}}},
}


def tile_ops(call: Call) -> list[Mutation]:
    """PTO001-PTO006 (Tile invariants) on each tile operand."""
    out = []
    for k, o in sorted(call.operands.items()):
        s = o.spec
        role = f"arg{k} `{o.name}`"
        if "DYNAMIC" in (s.vr, s.vc):  # keep a constructor that exists: run-time valid rows 0
            out.append(Mutation("PTO001", "rows-zero", f"{role}: Rows -> 0", {k: clone(o, rt_vr="0", rows="0")}))
        else:
            out.append(Mutation("PTO001", "rows-zero", f"{role}: Rows -> 0", {k: clone(o, rows="0")}))
        if s.vr != "DYNAMIC":
            out.append(Mutation("PTO002", "valid-row-exceeds", f"{role}: static ValidRow -> Rows + 1",
                                {k: clone(o, vr=f"{paren(s.rows)} + 1")}))
        elif s.vc != "DYNAMIC":
            out.append(Mutation("PTO002", "valid-col-exceeds", f"{role}: static ValidCol -> Cols + 1",
                                {k: clone(o, vc=f"{paren(s.cols)} + 1")}))
        if not s.boxed and s.bl_name in ("RowMajor", "ColMajor"):
            if s.bl_name == "RowMajor":
                out.append(Mutation("PTO003", "row-unaligned", f"{role}: Cols -> Cols + 1 (row bytes not 32B)",
                                    {k: clone(o, cols=f"{paren(s.cols)} + 1")}))
            else:
                out.append(Mutation("PTO003", "col-unaligned", f"{role}: Rows -> Rows + 1 (column bytes not 32B)",
                                    {k: clone(o, rows=f"{paren(s.rows)} + 1")}))
        if s.boxed:
            out.append(Mutation("PTO004", "box-cols", f"{role}: Cols -> Cols + 1 (not whole boxes)",
                                {k: clone(o, cols=f"{paren(s.cols)} + 1")}))
        out.append(Mutation("PTO005", "fractal-256", f"{role}: SFractalSize -> 256", {k: clone(o, frac="256")}))
        out.append(Mutation("PTO006", "valid-row-past-storage", f"{role}: run-time valid rows -> Rows + 1",
                            {k: clone(o, rt_vr=f"{paren(s.rows)} + 1")}))
    # keep the static valid extents as written when only the storage shape changes
    for m in out:
        for k, (spec, vr, vc) in list(m.clones.items()):
            o = call.operands[k]
            if m.op in ("row-unaligned", "box-cols") and o.spec.vc == o.spec.cols:
                spec = replace(spec, vc=o.spec.cols)
            if m.op == "col-unaligned" and o.spec.vr == o.spec.rows:
                spec = replace(spec, vr=o.spec.rows)
            if m.op == "rows-zero" and o.spec.vr == o.spec.rows and spec.vr != "DYNAMIC":
                spec = replace(spec, vr="0")
            m.clones[k] = (spec, vr, vc)
    return out


def textract_ops(call: Call) -> list[Mutation]:
    t, out = call.target, []
    dst, src = call.operands.get(0), call.operands.get(1)
    if not dst or not src:
        return out
    al = call.aliases
    dloc, sloc = dst.spec.loc_name, src.spec.loc_name
    n = len(call.args)
    fp = call.instr == "TEXTRACT_FP"
    quant = n == 5
    ir, ic = n - 2, n - 1
    targs = split_top(call.targs) if call.targs else []
    has_mode = any("AccToVecMode" in a for a in targs)
    has_relu = any("ReluPreMode" in a for a in targs)
    plain = not quant and not has_mode and not has_relu
    if sloc != "Acc":
        out.append(Mutation("PTO101", "dst-dtype-swap", "dst element type -> another type of the same size",
                            {0: clone(dst, dtype=swap_dtype(dst.spec.dtype, al, CUBE_SWAP))}))
    out.append(Mutation("PTO102", "index-row-past-end", "indexRow -> indexRow + Src::Rows",
                        args={ir: f"{paren(call.args[ir])} + {paren(src.spec.rows)}"}))
    out.append(Mutation("PTO103", "index-col-past-end", "indexCol -> indexCol + Src::Cols",
                        args={ic: f"{paren(call.args[ic])} + {paren(src.spec.cols)}"}))
    if dloc in ("Left", "Right") and sloc == "Mat":
        out.append(Mutation("PTO104", "int32-operands", "dst and src element type -> int32_t",
                            {0: clone(dst, dtype="int32_t"), 1: clone(src, dtype="int32_t")}))
        if src.spec.is_nd():
            out.append(Mutation("PTO106", "src-dn", "src layout ND -> DN (ColMajor, NoneBox)",
                                {1: clone(src, bl="BLayout::ColMajor")}))
        else:
            out.append(Mutation("PTO106", "src-nd", "src layout -> ND (RowMajor, NoneBox)",
                                {1: clone(src, bl="BLayout::RowMajor", sl="SLayout::NoneBox")}))
        flip = "RowMajor" if dst.spec.bl_name == "ColMajor" else "ColMajor"
        out.append(Mutation("PTO107", "dst-blayout-flip", f"dst BLayout -> {flip}",
                            {0: clone(dst, bl=f"BLayout::{flip}")}))
        if plain:
            out.append(Mutation("PTO109", "quant-form-from-mat", "add a scalar-quant argument (non-Acc source)",
                                args={ir: f"(uint16_t){paren(call.args[ir])}", ic: f"(uint16_t){paren(call.args[ic])}"},
                                insert_arg=(2, "(uint64_t)1")))
            out.append(Mutation("PTO110", "dst-to-mat", "dst TileType -> Mat (Mat -> Mat copy)",
                                {0: clone(dst, loc="TileType::Mat")}))
    if sloc == "Acc":
        sdt = concrete_dtype(src.spec.dtype, al)
        table = ACC_CONV[t]["quant" if quant else "cast"]
        if sdt in table:
            bad = next(x for x in ("float", "int8_t", "int32_t", "half") if x not in table[sdt])
            out.append(Mutation("PTO105", "acc-dst-dtype", f"dst element type -> {bad} (no fixpipe conversion)",
                                {0: clone(dst, dtype=bad)}))
        out.append(Mutation("PTO108", "acc-src-not-nz", "Acc src BLayout -> RowMajor (not NZ)",
                            {1: clone(src, bl="BLayout::RowMajor")}))
        if t == "a2a3" and dloc == "Mat" and not dst.spec.is_nd():
            out.append(Mutation("PTO108", "acc-dst-nd", "Mat dst layout -> ND (A2/A3 writes NZ only)",
                                {0: clone(dst, bl="BLayout::RowMajor", sl="SLayout::NoneBox")}))
        if t == "a5" and not has_mode:
            out.append(Mutation("PTO108", "acc-dst-zn", "dst layout -> ZN (neither NZ nor ND)",
                                {0: clone(dst, bl="BLayout::RowMajor", sl="SLayout::ColMajor")}))
        if dloc == "Vec" and has_mode and dst.spec.is_nd():
            out.append(Mutation("PTO108", "acc-dst-nz", "Vec dst of an AccToVecMode copy -> NZ",
                                {0: clone(dst, bl="BLayout::ColMajor", sl="SLayout::RowMajor")}))
        if t == "a2a3" and dloc == "Mat" and not plain:
            out.append(Mutation("PTO109", "relu-quant-to-vec", "dst TileType Mat -> Vec (relu/quant form)",
                                {0: clone(dst, loc="TileType::Vec")}))
        if t == "a5" and dloc == "Vec" and has_mode:
            out.append(Mutation("PTO109", "mode-form-to-mat", "dst TileType Vec -> Mat (AccToVecMode form)",
                                {0: clone(dst, loc="TileType::Mat")}))
        if t == "a2a3" and dloc == "Mat" and plain:
            out.append(Mutation("PTO110", "acc-to-vec-a2a3", "dst TileType Mat -> Vec (plain Acc -> Vec)",
                                {0: clone(dst, loc="TileType::Vec")}))
        types = targs[:2] if len(targs) >= 2 else [dst.spec.render(), src.spec.render()]
        rest = targs[2:]
        if t == "a2a3" and not has_mode and not quant:
            out.append(Mutation("PTO111", "add-acc-to-vec-mode", "add AccToVecMode::SingleModeVec0 template argument",
                                targs=", ".join([*types, "AccToVecMode::SingleModeVec0", *rest])))
        if t == "a5" and dloc == "Vec" and not quant:
            out.append(Mutation("PTO114", "relu-only-to-vec", "template arguments -> <Dst, Src, NormalRelu> "
                                "(relu-only overload into Vec)",
                                targs=", ".join([*types, "ReluPreMode::NormalRelu"])))
        if t == "a5" and any("DualModeSplitN" in a for a in targs) and src.vc_expr:
            out.append(Mutation("PTO112", "split-n-cols", "Acc src valid cols -> validCol - 16",
                                {1: clone(src, rt_vc=f"{paren(src.vc_expr)} - 16")}))
    if fp and 2 in call.operands:
        p = call.operands[2]
        for loc in ("Vec", "Mat"):
            out.append(Mutation("PTO113", f"fp-in-{loc.lower()}", f"fp (quant parameter) tile TileType -> {loc}",
                                {2: clone(p, loc=f"TileType::{loc}")}))
    if sloc == "Vec" and dloc == "Vec":
        by_size = ({1: "uint8_t", 2: "int16_t", 4: "uint32_t", 8: "uint64_t"} if t == "a5"
                   else {1: "int64_t", 2: "int64_t", 4: "int64_t", 8: "double"})
        nt = sized_dtype(dst.spec.dtype, al, by_size)
        out.append(Mutation("PTO115", "vec-dtype", f"dst and src element type -> {nt}",
                            {0: clone(dst, dtype=nt), 1: clone(src, dtype=nt)}))
        if t == "a2a3" and dst.spec.is_nd() and src.spec.is_nd():
            c = f"(32 / 2 / sizeof({dst.spec.dtype}))"
            out.append(Mutation("PTO116", "vec-16b-rows", "src and dst -> row-major 32-byte boxes, dst rows of 16 B",
                                {1: clone(src, sl="SLayout::RowMajor", frac="32"),
                                 0: (replace(dst.spec, cols=c, vc=c, sl="SLayout::RowMajor", frac="32"),
                                     dst.vr_expr, c)}))
        if dst.spec.is_nd() or dst.spec.is_nz():
            out.append(Mutation("PTO117", "vec-dst-wider", "dst Cols -> 2 * Src::Cols (valid cols unchanged)",
                                {0: (replace(dst.spec, cols=f"2 * {paren(src.spec.cols)}"), dst.vr_expr,
                                     dst.vc_expr)}))
        if dst.spec.is_nd():
            out.append(Mutation("PTO118", "vec-dst-nz", "dst layout ND -> NZ",
                                {0: clone(dst, bl="BLayout::ColMajor", sl="SLayout::RowMajor")}))
            out.append(Mutation("PTO110", "vec-both-dn", "dst and src layout -> DN (column-major, not NZ)",
                                {0: clone(dst, bl="BLayout::ColMajor"), 1: clone(src, bl="BLayout::ColMajor")}))
        elif dst.spec.is_nz():
            out.append(Mutation("PTO118", "vec-dst-nd", "dst layout NZ -> ND",
                                {0: clone(dst, bl="BLayout::RowMajor", sl="SLayout::NoneBox")}))
    return out


def trowprod_ops(call: Call) -> list[Mutation]:
    out, al = [], call.aliases
    dst, src, tmp = (call.operands.get(i) for i in range(3))
    if not dst or not src:
        return out
    out.append(Mutation("PTO201", "src-to-mat", "src TileType -> Mat", {1: clone(src, loc="TileType::Mat")}))
    out.append(Mutation("PTO202", "dst-to-mat", "dst TileType -> Mat", {0: clone(dst, loc="TileType::Mat")}))
    if src.spec.is_nd():
        out.append(Mutation("PTO203", "src-dn", "src BLayout -> ColMajor", {1: clone(src, bl="BLayout::ColMajor")}))
    if dst.spec.bl_name == "ColMajor" and dst.spec.cols == "1":
        d = clone(dst)
        d = (replace(d[0], cols="8"), d[1], d[2])
        out.append(Mutation("PTO204", "dst-dn-8-cols", "DN dst Cols 1 -> 8", {0: d}))
    elif dst.spec.is_nd():
        out.append(Mutation("PTO204", "dst-nd-to-dn", "ND dst BLayout -> ColMajor (DN with several columns)",
                            {0: clone(dst, bl="BLayout::ColMajor")}))
    out.append(Mutation("PTO205", "dst-dtype-swap", "dst element type -> another supported type of the same size",
                        {0: clone(dst, dtype=swap_dtype(dst.spec.dtype, al, ARITH_SWAP))}))
    nt = sized_dtype(dst.spec.dtype, al, {1: "int8_t", 2: "uint16_t", 4: "uint32_t", 8: "double"})
    out.append(Mutation("PTO206", "unsupported-dtype", f"dst and src element type -> {nt}",
                        {0: clone(dst, dtype=nt), 1: clone(src, dtype=nt)}))
    out.append(Mutation("PTO207", "valid-rows-zero", "src and dst valid rows -> 0",
                        {0: clone(dst, rt_vr="0"), 1: clone(src, rt_vr="0")}))
    out.append(Mutation("PTO208", "valid-cols-zero", "src valid cols -> 0", {1: clone(src, rt_vc="0")}))
    if src.vr_expr:
        out.append(Mutation("PTO209", "src-rows-minus-1", "src valid rows -> validRow - 1",
                            {1: clone(src, rt_vr=f"{paren(src.vr_expr)} - 1")}))
    if tmp and call.target == "a2a3":
        out.append(Mutation("PTO210", "tmp-to-mat", "tmp TileType -> Mat", {2: clone(tmp, loc="TileType::Mat")}))
        small = Spec("TileType::Vec", "int8_t", "1", "16", "BLayout::RowMajor", "1", "16", "SLayout::RowMajor", "1024")
        out.append(Mutation("PTO211", "tmp-16-bytes", "tmp -> a 16-byte tile", {2: (small, "1", "16")}))
    return out


def treshape_ops(call: Call) -> list[Mutation]:
    out = []
    dst = call.operands.get(0)
    if not dst or 1 not in call.operands:
        return out
    loc = "Mat" if dst.spec.loc_name == "Vec" else "Vec"
    out.append(Mutation("PTO301", "dst-loc", f"dst TileType -> {loc}", {0: clone(dst, loc=f"TileType::{loc}")}))
    d = clone(dst, rows=f"2 * {paren(dst.spec.rows)}")
    if dst.spec.vr == dst.spec.rows:
        d = (replace(d[0], vr=dst.spec.rows), d[1], d[2])
    out.append(Mutation("PTO302", "dst-rows-double", "dst Rows -> 2 * Rows (byte sizes differ)", {0: d}))
    if dst.spec.boxed:
        out.append(Mutation("PTO303", "dst-unboxed", "boxed dst -> ND",
                            {0: clone(dst, bl="BLayout::RowMajor", sl="SLayout::NoneBox", frac="512")}))
    else:
        out.append(Mutation("PTO303", "dst-boxed", "plain dst -> NZ (boxed)",
                            {0: clone(dst, bl="BLayout::ColMajor", sl="SLayout::RowMajor")}))
    return out


def tcolexpandmax_ops(call: Call) -> list[Mutation]:
    out, al, t = [], call.aliases, call.target
    ops = [call.operands.get(i) for i in range(3)]
    if not all(ops):
        return out
    dst, s0, s1 = ops
    by_size = ({1: "uint8_t", 2: "uint16_t", 4: "uint32_t", 8: "double"} if t == "a2a3"
               else {1: "int64_t", 2: "int64_t", 4: "int64_t", 8: "double"})
    nt = sized_dtype(dst.spec.dtype, al, by_size)
    out.append(Mutation("PTO401", "unsupported-dtype", f"all operands' element type -> {nt}",
                        {k: clone(o, dtype=nt) for k, o in enumerate(ops)}))
    for k, o in ((1, s0), (2, s1)):
        out.append(Mutation("PTO402", f"src{k - 1}-dtype-swap", f"src{k - 1} element type -> another of the same size",
                            {k: clone(o, dtype=swap_dtype(o.spec.dtype, al, ARITH_SWAP))}))
    out.append(Mutation("PTO403", "dst-dn", "dst BLayout -> ColMajor", {0: clone(dst, bl="BLayout::ColMajor")}))
    for k, o in enumerate(ops):
        out.append(Mutation("PTO404", f"arg{k}-to-mat", f"arg{k} `{o.name}` TileType -> Mat",
                            {k: clone(o, loc="TileType::Mat")}))
    vec = [(k, o) for k, o in ((1, s0), (2, s1)) if o.spec.rows == "1"]
    full = [(k, o) for k, o in ((1, s0), (2, s1)) if o.spec.rows != "1"]
    if len(vec) == 1 and vec[0][1].vc_expr:
        k, o = vec[0]
        out.append(Mutation("PTO405", "vector-cols-halved", f"per-column operand src{k - 1} valid cols -> validCol / 2",
                            {k: clone(o, rt_vc=f"{paren(o.vc_expr)} / 2")}))
    if len(full) == 1 and full[0][1].vr_expr:
        k, o = full[0]
        out.append(Mutation("PTO406", "full-rows-halved", f"full operand src{k - 1} valid rows -> validRow / 2",
                            {k: clone(o, rt_vr=f"{paren(o.vr_expr)} / 2")}))
    return out


def tdivs_ops(call: Call) -> list[Mutation]:
    out, al, t = [], call.aliases, call.target
    dst = call.operands.get(0)
    if not dst or len(call.args) != 3:
        return out
    reverse = 2 in call.operands  # TDIVS(dst, scalar, src)
    sk, xk = (2, 1) if reverse else (1, 2)
    src = call.operands.get(sk)
    if not src:
        return out
    if not (reverse and t == "a5"):  # A5's scalar/tile form checks no element type
        out.append(Mutation("PTO501", "int8-operands", "dst and src element type -> int8_t",
                            {0: clone(dst, dtype="int8_t"), sk: clone(src, dtype="int8_t")}))
    out.append(Mutation("PTO502", "dst-dtype-swap", "dst element type -> another supported type of the same size",
                        {0: clone(dst, dtype=swap_dtype(dst.spec.dtype, al, ARITH_SWAP))}))
    out.append(Mutation("PTO503", "dst-to-mat", "dst TileType -> Mat", {0: clone(dst, loc="TileType::Mat")}))
    out.append(Mutation("PTO503", "src-to-mat", "src TileType -> Mat", {sk: clone(src, loc="TileType::Mat")}))
    if src.vr_expr:
        out.append(Mutation("PTO504", "src-rows-halved", "src valid rows -> validRow / 2",
                            {sk: clone(src, rt_vr=f"{paren(src.vr_expr)} / 2")}))
    if not reverse:
        dt = dst.spec.dtype
        out.append(Mutation("PTO505", "divisor-zero-on-block-0", "divisor -> 0 when get_block_idx() == 0",
                            args={xk: f"(get_block_idx() == 0 ? ({dt})0 : ({dt})({call.args[xk]}))"}))
    if not call.targs and (t == "a2a3" or dtype_is_int(dst.spec.dtype, al)):
        out.append(Mutation("PTO506", "high-precision", "add <DivAlgorithm::HIGH_PRECISION>",
                            targs="DivAlgorithm::HIGH_PRECISION"))
    return out


INSTR_OPS = {"TEXTRACT": textract_ops, "TEXTRACT_FP": textract_ops, "TROWPROD": trowprod_ops,
             "TRESHAPE": treshape_ops, "TCOLEXPANDMAX": tcolexpandmax_ops, "TDIVS": tdivs_ops}


# --------------------------------------------------------------------------- mutants and runs

@dataclass
class Mutant:
    id: str
    path: str
    target: str
    line: int
    instr: str
    rule: str
    op: str
    desc: str
    source: str
    original: str

    def diff(self) -> str:
        p = Path(self.path).resolve()
        shown = p.relative_to(ROOT) if p.is_relative_to(ROOT) else p
        return "".join(difflib.unified_diff(self.original.splitlines(True), self.source.splitlines(True),
                                            f"a/{shown}", f"b/{shown}", n=1))


def rule_targets() -> dict[str, dict]:
    out = subprocess.run(CLI + ["rules", "--format", "json"], capture_output=True, text=True, check=True).stdout
    return {r["id"]: r for r in json.loads(out)}


def run_cli(paths: Path | list[Path], target: str) -> dict:
    paths = [paths] if isinstance(paths, Path) else paths
    proc = subprocess.run(CLI + ["check", "--format", "json", "--target", target, *map(str, paths)], capture_output=True,
                          text=True, env={**os.environ, "NO_COLOR": "1"}, timeout=600)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"findings": [], "diagnostics": [{"level": "error", "code": "harness",
                                                 "message": f"exit {proc.returncode}: {proc.stderr[-2000:]}"}]}


def generate(path: Path, targets=TARGETS, rules: dict[str, dict] | None = None, only_rules=None,
             only_ops=None, baseline: dict[str, set] | None = None) -> list[Mutant]:
    """All mutants of one kernel, deterministic order. `baseline`: target -> {(rule, line)} of the original."""
    rules = rules or rule_targets()
    src = path.read_text()
    out: list[Mutant] = []
    for target in targets:
        seen = set()
        for call in find_calls(path, target):
            muts = tile_ops(call) + INSTR_OPS[call.instr](call)
            for n, mut in enumerate(muts):
                if only_rules and mut.rule not in only_rules or only_ops and mut.op not in only_ops:
                    continue
                if mut.rule not in rules or target not in rules[mut.rule]["targets"]:
                    continue
                if baseline and (mut.rule, call.line) in baseline.get(target, set()):
                    continue
                new = apply(call, src, mut)
                if new is None or (new, target) in seen:
                    continue
                seen.add((new, target))
                mid = f"{path.stem}:{call.line}:{call.instr}:{mut.rule}:{mut.op}:{n}@{target}"
                out.append(Mutant(mid, str(path), target, call.line, call.instr, mut.rule, mut.op, mut.desc, new, src))
    return out


def _verdict(m: Mutant, doc: dict, file: str) -> dict:
    findings = [f for f in doc.get("findings", []) if f.get("file") == file]
    diags = [d for d in doc.get("diagnostics", []) if d.get("file") in (file, None)]
    on_line = sorted({f["rule"] for f in findings if f["line"] == m.line and f["target"] == m.target})
    errors = [d for d in diags if d.get("level") == "error"]
    if errors:
        status = "invalid"
    elif m.rule in on_line:
        status = "detected"
    else:
        status = "missed"
    stats = doc.get("stats", {}).get(file, {})
    res = {"id": m.id, "file": m.path, "line": m.line, "target": m.target, "instruction": m.instr, "rule": m.rule,
           "operator": m.op, "description": m.desc, "status": status, "findings_on_line": on_line,
           "unresolved_sites": stats.get("unresolved_sites", [])}
    if status != "detected":
        res["diff"] = m.diff()
        res["diagnostics"] = diags
        res["other_findings"] = [(f["rule"], f["line"], f["target"]) for f in findings]
    return res


def run_batch(batch: list[Mutant], workdir: str) -> list[dict]:
    """Check a batch of mutants (same target) with ONE `ptolint check --target T m1.cpp m2.cpp ...` run (the
    interpreter start-up dominates a single small file); findings and diagnostics are attributed by file."""
    target = batch[0].target
    paths = []
    for m in batch:
        p = Path(workdir) / (re.sub(r"[^\w.-]+", "_", m.id) + ".cpp")
        p.write_text(m.source)
        paths.append(p)
    doc = run_cli(paths, target)
    if "stats" not in doc and len(batch) > 1:  # the run as a whole failed: isolate the culprit
        return [r for m in batch for r in run_batch([m], workdir)]
    return [_verdict(m, doc, str(p)) for m, p in zip(batch, paths, strict=True)]


def run_mutants(mutants: list[Mutant], jobs: int = 2, batch_size: int = 6) -> list[dict]:
    """Verdict per mutant, in the order given."""
    batches = []
    for t in TARGETS:
        same = [m for m in mutants if m.target == t]
        batches += [same[i:i + batch_size] for i in range(0, len(same), batch_size)]
    with tempfile.TemporaryDirectory(prefix="ptolint-recall-") as tmp, ThreadPoolExecutor(jobs) as pool:
        by_id = {r["id"]: r for rs in pool.map(lambda b: run_batch(b, tmp), batches) for r in rs}
    return [by_id[m.id] for m in mutants]


def cap_per_rule(mutants: list[Mutant], cap: int) -> list[Mutant]:
    """At most `cap` mutants per rule, taken round-robin over (kernel, target) so that every kernel and target
    keeps some (deterministic)."""
    if cap <= 0:
        return mutants
    keep = set()
    rules = sorted({m.rule for m in mutants})
    for rule in rules:
        groups: dict[tuple[str, str], list[Mutant]] = {}
        for m in mutants:
            if m.rule == rule:
                groups.setdefault((m.path, m.target), []).append(m)
        queues = [groups[k] for k in sorted(groups)]
        taken = 0
        while taken < cap and any(queues):
            for q in queues:
                if q and taken < cap:
                    keep.add(q.pop(0).id)
                    taken += 1
    return [m for m in mutants if m.id in keep]


def collect_inputs(paths: list[str]) -> list[Path]:
    files = set()
    for p in map(Path, paths):
        if p.is_dir():
            files |= {q for q in p.rglob("*") if q.suffix in SOURCE_EXT}
        elif p.is_file():
            files.add(p)
    return sorted(files, key=str)


def baseline_of(path: Path, targets=TARGETS) -> dict[str, set]:
    out = {}
    for t in targets:
        doc = run_cli(path, t)
        out[t] = {(f["rule"], f["line"]) for f in doc.get("findings", []) if f["target"] == t}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="*", default=[str(DEFAULT_INPUT)], metavar="KERNEL_DIR")
    ap.add_argument("--json", metavar="OUT", help="write per-mutant details (misses with their diff)")
    ap.add_argument("-j", type=int, default=2, help="parallel ptolint processes (default 2)")
    ap.add_argument("--rules", help="only these rule ids (comma-separated)")
    ap.add_argument("--max-per-rule", type=int, default=24, help="mutants run per rule (0: all; default 24)")
    ap.add_argument("--batch", type=int, default=6, help="mutant files per ptolint run (default 6)")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    rules = rule_targets()
    only = set(a.rules.split(",")) if a.rules else None
    files = collect_inputs(a.inputs)
    with ThreadPoolExecutor(a.j) as pool:
        baselines = list(pool.map(baseline_of, files))
    mutants = [m for f, b in zip(files, baselines, strict=True) for m in generate(f, rules=rules, only_rules=only, baseline=b)]
    generated = len(mutants)
    mutants = cap_per_rule(mutants, a.max_per_rule)
    print(f"{len(files)} kernel(s), {generated} mutant(s) generated, {len(mutants)} run "
          f"(--max-per-rule {a.max_per_rule}), {a.j} worker(s)", file=sys.stderr)
    results = run_mutants(mutants, a.j, a.batch)
    wall = time.perf_counter() - t0

    per = {r: Counter() for r in sorted(rules) if not only or r in only}
    for r in results:
        per.setdefault(r["rule"], Counter())[r["status"]] += 1
    rows, tot = [], Counter()
    print(f"{'rule':<8} {'name':<40} {'mutants':>7} {'detected':>8} {'missed':>6} {'invalid':>7} {'recall':>7}")
    for rule, c in sorted(per.items()):
        n = sum(c.values())
        name = rules.get(rule, {}).get("name", "")
        if n == 0:
            reason = NOT_INJECTED.get(rule, "no mutation operator applies to the input kernels")
            print(f"{rule:<8} {name:<40} not injected ({reason})")
            rows.append({"rule": rule, "name": name, "mutants": 0, "not_injected": reason})
            continue
        valid = c["detected"] + c["missed"]
        recall = 100.0 * c["detected"] / valid if valid else float("nan")
        tot.update(c)
        flag = "" if valid and recall >= 95.0 else "  <95%"
        print(f"{rule:<8} {name:<40} {n:>7} {c['detected']:>8} {c['missed']:>6} {c['invalid']:>7} {recall:>6.1f}%{flag}")
        rows.append({"rule": rule, "name": name, "mutants": n, "detected": c["detected"], "missed": c["missed"],
                     "invalid": c["invalid"], "recall": recall})
    valid = tot["detected"] + tot["missed"]
    overall = 100.0 * tot["detected"] / valid if valid else float("nan")
    below = [r["rule"] for r in rows if r.get("mutants") and not (r["recall"] >= 95.0)]
    print(f"{'overall':<49} {sum(tot.values()):>7} {tot['detected']:>8} {tot['missed']:>6} {tot['invalid']:>7} "
          f"{overall:>6.1f}%")
    print(f"rules below 95%: {', '.join(below) or 'none'}; wall time {wall:.1f} s")
    if a.json:
        Path(a.json).write_text(json.dumps({"inputs": [str(f) for f in files], "wall_seconds": wall,
                                            "overall_recall": overall, "per_rule": rows, "mutants": results},
                                           indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

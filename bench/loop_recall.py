"""Loop idioms: recall and precision of ptolint against a concrete model of the loops, written here.

    python bench/loop_recall.py [-n 500] [--seed 1] [-j 2] [--target all|a2a3|a5] [--json OUT] [--show 10]

Real PTO kernels are tile loops whose last iteration is short (a "tail"). This script generates `-n` small
kernels per target from a grammar of loop idioms and compares what ptolint reports with what a model written
here expects. The model never imports ptolint: every kernel is built as a tiny statement tree that is rendered
twice, once as C++ for ptolint and once as a plain Python function that runs the loops concretely and records,
at every execution of an instruction, the run-time valid regions of its tile operands and its indices. The
rules' documented conditions (docs/rules.md) are then evaluated on those concrete states.

Grammar (mixed at random, each kernel one `extern "C" __global__ AICORE void kNNNN(...)` entry, sometimes
calling a `template <typename T, int N> AICORE void body(...)` helper):
- loops: `for` up with `<`, `<=`, `>`, `!=` conditions; `for` over a tile index (`k < nt`, `k != nt`); `for`
  down (`k >= 0`, `k > -1`, `left > 0`); `while` and `do ... while` with a counter or a remainder (`left -= 64`,
  or `left -= cols` with `cols` computed in the body); 2-level nests; constant bounds, run-time bounds (a kernel
  `int`), run-time steps, ranges offset by `(int)get_block_idx() * chunk`;
- tails: `a < b ? a : b`, `std::min` (when `<algorithm>` parses with the default flags) or a local `lmin`
  helper, an if-clamp (`int cols = 64; if (total - c < 64) cols = total - c;`);
- guards before the call: `if (...) break;` / `continue;` / `return;`, correct ones and off-by-one ones;
- state carried across iterations: an offset counter (`off += 16;`), valid regions set in the body
  (`SetValidRow`, `SetValidCol`, `SetValidShape`) on all or some operands, before or after the call, a value set
  in one iteration and used in the next;
- instructions: TADD / TSUB / TMUL (PTO006, PTO604, PTO610), TDIVS (PTO006, PTO504),
  TROWSUM (PTO006, PTO806, PTO832), TROWPROD (PTO006, PTO207, PTO208, PTO209), TCOLEXPANDMAX (PTO006, PTO405,
  PTO406), TRESHAPE (PTO006), TEXTRACT Vec -> Vec windows (PTO006, PTO102, PTO103, PTO137 on A2/A3), TEXTRACT
  L1 -> L0A (PTO102, PTO103).

About half of the kernels of each idiom have a bug in some iterations only (the tail, the first iteration, the
blocks past the end of the data, an off-by-one guard), the others are correct, often only because of a guard.

Inputs the model enumerates (why the answer is exact): every kernel parameter is bounded at the top of the entry
(`if (total < LO || total > HI) return;`, or a lower-bound return plus `if (total > HI) total = HI;`), so inputs
outside [LO, HI] reach no instruction (with the clamp, every input above HI runs exactly like HI, so [LO, HI + 1]
covers them). The model runs the kernel for every combination of every parameter in its range and every
`get_block_idx()` in [0, 64) (`--blocks 64` is passed to ptolint). Signed overflow is undefined behaviour, never a
witness: the model checks on every run that every value the kernel stores stays below 2^24 in magnitude (a draw
that breaks this is rejected); the generated expressions combine at most two stored values and constants below
2^9 with one product, so no intermediate value reaches 2^31 either. (Parameters are below 2^10 and block offsets
below 2^14, so this never trips.) `!=` loop conditions are only generated where the bound is always reached, and
a loop running away in the model rejects the draw too.

Expected finding: (rule, line) for a target where some input makes some execution of the call break the rule.
Level, as README.md defines it: `error` when the call fails for every input that reaches it, an input being an
invocation of the kernel (its parameters and get_block_idx()), not a loop iteration (a constant loop whose last
iteration always faults is an error); `warning` otherwise. A reported finding is matched by rule id and line; a
finding the model does not expect is a false alarm; a matched one with another level is a level mismatch
(reported separately, not a miss). Prints the counts, findings by idiom and by rule, `solver-unknown`
diagnostics, crashes, and the first `--show` kernels where model and ptolint disagree, with their source.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

CLI = [sys.executable, "-c", "from ptolint.cli import run; run()"]  # the `ptolint` console script's code path
TARGETS = ("a2a3", "a5")
BLOCKS = 64
#: loops running longer than this in the model are a generator bug (never expected for the generated forms)
ITERATION_CAP = 10_000
#: every value a kernel stores stays below this in magnitude (see the module docstring: no signed overflow)
VALUE_BOUND = 1 << 24


class ModelError(RuntimeError):
    """A generated kernel the model refuses: a loop that runs away or a value that could overflow."""


def _chk(v: int) -> int:
    if -VALUE_BOUND < v < VALUE_BOUND:
        return v
    raise ModelError(f"stored value {v} out of the checked range")

# ============================================================================ statement trees
# Expressions are tuples: ("n", v) number, ("v", name) variable, ("tp", name, v) template parameter, ("blk",)
# `(int)get_block_idx()`, ("b", op, a, b) arithmetic (+ - * /), ("c", op, a, b) comparison, ("and"/"or", a, b),
# ("not", a), ("t", cond, a, b) conditional, ("min", style, a, b) std::min / lmin.


def N(v: int) -> tuple:
    return ("n", v)


def V(name: str) -> tuple:
    return ("v", name)


def B(op: str, a: tuple, b: tuple) -> tuple:
    if a[0] == "n" and b[0] == "n":  # fold constants: the kernels read as a person writes them
        x, y = a[1], b[1]
        return N({"+": x + y, "-": x - y, "*": x * y, "/": _tdiv(x, y) if y else 0}[op])
    if op in "+-" and b == N(0):
        return a
    if op == "+" and a == N(0):
        return b
    if op == "+" and b[0] == "n" and b[1] < 0:
        return B("-", a, N(-b[1]))
    return ("b", op, a, b)


def C(op: str, a: tuple, b: tuple) -> tuple:
    return ("c", op, a, b)


def val(e: tuple) -> int:
    """The value of a constant expression (numbers and template parameters)."""
    if e[0] == "n":
        return e[1]
    if e[0] == "tp":
        return e[2]
    raise ValueError(e)


def is_const(e: tuple) -> bool:
    return e[0] in ("n", "tp")


BLK = ("blk",)
_PREC = {"||": 2, "&&": 3, "==": 4, "!=": 4, "<": 5, "<=": 5, ">": 5, ">=": 5, "+": 6, "-": 6, "*": 7, "/": 7}


def cx(e: tuple) -> str:
    """C++ text of an expression."""
    return _cx(e)[0]


def _cx(e: tuple) -> tuple[str, int]:
    k = e[0]
    if k == "n":
        return str(e[1]), (9 if e[1] >= 0 else 8)
    if k == "v":
        return e[1], 9
    if k == "tp":
        return e[1], 9
    if k == "blk":
        return "(int)get_block_idx()", 8
    if k in ("b", "c", "and", "or"):
        op = {"and": "&&", "or": "||"}.get(k, e[1] if k in ("b", "c") else "")
        a, b = (e[2], e[3]) if k in ("b", "c") else (e[1], e[2])
        p = _PREC[op]
        sa, pa = _cx(a)
        sb, pb = _cx(b)
        if pa < p:
            sa = f"({sa})"
        if pb <= p:
            sb = f"({sb})"
        return f"{sa} {op} {sb}", p
    if k == "not":
        s, p = _cx(e[1])
        return "!" + (s if p >= 8 else f"({s})"), 8
    if k == "t":
        sc, pc = _cx(e[1])
        sb, pb = _cx(e[3])
        return f"{sc if pc > 1 else f'({sc})'} ? {cx(e[2])} : {sb if pb >= 1 else f'({sb})'}", 1
    if k == "min":
        return f"{'std::min' if e[1] == 'std' else 'lmin'}({cx(e[2])}, {cx(e[3])})", 9
    raise ValueError(e)


def px(e: tuple) -> str:
    """Python text of an expression (C semantics: `/` truncates toward zero)."""
    k = e[0]
    if k == "n":
        return f"({e[1]})"
    if k == "v":
        return "v_" + e[1]
    if k == "tp":
        return str(e[2])
    if k == "blk":
        return "blk"
    if k == "b":
        if e[1] == "/":
            return f"_tdiv({px(e[2])}, {px(e[3])})"
        return f"({px(e[2])} {e[1]} {px(e[3])})"
    if k == "c":
        return f"({px(e[2])} {e[1]} {px(e[3])})"
    if k in ("and", "or"):
        return f"({px(e[1])} {k} {px(e[2])})"
    if k == "not":
        return f"(not {px(e[1])})"
    if k == "t":
        return f"({px(e[2])} if {px(e[1])} else {px(e[3])})"
    if k == "min":
        return f"min({px(e[2])}, {px(e[3])})"
    raise ValueError(e)


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


# Statements are tuples too:
#   ("decl", name, e)  ("asg", name, op, e)  ("if", cond, then, else)  ("brk",)  ("cont",)  ("ret",)
#   ("for", var, init, cond, step_op, step, body)  ("while", cond, body)  ("do", body, cond)
#   ("using", alias, TT)  ("tiles", alias, TT, [(name, [args])])  ("setv", tile, "Row"|"Col"|"Shape", [args])
#   ("call", id, instr, [tile names], [scalar exprs])


@dataclass(frozen=True)
class TT:
    """A tile type. vr/vc None = DYNAMIC. Sizes may render as the helper's template parameter N."""

    loc: str  # Vec, Mat, Left
    rows: int
    cols: int
    vr: int | None
    vc: int | None
    layout: str = "RowMajor"
    box: str | None = None  # SLayout of Mat panels
    sym: tuple = ()  # which of "rows", "cols" render as N

    def dims(self, dtype: str) -> str:
        r = "N" if "rows" in self.sym else str(self.rows)
        c = "N" if "cols" in self.sym else str(self.cols)
        if self.loc == "Left":
            return f"TileLeft<{dtype}, {r}, {c}>"
        vr = "DYNAMIC" if self.vr is None else (r if self.vr == self.rows else str(self.vr))
        vc = "DYNAMIC" if self.vc is None else (c if self.vc == self.cols else str(self.vc))
        head = f"Tile<TileType::{self.loc}, {dtype}, {r}, {c}"
        if self.layout == "RowMajor" and not self.box and self.vr == self.rows and self.vc == self.cols:
            return head + ">"
        tail = f", SLayout::{self.box}" if self.box else ""
        return f"{head}, BLayout::{self.layout}, {vr}, {vc}{tail}>"

    @property
    def dynamic(self) -> bool:
        return self.vr is None or self.vc is None


OPERANDS = {"TADD": ("dst", "src0", "src1"), "TSUB": ("dst", "src0", "src1"), "TMUL": ("dst", "src0", "src1"),
            "TDIVS": ("dst", "src0"), "TROWSUM": ("dst", "src", "tmp"), "TROWPROD": ("dst", "src", "tmp"),
            "TCOLEXPANDMAX": ("dst", "src0", "src1"), "TEXTRACT": ("dst", "src"), "TRESHAPE": ("dst", "src")}
ELEMENTWISE = ("TADD", "TSUB", "TMUL")
#: the rules the model decides, per instruction (PTO006 on every instruction but TEXTRACT into L0A)
MODELLED = {"TADD": ("PTO006", "PTO604", "PTO610"), "TSUB": ("PTO006", "PTO604", "PTO610"),
            "TMUL": ("PTO006", "PTO604", "PTO610"),
            "TDIVS": ("PTO006", "PTO504"), "TROWSUM": ("PTO006", "PTO806", "PTO832"),
            "TROWPROD": ("PTO006", "PTO207", "PTO208", "PTO209"), "TCOLEXPANDMAX": ("PTO006", "PTO405", "PTO406"),
            "TEXTRACT": ("PTO006", "PTO102", "PTO103", "PTO137"), "TRESHAPE": ("PTO006",)}
#: element sizes of the generated kernels' types
SIZES = {"float": 4, "half": 2}


# ============================================================================ rules, from docs/rules.md

def faults(instr: str, ops: list[tuple[str, TT, int, int]], scalars: tuple, target: str, dtype: str) -> set[str]:
    """Rules broken by one execution of `instr` on tiles of `dtype`. ops: (operand name, tile type, valid rows,
    valid cols)."""
    out = set()
    for name, t, vr, vc in ops:  # PTO006: DYNAMIC valid counts negative, or a non-empty region past the storage
        if name.startswith("tmp") or not t.dynamic:
            continue
        if (t.vr is None and vr < 0) or (t.vc is None and vc < 0) or \
                (vr > 0 and vc > 0 and ((t.vr is None and vr > t.rows) or (t.vc is None and vc > t.cols))):
            out.add("PTO006")
    o = {n: (t, vr, vc) for n, t, vr, vc in ops}
    if instr in ELEMENTWISE:  # PTO604: a source with fewer valid rows/cols than dst, dst's region not empty
        _, dr, dc = o["dst"]
        if dr > 0 and dc > 0 and any(o[s][1] < dr or o[s][2] < dc for s in ("src0", "src1")):
            out.add("PTO604")
        elif any((o[s][1], o[s][2]) != (dr, dc) for s in ("src0", "src1")):  # PTO610: the equality PTO_ASSERT
            out.add("PTO610")
    elif instr == "TDIVS":  # PTO504: valid shapes differ, dst not empty (a5/TDivS.hpp PTO_ASSERTs equality too)
        _, dr, dc = o["dst"]
        _, sr, sc = o["src0"]
        if dr > 0 and dc > 0 and (sr, sc) != (dr, dc):
            out.add("PTO504")
    elif instr == "TROWSUM":  # PTO806: src and dst valid rows differ, src not empty; PTO832: src empty
        _, sr, sc = o["src"]
        if sr > 0 and sc > 0 and sr != o["dst"][1]:
            out.add("PTO806")
        if sr == 0 or sc == 0:  # TRowReduceCheck's PTO_ASSERT (a2a3 and a5)
            out.add("PTO832")
    elif instr == "TROWPROD":  # PTO207 / PTO208: src valid rows / cols 0; PTO209: src and dst valid rows differ
        _, sr, sc = o["src"]
        if sr == 0:
            out.add("PTO207")
        if sc == 0:
            out.add("PTO208")
        if sr != o["dst"][1]:
            out.add("PTO209")
    elif instr == "TCOLEXPANDMAX":
        _, dr, dc = o["dst"]
        _, ar, ac = o["src0"]
        _, br, bc = o["src1"]
        if dr > 0 and dc > 0:
            full0 = (ar, ac) == (dr, dc)  # src0 is the full operand; else the roles swap at run time
            vr, vc = (br, bc) if full0 else (ar, ac)
            if vr < 1 or vc < dc:  # PTO405: the per-column operand does not cover dst's columns
                out.add("PTO405")
            if not full0 and (br < dr or bc < dc):  # PTO406: src1 read as the full operand does not cover dst
                out.add("PTO406")
    elif instr == "TEXTRACT":  # PTO102 / PTO103: indices (uint16_t) + the extent read past src
        dt, dr, dc = o["dst"]
        st = o["src"][0]
        if dt.loc == "Left":  # an L0A load reads the full static Dst shape
            rows, cols, sane = dt.rows, dt.cols, True
        else:  # Vec -> Vec reads dst's valid region (when it lies in dst's storage; PTO006 reports it otherwise)
            rows, cols, sane = dr, dc, 0 <= dr <= dt.rows and 0 <= dc <= dt.cols
        if sane and (scalars[0] & 0xFFFF) + rows > st.rows:
            out.add("PTO102")
        if sane and (scalars[1] & 0xFFFF) + cols > st.cols:
            out.add("PTO103")
        # PTO137: A2/A3's ND UB -> UB copy PTO_ASSERTs a start column on a 32-byte block (not for a static 1 x 1
        # dst, which takes a scalar copy; the generated windows are ND and fit their sources)
        if target == "a2a3" and dt.loc == "Vec" and (dt.vr, dt.vc) != (1, 1) and \
                ((scalars[1] & 0xFFFF) * SIZES[dtype]) % 32:
            out.add("PTO137")
    return out


# ============================================================================ rendering

@dataclass
class Kernel:
    name: str
    spec: dict
    labels: dict
    stmts: list  # the body (after the parameter guards)
    params: dict  # name -> (lo, hi, guard style)
    uses_blk: bool
    helper: bool
    dtype: str
    tparam_n: int | None
    lmin: bool = False
    std_min: bool = False
    source: str = ""
    calls: dict = field(default_factory=dict)  # call id -> {"line", "instr", "ops": [(name, TT)], "tiles": [...]}
    py: str = ""


def render(k: Kernel) -> None:
    """Fill k.source and the call lines."""
    lines: list[str] = []
    dt = "T" if k.helper else k.dtype
    title = " ".join(f"{a}={b}" for a, b in k.labels.items())
    lines.append(f"// loop_recall {k.name}: {title}")
    lines.append("#include <pto/pto-inst.hpp>")
    if k.std_min:
        lines.append("#include <algorithm>")
    lines.append("")
    lines.append("using namespace pto;")
    lines.append("")
    if k.lmin:
        lines.append("AICORE inline int lmin(int a, int b) { return a < b ? a : b; }")
        lines.append("")
    pnames = list(k.params)
    sig = ", ".join(f"int {p}" for p in pnames)
    guards = []
    for p, (lo, hi, style) in k.params.items():
        if style == "ret":
            guards.append(f"    if ({p} < {lo} || {p} > {hi}) return;")
        elif style == "ret-not":
            guards.append(f"    if (!({p} >= {lo} && {p} <= {hi})) return;")
        else:  # clamp
            guards.append(f"    if ({p} < {lo}) return;")
            guards.append(f"    if ({p} > {hi}) {p} = {hi};")

    def emit(stmts: list, ind: int) -> None:
        pad = "    " * ind
        for s in stmts:
            kind = s[0]
            if kind == "decl":
                lines.append(f"{pad}int {s[1]} = {cx(s[2])};")
            elif kind == "asg":
                if s[2] in ("+=", "-=") and s[3] == N(1):
                    lines.append(f"{pad}{'++' if s[2] == '+=' else '--'}{s[1]};")
                else:
                    lines.append(f"{pad}{s[1]} {s[2]} {cx(s[3])};")
            elif kind == "if":
                simple = len(s[2]) == 1 and s[2][0][0] in ("brk", "cont", "ret", "asg") and not s[3]
                if simple:
                    one = s[2][0]
                    text = {"brk": "break;", "cont": "continue;", "ret": "return;"}.get(one[0])
                    if text is None:
                        text = f"{one[1]} {one[2]} {cx(one[3])};"
                    lines.append(f"{pad}if ({cx(s[1])}) {text}")
                else:
                    lines.append(f"{pad}if ({cx(s[1])}) {{")
                    emit(s[2], ind + 1)
                    if s[3]:
                        lines.append(f"{pad}}} else {{")
                        emit(s[3], ind + 1)
                    lines.append(f"{pad}}}")
            elif kind in ("brk", "cont", "ret"):
                lines.append(pad + {"brk": "break;", "cont": "continue;", "ret": "return;"}[kind])
            elif kind == "for":
                _, var, init, cond, op, step, body = s
                st = (f"{'++' if op == '+=' else '--'}{var}" if step == N(1) else f"{var} {op} {cx(step)}")
                lines.append(f"{pad}for (int {var} = {cx(init)}; {cx(cond)}; {st}) {{")
                emit(body, ind + 1)
                lines.append(f"{pad}}}")
            elif kind == "while":
                lines.append(f"{pad}while ({cx(s[1])}) {{")
                emit(s[2], ind + 1)
                lines.append(f"{pad}}}")
            elif kind == "do":
                lines.append(f"{pad}do {{")
                emit(s[1], ind + 1)
                lines.append(f"{pad}}} while ({cx(s[2])});")
            elif kind == "using":
                lines.append(f"{pad}using {s[1]} = {s[2].dims(dt)};")
            elif kind == "tiles":
                decls = ", ".join(f"{n}({', '.join(cx(a) for a in args)})" if args else n for n, args in s[3])
                lines.append(f"{pad}{s[1] or s[2].dims(dt)} {decls};")
            elif kind == "setv":
                lines.append(f"{pad}{s[1]}.SetValid{s[2]}({', '.join(cx(a) for a in s[3])});")
            elif kind == "call":
                _, cid, instr, names, scalars = s
                args = ", ".join([*names, *(cx(a) for a in scalars)])
                if instr == "TDIVS":
                    args += ", " + ("T(2)" if k.helper else "2.0f")
                lines.append(f"{pad}{instr}({args});")
                k.calls[cid]["line"] = len(lines)
            else:
                raise ValueError(kind)

    if k.helper:
        lines.append("template <typename T, int N>")
        lines.append(f"AICORE void body({sig}) {{")
        emit(k.stmts, 1)
        lines.append("}")
        lines.append("")
        lines.append(f'extern "C" __global__ AICORE void {k.name}(__gm__ float* out{", " if sig else ""}{sig}) {{')
        lines.extend(guards)
        lines.append(f"    body<{k.dtype}, {k.tparam_n}>({', '.join(pnames)});")
        lines.append("}")
    else:
        lines.append(f'extern "C" __global__ AICORE void {k.name}(__gm__ float* out{", " if sig else ""}{sig}) {{')
        lines.extend(guards)
        emit(k.stmts, 1)
        lines.append("}")
    k.source = "\n".join(lines) + "\n"


def compile_py(k: Kernel, trace: bool = False) -> str:
    """Python source of `_run(<params>, blk, _rec, _inp)`: the kernel body with C semantics (the parameter
    guards are not needed: the model only passes inputs inside them; the clamp runs like the kernel's).
    Every instruction execution calls `_rec(state, _inp)` with state = (call id, then valid rows and cols of
    every operand, then the scalar arguments[, then the trace probes])."""
    out = [f"def _run({', '.join('v_' + p for p in k.params)}{', ' if k.params else ''}blk, _rec, _inp):"]
    for p, (_, hi, style) in k.params.items():
        if style == "clamp":
            out.append(f"    if v_{p} > {hi}: v_{p} = {hi}")
    tiles: dict[str, TT] = {}
    counter = itertools.count()

    def tv(name: str, axis: str) -> str:
        t = tiles[name]
        static = t.vr if axis == "r" else t.vc
        return f"t_{name}_{axis}" if static is None else str(static)

    def emit(stmts: list, ind: int) -> None:
        pad = "    " * ind
        if not stmts:
            out.append(pad + "pass")
        for s in stmts:
            kind = s[0]
            if kind == "decl":
                out.append(f"{pad}v_{s[1]} = _chk({px(s[2])})")
            elif kind == "asg":
                rhs = px(s[3]) if s[2] == "=" else f"v_{s[1]} {s[2][0]} {px(s[3])}"
                out.append(f"{pad}v_{s[1]} = _chk({rhs})")
            elif kind == "if":
                out.append(f"{pad}if {px(s[1])}:")
                emit(s[2], ind + 1)
                if s[3]:
                    out.append(f"{pad}else:")
                    emit(s[3], ind + 1)
            elif kind in ("brk", "cont", "ret"):
                out.append(pad + {"brk": "break", "cont": "continue", "ret": "return"}[kind])
            elif kind == "for":  # for (init; cond; step) body: the step runs before every re-test, also after continue
                _, var, init, cond, op, step, body = s
                n = next(counter)
                out.append(f"{pad}v_{var} = _chk({px(init)})")
                out.append(f"{pad}_f{n} = True")
                out.append(f"{pad}_c{n} = 0")
                out.append(f"{pad}while True:")
                out.append(f"{pad}    if not _f{n}:")
                out.append(f"{pad}        v_{var} = _chk(v_{var} {op[0]} {px(step)})")
                out.append(f"{pad}    _f{n} = False")
                out.append(f"{pad}    if not {px(cond)}:")
                out.append(f"{pad}        break")
                out.append(f"{pad}    _c{n} += 1")
                out.append(f"{pad}    if _c{n} > {ITERATION_CAP}:")
                out.append(f"{pad}        raise _ModelError('loop runs away')")
                emit(body, ind + 1)
            elif kind == "while":
                n = next(counter)
                out.append(f"{pad}_c{n} = 0")
                out.append(f"{pad}while {px(s[1])}:")
                out.append(f"{pad}    _c{n} += 1")
                out.append(f"{pad}    if _c{n} > {ITERATION_CAP}:")
                out.append(f"{pad}        raise _ModelError('loop runs away')")
                emit(s[2], ind + 1)
            elif kind == "do":  # do body while (cond): the test runs before every iteration but the first
                n = next(counter)
                out.append(f"{pad}_f{n} = True")
                out.append(f"{pad}_c{n} = 0")
                out.append(f"{pad}while True:")
                out.append(f"{pad}    if not _f{n} and not {px(s[2])}:")
                out.append(f"{pad}        break")
                out.append(f"{pad}    _f{n} = False")
                out.append(f"{pad}    _c{n} += 1")
                out.append(f"{pad}    if _c{n} > {ITERATION_CAP}:")
                out.append(f"{pad}        raise _ModelError('loop runs away')")
                emit(s[1], ind + 1)
            elif kind == "using":
                pass
            elif kind == "tiles":
                t = s[2]
                for name, args in s[3]:
                    tiles[name] = t
                    dyn = [a for a in ("r", "c") if (t.vr if a == "r" else t.vc) is None]
                    if len(args) != len(dyn):
                        raise ValueError(f"tile {name}: {len(args)} constructor arguments for {len(dyn)} DYNAMIC counts")
                    for a, e in zip(dyn, args, strict=True):
                        out.append(f"{pad}t_{name}_{a} = {px(e)}")
                if not s[3]:
                    out.append(f"{pad}pass")
            elif kind == "setv":
                axes = {"Row": ["r"], "Col": ["c"], "Shape": ["r", "c"]}[s[2]]
                for a, e in zip(axes, s[3], strict=True):
                    out.append(f"{pad}t_{s[1]}_{a} = {px(e)}")
            elif kind == "call":
                _, cid, instr, names, scalars = s
                vals = [x for n in names for x in (tv(n, "r"), tv(n, "c"))] + [px(e) for e in scalars]
                if trace:
                    vals += [px(e) for _, e in k.calls[cid].get("probes", [])]
                out.append(f"{pad}_rec(({cid}, {', '.join(vals)}), _inp)")
            else:
                raise ValueError(kind)

    emit(k.stmts, 1)
    return "\n".join(out) + "\n"


# ============================================================================ the model

def inputs_of(k: Kernel) -> tuple[list[str], list[range]]:
    names, ranges = [], []
    for p, (lo, hi, style) in k.params.items():
        names.append(p)
        ranges.append(range(lo, hi + (2 if style == "clamp" else 1)))
    names.append("get_block_idx()")
    ranges.append(range(BLOCKS) if k.uses_blk else range(1))
    return names, ranges


def run_model(k: Kernel, trace: bool = False) -> dict:
    """Run the kernel on every input; return {call id: {state: set of the inputs (tuples) reaching it}}."""
    ns: dict = {"_tdiv": _tdiv, "_chk": _chk, "_ModelError": ModelError}
    exec(compile_py(k, trace), ns)  # noqa: S102 - our own generated code
    fn = ns["_run"]
    _, ranges = inputs_of(k)
    states: dict = defaultdict(set)

    def rec(st: tuple, inp: tuple) -> None:
        states[st].add(inp)

    for inp in itertools.product(*ranges):
        fn(*inp, rec, inp)
    per: dict = defaultdict(dict)
    for st, inps in states.items():
        per[st[0]][st] = inps
    return per


def input_dict(k: Kernel, inp: tuple) -> dict:
    names, _ = inputs_of(k)
    return {n: v for n, v in zip(names, inp, strict=True) if k.uses_blk or n != "get_block_idx()"}


def expected(k: Kernel, targets=TARGETS) -> dict:
    """{target: {(rule, line): {"level", "witness", "inputs_faulting", "inputs_reaching"}}}.

    Level (README, docs/json-format.md): `error` when the call fails for every input that reaches it, the
    inputs being the kernel's invocations (parameters, get_block_idx()), not loop iterations: a constant loop
    whose last iteration always faults is an error; `warning` when only some inputs make some execution fail."""
    per = run_model(k)
    out: dict = {t: {} for t in targets}
    for cid, info in k.calls.items():
        states = per.get(cid, {})
        info["reached"] = bool(states)
        reaching = set().union(*states.values()) if states else set()
        ops_static = info["ops"]
        nops = len(ops_static)
        for t in targets:
            bad: dict = defaultdict(set)
            for st, inps in states.items():
                ops = [(n, tt, st[1 + 2 * i], st[2 + 2 * i]) for i, (n, tt) in enumerate(ops_static)]
                for r in faults(info["instr"], ops, st[1 + 2 * nops:], t, k.dtype):
                    bad[r] |= inps
            for r, inps in bad.items():
                out[t][(r, info["line"])] = {"level": "error" if inps == reaching else "warning",
                                              "witness": input_dict(k, min(inps)), "inputs_faulting": len(inps),
                                              "inputs_reaching": len(reaching)}
    return out


def model_states(k: Kernel) -> dict:
    """For tests and triage: {call id: [dict of operand valid counts, scalars and probes per execution]}."""
    per = run_model(k, trace=True)
    out = {}
    for cid, info in k.calls.items():
        keys = [f"{n}.{a}" for n, _ in info["ops"] for a in ("vr", "vc")]
        keys += [f"scalar{i}" for i in range(info["nscalars"])]
        keys += [p for p, _ in info.get("probes", [])]
        out[cid] = [dict(zip(keys, st[1:], strict=True)) | {"inputs": [input_dict(k, i) for i in sorted(inps)]}
                    for st, inps in per.get(cid, {}).items()]
    return out


# ============================================================================ the grammar

INSTRS = ("TADD", "TSUB", "TMUL", "TDIVS", "TROWSUM", "TROWPROD", "TCOLEXPANDMAX", "TRESHAPE", "TEXTRACT_VEC",
          "TEXTRACT_L0A")
#: the axes a kernel can walk: col (the tail is in the columns), row, both (a 2-level nest: rows, then columns)
AXES = {"TADD": ("col", "row", "both"), "TSUB": ("col", "both"), "TMUL": ("col", "row"),
        "TDIVS": ("col", "row", "both"), "TROWSUM": ("row",), "TROWPROD": ("row", "col"),
        "TCOLEXPANDMAX": ("col", "both"), "TRESHAPE": ("row",), "TEXTRACT_VEC": ("col", "row", "both"),
        "TEXTRACT_L0A": ("row", "col")}
LOOPS = ("for-lt", "for-le", "for-gt", "for-ne", "for-idx", "down-idx", "down-rem", "while", "while-rem", "do-while",
         "do-rem")
TAILS = ("tern", "std-min", "lmin", "if-clamp")
STMT = {"break": ("brk",), "continue": ("cont",), "return": ("ret",)}
OP_BUGS = ("op-fixed", "op-lagged", "op-prev")

DEFAULTS = {
    "instr": "TADD", "axis": "col", "dtype": "float", "helper": False, "std_min": True,
    "W": 64, "R": 16, "step": "W", "step_range": None,
    "loop": "for-lt", "cond": 0, "tail": "tern", "guard": None, "state": "fresh", "init": "full",
    "range": "const", "total": 200, "param_range": (0, 256), "guard_style": "ret", "chunk": 128,
    "block_total": "const", "protect": True, "unclamped": False, "src": 256, "src_r": 48, "src_c": 192,
    "outer_loop": "for-lt", "outer_tail": "tern", "range_r": "const", "total_r": 40, "param_range_r": (0, 48),
    "bug": None, "victim": None,
}


class Builder:
    """Builds one kernel from a spec (no randomness here: random_spec makes every choice; missing keys take
    DEFAULTS)."""

    def __init__(self, name: str, spec: dict):
        self.s = {**DEFAULTS, **spec}
        s = self.s
        self.k = Kernel(name, self.s, {}, [], {}, False, s["helper"], s["dtype"], s["W"] if s["helper"] else None)
        self.cid = 0

    def param(self, name: str, lo: int, hi: int) -> tuple:
        self.k.params[name] = (lo, hi, self.s["guard_style"])
        return V(name)

    def wsym(self, n: int) -> tuple:
        """n, rendered as the helper's template parameter N when it is N."""
        return ("tp", "N", n) if self.s["helper"] and n == self.s["W"] else N(n)

    def tail(self, var: str, rem: tuple, clamp: tuple, style: str, bug: str | None) -> list:
        """`int var = min(rem, clamp);` in the given style (or the bug's wrong form)."""
        if bug == "tail-none":
            return [("decl", var, rem)]
        if bug == "tail-max":  # the comparison the wrong way round: the larger of the two
            return [("decl", var, ("t", C(">", rem, clamp), rem, clamp))]
        if style == "tern":
            return [("decl", var, ("t", C("<", rem, clamp), rem, clamp))]
        if style == "std-min" and self.s["std_min"]:
            self.k.std_min = True
            return [("decl", var, ("min", "std", rem, clamp))]
        if style in ("std-min", "lmin"):
            self.k.lmin = True
            return [("decl", var, ("min", "lmin", rem, clamp))]
        return [("decl", var, clamp), ("if", C("<", rem, clamp), [("asg", var, "=", rem)], [])]  # if-clamp

    def range_setup(self, kind: str, total: int, prange: tuple, pname: str, chunk: int,
                    unclamped: bool) -> tuple[list, tuple, tuple, tuple | None]:
        """(statements, lo, hi, remainder base when it is not hi)."""
        if kind == "const":
            return [], N(0), N(total), None
        if kind == "param":
            return [], N(0), self.param(pname, *prange), None
        self.k.uses_blk = True  # a block's share: [blk * chunk, min(blk * chunk + chunk, total))
        tot = N(total) if self.s["block_total"] == "const" else self.param(pname, *prange)
        st = [("decl", "start", B("*", BLK, N(chunk)))]
        if unclamped:  # the end is not clamped to the data: the remainder is taken from the total
            st.append(("decl", "end", B("+", V("start"), N(chunk))))
            return st, V("start"), V("end"), tot
        st += self.tail("end", tot, B("+", V("start"), N(chunk)), self.s["tail"], None)
        return st, V("start"), V("end"), None

    def walk(self, *, p: str, e: str, tag: str, lo: tuple, hi: tuple, remt: tuple | None, step: tuple,
             clamp: tuple | None, body, loop: str, tail: str, cond: int, guard, bug: str | None, counter: bool,
             protect: bool, limit: tuple | None = None, extent: tuple | None = None) -> list:
        """One loop over [lo, hi) in steps of `step`. body(pos, ext) gives the statements at the call place; ext
        is the tail-clamped extent `int e = min(remainder, clamp)` (None for an index walk: clamp None)."""
        nt, kv, lv, off = "nt" + tag, "k" + tag, "left" + tag, "off" + tag
        pre: list = [("decl", off, lo)] if counter else []

        def inner(pos: tuple, rem: tuple) -> list:
            st: list = []
            if counter:
                pos = V(off)
                rem = B("-", remt or hi, pos)
            elif remt is not None:
                rem = B("-", remt, pos)
            ext = None
            if clamp is not None:
                st += self.tail(e, rem, clamp, tail, bug)
                ext = V(e)
            if guard:
                kind, how = guard
                if limit is not None:  # keep pos + extent inside the source
                    c = {"ok": C(">", B("+", pos, extent), limit), "ok2": C(">", pos, B("-", limit, extent)),
                         "off": C(">", pos, limit), "off2": C(">=", pos, B("+", limit, extent))}[how]
                else:  # stop at an empty (or negative) extent
                    c = {"ok": C("<=", ext, N(0)), "ok2": C("<", ext, N(1)), "off": C("<", ext, N(0)),
                         "off2": C("==", ext, N(0))}[how]
                st.append(("if", c, [STMT[kind]], []))
            if counter and bug == "counter-early":
                st.append(("asg", off, "+=", step))
            st += body(pos, ext)
            if counter and bug != "counter-early":
                st.append(("asg", off, "+=", step))
            return st

        le = bug == "le-bound"
        if loop in ("for-lt", "for-le", "for-gt", "for-ne"):
            v = V(p)
            c = (C("<=", v, hi) if le else C("<", v, hi) if loop == "for-lt" else
                 C("<=", v, B("-", hi, N(1))) if loop == "for-le" else C("!=", v, hi) if loop == "for-ne" else
                 C(">", hi, v) if cond % 2 == 0 else C(">", B("-", hi, v), N(0)))
            return pre + [("for", p, lo, c, "+=", step, inner(v, B("-", hi, v)))]
        if loop in ("for-idx", "down-idx"):
            span = B("-", hi, lo)
            ceil = B("/", B("+", span, B("-", step, N(1))), step)
            if loop == "for-idx":
                pre.append(("decl", nt, B("+", B("/", span, step), N(1)) if bug == "n-plus-1" else ceil))
                pos = B("+", lo, B("*", V(kv), step))
                st: list = []
                if lo != N(0) or cond % 2 == 1:  # a named position, or the index expression inline
                    st.append(("decl", p, pos))
                    pos = V(p)
                c = [C("<", V(kv), V(nt)), C("<=", V(kv), B("-", V(nt), N(1))), C("!=", V(kv), V(nt))][cond % 3]
                return pre + [("for", kv, N(0), c, "+=", N(1), st + inner(pos, B("-", hi, pos)))]
            pre.append(("decl", nt, ceil))
            c = C(">=", V(kv), N(-1)) if le else [C(">=", V(kv), N(0)), C(">", V(kv), N(-1)), C("<=", N(0), V(kv))][cond % 3]
            st = [("decl", p, B("+", lo, B("*", V(kv), step)))]
            first = V(nt) if bug == "n-plus-1" else B("-", V(nt), N(1))
            return pre + [("for", kv, first, c, "-=", N(1), st + inner(V(p), B("-", hi, V(p))))]
        if loop == "down-rem":
            c = C(">=", V(lv), N(0)) if le else [C(">", V(lv), N(0)), C(">=", V(lv), N(1)), C("<", N(0), V(lv))][cond % 3]
            st = [("decl", p, B("-", hi, V(lv)))]
            return pre + [("for", lv, B("-", hi, lo), c, "-=", step, st + inner(V(p), V(lv)))]
        if loop == "while":
            c = C("<=", V(p), hi) if le else [C("<", V(p), hi), C(">", hi, V(p))][cond % 2]
            return pre + [("decl", p, lo), ("while", c, inner(V(p), B("-", hi, V(p))) + [("asg", p, "+=", step)])]
        if loop in ("while-rem", "do-rem"):  # `left -= step`, or `left -= cols` (the extent computed in the body)
            c = C(">=", V(lv), N(0)) if le else C(">", V(lv), N(0))
            by = V(e) if clamp is not None and cond % 2 == 1 else step
            body_st = inner(V(p), V(lv)) + [("asg", lv, "-=", by), ("asg", p, "+=", by)]
            init = [("decl", lv, B("-", hi, lo)), ("decl", p, lo)]
            if loop == "while-rem":
                return pre + init + [("while", c, body_st)]
            empty_possible = not (is_const(lo) and is_const(hi) and val(hi) > val(lo))
            prot = [("if", C("<=", V(lv), N(0)), [("ret",)], [])] if protect and empty_possible else []
            return pre + init + prot + [("do", body_st, c)]
        if loop == "do-while":  # runs once even for an empty range: protected by a return before it (or a guard)
            c = C("<=", V(p), hi) if le else [C("<", V(p), hi), C(">", hi, V(p))][cond % 2]
            empty_possible = not (is_const(lo) and is_const(hi) and val(hi) > val(lo))
            prot = [("if", C("<=", hi, lo), [("ret",)], [])] if protect and empty_possible else []
            return pre + prot + [("decl", p, lo), ("do", inner(V(p), B("-", hi, V(p))) + [("asg", p, "+=", step)], c)]
        raise ValueError(loop)

    def new_call(self, instr: str, ops: list, nscalars: int, probes: list) -> int:
        self.cid += 1
        self.k.calls[self.cid] = {"instr": instr, "ops": ops, "nscalars": nscalars, "probes": probes}
        return self.cid

    # --- TEXTRACT L1 -> L0A: an index walk over a panel, reading the full static L0A shape at each index
    def l0a(self) -> list:
        s = self.s
        h, lim, helper = s["W"], s["src"], s["helper"]
        if s["axis"] == "row":
            panel = TT("Mat", lim, 64, lim, 64, "ColMajor", "RowMajor")
            left = TT("Left", h, 64, h, 64, sym=("rows",) if helper else ())
        else:
            panel = TT("Mat", 16, lim, 16, lim, "ColMajor", "RowMajor")
            left = TT("Left", 16, h, 16, h, sym=("cols",) if helper else ())
        pre = [("using", "Panel", panel), ("tiles", "Panel", panel, [("panel", [])]), ("tiles", None, left, [("a", [])])]
        if s["unclamped"]:  # an unclamped block range of an index walk does not read the total
            self.s["block_total"] = "const"
        setup, lo, hi, remt = self.range_setup(s["range"], s["total"], s["param_range"], "total", s["chunk"],
                                               s["unclamped"])

        def body(pos: tuple, _ext) -> list:
            idx = [pos, N(0)] if s["axis"] == "row" else [N(0), pos]
            cid = self.new_call("TEXTRACT", [("dst", left), ("src", panel)], 2, [("pos", pos)])
            return [("call", cid, "TEXTRACT", ["a", "panel"], idx)]

        p = "r" if s["axis"] == "row" else "c"
        return setup + pre + self.walk(p=p, e="", tag="", lo=lo, hi=hi, remt=remt, step=self.wsym(h), clamp=None,
                                       body=body, loop=s["loop"], tail=s["tail"], cond=s["cond"], guard=s["guard"],
                                       bug=s["bug"], counter=s["state"] == "counter", protect=s["protect"],
                                       limit=N(lim), extent=self.wsym(h))

    # --- instructions whose operands' valid regions follow the walk
    def region(self) -> list:
        s = self.s
        instr, axis, W, R, helper = s["instr"], s["axis"], s["W"], s["R"], s["helper"]
        dyn = {"col": "c", "row": "r", "both": "rc"}[axis]
        rows, cols = (W, 64) if axis == "row" else (R, W)
        symr = ("rows",) if helper and axis == "row" else ()
        symc = ("cols",) if helper and axis != "row" else ()
        main = TT("Vec", rows, cols, None if "r" in dyn else rows, None if "c" in dyn else cols, sym=symr + symc)
        if instr in ELEMENTWISE:
            ops = [("dst", "d", "Dyn", main), ("src0", "a", "Dyn", main), ("src1", "b", "Dyn", main)]
        elif instr == "TDIVS":
            ops = [("dst", "d", "Dyn", main), ("src0", "a", "Dyn", main)]
        elif instr == "TCOLEXPANDMAX":
            vec = TT("Vec", 1, cols, 1, None, sym=symc)
            ops = [("dst", "d", "Dyn", main), ("src0", "a", "Dyn", main), ("src1", "v", "ColVec", vec)]
        elif instr == "TROWSUM":
            ops = [("dst", "sums", "Sums", TT("Vec", rows, 1, None, 1, "ColMajor", sym=symr)), ("src", "x", "Dyn", main),
                   ("tmp", "tmp", "Tmp", TT("Vec", rows, 64, rows, 64, sym=symr))]
        elif instr == "TROWPROD":
            dst = TT("Vec", rows, 1, None if "r" in dyn else rows, 1, "ColMajor", sym=symr)
            ops = [("dst", "prod", "Prod", dst), ("src", "x", "Dyn", main), ("tmp", "tmp", "Tmp", TT("Vec", 1, 64, 1, 64))]
        elif instr == "TRESHAPE":
            ops = [("dst", "y", "Flat", TT("Vec", 4 * rows, 16, None, 16)), ("src", "x", "Dyn", main)]
        else:  # TEXTRACT_VEC: windows of a Vec tile
            sr, sc = {"col": (R, s["src"]), "row": (s["src"], 64), "both": (s["src_r"], s["src_c"])}[axis]
            ops = [("dst", "win", "Win", main), ("src", "src", "Src", TT("Vec", sr, sc, sr, sc))]
        call_instr = "TEXTRACT" if instr == "TEXTRACT_VEC" else instr
        if s["step"] == "param":
            step = self.param("step", *s["step_range"])
        elif s["step"] == "half":
            step = N(W // 2)
        else:
            step = self.wsym(2 * W if s["bug"] == "step-wide" else W)
        full = {"r": step if axis == "row" else N(R), "c": step}
        init = {"full": full, "zero": {"r": N(0), "c": N(0)}, "one": {"r": N(1), "c": N(1)}}[s["init"]]
        bug, victim = s["bug"], s["victim"]
        state = "setvalid" if s["state"] == "setvalid" else "fresh"

        def args(role: str, t: TT, er, ec) -> list:
            if role == "dst" and instr == "TRESHAPE":
                er = B("*", er, N(4))
            return ([er] if t.vr is None else []) + ([ec] if t.vc is None else [])

        pre: list = []
        for alias in dict.fromkeys(a for _, _, a, _ in ops):
            pre.append(("using", alias, next(t for _, _, a, t in ops if a == alias)))
        for role, var, alias, t in ops:
            if not t.dynamic:
                pre.append(("tiles", alias, t, [(var, [])]))
            elif state == "setvalid":
                pre.append(("tiles", alias, t, [(var, args(role, t, init["r"], init["c"]))]))
        if bug == "op-prev":
            pre += [("decl", f"prev_{ax}", init[ax]) for ax in dyn]
        where: dict = {}

        def call_body(er, ec) -> list:
            st: list = []
            after: list = []
            if state == "fresh":
                groups: dict = {}
                for role, var, alias, t in ops:
                    if not t.dynamic:
                        continue
                    r, c = er, ec
                    if role == victim and bug == "op-fixed":
                        r, c = full["r"] if "r" in dyn else r, full["c"] if "c" in dyn else c
                    if role == victim and bug == "op-prev":
                        r, c = V("prev_r") if "r" in dyn else r, V("prev_c") if "c" in dyn else c
                    groups.setdefault(alias, (t, []))[1].append((var, args(role, t, r, c)))
                st += [("tiles", alias, t, decls) for alias, (t, decls) in groups.items()]
            else:
                for role, var, _, t in ops:
                    if not t.dynamic or (role == victim and bug == "op-fixed"):
                        continue
                    a = args(role, t, er, ec)
                    kind = "Shape" if len(a) == 2 else ("Row" if t.vr is None else "Col")
                    (after if role == victim and bug == "op-lagged" else st).append(("setv", var, kind, a))
            scal = []
            if instr == "TEXTRACT_VEC":
                base = V("start") if s["range"] == "block" else N(0)
                scal = [B("-", where.get("r", base if axis == "row" else N(0)), base if axis == "row" else N(0)),
                        B("-", where.get("c", base if axis == "col" else N(0)), base if axis == "col" else N(0))]
            probes = [(k, v) for k, v in where.items()] + [("rows", er), ("cols", ec)]
            cid = self.new_call(call_instr, [(role, t) for role, _, _, t in ops], len(scal),
                                [(k, v) for k, v in probes if v is not None])
            st.append(("call", cid, call_instr, [var for _, var, _, _ in ops], scal))
            if bug == "op-prev":
                after += [("asg", f"prev_{ax}", "=", er if ax == "r" else ec) for ax in dyn]
            return st + after

        counter = s["state"] == "counter"
        if axis != "both":
            setup, lo, hi, remt = self.range_setup(s["range"], s["total"], s["param_range"], "total", s["chunk"],
                                                   s["unclamped"])
            p, e = ("r", "rows") if axis == "row" else ("c", "cols")

            def body(pos: tuple, ext: tuple) -> list:
                where[p] = pos
                return call_body(ext, None) if axis == "row" else call_body(None, ext)

            return setup + pre + self.walk(p=p, e=e, tag="", lo=lo, hi=hi, remt=remt, step=step, clamp=step, body=body,
                                           loop=s["loop"], tail=s["tail"], cond=s["cond"], guard=s["guard"],
                                           bug=bug, counter=counter, protect=s["protect"])
        # a 2-level nest: rows (steps of R) outside, columns (the spec's loop form) inside
        rsetup, rlo, rhi, _ = self.range_setup(s["range_r"], s["total_r"], s["param_range_r"], "height", 0, False)
        csetup, clo, chi, cremt = self.range_setup(s["range"], s["total"], s["param_range"], "width", s["chunk"],
                                                   s["unclamped"])

        def outer_body(rpos: tuple, rext: tuple) -> list:
            def inner_body(cpos: tuple, cext: tuple) -> list:
                where["r"], where["c"] = rpos, cpos
                return call_body(rext, cext)

            return self.walk(p="c", e="cols", tag="", lo=clo, hi=chi, remt=cremt, step=step, clamp=step,
                             body=inner_body, loop=s["loop"], tail=s["tail"], cond=s["cond"], guard=s["guard"],
                             bug=bug, counter=counter, protect=s["protect"])

        outer = self.walk(p="r", e="rows", tag="r", lo=rlo, hi=rhi, remt=None, step=N(R), clamp=N(R), body=outer_body,
                          loop=s["outer_loop"], tail=s["outer_tail"], cond=0, guard=None, bug=None, counter=False,
                          protect=True)
        return rsetup + csetup + pre + outer

    def build(self) -> Kernel:
        s, k = self.s, self.k
        bug = s["bug"] or "none"
        if s["bug"] in OP_BUGS:
            bug += f"({s['victim']})"
        k.labels = {"instr": s["instr"], "axis": s["axis"], "loop": s["loop"], "range": (s["range_r"] + "x" if s["axis"] == "both" else "") +
                    s["range"] + ("-step" if s["step"] == "param" else ""), "tail": s["tail"] if s["instr"] != "TEXTRACT_L0A" else "none",
                    "guard": "-".join(s["guard"]) if s["guard"] else "none", "state": s["state"], "bug": bug}
        k.stmts = self.l0a() if s["instr"] == "TEXTRACT_L0A" else self.region()
        render(k)
        k.py = compile_py(k)
        return k


def build(spec: dict, name: str = "k0000") -> Kernel:
    """The kernel of a spec (missing keys: DEFAULTS)."""
    return Builder(name, spec).build()


def random_spec(rng: random.Random, buggy: bool, std_min: bool = True) -> dict:
    """Every choice of one kernel. `buggy` only steers: the model decides what the kernel really is."""
    instr = rng.choice(INSTRS)
    axis = rng.choice(AXES[instr])
    s: dict = {"instr": instr, "axis": axis, "std_min": std_min, "helper": rng.random() < 0.35,
               "guard_style": rng.choice(("ret", "ret", "ret-not", "clamp")), "cond": rng.randrange(6),
               "tail": rng.choice(TAILS), "init": rng.choice(("full", "full", "zero", "one")),
               "loop": rng.choice(LOOPS), "range": rng.choice(("const", "param", "param", "block")),
               "block_total": rng.choice(("const", "param")), "state": rng.choice(("fresh", "setvalid", "counter"))}
    s["dtype"] = "half" if instr == "TEXTRACT_L0A" else rng.choice(("float", "float", "half")) \
        if instr not in ("TDIVS", "TEXTRACT_VEC") else "float"
    if instr == "TEXTRACT_L0A":
        s["state"] = rng.choice(("fresh", "counter"))
        h = rng.choice((16, 32)) if axis == "row" else rng.choice((32, 64))
        lim = rng.choice((64, 128)) if axis == "row" else rng.choice((128, 256))
        s.update(W=h, src=lim, chunk=h * rng.choice((1, 2)), total=lim, param_range=(rng.choice((0, 1)), lim))
        over = h * rng.choice((1, 2))  # how far a range reaches past the panel when it does
    else:
        # a half ColMajor destination (TROWSUM / TROWPROD) needs 16 rows: 8 x 2 bytes is not a 32-byte column
        narrow = s["dtype"] == "half" and instr in ("TROWSUM", "TROWPROD")
        if axis == "row":
            W, R = rng.choice((16, 32) if narrow else (8, 16, 32)), 64
        else:
            W, R = (rng.choice((32, 64, 128)) if axis == "col" else rng.choice((32, 64))), rng.choice(
                (16,) if narrow else (8, 16))
        s.update(W=W, R=R, chunk=W * rng.choice((1, 2)))
        s["total"] = rng.randint(W + 1, 4 * W) if rng.random() < 0.7 else W * rng.randint(1, 4)
        s["param_range"] = (rng.choice((0, 1)), min(rng.randint(2 * W, 4 * W), 320))
        if rng.random() < 0.15:
            s["step"] = "half"
        if axis != "both" and s["range"] == "param" and rng.random() < 0.3:
            s["step"] = "param"
            s["step_range"] = (rng.choice((1, 4, W // 4)), W)
            s["param_range"] = (s["param_range"][0], min(s["param_range"][1], 160))
        if instr == "TEXTRACT_VEC":
            if s["range"] == "block":
                s["src"] = s["chunk"]
            else:
                s["src"] = 256 if axis == "col" else rng.choice((2, 4)) * W
                s["total"] = min(s["total"], s["src"])
                s["param_range"] = (s["param_range"][0], min(s["param_range"][1], s["src"]))
            over = rng.randint(1, W)
        if axis == "both":
            s["state"] = rng.choice(("fresh", "setvalid"))
            s["range"] = rng.choice(("const", "param"))
            s["range_r"] = rng.choice(("const", "param"))
            s["total_r"] = rng.randint(R + 1, 3 * R)
            s["param_range_r"] = (rng.choice((0, 1)), 3 * R)
            s["outer_loop"] = rng.choice(("for-lt", "while", "down-rem"))
            s["outer_tail"] = rng.choice(TAILS)
            s["total"] = min(s["total"], 3 * W)
            s["param_range"] = (s["param_range"][0], min(s["param_range"][1], 2 * W + 8))
            s["src_r"], s["src_c"] = 3 * R, 3 * W
    step_n = {"W": s["W"], "half": s["W"] // 2}.get(s.get("step", "W"))
    if s["loop"] == "for-ne":  # only where the bound is always reached: a constant range of whole steps
        if s["range"] != "const" or step_n is None:
            s["loop"] = "for-lt"
        else:
            s["total"] = max(step_n, s["total"] // step_n * step_n)
    if s["loop"] in ("for-idx",) and s["cond"] % 3 == 2 and (s["range"] == "block" or step_n is None):
        s["cond"] = 0  # `k != nt` needs nt >= 0
    # `continue` would skip the increment at the end of a while / do-while body: only for `for` loops
    kinds = ("break", "return") if s["loop"] in ("while", "while-rem", "do-while", "do-rem") else \
        ("break", "continue", "return")
    if rng.random() < 0.45:  # a guard before the call; sometimes the only thing that makes the kernel correct
        s["guard"] = (rng.choice(kinds), rng.choice(("ok", "ok2")))
        if rng.random() < 0.5:
            if instr == "TEXTRACT_L0A":
                s["total"] = s["src"] + over
                s["param_range"] = (s["param_range"][0], s["src"] + over)
            elif s["loop"] in ("do-while", "do-rem"):
                s["protect"] = False
            elif s["range"] == "block":
                s["unclamped"] = True
    if not buggy:
        return s
    bugs = ["le-bound", "n-plus-1", "do-unguarded", "block-unclamped", "guard-off", "counter-early"]
    if instr == "TEXTRACT_L0A" or instr == "TEXTRACT_VEC":
        bugs.append("range-over")
    if instr != "TEXTRACT_L0A":
        bugs += ["step-wide", "tail-none", "tail-max"] + (list(OP_BUGS) if instr != "TRESHAPE" else [])
    if s["loop"] in ("for-ne", "for-idx"):
        bugs.remove("le-bound")
    if s["loop"] not in ("for-idx", "down-idx"):
        bugs.remove("n-plus-1")
    if s["loop"] not in ("do-while", "do-rem"):
        bugs.remove("do-unguarded")
    if s["range"] != "block":
        bugs.remove("block-unclamped")
    if s["state"] != "counter":
        bugs.remove("counter-early")
    if s["state"] != "setvalid" and "op-lagged" in bugs:
        bugs.remove("op-lagged")
    bug = rng.choice(bugs)
    s["bug"] = bug
    if bug == "step-wide" and s.get("step") == "param":
        s["step_range"] = (s["step_range"][0], 2 * s["W"])
    if bug == "guard-off":
        s["guard"] = (rng.choice(kinds), rng.choice(("off", "off2")))
        if instr == "TEXTRACT_L0A":
            s["total"] = s["src"] + over
            s["param_range"] = (s["param_range"][0], s["src"] + over)
        elif s["range"] == "block":
            s["unclamped"] = True
        else:
            s["loop"], s["protect"] = rng.choice(("do-while", "do-rem")), False
            if s["guard"][0] == "continue":
                s["guard"] = ("break", s["guard"][1])
    elif bug == "do-unguarded":
        s["protect"] = False
    elif bug == "block-unclamped":
        s["unclamped"] = True
    elif bug == "range-over":
        s["total"] = s["src"] + over
        s["param_range"] = (s["param_range"][0], s["src"] + over)
        if s["range"] == "block":
            s["unclamped"] = True
    elif bug in OP_BUGS:
        s["victim"] = rng.choice([r for r in OPERANDS["TEXTRACT" if instr.startswith("TEXTRACT") else instr]
                                  if r not in ("tmp", "src") or instr in ("TROWSUM", "TROWPROD", "TEXTRACT_VEC")][:3])
    return s


# ============================================================================ generation

def make_kernel(seed: int, i: int, std_min: bool) -> tuple[Kernel, dict]:
    """Kernel i of a seed (its own random stream, so kernels can be made in parallel) and the model's expected
    findings. Odd kernels are meant to be buggy, even ones correct; a draw whose model verdict differs from the
    intent is redrawn (up to 12 times, then kept as it is: the model, not the intent, is the reference)."""
    rng = random.Random(f"loop-recall-{seed}-{i}")
    buggy = i % 2 == 1
    k, exp = None, None
    for _ in range(12):
        spec = random_spec(rng, buggy, std_min)
        try:
            k = build(spec, f"k{i:04d}")
            exp = expected(k)
        except ModelError:  # a loop that runs away or a value that could overflow: draw again
            k = None
            continue
        if any(exp[t] for t in TARGETS) == buggy:
            break
    if k is None:
        raise RuntimeError(f"kernel {i}: no draw terminates")
    return k, exp


def generate(n: int, seed: int, std_min: bool = True, jobs: int = 1) -> list[tuple[Kernel, dict]]:
    if jobs <= 1:
        return [make_kernel(seed, i, std_min) for i in range(n)]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(make_kernel, [seed] * n, range(n), [std_min] * n, chunksize=8))


def std_min_parses() -> bool:
    """Does `#include <algorithm>` (and std::min) parse with ptolint's default flags?"""
    src = ("#include <pto/pto-inst.hpp>\n#include <algorithm>\nusing namespace pto;\n"
           'extern "C" __global__ AICORE void k(int n) {\n'
           "    using T = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC>;\n"
           "    T a(std::min(n, 64));\n    TADD(a, a, a);\n}\n")
    with tempfile.TemporaryDirectory(prefix="ptolint-loop-") as tmp:
        p = Path(tmp) / "probe.cpp"
        p.write_text(src)
        proc = subprocess.run(CLI + ["check", "--format", "json", "--no-cache", "--target", "a2a3", str(p)],
                              capture_output=True, text=True)
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return False
    return not any(d["level"] in ("error", "warning") for d in doc.get("diagnostics", []))


# ============================================================================ ptolint

def run_ptolint(paths: list[Path], target: str) -> dict[str, dict]:
    """{file name: {"findings": [...], "diagnostics": [...]}} from one `ptolint check` of many files (the
    interpreter start-up dominates a small file); a run that fails as a whole is split to isolate the culprit."""
    cmd = CLI + ["check", "--format", "json", "--no-cache", "--target", target, "--blocks", str(BLOCKS), "-j", "1"]
    try:
        proc = subprocess.run(cmd + [str(p) for p in paths], capture_output=True, text=True, timeout=900,
                              env={**os.environ, "NO_COLOR": "1"})
        doc = json.loads(proc.stdout)
    except (json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
        if len(paths) > 1:
            half = len(paths) // 2
            return run_ptolint(paths[:half], target) | run_ptolint(paths[half:], target)
        err = getattr(exc, "stderr", None) or (proc.stderr if "proc" in locals() else "")
        return {paths[0].name: {"findings": [], "diagnostics": [{"level": "error", "code": "harness-crash",
                                                                "line": 0, "message": str(err)[-2000:]}]}}
    out = {p.name: {"findings": [], "diagnostics": []} for p in paths}
    for f in doc.get("findings", []):
        name = Path(f["file"]).name
        if name in out and f["target"] == target:
            out[name]["findings"].append({"rule": f["rule"], "line": f["line"], "level": f["level"],
                                          "message": f["message"], "witness": f.get("witness", {}).get("inputs", {})})
    for d in doc.get("diagnostics", []):
        name = Path(d.get("file") or "").name
        if name in out:
            out[name]["diagnostics"].append({k: d.get(k) for k in ("level", "code", "line", "message")})
    return out


# ============================================================================ comparison

CRASH_CODES = ("internal-error", "timeout", "harness-crash")


def compare(k: Kernel, exp: dict, got: dict, target: str) -> dict:
    want = exp[target]
    rep: dict = {}
    for f in got["findings"]:
        rep.setdefault((f["rule"], f["line"]), []).append(f)
    matched = sorted(set(want) & set(rep))
    lv = [(r, ln, want[(r, ln)]["level"], sorted({f["level"] for f in rep[(r, ln)]})) for r, ln in matched
          if want[(r, ln)]["level"] not in {f["level"] for f in rep[(r, ln)]}]
    diags = got["diagnostics"]
    return {
        "kernel": k.name, "target": target, "labels": k.labels,
        "modelled": {str(c["line"]): MODELLED[c["instr"]] for c in k.calls.values()},
        "expected": [{"rule": r, "line": ln, **v} for (r, ln), v in sorted(want.items())],
        "reported": [f for key in sorted(rep) for f in rep[key]],
        "matched": [list(x) for x in matched],
        "missed": [list(x) for x in sorted(set(want) - set(rep))],
        "false_alarms": [list(x) for x in sorted(set(rep) - set(want))],
        "level_mismatches": [{"rule": r, "line": ln, "expected": e, "reported": g} for r, ln, e, g in lv],
        "solver_unknown": sum(1 for d in diags if d["code"] == "solver-unknown"),
        "crashes": [d for d in diags if d["code"] in CRASH_CODES],
        "invalid": [d for d in diags if d["code"] in ("parse-error", "host-code-error", "missing-include")],
        "diagnostics": diags,
    }


def summarise(rows: list[dict]) -> dict:
    exp = sum(len(r["expected"]) for r in rows)
    rep = sum(len({(f["rule"], f["line"]) for f in r["reported"]}) for r in rows)
    hit = sum(len(r["matched"]) for r in rows)
    return {"kernels": len(rows), "buggy_kernels": sum(1 for r in rows if r["expected"]),
            "expected": exp, "reported": rep, "matched": hit, "missed": exp - hit,
            "recall": 100.0 * hit / exp if exp else 100.0,
            "false_alarms": sum(len(r["false_alarms"]) for r in rows),
            "false_alarm_kernels_correct": sum(1 for r in rows if r["false_alarms"] and not r["expected"]),
            "level_mismatches": sum(len(r["level_mismatches"]) for r in rows),
            "solver_unknown": sum(r["solver_unknown"] for r in rows),
            "crashes": sum(len(r["crashes"]) for r in rows), "invalid_kernels": sum(1 for r in rows if r["invalid"])}


def by_dimension(rows: list[dict]) -> dict:
    out: dict = {}
    for dim in ("instr", "axis", "loop", "range", "tail", "guard", "state", "bug"):
        groups: dict = defaultdict(list)
        for r in rows:
            groups[r["labels"][dim]].append(r)
        out[dim] = {v: summarise(g) for v, g in sorted(groups.items())}
    rules: dict = defaultdict(lambda: Counter())
    for r in rows:
        for e in r["expected"]:
            rules[e["rule"]]["expected"] += 1
        for rule, _ in r["matched"]:
            rules[rule]["matched"] += 1
        for rule, _ in r["false_alarms"]:
            rules[rule]["false_alarms"] += 1
        for m in r["level_mismatches"]:
            rules[m["rule"]]["level_mismatches"] += 1
    out["rule"] = {k: dict(v) for k, v in sorted(rules.items())}
    return out


# ============================================================================ main

def run(n: int = 500, seed: int = 1, jobs: int = 2, targets=TARGETS, batch: int = 16, show: int = 10,
        json_out: str | None = None, quiet: bool = False) -> dict:
    t0 = time.perf_counter()
    std_min = std_min_parses()
    kernels = generate(n, seed, std_min, jobs)
    t_model = time.perf_counter() - t0
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="ptolint-loop-") as tmp:
        paths = []
        for k, _ in kernels:
            p = Path(tmp) / f"{k.name}.cpp"
            p.write_text(k.source)
            paths.append(p)
        jobs_list = [(paths[i:i + batch], t) for t in targets for i in range(0, len(paths), batch)]
        t1 = time.perf_counter()
        with ThreadPoolExecutor(max(1, jobs)) as pool:
            results = list(pool.map(lambda a: (a[1], run_ptolint(*a)), jobs_list))
        t_lint = time.perf_counter() - t1
    got = {(t, name): v for t, res in results for name, v in res.items()}
    for t in targets:
        for k, exp in kernels:
            rows.append(compare(k, exp, got[(t, f"{k.name}.cpp")], t))
    wall = time.perf_counter() - t0
    res = {"config": {"n": n, "seed": seed, "targets": list(targets), "jobs": jobs, "batch": batch,
                      "blocks": BLOCKS, "std_min": std_min},
           "time": {"model_s": round(t_model, 1), "ptolint_s": round(t_lint, 1), "wall_s": round(wall, 1)},
           "summary": {t: summarise([r for r in rows if r["target"] == t]) for t in targets},
           "by_idiom": {t: by_dimension([r for r in rows if r["target"] == t]) for t in targets},
           "rows": rows,
           "kernels": {k.name: {"labels": k.labels, "spec": k.spec, "source": k.source} for k, _ in kernels}}
    if json_out:
        Path(json_out).write_text(json.dumps(res, indent=1, default=str))
    if not quiet:
        report(res, show)
    return res


def report(res: dict, show: int) -> None:
    cfg, tm = res["config"], res["time"]
    print(f"loop idioms: {cfg['n']} kernels per target (seed {cfg['seed']}), targets {', '.join(cfg['targets'])}; "
          f"{'std::min' if cfg['std_min'] else 'local lmin (no <algorithm>)'}; model {tm['model_s']} s, "
          f"ptolint {tm['ptolint_s']} s, wall {tm['wall_s']} s")
    for t, s in res["summary"].items():
        print(f"\n== {t}: {s['kernels']} kernels, {s['buggy_kernels']} with an expected finding")
        print(f"expected findings: {s['expected']}  reported: {s['reported']}  matched: {s['matched']}  "
              f"missed: {s['missed']}  recall: {s['recall']:.1f}%")
        print(f"false alarms: {s['false_alarms']} ({s['false_alarm_kernels_correct']} on kernels the model finds "
              f"correct)  level mismatches: {s['level_mismatches']}  solver-unknown: {s['solver_unknown']}  "
              f"crashes/internal errors: {s['crashes']}  invalid kernels: {s['invalid_kernels']}")
        rows = [r for r in res["rows"] if r["target"] == t]
        for r in rows:
            for rule, line in r["false_alarms"]:
                f = next(x for x in r["reported"] if (x["rule"], x["line"]) == (rule, line))
                triage = "" if rule in r["modelled"].get(str(line), ()) else " [rule not modelled here: triage]"
                print(f"  false alarm {r['kernel']}:{line} {rule} {f['level']} witness {f['witness']}{triage}: "
                      f"{f['message'][:160]}")
        for r in rows:
            for m in r["level_mismatches"]:
                print(f"  level mismatch {r['kernel']}:{m['line']} {m['rule']} expected {m['expected']}, "
                      f"reported {'/'.join(m['reported'])}")
        for r in rows:
            for d in r["crashes"] + r["invalid"]:
                print(f"  {d['code']} {r['kernel']}:{d['line']}: {str(d['message'])[:200]}")
        by = res["by_idiom"][t]
        print(f"{'rule':<10} {'expected':>8} {'matched':>8} {'false':>6} {'level':>6}")
        for rule, c in by["rule"].items():
            print(f"{rule:<10} {c.get('expected', 0):>8} {c.get('matched', 0):>8} {c.get('false_alarms', 0):>6} "
                  f"{c.get('level_mismatches', 0):>6}")
        print(f"{'idiom':<28} {'kernels':>7} {'buggy':>6} {'expected':>8} {'matched':>8} {'recall':>7} {'false':>6}")
        for dim, groups in by.items():
            if dim == "rule":
                continue
            for v, s2 in groups.items():
                print(f"{dim + '=' + v:<28} {s2['kernels']:>7} {s2['buggy_kernels']:>6} {s2['expected']:>8} "
                      f"{s2['matched']:>8} {s2['recall']:>6.1f}% {s2['false_alarms']:>6}")
    bad = [r for r in res["rows"] if r["missed"] or r["false_alarms"] or r["level_mismatches"] or r["crashes"]]
    print(f"\n{len(bad)} (kernel, target) disagreement(s); the first {min(show, len(bad))}:")
    for r in bad[:show]:
        exp = ", ".join(f"{e['rule']}@{e['line']} {e['level']} {e['witness']}" for e in r["expected"]) or "nothing"
        got = ", ".join(f"{f['rule']}@{f['line']} {f['level']} {f['witness']}" for f in r["reported"]) or "nothing"
        print(f"\n--- {r['kernel']} [{r['target']}]\n    model:   {exp}\n    ptolint: {got}")
        print(res["kernels"][r["kernel"]]["source"], end="")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=500, help="kernels per target (default 500)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", type=int, default=2, help="parallel ptolint runs and model processes (default 2)")
    ap.add_argument("--target", choices=("all", *TARGETS), default="all")
    ap.add_argument("--batch", type=int, default=16, help="kernel files per ptolint run (default 16)")
    ap.add_argument("--show", type=int, default=10, help="disagreeing kernels printed with their source")
    ap.add_argument("--json", metavar="OUT", help="write the full result")
    a = ap.parse_args(argv)
    targets = TARGETS if a.target == "all" else (a.target,)
    run(a.n, a.seed, a.j, targets, a.batch, a.show, a.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())

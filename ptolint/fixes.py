"""Fixes: local, mechanical edits that remove a finding, each validated by checking the fixed text again.

Kinds (`Fix.kind`), in the order they are offered:

- `dtype`, `layout`, `location` (safe): the one element type / BLayout / SLayout / TileType that makes the rule
  hold on every target of the finding. The legal set is the rule's own: the rule's check is asked again with the
  operand's spec changed (its facts are the rule's fact tables), so a fix never disagrees with the rule. The
  edit rewrites the template argument of the `Tile<...>` declaration (or of the `using` / `typedef` alias) the
  operand was declared with; a spelling outside the checked file, or one that does not spell the value (a
  template parameter), gets no fix. Offered only when exactly one change survives validation.
- `tmp-shape` (safe): the smallest Rows x Cols of a tmp / scratch tile that satisfies the rule.
- `assume` (not safe): `// ptolint: assume ...` before the entry point, the bound on one witness input that
  makes the rule hold (found by asking the rule under candidate assumptions).
- `clamp` (not safe): a scalar argument of the call clamped into the interval the rule needs.
- `suppress` (not safe): `// ptolint: ignore[ID]` on the finding's line (ruff's noqa action), for every finding
  in the checked file.

Validation: the fixed text is checked again with the same options (targets, rules, parser options); a fix whose
finding is still reported on some target, or that brings any finding or warning/error diagnostic the original
text did not have, is dropped. Everything is deterministic (candidates in a fixed order, Z3 queries only).

This module's top level imports plain data only; the solver and the engine are imported where a fix is
computed, so the reports and the CLI can use `apply_edits` / `unified_diff` cheaply.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from dataclasses import dataclass

from ptolint.ir import Finding

SAFE_KINDS = ("dtype", "layout", "location", "tmp-shape")

#: Tile<Loc, DType, Rows, Cols, BLayout, RowValid, ColValid, SLayout, SFractalSize, PadVal, Compact>
TILE_ARGS = {"loc": 0, "dtype": 1, "rows": 2, "cols": 3, "blayout": 4, "valid_row": 5, "valid_col": 6,
             "slayout": 7}
DTYPES = ("int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "half",
          "bfloat16_t", "float")
SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
         "uint64_t": 8, "half": 2, "bfloat16_t": 2, "float": 4}
#: spellings of an element type in kernels -> the name TileSpec uses
DTYPE_ALIASES = {"int": "int32_t", "short": "int16_t", "float16_t": "half", "float32_t": "float",
                 "signed char": "int8_t", "unsigned char": "uint8_t", "unsigned int": "uint32_t",
                 "unsigned short": "uint16_t", "long": "int64_t", "unsigned long": "uint64_t"}
LAYOUTS = ("RowMajor", "ColMajor")
SLAYOUTS = ("NoneBox", "RowMajor", "ColMajor")
#: which spec attributes a fault kind can be repaired by
SPEC_FAULTS = {"unsupported-dtype": ("dtype",), "dtype-mismatch": ("dtype",),
               "unsupported-layout": ("blayout", "slayout"), "unsupported-path": ("loc",),
               "invalid-tile": ("blayout", "slayout")}
KIND_OF = {"dtype": "dtype", "blayout": "layout", "slayout": "layout", "loc": "location"}
ENUM_PREFIX = {"loc": "TileType::", "blayout": "BLayout::", "slayout": "SLayout::"}
MAX_SPEC_CANDIDATES = 4  # more changes than this that fit: no single choice, no fix


@dataclass(frozen=True)
class Edit:
    """Replace the text between two 1-based (line, byte column) positions of `file` (equal: an insertion)."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@dataclass
class Fix:
    """A change that removes one finding (on every target it is reported for), validated by a re-check."""

    rule_id: str
    line: int
    column: int
    kind: str
    title: str
    edits: list[Edit]
    safe: bool
    #: sha256 of the text the fix was computed for (a file changed since is not rewritten)
    source_sha: str = ""

    def to_dict(self) -> dict:
        return {"kind": self.kind, "title": self.title, "safe": self.safe, "source_sha": self.source_sha,
                "edits": [dataclasses.asdict(e) for e in self.edits]}

    @classmethod
    def from_dict(cls, d: dict, rule_id: str, line: int, column: int) -> Fix:
        return cls(rule_id, line, column, d["kind"], d["title"], [Edit(**e) for e in d["edits"]], d["safe"],
                   d.get("source_sha", ""))


class FixConflict(Exception):
    """The file is not the text the fixes were computed for."""


# --- text positions and edits ---------------------------------------------------------------------------------

def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def line_starts(text: str) -> list[int]:
    """Offsets of each line's start, lines numbered as libclang does (\\n, \\r\\n, \\r)."""
    starts = [0]
    for m in re.finditer(r"\r\n|\r|\n", text):
        starts.append(m.end())
    return starts


def offset(text: str, starts: list[int], line: int, column: int) -> int:
    """String offset of a 1-based (line, UTF-8 byte column) position."""
    if line < 1 or line > len(starts):
        raise FixConflict(f"line {line} is not in the file")
    begin = starts[line - 1]
    end = starts[line] if line < len(starts) else len(text)
    raw = text[begin:end].encode("utf-8")[:max(column - 1, 0)]
    return begin + len(raw.decode("utf-8", errors="ignore"))


def position(text: str, starts: list[int], off: int) -> tuple[int, int]:
    """1-based (line, byte column) of a string offset."""
    import bisect

    i = bisect.bisect_right(starts, off) - 1
    return i + 1, len(text[starts[i]:off].encode("utf-8")) + 1


def edit_at(path: str, text: str, starts: list[int], begin: int, end: int, new: str) -> Edit:
    (l1, c1), (l2, c2) = position(text, starts, begin), position(text, starts, end)
    return Edit(path, l1, c1, l2, c2, new)


def apply_edits(text: str, edits: list[Edit]) -> str:
    """The text with the edits applied (they must not overlap; raises FixConflict otherwise)."""
    starts = line_starts(text)
    spans = sorted(((offset(text, starts, e.line, e.column), offset(text, starts, e.end_line, e.end_column), e.text)
                    for e in edits), key=lambda s: (s[0], s[1]))
    out, pos = [], 0
    for b, e, new in spans:
        if b < pos:
            raise FixConflict("overlapping edits")
        out += [text[pos:b], new]
        pos = e
    out.append(text[pos:])
    return "".join(out)


def non_overlapping(fixes: list[Fix]) -> list[Fix]:
    """The fixes to apply together: in order of position (then kind), skipping any whose edits touch a span an
    earlier one took (two insertions at one point also conflict)."""
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []
    out = []
    for fx in sorted(fixes, key=lambda f: (min((e.line, e.column) for e in f.edits), f.rule_id, f.kind)):
        spans = [((e.line, e.column), (e.end_line, e.end_column)) for e in fx.edits]
        if any(not (b2 > e1 or e2 < b1) for b1, e1 in spans for b2, e2 in taken):
            continue
        taken += spans
        out.append(fx)
    return out


def unified_diff(path: str, before: str, after: str) -> str:
    import difflib

    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        fromfile=f"a/{path}", tofile=f"b/{path}"))


# --- where a tile's type is spelled -----------------------------------------------------------------------------

@dataclass
class Spelling:
    """The `Tile<...>` text a tile operand's type comes from: offsets of its template arguments."""

    start: int  # offset of `Tile<` (identifies the spelling: operands with the same start share it)
    args: list[tuple[int, int]]  # (begin, end) of each argument, stripped
    close: int  # offset of the closing `>`


_TILE = re.compile(r"(?:\bpto::)?\bTile\s*<")


def _template_args(text: str, lt: int) -> tuple[list[tuple[int, int]], int] | None:
    """Top-level arguments of the template argument list opened by `<` at `lt`, and the closing offset."""
    depth, begin, args = 0, lt + 1, []
    for i in range(lt, min(len(text), lt + 2000)):
        ch = text[i]
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
            if depth == 0:
                args.append((begin, i))
                return [_strip(text, b, e) for b, e in args], i
        elif ch == "," and depth == 1:
            args.append((begin, i))
            begin = i + 1
        elif ch == ";":
            return None
    return None


def _strip(text: str, b: int, e: int) -> tuple[int, int]:
    while b < e and text[b].isspace():
        b += 1
    while e > b and text[e - 1].isspace():
        e -= 1
    return b, e


def _tile_at(text: str, at: int) -> Spelling | None:
    m = _TILE.match(text, at)
    if not m:
        return None
    parsed = _template_args(text, m.end() - 1)
    if parsed is None:
        return None
    return Spelling(m.start(), parsed[0], parsed[1])


def tile_spelling(text: str, starts: list[int], decl_line: int, depth: int = 0) -> Spelling | None:
    """The Tile<...> the declaration on `decl_line` uses, directly or through one `using`/`typedef` alias of the
    same file; None when the line declares no tile this way."""
    if not 0 < decl_line <= len(starts):
        return None
    begin = starts[decl_line - 1]
    end = starts[decl_line] if decl_line < len(starts) else len(text)
    line = text[begin:end]
    m = re.match(r"\s*(?:(?:const|static|constexpr|__aicore__|AICORE)\s+)*", line)
    at = begin + (m.end() if m else 0)
    found = _tile_at(text, at)
    if found is not None:
        return found
    alias = re.match(r"((?:\w+::)*\w+)\s*[&*]?\s*\w+", text[at:end])
    if alias is None or depth > 2 or alias.group(1) in ("using", "typedef", "return", "auto"):
        return None
    name = alias.group(1).split("::")[-1]
    defs = [d.end() for d in re.finditer(rf"\busing\s+{re.escape(name)}\s*=\s*", text)]
    defs += [d.start(1) for d in re.finditer(rf"\btypedef\s+((?:pto::)?Tile\s*<)[^;]*>\s*{re.escape(name)}\s*;", text)]
    before = [d for d in defs if d < begin]
    if len(defs) > 1 and before:  # the name is defined in several functions: the nearest one before the use
        defs = [max(before)]
    if len(defs) != 1:
        return None
    found = _tile_at(text, defs[0])
    if found is not None:
        return found
    nested = re.match(r"((?:\w+::)*\w+)\s*;", text[defs[0]:])  # using A = B;
    if nested is None:
        return None
    other = [d.end() for d in re.finditer(rf"\busing\s+{re.escape(nested.group(1).split('::')[-1])}\s*=\s*", text)]
    return _tile_at(text, other[0]) if len(other) == 1 else None


def spells(attr: str, arg: str, value: object) -> bool:
    """Whether the argument text spells the operand's current value (not a template parameter or expression)."""
    a = re.sub(r"\s+", " ", arg.strip())
    if attr == "dtype":
        a = a.removeprefix("pto::")
        return DTYPE_ALIASES.get(a, a) == value
    if attr in ENUM_PREFIX:
        return a.split("::")[-1] == value and (a == value or a.endswith(ENUM_PREFIX[attr] + str(value)))
    try:
        return int(a, 0) == value
    except ValueError:
        return False


def spell(attr: str, value: object, old: str) -> str:
    """How to write a new value, in the style of the old argument (`TileType::Vec` or `pto::TileType::Vec`)."""
    if attr in ENUM_PREFIX:
        return old[: len(old) - len(old.split("::")[-1])] + str(value) if "::" in old else str(value)
    return str(value)


# --- computing fixes --------------------------------------------------------------------------------------------

def compute(path: str, source: str, res, opts) -> None:
    """Attach the validated fixes to the findings of `res` (the result of checking `source` as `path` with
    `opts`): every finding of a group (one rule at one place, all its targets) gets the same list."""
    groups: dict[tuple, list[Finding]] = {}
    here = os.path.abspath(path)
    for f in res.findings:
        if f.site.file and os.path.abspath(f.site.file) == here:
            groups.setdefault((f.rule_id, f.site.line, f.site.column), []).append(f)
    if not groups:
        return
    fixer = Fixer(path, source, res, opts)
    suppress = {key: fixer.suppress_fix(fs) for key, fs in groups.items()}
    fixer.validate_jointly([fx for fx in suppress.values() if fx is not None], groups)
    for key, fs in groups.items():
        found: list[Fix] = []
        try:
            found += fixer.spec_fixes(fs)
            if not found:
                found += fixer.tmp_fixes(fs)
            found += fixer.assume_fixes(fs)
            found += fixer.clamp_fixes(fs)
            found += fixer.guard_fixes(fs)
        except Exception:  # noqa: BLE001 - a fix that cannot be computed is not offered; the finding stands
            if opts.debug:
                raise
        kept = fixer.finish_suppress(suppress[key])
        if kept is not None:
            found.append(kept)
        for f in fs:
            f.fixes = list(found)


class Fixer:
    """Candidate edits for one checked text, and their validation by checking the fixed text again."""

    def __init__(self, path: str, source: str, res, opts):
        from ptolint.ruleset import load_rules

        self.path, self.source, self.res = path, source, res
        self.opts = dataclasses.replace(opts, fixes=False, prove=False)
        self.rules = load_rules()
        self.starts = line_starts(source)
        self.sha = sha(source)
        self.abspath = os.path.abspath(path)
        self.base_findings = {(f.rule_id, f.site.target, f.site.line) for f in res.findings}
        self.base_diags = {(d.code, d.line) for d in res.diagnostics if d.level in ("error", "warning")}
        self.valid_suppress: set[tuple] = set()

    # -- validation --

    def recheck(self, edits: list[Edit]):
        from ptolint.engine import check_file

        return check_file(self.path, self.opts, source=apply_edits(self.source, edits))

    @staticmethod
    def shift(edits: list[Edit]):
        """Map an original line number to the fixed text's (edits that add lines move what follows)."""
        moves = [(e.line, e.column, e.text.count("\n") - (e.end_line - e.line)) for e in edits]

        def moved(line: int) -> int:
            return line + sum(n for ln, col, n in moves if ln < line or (ln == line and col == 1 and n > 0))

        return moved

    def valid(self, edits: list[Edit], removes: list[tuple]) -> bool:
        """The fixed text no longer has the findings `removes` ((rule, line) pairs) and nothing new."""
        try:
            new = self.recheck(edits)
        except Exception:  # noqa: BLE001 - a text ptolint cannot check again is not a fix
            return False
        moved = self.shift(edits)
        # a finding the text already had at that place (on another target) is not new: the report shows one entry
        expected = {(r, moved(ln)) for r, _t, ln in self.base_findings}
        gone = {(r, moved(ln)) for r, ln in removes}
        got = {(f.rule_id, f.site.line) for f in new.findings}
        if got & gone or not got <= expected:
            return False
        diags = {(d.code, d.line) for d in new.diagnostics if d.level in ("error", "warning")}
        return diags <= {(c, moved(ln)) for c, ln in self.base_diags}

    def validate_jointly(self, fixes: list[Fix], groups: dict) -> None:
        """Suppressions validated in one re-check (each removes exactly its finding), one by one if that fails."""
        if not fixes:
            return
        merged: dict[int, Fix] = {}
        for fx in fixes:  # one comment per line naming every rule
            merged.setdefault(fx.line, fx)
        combined = [self.suppress_edit(ln, sorted({fx.rule_id for fx in fixes if fx.line == ln})) for ln in merged]
        if all(e is not None for e in combined) and self.valid([e for e in combined if e is not None],
                                                                 [(fx.rule_id, fx.line) for fx in fixes]):
            self.valid_suppress = {(fx.rule_id, fx.line, fx.column) for fx in fixes}
            return
        for fx in fixes:
            if self.valid(fx.edits, [(fx.rule_id, fx.line)]):
                self.valid_suppress.add((fx.rule_id, fx.line, fx.column))

    # -- suppression --

    def suppress_edit(self, line: int, codes: list[str]) -> Edit | None:
        if not 0 < line <= len(self.starts):
            return None
        begin = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.source)
        text = self.source[begin:end].rstrip("\r\n")
        if text.rstrip().endswith("\\"):
            return None  # a macro continuation: a comment would end the macro
        existing = re.search(r"ptolint:\s*ignore\[([^\]]*)\]", text)
        if existing:
            at = begin + existing.end(1)
            return edit_at(self.path, self.source, self.starts, at, at, "".join(f",{c}" for c in codes))
        stripped = text.rstrip()
        at = begin + len(stripped)
        return edit_at(self.path, self.source, self.starts, at, begin + len(text),
                       f"  // ptolint: ignore[{','.join(codes)}]")

    def suppress_fix(self, fs: list[Finding]) -> Fix | None:
        f = fs[0]
        e = self.suppress_edit(f.site.line, [f.rule_id])
        if e is None:
            return None
        return Fix(f.rule_id, f.site.line, f.site.column, "suppress", f"Suppress {f.rule_id} on this line", [e],
                   False, self.sha)

    def finish_suppress(self, fx: Fix | None) -> Fix | None:
        return fx if fx is not None and (fx.rule_id, fx.line, fx.column) in self.valid_suppress else None

    # -- asking the rule --

    def holds(self, rule_id: str, sites: list) -> bool:
        """The rule holds at every (modified) site: no verdict, or one the solver could not reach."""
        from ptolint.solver import check_rule

        rule = self.rules[rule_id]
        for site in sites:
            v = check_rule(rule, site, self.opts.timeout_ms)
            if v.level is not None:
                return False
        return True

    def spelled(self, operand) -> Spelling | None:
        if not operand.decl_line or not operand.decl_file or os.path.abspath(operand.decl_file) != self.abspath:
            return None
        return tile_spelling(self.source, self.starts, operand.decl_line)

    # -- element type, layout, location --

    def spec_fixes(self, fs: list[Finding]) -> list[Fix]:
        from ptolint.ruleset import find_rule

        rule = find_rule(fs[0].rule_id)
        attrs = SPEC_FAULTS.get(rule.fault if rule else "", ())
        if not attrs or any(not f.site.args for f in fs):
            return []
        candidates: dict[tuple, tuple[str, Edit]] = {}
        for _param, operand in fs[0].site.tiles():
            sp = self.spelled(operand)
            if sp is None:
                continue
            for attr in attrs:
                for value in self.domain(attr, fs):
                    if value == getattr(operand.spec, attr):
                        continue
                    edit = self.spec_edit(sp, operand.spec, {attr: value})
                    if edit is None or (edit.line, edit.column, edit.text) in candidates:
                        continue
                    if self.holds(fs[0].rule_id, [self.with_spec(f.site, sp, {attr: value}) for f in fs]):
                        what = f"{KIND_OF[attr]} {value}"
                        candidates[(edit.line, edit.column, edit.text)] = (attr, edit, what, operand.name)
                    if len(candidates) > MAX_SPEC_CANDIDATES:
                        return []
        f = fs[0]
        valid = [c for c in candidates.values() if self.valid([c[1]], [(f.rule_id, f.site.line)])]
        if len(valid) != 1:
            return []
        attr, edit, what, name = valid[0]
        return [Fix(f.rule_id, f.site.line, f.site.column, KIND_OF[attr],
                    f"Change the {what.split()[0]} of `{name}`'s declaration to {what.split()[1]}", [edit], True,
                    self.sha)]

    def domain(self, attr: str, fs: list[Finding]) -> tuple:
        if attr == "dtype":
            return DTYPES
        if attr == "blayout":
            return LAYOUTS
        if attr == "slayout":
            return SLAYOUTS
        from ptolint.targets import BUFFERS

        common = None
        for f in fs:
            locs = set(BUFFERS.get(f.site.target, {}))
            common = locs if common is None else common & locs
        return tuple(sorted(common or ()))

    def spec_edit(self, sp: Spelling, spec, changes: dict) -> Edit | None:
        """One edit rewriting the spelled arguments for `changes`; None when an argument does not spell the value
        it has (a template parameter) or cannot be written."""
        parts = []
        for attr, value in sorted(changes.items(), key=lambda kv: TILE_ARGS[kv[0]]):
            i = TILE_ARGS[attr]
            if i < len(sp.args):
                b, e = sp.args[i]
                old = self.source[b:e]
                if not spells(attr, old, getattr(spec, attr)):
                    return None
                parts.append((b, e, spell(attr, value, old)))
            elif attr == "blayout" and len(sp.args) == 4:
                parts.append((sp.close, sp.close, f", BLayout::{value}"))
            elif attr == "slayout" and len(sp.args) in (4, 5, 6, 7):
                rows, cols = (self.source[b:e] for b, e in sp.args[2:4])
                fill = ["BLayout::" + spec.blayout, rows, cols][len(sp.args) - 4:]
                parts.append((sp.close, sp.close, "".join(f", {x}" for x in fill) + f", SLayout::{value}"))
            else:
                return None
        return self.parts_edit(parts)

    def parts_edit(self, parts: list[tuple[int, int, str]]) -> Edit | None:
        """One edit replacing each (begin, end) span of the text, in order, by its new text."""
        if not parts:
            return None
        begin, end = parts[0][0], parts[-1][1]
        text = self.source[begin:end]
        for b, e, new in reversed(parts):
            text = text[:b - begin] + new + text[e - begin:]
        return edit_at(self.path, self.source, self.starts, begin, end, text)

    def with_spec(self, site, sp: Spelling, changes: dict):
        """The site with every tile operand declared through `sp` changed (they share the spelling)."""
        from ptolint.ir import Const, TileOperand

        args = []
        for a in site.args:
            if isinstance(a, TileOperand) and self.spelled(a) is not None and self.spelled(a).start == sp.start:
                extra = {}
                if "dtype" in changes:
                    extra["elem_size"] = SIZES.get(changes["dtype"], a.spec.elem_size)
                    extra["spelling"] = a.spec.spelling.replace(a.spec.dtype, changes["dtype"])
                spec = dataclasses.replace(a.spec, **changes, **extra)
                vr, vc = a.valid_row, a.valid_col
                if "rows" in changes and vr == Const(a.spec.rows, vr.ctype if isinstance(vr, Const) else "int"):
                    vr = Const(changes["rows"], vr.ctype)
                if "cols" in changes and vc == Const(a.spec.cols, vc.ctype if isinstance(vc, Const) else "int"):
                    vc = Const(changes["cols"], vc.ctype)
                a = dataclasses.replace(a, spec=spec, valid_row=vr, valid_col=vc)
            args.append(a)
        return dataclasses.replace(site, args=args)

    # -- tmp / scratch shape --

    def tmp_fixes(self, fs: list[Finding]) -> list[Fix]:
        from ptolint.ruleset import find_rule

        rule = find_rule(fs[0].rule_id)
        if rule is None or rule.fault != "tmp-undersized" or any(not f.site.args for f in fs):
            return []
        f = fs[0]
        for param, tmp in f.site.tiles():
            if "tmp" not in param.lower() and "scratch" not in param.lower():
                continue
            sp = self.spelled(tmp)
            if sp is None or len(sp.args) < 4:
                continue
            if not all(spells(a, self.source[slice(*sp.args[TILE_ARGS[a]])], getattr(tmp.spec, a))
                       for a in ("rows", "cols")):
                found = self.derived_tmp_fix(fs, param, tmp, sp)
                if found:
                    return found
                continue
            others = [t for p, t in f.site.tiles() if p != param]
            rows = sorted({1, tmp.spec.rows, *(t.spec.rows for t in others)})
            cols = sorted({tmp.spec.cols, *(t.spec.cols for t in others), *(2 ** k for k in range(3, 13))})
            shapes = sorted(((r, c) for r in rows for c in cols if (r, c) != (tmp.spec.rows, tmp.spec.cols)),
                            key=lambda rc: (rc[0] * rc[1], rc[0], rc[1]))
            for r, c in shapes[:64]:
                changes = {"rows": r, "cols": c}
                for attr, old in (("valid_row", tmp.spec.rows), ("valid_col", tmp.spec.cols)):
                    i = TILE_ARGS[attr]
                    if i < len(sp.args) and spells(attr, self.source[slice(*sp.args[i])], old):
                        changes[attr] = r if attr == "valid_row" else c
                edit = self.spec_edit(sp, tmp.spec, changes)
                if edit is None:
                    break
                spec_changes = {k: v for k, v in changes.items() if k in ("rows", "cols")}
                if "valid_row" in changes:
                    spec_changes["valid_row"] = r
                if "valid_col" in changes:
                    spec_changes["valid_col"] = c
                if not self.holds(f.rule_id, [self.with_spec(x.site, sp, spec_changes) for x in fs]):
                    continue
                if self.valid([edit], [(f.rule_id, f.site.line)]):
                    return [Fix(f.rule_id, f.site.line, f.site.column, "tmp-shape",
                                f"Make `{tmp.name}` {r}x{c}", [edit], True, self.sha)]
                break
        return []

    def derived_tmp_fix(self, fs: list[Finding], param: str, tmp, sp: Spelling) -> list[Fix]:
        """A tmp whose shape is spelled with template parameters or expressions (`Tile<..., 1, TOPK>`): its Rows /
        Cols rewritten from another operand's spelled Rows / Cols (k * that for Cols, k <= 4: the merged lists of
        TMRGSORT, the index tile's shape of TGATHER), so that the fix holds for the template, not one instance.
        Candidates in order of the tmp's size, then of k, sources before the others; the first that the rule
        accepts and the re-check validates."""
        f = fs[0]
        text = {a: self.source[slice(*sp.args[TILE_ARGS[a]])] for a in ("rows", "cols")}
        rows: dict[int, tuple[str | None, int]] = {tmp.spec.rows: (None, 0), 1: ("1", 0)}
        cols: dict[int, tuple[str | None, int]] = {tmp.spec.cols: (None, 0)}
        order = sorted(((p, t) for p, t in f.site.tiles() if p != param), key=lambda pt: not pt[0].startswith("src"))
        for rank, (_p, t) in enumerate(order):
            other = self.spelled(t)
            if other is None or other.start == sp.start or len(other.args) < 4:
                continue
            r, c = (self.source[slice(*other.args[TILE_ARGS[a]])] for a in ("rows", "cols"))
            rows.setdefault(t.spec.rows, (r, rank))
            c = c if re.fullmatch(r"[\w:]+", c) else f"({c})"
            for k in range(1, 5):
                cols.setdefault(k * t.spec.cols, (c if k == 1 else f"{k} * {c}", k * 100 + rank))
        shapes = sorted(((r, rt, c, ct) for r, rt in rows.items() for c, ct in cols.items()
                         if (rt[0], ct[0]) != (None, None)),
                        key=lambda x: (x[0] * x[2], x[1][1] + x[3][1], x[0]))
        tries = 0
        for r, (rt, _), c, (ct, _) in shapes[:64]:
            parts, changes = [], {"rows": r, "cols": c}
            for attr, new, valid in (("rows", rt, "valid_row"), ("cols", ct, "valid_col")):
                if new is None:
                    continue
                parts.append((*sp.args[TILE_ARGS[attr]], new))
                i = TILE_ARGS[valid]  # a valid count spelled as the dimension follows it
                if i < len(sp.args) and re.sub(r"\s+", "", self.source[slice(*sp.args[i])]) == \
                        re.sub(r"\s+", "", text[attr]):
                    parts.append((*sp.args[i], new))
                    changes[valid] = changes[attr]
            if not self.holds(f.rule_id, [self.with_spec(x.site, sp, changes) for x in fs]):
                continue
            edit = self.parts_edit(sorted(parts))
            if edit is not None and self.valid([edit], [(f.rule_id, f.site.line)]):
                shown = f"{rt or text['rows']} x {ct or text['cols']}"
                return [Fix(f.rule_id, f.site.line, f.site.column, "tmp-shape",
                            f"Make `{tmp.name}` {shown} ({r}x{c} here)", [edit], True, self.sha)]
            tries += 1
            if tries >= 3:
                break
        return []

    # -- assumptions on the entry point's inputs --

    def bound(self, fs: list[Finding]) -> tuple[str, str] | None:
        """(input name, C condition) on one witness input under which the rule holds at every site of the group,
        or None. Inputs are tried in name order; the bound is the loosest one (binary search)."""
        from ptolint.ir import Bin, Const, int_range

        f = fs[0]
        if f.level != "warning" or f.witness is None or any(not x.site.args for x in fs):
            return None
        for name, w in sorted(f.witness.inputs.items()):
            if not re.fullmatch(r"[A-Za-z_]\w*", name) or not isinstance(w, int):
                continue
            syms = [next((y for y in x.site.inputs() if y.name == name and y.kind == "input"), None) for x in fs]
            if any(s is None for s in syms):
                continue
            rng = int_range(syms[0].ctype)
            if rng is None:
                continue
            lo, hi = rng

            def holds(cond, syms=syms) -> bool:
                sites = [dataclasses.replace(x.site, assumptions=[*x.site.assumptions, cond(y)])
                         for x, y in zip(fs, syms, strict=True)]
                return self.holds(f.rule_id, sites)

            def le(k: int):
                return lambda v: Bin("<=", v, Const(k, v.ctype), "bool")

            def ge(k: int):
                return lambda v: Bin(">=", v, Const(k, v.ctype), "bool")

            if w > 1 and holds(le(w - 1)) and holds(le(1)):  # largest k with x <= k (k <= 0: degenerate)
                a, b = 1, w - 1
                while a < b:
                    m = (a + b + 1) // 2
                    a, b = (m, b) if holds(le(m)) else (a, m - 1)
                return name, f"{name} <= {a}"
            if w < hi and holds(ge(w + 1)):  # smallest k with x >= k
                a, b = w + 1, hi
                while a < b:
                    m = (a + b) // 2
                    a, b = (a, m) if holds(ge(m)) else (m + 1, b)
                return name, f"{name} >= {a}"
            for low in (0, 1):  # both sides: from 0 (or 1) up to the largest bound that works
                if not lo <= low <= hi or not holds(lambda v, low=low: Bin("&&", ge(low)(v), le(low)(v), "bool")):
                    continue
                a, b = low, hi
                while a < b:
                    m = (a + b + 1) // 2
                    a, b = (m, b) if holds(lambda v, m=m, low=low: Bin("&&", ge(low)(v), le(m)(v), "bool")) \
                        else (a, m - 1)
                if low <= w <= a:
                    continue
                return name, f"{name} >= {low} && {name} <= {a}"
            if w == 0 and holds(lambda v: Bin("!=", v, Const(0, v.ctype), "bool")):
                return name, f"{name} != 0"
        return None

    def assume_fixes(self, fs: list[Finding]) -> list[Fix]:
        f = fs[0]
        if not f.site.chain or os.path.abspath(f.site.chain[0].file or "") != self.abspath:
            return []
        found = self.bound(fs)
        if found is None:
            return []
        name, cond = found
        line = f.site.chain[0].line
        if not 0 < line <= len(self.starts):
            return []
        first = self.function_start(line)
        indent = re.match(r"[ \t]*", self.source[self.starts[first - 1]:]).group(0)
        at = self.starts[first - 1]
        edit = edit_at(self.path, self.source, self.starts, at, at, f"{indent}// ptolint: assume {cond}\n")
        if not self.valid([edit], [(f.rule_id, f.site.line)]):
            return []
        entry = f.site.chain[0].function.split("(")[0]
        return [Fix(f.rule_id, f.site.line, f.site.column, "assume", f"Assume {cond} in {entry} (a caller's "
                    "guarantee)", [edit], False, self.sha)]

    def function_start(self, line: int) -> int:
        """The first line of the function definition whose name is on `line` (its `template <...>` header
        excluded: an assumption goes right before the declaration the frontend binds it to)."""
        first = line
        while first > 1:
            prev = self.source[self.starts[first - 2]:self.starts[first - 1]].strip()
            if not prev or prev.endswith((";", "}", "{")) or prev.startswith(("//", "#", "template")) \
                    or prev.endswith(">") or prev.startswith("/*"):
                break
            first -= 1
        return first

    # -- clamping a scalar argument --

    def clamp_fixes(self, fs: list[Finding]) -> list[Fix]:
        """Clamp a scalar argument into the interval where the rule holds at every site (the index of a
        TEXTRACT, an offset...): the argument's text must be in the call's own text in this file."""
        from ptolint.ir import ScalarOperand, int_range

        f = fs[0]
        if f.level not in ("warning", "error") or any(not x.site.args for x in fs):
            return []
        call = self.call_args(f.site)
        if call is None:
            return []
        for i, (param, operand) in enumerate(zip(f.site.params, f.site.args, strict=False)):
            if not isinstance(operand, ScalarOperand) or i >= len(call):
                continue
            b, e = call[i]
            arg = self.source[b:e]
            if re.sub(r"\s+", "", arg) != re.sub(r"\s+", "", operand.text) or re.fullmatch(r"[-+]?\d+[uUlL]*", arg):
                continue
            rng = int_range(operand.expr.ctype)
            if rng is None:
                continue
            lo, hi = rng
            ops = [x.site.args[i] for x in fs]
            if any(not isinstance(o, ScalarOperand) for o in ops):
                continue

            def holds_in(a: int, b2: int, ops=ops, i=i) -> bool:
                sites = []
                for x, o in zip(fs, ops, strict=True):
                    args = list(x.site.args)
                    args[i] = dataclasses.replace(o, expr=clamped(o.expr, a, b2))
                    sites.append(dataclasses.replace(x.site, args=args))
                return self.holds(f.rule_id, sites)

            found = interval(holds_in, lo, hi)
            if found is None:
                continue
            text, what = clamp_text(arg, *found)
            edit = edit_at(self.path, self.source, self.starts, b, e, text)
            if self.valid([edit], [(f.rule_id, f.site.line)]):
                return [Fix(f.rule_id, f.site.line, f.site.column, "clamp", f"Clamp `{arg}` ({param}) {what}",
                            [edit], False, self.sha)]
        return []

    # -- clamping a run-time valid row / column count where the tile gets it --

    def guard_fixes(self, fs: list[Finding]) -> list[Fix]:
        """Clamp the run-time valid row / column counts of the call's tiles where each gets its value (the
        constructor's argument on the declaration line, or the one SetValidRow / SetValidCol / SetValidShape
        of that tile in this file) into the interval the rule needs, e.g. `((rows) > 16 ? 16 : (rows))`: the
        bounds are found by asking the rule with the clamped counts (one count at a time, the others clamped
        as found so far), then the fixed text is checked again. Not safe: the kernel then computes on fewer
        rows than the caller asked for."""
        from ptolint.ir import Const, TileOperand, int_range

        f = fs[0]
        if f.level not in ("warning", "error") or any(not x.site.args for x in fs):
            return []
        points: list[tuple[tuple[str, int], str, tuple[int, int], tuple[int, int]]] = []
        for _param, t in f.site.tiles():
            for dim in ("row", "col"):
                expr = t.valid_row if dim == "row" else t.valid_col
                rng = int_range(expr.ctype)
                key = (t.name, t.decl_line)
                if isinstance(expr, Const) or rng is None or any(p[:2] == (key, dim) for p in points):
                    continue
                span = self.valid_span(t, dim)
                if span is not None and all(p[2] != span for p in points):
                    points.append((key, dim, span, rng))
        if not points:
            return []
        bounds: dict[int, tuple[int, int]] = {}

        def holds_with(trial: dict[int, tuple[int, int]]) -> bool:
            sites = []
            for x in fs:
                args = []
                for a in x.site.args:
                    if isinstance(a, TileOperand):
                        for i, (key, dim, _span, _rng) in enumerate(points):
                            if i in trial and (a.name, a.decl_line) == key:
                                field = "valid_row" if dim == "row" else "valid_col"
                                a = dataclasses.replace(a, **{field: clamped(getattr(a, field), *trial[i])})
                    args.append(a)
                sites.append(dataclasses.replace(x.site, args=args))
            return self.holds(f.rule_id, sites)

        for i, (_key, _dim, _span, (lo, _hi)) in enumerate(points):  # every count at its start value first
            bounds[i] = (max(lo, 0), max(lo, 0))
        if not holds_with(bounds):
            return []
        for i, (_key, _dim, _span, (lo, hi)) in enumerate(points):
            found = interval(lambda a, b, i=i: holds_with({**bounds, i: (a, b)}), lo, hi)
            bounds[i] = found[:2] if found else (lo, hi)
        edits, said = [], []
        for i, (key, dim, (b, e), (lo, hi)) in enumerate(points):
            if bounds[i] == (lo, hi):
                continue
            arg = self.source[b:e]
            text, what = clamp_text(arg, *bounds[i], lo, hi)
            edits.append(edit_at(self.path, self.source, self.starts, b, e, text))
            said.append(f"`{arg}` (valid {dim}s of `{key[0]}`) {what}")
        if not edits or not self.valid(edits, [(f.rule_id, f.site.line)]):
            return []
        return [Fix(f.rule_id, f.site.line, f.site.column, "clamp", "Clamp " + ", ".join(said), edits, False,
                    self.sha)]

    def valid_span(self, tile, dim: str) -> tuple[int, int] | None:
        """(begin, end) of the text that gives `tile` its run-time valid row / column count: the argument of its
        constructor on its declaration line, or of its one SetValidRow / SetValidCol / SetValidShape call in this
        file; None when there is no such place or more than one."""
        from ptolint.ir import DYNAMIC

        name = tile.name
        if not re.fullmatch(r"[A-Za-z_]\w*", name) or not tile.decl_line or not tile.decl_file \
                or os.path.abspath(tile.decl_file) != self.abspath or not 0 < tile.decl_line <= len(self.starts):
            return None
        found: list[tuple[int, int]] = []
        begin = self.starts[tile.decl_line - 1]
        end = self.source.find(";", begin)
        ctor = re.compile(rf"(?<![\w.:>-]){re.escape(name)}\s*[({{]")
        for m in ctor.finditer(self.source, begin, end if end >= 0 else len(self.source)):
            args = self.arg_spans(m.end() - 1)
            dyn = [d for d, v in (("row", tile.spec.valid_row), ("col", tile.spec.valid_col)) if v == DYNAMIC]
            if args and len(args) >= 2:
                found.append(args[0 if dim == "row" else 1])
            elif args and len(args) == 1 and dyn == [dim]:
                found.append(args[0])
            break
        setter = re.compile(rf"\b{re.escape(name)}\s*\.\s*(SetValidRow|SetValidCol|SetValidShape|SetValidRegion|"
                            rf"SetValid)\s*\(")
        for m in setter.finditer(self.source):
            args = self.arg_spans(m.end() - 1)
            which = m.group(1)
            if args and which == f"SetValid{dim.title()}":
                found.append(args[0])
            elif args and len(args) >= 2 and which not in ("SetValidRow", "SetValidCol"):
                found.append(args[0 if dim == "row" else 1])
        return found[0] if len(found) == 1 else None

    def arg_spans(self, opening: int) -> list[tuple[int, int]] | None:
        """(begin, end) of each top-level argument of the parenthesised (or braced) list opened at `opening`."""
        depth, begin, args = 0, opening + 1, []
        for j in range(opening, min(len(self.source), opening + 2000)):
            ch = self.source[j]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    if self.source[begin:j].strip():
                        args.append(_strip(self.source, begin, j))
                    return args
            elif ch == "," and depth == 1:
                args.append(_strip(self.source, begin, j))
                begin = j + 1
            elif ch == ";":
                return None
        return None

    def call_args(self, site) -> list[tuple[int, int]] | None:
        """(begin, end) offsets of the call's explicit arguments, when the call is written in this file."""
        if os.path.abspath(site.file) != self.abspath or not site.end_line:
            return None
        try:
            b = offset(self.source, self.starts, site.line, site.column)
            e = offset(self.source, self.starts, site.end_line, site.end_column)
        except FixConflict:
            return None
        text = self.source[b:e]
        m = re.match(rf"\s*(?:pto::)?{re.escape(site.builtin)}\s*(?:<[^()]*>)?\s*\(", text)
        return None if m is None else self.arg_spans(b + m.end() - 1)


def clamped(e, a: int, b: int):
    """`e` clamped into [a, b] (the IR of `e < a ? a : e > b ? b : e`)."""
    from ptolint.ir import Bin, Const, Select

    t = e.ctype
    return Select(Bin("<", e, Const(a, t), "bool"), Const(a, t),
                  Select(Bin(">", e, Const(b, t), "bool"), Const(b, t), e, t), t)


def interval(holds_in, lo: int, hi: int) -> tuple[int, int, int, int] | None:
    """(lower, upper, lo, hi): the widest [lower, upper] within the type's [lo, hi] containing max(lo, 0) such
    that `holds_in(lower, upper)` (the largest upper bound first, by binary search, then the smallest lower bound);
    None when not even that one value holds or when the whole range does (nothing to clamp)."""
    start = max(lo, 0)
    if not holds_in(start, start):
        return None
    a, b = start, hi
    while a < b:
        m = (a + b + 1) // 2
        a, b = (m, b) if holds_in(start, m) else (a, m - 1)
    upper = a
    a, b = lo, start
    while a < b:
        m = (a + b) // 2
        a, b = (a, m) if holds_in(m, upper) else (m + 1, b)
    return None if (a, upper) == (lo, hi) else (a, upper, lo, hi)


def clamp_text(arg: str, lower: int, upper: int, lo: int, hi: int) -> tuple[str, str]:
    """The C text of `arg` clamped into [lower, upper] (a side at the type's limit left open), and the words."""
    v = f"({arg})"
    if lower == lo:
        return f"({v} > {upper} ? {upper} : {v})", f"at most {upper}"
    if upper == hi:
        return f"({v} < {lower} ? {lower} : {v})", f"at least {lower}"
    return f"({v} < {lower} ? {lower} : {v} > {upper} ? {upper} : {v})", f"into [{lower}, {upper}]"


def all_fixes(findings: list[Finding]) -> list[Fix]:
    """Every distinct fix attached to the findings (a fix shared by the per-target findings of a group once)."""
    out, seen = [], set()
    for f in findings:
        for fx in getattr(f, "fixes", []) or []:
            key = (fx.rule_id, fx.line, fx.column, fx.kind, tuple(fx.edits))
            if key not in seen:
                seen.add(key)
                out.append(fx)
    return out


# --- --fix and --diff ---------------------------------------------------------------------------------------------

def safe_fixes(res) -> list[Fix]:
    """The safe fixes of one file's result that can be applied together."""
    return non_overlapping([fx for fx in all_fixes(res.findings) if fx.safe])


def fixed_text(res) -> tuple[str, str, int] | tuple[None, str, int]:
    """(original text, fixed text, fixes applied) of one file; (None, why, 0) when it cannot be fixed: the file is
    unreadable or no longer the text the fixes were computed for."""
    chosen = safe_fixes(res)
    if not chosen:
        return None, "", 0
    try:
        with open(res.path, encoding="utf-8", newline="") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot read the file to fix it: {getattr(exc, 'strerror', None) or exc}", 0
    if any(fx.source_sha != sha(text) for fx in chosen):
        return None, "the file changed since it was checked; not rewritten (run ptolint again)", 0
    try:
        return text, apply_edits(text, [e for fx in chosen for e in fx.edits]), len(chosen)
    except FixConflict as exc:
        return None, f"fixes do not apply: {exc}", 0


def run_cli(results: list, recheck, diff: bool, rounds: int = 4) -> tuple[int, list]:
    """`check --diff`: print the unified diff of every file's safe fixes (status 1 when there is one, 0 when not).
    `check --fix`: write them, check the files again (`recheck` refills `results`) and repeat while safe fixes
    remain, at most `rounds` times; a summary on stderr. Files that cannot be fixed become `fix-error`
    diagnostics (exit status 2), never tracebacks."""
    import sys

    from ptolint.ir import Diagnostic

    problems: list[Diagnostic] = []
    if diff:
        shown = False
        for res in results:
            before, after, _n = fixed_text(res)
            if before is None:
                if after:
                    problems.append(Diagnostic(res.path, 0, 0, "error", "fix-error", after, checked=res.path))
                continue
            sys.stdout.write(unified_diff(res.path, before, after))
            shown = True
        return (1 if shown else 0), problems
    total, files = 0, set()
    failed: set[str] = set()
    for _ in range(rounds):
        applied = 0
        for res in results:
            if res.path in failed:
                continue
            before, after, n = fixed_text(res)
            if before is None:
                if after:
                    failed.add(res.path)
                    problems.append(Diagnostic(res.path, 0, 0, "error", "fix-error", after, checked=res.path))
                continue
            try:
                with open(res.path, "w", encoding="utf-8", newline="") as fh:
                    fh.write(after)
            except OSError as exc:
                failed.add(res.path)
                problems.append(Diagnostic(res.path, 0, 0, "error", "fix-error",
                                           f"cannot write the fixed file: {exc.strerror or exc}", checked=res.path))
                continue
            applied += n
            files.add(res.path)
        total += applied
        if not applied:
            break
        recheck()
    if total or not problems:
        sys.stderr.write(f"ptolint: applied {total} fix(es) in {len(files)} file(s)\n")
    return 0, problems

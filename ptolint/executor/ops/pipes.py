"""Cube/vector pipes and tile printing: TPUSH, TPOP, TPRINT (what the tile may be; no data is moved).

The executor sees the whole call (parameter order, template arguments), so it tells every overload apart:
- TPUSH(pipe, tile[, subBlockId]) with a TileSplitAxis `Split` (TPipe ring): a2a3 accepts Acc, Vec, Ctrl
  (static_assert); a5 moves Acc and Vec and does nothing for any other tile (no branch, no assert);
- TPUSH(tile, pipe) (TMPipe): Acc or Vec on both targets;
- TPUSH<Pipe, Tile, TConfig>(pipe, tile) (no non-type template argument, pipe first): Acc only, both targets;
- TPOP(pipe, tile[, subBlockId]) (TPipe ring): Vec, Mat, Ctrl on both; TPOP(tile, pipe) (TMPipe): Vec, Mat;
- TPRINT(src): Vec only; TPRINT(src, tmp): Mat (a2a3 only), Acc, Vec.
GridPipe forms (a `Direction` / `Span` template argument): A2/A3 rejects TPUSH<SOURCE>. GlobalTensor TPUSH: A5 only on
the GM directions. TMPipe pushes / pops: the pipe class's routes, the FIFO kinds each push / pop takes and A5's
local-FIFO split modes (a2a3/TPush.hpp, a5/TPush.hpp). A5 TPipe ring pushes into a local FIFO with a split: the
tile's shape and element size (static_assert) and its valid region (PTO_ASSERT).
"""

from __future__ import annotations

import re

from ptolint.executor.machine import ConcreteTile, Machine, op
from ptolint.executor.memory import element_size
from ptolint.frontend.types import parse_tile, split_template_args, strip_ns

_RING_PUSH_A2A3 = {"Acc", "Vec", "Ctrl"}
_RING_PUSH_A5_MOVED = {"Acc", "Vec"}
_TMPIPE_PUSH = {"Acc", "Vec"}
_TCONFIG_PUSH = {"Acc"}
_RING_POP = {"Vec", "Mat", "Ctrl"}
_TMPIPE_POP = {"Vec", "Mat"}
_PRINT_ONE = {"Vec"}
_PRINT_TWO = {"a2a3": {"Mat", "Acc", "Vec"}, "a5": {"Acc", "Vec"}}


#: what the TPipe class body accepts as DirType & 7, per target (a2a3: C2V, V2C, BOTH, V2C_CTRL; a5 adds the GM ones)
_PIPE_DIRS = {"a2a3": {1, 2, 3, 4}, "a5": {1, 2, 3, 4, 5, 6, 7}}


def char_value(text: str) -> int | None:
    """A uint8 template argument as clang spells it: '\\x05', 'a', '\\005'."""
    t = text.strip()
    if len(t) >= 3 and t[0] == t[-1] == "'":
        body = t[1:-1]
        if len(body) == 1:
            return ord(body)
        if body[:2] == "\\x":
            return int(body[2:], 16)
        if body[0] == "\\" and body[1:].isdigit():
            return int(body[1:], 8)
        return {"\\a": 7, "\\b": 8, "\\t": 9, "\\n": 10, "\\v": 11, "\\f": 12, "\\r": 13}.get(body)
    t = re.sub(r"[uUlL]+$", "", t)
    return int(t, 0) if re.fullmatch(r"0x[0-9a-fA-F]+|\d+", t) else None


def pipe_class(m: Machine) -> None:
    """Instantiate the TPipe type of the `pipe` operand: its class body's static_asserts (flag range, direction,
    and on A2/A3 the slot count)."""

    a = m.site.arg("pipe")
    found = re.search(r"\bTPipe<([^<>]*)>", getattr(a, "spelling", "") or "")
    if found is None:
        return
    raw = [x.strip() for x in found.group(1).split(",")]
    nums = [char_value(x) if x.startswith("'") else (int(x) if x.isdigit() else None) for x in raw[:4]]
    if len(nums) < 4 or None in nums:
        return
    flag, dirtype, _, slots = nums
    if (flag + 1) % 256 >= 16:
        raise m.trap("invalid-pipe", f"TPipe flags {flag}..{flag + 3}: FlagID + 1 must stay below the 16 hardware "
                     "flags")
    if dirtype % 8 not in _PIPE_DIRS[m.impl]:
        raise m.trap("invalid-pipe", f"TPipe direction {dirtype % 8} does not exist on {m.impl}")
    if m.impl == "a2a3" and slots < 1:
        raise m.trap("invalid-pipe", "TPipe with no slots (SlotNum 0)")
    if dirtype % 8 in (3, 7) and (flag + 3) % 256 >= 16:  # DIR_BOTH, DIR_BOTH_GM use FlagID .. FlagID + 3
        raise m.trap("invalid-pipe", f"TPipe direction {dirtype % 8} (both ways) uses flag {flag + 3}: FlagID + 3 must "
                     "stay below 16 (Producer::allocate / Consumer::free)")


def _grid(m: Machine) -> bool:
    return "Direction" in m.template_args or "Span" in m.template_args


def _reject(m: Machine, what: str, loc: str, ok: set[str]) -> None:
    raise m.trap("unsupported-path", f"{what}: TileType::{loc} rejected by static_assert on {m.impl} "
                 f"(accepted: {', '.join(sorted(ok))})")


#: the directions whose TPipe has a global-memory FIFO, per target: what the GlobalTensor forms of TALLOC, TFREE
#: and TPOP static_assert
_GM_DIRS = {"a2a3": {1, 2, 3}, "a5": {5, 6, 7}}
#: A2/A3's TPUSH(pipe, gmTensor) records the slot without a direction check
_GM_DIRS_PUSH = {"a5": {5, 6, 7}}


def gm_form_direction(m: Machine) -> None:
    """A GlobalTensor form (TALLOC / TFREE / TPOP with `gmTensor`) needs a pipe whose FIFO is in global memory."""
    dirs = (_GM_DIRS_PUSH if m.site.builtin == "TPUSH" else _GM_DIRS).get(m.impl)
    if "gmTensor" not in m.site.params or dirs is None:
        return  # TFREE(pipe) / the tile forms: no such check
    a = m.site.arg("pipe")
    mt = re.search(r"TPipe<\s*([^,]+),\s*([^,]+),", getattr(a, "spelling", "") or "")
    d = char_value(mt.group(2)) if mt else None
    if d is not None and d & 7 not in dirs:
        raise m.trap("unsupported-path", f"{m.site.builtin}: GlobalTensor form on a pipe of direction {d & 7} "
                     f"(static_assert on {m.impl})")


#: TMPipe per implementation: (FIFO, producer, consumer) routes of the class (None: not checked there), the FIFO kinds
#: a push takes per producer location (absent: any), a pop per consumer location, and the local-FIFO push routes
#: whose split mode is checked
_TM = {
    "a2a3": {"class": None, "push": {"Vec": {"GM_FIFO", "CTRL_FIFO"}},
             "pop": {"Vec": {"GM_FIFO", "CTRL_FIFO"}, "Mat": {"GM_FIFO", "CTRL_FIFO"}}, "split": set()},
    "a5": {"class": {("GM_FIFO", "Acc", "Vec"), ("VEC_FIFO", "Acc", "Vec"), ("GM_FIFO", "Vec", "Mat"),
                     ("MAT_FIFO", "Vec", "Mat"), ("CTRL_FIFO", "Vec", "Ctrl")},
           "push": {"Acc": {"GM_FIFO", "VEC_FIFO"}, "Vec": {"GM_FIFO", "MAT_FIFO", "CTRL_FIFO"}},
           "pop": {"Vec": {"GM_FIFO", "VEC_FIFO"}, "Mat": {"GM_FIFO", "MAT_FIFO"}},
           "split": {("VEC_FIFO", "Acc"), ("MAT_FIFO", "Vec")}},
}
_FIFO = ["GM_FIFO", "VEC_FIFO", "MAT_FIFO", "CTRL_FIFO"]


def _enum(text: str, names: list[str]) -> str | None:
    """An enum argument as clang spells it (`ns::E::NAME` or `(ns::E)2`) -> NAME."""
    t = (text or "").strip()
    name = strip_ns(t)
    if name in names:
        return name
    mt = re.fullmatch(r"\([\w:]+\)\s*(\d+)", t)
    v = int(mt.group(1)) if mt else char_value(t)
    return names[v] if v is not None and 0 <= v < len(names) else None


def tmpipe(m: Machine) -> None:
    """Instantiate the TMPipe of a TPUSH(tile, pipe) / TPOP(tile, pipe) and run its push / pop's static checks."""
    a = m.site.arg("pipe")
    spelling = (getattr(a, "spelling", "") or "").replace("const ", "").strip().rstrip("&").strip()
    parts = split_template_args(spelling)
    if m.impl not in _TM or not parts or strip_ns(parts[0]) != "TMPipe" or len(parts[1]) < 6:
        return
    args = parts[1]
    fifo = _enum(args[1], _FIFO)
    prod, cons = parse_tile(args[4]), parse_tile(args[5])
    ratio = _enum(args[8], ["V1C1_VEC0", "V1C1_VEC1", "V2C1_VECS"]) if len(args) > 8 else "V2C1_VECS"
    if fifo is None or prod is None or cons is None or ratio is None:
        return
    facts = _TM[m.impl]
    if facts["class"] is not None and (fifo, prod.loc, cons.loc) not in facts["class"]:
        raise m.trap("unsupported-path", f"TMPipe: no {fifo} route from {prod.loc} to {cons.loc} (static_assert)")
    if m.site.builtin == "TPUSH":
        ok = facts["push"].get(prod.loc)
        if ok is not None and fifo not in ok:
            raise m.trap("unsupported-path", f"TMPipe push of a {prod.loc} tile through {fifo} (static_assert)")
        if (fifo, prod.loc) in facts["split"]:
            cores = 2 if ratio == "V2C1_VECS" else 1
            same_m, same_n = prod.rows == cons.rows, prod.cols == cons.cols
            if not ((cores == 2 and same_m != same_n) or (cores == 1 and same_m and same_n)):
                raise m.trap("unsupported-path", f"TMPipe push: {prod.rows} x {prod.cols} -> {cons.rows} x {cons.cols} "
                             f"with {cores} vector core(s) is no split mode (static_assert)")
    else:
        ok = facts["pop"].get(cons.loc)
        if ok is not None and fifo not in ok:
            raise m.trap("unsupported-path", f"TMPipe pop into a {cons.loc} tile through {fifo} (static_assert)")


_SPLITS = ["TILE_NO_SPLIT", "TILE_UP_DOWN", "TILE_LEFT_RIGHT"]


def _ring_split(m: Machine, tile: ConcreteTile) -> None:
    """A5 TPipe push into a local FIFO with a split: shape / type (static_assert), then the valid region (PTO_ASSERT)."""
    a = m.site.arg("pipe")
    found = re.search(r"\bTPipe<([^<>]*)>", getattr(a, "spelling", "") or "")
    split = _enum(m.template_args.get("Split", ""), _SPLITS)
    if m.impl != "a5" or found is None or split in (None, "TILE_NO_SPLIT"):
        return
    raw = [x.strip() for x in found.group(1).split(",")]
    d = char_value(raw[1]) if len(raw) > 1 else None
    if d is None:
        return
    s, size = tile.spec, element_size(tile.spec)
    if s.loc == "Acc" and d & 7 in (1, 3):
        if split == "TILE_UP_DOWN":
            if s.rows % 2 or size != 4:
                raise m.trap("split-misaligned", f"up-down split of a {s.rows}-row {s.dtype} accumulator "
                             "(static_assert)")
            if tile.valid_row % 2:
                raise m.trap("split-misaligned", f"up-down split of {tile.valid_row} valid rows (PTO_ASSERT)")
        else:
            if s.cols % 32 or size != 4:
                raise m.trap("split-misaligned", f"left-right split of a {s.cols}-column {s.dtype} accumulator "
                             "(static_assert)")
            if tile.valid_col % 32:
                raise m.trap("split-misaligned", f"left-right split of {tile.valid_col} valid columns (PTO_ASSERT)")
    elif s.loc == "Vec" and d & 7 in (2, 3) and split == "TILE_LEFT_RIGHT" and size and (tile.valid_col * size) % 32:
        raise m.trap("split-misaligned", f"left-right split into L1 of {tile.valid_col} valid columns of {size} "
                     "bytes (PTO_ASSERT)")


@op("TPUSH")
def tpush(m: Machine) -> None:
    pipe_class(m)
    if _grid(m):
        d = _enum(m.template_args.get("Direction", ""), ["SOURCE", "NORTH", "EAST", "WEST", "SOUTH"])
        if m.impl == "a2a3" and d == "SOURCE":
            raise m.trap("unsupported-path", "GridPipe TPUSH<SOURCE>: SOURCE is only valid for TPOP (static_assert)")
        return
    if "gmTensor" in m.site.params:
        gm_form_direction(m)
        return
    tile = m.tile("tile")
    if tile is None:
        return
    params = list(m.site.params)
    loc = tile.spec.loc
    if params and params[0] == "tile":  # TPUSH(tile, pipe): TMPipe
        if loc not in _TMPIPE_PUSH:
            _reject(m, "TPUSH(tile, pipe)", loc, _TMPIPE_PUSH)
        tmpipe(m)
        return
    if "Split" not in m.template_args:  # TPUSH<Pipe, Tile, TConfig>(pipe, tile)
        if loc not in _TCONFIG_PUSH:
            _reject(m, "TPUSH<.., TConfig>(pipe, tile)", loc, _TCONFIG_PUSH)
        return
    if m.impl == "a2a3":
        if loc not in _RING_PUSH_A2A3:
            _reject(m, "TPUSH(pipe, tile)", loc, _RING_PUSH_A2A3)
        return
    _ring_split(m, tile)
    if loc not in _RING_PUSH_A5_MOVED:
        raise m.trap("no-op", f"TPUSH(pipe, tile): a5 has no path for TileType::{loc}; nothing is written to the "
                     "FIFO but the slot is recorded for the consumer")


@op("TPOP")
def tpop(m: Machine) -> None:
    pipe_class(m)
    gm_form_direction(m)
    tile = m.tile("tile")
    if tile is None or _grid(m):
        return
    params = list(m.site.params)
    loc = tile.spec.loc
    if params and params[0] == "tile":
        if loc not in _TMPIPE_POP:
            _reject(m, "TPOP(tile, pipe)", loc, _TMPIPE_POP)
        tmpipe(m)
        return
    if loc not in _RING_POP:
        _reject(m, "TPOP(pipe, tile)", loc, _RING_POP)


@op("TPRINT")
def tprint(m: Machine) -> None:
    src = m.tile("src")
    if src is None:
        return
    two = "tmp" in m.site.params
    ok = _PRINT_TWO.get(m.impl, set()) if two else _PRINT_ONE
    if src.spec.loc not in ok:
        _reject(m, "TPRINT(src, tmp)" if two else "TPRINT(src)", src.spec.loc, ok)
    if src.spec.loc == "Vec" and src.spec.slayout == "ColMajor" and src.spec.blayout == "ColMajor":
        # pto_tile.hpp GetTileOffset (the Vec print's per-element offset): Nz, Zn and Zz boxes only
        raise m.trap("unsupported-layout", "TPRINT of a Vec tile of ColMajor boxes of ColMajor fractals: no element "
                     "offset (static_assert)")
    if src.spec.loc == "Vec" and src.dtype == "int4b_t":
        # a2a3/TPrint.hpp PrintValue: float / half, then signed / unsigned arithmetic types; pto's int4b_t struct is
        # none of them
        raise m.trap("unsupported-dtype", "TPRINT: no print format for int4b_t elements (static_assert)")

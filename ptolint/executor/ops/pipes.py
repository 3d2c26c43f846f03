"""Cube/vector pipes and tile printing: TPUSH, TPOP, TPRINT (what the tile may be; no data is moved).

The executor sees the whole call (parameter order, template arguments), so it tells every overload apart:
- TPUSH(pipe, tile[, subBlockId]) with a TileSplitAxis `Split` (TPipe ring): a2a3 accepts Acc, Vec, Ctrl
  (static_assert); a5 moves Acc and Vec and does nothing for any other tile (no branch, no assert);
- TPUSH(tile, pipe) (TMPipe): Acc or Vec on both targets;
- TPUSH<Pipe, Tile, TConfig>(pipe, tile) (no non-type template argument, pipe first): Acc only, both targets;
- TPOP(pipe, tile[, subBlockId]) (TPipe ring): Vec, Mat, Ctrl on both; TPOP(tile, pipe) (TMPipe): Vec, Mat;
- TPRINT(src): Vec only; TPRINT(src, tmp): Mat (a2a3 only), Acc, Vec.
GridPipe forms (a `Direction` / `Span` template argument) and the GlobalTensor forms are left alone.
"""

from __future__ import annotations

import re

from ptolint.executor.machine import Machine, op

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


def gm_form_direction(m: Machine) -> None:
    """A GlobalTensor form (TALLOC / TFREE / TPOP with `gmTensor`) needs a pipe whose FIFO is in global memory."""
    if "gmTensor" not in m.site.params or m.impl not in _GM_DIRS:
        return  # TFREE(pipe) / the tile forms: no such check
    a = m.site.arg("pipe")
    mt = re.search(r"TPipe<\s*([^,]+),\s*([^,]+),", getattr(a, "spelling", "") or "")
    d = char_value(mt.group(2)) if mt else None
    if d is not None and d & 7 not in _GM_DIRS[m.impl]:
        raise m.trap("unsupported-path", f"{m.site.builtin}: GlobalTensor form on a pipe of direction {d & 7} "
                     f"(static_assert on {m.impl})")


@op("TPUSH")
def tpush(m: Machine) -> None:
    pipe_class(m)
    tile = m.tile("tile")
    if tile is None or _grid(m):
        return
    params = list(m.site.params)
    loc = tile.spec.loc
    if params and params[0] == "tile":  # TPUSH(tile, pipe): TMPipe
        if loc not in _TMPIPE_PUSH:
            _reject(m, "TPUSH(tile, pipe)", loc, _TMPIPE_PUSH)
        return
    if "Split" not in m.template_args:  # TPUSH<Pipe, Tile, TConfig>(pipe, tile)
        if loc not in _TCONFIG_PUSH:
            _reject(m, "TPUSH<.., TConfig>(pipe, tile)", loc, _TCONFIG_PUSH)
        return
    if m.impl == "a2a3":
        if loc not in _RING_PUSH_A2A3:
            _reject(m, "TPUSH(pipe, tile)", loc, _RING_PUSH_A2A3)
        return
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

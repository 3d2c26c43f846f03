"""Tile objects along the path: declaration, valid-region methods, TASSIGN placements and how branches merge them.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import dataclasses

import clang.cindex as ci

from ptolint.frontend.cursors import children, main_file_contents, may_spell, memo, walk
from ptolint.frontend.interp.core import (
    K,
)
from ptolint.frontend.values import (
    TileState,
    convert,
    ctype,
    fold,
    static_valid,
)
from ptolint.ir import (
    Bin,
    CallSite,
    Const,
    Expr,
    ScalarOperand,
)


class Tiles:
    def new_tile(self, spec, name: str, d: ci.Cursor, ctor_args: list[ci.Cursor] | None) -> TileState:
        vr, vc = static_valid(spec, "row"), static_valid(spec, "col")
        args = [self.scalar(a) for a in (ctor_args or [])]
        dyn = [w for w, v in (("row", vr), ("col", vc)) if v is None]
        if len(args) >= 2:
            if vr is None:
                vr = convert(args[0], "int")
            if vc is None:
                vc = convert(args[1], "int")
        elif len(args) == 1 and len(dyn) == 1:
            if dyn[0] == "row":
                vr = convert(args[0], "int")
            else:
                vc = convert(args[0], "int")
        if vr is None:
            vr = self.symbols.fresh(f"{name}.validRow", "int", "opaque", "DYNAMIC valid row never set", 0)
        if vc is None:
            vc = self.symbols.fresh(f"{name}.validCol", "int", "opaque", "DYNAMIC valid col never set", 0)
        return self.track(TileState(spec, vr, vc, name, *self.loc(d)))

    def track(self, tile: TileState) -> TileState:
        self.tiles.append(tile)
        return tile

    def place(self, site: CallSite, tile: TileState) -> None:
        """After TASSIGN(tile, addr) / TASSIGN<Addr>(tile): the tile's storage is a new placement."""
        self.placements += 1
        addr: Expr | None = None
        arg = site.arg("addr")
        if "Addr" in site.template_args:
            try:
                addr = Const(int(site.template_args["Addr"], 0), "int64_t")
            except ValueError:
                addr = None
        elif isinstance(arg, ScalarOperand):
            addr = arg.expr
        self.set_placement(tile, *((None, 0) if tile.array or addr is None else (addr, self.placements)))

    def window(self, site: CallSite, dst: TileState, src: TileState) -> None:
        """After TSUBVIEW(dst, src, rowIdx, colIdx): dst is placed at src's address plus
        (rowIdx * RowStride + colIdx * ColStride) elements of src (a2a3/TSubView.hpp, which A5 and the newer
        targets include: TASSIGN_IMPL(dst, src.data() + offset); RowStride = Cols and ColStride = 1 for a
        row-major src, 1 and Rows otherwise). A new placement: its bytes are a window of src's."""
        row, col = site.arg("rowIdx"), site.arg("colIdx")
        spec = src.spec
        if dst.array or src.array or not src.binding or src.addr is None or not spec.elem_size or not (
                isinstance(row, ScalarOperand) and isinstance(col, ScalarOperand)):
            self.set_placement(dst, None, 0)
            return
        rs, cs = (spec.cols, 1) if spec.blayout == "RowMajor" else (1, spec.rows)
        elems = Bin("+", Bin("*", convert(row.expr, "int64_t"), Const(rs, "int64_t"), "int64_t"),
                    Bin("*", convert(col.expr, "int64_t"), Const(cs, "int64_t"), "int64_t"), "int64_t")
        offset = Bin("*", elems, Const(spec.elem_size, "int64_t"), "int64_t")
        self.placements += 1
        self.set_placement(dst, fold(Bin("+", convert(src.addr, "int64_t"), offset, "int64_t")), self.placements)

    def pop_placement(self, site: CallSite) -> None:
        """After TPOP(pipe, tile): the tile is placed in one slot of the pipe's consumer FIFO (the slot is the pipe's
        run-time pop count modulo the slot count: a fresh value in its range). From the TPipe consumers of
        include/pto/npu/a5/TPush.hpp: a Vec tile from a UB FIFO (DIR_C2V, DIR_BOTH) at C2V_CONSUMER_BUF +
        slot * SlotSize, of SlotNum slots (entryOffset: 0 unless the kernel sets it), from a GM FIFO (DIR_C2V_GM)
        at C2V_CONSUMER_BUF + slot * the tile's bytes, of LocalSlotNum slots; a Mat tile the same from
        V2C_CONSUMER_BUF (DIR_V2C, DIR_BOTH; DIR_V2C_GM); a2a3/TPush.hpp pops both through GM, at the consumer
        buffer + slot * SlotSize, of LocalSlotNum slots. Any other pipe, form or target: not followed."""
        tile, pipe = self.site_tiles.get("tile"), self.site_pipes.get("pipe")
        if tile is None:
            return
        self.set_placement(tile, None, 0)
        if pipe is None or tile.array or not tile.spec.elem_size or self.sets_entry_offset():
            return
        loc, d = tile.spec.loc, pipe.direction & 0x7
        nbytes = tile.spec.rows * tile.spec.cols * tile.spec.elem_size
        if site.target == "a5":
            ways = {("Vec", 1): (pipe.c2v, pipe.slot_num, pipe.slot_size),
                    ("Vec", 3): (pipe.c2v, pipe.slot_num, pipe.slot_size),
                    ("Vec", 5): (pipe.c2v, pipe.local_slot_num, nbytes),
                    ("Mat", 2): (pipe.v2c, pipe.slot_num, pipe.slot_size),
                    ("Mat", 3): (pipe.v2c, pipe.slot_num, pipe.slot_size),
                    ("Mat", 6): (pipe.v2c, pipe.local_slot_num, nbytes)}
        elif site.target == "a2a3":
            ways = {("Vec", d): (pipe.c2v, pipe.local_slot_num, pipe.slot_size),
                    ("Mat", d): (pipe.v2c, pipe.local_slot_num, pipe.slot_size)}
        else:
            return
        way = ways.get((loc, d))
        if way is None or way[1] < 1:
            return
        base, slots, stride = way
        slot = self.symbols.fresh(f"{pipe.name}.slot", "int64_t", "opaque",
                                  f"the FIFO slot TPOP fills (its pop count modulo {slots})", 0, slots - 1)
        self.placements += 1
        self.set_placement(tile, fold(Bin("+", convert(base, "int64_t"), Bin("*", slot, Const(stride, "int64_t"),
                                                                            "int64_t"), "int64_t")), self.placements)
        # the pop writes the tile there: its operand at this call is the placed tile (kernel-level rules see
        # the TPOP as the definition of the tile's data)
        i = site.params.index("tile")
        site.args[i] = dataclasses.replace(site.args[i], addr=tile.addr, binding=tile.binding)

    def sets_entry_offset(self) -> bool:
        """Whether the file moves a pipe's consumer entries (`setEntryOffset`): TPOP placements are then not
        followed. The main file's buffer is searched first: tokenizing all of it (the binding's Token objects) was
        3.5 % of the CLI's worker time on the A2/A3 ST kernels, and the name is in few files."""
        return memo(self.tu.cursor, "sets_entry_offset", lambda c: may_spell(
            main_file_contents(self.tu), b"setEntryOffset") and any(t.spelling == "setEntryOffset"
                                                                     for t in c.get_tokens()))

    def drop_placements(self, body: ci.Cursor) -> None:
        """A loop whose body places tiles: which placement a tile has at the top of an iteration, or after the
        loop, depends on the iterations before, so every tile's placement becomes unknown there."""
        if memo(body, "places", lambda b: any(
                c.kind == K.CALL_EXPR and c.spelling == "TASSIGN" for c in walk(b))):
            for t in self.tiles:
                if t.binding or t.addr is not None:
                    self.set_placement(t, None, 0)

    def set_placement(self, tile: TileState, addr: Expr | None, binding: int) -> None:
        """Every change of a tile's placement goes through here, into a journal: a branch undoes an arm's changes
        and learns which tiles the arm moved from it, instead of copying every tile of the walk before and after
        each arm (tfa: 600 tiles a copy on average, a fifth of its walk)."""
        if tile.addr is addr and tile.binding == binding:
            return
        self.moves.append((tile, tile.addr, tile.binding))
        tile.addr, tile.binding = addr, binding

    def placement_mark(self) -> tuple[int, int]:
        """Where a branch starts: the journal's length and the number of tiles made so far."""
        self.marks += 1
        return len(self.moves), len(self.tiles)

    def undo_placements(self, mark: tuple[int, int]) -> None:
        """Back to the placements at `mark` (an arm's changes undone, latest first)."""
        moves = self.moves
        for t, addr, binding in reversed(moves[mark[0]:]):
            t.addr, t.binding = addr, binding
        del moves[mark[0]:]

    def arm_placements(self, mark: tuple[int, int]) -> dict[int, tuple[TileState, Expr | None, int]]:
        """The tiles an arm moved since `mark`, where it left them (by id: a TileState is not hashable)."""
        return {id(t): (t, t.addr, t.binding) for t, _, _ in self.moves[mark[0]:]}

    def merge_placements(self, mark: tuple[int, int], live: list[dict[int, tuple[TileState, Expr | None, int]]],
                         moved: list[dict[int, tuple[TileState, Expr | None, int]]]) -> None:
        """After a branch whose arms were undone: a tile keeps a placement every arm that goes on (`live`) agrees
        on, otherwise it is unknown; a tile that existed at `mark` and no arm goes on keeps its placement before
        the branch. A tile made in an arm (`moved`: every arm) stays where that arm left it."""
        self.marks -= 1
        new = {id(t) for t in self.tiles[mark[1]:]}
        touched: dict[int, tuple[TileState, Expr | None, int]] = {}
        for arm in moved:
            touched.update(arm)
        for key, (t, addr, binding) in touched.items():
            if key not in new:
                if not live:
                    continue
                ends = [arm.get(key, (t, t.addr, t.binding)) for arm in live]
                _, addr, binding = ends[0] if all(e[2] == ends[0][2] for e in ends) else (t, None, 0)
            self.set_placement(t, addr, binding)
        if not self.marks:  # no branch left to undo anything: the journal restarts
            self.moves.clear()

    def tile_address(self, c: ci.Cursor) -> Expr | None:
        """The placement of `tile.data()` (a call of a tile's data() method), when the walk knows it."""
        while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            kids = list(children(c))
            if len(kids) != 1:
                return None
            c = kids[0]
        if c.kind != K.CALL_EXPR or c.spelling != "data":
            return None
        callee = next(iter(children(c)), None)
        obj = next(iter(children(callee)), None) if callee is not None and callee.kind == K.MEMBER_REF_EXPR else None
        tile = self.try_value(obj) if obj is not None else None
        return tile.addr if isinstance(tile, TileState) and tile.binding else None

    def tile_method(self, tile: TileState, name: str, args: list[ci.Cursor], c: ci.Cursor):
        if name == "GetValidRow":
            return tile.valid_row
        if name == "GetValidCol":
            return tile.valid_col
        if "Addr" in name or "Assign" in name:  # SetAddr(...): the tile moves somewhere not followed
            self.set_placement(tile, None, 0)
        vals = [convert(self.scalar(a), "int") for a in args]
        if name == "SetValidRow" and vals:
            tile.valid_row = vals[0]
        elif name == "SetValidCol" and vals:
            tile.valid_col = vals[0]
        elif name in ("SetValidShape", "SetValidRegion", "SetValid") and len(vals) >= 2:
            tile.valid_row, tile.valid_col = vals[0], vals[1]
        ct = ctype(c.type)
        return self.symbols.fresh(name, ct, "opaque", f"result of {name}()") if ct else None

    def rebind(self, site: CallSite) -> None:
        """Builtins that give a tile a (new) address: TASSIGN places it, TRESHAPE makes `dst` another view of
        `src`'s storage, TSUBVIEW a window into it, TPUSH / TPOP put it somewhere the walk does not follow."""
        tiles = self.site_tiles
        if site.builtin == "TASSIGN" and "obj" in tiles:
            self.place(site, tiles["obj"])
        elif site.builtin == "TRESHAPE" and "dst" in tiles and "src" in tiles:
            dst, src = tiles["dst"], tiles["src"]
            self.set_placement(dst, *((None, 0) if dst.array else (src.addr, src.binding)))
        elif site.builtin == "TSUBVIEW" and "dst" in tiles and "src" in tiles:
            self.window(site, tiles["dst"], tiles["src"])
        elif site.builtin == "TPOP":
            self.pop_placement(site)
        elif site.builtin in ("TALLOC", "TFREE"):  # TPUSH reads its tile where it is (no TASSIGN of it)
            for name in ("dst", "tile"):
                if name in tiles:
                    self.set_placement(tiles[name], None, 0)

"""PTO builtin calls reached by the run: each executes with the instruction's semantics (the executor's ops
modules) on a Machine whose memory is the run's one copy of the target's buffers.

The operands are the concrete objects: a tile keeps one TileBuffer for its lifetime (its TASSIGN placement or
the runner's layout), scalars are converted to the parameter's type, GlobalTensors carry their five extents
and strides. The per-operand checks (tile layout, valid region outside the storage) are the ones `bind()`
makes (machine.bind_tile). TASSIGN gives the tile a new placement, TRESHAPE makes `dst` a view of `src`, TSUBVIEW
a window of it (at rowIdx * RowStride + colIdx * ColStride elements).
"""

from __future__ import annotations

from collections.abc import Callable

import clang.cindex as ci
import numpy as np

from ptolint.executor.entry import scalars
from ptolint.executor.entry.errors import Refusal
from ptolint.executor.entry.expressions import Fn, Scope, expr, tile_address
from ptolint.executor.entry.objects import GlobalObj, OpaqueObj, Storage, TileAddress, TileObj, Uninit
from ptolint.executor.entry.state import MAX_CALL_RECORDS, CallRecord, Frame, Run
from ptolint.executor.entry.syntax import builtin_template_args, ctype
from ptolint.executor.machine import ConcreteGlobal, Machine, Outcome, _load_ops, bind_tile
from ptolint.executor.machine import run as run_op
from ptolint.executor.memory import LayoutError, TileBuffer, element_size
from ptolint.frontend.cursors import arguments, children, file_name
from ptolint.frontend.values import global_spec_of, template_bindings
from ptolint.ir import CallSite, Const, GlobalOperand, ScalarOperand, TileOperand, TypeOperand


class Builtin:
    """What a builtin call cursor needs at run time, computed once."""

    __slots__ = ("name", "file", "line", "column", "end_line", "end_column", "params", "ctypes", "globals_",
                 "spellings", "texts", "args", "template_args", "key")

    def __init__(self, c: ci.Cursor, fn: ci.Cursor, sc: Scope):
        from ptolint.executor.entry.calls import is_default_placeholder

        self.name = fn.spelling
        self.file = file_name(c)
        self.line, self.column = c.location.line, c.location.column
        ext = c.extent
        self.end_line, self.end_column = ext.end.line, ext.end.column
        self.key = (self.line, self.column)
        params = list(arguments(fn))
        args = list(arguments(c))
        callee_scope = None
        self.params: list[str] = []
        self.ctypes: list[str | None] = []
        self.globals_: list[bool] = []
        self.spellings: list[str] = []
        self.texts: list[str] = []
        self.args: list[Fn | None] = []
        for i, p in enumerate(params):
            self.params.append(p.spelling or f"arg{i}")
            self.ctypes.append(ctype(p.type))
            self.globals_.append(global_spec_of(p.type) is not None)
            self.spellings.append(p.type.get_canonical().spelling)
            if i < len(args) and not is_default_placeholder(args[i]):
                self.texts.append(" ".join(_tokens(args[i])))
                self.args.append(expr(args[i], sc))
            else:
                default = [x for x in children(p) if x.kind.is_expression()]
                if callee_scope is None:
                    callee_scope = Scope(template_bindings(fn), sc.macros)
                self.texts.append("(default)")
                self.args.append(expr(default[-1], callee_scope) if default else None)
        self.template_args = builtin_template_args(c, fn)


def _tokens(c: ci.Cursor) -> tuple[str, ...]:
    from ptolint.frontend.cursors import tokens

    return tokens(c)


def builtin(c: ci.Cursor, fn: ci.Cursor, sc: Scope) -> Fn:
    _load_ops()
    info = Builtin(c, fn, sc)
    fns = info.args
    rt = c.type.get_canonical()
    # a builtin that returns a class returns an Event (the record of its completion, `e = TLOAD(...)`, passed to
    # the next builtin): opaque to the run, but a value that can be stored and passed on
    result = OpaqueObj(rt.spelling) if rt.kind == ci.TypeKind.RECORD else None

    def call(fr: Frame):
        vals = [f(fr) if f is not None else None for f in fns]
        execute(fr.run, info, vals)
        return result

    return call


def _storage(tile: TileObj, run: Run) -> Callable[[], TileBuffer | None]:
    def place():
        buf = tile.storage.buffer(tile.spec, run)
        if buf is None:
            raise LayoutError(tile.storage.error or "no storage")
        return buf

    return place


def execute(run: Run, info: Builtin, vals: list[object]) -> None:
    """Run one builtin call: operands, the instruction, the watches on it, its effect on placements."""
    site = CallSite(info.name, info.file, info.line, info.column, info.end_line, info.end_column, run.target,
                    info.params, [], dict(info.template_args))
    m = Machine(site, run.target, memory=run.memory, rng=run.rng)
    values: dict[str, object] = {}
    tiles: dict[str, TileObj] = {}
    operands = site.args
    for name, ct, is_global, spelling, label, v in zip(info.params, info.ctypes, info.globals_, info.spellings,
                                                        info.texts, vals, strict=True):
        if v.__class__ is TileObj:
            tiles[name] = v
            values[f"{name}.validRow"], values[f"{name}.validCol"] = v.vr, v.vc
            addr = v.storage.addr
            operands.append(TileOperand(v.spec, Const(v.vr, "int"), Const(v.vc, "int"), label, v.decl[1], v.decl[0],
                                        Const(addr, "int64_t") if addr is not None else None, 0))
            bind_tile(m, name, v.spec, v.vr, v.vc, _storage(v, run))
        elif isinstance(v, (int, float)) and ct is not None:
            x = scalars.convert(v, ct)
            m.scalars[name] = x
            values[name] = x
            operands.append(ScalarOperand(Const(x, ct), label))
        elif v.__class__ is TileAddress:  # `tile.data()`: its address (also where a pointer is taken)
            at = ct or "unsigned long"
            x = scalars.convert(tile_address(v.tile, run), at)
            m.scalars[name] = x
            values[name] = x
            operands.append(ScalarOperand(Const(x, at), label))
        elif v.__class__ is GlobalObj and is_global:
            shape, stride = tuple(v.shape), tuple(v.stride)
            for i, d in enumerate(shape):
                values[f"{name}.shape{i}"] = d
            m.globals[name] = ConcreteGlobal(name, v.spec, shape, stride)
            operands.append(GlobalOperand(v.spec, tuple(Const(d, "int64_t") for d in shape),
                                          tuple(Const(d, "int64_t") for d in stride), label))
        elif v.__class__ is Uninit:
            raise Refusal(f"{info.name} at line {info.line}: argument {name} is {v.name}, declared without a value "
                          f"at line {v.line}")
        else:
            operands.append(TypeOperand(spelling, label))
    watches = run.watches.get(info.key) if run.watches else None
    active = [w for w in watches if w.matches(run, info)] if watches else []
    for w in active:
        w.before(run, info, tiles)
    out = Outcome()
    try:
        with np.errstate(all="ignore"):
            run_op(m, out)
    except Exception as exc:  # noqa: BLE001 - an op that breaks is a refusal of that op, the run goes on
        out.refused = f"the executor failed on {info.name}: {type(exc).__name__}: {exc}"
        out.faults = m.faults
    for w in active:
        w.after(run, info, tiles, m, out, values)
    effects(run, info, tiles, m)
    res = run.result
    res.calls_total += 1
    res.places.add(info.key)
    if not active and out.faults and len(res.events) < MAX_CALL_RECORDS:
        res.events += [(info.line, info.name, f) for f in out.faults]
    if out.refused and len(res.op_refusals) < MAX_CALL_RECORDS:
        res.op_refusals.append((info.line, info.name, out.refused))
    if run.record_calls and len(res.calls) < MAX_CALL_RECORDS:
        res.calls.append(CallRecord(info.name, info.file, info.line, info.column,
                                    tuple(fr[0] for fr in run.chain), values, list(out.faults), out.refused,
                                    run.loop_snapshot()))
    for w in active:
        w.settle(run)


def effects(run: Run, info: Builtin, tiles: dict[str, TileObj], m: Machine) -> None:
    """What a builtin does to the tiles' placements."""
    name = info.name
    if name == "TASSIGN":
        obj = tiles.get("obj")
        if obj is None:
            return
        addr = None
        if "Addr" in info.template_args:
            try:
                addr = int(info.template_args["Addr"], 0)
            except ValueError:
                addr = None
        else:
            addr = m.scalars.get("addr")
        if isinstance(addr, int):
            obj.storage = Storage(addr)
        else:
            raise Refusal(f"TASSIGN at line {info.line}: the address is not a number")
    elif name in ("TRESHAPE", "TSUBVIEW"):
        dst, src = tiles.get("dst"), tiles.get("src")
        if dst is None or src is None:
            return
        offset = 0
        if name == "TSUBVIEW":  # a2a3/TSubView.hpp: src.data() + rowIdx * RowStride + colIdx * ColStride
            row, col = m.scalars.get("rowIdx"), m.scalars.get("colIdx")
            if not (isinstance(row, int) and isinstance(col, int)):
                raise Refusal(f"TSUBVIEW at line {info.line}: the window's row or column is not a number")
            rs, cs = (src.spec.cols, 1) if src.spec.blayout == "RowMajor" else (1, src.spec.rows)
            offset = (row * rs + col * cs) * max(1, element_size(src.spec))
        if src.storage.addr is not None:
            dst.storage = Storage(src.storage.addr + offset)
            return
        buf = src.storage.buffer(src.spec, run)
        view = Storage(None)
        if buf is not None:
            nbytes = dst.spec.rows * dst.spec.cols * max(1, element_size(dst.spec))
            if buf.offset + offset + nbytes <= buf.storage.size:
                view.buf = TileBuffer(dst.spec, buf.buffer, buf.offset + offset, nbytes, buf.storage)
            else:
                view.error = f"{nbytes} bytes at {buf.offset + offset} do not fit in {buf.buffer}"
        else:
            view.error = src.storage.error
        dst.storage = view


__all__ = ["Builtin", "builtin", "execute"]

"""Public API of the entry replay: run a kernel from its entry point with concrete inputs.

    result = run_entry(tu, "a2a3", entry, {"n": 17, "get_block_idx()": 3}, watches=[Watch(stop, "valid-region")])

`entry` is the entry point's chain frame (ir.Frame: display name, file, line, column of its definition, as
`CallSite.chain[0]`) or its name. Inputs are named as the frontend names them (parameters by spelling,
`get_block_idx()`, struct fields by their member expression `t.M`); any other name (loop counters such as
`k@L6`) is ignored. The run stops when every watch is confirmed, the kernel returns, a refusal (undefined
behaviour, an unknown construct) or the step budget ends it.
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass

import clang.cindex as ci

from ptolint.executor.entry import calls, scalars
from ptolint.executor.entry.errors import Refusal, Settled
from ptolint.executor.entry.expressions import Scope
from ptolint.executor.entry.macros import MacroTable
from ptolint.executor.entry.objects import Cell, GlobalObj, GmPointer, InputCell, InputRef, OpaqueObj
from ptolint.executor.entry.state import DEFAULT_BUDGET, Frame, Run, RunResult, Stop, real
from ptolint.executor.entry.syntax import TK, K, body, ctype, is_reference, pointee, record_decl, strip_reference
from ptolint.executor.entry.watch import SequenceWatch, Watch
from ptolint.frontend import cursors
from ptolint.frontend.cursors import arguments, children, file_name, walk
from ptolint.frontend.types import ELEMENT_SIZES
from ptolint.frontend.values import display_name, global_spec_of, tile_spec_of
from ptolint.ir import CallSite, TileOperand
from ptolint.ir import Frame as ChainFrame

_macro_tables: dict[int, tuple[ci.TranslationUnit, MacroTable]] = {}


def macro_table(tu: ci.TranslationUnit) -> MacroTable:
    known = _macro_tables.get(id(tu))
    if known is None or known[0] is not tu:
        _macro_tables.clear()  # one translation unit at a time: do not keep old ones alive
        known = _macro_tables[id(tu)] = (tu, MacroTable(tu))
    return known[1]


def release(tu: ci.TranslationUnit | None = None) -> None:
    """Forget the translation unit the macro table belongs to, and the index of its definitions the runner kept on
    `tu`, so that those cursors go before the unit does (the top level it searched is the walk's: the engine lets
    it go, cursors.forget_top_level)."""
    _macro_tables.clear()
    if tu is not None:
        tu.__dict__.pop("_ptolint_definitions_at", None)


def _definitions(tu: ci.TranslationUnit, main_file: str | None = None):
    """Function definitions (not templates) at namespace / class scope, in the main file when given."""
    decls, _ = cursors.kept_top_level(tu)
    stack = list(reversed(decls))
    main = real(main_file) if main_file else None
    while stack:
        c = stack.pop()
        if c.kind.is_preprocessing():
            continue
        f = file_name(c)
        if main and f and real(f) != main:
            continue
        if c.kind in (K.FUNCTION_DECL, K.CXX_METHOD) and c.is_definition():
            yield cursors.canonical(c)
        elif c.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.STRUCT_DECL, K.CLASS_DECL, K.UNEXPOSED_DECL):
            stack.extend(reversed(children(c)))


def find_entry(tu: ci.TranslationUnit, entry: ChainFrame) -> ci.Cursor | None:
    """The definition an instantiation chain starts at. Several can share a location: the callers ptolint
    appends for explicit instantiations a macro expands (one per instantiation, all at the macro's use), so
    the one of the chain's name is preferred over the first."""
    at = _definitions_at(tu, entry.file).get((entry.line, entry.column), ())
    return next((c for c in at if c.spelling == entry.function), at[0] if at else None)


def _definitions_at(tu: ci.TranslationUnit, file: str) -> dict[tuple[int, int], list[ci.Cursor]]:
    """The function definitions of `file` (as _definitions gives them, in its order) by (line, column), indexed
    once per translation unit and file: every candidate's run looks its entry up, and going over the top-level
    declarations each time was an eighth of the replay on the A5 ST sample (94 runs, 0.06 of 0.49 s)."""
    want = real(file)
    by_file = tu.__dict__.get("_ptolint_definitions_at")
    if by_file is None:
        by_file = tu._ptolint_definitions_at = {}
    index = by_file.get(want)
    if index is None:
        index = by_file[want] = {}
        for c in _definitions(tu, file):
            name, line, column = cursors.position(c)
            if real(name) == want:
                index.setdefault((line, column), []).append(c)
    return index


def entry_points(tu: ci.TranslationUnit, main_file: str) -> list[ci.Cursor]:
    """Function definitions of the main file no other definition of it calls; kernels first."""
    defs = [d for d in _definitions(tu, main_file) if body(d) is not None]
    usrs = {d.get_usr() for d in defs}
    called: set[str] = set()
    for d in defs:
        for c in walk(d):
            if c.kind == K.CALL_EXPR and c.referenced is not None:
                u = c.referenced.get_usr()
                if u in usrs and u != d.get_usr():
                    called.add(u)
    roots = [d for d in defs if d.get_usr() not in called]
    return sorted(roots, key=lambda d: (not is_kernel(d), d.location.line))


def is_kernel(fn: ci.Cursor) -> bool:
    head = []
    for t in fn.get_tokens():
        if t.spelling in ("(", "{"):
            break
        head.append(t.spelling)
    return "__global__" in head or (fn.linkage == ci.LinkageKind.EXTERNAL and "extern" in head)


def entry_frame(fn: ci.Cursor) -> ChainFrame:
    return ChainFrame(display_name(fn), file_name(fn), fn.location.line, fn.location.column)


def _bind_parameters(fn: ci.Cursor, fr: Frame, run: Run) -> None:
    from ptolint.executor.entry.calls import new_tile
    from ptolint.executor.entry.syntax import slot

    for p in arguments(fn):
        name = p.spelling or "arg"
        ct = ctype(p.type)
        s = slot(p)
        if ct is not None:
            fr.vars[s] = InputCell(run, name, scalars.converter(ct))
            continue
        spec = tile_spec_of(p.type)
        if spec is not None:
            fr.vars[s] = Cell(new_tile(spec, name, p, run, ()))
            continue
        gspec = global_spec_of(p.type)
        if gspec is not None:
            shape = [d if d >= 0 else run.choose(f"{name}.shape{i} (a dynamic GlobalTensor parameter)", 1)
                     for i, d in enumerate(gspec.shape)]
            stride = [d if d >= 0 else run.choose(f"{name}.stride{i} (a dynamic GlobalTensor parameter)", 1)
                      for i, d in enumerate(gspec.stride)]
            fr.vars[s] = Cell(GlobalObj(gspec, shape, stride, name, GmPointer(name)))
            continue
        target = pointee(p.type)
        if target is not None:
            struct = target.kind == TK.RECORD and ctype(target) is None and tile_spec_of(target) is None \
                and global_spec_of(target) is None and not _device_element(target)
            fr.vars[s] = Cell(InputRef(name) if struct else GmPointer(name))
            continue
        if record_decl(p.type) is not None or is_reference(p.type):
            fr.vars[s] = Cell(InputRef(name))
            continue
        fr.vars[s] = Cell(OpaqueObj(strip_reference(p.type).spelling))


def _device_element(t: ci.Type) -> bool:
    """A device element type the model declares as a class (float8_e8m0_t ...): a pointer to it is global memory."""
    decl = t.get_canonical().get_declaration()
    return decl is not None and decl.spelling in ELEMENT_SIZES


@dataclass
class Entry:
    cursor: ci.Cursor
    frame: ChainFrame


def run_entry(tu: ci.TranslationUnit, target: str, entry: ci.Cursor, inputs: dict[str, object], *,
              watches: list[Watch] = (), budget: int = DEFAULT_BUDGET, builtins: set[str] | None = None,
              record_calls: bool = False, seed: int = 0) -> RunResult:
    """Run `entry` (a function definition cursor of `tu`) with `inputs`; watch the given calls."""
    from ptolint.executor.machine import OPS, _load_ops

    _load_ops()
    calls.BUILTINS.update(builtins if builtins is not None else OPS)
    macros = macro_table(tu)
    frame_key = (display_name(entry), file_name(entry), entry.location.line, entry.location.column)
    run = Run(target, inputs, budget, seed=seed, record_calls=record_calls)
    result = run.result = RunResult(display_name(entry), target)
    run.watches = {}
    run.watch_list = list(watches)
    for w in watches:
        for key in w.keys():
            run.watches.setdefault(key, []).append(w)
    fr = Frame(run)
    run.chain = [frame_key]
    try:
        code = calls.function_code(entry, Scope({}, macros))
        _bind_parameters(entry, fr, run)
        code.run_body(fr)
        result.finished = True
    except Settled:
        pass
    except Refusal as exc:
        result.refused = exc.reason
    except (RecursionError, ctypes.ArgumentError) as exc:
        if not cursors.at_recursion_limit(exc):
            raise
        result.refused = "C++ nested too deeply to run"
    result.steps = run.steps
    result.inputs = dict(run.used)
    result.chosen = dict(run.chosen)
    return result


def stop_of(site: CallSite, file: str | None = None) -> Stop:
    """The call instance a site names (`file`: the call's file when site.file was rewritten for display)."""
    return Stop.make(file or site.file, site.line, site.column, site.builtin, site.chain)


def confirm(tu: ci.TranslationUnit, site: CallSite, inputs: dict[str, object], fault: str, *,
            file: str | None = None, budget: int = DEFAULT_BUDGET, builtins: set[str] | None = None,
            seed: int = 0) -> tuple[RunResult, Watch | None, str | None]:
    """Run the kernel a site belongs to from its entry with the witness `inputs`; (result, watch, refusal):
    refusal is None exactly when the run reached the call in its instantiation chain and observed `fault` there
    (for a kernel-level site: the live tile overwritten between its write and its read)."""
    if not site.chain:
        return RunResult("?", site.target), None, "the call has no instantiation chain to start from"
    entry = find_entry(tu, site.chain[0])
    if entry is None:
        fr = site.chain[0]
        return RunResult(fr.function, site.target), None, f"entry point {fr.function} (line {fr.line}) not found"
    if site.steps:
        live = site.arg("live")
        if not isinstance(live, TileOperand) or len(site.steps) < 3:
            return RunResult(display_name(entry), site.target), None, "no live tile to watch"
        stops = [stop_of(s, _file(s, file, site)) for s in site.steps]
        w: Watch = SequenceWatch(stops, live, fault)
    else:
        w = Watch(stop_of(site, file), fault)
    result = run_entry(tu, site.target, entry, inputs, watches=[w], budget=budget, builtins=builtins, seed=seed)
    result.reached = w.reached
    result.confirmed = w.confirmed
    result.observation = w.observation
    result.kinds_seen = set(w.kinds)
    if w.confirmed:
        return result, w, None
    return result, w, w.why_not(result.refused, result.entry, result.steps, result.finished)


def unreached(complete: RunResult, site: CallSite, fault: str) -> str | None:
    """What confirm() would answer for `site`, read off `complete`: a run from the site's entry with the same
    inputs that no watch cut short (it returned or was refused; watches only observe, so every run from that entry
    with those inputs takes the same steps up to where it is settled). When that run executed no builtin call at
    the site's place, the site's own run would end the same way without reaching it: the reason it would give.
    None when the run did execute a call there (only the site's own run can tell)."""
    if site.steps or (site.line, site.column) in complete.places:
        return None
    return Watch(stop_of(site), fault).why_not(complete.refused, complete.entry, complete.steps, complete.finished)


def _file(step: CallSite, file: str | None, site: CallSite) -> str | None:
    """A step's file: rewritten for display like the site's; map it back the same way."""
    if file and step.file == site.file:
        return file
    return os.path.abspath(step.file)

"""Entry points -> instantiation walk -> call sites of PTO builtins with resolved operands and paths.

A small abstract interpreter over libclang cursors: it walks each entry point's body, follows calls
into (instantiated) callees, tracks scalar variables and tiles along the path as IR expressions, turns
branch conditions and loop bounds into path constraints, and records every call of a PTO builtin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import clang.cindex as ci

from ptolint.frontend import cursors
from ptolint.frontend.cursors import arguments, children, file_name, memo, referenced, walk
from ptolint.frontend.parse import MODEL_INCLUDE
from ptolint.frontend.values import (
    BLOCK_FUNCS,
    ELEMENT_SIZES,
    DimsState,
    Frame,
    GlobalState,
    Symbols,
    TileState,
    Unsupported,
    binop_token,
    class_bindings,
    const_value,
    convert,
    ctype,
    decl_key,
    dims_head_of,
    display_name,
    element_name,
    fill_dims,
    fold,
    global_spec_of,
    parse_float_literal,
    parse_int_literal,
    static_valid,
    strip_ns,
    targ_kind,
    template_bindings,
    tile_spec_of,
    tokens,
    type_size,
    unop_token,
    usual_type,
)
from ptolint.ir import (
    INT_TYPES,
    Bin,
    CallSite,
    Cast,
    Const,
    Expr,
    GlobalOperand,
    ScalarOperand,
    Select,
    Sym,
    TileOperand,
    TypeOperand,
    Unary,
    Unresolved,
)
from ptolint.ir import (
    Frame as ChainFrame,
)

K = ci.CursorKind
MAX_DEPTH = 24
IDENT = re.compile(r"[A-Za-z_]\w*")
FUNCTION_KINDS = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR)
MAX_STEPS = 200_000
ARITH = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
COMPARE = {"<", "<=", ">", ">=", "==", "!="}


class Stop(Exception):
    """Control leaves the current statement list (return / break / continue)."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


@dataclass
class Stats:
    entry_points: list[str] = field(default_factory=list)
    instantiations: set[str] = field(default_factory=set)
    builtin_calls: int = 0
    resolved: int = 0
    unresolved: int = 0
    other_builtins: dict[str, int] = field(default_factory=dict)
    skipped_statements: int = 0


@dataclass
class Program:
    sites: list[CallSite]
    unresolved: list[Unresolved]
    stats: Stats
    assumption_errors: list[tuple[int, str]] = field(default_factory=list)
    limits: list[tuple[int, str]] = field(default_factory=list)


def is_builtin_decl(fn: ci.Cursor, builtins: set[str]) -> bool:
    """A PTO builtin: declared in a pto header (the bundled model or the real ISA), returning RecordEvent."""
    if fn is None or fn.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return False
    f = fn.location.file
    name = f.name.replace("\\", "/") if f else ""
    if not (name.startswith(str(MODEL_INCLUDE)) or "/pto/" in name):
        return False
    return fn.spelling in builtins or fn.result_type.get_canonical().spelling.endswith("RecordEvent")


#: the builtin variables of the kernel language, as the builtin function giving the same value
BUILTIN_VARS = {"block_idx": "get_block_idx", "block_num": "get_block_num"}


class Interpreter:
    def __init__(self, tu: ci.TranslationUnit, target: str, main_file: str, builtins: set[str],
                 blocks: int = 64, subblocks: int = 2, assumptions=None):
        from ptolint.frontend.assume import Assumption

        self.assume_list: list[Assumption] = list(assumptions or [])
        self.assume_at: dict[int, list[Assumption]] = {}
        self.assume_errors: list[tuple[int, str]] = []
        self.limits: list[tuple[int, str]] = []  # (line, what was not analysed and why)
        self.loop_names: dict[tuple[str, int], str] = {}  # induction variable declaration -> its name
        self.tu = tu
        self.target = target
        self.main_file = main_file
        self.top_level = cursors.top_level(tu)  # (declarations, macro definitions)
        self.builtins = builtins
        self.symbols = Symbols(blocks, subblocks)
        self.sites: list[CallSite] = []
        self.unresolved: list[Unresolved] = []
        self.stats = Stats()
        self.path: list[Expr] = []
        self.stack: list[Frame] = []
        self.chain: list[ChainFrame] = []
        self.steps = 0
        self.site_tiles: dict[str, TileState] = {}
        self.tiles: list[TileState] = []  # every tile object of the walk (placements are dropped at loops)
        self.placements = 0  # TASSIGN calls seen: numbers each placement (TileState.binding)
        self.arms: list[tuple[int, int]] = []  # the branch arms being walked: (branch number, arm number)
        self.branches = 0
        self.entry = 0

    # ---------------------------------------------------------------- entry points

    def entry_points(self) -> list[ci.Cursor]:
        """Function definitions of the main file that no other definition of the file calls."""
        defs: list[ci.Cursor] = []
        starts: list[int] = []
        for c in self.main_file_cursors():
            if c.kind not in (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE) or not c.is_definition():
                continue
            if file_name(c) != self.main_file:
                continue
            starts.append((c.extent.start.line, c.location.line))
            if c.kind != K.FUNCTION_TEMPLATE:
                defs.append(cursors.canonical(c))
        for a in self.assume_list:  # an assumption belongs to the next function defined after it
            after = [st for st in starts if st[0] > a.line]
            if after:
                self.assume_at.setdefault(min(after)[1], []).append(a)
        called: set[str] = set()
        usrs = {d.get_usr() for d in defs}
        for d in defs:
            for c in walk(d):
                if c.kind == K.CALL_EXPR and c.referenced is not None and c.referenced.get_usr() in usrs:
                    if c.referenced.get_usr() != d.get_usr():
                        called.add(c.referenced.get_usr())
        roots = [d for d in defs if d.get_usr() not in called]
        # kernels first: a helper they reach is then analysed in context, not again on its own
        return sorted(roots, key=lambda d: (not self.is_kernel(d), d.location.line))

    def main_file_cursors(self):
        """The TU's cursors in preorder, without descending into declarations written in other files (the
        included headers: most of the AST), which cannot contain a definition located in the main file."""
        stack = list(reversed(self.top_level[0]))
        while stack:
            c = stack.pop()
            if c.kind.is_preprocessing():  # macro definitions and expansions, #includes: most of the TU
                continue
            f = file_name(c)
            if f and f != self.main_file:
                continue
            yield c
            if c.kind not in FUNCTION_KINDS:  # bodies hold no further definitions to find
                stack.extend(reversed(children(c)))

    @staticmethod
    def is_kernel(fn: ci.Cursor) -> bool:
        head = []
        for t in fn.get_tokens():
            if t.spelling in ("(", "{"):
                break
            head.append(t.spelling)
        return "__global__" in head or fn.linkage == ci.LinkageKind.EXTERNAL and "extern" in head

    def run(self) -> Program:
        self.entered: set[str] = set()
        for fn in self.entry_points():
            if fn.get_usr() in self.entered:
                continue
            self.symbols = Symbols(self.symbols.blocks, self.symbols.subblocks)
            self.stats.entry_points.append(fn.spelling)
            self.entry += 1
            self.tiles = []
            frame = Frame(fn, template_bindings(fn))
            for p in arguments(fn):
                self.bind_param_input(frame, p)
            self.path = []
            self.chain = [ChainFrame(display_name(fn), file_name(fn),
                                     fn.location.line, fn.location.column)]
            self.stack = [frame]
            self.apply_assumptions(fn, frame)
            self.steps = 0
            try:
                self.exec_body(fn)
            except Stop:
                pass
            except (Unsupported, RecursionError) as exc:  # the step budget, deep nesting: say so, keep what was found
                self.limits.append((fn.location.line, f"analysis of {fn.spelling} stopped: {exc}"))
        return Program(self.sites, self.unresolved, self.stats, self.assume_errors, self.limits)

    def apply_assumptions(self, fn: ci.Cursor, frame: Frame) -> None:
        """Add the function's `// ptolint: assume` conditions (over its parameters) to the path."""
        from ptolint.frontend.assume import AssumptionError, to_expr

        if file_name(fn) != self.main_file:
            return
        params = {p.spelling: frame.env.get(decl_key(p)) for p in arguments(fn)}

        def lookup(name: str):
            v = params.get(name)
            return v if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)) else None

        for a in self.assume_at.get(fn.location.line, []):
            try:
                self.path.append(to_expr(a.text, lookup))
                a.used = True
            except AssumptionError as exc:
                if (a.line, str(exc)) not in self.assume_errors:
                    self.assume_errors.append((a.line, str(exc)))

    def bind_param_input(self, frame: Frame, p: ci.Cursor) -> None:
        ct = ctype(p.type)
        if ct is not None:
            frame.env[decl_key(p)] = self.symbols.fresh(p.spelling or "arg", ct, "input", f"parameter {p.spelling}")
            return
        spec = tile_spec_of(p.type)
        if spec is not None:
            frame.env[decl_key(p)] = self.new_tile(spec, p.spelling, p, None)

    @property
    def frame(self) -> Frame:
        return self.stack[-1]

    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Unsupported("analysis step budget exhausted")

    # ---------------------------------------------------------------- statements

    def exec_body(self, fn: ci.Cursor) -> None:
        for c in children(fn):
            if c.kind == K.COMPOUND_STMT:
                self.stmt(c)

    def stmt(self, c: ci.Cursor) -> None:
        """Execute one statement; what cannot be modelled makes its assigned variables opaque, not the walk stop."""
        try:
            self.stmt_inner(c)
        except (Unsupported, RecursionError) as exc:  # RecursionError: C++ nested too deeply
            if "budget" in str(exc):
                raise
            self.stats.skipped_statements += 1
            self.forget_assigned(c)

    def stmt_inner(self, c: ci.Cursor) -> None:
        self.tick()
        k = c.kind
        if k == K.COMPOUND_STMT:
            for s in children(c):
                self.stmt(s)
        elif k == K.DECL_STMT:
            for d in children(c):
                if d.kind == K.VAR_DECL:
                    self.var_decl(d)
        elif k == K.IF_STMT:
            self.if_stmt(c)
        elif k == K.FOR_STMT:
            self.for_stmt(c)
        elif k in (K.WHILE_STMT, K.DO_STMT):
            self.while_stmt(c)
        elif k == K.RETURN_STMT:
            kids = list(children(c))
            if kids:
                v = self.value(kids[0])
                if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select, GlobalState, DimsState)):
                    self.frame.returns.append((list(self.path), v))
            raise Stop("return")
        elif k == K.BREAK_STMT:
            raise Stop("break")
        elif k == K.CONTINUE_STMT:
            raise Stop("continue")
        elif k in (K.NULL_STMT, K.TYPE_ALIAS_DECL, K.TYPEDEF_DECL, K.STATIC_ASSERT, K.ASM_STMT):
            return
        elif k == K.SWITCH_STMT:
            self.switch_stmt(c)
        else:
            self.value(c)  # expression statement: evaluated for its side effects and calls

    def var_decl(self, d: ci.Cursor) -> None:
        spec = tile_spec_of(d.type)
        kids = [x for x in children(d) if x.kind not in (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF)]
        key = decl_key(d)
        can = d.type.get_canonical()
        if spec is not None:
            if can.kind == ci.TypeKind.LVALUEREFERENCE and kids:
                v = self.value(kids[-1])
                if isinstance(v, TileState):
                    self.frame.env[key] = v
                    return
            ctor_args: list[ci.Cursor] | None = None
            if kids and kids[-1].kind == K.CALL_EXPR and kids[-1].referenced is not None \
                    and kids[-1].referenced.kind == K.CONSTRUCTOR:
                ctor_args = list(arguments(kids[-1]))
                if len(ctor_args) == 1:
                    v = self.value(ctor_args[0])
                    if isinstance(v, TileState):  # copy construction
                        self.frame.env[key] = self.track(v.copy(d.spelling, *self.loc(d)))
                        return
            tile = self.new_tile(spec, d.spelling, d, ctor_args)
            tile.array = can.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY)
            self.frame.env[key] = tile
            return
        if global_spec_of(d.type) is not None or dims_head_of(d.type) is not None:
            self.object_decl(d, kids)
            return
        ct = ctype(d.type)
        if ct is None:
            for x in kids:  # evaluate initialisers for their calls (e.g. struct init with builtin calls)
                self.value(x)
            if kids and kids[-1].kind.is_expression() and self.input_rooted(kids[-1]):
                self.frame.env[key] = INPUT_ROOT  # `const Tiling& t = *tiling;`, `auto* p = params;`
            return
        if kids:
            v = self.try_value(kids[-1])
            if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                self.frame.env[key] = convert(v, ct)
                return
        self.frame.env[key] = self.symbols.fresh(d.spelling, ct, "opaque", "uninitialised or unmodelled value")

    def object_decl(self, d: ci.Cursor, kids: list[ci.Cursor]) -> None:
        """A GlobalTensor / Shape / Stride variable: constructed here, or bound to another such object."""
        key = decl_key(d)
        last = kids[-1] if kids else None
        if last is not None and last.kind == K.CALL_EXPR and last.referenced is not None \
                and last.referenced.kind == K.CONSTRUCTOR:
            v = self.construct(d.type, list(arguments(last)), d.spelling)
        elif last is None:
            v = self.construct(d.type, [], d.spelling)
        else:
            v = self.try_value(last)
        if isinstance(v, (GlobalState, DimsState)):
            self.frame.env[key] = v
        else:
            self.frame.env.pop(key, None)

    def construct(self, t: ci.Type, args: list[ci.Cursor], name: str) -> GlobalState | DimsState | None:
        """Constructor semantics of GlobalTensor(data, shape, stride) and Shape(...) / Stride(...)."""
        args = [a for a in args if a.extent.start.file is not None]  # defaulted arguments have no location
        vals = [self.try_value(a) for a in args]
        if len(vals) == 1 and isinstance(vals[0], (GlobalState, DimsState)):
            return vals[0]  # copy construction
        dims = dims_head_of(t)
        if dims is not None:
            head, statics = dims
            scal = [v for v in vals if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select))]
            if len(scal) != len(vals) or len(vals) > 5:
                return None
            return DimsState(head, fill_dims(statics, scal))
        spec = global_spec_of(t)
        if spec is None:
            return None
        shape = self.global_dims(spec.shape, vals[1] if len(vals) > 1 else "default", "Shape", name, "shape")
        stride = self.global_dims(spec.stride, vals[2] if len(vals) > 2 else "default", "Stride", name, "stride")
        return GlobalState(spec, shape, stride, name)

    def global_dims(self, statics: tuple[int, ...], v, head: str, name: str, what: str) -> tuple[Expr, ...]:
        """A GlobalTensor's run-time dims: static ones from its type, DYNAMIC ones from its Shape/Stride
        argument (1 when the argument is defaulted, opaque when it cannot be followed)."""
        out: list[Expr] = []
        for i, d in enumerate(statics):
            if d != -1:
                out.append(Const(d, "int64_t"))
            elif v == "default":
                out.append(Const(1, "int64_t"))
            elif isinstance(v, DimsState) and v.head == head:
                out.append(v.dims[i])
            else:
                out.append(self.symbols.fresh(f"{name}.{what}{i}", "int64_t", "opaque", f"{head} not followed"))
        return tuple(out)

    def opaque_global(self, spec, name: str) -> GlobalState:
        return GlobalState(spec, self.global_dims(spec.shape, None, "Shape", name, "shape"),
                           self.global_dims(spec.stride, None, "Stride", name, "stride"), name)

    def loc(self, c: ci.Cursor) -> tuple[str, int]:
        return (file_name(c), c.location.line)

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
        tile.addr, tile.binding = (None, 0) if tile.array or addr is None else (addr, self.placements)

    def drop_placements(self, body: ci.Cursor) -> None:
        """A loop whose body places tiles: which placement a tile has at the top of an iteration, or after the
        loop, depends on the iterations before, so every tile's placement becomes unknown there."""
        if memo(body, "places", lambda b: any(
                c.kind == K.CALL_EXPR and c.spelling == "TASSIGN" for c in walk(b))):
            for t in self.tiles:
                t.addr, t.binding = None, 0

    def cond_expr(self, c: ci.Cursor) -> Expr:
        try:
            v = self.scalar(c)
        except Unsupported:
            return self.symbols.fresh("cond", "bool", "opaque", "condition not modelled")
        return convert(v, "bool")

    def try_value(self, c: ci.Cursor):
        """value(), with an opaque symbol (or None) instead of failing on what is not modelled."""
        try:
            return self.value(c)
        except Unsupported as exc:
            ct = ctype(c.type)
            return self.symbols.fresh("value", ct, "opaque", str(exc)) if ct else None

    def forget_assigned(self, c: ci.Cursor) -> None:
        for key in self.assigned_vars(c):
            for fr in reversed(self.stack):
                old = fr.env.get(key)
                if isinstance(old, (Const, Sym, Bin, Unary, Cast, Select)):
                    fr.env[key] = self.symbols.fresh("value", old.ctype, "opaque", "statement not modelled")
                    break

    def if_stmt(self, c: ci.Cursor) -> None:
        kids = list(children(c))
        # children: [init-stmt] [condition-variable decl] cond then [else]
        while kids and kids[0].kind in (K.DECL_STMT, K.VAR_DECL) and len(kids) > 2:
            self.stmt(kids[0]) if kids[0].kind == K.DECL_STMT else self.var_decl(kids[0])
            kids = kids[1:]
        cond, then = kids[0], kids[1]
        other = kids[2] if len(kids) > 2 else None
        cv = self.cond_expr(cond)
        val = const_value(cv)
        if val is not None:
            branch = then if val else other
            if branch is not None:
                self.stmt(branch)
            return
        self.branch(cv, then, other)

    def branch(self, cv: Expr, then: ci.Cursor | None, other: ci.Cursor | None) -> None:
        """Walk both arms under their conditions and merge variables with Select afterwards."""
        base_env = dict(self.frame.env)
        base_path = list(self.path)
        tiles_before = {k: (v.valid_row, v.valid_col) for k, v in base_env.items() if isinstance(v, TileState)}
        placed_before = self.placement_snapshot()
        placed_after = []
        results = []
        self.branches += 1
        for i, (guard, arm) in enumerate(((cv, then), (fold(Unary("!", cv, "bool")), other))):
            self.frame.env = dict(base_env)
            for k, (r, cl) in tiles_before.items():
                base_env[k].valid_row, base_env[k].valid_col = r, cl
            self.restore_placements(placed_before)
            self.path = base_path + [guard]
            self.arms.append((self.branches, i))
            stopped = None
            if arm is not None:
                try:
                    self.stmt(arm)
                except Stop as s:
                    stopped = s
                finally:
                    self.arms.pop()
            else:
                self.arms.pop()
            tiles_after = {k: (v.valid_row, v.valid_col) for k, v in base_env.items() if isinstance(v, TileState)}
            results.append((guard, dict(self.frame.env), tiles_after, stopped))
            if stopped is None:
                placed_after.append(self.placement_snapshot())
        self.merge_placements(placed_before, placed_after)
        live = [r for r in results if r[3] is None]
        self.path = base_path
        if not live:
            kinds = {r[3].kind for r in results}
            raise Stop("return" if kinds == {"return"} else sorted(kinds)[0])
        if len(live) == 1:
            guard, env, tiles, _ = live[0]
            self.path = base_path + [guard]
            self.frame.env = env
            for k, (r, cl) in tiles.items():
                base_env[k].valid_row, base_env[k].valid_col = r, cl
            return
        (g1, env1, t1, _), (_g2, env2, t2, _) = live
        merged = dict(env1)
        for key in set(env1) | set(env2):
            a, b = env1.get(key), env2.get(key)
            if a is b or a == b:
                continue
            if not isinstance(a, (Const, Sym, Bin, Unary, Cast, Select)) or \
                    not isinstance(b, (Const, Sym, Bin, Unary, Cast, Select)):
                merged.pop(key, None)  # tiles, GlobalTensors, struct roots: not merged by value
                continue
            merged[key] = fold(Select(g1, a, b, a.ctype))
        self.frame.env = merged
        for k in t1:
            (r1, c1), (r2, c2) = t1[k], t2[k]
            st = base_env[k]
            st.valid_row = r1 if r1 == r2 else fold(Select(g1, r1, r2, "int"))
            st.valid_col = c1 if c1 == c2 else fold(Select(g1, c1, c2, "int"))

    def placement_snapshot(self) -> list[tuple[TileState, Expr | None, int]]:
        return [(t, t.addr, t.binding) for t in self.tiles]

    @staticmethod
    def restore_placements(snap: list[tuple[TileState, Expr | None, int]]) -> None:
        for t, addr, binding in snap:
            t.addr, t.binding = addr, binding

    @staticmethod
    def merge_placements(before: list[tuple[TileState, Expr | None, int]],
                         arms: list[list[tuple[TileState, Expr | None, int]]]) -> None:
        """After a branch: a tile keeps a placement every arm that goes on agrees on; otherwise it is unknown."""
        for i, (t, addr, binding) in enumerate(before):
            if not arms:  # no arm goes on: nothing after the branch sees the tile
                t.addr, t.binding = addr, binding
            elif all(arm[i][2] == arms[0][i][2] for arm in arms):
                t.addr, t.binding = arms[0][i][1], arms[0][i][2]
            else:
                t.addr, t.binding = None, 0

    def switch_stmt(self, c: ci.Cursor) -> None:
        kids = list(children(c))
        cond, body = kids[-2], kids[-1]
        v = self.scalar(cond)
        base_env, base_path = dict(self.frame.env), list(self.path)
        placed_before = self.placement_snapshot()
        placed_after = [placed_before]  # no case taken
        self.branches += 1
        for arm, case in enumerate(children(body) if body.kind == K.COMPOUND_STMT else []):
            if case.kind not in (K.CASE_STMT, K.DEFAULT_STMT):
                continue
            self.frame.env = dict(base_env)
            self.path = list(base_path)
            self.restore_placements(placed_before)
            self.arms.append((self.branches, arm))
            sub = list(children(case))
            if case.kind == K.CASE_STMT:
                cv = self.scalar(sub[0])
                self.path.append(fold(Bin("==", v, cv, "bool")))
                sub = sub[1:]
            try:
                for s in sub:
                    self.stmt(s)
            except Stop as s:
                if s.kind == "return":
                    pass
            finally:
                self.arms.pop()
            placed_after.append(self.placement_snapshot())
        self.merge_placements(placed_before, placed_after)
        self.frame.env, self.path = self.havoc_env(base_env, body), base_path

    def assigned_vars(self, body: ci.Cursor) -> frozenset[tuple[str, int]]:
        """Declarations assigned anywhere in `body` (by =, op=, ++ or --)."""
        return memo(body, "assigned", self._assigned_vars)

    @staticmethod
    def _assigned_vars(body: ci.Cursor) -> frozenset[tuple[str, int]]:
        out: set[tuple[str, int]] = set()
        for c in walk(body):
            target = None
            if c.kind == K.BINARY_OPERATOR:
                try:
                    if binop_token(c) == "=":
                        target = next(iter(children(c)))
                except (Unsupported, StopIteration):
                    continue
            elif c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
                target = next(iter(children(c)), None)
            elif c.kind == K.UNARY_OPERATOR:
                if unop_token(c) in ("++", "--", "post++", "post--"):
                    target = next(iter(children(c)), None)
            if target is not None:
                while target.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
                    target = next(iter(children(target)), target)
                    if target.kind not in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
                        break
                if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                    out.add(decl_key(target.referenced))
        return frozenset(out)

    def havoc_env(self, env: dict, body: ci.Cursor, keep: set | None = None) -> dict:
        env = dict(env)
        for key in self.assigned_vars(body):
            if keep and key in keep:
                continue
            old = env.get(key)
            if isinstance(old, (Const, Sym, Bin, Unary, Cast, Select)):
                env[key] = self.symbols.fresh(f"v{key[1]}", old.ctype, "opaque", "value changed in a loop")
            elif isinstance(old, (GlobalState, DimsState)):
                env.pop(key)
        for v in env.values():
            if isinstance(v, TileState) and self.sets_valid(body, v):
                v.valid_row = self.symbols.fresh(f"{v.name}.validRow", "int", "opaque", "changed in a loop", 0)
                v.valid_col = self.symbols.fresh(f"{v.name}.validCol", "int", "opaque", "changed in a loop", 0)
        return env

    @staticmethod
    def sets_valid(body: ci.Cursor, _tile: TileState) -> bool:
        return memo(body, "sets_valid", lambda b: any(
            c.kind == K.CALL_EXPR and c.spelling.startswith("SetValid") for c in walk(b)))

    def for_stmt(self, c: ci.Cursor) -> None:
        kids = list(children(c))
        toks = list(c.get_tokens())
        semis = [t.extent.start.offset for t in toks if t.spelling == ";"]
        rparen = None
        depth = 0
        for t in toks:
            if t.spelling == "(":
                depth += 1
            elif t.spelling == ")":
                depth -= 1
                if depth == 0:
                    rparen = t.extent.start.offset
                    break
        if len(semis) < 2 or rparen is None:
            raise Unsupported("for statement shape not understood")
        s1, s2 = semis[0], semis[1]
        init = cond = inc = body = None
        for k in kids:
            off = k.extent.start.offset
            if off < s1:
                init = k
            elif off < s2:
                cond = k
            elif off < rparen:
                inc = k
            else:
                body = k
        if init is not None:
            self.stmt(init)
        induction = self.induction(init, cond, inc)
        base_path = list(self.path)
        keep = set()
        if induction is not None:
            key, start, step, bound_op, bound = induction
            keep.add(key)
            var = self.symbols.fresh(f"{self.var_name(key)}@L{c.location.line}", start.ctype, "input",
                                     f"loop variable of line {c.location.line}")
            cons = self.loop_constraints(var, start, step, bound_op, bound)
            self.frame.env = self.havoc_env(self.frame.env, body, keep) if body is not None else self.frame.env
            self.frame.env[key] = var
            self.path = base_path + cons
        else:
            self.frame.env = self.havoc_env(self.frame.env, c)
            if cond is not None:
                self.path = base_path + [self.cond_expr(cond)]
        env_in = self.frame.env
        self.drop_placements(c)
        if body is not None:
            try:
                self.stmt(body)
            except Stop as s:
                if s.kind == "return":
                    pass
        self.drop_placements(c)
        self.path = base_path
        self.frame.env = self.havoc_env(env_in, c)
        if induction is not None:
            key = induction[0]
            self.frame.env[key] = self.symbols.fresh(self.var_name(key), induction[1].ctype, "opaque",
                                                      "loop variable after the loop")

    def var_name(self, key: tuple[str, int]) -> str:
        return self.loop_names.get(key, "i")

    def induction(self, init, cond, inc):
        """(var key, start, step, op, bound) for `for (i = a; i op b; i += s)` loops, else None."""
        if init is None or cond is None or inc is None:
            return None
        key = None
        if init.kind == K.DECL_STMT:
            decls = [d for d in children(init) if d.kind == K.VAR_DECL]
            if len(decls) == 1:
                key = decl_key(decls[0])
                self.loop_names[key] = decls[0].spelling
        else:
            first = self.ref_target(next(iter(children(init)), None))
            if first is not None:
                key = decl_key(first)
                self.loop_names[key] = first.spelling
        if key is None:
            return None
        start = self.frame.env.get(key)
        if not isinstance(start, (Const, Sym, Bin, Unary, Cast, Select)):
            return None
        step = self.step_of(inc, key)
        if step is None or step == 0:
            return None
        if cond.kind != K.BINARY_OPERATOR:
            return None
        op = binop_token(cond)
        lhs, rhs = list(children(cond))
        lt, rt = self.ref_target(lhs), self.ref_target(rhs)
        if lt is not None and decl_key(lt) == key:
            bound = self.scalar(rhs)
        elif rt is not None and decl_key(rt) == key:
            bound = self.scalar(lhs)
            op = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}.get(op, op)
        else:
            return None
        if op not in ("<", "<=", ">", ">=", "!="):
            return None
        return key, start, step, op, bound

    def ref_target(self, c: ci.Cursor | None) -> ci.Cursor | None:
        while c is not None and c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            c = next(iter(children(c)), None)
        if c is not None and c.kind == K.DECL_REF_EXPR and c.referenced is not None \
                and c.referenced.kind in (K.VAR_DECL, K.PARM_DECL):
            return c.referenced
        return None

    def step_of(self, inc: ci.Cursor, key) -> int | None:
        if inc.kind == K.UNARY_OPERATOR:
            t = self.ref_target(next(iter(children(inc)), None))
            if t is None or decl_key(t) != key:
                return None
            op = unop_token(inc)
            return 1 if op.endswith("++") else -1 if op.endswith("--") else None
        if inc.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            lhs, rhs = list(children(inc))
            t = self.ref_target(lhs)
            if t is None or decl_key(t) != key:
                return None
            v = const_value(self.scalar(rhs))
            if not isinstance(v, int):
                return None
            op = binop_token(inc)
            return v if op == "+=" else -v if op == "-=" else None
        return None

    def loop_constraints(self, var: Sym, start: Expr, step: int, op: str, bound: Expr) -> list[Expr]:
        cons: list[Expr] = []
        ct = var.ctype
        if step > 0:
            cons.append(Bin(">=", var, start, "bool"))
        else:
            cons.append(Bin("<=", var, start, "bool"))
        if op == "!=":
            op = "<" if step > 0 else ">"
        cons.append(Bin(op, var, convert(bound, usual_type(ct, bound.ctype)), "bool"))
        if abs(step) != 1:
            diff = Bin("-", var, start, ct)
            cons.append(Bin("==", Bin("%", diff, Const(abs(step), ct), ct), Const(0, ct), "bool"))
        return [fold(x) for x in cons]

    def while_stmt(self, c: ci.Cursor) -> None:
        kids = list(children(c))
        base_path = list(self.path)
        self.frame.env = self.havoc_env(self.frame.env, c)
        if c.kind == K.WHILE_STMT:
            cond, body = kids[0], kids[-1]
            self.path = base_path + [self.cond_expr(cond)]
        else:
            body = kids[0]
        self.drop_placements(c)
        try:
            self.stmt(body)
        except Stop as s:
            if s.kind == "return":
                pass
        self.drop_placements(c)
        self.path = base_path
        self.frame.env = self.havoc_env(self.frame.env, c)

    # ---------------------------------------------------------------- expressions

    def scalar(self, c: ci.Cursor) -> Expr:
        v = self.value(c)
        if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
            return v
        raise Unsupported(f"not a scalar value: '{' '.join(tokens(c))[:60]}'")

    def value(self, c: ci.Cursor):
        """Evaluate an expression cursor: an IR Expr, a TileState, or None (no scalar value)."""
        self.tick()
        k = c.kind
        if k.is_expression() and k not in (K.CALL_EXPR, K.DECL_REF_EXPR, K.MEMBER_REF_EXPR):
            ct = ctype(c.type)
            if ct is not None:
                mv = self.macro_value(c)
                if mv is not None:
                    return Const(mv, ct) if ct not in ("float", "double", "half", "bfloat16_t") or \
                        isinstance(mv, float) else Const(float(mv), ct)
        if k == K.INTEGER_LITERAL:
            return self.int_literal(c)
        if k == K.FLOATING_LITERAL:
            toks = tokens(c)
            v = parse_float_literal(toks[0]) if toks else None
            if v is None:
                bound = self.lookup_tparam(toks[0] if toks else "")
                if isinstance(bound, (int, float)):
                    return Const(float(bound), ctype(c.type) or "float")
                raise Unsupported("float literal not understood")
            return Const(v, ctype(c.type) or "double")
        if k == K.CXX_BOOL_LITERAL_EXPR:
            toks = tokens(c)
            if toks and toks[0] in ("true", "false"):
                return Const(1 if toks[0] == "true" else 0, "bool")
            bound = self.lookup_tparam(toks[0] if toks else "")
            if isinstance(bound, int):
                return Const(1 if bound else 0, "bool")
            raise Unsupported("bool literal not understood")
        if k == K.CHARACTER_LITERAL:
            toks = tokens(c)
            if toks and len(toks[0]) == 3:
                return Const(ord(toks[0][1]), "char")
            raise Unsupported("character literal")
        if k == K.CXX_NULL_PTR_LITERAL_EXPR or k == K.GNU_NULL_EXPR:
            return None
        if k in (K.PAREN_EXPR,):
            return self.value(next(iter(children(c))))
        if k == K.UNEXPOSED_EXPR or k == K.CXX_FUNCTIONAL_CAST_EXPR or k == K.CSTYLE_CAST_EXPR \
                or k == K.CXX_STATIC_CAST_EXPR or k == K.CXX_CONST_CAST_EXPR or k == K.CXX_REINTERPRET_CAST_EXPR:
            kids = [x for x in children(c) if x.kind not in (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF)]
            if not kids:
                ct = ctype(c.type)
                if ct is not None and k == K.CXX_FUNCTIONAL_CAST_EXPR:
                    return Const(0, ct)  # T() value-initialisation
                return None
            if k != K.UNEXPOSED_EXPR and len(kids) == 1 and ctype(c.type) in INT_TYPES:
                addr = self.tile_address(kids[0])
                if addr is not None:  # (uint64_t)tile.data(): where the tile was placed, in bytes
                    return convert(addr, ctype(c.type))
            v = self.value(kids[-1]) if len(kids) == 1 or k != K.UNEXPOSED_EXPR else self.value_list(kids)
            if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                ct = ctype(c.type)
                return convert(v, ct) if ct is not None else v
            return v
        if k == K.DECL_REF_EXPR:
            return self.decl_ref(c)
        if k == K.MEMBER_REF_EXPR:
            return self.member_ref(c)
        if k == K.BINARY_OPERATOR:
            return self.binary(c)
        if k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            return self.compound_assign(c)
        if k == K.UNARY_OPERATOR:
            return self.unary(c)
        if k == K.CONDITIONAL_OPERATOR:
            cond, a, b = list(children(c))
            cv = self.cond_expr(cond)
            val = const_value(cv)
            if val is not None:
                return self.value(a if val else b)
            av, bv = self.value(a), self.value(b)
            if isinstance(av, TileState) or isinstance(bv, TileState) or av is None or bv is None:
                raise Unsupported("conditional over non-scalar values")
            ct = ctype(c.type) or av.ctype
            return fold(Select(cv, convert(av, ct), convert(bv, ct), ct))
        if k == K.CXX_UNARY_EXPR:
            return self.sizeof(c)
        if k == K.CALL_EXPR:
            return self.call(c)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            base, idx = list(children(c))
            self.value(idx)
            v = self.value(base)
            if isinstance(v, TileState):
                return v
            return self.symbols.fresh("element", ctype(c.type) or "int", "opaque", "array element") \
                if ctype(c.type) else None
        if k in (K.INIT_LIST_EXPR, K.LAMBDA_EXPR, K.CXX_NEW_EXPR, K.CXX_DELETE_EXPR, K.CXX_THIS_EXPR,
                 K.STRING_LITERAL, K.CXX_THROW_EXPR):
            for x in children(c):
                if k != K.LAMBDA_EXPR:
                    self.value(x)
            return None
        if k in (K.DECL_STMT, K.COMPOUND_STMT, K.IF_STMT, K.FOR_STMT):
            self.stmt(c)
            return None
        # anything else: evaluate children for their calls, no value
        for x in children(c):
            self.value(x)
        ct = ctype(c.type)
        if ct is not None and c.kind.is_expression():
            return self.symbols.fresh("expr", ct, "opaque", f"unmodelled expression {c.kind.name}")
        return None

    def value_list(self, kids):
        out = None
        for x in kids:
            out = self.value(x)
        return out

    def lookup_tparam(self, name: str):
        for fr in reversed(self.stack):
            if name in fr.tparams:
                return fr.tparams[name]
        return None

    def macro_value(self, c: ci.Cursor) -> int | float | None:
        """The value of an expression written as an object-like macro (`N` from `-DN=60`, `#define OFF (B + 8)`).

        Macro expansions carry no usable tokens in libclang, so the macro's body is expanded and evaluated
        here (integer constant expressions only); anything else is left to the normal path.
        """
        if not hasattr(self, "_macro_defs"):
            self._macro_defs: dict[str, list[ci.Cursor]] = {}
            self._macros: dict[str, list[str] | None] = {}  # tokenised lazily (headers define thousands)
            self._lines: dict[str, list[str]] = {}
            for m in self.top_level[1]:
                self._macro_defs.setdefault(m.spelling, []).append(m)
        if not self._macro_defs:
            return None
        fname = file_name(c)
        if not fname:
            return None
        loc = c.location
        if fname not in self._lines:
            try:
                self._lines[fname] = open(fname, encoding="utf-8", errors="replace").read().splitlines()
            except OSError:
                self._lines[fname] = []
        lines = self._lines[fname]
        if not 0 < loc.line <= len(lines):
            return None
        m = IDENT.match(lines[loc.line - 1], loc.column - 1)
        if not m or m.group(0) not in self._macro_defs or self._macro(m.group(0)) is None:
            return None
        ext = c.extent
        if (ext.start.line, ext.start.column) != (loc.line, loc.column) or (
                ext.end.line == loc.line and ext.end.column > loc.column + len(m.group(0))):
            return None  # the cursor covers more than the macro name
        text = self._expand(m.group(0), 0)
        if text is None:
            return None
        from ptolint.frontend.assume import AssumptionError, to_expr

        try:
            v = const_value(to_expr(text, lambda _name: None))
        except (AssumptionError, RecursionError):
            return None
        return v

    def _macro(self, name: str) -> list[str] | None:
        """The body tokens of the last object-like definition of macro `name` with a body, else None."""
        if name not in self._macros:
            body = None
            for m in self._macro_defs.get(name, []):
                toks = tokens(m)
                if len(toks) >= 2 and toks[0] == m.spelling and not self._is_function_like(m):
                    body = toks[1:]
            self._macros[name] = body
        return self._macros[name]

    @staticmethod
    def _is_function_like(m: ci.Cursor) -> bool:
        toks = list(m.get_tokens())
        return len(toks) > 1 and toks[1].spelling == "(" and toks[1].extent.start.offset == toks[0].extent.end.offset

    def _expand(self, name: str, depth: int) -> str | None:
        if depth > 16:
            return None
        out = []
        for t in self._macro(name) or []:
            if t != name and self._macro(t) is not None:
                sub = self._expand(t, depth + 1)
                if sub is None:
                    return None
                out.append(f"({sub})")
            else:
                out.append(t.rstrip("uUlL") if parse_int_literal(t) is not None else t)
        return " ".join(out)

    def int_literal(self, c: ci.Cursor) -> Expr:
        toks = tokens(c)
        ct = ctype(c.type) or "int"
        if toks:
            v = parse_int_literal(toks[0])
            if v is not None:
                return Const(v, ct)
            bound = self.lookup_tparam(toks[0])
            if isinstance(bound, int):
                return Const(bound, ct)
        raise Unsupported(f"integer literal '{' '.join(toks)}' not understood")

    def decl_ref(self, c: ci.Cursor):
        ref = referenced(c)
        kids = list(children(c))
        if ref is None:
            lits = [x for x in kids if x.kind in (K.INTEGER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.FLOATING_LITERAL)]
            if lits:
                v = self.value(lits[-1])
                ct = ctype(c.type)
                return convert(v, ct) if ct else v
            toks = tokens(c)
            bound = self.lookup_tparam(toks[-1]) if toks else None
            if isinstance(bound, int):
                return Const(bound, ctype(c.type) or "int")
            raise Unsupported(f"unresolved name '{' '.join(toks)}'")
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return Const(ref.enum_value, "int")
        if ref.kind in (K.VAR_DECL, K.PARM_DECL):
            key = decl_key(ref)
            for fr in reversed(self.stack):
                if key in fr.env:
                    return fr.env[key]
            return self.global_var(ref)
        if ref.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
            bound = self.lookup_tparam(ref.spelling)
            if isinstance(bound, int):
                return Const(bound, ctype(c.type) or "int")
        return None

    def global_var(self, ref: ci.Cursor):
        """A variable declared outside the walked functions: a constant with an initialiser, or a tile."""
        spec = tile_spec_of(ref.type)
        if spec is not None:
            state = self.new_tile(spec, ref.spelling, ref, None)
            self.stack[0].env[decl_key(ref)] = state
            return state
        ct = ctype(ref.type)
        if ct is None:
            return None
        init = [x for x in children(ref) if x.kind not in (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF)]
        is_const = ref.type.is_const_qualified() or "constexpr" in tokens(ref)[:4]
        if init and is_const:
            parent = ref.semantic_parent
            frame = Frame(ref, class_bindings(parent) if parent is not None and parent.kind in (
                K.STRUCT_DECL, K.CLASS_DECL) else {})
            self.stack.append(frame)
            try:
                v = self.value(init[-1])
            finally:
                self.stack.pop()
            if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                return convert(v, ct)
        if ref.spelling in BUILTIN_VARS:  # block_idx / block_num: the same values as get_block_idx() / ...
            return convert(self.symbols.block(BUILTIN_VARS[ref.spelling]), ct)
        return self.symbols.fresh(ref.spelling, ct, "input" if not is_const else "opaque", f"global {ref.spelling}")

    def member_ref(self, c: ci.Cursor):
        ref = referenced(c)
        kids = list(children(c))
        if ref is not None and ref.kind == K.VAR_DECL:  # static member through an object
            return self.global_var(ref)
        base = self.value(kids[0]) if kids else None
        if isinstance(base, TileState):
            return base
        ct = ctype(c.type)
        if ref is not None and ref.kind == K.FIELD_DECL and ct is not None:
            text = " ".join(tokens(c)).replace(" . ", ".").replace(" -> ", "->")
            if not self.input_rooted(c):  # a field of a struct built in the kernel that is not followed
                return self.symbols.fresh(text, ct, "opaque", f"field {text} of a local struct")
            key = ("field", hash(text))
            root = self.stack[0]
            if key not in root.env:
                root.env[key] = self.symbols.fresh(text, ct, "input", f"field {text}")
            return root.env[key]
        return None

    def input_rooted(self, c: ci.Cursor) -> bool:
        """Whether the object an expression reads from comes from the kernel's inputs (an entry parameter, a
        global, or a pointer/struct argument passed down from one), rather than from a struct the kernel built."""
        root = root_decl(c)
        if root is None:
            return False
        if root.kind == K.VAR_DECL and root.semantic_parent is not None and root.semantic_parent.kind in (
                K.TRANSLATION_UNIT, K.NAMESPACE, K.STRUCT_DECL, K.CLASS_DECL):
            return True  # a global or static member
        key = decl_key(root)
        for fr in reversed(self.stack):
            if key in fr.env:
                v = fr.env[key]
                return v is INPUT_ROOT or isinstance(v, (Const, Sym, Bin, Unary, Cast, Select))
        return root.kind == K.PARM_DECL and root.semantic_parent is not None and \
            root.semantic_parent.get_usr() == self.stack[0].function.get_usr()

    def sizeof(self, c: ci.Cursor) -> Expr:
        toks = tokens(c)
        if not toks or toks[0] not in ("sizeof", "alignof", "alignas"):
            raise Unsupported(f"unary expression '{' '.join(toks)[:40]}'")
        kids = list(children(c))
        if kids and kids[0].kind.is_expression():
            size = type_size(kids[0].type)
            if size > 0:
                return Const(size, "unsigned long")
        inner = toks[2:-1] if len(toks) > 3 and toks[1] == "(" else toks[1:]
        size = self.size_of_tokens(inner)
        if size is None:
            raise Unsupported(f"sizeof({' '.join(inner)}) not understood")
        return Const(size, "unsigned long")

    def size_of_tokens(self, toks: list[str]) -> int | None:
        text = " ".join(toks)
        if text.startswith("typename "):
            toks = toks[1:]
            text = " ".join(toks)
        if len(toks) == 1:
            bound = self.lookup_tparam(toks[0])
            if bound is not None and not isinstance(bound, int):
                return type_size(bound)
            name = element_name(toks[0])
            if name in ELEMENT_SIZES:
                return ELEMENT_SIZES[name]
            return ELEMENT_SIZES.get(toks[0])
        if len(toks) == 3 and toks[1] == "::" and toks[2] in ("DType", "value_type", "type"):
            bound = self.lookup_tparam(toks[0])
            if bound is not None and not isinstance(bound, int):
                spec = tile_spec_of(bound)
                if spec is not None:
                    return spec.elem_size or ELEMENT_SIZES.get(spec.dtype)
        if text in ("unsigned int", "unsigned short", "unsigned char", "long long", "unsigned long"):
            return {"unsigned int": 4, "unsigned short": 2, "unsigned char": 1, "long long": 8,
                    "unsigned long": 8}[text]
        return None

    def binary(self, c: ci.Cursor):
        op = binop_token(c)
        lhs, rhs = list(children(c))
        if op not in ("=", ",") and ctype(c.type) is None:  # pointer arithmetic, overloaded operators...
            self.try_value(lhs)
            self.try_value(rhs)
            return None
        if op == "=":
            v = self.value(rhs)
            self.assign(lhs, v)
            return v
        if op == ",":
            self.value(lhs)
            return self.value(rhs)
        if op in ("&&", "||"):
            a = self.cond_expr(lhs)
            av = const_value(a)
            if av is not None:
                if (op == "&&" and not av) or (op == "||" and av):
                    return Const(av and 1 or 0, "bool")
                return self.cond_expr(rhs)
            return fold(Bin(op, a, self.cond_expr(rhs), "bool"))
        a, b = self.scalar(lhs), self.scalar(rhs)
        rt = ctype(c.type) or "int"
        if op in COMPARE:
            ct = usual_type(a.ctype, b.ctype)
            return fold(Bin(op, convert(a, ct), convert(b, ct), "bool"))
        if op in ("<<", ">>"):
            return fold(Bin(op, convert(a, rt), b, rt))
        return fold(Bin(op, convert(a, rt), convert(b, rt), rt))

    def compound_assign(self, c: ci.Cursor):
        op = binop_token(c)[:-1]
        lhs, rhs = list(children(c))
        a, b = self.scalar(lhs), self.scalar(rhs)
        ct = usual_type(a.ctype, b.ctype)
        r = fold(Bin(op, convert(a, ct), convert(b, ct) if op not in ("<<", ">>") else b, ct))
        r = convert(r, a.ctype)
        self.assign(lhs, r)
        return r

    def unary(self, c: ci.Cursor):
        op = unop_token(c)
        kid = next(iter(children(c)))
        if op in ("++", "--", "post++", "post--"):
            old = self.scalar(kid)
            delta = 1 if op.endswith("++") else -1
            new = convert(fold(Bin("+", old, Const(delta, old.ctype), old.ctype)), old.ctype)
            self.assign(kid, new)
            return old if op.startswith("post") else new
        if op in ("&", "*"):
            v = self.value(kid)
            return v if isinstance(v, TileState) else None
        a = self.scalar(kid)
        if op == "!":
            return fold(Unary("!", convert(a, "bool"), "bool"))
        if op in ("-", "~"):
            ct = ctype(c.type) or a.ctype
            return fold(Unary(op, convert(a, ct), ct))
        if op == "+":
            return a
        raise Unsupported(f"unary operator '{op}'")

    def assign(self, lhs: ci.Cursor, v) -> None:
        t = self.ref_target(lhs)
        if t is None:
            self.value(lhs)
            return
        key = decl_key(t)
        for fr in reversed(self.stack):
            if key in fr.env:
                old = fr.env[key]
                if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                    ct = ctype(t.type)
                    fr.env[key] = convert(v, ct) if ct else v
                elif isinstance(v, TileState) and isinstance(old, TileState):
                    old.valid_row, old.valid_col = v.valid_row, v.valid_col
                    if not old.array:
                        old.addr, old.binding = v.addr, v.binding
                elif isinstance(v, (GlobalState, DimsState)):
                    fr.env[key] = v
                else:
                    fr.env.pop(key, None)
                return
        if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
            self.stack[0].env[key] = v

    # ---------------------------------------------------------------- calls

    def call(self, c: ci.Cursor):
        ref = referenced(c)
        name = c.spelling
        if ref is None:
            for x in children(c):
                self.value(x)
            ct = ctype(c.type)
            return self.symbols.fresh(name or "call", ct, "opaque", "unresolved call") if ct else None
        if ref.kind == K.CONSTRUCTOR:
            args = list(arguments(c))
            if global_spec_of(c.type) is not None or dims_head_of(c.type) is not None:
                return self.construct(c.type, args, c.spelling or "tmp")
            if len(args) == 1:
                v = self.value(args[0])
                if isinstance(v, TileState):
                    return v
                ct = ctype(c.type)
                if ct is not None and isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                    return convert(v, ct)  # half(x), bfloat16_t(x): scalar element structs
            if not args and ctype(c.type) is not None:
                return Const(0, ctype(c.type))
            for a in args:
                self.value(a)
            return None
        if ref.kind == K.CONVERSION_FUNCTION:  # e.g. half -> float through operator float()
            callee = next(iter(children(c)), None)
            base = next(iter(children(callee)), None) if callee is not None else None
            v = self.value(base) if base is not None else None
            ct = ctype(c.type)
            if ct is not None and isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                return convert(v, ct)
        if name in BLOCK_FUNCS:
            return convert(self.symbols.block(name), ctype(c.type))
        if ref.kind == K.CXX_METHOD:
            kids = list(children(c))
            callee = kids[0] if kids else None
            obj = None
            if callee is not None and callee.kind == K.MEMBER_REF_EXPR:
                sub = list(children(callee))
                obj = self.value(sub[0]) if sub else None
            if isinstance(obj, TileState):
                return self.tile_method(obj, name, list(arguments(c)), c)
        if is_builtin_decl(ref, self.builtins):
            if ref.spelling in self.builtins:
                self.builtin_call(c, ref)
            else:
                for a in arguments(c):
                    self.try_value(a)
                other = self.stats.other_builtins
                other[name] = other.get(name, 0) + 1
            return None
        if ref.kind in (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE) and self.has_body(ref):
            return self.user_call(c, ref)
        for a in arguments(c):
            self.value(a)
        if str(MODEL_INCLUDE) in file_name(ref):
            other = self.stats.other_builtins
            other[name] = other.get(name, 0) + 1
        ct = ctype(c.type)
        return self.symbols.fresh(name or "call", ct, "opaque", f"result of {name}()") if ct else None

    @staticmethod
    def has_body(fn: ci.Cursor) -> bool:
        return any(k.kind == K.COMPOUND_STMT for k in children(fn))

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
            tile.addr, tile.binding = None, 0
        vals = [convert(self.scalar(a), "int") for a in args]
        if name == "SetValidRow" and vals:
            tile.valid_row = vals[0]
        elif name == "SetValidCol" and vals:
            tile.valid_col = vals[0]
        elif name in ("SetValidShape", "SetValidRegion", "SetValid") and len(vals) >= 2:
            tile.valid_row, tile.valid_col = vals[0], vals[1]
        ct = ctype(c.type)
        return self.symbols.fresh(name, ct, "opaque", f"result of {name}()") if ct else None

    def user_call(self, c: ci.Cursor, ref: ci.Cursor):
        if len(self.stack) >= MAX_DEPTH:
            msg = f"call depth limit ({MAX_DEPTH}) reached: {ref.spelling} and what it calls were not analysed"
            if (c.location.line, msg) not in self.limits:
                self.limits.append((c.location.line, msg))
            raise Unsupported(msg)
        frame = Frame(ref, template_bindings(ref))
        params = list(arguments(ref))
        args = list(arguments(c))
        if ref.kind == K.CXX_METHOD and ref.spelling.startswith("operator") and len(args) == len(params) + 1:
            self.try_value(args[0])  # an overloaded operator's object comes first: `a = f(...)` is a.operator=(f(...))
            args = args[1:]
        for extra in args[len(params):]:  # variadic arguments: evaluated for their calls
            self.try_value(extra)
        for i, p in enumerate(params):
            if i < len(args):
                v = self.try_value(args[i])
            else:
                default = [x for x in children(p) if x.kind.is_expression()]
                self.stack.append(frame)
                try:
                    v = self.value(default[-1]) if default else None
                finally:
                    self.stack.pop()
            ct = ctype(p.type)
            if isinstance(v, TileState):
                spec = tile_spec_of(p.type)
                byref = p.type.get_canonical().kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE,
                                                        ci.TypeKind.POINTER)
                frame.env[decl_key(p)] = v if byref or spec is None else self.track(
                    v.copy(v.name, v.decl_file, v.decl_line))
            elif ct is not None and isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                frame.env[decl_key(p)] = convert(v, ct)
            elif ct is not None:
                frame.env[decl_key(p)] = self.symbols.fresh(p.spelling, ct, "opaque", "argument not modelled")
            elif isinstance(v, (GlobalState, DimsState)):
                frame.env[decl_key(p)] = v
            elif ct is None and i < len(args) and self.input_rooted(args[i]):
                frame.env[decl_key(p)] = INPUT_ROOT  # a pointer / struct reaching back to the kernel's inputs
        disp = display_name(ref)
        self.stats.instantiations.add(ref.displayname + disp)
        self.entered.add(ref.get_usr())
        self.stack.append(frame)
        self.chain.append(ChainFrame(disp, file_name(c),
                                     c.location.line, c.location.column))
        saved_path = list(self.path)
        self.apply_assumptions(ref, frame)
        try:
            self.exec_body(ref)
        except Stop:
            pass
        finally:
            self.stack.pop()
            self.chain.pop()
            self.path = saved_path
        ct = ctype(c.type)
        objs = [v for _, v in frame.returns if isinstance(v, (GlobalState, DimsState))]
        if ct is None:  # a returned GlobalTensor / Shape is kept when every return gives the same one
            return objs[0] if objs and len(objs) == len(frame.returns) and all(o == objs[0] for o in objs) else None
        if objs:
            return self.symbols.fresh(ref.spelling, ct, "opaque", f"result of {ref.spelling}()")
        if len(frame.returns) == 1:
            return convert(frame.returns[0][1], ct)
        if frame.returns:
            out: Expr | None = None
            for conds, v in reversed(frame.returns):
                extra = [x for x in conds if x not in saved_path]
                if out is None:
                    out = convert(v, ct)
                    continue
                g: Expr = Const(1, "bool")
                for x in extra:
                    g = Bin("&&", g, x, "bool")
                out = fold(Select(g, convert(v, ct), out, ct))
            return out
        return self.symbols.fresh(ref.spelling, ct, "opaque", f"result of {ref.spelling}()")

    def builtin_call(self, c: ci.Cursor, ref: ci.Cursor) -> None:
        self.stats.builtin_calls += 1
        try:
            site = self.make_site(c, ref)
        except Unsupported as exc:
            self.stats.unresolved += 1
            self.unresolved.append(Unresolved(ref.spelling, file_name(c),
                                              c.location.line, c.location.column, self.target, str(exc)))
            for t in self.site_tiles.values():  # whatever the call did to their placement is not known
                t.addr, t.binding = None, 0
            return
        if site.unresolved:  # some operand could not be followed: counted unresolved, kept for operand-free rules
            self.stats.unresolved += 1
            self.unresolved.append(Unresolved(ref.spelling, file_name(c), c.location.line, c.location.column,
                                              self.target, site.unresolved))
        else:
            self.stats.resolved += 1
        site.entry, site.arms = self.entry, tuple(self.arms)
        self.sites.append(site)
        self.rebind(site)

    def rebind(self, site: CallSite) -> None:
        """Builtins that give a tile a (new) address: TASSIGN places it, TRESHAPE makes `dst` another view of
        `src`'s storage, TSUBVIEW / TPUSH / TPOP put it somewhere the walk does not follow."""
        tiles = self.site_tiles
        if site.builtin == "TASSIGN" and "obj" in tiles:
            self.place(site, tiles["obj"])
        elif site.builtin == "TRESHAPE" and "dst" in tiles and "src" in tiles:
            dst, src = tiles["dst"], tiles["src"]
            dst.addr, dst.binding = (None, 0) if dst.array else (src.addr, src.binding)
        elif site.builtin in ("TSUBVIEW", "TPUSH", "TPOP", "TALLOC", "TFREE"):
            for name in ("dst", "tile"):
                if name in tiles:
                    tiles[name].addr, tiles[name].binding = None, 0

    def make_site(self, c: ci.Cursor, ref: ci.Cursor) -> CallSite:
        params = list(arguments(ref))
        args = list(arguments(c))
        names: list[str] = []
        operands = []
        failed: list[str] = []
        self.site_tiles: dict[str, TileState] = {}  # parameter -> the tile object passed (for TASSIGN)
        for i, p in enumerate(params):
            pname = p.spelling or f"arg{i}"
            if i < len(args):
                text = " ".join(tokens(args[i]))
                try:
                    v = self.value(args[i])
                except Unsupported as exc:
                    failed.append(f"{pname}: {exc}")
                    operands.append(TypeOperand(p.type.get_canonical().spelling, text))
                    names.append(pname)
                    continue
            else:
                default = [x for x in children(p) if x.kind.is_expression()]
                frame = Frame(ref, template_bindings(ref))
                self.stack.append(frame)
                try:
                    v = self.value(default[-1]) if default else None
                finally:
                    self.stack.pop()
                text = "(default)"
            if isinstance(v, TileState):
                self.site_tiles[pname] = v
                operands.append(TileOperand(v.spec, v.valid_row, v.valid_col, text or v.name,
                                            v.decl_line, v.decl_file, v.addr, v.binding))
            elif isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                ct = ctype(p.type)
                operands.append(ScalarOperand(convert(v, ct) if ct else v, text))
            elif global_spec_of(p.type) is not None:
                g = v if isinstance(v, GlobalState) else self.opaque_global(global_spec_of(p.type), text or pname)
                operands.append(GlobalOperand(g.spec, g.shape, g.stride, text or g.name))
            else:
                operands.append(TypeOperand(p.type.get_canonical().spelling, text))
            names.append(pname)
        ext = c.extent
        return CallSite(
            builtin=ref.spelling,
            file=file_name(c),
            line=c.location.line,
            column=c.location.column,
            end_line=ext.end.line,
            end_column=ext.end.column,
            target=self.target,
            params=names,
            args=operands,
            template_args=self.builtin_template_args(c, ref),
            path=list(self.path),
            chain=list(self.chain),
            unresolved="; ".join(failed),
        )

    def builtin_template_args(self, c: ci.Cursor, ref: ci.Cursor) -> dict[str, str]:
        """Non-type template arguments of a builtin instantiation, enumerators by name."""
        out: dict[str, str] = {}
        n = ref.get_num_template_arguments()
        tmpl = ci.conf.lib.clang_getSpecializedCursorTemplate(ref)
        if n <= 0 or tmpl is None or tmpl.kind is None:
            return out
        params = [x for x in children(tmpl) if x.kind in (
            K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]
        for i, p in enumerate(params[:n]):
            if p.kind != K.TEMPLATE_NON_TYPE_PARAMETER or not p.spelling:
                continue
            if targ_kind(ref, i) != ci.TemplateArgumentKind.INTEGRAL:
                continue
            value = ref.get_template_argument_value(i)
            out[p.spelling] = self.enum_name(p, value, c, i)
        return out

    def enum_name(self, p: ci.Cursor, value: int, call: ci.Cursor, index: int) -> str:
        decl = p.type.get_canonical().get_declaration()
        if decl is not None and decl.kind == K.ENUM_DECL:
            for e in children(decl):
                if e.kind == K.ENUM_CONSTANT_DECL and e.enum_value == value:
                    return e.spelling
        # `auto` parameters: the enumerator written at the call in this parameter's position, else the default
        callee = next(iter(children(call)), None)
        explicit = explicit_template_args(tokens(callee) if callee is not None else [])
        written = explicit[index] if index < len(explicit) else [
            t for x in children(p) if x.kind.is_expression() for t in tokens(x)]
        names = [t for t in written if t.isidentifier() and t != "typename"]
        if callee is not None and index < len(explicit):  # `TPOW<algo>` with a constexpr enum variable `algo`
            for x in walk(callee):
                decl = x.type.get_canonical().get_declaration() if x.kind.is_expression() else None
                if decl is not None and decl.kind == K.ENUM_DECL and tokens(x) == written:
                    for e in children(decl):
                        if e.kind == K.ENUM_CONSTANT_DECL and e.enum_value == value:
                            return e.spelling
        if len(names) == 1 and self.lookup_tparam(names[0]) is not None:  # forwarded: `TPOW<algo>` inside a template
            enum = self.tparam_enum(names[0])
            if enum is not None:
                for e in children(enum):
                    if e.kind == K.ENUM_CONSTANT_DECL and e.enum_value == value:
                        return e.spelling
            return str(value)
        return strip_ns(names[-1]) if names else str(value)

    def tparam_enum(self, name: str) -> ci.Cursor | None:
        """The enum declaration of an enclosing function template's non-type parameter `name`, if it has one."""
        for fr in reversed(self.stack):
            if name not in fr.tparams:
                continue
            tmpl = ci.conf.lib.clang_getSpecializedCursorTemplate(fr.function)
            if tmpl is None or tmpl.kind is None:
                return None
            for x in children(tmpl):
                if x.kind == K.TEMPLATE_NON_TYPE_PARAMETER and x.spelling == name:
                    decl = x.type.get_canonical().get_declaration()
                    return decl if decl is not None and decl.kind == K.ENUM_DECL else None
            return None
        return None


#: env marker of a pointer / struct variable whose fields are kernel inputs (see Interpreter.input_rooted)
INPUT_ROOT = object()


def root_decl(c: ci.Cursor) -> ci.Cursor | None:
    """The variable an lvalue expression starts from: `a.b->c[i]` -> a; None for calls and temporaries."""
    while c is not None:
        k = c.kind
        if k == K.DECL_REF_EXPR:
            r = referenced(c)
            return r if r is not None and r.kind in (K.VAR_DECL, K.PARM_DECL) else None
        if k == K.MEMBER_REF_EXPR:
            kids = list(children(c))
            if not kids:  # an implicit `this->field`
                return None
            c = kids[0]
        elif k in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.ARRAY_SUBSCRIPT_EXPR, K.CSTYLE_CAST_EXPR,
                   K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR) or (
                k == K.UNARY_OPERATOR and unop_token(c) in ("*", "&")):
            kids = [x for x in children(c) if x.kind.is_expression()]
            if not kids:
                return None
            c = kids[0]
        else:
            return None
    return None


def explicit_template_args(toks: list[str]) -> list[list[str]]:
    """The explicit template argument list of a call's callee tokens (`F<a, B::c>`), one token list per argument."""
    if "<" not in toks:
        return []
    out: list[list[str]] = [[]]
    depth = 0
    for t in toks[toks.index("<") + 1:]:
        if t in ("<", "(", "["):
            depth += 1
        elif t in (")", "]") or (t == ">" and depth > 0):
            depth -= 1
        elif t == ">":
            break
        elif t == ">>":  # closes two levels: an inner one and, at depth 1, this list
            if depth <= 1:
                if depth == 1:
                    out[-1].append(">")
                break
            depth -= 2
        elif t == "," and depth == 0:
            out.append([])
            continue
        out[-1].append(t)
    return out if out != [[]] else []


def analyse(tu: ci.TranslationUnit, target: str, main_file: str, builtins: set[str], **kw) -> Program:
    cursors.reset()
    try:
        return Interpreter(tu, target, main_file, builtins, **kw).run()
    finally:
        cursors.reset()


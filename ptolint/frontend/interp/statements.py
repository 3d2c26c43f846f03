"""Statements: blocks, declarations, if / switch with both arms walked and merged, expression statements.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import ctypes

import clang.cindex as ci

from ptolint.frontend.cursors import (
    arguments,
    at_recursion_limit,
    children,
    declared_constexpr,
    in_pattern,
    is_if_constexpr,
    memo,
)
from ptolint.frontend.cursors import kind as kind_of
from ptolint.frontend.interp.constants import constant
from ptolint.frontend.interp.core import (
    INPUT_ROOT,
    TYPE_NAMES,
    K,
    Stop,
)
from ptolint.frontend.values import (
    DeclKey,
    DimsState,
    GlobalState,
    TileState,
    Unsupported,
    const_value,
    convert,
    ctype,
    decl_key,
    dims_head_of,
    fold,
    global_spec_of,
    pipe_params,
    tile_spec_of,
)
from ptolint.ir import (
    Bin,
    Cast,
    Const,
    Expr,
    Select,
    Sym,
    Unary,
)


class Statements:
    def exec_body(self, fn: ci.Cursor) -> None:
        for c in children(fn):
            if c.kind == K.COMPOUND_STMT:
                self.stmt(c)

    def stmt(self, c: ci.Cursor) -> None:
        """Execute one statement; what cannot be modelled makes its assigned variables opaque, not the walk stop."""
        try:
            self.stmt_inner(c)
        except (Unsupported, RecursionError, ctypes.ArgumentError) as exc:  # RecursionError: C++ nested too deeply
            if "budget" in str(exc) or isinstance(exc, ctypes.ArgumentError) and not at_recursion_limit(exc):
                raise
            self.stats.skipped_statements += 1
            self.forget_assigned(c)

    def stmt_inner(self, c: ci.Cursor) -> None:
        self.tick()
        k = kind_of(c)
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
        scalar = memo(d, "scalar_decl", self.scalar_decl)
        if scalar is not None:  # the common case, decided once per declaration
            key, ct, init = scalar
            if init is not None:
                known = memo(d, "constant_init", self.constant_init)
                if known is not None:
                    self.frame.env[key] = known
                    return
                v = self.try_value(init)
                if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                    self.frame.env[key] = convert(v, ct)
                    return
            self.frame.env[key] = self.symbols.fresh(d.spelling, ct, "opaque", "uninitialised or unmodelled value")
            return
        spec = tile_spec_of(d.type)
        kids = [x for x in children(d) if x.kind not in TYPE_NAMES]
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
        if pipe_params(d.type) is not None:
            self.pipe_decl(d, kids)
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

    @staticmethod
    def scalar_decl(d: ci.Cursor) -> tuple[DeclKey, str, ci.Cursor | None] | None:
        """(key, C type, initialiser) of a declaration of a scalar number, None for any other declaration (the
        facts var_decl needs from the declaration's type and children, which do not change between walks)."""
        if tile_spec_of(d.type) is not None or global_spec_of(d.type) is not None or dims_head_of(d.type) is not None:
            return None
        ct = ctype(d.type)
        if ct is None:
            return None
        kids = [x for x in children(d) if x.kind not in TYPE_NAMES]
        return decl_key(d), ct, kids[-1] if kids else None

    def constant_init(self, d: ci.Cursor) -> Const | None:
        """The value of a constexpr integer variable, as clang computed it (the initialiser of a `constexpr int n =
        PTO_CEIL(M, 16)` is a tree of macros, casts and template arguments the walk would otherwise evaluate node by
        node at every instantiation), in a function that is not a template pattern; None for any other declaration."""
        if in_pattern(self.frame.function) or not declared_constexpr(d):  # the function: one memo per instantiation
            return None
        _, ct, init = memo(d, "scalar_decl", self.scalar_decl)
        return constant(init, ct)

    def constexpr_condition(self, c: ci.Cursor) -> Const | None:
        """clang's value of an `if constexpr` condition in a function that is not a template pattern, else None."""
        if in_pattern(self.frame.function) or not is_if_constexpr(c):
            return None
        kids = [k for k in children(c) if k.kind not in (K.DECL_STMT, K.VAR_DECL)]
        return constant(kids[0], "bool") if kids else None

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
        # `if constexpr`: the arm clang instantiates, by the condition's value as clang computed it
        cv = memo(c, "constexpr_condition", self.constexpr_condition)
        if cv is None:
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
        mark = self.placement_mark()
        live_moves, moves = [], []
        results = []
        self.branches += 1
        for i, (guard, arm) in enumerate(((cv, then), (fold(Unary("!", cv, "bool")), other))):
            self.frame.env = dict(base_env)
            for k, (r, cl) in tiles_before.items():
                base_env[k].valid_row, base_env[k].valid_col = r, cl
            self.undo_placements(mark)
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
            moves.append(self.arm_placements(mark))
            if stopped is None:
                live_moves.append(moves[-1])
        self.undo_placements(mark)
        self.merge_placements(mark, live_moves, moves)
        live = [r for r in results if r[3] is None]
        self.path = base_path
        if not live:
            self.leave({r[3].kind for r in results})
        if len(live) == 1:
            self.soft_stops.append(next(r[3].kind for r in results if r[3] is not None))
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

    def leave(self, kinds: set[str]) -> None:
        """Every arm of a branch left the statement list: raise the exit that keeps the most code reachable
        (continue, then break, then return) and note the others as exits taken on some paths (loops.py)."""
        for kind in ("continue", "break", "return"):
            if kind in kinds:
                self.soft_stops.extend(sorted(kinds - {kind}))
                raise Stop(kind)

    def switch_stmt(self, c: ci.Cursor) -> None:
        """Each case label is walked from where it stands to the next `break` (falling through the labels after
        it) under `value == label` (the default under no label matching); afterwards a variable or valid region
        the cases leave different is unknown."""
        kids = list(children(c))
        cond, body = kids[-2], kids[-1]
        v = self.scalar(cond)
        items = list(children(body)) if body.kind == K.COMPOUND_STMT else [body]
        base_env, base_path = dict(self.frame.env), list(self.path)
        tiles = [t for t in self.tiles]
        tiles_before = [(t.valid_row, t.valid_col) for t in tiles]
        mark = self.placement_mark()
        moves = []
        labels = memo(body, "switch_labels", lambda _b: tuple(
            (i, x) for i, x in enumerate(items) if x.kind in (K.CASE_STMT, K.DEFAULT_STMT)))
        values = []
        for _, x in labels:
            if x.kind == K.CASE_STMT:
                values.append(self.scalar(children(x)[0]))
        ends: list[tuple[dict, list, list]] = []  # (env, tile regions, placements) of each way out of the switch
        exits: set[str] = set()
        self.branches += 1
        has_default = any(x.kind == K.DEFAULT_STMT for _, x in labels)
        walked = False  # an arm was walked since the state was last set back to the switch's (after the loop the
        # state is then what setting it back before every arm left, as before: the last arm's, or the switch's)
        for arm, (i, label) in enumerate(labels):
            # the guard first (a case label is a constant expression: the state does not change it), so that an arm
            # that cannot be taken (a test kernel's switch over hundreds of case numbers) costs no setting back
            if label.kind == K.CASE_STMT:
                guard: Expr = fold(Bin("==", v, self.scalar(children(label)[0]), "bool"))
            else:
                guard = Const(1, "bool")
                for cv in values:
                    guard = fold(Bin("&&", guard, fold(Bin("!=", v, cv, "bool")), "bool"))
            if arm == 0 or walked:
                self.switch_back(base_env, tiles, tiles_before, mark)
                walked = False
            if const_value(guard) == 0:
                continue
            walked = True
            self.path = base_path + [guard]
            self.arms.append((self.branches, arm))
            stopped = None
            try:
                for x in items[i:]:
                    while x is not None and x.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                        sub = children(x)
                        x = sub[-1] if len(sub) > (1 if x.kind == K.CASE_STMT else 0) else None
                    if x is not None:
                        self.stmt(x)
            except Stop as s:
                stopped = s.kind
            finally:
                self.arms.pop()
            moves.append(self.arm_placements(mark))
            if stopped in (None, "break"):
                ends.append((dict(self.frame.env), [(t.valid_row, t.valid_col) for t in tiles], moves[-1]))
            else:
                exits.add(stopped)
        if not has_default:  # no label matches: the switch does nothing
            ends.append((dict(base_env), list(tiles_before), {}))
        self.path = base_path
        self.undo_placements(mark)
        self.merge_placements(mark, [p for _, _, p in ends], moves)
        if not ends:
            self.frame.env = base_env
            self.leave(exits)
        self.soft_stops.extend(sorted(exits))
        merged = dict(ends[0][0])
        for key in set().union(*(e for e, _, _ in ends)):
            vals = [e.get(key) for e, _, _ in ends]
            if all(x is vals[0] or x == vals[0] for x in vals):
                continue
            old = vals[0] if vals[0] is not None else next(x for x in vals if x is not None)
            if isinstance(old, (Const, Sym, Bin, Unary, Cast, Select)):
                merged[key] = self.symbols.fresh("value", old.ctype, "opaque", "differs between switch cases")
            else:
                merged.pop(key, None)
        self.frame.env = merged
        for k, t in enumerate(tiles):
            rows = [regions[k][0] for _, regions, _ in ends]
            cols = [regions[k][1] for _, regions, _ in ends]
            t.valid_row = rows[0] if all(r is rows[0] or r == rows[0] for r in rows) else self.symbols.fresh(
                f"{t.name}.validRow", "int", "opaque", "differs between switch cases")
            t.valid_col = cols[0] if all(x is cols[0] or x == cols[0] for x in cols) else self.symbols.fresh(
                f"{t.name}.validCol", "int", "opaque", "differs between switch cases")

    def switch_back(self, base_env: dict, tiles: list, regions: list, mark) -> None:
        """Set the variables, valid regions and placements back to what they were before the switch."""
        self.frame.env = dict(base_env)
        for t, (r, col) in zip(tiles, regions, strict=True):
            t.valid_row, t.valid_col = r, col
        self.undo_placements(mark)

"""Loops: for / while / do, unrolled iteration by iteration where the trip count is known, summarised soundly where not.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend.cursors import children, memo, walk
from ptolint.frontend.interp.core import (
    K,
    Stop,
)
from ptolint.frontend.values import (
    DimsState,
    GlobalState,
    TileState,
    Unsupported,
    binop_token,
    const_value,
    convert,
    decl_key,
    fold,
    unop_token,
    usual_type,
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


class Loops:
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

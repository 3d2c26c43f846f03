"""Expressions: C++ expression cursors -> IR values (scalars as IR expressions, tiles, objects), assignments.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend.cursors import (
    children,
    first_token,
    in_macro_expansion,
    in_pattern,
    is_function_like,
    macro_index,
    memo,
    position,
    referenced,
    usr,
)
from ptolint.frontend.interp.constants import constant
from ptolint.frontend.interp.core import (
    BUILTIN_VARS,
    COMPARE,
    INPUT_ROOT,
    MAX_STEPS,
    TYPE_NAMES,
    K,
    root_decl,
)
from ptolint.frontend.values import (
    ELEMENT_SIZES,
    IDENT,
    DeclKey,
    DimsState,
    Frame,
    GlobalState,
    TileState,
    Unsupported,
    binop_token,
    class_bindings,
    const_value,
    convert,
    ctype,
    decl_key,
    element_name,
    expr_ctype,
    fold,
    parse_float_literal,
    parse_int_literal,
    tile_spec_of,
    tokens,
    type_size,
    unop_token,
    usual_type,
)
from ptolint.ir import (
    INT_TYPES,
    Bin,
    Cast,
    Const,
    Expr,
    Select,
    Sym,
    Unary,
)

#: the cursor kinds value() hands to one method as they are (looked up before the other kinds are told apart)
DELEGATED = {K.INTEGER_LITERAL: "int_literal", K.DECL_REF_EXPR: "decl_ref", K.MEMBER_REF_EXPR: "member_ref",
             K.BINARY_OPERATOR: "binary", K.COMPOUND_ASSIGNMENT_OPERATOR: "compound_assign",
             K.UNARY_OPERATOR: "unary", K.CXX_UNARY_EXPR: "sizeof", K.CALL_EXPR: "call"}


class Expressions:
    def scalar(self, c: ci.Cursor) -> Expr:
        v = self.value(c)
        if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
            return v
        raise Unsupported(f"not a scalar value: '{' '.join(tokens(c))[:60]}'")

    def value(self, c: ci.Cursor):
        """Evaluate an expression cursor: an IR Expr, a TileState, or None (no scalar value)."""
        self.steps += 1  # self.tick(), inline: value() is the walk's most frequent call
        if self.steps > MAX_STEPS:
            raise Unsupported("analysis step budget exhausted")
        head = c.__dict__.get("_ptolint_head")  # (not try/except: most cursors are met once, a miss is the rule)
        if head is None:
            head = c._ptolint_head = self.head(c)
        k, macro = head
        if macro is not None:
            return Const(*macro)
        method = DELEGATED.get(k)
        if method is not None:
            return getattr(self, method)(c)
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
        if k == K.PAREN_EXPR:
            return self.value(next(iter(children(c))))
        if k == K.UNEXPOSED_EXPR or k == K.CXX_FUNCTIONAL_CAST_EXPR or k == K.CSTYLE_CAST_EXPR \
                or k == K.CXX_STATIC_CAST_EXPR or k == K.CXX_CONST_CAST_EXPR or k == K.CXX_REINTERPRET_CAST_EXPR:
            kids = memo(c, "operands", lambda x: tuple(
                y for y in children(x) if y.kind not in TYPE_NAMES))
            ct = expr_ctype(c)
            if not kids:
                if ct is not None and k == K.CXX_FUNCTIONAL_CAST_EXPR:
                    return Const(0, ct)  # T() value-initialisation
                return None
            if k != K.UNEXPOSED_EXPR and len(kids) == 1 and ct in INT_TYPES:
                addr = self.tile_address(kids[0])
                if addr is not None:  # (uint64_t)tile.data(): where the tile was placed, in bytes
                    return convert(addr, ct)
            v = self.value(kids[-1]) if len(kids) == 1 or k != K.UNEXPOSED_EXPR else self.value_list(kids)
            if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
                return convert(v, ct) if ct is not None else v
            return v
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

    def head(self, c: ci.Cursor) -> tuple[ci.CursorKind, tuple | None]:
        """What value() decides before looking at the path: the cursor's kind, and (value, type) of the constant
        it stands for when it is written as a macro. Both are facts of the syntax, remembered on the cursor (an
        unrolled loop asks again for every iteration)."""
        k = c.kind
        # an expression at a file location is not written as a macro (macro_value): asked first, it spares the
        # type query of nearly every expression (92 % of 900,000 in the pto-isa tests, 99.6 % on the ST kernels)
        if k.is_expression() and k not in (K.CALL_EXPR, K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) and in_macro_expansion(c):
            ct = expr_ctype(c)
            if ct is not None:
                mv = memo(c, "macro_value", self.macro_value)
                if mv is not None:
                    return k, ((mv, ct) if ct not in ("float", "double", "half", "bfloat16_t") or
                               isinstance(mv, float) else (float(mv), ct))
        return k, None

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
        here (integer constant expressions only); anything else is left to the normal path. An expression at a
        file location (outside any macro expansion) is not one: had its first token been a macro there, the
        preprocessor would have expanded it and the expression would lie in the expansion. A macro of the same
        name defined only later, or #undef'd before, is not this expression's value (a template parameter `N`
        with a `#define N 4` after the template once read as 4 here).
        """
        if not in_macro_expansion(c):
            return None
        if not hasattr(self, "_macro_defs"):
            self._macro_defs: dict[str, list[ci.Cursor]] = macro_index(self.tu)  # (read only)
            self._macros: dict[str, list[str] | None] = {}  # tokenised lazily (headers define thousands)
            self._lines: dict[str, list[str]] = {}
        if not self._macro_defs:
            return None
        fname, line, column = position(c)
        if not fname:
            return None
        if fname not in self._lines:
            try:
                self._lines[fname] = open(fname, encoding="utf-8", errors="replace").read().splitlines()
            except OSError:
                self._lines[fname] = []
        lines = self._lines[fname]
        if not 0 < line <= len(lines):
            return None
        m = IDENT.match(lines[line - 1], column - 1)
        if not m or m.group(0) not in self._macro_defs or self._macro(m.group(0)) is None:
            return None
        if c.spelling == m.group(0):  # it names a declaration (an implicit cast of a DeclRefExpr): the macro
            return None  # of that name was #undef'd before (an expansion is a cursor of the macro's body)
        ext = c.extent
        if (ext.start.line, ext.start.column) != (line, column) or (
                ext.end.line == line and ext.end.column > column + len(m.group(0))):
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
                if len(toks) >= 2 and toks[0] == m.spelling and not is_function_like(m):
                    body = toks[1:]
            self._macros[name] = body
        return self._macros[name]

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
        v = memo(c, "int_literal", lambda x: parse_int_literal(first) if (first := first_token(x)) else None)
        if v is not None:
            return Const(v, expr_ctype(c) or "int")
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
        key = memo(c, "var_key", self.var_key)
        if key is not None:
            for fr in reversed(self.stack):
                if key in fr.env:
                    return fr.env[key]
        ref = referenced(c)
        if ref is None:
            lits = [x for x in children(c) if x.kind in (K.INTEGER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.FLOATING_LITERAL)]
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

    @staticmethod
    def var_key(c: ci.Cursor) -> DeclKey | None:
        """The declaration key of the variable or parameter a name expression refers to, else None."""
        ref = referenced(c)
        return decl_key(ref) if ref is not None and ref.kind in (K.VAR_DECL, K.PARM_DECL) else None

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
        init = [x for x in children(ref) if x.kind not in TYPE_NAMES]
        is_const = ref.type.is_const_qualified() or "constexpr" in tokens(ref)[:4]
        if init and is_const and not in_pattern(self.frame.function) and not in_pattern(ref):
            known = memo(ref, "clang_constant", lambda r: constant(init[-1], ct))
            if known is not None:  # std::is_same_v<T, half>: `__is_same(float, half)` is clang's to compute
                return known
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
            usr(root.semantic_parent) == usr(self.stack[0].function)

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
        op = memo(c, "binop", binop_token)
        lhs, rhs = children(c)
        if op not in ("=", ",") and expr_ctype(c) is None:  # pointer arithmetic, overloaded operators...
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
        rt = expr_ctype(c) or "int"
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
                        self.set_placement(old, v.addr, v.binding)
                elif isinstance(v, (GlobalState, DimsState)):
                    fr.env[key] = v
                else:
                    fr.env.pop(key, None)
                return
        if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)):
            self.stack[0].env[key] = v

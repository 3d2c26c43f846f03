"""Calls: user functions (through template instantiations), builtin calls -> CallSite records with their operands.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend.cursors import (
    UNSIGNED_KINDS,
    arguments,
    children,
    end_position,
    file_name,
    memo,
    position,
    referenced,
    start_position,
    template_int,
    template_parameters,
    token_text,
    usr,
    walk,
)
from ptolint.frontend.interp.core import (
    INPUT_ROOT,
    MAX_DEPTH,
    TYPE_NAMES,
    K,
    Stop,
    explicit_template_args,
    is_builtin_decl,
    pto_header,
)
from ptolint.frontend.paths import MODEL_INCLUDE
from ptolint.frontend.values import (
    BLOCK_FUNCS,
    DimsState,
    Frame,
    GlobalState,
    PipeState,
    TileState,
    Unsupported,
    convert,
    ctype,
    decl_key,
    dims_head_of,
    display_name,
    fold,
    global_spec_of,
    strip_ns,
    targ_kind,
    template_bindings,
    tile_spec_of,
    tokens,
)
from ptolint.ir import (
    MEMBER_BUILTINS,
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
    int_range,
)
from ptolint.ir import (
    Frame as ChainFrame,
)


class PendingFrame:
    """A step of the instantiation chain whose function name is made when a call site first records it: a name
    costs token reads and libclang queries (about 0.2 ms), and many calls a walk enters lead to no builtin call
    site (helpers, constructors: a third of the names on the A5 tcvt, tinsert, tmov_zz kernels)."""

    __slots__ = ("ref", "call", "usr", "names", "made")

    def __init__(self, ref: ci.Cursor, call: ci.Cursor, ref_usr: str, names: dict | None) -> None:
        self.ref, self.call, self.usr, self.names = ref, call, ref_usr, names
        self.made: ChainFrame | None = None

    def frame(self) -> ChainFrame:
        if self.made is None:
            c = self.call
            self.made = ChainFrame(display_name(self.ref, c, self.names, self.usr), *position(c))
        return self.made


#: built-in integer types: a template parameter of one holds a number, never an enumerator's name
INTEGER_KINDS = UNSIGNED_KINDS | frozenset(getattr(ci.TypeKind, k) for k in (
    "CHAR_S", "SCHAR", "WCHAR", "SHORT", "INT", "LONG", "LONGLONG", "INT128") if hasattr(ci.TypeKind, k))



#: expressions an argument of an opaque call may be made of and still have no effect the walk tracks
_INERT_WRAPPERS = frozenset(getattr(K, k) for k in (
    "UNEXPOSED_EXPR", "PAREN_EXPR", "CSTYLE_CAST_EXPR", "CXX_STATIC_CAST_EXPR", "CXX_REINTERPRET_CAST_EXPR",
    "CXX_CONST_CAST_EXPR", "CXX_FUNCTIONAL_CAST_EXPR") if hasattr(K, k))
_INERT_LEAVES = frozenset(getattr(K, k) for k in (
    "INTEGER_LITERAL", "FLOATING_LITERAL", "CXX_BOOL_LITERAL_EXPR", "CXX_NULL_PTR_LITERAL_EXPR",
    "CHARACTER_LITERAL", "STRING_LITERAL") if hasattr(K, k))
#: what such a name may refer to: reading it changes nothing (a global tile is not among them: its first read
#: makes its state)
_INERT_NAMES = frozenset((K.ENUM_CONSTANT_DECL, K.PARM_DECL, K.VAR_DECL))


def inert_argument(c: ci.Cursor) -> bool:
    """Whether evaluating the argument `c` of a call whose result is opaque (a function without a body, an
    intrinsic such as `set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0)` or `copy_gm_to_ubuf((__ubuf__ void*)addr, ...)`)
    can change nothing: a literal, an enumerator, or a scalar variable or parameter, under casts and parentheses.
    Its value is then not computed: the call's arguments are evaluated only for their effects (an `i++`, a call
    that reaches a builtin), and the intrinsics of the ST kernels were a tenth of the walk's expressions."""
    while True:
        k = c.kind
        if k in _INERT_LEAVES:
            return True
        if k == K.DECL_REF_EXPR:
            ref = referenced(c)
            if ref is None or ref.kind not in _INERT_NAMES:
                return False
            return ref.kind == K.ENUM_CONSTANT_DECL or ctype(ref.type) is not None or \
                ref.type.get_canonical().kind == ci.TypeKind.POINTER
        if k not in _INERT_WRAPPERS:
            return False
        kids = [x for x in children(c) if x.kind not in TYPE_NAMES]  # (a cast's `uint16_t`)
        if len(kids) != 1:
            return False
        c = kids[0]


#: where the bundled model and host headers live: system headers to libclang (-isystem), walked as the PTO API
_OWN_HEADERS = str(MODEL_INCLUDE.parent)


def library_only(fn: ci.Cursor) -> bool:
    """Whether a call of `fn`, a function of a system header (the C++ library: std::string, streams, files), can
    neither change what the walk tracks nor give it a value: it is then not walked, its arguments are evaluated and
    its result is unknown, as for a function without a body. Its result must be void or a library class (a scalar
    result is walked for its value), and its parameters scalars, pointers, const references to scalars, or library
    classes (no non-const reference to a caller's variable, no callable or user type through which it could reach
    the program's own code, no template). A host program's file and string helpers were walked through libstdc++:
    `gemm_ar/main.cpp` spent 3.4 of 6.6 s in `std::to_string` and `operator+` of its file names."""
    if fn.kind == K.FUNCTION_TEMPLATE or not _library_decl(fn):
        return False
    if not _library_type(fn.result_type, result=True):
        return False
    return all(_library_type(p.type) for p in children(fn) if p.kind == K.PARM_DECL)


def _library_type(t: ci.Type, result: bool = False) -> bool:
    t = t.get_canonical()
    if t.kind == ci.TypeKind.VOID:
        return result
    if t.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
        inner = t.get_pointee().get_canonical()
        if ctype(inner) is not None:  # a const one is a value; through another the callee writes the caller's
            return not result and inner.is_const_qualified() and t.kind == ci.TypeKind.LVALUEREFERENCE
        t = inner
    elif ctype(t) is not None:
        return not result
    elif t.kind == ci.TypeKind.POINTER:
        inner = t.get_pointee().get_canonical()
        return not result and (inner.kind == ci.TypeKind.VOID or ctype(inner) is not None
                               or inner.kind == ci.TypeKind.RECORD and _library_decl(inner.get_declaration()))
    return t.kind == ci.TypeKind.RECORD and _library_decl(t.get_declaration())


def _library_decl(decl: ci.Cursor | None) -> bool:
    """A declaration of the C++ library: in a system header that is neither ptolint's own nor a PTO header."""
    if decl is None:
        return False
    name = file_name(decl)  # "" for no file
    return bool(name) and _OWN_HEADERS not in name and not pto_header(name) and decl.location.is_in_system_header

class Calls:
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
                if name in MEMBER_BUILTINS:
                    self.builtin_call(c, ref, MEMBER_BUILTINS[name])
                    return None
                return self.tile_method(obj, name, list(arguments(c)), c)
        if is_builtin_decl(ref, self.builtins):
            if ref.spelling in self.builtins:
                self.builtin_call(c, ref)
            else:
                for a in arguments(c):
                    if not inert_argument(a):
                        self.try_value(a)
                other = self.stats.other_builtins
                other[name] = other.get(name, 0) + 1
            return None
        if ref.kind in (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE) and self.has_body(ref) \
                and not memo(ref, "library_only", library_only):
            return self.user_call(c, ref)
        for a in arguments(c):
            if not inert_argument(a):
                self.value(a)
        if str(MODEL_INCLUDE) in file_name(ref):
            other = self.stats.other_builtins
            other[name] = other.get(name, 0) + 1
        ct = ctype(c.type)
        return self.symbols.fresh(name or "call", ct, "opaque", f"result of {name}()") if ct else None

    @staticmethod
    def has_body(fn: ci.Cursor) -> bool:
        return any(k.kind == K.COMPOUND_STMT for k in children(fn))

    def user_call(self, c: ci.Cursor, ref: ci.Cursor):
        if len(self.stack) >= MAX_DEPTH:
            msg = f"call depth limit ({MAX_DEPTH}) reached: {ref.spelling} and what it calls were not analysed"
            self.note_limit(c, msg)
            raise Unsupported(msg)
        frame = Frame(ref, template_bindings(ref))
        params = list(arguments(ref))
        args = list(arguments(c))
        if ref.kind == K.CXX_METHOD and ref.spelling.startswith("operator") and len(args) == len(params) + 1:
            self.try_value(args[0])  # an overloaded operator's object comes first: `a = f(...)` is a.operator=(f(...))
            args = args[1:]
        for extra in args[len(params):]:  # variadic arguments: evaluated for their calls
            self.try_value(extra)
        vals = []
        for i, p in enumerate(params):
            if i < len(args):
                v = self.try_value(args[i])
                vals.append(v)
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
            elif isinstance(v, (GlobalState, DimsState, PipeState)):  # a pipe's copy pops into the same buffers
                frame.env[decl_key(p)] = v
            elif ct is None and i < len(args) and self.input_rooted(args[i]):
                frame.env[decl_key(p)] = INPUT_ROOT  # a pointer / struct reaching back to the kernel's inputs
        ref_usr = usr(ref)
        self.stats.instantiations.add(ref_usr)  # (a USR spells an instantiation's template arguments)
        self.entered.add(ref_usr)
        if ref_usr in self.roots_walked and self.launch_covered(c, ref, params, args, vals):
            return None  # the entry's own walk of this function already saw everything this call would
        self.stack.append(frame)
        self.chain.append(PendingFrame(ref, c, ref_usr, self.names))
        saved_path = list(self.path)
        soft = len(self.soft_stops)  # a return taken on some paths of the callee does not leave the caller's loop
        self.apply_assumptions(ref, frame)
        try:
            self.exec_body(ref)
        except Stop:
            pass
        finally:
            self.stack.pop()
            self.chain.pop()
            self.path = saved_path
            del self.soft_stops[soft:]
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

    def launch_covered(self, c: ci.Cursor, ref: ci.Cursor, params: list[ci.Cursor], args: list[ci.Cursor],
                       vals: list) -> bool:
        """Whether a host launcher's `kernel<<<...>>>(...)` of a kernel that was already walked as an entry point
        would repeat that walk up to the names of its inputs. Only a launch: a kernel returns nothing and starts
        afresh, while a plain call of a helper returns a value or leaves state (a global, a placement the
        caller's later calls overlap) that its own entry walk did not show the caller. Then: the path to the call is unconditional (no conjunct over any input: a condition would narrow the
        inputs and could turn the entry's warning into an error), every scalar argument is a distinct,
        unconstrained parameter of the caller of exactly the callee parameter's type (the entry gave that
        parameter a fresh input of the same range), every other argument reaches back to the caller's inputs (the
        entry's own pointer / struct parameters do too) and is not a tile, and the caller has read no field of an
        input struct (the callee's reads of the same fields would share those symbols). Such a walk yields sites
        that differ from the entry's only in symbol names: their verdicts are the same, and the entry's come first,
        so every finding of that call is already the entry's. Only the stats (builtin calls walked) change."""
        if not self.launches or ref.result_type.kind != ci.TypeKind.VOID or file_name(c) != self.main_file:
            return False
        (l0, c0), (l1, c1) = start_position(c), end_position(c)
        if not any((l0, c0) <= pos < (l1, c1) for pos in self.launches):
            return False
        if len(args) != len(params) or len(vals) != len(params) or any(not isinstance(x, Const) for x in self.path):
            return False
        if any(isinstance(k, tuple) and k and k[0] == "field" for k in self.stack[0].env):
            return False
        seen: set[str] = set()
        for p, a, v in zip(params, args, vals, strict=True):
            ct = ctype(p.type)
            if ct is None:
                if tile_spec_of(p.type) is not None or not self.input_rooted(a):
                    return False
                continue
            if not (isinstance(v, Sym) and v.kind == "input" and v.ctype == ct and v.name not in seen
                    and v.origin.startswith("parameter ") and int_range(ct) in (None, (v.lo, v.hi))):
                return False
            seen.add(v.name)
        return True

    def builtin_call(self, c: ci.Cursor, ref: ci.Cursor, name: str | None = None) -> None:
        """Record a call site of `ref` (`name`: the pseudo-builtin a Tile member call stands for, MEMBER_BUILTINS)."""
        self.stats.builtin_calls += 1
        try:
            site = self.make_site(c, ref, name)
        except Unsupported as exc:
            self.stats.unresolved += 1
            self.unresolved.append(Unresolved(ref.spelling, file_name(c),
                                              c.location.line, c.location.column, self.target, str(exc)))
            for t in self.site_tiles.values():  # whatever the call did to their placement is not known
                self.set_placement(t, None, 0)
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

    def make_site(self, c: ci.Cursor, ref: ci.Cursor, name: str | None = None) -> CallSite:
        params = list(arguments(ref))
        args = list(arguments(c))
        names: list[str] = []
        operands = []
        failed: list[str] = []
        self.site_tiles: dict[str, TileState] = {}  # parameter -> the tile object passed (for TASSIGN)
        self.site_pipes: dict[str, PipeState] = {}  # parameter -> the TPipe object passed (for TPOP)
        for i, p in enumerate(params):
            pname = p.spelling or f"arg{i}"
            if i < len(args):
                text = token_text(args[i])
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
            if isinstance(v, PipeState):
                self.site_pipes[pname] = v
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
        file, line, column = position(c)
        end_line, end_column = end_position(c)
        return CallSite(
            builtin=name or ref.spelling,
            file=file,
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            target=self.target,
            params=names,
            args=operands,
            template_args=self.builtin_template_args(c, ref),
            path=list(self.path),
            chain=[f.frame() if isinstance(f, PendingFrame) else f for f in self.chain],
            unresolved="; ".join(failed),
        )

    def builtin_template_args(self, c: ci.Cursor, ref: ci.Cursor) -> dict[str, str]:
        """Non-type template arguments of a builtin instantiation, enumerators by name."""
        return {p.spelling: self.enum_name(p, value, c, i) for i, p, value in memo(ref, "integral_targs", integral_targs)}

    def enum_name(self, p: ci.Cursor, value: int, call: ci.Cursor, index: int) -> str:
        facts = memo(p, "parameter_names", parameter_names)
        if facts == "bool":
            return "true" if value else "false"
        if facts == "int":  # `std::size_t Addr`: the value, whatever expression spells it
            return str(value)
        if facts is not None and value in facts:
            return facts[value]
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


def parameter_names(p: ci.Cursor) -> dict[int, str] | str | None:
    """How a value of the non-type template parameter `p` is named, a fact of the parameter (a builtin's
    parameters are asked at every call): {value: enumerator} for an enumeration (the first enumerator of a value),
    "bool", "int" for an integer type, None for any other type (`auto`: the call's spelling tells)."""
    canonical = p.type.get_canonical()
    decl = canonical.get_declaration()
    if decl is not None and decl.kind == K.ENUM_DECL:
        names: dict[int, str] = {}
        for e in children(decl):
            if e.kind == K.ENUM_CONSTANT_DECL:
                names.setdefault(e.enum_value, e.spelling)
        return names
    if canonical.kind == ci.TypeKind.BOOL:
        return "bool"
    return "int" if canonical.kind in INTEGER_KINDS else None


def integral_targs(ref: ci.Cursor) -> tuple[tuple[int, ci.Cursor, int], ...]:
    """(index, parameter, value) of a builtin instantiation's named integral template arguments: facts of the
    instantiation, computed once per cursor (every call of the builtin asks)."""
    n = ref.get_num_template_arguments()
    if n <= 0:
        return ()
    params = template_parameters(ref)
    out = []
    for i, p in enumerate(params[:n]):
        if p.kind != K.TEMPLATE_NON_TYPE_PARAMETER or not p.spelling:
            continue
        if targ_kind(ref, i) != ci.TemplateArgumentKind.INTEGRAL:
            continue
        out.append((i, p, template_int(ref, i, p.type)))
    return tuple(out)

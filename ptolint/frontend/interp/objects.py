"""GlobalTensor, Shape and Stride objects: constructors and their run-time extents and strides.

A mixin of `Interpreter` (ptolint/frontend/interp/interpreter.py): its methods use the interpreter's state
(frames, path, symbols) and call each other through `self`.
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend.cursors import arguments, written
from ptolint.frontend.interp.core import (
    K,
)
from ptolint.frontend.values import (
    DimsState,
    GlobalState,
    PipeState,
    convert,
    ctor_dims,
    decl_key,
    dims_head_of,
    global_spec_of,
    pipe_params,
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


class Objects:
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

    def pipe_decl(self, d: ci.Cursor, kids: list[ci.Cursor]) -> None:
        """A TPipe variable constructed here from (GM slot buffer, C2V consumer buffer, V2C consumer buffer): the
        consumer buffers TPOP places its tiles in. Anything else (a copy, a reference) is not followed."""
        key = decl_key(d)
        params = pipe_params(d.type)
        last = kids[-1] if kids else None
        self.frame.env.pop(key, None)
        if params is None or last is None or last.kind != K.CALL_EXPR or last.referenced is None \
                or last.referenced.kind != K.CONSTRUCTOR:
            return
        vals = [self.try_value(a) for a in arguments(last)]
        if len(vals) != 3 or not all(isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)) for v in vals[1:]):
            return
        direction, slot_size, slot_num, local = params
        self.frame.env[key] = PipeState(d.spelling, direction, slot_size, slot_num, local,
                                        convert(vals[1], "uint32_t"), convert(vals[2], "uint32_t"))

    def construct(self, t: ci.Type, args: list[ci.Cursor], name: str) -> GlobalState | DimsState | None:
        """Constructor semantics of GlobalTensor(data, shape, stride) and Shape(...) / Stride(...)."""
        args = [a for a in args if written(a)]  # defaulted arguments have no location
        vals = [self.try_value(a) for a in args]
        if len(vals) == 1 and isinstance(vals[0], (GlobalState, DimsState)):
            return vals[0]  # copy construction
        dims = dims_head_of(t)
        if dims is not None:
            head, statics = dims
            scal = [v for v in vals if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select))]
            if len(scal) != len(vals) or len(vals) > 5:
                return None
            return DimsState(head, ctor_dims(t, statics, scal))
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

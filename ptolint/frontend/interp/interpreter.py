"""The interpreter: entry points of the main file, each walked with the statement, loop, expression, call, tile
and object mixins; the result is the list of builtin call sites."""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend import cursors
from ptolint.frontend.cursors import arguments, children, file_name, position, walk
from ptolint.frontend.interp.calls import Calls
from ptolint.frontend.interp.core import (
    FUNCTION_KINDS,
    MAX_STEPS,
    K,
    Program,
    Stats,
    Stop,
)
from ptolint.frontend.interp.expressions import Expressions
from ptolint.frontend.interp.loops import Loops
from ptolint.frontend.interp.objects import Objects
from ptolint.frontend.interp.statements import Statements
from ptolint.frontend.interp.tiles import Tiles
from ptolint.frontend.values import (
    Frame,
    PipeState,
    Symbols,
    TileState,
    Unsupported,
    ctype,
    decl_key,
    display_name,
    template_bindings,
    tile_spec_of,
)
from ptolint.ir import (
    Bin,
    CallSite,
    Cast,
    Const,
    Expr,
    Select,
    Sym,
    Unary,
    Unresolved,
)
from ptolint.ir import (
    Frame as ChainFrame,
)


class Interpreter(Statements, Loops, Expressions, Calls, Tiles, Objects):
    def __init__(self, tu: ci.TranslationUnit, target: str, main_file: str, builtins: set[str],
                 blocks: int = 64, subblocks: int = 2, assumptions=None, launches=frozenset(),
                 names: dict | None = None):
        from ptolint.frontend.assume import Assumption

        self.assume_list: list[Assumption] = list(assumptions or [])
        self.launches: frozenset[tuple[int, int]] = launches  # where the main file's `<<<` are (parse.launch_positions)
        self.names: dict = {} if names is None else names  # chain names by call (values.display_name)
        self.assume_at: dict[int, list[Assumption]] = {}
        self.assume_errors: list[tuple[int, str]] = []
        self.limits: list[tuple[int, str]] = []  # (line, what was not analysed and why)
        self.soft_stops: list[str] = []  # break / continue / return taken in one arm of a branch (loops.py)
        self.tu = tu
        self.target = target
        self.main_file = main_file
        self.top_level = cursors.kept_top_level(tu)  # (declarations, macro definitions); the entry replay's too
        self.builtins = builtins
        self.symbols = Symbols(blocks, subblocks)
        self.sites: list[CallSite] = []
        self.unresolved: list[Unresolved] = []
        self.stats = Stats()
        self.path: list[Expr] = []
        self.stack: list[Frame] = []
        self.chain: list = []  # ChainFrame, or a PendingFrame of a call entered (calls.py)
        self.steps = 0
        self.site_tiles: dict[str, TileState] = {}
        self.site_pipes: dict[str, PipeState] = {}
        self.tiles: list[TileState] = []  # every tile object of the walk (placements are dropped at loops)
        self.placements = 0  # TASSIGN calls seen: numbers each placement (TileState.binding)
        self.moves: list[tuple[TileState, Expr | None, int]] = []  # placement changes to undo (Tiles.set_placement)
        self.marks = 0  # branches walking their arms: the journal is kept while one is open
        self.arms: list[tuple[int, int]] = []  # the branch arms being walked: (branch number, arm number)
        self.branches = 0
        self.entry = 0

    def entry_points(self) -> list[ci.Cursor]:
        """Function definitions of the main file that no other definition of the file calls."""
        defs: list[ci.Cursor] = []
        starts: list[int] = []
        for c in self.main_file_cursors():
            if c.kind not in (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE) or not c.is_definition():
                continue
            if file_name(c) != self.main_file:
                continue
            starts.append((cursors.start_position(c)[0], position(c)[1]))
            if c.kind != K.FUNCTION_TEMPLATE:
                defs.append(cursors.canonical(c))
        for a in self.assume_list:  # an assumption belongs to the next function defined after it
            after = [st for st in starts if st[0] > a.line]
            if after:
                self.assume_at.setdefault(min(after)[1], []).append(a)
        called: set[str] = set()
        usrs = {cursors.usr(d) for d in defs}
        # a call of one definition of the file by another one (a definition's calls of itself do not count):
        # with a single definition there is none, and its body (a generated kernel: thousands of lines) is not
        # walked here
        for d in defs if len(usrs) > 1 else ():
            for c in walk(d):
                if c.kind == K.CALL_EXPR and c.referenced is not None:
                    callee = cursors.usr(c.referenced)
                    if callee in usrs and callee != cursors.usr(d):
                        called.add(callee)
        roots = [d for d in defs if cursors.usr(d) not in called]
        # kernels first: a helper they reach is then analysed in context, not again on its own
        return sorted(roots, key=lambda d: (not self.is_kernel(d), position(d)[1]))

    def main_file_cursors(self):
        """The TU's cursors in preorder, without descending into declarations written in other files (the
        included headers: most of the AST), which cannot contain a definition located in the main file."""
        stack = list(reversed(self.top_level[0]))
        while stack:
            c = stack.pop()
            if c.kind.is_preprocessing() or not cursors.in_main_file(c, self.main_file):  # macros, #includes, headers' decls
                continue
            yield c
            if c.kind not in FUNCTION_KINDS:  # bodies hold no further definitions to find
                stack.extend(reversed(children(c)))

    @staticmethod
    def is_kernel(fn: ci.Cursor) -> bool:
        def read(spelled) -> list[str]:
            out = []
            for t in spelled:
                if t in ("(", "{"):
                    break
                out.append(t)
            return out

        head = cursors.scan_tokens(fn, read)
        return "__global__" in head or fn.linkage == ci.LinkageKind.EXTERNAL and "extern" in head

    def run(self) -> Program:
        self.entered: set[str] = set()
        self.roots_walked: set[str] = set()  # entry points walked to their end with fresh inputs (calls.launch_covered)
        for fn in self.entry_points():
            if fn.get_usr() in self.entered:
                continue
            self.symbols = Symbols(self.symbols.blocks, self.symbols.subblocks)
            self.stats.entry_points.append(fn.spelling)
            self.entry += 1
            self.tiles = []
            self.moves, self.marks = [], 0
            frame = Frame(fn, template_bindings(fn))
            for p in arguments(fn):
                self.bind_param_input(frame, p)
            self.path = []
            self.chain = [ChainFrame(display_name(fn), file_name(fn),
                                     *position(fn)[1:])]
            self.stack = [frame]
            self.apply_assumptions(fn, frame)
            self.steps = 0
            self.nest = None
            self.soft_stops = []
            limits = len(self.limits)
            try:
                self.exec_body(fn)
            except Stop:
                pass
            except (Unsupported, RecursionError) as exc:  # the step budget, deep nesting: say so, keep what was found
                self.limits.append((file_name(fn), position(fn)[1], f"analysis of {fn.spelling} stopped: {exc}"))
            if len(self.limits) == limits and fn.kind != K.FUNCTION_TEMPLATE and not self.assume_at.get(
                    position(fn)[1]):
                self.roots_walked.add(fn.get_usr())
        return Program(self.sites, self.unresolved, self.stats, self.assume_errors, self.limits)

    def note_limit(self, c: ci.Cursor, msg: str) -> None:
        """Say once that the walk summarised or left out something at `c` (an analysis-limit note at its file)."""
        where = (file_name(c), position(c)[1], msg)
        if where not in self.limits:
            self.limits.append(where)

    def apply_assumptions(self, fn: ci.Cursor, frame: Frame) -> None:
        """Add the function's `// ptolint: assume` conditions (over its parameters) to the path."""
        from ptolint.frontend.assume import AssumptionError, to_expr

        if not self.assume_at or file_name(fn) != self.main_file:
            return
        here = self.assume_at.get(position(fn)[1])
        if not here:  # (the common case: the parameters are read only for a function with assumptions)
            return
        params = {p.spelling: frame.env.get(decl_key(p)) for p in arguments(fn)}

        def lookup(name: str):
            v = params.get(name)
            return v if isinstance(v, (Const, Sym, Bin, Unary, Cast, Select)) else None

        for a in here:
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

    def loc(self, c: ci.Cursor) -> tuple[str, int]:
        return position(c)[:2]

"""Plain data shared by every stage: scalar expressions, tiles, call sites, findings.

The frontend builds these from libclang cursors; the solver turns expressions into Z3 terms; the
executor evaluates the same expressions on concrete values. Nothing here knows about libclang or Z3,
so the two consumers interpret one neutral description independently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# --- source text --------------------------------------------------------------------------------

_EOL = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of a source text numbered as libclang numbers them: only \\n, \\r\\n and \\r end a line.

    str.splitlines also breaks at form feeds (page breaks in C sources), vertical tabs, \\x1c-\\x1e, \\x85,
    \\u2028 and \\u2029, which would shift every later line against libclang's locations."""
    lines = _EOL.split(text)
    if lines[-1] == "":
        lines.pop()  # a final line break ends the last line, as for splitlines
    return lines


# --- C scalar types -------------------------------------------------------------------------------

#: integer C types by canonical spelling -> (bits, signed)
INT_TYPES: dict[str, tuple[int, bool]] = {
    "bool": (1, False),
    "char": (8, True),
    "signed char": (8, True),
    "unsigned char": (8, False),
    "short": (16, True),
    "unsigned short": (16, False),
    "int": (32, True),
    "unsigned int": (32, False),
    "long": (64, True),
    "unsigned long": (64, False),
    "long long": (64, True),
    "unsigned long long": (64, False),
}
FLOAT_TYPES = {"float", "double", "half", "bfloat16_t", "_Float16", "__bf16"}


def int_range(ctype: str) -> tuple[int, int] | None:
    """Inclusive value range of an integer C type, None for non-integers."""
    info = INT_TYPES.get(ctype)
    if info is None:
        return None
    bits, signed = info
    if bits == 1:
        return (0, 1)
    if signed:
        return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return (0, (1 << bits) - 1)


def wrap(value: int, ctype: str) -> int:
    """Convert an integer to `ctype` the way C++ does (modular for unsigned and, since C++20, signed)."""
    info = INT_TYPES.get(ctype)
    if info is None:
        return value
    bits, signed = info
    if bits == 1:
        return 1 if value != 0 else 0
    value &= (1 << bits) - 1
    if signed and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


# --- scalar expressions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Const:
    value: int | float
    ctype: str = "int"


@dataclass(frozen=True)
class Sym:
    """A value the analysis cannot compute: an input of the kernel or an opaque result.

    kind: "input" (kernel parameter, get_block_idx(), loop iteration: a witness may name its value) or
    "opaque" (a value the frontend lost track of: findings must hold for every value of it).
    """

    name: str
    ctype: str
    kind: str = "input"
    origin: str = ""
    lo: int | None = None
    hi: int | None = None


def _fields_hash(fields: tuple[str, ...]):
    """A __hash__ for an inner expression node: the value dataclass computes, hash of the tuple of the fields, kept
    on the node after the first call. The generated one hashed the whole tree again on every call, and the walk
    keys dictionaries by path conditions: a communication kernel's call sites hashed 6 million nodes (a fifth of
    its check). Not pickled: a string's hash differs from process to process."""

    def __hash__(self) -> int:  # noqa: ANN001
        known = self.__dict__.get("_hash")
        if known is None:
            known = hash(tuple(getattr(self, f) for f in fields))
            object.__setattr__(self, "_hash", known)
        return known

    return __hash__


def _state_without_hash(self) -> dict:  # noqa: ANN001
    return {k: v for k, v in self.__dict__.items() if k != "_hash"}


@dataclass(frozen=True)
class Unary:
    op: str  # "-", "!", "~"
    a: Expr
    ctype: str

    __hash__ = _fields_hash(("op", "a", "ctype"))
    __getstate__ = _state_without_hash


@dataclass(frozen=True)
class Bin:
    op: str  # + - * / % << >> & | ^ < <= > >= == != && ||
    a: Expr
    b: Expr
    ctype: str  # type of the result (usual arithmetic conversions already applied by the frontend)

    __hash__ = _fields_hash(("op", "a", "b", "ctype"))
    __getstate__ = _state_without_hash


@dataclass(frozen=True)
class Cast:
    ctype: str
    a: Expr

    __hash__ = _fields_hash(("ctype", "a"))
    __getstate__ = _state_without_hash


@dataclass(frozen=True)
class Select:
    cond: Expr
    a: Expr
    b: Expr
    ctype: str

    __hash__ = _fields_hash(("cond", "a", "b", "ctype"))
    __getstate__ = _state_without_hash


Expr = Const | Sym | Unary | Bin | Cast | Select


#: the largest expression the frontend builds (ptolint.frontend.values.fold): nesting depth, and size counted
#: as a tree (a subexpression used twice counts twice). The solver, the executor and hashing recurse over
#: expressions as trees: the depth stays far below Python's recursion limit, and the size keeps `x = x > n ?
#: x - 1 : x + n;` repeated (each copy triples the tree) from taking exponential time.
MAX_EXPR_DEPTH = 200
MAX_EXPR_SIZE = 20_000


def memo_up(e: Expr, attr: str, leaf, combine):
    """A value computed bottom-up over an expression (`leaf` of a Sym / Const, `combine` of the children's values),
    memoised on each inner node under `attr`; iterative, and each shared subtree is visited once."""
    if isinstance(e, (Sym, Const)):
        return leaf(e)
    stack = [e]
    while stack:
        x = stack[-1]
        if attr in x.__dict__:
            stack.pop()
            continue
        kids = [k for k in (getattr(x, "cond", None), getattr(x, "a", None), getattr(x, "b", None))
                if k is not None and not isinstance(k, str)]
        todo = [k for k in kids if not isinstance(k, (Sym, Const)) and attr not in k.__dict__]
        if todo:
            stack += todo
            continue
        object.__setattr__(x, attr, combine([leaf(k) if isinstance(k, (Sym, Const)) else k.__dict__[attr]
                                             for k in kids]))
        stack.pop()
    return e.__dict__[attr]


def _shape_of(kids: list[tuple[int, int]]) -> tuple[int, int]:
    return 1 + max((d for d, _ in kids), default=0), 1 + sum(n for _, n in kids)


LEAF_SHAPE = (1, 1)


def expr_shape(e: Expr) -> tuple[int, int]:
    """(depth, tree size) of an expression, 1 for a leaf. The frontend asks it of every node it folds, whose
    children are leaves or already measured nodes: that case is computed here directly, without memo_up's walk
    (a large part of interpreting a long generated kernel)."""
    t = type(e)
    if t is Sym or t is Const:
        return LEAF_SHAPE
    known = e.__dict__.get("_shape")
    if known is not None:
        return known
    kids = (e.a, e.b) if t is Bin else (e.a,) if t is Cast or t is Unary else None
    if kids is not None:
        shapes = []
        for k in kids:
            tk = type(k)
            sk = LEAF_SHAPE if tk is Sym or tk is Const else k.__dict__.get("_shape")
            if sk is None:
                break
            shapes.append(sk)
        else:
            known = _shape_of(shapes)
            object.__setattr__(e, "_shape", known)
            return known
    return memo_up(e, "_shape", lambda _: LEAF_SHAPE, _shape_of)


def expr_too_large(e: Expr) -> str | None:
    """Why the expression is beyond MAX_EXPR_DEPTH / MAX_EXPR_SIZE, or None."""
    depth, size = expr_shape(e)
    if depth > MAX_EXPR_DEPTH:
        return f"expression nested more than {MAX_EXPR_DEPTH} levels deep"
    if size > MAX_EXPR_SIZE:
        return f"expression larger than {MAX_EXPR_SIZE} nodes"
    return None


def ctype_of(e: Expr) -> str:
    return e.ctype


def syms(e: Expr) -> set[Sym]:
    """All symbols an expression depends on."""
    return set(sym_set(e))


def sym_set(e: Expr) -> frozenset[Sym]:
    """The symbols of an expression, memoised on each node: expressions share their subtrees, and walking them as
    trees, site after site, was a large part of checking a long kernel."""
    return memo_up(e, "_syms", lambda x: frozenset((x,)) if isinstance(x, Sym) else frozenset(),
                   lambda kids: frozenset().union(*kids))


# --- tiles ---------------------------------------------------------------------------------------

DYNAMIC = -1


@dataclass(frozen=True)
class TileSpec:
    """The 11 template arguments of a pto::Tile, as the canonical type spells them."""

    loc: str  # TileType enumerator: Vec, Mat, Left, Right, Acc, ...
    dtype: str  # element type name as written in pto: float, half, int8_t, ...
    rows: int
    cols: int
    blayout: str = "RowMajor"
    valid_row: int = DYNAMIC  # DYNAMIC when the valid row count is a run-time value
    valid_col: int = DYNAMIC
    slayout: str = "NoneBox"
    fractal: int = 512
    pad: str = "Null"
    compact: str = "Null"
    elem_size: int = 0  # sizeof(DType), from the compiler
    spelling: str = ""

    @property
    def is_row_major(self) -> bool:
        return self.blayout == "RowMajor"

    @property
    def boxed(self) -> bool:
        return self.slayout != "NoneBox"

    def short(self) -> str:
        vr = "DYNAMIC" if self.valid_row == DYNAMIC else str(self.valid_row)
        vc = "DYNAMIC" if self.valid_col == DYNAMIC else str(self.valid_col)
        return (
            f"Tile<{self.loc}, {self.dtype}, {self.rows}, {self.cols}, {self.blayout}, {vr}, {vc}, "
            f"{self.slayout}, {self.fractal}>"
        )


@dataclass(frozen=True)
class TileOperand:
    """A tile argument of a builtin call: its type and its valid region on this path."""

    spec: TileSpec
    valid_row: Expr
    valid_col: Expr
    name: str  # source text of the argument, e.g. "dst" or "aTile[flag]"
    decl_line: int = 0
    decl_file: str = ""
    #: where TASSIGN placed the tile on this path (bytes into its buffer), None when not placed or not known
    addr: Expr | None = None
    #: which TASSIGN placed it: equal numbers name the same storage (copies of a tile share theirs); 0: unknown
    binding: int = 0


@dataclass(frozen=True)
class ScalarOperand:
    expr: Expr
    text: str  # source text of the argument


@dataclass(frozen=True)
class TypeOperand:
    """A non-tile class argument (GlobalTensor, event...) kept only for its spelling."""

    spelling: str
    text: str


@dataclass(frozen=True)
class GlobalSpec:
    """The static part of a `GlobalTensor<T, Shape<...>, Stride<...>, Layout>` type (DYNAMIC dims are -1)."""

    dtype: str
    shape: tuple[int, ...]
    stride: tuple[int, ...]
    layout: str
    spelling: str = ""


@dataclass(frozen=True)
class GlobalOperand:
    """A GlobalTensor argument: its type and its five run-time extents and strides on this path."""

    spec: GlobalSpec
    shape: tuple[Expr, ...]
    stride: tuple[Expr, ...]
    text: str


Operand = TileOperand | ScalarOperand | TypeOperand | GlobalOperand


@dataclass(frozen=True)
class Frame:
    """One step of the instantiation chain: the function entered and where it was called from."""

    function: str
    file: str
    line: int
    column: int


@dataclass
class CallSite:
    builtin: str
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    target: str
    params: list[str]  # parameter names of the chosen overload, in order
    args: list[Operand]  # one per parameter (defaults filled in)
    template_args: dict[str, str]  # explicit/deduced non-type template arguments, e.g. {"reluMode": "NoRelu"}
    path: list[Expr] = field(default_factory=list)  # conditions (bool exprs) that hold on the path
    chain: list[Frame] = field(default_factory=list)
    assumptions: list[Expr] = field(default_factory=list)
    unresolved: str = ""  # why some operand could not be followed (then only operand-free rules are checked)
    entry: int = 0  # which entry point's walk reached the call (sites of one walk are in program order)
    #: the branch arms the call lies in, as (branch number, arm number): two calls with the same branch number
    #: and different arms are never both executed
    arms: tuple[tuple[int, int], ...] = ()
    #: a kernel-level check's calls, in program order (e.g. write, overwrite, read); replayed as a sequence
    steps: list[CallSite] = field(default_factory=list)

    def arg(self, name: str) -> Operand | None:
        try:
            return self.args[self.params.index(name)]
        except ValueError:
            return None

    def tiles(self) -> list[tuple[str, TileOperand]]:
        return [(p, a) for p, a in zip(self.params, self.args, strict=False) if isinstance(a, TileOperand)]

    def inputs(self) -> set[Sym]:
        out: set[Sym] = set()
        for c in self.path + self.assumptions:
            out |= syms(c)
        for a in self.args:
            if isinstance(a, ScalarOperand):
                out |= syms(a.expr)
            elif isinstance(a, TileOperand):
                out |= syms(a.valid_row) | syms(a.valid_col)
            elif isinstance(a, GlobalOperand):
                for d in a.shape + a.stride:
                    out |= syms(d)
        return out


@dataclass(frozen=True)
class Unresolved:
    """A builtin call the frontend could not turn into a CallSite, with the reason (never dropped)."""

    builtin: str
    file: str
    line: int
    column: int
    target: str
    reason: str


# --- results -------------------------------------------------------------------------------------


@dataclass
class Witness:
    inputs: dict[str, int | float]  # symbol name -> value (what the user controls)
    values: dict[str, int | float]  # derived operand values shown to the user (e.g. "indexRow": 48)


@dataclass
class Finding:
    rule_id: str
    rule_name: str
    level: str  # error | warning | note
    message: str
    site: CallSite
    witness: Witness | None
    confirmed: bool
    fault: str = ""  # what the executor observed
    related: list[tuple[str, int, str]] = field(default_factory=list)  # (file, line, text)
    suppressed: bool = False
    #: a kernel-level finding's path: (file, line, column, what happens there), in program order
    steps: list[tuple[str, int, int, str]] = field(default_factory=list)
    #: validated fixes (ptolint.fixes.Fix), computed only when asked for (--show-fixes, --fix, --diff, the LSP)
    fixes: list = field(default_factory=list)


@dataclass
class Diagnostic:
    """A problem with the input itself (parse error, unreadable file, internal error)."""

    file: str
    line: int
    column: int
    level: str  # error | warning | note
    code: str  # parse-error, io-error, internal-error, solver-unknown, unresolved-call, ...
    message: str
    #: the checked file whose analysis raised it (a diagnostic in a header names the file that included it)
    checked: str = ""
    #: for a diagnostic in another file: the #include lines leading there from the checked file, outermost first
    included_from: list[tuple[str, int]] = field(default_factory=list)
    #: for an error in a template the kernel instantiates (a header's static_assert): the compiler's
    #: "requested here" chain, innermost first, as (file, line, column, note)
    instantiated_from: list[tuple[str, int, int, str]] = field(default_factory=list)
    #: the targets whose parse raised it (empty: not target-specific, e.g. an unreadable file)
    targets: list[str] = field(default_factory=list)
    #: `targets` when they are some, not all, of the targets the file was checked for (shown in text)
    only_on: list[str] = field(default_factory=list)


# --- what the executor can observe ---------------------------------------------------------------

#: Tile member functions a rule checks like a builtin: their calls become call sites of these pseudo-builtins, whose
#: operands are the member's parameters (the tile itself is not one: the Tile class rules judge it at the builtins)
MEMBER_BUILTINS = {"SetMadTF32Mode": "TILE_SETMADTF32MODE"}

#: Fault kinds: the vocabulary shared by rules (what they predict) and the executor (what it observes).
FAULT_KINDS = {
    "invalid-tile": "the tile type cannot be laid out (class invariant broken)",
    "unsupported-dtype": "the element type is not supported by this instruction on this target",
    "dtype-mismatch": "operands have different element types where the instruction needs equal ones",
    "unsupported-layout": "a tile layout (BLayout/SLayout/fractal) this instruction does not accept",
    "unsupported-path": "the source/destination buffer combination does not exist on this target",
    "no-op": "the instruction compiles but silently does nothing",
    "out-of-bounds": "a read or write outside a tile's storage",
    "valid-region": "a valid region that is empty, exceeds the tile, or disagrees between operands",
    "tmp-undersized": "the temporary tile is too small or of the wrong type",
    "size-mismatch": "operands whose byte sizes disagree",
    "divide-by-zero": "a division by zero",
    "ignored-option": "an option the target ignores",
    "split-misaligned": "a split mode whose column count is not a multiple of the required block",
    "misaligned": "an on-chip address that is not aligned as its buffer requires",
    "unavailable": "the builtin, or this form of it, does not exist on this target",
    "partial-result": "the instruction silently processes only part of its operands (the rest stays stale)",
    "invalid-pipe": "a pipe type whose template arguments its class rejects",
    "live-overlap": "a write into a tile's storage overwrites another tile's data before that data is read",
    "extent-limit": "an extent, stride or tile dimension outside the range the copy instruction's fields accept",
}


@dataclass
class ProofEntry:
    """What proof mode (`ptolint check --prove`) establishes for one rule at one call site (every instance of
    the call, on one target, reached from one entry point): recorded by the engine, aggregated by the report.

    status: "verified" (the violation query is unsat for every input reaching the call), "violated" (a confirmed
    finding), "unknown" (`reason` says why, `detail` in words, `where` the line of the cause when it is not the
    call's), "not-applicable" (the rule does not apply to the builtin, element types or target). `rule` is ""
    for a call no rule could look at (an unresolved call); `entry` is "" when the call is not attributed to one
    entry point (it then counts for every kernel of the file). `note` qualifies a verified status (e.g. "loop
    summary": verified on the path-summarised iterations of a loop, for every iteration)."""

    target: str
    file: str
    line: int
    column: int
    builtin: str
    entry: str
    rule: str
    status: str
    reason: str = ""
    detail: str = ""
    where: int = 0
    note: str = ""


@dataclass
class Stats:
    """What the frontend's walk of one translation unit saw."""

    entry_points: list[str] = field(default_factory=list)
    instantiations: set[str] = field(default_factory=set)
    builtin_calls: int = 0
    resolved: int = 0
    unresolved: int = 0
    other_builtins: dict[str, int] = field(default_factory=dict)
    skipped_statements: int = 0


def split_top(text: str) -> list[str]:
    """Split a template argument or parameter list at its top-level commas (not inside <>, (), [])."""
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out

"""The rule framework: how a rule is declared, what it sees, and the registry.

A rule is a function from a `Ctx` (one call site on one target, operands as Z3 terms) to a `Check`
(a Z3 formula that is true exactly when the call breaks the rule) or None when it does not apply.
Rules never see libclang cursors and never decide levels: the solver does that.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import pickle
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ptolint import impls, own_impls
from ptolint import z3lazy as z3
from ptolint.ir import FAULT_KINDS, CallSite, GlobalOperand, GlobalSpec, TileOperand, TileSpec, TypeOperand
from ptolint.targets import ALL_TARGETS, TARGETS

LEVELS = ("error", "warning", "note")


@dataclass(frozen=True)
class Provenance:
    """Where a rule comes from. kind: seed-doc, isa-doc, header-static, header-runtime, hazard, corpus (what the
    vendor's own kernels do, when it decides how far a rule may go)."""

    kind: str
    where: str
    note: str = ""


@dataclass
class Check:
    """What a rule returns: `violated` is true exactly for the inputs that break the rule."""

    violated: z3.BoolRef
    message: str  # str.format template over `show` names, e.g. "indexRow {indexRow} + ..."
    show: dict[str, z3.ExprRef | int | str] = field(default_factory=dict)
    #: report only when every input reaching the call breaks the rule (relations between unconstrained
    #: kernel parameters, e.g. a tensor extent vs a valid region, are the host's contract, not a finding)
    definite: bool = False
    #: a kernel-level rule's text for each call of the site's steps (str.format templates over `show`)
    steps: list[str] = field(default_factory=list)


@dataclass
class Rule:
    code: str
    name: str
    instructions: tuple[str, ...]
    targets: tuple[str, ...]
    severity: str  # the highest level a finding of this rule can have
    fault: str  # the executor fault kind that confirms a finding
    provenance: tuple[Provenance, ...]
    check: Callable[[Ctx], Check | None]
    doc: str
    operand_free: bool = False  # decided by the builtin, target and form alone: checked also where operands are lost
    #: a kernel-level rule: builds, from one file's call sites on one target (in program order), the
    #: kernel-level sites to check (CallSite.steps set); `check` then sees those sites instead of single calls
    sequences: Callable[[list[CallSite]], list[CallSite]] | None = None
    #: the failure kind when the derivation from `fault` and provenance is wrong (ptolint/failure.py): a kind, or a
    #: dict from "T" / "T/INSTRUCTION" / "*" to a kind; None: derived (or ptolint.failure.OVERRIDES)
    failure: str | dict[str, str] | None = None
    #: the implementations whose facts the rule holds ("a2a3", "a5"): on a newer target it runs for the builtins
    #: implemented there by the very same file (ptolint.impls.family). None: its facts are the real target's
    #: (buffer capacities, the Tile type) and it runs on exactly `targets` whatever implements the builtin
    families: tuple[str, ...] | None = None
    #: the newer targets' own implementation files the rule has facts for (ptolint/own_impls.py): fact-table key
    #: ("kirin9030") -> the builtins; its tables then have entries under that key
    own: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the operand form the rule concerns: parameter -> operand kind (OPERAND_KINDS); a call that passes another
    #: kind there cannot break the rule on any target, so where the rule has no facts the call is not applicable
    #: rather than unchecked (ptolint/proof.py). Empty: every call of its instructions
    form: dict[str, str] = field(default_factory=dict)

    def runs(self, builtin: str, target: str, dtypes: tuple[str, ...] | frozenset[str] = ()) -> bool:
        """Whether the rule checks a call of `builtin` on `target` (whose tiles have element types `dtypes`)."""
        if target not in self.targets:
            return False
        if self.families is None or builtin == "*":
            return True
        if own_impls.family(builtin, target, dtypes) in self.families:
            return True
        o = own_impls.own(builtin, target, dtypes)
        if o is not None:
            return builtin in self.own.get(o.impl, ())
        apart = own_impls.apart(builtin, target, dtypes)  # a type the reading leaves out, read apart
        return bool(apart) and all(builtin in self.own.get(k, ()) for k in apart)

    def runs_for_some(self, builtin: str, target: str) -> bool:
        """Whether the rule checks some call of `builtin` on `target`: `runs` for a call of no particular element
        type, or a call of a type the target's read own file leaves out and reads apart (ptolint/own_impls.py)."""
        if self.runs(builtin, target):
            return True
        return target in self.targets and any(builtin in self.own.get(k, ()) for k in own_impls.keys(builtin, target))

    def applies(self, site: CallSite) -> bool:
        """Whether the call has the rule's operand form (`form`); True when an operand was not followed (the form
        cannot be told) or the rule declares none."""
        if site.unresolved:
            return True
        for param, kind in self.form.items():
            op = site.arg(param)
            if op is None or operand_kind(op) != kind:
                return False
        return True

    def kind(self, target: str, instruction: str | None = None) -> str:
        """What kind of failure a finding of this rule is on `target`: compile-error, runtime-fault, silent or
        debug-trap (ptolint/failure.py)."""
        from ptolint.failure import failure_kind

        return failure_kind(self, target, instruction)

    @property
    def summary(self) -> str:
        return self.section("Summary") or self.doc.strip().splitlines()[0]

    def section(self, title: str) -> str:
        """The text of one `## Title` section of the rule's documentation."""
        m = re.search(rf"^## {re.escape(title)}\s*\n(.*?)(?=^## |\Z)", self.doc, re.S | re.M)
        return m.group(1).strip() if m else ""


#: what a call passes for one parameter, as a rule's `form` names it
OPERAND_KINDS = ("Tile", "ConvTile", "GlobalTensor", "scalar", "type")
_CONV_TILE = re.compile(r"\bConvTile<")


def operand_kind(op) -> str:
    """The OPERAND_KINDS entry of one operand (a ConvTile is a class operand the frontend keeps as its spelling)."""
    if isinstance(op, TileOperand):
        return "Tile"
    if isinstance(op, GlobalOperand):
        return "GlobalTensor"
    if isinstance(op, TypeOperand):
        return "ConvTile" if _CONV_TILE.search(op.spelling) else "type"
    return "scalar"


class TileView:
    """A tile operand as rules see it: static template arguments plus Z3 terms for its valid region."""

    def __init__(self, name: str, operand: TileOperand, valid_row: z3.ArithRef, valid_col: z3.ArithRef):
        self.name = name
        self.operand = operand
        self.spec: TileSpec = operand.spec
        self.valid_row = valid_row
        self.valid_col = valid_col

    def __getattr__(self, item: str):  # loc, dtype, rows, cols, blayout, slayout, fractal, ...
        value = getattr(self.spec, item)
        self.__dict__[item] = value  # (the spec is frozen; the next read is a plain attribute: the rules read
        return value  # each several times per call)

    @property
    def text(self) -> str:
        return self.operand.name


class GlobalView:
    """A GlobalTensor operand as rules see it: static type facts plus Z3 terms for its five extents/strides."""

    def __init__(self, name: str, operand: GlobalOperand, shape: list[z3.ArithRef], stride: list[z3.ArithRef]):
        self.name = name
        self.operand = operand
        self.spec: GlobalSpec = operand.spec
        self.shape = shape
        self.stride = stride

    @property
    def dtype(self) -> str:
        return self.spec.dtype

    @property
    def layout(self) -> str:
        return self.spec.layout

    @property
    def text(self) -> str:
        return self.operand.text


class Ctx:
    """One call site on one target, as a rule sees it. Built by the solver."""

    def __init__(self, target: str, builtin: str, tiles: dict[str, TileView], scalars: dict[str, z3.ExprRef],
                 template_args: dict[str, str], texts: dict[str, str],
                 globals_: dict[str, GlobalView] | None = None, types: dict[str, str] | None = None):
        self.target = target
        self.builtin = builtin
        self._tiles = tiles
        self._scalars = scalars
        self._globals = globals_ or {}
        self._types = types or {}
        self.template_args = template_args
        self.texts = texts
        self._identity: tuple | None = None

    def identity(self) -> tuple:
        """All a rule can read of the call, hashable, Z3 terms by id (Z3 shares equal terms, so equal terms have
        one id while they live). Of a tile operand a rule reads the view (type, source text, valid-region terms),
        never the IR operand's other fields (where its TASSIGN was, its declaration). Calls with equal identities
        get the same Check from every rule: the solver builds it once (an ST kernel's paths repeat the same
        calls: half of its rule checks)."""
        if self._identity is None:
            from ptolint.z3terms import term_id  # (imports z3: rules load on runs that need none)

            self._identity = (
                self.target, self.builtin,
                tuple((n, t.spec, t.operand.name, term_id(t.valid_row), term_id(t.valid_col))
                      for n, t in self._tiles.items()),
                tuple((n, term_id(v)) for n, v in self._scalars.items()),
                tuple((n, g.spec, g.text, tuple(term_id(x) for x in g.shape), tuple(term_id(x) for x in g.stride))
                      for n, g in self._globals.items()),
                tuple(self._types.items()), tuple(self.template_args.items()), tuple(self.texts.items()))
        return self._identity

    def global_tensor(self, name: str) -> GlobalView | None:
        return self._globals.get(name)

    def type_spelling(self, name: str) -> str | None:
        """The canonical C++ type of an operand that is neither a tile, a scalar nor a GlobalTensor (a TPipe, an
        event, ...), e.g. "pto::TPipe<'\\x00', '\\x01', 8192, 2>"; None when there is no such operand."""
        return self._types.get(name)

    def tile(self, name: str) -> TileView | None:
        return self._tiles.get(name)

    def tiles(self) -> dict[str, TileView]:
        return dict(self._tiles)

    def scalar(self, name: str) -> z3.ExprRef | None:
        return self._scalars.get(name)

    @functools.cached_property
    def impl(self) -> str:
        """Whose facts hold for this call: the target itself on A2/A3 and A5; on a newer target the target ("a2a3"
        or "a5") whose very implementation file the builtin uses there (ptolint.impls.family; the target itself
        when none: rules that run there regardless, `Rule.families` None, must not key facts by it). Fact tables
        keyed by target are looked up by this; buffer capacities and other facts of the chip by `target`.
        Computed once per call (the TLOAD / TSTORE rules ask it several times each: 21,000 times in the 19-kernel
        A2/A3 sample)."""
        dtypes = tuple(t.spec.dtype for t in self._tiles.values())
        return own_impls.impl_key(self.builtin, self.target, dtypes)

    @property
    def a5(self) -> bool:
        """The call uses the A5 implementation (on A5, or a newer target reusing the same A5 file)."""
        return self.impl == "a5"

    @staticmethod
    def static(condition: bool) -> z3.BoolRef:
        """The constant true or false term (the two built once: rules decided at compile time ask often)."""
        b = bool(condition)
        known = _STATIC.get(b)
        if known is None:
            known = _STATIC[b] = z3.BoolVal(b)
        return known


#: the terms Ctx.static gives (Z3 shares equal terms anyway: this saves building them per question)
_STATIC: dict[bool, z3.BoolRef] = {}


def int_values(*terms: z3.ArithRef) -> tuple[int, ...] | None:
    """The values of integer numeral terms, None unless every one is a numeral. A rule whose operands are all
    constants (the tensor shapes and valid regions of nearly every ST kernel call) decides its formula with these
    in Python and returns ctx.static(answer), the very term z3.simplify folds the formula to, without building the
    formula's terms (most of the cost of checking such a call)."""
    from ptolint.z3terms import int_constant  # (imports z3: rules load on runs that need none)

    out = []
    for t in terms:
        v = int_constant(t)
        if v is None:
            return None
        out.append(v)
    return tuple(out)


REGISTRY: dict[str, Rule] = {}


def own_facts(table: dict[str, dict[str, object]], instructions: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """A rule's `own` from a fact table keyed instruction -> implementation: the entries under a newer target's own
    file key (ptolint/own_impls.py), for the rule's instructions."""
    out: dict[str, list[str]] = {}
    for i in instructions:
        for key in table.get(i, {}):
            if key not in impls.FAMILY_TARGETS:
                out.setdefault(key, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


def rule(code: str, name: str, *, instructions: tuple[str, ...], fault: str,
         provenance: tuple[Provenance, ...], targets: tuple[str, ...] = TARGETS,
         severity: str = "error", operand_free: bool = False,
         sequences: Callable[[list[CallSite]], list[CallSite]] | None = None,
         failure: str | dict[str, str] | None = None, chip: bool = False,
         own: dict[str, tuple[str, ...]] | None = None, form: dict[str, str] | None = None) -> Callable[[Callable[[Ctx], Check | None]], Callable[[Ctx], Check | None]]:
    """Register a rule function; its docstring is the rule's documentation.

    `targets`: the implementations the rule's facts were read from; it then also runs on every newer target for
    the builtins that target implements with the same file (`Rule.targets` lists where it runs). `chip=True`: the
    facts are the real target's (capacities, the Tile type), and the rule runs on exactly `targets`. `own`: the
    newer targets' own files (ptolint/own_impls.py keys) whose facts the rule's tables also hold, per builtin.
    `form`: the operand kind the rule concerns per parameter (`Rule.form`, e.g. {"dst": "ConvTile"})."""
    if severity not in LEVELS:
        raise ValueError(f"{code}: unknown severity {severity}")
    if fault not in FAULT_KINDS:
        raise ValueError(f"{code}: unknown fault kind {fault}")
    from ptolint.failure import FAILURE_KINDS

    for kind in ([failure] if isinstance(failure, str) else list((failure or {}).values())):
        if kind not in FAILURE_KINDS:
            raise ValueError(f"{code}: unknown failure kind {kind}")
    if any(k not in OPERAND_KINDS for k in (form or {}).values()):
        raise ValueError(f"{code}: unknown operand kind in form {form}")

    def register(fn: Callable[[Ctx], Check | None]) -> Callable[[Ctx], Check | None]:
        if code in REGISTRY:
            raise ValueError(f"duplicate rule code {code}")
        families = None if chip else tuple(targets)
        mine = dict(own or {})
        runs_on = tuple(targets) if chip else tuple(
            t for t in ALL_TARGETS if t in targets or any(
                own_impls.family(b, t) in targets or any(b in mine.get(k, ()) for k in own_impls.keys(b, t))
                for b in instructions))
        REGISTRY[code] = Rule(code, name, instructions, runs_on, severity, fault, provenance, fn,
                              inspect.cleandoc(fn.__doc__ or ""), operand_free, sequences, failure, families, mine,
                              dict(form or {}))
        return fn

    return register


_LOADED: list[bool] = []


def load_rules() -> dict[str, Rule]:
    """Import every module of the `ptolint.rules` package once; they register themselves. (Only the metadata:
    `rule_table`, which a cached run answers without importing them.)"""
    if not _LOADED:
        pkg = rules_package()
        for mod in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"ptolint.rules.{mod.name}")
        _LOADED.append(True)
    return REGISTRY


def loaded() -> bool:
    """Whether every rule module is imported (REGISTRY is complete)."""
    return bool(_LOADED)


def rules_package():
    """`ptolint.rules`: installed inside the package, or the top-level rules/ of a source checkout."""
    try:
        import ptolint.rules as pkg

        return pkg
    except ModuleNotFoundError:
        import importlib.util
        import sys
        from pathlib import Path

        src = Path(__file__).resolve().parent.parent / "rules" / "__init__.py"
        spec = importlib.util.spec_from_file_location("ptolint.rules", src,
                                                      submodule_search_locations=[str(src.parent)])
        if spec is None or spec.loader is None:
            raise
        pkg = importlib.util.module_from_spec(spec)
        sys.modules["ptolint.rules"] = pkg
        spec.loader.exec_module(pkg)
        return pkg


def find_rule(key: str) -> Rule | None:
    """A rule by code (PTO101) or name (textract-dtype-mismatch)."""
    rules = rule_table()
    if key.upper() in rules:
        return rules[key.upper()]
    for r in rules.values():
        if r.name == key:
            return r
    return None


def select_rules(select: list[str] | None, ignore: list[str] | None) -> tuple[list[Rule], list[str]]:
    """Rules enabled by --select/--ignore (codes, names, code prefixes like PTO1, or failure kinds); unknown keys
    returned. A failure kind (compile-error, ...) selects every rule that has that kind on some target; which of
    their findings are reported is decided per finding (`ptolint.config.finding_selected`), and an ignored kind
    never removes a rule here (its other kinds still report)."""
    from ptolint.failure import FAILURE_KINDS, rule_kinds
    rules = rule_table()
    unknown: list[str] = []

    def matches(key: str, ignoring: bool = False) -> list[Rule]:
        if key.lower() in FAILURE_KINDS:
            if ignoring:
                return []
            return [r for r in rules.values() if key.lower() in rule_kinds(r).values()]
        exact = find_rule(key)
        if exact:
            return [exact]
        pref = [r for r in rules.values() if r.code.startswith(key.upper())] if key.upper().startswith("PTO") else []
        if key.upper() == "ALL":
            pref = list(rules.values())
        if not pref:
            unknown.append(key)
        return pref

    chosen = list(rules.values())
    if select:
        chosen = []
        for key in select:
            for r in matches(key):
                if r not in chosen:
                    chosen.append(r)
    for key in ignore or []:
        for r in matches(key, ignoring=True):
            if r in chosen:
                chosen.remove(r)
    return sorted(chosen, key=lambda r: r.code), unknown


# --- the rule index: the rules' metadata without their modules ----------------------------------------------
#
# Selecting rules, keying the result cache and writing a report read codes, names, targets, severities,
# provenance and documentation; importing the 20-odd rule modules to get them costs a run answered from the
# cache more than the rest of it. The first run that imports them stores that metadata in the cache directory,
# keyed by the tool fingerprint (the size and mtime of every ptolint and rule source file), and later runs read
# it back. A rule read from the index carries `Deferred` functions that import its module on first call, and
# the engine runs the registry's rule for each (`resolve`).

INDEX_VERSION = 1
KEEP = 4  # index files kept in the cache directory
_TABLE: dict[str, Rule] = {}


@dataclass(frozen=True)
class Deferred:
    """A rule's `check` or `sequences` function, named by rule code: imported from the registry when called."""

    code: str
    attr: str

    def __call__(self, *args):
        return getattr(load_rules()[self.code], self.attr)(*args)


def resolve(rules: list[Rule]) -> list[Rule]:
    """The registry's rule for each index entry (other rules as they are): what the engine runs."""
    if not any(isinstance(r.check, Deferred) for r in rules):
        return list(rules)
    registry = load_rules()
    return [registry[r.code] if isinstance(r.check, Deferred) else r for r in rules]


def index_path():
    from ptolint.fingerprint import tool_fingerprint
    from ptolint.store import default_dir

    return default_dir() / f"rules-v{INDEX_VERSION}-{tool_fingerprint()[:32]}.pickle"


def rule_table() -> dict[str, Rule]:
    """Every rule by code: the registry when the rule modules are loaded, else the stored index, else the
    registry (loading the modules and storing the index for the next run)."""
    if loaded():
        return REGISTRY
    if _TABLE:
        return _TABLE
    path = index_path()
    try:
        table = pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError, TypeError):
        table = None
    if isinstance(table, dict) and table and all(isinstance(r, Rule) for r in table.values()):
        _TABLE.update(table)
        return _TABLE
    rules = load_rules()
    store_index(rules, path)
    return rules


def store_index(rules: dict[str, Rule], path) -> None:
    """Write the index (best effort: an unwritable cache directory only costs the next run the imports)."""
    from ptolint.store import write_atomic

    table = {code: dataclasses.replace(r, check=Deferred(code, "check"),
                                       sequences=Deferred(code, "sequences") if r.sequences else None)
             for code, r in rules.items()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL))
        # an edited checkout makes a new index per edit: keep the newest few (other installs may share the dir)
        old = sorted(path.parent.glob("rules-v*-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in old[KEEP:]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass

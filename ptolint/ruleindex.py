"""The rules' metadata without their modules: what a run answered from the result cache needs of them.

Selecting rules, keying the cache and writing the report read codes, names, targets, severities, provenance
and documentation; importing the 20-odd rule modules to get them costs more than the rest of a cache hit. The
first run that imports them stores that metadata in the cache directory, keyed by the tool fingerprint (the
size and mtime of every ptolint and rule source file), and later runs read it back. A rule read from the index
carries `Deferred` functions that import its module on first call, so a run that does check a file gets the
same behaviour from it as from the registry.
"""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass

from ptolint import ruleset
from ptolint.ruleset import Rule

INDEX_VERSION = 1
KEEP = 4  # index files kept in the cache directory
_TABLE: dict[str, Rule] = {}


@dataclass(frozen=True)
class Deferred:
    """A rule's `check` or `sequences` function, named by rule code: imported from the registry when called."""

    code: str
    attr: str

    def __call__(self, *args):
        return getattr(ruleset.load_rules()[self.code], self.attr)(*args)


def resolve(rules: list[Rule]) -> list[Rule]:
    """The registry's rule for each index entry (other rules as they are): what the engine runs."""
    if not any(isinstance(r.check, Deferred) for r in rules):
        return list(rules)
    registry = ruleset.load_rules()
    return [registry[r.code] if isinstance(r.check, Deferred) else r for r in rules]


def index_path():
    from ptolint.fingerprint import tool_fingerprint
    from ptolint.store import default_dir

    return default_dir() / f"rules-v{INDEX_VERSION}-{tool_fingerprint()[:32]}.pickle"


def rule_table() -> dict[str, Rule]:
    """Every rule by code: the registry when the rule modules are loaded, else the stored index, else the
    registry (loading the modules and storing the index for the next run)."""
    if ruleset.loaded():
        return ruleset.REGISTRY
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
    rules = ruleset.load_rules()
    store(rules, path)
    return rules


def store(rules: dict[str, Rule], path) -> None:
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

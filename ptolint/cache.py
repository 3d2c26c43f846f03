"""Result cache of `ptolint check`, in the manner of ccache's direct mode.

An entry is keyed by a hash of everything that decides a file's result and is known before parsing it: the
file's bytes and absolute path, the effective options (targets, rules, blocks, time limits, the exact compiler
arguments per target, so includes, defines, std and the header mode), and a fingerprint of ptolint itself (its
version and code, z3 and libclang). The entry stores the file's result (findings, diagnostics, statistics) and
every file the translation units included with the hash of its content (`tu.get_includes()`, recorded by the
engine), plus the places where a header that was not found would have been picked up. A lookup is a hit only
when every recorded dependency still has the same hash (or is still absent), so editing an included header
invalidates the entry. Suppressions and assumptions are comments of the main file or of its headers, so they
are covered by those hashes.

Entries are JSON, hold no source text (a finding keeps its location, message, witness and instantiation chain;
the report reads the flagged line from the file), are written atomically (temporary file + rename) and are
ignored when they cannot be read or do not match. The directory is `$PTOLINT_CACHE_DIR`, by default
`$XDG_CACHE_HOME/ptolint` (`~/.cache/ptolint`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from ptolint.fingerprint import CACHE_VERSION, tool_fingerprint
from ptolint.ir import CallSite, Diagnostic, Finding, Frame, ProofEntry, Unresolved, Witness
from ptolint.replayed import ReplayedFinding
from ptolint.store import content_hash, default_dir, write_atomic  # noqa: F401 - default_dir re-exported for the CLI


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_key(path: str, data: bytes, opts) -> str:
    """The cache key of one file checked with engine Options `opts` (see the module doc)."""
    from ptolint.frontend.parse import compiler_args, header_choice

    parse = dataclasses.replace(opts.parse, includes=[os.path.abspath(i) for i in opts.parse.includes])
    choice = header_choice(parse)
    doc = {
        "tool": tool_fingerprint(),
        "path": os.path.abspath(path),
        "sha": _sha(data),
        "targets": list(opts.targets),
        "rules": sorted(r.code for r in opts.rules),
        "blocks": opts.blocks,
        "timeout_ms": opts.timeout_ms,
        "replay_budget": getattr(opts, "replay_budget", None),
        "debug": opts.debug,
        "prove": getattr(opts, "prove", False),
        "fixes": getattr(opts, "fixes", False),
        "headers": [parse.headers, choice.mode, str(choice.include_dir)],
        "args": {t: compiler_args(t, parse) for t in opts.targets},
    }
    return _sha(json.dumps(doc, sort_keys=True).encode())


# --- dependencies ---------------------------------------------------------------------------------------------

def dependencies(res, path: str, opts) -> dict[str, str | None]:
    """Every file the result depends on besides the main file -> its content hash; places where a header that
    was not found would have been found -> None (it must stay absent)."""
    from ptolint.frontend.parse import MISSING_DIR

    out: dict[str, str | None] = {}
    main = os.path.abspath(path)
    for name in sorted(res.includes):
        if name.startswith(MISSING_DIR + "/") or os.path.abspath(name) == main:
            continue
        out[name] = content_hash(name)
    dirs = [os.path.dirname(main)] + [os.path.abspath(i) for i in opts.parse.includes]
    for header, includer in sorted(res.missing_includes):
        for d in [includer, *dirs]:
            cand = os.path.normpath(os.path.join(d, header))
            if cand not in out and not os.path.exists(cand):
                out[cand] = None
    return out


# --- the store ------------------------------------------------------------------------------------------------

class ResultCache:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.hits = 0
        self.misses = 0
        self.deps: dict[str, dict[str, str | None]] = {}  # of each entry `get` returned, by key

    def _entry(self, key: str) -> Path:
        return self.root / f"v{CACHE_VERSION}" / key[:2] / f"{key[2:]}.json"

    def get(self, key: str) -> dict | None:
        """The stored result for `key` when every dependency is unchanged, else None (a miss)."""
        doc = None
        try:
            with open(self._entry(key), encoding="utf-8") as fh:
                entry = json.load(fh)
            if (isinstance(entry, dict) and entry.get("key") == key and isinstance(entry.get("deps"), dict)
                    and all(content_hash(p) == h for p, h in entry["deps"].items())):
                doc = entry["result"]
                self.deps[key] = entry["deps"]
        except (OSError, ValueError, TypeError, AttributeError):
            doc = None  # absent or corrupt: a miss
        if doc is None:
            self.misses += 1
        else:
            self.hits += 1
        return doc

    def put(self, key: str, result: dict, deps: dict[str, str | None]) -> None:
        """Store atomically; a cache that cannot be written is silently skipped."""
        target = self._entry(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, json.dumps({"key": key, "deps": deps, "result": result}).encode())
        except OSError:
            pass


# --- (de)serialising a FileResult -----------------------------------------------------------------------------

def _abs(name: str) -> str:
    return os.path.abspath(name) if name else name


def result_to_dict(res) -> dict[str, Any]:
    """A FileResult as JSON-able data, without source text: call sites keep only what reports use (location,
    target, instruction, chain), not the operands. Paths the engine shows relative to the working directory are
    stored absolute, so an entry is valid from any working directory."""
    def finding(f: Finding) -> dict[str, Any]:
        s = f.site
        return {
            "rule_id": f.rule_id, "rule_name": f.rule_name, "level": f.level, "message": f.message,
            "site": {"builtin": s.builtin, "file": _abs(s.file), "line": s.line, "column": s.column,
                     "end_line": s.end_line, "end_column": s.end_column, "target": s.target,
                     "chain": [[fr.function, fr.file, fr.line, fr.column] for fr in s.chain]},
            "witness": None if f.witness is None else {"inputs": f.witness.inputs, "values": f.witness.values},
            "confirmed": f.confirmed, "fault": f.fault, "related": [list(r) for r in f.related],
            "suppressed": f.suppressed, "steps": [[_abs(a), b, c, d] for a, b, c, d in f.steps],
            "replay_args": getattr(f, "replay_args", ""), "run": getattr(f, "run", ""),
            "fixes": [{**fx.to_dict(), "edits": [{**e, "file": _abs(e["file"])} for e in fx.to_dict()["edits"]]}
                      for fx in f.fixes],
        }

    return {
        "findings": [finding(f) for f in res.findings],
        "diagnostics": [[_abs(d.file), d.line, d.column, d.level, d.code, d.message,
                         [[_abs(a), b] for a, b in d.included_from],
                         [[_abs(a), b, c, n] for a, b, c, n in d.instantiated_from], d.targets]
                        for d in res.diagnostics],
        "stats": {t: {"entry_points": list(s.entry_points), "instantiations": sorted(s.instantiations),
                      "builtin_calls": s.builtin_calls, "resolved": s.resolved, "unresolved": s.unresolved,
                      "other_builtins": dict(s.other_builtins), "skipped_statements": s.skipped_statements}
                  for t, s in res.stats.items()},
        "unconfirmed": [list(u) for u in res.unconfirmed],
        "unresolved": [dataclasses.asdict(u) for u in res.unresolved],
        "unchecked": [list(u) for u in res.unchecked],
        "proof": [{**dataclasses.asdict(p), "file": _abs(p.file)} for p in res.proof],
    }


def result_from_dict(doc: dict[str, Any], path: str):
    """The FileResult stored by `result_to_dict`, with the checked file shown as `path`."""
    from ptolint.result import FileResult, Stats, rel

    main = os.path.abspath(path)

    def shown(name: str) -> str:
        return rel(name, main, path) if name else name

    res = FileResult(path)
    if any(f.get("fixes") for f in doc["findings"]):
        from ptolint.fixes import Fix  # only results checked with fixes carry any
    for f in doc["findings"]:
        s = f["site"]
        site = CallSite(builtin=s["builtin"], file=shown(s["file"]), line=s["line"], column=s["column"],
                        end_line=s["end_line"], end_column=s["end_column"], target=s["target"], params=[],
                        args=[], template_args={},
                        chain=[Frame(fr[0], shown(fr[1]), *fr[2:]) for fr in s["chain"]])
        w = f["witness"]
        res.findings.append(ReplayedFinding(
            rule_id=f["rule_id"], rule_name=f["rule_name"], level=f["level"], message=f["message"], site=site,
            witness=None if w is None else Witness(w["inputs"], w["values"]), confirmed=f["confirmed"],
            fault=f["fault"], related=[(shown(r[0]), *r[1:]) for r in f["related"]], suppressed=f["suppressed"],
            steps=[(shown(a), b, c, d) for a, b, c, d in f.get("steps", [])],
            replay_args=f.get("replay_args", ""), run=f.get("run", ""),
            fixes=[Fix.from_dict({**fx, "edits": [{**e, "file": shown(e["file"])} for e in fx["edits"]]},
                                 f["rule_id"], s["line"], s["column"]) for fx in f.get("fixes", [])]))
    res.diagnostics = [Diagnostic(shown(d[0]), *d[1:6], checked=path,
                                  included_from=[(shown(a), b) for a, b in (d[6] if len(d) > 6 else [])],
                                  instantiated_from=[(shown(a), b, c, n) for a, b, c, n in (d[7] if len(d) > 7 else [])],
                                  targets=list(d[8]) if len(d) > 8 else [])
                       for d in doc["diagnostics"]]
    for t, s in doc["stats"].items():
        res.stats[t] = Stats(entry_points=list(s["entry_points"]), instantiations=set(s["instantiations"]),
                             builtin_calls=s["builtin_calls"], resolved=s["resolved"], unresolved=s["unresolved"],
                             other_builtins=dict(s["other_builtins"]), skipped_statements=s["skipped_statements"])
    res.unconfirmed = [tuple(u) for u in doc["unconfirmed"]]
    res.unresolved = [Unresolved(**u) for u in doc["unresolved"]]
    res.unchecked = [tuple(u) for u in doc.get("unchecked", [])]
    res.proof = [ProofEntry(**{**p, "file": shown(p["file"])}) for p in doc.get("proof", [])]
    return res

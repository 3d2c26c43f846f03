"""Project configuration: `[tool.ptolint]` in `pyproject.toml`, or the same keys at the top level of `.ptolint.toml`.

Discovery works like ruff's: for each checked file, walk up from the file's directory and take the first
directory that holds a `.ptolint.toml`, or a `pyproject.toml` with a `[tool.ptolint]` table (`.ptolint.toml` wins
inside one directory). The nearest file is the whole configuration: files further up are not merged in.
Relative paths in a configuration (`include-dirs`, the globs of `per-file-ignores`) are relative to the directory
of the file that holds them. Command-line options override the configuration (see `merge`).
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CONFIG_NAMES = (".ptolint.toml", "pyproject.toml")  # searched in this order in each directory

#: every key a configuration may set, with what it expects (used in error messages)
KEYS = {
    "target": "a string or a list of strings (a2a3, a5, a6, kirin9030, kirinx90, kirindev0000, all)",
    "select": "a list of rule codes, names, prefixes or failure kinds (compile-error, runtime-fault, silent, "
              "debug-trap)",
    "ignore": "a list of rule codes, names, prefixes or failure kinds",
    "per-file-ignores": "a table mapping a glob to a list of rule codes, names, prefixes or failure kinds",
    "include-dirs": "a list of directories",
    "defines": "a list of macros (NAME or NAME=VALUE)",
    "std": "a string (e.g. c++17)",
    "blocks": "a positive integer",
    "timeout-ms": "a positive integer",
    "file-timeout": "a positive number of seconds",
    "replay-budget": "a positive integer (statements)",
}


class ConfigError(Exception):
    """A configuration that cannot be used; the message is one line and names the file."""


@dataclass
class Config:
    """One configuration file's settings (None: not set there). Paths are already made absolute."""

    file: Path | None = None
    target: list[str] | None = None
    select: list[str] | None = None
    ignore: list[str] | None = None
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    include_dirs: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    std: str | None = None
    blocks: int | None = None
    timeout_ms: int | None = None
    file_timeout: float | None = None
    replay_budget: int | None = None

    @property
    def root(self) -> Path:
        """The directory relative paths are taken from (the config file's, or the cwd without one)."""
        return self.file.parent if self.file else Path(os.getcwd())

    def as_dict(self) -> dict[str, Any]:
        """The settings under their configuration key names (what `ptolint info` shows)."""
        return {
            "target": self.target,
            "select": self.select,
            "ignore": self.ignore,
            "per-file-ignores": self.per_file_ignores,
            "include-dirs": self.include_dirs,
            "defines": self.defines,
            "std": self.std,
            "blocks": self.blocks,
            "timeout-ms": self.timeout_ms,
            "file-timeout": self.file_timeout,
            "replay-budget": self.replay_budget,
        }

    def ignored_rules(self, path: str) -> list[str]:
        """Rule keys that `per-file-ignores` turns off for the file at `path` (relative to the cwd or absolute)."""
        out: list[str] = []
        for pattern, keys in self.per_file_ignores.items():
            if glob_matches(pattern, path, self.root):
                out += [k for k in keys if k not in out]
        return out


# --- discovery ------------------------------------------------------------------------------------------------

def find_config_file(start: str | Path) -> Path | None:
    """The nearest configuration file for a file or directory, walking up to the filesystem root."""
    p = Path(os.path.abspath(start))
    directory = p if p.is_dir() else p.parent
    return _find_in(str(directory))


@functools.cache
def _find_in(directory: str) -> Path | None:
    d = Path(directory)
    for name in CONFIG_NAMES:
        candidate = d / name
        if candidate.is_file() and (name != "pyproject.toml" or _pyproject_section(str(candidate)) is not None):
            return candidate
    if d.parent == d:
        return None
    return _find_in(str(d.parent))


def config_for(path: str | Path) -> Config:
    """The configuration that applies to a checked file (an empty one when no configuration file is found)."""
    found = find_config_file(path)
    return load_config(str(found)) if found else Config()


@functools.cache
def load_config(path: str) -> Config:
    """Read and validate one configuration file; raises ConfigError."""
    file = Path(path)
    table = _pyproject_section(path) if file.name == "pyproject.toml" else _read_toml(path)
    if table is None:
        return Config(file=file)
    return _parse(table, file, "tool.ptolint." if file.name == "pyproject.toml" else "")


@functools.cache
def _read_toml(path: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):  # imported here: a run without a configuration file never parses TOML
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read configuration: {exc.strerror or exc}")
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)$", msg)
        if m:
            raise ConfigError(f"{path}:{m.group(1)}:{m.group(2)}: invalid TOML: {msg[:m.start()]}")
        raise ConfigError(f"{path}: invalid TOML: {msg}")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: not UTF-8 ({exc.reason})")


def _pyproject_section(path: str) -> dict[str, Any] | None:
    try:  # no `ptolint` anywhere in the file: no [tool.ptolint] table however spelled (nor a TOML parse)
        if b"ptolint" not in Path(path).read_bytes():
            return None
    except OSError:
        pass  # reported by _read_toml
    tool = _read_toml(path).get("tool")
    if not isinstance(tool, dict) or "ptolint" not in tool:
        return None
    section = tool["ptolint"]
    if not isinstance(section, dict):
        raise ConfigError(f"{path}: `tool.ptolint` must be a table")
    return section


# --- validation -----------------------------------------------------------------------------------------------

def _parse(table: dict[str, Any], file: Path, prefix: str) -> Config:
    def bad(key: str, why: str | None = None) -> ConfigError:
        return ConfigError(f"{file}: `{prefix}{key}`: {why or 'expected ' + KEYS[key]}")

    def str_list(key: str, value: Any) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad(key)
        return list(value)

    def rule_list(key: str, value: Any) -> list[str]:
        return [x.strip() for v in str_list(key, value) for x in v.split(",") if x.strip()]

    def positive(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise bad(key)
        return value

    unknown = [k for k in table if k not in KEYS]
    if unknown:
        k = unknown[0]
        close = difflib.get_close_matches(k.replace("_", "-"), list(KEYS), n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else f" (known keys: {', '.join(KEYS)})"
        raise ConfigError(f"{file}: unknown configuration key `{prefix}{k}`{hint}")

    cfg = Config(file=file)
    root = file.parent
    if "target" in table:
        value = table["target"]
        if isinstance(value, str):
            value = [value]
        from ptolint.targets import parse_targets

        try:
            cfg.target = parse_targets(",".join(str_list("target", value)))
        except ValueError as exc:
            raise bad("target", str(exc))
    if "select" in table:
        cfg.select = rule_list("select", table["select"])
    if "ignore" in table:
        cfg.ignore = rule_list("ignore", table["ignore"])
    if "per-file-ignores" in table:
        pfi = table["per-file-ignores"]
        if not isinstance(pfi, dict):
            raise bad("per-file-ignores")
        for pattern, keys in pfi.items():
            cfg.per_file_ignores[pattern] = rule_list("per-file-ignores", keys)
    if "include-dirs" in table:
        cfg.include_dirs = [os.path.normpath(root / os.path.expanduser(d))
                            for d in str_list("include-dirs", table["include-dirs"])]
    if "defines" in table:
        cfg.defines = str_list("defines", table["defines"])
    if "std" in table:
        if not isinstance(table["std"], str) or not table["std"].strip():
            raise bad("std")
        cfg.std = table["std"].strip()
    if "blocks" in table:
        cfg.blocks = positive("blocks", table["blocks"])
    if "timeout-ms" in table:
        cfg.timeout_ms = positive("timeout-ms", table["timeout-ms"])
    if "file-timeout" in table:
        value = table["file-timeout"]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise bad("file-timeout")
        cfg.file_timeout = float(value)
    if "replay-budget" in table:
        cfg.replay_budget = positive("replay-budget", table["replay-budget"])
    return cfg


def check_rule_ids(cfg: Config) -> None:
    """Raise ConfigError for a rule key in `select`, `ignore` or `per-file-ignores` that names no rule."""
    from ptolint.ruleset import select_rules

    prefix = "tool.ptolint." if cfg.file and cfg.file.name == "pyproject.toml" else ""
    for key, values in (("select", cfg.select), ("ignore", cfg.ignore),
                        *((f"per-file-ignores.\"{p}\"", v) for p, v in cfg.per_file_ignores.items())):
        _, unknown = select_rules(None, values or [])
        if unknown:
            raise ConfigError(f"{cfg.file}: `{prefix}{key}`: unknown rule id(s): {', '.join(unknown)} "
                              "(see 'ptolint rules')")


# --- merging with the command line ----------------------------------------------------------------------------

DEFAULT_STD = "c++17"
DEFAULT_BLOCKS = 64
DEFAULT_TIMEOUT_MS = 5000
DEFAULT_FILE_TIMEOUT = 300.0  # seconds per file (all targets), see ptolint/parallel.py
DEFAULT_REPLAY_BUDGET = 2_000_000  # statements one entry replay may execute (ptolint/executor/entry)


@dataclass
class Effective:
    """The settings one file is checked with: its configuration with the command line on top."""

    targets: list[str]
    rule_keys: tuple[list[str] | None, list[str] | None, list[str] | None, list[str] | None]
    includes: list[str]
    defines: list[str]
    std: str
    blocks: int
    timeout_ms: int
    file_timeout: float = DEFAULT_FILE_TIMEOUT
    replay_budget: int = DEFAULT_REPLAY_BUDGET


def merge(cfg: Config, *, target: list[str] | None = None, select: list[str] | None = None,
          ignore: list[str] | None = None, includes: list[str] | None = None, defines: list[str] | None = None,
          std: str | None = None, blocks: int | None = None, timeout_ms: int | None = None,
          file_timeout: float | None = None, replay_budget: int | None = None) -> Effective:
    """Command-line values (None or empty: not given) override the configuration's.

    - scalars (`target`, `std`, `blocks`, `timeout-ms`, `file-timeout`, `replay-budget`): the command line's value
      replaces the configuration's;
    - `-I`: searched before the configuration's `include-dirs`;
    - `-D`: added after the configuration's `defines`, replacing a configured macro of the same name;
    - rules: the configuration's `select`/`ignore` apply first, then the command line's, as in ruff: a
      command-line `--select` starts again from scratch (the configured `select` and `ignore` no longer
      apply), a command-line `--ignore` removes rules from what the configuration selected.
    """
    from ptolint.targets import DEFAULT_TARGETS

    cli_defines = list(defines or [])
    cli_names = {d.split("=", 1)[0].strip() for d in cli_defines}
    return Effective(
        targets=list(target or cfg.target or DEFAULT_TARGETS),
        rule_keys=(cfg.select, cfg.ignore, select or None, ignore or None),
        includes=list(includes or []) + [d for d in cfg.include_dirs if d not in (includes or [])],
        defines=[d for d in cfg.defines if d.split("=", 1)[0].strip() not in cli_names] + cli_defines,
        std=std or cfg.std or DEFAULT_STD,
        blocks=blocks if blocks is not None else cfg.blocks or DEFAULT_BLOCKS,
        timeout_ms=timeout_ms if timeout_ms is not None else cfg.timeout_ms or DEFAULT_TIMEOUT_MS,
        file_timeout=file_timeout if file_timeout is not None else cfg.file_timeout or DEFAULT_FILE_TIMEOUT,
        replay_budget=replay_budget if replay_budget is not None else cfg.replay_budget or DEFAULT_REPLAY_BUDGET,
    )


def resolve_rules(rule_keys: tuple[list[str] | None, ...]) -> tuple[list, list[str]]:
    """The rules enabled by (config select, config ignore, CLI select, CLI ignore); also unknown keys."""
    from ptolint.ruleset import select_rules

    cfg_select, cfg_ignore, cli_select, cli_ignore = rule_keys
    if cli_select:
        return select_rules(cli_select, cli_ignore)
    rules, unknown = select_rules(cfg_select, cfg_ignore)
    if cli_ignore:
        kept, unknown2 = select_rules(None, cli_ignore)
        rules = [r for r in rules if r in kept]
        unknown += unknown2
    return rules, unknown


def _matches(finding, keys: list[str]) -> bool:
    """Does a finding fall under one of the keys (a rule key, or its failure kind on its target)?"""
    from ptolint.failure import kind_keys
    from ptolint.report.common import finding_kind

    kinds, rule_keys = kind_keys(keys)
    if kinds and finding_kind(finding) in kinds:
        return True
    return bool(rule_keys) and finding.rule_id in _codes(tuple(rule_keys))


@functools.lru_cache(maxsize=256)
def _codes(keys: tuple[str, ...]) -> frozenset[str]:
    from ptolint.ruleset import select_rules

    return frozenset(r.code for r in select_rules(list(keys), None)[0])


def finding_selected(finding, rule_keys: tuple[list[str] | None, ...]) -> bool:
    """Is a finding reported under (config select, config ignore, CLI select, CLI ignore)? The same layering as
    `resolve_rules`, per finding, so that a failure kind selects or ignores the findings of that kind only (a rule
    such as PTO402 is a compile error on A5 and a run-time fault on A2/A3)."""
    cfg_select, cfg_ignore, cli_select, cli_ignore = rule_keys
    if cli_select:
        return _matches(finding, cli_select) and not _matches(finding, cli_ignore or [])
    if cfg_select and not _matches(finding, cfg_select):
        return False
    return not _matches(finding, (cfg_ignore or []) + (cli_ignore or []))


def ignored_by_keys(finding, keys: list[str]) -> bool:
    """`per-file-ignores`: is the finding turned off by these keys (rules or failure kinds)?"""
    return bool(keys) and _matches(finding, keys)


# --- globs ----------------------------------------------------------------------------------------------------

@functools.cache
def glob_regex(pattern: str) -> re.Pattern[str]:
    """A gitignore-like glob as a regex over '/'-separated paths: `*` and `?` stay in one path segment,
    `**` crosses segments, `[...]` is a character class (`[!...]` negated)."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 2:]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1:end]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body).replace("\\", "\\\\") + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def glob_matches(pattern: str, path: str, root: Path) -> bool:
    """Does a `per-file-ignores` glob (relative to `root`) cover `path`?

    The glob is matched against the path relative to `root` and against each of its parent directories (so
    `legacy` covers everything under `legacy/`); a glob without a `/` also matches the file's base name
    anywhere, as in ruff."""
    pat = pattern.replace("\\", "/").strip()
    while pat.startswith("./"):
        pat = pat[2:]
    pat = pat.rstrip("/") or "**"
    rx = glob_regex(pat)
    absolute = Path(os.path.abspath(path))
    if "/" not in pat and rx.match(absolute.name):
        return True
    try:
        rel = absolute.relative_to(os.path.abspath(root)).as_posix()
    except ValueError:
        return False
    parts = rel.split("/")
    return any(rx.match("/".join(parts[:n])) for n in range(len(parts), 0, -1))

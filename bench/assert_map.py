"""Curated map for bench/assert_coverage.py: header assertions -> the ptolint rules that check them, or the
documented reason they are not checkable.

Each Entry matches assertions of the inventory (bench/assert_inventory.json) by file (fnmatch over the path
relative to include/), owner (fnmatch over "function:Name" / "class:Name" / "file:path"), condition (a regular
expression searched in the short normalised condition), topic, kind, builtin and target; the FIRST matching
entry decides. An entry names `rules` (they check the assertion where they run: `rule.targets` decides, so a
rule gaining a target takes its assertions there with it) or a `reason` (a key of REASONS); `note` says what the
decision rests on. Assertions no entry matches are mapped by provenance (see bench/assert_coverage.py).

Decisions are made by reading the assertion in the header and the rule's documentation and check function.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    file: str
    owner: str = "*"
    cond: str = ""
    topic: str = ""  # "a|b" alternatives
    kind: str = ""  # static | runtime
    builtin: str = ""  # "A|B": one of them on the assertion's path
    targets: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    reason: str = ""
    note: str = ""


REASONS: dict[str, str] = {
    "target-not-modelled": "target not modelled by ptolint yet: no rule lists it in `targets` (ptolint knows "
                           "a2a3 and a5)",
}

ENTRIES: list[Entry] = [
]

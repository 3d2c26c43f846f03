"""Per-target facts the frontend needs: names, predefined macros, buffer capacities.

The public PTO headers select six NPU targets by `__NPU_ARCH__` (include/pto/common/arch_macro.hpp):
2201 A2/A3, 3101/3510 A5, 9201 A6, 3113 Kirin 9030, 3003 Kirin X90, 5101 Kirin Dev0000. ptolint knows all
six; the rules' fact tables were read from the A2/A3 and A5 headers, and a rule runs on a newer target for the
builtins that target implements with the very same file (ptolint/impls.py; see `rules_per_target` and README
"Targets").
"""

from __future__ import annotations

#: every target ptolint knows, in the order reports list them
ALL_TARGETS = ("a2a3", "a5", "a6", "kirin9030", "kirinx90", "kirindev0000")

#: the implementations a rule's facts come from unless it says otherwise (`ptolint.ruleset.rule`'s default): it
#: runs on these and, for the builtins a newer target implements with the same file, there too (ptolint.impls)
RULE_TARGETS = ("a2a3", "a5")
#: the name ptolint.ruleset (and older code) uses for RULE_TARGETS; ALL_TARGETS is every known target
TARGETS = RULE_TARGETS

#: the targets checked when neither the command line nor a configuration names one: the two whose headers
#: every rule was written from (a run on the other four is asked for explicitly, e.g. `--target all`)
DEFAULT_TARGETS = ("a2a3", "a5")

TARGET_NAMES = {"a2a3": "Atlas A2/A3", "a5": "Ascend 950 (A5)", "a6": "A6", "kirin9030": "Kirin 9030",
                "kirinx90": "Kirin X90", "kirindev0000": "Kirin Dev0000"}

#: the target macro include/pto/common/arch_macro.hpp defines for each target's __NPU_ARCH__
ARCH_MACROS = {"a2a3": "PTO_NPU_ARCH_A2A3", "a5": "PTO_NPU_ARCH_A5", "a6": "PTO_NPU_ARCH_A6",
               "kirin9030": "PTO_NPU_ARCH_KIRIN9030", "kirinx90": "PTO_NPU_ARCH_KIRINX90",
               "kirindev0000": "PTO_NPU_ARCH_KIRINDEV0000"}

#: the directory of each target under include/pto/npu/ (the vendor spells the Kirin ones in camel case)
NPU_DIRS = {"a2a3": "a2a3", "a5": "a5", "a6": "a6", "kirin9030": "kirin9030", "kirinx90": "kirinX90",
            "kirindev0000": "kirinDev0000"}

#: macros that make `#if` on the target take the branch the vendor toolchain would take. `__NPU_ARCH__` is
#: what the vendor's build gives (tests/npu/<target>/src/st: `--cce-aicore-arch=dav-920r1-vec|cube` for A6,
#: dav-l311 for Kirin 9030, dav-l300 plus `-D__NPU_ARCH__=3003` for Kirin X90, dav-l510 plus
#: `-D__NPU_ARCH__=5101` for Kirin Dev0000); the headers test `__DAV_VEC__` / `__DAV_CUBE__` to tell the core
#: apart, and ptolint, which checks both cores' code at once, sets both (as for A5). `__DAV_L510__` is what the
#: Kirin Dev0000 headers say dav-l510 defines (npu/kirinDev0000/custom/DivIntSoft.hpp). `__CCE_AICORE__` is set
#: by the device compiler for every core architecture (pto/pto-inst.hpp includes the tile library only when it
#: is defined); the PTO headers test only whether it is defined, and no vendor file states its value for the
#: four newer targets: ptolint uses the number of the core architecture's name (dav-l311 -> 311, dav-l300 ->
#: 300, dav-l510 -> 510, dav-920r1 -> 920), as for dav-c220 -> 220 and dav-c310 -> 310.
MACROS: dict[str, list[str]] = {
    "a2a3": ["__NPU_ARCH__=2201", "__CCE_AICORE__=220", "__DAV_C220_VEC__", "__DAV_VEC__"],
    "a5": ["__NPU_ARCH__=3510", "__CCE_AICORE__=310", "__DAV_VEC__", "__DAV_CUBE__"],
    "a6": ["__NPU_ARCH__=9201", "__CCE_AICORE__=920", "__DAV_VEC__", "__DAV_CUBE__"],
    "kirin9030": ["__NPU_ARCH__=3113", "__CCE_AICORE__=311", "__DAV_VEC__", "__DAV_CUBE__"],
    "kirinx90": ["__NPU_ARCH__=3003", "__CCE_AICORE__=300", "__DAV_VEC__", "__DAV_CUBE__"],
    "kirindev0000": ["__NPU_ARCH__=5101", "__CCE_AICORE__=510", "__DAV_L510__", "__DAV_VEC__", "__DAV_CUBE__"],
}

#: what each target's `__NPU_ARCH__` makes arch_macro.hpp define (shown by `ptolint info`)
IMPLIED_MACROS: dict[str, list[str]] = {
    "a2a3": ["PTO_NPU_ARCH_A2A3"],
    "a5": ["PTO_NPU_ARCH_A5", "PTO_URMA_SUPPORTED"],
    "a6": ["PTO_NPU_ARCH_A6", "PTO_COMM_NOT_SUPPORTED"],
    "kirin9030": ["PTO_NPU_ARCH_KIRIN9030", "PTO_COMM_NOT_SUPPORTED", "__tf__=", "__in__=", "__out__=",
                  "__cce_get_tile_ptr="],
    "kirinx90": ["PTO_NPU_ARCH_KIRINX90", "PTO_COMM_NOT_SUPPORTED", "__tf__=", "__in__=", "__out__=",
                 "__cce_get_tile_ptr="],
    "kirindev0000": ["PTO_NPU_ARCH_KIRINDEV0000", "PTO_COMM_NOT_SUPPORTED"],
}

#: on-chip buffer per TileType and its capacity in bytes (used by the executor to lay tiles out). The four new
#: targets' capacities are include/pto/common/buffer_limits.hpp's PTO_*_SIZE_BYTES for that target; a buffer
#: whose size is 0 there (Kirin Dev0000 has no L0A, L0C or fixpipe buffer; no Kirin has MX scale buffers) is
#: absent, so a tile placed in it is a layout error. Every buffer's alignment is 32 bytes (PTO_*_ALIGN_BYTES).
BUFFERS: dict[str, dict[str, tuple[str, int]]] = {
    "a2a3": {
        "Vec": ("UB", 192 * 1024),
        "Mat": ("L1", 512 * 1024),
        "Left": ("L0A", 64 * 1024),
        "Right": ("L0B", 64 * 1024),
        "Acc": ("L0C", 128 * 1024),
        "Bias": ("BT", 1024),
        "Scaling": ("FB", 4 * 1024),
    },
    "a5": {
        "Vec": ("UB", 256 * 1024),
        "Mat": ("L1", 512 * 1024),
        "Left": ("L0A", 64 * 1024),
        "Right": ("L0B", 64 * 1024),
        "Acc": ("L0C", 256 * 1024),
        "Bias": ("BT", 4 * 1024),
        "Scaling": ("FB", 4 * 1024),
        "ScaleLeft": ("L0A_MX", 4 * 1024),
        "ScaleRight": ("L0B_MX", 4 * 1024),
    },
    "a6": {
        "Vec": ("UB", 256 * 1024),
        "Mat": ("L1", 512 * 1024),
        "Left": ("L0A", 64 * 1024),
        "Right": ("L0B", 64 * 1024),
        "Acc": ("L0C", 256 * 1024),
        "Bias": ("BT", 4 * 1024),
        "Scaling": ("FB", 4 * 1024),
        "ScaleLeft": ("L0A_MX", 4 * 1024),
        "ScaleRight": ("L0B_MX", 4 * 1024),
    },
    "kirin9030": {
        "Vec": ("UB", 128 * 1024),
        "Mat": ("L1", 512 * 1024),
        "Left": ("L0A", 32 * 1024),
        "Right": ("L0B", 32 * 1024),
        "Acc": ("L0C", 64 * 1024),
        "Bias": ("BT", 1024),
        "Scaling": ("FB", 7 * 1024),
    },
    "kirinx90": {
        "Vec": ("UB", 128 * 1024),
        "Mat": ("L1", 1024 * 1024),
        "Left": ("L0A", 64 * 1024),
        "Right": ("L0B", 64 * 1024),
        "Acc": ("L0C", 128 * 1024),
        "Bias": ("BT", 1024),
        "Scaling": ("FB", 6 * 1024),
    },
    "kirindev0000": {
        "Vec": ("UB", 128 * 1024),
        "Mat": ("L1", 1536 * 1024),
        "Right": ("L0B", 128 * 1024),
        "Bias": ("BT", 1024),
    },
}

#: every on-chip buffer's alignment in bytes (buffer_limits.hpp PTO_*_ALIGN_BYTES: 32 on every target)
ALIGN_BYTES = 32

#: spellings accepted for a target besides its name (case-insensitive)
ALIASES = {"a2": "a2a3", "a3": "a2a3", "950": "a5"}


def parse_targets(value: str) -> list[str]:
    """'all', a target name (any case) or a comma list -> target names; ValueError on unknown ones."""
    out: list[str] = []
    for part in value.split(","):
        part = part.strip().lower()
        if part in ("all", ""):
            out += [t for t in ALL_TARGETS if t not in out]
            continue
        name = ALIASES.get(part, part)
        if name not in ALL_TARGETS:
            raise ValueError(f"unknown target '{part}' (expected {', '.join(ALL_TARGETS)} or all)")
        if name not in out:
            out.append(name)
    return out


def rules_per_target(rules) -> dict[str, int]:
    """How many of `rules` run on each target (a rule not listing a target is not run there)."""
    return {t: sum(t in r.targets for r in rules) for t in ALL_TARGETS}

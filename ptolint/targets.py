"""Per-target facts the frontend needs: names, predefined macros, buffer capacities."""

from __future__ import annotations

TARGETS = ("a2a3", "a5")

TARGET_NAMES = {"a2a3": "Atlas A2/A3", "a5": "Ascend 950 (A5)"}

#: macros that make `#if` on the target take the branch the vendor toolchain would take
MACROS: dict[str, list[str]] = {
    "a2a3": ["__NPU_ARCH__=2201", "__CCE_AICORE__=220", "__DAV_C220_VEC__", "__DAV_VEC__"],
    "a5": ["__NPU_ARCH__=3510", "__CCE_AICORE__=310", "__DAV_VEC__", "__DAV_CUBE__"],
}

#: on-chip buffer per TileType and its capacity in bytes (used by the executor to lay tiles out)
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
}


def parse_targets(value: str) -> list[str]:
    """'all', 'a2a3', 'a5' or a comma list -> target names; raises ValueError on unknown ones."""
    out: list[str] = []
    for part in value.split(","):
        part = part.strip().lower()
        if part in ("all", ""):
            out += [t for t in TARGETS if t not in out]
        elif part in ("a2", "a3", "a2a3"):
            if "a2a3" not in out:
                out.append("a2a3")
        elif part in ("a5", "950"):
            if "a5" not in out:
                out.append("a5")
        else:
            raise ValueError(f"unknown target '{part}' (expected a2a3, a5 or all)")
    return out

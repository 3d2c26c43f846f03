"""Which PadValue a tile names and which element types have no PadValueMap entry per target (common/constants.hpp),
shared by TLOAD's and TFILLPAD's executor ops (movement.py, rearrange.py)."""

from __future__ import annotations


def pad_kind(spelling: str) -> str:
    """The PadValue enumerator a tile type names (its canonical spelling may give the number: 0 Null, 1 Zero)."""
    value = spelling.rsplit(")", 1)[-1].strip() if spelling.startswith("(") else spelling
    return {"0": "Null", "1": "Zero", "2": "Max", "3": "Min"}.get(value, value)


#: target -> tile element types without a PadValueMap entry in that build (common/constants.hpp): pto::int4b_t has
#: none anywhere; the fp8 / fp4 entries are A5-only, so A6 lacks them all and Kirin Dev0000 the fp8 types its
#: header.hpp keeps (it renames float8_e8m0_t and the fp4 names only); Kirin 9030 / X90 rename every fp8 name
NO_PAD_ENTRY: dict[str, tuple[str, ...]] = {
    "a2a3": ("int4b_t",), "a5": ("int4b_t",), "kirin9030": ("int4b_t",), "kirinx90": ("int4b_t",),
    "kirindev0000": ("int4b_t", "float8_e4m3_t", "float8_e5m2_t", "hifloat8_t"),
    "a6": ("float8_e4m3_t", "float8_e5m2_t", "float8_e8m0_t", "hifloat8_t", "float4_e2m1x2_t", "float4_e1m2x2_t",
           "int4b_t"),
}

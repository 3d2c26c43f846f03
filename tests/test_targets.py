"""The six targets of the public PTO headers through the real CLI: names, `--target all`, the macros each
target's parse sees, PTO010 on the newer targets, `ptolint info`, and the per-target rule counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ptolint

from ptolint.ruleset import load_rules
from ptolint.targets import ALL_TARGETS, BUFFERS, DEFAULT_TARGETS, MACROS, TARGET_NAMES, parse_targets, rules_per_target

NEWER = ("a6", "kirin9030", "kirinx90", "kirindev0000")

KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;

extern "C" __global__ AICORE void kernel(__gm__ float* out) {
    Tile<TileType::Vec, float, 16, 64> a, b, c;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    TADD(c, a, b);
#if __NPU_ARCH__ == 3113
    TSUBRELU(c, a, b);
#endif
}
"""


@pytest.fixture()
def kernel(tmp_path: Path) -> Path:
    path = tmp_path / "k.cpp"
    path.write_text(KERNEL)
    return path


def test_parse_targets_names_aliases_and_all() -> None:
    assert parse_targets("all") == list(ALL_TARGETS)
    assert parse_targets("KirinX90,A5,kirin9030") == ["kirinx90", "a5", "kirin9030"]
    assert parse_targets("a2,a3,950") == ["a2a3", "a5"]
    with pytest.raises(ValueError, match="kirin9030"):
        parse_targets("kirin9000")
    assert set(MACROS) == set(BUFFERS) == set(TARGET_NAMES) == set(ALL_TARGETS)


def test_target_all_checks_six_targets_and_says_how_many_rules_ran(kernel: Path) -> None:
    run = ptolint("check", "--format", "json", "-t", "all", str(kernel))
    stats = run.json["stats"][str(kernel)]
    assert [t for t in stats if t in ALL_TARGETS] == list(ALL_TARGETS)
    applied = rules_per_target(load_rules().values())
    for t in NEWER:  # the rules whose facts hold for some builtin's implementation there (ptolint/impls.py)
        assert stats[t]["rules_applied"] == applied[t] > 1, stats[t]
        assert stats[t]["unresolved"] == 0
    assert stats["a5"]["rules_applied"] > 100 and stats["kirin9030"]["rules_applied"] > 90
    assert stats["a6"]["rules_applied"] < stats["kirin9030"]["rules_applied"]  # A6 implements few builtins
    # A6's own datatype.hpp shadows a byte-identical a5/datatype.hpp, which TADD uses: read (ptolint/own_impls.py),
    # so TADD is checked there with A5's facts; nothing in this kernel is left unchecked
    assert stats["unchecked_sites"] == []
    text = ptolint("check", "-t", "all", str(kernel))
    assert "checked for a2a3, a5, a6, kirin9030, kirinx90, kirindev0000" in text.stdout
    assert "not a full check" not in text.stdout and f"kirin9030 {applied['kirin9030']}" in text.stdout


def test_default_targets_are_a2a3_and_a5(kernel: Path) -> None:
    run = ptolint("check", "--format", "json", str(kernel))
    assert [t for t in run.json["stats"][str(kernel)] if t in ALL_TARGETS] == list(DEFAULT_TARGETS)
    assert "not a full check" not in ptolint("check", str(kernel)).stdout


def test_each_target_macros_reach_the_parser(kernel: Path) -> None:
    """`#if __NPU_ARCH__ == 3113` is taken on Kirin 9030 only: TSUBRELU (which no Kirin implements) is
    reported there and nowhere else."""
    run = ptolint("check", "--format", "json", "-t", "all", str(kernel))
    assert run.code == 1, run.stdout + run.stderr
    got = {(f["rule"], f["line"], f["target"]) for f in run.json["findings"]}
    assert got == {("PTO010", 11, "kirin9030")}
    assert not [d for d in run.json["diagnostics"] if d["level"] == "error"]


def test_bad_target_name_is_a_usage_error(kernel: Path) -> None:
    for cmd in (("check", str(kernel)), ("info",)):
        run = ptolint(*cmd, "-t", "kirin9000")
        assert run.code == 2
        assert "unknown target 'kirin9000'" in run.stderr and "kirindev0000" in run.stderr


def test_info_shows_the_target_macros_and_rule_count() -> None:
    run = ptolint("info", "-t", "KIRIN9030")
    assert run.code == 0, run.stderr
    n = rules_per_target(load_rules().values())["kirin9030"]
    assert f"target [kirin9030]: Kirin 9030; {n} of" in run.stdout
    assert "macros [kirin9030]: __NPU_ARCH__=3113" in run.stdout and "PTO_NPU_ARCH_KIRIN9030" in run.stdout
    assert "-D__NPU_ARCH__=3113" in run.stdout
    doc = ptolint("info", "-t", "all", "--format", "json").json
    assert list(doc["targets"]) == list(ALL_TARGETS)
    assert doc["targets"]["kirindev0000"]["macros"][0] == "__NPU_ARCH__=5101"
    assert doc["targets"]["a6"]["name"] == "A6" and doc["targets"]["a6"]["rules"] == rules_per_target(load_rules().values())["a6"]


def test_rules_lists_pto010_on_every_target() -> None:
    line = next(x for x in ptolint("rules").stdout.splitlines() if x.startswith("PTO010"))
    assert "a2a3,a5,a6,kirin9030,kirinx90,kirindev0000" in line


def test_kirin_element_type_aliases_are_what_the_compiler_sees(tmp_path: Path) -> None:
    """The Kirin header.hpp files `#define` bfloat16_t as half (the fp8 names as int8_t, the fp4 pairs as int64_t)
    only while they include their implementation files and `#undef` them after: a kernel's bf16 tile is a bf16
    tile there, as the vendor headers parse it (pto-isa 3186c381, --headers real: these static_asserts hold)."""
    path = tmp_path / "bf16.cpp"
    path.write_text("#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                    "static_assert(!__is_same(bfloat16_t, half), \"bf16 is half\");\n"
                    "static_assert(!__is_same(float8_e4m3_t, int8_t), \"fp8 is int8\");\n"
                    "static_assert(!__is_same(float4_e2m1x2_t, int64_t), \"fp4 is int64\");\n"
                    "extern \"C\" __global__ AICORE void kernel() {}\n")
    for t in ("kirin9030", "kirinx90", "kirindev0000"):
        run = ptolint("check", "--format", "json", "-t", t, str(path))
        # the static_asserts hold (no parse error); only the note that the file has no builtin call to check
        assert [d["code"] for d in run.json["diagnostics"]] == ["nothing-checked"], (t, run.json["diagnostics"])


def test_per_target_buffers_follow_buffer_limits() -> None:
    assert BUFFERS["kirin9030"]["Vec"] == ("UB", 128 * 1024)
    assert BUFFERS["kirin9030"]["Left"] == ("L0A", 32 * 1024)
    assert BUFFERS["kirinx90"]["Mat"] == ("L1", 1024 * 1024)
    assert "Left" not in BUFFERS["kirindev0000"] and "Acc" not in BUFFERS["kirindev0000"]
    assert "ScaleLeft" in BUFFERS["a6"] and "ScaleLeft" not in BUFFERS["kirin9030"]


def test_every_target_has_host_definitions_for_the_real_headers() -> None:
    from ptolint.frontend import vendor

    for t in ALL_TARGETS:
        assert vendor.host_header(t).is_file(), t


def test_a6_implementation_headers_are_appended_only_when_missing() -> None:
    from ptolint.frontend.vendor import A6_HEADER, fix_a6_header

    text = "#ifndef X\n#define X\n#ifdef PTO_NPU_ARCH_KIRIN9030\n#include \"pto/npu/kirin9030/header.hpp\"\n#endif\n#endif\n"
    fixed = fix_a6_header(text)
    assert fixed.startswith(text.rstrip("\n")) and A6_HEADER in fixed and "PTO_NPU_ARCH_A6" in fixed
    assert fix_a6_header(fixed) == fixed


def test_a6_has_hifloat4_pairs_and_the_others_do_not(tmp_path: Path) -> None:
    path = tmp_path / "hif4.cpp"
    path.write_text("#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                    "static_assert(sizeof(hifloat4x2_t) == 1, \"one byte\");\n"
                    "extern \"C\" __global__ AICORE void kernel() {}\n")
    run = ptolint("check", "--format", "json", "-t", "a6,a5", str(path))
    bad = {d["message"] for d in run.json["diagnostics"] if d["level"] == "error"}
    assert bad == {"unknown type name 'hifloat4x2_t'"} or all("hifloat4x2_t" in m for m in bad), bad
    assert [d["code"] for d in ptolint("check", "--format", "json", "-t", "a6", str(path)).json["diagnostics"]] == [
        "nothing-checked"]  # no builtin call: parsed, and said to check nothing

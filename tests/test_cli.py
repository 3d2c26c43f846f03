"""The command line as a user meets it: exit codes, bad input, rule listing, explain, info, replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import ptolint

GOOD_KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  for (int i = 0; i < 64; i += 16) {
    TEXTRACT(dst, src, i, 0);
  }
}
"""

BAD_KERNEL = GOOD_KERNEL.replace("TEXTRACT(dst, src, i, 0);", "TEXTRACT(dst, src, i + 16 * n, 0);")


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text)
    return p


def test_clean_kernel_exits_zero(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", GOOD_KERNEL)
    run = ptolint("check", "k.cpp", cwd=tmp_path)
    assert run.code == 0, run.stdout + run.stderr
    assert "0 error(s), 0 warning(s)" in run.stdout


def test_violation_exits_one_with_location_witness_and_chain(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    run = ptolint("check", "k.cpp", "--target", "a2a3", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    first = run.stdout.splitlines()[0]
    assert first.startswith("k.cpp:7:5: warning: [PTO1")
    assert "TEXTRACT(dst, src, i + 16 * n, 0);" in run.stdout
    assert "witness:" in run.stdout and "n = " in run.stdout
    assert "target: a2a3" in run.stdout


def test_json_report_schema(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    run = ptolint("check", "k.cpp", "--format", "json", "--target", "a5", cwd=tmp_path)
    doc = run.json
    assert doc["version"] == 1 and doc["tool"]["name"] == "ptolint"
    f = doc["findings"][0]
    for key in ("rule", "name", "level", "message", "file", "line", "column", "target", "witness", "confirmed",
                "chain", "instruction"):
        assert key in f
    assert f["target"] == "a5" and f["file"] == "k.cpp" and f["line"] == 7
    w = f["witness"]["inputs"]
    assert set(w) == {"n"} and 0 < w["n"] <= 64  # kernel inputs only: the loop's iterations are observed
    assert f["witness"]["values"]["indexRow"] + 16 > 64  # the faulting iteration's row, as the run saw it


def test_output_file(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    run = ptolint("check", "k.cpp", "-f", "sarif", "-o", "out.sarif", cwd=tmp_path)
    assert run.code == 1 and run.stdout == ""
    assert json.loads((tmp_path / "out.sarif").read_text())["version"] == "2.1.0"


@pytest.mark.parametrize("content,code,needle", [
    (None, "io-error", "no such file"),
    (b"\x00\x01\x02binary", "io-error", "binary"),
    ("int main( {", "parse-error", ""),
])
def test_bad_input_is_a_message_and_exit_two(tmp_path: Path, content, code: str, needle: str) -> None:
    if content is not None:
        write(tmp_path, "k.cpp", content)
    run = ptolint("check", "k.cpp", cwd=tmp_path)
    assert run.code == 2
    assert "Traceback" not in run.stdout + run.stderr
    assert f"[{code}]" in run.stdout and needle in run.stdout
    assert "k.cpp" in run.stdout


def test_empty_file_is_clean(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", "")
    assert ptolint("check", "k.cpp", cwd=tmp_path).code == 0


def test_directory_recurses_over_sources(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path, "sub/a.cpp", GOOD_KERNEL)
    write(tmp_path, "sub/b.cce", BAD_KERNEL)
    write(tmp_path, "sub/notes.txt", "not a kernel")
    run = ptolint("check", ".", "--format", "json", cwd=tmp_path)
    assert run.code == 1
    assert {f["file"] for f in run.json["findings"]} == {"sub/b.cce"}


def test_directory_follows_links_to_directories_once(tmp_path: Path) -> None:
    """A test tree whose cases are links to another tree's (pto-isa's Kirin X90 cases link to Kirin 9030's) is
    checked whole; a link loop or a second link to the same directory does not check a file twice."""
    other = tmp_path / "other" / "case"
    other.mkdir(parents=True)
    write(tmp_path, "other/case/k.cpp", BAD_KERNEL)
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "case").symlink_to(other, target_is_directory=True)
    (tree / "again").symlink_to(other, target_is_directory=True)
    (other / "loop").symlink_to(tree, target_is_directory=True)
    run = ptolint("check", "tree", "--format", "json", cwd=tmp_path)
    assert run.code == 1
    assert sorted({f["file"] for f in run.json["findings"]}) == ["tree/again/k.cpp"]


@pytest.mark.parametrize("args,needle", [
    (["--target", "a9"], "unknown target"),
    (["--select", "PTO000"], "unknown rule"),
    (["--ignore", "no-such-rule"], "unknown rule"),
])
def test_usage_errors_exit_two(tmp_path: Path, args: list[str], needle: str) -> None:
    write(tmp_path, "k.cpp", GOOD_KERNEL)
    run = ptolint("check", "k.cpp", *args, cwd=tmp_path)
    assert run.code == 2 and needle in run.stderr and "Traceback" not in run.stderr


def test_select_and_ignore(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    rule = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json["findings"][0]["rule"]
    assert ptolint("check", "k.cpp", "--ignore", rule, cwd=tmp_path).code == 0
    assert ptolint("check", "k.cpp", "--select", "PTO0", cwd=tmp_path).code == 0
    assert ptolint("check", "k.cpp", "--select", rule, cwd=tmp_path).code == 1


def test_inline_suppression(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    rule = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json["findings"][0]["rule"]
    src = BAD_KERNEL.replace("TEXTRACT(dst, src, i + 16 * n, 0);",
                             f"TEXTRACT(dst, src, i + 16 * n, 0);  // ptolint: ignore[{rule}]")
    write(tmp_path, "k.cpp", src)
    run = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path)
    assert run.code == 0 and run.json["findings"] == []
    src2 = GOOD_KERNEL.replace("TEXTRACT(dst, src, i, 0);", "TEXTRACT(dst, src, i, 0);  // NOLINT(ptolint-PTO101)")
    write(tmp_path, "k.cpp", src2)
    diags = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json["diagnostics"]
    assert [d["code"] for d in diags] == ["unused-suppression"]


def test_rules_json_and_explain() -> None:
    rules = json.loads(ptolint("rules", "--format", "json").stdout)
    assert len(rules) >= 20
    for r in rules:
        assert r["id"].startswith("PTO") and r["instructions"] and r["targets"] and r["summary"]
        assert r["level"] in ("error", "warning", "note") and r["provenance"]
    assert len({r["id"] for r in rules}) == len(rules)
    exp = ptolint("explain", rules[0]["id"])
    assert exp.code == 0 and "## What it does" in exp.stdout and "## Example" in exp.stdout
    assert "Provenance" in exp.stdout
    assert ptolint("explain", "PTO000").code == 2


def test_rules_select_and_instruction_filters() -> None:
    every = json.loads(ptolint("rules", "--format", "json").stdout)
    sel = json.loads(ptolint("rules", "--format", "json", "--select", "PTO95").stdout)
    assert sel and all(r["id"].startswith("PTO95") for r in sel)
    assert {r["id"] for r in sel} == {r["id"] for r in every if r["id"].startswith("PTO95")}
    tload = json.loads(ptolint("rules", "--format", "json", "--instruction", "tload").stdout)
    assert {r["id"] for r in tload} == {r["id"] for r in every if "TLOAD" in r["instructions"]}
    bad = ptolint("rules", "--select", "NOPE")
    assert bad.code == 2 and "unknown rule id" in bad.stderr


def test_info_shows_args_per_target(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", GOOD_KERNEL)
    doc = json.loads(ptolint("info", "k.cpp", "--target", "a5", "-D", "FOO=1", "--format", "json",
                             cwd=tmp_path).stdout)
    assert "-D__NPU_ARCH__=3510" in doc["args"] and "-DFOO=1" in doc["args"]
    assert any(a.startswith("-I") and a.endswith("include") for a in doc["args"])
    assert doc["args"][-1].endswith("k.cpp")


def test_replay_confirms_and_rejects(tmp_path: Path) -> None:
    """`ptolint replay` runs the kernel from its entry: the loop visits i = 0, 16, 32, 48 whatever a witness
    says about i (a loop counter is not an input: it is listed as ignored)."""
    write(tmp_path, "k.cpp", BAD_KERNEL)
    bad = ptolint("replay", "k.cpp", "--line", "7", "--target", "a2a3", "--set", "n=40", "--set", "i@L6=48",
                  cwd=tmp_path)
    assert bad.code == 1 and "out-of-bounds" in bad.stdout
    ok = ptolint("replay", "k.cpp", "--line", "7", "--target", "a2a3", "--set", "n=0", cwd=tmp_path)
    assert ok.code == 0 and "4 builtin call(s) reached, 0 fault(s)" in ok.stdout
    ignored = ptolint("replay", "k.cpp", "--line", "7", "--target", "a2a3", "--set", "n=0", "--set", "i@L6=3",
                      cwd=tmp_path)
    assert ignored.code == 0 and "not kernel inputs (ignored): i@L6" in ignored.stdout


def test_version_and_help_are_fast_paths() -> None:
    run = ptolint("--version")
    assert run.code == 0 and run.stdout.startswith("ptolint ")
    assert ptolint("--help").code == 0


ASSUME_KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;

// ptolint: assume 0 <= offset && offset <= LIMIT && offset % 16 == 0
template <int M>
AICORE void load(int offset) {
  Tile<TileType::Mat, half, M, 32, BLayout::ColMajor, M, 32, SLayout::RowMajor> src;
  TileLeft<half, 32, 32> dst;
  TEXTRACT(dst, src, offset, 0);
}

extern "C" __global__ AICORE void kern(int offset) { load<64>(offset); }
"""


def test_assumption_proves_warning_away(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", ASSUME_KERNEL.replace("LIMIT", "32"))
    run = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path)
    assert run.code == 0 and run.json["findings"] == [] and run.json["diagnostics"] == []
    write(tmp_path, "k.cpp", ASSUME_KERNEL.replace("LIMIT", "40"))
    assert ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json["findings"] == []  # 0, 16 and 32 fit
    write(tmp_path, "k.cpp", ASSUME_KERNEL.replace("LIMIT", "48"))
    doc = ptolint("check", "k.cpp", "-f", "json", "-t", "a5", cwd=tmp_path).json
    (f,) = doc["findings"]
    assert f["rule"] == "PTO102" and f["level"] == "warning" and f["witness"]["inputs"]["offset"] == 48


def test_malformed_and_unused_assumptions_are_reported(tmp_path: Path) -> None:
    src = ASSUME_KERNEL.replace("LIMIT", "32").replace("// ptolint: assume 0 <= offset", "// ptolint: assume 0 <= offset &&")
    src += "// ptolint: assume n > 0\n"
    write(tmp_path, "k.cpp", src)
    run = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path)
    codes = {(d["code"], d["line"]) for d in run.json["diagnostics"]}
    assert ("bad-assumption", 4) in codes and ("unused-assumption", 13) in codes
    assert run.code == 2


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_output_is_deterministic(tmp_path: Path, fmt: str) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    a = ptolint("check", "k.cpp", "-f", fmt, cwd=tmp_path)
    b = ptolint("check", "k.cpp", "-f", fmt, cwd=tmp_path)
    assert a.stdout == b.stdout and a.code == b.code == 1


def test_internal_error_in_one_rule_is_isolated(tmp_path: Path) -> None:
    """A rule that raises becomes an internal-error diagnostic at its call site; other findings survive."""
    import ptolint.ruleset as rs
    from ptolint.engine import Options, check_file

    write(tmp_path, "k.cpp", BAD_KERNEL)
    rules = sorted(rs.load_rules().values(), key=lambda r: r.code)
    broken = rs.Rule("PTO999", "broken", ("TEXTRACT",), ("a2a3",), "error", "out-of-bounds", (), _boom, "")
    res = check_file(str(tmp_path / "k.cpp"), Options(targets=["a2a3"], rules=[broken, *rules]))
    errs = [d for d in res.diagnostics if d.code == "internal-error"]
    assert len(errs) == 1 and errs[0].line == 7 and "PTO999" in errs[0].message
    assert any(f.rule_id.startswith("PTO10") for f in res.findings)


def _boom(ctx):
    raise RuntimeError("rule bug")


def test_malformed_suppressions_are_reported(tmp_path: Path) -> None:
    src = GOOD_KERNEL.replace("TEXTRACT(dst, src, i, 0);", "TEXTRACT(dst, src, i, 0);  // ptolint: ignore[PTO102")
    src = src.replace("TileLeft<float, 16, 16> dst;", "TileLeft<float, 16, 16> dst;  // ptolint: ignore[PTO777]")
    write(tmp_path, "k.cpp", src)
    diags = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json["diagnostics"]
    got = {(d["code"], d["line"]) for d in diags}
    assert ("bad-suppression", 7) in got and ("bad-suppression", 5) in got


HELPER_KERNEL = """#include <pto/pto-inst.hpp>
#include "helpers/tiling.hpp"
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  TEXTRACT(dst, src, RowOffset(n), 0);
}
"""


def printed_levels(stdout: str) -> dict[str, int]:
    """How many findings and diagnostics the text report printed, by level."""
    import re

    counts = {"error": 0, "warning": 0, "note": 0}
    for line in stdout.splitlines():
        m = re.match(r"^\S+?(?::\d+:\d+)?: (error|warning|note): \[", line)
        if m:
            counts[m.group(1)] += 1
    return counts


def summary_levels(stdout: str) -> dict[str, int]:
    import re

    m = re.search(r"(\d+) error\(s\), (\d+) warning\(s\), (\d+) note\(s\)", stdout.splitlines()[-1])
    assert m, stdout
    return dict(zip(("error", "warning", "note"), map(int, m.groups()), strict=True))


def test_missing_include_fails_the_run(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", HELPER_KERNEL)
    run = ptolint("check", "k.cpp", cwd=tmp_path)
    assert run.code == 2, run.stdout + run.stderr
    assert "k.cpp:2:1: error: [missing-include] 'helpers/tiling.hpp' not found" in run.stdout
    assert "-I DIR" in run.stdout
    assert printed_levels(run.stdout) == summary_levels(run.stdout)
    write(tmp_path, "only.cpp", '#include "missing/header.hpp"\n')
    run = ptolint("check", "only.cpp", cwd=tmp_path)
    assert run.code == 2 and "error: [missing-include]" in run.stdout
    assert "note: [nothing-checked] nothing checked in only.cpp" in run.stdout
    # the old behaviour on request: a note, the run's status decided by the findings
    run = ptolint("check", "only.cpp", "--allow-missing-includes", cwd=tmp_path)
    assert run.code == 0 and "note: [missing-include]" in run.stdout


def test_file_without_pto_code_is_said_but_passes(tmp_path: Path) -> None:
    write(tmp_path, "plain.cpp", "int add(int a, int b) { return a + b; }\n")
    run = ptolint("check", "plain.cpp", "-f", "json", cwd=tmp_path)
    assert run.code == 0
    [d] = run.json["diagnostics"]
    assert (d["code"], d["level"], d["file"]) == ("nothing-checked", "note", "plain.cpp")
    write(tmp_path, "k.cpp", GOOD_KERNEL)
    assert "nothing-checked" not in ptolint("check", "k.cpp", cwd=tmp_path).stdout


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_summary_counts_what_is_printed(tmp_path: Path, fmt: str) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    write(tmp_path, "bad.cpp", "int main( {")
    run = ptolint("check", "k.cpp", "bad.cpp", "--format", fmt, cwd=tmp_path)
    assert run.code == 2
    if fmt == "text":
        printed = printed_levels(run.stdout)
    else:
        printed = {lvl: sum(line.startswith(f"::{cmd} ") for line in run.stdout.splitlines())
                   for lvl, cmd in (("error", "error"), ("warning", "warning"), ("note", "notice"))}
    assert printed == summary_levels(run.stdout)
    assert printed["error"] >= 1 and printed["warning"] >= 1  # parse errors and the finding on both targets, once


SPELLED_KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;

template <typename T>
AICORE void div_tile(int rows) {
  using VecTile = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  VecTile x(rows, 64);
  VecTile y(rows, 64);
  TADD(y, x, x);
}

AICORE void extract_nd() {
  Tile<TileType::Mat, half, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox> a;
  TileLeft<half, 16, 64> left;
  TEXTRACT(left, a, 0, 0);
}

extern "C" __global__ AICORE void kern(int rows) {
  div_tile<int8_t>(rows);
  extract_nd();
}
"""


def test_messages_are_cpp_not_python(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", SPELLED_KERNEL)
    run = ptolint("check", "k.cpp", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    assert "in div_tile<int8_t>, called from kern at line 19" in run.stdout  # as written, not `signed char`
    assert "signed char" not in run.stdout
    assert "L0A load cannot read a BLayout::RowMajor, SLayout::NoneBox source" in run.stdout
    assert "('" not in run.stdout and "None," not in run.stdout
    fixture = Path(__file__).parent.parent / "fixtures" / "bugs_detected" / "ELEMENTWISE" / "PTO608_tpartarg_index_dtype.cpp"
    faults = [f["fault"] for f in ptolint("check", str(fixture), "-f", "json").json["findings"]]
    assert any("needs one index type out of int32_t, uint32_t for float values" in f for f in faults), faults


FORWARDED_KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;

template <typename T, int N>
AICORE void placeHigh() {
    Tile<TileType::Vec, T, 16, N> a;
    TASSIGN(a, 0x100000);
}

template <typename T, int N>
AICORE void placeHigher() {
    Tile<TileType::Vec, T, 16, N> b;
    TASSIGN(b, 0x200000);
}

template <typename T, typename U, int N>
void Launch() {
    placeHigh<T, N>();
    placeHigher<U, N>();
}

template void Launch<int64_t, unsigned char, 32>();
"""


def test_chain_names_the_instantiation_not_the_pattern(tmp_path: Path) -> None:
    """A call inside a template that passes its own parameter on (`placeHigh<T, N>()`) is shown with the type
    that parameter stands for in this instantiation, by the fixed-width name rule messages give element types
    (`unsigned char` -> uint8_t); the findings stay confirmed by the entry replay, which names the chain's frames
    the same way."""
    write(tmp_path, "k.cpp", FORWARDED_KERNEL)
    doc = ptolint("check", "k.cpp", "-f", "json", "--target", "a5", "--select", "PTO901", cwd=tmp_path).json
    chains = sorted(" / ".join(c["function"] for c in f["chain"][1:]) for f in doc["findings"])
    assert chains == ["Launch<int64_t, unsigned char, 32> / placeHigh<int64_t, 32>",
                      "Launch<int64_t, unsigned char, 32> / placeHigher<uint8_t, 32>"], chains
    assert all(f["confirmed"] for f in doc["findings"]), doc["findings"]
    text = ptolint("check", "k.cpp", "--target", "a5", "--select", "PTO901", cwd=tmp_path).stdout
    assert "<T," not in text and "<U," not in text, text
    assert "in placeHigher<uint8_t, 32>, called from Launch<int64_t, unsigned char, 32> at line 19" in text, text
    # an explicit instantiation written in a macro spells the macro's parameter (`launch<T, 64, 64>` in CASES(T))
    fixture = Path(__file__).parent.parent / "fixtures" / "bugs_detected" / "TASSIGN" / "PTO903_macro_instantiations.cpp"
    doc = ptolint("check", str(fixture), "-f", "json", "--target", "a2a3").json
    assert [[c["function"] for c in f["chain"][1:]] for f in doc["findings"]] == [
        ["launch<float, 64, 64>", "scale<float, 64, 64>"]], doc["findings"]


def test_chain_names_each_instantiation_of_one_call(tmp_path: Path) -> None:
    """One call of a template's body (`placeHigh<T, N>()` in `Launch`) is met once per instantiation of the
    template; its spelled arguments are read once (remembered by the call's position), and the chain names the
    instantiation that faults (the second: 16 x 64 int64_t from 0x3F000 runs past A5's 256 KB UB, the half tiles
    of the first fit), not the first one named."""
    source = FORWARDED_KERNEL.replace("0x100000", "0x3F000").replace("0x200000", "0x3F000").replace(
        "template void Launch<int64_t, unsigned char, 32>();",
        "template void Launch<half, half, 64>();\ntemplate void Launch<int64_t, int64_t, 64>();")
    write(tmp_path, "k.cpp", source)
    doc = ptolint("check", "k.cpp", "-f", "json", "--target", "a5", "--select", "PTO903", cwd=tmp_path).json
    assert [(f["line"], [c["function"] for c in f["chain"][1:]]) for f in doc["findings"]] == [
        (7, ["Launch<int64_t, int64_t, 64>", "placeHigh<int64_t, 64>"]),
        (13, ["Launch<int64_t, int64_t, 64>", "placeHigher<int64_t, 64>"])], doc["findings"]
    assert all(f["confirmed"] for f in doc["findings"]), doc["findings"]


def test_json_paths_are_relative_and_values_unique(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", SPELLED_KERNEL)
    doc = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json
    for f in doc["findings"]:
        files = {f["file"]} | {c["file"] for c in f["chain"]} | {r["file"] for r in f["related"]}
        assert files == {"k.cpp"}, files
        values = f["witness"]["values"]
        assert not any("_" in k and k.replace("_", ".", 1) in values for k in values), values


def test_diagnostic_in_a_header_names_the_checked_file(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", '#include <pto/pto-inst.hpp>\n#include "inc/top.hpp"\n'
                             'extern "C" __global__ AICORE void kern(int n) {}\n')
    (tmp_path / "inc" / "sub").mkdir(parents=True)
    write(tmp_path, "inc/top.hpp", '#pragma once\n#include "sub/bad.hpp"\n')
    write(tmp_path, "inc/sub/bad.hpp", "#pragma once\nint broken = undefined_name;\n")
    text = ptolint("check", "k.cpp", cwd=tmp_path)
    assert text.code == 2
    assert ("inc/sub/bad.hpp:2:14: error: [parse-error] use of undeclared identifier 'undefined_name'\n"
            "  while checking k.cpp; included from k.cpp:2 -> inc/top.hpp:2\n") in text.stdout
    [d] = [d for d in ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json["diagnostics"]
           if d["code"] == "parse-error"]
    assert d["file"] == "inc/sub/bad.hpp" and d["checked_file"] == "k.cpp"
    assert d["include_chain"] == [{"file": "k.cpp", "line": 2}, {"file": "inc/top.hpp", "line": 2}]
    gh = ptolint("check", "k.cpp", "-f", "github", cwd=tmp_path).stdout
    assert "file=inc/sub/bad.hpp" in gh and "%0Awhile checking k.cpp; included from k.cpp:2 -> inc/top.hpp:2" in gh
    sarif = json.loads(ptolint("check", "k.cpp", "-f", "sarif", cwd=tmp_path).stdout)
    [n] = [n for n in sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
           if n["properties"]["code"] == "parse-error"]
    assert n["properties"]["checkedFile"] == "k.cpp"
    assert n["properties"]["includeChain"] == [{"uri": "k.cpp", "line": 2}, {"uri": "inc/top.hpp", "line": 2}]



def test_static_assert_in_a_header_names_the_kernel_line_and_targets(tmp_path: Path) -> None:
    """A header's static_assert that fails for a template the kernel instantiates: every format names the kernel's
    line that instantiated it (the compiler's "requested here" chain), and a failure on some targets only says
    which (issue 14, item 13)."""
    write(tmp_path, "k.cpp", '#include <pto/pto-inst.hpp>\n#include "inc/check.hpp"\n'
                             'extern "C" __global__ AICORE void kern(int n) {\n'
                             '  Checked<ArchWord> c;\n  (void)c;\n}\n')
    (tmp_path / "inc").mkdir()
    write(tmp_path, "inc/check.hpp",
          "#pragma once\n#if __NPU_ARCH__ == 3510\nusing ArchWord = short;\n#else\nusing ArchWord = int;\n#endif\n"
          'template <typename T> struct Checked {\n  static_assert(sizeof(T) == 4, "needs a 4-byte word");\n};\n')
    text = ptolint("check", "k.cpp", "--target", "a2a3,a5", "--no-cache", cwd=tmp_path)
    assert text.code == 2
    assert ("inc/check.hpp:8:17: error: [parse-error] static assertion failed due to requirement "
            "'sizeof(short) == 4': needs a 4-byte word\n"
            "  while checking k.cpp; included from k.cpp:2; required from k.cpp:4 (in instantiation of template "
            "class 'Checked<short>'); only on a5\n") in text.stdout, text.stdout
    [d] = [d for d in ptolint("check", "k.cpp", "--target", "a2a3,a5", "-f", "json", cwd=tmp_path).json["diagnostics"]
           if d["code"] == "parse-error"]
    assert d["targets"] == ["a5"] and d["checked_file"] == "k.cpp"
    assert d["instantiation_chain"] == [{"file": "k.cpp", "line": 4, "column": 21,
                                         "message": "in instantiation of template class 'Checked<short>'"}]
    sarif = json.loads(ptolint("check", "k.cpp", "--target", "a2a3,a5", "-f", "sarif", cwd=tmp_path).stdout)
    [n] = [n for n in sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
           if n["properties"]["code"] == "parse-error"]
    assert n["properties"]["targets"] == ["a5"]
    assert [loc["physicalLocation"]["artifactLocation"]["uri"] for loc in n["locations"]] == ["inc/check.hpp", "k.cpp"]
    assert n["locations"][1]["physicalLocation"]["region"]["startLine"] == 4
    gh = ptolint("check", "k.cpp", "--target", "a2a3,a5", "-f", "github", cwd=tmp_path).stdout
    assert "required from k.cpp:4" in gh and "only on a5" in gh
    both = ptolint("check", "k.cpp", "--target", "a5", "--no-cache", cwd=tmp_path).stdout
    assert "required from k.cpp:4" in both and "only on" not in both


GROUP_KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kern(int rows) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  VecTile x(rows, 64);
  VecTile y(rows, 64);
  TADD(y, x, x);
  TMUL(x, y, y);
  TSUB(y, x, y);
}
"""


def test_one_cause_is_shown_once_and_linked_in_json_and_sarif(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", GROUP_KERNEL)
    run = ptolint("check", "k.cpp", cwd=tmp_path)
    assert run.code == 1
    headers = [ln for ln in run.stdout.splitlines() if ln.startswith("k.cpp:")]
    assert len(headers) == 1 and headers[0].startswith("k.cpp:7:3: warning: [PTO006]"), run.stdout
    assert "  same inputs also break lines 8 (PTO006), 9 (PTO006)\n" in run.stdout
    assert "3 warning(s), 0 note(s); 2 of them listed under a finding with the same inputs" in run.stdout
    doc = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path).json
    groups = {(f["line"], f["target"]): (f["group"], f["group_first"]) for f in doc["findings"]}
    assert len(groups) == 6  # every finding is kept
    assert {g for g, _ in groups.values()} == {1}
    assert [line for (line, t), (_, first) in sorted(groups.items()) if first] == [7, 7]
    sarif = json.loads(ptolint("check", "k.cpp", "-f", "sarif", cwd=tmp_path).stdout)["runs"][0]["results"]
    assert [(r["properties"]["group"], r["properties"]["groupFirst"]) for r in sarif] == [(1, True), (1, False),
                                                                                          (1, False)]


def test_help_is_plain_and_wide() -> None:
    run = ptolint("check", "--help", env={"COLUMNS": "200"})
    assert run.code == 0
    assert "<bool>" not in run.stdout and "…" not in run.stdout
    for option in ("--allow-missing-includes", "--sarif-root DIR", "-q, --quiet", "--statistics", "--stats"):
        assert option in run.stdout, option
    assert max(len(line) for line in run.stdout.splitlines()) <= 120
    assert "Usage: ptolint check [OPTIONS] PATH..." in run.stdout


@pytest.mark.parametrize("command", ["check", "replay", "info", "explain", "rules", "lsp"])
def test_every_command_help_names_values_not_python_types(command: str) -> None:
    """Placeholders are metavars (FILE, N, NAME=VALUE) or choices, never typer's `<str>` / `<list[Path]>`."""
    run = ptolint(command, "--help", env={"COLUMNS": "200"})
    assert run.code == 0
    assert not re.search(r"<(bool|int|float|str|path|list\[\w+\])>", run.stdout, re.I), run.stdout
    assert "{" not in run.stdout.splitlines()[0]


def test_quiet_and_statistics(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", GROUP_KERNEL)
    write(tmp_path, "bad.cpp", "int main( {")
    full = ptolint("check", "k.cpp", "bad.cpp", cwd=tmp_path)
    quiet = ptolint("check", "k.cpp", "bad.cpp", "-q", cwd=tmp_path)
    assert quiet.code == full.code == 2
    lines = quiet.stdout.splitlines()
    assert set(lines) >= {ln for ln in full.stdout.splitlines() if ln.startswith(("k.cpp:", "bad.cpp"))}
    assert sum(ln.startswith("k.cpp:") for ln in lines) == 3  # grouped findings are listed too, one line each
    assert "file(s) checked" not in quiet.stdout and "witness:" not in quiet.stdout
    stats = ptolint("check", "k.cpp", "bad.cpp", "--statistics", cwd=tmp_path)
    assert stats.code == 2
    rows = stats.stdout.splitlines()
    assert ["3", "PTO006", "warning", "tile-valid-region-out-of-storage"] in [r.split() for r in rows]
    assert any(r.split()[1:3] == ["parse-error", "error"] for r in rows[:-1])
    counts = [int(r.split()[0]) for r in rows[:-1]]
    assert counts == sorted(counts, reverse=True)
    assert full.stdout.splitlines()[-1].startswith(rows[-1])
    bad = ptolint("check", "k.cpp", "--statistics", "-f", "json", cwd=tmp_path)
    assert bad.code == 2 and "--statistics works with --format text only" in bad.stderr


def test_text_findings_link_their_rule_doc(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", BAD_KERNEL)
    run = ptolint("check", "k.cpp", "-t", "a5", cwd=tmp_path)
    rule = run.stdout.split("[", 2)[1].split("]")[0]
    assert f"  see: docs/rules.md#{rule.lower()}, or: ptolint explain {rule}\n" in run.stdout
    assert f"### {rule.lower()}\n" in (Path(__file__).parent.parent / "docs" / "rules.md").read_text()


UNDEF_KERNEL = """#include <pto/pto-inst.hpp>
#undef kOffset
constexpr int kOffset = OFFSET;
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  TEXTRACT(dst, src, kOffset, 0);
}
"""


@pytest.mark.parametrize(("macro", "variable", "found"), [("0", "64", True), ("64", "0", False)])
def test_an_undefined_macro_is_not_the_variable_of_the_same_name(tmp_path: Path, macro: str, variable: str,
                                                                 found: bool) -> None:
    """`-DkOffset=..` then `#undef kOffset` and a variable kOffset: the variable's value is used by the frontend
    and by the executor's replay (the macro's once gave a false alarm and a miss)."""
    write(tmp_path, "k.cpp", UNDEF_KERNEL.replace("OFFSET", variable))
    run = ptolint("check", "k.cpp", "-f", "json", "-D", f"kOffset={macro}", "--no-cache", cwd=tmp_path)
    rules = {(f["rule"], f["line"]) for f in run.json["findings"]}
    assert rules == ({("PTO102", 8)} if found else set()), run.stdout

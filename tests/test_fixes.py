"""Fixes (ptolint/fixes.py) through the real CLI (--show-fixes, --diff, --fix, SARIF `fixes`) and the language
server (code actions): every rule that offers a safe fix (element type, layout, location, tmp shape) on one of its
fixtures, where the fix applies and the re-check no longer has the finding; the unsafe kinds (assumption, clamp of
a valid-region count, suppression) are shown but never applied."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import jsonschema
import pytest
from conftest import FIXTURES, ROOT, ptolint
from test_lsp import TIMEOUT, client  # noqa: F401 - the fixture

SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())

#: (fixture under fixtures/bugs_detected, rule, fix kind, line of the finding the fix removes)
SAFE = [
    ("ELEMENTWISE/PTO601_reluconv_pair.cpp", "PTO601", "dtype"),
    ("ELEMENTWISE/PTO603_not_row_major.cpp", "PTO603", "layout"),
    ("ELEMENTWISE/PTO606_operand_not_vec.cpp", "PTO606", "location"),
    ("EXPAND/PTO822_layout.cpp", "PTO822", "layout"),
    ("EXPAND/PTO829_binary_operand_not_vec.cpp", "PTO829", "location"),
    ("GATHER/PTO992_gather_dtype_mismatch.cpp", "PTO992", "dtype"),
    ("GATHER/PTO993_gather_operand_not_vec.cpp", "PTO993", "location"),
    ("GATHER/PTO994_gather_not_row_major.cpp", "PTO994", "layout"),
    ("QUANT/PTO970_unsupported_dtype.cpp", "PTO970", "dtype"),
    ("QUANT/PTO971_tdequant_not_row_major.cpp", "PTO971", "layout"),
    ("REARRANGE/PTO310_unsupported_dtype.cpp", "PTO310", "dtype"),
    ("REARRANGE/PTO311_dtype_mismatch.cpp", "PTO311", "dtype"),
    ("REARRANGE/PTO312_operand_location.cpp", "PTO312", "location"),
    ("REARRANGE/PTO313_unsupported_layout.cpp", "PTO313", "layout"),
    ("REDUCE/PTO801_operand_not_vec.cpp", "PTO801", "location"),
    ("REDUCE/PTO802_src_not_nd.cpp", "PTO802", "layout"),
    ("REDUCE/PTO803_dst_layout.cpp", "PTO803", "layout"),
    ("SORT/PTO981_sort_dtype_mismatch.cpp", "PTO981", "dtype"),
    ("TCOLEXPANDMAX/PTO403_dst_not_row_major.cpp", "PTO403", "layout"),
    ("TCOLEXPANDMAX/PTO404_operand_not_vec.cpp", "PTO404", "location"),
    ("TDIVS/PTO503_operand_not_vec.cpp", "PTO503", "location"),
    ("TILE_SCALAR/PTO703_operand_not_vec.cpp", "PTO703", "location"),
    ("TILE_SCALAR/PTO705_not_row_major.cpp", "PTO705", "layout"),
    ("TMATMUL/PTO912_operand_fractal.cpp", "PTO912", "layout"),
    ("TMOV/PTO930_unsupported_path.cpp", "PTO930", "location"),
    ("TMOV/PTO934_unsupported_layout.cpp", "PTO934", "layout"),
    ("TROWPROD/PTO201_src_in_l1.cpp", "PTO201", "location"),
    ("TROWPROD/PTO202_dst_in_l1.cpp", "PTO202", "location"),
    ("TROWPROD/PTO203_src_column_major.cpp", "PTO203", "layout"),
    ("TROWPROD/PTO211_tmp_undersized.cpp", "PTO211", "tmp-shape"),
    ("SORT/PTO988_tmrgsort_tmp_too_small.cpp", "PTO988", "tmp-shape"),
    ("GATHER/PTO996_tgather_tmp_too_small.cpp", "PTO996", "tmp-shape"),
    ("GLOBAL/PTO953_layout_pairing.cpp", "PTO953", "layout"),
    ("TEXTRACT/PTO106_src_layout.cpp", "PTO106", "layout"),
    ("TEXTRACT/PTO113_fp_not_scaling.cpp", "PTO113", "location"),
    ("TEXTRACT/PTO118_vec_layout_mismatch.cpp", "PTO118", "layout"),
    ("TEXTRACT/PTO119_two_dst_location.cpp", "PTO119", "location"),
    ("TEXTRACT/PTO121_two_dst_dtype.cpp", "PTO121", "dtype"),
    ("TROWPROD/PTO204_dst_layout.cpp", "PTO204", "layout"),
    ("TSTORE/PTO950_tile_location.cpp", "PTO950", "location"),
    ("UNARY/PTO723_operand_not_vec.cpp", "PTO723", "location"),
    ("UNARY/PTO724_not_row_major.cpp", "PTO724", "layout"),
]

AMBIGUOUS = """#include <pto/pto-inst.hpp>
using namespace pto;

extern "C" __global__ AICORE void kern(__gm__ float* out)
{
    Tile<TileType::Vec, int8_t, 16, 64> src, dst;
    TDIVS(dst, src, (int8_t)3);
}
"""

WARNING = """#include <pto/pto-inst.hpp>
using namespace pto;

extern "C" __global__ AICORE void kern(__gm__ float* out, int rows)
{
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> x(rows, 64), y(rows, 64);
    TADD(y, x, x);
}
"""

SETTER = """#include <pto/pto-inst.hpp>
using namespace pto;

extern "C" __global__ AICORE void kern(__gm__ float* out, int n)
{
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> x;
    Tile<TileType::Vec, float, 16, 64> y;
    x.SetValidRow(n);
    TADD(y, x, y);
}
"""


def copy(tmp_path: Path, rel: str) -> Path:
    dst = tmp_path / Path(rel).name
    shutil.copy(FIXTURES / "bugs_detected" / rel, dst)
    return dst


def findings(run) -> list[dict]:
    return json.loads(run.stdout)["findings"]


@pytest.mark.parametrize("rel,rule,kind", SAFE, ids=[r for _, r, _ in SAFE])
def test_safe_fix_applies_and_recheck_is_clean(tmp_path: Path, rel: str, rule: str, kind: str) -> None:
    path = copy(tmp_path, rel)
    before = path.read_text()
    shown = ptolint("check", str(path), "--show-fixes", "--format", "json")
    fixed = [f for f in findings(shown) if f["rule"] == rule and any(x["safe"] and x["kind"] == kind
                                                                      for x in f["fixes"])]
    assert fixed, shown.stdout[:2000]
    lines = {f["line"] for f in fixed}
    diff = ptolint("check", str(path), "--diff")
    assert diff.code == 1 and diff.stdout.startswith(f"--- a/{path}"), diff.stdout + diff.stderr
    assert path.read_text() == before  # --diff writes nothing
    after = ptolint("check", str(path), "--fix", "--format", "json")
    assert "ptolint: applied" in after.stderr and path.read_text() != before
    left = {(f["rule"], f["line"]) for f in findings(after)}
    assert not any((rule, ln) in left for ln in lines), after.stdout[:2000]
    assert after.code in (0, 1)
    assert after.code == (1 if any(f["level"] in ("error", "warning") for f in findings(after)) else 0)


@pytest.mark.parametrize("rel", ["TROWPROD/PTO211_tmp_undersized.cpp", "ELEMENTWISE/PTO603_not_row_major.cpp"])
def test_sarif_fixes_validate_against_the_schema(tmp_path: Path, rel: str) -> None:
    path = copy(tmp_path, rel)
    run = ptolint("check", str(path), "--show-fixes", "--format", "sarif", "--sarif-root", str(tmp_path))
    doc = json.loads(run.stdout)
    jsonschema.Draft7Validator(SCHEMA).validate(doc)
    fixes = [fx for r in doc["runs"][0]["results"] for fx in r.get("fixes", [])]
    assert any(fx["properties"]["safe"] for fx in fixes)
    assert all(fx["artifactChanges"][0]["artifactLocation"]["uri"] == path.name for fx in fixes)
    rep = fixes[0]["artifactChanges"][0]["replacements"][0]
    assert set(rep) == {"deletedRegion", "insertedContent"} and rep["deletedRegion"]["startLine"] >= 1


def test_text_marks_fixable_findings(tmp_path: Path) -> None:
    path = copy(tmp_path, "ELEMENTWISE/PTO603_not_row_major.cpp")
    run = ptolint("check", str(path), "--show-fixes")
    assert "[PTO603] [*] TMUL" in run.stdout
    assert "  fix [*]: Change the layout of `weights`'s declaration to RowMajor" in run.stdout
    assert "  fix: Suppress PTO603 on this line" in run.stdout
    assert "[*] 3 fixable with `ptolint check --fix`" in run.stdout
    plain = ptolint("check", str(path))  # fixes are computed only when asked for
    assert "[*]" not in plain.stdout


def test_no_single_choice_no_fix(tmp_path: Path) -> None:
    path = tmp_path / "amb.cpp"
    path.write_text(AMBIGUOUS)
    run = ptolint("check", str(path), "--show-fixes", "--format", "json")
    got = findings(run)
    assert {f["rule"] for f in got} == {"PTO501"}
    assert all([x["kind"] for x in f["fixes"]] == ["suppress"] for f in got)  # int8: several legal types
    diff = ptolint("check", str(path), "--diff")
    assert diff.code == 0 and diff.stdout == ""
    fix = ptolint("check", str(path), "--fix")
    assert fix.code == 1 and path.read_text() == AMBIGUOUS and "applied 0 fix(es)" in fix.stderr


def test_suppression_and_assumption_for_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "warn.cpp"
    path.write_text(WARNING)
    run = ptolint("check", str(path), "--show-fixes", "--format", "json")
    got = [f for f in findings(run) if f["rule"] == "PTO006"]
    assert got
    kinds = {x["kind"]: x for x in got[0]["fixes"]}
    assert kinds["suppress"]["edits"][0]["text"] == "  // ptolint: ignore[PTO006]" and not kinds["suppress"]["safe"]
    assume = kinds["assume"]
    assert assume["edits"][0]["text"] == "// ptolint: assume rows >= 0 && rows <= 16\n" and not assume["safe"]
    # applying the (unsafe) assumption by hand gives a clean check, as validation promised
    lines = WARNING.splitlines(keepends=True)
    lines.insert(assume["edits"][0]["line"] - 1, assume["edits"][0]["text"])
    path.write_text("".join(lines))
    assert ptolint("check", str(path)).code == 0
    # --fix applies no unsafe fix
    path.write_text(WARNING)
    assert ptolint("check", str(path), "--fix").code == 1 and path.read_text() == WARNING


def test_template_tmp_shape_is_spelled_from_the_other_operands(tmp_path: Path) -> None:
    """A tmp whose shape is spelled with template parameters gets the sources' spelling, not one instance's
    numbers: TMRGSORT's merged lists (2 * COLS), TGATHER's index tile (ROWS x COLS)."""
    for rel, before, after in (("SORT/PTO988_tmrgsort_tmp_too_small.cpp", "using Tmp = Tile<TileType::Vec, T, 1, TOPK>;",
                                "using Tmp = Tile<TileType::Vec, T, 1, 2 * COLS>;"),
                               ("GATHER/PTO996_tgather_tmp_too_small.cpp",
                                "using Tmp = Tile<TileType::Vec, int32_t, 1, COLS>;",
                                "using Tmp = Tile<TileType::Vec, int32_t, ROWS, COLS>;")):
        path = copy(tmp_path, rel)
        diff = ptolint("check", str(path), "--diff")
        assert f"-    {before}\n+    {after}\n" in diff.stdout, diff.stdout


def test_valid_region_clamp_for_a_warning(tmp_path: Path) -> None:
    """The run-time valid rows are clamped where each tile gets them (constructor arguments) to the bound the rule
    needs; the clamped text checks clean, and --fix does not apply it (not safe)."""
    path = tmp_path / "warn.cpp"
    path.write_text(WARNING)
    run = ptolint("check", str(path), "--show-fixes", "--format", "json")
    got = next(f for f in findings(run) if f["rule"] == "PTO006")
    clamp = next(x for x in got["fixes"] if x["kind"] == "clamp")
    assert not clamp["safe"]
    assert [e["text"] for e in clamp["edits"]] == ["((rows) < 0 ? 0 : (rows) > 16 ? 16 : (rows))"] * 2
    assert {e["line"] for e in clamp["edits"]} == {6}
    lines = WARNING.splitlines(keepends=True)
    for e in sorted(clamp["edits"], key=lambda e: -e["column"]):  # right to left: columns stay valid
        line = lines[e["line"] - 1]
        lines[e["line"] - 1] = line[:e["column"] - 1] + e["text"] + line[e["end_column"] - 1:]
    path.write_text("".join(lines))
    assert ptolint("check", str(path)).code == 0


def test_valid_region_clamp_at_the_setter(tmp_path: Path) -> None:
    """A count set by SetValidRow is clamped there (its one setter in the file)."""
    path = tmp_path / "set.cpp"
    path.write_text(SETTER)
    run = ptolint("check", str(path), "--show-fixes", "--format", "json")
    got = next(f for f in findings(run) if f["rule"] == "PTO006")
    clamp = next(x for x in got["fixes"] if x["kind"] == "clamp")
    assert [(e["line"], e["text"]) for e in clamp["edits"]] == [(8, "((n) < 0 ? 0 : (n) > 16 ? 16 : (n))")]


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root ignores file permissions")
def test_read_only_file_is_a_clear_error(tmp_path: Path) -> None:
    path = copy(tmp_path, "ELEMENTWISE/PTO603_not_row_major.cpp")
    path.chmod(stat.S_IRUSR)
    try:
        run = ptolint("check", str(path), "--fix")
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert run.code == 2 and "Traceback" not in run.stderr + run.stdout
    assert "[fix-error] cannot write the fixed file: Permission denied" in run.stdout


def test_file_changed_since_the_check_is_not_rewritten(tmp_path: Path) -> None:
    from ptolint.engine import FileResult
    from ptolint.fixes import Edit, Fix, run_cli, sha
    from ptolint.ir import CallSite, Finding

    path = tmp_path / "k.cpp"
    path.write_text("int a;\n")
    site = CallSite("TADD", str(path), 1, 1, 1, 6, "a2a3", [], [], {})
    f = Finding("PTO603", "x", "error", "m", site, None, True)
    f.fixes = [Fix("PTO603", 1, 1, "layout", "t", [Edit(str(path), 1, 1, 1, 4, "long")], True, sha("int b;\n"))]
    res = FileResult(str(path), findings=[f])
    status, problems = run_cli([res], lambda: None, diff=False)
    assert path.read_text() == "int a;\n"
    assert [d.code for d in problems] == ["fix-error"] and "changed since it was checked" in problems[0].message


def test_lsp_code_actions(tmp_path: Path, client) -> None:  # noqa: F811 - the fixture
    path = copy(tmp_path, "ELEMENTWISE/PTO603_not_row_major.cpp")
    c = client()
    c.initialize(tmp_path)
    uri = c.open(path, path.read_text())
    diags = c.diagnostics(uri)["diagnostics"]
    d = next(x for x in diags if x["code"] == "PTO603")
    res = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": d["range"],
                                                "context": {"diagnostics": [d]}}, timeout=TIMEOUT)
    actions = res["result"]
    titles = [a["title"] for a in actions]
    assert "ptolint: Change the layout of `weights`'s declaration to RowMajor" in titles
    assert "ptolint: Suppress PTO603 on this line (unsafe)" in titles
    layout = next(a for a in actions if "layout" in a["title"])
    assert layout["isPreferred"] and layout["kind"] == "quickfix"
    edit = layout["edit"]["changes"][uri][0]
    assert edit["newText"] == "BLayout::RowMajor" and edit["range"]["start"]["line"] == 7
    c.close()


@pytest.mark.parametrize("kind", ["tmp-shape", "clamp", "assume", "dtype", "location"])
def test_lsp_code_actions_new_kinds(tmp_path: Path, client, kind: str) -> None:  # noqa: F811 - the fixture
    """Every kind of fix is a quick fix in the editor, with the same edits as on the command line: the safe ones
    (tmp shape spelled from the other operands, element type, location) preferred, the unsafe ones (valid-region
    clamp, assumption) marked so."""
    if kind == "tmp-shape":
        path, code = copy(tmp_path, "GATHER/PTO996_tgather_tmp_too_small.cpp"), "PTO996"
        title, new = "ptolint: Make `tmp` ROWS x COLS (8x128 here)", "ROWS"
    elif kind in ("dtype", "location"):
        rel, code = {"dtype": ("REARRANGE/PTO311_dtype_mismatch.cpp", "PTO311"),
                     "location": ("UNARY/PTO723_operand_not_vec.cpp", "PTO723")}[kind]
        path = copy(tmp_path, rel)
        shown = ptolint("check", str(path), "--show-fixes", "--format", "json")
        fx = next(x for f in findings(shown) if f["rule"] == code for x in f["fixes"] if x["kind"] == kind)
        title, new = f"ptolint: {fx['title']}", fx["edits"][0]["text"]
    else:
        path, code = tmp_path / "warn.cpp", "PTO006"
        path.write_text(WARNING)
        title, new = {
            "clamp": ("ptolint: Clamp `rows` (valid rows of `y`) into [0, 16], `rows` (valid rows of `x`) into "
                      "[0, 16] (unsafe)", "((rows) < 0 ? 0 : (rows) > 16 ? 16 : (rows))"),
            "assume": ("ptolint: Assume rows >= 0 && rows <= 16 in kern (a caller's guarantee) (unsafe)",
                       "// ptolint: assume rows >= 0 && rows <= 16\n")}[kind]
    c = client()
    c.initialize(tmp_path)
    uri = c.open(path, path.read_text())
    d = next(x for x in c.diagnostics(uri)["diagnostics"] if x["code"] == code)
    res = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": d["range"],
                                                "context": {"diagnostics": [d]}}, timeout=TIMEOUT)
    action = next((a for a in res["result"] if a["title"] == title), None)
    assert action is not None, [a["title"] for a in res["result"]]
    assert action["isPreferred"] == (kind in ("tmp-shape", "dtype", "location")) and action["kind"] == "quickfix"
    assert all(e["newText"] == new for e in action["edit"]["changes"][uri])
    c.close()

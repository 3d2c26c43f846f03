"""Parallel checking (-j): identical reports for any number of workers; a crashing or hanging file becomes a
diagnostic for that file only, and the other files are still checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ptolint

FILES = [
    FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp",
    FIXTURES / "bugs_detected" / "TDIVS" / "PTO505_divide_by_zero.cpp",
    FIXTURES / "bugs_detected" / "TROWPROD",
    FIXTURES / "correct_code" / "TCOLEXPANDMAX",
]


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_jobs_do_not_change_the_report(tmp_path: Path, fmt: str) -> None:
    args = ["check", *map(str, FILES), "-f", fmt, "--no-cache"]
    one = ptolint(*args, "-j", "1")
    four = ptolint(*args, "-j", "4")
    assert one.code == four.code == 1, one.stderr + four.stderr
    assert one.stdout == four.stdout and one.stdout
    cached = ptolint("check", *map(str, FILES), "-f", fmt, "-j", "3", env={"PTOLINT_CACHE_DIR": str(tmp_path)})
    again = ptolint("check", *map(str, FILES), "-f", fmt, "-j", "2", env={"PTOLINT_CACHE_DIR": str(tmp_path)})
    assert cached.stdout == again.stdout == one.stdout  # a cache hit reports exactly what a fresh check does


def two_files(tmp_path: Path) -> tuple[Path, Path]:
    good = tmp_path / "ok_kernel.cpp"
    bad = tmp_path / "doomed_kernel.cpp"
    shutil.copy(FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp", good)
    shutil.copy(FIXTURES / "bugs_detected" / "TDIVS" / "PTO505_divide_by_zero.cpp", bad)
    return good, bad


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_crashing_worker_is_an_internal_error_for_that_file_only(tmp_path: Path, jobs: str) -> None:
    two_files(tmp_path)
    run = ptolint("check", ".", "-f", "json", "--no-cache", "-j", jobs, cwd=tmp_path,
                  env={"PTOLINT_TEST_CRASH": "doomed"})
    assert run.code == 2, run.stderr
    doc = run.json
    (diag,) = doc["diagnostics"]
    assert diag["file"].endswith("doomed_kernel.cpp") and diag["code"] == "internal-error"
    assert "crashed (signal 11" in diag["message"]
    assert doc["findings"] and {f["file"] for f in doc["findings"]} == {"ok_kernel.cpp"}
    assert "Traceback" not in run.stderr


def test_crash_is_not_cached(tmp_path: Path) -> None:
    two_files(tmp_path)
    cache = {"PTOLINT_CACHE_DIR": str(tmp_path / "cache")}
    assert ptolint("check", ".", "-f", "json", cwd=tmp_path, env={**cache, "PTOLINT_TEST_CRASH": "doomed"}).code == 2
    run = ptolint("check", ".", "-f", "json", cwd=tmp_path, env=cache)
    assert run.code == 1 and run.json["diagnostics"] == []
    assert {f["file"] for f in run.json["findings"]} == {"ok_kernel.cpp", "doomed_kernel.cpp"}


def test_file_timeout_stops_that_file_only(tmp_path: Path) -> None:
    two_files(tmp_path)
    run = ptolint("check", ".", "-f", "json", "--no-cache", "--file-timeout", "2", "-j", "2", cwd=tmp_path,
                  env={"PTOLINT_TEST_HANG": "doomed"})
    assert run.code == 2, run.stderr
    (diag,) = run.json["diagnostics"]
    assert diag["file"].endswith("doomed_kernel.cpp") and diag["code"] == "timeout" and "2 s" in diag["message"]
    assert {f["file"] for f in run.json["findings"]} == {"ok_kernel.cpp"}


def test_file_timeout_from_configuration(tmp_path: Path) -> None:
    (tmp_path / "doomed_kernel.cpp").write_text("int x;\n")
    (tmp_path / ".ptolint.toml").write_text("file-timeout = 1.5\n")
    run = ptolint("check", ".", "-f", "json", "--no-cache", cwd=tmp_path, env={"PTOLINT_TEST_HANG": "doomed"})
    assert run.code == 2 and [d["code"] for d in run.json["diagnostics"]] == ["timeout"]
    assert "1.5 s" in run.json["diagnostics"][0]["message"]
    (tmp_path / ".ptolint.toml").write_text("file-timeout = -1\n")
    bad = ptolint("check", ".", cwd=tmp_path)
    assert bad.code == 2 and "file-timeout" in bad.stderr


@pytest.mark.parametrize("args,needle", [(["-j", "0"], "--jobs"), (["--file-timeout", "0"], "--file-timeout")])
def test_bad_parallel_options(args: list[str], needle: str) -> None:
    run = ptolint("check", str(FILES[0]), *args)
    assert run.code == 2 and needle in run.stderr


def test_no_progress_bar_when_not_a_terminal() -> None:
    run = ptolint("check", *map(str, FILES), "-j", "2")
    assert "checking" not in run.stderr and "\x1b" not in run.stderr


CONSTEXPR_KERNEL = """#include <pto/pto-inst.hpp>
#include <type_traits>
using namespace pto;
template <typename T>
AICORE void load(int n) {
  constexpr int step = std::is_same_v<T, half> ? 8 : 16;
  Tile<TileType::Mat, T, 64, 16, BLayout::ColMajor, 64, 16, SLayout::RowMajor> src;
  TileLeft<T, 16, 16> dst;
  TEXTRACT(dst, src, step * n, 0);
}
extern "C" __global__ AICORE void kern(int n) { load<half>(n); }
"""


def test_a_crash_on_clangs_constants_is_checked_again_without_them(tmp_path: Path) -> None:
    """A worker that crashes (as libclang would inside clang_Cursor_Evaluate) checks its file once more without
    clang's values of constant expressions: the file gets a report and a note that says what it lacks."""
    good, _ = two_files(tmp_path)
    (tmp_path / "fragile_kernel.cpp").write_text(CONSTEXPR_KERNEL)
    for jobs in ("1", "2"):
        run = ptolint("check", ".", "-f", "json", "--no-cache", "-j", jobs, "--target", "a2a3", cwd=tmp_path,
                      env={"PTOLINT_TEST_CRASH_CONSTANT": "fragile"})
        assert run.code == 1, run.stdout + run.stderr  # findings in the other files, no error diagnostic
        notes = [d for d in run.json["diagnostics"] if d["file"] == "fragile_kernel.cpp"]
        assert [(d["level"], d["code"]) for d in notes] == [("note", "analysis-limit")]
        assert "crashed (signal 11" in notes[0]["message"] and "without clang's values" in notes[0]["message"]
        assert {f["file"] for f in run.json["findings"]} == {good.name, "doomed_kernel.cpp", "fragile_kernel.cpp"}
        retried = {f["rule"]: f["witness"]["inputs"]["n"] for f in run.json["findings"]
                   if f["file"] == "fragile_kernel.cpp"}
        assert retried["PTO123"] != 1  # `step` opaque (8 or 16): only an n whose product wraps breaks both
    # without the crash, clang's value of `step` (8 for half) makes row 8 * n misaligned for n = 1
    run = ptolint("check", "fragile_kernel.cpp", "-f", "json", "--no-cache", "--target", "a2a3", cwd=tmp_path)
    assert run.json["diagnostics"] == []
    assert {f["rule"]: f["witness"]["inputs"] for f in run.json["findings"]} == {"PTO123": {"n": 1},
                                                                                 "PTO102": {"n": 7}}

"""Inputs the fuzz campaigns (tests/test_fuzz.py) turned up, minimised: each once broke a check with an
internal error, a traceback or exponential time. Each must now degrade to "not modelled" (or a diagnostic
that says what is wrong) while the rest of the file is still checked: the finding on line 9 of the seed
below stays reported."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, ptolint
from typer.testing import CliRunner

from ptolint.cli import app
from ptolint.frontend.assume import AssumptionError, to_expr
from ptolint.frontend.values import Unsupported, fold, parse_float_literal, parse_int_literal
from ptolint.ir import MAX_EXPR_DEPTH, MAX_EXPR_SIZE, Bin, Const, Select, Sym, expr_shape, split_lines

SEED = (FIXTURES / "bugs_detected" / "TDIVS" / "PTO505_divide_by_zero.cpp").read_text()
SECOND = "    TDIVS(buckets, hist, count - 4);"  # line 11; line 9 divides by `divisor` (0 in the witness)
assert SECOND in SEED


def check(tmp_path: Path, source: str, *extra: str) -> dict:
    """Check one kernel on a2a3 for PTO505; assert nothing broke; return the JSON report."""
    (tmp_path / "k.cpp").write_text(source)
    start = time.monotonic()
    run = ptolint("check", "k.cpp", "-f", "json", "-t", "a2a3", "--select", "PTO505", "--no-cache",
                  "--file-timeout", "120", *extra, cwd=tmp_path)
    assert time.monotonic() - start < 60
    assert run.code in (0, 1, 2) and "Traceback" not in run.stderr and "Exception ignored" not in run.stderr, \
        run.stderr
    doc = run.json
    assert not [d for d in doc["diagnostics"] if d["code"] in ("internal-error", "timeout")], doc["diagnostics"]
    return doc


def lines_found(doc: dict) -> list[int]:
    return [f["line"] for f in doc["findings"]]


# --- literals beyond what C++ or Python can hold ------------------------------------------------------------

@pytest.mark.parametrize("literal", ["9" * 5000, "0x" + "f" * 5000, "18446744073709551616"])
def test_integer_literal_too_large(tmp_path: Path, literal: str) -> None:
    # was: ValueError (Python's 4300-digit limit) for the whole file, or in every rule when Z3 printed it
    doc = check(tmp_path, SEED.replace("count - 4", f"count - {literal}"))
    assert lines_found(doc) == [9]
    assert [d["code"] for d in doc["diagnostics"]] == ["parse-error"]  # clang's own error is still shown


def test_int_literal_limits() -> None:
    assert parse_int_literal("18446744073709551615ull") == 2**64 - 1
    assert parse_int_literal("0x1'0000'0000") == 2**32
    assert parse_int_literal("18446744073709551616") is None
    assert parse_int_literal("9" * 5000) is None


@pytest.mark.parametrize("divisor", ["1e99999f", "1e300 * 1e300"])
def test_float_overflowing_to_inf(tmp_path: Path, divisor: str) -> None:
    # was: Z3Exception 'parser error' in every rule (z3.RealVal(inf))
    doc = check(tmp_path, SEED.replace("TDIVS(avg, sum, divisor)", f"TDIVS(avg, sum, {divisor})"))
    assert doc["diagnostics"] == [] and lines_found(doc) == [11]  # inf is not 0; count - 4 still is


def test_float_literal_and_fold_stay_finite() -> None:
    assert parse_float_literal("1e99999") is None and parse_float_literal("1.5e3f") == 1500.0
    big = Bin("*", Const(1e300, "double"), Const(1e300, "double"), "double")
    assert fold(big) is big  # not Const(inf)
    assert fold(Bin("*", Const(2.0, "double"), Const(3.0, "double"), "double")) == Const(6.0, "double")


# --- deep and large expressions -----------------------------------------------------------------------------

@pytest.mark.parametrize("statement", [
    "TDIVS(buckets, hist, count" + " + 1" * 3000 + " - 4);",  # was: ValueError, libclang callback traceback
    "int m = 0; if (count == 0) m = 1;" + " else if (count == 1) m = 2;" * 2000 + " TDIVS(buckets, hist, m);",
])
def test_deeply_nested_cpp(tmp_path: Path, statement: str) -> None:
    doc = check(tmp_path, SEED.replace(SECOND, "    " + statement))
    assert lines_found(doc) == [9]


def test_a_libclang_call_at_the_recursion_limit_counts_as_the_limit() -> None:
    """ctypes reports a RecursionError met while converting a libclang call's arguments as an ArgumentError: the
    walk skips the statement and the replay refuses the run for it, as for a RecursionError, never an internal
    error; any other ArgumentError is a bug and is raised."""
    import ctypes

    from ptolint.frontend.cursors import at_recursion_limit

    assert at_recursion_limit(RecursionError("maximum recursion depth exceeded"))
    assert at_recursion_limit(ctypes.ArgumentError("argument 1: RecursionError: ???"))
    assert not at_recursion_limit(ctypes.ArgumentError("argument 1: TypeError: wrong type"))
    assert not at_recursion_limit(ValueError("RecursionError"))


@pytest.mark.parametrize("body", [
    "m = m + count;\n" * 3000,  # was: RecursionError in the solver, in every rule
    "m = m > count ? m - 1 : m + count;\n" * 60,  # each copy triples the expression tree: was exponential time
])
def test_long_assignment_chains(tmp_path: Path, body: str) -> None:
    doc = check(tmp_path, SEED.replace(SECOND, "    int m = count;\n" + body + "    TDIVS(buckets, hist, m);"))
    assert 9 in lines_found(doc)


def test_expression_below_the_limits_is_still_checked(tmp_path: Path) -> None:
    """m = 151 * count after 150 additions (depth 151): solved and replayed in process, within pytest's stack."""
    src = SEED.replace(SECOND, "    int m = count;\n" + "    m = m + count;\n" * 150 + "    TDIVS(buckets, hist, m - 604);")
    (tmp_path / "k.cpp").write_text(src)
    result = CliRunner().invoke(app, ["check", str(tmp_path / "k.cpp"), "-f", "json", "-t", "a2a3", "--select",
                                      "PTO505", "--no-cache", "-j", "1"])
    assert result.exit_code == 1, result.output
    assert '"internal-error"' not in result.stdout
    assert '"line": 162' in result.stdout and '"n": 4' in result.stdout


def test_expression_limits() -> None:
    x = Sym("x", "int")
    e = x
    for _ in range(MAX_EXPR_DEPTH - 1):
        e = fold(Bin("+", e, x, "int"))
    assert expr_shape(e)[0] == MAX_EXPR_DEPTH
    with pytest.raises(Unsupported, match="levels deep"):
        fold(Bin("+", e, x, "int"))
    e = x
    while expr_shape(e)[1] * 3 <= MAX_EXPR_SIZE:  # shared subexpressions count once per use
        e = fold(Select(Bin(">", e, x, "bool"), e, e, "int"))
    with pytest.raises(Unsupported, match="nodes"):
        fold(Select(Bin(">", e, x, "bool"), e, e, "int"))


# --- assumptions ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("expr", ["count < " + "1+" * 3000 + "1", "count < " + "count+" * 400 + "1"])
def test_deep_assumption_is_a_bad_assumption(tmp_path: Path, expr: str) -> None:
    # was: RecursionError in Python's parser (internal error for the file), or in the solver for every rule
    doc = check(tmp_path, SEED.replace("template <int ROWS", f"// ptolint: assume {expr}\ntemplate <int ROWS"))
    (bad,) = doc["diagnostics"]
    assert bad["code"] == "bad-assumption" and bad["line"] == 6 and "nested" in bad["message"]
    assert lines_found(doc) == [10, 12]


def test_to_expr_refuses_deep_nesting() -> None:
    with pytest.raises(AssumptionError, match="nested too deeply"):
        to_expr("-" * 5000 + "n", lambda name: Sym(name, "int"))


# --- the command line -------------------------------------------------------------------------------------------

def test_file_timeout_nan_is_a_usage_error(tmp_path: Path) -> None:
    # was: accepted; the worker loop then polled without sleeping until the file was done
    (tmp_path / "k.cpp").write_text(SEED)
    run = ptolint("check", "k.cpp", "--file-timeout", "nan", cwd=tmp_path)
    assert run.code == 2 and "--file-timeout must be positive" in run.stderr


def test_pipe_is_read_once_with_the_cache_on(tmp_path: Path) -> None:
    # was: the result-cache key read the pipe empty first, and the check then reported a clean file
    run = ptolint("check", "/dev/stdin", "-f", "json", "-t", "a2a3", "--select", "PTO505", stdin=SEED,
                  env={"PTOLINT_CACHE_DIR": str(tmp_path)})
    assert run.code == 1, run.stderr
    assert [f["line"] for f in run.json["findings"]] == [9, 11]


# --- line numbering ---------------------------------------------------------------------------------------------

ODD_BREAKS = "\f\v\x1c\x1d\x1e\x85\u2028\u2029"  # str.splitlines breaks lines at these; libclang does not


def test_split_lines_counts_lines_as_libclang_does() -> None:
    assert split_lines(f"a{ODD_BREAKS}b\r\nc\rd\n\ne\n") == [f"a{ODD_BREAKS}b", "c", "d", "", "e"]
    assert split_lines("") == [] and split_lines("x") == ["x"]


def test_form_feed_does_not_shift_suppressions_assumptions_or_source_lines(tmp_path: Path) -> None:
    # was: every line after a form feed was one off for `// ptolint:` comments and the source lines shown,
    # so the suppression below hid the finding on line 11 instead of line 9
    src = SEED.replace("using namespace pto;", f"using namespace pto;  // page break:{ODD_BREAKS}")
    src = src.replace("TDIVS(avg, sum, divisor);", "TDIVS(avg, sum, divisor);  // ptolint: ignore[PTO505]")
    doc = check(tmp_path, src)
    assert doc["diagnostics"] == [] and lines_found(doc) == [11]
    text = ptolint("check", "k.cpp", "-t", "a2a3", "--select", "PTO505", "--no-cache", cwd=tmp_path).stdout
    assert " 11 |     TDIVS(buckets, hist, count - 4);" in text
    assumed = src.replace("extern \"C\"", "// ptolint: assume n != 4\nextern \"C\"")
    doc = check(tmp_path, assumed)
    assert doc["diagnostics"] == [] and lines_found(doc) == []  # the assumption applies to kernel(): no warning


# --- kernels as a compiler writes them (bench/generated_kernels.py) -----------------------------------------

def _generated(seed: int) -> str:
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("ptolint_bench_generated", ROOT / "bench" / "generated_kernels.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod.make_kernel("gen", calls=24, lines=300, seed=seed)


def test_generated_kernel_is_checked_whole_and_clean(tmp_path: Path) -> None:
    # was: a 2,000-line generated kernel hit the 300 s file timeout (Z3 terms walked as trees), nothing checked
    (tmp_path / "gen.cpp").write_text(_generated(3))
    start = time.monotonic()
    run = ptolint("check", "gen.cpp", "-f", "json", "-t", "a2a3", "--no-cache", "--stats", cwd=tmp_path)
    assert time.monotonic() - start < 60
    assert run.code == 0, run.stdout + run.stderr
    doc = run.json
    assert doc["findings"] == [] and doc["diagnostics"] == []
    stats = doc["stats"]["gen.cpp"]["a2a3"]
    assert stats["builtin_calls"] >= 24 and stats["unresolved"] == 0


def test_generated_kernel_with_one_bad_tail_is_reported_at_that_call(tmp_path: Path) -> None:
    src = _generated(3)
    bad = src.replace("t1_3.SetValidRow((int)rows1);", "t1_3.SetValidRow((int)rows1 + 1);", 1)
    assert bad != src
    (tmp_path / "gen.cpp").write_text(bad)
    run = ptolint("check", "gen.cpp", "-f", "json", "-t", "a2a3", "--no-cache", "--select", "PTO006", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    lines = bad.splitlines()
    after = next(i for i, t in enumerate(lines) if "rows1 + 1" in t)
    first_use = next(i + 1 for i in range(after, len(lines)) if "(t1_3," in lines[i] and lines[i].strip().startswith("T"))
    [f] = [f for f in run.json["findings"] if f["line"] == first_use]
    assert f["confirmed"] is True and f["level"] == "warning"
    assert f["witness"]["inputs"]["m1"] >= 16  # a full first row block of the second loop: valid rows 17 > 16



def test_a_broken_template_call_compared_as_numbers_is_not_replayed(tmp_path: Path) -> None:
    """`templatetemplate <int R> void f(...)` declares no template: the kernel's `f<8, 64>(n)` parses as the
    comma expression `f < 8, 64 > (n)`, which the entry replay evaluated as `function < 8` (a TypeError: an
    internal error in place of the finding it was confirming). Such a comparison now refuses the replay."""
    broken = "templatetemplate <int R>\nAICORE void f(int n) {}\n"
    kernel = SEED.replace("extern \"C\"", broken + "extern \"C\"").replace(
        "    mean<16, 64>(n, divisor);", "    f<8, 64>(n);\n    mean<16, 64>(n, divisor);")
    assert "f<8, 64>(n);" in kernel and broken in kernel
    doc = check(tmp_path, kernel)
    assert any(d["code"] == "parse-error" for d in doc["diagnostics"])


def test_gather_whose_dst_type_is_not_understood_is_not_judged(tmp_path: Path) -> None:
    """A mutant spelled the data tile's alias `float<TileType::Vec, ...>` (a parse error): TGATHER's form was taken from
    the index tile alone and PTO995 / PTO996 read the missing dst (AttributeError). The call is now not judged."""
    src = (
        "#include <pto/pto-inst.hpp>\nusing namespace pto;\n\ntemplate <int ROWS, int COLS>\n"
        "AICORE void lookup(int rows) {\n"
        "    using Data = float<TileType::Vec, half, ROWS, COLS, BLayout::RowMajor, DYNAMIC, COLS>;\n"
        "    using Idx = Tile<TileType::Vec, int32_t, ROWS, COLS>;\n"
        "    using Tmp = Tile<TileType::Vec, int32_t, 1, COLS>;\n"
        "    int vr = rows > 0 && rows <= ROWS ? rows : 1;\n"
        "    Data table(vr), out(vr);\n    Idx idx;\n    Tmp tmp;\n"
        "    TGATHER(out, table, idx, tmp);\n}\n\n"
        'extern "C" __global__ AICORE void kernel(int n) {\n    lookup<8, 128>(n);\n}\n')
    (tmp_path / "k.cpp").write_text(src)
    run = ptolint("check", "k.cpp", "-f", "json", "--no-cache", cwd=tmp_path)
    assert "Traceback" not in run.stderr
    codes = [d["code"] for d in run.json["diagnostics"]]
    assert "parse-error" in codes and "internal-error" not in codes, run.json["diagnostics"]


def test_headroom_check_raises_only_near_the_recursion_limit() -> None:
    """children() refuses to call into libclang (whose callbacks cannot raise) within 100 frames of the limit."""
    import sys

    from ptolint.frontend.cursors import _check_headroom

    def deepest(depth: int = 0) -> int:  # how many more frames fit from here
        try:
            return deepest(depth + 1)
        except RecursionError:
            return depth

    def at(depth: int) -> str:
        if depth > 0:
            return at(depth - 1)
        try:
            _check_headroom()
            return "ok"
        except RecursionError:
            return "deep"

    room = deepest()
    limit = sys.getrecursionlimit()
    assert at(room - 110) == "ok"
    assert at(room - 90) == "deep"
    assert sys.getrecursionlimit() == limit  # left as it was, both ways

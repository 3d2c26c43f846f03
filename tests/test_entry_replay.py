"""The entry replay: a candidate is confirmed by running the kernel from its entry point with the witness's
kernel inputs (ptolint/executor/entry), never by evaluating one call on its own. Through the real CLI where it
is about behaviour (`check`, `replay`), through the Python API where a refusal's reason is the point."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from conftest import ptolint

HEAD = "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"

#: a column loop whose last chunk (c = 192) is 8 columns wide: TMUL's source is then narrower than dst
TMUL_LOOP = HEAD + """extern "C" __global__ AICORE void kern(__gm__ half* out) {
  Tile<TileType::Vec, half, 8, 64, BLayout::RowMajor, 8, DYNAMIC> a;
  Tile<TileType::Vec, half, 8, 64> acc;
  for (int c = 0; c < 200; c += 64) {
    int cols = 200 - c < 64 ? 200 - c : 64;
    a.SetValidCol(cols);
    TMUL(acc, acc, a);
  }
}
"""

#: k leaves the loop at 8 (8 * 16 + 16 > 128) before any extract leaves the 128 rows
EXTRACT_BREAK = HEAD + """extern "C" __global__ AICORE void kern(__gm__ half* out, int steps) {
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  for (int k = 0; k < steps; ++k) {
    if (k * 16 + 16 > 128) break;
    TEXTRACT(dst, src, k * 16, 0);
  }
}
"""
#: the same with the guard off by one: k = 8 extracts rows 128..143
EXTRACT_BREAK_LATE = EXTRACT_BREAK.replace("if (k * 16 + 16 > 128) break;", "if (k * 16 > 128) break;")

OVERFLOW = HEAD + """extern "C" __global__ AICORE void kern(__gm__ half* out, int n) {
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  int x = n * 65536 * 65536;
  TEXTRACT(dst, src, n, 0);  // x is never used: only running the kernel sees its overflow
}
"""

TEMPLATES = HEAD + """struct Tiling { int rows; int cols; };

template <int HI>
AICORE int clampTo(int v) { return v < 0 ? 0 : (v > HI ? HI : v); }

template <typename T, int R>
AICORE void body(int n, const Tiling* t) {
  Tile<TileType::Vec, T, R, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> x(clampTo<R>(n), 64);
  Tile<TileType::Vec, T, R, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> y(t->rows, 64);
  int k = 0;
  do {
    TADD(y, x, x);
    ++k;
  } while (k < 3);
}

extern "C" __global__ AICORE void kern(__gm__ half* out, int n, __gm__ Tiling* tiling) {
  body<float, 16>(n + get_block_idx() * 4, tiling);
}
"""

#: 10^5 iterations, each with a builtin call; the extract after the loop reads past the source
LONG_LOOP = HEAD + """extern "C" __global__ AICORE void kern(__gm__ half* out, int off) {
  Tile<TileType::Vec, float, 8, 64> a, b;
  for (int i = 0; i < 100000; ++i) {
    TADD(a, b, b);
  }
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  TEXTRACT(dst, src, off * 16, 0);
}
"""

TWO_ENTRIES = HEAD + """extern "C" __global__ AICORE void first(int n) {
  Tile<TileType::Vec, float, 8, 64> a;
  TADD(a, a, a);
}
extern "C" __global__ AICORE void second(int n) {
  Tile<TileType::Vec, float, 8, 64> a;
  TMUL(a, a, a);
}
"""


def write(tmp_path: Path, text: str, name: str = "k.cpp") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def line_of(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), start=1) if needle in ln)


def replay_json(tmp_path: Path, *args: str) -> tuple[int, dict]:
    run = ptolint("replay", "k.cpp", "--format", "json", *args, cwd=tmp_path)
    assert "Traceback" not in run.stderr, run.stderr
    return run.code, json.loads(run.stdout)


# ---------------------------------------------------------------- check: confirmation by the run


def test_column_loop_faults_at_the_fourth_iteration(tmp_path: Path) -> None:
    write(tmp_path, TMUL_LOOP)
    line = line_of(TMUL_LOOP, "TMUL(")
    loop = line_of(TMUL_LOOP, "for (int c")
    code, doc = replay_json(tmp_path, "--target", "a2a3")
    run = doc["runs"][0]
    calls = [c for c in run["calls"] if c["builtin"] == "TMUL"]
    assert code == 1 and len(calls) == 4
    assert [c["loops"][0]["value"] for c in calls] == [0, 64, 128, 192]
    assert [c["operands"]["src1.validCol"] for c in calls] == [64, 64, 64, 8]
    assert not any(c["faults"] for c in calls[:3])
    assert "valid-region" in {f["kind"] for f in calls[3]["faults"]}

    check = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    found = [f for f in check.json["findings"] if f["line"] == line]
    assert found and all(f["confirmed"] for f in found)
    for f in found:
        values = f["witness"]["values"]
        assert values[f"c@L{loop}"] == 192 and values[f"iteration@L{loop}"] == 4
        assert "4th reach" in f["run"]
        assert f["replay"].startswith("ptolint replay k.cpp --entry kern --target ")


def test_a_loop_left_before_the_fault_is_a_refusal(tmp_path: Path) -> None:
    """steps = 2^27 reaches the extract 8 times (k = 0..7) and leaves the loop: nothing faults, so the run
    cannot confirm an out-of-bounds extract whatever a witness claims."""
    path = write(tmp_path, EXTRACT_BREAK)
    code, doc = replay_json(tmp_path, "--target", "a2a3", "--set", "steps=134217728")
    run = doc["runs"][0]
    assert code == 0 and run["refused"] is None and run["finished"]
    assert run["calls_reached"] == 8 and run["faults"] == 0
    assert [c["operands"]["indexRow"] for c in run["calls"]] == [16 * k for k in range(8)]

    result, why = confirm_at(path, "TEXTRACT", {"steps": 134217728}, "out-of-bounds")
    assert not result.confirmed and result.reached == 8
    assert why is not None and "reached 8 time(s), no out-of-bounds fault" in why


def test_the_late_guard_faults_at_k_8(tmp_path: Path) -> None:
    write(tmp_path, EXTRACT_BREAK_LATE)
    line = line_of(EXTRACT_BREAK_LATE, "TEXTRACT(")
    loop = line_of(EXTRACT_BREAK_LATE, "for (int k")
    code, doc = replay_json(tmp_path, "--target", "a5", "--set", "steps=9")
    run = doc["runs"][0]
    assert code == 1 and run["calls_reached"] == 9
    assert [bool(c["faults"]) for c in run["calls"]] == [False] * 8 + [True]
    assert run["calls"][8]["faults"][0]["kind"] == "out-of-bounds" and run["calls"][8]["loops"][0]["value"] == 8

    check = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    found = [f for f in check.json["findings"] if f["line"] == line and f["rule"] == "PTO102"]
    assert found
    for f in found:
        assert f["witness"]["values"][f"k@L{loop}"] == 8 and f["witness"]["values"][f"iteration@L{loop}"] == 9
        assert "--set steps=" in f["replay"]


def test_signed_overflow_is_a_refusal_naming_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, OVERFLOW)
    line = line_of(OVERFLOW, "65536")
    run = ptolint("replay", "k.cpp", "--target", "a2a3", "--set", "n=1", cwd=tmp_path)
    assert run.code == 2 and f"refused: signed overflow at line {line}" in run.stdout
    _result, why = confirm_at(path, "TEXTRACT", {"n": 70}, "out-of-bounds")
    assert why is not None and why.startswith(f"signed overflow at line {line}")
    check = ptolint("check", "k.cpp", "--debug", "--format", "json", cwd=tmp_path)
    assert not check.json["findings"]
    notes = [d["message"] for d in check.json["diagnostics"] if d["code"] == "unconfirmed"]
    assert notes and all(f"signed overflow at line {line}" in n for n in notes)


#: two calls that break a rule for every input, past a statement every run is refused at (n is chosen 0)
TWO_PAST_A_REFUSAL = HEAD + """extern "C" __global__ AICORE void kern(__gm__ half* out, int n) {
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  int x = (n + 1) * 65536 * 65536;
  TEXTRACT(dst, src, 200, 0);
  TEXTRACT(dst, src, 0, 80);
}
"""


def test_candidates_a_complete_run_never_reached_get_its_answer_without_running_again(tmp_path: Path,
                                                                                    monkeypatch) -> None:
    """Candidates sharing an entry and a witness, none of whose calls the first (refused) run executed: each
    gets the reason its own run would give, and the kernel is run once per target, not once per candidate."""
    import ptolint.executor.entry as entry
    from ptolint.engine import Options, check_file
    from ptolint.ruleset import load_rules

    path = write(tmp_path, TWO_PAST_A_REFUSAL)
    refusal = f"signed overflow at line {line_of(TWO_PAST_A_REFUSAL, '65536')}"
    lines = {line_of(TWO_PAST_A_REFUSAL, "200, 0"), line_of(TWO_PAST_A_REFUSAL, "0, 80")}
    check = ptolint("check", "k.cpp", "--debug", "--format", "json", cwd=tmp_path)
    assert not check.json["findings"]
    notes = [d for d in check.json["diagnostics"] if d["code"] == "unconfirmed"]
    assert {d["line"] for d in notes} == lines and len(notes) >= 4  # both calls, both targets
    assert all(refusal in d["message"] for d in notes)

    runs = []
    real = entry.confirm
    monkeypatch.setattr(entry, "confirm", lambda *a, **k: runs.append(a[1].line) or real(*a, **k))
    res = check_file(str(path), Options(targets=["a2a3", "a5"], rules=list(load_rules().values())))
    assert len(res.unconfirmed) == len(notes) and {u[2] for u in res.unconfirmed} == lines
    assert all(refusal in u[3] for u in res.unconfirmed)
    assert len(runs) == 2  # one run per target's translation unit


def test_a_call_the_complete_run_executed_is_run_for_itself() -> None:
    """Only a call the complete run never executed is answered from it: one it executed may fault differently
    with another candidate's expected fault, which only its own run can tell."""
    from types import SimpleNamespace

    from ptolint.executor.entry import RunResult, unreached

    done = RunResult("kern", "a2a3", refused="signed overflow at line 9", places={(5, 3)})
    assert unreached(done, SimpleNamespace(steps=[], line=5, column=3), "out-of-bounds") is None
    kernel_level = SimpleNamespace(steps=[object()], line=7, column=3)  # a sequence watch changes tile data
    assert unreached(done, kernel_level, "live-overlap") is None


def test_templates_helpers_do_while_and_a_tiling_field(tmp_path: Path) -> None:
    """The call inside body<float, 16>, a clamping helper template, a do-while counter, get_block_idx() and a
    tiling struct field read through a pointer parameter: every value comes from running the kernel."""
    write(tmp_path, TEMPLATES)
    line = line_of(TEMPLATES, "TADD(")
    code, doc = replay_json(tmp_path, "--target", "a5", "--set", "n=2", "--block", "3", "--set", "t->rows=17")
    run = doc["runs"][0]
    assert code == 1 and run["calls_reached"] == 3
    assert run["inputs"] == {"n": 2, "get_block_idx()": 3, "t->rows": 17}
    for i, c in enumerate(run["calls"]):
        assert c["line"] == line and c["chain"] == ["kern", "body<float, 16>"]
        assert c["operands"]["src0.validRow"] == 14  # clampTo<16>(2 + 3 * 4)
        assert c["operands"]["dst.validRow"] == 17
        assert c["loops"][0]["variable"] == "k" and c["loops"][0]["iteration"] == i + 1
        assert "valid-region" in {f["kind"] for f in c["faults"]}
    code, doc = replay_json(tmp_path, "--target", "a5", "--set", "n=100", "--set", "t->rows=16")
    run = doc["runs"][0]
    assert code == 0 and all(c["operands"]["src0.validRow"] == 16 for c in run["calls"])
    assert run["chosen"] == {"get_block_idx()": 0}

    check = ptolint("check", "k.cpp", "--format", "json", cwd=tmp_path)
    found = [f for f in check.json["findings"] if f["line"] == line]
    assert found
    for f in found:
        assert [fr["function"] for fr in f["chain"]] == ["kern", "body<float, 16>"]
        inputs = f["witness"]["inputs"]
        src_rows = max(0, min(16, inputs["n"] + 4 * inputs["get_block_idx()"]))  # clampTo<16>(n + block * 4)
        if f["rule"] == "PTO006":  # y's valid rows past its 16-row storage
            assert inputs["t->rows"] > 16
        elif f["rule"] == "PTO604":  # y (dst) has more valid rows than x
            assert inputs["t->rows"] > src_rows
        else:  # PTO610: fewer (or an empty y): the equality PTO_ASSERT traps, nothing stale is read
            assert f["rule"] == "PTO610" and inputs["t->rows"] != src_rows
        assert "--set 't->rows=" in f["replay"]
    assert {f["rule"] for f in found} == {"PTO006", "PTO604", "PTO610"}


def test_the_step_budget(tmp_path: Path) -> None:
    write(tmp_path, LONG_LOOP)
    start = time.monotonic()
    code, doc = replay_json(tmp_path, "--target", "a2a3", "--set", "off=0", "--line", "1")
    print(f"10^5 iterations replayed in {time.monotonic() - start:.1f} s")  # timing shown, not asserted
    run = doc["runs"][0]
    assert code == 0 and run["finished"] and run["refused"] is None
    assert run["calls_reached"] == 100_001 and run["calls_shown"] == 0
    code, doc = replay_json(tmp_path, "--target", "a2a3", "--replay-budget", "1000")
    assert code == 2 and "step budget of 1,000 statements exhausted" in doc["runs"][0]["refused"]

    line = line_of(LONG_LOOP, "TEXTRACT(")
    check = ptolint("check", "k.cpp", "--format", "json", "--target", "a2a3", cwd=tmp_path)
    assert [(f["rule"], f["line"]) for f in check.json["findings"]] == [("PTO102", line)]
    small = ptolint("check", "k.cpp", "--format", "json", "--target", "a2a3", "--debug", "--replay-budget", "1000",
                    cwd=tmp_path)
    assert small.json["findings"] == []
    notes = [d["message"] for d in small.json["diagnostics"] if d["code"] == "unconfirmed"]
    assert notes and all("step budget" in n for n in notes)
    bad = ptolint("check", "k.cpp", "--replay-budget", "0", cwd=tmp_path)
    assert bad.code == 2 and "--replay-budget" in bad.stderr


# ---------------------------------------------------------------- ptolint replay


def test_replay_text_output_and_exit_codes(tmp_path: Path) -> None:
    write(tmp_path, EXTRACT_BREAK_LATE)
    line = line_of(EXTRACT_BREAK_LATE, "TEXTRACT(")
    bad = ptolint("replay", "k.cpp", "--entry", "kern", "--target", "a2a3", "--set", "steps=9", cwd=tmp_path)
    assert bad.code == 1
    lines = bad.stdout.splitlines()
    calls = [ln for ln in lines if ln.startswith(f"k.cpp:{line}:")]
    assert len(calls) == 9 and calls[-1].endswith("[k = 8, iteration 9 of the loop at line 6]")
    assert "fault [out-of-bounds]: read of src[128:144][0:64] outside its 128x64 storage" in bad.stdout
    assert "kern on a2a3: 9 builtin call(s) reached, 1 fault(s); inputs: steps = 9" in bad.stdout
    ok = ptolint("replay", "k.cpp", "--target", "a2a3", "--set", "steps=8", "--line", str(line), cwd=tmp_path)
    assert ok.code == 0 and "8 builtin call(s) reached, 0 fault(s)" in ok.stdout
    both = ptolint("replay", "k.cpp", "--set", "steps=9", "--format", "json", cwd=tmp_path)
    assert both.code == 1 and {r["target"] for r in json.loads(both.stdout)["runs"]} == {"a2a3", "a5"}


@pytest.mark.parametrize("args,needle", [
    (["--entry", "nope"], "no entry point named 'nope' (entry points: first, second)"),
    ([], "has 2 entry points (first, second): choose one with --entry"),
    (["--entry", "first", "--set", "n=abc"], "--set n: 'abc' is not a number"),
    (["--entry", "first", "--set", "novalue"], "--set expects NAME=VALUE"),
    (["--entry", "first", "--target", "a9"], "unknown target"),
    (["--entry", "first", "--replay-budget", "0"], "--replay-budget must be at least 1"),
])
def test_replay_bad_input_is_a_clear_error(tmp_path: Path, args: list[str], needle: str) -> None:
    write(tmp_path, TWO_ENTRIES)
    run = ptolint("replay", "k.cpp", *args, cwd=tmp_path)
    assert run.code == 2 and needle in run.stderr and "Traceback" not in run.stderr


def test_replay_picks_the_named_entry(tmp_path: Path) -> None:
    write(tmp_path, TWO_ENTRIES)
    code, doc = replay_json(tmp_path, "--entry", "second", "--target", "a5")
    assert code == 0 and [c["builtin"] for c in doc["runs"][0]["calls"]] == ["TMUL"]
    missing = ptolint("replay", "nofile.cpp", cwd=tmp_path)
    assert missing.code == 2 and "Traceback" not in missing.stderr


# ---------------------------------------------------------------- the Python API


def confirm_at(path: Path, builtin: str, inputs: dict, fault: str):
    """Run the entry replay for the (first) call of `builtin` the frontend finds in `path`, on a2a3."""
    from ptolint.engine import builtin_names
    from ptolint.executor.entry import confirm
    from ptolint.frontend.parse import ParseOptions, parse
    from ptolint.frontend.program import analyse

    abspath = os.path.abspath(path)
    tu, _ = parse(abspath, "a2a3", ParseOptions(), path.read_text())
    sites = [s for s in analyse(tu, "a2a3", abspath, builtin_names()).sites if s.builtin == builtin]
    assert sites, f"no {builtin} call site"
    result, _watch, why = confirm(tu, sites[0], inputs, fault, builtins=builtin_names())
    return result, why


def test_inputs_that_are_not_kernel_inputs_are_ignored(tmp_path: Path) -> None:
    """Loop counters in a witness (`k@L6`) and locals are never inputs: the run does not read them."""
    path = write(tmp_path, EXTRACT_BREAK_LATE)
    result, why = confirm_at(path, "TEXTRACT", {"steps": 9, "k@L6": 3, "k": 2}, "out-of-bounds")
    assert why is None and result.confirmed and result.inputs == {"steps": 9}
    assert result.observation.loops[0][:2] == ("k", 8) and result.observation.values["indexRow"] == 128
    result, why = confirm_at(path, "TEXTRACT", {"steps": 3, "k@L6": 8}, "out-of-bounds")
    assert why is not None and "reached 3 time(s)" in why


@pytest.mark.parametrize(("value", "src", "dst", "bits"), [
    (-1.0, "float", "unsigned int", 0xBF800000),
    (-1.0, "half", "unsigned short", 0xBC00),
    (-1.0, "bfloat16_t", "unsigned short", 0xBF80),
    (0x3F800000, "unsigned int", "float", 1.0),
    (0xFFFFFFFF, "unsigned int", "int", -1),
])
def test_bit_cast_reads_the_same_bytes_as_the_other_type(value, src, dst, bits) -> None:
    """`__builtin_bit_cast` as PadValueCustom uses it: the encodings the vendor's ST kernels assert
    (float -1 -> 0xBF800000, half -1 -> 0xBC00, bfloat16 -1 -> 0xBF80)."""
    from ptolint.executor.entry.scalars import bit_cast

    assert bit_cast(value, src, dst) == bits


def test_bit_cast_between_sizes_is_a_refusal() -> None:
    from ptolint.executor.entry.errors import Refusal
    from ptolint.executor.entry.scalars import bit_cast

    with pytest.raises(Refusal, match="__builtin_bit_cast from float to unsigned short"):
        bit_cast(1.0, "float", "unsigned short")


HOST_LOG = """#include <pto/pto-inst.hpp>
#include <cstdio>
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float* out, int rows) {
    using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64>;
    Dyn a(rows), d(rows);
    TADDS(d, a, 1.0f);
}
void launch(float* out, int rows, void* stream) {
    fprintf(stderr, "launching with %d rows\\n", rows);
    kern<<<1, nullptr, stream>>>(out, rows);
}
"""


def test_a_host_launcher_that_logs_to_stderr_is_replayed(tmp_path: Path) -> None:
    """The entry point is the host launcher; its `fprintf(stderr, ...)` reads a C library object the run keeps
    opaque (it once refused the replay: "global stderr has no value the runner can compute")."""
    write(tmp_path, HOST_LOG)
    run = ptolint("check", "k.cpp", "--format", "json", "--target", "a5", "--debug", cwd=tmp_path)
    if any(d["code"] == "missing-include" for d in run.json["diagnostics"]):
        pytest.skip("no C library headers on this machine")
    found = [f for f in run.json["findings"] if f["rule"] == "PTO006"]
    assert found and all(f["confirmed"] for f in found), run.json
    assert found[0]["line"] == line_of(HOST_LOG, "TADDS(") and found[0]["witness"]["inputs"]["rows"] == 17
    assert found[0]["replay"].startswith("ptolint replay k.cpp --entry launch")


def test_arithmetic_on_a_pointer_cast_to_an_integer_is_a_refusal() -> None:
    """`(int64_t)gm - base` on a global-memory pointer the run does not give an address: refused, not a crash
    (it once ended the moe_dispatch replay in an internal error)."""
    from ptolint.executor.entry.errors import Refusal
    from ptolint.executor.entry.objects import GmPointer
    from ptolint.executor.entry.scalars import arith

    with pytest.raises(Refusal, match="GmPointer - int at line 7: not numbers"):
        arith("-", "long", "line 7")(GmPointer("in"), 4)
    assert arith("-", "long", "line 7")(9, 4) == 5

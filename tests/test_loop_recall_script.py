"""The loop-idiom benchmark (bench/loop_recall.py) itself: its generator, its concrete model of the loops on a
few hand-checked idioms, and a small end-to-end run through the real CLI. Recall is not asserted (the full
measurement is `python bench/loop_recall.py`); false alarms on the generated correct kernels are."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from conftest import ROOT


@pytest.fixture(scope="module")
def lr():
    spec = importlib.util.spec_from_file_location("ptolint_bench_loop_recall", ROOT / "bench" / "loop_recall.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def call_line(kernel) -> int:
    [info] = kernel.calls.values()
    return info["line"]


def states(lr, kernel) -> list[dict]:
    [executions] = lr.model_states(kernel).values()
    return executions


def test_generator_is_deterministic_and_half_buggy(lr) -> None:
    a, b, c = lr.generate(24, seed=7), lr.generate(24, seed=7), lr.generate(24, seed=8)
    assert [k.source for k, _ in a] == [k.source for k, _ in b]
    assert [e for _, e in a] == [e for _, e in b]
    assert [k.source for k, _ in a] != [k.source for k, _ in c]
    # odd kernels are drawn buggy, even ones correct (the model decides; it agrees on this sample)
    assert [bool(e["a2a3"] or e["a5"]) for _, e in a] == [i % 2 == 1 for i in range(24)]
    assert len({k.labels["instr"] for k, _ in a}) >= 6
    for k, _ in a:  # one entry point, the PTO header, every call reached by the model somewhere
        assert k.source.count('extern "C" __global__ AICORE void') == 1
        assert "#include <pto/pto-inst.hpp>" in k.source and "using namespace pto;" in k.source


def test_constant_loop_tail(lr) -> None:
    k = lr.build({"instr": "TADD", "axis": "col", "W": 64, "range": "const", "total": 200, "loop": "for-lt",
                  "tail": "tern"})
    assert "for (int c = 0; c < 200; c += 64) {" in k.source
    assert "int cols = 200 - c < 64 ? 200 - c : 64;" in k.source
    run = sorted((s["c"], s["cols"]) for s in states(lr, k))
    assert run == [(0, 64), (64, 64), (128, 64), (192, 8)]  # the last iteration: c = 192, 8 columns
    assert lr.expected(k) == {"a2a3": {}, "a5": {}}
    # every tail spelling computes the same iterations
    for tail in ("std-min", "lmin", "if-clamp"):
        other = lr.build({"instr": "TADD", "axis": "col", "W": 64, "range": "const", "total": 200, "tail": tail})
        assert sorted((s["c"], s["cols"]) for s in states(lr, other)) == run
    # dst keeps its 64 columns while the sources follow the tail: only c = 192 breaks PTO604, and every
    # invocation of the kernel gets there, so it is an error
    bad = lr.build({"instr": "TADD", "axis": "col", "W": 64, "range": "const", "total": 200, "state": "setvalid",
                    "bug": "op-fixed", "victim": "dst"})
    assert "d.SetValidCol(cols);" not in bad.source and "a.SetValidCol(cols);" in bad.source
    exp = lr.expected(bad)
    for t in ("a2a3", "a5"):
        assert list(exp[t]) == [("PTO604", call_line(bad))]
        assert exp[t][("PTO604", call_line(bad))]["level"] == "error"
    # a source keeping 64 columns covers dst's tail: nothing stale is read (no PTO604), but the headers'
    # equality PTO_ASSERT traps in debug builds at c = 192 (PTO610, an error for the same reason)
    wide = lr.build({"instr": "TADD", "axis": "col", "W": 64, "range": "const", "total": 200, "state": "setvalid",
                     "bug": "op-fixed", "victim": "src1"})
    exp = lr.expected(wide)
    for t in ("a2a3", "a5"):
        assert list(exp[t]) == [("PTO610", call_line(wide))]
        assert exp[t][("PTO610", call_line(wide))]["level"] == "error"


def test_break_guard_off_by_one(lr) -> None:
    base = {"instr": "TEXTRACT_L0A", "axis": "row", "W": 16, "src": 128, "range": "const", "total": 160,
            "loop": "for-idx", "cond": 0, "dtype": "half"}
    ok = lr.build({**base, "guard": ("break", "ok")})
    assert "if (k * 16 + 16 > 128) break;" in ok.source and "TEXTRACT(a, panel, k * 16, 0);" in ok.source
    assert max(s["pos"] for s in states(lr, ok)) == 112
    assert lr.expected(ok) == {"a2a3": {}, "a5": {}}
    off = lr.build({**base, "guard": ("break", "off")})
    assert "if (k * 16 > 128) break;" in off.source
    assert max(s["pos"] for s in states(lr, off)) == 128  # 16 rows from row 128 of a 128-row panel
    exp = lr.expected(off)
    for t in ("a2a3", "a5"):
        assert exp[t] == {("PTO102", call_line(off)): {"level": "error", "witness": {}, "inputs_faulting": 1,
                                                        "inputs_reaching": 1}}


def test_runtime_bounds_levels_and_targets(lr) -> None:
    # src0 keeps its 64 columns while dst follows the tail: both targets report any difference (A2/A3 by
    # static check, A5 by its PTO_ASSERT); totals that are whole tiles (64, 128) never differ: a warning
    k = lr.build({"instr": "TDIVS", "axis": "col", "W": 64, "range": "param", "param_range": (0, 150),
                  "state": "setvalid", "bug": "op-fixed", "victim": "src0"})
    assert "if (total < 0 || total > 150) return;" in k.source
    exp = lr.expected(k)
    for t in ("a2a3", "a5"):
        f = exp[t][("PTO504", call_line(k))]
        assert (f["level"], f["witness"], f["inputs_reaching"], f["inputs_faulting"]) == \
            ("warning", {"total": 1}, 150, 148)
    # a do-while runs once for an empty range: zero rows reach TROWPROD (total = 0) unless a return protects it
    spec = {"instr": "TROWPROD", "axis": "row", "W": 16, "range": "param", "param_range": (0, 40), "loop": "do-while"}
    bare = lr.build({**spec, "protect": False})
    assert lr.expected(bare)["a5"] == {("PTO207", call_line(bare)): {"level": "warning", "witness": {"total": 0},
                                                                     "inputs_faulting": 1, "inputs_reaching": 41}}
    guarded = lr.build(spec)
    assert "if (total <= 0) return;" in guarded.source
    assert lr.expected(guarded) == {"a2a3": {}, "a5": {}}
    # blocks past the data: an unclamped end gives negative column counts from c = 320 (block 2's second tile)
    blk = lr.build({"instr": "TADD", "axis": "col", "W": 64, "range": "block", "chunk": 128, "total": 300,
                    "unclamped": True})
    assert "int start = (int)get_block_idx() * 128;" in blk.source and "int cols = 300 - c < 64" in blk.source
    f = lr.expected(blk)["a2a3"][("PTO006", call_line(blk))]
    assert (f["level"], f["witness"], f["inputs_reaching"], f["inputs_faulting"]) == \
        ("warning", {"get_block_idx()": 2}, 64, 62)
    assert lr.expected(lr.build({"instr": "TADD", "axis": "col", "W": 64, "range": "block", "chunk": 128,
                                 "total": 300})) == {"a2a3": {}, "a5": {}}


def test_the_model_refuses_runaway_loops(lr) -> None:
    k = lr.build({"instr": "TADD", "loop": "for-ne", "total": 200})  # 200 is not a whole number of 64-column steps
    with pytest.raises(lr.ModelError):
        lr.expected(k)


def test_end_to_end_through_the_cli(lr, tmp_path) -> None:
    out = tmp_path / "result.json"
    lr.run(n=12, seed=1, jobs=2, targets=("a5",), batch=6, show=0, json_out=str(out), quiet=True)
    doc = json.loads(out.read_text())
    assert set(doc) >= {"config", "time", "summary", "by_idiom", "rows", "kernels"}
    s = doc["summary"]["a5"]
    for key in ("kernels", "buggy_kernels", "expected", "reported", "matched", "missed", "recall", "false_alarms",
                "level_mismatches", "solver_unknown", "crashes", "invalid_kernels"):
        assert key in s, key
    assert s["kernels"] == 12 and s["buggy_kernels"] == 6
    assert s["crashes"] == 0 and s["invalid_kernels"] == 0
    assert set(doc["by_idiom"]["a5"]) >= {"instr", "loop", "range", "tail", "guard", "state", "bug", "rule"}
    rows = doc["rows"]
    assert len(rows) == 12 and {r["target"] for r in rows} == {"a5"}
    for r in rows:
        assert set(r) >= {"kernel", "labels", "expected", "reported", "matched", "missed", "false_alarms",
                          "level_mismatches", "solver_unknown", "crashes", "diagnostics"}
        assert r["kernel"] in doc["kernels"] and doc["kernels"][r["kernel"]]["source"]
    correct = [r for r in rows if not r["expected"]]
    assert len(correct) == 6
    # no false alarm on the correct kernels (a finding there is a bug in ptolint or in the model)
    assert [(r["kernel"], f["rule"], f["line"], f["witness"]) for r in correct for f in r["reported"]] == []

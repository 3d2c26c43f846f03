"""The portability matrix (issue 13 item 7): `ptolint check --format matrix` and the JSON report's `portability`:
per file and kernel entry point, each checked target legal, failing (which rules, where), unknown (why) or not
checked."""

from __future__ import annotations

from pathlib import Path

from conftest import ptolint

# to_half converts int32 -> half: A2/A3 has the conversion, A5 does not (PTO960); clean is legal everywhere
PORT = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void to_half() {
  Tile<TileType::Vec, int32_t, 16, 64> acc;
  Tile<TileType::Vec, half, 16, 64> out;
  TCVT(out, acc, RoundMode::CAST_RINT);
}
extern "C" __global__ AICORE void clean(__gm__ float *o) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  TEXTRACT(dst, src, 16, 0);
}
"""

# a call ptolint cannot follow (a character literal as the scalar): no finding, but no proof either
UNRESOLVED = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void odd() {
    using T = Tile<TileType::Vec, int16_t, 16, 16>;
    T a, b;
    TADDS(a, b, L'x');
}
"""

BROKEN = """#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void broken() {
    undefined_thing x;
}
"""


def cells(doc: dict, file: str, entry: str) -> dict:
    f = next(f for f in doc["portability"]["files"] if f["file"] == file)
    return next(k for k in f["kernels"] if k["entry"] == entry)


def test_text_matrix_and_verdicts(tmp_path: Path) -> None:
    (tmp_path / "port.cpp").write_text(PORT)
    run = ptolint("check", "port.cpp", "--format", "matrix", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    out = run.stdout
    assert "port.cpp: to_half: legal on a2a3; not on a5: PTO960 line 6\n" in out
    assert "port.cpp: clean: legal on a2a3, a5\n" in out
    table = out[:out.index("port.cpp: to_half:")]
    assert "kernel" in table and "a2a3" in table and "a5" in table
    assert "PTO960 line 6 (compile-error)" in table and "legal" in table
    assert out.rstrip().splitlines()[-1].startswith("1 file(s) checked for a2a3, a5: 1 error(s)")


def test_json_portability(tmp_path: Path) -> None:
    (tmp_path / "port.cpp").write_text(PORT)
    doc = ptolint("check", "port.cpp", "--format", "json", cwd=tmp_path).json
    assert doc["portability"]["targets"] == ["a2a3", "a5"]
    k = cells(doc, "port.cpp", "to_half")
    assert k["line"] == 3 and k["verdict"] == "legal on a2a3; not on a5: PTO960 line 6"
    assert k["targets"]["a2a3"]["status"] == "legal" and k["targets"]["a2a3"]["rules"] == []
    a5 = k["targets"]["a5"]
    assert a5["status"] == "fails" and a5["rules_run"] > 0
    assert a5["rules"] == [{"rule": "PTO960", "name": "tcvt-unsupported-conversion", "level": "error",
                            "kind": "compile-error", "file": "port.cpp", "line": 6}]
    clean = cells(doc, "port.cpp", "clean")
    assert {t: c["status"] for t, c in clean["targets"].items()} == {"a2a3": "legal", "a5": "legal"}


def test_unknown_is_never_legal(tmp_path: Path) -> None:
    (tmp_path / "odd.cpp").write_text(UNRESOLVED)
    (tmp_path / "broken.cpp").write_text(BROKEN)
    run = ptolint("check", "odd.cpp", "broken.cpp", "--format", "json", cwd=tmp_path)
    assert run.code == 2  # a parse error
    odd = cells(run.json, "odd.cpp", "odd")
    for t in ("a2a3", "a5"):
        cell = odd["targets"][t]
        assert cell["status"] == "unknown" and cell["causes"] == ["unresolved-calls"]
        assert "TADDS" in cell["reasons"][0] and "character literal" in cell["reasons"][0]
    assert odd["verdict"].startswith("unknown on a2a3, a5 (1 builtin call(s) not followed")
    broken = cells(run.json, "broken.cpp", "broken")
    assert {c["status"] for c in broken["targets"].values()} == {"unknown"}
    assert "undefined_thing" in broken["verdict"]
    text = ptolint("check", "odd.cpp", "broken.cpp", "--format", "matrix", cwd=tmp_path).stdout
    assert "legal" not in text.replace("illegal", "")
    assert "odd.cpp: odd: unknown on a2a3, a5 (1 builtin call(s) not followed (line 6 TADDS" in text


def test_targets_not_checked_and_partial_rule_selection(tmp_path: Path) -> None:
    (tmp_path / "port.cpp").write_text(PORT)
    (tmp_path / "only").mkdir()
    (tmp_path / "only" / ".ptolint.toml").write_text('target = "a5"\n')
    (tmp_path / "only" / "port.cpp").write_text(PORT)
    doc = ptolint("check", "port.cpp", "only/port.cpp", "--format", "json", cwd=tmp_path).json
    k = cells(doc, "only/port.cpp", "clean")
    assert k["targets"]["a2a3"]["status"] == "not-checked" and k["targets"]["a5"]["status"] == "legal"
    assert "not checked on a2a3" in k["verdict"]
    # a clean result under a narrow --select says which rules it is legal for
    doc = ptolint("check", "port.cpp", "--select", "PTO1", "--format", "json", cwd=tmp_path).json
    k = cells(doc, "port.cpp", "to_half")
    assert {c["status"] for c in k["targets"].values()} == {"legal"}
    assert k["verdict"].startswith("legal on a2a3, a5 (for the ") and "selected rule(s))" in k["verdict"]

"""Real PTO headers: detection, parser arguments, in-memory fixes of the vendor lines, --headers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ptolint.cli import app
from ptolint.frontend import vendor
from ptolint.frontend.parse import MODEL_INCLUDE, ParseOptions, compiler_args, header_choice, parse

TYPE_HPP = """#ifndef TYPE_HPP
#define TYPE_HPP
#ifdef __CCE_AICORE__
#define AICORE [aicore]
#else
#define AICORE
#endif
#endif
"""

TILE_HPP = """#include <pto/common/type.hpp>
namespace pto {
template <typename T>
struct remove_gm {
    using type = T;
};
#if defined(__CCE_AICORE__)
template <typename T>
struct remove_gm<__gm__ T> {
    using type = T;
};
#endif
template <typename T>
using remove_gm_t = typename remove_gm<T>::type;
struct RecordEvent {};
template <typename T>
AICORE RecordEvent TFAKE(T& dst) { return {}; }
} // namespace pto
"""


def fake_tree(root: Path) -> Path:
    """A tiny stand-in for a PTO ISA checkout: <root>/include/pto/{pto-inst.hpp, common/...}."""
    inc = root / "include"
    (inc / "pto" / "common").mkdir(parents=True)
    (inc / "pto" / "pto-inst.hpp").write_text("#include <pto/common/pto_tile.hpp>\n")
    (inc / "pto" / "common" / "type.hpp").write_text(TYPE_HPP)
    (inc / "pto" / "common" / "pto_tile.hpp").write_text(TILE_HPP)
    return inc


def test_detection(tmp_path):
    inc = fake_tree(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    assert vendor.find_real_include([str(other), str(inc)]) == str(inc)
    assert vendor.find_real_include([str(other)]) is None
    # the bundled model has pto/pto-inst.hpp too, but is never "real"
    assert vendor.find_real_include([str(MODEL_INCLUDE)]) is None


def test_resolve_modes(tmp_path):
    inc = str(fake_tree(tmp_path))
    assert vendor.resolve("auto", [inc]) == vendor.HeaderChoice("real", inc, "auto")
    assert vendor.resolve("auto", []).mode == "model"
    assert vendor.resolve("model", [inc]).mode == "model"
    assert vendor.resolve("real", [inc]).include_dir == inc
    with pytest.raises(ValueError, match="no pto/pto-inst.hpp"):
        vendor.resolve("real", [str(tmp_path)])
    with pytest.raises(ValueError, match="unknown header mode"):
        vendor.resolve("vendor", [inc])


@pytest.mark.parametrize("std,want", [("c++17", "c++20"), ("gnu++14", "gnu++20"), ("c++20", "c++20"),
                                      ("c++2b", "c++2b"), ("c++23", "c++23"), ("c++98", "c++20")])
def test_std_for_real(std, want):
    assert vendor.std_for_real(std) == want


def test_args_real_and_model(tmp_path):
    inc = str(fake_tree(tmp_path))
    real = compiler_args("a5", ParseOptions(includes=[inc]))
    assert "-std=c++20" in real
    assert f"-I{MODEL_INCLUDE}" not in real
    i = real.index("-include")
    assert real[i + 1] == str(vendor.host_header("a5")) and Path(real[i + 1]).is_file()
    assert "-D__NPU_ARCH__=3510" in real and "-D__CCE_AICORE__=310" in real
    a2 = compiler_args("a2a3", ParseOptions(includes=[inc]))
    assert str(vendor.host_header("a2a3")) in a2 and "-D__DAV_C220_VEC__" in a2
    # forced model: the model dir comes before the user's real one, no host header, the user's std
    model = compiler_args("a5", ParseOptions(includes=[inc], headers="model"))
    assert "-include" not in model and "-std=c++17" in model
    assert model.index(f"-I{MODEL_INCLUDE}") < model.index(f"-I{inc}")
    # without a real installation nothing changes
    plain = compiler_args("a5", ParseOptions())
    assert "-include" not in plain and f"-I{MODEL_INCLUDE}" in plain


def test_fix_aicore_keeps_positions():
    out = vendor.fix_aicore(TYPE_HPP)
    assert "[aicore]" not in out and "#define AICORE" in out
    assert [len(x) for x in out.splitlines()] == [len(x) for x in TYPE_HPP.splitlines()]


def test_fix_remove_gm_keeps_lines():
    out = vendor.fix_remove_gm(TILE_HPP)
    assert "remove_gm<__gm__" not in out
    assert out.count("\n") == TILE_HPP.count("\n")
    assert "struct remove_gm {" in out  # the primary template stays
    assert vendor.fix_remove_gm("struct remove_gm<int> {};") == "struct remove_gm<int> {};"


def test_overlays(tmp_path):
    inc = str(fake_tree(tmp_path))
    ov = dict(vendor.overlays(inc, "/missing"))
    assert "[aicore]" not in ov[str(Path(inc, "pto/common/type.hpp"))]
    assert "remove_gm<__gm__" not in ov[str(Path(inc, "pto/common/pto_tile.hpp"))]
    assert "/missing/pto/common/ptolint_cce.hpp" in ov
    # files on disk are untouched
    assert "[aicore]" in Path(inc, "pto/common/type.hpp").read_text()


def test_parse_against_fake_real_headers(tmp_path):
    inc = str(fake_tree(tmp_path))
    src = tmp_path / "k.cpp"
    src.write_text("#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                   "__global__ AICORE void k(__gm__ half* p) { float x; TFAKE(x); }\n")
    tu, diags = parse(str(src), "a2a3", ParseOptions(includes=[inc]))
    assert tu is not None
    assert [d.message for d in diags if d.level == "error"] == []
    with_model = header_choice(ParseOptions(includes=[inc], headers="model"))
    assert with_model.mode == "model" and with_model.include_dir is None


def test_cli_headers_option(tmp_path):
    inc = str(fake_tree(tmp_path))
    runner = CliRunner()
    out = runner.invoke(app, ["info", "-t", "a5", "-I", inc, "--format", "json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["headers"] == {"mode": "real", "requested": "auto", "include": inc}
    assert "-include" in doc["args"]
    out = runner.invoke(app, ["info", "-t", "a5", "-I", inc, "--headers", "model", "--format", "json"])
    doc = json.loads(out.output)
    assert doc["headers"]["mode"] == "model" and "-include" not in doc["args"]
    out = runner.invoke(app, ["info", "-t", "a5", "--headers", "real"])
    assert out.exit_code == 2 and "pto-inst.hpp" in out.output
    out = runner.invoke(app, ["info", "-t", "a5"])
    assert "headers: model" in out.output


def test_check_headers_model_forces_model(tmp_path):
    """--headers model parses a kernel against the bundled model even with a real-looking -I dir."""
    inc = str(fake_tree(tmp_path))
    src = tmp_path / "k.cpp"
    src.write_text("#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                   "__global__ AICORE void k() { Tile<TileType::Vec, float, 16, 16> t; TDIVS(t, t, 2.0f); }\n")
    runner = CliRunner()
    out = runner.invoke(app, ["check", str(src), "-t", "a2a3", "-I", inc, "--headers", "model"])
    assert out.exit_code == 0, out.output
    out = runner.invoke(app, ["check", str(src), "-t", "a2a3", "-I", inc])  # auto: the fake tree has no TDIVS
    assert out.exit_code == 2
    out = runner.invoke(app, ["check", str(src), "-t", "a2a3", "--headers", "real"])
    assert out.exit_code == 2 and "pto-inst.hpp" in out.output


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_host_header_parses_alone(tmp_path, target):
    """The pre-included host definitions are valid C++ on their own, for every target."""
    src = tmp_path / "k.cpp"
    src.write_text("static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2);\n"
                   "void k(__gm__ half* p) { set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0); "
                   "uint64_t c = get_ctrl(); (void)c; int64_t b = get_block_idx(); (void)b; }\n")
    inc = str(fake_tree(tmp_path))
    tu, diags = parse(str(src), target, ParseOptions(includes=[inc]))
    assert tu is not None
    assert [d.message for d in diags if d.level == "error"] == []

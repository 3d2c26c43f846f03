"""Configuration files (`[tool.ptolint]` in pyproject.toml, `.ptolint.toml`) through the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ptolint
from test_cli import BAD_KERNEL, GOOD_KERNEL

# A static out-of-bounds TEXTRACT (PTO102 error) only when K_OUT_OF_BOUNDS is defined.
SWITCH_KERNEL = """#include <pto/pto-inst.hpp>
#include "params.h"
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
#ifdef K_OUT_OF_BOUNDS
  TEXTRACT(dst, src, 64, 0);
#else
  TEXTRACT(dst, src, 48, 0);
#endif
}
"""


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)
    return p


def findings(run) -> list[tuple[str, str, str]]:
    assert run.code in (0, 1), run.stdout + run.stderr
    return sorted({(f["file"], f["rule"], f["target"]) for f in run.json["findings"]})


def test_discovery_walks_up_and_nearest_file_wins(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[project]\nname = "x"\n\n[tool.ptolint]\nignore = ["PTO102"]\n')
    write(tmp_path, "sub/deeper/k.cpp", BAD_KERNEL)
    # a pyproject.toml without [tool.ptolint] on the way up is not a configuration: the walk goes on
    write(tmp_path, "sub/deeper/pyproject.toml", '[project]\nname = "y"\n')
    run = ptolint("check", "sub/deeper/k.cpp", "-f", "json", cwd=tmp_path)
    assert run.code == 0 and findings(run) == []
    # the nearest configuration is the whole configuration: the `ignore` further up no longer applies
    write(tmp_path, "sub/.ptolint.toml", 'target = "a5"\n')
    run = ptolint("check", "sub/deeper/k.cpp", "-f", "json", cwd=tmp_path)
    assert run.code == 1 and findings(run) == [("sub/deeper/k.cpp", "PTO102", "a5")]
    # the same file checked from elsewhere finds the same configuration (discovery starts at the file)
    run = ptolint("check", str(tmp_path / "sub/deeper/k.cpp"), "-f", "json", cwd=tmp_path.parent)
    assert {f["target"] for f in run.json["findings"]} == {"a5"}
    # .ptolint.toml wins over a pyproject.toml with [tool.ptolint] in the same directory
    write(tmp_path, "sub/pyproject.toml", '[tool.ptolint]\ntarget = "a2a3"\n')
    run = ptolint("info", "sub/deeper/k.cpp", "-f", "json", cwd=tmp_path)
    assert run.json["config_file"] == str(tmp_path / "sub" / ".ptolint.toml")


def test_each_file_gets_its_own_configuration(tmp_path: Path) -> None:
    write(tmp_path, "a/.ptolint.toml", 'target = ["a2a3"]\n')
    write(tmp_path, "b/.ptolint.toml", 'target = "a5"\nblocks = 8\n')
    write(tmp_path, "a/k.cpp", BAD_KERNEL)
    write(tmp_path, "b/k.cce", BAD_KERNEL)
    run = ptolint("check", ".", "-f", "json", cwd=tmp_path)
    assert findings(run) == [("a/k.cpp", "PTO102", "a2a3"), ("b/k.cce", "PTO102", "a5")]


def test_command_line_overrides_configuration(tmp_path: Path) -> None:
    write(tmp_path, ".ptolint.toml", 'target = "a5"\nignore = ["textract-row-out-of-bounds"]\n'
                                     'defines = ["K_OUT_OF_BOUNDS"]\ninclude-dirs = ["inc"]\n')
    write(tmp_path, "inc/params.h", "#pragma once\n")
    write(tmp_path, "k.cpp", BAD_KERNEL)
    write(tmp_path, "s.cpp", SWITCH_KERNEL)
    assert findings(ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path)) == []
    # --select starts from scratch (as in ruff): the configured ignore no longer applies
    run = ptolint("check", "k.cpp", "-f", "json", "--select", "PTO1", cwd=tmp_path)
    assert findings(run) == [("k.cpp", "PTO102", "a5")]
    # --target replaces the configured target
    run = ptolint("check", "k.cpp", "-f", "json", "--select", "PTO102", "--target", "a2a3", cwd=tmp_path)
    assert findings(run) == [("k.cpp", "PTO102", "a2a3")]
    # --ignore adds to what the configuration selected
    write(tmp_path, ".ptolint.toml", 'target = "a5"\nselect = ["PTO1"]\ndefines = ["K_OUT_OF_BOUNDS"]\n'
                                     'include-dirs = ["inc"]\n')
    assert findings(ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path)) == [("k.cpp", "PTO102", "a5")]
    assert findings(ptolint("check", "k.cpp", "-f", "json", "--ignore", "PTO102", cwd=tmp_path)) == []
    # configured defines apply; a -D of the same macro replaces the configured one, -U style via a value
    run = ptolint("check", "s.cpp", "-f", "json", cwd=tmp_path)
    assert [(f["rule"], f["level"], f["line"]) for f in run.json["findings"]] == [("PTO102", "error", 8)]
    info = ptolint("info", "s.cpp", "-f", "json", "-D", "K_OUT_OF_BOUNDS=1", cwd=tmp_path).json
    assert "-DK_OUT_OF_BOUNDS=1" in info["args"] and "-DK_OUT_OF_BOUNDS" not in info["args"]


def test_per_file_ignores_are_relative_to_the_configuration(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.ptolint]\ntarget = "a5"\n\n[tool.ptolint.per-file-ignores]\n'
                                      '"legacy/**" = ["PTO102"]\n"*.cce" = ["textract-row-out-of-bounds"]\n'
                                      '"src/vendor" = ["PTO1"]\n')
    write(tmp_path, "legacy/old/a.cpp", BAD_KERNEL)
    write(tmp_path, "src/b.cpp", BAD_KERNEL)
    write(tmp_path, "src/c.cce", BAD_KERNEL)
    write(tmp_path, "src/vendor/d.cpp", BAD_KERNEL)
    write(tmp_path, "src/legacy/e.cpp", BAD_KERNEL)  # "legacy/**" is anchored at the configuration's directory
    # run from a subdirectory: the globs stay relative to the configuration file, not to the cwd
    run = ptolint("check", "..", "-f", "json", cwd=tmp_path / "src")
    assert sorted(f["file"] for f in run.json["findings"]) == ["../src/b.cpp", "../src/legacy/e.cpp"]
    assert run.code == 1


def test_include_dirs_are_relative_to_the_configuration(tmp_path: Path) -> None:
    write(tmp_path, "proj/.ptolint.toml", 'target = "a5"\ninclude-dirs = ["inc"]\n')
    write(tmp_path, "proj/inc/params.h", "#pragma once\n#define K_OUT_OF_BOUNDS 1\n")
    write(tmp_path, "proj/src/k.cpp", SWITCH_KERNEL)
    run = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path / "proj" / "src")
    assert run.code == 1, run.stdout + run.stderr
    assert [(f["rule"], f["line"]) for f in run.json["findings"]] == [("PTO102", 8)]
    info = ptolint("info", "proj/src/k.cpp", "-f", "json", cwd=tmp_path).json
    assert info["config_file"] == str(tmp_path / "proj" / ".ptolint.toml")
    assert info["config"]["include-dirs"] == [str(tmp_path / "proj" / "inc")]
    assert f"-I{tmp_path / 'proj' / 'inc'}" in info["args"]
    assert info["config"]["target"] == ["a5"] and list(info["targets"]) == ["a5"]
    # without the configuration the header is not found: an error (ptolint replaces it by an empty stand-in)
    (tmp_path / "proj" / ".ptolint.toml").unlink()
    run = ptolint("check", "k.cpp", "-f", "json", cwd=tmp_path / "proj" / "src")
    assert run.code == 2 and run.json["findings"] == []
    assert [(d["code"], d["level"]) for d in run.json["diagnostics"]] == [("missing-include", "error")]


def test_info_without_configuration(tmp_path: Path) -> None:
    write(tmp_path, "k.cpp", GOOD_KERNEL)
    doc = ptolint("info", "k.cpp", "-f", "json", cwd=tmp_path).json
    assert doc["config_file"] is None and doc["config"]["effective"]["blocks"] == 64


@pytest.mark.parametrize("name,text,needles", [
    (".ptolint.toml", 'target = "a5\n', [":1:", "invalid TOML"]),
    (".ptolint.toml", 'target = "a5"\nselect = [PTO1]\n', [":2:", "invalid TOML"]),
    ("pyproject.toml", '[tool.ptolint]\nignore = ["PTO1"\n', ["invalid TOML"]),
    (".ptolint.toml", 'targets = "a5"\n', ["unknown configuration key `targets`", "did you mean `target`"]),
    ("pyproject.toml", '[tool.ptolint]\nper_file_ignores = {}\n', ["`tool.ptolint.per_file_ignores`",
                                                                   "per-file-ignores"]),
    (".ptolint.toml", 'blocks = "many"\n', ["`blocks`", "positive integer"]),
    (".ptolint.toml", 'target = "a9"\n', ["`target`", "unknown target"]),
    (".ptolint.toml", 'select = ["PTO000"]\n', ["`select`", "unknown rule", "PTO000"]),
    (".ptolint.toml", '[per-file-ignores]\n"*.cpp" = ["no-such-rule"]\n', ["per-file-ignores", "no-such-rule"]),
    ("pyproject.toml", '[tool]\nptolint = 3\n', ["must be a table"]),
])
def test_bad_configuration_is_one_line_and_exit_two(tmp_path: Path, name: str, text: str,
                                                    needles: list[str]) -> None:
    write(tmp_path, name, text)
    write(tmp_path, "k.cpp", GOOD_KERNEL)
    for cmd in (["check", "k.cpp"], ["info", "k.cpp"]):
        run = ptolint(*cmd, cwd=tmp_path)
        assert run.code == 2, run.stdout + run.stderr
        assert "Traceback" not in run.stderr and run.stdout == ""
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"ptolint: error: {tmp_path / name}")
        for n in needles:
            assert n in lines[0], lines[0]

"""The run memo (ptolint/runmemo.py): a repeated run prints the same report without the engine, and every
input the report is made from (the file, an included header, a header that appears, a configuration file,
the options, the environment) invalidates it; runs that write files or could not be cached are not stored."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import ptolint

from ptolint import config, runmemo

HEADER = "#pragma once\nconstexpr int kOffset = OFFSET;\n"
KERNEL = """#include <pto/pto-inst.hpp>
#include "params.h"
#include "later.h"
#ifndef kLater
#define kLater 0
#endif
using namespace pto;
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  TEXTRACT(dst, src, kOffset + kLater, 0);
}
"""


def setup(tmp_path: Path, offset: int) -> dict[str, str]:
    (tmp_path / "params.h").write_text(HEADER.replace("OFFSET", str(offset)))
    (tmp_path / "k.cpp").write_text(KERNEL)
    return {"PTOLINT_CACHE_DIR": str(tmp_path / "cache")}


def run(tmp_path: Path, env: dict[str, str], *args: str):
    out = ptolint("check", "k.cpp", "--allow-missing-includes", *args, cwd=tmp_path, env=env)
    assert out.code in (0, 1), out.stdout + out.stderr
    return out


def memo_entries(tmp_path: Path) -> int:
    return sum(1 for _ in (tmp_path / "cache").glob("runs/*/*/*.json"))


def test_a_repeated_run_prints_the_same_report_without_the_engine(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    first = run(tmp_path, env)
    assert "PTO1" in first.stdout and first.code == 1 and memo_entries(tmp_path) == 1
    code = ("import sys\nsys.argv = ['ptolint', 'check', 'k.cpp', '--allow-missing-includes']\n"
            "from ptolint.cli import app\ntry:\n    app()\nexcept SystemExit as e:\n    status = e.code\n"
            "print('LOADED:', status, sorted(m for m in ('ptolint.ir', 'ptolint.ruleset', 'rich', 'z3', 'clang')"
            " if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                          env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", **env})
    report, _, loaded = proc.stdout.partition("LOADED:")
    assert report == first.stdout
    assert loaded.split() == ["1", "[]"], proc.stdout + proc.stderr


def test_every_input_of_the_report_invalidates_it(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    bad = run(tmp_path, env)
    assert "PTO1" in bad.stdout
    (tmp_path / "params.h").write_text(HEADER.replace("OFFSET", "0"))  # an included header
    assert run(tmp_path, env).code == 0
    (tmp_path / "later.h").write_text("#pragma once\n#define kLater 60\n")  # a missing header appears
    assert "PTO1" in run(tmp_path, env).stdout
    (tmp_path / "later.h").unlink()
    assert "PTO1" not in run(tmp_path, env).stdout
    (tmp_path / "k.cpp").write_text(KERNEL.replace("kOffset + kLater", "kOffset + kLater + 60"))  # the file
    assert "PTO1" in run(tmp_path, env).stdout
    (tmp_path / ".ptolint.toml").write_text('ignore = ["PTO1"]\n')  # a configuration file appears
    assert "PTO1" not in run(tmp_path, env).stdout
    (tmp_path / ".ptolint.toml").unlink()
    assert "PTO1" in run(tmp_path, env).stdout
    assert '"findings"' in run(tmp_path, env, "-f", "json").stdout  # the options
    before = memo_entries(tmp_path)
    assert run(tmp_path, {**env, "PTOLINT_NO_PCH": "1"}).stdout == run(tmp_path, env).stdout  # the environment
    assert memo_entries(tmp_path) == before + 1


def test_runs_that_write_files_or_were_not_cached_are_not_memoised(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    slow = ptolint("check", "k.cpp", "--allow-missing-includes", "--file-timeout", "0.001", cwd=tmp_path, env=env)
    assert "timeout" in slow.stdout + slow.stderr  # no result: neither in the result cache nor memoised
    assert memo_entries(tmp_path) == 0
    run(tmp_path, env, "-o", str(tmp_path / "report.txt"))
    run(tmp_path, env, "--stats")
    run(tmp_path, env, "--no-cache")
    assert memo_entries(tmp_path) == 0


def test_config_places_are_where_the_configuration_is_looked_for(tmp_path: Path) -> None:
    assert runmemo.CONFIG_NAMES == config.CONFIG_NAMES
    (tmp_path / "a" / "b").mkdir(parents=True)
    kernel = tmp_path / "a" / "b" / "k.cpp"
    kernel.write_text("")
    places = runmemo.config_places([str(kernel)])
    for d in (tmp_path / "a" / "b", tmp_path / "a", tmp_path, Path("/")):
        for name in config.CONFIG_NAMES:
            assert os.path.join(str(d), name) in places

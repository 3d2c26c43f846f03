"""The result cache: a second run is a hit; editing the file or a header it includes invalidates; --no-cache
bypasses it; PTOLINT_CACHE_DIR chooses where it lives; a corrupt entry is ignored; no source text is stored."""

from __future__ import annotations

from pathlib import Path

from conftest import ptolint

HEADER = """#pragma once
#include <pto/pto-inst.hpp>
using namespace pto;
constexpr int kOffset = OFFSET;
"""

KERNEL = """#include "params.h"
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  TEXTRACT(dst, src, kOffset, 0);  // SECRET_MARKER
}
"""


def setup(tmp_path: Path, offset: int = 0) -> dict[str, str]:
    (tmp_path / "params.h").write_text(HEADER.replace("OFFSET", str(offset)))
    (tmp_path / "k.cpp").write_text(KERNEL)
    return {"PTOLINT_CACHE_DIR": str(tmp_path / "cache")}


def check(tmp_path: Path, env: dict[str, str], *args: str):
    run = ptolint("check", "k.cpp", "-f", "json", "--stats", *args, cwd=tmp_path, env=env)
    assert run.code in (0, 1), run.stdout + run.stderr
    return run.json["stats"]["k.cpp"]["cache"], run


def test_second_run_is_a_hit_with_the_same_report(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    first, a = check(tmp_path, env)
    second, b = check(tmp_path, env)
    assert (first, second) == ("miss", "hit")
    strip = [ln for ln in a.stdout.splitlines() if '"cache"' not in ln]
    assert strip == [ln for ln in b.stdout.splitlines() if '"cache"' not in ln]
    assert a.json["findings"] and a.code == b.code == 1
    text = ptolint("check", "k.cpp", "--stats", cwd=tmp_path, env=env)
    assert "cache: 1 hit(s), 0 miss(es)" in text.stdout
    assert "TEXTRACT(dst, src, kOffset, 0);" in text.stdout  # the source line is read from the file, not the cache


def test_editing_the_file_or_an_included_header_invalidates(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    assert check(tmp_path, env)[0] == "miss"
    assert check(tmp_path, env)[0] == "hit"
    (tmp_path / "params.h").write_text(HEADER.replace("OFFSET", "0"))
    state, run = check(tmp_path, env)
    assert state == "miss" and run.json["findings"] == [] and run.code == 0
    assert check(tmp_path, env)[0] == "hit"
    (tmp_path / "k.cpp").write_text(KERNEL.replace("kOffset", "kOffset + 60"))
    state, run = check(tmp_path, env)
    assert state == "miss" and run.json["findings"]
    (tmp_path / "k.cpp").write_text(KERNEL.replace("SECRET_MARKER", "ptolint: ignore").replace("kOffset", "kOffset + 60"))
    state, run = check(tmp_path, env)
    assert state == "miss" and run.json["findings"] == []


def test_options_are_part_of_the_key(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    assert check(tmp_path, env)[0] == "miss"
    assert check(tmp_path, env, "--target", "a5")[0] == "miss"
    assert check(tmp_path, env, "-D", "X=1")[0] == "miss"
    assert check(tmp_path, env, "--target", "a5")[0] == "hit"
    state, run = check(tmp_path, env, "--ignore", "PTO1")
    assert state == "miss" and run.json["findings"] == []


def test_no_cache_bypasses_and_cache_dir_is_respected(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    assert check(tmp_path, env, "--no-cache")[0] == "off"
    # (tool data, like the model PCHs, is kept there also with --no-cache: rules-*.pickle, host-include.json)
    assert not list((tmp_path / "cache").glob("v*/**/*.json")) and not (tmp_path / "cache" / "runs").exists()
    assert check(tmp_path, env)[0] == "miss"
    entries = list((tmp_path / "cache").glob("v*/**/*.json"))
    assert len(entries) == 1
    assert check(tmp_path, env, "--no-cache")[0] == "off"
    other = {"PTOLINT_CACHE_DIR": str(tmp_path / "other")}
    assert check(tmp_path, other)[0] == "miss" and list((tmp_path / "other").glob("v*/**/*.json"))


def test_entries_hold_no_source_text(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    check(tmp_path, env)
    (entry,) = (tmp_path / "cache").glob("v*/**/*.json")
    text = entry.read_text()
    assert "SECRET_MARKER" not in text and "TEXTRACT(dst" not in text and "kOffset" not in text
    assert "params.h" in text  # the header is a recorded dependency


def test_corrupt_entry_is_ignored_and_replaced(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    _, good = check(tmp_path, env)
    (entry,) = (tmp_path / "cache").glob("v*/**/*.json")
    for garbage in ("{not json", '{"key": 1}', "[]", ""):
        entry.write_text(garbage)
        state, run = check(tmp_path, env)
        assert state == "miss" and run.json["findings"] == good.json["findings"]
    assert check(tmp_path, env)[0] == "hit"


def test_missing_header_that_appears_invalidates(tmp_path: Path) -> None:
    env = setup(tmp_path, 60)
    (tmp_path / "k.cpp").write_text('#include "later.h"\n#ifndef SHIFT\n#define SHIFT 60\n#endif\n'
                                    + KERNEL.replace("kOffset", "SHIFT"))
    state, run = check(tmp_path, env, "--allow-missing-includes")  # else the missing header fails the run (exit 2)
    assert state == "miss" and run.json["findings"]
    assert check(tmp_path, env, "--allow-missing-includes")[0] == "hit"
    (tmp_path / "later.h").write_text("#define SHIFT 0\n")
    state, run = check(tmp_path, env)
    assert state == "miss" and run.json["findings"] == []

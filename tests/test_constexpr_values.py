"""Constant expressions of instantiated code take the value clang computed (ptolint.frontend.interp.constants): a
constexpr integer's initialiser, an `if constexpr` condition, a const global such as `std::is_same_v<T, half>`.
Exact where the walk's own evaluation was not (`__is_same`, `sizeof` inside a macro: findings it missed), and one
libclang query instead of a walk over the initialiser's tree at every instantiation. Template patterns are never
asked (their expressions may depend on template parameters)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ptolint

KERNEL = """#include <pto/pto-inst.hpp>
#include <type_traits>
using namespace pto;

#define ALIGN_UP(x, a) ((((x) + (a) - 1) / (a)) * (a))

template <typename T, int K>
AICORE void load_rows(int tiles) {
  constexpr int step = std::is_same_v<T, half> ? 8 : 16;
  constexpr int cols = ALIGN_UP(K, 32 / sizeof(T));
  Tile<TileType::Mat, T, 64, cols, BLayout::ColMajor, 64, cols, SLayout::RowMajor> src;
  TileLeft<T, 16, cols> dst;
  for (int i = 0; i < tiles && i < 4; ++i) {
    TEXTRACT(dst, src, i * step, 0);
  }
}

extern "C" __global__ AICORE void kern(__gm__ float *out, int tiles) {
  load_rows<float, 16>(tiles);
  INSTANTIATE
}
"""


def _check(tmp_path: Path, instantiate: str) -> dict:
    (tmp_path / "k.cpp").write_text(KERNEL.replace("INSTANTIATE", instantiate))
    return ptolint("check", "k.cpp", "--target", "a2a3", "--format", "json", "--no-cache", cwd=tmp_path).json


def test_a_constexpr_from_is_same_v_is_exact_in_a_loop(tmp_path: Path) -> None:
    doc = _check(tmp_path, "load_rows<half, 16>(tiles);")
    assert [(f["rule"], f["line"], f["level"], f["target"]) for f in doc["findings"]] == \
        [("PTO123", 14, "warning", "a2a3")]
    f = doc["findings"][0]
    assert f["witness"]["inputs"] == {"tiles": 2}  # the second iteration reads row 8 (step 8 for half)
    assert f["witness"]["values"]["indexRow"] == 8
    assert f["confirmed"]
    assert f["chain"][-1]["function"] == "load_rows<half, 16>"


def test_the_same_kernel_with_an_aligned_step_is_clean(tmp_path: Path) -> None:
    doc = _check(tmp_path, "load_rows<float, 32>(tiles);")
    assert doc["findings"] == [] and doc["diagnostics"] == []


BRANCHES = """#include <pto/pto-inst.hpp>
#include <type_traits>
using namespace pto;

template <typename T>
AICORE void load_rows(int tiles) {
  int step = 16;
  if constexpr (std::is_same_v<T, half>) {
    step = 8;
  }
  int first = std::is_same_v<T, float> ? 0 : 16;
  Tile<TileType::Mat, T, 64, 16, BLayout::ColMajor, 64, 16, SLayout::RowMajor> src;
  TileLeft<T, 16, 16> dst;
  for (int i = 0; i < tiles && i < 3; ++i) {
    TEXTRACT(dst, src, first + i * step, 0);
  }
}

extern "C" __global__ AICORE void kern(__gm__ float *out, int tiles) {
  load_rows<ELEMENT>(tiles);
}
"""


@pytest.mark.parametrize("element, rows", [("half", [24]), ("float", [])])
def test_if_constexpr_and_is_same_v_in_an_expression_are_exact(tmp_path: Path, element: str, rows: list) -> None:
    """half: step 8 from the `if constexpr` arm clang keeps, first row 16 from `is_same_v<T, float>`: the second
    iteration reads row 24. float: rows 0, 16, 32, all aligned. (The walk's own evaluation left both opaque, so
    every step could be 16 and nothing was reported.)"""
    (tmp_path / "b.cpp").write_text(BRANCHES.replace("ELEMENT", element))
    doc = ptolint("check", "b.cpp", "--target", "a2a3", "--format", "json", "--no-cache", cwd=tmp_path).json
    assert [f["witness"]["values"]["indexRow"] for f in doc["findings"]] == rows
    assert [(f["rule"], f["line"], f["level"], f["witness"]["inputs"]) for f in doc["findings"]] == \
        [("PTO123", 15, "warning", {"tiles": 2})] * len(rows)


PATTERNS = """#include <pto/pto-inst.hpp>
using namespace pto;

template <typename T>
struct Loader {
  struct Inner {
    AICORE void run(int n) {
      constexpr int rows = sizeof(T) * 8;
      TileLeft<T, 16, 16> dst;
      Tile<TileType::Mat, T, 64, 16, BLayout::ColMajor, 64, 16, SLayout::RowMajor> src;
      TEXTRACT(dst, src, rows * n, 0);
    }
  };
};

template <typename T, int N>
AICORE void never_instantiated(int n) {
  constexpr int rows = N * sizeof(T);
  TileLeft<T, 16, 16> dst;
  Tile<TileType::Mat, T, 64, 16, BLayout::ColMajor, 64, 16, SLayout::RowMajor> src;
  TEXTRACT(dst, src, rows * n, 0);
}
"""


def test_template_patterns_are_walked_without_clangs_value(tmp_path: Path) -> None:
    """An entry point that is a template pattern (a method of a class nested in a class template, never
    instantiated): its constexpr initialiser depends on a template parameter and is left to the walk; the check
    ends normally and says that it reached no builtin call (a pattern's calls of the builtins are dependent)."""
    (tmp_path / "p.cpp").write_text(PATTERNS)
    run = ptolint("check", "p.cpp", "--format", "json", "--no-cache", "--stats", cwd=tmp_path)
    assert run.code == 0, run.stdout + run.stderr
    doc = run.json
    assert doc["findings"] == []
    assert [d["code"] for d in doc["diagnostics"]] == ["nothing-checked"]
    for target in ("a2a3", "a5"):
        assert doc["stats"]["p.cpp"][target]["entry_points"] == ["run"]

"""A constexpr integer of an instantiated function has the value clang computed for it (ptolint.frontend.interp
.statements.constant_init): exact where the walk's own evaluation of the initialiser was not (`std::is_same_v`,
`sizeof` inside a macro), and one libclang query instead of a walk over the initialiser's tree at every
instantiation. Template patterns are never asked (their initialisers may depend on template parameters)."""

from __future__ import annotations

from pathlib import Path

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

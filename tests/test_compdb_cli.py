"""`ptolint check -p BUILD_DIR`: each file is parsed with its own compile_commands.json flags."""

from __future__ import annotations

import json
from pathlib import Path


def test_check_uses_each_files_own_flags(tmp_path: Path) -> None:
    from conftest import ptolint

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cpp").write_text("""#include <pto/pto-inst.hpp>
#include "offsets.h"
using namespace pto;
extern "C" __global__ AICORE void kern() {
  Tile<TileType::Mat, half, 64, 32, BLayout::ColMajor, 64, 32, SLayout::RowMajor> src;
  TileLeft<half, 32, 32> dst;
  TEXTRACT(dst, src, ROW_OFFSET, 0);
}
""")
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "offsets.h").write_text("#define ROW_OFFSET (BASE + 16)\n")  # a whole L0A fractal
    db = [{"directory": str(tmp_path), "file": "src/k.cpp",
           "arguments": ["ccec", "-Iinc", "-DBASE=32", "-c", "src/k.cpp"]}]
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "compile_commands.json").write_text(json.dumps(db))
    run = ptolint("check", "src/k.cpp", "-p", "build", "-f", "json", "-t", "a2a3", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    (f,) = run.json["findings"]
    assert f["rule"] == "PTO102" and f["witness"]["values"]["indexRow"] == 48
    (tmp_path / "build" / "compile_commands.json").write_text("[{")
    bad = ptolint("check", "src/k.cpp", "-p", "build", cwd=tmp_path)
    assert bad.code == 2 and "compile_commands.json" in bad.stderr and "Traceback" not in bad.stderr

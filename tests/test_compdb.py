"""compile_commands.json reading: flags kept, paths made absolute, malformed databases rejected clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ptolint.compdb import CompDbError, load


def test_arguments_and_command_forms(tmp_path: Path) -> None:
    db = [
        {"directory": str(tmp_path / "build"), "file": "../src/a.cpp",
         "arguments": ["ccec", "-O2", "-Iinc", "-I", "/opt/pto/include", "-DTILE=64", "-D", "MODE=2",
                       "--cce-aicore-arch=dav-c220", "-std=c++20", "-c", "../src/a.cpp", "-o", "a.o"]},
        {"directory": str(tmp_path), "file": "src/b.cce",
         "command": "bisheng -isystem sys -include pre.h -UFOO -xcce src/b.cce"},
    ]
    (tmp_path / "compile_commands.json").write_text(json.dumps(db))
    flags = load(str(tmp_path))
    a = flags[str(tmp_path / "src" / "a.cpp")]
    assert a.includes == [str(tmp_path / "build" / "inc"), "/opt/pto/include"]
    assert a.defines == ["TILE=64", "MODE=2"] and a.std == "c++20"
    b = flags[str(tmp_path / "src" / "b.cce")]
    assert b.extra == ["-isystem", str(tmp_path / "sys"), "-include", str(tmp_path / "pre.h")]
    assert b.undefines == ["FOO"] and b.std is None


@pytest.mark.parametrize("text,needle", [
    ("{not json", "not valid JSON"),
    ('{"a": 1}', "JSON array"),
    ('[{"file": "a.cpp"}]', "lacks"),
    ('[{"file": "a.cpp", "directory": "/"}]', "neither"),
])
def test_malformed_database(tmp_path: Path, text: str, needle: str) -> None:
    (tmp_path / "compile_commands.json").write_text(text)
    with pytest.raises(CompDbError, match=needle):
        load(str(tmp_path))


def test_missing_database(tmp_path: Path) -> None:
    with pytest.raises(CompDbError, match="cannot read"):
        load(str(tmp_path))


"""`--format github`: GitHub Actions workflow commands (annotations), escaped as GitHub's toolkit does."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import ptolint
from test_cli import BAD_KERNEL, GOOD_KERNEL

from ptolint.report.github import command, escape_data, escape_property

ANNOTATION = re.compile(r"^::(error|warning|notice) ((?:[A-Za-z]+=[^,:]*,?)*)::(.*)$")


def annotations(stdout: str) -> list[tuple[str, dict[str, str], str]]:
    out = []
    for line in stdout.splitlines():
        if line.startswith("::"):
            m = ANNOTATION.match(line)
            assert m, line
            props = dict(p.split("=", 1) for p in m.group(2).split(",") if p)
            out.append((m.group(1), props, m.group(3)))
    return out


def test_finding_is_an_annotation_with_location_title_and_witness(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text(BAD_KERNEL)
    run = ptolint("check", "k.cpp", "--format", "github", cwd=tmp_path)
    assert run.code == 1, run.stdout + run.stderr
    (level, props, message), = annotations(run.stdout)  # both targets merged into one annotation
    assert level == "warning"
    assert props["file"] == "k.cpp" and props["line"] == "7" and props["col"] == "5"
    assert props["endLine"] == "7" and int(props["endColumn"]) > 5
    assert props["title"] == "ptolint PTO102"
    first, *rest = message.split("%0A")
    assert "exceeds Src%3A%3ARows" not in first and "exceeds Src::Rows 64" in first
    assert "[textract-row-out-of-bounds] [debug-trap on a2a3, runtime-fault on a5] [target a2a3, a5]" in first
    assert rest[0].startswith("debug builds trap (PTO_ASSERT) on a2a3; release build: ")
    assert rest[1].startswith("witness: ") and "n = " in rest[1]
    assert any(r.startswith("confirmed: ") for r in rest)
    assert "\r" not in run.stdout
    assert run.stdout.splitlines()[-1].startswith("1 file(s) checked")


def test_clean_kernel_has_no_annotation(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text(GOOD_KERNEL)
    run = ptolint("check", "k.cpp", "-f", "github", cwd=tmp_path)
    assert run.code == 0 and annotations(run.stdout) == []


def test_diagnostics_are_annotations_and_properties_are_escaped(tmp_path: Path) -> None:
    (tmp_path / "k.cpp").write_text("int main( {")
    run = ptolint("check", "k.cpp", "no,such:file%.cpp", "-f", "github", cwd=tmp_path)
    assert run.code == 2
    got = annotations(run.stdout)
    missing = [a for a in got if a[1].get("title") == "ptolint io-error"]
    assert missing == [("error", {"file": "no%2Csuch%3Afile%25.cpp", "title": "ptolint io-error"},
                        "no such file or directory")]
    parse = [a for a in got if a[1].get("title") == "ptolint parse-error"]
    assert parse and all(a[0] == "error" and a[1]["file"] == "k.cpp" and a[1]["line"] == "1" for a in parse)


def test_escaping_rules() -> None:
    assert escape_data("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d"
    assert escape_property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae"
    assert command("note", "x:y", file="a,b.cpp", line=3, col=0, title="ptolint PTO506") == \
        "::notice file=a%2Cb.cpp,line=3,title=ptolint PTO506::x:y"

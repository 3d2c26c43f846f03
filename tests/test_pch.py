"""The model PCH (ptolint/frontend/pch.py): used only when the file starts with the model include, the same
analysis with and without it, rebuilt when a header changes, a damaged one falls back to a normal parse."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ptolint

from ptolint.cache import result_to_dict
from ptolint.engine import Options, check_file
from ptolint.frontend import parse as parse_mod
from ptolint.frontend import pch
from ptolint.frontend.parse import ParseOptions, compiler_args, parse
from ptolint.ruleset import load_rules

KERNEL = FIXTURES / "bugs_detected" / "TDIVS" / "PTO505_divide_by_zero.cpp"
BODY = KERNEL.read_text()
ARGS = ["-x", "c++", "-std=c++17"]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh PCH store for this test, and no PCH remembered by this process."""
    monkeypatch.setenv("PTOLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(pch.DISABLE_ENV, raising=False)
    monkeypatch.setattr(pch, "_KNOWN", {})
    return tmp_path / "cache" / "pch"


@pytest.mark.parametrize("prelude", [
    "", "// copyright\n\n", "/* a\n   block */ /* two */\n", "#pragma once\n", "  // indented\r\n",
])
@pytest.mark.parametrize("include", ["#include <pto/pto-inst.hpp>", '#include "pto/pto-inst.hpp"  // model',
                                     "# include <pto/pto-inst.hpp> /* x */"])
def test_usable_when_only_comments_precede_the_model_include(tmp_path: Path, prelude: str, include: str) -> None:
    assert pch.usable(str(tmp_path / "k.cpp"), f"{prelude}{include}\nint x;\n", ARGS, real_headers=False)


@pytest.mark.parametrize("source", [
    "#define _DEBUG\n#include <pto/pto-inst.hpp>\n",  # changes the model's debug macros
    "#ifndef K_H\n#define K_H\n#include <pto/pto-inst.hpp>\n#endif\n",
    "#include <type_traits>\n#include <pto/pto-inst.hpp>\n",  # would come after the model instead of before
    '#include "acl/acl.h"\n#include <pto/pto-inst.hpp>\n',
    "using namespace pto;\n#include <pto/pto-inst.hpp>\n",
    "#include <pto/pto-inst.hpp> int x;\n",
    "#include <pto/common/type.hpp>\n",
    "/* unterminated\n#include <pto/pto-inst.hpp>\n",
    "",
])
def test_not_usable_when_something_else_comes_first(tmp_path: Path, source: str) -> None:
    assert not pch.usable(str(tmp_path / "k.cpp"), source, ARGS, real_headers=False)


def test_not_usable_with_real_headers_extra_preincludes_a_local_model_or_when_disabled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    k = str(tmp_path / "k.cpp")
    quoted = '#include "pto/pto-inst.hpp"\n'
    assert pch.usable(k, quoted, ARGS, real_headers=False)
    assert not pch.usable(k, quoted, ARGS, real_headers=True)
    assert not pch.usable(k, quoted, [*ARGS, "-include", "cfg.h"], real_headers=False)
    assert not pch.usable(k, quoted, [*ARGS, "-imacros", "cfg.h"], real_headers=False)
    (tmp_path / "pto").mkdir()
    (tmp_path / "pto" / "pto-inst.hpp").write_text("")  # the quoted include would find this one first
    assert not pch.usable(k, quoted, ARGS, real_headers=False)
    assert pch.usable(k, "#include <pto/pto-inst.hpp>\n", ARGS, real_headers=False)
    monkeypatch.setenv(pch.DISABLE_ENV, "1")
    assert not pch.usable(k, "#include <pto/pto-inst.hpp>\n", ARGS, real_headers=False)


def analysis(path: Path, **parse_opts) -> dict:
    opts = Options(targets=["a2a3", "a5"], rules=list(load_rules().values()), parse=ParseOptions(**parse_opts))
    res = check_file(str(path), opts)
    return {**result_to_dict(res), "includes": sorted(res.includes)}


@pytest.mark.parametrize("fixture", [
    KERNEL,
    FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp",
    *sorted((FIXTURES / "correct_code" / "TCOLEXPANDMAX").glob("*.cpp"))[:1],
])
def test_same_analysis_with_and_without_the_pch(fixture: Path, store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with_pch = analysis(fixture)
    assert len(list(store.glob("*.pch"))) == 2  # one per target
    monkeypatch.setenv(pch.DISABLE_ENV, "1")
    without = analysis(fixture)
    assert with_pch == without  # findings, witnesses, diagnostics, statistics and the result cache's dependencies
    assert any(name.endswith("pto/common/pto_instr.hpp") for name in with_pch["includes"])


def test_pch_is_used_and_reused(store: Path) -> None:
    args = compiler_args("a2a3", ParseOptions())
    tu, diags = parse(str(KERNEL), "a2a3", ParseOptions())
    assert tu is not None and not diags and tu.ptolint_pch_includes
    (built,) = store.glob("*.pch")
    pch._KNOWN.clear()  # another process: finds the stored one
    again = pch.model_pch(args)
    assert again is not None and again.path == str(built) and again.includes == tu.ptolint_pch_includes
    assert again.includes[0].endswith("pto/pto-inst.hpp")


def test_pch_not_used_when_unsafe(store: Path) -> None:
    tu, _ = parse(str(KERNEL), "a2a3", ParseOptions(), source="#define X 1\n" + BODY)
    assert tu is not None and tu.ptolint_pch_includes == () and not store.exists()


def test_changed_header_rebuilds_the_pch(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = tmp_path / "model"
    shutil.copytree(parse_mod.MODEL_INCLUDE, model)
    monkeypatch.setattr(parse_mod, "MODEL_INCLUDE", model)
    monkeypatch.setattr(pch, "MODEL_INCLUDE", model)
    args = compiler_args("a5", ParseOptions())
    first = pch.model_pch(args)
    assert first is not None and first.fresh() and str(model) in first.includes[0]
    assert pch.model_pch(args) == first
    header = model / "pto" / "common" / "constants.hpp"
    header.write_text(header.read_text() + "\n// edited\n")
    assert not first.fresh()
    second = pch.model_pch(args)  # this process notices, as does any later one through the stored record
    assert second is not None and second.path != first.path and second.fresh()
    assert [p.name for p in store.glob("*.pch")] == [Path(second.path).name]  # the stale one is removed
    pch._KNOWN.clear()
    assert pch.model_pch(args) == second


def test_damaged_pch_falls_back_to_a_normal_parse(store: Path) -> None:
    expected = analysis(KERNEL)
    for f in store.glob("*.pch"):
        f.write_bytes(b"not a pch" * 100)
    pch._KNOWN.clear()
    assert analysis(KERNEL) == expected
    assert not list(store.glob("*.json"))  # forgotten: the next process builds a new one
    args = compiler_args("a2a3", ParseOptions())
    assert pch._KNOWN[tuple(args)] is None  # and this one does not try again


def test_unwritable_store_means_no_pch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PTOLINT_CACHE_DIR", str(blocker / "sub"))  # a directory cannot be made under a file
    monkeypatch.setattr(pch, "_KNOWN", {})
    tu, diags = parse(str(KERNEL), "a2a3", ParseOptions())
    assert tu is not None and not diags and tu.ptolint_pch_includes == ()


def test_record_names_every_header(store: Path) -> None:
    args = compiler_args("a2a3", ParseOptions())
    built = pch.model_pch(args)
    assert built is not None
    (record,) = store.glob("*.json")
    doc = json.loads(record.read_text())
    assert doc["pch"] == os.path.basename(built.path) and len(doc["deps"]) == len(built.includes) > 10


def test_cli_reports_identical_with_and_without_pch(tmp_path: Path) -> None:
    files = [str(KERNEL), str(FIXTURES / "correct_code" / "TCOLEXPANDMAX")]
    env = {"PTOLINT_CACHE_DIR": str(tmp_path)}
    with_pch = ptolint("check", *files, "-f", "json", "--no-cache", "-j", "2", env=env)
    without = ptolint("check", *files, "-f", "json", "--no-cache", "-j", "1", env={**env, pch.DISABLE_ENV: "1"})
    assert with_pch.code == without.code == 1 and with_pch.stdout == without.stdout
    assert list((tmp_path / "pch").glob("*.pch"))  # --no-cache still keeps the PCH store


def test_store_keeps_the_newest_pchs(store: Path) -> None:
    store.mkdir(parents=True)
    for i in range(5):
        (store / f"k{i}-x.pch").write_bytes(b"")
        (store / f"k{i}.json").write_text("{}")
        os.utime(store / f"k{i}-x.pch", ns=(i * 10**9, i * 10**9))
    pch.evict(store, keep=2)
    assert sorted(p.name for p in store.iterdir()) == ["k3-x.pch", "k3.json", "k4-x.pch", "k4.json"]


def test_no_build_when_told_not_to(store: Path) -> None:
    args = compiler_args("a2a3", ParseOptions())
    assert pch.model_pch(args, build=False) is None and not store.exists()
    tu, _ = parse(str(KERNEL), "a2a3", ParseOptions())
    assert tu is not None and tu.ptolint_pch_includes == ()  # this process keeps to that decision


def test_parent_builds_only_pchs_worth_building(store: Path, tmp_path: Path) -> None:
    from ptolint.parallel import Job, prepare_pchs

    rules = list(load_rules().values())

    def job(name: str, *defines: str) -> Job:
        path = tmp_path / name
        path.write_text(BODY)
        return Job(str(path), Options(targets=["a2a3"], rules=rules, parse=ParseOptions(defines=list(defines))), None)

    shared = [job("a.cpp", "PTOLINT_TEST_A=1"), job("b.cpp", "PTOLINT_TEST_A=1")]
    single = job("c.cpp", "PTOLINT_TEST_C=1")
    prepare_pchs([*shared, single])  # per-file macros: only the list two files share is worth a PCH
    assert pch._KNOWN[tuple(compiler_args("a2a3", shared[0].opts.parse))] is not None
    assert pch._KNOWN[tuple(compiler_args("a2a3", single.opts.parse))] is None
    assert len(list(store.glob("*.pch"))) == 1
    pch._KNOWN.clear()
    prepare_pchs([single])  # a run of one file (or one argument list) builds it, for the next runs too
    assert pch._KNOWN[tuple(compiler_args("a2a3", single.opts.parse))] is not None


MODEL_MACRO_KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;
#define ROWS_PAST (EVENT_ID_MAX * 6)

extern "C" __global__ AICORE void kernel(__gm__ float* out)
{
    Tile<TileType::Mat, half, 48, 64, BLayout::ColMajor, 48, 64, SLayout::RowMajor> panel;
    TileLeft<half, 16, 64> a;
    TEXTRACT(a, panel, ROWS_PAST, 0);
}
"""


def test_model_macros_come_from_the_record_not_the_top_level(store: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The PCH holds no preprocessing record, so the model's macro definitions are not among a file's top-level
    cursors; its record lists them, and the macro lookups see them before the file's own: a kernel's macro
    built on a model macro (`EVENT_ID_MAX`, 8) has the same value with and without the PCH."""
    from ptolint.frontend.cursors import MacroDef, macro_index, top_level

    kernel = tmp_path / "k.cpp"
    kernel.write_text(MODEL_MACRO_KERNEL)
    tu, diags = parse(str(kernel), "a5", ParseOptions())
    assert tu is not None and not diags and tu.ptolint_pch_includes
    own = [m.spelling for m in top_level(tu)[1]]
    assert "ROWS_PAST" in own and "EVENT_ID_MAX" not in own and len(own) < 50, own
    index = macro_index(tu)
    (model,) = index["EVENT_ID_MAX"]
    assert isinstance(model, MacroDef) and model._ptolint_tokens == ("EVENT_ID_MAX", "8") and not model.function_like
    assert any(isinstance(m, MacroDef) and m.function_like for defs in index.values() for m in defs)
    assert not isinstance(index["ROWS_PAST"][-1], MacroDef)
    with_pch = analysis(kernel)
    assert [(f["rule_id"], f["site"]["line"], f["site"]["target"], f["level"], f["witness"]["values"]["indexRow"])
            for f in with_pch["findings"]] == [("PTO102", 9, t, "error", 48) for t in ("a2a3", "a5")], with_pch
    assert all(f["confirmed"] for f in with_pch["findings"])
    monkeypatch.setenv(pch.DISABLE_ENV, "1")
    assert analysis(kernel) == with_pch

"""ptolint/impls.py, the per-target table of which implementation each builtin uses, checked without a pto-isa
checkout (bench/impl_sources.py --check compares it with one): it agrees with PTO010's availability tables,
names real directories, and the rules and the executor read it the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ptolint

from ptolint import impls, own_impls
from ptolint.ruleset import load_rules
from ptolint.targets import ALL_TARGETS, NPU_DIRS

NEWER = ALL_TARGETS[2:]


@pytest.mark.parametrize("target", NEWER)
def test_every_implemented_builtin_is_available_and_no_unavailable_one_is_implemented(target: str) -> None:
    """The table and PTO010's were derived separately from the same header.hpp: a builtin has an implementation
    there exactly when PTO010 does not call it missing (forms and the wrapper's own rejection aside)."""
    load_rules()  # first: importing one rules module alone would leave the registry with that module's rules
    from ptolint.rules.availability import BY_TARGET

    dirs = impls.IMPL_DIRS[target]
    missing = {b for b, gap in BY_TARGET[target].items() if not gap.form}
    assert not (set(dirs) & missing) - {"SYNCALL", "TGEMV_MX", "TMATMUL_MX", "TRANDOM", "THISTOGRAM",
                                         "TDEINTERLEAVE", "SET_IMG2COL_RPT", "SET_IMG2COL_PADDING"}


@pytest.mark.parametrize("target", NEWER)
def test_directories_are_a2a3_a5_or_the_targets_own(target: str) -> None:
    allowed = {"a2a3", "a5", NPU_DIRS[target], "kirin9030"}  # Kirin X90 / Dev0000 reuse Kirin 9030 files
    for b, d in impls.IMPL_DIRS[target].items():
        assert set(d.split("+")) <= allowed, (b, d)
    for b, fam in impls.FAMILIES[target].items():
        assert fam in impls.FAMILY_TARGETS and b in impls.IMPL_DIRS[target]
    for b, (dtypes, why) in impls.DIVERGENT[target].items():
        assert b in impls.IMPL_DIRS[target] and why
        assert set(dtypes) <= {"int64_t", "uint64_t", "bfloat16_t"}


def test_family_follows_the_table() -> None:
    assert impls.family("TADD", "a5") == "a5" and impls.family("TADD", "a2a3") == "a2a3"
    assert impls.family("TADD", "kirin9030") == "a5"  # npu/a5/TAdd.hpp, the same text under Kirin 9030's macros
    assert impls.family("TADD", "kirin9030", ("int64_t",)) is None  # a5/Int64Binary.hpp: stubs there
    assert impls.family("TDIVS", "kirinx90") == "a5"
    assert impls.family("TDIVS", "kirindev0000") is None  # npu/kirinDev0000/TDivS.hpp
    assert impls.family("TLOAD", "kirin9030") is None  # npu/kirin9030/TLoad.hpp
    assert impls.family("TFMODS", "kirin9030") is None  # a5/TFModS.hpp tests PTO_NPU_ARCH_A5 / _A6
    assert impls.family("TASSIGN", "kirinx90") == "a5"  # npu/a2a3/TAssign.hpp, as on A5, under A5's wrapper
    assert impls.family("TSUBRELU", "kirin9030") is None and impls.unmodelled("TSUBRELU", "kirin9030") is None
    assert "own npu/kirinDev0000" in impls.unmodelled("TDIVS", "kirindev0000")


def test_rules_run_exactly_where_their_facts_hold() -> None:
    rules = load_rules()
    tdivs = [r for r in rules.values() if "TDIVS" in r.instructions and r.families is not None]
    assert tdivs
    for r in tdivs:
        assert r.runs("TDIVS", "kirin9030") == ("a5" in r.families)
        assert r.runs("TDIVS", "kirindev0000") == ("TDIVS" in r.own.get("kirindev0000", ()))  # its own TDivS.hpp
    tload = [r for r in rules.values() if "TLOAD" in r.instructions and r.families is not None]
    assert tload and not any(r.runs("TLOAD", "kirinx90") for r in tload)  # npu/kirinX90/TLoad.hpp: not read
    # npu/kirin9030/TLoad.hpp (Kirin Dev0000 includes it too) was read (ptolint/own_impls.py): the rules that
    # declare its facts run there, the A2/A3-only type list does not apply
    for t in ("kirin9030", "kirindev0000"):
        # PTO028 / PTO029 / PTO030: the 64-bit pad value and the ConvTile destinations and tensors, read from that
        # file too; PTO035: the pad values its loads look up; PTO969: the file has no burst-length assertion
        assert {r.code for r in tload if r.runs("TLOAD", t)} == {"PTO027", "PTO028", "PTO029", "PTO030", "PTO035",
                                                                  "PTO946", "PTO950",
                                                                  "PTO951", "PTO952", "PTO953", "PTO955", "PTO956",
                                                                  "PTO959", "PTO968", "PTO969"}
        # PTO951 read Kirin 9030's TLoad.hpp: neither A2/A3's type list nor the A5 / A6 MX scale load is its (it
        # rejects scale layouts outright), so the rule runs there and finds nothing to check
        assert "kirin9030" in rules["PTO951"].own and "kirin9030" in rules["PTO968"].own  # likewise PTO968
    assert rules["PTO010"].targets == ALL_TARGETS and rules["PTO001"].targets == ALL_TARGETS


def test_the_executor_dispatches_on_the_same_family() -> None:
    from ptolint.executor.machine import Machine
    from ptolint.ir import CallSite

    site = CallSite("TDIVS", "k.cpp", 1, 1, 1, 1, "kirin9030", [], [], {})
    assert Machine(site, "kirin9030").impl == "a5"
    assert Machine(site, "kirindev0000").impl == "kirindev0000"
    load = CallSite("TLOAD", "k.cpp", 1, 1, 1, 1, "kirindev0000", [], [], {})
    assert Machine(load, "kirindev0000").impl == "kirin9030"  # the Kirin 9030 file's key (ptolint/own_impls.py)
    assert Machine(load, "kirinx90").impl == "kirinx90"


KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;

extern "C" __global__ AICORE void kernel(__gm__ float* out) {
    Tile<TileType::Vec, float, 16, 64> a, b;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TRECIP(b, a);
}
"""


def test_a_builtin_with_its_own_implementation_is_not_checked_there_not_legal(tmp_path: Path) -> None:
    path = tmp_path / "k.cpp"
    path.write_text(KERNEL)
    run = ptolint("check", "--format", "json", "-t", "kirin9030,kirindev0000", str(path))
    cells = run.json["portability"]["files"][0]["kernels"][0]["targets"]
    assert cells["kirin9030"]["status"] == "legal", cells["kirin9030"]  # npu/a5/TDivS.hpp: the A5 facts hold
    # TRECIP is TDIVS_IMPL of npu/kirinDev0000/TDivS.hpp on Kirin Dev0000, whose facts the TRECIP rules lack
    dev = cells["kirindev0000"]
    assert dev["status"] == "unknown" and "partial-rules" in dev["causes"], dev
    assert any("TRECIP" in r and "kirinDev0000" in r for r in dev["reasons"])
    text = ptolint("check", "-t", "kirindev0000", str(path)).stdout
    assert "not a full check" in text and "kirindev0000: TRECIP" in text


def test_own_facts_of_the_tile_arithmetic_files() -> None:
    """ptolint/own_impls.py's Kirin Dev0000 TDIV/TDIVS/TREM/TFMOD/TREMS/TFMODS/TSEL/TSELS and Kirin 9030 TREM/TREMS:
    the rules whose tables hold them run there, nowhere else; every key a rule or an op declares is one the table
    gives; the executor runs those calls (other own files it refuses)."""
    from ptolint import own_impls
    from ptolint.executor.machine import Machine
    from ptolint.executor.ops import elementwise, scalar, tile_scalar
    from ptolint.ir import CallSite

    rules = load_rules()
    assert own_impls.own("TDIV", "kirindev0000").impl == "kirindev0000" and own_impls.own("TDIV", "kirin9030") is None
    assert rules["PTO601"].runs("TDIV", "kirindev0000") and rules["PTO601"].runs("TREM", "kirin9030")
    assert not rules["PTO601"].runs("TDIVS", "kirindev0000")  # not in its table
    assert rules["PTO501"].runs("TDIVS", "kirindev0000")  # rules/tdivs.py: A5_LIKE
    assert not any(r.runs("TRECIP", "kirindev0000") for r in rules.values()
                   if "TRECIP" in r.instructions and r.families is not None)  # the TRECIP rules have none yet
    keys = {(k, b) for t, table in own_impls.OWN.items() for b in table for k in own_impls.keys(b, t)}
    for r in rules.values():
        for key, names in r.own.items():
            assert {(key, b) for b in names} <= keys, (r.code, key, names)
    for fn in (elementwise.binary, elementwise.tsel, elementwise.tsels, scalar.tdivs, tile_scalar.tile_scalar):
        assert "kirindev0000" in fn.own_impls, fn
    site = CallSite("TDIV", "k.cpp", 1, 1, 1, 1, "kirindev0000", [], [], {})
    assert Machine(site, "kirindev0000").impl == "kirindev0000"
    site = CallSite("TCVT", "k.cpp", 1, 1, 1, 1, "kirin9030", [], [], {})  # kirin9030/TCvt.hpp: unread
    assert Machine(site, "kirin9030").impl == "kirin9030" and own_impls.own("TCVT", "kirin9030") is None
    # a5/TFMod.hpp's #else branch on Kirin 9030 / X90 (no HIGH_PRECISION path): read, A5's checks under that key
    assert own_impls.own("TFMOD", "kirinx90").impl == "kirin9030" and rules["PTO601"].runs("TFMOD", "kirinx90")


def test_a6_reuses_the_a5_facts_where_its_files_behave_as_a5s() -> None:
    """ptolint/own_impls.py entries keyed by a family ("a5"): A6's TSTORE / TADD (a5 files impls.py calls divergent),
    TSYNC, TEXTRACT, TMATMUL and TQUANT take the A5 facts, except for the element types and input pairs A6 adds."""
    from ptolint.executor.machine import Machine
    from ptolint.ir import CallSite

    rules = load_rules()
    assert impls.family("TSTORE", "a6") is None and own_impls.family("TSTORE", "a6", ("float",)) == "a5"
    assert own_impls.family("TSTORE", "a6", ("hifloat4x2_t",)) is None  # caps::IsHIF4: A6 only
    assert rules["PTO950"].runs("TSTORE", "a6", ("float",)) and rules["PTO602"].runs("TADD", "a6", ("half",))
    assert rules["PTO059"].runs("TSYNC", "a6")
    # TMATMUL: A5's triples hold, except the pairs A6 adds (half / bfloat16 x int8_t, x float8_e4m3_t; int4b_t)
    assert rules["PTO910"].runs("TMATMUL", "a6", ("float", "half", "half"))
    for types in (("float", "half", "int8_t"), ("float", "bfloat16_t", "float8_e4m3_t"), ("int32_t", "int8_t",
                                                                                          "int4b_t")):
        assert not rules["PTO910"].runs("TMATMUL", "a6", types), types
        assert "read without its paths" in own_impls.left_out("TMATMUL", "a6", types)
    assert not rules["PTO104"].runs("TEXTRACT", "a6", ("uint8_t",))  # is_textract_supported_type: A6 adds it
    assert own_impls.left_out("TEXTRACT", "a6", ("half",)) is None
    assert rules["PTO977"].runs("TQUANT", "a6", ("bfloat16_t", "float4_e1m2x2_t"))  # the HiF4 form: its HIF4 table
    assert not rules["PTO977"].runs("TQUANT", "a6", ("hifloat4x2_t",))
    site = CallSite("TSTORE", "k.cpp", 1, 1, 1, 1, "a6", [], [], {})
    assert Machine(site, "a6").impl == "a5"  # the executor runs A5's semantics for it


def test_a6_hif4_load_is_read_apart() -> None:
    """A6's hifloat4x2_t TLOAD calls are left out of the reading of a6/TLoad.hpp and read apart (key
    "a6:hifloat4x2_t": TLoadHif4CubeCheck): only the rules and the op that declare that key take them."""
    from ptolint import own_impls

    rules = load_rules()
    hif4 = ("hifloat4x2_t",)
    assert own_impls.own("TLOAD", "a6", hif4) is None and own_impls.apart("TLOAD", "a6", hif4) == ("a6:hifloat4x2_t",)
    assert own_impls.apart("TLOAD", "a6", ("half",)) == () and own_impls.apart("TLOAD", "a5", hif4) == ()
    assert "a6:hifloat4x2_t" in own_impls.keys("TLOAD", "a6")
    for code in ("PTO936", "PTO937"):
        assert rules[code].runs("TLOAD", "a6", hif4) and not rules[code].runs("TLOAD", "a6", ("half",))
        assert rules[code].targets == ("a6",)
    assert not rules["PTO955"].runs("TLOAD", "a6", hif4) and rules["PTO955"].runs("TLOAD", "a6", ("half",))
    assert "read without its paths" in own_impls.left_out("TLOAD", "a6", hif4)
    # the file follows A5's code for the left-out type too: A2/A3-only facts (PTO951's type list) do not apply
    assert own_impls.foreign(("a2a3",), "TLOAD", "a6", hif4) and not own_impls.foreign(("a5",), "TLOAD", "a6", hif4)


#: the kernel above with TDIV on int16 tiles: npu/kirinDev0000/TDiv.hpp, whose facts PTO601..PTO604 hold
OWN_KERNEL = KERNEL.replace("float, 16, 64> a, b", "int16_t, 16, 64> a, b").replace("TRECIP(b, a)", "TDIV(b, a, a)")


def test_a_builtin_whose_own_files_every_covering_rule_has_is_checked_there(tmp_path: Path) -> None:
    path = tmp_path / "k.cpp"
    path.write_text(OWN_KERNEL)
    run = ptolint("check", "--format", "json", "-t", "kirindev0000", str(path))
    cell = run.json["portability"]["files"][0]["kernels"][0]["targets"]["kirindev0000"]
    assert cell["status"] == "legal", cell

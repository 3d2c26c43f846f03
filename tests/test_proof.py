"""Proof mode (`ptolint check --prove`) through the real CLI: per call site x rule x target verified, violated,
unknown with its reason and place, and the kernel and file counts, in text, JSON and SARIF, equal from the cache."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from conftest import ROOT, ptolint
from test_sarif import SCHEMA

#: one kernel whose calls all verify, one with a PTO006 violation, one with an opaque valid-row count (lines 17, 25, 34)
KERNELS = (ROOT / "examples" / "proof_kernels.cpp").read_text()

LOOP = r"""#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor, 512>;
using Dst = Tile<TileType::Left, half, 32, 64, BLayout::RowMajor, 32, 64, SLayout::RowMajor, 512>;

extern "C" __global__ AICORE void walk(__gm__ half* out, int n) {
    Src a;
    Dst left;
    TASSIGN(a, 0x0);
    TASSIGN(left, 0x0);
    for (int i = 0; i < n && i < 96; i += 32) {
        TEXTRACT(left, a, i, 0);
    }
}
"""


def _write(d: Path, name: str, text: str) -> Path:
    (d / name).write_text(text)
    return d


def _proof(tmp_path: Path, *args: str, name: str = "k.cpp", text: str = KERNELS) -> dict:
    run = ptolint("check", "--prove", "-f", "json", name, *args, cwd=_write(tmp_path, name, text))
    assert run.code in (0, 1), run.stderr
    return json.loads(run.stdout)


def _site(doc: dict, entry: str, line: int, target: str) -> dict:
    return next(s for s in doc["proof"]["files"][0]["sites"]
                if s["entry"] == entry and s["line"] == line and s["target"] == target)


def test_statuses_counts_reasons_and_lines(tmp_path: Path) -> None:
    doc = _proof(tmp_path)
    proof = doc["proof"]
    assert proof["targets"] == ["a2a3", "a5"]
    f = proof["files"][0]
    kernels = {k["entry"]: k for k in f["kernels"]}
    for t in ("a2a3", "a5"):
        assert kernels["clean"]["targets"][t]["status"] == "verified"
        assert kernels["clean"]["targets"][t]["counts"]["sites"] == 4
        assert kernels["clean"]["targets"][t]["counts"]["verified_share"] == 1.0
        assert kernels["broken"]["targets"][t]["status"] == "violated"
        assert kernels["broken"]["targets"][t]["counts"]["violated"] == 1
        assert kernels["lost"]["targets"][t]["status"] == "unknown"
        assert kernels["lost"]["targets"][t]["counts"] == {"sites": 4, "verified": 3, "violated": 0, "unknown": 1,
                                                           "not-applicable": 0, "verified_share": 0.75}
        assert f["counts"][t]["sites"] == 12 and f["counts"][t]["verified"] == 10
    clean = _site(doc, "clean", 17, "a2a3")
    assert clean["builtin"] == "TADD" and clean["status"] == "verified"
    assert all(r["status"] in ("verified", "not-applicable") for r in clean["rules"])
    broken = _site(doc, "broken", 25, "a5")
    assert broken["status"] == "violated"
    assert [r["rule"] for r in broken["rules"] if r["status"] == "violated"] == ["PTO006"]
    assert any(x["rule"] == "PTO006" and x["line"] == 25 for x in doc["findings"])  # the same finding
    lost = _site(doc, "lost", 34, "a2a3")
    assert lost["status"] == "unknown" and lost["reasons"] == ["opaque-value"]
    why = next(r for r in lost["rules"] if r["status"] == "unknown")
    assert why["rule"] == "PTO006" and "host_rows" in why["detail"]
    assert proof["totals"]["a2a3"]["kernels"] == 3 and proof["totals"]["a2a3"]["kernels_verified"] == 1
    assert proof["unknown_reasons"]["a2a3"] == {"opaque-value": 1}
    assert set(proof["reasons"]) >= {"opaque-value", "loop-summary", "unresolved-call", "solver-unknown"}


def test_loop_summary_is_unknown_where_the_formula_ranges_over_it(tmp_path: Path) -> None:
    doc = _proof(tmp_path, "-t", "a2a3", name="loop.cpp", text=LOOP)
    site = _site(doc, "walk", 14, "a2a3")
    rules = {r["rule"]: r for r in site["rules"]}
    assert site["status"] == "unknown" and site["reasons"] == ["loop-summary"]
    assert rules["PTO102"]["status"] == "unknown" and rules["PTO102"]["where"] == 13
    assert rules["PTO101"]["status"] == "verified" and rules["PTO101"]["note"] == "loop summary"
    kernel = doc["proof"]["files"][0]["kernels"][0]
    assert kernel["entry"] == "walk" and kernel["targets"]["a2a3"]["status"] == "unknown"


def test_text_table(tmp_path: Path) -> None:
    run = ptolint("check", "--prove", "k.cpp", cwd=_write(tmp_path, "k.cpp", KERNELS))
    assert run.code == 1, run.stderr  # the exit status of check: a warning
    out = run.stdout
    assert "call site" in out and "a2a3" in out and "a5" in out
    assert "clean: TADD line 17" in out and "violated: PTO006" in out and "unknown: opaque value" in out
    assert "k.cpp: clean: verified on a2a3 (4/4 sites); verified on a5 (4/4 sites)" in out
    assert "k.cpp: lost: a2a3: 3/4 verified, 1 unknown; a5: 3/4 verified, 1 unknown" in out
    assert "k.cpp: a2a3 10/12 call site(s) verified (83.3 %)" in out
    assert "kernels verified 1/3" in out
    assert out.rstrip().endswith("1 file(s) checked for a2a3, a5: 0 error(s), 1 warning(s), 0 note(s)")


def test_sarif_run_properties_validate(tmp_path: Path) -> None:
    run = ptolint("check", "--prove", "-f", "sarif", "k.cpp", cwd=_write(tmp_path, "k.cpp", KERNELS))
    doc = json.loads(run.stdout)
    validator = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    errors = list(validator.iter_errors(doc))
    assert not errors, errors[:3]
    props = doc["runs"][0]["properties"]["proof"]
    assert props["totals"]["a5"]["verified"] == 10 and props["totals"]["a5"]["kernels_verified"] == 1
    kernels = {k["entry"]: k for k in props["files"][0]["kernels"]}
    assert kernels["lost"]["targets"]["a2a3"]["status"] == "unknown"
    assert kernels["lost"]["targets"]["a2a3"]["unknown"] == 1


def test_cache_hit_and_parallel_give_the_same_proof(tmp_path: Path) -> None:
    d = _write(tmp_path, "k.cpp", KERNELS)
    _write(tmp_path, "loop.cpp", LOOP)
    env = {"PTOLINT_CACHE_DIR": str(tmp_path / "cache")}
    runs = [ptolint("check", "--prove", "-f", "json", "--stats", "k.cpp", "loop.cpp", *extra, cwd=d, env=env)
            for extra in ([], [], ["-j", "2"], ["--no-cache", "-j", "1"])]
    docs = [json.loads(r.stdout) for r in runs]
    assert [docs[0]["stats"]["k.cpp"]["cache"], docs[1]["stats"]["k.cpp"]["cache"]] == ["miss", "hit"]
    assert all(x["proof"] == docs[0]["proof"] for x in docs[1:])
    plain = json.loads(ptolint("check", "-f", "json", "k.cpp", cwd=d, env=env).stdout)
    assert "proof" not in plain  # without --prove: no key, and a cache entry of its own


def test_prove_needs_a_format_that_shows_it(tmp_path: Path) -> None:
    run = ptolint("check", "--prove", "-f", "matrix", "k.cpp", cwd=_write(tmp_path, "k.cpp", KERNELS))
    assert run.code == 2 and "--prove works with" in run.stderr


#: placements spelled as expressions of the template's parameters (TASSIGN<R * C * sizeof(T)>) and a TRESHAPE view
PLACED = r"""#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int R, int C>
AICORE void rowmin(__gm__ T* out)
{
    using Src = Tile<TileType::Vec, T, R, C>;
    using Dn = Tile<TileType::Vec, T, R, 1, BLayout::ColMajor, R, 1>;
    using Nd = Tile<TileType::Vec, T, 1, R, BLayout::RowMajor, 1, R>;
    Src src, tmp;
    Dn dst;
    Nd flat;
    TASSIGN<0x0>(src);
    TASSIGN<R * C * sizeof(T)>(tmp);
    TASSIGN<2 * R * C * sizeof(T)>(dst);
    TROWMIN(dst, src, tmp);
    TRESHAPE(flat, dst);
    TADD(flat, flat, flat);
}

extern "C" __global__ AICORE void kernel(__gm__ float* out)
{
    rowmin<float, 16, 64>(out);
}
"""


def test_placements_spelled_as_expressions_and_treshape_views_verify(tmp_path: Path) -> None:
    """PTO904 speaks for the kernel: every placement is followed (the address of TASSIGN<expr> is the
    instantiation's value, and a TRESHAPE's dst before it becomes src's view is not a lost placement)."""
    doc = _proof(tmp_path, "-t", "a2a3", name="placed.cpp", text=PLACED)
    kernel = doc["proof"]["files"][0]["kernels"][0]
    assert kernel["targets"]["a2a3"]["status"] == "verified", doc["proof"]["files"][0]["sites"]
    tassign = _site(doc, "kernel", 15, "a2a3")
    assert {r["rule"]: r["status"] for r in tassign["rules"]}["PTO904"] == "verified"
    # the same placements overlapping: found, so they are followed, not dropped
    clash = PLACED.replace("TASSIGN<R * C * sizeof(T)>(tmp);", "TASSIGN<R * C * sizeof(T) / 2>(tmp);") \
        .replace("TROWMIN(dst, src, tmp);", "TEXP(src, src);\n    TEXP(tmp, tmp);\n    TROWMIN(dst, src, tmp);")
    run = ptolint("check", "-t", "a2a3", "-f", "json", "clash.cpp", cwd=_write(tmp_path, "clash.cpp", clash))
    assert [(f["rule"], f["line"]) for f in json.loads(run.stdout)["findings"]] == [("PTO904", 18)], run.stdout

#: TLOAD / TSTORE on the Kirin NPUs go through their own files (ptolint/own_impls.py lists the ones read)
KIRIN_IO = r"""#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int ROWS, int COLS>
AICORE void copy(__gm__ T* dst, __gm__ T* src) {
    using GT = GlobalTensor<T, Shape<1, 1, 1, ROWS, COLS>, Stride<1, 1, 1, COLS, 1>>;
    Tile<TileType::Vec, T, ROWS, COLS> t;
    TASSIGN(t, 0x0);
    GT in(src);
    GT out(dst);
    TLOAD(t, in);
    TSTORE(out, t);
}

extern "C" __global__ AICORE void kernel(__gm__ float* dst, __gm__ float* src, __gm__ int64_t* d64,
                                         __gm__ int64_t* s64) {
    copy<float, 16, 64>(dst, src);
    copy<int64_t, 16, 16>(d64, s64);
}
"""


def test_own_tload_tstore_files_of_newer_targets_verify(tmp_path: Path) -> None:
    """Kirin 9030's TLoad.hpp / TStore.hpp, Kirin Dev0000's TStore.hpp and A6's TLoad.hpp were read: every TLOAD /
    TSTORE rule has their facts, so the calls verify (the A2/A3-only type list of PTO951 does not apply); Kirin
    X90's TStore.hpp (A2/A3's file with its own lists) was read too: its TSTORE verifies; its TLoad.hpp cannot
    compile (TLOAD_TILE_IMPL undeclared) and has no facts: unknown."""
    doc = _proof(tmp_path, "-t", "kirin9030,kirindev0000,kirinx90", name="io.cpp", text=KIRIN_IO)
    f = doc["proof"]["files"][0]
    for t in ("kirin9030", "kirindev0000"):
        for line in (12, 13):
            site = _site(doc, "kernel", line, t)
            assert site["status"] == "verified", site
            rules = {r["rule"]: r["status"] for r in site["rules"]}
            assert {"PTO950", "PTO952", "PTO953", "PTO956"} <= {r for r, s in rules.items() if s == "verified"}
            assert "unknown" not in rules.values(), site
            if line == 12:  # PTO955 (A5's static extents, the same StaticCheck) has nothing static to compare here
                assert rules["PTO951"] == "not-applicable" and "PTO955" in rules
        assert f["counts"][t]["verified"] == f["counts"][t]["sites"], f["counts"]
    a6 = _proof(tmp_path, "-t", "a6", name="io.cpp", text=KIRIN_IO)  # npu/a6/TLoad.hpp read; TSTORE is a5's file,
    # which impls.py calls divergent (a6/datatype.hpp shadows it) but behaves as on A5: read, A5's facts
    a6_load = _site(a6, "kernel", 12, "a6")
    assert a6_load["status"] == "verified", a6_load
    assert "unknown" not in {r["status"] for r in a6_load["rules"]}, a6_load
    assert _site(a6, "kernel", 13, "a6")["status"] == "verified"
    x90 = _site(doc, "kernel", 12, "kirinx90")
    assert x90["status"] == "unknown" and x90["reasons"] == ["no-facts"], x90
    assert any("kirinx90 implements TLOAD in its own npu/kirinX90 files" in r["detail"] for r in x90["rules"]), x90
    x90_store = _site(doc, "kernel", 13, "kirinx90")
    assert x90_store["status"] == "verified", x90_store
    assert {"PTO950", "PTO952", "PTO953", "PTO956"} <= {r["rule"] for r in x90_store["rules"]
                                                         if r["status"] == "verified"}
    assert f["unknown_reasons"] == {"kirin9030": {}, "kirindev0000": {}, "kirinx90": {"no-facts": 1}}


#: a plain Vec TLOAD (line 13) and a ConvTile TLOAD (line 17), in one kernel
CONV_AND_VEC = r"""#include <pto/pto-inst.hpp>

using namespace pto;

using GT = GlobalTensor<half, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;
using GC = GlobalTensor<half, Shape<1, 2, 8, 16, 16>, Stride<4096, 2048, 256, 16, 1>, Layout::NC1HWC0>;
using Fmap = ConvTile<TileType::Mat, half, 8192, Layout::NC1HWC0, ConvTileShape<1, 2, 8, 16, 16>>;

extern "C" __global__ AICORE void kernel(__gm__ half* src, __gm__ half* x) {
    Tile<TileType::Vec, half, 16, 64> t;
    TASSIGN(t, 0x0);
    GT in(src);
    TLOAD(t, in);
    Fmap f;
    TASSIGN(f, 0x0);
    GC g(x);
    TLOAD(f, g);
}
"""


def test_a_rule_whose_operand_form_the_call_lacks_is_not_applicable_where_it_has_no_facts(tmp_path: Path) -> None:
    """Kirin X90's TLoad.hpp has no facts (it cannot compile): the Tile rules stay unknown at both calls, but the
    ConvTile-only rules (Rule.form: PTO029, PTO030) are not applicable at the Vec TLOAD and unknown at the ConvTile
    one; a Tile-only rule (PTO936, form dst Tile) the other way round."""
    doc = _proof(tmp_path, "-t", "kirinx90", name="conv.cpp", text=CONV_AND_VEC)
    vec = {r["rule"]: r for r in _site(doc, "kernel", 13, "kirinx90")["rules"]}
    conv = {r["rule"]: r for r in _site(doc, "kernel", 17, "kirinx90")["rules"]}
    for code in ("PTO029", "PTO030"):
        assert vec[code]["status"] == "not-applicable", vec[code]
        assert conv[code]["status"] == "unknown" and conv[code]["reason"] == "no-facts", conv[code]
    assert vec["PTO936"]["status"] == "unknown" and conv["PTO936"]["status"] == "not-applicable"
    assert vec["PTO950"]["status"] == "unknown" and conv["PTO950"]["status"] == "unknown"  # no form declared


def test_not_run_keeps_a_convtile_call_unknown_where_the_convtile_rule_lacks_the_targets_facts() -> None:
    """proof.not_run on A6 for a PTO030 without A6's facts (as before they were read): the ConvTile TLOAD stays
    unknown (no-facts), the Vec TLOAD is not applicable; with the facts the rule runs at both."""
    import dataclasses

    from ptolint import proof
    from ptolint.ir import CallSite, Const, GlobalOperand, GlobalSpec, TileOperand, TileSpec, TypeOperand
    from ptolint.ruleset import load_rules

    rule = load_rules()["PTO030"]
    spec = GlobalSpec("half", (1, 2, 8, 16, 16), (4096, 2048, 256, 16, 1), "NC1HWC0")
    g = GlobalOperand(spec, tuple(Const(d) for d in spec.shape), tuple(Const(d) for d in spec.stride), "g")
    conv = TypeOperand("pto::ConvTile<pto::TileType::Mat, half, 8192, pto::Layout::NC1HWC0, "
                       "pto::ConvTileShape<1, 2, 8, 16, 16>> &", "f")
    vec = TileOperand(TileSpec("Vec", "half", 16, 64, "RowMajor", 16, 64, "NoneBox", 512, elem_size=2), Const(16),
                      Const(64), "t")
    sites = {form: CallSite("TLOAD", "k.cpp", 3, 5, 3, 20, "a6", ["dst", "src"], [dst, g], {})
             for form, dst in (("conv", conv), ("vec", vec))}
    unread = dataclasses.replace(rule, own={"kirin9030": ("TLOAD",)})
    assert rule.runs("TLOAD", "a6", ("half",)) and not unread.runs("TLOAD", "a6", ("half",))
    assert proof.not_run(unread, sites["conv"], ()).status == "unknown"
    assert proof.not_run(unread, sites["conv"], ()).reason == "no-facts"
    assert proof.not_run(unread, sites["vec"], ("half",)).status == "not-applicable"
    assert rule.applies(sites["conv"]) and not rule.applies(sites["vec"])


def test_own_file_facts_decide_violations_the_a5_file_would_not(tmp_path: Path) -> None:
    """A DN tensor into an NZ L1 tile: A5's TLoad.hpp copies it, Kirin 9030's static_asserts (both Kirins use that
    file): violated there with a confirmed finding, verified on A5."""
    text = KIRIN_IO.replace("Tile<TileType::Vec, T, ROWS, COLS> t;", "Tile<TileType::Mat, T, ROWS, COLS, "
                            "BLayout::ColMajor, ROWS, COLS, SLayout::RowMajor, 512> t;") \
        .replace("Stride<1, 1, 1, COLS, 1>>;", "Stride<1, 1, 1, 1, ROWS>, Layout::DN>;") \
        .replace("    TSTORE(out, t);\n", "").replace("int64_t", "half")
    doc = _proof(tmp_path, "-t", "a5,kirin9030,kirindev0000", name="dn.cpp", text=text)
    assert _site(doc, "kernel", 12, "a5")["status"] == "verified"
    for t in ("kirin9030", "kirindev0000"):
        site = _site(doc, "kernel", 12, t)
        assert site["status"] == "violated" and {r["rule"]: r["status"] for r in site["rules"]}["PTO953"] == "violated"
    assert {(x["rule"], x["target"], x["confirmed"]) for x in doc["findings"]} == {
        ("PTO953", "kirin9030", True), ("PTO953", "kirindev0000", True)}


WINDOW = r"""#include <pto/pto-inst.hpp>

using namespace pto;

extern "C" __global__ AICORE void kernel(__gm__ float* out)
{
    using Full = Tile<TileType::Vec, float, 16, 64>;
    using Half = Tile<TileType::Vec, float, 8, 64>;
    Full full, other;
    Half win;
    TASSIGN(full, 0x0);
    TASSIGN(other, 0x1000);
    TEXPANDS(full, 0.0f);
    TSUBVIEW(win, full, 8, 0);
    TEXPANDS(win, 1.0f);
    TADD(other, full, full);
}
"""


def test_tsubview_windows_are_followed_placements(tmp_path: Path) -> None:
    """TSUBVIEW(dst, src, row, col) places dst at src + (row * RowStride + col * ColStride) elements (a2a3/TSubView.hpp,
    used by every target): the window is a followed placement, nested in src (deliberate aliasing), so PTO904
    verifies the kernel instead of giving up on its placements."""
    doc = _proof(tmp_path, "-t", "a2a3,a5", name="win.cpp", text=WINDOW)
    for t in ("a2a3", "a5"):
        site = _site(doc, "kernel", 11, t)
        assert {r["rule"]: r["status"] for r in site["rules"]}["PTO904"] == "verified", site
    assert not doc["findings"]
    # the window's placement is a real one: moved past the end of `full`, it straddles `other` and clobbers it
    # between its definition and its read
    clash = WINDOW.replace("TASSIGN(other, 0x1000);", "TASSIGN(other, 0x1000);\n    TEXPANDS(other, 2.0f);") \
        .replace("TSUBVIEW(win, full, 8, 0);", "TSUBVIEW(win, full, 12, 0);") \
        .replace("TADD(other, full, full);", "TADD(full, other, other);")
    run = ptolint("check", "-t", "a2a3", "-f", "json", "clash.cpp", cwd=_write(tmp_path, "clash.cpp", clash))
    assert [(f["rule"], f["line"]) for f in json.loads(run.stdout)["findings"]] == [("PTO904", 16)], run.stdout


POPPED = r"""#include <pto/pto-inst.hpp>

using namespace pto;

extern "C" __global__ AICORE void kernel(__gm__ float* out)
{
    using V = Tile<TileType::Vec, float, 16, 64>;
    using Pipe = TPipe<0, Direction::DIR_C2V, 4096, 2>;
    Pipe pipe((__gm__ void*)(uint64_t)0x0, (uint32_t)0x0, (uint32_t)0x0);
    V popped, other, res;
    TASSIGN(other, 0x2000);
    TASSIGN(res, 0x3000);
    TPOP<Pipe, V, TileSplitAxis::TILE_UP_DOWN>(pipe, popped);
    TEXPANDS(other, 1.0f);
    TADD(res, popped, other);
}
"""


def test_tpop_places_its_tile_in_a_slot_of_the_pipes_consumer_fifo(tmp_path: Path) -> None:
    """TPOP(pipe, tile) places the tile at the consumer buffer the TPipe was constructed with plus a slot (the
    pipe's pop count modulo its slots: any of them) times SlotSize (a2a3/TPush.hpp, a5/TPush.hpp): a tile placed
    past the FIFO ([0, 2 x 4096)) cannot clobber it (verified), one placed across its second slot may, for one
    slot value but not the other: unknown, never verified and never reported (the slot is a run-time count)."""
    doc = _proof(tmp_path, "-t", "a2a3,a5", name="pop.cpp", text=POPPED)
    for t in ("a2a3", "a5"):
        assert doc["proof"]["files"][0]["kernels"][0]["targets"][t]["status"] == "verified", doc["proof"]
        write = _site(doc, "kernel", 14, t)  # the write between the pop and the read: a PTO904 sequence there
        assert {r["rule"]: r["status"] for r in write["rules"]}["PTO904"] == "verified", write
    clash = _proof(tmp_path, "-t", "a2a3,a5", name="clash.cpp",
                   text=POPPED.replace("TASSIGN(other, 0x2000);", "TASSIGN(other, 0x1800);"))
    assert not clash["findings"]
    for t in ("a2a3", "a5"):
        rule = next(r for r in _site(clash, "kernel", 14, t)["rules"] if r["rule"] == "PTO904")
        # (a loaded machine may make Z3 give up on the every-slot query: still unknown, never verified)
        assert rule["status"] == "unknown", rule
        assert (rule["reason"] == "opaque-value" and "pipe.slot" in rule["detail"]) or \
            rule["reason"] == "solver-unknown", rule
    # the pipe handed to a helper by reference pops into the same buffers
    helper = POPPED.replace('extern "C" __global__ AICORE void kernel(__gm__ float* out)\n{', """template <typename P, typename T>
AICORE void pop(P& p, T& t)
{
    TPOP<P, T, TileSplitAxis::TILE_UP_DOWN>(p, t);
}

extern "C" __global__ AICORE void kernel(__gm__ float* out)
{""").replace("    TPOP<Pipe, V, TileSplitAxis::TILE_UP_DOWN>(pipe, popped);", "    pop(pipe, popped);")
    doc = _proof(tmp_path, "-t", "a5", name="helper.cpp", text=helper)
    assert doc["proof"]["files"][0]["kernels"][0]["targets"]["a5"]["status"] == "verified", doc["proof"]
    # a kernel that moves the consumer entries itself is not followed
    moved = POPPED.replace("    V popped, other, res;", "    pipe.cons.setEntryOffset(64);\n    V popped, other, res;")
    doc = _proof(tmp_path, "-t", "a5", name="moved.cpp", text=moved)
    assert _site(doc, "kernel", 12, "a5")["reasons"] == ["placement"]

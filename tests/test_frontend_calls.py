"""Frontend call handling: builtins on the right of an overloaded assignment, `auto` enum template arguments."""

from __future__ import annotations

import os

from ptolint.engine import builtin_names
from ptolint.frontend.parse import ParseOptions, parse
from ptolint.frontend.program import analyse, explicit_template_args


def sites_of(tmp_path, code: str, target: str = "a5"):
    p = tmp_path / "k.cpp"
    p.write_text(code)
    tu, _ = parse(os.path.abspath(p), target, ParseOptions(), code)
    return analyse(tu, target, os.path.abspath(p), builtin_names()).sites


def test_builtin_assigned_to_an_event_is_a_call_site(tmp_path):
    sites = sites_of(tmp_path, """
#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kernel() {
    using T = Tile<TileType::Vec, float, 16, 16>;
    T a, b, tmp;
    Event<Op::TLOAD, Op::TTRANS> e0;
    Event<Op::TTRANS, Op::TSTORE_VEC> e1;
    e1 = TTRANS(a, b, tmp, e0);
}
""")
    assert [(s.builtin, s.line) for s in sites] == [("TTRANS", 9)]
    assert [n for n, _ in sites[0].tiles()] == ["dst", "src", "tmp"]


def test_auto_template_argument_read_at_its_position_or_default(tmp_path):
    sites = sites_of(tmp_path, """
#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kernel() {
    using D = Tile<TileType::Vec, float, 16, 16>;
    D dst, src;
    TGATHER<D, D, MaskPattern::P1010>(dst, src);
    TGATHER<D, D, MaskPattern::P1010, GatherAxis::GATHER_COL>(dst, src);
}
""")
    args = [s.template_args.get("gatherType") for s in sites if s.builtin == "TGATHER"]
    assert args == ["GATHER_ROW", "GATHER_COL"]


def test_explicit_template_args_split_at_top_level_commas():
    toks = ["F", "<", "A", "<", "B", "<", "1", ">>", ",", "C", "::", "D", ">"]
    assert explicit_template_args(toks) == [["A", "<", "B", "<", "1", ">>"], ["C", "::", "D"]]
    assert explicit_template_args(["F"]) == []


def test_site_with_an_unreadable_operand_is_unresolved_but_kept_for_operand_free_rules(tmp_path):
    from typer.testing import CliRunner

    from ptolint.cli import app

    p = tmp_path / "k.cpp"
    p.write_text("""
#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kernel() {
    using T = Tile<TileType::Vec, int16_t, 16, 16>;
    T a, b, d;
    TADDSC(a, b, L'x', d);
}
""")
    sites = sites_of(tmp_path, p.read_text(), "a2a3")
    assert len(sites) == 1 and "character literal" in sites[0].unresolved
    r = CliRunner().invoke(app, ["check", "--no-cache", "-t", "a2a3", "--stats", str(p)])
    assert "[PTO010]" in r.output and ":7:5: error" in r.output
    assert "0 resolved, 1 unresolved" in r.output  # never counted as resolved
    assert sum("error: [" in ln for ln in r.output.splitlines()) == 1  # operand rules did not run on it


def test_integral_template_arguments_are_their_values(tmp_path):
    """A builtin's integral template argument is the instantiation's value, whatever spells it: an expression of
    the caller's template parameters (TASSIGN<R * C * sizeof(T)>), an unsigned value past the signed range of its
    type (libclang gives it sign-extended), a bool as true / false."""
    sites = sites_of(tmp_path, """
#include <pto/pto-inst.hpp>
using namespace pto;
template <typename T, int R, int C>
AICORE void body() {
    using V = Tile<TileType::Vec, T, R, C>;
    V a;
    TASSIGN<R * C * sizeof(T) + 0x20>(a);
    Tile<TileType::Vec, uint32_t, 16, 64> dst;
    TRandomKey key;
    TRandomCounter counter;
    TRANDOM<40000>(dst, key, counter);
    using L = Tile<TileType::Vec, float, 1, 64>;
    L x, y, out, tmp;
    MrgSortExecutedNumList executed;
    TMRGSORT<L, L, L, L, true>(out, executed, tmp, x, y);
}
extern "C" __global__ AICORE void kernel() { body<float, 16, 64>(); }
""")
    args = {s.builtin: s.template_args for s in sites}
    assert args["TASSIGN"]["Addr"] == str(16 * 64 * 4 + 0x20)
    assert args["TRANDOM"]["Rounds"] == "40000"
    assert args["TMRGSORT"]["exhausted"] == "true"


def test_a_callers_unsigned_template_parameter_is_its_value(tmp_path):
    """A `uint16_t` template parameter of the kernel's own function bound to 40000 is 40000 everywhere: in the
    values the analysis computes from it (a valid region of 40000 - 39990 = 10 columns is legal), in the rule's
    message, in the executor's confirmation and in the instantiation's name (libclang reads it as -25536)."""
    from conftest import ptolint

    src = tmp_path / "k.cpp"
    src.write_text("""#include <pto/pto-inst.hpp>
using namespace pto;
template <uint16_t kRounds>
AICORE void bits(__gm__ uint32_t* seed) {
    Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, -1, -1> part(1, kRounds - 39990);
    TASSIGN(part, 0x0);
    TEXPANDS(part, 1.0f);
    Tile<TileType::Vec, uint32_t, 16, 64> dst;
    TASSIGN(dst, 0x1000);
    TRandomKey key = {seed[0], seed[1]};
    TRandomCounter counter = {seed[2], seed[3], 0, 0};
    TRANDOM<kRounds>(dst, key, counter);
}
extern "C" __global__ AICORE void kernel(__gm__ uint32_t* seed) { bits<40000>(seed); }
""")
    r = ptolint("check", str(src), "--target", "a5", "--no-cache")
    assert r.code == 1, r.stdout
    assert [ln.split("[")[1].split("]")[0] for ln in r.stdout.splitlines() if ": error: [" in ln] == ["PTO054"]
    assert "TRANDOM: Rounds = 40000, a5 accepts 7 or 10" in r.stdout
    assert "confirmed: TRANDOM: Rounds = 40000" in r.stdout
    assert "in bits<40000>, called from kernel" in r.stdout
    assert "-25536" not in r.stdout and "PTO006" not in r.stdout


def test_tile_member_set_mad_tf32_mode_is_a_call_site_of_its_pseudo_builtin(tmp_path):
    """Tile::SetMadTF32Mode(mode) (ptolint.ir.MEMBER_BUILTINS) becomes a TILE_SETMADTF32MODE site whose operand is
    the mode; the tile's other members stay tile-state updates."""
    sites = sites_of(tmp_path, """
#include <pto/pto-inst.hpp>
using namespace pto;
template <RoundMode M>
AICORE void mm(int mode) {
    TileLeft<float, 16, 32> a;
    a.SetMadTF32Mode(M);
    a.SetMadTF32Mode(static_cast<RoundMode>(mode));
    a.ResetMadMode();
}
extern "C" __global__ AICORE void kernel(int mode) {
    mm<RoundMode::CAST_FLOOR>(mode);
}
""")
    assert [(s.builtin, s.line, s.params) for s in sites] == [("TILE_SETMADTF32MODE", 7, ["tf32TransMode"]),
                                                               ("TILE_SETMADTF32MODE", 8, ["tf32TransMode"])]
    assert sites[0].args[0].expr.value == 3 and sites[1].args[0].expr.name == "mode"

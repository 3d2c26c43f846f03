"""Executor unit tests for the pipe/debug ops (TPUSH, TPOP, TPRINT) and the availability gate (PTO010)."""

from __future__ import annotations

import pytest

# registered explicitly (see test_tile_colexpand_tdivs_executor.py): the availability module imports every
# ops module and then gates the builtins it lists
import ptolint.executor.ops.availability  # noqa: F401
import ptolint.executor.ops.pipes  # noqa: F401
from ptolint.executor import replay
from ptolint.executor.machine import OPS
from ptolint.ir import Const, ScalarOperand, TileOperand, TileSpec, TypeOperand
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

PIPE = TypeOperand("pto::TPipe<'\\x00', '\\x01', 8192, 2> &", "pipe")


def tile(loc: str, dtype: str = "float", rows: int = 16, cols: int = 64, name: str = "t") -> TileOperand:
    size = {"float": 4, "half": 2, "int8_t": 1, "uint8_t": 1, "int4b_t": 1}[dtype]
    blayout = "ColMajor" if loc in ("Acc", "Left", "Mat") else "RowMajor"
    slayout = "RowMajor" if loc in ("Acc", "Left", "Mat") else "NoneBox"
    fractal = 1024 if loc == "Acc" else 512
    spec = TileSpec(loc, dtype, rows, cols, blayout, rows, cols, slayout, fractal, elem_size=size)
    return TileOperand(spec, Const(rows), Const(cols), name)


def site(builtin: str, params: list[str], args: list, target: str, template_args=None):
    from ptolint.ir import CallSite

    return CallSite(builtin, "k.cpp", 7, 5, 7, 40, target, params, args, dict(template_args or {}))


def ring_push(loc: str, target: str):
    return site("TPUSH", ["pipe", "tile"], [PIPE, tile(loc)], target, {"Split": "TILE_NO_SPLIT"})


def kinds(s) -> set[str]:
    """Fault kinds of one replay, without layout faults of the hand-made tiles (Ctrl tiles have their own)."""
    out = replay(s, {})
    assert out.refused is None, out.refused
    return out.kinds() - {"invalid-tile"}


# --- TPUSH / TPOP / TPRINT -------------------------------------------------------------------------


@pytest.mark.parametrize("loc", ["Acc", "Vec", "Ctrl"])
def test_a2a3_ring_push_accepts_acc_vec_ctrl(loc: str) -> None:
    assert "unsupported-path" not in kinds(ring_push(loc, "a2a3"))


@pytest.mark.parametrize("loc", ["Mat", "Left", "Bias"])
def test_a2a3_ring_push_rejects_other_tiles(loc: str) -> None:
    assert "unsupported-path" in kinds(ring_push(loc, "a2a3"))


def test_a5_ring_push_drops_non_acc_vec_tiles_silently() -> None:
    assert kinds(ring_push("Mat", "a5")) == {"no-op"}
    assert kinds(ring_push("Ctrl", "a5")) == {"no-op"}
    assert kinds(ring_push("Acc", "a5")) == set()
    assert kinds(ring_push("Vec", "a5")) == set()


def test_tmpipe_push_and_tconfig_push() -> None:
    for target in ("a2a3", "a5"):
        tm = site("TPUSH", ["tile", "pipe"], [tile("Left"), PIPE], target)
        assert "unsupported-path" in kinds(tm)
        assert kinds(site("TPUSH", ["tile", "pipe"], [tile("Vec"), PIPE], target)) == set()
        # TPUSH<Pipe, Tile, TConfig>(pipe, tile): no Split, pipe first, Acc only
        assert "unsupported-path" in kinds(site("TPUSH", ["pipe", "tile"], [PIPE, tile("Vec")], target))
        assert kinds(site("TPUSH", ["pipe", "tile"], [PIPE, tile("Acc")], target)) == set()


def test_tpop_forms() -> None:
    for target in ("a2a3", "a5"):
        ring = {"Split": "TILE_UP_DOWN"}
        assert "unsupported-path" in kinds(site("TPOP", ["pipe", "tile"], [PIPE, tile("Acc")], target, ring))
        assert kinds(site("TPOP", ["pipe", "tile", "subBlockId"],
                          [PIPE, tile("Ctrl"), ScalarOperand(Const(1), "1")], target, ring)) == set()
        assert "unsupported-path" in kinds(site("TPOP", ["tile", "pipe"], [tile("Ctrl"), PIPE], target))
        assert kinds(site("TPOP", ["tile", "pipe"], [tile("Mat"), PIPE], target)) == set()


def test_tprint_locations() -> None:
    gm = TypeOperand("pto::GlobalTensor<float, pto::Shape<1, 1, 1, 16, 64>> &", "scratch")
    assert "unsupported-path" in kinds(site("TPRINT", ["src"], [tile("Acc")], "a2a3"))
    assert kinds(site("TPRINT", ["src", "tmp"], [tile("Mat"), gm], "a2a3")) == set()
    assert "unsupported-path" in kinds(site("TPRINT", ["src", "tmp"], [tile("Mat"), gm], "a5"))
    assert kinds(site("TPRINT", ["src", "tmp"], [tile("Acc"), gm], "a5")) == set()
    assert kinds(site("TPRINT", ["src"], [tile("Vec")], "a5")) == set()


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tprint_element_types(target: str) -> None:
    """PrintValue (a2a3/TPrint.hpp): no format for pto::int4b_t (PTO037); bytes and half print."""
    assert kinds(site("TPRINT", ["src"], [tile("Vec", "int4b_t")], target)) == {"unsupported-dtype"}
    assert kinds(site("TPRINT", ["src"], [tile("Vec", "int8_t")], target)) == set()
    assert kinds(site("TPRINT", ["src"], [tile("Vec", "half")], target)) == set()


def test_grid_pipe_forms_are_left_to_the_availability_gate() -> None:
    grid = {"Direction": "EAST", "Dist": "1"}
    s = site("TPUSH", ["pipe", "tile"], [PIPE, tile("Mat")], "a2a3", grid)
    assert kinds(s) == set()
    assert kinds(site("TPUSH", ["pipe", "tile"], [PIPE, tile("Vec")], "a5", grid)) == {"unavailable"}
    assert kinds(site("TPOP", ["pipe", "tile"], [PIPE, tile("Vec")], "a5", {"Direction": "WEST"})) == {"unavailable"}
    assert kinds(site("TPUSH", ["pipe", "tile"], [PIPE, tile("Vec")], "a5", {"Span": "ROW"})) == {"unavailable"}


# --- availability gate -----------------------------------------------------------------------------


def test_gate_is_installed_in_front_of_every_listed_builtin() -> None:
    for name in ("TADDC", "TSUBC", "TADDSC", "TSUBSC", "TGET_SCALE_ADDR", "TRANDOM", "TMATMUL_MX", "TPUSH",
                 "TPOP", "TQUANT"):
        assert getattr(OPS[name], "availability_gate", False), name


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_taddc_exists_nowhere(target: str) -> None:
    s = site("TADDC", ["dst", "src0", "src1", "src2"], [tile("Vec", name=n) for n in ("d", "a", "b", "c")], target)
    assert kinds(s) == {"unavailable"}


def test_a5_only_builtins() -> None:
    s = site("TGET_SCALE_ADDR", ["dst", "src"], [tile("Vec"), tile("Vec")], "a2a3")
    assert kinds(s) == {"unavailable"}
    s = site("TGET_SCALE_ADDR", ["dst", "src"], [tile("Vec"), tile("Vec")], "a5")
    assert kinds(s) == set()


def test_tquant_nz_store_form() -> None:
    ptr = TypeOperand("pto::Tile<...> *", "&e")
    args = [tile("Vec", "uint8_t"), tile("Vec"), ptr, ptr, ptr, ptr]
    params = ["dst", "src", "exp", "max", "scaling", "exp_zz"]
    nz = site("TQUANT", params, args, "a5", {"quant_type": "MXFP8", "store_mode": "NZ"})
    assert "unavailable" in kinds(nz)
    nd = site("TQUANT", params[:5], args[:5], "a5", {"quant_type": "MXFP8"})
    assert "unavailable" not in kinds(nd)


# --- rules and executor agree ----------------------------------------------------------------------


@pytest.mark.parametrize(("code", "s", "fires"), [
    ("PTO010", site("TADDC", ["dst", "src0", "src1", "src2"], [tile("Vec") for _ in range(4)], "a5"), True),
    ("PTO010", site("TPUSH", ["pipe", "tile"], [PIPE, tile("Vec")], "a2a3", {"Direction": "EAST"}), False),
    ("PTO020", ring_push("Mat", "a2a3"), True),
    ("PTO020", ring_push("Mat", "a5"), False),
    ("PTO021", ring_push("Mat", "a5"), True),
    ("PTO021", ring_push("Vec", "a5"), False),
])
def test_rule_verdicts_are_confirmed(code: str, s, fires: bool) -> None:
    r = load_rules()[code]
    if s.target not in r.targets:
        assert not fires
        return
    verdict = check_rule(r, s, 2000)
    assert (verdict.level == "error") == fires
    if fires:
        assert r.fault in replay(s, verdict.assignment or {}).kinds()


# --- the TPipe class itself (PTO022) ---------------------------------------------------------------


@pytest.mark.parametrize(("spelling", "target", "broken"), [
    ("pto::TPipe<'\\x0e', '\\x01', 8192, 1> &", "a2a3", False),  # flag 14, C2V, one slot: the limits
    ("pto::TPipe<'\\x0c', '\\x03', 8192, 1> &", "a2a3", False),  # flag 12 both ways: FlagID + 3 = 15
    ("pto::TPipe<'\\x0e', '\\x03', 8192, 1> &", "a2a3", True),   # flag 14 both ways: FlagID + 3 = 17
    ("pto::TPipe<'\\x0d', '\\x07', 8192, 2> &", "a5", True),     # BOTH_GM: FlagID + 3 = 16
    ("pto::TPipe<'\\x0d', '\\x06', 8192, 2> &", "a5", False),    # V2C_GM, one way: FlagID + 1 = 14
    ("pto::TPipe<'\\x0f', '\\x01', 8192, 2> &", "a5", True),     # FlagID + 1 = 16
    ("pto::TPipe<'\\xff', '\\x01', 8192, 2> &", "a2a3", False),  # uint8_t(255 + 1) = 0: the assert passes
    ("pto::TPipe<'\\x00', '\\x05', 8192, 2> &", "a2a3", True),   # C2V_GM: A5 only
    ("pto::TPipe<'\\x00', '\\x05', 8192, 2> &", "a5", False),
    ("pto::TPipe<'\\x00', '\\x01', 8192, 0> &", "a2a3", True),   # no slots
    ("pto::TPipe<'\\x00', '\\x01', 8192, 0> &", "a5", False),    # A5 does not check SlotNum
])
def test_tpipe_class_requirements(spelling: str, target: str, broken: bool) -> None:
    push = site("TPUSH", ["pipe", "tile"], [TypeOperand(spelling, "pipe"), tile("Acc")], target,
                {"Split": "TILE_NO_SPLIT"})
    assert ("invalid-pipe" in kinds(push)) is broken
    verdict = check_rule(load_rules()["PTO022"], push)
    assert (verdict.level == "error") is broken


# --- TMPipe routes / FIFO kinds / split modes, A5 split ring pushes, GridPipe SOURCE, GlobalTensor TPUSH ----------

ACC_T = "pto::Tile<pto::TileType::Acc, float, 16, 64, pto::BLayout::ColMajor, 16, 64, pto::SLayout::RowMajor, 1024>"


def vec_t(rows: int, cols: int = 64) -> str:
    return f"pto::Tile<pto::TileType::Vec, float, {rows}, {cols}, pto::BLayout::RowMajor, {rows}, {cols}>"


def tmpipe(fifo: str, prod: str, cons: str) -> TypeOperand:
    return TypeOperand(f"pto::TMPipe<'\\x00', pto::FIFOType::{fifo}, '\\x02', '\\x01', {prod}, {cons}> &", "pipe")


@pytest.mark.parametrize(("target", "fifo", "cons_rows", "builtin", "bad"), [
    ("a5", "VEC_FIFO", 8, "TPUSH", False),  # two vector cores, rows split
    ("a5", "VEC_FIFO", 16, "TPUSH", True),  # two vector cores, nothing split
    ("a5", "GM_FIFO", 16, "TPUSH", False),
    ("a2a3", "VEC_FIFO", 8, "TPOP", True),  # A2/A3 pops GM / CTRL FIFOs only
    ("a5", "VEC_FIFO", 8, "TPOP", False),
    ("a5", "MAT_FIFO", 8, "TPOP", True),  # the class has no Acc -> Vec route through MAT_FIFO
])
def test_tmpipe_routes_and_split_modes(target, fifo, cons_rows, builtin, bad) -> None:
    pipe = tmpipe(fifo, ACC_T, vec_t(cons_rows))
    t = tile("Acc") if builtin == "TPUSH" else tile("Vec", rows=cons_rows)
    s = site(builtin, ["tile", "pipe"], [t, pipe], target)
    assert kinds(s) == ({"unsupported-path"} if bad else set())


def test_a5_split_ring_push_shape_and_valid_region() -> None:
    acc48 = tile("Acc", cols=48)
    s = site("TPUSH", ["pipe", "tile"], [PIPE, acc48], "a5", {"Split": "TILE_LEFT_RIGHT"})
    assert kinds(s) == {"split-misaligned"}
    odd = TileOperand(tile("Acc").spec, Const(7), Const(64), "acc")
    s = site("TPUSH", ["pipe", "tile"], [PIPE, odd], "a5", {"Split": "TILE_UP_DOWN"})
    assert kinds(s) == {"split-misaligned"}
    s = site("TPUSH", ["pipe", "tile"], [PIPE, tile("Acc")], "a5", {"Split": "TILE_UP_DOWN"})
    assert kinds(s) == set()


def test_grid_tpush_source_only_rejected_on_a2a3() -> None:
    grid = TypeOperand("pto::GridPipe<pto::Tile<pto::TileType::Vec, float, 16, 64>, 4096, 2> &", "pipe")
    for d, bad in (("pto::GridDirection::SOURCE", True), ("pto::GridDirection::EAST", False)):
        s = site("TPUSH", ["pipe", "tile"], [grid, tile("Vec")], "a2a3", {"Direction": d})
        assert kinds(s) == ({"unsupported-path"} if bad else set())

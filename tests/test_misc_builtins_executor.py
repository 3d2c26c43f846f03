"""Executor unit tests for the miscellaneous builtins (TCI, TTRI, TGATHERB, THISTOGRAM, TRANDOM, TIMG2COL,
SET_QUANT_VECTOR, the FMATRIX setters, TALLOC / TFREE, TSYNC) and the agreement of rules PTO050..PTO059 with it."""

from __future__ import annotations

import pytest

import ptolint.executor.ops.availability  # noqa: F401
import ptolint.executor.ops.misc_builtins  # noqa: F401
from ptolint.executor import replay
from ptolint.ir import CallSite, Const, GlobalOperand, GlobalSpec, ScalarOperand, TileOperand, TileSpec, TypeOperand
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

SIZES = {"float": 4, "half": 2, "bfloat16_t": 2, "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2,
         "int32_t": 4, "uint32_t": 4, "int64_t": 8, "uint64_t": 8}


def tile(dtype: str = "float", rows: int = 16, cols: int = 64, loc: str = "Vec", blayout: str = "RowMajor",
         slayout: str = "NoneBox", name: str = "t") -> TileOperand:
    spec = TileSpec(loc, dtype, rows, cols, blayout, rows, cols, slayout, 512, elem_size=SIZES[dtype])
    return TileOperand(spec, Const(rows), Const(cols), name)


def left(dtype: str, target: str) -> TileOperand:
    blayout = "ColMajor" if target == "a5" else "RowMajor"
    return tile(dtype, 32, 64, "Left", blayout, "RowMajor", "a")


def scalar(v: int, name: str = "s") -> ScalarOperand:
    return ScalarOperand(Const(v), name)


def conv(dtype: str = "half", loc: str = "Mat", layout: str = "NC1HWC0") -> TypeOperand:
    return TypeOperand(f"pto::ConvTile<pto::TileType::{loc}, {dtype}, 4096, pto::Layout::{layout}, "
                       "pto::ConvTileShape<1, 4, 4, 16, 16>> &", "fmap")


def pipe(direction: str) -> TypeOperand:
    return TypeOperand(f"pto::TPipe<'\\x00', {direction}, 8192, 2> &", "pipe")


def gm() -> GlobalOperand:
    spec = GlobalSpec("float", (1, 1, 1, 16, 64), (1024, 1024, 1024, 64, 1), "ND")
    return GlobalOperand(spec, tuple(Const(d) for d in spec.shape), tuple(Const(d) for d in spec.stride), "slot")


def site(builtin: str, params: list[str], args: list, target: str, template_args=None) -> CallSite:
    return CallSite(builtin, "k.cpp", 7, 5, 7, 40, target, params, args, dict(template_args or {}))


def kinds(s: CallSite) -> set[str]:
    """Fault kinds the op reports (its details name the builtin), without the layout faults of hand-made tiles."""
    out = replay(s, {})
    assert out.refused is None, out.refused
    return {f.kind for f in out.faults if f.kind != "invalid-tile" or f.detail.startswith(s.builtin)}


def tci(dtype: str, target: str, rows: int = 1) -> CallSite:
    return site("TCI", ["dst", "start"], [tile(dtype, rows, 64), scalar(3, "start")], target, {"descending": "0"})


def ttri(dtype: str, target: str, flag: str = "0", blayout: str = "RowMajor") -> CallSite:
    return site("TTRI", ["dst", "diagonal"], [tile(dtype, 16, 64, blayout=blayout), scalar(0, "diagonal")], target,
                {"isUpperOrLower": flag})


def gatherb(dtype: str, target: str, blayout: str = "RowMajor") -> CallSite:
    return site("TGATHERB", ["dst", "src", "offset"], [tile(dtype, 16, 64, blayout=blayout), tile(dtype),
                                                       tile("uint32_t")], "a2a3" if target == "a2a3" else "a5")


def hist(src: str = "uint32_t", byte: str = "BYTE_1", idx_rows: int = 2, idx_cols: int = 256,
         idx_layout: str = "RowMajor") -> CallSite:
    return site("THISTOGRAM", ["dst", "src", "idx"], [tile("uint32_t", 8, 256), tile(src, 8, 256),
                                                      tile("uint8_t", idx_rows, idx_cols, blayout=idx_layout)],
                "a5", {"byte": byte})


def trandom(dtype: str = "uint32_t", rounds: str = "10") -> CallSite:
    return site("TRANDOM", ["dst", "key", "counter"], [tile(dtype), TypeOperand("uint32_t[2]", "key"),
                                                       TypeOperand("uint32_t[4]", "counter")], "a5",
                {"Rounds": rounds})


def img2col(dst: TileOperand, src: TypeOperand, target: str) -> CallSite:
    return site("TIMG2COL", ["dst", "src", "posM", "posK"], [dst, src, scalar(0, "posM"), scalar(0, "posK")], target,
                {"FmatrixMode": "FMATRIX_A_MANUAL"})


def gm_form(builtin: str, direction: str, target: str) -> CallSite:
    return site(builtin, ["pipe", "gmTensor"], [pipe(direction), gm()], target, {"Split": "TILE_NO_SPLIT"})


def tsync(op_code: str) -> CallSite:
    return site("TSYNC", [], [], "a5", {"OpCode": op_code})


# --- the executor on its own -------------------------------------------------------------------------


def test_tci_types_and_rows() -> None:
    assert "unsupported-dtype" not in kinds(tci("float", "a2a3"))
    assert "unsupported-dtype" in kinds(tci("float", "a5"))
    assert "unsupported-dtype" in kinds(tci("int8_t", "a2a3"))
    assert kinds(tci("int32_t", "a5")) == set()
    assert "invalid-tile" in kinds(tci("int32_t", "a5", rows=4))


@pytest.mark.parametrize(("dtype", "target", "bad"), [
    ("int8_t", "a2a3", True), ("int8_t", "a5", False), ("bfloat16_t", "a2a3", True), ("half", "a2a3", False),
    ("uint64_t", "a5", False),
])
def test_ttri_types(dtype: str, target: str, bad: bool) -> None:
    assert ("unsupported-dtype" in kinds(ttri(dtype, target))) == bad


def test_ttri_flag_and_layout_only_checked_on_a2a3() -> None:
    assert "unsupported-path" in kinds(ttri("half", "a2a3", "2"))
    assert kinds(ttri("half", "a5", "2")) == set()
    assert "unsupported-layout" in kinds(ttri("half", "a2a3", blayout="ColMajor"))
    assert kinds(ttri("half", "a5", blayout="ColMajor")) == set()


def test_tgatherb() -> None:
    assert "unsupported-dtype" in kinds(gatherb("int64_t", "a5"))
    assert kinds(gatherb("int8_t", "a5")) == set()
    assert "unsupported-layout" in kinds(gatherb("float", "a2a3", "ColMajor"))
    assert kinds(gatherb("float", "a5", "ColMajor")) == set()


def test_thistogram() -> None:
    assert kinds(hist()) == set()
    assert "invalid-tile" in kinds(hist(idx_rows=1))
    assert "invalid-tile" in kinds(hist(idx_cols=128))
    assert kinds(hist(byte="BYTE_3", idx_rows=1, idx_cols=8)) == set()
    assert kinds(hist(src="uint16_t", byte="BYTE_0", idx_rows=32, idx_cols=1, idx_layout="ColMajor")) == set()
    assert "invalid-tile" in kinds(hist(src="uint16_t", byte="BYTE_2", idx_rows=32, idx_cols=1,
                                        idx_layout="ColMajor"))
    assert "unsupported-dtype" in kinds(hist(src="int32_t"))


def test_trandom() -> None:
    assert kinds(trandom()) == set()
    assert "unsupported-path" in kinds(trandom(rounds="8"))
    assert "unsupported-dtype" in kinds(trandom("float"))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_timg2col(target: str) -> None:
    assert kinds(img2col(left("half", target), conv(), target)) == set()
    assert "unsupported-path" in kinds(img2col(left("float", target), conv(), target))
    assert "unsupported-path" in kinds(img2col(left("half", target), conv(layout="NCHW"), target))
    assert "unsupported-path" in kinds(img2col(left("half", target), conv(loc="Vec"), target))
    other = "a5" if target == "a2a3" else "a2a3"
    assert "unsupported-layout" in kinds(img2col(left("half", other), conv(), target))


def test_set_quant_vector_and_setters() -> None:
    s = site("SET_QUANT_VECTOR", ["fpTile"], [tile("uint64_t", 1, 64, "Scaling")], "a5")
    assert kinds(s) == set()
    s = site("SET_QUANT_VECTOR", ["fpTile"], [tile("uint64_t", 1, 64, "Vec")], "a2a3")
    assert "unsupported-path" in kinds(s)
    for mode, noop in (("FMATRIX_A_AUTO", True), ("FMATRIX_B_MANUAL", False)):
        s = site("SET_IMG2COL_RPT", ["src"], [conv()], "a2a3", {"FmatrixMode": mode})
        assert ("no-op" in kinds(s)) == noop


@pytest.mark.parametrize(("direction", "target", "bad"), [
    ("'\\x01'", "a2a3", False), ("'\\x04'", "a2a3", True), ("'\\x01'", "a5", True), ("'\\x05'", "a5", False),
    ("'\\a'", "a5", False), ("'\\x03'", "a5", True),
])
def test_gm_forms(direction: str, target: str, bad: bool) -> None:
    for builtin in ("TALLOC", "TFREE"):
        assert ("unsupported-path" in kinds(gm_form(builtin, direction, target))) == bad


def test_plain_tfree_and_tsync() -> None:
    assert kinds(site("TFREE", ["pipe"], [pipe("'\\x01'")], "a5", {"Split": "TILE_NO_SPLIT"})) == set()
    assert "unsupported-path" in kinds(tsync("TROWMAX"))
    assert kinds(tsync("TSTORE_VEC")) == set()
    assert kinds(tsync("OP_COUNT")) == set()


# --- rules and executor agree ----------------------------------------------------------------------


@pytest.mark.parametrize(("code", "s", "level"), [
    ("PTO050", tci("float", "a5"), "error"),
    ("PTO050", tci("float", "a2a3"), None),
    ("PTO050", ttri("int8_t", "a2a3"), "error"),
    ("PTO050", gatherb("int64_t", "a2a3"), "error"),
    ("PTO050", hist(src="int16_t"), "error"),
    ("PTO050", trandom("float"), "error"),
    ("PTO050", img2col(left("uint16_t", "a2a3"), conv("unsigned short"), "a2a3"), "error"),
    ("PTO050", img2col(left("uint16_t", "a5"), conv("unsigned short"), "a5"), None),
    ("PTO051", ttri("half", "a2a3", blayout="ColMajor"), "error"),
    ("PTO051", ttri("half", "a5", blayout="ColMajor"), None),
    ("PTO051", img2col(left("half", "a2a3"), conv(), "a5"), "error"),
    ("PTO051", img2col(left("half", "a5"), conv(), "a5"), None),
    ("PTO052", site("SET_QUANT_VECTOR", ["fpTile"], [tile("uint64_t", 1, 64, "Vec")], "a5"), "error"),
    ("PTO052", img2col(tile("half", 32, 64, "Mat", "ColMajor", "RowMajor"), conv(), "a2a3"), "error"),
    ("PTO053", tci("int32_t", "a2a3", rows=8), "error"),
    ("PTO053", tci("int32_t", "a5", rows=1), None),
    ("PTO054", ttri("half", "a2a3", "2"), "error"),
    ("PTO054", trandom(rounds="8"), "error"),
    ("PTO054", trandom(rounds="7"), None),
    ("PTO055", img2col(left("float", "a5"), conv(), "a5"), "error"),
    ("PTO055", img2col(left("int8_t", "a2a3"), conv("signed char"), "a2a3"), None),
    ("PTO056", hist(idx_rows=3), "error"),
    ("PTO056", hist(byte="BYTE_0", idx_rows=3), None),
    ("PTO057", site("SETFMATRIX", ["src"], [conv()], "a5", {"FmatrixMode": "FMATRIX_B_AUTO"}), "warning"),
    ("PTO057", site("SET_IMG2COL_PADDING", ["src"], [conv()], "a2a3", {"FmatrixMode": "FMATRIX_A_MANUAL"}), None),
    ("PTO058", gm_form("TALLOC", "'\\x01'", "a5"), "error"),
    ("PTO058", gm_form("TFREE", "'\\x04'", "a2a3"), "error"),
    ("PTO058", gm_form("TFREE", "'\\x06'", "a5"), None),
    ("PTO059", tsync("TADD"), "error"),
    ("PTO059", tsync("TLOAD"), None),
])
def test_rule_verdicts_are_confirmed(code: str, s: CallSite, level: str | None) -> None:
    r = load_rules()[code]
    assert s.target in r.targets
    verdict = check_rule(r, s, 2000)
    assert verdict.level == level, verdict.message
    if level:
        assert r.fault in replay(s, verdict.assignment or {}).kinds()


@pytest.mark.parametrize(("mode", "faults"), [(1, set()), (2, set()), (0, {"ignored-option"}), (5, {"ignored-option"}),
                                              (258, set()), (-254, set()), (-1, {"ignored-option"})])
def test_set_mad_tf32_mode_takes_round_and_rint_only(mode: int, faults: set[str]) -> None:
    """Tile::SetMadTF32Mode (pseudo-builtin TILE_SETMADTF32MODE): CAST_RINT / CAST_ROUND set the rounding bit, any
    other mode keeps the previous one; a value cast to the uint8_t RoundMode keeps its low 8 bits."""
    s = site("TILE_SETMADTF32MODE", ["tf32TransMode"], [scalar(mode, "mode")], "a5")
    assert kinds(s) == faults


def test_set_mad_tf32_mode_rule_and_executor_agree() -> None:
    """PTO060's witness for a run-time mode replays to the op's fault; a constant accepted mode holds."""
    from ptolint.ir import Sym

    rule = load_rules()["PTO060"]
    m = Sym("m", "int", "input", "parameter m", -(2 ** 31), 2 ** 31 - 1)
    s = site("TILE_SETMADTF32MODE", ["tf32TransMode"], [ScalarOperand(m, "m")], "a5")
    verdict = check_rule(rule, s, 2000)
    assert verdict.level == "warning", verdict.message
    assert rule.fault in replay(s, verdict.assignment or {}).kinds()
    ok = check_rule(rule, site("TILE_SETMADTF32MODE", ["tf32TransMode"], [scalar(2, "mode")], "a5"), 2000)
    assert ok.level is None

"""Executor unit tests for the elementwise tile-tile family (TADD ... TSEL, TCMP), call sites built directly."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import machine

# registered explicitly: machine._load_ops() loads the ops package only while OPS is empty
import ptolint.executor.ops.elementwise  # noqa: F401
from ptolint.executor import replay
from ptolint.executor.machine import OPS
from ptolint.ir import DYNAMIC, CallSite, Const, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule

SIZES = {"float": 4, "half": 2, "int32_t": 4, "int16_t": 2, "uint16_t": 2, "int8_t": 1, "uint8_t": 1,
         "uint32_t": 4}


def spec(dtype: str = "float", rows: int = 8, cols: int = 64, vr: int = DYNAMIC, vc: int = DYNAMIC,
         blayout: str = "RowMajor", loc: str = "Vec") -> TileSpec:
    return TileSpec(loc, dtype, rows, cols, blayout=blayout, valid_row=vr, valid_col=vc, elem_size=SIZES[dtype])


def tile(s: TileSpec, name: str, vr=None, vc=None) -> TileOperand:
    vr = Const(s.rows if s.valid_row == DYNAMIC else s.valid_row) if vr is None else vr
    vc = Const(s.cols if s.valid_col == DYNAMIC else s.valid_col) if vc is None else vc
    return TileOperand(s, vr, vc, name)


def site(builtin: str, target: str, **ops) -> CallSite:
    params = list(ops)
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, params, list(ops.values()), {})



def binary(builtin: str, target: str, dtype: str = "float", **kw) -> CallSite:
    s = spec(dtype)
    return site(builtin, target, dst=kw.get("dst", tile(s, "c")), src0=kw.get("src0", tile(s, "a")),
                src1=kw.get("src1", tile(s, "b")))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("builtin,fn", [("TADD", np.add), ("TSUB", np.subtract), ("TMUL", np.multiply),
                                        ("TDIV", np.divide), ("TMAX", np.maximum), ("TMIN", np.minimum)])
def test_float_arithmetic(target: str, builtin: str, fn) -> None:
    m = machine(binary(builtin, target))
    a = np.linspace(-4, 4, 8 * 64, dtype=np.float32).reshape(8, 64)
    b = np.full((8, 64), 2.0, dtype=np.float32)
    m.tiles["src0"].data()[:] = a
    m.tiles["src1"].data()[:] = b
    OPS[builtin](m)
    assert not m.faults
    np.testing.assert_allclose(m.tiles["dst"].data(), fn(a, b))


def test_int16_add_wraps_and_only_valid_region_is_written() -> None:
    s = spec("int16_t")
    st = site("TADD", "a2a3", dst=tile(s, "c", Const(3), Const(16)), src0=tile(s, "a", Const(3), Const(16)),
              src1=tile(s, "b", Const(3), Const(16)))
    m = machine(st)
    m.tiles["src0"].data()[:] = 32767
    m.tiles["src1"].data()[:] = 1
    m.tiles["dst"].data()[:] = 5
    OPS["TADD"](m)
    out = m.tiles["dst"].data()
    assert np.all(out[:3, :16] == -32768)
    assert np.all(out[3:, :] == 5) and np.all(out[:, 16:] == 5)


@pytest.mark.parametrize("target,kinds", [("a2a3", {"unsupported-dtype"}), ("a5", set())])
def test_int8_add_per_target(target: str, kinds: set[str]) -> None:
    out = replay(binary("TADD", target, "int8_t"), {})
    assert out.kinds() == kinds


def test_a2a3_tdiv_reads_mismatched_source_as_dst_type() -> None:
    st = binary("TDIV", "a2a3", src1=tile(spec("half", 16, 128), "h", Const(8), Const(64)))  # row stride 128
    m = machine(st)
    m.tiles["src0"].data()[:] = 1.0
    m.tiles["src1"].data()[:] = np.float16(1.0)
    OPS["TDIV"](m)
    assert {f.kind for f in m.faults} == {"dtype-mismatch"}
    # two halves 1.0 (0x3C00 0x3C00) read as one float: 0x3C003C00 ~ 0.0078, so 1 / that is ~128
    assert abs(float(m.tiles["dst"].data()[0, 0]) - 1.0 / np.uint32(0x3C003C00).view(np.float32)) < 1e-3
    assert "unsupported-dtype" not in replay(st, {}).kinds()


def test_a5_tdiv_mismatch_is_a_compile_error() -> None:
    st = binary("TDIV", "a5", src1=tile(spec("half", 8, 128), "h"))
    assert replay(st, {}).kinds() == {"dtype-mismatch"}


def test_column_major_rejected() -> None:
    st = binary("TMUL", "a5", src0=tile(spec("float", 64, 16, blayout="ColMajor"), "w"),
                dst=tile(spec("float", 64, 16), "c"), src1=tile(spec("float", 64, 16), "b"))
    assert replay(st, {}).kinds() == {"unsupported-layout"}


def test_smaller_source_reads_stale_rows_and_rule_witness_confirmed() -> None:
    rows = Sym("rows", "int", lo=1, hi=8)
    st = binary("TADD", "a2a3", src0=tile(spec("float", vr=DYNAMIC, vc=64), "x", rows, Const(64)))
    v = check_rule(load_rules()["PTO604"], st)
    assert v.level == "warning"
    assert "valid-region" in replay(st, v.assignment).kinds()
    assert "valid-region" not in replay(st, {"rows": 8}).kinds()  # a bogus witness is not confirmed


def test_larger_source_traps_the_shape_assert_only() -> None:
    """A source larger than dst reads nothing stale (not PTO604) but breaks the header's equality PTO_ASSERT
    (PTO610, a debug trap); a2a3 TCMP also asserts the mask's valid rows, a5 TCMP nothing."""
    st = binary("TMUL", "a5", dst=tile(spec("float", vr=4, vc=64), "head"))
    assert replay(st, {}).kinds() == {"valid-region"}
    assert check_rule(load_rules()["PTO604"], st).level is None
    assert check_rule(load_rules()["PTO610"], st).level == "error"
    assert replay(binary("TMUL", "a5"), {}).kinds() == set()
    cols = Sym("cols", "int", lo=1, hi=64)
    tail = binary("TADD", "a2a3", dst=tile(spec("float", vc=DYNAMIC), "acc", Const(8), cols))
    v = check_rule(load_rules()["PTO610"], tail)
    assert v.level == "warning"
    assert "valid-region" in replay(tail, v.assignment).kinds()
    assert replay(tail, {"cols": 64}).kinds() == set()  # a bogus witness is not confirmed
    mask_rows = tile(spec("uint8_t", 8, 32, vr=4, vc=32), "mask")
    a2 = site("TCMP", "a2a3", dst=mask_rows, src0=tile(spec("float"), "a"), src1=tile(spec("float"), "b"),
              cmpMode=ScalarOperand(Const(0), "mode"))
    a5 = site("TCMP", "a5", dst=mask_rows, src0=tile(spec("float"), "a"), src1=tile(spec("float"), "b"),
              cmpMode=ScalarOperand(Const(0), "mode"))
    assert replay(a2, {}).kinds() == {"valid-region"}
    assert replay(a5, {}).kinds() == set()
    assert check_rule(load_rules()["PTO610"], a2).level == "error"
    assert check_rule(load_rules()["PTO610"], a5).level is None


def test_a2a3_txor_small_tmp() -> None:
    s = spec("uint16_t")
    st = site("TXOR", "a2a3", dst=tile(s, "c"), src0=tile(s, "a"), src1=tile(s, "b"),
              tmp=tile(spec("uint16_t", vr=1, vc=64), "t"))
    assert "valid-region" in replay(st, {}).kinds()
    full = site("TXOR", "a2a3", dst=tile(s, "c"), src0=tile(s, "a"), src1=tile(s, "b"), tmp=tile(s, "t"))
    m = machine(full)
    a = np.arange(8 * 64, dtype=np.uint16).reshape(8, 64)
    m.tiles["src0"].data()[:] = a
    m.tiles["src1"].data()[:] = 0x00FF
    OPS["TXOR"](m)
    assert not m.faults
    np.testing.assert_array_equal(m.tiles["dst"].data(), a ^ np.uint16(0x00FF))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_shift_and_bitwise(target: str) -> None:
    for builtin, fn in (("TSHL", np.left_shift), ("TSHR", np.right_shift), ("TAND", np.bitwise_and),
                        ("TOR", np.bitwise_or)):
        m = machine(binary(builtin, target, "int32_t"))
        a = np.arange(8 * 64, dtype=np.int32).reshape(8, 64)
        m.tiles["src0"].data()[:] = a
        m.tiles["src1"].data()[:] = 3
        OPS[builtin](m)
        assert not m.faults
        np.testing.assert_array_equal(m.tiles["dst"].data(), fn(a, np.int32(3)))


def tcmp_site(target: str, dtype: str, mode, src1: TileOperand | None = None) -> CallSite:
    s = spec(dtype)
    return site("TCMP", target, dst=tile(spec("uint8_t", 8, 32), "mask"), src0=tile(s, "a"),
                src1=src1 or tile(s, "b"), cmpMode=ScalarOperand(mode, "mode"))


def test_tcmp_packs_bits_lsb_first() -> None:
    m = machine(tcmp_site("a5", "float", Const(4)))  # GT
    a = np.zeros((8, 64), dtype=np.float32)
    a[:, ::2] = 1.0
    m.tiles["src0"].data()[:] = a
    m.tiles["src1"].data()[:] = 0.5
    OPS["TCMP"](m)
    assert not m.faults
    assert np.all(m.tiles["dst"].data()[:, :8] == 0x55)


def test_a2a3_tcmp_int32_ordering_is_equality() -> None:
    m = machine(tcmp_site("a2a3", "int32_t", Const(4)))  # GT
    m.tiles["src0"].data()[:] = 5
    m.tiles["src1"].data()[:] = 5
    OPS["TCMP"](m)
    assert {f.kind for f in m.faults} == {"ignored-option"}
    assert np.all(m.tiles["dst"].data()[:, :8] == 0xFF)  # 5 == 5, although 5 > 5 is false
    assert replay(tcmp_site("a5", "int32_t", Const(4)), {}).kinds() == set()
    assert replay(tcmp_site("a2a3", "int32_t", Const(1)), {}).kinds() == set()  # NE is corrected


def test_tcmp_runtime_mode_witness() -> None:
    mode = Sym("m", "int")
    st = tcmp_site("a2a3", "int32_t", mode)
    v = check_rule(load_rules()["PTO605"], st)
    assert v.level == "warning"
    assert "ignored-option" in replay(st, v.assignment).kinds()
    assert "ignored-option" not in replay(st, {"m": 0}).kinds()


def test_tsel_selects_by_mask_bits() -> None:
    s = spec("float")
    st = site("TSEL", "a2a3", dst=tile(s, "d"), selMask=tile(spec("uint8_t", 8, 32), "mask"), src0=tile(s, "a"),
              src1=tile(s, "b"), tmp=tile(spec("uint8_t", 1, 32), "tmp"))
    m = machine(st)
    m.tiles["selMask"].data()[:] = 0x0F
    m.tiles["src0"].data()[:] = 1.0
    m.tiles["src1"].data()[:] = 2.0
    OPS["TSEL"](m)
    assert not m.faults
    row = m.tiles["dst"].data()[0]
    assert list(row[:8]) == [1.0] * 4 + [2.0] * 4
    bad = site("TSEL", "a2a3", dst=tile(spec("uint8_t"), "d"), selMask=tile(spec("uint8_t", 8, 32), "mask"),
               src0=tile(spec("uint8_t"), "a"), src1=tile(spec("uint8_t"), "b"), tmp=tile(spec("uint8_t", 1, 32), "t"))
    assert replay(bad, {}).kinds() == {"unsupported-dtype"}


def tpart_site(target: str, s0: tuple[int, int], s1: tuple[int, int], d: tuple[int, int] = (8, 64)) -> CallSite:
    s = spec("float")
    return site("TPARTADD", target, dst=tile(s, "d", Const(d[0]), Const(d[1])),
                src0=tile(s, "a", Const(s0[0]), Const(s0[1])), src1=tile(s, "b", Const(s1[0]), Const(s1[1])))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tpart_combines_overlap_and_copies_the_rest(target: str) -> None:
    m = machine(tpart_site(target, (8, 64), (3, 64)))
    m.tiles["src0"].data()[:] = 1.0
    m.tiles["src1"].data()[:] = 2.0
    OPS["TPARTADD"](m)
    assert not m.faults
    out = m.tiles["dst"].data()
    assert np.all(out[:3] == 3.0) and np.all(out[3:] == 1.0)


@pytest.mark.parametrize("target,kinds", [("a2a3", {"valid-region", "no-op"}), ("a5", {"valid-region"})])
def test_tpart_no_full_source(target: str, kinds: set[str]) -> None:
    assert replay(tpart_site(target, (4, 64), (4, 64)), {}).kinds() == kinds
    v = check_rule(load_rules()["PTO607"], tpart_site(target, (4, 64), (4, 64)))
    assert v.level == "error"


def test_tpart_a5_wider_source_than_dst_is_pto220_not_pto607() -> None:
    """A release build runs over dst's valid shape (PTO607's hazard is absent), but a dst that is neither source's
    valid shape breaks the A5 header's PTO_ASSERT: a debug-build trap, PTO220's."""
    st = tpart_site("a5", (8, 64), (4, 64), d=(8, 32))
    assert replay(st, {}).kinds() == {"valid-region"}
    assert check_rule(load_rules()["PTO607"], st).level is None
    assert check_rule(load_rules()["PTO220"], st).level == "error"
    assert check_rule(load_rules()["PTO607"], tpart_site("a2a3", (8, 64), (4, 64), d=(8, 32))).level == "error"


@pytest.mark.parametrize("builtin,expect", [("TSUBRELU", 0.0), ("TFUSEDMULADD", 2.0 * 5.0 + 3.0),
                                            ("TFUSEDMULADDRELU", 13.0), ("TMULADDDST", 2.0 * 3.0 + 5.0)])
def test_fused_ops(builtin: str, expect: float) -> None:
    m = machine(binary(builtin, "a5"))
    m.tiles["src0"].data()[:] = 2.0
    m.tiles["src1"].data()[:] = 3.0
    m.tiles["dst"].data()[:] = 5.0
    OPS[builtin](m)
    assert not m.faults
    assert np.all(m.tiles["dst"].data() == expect)
    assert replay(binary(builtin, "a2a3", "int32_t"), {}).kinds() == {"unsupported-dtype"}


def test_a2a3_tprelu_needs_uint8_tmp() -> None:
    s = spec("float")
    ok = site("TPRELU", "a2a3", dst=tile(s, "y"), src0=tile(s, "x"), src1=tile(s, "w"),
              tmp=tile(spec("uint8_t", 8, 32), "t"))
    bad = site("TPRELU", "a2a3", dst=tile(s, "y"), src0=tile(s, "x"), src1=tile(s, "w"), tmp=tile(s, "t"))
    assert replay(ok, {}).kinds() == set()
    assert replay(bad, {}).kinds() == {"unsupported-dtype"}
    assert check_rule(load_rules()["PTO601"], bad).level == "error"
    assert check_rule(load_rules()["PTO601"], ok).level is None

"""Executor unit tests for the gather/scatter family: TGATHER, TSCATTER, MGATHER, MSCATTER (call sites built
directly)."""

from __future__ import annotations

import numpy as np
import pytest
from executor_support import const_tile as tile
from executor_support import machine
from executor_support import named_site as site
from executor_support import run_op as run
from executor_support import vec_spec as spec

import ptolint.executor.ops.gather  # noqa: F401  (registers TGATHER, TSCATTER, MGATHER, MSCATTER)
from ptolint.ir import CallSite


def tgather(dst_s, src_s, idx_s, tmp_s, vr=None, target="a2a3") -> CallSite:
    return site("TGATHER", [("dst", tile(dst_s, "dst", vr=vr)), ("src0", tile(src_s, "src0")),
                            ("src1", tile(idx_s, "src1")), ("tmp", tile(tmp_s, "tmp"))], target)


def test_tgather_index_form_gathers_by_index() -> None:
    m = machine(tgather(spec("float", 2, 8), spec("float", 2, 8), spec("int32_t", 2, 8), spec("int32_t", 2, 8)))
    m.tile("src0").data()[:] = np.arange(16, dtype=np.float32).reshape(2, 8)
    m.tile("src1").data()[:] = np.arange(16)[::-1].reshape(2, 8)
    assert run(m) == set()
    assert m.tile("dst").data().reshape(-1).tolist() == list(range(16))[::-1]


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_tgather_index_tile_overrun(target: str) -> None:
    s = tgather(spec("float", 8, 64), spec("float", 8, 64), spec("int32_t", 4, 64), spec("int32_t", 4, 64), vr=5,
                target=target)
    assert "out-of-bounds" in run(machine(s))


def test_tgather_tmp_undersized_only_for_16_bit_data_on_a2a3() -> None:
    small = spec("int32_t", 1, 128)
    s = tgather(spec("half", 4, 128), spec("half", 4, 128), spec("int32_t", 4, 128), small)
    assert "tmp-undersized" in run(machine(s))
    s = tgather(spec("half", 4, 128), spec("half", 4, 128), spec("int32_t", 4, 128), small, target="a5")
    assert run(machine(s)) == set()


def test_tgather_static_checks() -> None:
    s = tgather(spec("int8_t", 2, 64), spec("int8_t", 2, 64), spec("int32_t", 2, 64), spec("int32_t", 2, 64))
    assert run(machine(s)) == {"unsupported-dtype"}
    s = tgather(spec("half", 2, 64), spec("half", 2, 64), spec("uint16_t", 2, 64), spec("uint16_t", 2, 64))
    assert run(machine(s)) == {"unsupported-dtype"}
    s = tgather(spec("float", 2, 64), spec("int32_t", 2, 64), spec("int32_t", 2, 64), spec("int32_t", 2, 64))
    assert run(machine(s)) == {"dtype-mismatch"}


def test_tgather_mask_row_packs_selected_elements() -> None:
    s = site("TGATHER", [("dst", tile(spec("float", 2, 4), "dst")), ("src", tile(spec("float", 2, 8), "src"))],
             targs={"maskPattern": "P0101"})
    m = machine(s)
    m.tile("src").data()[:] = np.arange(16, dtype=np.float32).reshape(2, 8)
    assert run(m) == set()
    assert m.tile("dst").data().reshape(-1).tolist() == [0, 2, 4, 6, 8, 10, 12, 14]


def test_tgather_mask_rejects_col_major() -> None:
    s = site("TGATHER", [("dst", tile(spec("float", 16, 32), "dst")),
                         ("src", tile(spec("float", 16, 64, blayout="ColMajor"), "src"))],
             targs={"maskPattern": "P0101"})
    assert run(machine(s)) == {"unsupported-layout"}


def test_tscatter_index_form() -> None:
    s = site("TSCATTER", [("dst", tile(spec("float", 1, 8), "dst")), ("src", tile(spec("float", 1, 8), "src")),
                          ("indexes", tile(spec("uint32_t", 1, 8), "indexes"))])
    m = machine(s)
    m.tile("src").data()[:] = np.arange(8, dtype=np.float32)
    m.tile("indexes").data()[:] = np.arange(8)[::-1]
    assert run(m) == set()
    assert m.tile("dst").data().reshape(-1).tolist() == list(range(8))[::-1]


def test_tscatter_index_exceeds_src_and_index_width() -> None:
    s = site("TSCATTER", [("dst", tile(spec("float", 8, 64), "dst")), ("src", tile(spec("float", 8, 64), "src", 2)),
                          ("indexes", tile(spec("uint32_t", 8, 64), "indexes"))])
    assert "valid-region" in run(machine(s))
    s = site("TSCATTER", [("dst", tile(spec("half", 8, 64), "dst")), ("src", tile(spec("half", 8, 64), "src")),
                          ("indexes", tile(spec("int32_t", 8, 64), "indexes"))], target="a5")
    assert run(machine(s)) == {"unsupported-dtype"}


def test_tscatter_int64_only_on_a5() -> None:
    ops = [("dst", tile(spec("int64_t", 1, 64), "dst")), ("src", tile(spec("int64_t", 1, 64), "src")),
           ("indexes", tile(spec("uint32_t", 1, 64), "indexes"))]
    assert run(machine(site("TSCATTER", ops))) == {"unsupported-dtype"}
    assert "unsupported-dtype" not in run(machine(site("TSCATTER", ops, target="a5")))


@pytest.mark.parametrize(("axis", "dst_shape", "ok"), [
    ("ScatterAxis::SCATTER_ROW", (8, 128), True), ("ScatterAxis::SCATTER_ROW", (8, 64), False),
    ("ScatterAxis::SCATTER_COL", (16, 64), True), ("ScatterAxis::SCATTER_COL", (15, 64), False)])
def test_tscatter_mask_pattern_placement(axis: str, dst_shape: tuple[int, int], ok: bool) -> None:
    dst_s = spec("float", 16, 128)
    s = site("TSCATTER", [("dst", tile(dst_s, "dst", *dst_shape)), ("src", tile(spec("float", 8, 64), "src"))],
             targs={"maskPattern": "P1010", "ScatterType": axis})
    kinds = run(machine(s))
    assert ("valid-region" not in kinds) is ok


def test_tscatter_mask_row_interleaves() -> None:
    s = site("TSCATTER", [("dst", tile(spec("float", 1, 8), "dst")), ("src", tile(spec("float", 1, 4), "src"))],
             targs={"maskPattern": "P1010"})
    m = machine(s)
    m.tile("src").data()[:] = np.array([1, 2, 3, 4], dtype=np.float32)
    assert run(m) == set()
    assert m.tile("dst").data().reshape(-1).tolist() == [0, 1, 0, 2, 0, 3, 0, 4]


def test_mgather_mscatter_static_checks() -> None:
    ops = [("dst", tile(spec("float", 16, 64), "dst")), ("indexes", tile(spec("int16_t", 1, 16), "indexes"))]
    assert run(machine(site("MGATHER", ops))) == {"unsupported-dtype"}
    ops = [("src", tile(spec("float", 16, 64), "src")), ("indexes", tile(spec("int32_t", 1, 16, loc="Mat"), "i"))]
    assert run(machine(site("MSCATTER", ops, target="a5"))) == {"unsupported-path"}


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize(("src_valid", "ok"), [((8, 64), True), ((3, 64), False), ((8, 17), False)])
def test_tscatter_p1111_asserts_equal_valid_shapes(target: str, src_valid: tuple[int, int], ok: bool) -> None:
    """PTO213: TSCATTER<P1111> asserts src's valid shape equal to dst's before its TMOV."""
    s = site("TSCATTER", [("dst", tile(spec("float", 8, 64), "dst")),
                          ("src", tile(spec("float", 8, 64), "src", *src_valid))],
             target=target, targs={"maskPattern": "MaskPattern::P1111"})
    m = machine(s)
    assert ("valid-region" in run(m)) is (not ok)
    assert m.tile("dst").data()[0, 0] == m.tile("src").data()[0, 0]


def _cmp_site(src_type: str, mode: str, target: str) -> CallSite:
    return site("TGATHER", [("dst", tile(spec("uint32_t", 1, 64), "dst")), ("src0", tile(spec(src_type, 1, 64), "s")),
                            ("k_value", tile(spec("uint32_t", 1, 8), "k")), ("cdst", tile(spec("uint32_t", 1, 8), "c")),
                            ("tmp", tile(spec("uint32_t", 1, 64), "t"))], target, {"cmpMode": mode})


@pytest.mark.parametrize("target,src_type,mode,bad", [
    ("a2a3", "float", "GT", False), ("a2a3", "float", "EQ", False), ("a2a3", "float", "GE", True),
    ("a2a3", "int32_t", "EQ", False), ("a2a3", "int32_t", "GT", True), ("a5", "int32_t", "GT", False),
    ("a5", "float", "LT", True), ("a5", "half", "2", True), ("a5", "half", "4", False)])
def test_tgather_compare_mode_static_asserts(target: str, src_type: str, mode: str, bad: bool) -> None:
    """PTO965: the compare form's CmpMode (GT / EQ; A2/A3 int32 with EQ only) is a static_assert."""
    assert ("unavailable" in run(machine(_cmp_site(src_type, mode, target)))) == bad


@pytest.mark.parametrize("axis,bad", [("GATHER_COL", True), ("GATHER_ROW", False)])
def test_tgather_a5_64_bit_pattern_rows_only(axis: str, bad: bool) -> None:
    s = site("TGATHER", [("dst", tile(spec("int64_t", 8, 32), "d")), ("src", tile(spec("int64_t", 8, 32), "s"))],
             "a5", {"maskPattern": "P0101", "gatherType": axis})
    assert ("unavailable" in run(machine(s))) == bad

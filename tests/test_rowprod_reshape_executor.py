"""Executor models of TROWPROD and TRESHAPE, on call sites built directly from ptolint.ir dataclasses."""

from __future__ import annotations

import numpy as np
import pytest

import ptolint.executor.ops.reshape  # noqa: F401  (registers TRESHAPE)
import ptolint.executor.ops.rowprod  # noqa: F401  (registers TROWPROD)
from ptolint.evaluate import evaluate
from ptolint.executor import replay
from ptolint.executor.machine import OPS, ConcreteTile, Machine, Trap
from ptolint.ir import DYNAMIC, Bin, CallSite, Const, Expr, Sym, TileOperand, TileSpec

TARGETS = ("a2a3", "a5")


def tile(name: str, loc: str = "Vec", dtype: str = "float", rows: int = 16, cols: int = 16, *,
         blayout: str = "RowMajor", slayout: str = "NoneBox", fractal: int = 512,
         vr: Expr | int | None = None, vc: Expr | int | None = None) -> TileOperand:
    dyn_r = isinstance(vr, (Sym, Bin))
    dyn_c = isinstance(vc, (Sym, Bin))
    vr_e = vr if dyn_r else Const(rows if vr is None else vr)
    vc_e = vc if dyn_c else Const(cols if vc is None else vc)
    spec = TileSpec(loc, dtype, rows, cols, blayout,
                    DYNAMIC if dyn_r else vr_e.value, DYNAMIC if dyn_c else vc_e.value, slayout, fractal)
    return TileOperand(spec, vr_e, vc_e, name)


def site(builtin: str, target: str, path: list[Expr] | None = None, **tiles: TileOperand) -> CallSite:
    names = list(tiles)
    return CallSite(builtin, "k.cpp", 10, 5, 10, 30, target, names, [tiles[n] for n in names], {}, path or [])


def rowprod(target: str, dst: TileOperand, src: TileOperand, tmp: TileOperand | None = None,
            path: list[Expr] | None = None) -> CallSite:
    tmp = tmp or tile("tmp", dtype=src.spec.dtype, rows=1, cols=256 // max(1, _size(src.spec.dtype)))
    return site("TROWPROD", target, path, dst=dst, src=src, tmp=tmp)


def _size(dtype: str) -> int:
    return {"half": 2, "int16_t": 2, "float": 4, "int32_t": 4}.get(dtype, 1)


def run(s: CallSite, data: dict[str, np.ndarray], inputs: dict[str, int] | None = None) -> Machine:
    """Lay the operands out like replay() does, but with chosen data, then run the op."""
    m = Machine(s, s.target)
    for name, arg in zip(s.params, s.args, strict=True):
        vr, vc = int(evaluate(arg.valid_row, inputs or {})), int(evaluate(arg.valid_col, inputs or {}))
        buf = m.memory.place(arg.spec, m.rng)
        m.tiles[name] = ConcreteTile(name, arg.spec, vr, vc, buf)
        if name in data:
            buf.elements()[...] = data[name]
    try:
        OPS[s.builtin](m)
    except Trap:
        pass
    return m


def kinds(m: Machine) -> set[str]:
    return {f.kind for f in m.faults}


# --- TROWPROD: real products ---------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS)
def test_float_row_products_on_valid_region(target: str) -> None:
    rng = np.random.default_rng(1)
    data = rng.uniform(0.5, 1.5, (16, 64)).astype(np.float32)
    s = rowprod(target, tile("dst", rows=16, cols=1, blayout="ColMajor", vr=5, vc=1),
                tile("src", rows=16, cols=64, vr=5, vc=37))
    before = np.full((16, 1), -7.0, dtype=np.float32)
    m = run(s, {"src": data, "dst": before})
    assert m.faults == []
    got = m.tile("dst").data()[:, 0]
    want = np.prod(data[:5, :37].astype(np.float64), axis=1)
    np.testing.assert_allclose(got[:5], want, rtol=1e-5)
    assert np.all(got[5:] == -7.0)  # rows past the valid region are not written


@pytest.mark.parametrize("target", TARGETS)
def test_nd_destination_gets_column_zero_only(target: str) -> None:
    data = np.arange(1, 16 * 16 + 1, dtype=np.float32).reshape(16, 16) / 128.0
    s = rowprod(target, tile("dst", rows=16, cols=16), tile("src", rows=16, cols=16))
    m = run(s, {"src": data, "dst": np.zeros((16, 16), np.float32)})
    assert m.faults == []
    out = m.tile("dst").data()
    np.testing.assert_allclose(out[:, 0], np.prod(data.astype(np.float64), axis=1), rtol=1e-5)
    assert np.all(out[:, 1:] == 0)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dtype,np_t,bits", [("int32_t", np.int32, 32), ("int16_t", np.int16, 16)])
def test_integer_products_wrap_like_the_hardware(target: str, dtype: str, np_t, bits: int) -> None:
    rng = np.random.default_rng(2)
    cols = 64 if bits == 16 else 32
    data = rng.integers(-9, 10, (16, cols)).astype(np_t)
    s = rowprod(target, tile("dst", dtype=dtype, rows=16, cols=1, blayout="ColMajor"),
                tile("src", dtype=dtype, rows=16, cols=cols, vc=cols - 3))
    m = run(s, {"src": data})
    assert m.faults == []
    for i in range(16):
        exact = 1
        for v in data[i, :cols - 3]:
            exact *= int(v)
        exact %= 1 << bits
        if exact >= 1 << (bits - 1):
            exact -= 1 << bits
        assert int(m.tile("dst").data()[i, 0]) == exact


@pytest.mark.parametrize("target", TARGETS)
def test_half_products(target: str) -> None:
    rng = np.random.default_rng(3)
    data = rng.uniform(0.9, 1.1, (16, 32)).astype(np.float16)
    s = rowprod(target, tile("dst", dtype="half", rows=16, cols=1, blayout="ColMajor"),
                tile("src", dtype="half", rows=16, cols=32))
    m = run(s, {"src": data})
    assert m.faults == []
    np.testing.assert_allclose(m.tile("dst").data()[:, 0].astype(np.float64),
                               np.prod(data.astype(np.float64), axis=1), rtol=2e-2)


def test_a2a3_accepts_any_32_byte_scratch() -> None:
    data = np.full((16, 16), 1.5, np.float32)
    for tmp in (tile("tmp", dtype="int8_t", rows=1, cols=32), tile("tmp", rows=8, cols=1, blayout="ColMajor")):
        s = rowprod("a2a3", tile("dst", rows=16, cols=1, blayout="ColMajor"), tile("src", rows=16, cols=16), tmp)
        m = run(s, {"src": data})
        assert m.faults == []
        np.testing.assert_allclose(m.tile("dst").data()[:, 0], np.float32(1.5) ** 16, rtol=1e-5)


def test_a2a3_undersized_or_l1_scratch_faults_a5_ignores_it() -> None:
    small = tile("tmp", dtype="int8_t", rows=1, cols=16, slayout="RowMajor", fractal=1024)
    in_l1 = tile("tmp", loc="Mat", rows=16, cols=16)
    for tmp in (small, in_l1):
        dst, src = tile("dst", rows=16, cols=1, blayout="ColMajor"), tile("src", rows=16, cols=16)
        assert "tmp-undersized" in kinds(run(rowprod("a2a3", dst, src, tmp), {}))
        assert "tmp-undersized" not in kinds(run(rowprod("a5", dst, src, tmp), {}))


@pytest.mark.parametrize("target", TARGETS)
def test_static_problems_are_all_recorded(target: str) -> None:
    s = rowprod(target, tile("dst", loc="Mat", dtype="float", rows=16, cols=8, blayout="ColMajor"),
                tile("src", dtype="int8_t", rows=16, cols=32, blayout="ColMajor"))
    assert kinds(run(s, {})) == {"unsupported-path", "unsupported-layout", "unsupported-dtype", "dtype-mismatch"}


# --- TROWPROD: witnesses through replay() ---------------------------------------------------------

ROWS = Sym("rows", "int")
IN_RANGE = [Bin(">=", ROWS, Const(0), "bool"), Bin("<=", ROWS, Const(16), "bool")]


def dynamic_site(target: str) -> CallSite:
    """src rows from the host, dst fixed at 16 valid rows: breaks the valid-row rules for rows != 16."""
    return rowprod(target, tile("dst", rows=16, cols=1, blayout="ColMajor"),
                   tile("src", rows=16, cols=64, vr=ROWS), path=IN_RANGE)


@pytest.mark.parametrize("target", TARGETS)
def test_real_witness_is_confirmed(target: str) -> None:
    out = replay(dynamic_site(target), {"rows": 8})
    assert out.refused is None
    assert "valid-region" in out.kinds()
    assert out.values["src.validRow"] == 8 and out.values["dst.validRow"] == 16
    out0 = replay(dynamic_site(target), {"rows": 0})
    assert out0.refused is None and "valid-region" in out0.kinds()


@pytest.mark.parametrize("target", TARGETS)
def test_bogus_witness_is_rejected(target: str) -> None:
    out = replay(dynamic_site(target), {"rows": 16})
    assert out.refused is None
    assert out.faults == []


@pytest.mark.parametrize("target", TARGETS)
def test_witness_off_the_path_is_refused(target: str) -> None:
    out = replay(dynamic_site(target), {"rows": 17})
    assert out.refused is not None
    assert out.faults == []


@pytest.mark.parametrize("target", TARGETS)
def test_more_src_rows_than_dst_storage_writes_out_of_bounds(target: str) -> None:
    s = rowprod(target, tile("dst", rows=8, cols=1, blayout="ColMajor"), tile("src", rows=16, cols=16))
    out = replay(s, {})
    assert {"valid-region", "out-of-bounds"} <= out.kinds()


# --- TRESHAPE ------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS)
def test_reshape_reinterprets_bytes(target: str) -> None:
    data = np.arange(256, dtype=np.int32).reshape(16, 16)
    s = site("TRESHAPE", target, dst=tile("dst", dtype="float", rows=8, cols=32),
             src=tile("src", dtype="int32_t", rows=16, cols=16))
    m = run(s, {"src": data})
    assert m.faults == []
    assert np.array_equal(m.tile("dst").data().reshape(-1).view(np.int32), data.reshape(-1))


@pytest.mark.parametrize("target", TARGETS)
def test_reshape_boxed_to_boxed_is_fine(target: str) -> None:
    s = site("TRESHAPE", target,
             dst=tile("dst", "Mat", "float", 32, 16, blayout="ColMajor", slayout="RowMajor"),
             src=tile("src", "Mat", "half", 32, 32, blayout="ColMajor", slayout="RowMajor"))
    assert replay(s, {}).faults == []


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dst,src,fault", [
    (tile("dst", "Vec", "half", 16, 16), tile("src", "Vec", "float", 16, 16), "size-mismatch"),
    (tile("dst", "Mat", "float", 16, 16), tile("src", "Vec", "float", 16, 16), "unsupported-path"),
    (tile("dst", "Mat", "half", 16, 16), tile("src", "Mat", "half", 16, 16, blayout="ColMajor", slayout="RowMajor"),
     "unsupported-layout"),
])
def test_reshape_faults(target: str, dst: TileOperand, src: TileOperand, fault: str) -> None:
    out = replay(site("TRESHAPE", target, dst=dst, src=src), {})
    assert out.refused is None
    assert out.kinds() == {fault}

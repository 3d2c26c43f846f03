"""GlobalTensor operands: the frontend follows Shape/Stride values, rules read them, the executor replays the
transfer (call sites built directly for the executor, real kernels through the frontend)."""

from __future__ import annotations

import os

import pytest

import ptolint.executor.ops.movement  # noqa: F401  (registers TLOAD, TSTORE)
from ptolint.engine import builtin_names
from ptolint.executor import replay
from ptolint.executor.entry.objects import fill_dims
from ptolint.frontend.parse import ParseOptions, parse
from ptolint.frontend.program import analyse
from ptolint.frontend.types import parse_dims, parse_global, shape2d_ctor, trunc_div
from ptolint.ir import CallSite, Const, GlobalOperand, GlobalSpec, ScalarOperand, Sym, TileOperand, TileSpec
from ptolint.ruleset import load_rules
from ptolint.solver import check_rule


def vec(dtype: str, rows: int, cols: int, bl: str = "RowMajor", size: int = 4) -> TileSpec:
    return TileSpec("Vec", dtype, rows, cols, bl, rows, cols, "NoneBox", 512, elem_size=size)


def gt(dtype: str, shape: tuple[int, ...], layout: str = "ND", dims=None) -> GlobalOperand:
    spec = GlobalSpec(dtype, shape, (1, 1, 1, shape[4], 1), layout)
    dims = dims or tuple(Const(d, "int64_t") for d in shape)
    return GlobalOperand(spec, dims, tuple(Const(s, "int64_t") for s in spec.stride), "g")


def load(tile_spec: TileSpec, g: GlobalOperand, target: str = "a2a3", vr=None) -> CallSite:
    t = TileOperand(tile_spec, vr or Const(tile_spec.rows), Const(tile_spec.cols), "t")
    return CallSite("TLOAD", "k.cpp", 3, 5, 3, 20, target, ["dst", "src"], [t, g], {})


def kinds(s: CallSite, inputs=None) -> set[str]:
    return replay(s, inputs or {}).kinds()


def test_parse_global_spelling_with_address_space_and_enum_cast():
    g = parse_global("pto::GlobalTensor<__attribute__((address_space(1))) half, pto::Shape<1, 1, 1, 16>, "
                     "pto::Stride<>, (pto::Layout)1> &")
    assert g is not None and g.dtype == "half" and g.layout == "DN"
    assert g.shape == (1, 1, 1, 16, -1) and g.stride == (-1,) * 5


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_executor_matching_transfer_is_clean(target):
    assert kinds(load(vec("float", 16, 64), gt("float", (1, 1, 1, 16, 64)), target)) == set()


def test_executor_element_size_mismatch():
    assert kinds(load(vec("half", 16, 64, size=2), gt("float", (1, 1, 1, 16, 64)))) == {"size-mismatch"}


def test_executor_layout_pair_missing_for_vec():
    assert kinds(load(vec("float", 16, 64), gt("float", (1, 1, 1, 16, 64), "DN"))) == {"unsupported-layout"}


def test_executor_burst_replay_sees_extent_mismatch_and_overflow():
    out = replay(load(vec("float", 16, 64), gt("float", (1, 1, 2, 16, 64))), {})
    assert out.kinds() == {"valid-region", "out-of-bounds"}  # 32 rows into a 16-row tile
    details = " ".join(f.detail for f in out.faults)
    assert "32 rows" in details


def test_executor_acc_store_output_type():
    acc = TileSpec("Acc", "float", 16, 16, "ColMajor", 16, 16, "RowMajor", 1024, elem_size=4)
    t = TileOperand(acc, Const(16), Const(16), "acc")
    s = CallSite("TSTORE", "k.cpp", 3, 5, 3, 20, "a5", ["dst", "src"], [gt("int8_t", (1, 1, 1, 16, 16)), t], {})
    assert kinds(s) == {"unsupported-dtype"}
    s2 = CallSite("TSTORE", "k.cpp", 3, 5, 3, 20, "a5", ["dst", "src"], [gt("half", (1, 1, 1, 16, 16)), t], {})
    assert kinds(s2) == set()


@pytest.mark.parametrize(("target", "acc_type", "out", "bad"), [
    ("a2a3", "float", "int8_t", False), ("a2a3", "float", "half", True), ("a5", "float", "half", False),
    ("a2a3", "int32_t", "half", False), ("a5", "int32_t", "float", True), ("a5", "float", "hifloat8_t", False)])
def test_executor_quantising_acc_store_output_type(target, acc_type, out, bad):
    acc = TileSpec("Acc", acc_type, 16, 16, "ColMajor", 16, 16, "RowMajor", 1024, elem_size=4)
    t = TileOperand(acc, Const(16), Const(16), "acc")
    scale = ScalarOperand(Const(1, "uint64_t"), "scale")
    s = CallSite("TSTORE", "k.cpp", 3, 5, 3, 20, target, ["dst", "src", "preQuantScalar"],
                 [gt(out, (1, 1, 1, 16, 16)), t, scale], {})
    assert kinds(s) == ({"unsupported-dtype"} if bad else set())


def test_definite_rule_reports_only_when_every_input_breaks_it():
    rules = load_rules()
    rows = Sym("rows", "int", "input", lo=1, hi=16)
    g = gt("float", (1, 1, 1, -1, 64), dims=(Const(1), Const(1), Const(1), rows, Const(64)))
    same = load(vec("float", 16, 64), g, vr=rows)
    assert check_rule(rules["PTO956"], same).level is None
    # a valid region that is a different kernel input: some inputs break it, but that is the host's contract
    other = load(vec("float", 16, 64), g, vr=Sym("n", "int", "input", lo=1, hi=16))
    assert check_rule(rules["PTO956"], other).level is None
    off_by_one = CallSite("TLOAD", "k.cpp", 3, 5, 3, 20, "a2a3", ["dst", "src"],
                          [TileOperand(vec("float", 16, 64), Const(17), Const(64), "t"), g], {})
    v = check_rule(rules["PTO956"], off_by_one)
    assert v.level == "error" and v.values["moved"] < v.values["valid"] == 17


def sites_of(tmp_path, code: str, target: str = "a2a3"):
    p = tmp_path / "k.cpp"
    p.write_text(code)
    tu, _ = parse(os.path.abspath(p), target, ParseOptions(), code)
    return analyse(tu, target, os.path.abspath(p), builtin_names()).sites


KERNEL = """
#include <pto/pto-inst.hpp>
using namespace pto;
using GT = GlobalTensor<float, Shape<1, 1, 1, DYNAMIC, 64>, Stride<1, 1, 1, 64, 1>>;
template <typename G>
AICORE G view(__gm__ float* p, int rows) { return G(p, typename G::Shape(rows)); }
extern "C" __global__ AICORE void kernel(__gm__ float* x, int n) {
    if (n < 1 || n > 16) return;
    Shape<1, 1, 1, DYNAMIC, DYNAMIC> s(n, 64);
    GlobalTensor<float, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, Stride<1, 1, 1, 64, 1>> a(x, s);
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> t(n);
    TLOAD(t, a);
    auto b = view<GT>(x, n - 1);
    TLOAD(t, b);
    GT c(x);
    TLOAD(t, c);
}
"""


def test_frontend_follows_shape_objects_through_variables_temporaries_and_returns(tmp_path):
    sites = [s for s in sites_of(tmp_path, KERNEL) if s.builtin == "TLOAD"]
    assert len(sites) == 3
    dims = [s.arg("src").shape for s in sites]
    assert all(isinstance(s.arg("src"), GlobalOperand) for s in sites)
    assert "'n'" in repr(dims[0][3]) and "64" in repr(dims[0][4])  # Shape variable: (n, 64) fill DYNAMIC dims
    assert "'n'" in repr(dims[1][3]) and "'-'" in repr(dims[1][3])  # n - 1 through view<GT>()
    assert dims[2][3] == Const(1, "int64_t")  # DYNAMIC dim of a defaulted Shape is 1


def test_frontend_end_to_end_definite_mismatch(tmp_path):
    from typer.testing import CliRunner

    from ptolint.cli import app

    p = tmp_path / "k.cpp"
    p.write_text(KERNEL)
    r = CliRunner().invoke(app, ["check", "--no-cache", "--select", "PTO956", "-t", "a2a3", str(p)])
    lines = [ln for ln in r.output.splitlines() if "[PTO956]" in ln]
    # line 14: n - 1 rows moved vs n valid rows (every n); line 16: a defaulted 1-row view: short only for n > 1
    assert len(lines) == 1 and ":14:" in lines[0], r.output


def test_parse_global_with_2d_shape_helpers():
    """TileShape2D / BaseShape2D are the Shape / Stride of a rows x cols matrix (pto_tile.hpp): the GlobalTensor
    rules see the same five dims as with the Shape<...> / Stride<...> spelling."""
    g = parse_global("pto::GlobalTensor<float, pto::TileShape2D<float, 64, 128, pto::Layout::ND>, "
                     "pto::BaseShape2D<float, 64, 128, pto::Layout::ND>, pto::Layout::ND>")
    assert g is not None and g.shape == (1, 1, 1, 64, 128) and g.stride == (8192, 8192, 8192, 128, 1)
    nz = parse_global("pto::GlobalTensor<half, pto::TileShape2D<half, 32, 64, (pto::Layout)2>, "
                      "pto::BaseShape2D<half, 32, 64, (pto::Layout)2>, (pto::Layout)2>")
    assert nz is not None and nz.shape == (1, 4, 2, 16, 16) and nz.stride == (2048, 512, 256, 16, 1)
    dn = parse_dims("pto::BaseShape2D<float, -1, 8, pto::Layout::DN>", "Stride")
    assert dn == (-1, -1, -1, 1, -1)  # rows * cols and rows are DYNAMIC with rows
    assert parse_dims("pto::TileShape2D<float, 16, 16>", "Stride") is None  # a TileShape2D is a Shape


def test_2d_helper_constructor_passes_the_layouts_five_dims():
    """The (rows, cols) constructor is positional over the layout's dims, not the Shape's fill-left-to-right."""
    nz = "pto::TileShape2D<half, 32, -1, pto::Layout::NZ>"
    five = shape2d_ctor(nz, [32, 64], int, lambda a, b: a * b, trunc_div)
    assert five == [1, 4, 2, 16, 16]
    assert fill_dims(parse_dims(nz, "Shape"), five) == [1, 4, 2, 16, 16]
    assert shape2d_ctor("pto::Shape<1, 1, 1, -1, -1>", [3, 4], int, None, None) == [3, 4]  # not a helper
    assert shape2d_ctor(nz, [7], int, None, None) == [7]  # an inherited Shape constructor


KERNEL_2D = """
#include <pto/pto-inst.hpp>
using namespace pto;
extern "C" __global__ AICORE void kernel(__gm__ half* x, int n) {
    using S = TileShape2D<half, DYNAMIC, DYNAMIC, Layout::NZ>;
    using T = BaseShape2D<half, DYNAMIC, DYNAMIC, Layout::NZ>;
    GlobalTensor<half, S, T, Layout::NZ> g(x, S(32, n), T(32, n));
    Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, 32, 64, SLayout::RowMajor, 512> t;
    TLOAD(t, g);
}
"""


def test_frontend_follows_2d_helper_constructors(tmp_path):
    (site,) = [s for s in sites_of(tmp_path, KERNEL_2D) if s.builtin == "TLOAD"]
    g = site.arg("src")
    assert isinstance(g, GlobalOperand)
    assert g.shape[0] == Const(1, "int64_t") and g.shape[2] == Const(2, "int64_t")  # 32 / 16 row fractals
    assert "'n'" in repr(g.shape[1]) and "'/'" in repr(g.shape[1])  # n / C0 column fractals
    assert g.stride[1] == Const(512, "int64_t") and g.stride[2] == Const(256, "int64_t")


# --- the copy routines' field ranges (PTO945 / PTO946) and NZ fractal columns (PTO959), executor side -------------


def mat_nz(dtype: str, rows: int, cols: int, size: int, fractal: int = 512) -> TileSpec:
    return TileSpec("Mat", dtype, rows, cols, "ColMajor", rows, cols, "RowMajor", fractal, elem_size=size)


def strided(dtype: str, shape: tuple[int, ...], row_stride: int, layout: str = "ND") -> GlobalOperand:
    spec = GlobalSpec(dtype, shape, (1, 1, 1, row_stride, 1), layout)
    return GlobalOperand(spec, tuple(Const(d, "int64_t") for d in shape),
                         tuple(Const(s, "int64_t") for s in spec.stride), "g")


def store(tile_spec: TileSpec, g: GlobalOperand, target: str = "a2a3", vr=None) -> CallSite:
    t = TileOperand(tile_spec, vr or Const(tile_spec.rows), Const(tile_spec.cols), "t")
    return CallSite("TSTORE", "k.cpp", 3, 5, 3, 20, target, ["dst", "src"], [g, t], {})


@pytest.mark.parametrize(("target", "rows", "cols", "layout", "bad"), [
    ("kirin9030", 1, 64, "NCHW", True), ("kirin9030", 16, 1, "NHWC", True), ("kirin9030", 1, 64, "ND", False),
    ("kirin9030", 1, 64, "DN", False), ("a5", 1, 64, "NCHW", False)])
def test_executor_kirin9030_vec_store_writes_nd_dn_nz_only(target, rows, cols, layout, bad):
    """Kirin 9030's CheckStaticVec: a one-row / one-column tile passes the pair check with any layout, and the
    branch after ND / DN static_asserts NZ (kirin9030/TStore.hpp:127); other targets are not judged here."""
    t = TileSpec("Vec", "float", rows, cols, "RowMajor" if rows == 1 else "ColMajor", rows, cols, "NoneBox", 512,
                 elem_size=4)
    got = kinds(store(t, gt("float", (1, 1, 1, rows, cols), layout), target))
    assert ("unsupported-layout" in got) == bad


def test_executor_nd2nz_source_stride_beyond_its_16_bit_field_on_a2a3_only():
    tile = mat_nz("half", 16, 64, 2)
    assert kinds(load(tile, strided("half", (1, 1, 1, 16, 64), 70000))) == {"extent-limit"}
    assert kinds(load(tile, strided("half", (1, 1, 1, 16, 64), 65535))) == set()
    assert kinds(load(tile, strided("half", (1, 1, 1, 16, 64), 70000), "a5")) == set()


def test_executor_nd2nz_needs_a_2d_tensor_and_a5_512_byte_fractals():
    assert kinds(load(mat_nz("half", 32, 64, 2), strided("half", (1, 2, 1, 16, 64), 64))) == {"extent-limit"}
    assert kinds(load(mat_nz("float", 16, 64, 4, 1024), strided("float", (1, 1, 1, 16, 64), 64), "a5")) == \
        {"extent-limit"}


def test_executor_fixpipe_nd_store_is_2d_with_rows_in_range():
    acc = TileSpec("Acc", "float", 32, 16, "ColMajor", 32, 16, "RowMajor", 1024, elem_size=4)
    assert kinds(store(acc, gt("float", (1, 1, 1, 32, 16)))) == set()
    # 3-D: the 2-D assert, and the 32 valid rows against the tensor's 16-row Shape3 (PTO027's assert)
    assert kinds(store(acc, gt("float", (1, 2, 1, 16, 16)))) == {"extent-limit", "valid-region"}
    assert kinds(store(acc, gt("float", (1, 1, 1, 0, 16)), vr=Const(0))) == {"extent-limit"}
    assert kinds(store(acc, gt("float", (1, 2, 1, 16, 16)), "a5")) == set()  # A5 asserts none of these


def test_executor_kirinx90_store_asserts_a_non_empty_transfer():
    """Kirin X90's TSTORE_IMPL (every source) and CheckAcc2gm: every extent and both valid dimensions > 0; A2/A3's
    UB store is left alone (its vendor kernels move empty regions)."""
    ub = vec("float", 16, 64)
    assert kinds(store(ub, gt("float", (1, 1, 1, 16, 64)), "kirinx90")) == set()
    assert kinds(store(ub, gt("float", (1, 1, 1, 0, 64)), "kirinx90", vr=Const(0))) == {"extent-limit"}
    assert kinds(store(ub, gt("float", (1, 1, 1, 0, 64)), "a2a3", vr=Const(0))) == set()


@pytest.mark.parametrize(("target", "layout", "shape", "bad"), [
    ("a2a3", "ND", (1, 1, 1, 16, 32), False), ("a2a3", "ND", (1, 1, 1, 16, 16), True),
    ("a2a3", "NZ", (1, 2, 1, 16, 16), False), ("a2a3", "NZ", (1, 2, 2, 16, 16), True),
    ("a5", "NZ", (1, 4, 1, 16, 8), False), ("a5", "NZ", (1, 2, 1, 16, 8), True),
    ("a5", "NHWC", (1, 1, 4, 4, 32), False), ("a5", "NHWC", (1, 1, 4, 4, 16), True)])
def test_executor_layout_extents_against_the_valid_region(target, layout, shape, bad):
    acc = TileSpec("Acc", "float", 16, 32, "ColMajor", 16, 32, "RowMajor", 1024, elem_size=4)
    got = kinds(store(acc, gt("float", shape, layout), target))
    assert ("valid-region" in got) == bad, got


def test_executor_fixpipe_writes_nz_blocks_of_8_or_16_floats_and_no_dn():
    acc = TileSpec("Acc", "float", 16, 32, "ColMajor", 16, 32, "RowMajor", 1024, elem_size=4)
    for target in ("a2a3", "a5"):
        assert kinds(store(acc, gt("float", (1, 2, 1, 16, 16), "NZ"), target)) == set()
        assert kinds(store(acc, gt("float", (1, 4, 1, 16, 8), "NZ"), target)) == set()
        assert kinds(store(acc, gt("float", (1, 1, 1, 16, 32), "NZ"), target)) == {"unsupported-layout"}
        assert kinds(store(acc, gt("float", (1, 1, 1, 16, 32), "DN"), target)) == {"unsupported-layout"}


@pytest.mark.parametrize("target", ["kirin9030", "kirindev0000"])
def test_executor_kirin_rejects_every_mx_scale_load_into_l1(target):
    """Kirin 9030's TLoad.hpp (Kirin Dev0000 includes it) static_asserts !IsScale in its Mat branch: an MX scale
    tensor into an L1 tile has no copy there, whatever its shape; A5 loads the same call."""
    mat = TileSpec("Mat", "float8_e8m0_t", 64, 4, "RowMajor", 64, 4, "RowMajor", 32, elem_size=1)
    g = gt("float8_e8m0_t", (1, 1, 64, 2, 2), "MX_A_ND")
    assert kinds(load(mat, g, target)) == {"unsupported-layout"}
    assert kinds(load(mat, g, "a5")) == set()


def test_executor_kirindev0000_vec_store_into_nd_dn_nz_only():
    """Kirin Dev0000's CheckStaticVec ends in an `else` arm that static_asserts an NZ tensor: a Vec store into
    another layout does not compile there, a one-row tile (which the pair assertion admits) included, as on Kirin 9030
    (its TStore.hpp:127); A5 takes no Vec copy for such a layout either way (not this check), and a one-row DN store
    compiles."""
    row, full = vec("half", 1, 32, size=2), vec("half", 16, 32, size=2)
    assert kinds(store(row, gt("half", (1, 1, 1, 1, 32), "SCALE"), "kirindev0000")) == {"unsupported-layout"}
    assert kinds(store(full, gt("half", (1, 1, 1, 16, 32), "SCALE"), "kirindev0000")) == {"unsupported-layout"}
    assert kinds(store(row, gt("half", (1, 1, 1, 1, 32), "SCALE"), "kirin9030")) == {"unsupported-layout"}
    assert kinds(store(row, gt("half", (1, 1, 1, 1, 32), "SCALE"), "a5")) == set()
    assert kinds(store(row, gt("half", (1, 1, 1, 1, 32), "DN"), "kirindev0000")) == set()


@pytest.mark.parametrize("cols,line,bad", [(16, 13, True), (64, 32, True), (64, 64, False), (32, 64, False)])
def test_executor_a2a3_burst_longer_than_the_line(cols, line, bad):
    """PTO969: A2/A3's UB ND copy moves the tile's valid columns per tensor line (PTO_ASSERT validCol == Shape4);
    a longer burst is the fault the rule predicts, a shorter one is not (not this rule's)."""
    s = load(vec("float", 2, cols), gt("float", (1, 1, 1, 2, line)))
    assert ("size-mismatch" in kinds(s)) == bad
    verdict = check_rule(load_rules()["PTO969"], s)
    assert (verdict.level == "error") == bad
    assert "size-mismatch" not in kinds(load(vec("float", 2, cols), gt("float", (1, 1, 1, 2, line)), "a5"))


def _conv_load(target: str, layout: str, dims: str, g_layout: str, shape: tuple[int, ...],
               stride: tuple[int, ...]) -> CallSite:
    from ptolint.ir import TypeOperand

    dst = TypeOperand(f"pto::ConvTile<pto::TileType::Mat, half, 65536, pto::Layout::{layout}, "
                      f"pto::ConvTileShape<{dims}>> &", "fmap")
    spec = GlobalSpec("half", shape, stride, g_layout)
    g = GlobalOperand(spec, tuple(Const(d, "int64_t") for d in shape), tuple(Const(s, "int64_t") for s in stride),
                      "g")
    return CallSite("TLOAD", "k.cpp", 3, 5, 3, 20, target, ["dst", "src"], [dst, g], {})


@pytest.mark.parametrize("target", ["a5", "a6"])
@pytest.mark.parametrize("layout, dims, g_layout, shape, stride, bad", [
    # NHWC -> NC1HWC0: H of the tensor (6) against the ConvTile's (4); then a matching band
    ("NC1HWC0", "1, 2, 4, 8, 16", "NHWC", (1, 1, 6, 8, 24), (1152, 1152, 192, 24, 1), True),
    ("NC1HWC0", "1, 2, 4, 8, 16", "NHWC", (1, 1, 4, 8, 24), (768, 768, 192, 24, 1), False),
    # NCHW -> FRACTAL_Z: H x W planes of a wider image (Stride2 != H * W); then whole planes
    ("FRACTAL_Z", "16, 1, 16, 16", "NCHW", (1, 16, 16, 4, 4), (2048, 128, 32, 8, 1), True),
    ("FRACTAL_Z", "16, 1, 16, 16", "NCHW", (1, 16, 16, 4, 4), (4096, 256, 16, 4, 1), False),
    # NCDHW -> NDC1HWC0: W of the tensor (8) against the ConvTile's (4)
    ("NDC1HWC0", "1, 2, 1, 4, 4, 16", "NCDHW", (1, 16, 2, 4, 8), (1024, 64, 32, 8, 1), True),
])
def test_executor_convtile_load_extents_on_a5_and_a6(target, layout, dims, g_layout, shape, stride, bad):
    """A6's NHWC / NCHW / NCDHW ConvTile copies (a6/TLoad.hpp 664-859) PTO_ASSERT the tensor's extents as A5's; the
    executor observes it, PTO030 agrees."""
    s = _conv_load(target, layout, dims, g_layout, shape, stride)
    assert ("valid-region" in kinds(s)) is bad
    assert (check_rule(load_rules()["PTO030"], s).level == "error") is bad


def test_executor_a6_nc1hwc0_convtile_load_asserts_no_extent():
    """A6's NC1HWC0 load calls TLoad5HD, which common/arch/register/tload_common.hpp declares and no A6 file
    defines: no assertion to observe (A5's own TLoad5HD asserts the extents)."""
    args = ("NC1HWC0", "1, 2, 8, 16, 16", "NC1HWC0", (1, 2, 10, 16, 16), (5120, 2560, 256, 16, 1))
    assert "valid-region" in kinds(_conv_load("a5", *args))
    assert kinds(_conv_load("a6", *args)) == set()


def _hif4_load(g_dtype: str, cols: int, layout: str = "ND", rows: int = 64) -> CallSite:
    spec = TileSpec("Mat", "hifloat4x2_t", rows, 128, "ColMajor", rows, 128, "RowMajor", 512, elem_size=1)
    shape = (1, 1, 1, rows, cols)
    g = GlobalOperand(GlobalSpec(g_dtype, shape, (1, 1, 1, cols, 1), layout),
                      tuple(Const(d, "int64_t") for d in shape), tuple(Const(s, "int64_t") for s in (1, 1, 1, cols, 1)),
                      "g")
    return load(spec, g, "a6")


@pytest.mark.parametrize("g_dtype, cols, fault", [
    ("hifloat4x2_t", 128, None),
    ("uint8_t", 128, "dtype-mismatch"),  # the packed bytes' type: TLoadHif4CubeCheck wants hifloat4x2_t
    ("hifloat4x2_t", 64, "valid-region"),  # the tensor's last dimension counted in bytes of pairs
])
def test_executor_a6_hif4_l1_load_check(g_dtype, cols, fault):
    """A6's hifloat4x2_t L1 data load (read apart, ptolint/own_impls.py): TLoadHif4CubeCheck's two static_asserts,
    observed by the executor; PTO936 / PTO937 agree."""
    s = _hif4_load(g_dtype, cols)
    assert kinds(s) == ({fault} if fault else set())
    rules = load_rules()
    assert (check_rule(rules["PTO936"], s).level == "error") is (fault == "dtype-mismatch")
    assert (check_rule(rules["PTO937"], s).level == "error") is (fault == "valid-region")


def test_executor_a6_hif4_scale_and_one_row_forms_skip_the_hif4_check():
    """A scale tensor layout or a one-row row-major tile takes TLoadMxCubeCheck instead (not TLoadHif4CubeCheck)."""
    assert "dtype-mismatch" not in kinds(_hif4_load("uint8_t", 128, "HIF4_A_ZZ"))
    assert check_rule(load_rules()["PTO936"], _hif4_load("uint8_t", 128, "HIF4_A_ZZ")).level is None


def test_executor_a2a3_convtile_plane_copy_bursts():
    """a2a3/TLoad.hpp TLoad5HD / TLoadNDC1HWC0: H > 4095 faults only on the strided copy, chosen by the strides."""
    from ptolint.executor.ops.global_memory import _a2a3_plane_copy

    tall = [1, 1, 4608, 1, 16]  # N, C1, H, W, C0 (half)
    # rows 8 * C0 apart (one column of a wider map): strided, H past the 4095 bursts
    assert _a2a3_plane_copy("NC1HWC0", tall, (4608 * 128, 4608 * 128, 128, 16, 1), 16) == ["strided copy: H 4608 > 4095"]
    # dense rows and planes: one burst per C1 plane, no H assertion
    assert _a2a3_plane_copy("NC1HWC0", tall, (4608 * 16, 4608 * 16, 16, 16, 1), 16) == []
    # NDC1HWC0: [N, D, C1, H, W, C0], Stride3 the rows, Stride2 the planes; a plane stride short of H * W * C0 wraps
    assert _a2a3_plane_copy("NDC1HWC0", [1, 2, 1, 4608, 1, 16], (0, 0, 100, 16, 1), 16) == \
        ["strided copy: H 4608 > 4095"]
    assert _a2a3_plane_copy("NC1HWC0", [1, 1, 64, 1, 16], (0, 0, 128, 16, 1), 16) == []  # H within 4095

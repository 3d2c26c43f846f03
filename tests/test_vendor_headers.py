"""Real PTO headers: detection, parser arguments, in-memory fixes of the vendor lines, --headers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ptolint.cli import app
from ptolint.frontend import vendor
from ptolint.frontend.parse import MODEL_INCLUDE, ParseOptions, compiler_args, header_choice, parse

TYPE_HPP = """#ifndef TYPE_HPP
#define TYPE_HPP
#ifdef __CCE_AICORE__
#define AICORE [aicore]
#else
#define AICORE
#endif
#endif
"""

TILE_HPP = """#include <pto/common/type.hpp>
namespace pto {
template <typename T>
struct remove_gm {
    using type = T;
};
#if defined(__CCE_AICORE__)
template <typename T>
struct remove_gm<__gm__ T> {
    using type = T;
};
#endif
template <typename T>
using remove_gm_t = typename remove_gm<T>::type;
struct RecordEvent {};
template <typename T>
AICORE RecordEvent TFAKE(T& dst) { return {}; }
} // namespace pto
"""


def fake_tree(root: Path) -> Path:
    """A tiny stand-in for a PTO ISA checkout: <root>/include/pto/{pto-inst.hpp, common/...}."""
    inc = root / "include"
    (inc / "pto" / "common").mkdir(parents=True)
    (inc / "pto" / "pto-inst.hpp").write_text("#include <pto/common/pto_tile.hpp>\n")
    (inc / "pto" / "common" / "type.hpp").write_text(TYPE_HPP)
    (inc / "pto" / "common" / "pto_tile.hpp").write_text(TILE_HPP)
    return inc


def test_detection(tmp_path):
    inc = fake_tree(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    assert vendor.find_real_include([str(other), str(inc)]) == str(inc)
    assert vendor.find_real_include([str(other)]) is None
    # the bundled model has pto/pto-inst.hpp too, but is never "real"
    assert vendor.find_real_include([str(MODEL_INCLUDE)]) is None


def test_resolve_modes(tmp_path):
    inc = str(fake_tree(tmp_path))
    assert vendor.resolve("auto", [inc]) == vendor.HeaderChoice("real", inc, "auto")
    assert vendor.resolve("auto", []).mode == "model"
    assert vendor.resolve("model", [inc]).mode == "model"
    assert vendor.resolve("real", [inc]).include_dir == inc
    with pytest.raises(ValueError, match="no pto/pto-inst.hpp"):
        vendor.resolve("real", [str(tmp_path)])
    with pytest.raises(ValueError, match="unknown header mode"):
        vendor.resolve("vendor", [inc])


@pytest.mark.parametrize("std,want", [("c++17", "c++20"), ("gnu++14", "gnu++20"), ("c++20", "c++20"),
                                      ("c++2b", "c++2b"), ("c++23", "c++23"), ("c++98", "c++20")])
def test_std_for_real(std, want):
    assert vendor.std_for_real(std) == want


def test_args_real_and_model(tmp_path):
    inc = str(fake_tree(tmp_path))
    real = compiler_args("a5", ParseOptions(includes=[inc]))
    assert "-std=c++20" in real
    assert f"-I{MODEL_INCLUDE}" not in real
    i = real.index("-include")
    assert real[i + 1] == str(vendor.host_header("a5")) and Path(real[i + 1]).is_file()
    assert "-D__NPU_ARCH__=3510" in real and "-D__CCE_AICORE__=310" in real
    a2 = compiler_args("a2a3", ParseOptions(includes=[inc]))
    assert str(vendor.host_header("a2a3")) in a2 and "-D__DAV_C220_VEC__" in a2
    # forced model: the model dir comes before the user's real one, no host header, the user's std
    model = compiler_args("a5", ParseOptions(includes=[inc], headers="model"))
    assert "-include" not in model and "-std=c++17" in model
    assert model.index(f"-I{MODEL_INCLUDE}") < model.index(f"-I{inc}")
    # without a real installation nothing changes
    plain = compiler_args("a5", ParseOptions())
    assert "-include" not in plain and f"-I{MODEL_INCLUDE}" in plain


def test_fix_aicore_keeps_positions():
    out = vendor.fix_aicore(TYPE_HPP)
    assert "[aicore]" not in out and "#define AICORE" in out
    assert [len(x) for x in out.splitlines()] == [len(x) for x in TYPE_HPP.splitlines()]


def test_fix_remove_gm_keeps_lines():
    out = vendor.fix_remove_gm(TILE_HPP)
    assert "remove_gm<__gm__" not in out
    assert out.count("\n") == TILE_HPP.count("\n")
    assert "struct remove_gm {" in out  # the primary template stays
    assert vendor.fix_remove_gm("struct remove_gm<int> {};") == "struct remove_gm<int> {};"


def test_overlays(tmp_path):
    inc = str(fake_tree(tmp_path))
    ov = dict(vendor.overlays(inc, "/missing"))
    assert "[aicore]" not in ov[str(Path(inc, "pto/common/type.hpp"))]
    assert "remove_gm<__gm__" not in ov[str(Path(inc, "pto/common/pto_tile.hpp"))]
    assert "/missing/pto/common/ptolint_cce.hpp" in ov
    # files on disk are untouched
    assert "[aicore]" in Path(inc, "pto/common/type.hpp").read_text()


def test_parse_against_fake_real_headers(tmp_path):
    inc = str(fake_tree(tmp_path))
    src = tmp_path / "k.cpp"
    src.write_text("#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                   "__global__ AICORE void k(__gm__ half* p) { float x; TFAKE(x); }\n")
    tu, diags = parse(str(src), "a2a3", ParseOptions(includes=[inc]))
    assert tu is not None
    assert [d.message for d in diags if d.level == "error"] == []
    with_model = header_choice(ParseOptions(includes=[inc], headers="model"))
    assert with_model.mode == "model" and with_model.include_dir is None


def test_cli_headers_option(tmp_path):
    inc = str(fake_tree(tmp_path))
    runner = CliRunner()
    out = runner.invoke(app, ["info", "-t", "a5", "-I", inc, "--format", "json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["headers"] == {"mode": "real", "requested": "auto", "include": inc}
    assert "-include" in doc["args"]
    out = runner.invoke(app, ["info", "-t", "a5", "-I", inc, "--headers", "model", "--format", "json"])
    doc = json.loads(out.output)
    assert doc["headers"]["mode"] == "model" and "-include" not in doc["args"]
    out = runner.invoke(app, ["info", "-t", "a5", "--headers", "real"])
    assert out.exit_code == 2 and "pto-inst.hpp" in out.output
    out = runner.invoke(app, ["info", "-t", "a5"])
    assert "headers: model" in out.output


def test_check_headers_model_forces_model(tmp_path):
    """--headers model parses a kernel against the bundled model even with a real-looking -I dir."""
    inc = str(fake_tree(tmp_path))
    src = tmp_path / "k.cpp"
    src.write_text("#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                   "__global__ AICORE void k() { Tile<TileType::Vec, float, 16, 16> t; TDIVS(t, t, 2.0f); }\n")
    runner = CliRunner()
    out = runner.invoke(app, ["check", str(src), "-t", "a2a3", "-I", inc, "--headers", "model"])
    assert out.exit_code == 0, out.output
    out = runner.invoke(app, ["check", str(src), "-t", "a2a3", "-I", inc])  # auto: the fake tree has no TDIVS
    assert out.exit_code == 2
    out = runner.invoke(app, ["check", str(src), "-t", "a2a3", "--headers", "real"])
    assert out.exit_code == 2 and "pto-inst.hpp" in out.output


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_host_header_parses_alone(tmp_path, target):
    """The pre-included host definitions are valid C++ on their own, for every target."""
    src = tmp_path / "k.cpp"
    src.write_text("static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2);\n"
                   "void k(__gm__ half* p) { set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0); "
                   "uint64_t c = get_ctrl(); (void)c; int64_t b = get_block_idx(); (void)b; }\n")
    inc = str(fake_tree(tmp_path))
    tu, diags = parse(str(src), target, ParseOptions(includes=[inc]))
    assert tu is not None
    assert [d.message for d in diags if d.level == "error"] == []


CUBE_TILE_HPP = """struct Tile {
#if defined(__DAV_CUBE__)
    void CubeOnly() {}
#endif
    void Both() {}
#if defined(__DAV_CUBE__)
    void SetMadTF32Mode(int mode = 0) { (void)mode; }
    void ResetMadMode() {}
#endif
};
"""


def test_fix_cube_tile_members_only_that_block():
    out = vendor.fix_cube_tile_members(CUBE_TILE_HPP)
    lines, fixed = CUBE_TILE_HPP.splitlines(), out.splitlines()
    assert [len(x) for x in fixed] == [len(x) for x in lines]
    changed = [i for i, (a, b) in enumerate(zip(lines, fixed, strict=True)) if a != b]
    assert changed == [5] and fixed[5].rstrip() == "#if 1"
    assert vendor.fix_cube_tile_members(out) == out  # idempotent


def test_overlay_applies_every_fix_of_a_file(tmp_path):
    inc = fake_tree(tmp_path)
    tile = inc / "pto" / "common" / "pto_tile.hpp"
    tile.write_text(TILE_HPP + CUBE_TILE_HPP)
    ov = vendor.overlays(str(inc))
    texts = [text for name, text in ov if name == str(tile)]
    assert len(texts) == 1  # one overlay per file, with both fixes
    assert "remove_gm<__gm__" not in texts[0] and "#if 1" in texts[0]
    assert "#if defined(__DAV_CUBE__)\n    void CubeOnly" in texts[0]


def test_real_mode_keeps_cube_tile_members_on_a2a3(tmp_path):
    """ptolint parses A2/A3 with the vector core's macros; a cube kernel's SetMadTF32Mode stays callable."""
    inc = fake_tree(tmp_path)
    (inc / "pto" / "common" / "pto_tile.hpp").write_text(TILE_HPP + CUBE_TILE_HPP)
    src = tmp_path / "k.cpp"
    src.write_text("#include <pto/pto-inst.hpp>\n"
                   "__global__ AICORE void k() { Tile t; t.SetMadTF32Mode(1); t.ResetMadMode(); t.Both(); }\n")
    tu, diags = parse(str(src), "a2a3", ParseOptions(includes=[str(inc)]))
    assert tu is not None
    assert [d.message for d in diags if d.level == "error"] == []
    src.write_text("#include <pto/pto-inst.hpp>\n__global__ AICORE void k() { Tile t; t.CubeOnly(); }\n")
    _, diags = parse(str(src), "a2a3", ParseOptions(includes=[str(inc)]))
    assert any("CubeOnly" in d.message for d in diags if d.level == "error")  # other cube blocks stay cube-only


HOST_COMMON = """
static_assert(std::is_same_v<__fp16, half>, "__fp16 is half");
void takes_fp16(__fp16 x, __gm__ __fp16* p) { *p = x; }
static_assert(std::is_same_v<decltype(__cce_get_tile_ptr(uint64_t{})), uint64_t>, "integer tile address");
"""

HOST_BY_TARGET = {
    "a2a3": """
void k(__gm__ half* gm, __ubuf__ half* ub, uint64_t cfg) {
    copy_gm_to_ubuf(ub, gm, 0, 1, 1, 0, 0);
    copy_ubuf_to_gm(gm, ub, 0, 1, 1, 0, 0);
    st_dev(cfg, (__gm__ uint64_t*)gm, 0);
    vgatherb(ub, ub, ub, 0, 1, 8, 8);
    set_intra_block(PIPE_MTE3, 0);
    wait_intra_block(PIPE_MTE2, 0);
}
""",
    "a5": """
namespace pto { using MaskReg = vector_bool; using UnalignReg = vector_align; } // as the headers define them
using namespace pto;
static_assert(std::is_same_v<decltype(__cce_simt_get_TID_X()), uint32_t>, "thread id");
static_assert(std::is_same_v<decltype(__builtin_cce_expf(1.0f)), float>, "fast exp");
void k(__ubuf__ float* ub, __gm__ float* gm, __cbuf__ half* l1, __ca__ half* l0a, uint32_t n) {
    MaskReg m = pge_b8(PAT_ALL);  // the global MaskReg is gone: no ambiguity with pto::MaskReg
    UnalignReg u;
    vector_f32 a, b;
    vmov(a, b, m);
    vsqrt(a, b, m, MODE_ZEROING);
    vrelu(a, b, m, MODE_ZEROING);
    vlrelu(a, b, 0.1f, m, MODE_ZEROING);
    vprelu(a, b, a, m, MODE_ZEROING);
    vmod(a, a, b, m, MODE_ZEROING);
    vexpdif(a, a, b, m, PART_EVEN);
    vcpadd(a, b, m, MODE_ZEROING);
    vbitsort(ub, ub, ub, 1);
    vmrgsort4(ub, ub, 1, 1);
    vgatherb(a, ub, ub, m);
    atomicMax(gm, 1.0f);
    atomicMin(gm, 1.0f);
    img2colv2_cbuf_to_ca(l0a, l1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    __cce_pto_get_mx_scale_tile(ub, ub);
    __sync_workitems();
    (void)__builtin_cce_redux_add_f32(1.0f);
    (void)__cce_simt_get_TID_Y();
    (void)u;
    (void)n;
}
""",
}


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_host_header_declares_what_the_headers_and_kernels_call(tmp_path, target):
    """Intrinsics and device names the real headers or corpus kernels use, per target, plus the shared
    __fp16 spelling and the integer tile address of a Bias tile on the vector core."""
    src = tmp_path / "k.cpp"
    src.write_text(HOST_COMMON + HOST_BY_TARGET[target])
    inc = str(fake_tree(tmp_path))
    tu, diags = parse(str(src), target, ParseOptions(includes=[inc]))
    assert tu is not None
    assert [d.message for d in diags if d.level == "error"] == []


def test_a5_names_stay_off_a2a3(tmp_path):
    src = tmp_path / "k.cpp"
    src.write_text("void k() { (void)__cce_simt_get_TID_X(); vector_f32 a; vmov(a, a); }\n")
    inc = str(fake_tree(tmp_path))
    _, diags = parse(str(src), "a2a3", ParseOptions(includes=[inc]))
    errors = " ".join(d.message for d in diags if d.level == "error")
    assert "__cce_simt_get_TID_X" in errors and "vector_f32" in errors


ACL_USER = """#include "acl/acl.h"
int host_side(void** dev, int64_t* shape) {
    aclrtStream s = nullptr;
    if (aclrtCreateStreamWithConfig(&s, 0, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC) != ACL_SUCCESS) {
        return 1;
    }
    aclrtStreamAttrValue value;
    value.failureMode = 1;
    aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_FAILURE_MODE, &value);
    int32_t id = 0, device = 0;
    aclrtStreamGetId(s, &id);
    aclrtGetDevice(&device);
    aclrtContext ctx = nullptr;
    aclrtGetCurrentContext(&ctx);
    int64_t cores = 0;
    aclrtGetDeviceInfo(device, ACL_DEV_ATTR_AICORE_CORE_NUM, &cores);
    aclDataType dt = aclDataType::ACL_UINT64;
    aclFormat fmt = aclFormat::ACL_FORMAT_ND;
    float f = aclFloat16ToFloat(aclFloatToFloat16(1.0f));
    const char* msg = aclGetRecentErrMsg();
    static_assert(ACL_STREAM_DEVICE_USE_ONLY == 0x20U, "stream flag");
    (void)dt; (void)fmt; (void)f; (void)msg; (void)dev; (void)shape;
    return aclrtDestroyStream(s);
}
"""


@pytest.mark.parametrize("headers", ["model", "real"])
def test_acl_stand_in_covers_the_runtime_names_pto_headers_use(tmp_path, headers):
    """The host acl/acl.h stand-in: stream creation with flags and attributes, device queries, tensor
    element types and formats (what the PTO headers' host-side SDMA workspace manager calls)."""
    src = tmp_path / "host.cpp"
    src.write_text(ACL_USER)
    inc = str(fake_tree(tmp_path))
    tu, diags = parse(str(src), "a2a3", ParseOptions(includes=[inc], headers=headers))
    assert tu is not None
    assert [d.message for d in diags if d.level in ("error", "warning")] == []


def test_many_missing_headers_are_all_replaced(tmp_path):
    """Each missing header is a fatal error, found one parse at a time: a file with more of them than
    the old limit of 6 still ends with every one replaced and no error."""
    names = [f"vendor_runtime/part_{i}.h" for i in range(10)]
    src = tmp_path / "k.cpp"
    src.write_text("".join(f'#include "{n}"\n' for n in names) + "int f() { return 1; }\n")
    tu, diags = parse(str(src), "a2a3", ParseOptions())
    assert tu is not None
    assert sorted(d.message.split("'")[1] for d in diags if d.code == "missing-include") == sorted(names)
    assert [d.message for d in diags if d.level == "error"] == []

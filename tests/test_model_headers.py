"""The bundled PTO API model headers (ptolint/frontend/include) parse realistic kernels cleanly.

Every sample is parsed with libclang for both targets (A2/A3: __NPU_ARCH__=2201, A5: 3510) and
must produce no diagnostic of severity >= warning, both with the host's C++ headers reachable
and with no system headers at all (-nostdinc). A few samples also pin which overload / which
Tile instantiation libclang resolves, since ptolint's analysis depends on it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ci = pytest.importorskip("clang.cindex")

INCLUDE = Path(__file__).resolve().parent.parent / "ptolint" / "frontend" / "include"
TARGETS = {"a2a3": "2201", "a5": "3510"}
# "host": whatever libclang finds by default; "nostd": no system header directory at all.
MODES = {"host": [], "nostd": ["-nostdinc", "-nostdinc++"]}


def _gcc_builtin_dir() -> str | None:
    """gcc's builtin header dir (stddef.h...), which ptolint's frontend adds with -isystem."""
    exe = shutil.which("gcc")
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "-print-file-name=include"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    path = out.strip()
    return path if path and Path(path, "stddef.h").exists() else None


def _args(arch: str, mode: str) -> list[str]:
    return ["-x", "c++", "-std=c++17", f"-I{INCLUDE}", f"-D__NPU_ARCH__={arch}", *MODES[mode]]


_INDEX = None
_CACHE: dict = {}


def parse(src: str, arch: str, mode: str = "nostd", name: str = "sample.cpp"):
    """Parse (memoised: several tests look at the same translation unit)."""
    global _INDEX
    if _INDEX is None:
        _INDEX = ci.Index.create()
    key = (src, arch, mode, name)
    if key not in _CACHE:
        _CACHE[key] = _INDEX.parse(name, args=_args(arch, mode), unsaved_files=[(name, src)])
    return _CACHE[key]


def problems(tu) -> list[str]:
    return [f"{d.location.line}:{d.location.column}: {d.spelling}" for d in tu.diagnostics
            if d.severity >= ci.Diagnostic.Warning]


# All 148 instruction names of the PTO API (include/pto/common/pto_instr.hpp); the A5-only ones are
# absent on A2/A3 and TPRINT exists only in _DEBUG builds.
INSTRUCTIONS = set("""
MGATHER MSCATTER SETFMATRIX SET_IMG2COL_PADDING SET_IMG2COL_RPT SET_QUANT_SCALAR SET_QUANT_VECTOR SYNCALL TABS TADD
TADDC TADDDEQRELU TADDRELUCONV TADDS TADDSC TALLOC TAND TANDS TASSIGN TAXPY TCI TCMP TCMPS TCOLARGMAX TCOLARGMIN
TCOLEXPAND TCOLEXPANDADD TCOLEXPANDDIV TCOLEXPANDEXPDIF TCOLEXPANDMAX TCOLEXPANDMIN TCOLEXPANDMUL TCOLEXPANDSUB TCOLMAX
TCOLMIN TCOLPROD TCOLSUM TCONCAT TCVT TDEINTERLEAVE TDEQUANT TDIV TDIVS TEXP TEXPANDS TEXTRACT TEXTRACT_FP TFILLPAD
TFILLPAD_EXPAND TFILLPAD_INPLACE TFMOD TFMODS TFREE TFUSEDMULADD TFUSEDMULADDRELU TGATHER TGATHERB TGEMV TGEMV_ACC
TGEMV_BIAS TGEMV_MX TGET_SCALE_ADDR THISTOGRAM TIMG2COL TINSERT TINSERT_FP TINTERLEAVE TLOAD TLOG TLRELU TMATMUL
TMATMUL_ACC TMATMUL_BIAS TMATMUL_MX TMAX TMAXS TMIN TMINS TMOV TMOV_FP TMRGSORT TMUL TMULADDDST TMULS TNEG TNOT TOR
TORS TPAIRREDUCESUM TPARTADD TPARTARGMAX TPARTARGMIN TPARTMAX TPARTMIN TPARTMUL TPOP TPOW TPOWS TPREFETCH
TPREFETCH_ASYNC TPRELU TPRINT TPUSH TQUANT TRANDOM TRECIP TRELU TREM TREMS TRESHAPE TROWARGMAX TROWARGMIN TROWEXPAND
TROWEXPANDADD TROWEXPANDDIV TROWEXPANDEXPDIF TROWEXPANDMAX TROWEXPANDMIN TROWEXPANDMUL TROWEXPANDSUB TROWMAX TROWMIN
TROWPROD TROWSUM TRSQRT TSCATTER TSEL TSELS TSHL TSHLS TSHR TSHRS TSORT32 TSQRT TSTORE TSTORE_FP TSUB TSUBC TSUBRELU
TSUBRELUCONV TSUBS TSUBSC TSUBVIEW TSYNC TTRANS TTRI TXOR TXORS
""".split())
A5_ONLY_INSTRUCTIONS = {"TDEINTERLEAVE", "TGEMV_MX", "THISTOGRAM", "TINTERLEAVE", "TMATMUL_MX", "TRANDOM"}


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_every_instruction_is_declared(target):
    assert len(INSTRUCTIONS) == 148
    tu = parse("#include <pto/pto-inst.hpp>\n", TARGETS[target])
    pto = [c for c in tu.cursor.get_children() if c.kind == ci.CursorKind.NAMESPACE and c.spelling == "pto"]
    declared = {c.spelling for ns in pto for c in ns.get_children() if c.kind == ci.CursorKind.FUNCTION_TEMPLATE}
    expected = INSTRUCTIONS - {"TPRINT"} - (A5_ONLY_INSTRUCTIONS if target == "a2a3" else set())
    assert expected - declared == set()
    if target == "a2a3":
        assert declared & A5_ONLY_INSTRUCTIONS == set()


# ---------------------------------------------------------------------------------------------
# Samples. The first five reproduce the "Examples" sections of the seed instruction docs.
# ---------------------------------------------------------------------------------------------

SEED_TEXTRACT = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

void example_auto() {
  using SrcT = Tile<TileType::Mat, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor>;
  using DstT = TileLeft<float, 16, 16>;
  SrcT src;
  DstT dst;
  TEXTRACT(dst, src, /*indexRow=*/0, /*indexCol=*/0);
}

void example_manual() {
  using SrcT = Tile<TileType::Mat, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor>;
  using DstT = TileLeft<float, 16, 16>;
  SrcT src;
  DstT dst;
  TASSIGN(src, 0x1000);
  TASSIGN(dst, 0x2000);
  TEXTRACT(dst, src, /*indexRow=*/0, /*indexCol=*/0);
}
"""

SEED_TDIVS = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

void example_auto() {
  using TileT = Tile<TileType::Vec, float, 16, 16>;
  TileT src, dst;
  TDIVS(dst, src, 2.0f);
  TDIVS<DivAlgorithm::HIGH_PRECISION>(dst, src, 2.0f);
}

void example_manual() {
  using TileT = Tile<TileType::Vec, float, 16, 16>;
  TileT src, dst;
  TASSIGN(src, 0x1000);
  TASSIGN(dst, 0x2000);
  TDIVS(dst, 2.0f, src);
  TDIVS<DivAlgorithm::HIGH_PRECISION>(dst, 2.0f, src);
}
"""

SEED_TRESHAPE = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

void example() {
  using Src = Tile<TileType::Vec, float, 16, 16>;
  using Dst = Tile<TileType::Vec, float, 8, 32>;
  static_assert(Src::Numel == Dst::Numel);

  Src src;
  Dst dst;
  TRESHAPE(dst, src);
}
"""

SEED_TROWPROD = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

void example_auto() {
  using SrcT = Tile<TileType::Vec, float, 16, 16>;
  using DstT = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
  using TmpT = Tile<TileType::Vec, float, 16, 16>;
  SrcT src;
  DstT dst;
  TmpT tmp;
  TROWPROD(dst, src, tmp);
}

void example_manual() {
  using SrcT = Tile<TileType::Vec, float, 16, 16>;
  using DstT = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
  using TmpT = Tile<TileType::Vec, float, 16, 16>;
  SrcT src;
  DstT dst;
  TmpT tmp;
  TASSIGN(src, 0x1000);
  TASSIGN(dst, 0x2000);
  TASSIGN(tmp, 0x3000);
  TROWPROD(dst, src, tmp);
}
"""

# The TCOLEXPANDMAX page points to docs/isa/ for examples; this is the documented shape of use:
# a 1 x C row vector expanded over every row of src0 and combined element-wise with max.
SEED_TCOLEXPANDMAX = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

void example_auto() {
  using TileT = Tile<TileType::Vec, float, 16, 16>;
  using RowT = Tile<TileType::Vec, float, 1, 16>;
  TileT src0, dst;
  RowT src1;
  TCOLEXPANDMAX(dst, src0, src1);
}

void example_manual() {
  using TileT = Tile<TileType::Vec, half, 16, 32>;
  using RowT = Tile<TileType::Vec, half, 1, 32>;
  TileT src0, dst;
  RowT src1;
  TASSIGN(src0, 0x0);
  TASSIGN(src1, 0x1000);
  TASSIGN(dst, 0x2000);
  Event<Op::TLOAD, Op::TCOLEXPANDMAX> loaded;
  TCOLEXPANDMAX(dst, src0, src1, loaded);
}
"""

# A templated vector kernel the way the ST kernels are written: extern "C" entry, GM tensors with
# dynamic shapes, DYNAMIC valid regions given at construction, events, explicit flags.
VECTOR_KERNEL = r"""
#include <pto/pto-inst.hpp>
#include <pto/common/constants.hpp>

using namespace pto;

template <typename T, int kRows, int kCols>
AICORE void RunAddRelu(__gm__ T __out__* out, __gm__ T __in__* a, __gm__ T __in__* b, int vr, int vc)
{
    using GShape = Shape<1, 1, 1, DYNAMIC, DYNAMIC>;
    using GStride = Stride<1, 1, 1, kCols, 1>;
    using GData = GlobalTensor<T, GShape, GStride>;
    using TileData = Tile<TileType::Vec, T, kRows, kCols, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using RowDyn = Tile<TileType::Vec, T, kRows, kCols, BLayout::RowMajor, DYNAMIC, kCols>;
    using Acc = std::conditional_t<std::is_same_v<T, half>, float, T>;
    static_assert(sizeof(Acc) == 4, "accumulate in 32 bit");

    TileData ta(vr, vc), tb(vr, vc), tc(vr, vc);
    RowDyn partial(vr);
    TASSIGN(ta, 0x0);
    TASSIGN(tb, 0x8000);
    TASSIGN(tc, 0x10000);
    TASSIGN<0x18000>(partial);

    GData ga(a, GShape(vr, vc)), gb(b, GShape(vr, vc)), gout(out, GShape(vr, vc));
    int64_t rows = ga.GetShape(GlobalTensorDim::DIM_3);
    (void)rows;

    Event<Op::TLOAD, Op::TADD> loaded;
    Event<Op::TADD, Op::TRELU> added;
    Event<Op::TRELU, Op::TSTORE_VEC> done;
    TLOAD(ta, ga);
    loaded = TLOAD(tb, gb);
    added = TADD(tc, ta, tb, loaded);
    done = TRELU(tc, tc, added);
    TSTORE(gout, tc, done);

    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    pipe_barrier(PIPE_ALL);
    unsigned r = tc.GetValidRow();
    tc.SetValidShape(r, TileData::Cols);
    TADDS(tc, ta, T(1));
    TMULS(tc, tc, 0.5f);
    TEXPANDS(tc, 0);
    TMOV(tb, tc);
    TCVT(tb, tc, RoundMode::CAST_RINT);
    TCMPS(tb, tc, T(0), CmpMode::GT);
    PtoSetWaitFlag<PIPE_V, PIPE_MTE3>();
}

extern "C" __global__ AICORE void add_relu_kernel(__gm__ float* out, int n)
{
    int64_t blk = get_block_idx();
    int64_t nblk = get_block_num();
    int sub = get_subblockid() + get_subblockdim();
    __gm__ float* base = out + blk * n;
    (void)nblk;
    (void)sub;
    RunAddRelu<float, 64, 64>(base, base, base, n, 64);
}

extern "C" __global__ AICORE void add_relu_kernel_f16(__gm__ half* out, int n)
{
    RunAddRelu<half, 16, 256>(out, out, out, n, 256);
}
"""

# Cube path: GM -> Mat -> Left/Right -> Acc -> GM, with the alias templates and TMATMUL forms.
CUBE_KERNEL = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename InT, typename OutT, int M, int K, int N>
AICORE void RunMatmul(__gm__ OutT* c, __gm__ InT* a, __gm__ InT* b, int validM)
{
    using GA = GlobalTensor<InT, Shape<1, 1, 1, M, K>, Stride<1, 1, 1, K, 1>>;
    using GB = GlobalTensor<InT, Shape<1, 1, 1, K, N>, Stride<1, 1, 1, N, 1>>;
    using GC = GlobalTensor<OutT, Shape<1, 1, 1, DYNAMIC, N>, Stride<1, 1, 1, N, 1>>;
    using MatA = Tile<TileType::Mat, InT, M, K, BLayout::ColMajor, M, K, SLayout::RowMajor, 512>;
    using MatB = Tile<TileType::Mat, InT, K, N, BLayout::ColMajor, K, N, SLayout::RowMajor, 512>;
    using L = TileLeft<InT, M, K>;
    using R = TileRight<InT, K, N>;
    using C = TileAcc<OutT, M, N, DYNAMIC, N>;

    MatA ma;
    MatB mb;
    L l;
    R r;
    C acc(validM);
    TASSIGN(ma, 0x0);
    TASSIGN(mb, 0x20000);
    TASSIGN(l, 0x0);
    TASSIGN(r, 0x0);
    TASSIGN(acc, 0x0);

    GA ga(a);
    GB gb(b);
    GC gc(c, typename GC::Shape(validM));
    TLOAD(ma, ga);
    TLOAD(mb, gb);
    set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    TMOV(l, ma);
    TMOV(r, mb);
    TEXTRACT(l, ma, 0, 0);
    set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    TMATMUL(acc, l, r);
    TMATMUL_ACC(acc, acc, l, r);
    TMATMUL_ACC<AccPhase::Final>(acc, l, r);
    TMATMUL<AccPhase::Partial>(acc, l, r);
    set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    TSTORE(gc, acc);
    TSTORE<C, GC, AtomicType::AtomicAdd>(gc, acc);
    TSTORE<STPhase::Final>(gc, acc);
}

extern "C" __global__ AICORE void mm_kernel(__gm__ float* out, __gm__ half* a, __gm__ half* b, int m)
{
    RunMatmul<half, float, 64, 128, 64>(out, a, b, m);
}
"""

# The overload families the linter must disambiguate exactly like the device compiler.
OVERLOADS = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

void overloads(uint64_t quant)
{
    using AccT = TileAcc<float, 32, 32>;
    using MatT = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor, 512>;
    using VecT = Tile<TileType::Vec, float, 32, 32>;
    using FpT = Tile<TileType::Scaling, uint64_t, 1, 32>;
    AccT acc;
    MatT mat;
    VecT vec, vec2, tmp;
    FpT fp;

    TEXTRACT(mat, acc, 0, 0);
    TEXTRACT<MatT, AccT, ReluPreMode::NormalRelu>(mat, acc, 0, 0);
    TEXTRACT<MatT, AccT, AccToVecMode::DualModeSplitM>(mat, acc, 0, 0);
    TEXTRACT(mat, acc, quant, 0, 0);
    TEXTRACT<MatT, AccT, ReluPreMode::NormalRelu>(mat, acc, quant, 0, 0);
    TEXTRACT<MatT, AccT, AccToVecMode::SingleModeVec0, ReluPreMode::NormalRelu>(mat, acc, quant, 0, 0);
    TEXTRACT_FP(mat, acc, fp, 0, 0);
    TEXTRACT<MatT, AccT, FpT, AccToVecMode::SingleModeVec1>(mat, acc, fp, 0, 0);

    TINSERT(mat, acc, 0, 0);
    TINSERT<MatT, AccT, ReluPreMode::NormalRelu>(mat, acc, 0, 0);
    TINSERT_FP(mat, acc, fp, 0, 0);

    TMOV(vec, acc);
    TMOV<VecT, AccT, ReluPreMode::NormalRelu>(vec, acc);
    TMOV<VecT, AccT, AccToVecMode::DualModeSplitN>(vec, acc);
    TMOV(vec, acc, quant);
    TMOV_FP(vec, acc, fp);
    TMOV(vec, vec2, tmp);

    GlobalTensor<float, Shape<1, 1, 1, 32, 32>, Stride<1, 1, 1, 32, 1>> gout(nullptr);
    TSTORE_FP(gout, acc, fp);

    TDIV(vec, vec, vec2);
    TDIV<DivAlgorithm::HIGH_PRECISION>(vec, vec, vec2);
    TDIVS(vec, vec2, 3.0f);
    TDIVS(vec, 3.0f, vec2);
    TRECIP(vec, vec2);
    TRSQRT(vec, vec2);
    TRSQRT(vec, vec2, tmp);
    TEXP<ExpAlgorithm::HIGH_PRECISION>(vec, vec2);
    TROWSUM(vec, vec2, tmp);
    TROWPROD(vec, vec2, tmp);
    TCOLSUM(vec, vec2);
    TCOLSUM(vec, vec2, tmp, true);
    TROWEXPANDDIV(vec, vec2, vec2);
    TROWEXPANDDIV(vec, vec2, vec2, tmp);
    TCMP(vec, vec2, vec2, CmpMode::LT);
    TSEL(vec, vec2, vec, vec, tmp);
    TFILLPAD(vec, vec2);
    TFILLPAD_INPLACE(vec, vec2);
    Tile<TileType::Vec, int32_t, 1, 32> ivec;  // TCI's T is dst's element type (the model asserts it)
    TCI<decltype(ivec), int32_t, 0>(ivec, 0);
    TRESHAPE(vec, vec2);
    TSYNC<Op::TLOAD>();
}
"""

HEADERS = r"""
#include <pto/common/type.hpp>
#include <pto/common/constants.hpp>
#include <pto/common/pto_tile.hpp>
#include <pto/common/fifo.hpp>
#include <pto/common/memory.hpp>
#include <pto/common/debug.h>
#include <pto/common/utils.hpp>
#include <pto/common/event.hpp>
#include <pto/common/pto_instr.hpp>
#include <pto/comm/comm_types.hpp>
#include <pto/comm/pto_comm_inst.hpp>
#include <pto/pto-inst.hpp>

static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "");
static_assert(!std::is_same_v<half, bfloat16_t>, "");
static_assert(sizeof(float8_e4m3_t) == 1 && sizeof(float8_e5m2_t) == 1 && sizeof(float8_e8m0_t) == 1, "");
static_assert(sizeof(hifloat8_t) == 1 && sizeof(float4_e2m1x2_t) == 1 && sizeof(float4_e1m2x2_t) == 1, "");
static_assert(sizeof(int8_t) == 1 && sizeof(uint16_t) == 2 && sizeof(int32_t) == 4 && sizeof(uint64_t) == 8, "");
static_assert(sizeof(std::size_t) == sizeof(void*) && std::is_same_v<std::int64_t, int64_t>, "");
static_assert(pto::DYNAMIC == -1 && pto::BLOCK_BYTE_SIZE == 32, "");

using namespace pto;

constexpr half kOne = half(1.0f);
constexpr bfloat16_t kTwo = 2.0f;
constexpr float kBack = kOne;

using V = Tile<TileType::Vec, float, 8, 64>;
static_assert(V::Rows == 8 && V::Cols == 64 && V::ValidRow == 8 && V::ValidCol == 64 && V::isRowMajor, "");
static_assert(V::GetValidRow() == 8 && V::GetValidCol() == 64, "");
static_assert(std::is_same_v<V::DType, float> && V::Loc == TileType::Vec && V::SFractalSize == 512, "");
static_assert(is_tile_data_v<V> && !is_global_data_v<V>, "");
static_assert(TileAcc<float, 16, 16>::SFractalSize == 1024 && TileLeftScale<float8_e8m0_t, 16, 2>::SFractalSize == 32, "");

using G = GlobalTensor<half, Shape<1, 1, 1, DYNAMIC, 128>, Stride<1, 1, 1, 128, 1>, Layout::ND>;
static_assert(is_global_data_v<G> && G::staticShape[4] == 128 && G::GetShape<4>() == 128, "");
using NZShape = TileShape2D<half, 32, 64, Layout::NZ>;
using NZStride = BaseShape2D<half, 32, 64, Layout::NZ>;
static_assert(NZShape::staticShape[1] == 4 && NZShape::staticShape[4] == 16 && NZStride::staticStride[2] == 256, "");

using Pipe = TPipe<0, Direction::DIR_C2V, 4096, 4>;
using Grid = GridPipe<V, 2048, 2>;
static_assert(is_grid_pipe_v<Grid> && !is_grid_pipe_v<Pipe>, "");

AICORE void comm_and_pipes(__gm__ int32_t* sig, __gm__ void* slots, Pipe& pipe, V& t)
{
    comm::Signal s(sig);
    comm::TNOTIFY(s, 1, comm::NotifyOp::AtomicAdd);
    comm::TWAIT(s, 1, comm::WaitCmp::GE);
    TPUSH<Pipe, V, TileSplitAxis::TILE_UP_DOWN>(pipe, t);
    TPOP<Pipe, V, TileSplitAxis::TILE_NO_SPLIT>(pipe, t);
    TFREE<Pipe, TileSplitAxis::TILE_NO_SPLIT>(pipe);
    Pipe other(slots, 0x0, 0x0);
    (void)other;
    pipe.prod.setTileId(0, 0);
    dcci((__gm__ void*)sig, cache_line_t::SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
    SYNCALL();
}
"""

A5_ONLY = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

#if defined(PTO_NPU_ARCH_A5)
AICORE void mx(void)
{
    using A = TileLeft<float8_e4m3_t, 64, 128>;
    using AS = TileLeftScale<float8_e8m0_t, 64, 4>;
    using B = TileRight<float8_e4m3_t, 128, 64>;
    using BS = TileRightScale<float8_e8m0_t, 4, 64>;
    using C = TileAcc<float, 64, 64>;
    A a; AS as; B b; BS bs; C c;
    TMATMUL_MX(c, a, as, b, bs);
    TMATMUL_MX<AccPhase::Final>(c, c, a, as, b, bs);
    TGEMV_MX(c, a, as, b, bs);
    using V = Tile<TileType::Vec, half, 16, 64>;
    V x, y;
    TINSERT<TInsertMode::SPLIT2>(x, y);
    THISTOGRAM<HistByte::BYTE_0>(x, y, y);
    TINTERLEAVE(x, x, y, y);
}
#else
AICORE void a2a3(void)
{
    using C = Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512>;
    C c;
    SET_IMG2COL_RPT(c);
}
#endif
"""

# A5 register-level code inside a tile kernel (the shape of the vendor ST kernels that zero or compact a UB
# buffer with vector registers between tile instructions) and a SIMT function launched from a kernel.
A5_VECTOR_FUNCTION = r"""
#include <pto/pto-inst.hpp>

using namespace pto;

#if defined(PTO_NPU_ARCH_A5)
static_assert(std::is_same_v<RegTensor<float>::RegType, vector_f32>, "");
static_assert(std::is_same_v<RegTensor<half>::RegType, vector_f16>, "");
static_assert(std::is_same_v<RegTensor<bfloat16_t>::RegType, vector_bf16>, "");
static_assert(std::is_same_v<RegTensor<int8_t>::RegType, vector_s8>, "");
static_assert(std::is_same_v<RegTensor<uint8_t>::RegType, vector_u8>, "");
static_assert(std::is_same_v<MaskReg, vector_bool> && std::is_same_v<UnalignReg, vector_align>, "");
static_assert(!std::is_same_v<vector_f32, vector_s32>, "register types are distinct");

template <typename T>
AICORE void fill(__ubuf__ T* dst, uint32_t count)
{
    constexpr uint32_t perRepeat = CCE_VL / sizeof(T);
    __VEC_SCOPE__
    {
        RegTensor<T> vreg;
        uint32_t lanes = perRepeat;
        MaskReg preg = CreatePredicate<T>(lanes);
        vdup(vreg, static_cast<T>(0), preg, MODE_ZEROING);
        for (uint16_t i = 0; i < (count + perRepeat - 1) / perRepeat; ++i) {
            vsts(vreg, dst, i * perRepeat, NORM_B32, preg);
        }
    }
}

AICORE void compact(__ubuf__ uint8_t* dst, __ubuf__ uint8_t* src, uint32_t cols)
{
    RegTensor<uint8_t> vreg;
    UnalignReg ureg;
    MaskReg preg = CreatePredicate<uint8_t>(cols);
    vldas(ureg, src);
    vldus(vreg, ureg, src);
    vsts(vreg, dst, 0, NORM_B8, preg);
    mem_bar(VST_VLD);
    RegTensor<float> wide;
    RegTensor<half> narrow;
    vcvt(wide, narrow, preg, PART_EVEN);
    vcvt(narrow, wide, preg, ROUND_R, RS_DISABLE, PART_EVEN);
    vector_f32 raw = vmov(wide, preg);
    vector_s32 bits = (vector_s32)raw;
    (void)bits;
}

__global__ AICORE void kernel(__gm__ float* out)
{
    using V = Tile<TileType::Vec, float, 16, 64>;
    V t;
    TASSIGN(t, 0x0);
    fill<float>(t.data(), 16 * 64);
    TEXPANDS(t, 1.0f);
}

template <uint32_t Width>
__simt_vf__ AICORE LAUNCH_BOUND(1024) PTO_INLINE void lanes(__gm__ float* out, uint32_t n)
{
    const uint32_t tx = __cce_simt_get_TID_X();
    const uint32_t ty = __cce_simt_get_TID_Y();
    float v = __builtin_cce_expf(static_cast<float>(tx));
    v = __builtin_cce_redux_add_f32(v);
    __sync_workitems();
    if (tx == 0 && ty < n) {
        out[ty] = v;
    }
}

__global__ AICORE void simt(__gm__ float* out, uint32_t n)
{
    cce::async_invoke<lanes<32>>(cce::dim3{32, 4}, out, n);
}
#endif
"""

SAMPLES = {
    "a5_vector_function": A5_VECTOR_FUNCTION,
    "seed_textract": SEED_TEXTRACT,
    "seed_tdivs": SEED_TDIVS,
    "seed_treshape": SEED_TRESHAPE,
    "seed_trowprod": SEED_TROWPROD,
    "seed_tcolexpandmax": SEED_TCOLEXPANDMAX,
    "vector_kernel": VECTOR_KERNEL,
    "cube_kernel": CUBE_KERNEL,
    "overloads": OVERLOADS,
    "headers": HEADERS,
    "a5_only": A5_ONLY,
}


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_sample_parses_clean(sample, target, mode):
    tu = parse(SAMPLES[sample], TARGETS[target], mode, name=f"{sample}.cpp")
    assert problems(tu) == []


@pytest.mark.skipif(_gcc_builtin_dir() is None, reason="gcc builtin headers not available")
@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("sample", ["vector_kernel", "headers"])
def test_sample_parses_clean_with_builtin_headers(sample, target):
    """The argument shape ptolint's frontend uses: host C++ library plus gcc's builtin headers."""
    global _INDEX
    if _INDEX is None:
        _INDEX = ci.Index.create()
    args = _args(TARGETS[target], "host") + [f"-isystem{_gcc_builtin_dir()}"]
    src = "#include <cstdint>\n#include <type_traits>\n#include <cstddef>\n" + SAMPLES[sample] + "#include <limits>\n"
    tu = _INDEX.parse(f"{sample}.cpp", args=args, unsaved_files=[(f"{sample}.cpp", src)])
    assert problems(tu) == []


def test_tile_canonical_type_spelling():
    """libclang fact: canonical spellings drop trailing arguments equal to their defaults.

    The instantiated type always has 11 template arguments, but `Type.spelling` of the canonical
    type prints only up to the last non-default one (DYNAMIC prints as -1). Consumers must fill
    the defaults back in: BLayout::RowMajor, ValidRow = Rows, ValidCol = Cols, SLayout::NoneBox,
    512, PadValue::Null, CompactMode::Null.
    """
    src = """#include <pto/pto-inst.hpp>
using namespace pto;
Tile<TileType::Vec, float, 16, 16> t;
Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, 16> dyn;
Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::NoneBox, 512, PadValue::Null,
     CompactMode::Normal> all;
Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, 8, 8, SLayout::NoneBox, 512, PadValueCustom(-1.0f)> pad;
"""
    tu = parse(src, "2201")
    assert problems(tu) == []
    canon = {c.spelling: c.type.get_canonical() for c in tu.cursor.get_children()
             if c.spelling in ("t", "dyn", "all", "pad")}
    for name, t in canon.items():
        print(f"{name}: {t.spelling}")
        assert t.get_num_template_arguments() == 11
    assert canon["t"].spelling == "pto::Tile<pto::TileType::Vec, float, 16, 16>"
    assert canon["dyn"].spelling == "pto::Tile<pto::TileType::Vec, float, 16, 16, pto::BLayout::RowMajor, -1, 16>"
    assert canon["all"].spelling == (
        "pto::Tile<pto::TileType::Vec, half, 16, 32, pto::BLayout::RowMajor, 16, 32, pto::SLayout::NoneBox, 512, "
        "pto::PadValue::Null, pto::CompactMode::Normal>")
    assert canon["pad"].spelling.startswith(
        "pto::Tile<pto::TileType::Vec, float, 8, 8, pto::BLayout::RowMajor, 8, 8, pto::SLayout::NoneBox, 512, ")


@pytest.mark.parametrize("target,layout", [("a2a3", "RowMajor"), ("a5", "ColMajor")])
def test_tile_left_layout_is_per_target(target, layout):
    src = "#include <pto/pto-inst.hpp>\npto::TileLeft<half, 16, 32> l;\npto::TileRight<half, 32, 16> r;\n" \
          "pto::TileAcc<float, 16, 16> c;\n"
    tu = parse(src, TARGETS[target])
    types = {c.spelling: c.type.get_canonical().spelling for c in tu.cursor.get_children() if c.spelling in "lrc"}
    # trailing 512 / PadValue::Null / CompactMode::Null are defaults and therefore not printed
    assert types["l"] == (f"pto::Tile<pto::TileType::Left, half, 16, 32, pto::BLayout::{layout}, 16, 32, "
                          "pto::SLayout::RowMajor>")
    assert types["r"] == ("pto::Tile<pto::TileType::Right, half, 32, 16, pto::BLayout::RowMajor, 32, 16, "
                          "pto::SLayout::ColMajor>")
    assert types["c"] == ("pto::Tile<pto::TileType::Acc, float, 16, 16, pto::BLayout::ColMajor, 16, 16, "
                          "pto::SLayout::RowMajor, 1024>")


def _resolved_calls(tu, name: str) -> list[str]:
    """Display names of the primary templates the calls to `name` resolved to, in source order."""
    out = []

    def walk(c):
        if c.kind == ci.CursorKind.CALL_EXPR and c.spelling == name and c.referenced is not None:
            tmpl = ci.conf.lib.clang_getSpecializedCursorTemplate(c.referenced)
            tparams = [ch.spelling for ch in tmpl.get_children() if ch.kind in (
                ci.CursorKind.TEMPLATE_TYPE_PARAMETER, ci.CursorKind.TEMPLATE_NON_TYPE_PARAMETER)]
            out.append(f"{tmpl.spelling}<{', '.join(tparams)}>{tmpl.displayname[len(tmpl.spelling):]}")
        for ch in c.get_children():
            walk(ch)

    for top in tu.cursor.get_children():
        if top.location.file is not None and top.location.file.name == tu.spelling:
            walk(top)
    return out


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_overload_resolution_matches_the_api(target):
    tu = parse(OVERLOADS, TARGETS[target], name="overloads.cpp")
    assert problems(tu) == []
    assert _resolved_calls(tu, "TDIVS") == [
        "TDIVS<PrecisionType, TileDataDst, TileDataSrc, WaitEvents>"
        "(TileDataDst &, TileDataSrc &, typename TileDataSrc::DType, WaitEvents &...)",
        "TDIVS<PrecisionType, TileDataDst, TileDataSrc, WaitEvents>"
        "(TileDataDst &, typename TileDataDst::DType, TileDataSrc &, WaitEvents &...)",
    ]
    textract = _resolved_calls(tu, "TEXTRACT")
    assert textract == [
        "TEXTRACT<DstTileData, SrcTileData, WaitEvents>(DstTileData &, SrcTileData &, uint16_t, uint16_t, "
        "WaitEvents &...)",
        "TEXTRACT<DstTileData, SrcTileData, reluMode, WaitEvents>(DstTileData &, SrcTileData &, uint16_t, "
        "uint16_t, WaitEvents &...)",
        "TEXTRACT<DstTileData, SrcTileData, mode, reluMode, WaitEvents>(DstTileData &, SrcTileData &, "
        "uint16_t, uint16_t, WaitEvents &...)",
        "TEXTRACT<DstTileData, SrcTileData, reluMode, WaitEvents>(DstTileData &, SrcTileData &, uint64_t, "
        "uint16_t, uint16_t, WaitEvents &...)",
        "TEXTRACT<DstTileData, SrcTileData, reluMode, WaitEvents>(DstTileData &, SrcTileData &, uint64_t, "
        "uint16_t, uint16_t, WaitEvents &...)",
        "TEXTRACT<DstTileData, SrcTileData, mode, reluMode, WaitEvents>(DstTileData &, SrcTileData &, "
        "uint64_t, uint16_t, uint16_t, WaitEvents &...)",
        "TEXTRACT<DstTileData, SrcTileData, FpTileData, mode, reluMode, WaitEvents>(DstTileData &, "
        "SrcTileData &, FpTileData &, uint16_t, uint16_t, WaitEvents &...)",
    ]


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_register_level_api_is_a5_only(target):
    """RegTensor / MaskReg / the register intrinsics and the SIMT builtins exist on A5 only, in the
    namespaces the vendor kernels use (pto:: for the register wrappers, global for the intrinsics)."""
    src = ("#include <pto/pto-inst.hpp>\n"
           "void k(uint32_t n) { pto::RegTensor<float> r; pto::MaskReg m = pto::CreatePredicate<float>(n);"
           " vsts(r, (float*)0, 0, NORM_B32, m); (void)__cce_simt_get_TID_X(); }\n")
    tu = parse(src, TARGETS[target], name=f"vf_{target}.cpp")
    if target == "a5":
        assert problems(tu) == []
    else:
        msgs = " ".join(problems(tu))
        assert "RegTensor" in msgs and "__cce_simt_get_TID_X" in msgs


# GlobalTensor / Shape / Stride / Tile members a kernel calls itself, and TASSIGN's argument kinds, carry the
# vendor's static_asserts (pto_tile.hpp, TAssign.hpp): a call that breaks one does not compile, with the model as
# with the real headers.
_GM_HEAD = """#include <pto/pto-inst.hpp>
using namespace pto;
using G = GlobalTensor<float, Shape<1, 1, 1, 16, DYNAMIC>, Stride<1, 1, 1, DYNAMIC, 1>>;
AICORE void f(__gm__ float* p, int n) {
  G g(p, Shape<1, 1, 1, 16, DYNAMIC>(n), Stride<1, 1, 1, DYNAMIC, 1>(n));
  Tile<TileType::Vec, float, 16, 64> vs;
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> vd(n, n);
  Tile<TileType::Mat, float, 16, 64> l1;
  using CT = ConvTile<TileType::Mat, half, 4096, Layout::NC1HWC0, ConvTileShape<1, DYNAMIC, 4, 4, 16>>;
  using XE = Event<Op::TMOV_A2V, Op::TADD, false, EVENT_ID1>;
"""
GM_MEMBER_MISUSE = {
    "set-static-dim": ("g.SetShape<3>(n);", "only DYNAMIC dimensions can be set"),
    "set-stride-static-dim": ("g.SetStride<4, 3>(1, n);", "only DYNAMIC dimensions can be set"),
    "set-dim-out-of-range": ("g.SetShape<5>(n);", "dimension index must be 0..4"),
    "get-dynamic-dim": ("(void)G::GetShape<4>();", "this dimension is DYNAMIC"),
    "get-stride-dynamic-dim": ("(void)G::GetStride<3>();", "this dimension is DYNAMIC"),
    "shape-count": ("Shape<1, 1, 1, DYNAMIC, DYNAMIC> s(n);", "Shape constructed from 1 value"),
    "stride-count": ("Stride<1, 1, DYNAMIC, DYNAMIC, 1> s(n, n, n);", "Stride constructed from 3 value"),
    "nz-rows": ("TileShape2D<half, 20, 32, Layout::NZ> s;", "TileShape2D rows / cols are not whole blocks"),
    "nz-cols": ("TileShape2D<float, 16, 12, Layout::NZ> s;", "TileShape2D rows / cols are not whole blocks"),
    "mx-a-cols": ("TileShape2D<float8_e8m0_t, 16, 3, Layout::MX_A_ZZ> s;", "not whole blocks"),
    "mx-b-rows": ("TileShape2D<float8_e8m0_t, 3, 16, Layout::MX_B_NN> s;", "not whole blocks"),
    "nz-base": ("BaseShape2D<half, 16, 8, Layout::NZ> s;", "BaseShape2D of Layout::NZ"),
    "tassign-gm-integer": ("TASSIGN(g, 0x100);", "TASSIGN of a GlobalTensor needs a pointer"),
    "tassign-gm-other-type": ("TASSIGN(g, (__gm__ half*)p);", "a pointer to its element type"),
    "tassign-tile-float": ("TASSIGN(vs, 1.5);", "TASSIGN of a tile needs an integer address"),
    "set-static-row": ("vs.SetValidRow(n);", "SetValidRow needs a tile whose valid row count is DYNAMIC"),
    "set-static-col": ("vs.SetValidCol(n);", "SetValidCol needs a tile whose valid column count is DYNAMIC"),
    "set-static-shape": ("vs.SetValidShape(n, n);", "SetValidShape needs a tile whose valid rows and columns"),
    "set-value-mat": ("l1.SetValue(0, 1.0f);", "SetValue needs a Vec tile"),
    "get-value-mat": ("(void)l1.GetValue(0);", "GetValue needs a Vec tile"),
    "convtile-shape-count": ("ConvTileShape<1, DYNAMIC, DYNAMIC, 4, 16> cs(n);", "needs exactly k DYNAMIC"),
    "convtile-no-dims": ("ConvTile<TileType::Mat, half, 4096, Layout::NC1HWC0, ConvTileShape<>> ct;", "1 to 6 dim"),
    "convtile-set-count": ("CT ct; ct.SetDynamicShape(static_cast<int64_t>(n), static_cast<int64_t>(n));",
                           "one value per DYNAMIC"),
    "convtile-int-value": ("CT ct(n);", "ConvTile dynamic values are int64_t"),
    "event-cross-core-auto-token": ("Event<Op::TMOV_A2V, Op::TADD> ev;", "needs AutoToken = false"),
    "event-cross-core-wait": ("XE ev; ev.Wait();", "a cross-core event needs Wait<id>()"),
    "event-cross-core-record": ("XE ev; ev.Record();", "a cross-core event needs Record<id>()"),
    "event-init-addr": ("Event<Op::TLOAD, Op::TADD> ev; ev.InitAddr(0);", "InitAddr applies to cross-core"),
    "scale-addr-not-tile": ("TGET_SCALE_ADDR(vs, g);", "TGET_SCALE_ADDR: src must be a Tile"),
    "treshape-src-not-tile": ("TRESHAPE(vs, g);", "TRESHAPE: src must be a Tile"),
    "treshape-dst-not-tile": ("TRESHAPE(g, vs);", "TRESHAPE: dst must be a Tile"),
    "tci-start-type": ("Tile<TileType::Vec, int16_t, 1, 64> ci; TCI<decltype(ci), int32_t, 0>(ci, 0);",
                       "TCI: T must be dst's element type"),
    "tmpipe-flag": ("TMPipe<15, FIFOType::MAT_FIFO, 2, 1, decltype(vs), decltype(l1)> mp(0x0u);", "FlagID + 1"),
}


@pytest.mark.parametrize("case", sorted(GM_MEMBER_MISUSE))
def test_global_tensor_member_misuse_does_not_compile(case):
    stmt, message = GM_MEMBER_MISUSE[case]
    errors = [d.spelling for d in parse(_GM_HEAD + f"  {stmt}\n}}\n", TARGETS["a2a3"]).diagnostics
              if d.severity >= ci.Diagnostic.Error]
    assert any("static assertion failed" in e and message in e for e in errors), errors


def test_global_tensor_member_use_compiles():
    src = _GM_HEAD + """  g.SetShape<4>(n);
  g.SetStride<3>(n);
  static_assert(G::GetShape<3>() == 16 && G::GetStride<4>() == 1, "static dims");
  Shape<1, 1, 1, DYNAMIC, DYNAMIC> s2(n, n);
  Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, 1> s4(n, n, n, n);
  Shape<1, 1, 1, 16, 16> s5(1, 1, 1, 16, 16);
  TileShape2D<half, 32, 48, Layout::NZ> nz;
  TileShape2D<half, DYNAMIC, DYNAMIC, Layout::NZ> nzd(n, n);
  BaseShape2D<half, 32, 48, Layout::NZ> nzb;
  TileShape2D<float8_e8m0_t, 3, 16, Layout::MX_A_ZZ> mxa;
  BaseShape2D<float8_e8m0_t, 3, 3, Layout::MX_A_ZZ> mxab;
  TileShape2D<float, 20, 12, Layout::ND> nd;
  TASSIGN(g, p);
  vd.SetValidRow(n);
  vd.SetValidCol(n);
  vd.SetValidShape(n, n);
  vs.SetValue(0, 1.0f);
  (void)vs.GetValue(1);
  TASSIGN(vs, 0x100);
  TASSIGN(vd, 0x2000u);
  CT ct(static_cast<int64_t>(n));
  ct.SetDynamicShape(static_cast<int64_t>(2));
  ConvTileShape<1, DYNAMIC, 4, 4, 16> cs(n);
  XE xe;
  xe.InitAddr(0);
  xe.Wait<3>();
  xe.Record<3>();
  Event<Op::TLOAD, Op::TADD> ev;
  ev.Wait();
  TMPipe<14, FIFOType::MAT_FIFO, 2, 1, decltype(vs), decltype(l1)> mp(0x0u);
  Tile<TileType::Vec, float, 8, 128> rs;
  TRESHAPE(rs, vs);
  Tile<TileType::Vec, int16_t, 1, 64> ci;
  TCI<decltype(ci), int16_t, 0>(ci, 0);
}
"""
    assert problems(parse(src, TARGETS["a2a3"])) == []


def test_tprint_without_tmp_takes_a_vec_tile_or_a_global_tensor():
    head = """#define _DEBUG
#include <pto/pto-inst.hpp>
using namespace pto;
using G = GlobalTensor<float, Shape<1, 1, 1, 16, 16>, Stride<1, 1, 1, 16, 1>>;
AICORE void f(__gm__ float* p) {
  Tile<TileType::Vec, float, 16, 16> t;
  TileAcc<float, 16, 16> acc;
  G g(p);
"""
    for target in ("a2a3", "a5"):
        assert problems(parse(head + "  TPRINT(t);\n  TPRINT(g);\n  TPRINT(acc, g);\n}\n", TARGETS[target])) == []
        errors = [d.spelling for d in parse(head + "  TPRINT(acc);\n}\n", TARGETS[target]).diagnostics
                  if d.severity >= ci.Diagnostic.Error]
        assert any("TPRINT(src) without tmp prints a Vec tile only" in e for e in errors), errors
        for stmt, message in (("TPRINT(g, g);", "src must be a Tile"), ("TPRINT(t, t);", "tmp must be a GlobalTensor")):
            errors = [d.spelling for d in parse(head + f"  {stmt}\n}}\n", TARGETS[target]).diagnostics
                      if d.severity >= ci.Diagnostic.Error]
            assert any(message in e for e in errors), errors


def test_cross_core_event_checks_are_a2a3_and_a5_only():
    """A6's and the Kirins' Event (npu/a6/TSync.hpp, npu/kirin9030/TSync.hpp) has no cross-core checks: an
    auto-token TMOV_A2V event, Wait() and InitAddr compile there (Kirin 9030's tmov ST kernel uses one)."""
    src = _GM_HEAD + "  Event<Op::TMOV_A2V, Op::TADD> ev; ev.Wait(); ev.InitAddr(0);\n}\n"
    for t, arch in (("a6", "9201"), ("kirin9030", "3113"), ("kirinx90", "3003"), ("kirindev0000", "5101")):
        errors = [d.spelling for d in parse(src, arch).diagnostics if d.severity >= ci.Diagnostic.Error]
        assert not errors, (t, errors)
    errors = [d.spelling for d in parse(src, TARGETS["a5"]).diagnostics if d.severity >= ci.Diagnostic.Error]
    assert any("AutoToken = false" in e for e in errors), errors

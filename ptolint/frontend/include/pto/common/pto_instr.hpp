// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// The PTO tile instructions (docs/isa/*.md). Every entry point is a function template that is
// declared but never defined: ptolint only needs overload resolution to pick the same overload
// the device compiler would, so each declaration restates the public template parameter list
// and function parameter list (types, defaults, trailing `WaitEvents&... events` pack, and the
// enable_if guards that steer overload resolution). Instructions that exist on one target
// family only are declared under PTOLINT_TARGET_A5 (see arch_macro.hpp).
#ifndef PTOLINT_MODEL_PTO_INSTR_HPP
#define PTOLINT_MODEL_PTO_INSTR_HPP

#include <pto/common/type.hpp>
#include <pto/common/constants.hpp>
#include <pto/common/pto_tile.hpp>
#include <pto/common/event.hpp>
#include <pto/common/fifo.hpp>
#include <pto/comm/comm_types.hpp>

namespace pto {

// Per-list element counts reported by the 4-way TMRGSORT.
struct MrgSortExecutedNumList {
    uint16_t mrgSortList0;
    uint16_t mrgSortList1;
    uint16_t mrgSortList2;
    uint16_t mrgSortList3;
};

// Address binding hook befriended by Tile / GlobalTensor / ConvTile.
template <typename T, typename AddrType>
AICORE void TASSIGN_IMPL(T& obj, AddrType addr);

// TASSIGN: Bind a Tile object to an implementation-defined on-chip address (manual placement), or a
// GlobalTensor to a global-memory pointer. The argument kinds are checked at compile time, as the vendor's
// TASSIGN_IMPL does: a tile takes an integer address, a GlobalTensor a pointer to its own element type.
template <typename T, typename AddrType>
PTO_INST void TASSIGN(T& obj, AddrType addr)
{
    if constexpr (is_tile_data_v<T> || is_conv_tile_v<T>) {
        static_assert(std::is_integral_v<AddrType>, "TASSIGN of a tile needs an integer address");
    } else {
        static_assert(is_global_data_v<T>, "TASSIGN binds a Tile, ConvTile or GlobalTensor only");
        static_assert(std::is_pointer_v<AddrType>, "TASSIGN of a GlobalTensor needs a pointer");
        static_assert(std::is_same_v<std::remove_cv_t<std::remove_pointer_t<AddrType>>, typename T::DType>,
                      "TASSIGN of a GlobalTensor needs a pointer to its element type");
    }
    (void)obj, (void)addr;
}

template <std::size_t Addr, typename T>
PTO_INST std::enable_if_t<is_tile_data_v<T> || is_conv_tile_v<T>> TASSIGN(T& obj);

// TSYNC: Synchronize PTO execution.
template <Op OpCode>
PTO_INST void TSYNC();

// SYNCALL
template <SyncCoreType CoreType = SyncCoreType::AIVOnly>
PTO_INST void SYNCALL();

template <
    SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, typename GlobalData,
    std::enable_if_t<is_global_data_v<GlobalData>, int> = 0>
PTO_INST void SYNCALL(GlobalData& gmWorkspace, int32_t usedCores = 0);

template <typename... WaitEvents>
PTO_INST void TSYNC(WaitEvents&... events);

#if defined(_DEBUG)
// TPRINT: Print the contents of a Tile or GlobalTensor for debugging purposes directly from device code.
// Without a tmp tensor only a Vec tile or a GlobalTensor (ND, DN or NZ) prints: checked at compile time, as the
// vendor's TPRINT_IMPL does.
template <PrintFormat Format = PrintFormat::Width8_Precision4, typename TileData>
PTO_INST void TPRINT(TileData& src)
{
    if constexpr (is_tile_data_v<TileData>) {
        static_assert(TileData::Loc == TileType::Vec, "TPRINT(src) without tmp prints a Vec tile only");
    } else {
        static_assert(is_global_data_v<TileData>, "TPRINT(src) prints a Tile or a GlobalTensor only");
        static_assert(TileData::layout == Layout::ND || TileData::layout == Layout::DN ||
                          TileData::layout == Layout::NZ,
                      "TPRINT prints a GlobalTensor of Layout ND, DN or NZ only");
    }
    (void)src;
}

// With a tmp tensor: src a Tile, tmp a GlobalTensor (the vendor's TPRINT_IMPL static_asserts both).
template <PrintFormat Format = PrintFormat::Width8_Precision4, typename TileData, typename GlobalData>
PTO_INST void TPRINT(TileData& src, GlobalData& tmp)
{
    static_assert(is_tile_data_v<TileData>, "TPRINT(src, tmp): src must be a Tile");
    static_assert(is_global_data_v<GlobalData>, "TPRINT(src, tmp): tmp must be a GlobalTensor");
    (void)src, (void)tmp;
}
#endif

// TADD: Elementwise add of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TADD(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TPAIRREDUCESUM
template <typename TileDataDst, typename TileDataSrc0, typename... WaitEvents>
PTO_INST RecordEvent TPAIRREDUCESUM(TileDataDst& dst, TileDataSrc0& src0, WaitEvents&... events);

// TSUBRELUCONV
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TSUBRELUCONV(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TADDRELUCONV
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TADDRELUCONV(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TABS: Elementwise absolute value of a tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TABS(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TAND: Elementwise bitwise AND of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TAND(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TOR: Elementwise bitwise OR of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TOR(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TSUB: Elementwise subtract of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TSUB(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TSUBVIEW: Reinterpret a tile as a subtile of another tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TSUBVIEW(
    TileDataDst& dst, TileDataSrc& src, uint16_t rowIdx, uint16_t colIdx, WaitEvents&... events);

// TMUL: Elementwise multiply of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TMUL(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TMIN: Elementwise minimum of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TMIN(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TMAX: Elementwise maximum of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TMAX(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TEXPANDS: Broadcast a scalar into a destination tile.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TEXPANDS(TileData& dst, typename TileData::DType scalar, WaitEvents&... events);

// TLOAD: Load data from a GlobalTensor (GM) into a Tile.
template <typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TLOAD(TileData& dst, GlobalData& src, WaitEvents&... events);

// TPREFETCH: Prefetch data from global memory into a tile-local cache/buffer (implementation-defined). This is
// typically used to reduce latency before a subsequent TLOAD.
template <typename TileData, typename GlobalData>
PTO_INST RecordEvent TPREFETCH(TileData& dst, GlobalData& src);

// TPREFETCH_ASYNC: Prefetch data from Global Memory (GM/HBM) into the NPU's L2 Cache via SDMA CMO (Cache Maintenance
// Operation, opcode=6). Unlike TPREFETCH, which moves data from GM into UB, TPREFETCH_ASYNC keeps data in L2 cache
// only, consuming no UB space for the data itself. This allows subsequent TLOAD operations to hit L2 cache instead
// of going to GM.
template <typename GlobalData, typename... WaitEvents, std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST comm::AsyncEvent TPREFETCH_ASYNC(
    GlobalData& srcGlobalData, PrefetchAsyncContext& ctx, WaitEvents&... events);

// TCMPS: Compare a tile against a **scalar** or **the first element of another tile** and write per-element
// comparison results.
template <
    typename TileDataDst, typename TileDataSrc, typename... WaitEvents,
    std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCMPS(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType src1, CmpMode mode, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents,
    std::enable_if_t<is_tile_data_v<TileDataSrc1> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCMPS(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, CmpMode mode, WaitEvents&... events);

// TCMP: Compare two tiles and write a packed predicate mask.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCMP(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, CmpMode cmpMode, WaitEvents&... events);

// TCONCAT: Concatenate two source tiles (src0 and src1) horizontally into a destination tile (dst) along the column
// dimension. Each row of dst contains the concatenation of corresponding rows from src0 and src1.
template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents,
    std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCONCAT(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename DstTile, typename Src0Tile, typename Src1Tile, typename Src0IdxTile, typename Src1IdxTile,
    typename... WaitEvents,
    std::enable_if_t<is_tile_data_v<Src0IdxTile> && is_tile_data_v<Src1IdxTile> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCONCAT(
    DstTile& dst, Src0Tile& src0, Src1Tile& src1, Src0IdxTile& src0Idx, Src1IdxTile& src1Idx, WaitEvents&... events);

template <
    typename DstTile, typename Src0Tile, typename Src1Tile, typename DstIdxTile, typename Src0IdxTile,
    typename Src1IdxTile, typename... WaitEvents,
    std::enable_if_t<is_tile_data_v<Src1IdxTile> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCONCAT(
    DstTile& dst, Src0Tile& src0, Src1Tile& src1, DstIdxTile& dstIdx, Src0IdxTile& src0Idx, Src1IdxTile& src1Idx,
    WaitEvents&... events);

// TSTORE: Store data from a Tile into a GlobalTensor (GM), optionally using atomic write or quantization parameters.
template <typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events);

template <STPhase Phase, typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events);

template <typename TileData, typename GlobalData, AtomicType atomicType, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events);

template <STPhase Phase, typename TileData, typename GlobalData, AtomicType atomicType, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events);

template <
    typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone, ReluPreMode reluPreMode,
    typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events);

template <
    STPhase Phase, typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone,
    ReluPreMode reluPreMode, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events);

template <
    typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone,
    ReluPreMode reluPreMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, uint64_t preQuantScalar, WaitEvents&... events);

template <
    STPhase Phase, typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone,
    ReluPreMode reluPreMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, uint64_t preQuantScalar, WaitEvents&... events);

// TSTORE_FP: Store an accumulator tile into global memory using a scaling (fp) tile for vector quantization
// parameters.
template <
    typename TileData, typename GlobalData, typename FpTileData, AtomicType atomicType = AtomicType::AtomicNone,
    ReluPreMode reluPreMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TSTORE_FP(GlobalData& dst, TileData& src, FpTileData& fp, WaitEvents&... events);

// TDIV: Elementwise division of two tiles.
template <
    auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1,
    typename... WaitEvents>
PTO_INST RecordEvent TDIV(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TSHL: Elementwise shift-left of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TSHL(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TSHR: Elementwise shift-right of two tiles.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TSHR(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TAND(TileData& dst, TileData& src0, TileData& src1, WaitEvents&... events);

template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TOR(TileData& dst, TileData& src0, TileData& src1, WaitEvents&... events);

// TXOR: Elementwise bitwise XOR of two tiles.
template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TXOR(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TLOG: Elementwise natural logarithm of a tile.
template <
    auto PrecisionType = LogAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TLOG(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TRECIP: Elementwise reciprocal of a tile.
template <
    auto PrecisionType = RecipAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TRECIP(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TPRELU: Elementwise PReLU (parametric ReLU) with a per-element slope tile.
template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TPRELU(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TADDC: Elementwise ternary add: src0 + src1 + src2.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TADDC(TileData& dst, TileData& src0, TileData& src1, TileData& src2, WaitEvents&... events);

// TSUBC: Elementwise ternary op: src0 - src1 + src2.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TSUBC(TileData& dst, TileData& src0, TileData& src1, TileData& src2, WaitEvents&... events);

#if PTOLINT_TARGET_A5
// TGEMV_MX: GEMV with scaling tiles for mixed-precision / quantized matrix-vector compute on supported targets.
template <
    typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight, typename TileRightScale,
    typename... WaitEvents>
PTO_INST RecordEvent TGEMV_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,
    typename TileRightScale, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight, typename TileRightScale,
    typename... WaitEvents>
PTO_INST RecordEvent TGEMV_MX(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,
    typename TileRightScale, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_MX(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight, typename TileRightScale,
    typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, TileBias& biasData, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,
    typename TileRightScale, typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, TileBias& biasData, WaitEvents&... events);

// TMATMUL_MX: Matrix multiply (GEMM) with additional scaling tiles for mixed-precision / quantized matmul on
// supported targets.
template <
    typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight, typename TileRightScale,
    typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,
    typename TileRightScale, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight, typename TileRightScale,
    typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_MX(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,
    typename TileRightScale, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_MX(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, WaitEvents&... events);

template <
    typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight, typename TileRightScale,
    typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, TileBias& biasData, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,
    typename TileRightScale, typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_MX(
    TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix, TileRight& bMatrix,
    TileRightScale& bScaleMatrix, TileBias& biasData, WaitEvents&... events);

// TRANDOM: Generates random numbers in the destination tile using a counter-based cipher algorithm.
template <uint16_t Rounds = 10, typename DstTile, typename... WaitEvents>
PTO_INST RecordEvent TRANDOM(DstTile& dst, TRandomKey& key, TRandomCounter& counter, WaitEvents&... events);
#endif

// TMATMUL: Matrix multiply (GEMM) producing an accumulator/output tile.
template <typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

// TMATMUL_ACC: Matrix multiply with accumulator input (fused accumulate).
template <typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_ACC(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_ACC(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

template <
    AccPhase Phase = AccPhase::Unspecified, typename TileRes, typename TileLeft, typename TileRight,
    typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_ACC(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

// TMATMUL_BIAS: Matrix multiply with bias add.
template <typename TileRes, typename TileLeft, typename TileRight, typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_BIAS(
    TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, TileBias& biasData, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_BIAS(
    TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, TileBias& biasData, WaitEvents&... events);

// TGEMV: General Matrix-Vector multiplication (GEMV) producing an accumulator/output tile.
template <typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TGEMV(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TGEMV(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

// TGEMV_ACC: Tile-based GEMV with explicit accumulator input tile (cInMatrix) and output tile (cOutMatrix).
template <typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_ACC(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_ACC(
    TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix, TileRight& bMatrix, WaitEvents&... events);

// TGEMV_BIAS: Tile-based GEMV with bias add.
template <typename TileRes, typename TileLeft, typename TileRight, typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_BIAS(
    TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, TileBias& biasData, WaitEvents&... events);

template <
    AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename TileBias, typename... WaitEvents>
PTO_INST RecordEvent TGEMV_BIAS(
    TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix, TileBias& biasData, WaitEvents&... events);

// TMRGSORT: Hardware-accelerated multi-way merge sort (vmrgsort4). Merges up to 4 pre-sorted lists into a single
// sorted output in **descending** order. Each element is a fixed 8-byte **value-index pair** structure.
template <
    typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData, typename Src2TileData,
    typename Src3TileData, bool exhausted, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(
    DstTileData& dst, MrgSortExecutedNumList& executedNumList, TmpTileData& tmp, Src0TileData& src0,
    Src1TileData& src1, Src2TileData& src2, Src3TileData& src3, WaitEvents&... events);

template <
    typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData, typename Src2TileData,
    bool exhausted, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(
    DstTileData& dst, MrgSortExecutedNumList& executedNumList, TmpTileData& tmp, Src0TileData& src0,
    Src1TileData& src1, Src2TileData& src2, WaitEvents&... events);

template <
    typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData, bool exhausted,
    typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(
    DstTileData& dst, MrgSortExecutedNumList& executedNumList, TmpTileData& tmp, Src0TileData& src0,
    Src1TileData& src1, WaitEvents&... events);

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(DstTileData& dst, SrcTileData& src, uint32_t blockLen, WaitEvents&... events);

// TEXTRACT: Extract a smaller sub-tile from a larger source tile.
template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow = 0, uint16_t indexCol = 0, WaitEvents&... events);

template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, AccToVecMode mode, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(
    DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow, uint16_t indexCol,
    WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, AccToVecMode mode, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(
    DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow, uint16_t indexCol,
    WaitEvents&... events);

// TEXTRACT_FP: Extract a sub-tile from a source tile, while also providing an fp (scaling) tile used for vector
// quantization parameters (target/implementation-defined).
template <
    typename DstTileData, typename SrcTileData, typename FpTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT_FP(
    DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(
    DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename Dst0TileData, typename Dst1TileData, typename SrcTileData, typename... WaitEvents,
    std::enable_if_t<is_tile_data_v<SrcTileData> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TEXTRACT(
    Dst0TileData& dst0, Dst1TileData& dst1, SrcTileData& src, uint16_t indexRow0 = 0, uint16_t indexCol0 = 0,
    uint16_t indexRow1 = 0, uint16_t indexCol1 = 0, WaitEvents&... events);

// TIMG2COL: Transform an input feature-map tile (e.g. NC1HWC0 layout) into an im2col-style matrix tile for
// convolution-like workloads. Parameters are provided via Img2colTileConfig and (posM, posK) offsets.
template <
    typename TileData, typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL,
    typename... WaitEvents>
PTO_INST RecordEvent TIMG2COL(
    TileData& dst, ConvTileData& src, uint16_t posM = 0, uint16_t posK = 0, WaitEvents&... events);

// SETFMATRIX: Set the FMATRIX register(s) for IMG2COL-like operations from an IMG2COL configuration tile (a
// ConvTile; target/implementation-defined).
template <
    typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL, typename... WaitEvents>
PTO_INST RecordEvent SETFMATRIX(ConvTileData& src, WaitEvents&... events);

// SET_QUANT_SCALAR: Set the scalar quantization parameter (pre-quantization scale) for subsequent TPUSH operations.
// The scalar value is encoded into the hardware quantization configuration register based on the output data type.
template <typename OutType, typename... WaitEvents>
PTO_INST RecordEvent SET_QUANT_SCALAR(float preQuantScalar, WaitEvents&... events);

// SET_QUANT_VECTOR: Set the vector quantization parameter for subsequent TPUSH operations by configuring the
// hardware FPC register from a Scaling-type tile's address. The tile address is converted to the quantization
// parameter address format and written to the hardware quantization configuration.
template <typename FpTileData, typename... WaitEvents>
PTO_INST RecordEvent SET_QUANT_VECTOR(FpTileData& fpTile, WaitEvents&... events);

#if !PTOLINT_TARGET_A5
// SET_IMG2COL_RPT: Set IMG2COL repeat metadata from an IMG2COL configuration tile (implementation-defined).
template <
    typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL, typename... WaitEvents>
PTO_INST RecordEvent SET_IMG2COL_RPT(ConvTileData& src, WaitEvents&... events);

// SET_IMG2COL_PADDING: Set IMG2COL padding metadata from an IMG2COL configuration tile (implementation-defined).
template <
    typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL, typename... WaitEvents>
PTO_INST RecordEvent SET_IMG2COL_PADDING(ConvTileData& src, WaitEvents&... events);
#endif

#if PTOLINT_TARGET_A5
template <
    typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL, typename... WaitEvents>
PTO_INST RecordEvent SET_IMG2COL_RPT(ConvTileData& src, WaitEvents&... events);

template <
    typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL, typename... WaitEvents>
PTO_INST RecordEvent SET_IMG2COL_PADDING(ConvTileData& src, WaitEvents&... events);
#endif

// TINSERT: Insert a source sub-tile into a destination tile at (indexRow, indexCol). Conceptually the inverse of
// TEXTRACT.
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, AccToVecMode mode, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow, uint16_t indexCol,
    WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, AccToVecMode mode, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow, uint16_t indexCol,
    WaitEvents&... events);

// TINSERT_FP: Vector-quantization variant of TINSERT that also takes an fp (scaling) tile.
template <
    typename DstTileData, typename SrcTileData, typename FpTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TINSERT_FP(
    DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow, uint16_t indexCol, WaitEvents&... events);

#if PTOLINT_TARGET_A5
template <TInsertMode mode, typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(
    DstTileData& dst, SrcTileData& src, uint16_t indexRow = 0, uint16_t indexCol = 0, WaitEvents&... events);
#endif

// TFILLPAD: Copy a source tile into a destination tile and fill the remaining (padded) elements with a compile-time
// pad value selected by TileDataDst::PadVal (e.g., PadValue::Min/PadValue::Max).
template <
    typename TileData, PadValue PadVal = PadValue::Zero, std::enable_if_t<(TileData::Loc == TileType::Mat), int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD(TileData& dst, TileData& src, WaitEvents&... events);

template <
    TFillPadMode mode = TFillPadMode::Normal, typename DstTileData, typename SrcTileData,
    std::enable_if_t<(DstTileData::Loc == TileType::Vec) && (SrcTileData::Loc == TileType::Vec), int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

// TFILLPAD_INPLACE: In-place fill/pad variant of TFILLPAD (implementation-defined).
template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD_INPLACE(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

// TFILLPAD_EXPAND: Expand fill/pad variant of TFILLPAD (allows dst to be larger than src; implementation-defined).
template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD_EXPAND(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

// TSORT32: Sort each 32-element block of src together with the corresponding indices from idx, and write the sorted
// value-index pairs into dst. The underlying SFU instruction is **VBS32** (vbitsort), which sorts one or more
// independent 32-element lists in a single call.
template <typename DstTileData, typename SrcTileData, typename IdxTileData>
PTO_INST RecordEvent TSORT32(DstTileData& dst, SrcTileData& src, IdxTileData& idx);

template <typename DstTileData, typename SrcTileData, typename IdxTileData, typename TmpTileData>
PTO_INST RecordEvent TSORT32(DstTileData& dst, SrcTileData& src, IdxTileData& idx, TmpTileData& tmp);

// TGATHER: Gather/select elements using either an index tile or a compile-time mask pattern.
template <typename TileDataD, typename TileDataS0, typename TileDataS1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TGATHER(
    TileDataD& dst, TileDataS0& src0, TileDataS1& src1, TileDataTmp& tmp, WaitEvents&... events);

template <
    typename TileDataD, typename TileDataS, typename TileDataS1, typename TileDataC, typename TileDataTmp,
    CmpMode cmpMode, typename... WaitEvents>
PTO_INST RecordEvent TGATHER(
    TileDataD& dst, TileDataS& src0, TileDataS1& k_value, TileDataC& cdst, TileDataTmp& tmp, int offset,
    WaitEvents&... events);

// TCI: Generate a contiguous integer sequence into a destination tile.
// T is named by the kernel (descending follows it and is not deduced): it must be dst's element type, as the
// vendor's TCI_IMPL static_asserts (CheckValid), with or without the tmp tile.
template <typename TileData, typename T, int descending, typename... WaitEvents>
PTO_INST RecordEvent TCI(TileData& dst, T start, WaitEvents&... events)
{
    static_assert(std::is_same_v<typename TileData::DType, T>, "TCI: T must be dst's element type");
    (void)dst, (void)start;
    return {};
}

template <typename TileData, typename TileDataTmp, typename T, int descending, typename... WaitEvents>
PTO_INST RecordEvent TCI(TileData& dst, T start, TileDataTmp& tmp, WaitEvents&... events)
{
    static_assert(std::is_same_v<typename TileData::DType, T>, "TCI: T must be dst's element type");
    (void)dst, (void)start, (void)tmp;
    return {};
}

// TTRI: Generate a (lower/upper) triangular mask tile with ones and zeros. The triangular orientation is controlled
// by the compile-time template parameter isUpperOrLower (0 = lower, 1 = upper).
template <typename TileData, int isUpperOrLower, typename... WaitEvents>
PTO_INST RecordEvent TTRI(TileData& dst, int diagonal, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, MaskPattern maskPattern = MaskPattern::P1111,
    auto gatherType = GatherAxis::GATHER_ROW, typename... WaitEvents>
PTO_INST RecordEvent TGATHER(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

// TPARTADD: Performs elementwise addition over the destination valid region. When both src0 and src1 are valid at an
// element, the result is their sum; when only one input is valid there, the result copies that input value. Handling
// of other mismatched-validity cases is implementation-defined.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TPARTADD(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TPARTMUL: Performs elementwise multiplication over the destination valid region. When both src0 and src1 are valid
// at an element, the result is their product; when only one input is valid there, the result copies that input
// value. Handling of other mismatched-validity cases is implementation-defined.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TPARTMUL(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TPARTMAX: Performs elementwise maximum selection over the destination valid region. When both src0 and src1 are
// valid at an element, the result is max(src0, src1); when only one input is valid there, the result copies that
// input value. Handling of other mismatched-validity cases is implementation-defined.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TPARTMAX(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TPARTMIN: Performs elementwise minimum selection over the destination valid region. When both src0 and src1 are
// valid at an element, the result is min(src0, src1); when only one input is valid there, the result copies that
// input value. Handling of other mismatched-validity cases is implementation-defined.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TPARTMIN(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TPARTARGMAX: Performs elementwise maximum selection over the destination valid region and returns the
// corresponding index values. When both src0Val and src1Val are valid at an element, the result value is
// max(src0Val, src1Val) and the result index is the index of the maximum value; when only one input is valid there,
// the result copies that input's value and index. Handling of other mismatched-validity cases is implementation-
// defined.
template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataDstIdx,
    typename TileDataSrc0Idx, typename TileDataSrc1Idx, typename... WaitEvents>
PTO_INST RecordEvent TPARTARGMAX(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataDstIdx& dstIdx, TileDataSrc0Idx& src0Idx,
    TileDataSrc1Idx& src1Idx, WaitEvents&... events);

// TPARTARGMIN: Performs elementwise minimum selection over the destination valid region and returns the
// corresponding index values. When both src0Val and src1Val are valid at an element, the result value is
// min(src0Val, src1Val) and the result index is the index of the minimum value; when only one input is valid there,
// the result copies that input's value and index. Handling of other mismatched-validity cases is implementation-
// defined.
template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataDstIdx,
    typename TileDataSrc0Idx, typename TileDataSrc1Idx, typename... WaitEvents>
PTO_INST RecordEvent TPARTARGMIN(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataDstIdx& dstIdx, TileDataSrc0Idx& src0Idx,
    TileDataSrc1Idx& src1Idx, WaitEvents&... events);

// TFUSEDMULADD: Elementwise operation: src0 * dst + src1.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TFUSEDMULADD(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TMULADDDST: Elementwise operation: src0 * src1 + dst.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TMULADDDST(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TSUBRELU: Elementwise operation: relu(src0 - src1).
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TSUBRELU(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TFUSEDMULADDRELU: Elementwise operation: src0 * dst + src1.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TFUSEDMULADDRELU(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCVT: Elementwise type conversion with a specified rounding mode.
template <
    bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename TmpTileData, typename... WaitEvents>
PTO_INST RecordEvent TCVT(
    TileDataD& dst, TileDataS& src, TmpTileData& tmp, RoundMode mode, SaturationMode satMode, WaitEvents&... events);

template <
    bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename TmpTileData, typename... WaitEvents>
PTO_INST RecordEvent TCVT(TileDataD& dst, TileDataS& src, TmpTileData& tmp, RoundMode mode, WaitEvents&... events);

template <bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename... WaitEvents>
PTO_INST RecordEvent TCVT(
    TileDataD& dst, TileDataS& src, RoundMode mode, SaturationMode satMode, WaitEvents&... events);

template <bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename... WaitEvents>
PTO_INST RecordEvent TCVT(TileDataD& dst, TileDataS& src, RoundMode mode, WaitEvents&... events);

// TMOV: Move/copy between tiles, optionally applying implementation-defined conversion modes selected by template
// parameters and overloads.
template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, typename TmpTileData, typename... WaitEvents,
    std::enable_if_t<is_tile_data_v<TmpTileData>, int> = 0>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, TmpTileData& tmp, WaitEvents&... events);

#if PTOLINT_TARGET_A5
template <
    int grp_axis, typename DstTileData, typename SrcTileData, typename TmpTileData, typename... WaitEvents,
    std::enable_if_t<is_tile_data_v<TmpTileData>, int> = 0>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, TmpTileData& tmp, WaitEvents&... events);
#endif

template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

template <STPhase Phase, typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

template <STPhase Phase, typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, AccToVecMode mode, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

template <
    STPhase Phase, typename DstTileData, typename SrcTileData, AccToVecMode mode,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

// TMOV_FP: Move/convert from an accumulator tile into a destination tile, using a scaling (fp) tile for vector
// quantization parameters.
template <
    typename DstTileData, typename SrcTileData, typename FpTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TMOV_FP(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events);

template <
    STPhase Phase, typename DstTileData, typename SrcTileData, typename FpTileData,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV_FP(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events);

template <
    STPhase Phase, typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, WaitEvents&... events);

template <
    STPhase Phase, typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, WaitEvents&... events);

template <
    typename DstTileData, typename SrcTileData, AccToVecMode mode, ReluPreMode reluMode = ReluPreMode::NoRelu,
    typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, WaitEvents&... events);

template <
    STPhase Phase, typename DstTileData, typename SrcTileData, AccToVecMode mode,
    ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, WaitEvents&... events);

// TROWSUM: Reduce each row by summing across columns.
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWSUM(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TROWPROD: Reduce each row by multiplying across columns.
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWPROD(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TCOLSUM: Reduce each column by summing across rows.
template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TCOLSUM(TileDataOut& dst, TileDataIn& src, WaitEvents&... events);

template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TCOLSUM(
    TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, bool isBinary, WaitEvents&... events);

// TCOLPROD: Reduce each column by multiplying across rows.
template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TCOLPROD(TileDataOut& dst, TileDataIn& src, WaitEvents&... events);

// TCOLMAX: Reduce each column by taking the maximum across rows.
template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TCOLMAX(TileDataOut& dst, TileDataIn& src, WaitEvents&... events);

// TCOLARGMAX: Get the row index of the maximum element for each column. A value+index variant is also available that
// returns both the maximum value and its row index.
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TCOLARGMAX(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TCOLARGMIN: Get the row index of the minimum element for each column. A value+index variant is also available that
// returns both the minimum value and its row index.
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TCOLARGMIN(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

template <
    typename TileDataOutVal, typename TileDataOutIdx, typename TileDataIn, typename TileDataTmp,
    typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCOLARGMAX(
    TileDataOutVal& dstVal, TileDataOutIdx& dstIdx, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

template <
    typename TileDataOutVal, typename TileDataOutIdx, typename TileDataIn, typename TileDataTmp,
    typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCOLARGMIN(
    TileDataOutVal& dstVal, TileDataOutIdx& dstIdx, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TROWMAX: Reduce each row by taking the maximum across columns.
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWMAX(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TROWARGMAX: Get the column index of the maximum element, or both value and column index of the maximum element for
// each row.
template <
    typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents,
    std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TROWARGMAX(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

template <
    typename TileDataOutVal, typename TileDataOutIdx, typename TileDataIn, typename TileDataTmp,
    typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TROWARGMAX(
    TileDataOutVal& dstVal, TileDataOutIdx& dstIdx, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TRESHAPE: Reinterpret a tile as another tile type/shape while preserving the underlying bytes.
template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TRESHAPE(TileDataOut& dst, TileDataIn& src, WaitEvents&... events)
{
    // both operands are tiles (the vendor's TRESHAPE_IMPL static_asserts it)
    static_assert(is_tile_data_v<TileDataIn>, "TRESHAPE: src must be a Tile");
    static_assert(is_tile_data_v<TileDataOut>, "TRESHAPE: dst must be a Tile");
    (void)dst, (void)src;
    return {};
}

// TROWMIN: Reduce each row by taking the minimum across columns.
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWMIN(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TROWARGMIN: Get the column index of the minimum element, or both value and column index of the minimum element for
// each row.
template <
    typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents,
    std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TROWARGMIN(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

template <
    typename TileDataOutVal, typename TileDataOutIdx, typename TileDataIn, typename TileDataTmp,
    typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TROWARGMIN(
    TileDataOutVal& dstVal, TileDataOutIdx& dstIdx, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events);

// TSELS: Select between source tile and scalar using a mask tile (per-element selection for source tile).
template <
    typename TileDataDst, typename TileDataMask, typename TileDataSrc, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TSELS(
    TileDataDst& dst, TileDataMask& mask, TileDataSrc& src, TileDataTmp& tmp, typename TileDataSrc::DType scalar,
    WaitEvents&... events);

// TSEL: Select between two tiles using a mask tile (per-element selection).
template <typename TileData, typename MaskTile, typename TmpTile, typename... WaitEvents>
PTO_INST RecordEvent TSEL(
    TileData& dst, MaskTile& selMask, TileData& src0, TileData& src1, TmpTile& tmp, WaitEvents&... events);

// TTRANS: Transpose with an implementation-defined temporary tile.
template <typename TileDataDst, typename TileDataSrc, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TTRANS(TileDataDst& dst, TileDataSrc& src, TileDataTmp& tmp, WaitEvents&... events);

// TMINS: Elementwise minimum of a tile and a scalar.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TMINS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TROWEXPAND: Broadcast the first element of each source row across the destination row.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPAND(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TROWEXPANDDIV: Row-wise broadcast divide: divide each row of src0 by a per-row broadcast operand src1.
template <
    auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1,
    typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDDIV(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1,
    typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDDIV(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TROWEXPANDMUL: Row-wise broadcast multiply: multiply each row of src0 by a per-row broadcast operand src1.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDMUL(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDMUL(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TROWEXPANDSUB: Row-wise broadcast subtract: subtract a per-row broadcast operand from each row of src0.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDSUB(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDSUB(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TROWEXPANDADD: Row-wise broadcast add: add a per-row broadcast operand src1 to each row of src0.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDADD(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDADD(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TROWEXPANDMAX: Row-wise broadcast max: take max(src0, src1) where the broadcast operand provides per-row values.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDMAX(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDMAX(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TROWEXPANDMIN: Row-wise broadcast min: take min(src0, src1) where the broadcast operand provides per-row values.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDMIN(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDMIN(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TROWEXPANDEXPDIF: Row-wise exp-diff: compute exp(src0 - src1) where src1 provides one scalar per row.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDEXPDIF(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TROWEXPANDEXPDIF(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TRSQRT: Elementwise reciprocal square root.
template <
    auto PrecisionType = RsqrtAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents,
    std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TRSQRT(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

template <
    auto PrecisionType = RsqrtAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename TileDataTmp,
    typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TRSQRT(TileDataDst& dst, TileDataSrc& src, TileDataTmp& tmp, WaitEvents&... events);

// TSQRT: Elementwise square root.
template <
    auto PrecisionType = SqrtAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TSQRT(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TEXP: Elementwise exponential.
template <
    auto PrecisionType = ExpAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TEXP(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TPOW: Elementwise power operation: computes base raised to the power of exp for each element.
template <
    auto PrecisionType = PowAlgorithm::DEFAULT, typename DstTile, typename BaseTile, typename ExpTile,
    typename TmpTile, typename... WaitEvents>
PTO_INST RecordEvent TPOW(DstTile& dst, BaseTile& base, ExpTile& exp, TmpTile& tmp, WaitEvents&... events);

// TPOWS: Elementwise power operation with scalar exponent: computes base raised to a scalar power exp for each
// element.
template <
    auto PrecisionType = PowAlgorithm::DEFAULT, typename DstTile, typename BaseTile, typename TmpTile,
    typename... WaitEvents>
PTO_INST RecordEvent TPOWS(
    DstTile& dst, BaseTile& base, typename DstTile::DType exp, TmpTile& tmp, WaitEvents&... events);

// TNOT: Elementwise bitwise NOT of a tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TNOT(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TRELU: Elementwise ReLU of a tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TRELU(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TGATHERB: Gather elements using byte offsets.
template <typename TileDataDst, typename TileDataSrc, typename TileDataOffset, typename... WaitEvents>
PTO_INST RecordEvent TGATHERB(TileDataDst& dst, TileDataSrc& src, TileDataOffset& offset, WaitEvents&... events);

// TADDS: Elementwise add a scalar to a tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TADDS(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TAXPY: Perform an in-place scaled accumulation (AXPY, $a \cdot x + y$) on a tile: scale src0 by scalar and
// accumulate it into dst.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TAXPY(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TSUBS: Elementwise subtract a scalar from a tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TSUBS(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TDIVS: Elementwise division with a scalar (tile/scalar or scalar/tile).
template <
    auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TDIVS(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TMULS: Elementwise multiply a tile by a scalar.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TMULS(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType scalar, WaitEvents&... events);

template <
    auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TDIVS(
    TileDataDst& dst, typename TileDataDst::DType scalar, TileDataSrc& src0, WaitEvents&... events);

// TFMODS: Elementwise floor with a scalar: fmod(src, scalar).
template <
    auto PrecisionType = FmodSAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TFMODS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TREMS: Elementwise remainder with a scalar: %.
template <
    auto PrecisionType = RemSAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc, typename TileDataTmp,
    typename... WaitEvents>
PTO_INST RecordEvent TREMS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar, TileDataTmp& tmp, WaitEvents&... events);

// TMAXS: Elementwise max of a tile and a scalar: max(src, scalar).
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TMAXS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TANDS: Elementwise bitwise AND of a tile and a scalar.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TANDS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataDst::DType scalar, WaitEvents&... events);

// TORS: Elementwise bitwise OR of a tile and a scalar.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TORS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataDst::DType scalar, WaitEvents&... events);

// TSHLS: Elementwise shift-left of a tile, shift bits given by scalar.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TSHLS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataDst::DType scalar, WaitEvents&... events);

// TSHRS: Elementwise shift-right of a tile, shift bits given by scalar.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TSHRS(
    TileDataDst& dst, TileDataSrc& src, typename TileDataDst::DType scalar, WaitEvents&... events);

// TXORS: Elementwise bitwise XOR of a tile and a scalar.
template <typename TileDataDst, typename TileDataSrc, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TXORS(
    TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType scalar, TileDataTmp& tmp, WaitEvents&... events);

// TLRELU: Leaky ReLU with a scalar slope.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TLRELU(
    TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar, WaitEvents&... events);

// TADDSC: Elementwise fused add with scalar and a second tile: src0 + scalar + src1.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TADDSC(
    TileData& dst, TileData& src0, typename TileData::DType scalar, TileData& src1, WaitEvents&... events);

// TSUBSC: Elementwise fused op: src0 - scalar + src1.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TSUBSC(
    TileData& dst, TileData& src0, typename TileData::DType scalar, TileData& src1, WaitEvents&... events);

// TCOLMIN: Reduce each column by taking the minimum across rows.
template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TCOLMIN(TileDataOut& dst, TileDataIn& src, WaitEvents&... events);

// TSCATTER: TSCATTER provides two operation modes.
template <typename TileDataD, typename TileDataS, typename TileDataI, typename... WaitEvents>
PTO_INST RecordEvent TSCATTER(TileDataD& dst, TileDataS& src, TileDataI& indexes, WaitEvents&... events);

template <
    MaskPattern maskPattern = MaskPattern::P1111, auto ScatterType = ScatterAxis::SCATTER_ROW, typename DstTileData,
    typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TSCATTER(DstTileData& dst, SrcTileData& src, WaitEvents&... events);

// TCOLEXPAND: Broadcast the first element of each source column across the destination column.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPAND(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// MGATHER: MGATHER reads data from a GM GlobalTensor into a UB destination tile through a UB index tile. The
// operating mode is selected explicitly through the Coalesce template parameter.
template <typename TileDst, typename GlobalData, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalData& src, TileInd& indexes, WaitEvents&... events);

template <Coalesce CMode, typename TileDst, typename GlobalData, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalData& src, TileInd& indexes, WaitEvents&... events);

template <
    Coalesce CMode, GatherOOB Mode, typename TileDst, typename GlobalData, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalData& src, TileInd& indexes, WaitEvents&... events);

template <Coalesce CMode, typename TileDst, typename GlobalData, typename GlobalIdx, typename GlobalScratch>
PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalData& src, GlobalIdx& indexes, GlobalScratch& scratch);

template <
    Coalesce CMode, GatherOOB Mode, typename TileDst, typename GlobalData, typename GlobalIdx, typename GlobalScratch>
PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalData& src, GlobalIdx& indexes, GlobalScratch& scratch);

#if PTOLINT_TARGET_A5
template <
    Coalesce CMode, GatherOOB Mode, GatherExec Exec, typename TileDst, typename GlobalData, typename GlobalIdx,
    typename GlobalScratch>
PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalData& src, GlobalIdx& indexes, GlobalScratch& scratch);
#endif

// MSCATTER: MSCATTER writes data from a UB source tile into a GM GlobalTensor through a UB index tile. The operating
// mode is selected explicitly through the Coalesce template parameter.
template <typename GlobalData, typename TileSrc, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);

#if PTOLINT_TARGET_A5
template <Coalesce Mode, typename GlobalData, typename TileSrc, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);

template <
    Coalesce Mode, ScatterAtomicOp Atomic, typename GlobalData, typename TileSrc, typename TileInd,
    typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);

template <
    Coalesce Mode, ScatterAtomicOp Atomic, ScatterOOB Oob, typename GlobalData, typename TileSrc, typename TileInd,
    typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);

template <
    Coalesce Mode, ScatterAtomicOp Atomic, ScatterOOB Oob, ScatterConflict Conflict, typename GlobalData,
    typename TileSrc, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);
#endif

#if !PTOLINT_TARGET_A5
template <Coalesce Mode, typename GlobalData, typename TileSrc, typename TileInd, typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);

template <
    Coalesce Mode, ScatterAtomicOp Atomic, typename GlobalData, typename TileSrc, typename TileInd,
    typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);

template <
    Coalesce Mode, ScatterAtomicOp Atomic, ScatterOOB Oob, typename GlobalData, typename TileSrc, typename TileInd,
    typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalData& dst, TileSrc& src, TileInd& indexes, WaitEvents&... events);
#endif

// TNEG: Elementwise negation of a tile.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TNEG(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events);

// TCOLEXPANDDIV: Column-wise broadcast divide: divide each element of src0 by a per-column scalar vector src1.
template <
    auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1,
    typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDDIV(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCOLEXPANDMUL: Column-wise broadcast multiply: multiply each element of src0 by a per-column scalar vector src1.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDMUL(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCOLEXPANDADD: Column-wise broadcast add: add each element of src0 by a per-column scalar vector src1.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDADD(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCOLEXPANDMAX: Column-wise broadcast max: take max(src0, src1) where src1 provides one scalar per column.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDMAX(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCOLEXPANDMIN: Column-wise broadcast min: take min(src0, src1) where src1 provides one scalar per column.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDMIN(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCOLEXPANDSUB: Column-wise broadcast subtract: subtract a per-column scalar vector src1 from src0.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDSUB(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TCOLEXPANDEXPDIF: Column-wise exp-diff: compute exp(src0 - src1) using a per-column scalar vector src1.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCOLEXPANDEXPDIF(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TDEQUANT: Dequantize a low-precision quantized tile (S8 / S16) into a high-precision FP32 tile. Each element
// undergoes **affine dequantization** — the inverse of TQUANT integer quantization (INT8 symmetric / asymmetric).
template <typename TileDataDst, typename TileDataSrc, typename TileDataPara, typename... WaitEvents>
PTO_INST RecordEvent TDEQUANT(
    TileDataDst& dst, TileDataSrc& src, TileDataPara& scale, TileDataPara& offset, WaitEvents&... events);

// TADDDEQRELU
template <
    typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TADDDEQRELU(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, float deqScale, TileDataTmp& tmp, WaitEvents&... events);

// TREM: Elementwise remainder of two tiles. The result has the same sign as the divider.
template <
    auto PrecisionType = RemAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1,
    typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TREM(
    TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, WaitEvents&... events);

// TFMOD: Elementwise floor of two tiles.
template <
    auto PrecisionType = FmodAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1,
    typename... WaitEvents>
PTO_INST RecordEvent TFMOD(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, WaitEvents&... events);

// TPUSH: Push a producer tile into a TPipe FIFO for Cube-Vector communication.
template <
    typename Pipe, typename TileProd, TileSplitAxis Split, std::enable_if_t<is_tile_data_v<TileProd>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, TileProd& tile, WaitEvents&... events);

template <typename Pipe, typename TileProd, TileSplitAxis Split, typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, TileProd& tile, int32_t subBlockId, WaitEvents&... events);

template <typename TileData, typename Pipe, typename... WaitEvents>
PTO_INST RecordEvent TPUSH(TileData& tile, Pipe& pipe, WaitEvents&... events);

// TPOP: Pop a consumer tile from a TPipe FIFO for Cube-Vector communication.
template <
    typename Pipe, typename TileCons, TileSplitAxis Split, std::enable_if_t<is_tile_data_v<TileCons>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TPOP(Pipe& pipe, TileCons& tile, WaitEvents&... events);

template <typename Pipe, typename TileCons, TileSplitAxis Split, typename... WaitEvents>
PTO_INST RecordEvent TPOP(Pipe& pipe, TileCons& tile, int32_t subBlockId, WaitEvents&... events);

template <typename TileData, typename Pipe, typename... WaitEvents>
PTO_INST RecordEvent TPOP(TileData& tile, Pipe& pipe, WaitEvents&... events);

// TFREE: Release FIFO space for a TPipe entry.
template <typename Pipe, TileSplitAxis Split, typename... WaitEvents>
PTO_INST RecordEvent TFREE(Pipe& pipe, WaitEvents&... events);

// TALLOC: Allocate a producer FIFO slot from a TPipe and expose it as a GlobalTensor view.
template <
    typename Pipe, typename GlobalData, TileSplitAxis Split, std::enable_if_t<is_global_data_v<GlobalData>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TALLOC(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events);

template <
    typename Pipe, typename GlobalData, TileSplitAxis Split, std::enable_if_t<is_global_data_v<GlobalData>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events);

template <typename Pipe, typename TileProd, typename TConfig, typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, TileProd& tile, WaitEvents&... events);

template <
    typename Pipe, typename GlobalData, TileSplitAxis Split, std::enable_if_t<is_global_data_v<GlobalData>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TPOP(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events);

template <
    typename Pipe, typename GlobalData, TileSplitAxis Split, std::enable_if_t<is_global_data_v<GlobalData>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TFREE(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events);

template <typename Pipe, typename... WaitEvents>
PTO_INST RecordEvent TFREE(Pipe& pipe, WaitEvents&... events);

#if PTOLINT_TARGET_A5
// THISTOGRAM: Computes a histogram (per byte-value 0–255 occurrence count) over a selected **byte** of each source-
// tile element, with an optional cascaded filter that restricts the count to elements whose already-processed upper
// bytes equal supplied index values. It is the **byte-bucket counting primitive of radix sort**: the first pass
// histograms the most-significant byte (MSB); each subsequent pass histograms the next lower byte but counts only
// elements whose upper bytes match the previous pass's bucket index, yielding the current radix digit's distribution
// within a given prefix bucket.
template <HistByte byte, typename TileDataDst, typename TileDataSrc, typename TileDataIdx, typename... WaitEvents>
PTO_INST RecordEvent THISTOGRAM(TileDataDst& dst, TileDataSrc& src, TileDataIdx& idx, WaitEvents&... events);

// TQUANT: Quantize a higher-precision tile (FP32 / BF16 / FP16) into a lower-precision format, producing the
// quantized data tile plus auxiliary per-group exponent / max / scaling tiles. The destination format, scale
// algorithm, and group axis are compile-time template parameters.
template <
    auto quant_type, typename TileDataOut, typename TileDataSrc, typename TileDataExp, typename TileDataMax,
    typename TileDataScaling, auto scale_alg = QuantScaleAlg::OCP, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(
    TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max, TileDataScaling* scaling,
    WaitEvents&... events);

template <
    auto quant_type, auto store_mode, typename TileDataOut, typename TileDataSrc, typename TileDataExp,
    typename TileDataMax, typename TileDataScaling, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(
    TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max, TileDataScaling* scaling,
    TileDataExp* exp_zz, WaitEvents&... events);

template <
    int grp_axis, auto mx_alg, typename TileDataOut = void, typename TileDataSrc = void, typename TileDataExp = void,
    typename TileDataMax = void, typename TileDataScaling = void, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(
    TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max, TileDataScaling* scaling,
    WaitEvents&... events);

template <
    int grp_axis, auto mx_alg, bool interleave, typename TileDataOut = void, typename TileDataSrc = void,
    typename TileDataExp = void, typename TileDataMax = void, typename TileDataScaling = void, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(
    TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max, TileDataScaling* scaling,
    WaitEvents&... events);

// TINTERLEAVE: Interleave two source tiles (src0 and src1) into two destination tiles (dst0 and dst1). The operation
// combines elements from src0 and src1 in an alternating pattern: even-positioned elements of the interleaved stream
// are placed into dst0, and odd-positioned elements into dst1. Each destination tile holds half the interleaved
// stream, split at the midpoint.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TINTERLEAVE(
    TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0, WaitEvents&... events);

// TDEINTERLEAVE: De-interleave source tiles into two destination tiles (dst0 and dst1). The operation reverses
// interleaving: dst0 receives elements at even positions of the combined interleaved stream, and dst1 receives
// elements at odd positions.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TDEINTERLEAVE(
    TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0, WaitEvents&... events);

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TDEINTERLEAVE(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src, WaitEvents&... events);
#endif

template <auto quant_type, typename TileDataOut, typename TileDataSrc, typename TileDataPara, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(
    TileDataOut& dst, TileDataSrc& src, TileDataPara& scale, TileDataPara* offset = nullptr, WaitEvents&... events);

template <
    auto quant_type, typename TileDataOut, typename TileDataSrc, typename TileDataPara, typename TileDataTmp,
    typename... WaitEvents>
PTO_INST RecordEvent TQUANT(
    TileDataOut& dst, TileDataSrc& src, TileDataPara& scale, TileDataTmp& tmp, TileDataPara* offset = nullptr,
    WaitEvents&... events);

// TGET_SCALE_ADDR: Bind the on-chip address of output tile as a scaled address of the input tile.
template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TGET_SCALE_ADDR(TileDataOut& dst, TileDataIn& src, WaitEvents&... events)
{
    // both operands are tiles (the vendor's TGET_SCALE_ADDR_IMPL static_asserts it)
    static_assert(is_tile_data_v<TileDataIn>, "TGET_SCALE_ADDR: src must be a Tile");
    static_assert(is_tile_data_v<TileDataOut>, "TGET_SCALE_ADDR: dst must be a Tile");
    (void)dst, (void)src;
    return {};
}

template <
    pto::GridDirection Direction, int Dist = 1, typename Pipe, typename TileProd,
    std::enable_if_t<is_grid_pipe_v<Pipe>, int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, TileProd& tile, WaitEvents&... events);

template <
    pto::GridDirection Direction, int Dist = 1, typename Pipe, typename TileCons,
    std::enable_if_t<is_grid_pipe_v<Pipe>, int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TPOP(Pipe& pipe, TileCons& tile, WaitEvents&... events);

template <
    pto::GridSpan Span, typename Pipe, typename TileProd, std::enable_if_t<is_grid_pipe_v<Pipe>, int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, TileProd& tile, WaitEvents&... events);


// Implementation entry points that some kernels call directly (the public wrappers forward to them).
// Declared loosely: ptolint checks the public builtins, these only need to parse.
#define PTOLINT_IMPL_ENTRY(name) template <typename... Ts, typename... Args> void name(Args &&...);
PTOLINT_IMPL_ENTRY(TCONCAT_IMPL)
PTOLINT_IMPL_ENTRY(TCOLEXPAND_IMPL)
PTOLINT_IMPL_ENTRY(TROWEXPANDSUB_IMPL)
PTOLINT_IMPL_ENTRY(TCVT_IMPL)
PTOLINT_IMPL_ENTRY(TSTORE_IMPL)
PTOLINT_IMPL_ENTRY(TLOAD_IMPL)
PTOLINT_IMPL_ENTRY(TREDUCE_IMPL)
PTOLINT_IMPL_ENTRY(TMovToVecNd2Nz)
#undef PTOLINT_IMPL_ENTRY

} // namespace pto

#include <pto/comm/pto_comm_inst.hpp>

#endif // PTOLINT_MODEL_PTO_INSTR_HPP

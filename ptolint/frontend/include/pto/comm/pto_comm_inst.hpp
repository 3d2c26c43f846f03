// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Inter-rank communication instructions (docs/isa/comm/*.md), namespace pto::comm.
// Declarations only, restating the public template and function parameter lists.
#ifndef PTOLINT_MODEL_PTO_COMM_INST_HPP
#define PTOLINT_MODEL_PTO_COMM_INST_HPP

#include <pto/common/type.hpp>
#include <pto/common/event.hpp>
#include <pto/comm/comm_types.hpp>

namespace pto {
namespace comm {

// TPUT: Remote write operation: write local data to remote NPU's memory. Data is transferred via a UB tile as
// intermediate staging buffer.
template <
    AtomicType atomicType = AtomicType::AtomicNone, typename GlobalDstData, typename GlobalSrcData, typename TileData,
    typename... WaitEvents>
PTO_INST RecordEvent TPUT(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, TileData& stagingTileData, WaitEvents&... events);

template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TPUT(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, TileData& stagingTileData, AtomicType atomicType,
    WaitEvents&... events);

template <
    AtomicType atomicType = AtomicType::AtomicNone, typename GlobalDstData, typename GlobalSrcData, typename TileData,
    typename... WaitEvents>
PTO_INST RecordEvent TPUT(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, TileData& pingTile, TileData& pongTile,
    WaitEvents&... events);

// TGET: Remote read operation: read remote NPU's data to local memory. Data is transferred via a UB tile as
// intermediate staging buffer.
template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TGET(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, TileData& stagingTileData, WaitEvents&... events);

template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TGET(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, TileData& pingTile, TileData& pongTile,
    WaitEvents&... events);

// TNOTIFY: Send flag notification to remote NPU. Used for lightweight synchronization between NPUs without
// transferring bulk data.
template <typename GlobalSignalData, typename... WaitEvents>
PTO_INST void TNOTIFY(GlobalSignalData& dstSignalData, int32_t value, NotifyOp op, WaitEvents&... events);

// TWAIT
template <typename GlobalSignalData, typename... WaitEvents>
PTO_INST void TWAIT(GlobalSignalData& signalData, int32_t cmpValue, WaitCmp cmp, WaitEvents&... events);

// TTEST: Non-blocking test if signal(s) meet comparison condition. Returns true if condition is satisfied, false
// otherwise. Used for polling-based synchronization with timeout or interleaved work.
template <typename GlobalSignalData, typename... WaitEvents>
PTO_INST bool TTEST(GlobalSignalData& signalData, int32_t cmpValue, WaitCmp cmp, WaitEvents&... events);

// TGATHER: Gather operation: the calling NPU (root) collects data from all ranks in the parallel group and
// concatenates the results along **DIM_3** (row dimension) into a local output buffer.
template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TGATHER(
    ParallelGroupType& parallelGroup, GlobalDstData& dstGlobalData, TileData& stagingTileData, Args&... args);

template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TGATHER(
    ParallelGroupType& parallelGroup, GlobalDstData& dstGlobalData, TileData& pingTile, TileData& pongTile,
    Args&... args);

// TSCATTER: Scatter operation: the calling NPU (root) distributes data to all ranks in the parallel group by
// splitting the local source tensor along **DIM_3** (row dimension). This is the inverse of TGATHER.
template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TSCATTER(
    ParallelGroupType& parallelGroup, GlobalSrcData& srcGlobalData, TileData& stagingTileData, Args&... args);

template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TSCATTER(
    ParallelGroupType& parallelGroup, GlobalSrcData& srcGlobalData, TileData& pingTile, TileData& pongTile,
    Args&... args);

// TBROADCAST: Broadcast data from current NPU to all ranks in the parallel group. The calling NPU is the root and
// its data is copied to all other NPUs.
template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TBROADCAST(
    ParallelGroupType& parallelGroup, GlobalSrcData& srcGlobalData, TileData& stagingTileData, Args&... args);

template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TBROADCAST(
    ParallelGroupType& parallelGroup, GlobalSrcData& srcGlobalData, TileData& pingTile, TileData& pongTile,
    Args&... args);

// TREDUCE: Reduce operation: gather data from multiple remote NPUs and perform element-wise reduction locally.
template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TREDUCE(
    ParallelGroupType& parallelGroup, GlobalDstData& dstGlobalData, TileData& accTileData, TileData& recvTileData,
    ReduceOp op, Args&... args);

template <
    CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
    typename... Args>
PTO_INST RecordEvent TREDUCE(
    ParallelGroupType& parallelGroup, GlobalDstData& dstGlobalData, TileData& accTileData, TileData& pingTileData,
    TileData& pongTileData, ReduceOp op, Args&... args);

// TPUT_ASYNC: TPUT_ASYNC is an asynchronous remote write primitive. It starts a transfer from local GM to remote GM
// and returns an AsyncEvent immediately.
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
PTO_INST AsyncEvent TPUT_ASYNC(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, const AsyncSession& session, WaitEvents&... events);

#if PTOLINT_TARGET_A5
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
PTO_INST AsyncEvent TPUT_ASYNC(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, const AsyncSession& session, uint32_t peer,
    WaitEvents&... events);
#endif

// TGET_ASYNC: TGET_ASYNC is an asynchronous remote read primitive. It starts a transfer from remote GM to local GM
// and returns an AsyncEvent immediately.
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
PTO_INST AsyncEvent TGET_ASYNC(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, const AsyncSession& session, WaitEvents&... events);

#if PTOLINT_TARGET_A5
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
PTO_INST AsyncEvent TGET_ASYNC(
    GlobalDstData& dstGlobalData, GlobalSrcData& srcGlobalData, const AsyncSession& session, uint32_t peer,
    WaitEvents&... events);
#endif

} // namespace comm
} // namespace pto

#endif // PTOLINT_MODEL_PTO_COMM_INST_HPP

// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Types of the inter-rank communication instructions (docs/isa/comm/*, include/pto/comm/README.md):
// signals, parallel groups, reduce / notify / wait operators and the async DMA session + event.
#ifndef PTOLINT_MODEL_PTO_COMM_TYPES_HPP
#define PTOLINT_MODEL_PTO_COMM_TYPES_HPP

#include <pto/common/type.hpp>
#include <pto/common/pto_tile.hpp>

namespace pto {
namespace comm {

// The per-rank GlobalTensors taking part in a collective, plus the root index.
template <typename GlobalData>
struct ParallelGroup {
    using value_type = GlobalData;
    GlobalData* tensors{nullptr};
    int nranks{0};
    int rootIdx{-1};

    constexpr ParallelGroup() = default;
    AICORE constexpr ParallelGroup(GlobalData* tensorArray, int size, int root)
        : tensors(tensorArray), nranks(size), rootIdx(root)
    {}
    AICORE static constexpr ParallelGroup Create(GlobalData* tensorArray, int size, int rootIdx)
    {
        return ParallelGroup(tensorArray, size, rootIdx);
    }
    AICORE constexpr int GetRootIdx() const { return rootIdx; }
    AICORE constexpr int GetSize() const { return nranks; }
    AICORE constexpr bool empty() const { return nranks == 0; }
    AICORE constexpr GlobalData& operator[](int teamRank) { return tensors[teamRank]; }
    AICORE constexpr const GlobalData& operator[](int teamRank) const { return tensors[teamRank]; }
};

template <typename T>
struct ParallelGroupTraits {};
template <typename GlobalData>
struct ParallelGroupTraits<ParallelGroup<GlobalData>> {
    using GlobalDataType = GlobalData;
};

enum class NotifyOp : uint8_t { AtomicAdd = 0, Set = 1 };
enum class WaitCmp : uint8_t { EQ = 0, NE = 1, GT = 2, GE = 3, LT = 4, LE = 5 };
enum class ReduceOp : uint8_t { Sum = 0, Max = 1, Min = 2 };
enum class DmaEngine : uint8_t { SDMA = 0, URMA = 1, RDMA = 2 };
enum class CollEngine : uint8_t { AIV = 0, CCU = 1 };
enum class CcuInputSource : uint8_t { HostManaged = 0, AivStored = 1 };
enum class RdmaBackend : uint32_t { NONE = 0, HNS_1825 = 1 };

struct CcuTriggerContext {
    uint64_t ckeSlotVA{0};
    uint32_t mask{0};
    uint32_t selfIdx{0};
    CcuInputSource inputSource{CcuInputSource::HostManaged};
};

// Per-core state of an asynchronous DMA engine (SDMA / URMA / RDMA).
struct AsyncSession {
    DmaEngine engine{DmaEngine::SDMA};
    bool valid{false};
    __gm__ uint8_t* contextGm{nullptr};
    __ubuf__ uint8_t* tmpBufAddr{nullptr};
    uint32_t tmpBufSize{0};
    uint32_t syncId{0};
    uint32_t channelGroupIdx{0xFFFFFFFFu};
    uint64_t blockBytes{1024 * 1024};
    uint64_t commBlockOffset{0};
    uint32_t queueNum{1};
    uint32_t destRankId{0};
    uint32_t qpIdx{0};
    RdmaBackend rdmaBackend{RdmaBackend::NONE};
    uint32_t myPe{0};
};

// Completion handle of TPUT_ASYNC / TGET_ASYNC / TPREFETCH_ASYNC.
struct AsyncEvent {
    uint64_t handle{0};
    DmaEngine engine{DmaEngine::SDMA};
    AICORE constexpr AsyncEvent() = default;
    AICORE constexpr AsyncEvent(uint64_t h, DmaEngine e) : handle(h), engine(e) {}
    AICORE constexpr bool valid() const { return handle != 0; }
    PTO_INTERNAL bool Wait(const AsyncSession& session) const { return (void)session, true; }
    PTO_INTERNAL bool Test(const AsyncSession& session) const { return (void)session, true; }
};

// A single int32 flag in GM used by TNOTIFY / TWAIT / TTEST.
using Signal = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 1>, Stride<1, 1, 1, 1, 1>, Layout::ND>;
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND>
using GlobalSignal = GlobalTensor<Element_, Shape_, Stride_, Layout_>;

// A Rows x Cols grid of int32 flags with a row pitch (default: Cols).
template <int Rows, int Cols>
struct Signal2D : public GlobalTensor<int32_t, Shape<1, 1, 1, Rows, Cols>, Stride<1, 1, 1, DYNAMIC, 1>, Layout::ND> {
private:
    using Base = GlobalTensor<int32_t, Shape<1, 1, 1, Rows, Cols>, Stride<1, 1, 1, DYNAMIC, 1>, Layout::ND>;

public:
    PTO_INTERNAL Signal2D(typename Base::DType* ptr) : Base(ptr, typename Base::Shape{}, typename Base::Stride{Cols}) {}
    PTO_INTERNAL Signal2D(typename Base::DType* ptr, int stride)
        : Base(ptr, typename Base::Shape{}, typename Base::Stride{stride})
    {}
};

} // namespace comm

// Context of TPREFETCH_ASYNC: a GM workspace and the SDMA session built in it.
struct PrefetchAsyncContext {
    using ScratchTile = Tile<TileType::Vec, uint8_t, 1, 256>;
    __gm__ uint8_t* workspace{nullptr};
    comm::AsyncSession session;
    comm::AsyncSession* externalSession{nullptr};
    ScratchTile scratchTile;

    AICORE PrefetchAsyncContext() = default;
    AICORE explicit PrefetchAsyncContext(__gm__ uint8_t* workspace_) : workspace(workspace_) {}
    AICORE PrefetchAsyncContext(__gm__ uint8_t* workspace_, comm::AsyncSession* externalSession_)
        : workspace(workspace_), externalSession(externalSession_)
    {}
    AICORE comm::AsyncSession& GetSession() { return externalSession != nullptr ? *externalSession : session; }
    AICORE const comm::AsyncSession& GetSession() const
    {
        return externalSession != nullptr ? *externalSession : session;
    }
};

} // namespace pto

#endif // PTOLINT_MODEL_PTO_COMM_TYPES_HPP

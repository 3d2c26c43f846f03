// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Producer/consumer pipes between cube and vector cores (docs/isa/TPUSH.md, TPOP.md, TALLOC.md,
// TFREE.md) and the grid pipes between neighbouring cores.
#ifndef PTOLINT_MODEL_PTO_FIFO_HPP
#define PTOLINT_MODEL_PTO_FIFO_HPP

#include <pto/common/type.hpp>

namespace pto {

// How a produced tile is split between the two vector sub-cores.
enum TileSplitAxis : uint8_t {
    TILE_NO_SPLIT = 0,
    TILE_UP_DOWN = 1,
    TILE_LEFT_RIGHT = 2,
    TILE_UP_DOWN_ODD = 3,
    TILE_LEFT_RIGHT_ODD = 4,
};

// Direction of a TPipe (bit mask; BOTH = C2V | V2C).
enum Direction : uint8_t {
    UNDEFINED = 0,
    DIR_C2V = 1,
    DIR_V2C = 2,
    DIR_BOTH = DIR_C2V | DIR_V2C,
    DIR_V2C_CTRL = 4,
#if PTOLINT_TARGET_A5
    DIR_C2V_GM = 5,
    DIR_V2C_GM = 6,
    DIR_BOTH_GM = DIR_C2V_GM | DIR_V2C_GM,
#endif
};

template <int SlotSize, int SlotNum, int LocalSlotNum>
struct RingFIFO {
    __gm__ void* GM_SLOT_BUFFER = nullptr;
    uint32_t C2V_CONSUMER_BUF = 0x0;
    uint32_t V2C_CONSUMER_BUF = 0x0;
    uint64_t V2C_CONTROL_BUF = 0x0;
    static constexpr uint32_t SLOT_SIZE = SlotSize;
    static constexpr uint32_t SLOT_NUM = SlotNum;
    static constexpr uint32_t SLOT_SYNCT = SlotNum;
    static constexpr uint32_t LOCAL_SLOT_NUM = LocalSlotNum;

    PTO_INTERNAL RingFIFO(__gm__ void* gmSlotBuf, uint32_t c2vConsBuf, uint32_t v2cConBuf)
        : GM_SLOT_BUFFER(gmSlotBuf), C2V_CONSUMER_BUF(c2vConsBuf), V2C_CONSUMER_BUF(v2cConBuf)
    {}
};

enum class FIFOType : uint8_t {
    GM_FIFO = 0,
    VEC_FIFO = 1,
    MAT_FIFO = 2,
    CTRL_FIFO = 3,
};

enum class VecCubeRatio : uint8_t {
    V1C1_VEC0 = 0,
    V1C1_VEC1 = 1,
    V2C1_VECS = 2,
};

enum TSyncCVMode : uint8_t { CUBE_ALL_CORE_SYNC = 0, VEC_ALL_CORE_SYNC = 0, VEC_SUBCORES_SYNC = 1, CV_CORES_SYNC = 2 };

// FIFO storage: GM-backed (pointer + optional local staging) or local-memory / control backed.
template <typename DataType, FIFOType FifoType, int Depth, int Period, int LocalDepth = 0, typename Enable = void>
struct DataFIFO;

template <typename DataType, FIFOType FifoType, int Depth, int Period, int LocalDepth>
struct DataFIFO<DataType, FifoType, Depth, Period, LocalDepth, std::enable_if_t<FifoType == FIFOType::GM_FIFO>> {
    static constexpr int fifoDepth = Depth;
    static constexpr int fifoPeriod = Period;
    static constexpr FIFOType fifoType = FifoType;
    using DType = DataType;
    static constexpr int localFiFoDepth = LocalDepth;
    static constexpr bool useLocalFiFo = LocalDepth > 0;
    __gm__ DataType* fifoBase = nullptr;
    uint32_t localFiFoBase = 0;

    PTO_INTERNAL DataFIFO(__gm__ DataType* ptr, uint32_t localBase) : fifoBase(ptr), localFiFoBase(localBase) {}
    template <int M = LocalDepth, std::enable_if_t<M == 0, int> = 0>
    PTO_INTERNAL DataFIFO(__gm__ DataType* ptr) : fifoBase(ptr)
    {}
    __gm__ DataType* getBasePtr() { return fifoBase; }
};

template <typename DataType, FIFOType FifoType, int Depth, int Period, int LocalDepth>
struct DataFIFO<DataType, FifoType, Depth, Period, LocalDepth,
                std::enable_if_t<FifoType == FIFOType::VEC_FIFO || FifoType == FIFOType::MAT_FIFO>> {
    static constexpr int fifoDepth = Depth;
    static constexpr int fifoPeriod = Period;
    static constexpr FIFOType fifoType = FifoType;
    uint32_t fifoBase = 0;
    PTO_INTERNAL DataFIFO(uint32_t base) : fifoBase(base) {}
};

template <typename DataType, FIFOType FifoType, int Depth, int Period, int LocalDepth>
struct DataFIFO<DataType, FifoType, Depth, Period, LocalDepth, std::enable_if_t<FifoType == FIFOType::CTRL_FIFO>> {
    static constexpr int fifoDepth = Depth;
    static constexpr int fifoPeriod = Period;
    static constexpr FIFOType fifoType = FifoType;
    bool ctrlSignal = false;
    uint32_t fifoBase = 0x0;
    PTO_INTERNAL DataFIFO(uint32_t base) : fifoBase(base) {}
};

namespace detail {
// Slot bookkeeping of one end of a pipe.
struct PipeEndpoint {
    int tileIndex = 0;
    int subTileIndex = 0;
    int controlIndex = 0;
    int entryOffset = 0;
    bool isAllocate = true;
    bool isRecord = true;
    bool isWait = true;
    bool isFree = true;

    PTO_INTERNAL void setAllocateStatus(bool v) { isAllocate = v; }
    PTO_INTERNAL void setRecordStatus(bool v) { isRecord = v; }
    PTO_INTERNAL void setWaitStatus(bool v) { isWait = v; }
    PTO_INTERNAL void setFreeStatus(bool v) { isFree = v; }
    PTO_INTERNAL void setTileId(int tid, int subTid)
    {
        tileIndex = tid;
        subTileIndex = subTid;
    }
    PTO_INTERNAL void setEntryOffset(int offset) { entryOffset = offset; }
    PTO_INTERNAL int getTileId() const { return tileIndex; }
    PTO_INTERNAL int getSubTileId() const { return subTileIndex; }
    PTO_INTERNAL int getEntryOffset() const { return entryOffset; }
    PTO_INTERNAL bool getAllocateStatus() const { return isAllocate; }
    PTO_INTERNAL bool getRecordStatus() const { return isRecord; }
    PTO_INTERNAL bool getWaitStatus() const { return isWait; }
    PTO_INTERNAL bool getFreeStatus() const { return isFree; }
    PTO_INTERNAL void allocate() const {}
    PTO_INTERNAL void record() const {}
    PTO_INTERNAL void wait() const {}
    PTO_INTERNAL void free() const {}
};
} // namespace detail

// Ring-buffer pipe between a cube core and its vector core(s), FlagID..FlagID+3 are the
// cross-core flags it uses; SlotSize bytes per slot, SlotNum slots.
template <uint8_t FlagID, uint8_t DirType, uint32_t SlotSize, uint32_t SlotNum, uint32_t LocalSlotNum = 2,
          bool IsNoSplit = false, bool EN_UNIT_FLAG = false>
struct TPipe {
    static constexpr uint8_t DIR_MASK = 0x7;
    static constexpr uint8_t DIR_TYPE = DIR_MASK & DirType;
    static constexpr bool is_both = DIR_TYPE == Direction::DIR_BOTH;
    static constexpr bool is_v2c_ctrl = DIR_TYPE == Direction::DIR_V2C_CTRL;
#if PTOLINT_TARGET_A5
    static constexpr bool is_c2v_ub = DIR_TYPE == Direction::DIR_C2V;
    static constexpr bool is_v2c_mat = DIR_TYPE == Direction::DIR_V2C;
    static constexpr bool is_c2v_gm = DIR_TYPE == Direction::DIR_C2V_GM;
    static constexpr bool is_v2c_gm = DIR_TYPE == Direction::DIR_V2C_GM;
    static constexpr bool is_both_gm = DIR_TYPE == Direction::DIR_BOTH_GM;
    static constexpr bool is_c2v = is_c2v_gm || is_c2v_ub;
    static constexpr bool is_v2c = is_v2c_gm || is_v2c_mat || is_v2c_ctrl;
#else
    static constexpr bool is_c2v = DIR_TYPE == Direction::DIR_C2V;
    static constexpr bool is_v2c = DIR_TYPE == Direction::DIR_V2C;
#endif
    static constexpr uint32_t SyncPeriod = (SlotNum <= 2) ? SlotNum : SlotNum / 2;
    static constexpr uint8_t FlagIDPlusOne = FlagID + 1;
    static constexpr uint8_t FlagIDPlusTwo = FlagID + 2;
    static constexpr uint8_t FlagIDPlusThree = FlagID + 3;

#if PTOLINT_TARGET_A5
    static constexpr uint8_t VEC_CORE_ID_OFFSET = 16;
#endif

    using RingFiFo = RingFIFO<SlotSize, SlotNum, LocalSlotNum>;

    // Cross-core flag message: base count, sync mode and flag id packed into one word.
    PTO_INTERNAL static uint64_t getFFTSMsgCfg(TSyncCVMode mode, uint16_t flagID, uint16_t base_const = 0x1)
    {
        return (base_const & 0xfu) + ((mode & 0x3u) << 4) + ((flagID & 0xfu) << 8);
    }
    // The producer waits for a free slot on tile i once the ring has wrapped, every SyncPeriod tiles.
    PTO_INTERNAL static constexpr bool shouldWaitFree(uint32_t tileIndex)
    {
        return tileIndex >= SlotNum && (tileIndex % SyncPeriod) == 0;
    }
    // The consumer releases slots after every SyncPeriod-th tile.
    PTO_INTERNAL static constexpr bool shouldNotifyFree(uint32_t tileIndex) { return ((tileIndex + 1) % SyncPeriod) == 0; }
    // Free notifications still outstanding after tileCount tiles (sent but never waited for).
    PTO_INTERNAL static constexpr uint32_t countPendingFreeCredits(uint32_t tileCount)
    {
        uint32_t notified = 0;
        uint32_t waited = 0;
        for (uint32_t i = 0; i < tileCount; ++i) {
            notified += shouldNotifyFree(i) ? 1u : 0u;
            waited += shouldWaitFree(i) ? 1u : 0u;
        }
        return notified > waited ? notified - waited : 0u;
    }

    struct Producer : detail::PipeEndpoint {};
    struct Consumer : detail::PipeEndpoint {};

    RingFiFo fifo;
    Producer prod;
    Consumer cons;

    PTO_INTERNAL explicit TPipe(__gm__ void* GM_SLOT_BUFFER, uint32_t C2V_CONSUMER_BUF, uint32_t V2C_CONSUMER_BUF)
        : fifo(GM_SLOT_BUFFER, C2V_CONSUMER_BUF, V2C_CONSUMER_BUF)
    {}
};

// Multi-slot data pipe carrying TileDataProd -> TileDataCons through a DataFIFO.
template <uint8_t FlagID, FIFOType FiFoType, uint8_t FiFoDepth, uint8_t FiFoSyncT, typename TileDataProd,
          typename TileDataCons, bool EN_UNIT_FLAG = false, uint8_t LocalFiFoDepth = 2,
          VecCubeRatio VCRatio = VecCubeRatio::V2C1_VECS>
struct TMPipe {
    static constexpr uint8_t FlagIDPlusOne = FlagID + 1;
    // a one-way pipe uses flags FlagID and FlagID + 1 of the 16 (the vendor's class asserts it as well)
    static_assert(FlagIDPlusOne < 16, "TMPipe: FlagID + 1 must be below 16, the number of cross-core flags");
    using DataFiFo = DataFIFO<typename TileDataCons::DType, FiFoType, FiFoDepth, FiFoSyncT, LocalFiFoDepth>;
    struct Producer : detail::PipeEndpoint {};
    struct Consumer : detail::PipeEndpoint {};

    DataFiFo fifo;
    Producer prod;
    Consumer cons;

    template <FIFOType T = FiFoType, std::enable_if_t<T == FIFOType::GM_FIFO, int> = 0>
    PTO_INTERNAL explicit TMPipe(__gm__ typename TileDataCons::DType* gmFiFoBase, uint32_t localFiFoBase)
        : fifo(gmFiFoBase, localFiFoBase)
    {}
    template <int M = LocalFiFoDepth, std::enable_if_t<M == 0, int> = 0>
    PTO_INTERNAL explicit TMPipe(__gm__ typename TileDataCons::DType* gmFiFoBase) : fifo(gmFiFoBase)
    {}
    template <FIFOType T = FiFoType, std::enable_if_t<T != FIFOType::GM_FIFO, int> = 0>
    PTO_INTERNAL explicit TMPipe(uint32_t fifoBase) : fifo(fifoBase)
    {}
};

// ---------------------------------------------------------------- grid pipes (neighbour cores)
struct GridShape {
    int gridRows = 0;
    int gridCols = 0;
};

struct GridCoord {
    int row = 0;
    int col = 0;
};

enum class GridDirection : uint8_t {
    SOURCE = 0, // injected from GM / host; only valid for TPOP
    NORTH = 1,
    EAST = 2,
    WEST = 3,
    SOUTH = 4,
};

inline constexpr int kGridDirectionCount = 5;

AICORE constexpr int GridDirectionIndex(GridDirection d) { return static_cast<int>(d); }

// Broadcast span of a grid TPUSH: a whole row (EAST+WEST arms) or column (NORTH+SOUTH arms).
enum class GridSpan : uint8_t {
    ROW = 0,
    COL = 1,
};

AICORE constexpr GridDirection SpanArmA(GridSpan s) { return s == GridSpan::ROW ? GridDirection::EAST : GridDirection::NORTH; }
AICORE constexpr GridDirection SpanArmB(GridSpan s) { return s == GridSpan::ROW ? GridDirection::WEST : GridDirection::SOUTH; }

template <typename TileT_, int SlotBytes_, int SlotCount_>
struct GridPipe {
    using TileType = TileT_;
    static constexpr int SlotBytes = SlotBytes_;
    static constexpr int SlotCount = SlotCount_;

    GridShape shape{};
    GridCoord coord{};
    __gm__ uint8_t* slotBase[kGridDirectionCount] = {nullptr, nullptr, nullptr, nullptr, nullptr};
    __gm__ uint32_t* readyFlags[kGridDirectionCount] = {nullptr, nullptr, nullptr, nullptr, nullptr};
    __gm__ uint32_t* freeFlags[kGridDirectionCount] = {nullptr, nullptr, nullptr, nullptr, nullptr};
    uint32_t prodIndex[kGridDirectionCount] = {0, 0, 0, 0, 0};
    uint32_t consIndex[kGridDirectionCount] = {0, 0, 0, 0, 0};
    __gm__ void* runtimeCtx = nullptr;
    uint32_t pipeId = 0;
};

template <typename T>
struct is_grid_pipe : std::false_type {};
template <typename TileT, int SlotBytes, int SlotCount>
struct is_grid_pipe<GridPipe<TileT, SlotBytes, SlotCount>> : std::true_type {};
template <typename T>
inline constexpr bool is_grid_pipe_v = is_grid_pipe<std::remove_reference_t<T>>::value;

} // namespace pto

#endif // PTOLINT_MODEL_PTO_FIFO_HPP

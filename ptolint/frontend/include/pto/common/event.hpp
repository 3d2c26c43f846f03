// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Instruction-level events (docs/coding/Event.md): every instruction returns a RecordEvent;
// assigning it to an Event<SrcOp, DstOp> records the event on the producing pipe, and passing
// the Event as a trailing argument of a later instruction makes that instruction wait for it.
#ifndef PTOLINT_MODEL_PTO_EVENT_HPP
#define PTOLINT_MODEL_PTO_EVENT_HPP

#include <pto/common/type.hpp>

// The cross-core checks of Event (AutoToken, Wait<id>() / Record<id>(), InitAddr) are A2/A3's and A5's TSync.hpp:
// A6's and the Kirins' Event (npu/a6/TSync.hpp, npu/kirin9030/TSync.hpp) has no cross-core events and accepts
// every such call (InitAddrImpl returns the event), so the model checks them on those two families only.
#if defined(PTO_NPU_ARCH_A2A3) || defined(PTO_NPU_ARCH_A5)
#define PTOLINT_CROSS_CORE_CHECKS 1
#else
#define PTOLINT_CROSS_CORE_CHECKS 0
#endif

#ifndef EVENT_ID_MAX
#define EVENT_ID_MAX 8
#endif

namespace pto {

// Operation classes an event endpoint can name; each maps to the pipe that executes it.
enum class Op : uint16_t {
    TLOAD,
    TSTORE_VEC,
    SCALAR,
    TRESHAPE,
    VECTOR,
    TADD,
    TADDS,
    TAXPY,
    TSUB,
    TMUL,
    TMULS,
    TDIV,
    TDIVS,
    TMIN,
    TMINS,
    TMAX,
    TAND,
    TOR,
    TSEL,
    TSHL,
    TSHR,
    TEXP,
    TSELS,
    TSQRT,
    TRSQRT,
    TEXPANDS,
    TEXPANDS_MAT,
    TPARTADD,
    TPARTMUL,
    TPARTMAX,
    TPARTMIN,
    TPOW,
    TPOWS,
    TCMPS,
    TMRGSORT,
    TSORT32,
    TCI,
    TGATHER,
    TGATHERB,
    TCVT,
    TROWSUM,
    TROWPROD,
    TROWMAX,
    TROWMIN,
    TROWEXPAND,
    TRANDOM,
    TCOLSUM,
    TCOLPROD,
    TCOLMAX,
    TCOLMIN,
    TTRANS,
    TTRI,
    TREM,
    TFMOD,
    TREMS,
    TFMODS,
    TSUBS,
    TMAXS,
    TLRELU,
    TPRELU,
    TMOV_V2V,
    TMOV_V2M,
    TEXTRACT_V2M,
    TMOV_M2B,
    TMOV_M2L,
    TMOV_M2R,
    TMOV_M2S,
    TMOV_A2V,
    TMOV_A2M,
    TSTORE_ACC,
    TSTORE_MAT,
    TMATMUL,
    TGEMV,
    TEXTRACT_M2LR,
    TANDS,
    TORS,
    TSHLS,
    TSHRS,
    TXOR,
    TXORS,
    TEXTRACT_A2M,
    TINSERT_A2M,
    TIMG2COL,
    SETFMATRIX,
    SET_IMG2COL_RPT,
    SET_IMG2COL_PADDING,
    TCONCAT,
    TDEQUANT,
    TADDDEQRELU,
    TABS,
    TNEG,
    TRELU,
    TNOT,
    TLOG,
    TRECIP,
    TCMP,
    TSCATTER,
    TCOLEXPAND,
    TCOLEXPANDDIV,
    TCOLEXPANDMUL,
    TCOLEXPANDADD,
    TCOLEXPANDMAX,
    TCOLEXPANDMIN,
    TCOLEXPANDSUB,
    TCOLEXPANDEXPDIF,
    TROWEXPANDDIV,
    TROWEXPANDMUL,
    TROWEXPANDSUB,
    TROWEXPANDADD,
    TROWEXPANDMAX,
    TROWEXPANDMIN,
    TROWEXPANDEXPDIF,
    TPAIRREDUCESUM,
    TSUBRELUCONV,
    TADDRELUCONV,
    TFUSEDMULADD,
    TMULADDDST,
    TSUBRELU,
    TFUSEDMULADDRELU,
    TPARTARGMAX,
    TPARTARGMIN,
    TCOLARGMAX,
    TCOLARGMIN,
    TROWARGMAX,
    TROWARGMIN,
    TPREFETCH,
    TFILLPAD_VEC,
    TFILLPAD_MAT,
    MGATHER_VEC,
    MGATHER_MAT,
    MSCATTER,
    TQUANT,
    THISTOGRAM,
    TINTERLEAVE,
    TDEINTERLEAVE,
    OP_COUNT,
};

// Pipe that executes an operation class: loads on MTE2, vector stores on MTE3, matmul on M,
// L1 -> L0 moves on MTE1, accumulator moves/stores on FIX, scalar work on S, the rest on V.
AICORE constexpr pipe_t PipeOfOp(Op op)
{
    switch (op) {
        case Op::TLOAD:
        case Op::TEXPANDS_MAT:
        case Op::TPREFETCH:
        case Op::TFILLPAD_MAT:
        case Op::MGATHER_MAT:
            return PIPE_MTE2;
        case Op::TSTORE_VEC:
        case Op::TSTORE_MAT:
            return PIPE_MTE3;
        case Op::SCALAR:
        case Op::TRESHAPE:
        case Op::TCI:
        case Op::SETFMATRIX:
        case Op::SET_IMG2COL_RPT:
        case Op::SET_IMG2COL_PADDING:
            return PIPE_S;
        case Op::TMATMUL:
        case Op::TGEMV:
            return PIPE_M;
        case Op::TMOV_M2B:
        case Op::TMOV_M2L:
        case Op::TMOV_M2R:
        case Op::TEXTRACT_M2LR:
        case Op::TIMG2COL:
            return PIPE_MTE1;
        case Op::TMOV_V2M:
        case Op::TEXTRACT_V2M:
        case Op::TMOV_M2S:
        case Op::TMOV_A2V:
        case Op::TMOV_A2M:
        case Op::TSTORE_ACC:
        case Op::TEXTRACT_A2M:
        case Op::TINSERT_A2M:
            return PIPE_FIX;
        case Op::OP_COUNT:
            return PIPE_ALL;
        default:
            return PIPE_V;
    }
}

template <Op Op_>
struct OpPipeEntry {
    static constexpr pipe_t pipe = PipeOfOp(Op_);
};

// What every instruction returns; convertible into an Event (recording it).
struct RecordEvent {};

template <typename... WaitEvents>
PTO_INTERNAL void WaitAllEvents(WaitEvents&... events)
{
    (events.Wait(), ...);
}

// Explicit set_flag + wait_flag pair between two pipes.
template <pipe_t SrcPipe, pipe_t DstPipe>
PTO_INTERNAL void PtoSetWaitFlag(event_t SetEventId = EVENT_ID0, event_t WaitEventId = EVENT_ID0)
{
    set_flag(SrcPipe, DstPipe, SetEventId);
    wait_flag(SrcPipe, DstPipe, WaitEventId);
}

#if !PTOLINT_TARGET_A5
// Cross-core (FFTS) flag message of A2/A3: base count, mode and event id packed into one word.
PTO_INTERNAL uint16_t getFFTSMsg(uint16_t mode, uint16_t eventId, uint16_t baseConst = 0x1)
{
    return static_cast<uint16_t>((baseConst & 0xfu) + ((mode & 0x3u) << 4) + ((eventId & 0xfu) << 8));
}
#endif

struct EventBaseTag {};
template <typename T>
struct is_event : std::is_base_of<EventBaseTag, T> {};
template <typename... Ts>
inline constexpr bool all_events_v = (is_event<Ts>::value && ...);

// Common part of Event: endpoints, pipes, token; Wait / Init(Record) / InitAddr.
template <typename Derived, Op SrcOp, Op DstOp, bool AutoToken = true, event_t EventID = EVENT_ID0>
struct EventBase : EventBaseTag {
    static constexpr Op srcOp = SrcOp;
    static constexpr Op dstOp = DstOp;
    static constexpr pipe_t srcPipe = OpPipeEntry<SrcOp>::pipe;
    static constexpr pipe_t dstPipe = OpPipeEntry<DstOp>::pipe;
    static constexpr bool isSamePipe = srcPipe == dstPipe;
    const event_t token = EventID;

    // As in the vendor's Event: only a cross-core event has an FFTS base address, and a cross-core event is
    // waited on / recorded with an explicit cross-core id (Wait<id>() / Record<id>()), never the default.
    PTO_INTERNAL Derived& InitAddr(uint64_t fftsAddr)
    {
        static_assert(!PTOLINT_CROSS_CORE_CHECKS || Derived::IsCrossCore, "InitAddr applies to cross-core events only");
        (void)fftsAddr;
        return self();
    }
    template <uint8_t CrossCoreId = 0xff>
    PTO_INTERNAL Derived& Wait()
    {
        static_assert(!PTOLINT_CROSS_CORE_CHECKS || !Derived::IsCrossCore || CrossCoreId != 0xff,
                      "a cross-core event needs Wait<id>()");
        return self();
    }
    template <uint8_t CrossCoreId = 0xff>
    PTO_INTERNAL Derived& Init()
    {
        static_assert(!PTOLINT_CROSS_CORE_CHECKS || !Derived::IsCrossCore || CrossCoreId != 0xff,
                      "a cross-core event needs Record<id>()");
        return self();
    }
    template <uint8_t CrossCoreId = 0xff>
    PTO_INTERNAL Derived& Record()
    {
        return Init<CrossCoreId>();
    }
    PTO_INTERNAL EventBase() = default;
    PTO_INTERNAL EventBase(RecordEvent) { Init(); }
    PTO_INTERNAL Derived& operator=(RecordEvent) { return Init(); }

private:
    PTO_INTERNAL Derived& self() { return *static_cast<Derived*>(this); }
};

// Event<SrcOp, DstOp>: the consumer (DstOp) waits for the producer (SrcOp). Cross-core events
// (Acc->Vec, Vec->Mat) need AutoToken=false with an explicit EventID and a cross-core id.
template <Op SrcOp, Op DstOp, bool AutoToken = true, event_t EventID = EVENT_ID0>
struct Event : EventBase<Event<SrcOp, DstOp, AutoToken, EventID>, SrcOp, DstOp, AutoToken, EventID> {
    using Base = EventBase<Event, SrcOp, DstOp, AutoToken, EventID>;
    using Base::operator=;

    template <Op op>
    PTO_INTERNAL static constexpr pipe_t GetPipeByOp()
    {
        return OpPipeEntry<op>::pipe;
    }
#if PTOLINT_TARGET_A5
    static constexpr bool IsCrossCore =
        (SrcOp == Op::TMOV_A2V) || (SrcOp == Op::TMOV_V2M) || (SrcOp == Op::TEXTRACT_V2M);
#else
    static constexpr bool IsCrossCore = ((SrcOp == Op::TMOV_A2V) && (Base::dstPipe == PIPE_V)) ||
                                        ((SrcOp == Op::TMOV_V2M || SrcOp == Op::TEXTRACT_V2M) &&
                                         (Base::dstPipe == PIPE_MTE1));
#endif

    static_assert(!PTOLINT_CROSS_CORE_CHECKS || !IsCrossCore || !AutoToken,
                  "a cross-core event needs AutoToken = false and its own EventID");
    // Every TSync.hpp rejects an op without a pipe (PIPE_ALL: only Op::OP_COUNT, the enum's sentinel); A2/A3 and A5
    // exempt cross-core events (their source op decides), A6 and the Kirins exempt none.
    static_assert((PTOLINT_CROSS_CORE_CHECKS && IsCrossCore) || Base::srcPipe != PIPE_ALL, "SrcOp are invalid.");
    static_assert((PTOLINT_CROSS_CORE_CHECKS && IsCrossCore) || Base::dstPipe != PIPE_ALL, "DstOp are invalid.");

    PTO_INTERNAL Event() = default;
    PTO_INTERNAL Event(RecordEvent re) : Base(re) {}
};

} // namespace pto

#endif // PTOLINT_MODEL_PTO_EVENT_HPP

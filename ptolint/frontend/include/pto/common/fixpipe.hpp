// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Fixpipe configuration (Acc -> GM / Mat / Vec path): layout conversion, quantisation and ReLU
// selected at compile time, used as the TConfig argument of TPUSH and by fixpipe stores.
#ifndef PTOLINT_MODEL_PTO_FIXPIPE_HPP
#define PTOLINT_MODEL_PTO_FIXPIPE_HPP

#include <pto/common/type.hpp>

namespace pto {

typedef enum { NOCLIP_RELU = 0, CLIP_RELU = 1 } ClipReluMode_t;

enum class LayoutMode_t : uint8_t { NZ2NZ = 0, NZ2ND = 1, NZ2DN = 2 };

enum class DequantType { SCALAR = 0, TENSOR = 1 };

template <LayoutMode_t layoutMode = LayoutMode_t::NZ2ND, QuantMode_t quantMode = QuantMode_t::NoQuant,
          ReluPreMode reluMode = ReluPreMode::NoRelu, STPhase phase = STPhase::Unspecified, uint8_t subBlockId = 0,
          AtomicType atomicT = AtomicType::AtomicNone, ClipReluMode_t clipReluMode = ClipReluMode_t::NOCLIP_RELU,
          bool isChannelSplit = false>
struct FixpipeParams {
    FixpipeParams() = default;
    static constexpr LayoutMode_t LayoutMode = layoutMode;
    static constexpr QuantMode_t QuantPre = quantMode;
    static constexpr ReluPreMode ReluMode = reluMode;
    static constexpr STPhase Phase = phase;
    static constexpr uint8_t SubBlockId = subBlockId;
    static constexpr AtomicType AtomicT = atomicT;
    static constexpr ClipReluMode_t ClipReluMode = clipReluMode;
    static constexpr bool IsChannelSplit = isChannelSplit;
};

// Element type produced by the fixpipe for a quantisation mode (SrcType when it does not convert).
template <QuantMode_t quantPre, typename SrcType>
struct FixpipeConsDType {
    static constexpr bool isHalf = quantPre == QuantMode_t::F322F16 || quantPre == QuantMode_t::QF322F16_PRE ||
                                   quantPre == QuantMode_t::DEQF16 || quantPre == QuantMode_t::VDEQF16;
    static constexpr bool isBfloat16 = quantPre == QuantMode_t::F322BF16 || quantPre == QuantMode_t::QF322BF16_PRE ||
                                       quantPre == QuantMode_t::QS322BF16_PRE ||
                                       quantPre == QuantMode_t::VQS322BF16_PRE;
    static constexpr bool isInt8 = quantPre == QuantMode_t::QF322B8_PRE || quantPre == QuantMode_t::REQ8 ||
                                   quantPre == QuantMode_t::VQF322B8_PRE || quantPre == QuantMode_t::VREQ8;
    using type = std::conditional_t<isHalf, half,
                                    std::conditional_t<isBfloat16, bfloat16_t, std::conditional_t<isInt8, int8_t, SrcType>>>;
};
#if PTOLINT_TARGET_A5
template <typename SrcType>
struct FixpipeConsDType<QuantMode_t::QF322HIF8_PRE, SrcType> {
    using type = hifloat8_t;
};
template <typename SrcType>
struct FixpipeConsDType<QuantMode_t::QF322FP8_PRE, SrcType> {
    using type = float8_e4m3_t;
};
#endif
template <QuantMode_t quantPre, typename SrcType>
using FixpipeConsDType_t = typename FixpipeConsDType<quantPre, SrcType>::type;

} // namespace pto

#endif // PTOLINT_MODEL_PTO_FIXPIPE_HPP

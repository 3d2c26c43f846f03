// ptolint host definitions shared by every target: what the vendor CCE device compiler provides
// implicitly to the PTO ISA headers. Written for ptolint (not vendor code). Everything here exists
// only so that libclang can parse the real headers on a host; nothing is executed.
#ifndef PTOLINT_CCE_HOST_COMMON_HPP
#define PTOLINT_CCE_HOST_COMMON_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#define __PTOLINT_CCE_HOST__ 1

// ---------------------------------------------------------------- keywords (empty on the host)
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __biasbuf__
#define __ssbuf__
#define __tf__
#define __in__
#define __out__
#define __aicore__
#define __global__
#define __simt_vf__
#define __simt_callee__
#define __VEC_SCOPE__
#ifndef LAUNCH_BOUND
#define LAUNCH_BOUND(n)
#endif

// ---------------------------------------------------------------- device element types
// The device compiler's half / bfloat16_t are builtin floating types: _Float16 and __bf16 are the
// host compiler's equivalents (ptolint's frontend maps both spellings back to half / bfloat16_t).
typedef _Float16 half;
typedef __bf16 bfloat16_t;
typedef half float16_t;
typedef float float32_t;
// The device compiler's __fp16 is the same type as half; on an x86 host __fp16 is storage-only (no
// parameters or return values of that type), so the spelling is mapped onto half, as in the model.
#ifndef PTOLINT_CCE_KEEP_FP16
#define __fp16 half
#endif

// One-byte / packed 4-bit formats (A5): distinct one-byte types converting to and from float.
#define PTOLINT_CCE_BYTE_FLOAT(Name)                      \
    struct Name {                                         \
        uint8_t bits_;                                    \
        constexpr Name() : bits_(0) {}                    \
        constexpr Name(float v) : bits_(v != 0.0f) {}     \
        constexpr operator float() const { return bits_; } \
    }
PTOLINT_CCE_BYTE_FLOAT(float8_e4m3_t);
PTOLINT_CCE_BYTE_FLOAT(float8_e5m2_t);
PTOLINT_CCE_BYTE_FLOAT(float8_e8m0_t);
PTOLINT_CCE_BYTE_FLOAT(hifloat8_t);
PTOLINT_CCE_BYTE_FLOAT(float4_e2m1x2_t);
PTOLINT_CCE_BYTE_FLOAT(float4_e1m2x2_t);
#undef PTOLINT_CCE_BYTE_FLOAT

// ---------------------------------------------------------------- intrinsic stubs
namespace ptolint_cce {
// Result of an intrinsic whose exact signature does not matter to ptolint: converts to anything.
struct any {
    template <typename T>
    constexpr operator T() const
    {
        return T{};
    }
};
} // namespace ptolint_cce

// An intrinsic taking any arguments (registers by reference, pointers, immediates, modes).
#define PTOLINT_CCE_INTRINSIC(Name)              \
    template <typename... A>                     \
    inline ::ptolint_cce::any Name(A...)         \
    {                                            \
        return {};                               \
    }

// ---------------------------------------------------------------- pipelines, events, modes
enum pipe_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
    VIRTUAL_PIPE_MTE2_L1A,
    VIRTUAL_PIPE_MTE2_L1B,
    PIPE_NUM,
};

enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

enum mem_dsb_t { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };
enum cache_line_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum dcci_dst_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
namespace __cce_scalar {
enum addr_cal_mode_t { ADDR_INC = 0, ADDR_DEC };
} // namespace __cce_scalar
enum pad_t { PAD_NONE = 0, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5, PAD_MODE6, PAD_MODE7, PAD_MODE8 };
enum atomic_type_t { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum atomic_op_t { ATOMIC_SUM = 0, ATOMIC_MAX, ATOMIC_MIN };
enum vms4_sr_mode_t { VALUE_INDEX = 0, ONLY_VALUE, ONLY_INDEX };

// Fixpipe quantisation modes (scalar and vector `V...` forms).
enum QuantMode_t {
    NoQuant = 0,
    F322F16,
    F322BF16,
    DEQF16,
    VDEQF16,
    QF322B8_PRE,
    VQF322B8_PRE,
    QF162B8_PRE,
    VQF162B8_PRE,
    REQ8,
    VREQ8,
    QF162S4_PRE,
    VQF162S4_PRE,
    REQ4,
    VREQ4,
    DEQS16,
    VDEQS16,
    QF162S16_PRE,
    VQF162S16_PRE,
    SHIFTS322S16,
    VSHIFTS322S16,
    QF322F16_PRE,
    VQF322F16_PRE,
    QF322BF16_PRE,
    VQF322BF16_PRE,
    QS322BF16_PRE,
    VQS322BF16_PRE,
    QF322F32_PRE,
    VQF322F32_PRE,
    QF322FP8_PRE,
    VQF322FP8_PRE,
    QF322HIF8_PRE,
    VQF322HIF8_PRE,
    QF322FP4_PRE,
    VQF322FP4_PRE,
};

// Vector address registers of the A2/A3 gather instructions.
enum ub_addr8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };

// ---------------------------------------------------------------- scalar intrinsics with real result types
// Execution coordinates (ptolint models these as bounded kernel inputs, by name); get_block_idx is
// declared per target (the A2/A3 headers redeclare it themselves).
int64_t get_block_num();
int64_t get_subblockid();
int64_t get_subblockdim();
int64_t get_coreid();
int64_t get_sys_cnt();
extern int64_t block_idx;
extern int64_t block_num;

uint64_t get_ctrl();
uint64_t sbitset0(uint64_t value, int64_t bit);
uint64_t sbitset1(uint64_t value, int64_t bit);
int64_t get_vms4_sr();
int64_t get_rsvd_cnt();
int64_t get_icache_prl_st();
int64_t get_imm(int64_t value);
template <typename T>
T ld_dev(T* addr, int64_t offset);

// Address of a tile's storage (or identity on a raw pointer).
template <typename T>
T* __cce_get_tile_ptr(T* ptr);
template <typename TileT>
auto __cce_get_tile_ptr(TileT& tile) -> decltype(tile.data());
// A tile whose storage is an integer address (a Bias tile parsed with the vector core's macros, whose
// MemoryQualifier is uint64_t there): the address itself.
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
T __cce_get_tile_ptr(T addr);

template <typename T, typename U>
constexpr auto max(T a, U b) -> decltype(a + b)
{
    return a > b ? a : b;
}
template <typename T, typename U>
constexpr auto min(T a, U b) -> decltype(a + b)
{
    return a < b ? a : b;
}

namespace cce {
template <typename... A>
inline void printf(A&&...)
{}
} // namespace cce

// SIMT thread coordinates (A5).
struct ptolint_cce_dim3 {
    uint32_t x, y, z;
};
extern ptolint_cce_dim3 threadIdx;
extern ptolint_cce_dim3 blockIdx;
extern ptolint_cce_dim3 blockDim;

#endif

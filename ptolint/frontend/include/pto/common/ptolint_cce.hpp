// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// What the Ascend C/C++ device compiler provides implicitly and PTO kernels rely on:
// kernel / memory-space keywords (all empty here), device element types (half, bfloat16_t,
// the A5 8-bit and 4-bit floating types), pipeline and event identifiers, and the scalar
// intrinsics kernels call directly (set_flag / wait_flag / pipe_barrier / get_block_idx ...).
#ifndef PTOLINT_MODEL_CCE_HPP
#define PTOLINT_MODEL_CCE_HPP

#include <pto/common/ptolint_std.hpp>
#include <pto/common/arch_macro.hpp>

// ---------------------------------------------------------------- keywords (empty for host parsing)
#ifndef __global__
#define __global__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __biasbuf__
#define __biasbuf__
#endif
#ifndef __ssbuf__
#define __ssbuf__
#endif
#ifndef __in__
#define __in__
#endif
#ifndef __out__
#define __out__
#endif
#ifndef __tf__
#define __tf__
#endif

// ---------------------------------------------------------------- device element types
// On the device compiler these are builtin types. Here they are distinct literal structs of the
// real size holding the real bit pattern: they convert from and to float implicitly (so
// `half(1.0f)`, `T x = 0;`, `float f = h;` and mixed arithmetic through float all work, also in
// constant expressions, and __builtin_bit_cast gives the IEEE / bfloat16 encoding), and
// std::is_same tells them apart.
namespace ptolint_detail {
constexpr uint32_t F32Bits(float f) { return __builtin_bit_cast(uint32_t, f); }
constexpr float F32FromBits(uint32_t b) { return __builtin_bit_cast(float, b); }

// IEEE binary32 -> binary16, round to nearest even; overflow -> inf; NaN stays NaN.
constexpr uint16_t F32ToF16(float f)
{
    const uint32_t x = F32Bits(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t exp = (x >> 23) & 0xFFu;
    uint32_t man = x & 0x7FFFFFu;
    if (exp == 0xFFu) {
        return static_cast<uint16_t>(sign | 0x7C00u | (man ? 0x200u : 0u));
    }
    const int e = static_cast<int>(exp) - 127 + 15;
    if (e >= 31) {
        return static_cast<uint16_t>(sign | 0x7C00u);
    }
    if (e <= 0) {
        if (e < -10) {
            return static_cast<uint16_t>(sign);
        }
        man |= 0x800000u;
        const uint32_t shift = static_cast<uint32_t>(14 - e);
        uint32_t m = man >> shift;
        const uint32_t rem = man & ((1u << shift) - 1u);
        const uint32_t halfway = 1u << (shift - 1u);
        if (rem > halfway || (rem == halfway && (m & 1u))) {
            ++m;
        }
        return static_cast<uint16_t>(sign | m);
    }
    uint32_t r = sign | (static_cast<uint32_t>(e) << 10) | (man >> 13);
    const uint32_t rem = man & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u))) {
        ++r;
    }
    return static_cast<uint16_t>(r);
}

constexpr float F16ToF32(uint16_t h)
{
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1Fu;
    uint32_t man = h & 0x3FFu;
    if (exp == 0x1Fu) {
        return F32FromBits(sign | 0x7F800000u | (man << 13));
    }
    if (exp == 0) {
        if (man == 0) {
            return F32FromBits(sign);
        }
        exp = 113; // normalise the subnormal
        while (!(man & 0x400u)) {
            man <<= 1;
            --exp;
        }
        man &= 0x3FFu;
        return F32FromBits(sign | (exp << 23) | (man << 13));
    }
    return F32FromBits(sign | ((exp + 112u) << 23) | (man << 13));
}

// binary32 -> bfloat16, round to nearest even; NaN stays NaN.
constexpr uint16_t F32ToBF16(float f)
{
    const uint32_t x = F32Bits(f);
    if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu)) {
        return static_cast<uint16_t>((x >> 16) | 0x40u);
    }
    return static_cast<uint16_t>((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
}

constexpr float BF16ToF32(uint16_t b) { return F32FromBits(static_cast<uint32_t>(b) << 16); }
} // namespace ptolint_detail

struct half;
struct bfloat16_t;
struct float8_e4m3_t;
struct float8_e5m2_t;
struct float8_e8m0_t;
struct hifloat8_t;
struct float4_e2m1x2_t;
struct float4_e1m2x2_t;
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 9201
struct hifloat4x2_t; // A6 only: HiFloat4 pairs (npu/a6/TLoad.hpp, TExtract.hpp, TMatmul.hpp)
#endif

namespace ptolint_detail {
// The device floating types convert into one another implicitly (through float here).
template <typename T> struct IsDeviceFloat { static constexpr bool value = false; };
template <> struct IsDeviceFloat<half> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<bfloat16_t> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<float8_e4m3_t> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<float8_e5m2_t> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<float8_e8m0_t> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<hifloat8_t> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<float4_e2m1x2_t> { static constexpr bool value = true; };
template <> struct IsDeviceFloat<float4_e1m2x2_t> { static constexpr bool value = true; };
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 9201
template <> struct IsDeviceFloat<hifloat4x2_t> { static constexpr bool value = true; };
#endif
template <typename U, typename Self>
using EnableOtherDeviceFloat = std::enable_if_t<IsDeviceFloat<U>::value && !std::is_same<U, Self>::value, int>;
} // namespace ptolint_detail

struct half {
    uint16_t bits_;
    constexpr half() : bits_(0) {}
    constexpr half(float v) : bits_(ptolint_detail::F32ToF16(v)) {}
    template <typename U, ptolint_detail::EnableOtherDeviceFloat<U, half> = 0>
    constexpr half(U v) : half(static_cast<float>(v))
    {}
    constexpr operator float() const { return ptolint_detail::F16ToF32(bits_); }
    constexpr half& operator+=(float v) { return *this = half(float(*this) + v); }
    constexpr half& operator-=(float v) { return *this = half(float(*this) - v); }
    constexpr half& operator*=(float v) { return *this = half(float(*this) * v); }
    constexpr half& operator/=(float v) { return *this = half(float(*this) / v); }
};

struct bfloat16_t {
    uint16_t bits_;
    constexpr bfloat16_t() : bits_(0) {}
    constexpr bfloat16_t(float v) : bits_(ptolint_detail::F32ToBF16(v)) {}
    template <typename U, ptolint_detail::EnableOtherDeviceFloat<U, bfloat16_t> = 0>
    constexpr bfloat16_t(U v) : bfloat16_t(static_cast<float>(v))
    {}
    constexpr operator float() const { return ptolint_detail::BF16ToF32(bits_); }
    constexpr bfloat16_t& operator+=(float v) { return *this = bfloat16_t(float(*this) + v); }
    constexpr bfloat16_t& operator-=(float v) { return *this = bfloat16_t(float(*this) - v); }
    constexpr bfloat16_t& operator*=(float v) { return *this = bfloat16_t(float(*this) * v); }
    constexpr bfloat16_t& operator/=(float v) { return *this = bfloat16_t(float(*this) / v); }
};

// One-byte formats: the value is kept only as "zero / non-zero" (their encodings are not needed
// for analysis); the x2 types pack two 4-bit values in one byte.
#define PTOLINT_MODEL_BYTE_FLOAT(Name)                                            \
    struct Name {                                                                 \
        uint8_t bits_;                                                            \
        constexpr Name() : bits_(0) {}                                            \
        constexpr Name(float v) : bits_(v != 0.0f ? 1 : 0) {}                     \
        template <typename U, ptolint_detail::EnableOtherDeviceFloat<U, Name> = 0> \
        constexpr Name(U v) : Name(static_cast<float>(v))                         \
        {}                                                                        \
        constexpr operator float() const { return bits_ ? 1.0f : 0.0f; }          \
    }

// A5 (Ascend 950) low-precision formats.
PTOLINT_MODEL_BYTE_FLOAT(float8_e4m3_t);
PTOLINT_MODEL_BYTE_FLOAT(float8_e5m2_t);
PTOLINT_MODEL_BYTE_FLOAT(float8_e8m0_t);
PTOLINT_MODEL_BYTE_FLOAT(hifloat8_t);
PTOLINT_MODEL_BYTE_FLOAT(float4_e2m1x2_t);
PTOLINT_MODEL_BYTE_FLOAT(float4_e1m2x2_t);
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 9201
PTOLINT_MODEL_BYTE_FLOAT(hifloat4x2_t);
#endif
#undef PTOLINT_MODEL_BYTE_FLOAT

typedef half float16_t;
// The device compiler's __fp16 is the same type as half; on an x86 host it is storage-only and
// cannot be a parameter or return type, so the model maps the spelling onto half.
#ifndef PTOLINT_MODEL_KEEP_FP16
#define __fp16 half
#endif
typedef float float32_t;

static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "ptolint model: 16-bit float types");
static_assert(sizeof(float8_e4m3_t) == 1 && sizeof(float4_e2m1x2_t) == 1, "ptolint model: 8-bit float types");

// ---------------------------------------------------------------- pipelines and events
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
#ifndef PIPE_FIX /* some A2/A3 kernels define PIPE_FIX themselves */
    PIPE_FIX,
#endif
    VIRTUAL_PIPE_MTE2_L1A,
    VIRTUAL_PIPE_MTE2_L1B,
    PIPE_NUM,
};

enum event_t {
    EVENT_ID0 = 0,
    EVENT_ID1,
    EVENT_ID2,
    EVENT_ID3,
    EVENT_ID4,
    EVENT_ID5,
    EVENT_ID6,
    EVENT_ID7,
};

enum mem_dsb_t { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };
enum cache_line_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum dcci_dst_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

#if PTOLINT_TARGET_A5 && !defined(CCE_VL)
#define CCE_VL 256 // bytes per vector register on A5
#endif

// ---------------------------------------------------------------- scalar intrinsics
// Cross-pipeline synchronisation (docs/isa/scalar/ops/pipeline-sync/*).
void set_flag(pipe_t pipe, pipe_t tpipe, event_t eventId);
void set_flag(pipe_t pipe, pipe_t tpipe, int64_t eventId);
void wait_flag(pipe_t pipe, pipe_t tpipe, event_t eventId);
void wait_flag(pipe_t pipe, pipe_t tpipe, int64_t eventId);
void pipe_barrier(pipe_t pipe);
void ffts_cross_core_sync(pipe_t pipe, uint64_t config);
void wait_flag_dev(int64_t flagId);
void set_ffts_base_addr(uint64_t addr);
void set_intra_block(pipe_t pipe, uint64_t syncId);
void wait_intra_block(pipe_t pipe, uint64_t syncId);
void dsb(mem_dsb_t kind);
void dcci(const volatile void* addr, cache_line_t entire);
void dcci(const volatile void* addr, cache_line_t entire, dcci_dst_t target);

// Execution coordinates (docs/isa/scalar/ops/micro-instruction/block-dim-query.md: results are i64).
int64_t get_block_idx();
int64_t get_block_num();
int64_t get_subblockid();
int64_t get_subblockdim();
int64_t get_coreid();
int64_t get_sys_cnt();

// Control register and vector mask helpers.
uint64_t get_ctrl();
void set_ctrl(uint64_t value);
uint64_t sbitset0(uint64_t value, int64_t bit);
uint64_t sbitset1(uint64_t value, int64_t bit);
void set_mask_norm();
void set_mask_count();
void set_vector_mask(uint64_t maskHigh, uint64_t maskLow);
void set_atomic_none();
void set_atomic_add();
void set_atomic_f32();
void set_atomic_f16();
void set_atomic_s32();
void set_atomic_bf16();

// Execution coordinates also exist as builtin variables.
extern int64_t block_idx;
extern int64_t block_num;

// Fixpipe quantisation mode of Acc -> GM / Mat / Vec moves (scalar `...` or vector `V...` forms).
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
};

// Address of a tile's storage (auto mode) or identity on a raw pointer. Kirin 9030 and X90 have no such
// intrinsic: their arch_macro.hpp defines the name away (see arch_macro.hpp).
#if !(defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3113 || __NPU_ARCH__ == 3003))
template <typename T>
T* __cce_get_tile_ptr(T* ptr);
template <typename TileT>
auto __cce_get_tile_ptr(TileT& tile) -> decltype(tile.data());
#endif

// Instruction-cache preload.
void preload(const void* pc, int64_t size);
int64_t get_icache_prl_st();

// Scalar load from device memory with an offset.
template <typename T>
T ld_dev(T* addr, int64_t offset);

// Raw DMA / cube / vector intrinsics below the tile level. Their argument lists are long and
// target specific; kernels occasionally call them directly, so they accept any arguments.
#define PTOLINT_MODEL_RAW_INTRINSIC(Name) \
    template <typename... Args>           \
    void Name(Args&&... args)
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_ubuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_gm);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_ubuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_cbuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_cbuf_to_gm);
PTOLINT_MODEL_RAW_INTRINSIC(copy_cbuf_to_ubuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_cbuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_ubuf_align_b8);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_ubuf_align_b16);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_ubuf_align_b32);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_gm_align_b8);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_gm_align_b16);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_gm_align_b32);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_ubuf_align_v2);
PTOLINT_MODEL_RAW_INTRINSIC(copy_ubuf_to_gm_align_v2);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_cbuf_align_v2);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b16);
PTOLINT_MODEL_RAW_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b32s);
PTOLINT_MODEL_RAW_INTRINSIC(copy_matrix_cc_to_gm);
PTOLINT_MODEL_RAW_INTRINSIC(copy_matrix_cc_to_ubuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_matrix_cc_to_cbuf);
PTOLINT_MODEL_RAW_INTRINSIC(copy_sram_to_neighbor_sram);
PTOLINT_MODEL_RAW_INTRINSIC(copy_neighbor_sram_to_sram);
PTOLINT_MODEL_RAW_INTRINSIC(create_cbuf_matrix);
PTOLINT_MODEL_RAW_INTRINSIC(load_cbuf_to_ca);
PTOLINT_MODEL_RAW_INTRINSIC(load_cbuf_to_cb);
PTOLINT_MODEL_RAW_INTRINSIC(load_cbuf_to_ca_mx);
PTOLINT_MODEL_RAW_INTRINSIC(load_cbuf_to_cb_mx);
PTOLINT_MODEL_RAW_INTRINSIC(load_gm_to_cbuf);
PTOLINT_MODEL_RAW_INTRINSIC(mad);
PTOLINT_MODEL_RAW_INTRINSIC(mad_mx);
PTOLINT_MODEL_RAW_INTRINSIC(vector_dup);
PTOLINT_MODEL_RAW_INTRINSIC(set_nd_para);
PTOLINT_MODEL_RAW_INTRINSIC(set_fpc);
PTOLINT_MODEL_RAW_INTRINSIC(set_quant_pre);
PTOLINT_MODEL_RAW_INTRINSIC(set_deqscale);
PTOLINT_MODEL_RAW_INTRINSIC(set_fmatrix);
PTOLINT_MODEL_RAW_INTRINSIC(set_padding);
PTOLINT_MODEL_RAW_INTRINSIC(st_atomic);
PTOLINT_MODEL_RAW_INTRINSIC(st_dev);
#undef PTOLINT_MODEL_RAW_INTRINSIC


// A5 vector-function scope and SIMT keywords: blocks and qualifiers with no host meaning.
#ifndef __VEC_SCOPE__
#define __VEC_SCOPE__
#endif
#ifndef __simt_vf__
#define __simt_vf__
#endif
#endif // PTOLINT_MODEL_CCE_HPP

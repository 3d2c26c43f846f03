// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// A5 register-level programming, below the tile instructions: what a kernel writes inside a
// `__VEC_SCOPE__` block (vector, predicate and alignment registers, pto::RegTensor, the load / store
// distribution and predicate modes, the register intrinsics) and in SIMT functions (`__simt_vf__`,
// launched with cce::async_invoke). ptolint checks tile instructions, not these: they are declared
// permissively (any arguments, a result that converts to anything) so that the tile-level code around
// them parses and is analysed. The element counts follow the 256-byte vector register (CCE_VL).
#ifndef PTOLINT_MODEL_VF_HPP
#define PTOLINT_MODEL_VF_HPP

#include <pto/common/ptolint_std.hpp>
#include <pto/common/ptolint_cce.hpp>
#include <pto/common/arch_macro.hpp>
#include <pto/common/type.hpp>

// Occupancy hint on a SIMT function (`__simt_vf__ AICORE LAUNCH_BOUND(1024) void f(...)`).
#ifndef LAUNCH_BOUND
#define LAUNCH_BOUND(threads)
#endif

#if PTOLINT_TARGET_A5

namespace ptolint_vf {
// Result of a register intrinsic: converts to whatever the kernel assigns it to.
struct any {
    template <typename T>
    constexpr operator T() const
    {
        return T{};
    }
};
// Base of every register type; a value cast between register types reinterprets the register.
struct register_base {};
} // namespace ptolint_vf

#define PTOLINT_MODEL_VREG(Name)                                                                           \
    struct Name : ptolint_vf::register_base {                                                              \
        constexpr Name() = default;                                                                        \
        template <typename R, std::enable_if_t<std::is_base_of_v<ptolint_vf::register_base, R>, int> = 0> \
        constexpr Name(const R&)                                                                           \
        {}                                                                                                 \
    };
// Vector registers by element type, the predicate (mask) register, the unaligned-access register and
// the address register.
PTOLINT_MODEL_VREG(vector_s8)
PTOLINT_MODEL_VREG(vector_u8)
PTOLINT_MODEL_VREG(vector_s16)
PTOLINT_MODEL_VREG(vector_u16)
PTOLINT_MODEL_VREG(vector_s32)
PTOLINT_MODEL_VREG(vector_u32)
PTOLINT_MODEL_VREG(vector_s64)
PTOLINT_MODEL_VREG(vector_u64)
PTOLINT_MODEL_VREG(vector_f16)
PTOLINT_MODEL_VREG(vector_bf16)
PTOLINT_MODEL_VREG(vector_f32)
PTOLINT_MODEL_VREG(vector_f8e4m3)
PTOLINT_MODEL_VREG(vector_f8e5m2)
PTOLINT_MODEL_VREG(vector_f8e8m0)
PTOLINT_MODEL_VREG(vector_hif8)
PTOLINT_MODEL_VREG(vector_f4e2m1x2)
PTOLINT_MODEL_VREG(vector_f4e1m2x2)
PTOLINT_MODEL_VREG(vector_bool)
PTOLINT_MODEL_VREG(vector_align)
PTOLINT_MODEL_VREG(vector_address)
#undef PTOLINT_MODEL_VREG

// Modes passed to the intrinsics: distinct constants (overloads may tell them apart) reading as an int.
#define PTOLINT_MODEL_VMODE(Name)                    \
    struct ptolint_vf_mode_##Name {                  \
        constexpr operator int() const { return 0; } \
    };                                               \
    inline constexpr ptolint_vf_mode_##Name Name{};
// load / store distributions (normal, broadcast, (de)interleave, pack / unpack, one point, block)
PTOLINT_MODEL_VMODE(NORM)
PTOLINT_MODEL_VMODE(NORM_B8)
PTOLINT_MODEL_VMODE(NORM_B16)
PTOLINT_MODEL_VMODE(NORM_B32)
PTOLINT_MODEL_VMODE(BRC_B8)
PTOLINT_MODEL_VMODE(BRC_B16)
PTOLINT_MODEL_VMODE(BRC_B32)
PTOLINT_MODEL_VMODE(DINTLV_B8)
PTOLINT_MODEL_VMODE(DINTLV_B16)
PTOLINT_MODEL_VMODE(DINTLV_B32)
PTOLINT_MODEL_VMODE(INTLV_B32)
PTOLINT_MODEL_VMODE(PK)
PTOLINT_MODEL_VMODE(PK_B16)
PTOLINT_MODEL_VMODE(PK_B32)
PTOLINT_MODEL_VMODE(PK_B64)
PTOLINT_MODEL_VMODE(PK4_B32)
PTOLINT_MODEL_VMODE(UNPK_B8)
PTOLINT_MODEL_VMODE(UNPK_B16)
PTOLINT_MODEL_VMODE(UNPK_B32)
PTOLINT_MODEL_VMODE(UNPK4_B8)
PTOLINT_MODEL_VMODE(E2B_B16)
PTOLINT_MODEL_VMODE(E2B_B32)
PTOLINT_MODEL_VMODE(ONEPT_B32)
PTOLINT_MODEL_VMODE(BLK)
PTOLINT_MODEL_VMODE(US)
PTOLINT_MODEL_VMODE(POST_UPDATE)
// predicated lanes: zeroed or merged (kept); predicate patterns and parts
PTOLINT_MODEL_VMODE(MODE_ZEROING)
PTOLINT_MODEL_VMODE(MODE_MERGING)
PTOLINT_MODEL_VMODE(MODE_STORED)
PTOLINT_MODEL_VMODE(PAT_ALL)
PTOLINT_MODEL_VMODE(PAT_ALLF)
PTOLINT_MODEL_VMODE(PAT_H)
PTOLINT_MODEL_VMODE(PAT_VL1)
PTOLINT_MODEL_VMODE(PAT_VL8)
PTOLINT_MODEL_VMODE(PAT_VL16)
PTOLINT_MODEL_VMODE(PAT_VL32)
PTOLINT_MODEL_VMODE(PART_EVEN)
PTOLINT_MODEL_VMODE(PART_ODD)
PTOLINT_MODEL_VMODE(PART_P0)
PTOLINT_MODEL_VMODE(PART_P1)
PTOLINT_MODEL_VMODE(PART_P2)
PTOLINT_MODEL_VMODE(PART_P3)
PTOLINT_MODEL_VMODE(HIGHER)
PTOLINT_MODEL_VMODE(LOWER)
PTOLINT_MODEL_VMODE(INC_ORDER)
PTOLINT_MODEL_VMODE(DEC_ORDER)
PTOLINT_MODEL_VMODE(POS_LOWEST)
PTOLINT_MODEL_VMODE(ELE_CNT_B8)
PTOLINT_MODEL_VMODE(ELE_CNT_B16)
PTOLINT_MODEL_VMODE(ELE_CNT_B32)
// conversions: rounding and saturation
PTOLINT_MODEL_VMODE(ROUND_A)
PTOLINT_MODEL_VMODE(ROUND_F)
PTOLINT_MODEL_VMODE(ROUND_R)
PTOLINT_MODEL_VMODE(ROUND_Z)
PTOLINT_MODEL_VMODE(RS_ENABLE)
PTOLINT_MODEL_VMODE(RS_DISABLE)
// ordering of vector loads and stores (mem_bar)
PTOLINT_MODEL_VMODE(VLD_VST)
PTOLINT_MODEL_VMODE(VST_VLD)
PTOLINT_MODEL_VMODE(VST_VST)
#undef PTOLINT_MODEL_VMODE

// Register intrinsics (any arguments): predicates, loads / stores, arithmetic, compare / select,
// conversion, reduction, (de)interleave, gather / scatter, sort, barriers.
#define PTOLINT_MODEL_VF_INTRINSIC(Name) \
    template <typename... A>             \
    inline ptolint_vf::any Name(A...)    \
    {                                    \
        return {};                       \
    }
PTOLINT_MODEL_VF_INTRINSIC(pset_b8)
PTOLINT_MODEL_VF_INTRINSIC(pset_b16)
PTOLINT_MODEL_VF_INTRINSIC(pset_b32)
PTOLINT_MODEL_VF_INTRINSIC(plt_b8)
PTOLINT_MODEL_VF_INTRINSIC(plt_b16)
PTOLINT_MODEL_VF_INTRINSIC(plt_b32)
PTOLINT_MODEL_VF_INTRINSIC(pge_b8)
PTOLINT_MODEL_VF_INTRINSIC(pge_b16)
PTOLINT_MODEL_VF_INTRINSIC(pge_b32)
PTOLINT_MODEL_VF_INTRINSIC(pand)
PTOLINT_MODEL_VF_INTRINSIC(por)
PTOLINT_MODEL_VF_INTRINSIC(pxor)
PTOLINT_MODEL_VF_INTRINSIC(pnot)
PTOLINT_MODEL_VF_INTRINSIC(psel)
PTOLINT_MODEL_VF_INTRINSIC(ppack)
PTOLINT_MODEL_VF_INTRINSIC(punpack)
PTOLINT_MODEL_VF_INTRINSIC(pintlv_b8)
PTOLINT_MODEL_VF_INTRINSIC(pintlv_b16)
PTOLINT_MODEL_VF_INTRINSIC(pintlv_b32)
PTOLINT_MODEL_VF_INTRINSIC(pdintlv_b8)
PTOLINT_MODEL_VF_INTRINSIC(plds)
PTOLINT_MODEL_VF_INTRINSIC(psts)
PTOLINT_MODEL_VF_INTRINSIC(vlds)
PTOLINT_MODEL_VF_INTRINSIC(vldas)
PTOLINT_MODEL_VF_INTRINSIC(vldus)
PTOLINT_MODEL_VF_INTRINSIC(vsts)
PTOLINT_MODEL_VF_INTRINSIC(vstas)
PTOLINT_MODEL_VF_INTRINSIC(vstus)
PTOLINT_MODEL_VF_INTRINSIC(vstar)
PTOLINT_MODEL_VF_INTRINSIC(vstur)
PTOLINT_MODEL_VF_INTRINSIC(vsstb)
PTOLINT_MODEL_VF_INTRINSIC(vdup)
PTOLINT_MODEL_VF_INTRINSIC(vbr)
PTOLINT_MODEL_VF_INTRINSIC(vci)
PTOLINT_MODEL_VF_INTRINSIC(vmov)
PTOLINT_MODEL_VF_INTRINSIC(vabs)
PTOLINT_MODEL_VF_INTRINSIC(vneg)
PTOLINT_MODEL_VF_INTRINSIC(vadd)
PTOLINT_MODEL_VF_INTRINSIC(vadds)
PTOLINT_MODEL_VF_INTRINSIC(vaddc)
PTOLINT_MODEL_VF_INTRINSIC(vaddcs)
PTOLINT_MODEL_VF_INTRINSIC(vsub)
PTOLINT_MODEL_VF_INTRINSIC(vsubc)
PTOLINT_MODEL_VF_INTRINSIC(vsubcs)
PTOLINT_MODEL_VF_INTRINSIC(vmul)
PTOLINT_MODEL_VF_INTRINSIC(vmuls)
PTOLINT_MODEL_VF_INTRINSIC(vmula)
PTOLINT_MODEL_VF_INTRINSIC(vmull)
PTOLINT_MODEL_VF_INTRINSIC(vmadd)
PTOLINT_MODEL_VF_INTRINSIC(vaxpy)
PTOLINT_MODEL_VF_INTRINSIC(vdiv)
PTOLINT_MODEL_VF_INTRINSIC(vmod)
PTOLINT_MODEL_VF_INTRINSIC(vmax)
PTOLINT_MODEL_VF_INTRINSIC(vmaxs)
PTOLINT_MODEL_VF_INTRINSIC(vmin)
PTOLINT_MODEL_VF_INTRINSIC(vmins)
PTOLINT_MODEL_VF_INTRINSIC(vexp)
PTOLINT_MODEL_VF_INTRINSIC(vexpdif)
PTOLINT_MODEL_VF_INTRINSIC(vln)
PTOLINT_MODEL_VF_INTRINSIC(vsqrt)
PTOLINT_MODEL_VF_INTRINSIC(vrelu)
PTOLINT_MODEL_VF_INTRINSIC(vlrelu)
PTOLINT_MODEL_VF_INTRINSIC(vprelu)
PTOLINT_MODEL_VF_INTRINSIC(vand)
PTOLINT_MODEL_VF_INTRINSIC(vor)
PTOLINT_MODEL_VF_INTRINSIC(vxor)
PTOLINT_MODEL_VF_INTRINSIC(vnot)
PTOLINT_MODEL_VF_INTRINSIC(vshl)
PTOLINT_MODEL_VF_INTRINSIC(vshls)
PTOLINT_MODEL_VF_INTRINSIC(vshr)
PTOLINT_MODEL_VF_INTRINSIC(vshrs)
PTOLINT_MODEL_VF_INTRINSIC(vcmp_eq)
PTOLINT_MODEL_VF_INTRINSIC(vcmp_ne)
PTOLINT_MODEL_VF_INTRINSIC(vcmp_gt)
PTOLINT_MODEL_VF_INTRINSIC(vcmp_ge)
PTOLINT_MODEL_VF_INTRINSIC(vcmp_lt)
PTOLINT_MODEL_VF_INTRINSIC(vcmp_le)
PTOLINT_MODEL_VF_INTRINSIC(vcmps_eq)
PTOLINT_MODEL_VF_INTRINSIC(vcmps_ne)
PTOLINT_MODEL_VF_INTRINSIC(vcmps_gt)
PTOLINT_MODEL_VF_INTRINSIC(vcmps_ge)
PTOLINT_MODEL_VF_INTRINSIC(vcmps_lt)
PTOLINT_MODEL_VF_INTRINSIC(vcmps_le)
PTOLINT_MODEL_VF_INTRINSIC(vsel)
PTOLINT_MODEL_VF_INTRINSIC(vselr)
PTOLINT_MODEL_VF_INTRINSIC(vcvt)
PTOLINT_MODEL_VF_INTRINSIC(vtrc)
PTOLINT_MODEL_VF_INTRINSIC(vpack)
PTOLINT_MODEL_VF_INTRINSIC(vsqz)
PTOLINT_MODEL_VF_INTRINSIC(vintlv)
PTOLINT_MODEL_VF_INTRINSIC(vdintlv)
PTOLINT_MODEL_VF_INTRINSIC(vcadd)
PTOLINT_MODEL_VF_INTRINSIC(vcpadd)
PTOLINT_MODEL_VF_INTRINSIC(vcmax)
PTOLINT_MODEL_VF_INTRINSIC(vcmin)
PTOLINT_MODEL_VF_INTRINSIC(vcgmax)
PTOLINT_MODEL_VF_INTRINSIC(vgather2)
PTOLINT_MODEL_VF_INTRINSIC(vgather2_bc)
PTOLINT_MODEL_VF_INTRINSIC(vgatherb)
PTOLINT_MODEL_VF_INTRINSIC(vscatter)
PTOLINT_MODEL_VF_INTRINSIC(vbitsort)
PTOLINT_MODEL_VF_INTRINSIC(vmrgsort4)
PTOLINT_MODEL_VF_INTRINSIC(chistv2)
PTOLINT_MODEL_VF_INTRINSIC(mem_bar)
PTOLINT_MODEL_VF_INTRINSIC(sprclr)
PTOLINT_MODEL_VF_INTRINSIC(sprsts)
#undef PTOLINT_MODEL_VF_INTRINSIC

namespace ptolint_vf {
// The vector register holding elements of type T.
template <typename T>
struct VectorRegister {
    using type = std::conditional_t<
        sizeof(T) == 1, vector_u8,
        std::conditional_t<sizeof(T) == 2, vector_u16, std::conditional_t<sizeof(T) == 4, vector_u32, vector_u64>>>;
};
template <> struct VectorRegister<int8_t> { using type = vector_s8; };
template <> struct VectorRegister<int16_t> { using type = vector_s16; };
template <> struct VectorRegister<int32_t> { using type = vector_s32; };
template <> struct VectorRegister<int64_t> { using type = vector_s64; };
template <> struct VectorRegister<half> { using type = vector_f16; };
template <> struct VectorRegister<bfloat16_t> { using type = vector_bf16; };
template <> struct VectorRegister<float> { using type = vector_f32; };
template <> struct VectorRegister<float8_e4m3_t> { using type = vector_f8e4m3; };
template <> struct VectorRegister<float8_e5m2_t> { using type = vector_f8e5m2; };
template <> struct VectorRegister<float8_e8m0_t> { using type = vector_f8e8m0; };
template <> struct VectorRegister<hifloat8_t> { using type = vector_hif8; };
template <> struct VectorRegister<float4_e2m1x2_t> { using type = vector_f4e2m1x2; };
template <> struct VectorRegister<float4_e1m2x2_t> { using type = vector_f4e1m2x2; };
} // namespace ptolint_vf

namespace pto {
using MaskReg = vector_bool;
using UnalignReg = vector_align;
using AddrReg = vector_address;

// A vector register of elements of type T (what the register intrinsics take).
template <typename T>
struct RegTensor {
    using RegType = typename ptolint_vf::VectorRegister<T>::type;
    RegType reg;
    PTO_INTERNAL operator RegType&() { return reg; }
};

// The predicate of the next `count` elements of type T (at most one register's worth). The device
// instruction post-updates `count`; the model leaves it as it is (ptolint does not track predicates).
template <typename T>
PTO_INTERNAL MaskReg CreatePredicate(uint32_t& count)
{
    (void)count;
    return MaskReg{};
}
} // namespace pto

// ---------------------------------------------------------------- SIMT functions
// Inside a __simt_vf__ function: the thread coordinates, the barrier of the launched threads, and the
// warp-reduction / fast-math builtins.
uint32_t __cce_simt_get_TID_X();
uint32_t __cce_simt_get_TID_Y();
uint32_t __cce_simt_get_TID_Z();
void __sync_workitems();
float __builtin_cce_redux_add_f32(float value);
float __builtin_cce_expf(float value);

namespace cce {
// Threads per launch (x, y, z).
struct dim3 {
    uint32_t x = 1, y = 1, z = 1;
};
// Launch of the __simt_vf__ function F on dim3 threads with the given arguments.
template <auto F, typename... A>
inline void async_invoke(A...)
{}
} // namespace cce

#endif // PTOLINT_TARGET_A5

#endif // PTOLINT_MODEL_VF_HPP

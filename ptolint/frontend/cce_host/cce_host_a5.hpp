// ptolint host definitions for the vendor CCE device compiler, target a5.
// Written for ptolint (not vendor code): permissive declarations of the CCE intrinsics, registers and
// modes the PTO ISA headers use on this target, so that the real headers parse with libclang on a
// host. The names were found by parsing the headers and listing what was undeclared. Pre-included
// with -include by ptolint.frontend.vendor; see cce_host_common.hpp for what every target shares.
#ifndef PTOLINT_CCE_HOST_A5_HPP
#define PTOLINT_CCE_HOST_A5_HPP

#include "cce_host_common.hpp"

uint32_t get_block_idx(); // as the headers redeclare it (pto/npu/a2a3/grid_intrinsic.hpp)

// ---------------------------------------------------------------- A5 vector (register) programming model
#define CCE_VL 256 // bytes per vector register

// Register types: distinct empty types (the headers overload and specialise on them).
// A value cast converts between them, like a reinterpretation of the register.
struct ptolint_cce_register {};
#define PTOLINT_CCE_REGISTER(Name)                                                                \
    struct Name : ptolint_cce_register {                                                          \
        constexpr Name() = default;                                                              \
        template <typename R, std::enable_if_t<std::is_base_of_v<ptolint_cce_register, R>, int> = 0> \
        constexpr Name(const R&)                                                                 \
        {}                                                                                       \
    };

// Distribution / predicate / rounding modes: distinct constant objects (the headers take `decltype` of
// them) that also read as an integer.
#define PTOLINT_CCE_MODE(Name)                        \
    struct ptolint_cce_mode_##Name {                  \
        constexpr operator int() const { return 0; }  \
    };                                                \
    constexpr ptolint_cce_mode_##Name Name{};

namespace __cce_simd {
struct RoundAType {};
struct RoundCType {};
struct RoundFType {};
struct RoundOType {};
struct RoundRType {};
struct RoundZType {};
} // namespace __cce_simd

enum ptolint_cce_histogram_bin { Bin_N0 = 0, Bin_N1 };

// Special-purpose register ids and store distributions used as template arguments.
enum Spr { SPR_AR = 74 };
enum DistVST { DIST_NORM_B8 = 0 };
enum Dist { DIST_NORM = 0, DIST_US };

namespace cce {
struct dim3 {
    uint32_t x = 1, y = 1, z = 1;
};
// SIMT launch of a __simt_vf__ function.
template <auto F, typename... A>
inline void async_invoke(A...)
{}
} // namespace cce

// (MaskReg / UnalignReg / AddrReg are the headers' own aliases of vector_bool / vector_align /
// vector_address in namespace pto: defining them here too would make them ambiguous in a kernel that
// says `using namespace pto;`.)
PTOLINT_CCE_REGISTER(vector_address)
PTOLINT_CCE_REGISTER(vector_align)
PTOLINT_CCE_REGISTER(vector_bf16)
PTOLINT_CCE_REGISTER(vector_bool)
PTOLINT_CCE_REGISTER(vector_f16)
PTOLINT_CCE_REGISTER(vector_f32)
PTOLINT_CCE_REGISTER(vector_f4e1m2x2)
PTOLINT_CCE_REGISTER(vector_f4e2m1x2)
PTOLINT_CCE_REGISTER(vector_f8e4m3)
PTOLINT_CCE_REGISTER(vector_f8e5m2)
PTOLINT_CCE_REGISTER(vector_f8e8m0)
PTOLINT_CCE_REGISTER(vector_hif8)
PTOLINT_CCE_REGISTER(vector_s16)
PTOLINT_CCE_REGISTER(vector_s32)
PTOLINT_CCE_REGISTER(vector_s64)
PTOLINT_CCE_REGISTER(vector_s8)
PTOLINT_CCE_REGISTER(vector_u16)
PTOLINT_CCE_REGISTER(vector_u32)
PTOLINT_CCE_REGISTER(vector_u64)
PTOLINT_CCE_REGISTER(vector_u8)

// ---------------------------------------------------------------- SIMT (vector-thread) functions
// Inside a __simt_vf__ function launched by cce::async_invoke: the thread coordinates, the barrier of
// the launched threads, and the builtins of the SIMT math / warp-reduction library kernels use.
uint32_t __cce_simt_get_TID_X();
uint32_t __cce_simt_get_TID_Y();
uint32_t __cce_simt_get_TID_Z();
void __sync_workitems();
float __builtin_cce_redux_add_f32(float value);
float __builtin_cce_expf(float value);

PTOLINT_CCE_MODE(BLK)
PTOLINT_CCE_MODE(BRC_B16)
PTOLINT_CCE_MODE(BRC_B32)
PTOLINT_CCE_MODE(BRC_B8)
PTOLINT_CCE_MODE(DEC_ORDER)
PTOLINT_CCE_MODE(DINTLV_B16)
PTOLINT_CCE_MODE(DINTLV_B32)
PTOLINT_CCE_MODE(DINTLV_B8)
PTOLINT_CCE_MODE(E2B_B16)
PTOLINT_CCE_MODE(E2B_B32)
PTOLINT_CCE_MODE(ELE_CNT_B16)
PTOLINT_CCE_MODE(ELE_CNT_B32)
PTOLINT_CCE_MODE(ELE_CNT_B8)
PTOLINT_CCE_MODE(HIGHER)
PTOLINT_CCE_MODE(INC_ORDER)
PTOLINT_CCE_MODE(INTLV_B32)
PTOLINT_CCE_MODE(LOWER)
PTOLINT_CCE_MODE(MODE_MERGING)
PTOLINT_CCE_MODE(MODE_STORED)
PTOLINT_CCE_MODE(MODE_ZEROING)
PTOLINT_CCE_MODE(NORM)
PTOLINT_CCE_MODE(NORM_B16)
PTOLINT_CCE_MODE(NORM_B32)
PTOLINT_CCE_MODE(NORM_B8)
PTOLINT_CCE_MODE(ONEPT_B32)
PTOLINT_CCE_MODE(PART_EVEN)
PTOLINT_CCE_MODE(PART_ODD)
PTOLINT_CCE_MODE(PART_P0)
PTOLINT_CCE_MODE(PART_P1)
PTOLINT_CCE_MODE(PART_P2)
PTOLINT_CCE_MODE(PART_P3)
PTOLINT_CCE_MODE(PAT_ALL)
PTOLINT_CCE_MODE(PAT_ALLF)
PTOLINT_CCE_MODE(PAT_H)
PTOLINT_CCE_MODE(PAT_VL1)
PTOLINT_CCE_MODE(PAT_VL16)
PTOLINT_CCE_MODE(PAT_VL32)
PTOLINT_CCE_MODE(PAT_VL8)
PTOLINT_CCE_MODE(PK)
PTOLINT_CCE_MODE(PK4_B32)
PTOLINT_CCE_MODE(PK_B16)
PTOLINT_CCE_MODE(PK_B32)
PTOLINT_CCE_MODE(PK_B64)
PTOLINT_CCE_MODE(POST_UPDATE)
PTOLINT_CCE_MODE(POS_LOWEST)
PTOLINT_CCE_MODE(ROUND_A)
PTOLINT_CCE_MODE(ROUND_F)
PTOLINT_CCE_MODE(ROUND_R)
PTOLINT_CCE_MODE(ROUND_Z)
PTOLINT_CCE_MODE(RS_DISABLE)
PTOLINT_CCE_MODE(RS_ENABLE)
PTOLINT_CCE_MODE(UNPK4_B8)
PTOLINT_CCE_MODE(UNPK_B16)
PTOLINT_CCE_MODE(UNPK_B32)
PTOLINT_CCE_MODE(UNPK_B8)
PTOLINT_CCE_MODE(US)
PTOLINT_CCE_MODE(VLD_VST)
PTOLINT_CCE_MODE(VST_VLD)
PTOLINT_CCE_MODE(VST_VST)

// Intrinsics (any arguments).
PTOLINT_CCE_INTRINSIC(__cce_pto_get_mx_scale_tile)
PTOLINT_CCE_INTRINSIC(assignData)
PTOLINT_CCE_INTRINSIC(async_invoke)
PTOLINT_CCE_INTRINSIC(atomicAdd)
PTOLINT_CCE_INTRINSIC(atomicMax)
PTOLINT_CCE_INTRINSIC(atomicMin)
PTOLINT_CCE_INTRINSIC(chistv2)
PTOLINT_CCE_INTRINSIC(copy_cbuf_to_bt)
PTOLINT_CCE_INTRINSIC(copy_cbuf_to_fbuf)
PTOLINT_CCE_INTRINSIC(copy_cbuf_to_gm)
PTOLINT_CCE_INTRINSIC(copy_cbuf_to_ubuf)
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf)
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf_align_v2)
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf_multi_dn2nz)
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz)
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b16)
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b32s)
PTOLINT_CCE_INTRINSIC(copy_gm_to_ubuf)
PTOLINT_CCE_INTRINSIC(copy_gm_to_ubuf_align_b16)
PTOLINT_CCE_INTRINSIC(copy_gm_to_ubuf_align_b32)
PTOLINT_CCE_INTRINSIC(copy_gm_to_ubuf_align_b8)
PTOLINT_CCE_INTRINSIC(copy_gm_to_ubuf_align_v2)
PTOLINT_CCE_INTRINSIC(copy_matrix_cc_to_cbuf)
PTOLINT_CCE_INTRINSIC(copy_matrix_cc_to_gm)
PTOLINT_CCE_INTRINSIC(copy_matrix_cc_to_ub)
PTOLINT_CCE_INTRINSIC(copy_matrix_cc_to_ubuf)
PTOLINT_CCE_INTRINSIC(copy_neighbor_sram_to_sram)
PTOLINT_CCE_INTRINSIC(copy_sram_to_neighbor_sram)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_cbuf)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_gm)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_gm_align_b16)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_gm_align_b32)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_gm_align_b8)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_gm_align_v2)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_ubuf)
PTOLINT_CCE_INTRINSIC(create_cbuf_matrix)
PTOLINT_CCE_INTRINSIC(create_cbuf_matrix_bf16)
PTOLINT_CCE_INTRINSIC(dcci)
PTOLINT_CCE_INTRINSIC(dsb)
PTOLINT_CCE_INTRINSIC(ffts_cross_core_sync)
PTOLINT_CCE_INTRINSIC(img2colv2_cbuf_to_ca)
PTOLINT_CCE_INTRINSIC(img2colv2_cbuf_to_cb)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_ca)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_ca_mx)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_ca_s4)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_cb)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_cb_mx)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_cb_s4)
PTOLINT_CCE_INTRINSIC(load_gm_to_cbuf)
PTOLINT_CCE_INTRINSIC(mad)
PTOLINT_CCE_INTRINSIC(mad_mx)
PTOLINT_CCE_INTRINSIC(mem_bar)
PTOLINT_CCE_INTRINSIC(pand)
PTOLINT_CCE_INTRINSIC(pdintlv_b8)
PTOLINT_CCE_INTRINSIC(pge_b16)
PTOLINT_CCE_INTRINSIC(pge_b32)
PTOLINT_CCE_INTRINSIC(pge_b8)
PTOLINT_CCE_INTRINSIC(pintlv_b16)
PTOLINT_CCE_INTRINSIC(pintlv_b32)
PTOLINT_CCE_INTRINSIC(pintlv_b8)
PTOLINT_CCE_INTRINSIC(pipe_barrier)
PTOLINT_CCE_INTRINSIC(plds)
PTOLINT_CCE_INTRINSIC(plt_b16)
PTOLINT_CCE_INTRINSIC(plt_b32)
PTOLINT_CCE_INTRINSIC(plt_b8)
PTOLINT_CCE_INTRINSIC(pnot)
PTOLINT_CCE_INTRINSIC(por)
PTOLINT_CCE_INTRINSIC(ppack)
PTOLINT_CCE_INTRINSIC(preload)
PTOLINT_CCE_INTRINSIC(psel)
PTOLINT_CCE_INTRINSIC(pset_b16)
PTOLINT_CCE_INTRINSIC(pset_b32)
PTOLINT_CCE_INTRINSIC(pset_b8)
PTOLINT_CCE_INTRINSIC(psts)
PTOLINT_CCE_INTRINSIC(punpack)
PTOLINT_CCE_INTRINSIC(pxor)
PTOLINT_CCE_INTRINSIC(set_atomic_add)
PTOLINT_CCE_INTRINSIC(set_atomic_bf16)
PTOLINT_CCE_INTRINSIC(set_atomic_f16)
PTOLINT_CCE_INTRINSIC(set_atomic_f32)
PTOLINT_CCE_INTRINSIC(set_atomic_none)
PTOLINT_CCE_INTRINSIC(set_atomic_s16)
PTOLINT_CCE_INTRINSIC(set_atomic_s32)
PTOLINT_CCE_INTRINSIC(set_atomic_s8)
PTOLINT_CCE_INTRINSIC(set_channel_para)
PTOLINT_CCE_INTRINSIC(set_ctrl)
PTOLINT_CCE_INTRINSIC(set_deqscale)
PTOLINT_CCE_INTRINSIC(set_ffts_base_addr)
PTOLINT_CCE_INTRINSIC(set_flag)
PTOLINT_CCE_INTRINSIC(set_fmatrix)
PTOLINT_CCE_INTRINSIC(set_fmatrix_b)
PTOLINT_CCE_INTRINSIC(set_fpc)
PTOLINT_CCE_INTRINSIC(set_intra_block)
PTOLINT_CCE_INTRINSIC(set_l3d_rpt)
PTOLINT_CCE_INTRINSIC(set_l3d_rpt_b)
PTOLINT_CCE_INTRINSIC(set_loop1_stride_outtol1)
PTOLINT_CCE_INTRINSIC(set_loop1_stride_outtoub)
PTOLINT_CCE_INTRINSIC(set_loop1_stride_ubtoout)
PTOLINT_CCE_INTRINSIC(set_loop2_stride_outtol1)
PTOLINT_CCE_INTRINSIC(set_loop2_stride_outtoub)
PTOLINT_CCE_INTRINSIC(set_loop2_stride_ubtoout)
PTOLINT_CCE_INTRINSIC(set_loop3_para)
PTOLINT_CCE_INTRINSIC(set_loop_size_outtol1)
PTOLINT_CCE_INTRINSIC(set_loop_size_outtoub)
PTOLINT_CCE_INTRINSIC(set_loop_size_ubtoout)
PTOLINT_CCE_INTRINSIC(set_mask_count)
PTOLINT_CCE_INTRINSIC(set_mask_norm)
PTOLINT_CCE_INTRINSIC(set_mov_pad_val)
PTOLINT_CCE_INTRINSIC(set_mte2_nz_para)
PTOLINT_CCE_INTRINSIC(set_nd_para)
PTOLINT_CCE_INTRINSIC(set_pad_val_outtol1)
PTOLINT_CCE_INTRINSIC(set_padding)
PTOLINT_CCE_INTRINSIC(set_padding_b)
PTOLINT_CCE_INTRINSIC(set_quant_pre)
PTOLINT_CCE_INTRINSIC(set_st_atomic_cfg)
PTOLINT_CCE_INTRINSIC(set_vector_mask)
PTOLINT_CCE_INTRINSIC(sprclr)
PTOLINT_CCE_INTRINSIC(sprsts)
PTOLINT_CCE_INTRINSIC(st_atomic)
PTOLINT_CCE_INTRINSIC(st_dev)
PTOLINT_CCE_INTRINSIC(trap)
PTOLINT_CCE_INTRINSIC(vabs)
PTOLINT_CCE_INTRINSIC(vadd)
PTOLINT_CCE_INTRINSIC(vaddc)
PTOLINT_CCE_INTRINSIC(vaddcs)
PTOLINT_CCE_INTRINSIC(vadds)
PTOLINT_CCE_INTRINSIC(vand)
PTOLINT_CCE_INTRINSIC(vaxpy)
PTOLINT_CCE_INTRINSIC(vbitsort)
PTOLINT_CCE_INTRINSIC(vbr)
PTOLINT_CCE_INTRINSIC(vcadd)
PTOLINT_CCE_INTRINSIC(vcgmax)
PTOLINT_CCE_INTRINSIC(vci)
PTOLINT_CCE_INTRINSIC(vcmax)
PTOLINT_CCE_INTRINSIC(vcmin)
PTOLINT_CCE_INTRINSIC(vcmp_eq)
PTOLINT_CCE_INTRINSIC(vcmp_ge)
PTOLINT_CCE_INTRINSIC(vcmp_gt)
PTOLINT_CCE_INTRINSIC(vcmp_le)
PTOLINT_CCE_INTRINSIC(vcmp_lt)
PTOLINT_CCE_INTRINSIC(vcmp_ne)
PTOLINT_CCE_INTRINSIC(vcmps_eq)
PTOLINT_CCE_INTRINSIC(vcmps_ge)
PTOLINT_CCE_INTRINSIC(vcmps_gt)
PTOLINT_CCE_INTRINSIC(vcmps_le)
PTOLINT_CCE_INTRINSIC(vcmps_lt)
PTOLINT_CCE_INTRINSIC(vcmps_ne)
PTOLINT_CCE_INTRINSIC(vcpadd)
PTOLINT_CCE_INTRINSIC(vcvt)
PTOLINT_CCE_INTRINSIC(vdintlv)
PTOLINT_CCE_INTRINSIC(vdiv)
PTOLINT_CCE_INTRINSIC(vdup)
PTOLINT_CCE_INTRINSIC(vector_dup)
PTOLINT_CCE_INTRINSIC(vexp)
PTOLINT_CCE_INTRINSIC(vexpdif)
PTOLINT_CCE_INTRINSIC(vgather2)
PTOLINT_CCE_INTRINSIC(vgather2_bc)
PTOLINT_CCE_INTRINSIC(vgatherb)
PTOLINT_CCE_INTRINSIC(vintlv)
PTOLINT_CCE_INTRINSIC(vldas)
PTOLINT_CCE_INTRINSIC(vlds)
PTOLINT_CCE_INTRINSIC(vldus)
PTOLINT_CCE_INTRINSIC(vln)
PTOLINT_CCE_INTRINSIC(vlrelu)
PTOLINT_CCE_INTRINSIC(vmadd)
PTOLINT_CCE_INTRINSIC(vmax)
PTOLINT_CCE_INTRINSIC(vmaxs)
PTOLINT_CCE_INTRINSIC(vmin)
PTOLINT_CCE_INTRINSIC(vmins)
PTOLINT_CCE_INTRINSIC(vmod)
PTOLINT_CCE_INTRINSIC(vmov)
PTOLINT_CCE_INTRINSIC(vmrgsort4)
PTOLINT_CCE_INTRINSIC(vmul)
PTOLINT_CCE_INTRINSIC(vmula)
PTOLINT_CCE_INTRINSIC(vmull)
PTOLINT_CCE_INTRINSIC(vmuls)
PTOLINT_CCE_INTRINSIC(vneg)
PTOLINT_CCE_INTRINSIC(vnot)
PTOLINT_CCE_INTRINSIC(vor)
PTOLINT_CCE_INTRINSIC(vpack)
PTOLINT_CCE_INTRINSIC(vprelu)
PTOLINT_CCE_INTRINSIC(vrelu)
PTOLINT_CCE_INTRINSIC(vscatter)
PTOLINT_CCE_INTRINSIC(vsel)
PTOLINT_CCE_INTRINSIC(vselr)
PTOLINT_CCE_INTRINSIC(vshl)
PTOLINT_CCE_INTRINSIC(vshls)
PTOLINT_CCE_INTRINSIC(vshr)
PTOLINT_CCE_INTRINSIC(vshrs)
PTOLINT_CCE_INTRINSIC(vsqrt)
PTOLINT_CCE_INTRINSIC(vsqz)
PTOLINT_CCE_INTRINSIC(vsstb)
PTOLINT_CCE_INTRINSIC(vstar)
PTOLINT_CCE_INTRINSIC(vstas)
PTOLINT_CCE_INTRINSIC(vsts)
PTOLINT_CCE_INTRINSIC(vstur)
PTOLINT_CCE_INTRINSIC(vstus)
PTOLINT_CCE_INTRINSIC(vsub)
PTOLINT_CCE_INTRINSIC(vsubc)
PTOLINT_CCE_INTRINSIC(vsubcs)
PTOLINT_CCE_INTRINSIC(vtrc)
PTOLINT_CCE_INTRINSIC(vxor)
PTOLINT_CCE_INTRINSIC(wait_flag)
PTOLINT_CCE_INTRINSIC(wait_flag_dev)
PTOLINT_CCE_INTRINSIC(wait_intra_block)

#endif

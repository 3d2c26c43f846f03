// ptolint host definitions for the vendor CCE device compiler, target a6 (A6, __NPU_ARCH__ 9201).
// Written for ptolint (not vendor code). The A6 headers reuse the A5 programming model (npu/a6/common.hpp
// and utils.hpp forward to the A5 helpers), so the A5 host definitions serve; see cce_host_a5.hpp.
#ifndef PTOLINT_CCE_HOST_A6_HPP
#define PTOLINT_CCE_HOST_A6_HPP

#include "cce_host_a5.hpp"

// HiFloat4 pairs: an A6 element type (npu/a6/TLoad.hpp, TExtract.hpp, TMatmul.hpp), one byte like the fp4 pairs
struct hifloat4x2_t {
    uint8_t bits_;
    constexpr hifloat4x2_t() : bits_(0) {}
    constexpr hifloat4x2_t(float v) : bits_(v != 0.0f) {}
    constexpr operator float() const { return bits_; }
};

// What the A6 files use beyond the A5 host definitions (found by parsing the A6 ST kernels)
PTOLINT_CCE_REGISTER(vector_f8e6m2)
PTOLINT_CCE_MODE(US_B16)
PTOLINT_CCE_MODE(INTLV_B16)
PTOLINT_CCE_MODE(DS_B8)
PTOLINT_CCE_INTRINSIC(vdintlvv2)
PTOLINT_CCE_INTRINSIC(vb8_Ea_unroll)
PTOLINT_CCE_INTRINSIC(pstu)
PTOLINT_CCE_INTRINSIC(vcvt_bf162e6m2)
PTOLINT_CCE_INTRINSIC(vcvt_rcpe6m22bf16)
PTOLINT_CCE_INTRINSIC(mad_f16s4)
PTOLINT_CCE_INTRINSIC(mad_bf16s4)
PTOLINT_CCE_INTRINSIC(mad_s8s4)

#endif // PTOLINT_CCE_HOST_A6_HPP

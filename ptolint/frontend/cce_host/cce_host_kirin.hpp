// ptolint host definitions shared by the Kirin targets (kirin9030, kirinx90, kirindev0000): what their own
// implementation files use beyond the A5 intrinsics. Written for ptolint (not vendor code); the names were
// found by parsing the Kirin ST kernels against the real headers and listing what was undeclared.
#ifndef PTOLINT_CCE_HOST_KIRIN_HPP
#define PTOLINT_CCE_HOST_KIRIN_HPP

// rounding modes of the Kirin conversions (npu/kirinDev0000/TCvt.hpp)
PTOLINT_CCE_MODE(ROUND_C)
PTOLINT_CCE_MODE(ROUND_O)

// intrinsics (any arguments)
PTOLINT_CCE_INTRINSIC(vfcvt)               // npu/kirinDev0000/custom/DivIntSoft.hpp
PTOLINT_CCE_INTRINSIC(set_pad_val_outtoub) // pto/common/arch_cce_intrinsic.hpp, Kirin branches
PTOLINT_CCE_INTRINSIC(set_l1_2d)
PTOLINT_CCE_INTRINSIC(set_l0_set_value_ui)
PTOLINT_CCE_INTRINSIC(set_l0_set_value_h)
PTOLINT_CCE_INTRINSIC(copy_ubuf_to_gm_align)   // npu/kirinX90/TStore.hpp
PTOLINT_CCE_INTRINSIC(copy_gm_to_cbuf_align)   // pto/common/arch_cce_intrinsic.hpp, Kirin X90 branch
PTOLINT_CCE_INTRINSIC(load_cbuf_to_ca_transpose)
PTOLINT_CCE_INTRINSIC(load_cbuf_to_cb_transpose)

#endif // PTOLINT_CCE_HOST_KIRIN_HPP

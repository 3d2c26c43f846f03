// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Public entry header of the PTO tile library: `#include <pto/pto-inst.hpp>` gives a kernel the
// device keywords and intrinsics, element types, Tile / GlobalTensor / Shape / Stride, events,
// pipes and every tile instruction (and, on A5, the register-level vector and SIMT declarations of
// pto/common/ptolint_vf.hpp). Self-contained: no system header is required (see
// pto/common/ptolint_std.hpp for how the std subset is obtained).
#ifndef PTOLINT_MODEL_PTO_INST_HPP
#define PTOLINT_MODEL_PTO_INST_HPP

#include <pto/common/type.hpp>
#include <pto/common/kernel_meta.hpp>
#include <pto/common/memory.hpp>
#include <pto/common/arch_macro.hpp>
#include <pto/common/constants.hpp>
#include <pto/common/debug.h>
#include <pto/common/utils.hpp>
#include <pto/common/fixpipe.hpp>
#include <pto/common/pto_tile.hpp>
#include <pto/common/pto_instr.hpp>
#include <pto/common/ptolint_vf.hpp>

// Element-type names a target's header.hpp (include/pto/npu/<target>/header.hpp) turns into other types
// with `#define`: what the compiler sees in a kernel after this header. Kirin 9030 and X90 have no bf16,
// fp8 or fp4 types (bfloat16_t is half, the fp8 names int8_t, the packed fp4 names int64_t); Kirin Dev0000
// lacks the e8m0 scale and fp4 types.
#if defined(PTO_NPU_ARCH_KIRIN9030) || defined(PTO_NPU_ARCH_KIRINX90)
#define bfloat16_t half
#define float8_e4m3_t int8_t
#define float8_e5m2_t int8_t
#define hifloat8_t int8_t
#define float8_e8m0_t int8_t
#define float4_e2m1x2_t int64_t
#define float4_e1m2x2_t int64_t
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define float8_e8m0_t int8_t
#define float4_e2m1x2_t int64_t
#define float4_e1m2x2_t int64_t
#endif

#endif // PTOLINT_MODEL_PTO_INST_HPP

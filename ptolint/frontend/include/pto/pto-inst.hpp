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

// Element-type names: the Kirin header.hpp files (include/pto/npu/<target>/header.hpp) `#define` bfloat16_t,
// the fp8 names and the packed fp4 names as other types (half, int8_t, int64_t) while they include their
// implementation files and `#undef` every one of them after the last include, so a kernel sees the real types
// (the files' type checks saw the replacements: ptolint.impls.DIVERGENT records those calls).

#endif // PTOLINT_MODEL_PTO_INST_HPP

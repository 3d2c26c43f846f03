// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Per-target implementation header of the vendor library. Kernels include it only for the
// public API it carries, which this model declares in pto/pto-inst.hpp.
#ifndef PTOLINT_MODEL_NPU_A2A3_TASSIGN_HPP
#define PTOLINT_MODEL_NPU_A2A3_TASSIGN_HPP

#include <pto/pto-inst.hpp>

#endif // PTOLINT_MODEL_NPU_A2A3_TASSIGN_HPP

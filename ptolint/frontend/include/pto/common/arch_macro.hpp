// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Target selection. ptolint models two targets:
//   __NPU_ARCH__ == 3101 or 3510  -> A5 (Ascend 950)          -> PTO_NPU_ARCH_A5
//   anything else (incl. unset)   -> A2/A3 (Atlas A2/A3, 2201) -> PTO_NPU_ARCH_A2A3
// PTOLINT_TARGET_A5 is 1 on A5 and 0 otherwise; every per-target choice in the model uses it.
#ifndef PTOLINT_MODEL_ARCH_MACRO_HPP
#define PTOLINT_MODEL_ARCH_MACRO_HPP

#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3101 || __NPU_ARCH__ == 3510)
#define PTOLINT_TARGET_A5 1
#ifndef PTO_NPU_ARCH_A5
#define PTO_NPU_ARCH_A5
#endif
#if __NPU_ARCH__ == 3510 && !defined(PTO_URMA_SUPPORTED)
#define PTO_URMA_SUPPORTED
#endif
#else
#define PTOLINT_TARGET_A5 0
#ifndef PTO_NPU_ARCH_A2A3
#define PTO_NPU_ARCH_A2A3
#endif
#endif

#endif // PTOLINT_MODEL_ARCH_MACRO_HPP

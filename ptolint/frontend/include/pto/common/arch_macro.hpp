// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Target selection by __NPU_ARCH__, as the public headers do:
//   2201 (or unset)  -> PTO_NPU_ARCH_A2A3        (Atlas A2/A3)
//   3101, 3510       -> PTO_NPU_ARCH_A5          (Ascend 950; 3510 also PTO_URMA_SUPPORTED)
//   9201             -> PTO_NPU_ARCH_A6
//   3113             -> PTO_NPU_ARCH_KIRIN9030   (\ these four also PTO_COMM_NOT_SUPPORTED;
//   3003             -> PTO_NPU_ARCH_KIRINX90    |  Kirin 9030 and X90 blank __tf__, __in__, __out__
//   5101             -> PTO_NPU_ARCH_KIRINDEV0000 / and __cce_get_tile_ptr)
// PTOLINT_TARGET_A5 is 1 on A5 and on the four targets whose implementation headers reuse the A5 ones
// (A6, the Kirins: their header.hpp includes mostly include/pto/npu/a5 files), 0 on A2/A3; the model's
// A5-family declarations use it. Which of those builtins a target really implements is PTO010's table
// (rules/availability.py), not the model's: the model declares the A5 family's builtins on all five.
// PTOLINT_TARGET_KIRINX90_LAYOUT: Kirin X90 lays Left tiles out as A2/A3 does (outer row-major).
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
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 9201
#define PTOLINT_TARGET_A5 1
#ifndef PTO_NPU_ARCH_A6
#define PTO_NPU_ARCH_A6
#endif
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 3113
#define PTOLINT_TARGET_A5 1
#ifndef PTO_NPU_ARCH_KIRIN9030
#define PTO_NPU_ARCH_KIRIN9030
#endif
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 3003
#define PTOLINT_TARGET_A5 1
#ifndef PTO_NPU_ARCH_KIRINX90
#define PTO_NPU_ARCH_KIRINX90
#endif
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 5101
#define PTOLINT_TARGET_A5 1
#ifndef PTO_NPU_ARCH_KIRINDEV0000
#define PTO_NPU_ARCH_KIRINDEV0000
#endif
#else
#define PTOLINT_TARGET_A5 0
#ifndef PTO_NPU_ARCH_A2A3
#define PTO_NPU_ARCH_A2A3
#endif
#endif

#if defined(PTO_NPU_ARCH_A6) || defined(PTO_NPU_ARCH_KIRIN9030) || defined(PTO_NPU_ARCH_KIRINX90) || \
    defined(PTO_NPU_ARCH_KIRINDEV0000)
#ifndef PTO_COMM_NOT_SUPPORTED
#define PTO_COMM_NOT_SUPPORTED
#endif
#endif

#if defined(PTO_NPU_ARCH_KIRIN9030) || defined(PTO_NPU_ARCH_KIRINX90)
#define __tf__
#define __in__
#define __out__
#define __cce_get_tile_ptr
#endif

#endif // PTOLINT_MODEL_ARCH_MACRO_HPP

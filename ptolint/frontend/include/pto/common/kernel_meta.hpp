// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Kernel metadata markers (core-type / mix ratio of SYNCALL kernels). Only the macro names
// matter for analysis: each expands to a harmless declaration at namespace scope.
#ifndef PTOLINT_MODEL_PTO_KERNEL_META_HPP
#define PTOLINT_MODEL_PTO_KERNEL_META_HPP

#include <pto/common/type.hpp>

namespace pto {
namespace detail {
struct PtoKernelMetaTag {
    const char* kernel;
    int aicRatio;
    int aivRatio;
};
} // namespace detail
} // namespace pto

#define PTO_DETAIL_CONCAT_INNER(a, b) a##b
#define PTO_DETAIL_CONCAT(a, b) PTO_DETAIL_CONCAT_INNER(a, b)
#define PTO_SYNCALL_AIV_KERNEL_META(kernelName)                                                  \
    [[maybe_unused]] static const ::pto::detail::PtoKernelMetaTag PTO_DETAIL_CONCAT(             \
        g_pto_syncall_aiv_meta_, __COUNTER__) = {#kernelName, 0, 1}
#define PTO_SYNCALL_MIX_AIC_KERNEL_META(kernelName, aicRatio, aivRatio)                          \
    [[maybe_unused]] static const ::pto::detail::PtoKernelMetaTag PTO_DETAIL_CONCAT(             \
        g_pto_syncall_mix_aic_meta_, __COUNTER__) = {#kernelName, aicRatio, aivRatio}
#define PTO_SYNCALL_AIC_KERNEL_META(kernelName)                                                  \
    [[maybe_unused]] static const ::pto::detail::PtoKernelMetaTag PTO_DETAIL_CONCAT(             \
        g_pto_syncall_aic_meta_, __COUNTER__) = {#kernelName, 1, 0}

#endif // PTOLINT_MODEL_PTO_KERNEL_META_HPP

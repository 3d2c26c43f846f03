// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Small helpers shared by kernels: type-list membership, ceil-div / ceil-align, vector masks.
#ifndef PTOLINT_MODEL_PTO_UTILS_HPP
#define PTOLINT_MODEL_PTO_UTILS_HPP

#include <pto/common/type.hpp>

namespace pto {

template <typename T, typename... Types>
inline constexpr bool isSupportType = (std::is_same_v<T, Types> || ...);

PTO_INTERNAL int32_t CeilDivision(int32_t num1, int32_t num2) { return num2 == 0 ? 0 : (num1 + num2 - 1) / num2; }
PTO_INTERNAL uint32_t CeilAlignment(uint32_t num1, uint32_t num2)
{
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2 * num2;
}
PTO_INTERNAL void SetContinuousMask(unsigned n) { (void)n; }
PTO_INTERNAL void SetVectorCount(uint64_t n) { set_vector_mask(0, n); }
template <typename T>
PTO_INTERNAL void SetFullVecMaskByDType()
{}
template <typename T>
PTO_INTERNAL void SetContMaskByDType(unsigned n)
{
    (void)n;
}

// Block granularity (bytes) of sort / gather helpers.
constexpr const uint32_t BLOCK_SIZE = 32;

#if PTOLINT_TARGET_A5
// MX scale tiles are addressed in 16-byte units.
constexpr uint32_t SHIFT_MX_ADDR = 4;
template <typename T>
PTO_INTERNAL uint64_t GetScaleAddr(T* dst)
{
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(dst)) >> SHIFT_MX_ADDR;
}
#endif

} // namespace pto

#if PTOLINT_TARGET_A5
#ifndef PTO_DIV_ROUNDUP
#define PTO_DIV_ROUNDUP(x, y) ((((x) + (y) - 1) / (y)))
#endif
#ifndef PTO_CEIL
#define PTO_CEIL(x, y) (PTO_DIV_ROUNDUP(x, y) * (y))
#endif
#endif

#endif // PTOLINT_MODEL_PTO_UTILS_HPP

// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Which on-chip buffer (and pointer type) backs a tile of a given TileType.
#ifndef PTOLINT_MODEL_PTO_MEMORY_HPP
#define PTOLINT_MODEL_PTO_MEMORY_HPP

#include <pto/common/type.hpp>

namespace pto {

// Pointer type held by a tile: UB for Vec, L1 for Mat, L0A/L0B for Left/Right (and their
// scale tiles), L0C for Acc, the fixpipe buffer for Scaling. Bias and Ctrl tiles hold a
// 64-bit address/value instead of a pointer.
template <TileType L, typename DType>
struct MemoryQualifier {};
template <typename DType>
struct MemoryQualifier<TileType::Vec, DType> {
    using type = __ubuf__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::Mat, DType> {
    using type = __cbuf__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::Left, DType> {
    using type = __ca__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::Right, DType> {
    using type = __cb__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::Acc, DType> {
    using type = __cc__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::Bias, DType> {
#if defined(__DAV_C220_CUBE__)
    using type = __biasbuf__ DType*;
#else
    using type = uint64_t;
#endif
};
template <typename DType>
struct MemoryQualifier<TileType::Scaling, DType> {
    using type = __fbuf__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::ScaleLeft, DType> {
    using type = __ca__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::ScaleRight, DType> {
    using type = __cb__ DType*;
};
template <typename DType>
struct MemoryQualifier<TileType::Ctrl, DType> {
    using type = uint64_t;
};

// Conventional short names of (BLayout, SLayout) pairs: ND, DN, Zz, Nz, Zn, Nn.
PTO_INTERNAL constexpr const char* GetLayoutName(BLayout b, SLayout s) noexcept
{
    return s == SLayout::NoneBox ? (b == BLayout::RowMajor ? "ND" : "DN")
         : s == SLayout::RowMajor ? (b == BLayout::RowMajor ? "Zz" : "Nz")
                                  : (b == BLayout::RowMajor ? "Zn" : "Nn");
}

template <TileType type>
PTO_INTERNAL constexpr const char* GetTileTypeName() noexcept
{
    constexpr const char* names[] = {"Vec",  "Mat",     "Left",      "Right",      "Acc",
                                     "Bias", "Scaling", "ScaleLeft", "ScaleRight", "Ctrl"};
    return names[static_cast<int>(type)];
}

} // namespace pto

#endif // PTOLINT_MODEL_PTO_MEMORY_HPP

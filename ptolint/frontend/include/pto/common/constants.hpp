// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Hardware-geometry constants and the custom PadValue encoding.
#ifndef PTOLINT_MODEL_PTO_CONSTANTS_HPP
#define PTOLINT_MODEL_PTO_CONSTANTS_HPP

#include <pto/common/type.hpp>
#include <pto/common/memory.hpp>

namespace pto {

// Vector unit: one repeat processes 256 bytes = 8 blocks of 32 bytes.
constexpr int REPEAT_BYTE = 256;
constexpr const uint64_t BLOCK_MAX_PER_REPEAT = 8;
constexpr int REPEAT_MAX = 255;
constexpr const int BLOCK_BYTE_SIZE = 32;
constexpr const int FIXP_BURST_UNIT_LEN = 64;
constexpr const uint32_t SHIFT_BLOCK_LEN = 4;
constexpr const uint32_t SHIFT_BLOCK_BYTE = 5;
constexpr const uint32_t SHIFT_FRACTAL_BYTE = 9;
constexpr const int REPEAT_STRIDE_MAX = 255;
constexpr const uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr const uint32_t TMP_UB_OFFSET = 184 * 1024;
constexpr const uint64_t MASK_LEN = 64;
constexpr const int BLOCK_LEN = 16;
// Cube unit: 512-byte fractals; C0 is 32 bytes; NZ fractal rows are 16.
constexpr const int CUBE_BLOCK_SIZE = 512;
constexpr const int C0_SIZE_BYTE = 32;
constexpr const int FRACTAL_NZ_ROW = 16;
constexpr const int FRACTAL_ZZ_ROW = 16;
constexpr const int ACC_C0_SIZE = 16;
constexpr const uint32_t B4_C0_SIZE = 64;
// MX (micro-scaling) and HiF4 scale-block geometry.
constexpr const int MX_COL_LEN = 2;
constexpr const int MX_ROW_LEN = 16;
constexpr const int MX_BLOCK_SIZE = 32;
constexpr const int HIF4_COL_LEN = 4;
constexpr const int HIF4_ROW_LEN = 16;
constexpr const int HIF4_BLOCK_SIZE = 64;
constexpr const int B8_DATA_TYPE_OFFSET = 8;
constexpr const int MAD_MODE_BIT = 46;
constexpr const int MAD_ROUND_MODE_BIT = 47;
constexpr const int TROW_PROD_LOOP_B16 = 7;
constexpr const int TROW_PROD_LOOP_B32 = 6;
constexpr const int PAD_SHIFT_LENGTH = 32;
constexpr uint16_t PTO_TIME_1 = 1;
constexpr uint16_t PTO_TIME_2 = 2;
constexpr uint16_t PTO_TIME_4 = 4;
constexpr uint16_t PTO_IDX_0 = 0;
constexpr uint16_t PTO_IDX_1 = 1;
constexpr uint16_t PTO_IDX_2 = 2;
constexpr uint16_t PTO_IDX_3 = 3;
constexpr const int NUM_1 = 1;
constexpr const int NUM_4 = 4;
constexpr const int NUM_8 = 8;
constexpr const int NUM_12 = 12;
constexpr const int NUM_16 = 16;
constexpr const int NUM_32 = 32;
constexpr const int NUM_64 = 64;
constexpr const int NUM_77 = 77;
constexpr const int NUM_96 = 96;
constexpr const int NUM_128 = 128;
constexpr const int NUM_256 = 256;
constexpr const int NUM_512 = 512;

// ---------------------------------------------------------------- custom pad values
// A custom PadValue is CustomBase | (bit pattern of the pad element in the low 32 bits).
AICORE constexpr bool isCustomPadValue(PadValue pv)
{
    return static_cast<uint64_t>(pv) >= static_cast<uint64_t>(PadValue::CustomBase);
}

AICORE constexpr uint32_t getCustomPadBits(PadValue pv)
{
    return static_cast<uint32_t>(static_cast<uint64_t>(pv) & 0xFFFFFFFFull);
}

namespace detail {
AICORE constexpr PadValue MakeCustomPad(uint32_t bits)
{
    return static_cast<PadValue>(static_cast<uint64_t>(PadValue::CustomBase) | static_cast<uint64_t>(bits));
}

template <auto V>
constexpr uint32_t PadBitsOf()
{
    using VT = decltype(V);
    if constexpr (std::is_same_v<VT, float>) {
        return __builtin_bit_cast(uint32_t, V);
    } else if constexpr (std::is_same_v<VT, double>) {
        return __builtin_bit_cast(uint32_t, static_cast<float>(V));
    } else if constexpr (std::is_integral_v<VT>) {
        return static_cast<uint32_t>(V);
    } else {
        return 0;
    }
}
} // namespace detail

// PadCustom<-1.0f>, PadCustom<42>: compile-time custom pad values.
template <auto V>
inline constexpr PadValue PadCustom = detail::MakeCustomPad(detail::PadBitsOf<V>());

AICORE constexpr PadValue PadValueCustom(float value) { return detail::MakeCustomPad(__builtin_bit_cast(uint32_t, value)); }
AICORE constexpr PadValue PadValueCustom16(uint16_t bits16) { return detail::MakeCustomPad(bits16); }
AICORE constexpr PadValue PadValueCustom(int32_t value) { return detail::MakeCustomPad(static_cast<uint32_t>(value)); }
AICORE constexpr PadValue PadValueCustom(uint32_t value) { return detail::MakeCustomPad(value); }
AICORE constexpr PadValue PadValueCustom(int16_t value) { return detail::MakeCustomPad(static_cast<uint16_t>(value)); }
AICORE constexpr PadValue PadValueCustom(int8_t value) { return detail::MakeCustomPad(static_cast<uint8_t>(value)); }
AICORE constexpr PadValue PadValueCustom(uint8_t value) { return detail::MakeCustomPad(value); }
AICORE constexpr PadValue PadValueCustom(half value) { return detail::MakeCustomPad(__builtin_bit_cast(uint16_t, value)); }
AICORE constexpr PadValue PadValueCustom(bfloat16_t value)
{
    return detail::MakeCustomPad(__builtin_bit_cast(uint16_t, value));
}

// Conventional layout name of a tile type (ND / DN / NZ / ZN / ZZ).
template <typename TileData>
PTO_INTERNAL constexpr TileLayoutCustom GetTileLayoutCustom()
{
    if constexpr (TileData::SFractal == SLayout::NoneBox) {
        return TileData::isRowMajor ? TileLayoutCustom::ND : TileLayoutCustom::DN;
    } else if constexpr (TileData::SFractalSize != 512) {
        return TileLayoutCustom::NONE;
    } else if constexpr (TileData::SFractal == SLayout::RowMajor) {
        return TileData::isRowMajor ? TileLayoutCustom::ZZ : TileLayoutCustom::NZ;
    } else {
        return TileData::isRowMajor ? TileLayoutCustom::ZN : TileLayoutCustom::NONE;
    }
}

// Selection ratio of a MaskPattern: 1 for P1111, 2 for the 1-of-2 patterns, 4 for 1-of-4.
template <MaskPattern mask>
PTO_INTERNAL constexpr int GetTimesByMask()
{
    return mask == MaskPattern::P1111 ? PTO_TIME_1
         : (mask == MaskPattern::P1010 || mask == MaskPattern::P0101) ? PTO_TIME_2
                                                                        : PTO_TIME_4;
}

// Element offset of the i-th selected element of a MaskPattern in a row of stride RowStride.
template <MaskPattern mask, uint16_t RowStride>
PTO_INTERNAL constexpr int GetStrideByMask(int i)
{
    const int lane = mask == MaskPattern::P1010 || mask == MaskPattern::P0010 ? 1
                   : mask == MaskPattern::P0100                              ? 2
                   : mask == MaskPattern::P1000                              ? 3
                                                                             : 0;
    return (GetTimesByMask<mask>() * i + lane) * RowStride;
}

} // namespace pto

#endif // PTOLINT_MODEL_PTO_CONSTANTS_HPP

// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Function-attribute macros and the enumerations that appear in Tile / GlobalTensor template
// arguments and in instruction signatures (docs/coding/Tile.md, docs/isa/*.md).
#ifndef PTOLINT_MODEL_PTO_TYPE_HPP
#define PTOLINT_MODEL_PTO_TYPE_HPP

#include <pto/common/ptolint_std.hpp>
#include <pto/common/ptolint_cce.hpp>
#include <pto/common/arch_macro.hpp>

// ---------------------------------------------------------------- attribute macros
#ifndef AICORE
#define AICORE
#endif
#ifndef PTO_INLINE
#define PTO_INLINE inline
#endif
// Public instruction entry points. Declared, never defined, in this model (see pto_instr.hpp).
#ifndef PTO_INST
#define PTO_INST AICORE
#endif
// Helper functions (the model and user kernels define these inline).
#ifndef PTO_INTERNAL
#define PTO_INTERNAL AICORE PTO_INLINE
#endif
#ifndef OP_NAME
#define OP_NAME(Name)
#endif
#ifndef OP_TYPE
#define OP_TYPE(TypeName)
#endif

#define PTO_DETAIL_STR_(x) #x
#define PTO_DETAIL_STR(x) PTO_DETAIL_STR_(x)
#define PTO_DETAIL_SA_1(cond) static_assert((cond), "[PTO][SA] Constraint violated: " #cond)
#define PTO_DETAIL_SA_2(cond, msg) static_assert((cond), "[PTO][SA] " msg)
#define PTO_DETAIL_GET_MACRO(_1, _2, NAME, ...) NAME
#define PTO_STATIC_ASSERT(...) PTO_DETAIL_GET_MACRO(__VA_ARGS__, PTO_DETAIL_SA_2, PTO_DETAIL_SA_1)(__VA_ARGS__)
#define PTO_CPU_ASSERT(...) ((void)0)

namespace pto {

// Signed 4-bit integer stored two per byte.
struct int4b_t {
    uint8_t storage;
    int4b_t() = default;
    constexpr explicit int4b_t(int32_t v) : storage(static_cast<uint8_t>(v & 0x0F)) {}
    constexpr operator int8_t() const
    {
        return (storage & 0x08) ? static_cast<int8_t>(storage | 0xF0) : static_cast<int8_t>(storage & 0x0F);
    }
};

// Storage class of a tile (docs/coding/Tile.md "Location").
enum class TileType {
    Vec,
    Mat,
    Left,
    Right,
    Acc,
    Bias,
    Scaling,
    ScaleLeft,
    ScaleRight,
    Ctrl,
};

// Outer (base) layout of a tile.
enum class BLayout {
    RowMajor = 0,
    ColMajor = 1,
};

// Inner boxed / fractal layout of a tile.
enum class SLayout {
    NoneBox = 0,
    RowMajor = 1,
    ColMajor = 2,
};

enum class PrintFormat : uint8_t {
    Width8_Precision4 = 0,
    Width8_Precision2 = 1,
    Width10_Precision6 = 2,
};

// Element-selection pattern per repeat (bit i selects element i of each group).
enum class MaskPattern : uint8_t {
    P0101 = 1,
    P1010 = 2,
    P0001 = 3,
    P0010 = 4,
    P0100 = 5,
    P1000 = 6,
    P1111 = 7,
};

// Global-memory tensor layout (docs/coding/GlobalTensor.md).
enum class Layout {
    ND,
    DN,
    NZ,
    SCALE,
    MX_A_ND,
    MX_A_DN,
    MX_A_ZZ,
    MX_B_ND,
    MX_B_DN,
    MX_B_NN,
    HIF4_A_ZZ,
    HIF4_B_NN,
    NC1HWC0,
    GNC1HWC0,
    NCHW,
    GNCHW,
    NHWC,
    NDC1HWC0,
    NCDHW,
    FRACTAL_Z,
    FRACTAL_Z_S16S8,
    FRACTAL_Z_3D,
    MAX,
};

enum class CmpMode : uint8_t { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 };

enum class QuantType { MXFP8 = 0, MXFP4_E2M1 = 1, INT8_SYM = 2, INT8_ASYM = 3 };

enum class QuantScaleAlg { OCP = 0, NV = 1 };

enum class MxQuantAlg { OcpMxFp8E4M3 = 0, NvMxFp8E4M3 = 1, OcpMxFp4E2M1 = 2, NvMxFp4E2M1 = 3, Hif4 = 4 };

enum class VecStoreMode { ND = 0, NZ = 1 };

// Unit-flag phase of accumulator stores / moves.
enum class STPhase : uint8_t { Unspecified = 0x0, Partial = 0x2, Final = 0x3 };

// Unit-flag phase of TMATMUL-family accumulation.
enum class AccPhase : uint8_t { Unspecified = 0x0, Unknown = Unspecified, Partial = 0x2, Final = 0x3 };

enum VFImplKind : unsigned {
    VFIMPL_DEFAULT = 0,
    VFIMPL_1D_NO_POST_UPDATE = 1,
    VFIMPL_2D_NO_POST_UPDATE = 2,
    VFIMPL_1D_POST_UPDATE = 3,
    VFIMPL_2D_POST_UPDATE = 4,
};

// Rounding of conversions (TCVT).
enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT = 1,
    CAST_ROUND = 2,
    CAST_FLOOR = 3,
    CAST_CEIL = 4,
    CAST_TRUNC = 5,
    CAST_ODD = 6,
};

enum class TCopyMode : uint8_t { SHALLOW_COPY = 0, DEEP_COPY = 1 };

enum class SyncAllMode : uint8_t { Hard = 0, Soft = 1 };

enum class SyncCoreType : uint8_t { AIVOnly = 0, AICOnly = 1, Mix = 2 };

constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr uint16_t SYNC_FLAG_ID_MAX = 16;
constexpr int32_t SYNCALL_SOFT_WORKSPACE_INT32 = 16;
constexpr int32_t SYNCALL_SOFT_BACKOFF_THRESHOLD = 16;
constexpr int32_t SYNCALL_SOFT_MAX_POLL_ITERATIONS = 1000000;

// Acc -> Vec split mode (TMOV / TEXTRACT / TINSERT).
enum class AccToVecMode : uint8_t {
    SingleModeVec0 = 0,
    SingleModeVec1 = 1,
    DualModeSplitM = 2,
    DualModeSplitN = 3,
};

// ReLU applied in the fixpipe on Acc moves / stores.
enum class ReluPreMode : uint8_t { NoRelu = 0, NormalRelu = 1 };

enum class AtomicType : uint8_t { AtomicNone = 0, AtomicAdd = 1 };

// Padding policy of a tile. Values 0..3 are named; custom values have bit 32 set and carry the
// pad element's bit pattern in the low 32 bits (see PadValueCustom in constants.hpp).
enum class PadValue : uint64_t {
    Null = 0,
    Zero = 1,
    Max = 2,
    Min = 3,
    CustomBase = 0x100000000ULL,
};

enum class TFillPadMode : uint8_t { Normal = 0, InPlace = 1, Expand = 2 };

enum class SaturationMode : uint8_t { ON = 0, OFF = 1 };

enum class CompactMode {
    Null,
    Normal,
    RowPlusOne,
    RowAlignedPadding,
};

enum class SetFmatrixMode {
    FMATRIX_A_AUTO,
    FMATRIX_B_AUTO,
    FMATRIX_A_MANUAL,
    FMATRIX_B_MANUAL,
};

enum class TileLayoutCustom : uint8_t { ND, DN, NZ, ZN, ZZ, NONE };

enum class HistByte : uint8_t { BYTE_0 = 0, BYTE_1 = 1, BYTE_2 = 2, BYTE_3 = 3 };

// Precision selectors taken by the `auto PrecisionType` template parameter of math instructions.
enum class PowAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class DivAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class SqrtAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class RsqrtAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class RecipAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class ExpAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class LogAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class FmodAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class FmodSAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class RemAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class RemSAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };

enum class ScatterAxis : uint8_t { SCATTER_ROW = 0, SCATTER_COL = 1 };
enum class ScatterAtomicOp : uint8_t { None = 0, Add = 1, Max = 2, Min = 3 };
enum class ScatterOOB : uint8_t { Undefined = 0, Skip = 1, Clamp = 2, Wrap = 3 };
enum class ScatterConflict : uint8_t { Last = 0, Default = 1 };
enum class GatherAxis : uint8_t { GATHER_ROW = 0, GATHER_COL = 1 };
enum class GatherOOB : uint8_t { Undefined = 0, Clamp = 1, Wrap = 2, Zero = 3 };
// Execution strategy of the GM-index MGATHER form (A5).
enum class GatherExec : uint8_t { Scalar = 0, Simt = 1 };

#ifndef TINSERT_MODE_DEFINED
#define TINSERT_MODE_DEFINED
enum class TInsertMode : uint8_t { SPLIT2 = 2, SPLIT4 = 3 };
#endif

enum class Coalesce : uint8_t { Row = 0, Elem = 1 };

namespace GlobalTensorDim {
constexpr int DIM_0 = 0;
constexpr int DIM_1 = 1;
constexpr int DIM_2 = 2;
constexpr int DIM_3 = 3;
constexpr int DIM_4 = 4;
constexpr int TOTAL_DIM = 5;
} // namespace GlobalTensorDim

// Philox state of TRANDOM.
constexpr int PTO_RANDOM_KEY_SIZE = 2;
constexpr int PTO_RANDOM_COUNTER_SIZE = 4;
using TRandomKey = uint32_t[PTO_RANDOM_KEY_SIZE];
using TRandomCounter = uint32_t[PTO_RANDOM_COUNTER_SIZE];

} // namespace pto

#endif // PTOLINT_MODEL_PTO_TYPE_HPP

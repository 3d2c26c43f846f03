// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Data types of the tile programming model (docs/coding/Tile.md, docs/coding/GlobalTensor.md,
// docs/coding/ConvTile.md): Shape / Stride / GlobalTensor for global memory, Tile and its
// matmul aliases for on-chip storage, ConvTile for convolution feature maps.
//
// Deliberately NOT modelled: the static_asserts the vendor Tile uses to enforce layout /
// alignment / valid-region invariants. ptolint checks those itself and reports them as
// findings; an ill-formed-but-parseable Tile must still produce a complete AST.
// Modelled: the static_asserts of members a kernel calls itself (pto_tile.hpp's Shape / Stride
// constructors from 1..4 values, GlobalTensor::GetShape/GetStride/SetShape/SetStride<dim>) and of the
// TileShape2D / BaseShape2D helpers a kernel spells: they fire only there and are reported as a compile
// error, as the real headers would.
#ifndef PTOLINT_MODEL_PTO_TILE_HPP
#define PTOLINT_MODEL_PTO_TILE_HPP

#include <pto/common/type.hpp>
#include <pto/common/memory.hpp>
#include <pto/common/constants.hpp>

namespace pto {

// A dimension / valid extent that is only known at run time.
constexpr int DYNAMIC = -1;

namespace detail {
// A GlobalTensor dimension index 0..4 (the template accessors assert it, as the vendor's do).
constexpr bool InDims(int dim) { return dim >= 0 && dim < GlobalTensorDim::TOTAL_DIM; }
// Store the run-time values `vals[0..n)` into the DYNAMIC slots of `dst`, in order.
PTO_INTERNAL void FillDynamic(int64_t* dst, const int64_t* statics, const int64_t* vals, int n)
{
    int k = 0;
    for (int i = 0; i < GlobalTensorDim::TOTAL_DIM && k < n; ++i) {
        if (statics[i] == DYNAMIC) {
            dst[i] = vals[k++];
        }
    }
}
// Positional form: dimension i takes vals[i] when it is DYNAMIC.
PTO_INTERNAL void FillPositional(int64_t* dst, const int64_t* statics, const int64_t* vals)
{
    for (int i = 0; i < GlobalTensorDim::TOTAL_DIM; ++i) {
        if (statics[i] == DYNAMIC) {
            dst[i] = vals[i];
        }
    }
}
} // namespace detail

// ---------------------------------------------------------------- Shape / Stride
// Five-dimensional extent of a GlobalTensor; each dimension is static or DYNAMIC.
// Constructors: none (dynamic dims default to 1), all five dims positionally, or exactly as many
// values as there are DYNAMIC dims (1..4), which fill the DYNAMIC dims left to right.
template <int64_t N1 = DYNAMIC, int64_t N2 = DYNAMIC, int64_t N3 = DYNAMIC, int64_t N4 = DYNAMIC, int64_t N5 = DYNAMIC>
struct Shape {
    static constexpr int64_t staticShape[5] = {N1, N2, N3, N4, N5};
    static constexpr int dynamicCount = (N1 == DYNAMIC) + (N2 == DYNAMIC) + (N3 == DYNAMIC) + (N4 == DYNAMIC) +
                                        (N5 == DYNAMIC);

    PTO_INTERNAL Shape() {}
    PTO_INTERNAL Shape(int64_t n1, int64_t n2, int64_t n3, int64_t n4, int64_t n5)
    {
        const int64_t v[5] = {n1, n2, n3, n4, n5};
        detail::FillPositional(shape, staticShape, v);
    }
    PTO_INTERNAL Shape(int64_t n)
    {
        static_assert(dynamicCount == 1, "ptolint model: Shape constructed from 1 value(s) needs exactly 1 DYNAMIC dimension(s)");
        const int64_t v[1] = {n};
        detail::FillDynamic(shape, staticShape, v, 1);
    }
    PTO_INTERNAL Shape(int64_t n1, int64_t n2)
    {
        static_assert(dynamicCount == 2, "ptolint model: Shape constructed from 2 value(s) needs exactly 2 DYNAMIC dimension(s)");
        const int64_t v[2] = {n1, n2};
        detail::FillDynamic(shape, staticShape, v, 2);
    }
    PTO_INTERNAL Shape(int64_t n1, int64_t n2, int64_t n3)
    {
        static_assert(dynamicCount == 3, "ptolint model: Shape constructed from 3 value(s) needs exactly 3 DYNAMIC dimension(s)");
        const int64_t v[3] = {n1, n2, n3};
        detail::FillDynamic(shape, staticShape, v, 3);
    }
    PTO_INTERNAL Shape(int64_t n1, int64_t n2, int64_t n3, int64_t n4)
    {
        static_assert(dynamicCount == 4, "ptolint model: Shape constructed from 4 value(s) needs exactly 4 DYNAMIC dimension(s)");
        const int64_t v[4] = {n1, n2, n3, n4};
        detail::FillDynamic(shape, staticShape, v, 4);
    }

    int64_t shape[GlobalTensorDim::TOTAL_DIM] = {1, 1, 1, 1, 1};
};

// Five-dimensional element strides of a GlobalTensor; same constructor rules as Shape.
template <int64_t SN1 = DYNAMIC, int64_t SN2 = DYNAMIC, int64_t SN3 = DYNAMIC, int64_t SN4 = DYNAMIC,
          int64_t SN5 = DYNAMIC>
struct Stride {
    static constexpr int64_t staticStride[GlobalTensorDim::TOTAL_DIM] = {SN1, SN2, SN3, SN4, SN5};
    static constexpr int dynamicCount = (SN1 == DYNAMIC) + (SN2 == DYNAMIC) + (SN3 == DYNAMIC) + (SN4 == DYNAMIC) +
                                        (SN5 == DYNAMIC);

    PTO_INTERNAL Stride() {}
    PTO_INTERNAL Stride(int64_t n1, int64_t n2, int64_t n3, int64_t n4, int64_t n5)
    {
        const int64_t v[5] = {n1, n2, n3, n4, n5};
        detail::FillPositional(stride, staticStride, v);
    }
    PTO_INTERNAL Stride(int64_t n)
    {
        static_assert(dynamicCount == 1, "ptolint model: Stride constructed from 1 value(s) needs exactly 1 DYNAMIC dimension(s)");
        const int64_t v[1] = {n};
        detail::FillDynamic(stride, staticStride, v, 1);
    }
    PTO_INTERNAL Stride(int64_t n1, int64_t n2)
    {
        static_assert(dynamicCount == 2, "ptolint model: Stride constructed from 2 value(s) needs exactly 2 DYNAMIC dimension(s)");
        const int64_t v[2] = {n1, n2};
        detail::FillDynamic(stride, staticStride, v, 2);
    }
    PTO_INTERNAL Stride(int64_t n1, int64_t n2, int64_t n3)
    {
        static_assert(dynamicCount == 3, "ptolint model: Stride constructed from 3 value(s) needs exactly 3 DYNAMIC dimension(s)");
        const int64_t v[3] = {n1, n2, n3};
        detail::FillDynamic(stride, staticStride, v, 3);
    }
    PTO_INTERNAL Stride(int64_t n1, int64_t n2, int64_t n3, int64_t n4)
    {
        static_assert(dynamicCount == 4, "ptolint model: Stride constructed from 4 value(s) needs exactly 4 DYNAMIC dimension(s)");
        const int64_t v[4] = {n1, n2, n3, n4};
        detail::FillDynamic(stride, staticStride, v, 4);
    }

    int64_t stride[GlobalTensorDim::TOTAL_DIM] = {1, 1, 1, 1, 1};
};

template <typename T>
struct remove_gm {
    using type = T;
};
template <typename T>
using remove_gm_t = typename remove_gm<std::remove_cv_t<T>>::type;

// ---------------------------------------------------------------- GlobalTensor
// A view of global memory: element pointer + 5-D Shape + 5-D Stride + layout tag.
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND>
struct GlobalTensor {
    using Shape = Shape_;
    using Stride = Stride_;
    using RawDType = remove_gm_t<Element_>;
    using DType = __gm__ RawDType;
    static constexpr Layout layout = Layout_;

    static const Shape defaultShape;
    static const Stride defaultStride;

    static constexpr int64_t staticShape[GlobalTensorDim::TOTAL_DIM] = {
        Shape::staticShape[0], Shape::staticShape[1], Shape::staticShape[2], Shape::staticShape[3],
        Shape::staticShape[4]};
    static constexpr int64_t staticStride[GlobalTensorDim::TOTAL_DIM] = {
        Stride::staticStride[0], Stride::staticStride[1], Stride::staticStride[2], Stride::staticStride[3],
        Stride::staticStride[4]};

    PTO_INTERNAL GlobalTensor(DType* data, const Shape& shape = defaultShape, const Stride& stride = defaultStride)
        : data_(data), shape_(shape), stride_(stride)
    {}
    PTO_INTERNAL GlobalTensor() : data_(nullptr) {}

    // Run-time query of one dimension (static dims answer their compile-time value).
    PTO_INTERNAL int64_t GetShape(const int dim)
    {
        if (dim < 0 || dim >= GlobalTensorDim::TOTAL_DIM) {
            return -1;
        }
        return staticShape[dim] == DYNAMIC ? shape_.shape[dim] : staticShape[dim];
    }
    PTO_INTERNAL int64_t GetStride(const int dim)
    {
        if (dim < 0 || dim >= GlobalTensorDim::TOTAL_DIM) {
            return -1;
        }
        return staticStride[dim] == DYNAMIC ? stride_.stride[dim] : staticStride[dim];
    }
    // Compile-time query of a static dimension.
    template <int dim>
    AICORE static constexpr int64_t GetShape()
    {
        static_assert(dim >= GlobalTensorDim::DIM_0 && dim < GlobalTensorDim::TOTAL_DIM, "ptolint model: GlobalTensor dimension index must be 0..4");
        static_assert(!detail::InDims(dim) || staticShape[detail::InDims(dim) ? dim : 0] != DYNAMIC,
                      "ptolint model: this dimension is DYNAMIC; read it at run time (GetShape(dim) / GetStride(dim))");
        return detail::InDims(dim) ? staticShape[detail::InDims(dim) ? dim : 0] : -1;
    }
    template <int dim>
    AICORE static constexpr int64_t GetStride()
    {
        static_assert(dim >= GlobalTensorDim::DIM_0 && dim < GlobalTensorDim::TOTAL_DIM, "ptolint model: GlobalTensor dimension index must be 0..4");
        static_assert(!detail::InDims(dim) || staticStride[detail::InDims(dim) ? dim : 0] != DYNAMIC,
                      "ptolint model: this dimension is DYNAMIC; read it at run time (GetShape(dim) / GetStride(dim))");
        return detail::InDims(dim) ? staticStride[detail::InDims(dim) ? dim : 0] : -1;
    }

    // Update DYNAMIC dimensions after construction: SetShape<d0, d1, ...>(v0, v1, ...).
    template <int... dims, typename... Vals>
    PTO_INTERNAL void SetShape(Vals... vals)
    {
        static_assert(((dims >= GlobalTensorDim::DIM_0 && dims < GlobalTensorDim::TOTAL_DIM) && ...),
                      "ptolint model: GlobalTensor dimension index must be 0..4");
        static_assert(((!detail::InDims(dims) || staticShape[detail::InDims(dims) ? dims : 0] == DYNAMIC) && ...),
                      "ptolint model: only DYNAMIC dimensions can be set after construction");
        const int idx[] = {dims...};
        const int64_t v[] = {static_cast<int64_t>(vals)...};
        for (unsigned i = 0; i < sizeof...(dims); ++i) {
            shape_.shape[idx[i]] = v[i];
        }
    }
    template <int... dims, typename... Vals>
    PTO_INTERNAL void SetStride(Vals... vals)
    {
        static_assert(((dims >= GlobalTensorDim::DIM_0 && dims < GlobalTensorDim::TOTAL_DIM) && ...),
                      "ptolint model: GlobalTensor dimension index must be 0..4");
        static_assert(((!detail::InDims(dims) || staticStride[detail::InDims(dims) ? dims : 0] == DYNAMIC) && ...),
                      "ptolint model: only DYNAMIC dimensions can be set after construction");
        const int idx[] = {dims...};
        const int64_t v[] = {static_cast<int64_t>(vals)...};
        for (unsigned i = 0; i < sizeof...(dims); ++i) {
            stride_.stride[idx[i]] = v[i];
        }
    }

    AICORE DType* data() { return data_; }

    template <typename T, typename AddrType>
    friend AICORE void TASSIGN_IMPL(T& obj, AddrType addr);

private:
    AICORE void SetAddr(DType* addr) { data_ = addr; }

    DType* data_;
    Shape shape_ = defaultShape;
    Stride stride_ = defaultStride;
};

template <typename Element_, typename Shape_, typename Stride_, Layout Layout_>
const typename GlobalTensor<Element_, Shape_, Stride_, Layout_>::Shape
    GlobalTensor<Element_, Shape_, Stride_, Layout_>::defaultShape{1, 1, 1, 1, 1};

template <typename Element_, typename Shape_, typename Stride_, Layout Layout_>
const typename GlobalTensor<Element_, Shape_, Stride_, Layout_>::Stride
    GlobalTensor<Element_, Shape_, Stride_, Layout_>::defaultStride{1, 1, 1, 1, 1};

// ---------------------------------------------------------------- 2-D shape / stride helpers
// TileShape2D<T, rows, cols, Layout> is the 5-D Shape and BaseShape2D<T, rows, cols, Layout>
// the 5-D Stride of a rows x cols matrix stored in GM with the given layout. DYNAMIC rows/cols
// make every dependent dimension DYNAMIC; the (rows, cols) constructors supply them at run time.
namespace detail {
constexpr int64_t DynMul(int64_t a, int64_t b) { return (a == DYNAMIC || b == DYNAMIC) ? DYNAMIC : a * b; }
constexpr int64_t DynDiv(int64_t a, int64_t b) { return a == DYNAMIC ? DYNAMIC : a / b; }

// Per-layout maps: Sh(i, r, c) is shape dim i, St(i, r, c) stride dim i.
template <typename T, Layout L>
struct Layout2D; // undefined for layouts without a 2-D mapping

template <typename T>
struct Layout2D<T, Layout::ND> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c) { return i == 3 ? r : i == 4 ? c : 1; }
    static constexpr int64_t St(int i, int64_t r, int64_t c) { return i == 3 ? c : i == 4 ? 1 : DynMul(r, c); }
};
template <typename T>
struct Layout2D<T, Layout::DN> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c) { return i == 3 ? r : i == 4 ? c : 1; }
    static constexpr int64_t St(int i, int64_t r, int64_t c) { return i == 3 ? 1 : i == 4 ? r : DynMul(r, c); }
};
template <typename T>
struct Layout2D<T, Layout::NZ> {
    static constexpr int64_t C0 = C0_SIZE_BYTE / sizeof(T);
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 0 ? 1 : i == 1 ? DynDiv(c, C0) : i == 2 ? DynDiv(r, FRACTAL_NZ_ROW) : i == 3 ? FRACTAL_NZ_ROW : C0;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 0 ? DynMul(r, c) : i == 1 ? DynMul(r, C0) : i == 2 ? FRACTAL_NZ_ROW * C0 : i == 3 ? C0 : 1;
    }
};
template <typename T>
struct Layout2D<T, Layout::MX_A_ZZ> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 0 ? 1 : i == 1 ? DynDiv(r, MX_ROW_LEN) : i == 2 ? DynDiv(c, MX_COL_LEN) : i == 3 ? MX_ROW_LEN : MX_COL_LEN;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 0 ? DynMul(r, c) : i == 1 ? DynMul(c, MX_ROW_LEN) : i == 2 ? MX_BLOCK_SIZE : i == 3 ? MX_COL_LEN : 1;
    }
};
template <typename T>
struct Layout2D<T, Layout::MX_A_ND> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 2 ? r : i == 3 ? DynDiv(c, MX_COL_LEN) : i == 4 ? MX_COL_LEN : 1;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 2 ? c : i == 3 ? MX_COL_LEN : i == 4 ? 1 : DynMul(r, c);
    }
};
template <typename T>
struct Layout2D<T, Layout::MX_A_DN> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 2 ? DynDiv(c, MX_COL_LEN) : i == 3 ? r : i == 4 ? MX_COL_LEN : 1;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 2 ? DynMul(r, MX_COL_LEN) : i == 3 ? MX_COL_LEN : i == 4 ? 1 : DynMul(r, c);
    }
};
template <typename T>
struct Layout2D<T, Layout::MX_B_NN> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 0 ? 1 : i == 1 ? DynDiv(c, MX_ROW_LEN) : i == 2 ? DynDiv(r, MX_COL_LEN) : i == 3 ? MX_ROW_LEN : MX_COL_LEN;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 0 ? DynMul(r, c) : i == 1 ? DynMul(r, MX_ROW_LEN) : i == 2 ? MX_BLOCK_SIZE : i == 3 ? MX_COL_LEN : 1;
    }
};
template <typename T>
struct Layout2D<T, Layout::MX_B_ND> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 2 ? DynDiv(r, MX_COL_LEN) : i == 3 ? c : i == 4 ? MX_COL_LEN : 1;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 2 ? DynMul(c, MX_COL_LEN) : i == 3 ? MX_COL_LEN : i == 4 ? 1 : DynMul(r, c);
    }
};
template <typename T>
struct Layout2D<T, Layout::MX_B_DN> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 2 ? c : i == 3 ? DynDiv(r, MX_COL_LEN) : i == 4 ? MX_COL_LEN : 1;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 2 ? r : i == 3 ? MX_COL_LEN : i == 4 ? 1 : DynMul(r, c);
    }
};
template <typename T>
struct Layout2D<T, Layout::HIF4_A_ZZ> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 0 ? 1 : i == 1 ? DynDiv(r, HIF4_ROW_LEN) : i == 2 ? c : i == 3 ? HIF4_ROW_LEN : HIF4_COL_LEN;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 0 ? DynMul(r, c) : i == 1 ? DynMul(c, HIF4_ROW_LEN) : i == 2 ? HIF4_BLOCK_SIZE : i == 3 ? HIF4_COL_LEN : 1;
    }
};
template <typename T>
struct Layout2D<T, Layout::HIF4_B_NN> {
    static constexpr int64_t Sh(int i, int64_t r, int64_t c)
    {
        return i == 0 ? 1 : i == 1 ? DynDiv(c, HIF4_ROW_LEN) : i == 2 ? r : i == 3 ? HIF4_ROW_LEN : HIF4_COL_LEN;
    }
    static constexpr int64_t St(int i, int64_t r, int64_t c)
    {
        return i == 0 ? DynMul(r, c) : i == 1 ? DynMul(r, HIF4_ROW_LEN) : i == 2 ? HIF4_BLOCK_SIZE : i == 3 ? HIF4_COL_LEN : 1;
    }
};

// The layouts whose 2-D helpers need whole blocks (the vendor's TileShape2D / BaseShape2D assert it): NZ rows in
// 16-row fractals and columns in 32-byte blocks; MX A layouts an even column count, MX B layouts an even row count.
template <typename T, Layout L>
constexpr bool Shape2DDivisible(int64_t r, int64_t c)
{
    if (L == Layout::NZ) {
        return (r == DYNAMIC || r % FRACTAL_NZ_ROW == 0) &&
               (c == DYNAMIC || c % static_cast<int64_t>(C0_SIZE_BYTE / sizeof(T)) == 0);
    }
    if (L == Layout::MX_A_ZZ || L == Layout::MX_A_ND || L == Layout::MX_A_DN) {
        return c == DYNAMIC || c % 2 == 0;
    }
    if (L == Layout::MX_B_NN || L == Layout::MX_B_ND || L == Layout::MX_B_DN) {
        return r == DYNAMIC || r % 2 == 0;
    }
    return true;
}

template <typename T, int64_t R, int64_t C, Layout L>
using Shape2DBase = Shape<Layout2D<T, L>::Sh(0, R, C), Layout2D<T, L>::Sh(1, R, C), Layout2D<T, L>::Sh(2, R, C),
                          Layout2D<T, L>::Sh(3, R, C), Layout2D<T, L>::Sh(4, R, C)>;
template <typename T, int64_t R, int64_t C, Layout L>
using Stride2DBase = Stride<Layout2D<T, L>::St(0, R, C), Layout2D<T, L>::St(1, R, C), Layout2D<T, L>::St(2, R, C),
                            Layout2D<T, L>::St(3, R, C), Layout2D<T, L>::St(4, R, C)>;
} // namespace detail

template <typename T, int64_t rows = DYNAMIC, int64_t cols = DYNAMIC, Layout Layout_ = Layout::ND>
struct TileShape2D : public detail::Shape2DBase<T, rows, cols, Layout_> {
    using Parent = detail::Shape2DBase<T, rows, cols, Layout_>;
    static_assert(detail::Shape2DDivisible<T, Layout_>(rows, cols),
                  "ptolint model: TileShape2D rows / cols are not whole blocks of this layout (NZ: 16 rows, 32-byte "
                  "columns; MX A: even cols; MX B: even rows)");
    using Map = detail::Layout2D<T, Layout_>;
    PTO_INTERNAL TileShape2D() : Parent() {}
    PTO_INTERNAL TileShape2D(int64_t dynamicRows, int64_t dynamicCols)
        : Parent(Map::Sh(0, dynamicRows, dynamicCols), Map::Sh(1, dynamicRows, dynamicCols),
                 Map::Sh(2, dynamicRows, dynamicCols), Map::Sh(3, dynamicRows, dynamicCols),
                 Map::Sh(4, dynamicRows, dynamicCols))
    {}
    using Parent::Parent;
};

template <typename T, int64_t rows = DYNAMIC, int64_t cols = DYNAMIC, Layout Layout_ = Layout::ND>
struct BaseShape2D : public detail::Stride2DBase<T, rows, cols, Layout_> {
    using Parent = detail::Stride2DBase<T, rows, cols, Layout_>;
    static_assert(Layout_ != Layout::NZ || detail::Shape2DDivisible<T, Layout_>(rows, cols),
                  "ptolint model: BaseShape2D of Layout::NZ needs rows in 16-row fractals and columns in 32-byte "
                  "blocks");
    using Map = detail::Layout2D<T, Layout_>;
    PTO_INTERNAL BaseShape2D() : Parent() {}
    PTO_INTERNAL BaseShape2D(int64_t dynamicRows, int64_t dynamicCols)
        : Parent(Map::St(0, dynamicRows, dynamicCols), Map::St(1, dynamicRows, dynamicCols),
                 Map::St(2, dynamicRows, dynamicCols), Map::St(3, dynamicRows, dynamicCols),
                 Map::St(4, dynamicRows, dynamicCols))
    {}
    using Parent::Parent;
};

// ---------------------------------------------------------------- tile geometry constants
namespace TileConfig {
static constexpr int alignedSize = 32;      // unboxed rows/cols must be 32-byte aligned
static constexpr int fixedRowSize = 16;     // boxed fractal rows (inner row-major)
static constexpr int fixedColSize = 16;     // boxed fractal cols (inner col-major)
static constexpr int fixedMxRowSize = 16;   // MX scale fractal
static constexpr int fixedMxColSize = 2;
static constexpr int fractalABSize = 512;   // bytes of an A/B operand fractal
static constexpr int fractalCSize = 1024;   // bytes of an accumulator fractal
static constexpr int fractalMxSize = 32;    // bytes of an MX scale fractal
} // namespace TileConfig

// ---------------------------------------------------------------- ConvTile
namespace ConvTileDetail {
constexpr int MAX_CONVTILE_DIM = 6;
} // namespace ConvTileDetail

// Up to 6 dims; unspecified trailing dims read as 0, DYNAMIC dims are set at run time.
template <int... Shapes>
struct ConvTileShape {
    static constexpr int totalDimCount = sizeof...(Shapes);
    static constexpr int64_t staticShape[ConvTileDetail::MAX_CONVTILE_DIM + sizeof...(Shapes)] = {Shapes..., 0, 0, 0,
                                                                                                   0, 0, 0};
    static constexpr int dynamicDimCount = (0 + ... + (Shapes == DYNAMIC ? 1 : 0));

    PTO_INTERNAL ConvTileShape() {}
    // As in the vendor header: 1..5 values set exactly that many DYNAMIC dims (the 6-value form is unchecked).
    template <typename... Ints, typename std::enable_if<(sizeof...(Ints) >= 1 && sizeof...(Ints) <= 6), int>::type = 0>
    PTO_INTERNAL ConvTileShape(Ints... vals)
    {
        static_assert(sizeof...(Ints) == 6 || sizeof...(Ints) == dynamicDimCount,
                      "ConvTileShape constructed from k values needs exactly k DYNAMIC dimensions");
        const int64_t v[] = {static_cast<int64_t>(vals)...};
        int k = 0;
        for (int i = 0; i < ConvTileDetail::MAX_CONVTILE_DIM; ++i) {
            if (staticShape[i] == DYNAMIC && k < static_cast<int>(sizeof...(Ints))) {
                shape[i] = v[k++];
            }
        }
    }

    int64_t shape[ConvTileDetail::MAX_CONVTILE_DIM] = {1, 1, 1, 1, 1, 1};
};

// A convolution operand in on-chip storage with its img2col / fmatrix parameters.
template <TileType Loc_, typename Element_, const int BufferSize_, Layout Layout_, typename Shape_>
struct ConvTile {
    using DType = Element_;
    using ShapeType = Shape_;
    static constexpr TileType Loc = Loc_;
    static constexpr int bufferSize = BufferSize_;
    static constexpr Layout layout = Layout_;
    static constexpr int totalDimCount = ShapeType::totalDimCount;
    static_assert(totalDimCount >= 1 && totalDimCount <= ConvTileDetail::MAX_CONVTILE_DIM,
                  "a ConvTile shape has 1 to 6 dimensions");
    static constexpr int64_t staticShape[ConvTileDetail::MAX_CONVTILE_DIM] = {
        ShapeType::staticShape[0], ShapeType::staticShape[1], ShapeType::staticShape[2],
        ShapeType::staticShape[3], ShapeType::staticShape[4], ShapeType::staticShape[5]};
    static constexpr int dynamicDimCount = ShapeType::dynamicDimCount;
    using TileDType = typename MemoryQualifier<Loc_, DType>::type;

    int64_t shape[ConvTileDetail::MAX_CONVTILE_DIM] = {1, 1, 1, 1, 1, 1};

    PTO_INTERNAL ConvTile() = default;
    template <typename... Ints>
    PTO_INTERNAL explicit ConvTile(Ints... dynamicVals)
    {
        SetDynamicShape(dynamicVals...);
    }
    // As in the vendor header: one int64_t value per DYNAMIC dimension (the constructor forwards here too).
    template <typename... Ints>
    PTO_INTERNAL void SetDynamicShape(Ints... vals)
    {
        static_assert(sizeof...(vals) == dynamicDimCount, "ConvTile needs one value per DYNAMIC dimension");
        static_assert((std::is_same_v<Ints, int64_t> && ...), "ConvTile dynamic values are int64_t");
        const int64_t v[] = {0, static_cast<int64_t>(vals)...};
        int k = 1;
        for (int i = 0; i < ConvTileDetail::MAX_CONVTILE_DIM; ++i) {
            if (staticShape[i] == DYNAMIC && k <= static_cast<int>(sizeof...(Ints))) {
                shape[i] = v[k++];
            }
        }
    }
    PTO_INTERNAL constexpr int64_t GetShape(int dim) const
    {
        return (dim < 0 || dim >= totalDimCount) ? -1 : (staticShape[dim] == DYNAMIC ? shape[dim] : staticShape[dim]);
    }

    AICORE TileDType& data() { return data_; }
    AICORE const TileDType& data() const { return data_; }

    template <typename T, typename AddrType>
    friend AICORE void TASSIGN_IMPL(T& obj, AddrType addr);

    PTO_INTERNAL uint16_t GetFmapH() const { return fmapH_; }
    PTO_INTERNAL void SetFmapH(uint16_t v) { fmapH_ = v; }
    PTO_INTERNAL uint16_t GetFmapW() const { return fmapW_; }
    PTO_INTERNAL void SetFmapW(uint16_t v) { fmapW_ = v; }
    PTO_INTERNAL uint8_t GetPadList(uint8_t index) const { return padList_[index]; }
    PTO_INTERNAL void SetPadList(uint8_t index, uint8_t value) { padList_[index] = value; }
    PTO_INTERNAL const uint8_t* GetPadListArray() const { return padList_; }
    PTO_INTERNAL void SetPadListArray(const uint8_t values[4])
    {
        for (int i = 0; i < 4; ++i) {
            padList_[i] = values[i];
        }
    }
    PTO_INTERNAL uint16_t GetFilterH() const { return filterH_; }
    PTO_INTERNAL void SetFilterH(uint16_t v) { filterH_ = v; }
    PTO_INTERNAL uint16_t GetFilterW() const { return filterW_; }
    PTO_INTERNAL void SetFilterW(uint16_t v) { filterW_ = v; }
    PTO_INTERNAL uint8_t GetDilationH() const { return static_cast<uint8_t>(dilationH_); }
    PTO_INTERNAL void SetDilationH(uint8_t v) { dilationH_ = v; }
    PTO_INTERNAL uint8_t GetDilationW() const { return static_cast<uint8_t>(dilationW_); }
    PTO_INTERNAL void SetDilationW(uint8_t v) { dilationW_ = v; }
    PTO_INTERNAL uint8_t GetStrideH() const { return static_cast<uint8_t>(strideH_); }
    PTO_INTERNAL void SetStrideH(uint8_t v) { strideH_ = v; }
    PTO_INTERNAL uint8_t GetStrideW() const { return static_cast<uint8_t>(strideW_); }
    PTO_INTERNAL void SetStrideW(uint8_t v) { strideW_ = v; }
    PTO_INTERNAL DType GetPadValue() const { return padValue_; }
    PTO_INTERNAL void SetPadValue(DType v) { padValue_ = v; }
    PTO_INTERNAL uint16_t GetChannelSize() const { return channelSize_; }
    PTO_INTERNAL void SetChannelSize(uint16_t v) { channelSize_ = v; }
    PTO_INTERNAL uint16_t GetRepeatStride() const { return repeatStride_; }
    PTO_INTERNAL void SetRepeatStride(uint16_t v) { repeatStride_ = v; }
    PTO_INTERNAL uint16_t GetRepeatTime() const { return repeatTime_; }
    PTO_INTERNAL void SetRepeatTime(uint8_t v) { repeatTime_ = v; }
    PTO_INTERNAL uint16_t GetRepeatMode() const { return repeatMode_; }
    PTO_INTERNAL void SetRepeatMode(uint8_t v) { repeatMode_ = v; }
    PTO_INTERNAL bool GetTranspose() const { return transpose_; }
    PTO_INTERNAL void SetTranspose(bool v) { transpose_ = v; }
#if PTOLINT_TARGET_A5
    PTO_INTERNAL void SetDstStride(uint16_t v) { dstStride_ = v; }
    PTO_INTERNAL uint16_t GetDstStride() const { return dstStride_; }
    PTO_INTERNAL void SetDstMposition(uint16_t v) { dstMposition_ = v; }
    PTO_INTERNAL uint16_t GetDstMposition() const { return dstMposition_; }
#endif

private:
    AICORE void assignData(TileDType d) { data_ = d; }
    TileDType data_{};
    uint8_t padList_[4] = {0, 0, 0, 0};
    uint16_t fmapH_ = 0;
    uint16_t fmapW_ = 0;
    uint16_t filterH_ = 1;
    uint16_t filterW_ = 1;
    uint16_t dilationH_ = 1;
    uint16_t dilationW_ = 1;
    uint16_t strideH_ = 1;
    uint16_t strideW_ = 1;
    DType padValue_{};
    uint16_t channelSize_ = 0;
    uint16_t repeatStride_ = 0;
    uint8_t repeatTime_ = 1;
    uint8_t repeatMode_ = 0;
    uint16_t dstStride_ = 0;
    uint16_t dstMposition_ = 0;
    bool transpose_ = false;
};

// ---------------------------------------------------------------- Tile
namespace detail {
// Rows / cols of one inner box (fractal) of a tile, from the fractal size and inner layout.
template <typename DType, SLayout SFractal, int SFractalSize>
struct TileBox {
    static constexpr bool boxed = SFractal != SLayout::NoneBox;
    static constexpr bool innerRowMajor = SFractal == SLayout::RowMajor;
    static constexpr int elemsPer32B = static_cast<int>(TileConfig::alignedSize / (sizeof(DType) ? sizeof(DType) : 1));
    static constexpr int rows = SFractalSize == TileConfig::fractalCSize ? TileConfig::fixedRowSize
                              : SFractalSize == TileConfig::fractalMxSize
                                  ? (innerRowMajor ? TileConfig::fixedMxRowSize : TileConfig::fixedMxColSize)
                              : !boxed        ? 1
                              : innerRowMajor ? TileConfig::fixedRowSize
                                              : elemsPer32B;
    static constexpr int cols = SFractalSize == TileConfig::fractalCSize ? TileConfig::fixedColSize
                              : SFractalSize == TileConfig::fractalMxSize
                                  ? (innerRowMajor ? TileConfig::fixedMxColSize : TileConfig::fixedMxRowSize)
                              : !boxed        ? 1
                              : innerRowMajor ? elemsPer32B
                                              : TileConfig::fixedColSize;
};
} // namespace detail

// A fixed-capacity 2-D on-chip buffer (docs/coding/Tile.md).
//   Loc_          storage class           Element_      element type
//   Rows_, Cols_  static capacity         BFractal_     outer layout
//   RowValid_, ColValid_  valid region (static value or DYNAMIC)
//   SFractal_     inner boxed layout      SFractalSize_ fractal bytes (512 / 1024 / 32)
//   PadVal_       padding policy (a PadValue, possibly custom)   Compact_  compact mode
template <TileType Loc_, typename Element_, const int Rows_, const int Cols_,
          const BLayout BFractal_ = BLayout::RowMajor, const int RowValid_ = Rows_, const int ColValid_ = Cols_,
          const SLayout SFractal_ = SLayout::NoneBox, const int SFractalSize_ = TileConfig::fractalABSize,
          auto PadVal_ = PadValue::Null, const CompactMode Compact_ = CompactMode::Null>
struct Tile {
public:
    using DType = Element_;

    static constexpr TileType Loc = Loc_;
    static constexpr int Rows = Rows_;
    static constexpr int Cols = Cols_;
    static constexpr int RowStride = BFractal_ == BLayout::RowMajor ? Cols : 1;
    static constexpr int ColStride = BFractal_ == BLayout::RowMajor ? 1 : Rows;
    static constexpr int ValidRow = RowValid_;
    static constexpr int ValidCol = ColValid_;
    static constexpr BLayout BFractal = BFractal_;
    static constexpr SLayout SFractal = SFractal_;
    static constexpr int Numel = Rows * Cols;
    static constexpr bool isRowMajor = BFractal_ == BLayout::RowMajor;
    static constexpr int SFractalSize = SFractalSize_;
    static constexpr auto PadVal = PadVal_;
    static constexpr CompactMode Compact = Compact_;

    static constexpr bool isBoxedLayout = SFractal != SLayout::NoneBox;
    static constexpr bool isInnerRowMajor = SFractal == SLayout::RowMajor;
    static constexpr bool isInnerColMajor = SFractal == SLayout::ColMajor;
    static constexpr int InnerRows = detail::TileBox<DType, SFractal_, SFractalSize_>::rows;
    static constexpr int InnerCols = detail::TileBox<DType, SFractal_, SFractalSize_>::cols;
    static constexpr int InnerNumel = InnerRows * InnerCols;

    static constexpr int getInnerRow() { return InnerRows; }
    static constexpr int getInnerCol() { return InnerCols; }

    // Pointer (or address) type of the backing storage of this tile's TileType.
    using TileDType = typename MemoryQualifier<Loc, DType>::type;

    // Static valid region (or a static tile whose dynamic parts are set later).
    AICORE Tile() {}

    // Both valid extents known only at run time: Tile<..., DYNAMIC, DYNAMIC> t(validRow, validCol).
    template <int RowMask = ValidRow, int ColMask = ValidCol>
    AICORE Tile(std::enable_if_t<RowMask == DYNAMIC && ColMask == DYNAMIC, unsigned> validRow,
                std::enable_if_t<RowMask == DYNAMIC && ColMask == DYNAMIC, unsigned> validCol)
        : RowMaskInternal(validRow), ColMaskInternal(validCol)
    {}

    // Only the valid row count is dynamic: Tile<..., DYNAMIC, C> t(validRow).
    template <int RowMask = ValidRow, int ColMask = ValidCol>
    AICORE Tile(std::enable_if_t<(RowMask == DYNAMIC) && (ColMask > 0), unsigned> validRow)
        : RowMaskInternal(validRow)
    {}

    // Only the valid column count is dynamic: Tile<..., R, DYNAMIC> t(validCol).
    template <int RowMask = ValidRow, int ColMask = ValidCol>
    AICORE Tile(std::enable_if_t<(RowMask > 0) && (ColMask == DYNAMIC), unsigned> validCol)
        : ColMaskInternal(validCol)
    {}

    // Valid extents: compile-time constants when static, the stored run-time value when DYNAMIC.
    template <int RowMask = ValidRow>
    AICORE static constexpr std::enable_if_t<RowMask != DYNAMIC, unsigned> GetValidRow()
    {
        return static_cast<unsigned>(RowMask);
    }
    template <int RowMask = ValidRow>
    AICORE std::enable_if_t<RowMask == DYNAMIC, unsigned> GetValidRow() const
    {
        return RowMaskInternal;
    }
    template <int ColMask = ValidCol>
    AICORE static constexpr std::enable_if_t<ColMask != DYNAMIC, unsigned> GetValidCol()
    {
        return static_cast<unsigned>(ColMask);
    }
    template <int ColMask = ValidCol>
    AICORE std::enable_if_t<ColMask == DYNAMIC, unsigned> GetValidCol() const
    {
        return ColMaskInternal;
    }

    // Update a DYNAMIC valid extent (the device needs the scalar pipe to settle before use); a static extent
    // cannot be set (the vendor header rejects it at compile time as well).
    PTO_INTERNAL void SetValidRow(unsigned rowMask)
    {
        static_assert(ValidRow == DYNAMIC, "SetValidRow needs a tile whose valid row count is DYNAMIC");
        RowMaskInternal = rowMask;
    }
    PTO_INTERNAL void SetValidCol(unsigned colMask)
    {
        static_assert(ValidCol == DYNAMIC, "SetValidCol needs a tile whose valid column count is DYNAMIC");
        ColMaskInternal = colMask;
    }
    PTO_INTERNAL void SetValidShape(unsigned rowMask, unsigned colMask)
    {
        static_assert(ValidRow == DYNAMIC && ValidCol == DYNAMIC,
                      "SetValidShape needs a tile whose valid rows and columns are both DYNAMIC");
        RowMaskInternal = rowMask;
        ColMaskInternal = colMask;
    }

    // Scalar element access of a Vec tile (only UB is addressable by the scalar unit: the vendor header rejects
    // other locations at compile time as well).
    AICORE void SetValue(const uint32_t offset, const DType val)
    {
        static_assert(Loc == TileType::Vec, "SetValue needs a Vec tile");
        (void)offset, (void)val;
    }
    AICORE DType GetValue(const uint32_t offset)
    {
        static_assert(Loc == TileType::Vec, "GetValue needs a Vec tile");
        return (void)offset, DType{};
    }

    AICORE TileDType& data() { return data_; }
    AICORE const TileDType& data() const { return data_; }

    // K-alignment flag used by A2/A3 matmul paths.
    PTO_INTERNAL bool GetKAligned() const { return isKAligned_; }
    PTO_INTERNAL void SetKAligned(bool isKAligned) { isKAligned_ = isKAligned; }

    // TF32 multiply mode of the cube unit (a Left/Right tile property on the device).
    PTO_INTERNAL void SetMadTF32Mode(RoundMode tf32TransMode = RoundMode::CAST_ROUND) { (void)tf32TransMode; }
    PTO_INTERNAL void ResetMadMode() {}

    template <typename T, typename AddrType>
    friend AICORE void TASSIGN_IMPL(T& obj, AddrType addr);

    unsigned RowMaskInternal = 0;
    unsigned ColMaskInternal = 0;

private:
    AICORE void assignData(TileDType d) { data_ = d; }
    bool isKAligned_ = false;
    TileDType data_{};
};

// ---------------------------------------------------------------- matmul tile aliases
// Left operand (L0A): fractal 512 B, inner row-major; outer row-major on A2/A3 and Kirin X90 (Zz) and
// col-major on A5, A6, Kirin 9030 and Kirin Dev0000 (Nz).
#if PTOLINT_TARGET_A5 && !defined(PTO_NPU_ARCH_KIRINX90)
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeft = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                      SLayout::RowMajor, TileConfig::fractalABSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeftCompact = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                             SLayout::RowMajor, TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;
#else
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeft = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                      SLayout::RowMajor, TileConfig::fractalABSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeftCompact = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                             SLayout::RowMajor, TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;
#endif

// Right operand (L0B): outer row-major, inner col-major (Zn), fractal 512 B, on all targets.
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileRight = Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                       SLayout::ColMajor, TileConfig::fractalABSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileRightCompact = Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                              SLayout::ColMajor, TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;

// MX scale operands: fractal 32 B; left scale row/row, right scale col/col.
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeftScale = Tile<TileType::ScaleLeft, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                           SLayout::RowMajor, TileConfig::fractalMxSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeftScaleCompact = Tile<TileType::ScaleLeft, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_,
                                  ColValid_, SLayout::RowMajor, TileConfig::fractalMxSize, PadValue::Null,
                                  CompactMode::Normal>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileRightScale = Tile<TileType::ScaleRight, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                            SLayout::ColMajor, TileConfig::fractalMxSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileRightScaleCompact = Tile<TileType::ScaleRight, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_,
                                   ColValid_, SLayout::ColMajor, TileConfig::fractalMxSize, PadValue::Null,
                                   CompactMode::Normal>;

// Accumulator (L0C): outer col-major, inner row-major (Nz), fractal 1024 B, on all targets.
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileAcc = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                     SLayout::RowMajor, TileConfig::fractalCSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileAccCompact = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                            SLayout::RowMajor, TileConfig::fractalCSize, PadValue::Null, CompactMode::Normal>;

// ---------------------------------------------------------------- type traits
template <typename T>
struct is_global : std::false_type {};
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_>
struct is_global<GlobalTensor<Element_, Shape_, Stride_, Layout_>> : std::true_type {};

template <typename T>
struct is_tile : std::false_type {
    static constexpr SLayout layout_enum = SLayout::NoneBox;
};
template <TileType Loc_, typename Element_, const int Rows_, const int Cols_, const BLayout BFractal_,
          const int RowValid_, const int ColValid_, const SLayout SFractal_, const int SFractalSize_, auto PadVal_,
          const CompactMode Compact_>
struct is_tile<
    Tile<Loc_, Element_, Rows_, Cols_, BFractal_, RowValid_, ColValid_, SFractal_, SFractalSize_, PadVal_, Compact_>>
    : std::true_type {
    static constexpr SLayout layout_enum = SFractal_;
};

template <typename T>
struct is_conv_tile : std::false_type {};
template <TileType Loc_, typename Element_, const int BufferSize_, Layout Layout_, typename Shape_>
struct is_conv_tile<ConvTile<Loc_, Element_, BufferSize_, Layout_, Shape_>> : std::true_type {};

template <typename T>
constexpr bool is_boxed_tile = is_tile<T>::value && (is_tile<T>::layout_enum != SLayout::NoneBox);

template <typename TileT>
struct is_Nz_layout {
    static constexpr bool value = !TileT::isRowMajor && TileT::isBoxedLayout && TileT::isInnerRowMajor;
};
template <typename TileT>
struct is_Zn_layout {
    static constexpr bool value = TileT::isRowMajor && TileT::isBoxedLayout && TileT::isInnerColMajor;
};
template <typename TileT>
struct is_Zz_layout {
    static constexpr bool value = TileT::isRowMajor && TileT::isBoxedLayout && TileT::isInnerRowMajor;
};

template <typename T>
constexpr bool is_conv_tile_v = is_conv_tile<T>::value;
template <typename T>
constexpr bool is_global_data_v = is_global<T>::value;
template <typename T>
constexpr bool is_tile_data_v = is_tile<T>::value;
template <typename T>
constexpr bool is_boxed_data_v = is_boxed_tile<T>;

// Element offset of logical (row, col) inside the tile's storage.
template <typename TileT>
PTO_INTERNAL size_t GetTileOffset(int row, int col)
{
    if constexpr (!TileT::isBoxedLayout) {
        return row * TileT::RowStride + col * TileT::ColStride;
    } else {
        const int br = row / TileT::InnerRows, bc = col / TileT::InnerCols;
        const int ir = row % TileT::InnerRows, ic = col % TileT::InnerCols;
        constexpr int boxesPerCol = TileT::Rows / TileT::InnerRows;
        constexpr int boxesPerRow = TileT::Cols / TileT::InnerCols;
        if constexpr (is_Nz_layout<TileT>::value) {
            return (boxesPerCol * bc + br) * TileT::InnerNumel + ir * TileT::InnerCols + ic;
        } else if constexpr (is_Zn_layout<TileT>::value) {
            return (boxesPerRow * br + bc) * TileT::InnerNumel + ic * TileT::InnerRows + ir;
        } else {
            return (boxesPerRow * br + bc) * TileT::InnerNumel + ir * TileT::InnerCols + ic;
        }
    }
}

} // namespace pto

#endif // PTOLINT_MODEL_PTO_TILE_HPP

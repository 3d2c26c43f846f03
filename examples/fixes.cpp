// The README's "Fixes" example: a layout and a tmp shape ptolint can fix, and a warning that needs a caller's
// guarantee (an assumption or a suppression, offered but not applied by --fix).
#include <pto/pto-inst.hpp>

using namespace pto;

extern "C" __global__ AICORE void scale(__gm__ float* out, int rows)
{
    using Weights = Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor>;
    Weights w;
    Tile<TileType::Vec, float, 64, 16> x, y;
    TMUL(y, w, x);

    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> prod;
    Tile<TileType::Vec, int8_t, 1, 16, BLayout::RowMajor, 1, 16, SLayout::RowMajor, 1024> tmp;
    Tile<TileType::Vec, float, 16, 16> src;
    TROWPROD(prod, src, tmp);

    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> a(rows, 64), b(rows, 64);
    TADD(b, a, a);
}

// Three kernels for proof mode (README, Proof mode): one whose calls are all verified, one with a call that breaks
// PTO006 for some `rows`, one whose valid rows come from a function ptolint cannot follow (an opaque value).
#include <pto/pto-inst.hpp>

using namespace pto;

extern int host_rows();

using Full = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64>;
using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64>;

extern "C" __global__ AICORE void clean(__gm__ float* out) {
    Full a, b, c;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    TADD(c, a, b);
}

extern "C" __global__ AICORE void broken(__gm__ float* out, int rows) {
    Dyn a(rows), b(rows), c(rows);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    TADD(c, a, b);
}

extern "C" __global__ AICORE void lost(__gm__ float* out) {
    int rows = host_rows();
    Dyn a(rows), b(rows), c(rows);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    TADD(c, a, b);
}

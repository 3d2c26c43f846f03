// Example kernel for the README: a tiled GEMM prologue and a row-normalisation epilogue.
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int M, int K>
AICORE void load_left(int tileOffset) {
  using L1Tile = Tile<TileType::Mat, T, M, K, BLayout::ColMajor, M, K, SLayout::RowMajor>;
  L1Tile a;
  TileLeft<T, 32, K> left;
  for (int i = 0; i < M; i += 32) {
    TEXTRACT(left, a, i + tileOffset, 0);  // reads 32 rows starting at i + tileOffset
  }
}

template <typename T>
AICORE void normalise(int rows, T scale) {
  using VecTile = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  VecTile x(rows, 64);
  VecTile y(rows, 64);
  TDIVS(y, x, scale);
}

extern "C" __global__ AICORE void gemm_prologue(__gm__ half *out, int tileOffset, int rows, float scale) {
  load_left<half, 128, 64>(tileOffset);
  normalise<float>(rows, scale);
}

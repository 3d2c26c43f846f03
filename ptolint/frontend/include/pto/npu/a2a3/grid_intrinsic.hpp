// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Grid pipes (GridPipe, GridDirection, GridSpan) live in pto/common/fifo.hpp in this model.
#ifndef PTOLINT_MODEL_PTO_GRID_INTRINSIC_HPP
#define PTOLINT_MODEL_PTO_GRID_INTRINSIC_HPP

#include <pto/common/fifo.hpp>

#endif // PTOLINT_MODEL_PTO_GRID_INTRINSIC_HPP

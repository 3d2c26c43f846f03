// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Run-time assertion macros of the PTO library (no-ops for analysis).
#ifndef PTOLINT_MODEL_PTO_DEBUG_H
#define PTOLINT_MODEL_PTO_DEBUG_H

#include <pto/common/type.hpp>

#ifndef DEBUG_CHECK
#define DEBUG_CHECK(condition, message) ((void)0)
#endif
#ifndef PTO_ASSERT
#define PTO_ASSERT(condition, message) ((void)0)
#endif

#endif // PTOLINT_MODEL_PTO_DEBUG_H

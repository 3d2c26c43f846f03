// ptolint host definitions for the vendor CCE device compiler, target kirindev0000 (Kirin Dev0000,
// __NPU_ARCH__ 5101, dav-l510). Written for ptolint (not vendor code). As for the other Kirins, the A5 host
// definitions are the base (see cce_host_kirin9030.hpp); a vector register is 64 bytes on dav-l510 (the
// Kirin Dev0000 headers say so: npu/kirinDev0000/TSel.hpp), 256 on A5.
#ifndef PTOLINT_CCE_HOST_KIRINDEV0000_HPP
#define PTOLINT_CCE_HOST_KIRINDEV0000_HPP

#include "cce_host_a5.hpp"
#include "cce_host_kirin.hpp"
#undef CCE_VL
#define CCE_VL 64 // bytes per vector register on dav-l510

#endif // PTOLINT_CCE_HOST_KIRINDEV0000_HPP

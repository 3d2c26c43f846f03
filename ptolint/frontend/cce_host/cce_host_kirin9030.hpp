// ptolint host definitions for the vendor CCE device compiler, target kirin9030 (Kirin 9030, __NPU_ARCH__
// 3113). Written for ptolint (not vendor code). A Kirin header.hpp includes a few files of its own and many
// include/pto/npu/a5 ones, which use the A5 register-level intrinsics: the A5 host definitions serve as a base;
// what the Kirin files add is declared in cce_host_kirin.hpp.
#ifndef PTOLINT_CCE_HOST_KIRIN9030_HPP
#define PTOLINT_CCE_HOST_KIRIN9030_HPP

#include "cce_host_a5.hpp"
#include "cce_host_kirin.hpp"

#endif // PTOLINT_CCE_HOST_KIRIN9030_HPP

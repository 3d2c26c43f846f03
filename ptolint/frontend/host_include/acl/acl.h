/* ptolint host stub for the Ascend runtime header: just the names kernel files use around launches, so
   their device code can be analysed on a machine without the vendor toolchain. Used only when no real
   acl/acl.h is on the include path. */
#ifndef PTOLINT_HOST_ACL_H
#define PTOLINT_HOST_ACL_H
#include <pto/common/ptolint_cce.hpp>
typedef int aclError;
typedef int aclStatus;
typedef void *aclrtStream;
typedef void *aclrtEvent;
typedef void *aclrtContext;
typedef half aclFloat16;
enum { ACL_SUCCESS = 0, ACL_ERROR_NONE = 0 };
enum aclrtMemMallocPolicy { ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY };
enum aclrtMemcpyKind { ACL_MEMCPY_HOST_TO_HOST, ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST,
                       ACL_MEMCPY_DEVICE_TO_DEVICE };
enum aclrtCmoType { ACL_RT_CMO_TYPE_INVALID, ACL_RT_CMO_TYPE_PREFETCH };
#define PTOLINT_ACL_FN(name) template <typename... A> inline aclError name(A...) { return 0; }
PTOLINT_ACL_FN(aclInit)
PTOLINT_ACL_FN(aclFinalize)
PTOLINT_ACL_FN(aclrtSetDevice)
PTOLINT_ACL_FN(aclrtResetDevice)
PTOLINT_ACL_FN(aclrtCreateStream)
PTOLINT_ACL_FN(aclrtDestroyStream)
PTOLINT_ACL_FN(aclrtSynchronizeStream)
PTOLINT_ACL_FN(aclrtMalloc)
PTOLINT_ACL_FN(aclrtMallocHost)
PTOLINT_ACL_FN(aclrtFree)
PTOLINT_ACL_FN(aclrtFreeHost)
PTOLINT_ACL_FN(aclrtMemcpy)
PTOLINT_ACL_FN(aclrtMemset)
PTOLINT_ACL_FN(aclrtCmoAsync)
PTOLINT_ACL_FN(aclrtCreateContext)
PTOLINT_ACL_FN(aclrtDestroyContext)
#undef PTOLINT_ACL_FN
#endif

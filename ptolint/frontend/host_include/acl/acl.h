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
PTOLINT_ACL_FN(aclrtCreateStreamWithConfig)
PTOLINT_ACL_FN(aclrtStreamGetId)
PTOLINT_ACL_FN(aclrtSetStreamAttribute)
PTOLINT_ACL_FN(aclrtGetCurrentContext)
PTOLINT_ACL_FN(aclrtSetCurrentContext)
PTOLINT_ACL_FN(aclrtGetDevice)
PTOLINT_ACL_FN(aclrtGetDeviceCount)
PTOLINT_ACL_FN(aclrtGetDeviceInfo)
PTOLINT_ACL_FN(aclrtGetPhyDevIdByLogicDevId)
PTOLINT_ACL_FN(aclrtMemcpyAsync)
PTOLINT_ACL_FN(aclrtCreateEvent)
PTOLINT_ACL_FN(aclrtDestroyEvent)
PTOLINT_ACL_FN(aclrtRecordEvent)
PTOLINT_ACL_FN(aclrtSynchronizeEvent)
PTOLINT_ACL_FN(aclrtEventElapsedTime)
#undef PTOLINT_ACL_FN
inline const char *aclGetRecentErrMsg() { return ""; }
inline float aclFloat16ToFloat(aclFloat16 value) { return static_cast<float>(value); }
inline aclFloat16 aclFloatToFloat16(float value) { return aclFloat16(value); }

/* tensor descriptions (element types and layouts) */
typedef enum {
    ACL_DT_UNDEFINED = -1, ACL_FLOAT = 0, ACL_FLOAT16 = 1, ACL_INT8 = 2, ACL_INT32 = 3, ACL_UINT8 = 4,
    ACL_INT16 = 6, ACL_UINT16 = 7, ACL_UINT32 = 8, ACL_INT64 = 9, ACL_UINT64 = 10, ACL_DOUBLE = 11,
    ACL_BOOL = 12, ACL_BF16 = 27
} aclDataType;
typedef enum {
    ACL_FORMAT_UNDEFINED = -1, ACL_FORMAT_NCHW = 0, ACL_FORMAT_NHWC = 1, ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3, ACL_FORMAT_FRACTAL_Z = 4, ACL_FORMAT_FRACTAL_NZ = 29
} aclFormat;

/* stream creation flags and attributes, device attributes */
#define ACL_STREAM_FAST_LAUNCH 0x00000001U
#define ACL_STREAM_FAST_SYNC 0x00000002U
#define ACL_STREAM_PERSISTENT 0x00000004U
#define ACL_STREAM_HUGE 0x00000008U
#define ACL_STREAM_CPU_SCHEDULE 0x00000010U
#ifndef ACL_STREAM_DEVICE_USE_ONLY
#define ACL_STREAM_DEVICE_USE_ONLY 0x00000020U
#endif
typedef enum {
    ACL_STREAM_ATTR_FAILURE_MODE = 1, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK = 2, ACL_STREAM_ATTR_USER_CUSTOM_TAG = 3
} aclrtStreamAttr;
typedef union {
    uint64_t failureMode;
    uint32_t overflowSwitch;
    uint32_t userCustomTag;
    uint32_t reserve[4];
} aclrtStreamAttrValue;
typedef enum {
    ACL_DEV_ATTR_AICPU_CORE_NUM = 1, ACL_DEV_ATTR_AICORE_CORE_NUM = 101, ACL_DEV_ATTR_VECTOR_CORE_NUM = 201
} aclrtDevAttr;
#endif

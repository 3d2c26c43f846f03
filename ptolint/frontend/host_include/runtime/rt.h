/* ptolint host stub for the Ascend runtime's rt.h (used only when the real one is not on the path). */
#ifndef PTOLINT_HOST_RT_H
#define PTOLINT_HOST_RT_H
typedef int rtError_t;
typedef void *rtStream_t;
#define RT_ERROR_NONE 0
template <typename... A> inline rtError_t rtGetC2cCtrlAddr(A...) { return 0; }
#endif

/* ptolint fallback for hosts without a compiler's builtin headers: just enough for kernels. */
#ifndef PTOLINT_FALLBACK_STDDEF_H
#define PTOLINT_FALLBACK_STDDEF_H
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#ifndef NULL
#define NULL 0
#endif
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif

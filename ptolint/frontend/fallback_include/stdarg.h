/* ptolint fallback builtin header. */
#ifndef PTOLINT_FALLBACK_STDARG_H
#define PTOLINT_FALLBACK_STDARG_H
typedef __builtin_va_list va_list;
#define va_start(ap, p) __builtin_va_start(ap, p)
#define va_end(ap) __builtin_va_end(ap)
#define va_arg(ap, t) __builtin_va_arg(ap, t)
#endif

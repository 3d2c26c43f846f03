/* ptolint fallback builtin header. */
#ifndef PTOLINT_FALLBACK_STDBOOL_H
#define PTOLINT_FALLBACK_STDBOOL_H
#endif

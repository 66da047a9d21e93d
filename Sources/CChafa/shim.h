#ifndef TERN_CCHAFA_SHIM_H
#define TERN_CCHAFA_SHIM_H
#include <chafa.h>
/* Build-time version (chafa has no runtime query). */
static inline int tern_chafa_version(void) { return CHAFA_MAJOR_VERSION * 10000 + CHAFA_MINOR_VERSION * 100 + CHAFA_MICRO_VERSION; }
#endif

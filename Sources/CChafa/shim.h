#ifndef TERN_CCHAFA_SHIM_H
#define TERN_CCHAFA_SHIM_H
#include <chafa.h>
/* Build-time version (chafa has no runtime query). */
static inline int tern_chafa_version(void) { return CHAFA_MAJOR_VERSION * 10000 + CHAFA_MINOR_VERSION * 100 + CHAFA_MICRO_VERSION; }
/* g_string_free is a macro in newer GLib; one function to call from Swift. */
static inline void tern_gstring_free(GString *s) { g_string_free(s, TRUE); }
#endif

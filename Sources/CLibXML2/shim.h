#ifndef TERN_CLIBXML2_SHIM_H
#define TERN_CLIBXML2_SHIM_H
// Debian's libxml2 is built with ICU, and its headers would pull the system's ICU headers into Swift,
// clashing with Foundation's own ICU module. Tern only passes encoding handlers by pointer, never reads
// their ICU fields, so hiding that part of the headers is safe.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
/// xmlFree is a global function pointer; Swift 6 will not read mutable globals.
static inline void tern_xml_free(void *p) { xmlFree(p); }
#endif

#ifndef TERN_CCHAFA_SHIM_H
#define TERN_CCHAFA_SHIM_H
#include <chafa.h>
#endif

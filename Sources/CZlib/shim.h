#ifndef TERN_CZLIB_SHIM_H
#define TERN_CZLIB_SHIM_H
#include <zlib.h>
#endif

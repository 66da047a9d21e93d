#ifndef TERN_CGIF_SHIM_H
#define TERN_CGIF_SHIM_H
#include <gif_lib.h>
#endif

#ifndef TERN_CTURBOJPEG_SHIM_H
#define TERN_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
/// TJSCALED is a macro; this is its function form.
static inline int tern_tj_scaled(int dimension, tjscalingfactor factor) {
    return TJSCALED(dimension, factor);
}
#endif

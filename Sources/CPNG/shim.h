#ifndef TERN_CPNG_SHIM_H
#define TERN_CPNG_SHIM_H
#include <png.h>
static inline png_uint_32 tern_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 tern_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline int tern_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline int tern_png_image_failed(png_image *image) { return PNG_IMAGE_FAILED(*image); }
#endif

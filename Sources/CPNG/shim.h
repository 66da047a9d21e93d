#ifndef TERN_CPNG_SHIM_H
#define TERN_CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* libpng reports errors with longjmp, which Swift cannot take part in: the whole read lives here. */

struct tern_png_source { const uint8_t *data; size_t length; size_t offset; };

static void tern_png_read(png_structp png, png_bytep out, png_size_t count) {
    struct tern_png_source *src = (struct tern_png_source *)png_get_io_ptr(png);
    if (src->length - src->offset < count) png_error(png, "truncated");
    memcpy(out, src->data + src->offset, count);
    src->offset += count;
}

static void tern_png_error(png_structp png, png_const_charp message) {
    char *buffer = (char *)png_get_error_ptr(png);
    if (buffer) { strncpy(buffer, message, 127); buffer[127] = 0; }
    png_longjmp(png, 1);
}

static void tern_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Reads the header only: width and height, so limits can be checked before any pixel is decoded.
static inline int tern_png_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height, char *error) {
    struct tern_png_source src = { data, length, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, tern_png_error, tern_png_warning);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, info ? &info : NULL, NULL); return 0; }
    png_set_read_fn(png, &src, tern_png_read);
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}

/// Decodes to 8-bit RGBA reduced by an integer `step` (each output pixel the mean of a step×step box),
/// one source row at a time: memory is one row plus the output, never the full-size picture. Interlaced
/// files need every pass in a full buffer, so they are decoded only when `allow_interlaced` is set.
/// Returns the output (malloc'd, the caller frees it) or NULL with `error` filled in.
static inline uint8_t *tern_png_decode_reduced(const uint8_t *data, size_t length, uint32_t step, int allow_interlaced,
                                               uint32_t *out_width, uint32_t *out_height, char *error) {
    struct tern_png_source src = { data, length, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, tern_png_error, tern_png_warning);
    if (!png) return NULL;
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile row = NULL;
    uint8_t *volatile out = NULL;
    uint32_t *volatile sums = NULL;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(row); free(out); free(sums); free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return NULL;
    }
    png_set_read_fn(png, &src, tern_png_read);
    png_read_info(png, info);
    uint32_t w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    if (step < 1) step = 1;
    if (interlaced && !allow_interlaced) png_error(png, "interlaced picture too large to decode");
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    uint32_t ow = (w + step - 1) / step, oh = (h + step - 1) / step;
    size_t rowBytes = png_get_rowbytes(png, info);
    if (rowBytes < (size_t)w * 4) png_error(png, "unexpected row layout");
    if (interlaced) {
        /* Every pass fills rows of one full buffer; only allowed for small pictures (see above). */
        uint8_t *full = (uint8_t *)calloc((size_t)h, rowBytes);
        if (!full) png_error(png, "out of memory");
        row = full;
        rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
        if (!rows) png_error(png, "out of memory");
        for (uint32_t y = 0; y < h; y++) rows[y] = full + (size_t)y * rowBytes;
        png_read_image(png, rows);
        free(rows);
        rows = NULL;
        *out_width = w; *out_height = h;
        png_read_end(png, NULL);
        png_destroy_read_struct(&png, &info, NULL);
        if (rowBytes != (size_t)w * 4) {
            for (uint32_t y = 0; y < h; y++) memmove(full + (size_t)y * w * 4, full + (size_t)y * rowBytes, (size_t)w * 4);
        }
        return full;
    }
    row = (uint8_t *)malloc(rowBytes);
    out = (uint8_t *)malloc((size_t)ow * oh * 4);
    sums = (uint32_t *)calloc((size_t)ow * 4, sizeof(uint32_t));
    if (!row || !out || !sums) png_error(png, "out of memory");
    for (uint32_t y = 0; y < h; y++) {
        png_read_row(png, row, NULL);
        for (uint32_t x = 0; x < w; x++) {
            uint32_t *s = sums + (size_t)(x / step) * 4;
            const uint8_t *p = row + (size_t)x * 4;
            s[0] += p[0]; s[1] += p[1]; s[2] += p[2]; s[3] += p[3];
        }
        if ((y + 1) % step == 0 || y + 1 == h) {
            uint32_t rowsIn = (y % step) + 1;
            uint8_t *o = out + (size_t)(y / step) * ow * 4;
            for (uint32_t ox = 0; ox < ow; ox++) {
                uint32_t cols = (ox + 1) * step <= w ? step : w - ox * step;
                uint32_t n = cols * rowsIn;
                for (int c = 0; c < 4; c++) o[ox * 4 + c] = (uint8_t)(sums[ox * 4 + c] / n);
            }
            memset(sums, 0, (size_t)ow * 4 * sizeof(uint32_t));
        }
    }
    free(row); free(sums);
    png_destroy_read_struct(&png, &info, NULL);
    *out_width = ow; *out_height = oh;
    return out;
}
/* Writing, with the same error handling: into a growing buffer. */

struct tern_png_sink { uint8_t *data; size_t length; size_t capacity; };

static void tern_png_write(png_structp png, png_bytep bytes, png_size_t count) {
    struct tern_png_sink *sink = (struct tern_png_sink *)png_get_io_ptr(png);
    if (sink->capacity - sink->length < count) {
        size_t capacity = sink->capacity * 2 > sink->length + count ? sink->capacity * 2 : sink->length + count;
        uint8_t *grown = (uint8_t *)realloc(sink->data, capacity);
        if (!grown) png_error(png, "out of memory");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, count);
    sink->length += count;
}

static void tern_png_flush(png_structp png) { (void)png; }

/// RGB rows as a PNG at zlib's fastest level with one filter (Sub) for every row: libpng's defaults (level
/// 6, each row tried with five filters) cost several times as much, and the demo makes its pictures as they
/// are asked for. Returns
/// the file (malloc'd, the caller frees it) or NULL with `error` filled in.
static inline uint8_t *tern_png_encode_rgb(const uint8_t *rgb, uint32_t width, uint32_t height, size_t *length, char *error) {
    struct tern_png_sink sink = { NULL, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, tern_png_error, tern_png_warning);
    if (!png) return NULL;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        free(sink.data);
        png_destroy_write_struct(&png, info ? &info : NULL);
        return NULL;
    }
    png_set_write_fn(png, &sink, tern_png_write, tern_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, rgb + (size_t)y * width * 3);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *length = sink.length;
    return sink.data;
}
#endif

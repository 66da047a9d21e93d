#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <chafa.h>
// After chafa.h: its declarations here must agree with chafa's.
#include "CPictureLibraries.h"
#include <gif_lib.h>
#include <png.h>
#include <turbojpeg.h>
#include <webp/decode.h>
#include <webp/encode.h>

#define SAME(ours, chafas) _Static_assert((ours) == (chafas), #ours " is not chafa's " #chafas);
SAME(TERN_CHAFA_CANVAS_MODE_TRUECOLOR, CHAFA_CANVAS_MODE_TRUECOLOR)
SAME(TERN_CHAFA_CANVAS_MODE_INDEXED_240, CHAFA_CANVAS_MODE_INDEXED_240)
SAME(TERN_CHAFA_CANVAS_MODE_INDEXED_16, CHAFA_CANVAS_MODE_INDEXED_16)
SAME(TERN_CHAFA_CANVAS_MODE_FGBG, CHAFA_CANVAS_MODE_FGBG)
SAME(TERN_CHAFA_CANVAS_MODE_INDEXED_8, CHAFA_CANVAS_MODE_INDEXED_8)
SAME(TERN_CHAFA_PIXEL_MODE_SIXELS, CHAFA_PIXEL_MODE_SIXELS)
SAME(TERN_CHAFA_PIXEL_RGBA8_UNASSOCIATED, CHAFA_PIXEL_RGBA8_UNASSOCIATED)
SAME(TERN_CHAFA_SYMBOL_TAG_SPACE, CHAFA_SYMBOL_TAG_SPACE)
SAME(TERN_CHAFA_SYMBOL_TAG_SOLID, CHAFA_SYMBOL_TAG_SOLID)
SAME(TERN_CHAFA_SYMBOL_TAG_STIPPLE, CHAFA_SYMBOL_TAG_STIPPLE)
SAME(TERN_CHAFA_SYMBOL_TAG_BLOCK, CHAFA_SYMBOL_TAG_BLOCK)
SAME(TERN_CHAFA_SYMBOL_TAG_BORDER, CHAFA_SYMBOL_TAG_BORDER)
SAME(TERN_CHAFA_SYMBOL_TAG_WIDE, CHAFA_SYMBOL_TAG_WIDE)
SAME(TERN_CHAFA_SYMBOL_TAG_AMBIGUOUS, CHAFA_SYMBOL_TAG_AMBIGUOUS)

// Debian's runtime packages: libchafa0 (which brings libglib2.0-0), libturbojpeg0, libpng16-16, libwebp7, libgif7.
enum library { CHAFA, GLIB, TURBOJPEG, PNG, WEBP, GIF, LIBRARIES };
static const char *const files[LIBRARIES] = {
    "libchafa.so.0", "libglib-2.0.so.0", "libturbojpeg.so.0", "libpng16.so.16", "libwebp.so.7", "libgif.so.7",
};
static void *handles[LIBRARIES];
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void (*_Atomic glib_log_sink)(int level, const char *domain, const char *message);

void tern_picture_libraries_log_to(void (*sink)(int level, const char *domain, const char *message)) {
    glib_log_sink = sink;
}

// GLib's messages (chafa's, GLib's own) go to Tern's log: its default writer prints them on standard error,
// which is the screen while curses owns it.
static GLogWriterOutput write_glib_log(GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data) {
    (void)data;
    const char *domain = "GLib", *message = "";
    for (gsize i = 0; i < n_fields; i++) {
        if (fields[i].length >= 0 || !fields[i].value) continue;  // both are NUL-terminated strings
        if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0) domain = fields[i].value;
        else if (strcmp(fields[i].key, "MESSAGE") == 0) message = fields[i].value;
    }
    int severity = (level & G_LOG_LEVEL_ERROR) ? 0 : (level & G_LOG_LEVEL_CRITICAL) ? 1 : (level & G_LOG_LEVEL_WARNING) ? 2
        : (level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO)) ? 3 : 4;
    void (*sink)(int, const char *, const char *) = glib_log_sink;
    if (sink) sink(severity, domain, message);
    else fprintf(stderr, "%s: %s\n", domain, message);
    return G_LOG_WRITER_HANDLED;
}

static void load(void) {
    for (int i = 0; i < LIBRARIES; i++) {
        handles[i] = dlopen(files[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(failure, sizeof failure, "%s could not be loaded (%s); pictures need Debian's libchafa0, "
                     "libturbojpeg0, libpng16-16, libwebp7 and libgif7", files[i], dlerror());
            return;
        }
    }
    // GLib takes one writer, set before its first message: this is the first thing GLib does here.
    void (*set_writer)(GLogWriterFunc, gpointer, GDestroyNotify) =
        (void (*)(GLogWriterFunc, gpointer, GDestroyNotify))dlsym(handles[GLIB], "g_log_set_writer_func");
    if (set_writer) set_writer(write_glib_log, NULL, NULL);
    // chafa splits a canvas over a GLib thread pool whose new threads copy the scheduling of the thread that
    // made the pool. Tern calls chafa from threads of different priorities (nice 2 for what is on screen,
    // 10 for what is ahead), and lowering a thread's nice value needs privilege: every ordinary user got a
    // GLib-CRITICAL "Failed to set scheduler settings" per pool, written over the screen. A thumbnail is
    // too small to gain from splitting, and Tern already draws several at once: chafa runs on the caller.
    void (*set_threads)(gint) = (void (*)(gint))dlsym(handles[CHAFA], "chafa_set_n_threads");
    if (set_threads) set_threads(1);
}

const char *tern_picture_libraries_unavailable(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

// A function of a loaded library, found by name. Reached only after tern_picture_libraries_unavailable()
// said NULL: anything else is a mistake in Tern, and carrying on would call through a null pointer.
static void *resolve(enum library library, const char *name) {
    const char *unavailable = tern_picture_libraries_unavailable();
    void *function = unavailable ? NULL : dlsym(handles[library], name);
    if (!function) {
        fprintf(stderr, "tern: %s\n", unavailable ? unavailable : dlerror());
        abort();
    }
    return function;
}

// Each entry point under its own name, defined with the library header's parameters (a mismatch does not
// compile). The address is found on the first call and kept; two threads that race store the same one.
#define FIND(library, type, name, parameters)                                                       \
    static type(*function) parameters;                                                              \
    type(*found) parameters = __atomic_load_n(&function, __ATOMIC_ACQUIRE);                         \
    if (!found) {                                                                                   \
        found = (type(*) parameters)resolve(library, #name);                                        \
        __atomic_store_n(&function, found, __ATOMIC_RELEASE);                                       \
    }
#define FORWARD(library, type, name, parameters, arguments)                                         \
    type name parameters { FIND(library, type, name, parameters) return found arguments; }
#define FORWARD_VOID(library, name, parameters, arguments)                                          \
    void name parameters { FIND(library, void, name, parameters) found arguments; }
// libpng's error functions do not return (they longjmp to the caller's setjmp).
#define FORWARD_NORETURN(library, name, parameters, arguments)                                      \
    void name parameters { FIND(library, void, name, parameters) found arguments; abort(); }

// chafa
FORWARD(CHAFA, ChafaCanvasConfig *, chafa_canvas_config_new, (void), ())
FORWARD_VOID(CHAFA, chafa_canvas_config_unref, (ChafaCanvasConfig *config), (config))
FORWARD_VOID(CHAFA, chafa_canvas_config_set_geometry, (ChafaCanvasConfig *config, gint width, gint height),
             (config, width, height))
FORWARD_VOID(CHAFA, chafa_canvas_config_set_cell_geometry, (ChafaCanvasConfig *config, gint cell_width, gint cell_height),
             (config, cell_width, cell_height))
FORWARD_VOID(CHAFA, chafa_canvas_config_set_canvas_mode, (ChafaCanvasConfig *config, ChafaCanvasMode mode), (config, mode))
FORWARD_VOID(CHAFA, chafa_canvas_config_set_pixel_mode, (ChafaCanvasConfig *config, ChafaPixelMode pixel_mode),
             (config, pixel_mode))
FORWARD_VOID(CHAFA, chafa_canvas_config_set_symbol_map, (ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map),
             (config, symbol_map))
FORWARD(CHAFA, ChafaCanvas *, chafa_canvas_new, (const ChafaCanvasConfig *config), (config))
FORWARD_VOID(CHAFA, chafa_canvas_unref, (ChafaCanvas *canvas), (canvas))
FORWARD_VOID(CHAFA, chafa_canvas_draw_all_pixels,
             (ChafaCanvas *canvas, ChafaPixelType src_pixel_type, const guint8 *src_pixels, gint src_width,
              gint src_height, gint src_rowstride),
             (canvas, src_pixel_type, src_pixels, src_width, src_height, src_rowstride))
FORWARD(CHAFA, GString *, chafa_canvas_print, (ChafaCanvas *canvas, ChafaTermInfo *term_info), (canvas, term_info))
FORWARD(CHAFA, gunichar, chafa_canvas_get_char_at, (ChafaCanvas *canvas, gint x, gint y), (canvas, x, y))
FORWARD_VOID(CHAFA, chafa_canvas_get_colors_at, (ChafaCanvas *canvas, gint x, gint y, gint *fg_out, gint *bg_out),
             (canvas, x, y, fg_out, bg_out))
FORWARD_VOID(CHAFA, chafa_canvas_get_raw_colors_at, (ChafaCanvas *canvas, gint x, gint y, gint *fg_out, gint *bg_out),
             (canvas, x, y, fg_out, bg_out))
FORWARD(CHAFA, ChafaSymbolMap *, chafa_symbol_map_new, (void), ())
FORWARD_VOID(CHAFA, chafa_symbol_map_unref, (ChafaSymbolMap *symbol_map), (symbol_map))
FORWARD_VOID(CHAFA, chafa_symbol_map_add_by_tags, (ChafaSymbolMap *symbol_map, ChafaSymbolTags tags), (symbol_map, tags))
FORWARD_VOID(CHAFA, chafa_symbol_map_remove_by_tags, (ChafaSymbolMap *symbol_map, ChafaSymbolTags tags),
             (symbol_map, tags))
FORWARD(CHAFA, ChafaTermDb *, chafa_term_db_get_default, (void), ())
FORWARD(CHAFA, ChafaTermInfo *, chafa_term_db_get_fallback_info, (ChafaTermDb *term_db), (term_db))
FORWARD_VOID(CHAFA, chafa_term_info_unref, (ChafaTermInfo *term_info), (term_info))
FORWARD_VOID(CHAFA, chafa_calc_canvas_geometry,
             (gint src_width, gint src_height, gint *dest_width_inout, gint *dest_height_inout, gfloat font_ratio,
              gboolean zoom, gboolean stretch),
             (src_width, src_height, dest_width_inout, dest_height_inout, font_ratio, zoom, stretch))
FORWARD(GLIB, gchar *, g_string_free, (GString *string, gboolean free_segment), (string, free_segment))

const char *tern_gstring_bytes(const GString *string) { return string->str; }
size_t tern_gstring_length(const GString *string) { return string->len; }
// g_string_free is a macro over g_string_free_and_steal in newer GLib; this calls the function.
void tern_gstring_free(GString *string) { (g_string_free)(string, TRUE); }
int tern_chafa_version(void) { return CHAFA_MAJOR_VERSION * 10000 + CHAFA_MINOR_VERSION * 100 + CHAFA_MICRO_VERSION; }

// libjpeg-turbo
FORWARD(TURBOJPEG, tjhandle, tjInitDecompress, (void), ())
FORWARD(TURBOJPEG, tjhandle, tjInitCompress, (void), ())
FORWARD(TURBOJPEG, int, tjDestroy, (tjhandle handle), (handle))
FORWARD(TURBOJPEG, tjscalingfactor *, tjGetScalingFactors, (int *numScalingFactors), (numScalingFactors))
FORWARD(TURBOJPEG, int, tjDecompressHeader3,
        (tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, int *width, int *height, int *jpegSubsamp,
         int *jpegColorspace),
        (handle, jpegBuf, jpegSize, width, height, jpegSubsamp, jpegColorspace))
FORWARD(TURBOJPEG, int, tjDecompress2,
        (tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, unsigned char *dstBuf, int width, int pitch,
         int height, int pixelFormat, int flags),
        (handle, jpegBuf, jpegSize, dstBuf, width, pitch, height, pixelFormat, flags))
FORWARD(TURBOJPEG, int, tjCompress2,
        (tjhandle handle, const unsigned char *srcBuf, int width, int pitch, int height, int pixelFormat,
         unsigned char **jpegBuf, unsigned long *jpegSize, int jpegSubsamp, int jpegQual, int flags),
        (handle, srcBuf, width, pitch, height, pixelFormat, jpegBuf, jpegSize, jpegSubsamp, jpegQual, flags))
FORWARD_VOID(TURBOJPEG, tjFree, (unsigned char *buffer), (buffer))
FORWARD(TURBOJPEG, char *, tjGetErrorStr2, (tjhandle handle), (handle))
FORWARD(TURBOJPEG, int, tjGetErrorCode, (tjhandle handle), (handle))

// libpng
FORWARD(PNG, png_uint_32, png_access_version_number, (void), ())
FORWARD(PNG, png_structp, png_create_read_struct,
        (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
        (user_png_ver, error_ptr, error_fn, warn_fn))
FORWARD(PNG, png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr))
FORWARD_VOID(PNG, png_destroy_read_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr, png_infopp end_info_ptr_ptr),
             (png_ptr_ptr, info_ptr_ptr, end_info_ptr_ptr))
FORWARD(PNG, jmp_buf *, png_set_longjmp_fn, (png_structrp png_ptr, png_longjmp_ptr longjmp_fn, size_t jmp_buf_size),
        (png_ptr, longjmp_fn, jmp_buf_size))
FORWARD_NORETURN(PNG, png_longjmp, (png_const_structrp png_ptr, int val), (png_ptr, val))
FORWARD_NORETURN(PNG, png_error, (png_const_structrp png_ptr, png_const_charp error_message), (png_ptr, error_message))
FORWARD(PNG, png_voidp, png_get_error_ptr, (png_const_structrp png_ptr), (png_ptr))
FORWARD(PNG, png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr))
FORWARD_VOID(PNG, png_set_read_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr read_data_fn),
             (png_ptr, io_ptr, read_data_fn))
FORWARD_VOID(PNG, png_read_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
FORWARD_VOID(PNG, png_read_update_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
FORWARD_VOID(PNG, png_read_row, (png_structrp png_ptr, png_bytep row, png_bytep display_row), (png_ptr, row, display_row))
FORWARD_VOID(PNG, png_read_image, (png_structrp png_ptr, png_bytepp image), (png_ptr, image))
FORWARD_VOID(PNG, png_read_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
FORWARD(PNG, png_uint_32, png_get_image_width, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
FORWARD(PNG, png_uint_32, png_get_image_height, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
FORWARD(PNG, size_t, png_get_rowbytes, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
FORWARD(PNG, png_byte, png_get_interlace_type, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
FORWARD(PNG, int, png_set_interlace_handling, (png_structrp png_ptr), (png_ptr))
FORWARD_VOID(PNG, png_set_expand, (png_structrp png_ptr), (png_ptr))
FORWARD_VOID(PNG, png_set_gray_to_rgb, (png_structrp png_ptr), (png_ptr))
FORWARD_VOID(PNG, png_set_strip_16, (png_structrp png_ptr), (png_ptr))
FORWARD_VOID(PNG, png_set_add_alpha, (png_structrp png_ptr, png_uint_32 filler, int flags), (png_ptr, filler, flags))
FORWARD(PNG, png_structp, png_create_write_struct,
        (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
        (user_png_ver, error_ptr, error_fn, warn_fn))
FORWARD_VOID(PNG, png_destroy_write_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr), (png_ptr_ptr, info_ptr_ptr))
FORWARD_VOID(PNG, png_set_write_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn, png_flush_ptr output_flush_fn),
             (png_ptr, io_ptr, write_data_fn, output_flush_fn))
FORWARD_VOID(PNG, png_set_IHDR,
             (png_const_structrp png_ptr, png_inforp info_ptr, png_uint_32 width, png_uint_32 height, int bit_depth,
              int color_type, int interlace_method, int compression_method, int filter_method),
             (png_ptr, info_ptr, width, height, bit_depth, color_type, interlace_method, compression_method, filter_method))
FORWARD_VOID(PNG, png_set_compression_level, (png_structrp png_ptr, int level), (png_ptr, level))
FORWARD_VOID(PNG, png_set_filter, (png_structrp png_ptr, int method, int filters), (png_ptr, method, filters))
FORWARD_VOID(PNG, png_write_info, (png_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
FORWARD_VOID(PNG, png_write_row, (png_structrp png_ptr, png_const_bytep row), (png_ptr, row))
FORWARD_VOID(PNG, png_write_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))

// libwebp (WebPInitDecoderConfig and WebPGetFeatures are inline in its header, over these)
FORWARD(WEBP, int, WebPGetDecoderVersion, (void), ())
FORWARD(WEBP, int, WebPInitDecoderConfigInternal, (WebPDecoderConfig *config, int version), (config, version))
FORWARD(WEBP, VP8StatusCode, WebPGetFeaturesInternal,
        (const uint8_t *data, size_t data_size, WebPBitstreamFeatures *features, int version),
        (data, data_size, features, version))
FORWARD(WEBP, VP8StatusCode, WebPDecode, (const uint8_t *data, size_t data_size, WebPDecoderConfig *config),
        (data, data_size, config))
FORWARD_VOID(WEBP, WebPFreeDecBuffer, (WebPDecBuffer *buffer), (buffer))
FORWARD(WEBP, size_t, WebPEncodeRGB,
        (const uint8_t *rgb, int width, int height, int stride, float quality_factor, uint8_t **output),
        (rgb, width, height, stride, quality_factor, output))
FORWARD_VOID(WEBP, WebPFree, (void *ptr), (ptr))

// giflib
FORWARD(GIF, GifFileType *, DGifOpen, (void *userPtr, InputFunc readFunc, int *Error), (userPtr, readFunc, Error))
FORWARD(GIF, int, DGifGetRecordType, (GifFileType *GifFile, GifRecordType *GifType), (GifFile, GifType))
FORWARD(GIF, int, DGifGetImageDesc, (GifFileType *GifFile), (GifFile))
FORWARD(GIF, int, DGifGetLine, (GifFileType *GifFile, GifPixelType *GifLine, int GifLineLen), (GifFile, GifLine, GifLineLen))
FORWARD(GIF, int, DGifGetExtension, (GifFileType *GifFile, int *GifExtCode, GifByteType **GifExtension),
        (GifFile, GifExtCode, GifExtension))
FORWARD(GIF, int, DGifGetExtensionNext, (GifFileType *GifFile, GifByteType **GifExtension), (GifFile, GifExtension))
FORWARD(GIF, int, DGifCloseFile, (GifFileType *GifFile, int *ErrorCode), (GifFile, ErrorCode))
// giflib's encoder: the demo's moving pictures.
FORWARD(GIF, GifFileType *, EGifOpen, (void *userPtr, OutputFunc writeFunc, int *Error), (userPtr, writeFunc, Error))
FORWARD_VOID(GIF, EGifSetGifVersion, (GifFileType *GifFile, const bool gif89), (GifFile, gif89))
FORWARD(GIF, int, EGifPutScreenDesc,
        (GifFileType *GifFile, const int GifWidth, const int GifHeight, const int GifColorRes, const int GifBackGround,
         const ColorMapObject *GifColorMap),
        (GifFile, GifWidth, GifHeight, GifColorRes, GifBackGround, GifColorMap))
FORWARD(GIF, int, EGifPutExtension, (GifFileType *GifFile, const int GifExtCode, const int GifExtLen, const void *GifExtension),
        (GifFile, GifExtCode, GifExtLen, GifExtension))
FORWARD(GIF, int, EGifPutImageDesc,
        (GifFileType *GifFile, const int GifLeft, const int GifTop, const int GifWidth, const int GifHeight, const bool GifInterlace,
         const ColorMapObject *GifColorMap),
        (GifFile, GifLeft, GifTop, GifWidth, GifHeight, GifInterlace, GifColorMap))
FORWARD(GIF, int, EGifPutLine, (GifFileType *GifFile, GifPixelType *GifLine, int GifLineLen), (GifFile, GifLine, GifLineLen))
FORWARD(GIF, int, EGifCloseFile, (GifFileType *GifFile, int *ErrorCode), (GifFile, ErrorCode))
FORWARD(GIF, ColorMapObject *, GifMakeMapObject, (int ColorCount, const GifColorType *ColorMap), (ColorCount, ColorMap))
FORWARD_VOID(GIF, GifFreeMapObject, (ColorMapObject *Object), (Object))

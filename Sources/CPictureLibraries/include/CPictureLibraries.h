#ifndef TERN_CPICTURELIBRARIES_H
#define TERN_CPICTURELIBRARIES_H
// The libraries that decode and draw pictures (chafa with GLib, libjpeg-turbo, libpng, libwebp, giflib),
// opened the first time a picture is decoded, drawn or encoded rather than by the loader at every start:
// together about 1.6 MB resident and a share of the loader's work, which a start that draws text and
// blurhash placeholders (half blocks, see HalfBlocks.swift), `--help` and `tern sync` never use. Tern's code calls their functions by their own names, as before; this target
// defines those names and forwards each call (see PictureLibraries.c).
//
// chafa's part is declared here, standing alone: its headers need GLib's, which are not on any default
// path, and every module that imports this one (test discovery too) would need them. PictureLibraries.c
// includes chafa.h with this header, so a declaration or value here that differs from chafa's does not
// compile. The codecs' headers are on the default path: Swift imports them (CPNG, CTurboJPEG, CWebP, CGIF).

#include <stddef.h>
#include <stdint.h>

/// NULL once the libraries are loaded (loading them on the first call); otherwise why they could not be.
/// Call it before any of their functions: those stop the program, with this message, when it is not NULL.
const char *tern_picture_libraries_unavailable(void);

/// Where GLib's log messages go once the libraries are loaded (until a sink is set: standard error).
/// `level`: 0 error, 1 critical, 2 warning, 3 message or info, 4 debug.
void tern_picture_libraries_log_to(void (*sink)(int level, const char *domain, const char *message));

typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;
typedef struct _GString GString;

// chafa's enumerations, by value (ChafaCanvasMode, ChafaPixelMode and ChafaPixelType are unsigned,
// ChafaSymbolTags signed, as the C compiler makes them).
#define TERN_CHAFA_CANVAS_MODE_TRUECOLOR 0u
#define TERN_CHAFA_CANVAS_MODE_INDEXED_240 2u
#define TERN_CHAFA_CANVAS_MODE_INDEXED_16 3u
#define TERN_CHAFA_CANVAS_MODE_FGBG 5u
#define TERN_CHAFA_CANVAS_MODE_INDEXED_8 6u
#define TERN_CHAFA_PIXEL_MODE_SIXELS 1u
#define TERN_CHAFA_PIXEL_RGBA8_UNASSOCIATED 4u
#define TERN_CHAFA_SYMBOL_TAG_SPACE 0x1
#define TERN_CHAFA_SYMBOL_TAG_SOLID 0x2
#define TERN_CHAFA_SYMBOL_TAG_STIPPLE 0x4
#define TERN_CHAFA_SYMBOL_TAG_BLOCK 0x8
#define TERN_CHAFA_SYMBOL_TAG_BORDER 0x10
#define TERN_CHAFA_SYMBOL_TAG_WIDE 0x40000
#define TERN_CHAFA_SYMBOL_TAG_AMBIGUOUS 0x80000

ChafaCanvasConfig *chafa_canvas_config_new(void);
void chafa_canvas_config_unref(ChafaCanvasConfig *config);
void chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height);
void chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int cell_width, int cell_height);
void chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, unsigned int mode);
void chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, unsigned int pixel_mode);
void chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map);
ChafaCanvas *chafa_canvas_new(const ChafaCanvasConfig *config);
void chafa_canvas_unref(ChafaCanvas *canvas);
void chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, unsigned int src_pixel_type, const uint8_t *src_pixels,
                                  int src_width, int src_height, int src_rowstride);
GString *chafa_canvas_print(ChafaCanvas *canvas, ChafaTermInfo *term_info);
uint32_t chafa_canvas_get_char_at(ChafaCanvas *canvas, int x, int y);
void chafa_canvas_get_colors_at(ChafaCanvas *canvas, int x, int y, int *fg_out, int *bg_out);
void chafa_canvas_get_raw_colors_at(ChafaCanvas *canvas, int x, int y, int *fg_out, int *bg_out);
ChafaSymbolMap *chafa_symbol_map_new(void);
void chafa_symbol_map_unref(ChafaSymbolMap *symbol_map);
void chafa_symbol_map_add_by_tags(ChafaSymbolMap *symbol_map, int tags);
void chafa_symbol_map_remove_by_tags(ChafaSymbolMap *symbol_map, int tags);
ChafaTermDb *chafa_term_db_get_default(void);
ChafaTermInfo *chafa_term_db_get_fallback_info(ChafaTermDb *term_db);
void chafa_term_info_unref(ChafaTermInfo *term_info);
void chafa_calc_canvas_geometry(int src_width, int src_height, int *dest_width_inout, int *dest_height_inout,
                                float font_ratio, int zoom, int stretch);

/// A printed canvas's bytes and their count, and giving it back (GLib's GString, whose layout Swift need not know).
const char *tern_gstring_bytes(const GString *string);
size_t tern_gstring_length(const GString *string);
void tern_gstring_free(GString *string);
/// The chafa this was built against, as major × 10000 + minor × 100 + micro (chafa has no runtime query).
int tern_chafa_version(void);

#endif

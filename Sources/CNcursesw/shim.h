#ifndef TERN_CNCURSESW_SHIM_H
#define TERN_CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D flags, so wide-character curses must be requested here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>

int wcwidth(wchar_t c);

// Macros and globals that Swift cannot see directly.
static inline WINDOW *tern_stdscr(void) { return stdscr; }
static inline WINDOW *tern_curscr(void) { return curscr; }
static inline FILE *tern_stdout(void) { return stdout; }
static inline FILE *tern_stdin(void) { return stdin; }
static inline int tern_lines(void) { return LINES; }
static inline int tern_cols(void) { return COLS; }
static inline int tern_colors(void) { return COLORS; }
static inline int tern_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t tern_a_normal(void) { return A_NORMAL; }
static inline attr_t tern_a_bold(void) { return A_BOLD; }
static inline attr_t tern_a_dim(void) { return A_DIM; }
static inline attr_t tern_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tern_a_reverse(void) { return A_REVERSE; }
static inline attr_t tern_a_italic(void) { return A_ITALIC; }
static inline int tern_key_resize(void) { return KEY_RESIZE; }
static inline int tern_err(void) { return ERR; }

/// Sets the current attributes and an extended (int) colour pair.
static inline int tern_attr_set(WINDOW *w, attr_t attrs, int pair) {
    return wattr_set(w, attrs, 0, &pair);
}

/// Puts one cell: a base character (plus optional combining marks) with attributes and an extended pair.
static inline int tern_put_cell(WINDOW *w, int y, int x, const wchar_t *chars, attr_t attrs, int pair) {
    cchar_t cc;
    if (setcchar(&cc, chars, attrs, 0, &pair) != OK) return ERR;
    return mvwadd_wch(w, y, x, &cc);
}
#endif

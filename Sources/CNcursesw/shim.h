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
static inline FILE *tern_stdout(void) { return stdout; }
static inline FILE *tern_stdin(void) { return stdin; }
static inline int tern_lines(void) { return LINES; }
static inline int tern_cols(void) { return COLS; }
static inline int tern_colors(void) { return COLORS; }
static inline int tern_key_resize(void) { return KEY_RESIZE; }
static inline int tern_err(void) { return ERR; }

// From term.h, which Swift should not see whole (it defines a macro per capability name).
int setupterm(const char *term, int filedes, int *errret);
// Whether terminfo has an entry for `name`. Loads it as the current terminal: only for a process with no
// screen (tern doctor).
static inline int tern_terminfo_known(const char *name) {
    int status = 0;
    return setupterm(name, 1, &status) == 0 && status == 1;
}

#endif

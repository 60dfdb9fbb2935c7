#ifndef GHSCROLL_CNCURSES_SHIM_H
#define GHSCROLL_CNCURSES_SHIM_H

// SwiftPM does not pass the defines pkg-config would, so ask for the wide API here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <fcntl.h>

// Macros and mutable globals that Swift cannot import (or rejects under strict concurrency).

static inline WINDOW *ghs_stdscr(void) { return stdscr; }
static inline int ghs_lines(void) { return LINES; }
static inline int ghs_cols(void) { return COLS; }
static inline int ghs_colors(void) { return COLORS; }
static inline TERMINAL *ghs_cur_term(void) { return cur_term; }
static inline int ghs_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *ghs_curscr(void) { return curscr; }
static inline int ghs_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int ghs_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

static inline attr_t ghs_a_normal(void) { return A_NORMAL; }
static inline attr_t ghs_a_reverse(void) { return A_REVERSE; }
static inline attr_t ghs_a_bold(void) { return A_BOLD; }
static inline attr_t ghs_a_dim(void) { return A_DIM; }
static inline attr_t ghs_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ghs_color_pair(int n) { return COLOR_PAIR(n); }

static inline int ghs_key_f(int n) { return KEY_F(n); }
static inline mmask_t ghs_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t ghs_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t ghs_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t ghs_button5_pressed(void) { return 0; }
#endif
static inline mmask_t ghs_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

static inline int ghs_setlocale_all(void) { return setlocale(LC_ALL, "") != NULL; }

// Takes the environment's locale and, when its characters are not UTF-8 (LC_ALL=C, say), a
// UTF-8 LC_CTYPE when the system has one. 1 when characters are UTF-8 after that, else 0.
static inline int ghs_setlocale_utf8(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return 1;
    const char *names[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (setlocale(LC_CTYPE, names[i]) != NULL) return 1;
    }
    return 0;
}

// The columns the terminal (and curses) give a character: wcwidth, which <wchar.h> declares
// only for X/Open.
int wcwidth(wchar_t c);
static inline int ghs_wcwidth(wchar_t c) { return wcwidth(c); }

// Draw a UTF-8 string at (y, x). Returns ERR/OK like mvaddstr.
static inline int ghs_mvaddstr(int y, int x, const char *s) { return mvaddstr(y, x, s); }
static inline int ghs_attrset(attr_t a) { return attrset(a); }
// Blank n cells from (y, x) in attributes a, without moving the cursor.
static inline int ghs_mvhline_blank(int y, int x, attr_t a, int n) { return mvhline(y, x, ' ' | a, n); }

// Read one wide key; returns the get_wch result and stores the key.
static inline int ghs_get_wch(wint_t *out) { return get_wch(out); }

// The terminal's size from the kernel (after SIGWINCH); returns 0 on success.
static inline int ghs_winsize(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

// Makes a file descriptor non-blocking; returns 0 on success.
static inline int ghs_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL, 0);
    if (flags < 0) return -1;
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

#endif

// ncurses-floor: what ncurses alone costs for the frames `make bench` times, with no program
// around it. A list with a selection bar fills an 80x24 screen; each j moves the selection one
// row down, and at the bottom margin scrolls the list one line as ghscroll does: scroll the
// window's list region, draw the old selection row plain, the new one highlighted and the new
// bottom row, then the position in the status line, and refresh. The benchmark runs it in a pty
// beside ghscroll and less: the CPU per key it needs is the least any ncurses program drawing
// this screen can need, and ghscroll's figure less this one is what ghscroll itself adds.
// Ends on q. The first argument (ignored) lets the benchmark find the process. A second one
// names a file of filled rows, one a line as `login<TAB>name<TAB>right side`: each row is then
// drawn as ghscroll draws a filled row (the login, the name muted after it, the right side muted
// at the right edge), so filled frames have a floor of their own.
#define _XOPEN_SOURCE 700
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

enum { plain_pair = 0, muted_pair = 2, selection_pair = 6 };

// Filled rows read from the file named on the command line; none when it is not given.
static char **filled_rows;
static int filled_count;

static void load_filled(const char *path) {
    FILE *file = fopen(path, "r");
    if (file == NULL) return;
    char line[512];
    int capacity = 0;
    while (fgets(line, sizeof line, file) != NULL) {
        line[strcspn(line, "\n")] = 0;
        if (filled_count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            char **grown = realloc(filled_rows, sizeof *filled_rows * (size_t)capacity);
            if (grown == NULL) break;
            filled_rows = grown;
        }
        filled_rows[filled_count++] = strdup(line);
    }
    fclose(file);
}

// Display width of a UTF-8 string, as ncurses will lay it out.
static int text_width(const char *text) {
    wchar_t wide[256];
    size_t count = mbstowcs(wide, text, 255);
    if (count == (size_t)-1) return (int)strlen(text);
    wide[count] = 0;
    int width = wcswidth(wide, count);
    return width < 0 ? (int)count : width;
}

static void draw_filled_row(int y, const char *text, int selected, int columns) {
    char copy[512];
    snprintf(copy, sizeof copy, "%s", text);
    char *name = strchr(copy, '\t');
    char *right = NULL;
    if (name != NULL) {
        *name++ = 0;
        right = strchr(name, '\t');
        if (right != NULL) *right++ = 0;
    }
    attr_t base = selected ? COLOR_PAIR(selection_pair) : A_NORMAL;
    attr_t muted = selected ? COLOR_PAIR(selection_pair) : COLOR_PAIR(muted_pair);
    attrset(base);
    move(y, 0);
    clrtoeol();
    mvhline(y, 0, ' ' | base, columns);
    mvaddstr(y, 1, copy);
    if (name != NULL && *name) {
        attrset(muted);
        mvaddstr(y, 1 + text_width(copy) + 2, name);
    }
    if (right != NULL && *right) {
        attrset(muted);
        mvaddstr(y, columns - text_width(right) - 1, right);
    }
    attrset(A_NORMAL);
}

static void draw_row(int y, int item, int selected, int columns) {
    if (filled_count > 0) {
        draw_filled_row(y, filled_rows[item % filled_count], selected, columns);
        return;
    }
    char login[32];
    char id[32];
    snprintf(login, sizeof login, "user%d", item * 7919 % 100000);
    snprintf(id, sizeof id, "#%d ", item);
    attr_t base = selected ? COLOR_PAIR(selection_pair) : A_NORMAL;
    attrset(base);
    move(y, 0);
    clrtoeol();
    mvhline(y, 0, ' ' | base, columns);
    mvaddstr(y, 1, login);
    attrset(selected ? COLOR_PAIR(selection_pair) : COLOR_PAIR(muted_pair));
    mvaddstr(y, columns - (int)strlen(id) - 1, id);
    attrset(A_NORMAL);
}

int main(int argc, char **argv) {
    setlocale(LC_ALL, "");
    if (argc > 2) load_filled(argv[2]);
    if (initscr() == NULL) return 1;
    // As ghscroll does: one round trip so each refresh is one write (ncurses 6.4 flushes after
    // every cursor move until the screen has been left once).
    endwin();
    refresh();
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    curs_set(0);
    leaveok(stdscr, TRUE);
    typeahead(-1);
    if (has_colors()) {
        start_color();
        use_default_colors();
        init_pair(muted_pair, COLOR_BLUE, -1);
        init_pair(selection_pair, COLOR_BLACK, COLOR_CYAN);
    }
    int rows = LINES;
    int columns = COLS;
    int list = rows - 2;
    int top = 0;
    int selection = 0;
    mvaddstr(0, 0, " ncurses-floor · All users");
    for (int line = 0; line < list; line++) draw_row(1 + line, top + line, line == selection, columns);
    mvprintw(rows - 1, 0, " %d/100000", selection + 1);
    refresh();
    for (;;) {
        struct pollfd input = {0, POLLIN, 0};
        if (poll(&input, 1, -1) < 0) continue;
        wint_t key;
        while (get_wch(&key) != ERR) {
            if (key == 'q') {
                endwin();
                return 0;
            }
            if (key != 'j') continue;
            int line = selection - top;
            if (line < list - 3) {
                draw_row(1 + line, selection, 0, columns);
                selection++;
                draw_row(2 + line, selection, 1, columns);
            } else {
                scrollok(stdscr, TRUE);
                wsetscrreg(stdscr, 1, list);
                wscrl(stdscr, 1);
                wsetscrreg(stdscr, 0, rows - 1);
                scrollok(stdscr, FALSE);
                top++;
                draw_row(line, selection, 0, columns);
                selection++;
                draw_row(1 + line, selection, 1, columns);
                draw_row(list, top + list - 1, 0, columns);
            }
            move(rows - 1, 0);
            clrtoeol();
            mvprintw(rows - 1, 0, " %d/100000", selection + 1);
        }
        refresh();
    }
}

// ncurses-floor: what ncurses alone costs for the frames `make bench` times, with no program
// around it. A list with a selection bar fills an 80x24 screen; each j moves the selection one
// row down, and at the bottom margin scrolls the list one line as ghscroll does: scroll the
// window's list region, draw the old selection row plain, the new one highlighted and the new
// bottom row, then the position in the status line, and refresh. The benchmark runs it in a pty
// beside ghscroll and less: the CPU per key it needs is the least any ncurses program drawing
// this screen can need, and ghscroll's figure less this one is what ghscroll itself adds.
// Ends on q. The argument (ignored) lets the benchmark find the process.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <ncursesw/curses.h>

enum { plain_pair = 0, muted_pair = 2, selection_pair = 6 };

static void draw_row(int y, int item, int selected, int columns) {
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

int main(void) {
    setlocale(LC_ALL, "");
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

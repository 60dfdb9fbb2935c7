@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Whole screens, text and styles (see ``CellBuffer/styleLines`` for the style letters).
@Suite("The browser's screens")
struct AppViewTests {
    @Test("a filter with no match: the line being typed with the cursor after it, the count, and the line's own keys")
    func nomatchEditing() {
        var store = loadedStore(rows: 8, columns: 50)
        for key in ["/", "z", "q"] { store.apply(.key(.character(Character(key)))) }
        expectScreen(store.state, lines: [
        " ghscroll · All users              api.github.com",
        "",
        "           No loaded users match “zq”.",
        "",
        "       ↓ loads more · Esc clears the filter",
        "",
        "",
        "/zq                      0 of 20 loaded · F1 keys",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "..................................................",
        "..................................................",
        "..................................................",
        ".......mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.......",
        "..................................................",
        "..................................................",
        ".........................mmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
        let screen = CellBuffer(rows: 8, columns: 50)
        AppView.render(store.state, on: screen)
        #expect(screen.cursor?.row == 7 && screen.cursor?.column == 3, "the cursor after zq")
    }

    @Test("a kept filter with no match: the status line keeps the count and the filter; the list's keys, and no cursor")
    func nomatch() {
        var store = loadedStore(rows: 8, columns: 50)
        for key in ["/", "z", "q"] { store.apply(.key(.character(Character(key)))) }
        store.apply(.key(.enter))
        expectScreen(store.state, lines: [
        " ghscroll · All users              api.github.com",
        "",
        "           No loaded users match “zq”.",
        "",
        "       j loads more · Esc clears the filter",
        "",
        "",
        " 0 of 20 loaded · /zq       Enter details  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "..................................................",
        "..................................................",
        "..................................................",
        ".......mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.......",
        "..................................................",
        "..................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        let screen = CellBuffer(rows: 8, columns: 50)
        AppView.render(store.state, on: screen)
        #expect(screen.cursor == nil)
    }

    @Test("the help of the list mode, from the key table, over the list at 80×24")
    func helpList() {
        var store = loadedStore(rows: 24, columns: 80, users: 40)
        store.apply(.key(.character("?")))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                            api.github.com",
        " user1                                                                      #1",
        " user2                                                                      #2",
        " user3                                                                      #3",
        "",
        "  Keys · in a list",
        "  j ↓ wheel down  down one row           s         search users",
        "  k ↑ wheel up    up one row             S         a search's order",
        "  Space f PgDn    down a page            :         go to any list",
        "  b PgUp          up a page              o         open the profile in the b…",
        "  Ctrl-d          half a page down       y         copy the profile URL",
        "  Ctrl-u          half a page up         v         one line or two lines a u…",
        "  g Home          first row              r Ctrl-r  refresh the list",
        "  G End           last row               R         retry what failed",
        "  Enter l →       show the details of…   ?         the keys of this mode",
        "  p               the account's profi…   Ctrl-z    suspend to the shell",
        "  /               filter the loaded r…   q Ctrl-c  quit",
        "  Esc or ? closes this help · q quits",
        "",
        " user19                                                                    #19",
        " user20                                                                    #20",
        " user21                                                                    #21",
        " user22                                                                    #22",
        " 40 users · 1/40                                              Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "...........................................................................mmmm.",
        "...........................................................................mmmm.",
        "...........................................................................mmmm.",
        "...........................................................................mmmm.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the help with the details pane open: 1, 2 and 5 appear, Enter does not; past the screen's height it takes two columns")
    func helpDetails() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.key(.character("?")))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                                                api.github.com",
        " user1                                          #1  │ user2",
        " user2                                          #2  │",
        "",
        "  Keys · with the details pane open",
        "  j ↓ wheel down  down one row                     Esc h ← Backspace  back: close the pane, clea…",
        "  k ↑ wheel up    up one row                       /                  filter the loaded rows by …",
        "  Space f PgDn    down a page                      s                  search users",
        "  b PgUp          up a page                        S                  a search's order",
        "  Ctrl-d          half a page down                 :                  go to any list",
        "  Ctrl-u          half a page up                   o                  open the profile in the br…",
        "  g Home          first row                        y                  copy the profile URL",
        "  G End           last row (loads more)            v                  one line or two lines a us…",
        "  p               the account's profile            r Ctrl-r           refresh the list",
        "  1               open their followers             R                  retry what failed",
        "  2               open the users they follow       ?                  the keys of this mode",
        "  3               open their repositories          Ctrl-z             suspend to the shell",
        "  4               open the repositories they st…   q Ctrl-c           quit",
        "  5               open the organizations they b…",
        "  Esc or ? closes this help · q quits",
        "",
        " user21                                        #21  │",
        " user22                                        #22  │",
        " 40 users · 2/40                                                                  Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "................................................mmm.m.AAAAA.........................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm...............................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "...............................................mmmm.m...............................................",
        "...............................................mmmm.m...............................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the title path two levels down, its first crumbs giving way to … on a narrow screen")
    func breadcrumb() {
        var store = paneOpen(rows: 6, columns: 52)
        store.apply(.key(.character("1")))
        store.apply(.pageLoaded(ScreenID(2), firstToken, page(31...35, next: nil)))
        store.apply(.key(.enter))
        store.apply(.key(.character("2")))
        #expect(store.state.top.crumbs == ["All users", "user2", "followers", "user31", "following"])
        expectScreen(store.state, lines: [
        " ghscroll · … › user31 › following   api.github.com",
        "",
        "                     ⠙ Loading…",
        "",
        "",
        " 0 followed users   Enter details  Esc back  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "....................................................",
        "....................................................",
        "....................................................",
        "....................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }
}

@Suite("Row detail labels")
struct IDLabelTests {
    @Test("the id label written byte by byte reads as the number would, and gives way past 13 digits")
    func idLabel() {
        for id: Int64 in [0, 7, 10, 99, 583_231, 1_000_000, 9_999_999_999_999] {
            #expect(AppView.idLabel(id) == "#\(id) ")
        }
        #expect(AppView.idLabel(10_000_000_000_000) == nil)
        #expect(AppView.idLabel(-1) == nil)
    }
}

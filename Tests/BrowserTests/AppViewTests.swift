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
        " u  Keys · in a list",
        " u  j ↓ wheel down  down one row",
        " u  k ↑ wheel up    up one row (on the first row: pull to refresh)",
        " u  Space f PgDn    down a page",
        " u  b PgUp          up a page",
        " u  Ctrl-d          half a page down",
        " u  Ctrl-u          half a page up",
        " u  g Home          first row",
        " u  G End           last row (loads more)",
        " u  Enter l →       show the details of the user or repository",
        " u  p               the account's profile (a repository's owner's)",
        " u  /               filter the loaded rows by login",
        " u  :               type where to go (followers LOGIN, user LOGIN, search …)",
        " u  o               open the profile in the browser",
        " u  y               copy the profile URL (OSC 52)",
        " u  v               one line or two lines a user",
        " u  r Ctrl-r        refresh the list",
        " u  R               retry what failed",
        " u  ?               the keys of this mode",
        " u  Ctrl-z          suspend to the shell (fg comes back)",
        " u  q Ctrl-c        quit",
        " u  Esc or ? closes this help · q quits",
        " 40 users · 1/40                                              Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RRHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHRR",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
        "..RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.",
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
        "  j ↓ wheel down  down one row                     5                  open the organizations the…",
        "  k ↑ wheel up    up one row (on the first row:…   Esc h ← Backspace  back: close the pane, clea…",
        "  Space f PgDn    down a page                      /                  filter the loaded rows by …",
        "  b PgUp          up a page                        :                  type where to go (follower…",
        "  Ctrl-d          half a page down                 o                  open the profile in the br…",
        "  Ctrl-u          half a page up                   y                  copy the profile URL (OSC …",
        "  g Home          first row                        v                  one line or two lines a us…",
        "  G End           last row (loads more)            r Ctrl-r           refresh the list",
        "  p               the account's profile (a repo…   R                  retry what failed",
        "  1               open their followers (members…   ?                  the keys of this mode",
        "  2               open the users they follow (a…   Ctrl-z             suspend to the shell (fg c…",
        "  3               open their repositories (a re…   q Ctrl-c           quit",
        "  4               open the repositories they st…",
        "  Esc or ? closes this help · q quits",
        "",
        " user20                                        #20  │",
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
        "...............................................mmmm.m...............................................",
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

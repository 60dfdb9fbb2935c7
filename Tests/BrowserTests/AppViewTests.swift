@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Whole screens, text and styles (see ``CellBuffer/styleLines`` for the style letters).
@Suite("The browser's screens")
struct AppViewTests {
    @Test("the details pane beside the list at 100 columns: name with wide characters and emoji, bio with its line breaks, the facts, the keys")
    func split() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.detailsLoaded(RequestID(1), richDetails()))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                                                api.github.com",
            " user1                                          #1  │ ┌──────────────┐  Zoë 山田 🚀",
            " user2                                          #2  │ │              │  user2 · User · GitHub staff",
            " user3                                          #3  │ │              │",
            " user4                                          #4  │ │              │  Company    @acme",
            " user5                                          #5  │ │  no picture  │  Location   Montréal",
            " user6                                          #6  │ │              │  Followers  1,234",
            " user7                                          #7  │ │              │  Following  5",
            " user8                                          #8  │ └──────────────┘",
            " user9                                          #9  │",
            " user10                                        #10  │ First line.",
            " user11                                        #11  │ Second line is long enough to wrap in the",
            " user12                                        #12  │ pane.",
            " user13                                        #13  │",
            " user14                                        #14  │ After a blank line.",
            " user15                                        #15  │",
            " user16                                        #16  │ Blog     https://user2.example.dev",
            " user17                                        #17  │ Repos    12 public · 3 gists",
            " user18                                        #18  │ Joined   2011-03-13 · 12 years ago",
            " user19                                        #19  │ Profile  https://github.com/user2",
            " user20                                        #20  │",
            " user21                                        #21  │ [1] followers  [2] following  [o] open",
            " user22                                        #22  │ [y] copy",
            " 40 users · 2/40                       1 followers  2 following  Esc back  / filter  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "................................................mmm.m.mmmmmmmmmmmmmmmm..AAAAAAAAAAA.................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.m..............m..mmmmmmmmmmmmmmmmmmmmmmmmmmm.",
            "................................................mmm.m.m..............m..............................",
            "................................................mmm.m.m..............m..mmmmmmm.....................",
            "................................................mmm.m.m..mmmmmmmmmm..m..mmmmmmmm....................",
            "................................................mmm.m.m..............m..mmmmmmmmm...................",
            "................................................mmm.m.m..............m..mmmmmmmmm...................",
            "................................................mmm.m.mmmmmmmmmmmmmmmm..............................",
            "................................................mmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m.mmmm..........................................",
            "...............................................mmmm.m.mmmmm.........................................",
            "...............................................mmmm.m.mmmmmm........................................",
            "...............................................mmmm.m.mmmmmmm.......................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m.mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm........",
            "...............................................mmmm.m.mmmmmmmm......................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("below 100 columns the pane covers the list; a bio that does not fit ends in an ellipsis")
    func full() {
        var store = paneOpen(rows: 16, columns: 60)
        store.apply(.detailsLoaded(RequestID(1), richDetails()))
        expectScreen(store.state, lines: [
            " ghscroll · All users                        api.github.com",
            " ┌──────┐  Zoë 山田 🚀",
            " │      │  user2 · User · GitHub staff",
            " │no pi…│",
            " └──────┘  Company  @acme",
            "",
            " First line.…",
            "",
            " Blog       https://user2.example.dev",
            " Location   Montréal",
            " Repos      12 public · 3 gists",
            " Followers  1,234",
            " Following  5",
            " Joined     2011-03-13 · 12 years ago",
            " Profile    https://github.com/user2",
            " 20 users · 2/20           1 followers  2 following  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".mmmmmmmm..AAAAAAAAAAA......................................",
            ".m......m..mmmmmmmmmmmmmmmmmmmmmmmmmmm......................",
            ".mmmmmmmm...................................................",
            ".mmmmmmmm..mmmmmmm..........................................",
            "............................................................",
            "............................................................",
            "............................................................",
            ".mmmm.......................................................",
            ".mmmmmmmm...................................................",
            ".mmmmm......................................................",
            ".mmmmmmmmm..................................................",
            ".mmmmmmmmm..................................................",
            ".mmmmmm.....................................................",
            ".mmmmmmm....................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("while the details load: the login and a spinner")
    func loading() {
        let store = paneOpen(rows: 8, columns: 60)
        expectScreen(store.state, lines: [
        " ghscroll · All users                        api.github.com",
        " user2",
        "",
        " ⠙ Loading details…",
        "",
        "",
        "",
        " 20 users · 2/20           1 followers  2 following  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ".AAAAA......................................................",
        "............................................................",
        ".mmmmmmmmmmmmmmmmmm.........................................",
        "............................................................",
        "............................................................",
        "............................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("a failed details request: the error in red, wrapped, and how to retry")
    func failed() {
        var store = paneOpen(rows: 9, columns: 60)
        let failure = LoadFailure(message: "Could not connect to api.github.com (connection refused or host unreachable).")
        store.apply(.detailsFailed(RequestID(1), .failed(failure)))
        expectScreen(store.state, lines: [
        " ghscroll · All users                        api.github.com",
        " user2",
        "",
        " Could not connect to api.github.com (connection refused or",
        " host unreachable).",
        "",
        " Press R to retry.",
        "",
        " 20 users · 2/20           1 followers  2 following  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ".AAAAA......................................................",
        "............................................................",
        ".eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.",
        ".eeeeeeeeeeeeeeeeee.........................................",
        "............................................................",
        ".BBBBBBBBBBBBBBBBB..........................................",
        "............................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("an account that no longer exists: not found, with no retry")
    func missing() {
        var store = paneOpen(rows: 8, columns: 60)
        store.apply(.detailsFailed(RequestID(1), .notFound))
        expectScreen(store.state, lines: [
        " ghscroll · All users                        api.github.com",
        " user2",
        "",
        " GitHub has no account user2 any more (renamed or deleted).",
        "",
        "",
        "",
        " 20 users · 2/20           1 followers  2 following  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ".AAAAA......................................................",
        "............................................................",
        "............................................................",
        "............................................................",
        "............................................................",
        "............................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("escape sequences, control characters and bidi overrides in a name or bio are drawn inert")
    func hostile() {
        var store = paneOpen(rows: 8, columns: 60)
        var evil = details("user2", id: 2, name: "\u{1B}]0;PWNED\u{07}\u{1B}[2JEve\u{202E}lin")
        evil.bio = "line\rone\u{08}\u{9B}31m"
        store.apply(.detailsLoaded(RequestID(1), evil))
        expectScreen(store.state, lines: [
        " ghscroll · All users                        api.github.com",
        " �]0;PWNED��[2JEve�lin",
        " user2 · User",
        "",
        " line one��31m",
        "",
        " Profile  https://github.com/user2",
        " 20 users · 2/20           1 followers  2 following  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ".AAAAAAAAAAAAAAAAAAAAA......................................",
        ".mmmmmmmmmmmm...............................................",
        "............................................................",
        "............................................................",
        "............................................................",
        ".mmmmmmm....................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("a filter with no match: the line being typed, the count, and that more is loading")
    func nomatchEditing() {
        var store = loadedStore(rows: 8, columns: 50)
        for key in ["/", "z", "q"] { store.apply(.key(.character(Character(key)))) }
        expectScreen(store.state, lines: [
        " ghscroll · All users              api.github.com",
        "",
        "           No loaded users match “zq”.",
        "",
        "              ⠙ Loading more users…",
        "",
        "",
        "/zq                                0 of 20 loaded",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "..................................................",
        "..................................................",
        "..................................................",
        "..............mmmmmmmmmmmmmmmmmmmmm...............",
        "..................................................",
        "..................................................",
        "...R...............................mmmmmmmmmmmmmmm",
        ])
    }

    @Test("a kept filter with no match: the status line keeps the count and the filter")
    func nomatch() {
        var store = loadedStore(rows: 8, columns: 50)
        for key in ["/", "z", "q"] { store.apply(.key(.character(Character(key)))) }
        store.apply(.key(.enter))
        expectScreen(store.state, lines: [
        " ghscroll · All users              api.github.com",
        "",
        "           No loaded users match “zq”.",
        "",
        "              ⠙ Loading more users…",
        "",
        "",
        " 0 of 20 loaded · loading more · /zq       ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "..................................................",
        "..................................................",
        "..................................................",
        "..............mmmmmmmmmmmmmmmmmmmmm...............",
        "..................................................",
        "..................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the help of the list mode, from the key table, over the list at 80×24")
    func helpList() {
        var store = loadedStore(rows: 24, columns: 80, users: 40)
        store.apply(.key(.character("?")))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                            api.github.com",
        " user1                                                                      #1",
        " user2   Keys · in a list                                                   #2",
        " user3   j ↓ wheel down  down one row                                       #3",
        " user4   k ↑ wheel up    up one row (on the first row: pull to refresh)     #4",
        " user5   Space f PgDn    down a page                                        #5",
        " user6   b PgUp          up a page                                          #6",
        " user7   Ctrl-d          half a page down                                   #7",
        " user8   Ctrl-u          half a page up                                     #8",
        " user9   g Home          first row                                          #9",
        " user10  G End           last loaded row (loads more)                      #10",
        " user11  Enter l →       show the user's details                           #11",
        " user12  /               filter the loaded rows by login                   #12",
        " user13  o               open the profile in the browser                   #13",
        " user14  y               copy the profile URL (OSC 52)                     #14",
        " user15  v               one line or two lines a user                      #15",
        " user16  r Ctrl-r        refresh the list                                  #16",
        " user17  R               retry what failed                                 #17",
        " user18  ?               the keys of this mode                             #18",
        " user19  Ctrl-z          suspend to the shell (fg comes back)              #19",
        " user20  q Ctrl-c        quit                                              #20",
        " user21  Esc or ? closes this help · q quits                               #21",
        " user22                                                                    #22",
        " 40 users · 1/40                                              Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ".......HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...mmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        ".......RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..mmmm.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the help with the details pane open: 1 and 2 appear, Enter does not")
    func helpDetails() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.key(.character("?")))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                                                api.github.com",
        " user1      Keys · with the details pane open",
        " user2      j ↓ wheel down     down one row",
        " user3      k ↑ wheel up       up one row (on the first row: pull to refresh)",
        " user4      Space f PgDn       down a page",
        " user5      b PgUp             up a page",
        " user6      Ctrl-d             half a page down",
        " user7      Ctrl-u             half a page up",
        " user8      g Home             first row",
        " user9      G End              last loaded row (loads more)",
        " user10     1                  open their followers (an organization's members)",
        " user11     2                  open the users they follow",
        " user12     Esc h ← Backspace  back: close the pane, clear the filter, or leave the list",
        " user13     /                  filter the loaded rows by login",
        " user14     o                  open the profile in the browser",
        " user15     y                  copy the profile URL (OSC 52)",
        " user16     v                  one line or two lines a user",
        " user17     r Ctrl-r           refresh the list",
        " user18     R                  retry what failed",
        " user19     ?                  the keys of this mode",
        " user20     Ctrl-z             suspend to the shell (fg comes back)",
        " user21     q Ctrl-c           quit",
        " user22     Esc or ? closes this help · q quits",
        " 40 users · 2/40                                                                  Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "..........HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH..........",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
        "..........RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR..........",
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

@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Whole screens, text and styles (see ``CellBuffer/styleLines`` for the style letters).
@Suite("The details pane on screen")
struct DetailsPaneScreenTests {
    @Test("the details pane beside the list at 100 columns: name with wide characters and emoji, bio with its line breaks, the facts, the keys; the row fills from the details (name, place, followers)")
    func split() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.detailsLoaded(RequestID(1), richDetails()))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                                                api.github.com",
            " user1                                          #1  │ ┌──────────────┐  Zoë 山田 🚀",
            " user2  Zoë 山田 🚀      Montréal · 1.2k followers  │ │              │  user2 · User · GitHub staff",
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
            " user16                                        #16  │ Repos      12 public · 3 gists",
            " user17                                        #17  │ Joined     2011-03-13 · 12 years ago",
            " user18                                        #18  │ Blog       https://user2.example.dev",
            " user19                                        #19  │ Profile    https://github.com/user2",
            " user20                                        #20  │",
            " user21                                        #21  │ [1] followers  [2] following  [3] repos",
            " user22                                        #22  │ [4] starred  [5] orgs  [o] open  [y] copy",
            " 40 users · 2/40                 1 followers  2 following  Esc back  / filter  : go  q quit  ? help",
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
            "...............................................mmmm.m.mmmmm.........................................",
            "...............................................mmmm.m.mmmmmm........................................",
            "...............................................mmmm.m.mmmm..........................................",
            "...............................................mmmm.m.mmmmmmm.......................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m.mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.......",
            "...............................................mmmm.m.mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.....",
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
            " └──────┘  Company    @acme",
            "",
            " First line.…",
            "",
            " Location   Montréal",
            " Followers  1,234",
            " Following  5",
            " Repos      12 public · 3 gists",
            " Joined     2011-03-13 · 12 years ago",
            " Blog       https://user2.example.dev",
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
            ".mmmmmmmm...................................................",
            ".mmmmmmmmm..................................................",
            ".mmmmmmmmm..................................................",
            ".mmmmm......................................................",
            ".mmmmmm.....................................................",
            ".mmmm.......................................................",
            ".mmmmmmm....................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("on a short terminal the facts that do not fit give way to a last line that says there is more")
    func cutShort() {
        var store = paneOpen(rows: 12, columns: 60)
        store.apply(.detailsLoaded(RequestID(1), richDetails()))
        // No room for the bio, Joined, Blog and Profile: the last line says so.
        expectScreen(store.state, lines: [
            " ghscroll · All users                        api.github.com",
            " ┌────┐  Zoë 山田 🚀",
            " │no …│  user2 · User · GitHub staff",
            " └────┘",
            "",
            " Company    @acme",
            " Location   Montréal",
            " Followers  1,234",
            " Following  5",
            " Repos      12 public · 3 gists",
            " … more on a taller terminal",
            " 20 users · 2/20           1 followers  2 following  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".mmmmmm..AAAAAAAAAAA........................................",
            ".mmmmmm..mmmmmmmmmmmmmmmmmmmmmmmmmmm........................",
            ".mmmmmm.....................................................",
            "............................................................",
            ".mmmmmmm....................................................",
            ".mmmmmmmm...................................................",
            ".mmmmmmmmm..................................................",
            ".mmmmmmmmm..................................................",
            ".mmmmm......................................................",
            ".mmmmmmmmmmmmmmmmmmmmmmmmmmm................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        // Tall enough for everything: no such line. (With every fact shown but not the keys, the
        // line goes where a row is to spare: see the pane beside the list.)
        var tall = paneOpen(rows: 24, columns: 60, users: 40)
        tall.apply(.detailsLoaded(RequestID(1), richDetails()))
        #expect(!render(tall.state).lines.contains { $0.contains("taller terminal") }, "\(render(tall.state))")
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

    @Test("details held up by a rate-limit wait: the pane says so under Loading details…, the status line in a few words beside its keys")
    func loadingDuringWait() {
        var store = paneOpen(rows: 10, columns: 100)
        store.apply(.wait(Wait(reason: .secondaryRateLimit, until: epoch.addingTimeInterval(30))))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                                                api.github.com",
            " user1                                          #1  │ user2",
            " user2                                          #2  │",
            " user3                                          #3  │ ⠙ Loading details…",
            " user4                                          #4  │ GitHub asked to slow down · resumes in 30 s",
            " user5                                          #5  │",
            " user6                                          #6  │",
            " user7                                          #7  │",
            " user8                                          #8  │",
            " 20 users · slowed down · resumes in 30 s · 2/20         1 followers  2 following  Esc back  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "................................................mmm.m.AAAAA.........................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm...............................................",
            "................................................mmm.m.mmmmmmmmmmmmmmmmmm............................",
            "................................................mmm.m.mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...",
            "................................................mmm.m...............................................",
            "................................................mmm.m...............................................",
            "................................................mmm.m...............................................",
            "................................................mmm.m...............................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("beside the picture the facts go in their order while they fit, words wrapping once; from the first that does not, all go below, under the same label width; a place too long for the row gives way on it")
    func factsBesideThePicture() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        var user = richDetails()
        user.company = "Globex Corporation"
        user.location = "Santa Cruz de la Sierra, Bolivia"
        store.apply(.detailsLoaded(RequestID(1), user))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                                                api.github.com",
            " user1                                          #1  │ ┌──────────────┐  Zoë 山田 🚀",
            " user2  Zoë 山田 🚀                 1.2k followers  │ │              │  user2 · User · GitHub staff",
            " user3                                          #3  │ │              │",
            " user4                                          #4  │ │              │  Company    Globex",
            " user5                                          #5  │ │  no picture  │             Corporation",
            " user6                                          #6  │ │              │  Location   Santa Cruz de la",
            " user7                                          #7  │ │              │             Sierra, Bolivia",
            " user8                                          #8  │ └──────────────┘  Followers  1,234",
            " user9                                          #9  │",
            " user10                                        #10  │ First line.",
            " user11                                        #11  │ Second line is long enough to wrap in the",
            " user12                                        #12  │ pane.",
            " user13                                        #13  │",
            " user14                                        #14  │ After a blank line.",
            " user15                                        #15  │",
            " user16                                        #16  │ Following  5",
            " user17                                        #17  │ Repos      12 public · 3 gists",
            " user18                                        #18  │ Joined     2011-03-13 · 12 years ago",
            " user19                                        #19  │ Blog       https://user2.example.dev",
            " user20                                        #20  │ Profile    https://github.com/user2",
            " user21                                        #21  │",
            " user22                                        #22  │ … more on a taller terminal",
            " 40 users · 2/40                 1 followers  2 following  Esc back  / filter  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "................................................mmm.m.mmmmmmmmmmmmmmmm..AAAAAAAAAAA.................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.m..............m..mmmmmmmmmmmmmmmmmmmmmmmmmmm.",
            "................................................mmm.m.m..............m..............................",
            "................................................mmm.m.m..............m..mmmmmmm.....................",
            "................................................mmm.m.m..mmmmmmmmmm..m..............................",
            "................................................mmm.m.m..............m..mmmmmmmm....................",
            "................................................mmm.m.m..............m..............................",
            "................................................mmm.m.mmmmmmmmmmmmmmmm..mmmmmmmmm...................",
            "................................................mmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m.mmmmmmmmm.....................................",
            "...............................................mmmm.m.mmmmm.........................................",
            "...............................................mmmm.m.mmmmmm........................................",
            "...............................................mmmm.m.mmmm..........................................",
            "...............................................mmmm.m.mmmmmmm.......................................",
            "...............................................mmmm.m...............................................",
            "...............................................mmmm.m.mmmmmmmmmmmmmmmmmmmmmmmmmmm...................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }
}

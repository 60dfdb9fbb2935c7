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
        " 0 of 20 loaded · /zq  Esc back  / filter  ? help",
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

    @Test("the help of the list mode, from the key table, over the list at 80×24: two columns, no text cut")
    func helpList() {
        var store = loadedStore(rows: 24, columns: 80, users: 40)
        store.apply(.key(.character("?")))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                            api.github.com",
        "   Keys · in a list",
        "   j ↓                  down one row      /         filter the loaded rows by",
        "   k ↑                  up one row                  words",
        "   wheel down           down three rows   s         search users",
        "   wheel up             up three rows     :         go to any list",
        "   Space f Ctrl-f PgDn  down a page       o         open the profile in the",
        "   b Ctrl-b PgUp        up a page                   browser",
        "   Ctrl-d               half a page       y         copy the profile URL",
        "                        down              F         follow or unfollow the",
        "   Ctrl-u               half a page up              account",
        "   g Home               first row         *         star or unstar the",
        "   G End                last row                    repository",
        "   0–9                  a count for the   v         one line or two lines a",
        "                        next move                   user",
        "   click                select a row      r Ctrl-r  refresh the list",
        "   Enter l →            show the          R         retry what failed",
        "                        details of the    ?         the keys of this mode",
        "                        user or           Ctrl-z    suspend to the shell",
        "                        repository        q Ctrl-c  quit",
        "   p                    the account's",
        "                        profile",
        "   Esc or ? closes this help · q quits",
        " 40 users · 1/40                                              Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHR",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        ".RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the help with the details pane open: 1, 2 and 5 appear, Enter does not; past the screen's height it takes two columns, long texts going on under themselves")
    func helpDetails() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.key(.character("?")))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                                                api.github.com",
        " user1                                          #1  │ user2",
        "",
        "  Keys · with the details pane open",
        "  j ↓                  down one row                4                  open the repositories they…",
        "  k ↑                  up one row                  5                  open the organizations the…",
        "  wheel down           down three rows             Esc h ← Backspace  back: close the pane, clea…",
        "  wheel up             up three rows               /                  filter the loaded rows by …",
        "  Space f Ctrl-f PgDn  down a page                 s                  search users",
        "  b Ctrl-b PgUp        up a page                   :                  go to any list",
        "  Ctrl-d               half a page down            o                  open the profile in the br…",
        "  Ctrl-u               half a page up              y                  copy the profile URL",
        "  g Home               first row                   F                  follow or unfollow the acc…",
        "  G End                last row (loads more)       v                  one line or two lines a us…",
        "  click                select a row                r Ctrl-r           refresh the list",
        "  p                    the account's profile       R                  retry what failed",
        "  1                    open their followers        ?                  the keys of this mode",
        "  2                    open the users they         Ctrl-z             suspend to the shell",
        "                       follow                      q Ctrl-c           quit",
        "  3                    open their repositories",
        "  Esc or ? closes this help · q quits",
        "",
        " user22                                        #22  │",
        " 40 users · 2/40                                                                  Esc close  q quit",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "................................................mmm.m.AAAAA.........................................",
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
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR.",
        "...............................................mmmm.m...............................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the title path two levels down, whole at 52 columns: the host gives way first")
    func breadcrumb() {
        var store = paneOpen(rows: 6, columns: 52)
        store.apply(.key(.character("1")))
        store.apply(.pageLoaded(ScreenID(2), firstToken, page(31...35, next: nil)))
        store.apply(.key(.enter))
        store.apply(.key(.character("2")))
        #expect(store.state.top.crumbs == [allUsers, .name("user2"), .list(.users(.followers("user2"))), .name("user31"),
                                          .list(.users(.following("user31")))])
        expectScreen(store.state, lines: [
        " All users › user2 › followers › user31 › following",
        "",
        "                     ⠙ Loading…",
        "",
        "",
        " Loading followed users…     Esc back  : go  ? help",
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

@Suite("The title line as the width shrinks")
struct TitleTests {
    @Test("least useful first: the host and token, ghscroll ·, the long notes, the first crumbs, the rate; the list last")
    func givesWay() {
        let title = AppView.Title(crumbs: ["All users", "octocat", "followers"], host: "api.github.com", tokenLabel: "token: gh",
                                  rateLimit: RateLimit(limit: 5_000, remaining: 4_321),
                                  offline: " · offline, tries again by itself in 0:07", cachedAgo: "5 min ago")
        func line(_ columns: Int) -> String {
            let screen = CellBuffer(rows: 1, columns: columns)
            AppView.drawTitle(title, on: screen, columns: columns)
            #expect(screen.styleLines[0] == String(repeating: "R", count: columns))
            return String(screen.lines[0].reversed().drop(while: { $0 == " " }).reversed())
        }
        // (The rate grouped as every number on screen is, #37 item 4: two columns wider than "4321/5000".)
        #expect(line(150) == " ghscroll · All users › octocat › followers · offline, tries again by itself in 0:07 · cached 5 min ago  api.github.com · token: gh  rate 4,321/5,000")
        #expect(line(130) == " ghscroll · All users › octocat › followers · offline, tries again by itself in 0:07 · cached 5 min ago          rate 4,321/5,000")
        #expect(line(115) == " All users › octocat › followers · offline, tries again by itself in 0:07 · cached 5 min ago      rate 4,321/5,000")
        #expect(line(80) == " All users › octocat › followers · offline · cached            rate 4,321/5,000")
        #expect(line(62) == " … › octocat › followers · offline · cached  rate 4,321/5,000")
        #expect(line(52) == " … › followers · offline · cached  rate 4,321/5,000")
        #expect(line(40) == " … › followers · offline · cached")
        #expect(line(20) == " … › followers · of…")
    }

    @Test("the state keeps the path as facts and the title words them: a name as it is, a list under a name by what it holds, a list on its own by its heading")
    func crumbWords() {
        let me = GitHubConfiguration.me
        let crumbs: [(Crumb, String)] = [
            (.name("octocat"), "octocat"), (.name("apple/swift"), "apple/swift"),
            (.list(.users(.followers("octocat"))), "followers"), (.list(.users(.following("octocat"))), "following"),
            (.list(.repositories(.owned("github", organization: true))), "repositories"),
            (.list(.repositories(.starred("octocat"))), "starred"),
            (.list(.users(.stargazers(owner: "apple", repo: "swift"))), "stargazers"),
            (.list(.users(.newestStargazers(owner: "apple", repo: "swift"))), "stargazers, newest first"),
            (.list(.users(.following(me))), "following"),
            (.heading(.users(.all(since: 0))), "All users"), (.heading(.users(.all(since: 42))), "All users since #42"),
            (.heading(.users(.search("tom", sort: .joined))), "Search: tom"),
            (.heading(.users(.followers("octocat"))), "Followers of octocat"),
            (.heading(.users(.following("octocat"))), "octocat follows"),
            (.heading(.users(.followers(me))), "Your followers"), (.heading(.repositories(.starred(me))), "Starred by you"),
        ]
        for (crumb, words) in crumbs {
            #expect(crumb.words == words)
        }
        var store = TestStore(makeState(list: .users(.search("tom"))))
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: users(1...20).map(Row.user), next: .page(2), totalCount: 1_234)))
        #expect(store.state.top.crumbs == [.heading(.users(.search("tom")))])
        #expect(AppView.Title(store.state).crumbs == ["Search: tom · 1,234 found · best match"], "a search's note after its crumb")
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

@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A stargazer who starred `days` before the tests' "now".
private func stargazer(_ id: Int64, days: Double, org: Bool = false) -> GitHubUser {
    GitHubUser(login: "user\(id)", id: id, type: org ? "Organization" : "User", starredAt: epoch.addingTimeInterval(-days * 86_400))
}

/// Issue 35 item 8: a stargazers list shows when each person starred, and where GitHub stops
/// listing them (its 422 past 40,000) the list ends with a row that says so and how to see them all.
@Suite("Stargazers in the browser: the date of each star, and GitHub's 40,000")
struct StargazerRowsTests {
    let list = GitHubList.users(.stargazers(owner: "octo", repo: "cat"))

    @Test("each stargazer's row says when they starred, through the one way ages are written; the short form keeps it")
    func starredRows() {
        var state = makeState(list: list, rows: 7, columns: 60)
        _ = state.start()
        var store = TestStore(state)
        let rows = [stargazer(1, days: 3), stargazer(2, days: 400, org: true), stargazer(3, days: 0.5),
                    GitHubUser(login: "user4", id: 4)]
        store.apply(.pageLoaded(root, firstToken, Page(items: rows.map(Row.user), next: nil)))
        expectScreen(store.state, lines: [
            " ghscroll · Stargazers of octo/cat           api.github.com",
            " user1                             starred 3 days ago · #1",
            " user2                       starred 1 year ago · #2 · org",
            " user3                                  starred today · #3",
            " user4                                                  #4",
            " — End of list · 4 stargazers —",
            " 4 stargazers · 1/4 · end   Enter details  / filter  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".............................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.",
            "........................................mmmmmmmmmmmmmmmmmmm.",
            "........................................................mmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        // Narrower, the date stays where the id and the kind give way (as a contributor's commits do).
        store.apply(.resized(rows: 7, columns: 36))
        #expect(Array(render(store.state).lines[1...3]) == [
            " user1     starred 3 days ago · #1",
            " user2          starred 1 year ago",
            " user3          starred today · #3",
        ])
    }

    @Test("GitHub's 422 past 40,000 ends the list: no retry, nothing asked after it, and the end row says how to list them all")
    func endsAtGitHubsLimit() throws {
        var store = TestStore(makeState(list: list, rows: 6, columns: 120))
        store.applyStart()
        // The last starred half a day ago, each one before it 0.6 days earlier.
        let loaded = (1...40_000).map { stargazer(Int64($0), days: Double(40_000 - $0) * 0.6 + 0.5) }
        store.apply(.pageLoaded(root, firstToken, Page(items: loaded.map(Row.user), next: .page(2))))
        let commands = store.apply(.key(.character("G")))
        guard case let .run(.fetch(screen, _), .page(_, next))? = commands.first, commands.count == 1, screen == root else {
            return #expect(Bool(false), "one fetch of the next page: \(commands)")
        }
        #expect(next.cursor == .page(2))
        // The client's answer to the 422: an empty page that ends the list short.
        let cut = Page<Row, GitHubCursor>(items: [], next: nil, endsShort: true)
        store.send(.pageLoaded(root, next.token, cut)) {
            $0.screens[0].listScreen?.pager.holds(next: cut, at: .page(2))
            $0.screens[0].listScreen?.pager.shows(from: 39_997, rows: 4)
        }
        let top = try #require(store.state.top.listScreen)
        #expect(top.pager.endedShort && top.pager.appendState == .endReached)
        #expect(Array(render(store.state).lines[1...5]) == [
            " user39998                                                                                  starred 1 day ago · #39998",
            " user39999                                                                                  starred 1 day ago · #39999",
            " user40000                                                                                      starred today · #40000",
            " — GitHub lists only the first 40,000 stargazers · ghscroll stargazers octo/cat --newest lists them all, newest first —",
            " 40,000 stargazers · 40,000/40,000 · end                                  Enter details  / filter  : go  q quit  ? help",
        ])
        // Nothing more is asked for: not at the end, not on a retry.
        store.press(.character("G"))
        store.press(.character("j"))
        store.press(.character("R")) { $0.flash = .nothingFailed }
    }

    @Test("a stargazers list that simply ends says End of list, as any list")
    func simplyEnds() {
        var store = TestStore(makeState(list: list, rows: 6, columns: 60))
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [stargazer(1, days: 2), stargazer(2, days: 1)].map(Row.user), next: nil)))
        #expect(render(store.state).lines[3] == " — End of list · 2 stargazers —")
        #expect(AppView.cutShort(store.state.top.asList) == nil)
    }
    @Test("--newest: a GraphQL page fills its own rows, so no fill request goes; the title says newest first")
    func newestFillsItself() {
        let newest = GitHubList.users(.newestStargazers(owner: "octo", repo: "cat"))
        var state = makeState(list: newest, rows: 7, columns: 70)
        state.fillsRows = true
        _ = state.start()
        var store = TestStore(state)
        let rows = [stargazer(1, days: 1), stargazer(2, days: 2), stargazer(3, days: 5)]
        let fills = rows.map { row in
            AccountFill(login: row.login, name: "Person \(row.id)", location: "Town \(row.id)", followers: 1_200, id: row.id)
        }
        let cursor = GitHubCursor.after("Y3Vyc29yOnYyOjI=")
        let loaded = Page(items: rows.map(Row.user), next: cursor)
        // The next page goes by its GraphQL cursor; no fill request goes.
        store.send(.pageLoaded(root, firstToken, loaded, fills: fills), [.fetch(root, newest, request(2, .append, cursor))]) {
            $0.screens[0].listScreen?.pager.holds(first: loaded, at: newest.firstCursor)
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 5)
            $0.screens[0].listScreen?.pager.awaits(.append, request: 2, at: cursor)
            $0.screens[0].viewport = Viewport(height: 5, margin: 2, top: 0, selection: 0)
            $0.screens[0].listScreen?.selectedID = 1
            for fill in fills { $0.screens[0].listScreen?.fills.byID[fill.id ?? 0] = RowFill(fill) }
            $0.screens[0].listScreen?.fills.prunedFor = RowFills.LoadedRows(offset: 0, count: 3)
        }
        let screen = render(store.state)
        #expect(screen.lines[0].hasPrefix(" ghscroll · Stargazers of octo/cat, newest first"), "\(screen)")
        #expect(screen.lines[1].hasPrefix(" user1  Person 1"), "\(screen)")
        #expect(screen.lines[1].contains("Town 1"), "\(screen)")
    }
}

@testable import Browser
import enum Browser.Screen
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The browser as `ghscroll` starts it on a host it knows nothing of: where pages live on the web
/// is learned from GitHub's `html_url`s, never built from the API's address (here 127.0.0.1).
private func fresh(_ list: GitHubList, rows: Int = 16, columns: Int = 100) -> AppState {
    AppState(list: list, host: "127.0.0.1", pageSize: 20, prefetchDistance: 2,
             size: AppState.Size(rows: rows, columns: columns), now: epoch)
}

/// Starts `state` and loads its first page, GitHub having sent `webPages` as the rows' html_urls.
private func loaded(_ state: AppState, _ page: Page<Row, GitHubCursor>, webPages: [String?]) -> TestStore {
    var store = TestStore(state)
    for case let .run(.fetch(id, _), .page(_, request)) in store.applyStart() {
        store.apply(.pageLoaded(id, request.token, page, webPages: webPages))
    }
    return store
}

/// A user page whose second row is a bot: GitHub's page for it is not BASE/LOGIN.
private func usersWithBot() -> (page: Page<Row, GitHubCursor>, webPages: [String?]) {
    var rows = users(1...20).map(Row.user)
    rows[1] = .user(GitHubUser(login: "helper[bot]", id: 2, type: "Bot"))
    let sent: [String?] = rows.map { row in
        row.id == 2 ? "https://github.com/apps/helper" : "https://github.com/\(row.name)"
    }
    return (Page(items: rows, next: .since(20)), sent)
}

/// The pane's half of the screen line that has `label` ("Profile", "Page"), whole, as drawn.
private func paneLine(_ state: AppState, _ label: String) -> String? {
    render(state).lines.lazy.compactMap { line in line.range(of: "│ ").map { String(line[$0.upperBound...]) } }
        .first { $0.hasPrefix(label + " ") }
}

@Suite("o, y and the pane's address are the page GitHub sent for the row, with the pane open and closed")
struct WebPageTests {
    @Test("a user's html_url, and a bot's that is not under the base, with the pane closed and open; only the bot's is kept")
    func userAndBot() {
        let (first, sent) = usersWithBot()
        var store = loaded(fresh(.users(.all(since: 0))), first, webPages: sent)
        #expect(store.state.web.base == "https://github.com", "learned from the addresses sent")
        #expect(store.state.top.listScreen?.webPages == [2: "https://github.com/apps/helper"], "only the one off the base")
        store.press(.character("o"), [.open("https://github.com/user1")]) { $0.flash = .opening("https://github.com/user1") }
        store.apply(.key(.character("j")))
        store.press(.character("y"), [.copy("https://github.com/apps/helper")]) {
            $0.flash = .copied("https://github.com/apps/helper")
        }
        // The pane open on the bot: the same address, for the keys and in the pane.
        store.apply(.key(.enter))
        store.apply(.detailsDue(RequestID(1)))
        var bot = details("helper[bot]", id: 2)
        bot.type = "Bot"
        bot.htmlURL = "https://github.com/apps/helper"
        store.apply(.detailsLoaded(RequestID(1), bot))
        #expect(store.state.top.detailsOpen)
        store.press(.character("o"), [.open("https://github.com/apps/helper")]) {
            $0.flash = .opening("https://github.com/apps/helper")
        }
        store.press(.character("y"), [.copy("https://github.com/apps/helper")]) {
            $0.flash = .copied("https://github.com/apps/helper")
        }
        #expect(paneLine(store.state, "Profile") == "Profile  https://github.com/apps/helper", "\(render(store.state))")
        // Back on a user with the pane open: its own page.
        store.apply(.key(.character("k")))
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/user1")])
    }

    @Test("an organization GitHub sent no address for: not known at first (said so, nothing opened), then under the base its details taught")
    func organizationWithoutAddress() {
        let orgs = (1...5).map { Row.user(user(Int64($0), "org\($0)", org: true)) }
        var store = loaded(fresh(.users(.organizations("octocat"))), Page(items: orgs, next: nil),
                           webPages: Array(repeating: nil, count: 5))
        #expect(store.state.web.base == nil)
        store.press(.character("o")) { $0.flash = .pageNotKnownYet }
        #expect(AppView.flashText(store.state) == "Its web page is not known yet: GitHub has sent no address for this host")
        store.press(.character("y")) { $0.flash = .pageNotKnownYet }
        // Its pane asks for its details, whose html_url says where pages live.
        store.apply(.key(.enter))
        store.apply(.detailsDue(RequestID(1)))
        var org1 = details("org1", id: 1, org: true)
        org1.htmlURL = "https://github.com/org1"
        store.apply(.detailsLoaded(RequestID(1), org1))
        #expect(store.state.web.base == "https://github.com")
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/org1")])
        store.apply(.key(.character("j")))
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/org2")], "the pane open, its details not in")
        store.apply(.key(.escape))
        #expect(!store.state.top.detailsOpen)
        #expect(store.apply(.key(.character("y"))) == [.copy("https://github.com/org2")], "the pane closed: the same")
    }

    @Test("a repository's html_url before any account taught the base, with the pane closed and open, and in the pane")
    func repository() {
        let repos = (1...3).map { Row.repository(GitHubRepository(id: Int64($0), fullName: "octocat/repo\($0)")) }
        let sent: [String?] = ["https://github.com/octocat/repo1", "https://ghe.example.com/octocat/repo2", nil]
        var store = loaded(fresh(.repositories(.owned("octocat", organization: false))), Page(items: repos, next: nil),
                           webPages: sent)
        #expect(store.state.web.base == "https://github.com")
        #expect(store.state.top.listScreen?.webPages == [2: "https://ghe.example.com/octocat/repo2"])
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/octocat/repo1")])
        store.apply(.key(.character("j")))
        #expect(store.apply(.key(.character("o"))) == [.open("https://ghe.example.com/octocat/repo2")])
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("y"))) == [.copy("https://ghe.example.com/octocat/repo2")])
        store.apply(.repositoryDue(RequestID(1)))
        var found = RepositoryDetails(id: 2, fullName: "octocat/repo2")
        found.htmlURL = "https://ghe.example.com/octocat/repo2"
        store.apply(.repositoryLoaded(RequestID(1), found))
        #expect(paneLine(store.state, "Page") == "Page  https://ghe.example.com/octocat/repo2", "\(render(store.state))")
        #expect(store.state.web.base == "https://github.com", "the base stays what the list taught")
        store.apply(.key(.character("j")))
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/octocat/repo3")], "none sent: under the base")
    }

    @Test("an address that is not a web page is never opened nor learned from")
    func hostileAddress() {
        var store = loaded(fresh(.users(.all(since: 0))), page(1...3, next: nil),
                           webPages: ["javascript:alert(1)//user1", "https://github.com/user2", "not a url/user3"])
        #expect(store.state.web.base == "https://github.com")
        #expect(store.state.top.listScreen?.webPages == [:])
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/user1")])
    }

    @Test("an address kept for a row goes with the row: a refresh without it forgets it")
    func keptGoesWithRow() {
        let (first, sent) = usersWithBot()
        var store = loaded(fresh(.users(.all(since: 0))), first, webPages: sent)
        #expect(store.state.top.listScreen?.webPages.count == 1)
        let refresh = store.apply(.key(.character("r")))
        guard case let .run(.fetch(id, _), .page(_, request))? = refresh.first else {
            Issue.record("no refresh: \(refresh)")
            return
        }
        let again = page(1...20, next: .since(20)).items.filter { $0.id != 2 }
        store.apply(.pageLoaded(id, request.token, Page(items: again, next: .since(20)),
                                webPages: again.map { "https://github.com/\($0.name)" }))
        #expect(store.state.top.listScreen?.pager.items.count == 19)
        #expect(store.state.top.listScreen?.webPages == [:])
    }

    @Test("an address kept for a row goes when its page is dropped to bound memory (--max-items)")
    func keptGoesWithDroppedPage() {
        let (first, sent) = usersWithBot()
        let state = AppState(list: .users(.all(since: 0)), host: "127.0.0.1", pageSize: 20, prefetchDistance: 2,
                             size: AppState.Size(rows: 16, columns: 100), now: epoch, maxItems: 40)
        var store = loaded(state, first, webPages: sent)
        #expect(store.state.top.listScreen?.webPages == [2: "https://github.com/apps/helper"])
        var next: Int64 = 21
        for _ in 0..<10 where store.state.top.listScreen?.pager.offset == 0 {
            for case let .run(.fetch(id, _), .page(_, request)) in store.apply(.key(.character("G"))) {
                let more = page(next...(next + 19), next: .since(next + 19))
                store.apply(.pageLoaded(id, request.token, more, webPages: more.items.map { "https://github.com/\($0.name)" }))
                next += 20
            }
        }
        #expect(store.state.top.listScreen?.pager.offset ?? 0 > 0, "the first page was dropped")
        #expect(store.state.top.listScreen?.webPages == [:])
    }

    @Test("a profile's slice keeps the address of its row that is not under the base")
    func profileSlice() {
        var store = TestStore.octocatProfile()
        let followers = [Row.user(user(11, "ana")), .user(GitHubUser(login: "helper[bot]", id: 12, type: "Bot"))]
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: followers, next: nil),
                                 webPages: ["https://github.com/ana", "https://github.com/apps/helper"]))
        #expect(store.state.top.selectedRow == followers[0])
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/ana")])
        store.apply(.key(.character("j")))
        #expect(store.state.top.selectedRow == followers[1])
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/apps/helper")])
    }
}

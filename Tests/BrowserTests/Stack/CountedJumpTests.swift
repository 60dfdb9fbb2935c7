@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Followers of octocat, 20 a page (the model tests' page size).
private let followers = GitHubList.users(.followers("octocat"))

/// The second page as GitHub's `rel="next"` names it.
private func secondPage() throws -> URL {
    try #require(URL(string: "https://api.github.com/users/octocat/followers?per_page=20&page=2"))
}

/// Starts `store`, presses `keysBefore` while the first page is on its way, then answers it with
/// users 1–20 and GitHub's count of `pages` pages (`rel="last"`); the commands that answer brought.
private func loadFirstPage(_ store: inout TestStore, keysBefore: String = "", pages: Int = 50) throws -> [Command] {
    guard case let .run(.fetch(id, _), .page(_, first))? = store.applyStart().first else { throw CancellationError() }
    for key in keysBefore { #expect(store.apply(.key(.character(key))).isEmpty) }
    var firstPage = page(1...20, next: .link(try secondPage()))
    firstPage.totalPages = pages
    return store.apply(.pageLoaded(id, first.token, firstPage, origin: .network))
}

/// `list` with its first page loaded, GitHub counting `pages` pages.
private func counted(_ list: GitHubList = followers, pages: Int = 50) throws -> TestStore {
    var store = TestStore(makeState(list: list))
    _ = try loadFirstPage(&store, pages: pages)
    return store
}

@Suite("G and counts on lists GitHub counts the pages of: the page wanted at once, the pages before it counted (whole state and exact commands)")
struct CountedJumpTests {
    @Test("G on followers whose last page GitHub names (rel=\"last\"): that page at once, the pages before it counted, its last row selected when it comes")
    func gJumpsPastPagesNeverLoaded() throws {
        let list = followers
        var store = TestStore(makeState(list: list))
        #expect(try loadFirstPage(&store).isEmpty)
        #expect(AppView.statusText(store.state) == " 20 followers · 981–1,000 in all · 1/20", "GitHub's count of pages, not the rows loaded")
        // Pages 2 to 50 counted (by number: their links were never seen), page 50 asked for.
        let jump = store.state.top.asList.pager.nextRequest(.jump, at: .page(50))
        store.press(.character("G"), [.fetch(root, list, jump)]) {
            $0.top.listScreen?.pager.countsToEnd((2...50).map(GitHubCursor.page))
            $0.top.listScreen?.pager.jumps(to: 49, request: jump.token.id, at: .page(50))
            $0.top.listScreen?.pendingMove = .last
            // The row saying what is coming comes above the rows; the selection stays on its user.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
        }
        #expect(AppView.earlierRow(store.state.top.asList) == "Loading the last followers…")
        // A second G while it comes asks nothing more.
        #expect(store.apply(.key(.character("G"))).isEmpty)
        // (j meanwhile would call it off: see gCalledOff.)

        var last = page(981...987, next: nil)
        last.totalPages = 50
        store.apply(.pageLoaded(root, jump.token, last, origin: .network))
        #expect(store.state.top.asList.pager.items.map(\.id) == Array(981...987))
        #expect(store.state.top.listScreen?.pendingMove == nil)
        #expect(store.state.top.listScreen?.selectedPosition == 987)
        #expect(AppView.statusText(store.state) == " 987 followers · 987/987 · end")
        // A filter that finds nothing does not call the 980 before these the whole list.
        var filtered = store
        for key in "/zzz" { filtered.apply(.key(.character(key))) }
        #expect(render(filtered.state).lines.contains { $0.contains("The 980 followers before these are not loaded") },
                "\(render(filtered.state).lines)")
        // Seven rows do not fill the screen: page 49 at once, by its number.
        #expect(store.state.top.asList.pager.inFlight[.prepend]?.cursor == .page(49))
        #expect(AppView.earlierRow(store.state.top.asList) == "↑ Loading the 980 followers before these…")
        // g: the first page again, by the cursor it was first loaded with.
        let up = store.apply(.key(.character("g")))
        #expect(up.contains { if case let .run(.fetch(_, _), .page(_, request)) = $0 { request.cursor == .first && request.token.direction == .jump } else { false } })
    }

    @Test("G on followers of two pages (GitHub counts 2): one press reaches the last row when the second page comes, not the last row of the first")
    func gOnTwoPages() throws {
        var store = try counted(pages: 2)
        let pressed = store.apply(.key(.character("G")))
        #expect(store.state.top.asList.selectedPosition == 20, "the last row loaded while the second page comes")
        let request = try #require(store.state.top.asList.pager.inFlight[.append])
        #expect(request.cursor == .link(try secondPage()))
        // Asked by G's move (or already by the prefetch before it), once.
        let asked = pressed.filter { if case .run(.fetch, .page) = $0 { true } else { false } }
        #expect(asked.count <= 1)
        var last = page(21...34, next: nil)
        last.totalPages = 2
        store.apply(.pageLoaded(root, request.token, last, origin: .network))
        #expect(store.state.top.asList.selectedPosition == 34)
        #expect(store.state.top.listScreen?.walkTo == nil)
        #expect(AppView.statusText(store.state) == " 34 followers · 34/34 · end")
        // G again at the end: stays, asks nothing.
        #expect(store.apply(.key(.character("G"))).isEmpty)
        #expect(store.state.top.asList.selectedPosition == 34)
    }

    @Test("G on followers of two pages whose second page fails: the selection stays on the last row loaded and the walk ends there, as a count's does; after R's page, G reaches the end")
    func gOnTwoPagesFailed() throws {
        var store = try counted(pages: 2)
        store.apply(.key(.character("G")))
        let request = try #require(store.state.top.asList.pager.inFlight[.append])
        store.apply(.pageFailed(root, request.token, LoadFailure(URLError(.timedOut))))
        #expect(store.state.top.asList.selectedPosition == 20)
        store.apply(.key(.character("R")))
        let again = try #require(store.state.top.asList.pager.inFlight[.append])
        var last = page(21...25, next: nil)
        last.totalPages = 2
        store.apply(.pageLoaded(root, again.token, last, origin: .network))
        #expect(store.state.top.asList.selectedPosition == 20)
        #expect(store.apply(.key(.character("G"))).isEmpty)
        #expect(store.state.top.asList.selectedPosition == 25)
    }

    @Test("j while G's page is on its way calls the jump off: its request cancelled, the selection moves down from where it was, a late page dropped")
    func gCalledOff() throws {
        var store = try counted()
        guard case let .run(.fetch(_, _), .page(_, jump))? = store.apply(.key(.character("G"))).first else { return #expect(Bool(false)) }
        store.press(.character("j"), [.cancelFetch(root, jump.token)]) {
            $0.top.listScreen?.pendingMove = nil
            $0.top.listScreen?.pager.cancelsJump()
            // The row that said what was coming goes; the selection moves from the first user to the second.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
            $0.top.listScreen?.selectedID = 2
        }
        store.apply(.pageLoaded(root, jump.token, page(981...987, next: nil), origin: .network))
        #expect(store.state.top.asList.pager.items.first?.id == 1)
        #expect(store.state.top.listScreen?.selectedID == 2)
        #expect(AppView.earlierRow(store.state.top.asList) == nil)
    }

    @Test("500G there: the page that holds row 500 at once (page 25 of 50), not the 24 before it; 30G, on the next page, is walked to as before")
    func countedGJumpsAcross() throws {
        let list = followers
        var store = try counted()
        let jump = store.state.top.asList.pager.nextRequest(.jump, at: .page(25))
        for digit in "500" { store.apply(.key(.character(digit))) }
        store.press(.character("G"), [.fetch(root, list, jump)]) {
            $0.count = nil
            $0.top.listScreen?.pager.countsToEnd((2...50).map(GitHubCursor.page))
            $0.top.listScreen?.pager.jumps(to: 24, request: jump.token.id, at: .page(25))
            $0.top.listScreen?.pendingItem = 499
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
        }
        #expect(AppView.earlierRow(store.state.top.asList) == "Loading row 500…")
        store.apply(.pageLoaded(root, jump.token, page(481...500, next: nil), origin: .network))
        #expect(store.state.top.listScreen?.selectedPosition == 500)
        #expect(store.state.top.listScreen?.selectedID == 500)
        // The pages after it counted, not loaded: the count is a range.
        #expect(AppView.statusText(store.state).hasPrefix(" 981–1,000 followers · 500/1,000"), "\(AppView.statusText(store.state))")

        // On a fresh list, row 30 is on the next page: walked to, one request.
        var near = try counted()
        let next = try secondPage()
        for digit in "30" { near.apply(.key(.character(digit))) }
        let walked = near.apply(.key(.character("G")))
        #expect(walked.contains { if case let .run(.fetch(_, _), .page(_, request)) = $0 { request.cursor == .link(next) && request.token.direction == .append } else { false } })
        #expect(near.state.top.listScreen?.walkTo == 29)
        #expect(near.state.top.asList.pager.pages.count == 1)
    }

    @Test("G, or 500G, typed before the first page: when it comes, the last page (or row 500's) at once, as if typed then; a hostile count of pages is not shown")
    func typedBeforeTheFirstPage() throws {
        for (keys, cursor) in [("G", GitHubCursor.page(50)), ("500G", .page(25))] {
            var store = TestStore(makeState(list: followers))
            let commands = try loadFirstPage(&store, keysBefore: keys)
            let jumps = commands.compactMap { command -> GitHubCursor? in
                if case let .run(.fetch(_, _), .page(_, request)) = command, request.token.direction == .jump { request.cursor } else { nil }
            }
            #expect(jumps == [cursor], "\(keys): \(commands)")
        }
        // A count of pages whose rows would not fit an Int is no count.
        let store = try counted(pages: Int.max / 3)
        #expect(AppView.statusText(store.state).hasPrefix(" 20 followers · 1/20"), "\(AppView.statusText(store.state))")
    }

    @Test("G whose last page comes back empty (GitHub serves only so far): the rows stay, the selection goes to the last one, and the status line says why G goes a page at a time now")
    func gFindsTheEndNotServed() throws {
        var store = try counted(.users(.stargazers(owner: "octocat", repo: "hello-world")))
        guard case let .run(.fetch(_, _), .page(_, jump))? = store.apply(.key(.character("G"))).first else { return #expect(Bool(false)) }
        store.apply(.pageLoaded(root, jump.token, Page(items: [], next: nil, endsShort: true), origin: .network))
        #expect(store.state.top.asList.pager.items.map(\.id) == Array(1...20))
        #expect(store.state.top.listScreen?.selectedPosition == 20)
        #expect(store.state.flash == .endNotServed)
        #expect(AppView.statusText(store.state) == " GitHub does not serve this list as far as its count of pages says: G loads a page at a time")
        #expect(store.state.top.asList.pager.totalPages == nil)
    }

    @Test("G on a list with a single page left to load loads that page as it always did, counting nothing")
    func gWithoutACountLoadsOnePage() throws {
        var store = try counted(pages: 2)
        let next = try secondPage()
        let commands = store.apply(.key(.character("G")))
        #expect(commands.contains { if case let .run(.fetch(_, _), .page(_, request)) = $0 { request.cursor == .link(next) && request.token.direction == .append } else { false } })
        #expect(store.state.top.asList.pager.pages.count == 1)
    }
}

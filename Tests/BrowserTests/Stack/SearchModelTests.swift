@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// `ghscroll search tom` with its first page loaded: users 1…20 of `total` found.
private func searchStore(total: Int = 12_345, next: GitHubCursor? = .page(2), rows: Int = 10) -> TestStore {
    let list = GitHubList.users(.search("tom"))
    var store = TestStore(makeState(list: list, rows: rows))
    store.applyStart()
    store.apply(.pageLoaded(root, firstToken, Page(items: users(1...20).map(Row.user), next: next, totalCount: total)))
    store.apply(.tick(1))
    return store
}

@Suite("Search as a list: s, S and GitHub's refusals (whole state and exact commands)")
struct SearchModelTests {
    @Test("s opens the prompt with search typed in, the cursor after it; on a search, with its query to change")
    func searchKey() {
        var store = loadedStore()
        store.press(.character("s")) {
            $0.overlay = .command
            $0.prompt.field = TextField("search ")
        }
        var search = searchStore()
        search.press(.character("s")) {
            $0.overlay = .command
            $0.prompt.field = TextField("search tom")
        }
    }

    @Test("S: the next order, the search again from its first page under the same title (its crumb the new order's); S again: the one after")
    func sortCycles() {
        var store = searchStore()
        let followers = GitHubList.users(.search("tom", sort: .followers))
        store.press(.character("S"), [.fetch(ScreenID(2), followers, request(1, .initial, .first)),
                                      .scheduleTick(2, after: .milliseconds(100))]) {
            var sorted = ListScreen(id: ScreenID(2), list: followers, crumbs: [.heading(followers)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            sorted.pager.awaits(.initial, request: 1, at: .first)
            $0.top = .list(sorted)
            $0.nextScreenID = 2
            $0.flash = .sorted(.followers)
            ($0.pendingTick, $0.nextTick) = (2, 2)
        }
        #expect(AppView.flashText(store.state) == "Sorted: most followers")
        #expect(AppView.Title(store.state).crumbs == ["Search: tom · most followers"], "the same title, in the new order")
        let repositories = GitHubList.users(.search("tom", sort: .repositories))
        store.press(.character("S"), [.cancelFetch(ScreenID(2), firstToken), .fetch(ScreenID(3), repositories, request(1, .initial, .first))]) {
            var sorted = ListScreen(id: ScreenID(3), list: repositories, crumbs: [.heading(repositories)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            sorted.pager.awaits(.initial, request: 1, at: .first)
            $0.top = .list(sorted)
            $0.nextScreenID = 3
            $0.flash = .sorted(.repositories)
        }
        #expect(AppView.flashText(store.state) == "Sorted: most repositories")
        #expect(SearchSort.joined.next == .bestMatch, "and round again")
    }

    @Test("S on a list that is not a search says so and changes nothing else")
    func sortElsewhere() {
        var store = loadedStore()
        store.press(.character("S")) { $0.flash = .noOrderToChoose }
        #expect(AppView.flashText(store.state) == "Only a search has an order to choose")
    }

    @Test("a search from the prompt that GitHub refuses (422): back to the prompt with the line and GitHub's message; the list below as it was")
    func refused() {
        var store = loadedStore()
        let before = store.state.top
        store.apply(.key(.character(":")))
        for character in "search followers:>abc" { store.apply(.key(.character(character))) }
        store.apply(.key(.enter))
        #expect(store.state.screens.count == 2)
        let failure = LoadFailure(GitHubError.validation(message: "Invalid search qualifier followers:>abc"))
        store.send(.pageFailed(ScreenID(2), firstToken, failure)) {
            $0.screens.removeLast()
            $0.overlay = .command
            $0.prompt.field = TextField("search followers:>abc")
            $0.prompt.error = .github("Invalid search qualifier followers:>abc")
        }
        #expect(store.state.top == before)
        #expect(store.state.prompt.history.entries == ["search followers:>abc"], "kept, to be fixed with Up")
    }

    @Test("a refused page of a search opened from the shell, or a failure other than a 422, stays on the list as a retry row")
    func otherFailures() {
        var store = TestStore(makeState(list: .users(.search("x"))))
        store.applyStart()
        let failure = LoadFailure(GitHubError.validation(message: "Validation Failed"))
        store.apply(.pageFailed(root, firstToken, failure))
        #expect(store.state.overlay == nil && store.state.top.listScreen?.pager.placeholder == .failed(failure))
    }
}

@Suite("Search as a list on screen (whole screens)")
struct SearchViewTests {
    @Test("the title says how many GitHub found and the order; the status line, how many of them are loaded")
    func title() {
        let store = searchStore()
        expectScreen(store.state, lines: [
            " ghscroll · Search: tom · 12,345 found · best match              api.github.com",
            " user1                                                                      #1",
            " user2                                                                      #2",
            " user3                                                                      #3",
            " user4                                                                      #4",
            " user5                                                                      #5",
            " user6                                                                      #6",
            " user7                                                                      #7",
            " user8                                                                      #8",
            " 20 results of 12,345 · 1/20      Enter details  / filter  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("a search that ended on an empty page before GitHub's 1,000 ends as any list does: the cap did not end it")
    func endedEarly() throws {
        var store = searchStore(rows: 24)
        store.apply(.key(.character("G")))
        store.apply(.pageLoaded(root, request(2, .append, .page(2)).token, Page<Row, GitHubCursor>(items: [], next: nil, totalCount: 12_345)))
        let lines = render(store.state).lines
        #expect(lines[21] == " — End of list · 20 results —", "\(lines.joined(separator: "\n"))")
        #expect(lines[23].hasPrefix(" 20 results of 12,345 · 20/20 · end "), "\(lines[23])")
        #expect(AppView.cutShort(try #require(store.state.top.listScreen)) == nil)
    }

    @Test("a search GitHub cuts at 1,000 results ends in First 1,000 of M · narrow the query")
    func cutAtTheCap() throws {
        var store = TestStore(makeState(list: .users(.search("tom")), rows: 6))
        store.applyStart()
        // The page that reaches GitHub's cap, as the search's source reads it: the list ends short.
        store.apply(.pageLoaded(root, firstToken, Page(items: users(1...1_000).map(Row.user), next: nil, totalCount: 12_345,
                                                       endsShort: true)))
        store.apply(.key(.character("G")))
        #expect(AppView.cutShort(try #require(store.state.top.listScreen)) == "First 1,000 of 12,345 · narrow the query")
        #expect(Array(render(store.state).lines[1...5]) == [
            " user998                                                                  #998",
            " user999                                                                  #999",
            " user1000                                                                #1000",
            " — First 1,000 of 12,345 · narrow the query —",
            " 1,000 results of 12,345 · 1,000/1,000 · end    Enter details  / filter  ? help",
        ])
    }

    @Test("a search GitHub marks incomplete_results (it timed out): the title says the results may be partial")
    func incomplete() {
        let list = GitHubList.users(.search("tom"))
        var store = TestStore(makeState(list: list, rows: 4, columns: 100))
        store.start([.fetch(root, list, request(1, .initial, list.firstCursor)), .scheduleTick(1, after: .milliseconds(100))]) {
            $0.screens[0].listScreen?.pager.awaits(.initial, request: 1, at: list.firstCursor)
            ($0.pendingTick, $0.nextTick) = (1, 1)
        }
        let page = Page<Row, GitHubCursor>(items: users(1...20).map(Row.user), next: .page(2), totalCount: 12_345, isIncomplete: true)
        store.send(.pageLoaded(root, firstToken, page)) {
            $0.screens[0].listScreen?.pager.holds(first: page, at: list.firstCursor)
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 2)
            $0.screens[0].viewport = Viewport(height: 2, margin: 2, top: 0, selection: 0)
            $0.screens[0].listScreen?.selectedID = 1
        }
        #expect(store.state.top.listScreen?.pager.isIncomplete == true)
        #expect(render(store.state).lines[0]
                == " ghscroll · Search: tom · 12,345 found · incomplete (GitHub timed out) · best match  api.github.com")
    }
}

@Suite("Rate limits of searches and of the rest")
struct SearchRateTests {
    @Test("a search's title shows the search limit, which GitHub counts apart; other lists, the core one, whichever came last")
    func searchRate() {
        var store = searchStore()
        store.send(.rateLimit(RateLimit(limit: 5_000, remaining: 4_990, resource: "core"))) {
            $0.rateLimit = RateLimit(limit: 5_000, remaining: 4_990, resource: "core")
        }
        store.send(.rateLimit(RateLimit(limit: 30, remaining: 0, resource: "search"))) {
            $0.searchRateLimit = RateLimit(limit: 30, remaining: 0, resource: "search")
        }
        #expect(render(store.state).lines[0]
                == " ghscroll · Search: tom · 12,345 found · best match            search rate 0/30")
        var list = loadedStore()
        list.apply(.rateLimit(RateLimit(limit: 30, remaining: 0, resource: "search")))
        list.apply(.rateLimit(RateLimit(limit: 5_000, remaining: 4_990)))
        #expect(render(list.state).lines[0].hasSuffix("api.github.com  rate 4,990/5,000"), "the search's limit stays off other lists")
    }
}

@Suite("A search that found nothing (whole screen)")
struct EmptySearchViewTests {
    @Test("no results: the query, how to change the search or ask again, and no Enter or filter hint")
    func noResults() {
        var store = TestStore(makeState(list: .users(.search("tom type:org")), rows: 8))
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [], next: nil, totalCount: 0)))
        store.apply(.tick(1))
        expectScreen(store.state, lines: [
            " ghscroll · Search: tom type:org · 0 found · best match          api.github.com",
            "",
            "                         No users match “tom type:org”.",
            "",
            "                Press s to change the search, or r to ask again.",
            "",
            "",
            " 0 results                                                 : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "................................................................................",
            "................................................................................",
            "................................................................................",
            "................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm................",
            "................................................................................",
            "................................................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }
}

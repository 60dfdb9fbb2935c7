@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The fill of user `id`: a name, a place and a count, and how they and the token's owner follow
/// each other.
func fill(_ id: Int64, followsYou: Bool = false, youFollow: Bool = false) -> AccountFill {
    AccountFill(login: "user\(id)", name: "Person \(id)", bio: "Bio of \(id)", location: "Town \(id)",
                followers: Int(id) * 100, followsViewer: followsYou, viewerFollows: youFollow)
}

/// The logins of users `ids` and their rows, as a fill request holds them.
func fillRows(_ ids: ClosedRange<Int64>) -> [String: Int64] {
    Dictionary(uniqueKeysWithValues: ids.map { ("user\($0)", $0) })
}

/// A store with a token (rows are filled), showing users 1…20 of pages of 20, the fill of the
/// first page out (request 1).
func fillingStore() -> TestStore {
    var state = makeState()
    state.fillsRows = true
    var store = TestStore(state)
    let list = GitHubList.users(.all(since: 0))
    // Nothing is loaded yet: nothing to fill.
    store.start([.fetch(root, list, request(1, .initial, list.firstCursor)), .scheduleTick(1, after: .milliseconds(100))]) {
        $0.screens[0].listScreen?.pager.awaits(.initial, request: 1, at: list.firstCursor)
        $0.pendingTick = 1
        $0.nextTick = 1
    }
    let first = page(1...20, next: .since(20))
    // The page first, then its fill: the accounts on the visible page (the next is not loaded).
    store.send(.pageLoaded(root, firstToken, first),
               [.fillRows(root, RequestID(1), logins: fillRows(1...20).keys.sorted())]) {
        $0.screens[0].listScreen?.pager.holds(first: first, at: list.firstCursor)
        $0.screens[0].listScreen?.pager.shows(from: 0, rows: 8)
        $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
        $0.screens[0].listScreen?.selectedID = 1
        $0.screens[0].listScreen?.fills.inFlight = RowFills.Request(id: RequestID(1), pages: [0: 1], rows: fillRows(1...20))
        $0.screens[0].listScreen?.fills.nextRequest = 1
        $0.screens[0].listScreen?.fills.prunedFor = RowFills.LoadedRows(offset: 0, count: 20)
    }
    return store
}

@Suite("Rows filled with who people are, a page at a time (whole state and exact commands)")
struct RowFillModelTests {
    @Test("with a token: a page's fill is asked after the page, not before; its answer fills the rows in place, the selection and the scroll unmoved; an account GitHub answered nothing for is not asked again")
    func fillAfterPage() {
        var store = fillingStore()
        var answer = FillAnswer(fills: [:], missing: ["user5"])
        for id in Int64(1)...20 where id != 5 { answer.fills["user\(id)"] = fill(id, followsYou: id == 2) }
        store.send(.rowsFilled(root, RequestID(1), answer)) {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.asked = [0: 1]
            $0.screens[0].listScreen?.fills.unknown = [5]
            for id in Int64(1)...20 where id != 5 { $0.screens[0].listScreen?.fills.byID[id] = RowFill(fill(id, followsYou: id == 2)) }
        }
        // Moving asks nothing more: the page is done, the next is not loaded.
        store.press(.character("j")) {
            $0.screens[0].viewport.perform(.lineDown, in: $0.screens[0].asList.rows)
            $0.screens[0].listScreen?.selectedID = 2
        }
    }

    @Test("a page load never waits behind a fill: the next page is asked while the fill is out, and its own fill only once the first is answered")
    func pageBeforeFill() {
        var store = fillingStore()
        // Down to the prefetch point: the next page is asked, and nothing else.
        var commands: [Command] = []
        for _ in 0..<19 { commands += store.apply(.key(.character("j"))) }
        let next = request(2, .append, .since(20))
        #expect(commands == [.fetch(root, .users(.all(since: 0)), next)])
        let second = page(21...40, next: .since(40))
        // The second page arrives while the first fill is out: no second fill goes.
        #expect(store.apply(.pageLoaded(root, next.token, second)) == [])
        // The first fill's answer: the second page's fill goes.
        let answer = FillAnswer(fills: Dictionary(uniqueKeysWithValues: (Int64(1)...20).map { ("user\($0)", fill($0)) }))
        #expect(store.apply(.rowsFilled(root, RequestID(1), answer))
            == [.fillRows(root, RequestID(2), logins: fillRows(21...40).keys.sorted())])
    }

    @Test("an answer for a screen no longer on the stack, or for a request not out, changes nothing")
    func lateAnswers() {
        var store = fillingStore()
        let answer = FillAnswer(fills: ["user1": fill(1)])
        store.send(.rowsFilled(ScreenID(99), RequestID(1), answer))
        store.send(.rowsFilled(root, RequestID(7), answer))
        store.send(.fillFailed(root, RequestID(7), .needsToken))
    }

    @Test("a failed fill leaves the rows as they were, says why, and is asked again only after its wait (a rate limit: at its reset; a 401: not this run)")
    func failures() {
        var store = fillingStore()
        let reset = epoch.addingTimeInterval(600)
        store.send(.fillFailed(root, RequestID(1), .limited(until: reset)), [.scheduleFillRetry(root, after: .seconds(600))]) {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.problem = .limited(until: reset)
            $0.screens[0].listScreen?.fills.retryAt = reset
        }
        #expect(AppView.statusText(store.state).contains("GraphQL limit: back at \(GitHubError.clockTime(reset))"))
        // Before the reset nothing is asked; after it, the page again.
        #expect(store.apply(.wait(nil), at: epoch.addingTimeInterval(599)) == [])
        #expect(store.apply(.wait(nil), at: reset) == [.fillRows(root, RequestID(2), logins: fillRows(1...20).keys.sorted())])
        store.send(.fillFailed(root, RequestID(2), .needsToken), at: reset) {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.problem = .needsToken
            $0.screens[0].listScreen?.fills.retryAt = .distantFuture
        }
        #expect(AppView.statusText(store.state).hasSuffix(" · names need a token"))
        #expect(store.apply(.wait(nil), at: reset.addingTimeInterval(86_400)) == [])
    }

    @Test("offline, an answer from the cache fills the rows it kept; the others stay bare and are asked again after the wait, alone")
    func offlineFromCache() {
        var store = fillingStore()
        var answer = FillAnswer(fills: Dictionary(uniqueKeysWithValues: (Int64(1)...15).map { ("user\($0)", fill($0)) }))
        answer.unreached = (16...20).map { "user\($0)" }
        answer.offlineSince = epoch.addingTimeInterval(-7_200)
        store.send(.rowsFilled(root, RequestID(1), answer)) {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.retryAt = epoch.addingTimeInterval(30)
            for id in Int64(1)...15 { $0.screens[0].listScreen?.fills.byID[id] = RowFill(fill(id)) }
        }
        #expect(store.apply(.wait(nil), at: epoch.addingTimeInterval(29)) == [])
        #expect(store.apply(.wait(nil), at: epoch.addingTimeInterval(30))
                    == [.fillRows(root, RequestID(2), logins: fillRows(16...20).keys.sorted())])
    }

    @Test("while a filter is on, the loaded rows off the screen are filled too, nearest first, at most ten requests beyond the screen's")
    func filterSweep() {
        var store = fillingStore()
        var asked: [[String]] = []
        var (failing, time) = (false, epoch)
        /// Delivers pages and fills as GitHub would (fills failing while `failing`), one command
        /// at a time, at `time`; the fills asked for are noted.
        func deliver(_ commands: [Command]) {
            for command in commands {
                switch command {
                case let .run(.fetch(_, _), .page(_, request)):
                    guard case .since(let after) = request.cursor, after < 400 else { continue }
                    let next: GitHubCursor? = after + 20 < 400 ? .since(after + 20) : nil
                    deliver(store.apply(.pageLoaded(root, request.token, page((after + 1)...(after + 20), next: next)), at: time))
                case let .run(.fill(_, id), .fillRows(logins)):
                    asked.append(logins)
                    guard !failing else {
                        deliver(store.apply(.fillFailed(root, id, .failed("502")), at: time))
                        continue
                    }
                    let answer = FillAnswer(fills: Dictionary(uniqueKeysWithValues: logins.map { login in
                        (login, fill(Int64(login.dropFirst(4)) ?? 0))
                    }))
                    deliver(store.apply(.rowsFilled(root, id, answer), at: time))
                default: continue
                }
            }
        }
        deliver([.fillRows(root, RequestID(1), logins: fillRows(1...20).keys.sorted())])
        // Down to row 400 and back to the top while fills fail: 20 pages loaded, only the first filled.
        failing = true
        for _ in 0..<400 { deliver(store.apply(.key(.character("j")), at: time)) }
        deliver(store.apply(.key(.character("g")), at: time))
        #expect(store.state.top.listScreen?.pager.items.count == 400)
        #expect(asked.count == 2, "the first page's fill, then the second's, which failed and waits")
        // Past the wait, a filter: the screen's next page, then the nearest loaded pages, ten requests.
        (failing, time, asked) = (false, epoch.addingTimeInterval(31), [])
        deliver(store.apply(.key(.character("/")), at: time))
        for character in "is:mutual" { deliver(store.apply(.key(.character(character)), at: time)) }
        let pages = asked.map { logins in (logins.compactMap { Int($0.dropFirst(4)) }.min() ?? 0) / 20 }
        // (While "i" matches the filled rows at the top, the sweep starts there; "is:mutual" matches
        // none, and a filter with no match stands at the last row: its page is the screen's.)
        #expect(pages == Array(1...11) + [19], "the next page, pages 2 to 11 nearest first, then the last: \(pages)")
        #expect(store.state.top.listScreen?.notChecked == 400 - 13 * 20)
        #expect(AppView.statusText(store.state).contains("140 not checked yet"), "\(AppView.statusText(store.state))")
        // Cleared and begun again: a new budget, for what is left.
        asked = []
        deliver(store.apply(.key(.escape), at: time))
        deliver(store.apply(.key(.character("/")), at: time))
        for character in "is:mutual" { deliver(store.apply(.key(.character(character)), at: time)) }
        #expect(asked.count == 7, "pages 12 to 18")
        #expect(store.state.top.listScreen?.notChecked == 0)
    }

    @Test("without a token nothing is asked, and a row whose account's details were seen shows them")
    func noToken() {
        var store = loadedStore()
        #expect(store.state.fillsRows == false)
        store.openPane(login: "user1")
        var known = details("user1", id: 1, name: "Mona Lisa")
        known.location = "Paris"
        known.followers = 1_234
        #expect(store.apply(.detailsLoaded(RequestID(1), known)).allSatisfy { if case .run(_, .fillRows) = $0 { false } else { true } })
        store.apply(.key(.escape))
        #expect(render(store.state).lines[1] == " user1  Mona Lisa                                       Paris · 1.2k followers")
    }

    @Test("a stopped screen's fill is cancelled with its page loads")
    func stopCancels() {
        let store = fillingStore()
        var screen = store.state.top
        let commands = screen.stop(at: nil)
        #expect(commands.last == .cancelFill(root, RequestID(1)))
    }
}

@Suite("A filled row on screen")
struct RowFillViewTests {
    @Test("the login, the name, and on the right the place, the followers and the marks in words; short, the followers and the marks")
    func filledRow() {
        var mona = fill(1, followsYou: true, youFollow: true)
        mona.name = "Mona Lisa Octocat"
        mona.location = "San Francisco"
        mona.followers = 12_345
        let row = GitHubUser(login: "octocat", id: 1)
        let text = AppView.filledText(row, RowFill(mona), now: epoch)
        #expect(text.title == "octocat")
        #expect(text.note == "Mona Lisa Octocat")
        #expect(text.detail == "San Francisco · 12k followers · mutual ")
        #expect(text.shortDetail == "12k followers · mutual ")
        #expect(text.leastDetail == "mutual ", "at the narrowest the mark outlasts the count")
    }

    @Test("the marks: you, mutual, follows you, you follow; an organization only you follow, with org before its place")
    func marks() {
        #expect(AppView.relation(RowFill(AccountFill(login: "me", isViewer: true, followsViewer: true))) == "you")
        #expect(AppView.relation(RowFill(fill(1, followsYou: true, youFollow: true))) == "mutual")
        #expect(AppView.relation(RowFill(fill(1, followsYou: true))) == "follows you")
        #expect(AppView.relation(RowFill(fill(1, youFollow: true))) == "you follow")
        #expect(AppView.relation(RowFill(fill(1))) == nil)
        let org = AccountFill(login: "acme", isOrganization: true, name: "Acme", location: "Berlin", followsViewer: true,
                              viewerFollows: true)
        let acme = AppView.filledText(user(9, "acme", org: true), RowFill(org), now: epoch)
        #expect(acme.detail == "org · Berlin · you follow ")
        #expect(acme.leastDetail == "you follow ")
        #expect(AppView.filledText(user(9, "acme", org: true), RowFill(AccountFill(login: "acme", isOrganization: true)), now: epoch).leastDetail == "org ")
    }

    @Test("the parts that are there, in their order: a star's age first, org or staff before the place, an organization's org kept when the place gives way; none, nothing")
    func filledRowParts() {
        var stargazer = GitHubUser(login: "zoe", id: 5)
        stargazer.starredAt = epoch.addingTimeInterval(-3 * 86_400)
        let one = RowFill(AccountFill(login: "zoe", name: "  Zoë Müller\nsecond", location: "São Paulo", followers: 1,
                                      followsViewer: true))
        let starred = AppView.filledText(stargazer, one, now: epoch)
        #expect(starred.detail == "São Paulo · starred 3 days ago · 1 follower · follows you ")
        #expect(starred.shortDetail == "starred 3 days ago · 1 follower · follows you ")
        #expect(starred.note == "Zoë Müller")
        let staff = GitHubUser(login: "hubot", id: 6, siteAdmin: true)
        let placed = AppView.filledText(staff, RowFill(AccountFill(login: "hubot", location: "Earth")), now: epoch)
        #expect((placed.detail, placed.shortDetail, placed.note) == ("staff · Earth ", "", ""))
        let bare = AppView.filledText(user(7), RowFill(AccountFill(login: "user7", location: " \n")), now: epoch)
        #expect(bare == ItemText(title: "user7", detail: "", shortDetail: ""))
        let org = AppView.filledText(user(8, "acme", org: true), RowFill(AccountFill(login: "acme", isOrganization: true,
                                                                                      members: 40, isViewer: true)), now: epoch)
        // Narrower, an organization keeps saying it is one (it has no followers to show instead).
        #expect((org.detail, org.shortDetail) == ("org · you ", "org · you "))
        let placedOrg = AppView.filledText(user(9, "initech", org: true),
                                           RowFill(AccountFill(login: "initech", isOrganization: true, location: "Austin")), now: epoch)
        #expect((placedOrg.detail, placedOrg.shortDetail) == ("org · Austin ", "org "))
    }

    @Test("a filled row's texts are their first line, trimmed: the same with or without the fast path for plain lines")
    func oneLine() {
        let cases: [(String?, String?)] = [
            ("Mona", "Mona"), ("  Mona Lisa \t", "Mona Lisa"), ("\n\nFirst\nsecond", "First"), (" \n x", nil),
            ("", nil), (nil, nil), ("Zoë 山田 🚀", "Zoë 山田 🚀"), ("\u{3000}全角\u{3000}", "全角"), ("a\r\nb", "a"),
            ("Tab\tinside", "Tab\tinside"),
            // Accented and wide texts with nothing to trim come back whole; Unicode spaces and
            // line breaks are trimmed and cut as ASCII ones are.
            ("Zoë Müller", "Zoë Müller"), ("São Paulo", "São Paulo"), ("山田 太郎", "山田 太郎"), ("Björn 🚀", "Björn 🚀"),
            ("Müller ", "Müller"), ("Mona \u{301}", "Mona"), ("x\u{A0}", "x"), ("\u{85}x", "x"), ("a\u{2028}b", "a"),
            ("a\u{2029}b", "a"), ("Zoë\u{3000}", "Zoë"), ("\u{2003}Søren", "Søren"), ("— dash —", "— dash —"),
            ("“quoted”", "“quoted”"), ("\u{1680}ogham", "ogham"), ("a\u{85}b", "a"),
        ]
        for (text, line) in cases { #expect(AppView.oneLine(text) == line, "\(String(reflecting: text))") }
    }

    @Test("compact counts only on filled rows: 999, 1k, 1.2k, 12k, 999k, 1M, 3.4M")
    func compactCounts() {
        #expect([999, 1_000, 1_234, 12_345, 999_949, 999_950, 3_449_999].map(Formatting.compact)
            == ["999", "1k", "1.2k", "12k", "999k", "1M", "3.4M"])
    }
}

@Suite("The pane of a filled row")
struct FilledPaneTests {
    @Test("opening the pane of a filled row draws what the row knows at once; its own request still goes and brings the rest")
    func paneFromFill() {
        var store = fillingStore()
        let answer = FillAnswer(fills: Dictionary(uniqueKeysWithValues: (Int64(1)...20).map { ("user\($0)", fill($0)) }))
        store.apply(.rowsFilled(root, RequestID(1), answer))
        let commands = store.apply(.key(.enter))
        #expect(commands.contains(.loadDetails(RequestID(1), login: "user1")))
        let screen = render(store.state).lines.joined(separator: "\n")
        #expect(screen.contains("Person 1"), "\(screen)")
        #expect(screen.contains("Town 1"), "\(screen)")
        #expect(!screen.contains("Loading details"), "\(screen)")
        // The details come: what they say replaces it.
        var full = details("user1", id: 1, name: "Person One")
        full.location = "Town 1"
        store.apply(.detailsLoaded(RequestID(1), full))
        #expect(render(store.state).lines.joined(separator: "\n").contains("Person One"))
    }
}

@Suite("GraphQL's own rate limit")
struct GraphQLRateTests {
    @Test("a GraphQL answer's limit is kept apart from the REST one the title shows; while it holds the names up, the title shows it")
    func graphQLRate() {
        var store = fillingStore()
        let core = RateLimit(limit: 5_000, remaining: 4_990, resource: "core")
        let graphQL = RateLimit(limit: 5_000, remaining: 0, reset: epoch.addingTimeInterval(600), resource: "graphql")
        store.send(.rateLimit(core)) { $0.rateLimit = core }
        store.send(.rateLimit(graphQL)) { $0.graphQLRateLimit = graphQL }
        #expect(render(store.state).lines[0].hasSuffix("rate 4,990/5,000"))
        store.apply(.fillFailed(root, RequestID(1), .limited(until: graphQL.reset)))
        #expect(render(store.state).lines[0].hasSuffix("graphql rate 0/5,000"), "\(render(store.state).lines[0])")
    }
}

@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

private let followers = GitHubList.users(.followers("octocat"))

/// Page `cursor` of octocat's 900 followers (ids 1…900, pages of 20), after `added` new ones
/// came at the top (ids 10,001…) or, for a negative number, the first ones left.
private func followersPage(_ cursor: GitHubCursor, added: Int = 0) -> Page<Row, GitHubCursor> {
    let number: Int = switch cursor {
    case .page(let number): number
    default: 1
    }
    let total = 900 + added
    let positions = ((number - 1) * 20)..<min(total, number * 20)
    let ids = positions.map { $0 < added ? Int64(10_000 + added - $0) : Int64($0 - added + 1) }
    return Page(items: ids.map { Row.user(user($0)) }, next: positions.upperBound < total ? .page(number + 1) : nil)
}

/// octocat's 900 followers, every page loaded (G, answered at once, to the end), then 700G:
/// the selection on row 700 (follower 700, the last of page 35), nothing in flight, no tick due.
private func atRow700() -> TestStore {
    var store = TestStore(makeState(list: followers))
    var pending = store.applyStart()
    for _ in 0..<100 {
        let commands = pending
        pending = []
        for command in commands {
            guard case let .run(.fetch(id, _), .page(_, request)) = command else { continue }
            pending += store.apply(.pageLoaded(id, request.token, followersPage(request.cursor), origin: .network))
        }
        guard store.state.top.asList.pager.appendState != .endReached else { break }
        pending += store.apply(.key(.character("G")))
    }
    for key in ["7", "0", "0", "G"] { store.apply(.key(.character(Character(key)))) }
    if let tick = store.state.pendingTick { store.apply(.tick(tick)) }
    return store
}

@Suite("r refreshes where the selection is (whole state and exact commands, #37 item 7)")
struct RefreshModelTests {
    /// `r` on row 700: page 35 asked of GitHub again, every row on screen until it comes.
    private func pressR(_ store: inout TestStore) throws -> FetchRequest<GitHubCursor> {
        let pager = store.state.top.asList.pager
        #expect(pager.items.count == 900 && pager.offset == 0)
        #expect(store.state.top.listScreen?.selectedID == 700)
        #expect(store.state.top.listScreen?.selectedPosition == 700)
        // Page 35 again, in a new generation.
        let refresh = pager.nextRequest(.refresh, at: .page(35), generation: 1)
        store.press(.character("r"), [.fetch(root, followers, refresh), .scheduleTick(store.state.nextTick + 1, after: .milliseconds(100))]) {
            // Row 700 is on page 35 (index 34).
            $0.top.listScreen?.pager.refreshes(page: 34, request: refresh.token.id, at: .page(35), generation: 1)
            $0.pendingTick = $0.nextTick + 1
            $0.nextTick += 1
        }
        #expect(store.state.top.asList.pager.items.count == 900, "the rows stay while it loads")
        return refresh
    }

    @Test("r at row 700 of 900 asks for page 35 again; it replaces the loaded rows, the selection stays on follower 700, and the page after it is asked of GitHub")
    func row700() throws {
        var store = atRow700()
        #expect(store.state.top.viewport == Viewport(height: 8, margin: 2, top: 697, selection: 699))
        let refresh = try pressR(&store)
        let again = followersPage(.page(35))
        var pager = store.state.top.asList.pager
        // Page 36, shown before the refresh: asked of GitHub, not the cache.
        let next = pager.nextRequest(.append, at: .page(36), outdated: true)
        store.send(.pageLoaded(root, refresh.token, again, origin: .network), [.fetch(root, followers, next)]) {
            // Page 35 alone, after the 680 rows of the 34 before it; the others shown before
            // the refresh are asked of GitHub when loaded again, page 36 at once.
            $0.top.listScreen?.pager.landed(again, on: 34, offset: 680, outdated: Set(0..<45).subtracting([34]))
            $0.top.listScreen?.pager.shows(from: 13, rows: 8)
            $0.top.listScreen?.pager.awaits(.append, request: next.token.id, at: .page(36), generation: 1, outdated: true)
            // The row above the users (the 680 before them), followers 681…700, the loading row:
            // follower 700 on row 20, as near line 2 as the rows below it allow until page 36 comes.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 14, selection: 20)
        }
        pager = store.state.top.asList.pager
        #expect(pager.items.map(\.id) == Array(681...700))
        #expect(pager.offset == 680 && pager.knownCount == 900)
        #expect(store.state.top.listScreen?.selectedID == 700)
        #expect(store.state.top.listScreen?.selectedPosition == 700)
    }

    @Test("three followers gone before it: the reloaded page holds follower 700 on row 697 now, and the selection stays on them")
    func shiftedUp() throws {
        var store = atRow700()
        let refresh = try pressR(&store)
        let shifted = followersPage(.page(35), added: -3)
        #expect(shifted.items.map(\.id) == Array(684...703))
        store.apply(.pageLoaded(root, refresh.token, shifted, origin: .network))
        let screen = store.state.top.asList
        #expect(screen.selectedID == 700)
        #expect(screen.selectedPosition == 697)
        #expect(screen.selectedRow?.id == 700)
        #expect(screen.selectionLine == 3, "at line 2 but for the rows below it, not loaded yet")
    }

    @Test("three new followers at the top push follower 700 onto the next page: the selection waits on row 700, and goes back to follower 700 when page 36 brings them")
    func shiftedDown() throws {
        var store = atRow700()
        let refresh = try pressR(&store)
        let shifted = followersPage(.page(35), added: 3)
        #expect(shifted.items.map(\.id) == Array(678...697))
        let asked = store.apply(.pageLoaded(root, refresh.token, shifted, origin: .network))
        var screen = store.state.top.asList
        #expect(screen.selectedPosition == 700)
        #expect(screen.selectedID == 697)
        #expect(screen.sought == ListScreen.Sought(id: 700, on: 697))
        let line = screen.selectionLine
        // Page 36, asked at once (it was shown before the refresh), brings follower 700 on row 703.
        guard case let .run(.fetch(_, _), .page(_, next))? = asked.first(where: { if case .run(_, .page) = $0 { true } else { false } }) else {
            Issue.record("page 36 is asked: \(asked)")
            return
        }
        #expect(next.cursor == .page(36))
        store.apply(.pageLoaded(root, next.token, followersPage(.page(36), added: 3), origin: .network))
        screen = store.state.top.asList
        #expect(screen.selectedID == 700)
        #expect(screen.selectedPosition == 703)
        #expect(line == 6 && screen.selectionLine == 5, "as near the line it was on as the margin allows now that rows follow it: the rows move, not the selection")
        #expect(screen.sought == nil)
    }

    @Test("after a refresh lost the account, a move of the selection gives it up: the next page does not take the selection back")
    func shiftedDownThenMoved() throws {
        var store = atRow700()
        let refresh = try pressR(&store)
        let asked = store.apply(.pageLoaded(root, refresh.token, followersPage(.page(35), added: 3), origin: .network))
        store.apply(.key(.character("k")))
        #expect(store.state.top.asList.selectedID == 696)
        guard case let .run(.fetch(_, _), .page(_, next))? = asked.first(where: { if case .run(_, .page) = $0 { true } else { false } }) else {
            Issue.record("page 36 is asked: \(asked)")
            return
        }
        store.apply(.pageLoaded(root, next.token, followersPage(.page(36), added: 3), origin: .network))
        #expect(store.state.top.asList.selectedID == 696)
        #expect(store.state.top.asList.sought == nil)
    }

    @Test("a move away and back before the next page comes gives the account up too")
    func shiftedDownMovedAndBack() throws {
        var store = atRow700()
        let refresh = try pressR(&store)
        let asked = store.apply(.pageLoaded(root, refresh.token, followersPage(.page(35), added: 3), origin: .network))
        store.apply(.key(.character("k")))
        store.apply(.key(.character("j")))
        #expect(store.state.top.asList.selectedID == 697)
        #expect(store.state.top.asList.sought == nil)
        guard case let .run(.fetch(_, _), .page(_, next))? = asked.first(where: { if case .run(_, .page) = $0 { true } else { false } }) else {
            Issue.record("page 36 is asked: \(asked)")
            return
        }
        store.apply(.pageLoaded(root, next.token, followersPage(.page(36), added: 3), origin: .network))
        #expect(store.state.top.asList.selectedID == 697)
    }

    @Test("offline, r drops no rows: the cache's copy of page 35 counts as a failed refresh, and the reconnect asks GitHub again")
    func offline() throws {
        var store = atRow700()
        let refresh = try pressR(&store)
        let cached = followersPage(.page(35))
        store.send(.pageLoaded(root, refresh.token, cached, origin: .offline(fetchedAt: epoch - 3_600)),
                   [.scheduleReconnect(1, after: .seconds(5))]) {
            $0.top.listScreen?.pager.failed(.refresh, LoadFailure(CacheOnlyAnswer()))
            $0.offline = AppState.Offline(attempts: 0, pending: 1, retryAt: epoch + 5)
            $0.nextReconnect = 1
        }
        let pager = store.state.top.asList.pager
        #expect(pager.items.map(\.id) == Array(1...900), "every row stays")
        #expect(pager.offset == 0 && pager.appendState == .endReached)
        #expect(store.state.top.listScreen?.selectedID == 700)
        // Page 35 again, in the generation after the failed refresh's.
        let again = pager.nextRequest(.refresh, at: .page(35), generation: 2)
        let commands = store.apply(.reconnect(1))
        #expect(commands.first == .fetch(root, followers, again), "\(commands)")
    }

    @Test("a refresh that failed offline is asked again where the selection is when GitHub is back (it moved to row 500: page 25)")
    func retriedWhereTheSelectionIs() throws {
        var store = atRow700()
        let refresh = try pressR(&store)
        store.apply(.pageLoaded(root, refresh.token, followersPage(.page(35)), origin: .offline(fetchedAt: epoch - 3_600)))
        for key in ["5", "0", "0", "G"] { store.apply(.key(.character(Character(key)))) }
        #expect(store.state.top.listScreen?.selectedPosition == 500)
        let pager = store.state.top.asList.pager
        let again = pager.nextRequest(.refresh, at: .page(25), generation: 2)
        let commands = store.apply(.reconnect(1))
        #expect(commands.first == .fetch(root, followers, again), "\(commands)")
    }

    @Test("pulled at the top, the first page replaces the list as before")
    func pullAtTheTop() throws {
        var store = atRow700()
        store.apply(.key(.character("g")))
        #expect(store.state.top.listScreen?.selectedPosition == 1)
        store.apply(.key(.character("k")))
        let commands = store.apply(.key(.character("k")))
        guard case let .run(.fetch(_, _), .page(_, request))? = commands.first else { return #expect(Bool(false), "\(commands)") }
        #expect(request.token.direction == .refresh && request.cursor == .first)
        #expect(store.state.top.asList.pager.refreshPage == nil)
    }
}

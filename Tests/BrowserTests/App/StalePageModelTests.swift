@testable import Browser
import Foundation
import GitHubAPI
@testable import ListCore
import TerminalUI
import Testing

private let list = GitHubList.users(.all(since: 0))
private let fetch = request(1, .initial, list.firstCursor)
/// The cache's copy of the first page, kept 5 minutes ago and past its freshness.
private let staleOrigin = ResponseOrigin.cache(fetchedAt: epoch - 300, fresh: false)

/// Started: the first page asked for (as ``loadedStore`` starts).
private func started() -> TestStore {
    var store = TestStore(makeState(list: list))
    store.start([.fetch(root, list, fetch), .scheduleTick(1, after: .milliseconds(100))]) {
        $0.screens[0].listScreen?.pager.awaits(.initial, request: 1, at: list.firstCursor)
        $0.pendingTick = 1
        $0.nextTick = 1
    }
    return store
}

/// The cache's copy of the first page on screen, "cached 5 min ago", GitHub asked again.
private func showingCopy(_ copy: Page<Row, GitHubCursor>) -> TestStore {
    var store = started()
    // Nothing is asked: the runtime asks GitHub again for the same fetch by itself.
    store.send(.pageLoaded(root, fetch.token, copy, origin: staleOrigin)) {
        $0.screens[0].listScreen?.pager.holds(first: copy, at: list.firstCursor)
        // Its request waits for GitHub's answer, and nothing else loads meanwhile.
        $0.screens[0].listScreen?.pager.inFlight[.initial] = fetch
        $0.screens[0].listScreen?.pager.shows(from: 0, rows: 8)
        $0.screens[0].listScreen?.storedAt = epoch - 300
        $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
        $0.screens[0].listScreen?.selectedID = 1
    }
    return store
}

/// A first page from a stale cache goes through the runtime's one stale-while-revalidate
/// helper: the update shows it and asks for nothing; GitHub's answer to the same fetch replaces
/// it (#34 item 3). Before, the update asked for a refresh of the first page by hand.
@Suite("A first page from a stale cache, then GitHub's answer to the same fetch (whole state and exact commands)")
struct StalePageModelTests {
    @Test("the copy is drawn at once with its age, the spinner turns, and no refresh is asked for")
    func copyShown() {
        var store = showingCopy(page(1...20, next: .since(20)))
        #expect(store.state.top.asList.pager.isRefreshing)
        // The title's spinner turns while GitHub is asked, as during a refresh.
        store.send(.tick(1), [.scheduleTick(2, after: .milliseconds(100))]) {
            $0.pendingTick = 2
            $0.nextTick = 2
            $0.spinner = 1
        }
        // Nothing loads past the copy until GitHub answered.
        for _ in 0..<20 { store.apply(.key(.character("j"))) }
        #expect(!store.state.top.asList.pager.inFlight.keys.contains(.append))
        // r asks nothing more, and says why.
        store.press(.character("r")) { $0.flash = .alreadyRefreshing }
        #expect(AppView.flashText(store.state) == "Already asking GitHub for these rows again: its answer replaces them")
    }

    @Test("GitHub's answer replaces the copy's rows, the age goes, and the selection stays on its account")
    func answerReplaces() {
        var store = showingCopy(page(1...20, next: .since(20)))
        // Two accounts new at the top: user1 is third now.
        let answer = Page<Row, GitHubCursor>(items: [user(901), user(902)].map(Row.user) + users(1...18).map(Row.user), next: .since(18))
        store.send(.pageLoaded(root, fetch.token, answer, origin: .network)) {
            $0.screens[0].listScreen?.pager.holds(first: answer, at: list.firstCursor)
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 8)
            $0.screens[0].listScreen?.storedAt = nil
            // Still on user1, third now: the new accounts above it in view.
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 2)
        }
        #expect(store.state.top.listScreen?.selectedRow?.id == 1)
    }

    @Test("GitHub's 304: the rows stay as they are and the age goes")
    func unchanged() {
        let copy = page(1...20, next: .since(20))
        var store = showingCopy(copy)
        store.send(.pageLoaded(root, fetch.token, copy, origin: .revalidated)) {
            $0.screens[0].listScreen?.pager.inFlight = [:]
            $0.screens[0].listScreen?.storedAt = nil
        }
    }

    @Test("GitHub out of reach: the copy stays, offline, as a refresh that failed; the reconnect asks GitHub for the first page")
    func offline() {
        let copy = page(1...20, next: .since(20))
        var store = showingCopy(copy)
        store.send(.pageLoaded(root, fetch.token, copy, origin: .offline(fetchedAt: epoch - 300)),
                   [.scheduleReconnect(1, after: .seconds(5))]) {
            $0.screens[0].listScreen?.pager.inFlight = [:]
            $0.screens[0].listScreen?.pager.refreshState = .failed(LoadFailure(CacheOnlyAnswer()))
            $0.offline = AppState.Offline(attempts: 0, pending: 1, retryAt: epoch + 5)
            $0.nextReconnect = 1
        }
        #expect(store.state.top.listScreen?.storedAt == epoch - 300, "still the copy of 5 minutes ago")
        let again = request(2, .refresh, list.firstCursor, generation: 1)
        let commands = store.apply(.reconnect(1))
        #expect(commands.first == .fetch(root, list, again), "\(commands)")
    }

    @Test("a first page from a fresh cache is the answer: nothing more is waited for")
    func freshCopy() {
        var store = started()
        let first = page(1...20, next: .since(20))
        store.send(.pageLoaded(root, fetch.token, first, origin: .cache(fetchedAt: epoch - 30, fresh: true))) {
            $0.screens[0].listScreen?.pager.holds(first: first, at: list.firstCursor)
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 8)
            $0.screens[0].listScreen?.storedAt = epoch - 30
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
            $0.screens[0].listScreen?.selectedID = 1
        }
        #expect(!store.state.top.asList.pager.isRefreshing)
    }
}

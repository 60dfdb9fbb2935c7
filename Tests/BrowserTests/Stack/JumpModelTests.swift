@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A list of all users capped at 40 in memory, paged through with G until the first six pages
/// of 20 were dropped; every request answered at once.
private func scrolledFar() -> TestStore {
    var store = TestStore(AppState(list: .users(.all(since: 0)), host: "api.github.com", profileBase: "https://github.com",
                                   pageSize: 20, prefetchDistance: 2, size: AppState.Size(rows: 10, columns: 80),
                                   now: epoch, maxItems: 40))
    var pending = store.applyStart()
    for _ in 0..<40 where store.state.top.asList.pager.offset < 120 {
        let commands = pending
        pending = []
        for command in commands {
            guard case let .run(.fetch(id, _), .page(_, request)) = command, case .since(let after) = request.cursor else { continue }
            pending += store.apply(.pageLoaded(id, request.token, page((after + 1)...(after + 20), next: .since(after + 20)),
                                               origin: .network))
        }
        pending += store.apply(.key(.character("G")))
    }
    // Nothing left in flight, and no tick on its way.
    while case let .run(.fetch(id, _), .page(_, request))? = pending.first(where: { if case .run(_, .page) = $0 { true } else { false } }),
          case .since(let after) = request.cursor {
        pending = store.apply(.pageLoaded(id, request.token, page((after + 1)...(after + 20), next: .since(after + 20)),
                                          origin: .network))
    }
    if let tick = store.state.pendingTick { store.apply(.tick(tick)) }
    return store
}

@Suite("g and G under the memory cap jump to the end asked for (whole state and exact commands)")
struct JumpModelTests {
    @Test("g far below the first loaded row loads the first page in place of the loaded ones and selects its first user")
    func gJumpsToTheTop() throws {
        var store = scrolledFar()
        let pager = store.state.top.asList.pager
        #expect(pager.offset >= 120)
        let position = try #require(store.state.top.listScreen?.selectedPosition)
        #expect(position > pager.offset)
        // The first page, in place of the loaded ones.
        let jump = pager.nextRequest(.jump, at: .since(0))
        store.press(.character("g"), [.fetch(root, .users(.all(since: 0)), jump),
                                      .scheduleTick(store.state.nextTick + 1, after: .milliseconds(100))]) {
            $0.top.listScreen?.pager.jumps(to: 0, request: jump.token.id, at: .since(0))
            $0.top.listScreen?.pendingMove = .first
            $0.pendingTick = $0.nextTick + 1
            $0.nextTick += 1
        }
        // The loaded rows stay, with a row saying what is coming.
        #expect(AppView.earlierRow(store.state.top.asList) == "Loading the first users…")
        #expect(store.state.top.asList.pager.items.first?.id == Int64(pager.offset + 1))

        let first = page(1...20, next: .since(20))
        store.send(.pageLoaded(root, jump.token, first, origin: .network)) {
            $0.top.listScreen?.pager.landed(first, on: 0, offset: 0, outdated: [])
            $0.top.listScreen?.pager.shows(from: 0, rows: 8)
            $0.top.listScreen?.pendingMove = nil
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
            $0.top.listScreen?.selectedID = 1
        }
        #expect(store.state.top.listScreen?.selectedPosition == 1)
        #expect(AppView.earlierRow(store.state.top.asList) == nil)
        #expect(store.state.top.asList.pager.knownCount == pager.knownCount)
    }

    @Test("G after that goes back to the last known user by the same jump")
    func capitalGJumpsToTheEnd() throws {
        var store = scrolledFar()
        let known = store.state.top.asList.pager.knownCount
        let lastPageCursor = try #require(store.state.top.asList.pager.pages.last?.cursor)
        for command in store.apply(.key(.character("g"))) {
            guard case let .run(.fetch(id, _), .page(_, request)) = command else { continue }
            store.apply(.pageLoaded(id, request.token, page(1...20, next: .since(20)), origin: .network))
        }
        #expect(store.state.top.asList.pager.offset == 0)
        let jump = store.state.top.asList.pager.nextRequest(.jump, at: lastPageCursor)
        let commands = store.apply(.key(.character("G")))
        #expect(commands.first == .fetch(root, .users(.all(since: 0)), jump))
        #expect(store.state.top.listScreen?.pendingMove == .last)
        guard case .since(let after) = lastPageCursor else { return }
        let last = Int64(after) + 1
        store.apply(.pageLoaded(root, jump.token, page(last...(last + 19), next: .since(last + 19)), origin: .network))
        #expect(store.state.top.listScreen?.pendingMove == nil)
        #expect(store.state.top.listScreen?.selectedPosition == known)
    }

    @Test("25G to a row in a dropped page jumps to the page that holds it, as g does, says so, and selects row 25 when it comes (#37 item 21)")
    func countedGJumps() throws {
        var store = scrolledFar()
        let pager = store.state.top.asList.pager
        #expect(pager.offset >= 120)
        // Row 25 is on the second page.
        let jump = pager.nextRequest(.jump, at: .since(20))
        store.press(.character("2")) { $0.count = 2 }
        store.press(.character("5")) { $0.count = 25 }
        store.press(.character("G"), [.fetch(root, .users(.all(since: 0)), jump),
                                      .scheduleTick(store.state.nextTick + 1, after: .milliseconds(100))]) {
            $0.count = nil
            // Row 25 is on the second page.
            $0.top.listScreen?.pager.jumps(to: 1, request: jump.token.id, at: .since(20))
            $0.top.listScreen?.pendingItem = 24
            $0.pendingTick = $0.nextTick + 1
            $0.nextTick += 1
        }
        #expect(AppView.earlierRow(store.state.top.asList) == "Loading row 25…")
        store.apply(.pageLoaded(root, jump.token, page(21...40, next: .since(40)), origin: .network))
        #expect(store.state.top.listScreen?.pendingItem == nil)
        #expect(store.state.top.listScreen?.selectedPosition == 25)
        #expect(store.state.top.listScreen?.selectedID == 25)
    }

    @Test("a jump that failed with GitHub out of reach is asked for again by the reconnect, not only probed")
    func failedJumpReconnects() throws {
        var store = scrolledFar()
        let jump = try #require(store.apply(.key(.character("g"))).compactMap { command -> FetchRequest<GitHubCursor>? in
            if case let .run(.fetch(_, _), .page(_, request)) = command { request } else { nil }
        }.first)
        store.apply(.pageFailed(root, jump.token, LoadFailure(GitHubError.connectionRefused(host: "h"))))
        let pending = try #require(store.state.offline?.pending)
        #expect(AppView.earlierRow(store.state.top.asList)?.hasPrefix("The first users could not be loaded") == true)
        let again = store.state.top.asList.pager.nextRequest(.jump, at: .since(0))
        let commands = store.apply(.reconnect(pending))
        #expect(commands.first == .fetch(root, .users(.all(since: 0)), again), "\(commands)")
        #expect(store.state.top.asList.pager.jumpState == .loading)
    }

    @Test("g with the first page loaded just moves: no request")
    func gNearTheTop() {
        var store = loadedStore()
        store.apply(.key(.character("j")))
        #expect(store.state.top.listScreen?.selectedID == 2)
        store.press(.character("g")) {
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
            $0.top.listScreen?.selectedID = 1
        }
    }

    @Test("G before the first page arrives is made when it comes: the last of its users, and the next page asked for")
    func capitalGBeforeTheFirstPage() {
        var store = TestStore(makeState(list: .users(.all(since: 0)), rows: 10, columns: 80, keys: KeyTable()))
        store.start([.fetch(root, .users(.all(since: 0)), request(1, .initial, .since(0))),
                     .scheduleTick(1, after: .milliseconds(100))]) {
            $0.screens[0].listScreen?.pager.awaits(.initial, request: 1, at: .since(0))
            $0.pendingTick = 1
            $0.nextTick = 1
        }
        store.press(.character("G")) { $0.top.listScreen?.pendingMove = .last }
        let first = page(1...20, next: .since(20))
        store.send(.pageLoaded(root, firstToken, first), [.fetch(root, .users(.all(since: 0)), request(2, .append, .since(20)))]) {
            $0.screens[0].listScreen?.pager.holds(first: first, at: .since(0))
            $0.screens[0].listScreen?.pager.shows(from: 12, rows: 8)
            $0.screens[0].listScreen?.pager.awaits(.append, request: 2, at: .since(20))
            $0.top.listScreen?.pendingMove = nil
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 13, selection: 19)
            $0.top.listScreen?.selectedID = 20
        }
        #expect(store.state.top.listScreen?.selectedPosition == 20)
    }

    @Test("g after G before the first page takes the G back: the first page leaves the selection on its first user")
    func gTakesBackAnEarlyG() {
        var store = TestStore(makeState(list: .users(.all(since: 0)), rows: 10, columns: 80, keys: KeyTable()))
        _ = store.applyStart()
        store.press(.character("G")) { $0.top.listScreen?.pendingMove = .last }
        store.press(.character("g")) { $0.top.listScreen?.pendingMove = nil }
        store.apply(.pageLoaded(root, firstToken, page(1...20, next: .since(20))))
        #expect(store.state.top.listScreen?.selectedID == 1)
        #expect(store.state.top.viewport.selection == 0)
    }

    @Test("G waiting for a first page that fails is dropped with it: the retried page opens at its top")
    func capitalGGoesWithAFailedFirstPage() {
        var store = TestStore(makeState(list: .users(.all(since: 0)), rows: 10, columns: 80, keys: KeyTable()))
        _ = store.applyStart()
        store.press(.character("G")) { $0.top.listScreen?.pendingMove = .last }
        let failure = LoadFailure(message: "GitHub answered 502")
        store.send(.pageFailed(root, firstToken, failure)) {
            $0.top.listScreen?.pager.failed(.initial, failure)
            $0.top.listScreen?.pendingMove = nil
        }
        let retry = store.apply(.key(.character("R")))
        guard case let .run(.fetch(_, _), .page(_, again))? = retry.first else { return #expect(Bool(false), "\(retry)") }
        store.apply(.pageLoaded(root, again.token, page(1...20, next: .since(20))))
        #expect(store.state.top.listScreen?.selectedID == 1)
    }

    @Test("j past the loaded rows while later pages were dropped walks on by appending them again, never by a jump that replaces the rows")
    func walkOverDroppedPages() throws {
        var store = scrolledFar()
        for command in store.apply(.key(.character("g"))) {
            guard case let .run(.fetch(id, _), .page(_, request)) = command else { continue }
            store.apply(.pageLoaded(id, request.token, page(1...20, next: .since(20)), origin: .network))
        }
        #expect(store.state.top.asList.pager.droppedAfter > 0)
        var commands: [Command] = []
        for _ in 0..<45 { commands += store.apply(.key(.character("j"))) }
        let directions = commands.compactMap { if case let .run(.fetch(_, _), .page(_, request)) = $0 { request.token.direction } else { nil } }
        #expect(!directions.isEmpty && directions.allSatisfy { $0 == .append }, "\(directions)")
        #expect(store.state.top.listScreen?.walkTo == 45 && store.state.top.asList.pager.offset == 0)
    }
}

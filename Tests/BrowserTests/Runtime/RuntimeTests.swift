@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Synchronization
import Testing

/// The messages a runtime posted, in order.
private final class Posted: Sendable {
    private let messages = Mutex<[Message]>([])
    func append(_ message: Message) { messages.withLock { $0.append(message) } }
    var all: [Message] { messages.withLock { $0 } }
}

/// A gate a scripted answer waits at until the test opens it.
private final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
    func wait() async {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
    }
    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}

/// The policies a scripted service was asked with, in order.
private final class Asked: Sendable {
    private let policies = Mutex<[CachePolicy]>([])
    func note(_ policy: CachePolicy) { policies.withLock { $0.append(policy) } }
    var all: [CachePolicy] { policies.withLock { $0 } }
}

private struct Unscripted: Error {}

/// A service with no answers: each read a test does not script fails.
private func scripted(
    page: @escaping @Sendable (GitHubList, GitHubCursor, Int, CachePolicy) async throws -> GitHubService.Loaded<RowPage>
        = { _, _, _, _ in throw Unscripted() },
    userDetails: @escaping @Sendable (String, CachePolicy) async throws -> GitHubService.Loaded<UserDetails>
        = { _, _ in throw Unscripted() }
) -> GitHubService {
    GitHubService(page: page, userDetails: userDetails, repositoryDetails: { _, _, _ in throw Unscripted() },
                  image: { _ in throw Unscripted() })
}

private let stale = ResponseOrigin.cache(fetchedAt: epoch, fresh: false)

@Suite("The runtime runs commands on a scripted GitHub and a test clock, and posts what they found")
struct RuntimeTests {
    private func runtime(_ service: GitHubService, clock: SteppedClock = SteppedClock()) -> (Runtime, Posted) {
        let posted = Posted()
        return (Runtime(service: service, clock: clock, environment: [:], post: { posted.append($0) }), posted)
    }

    @Test("stale details from the cache are posted at once, then GitHub's answer; the task is forgotten at the second")
    func staleDetailsRevalidated() async {
        let asked = Asked()
        let old = details("octocat", id: 1, name: "Old name")
        let new = details("octocat", id: 1, name: "New name")
        let (runtime, posted) = runtime(scripted(userDetails: { _, policy in
            asked.note(policy)
            return policy == .preferCache ? (old, stale) : (new, .network)
        }))
        runtime.run([.loadDetails(RequestID(1), login: "octocat")])
        let task = runtime.tasks[.details(RequestID(1))]
        await task?.value
        #expect(asked.all == [.preferCache, .revalidate])
        #expect(posted.all == [.detailsLoaded(RequestID(1), old, revalidating: true),
                               .detailsLoaded(RequestID(1), new, revalidating: false)])
        runtime.settle(posted.all[0])
        #expect(runtime.tasks.keys.contains(.details(RequestID(1))), "the first answer says more is coming")
        runtime.settle(posted.all[1])
        #expect(runtime.tasks.isEmpty)
    }

    @Test("a profile's slice revalidates a stale first page as details do, with the addresses GitHub sent; a refresh asks GitHub alone")
    func staleSliceRevalidated() async {
        let asked = Asked()
        let list = GitHubList.users(.followers("octocat"))
        let cached = RowPage(page(1...2, next: nil), webPages: ["https://github.com/user1", nil])
        let fresh = RowPage(page(1...3, next: nil), webPages: (1...3).map { "https://github.com/user\($0)" })
        let (runtime, posted) = runtime(scripted(page: { _, cursor, size, policy in
            #expect(cursor == list.firstCursor && size == 5)
            asked.note(policy)
            return policy == .revalidate ? (fresh, .network) : (cached, stale)
        }))
        let screen = ScreenID(2)
        runtime.run([.loadSlice(screen, RequestID(1), list, pageSize: 5, refresh: false)])
        await runtime.tasks[.slice(screen, RequestID(1))]?.value
        #expect(posted.all == [.sliceLoaded(screen, RequestID(1), cached.page, revalidating: true, webPages: cached.webPages),
                               .sliceLoaded(screen, RequestID(1), fresh.page, webPages: fresh.webPages)])
        runtime.run([.loadSlice(screen, RequestID(2), list, pageSize: 5, refresh: true)])
        await runtime.tasks[.slice(screen, RequestID(2))]?.value
        #expect(asked.all == [.preferCache, .revalidate, .revalidate])
        #expect(posted.all.last == .sliceLoaded(screen, RequestID(2), fresh.page, webPages: fresh.webPages))
    }

    @Test("a list's first page comes from the cache when it can, a refresh from GitHub, the next pages by freshness")
    func pagePolicies() async {
        let asked = Asked()
        let (runtime, posted) = runtime(scripted(page: { _, _, _, policy in
            asked.note(policy)
            return (RowPage(page(1...2, next: nil), webPages: ["https://github.com/user1", "https://github.com/user2"]), .network)
        }))
        let screen = ScreenID(1)
        for (id, direction) in [(1, FetchDirection.initial), (2, .refresh), (3, .append)] {
            runtime.run([.fetch(screen, .users(.all(since: 0)), request(id, direction, .since(0)))])
            await runtime.tasks[.fetch(screen, request(id, direction, .since(0)).token)]?.value
        }
        #expect(asked.all == [.preferCache, .revalidate, .normal])
        #expect(posted.all.count == 3)
        #expect(posted.all.first == .pageLoaded(screen, request(1, .initial, .since(0)).token, page(1...2, next: nil),
                                                webPages: ["https://github.com/user1", "https://github.com/user2"]))
    }

    @Test("a list's first page from a stale cache is posted at once, then GitHub's answer to the same fetch; the task is kept until the second")
    func stalePageRevalidated() async {
        let clock = SteppedClock()
        let asked = Asked()
        let list = GitHubList.users(.followers("octocat"))
        let cached = RowPage(page(1...2, next: nil), webPages: ["https://github.com/user1", nil])
        let fresh = RowPage(page(1...3, next: nil), webPages: (1...3).map { "https://github.com/user\($0)" })
        // GitHub takes 4 s to answer; the cache answers at once.
        let (runtime, posted) = runtime(scripted(page: { _, cursor, size, policy in
            #expect(cursor == list.firstCursor && size == 20)
            asked.note(policy)
            guard policy == .revalidate else { return (cached, stale) }
            try await clock.sleep(for: .seconds(4))
            return (fresh, .network)
        }), clock: clock)
        let screen = ScreenID(1)
        let fetch = request(1, .initial, list.firstCursor)
        runtime.run([.fetch(screen, list, fetch)])
        await clock.sleepers(1)  // GitHub's answer on its way
        let copy = Message.pageLoaded(screen, fetch.token, cached.page, origin: stale, webPages: cached.webPages)
        #expect(posted.all == [copy], "the cached rows before GitHub answers")
        runtime.settle(copy)
        #expect(runtime.tasks.keys.contains(.fetch(screen, fetch.token)), "the copy says GitHub's answer is coming")
        clock.advance(by: .seconds(4))
        await runtime.tasks[.fetch(screen, fetch.token)]?.value
        #expect(asked.all == [.preferCache, .revalidate])
        let answer = Message.pageLoaded(screen, fetch.token, fresh.page, origin: .network, webPages: fresh.webPages)
        #expect(posted.all == [copy, answer])
        runtime.settle(answer)
        #expect(runtime.tasks.isEmpty)
    }

    @Test("GitHub out of reach when the stale first page is asked again: the cache's answer, said to be offline, follows the copy")
    func stalePageOffline() async {
        let cached = RowPage(page(1...2, next: nil))
        let (runtime, posted) = runtime(scripted(page: { _, _, _, policy in
            (cached, policy == .revalidate ? .offline(fetchedAt: epoch) : stale)
        }))
        let screen = ScreenID(1)
        let fetch = request(1, .initial, .since(0))
        runtime.run([.fetch(screen, .users(.all(since: 0)), fetch)])
        await runtime.tasks[.fetch(screen, fetch.token)]?.value
        #expect(posted.all == [.pageLoaded(screen, fetch.token, cached.page, origin: stale),
                               .pageLoaded(screen, fetch.token, cached.page, origin: .offline(fetchedAt: epoch))])
    }

    @Test("a stale copy of a page dropped and wanted again (before the loaded ones, or far from them) is its answer, as before: only a first page is asked again")
    func staleDroppedPageIsTheAnswer() async {
        let asked = Asked()
        let (runtime, posted) = runtime(scripted(page: { _, _, _, policy in
            asked.note(policy)
            return (RowPage(page(41...60, next: .page(4))), stale)
        }))
        let screen = ScreenID(1)
        for (id, direction) in [(1, FetchDirection.prepend), (2, .jump)] {
            runtime.run([.fetch(screen, .users(.followers("octocat")), request(id, direction, .page(3)))])
            await runtime.tasks[.fetch(screen, request(id, direction, .since(0)).token)]?.value
            #expect(runtime.tasks[.fetch(screen, request(id, direction, .since(0)).token)] != nil, "kept until its message is handled")
            runtime.settle(posted.all[id - 1])
            #expect(runtime.tasks[.fetch(screen, request(id, direction, .since(0)).token)] == nil, "its one answer ends it")
        }
        #expect(asked.all == [.preferCache, .preferCache])
        #expect(posted.all.count == 2)
    }

    @Test("the history file that cannot be written is said once, as a fact the view words")
    func historyNotKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghscroll-runtime-\(UUID().uuidString)")
        // A file where the history's directory should be: nothing can be written under it.
        try Data().write(to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let posted = Posted()
        let runtime = Runtime(service: scripted(), environment: ["XDG_STATE_HOME": directory.path, "HOME": directory.path],
                              post: { posted.append($0) })
        runtime.run([.addToHistory("users"), .addToHistory("repos")])
        runtime.cancelAll()  // waits for the history's writes
        #expect(posted.all.count == 1)
        guard case .notice(.historyNotKept(let error))? = posted.all.first else {
            Issue.record("no notice: \(posted.all)")
            return
        }
        #expect(!error.isEmpty)
    }

    @Test("a page shown before a refresh and wanted again since is asked of GitHub whatever its direction; the others as before (#37 item 7)")
    func outdatedPagesRevalidate() async {
        let asked = Asked()
        let (runtime, _) = runtime(scripted(page: { _, _, _, policy in
            asked.note(policy)
            return (RowPage(page(1...2, next: nil)), .network)
        }))
        let screen = ScreenID(1)
        var id = 0
        for outdated in [false, true] {
            for direction in [FetchDirection.prepend, .jump, .append] {
                id += 1
                let fetch = FetchRequest(token: FetchToken(id: id, generation: 1, direction: direction), cursor: GitHubCursor.page(3),
                                         pageSize: 20, outdated: outdated)
                runtime.run([.fetch(screen, .users(.followers("octocat")), fetch)])
                await runtime.tasks[.fetch(screen, fetch.token)]?.value
            }
        }
        #expect(asked.all == [.preferCache, .preferCache, .normal, .revalidate, .revalidate, .revalidate])
    }

    @Test("a task cancelled before its answer posts nothing, and is no longer kept")
    func cancelledPostsNothing() async {
        let gate = Gate()
        let (runtime, posted) = runtime(scripted(page: { _, _, _, _ in
            await gate.wait()
            return (RowPage(page(1...2, next: nil)), .network)
        }))
        let screen = ScreenID(1)
        let fetch = request(1, .initial, .since(0))
        runtime.run([.fetch(screen, .users(.all(since: 0)), fetch)])
        let task = runtime.tasks[.fetch(screen, fetch.token)]
        #expect(task != nil)
        runtime.run([.cancelFetch(screen, fetch.token)])
        #expect(runtime.tasks.isEmpty)
        gate.open()
        await task?.value
        #expect(posted.all.isEmpty)
    }

    @Test("a job run under the key of one still running replaces it: the first answers nothing, the second is kept until its answer")
    func sameKeyReplaces() async {
        let gate = Gate()
        let (runtime, posted) = runtime(scripted(userDetails: { login, _ in
            await gate.wait()
            return (details(login, id: login == "first" ? 1 : 2), .network)
        }))
        // The pane's wait for the selection to rest, then its request, run under one key.
        runtime.run([.scheduleDetails(RequestID(1), after: .milliseconds(150))])
        let timer = runtime.tasks[.details(RequestID(1))]
        runtime.run([.loadDetails(RequestID(1), login: "first")])
        let first = runtime.tasks[.details(RequestID(1))]
        runtime.run([.loadDetails(RequestID(1), login: "second")])
        #expect(runtime.tasks.count == 1, "one task a key")
        let second = runtime.tasks[.details(RequestID(1))]
        gate.open()
        await timer?.value
        await first?.value
        await second?.value
        #expect(posted.all == [.detailsLoaded(RequestID(1), details("second", id: 2))])
        #expect(runtime.tasks[.details(RequestID(1))] != nil, "kept until its answer is handled")
        runtime.settle(posted.all[0])
        #expect(runtime.tasks.isEmpty)
    }

    @Test("the command check gives up after 5 s on the clock: the screen opens and says what it finds itself")
    func checkTimesOut() async {
        let clock = SteppedClock()
        // GitHub does not answer within the hour (a rate limit's wait, say).
        let (runtime, posted) = runtime(scripted(userDetails: { _, _ in
            try await clock.sleep(for: .seconds(3_600))
            throw Unscripted()
        }), clock: clock)
        runtime.run([.checkCommand(RequestID(3), .account("octocat"))])
        await clock.sleepers(2)  // GitHub's hour, and the check's 5 s
        clock.advance(by: .seconds(4))
        #expect(posted.all.isEmpty, "still waiting for GitHub at 4 s")
        clock.advance(by: .seconds(1))
        await runtime.tasks[.check(RequestID(3))]?.value
        #expect(posted.all == [.commandChecked(RequestID(3), .unknown)])
    }

    @Test("the check says what GitHub said: a user where an organization is needed, or a 404")
    func checkAnswers() async {
        let (runtime, posted) = runtime(scripted(userDetails: { login, _ in
            guard login == "octocat" else { throw GitHubError.notFound(what: "user nobody") }
            return (details("octocat", id: 1), .network)
        }))
        runtime.run([.checkCommand(RequestID(1), .organization("octocat"))])
        await runtime.tasks[.check(RequestID(1))]?.value
        runtime.run([.checkCommand(RequestID(2), .account("nobody"))])
        await runtime.tasks[.check(RequestID(2))]?.value
        #expect(posted.all == [
            .commandChecked(RequestID(1), .notAnOrganization("octocat")),
            .commandChecked(RequestID(2), .notFound(GitHubError.notFound(what: "user nobody").description)),
        ])
    }

    @Test("the check says GitHub rejected the token (a 401) in GitHub's own words, for @me as for any account")
    func checkRejected() async {
        let rejected = GitHubError.badCredentials(message: "Requires authentication")
        let (runtime, posted) = runtime(scripted(userDetails: { _, _ in throw rejected }))
        runtime.run([.checkCommand(RequestID(1), .account(GitHubConfiguration.me))])
        await runtime.tasks[.check(RequestID(1))]?.value
        #expect(posted.all == [.commandChecked(RequestID(1), .rejected(rejected.description))])
    }

    @Test("the check of @me asks for the token owner's account (/user) and says whose it is")
    func checkOfMe() async {
        let (runtime, posted) = runtime(scripted(userDetails: { login, _ in
            guard login == GitHubConfiguration.me else { throw Unscripted() }
            return (details("octocat", id: 1), .network)
        }))
        runtime.run([.checkCommand(RequestID(1), .account(GitHubConfiguration.me))])
        await runtime.tasks[.check(RequestID(1))]?.value
        #expect(posted.all == [.commandChecked(RequestID(1), .me("octocat"))])
    }

    @Test("a timer posts when its delay has passed on the clock, not before; cancelling the details stops its timer")
    func timers() async {
        let clock = SteppedClock()
        let (runtime, posted) = runtime(scripted(), clock: clock)
        runtime.run([.scheduleDetails(RequestID(1), after: .milliseconds(150)), .scheduleTick(1, after: .milliseconds(100)),
                     .scheduleDetails(RequestID(2), after: .milliseconds(150))])
        runtime.run([.cancelDetails(RequestID(2))])
        await clock.sleepers(2)  // the tick and the first details' timer; the cancelled one never sleeps
        clock.advance(by: .milliseconds(100))
        await runtime.tasks[.tick(1)]?.value
        #expect(posted.all == [.tick(1)])
        clock.advance(by: .milliseconds(50))
        await runtime.tasks[.details(RequestID(1))]?.value
        #expect(posted.all == [.tick(1), .detailsDue(RequestID(1))])
        #expect(runtime.tasks[.details(RequestID(2))] == nil)
    }
}

import Foundation
@testable import GitHubAPI
import Synchronization
import Testing

/// A clock whose sleeps last until the test opens the gate (then the time they asked for passes).
private final class GateClock: RequestClock {
    private let state = Mutex<(now: Date, waiting: [CheckedContinuation<Void, Never>])>(
        (Date(timeIntervalSince1970: 1_800_000_000), []))
    func now() -> Date { state.withLock { $0.now } }
    func sleep(for duration: Duration) async throws {
        await withCheckedContinuation { continuation in state.withLock { $0.waiting.append(continuation) } }
        state.withLock { $0.now = $0.now.addingTimeInterval(duration.seconds) }
    }
    /// Returns once `count` sleeps wait at the gate (false if they never come).
    func sleepers(_ count: Int) async -> Bool {
        for _ in 0..<100_000 {
            if state.withLock({ $0.waiting.count }) >= count { return true }
            await Task.yield()
        }
        return false
    }
    func open() {
        let waiting = state.withLock { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}

/// Counts its calls; the first ones throw the errors given.
private final class Calls: Sendable {
    private let state: Mutex<(errors: [GitHubError], count: Int)>
    init(_ errors: [GitHubError] = []) { state = Mutex((errors, 0)) }
    var count: Int { state.withLock { $0.count } }
    func run() throws -> Int {
        let error = state.withLock { state -> GitHubError? in
            state.count += 1
            return state.errors.isEmpty ? nil : state.errors.removeFirst()
        }
        if let error { throw error }
        return 1
    }
}

@Suite("Rate limits per API: GitHub counts searches apart from the rest", .timeLimit(.minutes(1)))
struct RateLimitScopeTests {
    private func client(_ clock: GateClock) -> GitHubClient {
        GitHubClient(configuration: GitHubConfiguration(baseURL: URL(fileURLWithPath: "/")), clock: clock)
    }

    @Test("a used-up search limit holds back the searches only: a page of another list goes out during the wait")
    func searchLimit() async throws {
        let clock = GateClock()
        let client = client(clock)
        let limited = GitHubError.rateLimited(reset: clock.now().addingTimeInterval(60), limit: 10, authenticated: false)
        let searches = Calls([limited])
        async let searched = client.perform(resource: "search") { try searches.run() }
        #expect(await clock.sleepers(1), "the search waits out its limit")
        let core = Calls()
        #expect(try await client.perform { try core.run() } == 1, "the core API's request went out meanwhile")
        #expect(searches.count == 1)
        let second = Calls()
        async let searchedAgain = client.perform(resource: "search") { try second.run() }
        #expect(await clock.sleepers(2), "another search waits for the same reset")
        #expect(second.count == 0)
        clock.open()
        let results = try await [searched, searchedAgain]
        #expect(results == [1, 1])
        #expect(searches.count == 2 && second.count == 1)
    }

    @Test("a secondary limit holds back every API")
    func secondaryLimit() async throws {
        let clock = GateClock()
        let client = client(clock)
        let searches = Calls([.secondaryRateLimit(retryAfter: 30, message: "secondary rate limit")])
        async let searched = client.perform(resource: "search") { try searches.run() }
        #expect(await clock.sleepers(1))
        let core = Calls()
        async let listed = client.perform { try core.run() }
        #expect(await clock.sleepers(2), "the core request waits too")
        #expect(core.count == 0)
        clock.open()
        let results = try await [searched, listed]
        #expect(results == [1, 1])
    }
}

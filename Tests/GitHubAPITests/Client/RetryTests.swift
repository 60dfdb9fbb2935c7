import FakeGitHub
import Foundation
@testable import GitHubAPI
import ListCore
import Synchronization
import Testing

/// A clock that never really waits: a sleep moves `now` forward and is written down.
final class ScriptedClock: RequestClock {
    private let state = Mutex<(now: Date, sleeps: [Duration])>((Date(timeIntervalSince1970: 1_800_000_000), []))
    func now() -> Date { state.withLock { $0.now } }
    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.now = $0.now.addingTimeInterval(duration.seconds)
            $0.sleeps.append(duration)
        }
        await Task.yield()
        try Task.checkCancellation()
    }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    /// Where `now` started.
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// Moves `now` on without a sleep being asked for.
    func advance(by seconds: TimeInterval) async {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }
}

/// Every wait the client announced (nil when one ended).
final class WaitRecorder: Sendable {
    let waits = Mutex<[Wait?]>([])
    var started: [Wait] { waits.withLock { $0.compactMap { $0 } } }
    func record(_ wait: Wait?) { waits.withLock { $0.append(wait) } }
}

/// A scripted operation: each call takes the next outcome (nil = success) and notes the clock.
final class Script: Sendable {
    private let state: Mutex<(outcomes: [GitHubError?], calls: [Date], running: Int, maxRunning: Int)>
    init(_ outcomes: [GitHubError?]) { state = Mutex((outcomes, [], 0, 0)) }
    var calls: [Date] { state.withLock { $0.calls } }
    var maxRunning: Int { state.withLock { $0.maxRunning } }

    func run(_ clock: ScriptedClock, value: Int = 1) async throws -> Int {
        let outcome = state.withLock { s -> GitHubError? in
            s.calls.append(clock.now())
            s.running += 1
            s.maxRunning = max(s.maxRunning, s.running)
            return s.outcomes.isEmpty ? nil : s.outcomes.removeFirst()
        }
        await Task.yield()
        state.withLock { $0.running -= 1 }
        if let outcome { throw outcome }
        return value
    }
}

func makeClient(_ clock: ScriptedClock, waits: WaitRecorder = WaitRecorder(), token: String? = nil,
                base: URL = URL(string: "http://127.0.0.1:9")!) -> GitHubClient {
    GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: token), clock: clock,
                 onWait: { waits.record($0) })
}

@Suite("Retries and rate limits, on a scripted clock")
struct RetryTests {
    static let transient: [GitHubError] = [
        .server(status: 502, message: ""), .timeout(host: "h"), .connectionLost(host: "h"),
        .malformedBody(detail: "truncated"), .network(message: "reset"),
    ]

    @Test("a transient failure is retried after 1 s, 4 s and 9 s, then surfaces", arguments: transient)
    func transientRetried(error: GitHubError) async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let script = Script([error, error, error, error])
        await #expect(throws: error) { try await client.perform { try await script.run(clock) } }
        #expect(clock.sleeps == [.seconds(1), .seconds(4), .seconds(9)])
        #expect(script.calls.count == 4, "the first try and three retries")
    }

    @Test("a retry that succeeds returns the page, after only the waits it needed")
    func recovers() async throws {
        let clock = ScriptedClock()
        let waits = WaitRecorder()
        let client = makeClient(clock, waits: waits)
        let script = Script([.server(status: 503, message: ""), .timeout(host: "h")])
        let value = try await client.perform { try await script.run(clock, value: 42) }
        #expect(value == 42)
        #expect(clock.sleeps == [.seconds(1), .seconds(4)])
        #expect(waits.started.map(\.reason) == [.retry(attempt: 1, of: 3, .server(status: 503, message: "")),
                                                .retry(attempt: 2, of: 3, .timeout(host: "h"))])
        #expect(waits.waits.withLock { $0.last } == .some(nil), "the last wait was announced as over")
    }

    @Test("client errors are final: no retry, no wait", arguments: [
        GitHubError.http(status: 400, message: ""), .badCredentials(message: ""), .forbidden(message: ""),
        .notFound(what: "x"), .gone(message: ""), .validation(message: ""), .http(status: 451, message: ""),
        .unusableLink(reason: "r"), .bodyTooLarge(limit: 1),
    ])
    func notRetried(error: GitHubError) async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let script = Script([error])
        await #expect(throws: error) { try await client.perform { try await script.run(clock) } }
        #expect(script.calls.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("the primary rate limit: nothing is sent before the reset, then it resumes by itself")
    func primaryLimit() async throws {
        let clock = ScriptedClock()
        let waits = WaitRecorder()
        let client = makeClient(clock, waits: waits)
        let reset = clock.now().addingTimeInterval(120)
        let script = Script([.rateLimited(reset: reset, limit: 60, authenticated: false)])
        let value = try await client.perform { try await script.run(clock, value: 7) }
        #expect(value == 7)
        #expect(clock.sleeps == [.seconds(121)], "until the reset, plus a second of margin")
        #expect(script.calls.count == 2)
        #expect(script.calls[1] >= reset)
        let wait = try #require(waits.started.first)
        #expect(wait.reason == .rateLimit(authenticated: false))
        #expect(wait.summary(at: clock.now().addingTimeInterval(-121)) ==
                "rate limit used up · resumes in 2:01 · GH_TOKEN raises the limit")
        #expect(Wait(reason: .rateLimit(authenticated: true), until: reset).summary(at: reset.addingTimeInterval(-5)) ==
                "rate limit used up · resumes in 5 s", "no token hint when a token was sent")
    }

    @Test("a rate limit blocks the requests queued behind it too, and requests never overlap")
    func limitBlocksEveryone() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let reset = clock.now().addingTimeInterval(300)
        let script = Script([.rateLimited(reset: reset, limit: 60, authenticated: true)])
        async let first = client.perform { try await script.run(clock, value: 1) }
        async let second = client.perform { try await script.run(clock, value: 2) }
        async let third = client.perform { try await script.run(clock, value: 3) }
        let values = try await [first, second, third]
        #expect(values.sorted() == [1, 2, 3])
        #expect(script.calls.count == 4)
        #expect(script.calls.dropFirst().allSatisfy { $0 >= reset }, "no request went out during the wait")
        #expect(script.maxRunning == 1, "one request at a time")
    }

    @Test("a secondary limit waits retry-after, 60 s without one, doubling on repeats")
    func secondaryLimit() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let limited = GitHubError.secondaryRateLimit(retryAfter: 30, message: "secondary rate limit")
        let script = Script([limited, limited, limited])
        _ = try await client.perform { try await script.run(clock) }
        #expect(clock.sleeps == [.seconds(30), .seconds(60), .seconds(120)])

        let bare = ScriptedClock()
        let bareClient = makeClient(bare)
        let noHeader = Script([.secondaryRateLimit(retryAfter: nil, message: "")])
        _ = try await bareClient.perform { try await noHeader.run(bare) }
        #expect(bare.sleeps == [.seconds(60)])
    }

    @Test("after a success the secondary backoff starts again from retry-after")
    func secondaryResets() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let limited = GitHubError.secondaryRateLimit(retryAfter: 10, message: "")
        let first = Script([limited, limited])
        _ = try await client.perform { try await first.run(clock) }
        let second = Script([limited])
        _ = try await client.perform { try await second.run(clock) }
        #expect(clock.sleeps == [.seconds(10), .seconds(20), .seconds(10)])
    }

    @Test("endless secondary limits end in the error after five waits")
    func secondaryGivesUp() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let limited = GitHubError.secondaryRateLimit(retryAfter: 1, message: "")
        let script = Script(Array(repeating: limited, count: 10))
        await #expect(throws: limited) { try await client.perform { try await script.run(clock) } }
        #expect(clock.sleeps == [1, 2, 4, 8, 16].map { Duration.seconds($0) })
    }

    @Test("cancelling a request during a rate-limit wait ends it as cancelled and frees the turn")
    func cancelDuringWait() async throws {
        let clock = ParkedClock()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!),
                                  clock: clock)
        let limited = GitHubError.secondaryRateLimit(retryAfter: 600, message: "")
        let waiting = Task { try await client.perform { () async throws -> Int in throw limited } }
        await clock.parked.wait()
        waiting.cancel()
        await #expect(throws: GitHubError.cancelled) { _ = try await waiting.value }
        // The turn is free: the next request gets it at once, and then waits out the same block.
        let next = Task { try await client.perform { 5 } }
        while clock.sleepCount < 2 { await Task.yield() }
        next.cancel()
        await #expect(throws: GitHubError.cancelled) { _ = try await next.value }
    }

    @Test("against the fake server: a 502 and a 503 are ridden through; the log shows three requests")
    func fakeServerRetries() async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [502, 503]
        let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 1), options: options)
        try await withServer(server) { base in
            let clock = ScriptedClock()
            let client = makeClient(clock, base: base)
            let page = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 50)
            #expect(page.items.count == 50)
            #expect(clock.sleeps == [.seconds(1), .seconds(4)])
            #expect(await server.requestLog().map(\.status) == [502, 503, 200])
        }
    }

    @Test("against the fake server: truncated bodies are retried, then reported as unreadable")
    func fakeServerTruncation() async throws {
        var options = FakeGitHubOptions()
        options.truncationRate = 1
        let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 1), options: options)
        try await withServer(server) { base in
            let clock = ScriptedClock()
            let client = makeClient(clock, base: base)
            do {
                _ = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 50)
                Issue.record("a truncated body was accepted")
            } catch let error as GitHubError {
                guard case .malformedBody = error else { throw error }
            }
            #expect(await server.requestLog().count == 4)
            #expect(clock.sleeps == [.seconds(1), .seconds(4), .seconds(9)])
        }
    }
}

/// A clock whose sleeps last until the task is cancelled; `parked` opens when one starts.
final class ParkedClock: RequestClock {
    let parked = AsyncGate()
    private let sleeps = Mutex(0)
    var sleepCount: Int { sleeps.withLock { $0 } }
    func now() -> Date { Date(timeIntervalSince1970: 1_800_000_000) }
    func sleep(for duration: Duration) async throws {
        sleeps.withLock { $0 += 1 }
        await parked.open()
        try await Task.sleep(for: .seconds(86_400))
    }
}

/// A one-shot signal between two tasks.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

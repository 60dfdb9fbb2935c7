import Foundation
@testable import GitHubAPI
import Synchronization
import Testing

/// The order operations ran in, by name.
private final class RunOrder: Sendable {
    private let names = Mutex<[String]>([])
    func add(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
}

/// Yields until `condition` holds (bounded: a test that would hang fails instead).
private func settle(_ condition: () async -> Bool) async {
    for _ in 0..<10_000 where !(await condition()) { await Task.yield() }
}

/// A page request that holds the client's turn until ``release()``; made once it runs.
private struct HeldTurn {
    let task: Task<Int, any Error>
    let gate: AsyncGate

    /// Starts a page request that writes "page 1" in `order` each time it runs, waits for the
    /// gate, then returns `then()`.
    static func start(_ client: GitHubClient, order: RunOrder,
                      then: @escaping @Sendable () async throws -> Int = { 1 }) async -> HeldTurn {
        let started = AsyncGate()
        let gate = AsyncGate()
        let task = Task {
            try await client.perform { () async throws -> Int in
                order.add("page 1")
                await started.open()
                await gate.wait()
                return try await then()
            }
        }
        await started.wait()
        return HeldTurn(task: task, gate: gate)
    }

    func release() async throws -> Int {
        await gate.open()
        return try await task.value
    }
}

@Suite("Fills yield to paging: the throttle's background lane, on a scripted clock")
struct FillLaneTests {
    @Test("a page request queued after a fill still goes first; the fill goes when no page waits")
    func pageBeforeWaitingFill() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let order = RunOrder()
        let held = await HeldTurn.start(client, order: order)
        let fill = Task { try await client.throttle.performInBackground(resource: "graphql") { order.add("fill"); return 2 } }
        await settle { await client.throttle.waitingCount == 1 }
        let second = Task { try await client.perform { order.add("page 2"); return 3 } }
        await settle { await client.throttle.waitingCount == 2 }
        _ = try await (held.release(), fill.value, second.value)
        #expect(order.all == ["page 1", "page 2", "fill"])
    }

    @Test("a page waiting through another page's retry still goes before a fill that waited longer")
    func pageRetryThenPageThenFill() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let order = RunOrder()
        let script = Script([.server(status: 502, message: "")])
        let held = await HeldTurn.start(client, order: order) { try await script.run(clock) }
        let fill = Task { try await client.throttle.performInBackground(resource: "graphql") { order.add("fill"); return 2 } }
        await settle { await client.throttle.waitingCount == 1 }
        let page = Task { try await client.perform { order.add("page 2"); return 3 } }
        await settle { await client.throttle.waitingCount == 2 }
        _ = try await (held.release(), fill.value, page.value)
        #expect(order.all == ["page 1", "page 1", "page 2", "fill"], "the retry holds the turn; then the page, then the fill")
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test("a failing fill is not retried and does not wait: the error goes to the caller", arguments: RetryTests.transient)
    func fillNotRetried(error: GitHubError) async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let script = Script([error, error])
        await #expect(throws: error) {
            try await client.throttle.performInBackground(resource: "graphql") { try await script.run(clock) }
        }
        #expect(script.calls.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("a used-up GraphQL limit fails later fills at once, until its reset; pages go on")
    func graphqlLimitIsItsOwn() async throws {
        let clock = ScriptedClock()
        let waits = WaitRecorder()
        let client = makeClient(clock, waits: waits)
        let reset = clock.now().addingTimeInterval(600)
        let limited = GitHubError.rateLimited(reset: reset, limit: 5_000, authenticated: true)
        let script = Script([limited])
        await #expect(throws: limited) {
            try await client.throttle.performInBackground(resource: "graphql") { try await script.run(clock) }
        }
        // The next fill is refused without being sent, with the reset to show.
        let notSent = Script([])
        do {
            _ = try await client.throttle.performInBackground(resource: "graphql") { try await notSent.run(clock) }
            Issue.record("a fill went out during the GraphQL limit")
        } catch let GitHubError.rateLimited(until, _, _) {
            #expect(until.map { $0 >= reset } == true)
        }
        #expect(notSent.calls.isEmpty)
        // Paging (core) is not held back, and nothing waited.
        #expect(try await client.perform { 7 } == 7)
        #expect(clock.sleeps.isEmpty)
        #expect(waits.started.isEmpty)
        // After the reset, fills go again.
        await clock.advance(by: 700)
        #expect(try await client.throttle.performInBackground(resource: "graphql") { try await notSent.run(clock, value: 9) } == 9)
    }

    @Test("a secondary limit met by a fill holds back pages too, as GitHub asks; a fill meanwhile fails at once")
    func secondaryFromFill() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let limited = GitHubError.secondaryRateLimit(retryAfter: 30, message: "")
        let script = Script([limited])
        await #expect(throws: limited) {
            try await client.throttle.performInBackground(resource: "graphql") { try await script.run(clock) }
        }
        await #expect(throws: GitHubError.secondaryRateLimit(retryAfter: 30, message: "")) {
            try await client.throttle.performInBackground(resource: "graphql") { 1 }
        }
        let page = Script([])
        _ = try await client.perform { try await page.run(clock) }
        #expect(clock.sleeps == [.seconds(30)], "the page waited the secondary limit out")
        #expect(page.calls.first.map { $0 >= clock.start.addingTimeInterval(30) } == true)
    }

    @Test("fills and pages never overlap")
    func neverOverlap() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let script = Script([])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                if index.isMultiple(of: 3) {
                    group.addTask { try await client.throttle.performInBackground(resource: "graphql") { try await script.run(clock) } }
                } else {
                    group.addTask { try await client.perform { try await script.run(clock) } }
                }
            }
            for try await _ in group {}
        }
        #expect(script.maxRunning == 1)
        #expect(script.calls.count == 20)
    }

    @Test("cancelling a waiting fill frees its place; the page behind it goes")
    func cancelWaitingFill() async throws {
        let clock = ScriptedClock()
        let client = makeClient(clock)
        let held = await HeldTurn.start(client, order: RunOrder())
        let fill = Task { try await client.throttle.performInBackground(resource: "graphql") { 2 } }
        await settle { await client.throttle.waitingCount == 1 }
        fill.cancel()
        await #expect(throws: GitHubError.cancelled) { _ = try await fill.value }
        #expect(try await held.release() == 1)
        #expect(try await client.perform { 3 } == 3)
    }
}

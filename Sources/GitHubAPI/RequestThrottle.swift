import Foundation

/// The time source the client waits on: the real clock, or a scripted one in tests.
public protocol RequestClock: Sendable {
    func now() -> Date
    /// Returns after `duration` (or throws `CancellationError` when the task is cancelled).
    func sleep(for duration: Duration) async throws
}

/// The wall clock and `Task.sleep`.
public struct SystemRequestClock: RequestClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// Sends one request at a time, waits out rate limits before anything else goes out, and
/// retries transient failures, following a ``RetryPolicy``.
///
/// The turn is held through a retry's wait, so requests never overlap and none slips out while
/// the client waits; cancelling the waiting task gives the turn to the next one.
actor RequestThrottle {
    let policy: RetryPolicy
    let clock: any RequestClock
    private let onWait: (@Sendable (Wait?) -> Void)?
    private var busy = false
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextWaiter: UInt64 = 0
    /// No request may start before this wait ends (a rate limit).
    private var block: Wait?
    private var secondaryRepeats = 0

    init(policy: RetryPolicy, clock: any RequestClock, onWait: (@Sendable (Wait?) -> Void)?) {
        self.policy = policy
        self.clock = clock
        self.onWait = onWait
    }

    /// Runs `operation` in turn, retrying and waiting as the policy says.
    func perform<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        do {
            try await acquire()
        } catch {
            throw GitHubError.cancelled
        }
        defer { release() }
        var retries = 0
        while true {
            try await waitForBlock()
            do {
                let result = try await operation()
                secondaryRepeats = 0
                return result
            } catch is CancellationError {
                throw GitHubError.cancelled
            } catch let error as GitHubError {
                if error == .cancelled || Task.isCancelled { throw GitHubError.cancelled }
                let now = clock.now()
                switch policy.decision(after: error, retries: retries, secondaryRepeats: secondaryRepeats, now: now) {
                case .fail:
                    throw error
                case let .wait(delay, reason, blocksAll):
                    if case .retry = reason { retries += 1 }
                    if case .secondaryRateLimit = reason { secondaryRepeats += 1 }
                    let until = now.addingTimeInterval(delay.seconds)
                    let wait = Wait(reason: reason, until: until)
                    if blocksAll, block.map({ $0.until < until }) ?? true { block = wait }
                    try await pause(delay, wait)
                }
            }
        }
    }

    /// Waits out a rate-limit block another request found.
    private func waitForBlock() async throws {
        guard let block else { return }
        let left = block.until.timeIntervalSince(clock.now())
        if left > 0 { try await pause(.seconds(left), block) }
        if self.block == block { self.block = nil }
    }

    private func pause(_ delay: Duration, _ wait: Wait) async throws {
        onWait?(wait)
        defer { onWait?(nil) }
        do {
            try await clock.sleep(for: delay)
        } catch {
            throw GitHubError.cancelled
        }
    }

    // MARK: - The turn

    private func acquire() async throws {
        if !busy {
            busy = true
            return
        }
        let id = nextWaiter
        nextWaiter &+= 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.dropWaiter(id) }
        }
    }

    private func dropWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    private func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            // The turn passes straight to the next waiter; `busy` stays set.
            waiters.removeFirst().continuation.resume()
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

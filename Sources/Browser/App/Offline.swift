import Foundation

extension AppState {
    /// Trying again while GitHub cannot be reached, with a growing wait.
    package struct Offline: Sendable, Equatable {
        /// Tries since GitHub was last reached.
        var attempts: Int
        /// The reconnect asked for and not yet arrived.
        package var pending: Int?
        /// When that reconnect comes, for the countdown on screen.
        var retryAt: Date?

        /// 5, 10, 20, 40, then every 60 units (seconds, unless tests shorten them).
        func delay(unit: Duration) -> Duration { unit * min(60, 5 << min(attempts, 4)) }
    }
}

/// A refresh GitHub did not answer while the cache did: it counts as failed, so nothing on
/// screen is replaced by what was already there or dropped for it.
struct CacheOnlyAnswer: Error, Sendable, CustomStringConvertible {
    var description: String { "GitHub could not be reached; only the cache answered" }
}

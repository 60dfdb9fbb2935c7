import Foundation

/// What the client does after a failed request: the rules GitHub asks clients to follow.
///
/// - Transient failures (5xx, timeouts, dropped connections, broken bodies) are retried after
///   `attempt² × baseDelay` (1 s, 4 s, 9 s by default), at most `maxRetries` times.
/// - The primary rate limit blocks every request until its reset (plus a second of margin).
/// - A secondary rate limit waits `retry-after`, or 60 s without one, doubling on each repeat.
/// - Anything else (400, 401, 403, 404, 410, 422, 451, a cancel) is final.
public struct RetryPolicy: Sendable, Equatable {
    public var maxRetries: Int
    public var baseDelay: Duration
    public var secondaryDefault: Duration
    /// Secondary limits in a row after which the error is shown instead of waiting again.
    public var maxSecondaryRepeats: Int
    /// Added to the primary limit's reset time: GitHub's clock and ours differ a little.
    public var resetMargin: Duration
    /// The longest primary-limit wait; a reset further away than this (a wrong clock) is capped.
    public var maxRateLimitWait: Duration

    public init(maxRetries: Int = 3, baseDelay: Duration = .seconds(1), secondaryDefault: Duration = .seconds(60),
                maxSecondaryRepeats: Int = 5, resetMargin: Duration = .seconds(1),
                maxRateLimitWait: Duration = .seconds(3_660)) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.secondaryDefault = secondaryDefault
        self.maxSecondaryRepeats = maxSecondaryRepeats
        self.resetMargin = resetMargin
        self.maxRateLimitWait = maxRateLimitWait
    }

    /// No retries and no waits: every failure is final.
    public static let none = RetryPolicy(maxRetries: 0, maxSecondaryRepeats: 0, maxRateLimitWait: .zero)

    public enum Decision: Sendable, Equatable {
        /// Try again after `delay`; `blocksAll` when no request at all may go out meanwhile.
        case wait(Duration, Wait.Reason, blocksAll: Bool)
        case fail
    }

    /// The decision after `error`, given the transient failures and the secondary limits seen
    /// so far for this request.
    public func decision(after error: GitHubError, retries: Int, secondaryRepeats: Int, now: Date) -> Decision {
        switch error {
        case let .rateLimited(reset, _, authenticated):
            guard maxRateLimitWait > .zero else { return .fail }
            let seconds = reset.map { $0.timeIntervalSince(now) } ?? 60
            let delay = min(maxRateLimitWait, Duration.seconds(max(0, seconds)) + resetMargin)
            return .wait(delay, .rateLimit(authenticated: authenticated), blocksAll: true)
        case let .secondaryRateLimit(retryAfter, _):
            guard secondaryRepeats < maxSecondaryRepeats else { return .fail }
            let first = retryAfter.map { Duration.seconds($0) } ?? secondaryDefault
            let delay = first * (1 << min(secondaryRepeats, 10))
            return .wait(delay, .secondaryRateLimit, blocksAll: true)
        default:
            guard error.isTransient, retries < maxRetries else { return .fail }
            let attempt = retries + 1
            return .wait(baseDelay * (attempt * attempt), .retry(attempt: attempt, of: maxRetries, error), blocksAll: false)
        }
    }
}

/// A wait the client is in, for a countdown on screen or a line on stderr.
public struct Wait: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The primary rate limit is used up; `authenticated` says whether a token was sent.
        case rateLimit(authenticated: Bool)
        case secondaryRateLimit
        /// A transient failure, retried for the `attempt`th time of `of`.
        case retry(attempt: Int, of: Int, GitHubError)
    }

    public var reason: Reason
    public var until: Date

    public init(reason: Reason, until: Date) {
        self.reason = reason
        self.until = until
    }

    /// Whole seconds left at `now`, rounded up.
    public func secondsLeft(at now: Date) -> Int {
        max(0, Int(until.timeIntervalSince(now).rounded(.up)))
    }

    /// One line for a status bar or stderr: "rate limit used up · resumes in 2:05 · GH_TOKEN raises the limit".
    public func summary(at now: Date) -> String {
        let left = Self.clock(secondsLeft(at: now))
        switch reason {
        case .rateLimit(let authenticated):
            let hint = authenticated ? "" : " · GH_TOKEN raises the limit"
            return "rate limit used up · resumes in \(left)\(hint)"
        case .secondaryRateLimit:
            return "GitHub asked to slow down · resumes in \(left)"
        case let .retry(attempt, of, error):
            return "\(error.shortReason) · retry \(attempt)/\(of) in \(left)"
        }
    }

    /// A few words for a status line that has keys to show beside them: "rate limit · resumes in
    /// 1 h 1 min" (the whole of ``summary(at:)`` goes where there is room for it).
    public func shortSummary(at now: Date) -> String {
        let left = Self.clock(secondsLeft(at: now))
        switch reason {
        case .rateLimit: return "rate limit · resumes in \(left)"
        case .secondaryRateLimit: return "slowed down · resumes in \(left)"
        case .retry(_, _, let error): return "\(error.shortReason) · retry in \(left)"
        }
    }

    /// "42 s", "2:05" from a minute on, and "1 h 1 min" from an hour on (the minutes rounded up:
    /// never sooner than it is).
    public static func clock(_ seconds: Int) -> String {
        guard seconds >= 3_600 else {
            return seconds >= 60 ? "\(seconds / 60):" + String(format: "%02d", seconds % 60) : "\(seconds) s"
        }
        let minutes = (seconds + 59) / 60
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}

extension GitHubError {
    /// A few words for a status line.
    public var shortReason: String {
        switch self {
        case .server(let status, _): "HTTP \(status)"
        case .http(let status, _): "HTTP \(status)"
        case .timeout: "timed out"
        case .connectionLost: "connection dropped"
        case .connectionRefused: "cannot connect"
        case .hostNotFound: "host not found"
        case .tls: "TLS failed"
        case .network: "network error"
        case .malformedBody: "unreadable response"
        case .bodyTooLarge: "response too large"
        case .rateLimited: "rate limited"
        case .secondaryRateLimit: "slowed down by GitHub"
        case .badCredentials: "bad token"
        case .forbidden: "forbidden"
        case .missingScope: "missing scope"
        case .missingPermission: "missing permission"
        case .actionsToken: "Actions token"
        case .notFound: "not found"
        case .gone: "gone"
        case .validation: "rejected"
        case .invalidURL: "bad URL"
        case .unusableLink: "bad next-page link"
        case .badRedirect: "bad redirect"
        case .cancelled: "cancelled"
        }
    }
}

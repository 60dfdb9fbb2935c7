import GitHubAPI

/// Why a write, or the question of what is set, did not end as asked.
package enum WriteFailure: Sendable, Equatable {
    /// GitHub refused it (a 4xx): the reason, in words.
    case refused(GitHubError)
    /// A secondary limit: writes wait `retryAfter` seconds; nothing is sent again by itself.
    case limited(retryAfter: Int)
    /// A timeout or a 5xx through the retries: the write may or may not have landed.
    case unknown(GitHubError)
    /// GitHub could not be reached at all (no connection, the host not found): nothing was
    /// sent, so nothing happened.
    case notSent(GitHubError)

    package init(_ error: any Error) {
        guard let error = error as? GitHubError else {
            self = .unknown(.network(message: "\(error)"))
            return
        }
        switch error {
        case let .secondaryRateLimit(retryAfter, _): self = .limited(retryAfter: retryAfter ?? 60)
        case _ where error.neverSent: self = .notSent(error)
        case .server, .timeout, .connectionLost, .network, .malformedBody, .cancelled:
            self = .unknown(error)
        default: self = .refused(error)
        }
    }
}

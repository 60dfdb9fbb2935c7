/// Why a load failed, with a message a person can act on.
public struct LoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The page source threw.
        case source
        /// The source returned a next cursor it had already returned: following it would loop.
        case repeatedCursor
        /// The load was cancelled before it finished.
        case cancelled
    }

    public var reason: Reason
    public var message: String
    /// The error the source threw, for callers that want to inspect it (for example a rate limit).
    public var underlying: (any Error & Sendable)?

    public init(reason: Reason = .source, message: String, underlying: (any Error & Sendable)? = nil) {
        self.reason = reason
        self.message = message
        self.underlying = underlying
    }

    /// Wraps an error thrown by a page source.
    public init(_ error: any Error) {
        if error is CancellationError {
            self.init(reason: .cancelled, message: "cancelled", underlying: error)
        } else if let failure = error as? LoadFailure {
            self = failure
        } else {
            self.init(reason: .source, message: String(describing: error), underlying: error)
        }
    }

    public static let repeatedCursor = LoadFailure(
        reason: .repeatedCursor,
        message: "the server sent a page it had already sent; stopped to avoid a loop"
    )

    public var description: String { message }

    public static func == (lhs: LoadFailure, rhs: LoadFailure) -> Bool {
        lhs.reason == rhs.reason && lhs.message == rhs.message
    }
}

/// The state of one direction of loading (initial, refresh or append).
public enum LoadState: Sendable, Equatable {
    case idle
    case loading
    case failed(LoadFailure)
    case endReached

    public var isLoading: Bool { self == .loading }

    public var failure: LoadFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}

/// Which load a fetch belongs to.
public enum FetchDirection: Sendable, Hashable, CaseIterable {
    /// The first page, before anything was shown.
    case initial
    /// A page already shown, again (the one holding the selection, or the first): it replaces
    /// the loaded rows.
    case refresh
    /// The page after the last one loaded (or after the loaded ones, again, when it was
    /// dropped to bound memory).
    case append
    /// A page before the loaded ones, again: it was dropped to bound memory.
    case prepend
    /// A dropped page far from the loaded ones, loaded in their place (a jump to the first or
    /// the last row of a long list).
    case jump
}

import ListCore

/// What a running job is for, and so whose its answers are: a command runs a job under a key
/// (``Command/run(_:_:)``), cancels by it (``Command/cancel(_:)``), and the job's answers come
/// back under it (``Message/answered(_:_:more:)``), so the runtime keeps and forgets its tasks in
/// one place whatever the job. A job started under the key of one still running replaces it.
package enum TaskKey: Sendable, Hashable {
    /// A page of a screen's list, by the pager's token for it.
    case fetch(ScreenID, FetchToken)
    /// A profile's slice.
    case slice(ScreenID, RequestID)
    /// A screen's row fill (one at a time).
    case fill(ScreenID, RequestID)
    /// The timer after which a screen's failed fills are asked again.
    case fillRetry(ScreenID)
    /// An account's details for the pane, and the wait for the selection to rest before them.
    case details(RequestID)
    /// A repository's details for the pane, and the same wait.
    case repository(RequestID)
    /// The animation's next step.
    case tick(Int)
    /// The next try to reach GitHub after it could not be reached.
    case reconnect(Int)
    /// Whether GitHub answers again, asked for a screen.
    case probe(ScreenID)
    /// The pane's picture.
    case avatar(RequestID)
    /// The prompt's question whether a command's subject exists.
    case check(RequestID)
    /// A write, or the question of what is set: one at a time.
    case act(RequestID)
}

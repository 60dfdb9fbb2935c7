/// Keyboard pull-to-refresh: on the first row one more "up" shows the pull row, a second
/// releases it; any other key cancels.
package struct PullToRefresh: Sendable, Equatable {
    var isPulled = false

    package init() {}

    /// Feeds an action; returns true when the pull was released and a refresh should start.
    package mutating func handle(_ action: Action?, atFirstRow: Bool) -> Bool {
        if action == .lineUp {
            if isPulled {
                isPulled = false
                return true
            }
            if atFirstRow {
                isPulled = true
            }
            return false
        }
        isPulled = false
        return false
    }
}

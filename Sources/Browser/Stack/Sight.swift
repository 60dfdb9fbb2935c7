import ListCore

/// What the top screen shows, as far as its prefetch hint cares: the reconcile step compares the
/// sight before a message with the sight after it, and a change is what makes the hint due
/// (``Screen/reportVisible(at:)``), so no handler has to remember to give it.
struct Sight: Equatable {
    var id: ScreenID
    /// Where the rows are, the selection and the height of the list.
    var viewport: Viewport
    /// The rows the screen shows (a filter's matches, a profile's slices' rows).
    var rows: Int
    /// A list's: its pager's loads, the rows before the loaded ones, its row heights, and its
    /// filter (nil without one).
    var loads: PagerShown?
    var offset = 0
    var heights: RowHeights?
    var filter: String?

    init(_ screen: Screen) {
        (id, viewport) = (screen.id, screen.viewport)
        switch screen {
        case .list(let list):
            rows = list.items.count
            (loads, offset, heights) = (list.shown, list.pager.offset, list.heights)
            filter = list.isFiltered ? list.filter : nil
        case .profile(let profile):
            rows = profile.profile.rows.count
        }
    }

    /// Whether the screen seen as `self` after a message wants the prefetch hint, having been
    /// `before`: the same screen, which the person `moved` through (a move at the last row
    /// included: the pager hears "at the end") or which shows something else. A filtered list
    /// loads more only when the person moves through its matches (or the rows' heights change),
    /// never because rows came, the window grew or the filter was typed: a filter that matches
    /// nothing cannot page through a whole list by itself.
    func wantsHint(since before: Sight?, moved: Bool) -> Bool {
        guard let before else { return true }
        guard before.id == id else { return false }
        if moved { return true }
        guard let filter else { return before != self }
        return before.filter == filter && before.heights != heights
    }
}

/// What a ``PrefetchPolicy`` sees when it decides whether to load the next page.
public struct PrefetchContext: Sendable, Equatable {
    /// The item indexes on screen (the upper bound may equal `loadedCount`).
    public var visible: Range<Int>
    /// How many items are loaded.
    public var loadedCount: Int
    /// How many item rows the viewport holds.
    public var viewportRows: Int

    public init(visible: Range<Int>, loadedCount: Int, viewportRows: Int) {
        self.visible = visible
        self.loadedCount = loadedCount
        self.viewportRows = viewportRows
    }

    /// Items loaded below the last visible one.
    public var rowsBelowVisible: Int { max(0, loadedCount - visible.upperBound) }
}

/// Decides from what is on screen whether to ask for the next page.
///
/// The pager asks only when a load could start (nothing in flight, more to load), so a
/// policy is a pure function of the context.
public protocol PrefetchPolicy: Sendable {
    func shouldPrefetch(_ context: PrefetchContext) -> Bool
}

/// Loads the next page when the last visible row is within `distance` rows of the end.
public struct FixedDistancePrefetch: PrefetchPolicy, Equatable {
    /// Rows before the end that trigger a load; `nil` means one screen plus a few rows.
    public var distance: Int?

    public init(distance: Int? = nil) {
        self.distance = distance.map { max(0, $0) }
    }

    /// The distance used for a viewport of `viewportRows` rows.
    public func effectiveDistance(viewportRows: Int) -> Int {
        distance ?? max(viewportRows, 1) + 5
    }

    public func shouldPrefetch(_ context: PrefetchContext) -> Bool {
        context.rowsBelowVisible <= effectiveDistance(viewportRows: context.viewportRows)
    }
}

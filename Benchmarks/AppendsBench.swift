import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Appending pages as the list grows

/// Cost per 100-item page of growing one pager to `total` items; returns the median cost of a page
/// appended near 1,000 items and near `total` (each the median of 20 pages).
func appendCosts(total: Int) -> (early: Double, late: Double) {
    let pageItems = items(total + 100)
    var pager = Pager<Item, Int>(firstCursor: 0, pageSize: 100, prefetch: FixedDistancePrefetch(distance: 0))
    var effects = pager.handle(.start).effects
    var costs: [Double] = []
    var cursor = 0
    while cursor < total, case .fetch(let request)? = effects.first {
        let page = Page(items: Array(pageItems[cursor..<cursor + 100]), next: cursor + 100)
        costs.append(seconds(clock.measure { _ = pager.handle(.pageLoaded(request.token, page)) }) * 1e6)
        cursor += 100
        let count = pager.items.count
        effects = pager.handle(.visibleRange(count - 1..<count, viewportRows: 1)).effects
    }
    return (middle(Array(costs[10..<30])), middle(Array(costs[(costs.count - 20)...])))
}

/// Appending pages as the list grows.
@MainActor func runAppendsSection() {
    if wanted("appends") {
        let appends = appendCosts(total: 200_000)
        record("append_us_1k", appends.early, "µs", note: "a page of 100 appended at ~1,000 items")
        record("append_us_200k", appends.late, "µs", note: "at ~200,000 items (\(String(format: "%.2f", appends.late / appends.early))×)")
    }
}

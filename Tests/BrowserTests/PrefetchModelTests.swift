@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Testing

@Suite("When the browser asks for the next page")
struct PrefetchModelTests {
    /// Holds `j` at 20 rows a second on an 80×10 terminal (8 list rows) with pages of 100 that
    /// take 2 s, and returns how many rows were loaded below the screen when the second page was
    /// asked for.
    func rowsBelowWhenAsked(prefetch: Int?) -> Int? {
        let list = UserList.all(since: 0)
        var state = AppState(list: list, host: "api.github.com", profileBase: "https://github.com", pageSize: 100,
                             prefetchDistance: prefetch, size: AppState.Size(rows: 10, columns: 80), now: epoch)
        var now = epoch
        let commands = state.start()
        guard case let .fetch(_, _, first)? = commands.first else { return nil }
        now += 2
        _ = state.update(.clock(now))
        _ = state.update(.pageLoaded(state.top.id, first.token, page(1...100, next: .since(100))))
        for _ in 0..<100 {
            now += 0.05
            _ = state.update(.clock(now))
            let commands = state.update(.key(.character("j")))
            if commands.contains(where: { if case .fetch = $0 { true } else { false } }) {
                let visible = state.top.viewport.visibleRows(in: state.top.rows(state.heights))
                return state.top.pager.items.count - visible.upperBound
            }
        }
        return nil
    }

    @Test("by default it learns: a fast scroll over slow pages asks far earlier than a screen before the end")
    func adaptiveByDefault() throws {
        // 20 rows/s × 2 s × 1.5 = 60 rows ahead (a few less while the speed is being learnt).
        let adaptive = try #require(rowsBelowWhenAsked(prefetch: nil))
        #expect(adaptive >= 45 && adaptive <= 60, "asked with \(adaptive) rows below")
    }

    @Test("--prefetch N keeps the fixed rule: asked N rows before the end, however slow the pages")
    func fixedWhenForced() throws {
        let fixed = try #require(rowsBelowWhenAsked(prefetch: 13))
        #expect(fixed == 13)
    }
}

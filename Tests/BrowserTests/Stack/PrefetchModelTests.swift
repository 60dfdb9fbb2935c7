@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("When the browser asks for the next page")
struct PrefetchModelTests {
    /// Holds `j` at 20 rows a second on an 80×10 terminal (8 list rows) with pages of 100 that
    /// take 2 s, and returns how many rows were loaded below the screen when the second page was
    /// asked for.
    func rowsBelowWhenAsked(prefetch: Int?) -> Int? {
        let list = GitHubList.users(.all(since: 0))
        var state = AppState(list: list, host: "api.github.com", profileBase: "https://github.com", pageSize: 100,
                             prefetchDistance: prefetch, size: AppState.Size(rows: 10, columns: 80), now: epoch)
        var now = epoch
        let commands = state.start()
        guard case let .run(.fetch(_, _), .page(_, first))? = commands.first else { return nil }
        now += 2
        _ = state.update(.pageLoaded(state.top.id, first.token, page(1...100, next: .since(100))), at: now)
        for _ in 0..<100 {
            now += 0.05
            let commands = state.update(.key(.character("j")), at: now)
            if commands.contains(where: { if case .run(_, .page) = $0 { true } else { false } }) {
                let visible = state.top.viewport.visibleRows(in: state.top.asList.rows)
                return state.top.asList.pager.items.count - visible.upperBound
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

@Suite("A long list with --max-items: far pages dropped and loaded again")
struct MaxItemsModelTests {
    /// Answers a fetch of the all-users list: ids after the cursor, 20 a page, 300 in all.
    func answer(_ command: Command, in state: inout AppState) -> [Command] {
        guard case let .run(.fetch(id, _), .page(_, request)) = command, case let .since(since) = request.cursor else { return [] }
        let first = since + 1
        let last = min(300, since + 20)
        let page = Page(items: (first...last).map { Row.user(user($0)) }, next: last < 300 ? GitHubCursor.since(last) : nil)
        return state.update(.pageLoaded(id, request.token, page), at: epoch)
    }

    /// Presses `key` once and answers every fetch that follows, checking what a person sees.
    func press(_ key: Key, _ state: inout AppState, directions: inout [FetchDirection]) {
        var pending = state.update(.key(key), at: epoch)
        var fetches = 0
        while let command = pending.first, fetches < 10 {
            pending.removeFirst()
            if case let .run(.fetch(_, _), .page(_, request)) = command {
                directions.append(request.token.direction)
                fetches += 1
            }
            pending += answer(command, in: &state)
        }
        #expect(fetches < 10, "pages chase each other after one key")
    }

    func check(_ state: AppState, selected expected: Int64, sourceLocation: SourceLocation = #_sourceLocation) {
        let top = state.top
        let selected = top.selectedUser
        #expect(selected?.id == expected, "the selection jumped", sourceLocation: sourceLocation)
        // The ids are positions in this list: the status line's N is the id.
        #expect(top.listScreen?.selectedPosition == Int(expected), sourceLocation: sourceLocation)
        // 40, and a page more rather than drop one next to the screen.
        #expect(top.asList.pager.items.count <= 60, sourceLocation: sourceLocation)
        let rows = top.asList.rows
        let shown = top.viewport.visibleRows(in: rows).compactMap(rows.itemIndex(forRow:)).map { rows.items[$0].id }
        #expect(shown == Array((shown.first ?? 0)...(shown.last ?? 0)).map { $0 }, "rows on screen are not a run of the list",
                sourceLocation: sourceLocation)
        let ids = top.asList.pager.items.map(\.id)
        #expect(Set(ids).count == ids.count, sourceLocation: sourceLocation)
    }

    @Test("j to user 150 and k back to the first: the selection moves one user a key, the position stays true, at most 40 users are kept")
    func downAndBack() throws {
        var state = AppState(list: .users(.all(since: 0)), host: "api.github.com", profileBase: "https://github.com", pageSize: 20,
                             prefetchDistance: 2, size: AppState.Size(rows: 10, columns: 80), now: epoch, maxItems: 40)
        var directions: [FetchDirection] = []
        var pending = state.start()
        while let command = pending.first {
            pending.removeFirst()
            pending += answer(command, in: &state)
        }
        check(state, selected: 1)
        for step in 1..<150 {
            press(.character("j"), &state, directions: &directions)
            check(state, selected: Int64(1 + step))
        }
        #expect(state.top.asList.pager.offset >= 100)
        #expect(AppView.statusText(state).contains("150/"))
        for step in 1..<150 {
            press(.character("k"), &state, directions: &directions)
            check(state, selected: Int64(150 - step))
        }
        #expect(state.top.asList.pager.offset == 0)
        #expect(directions.filter { $0 == .prepend }.count >= 5, "dropped pages were loaded again")
        #expect(!state.top.asList.rows.contains { if case .header = $0 { true } else { false } })
    }
}

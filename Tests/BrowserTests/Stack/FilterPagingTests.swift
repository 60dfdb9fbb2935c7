@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Testing

/// A filter asks GitHub for more only when the person scrolls past the last match.
@Suite("A filtered list pages on a scroll, not on its own (whole commands)")
struct FilterPagingTests {
    /// The loaded list filtered by "15": one match, the last loaded page's.
    private func filtered() -> TestStore {
        var store = loadedStore()
        store.apply(.key(.character("/")))
        store.apply(.key(.character("1")))
        store.apply(.key(.character("5")))
        #expect(store.state.top.listScreen?.matches == [14])
        return store
    }

    @Test("resizing the terminal while a filter is on asks for no page, however often; ↓ at the last match does")
    func resizeLoadsNothing() {
        var store = filtered()
        for (rows, columns) in [(14, 80), (30, 100), (8, 60), (40, 120)] {
            #expect(store.apply(.resized(rows: rows, columns: columns)) == [], "\(rows)x\(columns)")
        }
        #expect(store.state.top.listScreen?.pager.inFlight.isEmpty == true)
        let commands = store.apply(.key(.down))
        #expect(commands.contains(.fetch(root, .users(.all(since: 0)), request(2, .append, .since(20)))), "\(commands)")
    }

    @Test("without a filter a resize still tells the pager what is on screen: a taller window near the end loads the next page")
    func resizeUnfiltered() {
        var store = loadedStore()
        let commands = store.apply(.resized(rows: 30, columns: 80))
        #expect(commands.contains(.fetch(root, .users(.all(since: 0)), request(2, .append, .since(20)))), "\(commands)")
    }
}

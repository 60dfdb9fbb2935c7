@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

// The store most model tests start from: a first list loaded, and the pane opened on it.

let root = ScreenID(1)
let firstToken = FetchToken(id: 1, generation: 0, direction: .initial)

/// A store whose first list shows users 1…20 (the next page starts after them), the selection on
/// the first row, and the start-up tick delivered. (Give more users for a screen of more than 17
/// rows, so the first page still fills it.) `hasToken`: the browser runs with a token.
func loadedStore(list: GitHubList = .users(.all(since: 0)), rows: Int = 10, columns: Int = 80, users count: Int64 = 20,
                 keys: KeyTable = KeyTable(), hasToken: Bool = false) -> TestStore {
    var state = makeState(list: list, rows: rows, columns: columns, keys: keys)
    state.hasToken = hasToken
    var store = TestStore(state)
    store.start([.fetch(root, list, request(1, .initial, list.firstCursor)), .scheduleTick(1, after: .milliseconds(100))]) {
        $0.screens[0].listScreen?.pager.awaits(.initial, request: 1, at: list.firstCursor)
        $0.pendingTick = 1
        $0.nextTick = 1
    }
    let first = page(1...count, next: .since(count))
    store.send(.pageLoaded(root, firstToken, first)) {
        $0.screens[0].listScreen?.pager.holds(first: first, at: list.firstCursor)
        $0.screens[0].listScreen?.pager.shows(from: 0, rows: rows - 2)
        $0.screens[0].viewport = Viewport(height: rows - 2, margin: 2, top: 0, selection: 0)
        $0.screens[0].listScreen?.selectedID = 1
    }
    store.send(.tick(1)) {
        $0.pendingTick = nil
        $0.spinner = 1
    }
    return store
}

extension TestStore {
    /// Enter on the selected user of the first list: the pane opens and asks for the details at
    /// once (request 1), and the pane's spinner asks for a tick.
    mutating func openPane(login: String, sourceLocation: SourceLocation = #_sourceLocation) {
        press(.enter, [.loadDetails(RequestID(1), login: login), .scheduleTick(2, after: .milliseconds(100))],
              sourceLocation: sourceLocation) {
            $0.screens[0].detailsOpen = true
            $0.details.target = login
            $0.details.inFlight = DetailsState.Request(id: RequestID(1), subject: login)
            $0.details.nextID = 1
            $0.pendingTick = 2
            $0.nextTick = 2
        }
    }
}

@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Testing

/// A fill that failed through its retries (a 5xx, the network) is asked again by itself after
/// its wait, without a key, and at once on R; the status line says so.
@Suite("A failed fill comes back by itself, or on R (whole state and exact commands)")
struct FillRetryTests {
    /// The filling store with its start's tick delivered: no tick is on its way.
    private func store() -> TestStore {
        var store = fillingStore()
        store.send(.tick(1)) {
            $0.pendingTick = nil
            $0.spinner = 1
        }
        return store
    }

    private var failedState: (inout AppState) -> Void {
        {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.problem = .failed("502")
            $0.screens[0].listScreen?.fills.retryAt = epoch.addingTimeInterval(30)
            $0.pendingTick = 2
            $0.nextTick = 2
        }
    }

    @Test("a 502 after the retries: the status names R, a tick comes at the end of the 30 s wait, and it asks the page again")
    func byItself() {
        var store = store()
        store.send(.fillFailed(root, RequestID(1), .failed("502")), [.scheduleTick(2, after: .milliseconds(30_001))], failedState)
        #expect(AppView.statusText(store.state).hasSuffix(" · names failed to load (R retries)"), "\(AppView.statusText(store.state))")
        store.send(.tick(2), [.fillRows(root, RequestID(2), logins: fillRows(1...20).keys.sorted())], at: epoch.addingTimeInterval(30.001)) {
            $0.pendingTick = nil
            $0.spinner = 2
            $0.screens[0].listScreen?.fills.retryAt = epoch.addingTimeInterval(30)
            $0.screens[0].listScreen?.fills.inFlight = RowFills.Request(id: RequestID(2), pages: [0: 1], rows: fillRows(1...20))
            $0.screens[0].listScreen?.fills.nextRequest = 2
        }
    }

    @Test("R asks a failed fill again at once; with nothing failed, R says so; a rate limit's wait is not cut short by R")
    func onR() {
        var store = store()
        store.send(.fillFailed(root, RequestID(1), .failed("502")), [.scheduleTick(2, after: .milliseconds(30_001))], failedState)
        store.press(.character("R"), [.fillRows(root, RequestID(2), logins: fillRows(1...20).keys.sorted())]) {
            $0.screens[0].listScreen?.fills.retryAt = nil
            $0.screens[0].listScreen?.fills.inFlight = RowFills.Request(id: RequestID(2), pages: [0: 1], rows: fillRows(1...20))
            $0.screens[0].listScreen?.fills.nextRequest = 2
        }
        let reset = epoch.addingTimeInterval(600)
        store.apply(.fillFailed(root, RequestID(2), .limited(until: reset)))
        store.press(.character("R")) { $0.flash = .nothingFailed }
        #expect(store.state.top.listScreen?.fills.retryAt == reset)
    }
}

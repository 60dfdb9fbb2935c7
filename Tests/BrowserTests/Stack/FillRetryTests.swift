@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Testing

/// A fill that failed through its retries (a 5xx, the network) is asked again by itself after
/// its wait, without a key, waiting longer after each failure in a row; at once on R; the
/// status line says so.
@Suite("A failed fill comes back by itself, or on R (whole state and exact commands)")
struct FillRetryTests {
    /// What a failed fill leaves: no request out, why, and the wait after `failures` in a row.
    private func failed(_ failures: Int, at now: Date = epoch, wait: TimeInterval) -> (inout AppState) -> Void {
        {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.problem = .failed("502")
            $0.screens[0].listScreen?.fills.failures = failures
            $0.screens[0].listScreen?.fills.retryAt = now.addingTimeInterval(wait)
        }
    }

    @Test("a 502 after the retries: the status names R, a timer (not the spinner's tick) ends the 30 s wait and asks the page again; the next failure waits 60 s, the one after 120 s; an answer starts over")
    func byItself() {
        var store = fillingStore()
        store.send(.fillFailed(root, RequestID(1), .failed("502")), [.scheduleFillRetry(root, after: .seconds(30))],
                   failed(1, wait: 30))
        #expect(AppView.statusText(store.state).hasSuffix(" · names failed to load (R retries)"), "\(AppView.statusText(store.state))")
        #expect(store.state.pendingTick == 1, "the spinner's tick is left as it was")
        let later = epoch.addingTimeInterval(30)
        store.send(.fillRetryDue(root), [.fillRows(root, RequestID(2), logins: fillRows(1...20).keys.sorted())], at: later) {
            $0.screens[0].listScreen?.fills.inFlight = RowFills.Request(id: RequestID(2), pages: [0: 1], rows: fillRows(1...20))
            $0.screens[0].listScreen?.fills.nextRequest = 2
        }
        store.send(.fillFailed(root, RequestID(2), .failed("502")), [.scheduleFillRetry(root, after: .seconds(60))], at: later,
                   failed(2, at: later, wait: 60))
        store.apply(.fillRetryDue(root), at: later.addingTimeInterval(60))
        store.send(.fillFailed(root, RequestID(3), .failed("502")), [.scheduleFillRetry(root, after: .seconds(120))], at: later,
                   failed(3, at: later, wait: 120))
        let answer = FillAnswer(fills: Dictionary(uniqueKeysWithValues: (Int64(1)...20).map { ("user\($0)", fill($0)) }))
        store.apply(.key(.character("R")), at: later)
        store.apply(.rowsFilled(root, RequestID(4), answer), at: later)
        #expect(store.state.top.listScreen?.fills.failures == 0 && store.state.top.listScreen?.fills.problem == nil)
    }

    @Test("R asks a failed fill again at once; again while it is out, or with nothing failed, R says Nothing failed; a rate limit's wait is not cut short")
    func onR() {
        var store = fillingStore()
        store.send(.fillFailed(root, RequestID(1), .failed("502")), [.scheduleFillRetry(root, after: .seconds(30))], failed(1, wait: 30))
        store.press(.character("R"), [.fillRows(root, RequestID(2), logins: fillRows(1...20).keys.sorted())]) {
            $0.screens[0].listScreen?.fills.retryAt = nil
            $0.screens[0].listScreen?.fills.inFlight = RowFills.Request(id: RequestID(2), pages: [0: 1], rows: fillRows(1...20))
            $0.screens[0].listScreen?.fills.nextRequest = 2
        }
        store.press(.character("R")) { $0.flash = .nothingFailed }
        let reset = epoch.addingTimeInterval(600)
        store.apply(.fillFailed(root, RequestID(2), .limited(until: reset)))
        #expect(store.state.flash == nil, "Nothing failed, said while the fill was out, goes when it fails")
        store.press(.character("R")) { $0.flash = .nothingFailed }
        #expect(store.state.top.listScreen?.fills.retryAt == reset)
    }

    @Test("GitHub failing, a page and the fill both failed: one R asks for both")
    func pageAndFill() {
        var store = fillingStore()
        store.apply(.fillFailed(root, RequestID(1), .failed("offline")))
        let more = store.apply(.key(.character("G")))
        guard case let .run(.fetch(_, _), .page(_, request))? = more.first(where: { if case .run(_, .page) = $0 { true } else { false } }) else {
            Issue.record("G at the end asks for the next page: \(more)")
            return
        }
        store.apply(.pageFailed(root, request.token, LoadFailure(GitHubError.server(status: 502, message: "Bad Gateway"))))
        let retried = store.apply(.key(.character("R")))
        #expect(retried.contains { if case .run(_, .page) = $0 { true } else { false } }, "the page: \(retried)")
        #expect(retried.contains { if case .run(_, .fillRows) = $0 { true } else { false } }, "and the fill: \(retried)")
    }

    @Test("a reset GitHub put absurdly far off (1e300 s) waits a day at most, and traps nothing")
    func farReset() {
        var store = fillingStore()
        let far = Date(timeIntervalSince1970: 1e300)
        #expect(store.apply(.fillFailed(root, RequestID(1), .limited(until: far))) == [.scheduleFillRetry(root, after: .seconds(86_400))])
        #expect(AppState.delay(until: epoch.addingTimeInterval(-5), from: epoch) == .zero)
    }
}

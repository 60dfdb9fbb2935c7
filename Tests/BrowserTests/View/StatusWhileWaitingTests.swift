@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The status line (the last line) as drawn.
private func statusLine(_ state: AppState) -> String { render(state).lines.last ?? "" }

@Suite("The status line while the first page loads and while GitHub makes the client wait")
struct StatusWhileWaitingTests {
    @Test("while the first page loads it says so, not 0 followers; then the count")
    func firstPageLoading() {
        var store = TestStore(makeState(list: .users(.followers("octocat"))))
        store.applyStart()
        #expect(statusLine(store.state) == " Loading followers…                                        : go  q quit  ? help")
        // A wait before the first page: still loading, and until when.
        store.apply(.wait(Wait(reason: .secondaryRateLimit, until: epoch.addingTimeInterval(30))))
        #expect(statusLine(store.state) == " Loading followers… · slowed down · resumes in 30 s        : go  q quit  ? help")
        store.apply(.wait(nil))
        store.apply(.pageLoaded(root, firstToken, page(1...20, next: .page(2))))
        #expect(statusLine(store.state) == " 20 followers · 1/20              Enter details  / filter  : go  q quit  ? help")
    }

    @Test("a wait over an hour reads hours and minutes, not 60:56")
    func overAnHour() {
        let now = epoch
        let wait = Wait(reason: .rateLimit(authenticated: false), until: now.addingTimeInterval(3_656))
        #expect(wait.summary(at: now) == "rate limit used up · resumes in 1 h 1 min · GH_TOKEN raises the limit")
        #expect(Wait.clock(3_599) == "59:59")
        #expect(Wait.clock(3_600) == "1 h")
        #expect(Wait.clock(3_601) == "1 h 1 min")
        #expect(Wait.clock(7_199) == "2 h")
        #expect(Wait.clock(9_000) == "2 h 30 min")
        var store = loadedStore()
        store.apply(.wait(wait))
        #expect(statusLine(store.state) == " 20 users · rate limit · resumes in 1 h 1 min · 1/20      Enter details  ? help")
    }

    @Test("during a wait the status keeps a key that still works beside the help: the wait's words give way first")
    func keysDuringWait() {
        var store = loadedStore(columns: 60)
        store.apply(.wait(Wait(reason: .retry(attempt: 2, of: 5, .server(status: 502, message: "Bad Gateway")),
                               until: epoch.addingTimeInterval(3))))
        #expect(statusLine(store.state) == " 20 users · HTTP 502 · retry in 3 s…  Enter details  ? help")
        // Without a wait, the count and the position keep their room as they always did.
        store.apply(.wait(nil))
        #expect(statusLine(store.state) == " 20 users · 1/20      Enter details  / filter  : go  ? help")
    }
}

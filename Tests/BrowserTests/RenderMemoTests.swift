@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The loop draws each frame with a memo that keeps the title from the last frame; every frame
/// must look exactly as one drawn afresh.
@Suite("Frames drawn with the loop's memo")
struct RenderMemoTests {
    @Test("through a session (pages, moves, the rate limit, a refresh with its spinner, a wait, details, a drill-down and back, resizes, the cache's age), each frame equals one drawn afresh")
    func memoFramesEqualFreshFrames() {
        var state = makeState(rows: 14, columns: 80)
        let memo = AppView.Memo()
        var next: Int64 = 1
        var frames = 0
        var titles: Set<String> = []

        func check(_ step: String) {
            let withMemo = CellBuffer(rows: state.size.rows, columns: state.size.columns)
            let fresh = CellBuffer(rows: state.size.rows, columns: state.size.columns)
            AppView.render(state, on: withMemo, memo: memo)
            AppView.render(state, on: fresh)
            #expect(withMemo.lines == fresh.lines, "\(step):\n\(withMemo.lines.joined(separator: "\n"))")
            #expect(withMemo.styleLines == fresh.styleLines, "\(step)")
            frames += 1
            titles.insert(fresh.lines.first ?? "")
        }
        /// Sends `message`, answers every fetch it asks for with the next 20 users, and checks.
        func send(_ message: Message, _ step: String, origin: ResponseOrigin = .network) {
            var pending = state.update(message)
            while !pending.isEmpty {
                let commands = pending
                pending = []
                for case let .fetch(id, _, request) in commands {
                    let users = page(next...(next + 19), next: .since(next + 19))
                    next += 20
                    pending += state.update(.pageLoaded(id, request.token, users, origin: origin))
                }
            }
            check(step)
        }

        check("nothing loaded yet")
        for case let .fetch(id, _, request) in state.start() {
            _ = state.update(.pageLoaded(id, request.token, page(1...20, next: .since(20)),
                                         origin: .cache(fetchedAt: epoch - 300, fresh: true)))
        }
        next = 21
        check("first page, from the cache five minutes old")
        for press in 0..<15 { send(.key(.character("j")), "j \(press)") }
        send(.rateLimit(RateLimit(limit: 5_000, remaining: 4_321)), "rate limit")
        send(.clock(epoch + 120), "the cached rows age")
        send(.key(.character("r")), "refresh")
        for tick in 1...3 { send(.tick(tick, now: epoch + 120 + Double(tick) / 10), "spinner \(tick)") }
        send(.wait(Wait(reason: .secondaryRateLimit, until: epoch + 200), now: epoch + 130), "a wait")
        send(.wait(nil, now: epoch + 131), "the wait ends")
        send(.key(.enter), "details")
        send(.key(.character("1")), "followers")
        send(.key(.character("j")), "j in the followers")
        send(.key(.escape), "back")
        send(.resized(rows: 10, columns: 50), "narrower")
        send(.resized(rows: 3, columns: 20), "tiny")
        send(.resized(rows: 14, columns: 100), "wide")
        send(.key(.character("G")), "end")
        #expect(frames > 30)
        // The title did change along the way, so the memo had to draw it again each time.
        #expect(titles.count >= 6, "\(titles)")
    }
}

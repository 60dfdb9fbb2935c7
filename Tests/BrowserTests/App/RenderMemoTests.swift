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
        func send(_ message: Message, _ step: String, origin: ResponseOrigin = .network, at now: Date = epoch) {
            var pending = state.update(message, at: now)
            while !pending.isEmpty {
                let commands = pending
                pending = []
                for case let .run(.fetch(id, _), .page(_, request)) in commands {
                    let users = page(next...(next + 19), next: .since(next + 19))
                    next += 20
                    pending += state.update(.pageLoaded(id, request.token, users, origin: origin), at: now)
                }
            }
            check(step)
        }

        check("nothing loaded yet")
        for case let .run(.fetch(id, _), .page(_, request)) in state.start() {
            _ = state.update(.pageLoaded(id, request.token, page(1...20, next: .since(20)),
                                         origin: .cache(fetchedAt: epoch - 300, fresh: true)), at: epoch)
        }
        next = 21
        check("first page, from the cache five minutes old")
        for press in 0..<15 { send(.key(.character("j")), "j \(press)") }
        send(.rateLimit(RateLimit(limit: 5_000, remaining: 4_321)), "rate limit")
        send(.rateLimit(RateLimit(limit: 5_000, remaining: 4_320)), "the cached rows age", at: epoch + 120)
        send(.key(.character("r")), "refresh", at: epoch + 120)
        for tick in 1...3 { send(.tick(tick), "spinner \(tick)", at: epoch + 120 + Double(tick) / 10) }
        send(.wait(Wait(reason: .secondaryRateLimit, until: epoch + 200)), "a wait", at: epoch + 130)
        send(.wait(nil), "the wait ends", at: epoch + 131)
        send(.key(.enter), "details", at: epoch + 131)
        send(.key(.character("1")), "followers", at: epoch + 131)
        send(.key(.character("j")), "j in the followers", at: epoch + 131)
        send(.key(.escape), "back", at: epoch + 131)
        send(.resized(rows: 10, columns: 50), "narrower", at: epoch + 131)
        send(.resized(rows: 3, columns: 20), "tiny", at: epoch + 131)
        send(.resized(rows: 14, columns: 100), "wide", at: epoch + 131)
        send(.key(.character("G")), "end", at: epoch + 131)
        #expect(frames > 30)
        // The title did change along the way, so the memo had to draw it again each time.
        #expect(titles.count >= 6, "\(titles)")
    }
}

import FakeGitHub
import Foundation
import Testing

/// The fault soak: the real browser, in tmux, scrolled to the end of a list served by a fake GitHub
/// that fails, truncates, rate-limits, overlaps pages and varies its latency. `make test` runs a
/// short one (SOAK_USERS=1000, 20 ms retry steps); `make soak` the full one (5,000 users and
/// GitHub's real 1 s / 4 s / 9 s retry waits).
@Suite("Fault soak", .serialized, .timeLimit(.minutes(20)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct SoakTests {
    static let users = ProcessInfo.processInfo.environment["SOAK_USERS"].flatMap(Int.init) ?? 1_000
    static let retryMilliseconds = ProcessInfo.processInfo.environment["SOAK_RETRY_MS"].flatMap(Int.init) ?? 20

    @Test("scrolled to the end through 5xx, truncation, secondary limits and overlap: every user once, in order")
    func soak() async throws {
        var options = FakeGitHubOptions()
        options.failureRate = 0.2
        options.truncationRate = 0.05
        options.secondaryLimitEvery = 25
        options.secondaryRetryAfterSeconds = 1
        options.pageOverlap = 3
        options.latencyMilliseconds = 0...40
        options.faultSeed = UInt64(ProcessInfo.processInfo.environment["SOAK_SEED"].flatMap(UInt64.init) ?? 20_261_121)
        let perPage = Self.users >= 5_000 ? 100 : 50
        let started = Date()
        try await withLaunch("users --per-page \(perPage) --retry-delay-ms \(Self.retryMilliseconds)",
                             users: Self.users, options: options, columns: 90, rows: 60) { server, pane in
            let expected = server.data.users.map(\.id)

            // Scroll: G to the last loaded row (which asks for the next page) until the end row shows;
            // R when a page failed through all its retries, as a person would.
            var manualRetries = 0
            var screen = await pane.waitFor(60) { idsOnScreen($0).count > 10 }
            var lastCount = loadedCount(screen)
            while !screenText(screen).contains("End of list"), Date().timeIntervalSince(started) < 900 {
                if screenText(screen).contains("press R to retry") {
                    try await pane.keys("R")
                    manualRetries += 1
                } else {
                    try await pane.keys("G")
                }
                screen = await pane.waitFor(60) {
                    loadedCount($0) > lastCount || screenText($0).contains("End of list") || screenText($0).contains("press R to retry")
                }
                lastCount = loadedCount(screen)
            }
            let scrolled = Date().timeIntervalSince(started)
            // (Grouped as every number on screen: 1,000.)
            let count = expected.count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            #expect(screenText(screen).contains("— End of list · \(count) users —"), "\(screenText(screen))")

            // Read the whole list back off the screen from the top, half a page at a time so that
            // each screen overlaps the one before.
            try await pane.keys("g")
            var seen: [Int64] = []
            var top: Int64?
            screen = await pane.waitFor { idsOnScreen($0).first == expected.first }
            while true {
                // Each screen overlaps the one before: take what follows the last id already read.
                let ids = idsOnScreen(screen)
                if let last = seen.last {
                    guard let at = ids.lastIndex(of: last) else {
                        Issue.record("a page of the list was skipped after id \(last):\n\(screenText(screen))")
                        break
                    }
                    seen += ids[(at + 1)...]
                } else {
                    seen = ids
                }
                if seen.count >= expected.count || ids.last == expected.last { break }
                top = ids.first
                try await pane.keys("C-d")
                screen = await pane.waitFor { idsOnScreen($0).first != top && !idsOnScreen($0).isEmpty }
                if idsOnScreen(screen).first == top { break }
            }
            #expect(seen.count == expected.count, "every user, none missing")
            #expect(seen == expected, "in the server's order, none twice")

            // The server's side: one request at a time, and nothing sent while a limit was being waited out.
            let log = await server.requestLog().sorted { $0.started < $1.started }
            var overlaps = 0, samePageOverlaps = 0, duringWait = 0
            for (index, record) in log.enumerated() {
                let earlier = log[..<index]
                if earlier.contains(where: { $0.finished > record.started }) { overlaps += 1 }
                if earlier.contains(where: { $0.target == record.target && $0.finished > record.started }) { samePageOverlaps += 1 }
                // A 429 asked for retry-after 1 s: nothing may start within a second of its answer.
                if earlier.contains(where: { $0.status == 429 && record.started < $0.finished + 1.0 }) { duringWait += 1 }
            }
            #expect(samePageOverlaps == 0, "no page requested again while a request for it was in flight")
            #expect(overlaps == 0, "one request at a time")
            #expect(duringWait == 0, "no request during a secondary rate-limit wait")

            let failures = log.filter { $0.status >= 500 }.count
            let truncated = log.filter(\.truncated).count
            let limits = log.filter { $0.status == 429 }.count
            let pages = log.filter { $0.status == 200 && !$0.truncated }.count
            print("soak: \(expected.count) users · \(log.count) requests (\(pages) good pages, \(failures) 5xx, "
                  + "\(truncated) truncated, \(limits) secondary limits) · \(manualRetries) R presses · "
                  + String(format: "scrolled to the end in %.1f s, read back in %.1f s", scrolled,
                           Date().timeIntervalSince(started) - scrolled))
        }
    }
}

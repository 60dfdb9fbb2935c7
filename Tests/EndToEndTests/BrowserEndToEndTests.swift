import FakeGitHub
import Foundation
import Testing

@Suite("ghscroll in tmux against the fake server", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct BrowserEndToEndTests {
    @Test("the first rows appear, and paging past several pages shows the server's users in order, none twice")
    func scrollPages() async throws {
        try await withLaunch("users --per-page 20", columns: 80, rows: 24) { server, pane in
            let first = await pane.waitFor { idsOnScreen($0).count >= 22 }
            let all = server.data.users.map(\.id)
            #expect(idsOnScreen(first) == Array(all.prefix(22)), "\(screenText(first))")
            var seen: [Int64] = idsOnScreen(first)
            var top = seen.first
            for _ in 0..<6 {
                try await pane.keys("f")
                let screen = await pane.waitFor { idsOnScreen($0).count >= 22 && idsOnScreen($0).first != top }
                top = idsOnScreen(screen).first
                for id in idsOnScreen(screen) where !seen.contains(id) { seen.append(id) }
            }
            #expect(seen.count > 100, "scrolled past five pages of 20")
            #expect(seen == Array(all.prefix(seen.count)), "in the server's order with none missing or twice")
            let screen = await pane.capture()
            let onScreen = idsOnScreen(screen)
            #expect(Set(onScreen).count == onScreen.count)
        }
    }

    @Test("--max-items 200: paging on drops the first pages; one g jumps back to the first user (from the cache), in order, the position true")
    func boundedMemory() async throws {
        try await withLaunch("users --per-page 100 --max-items 200", rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count > 5 }
            var screen: [String] = []
            for _ in 0..<10 where loadedCount(screen) < 500 {
                try await pane.keys("G")
                screen = await pane.waitFor(2) { loadedCount($0) >= 500 }
            }
            #expect(loadedCount(screen) >= 500, "\(screenText(screen))")
            #expect(!screenText(screen).contains(" 1/"), "not at the first user yet")
            // One g: the first page is loaded in place of the loaded ones, the selection on its first
            // user. (A page asked for while the selection sat on the last row may still arrive after
            // that, so the position is read against the count the status line shows with it.)
            func atFirst(_ screen: [String]) -> Bool { screenText(screen).contains(" 1/\(loadedCount(screen))") }
            try await pane.keys("g")
            screen = await pane.waitFor(5) { atFirst($0) }
            #expect(atFirst(screen), "\(screenText(screen))")
            #expect(loadedCount(screen) >= 500)
            #expect(!screenText(screen).contains("before these"))
            let all = server.data.users.map(\.id)
            let ids = idsOnScreen(screen)
            #expect(ids == Array(all.prefix(ids.count)), "the first users, in the server's order")
            // The dropped first page came back from the disk cache: GitHub was asked for it once.
            let firstPage = await server.requestLog().filter { $0.queryValue("since") == "0" }
            #expect(firstPage.count == 1)
        }
    }

    @Test("G repeated on a short list reaches the end row")
    func endOfList() async throws {
        try await withLaunch("followers octocat --per-page 20", listSizes: ["followers:octocat": 45], rows: 20) { _, pane in
            await pane.waitFor { idsOnScreen($0).count > 5 }
            let screen = try await pane.pressEndUntilListEnds(seconds: 2)
            #expect(screenText(screen).contains("— End of list · 45 followers —"), "\(screenText(screen))")
        }
    }

    @Test("r refreshes, and so does pulling past the first row: the first page is requested again")
    func refresh() async throws {
        try await withLaunch("users --per-page 30", rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count > 5 }
            func firstPageRequests() async -> Int { await server.requestLog().filter { $0.queryValue("since") == "0" }.count }
            #expect(await firstPageRequests() == 1)
            try await pane.keys("r")
            try await waitUntil { await firstPageRequests() == 2 }
            #expect(await firstPageRequests() == 2)
            let again = await server.requestLog().filter { $0.queryValue("since") == "0" }.last
            #expect(again?.ifNoneMatch != nil && again?.status == 304, "the refresh was conditional and cost no rate limit")

            try await pane.keys("g", "k")
            let pulled = await pane.waitFor { screenText($0).contains("Pull to refresh") }
            #expect(screenText(pulled).contains("Pull to refresh"))
            try await pane.keys("k")
            try await waitUntil { await firstPageRequests() == 3 }
            #expect(await firstPageRequests() == 3)
            let after = await pane.waitFor { !screenText($0).contains("Pull to refresh") && idsOnScreen($0).count > 5 }
            #expect(!screenText(after).contains("Pull to refresh"))
        }
    }

    @Test("a page that fails through its retries shows the retry row, and R recovers")
    func retry() async throws {
        try await withLaunch("users --per-page 20 --retry-delay-ms 20", rows: 16) { server, pane in
            await pane.waitFor { idsOnScreen($0).count > 5 }
            // The first try and its three automatic retries all fail.
            await server.update { $0.scriptedStatuses = [502, 502, 502, 502] }
            try await pane.keys("G")
            await pane.waitFor { screenText($0).contains("load failed") }
            try await pane.keys("G")
            let failed = await pane.waitFor { screenText($0).contains("press R to retry") }
            #expect(screenText(failed).contains("HTTP 502"), "\(screenText(failed))")
            let loadedBefore = loadedCount(failed)
            #expect(idsOnScreen(failed).count > 5, "the loaded rows stay")
            try await pane.keys("R")
            let recovered = await pane.waitFor { !screenText($0).contains("press R to retry") && loadedCount($0) > loadedBefore }
            #expect(loadedCount(recovered) > loadedBefore, "\(screenText(recovered))")
            let ids = idsOnScreen(recovered)
            let all = server.data.users.map(\.id)
            if let first = ids.first, let start = all.firstIndex(of: first) {
                #expect(ids == Array(all[start..<min(all.count, start + ids.count)]), "the recovered page follows on")
            }
        }
    }

    @Test("a used-up rate limit shows a live countdown and a token hint, sends nothing until the reset, then resumes")
    func rateLimitCountdown() async throws {
        var options = FakeGitHubOptions()
        options.primaryLimit = 2
        options.rateLimitWindowSeconds = 4
        try await withLaunch("users --per-page 20", options: options, rows: 12) { server, pane in
            // Two pages fit the limit; G asks for a third.
            await pane.waitFor { loadedCount($0) == 40 }
            try await pane.keys("G")
            let waiting = await pane.waitFor(10) { screenText($0).contains("rate limit used up · resumes in") }
            let text = screenText(waiting)
            #expect(text.contains("rate limit used up · resumes in"), "\(text)")
            #expect(text.contains("Waiting: rate limit used up · resumes in "), "the loading row says what it waits for:\n\(text)")
            #expect(text.contains("GH_TOKEN raises the limit"), "and that a token helps, when none was given:\n\(text)")
            let limited = try #require(await server.requestLog().last { $0.status == 403 })
            let later = await pane.waitFor(10) { loadedCount($0) > 40 }
            #expect(loadedCount(later) > 40, "it resumed by itself:\n\(screenText(later))")
            let log = await server.requestLog()
            let next = log.first { $0.started > limited.started }
            #expect(log.filter { $0.status == 403 }.count == 1, "one refusal, no hammering")
            // The window opened with the first request and lasts 4 s; its reset is in whole epoch seconds.
            let reset = (log.first?.started ?? 0) + 4 - 1
            #expect((next?.started ?? 0) >= reset, "nothing sent before the window reset")
        }
    }
}

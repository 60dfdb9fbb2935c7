import FakeGitHub
import Foundation
import Testing

@Suite("Search as a list, in tmux against the fake server", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct SearchEndToEndTests {
    @Test("s and a query with type:org lists organizations only, under a title with what GitHub found")
    func organizations() async throws {
        try await withLaunch("followers octocat", listSizes: ["followers:octocat": 5], columns: 90, rows: 20) { server, pane in
            await pane.waitFor { screenText($0).contains("End of list") }
            try await pane.keys("s")
            try await pane.keys("-l", "a type:org")
            try await pane.keys("Enter")
            let found = await pane.waitFor { idsOnScreen($0).count >= 10 }
            let total = server.data.search(terms: ["a"], type: true).count
            #expect(found.first?.contains("Search: a type:org · \(total.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) found") == true,
                    "\(screenText(found))")
            let rows = found.dropFirst().dropLast(2).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(!rows.isEmpty && rows.allSatisfy { $0.hasSuffix("· org") }, "\(screenText(found))")
        }
    }

    @Test("S puts the most-followed first, and says so in the title")
    func sortByFollowers() async throws {
        try await withLaunch("search a --per-page 20", columns: 90, rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count >= 10 }
            try await pane.keys("S")
            let sorted = await pane.waitFor { $0.first?.contains("most followers") == true && idsOnScreen($0).count >= 10 }
            let counts = idsOnScreen(sorted).compactMap { id in
                server.data.users.first { $0.id == id }.map { server.data.profile(of: $0).followers }
            }
            #expect(counts.count >= 10 && counts == counts.sorted(by: >), "followers, most first: \(counts)")
            let log = await server.requestLog()
            #expect(log.contains { $0.path == "/search/users" && $0.query.contains("sort=followers") && $0.query.contains("order=desc") })
        }
    }

    @Test("paging to the end of a search of more than 1,000 hits stops at 1,000 with the end row; no request asks past it")
    func cap() async throws {
        try await withLaunch("search a --per-page 100", columns: 90, rows: 20) { server, pane in
            let total = server.data.search(terms: ["a"], type: nil).count
            try #require(total > 1_000, "the fake has \(total) logins with an a")
            await pane.waitFor { idsOnScreen($0).count >= 10 }
            // G, and once the page it asked for is in (nothing loading), G again, up to the end row.
            var end: [String] = []
            for _ in 0..<15 {
                try await pane.keys("G")
                end = await pane.waitFor(5) { screenText($0).contains("narrow the query") || !screenText($0).contains("loading") }
                if screenText(end).contains("narrow the query") { break }
            }
            let grouped = total.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            #expect(screenText(end).contains("— First 1,000 of \(grouped) · narrow the query —"), "\(screenText(end))")
            let pages = await server.requestLog().filter { $0.path == "/search/users" }.map(\.query)
            #expect(pages.contains { $0.contains("page=10") })
            #expect(!pages.contains { $0.contains("page=11") }, "\(pages)")
        }
    }
}

import FakeGitHub
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("The disk cache, end to end", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct CacheEndToEndTests {
    @Test("a second run draws the cached rows before a slow GitHub answers, then revalidates them with a 304")
    func instantStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 500) { server, base in
            let command = "XDG_CACHE_HOME=\(directory.path) \(binary) users --api-url \(base) --per-page 50 --max-age 0"
            let first = try await TmuxPane(command: command, columns: 90, rows: 12)
            defer { first.closeNow() }
            await first.waitFor(10) { idsOnScreen($0).count >= 10 }
            try await first.keys("q")
            // Its pages are in the cache once it has exited.
            #expect(try await first.waitForExit(), "q ended the first run")

            // GitHub turns slow: nothing it answers from now on comes in under 4 s.
            await server.update { $0.latencyMilliseconds = 4_000...4_000 }
            let second = try await TmuxPane(command: command, columns: 90, rows: 12)
            defer { second.closeNow() }
            let early = await second.waitFor(3.5) { idsOnScreen($0).count >= 10 }
            #expect(Array(idsOnScreen(early).prefix(10)) == Array(server.data.users.prefix(10).map(\.id)))
            #expect(early.first?.contains("cached") == true, "drawn from the cache before GitHub answered: \(screenText(early))")
            let confirmed = await second.waitFor(10) { $0.first?.contains("cached") == false && idsOnScreen($0).count >= 10 }
            #expect(confirmed.first?.contains("cached") == false, "\(screenText(confirmed))")
            let revalidation = await server.requestLog().first { $0.ifNoneMatch != nil }
            #expect(revalidation?.status == 304, "the cached first page revalidated with its ETag")
        }
    }

    @Test("GitHub gone: the cached rows stay with \"offline\", the page past them shows the retry row, and it resumes when GitHub is back")
    func offline() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func command(_ base: String) -> String {
            "XDG_CACHE_HOME=\(directory.path) \(binary) users --api-url \(base) --per-page 50 --max-age 0 --retry-delay-ms 100"
        }
        // A first run fills the cache; then GitHub goes away.
        let (base, data) = try await withServer(users: 500) { server, base in
            let first = try await TmuxPane(command: command(base), columns: 90, rows: 12)
            defer { first.closeNow() }
            await first.waitFor(10) { idsOnScreen($0).count >= 10 }
            try await first.keys("q")
            #expect(try await first.waitForExit(), "q ended the first run")
            return (base, server.data)
        }
        let port = try #require(URL(string: base)?.port)

        let pane = try await TmuxPane(command: command(base), columns: 90, rows: 12)
        defer { pane.closeNow() }
        let offline = await pane.waitFor(10) { $0.first?.contains("offline") == true && idsOnScreen($0).count >= 10 }
        // "offline", perhaps with when it tries again, then the cached rows' age.
        let title = offline.first ?? ""
        #expect(title.contains("· offline") && title.contains("· cached"), "\(screenText(offline))")
        #expect(Array(idsOnScreen(offline).prefix(10)) == Array(data.users.prefix(10).map(\.id)))
        try await pane.keys("G")
        let failed = await pane.waitFor(10) { screenText($0).contains("press R to retry") }
        #expect(screenText(failed).contains("Could not connect to 127.0.0.1:\(port)"), "\(screenText(failed))")

        // GitHub comes back on the same port, with the same users: the browser tries again by
        // itself (after 0.5 s, 1 s, 2 s…: the test's unit is 100 ms instead of a second).
        try await withServer(users: 500, port: UInt16(port)) { _, _ in
            let resumed = await pane.waitFor(15) { loadedCount($0) >= 100 && $0.first?.contains("offline") == false }
            #expect(loadedCount(resumed) >= 100, "\(screenText(resumed))")
            #expect(resumed.first?.contains("offline") == false)
        }
    }

    @Test("--json prints the objects as GitHub sent them, the same from the network and from the cache")
    func jsonAsSent() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 300) { server, base in
            var environment = clean
            environment["XDG_CACHE_HOME"] = directory.path
            let arguments = ["users", "--api-url", base, "--json", "--per-page", "50", "--limit", "120"]
            let network = try await run(binary, arguments, environment: environment)
            let requests = await server.requestLog().count
            let cached = try await run(binary, arguments, environment: environment)
            #expect(await server.requestLog().count == requests, "the second run was served from the cache")
            #expect(network.status == 0 && cached.status == 0)
            #expect(network.output == cached.output)
            // The fake's own bytes for the first page, split at its object boundaries.
            let (body, _) = try await URLSession.shared.data(from: try #require(URL(string: "\(base)/users?since=0&per_page=50")))
            let text = String(decoding: body, as: UTF8.self)
            let objects = text.dropFirst(2).dropLast(2).components(separatedBy: "},{").map { "{\($0)}" }
            let lines = network.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 120)
            #expect(Array(lines.prefix(50)) == objects)
        }
    }

    @Test("kill -9 in the middle of writing pages: the next run opens the cache and prints the right users")
    func killedWhileWriting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 20_000) { server, base in
            var environment = clean
            environment["XDG_CACHE_HOME"] = directory.path
            let cacheFile = directory.path + "/ghscroll/cache.sqlite"
            let pid = try spawn(binary, ["users", "--api-url", base, "--per-page", "100", "--limit", "20000"],
                                environment: environment, stdoutPath: "/dev/null")
            #expect(try await waitUntil(10) { (await server.requestLog()).count >= 15 }, "pages were being written")
            kill(pid, SIGKILL)
            #expect(await waitForExit(pid) == 128 + SIGKILL)
            #expect(FileManager.default.fileExists(atPath: cacheFile))
            let result = try await run(binary, ["users", "--api-url", base, "--per-page", "100", "--limit", "3000"], environment: environment)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors.isEmpty, "no warning: the cache was intact")
            #expect(result.output.split(separator: "\n").map(String.init) == server.data.users.prefix(3_000).map { "\($0.id)\t\($0.login)" })
        }
    }

    @Test("two runs at once share the cache and both print the right users")
    func twoAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var options = FakeGitHubOptions()
        options.latencyMilliseconds = 0...20
        try await withServer(users: 5_000, options: options) { server, base in
            var environment = clean
            environment["XDG_CACHE_HOME"] = directory.path
            let arguments = ["users", "--api-url", base, "--per-page", "50", "--limit", "2000"]
            async let a = run(binary, arguments, environment: environment)
            async let b = run(binary, arguments, environment: environment)
            let results = try await [a, b]
            let expected = server.data.users.prefix(2_000).map { "\($0.id)\t\($0.login)" }
            for result in results {
                #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
                #expect(result.output.split(separator: "\n").map(String.init) == expected)
            }
        }
    }

    @Test("cache info on a damaged file says so and how to clear it, and leaves the file and its folder as they were")
    func infoOnDamagedFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ghscroll/cache.sqlite", String(repeating: "not a database ", count: 100))
        let folder = directory.path + "/ghscroll"
        let file = folder + "/cache.sqlite"
        let before = try #require(FileManager.default.contents(atPath: file))
        let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        var environment = clean
        environment["XDG_CACHE_HOME"] = directory.path
        let info = try await run(binary, ["cache", "info"], environment: environment)
        #expect(info.status == 1, "\(info.output)\(info.errors)")
        #expect(info.output.isEmpty, "\(info.output)")
        #expect(info.errors == "Error: the cache at \(file) is damaged (file is not a database); ghscroll cache clear moves it aside "
                + "(to \(file).corrupt-TIME) and starts an empty one, or remove it\n", "\(info.errors)")
        #expect(FileManager.default.contents(atPath: file) == before, "the damaged file is unchanged, byte for byte")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["cache.sqlite"], "nothing moved aside, no new cache")
    }

    @Test("a corrupt cache file is moved aside with a one-line warning, and the run goes on")
    func corrupt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ghscroll/cache.sqlite", String(repeating: "not a database ", count: 100))
        try await withServer(users: 300) { _, base in
            var environment = clean
            environment["XDG_CACHE_HOME"] = directory.path
            let result = try await run(binary, ["users", "--api-url", base, "--limit", "5"], environment: environment)
            #expect(result.status == 0)
            #expect(result.output.split(separator: "\n").count == 5)
            let warnings = result.errors.split(separator: "\n")
            #expect(warnings.count == 1 && warnings[0].contains("was moved to \(directory.path)/ghscroll/cache.sqlite.corrupt-"),
                    "\(result.errors)")
            let info = try await run(binary, ["cache", "info", "--cache", directory.path + "/ghscroll/cache.sqlite"], environment: environment)
            #expect(info.status == 0 && info.output.contains("Lists:   1 (1 page)"), "\(info.output)")
        }
    }
}

import FakeGitHub
import Foundation
import Testing

/// A temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-shell-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func write(_ name: String, _ text: String, executable: Bool = false) throws {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        guard executable else {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        // A program is written through a descriptor closed on exec. Foundation's is not: a child
        // another test spawns meanwhile inherits it open for writing (a tmux server keeps it for
        // its whole life), and running the program then fails with ETXTBSY, "text file busy".
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    func read(_ name: String) -> String { (try? String(contentsOfFile: path + "/" + name, encoding: .utf8)) ?? "" }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// No token from the test's own environment, and no configuration file of the person running it.
let clean: [String: String] = ["GH_TOKEN": "", "GITHUB_TOKEN": "", "GH_ENTERPRISE_TOKEN": "", "GITHUB_ENTERPRISE_TOKEN": "",
                               "GH_HOST": "", "GITHUB_API_URL": "", "XDG_CONFIG_HOME": "/nonexistent"]

@Suite("At home in a shell: pipes, TERM, tokens from gh, --page, the configuration file", .serialized,
       .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct ShellEndToEndTests {
    @Test("output into a pipe is plain lines, --limit applies, and no escape sequence is written")
    func pipe() async throws {
        try await withServer(users: 500) { server, base in
            let result = try await run(binary, ["users", "--api-url", base, "--limit", "120", "--per-page", "50"], environment: clean)
            #expect(result.status == 0, "\(result.errors)")
            let expected = server.data.users.prefix(120).map { "\($0.id)\t\($0.login)" }
            #expect(result.output.split(separator: "\n").map(String.init) == expected)
            #expect(!result.output.contains("\u{1B}") && result.errors.isEmpty)
        }
    }

    @Test("on a terminal TERM=dumb is a one-line error that names --plain, exit status 1")
    func dumbTerminal() async throws {
        try await withLaunch("users", before: "TERM=dumb ", after: "; echo EXIT=$?; sleep 30") { server, pane in
            let screen = await pane.waitFor { screenText($0).contains("EXIT=") }
            let text = screen.joined()  // the message wraps at the pane's edge
            #expect(text.contains("Error: TERM=dumb cannot draw a screen; ghscroll --plain (or --json) prints the list as text"), "\(text)")
            #expect(text.contains("EXIT=1"), "\(text)")
            #expect(await server.requestLog().isEmpty, "nothing was asked of GitHub")
        }
    }

    @Test("a usage error exits with 64")
    func usage() async throws {
        let result = try await run(binary, ["users", "--per-page", "0"], environment: clean)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --per-page must be between 1 and 100"), "\(result.errors)")
        let page = try await run(binary, ["users", "--page", "2"], environment: clean)
        #expect(page.status == 64 && page.errors.contains("--page goes with every list but users"), "\(page.errors)")
    }

    @Test("with no token in the environment, gh's login for the API's host is used, and shown nowhere")
    func ghFallback() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 300) { server, base in
            let host = try #require(URL(string: base)).host.map { "\($0):\(URL(string: base)?.port ?? 0)" } ?? ""
            let secret = "gho_\(UUID().uuidString.prefix(12))"
            try directory.write("bin/gh", """
                #!/bin/sh
                echo "$@" >> \(directory.path)/gh-args
                if [ "$1 $2 $3 $4" = "auth token --hostname \(host)" ]; then echo \(secret); exit 0; fi
                echo "no login for $4" >&2; exit 1
                """, executable: true)
            var environment = clean
            environment["PATH"] = "\(directory.path)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let log = directory.path + "/ghscroll.log"
            let result = try await run(binary, ["users", "--api-url", base, "--limit", "5", "--log-file", log], environment: environment)
            #expect(result.status == 0, "\(result.errors)")
            #expect(directory.read("gh-args") == "auth token --hostname \(host)\n")
            let requests = await server.requestLog()
            #expect(!requests.isEmpty && requests.allSatisfy { $0.authorization == "Bearer \(secret)" })
            for (what, text) in [("stdout", result.output), ("stderr", result.errors), ("the log", directory.read("ghscroll.log"))] {
                #expect(!text.contains(secret), "the token appears in \(what)")
            }
            #expect(directory.read("ghscroll.log").contains("token: gh"), "the log names the source, not the token")
            let stamped = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (trace|debug|info|notice|warning|error|critical) /#
            let logLines = directory.read("ghscroll.log").split(separator: "\n")
            #expect(!logLines.isEmpty && logLines.allSatisfy { $0.prefixMatch(of: stamped) != nil },
                    "each line starts with its UTC time and level: \(logLines.prefix(3))")

            // GH_TOKEN wins over gh, and gh is not asked.
            environment["GH_TOKEN"] = "from-env"
            _ = try await run(binary, ["users", "--api-url", base, "--limit", "1"], environment: environment)
            #expect(await server.requestLog().last?.authorization == "Bearer from-env")
            #expect(directory.read("gh-args").split(separator: "\n").count == 1)

            // The browser's title says where the token came from.
            let pane = try await TmuxPane(command: "PATH=\(environment["PATH"] ?? "") GH_TOKEN= GITHUB_TOKEN= \(binary) users --api-url \(base)",
                                          columns: 100, rows: 10)
            defer { pane.closeNow() }
            let screen = await pane.waitFor { $0.first?.contains("token: gh") == true && idsOnScreen($0).count > 3 }
            #expect(screen.first?.contains("127.0.0.1 · token: gh") == true, "\(screenText(screen))")
            #expect(!screenText(screen).contains(secret))
        }
    }

    @Test("--page 3 starts at the third page, and a refresh goes back to it")
    func startPage() async throws {
        try await withLaunch("followers octocat --page 3 --per-page 10", listSizes: ["followers:octocat": 100],
                             columns: 80, rows: 12) { server, pane in
            let expected = server.data.list("followers:octocat", offset: 20, limit: 10).map(\.id)
            // The 21st follower selected, counted as such (of the ten pages GitHub counts); the
            // pages before load as they near.
            let screen = await pane.waitFor { screenText($0).contains("followers · 91–100 in all · 21/") && idsOnScreen($0).count >= 9 }
            #expect(screenText(screen).contains("followers · 91–100 in all · 21/"), "\(screenText(screen))")
            #expect(idsOnScreen(screen).contains(expected[0]), "\(screenText(screen))")
            func pages() async -> [String] { await server.requestLog().compactMap { $0.queryValue("page") } }
            #expect(await pages().first == "3")
            let before = await pages().count
            try await pane.keys("r")
            try await waitUntil { await pages().dropFirst(before).contains("3") }
            let asked = await pages()
            #expect(asked.dropFirst(before).contains("3"), "the refresh asks for page 3: \(asked)")
            let refreshed = await pane.waitFor { screenText($0).contains("followers · 91–100 in all · 21/") }
            #expect(idsOnScreen(refreshed).contains(expected[0]), "\(screenText(refreshed))")
        }
    }

    @Test("the configuration file sets defaults, the command line wins, and a bad file is an error naming its line")
    func configuration() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 300) { server, base in
            var environment = clean
            environment["XDG_CONFIG_HOME"] = directory.path
            try directory.write("ghscroll/config.toml", "# mine\nper-page = 7\nlayout = \"comfortable\"\n[keys]\nline-down = [\"j\", \"n\"]\n")
            func perPage(_ arguments: [String]) async throws -> String? {
                await server.clearRequestLog()
                let result = try await run(binary, ["users", "--api-url", base, "--limit", "3"] + arguments, environment: environment)
                #expect(result.status == 0, "\(result.errors)")
                return await server.requestLog().first?.queryValue("per_page")
            }
            #expect(try await perPage([]) == "7", "from the file")
            #expect(try await perPage(["--per-page", "9"]) == "9", "the command line wins")
            #expect(try await perPage(["--no-config"]) == "100", "--no-config ignores the file")

            let bad: [(String, String)] = [
                ("per-page = 7\nlayout = \"wide\"\n", "config.toml line 2: layout must be \"compact\" or \"comfortable\""),
                ("per-page = [1,\n", "config.toml line 1: Error while parsing array"),
                ("\n\nfont = 3\n", "config.toml line 3: unknown setting \"font\""),
                ("[keys]\nline-down = [\"k\"]\n", "config.toml line 2: k would both line-down and line-up"),
                ("[keys]\n\nopen = [\"Hyper-x\"]\n", "config.toml line 3: \"Hyper-x\" is not a key"),
            ]
            for (text, message) in bad {
                try directory.write("ghscroll/config.toml", text)
                let result = try await run(binary, ["users", "--api-url", base, "--limit", "1"], environment: environment)
                #expect(result.status == 1)
                #expect(result.output.isEmpty)
                #expect(result.errors.hasPrefix("Error: \(directory.path)/ghscroll/") && result.errors.contains(message),
                        "\(result.errors)")
                #expect(result.errors.split(separator: "\n").count == 1, "one line: \(result.errors)")
            }
        }
    }

    @Test("a configured key works in the browser, and colors = false draws no colour")
    func configuredKeys() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ghscroll/config.toml", "colors = false\n[keys]\nline-down = [\"n\"]\n")
        try await withLaunch("users", before: "XDG_CONFIG_HOME=\(directory.path) ", rows: 12) { server, pane in
            await pane.waitFor { screenText($0).contains("· 1/") }
            try await pane.keys("n", "n")
            let moved = await pane.waitFor(5) { screenText($0).contains("· 3/") }
            #expect(screenText(moved).contains("· 3/"), "\(screenText(moved))")
            let attributes = await pane.captureWithAttributes()
            #expect(attributes.range(of: "\u{1B}\\[(3[0-7]|9[0-7]|38;5;[0-9]+)m", options: .regularExpression) == nil)
            // j is no longer bound: after j, n moves one row from 3. Enter opens the details pane,
            // and once that shows, the keys sent before it have been read.
            try await pane.keys("j", "n", "Enter")
            let read = await pane.waitFor(5) { screenText($0).contains("Followers  ") }
            #expect(screenText(read).contains("Followers  "), "Enter was read: \(screenText(read))")
            #expect(screenText(read).contains("· 4/"), "j no longer moves: \(screenText(read))")
            #expect(screenText(read).contains("\(server.data.users[3].login) · "), "the fourth user's details")
        }
    }
}

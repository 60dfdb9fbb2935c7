import Foundation
import Testing

/// Runs `ghscroll ARGUMENTS` with `$XDG_CONFIG_HOME/ghscroll/config.toml` holding `config`
/// (no file at all when nil).
func runWithConfig(_ config: String?, _ arguments: [String]) async throws -> (output: String, status: Int32, errors: String) {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if let config { try directory.write("ghscroll/config.toml", config) }
    var environment = clean
    environment["XDG_CONFIG_HOME"] = directory.path
    return try await run(binary, arguments, environment: environment)
}

/// The lines of `new` that differ from those of `old` at the same place, as (old, new) pairs;
/// nil when the two have different numbers of lines.
func changedLines(_ old: String, _ new: String) -> [(String, String)]? {
    let before = old.components(separatedBy: "\n")
    let after = new.components(separatedBy: "\n")
    guard before.count == after.count else { return nil }
    return zip(before, after).filter { $0 != $1 }
}

@Suite("The configuration file's keys in ghscroll keys", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct KeysCommandEndToEndTests {
    @Test("ghscroll keys shows the file's rebinding: quit = [\"x\"] changes the quit lines of the list and of the help (#37 item 8), and nothing else")
    func rebinding() async throws {
        let rebound = "[keys]\nquit = [\"x\"]\n"
        for format in [[], ["--markdown"]] {
            let defaults = try await runWithConfig(nil, ["keys"] + format)
            let mine = try await runWithConfig(rebound, ["keys"] + format)
            #expect(defaults.status == 0 && mine.status == 0, "\(mine.errors)")
            let changes = try #require(changedLines(defaults.output, mine.output), "\(mine.output)")
            // The list's and the help's; the filter and the command line keep Ctrl-c (x types an x there).
            #expect(changes.count == 2, "\(format): \(changes)")
            for (old, new) in changes {
                if format.isEmpty {
                    // "  q Ctrl-c   quit" becomes "  x          quit", in the same columns.
                    #expect(old.hasPrefix("  q Ctrl-c ") && old.hasSuffix(" quit"), "\(old)")
                    #expect(new == "  x" + String(repeating: " ", count: old.count - 3 - 4) + "quit", "\(new)")
                } else {
                    #expect(old == "| `q` `Ctrl-c` | quit |" && new == "| `x` | quit |", "\(old) -> \(new)")
                }
            }
            // --no-config shows the defaults again.
            let ignored = try await runWithConfig(rebound, ["keys", "--no-config"] + format)
            #expect(ignored.output == defaults.output)
        }
    }

    @Test("ghscroll keys stops on a file the browser could not use, naming the line; --actions still lists the names")
    func brokenFile() async throws {
        let clash = "# mine\n[keys]\nquit = [\"k\"]\n"
        let result = try await runWithConfig(clash, ["keys"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("ghscroll/config.toml line 3: k would both line-up and quit"), "\(result.errors)")
        let actions = try await runWithConfig(clash, ["keys", "--actions"])
        #expect(actions.status == 0 && actions.output.hasPrefix("line-down "), "\(actions.errors)")
    }

    @Test("a key the file gives two actions names both lines (#37 item 19), for keys and for a list, exit status 1")
    func clashBetweenTwoLines() async throws {
        let clash = "# mine\n[keys]\nquit = [\"x\"]\n\nline-down = [\"x\", \"Down\"]\n"
        for arguments in [["keys"], ["users", "--api-url", "http://127.0.0.1:9", "--limit", "1"]] {
            let result = try await runWithConfig(clash, arguments)
            #expect(result.status == 1, "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty)
            #expect(result.errors.contains("ghscroll/config.toml lines 3 and 5: x would both "), "\(arguments): \(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "one line: \(result.errors)")
        }
    }
}

/// `Resources/config.toml`, the example configuration that `make install` puts in `share/doc`.
let exampleConfig = packageRoot.appendingPathComponent("Resources/config.toml").path

/// The example's setting lines before its first table: each setting's name, and whether the line
/// is commented out ("# prefetch = 50").
func exampleSettings(_ text: String) -> [(name: String, commented: Bool)] {
    text.components(separatedBy: "\n").prefix { !$0.hasPrefix("[") }.compactMap { line in
        let commented = line.hasPrefix("# ")
        let body = commented ? line.dropFirst(2) : Substring(line)
        guard let equals = body.range(of: " = ") else { return nil }
        let name = body[..<equals.lowerBound]
        guard !name.isEmpty, name.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
        return (String(name), commented)
    }
}

/// The names bound in the example's `[keys]` table.
func exampleActions(_ text: String) -> [String] {
    text.components(separatedBy: "\n").drop { $0 != "[keys]" }.dropFirst().prefix { !$0.hasPrefix("[") }
        .compactMap { line in line.range(of: " = ").map { String(line[..<$0.lowerBound]) } }
        .filter { !$0.hasPrefix("#") }
}

@Suite("The example configuration in Resources/", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct ExampleConfigEndToEndTests {
    let text: String

    init() throws {
        text = try String(contentsOfFile: exampleConfig, encoding: .utf8)
    }

    @Test("it loads with the real loader, and its keys are the defaults: ghscroll keys prints the same with it as without")
    func keysAreTheDefaults() async throws {
        for format in [[], ["--markdown"]] {
            let withExample = try await runWithConfig(text, ["keys"] + format)
            #expect(withExample.status == 0 && withExample.errors.isEmpty, "\(withExample.errors)")
            let without = try await runWithConfig(nil, ["keys"] + format)
            #expect(withExample.output == without.output)
        }
    }

    @Test("it names every setting the loader knows, and each commented-out one loads too")
    func everySetting() async throws {
        // The loader's own list, from what it says of a setting it does not know.
        let probe = try await runWithConfig("not-a-setting = 1\n", ["keys"])
        let known = try #require(probe.errors.range(of: "(known: ").map { probe.errors[$0.upperBound...] })
        let names = try #require(known.split(separator: ")").first).components(separatedBy: ", ")
        #expect(names.contains("per-page") && names.contains("keys"), "\(probe.errors)")
        let settings = exampleSettings(text)
        let table = text.components(separatedBy: "\n").contains("[keys]") ? ["keys"] : []
        #expect((settings.map(\.name) + table).sorted() == names.sorted(), "each once, nothing the loader does not know")
        // Those shown commented out, because their default is not one value, are valid once uncommented.
        let commented = settings.filter(\.commented).map(\.name)
        var uncommented = text
        for name in commented { uncommented = uncommented.replacingOccurrences(of: "\n# \(name) = ", with: "\n\(name) = ") }
        #expect(exampleSettings(uncommented).allSatisfy { !$0.commented })
        let result = try await runWithConfig(uncommented, ["keys"])
        #expect(result.status == 0 && result.errors.isEmpty, "\(commented): \(result.errors)")
    }

    @Test("its [keys] binds every action ghscroll keys --actions lists, once each: a new action fails this until it is added")
    func everyAction() async throws {
        let listed = try await runWithConfig(nil, ["keys", "--actions"])
        #expect(listed.status == 0)
        let actions = listed.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(actions.count > 10 && actions.contains("line-down"), "\(listed.output)")
        #expect(exampleActions(text) == actions, "in the order ghscroll keys --actions gives")
    }

    @Test("a list opened with the example asks GitHub for the default page size, as without it")
    func settingsAreTheDefaults() async throws {
        try await withServer(users: 300) { server, base in
            func perPage(_ config: String?) async throws -> String? {
                await server.clearRequestLog()
                let result = try await runWithConfig(config, ["users", "--api-url", base, "--limit", "3", "--no-cache"])
                #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
                return await server.requestLog().first?.queryValue("per_page")
            }
            let withExample = try await perPage(text)
            let without = try await perPage(nil)
            #expect(withExample != nil && withExample == without)
        }
    }
}

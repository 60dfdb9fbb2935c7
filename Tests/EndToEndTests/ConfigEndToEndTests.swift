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
    @Test("ghscroll keys shows the file's rebinding: quit = [\"x\"] changes the quit line and nothing else")
    func rebinding() async throws {
        let rebound = "[keys]\nquit = [\"x\"]\n"
        for format in [[], ["--markdown"]] {
            let defaults = try await runWithConfig(nil, ["keys"] + format)
            let mine = try await runWithConfig(rebound, ["keys"] + format)
            #expect(defaults.status == 0 && mine.status == 0, "\(mine.errors)")
            let changes = try #require(changedLines(defaults.output, mine.output), "\(mine.output)")
            #expect(changes.count == 1, "\(format): \(changes)")
            let (old, new) = try #require(changes.first)
            if format.isEmpty {
                // "  q Ctrl-c   quit" becomes "  x          quit", in the same columns.
                #expect(old.hasPrefix("  q Ctrl-c ") && old.hasSuffix(" quit"), "\(old)")
                #expect(new == "  x" + String(repeating: " ", count: old.count - 3 - 4) + "quit", "\(new)")
            } else {
                #expect(old == "| `q` `Ctrl-c` | quit |" && new == "| `x` | quit |", "\(old) -> \(new)")
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
}

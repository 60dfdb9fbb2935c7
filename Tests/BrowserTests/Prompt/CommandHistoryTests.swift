@testable import Browser
import Foundation
import Testing

/// A fresh directory under the temporary directory, removed with `remove()`.
private struct TemporaryHistory {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-history-\(UUID().uuidString)").path
    /// A history file two directories down, neither of them made yet.
    var path: String { directory + "/state/ghscroll/history" }
    func remove() {
        // A test may have made a directory read-only: give it back first, or it cannot be emptied.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory + "/locked")
        try? FileManager.default.removeItem(atPath: directory)
    }
}

private func permissions(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
}

/// The files in `directory`.
private func names(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}

// Serialized: one test sets the process's umask for a moment.
@Suite("The command line's history", .serialized)
struct CommandHistoryTests {
    @Test("commands come back oldest first, in the order they were run, without the spaces around them")
    func addKeepsOrder() {
        var history = CommandHistory()
        let added = [history.add("followers octocat"), history.add("  repos apple\t"), history.add("following torvalds")]
        #expect(added == [true, true, true])
        #expect(history.entries == ["followers octocat", "repos apple", "following torvalds"])
    }

    @Test("a blank line or the same command twice in a row is kept once, but an earlier command run again comes back last")
    func blanksAndRepeats() {
        var history = CommandHistory(["followers octocat", "repos apple"])
        // " repos apple " is the same once trimmed.
        let added = ["", "   ", "repos apple", " repos apple ", "followers octocat"].map { history.add($0) }
        #expect(added == [false, false, false, false, true])
        #expect(history.entries == ["followers octocat", "repos apple", "followers octocat"])
    }

    @Test("the 501st command pushes out the oldest, and no more")
    func capDropsTheOldest() {
        let commands = (1...501).map { "followers user\($0)" }
        var history = CommandHistory()
        for command in commands.prefix(500) { history.add(command) }
        #expect(history.entries == Array(commands.prefix(500)))
        let added = history.add(commands[500])
        #expect(added)
        #expect(history.entries == Array(commands.dropFirst()))
        #expect(CommandHistory(commands) == history, "a list given at once keeps the same")
    }

    @Test("a command with a token in it is never kept, nor one with a control character")
    func secretsAreNotStored() {
        let secret = [
            "--token abc", "repos apple --token=abc", "login ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "x gho_abc", "x ghu_abc", "x ghs_abc", "x ghr_abc", "search \"ghp_abc\"", "auth GHP_abc",
            "login github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
            "login 0123456789abcdef0123456789abcdef01234567", "x a23456789012345678901234567890123456",
            "followers \u{1B}[31mocto", "followers\u{7}", "repos a\tb", "x \u{9B}31m",
        ]
        var history = CommandHistory()
        for line in secret {
            #expect(!CommandHistory.mayStore(line), "\(line)")
            let added = history.add(line)
            #expect(!added, "\(line)")
        }
        #expect(history.entries.isEmpty)
        #expect(CommandHistory(secret).entries.isEmpty)
    }

    @Test("everyday commands are kept, quotes, slashes and long repository names too")
    func everydayCommandsAreStored() {
        let everyday = [
            "followers octocat", "contributors apple/swift", #"search tom type:user location:"San Francisco""#,
            "repos swift-server/swift-aws-lambda-runtime", "x a2345678901234567890123456789012345", "search café ghp",
            "search forks:>100 language:swift",
        ]
        for line in everyday { #expect(CommandHistory.mayStore(line), "\(line)") }
        #expect(CommandHistory(everyday).entries == everyday)
    }

    @Test("the history lives under XDG_STATE_HOME when it is absolute, else under HOME, else nowhere")
    func defaultPath() {
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/me"]) == "/x/state/ghscroll/history")
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/x/state/"]) == "/x/state/ghscroll/history")
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/me"])
            == "/home/me/.local/state/ghscroll/history", "a relative XDG_STATE_HOME is ignored")
        #expect(HistoryFile.defaultPath(environment: ["HOME": "/home/me"]) == "/home/me/.local/state/ghscroll/history")
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "", "HOME": ""]) == nil)
        #expect(HistoryFile.defaultPath(environment: [:]) == nil)
    }

    @Test("the history saved is the history the next run loads, and saving again replaces it")
    func roundTrip() throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        let history = CommandHistory(["followers octocat", #"search tom location:"San Francisco""#, "search café"])
        try HistoryFile.save(history, path: temp.path)
        #expect(HistoryFile.load(path: temp.path) == history)
        let text = try String(contentsOfFile: temp.path, encoding: .utf8)
        #expect(text == "followers octocat\nsearch tom location:\"San Francisco\"\nsearch café\n")

        let shorter = CommandHistory(["repos apple"])
        try HistoryFile.save(shorter, path: temp.path)
        #expect(HistoryFile.load(path: temp.path) == shorter)
        try HistoryFile.save(CommandHistory(), path: temp.path)
        #expect(HistoryFile.load(path: temp.path) == CommandHistory())
        #expect(try names(temp.directory + "/state/ghscroll") == ["history"], "no temporary file is left behind")
    }

    @Test("two runs at once: each line either adds is kept, in the order they were added, with the file's own rules")
    func twoRunsKeepBoth() throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        // Run A started with an empty history, run B too; they add in turn.
        try HistoryFile.add("followers octocat", path: temp.path)
        try HistoryFile.add("repos apple", path: temp.path)
        try HistoryFile.add("followers octocat", path: temp.path)
        try HistoryFile.add("followers octocat", path: temp.path)
        try HistoryFile.add("users --token ghp_abcdefghijklmnopqrstuvwxyz0123456789", path: temp.path)
        #expect(HistoryFile.load(path: temp.path).entries == ["followers octocat", "repos apple", "followers octocat"],
                "no repeat in a row, no token")
        #expect(try permissions(temp.path) == 0o600)
        #expect(try names(temp.directory + "/state/ghscroll") == ["history"], "no lock or temporary file left behind")
    }

    @Test("runs adding at the same moment lose none of each other's lines")
    func concurrentAddsKeepEveryLine() async throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        let path = temp.path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for run in 0..<4 {
                group.addTask {
                    for line in 0..<25 { try HistoryFile.add("followers run\(run)-\(line)", path: path) }
                }
            }
            try await group.waitForAll()
        }
        let entries = HistoryFile.load(path: path).entries
        #expect(entries.count == 100)
        #expect(Set(entries) == Set((0..<4).flatMap { run in (0..<25).map { "followers run\(run)-\($0)" } }))
        for run in 0..<4 {
            let own = entries.filter { $0.hasPrefix("followers run\(run)-") }
            #expect(own == (0..<25).map { "followers run\(run)-\($0)" }, "run \(run)'s lines in the order it added them")
        }
    }

    @Test("only its owner can read the history file and its new directories, whatever the umask")
    func permissionsIgnoreTheUmask() throws {
        // (Only a wider umask than usual: the tests run in one process, and a narrower one
        // caught by another test for that moment could make its files unwritable.)
        for mask: mode_t in [0] {
            let temp = TemporaryHistory()
            defer { temp.remove() }
            let old = umask(mask)
            let saved = Result { try HistoryFile.save(CommandHistory(["followers octocat"]), path: temp.path) }
            umask(old)
            try saved.get()
            #expect(try permissions(temp.path) == 0o600, "umask \(String(mask, radix: 8))")
            #expect(try permissions(temp.directory + "/state/ghscroll") == 0o700, "umask \(String(mask, radix: 8))")
            #expect(try permissions(temp.directory + "/state") == 0o700, "umask \(String(mask, radix: 8))")
        }
    }

    @Test("a missing file or one of binary garbage loads as an empty history")
    func unreadableFiles() throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        #expect(HistoryFile.load(path: temp.path).entries.isEmpty)
        try FileManager.default.createDirectory(atPath: temp.directory, withIntermediateDirectories: true)
        let garbage = temp.directory + "/garbage"
        let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0xFF, 0xFE, 0x0A, 0x66, 0x6F, 0x6F, 0x0A, 0xC3, 0x28]
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data(bytes)))
        #expect(HistoryFile.load(path: garbage).entries.isEmpty)
        #expect(HistoryFile.load(path: temp.directory).entries.isEmpty, "a directory is no history")
    }

    @Test("a hand-edited file loads its good lines, and a long one only its last 500, repeats in a row kept once")
    func handEditedFiles() throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        try FileManager.default.createDirectory(atPath: temp.directory, withIntermediateDirectories: true)
        let edited = temp.directory + "/edited"
        var bytes = Array("followers octocat\r\n\n   \nlogin --token abc\n".utf8)
        bytes += [0x72, 0x65, 0x70, 0x6F, 0x73, 0x20, 0xC3, 0x28, 0x0A] // "repos " and a bad UTF-8 pair
        bytes += Array("  repos apple  \nrepos apple\nfollowers octocat".utf8)
        #expect(FileManager.default.createFile(atPath: edited, contents: Data(bytes)))
        #expect(HistoryFile.load(path: edited).entries == ["followers octocat", "repos apple", "followers octocat"])

        // Every hundredth line repeats the one before it.
        let lines = (0..<600).map { "followers user\($0 % 100 == 99 ? $0 - 1 : $0)" }
        let long = temp.directory + "/long"
        try lines.joined(separator: "\n").write(toFile: long, atomically: false, encoding: .utf8)
        let kept = (0..<600).filter { $0 % 100 != 99 }.map { "followers user\($0)" }.suffix(500)
        #expect(HistoryFile.load(path: long).entries == Array(kept))
    }

    @Test("a history that cannot be written throws, and leaves the old file and no half-written one")
    func unwritablePlaces() throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        try FileManager.default.createDirectory(atPath: temp.directory, withIntermediateDirectories: true)
        let history = CommandHistory(["followers octocat"])
        // A file where the directory should be.
        let blocked = temp.directory + "/file"
        #expect(FileManager.default.createFile(atPath: blocked, contents: Data("keep\n".utf8)))
        #expect(throws: (any Error).self) { try HistoryFile.save(history, path: blocked + "/ghscroll/history") }
        // A directory where the file should be.
        let taken = temp.directory + "/taken"
        try FileManager.default.createDirectory(atPath: taken + "/inside", withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try HistoryFile.save(history, path: taken) }
        #expect(try names(temp.directory) == ["file", "taken"])
        #expect(try String(contentsOfFile: blocked, encoding: .utf8) == "keep\n")
    }

    @Test("saving into a read-only directory throws, and the old history stays", .enabled(if: geteuid() != 0, "root writes anywhere"))
    func readOnlyDirectory() throws {
        let temp = TemporaryHistory()
        defer { temp.remove() }
        let locked = temp.directory + "/locked"
        let path = locked + "/history"
        try HistoryFile.save(CommandHistory(["repos apple"]), path: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked)
        #expect(throws: (any Error).self) { try HistoryFile.save(CommandHistory(["followers octocat"]), path: path) }
        #expect(HistoryFile.load(path: path).entries == ["repos apple"])
        #expect(try names(locked) == ["history"])
    }
}

@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The default table with retry on x, refresh on e, back on B, filter on F and followers on !.
private func rebound() throws -> KeyTable {
    try KeyTable()
        .binding(.retry, to: [.character("x")])
        .binding(.refresh, to: [.character("e")])
        .binding(.back, to: [.character("B")])
        .binding(.filter, to: [.character("F")])
        .binding(.followers, to: [.character("!")])
}

@Suite("Rebound keys: every hint on screen names the keys that work")
struct KeyRebindingTests {
    @Test("a failed page: the footer and the status line name x for retry, and x retries while R does nothing")
    func retry() throws {
        var store = loadedStore(rows: 8, columns: 60, keys: try rebound())
        store.apply(.key(.character("G")))
        let request = try #require(store.state.top.listScreen?.pager.inFlight[.append])
        store.apply(.pageFailed(root, request.token, LoadFailure(message: "HTTP 502")))
        store.apply(.key(.character("j")))
        expectScreen(store.state, lines: [
            " ghscroll · All users                        api.github.com",
            " user16                                                #16",
            " user17                                                #17",
            " user18                                                #18",
            " user19                                                #19",
            " user20                                                #20",
            " ✗ HTTP 502 — press x to retry",
            " 20 users · 20/20 · load failed (x retries)          ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".......................................................mmmm.",
            ".......................................................mmmm.",
            ".......................................................mmmm.",
            ".......................................................mmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        #expect(store.apply(.key(.character("R"))).isEmpty, "R is no longer retry")
        let commands = store.apply(.key(.character("x")))
        #expect(commands.contains { if case .run(.fetch(_, _), .page(_, let retried)) = $0 { retried.cursor == request.cursor } else { false } })
    }

    @Test("an empty list asks for e to refresh; the help and the hints name B, F and e")
    func refreshBackFilter() throws {
        var store = TestStore(makeState(rows: 12, columns: 60, keys: try rebound()))
        let commands = store.applyStart()
        guard case let .run(.fetch(_, _), .page(_, first))? = commands.first else {
            Issue.record("no first fetch")
            return
        }
        store.apply(.pageLoaded(root, first.token, Page(items: [], next: nil), origin: .network))
        let empty = render(store.state).lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(empty.contains("No users."))
        #expect(empty.contains("Press e to refresh."), "\(empty)")
        #expect(store.apply(.key(.character("r"))).isEmpty, "r is no longer refresh")
        #expect(!store.apply(.key(.character("e"))).isEmpty, "e refreshes")

        var list = loadedStore(rows: 24, columns: 80, users: 40, keys: try rebound())
        list.apply(.key(.character("F")))
        #expect(list.state.overlay == .filter)
        list.apply(.key(.escape))
        list.apply(.key(.character("?")))
        let help = render(list.state).lines.joined(separator: "\n")
        for (key, text) in [("F", "filter the loaded"), ("e", "refresh the list"),
                            ("x", "retry what failed")] {
            #expect(help.split(separator: "\n").contains { $0.contains(" \(key) ") && $0.contains(text) },
                    "the help names \(key) for \(text):\n\(help)")
        }
        #expect(!help.contains(" r Ctrl-r "), "the old refresh keys are gone from the help")
    }

    @Test("the details pane and the hints name ! for followers, and ! opens them")
    func followers() throws {
        var store = loadedStore(rows: 16, columns: 100, keys: try rebound())
        store.apply(.key(.enter))
        store.apply(.detailsLoaded(RequestID(1), details("user1", id: 1)))
        let lines = render(store.state).lines
        #expect(lines.contains { $0.contains("[!] followers  [2] following") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.last?.contains("! followers") == true, "\(lines.last ?? "")")
        #expect(store.apply(.key(.character("1"))).isEmpty, "1 is no longer followers")
        store.apply(.key(.character("!")))
        #expect(store.state.top.listScreen?.list == .users(.followers("user1")))
        #expect(render(store.state).lines.last?.contains("B back") == true)
    }
}

@Suite("Key names live in the key table alone")
struct NoKeyLiteralsTests {
    /// The files that draw or write what a person reads, beside the key table.
    static let files: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folders = ["Sources/TerminalUI", "Sources/Browser"]
        return folders.flatMap { folder -> [String] in
            let url = root.appendingPathComponent(folder)
            let names = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String]) ?? []
            // The key table itself (its types, defaults and renderers) and the key decoding.
            func isTable(_ name: String) -> Bool {
                let file = (name as NSString).lastPathComponent
                return file.hasPrefix("KeyTable") || file == "KeyBinding.swift" || file == "Keys.swift"
                    || file == "CursesScreen+Keys.swift"
            }
            return names.filter { $0.hasSuffix(".swift") && !isTable($0) }.map { url.appendingPathComponent($0).path }
        }
    }()

    /// The string literals of a Swift file (one line each, a multi-line literal's lines each;
    /// interpolations left in).
    static func literals(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var found: [String] = []
        var multiline = false
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            if line.contains("\"\"\"") {
                multiline.toggle()
                continue
            }
            if multiline {
                found.append(String(line))
                continue
            }
            var inside = false
            var current = ""
            var previous: Character = " "
            for character in line {
                if character == "\"", previous != "\\" {
                    if inside { found.append(current) }
                    inside.toggle()
                    current = ""
                } else if inside {
                    current.append(character)
                }
                previous = character
            }
        }
        return found
    }

    /// Whether a literal names a key: "press R", "q quits", "Esc back", "k again", "Ctrl-c".
    static func namesKey(_ literal: String) -> Bool {
        let patterns = [
            #"(?i)\bpress\s+(?!\\\()\S"#,
            // (Not "a": "a filter" is English.)
            #"(^|[\s(·])([B-Zb-z?/!]|Esc|Enter|Tab|Space|Ctrl-\w)\s+(again|retries|refreshes|quits|loads|clears|closes|back|filter|help|quit|to\s)"#,
            #"\b(Esc|Ctrl-[a-z])\b"#,
        ]
        return patterns.contains { literal.range(of: $0, options: .regularExpression) != nil }
    }

    @Test("the pattern finds the key names it is meant to find, in a multi-line literal too")
    func patternWorks() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-literals-\(UUID().uuidString).swift").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "let a = \"x\"\nlet b = \"\"\"\n    press R to retry\n    \"\"\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(Self.literals(file) == ["x", "    press R to retry"])
        for literal in ["press R to retry", "Press r to refresh.", " · q quits", "Esc or ? closes this help", "k again refreshes",
                        "j loads more · Esc clears the filter"] {
            #expect(Self.namesKey(literal), "\(literal)")
        }
        for literal in ["press \\(key) to retry", "\\(key) quits", "No loaded users match", "Loading more users…", "retry 1/3 in 4 s"] {
            #expect(!Self.namesKey(literal), "\(literal)")
        }
    }

    @Test("no string literal in TerminalUI or the browser's view code names a key")
    func noKeyLiterals() {
        #expect(Self.files.count > 20, "found the sources")
        let scanned = Set(Self.files.map { ($0 as NSString).lastPathComponent })
        #expect(scanned.isSuperset(of: ["AppState+Keys.swift", "WidgetKeys.swift", "AppView.swift", "ListView.swift"]))
        #expect(scanned.isDisjoint(with: ["KeyTable.swift", "KeyTable+Docs.swift", "Keys.swift", "CursesScreen+Keys.swift"]))
        for path in Self.files {
            for literal in Self.literals(path) where Self.namesKey(literal) {
                Issue.record("\(URL(fileURLWithPath: path).lastPathComponent): \"\(literal)\" names a key")
            }
        }
    }
}

@testable import Browser
import Foundation
import GitHubAPI
import TerminalUI
import Testing

@Suite("The key table")
struct KeyTableTests {
    let table = KeyTable()

    @Test("no key does two things in one mode, and every action has a key")
    func noConflicts() {
        for mode in Mode.allCases {
            var seen: [Key: Action] = [:]
            for binding in table.bindings(for: mode) {
                for key in binding.keys {
                    #expect(seen[key] == nil, "\(key.label) is bound to \(seen[key].map { "\($0)" } ?? "") and \(binding.action) in \(mode)")
                    seen[key] = binding.action
                }
            }
        }
        let bound = Set(table.bindings.map(\.action))
        #expect(bound == Set(Action.allCases))
    }

    @Test("a key's action is the first binding's in table order, for every key of every binding, in every mode, after a rebinding too")
    func lookupIsTheFirstBinding() {
        var rebound = table
        // j also bound first to open details in the list, and a non-ASCII key bound: the earlier
        // binding wins, as the table reads from the top.
        rebound.bindings.insert(KeyBinding(.details, [.character("j"), .character("é"), .control("x")], "test", modes: [.list]), at: 0)
        let special: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace,
                              .delete, .tab, .wheelUp, .wheelDown, .character("é"), .character("漢"), .control("x")]
        let printable = (32..<127).compactMap { Unicode.Scalar($0).map { Key.character(Character($0)) } }
        let controls = "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
        for keys in [table, rebound] {
            for mode in Mode.allCases {
                for key in special + printable + controls {
                    let first = keys.bindings.first { $0.modes.contains(mode) && $0.keys.contains(key) }?.action
                    #expect(keys.action(for: key, in: mode) == first, "\(key.label) in \(mode)")
                }
            }
        }
        #expect(rebound.action(for: .character("j"), in: .list) == .details)
        #expect(rebound.action(for: .character("é"), in: .list) == .details)
        #expect(rebound.action(for: .character("j"), in: .details) == .lineDown)
    }

    @Test("keys mean what the mode says: letters type into the filter, Esc goes back, q quits only outside it")
    func lookups() {
        #expect(table.action(for: .character("j"), in: .list) == .lineDown)
        #expect(table.action(for: .character("j"), in: .filter) == nil, "j types a j")
        #expect(table.action(for: .character("q"), in: .filter) == nil, "q types a q")
        #expect(table.action(for: .control("c"), in: .filter) == .quit)
        #expect(table.action(for: .escape, in: .list) == .back)
        #expect(table.action(for: .escape, in: .filter) == .clearFilter)
        #expect(table.action(for: .escape, in: .help) == .closeHelp)
        #expect(table.action(for: .enter, in: .list) == .details)
        #expect(table.action(for: .enter, in: .details) == nil, "the pane is already open")
        #expect(table.action(for: .character("1"), in: .list) == .count, "a count with the pane closed (#37 item 21)")
        #expect(table.action(for: .character("1"), in: .details) == .followers)
        #expect(table.action(for: .backspace, in: .details) == .back)
        #expect(table.action(for: .backspace, in: .filter) == .deleteCharacter)
    }

    @Test("help shows only what works: back appears in a list only when there is something to leave")
    func helpEntries() {
        let atRoot = table.helpEntries(for: .list, canLeave: false).map(\.keys)
        let below = table.helpEntries(for: .list, canLeave: true).map(\.keys)
        #expect(!atRoot.contains("Esc h ← Backspace"))
        #expect(below.contains("Esc h ← Backspace"))
        #expect(!atRoot.contains("1") && table.helpEntries(for: .details).map(\.keys).contains("1"))
        #expect(table.helpEntries(for: .filter).map(\.keys) == ["Enter", "Esc", "Backspace", "Delete Ctrl-d", "Ctrl-w", "Ctrl-u",
                                                                "← Ctrl-b", "→ Ctrl-f", "Home Ctrl-a", "End Ctrl-e", "↓", "↑",
                                                                "F1", "Ctrl-z", "Ctrl-c"])
    }

    @Test("S, a search's order, is in the help of a search only; a profile's help has neither S nor the filter")
    func searchOrderOnlyOnSearches() {
        let help = { (list: GitHubList) in
            var state = makeState(list: list)
            _ = state.update(.key(.character("?")), at: epoch)
            return AppView.help(state)?.text.entries.map(\.keys) ?? []
        }
        #expect(help(.users(.search("tom"))).contains("S"))
        #expect(!help(.users(.all(since: 0))).contains("S"))
        #expect(help(.users(.all(since: 0))).contains("s"))
        #expect(!table.helpEntries(for: .list, kind: .profile).map(\.keys).contains { $0 == "S" || $0 == "/" })
    }

    @Test("status hints give way from the end when short of room, keeping the help key")
    func hints() {
        #expect(table.hints(for: .list, canLeave: false).fitted(to: 80) == "Enter details  / filter  : go  F follow  q quit  ? help")
        #expect(table.hints(for: .details).fitted(to: 80) == "1 followers  2 following  Esc back  / filter  : go  F follow  q quit  ? help")
        #expect(table.hints(for: .details).fitted(to: 32) == "1 followers  2 following  ? help")
        #expect(table.hints(for: .details).fitted(to: 31) == "1 followers  ? help")
        #expect(table.hints(for: .details).fitted(to: 6) == "? help")
        #expect(table.hints(for: .details).fitted(to: 5) == "")
        // On a profile, with the pane open on an organization: its members and its followers, and no filter.
        #expect(table.hints(for: .details, kind: .profile, subject: .organization).fitted(to: 80)
                == "1 members  2 followers  Esc back  : go  q quit  ? help")
        #expect(table.hints(for: .filter).fitted(to: 40) == "Enter keep  Esc clear  F1 keys")
        // Enter's hint says what it does on the selected row, and goes when it does nothing.
        #expect(table.hints(for: .list, canLeave: false, kind: .profile, enter: .open).fitted(to: 80)
                == "Enter open  : go  F follow  q quit  ? help")
        #expect(table.hints(for: .list, canLeave: false, kind: .profile, enter: .retry).fitted(to: 80)
                == "Enter retry  : go  F follow  q quit  ? help")
        #expect(table.hints(for: .list, canLeave: false, enter: .nothing).fitted(to: 80) == "/ filter  : go  F follow  q quit  ? help")
        #expect(table.hints(for: .list, canLeave: false, enter: .noRows).fitted(to: 80) == ": go  q quit  ? help")
        // F follows a user, * stars a repository, an organization neither; a token that may not is left out.
        #expect(table.hints(for: .details, subject: .repository).fitted(to: 80).contains("* star"))
        #expect(!table.hints(for: .details, subject: .repository).fitted(to: 80).contains("F follow"))
        #expect(!table.hints(for: .list, canLeave: false, unable: [.follow]).fitted(to: 80).contains("F follow"))
        #expect(table.hints(for: .list, canLeave: false, unable: [.star]).fitted(to: 80) == "Enter details  / filter  : go  F follow  q quit  ? help")
        #expect(!table.hints(for: .details, subject: .repository, unable: [.follow, .star]).fitted(to: 80).contains("* star"))
    }

    @Test("the README's key list is the table's")
    func readme() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- keys:"))
        let start = try #require(readme.range(of: "-->\n", range: marker.lowerBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n<!-- /keys -->"))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == table.markdown(),
                "regenerate it with: .build/debug/ghscroll keys --markdown")
    }
}

@Suite("Keys named in a configuration file")
struct KeyBindingConfigTests {
    @Test("key names: characters as typed, Ctrl-x, and named keys in any case")
    func names() {
        #expect(Key(name: "j") == .character("j"))
        #expect(Key(name: "G") == .character("G"))
        #expect(Key(name: "/") == .character("/"))
        #expect(Key(name: "Ctrl-d") == .control("d"))
        #expect(Key(name: "c-D") == .control("d"))
        #expect(Key(name: "space") == .character(" "))
        #expect(Key(name: "PgDn") == .pageDown)
        #expect(Key(name: "ESC") == .escape)
        #expect(Key(name: "↓") == .down)
        #expect(Key(name: "Ctrl-1") == nil)
        #expect(Key(name: "Hyper-x") == nil)
        #expect(Key(name: "\u{1B}") == nil, "a control character is not a key name")
        #expect(Key(name: "") == nil)
    }

    @Test("rebinding an action moves it to the new keys in the list and the pane; a clash is refused")
    func rebinding() throws {
        let table = try KeyTable().binding(.lineDown, to: [.character("n"), .down])
        #expect(table.action(for: .character("n"), in: .list) == .lineDown)
        #expect(table.action(for: .character("n"), in: .details) == .lineDown)
        #expect(table.action(for: .character("j"), in: .list) == nil)
        #expect(table.action(for: .down, in: .filter) == .lineDown, "the filter line's arrows are its own")
        #expect(table.helpEntries(for: .list).first?.keys == "n ↓")
        #expect(throws: KeyTable.Conflict.self) { try KeyTable().binding(.open, to: [.character("q")]) }
        #expect(Action.lineDown.configName == "line-down" && Action.halfPageUp.configName == "half-page-up")
        #expect(!Action.configurable.contains(.keepFilter) && Action.configurable.contains(.followers))
    }

    @Test("the names a configuration file binds are the ones released: a renamed case would break people's files")
    func configNames() {
        #expect(Action.configurable.map(\.configName) == [
            "line-down", "line-up", "scroll-down", "scroll-up", "page-down", "page-up", "half-page-down", "half-page-up", "first", "last", "details",
            "profile", "followers", "following", "repositories", "starred", "organizations", "back", "filter", "search", "sort", "command", "open", "copy", "follow", "star", "layout", "refresh", "retry",
            "help", "suspend", "quit",
        ])
    }
}

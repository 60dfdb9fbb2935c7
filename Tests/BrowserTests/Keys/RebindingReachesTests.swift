@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A configuration file's `[keys]` reach every mode: the list, the details pane and the help in
/// full, the filter and the command line in the keys that type nothing.
@Suite("A rebinding reaches the help, the filter and the command line")
struct RebindingReachesTests {
    /// `quit = ["x", "Ctrl-q"]`.
    static func quitOnX() throws -> KeyTable {
        try KeyTable().binding(.quit, to: [.character("x"), .control("q")])
    }

    @Test("quit = [x, Ctrl-q]: in the help q closes it and quits nothing, x quits; the footer and the status line say x")
    func quitInTheHelp() throws {
        var store = loadedStore(rows: 12, columns: 60, users: 40, keys: try Self.quitOnX())
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        let lines = render(store.state).lines
        #expect(lines[10].hasSuffix(" · j k scroll · Esc ? close · x quits"), "\(lines.joined(separator: "\n"))")
        #expect(lines[11].hasSuffix("Esc close  x quit"), "\(lines[11])")
        #expect(try Self.quitOnX().helpFooter == "Esc or ? closes this help · x quits")
        store.press(.character("q")) { $0.overlay = nil }
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.control("q")) {
            $0.overlay = nil
            $0.exitStatus = 0
        }
    }

    @Test("quit = [x, Ctrl-q]: on the filter and the command line x types itself, Ctrl-q quits, Ctrl-c does nothing")
    func quitWhileTyping() throws {
        var store = loadedStore(rows: 12, columns: 60, users: 40, keys: try Self.quitOnX())
        store.press(.character("/")) {
            $0.overlay = .filter
            $0.screens[0].listScreen?.filterOrigin = .init(id: 1, line: 0)
        }
        store.press(.character("x")) { $0.top.withList { $0.setFilter("x") } }
        store.press(.control("c"))
        store.press(.control("q")) { $0.exitStatus = 0 }

        var command = loadedStore(rows: 12, columns: 60, users: 40, keys: try Self.quitOnX())
        command.apply(.key(.character(":")))
        command.apply(.key(.character("x")))
        #expect(command.state.prompt.field.text == "x")
        command.press(.control("c"))
        command.press(.control("q")) { $0.exitStatus = 0 }
    }

    @Test("a rebinding with no key that types nothing leaves the lines' own keys: quit = [x] still quits the filter on Ctrl-c")
    func typingOnlyKeys() throws {
        let table = try KeyTable().binding(.quit, to: [.character("x")])
        #expect(table.action(for: .control("c"), in: .filter) == .quit)
        #expect(table.action(for: .control("c"), in: .command) == .quit)
        #expect(table.action(for: .character("x"), in: .help) == .quit)
        #expect(table.action(for: .character("q"), in: .help) == nil)
        // A key the line edits with stays an editing key there.
        let editing = try KeyTable().binding(.quit, to: [.character("q"), .control("a")])
        #expect(editing.action(for: .control("a"), in: .filter) == .lineStart)
        #expect(editing.action(for: .control("c"), in: .filter) == .quit)
        // The help key: F2 opens the keys of the filter line, and closes the help.
        let help = try KeyTable().binding(.help, to: [.character("?"), .function(2)])
        #expect(help.action(for: .function(2), in: .filter) == .help)
        #expect(help.action(for: .function(1), in: .filter) == nil)
        #expect(help.action(for: .function(2), in: .help) == .closeHelp)
        #expect(help.helpFooter == "Esc or ? or F2 closes this help · q quits")
    }

    @Test("line-down = [j, Down, n]: n scrolls the help too, and the help's own keys list it")
    func addedKeyScrollsTheHelp() throws {
        let table = try KeyTable().binding(.lineDown, to: [.character("j"), .down, .character("n")])
        #expect(table.bindings(for: .help).first { $0.action == .lineDown }?.keyLabel == "j ↓ n")
        var store = loadedStore(rows: 15, columns: 60, users: 40, keys: table)
        store.apply(.key(.enter))
        store.apply(.key(.escape))
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.character("n")) { $0.helpOffset = 1 }
        store.press(.character("n")) { $0.helpOffset = 2 }
        #expect(table.plainText().contains("  j ↓ n"))
    }
}

@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The state and commands after `keys` on a fresh `loadedStore(users:)`.
private func after(_ keys: [Key], users: Int64 = 40, rows: Int = 10) -> (state: AppState, commands: [Command]) {
    var store = loadedStore(rows: rows, users: users)
    var commands: [Command] = []
    for key in keys { commands = store.apply(.key(key)) }
    return (store.state, commands)
}

private func digits(_ text: String) -> [Key] { text.map { .character($0) } }

/// Vim's and less's habits: Ctrl-f and Ctrl-b page, a count before a move.
@Suite("Ctrl-f, Ctrl-b and a count before a move")
struct CountAndPagingKeysTests {
    @Test("Ctrl-f and Ctrl-b page down and up in the list and the pane as Space and b do")
    func controlPaging() {
        for pane in [false, true] {
            let open: [Key] = pane ? [.enter] : []
            let space = after(open + [.character(" ")]), controlF = after(open + [.control("f")])
            #expect(controlF.state == space.state && controlF.commands == space.commands)
            #expect(controlF.state.top.viewport.selection != 0, "it moved")
            let back = after(open + [.character(" "), .character("b")]), controlB = after(open + [.character(" "), .control("b")])
            #expect(controlB.state == back.state && controlB.commands == back.commands)
        }
    }

    @Test("on the filter and the command lines Ctrl-f and Ctrl-b stay the cursor's")
    func controlPagingWhileTyping() {
        var store = loadedStore(users: 40)
        store.apply(.key(.character("/")))
        store.apply(.key(.character("u")))
        store.apply(.key(.character("s")))
        store.press(.control("b")) { $0.top.withList { $0.editFilter(.left) } }
        store.press(.control("f")) { $0.top.withList { $0.editFilter(.right) } }
        #expect(store.state.top.viewport.selection == 0)
        #expect(store.state.keys.action(for: .control("f"), in: .command) == .cursorRight)
        #expect(store.state.keys.action(for: .control("b"), in: .command) == .cursorLeft)
    }

    @Test("in a help taller than the window Ctrl-f and Ctrl-b scroll it a page")
    func controlPagingInTheHelp() {
        var store = loadedStore(rows: 15, columns: 60, users: 40)
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.control("f")) { $0.helpOffset = 10 }
        store.press(.control("b")) { $0.helpOffset = 0 }
    }

    @Test("5j: the count shows in the status line while typed, then j moves five rows, as five j do")
    func countedLineDown() {
        var store = loadedStore(rows: 10, columns: 80, users: 40)
        store.press(.character("5")) { $0.count = 5 }
        let status = render(store.state).lines[9]
        #expect(status.hasPrefix(" Count 5: j 5 down · G to row 5 · Esc cancels "), "\(status)")
        let five = after(Array(repeating: .character("j"), count: 5))
        store.press(.character("j"), five.commands) { $0 = five.state }
        #expect(store.state.top.listScreen?.selectedPosition == 6)
        // 12k: back up twelve rows, to the first (no further).
        store.press(.character("1")) { $0.count = 1 }
        store.press(.character("2")) { $0.count = 12 }
        store.apply(.key(.character("k")))
        #expect(store.state.count == nil && store.state.top.listScreen?.selectedPosition == 1)
    }

    @Test("Esc cancels a count and does nothing else; a 0 first starts none; another key drops it and does its own")
    func cancelling() {
        var store = loadedStore(users: 40)
        store.apply(.key(.character("j")))
        store.press(.character("0"))
        store.press(.character("3")) { $0.count = 3 }
        store.press(.character("0")) { $0.count = 30 }
        store.press(.escape) { $0.count = nil }
        store.press(.character("2")) { $0.count = 2 }
        store.press(.character("/")) {
            $0.count = nil
            $0.overlay = .filter
        }
    }

    @Test("20G and 20g go to row 20 of the list")
    func countedG() {
        var store = loadedStore(rows: 10, users: 40)
        store.apply(.key(.character("2")))
        store.apply(.key(.character("0")))
        store.apply(.key(.character("G")))
        #expect(store.state.top.listScreen?.selectedPosition == 20)
        #expect(store.state.count == nil)
        store.apply(.key(.character("3")))
        store.apply(.key(.character("g")))
        #expect(store.state.top.listScreen?.selectedPosition == 3)
    }

    @Test("a row not loaded yet: 500G walks as G does (the last row loaded, the next page asked for)")
    func countedGPastTheLoaded() {
        let counted = after(digits("500") + [.character("G")], users: 20)
        let plain = after([.character("G")], users: 20)
        #expect(counted.state == plain.state)
        #expect(counted.commands == plain.commands)
        #expect(plain.commands.contains { if case .fetch = $0 { true } else { false } })
    }

    @Test("with the pane open the digits open its lists, as before")
    func digitsWithThePane() {
        var store = loadedStore(users: 40)
        store.apply(.key(.enter))
        store.apply(.key(.character("1")))
        #expect(store.state.count == nil)
        #expect(store.state.top.listScreen?.list == .users(.followers("user1")))
    }

    @Test("the digits are the key table's: its help names 0–9, and they give way to an action given one")
    func digitsAreData() throws {
        #expect(KeyTable().helpEntries(for: .list).contains { $0.keys == "0–9" && $0.text.hasPrefix("a count for the next move") })
        #expect(!KeyTable().helpEntries(for: .details).contains { $0.keys == "0–9" })
        let table = try KeyTable().binding(.open, to: [.character("9")])
        #expect(table.action(for: .character("9"), in: .list) == .open)
        #expect(table.action(for: .character("8"), in: .list) == .count)
        #expect(table.helpEntries(for: .list).contains { $0.keys == "0 1 2 3 4 5 6 7 8" })
        // The pane's own digits, as the example configuration gives them, take none from the count.
        let example = try KeyTable().binding(.followers, to: [.character("1")]).binding(.organizations, to: [.character("5")])
        #expect(example == KeyTable())
    }
}

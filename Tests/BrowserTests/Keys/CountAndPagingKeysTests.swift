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

/// Answers the first fetch among `commands` with the users `ids` (and a next page after them,
/// unless it is the `last`); the commands that follow.
private func answer(_ store: inout TestStore, _ commands: [Command], ids: ClosedRange<Int64>, last: Bool = false) -> [Command] {
    guard let (id, request) = commands.lazy.compactMap({ command -> (ScreenID, FetchRequest<GitHubCursor>)? in
        if case let .run(.fetch(id, _), .page(_, request)) = command { (id, request) } else { nil }
    }).first else { return [] }
    let after: GitHubCursor? = last ? nil : .since(ids.upperBound)
    return store.apply(.pageLoaded(id, request.token, page(ids, next: after), origin: .network))
}

private extension [Command] {
    /// The cursors of the pages these commands ask for.
    var fetches: [GitHubCursor] {
        compactMap { if case let .run(.fetch(_, _), .page(_, request)) = $0 { request.cursor } else { nil } }
    }
}

private extension AppState {
    /// `request` as the command that asked for it.
    func pending(_ request: FetchRequest<GitHubCursor>) -> [Command] { [.fetch(ScreenID(1), .users(.all(since: 0)), request)] }
}

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
            $0.screens[0].listScreen?.filterOrigin = .init(id: 2, line: 1)
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

    @Test("a row not loaded yet: 50G goes to the last row loaded and asks for the next page, as G does, and keeps going as each page comes until row 50 is there")
    func countedGPastTheLoaded() {
        var store = loadedStore(users: 20)
        for key in digits("50") { store.apply(.key(key)) }
        let next = request(2, .append, .since(20))
        store.press(.character("G"), [.fetch(root, .users(.all(since: 0)), next), .scheduleTick(2, after: .milliseconds(100))]) {
            $0.count = nil
            $0.pendingTick = 2
            $0.nextTick = 2
            $0.top.listScreen?.pager.awaits(.append, request: 2, at: .since(20))
            $0.top.listScreen?.pager.shows(from: 12, rows: 8)
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 13, selection: 19)
            $0.top.listScreen?.selectedID = 20
            $0.top.listScreen?.walkTo = 49
        }
        // Row 40 is the last loaded when the second page comes: the walk goes on from there.
        var commands = answer(&store, store.state.pending(next), ids: 21...40)
        #expect(store.state.top.listScreen?.selectedPosition == 40)
        #expect(store.state.top.listScreen?.walkTo == 49)
        #expect(commands.fetches == [.since(40)])
        commands = answer(&store, commands, ids: 41...60)
        #expect(store.state.top.listScreen?.selectedPosition == 50)
        #expect(store.state.top.listScreen?.selectedID == 50)
        #expect(store.state.top.listScreen?.walkTo == nil)
        // Nothing more is asked for on its account once it is there.
        #expect(commands.fetches.isEmpty)
    }

    @Test("30j from row 1 with 20 loaded walks as 31G does; any move on the way gives the walk up; a list that ends first ends it on its last row")
    func countedWalks() {
        let counted = after(digits("30") + [.character("j")], users: 20)
        let g = after(digits("31") + [.character("G")], users: 20)
        #expect(counted.state == g.state && counted.commands == g.commands)
        #expect(counted.state.top.listScreen?.walkTo == 30)

        var moved = loadedStore(users: 20)
        for key in digits("30") + [.character("j")] { moved.apply(.key(key)) }
        let pending = moved.apply(.key(.character("k")))
        #expect(moved.state.top.listScreen?.walkTo == nil)
        _ = answer(&moved, pending + [.fetch(root, .users(.all(since: 0)), request(2, .append, .since(20)))], ids: 21...40)
        #expect(moved.state.top.listScreen?.selectedPosition == 19, "the page does not move the selection")

        var ending = loadedStore(users: 20)
        for key in digits("90") + [.character("G")] { ending.apply(.key(key)) }
        let last = answer(&ending, [.fetch(root, .users(.all(since: 0)), request(2, .append, .since(20)))], ids: 21...30, last: true)
        #expect(ending.state.top.listScreen?.selectedPosition == 30)
        #expect(ending.state.top.listScreen?.walkTo == nil)
        #expect(last.fetches.isEmpty)
    }

    @Test("presses past the rows loaded add up while the next page loads: four Space from row 1 of 20 reach row 33, as 33G does; so do j after j")
    func pressesAddUp() {
        // A page is 8 rows: Space to row 9, row 17, then past the 20 loaded: a walk to 25, then 33.
        var store = loadedStore(users: 20)
        var commands: [Command] = []
        for _ in 0..<4 { commands += store.apply(.key(.character(" "))) }
        let g = after(digits("33") + [.character("G")], users: 20)
        #expect(store.state.top.listScreen?.walkTo == 32 && store.state.top.listScreen?.selectedPosition == 20)
        #expect(commands.fetches == [.since(20)], "the next page asked for once")
        var walked = store.state
        walked.top.withList { $0.walkTo = g.state.top.listScreen?.walkTo }
        #expect(g.state.top.listScreen?.walkTo == 32 && walked.top.viewport == g.state.top.viewport)
        _ = answer(&store, commands, ids: 21...40)
        #expect(store.state.top.listScreen?.selectedPosition == 33 && store.state.top.listScreen?.walkTo == nil)

        // j at the last row loaded, three times before the page comes: three rows into it.
        var lines = loadedStore(users: 20)
        commands = lines.apply(.key(.character("G")))
        for _ in 0..<3 { commands += lines.apply(.key(.character("j"))) }
        _ = answer(&lines, commands, ids: 21...40)
        #expect(lines.state.top.listScreen?.selectedPosition == 23)
        // Filtered, a press past the last match does not walk: it asks for more, as ever.
        #expect(after([.character("/"), .character("1"), .enter, .character("G"), .character("j")], users: 20).state.top.listScreen?.walkTo == nil)
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

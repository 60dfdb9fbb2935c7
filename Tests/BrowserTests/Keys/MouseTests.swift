@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The hit map of the frame `state` draws.
private func hits(_ state: AppState) -> HitMap {
    AppView.render(state, on: CellBuffer(rows: state.size.rows, columns: state.size.columns))
}

/// Where `text` is on the screen `state` draws (row, column of its first cell).
private func cell(of text: String, in state: AppState) -> (row: Int, column: Int)? {
    for (row, line) in render(state).lines.enumerated() {
        if let range = line.range(of: text) { return (row, line.distance(from: line.startIndex, to: range.lowerBound)) }
    }
    return nil
}

@Suite("The mouse: clicks on what the frame shows, the wheel three rows a notch")
struct MouseTests {
    @Test("the frame's hit map: each line of the list is its row; the title and the status line are nothing")
    func rowsInTheHitMap() {
        let store = loadedStore(rows: 10, columns: 80, users: 40)
        let map = hits(store.state)
        #expect(map.target(row: 1, column: 5) == .row(root, 0))
        #expect(map.target(row: 4, column: 79) == .row(root, 3))
        #expect(map.target(row: 0, column: 5) == nil)
        #expect(map.target(row: 9, column: 5) == nil)
        var scrolled = store
        for _ in 0..<10 { scrolled.apply(.key(.character("j"))) }
        let top = scrolled.state.top.viewport.top
        #expect(top > 0)
        #expect(hits(scrolled.state).target(row: 1, column: 0) == .row(root, top))
    }

    @Test("a click selects the row; a click on the selected row opens its details, as Enter")
    func clickSelectsThenOpens() {
        var store = loadedStore(rows: 10, columns: 80, users: 40)
        let three = after3()
        store.send(.clicked(.row(root, 3)), three.commands) { $0 = three.state }
        var entered = store
        let enter = entered.apply(.key(.enter))
        #expect(enter.contains { if case .run(.details, .userDetails) = $0 { true } else { false } })
        store.send(.clicked(.row(root, 3)), enter) { $0 = entered.state }
        // A row of a screen no longer on top, and nothing at all: nothing happens.
        store.send(.clicked(.row(ScreenID(9), 1)))
        store.send(.clicked(nil))
    }

    private func after3() -> (state: AppState, commands: [Command]) {
        var store = loadedStore(rows: 10, columns: 80, users: 40)
        var commands: [Command] = []
        for _ in 0..<3 { commands = store.apply(.key(.character("j"))) }
        return (store.state, commands)
    }

    @Test("a click on the pane's [1] followers opens that list, as 1 does; the hit map finds the link where it was drawn, rebound too")
    func clickOnAPaneLink() throws {
        for keys in [KeyTable(), try KeyTable().binding(.followers, to: [.character("!")])] {
            var store = loadedStore(rows: 16, columns: 100, keys: keys)
            store.apply(.key(.enter))
            store.apply(.detailsLoaded(RequestID(1), details("user1", id: 1)))
            let label = keys.label(.followers, in: .details) ?? ""
            let link = try #require(cell(of: "[\(label)] followers", in: store.state), "\(render(store.state))")
            let map = hits(store.state)
            #expect(map.target(row: link.row, column: link.column) == .pane(root, .followers))
            #expect(map.target(row: link.row, column: link.column + 12) == .pane(root, .followers))
            let following = try #require(cell(of: "[2] following", in: store.state))
            #expect(map.target(row: following.row, column: following.column + 1) == .pane(root, .following))
            var pressed = store
            let expected = pressed.apply(.key(.character(Character(label))))
            store.send(.clicked(.pane(root, .followers)), expected) { $0 = pressed.state }
            #expect(store.state.top.listScreen?.list == .users(.followers("user1")))
        }
    }

    @Test("clicks do nothing on the filter and command lines; in the help a click closes it as a key does")
    func clicksInOverlays() {
        var store = loadedStore(users: 40)
        store.apply(.key(.character("/")))
        store.send(.clicked(.row(root, 3)))
        store.apply(.key(.escape))
        store.apply(.key(.character(":")))
        store.send(.clicked(.row(root, 3)))
        store.apply(.key(.escape))
        store.apply(.key(.character("?")))
        #expect(hits(store.state) == HitMap(), "nothing under the help answers a click")
        store.send(.clicked(nil)) { $0.overlay = nil }
    }

    @Test("a notch of the wheel moves three rows in the list, three lines in the help; the help and ghscroll keys say so")
    func wheel() {
        var store = loadedStore(rows: 10, columns: 80, users: 40)
        store.apply(.key(.wheelDown))
        #expect(store.state.top.listScreen?.selectedPosition == 4)
        store.apply(.key(.wheelDown))
        store.apply(.key(.wheelUp))
        #expect(store.state.top.listScreen?.selectedPosition == 4)
        var help = loadedStore(rows: 15, columns: 60, users: 40)
        help.apply(.key(.character("?")))
        help.press(.wheelDown) { $0.helpOffset = 3 }
        help.press(.wheelUp) { $0.helpOffset = 0 }
        // Over a help shown whole the wheel has nothing to scroll, and leaves it open.
        var whole = loadedStore(rows: 30, columns: 100, users: 40)
        whole.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        whole.press(.wheelDown)
        let entries = KeyTable().helpEntries(for: .list)
        #expect(entries.contains { $0.keys == "wheel down" && $0.text == "down three rows" })
        #expect(entries.contains { $0.keys == "j ↓" && $0.text == "down one row" })
        #expect(KeyTable().plainText().contains("wheel down"))
    }

    @Test("a configuration file from before the wheel had actions of its own gives it to line-down, which then has it")
    func oldFileWithTheWheel() throws {
        let table = try KeyTable().binding(.lineDown, to: [.character("j"), .down, .wheelDown])
        #expect(table.action(for: .wheelDown, in: .list) == .lineDown)
        #expect(table.action(for: .wheelDown, in: .help) == .lineDown)
        #expect(table.action(for: .wheelUp, in: .list) == .scrollUp)
    }
}

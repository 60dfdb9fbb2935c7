@testable import Browser
import Foundation
import ListCore
import Testing
import TerminalUI

/// Clearing a filter that matched nothing puts the selection back where `/` found it, not on
/// the last row an earlier, shorter text matched.
@Suite("Esc after a filter that matched nothing goes back to where / was pressed (whole state)")
struct FilterOriginTests {
    /// The loaded list of 20 users, the selection moved down to user6, then `/` pressed.
    private func opened() -> (store: TestStore, before: AppState) {
        var store = loadedStore()
        for _ in 0..<5 { store.apply(.key(.character("j"))) }
        let before = store.state
        #expect(before.top.selectedUser?.id == 6)
        store.press(.character("/")) {
            $0.overlay = .filter
            $0.screens[0].listScreen?.filterOrigin = .init(id: 6, line: 5)
        }
        return (store, before)
    }

    @Test("/ on user6, 1 jumps to user10, 1z matches nothing: Esc puts user6 back on the same line, as before /")
    func escapeOnTheLine() {
        var (store, before) = opened()
        store.apply(.key(.character("1")))
        #expect(store.state.top.selectedUser?.id == 10, "the next match after user6")
        store.apply(.key(.character("z")))
        #expect(store.state.top.asList.items.isEmpty && store.state.top.selectedUser == nil)
        store.press(.escape) { $0 = before }
    }

    @Test("the same filter kept with Enter, then Esc in the list: user6 again, on the same line")
    func escapeInTheList() {
        var (store, before) = opened()
        for key in ["1", "z"] { store.apply(.key(.character(Character(key)))) }
        store.apply(.key(.enter))
        #expect(store.state.overlay == nil && store.state.top.asList.filter == "1z")
        store.press(.escape) { $0 = before }
    }

    @Test("a filter that matched: Esc stays on the match (user10), as ever, and the next / starts from there")
    func escapeOnAMatch() {
        var (store, _) = opened()
        store.apply(.key(.character("1")))
        store.apply(.key(.escape))
        #expect(store.state.top.asList.filter.isEmpty && store.state.top.selectedUser?.id == 10)
        #expect(store.state.top.listScreen?.filterOrigin == nil)
        store.apply(.key(.character("/")))
        #expect(store.state.top.listScreen?.filterOrigin?.id == 10)
    }

    @Test("a filter erased to nothing (Backspace, Ctrl-u) is no filter: the selection goes back where / found it, and Esc then changes nothing more")
    func erased() {
        for erase in [Key.backspace, .control("u")] {
            var (store, before) = opened()
            store.apply(.key(.character("1")))
            #expect(store.state.top.selectedUser?.id == 10)
            store.press(erase) {
                $0 = before
                $0.overlay = .filter
                $0.screens[0].listScreen?.filterOrigin = .init(id: 6, line: 5)
            }
            store.press(.escape) { $0 = before }
        }
    }
}

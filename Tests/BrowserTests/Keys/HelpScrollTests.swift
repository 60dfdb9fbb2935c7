@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A help taller than the window scrolls, so that no key is out of reach.
@Suite("The help in a small window")
struct HelpScrollTests {
    @Test("at 60×15 in a list one can go back from, the help is one column that scrolls: j, Space, b, k; any other key closes")
    func scrolls() {
        var store = loadedStore(rows: 15, columns: 60, users: 40)
        store.apply(.key(.enter))
        store.apply(.key(.escape))
        store.apply(.key(.character("/")))
        store.apply(.key(.character("u")))
        store.apply(.key(.enter))
        #expect(store.state.canLeave, "a filter to clear: the help lists the back key")
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.character("j")) { $0.helpOffset = 1 }
        store.press(.pageDown) { $0.helpOffset = 11 }
        expectScreen(store.state, lines: [
            " ghscroll · All users                        api.github.com",
            "  Keys · in a list",
            "  0–9                  a count for the next move (before",
            "                       first or last: that row)",
            "  click                select a row (again: open it),",
            "                       follow a pane's link",
            "  Enter l →            show the details of the user or",
            "                       repository",
            "  p                    the account's profile (a",
            "                       repository's owner's)",
            "  Esc h ← Backspace    back: close the pane, clear the",
            "                       filter, or leave the list",
            "  /                    filter the loaded rows by words",
            "  12–22 of 39 · j k scroll · Esc ? close · q quits",
            " 40 of 40 loaded · 1/40 · /u              Esc close  q quit",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        // Past the end it stays on the last page; back up by a page and a line.
        store.press(.pageDown) { $0.helpOffset = 21 }
        store.press(.pageDown) { $0.helpOffset = 28 }
        store.press(.character(" "))
        store.press(.character("b")) { $0.helpOffset = 18 }
        store.press(.character("k")) { $0.helpOffset = 17 }
        store.press(.character("x")) {
            $0.overlay = nil
            $0.helpOffset = 0
        }
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.character("q")) {
            $0.overlay = nil
            $0.exitStatus = 0
        }
    }

    @Test("where the help shows whole, j closes it as any other key does")
    func wholeHelpCloses() {
        var store = loadedStore(rows: 24, columns: 80, users: 40)
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.character("j")) { $0.overlay = nil }
        #expect(store.state.top.viewport.selection == 0, "the key closed the help and did nothing else")
    }
}

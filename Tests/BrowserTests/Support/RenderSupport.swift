@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A rendered screen: its text and its styles, one line each.
struct Rendered: Equatable, CustomStringConvertible {
    var lines: [String]
    var styles: [String]

    var description: String { (lines + [""] + styles).joined(separator: "\n") }
}

func render(_ state: AppState) -> Rendered {
    let screen = CellBuffer(rows: state.size.rows, columns: state.size.columns)
    AppView.render(state, on: screen)
    return Rendered(lines: screen.lines, styles: screen.styleLines)
}

/// Compares a whole screen, text and styles, and shows both when they differ.
func expectScreen(_ state: AppState, lines: [String], styles: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = render(state)
    let expected = Rendered(lines: lines, styles: styles)
    if actual != expected {
        Issue.record("the screen differs:\n\(difference(expected, actual))\n\nactual:\n\(actual)", sourceLocation: sourceLocation)
    }
}

/// The details of `user2` with a bit of everything.
func richDetails(name: String? = "Zoë 山田 🚀") -> UserDetails {
    var user = details("user2", id: 2, name: name)
    user.bio = "First line.\nSecond line is long enough to wrap in the pane.\n\nAfter a blank line."
    user.company = "@acme"
    user.location = "Montréal"
    user.blog = "https://user2.example.dev"
    user.followers = 1_234
    user.following = 5
    user.publicRepos = 12
    user.publicGists = 3
    user.createdAt = Date(timeIntervalSince1970: 1_300_000_000)
    user.siteAdmin = true
    return user
}

/// The loaded list with the second user selected and the details pane open (request 1 out).
func paneOpen(rows: Int = 16, columns: Int = 100, users: Int64 = 20, keys: KeyTable = KeyTable()) -> TestStore {
    var store = loadedStore(rows: rows, columns: columns, users: users, keys: keys)
    store.apply(.key(.character("j")))
    store.apply(.key(.enter))
    return store
}

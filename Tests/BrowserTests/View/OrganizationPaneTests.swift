@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A list whose second row is the organization `acme`, the pane open on it with its details in.
private func orgPaneOpen(followers: Int = 40) -> TestStore {
    var store = TestStore(makeState(rows: 16, columns: 100))
    store.applyStart()
    let rows = [Row.user(user(1, "mona")), .user(user(2, "acme", org: true)), .user(user(3, "bob"))]
    store.apply(.pageLoaded(root, firstToken, Page(items: rows, next: nil)))
    store.apply(.key(.character("j")))
    store.apply(.key(.enter))
    store.apply(.detailsDue(RequestID(1)))
    var acme = details("acme", id: 2, name: "Acme", org: true)
    acme.followers = followers
    acme.following = 2
    acme.publicRepos = 12
    acme.location = "Lyon"
    store.apply(.detailsLoaded(RequestID(1), acme))
    return store
}

@Suite("An organization's pane, help and profile offer what applies: members, repositories, followers")
struct OrganizationPaneTests {
    @Test("the pane: no following count, [1] members [2] followers [3] repos, not starred nor orgs; the status the same")
    func pane() {
        let store = orgPaneOpen()
        expectScreen(store.state, lines: [
            " ghscroll · All users                                                                api.github.com",
            " mona                                           #1  │ ┌──────┐  Acme",
            " acme  Acme                             org · Lyon  │ │      │  acme · Organization",
            " bob                                            #3  │ │no pi…│",
            " — End of list · 3 users —                          │ └──────┘  Location   Lyon",
            "                                                    │",
            "                                                    │ Followers  40",
            "                                                    │ Repos      12 public",
            "                                                    │ Profile    https://github.com/acme",
            "                                                    │",
            "                                                    │ [1] members  [2] followers  [3] repos",
            "                                                    │ [o] open  [y] copy",
            "                                                    │",
            "                                                    │",
            "                                                    │",
            " 3 users · 2/3 · end               1 members  2 followers  Esc back  / filter  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "................................................mmm.m.mmmmmmmm..AAAA................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.m......m..mmmmmmmmmmmmmmmmmmm.................",
            "................................................mmm.m.mmmmmmmm......................................",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.mmmmmmmm..mmmmmmmm............................",
            "....................................................m...............................................",
            "....................................................m.mmmmmmmmm.....................................",
            "....................................................m.mmmmm.........................................",
            "....................................................m.mmmmmmm.......................................",
            "....................................................m...............................................",
            "....................................................m.mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.........",
            "....................................................m.mmmmmmmmmmmmmmmmmm............................",
            "....................................................m...............................................",
            "....................................................m...............................................",
            "....................................................m...............................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the help on an organization's pane leaves out the keys that open nothing there (4 starred, 5 orgs)")
    func help() {
        var store = orgPaneOpen()
        store.apply(.key(.character("?")))
        // The help scrolls at this size: every line of it, page by page.
        func wholeHelp() -> String {
            var lines: [String] = []
            for _ in 0..<30 {
                lines += render(store.state).lines.dropFirst(2).dropLast(2).filter { !lines.contains($0) }
                store.apply(.key(.character("j")))
            }
            return lines.joined(separator: "\n")
        }
        let organization = wholeHelp()
        // 1 and 2 named for what they open there, as the pane and the status line name them.
        #expect(organization.contains("open its members") && organization.contains("open its followers"), "\(organization)")
        #expect(!organization.contains("open the users they"), "\(organization)")
        #expect(!organization.contains("open the repositories they st"), "\(organization)")
        #expect(!organization.contains("open the organizations the"), "\(organization)")
        // On a user's pane the same help has them.
        store.apply(.key(.character("?")))
        store.apply(.key(.character("k")))
        store.apply(.key(.character("?")))
        let user = wholeHelp()
        #expect(user.contains("open the repositories they st"), "\(user)")
        #expect(user.contains("open the organizations the"), "\(user)")
    }

    @Test("an organization's profile: its members, repositories and followers (counted by its details), no following")
    func profile() {
        var store = orgPaneOpen(followers: 1_234)
        store.apply(.key(.escape))
        store.apply(.key(.character("p")))
        let profile = store.state.top.profileScreen?.profile
        #expect(profile?.rows.slices.map(\.id) == [.about, .members, .repositories, .followers])
        // The about row's heading is the picture and the facts, drawn over it; the others are worded by the view.
        let headings = profile.map { profile in profile.rows.slices.dropFirst().map { ProfileWords.heading($0.id, of: profile) } }
        #expect(headings == ["Members", "Repositories · 12", "Followers · 1,234"])
    }
}

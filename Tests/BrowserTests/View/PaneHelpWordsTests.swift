@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The pane open on the second of `rows`, its help shown: the help's entries, key by key.
private func paneHelp(_ list: GitHubList, _ rows: [Row], keys: KeyTable = KeyTable()) -> [String: String] {
    var store = TestStore(makeState(list: list, rows: 30, columns: 120, keys: keys))
    store.applyStart()
    store.apply(.pageLoaded(root, firstToken, Page(items: rows, next: nil)))
    store.apply(.key(.character("j")))
    store.apply(.key(.enter))
    store.apply(.key(.character("?")))
    let entries = AppView.help(store.state)?.text.entries ?? []
    return Dictionary(entries.map { ($0.keys, $0.text) }, uniquingKeysWith: { first, _ in first })
}

/// The pane's keys 1–5 in the help, as the pane and the status line name them (#37 item 15: an
/// organization's help offered "2 open the users they follow", which no organization has).
@Suite("The help of the details pane names the lists its keys open there")
struct PaneHelpWordsTests {
    @Test("on an organization: 1 its members, 2 its followers, 3 its repositories; nothing it does not have")
    func organization() {
        let help = paneHelp(.users(.all(since: 0)), [.user(user(1, "mona")), .user(user(2, "acme", org: true))])
        #expect(help["1"] == "open its members", "\(help)")
        #expect(help["2"] == "open its followers", "\(help)")
        #expect(help["3"] == "open its repositories", "\(help)")
        #expect(help["4"] == nil && help["5"] == nil, "\(help)")
        #expect(!help.values.contains { $0.contains("they follow") }, "\(help)")
        #expect(help["F"] == nil && help["*"] == nil, "an organization is neither followed nor starred here: \(help)")
    }

    @Test("on a repository: 1 its stargazers, 2 its contributors, 3 its watchers")
    func repository() {
        let rows = [Row.repository(GitHubRepository(id: 1, fullName: "octocat/a")),
                    .repository(GitHubRepository(id: 2, fullName: "octocat/b"))]
        let help = paneHelp(.repositories(.owned("octocat", organization: false)), rows)
        #expect(help["1"] == "open its stargazers", "\(help)")
        #expect(help["2"] == "open its contributors", "\(help)")
        #expect(help["3"] == "open its watchers", "\(help)")
        #expect(help["4"] == nil && help["5"] == nil, "\(help)")
        #expect(help["F"] == nil && help["*"] != nil, "a repository is starred, not followed: \(help)")
    }

    @Test("on a user the key table's own words; a rebound key is named as bound")
    func userAndRebound() throws {
        let users: [Row] = [.user(user(1, "mona")), .user(user(2, "bob"))]
        let help = paneHelp(.users(.all(since: 0)), users)
        #expect(help["1"] == "open their followers (members; a repository's stargazers)", "\(help)")
        #expect(help["2"] == "open the users they follow (a repository's contributors)", "\(help)")
        #expect(help["F"] != nil && help["*"] == nil, "a user is followed, not starred: \(help)")
        let rebound = try KeyTable().binding(.followers, to: [.character("m")])
        let organization = paneHelp(.users(.all(since: 0)), [users[0], .user(user(2, "acme", org: true))], keys: rebound)
        #expect(organization["m"] == "open its members" && organization["1"] == nil, "\(organization)")
    }
}

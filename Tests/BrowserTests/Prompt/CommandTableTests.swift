@testable import Browser
import GitHubAPI
import ListCore
import Testing

/// Lines the shell and the `:` line must judge alike: both read ``GoCommand``'s one table (the
/// end-to-end tests run the same lines through the shell).
enum CommandTableLines {
    /// Lines refused, and what both say.
    static let refused: [(String, String)] = [
        ("user octocat --page 2", "--page goes with lists, not with a profile"),
        ("users --page 2", "--page goes with every list but users, which starts with --since"),
        ("followers octocat --page 0", "--page must be from 1 to 100000 (got 0)"),
        ("users --since -5", "--since must be a user id, 0 or more (got -5)"),
        ("followers .hidden", "'.hidden' is not a GitHub login"),
        ("following ..", "'..' is not a GitHub login"),
        ("watchers octocat", "watchers takes a repository as OWNER/REPO, for example apple/swift (got 'octocat')"),
        ("followers octocat --sort joined", "--sort goes with search"),
        ("members @me", "@me is your own account, not an organization: only an organization has members (followers @me lists yours)"),
        ("followers @octocat", "'@octocat' is not a GitHub login"),
        ("user @", "'@' is not a GitHub login"),
        ("me --page 2", "--page goes with lists, not with a profile"),
    ]
}

@Suite("One command table: the options that choose a list, and the login rules, as the shell has them")
struct CommandTableTests {
    @Test("the : line takes --page, --sort and --since where the shell does, anywhere after the name")
    func options() throws {
        let followers = try GoCommand.parse("followers --page 2 octocat").get()
        #expect(followers == .list(.users(.followers("octocat")), under: "octocat", page: 2))
        #expect(try GoCommand.parse("users --since 7").get() == .list(.users(.all(since: 7))))
        for (line, message) in CommandTableLines.refused {
            guard case .failure(let error) = GoCommand.parse(line) else {
                Issue.record("\(line) was taken")
                continue
            }
            #expect(error.description == message, "\(line)")
        }
    }

    @Test("resolve is what the shell calls with what its parser read: the same verdict as the line")
    func resolveMatchesParse() {
        #expect(GoCommand.resolve("followers", ["octocat"], page: 2) == GoCommand.parse("followers octocat --page 2"))
        #expect(GoCommand.resolve("search", ["tom", "type:user"], page: 3, sort: .followers)
                == GoCommand.parse("search tom type:user --sort followers --page 3"))
        #expect(GoCommand.resolve("user", ["octocat"], page: 2) == GoCommand.parse("user octocat --page 2"))
        #expect(GoCommand.resolve("users", [], since: -5) == GoCommand.parse("users --since -5"))
    }

    @Test(":followers octocat --page 2 opens the list at its second page, with the page before it to scroll up to")
    func pageOnTheLine() {
        var store = TestStore(makeState())
        store.applyStart()
        store.apply(.key(.character(":")))
        for character in "followers octocat --page 2" { store.apply(.key(.character(character))) }
        let commands = store.apply(.key(.enter))
        guard case .run(.check(let id), .check(.account("octocat")))? = commands.first else {
            Issue.record("no check: \(commands)")
            return
        }
        let opened = store.apply(.commandChecked(id, .found))
        #expect(opened.contains(.fetch(ScreenID(2), .users(.followers("octocat")),
                                       request(1, .initial, .page(2), pageSize: 20))), "\(opened)")
        #expect(store.state.top.asList.pager.pagesBefore == [.first])
    }
}

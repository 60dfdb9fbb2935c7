@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Issue 37 items 4 and 19: a count meets its noun in the singular for one ("1 follower", not
/// "1 followers"), every number is grouped the same way ("3,000", in the end row as in the status
/// line), and a list is named in words ("octocat follows").
@Suite("Counts in words: one is singular, numbers grouped alike, lists named as they read")
struct CountWordsTests {
    @Test("one counted thing is singular, any other number plural, grouped, or compact on a filled row")
    func counted() {
        #expect(Formatting.count(1, Noun("follower")) == "1 follower")
        #expect(Formatting.count(0, Noun("follower")) == "0 followers")
        #expect(Formatting.count(3_000, Noun("user")) == "3,000 users")
        #expect(Formatting.count(1, Noun("repository", plural: "repositories")) == "1 repository")
        #expect(Formatting.count(2, Noun("repository", plural: "repositories")) == "2 repositories")
        #expect(Formatting.count(1, Noun("follower"), compact: true) == "1 follower")
        #expect(Formatting.count(1_234, Noun("follower"), compact: true) == "1.2k followers")
        #expect(Formatting.shortAge(of: epoch.addingTimeInterval(-86_400), now: epoch) == "1 day ago")
    }

    @Test("numbers are grouped by threes from the right, signs and the largest included",
          arguments: [(0, "0"), (999, "999"), (-999, "-999"), (1_000, "1,000"), (-1_000, "-1,000"), (12_345, "12,345"),
                      (123_456, "123,456"), (1_234_567, "1,234,567"), (-40_000_000, "-40,000,000"),
                      (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808")])
    func grouped(number: Int, words: String) {
        #expect(Formatting.grouped(number) == words)
    }

    @Test("a count typed before a move is grouped as the row it leads to is: G to row 3,000")
    func typedCount() {
        var store = loadedStore(rows: 10, columns: 80, users: 40)
        for digit in "3000" { store.apply(.key(.character(digit))) }
        let status = render(store.state).lines[9]
        #expect(status.hasPrefix(" Count 3,000: j 3,000 down · G to row 3,000 · Esc cancels "), "\(status)")
    }

    @Test("a list of one follower ends with End of list · 1 follower, and the status line says 1 follower")
    func oneFollower() {
        var store = TestStore(makeState(list: .users(.followers("octocat")), rows: 5, columns: 60))
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [Row.user(GitHubUser(login: "user1", id: 1))], next: nil)))
        let lines = render(store.state).lines
        #expect(lines[2] == " — End of list · 1 follower —", "\(lines.joined(separator: "\n"))")
        #expect(lines[4].hasPrefix(" 1 follower · 1/1 · end "), "\(lines[4])")
    }

    @Test("one search result of 12 found is 1 result of 12 in the status line")
    func oneResultOfTwelve() {
        var store = TestStore(makeState(list: .users(.search("tom", sort: .bestMatch)), rows: 5, columns: 80))
        store.applyStart()
        let page = Page<Row, GitHubCursor>(items: [Row.user(GitHubUser(login: "tom", id: 1))], next: .page(2), totalCount: 12)
        store.apply(.pageLoaded(root, firstToken, page))
        let status = render(store.state).lines[4]
        #expect(status.hasPrefix(" 1 result of 12 · 1/1"), "\(status)")
    }

    @Test("the end row of 3,000 users groups its number as the status line does")
    func endRowGrouped() {
        var store = TestStore(makeState(list: .users(.all(since: 0)), rows: 6, columns: 60))
        store.applyStart()
        let users = (1...3_000).map { Row.user(GitHubUser(login: "user\($0)", id: Int64($0))) }
        store.apply(.pageLoaded(root, firstToken, Page(items: users, next: nil)))
        store.apply(.key(.character("G")))
        let lines = render(store.state).lines
        #expect(lines[4] == " — End of list · 3,000 users —", "\(lines.joined(separator: "\n"))")
        #expect(lines[5].hasPrefix(" 3,000 users · 3,000/3,000 · end "), "\(lines[5])")
    }

    @Test("the row above a list opened past its start counts the rows before it: one is singular")
    func earlierRow() {
        let list = GitHubList.users(.followers("octocat"))
        var store = TestStore(AppState(list: list, host: "api.github.com", pageSize: 1, prefetchDistance: 0,
                                       size: AppState.Size(rows: 6, columns: 70), now: epoch, firstCursor: .page(2)))
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [Row.user(GitHubUser(login: "user2", id: 2))], next: nil)))
        let row = render(store.state).lines[1]
        #expect(row.contains(" 1 follower before these"), "\(row)")
    }

    @Test("a profile's All row counts its list in the singular for one")
    func profileAllRow() {
        var profile = Profile(login: "octocat", isOrganization: false, heights: .compact, headerLines: 1)
        var details = UserDetails(login: "octocat", id: 1)
        details.followers = 1
        details.following = 1
        details.publicRepos = 1
        profile.learn(details)
        #expect(ProfileWords.seeAll(.followers, of: profile) == "All 1 follower →")
        #expect(ProfileWords.seeAll(.following, of: profile) == "All 1 following →")
        #expect(ProfileWords.seeAll(.repositories, of: profile) == "All 1 repository →")
    }

    @Test("on a profile, the status line says where the selection is among one follower in the singular")
    func profileStatus() {
        var store = TestStore.octocatProfile(rows: 12, aboutLines: 6)
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: [Row.user(user(11))], next: nil)))
        let status = render(store.state).lines[11]
        #expect(status.hasPrefix(" Profile of octocat · 1/1 follower · loading "), "\(status)")
    }

    @Test("where GitHub cut a list short, a pipe's note counts in the same words")
    func cutShortNote() {
        #expect(GitHubList.users(.followers("octocat")).cutShortNote(loaded: 1, total: nil)
                == "GitHub lists only the first 1 follower")
        #expect(GitHubList.users(.following("octocat")).cutShortNote(loaded: 3_000, total: nil)
                == "GitHub lists only the first 3,000 followed users")
    }

    @Test("the users an account follows are titled octocat follows, not Following of octocat")
    func followingHeading() {
        let list = GitHubList.users(.following("octocat"))
        #expect(list.heading == "octocat follows")
        let state = makeState(list: list, rows: 5, columns: 60)
        #expect(state.top.crumbs == [.heading(list)])
        #expect(render(state).lines[0].hasPrefix(" ghscroll · octocat follows "), "\(render(state).lines[0])")
        #expect(GoCommand.resolve("users", []) == .success(.list(.users(.all(since: 0)))))
    }
}

import FakeGitHub
import Foundation
import ListCore
import Testing
@testable import GitHubAPI

/// Stargazers through the client against the fake: every page asked with GitHub's star media
/// type, each row with its star's date, and the list ended (cut short) at GitHub's 422 past the
/// part of the list it serves.
@Suite("Stargazers through the client")
struct StargazersListTests {
    let list = UserList.stargazers(owner: "octocat", repo: "Hello-World")

    @Test("every stargazers page is asked with star+json and each row keeps the date of its star, oldest first")
    func datedRows() async throws {
        try await withFixture(users: 500, listSizes: ["stargazers:octocat/hello-world": 120]) { fixture in
            let (rows, pages) = try await drain(list.githubSource(client: fixture.client), pageSize: 50)
            let repo = try #require(fixture.server.data.repository(owner: "octocat", name: "Hello-World"))
            let people = fixture.server.data.list("stargazers:octocat/hello-world", offset: 0, limit: 200)
            #expect(rows.map(\.pair) == people.map(\.pair))
            #expect(rows.map(\.starredAt) == fixture.server.data.starDates(of: repo, offset: 0, limit: 200))
            #expect(rows.compactMap(\.starredAt) == rows.compactMap(\.starredAt).sorted() && rows.allSatisfy { $0.starredAt != nil })
            #expect(pages.allSatisfy { !$0.endsShort }, "a list that simply ends was not cut short")
            let log = await fixture.server.requestLog()
            #expect(log.count == 3)
            #expect(log.allSatisfy { $0.headers["accept"] == "application/vnd.github.star+json" }, "\(log.map(\.headers))")
            // Other lists ask as before.
            _ = try await UserList.followers("octocat").load(client: fixture.client, at: .first, pageSize: 10, policy: .normal)
            #expect(await fixture.server.requestLog().last?.headers["accept"] == "application/vnd.github+json")
        }
    }

    @Test("at GitHub's 422 past the stargazers it serves, the list ends cut short, and nothing is asked after it")
    func endsAtTheLimit() async throws {
        var options = FakeGitHubOptions()
        options.paginationLimit = 250
        try await withFixture(users: 500, listSizes: ["stargazers:octocat/hello-world": 400], options: options) { fixture in
            // As --plain reads a list: the paging core's driver, page after page.
            let end = try await readToTheEnd(list.githubSource(client: fixture.client), pageSize: 100)
            #expect(end.read == 250)
            #expect(end.endedShort)
            #expect(end.ended)
            #expect(end.known == 250)
            let log = await fixture.server.requestLog()
            #expect(log.map { $0.queryValue("page") } == ["1", "2", "3", "4"], "no request after the 422")
            #expect(log.map(\.status) == [200, 200, 200, 422])
        }
    }

    @Test("the page at the 422 is an empty page that ends short; a 422 for anything else is still an error")
    func otherValidationErrors() async throws {
        var options = FakeGitHubOptions()
        options.scriptedReplies = [FakeRawReply(status: 422, json: #"{"message":"Validation Failed","documentation_url":"https://docs.github.com/rest","status":"422"}"#)]
        options.paginationLimit = 10
        try await withFixture(users: 500, listSizes: ["stargazers:octocat/hello-world": 40], options: options) { fixture in
            let source = list.githubSource(client: fixture.client)
            await #expect(throws: GitHubError.validation(message: "Validation Failed")) {
                try await source.loadPage(at: .first, pageSize: 10)
            }
            let past = try await source.loadPage(at: .page(2), pageSize: 10)
            #expect(past.items.isEmpty && past.next == nil && past.endsShort)
        }
    }
}

/// Reads a list to its end through the paging core's driver, as `--plain` does: how many rows
/// came, and how the pager saw the end.
private func readToTheEnd<Source: PageSource>(_ source: Source, pageSize: Int) async throws
    -> (read: Int, endedShort: Bool, ended: Bool, known: Int) {
    let driver = PagingDriver(source: source, pageSize: pageSize, prefetch: FixedDistancePrefetch(distance: 0))
    var read = 0
    try await driver.read { rows in
        read += rows.count
        return true
    }
    let state = await driver.state
    return (read, state.endedShort, state.appendState == .endReached, state.knownCount)
}

import FakeGitHub
import Foundation
import ListCore
import Testing
@testable import GitHubAPI

/// `--newest`: a repository's stargazers through GraphQL, newest first, past the part of the
/// list REST serves, each row filled by the same query and its pages kept like REST pages.
@Suite("The newest stargazers, through GraphQL")
struct NewestStargazersTests {
    let list = UserList.newestStargazers(owner: "octocat", repo: "Hello-World")
    let size = ["stargazers:octocat/hello-world": 400]

    /// REST serves the first 250 only (as GitHub serves 40,000).
    var capped: FakeGitHubOptions {
        var options = FakeGitHubOptions()
        options.paginationLimit = 250
        return options
    }

    @Test("every stargazer, newest first, past where REST stops, each row filled by the page itself")
    func pastTheCap() async throws {
        try await withFixture(users: 600, listSizes: size, token: "t0ken", options: capped) { fixture in
            let source = list.githubSource(client: fixture.client)
            var cursor: GitHubCursor? = source.firstCursor
            var (rows, fills): ([GitHubUser], [AccountFill]) = ([], [])
            while let current = cursor {
                let loaded = try await source.load(at: current, pageSize: 100, policy: .normal)
                #expect(loaded.fills.map(\.login) == loaded.page.items.map(\.login), "the fills line up with the rows")
                rows += loaded.page.items
                fills += loaded.fills
                cursor = loaded.page.next
            }
            let repo = try #require(fixture.server.data.repository(owner: "octocat", name: "Hello-World"))
            let people = fixture.server.data.list("stargazers:octocat/hello-world", offset: 0, limit: 400)
            #expect(rows.count == 400)
            #expect(rows.map(\.pair) == people.reversed().map(\.pair))
            #expect(rows.map(\.starredAt) == fixture.server.data.starDates(of: repo, offset: 0, limit: 400).reversed())
            #expect(fills.allSatisfy { $0.name != nil || $0.location != nil || $0.followers != nil })
            let log = await fixture.server.requestLog()
            #expect(log.map(\.path) == Array(repeating: "/graphql", count: 4), "four pages of 100, nothing over REST")
        }
    }

    @Test("its pages are kept by query and cursor: from the store at once when asked so, and offline")
    func kept() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 600, seed: 7, listSizes: size))
        let base = try await server.start()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "t0ken", timeout: 30), retryPolicy: .none)
        let source = list.githubSource(client: client)
        let first = try await source.load(at: .first, pageSize: 50, policy: .normal)
        #expect(first.origin == .network)
        let next = try #require(first.page.next)
        let second = try await source.load(at: next, pageSize: 50, policy: .normal)
        let again = try await source.load(at: .first, pageSize: 50, policy: .preferCache)
        guard case .cache = again.origin else {
            Issue.record("expected the stored page, got \(again.origin)")
            return
        }
        #expect(again.page == first.page && again.fills == first.fills)
        #expect(await server.requestLog().count == 2)
        await server.stop()
        let offline = try await source.load(at: next, pageSize: 50, policy: .revalidate)
        guard case .offline = offline.origin else {
            Issue.record("expected the stored page offline, got \(offline.origin)")
            return
        }
        #expect(offline.page == second.page)
    }

    @Test("it has no page numbers: a numbered cursor is refused, and the first page starts at the newest")
    func noPageNumbers() async throws {
        #expect(list.firstCursor == .first && list.firstCursor(startPage: 3) == .first && !list.isPageNumbered)
        try await withFixture(users: 100, token: "t0ken") { fixture in
            await #expect(throws: GitHubError.self) {
                try await list.githubSource(client: fixture.client).load(at: .page(2), pageSize: 10, policy: .normal)
            }
            #expect(await fixture.server.requestLog().isEmpty)
        }
    }
}

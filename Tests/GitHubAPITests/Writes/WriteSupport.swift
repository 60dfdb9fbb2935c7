import FakeGitHub
import Foundation
@testable import GitHubAPI

/// A fake GitHub whose standard tokens (``FakeToken/standard(viewer:)``) belong to octocat,
/// with short lists, and a client with one of those tokens.
struct WriteFixture {
    let server: FakeGitHub
    let client: GitHubClient
    let base: URL
    /// An account octocat does not follow, and a repository octocat has not starred.
    let person: FakeUser
    let repository: FakeRepository

    /// The lists a write changes, kept short so that whole lists are read.
    static let listSizes = ["following:octocat": 4, "followers:octocat": 3, "starred:octocat": 3]

    /// "127.0.0.1:PORT": the host gh would know the fake by.
    var host: String { GitHubConfiguration.webHost(of: base) }

    /// The requests to `/user/...` paths, as "METHOD status path".
    func userRequests() async -> [String] {
        await server.requestLog().filter { $0.path == "/user" || $0.path.hasPrefix("/user/") }
            .map { "\($0.method) \($0.status) \($0.path)" }
    }
}

/// Every item of a list, each page asked of GitHub again (`.revalidate`): what a write changed
/// shows though the pages before it are stored and fresh.
func fresh<Source: GitHubPageSource>(_ source: Source, pageSize: Int) async throws -> [Source.Item] {
    var cursor: GitHubCursor? = source.firstCursor
    var items: [Source.Item] = []
    var pages = 0
    while let current = cursor, pages < 100 {
        let page = try await source.load(at: current, pageSize: pageSize, policy: .revalidate).page
        items += page.items
        cursor = page.next
        pages += 1
    }
    return items
}

/// Starts the fake with `options` changed by `change`, runs `body` with a client holding `token`,
/// and stops the server.
@discardableResult
func withWrites<T>(token: String?, retryPolicy: RetryPolicy = .none, clock: any RequestClock = SystemRequestClock(),
                   onResponse: (@Sendable (ResponseInfo) -> Void)? = nil,
                   change: (inout FakeGitHubOptions) -> Void = { _ in },
                   _ body: (WriteFixture) async throws -> T) async throws -> T {
    let plain = FakeDataSet(userCount: 2_000, seed: 7, listSizes: WriteFixture.listSizes)
    let followed = Set(plain.list("following:octocat", offset: 0, limit: 4).map(\.id))
    let candidates = plain.users.dropFirst(20).filter { !$0.isOrganization && !followed.contains($0.id) }
    let person = candidates[candidates.startIndex]
    let starredIDs = Set(plain.starred(by: plain.users[0]).map(\.id))
    guard let repository = plain.users.dropFirst(20).lazy.compactMap({ owner in
        plain.repositories(of: owner).first { !starredIDs.contains($0.id) }
    }).first else { throw GitHubError.notFound(what: "a repository for the test") }
    // The repository's stargazers kept short too.
    var sizes = WriteFixture.listSizes
    sizes["stargazers:\(repository.key)"] = 5
    sizes["followers:\(person.login.lowercased())"] = 3
    var options = FakeGitHubOptions()
    options.tokens = FakeToken.standard(viewer: "octocat")
    change(&options)
    let server = FakeGitHub(data: FakeDataSet(userCount: 2_000, seed: 7, listSizes: sizes), options: options)
    return try await withServer(server) { base in
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: token, timeout: 10),
                                  retryPolicy: retryPolicy, clock: clock, onResponse: onResponse)
        let sized = try requireSome(server.data.repository(owner: repository.owner.login, name: repository.name))
        return try await body(WriteFixture(server: server, client: client, base: base, person: person, repository: sized))
    }
}

/// The value, or a thrown error naming what was missing (for setup outside a test's `#require`).
func requireSome<T>(_ value: T?) throws -> T {
    guard let value else { throw GitHubError.notFound(what: "a value the test needs") }
    return value
}

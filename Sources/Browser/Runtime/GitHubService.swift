import Foundation
import GitHubAPI
import ListCore

/// What the runtime asks of GitHub, as a small interface with a live value over the client and
/// scripted values in tests (TCA's clients): pages of a list, an account's or a repository's
/// details, and pictures. Each read takes a cache policy and says where its answer came from.
package struct GitHubService: Sendable {
    package typealias Loaded<Value> = (value: Value, origin: ResponseOrigin)

    /// A page of a list, with the web page GitHub sent for each row.
    package var page: @Sendable (_ list: GitHubList, _ cursor: GitHubCursor, _ pageSize: Int, CachePolicy) async throws
        -> Loaded<RowPage>
    package var userDetails: @Sendable (_ login: String, CachePolicy) async throws -> Loaded<UserDetails>
    var repositoryDetails: @Sendable (_ owner: String, _ name: String, CachePolicy) async throws
        -> Loaded<RepositoryDetails>
    package var image: @Sendable (URL) async throws -> Data
    /// One GraphQL request about up to 100 accounts, by login.
    package var fill: @Sendable (_ logins: [String]) async throws -> FillAnswer
    /// The same for up to 100 repositories, by OWNER/NAME.
    var fillRepositories: @Sendable (_ names: [String]) async throws -> RepositoryFillAnswer
    /// Whether the token owner follows the account or starred the repository.
    var isSet: @Sendable (WriteTarget) async throws -> Bool
    /// Follows or stars (`on`), or undoes it.
    package var set: @Sendable (WriteTarget, _ on: Bool) async throws -> Void
    /// The token owner's login (`GET /user`, once): nil without a token; GitHub's error when it
    /// did not say.
    package var viewer: @Sendable () async throws -> String?

    package init(
        page: @escaping @Sendable (GitHubList, GitHubCursor, Int, CachePolicy) async throws -> Loaded<RowPage>,
        userDetails: @escaping @Sendable (String, CachePolicy) async throws -> Loaded<UserDetails>,
        repositoryDetails: @escaping @Sendable (String, String, CachePolicy) async throws -> Loaded<RepositoryDetails>,
        image: @escaping @Sendable (URL) async throws -> Data,
        fill: @escaping @Sendable ([String]) async throws -> FillAnswer = { _ in throw GitHubError.badCredentials(message: "no GraphQL here") },
        fillRepositories: @escaping @Sendable ([String]) async throws -> RepositoryFillAnswer
            = { _ in throw GitHubError.badCredentials(message: "no GraphQL here") },
        isSet: @escaping @Sendable (WriteTarget) async throws -> Bool = { _ in throw GitHubError.badCredentials(message: "no writes here") },
        set: @escaping @Sendable (WriteTarget, Bool) async throws -> Void = { _, _ in throw GitHubError.badCredentials(message: "no writes here") },
        viewer: @escaping @Sendable () async throws -> String? = { nil }
    ) {
        (self.page, self.userDetails, self.repositoryDetails, self.image) = (page, userDetails, repositoryDetails, image)
        (self.fill, self.fillRepositories, self.isSet, self.set, self.viewer) = (fill, fillRepositories, isSet, set, viewer)
    }

    /// The service over a real client: its cache, retries and rate-limit waits included.
    static func live(_ client: GitHubClient) -> GitHubService {
        GitHubService(
            page: { list, cursor, pageSize, policy in
                let loaded = try await list.loadRows(client: client, at: cursor, pageSize: pageSize, policy: policy)
                return (loaded.page, loaded.origin)
            },
            userDetails: { login, policy in
                let loaded = try await client.userDetails(login: login, policy: policy)
                return (loaded.details, loaded.origin)
            },
            repositoryDetails: { owner, name, policy in
                let loaded = try await client.repositoryDetails(owner: owner, repo: name, policy: policy)
                return (loaded.details, loaded.origin)
            },
            image: { url in try await client.image(url) },
            fill: { logins in try await client.fillAccounts(logins) },
            fillRepositories: { names in
                try await client.fillRepositories(names.compactMap(GitHubRepository.ownerAndName))
            },
            isSet: { target in try await client.isSet(target) },
            set: { target, on in try await client.set(target, to: on) },
            viewer: { try await client.askViewer()?.login }
        )
    }
}

extension GitHubService {
    /// A read from the cache at once when it can (`first`); a stale answer (one `revalidates`
    /// holds for, by its origin) is then asked of GitHub again. Each answer goes to `answer`,
    /// with where it came from, the first with `revalidating: true` when the second is to come.
    static func staleWhileRevalidate<Value: Sendable>(
        first policy: CachePolicy, revalidates: (ResponseOrigin) -> Bool = \.isStale,
        _ read: @Sendable (CachePolicy) async throws -> Loaded<Value>,
        answer: (Loaded<Value>, _ revalidating: Bool) -> Void
    ) async throws {
        let first = try await read(policy)
        guard revalidates(first.origin) else { return answer(first, false) }
        answer(first, true)
        answer(try await read(.revalidate), false)
    }
}

extension ResponseOrigin {
    /// A copy from the cache, past its freshness, that GitHub was not asked about.
    var isStale: Bool {
        if case .cache(_, fresh: false) = self { true } else { false }
    }
}

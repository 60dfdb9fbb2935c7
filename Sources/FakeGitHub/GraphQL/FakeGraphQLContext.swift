import Foundation

/// An error GitHub reports with a `type` beside its message (`NOT_FOUND`, `INSUFFICIENT_SCOPES`, …).
struct FakeGraphQLFailure: Error, CustomStringConvertible {
    var type: String
    var message: String
    var description: String { message }
}

/// What the resolvers of one request read: the data, the viewer, the token's scopes and the rate.
final class FakeGraphQLContext: Sendable {
    let data: FakeDataSet
    /// The API base URL, for avatar URLs.
    let base: String
    /// The account the token belongs to (`--viewer`), if the fake plays one.
    let viewer: FakeUser?
    /// Logins (lowercased) in the viewer's followers and following lists.
    private let followersOfViewer: Set<String>
    private let followedByViewer: Set<String>
    /// nil: the token has every scope.
    let scopes: [String]?
    let rate: FakeGraphQLRate
    /// What writes changed: follows and stars.
    let edits: FakeEdits

    init(data: FakeDataSet, base: String, viewer: String?, scopes: [String]?, rate: FakeGraphQLRate, edits: FakeEdits = FakeEdits()) {
        self.data = data
        self.base = base
        self.scopes = scopes
        self.rate = rate
        self.edits = edits
        let viewer = viewer.flatMap { data.user(login: $0) }
        self.viewer = viewer
        func logins(_ kind: String) -> Set<String> {
            guard let viewer else { return [] }
            let key = FakeEdits.key(kind, viewer)
            let size = data.listSize(key)
            return Set(edits.page(key, baseSize: size, offset: 0, limit: edits.size(key, baseSize: size, data: data), data: data)
                .map { $0.user.login.lowercased() })
        }
        followersOfViewer = logins("followers")
        followedByViewer = logins("following")
    }

    /// Whether `user` is in the viewer's followers list (`isFollowingViewer`).
    func followsViewer(_ user: FakeUser) -> Bool { followersOfViewer.contains(user.login.lowercased()) }

    /// Whether `user` is in the viewer's following list (`viewerIsFollowing`).
    func viewerFollows(_ user: FakeUser) -> Bool { followedByViewer.contains(user.login.lowercased()) }

    func account(_ user: FakeUser) -> FakeGraphQLAccount {
        FakeGraphQLAccount(user: user, profile: edits.profile(of: user, data: data))
    }

    /// Whether the viewer starred `repository` (`viewerHasStarred`); false without a viewer.
    func viewerStarred(_ repository: FakeRepository) -> Bool {
        viewer.map { edits.hasStarred($0, repository, data: data) } ?? false
    }

    /// How many starred `repository` (as derived), writes counted.
    func stargazerCount(_ repository: FakeRepository) -> Int {
        edits.size("stargazers:\(repository.key)", baseSize: repository.stargazers, data: data)
    }

    /// `repositoryOwner(login:)`: null with `NOT_FOUND` for a login the fake does not have.
    func owner(login: String) throws -> FakeGraphQLAccount {
        guard let user = data.user(login: login) else {
            throw FakeGraphQLFailure(type: "NOT_FOUND",
                                     message: "Could not resolve to a RepositoryOwner with the login of '\(login)'.")
        }
        return account(user)
    }

    /// `repository(owner:name:)` as derived (its count unchanged by writes: see
    /// ``stargazerCount(_:)``): null with `NOT_FOUND` when there is none.
    func repository(owner: String, name: String) throws -> FakeRepository {
        guard let repository = data.repository(owner: owner, name: name) else {
            throw FakeGraphQLFailure(type: "NOT_FOUND",
                                     message: "Could not resolve to a Repository with the name '\(owner)/\(name)'.")
        }
        return repository
    }

    /// `membersWithRole`'s count, which needs `read:org` (or a wider org scope).
    func members(of organization: FakeUser) throws -> Int {
        if let scopes, !scopes.contains(where: { ["read:org", "write:org", "admin:org"].contains($0) }) {
            let granted = scopes.map { "'\($0)'" }.joined(separator: ", ")
            throw FakeGraphQLFailure(
                type: "INSUFFICIENT_SCOPES",
                message: "Your token has not been granted the required scopes to execute this query. The 'membersWithRole' "
                    + "field requires one of the following scopes: ['read:org'], but your token has only been granted "
                    + "the: [\(granted)] scopes. Please modify your token's scopes at: https://github.com/settings/tokens.")
        }
        return min(data.listSize("members:\(organization.login.lowercased())"), data.users.count)
    }
}

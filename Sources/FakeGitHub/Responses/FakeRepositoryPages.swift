import FlyingFox

/// The repository endpoints: an account's repositories, stars and organizations, a repository's
/// details and its people. Lists are page-numbered with GitHub's `Link` headers.
extension FakePages {
    /// The answer for a repository endpoint, or nil when `parts` names none of them.
    func repositoryRoute(_ parts: [String], path: String, hostile: Bool) -> FakeReply? {
        switch parts.count {
        case 3 where parts[0] == "users" && parts[2] == "repos":
            guard let owner = data.user(login: parts[1]) else { return .notFound }
            return ownedRepositories(owner, path: path, defaultSort: "full_name", hostile: hostile)
        case 3 where parts[0] == "orgs" && parts[2] == "repos":
            guard let org = data.user(login: parts[1]), org.isOrganization else { return .notFound }
            return ownedRepositories(org, path: path, defaultSort: "created", hostile: hostile)
        case 3 where parts[0] == "users" && parts[2] == "starred":
            guard let user = data.user(login: parts[1]) else { return .notFound }
            return starred(by: user, path: path, hostile: hostile)
        case 3 where parts[0] == "users" && parts[2] == "orgs":
            guard let user = data.user(login: parts[1]) else { return .notFound }
            let orgs = data.organizations(of: user)
            return numbered(total: orgs.count, path: path) { start, count in
                "[" + orgs[start..<start + count].map { FakeJSON.organization($0, data: data, base: linkBase) }
                    .joined(separator: ",") + "]"
            }
        case 3 where parts[0] == "repos":
            guard let repo = data.repository(owner: parts[1], name: parts[2]) else {
                return Self.notFound("repos/repos#get-a-repository")
            }
            return FakeReply(status: 200, body: FakeJSON.repository(edits.repository(repo, data: data), base: linkBase,
                                                                    hostile: hostile, details: true),
                             cacheable: true)
        case 4 where parts[0] == "repos" && parts[3] == "stargazers":
            guard let repo = data.repository(owner: parts[1], name: parts[2]) else {
                return Self.notFound("activity/starring#list-stargazers")
            }
            return stargazers(repo, path: path)
        case 4 where parts[0] == "repos" && parts[3] == "subscribers":
            guard let repo = data.repository(owner: parts[1], name: parts[2]) else {
                return Self.notFound("activity/watching#list-watchers")
            }
            return list(key: "subscribers:\(repo.key)", size: repo.subscribers, path: path)
        case 4 where parts[0] == "repos" && parts[3] == "contributors":
            guard let repo = data.repository(owner: parts[1], name: parts[2]) else {
                return Self.notFound("repos/repos#list-repository-contributors")
            }
            return contributors(repo, path: path)
        default:
            return nil
        }
    }

    /// GitHub's 404 body, with the documentation page of the endpoint.
    static func notFound(_ page: String) -> FakeReply {
        FakeReply(status: 404, body: FakeJSON.error("Not Found", status: 404,
                                                    documentation: "https://docs.github.com/rest/\(page)"))
    }

    // MARK: - Lists

    /// The repositories `user` starred, the newest first, as writes changed them.
    func starred(by user: FakeUser, path: String, hostile: Bool) -> FakeReply {
        let repos = edits.starred(by: user, data: data)
        return numbered(total: repos.count, path: path) { start, count in
            FakeJSON.repositories(repos[start..<start + count], base: linkBase, hostile: hostile)
        }
    }

    /// `sort` is `created`, `updated`, `pushed` or `full_name`; `direction` is `asc` or `desc`,
    /// by default `asc` for `full_name` and `desc` otherwise, as on GitHub.
    func ownedRepositories(_ owner: FakeUser, path: String, defaultSort: String, hostile: Bool) -> FakeReply {
        let count = data.repositoryCount(of: owner)
        let sort = request.query["sort"] ?? defaultSort
        let ascending = (request.query["direction"] ?? (sort == "full_name" ? "asc" : "desc")) == "asc"
        switch sort {
        case "pushed", "created", "updated", "full_name":
            break
        default:
            return FakeReply(status: 422, body: FakeJSON.error("Validation Failed", status: 422))
        }
        if sort == "pushed" {
            // Index 0 is the most recently pushed: no need to make the whole list.
            return numbered(total: count, path: path) { start, length in
                let indices = (start..<start + length).map { ascending ? count - 1 - $0 : $0 }
                return FakeJSON.repositories(indices.compactMap { data.repository(of: owner, at: $0) }
                                                .map { edits.repository($0, data: data) },
                                             base: linkBase, hostile: hostile)
            }
        }
        var repos = data.repositories(of: owner).map { edits.repository($0, data: data) }
        switch sort {
        case "created": repos.sort { ($0.createdAt, $1.index) < ($1.createdAt, $0.index) }
        case "updated": repos.sort { ($0.updatedAt, $1.index) < ($1.updatedAt, $0.index) }
        default: repos.sort { $0.name.lowercased() < $1.name.lowercased() }
        }
        if !ascending { repos.reverse() }
        return numbered(total: repos.count, path: path) { start, length in
            FakeJSON.repositories(repos[start..<start + length], base: linkBase, hostile: hostile)
        }
    }

    /// The accounts that starred the repository, the oldest star first, as GitHub lists them:
    /// asked with `Accept: application/vnd.github.star+json`, each is `{"starred_at", "user"}`,
    /// else the plain account. Only the first `paginationLimit` are served: a page that starts
    /// past them is GitHub's 422 (its `Link` headers still count every star).
    private func stargazers(_ repo: FakeRepository, path: String) -> FakeReply {
        let key = "stargazers:\(repo.key)"
        let dated = (request.headers[HTTPHeader("Accept")] ?? "").contains("application/vnd.github.star+json")
        if (page - 1) * perPage >= paginationLimit {
            return FakeReply(status: 422, body: FakeJSON.error(Self.paginationLimitMessage, status: 422,
                                                               documentation: "https://docs.github.com/v3/#pagination"))
        }
        return numbered(total: edits.size(key, baseSize: repo.stargazers, data: data), path: path) { start, count in
            let served = max(0, min(count, paginationLimit - start))
            let people = edits.page(key, baseSize: repo.stargazers, offset: start, limit: served, data: data)
            guard dated else { return FakeJSON.users(people.map(\.user), base: linkBase) }
            return "[" + people.compactMap { entry in
                // A star a write added is dated when it was made; the others as derived.
                guard let date = entry.added ?? entry.basePosition.flatMap({ data.starDates(of: repo, offset: $0, limit: 1).first })
                else { return nil }
                return FakeJSON.stargazer(entry.user, starredAt: date, base: linkBase)
            }.joined(separator: ",") + "]"
        }
    }

    /// GitHub's words for a page past the part of a list it serves.
    static let paginationLimitMessage = "In order to keep the API fast for everyone, pagination is limited for this resource. "
        + "Check the rel=last link relation in the Link response header to see how far back you can traverse."

    /// Accounts with their `contributions`, the most first.
    private func contributors(_ repo: FakeRepository, path: String) -> FakeReply {
        let key = "contributors:\(repo.key)"
        return numbered(total: repo.contributors, path: path) { start, count in
            let people = data.list(key, size: repo.contributors, offset: start, limit: count)
            let counts = data.contributions(of: repo, offset: start, limit: count)
            return "[" + zip(people, counts).map { FakeJSON.contributor($0, contributions: $1, base: linkBase) }
                .joined(separator: ",") + "]"
        }
    }
}

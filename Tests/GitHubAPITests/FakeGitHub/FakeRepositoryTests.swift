import FakeGitHub
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The fake's repository endpoints, spoken to over HTTP as any client would: the expectations come
// from GitHub's documented shapes and from the fake's own counts, never from its Swift types.

// MARK: - Wire shapes (GitHub's field names, decoded from snake case)

private struct Account: Decodable, Hashable {
    let login: String
    let id: Int64
    let type: String
    let siteAdmin: Bool
    let avatarUrl: String
    let htmlUrl: String
}

/// An organization as `/users/{u}/orgs` lists it: GitHub's "organization simple", with no
/// `html_url` and no `type`.
private struct Organization: Decodable, Hashable {
    let login: String
    let id: Int64
    let url: String
    let avatarUrl: String
    let description: String?
}

private struct Contributor: Decodable {
    let login: String
    let id: Int64
    let type: String
    let contributions: Int
}

private struct License: Decodable {
    let key: String
    let name: String
    let spdxId: String
}

private struct Repo: Decodable {
    let id: Int64
    let nodeId: String
    let name: String
    let fullName: String
    let owner: Account
    let `private`: Bool
    let htmlUrl: String
    let description: String?
    let fork: Bool
    let archived: Bool
    let homepage: String?
    let language: String?
    let license: License?
    let topics: [String]
    let stargazersCount: Int
    let watchersCount: Int
    let subscribersCount: Int?
    let forksCount: Int
    let openIssuesCount: Int
    let createdAt: Date
    let updatedAt: Date
    let pushedAt: Date
    let defaultBranch: String
}

private struct Profile: Decodable {
    let login: String
    let type: String
    let publicRepos: Int
}

private struct ErrorBody: Decodable, Equatable {
    let message: String
    let documentationUrl: String
    let status: String
}

// MARK: - HTTP

private struct Answer {
    let status: Int
    let body: Data
    let link: String?

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }

    /// The `rel="next"` URL of the `Link` header.
    var next: URL? { linkTarget("next") }
    var last: URL? { linkTarget("last") }

    private func linkTarget(_ rel: String) -> URL? {
        guard let link else { return nil }
        for part in link.split(separator: ",") where part.contains("rel=\"\(rel)\"") {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { return nil }
            return URL(string: String(part[part.index(after: open)..<close]))
        }
        return nil
    }
}

private func get(_ url: URL) async throws -> Answer {
    var request = URLRequest(url: url)
    request.setValue("ghscroll-tests", forHTTPHeaderField: "User-Agent")
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    let (body, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return Answer(status: http.statusCode, body: body, link: http.value(forHTTPHeaderField: "Link"))
}

private func get(_ base: URL, _ pathAndQuery: String) async throws -> Answer {
    try await get(try #require(URL(string: base.absoluteString + pathAndQuery)))
}

/// Follows `rel="next"` from `pathAndQuery` to the end; fails the test on a loop or an error.
private func drainPages<T: Decodable>(_ base: URL, _ pathAndQuery: String, as type: T.Type,
                                      maxPages: Int = 200) async throws -> (items: [T], pages: [Answer]) {
    var url: URL? = URL(string: base.absoluteString + pathAndQuery)
    var seen = Set<URL>()
    var items: [T] = []
    var pages: [Answer] = []
    while let current = url {
        guard seen.insert(current).inserted, pages.count < maxPages else {
            Issue.record("Link loop at \(current)")
            break
        }
        let answer = try await get(current)
        #expect(answer.status == 200, "\(current)")
        items += try answer.decode([T].self)
        pages.append(answer)
        url = answer.next
    }
    return (items, pages)
}

private func withRepoServer<T>(users: Int = 2_000, seed: UInt64 = 7, listSizes: [String: Int] = [:],
                               hostile: Bool = false, _ body: (URL) async throws -> T) async throws -> T {
    var options = FakeGitHubOptions()
    options.hostileText = hostile
    let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: seed, listSizes: listSizes), options: options)
    return try await withServer(server, body)
}

// MARK: - Tests

@Suite("Fake GitHub: repositories", .serialized)
struct FakeRepositoryTests {
    @Test("a user's repositories, paged by Link to the end, are exactly public_repos, pushed newest first, no duplicates")
    func userRepositories() async throws {
        try await withRepoServer(listSizes: ["repos:octocat": 237]) { base in
            let profile = try await get(base, "/users/octocat").decode(Profile.self)
            #expect(profile.publicRepos == 237, "the fixed size repos:octocat")
            let (repos, pages) = try await drainPages(base, "/users/octocat/repos?sort=pushed&per_page=100", as: Repo.self)
            #expect(repos.count == 237)
            #expect(pages.map { try? $0.decode([Repo].self).count } == [100, 100, 37])
            #expect(pages.first?.last?.query?.contains("page=3") == true, "rel=last names page 3")
            #expect(pages.last?.link?.contains("rel=\"next\"") == false)
            #expect(Set(repos.map(\.id)).count == 237 && Set(repos.map { $0.name.lowercased() }).count == 237)
            #expect(repos.allSatisfy { $0.owner.login == "octocat" && $0.fullName == "octocat/\($0.name)" })
            #expect(zip(repos, repos.dropFirst()).allSatisfy { $0.pushedAt > $1.pushedAt }, "strictly newest push first")
            #expect(repos.allSatisfy { $0.createdAt <= $0.pushedAt && !$0.private })
            #expect(repos.allSatisfy { $0.watchersCount == $0.stargazersCount })
        }
    }

    @Test("derived repository counts: every account's public_repos is the length of its list (users and organizations)")
    func derivedCounts() async throws {
        try await withRepoServer(users: 400) { base in
            let accounts = try await get(base, "/users?per_page=100").decode([Account].self)
            let organizations = accounts.filter { $0.type == "Organization" }.prefix(4)
            #expect(organizations.count == 4)
            var sawNonEmpty = false
            for account in accounts.prefix(20) + organizations {
                let profile = try await get(base, "/users/\(account.login)").decode(Profile.self)
                let path = account.type == "Organization" ? "/orgs/\(account.login)/repos" : "/users/\(account.login)/repos"
                let (repos, _) = try await drainPages(base, path + "?sort=pushed&per_page=29", as: Repo.self)
                #expect(repos.count == profile.publicRepos, "\(account.login)")
                #expect(Set(repos.map(\.id)).count == repos.count)
                #expect(zip(repos, repos.dropFirst()).allSatisfy { $0.pushedAt > $1.pushedAt }, "\(account.login)")
                sawNonEmpty = sawNonEmpty || repos.count > 29
            }
            #expect(sawNonEmpty, "some account needs more than one page")
        }
    }

    @Test("an organization's repositories are also at /users/{org}/repos; /orgs/{user}/repos is a 404")
    func organizationRepositories() async throws {
        try await withRepoServer(users: 400) { base in
            let accounts = try await get(base, "/users?per_page=100").decode([Account].self)
            let org = try #require(accounts.first { $0.type == "Organization" })
            let user = try #require(accounts.first { $0.type == "User" })
            let viaOrgs = try await get(base, "/orgs/\(org.login)/repos?sort=pushed&per_page=100")
            let viaUsers = try await get(base, "/users/\(org.login)/repos?sort=pushed&per_page=100")
            #expect(viaOrgs.status == 200 && viaOrgs.body == viaUsers.body)
            #expect(try await get(base, "/orgs/\(user.login)/repos").status == 404)
        }
    }

    @Test("stargazers and subscribers lists are as long as the details' counts; fixed sizes by owner/repo keys")
    func peopleCounts() async throws {
        let sizes = ["stargazers:octocat/hello-world": 250, "subscribers:octocat/hello-world": 120,
                     "contributors:octocat/hello-world": 150, "repos:octocat": 12]
        try await withRepoServer(listSizes: sizes) { base in
            let hello = try await get(base, "/repos/octocat/Hello-World").decode(Repo.self)
            #expect(hello.fullName == "octocat/Hello-World")
            #expect(hello.stargazersCount == 250 && hello.watchersCount == 250 && hello.subscribersCount == 120)
            let repos = try await get(base, "/users/octocat/repos?sort=pushed&per_page=100").decode([Repo].self)
            #expect(repos.count == 12 && repos.contains { $0.name == "Hello-World" })
            for repo in repos.prefix(6) {
                let details = try await get(base, "/repos/\(repo.fullName)").decode(Repo.self)
                #expect(details.id == repo.id && details.stargazersCount == repo.stargazersCount)
                let stars = try await drainPages(base, "/repos/\(repo.fullName)/stargazers?per_page=100", as: Account.self)
                let watchers = try await drainPages(base, "/repos/\(repo.fullName)/subscribers?per_page=100", as: Account.self)
                #expect(stars.items.count == details.stargazersCount, "\(repo.fullName)")
                #expect(watchers.items.count == details.subscribersCount, "\(repo.fullName)")
                #expect(Set(stars.items).count == stars.items.count && Set(watchers.items).count == watchers.items.count)
            }
            let contributors = try await drainPages(base, "/repos/octocat/hello-world/contributors?per_page=100",
                                                    as: Contributor.self)
            #expect(contributors.items.count == 150 && contributors.pages.count == 2)
        }
    }

    @Test("contributors are accounts with contributions, the most first, each once")
    func contributors() async throws {
        try await withRepoServer(listSizes: ["repos:octocat": 30]) { base in
            let repos = try await get(base, "/users/octocat/repos?sort=pushed&per_page=100").decode([Repo].self)
            var total = 0
            for repo in repos {
                let (people, _) = try await drainPages(base, "/repos/\(repo.fullName)/contributors?per_page=7",
                                                       as: Contributor.self)
                total += people.count
                #expect(zip(people, people.dropFirst()).allSatisfy { $0.contributions >= $1.contributions }, "\(repo.fullName)")
                #expect(people.allSatisfy { $0.contributions > 0 })
                #expect(Set(people.map(\.id)).count == people.count)
            }
            #expect(total > 30, "enough contributors to page")
        }
    }

    @Test("/users/{u}/orgs holds only organizations, each once, as GitHub's organization simple (no html_url, no type); an organization belongs to none")
    func organizations() async throws {
        try await withRepoServer(users: 600, listSizes: ["orgs:octocat": 7]) { base in
            let accounts = try await get(base, "/users?per_page=100").decode([Account].self)
            // The fields of GitHub's own documented example, no more and no fewer.
            let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../../../shared/github/rest-examples/orgs.list-for-user.json").standardizedFileURL
            let documented = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as? [[String: Any]])
            let sent = try await get(base, "/users/octocat/orgs").body
            let first = try #require(try JSONSerialization.jsonObject(with: sent) as? [[String: Any]])
            #expect(Set(first.first?.keys.map { $0 } ?? []) == Set(documented[0].keys))
            var seen = 0
            for account in [accounts[0]] + accounts.filter({ $0.type == "User" }).prefix(15) {
                let (orgs, _) = try await drainPages(base, "/users/\(account.login)/orgs?per_page=3", as: Organization.self)
                if account.login == "octocat" { #expect(orgs.count == 7, "the fixed size orgs:octocat") }
                #expect(Set(orgs).count == orgs.count)
                for org in orgs {
                    // The account itself says what it is, not the row that lists it.
                    #expect(try await get(base, "/users/\(org.login)").decode(Profile.self).type == "Organization")
                }
                seen += orgs.count
            }
            #expect(seen > 7, "some users other than octocat belong to organizations")
            let org = try #require(accounts.first { $0.type == "Organization" })
            #expect(try await get(base, "/users/\(org.login)/orgs").decode([Organization].self).isEmpty)
        }
    }

    @Test("starred repositories belong to other accounts and exist; starred:login fixes the size")
    func starred() async throws {
        try await withRepoServer(listSizes: ["starred:octocat": 130]) { base in
            let (repos, pages) = try await drainPages(base, "/users/octocat/starred?per_page=50", as: Repo.self)
            #expect(repos.count == 130 && pages.count == 3)
            #expect(Set(repos.map(\.id)).count == 130)
            #expect(repos.allSatisfy { $0.owner.login != "octocat" })
            for repo in repos.prefix(5) {
                let details = try await get(base, "/repos/\(repo.fullName)")
                #expect(details.status == 200)
                #expect(try details.decode(Repo.self).id == repo.id)
            }
        }
    }

    @Test("a repository, an owner or a repository list that does not exist is GitHub's 404", arguments: [
        "/repos/octocat/no-such-repo", "/repos/no-such-owner/Hello-World", "/repos/octocat/no-such-repo/stargazers",
        "/repos/octocat/no-such-repo/contributors", "/repos/octocat/no-such-repo/subscribers",
        "/users/no-such-owner/repos", "/users/no-such-owner/starred", "/users/no-such-owner/orgs",
    ])
    func notFound(path: String) async throws {
        try await withRepoServer(users: 50) { base in
            let answer = try await get(base, path)
            #expect(answer.status == 404)
            let error = try answer.decode(ErrorBody.self)
            #expect(error.message == "Not Found" && error.status == "404")
            #expect(error.documentationUrl.hasPrefix("https://docs.github.com/rest"))
        }
    }

    @Test("the same seed serves the same bytes; another seed serves other repositories")
    func deterministic() async throws {
        let paths = ["/users/octocat/repos?sort=pushed&per_page=100", "/repos/octocat/Hello-World",
                     "/repos/octocat/Hello-World/contributors", "/repos/octocat/Hello-World/stargazers",
                     "/users/octocat/orgs", "/users/octocat/starred?per_page=100"]
        func bodies(seed: UInt64) async throws -> [String] {
            try await withRepoServer(users: 1_000, seed: seed, listSizes: ["starred:octocat": 40, "orgs:octocat": 3]) { base in
                var out: [String] = []
                for path in paths {
                    let answer = try await get(base, path)
                    #expect(answer.status == 200, "\(path)")
                    // The base URL differs between the two servers (the port); the rest must not.
                    out.append(String(decoding: answer.body, as: UTF8.self)
                        .replacingOccurrences(of: base.absoluteString, with: "BASE")
                        .replacingOccurrences(of: "localhost:\(base.port ?? 0)", with: "AVATARS"))
                }
                return out
            }
        }
        let first = try await bodies(seed: 7)
        let second = try await bodies(seed: 7)
        #expect(first == second)
        let other = try await bodies(seed: 8)
        #expect(first[4] != other[4] || first[5] != other[5], "the seed changes who is starred and which organizations")
    }

    @Test("hostile mode puts escape sequences and bidi controls in some descriptions; the plain mode in none")
    func hostileDescriptions() async throws {
        func descriptions(hostile: Bool) async throws -> [String] {
            try await withRepoServer(listSizes: ["repos:octocat": 60], hostile: hostile) { base in
                let repos = try await get(base, "/users/octocat/repos?sort=pushed&per_page=100").decode([Repo].self)
                let details = try await get(base, "/repos/\(repos[0].fullName)").decode(Repo.self)
                #expect(details.description == repos[0].description, "details and list agree")
                return repos.compactMap(\.description)
            }
        }
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        func isBidi(_ scalar: Unicode.Scalar) -> Bool {
            (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                || scalar.value == 0x200E || scalar.value == 0x200F
        }
        let hostile = try await descriptions(hostile: true)
        #expect(hostile.contains { $0.unicodeScalars.contains("\u{1B}") }, "an escape sequence")
        #expect(hostile.contains { $0.unicodeScalars.contains(where: isBidi) }, "a bidi control")
        #expect(hostile.contains { $0.unicodeScalars.count > 1_000 }, "a very long text")
        let plain = try await descriptions(hostile: false)
        #expect(!plain.isEmpty)
        #expect(!plain.contains { $0.unicodeScalars.contains { isControl($0) || isBidi($0) } })
    }

    @Test("the details carry GitHub's fields: license, topics, dates, default branch")
    func detailsShape() async throws {
        try await withRepoServer(listSizes: ["repos:octocat": 40]) { base in
            let repos = try await get(base, "/users/octocat/repos?sort=pushed&per_page=100").decode([Repo].self)
            #expect(repos.allSatisfy { $0.subscribersCount == nil }, "lists leave subscribers_count to the details")
            #expect(repos.contains { $0.license != nil } && repos.contains { $0.license == nil })
            #expect(repos.contains { !$0.topics.isEmpty })
            #expect(repos.allSatisfy { ["main", "master"].contains($0.defaultBranch) })
            #expect(repos.allSatisfy { $0.htmlUrl == "https://github.com/\($0.fullName)" })
            let raw = try await get(base, "/repos/\(repos[0].fullName)")
            let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
            for key in ["id", "node_id", "name", "full_name", "owner", "private", "html_url", "description", "fork",
                        "archived", "homepage", "language", "license", "topics", "stargazers_count", "watchers_count",
                        "subscribers_count", "forks_count", "open_issues_count", "created_at", "updated_at",
                        "pushed_at", "default_branch"] {
                #expect(object[key] != nil, "\(key)")
            }
            let pushed = try #require(object["pushed_at"] as? String)
            #expect(pushed.hasSuffix("Z") && pushed.count == 20, "ISO 8601 in UTC: \(pushed)")
        }
    }

    @Test("sort=full_name (the default for users) is by name, case-insensitive; direction=asc reverses pushed")
    func sorting() async throws {
        try await withRepoServer(listSizes: ["repos:octocat": 45]) { base in
            let byName = try await get(base, "/users/octocat/repos?per_page=100").decode([Repo].self)
            let names = byName.map { $0.name.lowercased() }
            #expect(names == names.sorted() && names.count == 45)
            let newest = try await get(base, "/users/octocat/repos?sort=pushed&per_page=100").decode([Repo].self)
            let oldest = try await get(base, "/users/octocat/repos?sort=pushed&direction=asc&per_page=100").decode([Repo].self)
            #expect(oldest.map(\.id) == newest.reversed().map(\.id))
        }
    }
}

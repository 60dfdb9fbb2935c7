import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
@testable import PageCache
import Testing

@Suite("After a write, the disk cache's stale answers: marked by URL prefix, asked again, kept for offline")
struct CachedWriteTests {
    @Test("the disk store marks stale (max-age 0, the fetch date kept) what a prefix covers: its pages in any ASCII case, a GraphQL list's cursors; not a longer name, a deeper path, a % or _ read as a wildcard, another identity")
    func prefixes() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let opened = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
        let cache = try #require(opened)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let store = cache.store(identity: CacheIdentity(token: "gho_one")) { now }
        let other = cache.store(identity: CacheIdentity(token: "gho_two")) { now }
        let api = "https://api.github.com"
        let urls = [
            "\(api)/users/octo/followers?per_page=30&page=1", "\(api)/users/OCTO/followers?per_page=30&page=2",
            "\(api)/users/octocat/followers?per_page=30&page=1", "\(api)/users/octo", "\(api)/users/octo/repos?page=1",
            "\(api)/users/abc/followers?page=1", "\(api)/users/x%25/followers?page=1", "\(api)/users/xyz25/followers?page=1",
            "\(api)/graphql?stargazers=o/r&first=100", "\(api)/graphql?stargazers=o/r&first=100&after=Y3Vy",
            "\(api)/graphql?stargazers=o/rx&first=100",
        ]
        for url in urls {
            await store.save(StoredResponse(url: url, etag: "e", body: Data("[]".utf8), links: [:], fetchedAt: now, maxAge: 600))
            await other.save(StoredResponse(url: url, etag: "e", body: Data("[]".utf8), links: [:], fetchedAt: now, maxAge: 600))
        }
        await store.expire(["\(api)/users/octo/followers", "\(api)/users/octo", "\(api)/users/a_c/followers", "\(api)/users/x%25/followers",
                            "\(api)/users/%", "\(api)/graphql?stargazers=o/r"].map(URLPrefix.init))
        var kept: [StoredResponse?] = []
        for url in urls { kept.append(await store.response(for: url)) }
        #expect(kept.map { $0?.maxAge } == [0, 0, 600, 0, 600, 600, 0, 600, 0, 0, 600])
        #expect(kept.map { $0?.fetchedAt } == Array(repeating: now, count: urls.count))
        for url in urls { #expect(await other.response(for: url)?.maxAge == 600) }
    }

    @Test("a follow through the disk cache: their followers and details, your following list and details stale at once, the change on the next read; offline, the stale answers")
    func follow() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let opened = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
        let cache = try #require(opened)
        let data = FakeDataSet(userCount: 2_000, seed: 7, listSizes: ["following:octocat": 4, "followers:octocat": 3])
        let followed = Set(data.list("following:octocat", offset: 0, limit: 4).map(\.id))
        let person = try #require(data.users.dropFirst(20).first { !$0.isOrganization && !followed.contains($0.id) })
        let login = person.login
        var options = FakeGitHubOptions()
        options.tokens = FakeToken.standard(viewer: "octocat")
        let sized = FakeDataSet(userCount: 2_000, seed: 7, listSizes: ["following:octocat": 4, "followers:octocat": 3,
                                                                      "followers:\(login.lowercased())": 3])
        let server = FakeGitHub(data: sized, options: options)
        let base = try await server.start()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "gho_follow", timeout: 30),
                                  store: cache.store(identity: CacheIdentity(token: "gho_follow")), retryPolicy: .none)
        let lists = [UserList.followers(login), .following(GitHubConfiguration.me), .following("octocat"), .followers("octocat")]
        func read(_ policy: CachePolicy) async throws -> (logins: [[String]], origins: [String], counts: [Int?]) {
            var logins: [[String]] = []
            var origins: [String] = []
            for list in lists {
                let page = try await list.load(client: client, at: .first, pageSize: 100, policy: policy)
                logins.append(page.page.items.map(\.login))
                origins.append(Self.kept(page.origin))
            }
            let theirs = try await client.userDetails(login: login, policy: policy)
            let mine = try await client.userDetails(login: GitHubConfiguration.me, policy: policy)
            origins += [Self.kept(theirs.origin), Self.kept(mine.origin)]
            return (logins, origins, [theirs.details.followers, mine.details.following])
        }
        let before = try await read(.normal)
        #expect(before.origins == Array(repeating: "network", count: 6) && before.counts == [3, 4])
        try await client.follow(login)
        let stale = try await read(.preferCache)
        #expect(stale.origins == ["stale", "stale", "stale", "fresh", "stale", "stale"])
        #expect(stale.logins == before.logins && stale.counts == before.counts)
        let after = try await read(.normal)
        #expect(after.origins == ["network", "network", "network", "fresh", "network", "network"])
        #expect(after.logins == [["octocat"] + before.logins[0], [login] + before.logins[1], [login] + before.logins[2], before.logins[3]])
        #expect(after.counts == [4, 5])
        #expect(await server.requestLog().suffix(5).allSatisfy { $0.ifNoneMatch != nil && $0.status == 200 })

        try await client.unfollow(login)
        await server.stop()
        let offline = try await read(.normal)
        #expect(offline.origins == ["offline", "offline", "offline", "fresh", "offline", "offline"])
        #expect(offline.logins == after.logins && offline.counts == after.counts)
    }

    @Test("a star through the disk cache: its stargazers (REST and --newest), its details, your starred list stale at once, the change on the next read")
    func star() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let opened = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
        let cache = try #require(opened)
        let plain = FakeDataSet(userCount: 2_000, seed: 7, listSizes: ["starred:octocat": 3])
        let starredIDs = Set(plain.starred(by: plain.users[0]).map(\.id))
        let repository = try #require(plain.users.dropFirst(20).lazy.compactMap { owner in
            plain.repositories(of: owner).first { !starredIDs.contains($0.id) }
        }.first)
        let (owner, name) = (repository.owner.login, repository.name)
        var options = FakeGitHubOptions()
        options.tokens = FakeToken.standard(viewer: "octocat")
        let server = FakeGitHub(data: FakeDataSet(userCount: 2_000, seed: 7, listSizes: ["starred:octocat": 3, "stargazers:\(repository.key)": 5]),
                                options: options)
        let base = try await server.start()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "gho_default", timeout: 30),
                                  store: cache.store(identity: CacheIdentity(token: "gho_default")), retryPolicy: .none)
        func read(_ policy: CachePolicy) async throws -> (names: [[String]], origins: [String], stars: Int?) {
            let gazers = try await UserList.stargazers(owner: owner, repo: name).load(client: client, at: .first, pageSize: 100, policy: policy)
            let newest = try await UserList.newestStargazers(owner: owner, repo: name).load(client: client, at: .first, pageSize: 100, policy: policy)
            let starred = try await RepositoryList.starred(GitHubConfiguration.me).githubSource(client: client)
                .load(at: .first, pageSize: 100, policy: policy)
            let details = try await client.repositoryDetails(owner: owner, repo: name, policy: policy)
            return ([gazers.page.items.map(\.login), newest.page.items.map(\.login), starred.page.items.map(\.fullName)],
                    [gazers.origin, newest.origin, starred.origin, details.origin].map(Self.kept), details.details.stars)
        }
        let before = try await read(.normal)
        #expect(before.origins == Array(repeating: "network", count: 4) && before.names.map(\.count) == [5, 5, 3] && before.stars == 5)
        try await client.star(owner: owner, name: name)
        let stale = try await read(.preferCache)
        #expect(stale.origins == Array(repeating: "stale", count: 4))
        #expect(stale.names == before.names && stale.stars == before.stars)
        let after = try await read(.normal)
        #expect(after.origins == Array(repeating: "network", count: 4))
        #expect(after.names == [before.names[0] + ["octocat"], ["octocat"] + before.names[1], ["\(owner)/\(name)"] + before.names[2]])
        #expect(after.stars == 6)
        await server.stop()
    }

    /// Where an answer came from, in a word.
    static func kept(_ origin: ResponseOrigin) -> String {
        switch origin {
        case .network: "network"
        case .revalidated: "revalidated"
        case .cache(_, let fresh): fresh ? "fresh" : "stale"
        case .offline: "offline"
        }
    }
}

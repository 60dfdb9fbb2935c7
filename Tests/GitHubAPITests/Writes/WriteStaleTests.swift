import FakeGitHub
import Foundation
@testable import GitHubAPI
import ListCore
import Testing

@Suite("After a write, what it made stale is asked again: the change shows without a refresh (memory store)")
struct WriteStaleTests {
    /// Their followers and details, your following lists and details (as `/user` and as
    /// octocat), your followers (unchanged) and another account's details.
    static func followScene(_ fixture: WriteFixture, other: String, policy: CachePolicy) async throws -> StaleScene {
        let (client, login, me) = (fixture.client, fixture.person.login, GitHubConfiguration.me)
        var scene = StaleScene()
        for list in [UserList.followers(login), .following(me), .following("octocat"), .followers("octocat")] {
            try await scene.users(list, client: client, policy: policy)
        }
        try await scene.account(login, client: client, policy: policy)
        try await scene.account(me, following: true, client: client, policy: policy)
        try await scene.account("octocat", following: true, client: client, policy: policy)
        try await scene.account(other, client: client, policy: policy)
        return scene
    }

    @Test("a follow: their followers (every page) and details, your following lists and details are stale at once; a read brings the change, conditionally; the others stay fresh")
    func follow() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let login = fixture.person.login
            let other = try requireSome(fixture.server.data.users.dropFirst(40).first { !$0.isOrganization && $0.login != login }).login
            let before = try await Self.followScene(fixture, other: other, policy: .normal)
            #expect(before.pages == [[.network, .network], [.network, .network], [.network, .network], [.network, .network]])
            #expect(before.items.map(\.count) == [3, 4, 4, 3] && before.items[1] == before.items[2])
            #expect(before.answers == [.network, .network, .network, .network] && before.counts.prefix(3) == [3, 4, 4])
            await fixture.server.clearRequestLog()

            try await fixture.client.follow(login)
            // What a browser's first screen asks: the stored answers at once, stale but for the untouched ones.
            let stale = try await Self.followScene(fixture, other: other, policy: .preferCache)
            #expect(stale == StaleScene(items: before.items, pages: [[.stale, .stale], [.stale, .stale], [.stale, .stale], [.fresh, .fresh]],
                                        counts: before.counts, answers: [.stale, .stale, .stale, .fresh]))
            // The write and nothing else was sent: /user was stored, so who "you" are was known.
            #expect(await fixture.server.requestLog().map(\.target) == ["/user/following/\(login)"])

            // Asked again (If-None-Match), the change shows; the untouched answers are not asked.
            let after = try await Self.followScene(fixture, other: other, policy: .normal)
            let following = [login] + before.items[1]
            #expect(after == StaleScene(items: [["octocat"] + before.items[0], following, following, before.items[3]],
                                        pages: [[.network, .network], [.network, .network, .network], [.network, .network, .network],
                                                [.fresh, .fresh]],
                                        counts: [4, 5, 5, before.counts[3]], answers: [.network, .network, .network, .fresh]))
            let asked = await fixture.server.requestLog().dropFirst()
            #expect(asked.count == 11 && asked.allSatisfy { $0.status == 200 })
            #expect(asked.filter { $0.ifNoneMatch == nil }.map(\.target)
                == ["/user/following?per_page=2&page=3", "/users/octocat/following?per_page=2&page=3"])
        }
    }

    /// Its stargazers (REST, oldest first, and GraphQL's newest first), your starred lists (as
    /// `/user` and as octocat), another repository's stargazers, both repositories' details.
    static func starScene(_ fixture: WriteFixture, other: FakeRepository, policy: CachePolicy) async throws -> StaleScene {
        let client = fixture.client
        let (owner, name) = (fixture.repository.owner.login, fixture.repository.name)
        var scene = StaleScene()
        try await scene.users(.stargazers(owner: owner, repo: name), client: client, policy: policy)
        try await scene.users(.newestStargazers(owner: owner, repo: name), client: client, policy: policy)
        try await scene.repositories(.starred(GitHubConfiguration.me), client: client, policy: policy)
        try await scene.repositories(.starred("octocat"), client: client, policy: policy)
        try await scene.users(.stargazers(owner: other.owner.login, repo: other.name), client: client, policy: policy)
        try await scene.repository(owner, name, client: client, policy: policy)
        try await scene.repository(other.owner.login, other.name, client: client, policy: policy)
        return scene
    }

    @Test("a star: its stargazers (every REST page, every --newest page), its details, your starred lists are stale; a read brings the change; another repository's stay fresh")
    func star() async throws {
        try await withWrites(token: "gho_default") { fixture in
            let (owner, name) = (fixture.repository.owner.login, fixture.repository.name)
            let data = fixture.server.data
            let other = try requireSome(data.users.dropFirst(50).lazy.compactMap { data.repositories(of: $0).first }
                .first { $0.key != fixture.repository.key && $0.stargazers > 0 })
            let before = try await Self.starScene(fixture, other: other, policy: .normal)
            #expect(before.pages == [[.network, .network, .network], [.network, .network, .network], [.network], [.network],
                                     before.pages[4]])
            #expect(before.items.prefix(4).map(\.count) == [5, 5, 3, 3] && before.items[2] == before.items[3])
            #expect(before.items[1] == Array(before.items[0].reversed()))
            #expect(before.answers == [.network, .network] && before.counts == [5, other.stargazers])
            await fixture.server.clearRequestLog()

            try await fixture.client.star(owner: owner, name: name)
            let stale = try await Self.starScene(fixture, other: other, policy: .preferCache)
            #expect(stale == StaleScene(items: before.items,
                                        pages: [[.stale, .stale, .stale], [.stale, .stale, .stale], [.stale], [.stale],
                                                before.pages[4].map { _ in .fresh }],
                                        counts: before.counts, answers: [.stale, .fresh]))
            // Who "you" are was not stored: /user was asked once, after the write.
            #expect(await fixture.server.requestLog().map(\.target) == ["/user/starred/\(owner)/\(name)", "/user"])

            let after = try await Self.starScene(fixture, other: other, policy: .normal)
            let starred = ["\(owner)/\(name)"] + before.items[2]
            // The REST pages before the last are the same: GitHub's 304.
            #expect(after == StaleScene(items: [before.items[0] + ["octocat"], ["octocat"] + before.items[1], starred, starred, before.items[4]],
                                        pages: [[.revalidated, .revalidated, .network], [.network, .network, .network], [.network], [.network],
                                                before.pages[4].map { _ in .fresh }],
                                        counts: [6, other.stargazers], answers: [.network, .fresh]))
        }
    }

    @Test("offline after a write: the stale answers are still given, as they were, with the date they were fetched")
    func offline() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let other = "octocat"
            let before = try await Self.followScene(fixture, other: other, policy: .normal)
            let fetched = try await fixture.client.userDetails(login: fixture.person.login, policy: .preferCache).origin.storedAt
            try await fixture.client.follow(fixture.person.login)
            await fixture.server.stop()
            let offline = try await Self.followScene(fixture, other: other, policy: .normal)
            // Said as fetched when it was: the write changed no date.
            #expect(try await fixture.client.userDetails(login: fixture.person.login, policy: .normal).origin == .offline(fetchedAt: try #require(fetched)))
            #expect(offline == StaleScene(items: before.items, pages: [[.offline, .offline], [.offline, .offline], [.offline, .offline],
                                                                       [.fresh, .fresh]],
                                          counts: before.counts, answers: [.offline, .offline, .offline, .offline]))
        }
    }

    @Test("who 'you' are cannot be had (GET /user refused, nothing stored): what does not need it is still made stale")
    func youUnknown() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let (client, login) = (fixture.client, fixture.person.login)
            func scene(_ policy: CachePolicy) async throws -> StaleScene {
                var scene = StaleScene()
                for list in [UserList.followers(login), .following(GitHubConfiguration.me), .following("octocat")] {
                    try await scene.users(list, client: client, policy: policy)
                }
                try await scene.account(login, client: client, policy: policy)
                try await scene.account("octocat", client: client, policy: policy)
                return scene
            }
            let before = try await scene(.normal)
            // The rate limit runs out with the write: /user is refused (and not waited for).
            let used = await fixture.server.requestLog().count
            await fixture.server.update { $0.primaryLimit = used + 1 }
            await fixture.server.clearRequestLog()
            try await client.follow(login)
            #expect(await fixture.server.requestLog().map { "\($0.status) \($0.target)" } == ["204 /user/following/\(login)", "403 /user"])
            let stale = try await scene(.preferCache)
            #expect(stale == StaleScene(items: before.items, pages: [[.stale, .stale], [.stale, .stale], [.fresh, .fresh]],
                                        counts: before.counts, answers: [.stale, .fresh]))
        }
    }
}

@Suite("Expiring one stored answer")
struct ExpireOneTests {
    @Test("expire(url) makes that one stored answer stale, and no other")
    func expireOne() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let (client, login) = (fixture.client, fixture.person.login)
            _ = try await client.userDetails(login: "octocat", policy: .normal)
            _ = try await client.userDetails(login: login, policy: .normal)
            await client.expire(try client.apiURL("/users/octocat"))
            #expect(Kept(try await client.userDetails(login: "octocat", policy: .preferCache).origin) == .stale)
            #expect(Kept(try await client.userDetails(login: login, policy: .preferCache).origin) == .fresh)
            #expect(Kept(try await client.userDetails(login: "octocat", policy: .normal).origin) == .revalidated)
            #expect(Kept(try await client.userDetails(login: "octocat", policy: .normal).origin) == .fresh)
        }
    }

    @Test("pages past the first, stored under the ids GitHub's Link URLs name lists by, are marked too; the ids from a stored answer or asked once")
    func pagesByID() async throws {
        let api = "https://api.github.com"
        let transport = ScriptedTransport([.reply(status: 204, headers: [:], body: Data()), .json(#"{"login":"me","id":7}"#),
                                           .json(#"{"login":"l","id":42}"#), .reply(status: 204, headers: [:], body: Data())])
        let store = MemoryResponseStore()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: api)), token: "t"), store: store,
                                  retryPolicy: .none, transport: transport)
        let urls = ["/user/42/followers?per_page=30&page=2", "/user/7/following?per_page=30&page=2", "/user/420/followers?page=2",
                    "/user/42/following?page=2", "/repositories/99/stargazers?per_page=30&page=2", "/user/7/starred?page=2",
                    "/repositories/990/stargazers?page=2", "/repos/o/r"].map { api + $0 }
        for url in urls.dropLast() {
            await store.save(StoredResponse(url: url, etag: "e", body: Data("[]".utf8), links: [:], fetchedAt: Date(), maxAge: 60))
        }
        await store.save(StoredResponse(url: urls[7], etag: "e", body: Data(#"{"id":99,"full_name":"o/r"}"#.utf8), links: [:],
                                        fetchedAt: Date(), maxAge: 60))
        try await client.follow("l")
        try await client.star(owner: "o", name: "r")
        var ages: [TimeInterval?] = []
        for url in urls { ages.append(await store.response(for: url)?.maxAge) }
        #expect(ages == [0, 0, 60, 60, 0, 0, 60, 0])
        #expect(transport.sent.map { "\($0.request.httpMethod ?? "") \($0.request.url?.path ?? "")" }
            == ["PUT /user/following/l", "GET /user", "GET /users/l", "PUT /user/starred/o/r"])
    }

    @Test("a 304 without a max-age ends the mark: the answer is fresh again for the default minute")
    func unmarkedBy304() async throws {
        let transport = ScriptedTransport([.json(#"{"login":"octo","id":1}"#, headers: ["ETag": #"W/"1""#]),
                                           .reply(status: 304, headers: [:], body: Data())])
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "https://api.github.com")), token: "t"),
                                  retryPolicy: .none, transport: transport)
        #expect(Kept(try await client.userDetails(login: "octo", policy: .normal).origin) == .network)
        await client.expire(try client.apiURL("/users/octo"))
        #expect(Kept(try await client.userDetails(login: "octo", policy: .normal).origin) == .revalidated)
        #expect(Kept(try await client.userDetails(login: "octo", policy: .normal).origin) == .fresh)
        #expect(transport.sent.map { $0.header("If-None-Match") } == [nil, #"W/"1""#])
    }

    @Test("with --max-age, what a write made stale is stale still, and fresh again for as long once GitHub answered for it")
    func maxAgeOverride() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: fixture.base, token: "gho_follow", timeout: 10),
                                      maxAge: 3_600, retryPolicy: .none)
            let login = fixture.person.login
            let read = { (policy: CachePolicy) in try await client.userDetails(login: login, policy: policy) }
            #expect(try await read(.normal).details.followers == 3)
            try await client.follow(login)
            let stale = try await read(.preferCache)
            #expect(Kept(stale.origin) == .stale && stale.details.followers == 3)
            let asked = try await read(.normal)
            #expect(Kept(asked.origin) == .network && asked.details.followers == 4)
            #expect(Kept(try await read(.normal).origin) == .fresh)
        }
    }
}

@Suite("What a write makes stale, by URL: whole segments, any page")
struct StalePrefixTests {
    @Test("the paths a follow and a star make stale, with and without your login")
    func paths() throws {
        #expect(GitHubClient.stalePaths(after: .account("oct-o"), you: (login: "Me", id: 7), theirs: 42) == [
            "/users/oct-o", "/users/oct-o/followers", "/user", "/user/following", "/users/Me", "/users/Me/following",
            "/user/42/followers", "/user/7/following",
        ])
        #expect(GitHubClient.stalePaths(after: .account("oct-o"), you: nil, theirs: nil)
            == ["/users/oct-o", "/users/oct-o/followers", "/user", "/user/following"])
        #expect(GitHubClient.stalePaths(after: .repository(owner: "o", name: "r.js"), you: (login: "me", id: 7), theirs: 99) == [
            "/repos/o/r.js", "/repos/o/r.js/stargazers", "/user/starred", "/users/me/starred", "/repositories/99/stargazers",
            "/user/7/starred",
        ])
        #expect(GitHubClient.stalePaths(after: .repository(owner: "o", name: "r.js"), you: nil, theirs: nil)
            == ["/repos/o/r.js", "/repos/o/r.js/stargazers", "/user/starred"])
        let graphQL = try #require(URL(string: "https://ghe.example.com/api/graphql"))
        let prefix = GitHubClient.storePrefix(graphQL, repository: "o/r.js")
        #expect(prefix.covers(GitHubClient.storeKey(graphQL, repository: "o/r.js", after: nil, first: 100)))
        #expect(prefix.covers(GitHubClient.storeKey(graphQL, repository: "O/R.js", after: "Y3Vyc29y", first: 30)))
        #expect(!prefix.covers(GitHubClient.storeKey(graphQL, repository: "o/r.jsx", after: nil, first: 100)))
    }

    @Test("a prefix covers its URL and its pages, in any ASCII case; not a longer name, not a deeper path; nothing is a wildcard")
    func covers() {
        let prefix = URLPrefix("http://h/users/octo/followers")
        #expect(prefix.covers("http://h/users/octo/followers"))
        #expect(prefix.covers("http://h/users/octo/followers?per_page=30&page=2"))
        #expect(prefix.covers("http://h/users/OCTO/followers?page=1"))
        #expect(!prefix.covers("http://h/users/octocat/followers?page=1"))
        #expect(!prefix.covers("http://h/users/octo/followers/x"))
        #expect(!prefix.covers("http://h/users/octo/follower"))
        #expect(!URLPrefix("http://h/users/octo").covers("http://h/users/octo/repos"))
        #expect(!URLPrefix("http://h/users/a_c").covers("http://h/users/abc"))
        #expect(!URLPrefix("http://h/users/a%").covers("http://h/users/ab"))
        #expect(URLPrefix("http://h/users/%C3%A9").covers("http://h/users/%c3%a9?page=1"))
    }

    @Test("the memory store marks stale (max-age 0, the fetch date kept) what a prefix covers; the rest is left as it was")
    func memoryStore() async {
        let store = MemoryResponseStore()
        let now = Date(timeIntervalSince1970: 1_000_000)
        let urls = ["http://h/users/octo/followers?page=1", "http://h/users/Octo/followers?page=2", "http://h/users/octocat/followers?page=1",
                    "http://h/users/octo", "http://h/users/octo/repos?page=1"]
        for url in urls {
            await store.save(StoredResponse(url: url, etag: "e", body: Data("[]".utf8), links: [:], fetchedAt: now, maxAge: 600))
        }
        await store.expire([URLPrefix("http://h/users/octo/followers"), URLPrefix("http://h/users/octo")])
        var kept: [StoredResponse?] = []
        for url in urls { kept.append(await store.response(for: url)) }
        #expect(kept.map { $0?.maxAge } == [0, 0, 600, 0, 600])
        #expect(kept.map { $0?.fetchedAt } == Array(repeating: now, count: 5))
    }
}

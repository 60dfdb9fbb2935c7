import FakeGitHub
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The fake's user search, spoken to over HTTP as any client would. What should match comes from
// the data set's own profiles and repositories, never from the fake's search code.

// MARK: - Wire shapes

private struct SearchPage: Decodable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [Item]
}

private struct Item: Decodable {
    let login: String
    let id: Int64
    let type: String
}

private struct Failure: Decodable {
    struct Detail: Decodable {
        let message: String?
        let resource: String
        let field: String
        let code: String
    }

    let message: String
    let errors: [Detail]?
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
        return try decoder.decode(type, from: body)
    }

    var page: SearchPage { get throws { try decode(SearchPage.self) } }

    /// The target of the `Link` header's `rel`.
    func link(_ rel: String) -> URL? {
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
    let (body, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return Answer(status: http.statusCode, body: body, link: http.value(forHTTPHeaderField: "Link"))
}

/// Everything but ASCII letters and digits percent-encoded, as a careful client sends `q`.
private let strict = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

/// `GET /search/users?q=…` with the other parameters after it.
private func search(_ base: URL, _ q: String, _ parameters: String = "") async throws -> Answer {
    let encoded = try #require(q.addingPercentEncoding(withAllowedCharacters: strict))
    return try await get(try #require(URL(string: "\(base.absoluteString)/search/users?q=\(encoded)\(parameters)")))
}

/// Every result the search serves (at most 1,000), following `rel="next"`; and `total_count`.
private func searchAll(_ base: URL, _ q: String, _ parameters: String = "") async throws -> (logins: [String], total: Int) {
    var answer = try await search(base, q, parameters + "&per_page=100")
    var logins: [String] = []
    var total = 0
    for _ in 0..<20 {
        #expect(answer.status == 200, "\(q)")
        let page = try answer.page
        total = page.totalCount
        #expect(!page.incompleteResults)
        logins += page.items.map(\.login)
        guard let next = answer.link("next") else { break }
        answer = try await get(next)
    }
    return (logins, total)
}

private func withSearchServer(_ body: (URL, FakeDataSet) async throws -> Void) async throws {
    let data = FakeDataSet(userCount: 2_000, seed: 7)
    try await withServer(FakeGitHub(data: data)) { base in try await body(base, data) }
}

// MARK: - What should match

/// The logins of the accounts that pass `test`, in sign-up order, as best match lists them.
private func expected(_ data: FakeDataSet, _ test: (FakeUser, FakeProfile) -> Bool) -> [String] {
    data.users.filter { test($0, data.profile(of: $0)) }.map(\.login)
}

/// The UTC day of a date, `YYYY-MM-DD`.
private func day(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
}

/// Checks a query's `total_count` and its results (the first 1,000) against `want`.
private func expectResults(_ base: URL, _ q: String, _ want: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let (logins, total) = try await searchAll(base, q)
    #expect(total == want.count, "\(q)", sourceLocation: sourceLocation)
    let wanted = Array(want.prefix(1_000))
    let difference = zip(logins, wanted).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(logins.count == wanted.count, "\(q)", sourceLocation: sourceLocation)
    #expect(difference == nil, "\(q): first difference at \(difference.map { "\($0.offset): \($0.element)" } ?? "")",
            sourceLocation: sourceLocation)
}

// MARK: - Tests

@Suite("Fake GitHub: user search syntax", .serialized)
struct FakeSearchTests {
    @Test("location: keeps only accounts whose location contains it, in any case; quotes group words")
    func location() async throws {
        try await withSearchServer { base, data in
            func located(_ text: String) -> [String] {
                expected(data) { $1.location?.lowercased().contains(text) == true }
            }
            #expect(!located("berlin").isEmpty && !located("tokyo, japan").isEmpty)
            try await expectResults(base, "location:berlin", located("berlin"))
            try await expectResults(base, "LOCATION:BERLIN", located("berlin"))
            try await expectResults(base, #"location:"Tokyo, Japan""#, located("tokyo, japan"))
            try await expectResults(base, #"location:"São Paulo""#, located("são paulo"))
            try await expectResults(base, #"location:"San Francisco""#, ["octocat"])
            try await expectResults(base, "location:San Francisco", [])
            try await expectResults(base, #"a "ba rin""#, [])
        }
    }

    @Test("language: keeps only accounts that own a repository in that language, in any case")
    func language() async throws {
        try await withSearchServer { base, data in
            func owning(_ language: String, _ test: (FakeUser, FakeProfile) -> Bool) -> [String] {
                expected(data) { user, profile in
                    test(user, profile) && data.repositories(of: user).contains { $0.language?.lowercased() == language }
                }
            }
            let notebooks = owning("jupyter notebook") { user, _ in user.isOrganization }
            #expect(!notebooks.isEmpty)
            try await expectResults(base, #"language:"Jupyter Notebook" type:org"#, notebooks)
            try await expectResults(base, "language:HASKELL repos:<15", owning("haskell") { $1.publicRepos < 15 })
            try await expectResults(base, "language:c++ repos:<15", owning("c++") { $1.publicRepos < 15 })
            try await expectResults(base, "language:cobol", [])
        }
    }

    @Test("followers: and repos: take N, >N, >=N, <N, <=N, N..M, N..* and *..M")
    func counts() async throws {
        try await withSearchServer { base, data in
            let cases: [(String, (FakeProfile) -> Bool)] = [
                ("followers:>100", { $0.followers > 100 }), ("followers:>=100", { $0.followers >= 100 }),
                ("followers:<10", { $0.followers < 10 }), ("followers:<=10", { $0.followers <= 10 }),
                ("followers:0", { $0.followers == 0 }), ("followers:10..20", { (10...20).contains($0.followers) }),
                ("followers:1000..*", { $0.followers >= 1_000 }), ("followers:*..3", { $0.followers <= 3 }),
                ("followers:20..10", { _ in false }),
                ("repos:>100", { $0.publicRepos > 100 }), ("repos:0", { $0.publicRepos == 0 }),
                ("repos:5..10 followers:>50", { (5...10).contains($0.publicRepos) && $0.followers > 50 }),
                ("Repos:<=2 FOLLOWERS:>=200", { $0.publicRepos <= 2 && $0.followers >= 200 }),
            ]
            for (q, test) in cases {
                let want = expected(data) { test($1) }
                #expect(!want.isEmpty || q == "followers:20..10", "\(q) finds someone")
                try await expectResults(base, q, want)
            }
        }
    }

    @Test("created: takes YYYY-MM-DD days with the same operators, against the UTC day of sign-up")
    func created() async throws {
        try await withSearchServer { base, data in
            let middle = try #require(data.users.dropFirst(700).first)
            let later = try #require(data.users.dropFirst(1_500).first)
            let from = day(data.profile(of: middle).createdAt)
            let to = day(data.profile(of: later).createdAt)
            let days = data.users.map { ($0.login, day(data.profile(of: $0).createdAt)) }
            func signedUp(_ test: (String) -> Bool) -> [String] { days.filter { test($0.1) }.map(\.0) }
            #expect(signedUp { $0 == from }.contains(middle.login))
            try await expectResults(base, "created:\(from)", signedUp { $0 == from })
            try await expectResults(base, "created:>\(from)", signedUp { $0 > from })
            try await expectResults(base, "created:>=\(from)", signedUp { $0 >= from })
            try await expectResults(base, "created:<\(from)", signedUp { $0 < from })
            try await expectResults(base, "created:<=\(from)", signedUp { $0 <= from })
            try await expectResults(base, "created:\(from)..\(to)", signedUp { $0 >= from && $0 <= to })
            try await expectResults(base, "created:\(to)..*", signedUp { $0 >= to })
            try await expectResults(base, "created:*..\(from)", signedUp { $0 <= from })
            try await expectResults(base, "created:2008-02-29..2008-03-01", signedUp { $0 >= "2008-02-29" && $0 <= "2008-03-01" })
        }
    }

    @Test("type:org lists only organizations, type:user only people")
    func type() async throws {
        try await withSearchServer { base, data in
            let organizations = data.users.filter(\.isOrganization).map(\.login)
            try await expectResults(base, "type:org", organizations)
            try await expectResults(base, "Type:ORG", organizations)
            try await expectResults(base, "type:org followers:>100", expected(data) { $0.isOrganization && $1.followers > 100 })
            let people = try await search(base, "type:user", "&per_page=100").page
            #expect(people.totalCount == data.users.count - organizations.count)
            #expect(people.items.allSatisfy { $0.type == "User" })
        }
    }

    @Test("sort=followers lists most followers first, or fewest with order=asc; ties by id")
    func sortByFollowers() async throws {
        try await withSearchServer { base, data in
            let matching = data.users.filter { !$0.isOrganization }
            let followers = Dictionary(uniqueKeysWithValues: matching.map { ($0.login, data.profile(of: $0).followers) })
            let ids = Dictionary(uniqueKeysWithValues: matching.map { ($0.login, $0.id) })
            for order in ["desc", "asc"] {
                let (logins, total) = try await searchAll(base, "type:user", "&sort=followers&order=\(order)")
                #expect(total == matching.count && logins.count == 1_000)
                let pairs = logins.map { (followers[$0] ?? -1, ids[$0] ?? -1) }
                let sorted = zip(pairs, pairs.dropFirst()).allSatisfy { left, right in
                    left.0 == right.0 ? left.1 < right.1 : (order == "asc") == (left.0 < right.0)
                }
                #expect(sorted, "\(order): followers in order, ties by id ascending")
                let extreme = order == "asc" ? followers.values.min() : followers.values.max()
                #expect(pairs.first?.0 == extreme)
            }
            let (byRepositories, _) = try await searchAll(base, "followers:>50", "&sort=repositories")
            let repos = byRepositories.compactMap { data.user(login: $0).map { data.profile(of: $0).publicRepos } }
            #expect(zip(repos, repos.dropFirst()).allSatisfy { $0 >= $1 } && repos.count == byRepositories.count)
        }
    }

    @Test("sort=joined lists the newest accounts first, or the oldest with order=asc")
    func sortByJoined() async throws {
        try await withSearchServer { base, data in
            let people = data.users.filter { !$0.isOrganization && $0.login.lowercased().contains("a") }
            let joined = Dictionary(uniqueKeysWithValues: people.map { ($0.id, data.profile(of: $0).createdAt) })
            let newest = people.sorted { left, right in
                joined[left.id] == joined[right.id] ? left.id < right.id : joined[left.id] ?? .distantPast > joined[right.id] ?? .distantPast
            }.map(\.login)
            let (desc, total) = try await searchAll(base, "a type:user", "&sort=joined")
            #expect(total == people.count && desc == Array(newest.prefix(1_000)))
            let (asc, _) = try await searchAll(base, "a type:user", "&sort=joined&order=asc")
            #expect(asc == Array(people.map(\.login).prefix(1_000)), "oldest first is sign-up order")
        }
    }

    @Test("total_count counts every match, and only the first 1,000 are served: page 10 of 100 is, page 11 is a 422")
    func cap() async throws {
        try await withSearchServer { base, data in
            let people = data.users.filter { !$0.isOrganization }
            #expect(people.count > 1_000)
            let first = try await search(base, "type:user", "&sort=followers&per_page=100")
            #expect(try first.page.totalCount == people.count)
            let last = try #require(first.link("last"))
            #expect(URLComponents(url: last, resolvingAgainstBaseURL: false)?.queryItems?.last?.value == "10")
            let tenth = try await search(base, "type:user", "&sort=followers&per_page=100&page=10")
            #expect(tenth.status == 200)
            #expect(try tenth.page.items.count == 100)
            #expect(tenth.link("next") == nil)
            let eleventh = try await search(base, "type:user", "&sort=followers&per_page=100&page=11")
            #expect(eleventh.status == 422)
            #expect(try eleventh.decode(Failure.self).message == "Only the first 1000 search results are available")
        }
    }

    @Test("Link headers keep q, sort and order, and the next page follows on")
    func links() async throws {
        try await withSearchServer { base, data in
            let q = #"followers:>5 location:"São Paulo""#
            let first = try await search(base, q, "&sort=repositories&order=asc&per_page=10")
            let next = try #require(first.link("next"))
            let items = try #require(URLComponents(url: next, resolvingAgainstBaseURL: false)?.queryItems)
            func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
            #expect(value("q") == q && value("sort") == "repositories" && value("order") == "asc")
            #expect(value("page") == "2" && value("per_page") == "10")
            let ascii = next.absoluteString.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "the link is ASCII")
            let second = try await get(next)
            let logins = try (first.page.items + second.page.items).map(\.login)
            let repos = logins.compactMap { data.user(login: $0).map { data.profile(of: $0).publicRepos } }
            #expect(logins.count == 20 && Set(logins).count == 20)
            #expect(zip(repos, repos.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test("a + in the URL is a space, as in a form, and %2B a plus")
    func formEncoding() async throws {
        try await withSearchServer { base, _ in
            let spaced = try await search(base, "type:org followers:>10").page.totalCount
            let url = try #require(URL(string: base.absoluteString + "/search/users?q=type:org+followers:%3E10"))
            #expect(try await get(url).page.totalCount == spaced)
            #expect(spaced > 0)
            let plus = try #require(URL(string: base.absoluteString + "/search/users?q=language:c%2B%2B+type:org"))
            #expect(try await get(plus).page.totalCount > 0, "language:c++")
        }
    }

    @Test("a malformed qualifier is a 422 whose message names it",
          arguments: ["followers:>abc", "created:2020-13-45", "repos:1..x", "created:2021-02-29", "followers:",
                      "FOLLOWERS:<=-3", "created:>2020-1-01", "repos:>=1e3"])
    func malformed(q: String) async throws {
        try await withSearchServer { base, _ in
            let answer = try await search(base, "al " + q)
            #expect(answer.status == 422)
            let failure = try answer.decode(Failure.self)
            #expect(failure.message == "Invalid search qualifier \(q)")
            #expect(failure.status == "422" && failure.documentationUrl == "https://docs.github.com/v3/search")
            let detail = try #require(failure.errors?.first)
            #expect(detail.resource == "Search" && detail.field == "q" && detail.code == "invalid")
            #expect(detail.message?.hasPrefix("The listed users cannot be searched") == true)
        }
    }

    @Test("an unknown qualifier is a word the login must contain, as GitHub treats it")
    func unknownQualifier() async throws {
        try await withSearchServer { base, data in
            #expect(try await search(base, "al").page.totalCount == data.search(terms: ["al"], type: nil).count)
            #expect(try await search(base, "al").page.totalCount > 0)
            try await expectResults(base, "al foo:bar", [])
            try await expectResults(base, "type:robot", [])
            try await expectResults(base, "is:sponsorable", [])
            try await expectResults(base, "a sort:joined", [])
        }
    }
}

import FakeGitHub
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The fake's stargazers, spoken to over HTTP as any client would: GitHub's documented shapes.

private struct Account: Decodable, Equatable {
    let login: String
    let id: Int64
    let type: String
}

private struct Starred: Decodable {
    let starredAt: Date
    let user: Account
}

private struct ErrorBody: Decodable, Equatable {
    let message: String
    let documentationUrl: String
}

private func get(_ base: URL, _ pathAndQuery: String, accept: String) async throws -> (status: Int, body: Data, link: String?) {
    var request = URLRequest(url: try #require(URL(string: base.absoluteString + pathAndQuery)))
    request.setValue("ghscroll-tests", forHTTPHeaderField: "User-Agent")
    request.setValue(accept, forHTTPHeaderField: "Accept")
    let (body, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return (http.statusCode, body, http.value(forHTTPHeaderField: "Link"))
}

private func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: body)
}

private let star = "application/vnd.github.star+json"
private let plain = "application/vnd.github+json"

@Suite("The fake's stargazers")
struct FakeStargazerTests {
    @Test("asked with star+json, each stargazer is {starred_at, user}, oldest star first; asked plainly, the same accounts")
    func datedItems() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 500, seed: 7, listSizes: ["stargazers:octocat/hello-world": 120]))
        try await withServer(server) { base in
            var dated: [Starred] = []
            var accounts: [Account] = []
            for page in 1...2 {
                let query = "/repos/octocat/Hello-World/stargazers?per_page=100&page=\(page)"
                let starred = try await get(base, query, accept: star)
                #expect(starred.status == 200)
                dated += try decode([Starred].self, starred.body)
                accounts += try decode([Account].self, try await get(base, query, accept: plain).body)
            }
            #expect(dated.count == 120)
            #expect(dated.map(\.user) == accounts)
            #expect(zip(dated, dated.dropFirst()).allSatisfy { $0.starredAt < $1.starredAt }, "the oldest star first")
            let again = try decode([Starred].self, try await get(base, "/repos/octocat/Hello-World/stargazers?per_page=100",
                                                                  accept: star).body)
            #expect(again.map(\.starredAt) == Array(dated.prefix(100).map(\.starredAt)), "the same dates each time")
        }
    }

    @Test("a repository with 45,000 stargazers serves the first 40,000: page 400 of 100, then GitHub's 422 (the Link still counts them all)")
    func paginationLimit() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 45_000, seed: 7,
                                                  listSizes: ["stargazers:octocat/hello-world": 45_000]))
        try await withServer(server) { base in
            let path = "/repos/octocat/Hello-World/stargazers"
            let last = try await get(base, path + "?per_page=100&page=400", accept: star)
            #expect(last.status == 200)
            #expect(try decode([Starred].self, last.body).count == 100)
            #expect(last.link?.contains("page=401>; rel=\"next\"") == true, "\(last.link ?? "no Link")")
            #expect(last.link?.contains("page=450>; rel=\"last\"") == true, "\(last.link ?? "no Link")")
            for accept in [star, plain] {
                let past = try await get(base, path + "?per_page=100&page=401", accept: accept)
                #expect(past.status == 422)
                #expect(try decode(ErrorBody.self, past.body) == ErrorBody(
                    message: "In order to keep the API fast for everyone, pagination is limited for this resource. "
                        + "Check the rel=last link relation in the Link response header to see how far back you can traverse.",
                    documentationUrl: "https://docs.github.com/v3/#pagination"))
            }
            // In pages of 30, the one that crosses 40,000 stops there.
            let crossing = try await get(base, path + "?per_page=30&page=1334", accept: star)
            #expect(try decode([Starred].self, crossing.body).count == 10)
            #expect(try await get(base, path + "?per_page=30&page=1335", accept: star).status == 422)
        }
    }
}

import FakeGitHub
import Foundation
import Testing

/// (Serialized, and a few pages each: the fake executes GraphQL on the test process's few
/// concurrency threads, and several big answers at once starve every other test's fake.)
@Suite("stargazers --newest: every stargazer newest first through GraphQL, with a token", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct NewestEndToEndTests {
    let size = ["stargazers:octocat/hello-world": 300]

    @Test("--plain prints ID<TAB>LOGIN<TAB>STARRED_AT, newest first, the same shape as the oldest-first list, all through GraphQL")
    func plain() async throws {
        try await withServer(users: 1_000, listSizes: size) { server, base in
            let result = try await run(binary, ["stargazers", "octocat/Hello-World", "--newest", "--api-url", base, "--plain",
                                                "--no-cache"], environment: clean.merging(["GH_TOKEN": "t0ken"]) { $1 })
            #expect(result.status == 0, "\(result.errors)")
            let repo = try #require(server.data.repository(owner: "octocat", name: "Hello-World"))
            let people = server.data.list("stargazers:octocat/hello-world", offset: 0, limit: 300)
            let dates = server.data.starDates(of: repo, offset: 0, limit: 300)
            let expected = zip(people, dates).map { "\($0.id)\t\($0.login)\t\($1.formatted(.iso8601))" }.reversed()
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines == Array(expected), "the first: \(lines.prefix(2)) against \(expected.prefix(2))")
            let log = await server.requestLog()
            #expect(log.map(\.path) == Array(repeating: "/graphql", count: 3), "three pages of 100, none over REST")
        }
    }

    @Test("--json prints each GraphQL edge as GitHub sent it: {starredAt, node}")
    func json() async throws {
        try await withServer(users: 800, listSizes: ["stargazers:octocat/hello-world": 30]) { _, base in
            let result = try await run(binary, ["stargazers", "octocat/Hello-World", "--newest", "--api-url", base, "--json",
                                                "--no-cache"], environment: clean.merging(["GH_TOKEN": "t0ken"]) { $1 })
            #expect(result.status == 0, "\(result.errors)")
            let objects = result.output.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(objects.count == 30)
            #expect(objects.allSatisfy { Set($0.keys) == ["starredAt", "node"] && ($0["node"] as? [String: Any])?["login"] is String })
        }
    }

    @Test("without a token it says it needs one, exit status 4, and asks nothing; with --page it is a usage error")
    func refusals() async throws {
        try await withServer(users: 100) { server, base in
            let needs = try await run(binary, ["stargazers", "octocat/Hello-World", "--newest", "--api-url", base, "--plain"],
                                      environment: clean)
            #expect(needs.status == 4)
            #expect(needs.errors == "Error: --newest pages through GitHub's GraphQL API, which needs a token: set GH_TOKEN, "
                        + "or gh auth login\n")
            #expect(needs.output.isEmpty)
            let paged = try await run(binary, ["stargazers", "octocat/Hello-World", "--newest", "--page", "2", "--api-url", base,
                                               "--plain"], environment: clean.merging(["GH_TOKEN": "t0ken"]) { $1 })
            #expect(paged.status == 64)
            #expect(paged.errors.hasPrefix("Error: --page does not go with --newest: GraphQL's pages have no numbers\n"),
                    "\(paged.errors)")
            #expect(await server.requestLog().isEmpty)
        }
    }
}

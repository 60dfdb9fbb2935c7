import Foundation
@testable import GitHubAPI
import ListCore
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GitHub's documented example answer `name`, from the shared folder.
private func example(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/github/rest-examples/\(name)").standardizedFileURL
    return try Data(contentsOf: url)
}

private func client(_ transport: ScriptedTransport) throws -> GitHubClient {
    GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "http://127.0.0.1:9"))),
                 retryPolicy: .none, transport: transport)
}

@Suite("Web pages: the html_url GitHub sent for each item of a page, and the base they follow")
struct WebPagesTests {
    @Test("each list gives the html_url of its items in their order, as GitHub's documented examples send them",
          arguments: [
            ("users.list.json", "all"), ("users.list-followers-for-user.json", "followers"),
            ("search.users.json", "search"), ("repos.list-for-user.json", "repos"), ("orgs.list-for-user.json", "orgs"),
          ])
    func sentAddresses(file: String, list: String) async throws {
        let body = try example(file)
        let transport = ScriptedTransport([.reply(status: 200, headers: ["Content-Type": "application/json"], body: body)])
        let client = try client(transport)
        let webPages: [String?]
        switch list {
        case "all": webPages = try await UserList.all(since: 0).load(client: client, at: .since(0), pageSize: 30, policy: .normal).webPages
        case "followers": webPages = try await UserList.followers("x").load(client: client, at: .first, pageSize: 30, policy: .normal).webPages
        case "search": webPages = try await UserList.search("x").load(client: client, at: .first, pageSize: 30, policy: .normal).webPages
        case "orgs": webPages = try await UserList.organizations("x").load(client: client, at: .first, pageSize: 30, policy: .normal).webPages
        default:
            webPages = try await RepositoryList.owned("octocat", organization: false).githubSource(client: client)
                .load(at: .first, pageSize: 30, policy: .normal).webPages
        }
        let expected: [String?] = switch list {
        case "all", "followers": ["https://github.com/octocat"]
        case "search": ["https://github.com/mojombo"]
        case "repos": ["https://github.com/octocat/Hello-World"]
        default: [nil]  // GitHub's organization objects have no html_url
        }
        #expect(webPages == expected)
    }

    @Test("the first address that follows its object's path teaches the base; only an address off it is kept")
    func learning() {
        var web = WebPages()
        #expect(web.address(path: "octocat") == nil, "nothing known: no address, and none built")
        // A bot's page is not BASE/LOGIN: kept, and nothing learned from it.
        #expect(web.learn("https://github.com/apps/helper", path: WebPages.path(account: "helper[bot]"))
            == "https://github.com/apps/helper")
        #expect(web.base == nil)
        #expect(web.learn("https://github.com/octocat", path: "octocat") == nil)
        #expect(web.base == "https://github.com")
        #expect(web.address(path: "mona") == "https://github.com/mona")
        #expect(web.learn(nil, path: "mona") == nil, "none sent: nothing to keep")
        #expect(web.learn("https://ghe.example.com/mona", path: "mona") == "https://ghe.example.com/mona")
        #expect(web.base == "https://github.com", "the base stays what it was learned as")
        #expect(WebPages.path(repository: "octocat/Hello World") == "octocat/Hello%20World")
        #expect(WebPages.path(repository: "../x") == nil)
        #expect(web.learn("https://github.com/octocat/Hello-World", path: WebPages.path(repository: "octocat/Hello-World")) == nil)
    }

    @Test("an address that is no web page is neither kept nor learned from")
    func hostile() {
        var web = WebPages()
        for sent in ["javascript:alert(1)//octocat", "file:///etc/octocat", "octocat", "https:///octocat", "not a url/octocat"] {
            #expect(web.learn(sent, path: "octocat") == nil, "\(sent)")
        }
        #expect(web.base == nil)
        #expect(WebPages(base: "javascript:x").base == nil)
    }
}

import Foundation
import FakeGitHub
@testable import GitHubAPI
import Testing

/// A repository as `GET /repos/octocat/Hello-World` answers it (trimmed of most URLs).
private let helloWorld = #"""
{"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"Hello-World","full_name":"octocat/Hello-World",
 "owner":{"login":"octocat","id":1,"avatar_url":"https://github.com/images/error/octocat_happy.gif","type":"User","site_admin":false},
 "private":false,"html_url":"https://github.com/octocat/Hello-World","description":"This your first repo!",
 "fork":false,"homepage":"https://github.com","language":"Ruby","forks_count":9,"stargazers_count":80,
 "watchers_count":80,"subscribers_count":42,"open_issues_count":0,"archived":false,"topics":["octocat","atom"],
 "license":{"key":"mit","name":"MIT License","spdx_id":"MIT"},"pushed_at":"2011-01-26T19:06:43Z",
 "created_at":"2011-01-26T19:01:12Z","updated_at":"2011-01-26T19:14:43Z"}
"""#

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

private func date(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

@Suite("Repositories as GitHub sends them: rows and details")
struct RepositoryDecodingTests {
    @Test("a row keeps the name, the stars, the language, the marks, the description and the push time")
    func row() throws {
        let repository = try decode(GitHubRepository.self, helloWorld)
        #expect(repository == GitHubRepository(id: 1_296_269, fullName: "octocat/Hello-World", description: "This your first repo!",
                                               language: "Ruby", stars: 80, isFork: false, isArchived: false,
                                               pushedAt: try date("2011-01-26T19:06:43Z")))
        #expect(repository.ownerAndName?.owner == "octocat")
        #expect(repository.ownerAndName?.name == "Hello-World")
    }

    @Test("odd fields in a row become their defaults; only id and full_name are required")
    func lenientRow() throws {
        let odd = try decode(GitHubRepository.self, #"""
        {"id":7,"full_name":"a/b","description":null,"language":3,"stargazers_count":-4,"fork":"yes","archived":true,"pushed_at":"soon"}
        """#)
        #expect(odd == GitHubRepository(id: 7, fullName: "a/b", stars: 0, isArchived: true))
        #expect(throws: DecodingError.self) { try decode(GitHubRepository.self, #"{"id":7,"name":"b"}"#) }
        #expect(throws: DecodingError.self) { try decode(GitHubRepository.self, #"{"full_name":"a/b"}"#) }
    }

    @Test("a row without stargazers_count (optional in GitHub's minimal-repository) has no stars, not 0")
    func starsNotSent() throws {
        let bare = try decode(GitHubRepository.self, #"{"id":7,"full_name":"a/b"}"#)
        #expect(bare.stars == nil)
        #expect(bare == GitHubRepository(id: 7, fullName: "a/b"))
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(bare)) as? [String: Any])
        #expect(object["stargazers_count"] == nil, "encoded without a count either")
        #expect(try decode(GitHubRepository.self, #"{"id":7,"full_name":"a/b","stargazers_count":null}"#).stars == nil)
        #expect(try decode(GitHubRepository.self, #"{"id":7,"full_name":"a/b","stargazers_count":0}"#).stars == 0)
    }

    @Test("a full_name that is not OWNER/NAME names no owner to follow")
    func brokenFullName() throws {
        for name in ["plain", "/b", "a/", "a/b/c", "../../etc", "../x", "x/..", "./.", "a/."] {
            let repository = GitHubRepository(id: 1, fullName: name)
            #expect(repository.ownerAndName == nil, "\(name)")
        }
    }

    @Test("a row encodes under GitHub's names and decodes back the same")
    func roundTrip() throws {
        let row = try decode(GitHubRepository.self, helloWorld)
        let again = try JSONDecoder().decode(GitHubRepository.self, from: JSONEncoder().encode(row))
        #expect(again == row)
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(row)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "full_name", "description", "language", "stargazers_count", "fork", "archived",
                                     "pushed_at"])
    }

    @Test("the details hold what the pane shows: counts, license, topics, homepage, dates, owner and address")
    func details() throws {
        let details = try decode(RepositoryDetails.self, helloWorld)
        #expect(details.fullName == "octocat/Hello-World")
        #expect(details.description == "This your first repo!")
        #expect(details.stars == 80)
        #expect(details.forks == 9)
        #expect(details.watchers == 42, "subscribers, not watchers_count (which repeats the stars)")
        #expect(details.openIssues == 0)
        #expect(details.language == "Ruby")
        #expect(details.license == "MIT")
        #expect(details.topics == ["octocat", "atom"])
        #expect(details.homepage == "https://github.com")
        #expect(details.createdAt == (try date("2011-01-26T19:01:12Z")))
        #expect(details.pushedAt == (try date("2011-01-26T19:06:43Z")))
        #expect(details.htmlURL == "https://github.com/octocat/Hello-World")
        #expect(details.owner == GitHubUser(login: "octocat", id: 1))
        #expect(details.ownerAvatarURL == "https://github.com/images/error/octocat_happy.gif")
        #expect(!details.isFork && !details.isArchived)
    }

    @Test("details with nothing known: no license, an empty homepage, odd topics, a broken owner")
    func sparseDetails() throws {
        let details = try decode(RepositoryDetails.self, #"""
        {"id":9,"full_name":"x/y","license":null,"homepage":"","topics":["a",null,"b"],"owner":{"id":"nine"},
         "forks_count":-1,"fork":true}
        """#)
        #expect(details.license == nil)
        #expect(details.homepage == nil)
        #expect(details.topics == ["a", "b"])
        #expect(details.owner == nil)
        #expect(details.forks == 0)
        #expect(details.stars == nil)
        #expect(details.isFork)
        let noAssertion = try decode(RepositoryDetails.self, #"""
        {"id":9,"full_name":"x/y","license":{"key":"other","name":"Other","spdx_id":"NOASSERTION"}}
        """#)
        #expect(noAssertion.license == "Other")
    }
}

@Suite("Repository details through the client, from the fake GitHub")
struct RepositoryDetailsClientTests {
    @Test("the details the pane shows come from GET /repos/{owner}/{repo}; the stars count what the stargazers list holds")
    func detailsAgreeWithTheList() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 4, listSizes: ["stargazers:octocat/hello-world": 37]))
        try await withServer(server) { base in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), retryPolicy: .none)
            let (details, _) = try await client.repositoryDetails(owner: "octocat", repo: "Hello-World")
            #expect(details.fullName == "octocat/Hello-World")
            #expect(details.owner?.login == "octocat")
            #expect(details.stars == 37)
            var cursor: GitHubCursor? = .first
            var stargazers = 0
            let source = UserList.stargazers(owner: "octocat", repo: "Hello-World").githubSource(client: client)
            while let at = cursor {
                let page = try await source.loadPage(at: at, pageSize: 10)
                stargazers += page.items.count
                cursor = page.next
            }
            #expect(stargazers == 37)
        }
    }

    @Test("a repository GitHub does not have is not found, named as a repository")
    func missing() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 50, seed: 4))
        try await withServer(server) { base in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), retryPolicy: .none)
            let error = await #expect(throws: GitHubError.self) {
                _ = try await client.repositoryDetails(owner: "octocat", repo: "no-such-repo")
            }
            #expect(error == .notFound(what: "Repository octocat/no-such-repo"))
        }
    }
}

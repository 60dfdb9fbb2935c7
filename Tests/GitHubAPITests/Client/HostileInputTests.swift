import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Testing

/// Answers the next request with `reply` and loads page 1 of octocat's followers through it.
private func followersPage(_ reply: FakeRawReply, maxBodyBytes: Int = 8 * 1_048_576) async throws
    -> Page<GitHubUser, GitHubCursor> {
    var options = FakeGitHubOptions()
    options.scriptedReplies = [reply]
    let server = FakeGitHub(data: FakeDataSet(userCount: 100, seed: 1), options: options)
    return try await withServer(server) { base in
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, maxBodyBytes: maxBodyBytes),
                                  retryPolicy: .none)
        let source = UserList.followers("octocat").githubSource(client: client)
        return try await source.loadPage(at: source.firstCursor, pageSize: 2)
    }
}

private func expectMalformed(_ reply: FakeRawReply) async throws {
    do {
        let page = try await followersPage(reply)
        Issue.record("accepted: \(page.items.map(\.login))")
    } catch let error as GitHubError {
        guard case .malformedBody = error else {
            Issue.record("expected an unreadable-response error, got \(error)")
            return
        }
        #expect(error.description.hasPrefix("GitHub sent a response that could not be read"))
    }
}

private let twoUsers = #"[{"login":"a","id":1,"type":"User"},{"login":"b","id":2,"type":"User"}]"#

@Suite("Hostile and broken input from the API")
struct HostileInputTests {
    @Test("broken JSON, the wrong shape, an HTML page, an empty body and non-UTF-8 bytes are unreadable responses",
          arguments: [
              FakeRawReply(json: #"[{"login":"a","id":1},{"login":"#),
              FakeRawReply(json: #"{"message":"not a list"}"#),
              FakeRawReply(json: #"[{"login":5,"id":"seven"}]"#),
              FakeRawReply(headers: [("Content-Type", "text/html")], body: Array("<html>Unicorn!</html>".utf8)),
              FakeRawReply(json: ""),
              FakeRawReply(body: [0x5B, 0x7B, 0x22, 0x6C, 0xFF, 0xFE, 0x80, 0x22, 0x7D, 0x5D]),
          ])
    func unreadable(reply: FakeRawReply) async throws {
        try await expectMalformed(reply)
    }

    @Test("a login with invalid UTF-8 inside the JSON string is refused, not drawn half-decoded")
    func invalidUTF8InString() async throws {
        let body = Array(#"[{"login":""#.utf8) + [0xC3, 0x28, 0xA0, 0xA1] + Array(#"","id":1}]"#.utf8)
        try await expectMalformed(FakeRawReply(body: body))
    }

    @Test("a body larger than the cap is refused as soon as its length is announced")
    func hugeBody() async throws {
        let user = #"{"login":"padding","id":1,"bio":""# + String(repeating: "x", count: 4_000) + #""}"#
        let json = "[" + Array(repeating: user, count: 800).joined(separator: ",") + "]"
        #expect(json.utf8.count > 3_000_000)
        await #expect(throws: GitHubError.bodyTooLarge(limit: 1_048_576)) {
            _ = try await followersPage(FakeRawReply(json: json), maxBodyBytes: 1_048_576)
        }
    }

    @Test("Link headers that must not be followed are errors that say why", arguments: [
        ("<http://evil.example/users/octocat/followers?page=2>; rel=\"next\"", "it points to another host (evil.example)"),
        ("<file:///etc/passwd>; rel=\"next\"", "it is not an http(s) URL"),
        ("<javascript:alert(1)>; rel=\"next\"", "it is not an http(s) URL"),
        ("</users/octocat/followers?page=99999999999999999999>; rel=\"next\"", "page \"99999999999999999999\" is out of range"),
        ("</users/octocat/followers?page=-4>; rel=\"next\"", "page \"-4\" is out of range"),
        ("</users/octocat/followers?page=1>; rel=\"next\"", "it goes back from page 1 to page 1"),
    ])
    func hostileLinks(link: String, reason: String) async throws {
        let reply = FakeRawReply(headers: [("Link", link)], json: twoUsers)
        await #expect(throws: GitHubError.unusableLink(reason: reason)) { _ = try await followersPage(reply) }
    }

    @Test("a Link header that is garbage is ignored: the page is kept and the list ends there", arguments: [
        "<<<>>>;;;,,,", "rel=\"next\"", "<>; rel=next", "\u{1B}[2J; rel=\"next\"", String(repeating: "<a>;rel=x,", count: 5_000),
    ])
    func garbageLinks(link: String) async throws {
        let page = try await followersPage(FakeRawReply(headers: [("Link", link)], json: twoUsers))
        #expect(page.items.map(\.login) == ["a", "b"])
        #expect(page.next == nil)
    }

    @Test("GET /users never goes backwards, whatever its Link says")
    func sinceNeverBackwards() async throws {
        var options = FakeGitHubOptions()
        options.scriptedReplies = [FakeRawReply(headers: [("Link", "</users?since=0>; rel=\"next\"")], json: twoUsers)]
        let server = FakeGitHub(data: FakeDataSet(userCount: 100, seed: 1), options: options)
        try await withServer(server) { base in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), retryPolicy: .none)
            let page = try await AllUsersSource(client: client, since: 0).loadPage(at: .since(0), pageSize: 2)
            #expect(page.next == .since(2), "the last id seen, not the link's since=0")
        }
    }
}

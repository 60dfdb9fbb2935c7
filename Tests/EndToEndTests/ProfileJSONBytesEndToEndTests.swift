import FakeGitHub
import Foundation
import Testing

// MARK: - user LOGIN --json, byte for byte (#37 item 1)

extension PlainEndToEndTests {
    @Test("a profile GitHub sent compact is printed byte for byte by user LOGIN --json: an id past 2^53, escapes, nulls, plan and key order as sent")
    func profileJSONBytes() async throws {
        // The shape of GitHub's documented user (../shared/github/rest-examples/users.get-by-username*.json),
        // compact as api.github.com sends it, with what a re-encoding would change: an id no
        // Double holds, escaped slashes and letters, a number written 1.50, keys out of order.
        let sent = #"{"login":"octocat","id":9007199254740993,"node_id":"MDQ6VXNlcjE=","#
            + #""avatar_url":"https:\/\/github.com\/images\/error\/octocat_happy.gif","gravatar_id":"","#
            + #""url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat","#
            + #""followers_url":"https://api.github.com/users/octocat/followers","type":"User","site_admin":false,"#
            + #""name":"Mona \u00c9 Lisa","company":null,"blog":"https://github.com/blog","location":"San Francisco","#
            + #""email":null,"hireable":null,"bio":"There once was...\n","twitter_username":null,"public_repos":2,"#
            + #""public_gists":1,"followers":20,"following":0,"created_at":"2008-01-14T04:33:35Z","#
            + #""updated_at":"2008-01-14T04:33:35Z","plan":{"name":"Medium","space":400,"private_repos":20,"#
            + #""collaborators":0},"user_view_type":"public","score":1.50}"#
        var options = FakeGitHubOptions()
        options.scriptedReplies = [FakeRawReply(json: sent)]
        try await withServer(options: options) { _, base in
            let result = try await run(binary, ["user", "octocat", "--api-url", base, "--json", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output == sent + "\n", "\(result.output)")
        }
    }
}

import Foundation
import Testing
@testable import GitHubAPI

@Suite("User decoding")
struct UserDecodingTests {
    /// A user object as GET /users/octocat/followers returns it (GitHub's documented sample).
    static let octocat = """
    {"login":"octocat","id":1,"node_id":"MDQ6VXNlcjE=","avatar_url":"https://github.com/images/error/octocat_happy.gif",
     "gravatar_id":"","url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat",
     "followers_url":"https://api.github.com/users/octocat/followers",
     "following_url":"https://api.github.com/users/octocat/following{/other_user}",
     "gists_url":"https://api.github.com/users/octocat/gists{/gist_id}",
     "starred_url":"https://api.github.com/users/octocat/starred{/owner}{/repo}",
     "subscriptions_url":"https://api.github.com/users/octocat/subscriptions",
     "organizations_url":"https://api.github.com/users/octocat/orgs",
     "repos_url":"https://api.github.com/users/octocat/repos","events_url":"https://api.github.com/users/octocat/events{/privacy}",
     "received_events_url":"https://api.github.com/users/octocat/received_events","type":"User","site_admin":false,
     "user_view_type":"public"}
    """

    @Test("the documented simple-user object decodes every field")
    func fullObject() throws {
        let user = try GitHubClient.decode(GitHubUser.self, from: Data(Self.octocat.utf8))
        #expect(user.login == "octocat")
        #expect(user.id == 1)
        #expect(user.nodeID == "MDQ6VXNlcjE=")
        #expect(user.gravatarID == "")
        #expect(user.htmlURL == "https://github.com/octocat")
        #expect(user.followingURL == "https://api.github.com/users/octocat/following{/other_user}")
        #expect(user.type == "User")
        #expect(user.siteAdmin == false)
        #expect(user.userViewType == "public")
        #expect(!user.isOrganization)
    }

    @Test("null gravatar, unknown fields and missing optional fields are fine")
    func tolerant() throws {
        let json = #"[{"login":"acme","id":9,"gravatar_id":null,"type":"Organization","plan":{"name":"pro"},"score":1.0},{"login":"b","id":10}]"#
        let users = try GitHubClient.decode([GitHubUser].self, from: Data(json.utf8))
        #expect(users.map(\.login) == ["acme", "b"])
        #expect(users[0].gravatarID == nil)
        #expect(users[0].isOrganization)
        #expect(users[1].type == nil)
    }

    @Test("an optional field of the wrong type becomes nil instead of failing the page")
    func wrongOptionalType() throws {
        let json = #"[{"login":"x","id":1,"site_admin":"yes","type":7,"avatar_url":["a"]}]"#
        let users = try GitHubClient.decode([GitHubUser].self, from: Data(json.utf8))
        #expect(users[0].siteAdmin == nil)
        #expect(users[0].type == nil)
        #expect(users[0].avatarURL == nil)
    }

    @Test("broken input is a malformed-body error with a useful detail",
          arguments: [
            (#"[{"login":"x","id":1},{"login":"y""#, "truncated"),
            (#"[{"id":1}]"#, #"[0] has no "login""#),
            (#"[{"login":"x","id":"1"}]"#, "wrong type at [0].id"),
            (#"{"message":"hi"}"#, "wrong type"),
            ("<html>oops</html>", "broken"),
            ("", "broken"),
          ])
    func malformed(body: String, detail: String) {
        #expect {
            try GitHubClient.decode([GitHubUser].self, from: Data(body.utf8))
        } throws: { error in
            guard case GitHubError.malformedBody(let text) = error else { return false }
            return text.contains(detail)
        }
    }

    @Test("bytes that are not UTF-8 are a malformed body, not a crash")
    func notUTF8() {
        var bytes = Array(#"[{"login":"x"#.utf8)
        bytes += [0xFF, 0xFE, 0xC3]
        bytes += Array(#"","id":1}]"#.utf8)
        #expect(throws: GitHubError.self) { try GitHubClient.decode([GitHubUser].self, from: Data(bytes)) }
    }
}

@Suite("Configuration")
struct ConfigurationTests {
    @Test("token: the option, then GH_TOKEN, then GITHUB_TOKEN")
    func tokenOrder() throws {
        let env = ["GH_TOKEN": "gh", "GITHUB_TOKEN": "github"]
        #expect(try GitHubConfiguration.resolve(token: "opt", environment: env).token == "opt")
        #expect(try GitHubConfiguration.resolve(environment: env).token == "gh")
        #expect(try GitHubConfiguration.resolve(environment: ["GITHUB_TOKEN": "github", "GH_TOKEN": ""]).token == "github")
        #expect(try GitHubConfiguration.resolve(environment: [:]).token == nil)
    }

    @Test("base URL: the option, then GITHUB_API_URL, else api.github.com; Enterprise paths kept")
    func baseURL() throws {
        let env = ["GITHUB_API_URL": "https://ghe.example.com/api/v3/"]
        #expect(try GitHubConfiguration.resolve(environment: [:]).baseURL.absoluteString == "https://api.github.com")
        let ghe = try GitHubConfiguration.resolve(environment: env)
        #expect(ghe.baseURL.absoluteString == "https://ghe.example.com/api/v3")
        #expect(try ghe.url("/users", query: [("since", "5")]).absoluteString == "https://ghe.example.com/api/v3/users?since=5")
        #expect(try GitHubConfiguration.resolve(apiURL: "http://127.0.0.1:8080", environment: env).baseURL.absoluteString
                == "http://127.0.0.1:8080")
    }

    @Test("unusable base URLs are refused with the reason", arguments: ["ftp://x", "not a url", "https://", "file:///etc"])
    func badBase(text: String) {
        #expect(throws: GitHubError.self) { try GitHubConfiguration.resolve(apiURL: text, environment: [:]) }
    }

    @Test("the token goes only to the base URL's origin")
    func origin() throws {
        let config = GitHubConfiguration(baseURL: try GitHubConfiguration.parseBaseURL("https://api.github.com"), token: "t")
        #expect(config.isSameOrigin(URL(string: "https://api.github.com/users?page=2")!))
        #expect(config.isSameOrigin(URL(string: "https://API.github.com:443/x")!))
        #expect(!config.isSameOrigin(URL(string: "http://api.github.com/x")!))
        #expect(!config.isSameOrigin(URL(string: "https://api.github.com.evil.test/x")!))
        #expect(!config.isSameOrigin(URL(string: "https://api.github.com:8443/x")!))
    }

    @Test("logins and queries are percent-encoded, never spliced raw")
    func encoding() throws {
        let config = GitHubConfiguration(baseURL: try GitHubConfiguration.parseBaseURL("https://api.github.com"))
        #expect(GitHubConfiguration.segment("a/../b") == "a%2F..%2Fb")
        #expect(try config.url("/search/users", query: [("q", "tom type:user&x=1")]).absoluteString
                == "https://api.github.com/search/users?q=tom%20type:user%26x%3D1")
    }
}

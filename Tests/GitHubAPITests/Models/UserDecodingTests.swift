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

    @Test("the documented simple-user object keeps what a row shows; the URLs follow from the login")
    func fullObject() throws {
        let user = try GitHubClient.decode(GitHubUser.self, from: Data(Self.octocat.utf8))
        #expect(user == GitHubUser(login: "octocat", id: 1, type: "User", siteAdmin: false))
        #expect(user.kind == .user)
        #expect(!user.isOrganization)
        #expect(user.profileURL(base: "https://github.com") == "https://github.com/octocat")
        #expect(user.apiURL(base: "https://api.github.com") == "https://api.github.com/users/octocat")
        // 32 bytes a row: the login inline, the id, the kind and the staff flag.
        #expect(MemoryLayout<GitHubUser>.stride == 32)
        let staff = try GitHubClient.decode(GitHubUser.self, from: Data(#"{"login":"x","id":2,"type":"Bot","site_admin":true}"#.utf8))
        #expect(staff.kind == .bot && staff.isStaff && staff.type == "Bot")
    }

    @Test("null gravatar, unknown fields and missing optional fields are fine")
    func tolerant() throws {
        let json = #"[{"login":"acme","id":9,"gravatar_id":null,"type":"Organization","plan":{"name":"pro"},"score":1.0},{"login":"b","id":10}]"#
        let users = try GitHubClient.decode([GitHubUser].self, from: Data(json.utf8))
        #expect(users.map(\.login) == ["acme", "b"])
        #expect(users[0].isOrganization)
        #expect(users[1].type == nil)
    }

    @Test("an optional field of the wrong type becomes nil instead of failing the page")
    func wrongOptionalType() throws {
        let json = #"[{"login":"x","id":1,"site_admin":"yes","type":7,"avatar_url":["a"]}]"#
        let users = try GitHubClient.decode([GitHubUser].self, from: Data(json.utf8))
        #expect(users[0] == GitHubUser(login: "x", id: 1, type: nil, siteAdmin: false))
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
    @Test("token for github.com: the option, then GH_TOKEN, then GITHUB_TOKEN, then gh's login; the source is named")
    func tokenOrder() throws {
        let env = ["GH_TOKEN": "gh-env", "GITHUB_TOKEN": "github", "GH_ENTERPRISE_TOKEN": "ghe"]
        func resolve(token: String? = nil, _ environment: [String: String], gh: String? = "from-gh") throws -> GitHubConfiguration {
            try GitHubConfiguration.resolve(token: token, environment: environment) { host in
                #expect(host == "github.com")
                return gh
            }
        }
        let option = try resolve(token: "opt", env)
        #expect(option.token == "opt" && option.tokenSource == .option)
        #expect(option.tokenSource.description == "token: --token")
        let ghToken = try resolve(env)
        #expect(ghToken.token == "gh-env" && ghToken.tokenSource.description == "token: GH_TOKEN",
                "an Enterprise token is not for github.com")
        #expect(try resolve(["GITHUB_TOKEN": "github", "GH_TOKEN": ""]).tokenSource == .environment("GITHUB_TOKEN"))
        let fromGH = try resolve([:])
        #expect(fromGH.token == "from-gh" && fromGH.tokenSource.description == "token: gh")
        let none = try resolve([:], gh: nil)
        #expect(none.token == nil && none.tokenSource.description == "no token")
        #expect(try resolve([:], gh: "  \n").token == nil, "a blank answer is no token")
    }

    @Test("token for an Enterprise host: GH_ENTERPRISE_TOKEN and GITHUB_ENTERPRISE_TOKEN first, gh asked for that host")
    func enterpriseTokenOrder() throws {
        var asked: [String] = []
        func resolve(_ environment: [String: String]) throws -> GitHubConfiguration {
            try GitHubConfiguration.resolve(apiURL: "https://ghe.example.com/api/v3", environment: environment) { host in
                asked.append(host)
                return "from-gh"
            }
        }
        let both = ["GH_TOKEN": "dotcom", "GH_ENTERPRISE_TOKEN": "ghe", "GITHUB_ENTERPRISE_TOKEN": "ghe2"]
        #expect(try resolve(both).tokenSource == .environment("GH_ENTERPRISE_TOKEN"))
        #expect(try resolve(["GITHUB_ENTERPRISE_TOKEN": "ghe2", "GH_TOKEN": "dotcom"]).token == "ghe2")
        #expect(try resolve(["GH_TOKEN": "dotcom"]).token == "dotcom")
        #expect(asked.isEmpty, "gh is asked only when no variable gives a token")
        #expect(try resolve([:]).tokenSource == .gh)
        #expect(asked == ["ghe.example.com"])
        let local = try GitHubConfiguration.resolve(apiURL: "http://127.0.0.1:8080", environment: [:]) { host in
            asked.append(host)
            return nil
        }
        #expect(local.token == nil && asked.last == "127.0.0.1:8080", "a host with a port is asked for with it")
    }

    @Test("GH_HOST picks the API when neither --api-url nor GITHUB_API_URL does")
    func ghHost() throws {
        func base(_ apiURL: String?, _ environment: [String: String]) throws -> String {
            try GitHubConfiguration.resolve(apiURL: apiURL, environment: environment).baseURL.absoluteString
        }
        #expect(try base(nil, ["GH_HOST": "github.com"]) == "https://api.github.com")
        #expect(try base(nil, ["GH_HOST": "ghe.example.com"]) == "https://ghe.example.com/api/v3")
        #expect(try base(nil, ["GH_HOST": "acme.ghe.com"]) == "https://api.acme.ghe.com")
        #expect(try base(nil, ["GH_HOST": "ghe.example.com", "GITHUB_API_URL": "https://other.example/api/v3"])
                == "https://other.example/api/v3")
        #expect(try base("http://127.0.0.1:9", ["GH_HOST": "ghe.example.com"]) == "http://127.0.0.1:9")
        let tenancy = try GitHubConfiguration.parseBaseURL("https://api.acme.ghe.com")
        #expect(GitHubConfiguration.webHost(of: tenancy) == "acme.ghe.com" && !GitHubConfiguration.isEnterprise(tenancy))
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

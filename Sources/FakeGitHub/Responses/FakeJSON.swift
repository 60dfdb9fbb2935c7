import Foundation

/// Writes the fake server's JSON by hand: GitHub's field order and formats, fast for big pages.
enum FakeJSON {
    static func user(_ user: FakeUser, base: String) -> String {
        let login = escape(user.login)
        let api = "\(base)/users/\(login)"
        let nodeID = Data("04:User\(user.id)".utf8).base64EncodedString()
        return """
        {"login":"\(login)","id":\(user.id),"node_id":"\(nodeID)",\
        "avatar_url":"\(avatarBase(base))/avatars/u/\(user.id)?v=4","gravatar_id":"",\
        "url":"\(api)","html_url":"https://github.com/\(login)",\
        "followers_url":"\(api)/followers","following_url":"\(api)/following{/other_user}",\
        "gists_url":"\(api)/gists{/gist_id}","starred_url":"\(api)/starred{/owner}{/repo}",\
        "subscriptions_url":"\(api)/subscriptions","organizations_url":"\(api)/orgs",\
        "repos_url":"\(api)/repos","events_url":"\(api)/events{/privacy}",\
        "received_events_url":"\(api)/received_events",\
        "type":"\(user.isOrganization ? "Organization" : "User")","user_view_type":"public",\
        "site_admin":\(user.isSiteAdmin)}
        """
    }

    /// The full account of `GET /users/{login}`: the list fields, then the profile.
    static func fullUser(_ user: FakeUser, data: FakeDataSet, base: String, edits: FakeEdits = FakeEdits()) -> String {
        let profile = edits.profile(of: user, data: data)
        let simple = self.user(user, base: base)
        func string(_ value: String?) -> String { value.map { "\"\(escape($0))\"" } ?? "null" }
        let dates = ISO8601DateFormatter()
        var fields = [
            "\"name\":\(string(profile.name))", "\"company\":\(string(profile.company))",
            "\"blog\":\(string(profile.blog))", "\"location\":\(string(profile.location))",
            "\"email\":\(string(profile.email))",
            "\"hireable\":\(profile.hireable.map { String($0) } ?? "null")",
            "\"bio\":\(string(profile.bio))", "\"twitter_username\":\(string(profile.twitter))",
            "\"public_repos\":\(profile.publicRepos)", "\"public_gists\":\(profile.publicGists)",
            "\"followers\":\(profile.followers)", "\"following\":\(profile.following)",
            "\"created_at\":\"\(dates.string(from: profile.createdAt))\"",
            "\"updated_at\":\"\(dates.string(from: profile.updatedAt))\"",
        ]
        if user.isOrganization { fields.removeAll { $0.hasPrefix("\"hireable\"") } }
        return String(simple.dropLast()) + "," + fields.joined(separator: ",") + "}"
    }

    /// Where the fake's avatars are: the same server under another name (`localhost` for
    /// `127.0.0.1`), so that, as on GitHub, they are on another origin than the API.
    static func avatarBase(_ base: String) -> String {
        guard var components = URLComponents(string: base) else { return base }
        if components.host == "127.0.0.1" { components.host = "localhost" }
        components.path = ""
        return components.string ?? base
    }

    /// An organization as `/users/{u}/orgs` lists it (GitHub's "organization simple"): no
    /// `html_url`, no `type`, and its API addresses under `/orgs`.
    static func organization(_ org: FakeUser, data: FakeDataSet, base: String) -> String {
        let login = escape(org.login)
        let api = "\(base)/orgs/\(login)"
        let nodeID = Data("012:Organization\(org.id)".utf8).base64EncodedString()
        let description = FakeProfile(org, data: data).bio.map { "\"\(escape($0))\"" } ?? "null"
        return """
        {"login":"\(login)","id":\(org.id),"node_id":"\(nodeID)","url":"\(api)",\
        "repos_url":"\(api)/repos","events_url":"\(api)/events","hooks_url":"\(api)/hooks",\
        "issues_url":"\(api)/issues","members_url":"\(api)/members{/member}",\
        "public_members_url":"\(api)/public_members{/member}",\
        "avatar_url":"\(avatarBase(base))/avatars/u/\(org.id)?v=4","description":\(description)}
        """
    }

    static func users(_ users: some Sequence<FakeUser>, base: String) -> String {
        "[" + users.map { user($0, base: base) }.joined(separator: ",") + "]"
    }

    static func error(_ message: String, status: Int, documentation: String = "https://docs.github.com/rest") -> String {
        #"{"message":"\#(escape(message))","documentation_url":"\#(documentation)","status":"\#(status)"}"#
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

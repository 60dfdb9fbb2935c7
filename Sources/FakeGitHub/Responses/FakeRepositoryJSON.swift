import Foundation

/// Repository objects in GitHub's field order and formats.
extension FakeJSON {
    /// A repository as lists serve it; `details` adds what `GET /repos/{o}/{r}` adds
    /// (`network_count`, `subscribers_count`).
    static func repository(_ repo: FakeRepository, base: String, hostile: Bool, details: Bool = false) -> String {
        let owner = escape(repo.owner.login)
        let name = escape(repo.name)
        let full = "\(owner)/\(name)"
        let api = "\(base)/repos/\(full)"
        let html = "https://github.com/\(full)"
        let nodeID = Data("010:Repository\(repo.id)".utf8).base64EncodedString()
        func string(_ value: String?) -> String { value.map { "\"\(escape($0))\"" } ?? "null" }
        let topics = "[" + repo.topics.map { "\"\(escape($0))\"" }.joined(separator: ",") + "]"
        var json = """
        {"id":\(repo.id),"node_id":"\(nodeID)","name":"\(name)","full_name":"\(full)","private":false,\
        "owner":\(user(repo.owner, base: base)),"html_url":"\(html)",\
        "description":\(string(repo.description(hostile: hostile))),"fork":\(repo.isFork),\
        "url":"\(api)","forks_url":"\(api)/forks","teams_url":"\(api)/teams","hooks_url":"\(api)/hooks",\
        "events_url":"\(api)/events","branches_url":"\(api)/branches{/branch}","tags_url":"\(api)/tags",\
        "languages_url":"\(api)/languages","stargazers_url":"\(api)/stargazers",\
        "contributors_url":"\(api)/contributors","subscribers_url":"\(api)/subscribers",\
        "subscription_url":"\(api)/subscription","commits_url":"\(api)/commits{/sha}",\
        "contents_url":"\(api)/contents/{+path}","issues_url":"\(api)/issues{/number}",\
        "pulls_url":"\(api)/pulls{/number}","releases_url":"\(api)/releases{/id}",\
        "created_at":"\(date(repo.createdAt))","updated_at":"\(date(repo.updatedAt))",\
        "pushed_at":"\(date(repo.pushedAt))","git_url":"git://github.com/\(full).git",\
        "ssh_url":"git@github.com:\(full).git","clone_url":"\(html).git","svn_url":"\(html)",\
        "homepage":\(string(repo.homepage)),"size":\(repo.size),\
        "stargazers_count":\(repo.stargazers),"watchers_count":\(repo.stargazers),\
        "language":\(string(repo.language)),"has_issues":true,"has_projects":true,"has_downloads":true,\
        "has_wiki":\(!repo.isFork),"has_pages":false,"has_discussions":false,\
        "forks_count":\(repo.forks),"mirror_url":null,"archived":\(repo.isArchived),"disabled":false,\
        "open_issues_count":\(repo.openIssues),"license":\(license(repo.license, base: base)),\
        "allow_forking":true,"is_template":false,"web_commit_signoff_required":false,\
        "topics":\(topics),"visibility":"public","forks":\(repo.forks),"open_issues":\(repo.openIssues),\
        "watchers":\(repo.stargazers),"default_branch":"\(escape(repo.defaultBranch))"
        """
        if details {
            json += #","network_count":\#(repo.forks),"subscribers_count":\#(repo.subscribers)"#
        }
        return json + "}"
    }

    static func repositories(_ repos: some Sequence<FakeRepository>, base: String, hostile: Bool) -> String {
        "[" + repos.map { repository($0, base: base, hostile: hostile) }.joined(separator: ",") + "]"
    }

    /// An account of `GET /repos/{o}/{r}/contributors`: the list fields and `contributions`.
    static func contributor(_ account: FakeUser, contributions: Int, base: String) -> String {
        String(user(account, base: base).dropLast()) + #","contributions":\#(contributions)}"#
    }

    /// A stargazer as `Accept: application/vnd.github.star+json` has GitHub send it.
    static func stargazer(_ account: FakeUser, starredAt: Date, base: String) -> String {
        #"{"starred_at":"\#(date(starredAt))","user":"# + user(account, base: base) + "}"
    }

    private static func license(_ license: FakeLicense?, base: String) -> String {
        guard let license else { return "null" }
        let url = license.key == "other" ? "null" : "\"\(base)/licenses/\(license.key)\""
        let nodeID = Data("07:License\(license.key)".utf8).base64EncodedString()
        return #"{"key":"\#(license.key)","name":"\#(escape(license.name))","spdx_id":"\#(license.spdxID)","url":\#(url),"node_id":"\#(nodeID)"}"#
    }

    /// `2011-01-26T19:01:12Z`.
    static func date(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

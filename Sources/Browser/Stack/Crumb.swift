import GitHubAPI

/// One step of a screen's title path, as a fact: whose it is or which list it shows. The view
/// words it (``words``): "octocat", "followers", "Your followers".
package enum Crumb: Sendable, Equatable {
    /// An account's login or a repository's full name ("octocat", "apple/swift"): a profile, or
    /// the name a list of it is shown under.
    case name(String)
    /// A list under the name before it, by what it holds: "followers", "stargazers".
    case list(GitHubList)
    /// A list on its own, by its heading: "All users", "Search: tom", "Your followers".
    case heading(GitHubList)
}

import GitHubAPI

/// What is wrong with a line typed at the prompt, as the prompt says it.
package enum GoCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    /// `help`: not a command; the answer is the list of them.
    case help
    case unknown(String, suggestion: String?)
    case missing(String, usage: String)
    case extra(String, usage: String)
    case badLogin(String)
    case badRepository(String, String)
    case badSort
    /// An option the command does not take, or a value out of its range: the shell's words.
    case option(String)
    /// `members @me` (the command's name): the token's owner is an account, not an organization.
    case meIsNoOrganization(String)
    /// `me`, or `@me` for a login, without a token: no account to name. True for `me` (a
    /// profile), false for a list of `@me`'s.
    case needsToken(profile: Bool)
    /// GitHub did not say whose the token is (out of reach, a wait, an error), so no profile
    /// can open for `me`.
    case meUnknown

    private static var commandList: String { GoCommand.names.filter { $0 != "q" }.joined(separator: ", ") }

    package var description: String {
        switch self {
        case .empty:
            "Type a command: \(Self.commandList)"
        case .help:
            "The commands: \(Self.commandList)"
        case let .unknown(name, suggestion?):
            "No command \(name) · did you mean \(suggestion)?"
        case let .unknown(name, nil):
            "No command \(name) · the commands: \(Self.commandList)"
        case let .missing(_, usage):
            "Missing argument: \(usage)"
        case let .extra(_, usage):
            "Too many words: \(usage)"
        case .badLogin(let login):
            "'\(login)' is not a GitHub login"
        case let .badRepository(name, text):
            "\(name) takes a repository as OWNER/REPO, for example apple/swift (got '\(text)')"
        case .badSort:
            "--sort takes \(SearchSort.allCases.map(\.rawValue).joined(separator: ", "))"
        case .option(let message):
            message
        case .meIsNoOrganization(let name):
            "@me is your own account, not an organization: only an organization has \(name) (followers @me lists yours)"
        case .needsToken(profile: true):
            "me opens your own profile (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login"
        case .needsToken(profile: false):
            "@me stands for your own account (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login"
        case .meUnknown:
            "GitHub did not say whose the token is (GET /user) · try again"
        }
    }
}

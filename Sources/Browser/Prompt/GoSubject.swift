/// What a command names: GitHub says whether it exists before the screen opens.
package enum GoSubject: Sendable, Equatable {
    case account(String)
    /// An account that must be an organization (`members ORG`).
    case organization(String)
    case repository(owner: String, name: String)

    /// As the prompt names it while GitHub is asked: the login, or OWNER/NAME.
    package var name: String {
        switch self {
        case .account(let login), .organization(let login): login
        case let .repository(owner, name): "\(owner)/\(name)"
        }
    }
}

/// What GitHub said of a command's subject.
package enum GoCheck: Sendable, Equatable {
    case found
    /// `@me` is the token's owner, this login (GitHub's `GET /user`).
    case me(String)
    /// It does not exist (a 404): the prompt says so, with this message.
    case notFound(String)
    /// The organization a command needs (`members LOGIN`) is this user's account.
    case notAnOrganization(String)
    /// GitHub rejected the token (a 401): the prompt says so, with this message, and nothing
    /// opens (whatever it asked would be rejected too).
    case rejected(String)
    /// GitHub did not say (out of reach, a rate limit): the screen opens, and says it itself.
    case unknown
}

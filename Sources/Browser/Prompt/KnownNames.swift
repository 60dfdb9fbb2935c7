/// Logins and OWNER/REPO names for Tab to complete, each once whatever its case, in the order
/// they were noted.
package struct KnownNames: Sendable, Equatable {
    package private(set) var logins: [String] = []
    package private(set) var repositories: [String] = []
    private var seen = Set<String>()

    package init() {}

    mutating func note(_ row: Row) {
        switch row {
        case .user(let user): note(login: user.login)
        case .repository(let repository):
            if seen.insert(detailsKey(repository.fullName)).inserted { repositories.append(repository.fullName) }
            if let owner = repository.ownerAndName?.owner { note(login: owner) }
        }
    }

    mutating func note(login: String) {
        if seen.insert(detailsKey(login)).inserted { logins.append(login) }
    }

    mutating func note(_ other: KnownNames) {
        other.logins.forEach { note(login: $0) }
        for name in other.repositories where seen.insert(detailsKey(name)).inserted { repositories.append(name) }
    }

    /// The names of a screen: its own account and rows, the loaded rows nearest its selection
    /// (at most `limit`).
    mutating func note(_ screen: Screen, limit: Int) {
        screen.noteNames(into: &self, limit: limit)
    }

    /// These names with `older` after them, at most `limit` of each kind.
    func followed(by older: KnownNames, limit: Int) -> KnownNames {
        var merged = self
        merged.note(older)
        merged.logins = Array(merged.logins.prefix(limit))
        merged.repositories = Array(merged.repositories.prefix(limit))
        merged.seen = Set(merged.logins.map(detailsKey) + merged.repositories.map(detailsKey))
        return merged
    }
}

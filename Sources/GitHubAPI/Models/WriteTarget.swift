import Foundation

/// What a write acts on: an account to follow, or a repository to star. GitHub's logins and
/// repository names ignore ASCII case (`OctoCat` is `octocat`), and so do two targets' equality
/// and hash: a follow typed as `:user OctoCat` marks the row GitHub spells `octocat`.
public enum WriteTarget: Sendable, Hashable {
    case account(String)
    case repository(owner: String, name: String)

    /// `/user/following/{login}` or `/user/starred/{owner}/{repo}`.
    var path: String {
        let segment = GitHubConfiguration.segment
        switch self {
        case .account(let login): return "/user/following/\(segment(login))"
        case let .repository(owner, name): return "/user/starred/\(segment(owner))/\(segment(name))"
        }
    }

    /// GitHub's name of the fine-grained permission the write needs.
    public var permission: String {
        switch self {
        case .account: "Followers"
        case .repository: "Starring"
        }
    }

    /// "User octocat", "Repository octocat/hello-world": for a 404's message.
    var subject: String {
        switch self {
        case .account(let login): "User \(login)"
        case let .repository(owner, name): "Repository \(owner)/\(name)"
        }
    }
}

extension WriteTarget {
    /// The same account or repository, whatever the ASCII case of its names.
    public static func == (lhs: WriteTarget, rhs: WriteTarget) -> Bool {
        switch (lhs, rhs) {
        case let (.account(a), .account(b)): sameName(a, b)
        case let (.repository(o1, n1), .repository(o2, n2)): sameName(o1, o2) && sameName(n1, n2)
        default: false
        }
    }

    /// Hashes the names with ASCII case folded, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .account(let login):
            hasher.combine(0 as UInt8)
            Self.hashName(login, into: &hasher)
        case let .repository(owner, name):
            hasher.combine(1 as UInt8)
            Self.hashName(owner, into: &hasher)
            Self.hashName(name, into: &hasher)
        }
    }

    /// Whether two names are the same but for ASCII case (GitHub's names are ASCII; any other
    /// byte must match exactly).
    private static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { folded($0) == folded($1) }
    }

    private static func hashName(_ name: String, into hasher: inout Hasher) {
        for byte in name.utf8 { hasher.combine(folded(byte)) }
        hasher.combine(0xFF as UInt8)
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

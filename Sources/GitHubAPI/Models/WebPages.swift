import Foundation

/// Where one API host's pages live on the web, learned from the `html_url`s GitHub sends
/// (`https://github.com` when they read `https://github.com/octocat`), never built from the
/// API's own address.
///
/// Most objects' pages follow the base (an account's is BASE/LOGIN, a repository's
/// BASE/OWNER/NAME), so a list keeps an address only for an item whose page does not (a bot's
/// is BASE/apps/NAME): ``learn(_:path:)`` says which. An item GitHub sent no address for (an
/// organization in `/users/{u}/orgs`) has its page under the base, once one is known.
public struct WebPages: Sendable, Equatable {
    /// The address pages live under, without a trailing slash; nil until GitHub sent one.
    public private(set) var base: String?

    public init(base: String? = nil) {
        self.base = base.flatMap { Self.isWebAddress($0) ? $0 : nil }
    }

    // MARK: - Paths

    /// The path of an account's page under the base: its login, as a URL segment.
    public static func path(account login: String) -> String { GitHubConfiguration.segment(login) }

    /// The path of a repository's page under the base: OWNER/NAME, each a URL segment; nil when
    /// `fullName` is not OWNER/NAME (a hostile answer is shown, never followed).
    public static func path(repository fullName: String) -> String? {
        GitHubRepository.ownerAndName(fullName).map {
            GitHubConfiguration.segment($0.owner) + "/" + GitHubConfiguration.segment($0.name)
        }
    }

    // MARK: - Learning

    /// Takes the address GitHub sent for the object at `path` (nil when it sent none). The
    /// first address that ends in "/" + `path` teaches the base. Returns the address to keep
    /// for that object: nil when its page is the base's (or nothing usable was sent), else the
    /// address as sent.
    @discardableResult
    public mutating func learn(_ sent: String?, path: String?) -> String? {
        guard let sent, Self.isWebAddress(sent) else { return nil }
        guard let path else { return sent }
        let suffix = "/" + path
        if base == nil, sent.hasSuffix(suffix) {
            let candidate = String(sent.dropLast(suffix.count))
            if Self.isWebAddress(candidate) { base = candidate }
        }
        return address(path: path) == sent ? nil : sent
    }

    /// The page at `path` under the base; nil while no base is known.
    public func address(path: String) -> String? {
        base.map { $0 + "/" + path }
    }

    /// http(s) with a host: what an address GitHub sent must be to be opened or learned from.
    public static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return false }
        return scheme == "https" || scheme == "http"
    }
}

/// Stored responses picked by the start of their URL (their key in a ``ResponseStore``): the
/// URL itself, and the same URL with a query or more query items after it (`?…`, `&…`), so
/// every page of a list (`?per_page=30&page=2`) or every cursor of a GraphQL list.
///
/// The prefix ends where a path segment or a query value ends: `/users/octo/followers` is not
/// `/users/octocat/followers`, and `/users/octo` is neither `/users/octocat` nor
/// `/users/octo/repos`. Letters are compared ignoring ASCII case, as GitHub compares logins and
/// repository names (`/users/Octo` is `/users/octo`); nothing in it is a wildcard.
public struct URLPrefix: Sendable, Hashable, CustomStringConvertible {
    /// The URL the stored ones start with, as the client keys them (`absoluteString`).
    public let url: String

    public init(_ url: String) {
        self.url = url
    }

    /// The characters that may follow the prefix in a URL it covers (besides the URL's end).
    public static let boundaries: [Character] = ["?", "&"]

    /// ``url`` with its ASCII letters lowercased: what a stored URL's start is compared with
    /// (lowercased the same way).
    var folded: String { Self.fold(url) }

    /// How many characters (Unicode scalars, as SQLite counts a text's characters) ``url`` has.
    public var length: Int { url.unicodeScalars.count }

    /// Whether the stored response of `key` is under this prefix.
    public func covers(_ key: String) -> Bool {
        let scalars = key.unicodeScalars
        guard scalars.count >= length else { return false }
        let end = scalars.index(scalars.startIndex, offsetBy: length)
        guard Self.fold(String(scalars[..<end])) == folded else { return false }
        guard end < scalars.endIndex else { return true }
        return Self.boundaries.contains(Character(scalars[end]))
    }

    public var description: String { url }

    /// `text` with A–Z as a–z and every other character as it is (as SQLite's `NOCASE` compares).
    static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) {
                scalars.append(lower)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

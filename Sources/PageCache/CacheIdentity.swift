import Crypto
import Foundation

/// Whose responses these are: "anonymous", or a SHA-256 of the token (never the token), so
/// that what one token may see never shows under another.
public struct CacheIdentity: Sendable, Equatable, CustomStringConvertible {
    public let value: String

    public init(token: String?) {
        guard let token, !token.isEmpty else {
            value = "anonymous"
            return
        }
        let digest = SHA256.hash(data: Data("ghscroll token:\(token)".utf8))
        value = "token-" + digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    public var description: String { value }
}

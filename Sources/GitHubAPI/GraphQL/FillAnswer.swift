import Foundation

/// What one fill brought back.
public struct FillAnswer: Sendable, Equatable {
    /// The accounts GitHub described, keyed by login lowercased.
    public var fills: [String: AccountFill]
    /// Logins GitHub answered null for (`NOT_FOUND`, or null with no error).
    public var missing: [String]
    /// Scopes GitHub said the token lacks for fields left out of this answer (`read:org`).
    public var refusedScopes: [String]
    public var rate: GraphQLRate?
    /// Logins that could not be asked (GitHub out of reach) and had no stored fill: to be asked
    /// again later. Empty whenever GitHub answered.
    public var unreached: [String] = []
    /// When the oldest fill taken from the store because GitHub was out of reach was fetched;
    /// nil when none was.
    public var offlineSince: Date?

    public init(fills: [String: AccountFill] = [:], missing: [String] = [], refusedScopes: [String] = [],
                rate: GraphQLRate? = nil) {
        self.fills = fills
        self.missing = missing
        self.refusedScopes = refusedScopes
        self.rate = rate
    }
}

/// The keys a widget names in its own text ("press R to retry"), as the caller's key table binds
/// them: a widget never names a key by itself, so a rebinding changes every word on screen.
///
/// Each is a key's label ("R", "Ctrl-r"), or nil when no key does that; the text then says what
/// happened without telling a key to press.
public struct WidgetKeys: Sendable, Equatable {
    /// Retries what failed.
    public var retry: String?
    /// Loads the list again.
    public var refresh: String?
    /// Up a row: on the first row, it pulls to refresh.
    public var pull: String?

    public init(retry: String? = nil, refresh: String? = nil, pull: String? = nil) {
        self.retry = retry
        self.refresh = refresh
        self.pull = pull
    }

    /// "press R to retry", or nil when no key does it.
    public static func press(_ key: String?, to what: String) -> String? {
        key.map { "press \($0) to \(what)" }
    }

    /// "Press R to retry.", or nil when no key does it.
    public static func sentence(_ key: String?, to what: String) -> String? {
        key.map { "Press \($0) to \(what)." }
    }
}

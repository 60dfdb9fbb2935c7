import Synchronization

/// Where one-line notices go (a cache that turned itself off, say): to `fallback` (stderr)
/// until the browser runs, then to its status line.
public final class NoticeHook: Sendable {
    private let target: Mutex<(@Sendable (String) -> Void)?> = Mutex(nil)
    private let fallback: @Sendable (String) -> Void

    public init(fallback: @escaping @Sendable (String) -> Void) {
        self.fallback = fallback
    }

    public func say(_ text: String) {
        let sink = target.withLock { $0 }
        (sink ?? fallback)(text)
    }

    func attach(_ sink: (@Sendable (String) -> Void)?) {
        target.withLock { $0 = sink }
    }
}

import Synchronization

/// Where one-line notices go (a cache that turned itself off, say): to `fallback` (stderr)
/// until the browser runs, then to its status line.
package final class NoticeHook: Sendable {
    private let target: Mutex<(@Sendable (String) -> Void)?> = Mutex(nil)
    /// What was said before the browser ran, for its status line too.
    private let early = Mutex<[String]>([])
    private let fallback: @Sendable (String) -> Void

    package init(fallback: @escaping @Sendable (String) -> Void) {
        self.fallback = fallback
    }

    package func say(_ text: String) {
        let sink = target.withLock { $0 }
        if let sink {
            sink(text)
        } else {
            early.withLock { $0.append(text) }
            fallback(text)
        }
    }

    /// Sends what comes next to `sink`; returns what was said before.
    func attach(_ sink: (@Sendable (String) -> Void)?) -> [String] {
        target.withLock { $0 = sink }
        return early.withLock { said in defer { said = [] }; return said }
    }
}

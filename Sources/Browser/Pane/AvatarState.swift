import Foundation
import ListCore
import TerminalUI

/// The picture of the user the details pane shows: at most one request at a time, after the
/// details arrived (they name the picture), cancelled when the selection moves on; pictures
/// already made are kept in memory, bounded in bytes.
package struct AvatarState: Sendable, Equatable {
    /// A picture at one size: its URL, and the cells it is drawn in.
    package struct Key: Sendable, Hashable {
        package var url: String
        package var columns: Int
        package var rows: Int
    }

    /// What the pane shows in the picture's place.
    package enum Shown: Sendable, Equatable {
        case loading
        case image(HalfBlockImage)
        case unavailable
    }

    /// A request out for a picture.
    package struct Request: Sendable, Equatable {
        package var id: RequestID
        package var key: Key
    }

    package internal(set) var target: Key?
    var inFlight: Request?
    /// Pictures made, the least recently used first out beyond `byteLimit`.
    var images: LRUCache<Key, HalfBlockImage>
    /// Pictures that could not be had (a failed request, a refused image), and when: asked
    /// again only after ``retryAfter``, or at once by ``retry(_:)``.
    package internal(set) var failed: [Key: Date] = [:]
    /// How long a failed picture waits before selecting its user again asks again.
    package static let retryAfter: TimeInterval = 10
    var nextID = 0
    let byteLimit: Int

    package init(byteLimit: Int = 2 * 1_048_576) {
        self.byteLimit = byteLimit
        images = LRUCache(maxCost: byteLimit)
    }

    package func shown(_ key: Key) -> Shown {
        if let image = images.peek(key) { return .image(image) }
        return failed[key] != nil ? .unavailable : .loading
    }

    /// The pane wants `key` now (nil: no picture to show). A picture that failed a while ago
    /// is asked for again.
    mutating func want(_ key: Key?, now: Date) -> [Command] {
        guard key != target else { return [] }
        target = key
        if let key, let when = failed[key], now.timeIntervalSince(when) >= Self.retryAfter { failed[key] = nil }
        var commands: [Command] = []
        if let running = inFlight, running.key != key {
            commands.append(.cancel(.avatar(running.id)))
            inFlight = nil
        }
        guard let key, images.peek(key) == nil, failed[key] == nil, inFlight == nil else {
            if let key { images.touch(key) }
            return commands
        }
        nextID += 1
        let id = RequestID(nextID)
        inFlight = Request(id: id, key: key)
        commands.append(Self.load(id, key))
        return commands
    }

    mutating func loaded(_ id: RequestID, _ image: HalfBlockImage) {
        guard let running = inFlight, running.id == id else { return }
        inFlight = nil
        images.insert(image, for: running.key, cost: Self.bytes(image))
    }

    mutating func failed(_ id: RequestID, at now: Date) {
        guard let running = inFlight, running.id == id else { return }
        inFlight = nil
        failed[running.key] = now
    }

    /// `R` while the client waits out a retry: the picture in flight (perhaps the one waiting)
    /// goes again at once.
    mutating func restart() -> [Command] {
        guard let running = inFlight else { return [] }
        nextID += 1
        let id = RequestID(nextID)
        inFlight = Request(id: id, key: running.key)
        return [.cancel(.avatar(running.id)), Self.load(id, running.key)]
    }

    /// `R` on the pane: the picture that failed, asked for again at once.
    mutating func retry(_ key: Key) -> [Command] {
        guard failed.removeValue(forKey: key) != nil else { return [] }
        target = nil
        return want(key, now: .distantPast)
    }

    static func bytes(_ image: HalfBlockImage) -> Int { image.pixels.count * 3 + 64 }

    /// The job that makes the picture `key`.
    private static func load(_ id: RequestID, _ key: Key) -> Command {
        .run(.avatar(id), .avatar(url: key.url, columns: key.columns, rows: key.rows))
    }
}

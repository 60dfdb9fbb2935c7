import TerminalUI

/// The picture of the user the details pane shows: at most one request at a time, after the
/// details arrived (they name the picture), cancelled when the selection moves on; pictures
/// already made are kept in memory, bounded in bytes.
public struct AvatarState: Sendable, Equatable {
    /// A picture at one size: its URL, and the cells it is drawn in.
    public struct Key: Sendable, Hashable {
        public var url: String
        public var columns: Int
        public var rows: Int
    }

    /// What the pane shows in the picture's place.
    public enum Shown: Sendable, Equatable {
        case loading
        case image(HalfBlockImage)
        case unavailable
    }

    public internal(set) var target: Key?
    public internal(set) var inFlight: (id: RequestID, key: Key)?
    /// Pictures made, the least recently used first out beyond `byteLimit`.
    public internal(set) var images: [Key: HalfBlockImage] = [:]
    var order: [Key] = []
    /// Pictures that could not be had (a failed request, a refused image), not asked again.
    public internal(set) var failed: Set<Key> = []
    var nextID = 0
    public let byteLimit: Int

    public init(byteLimit: Int = 2 * 1_048_576) {
        self.byteLimit = byteLimit
    }

    public func shown(_ key: Key) -> Shown {
        if let image = images[key] { return .image(image) }
        return failed.contains(key) ? .unavailable : .loading
    }

    /// The pane wants `key` now (nil: no picture to show).
    mutating func want(_ key: Key?) -> [Command] {
        guard key != target else { return [] }
        target = key
        var commands: [Command] = []
        if let running = inFlight, running.key != key {
            commands.append(.cancelAvatar(running.id))
            inFlight = nil
        }
        guard let key, images[key] == nil, !failed.contains(key), inFlight == nil else {
            if let key, images[key] != nil { touch(key) }
            return commands
        }
        nextID += 1
        let id = RequestID(nextID)
        inFlight = (id, key)
        commands.append(.loadAvatar(id, url: key.url, columns: key.columns, rows: key.rows))
        return commands
    }

    mutating func loaded(_ id: RequestID, _ image: HalfBlockImage) {
        guard let running = inFlight, running.id == id else { return }
        inFlight = nil
        images[running.key] = image
        touch(running.key)
        var bytes = images.values.reduce(0) { $0 + Self.bytes($1) }
        while bytes > byteLimit, let oldest = order.first, oldest != running.key {
            order.removeFirst()
            bytes -= images.removeValue(forKey: oldest).map(Self.bytes) ?? 0
        }
    }

    mutating func failed(_ id: RequestID) {
        guard let running = inFlight, running.id == id else { return }
        inFlight = nil
        failed.insert(running.key)
    }

    private mutating func touch(_ key: Key) {
        order.removeAll { $0 == key }
        order.append(key)
    }

    static func bytes(_ image: HalfBlockImage) -> Int { image.pixels.count * 3 + 64 }

    public static func == (lhs: AvatarState, rhs: AvatarState) -> Bool {
        lhs.target == rhs.target && lhs.inFlight?.id == rhs.inFlight?.id && lhs.inFlight?.key == rhs.inFlight?.key
            && lhs.images == rhs.images && lhs.order == rhs.order && lhs.failed == rhs.failed && lhs.nextID == rhs.nextID
    }
}

@testable import ListCore

/// A list item for tests.
struct User: Identifiable, Sendable, Equatable, CustomStringConvertible {
    let id: Int
    var name: String
    init(_ id: Int, _ name: String? = nil) {
        self.id = id
        self.name = name ?? "u\(id)"
    }
    var description: String { "\(id)" }
}

func users(_ ids: some Sequence<Int>) -> [User] { ids.map { User($0) } }

/// Drives a pager by hand: records the fetches it asks for and delivers scripted results.
struct Harness {
    var pager: Pager<User, Int>
    /// Fetches asked for and not yet answered or cancelled, oldest first.
    private(set) var pending: [FetchRequest<Int>] = []
    /// Every fetch ever asked for.
    private(set) var requested: [FetchRequest<Int>] = []
    private(set) var cancelled: [FetchToken] = []
    /// What the last event changed in the items.
    private(set) var lastChange = ListChange.none

    init(firstCursor: Int = 0, pageSize: Int = 10, prefetch: any PrefetchPolicy = FixedDistancePrefetch(distance: 3)) {
        pager = Pager(firstCursor: firstCursor, pageSize: pageSize, prefetch: prefetch)
    }

    @discardableResult
    mutating func send(_ event: PagerEvent<User, Int>, at now: Duration? = nil) -> [PagerEffect<Int>] {
        let step = pager.handle(event, at: now)
        lastChange = step.change
        let effects = step.effects
        for effect in effects {
            switch effect {
            case .fetch(let request):
                pending.append(request)
                requested.append(request)
            case .cancelFetch(let token):
                cancelled.append(token)
                pending.removeAll { $0.token == token }
            }
        }
        return effects
    }

    /// Answers the oldest pending fetch (or `request`) with a page.
    mutating func load(_ page: Page<User, Int>, for request: FetchRequest<Int>? = nil, at now: Duration? = nil) {
        guard let request = request ?? pending.first else {
            Issue.record("no fetch pending")
            return
        }
        pending.removeAll { $0 == request }
        send(.pageLoaded(request.token, page), at: now)
    }

    mutating func fail(_ message: String, for request: FetchRequest<Int>? = nil) {
        guard let request = request ?? pending.first else {
            Issue.record("no fetch pending")
            return
        }
        pending.removeAll { $0 == request }
        send(.pageFailed(request.token, LoadFailure(message: message)))
    }

    var ids: [Int] { pager.items.map(\.id) }
}

import Testing

/// A fixed list served in numbered pages: cursor n holds items n*size ..< (n+1)*size.
struct NumberedList {
    var total: Int
    var size: Int
    func page(_ cursor: Int) -> Page<User, Int> {
        let start = cursor * size
        let end = min(total, start + size)
        let next = end < total ? cursor + 1 : nil
        return Page(items: users(start..<max(start, end)), next: next, totalCount: total)
    }
}

/// A small deterministic PRNG (SplitMix64) so randomized tests replay the same way.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

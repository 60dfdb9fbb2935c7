/// What a ``PrefetchPolicy`` sees when it decides whether to load the next page.
public struct PrefetchContext: Sendable, Equatable {
    /// The item indexes on screen (the upper bound may equal `loadedCount`).
    public var visible: Range<Int>
    /// How many items are loaded.
    public var loadedCount: Int
    /// How many item rows the viewport holds.
    public var viewportRows: Int

    /// When the decision is made, on the caller's clock (nil: the caller keeps no time).
    public var now: Duration?

    public init(visible: Range<Int>, loadedCount: Int, viewportRows: Int, now: Duration? = nil) {
        self.visible = visible
        self.loadedCount = loadedCount
        self.viewportRows = viewportRows
        self.now = now
    }

    /// Items loaded below the last visible one.
    public var rowsBelowVisible: Int { max(0, loadedCount - visible.upperBound) }
}

/// Something the pager saw that a learning policy may want to know, with the caller's time.
public enum PrefetchObservation: Sendable, Equatable {
    /// The viewport shows these item indexes now.
    case scrolled(visible: Range<Int>, at: Duration)
    /// A page was asked for.
    case requested(at: Duration)
    /// The page asked for arrived (or failed: it still says how long an answer takes).
    case answered(at: Duration)
    /// The request was dropped before it was answered (a refresh, a cancel).
    case abandoned
}

/// Decides from what is on screen whether to ask for the next page.
///
/// The pager asks only when a load could start (nothing in flight, more to load). A policy may
/// learn from ``PrefetchObservation``s, which the pager reports when its caller gives it the
/// time; without time it must still decide from the context alone.
public protocol PrefetchPolicy: Sendable {
    func shouldPrefetch(_ context: PrefetchContext) -> Bool
    mutating func observe(_ observation: PrefetchObservation)
}

extension PrefetchPolicy {
    public mutating func observe(_ observation: PrefetchObservation) {}
}

/// Loads the next page when the last visible row is within `distance` rows of the end.
public struct FixedDistancePrefetch: PrefetchPolicy, Equatable {
    /// Rows before the end that trigger a load; `nil` means one screen plus a few rows.
    public var distance: Int?

    public init(distance: Int? = nil) {
        self.distance = distance.map { max(0, $0) }
    }

    /// The distance used for a viewport of `viewportRows` rows.
    public func effectiveDistance(viewportRows: Int) -> Int {
        distance ?? max(viewportRows, 1) + 5
    }

    public func shouldPrefetch(_ context: PrefetchContext) -> Bool {
        context.rowsBelowVisible <= effectiveDistance(viewportRows: context.viewportRows)
    }
}

/// Learns how long a page takes to arrive and how fast the person scrolls, and asks for the
/// next page when the rows left below the viewport would run out before it could arrive.
///
/// - Latency: a high percentile of the last few answers (rather than a mean, so one quick
///   answer from a cache does not make it late for the next slow one).
/// - Speed: rows per second downwards over the last second, so it is known a few key presses
///   into a run and gone a second after the person stops; moving up counts as not moving down.
/// - It asks when `rowsBelow <= speed × latency × margin`, and never later than
///   ``FixedDistancePrefetch`` would.
///
/// Without time (a caller that passes none) it is the fixed rule.
public struct AdaptivePrefetch: PrefetchPolicy, Equatable {
    /// How much earlier than the estimate to ask (1.5: half a latency to spare).
    public var margin: Double
    /// The rule it never asks later than.
    public var floor: FixedDistancePrefetch
    /// How many recent answers the latency estimate looks at.
    public static let latencySamples = 8
    /// The window the speed is measured over.
    public static let window = Duration.seconds(1)

    /// Recent answer times, in seconds, oldest first.
    public private(set) var latencies: [Double] = [] {
        didSet { latency = Self.percentile(latencies) }
    }
    /// The latency it plans for, in seconds (nil before the first answer): kept up to date as
    /// answers arrive, since the policy is asked on every move.
    public private(set) var latency: Double?
    /// Moves within the last ``window`` (and perhaps a few older ones not yet let go): when, and
    /// how many rows down; oldest first.
    private var moves: [Move] = []
    /// The rows of all of `moves`, so the speed is not summed again on every key.
    private var movedRows = 0
    private var lastTop: Int?
    private var requestedAt: Duration?

    private struct Move: Equatable, Sendable {
        var at: Duration
        var rows: Int
    }

    public init(margin: Double = 1.5, floor: FixedDistancePrefetch = FixedDistancePrefetch()) {
        self.margin = max(1, margin)
        self.floor = floor
    }

    /// The 90th percentile of `samples`: the slowest but one once there are enough.
    private static func percentile(_ samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.9).rounded(.down)))]
    }

    /// Rows per second downwards over the window ending at `now` (0 without a clock).
    public func speed(at now: Duration?) -> Double {
        guard let now else { return 0 }
        let cutoff = now - Self.window
        var first = 0
        var rows = movedRows
        while first < moves.count, moves[first].at <= cutoff {
            rows -= moves[first].rows
            first += 1
        }
        guard first < moves.count, moves.count - first > 1 || now > moves[first].at else { return 0 }
        // The first move's rows were covered before its time; what came after, since it.
        rows -= moves[first].rows
        let span = max((now - moves[first].at).inSeconds, 1.0 / 60)
        return Double(rows) / span
    }

    /// Rows it wants loaded below the viewport at `now`.
    public func lead(viewportRows: Int, now: Duration?) -> Int {
        let fixed = floor.effectiveDistance(viewportRows: viewportRows)
        guard let latency else { return fixed }
        let wanted = (speed(at: now) * latency * margin).rounded(.up)
        guard wanted.isFinite else { return fixed }
        return max(fixed, Int(min(wanted, 1_000_000)))
    }

    public func shouldPrefetch(_ context: PrefetchContext) -> Bool {
        context.rowsBelowVisible <= lead(viewportRows: context.viewportRows, now: context.now)
    }

    public mutating func observe(_ observation: PrefetchObservation) {
        switch observation {
        case let .scrolled(visible, now):
            defer { lastTop = visible.lowerBound }
            let cutoff = now - Self.window
            var expired = 0
            while expired < moves.count, moves[expired].at <= cutoff {
                movedRows -= moves[expired].rows
                expired += 1
            }
            if expired > 0 { moves.removeFirst(expired) }
            guard let lastTop, visible.lowerBound != lastTop else { return }
            let rows = max(0, visible.lowerBound - lastTop)
            moves.append(Move(at: now, rows: rows))
            movedRows += rows
        case let .requested(now):
            requestedAt = now
        case let .answered(now):
            guard let asked = requestedAt else { return }
            requestedAt = nil
            latencies.append(max(0, (now - asked).inSeconds))
            if latencies.count > Self.latencySamples { latencies.removeFirst() }
        case .abandoned:
            requestedAt = nil
        }
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    public var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

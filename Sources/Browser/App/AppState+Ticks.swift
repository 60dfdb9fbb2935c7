import Foundation

extension AppState {
    // MARK: - Ticks

    /// True while something on screen moves (a spinner, a countdown), so ticks must come.
    var isAnimating: Bool {
        if isWaiting { return true }
        // (Matched, not compared with nil: that copies it.)
        if case .some = prompt.checking { return true }
        return top.animates(paneLoading: details.isLoading || repository.isLoading)
    }

    /// How often ticks come while animating: the spinner's pace, slower during a long wait.
    var tickPeriod: Duration { isWaiting ? .milliseconds(500) : .milliseconds(100) }

    /// Whether a wait is on (`wait != nil` copies the wait to compare it).
    var isWaiting: Bool {
        if case .some = wait { return true }
        return false
    }

    /// Asks for a tick when something animates, or when a text on screen changes by itself
    /// (the cached rows' age, the reconnect's countdown), and none is on its way.
    mutating func scheduleTick() -> [Command] {
        guard pendingTick == nil, let delay = isAnimating ? tickPeriod : nextTextChange else { return [] }
        nextTick += 1
        pendingTick = nextTick
        return [.run(.tick(nextTick), .timer(after: delay))]
    }

    /// The wait from `now` until `date`: none when it is past, a day at most (a reset GitHub put
    /// far off must not overflow).
    static func delay(until date: Date, from now: Date) -> Duration {
        .milliseconds(Int64((min(max(0, date.timeIntervalSince(now)), 86_400) * 1_000).rounded(.up)))
    }

    /// How long until a text on screen changes though nothing animates: the reconnect's
    /// countdown each second; the cached rows' age each second for a minute, then at each new
    /// minute, then hour. Nil when neither shows: an idle browser wakes for nothing.
    var nextTextChange: Duration? {
        if offline?.retryAt != nil { return .seconds(1) }
        if let held = acting.heldUntil, held > now, flash == .writesHeld || flash?.isWriteLimit == true { return .seconds(1) }
        guard let storedAt = top.storedAt else { return nil }
        let age = max(0, now.timeIntervalSince(storedAt))
        let step: TimeInterval = age < 60 ? 1 : age < 3_600 ? 60 : 3_600
        let left = step - age.truncatingRemainder(dividingBy: step)
        return .milliseconds(Int64((left * 1_000).rounded(.up)) + 1)
    }
}

import ListCore

/// The screens the person went through, the one on screen last: the only code that pushes,
/// pops or replaces them. A screen's work starts when it comes on the stack and stops when it
/// leaves (k9s's page stack); the screen below a popped one is as it was left.
package struct ScreenStack: Sendable, Equatable {
    /// The screen on top: on screen, with the keyboard. Kept apart from the ones below so that
    /// reading it (most of what a key does) never copies it out of an array.
    package internal(set) var top: Screen
    /// The screens under the top one, bottom first, each as it was left.
    package private(set) var below: [Screen] = []

    init(_ first: Screen) {
        top = first
    }

    /// Every screen, bottom first; never empty. Setting it replaces the whole stack (tests
    /// build their expected states so).
    var screens: [Screen] {
        get { below + [top] }
        set {
            guard let last = newValue.last else { return assertionFailure("the stack of screens cannot be empty") }
            top = last
            below = Array(newValue.dropLast())
        }
    }

    /// Whether there is a screen to go back to.
    var canPop: Bool { !below.isEmpty }

    /// `screen` goes on top and starts its work.
    mutating func push(_ screen: Screen, at now: Duration?) -> [Command] {
        below.append(top)
        top = screen
        return top.start(at: now)
    }

    /// The top screen leaves, its work stopped; the one below it is on screen again, as it was
    /// left. Nil when there is none below.
    mutating func pop(at now: Duration?) -> (popped: Screen, commands: [Command])? {
        guard let under = below.popLast() else { return nil }
        var popped = top
        top = under
        let commands = popped.stop(at: now)
        return (popped, commands)
    }

    /// `screen` takes the top one's place: the old one's work stops, the new one's starts.
    mutating func replaceTop(with screen: Screen, at now: Duration?) -> [Command] {
        let stopped = top.stop(at: now)
        top = screen
        return stopped + top.start(at: now)
    }

    /// Runs `body` on the screen `id` wherever it is on the stack, and says whether it is the top
    /// one; nil when that screen is gone.
    mutating func withScreen<T>(_ id: ScreenID, _ body: (inout Screen) -> T) -> (result: T, isTop: Bool)? {
        if top.id == id { return (body(&top), true) }
        guard let index = below.firstIndex(where: { $0.id == id }) else { return nil }
        return (body(&below[index]), false)
    }

    /// Runs `body` on every screen, the top one first.
    mutating func forEach(_ body: (inout Screen) -> Void) {
        body(&top)
        for index in below.indices { body(&below[index]) }
    }

    /// The screen `id`, wherever it is on the stack.
    func screen(_ id: ScreenID) -> Screen? {
        top.id == id ? top : below.first { $0.id == id }
    }
}

/// A status line's key hints ("Enter details", "/ filter", "? help"), most useful first, with
/// one that stays when the others give way (the help key's): it fits itself to a width.
public struct HintLine: Sendable, Equatable {
    /// Every hint, in order.
    public let all: [String]
    /// The hints that give way, in order: all but the one kept.
    let others: [String]
    /// The hint that stays while it fits at all; it goes last.
    let kept: String?
    /// The whole line, and its width: what most frames draw.
    let text: String
    let width: Int

    /// - Parameter keeping: the hint that stays (it goes last), when it is one of `all`.
    public init(_ all: [String], keeping: String?) {
        self.all = all
        others = all.filter { $0 != keeping }
        kept = all.contains { $0 == keeping } ? keeping : nil
        text = (others + (kept.map { [$0] } ?? [])).joined(separator: "  ")
        width = TerminalText.width(text)
    }

    /// The room the first hint and the kept one take together: what keeps a key beside the
    /// kept one (the width of the whole line when it has no more than those).
    public var leastWidth: Int {
        guard let first = others.first else { return width }
        return TerminalText.width(first) + (kept.map { 2 + TerminalText.width($0) } ?? 0)
    }

    /// The hints that fit in `columns`, two spaces apart: the first ones, and the kept one
    /// always when it fits at all; empty when not even that fits.
    public func fitted(to columns: Int) -> String {
        if width <= columns { return text }
        var shown = others
        let tail = kept.map { [$0] } ?? []
        // Each hint and two spaces between: drop from the end of the others until they fit.
        let widths = shown.map { TerminalText.width($0) }
        let tailWidth = kept.map { TerminalText.width($0) }
        var used = width
        while !shown.isEmpty, used > columns {
            used -= widths[shown.count - 1] + 2
            shown.removeLast()
        }
        if shown.isEmpty { used = tailWidth ?? 0 }
        return used <= columns ? (shown + tail).joined(separator: "  ") : ""
    }
}

/// A rectangle of cells on the screen: where a widget draws.
public struct Rect: Sendable, Equatable, CustomStringConvertible {
    public var top: Int
    public var left: Int
    public var height: Int
    public var width: Int

    public init(top: Int, left: Int, height: Int, width: Int) {
        self.top = top
        self.left = left
        self.height = max(0, height)
        self.width = max(0, width)
    }

    public var bottom: Int { top + height }
    public var right: Int { left + width }
    public var isEmpty: Bool { height == 0 || width == 0 }

    /// The rows `from..<from + count` of this rectangle (clamped to it).
    public func rows(_ from: Int, _ count: Int) -> Rect {
        let start = min(max(0, from), height)
        return Rect(top: top + start, left: left, height: min(max(0, count), height - start), width: width)
    }

    /// Splits into a left part `leftWidth` wide and the rest.
    public func splitColumns(leftWidth: Int) -> (left: Rect, right: Rect) {
        let cut = min(max(0, leftWidth), width)
        return (Rect(top: top, left: left, height: height, width: cut),
                Rect(top: top, left: left + cut, height: height, width: width - cut))
    }

    /// A `height`×`width` rectangle centred in this one (shrunk to fit).
    public func centered(height wanted: Int, width wantedWidth: Int) -> Rect {
        let h = min(max(0, wanted), height)
        let w = min(max(0, wantedWidth), width)
        return Rect(top: top + (height - h) / 2, left: left + (width - w) / 2, height: h, width: w)
    }

    public var description: String { "\(width)x\(height)@\(left),\(top)" }
}

/// A colour of 8 bits a channel.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public var description: String { "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined() }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

/// How many colours a screen can show.
public enum ColorDepth: Sendable, Equatable {
    /// None (NO_COLOR, or a terminal without colours): images become a text placeholder.
    case none
    /// xterm's 256 colours: images are drawn in the nearest of them.
    case palette256
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case truecolor
}

/// An image of `columns` × 2·`rows` pixels drawn as `rows` lines of upper half blocks (`▀`):
/// each cell's foreground is its upper pixel and its background the lower one.
public struct HalfBlockImage: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns` × (2 · `rows`) pixels.
    public let pixels: [RGB]

    public init?(columns: Int, rows: Int, pixels: [RGB]) {
        guard columns > 0, rows > 0, pixels.count == columns * rows * 2 else { return nil }
        self.columns = columns
        self.rows = rows
        self.pixels = pixels
    }

    /// The upper and lower pixel of the cell at `row`, `column`.
    public func cell(row: Int, column: Int) -> (top: RGB, bottom: RGB) {
        (pixels[(2 * row) * columns + column], pixels[(2 * row + 1) * columns + column])
    }

    public static let glyph = "▀"
}

/// The nearest of xterm's 256 colours: the 6×6×6 cube (16–231) or the grey ramp (232–255),
/// compared in a weighted RGB distance that follows the eye's sensitivity.
public enum Palette256 {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    public static func index(for color: RGB) -> UInt8 {
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        func nearestLevel(_ value: Int) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) } ?? 0
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let average = (r + g + b) / 3
        let grayIndex = min(23, max(0, (average - 8 + 5) / 10))
        let gray = 8 + grayIndex * 10
        if distance((r, g, b), (gray, gray, gray)) < distance((r, g, b), cube) {
            return UInt8(232 + grayIndex)
        }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The colour of palette entry `index` (16–255).
    public static func color(of index: UInt8) -> RGB {
        if index >= 232 {
            let level = UInt8(8 + (Int(index) - 232) * 10)
            return RGB(level, level, level)
        }
        let cube = max(0, Int(index) - 16)
        return RGB(UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6]))
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}

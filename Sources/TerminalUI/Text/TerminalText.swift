/// Display width and safety of text drawn in a terminal cell grid.
public enum TerminalText {
    /// Columns `text` takes: wide (East Asian) characters and emoji count two, combining marks
    /// and other zero-width characters none.
    public static func width(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if let width = standaloneWidth(text) { return width }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The width counted scalar by scalar, when every scalar is one column and stands alone
    /// (printable ASCII, or one of ``standaloneNarrow``: the punctuation, arrows and spinner of
    /// the bars); nil when any other scalar is there, which may join its neighbours.
    static func standaloneWidth(_ text: some StringProtocol) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value &- 0x20 < 0x5F || standaloneNarrow.contains(where: { $0.contains(value) }) else { return nil }
            total += 1
        }
        return total
    }

    /// Scalars one column wide that never combine with what is around them and are never shown
    /// as emoji: Latin-1 and Latin Extended letters and signs (not the soft hyphen), general
    /// punctuation (not the zero-width and direction marks), arrows, box drawing and block
    /// elements, and braille.
    static let standaloneNarrow: [ClosedRange<UInt32>] = [
        0xA0...0xAC, 0xAE...0x24F, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x259F,
        0x2800...0x28FF,
    ]

    /// True when every byte is printable ASCII: one column each, nothing to neutralise.
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        // 0x20...0x7E, as one unsigned comparison per byte, over the bytes in place when they
        // are contiguous (they are for every native string).
        if let answer = text.utf8.withContiguousStorageIfAvailable(printableASCII) { return answer }
        return text.utf8.allSatisfy { $0 &- 0x20 < 0x5F }
    }

    /// ``isPrintableASCII(_:)`` over bytes, eight at a time.
    static func printableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
            while index + 8 <= bytes.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // With every byte below 0x80: one below 0x20 borrows into its high bit when
                // 0x20 is taken from each, and 0x7F carries into it when 1 is added.
                if word & highs != 0 || (word &- 0x20 &* ones) & ~word & highs != 0 || (word &+ ones) & highs != 0 {
                    return false
                }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] &- 0x20 >= 0x5F { return false }
            index += 1
        }
        return true
    }

    /// Columns one grapheme cluster takes (0, 1 or 2).
    public static func width(of character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || scalars.contains(where: { $0.properties.isEmojiPresentation }) {
            return 2
        }
        return width(of: first)
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }

    /// Text with nothing a terminal would act on: control characters (C0, DEL, C1, so ESC and
    /// every escape sequence's introducer), and bidirectional overrides and isolates, which are
    /// replaced by U+FFFD so that a hostile name shows as broken rather than re-ordering the line.
    public static func sanitize(_ text: some StringProtocol) -> String {
        if isPrintableASCII(text) || !containsReplaced(text) { return String(text) }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0: out.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `text` holds a scalar ``sanitize(_:)`` replaces, read from its UTF-8 bytes in
    /// place when they are contiguous (no scalar is decoded).
    static func containsReplaced(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(containsReplaced) ?? text.unicodeScalars.contains(where: needsReplacing)
    }

    /// ``containsReplaced(_:)`` over valid UTF-8: C0 and DEL are single bytes, C1 is C2 80–9F,
    /// U+061C is D8 9C, U+200E/F and U+202A–202E are E2 80 8E/8F/AA–AE, U+2066–2069 are
    /// E2 81 A6–A9.
    static func containsReplaced(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte >= 0xC2, index + 1 < count {
                let next = bytes[index + 1]
                switch byte {
                case 0xC2 where next >= 0x80 && next <= 0x9F: return true
                case 0xD8 where next == 0x9C: return true
                case 0xE2 where index + 2 < count:
                    let last = bytes[index + 2]
                    if next == 0x80, last == 0x8E || last == 0x8F || (last >= 0xAA && last <= 0xAE) { return true }
                    if next == 0x81, last >= 0xA6 && last <= 0xA9 { return true }
                default: break
                }
            }
            index += 1
        }
        return false
    }

    /// True for a scalar ``sanitize(_:)`` replaces.
    private static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// `text` cut to at most `columns` columns, ending in "…" where it was cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(text) > columns else { return text }
        return truncateExact(text, to: columns - 1) + "…"
    }

    /// `text` cut to at most `columns` columns, without an ellipsis.
    static func truncateExact(_ text: String, to columns: Int) -> String {
        if isPrintableASCII(text) {
            return text.utf8.count <= columns ? text : String(decoding: text.utf8.prefix(max(0, columns)), as: UTF8.self)
        }
        if let width = standaloneWidth(text), width <= columns { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns { break }
            out.append(character)
            used += w
        }
        return out
    }

    /// `text` cut or padded with spaces to exactly `columns` columns.
    public static func fit(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - width(cut)))
    }
}

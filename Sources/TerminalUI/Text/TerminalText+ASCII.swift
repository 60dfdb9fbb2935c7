extension TerminalText {
    /// `text` in ASCII, each character in as many columns as it had: for a terminal with no
    /// UTF-8 locale, where anything else would be garbled. Lines and corners become `| - +`,
    /// the bars' marks `- > *`, arrows `^ v < >`, the spinner's dots a turning `| / - \`, letters
    /// lose their accents, and what has no likeness becomes one `?` a column.
    public static func ascii(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                out.append(character)
                continue
            }
            let width = width(of: character)
            guard width > 0 else { continue }
            if let scalar = character.unicodeScalars.first, let like = likeness(scalar) {
                out.append(like)
                if width > 1 { out += String(repeating: "?", count: width - 1) }
            } else {
                out += String(repeating: "?", count: width)
            }
        }
        return out
    }

    /// The ASCII character one that is not looks most like, if any.
    private static func likeness(_ scalar: Unicode.Scalar) -> Character? {
        let value = scalar.value
        if let known = likenesses[value] { return known }
        // The spinner's braille dots, one turning stroke each.
        if (0x2800...0x28FF).contains(value) { return ["|", "/", "-", "\\"][Int(value % 4)] }
        // Box drawing: vertical, horizontal, or a corner or joint.
        if (0x2500...0x257F).contains(value) {
            switch value {
            case 0x2502, 0x2503, 0x2551: return "|"
            case 0x2500, 0x2501, 0x2550: return "-"
            default: return "+"
            }
        }
        // A letter with marks: the letter (é → e).
        let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first
        if let base, base.isASCII, base.properties.isAlphabetic { return Character(base) }
        return nil
    }

    private static let likenesses: [UInt32: Character] = [
        0x00B7: "-", 0x2022: "*", 0x2026: ".", 0x203A: ">", 0x2039: "<", 0x00BB: ">", 0x00AB: "<",
        0x2014: "-", 0x2013: "-", 0x2212: "-", 0x2018: "'", 0x2019: "'", 0x201C: "\"", 0x201D: "\"",
        0x2605: "*", 0x2606: "*", 0x2713: "v", 0x2717: "x", 0x2190: "<", 0x2191: "^", 0x2192: ">", 0x2193: "v",
        0x2580: "#", 0x2584: "#", 0x2588: "#", 0x2591: ":", 0x2592: "%", 0x2593: "#", 0x00A0: " ", 0xFFFD: "?",
    ]
}

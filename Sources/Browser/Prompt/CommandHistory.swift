/// The `:` prompt's earlier commands, oldest first: at most `limit`, no line twice in a row, never one that carries a token.
///
/// Only commands that ran are added, trimmed of the spaces around them. A line that looks like it
/// holds a secret (a `--token` flag, a GitHub token, a long run of letters and digits that could be
/// one) or that has a control character in it is never kept, so it never reaches the history file.
package struct CommandHistory: Sendable, Equatable {
    /// The most entries kept; the oldest go first.
    package static let limit = 500

    package private(set) var entries: [String]

    /// Keeps what `add` would keep of `lines`, in order (blank lines, repeats in a row and token-bearing lines dropped; the last `limit`).
    package init(_ lines: [String] = []) {
        entries = []
        entries.reserveCapacity(min(lines.count, Self.limit))
        for line in lines { append(line) }
        // Dropping the oldest only at the end keeps the same entries as adding one at a time:
        // the cap takes from the front, and a repeat is judged by the last entry alone.
        if entries.count > Self.limit { entries = Array(entries.suffix(Self.limit)) }
    }

    /// Adds a run command: trimmed of surrounding whitespace; ignored (false) when blank, the same as the last entry, or when `mayStore` says no; the oldest entry goes past `limit`. True when added.
    @discardableResult
    package mutating func add(_ line: String) -> Bool {
        guard append(line) else { return false }
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        return true
    }

    /// Appends `line` when it may be kept, with no cap.
    @discardableResult
    private mutating func append(_ line: String) -> Bool {
        let trimmed = Self.trimmed(line)
        guard !trimmed.isEmpty, trimmed != entries.last, Self.mayStore(trimmed) else { return false }
        entries.append(trimmed)
        return true
    }

    /// GitHub's token prefixes: personal (classic), OAuth, user-to-server, server-to-server,
    /// refresh, and fine-grained personal.
    static let tokenPrefixes = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"]

    /// The shortest run of word characters taken for a token: a classic token is 40 hex digits,
    /// and the newer ones are longer still.
    static let longestPlainWord = 35

    /// False for a line that looks like it carries a secret: it contains `--token`, or a word starting with a GitHub token prefix (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), or a long run (≥ 36) of [A-Za-z0-9_] characters that could be a classic 40-hex token. Also false for a line with a control character.
    ///
    /// A word is a run of [A-Za-z0-9_] characters, so a token in quotes or after `=` counts too;
    /// the prefixes are matched in any case. Better to forget a harmless command than to write a
    /// token to disk.
    static func mayStore(_ line: String) -> Bool {
        if line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return false }
        if line.lowercased().contains("--token") { return false }
        for word in words(line) {
            if word.count > longestPlainWord { return false }
            let lowered = String(Substring(word)).lowercased()
            if tokenPrefixes.contains(where: { lowered.hasPrefix($0) }) { return false }
        }
        return true
    }

    /// The runs of [A-Za-z0-9_] characters in `line`.
    static func words(_ line: String) -> [Substring.UnicodeScalarView] {
        line.unicodeScalars.split { !isWordScalar($0) }
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    /// `line` without the whitespace (spaces, tabs, line breaks) around it.
    static func trimmed(_ line: String) -> String {
        guard let first = line.firstIndex(where: { !$0.isWhitespace }),
              let last = line.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(line[first...last])
    }
}

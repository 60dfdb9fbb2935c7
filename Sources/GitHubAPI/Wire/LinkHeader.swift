/// One target of a `Link` header: a URL and the relations it has.
public struct LinkTarget: Sendable, Equatable {
    public var url: String
    public var relations: [String]
    public var parameters: [String: String]
}

/// Parses RFC 8288 `Link` headers as GitHub sends them.
///
/// Tolerant: several targets, spaces anywhere, quoted or bare parameter values, several relations
/// in one `rel`, commas inside `<…>` (templated URLs such as `{?since}` hold none, but others may),
/// and anything malformed skipped rather than failing the whole header.
public enum LinkHeader {
    public static func parse(_ header: String) -> [LinkTarget] {
        // Works on the UTF-8 bytes: every delimiter is ASCII, and it keeps a hostile header of any
        // length linear and cheap.
        var scanner = ByteScanner(Array(header.utf8))
        var targets: [LinkTarget] = []
        while true {
            scanner.skip { $0 == .space || $0 == .tab || $0 == .comma }
            guard let open = scanner.next(.lessThan), let close = scanner.next(.greaterThan, from: open + 1) else { break }
            let url = scanner.text(scanner.trimmed(open + 1..<close))
            scanner.position = close + 1
            var parameters: [String: String] = [:]
            // Parameters run until the next "<" that starts a new target.
            while true {
                scanner.skip { $0 == .space || $0 == .tab }
                guard scanner.take(.semicolon) else { break }
                scanner.skip { $0 == .space || $0 == .tab }
                let nameStart = scanner.position
                scanner.skip { $0 != .equals && $0 != .semicolon && $0 != .comma && $0 != .lessThan }
                let name = scanner.text(scanner.trimmed(nameStart..<scanner.position)).lowercased()
                var value = ""
                if scanner.take(.equals) {
                    scanner.skip { $0 == .space || $0 == .tab }
                    if scanner.take(.quote) {
                        let valueStart = scanner.position
                        scanner.skip { $0 != .quote }
                        value = scanner.text(valueStart..<scanner.position)
                        _ = scanner.take(.quote)
                    } else {
                        let valueStart = scanner.position
                        scanner.skip { $0 != .semicolon && $0 != .comma && $0 != .lessThan }
                        value = scanner.text(scanner.trimmed(valueStart..<scanner.position))
                    }
                }
                if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
            }
            let relations = (parameters["rel"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
                .map { $0.lowercased() }
            if !url.isEmpty { targets.append(LinkTarget(url: url, relations: relations, parameters: parameters)) }
        }
        return targets
    }

    /// The URL of each relation (the first target wins when a relation repeats).
    public static func relations(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        for target in parse(header) {
            for relation in target.relations where result[relation] == nil {
                result[relation] = target.url
            }
        }
        return result
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// A cursor over bytes for the `Link` parser.
private struct ByteScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func skip(while predicate: (UInt8) -> Bool) {
        while position < bytes.count, predicate(bytes[position]) { position += 1 }
    }

    /// Consumes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The index of the next `byte` at or after `start` (the current position by default).
    func next(_ byte: UInt8, from start: Int? = nil) -> Int? {
        let from = start ?? position
        return from < bytes.count ? bytes[from...].firstIndex(of: byte) : nil
    }

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == .space || bytes[lower] == .tab { lower += 1 }
        while upper > lower, bytes[upper - 1] == .space || bytes[upper - 1] == .tab { upper -= 1 }
        return lower..<upper
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}

private extension UInt8 {
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";"), equals = UInt8(ascii: "="), quote = UInt8(ascii: "\"")
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">")
}

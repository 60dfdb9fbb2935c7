import Foundation

/// The byte ranges of the elements of a JSON array, as they stand in the body: `--json` prints
/// each object exactly as GitHub sent it.
///
/// Foundation's parsers give values back without their text (and without their key order), so
/// this walks the body's structure: strings with their escapes, nesting, and the commas between
/// elements. It does not validate beyond that; the body has been decoded already.
public enum JSONSlices {
    /// The elements of the top-level array, or, with `key`, of the array under that key of the
    /// top-level object (`items` of a search). Nil when the body is not shaped so.
    public static func elements(of body: Data, key: String? = nil) -> [Range<Int>]? {
        elements(of: body, path: key.map { [$0] } ?? [])
    }

    /// The elements of the array under `path`, each key an object's inside the last
    /// (`data`, `repository`, `stargazers`, `edges` of a GraphQL answer); of the top-level array
    /// when `path` is empty. Nil when the body is not shaped so.
    public static func elements(of body: Data, path: [String]) -> [Range<Int>]? {
        let bytes = [UInt8](body)
        var index = skipSpace(bytes, 0)
        for key in path {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            while true {
                index = skipSpace(bytes, index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                guard let keyEnd = stringEnd(bytes, index) else { return nil }
                let name = (try? JSONDecoder().decode(String.self, from: Data(bytes[index..<keyEnd]))) ?? ""
                index = skipSpace(bytes, keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipSpace(bytes, index + 1)
                if name == key { break }
                guard let valueEnd = valueEnd(bytes, index) else { return nil }
                index = skipSpace(bytes, valueEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index = skipSpace(bytes, index + 1)
        var ranges: [Range<Int>] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return ranges }
        while index < bytes.count {
            guard let end = valueEnd(bytes, index) else { return nil }
            ranges.append(index..<end)
            index = skipSpace(bytes, end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return ranges }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(bytes, index + 1)
        }
        return nil
    }

    /// `json` on one line: the whitespace between its tokens (line breaks, indentation, the
    /// space after a colon) left out, every other byte kept as sent, strings untouched (a line
    /// break inside a JSON string is always escaped, so none is left). A body GitHub sent
    /// compact comes back byte for byte, without a trailing line break.
    public static func oneLine(_ json: Data) -> Data {
        var out = Data()
        out.reserveCapacity(json.count)
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D: continue
                case UInt8(ascii: "\""): inString = true
                default: break
                }
                out.append(byte)
            }
        }
        return out
    }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The index after the string that starts (with its quote) at `start`.
    private static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value that starts at `start`.
    private static func valueEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(bytes, index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            // A number, true, false or null: up to the next delimiter.
            var index = start
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D]
                .contains(bytes[index]) { index += 1 }
            return index > start ? index : nil
        }
    }
}

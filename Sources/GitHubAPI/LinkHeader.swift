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
        var targets: [LinkTarget] = []
        var rest = Substring(header)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard let open = rest.firstIndex(of: "<") else { break }
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let url = String(rest[rest.index(after: open)..<close]).trimmingSpaces()
            rest = rest[rest.index(after: close)...]
            var parameters: [String: String] = [:]
            // Parameters run until the next "<" that starts a new target.
            parameterLoop: while true {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.first == ";" else { break parameterLoop }
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                let nameEnd = rest.firstIndex { $0 == "=" || $0 == ";" || $0 == "," || $0 == "<" } ?? rest.endIndex
                let name = String(rest[..<nameEnd]).trimmingSpaces().lowercased()
                rest = rest[nameEnd...]
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                    if rest.first == "\"" {
                        rest = rest.dropFirst()
                        let end = rest.firstIndex(of: "\"") ?? rest.endIndex
                        value = String(rest[..<end])
                        rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
                    } else {
                        let end = rest.firstIndex { $0 == ";" || $0 == "," || $0 == "<" } ?? rest.endIndex
                        value = String(rest[..<end]).trimmingSpaces()
                        rest = rest[end...]
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

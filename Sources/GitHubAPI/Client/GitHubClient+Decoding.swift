import Foundation

// Bodies decoded, and a decoding failure described as GitHubError.malformedBody.
extension GitHubClient {
    /// Decodes a body, turning any decoding failure into ``GitHubError/malformedBody(detail:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw GitHubError.malformedBody(detail: describe(error, bytes: data.count))
        } catch {
            throw GitHubError.malformedBody(detail: "\(data.count) bytes that are not JSON")
        }
    }

    static func describe(_ error: DecodingError, bytes: Int) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "\(bytes) bytes of broken or truncated JSON"
        case .dataCorrupted(let context): return "bad value at \(path(context))"
        case .keyNotFound(let key, let context): return "\(path(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context): return "wrong type at \(path(context))"
        case .valueNotFound(_, let context): return "missing value at \(path(context))"
        @unknown default: return "undecodable JSON"
        }
    }
}

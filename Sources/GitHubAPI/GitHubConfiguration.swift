import Foundation

/// Where to send requests and with which credentials.
public struct GitHubConfiguration: Sendable {
    public static let defaultBaseURL = "https://api.github.com"
    public static let programVersion = "0.1.0"

    /// The API root, e.g. `https://api.github.com` or `https://HOST/api/v3` (no trailing slash).
    public var baseURL: URL
    /// Never logged or printed; sent only to the base URL's host.
    public var token: String?
    public var userAgent: String
    /// Seconds before a request without an answer fails.
    public var timeout: TimeInterval
    /// Bodies larger than this are refused.
    public var maxBodyBytes: Int

    public init(baseURL: URL, token: String? = nil, userAgent: String = "ghscroll/\(programVersion)",
                timeout: TimeInterval = 20, maxBodyBytes: Int = 8 * 1_048_576) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// Resolves the base URL (`apiURL`, then `GITHUB_API_URL`, else api.github.com) and the token
    /// (`token`, then `GH_TOKEN`, then `GITHUB_TOKEN`).
    public static func resolve(apiURL: String? = nil, token: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GitHubConfiguration {
        func nonEmpty(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return value
        }
        let base = nonEmpty(apiURL) ?? nonEmpty(environment["GITHUB_API_URL"]) ?? defaultBaseURL
        let resolvedToken = nonEmpty(token) ?? nonEmpty(environment["GH_TOKEN"]) ?? nonEmpty(environment["GITHUB_TOKEN"])
        return GitHubConfiguration(baseURL: try parseBaseURL(base), token: resolvedToken)
    }

    /// Checks an API base URL: http or https, with a host; a trailing slash is dropped.
    public static func parseBaseURL(_ text: String) throws -> URL {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil,
              let url = components.url
        else {
            throw GitHubError.invalidURL("\(text) (expected http(s)://HOST or https://HOST/api/v3)")
        }
        return url
    }

    /// The URL of an API path such as `/users`, under the base URL's own path.
    public func url(_ path: String, query: [(String, String)] = []) throws -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw GitHubError.invalidURL(baseURL.absoluteString)
        }
        components.percentEncodedPath = components.percentEncodedPath + path
        if !query.isEmpty {
            components.percentEncodedQueryItems = query.map {
                URLQueryItem(name: $0.0, value: $0.1.addingPercentEncoding(withAllowedCharacters: Self.queryAllowed))
            }
        }
        guard let url = components.url else { throw GitHubError.invalidURL(path) }
        return url
    }

    /// Whether `url` is on the base URL's origin (scheme, host and port), where the token may go.
    public func isSameOrigin(_ url: URL) -> Bool {
        func origin(_ url: URL) -> String? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let port = url.port ?? (scheme == "https" ? 443 : 80)
            return "\(scheme)://\(host):\(port)"
        }
        guard let mine = origin(baseURL), let theirs = origin(url) else { return false }
        return mine == theirs
    }

    /// A path segment, percent-encoded (a login or repository name).
    public static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? text
    }

    private static let asciiAlphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    static let segmentAllowed = CharacterSet(charactersIn: asciiAlphanumerics + "-._~")
    static let queryAllowed = CharacterSet(charactersIn: asciiAlphanumerics + "-._~:")
}

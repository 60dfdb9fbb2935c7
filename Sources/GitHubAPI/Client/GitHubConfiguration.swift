import Foundation

/// Where to send requests and with which credentials.
public struct GitHubConfiguration: Sendable {
    public static let defaultBaseURL = "https://api.github.com"
    public static let programVersion = "0.1.0"

    /// The API root, e.g. `https://api.github.com` or `https://HOST/api/v3` (no trailing slash).
    public var baseURL: URL
    /// Never logged or printed; sent only to the base URL's host.
    public var token: String?
    /// Where the token came from, for the title line (never the token itself).
    public var tokenSource: TokenSource
    public var userAgent: String
    /// Seconds before a request without an answer fails.
    public var timeout: TimeInterval
    /// Bodies larger than this are refused.
    public var maxBodyBytes: Int

    public init(baseURL: URL, token: String? = nil, tokenSource: TokenSource? = nil,
                userAgent: String = "ghscroll/\(programVersion)", timeout: TimeInterval = 20,
                maxBodyBytes: Int = 8 * 1_048_576) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.tokenSource = self.token == nil ? .none : (tokenSource ?? .option)
        self.userAgent = userAgent
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// Resolves the base URL and the token the way the gh CLI does.
    ///
    /// Base URL: `apiURL`, then `GITHUB_API_URL`, then `GH_HOST` (github.com is
    /// `https://api.github.com`, another host `https://HOST/api/v3`), else api.github.com.
    ///
    /// Token: `token`, then `GH_TOKEN`, then `GITHUB_TOKEN`. For a GitHub Enterprise host (any
    /// host but github.com and its `*.ghe.com` tenancies) `GH_ENTERPRISE_TOKEN` and
    /// `GITHUB_ENTERPRISE_TOKEN` come first: a token meant for github.com is the last resort
    /// there. Then `ghToken(host)` (the gh CLI's stored login), else none.
    public static func resolve(apiURL: String? = nil, token: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               ghToken: (String) -> String? = { _ in nil }) throws -> GitHubConfiguration {
        func nonEmpty(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return value
        }
        let base = try parseBaseURL(nonEmpty(apiURL) ?? nonEmpty(environment["GITHUB_API_URL"])
                                    ?? nonEmpty(environment["GH_HOST"]).map(apiURL(forHost:)) ?? defaultBaseURL)
        if let token = nonEmpty(token) {
            return GitHubConfiguration(baseURL: base, token: token, tokenSource: .option)
        }
        var variables = ["GH_TOKEN", "GITHUB_TOKEN"]
        if isEnterprise(base) { variables = ["GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN"] + variables }
        for name in variables {
            if let value = nonEmpty(environment[name]) {
                return GitHubConfiguration(baseURL: base, token: value, tokenSource: .environment(name))
            }
        }
        if let value = nonEmpty(ghToken(webHost(of: base))) {
            return GitHubConfiguration(baseURL: base, token: value, tokenSource: .gh)
        }
        return GitHubConfiguration(baseURL: base)
    }

    /// The API of a host named the way gh names hosts: `github.com`, or an Enterprise host.
    public static func apiURL(forHost host: String) -> String {
        var name = host.trimmingCharacters(in: .whitespaces).lowercased()
        for scheme in ["https://", "http://"] where name.hasPrefix(scheme) { name.removeFirst(scheme.count) }
        while name.hasSuffix("/") { name.removeLast() }
        if name == "github.com" || name == "api.github.com" { return defaultBaseURL }
        if name.hasSuffix(".ghe.com") { return name.hasPrefix("api.") ? "https://\(name)" : "https://api.\(name)" }
        return "https://\(name)/api/v3"
    }

    /// The host gh knows an API by: `github.com` for api.github.com, `TENANT.ghe.com` for
    /// `api.TENANT.ghe.com`, else the API's host (and port, when one is given).
    public static func webHost(of baseURL: URL) -> String {
        let host = baseURL.host?.lowercased() ?? ""
        if host == "api.github.com" { return "github.com" }
        if host.hasSuffix(".ghe.com"), host.hasPrefix("api.") { return String(host.dropFirst(4)) }
        return baseURL.port.map { "\(host):\($0)" } ?? host
    }

    /// True for a GitHub Enterprise Server (any host but github.com and `*.ghe.com`).
    public static func isEnterprise(_ baseURL: URL) -> Bool {
        let host = webHost(of: baseURL)
        return host != "github.com" && !host.hasSuffix(".ghe.com")
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
        guard let mine = Origin(baseURL), let theirs = Origin(url) else { return false }
        return mine == theirs
    }

    /// How commands name the token's owner, as gh does (`followers @me`): no GitHub login can be it.
    public static let me = "@me"

    /// An account's API path: `/user` for ``me`` (the token's owner, with what only they may
    /// see), else `/users/{login}`.
    public static func accountPath(_ login: String) -> String {
        login == me ? "/user" : "/users/\(segment(login))"
    }

    /// A path segment, percent-encoded (a login or repository name).
    public static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? text
    }

    private static let asciiAlphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    static let segmentAllowed = CharacterSet(charactersIn: asciiAlphanumerics + "-._~")
    static let queryAllowed = CharacterSet(charactersIn: asciiAlphanumerics + "-._~:")
}

/// Where the token came from: said in the title line, never the token itself.
public enum TokenSource: Sendable, Equatable, CustomStringConvertible {
    case none
    /// `--token`.
    case option
    /// An environment variable, by name.
    case environment(String)
    /// `gh auth token`.
    case gh
    /// `--demo`'s own token, which only its built-in fake GitHub takes.
    case demo

    public var description: String {
        switch self {
        case .none: "no token"
        case .option: "token: --token"
        case .environment(let name): "token: \(name)"
        case .gh: "token: gh"
        case .demo: "token: demo"
        }
    }
}

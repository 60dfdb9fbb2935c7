import Foundation

/// Everything that can go wrong talking to GitHub, each with a message a person can act on.
public enum GitHubError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401: the token is wrong or expired.
    case badCredentials(message: String)
    /// The primary rate limit is used up until `reset`.
    case rateLimited(reset: Date?, limit: Int?, authenticated: Bool)
    /// A secondary (abuse) rate limit: wait `retryAfter` seconds (60 when GitHub sent none).
    case secondaryRateLimit(retryAfter: Int?, message: String)
    /// 403 for another reason (permissions, a blocked request, a missing User-Agent).
    case forbidden(message: String)
    /// A classic token lacks the scope the request needs: GitHub refused it (a 4xx, not 422)
    /// with an `X-Accepted-OAuth-Scopes` its `X-OAuth-Scopes` do not cover. `scope` is the
    /// narrowest that would do (`user:follow`, `public_repo`); `host` is the web host gh knows
    /// the token by (`github.com`), for `gh auth refresh -h HOST -s SCOPE`.
    case missingScope(scope: String, host: String)
    /// A fine-grained token lacks a permission: its 403 "Resource not accessible by personal
    /// access token". `permission` is GitHub's name for it (`Followers`, `Starring`).
    case missingPermission(permission: String)
    /// An Actions token (`ghs_…`) was refused a write: it has no account to follow with.
    case actionsToken
    /// 404: `what` does not exist or is not visible with these credentials.
    case notFound(what: String)
    /// 410: the resource was removed.
    case gone(message: String)
    /// 422: GitHub rejected the request (for example a bad search query).
    case validation(message: String)
    /// 5xx.
    case server(status: Int, message: String)
    /// Another unexpected status.
    case http(status: Int, message: String)
    case timeout(host: String)
    case connectionRefused(host: String)
    /// The host's name could not be resolved (no such host, or no DNS: offline).
    case hostNotFound(host: String)
    case connectionLost(host: String)
    /// TLS could not be set up: the server's certificate was refused, or the two ends do not
    /// speak the same protocol (an `https://` URL at a plain-HTTP server). Retrying changes
    /// neither. A connection cut during the handshake is ``network(message:)``, retried.
    case tls(host: String, reason: String)
    case network(message: String)
    /// The body was not the JSON expected (truncated, malformed, wrong types, not UTF-8).
    case malformedBody(detail: String)
    case bodyTooLarge(limit: Int)
    case invalidURL(String)
    /// A redirect that was not followed: too many, or to something other than http(s).
    case badRedirect(reason: String)
    /// A `Link` to the next page that must not be followed (another host or scheme, a page that
    /// goes backwards or is out of range).
    case unusableLink(reason: String)
    case cancelled

    public var description: String {
        switch self {
        case .badCredentials(let message):
            return "GitHub rejected the token (\(message)). Check GH_TOKEN, GITHUB_TOKEN or --token."
        case let .rateLimited(reset, limit, authenticated):
            var text = "GitHub's rate limit"
            if let limit { text += " of \(limit) requests an hour" }
            text += " is used up"
            if let reset { text += "; it resets at \(Self.clockTime(reset))" }
            if !authenticated { text += ". A token raises the limit to 5,000 an hour: set GH_TOKEN" }
            return text + "."
        case let .secondaryRateLimit(retryAfter, _):
            return "GitHub asked to slow down (secondary rate limit); waiting \(retryAfter ?? 60) s."
        case .forbidden(let message):
            return "GitHub refused the request: \(message)"
        case let .missingScope(scope, host):
            return "This token lacks the \(scope) scope: gh auth refresh -h \(host) -s \(scope) (or a token with the \(scope) scope)."
        case .missingPermission(let permission):
            return "This fine-grained token lacks the \(permission) permission (read and write)."
        case .actionsToken:
            return "An Actions token (ghs_…) cannot follow accounts: use a personal token."
        case .notFound(let what):
            return "\(what) was not found on GitHub (or is not visible with this token)."
        case .gone(let message):
            return "Gone: \(message)"
        case .validation(let message):
            return "GitHub rejected the request: \(message)"
        case let .server(status, message):
            return "GitHub had a server error (HTTP \(status)\(message.isEmpty ? "" : ": \(message)"))."
        case let .http(status, message):
            return "Unexpected HTTP \(status)\(message.isEmpty ? "" : ": \(message)")."
        case .timeout(let host):
            return "\(host) did not answer in time."
        case .connectionRefused(let host):
            return "Could not connect to \(host) (connection refused or host unreachable)."
        case .hostNotFound(let host):
            return "Could not find \(host): its name did not resolve (check the address, or the network)."
        case .connectionLost(let host):
            return "The connection to \(host) dropped."
        case let .tls(host, reason):
            return "TLS failed talking to \(host): \(reason)."
        case .network(let message):
            return "Network error: \(message)"
        case .malformedBody(let detail):
            return "GitHub sent a response that could not be read (\(detail))."
        case .bodyTooLarge(let limit):
            return "The response was larger than \(limit / 1_048_576) MiB; refused."
        case .invalidURL(let url):
            return "Not a usable URL: \(url)"
        case .badRedirect(let reason):
            return "GitHub's redirect was not followed: \(reason)."
        case .unusableLink(let reason):
            return "GitHub's link to the next page was not followed: \(reason)."
        case .cancelled:
            return "Cancelled."
        }
    }

    /// Worth retrying after a wait: server errors, timeouts, dropped connections, broken bodies.
    public var isTransient: Bool {
        switch self {
        case .server, .timeout, .connectionLost, .malformedBody, .network: true
        default: false
        }
    }

    /// The request cannot have reached GitHub: no connection was made (refused, or the host not
    /// found), so nothing it asked for happened.
    public var neverSent: Bool {
        switch self {
        case .connectionRefused, .hostNotFound: true
        default: false
        }
    }

    /// "14:05:09", in the machine's time zone: when a limit resets.
    public static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}

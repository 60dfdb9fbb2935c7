import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// What a failed request or an error status means, as a GitHubError.
extension GitHubClient {
    static func error(_ error: URLError, host: String) -> GitHubError {
        switch error.code {
        case .cancelled: .cancelled
        case .timedOut: .timeout(host: host)
        case .cannotFindHost, .dnsLookupFailed: .hostNotFound(host: host)
        case .cannotConnectToHost, .notConnectedToInternet: .connectionRefused(host: host)
        case .networkConnectionLost: .connectionLost(host: host)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            .malformedBody(detail: "the server's answer was not valid HTTP")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            .tls(host: host, reason: tlsFailure(error.localizedDescription) ?? error.localizedDescription)
        default:
            if let reason = tlsFailure(error.localizedDescription) {
                .tls(host: host, reason: reason)
            } else {
                .network(message: "\(host): \(error.localizedDescription)")
            }
        }
    }

    /// The cause of a TLS failure that retrying cannot mend, from libcurl's words (corelibs
    /// passes them on under an unknown error code): a certificate refused, or a protocol the
    /// two ends do not share (OpenSSL's reason, such as `wrong version number`: TLS spoken to a
    /// plain-HTTP server). Nil for anything else, a connection reset in the handshake included
    /// (`SSL_ERROR_SYSCALL`, `Connection reset by peer`), which is worth another try.
    static func tlsFailure(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.contains("certificate") || lowered.contains("subject name") {
            // "SSL certificate problem: self-signed certificate", "SSL: no alternative certificate subject name …"
            var reason = Substring(text)
            for prefix in ["SSL: ", "SSL "] where reason.hasPrefix(prefix) { reason = reason.dropFirst(prefix.count) }
            return String(reason).trimmingSpaces()
        }
        // OpenSSL's errors: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"
        // (1.1: "error:1408F10B:SSL routines:ssl3_get_record:wrong version number").
        guard lowered.contains("ssl routines:"), !lowered.contains("ssl_error_syscall"),
              let reason = text.split(separator: ":").last.map({ String($0).trimmingSpaces() }), !reason.isEmpty
        else { return nil }
        if reason.lowercased() == "wrong version number" {
            return reason + " (the server does not speak TLS there: a plain-HTTP server has an http:// URL)"
        }
        return reason
    }

    /// Maps a 4xx/5xx to its error, reading GitHub's `{"message": …}` body when there is one.
    /// `host` is the web host the token is for (``GitHubError/missingScope(scope:host:)``).
    static func error(status: Int, body: Data, header: (String) -> String?, subject: String,
                      authenticated: Bool, host: String = "github.com") -> GitHubError {
        struct ErrorBody: Decodable { var message: String? }
        let message = ((try? JSONDecoder().decode(ErrorBody.self, from: body))?.message ?? "")
            .replacingOccurrences(of: "\n", with: " ")
        let shortMessage = String(message.prefix(300))
        // A refusal for scope, judged as gh judges it: a 4xx but 422 whose accepted scopes the
        // token's do not cover (a rate limit is still a rate limit).
        var refusal: GitHubError?
        if (400..<500).contains(status), status != 422, let granted = header("X-OAuth-Scopes"),
           let accepted = header("X-Accepted-OAuth-Scopes").map(OAuthScopes.parse), !accepted.isEmpty,
           !OAuthScopes.covers(OAuthScopes.parse(granted), accepted: accepted), let scope = OAuthScopes.narrowest(accepted) {
            refusal = .missingScope(scope: scope, host: host)
        } else if status == 403, message.localizedCaseInsensitiveContains("not accessible by personal access token"),
                  let permission = header("X-Accepted-GitHub-Permissions").flatMap(Self.permissionName) {
            refusal = .missingPermission(permission: permission)
        }
        let remaining = header("x-ratelimit-remaining").flatMap { Int($0.trimmingSpaces()) }
        let retryAfter = header("retry-after").flatMap { Int($0.trimmingSpaces()) }.map { max(0, $0) }
        if status == 403 || status == 429 {
            if message.lowercased().contains("secondary rate limit") || retryAfter != nil {
                return .secondaryRateLimit(retryAfter: retryAfter, message: shortMessage)
            }
            if remaining == 0 {
                let rateLimit = RateLimit(header: header)
                return .rateLimited(reset: rateLimit?.reset, limit: rateLimit?.limit, authenticated: authenticated)
            }
            if let refusal { return refusal }
            if status == 429 { return .secondaryRateLimit(retryAfter: nil, message: shortMessage) }
            return .forbidden(message: shortMessage.isEmpty ? "HTTP 403" : shortMessage)
        }
        if let refusal { return refusal }
        switch status {
        case 401: return .badCredentials(message: shortMessage.isEmpty ? "HTTP 401" : shortMessage)
        case 404: return .notFound(what: subject)
        case 410: return .gone(message: shortMessage)
        case 422: return .validation(message: shortMessage.isEmpty ? "HTTP 422" : shortMessage)
        case 500...599: return .server(status: status, message: shortMessage)
        default: return .http(status: status, message: shortMessage)
        }
    }

    /// GitHub's name of the first permission in `X-Accepted-GitHub-Permissions` (sets of
    /// `name=access` split by `;`, the permissions of a set by `,`: `followers=write` is
    /// `Followers`); nil when there is none.
    static func permissionName(_ header: String) -> String? {
        guard let first = header.split(whereSeparator: { $0 == "," || $0 == ";" }).first?
            .split(separator: "=").first?.trimmingSpaces(), !first.isEmpty
        else { return nil }
        return first.prefix(1).uppercased() + first.dropFirst().replacingOccurrences(of: "_", with: " ")
    }
}

import CCurl
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GETs over libcurl, with the body capped as it arrives.
///
/// The body is refused the moment it would cross the cap (from `Content-Length` when there is
/// one, else from the bytes received): libcurl hands over each chunk and stops when told to, so
/// a hostile endless body never costs more than the cap. (Foundation's URLSession on Linux has
/// no back-pressure: its delegate is called on a queue, and libcurl reads on while it lags; a
/// refused 200 MB chunked body peaked at 290 MB there.)
///
/// Each transfer blocks a thread of its own, not one of Swift's pool. Handles are kept and
/// reused, so connections to GitHub are too. Task cancellation stops a transfer within a
/// moment (libcurl asks at least once a second, and on every chunk).
final class CurlTransport: Sendable {
    private let handles = Mutex<[Handle]>([])
    private let timeout: TimeInterval

    /// An easy handle, kept between transfers for its open connections.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// `timeout`: the longest wait to connect, and for the next byte; a transfer may take
    /// three times it in all (as the URLSession configuration did).
    init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    deinit {
        for handle in handles.withLock({ $0 }) { curl_easy_cleanup(handle.pointer) }
    }

    /// Sends `request` (a GET) and returns the body and the response, or throws: a `URLError`
    /// for the network, ``GitHubError/bodyTooLarge(limit:)`` past the cap, `CancellationError`.
    func load(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        guard Self.initialized else { throw URLError(.unknown) }
        let transfer = Transfer(limit: limit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread { [self] in
                    continuation.resume(with: Result { try perform(request, transfer) })
                }
                thread.name = "ghscroll http"
                thread.start()
            }
        } onCancel: {
            transfer.cancelled.store(true, ordering: .relaxed)
        }
    }

    private func take() -> UnsafeMutableRawPointer? {
        if let kept = handles.withLock({ $0.popLast() }) {
            curl_easy_reset(kept.pointer)
            return kept.pointer
        }
        return curl_easy_init()
    }

    private func give(_ pointer: UnsafeMutableRawPointer) {
        let extra = handles.withLock { kept -> Bool in
            guard kept.count < 4 else { return true }
            kept.append(Handle(pointer: pointer))
            return false
        }
        if extra { curl_easy_cleanup(pointer) }
    }

    private func perform(_ request: URLRequest, _ transfer: Transfer) throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, let handle = take() else { throw URLError(.badURL) }
        defer { give(handle) }
        var headers: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers = curl_slist_append(headers, "\(name): \(value)")
        }
        defer { curl_slist_free_all(headers) }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let seconds = max(1, Int(timeout.rounded(.up)))
        _ = ghs_curl_set_string(handle, CURLOPT_URL, url.absoluteString)
        _ = ghs_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = ghs_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = ghs_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = ghs_curl_set_long(handle, CURLOPT_MAXREDIRS, 5)
        _ = ghs_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ghs_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = ghs_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, seconds)
        // No byte for `timeout` seconds is a timeout, as URLSession's request timeout was.
        _ = ghs_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        _ = ghs_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, seconds)
        _ = ghs_curl_set_long(handle, CURLOPT_TIMEOUT, max(seconds * 3, 60))
        _ = ghs_curl_set_slist(handle, CURLOPT_HTTPHEADER, headers)
        _ = ghs_curl_set_write(handle, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().received(data, size * count)
        })
        _ = ghs_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = ghs_curl_set_header(handle, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().header(data, size * count)
        })
        _ = ghs_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = ghs_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = ghs_curl_set_progress(handle, { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().cancelled.load(ordering: .relaxed) ? 1 : 0
        })
        _ = ghs_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)

        let code = curl_easy_perform(handle)
        if transfer.tooLarge { throw GitHubError.bodyTooLarge(limit: transfer.limit) }
        if transfer.cancelled.load(ordering: .relaxed) { throw CancellationError() }
        guard code == CURLE_OK else { throw Self.error(code) }
        var effective: UnsafeMutablePointer<CChar>?
        let final = ghs_curl_effective_url(handle, &effective) == CURLE_OK
            ? effective.flatMap { URL(string: String(cString: $0)) } ?? url : url
        guard let response = HTTPURLResponse(url: final, statusCode: transfer.status, httpVersion: "HTTP/1.1",
                                             headerFields: transfer.headers) else {
            throw URLError(.badServerResponse)
        }
        return (transfer.body, response)
    }

    /// The `URLError` that stands for a libcurl failure.
    static func error(_ code: CURLcode) -> URLError {
        let message = String(cString: curl_easy_strerror(code))
        let kind: URLError.Code = switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_COULDNT_CONNECT: .cannotConnectToHost
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING: .networkConnectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE: .secureConnectionFailed
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_HTTP2, CURLE_HTTP2_STREAM: .badServerResponse
        case CURLE_BAD_CONTENT_ENCODING: .cannotDecodeContentData
        case CURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
        case CURLE_URL_MALFORMAT: .badURL
        default: .unknown
        }
        return URLError(kind, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// One transfer's state, filled by libcurl's callbacks on the transfer's thread.
    private final class Transfer: @unchecked Sendable {
        let limit: Int
        let cancelled = Atomic<Bool>(false)
        var body = Data()
        var status = 0
        var headers: [String: String] = [:]
        var tooLarge = false

        init(limit: Int) { self.limit = limit }

        /// A piece of the body: kept, or refused (stopping the transfer) past the cap.
        func received(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
            guard body.count + count <= limit else {
                tooLarge = true
                body = Data()
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) }
            return count
        }

        /// One header line. A status line starts a new response (after a redirect or a
        /// 100 Continue); an announced length past the cap stops the transfer at once.
        func header(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
            let line = data.withMemoryRebound(to: UInt8.self, capacity: count) {
                String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
            }.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("HTTP/") {
                let parts = line.split(separator: " ", maxSplits: 2)
                status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                headers = [:]
                body = Data()
                return count
            }
            guard let colon = line.firstIndex(of: ":") else { return count }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return count }
            if let existing = headers[name] { headers[name] = existing + ", " + value } else { headers[name] = value }
            if name.lowercased() == "content-length", let length = Int(value), length > limit,
               !(300..<400).contains(status) {
                tooLarge = true
                return 0
            }
            return count
        }
    }
}

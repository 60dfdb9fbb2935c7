import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GETs through one long-lived `URLSession` (FoundationNetworking), the transport the product ships.
///
/// - One ephemeral session per transport: connections to a host are kept and reused, nothing is
///   cached by Foundation (`urlCache` nil, `.reloadIgnoringLocalCacheData`, so a 304 reaches
///   the client's own revalidation), no cookies. It is invalidated when the transport goes.
/// - Bodies are read through the session's data delegate and capped: a `Content-Length` over the
///   cap is refused at once, and a body without one is refused the moment the bytes received
///   cross it. (On Linux, libcurl reads on while the delegate's queue lags, so a refused endless
///   body costs what arrived before the cancel landed: bounded, but not at the cap.)
/// - Redirects: at most ``maxRedirects``, to http(s) only; the `Authorization` header follows a
///   redirect on the same origin (a renamed account) and is dropped for any other.
/// - Cancelling the Swift task cancels the data task.
public final class URLSessionTransport: HTTPTransport {
    /// Redirects followed for one request before it fails.
    public static let maxRedirects = 5

    private let session: URLSession
    private let delegate: SessionDelegate

    /// `timeout`: the longest wait for the next byte; a whole transfer may take three times it
    /// (at least a minute).
    public init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout * 3, 60)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Not only none kept: none read. Corelibs parses every header line of every answer for
        // cookies unless they are refused (a tenth of a request's CPU).
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpMaximumConnectionsPerHost = 4
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: DelegateQueue())
    }

    /// Lets tasks still running end by themselves: corelibs can trap when a cancel it was
    /// asked for meets a transfer that has just ended, which `invalidateAndCancel` invites.
    deinit { session.finishTasksAndInvalidate() }

    public func load(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        var uncached = request
        uncached.cachePolicy = .reloadIgnoringLocalCacheData
        let request = uncached
        let exchange = Exchange(limit: limit, origin: Origin(request.url))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard exchange.start(continuation) else { return }
                // Corelibs makes and starts a task by waiting for its work queue, which one fast
                // transfer can hold for a long time: never on a cooperative thread.
                DispatchQueue.global().async { [session, delegate] in
                    let task = session.dataTask(with: request)
                    delegate.exchanges.withLock { $0[task.taskIdentifier] = exchange }
                    if exchange.attach(task) { task.resume() } else { task.cancel() }
                }
            }
        } onCancel: {
            exchange.finish(.failure(CancellationError()), stop: true)
        }
    }
}

// MARK: - One request

/// One request's state, shared by the caller and the session's delegate queue. Whichever comes
/// first (the response, an error, a refusal, a cancellation) ends it; later news is dropped.
private final class Exchange: Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), any Error>

    let limit: Int
    /// Where the request was first sent: the only origin its `Authorization` header may reach.
    let origin: Origin?
    private let state = Mutex(State())

    private struct State {
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        /// The data task, once made.
        var task: URLSessionTask?
        /// Set when the exchange ended before anyone waited for it.
        var early: Outcome?
        var ended = false
        var body = Data()
        var response: HTTPURLResponse?
        var redirects = 0
    }

    init(limit: Int, origin: Origin?) {
        self.limit = limit
        self.origin = origin
    }

    /// Starts waiting; false when the exchange already ended (the continuation is resumed then).
    func start(_ continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) -> Bool {
        let early = state.withLock { state -> Outcome? in
            guard state.ended else {
                state.continuation = continuation
                return nil
            }
            return state.early ?? .failure(CancellationError())
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Takes the data task made for this exchange; false when the exchange has ended already
    /// (cancelled meanwhile), and the task must not start.
    func attach(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            guard !state.ended else { return false }
            state.task = task
            return true
        }
    }

    /// Ends the exchange with `outcome`, unless it has ended already. `stop`: the transfer is
    /// still running and must be cancelled (a refusal, or the caller's cancellation).
    func finish(_ outcome: Outcome, stop: Bool = false) {
        let (waiting, task) = state.withLock { state -> (CheckedContinuation<(Data, HTTPURLResponse), any Error>?, URLSessionTask?) in
            guard !state.ended else { return (nil, nil) }
            state.ended = true
            state.body = Data()
            let task = stop ? state.task : nil
            guard let continuation = state.continuation else {
                state.early = outcome
                return (nil, task)
            }
            state.continuation = nil
            return (continuation, task)
        }
        waiting?.resume(with: outcome)
        // From a thread of its own: `cancel()` waits for corelibs' work queue, which may be busy
        // reading a fast body for a while; neither a cooperative thread nor the delegate queue
        // (which must go on dropping the chunks already read) may wait with it.
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// The response's head arrived. False when its announced length is over the cap.
    func received(_ response: HTTPURLResponse) -> Bool {
        let announced = response.expectedContentLength
        if announced > Int64(limit) {
            finish(.failure(GitHubError.bodyTooLarge(limit: limit)), stop: true)
            return false
        }
        state.withLock { $0.response = response }
        return true
    }

    /// A piece of the body; past the cap, the exchange ends and the transfer is cancelled.
    func received(_ data: Data) {
        let fits = state.withLock { state -> Bool in
            guard !state.ended else { return true }
            guard state.body.count + data.count <= limit else { return false }
            state.body.append(data)
            return true
        }
        if !fits { finish(.failure(GitHubError.bodyTooLarge(limit: limit)), stop: true) }
    }

    /// The request to send for a redirect, or nil (the exchange has ended with the reason).
    func redirect(to proposed: URLRequest) -> URLRequest? {
        let count = state.withLock { state -> Int in
            state.redirects += 1
            state.body = Data()
            return state.redirects
        }
        guard count <= URLSessionTransport.maxRedirects else {
            finish(.failure(GitHubError.badRedirect(reason: "more than \(URLSessionTransport.maxRedirects) redirects")))
            return nil
        }
        guard let target = Origin(proposed.url), ["http", "https"].contains(target.scheme) else {
            let shown = proposed.url?.scheme.map { "\($0): URL" } ?? "an unreadable URL"
            finish(.failure(GitHubError.badRedirect(reason: "it leads to \(shown), not http(s)")))
            return nil
        }
        var request = proposed
        if target != origin { request.setValue(nil, forHTTPHeaderField: "Authorization") }
        return request
    }

    /// The transfer ended, by itself or cancelled.
    func completed(error: (any Error)?, fallback: URLResponse?) {
        if let error {
            finish(.failure(error))
            return
        }
        let result = state.withLock { state -> (Data, HTTPURLResponse?) in
            (state.body, state.response ?? fallback as? HTTPURLResponse)
        }
        guard let response = result.1 else {
            finish(.failure(URLError(.badServerResponse)))
            return
        }
        finish(.success((result.0, response)))
    }
}

// MARK: - The session's delegate

/// The queue the session calls its delegate on: serial, on a dispatch queue of its own, and
/// with back-pressure.
///
/// Each chunk libcurl reads becomes an operation here. Corelibs hands them over from its work
/// queue without waiting, so a fast body (a hostile one over loopback) could pile up in memory
/// faster than the delegate drops it; holding the work queue while 64 chunks (1 MiB) wait bounds
/// that, however long the body runs. The wait has a time limit, so a caller on this queue
/// itself can never deadlock.
private final class DelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots = DispatchSemaphore(value: 64)
    /// Kept here: the operation queue does not retain its underlying queue.
    private let dispatchQueue = DispatchQueue(label: "ghscroll.http.delegate", qos: .userInitiated)

    override init() {
        super.init()
        name = "ghscroll http delegate"
        maxConcurrentOperationCount = 1
        underlyingQueue = dispatchQueue
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let acquired = slots.wait(timeout: .now() + .milliseconds(250)) == .success
        super.addOperation { [slots] in
            block()
            if acquired { slots.signal() }
        }
    }
}

/// Routes the session's callbacks (on its delegate queue) to the exchange of each task.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let exchanges = Mutex<[Int: Exchange]>([:])

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        // (Corelibs ignores the disposition; a refusal cancels the task itself.)
        guard let exchange = exchange(dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        completionHandler(exchange.received(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(dataTask)?.received(data)
    }

    /// A redirect not taken ends the task with the 3xx as its answer, which the exchange has
    /// already refused.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(exchange(task)?.redirect(to: request))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(error: error, fallback: task.response)
    }
}

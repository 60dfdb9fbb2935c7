import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads response bodies through the session's delegate so that a body larger than the cap is
/// refused as soon as it is announced (`Content-Length`) or once that many bytes have arrived,
/// instead of after all of it was read into memory.
final class BodyReader: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
        var limit: Int
        var data = Data()
        var response: HTTPURLResponse?
        var tooLarge = false
    }

    private let pending = Mutex<[Int: Pending]>([:])

    /// Sends `request` on `session` (whose delegate is this reader) and returns the body.
    func load(_ request: URLRequest, on session: URLSession, limit: Int) async throws -> (Data, HTTPURLResponse) {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation, limit: limit) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let allowed = pending.withLock { tasks -> Bool in
            guard var entry = tasks[dataTask.taskIdentifier] else { return false }
            entry.response = response as? HTTPURLResponse
            let announced = response.expectedContentLength
            if announced > Int64(entry.limit) { entry.tooLarge = true }
            tasks[dataTask.taskIdentifier] = entry
            return !entry.tooLarge
        }
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The body grows in place: copying the entry out and back in copied every byte received
        // so far on each chunk. (A refused body without Content-Length still costs memory:
        // URLSession queues the chunks libcurl has read before the cancel takes effect.)
        let overflow = pending.withLock { tasks -> Bool in
            let id = dataTask.taskIdentifier
            guard let entry = tasks[id], !entry.tooLarge else { return false }
            if entry.data.count + data.count > entry.limit {
                tasks[id]?.tooLarge = true
                tasks[id]?.data = Data()
                return true
            }
            tasks[id]?.data.append(data)
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if entry.tooLarge {
            entry.continuation.resume(throwing: GitHubError.bodyTooLarge(limit: entry.limit))
        } else if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = entry.response ?? (task.response as? HTTPURLResponse) {
            entry.continuation.resume(returning: (entry.data, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}

import Foundation
@testable import GitHubAPI
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from a script and writes down every request, for the client's tests
/// where real HTTP is not the point.
final class ScriptedTransport: HTTPTransport {
    /// One scripted answer: a status, headers and a body, or an error to throw.
    enum Answer: Sendable {
        case reply(status: Int, headers: [String: String], body: Data)
        case failure(any Error)

        static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Answer {
            .reply(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8))
        }
    }

    /// A request as the transport received it, with the cap it was given.
    struct Sent: Sendable {
        var request: URLRequest
        var limit: Int
        func header(_ name: String) -> String? { request.value(forHTTPHeaderField: name) }
    }

    private let state: Mutex<(answers: [Answer], sent: [Sent])>

    init(_ answers: [Answer]) { state = Mutex((answers, [])) }

    var sent: [Sent] { state.withLock { $0.sent } }

    func load(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        let answer = state.withLock { state -> Answer? in
            state.sent.append(Sent(request: request, limit: limit))
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let url = request.url, let answer else { throw URLError(.resourceUnavailable) }
        switch answer {
        case .failure(let error):
            throw error
        case let .reply(status, headers, body):
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
                throw URLError(.badServerResponse)
            }
            return (body, response)
        }
    }
}

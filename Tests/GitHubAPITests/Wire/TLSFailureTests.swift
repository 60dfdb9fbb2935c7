import FakeGitHub
import Foundation
@testable import GitHubAPI
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client at `https://127.0.0.1:PORT` of `responder`, retrying as the product does but after
/// milliseconds, and the number of connections it made once `body` is done.
private func connections(to responder: RawResponder, _ body: (GitHubClient) async throws -> Void) async throws -> Int {
    let base = try #require(URL(string: "https://127.0.0.1:\(responder.port)"))
    let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "sekrit", timeout: 10),
                              retryPolicy: RetryPolicy(baseDelay: .milliseconds(5)))
    do { try await body(client) } catch { responder.stop(); throw error }
    responder.stop()
    var count = 0
    for await event in responder.events where event == .request { count += 1 }
    return count
}

@Suite("TLS failures: a refused certificate or a protocol mismatch is named at once; a reset is retried")
struct TLSFailureTests {
    @Test("an https:// URL at a plain-HTTP server fails on the first try, naming TLS and the cause")
    func plainHTTPServer() async throws {
        let responder = try RawResponder(.badRequest)
        let host = "127.0.0.1:\(responder.port)"
        let count = try await connections(to: responder) { client in
            let error = await #expect(throws: GitHubError.self) { try await client.userDetails(login: "octocat") }
            #expect(error == .tls(host: host, reason: "wrong version number (the server does not speak TLS there: a plain-HTTP server has an http:// URL)"))
            #expect(error?.description == "TLS failed talking to \(host): wrong version number (the server does not speak TLS there: "
                + "a plain-HTTP server has an http:// URL).")
        }
        #expect(count == 1, "not retried: one connection")
    }

    @Test("a connection reset during the handshake is still retried, as any dropped connection")
    func resetInHandshake() async throws {
        let responder = try RawResponder(.reset)
        let count = try await connections(to: responder) { client in
            let error = await #expect(throws: GitHubError.self) { try await client.userDetails(login: "octocat") }
            #expect(error?.isTransient == true, "\(String(describing: error))")
        }
        #expect(count == 4, "the first try and three retries")
    }

    @Test("libcurl's words for a refused certificate or a protocol mismatch are TLS failures; a reset or a cut is not", arguments: [
        ("SSL certificate problem: self-signed certificate", "certificate problem: self-signed certificate"),
        ("SSL certificate problem: unable to get local issuer certificate", "certificate problem: unable to get local issuer certificate"),
        ("SSL: no alternative certificate subject name matches target host name 'ghe.example.com'",
         "no alternative certificate subject name matches target host name 'ghe.example.com'"),
        ("OpenSSL/3.0.19: error:0A00042E:SSL routines::tlsv1 alert protocol version", "tlsv1 alert protocol version"),
        ("error:1408F10B:SSL routines:ssl3_get_record:wrong version number",
         "wrong version number (the server does not speak TLS there: a plain-HTTP server has an http:// URL)"),
        ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:443 ", nil),
        ("Recv failure: Connection reset by peer", nil),
    ] as [(String, String?)])
    func classification(text: String, reason: String?) {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: text])
        let mapped = GitHubClient.error(error, host: "ghe.example.com")
        if let reason {
            #expect(mapped == .tls(host: "ghe.example.com", reason: reason))
            #expect(!mapped.isTransient)
        } else {
            #expect(mapped == .network(message: "ghe.example.com: \(text)"))
            #expect(mapped.isTransient)
        }
    }
}

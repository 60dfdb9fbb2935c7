import FakeGitHub
import Foundation
import GitHubAPI
import Testing

@Suite("Pictures and the token: only the API's own scheme, host and port ever see it")
struct PictureTokenTests {
    @Test("a picture on the API's host but another port goes without the token; one on the API's own origin carries it")
    func otherPort() async throws {
        // Two fakes on the same host, 127.0.0.1, on two ports: the API and a picture server.
        let api = FakeGitHub(data: FakeDataSet(userCount: 10, seed: 7))
        let pictures = FakeGitHub(data: FakeDataSet(userCount: 10, seed: 7))
        try await withServer(api) { base in
            try await withServer(pictures) { pictureBase in
                #expect(base.host == pictureBase.host && base.port != pictureBase.port)
                // A loaded CI machine has dropped a connection here more than once: a
                // picture is then asked for once more, and every attempt, logged, must carry the
                // right header.
                let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "sekrit"),
                                          retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(20)))
                let elsewhere = try #require(URL(string: "\(pictureBase.absoluteString)/avatars/u/1?v=4&s=40"))
                let own = try #require(URL(string: "\(base.absoluteString)/avatars/u/2?v=4&s=40"))
                #expect(try await !client.image(elsewhere).isEmpty)
                #expect(try await !client.image(own).isEmpty)
                let pictureLog = await pictures.requestLog()
                #expect(!pictureLog.isEmpty && pictureLog.allSatisfy { $0.path == "/avatars/u/1" })
                #expect(pictureLog.allSatisfy { $0.authorization == nil }, "the token never reaches another port")
                let apiLog = await api.requestLog()
                #expect(!apiLog.isEmpty && apiLog.allSatisfy { $0.path == "/avatars/u/2" })
                #expect(apiLog.allSatisfy { $0.authorization == "Bearer sekrit" },
                        "the API's own origin (an Enterprise server's pictures)")
            }
        }
    }
}

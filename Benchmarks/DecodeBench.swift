import FakeGitHub
import Foundation
import GitHubAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Reading GitHub's answers: a page of users and a fill of 100 accounts

/// Microseconds to read one body GitHub's fake sent: a page of 100 users from `/users`, and the
/// answer to a fill of those 100 accounts (the query the client sends). Both are read on the
/// loading threads as the rows scroll by, once a page each.
@MainActor func runDecodeSection() async throws {
    guard wanted("decode") else { return }
    heading("Reading answers (one body, in process; medians of 7)")
    let server = FakeGitHub(data: FakeDataSet(userCount: 1_000, seed: 5))
    let base = try await server.start()
    let session = URLSession(configuration: .ephemeral)
    let (page, _) = try await session.data(from: base.appendingPathComponent("users").appending(queryItems: [
        URLQueryItem(name: "since", value: "0"), URLQueryItem(name: "per_page", value: "100"),
    ]))
    let logins = try GitHubClient.readUsers(page).map(\.login)
    var request = URLRequest(url: base.appendingPathComponent("graphql"))
    request.httpMethod = "POST"
    request.setValue("Bearer bench", forHTTPHeaderField: "Authorization")
    request.httpBody = try JSONEncoder().encode(GraphQLQuery.accounts(logins, members: false))
    let (fill, _) = try await session.data(for: request)
    // The two bodies are all the timing needs.
    session.finishTasksAndInvalidate()
    await server.stop()
    let filled = try GitHubClient.readFills(fill, logins: logins).fills.count
    var sink = 0
    let pageUs = median(iterations: 20) {
        for _ in 0..<20 { sink &+= (try? GitHubClient.readUsers(page).count) ?? 0 }
    }
    let fillUs = median(iterations: 20) {
        for _ in 0..<20 { sink &+= (try? GitHubClient.readFills(fill, logins: logins).fills.count) ?? 0 }
    }
    record("page_decode_us", pageUs, "µs", "%.0f", note: "a page of \(logins.count) users (\(page.count / 1_000) kB) read")
    record("fill_decode_us", sink > 0 && filled == logins.count ? fillUs : nil, "µs", "%.0f",
           note: "a fill's answer for those \(filled) accounts (\(fill.count / 1_000) kB) read")
}

import FakeGitHub
import Foundation
import Browser
import GitHubAPI

// MARK: - Row fills: what a filled row adds to memory, and what a fill costs

/// The heap a string of `count` UTF-8 bytes holds: none up to 15 UTF-8 bytes (Swift keeps those inline); else its
/// storage (a 32-byte header, the bytes and a terminating zero) in a glibc chunk (8 bytes of
/// its own, rounded up to 16, at least 32).
private func heapBytes(count: Int) -> Int {
    guard count > 15 else { return 0 }
    return max(32, (32 + count + 1 + 8 + 15) / 16 * 16)
}

/// Bytes a filled row adds beside the bare row (the fill, kept by row id as the browser keeps
/// it), with the fake's names, places and bios; and the GraphQL points a fill of 100 costs.
@MainActor func runFillsSection() async throws {
    guard wanted("fills") else { return }
    heading("Row fills: the bytes a fill adds to a row, and the points a fill of 100 accounts costs")
    let count = 20_000
    let server = FakeGitHub(data: FakeDataSet(userCount: count + 200, seed: 5))
    let base = try await server.start()
    // A store that keeps no fill: each request asks GitHub.
    let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "bench"),
                              store: MemoryResponseStore(capacity: 0), retryPolicy: .none)
    let logins = server.data.users.prefix(count).map(\.login)
    var fills: [AccountFill] = []
    var costs: [Double] = []
    for start in stride(from: 0, to: logins.count, by: 100) {
        let answer = try await client.fillAccounts(Array(logins[start..<min(logins.count, start + 100)]))
        fills += answer.fills.values
        if let cost = answer.rate?.cost { costs.append(Double(cost)) }
    }
    await server.stop()
    var byID: [Int64: RowFill] = [:]
    for (index, fill) in fills.enumerated() { byID[fill.id ?? Int64(index)] = RowFill(fill) }
    // What the fills kept by row id hold: the dictionary's buckets (a key and a fill each, at
    // its load) and each fill's texts that do not fit inline.
    // (A dictionary holds a power of two of buckets, at most three quarters full.)
    var buckets = 1
    while buckets * 3 < byID.count * 4 { buckets *= 2 }
    let table = Double(buckets * (MemoryLayout<Int64>.stride + MemoryLayout<RowFill>.stride))
    let texts = byID.values.reduce(0) { $0 + heapBytes(count: $1.textBytes) }
    let bytes = (table + Double(texts)) / Double(max(1, byID.count))
    record("bytes_per_filled_row", bytes, "B", "%.0f",
           note: "what a row's fill adds, from the layouts (\(byID.count) rows of the fake's texts, kept by row id: "
               + "\(MemoryLayout<RowFill>.stride) inline, texts over 15 bytes in glibc chunks; goal at most 160)")
    record("fill_cost_points", middle(of: costs), "points", "%.0f",
           note: "GraphQL points the fake reports for one fill of 100 accounts (GitHub's formula)")
}

import Foundation
import Testing
@testable import GitHubAPI

@Suite("Stargazers with the date of their star")
struct StargazerDecodingTests {
    /// 2011-01-16T19:06:43Z, the date of GitHub's documented example.
    static let documentedDate = Date(timeIntervalSince1970: 1_295_204_803)

    @Test("GitHub's documented star+json answer: each item becomes the account's row with the star's date in it")
    func documentedExample() throws {
        // GitHub's own example, as recorded in the shared folder.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/github/rest-examples/activity.list-stargazers-for-repo.alternative-response-with-star-creation-timestamps.json").path
        let body = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        let rows = try GitHubClient.decode([Stargazer].self, from: body).map(\.user)
        #expect(rows == [GitHubUser(login: "octocat", id: 1, type: "User", siteAdmin: false, starredAt: Self.documentedDate)])
        #expect(rows[0].starredAt == Self.documentedDate)
        #expect(rows[0].contributions == 0)
    }

    @Test("the date costs the row nothing: a user is still 32 bytes, with or without a star's date or commits")
    func rowSize() {
        #expect(MemoryLayout<GitHubUser>.size == 32)
        #expect(MemoryLayout<GitHubUser>.stride == 32)
    }

    @Test("a row's four-byte slot holds commits or a star's date, never both; no commits is no slot")
    func oneSlot() {
        var row = GitHubUser(login: "mona", id: 1, contributions: 12)
        #expect(row.contributions == 12 && row.starredAt == nil)
        row.starredAt = Self.documentedDate
        #expect(row.starredAt == Self.documentedDate && row.contributions == 0)
        row.contributions = 7
        #expect(row.contributions == 7 && row.starredAt == nil)
        row.contributions = 0
        #expect(row == GitHubUser(login: "mona", id: 1), "no commits is what a row without them holds")
        row.starredAt = nil
        #expect(row == GitHubUser(login: "mona", id: 1))
    }

    @Test("dates are kept to the second from 2000 to 2136; earlier is 2000, later the last second kept")
    func dateRange() throws {
        var row = GitHubUser(login: "mona", id: 1)
        row.starredAt = Date(timeIntervalSince1970: 4_102_444_800.9)  // 2100-01-01, and a fraction
        #expect(row.starredAt == Date(timeIntervalSince1970: 4_102_444_800))
        row.starredAt = Date(timeIntervalSince1970: 0)
        #expect(row.starredAt == Date(timeIntervalSince1970: 946_684_800))
        row.starredAt = Date(timeIntervalSince1970: 9e12)
        #expect(row.starredAt == Date(timeIntervalSince1970: 946_684_800 + Double(UInt32.max)))
        row.starredAt = Date(timeIntervalSince1970: .infinity)
        #expect(row.starredAt == nil)
    }

    @Test("encoded and decoded again (the cache, --json without GitHub's object), a row keeps its star's date")
    func roundTrip() throws {
        let row = GitHubUser(login: "mona", id: 5, type: "Organization", starredAt: Self.documentedDate)
        let data = try JSONEncoder().encode(row)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["starred_at"] as? String == "2011-01-16T19:06:43Z", "in GitHub's format")
        #expect(object["contributions"] == nil)
        #expect(try GitHubClient.decode(GitHubUser.self, from: data) == row)
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(GitHubUser(login: "x", id: 1))) as? [String: Any]
        #expect(plain?["starred_at"] == nil, "not written when not known")
    }

    @Test("an odd or missing starred_at leaves the row without a date; an item without its user fails the page",
          arguments: [#""soon""#, "7", "null", #""2011-13-45T99:00:00Z""#])
    func oddDates(date: String) throws {
        let body = #"[{"starred_at":\#(date),"user":{"login":"a","id":1}},{"user":{"login":"b","id":2}}]"#
        let rows = try GitHubClient.decode([Stargazer].self, from: Data(body.utf8)).map(\.user)
        #expect(rows == [GitHubUser(login: "a", id: 1, type: nil), GitHubUser(login: "b", id: 2, type: nil)])
        #expect(throws: GitHubError.malformedBody(detail: #"[0] has no "user""#)) {
            try GitHubClient.decode([Stargazer].self, from: Data(#"[{"starred_at":"2011-01-16T19:06:43Z"}]"#.utf8))
        }
    }
}

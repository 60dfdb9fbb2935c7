import Foundation
import Testing
@testable import GitHubAPI

@Suite("Link header parser")
struct LinkHeaderTests {
    @Test("GET /users: next and a templated first")
    func usersSample() {
        let header = #"<https://api.github.com/users?since=47&per_page=30>; rel="next", <https://api.github.com/users{?since}>; rel="first""#
        let relations = LinkHeader.relations(header)
        #expect(relations == [
            "next": "https://api.github.com/users?since=47&per_page=30",
            "first": "https://api.github.com/users{?since}",
        ])
    }

    @Test("a page-numbered list: prev, next, last and first")
    func numberedSample() {
        let header = """
        <https://api.github.com/user/583231/followers?per_page=30&page=1>; rel="prev", \
        <https://api.github.com/user/583231/followers?per_page=30&page=3>; rel="next", \
        <https://api.github.com/user/583231/followers?per_page=30&page=9>; rel="last", \
        <https://api.github.com/user/583231/followers?per_page=30&page=1>; rel="first"
        """
        let relations = LinkHeader.relations(header)
        #expect(relations.count == 4)
        #expect(relations["next"] == "https://api.github.com/user/583231/followers?per_page=30&page=3")
        #expect(relations["last"] == "https://api.github.com/user/583231/followers?per_page=30&page=9")
        #expect(relations["prev"] == relations["first"])
    }

    @Test("bare rel values, extra parameters, odd spacing and several rels in one value")
    func tolerantForms() {
        let header = "  <https://x.test/a?page=2> ;rel=next;title=\"Page, two\" ,<https://x.test/a?page=5>;  REL=\"last  end\" ;type=text/html"
        let targets = LinkHeader.parse(header)
        #expect(targets.map(\.url) == ["https://x.test/a?page=2", "https://x.test/a?page=5"])
        #expect(targets[0].relations == ["next"])
        #expect(targets[0].parameters["title"] == "Page, two")
        #expect(targets[1].relations == ["last", "end"])
        #expect(LinkHeader.relations(header)["end"] == "https://x.test/a?page=5")
    }

    @Test("the first target of a repeated relation wins")
    func repeatedRelation() {
        let relations = LinkHeader.relations(#"<https://a.test/1>; rel="next", <https://b.test/2>; rel="next""#)
        #expect(relations["next"] == "https://a.test/1")
    }

    @Test("malformed headers give what can be read and never crash",
          arguments: ["", ",,,", "garbage", "<", "<>; rel=next", "<https://a.test/1", "https://a.test/1; rel=next",
                      "<https://a.test/1>; rel=", "<https://a.test/1>; rel=\"next", ";;;<<>>", "<a>;rel=\"x\"<b>;rel=y",
                      String(repeating: "<x>; rel=next, ", count: 2_000)])
    func malformed(header: String) {
        let targets = LinkHeader.parse(header)
        #expect(targets.allSatisfy { !$0.url.isEmpty })
        _ = LinkHeader.relations(header)
    }

    @Test("an unterminated target ends the parse; the targets before it remain")
    func partial() {
        let relations = LinkHeader.relations(#"<https://a.test/2>; rel="next", <https://a.test/9; rel="last""#)
        #expect(relations == ["next": "https://a.test/2"])
    }

    @Test("the last page GitHub names is the list's count of pages, unless it is past belief (a hostile Link cannot make a count that overflows)")
    func lastPageNumber() throws {
        func response(last: String) throws -> GitHubResponse {
            GitHubResponse(url: try #require(URL(string: "https://api.github.com/users/x/followers?page=1")), status: 200, body: Data(),
                           links: ["last": last], rateLimit: nil, etag: nil, fromCache: false, origin: .network)
        }
        #expect(lastPage(try response(last: "https://api.github.com/users/x/followers?per_page=100&page=251")) == 251)
        #expect(lastPage(try response(last: "https://api.github.com/users/x/followers?page=10000000")) == 10_000_000)
        #expect(lastPage(try response(last: "https://api.github.com/users/x/followers?page=10000001")) == nil)
        #expect(lastPage(try response(last: "https://api.github.com/users/x/followers?page=9223372036854775807")) == nil)
    }
}

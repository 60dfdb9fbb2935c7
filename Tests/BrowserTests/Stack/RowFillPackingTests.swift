@testable import Browser
import GitHubAPI
import Testing

@Suite("What a row keeps of a fill, packed")
struct RowFillPackingTests {
    @Test("every text, count and mark reads back as GitHub sent it; a text not sent stays absent, an empty one empty")
    func roundTrip() {
        let sent = AccountFill(login: "mona", name: "Mona 山田 🐙", bio: "Line one\nline two", company: "",
                               location: nil, followers: 12_345, isViewer: false, followsViewer: true, viewerFollows: true)
        let kept = RowFill(sent)
        #expect(kept.name == "Mona 山田 🐙" && kept.bio == "Line one\nline two" && kept.company == "" && kept.location == nil)
        #expect(kept.followers == 12_345 && kept.members == nil && !kept.isOrganization)
        #expect(!kept.isViewer && kept.followsViewer && kept.viewerFollows)
        let org = RowFill(AccountFill(login: "acme", isOrganization: true, location: "Berlin", members: 7, viewerFollows: true))
        #expect(org.isOrganization && org.members == 7 && org.followers == nil && org.location == "Berlin" && org.name == nil)
        #expect(RowFill(AccountFill(login: "x", followers: nil)).followers == nil)
    }

    @Test("a separator GitHub sent inside a text (a hostile one) cannot move the texts after it")
    func hostileSeparator() {
        let kept = RowFill(AccountFill(login: "x", name: "a\u{1F}b\u{1F}\u{301}", bio: "bio", company: "co", location: "here"))
        #expect(kept.name == "a b \u{301}")
        #expect(kept.company == "co" && kept.location == "here" && kept.bio == "bio")
    }

    @Test("the texts a row's line shows, read in one pass: the name and the place as sent, the others left out")
    func shownTexts() {
        let sent = AccountFill(login: "mona", name: "Mona 山田 🐙", bio: "Line one\nline two", company: "@github",
                               location: "São Paulo")
        #expect(RowFill(sent).shown == RowFill.Texts(name: "Mona 山田 🐙", location: "São Paulo"))
        #expect(RowFill(AccountFill(login: "x", company: "co", location: "")).shown == RowFill.Texts(location: ""))
        #expect(RowFill(AccountFill(login: "x", name: "only", bio: "bio")).shown == RowFill.Texts(name: "only"))
        #expect(RowFill(AccountFill(login: "x")).shown == RowFill.Texts())
        let hostile = RowFill(AccountFill(login: "x", name: "a\u{1F}b", company: "\u{1F}\u{1F}", location: "here\u{1F}"))
        #expect(hostile.shown == RowFill.Texts(name: "a b", location: "here "))
        #expect(hostile.company == "  " && hostile.location == "here " && hostile.bio == nil)
    }

    @Test("equal fills pack equal, and a changed mark is a change")
    func equality() {
        let one = AccountFill(login: "x", name: "N", followers: 1)
        var other = one
        #expect(RowFill(one) == RowFill(other))
        other.viewerFollows = true
        #expect(RowFill(one) != RowFill(other))
    }
}

@testable import Browser
import Foundation
import GitHubAPI
import TerminalUI
import Testing

@Suite("The pane's text on a narrow terminal, and an organization's")
struct PaneTextTests {
    @Test("a label wider than its column is cut, a blank kept before its value; who the account is wraps onto two lines at most, breaking between its parts")
    func narrow() {
        let record = DetailsPane.Record(heading: "The Octocat", subheading: "octocat · User · available for hire · you follow",
                                        fields: [DetailsPane.Field("Location", "Earth"), DetailsPane.Field("Followers", "183")])
        let screen = CellBuffer(rows: 7, columns: 18)
        DetailsPane(content: .record(record)).draw(on: screen, in: Rect(top: 0, left: 0, height: 7, width: 18))
        #expect(screen.lines == [" The Octocat", " octocat · User", " available for…", "", " Locati… Earth", " Follow… 183", ""],
                "\(screen.lines)")
    }

    @Test("an organization's pane says how many public repositories it has and no gists, which it cannot have; a person's says both")
    func organizationGists() {
        var organization = details("github", id: 9919, org: true)
        (organization.publicRepos, organization.publicGists) = (113, 0)
        let repos = { (user: UserDetails) in
            ProfileText.record(user, profileURL: nil, now: epoch, keys: KeyTable()).fields.first { $0.label == "Repos" }?.value
        }
        #expect(repos(organization) == "113 public")
        var person = details("octocat", id: 1)
        (person.publicRepos, person.publicGists) = (8, 1)
        #expect(repos(person) == "8 public · 1 gist")
    }
}

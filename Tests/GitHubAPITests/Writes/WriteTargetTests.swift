import GitHubAPI
import Testing

@Suite("What a write acts on: GitHub's names ignore ASCII case")
struct WriteTargetTests {
    @Test("an account or a repository is the same target in any ASCII case, and hashes the same; other bytes must match")
    func caseBlind() {
        #expect(WriteTarget.account("OctoCat") == .account("octocat"))
        #expect(WriteTarget.repository(owner: "Octocat", name: "Hello-World") == .repository(owner: "octocat", name: "hello-world"))
        #expect(WriteTarget.account("octocat") != .account("octocats"))
        #expect(WriteTarget.account("octocat") != .repository(owner: "octocat", name: ""))
        #expect(WriteTarget.repository(owner: "ab", name: "c") != .repository(owner: "a", name: "bc"))
        #expect(WriteTarget.account("café") != .account("CAFÉ"), "only ASCII folds")
        let known: [WriteTarget: Bool] = [.account("OctoCat"): true, .repository(owner: "A", name: "B"): false]
        #expect(known[.account("octocat")] == true)
        #expect(known[.repository(owner: "a", name: "b")] == false)
        #expect(Set([WriteTarget.account("x"), .account("X")]).count == 1)
    }
}

import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Testing

@Suite("User details (GET /users/{login})")
struct UserDetailsTests {
    @Test("GitHub's full user object decodes, dates included")
    func decodesGitHubShape() throws {
        let json = """
        {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==",
         "avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"",
         "url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat",
         "type":"User","user_view_type":"public","site_admin":false,"name":"The Octocat","company":"@github",
         "blog":"https://github.blog","location":"San Francisco","email":null,"hireable":null,
         "bio":null,"twitter_username":null,"public_repos":8,"public_gists":8,"followers":21000,"following":9,
         "created_at":"2011-01-25T18:44:36Z","updated_at":"2025-06-22T11:25:21Z"}
        """
        let user = try GitHubClient.decode(UserDetails.self, from: Data(json.utf8))
        #expect(user.login == "octocat" && user.id == 583_231)
        #expect(user.name == "The Octocat" && user.company == "@github" && user.location == "San Francisco")
        #expect(user.email == nil && user.hireable == nil && user.bio == nil)
        #expect(user.publicRepos == 8 && user.followers == 21_000 && user.following == 9)
        #expect(user.createdAt == Date(timeIntervalSince1970: 1_295_981_076))
        #expect(!user.isOrganization)
    }

    @Test("a field of the wrong type or a bad date becomes nil; login and id stay required")
    func tolerant() throws {
        let odd = #"{"login":"x","id":1,"name":42,"followers":"many","created_at":"yesterday","bio":["a"]}"#
        let user = try GitHubClient.decode(UserDetails.self, from: Data(odd.utf8))
        #expect(user.name == nil && user.followers == nil && user.createdAt == nil && user.bio == nil)
        #expect(throws: GitHubError.self) { try GitHubClient.decode(UserDetails.self, from: Data(#"{"id":1}"#.utf8)) }
    }

    @Test("the fake serves the full object, and its follower and following counts are the sizes of the lists it serves")
    func countsMatchLists() async throws {
        try await withFixture(users: 3_000) { fixture in
            // Users with lists of different lengths, and an organization.
            let data = fixture.server.data
            let picks = [data.users[0]] + data.users.dropFirst().filter { data.listSize("followers:\($0.login.lowercased())") > 150 }.prefix(1)
                + data.users.filter(\.isOrganization).prefix(1)
            for account in picks {
                let user = try await fixture.client.userDetails(login: account.login)
                #expect(user.login == account.login && user.id == account.id)
                #expect(user.isOrganization == account.isOrganization)
                #expect(user.createdAt != nil && user.publicRepos != nil)
                let followers = try await drain(NumberedListSource<GitHubUser>(client: fixture.client, path: "/users/\(account.login)/followers",
                                                                   subject: account.login), pageSize: 100)
                let following = try await drain(NumberedListSource<GitHubUser>(client: fixture.client, path: "/users/\(account.login)/following",
                                                                   subject: account.login), pageSize: 100)
                #expect(user.followers == followers.items.count, "\(account.login)")
                #expect(user.following == following.items.count, "\(account.login)")
            }
            let octocat = try await fixture.client.userDetails(login: "octocat")
            #expect(octocat.name == "The Octocat")
            #expect(octocat.bio?.contains("\n") == true, "a bio with a line break, for the pane to lay out")
        }
    }

    @Test("an account that does not exist is notFound")
    func notFound() async throws {
        try await withFixture(users: 10) { fixture in
            await #expect(throws: GitHubError.notFound(what: "User nobody-here")) {
                try await fixture.client.userDetails(login: "nobody-here")
            }
        }
    }
}

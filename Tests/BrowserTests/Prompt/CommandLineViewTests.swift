@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("The : command line on screen (whole screens, text and styles)")
struct CommandLineViewTests {
    @Test("the prompt on the bottom line with its keys on the right; the list stays above it")
    func prompt() {
        var store = loadedStore()
        store.apply(.key(.character(":")))
        for character in "followers oc" { store.apply(.key(.character(character))) }
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1                                                                      #1",
            " user2                                                                      #2",
            " user3                                                                      #3",
            " user4                                                                      #4",
            " user5                                                                      #5",
            " user6                                                                      #6",
            " user7                                                                      #7",
            " user8                                                                      #8",
            ":followers oc                               Enter run  Esc cancel  Tab complete",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
    }

    @Test("Tab's candidates above the prompt, the chosen one highlighted, a page at a time with their number")
    func candidates() {
        var store = loadedStore(users: 20)
        store.apply(.key(.character(":")))
        for character in "followers user" { store.apply(.key(.character(character))) }
        store.apply(.key(.tab))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1                                                                      #1",
            " user2                                                                      #2",
            " user3                                                                      #3",
            " user4                                                                      #4",
            " user5                                                                      #5",
            " user6                                                                      #6",
            " user7                                                                      #7",
            " 1–8 of 20 · user1  user10  user11  user12  user13  user14  user15  user16",
            ":followers user                             Enter run  Esc cancel  Tab complete",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "mmmmmmmmmmmmm.....mm......mm......mm......mm......mm......mm......mm......mmmmmm",
            "............................................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
        for _ in 0..<12 { store.apply(.key(.tab)) }
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1                                                                      #1",
            " user2                                                                      #2",
            " user3                                                                      #3",
            " user4                                                                      #4",
            " user5                                                                      #5",
            " user6                                                                      #6",
            " user7                                                                      #7",
            " 9–16 of 20 · user17  user18  user19  user2  user20  user3  user4  user5",
            ":followers user2                            Enter run  Esc cancel  Tab complete",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "mmmmmmmmmmmmmm......mm......mm......mmRRRRRmm......mm.....mm.....mm.....mmmmmmmm",
            "............................................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
    }

    @Test("a line that cannot run: the reason above the prompt, in the error colour")
    func error() {
        var store = loadedStore()
        store.apply(.key(.character(":")))
        for character in "folowers octocat" { store.apply(.key(.character(character))) }
        store.apply(.key(.enter))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1                                                                      #1",
            " user2                                                                      #2",
            " user3                                                                      #3",
            " user4                                                                      #4",
            " user5                                                                      #5",
            " user6                                                                      #6",
            " user7                                                                      #7",
            " No command folowers · did you mean followers?",
            ":folowers octocat                           Enter run  Esc cancel  Tab complete",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
            "............................................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
    }

    @Test("a reason too long for the line goes on above, whole: at 50 columns what was typed still shows")
    func longError() {
        var store = loadedStore(columns: 50)
        store.apply(.key(.character(":")))
        for character in "stargazers swift" { store.apply(.key(.character(character))) }
        store.apply(.key(.enter))
        expectScreen(store.state, lines: [
            " ghscroll · All users              api.github.com",
            " user1                                        #1",
            " user2                                        #2",
            " user3                                        #3",
            " user4                                        #4",
            " user5                                        #5",
            " user6                                        #6",
            " stargazers takes a repository as OWNER/REPO, for",
            " example apple/swift (got 'swift')",
            ":stargazers swift           Enter run  Esc cancel",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "..............................................mmm.",
            "..............................................mmm.",
            "..............................................mmm.",
            "..............................................mmm.",
            "..............................................mmm.",
            "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
            "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
            "............................mmmmmmmmmmmmmmmmmmmmmm",
        ])
    }

    @Test("while GitHub is asked whether the account exists: a spinner and its name above the prompt")
    func checking() {
        var store = loadedStore()
        store.apply(.key(.character(":")))
        for character in "user octocat" { store.apply(.key(.character(character))) }
        store.apply(.key(.enter))
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1                                                                      #1",
            " user2                                                                      #2",
            " user3                                                                      #3",
            " user4                                                                      #4",
            " user5                                                                      #5",
            " user6                                                                      #6",
            " user7                                                                      #7",
            " ⠙ Looking for octocat on GitHub…",
            ":user octocat                               Enter run  Esc cancel  Tab complete",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "............................................................................mmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "............................................mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
    }
}

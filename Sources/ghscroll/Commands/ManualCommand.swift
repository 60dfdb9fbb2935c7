import ArgumentParser
import Browser
import Foundation
import TerminalUI

/// `ghscroll manual-sections`: the man page's sections that the manual generator cannot make
/// from the command definitions (keys, environment, files, exit status, examples), in mdoc.
/// `make man` appends them to the generated page; with `--tool-info` it shapes the command
/// definitions the generator reads (``ManualToolInfo``).
struct ManualSectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual-sections", abstract: "Print the man page's extra sections (mdoc).", shouldDisplay: false)

    @Flag(name: .customLong("tool-info"),
          help: "Read ghscroll --experimental-dump-help on stdin and print it shaped for the man page.")
    var toolInfo = false

    func run() throws {
        guard toolInfo else {
            print(Self.sections())
            return
        }
        let lists = GHScroll.listCommands.compactMap { $0.configuration.commandName }
        let lead = GHScroll.overview + "\n\nEvery list (" + lists.joined(separator: ", ")
            + ") takes the options below; under each subcommand follows what it takes besides."
        let shaped = try ManualToolInfo.shaped(FileHandle.standardInput.readDataToEndOfFile(), listCommands: lists, lead: lead)
        FileHandle.standardOutput.write(shaped)
    }

    static func sections() -> String {
        let keys = KeyTable()
        let help = keys.label(.help, in: .list).map { "Press \($0) in the browser" } ?? "The help in the browser shows"
        var lines: [String] = [".Sh KEYS", escape("\(help) for the keys of the current mode.")]
        for section in keys.sections() {
            lines += [".Ss \(quoted(section.title))", ".Bl -tag -width Ds"]
            for binding in section.bindings {
                lines += [".It \(quoted(binding.keyLabel))", escape(binding.help)]
            }
            lines.append(".El")
        }
        lines += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for (name, text) in environment(keys) {
            lines += [".It Ev \(name)", escape(text)]
        }
        lines += [".El", ".Sh FILES", ".Bl -tag -width Ds",
                  ".It Pa $XDG_CONFIG_HOME/ghscroll/config.toml",
                  "Defaults set once (else under ~/.config): per-page, prefetch, max-items, layout (compact or comfortable), cache, cache-size, max-age, "
                      + "colors, mouse and confirm-actions (true or false; mouse = false leaves the mouse to the terminal; confirm-actions = false follows and stars without asking, "
                      + "never unfollows or unstars without asking) and a [keys] table of action = [keys] (ghscroll keys --actions names the actions). "
                      + "Options on the command line win. make install puts an example with every setting and key, "
                      + "each explained, in share/doc/ghscroll/config.toml under its prefix.",
                  ".It Pa $XDG_STATE_HOME/ghscroll/history",
                  "The command line's earlier commands (else under ~/.local/state): the last 500, readable by you alone, "
                      + "never a line that looks like a token. Two runs at once each add to it; neither loses the other's.",
                  ".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds",
                  ".It 0", "Done.", ".It 1", "An error (GitHub could not be reached, a bad configuration file, …).",
                  ".It 4", "What was asked needs a token and none was found (me, @me, stargazers --newest).",
                  ".It 64", "A usage error (an unknown option, a bad value).",
                  ".It 128+N", "Ended by signal N (130 for SIGINT, 143 for SIGTERM).", ".El"]
        lines += [".Sh EXAMPLES"]
        for (index, (text, commands)) in examples.enumerated() {
            lines += (index == 0 ? [] : [".Pp"]) + [escape(text), ".Bd -literal -offset indent"] + commands.map(escape) + [".Ed"]
        }
        return lines.joined(separator: "\n")
    }

    /// What each example does, and the command lines.
    static let examples: [(String, [String])] = [
        ("Browse the people who follow octocat; more are loaded as you scroll:", ["ghscroll followers octocat"]),
        ("Open octocat's profile: details, organizations, repositories, followers and following, each a few rows "
            + "and a row that opens the whole list (p does the same on any account in a list):",
         ["ghscroll user octocat"]),
        ("Search organizations in Berlin, the most followed first (in the browser, : opens a command line that "
            + "takes the same commands, s one with search typed in, and S cycles a search's order):",
         ["ghscroll search type:org location:Berlin --sort followers"]),
        ("Print the first 20 stargazers of a repository, an ID, a login and when they starred a line, the oldest star "
            + "first (into a pipe ghscroll prints lines by itself; --plain does it on a terminal too, --json prints "
            + "GitHub's objects, a {starred_at, user} for each stargazer). In the browser each row says when, "
            + "starred 3 days ago. GitHub's REST API lists the first 40,000 stargazers only: the list ends there "
            + "and says so (in a pipe, on stderr):",
         ["ghscroll stargazers apple/swift | head -n 20"]),
        ("Your own account, the token's owner: me opens its profile, and @me stands for its login wherever a LOGIN "
            + "goes (followers, following, starred, repos with the private ones, orgs; not members). Both need a token "
            + "(without one they say so, exit status 4); in the browser, :me and :followers @me do the same:",
         ["ghscroll me", "ghscroll followers @me", "ghscroll repos @me --plain"]),
        ("Use the login of the gh command (with no GH_TOKEN or GITHUB_TOKEN set, ghscroll asks gh auth token "
            + "for the API's host; the title line then says token: gh):",
         ["gh auth login", "ghscroll members my-org"]),
        ("Browse a GitHub Enterprise host, with GH_ENTERPRISE_TOKEN as the token when it is set:",
         ["GH_HOST=github.example.com ghscroll users",
          "ghscroll users --api-url https://github.example.com/api/v3"]),
        ("Offline: a list loaded before opens from the cache, and the title line says offline; "
            + "--max-age reads cached pages without asking GitHub, here those of the last day:",
         ["ghscroll followers octocat", "ghscroll followers octocat --plain --max-age 86400"]),
        ("Browse a fake GitHub built into ghscroll, with no network and no token:", ["ghscroll --demo"]),
    ]

    /// The variables ghscroll reads, and what for (keys named as `keys` binds them).
    static func environment(_ keys: KeyTable) -> [(String, String)] { [
        ("GH_TOKEN", "A token for github.com (else GITHUB_TOKEN). Never printed or logged."),
        ("GITHUB_TOKEN", "A token, when GH_TOKEN is not set."),
        ("GH_ENTERPRISE_TOKEN", "A token for a GitHub Enterprise host, tried before GH_TOKEN for such a host (else GITHUB_ENTERPRISE_TOKEN)."),
        ("GITHUB_ENTERPRISE_TOKEN", "A token for a GitHub Enterprise host, when GH_ENTERPRISE_TOKEN is not set."),
        ("GH_HOST", "The host when neither --api-url nor GITHUB_API_URL is given: github.com, or an Enterprise host (its API is https://HOST/api/v3)."),
        ("GITHUB_API_URL", "The API base URL, when --api-url is not given."),
        ("NO_COLOR", "Draw no colours."),
        ("BROWSER", "The program that opens profiles" + (keys.label(.open, in: .list).map { " (\($0) in the browser)" } ?? "")
            + ", else xdg-open."),
        ("XDG_CONFIG_HOME", "Where ghscroll/config.toml is (else ~/.config)."),
        ("XDG_CACHE_HOME", "Where the cache of pages and user details, ghscroll/cache.sqlite, is (else ~/.cache); --cache names another file."),
        ("XDG_STATE_HOME", "Reserved for the state ghscroll keeps between runs, under ghscroll/ (else ~/.local/state/ghscroll); "
            + "nothing is kept there yet."),
    ] }

    /// A macro argument in quotes, so that words such as "In" are not read as macros.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }

    /// Text safe in mdoc: a line starting with a dot or a quote would be read as a request.
    static func escape(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}

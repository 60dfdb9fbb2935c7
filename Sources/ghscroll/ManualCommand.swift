import ArgumentParser
import Browser
import TerminalUI

/// `ghscroll manual-sections`: the man page's sections that the manual generator cannot make
/// from the command definitions (keys, environment, files, exit status), in mdoc. `make man`
/// appends them to the generated page.
struct ManualSectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual-sections", abstract: "Print the man page's extra sections (mdoc).", shouldDisplay: false)

    func run() {
        print(Self.sections())
    }

    static func sections() -> String {
        var lines: [String] = [".Sh KEYS", "Press ? in the browser for the keys of the current mode."]
        for section in KeyTable().sections() {
            lines += [".Ss \(quoted(section.title))", ".Bl -tag -width Ds"]
            for binding in section.bindings {
                lines += [".It \(quoted(binding.keyLabel))", escape(binding.help)]
            }
            lines.append(".El")
        }
        lines += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for (name, text) in environment {
            lines += [".It Ev \(name)", escape(text)]
        }
        lines += [".El", ".Sh FILES", ".Bl -tag -width Ds",
                  ".It Pa $XDG_CONFIG_HOME/ghscroll/config.toml",
                  "Defaults set once (else under ~/.config): per-page, prefetch, max-items, layout (compact or comfortable), cache, cache-size, max-age, "
                      + "colors (true or false) and a [keys] table of action = [keys] (ghscroll keys --actions names the actions). "
                      + "Options on the command line win. make install puts an example with every setting and key, "
                      + "each explained, in share/doc/ghscroll/config.toml under its prefix.",
                  ".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds",
                  ".It 0", "Done.", ".It 1", "An error (GitHub could not be reached, a bad configuration file, …).",
                  ".It 64", "A usage error (an unknown option, a bad value).",
                  ".It 128+N", "Ended by signal N (130 for SIGINT, 143 for SIGTERM).", ".El"]
        return lines.joined(separator: "\n")
    }

    static let environment: [(String, String)] = [
        ("GH_TOKEN", "A token for github.com (else GITHUB_TOKEN). Never printed or logged."),
        ("GITHUB_TOKEN", "A token, when GH_TOKEN is not set."),
        ("GH_ENTERPRISE_TOKEN", "A token for a GitHub Enterprise host, tried before GH_TOKEN for such a host (else GITHUB_ENTERPRISE_TOKEN)."),
        ("GITHUB_ENTERPRISE_TOKEN", "A token for a GitHub Enterprise host, when GH_ENTERPRISE_TOKEN is not set."),
        ("GH_HOST", "The host when neither --api-url nor GITHUB_API_URL is given: github.com, or an Enterprise host (its API is https://HOST/api/v3)."),
        ("GITHUB_API_URL", "The API base URL, when --api-url is not given."),
        ("NO_COLOR", "Draw no colours."),
        ("BROWSER", "The program o opens profiles with (else xdg-open)."),
        ("XDG_CONFIG_HOME", "Where ghscroll/config.toml is (else ~/.config)."),
    ]

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

import Foundation
import Platform

/// The gh CLI's stored login: `gh auth token --hostname HOST`, when `gh` is on `PATH`.
///
/// The token is read from its standard output and never goes anywhere else. A missing `gh`, a
/// host it has no login for, an error or a slow answer all mean "no token", silently.
public enum GHCLI {
    /// gh's token for `host`, or nil. Waits at most `timeout` for gh.
    public static func token(hostname host: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                             timeout: Duration = .seconds(3)) -> String? {
        guard let gh = PathLookup.executable("gh", path: environment["PATH"] ?? ""),
              let output = ChildProcess.capture([gh, "auth", "token", "--hostname", host], environment: environment,
                                                timeout: timeout)
        else { return nil }
        let token = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A token is one printable word; anything else is not one.
        guard !token.isEmpty, token.count < 1_000, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return token
    }
}

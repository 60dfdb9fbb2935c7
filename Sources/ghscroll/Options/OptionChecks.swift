import Foundation
import GitHubAPI

/// Checks of values from the command line and the environment that say what is wrong, where
/// the parser or the client would only say that something is.
enum OptionChecks {
    /// The largest `--cache-size` (and `cache-size` in the configuration file): 1 TiB, in MiB.
    static let maxCacheSizeMiB = 1_048_576

    /// What makes `text` unusable as the API's base URL, in one line that names where it came
    /// from (`--api-url`, `GITHUB_API_URL`); nil when it is usable.
    static func apiURLProblem(_ text: String, name: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let example = "for example https://api.github.com or https://HOST/api/v3"
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return "\(name) must start with http:// or https://, \(example) (got '\(text)')"
        }
        guard let components = URLComponents(string: trimmed) else {
            return "\(name) is not a valid URL, \(example) (got '\(text)')"
        }
        guard let host = components.host, !host.isEmpty else {
            return "\(name) names no host, \(example) (got '\(text)')"
        }
        guard components.query == nil, components.fragment == nil else {
            return "\(name) is the API's root, without ? or #, \(example) (got '\(text)')"
        }
        guard (try? GitHubConfiguration.parseBaseURL(trimmed)) != nil else {
            return "\(name) is not a valid URL, \(example) (got '\(text)')"
        }
        return nil
    }

    /// `path` from the current directory when it is relative (`--cache r.sqlite`), so that the
    /// cache's folder is never the empty string.
    static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let current = FileManager.default.currentDirectoryPath
        return current.hasSuffix("/") ? current + path : current + "/" + path
    }
}

import Foundation
import GitHubAPI

/// Checks of values from the command line and the environment that say what is wrong, where
/// the parser or the client would only say that something is.
enum OptionChecks {
    /// The largest `--cache-size` (and `cache-size` in the configuration file): 1 TiB, in MiB.
    static let maxCacheSizeMiB = 1_048_576
}

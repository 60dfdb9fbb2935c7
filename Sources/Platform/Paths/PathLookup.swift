import Foundation

/// Finding a program the way a shell does: the first executable file of that name in the
/// directories of a `PATH` value.
public enum PathLookup {
    /// The full path of the first executable `name` in `path` (directories separated by `:`,
    /// empty ones skipped), or nil when there is none.
    public static func executable(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the history is kept across runs and how it is read and written.
///
/// The file is plain text, one command a line, oldest first, readable and writable by its owner
/// alone. Reading never fails (a file that cannot be read is an empty history); writing replaces
/// the whole file at once, so another run or a crash sees the old history or the new, never half.
package enum HistoryFile {
    /// `$XDG_STATE_HOME/ghscroll/history` when XDG_STATE_HOME is an absolute path, else `$HOME/.local/state/ghscroll/history`; nil with neither.
    package static func defaultPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") { return withoutTrailingSlash(base) + "/ghscroll/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return withoutTrailingSlash(home) + "/.local/state/ghscroll/history"
    }

    /// The history in the file at `path`: [] when it is missing, unreadable or not text; one entry per line (invalid UTF-8 lines and blank lines skipped), through `CommandHistory.init` (so the cap, the repeats and tokens are applied again to a hand-edited file).
    ///
    /// A file with a NUL byte in it is not text.
    package static func load(path: String) -> CommandHistory {
        guard let data = FileManager.default.contents(atPath: path), !data.contains(0) else { return CommandHistory() }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { bytes -> String? in
            let line = String(decoding: bytes, as: UTF8.self)
            // Decoding puts U+FFFD in place of bad bytes: a line that does not read back the same was not UTF-8.
            return line.utf8.elementsEqual(bytes) ? line : nil
        }
        return CommandHistory(lines)
    }

    /// Writes `history` to `path`, one entry per line: creates the missing directories with mode 0700; the file has mode 0600 whatever the umask (write a temporary file in the same directory created with 0600, then rename it over the old one, so a crash never leaves half a file). Throws on failure (a read-only directory): the caller shows one warning.
    static func save(_ history: CommandHistory, path: String) throws {
        let directory = parent(of: path)
        try makeDirectories(directory)
        var text = history.entries.joined(separator: "\n")
        if !text.isEmpty { text += "\n" }
        let temporary = directory + "/.history-\(getpid())-\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SaveFailure(path: temporary, code: errno) }
        var written = false
        defer {
            if !written { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            // The umask may have taken bits off 0600 at creation; set it exactly.
            guard fchmod(descriptor, 0o600) == 0 else { throw SaveFailure(path: temporary, code: errno) }
            try writeAll(Array(text.utf8), to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw SaveFailure(path: temporary, code: errno) }
        }
        guard rename(temporary, path) == 0 else { throw SaveFailure(path: path, code: errno) }
        written = true
    }

    /// Adds `line` to the history in the file at `path` as it is now (as ``CommandHistory/add(_:)``
    /// does: the cap, no repeat in a row, never a token), and writes it back. Two runs at once each
    /// keep what they add: the one that writes last adds to what the other wrote, not to what the
    /// file held when it started. The read and the write happen under an exclusive lock on the
    /// file's directory, so another run's read and write never come between them. Throws as
    /// ``save(_:path:)`` does.
    package static func add(_ line: String, path: String) throws {
        let directory = parent(of: path)
        try makeDirectories(directory)
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw SaveFailure(path: directory, code: errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SaveFailure(path: directory, code: errno) }
        }
        var history = load(path: path)
        guard history.add(line) else { return }
        try save(history, path: path)
    }

    /// Why a save failed, in one line for the warning: the file and the system's reason.
    struct SaveFailure: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes every byte of `bytes`, trying again after an interruption or a short write.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SaveFailure(path: path, code: errno)
            }
            offset += count
        }
    }

    /// Makes `directory` and whichever of its parents are missing, each with mode 0700.
    private static func makeDirectories(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw SaveFailure(path: directory, code: ENOTDIR) }
            return
        }
        let above = parent(of: directory)
        if above != directory { try makeDirectories(above) }
        guard mkdir(directory, 0o700) == 0 else {
            // Another run may have made it a moment ago: that one is as good, and left as it is.
            if errno == EEXIST { return }
            throw SaveFailure(path: directory, code: errno)
        }
        // The umask may have taken bits off 0700.
        guard chmod(directory, 0o700) == 0 else { throw SaveFailure(path: directory, code: errno) }
    }

    /// The directory `path` is in: "." for a bare name, "/" for a name at the root.
    static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlash(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let head = withoutTrailingSlash(String(trimmed[..<slash]))
        return head.isEmpty ? "/" : head
    }

    /// `path` without the slashes at its end, unless it is all slashes.
    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

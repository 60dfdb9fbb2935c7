import Foundation
import Logging
import Synchronization

/// A swift-log handler that appends lines to a file (never the terminal the UI draws on).
struct FileLogHandler: LogHandler {
    private final class Sink: Sendable {
        let handle: Mutex<FileHandle>
        init(_ handle: FileHandle) { self.handle = Mutex(handle) }
    }

    private let sink: Sink
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw ValidationErrorText("cannot create the log file \(path)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationErrorText("cannot write the log file \(path)")
        }
        handle.seekToEndOfFile()
        sink = Sink(handle)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // (Foundation's own format style: an ISO8601DateFormatter opened an ICU formatter for
        // each line, 400,000 instructions of a request's three lines.)
        let stamp = Date().formatted(.iso8601)
        let line = "\(stamp) \(event.level) \(event.message)\n"
        sink.handle.withLock { $0.write(Data(line.utf8)) }
    }
}

struct ValidationErrorText: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

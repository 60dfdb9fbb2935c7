import Foundation

extension ChildProcess {
    /// Runs `arguments` to its end and returns what it printed on standard output, or nil when
    /// it could not start, failed (a signal or a non-zero exit), printed more than `limit` bytes,
    /// or did not finish within `timeout` (it is then killed). Blocks the calling thread.
    public static func capture(_ arguments: [String], environment: [String: String]? = nil,
                               timeout: Duration, limit: Int = 64 * 1_024) -> [UInt8]? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let started = try? start(arguments, environment: environment, output: .descriptor(writeEnd), closing: [readEnd])
        close(writeEnd)
        guard let pid = started else { return nil }
        let deadline = ContinuousClock.now + timeout
        let output = readAll(readEnd, until: deadline, limit: limit)
        // Reap it; one still running at the deadline is stopped.
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitForExit(pid)
                return nil
            }
            usleep(2_000)
        }
        guard let output, ExitStatus(waitStatus: status).succeeded else { return nil }
        return output
    }

    /// Everything a pipe gives until it closes, or nil when `deadline` passes first or it gives
    /// more than `limit` bytes.
    private static func readAll(_ fd: Int32, until deadline: ContinuousClock.Instant, limit: Int) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if ready == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { return output }
            output += buffer[..<count]
            if output.count > limit { return nil }
        }
    }
}

import Foundation

/// The gh CLI's stored login: `gh auth token --hostname HOST`, when `gh` is on `PATH`.
///
/// The token is read from its standard output and never goes anywhere else. A missing `gh`, a
/// host it has no login for, an error or a slow answer all mean "no token", silently.
public enum GHCLI {
    /// gh's token for `host`, or nil. Waits at most `timeout` for gh.
    public static func token(hostname host: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                             timeout: Duration = .seconds(3)) -> String? {
        guard let gh = executable("gh", path: environment["PATH"] ?? "") else { return nil }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let arguments = [gh, "auth", "token", "--hostname", host]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, gh, &actions, &attributes, argv, envp)
        close(writeEnd)
        guard code == 0 else { return nil }
        let deadline = ContinuousClock.now + timeout
        let output = readAll(readEnd, until: deadline)
        // Reap it; one still running at the deadline is stopped.
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                return nil
            }
            usleep(2_000)
        }
        guard let output, status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
        let token = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A token is one printable word; anything else is not one.
        guard !token.isEmpty, token.count < 1_000, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return token
    }

    /// Everything a pipe gives until it closes, or nil when `deadline` passes first.
    private static func readAll(_ fd: Int32, until deadline: ContinuousClock.Instant) -> [UInt8]? {
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
            if output.count > 64 * 1_024 { return nil }
        }
    }

    static func executable(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

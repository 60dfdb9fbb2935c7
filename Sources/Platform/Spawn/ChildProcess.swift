import Foundation

/// Starts a program as a child with a clean start: its standard input on `/dev/null`, its output
/// and error where the caller says (`/dev/null` by default), no signal blocked and every handler
/// the default. A thread of Swift's concurrency pool blocks every signal and a child would inherit
/// that (a browser or a tmux server that ignores SIGTERM, say), as it would through Foundation's
/// `Process`. Foundation's `Process` is not used for another reason too: on Linux it learns that a
/// child exited from a socket the child inherits, so a child that leaves a daemon behind is never
/// reaped. The caller waits with `waitpid` (`waitForExit`, `exitStatusIfExited`).
public enum ChildProcess {
    /// Why a program could not be started.
    public struct StartFailed: Error, CustomStringConvertible {
        public let program: String
        public let code: Int32
        public var description: String { "could not run \(program): \(String(cString: strerror(code)))" }
    }

    /// Where one of the child's output streams goes.
    public enum Output: Sendable {
        /// A file, created or emptied.
        case file(String)
        /// A descriptor of this process (the write end of a pipe, say), duplicated onto the stream.
        case descriptor(Int32)
    }

    /// Starts `arguments[0]` (looked up in `PATH` unless it names a path) with the rest as its
    /// arguments, and returns its process id for the caller to wait for. `environment` nil is
    /// this process's own. Output files are created or emptied. `newProcessGroup` keeps it out
    /// of this terminal's job: no signal meant for it (Ctrl-C, Ctrl-Z) reaches the child.
    public static func start(_ arguments: [String], environment: [String: String]? = nil,
                             stdout: String = "/dev/null", stderr: String = "/dev/null",
                             newProcessGroup: Bool = false) throws(StartFailed) -> pid_t {
        try start(arguments, environment: environment, output: .file(stdout), errors: .file(stderr),
                  newProcessGroup: newProcessGroup)
    }

    /// Starts `arguments[0]` as `start(_:environment:stdout:stderr:newProcessGroup:)` does, with
    /// its output and error sent where given; `closing` lists descriptors the child must not keep
    /// (the read end of a pipe whose write end is its output, so that the reader sees the end).
    public static func start(_ arguments: [String], environment: [String: String]? = nil,
                             output: Output, errors: Output = .file("/dev/null"), closing: [Int32] = [],
                             newProcessGroup: Bool = false) throws(StartFailed) -> pid_t {
        guard let program = arguments.first else { throw StartFailed(program: "", code: EINVAL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (stream, target) in [(Int32(1), output), (Int32(2), errors)] {
            switch target {
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, stream, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, stream)
            }
        }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var pid: pid_t = 0
        let code = envp.map { envp in posix_spawnp(&pid, program, &actions, &attributes, argv, envp) }
            ?? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard code == 0 else { throw StartFailed(program: program, code: code) }
        return pid
    }
}

import Foundation

/// Starts a program as a child with a clean start: its standard input, output and error on the
/// files named (`/dev/null` by default), no signal blocked and every handler the default. A
/// thread of Swift's concurrency pool blocks every signal and a child would inherit that (a
/// browser or a tmux server that ignores SIGTERM, say), as it would through Foundation's `Process`.
package enum ChildProcess {
    /// Why a program could not be started.
    package struct StartFailed: Error, CustomStringConvertible {
        package let program: String
        package let code: Int32
        package var description: String { "could not run \(program): \(String(cString: strerror(code)))" }
    }

    /// Starts `arguments[0]` (looked up in `PATH` unless it names a path) with the rest as its
    /// arguments, and returns its process id for the caller to wait for. `environment` nil is
    /// this process's own. Output files are created or emptied. `newProcessGroup` keeps it out
    /// of this terminal's job: no signal meant for it (Ctrl-C, Ctrl-Z) reaches the child.
    package static func start(_ arguments: [String], environment: [String: String]? = nil,
                             stdout: String = "/dev/null", stderr: String = "/dev/null",
                             newProcessGroup: Bool = false) throws(StartFailed) -> pid_t {
        guard let program = arguments.first else { throw StartFailed(program: "", code: EINVAL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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

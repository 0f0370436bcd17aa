import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A helper program of the tests, started with `posix_spawn` and waited for with `waitpid`.
///
/// Not Foundation's `Process`: it notices that a child exited through descriptors every child
/// inherits, so Chromium's helper processes, which outlive the browser, kept its
/// `waitUntilExit()` waiting. The program is also started through a shell that closes every
/// descriptor above standard error first, so that the web server, which runs through the whole
/// test, holds none of the descriptors with which other tests' `Process`es notice their exits.
public struct ChildProcess: Sendable {
    private let pid: pid_t

    /// Starts `executable` with `arguments`, its standard output going to the file at `output`.
    public init(_ executable: String, _ arguments: [String], output: String) throws {
        let closeAndRun = """
            for fd in /dev/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec "$@"
            """
        let argv = (["/bin/bash", "-c", closeAndRun, "launcher", executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil  // an opaque pointer on Darwin
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test's thread may block signals, and a child inherits the mask: unblock them all
        // and restore SIGTERM's default, so that `terminate()` ends the program.
        #if canImport(Darwin)
            var attributes: posix_spawnattr_t? = nil
        #else
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): error \(status)"])
        }
        self.pid = pid
    }

    /// The first of the programs named that is on `PATH`, as a path.
    public static func find(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in names where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }

    /// Waits for the program to exit.
    public func wait() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    /// Ends the program and waits for it to exit.
    public func terminate() {
        kill(pid, SIGTERM)
        wait()
    }
}

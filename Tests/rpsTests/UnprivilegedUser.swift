import Foundation
import TestHelpers
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A user without privileges, for the tests where permissions matter: the superuser may write a
/// read-only file, so such a test runs `rps` as someone who may not.
///
/// When the tests run as an ordinary user, that user is it. When they run as root, `rps` is
/// launched through `setpriv` (or `runuser`) as `nobody` (uid and gid 65534), in directories
/// handed to `nobody`. Without either tool, the tests that need it are skipped with a message.
enum UnprivilegedUser {
    /// The user id `rps` runs as.
    static var uid: uid_t { isRoot ? 65534 : getuid() }
    /// The group id `rps` runs as.
    static var gid: gid_t { isRoot ? 65534 : getgid() }

    private static var isRoot: Bool { geteuid() == 0 }

    /// The command that runs a program as the user, before the program's path: empty when the
    /// tests already run unprivileged, `nil` when there is no way to drop privileges.
    static var launcher: [String]? {
        guard isRoot else { return [] }
        let manager = FileManager.default
        if manager.isExecutableFile(atPath: "/usr/bin/setpriv") {
            return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        }
        for path in ["/usr/sbin/runuser", "/sbin/runuser"] where manager.isExecutableFile(atPath: path) {
            return [path, "-u", "nobody", "--"]
        }
        return nil
    }

    /// Whether `rps` can be run unprivileged here.
    static var isAvailable: Bool { launcher != nil }

    /// Why the tests that need it are skipped.
    static let unavailableReason: Comment =
        "the tests run as root and neither setpriv nor runuser is installed to run rps as an unprivileged user"

    /// A directory the user owns, inside the sandbox.
    ///
    /// - Parameters:
    ///   - name: The directory's name.
    ///   - sandbox: The test's temporary directory.
    /// - Returns: The directory's URL.
    /// - Throws: If it cannot be created or handed over.
    static func directory(_ name: String, in sandbox: TemporaryDirectory) throws -> URL {
        let url = sandbox.file(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try handOver(url)
        return url
    }

    /// Gives a file or directory to the user.
    ///
    /// - Parameter url: What to hand over.
    /// - Throws: If `chown` fails.
    static func handOver(_ url: URL) throws {
        guard chown(url.path, uid, gid) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}

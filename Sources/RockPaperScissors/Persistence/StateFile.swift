import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The JSON file that keeps the score history and the settings between runs.
///
/// ```swift
/// let file = StateFile.resolve(explicitPath: nil, environment: ProcessInfo.processInfo.environment)
/// let store = RockPaperScissorsApp.makeStore(initialState: try file.loadAppState())
/// // … play …
/// try file.save(store.state)
/// ```
///
/// - A missing file is a fresh start.
/// - A file that cannot be read, is not a valid state file, or was written in a newer format
///   raises a ``StateFileError`` naming it; the file is never changed by a failed load, and a
///   program that stops on the error never overwrites it.
/// - Saving is atomic: the new contents go to a temporary file in the same directory, are
///   flushed to disk, and then replace the old file in one `rename`. A reader sees the old file
///   or the new one, never half of either.
public struct StateFile: Sendable {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "RPS_STATE_FILE"

    /// Where the file lives.
    public let url: URL

    /// Names the file.
    ///
    /// - Parameter url: A file URL.
    public init(url: URL) {
        self.url = url
    }

    /// The file's path.
    public var path: String { url.path }

    /// Decides which file to use: the explicit path, else `$RPS_STATE_FILE`, else
    /// `$XDG_DATA_HOME/rps/state.json`, else `~/.local/share/rps/state.json`.
    ///
    /// Empty values are ignored, and so is a relative `XDG_DATA_HOME`, as the XDG Base Directory
    /// specification asks. Relative paths are taken from the current directory.
    ///
    /// - Parameters:
    ///   - explicitPath: The `--state-file` argument, if given.
    ///   - environment: The process environment.
    /// - Returns: The state file.
    public static func resolve(explicitPath: String?, environment: [String: String]) -> StateFile {
        if let path = explicitPath ?? nonEmpty(environment[environmentVariable]) {
            return StateFile(url: URL(fileURLWithPath: path))
        }
        let dataHome: URL
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = nonEmpty(environment["HOME"]) {
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        } else {
            dataHome = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        }
        return StateFile(url: dataHome.appendingPathComponent("rps/state.json"))
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// Reads the saved state.
    ///
    /// - Returns: The saved state, or `nil` when there is no file yet.
    /// - Throws: ``StateFileError/unreadable(path:reason:)``, ``StateFileError/corrupt(path:reason:)``
    ///   or ``StateFileError/newerFormat(path:found:supported:)``.
    /// - Complexity: O(*n*) for *n* saved rounds.
    public func load() throws(StateFileError) -> PersistedState? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            throw .unreadable(path: path, reason: "it is a directory")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try StateFileFormat.decode(data, path: path)
    }

    /// Reads the saved state into an app state with a fresh round; a fresh state when there is
    /// no file yet.
    ///
    /// - Returns: The app state to start from.
    /// - Throws: What ``load()`` throws.
    public func loadAppState() throws(StateFileError) -> AppState {
        try load()?.appState ?? AppState()
    }

    /// Saves the score history and the settings of an app state, atomically.
    ///
    /// Creates the file's directory if needed.
    ///
    /// - Parameter state: The state to save.
    /// - Throws: ``StateFileError/unwritable(path:reason:)``; the previous file is then unchanged.
    /// - Complexity: O(*n*) for *n* rounds in the history.
    public func save(_ state: AppState) throws(StateFileError) {
        try save(state, replacing: { rename($0, $1) })
    }

    /// ``save(_:)`` with its last step given: `replace` moves the written and flushed temporary
    /// file over the state file, as `rename(2)` does, returning 0 or -1 with `errno` set.
    ///
    /// The seam lets this package's tests make the replacement fail and check that the old file
    /// survives it untouched and that no temporary file is left behind.
    ///
    /// - Parameters:
    ///   - state: The state to save.
    ///   - replace: Takes the temporary file's path and the state file's path.
    /// - Throws: ``StateFileError/unwritable(path:reason:)``; the previous file is then unchanged.
    package func save(
        _ state: AppState, replacing replace: (_ temporary: String, _ destination: String) -> Int32
    ) throws(StateFileError) {
        let data = try StateFileFormat.encode(PersistedState(state), path: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try writeAndFlush(data, to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
        guard replace(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritable(path: path, reason: reason)
        }
    }

    /// Writes the data to a new file and flushes it to disk.
    ///
    /// POSIX calls rather than `FileHandle.write(contentsOf:)` and `synchronize()`, which need
    /// macOS 10.15.4 / iOS 13.4.
    private func writeAndFlush(_ data: Data, to temporary: URL) throws {
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.posixError(path: temporary.path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.posixError(path: temporary.path)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw Self.posixError(path: temporary.path) }
    }

    /// The current `errno` as an error whose description names the file.
    private static func posixError(path: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(path): \(String(cString: strerror(errno)))",
            ])
    }
}

import Foundation
import MultiRedux
import ReduxPersistence
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Keeps the small app's store in the file for one command: restores it, lets `body` dispatch,
/// and closes, folding the journal into the snapshot.
///
/// - Returns: The store's state at the end.
@discardableResult
func keep(in file: StateFile, _ body: (Store<AppState>) -> Void = { _ in }) throws -> AppState {
    let store = makeStore()
    let persistence = try file.persist(store)
    body(store)
    try persistence.close()
    return store.state
}

/// Saves the volume in the file and returns the file's bytes.
@discardableResult
func saveVolume(_ level: Int, in file: StateFile) throws -> Data {
    try keep(in: file) { $0.dispatch(SetVolume(level: level)) }
    return try Data(contentsOf: file.url)
}

/// What a reader restores from the file.
func restored(from file: StateFile) throws -> AppState {
    let store = makeStore()
    try file.restore(store)
    return store.state
}

/// The journal that goes on from the snapshot of the given generation, beside `state.json`.
func journal(_ generation: Int, in directory: URL) -> URL {
    directory.appendingPathComponent(".state.json.\(generation).journal")
}

/// The status of a path itself, not of what a link leads to.
func linkStatus(_ path: String) throws -> stat {
    var status = stat()
    try #require(lstat(path, &status) == 0, "lstat \(path)")
    return status
}

/// The permission bits of the file a path leads to.
func mode(_ path: String) throws -> mode_t {
    var status = stat()
    try #require(stat(path, &status) == 0, "stat \(path)")
    return status.st_mode & 0o777
}

/// The file's inode number: it changes when a file is replaced, not when it is rewritten.
func fileNumber(_ url: URL) throws -> UInt64 {
    var status = stat()
    try #require(stat(url.path, &status) == 0, "stat \(url.path)")
    return UInt64(status.st_ino)
}

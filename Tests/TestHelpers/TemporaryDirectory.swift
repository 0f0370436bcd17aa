import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the value is deallocated.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    ///
    /// - Throws: What `FileManager` throws when it cannot create the directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("multiredux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    ///
    /// - Parameter name: A relative path.
    /// - Returns: The URL of `name` inside the directory.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names of the entries directly inside the directory, sorted.
    public var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}

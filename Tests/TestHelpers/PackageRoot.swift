import Foundation

/// The package's root directory, where `Package.swift` is: the tests that read the package's
/// own files (its pages, its sources, the built documentation site) find them from here.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

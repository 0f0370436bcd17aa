import Foundation

/// Where SwiftPM put what it built for the running tests: the directory of the test executable
/// (on Apple platforms, of the `.xctest` bundle), next to which are the executables and modules.
public enum BuildProducts {
    /// The products directory: the parent of the `.xctest` bundle on Apple platforms, the
    /// directory of the test executable elsewhere.
    public static var directory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }
}

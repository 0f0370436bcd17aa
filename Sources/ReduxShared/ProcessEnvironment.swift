#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// What the process was started with, read without Foundation (the core layers do not import it).
package enum ProcessEnvironment {
    /// Whether Xcode runs this process to render previews: it sets `XCODE_RUNNING_FOR_PREVIEWS=1`.
    /// Read once.
    package static let isRunningForPreviews: Bool = {
        guard let value = getenv("XCODE_RUNNING_FOR_PREVIEWS") else { return false }
        return String(cString: value) == "1"
    }()
}

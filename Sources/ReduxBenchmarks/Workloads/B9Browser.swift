import Foundation

/// Headless Chromium, when it is installed: B9 loads the inspector's page in it to measure the
/// browser's share of opening a session (the page parsed, its requests, the list drawn).
struct HeadlessBrowser {
    /// The browser's executable.
    let executable: URL

    /// The first of Chromium's usual names found on `PATH`; nil when none is, and on the
    /// platforms without processes (iOS, tvOS, watchOS).
    static func find() -> HeadlessBrowser? {
        #if os(macOS) || os(Linux)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                for directory in path.split(separator: ":") {
                    let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                    if FileManager.default.isExecutableFile(atPath: candidate.path) {
                        return HeadlessBrowser(executable: candidate)
                    }
                }
            }
        #endif
        return nil
    }

    /// Starts the browser with a fresh profile, loads `url`, lets its scripts and requests
    /// finish, and returns the DOM they left.
    func dumpDOM(_ url: String) -> String {
        #if os(macOS) || os(Linux)
            let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "B9-chromium-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: profile) }
            let process = Process()
            process.executableURL = executable
            // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start. Virtual time
            // only runs ahead while the page is idle: the requests and drawing take their real time.
            process.arguments = [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
                "--virtual-time-budget=15000", "--window-size=1280,900", "--dump-dom", url,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                preconditionFailure("B9: \(executable.path) did not start: \(error)")
            }
            let dom = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: dom, as: UTF8.self)
        #else
            preconditionFailure("B9: no processes on this platform; find() returns nil here")
        #endif
    }
}

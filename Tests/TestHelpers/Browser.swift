import Foundation

/// Headless Chromium, for the tests that check a page in a real browser (the documentation
/// site, the inspector).
///
/// Those tests run when Chromium is installed and are skipped with a message otherwise; `.ci/run`
/// installs it and sets `MULTIREDUX_REQUIRE_DOCS_SITE=1`, so in CI a missing browser fails
/// instead of skipping.
public enum Browser {
    /// The browser's executable, found on `PATH`.
    public static let executable = ChildProcess.find(["chromium", "chromium-browser", "google-chrome"])

    /// Whether a missing browser fails the tests instead of skipping them (set by `.ci/run`).
    public static let isRequired = ProcessInfo.processInfo.environment["MULTIREDUX_REQUIRE_DOCS_SITE"] == "1"

    /// Why the browser tests cannot run, if they cannot.
    public static var missing: String? {
        executable == nil
            ? "Chromium is not installed: install it (`sudo apt-get install chromium` on Debian) to check pages in "
                + "a browser" : nil
    }

    /// Loads a page, lets its scripts run, and returns the DOM they left, serialised.
    ///
    /// - Parameters:
    ///   - url: The page.
    ///   - width: The window's width in pixels.
    ///   - height: The window's height in pixels.
    /// - Returns: The DOM as HTML.
    /// - Throws: If the browser cannot be started or wrote nothing.
    public static func dumpDOM(_ url: URL, width: Int = 1280, height: Int = 900) throws -> String {
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: dump) }
        try run(["--dump-dom", url.absoluteString], width: width, height: height, output: dump.path)
        return try String(contentsOf: dump, encoding: .utf8)
    }

    /// Loads a page, lets its scripts run, and saves what the window shows as a PNG image.
    ///
    /// - Parameters:
    ///   - url: The page.
    ///   - file: The image to write.
    ///   - width: The window's width in pixels.
    ///   - height: The window's height in pixels.
    /// - Throws: If the browser cannot be started.
    public static func screenshot(_ url: URL, to file: URL, width: Int, height: Int) throws {
        try run(
            ["--hide-scrollbars", "--screenshot=\(file.path)", url.absoluteString], width: width, height: height,
            output: "/dev/null")
    }

    /// Runs the browser headless with a fresh profile and a window of the given size, and waits
    /// for it to end.
    private static func run(_ arguments: [String], width: Int, height: Int, output: String) throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        let browser = try ChildProcess(
            executable!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
                "--virtual-time-budget=15000", "--window-size=\(width),\(height)",
            ] + arguments, output: output)
        browser.wait()
    }
}

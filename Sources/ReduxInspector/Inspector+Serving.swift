public import Foundation

extension Inspector {
    /// Serves the inspector's page on 127.0.0.1 until the input says to stop: what a small
    /// inspector program (`rps inspect`) runs.
    ///
    /// ```swift
    /// try inspector.serve(announcing: { print("Open \($0)") }, untilQuitFrom: { readLine() })
    /// ```
    ///
    /// - Parameters:
    ///   - port: The port; 0 (the default) for a free one.
    ///   - announce: Told the page's address once the server listens.
    ///   - readLine: Reads a line of input; serving stops at the end of the input (nil) or a
    ///     line `q` or `quit`, and the server is stopped before this returns.
    /// - Throws: What ``InspectorServer/init(_:host:port:)`` throws: the port is taken, say.
    public func serve(
        port: UInt16 = 0, announcing announce: (URL) -> Void, untilQuitFrom readLine: () -> String?
    ) throws(InspectorError) {
        let server = try InspectorServer(self, port: port)
        defer { server.stop() }
        announce(server.url)
        while let line = readLine(), !["q", "quit"].contains(line.trimmingCharacters(in: .whitespaces).lowercased()) {}
    }
}

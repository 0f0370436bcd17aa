public import Foundation
public import ReduxStore
import ReduxTimeTravel

/// What a small inspector program (`rps inspect`) does: open a recorded session, then write its
/// page as one file or serve it until the person at the terminal stops it.
extension Inspector {
    /// Writes the page as one HTML file (``writeHTML(to:embeddingStatesUpTo:)``), or serves it
    /// on 127.0.0.1 until the input says to stop, saying what it does as it goes.
    ///
    /// ```swift
    /// try inspector.run(writingHTMLTo: nil, naming: "the session", say: { print($0) }, readLine: { readLine() })
    /// // Inspecting the session (41 actions) at http://127.0.0.1:52817/
    /// ```
    ///
    /// - Parameters:
    ///   - htmlPath: The file to write the page to; nil to serve it.
    ///   - port: The port to serve on; 0 (the default) for a free one.
    ///   - testSetup: How the page's *Export as test* writes a test of the app's store; nil (the
    ///     default) for a page without it.
    ///   - what: What the session is, for the messages: "the last game".
    ///   - say: Shows a line to the person (the address, "Stopped.").
    ///   - readLine: Reads a line of input; nil at its end.
    /// - Throws: What ``writeHTML(to:embeddingStatesUpTo:)`` and ``serve(port:exportingTestsWith:announcing:untilQuitFrom:)`` throw.
    public func run(
        writingHTMLTo htmlPath: String?, port: UInt16 = 0, exportingTestsWith testSetup: SwiftTestSetup? = nil,
        naming what: String, say: (String) -> Void, readLine: () -> String?
    ) throws(InspectorError) {
        let what = "\(what) (\(count) actions)"
        if let htmlPath {
            try writeHTML(to: htmlPath)
            say("Wrote \(what) to \(htmlPath).")
            return
        }
        try serve(
            port: port, exportingTestsWith: testSetup,
            announcing: { url in
                say("Inspecting \(what) at \(url.absoluteString)")
                say("Open it in a browser; type q and Return, or press Ctrl-C, to stop.")
            }, untilQuitFrom: readLine)
        say("Stopped.")
    }

    /// Serves the inspector's page on 127.0.0.1 until the input says to stop.
    ///
    /// ```swift
    /// try inspector.serve(announcing: { print("Open \($0)") }, untilQuitFrom: { readLine() })
    /// ```
    ///
    /// - Parameters:
    ///   - port: The port; 0 (the default) for a free one.
    ///   - testSetup: How the page's *Export as test* writes a test of the app's store; nil (the
    ///     default) for a page without it.
    ///   - announce: Told the page's address once the server listens.
    ///   - readLine: Reads a line of input; serving stops at the end of the input (nil) or a
    ///     line `q` or `quit`, and the server is stopped before this returns.
    /// - Throws: What ``InspectorServer/init(_:host:port:testSetup:)`` throws: the port is taken, say.
    public func serve(
        port: UInt16 = 0, exportingTestsWith testSetup: SwiftTestSetup? = nil, announcing announce: (URL) -> Void,
        untilQuitFrom readLine: () -> String?
    ) throws(InspectorError) {
        let server = try InspectorServer(self, port: port, testSetup: testSetup)
        defer { server.stop() }
        announce(server.url)
        while let line = readLine(), !["q", "quit"].contains(line.trimmingCharacters(in: .whitespaces).lowercased()) {}
    }
}

extension Inspector where Root: Codable {
    /// Opens a recorded session from the bytes of its file (``SessionRecording``), reading the
    /// actions the app's features record.
    ///
    /// - Parameters:
    ///   - contents: The file's bytes.
    ///   - path: What the messages call the file.
    ///   - checkpointInterval: How many entries apart the inspector keeps a state.
    ///   - makeStore: Makes a store of the app's own features starting from a state.
    /// - Throws: What ``SessionRecording/init(reading:from:actions:)`` throws.
    /// - Complexity: O(size of the file).
    public convenience init(
        recordingFile contents: [UInt8], from path: String, checkpointInterval: Int = 256,
        makeStore: @escaping @Sendable (Root) -> Store<Root>
    ) throws(InspectorError) {
        let start = try SessionRecording<Root>.start(in: contents, from: path)
        let recording = try SessionRecording<Root>(
            start: start, reading: contents, from: path, actions: RecordableActions(makeStore(start)))
        self.init(recording: recording, checkpointInterval: checkpointInterval, makeStore: makeStore)
    }
}

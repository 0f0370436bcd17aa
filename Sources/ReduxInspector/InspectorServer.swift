public import Foundation
internal import ReduxHTTPServer

/// Serves an inspector's page and API on 127.0.0.1, from a background thread.
///
/// ```swift
/// let server = try InspectorServer(inspector)          // a free port
/// print("Open \(server.url)")
/// // …
/// server.stop()
/// ```
///
/// The server listens on the loopback address only: it shows the app's state and accepts edits
/// without authentication, so any other address is refused. It answers its own routes and
/// nothing else (no files), to requests that name its own address (a web page elsewhere cannot
/// reach it through the browser), within bounds: 64 KiB of headers, and a body only where the
/// route takes one (8 MiB for a journal to open, from the page's own origin; 4 KiB elsewhere; 413
/// beyond), judged from the head before the body is read (a refused body is never kept), HTTP/1.x `GET` and `POST` only (405 otherwise), malformed requests 400 (lines that
/// end with a bare line feed included). Each connection serves one request, which must arrive
/// whole within 10 seconds of the connection's opening (408 when it had begun, however steadily
/// its bytes came); at most 256 connections are open, and past that the oldest one not being
/// answered is closed to make room, so clients that send requests slowly hold up no other.
/// Requests are read on one thread and answered on a few others, so a client slow to take a long
/// answer holds up no other request. A test of a range is written one at a time, on a thread of
/// its own, as a job the page starts, follows and can cancel (`POST /api/test`, `GET /api/test`,
/// `POST /api/test/cancel`).
///
/// The socket listens when the initialiser returns, so a client may connect at once. The HTTP
/// server itself is the package's internal `ReduxHTTPServer` target.
public final class InspectorServer: Sendable {
    /// The address of the page: `http://127.0.0.1:<port>/`.
    public let url: URL
    /// The port the server listens on.
    public let port: UInt16

    private let server: HTTPServer
    private let testJobs: SwiftTestJobs

    /// Starts serving an inspector.
    ///
    /// - Parameters:
    ///   - inspector: The session to serve.
    ///   - host: The address to listen on: `127.0.0.1`, the only one accepted.
    ///   - port: The port; 0 (the default) for a free one the system picks.
    ///   - testSetup: What a test generated from the session needs that only the app knows; the
    ///     page's "Export as test" answers that this server cannot generate tests without it.
    /// - Throws: ``InspectorError`` of kind `.addressRefused` for any other host, `.socket` when
    ///   the port cannot be listened on (it is taken, say).
    public init<Root>(
        _ inspector: Inspector<Root>, host: String = "127.0.0.1", port: UInt16 = 0, testSetup: SwiftTestSetup? = nil
    ) throws(InspectorError) {
        guard host == "127.0.0.1" else {
            throw InspectorError(
                .addressRefused,
                "The inspector listens on 127.0.0.1 only, not \(host): it shows the app's state and accepts edits "
                    + "without authentication. To view it from another machine, forward the port (ssh -L).")
        }
        let testJobs = SwiftTestJobs(threadName: "ReduxInspector test writer")
        do {
            server = try HTTPServer(port: port, name: "ReduxInspector") { boundPort in
                InspectorRoutes(inspector: inspector, port: boundPort, testJobs: testJobs, testSetup: testSetup).handler
            }
        } catch {
            throw InspectorError(.socket, error.message)
        }
        self.testJobs = testJobs
        self.port = server.port
        url = URL(string: "http://127.0.0.1:\(server.port)/")!
    }

    /// Stops serving: closes the listening socket and the open connections, and returns when the
    /// serving thread has ended; a test being written is cancelled. Calling it again does nothing.
    public func stop() {
        server.stop()
        _ = testJobs.cancel()
    }
}

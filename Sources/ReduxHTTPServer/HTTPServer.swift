internal import Dispatch
internal import Foundation
internal import ReduxShared

/// A small HTTP/1.1 server on 127.0.0.1: one thread reads requests and writes answers
/// (``ConnectionLoop``), a few others compute the answers (``Responders``), until ``stop()``.
///
/// Within bounds: 64 KiB of headers and 8 MiB of body (413 beyond), HTTP/1.x `GET` and `POST`
/// only (405 otherwise), malformed requests 400 (lines that end with a bare line feed included).
/// Each request is judged from its head (``HTTPHandler/judge``) before its body is read, and the
/// bodies held at once stay within ``Limits/bodyBudget`` (503 with `Retry-After` beyond).
/// Each connection serves one request, which must arrive whole within 10 seconds of the
/// connection's opening (408 when it had begun; closed either way); at most 256 connections are
/// open, and past that the oldest one not being answered is closed to make room (``Limits``). The
/// socket listens when the initialiser returns, so a client may connect
/// at once. ReduxInspector's ``InspectorServer`` is its user; it is not a product.
///
/// - Note: `@unchecked Sendable`: `lock` guards `isStopped`; the listening socket and the
///   connections belong to the serving thread, which closes them when it ends; ``stop()`` wakes
///   it through a pipe and waits for it to end.
package final class HTTPServer: @unchecked Sendable {
    /// The port the server listens on.
    package let port: UInt16

    private let lock = Lock()
    private var isStopped = false
    /// The write end of the pipe that wakes the serving thread to stop.
    private let wakeWrite: Int32
    /// Signalled by the serving thread when it has ended.
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening on 127.0.0.1 and serving.
    ///
    /// - Parameters:
    ///   - port: The port; 0 for a free one the system picks.
    ///   - name: Names the server's threads (`<name> server on port <port>`, `<name> responder …`).
    ///   - limits: The deadlines of a connection and the most connections open at once; the
    ///     defaults unless a test needs shorter ones.
    ///   - makeHandler: Given the port the server listens on, what judges each request from its
    ///     head (on the serving thread) and answers it (on a responder thread); called once, before
    ///     the first request.
    /// - Throws: ``HTTPServerError`` when the port cannot be listened on (it is taken, say) or a
    ///   pipe cannot be made.
    package init(
        port: UInt16, name: String, limits: Limits = Limits(), handler makeHandler: (_ port: UInt16) -> HTTPHandler
    ) throws(HTTPServerError) {
        let (listener, boundPort) = try Socket.openListener(onLoopbackPort: port)
        let wake: (read: Int32, write: Int32)
        let handBack: (read: Int32, write: Int32)
        do {
            wake = try Socket.makeWakePipe()
        } catch {
            Socket.closeDescriptor(listener)
            throw error
        }
        do {
            handBack = try Socket.makeWakePipe()
        } catch {
            for descriptor in [listener, wake.read, wake.write] {
                Socket.closeDescriptor(descriptor)
            }
            throw error
        }
        self.port = boundPort
        wakeWrite = wake.write
        let loop = ConnectionLoop(
            listener: listener, wake: wake.read, handBack: handBack, limits: limits,
            name: "\(name) responder on port \(boundPort)", handler: makeHandler(boundPort))
        let finished = finished
        let thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.name = "\(name) server on port \(boundPort)"
        thread.start()
    }

    /// Starts listening on 127.0.0.1 and serving, admitting every request as cheap work of one
    /// client: for a server whose answers all cost little.
    ///
    /// - Parameters:
    ///   - port: The port; 0 for a free one the system picks.
    ///   - name: Names the server's threads.
    ///   - limits: The deadlines and bounds; the defaults unless a test needs others.
    ///   - makeResponder: Given the port, what answers each request (on the responder threads).
    /// - Throws: ``HTTPServerError`` when the port cannot be listened on or a pipe cannot be made.
    package convenience init(
        port: UInt16, name: String, limits: Limits = Limits(),
        respond makeResponder: (_ port: UInt16) -> @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPServerError) {
        try self.init(port: port, name: name, limits: limits) { boundPort in
            HTTPHandler(judge: { _, _ in .admit(client: "", cost: .cheap) }, respond: makeResponder(boundPort))
        }
    }

    deinit {
        stop()
        Socket.closeDescriptor(wakeWrite)
    }

    /// Stops serving: closes the listening socket and the open connections, and returns when the
    /// serving thread has ended. Calling it again does nothing.
    package func stop() {
        let first = lock.withLock {
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        Socket.wake(wakeWrite)
        finished.wait()
    }
}

/// Why the server could not start: the system's reason, in words.
package struct HTTPServerError: Error, Sendable {
    /// What failed and why, e.g. "Cannot bind to 127.0.0.1:8080: Address already in use (errno 98)."
    package let message: String
}

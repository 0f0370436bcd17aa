import Dispatch

/// The serving thread's loop: accepts connections, reads their requests as bytes arrive (so a
/// connection that sends nothing holds up no other), answers each with one response, and closes
/// it. Owns every descriptor it is given and closes them when it ends.
///
/// - Note: `@unchecked Sendable`: it is handed to the serving thread before that starts and used
///   by that thread only.
final class ConnectionLoop: @unchecked Sendable {
    /// One open connection.
    private struct Connection {
        let descriptor: Int32
        var parser = HTTPRequestParser()
        /// When the connection last sent bytes, in milliseconds of the loop's clock.
        var lastActive: UInt64
        /// Whether the response was sent: what still arrives is read and dropped until the client
        /// closes, so that unread bytes do not make the system reset the connection (and lose the
        /// response) when it is closed.
        var isAnswered = false

        /// How long the connection may stay silent before it is closed.
        var idleLimit: UInt64 { isAnswered ? 2_000 : 10_000 }
    }

    /// How many connections may be open at once; the oldest is closed to make room.
    static let connectionLimit = 64
    /// How long a response may wait for the client to take its bytes, in milliseconds.
    static let writeTimeout: Int32 = 10_000

    private let listener: Int32
    private let wake: Int32
    private let respond: (HTTPRequest) -> HTTPResponse
    private var connections: [Connection] = []

    /// A loop over a listening socket.
    ///
    /// - Parameters:
    ///   - listener: The non-blocking listening socket.
    ///   - wake: The read end of the pipe that ends the loop.
    ///   - respond: Answers a request.
    init(listener: Int32, wake: Int32, respond: @escaping (HTTPRequest) -> HTTPResponse) {
        self.listener = listener
        self.wake = wake
        self.respond = respond
    }

    /// Serves until a byte arrives on the wake pipe, then closes every descriptor.
    func run() {
        defer {
            for connection in connections {
                Socket.closeDescriptor(connection.descriptor)
            }
            connections.removeAll()
            Socket.closeDescriptor(listener)
            Socket.closeDescriptor(wake)
        }
        while true {
            let ready = Socket.waitForInput([wake, listener] + connections.map(\.descriptor), timeout: 1_000)
            if ready[0] { return }
            let now = Self.milliseconds()
            var index = 0
            for isReady in ready.dropFirst(2) {
                if isReady, !read(at: index, now: now) {
                    Socket.closeDescriptor(connections.remove(at: index).descriptor)
                } else {
                    index += 1
                }
            }
            connections.removeAll { connection in
                guard now - connection.lastActive > connection.idleLimit else { return false }
                Socket.closeDescriptor(connection.descriptor)
                return true
            }
            if ready[1] {
                acceptWaiting(now: now)
            }
        }
    }

    /// Takes the connections waiting to be accepted.
    private func acceptWaiting(now: UInt64) {
        while let descriptor = Socket.acceptConnection(listener) {
            if connections.count >= Self.connectionLimit {
                Socket.closeDescriptor(connections.removeFirst().descriptor)
            }
            connections.append(Connection(descriptor: descriptor, lastActive: now))
        }
    }

    /// Reads what the connection at `index` sent, and answers it once its request is whole or
    /// refused.
    ///
    /// - Returns: Whether the connection stays open: its request is not whole yet, or it was
    ///   answered and the client has not closed its side yet.
    private func read(at index: Int, now: UInt64) -> Bool {
        var bytes: [UInt8] = []
        switch Socket.receive(connections[index].descriptor, into: &bytes, limit: 64 * 1024) {
        case .wouldBlock:
            return true
        case .closed:
            return false
        case .bytes:
            connections[index].lastActive = now
            guard !connections[index].isAnswered else { return true }
            let response: HTTPResponse
            switch connections[index].parser.append(bytes) {
            case .incomplete: return true
            case .request(let request): response = respond(request)
            case .rejected(let refusal): response = refusal
            }
            let descriptor = connections[index].descriptor
            guard Socket.writeAll(descriptor, response.serialized, timeout: Self.writeTimeout) else { return false }
            Socket.shutdownWriting(descriptor)
            connections[index].isAnswered = true
            return true
        }
    }

    /// A monotonic clock, in milliseconds.
    private static func milliseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds / 1_000_000
    }
}

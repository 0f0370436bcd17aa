internal import Dispatch
internal import ReduxShared

/// The serving thread's loop: accepts connections, reads their requests as bytes arrive (so a
/// connection that sends nothing holds up no other), hands each whole request to ``Responders``
/// to compute its answer (so a long one holds up no other), writes the answers as each client
/// takes them (so a client slow to read holds up no other), and closes the connections. Owns
/// every descriptor it is given and closes them when it ends.
///
/// - Note: `@unchecked Sendable`: it is handed to the serving thread before that starts and used
///   by that thread only, but for `answers` (guarded by `answersLock`), which the responders
///   fill.
final class ConnectionLoop: @unchecked Sendable {
    /// One open connection.
    private struct Connection {
        /// Where the connection is in its one exchange.
        enum Phase {
            /// Its request is arriving.
            case reading
            /// A responder is computing its answer: the loop neither reads nor times it out.
            case answering
            /// Its answer is being written, from `written` on.
            case writing([UInt8], written: Int)
            /// Its answer was sent: what still arrives is read and dropped until the client
            /// closes, so that unread bytes do not make the system reset the connection (and lose
            /// the answer) when it is closed.
            case answered
        }

        let descriptor: Int32
        var parser = HTTPRequestParser()
        /// When the connection last moved bytes, in milliseconds of the loop's clock.
        var lastActive: UInt64
        var phase = Phase.reading

        /// How long the connection may stay still before it is closed: an answered one 2 s, a
        /// request or an answer that stops moving 10 s.
        var idleLimit: UInt64? {
            switch phase {
            case .reading, .writing: 10_000
            case .answered: 2_000
            case .answering: nil
            }
        }

        /// Whether the loop waits for room to write rather than for bytes to read.
        var isWriting: Bool {
            if case .writing = phase { true } else { false }
        }
    }

    /// How many connections may be open at once; past it, an answered one, or one silent for a
    /// second, is closed to make room, or new ones wait in the listener's backlog.
    static let connectionLimit = 256

    private let listener: Int32
    private let wake: Int32
    private let respond: @Sendable (HTTPRequest) -> HTTPResponse
    private var connections: [Connection] = []
    private let responders: Responders
    /// The pipe a responder writes a byte to when an answer is ready.
    private let handBack: (read: Int32, write: Int32)
    private let answersLock = Lock()
    /// Answers the responders computed, by connection, for the loop to write.
    private var answers: [Int32: [UInt8]] = [:]

    /// A loop over a listening socket.
    ///
    /// - Parameters:
    ///   - listener: The non-blocking listening socket.
    ///   - wake: The read end of the pipe that ends the loop.
    ///   - handBack: A pipe (read and write ends) for responders to wake the loop with.
    ///   - name: What the responders' threads are called.
    ///   - respond: Answers a request; called on a responder's thread.
    init(
        listener: Int32, wake: Int32, handBack: (read: Int32, write: Int32), name: String,
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        self.listener = listener
        self.wake = wake
        self.handBack = handBack
        self.respond = respond
        responders = Responders(name: name)
    }

    /// Serves until a byte arrives on the wake pipe, then closes every descriptor.
    func run() {
        defer {
            responders.stop()
            for connection in connections {
                Socket.closeDescriptor(connection.descriptor)
            }
            connections.removeAll()
            for descriptor in [listener, wake, handBack.read, handBack.write] {
                Socket.closeDescriptor(descriptor)
            }
        }
        while true {
            // A full loop leaves new connections in the listener's backlog until there is room.
            let listening = hasRoom(now: Self.milliseconds()) ? listener : -1
            let waits =
                [(wake, false), (listening, false), (handBack.read, false)]
                + connections.compactMap { connection in
                    if case .answering = connection.phase { return nil }
                    return (connection.descriptor, connection.isWriting)
                }
            let ready = Socket.wait(for: waits, timeout: 1_000)
            if ready[0] { return }
            let now = Self.milliseconds()
            if ready[2] {
                Socket.drain(handBack.read)
                takeAnswers(now: now)
            }
            let readyDescriptors = Set(zip(waits, ready).dropFirst(3).filter(\.1).map(\.0.0))
            var index = 0
            while index < connections.count {
                if readyDescriptors.contains(connections[index].descriptor), !serve(at: index, now: now) {
                    Socket.closeDescriptor(connections.remove(at: index).descriptor)
                } else {
                    index += 1
                }
            }
            connections.removeAll { connection in
                guard let limit = connection.idleLimit, now - connection.lastActive > limit else { return false }
                if case .reading = connection.phase, connection.parser.hasBegun {
                    // A request that stopped arriving (a body shorter than its Content-Length, say).
                    let response = HTTPResponse.error(
                        408,
                        "The request stopped arriving for 10 seconds before it was whole (is its body as long as "
                            + "its Content-Length?); nothing was done.")
                    _ = Socket.sendSome(connection.descriptor, response.serialized[...])
                }
                Socket.closeDescriptor(connection.descriptor)
                return true
            }
            if ready[1] {
                acceptWaiting(now: now)
            }
        }
    }

    /// Takes the connections waiting to be accepted, as long as there is room.
    private func acceptWaiting(now: UInt64) {
        while connections.count < Self.connectionLimit || makeRoom(now: now),
            let descriptor = Socket.acceptConnection(listener)
        {
            connections.append(Connection(descriptor: descriptor, lastActive: now))
        }
    }

    /// Closes a connection to make room for another: one already answered, else one whose request
    /// has not moved for a second (a client holding a connection open); none when every
    /// connection is busy, and the others wait to be accepted.
    ///
    /// - Returns: Whether one was closed.
    private func makeRoom(now: UInt64) -> Bool {
        guard
            let victim = connections.indices.filter({ isEvictable(connections[$0], now: now) })
                .min(by: { connections[$0].lastActive < connections[$1].lastActive })
        else { return false }
        Socket.closeDescriptor(connections.remove(at: victim).descriptor)
        return true
    }

    /// Whether a connection may be closed to make room: it was answered, or its request has not
    /// moved for a second.
    private func isEvictable(_ connection: Connection, now: UInt64) -> Bool {
        switch connection.phase {
        case .answered: true
        case .reading: now - connection.lastActive > 1_000
        case .answering, .writing: false
        }
    }

    /// Whether a connection could be accepted now (so the loop waits for the listener).
    private func hasRoom(now: UInt64) -> Bool {
        connections.count < Self.connectionLimit || connections.contains { isEvictable($0, now: now) }
    }

    /// Moves the answers the responders computed to their connections, to be written.
    private func takeAnswers(now: UInt64) {
        let ready = answersLock.withLock {
            defer { answers.removeAll() }
            return answers
        }
        for index in connections.indices {
            guard let answer = ready[connections[index].descriptor] else { continue }
            connections[index].phase = .writing(answer, written: 0)
            connections[index].lastActive = now
        }
    }

    /// Reads from or writes to the connection at `index`, which is ready for it.
    ///
    /// - Returns: Whether the connection stays open.
    private func serve(at index: Int, now: UInt64) -> Bool {
        switch connections[index].phase {
        case .answering:
            return true
        case .writing(let answer, let written):
            guard let sent = Socket.sendSome(connections[index].descriptor, answer[written...]) else { return false }
            connections[index].lastActive = now
            guard written + sent < answer.count else {
                Socket.shutdownWriting(connections[index].descriptor)
                connections[index].phase = .answered
                return true
            }
            connections[index].phase = .writing(answer, written: written + sent)
            return true
        case .reading, .answered:
            return read(at: index, now: now)
        }
    }

    /// Reads what the connection at `index` sent, and hands its request to a responder once it
    /// is whole (or answers its refusal).
    ///
    /// - Returns: Whether the connection stays open.
    private func read(at index: Int, now: UInt64) -> Bool {
        var bytes: [UInt8] = []
        switch Socket.receive(connections[index].descriptor, into: &bytes, limit: 64 * 1024) {
        case .wouldBlock:
            return true
        case .closed:
            return false
        case .bytes:
            connections[index].lastActive = now
            guard case .reading = connections[index].phase else { return true }
            switch connections[index].parser.append(bytes) {
            case .incomplete:
                return true
            case .rejected(let refusal):
                connections[index].phase = .writing(refusal.serialized, written: 0)
            case .request(let request):
                connections[index].phase = .answering
                let descriptor = connections[index].descriptor
                responders.answer { [self, respond] in
                    let answer = respond(request).serialized
                    answersLock.withLock { answers[descriptor] = answer }
                    Socket.wake(handBack.write)
                }
            }
            connections[index].parser = HTTPRequestParser()
            return true
        }
    }

    /// A monotonic clock, in milliseconds.
    private static func milliseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds / 1_000_000
    }
}

internal import Dispatch
internal import ReduxShared

/// The serving thread's loop: accepts connections, reads their requests as bytes arrive (so a
/// connection that sends nothing holds up no other), judges each from its head before its body is
/// read (``HTTPHandler/judge``: a refused body is never kept), hands each whole request to ``Responders``
/// to compute its answer (so a long one holds up no other), writes the answers as each client
/// takes them (so a client slow to read holds up no other), and closes the connections. Owns
/// every descriptor it is given and closes them when it ends.
///
/// Within ``HTTPServer/Limits``: a request must arrive whole within `requestDeadline` of its
/// connection's opening (a client that sends a header line now and then is closed then, not kept
/// for as long as it trickles), and with `connectionLimit` connections open a new one is taken by
/// closing the oldest that is not being answered. The bodies being read and answered hold at most
/// `bodyBudget` bytes in all: a request whose body would pass it is answered 503 from its head.
/// While the answers being written hold more than `answerBudget` bytes their clients have not
/// read, an expensive request is answered 503 from its head.
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
        /// The order it was accepted in: the lower, the older.
        let sequence: UInt64
        /// When it was accepted, in milliseconds of the loop's clock.
        let opened: UInt64
        var parser = HTTPRequestParser()
        /// The length of the admitted body it reads or holds until its answer is computed: its
        /// share of `bodyBudget`.
        var reservedBody = 0
        /// Whose request it is and what it costs, as judged from its head.
        var admission: (client: String, cost: HTTPCost)?
        /// When the connection last moved bytes, in milliseconds of the loop's clock.
        var lastActive: UInt64
        var phase = Phase.reading

        /// When the connection is closed unless it moves on, in milliseconds of the loop's clock:
        /// a request must be whole `requestDeadline` after the connection opened, an answer must
        /// not stall for `writeStall`, an answered connection lingers 2 s; nil while answering.
        func deadline(_ limits: HTTPServer.Limits) -> UInt64? {
            switch phase {
            case .reading: opened + UInt64(limits.requestDeadline)
            case .writing: lastActive + UInt64(limits.writeStall)
            case .answered: lastActive + ConnectionLoop.lingering
            case .answering: nil
            }
        }

        /// Whether it may be closed to make room for another: it was answered, or its request is
        /// still arriving.
        var isEvictable: Bool {
            switch phase {
            case .answered, .reading: true
            case .answering, .writing: false
            }
        }

        /// Whether the loop waits for room to write rather than for bytes to read.
        var isWriting: Bool {
            if case .writing = phase { true } else { false }
        }
    }

    /// How long an answered connection stays open to read what the client still sends, in
    /// milliseconds.
    static let lingering: UInt64 = 2_000
    /// The longest the loop waits for a descriptor before it looks at the deadlines again, in
    /// milliseconds.
    private static let longestWait: UInt64 = 1_000

    private let limits: HTTPServer.Limits
    private let listener: Int32
    private let wake: Int32
    private let handler: HTTPHandler
    private var connections: [Connection] = []
    private var accepted: UInt64 = 0
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
    ///   - limits: The deadlines and the most connections open at once.
    ///   - name: What the responders' threads are called.
    ///   - handler: Judges each request from its head, and answers it on a responder's thread.
    init(
        listener: Int32, wake: Int32, handBack: (read: Int32, write: Int32), limits: HTTPServer.Limits, name: String,
        handler: HTTPHandler
    ) {
        self.listener = listener
        self.wake = wake
        self.handBack = handBack
        self.limits = limits
        self.handler = handler
        responders = Responders(name: name, limits: limits)
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
            // A full loop with no connection to close leaves new ones in the listener's backlog.
            let listening = hasRoom ? listener : -1
            let waits =
                [(wake, false), (listening, false), (handBack.read, false)]
                + connections.compactMap { connection in
                    if case .answering = connection.phase { return nil }
                    return (connection.descriptor, connection.isWriting)
                }
            let ready = Socket.wait(for: waits, timeout: waitingTime(now: Self.milliseconds()))
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
            closeOverdue(now: now)
            if ready[1] {
                acceptWaiting(now: now)
            }
        }
    }

    /// How long the loop may wait for a descriptor: until the nearest deadline, at most a second.
    private func waitingTime(now: UInt64) -> Int32 {
        let nearest = connections.lazy.compactMap { $0.deadline(self.limits) }.min() ?? (now + Self.longestWait)
        return Int32(min(Self.longestWait, nearest > now ? nearest - now : 0))
    }

    /// Closes the connections past their deadline: a request not whole in time is answered 408
    /// when it had begun.
    private func closeOverdue(now: UInt64) {
        connections.removeAll { connection in
            guard let deadline = connection.deadline(limits), now >= deadline else { return false }
            if case .reading = connection.phase, connection.parser.hasBegun {
                let deadline = limits.requestDeadline
                let time = deadline % 1_000 == 0 ? "\(deadline / 1_000) seconds" : "\(deadline) milliseconds"
                let response = HTTPResponse.error(
                    408,
                    "The request stopped arriving, or arrived too slowly: it was not whole \(time) after the "
                        + "connection opened (is its body as long as its Content-Length?); nothing was done.")
                _ = Socket.sendSome(connection.descriptor, response.serialized[...])
            }
            Socket.closeDescriptor(connection.descriptor)
            return true
        }
    }

    /// Takes the connections waiting to be accepted, as long as there is room, and at most half
    /// the limit in one turn: the newest are read before any of them can be the oldest.
    private func acceptWaiting(now: UInt64) {
        var taken = 0
        while taken < max(1, limits.connectionLimit / 2), hasRoom, let descriptor = Socket.acceptConnection(listener) {
            // Room is made once a connection is there to take it, never for one that is not.
            if connections.count >= limits.connectionLimit, !makeRoom() {
                preconditionFailure("ReduxHTTPServer: a loop with room has a connection to close")
            }
            accepted += 1
            taken += 1
            connections.append(Connection(descriptor: descriptor, sequence: accepted, opened: now, lastActive: now))
        }
    }

    /// Closes a connection to make room for another: the oldest answered one, else the one whose
    /// request has been arriving longest (a client holding a connection open, or trickling a
    /// request), answered 503 when its request had begun; none when every connection is being
    /// answered, and the others wait to be accepted.
    ///
    /// - Returns: Whether one was closed.
    private func makeRoom() -> Bool {
        let oldest = { (phase: (Connection) -> Bool) in
            self.connections.indices.filter { phase(self.connections[$0]) }
                .min { self.connections[$0].sequence < self.connections[$1].sequence }
        }
        let answered = oldest { if case .answered = $0.phase { true } else { false } }
        guard let victim = answered ?? oldest({ $0.isEvictable }) else { return false }
        let connection = connections.remove(at: victim)
        if case .reading = connection.phase, connection.parser.hasBegun {
            let response = HTTPResponse.busy(
                "The server is full, and this request was the one arriving longest: its connection was closed to "
                    + "make room. Send the request again, whole.")
            _ = Socket.sendSome(connection.descriptor, response.serialized[...])
        }
        Socket.closeDescriptor(connection.descriptor)
        return true
    }

    /// Whether a connection could be accepted now (so the loop waits for the listener).
    private var hasRoom: Bool {
        connections.count < limits.connectionLimit || connections.contains(where: \.isEvictable)
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
            connections[index].reservedBody = 0
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

    /// The bytes of answers the connections hold that their clients have not read yet.
    private static func unreadAnswerBytes(_ connections: [Connection]) -> Int {
        connections.reduce(0) { held, connection in
            guard case .writing(let answer, let written) = connection.phase else { return held }
            return held + answer.count - written
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
            let (handler, budget, answerBudget) = (handler, limits.bodyBudget, limits.answerBudget)
            let room = budget - connections.reduce(0) { $0 + $1.reservedBody }
            let unread = Self.unreadAnswerBytes(connections)
            var admitted: (client: String, cost: HTTPCost, body: Int)?
            let outcome = connections[index].parser.append(bytes) { head, bodyLength in
                switch handler.judge(head, bodyLength) {
                case .refuse(let refusal):
                    return refusal
                case .admit(let client, let cost):
                    guard bodyLength <= room else {
                        return .busy(
                            "The server is reading as many request bodies as it holds at once (\(budget >> 20) MiB); "
                                + "send the request again shortly.")
                    }
                    guard cost == .cheap || unread <= answerBudget else {
                        return .busy(
                            "The server holds as many answers not yet read by their clients as it keeps at once "
                                + "(\(answerBudget >> 20) MiB); send the request again shortly.")
                    }
                    admitted = (client, cost, bodyLength)
                    return nil
                }
            }
            if let admitted {
                connections[index].reservedBody = admitted.body
                connections[index].admission = (admitted.client, admitted.cost)
            }
            switch outcome {
            case .incomplete:
                return true
            case .rejected(let refusal):
                connections[index].phase = .writing(refusal.serialized, written: 0)
            case .request(let request):
                let descriptor = connections[index].descriptor
                let (client, cost) = connections[index].admission ?? ("", .cheap)
                let queued = responders.answer(client: client, cost: cost) { [self, handler] in
                    let answer = handler.respond(request).serialized
                    answersLock.withLock { answers[descriptor] = answer }
                    Socket.wake(handBack.write)
                }
                if queued {
                    connections[index].phase = .answering
                } else {
                    connections[index].reservedBody = 0
                    let busy = HTTPResponse.busy(
                        "The server has as many requests waiting as it holds (from this client, or in all); send "
                            + "the request again shortly.")
                    connections[index].phase = .writing(busy.serialized, written: 0)
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

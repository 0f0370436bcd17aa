extension HTTPServer {
    /// How long a connection may take and how many may be open: what keeps clients that hold
    /// connections (sending a request a byte at a time, or nothing) from holding up the others.
    ///
    /// ```swift
    /// let server = try HTTPServer(port: 0, name: "Test", limits: .init(requestDeadline: 300, connectionLimit: 4)) { _ in
    ///     { _ in .json(Array("{}".utf8)) }
    /// }
    /// ```
    package struct Limits: Equatable, Sendable {
        /// How long a request's headers and body may take to arrive, in milliseconds from the
        /// moment its connection is accepted (10 s by default). A request that is not whole by then
        /// is answered 408 and its connection closed, however steadily its bytes arrive; a
        /// connection that sent nothing is closed.
        package var requestDeadline: Int
        /// How long an answer may wait for the client to take any more of it, in milliseconds
        /// (10 s by default), before its connection is closed.
        package var writeStall: Int
        /// How many connections may be open at once (256 by default). With that many open, taking
        /// another closes one that is not being answered: one already answered, else the one whose
        /// request has been arriving longest (answered 503 when it had begun).
        package var connectionLimit: Int
        /// How many bytes of request bodies the server holds at once, read or being answered
        /// (32 MiB by default): a request whose admitted body would pass it is answered 503 with
        /// `Retry-After` from its head, its body unread. With the heads (at most 64 KiB each, and
        /// one read of 64 KiB past them) this bounds what the connections hold.
        package var bodyBudget: Int
        /// How many expensive requests of one client (``HTTPAdmission/admit(client:cost:)``) may
        /// wait for a responder (16 by default); past it, the client's next one is answered 503
        /// with `Retry-After`, and the others' are not held up.
        package var waitingPerClient: Int
        /// How many expensive requests may wait for a responder in all (64 by default); past it,
        /// 503 with `Retry-After`. Cheap ones are answered as they come (``connectionLimit``
        /// bounds them).
        package var waitingInAll: Int
        /// How many bytes of answers the server holds at once for clients that have not read them
        /// yet (32 MiB by default): while the answers being written hold more, an expensive request
        /// (whose answer may be large) is answered 503 with `Retry-After` from its head. With
        /// ``bodyBudget`` and ``waitingInAll`` this bounds what clients that ask and never read can
        /// make the server hold: the budget, and the answers of the requests admitted before it
        /// was reached.
        package var answerBudget: Int

        /// Limits; the defaults are the server's.
        ///
        /// - Parameters:
        ///   - requestDeadline: Milliseconds a request may take to arrive, from 1.
        ///   - writeStall: Milliseconds an answer may wait for the client to read, from 1.
        ///   - connectionLimit: Connections open at once, from 1.
        ///   - bodyBudget: Bytes of bodies held at once, from 0.
        ///   - waitingPerClient: Requests of one client waiting at once, from 1.
        ///   - waitingInAll: Requests waiting at once, from 1.
        ///   - answerBudget: Bytes of unread answers held at once before expensive requests are
        ///     refused, from 0.
        package init(
            requestDeadline: Int = 10_000, writeStall: Int = 10_000, connectionLimit: Int = 256,
            bodyBudget: Int = 32 << 20, waitingPerClient: Int = 16, waitingInAll: Int = 64,
            answerBudget: Int = 32 << 20
        ) {
            self.answerBudget = max(0, answerBudget)
            self.waitingPerClient = max(1, waitingPerClient)
            self.waitingInAll = max(1, waitingInAll)
            self.requestDeadline = max(1, requestDeadline)
            self.writeStall = max(1, writeStall)
            self.connectionLimit = max(1, connectionLimit)
            self.bodyBudget = max(0, bodyBudget)
        }
    }
}

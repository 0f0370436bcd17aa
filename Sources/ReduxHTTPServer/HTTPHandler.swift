/// What the server asks of its user: a judgement of each request from its head, taken before its
/// body is read, and the answer to each request it admitted.
///
/// ```swift
/// let handler = HTTPHandler(
///     judge: { head, bodyLength in
///         bodyLength <= 4_096 ? .admit(client: head.headers["origin"] ?? "", cost: .cheap)
///             : .refuse(.error(413, "This route takes no body."))
///     },
///     respond: { request in .json(Array("{}".utf8)) })
/// ```
package struct HTTPHandler: Sendable {
    /// Judges a request from its method, path, query and headers (its `body` is empty) and the
    /// length its `Content-Length` declares: called on the serving thread as soon as the head has
    /// arrived, so it must cost little.
    package var judge: @Sendable (_ head: HTTPRequest, _ bodyLength: Int) -> HTTPAdmission
    /// Answers a whole request that was admitted; called on a responder's thread.
    package var respond: @Sendable (HTTPRequest) -> HTTPResponse

    /// A handler.
    ///
    /// - Parameters:
    ///   - judge: Admits or refuses a request from its head.
    ///   - respond: Answers an admitted request.
    package init(
        judge: @escaping @Sendable (_ head: HTTPRequest, _ bodyLength: Int) -> HTTPAdmission,
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        self.judge = judge
        self.respond = respond
    }
}

/// What the server does with a request whose head has arrived, decided before its body is read.
package enum HTTPAdmission: Equatable, Sendable {
    /// Reads the body and answers the request. `client` names whose share of the waiting room it
    /// takes (``HTTPServer/Limits/waitingPerClient``); `cost` says whether it waits its turn among
    /// the expensive ones, of which only a few are answered at once.
    case admit(client: String, cost: HTTPCost)
    /// Sends this answer without reading the body; what the client still sends is dropped.
    case refuse(HTTPResponse)
}

/// How much answering a request costs, as its route knows it.
package enum HTTPCost: Equatable, Sendable {
    /// Little (a fixed page, a count): answered by any free responder, before expensive ones.
    case cheap
    /// Work that grows with the data (a replay, a search, an export): only a few are answered at
    /// once, so that a responder is always free for a cheap request.
    case expensive
}

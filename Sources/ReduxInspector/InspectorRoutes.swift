import Foundation
import ReduxCore
internal import ReduxHTTPServer

/// The server's routes over an inspector: the page and the JSON API. Nothing else is served (no
/// files), and only to a page of this server (the `Host` must be the server's own address, and a
/// `POST` from another origin is refused, so that a web site cannot reach it through the
/// browser).
///
/// | Route | Answer |
/// |---|---|
/// | `GET /` | the page |
/// | `GET /api/session` | count, notes, types present, whether edited |
/// | `GET /api/entries?from=&count=&type=&search=` | a page of the list (of a type, matching a text) |
/// | `GET /api/state?index=` | the state after an entry, as a tree |
/// | `GET /api/diff?index=` | the changes an entry made |
/// | `POST /api/toggle?index=` | toggles an entry off or on; the entry |
/// | `POST /api/move?from=&to=` | moves an entry; the session |
/// | `GET /api/journal` | the session as edited, as a journal file |
/// | `POST /api/journal` | opens the journal file in the body; the session |
/// | `POST /api/test?from=&through=&name=` | starts writing a Swift Testing test of the range: 202 and the job, 429 while one is written |
/// | `GET /api/test` | the test job: running, cancelling, cancelled, done (with the source) or failed (with why) |
/// | `POST /api/test/cancel` | cancels the test being written; the job |
///
/// A `GET` changes nothing; an expensive one (a state, a diff, a search, an export) waits its turn
/// behind cheap ones and other clients' (see the server's answer queue); the work that can take
/// longest, a test, is started by a `POST` (a page elsewhere cannot make the browser send
/// it), bounded to ``testRangeLimit`` entries and ``testTimeLimit``, written one at a time on a
/// thread of its own (``SwiftTestJobs``), never on a thread that answers requests.
///
/// Every number a route takes is read by ``number(_:in:from:default:meaning:)`` before any
/// arithmetic: text that is not a whole number of at most ``digitLimit`` digits, or a number the
/// route never takes (a negative position, a range that ends before it starts), is answered 400;
/// a position the session does not have, 404; each message says what to send instead.
struct InspectorRoutes<Root: State>: Sendable {
    /// The most entries one page of the list holds.
    static var pageLimit: Int { 1_000 }

    let inspector: Inspector<Root>
    /// The port the server listens on: the `Host` a request must name.
    let port: UInt16
    /// The test being written, or the last one.
    let testJobs: SwiftTestJobs
    /// What a generated test needs that only the app knows; nil when the app gave none.
    var testSetup: SwiftTestSetup? = nil

    /// What the page reads about the session it is served.
    private var summary: SessionSummary {
        SessionSummary(inspector, interactive: true, exportsTests: testSetup != nil)
    }

    /// What the server does with each request: judged from its head, then answered.
    var handler: HTTPHandler {
        HTTPHandler(judge: { judge($0, bodyLength: $1) }, respond: { respond(to: $0) })
    }

    /// Judges a request from its head, before its body is read: the `Host` must be the server's,
    /// a `POST` must come from its own page, an API route is not for another site's page, the
    /// route must exist and answer the method, and the body must be one the route takes (only the
    /// journal import takes a large one). Refused: 403, 404, 405 or 413, its body never read.
    ///
    /// - Returns: The refusal, or the admission: whose request it is (``RequestOrigin/client``)
    ///   and what it costs (``cost(of:_:)``).
    func judge(_ head: HTTPRequest, bodyLength: Int) -> HTTPAdmission {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = head.headers["host"], hosts.contains(host) else {
            return .refuse(
                .error(403, "The inspector answers requests for http://127.0.0.1:\(port) (or localhost:\(port)) only."))
        }
        let origin = RequestOrigin(head.headers, hosts: hosts)
        // A browser sends its page's Origin with every POST; a change without one came from no page.
        if head.method == "POST", !hosts.contains(where: { "http://" + $0 == head.headers["origin"] }) {
            return .refuse(
                .error(
                    403,
                    "The inspector accepts changes from its own page only: a POST must carry the Origin "
                        + "http://127.0.0.1:\(port)."))
        }
        guard let cost = Self.cost(of: head.method, head.path) else {
            return .refuse(Self.noRoute(head))
        }
        // Another site's page cannot read the answer, so it has no use for one: its requests cost nothing.
        if head.path != "/", case .otherSite = origin {
            return .refuse(
                .error(
                    403,
                    "The inspector's API answers its own page only; this request came from another site's page."))
        }
        let takesJournal = head.method == "POST" && head.path == "/api/journal"
        guard bodyLength <= (takesJournal ? Self.journalBodyLimit : Self.smallBodyLimit) else {
            return .refuse(
                .error(
                    413,
                    takesJournal
                        ? "A journal file to open is at most 8 MiB."
                        : "\(head.method) \(head.path) takes no body (at most \(Self.smallBodyLimit) bytes, unread)."))
        }
        return .admit(client: origin.client, cost: cost)
    }

    /// The most bytes of body the journal import takes: the server's own bound, 8 MiB.
    static var journalBodyLimit: Int { 8 << 20 }
    /// The most bytes of body any other route takes, which it does not read.
    static var smallBodyLimit: Int { 4_096 }

    /// What answering a route costs: nil for a method and path the inspector does not answer.
    static func cost(of method: String, _ path: String) -> HTTPCost? {
        switch (method, path) {
        case ("GET", "/"), ("GET", "/api/session"), ("POST", "/api/toggle"), ("POST", "/api/move"),
            ("POST", "/api/test"), ("GET", "/api/test"), ("POST", "/api/test/cancel"):
            .cheap
        case ("GET", "/api/entries"), ("GET", "/api/state"), ("GET", "/api/diff"), ("GET", "/api/journal"),
            ("POST", "/api/journal"):
            .expensive
        default: nil
        }
    }

    /// 405 for a route that does not answer the method, 404 for a path that is no route.
    private static func noRoute(_ head: HTTPRequest) -> HTTPResponse {
        let routes = [
            "/", "/api/session", "/api/entries", "/api/state", "/api/diff", "/api/toggle", "/api/move",
            "/api/journal", "/api/test", "/api/test/cancel",
        ]
        guard routes.contains(head.path) else {
            return .error(404, "There is nothing at \(head.path); the page is at /.")
        }
        var response = HTTPResponse.error(405, "\(head.path) does not answer \(head.method).")
        response.headers.append(
            ("Allow", ["/api/toggle", "/api/move", "/api/test/cancel"].contains(head.path) ? "POST" : "GET"))
        return response
    }

    /// Answers a request, judged first as its head was.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        if case .refuse(let refusal) = judge(request, bodyLength: request.body.count) {
            return refusal
        }
        switch (request.method, request.path) {
        case ("GET", "/"): return page()
        case ("GET", "/api/session"):
            return json(summary)
        case ("GET", "/api/entries"): return entries(request.query)
        case ("GET", "/api/state"):
            return withIndex(
                request.query, from: -1, meaning: "the position of the entry whose state to show (-1: the start)",
                state(after:))
        case ("GET", "/api/diff"):
            return withIndex(request.query, meaning: "the position of the entry whose changes to show", changes(at:))
        case ("POST", "/api/toggle"):
            return withIndex(request.query, meaning: "the position of the entry to toggle", toggle(_:))
        case ("POST", "/api/move"): return move(request.query)
        case ("GET", "/api/journal"): return exportJournal()
        case ("POST", "/api/journal"): return importJournal(request.body)
        case ("POST", "/api/test"): return startSwiftTest(request.query)
        case ("GET", "/api/test"): return swiftTestStatus()
        case ("POST", "/api/test/cancel"): return cancelSwiftTest()
        default: return Self.noRoute(request)
        }
    }

    private func page() -> HTTPResponse {
        var response = HTTPResponse(
            status: 200, contentType: "text/html; charset=utf-8", body: Array(InspectorPage.html(embedding: nil).utf8))
        // No other page may frame this one (it edits the session): frame-ancestors only works in a
        // header, not in the page's <meta>; X-Frame-Options for older browsers.
        response.headers.append(
            (
                "Content-Security-Policy",
                InspectorPage.contentSecurityPolicy(connectingToSelf: true) + "; frame-ancestors 'none'"
            ))
        response.headers.append(("X-Frame-Options", "DENY"))
        return response
    }

    private func state(after index: Int) throws(InspectorError) -> HTTPResponse {
        json(EntryState(index: index, tree: try inspector.stateTree(after: index)))
    }

    private func changes(at index: Int) throws(InspectorError) -> HTTPResponse {
        json(EntryChanges(index: index, changes: try inspector.changes(at: index)))
    }

    private func toggle(_ index: Int) throws(InspectorError) -> HTTPResponse {
        try inspector.toggle(index)
        return json(try inspector.entry(at: index))
    }

    private func entries(_ query: [String: String]) -> HTTPResponse {
        let from: Int
        let count: Int
        do {
            from = try Self.number(
                "from", in: query, default: 0, meaning: "the position in the list of the page's first entry")
            count = try Self.number(
                "count", in: query, default: 200,
                meaning: "how many entries the page holds (at most \(Self.pageLimit) are sent)")
        } catch {
            return .error(400, error.message)
        }
        let indices = inspector.indices(ofType: query["type"], matching: query["search"] ?? "")
        let page = indices.dropFirst(from).prefix(min(count, Self.pageLimit))
        do {
            return json(EntryPage(total: indices.count, from: from, entries: try inspector.entries(at: page)))
        } catch {
            // The session was replaced between the two calls (an import): ask again.
            return .error(409, "The session changed meanwhile; ask again.")
        }
    }

    private func move(_ query: [String: String]) -> HTTPResponse {
        let from: Int
        let to: Int
        do {
            from = try Self.number("from", in: query, meaning: "the position of the entry to move")
            to = try Self.number("to", in: query, meaning: "the position it moves to")
        } catch {
            return .error(400, error.message)
        }
        do {
            try inspector.move(from: from, to: to)
            return json(summary)
        } catch {
            return .error(404, error.message)
        }
    }

    private func exportJournal() -> HTTPResponse {
        do {
            var response = HTTPResponse(
                status: 200, contentType: "application/x-ndjson; charset=utf-8", body: try inspector.journalFile())
            response.headers.append(("Content-Disposition", "attachment; filename=\"session.journal\""))
            return response
        } catch {
            return .error(500, error.message)
        }
    }

    private func importJournal(_ body: [UInt8]) -> HTTPResponse {
        do {
            try inspector.openJournalFile(body)
            // The last test written was of the session replaced.
            testJobs.forget()
            return json(summary)
        } catch {
            return .error(422, error.message)
        }
    }

    /// Answers with `body(index)` for the `index=` parameter: 400 without a whole number from
    /// `lowest`, 404 for an entry that is not there.
    private func withIndex(
        _ query: [String: String], from lowest: Int = 0, meaning: String,
        _ body: (Int) throws(InspectorError) -> HTTPResponse
    ) -> HTTPResponse {
        let index: Int
        do {
            index = try Self.number("index", in: query, from: lowest, meaning: meaning)
        } catch {
            return .error(400, error.message)
        }
        do {
            return try body(index)
        } catch {
            return .error(404, error.message)
        }
    }

    private func json(_ value: some Encodable) -> HTTPResponse {
        .json(InspectorPage.encode(value))
    }
}

/// What `/api/session` answers.
struct SessionSummary: Codable, Equatable {
    var count: Int
    var notes: [String]
    var types: [String]
    var edited: Bool
    /// Whether the page may edit the session (false in an HTML export).
    var interactive: Bool
    /// Whether the server writes a range as a test (it was given a ``SwiftTestSetup``).
    var exportsTests: Bool

    init<Root>(_ inspector: Inspector<Root>, interactive: Bool, exportsTests: Bool) {
        count = inspector.count
        notes = inspector.notes
        types = inspector.typeNames
        edited = inspector.isEdited
        self.interactive = interactive
        self.exportsTests = exportsTests
    }
}

/// What `/api/entries` answers.
struct EntryPage: Codable, Equatable {
    /// How many entries the list has (of the type asked for).
    var total: Int
    /// Where in that list the page starts.
    var from: Int
    var entries: [InspectedEntry]
}

/// What `/api/state` answers.
struct EntryState: Codable, Equatable {
    var index: Int
    var tree: StateNode
}

/// What `/api/diff` answers.
struct EntryChanges: Codable, Equatable {
    var index: Int
    var changes: [StateChange]
}

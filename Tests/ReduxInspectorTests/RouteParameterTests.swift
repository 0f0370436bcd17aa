import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import Testing

// One at a time: their raw sockets wait on the calling thread, and several hundred connections at
// once beside the other suites starve the cooperative pool under a sanitizer on two cores.
/// Every number a route reads from a request, sent as no page would: each answer is a 2xx or a 4xx
/// that says what to send instead, never a crash, and the server answers a `GET` afterwards.
@Suite(.serialized) struct RouteParameterTests {
    private static let setup = SwiftTestSetup(
        features: "[CounterFeature().at(\\.counter), CatalogFeature().at(\\.catalog)]", initialState: "Desk()",
        imports: ["DeskApp"])

    /// The routes' number parameters, `{}` standing for the value sent.
    static let targets = [
        "GET /api/entries?from={}", "GET /api/entries?count={}", "GET /api/entries?from={}&count={}",
        "GET /api/state?index={}", "GET /api/diff?index={}", "POST /api/toggle?index={}",
        "POST /api/move?from={}&to=0", "POST /api/move?from=0&to={}", "POST /api/move?from={}&to={}",
        "POST /api/test?from={}&through=4", "POST /api/test?from=0&through={}", "POST /api/test?from=10&through={}",
        "POST /api/test?from={}&through=9223372036854775807", "POST /api/test?from={}&through={}",
    ]

    /// Values no page sends, as a query carries them (percent-encoded): `Int.max`, `Int.min`,
    /// one past each, digits beyond any `Int`, the edges of the 11-entry session, text that is not
    /// a whole number.
    static let values = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        String(repeating: "9", count: 40), "999999999999", "-999999999999", "-1", "0", "10", "11", "abc", "",
        "%20", "1.5", "1e3", "0x10", "+1", "-", "--1", "%EF%BC%91", "1%00", "%2D1",
    ]

    /// A server over the recorded session (11 entries, 0 to 10), with a test setup.
    private func serve() async throws -> InspectorServer {
        try InspectorServer(makeInspector(await recordSession()), testSetup: Self.setup)
    }

    /// Sends `METHOD /target`.
    private func send(_ request: String, _ server: InspectorServer, body: [UInt8] = []) throws -> RawResponse {
        let parts = request.split(separator: " ", maxSplits: 1).map(String.init)
        return try RawHTTPClient.exchange(
            port: server.port, RawHTTPClient.request(parts[0], parts[1], port: server.port, body: body))
    }

    /// Whether a response is a success or a refusal that says why (a JSON `error`).
    private func isAnswer(_ response: RawResponse) -> Bool {
        switch response.status {
        case 200..<300: true
        case 400..<500: response.text.hasPrefix(#"{"error":""#) && response.text.count > 20
        default: false
        }
    }

    @Test("a route given extreme numbers answers 2xx or 4xx with a reason, and the server goes on", arguments: targets)
    func extremeNumbers(target: String) async throws {
        let server = try await serve()
        defer { server.stop() }

        for value in Self.values {
            let request = target.replacingOccurrences(of: "{}", with: value)
            let response = try send(request, server)

            #expect(isAnswer(response), "\(request): \(response.status) \(response.text)")
            #expect(try send("GET /api/session", server).status == 200, "after \(request)")
        }
    }

    @Test(
        "a number a route never takes is 400, a position the session lacks 404, each saying what to send",
        arguments: [
            ("POST /api/test?from=0&through=9223372036854775807", 400, "through="),
            ("POST /api/test?from=-9223372036854775808&through=0", 400, "from="),
            ("POST /api/test?from=-1&through=9223372036854775807", 400, "from="),
            ("POST /api/test?from=-1&through=3", 400, "from="),
            ("POST /api/test?from=5&through=2", 400, "through="),
            ("POST /api/test?from=abc&through=3", 400, "from="),
            ("POST /api/test?from=&through=3", 400, "from="),
            ("POST /api/test?from=0&through=999999999999", 404, "entries are 0 to 10"),
            ("POST /api/test?from=999999999998&through=999999999999", 404, "entries are 0 to 10"),
            ("GET /api/state?index=-1", 200, "tree"),
            ("GET /api/state?index=-2", 400, "index="),
            ("GET /api/state?index=9223372036854775807", 400, "index="),
            ("GET /api/diff?index=-1", 400, "index="),
            ("GET /api/diff?index=11", 404, "entries are 0 to 10"),
            ("POST /api/toggle?index=-1", 400, "index="),
            ("POST /api/toggle?index=11", 404, "entries are 0 to 10"),
            ("POST /api/move?from=-1&to=0", 400, "from="),
            ("POST /api/move?from=0&to=11", 404, "entries are 0 to 10"),
            ("POST /api/move?from=0&to=1.5", 400, "to="),
            ("GET /api/entries?from=-1", 400, "from="),
            ("GET /api/entries?count=-1", 400, "count="),
            ("GET /api/entries?count=9223372036854775807", 400, "count="),
            ("GET /api/entries?from=999999999999&count=999999999999", 200, #""entries":[]"#),
        ])
    func refusalsSayWhatToSend(request: String, status: Int, mention: String) async throws {
        let server = try await serve()
        defer { server.stop() }

        let response = try send(request, server)

        #expect(response.status == status)
        #expect(response.text.contains(mention), "\(response.text)")
    }

    @Test(
        "an extreme Content-Length is refused 400 or 413, and the server goes on",
        arguments: [
            "9223372036854775807", "-9223372036854775808", String(repeating: "9", count: 40), "99999999999", "-1",
            "abc", "", "+5", "0x10", "1e3",
        ])
    func extremeContentLength(length: String) async throws {
        let server = try await serve()
        defer { server.stop() }
        let port = server.port

        let request =
            "POST /api/journal HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
            + "Content-Length: \(length)\r\n\r\n"
        let response = try RawHTTPClient.exchange(port: port, Array(request.utf8))

        #expect([400, 413].contains(response.status), "\(response.status): \(response.text)")
        #expect(try send("GET /api/session", server).status == 200)
    }

    /// Lines of a journal whose numbers no recorder writes, after a header that is a journal's.
    static let journalLines = [
        #"{"seq":9223372036854775807,"type":"CounterFeature.Add","payload":{"amount":1}}"#,
        #"{"seq":-9223372036854775808,"type":"CounterFeature.Add","payload":{"amount":1}}"#,
        #"{"seq":0,"type":"CounterFeature.Add","payload":{"amount":1}}"#,
        #"{"seq":1e30,"type":"CounterFeature.Add","payload":{"amount":1}}"#,
        #"{"seq":1,"type":"CounterFeature.Add","payload":{"amount":1},"cause":-9223372036854775808}"#,
        #"{"seq":1,"type":"CounterFeature.Add","payload":{"amount":1},"cause":9223372036854775807}"#,
        #"{"seq":1,"type":"CounterFeature.Add","payload":{"amount":1},"time":1e999}"#,
        #"{"seq":1,"type":"CounterFeature.Add","payload":{"amount":1},"time":-1e999}"#,
        #"{"seq":1,"type":"CounterFeature.Add","payload":{"amount":99999999999999999999}}"#,
    ]

    @Test(
        "a journal whose numbers no recorder writes is refused 422 or opened, and every route goes on",
        arguments: journalLines)
    func extremeJournal(line: String) async throws {
        let server = try await serve()
        defer { server.stop() }
        let header = #"{"journal":"MultiRedux","version":1}"#

        let response = try send("POST /api/journal", server, body: Array((header + "\n" + line + "\n").utf8))

        #expect([200, 422].contains(response.status), "\(response.status): \(response.text)")
        for request in ["GET /api/session", "GET /api/entries", "GET /api/state?index=0", "GET /api/diff?index=0"] {
            #expect(isAnswer(try send(request, server)), "\(request)")
        }
    }

    @Test("a plain journal of the lines' shape opens: what refuses them is their numbers")
    func plainJournalOpens() async throws {
        let server = try await serve()
        defer { server.stop() }
        let journal =
            #"{"journal":"MultiRedux","version":1}"# + "\n"
            + #"{"seq":1,"type":"CounterFeature.Add","payload":{"amount":1},"cause":null,"time":1}"# + "\n"

        #expect(try send("POST /api/journal", server, body: Array(journal.utf8)).status == 200)
        let session = try JSONSerialization.jsonObject(with: Data(try send("GET /api/session", server).body))
        #expect((session as? [String: Any])?["count"] as? Int == 1)
    }

    @Test("a journal header of an extreme version is refused 422")
    func extremeJournalVersion() async throws {
        let server = try await serve()
        defer { server.stop() }

        for version in ["9223372036854775807", "-9223372036854775808", "1e999", "99999999999999999999"] {
            let header = #"{"journal":"MultiRedux","version":"# + version + "}\n"
            #expect(try send("POST /api/journal", server, body: Array(header.utf8)).status == 422)
        }
        #expect(try send("GET /api/session", server).status == 200)
    }
}

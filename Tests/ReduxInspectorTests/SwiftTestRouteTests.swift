import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

// One at a time: their raw sockets wait on the calling thread, and several hundred connections at
// once beside the other suites starve the cooperative pool under a sanitizer on two cores.
/// `POST /api/test`: the generated test of a range, as a Swift file to download.
@Suite(.serialized) struct SwiftTestRouteTests {
    private let setup = SwiftTestSetup(
        features: "[CounterFeature().at(\\.counter), CatalogFeature().at(\\.catalog)]", initialState: "Desk()",
        imports: ["DeskApp"])

    private func get(_ target: String, _ server: InspectorServer) throws -> RawResponse {
        try RawHTTPClient.exchange(port: server.port, RawHTTPClient.request("GET", target, port: server.port))
    }

    private func post(_ target: String, _ server: InspectorServer) throws -> RawResponse {
        try RawHTTPClient.exchange(port: server.port, RawHTTPClient.request("POST", target, port: server.port))
    }

    @Test("the route answers the generated test of the range as a Swift file named after its suite")
    func answersTheTest() async throws {
        let inspector = makeInspector(await recordSession())
        let server = try InspectorServer(inspector, testSetup: setup)
        defer { server.stop() }

        let response = try post("/api/test?from=2&through=4&name=FetchTests", server)

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.headers["content-disposition"] == "attachment; filename=\"FetchTests.swift\"")
        #expect(
            response.text
                == (try inspector.swiftTest(from: 2, through: 4, named: "FetchTests", setup: setup)))
        #expect(response.text.contains("await store.receive(Found.self) {"))
        #expect(try post("/api/test?from=0&through=0", server).text.contains("@Suite struct RecordedSessionTests {"))
        #expect(try get("/", server).text.contains(#"<button id="export-test" type="button""#))
    }

    @Test("without the range 400, outside the session 404, a range that cannot be a test 422")
    func refusals() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { server.stop() }

        #expect(try post("/api/test?from=1", server).status == 400)
        #expect(try post("/api/test?from=1&through=many", server).status == 400)
        #expect(try post("/api/test?from=3&through=99", server).status == 404)
        let refused = try post("/api/test?from=3&through=4", server)
        #expect(refused.status == 422)
        #expect(refused.text.contains("start the range at #2"))
        #expect(try post("/api/test?from=0&through=0&name=no%20name", server).status == 422)
    }

    @Test("a GET of a test is refused 405: what costs work is a POST, which a page elsewhere cannot send")
    func getRefused() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { server.stop() }

        let response = try get("/api/test?from=0&through=1", server)

        #expect(response.status == 405)
        #expect(response.headers["allow"] == "POST")
        let foreign = try RawHTTPClient.exchange(
            port: server.port,
            RawHTTPClient.request(
                "POST", "/api/test?from=0&through=1", port: server.port, headers: ["Origin: https://example.com"]))
        #expect(foreign.status == 403)
    }

    @Test("a range longer than the limit is refused with a reason before any work")
    func longRangeRefused() async throws {
        let journal = Journal<Desk>(entries: Array(repeating: .action(Add(amount: 1)), count: 400))
        let inspector = Inspector(journal: journal, initialState: Desk(), makeStore: makeDesk)
        let server = try InspectorServer(inspector, testSetup: setup)
        defer { server.stop() }

        let refused = try post("/api/test?from=0&through=200", server)

        #expect(refused.status == 422)
        #expect(refused.text.contains("A test plays at most 200 entries, and 0 through 200 is 201"))
        #expect(try post("/api/test?from=200&through=399", server).status == 200)
    }

    @Test("a server given no setup says it cannot generate tests, and its session tells the page so")
    func withoutSetup() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()))
        defer { server.stop() }

        let response = try post("/api/test?from=0&through=1", server)
        #expect(response.status == 404)
        #expect(response.text.contains("without a SwiftTestSetup"))
        #expect(try get("/api/session", server).text.contains(#""exportsTests":false"#), "the page hides its button")
        let withSetup = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { withSetup.stop() }
        #expect(try get("/api/session", withSetup).text.contains(#""exportsTests":true"#))
    }

    @Test("while a test is being written, the page's other requests are answered")
    func otherRequestsAnsweredMeanwhile() async throws {
        // Once armed, making a store waits for the test to open the gate: the test being written is
        // held in the middle of its work until the page's other request was answered.
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        let armed = LockedFlag()
        let heldStores = Inspector(journal: await recordSession(), initialState: Desk()) { state in
            if armed.value {
                held.signal()
                _ = gate.wait(timeout: .now() + 60)
            }
            return makeDesk(state)
        }
        let server = try InspectorServer(heldStores, testSetup: setup)
        defer { server.stop() }
        let port = server.port
        armed.value = true
        let written = LockedFlag()
        async let test = onOwnThread {
            defer { written.value = true }
            return try RawHTTPClient.exchange(
                port: port, RawHTTPClient.request("POST", "/api/test?from=0&through=10", port: port))
        }

        let isHeld = await onOwnThread { held.wait(timeout: .now() + 60) == .success }
        let session = try await onOwnThread { [self] in try get("/api/session", server) }
        let writtenBeforeSession = written.value
        armed.value = false
        for _ in 0..<8 {
            gate.signal()
        }

        #expect(isHeld, "the test's writing reached a store")
        #expect(session.status == 200)
        #expect(!writtenBeforeSession, "the session was answered while the test was still being written")
        #expect(try await test.status == 200)
    }
}

/// A flag set on one thread and read on another.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}

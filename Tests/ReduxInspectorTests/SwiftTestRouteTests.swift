import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

// One at a time: their raw sockets wait on the calling thread, and several hundred connections at
// once beside the other suites starve the cooperative pool under a sanitizer on two cores.
/// `POST /api/test`: the generated test of a range, written as a job that `GET /api/test`
/// follows.
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

    /// Starts the test of a range and waits until it is written or refused.
    private func written(_ target: String, _ server: InspectorServer) async throws -> JobReply {
        let port = server.port
        let started = try post(target, server)
        #expect(started.status == 202, "\(started.text)")
        return try await onOwnThread { try waitForJob(port) }
    }

    @Test("the job's test is the generated test of the range, in a suite of the name asked for")
    func answersTheTest() async throws {
        let inspector = makeInspector(await recordSession())
        let server = try InspectorServer(inspector, testSetup: setup)
        defer { server.stop() }

        let started = try post("/api/test?from=2&through=4&name=FetchTests", server)
        let job = try await onOwnThread { [port = server.port] in try waitForJob(port) }

        #expect(started.status == 202)
        #expect(started.headers["content-type"] == "application/json; charset=utf-8")
        #expect(started.text.contains(#""state":"running""#))
        #expect(job.state == "done")
        #expect(job.name == "FetchTests")
        #expect(job.source == (try inspector.swiftTest(from: 2, through: 4, named: "FetchTests", setup: setup)))
        #expect(job.source?.contains("await store.receive(Found.self) {") == true)
        #expect(
            try await written("/api/test?from=0&through=0", server).source?.contains(
                "@Suite struct RecordedSessionTests {") == true)
        #expect(try get("/", server).text.contains(#"<button id="export-test" type="button""#))
    }

    @Test("without the range 400, outside the session 404, a bad name 422; a range that cannot be a test fails")
    func refusals() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { server.stop() }

        #expect(try post("/api/test?from=1", server).status == 400)
        #expect(try post("/api/test?from=1&through=many", server).status == 400)
        #expect(try post("/api/test?from=3&through=99", server).status == 404)
        #expect(try post("/api/test?from=0&through=0&name=no%20name", server).status == 422)
        #expect(try currentJob(server.port).state == "none", "refused before any work")
        let failed = try await written("/api/test?from=3&through=4", server)
        #expect(failed.state == "failed")
        #expect(failed.error?.contains("start the range at #2") == true)
        #expect(failed.source == nil)
    }

    @Test("a test is started by a POST only, which a page of another origin cannot send")
    func startedByPostOnly() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { server.stop() }

        let response = try get("/api/test?from=0&through=1", server)

        #expect(response.status == 200)
        #expect(try currentJob(server.port).state == "none", "a GET starts nothing")
        let foreign = try RawHTTPClient.exchange(
            port: server.port,
            RawHTTPClient.request(
                "POST", "/api/test?from=0&through=1", port: server.port, headers: ["Origin: https://example.com"]))
        #expect(foreign.status == 403)
        #expect(try currentJob(server.port).state == "none")
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
        #expect(try currentJob(server.port).state == "none")
        #expect(try await written("/api/test?from=200&through=399", server).state == "done")
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
}

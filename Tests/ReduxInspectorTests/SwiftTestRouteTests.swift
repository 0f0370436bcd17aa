import Foundation
import MultiRedux
import ReduxInspector
import Testing

/// `GET /api/test`: the generated test of a range, as a Swift file to download.
@Suite struct SwiftTestRouteTests {
    private let setup = SwiftTestSetup(
        features: "[CounterFeature().at(\\.counter), CatalogFeature().at(\\.catalog)]", initialState: "Desk()",
        imports: ["DeskApp"])

    private func get(_ target: String, _ server: InspectorServer) throws -> RawResponse {
        try RawHTTPClient.exchange(port: server.port, RawHTTPClient.request("GET", target, port: server.port))
    }

    @Test("the route answers the generated test of the range as a Swift file named after its suite")
    func answersTheTest() async throws {
        let inspector = makeInspector(await recordSession())
        let server = try InspectorServer(inspector, testSetup: setup)
        defer { server.stop() }

        let response = try get("/api/test?from=2&through=4&name=FetchTests", server)

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.headers["content-disposition"] == "attachment; filename=\"FetchTests.swift\"")
        #expect(
            response.text
                == (try inspector.swiftTest(from: 2, through: 4, named: "FetchTests", setup: setup)))
        #expect(response.text.contains("await store.receive(Found.self) {"))
        #expect(try get("/api/test?from=0&through=0", server).text.contains("@Suite struct RecordedSessionTests {"))
        #expect(try get("/", server).text.contains(#"<button id="export-test" type="button""#))
    }

    @Test("without the range 400, outside the session 404, a range that cannot be a test 422")
    func refusals() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { server.stop() }

        #expect(try get("/api/test?from=1", server).status == 400)
        #expect(try get("/api/test?from=1&through=many", server).status == 400)
        #expect(try get("/api/test?from=3&through=99", server).status == 404)
        let refused = try get("/api/test?from=3&through=4", server)
        #expect(refused.status == 422)
        #expect(refused.text.contains("start the range at #2"))
        #expect(try get("/api/test?from=0&through=0&name=no%20name", server).status == 422)
    }

    @Test("a server given no setup says it cannot generate tests, and its session tells the page so")
    func withoutSetup() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()))
        defer { server.stop() }

        let response = try get("/api/test?from=0&through=1", server)
        #expect(response.status == 404)
        #expect(response.text.contains("without a SwiftTestSetup"))
        #expect(try get("/api/session", server).text.contains(#""exportsTests":false"#), "the page hides its button")
        let withSetup = try InspectorServer(makeInspector(await recordSession()), testSetup: setup)
        defer { withSetup.stop() }
        #expect(try get("/api/session", withSetup).text.contains(#""exportsTests":true"#))
    }
}

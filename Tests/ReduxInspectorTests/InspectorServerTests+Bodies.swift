import Foundation
import ReduxInspector
import TestHelpers
import Testing

// In InspectorServerTests, whose tests run one at a time: they hold hundreds of connections.
/// A request is judged from its head (Host, Origin, route, the body its route takes) before its
/// body is read: a body that would be refused is never waited for, nor kept.
extension InspectorServerTests {
    /// A head declaring a body of `length` bytes, which is not sent.
    private static func head(
        _ method: String, _ target: String, port: UInt16, length: Int, origin: String? = nil
    ) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if let origin {
            head += "Origin: \(origin)\r\n"
        }
        return Array((head + "Content-Length: \(length)\r\n\r\n").utf8)
    }

    @Test(
        "a body its route does not take is refused from the head, without waiting for the body",
        arguments: [
            ("POST", "/api/journal", "https://attacker.example", 8 << 20, 403),
            ("POST", "/api/journal", nil, 8 << 20, 403),
            ("POST", "/api/toggle?index=1", "own", 1 << 20, 413),
            ("GET", "/api/state?index=1", nil, 1 << 20, 413),
            ("GET", "/api/session", "https://attacker.example", 0, 403),
        ] as [(String, String, String?, Int, Int)])
    func judgedBeforeTheBody(method: String, target: String, origin: String?, length: Int, status: Int) async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }
        let port = server.port
        let sender = origin == "own" ? "http://127.0.0.1:\(port)" : origin
        let head = Self.head(method, target, port: port, length: length, origin: sender)

        // Before, the server waited for the body: 408 after 10 s, or the body read whole.
        let response = try await onOwnThread { try RawHTTPClient.exchange(port: port, head) }

        #expect(response.status == status, "\(response.text)")
        #expect(inspector.count == 11, "nothing was done")
    }

    @Test("250 connections each sending an 8 MiB journal from another origin are all refused 403 from their heads")
    func foreignBodiesRefused() async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }
        let port = server.port
        // The head and the first 64 KiB of the body, on 250 connections open at once.
        let start =
            Self.head("POST", "/api/journal", port: port, length: 8 << 20, origin: "https://attacker.example")
            + [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)

        let statuses = try await onOwnThread {
            let descriptors = try (0..<250).map { _ in try RawHTTPClient.open(port: port, sending: start) }
            return try descriptors.map { try RawHTTPClient.response(on: $0).status }
        }

        #expect(statuses == Array(repeating: 403, count: 250))
        #expect(inspector.count == 11)
        #expect(try RawHTTPClient.exchange(port: port, RawHTTPClient.request("GET", "/", port: port)).status == 200)
    }
}

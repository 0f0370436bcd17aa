import Foundation
import Testing

@testable import ReduxHTTPServer

/// The limits that keep clients holding connections from holding up the others, over real
/// sockets, with short deadlines and a small cap so that each is reached at once.
@Suite(.serialized) struct ConnectionLimitsTests {
    /// A server that answers every request `{}`.
    private func serve(_ limits: HTTPServer.Limits) throws -> HTTPServer {
        try HTTPServer(port: 0, name: "ConnectionLimitsTests", limits: limits) { _ in
            { _ in .json(Array("{}".utf8)) }
        }
    }

    private static func request(_ port: UInt16) -> String {
        "GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
    }

    @Test("a request still trickling in when its deadline passes is answered 408 and closed")
    func tricklingRequestClosedAtDeadline() async throws {
        let server = try serve(HTTPServer.Limits(requestDeadline: 1_000))
        defer { server.stop() }
        let port = server.port

        let (lines, waited, answer) = try await onOwnThread {
            let client = try LoopbackClient(port: port)
            let started = Date()
            client.send(Self.request(port))
            // A header line every 0.1 s: never still for long, never whole. Given up after 30 s.
            var lines = 0
            while Date().timeIntervalSince(started) < 30 {
                lines += 1
                guard client.send("X-Line-\(lines): \(lines)\r\n") else { break }
                guard case .open = client.look() else { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            let waited = Date().timeIntervalSince(started)
            return (lines, waited, String(decoding: client.readToEnd(), as: UTF8.self))
        }

        #expect(lines >= 3, "the request kept arriving")
        #expect(waited >= 1, "not closed before its deadline")
        #expect(waited < 20, "closed at its deadline (1 s), not kept while bytes arrive")
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(answer)")
    }

    @Test("a connection that sends nothing is closed at the request deadline")
    func silentConnectionClosedAtDeadline() async throws {
        let server = try serve(HTTPServer.Limits(requestDeadline: 300))
        defer { server.stop() }
        let port = server.port

        let look = try await onOwnThread { try LoopbackClient(port: port).wait(seconds: 30) }

        #expect(look == .closed)
    }

    @Test("with the cap reached by trickling requests, a new GET is answered: the oldest trickler makes room")
    func oldestTricklerMakesRoom() async throws {
        let server = try serve(HTTPServer.Limits(requestDeadline: 120_000, connectionLimit: 4))
        defer { server.stop() }
        let port = server.port

        let (answer, looks) = try await onOwnThread {
            let tricklers = try (0..<4).map { _ in try LoopbackClient(port: port) }
            for trickler in tricklers {
                trickler.send(Self.request(port))
            }
            // Each sends a header line every 0.1 s until the GET is answered.
            let stop = Flag()
            let trickling = Thread {
                var line = 0
                while !stop.isSet {
                    line += 1
                    for trickler in tricklers {
                        trickler.send("X-Line-\(line): \(line)\r\n")
                    }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            trickling.start()
            let client = try LoopbackClient(port: port)
            client.send(Self.request(port) + "\r\n")
            let answer = String(decoding: client.readToEnd(), as: UTF8.self)
            stop.set()
            return (answer, tricklers.map { $0.look() })
        }

        #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer)")
        #expect(looks.first != .open, "the oldest trickler was closed: \(looks)")
        #expect(looks.dropFirst().allSatisfy { $0 == .open }, "the others are still open: \(looks)")
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() {
        lock.withLock { value = true }
    }
}

import Foundation
import Testing

@testable import ReduxHTTPServer

/// Under a flood of expensive requests from one client, a cheap request from another is answered
/// while they are still held, and what the flood sends past its share is refused 503 with
/// `Retry-After`, never left hanging.
@Suite(.serialized) struct FloodTests {
    /// Expensive answers held until the test opens the gate.
    private final class Gate: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        private let condition = NSCondition()
        private var isOpen = false
        private var finished = 0

        var finishedCount: Int {
            condition.lock()
            defer { condition.unlock() }
            return finished
        }

        func pass() {
            started.signal()
            condition.lock()
            while !isOpen { condition.wait() }
            finished += 1
            condition.unlock()
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }
    }

    @Test("a cheap request is answered while expensive ones are held; the flood past its share gets 503 at once")
    func cheapAnsweredUnderFlood() async throws {
        let gate = Gate()
        let limits = HTTPServer.Limits(waitingPerClient: 4, waitingInAll: 64)
        let server = try HTTPServer(port: 0, name: "FloodTests", limits: limits) { _ in
            HTTPHandler(
                judge: { head, _ in
                    .admit(client: head.headers["x-client"] ?? "", cost: head.path == "/slow" ? .expensive : .cheap)
                },
                respond: { request in
                    if request.path == "/slow" {
                        gate.pass()
                    }
                    return .json(Array("{}".utf8))
                })
        }
        defer { server.stop() }
        let port = server.port
        let request = { @Sendable (path: String, client: String) in
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Client: \(client)\r\n\r\n"
        }

        let (cheap, finishedBefore, flood) = try await onOwnThread {
            let floods = try (0..<10).map { _ in try LoopbackClient(port: port) }
            for client in floods {
                client.send(request("/slow", "flood"))
            }
            // Two run (the responders keep two for cheap requests), four wait, the rest are refused.
            for _ in 0..<2 {
                _ = gate.started.wait(timeout: .now() + 30)
            }
            let page = try LoopbackClient(port: port)
            page.send(request("/fast", "page"))
            // Before, four responders took the first four floods, and this waited for the gate
            // (given up after 30 s).
            let cheap = String(decoding: page.readToEnd(), as: UTF8.self)
            let finishedBefore = gate.finishedCount
            gate.open()
            return (cheap, finishedBefore, floods.map { String(decoding: $0.readToEnd(), as: UTF8.self) })
        }

        #expect(cheap.hasPrefix("HTTP/1.1 200 OK"), "\(cheap)")
        #expect(finishedBefore == 0, "answered while every expensive one was held")
        let refused = flood.filter { $0.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") }
        let answered = flood.filter { $0.hasPrefix("HTTP/1.1 200 OK") }.count
        // Four wait at most, and two run: six are answered when the responders took two before the
        // last arrived, four when all ten arrived first.
        #expect((4...6).contains(answered), "\(answered) answered")
        #expect(refused.count + answered == 10, "the rest refused, none left hanging")
        #expect(refused.allSatisfy { $0.contains("\r\nRetry-After: 1\r\n") })
    }
}

import Foundation
import Testing

@testable import ReduxHTTPServer

/// A request is judged from its head before its body is read, and the bodies the server holds at
/// once stay within its budget: what would pass it is answered 503 with `Retry-After`.
@Suite(.serialized) struct BodyBudgetTests {
    @Test("the judge sees the head before any of the body; a refusal keeps none of it")
    func judgedBeforeTheBody() {
        var parser = HTTPRequestParser()
        var judged: [(String, Int)] = []
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"

        let outcome = parser.append(Array(head.utf8) + Array(repeating: 0, count: 10)) { request, length in
            judged.append((request.path, length))
            return .error(403, "no")
        }

        #expect(judged.map(\.0) == ["/upload"])
        #expect(judged.map(\.1) == [100])
        guard case .rejected(let response) = outcome else {
            Issue.record("not rejected: \(outcome)")
            return
        }
        #expect(response.status == 403)
    }

    @Test("a body that would pass the budget is answered 503 with Retry-After from its head; the one within is read")
    func bodyBeyondTheBudget() async throws {
        let server = try HTTPServer(port: 0, name: "BodyBudgetTests", limits: .init(bodyBudget: 1_000)) { _ in
            HTTPHandler(
                judge: { _, _ in .admit(client: "", cost: .cheap) },
                respond: { request in .json(Array("{\"length\":\(request.body.count)}".utf8)) })
        }
        defer { server.stop() }
        let port = server.port
        let head = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 600\r\n\r\n"

        let (second, third, first) = try await onOwnThread {
            // Its head is judged, and its 600 bytes held for it, before the next connection is read.
            let first = try LoopbackClient(port: port)
            first.send(head)
            let second = try LoopbackClient(port: port)
            second.send(head)
            let secondAnswer = String(decoding: second.readToEnd(), as: UTF8.self)
            // Read after the second was answered: the first holds its share still.
            let third = try LoopbackClient(port: port)
            third.send(head)
            let thirdAnswer = String(decoding: third.readToEnd(), as: UTF8.self)
            first.send(String(repeating: "x", count: 600))
            return (secondAnswer, thirdAnswer, String(decoding: first.readToEnd(), as: UTF8.self))
        }

        for refused in [second, third] {
            #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(refused)")
            #expect(refused.contains("\r\nRetry-After: 1\r\n"))
        }
        #expect(first.hasPrefix("HTTP/1.1 200 OK"), "\(first)")
        #expect(first.hasSuffix("{\"length\":600}"))
    }

    @Test("while unread answers pass their budget, an expensive request is answered 503; a cheap one is not")
    func unreadAnswersBeyondTheBudget() async throws {
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 20)
        let server = try HTTPServer(port: 0, name: "BodyBudgetTests", limits: .init(answerBudget: 1 << 20)) { _ in
            HTTPHandler(
                judge: { head, _ in .admit(client: head.path, cost: head.path == "/fast" ? .cheap : .expensive) },
                respond: { request in .json(request.path == "/big" ? big : Array("{}".utf8)) })
        }
        defer { server.stop() }
        let port = server.port
        let request = { @Sendable (path: String) in "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n" }

        let (whileHeld, cheap, bigLength, afterRead) = try await onOwnThread {
            // Asks for 16 MiB and takes only its first bytes: most of the answer stays with the server.
            let reader = try LoopbackClient(port: port)
            reader.send(request("/big"))
            guard case .bytes(let first) = reader.wait(seconds: 30) else { return ("", "", 0, "") }
            let held = try LoopbackClient(port: port)
            held.send(request("/slow"))
            let whileHeld = String(decoding: held.readToEnd(), as: UTF8.self)
            let fast = try LoopbackClient(port: port)
            fast.send(request("/fast"))
            let cheap = String(decoding: fast.readToEnd(), as: UTF8.self)
            let bigLength = first.count + reader.readToEnd().count
            let after = try LoopbackClient(port: port)
            after.send(request("/slow"))
            return (whileHeld, cheap, bigLength, String(decoding: after.readToEnd(), as: UTF8.self))
        }

        #expect(whileHeld.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(whileHeld.prefix(200))")
        #expect(whileHeld.contains("\r\nRetry-After: 1\r\n"))
        #expect(cheap.hasPrefix("HTTP/1.1 200 OK"), "\(cheap.prefix(200))")
        #expect(bigLength > 16 << 20)  // the whole answer, its head included, once read
        #expect(afterRead.hasPrefix("HTTP/1.1 200 OK"), "\(afterRead.prefix(200))")
    }
}

import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

// One at a time: their raw sockets wait on the calling thread, and several hundred connections at
// once beside the other suites starve the cooperative pool under a sanitizer on two cores.
/// The server answers its own routes over real sockets, refuses what it must, and stops.
@Suite(.serialized) struct InspectorServerTests {
    /// A server over a recorded session, and the inspector it serves.
    func serve() async throws -> (InspectorServer, Inspector<Desk>) {
        let inspector = makeInspector(await recordSession())
        return (try InspectorServer(inspector), inspector)
    }

    private func get(_ target: String, _ server: InspectorServer) throws -> RawResponse {
        try RawHTTPClient.exchange(port: server.port, RawHTTPClient.request("GET", target, port: server.port))
    }

    @Test("any address but 127.0.0.1 is refused with a reason")
    func otherAddressRefused() async throws {
        let inspector = makeInspector(await recordSession())
        for host in ["0.0.0.0", "192.168.1.2", "localhost", "::"] {
            let error = #expect(throws: InspectorError.self) { try InspectorServer(inspector, host: host) }
            #expect(error?.kind == .addressRefused)
            #expect(error?.message.contains("127.0.0.1 only") == true)
        }
    }

    @Test("the server listens on a free port of 127.0.0.1 and serves the page")
    func servesThePage() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }

        #expect(server.port != 0)
        #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)/")
        let page = try get("/", server)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(page.text.contains("MultiRedux Inspector"))
    }

    @Test("no page of another origin may frame the inspector's page")
    func refusesFraming() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }

        let page = try get("/", server)
        #expect(page.headers["content-security-policy"]?.hasSuffix("; frame-ancestors 'none'") == true)
        #expect(page.headers["x-frame-options"] == "DENY")
    }

    @Test(
        "paths outside the routes are not found, with no file served",
        arguments: [
            "/index.html", "/../../etc/passwd", "/api", "/api/state/../../etc/passwd", "/%2e%2e/etc/passwd",
            "/api/sessions",
        ])
    func outsideTheRoutes(path: String) async throws {
        let (server, _) = try await serve()
        defer { server.stop() }

        #expect(try get(path, server).status == 404)
    }

    @Test("malformed requests are answered 400, other methods 405")
    func malformedRequests() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }
        let port = server.port
        let garbage: [[UInt8]] = [
            Array("hello\r\n\r\n".utf8),
            Array("GET / HTTP/1.1 extra\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8),
            Array("GET noslash HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8),
            Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nno colon here\r\n\r\n".utf8),
            Array("POST /api/toggle?index=1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: -4\r\n\r\n".utf8),
            Array("GET /api/state?index=%zz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8),
            [0xFF, 0xFE, 0x00, 13, 10, 13, 10],
            Array("GET / HTTP/1.1\nHost: 127.0.0.1:\(port)\n\n".utf8),
        ]
        for request in garbage {
            #expect(try RawHTTPClient.exchange(port: port, request).status == 400)
        }
        #expect(try get("/api/state?index=many", server).status == 400)
        #expect(try get("/api/state?index=99", server).status == 404)
        let delete = try RawHTTPClient.exchange(port: port, RawHTTPClient.request("DELETE", "/", port: port))
        #expect(delete.status == 405)
        #expect(delete.headers["allow"] == "GET, POST")
        #expect(
            try RawHTTPClient.exchange(port: port, RawHTTPClient.request("POST", "/api/state", port: port)).status
                == 405)
    }

    @Test("an oversized request is answered 413")
    func oversizedRequests() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }
        let port = server.port

        let longHeader = "X-Filler: " + String(repeating: "a", count: 70 * 1024)
        let headers = RawHTTPClient.request("GET", "/", port: port, headers: [longHeader])
        #expect(try RawHTTPClient.exchange(port: port, headers).status == 413)
        let body = Array(
            "POST /api/journal HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 9000000\r\n\r\n".utf8)
        #expect(try RawHTTPClient.exchange(port: port, body).status == 413)
    }

    @Test("a request naming another host, or a change from another origin, is refused")
    func otherHostsRefused() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }
        let port = server.port

        let rebound = Array("GET /api/session HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n".utf8)
        #expect(try RawHTTPClient.exchange(port: port, rebound).status == 403)
        let crossSite = RawHTTPClient.request(
            "POST", "/api/toggle?index=1", port: port, headers: ["Origin: null"])
        #expect(try RawHTTPClient.exchange(port: port, crossSite).status == 403)
    }

    @Test("a change with no Origin, or with two, came from no page of the inspector's: refused, nothing toggled")
    func changesWithoutTheOriginRefused() async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }
        let port = server.port

        let noOrigin = RawHTTPClient.request("POST", "/api/toggle?index=1", port: port, pageOrigin: false)
        let refused = try RawHTTPClient.exchange(port: port, noOrigin)
        #expect(refused.status == 403)
        #expect(refused.text.contains("a POST must carry the Origin"))
        let twoOrigins = RawHTTPClient.request(
            "POST", "/api/toggle?index=1", port: port,
            headers: ["Origin: https://attacker.example", "Origin: http://127.0.0.1:\(port)"])
        #expect(try RawHTTPClient.exchange(port: port, twoOrigins).status == 400)
        #expect(try inspector.entries(at: 1..<2).first?.isSkipped == false)
    }

    @Test("a query naming a parameter twice is refused, whichever value comes last")
    func repeatedParametersRefused() async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }
        let port = server.port

        for target in ["/api/toggle?index=bad&index=1", "/api/toggle?index=1&index=bad", "/api/toggle?index=1&index=1"]
        {
            let response = try RawHTTPClient.exchange(port: port, RawHTTPClient.request("POST", target, port: port))
            #expect(response.status == 400, "\(target)")
            #expect(response.text.contains("names index= twice; send each parameter once"), "\(target)")
        }
        #expect(try inspector.entries(at: 0..<inspector.count).allSatisfy { !$0.isSkipped })
    }

    @Test("the session, a page of entries, and the state after an entry round-trip as JSON")
    func stateRoundTrips() async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }

        let state = try get("/api/state?index=9", server)
        #expect(state.status == 200)
        let decoded = try JSONDecoder().decode(StateReply.self, from: Data(state.body))
        #expect(decoded.index == 9)
        #expect(decoded.tree == (try inspector.stateTree(after: 9)))

        let page = try JSONDecoder().decode(
            EntriesReply.self, from: Data(try get("/api/entries?from=1&count=2&type=CounterFeature.Add", server).body))
        #expect(page.total == 3)
        #expect(page.entries.map(\.index) == [5, 10])

        let diff = try JSONDecoder().decode(DiffReply.self, from: Data(try get("/api/diff?index=5", server).body))
        #expect(diff.changes == [StateChange(path: "counter.total", old: "1", new: "3")])
    }

    @Test("toggling and moving through the API edit the session the inspector computes")
    func editsThroughTheAPI() async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }
        let port = server.port

        let toggled = try RawHTTPClient.exchange(
            port: port, RawHTTPClient.request("POST", "/api/toggle?index=5", port: port))
        #expect(toggled.status == 200)
        #expect(try JSONDecoder().decode(InspectedEntry.self, from: Data(toggled.body)).isSkipped)
        #expect(try inspector.state(after: 6).counter.total == 1)

        let moved = try RawHTTPClient.exchange(
            port: port, RawHTTPClient.request("POST", "/api/move?from=10&to=0", port: port))
        #expect(moved.status == 200)
        #expect(try inspector.entry(at: 0).summary == "Add(amount: 3)")
        #expect(try get("/api/session", server).text.contains("\"edited\":true"))
    }

    @Test("the journal exported by the API reads back, and importing it restores the session")
    func journalRoundTrips() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)
        let server = try InspectorServer(inspector)
        defer { server.stop() }
        let port = server.port

        let exported = try get("/api/journal", server)
        #expect(exported.status == 200)
        #expect(exported.headers["content-disposition"] == "attachment; filename=\"session.journal\"")
        let directory = try TemporaryDirectory()
        let path = directory.file("exported.journal").path
        try Data(exported.body).write(to: URL(fileURLWithPath: path))
        let read = try Journal<Desk>(contentsOf: path, actions: RecordableActions(makeDesk(Desk())))
        #expect(read.entries.map(\.typeName) == journal.entries.map(\.typeName))
        #expect(read.causes == journal.causes)
        #expect(try replayed(read.entries) == replayed(journal.entries))

        try inspector.toggle(0)
        try inspector.move(from: 1, to: 9)
        let imported = try RawHTTPClient.exchange(
            port: port, RawHTTPClient.request("POST", "/api/journal", port: port, body: exported.body))
        #expect(imported.status == 200)
        #expect(!inspector.isEdited)
        #expect(
            try inspector.entries(at: 0..<11).map(\.summary)
                == makeInspector(journal).entries(at: 0..<11).map(\.summary))
        #expect(try inspector.state(after: 10) == replayed(journal.entries))

        let refused = try RawHTTPClient.exchange(
            port: port, RawHTTPClient.request("POST", "/api/journal", port: port, body: Array("not a journal\n".utf8)))
        #expect(refused.status == 422)
        #expect(refused.text.contains("is not a MultiRedux journal"))
        #expect(inspector.count == 11)
    }

    @Test("a body shorter than its Content-Length is answered 408 once it stops arriving", timeLimit(minutes: 1))
    func shortBody() async throws {
        let (server, inspector) = try await serve()
        defer { server.stop() }
        let port = server.port
        let short = Array(
            ("POST /api/journal HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Content-Length: 100\r\n\r\nabc").utf8)

        // Blocking socket work off the cooperative pool, which the other tests' effects need.
        let response = try await onOwnThread { try RawHTTPClient.exchange(port: port, short) }

        #expect(response.status == 408)
        #expect(response.text.contains("stopped arriving"))
        #expect(inspector.count == 11)
    }

    @Test("a burst of 200 connections open at once is answered in full, none dropped")
    func burst() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }
        let port = server.port
        let answered = try await onOwnThread {
            var sockets: [Int32] = []
            defer { sockets.forEach { _ = close($0) } }
            for _ in 0..<200 {
                let socket = RawHTTPClient.streamSocket()
                // Generous: a sanitizer run on a loaded machine answers slowly, but answers.
                var timeout = timeval(tv_sec: 120, tv_usec: 0)
                _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                try RawHTTPClient.connect(socket, port: port)
                sockets.append(socket)
            }
            for socket in sockets {
                let request = RawHTTPClient.request("GET", "/api/session", port: port)
                _ = request.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            }
            var answered = 0
            for socket in sockets {
                var chunk = [UInt8](repeating: 0, count: 16)
                if chunk.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, 0) }) >= 12,
                    String(decoding: chunk[..<12], as: UTF8.self) == "HTTP/1.1 200"
                {
                    answered += 1
                }
            }
            return answered
        }

        #expect(answered == 200)
    }

    @Test("300 connections held open and silent hold up no request")
    func idleConnections() async throws {
        let (server, _) = try await serve()
        defer { server.stop() }
        let port = server.port
        let sockets = try await onOwnThread {
            var sockets: [Int32] = []
            for _ in 0..<300 {
                let socket = RawHTTPClient.streamSocket()
                try RawHTTPClient.connect(socket, port: port)
                sockets.append(socket)
            }
            return sockets
        }
        defer { sockets.forEach { _ = close($0) } }
        try await Task.sleep(nanoseconds: 1_500_000_000)

        let started = Date()
        let answer = try await onOwnThread {
            try RawHTTPClient.exchange(port: port, RawHTTPClient.request("GET", "/api/session", port: port))
        }

        #expect(answer.status == 200)
        #expect(Date().timeIntervalSince(started) < 5, "silent connections make room, long before their 10 s")
    }

    @Test("a client that never reads a long answer holds up no other request")
    func slowReader() async throws {
        // A journal whose export is more than the system buffers for a connection (4 MiB on Linux):
        // cheap lines, not one long value, which a sanitizer run describes slowly.
        let journal = Journal<Desk>(entries: Array(repeating: .action(Add(amount: 1)), count: 100_000))
        let inspector = Inspector(journal: journal, initialState: Desk(), makeStore: makeDesk)
        let server = try InspectorServer(inspector)
        defer { server.stop() }
        let port = server.port
        // It asks for the journal (6.4 MB) and reads nothing: a server that writes on one thread
        // waits for it, 10 s.
        let slow = RawHTTPClient.streamSocket()
        defer { close(slow) }
        var size: Int32 = 1024
        _ = setsockopt(slow, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        try RawHTTPClient.connect(slow, port: port)
        let request = RawHTTPClient.request("GET", "/api/journal", port: port)
        _ = request.withUnsafeBytes { write(slow, $0.baseAddress, $0.count) }
        try await Task.sleep(nanoseconds: 3_000_000_000)

        let started = Date()
        let answer = try await onOwnThread {
            try RawHTTPClient.exchange(port: port, RawHTTPClient.request("GET", "/api/session", port: port))
        }
        #expect(answer.status == 200)
        #expect(Date().timeIntervalSince(started) < 5, "answered long before the slow client gives up")
    }

    @Test("a connection that sends nothing holds up no other, and stop() ends the server")
    func silentConnectionAndStop() async throws {
        let (server, _) = try await serve()
        let port = server.port
        let silent = RawHTTPClient.streamSocket()
        defer { close(silent) }
        try RawHTTPClient.connect(silent, port: port)

        #expect(try get("/api/session", server).status == 200)

        server.stop()
        server.stop()
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient.send(port: port, []) }
    }
}

private struct StateReply: Decodable {
    var index: Int
    var tree: StateNode
}

private struct EntriesReply: Decodable {
    var total: Int
    var from: Int
    var entries: [InspectedEntry]
}

private struct DiffReply: Decodable {
    var index: Int
    var changes: [StateChange]
}

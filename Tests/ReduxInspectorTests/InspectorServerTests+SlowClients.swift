import Foundation
import ReduxInspector
import TestHelpers
import Testing

// In InspectorServerTests, whose tests run one at a time: its other tests hold hundreds of
// connections too, and together they would starve the machine under a sanitizer.
/// Clients that hold connections open by sending a request slowly hold up no other client.
extension InspectorServerTests {
    @Test(
        "300 connections that each send a header line every 0.5 s hold up no GET: it is answered within 5 s",
        timeLimit(minutes: 2))
    func trickling() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()))
        defer { server.stop() }
        let port = server.port
        let clients = TricklingClients(count: 300, port: port, interval: 0.5)
        defer { clients.stop() }
        // Three rounds: every connection is open and has sent lines since the server took it.
        #expect(await onOwnThread { clients.waitForRounds(3) })

        // Timed on the thread that asks, not counting the wait for the test's task to resume.
        let (answer, waited) = try await onOwnThread {
            let started = Date()
            let answer = try RawHTTPClient.exchange(
                port: port, RawHTTPClient.request("GET", "/api/session", port: port))
            return (answer, Date().timeIntervalSince(started))
        }

        #expect(answer.status == 200)
        // A server that keeps every connection still sending bytes never answers it (the client
        // gives up after 30 s); one that closes the oldest to make room answers at once: well
        // under a second alone, 2.2 s once under Thread Sanitizer on a busy two-core machine.
        #expect(waited < 5, "answered after \(waited) s")
    }
}

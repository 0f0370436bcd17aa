import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

/// A test is written as a job: `POST /api/test` starts it (one at a time), `GET /api/test` says
/// how it goes, `POST /api/test/cancel` gives it up.
@Suite(.serialized) struct SwiftTestJobRouteTests {
    /// A setup whose dependencies, asked once at the start of each test written, wait for `gate`
    /// while armed: the job is held in the middle of its work until the test lets it go.
    private final class HeldSetup: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var armed = true
        private var threadNames: [String] = []

        var setup: SwiftTestSetup {
            SwiftTestSetup(
                features: "[CounterFeature().at(\\.counter), CatalogFeature().at(\\.catalog)]", initialState: "Desk()",
                imports: ["DeskApp"]
            ) { [self] _ in
                let isArmed = lock.withLock {
                    threadNames.append(Thread.current.name ?? "")
                    return armed
                }
                if isArmed {
                    held.signal()
                    _ = gate.wait(timeout: .now() + 30)
                }
                return nil
            }
        }

        /// The names of the threads the tests were written on.
        var writers: [String] { lock.withLock { threadNames } }

        /// Lets every held job go, and the next ones run through.
        func release() {
            lock.withLock { armed = false }
            for _ in 0..<8 {
                gate.signal()
            }
        }
    }

    @Test("while a test is written, a second and more are refused 429, and GETs are answered", timeLimit(minutes: 2))
    func oneAtATime() async throws {
        let held = HeldSetup()
        let inspector = makeInspector(await recordSession())
        let server = try InspectorServer(inspector, testSetup: held.setup)
        defer { server.stop() }
        let port = server.port
        defer { held.release() }

        let first = try await onOwnThread { try httpPost("/api/test?from=0&through=10", port) }
        let isHeld = await onOwnThread { signalled(held.held, within: 30) }
        // What four clicks at once sent: each refused while the first is being written.
        async let others = onOwnThread {
            try (0..<3).map { _ in try httpPost("/api/test?from=0&through=10", port) }
        }
        let session = try await onOwnThread { try httpGet("/api/session", port) }
        let running = try await onOwnThread { try currentJob(port) }
        let refused = try await others

        #expect(isHeld, "the first test's writing began")
        // Answered while its test is held in the middle of its writing: the test is written on a
        // thread other than the one that answered the request.
        #expect(first.status == 202)
        #expect(session.status == 200, "a GET is answered while the test is written")
        #expect(running.state == "running")
        #expect(running.from == 0 && running.through == 10)
        #expect(refused.map(\.status) == [429, 429, 429])
        #expect(refused.allSatisfy { $0.text.contains("entries 0 through 10 is being written") })
        held.release()
        let done = try await onOwnThread { try waitForJob(port) }
        #expect(done.state == "done")
        #expect(
            done.source
                == (try inspector.swiftTest(from: 0, through: 10, named: "RecordedSessionTests", setup: held.setup)))
        #expect(held.writers.count == 2, "one job ran, and the call above")
    }

    @Test(
        "a cancelled test is never delivered, and another may start once the first has stopped", timeLimit(minutes: 2))
    func cancel() async throws {
        let held = HeldSetup()
        let inspector = makeInspector(await recordSession())
        let server = try InspectorServer(inspector, testSetup: held.setup)
        defer { server.stop() }
        let port = server.port
        defer { held.release() }

        #expect(try await onOwnThread { try httpPost("/api/test?from=0&through=10", port) }.status == 202)
        #expect(await onOwnThread { signalled(held.held, within: 30) })
        let cancelled = try await onOwnThread { try httpPost("/api/test/cancel", port) }
        let whileStopping = try await onOwnThread { try httpPost("/api/test?from=0&through=4", port) }
        held.release()
        let stopped = try await onOwnThread { try waitForJob(port) }
        let again = try await onOwnThread { try httpPost("/api/test?from=0&through=4", port) }
        let done = try await onOwnThread { try waitForJob(port) }

        #expect(cancelled.status == 200)
        #expect(cancelled.text.contains(#""state":"cancelling""#))
        #expect(whileStopping.status == 429, "one job at a time, a cancelled one until it has stopped")
        #expect(stopped.state == "cancelled")
        #expect(stopped.source == nil, "the cancelled test is dropped")
        #expect(again.status == 202)
        #expect(done.state == "done")
        #expect(done.from == 0 && done.through == 4)
        #expect(done.source?.contains("@Suite struct RecordedSessionTests {") == true)
    }

    @Test("a cancel from another origin is refused, and one with no test under way changes nothing")
    func cancelRefusals() async throws {
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: HeldSetup().setup)
        defer { server.stop() }
        let port = server.port

        let foreign = try RawHTTPClient.exchange(
            port: port,
            RawHTTPClient.request("POST", "/api/test/cancel", port: port, headers: ["Origin: https://example.com"]))
        let idle = try httpPost("/api/test/cancel", port)
        let get = try httpGet("/api/test/cancel", port)

        #expect(foreign.status == 403)
        #expect(idle.status == 200)
        #expect(try currentJob(port).state == "none")
        #expect(get.status == 405)
        #expect(get.headers["allow"] == "POST")
    }
}

/// What `GET /api/test` answers.
struct JobReply: Decodable {
    var state: String
    var from: Int?
    var through: Int?
    var name: String?
    var source: String?
    var error: String?
}

func httpGet(_ target: String, _ port: UInt16) throws -> RawResponse {
    try RawHTTPClient.exchange(port: port, RawHTTPClient.request("GET", target, port: port))
}

func httpPost(_ target: String, _ port: UInt16) throws -> RawResponse {
    try RawHTTPClient.exchange(port: port, RawHTTPClient.request("POST", target, port: port))
}

/// The server's test job.
func currentJob(_ port: UInt16) throws -> JobReply {
    try JSONDecoder().decode(JobReply.self, from: Data(try httpGet("/api/test", port).body))
}

/// The server's test job once it is neither running nor stopping (asked every 20 ms, for at most
/// a minute).
func waitForJob(_ port: UInt16) throws -> JobReply {
    let deadline = Date().addingTimeInterval(60)
    while true {
        let reply = try currentJob(port)
        if !["running", "cancelling"].contains(reply.state) || Date() > deadline { return reply }
        Thread.sleep(forTimeInterval: 0.02)
    }
}

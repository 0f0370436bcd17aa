import Foundation
import MultiRedux
import ReduxInspector
import TestHelpers
import Testing

/// The served page in headless Chromium: a link fills in the range of a test and waits for a
/// click; a test under way shows, with its Cancel button, and no second can be asked for.
///
/// Skipped when Chromium is missing, unless `MULTIREDUX_REQUIRE_DOCS_SITE=1` (`.ci/run`).
@Suite(.serialized, .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
struct InspectorPageJobTests {
    /// A setup that counts the tests written and, while armed, holds each at its start until
    /// released.
    private final class CountingSetup: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var armed: Bool
        private var count = 0

        init(holding: Bool) {
            armed = holding
        }

        var setup: SwiftTestSetup {
            SwiftTestSetup(
                features: "[CounterFeature().at(\\.counter), CatalogFeature().at(\\.catalog)]", initialState: "Desk()",
                imports: ["DeskApp"]
            ) { [self] _ in
                let isArmed = lock.withLock {
                    count += 1
                    return armed
                }
                if isArmed {
                    held.signal()
                    _ = gate.wait(timeout: .now() + 60)
                }
                return nil
            }
        }

        /// How many tests were written (or began to be).
        var written: Int { lock.withLock { count } }

        func release() {
            lock.withLock { armed = false }
            gate.signal()
        }
    }

    @Test("a link's #export= writes no test: the page shows the range it asks for and waits for a click")
    func linkStartsNothing() async throws {
        let counting = CountingSetup(holding: false)
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: counting.setup)
        defer { server.stop() }

        let page = try await load(server, "export=2-4")

        #expect(counting.written == 0, "loading the page wrote a test")
        #expect(try currentJob(server.port).state == "none")
        #expect(
            text(of: "test-job-text", in: page)?.hasPrefix("This link asks for a test of entries 2 through 4") == true)
        #expect(tag("test-job", in: page)?.contains("hidden") == false, "the range is shown")
        #expect(tag("test-start", in: page)?.contains("disabled") == false, "and can be clicked")
    }

    @Test("a page opened while a test is written shows it, with Cancel, and Export as test disabled")
    func runningJobShown() async throws {
        let counting = CountingSetup(holding: true)
        let server = try InspectorServer(makeInspector(await recordSession()), testSetup: counting.setup)
        defer { server.stop() }
        defer { counting.release() }
        let port = server.port
        #expect(try await onOwnThread { try httpPost("/api/test?from=0&through=10", port) }.status == 202)
        #expect(await onOwnThread { signalled(counting.held, within: 30) })

        let page = try await load(server, "")

        #expect(text(of: "test-job-text", in: page)?.hasPrefix("Writing the test of entries 0 through 10") == true)
        #expect(tag("test-cancel", in: page)?.contains("hidden") == false, "Cancel is offered")
        #expect(tag("export-test", in: page)?.contains("disabled") == true, "no second test can be asked for")
        #expect(tag("test-start", in: page)?.contains("disabled") == true)
        counting.release()
        #expect(try await onOwnThread { try waitForJob(port) }.state == "done")
    }

    /// Loads the served page with a link fragment in headless Chromium.
    private func load(_ server: InspectorServer, _ fragment: String) async throws -> String {
        let page = try #require(URL(string: server.url.absoluteString + "#" + fragment))
        return try await onOwnThread { try Browser.dumpDOM(page) }
    }

    /// The opening tag of the element with that id.
    private func tag(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\"") else { return nil }
        let opening = html[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        let end = html[start.upperBound...].firstIndex(of: ">") ?? html.endIndex
        return String(html[opening..<end])
    }

    /// The text that starts the element with that id (up to its first tag).
    private func text(of id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\"") else { return nil }
        let rest = html[start.upperBound...].drop { $0 != ">" }.dropFirst()
        return String(rest.prefix { $0 != "<" })
    }
}

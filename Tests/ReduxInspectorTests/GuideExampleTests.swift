import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

/// The code of ReduxInspector's landing page (Docs/MultiRedux.docc/ReduxInspector.md), run.
@Suite struct GuideExampleTests {
    @Test("the landing page's example: record a session, serve it on 127.0.0.1, write it as one file")
    func landingPageExample() async throws {
        let directory = try TemporaryDirectory()
        let store = makeDesk(Desk())
        let recorder = ActionRecorder(store)  // in a debug build, from the start
        await store.dispatchAndWait(Add(amount: 1))
        await store.dispatchAndWait(Fetch(item: 1))

        let inspector = Inspector(journal: recorder.journal, initialState: Desk(), makeStore: makeDesk)
        let server = try InspectorServer(inspector)  // 127.0.0.1, a free port
        var log: [String] = []
        log.append("Inspect the session at \(server.url)")
        try inspector.writeHTML(to: directory.file("session.html").path)  // or one file that opens offline
        server.stop()

        #expect(log.count == 1 && log[0].hasPrefix("Inspect the session at http://127.0.0.1:"))
        #expect(try inspector.state(after: inspector.count - 1) == store.state)
        #expect(FileManager.default.fileExists(atPath: directory.file("session.html").path))
    }
}

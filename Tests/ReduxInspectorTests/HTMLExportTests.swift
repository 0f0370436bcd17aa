import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

@Suite struct HTMLExportTests {
    @Test("the HTML export embeds the entries, states and changes, and loads nothing from the network")
    func exportIsSelfContained() async throws {
        let inspector = makeInspector(await recordSession())
        let directory = try TemporaryDirectory()
        let path = directory.file("session.html").path

        try inspector.writeHTML(to: path)

        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains(#"<script id="session-data" type="application/json">"#))
        #expect(html.contains(#""typeName":"CatalogFeature.Found""#))
        #expect(html.contains(#""path":"counter.total""#))
        #expect(html.contains(#"\"saving\""#))
        #expect(html.contains("Content-Security-Policy"))
        for external in ["http:", "https:", "//cdn", "src=", "@import", "url("] {
            #expect(!html.contains(external), "\(external)")
        }
        #expect(!html.contains(#""trimmed""#))
    }

    @Test("an export of a longer session than the limit says in the page that states were left out")
    func trimmedExportSaysSo() async throws {
        let inspector = makeInspector(await recordSession())
        let directory = try TemporaryDirectory()
        let path = directory.file("session.html").path

        try inspector.writeHTML(to: path, embeddingStatesUpTo: 4)

        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("holds the states of the first 4 of 11 actions"))
        #expect(html.contains(#""typeName":"CounterFeature.Add""#))
    }

    @Test("data that looks like markup cannot end the embedded script")
    func markupInDataIsEscaped() async throws {
        let store = makeDesk(Desk())
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(Note(text: "</script><script>alert(1)</script>"))
        recorder.stop()
        let inspector = makeInspector(recorder.journal)
        let directory = try TemporaryDirectory()
        let path = directory.file("session.html").path

        try inspector.writeHTML(to: path)

        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!html.contains("alert(1)</script>"))
        #expect(html.contains(#"\u003c\/script>"#))
    }
}

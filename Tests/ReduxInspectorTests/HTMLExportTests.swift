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

/// The export as Chromium shows it.
@Suite struct HTMLExportPageTests {
    /// A state with a set, whose elements have no label.
    struct Tags: State, Codable, Equatable {
        var names: Set<String> = []
    }

    struct AddTag: Action, Codable, Equatable {
        var name: String
    }

    struct TagFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReduceFunction { (_, action: AddTag, state: inout Tags) in
                state.names.insert(action.name)
            }
        }
    }

    @Test(
        "a set's elements show without a label, and a time no date holds shows nothing, not NaN",
        .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
    func setElementsAndTimes() async throws {
        let makeStore: @Sendable (Tags) -> Store<Tags> = {
            Store(initialState: $0, features: [TagFeature().at(\.self)])
        }
        let store = makeStore(Tags())
        let recorder = ActionRecorder(store)
        store.dispatch(AddTag(name: "blue"))
        store.dispatch(AddTag(name: "green"))
        recorder.stop()
        var journal = recorder.journal
        journal.times[1] = 1e300  // beyond any date
        let directory = try TemporaryDirectory()
        let file = directory.file("tags.html")
        try Inspector(journal: journal, initialState: Tags(), makeStore: makeStore).writeHTML(to: file.path)

        let html = try await onOwnThread {
            try Browser.dumpDOM(URL(string: file.absoluteString + "#select=1&open=names")!)
        }

        #expect(html.contains("\"blue\""))
        #expect(html.contains("\"green\""))
        #expect(!html.contains("<span class=\"label\"></span>"))
        #expect(!html.contains(": <span class=\"\">\"blue\""))
        #expect(!html.contains("NaN"))
        #expect(html.contains("<span class=\"time\">"), "the first action's time is shown")
    }

    @Test(
        "an export cut short says on the page that it cannot be read, rather than showing buttons that do nothing",
        .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
    func cutShortSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("session.html")
        try makeInspector(await recordSession()).writeHTML(to: file.path)
        let html = try String(contentsOf: file, encoding: .utf8)
        // The embedded JSON ends half-way, as a copy that stopped or a file too large to read.
        let data = try #require(html.range(of: #"<script id="session-data" type="application/json">"#))
        let cut =
            html[..<html.index(data.upperBound, offsetBy: 200)] + "</script>"
            + html[try #require(html.range(of: "</script>", range: data.upperBound..<html.endIndex)).upperBound...]
        try String(cut).write(to: file, atomically: true, encoding: .utf8)

        let page = try await onOwnThread { try Browser.dumpDOM(file) }

        #expect(page.contains("This export cannot be read ("))
        #expect(page.contains("open the recording with the inspector"))
    }
}

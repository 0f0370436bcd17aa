import Foundation
import Testing

@testable import ReduxInspector

/// The inspector's page is written as real files (`Sources/ReduxInspector/Page`), and the Swift
/// target embeds them, put together by `.ci/generate-inspector-page`.
@Suite struct InspectorPageSourceTests {
    private static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ReduxInspector/Page")

    private static func read(_ name: String) throws -> String {
        try String(contentsOf: page.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("the embedded page is Page/inspector.html with inspector.css and inspector.js put inline")
    func embeddedPageIsThePageFiles() throws {
        let html = try Self.read("inspector.html")
        let inline = html.replacingOccurrences(
            of: "<link rel=\"stylesheet\" href=\"inspector.css\">\n",
            with: "<style>\n" + (try Self.read("inspector.css")) + "</style>\n"
        ).replacingOccurrences(
            of: "<script src=\"inspector.js\"></script>\n",
            with: "<script>\n" + (try Self.read("inspector.js")) + "</script>\n")

        #expect(inline != html, "inspector.html names neither file")
        // A multi-line string literal ends before the line break that precedes its delimiter.
        #expect(
            InspectorPage.template + "\n" == inline,
            "InspectorPage+Template.swift is out of date: run .ci/generate-inspector-page")
    }
}

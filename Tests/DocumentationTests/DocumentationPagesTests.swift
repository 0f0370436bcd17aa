import Foundation
import TestHelpers
import Testing

/// Keeps the Swift blocks of `README.md` and `Docs/` in step with code the package compiles.
@Suite struct DocumentationPagesTests {
    private static let root = packageRoot

    /// `README.md` and every page under `Docs/`, relative to the package root.
    static let pages: [String] = {
        let docs = root.appendingPathComponent("Docs")
        let files = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + files.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    }()

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private static func swiftSources() throws -> [String] {
        var paths = ["Package.swift"]
        for folder in ["Sources", "Tests"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            paths += (files?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
                .map { "\(folder)/\($0)" }
        }
        return try paths.map(read)
    }

    @Test("every Swift block of the README and Docs shows code the package compiles, or says why not")
    func blocksAreCompiledCode() throws {
        let check = SwiftBlockCheck(sources: try Self.swiftSources())
        var blocks: [SwiftBlockCheck.Block] = []
        for page in Self.pages {
            blocks += SwiftBlockCheck.blocks(in: try Self.read(page), page: page)
        }
        #expect(blocks.count >= 40, "the pages were not found under \(Self.root.path)")
        let findings = blocks.flatMap(check.findings(for:))
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test("a line that no source has is found, and named with its page and block")
    func missingLineIsReported() {
        let check = SwiftBlockCheck(sources: [
            "let store = Store(initialState: AppState())\n#expect(store.state.count == 1)"
        ])
        let page = """
            Intro.

            ```swift
            let store = Store(initialState:   AppState())   // spaces and comments do not matter
            store.state.count
            store.dispatch(Increment())
            ```
            """
        let blocks = SwiftBlockCheck.blocks(in: page, page: "Page.md")
        #expect(blocks.count == 1)
        #expect(
            blocks.flatMap(check.findings(for:)) == [
                SwiftBlockCheck.Finding(
                    block: "Page.md:3", problem: "not in the package's sources: store.dispatch(Increment())")
            ])
    }

    @Test("a print in a page stands for a log.append in the test")
    func printStandsForLogAppend() {
        let check = SwiftBlockCheck(sources: [#"log.append("\(name) joined")"#])
        let blocks = SwiftBlockCheck.blocks(in: "```swift\nprint(\"\\(name) joined\")\n```", page: "Page.md")
        #expect(blocks.flatMap(check.findings(for:)).isEmpty)
    }

    @Test("a block marked not compiled is skipped only when the mark gives a reason")
    func notCompiledNeedsAReason() {
        let check = SwiftBlockCheck(sources: [])
        let page = """
            <!-- not compiled: a user's own manifest -->
            ```swift
            let package = Package(name: "MyApp")
            ```

            <!-- not compiled: -->
            ```swift
            let package = Package(name: "MyApp")
            ```
            """
        let blocks = SwiftBlockCheck.blocks(in: page, page: "Page.md")
        #expect(blocks.map(\.notCompiledReason) == ["a user's own manifest", ""])
        #expect(
            blocks.flatMap(check.findings(for:)) == [
                SwiftBlockCheck.Finding(block: "Page.md:7", problem: "`not compiled:` gives no reason")
            ])
    }
}

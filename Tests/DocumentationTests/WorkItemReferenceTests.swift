import Foundation
import TestHelpers
import Testing

/// Keeps the project's own work items (the issues and steps the work was tracked in) out of what
/// users read: the pages under `Docs/` and the sources, whose strings are what the programs print
/// and whose doc comments are the reference. A decision or a page says what it shows, not which
/// piece of work it came from.
@Suite struct WorkItemReferenceTests {
    /// Whether a text refers to a work item: "issue 31", "Issues 13 and 19", "(stop 38)", "work
    /// item". (Written without `Regex`, which the package's oldest platforms do not have.)
    static func refersToWorkItem(_ text: some StringProtocol) -> Bool {
        let lowercased = text.lowercased()
        // Most lines name none of the words: skip them before the character walk below, which
        // made this scan of every source the slowest test under Address Sanitizer.
        guard lowercased.contains("issue") || lowercased.contains("stop") || lowercased.contains("work item")
        else { return false }
        let characters = Array(lowercased)
        func word(at index: Int, _ word: String) -> Bool {
            let end = index + word.count
            return end <= characters.count && String(characters[index..<end]) == word
                && (index == 0 || !characters[index - 1].isLetter)
        }
        for index in characters.indices {
            for keyword in ["issues ", "issue ", "stops ", "stop "] where word(at: index, keyword) {
                var next = index + keyword.count
                if next < characters.count, characters[next] == "#" { next += 1 }
                if next < characters.count, characters[next].isNumber { return true }
            }
            if word(at: index, "work item") { return true }
        }
        return false
    }

    /// The lines of the text files under a folder of the package that mention a work item, as
    /// `path:line: text`.
    static func references(under folder: String, endingIn suffix: String) throws -> [String] {
        let directory = packageRoot.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(suffix) }.sorted().flatMap { try references(in: "\(folder)/\($0)") }
    }

    /// The lines of a text file of the package that mention a work item, as `path:line: text`.
    static func references(in path: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { refersToWorkItem($0.element) }
            .map { "\(path):\($0.offset + 1): \($0.element)" }
    }

    @Test("no page under Docs speaks of the project's work items")
    func docsSayWhatNotWhence() throws {
        let found = try Self.references(under: "Docs", endingIn: ".md")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test(
        "neither the README nor the CHANGELOG speaks of the project's work items",
        arguments: ["README.md", "CHANGELOG.md"])
    func topLevelPagesSayWhatNotWhence(_ page: String) throws {
        let found = try Self.references(in: page)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("no source, and so no program output or doc comment, speaks of the project's work items")
    func sourcesSayWhatNotWhence() throws {
        let found = try Self.references(under: "Sources", endingIn: ".swift")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test(
        "the references found are work items, not rounds, issue reporters or a list's items",
        arguments: [
            ("the target of issue 31's work", true), ("Issues 13 and 19", true), ("(stop 38)", true),
            ("a work item", true), ("Round 4: Ann chose Rock", false), ("the issue reporter", false),
            ("item 4 above", false), ("stops a debug build", false),
        ])
    func referencesAreWorkItems(_ text: String, isReference: Bool) {
        #expect(Self.refersToWorkItem(text) == isReference)
    }
}

import Foundation
import TestHelpers
import Testing

/// Keeps `Docs/RockPaperScissors.md` and the game's section of `Docs/Testing.md` honest: every
/// Swift block that starts with a file path must still be an excerpt of that file.
@Suite struct DocumentationTests {
    private static let root = packageRoot

    /// The documents whose excerpts are checked.
    static let documents = ["Docs/RockPaperScissors.md", "Docs/MultiRedux.docc/Articles/Testing.md"]

    /// An excerpt: the document that shows it, the file it claims to come from and its lines.
    struct Excerpt: CustomTestStringConvertible, Sendable {
        var document: String
        var path: String
        var lines: [String]

        var testDescription: String { "\(document): \(path) (\(lines.count) lines)" }
    }

    /// The excerpts in the documents, in order.
    static var excerpts: [Excerpt] {
        documents.flatMap { excerpts(in: $0) }
    }

    /// The excerpts in one document, in order.
    static func excerpts(in documentPath: String) -> [Excerpt] {
        let document =
            (try? String(contentsOf: root.appendingPathComponent(documentPath), encoding: .utf8)) ?? ""
        var excerpts: [Excerpt] = []
        var current: [String]?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```swift" {
                current = []
            } else if line == "```", let block = current {
                if let first = block.first,
                    ["// Sources/", "// Tests/", "// Package.swift"].contains(where: { first.hasPrefix($0) })
                {
                    excerpts.append(
                        Excerpt(
                            document: documentPath, path: String(first.dropFirst(3)), lines: Array(block.dropFirst())))
                }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return excerpts
    }

    @Test("the walk-through and the testing guide's game section have excerpts to check")
    func hasExcerpts() {
        #expect(Self.excerpts(in: "Docs/RockPaperScissors.md").count >= 10)
        #expect(Self.excerpts(in: "Docs/MultiRedux.docc/Articles/Testing.md").count >= 5)
    }

    @Test("each excerpt appears in its file, in order, doc comments aside", arguments: excerpts)
    func excerptMatchesSource(excerpt: Excerpt) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(excerpt.path), encoding: .utf8)
        let source = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
        var chunks: [[String]] = [[]]
        for line in excerpt.lines {
            if line.trimmingCharacters(in: .whitespaces) == "// ..." {
                chunks.append([])
            } else {
                chunks[chunks.count - 1].append(line)
            }
        }
        var start = 0
        for chunk in chunks where !chunk.isEmpty {
            let found = (start...max(start, source.count - chunk.count)).first { index in
                index + chunk.count <= source.count && Array(source[index..<index + chunk.count]) == chunk
            }
            let index = try #require(found, "not found in \(excerpt.path):\n\(chunk.joined(separator: "\n"))")
            start = index + chunk.count
        }
    }
}

import Foundation
import Testing

/// Keeps `Docs/RockPaperScissors.md` honest: every Swift block that starts with a file path must
/// still be an excerpt of that file.
@Suite struct DocumentationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An excerpt: the file it claims to come from and its lines.
    struct Excerpt: CustomTestStringConvertible, Sendable {
        var path: String
        var lines: [String]

        var testDescription: String { "\(path) (\(lines.count) lines)" }
    }

    /// The excerpts in the walk-through, in order.
    static var excerpts: [Excerpt] {
        let document =
            (try? String(contentsOf: root.appendingPathComponent("Docs/RockPaperScissors.md"), encoding: .utf8)) ?? ""
        var excerpts: [Excerpt] = []
        var current: [String]?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```swift" {
                current = []
            } else if line == "```", let block = current {
                if let first = block.first, first.hasPrefix("// Sources/") || first.hasPrefix("// Tests/") {
                    excerpts.append(Excerpt(path: String(first.dropFirst(3)), lines: Array(block.dropFirst())))
                }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return excerpts
    }

    @Test("the walk-through has excerpts to check")
    func hasExcerpts() {
        #expect(Self.excerpts.count >= 10)
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

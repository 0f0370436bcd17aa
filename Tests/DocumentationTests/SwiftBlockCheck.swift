import Foundation

/// Checks that the Swift blocks of the Markdown pages show code the package compiles.
///
/// A block passes when each of its code lines occurs in a Swift file of the package (`Sources/`,
/// `Tests/` or `Package.swift`), compared without comments and with runs of spaces collapsed. A
/// line may be part of a longer source line (`store.state.count` in a doc, inside an `#expect` in
/// a test), and a `print(` in a doc stands for `log.append(` in the test that records what would
/// be printed.
///
/// A block that cannot be compiled as shown (a user's manifest, a summary with `…`) is preceded
/// by a line `<!-- not compiled: why -->`, which the check requires to give a reason.
struct SwiftBlockCheck {
    /// A Swift block of a page.
    struct Block: CustomStringConvertible, Sendable {
        var page: String
        /// The 1-based line of the opening fence.
        var line: Int
        var lines: [String]
        /// The reason given in a `<!-- not compiled: … -->` line before the fence, if any.
        var notCompiledReason: String?

        var description: String { "\(page):\(line)" }
    }

    /// What a page's block got wrong.
    struct Finding: Equatable, CustomStringConvertible, Sendable {
        var block: String
        var problem: String

        var description: String { "\(block): \(problem)" }
    }

    private let exactLines: Set<String>
    private let sourceLines: [String]

    /// Creates a check against the given Swift sources.
    ///
    /// - Parameter sources: The text of every Swift file a block may come from.
    init(sources: [String]) {
        var lines: [String] = []
        for source in sources {
            for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                let normalized = Self.normalize(String(line))
                if !normalized.isEmpty { lines.append(normalized) }
            }
        }
        sourceLines = lines
        exactLines = Set(lines)
    }

    /// The Swift blocks of a Markdown page, in order.
    ///
    /// - Parameters:
    ///   - markdown: The page's text.
    ///   - page: The name findings use for the page.
    static func blocks(in markdown: String, page: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var previous = ""
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = Block(page: page, line: index + 1, lines: [], notCompiledReason: reason(in: previous))
            } else if trimmed == "```", let block = current {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.lines.append(String(line))
            }
            if !trimmed.isEmpty { previous = trimmed }
        }
        return blocks
    }

    /// What is wrong with a block: nothing when it passes.
    func findings(for block: Block) -> [Finding] {
        if let reason = block.notCompiledReason {
            return reason.isEmpty
                ? [Finding(block: block.description, problem: "`not compiled:` gives no reason")] : []
        }
        return block.lines.compactMap { line in
            let normalized = Self.normalize(line)
            guard !normalized.isEmpty, !isInSources(normalized) else { return nil }
            return Finding(block: block.description, problem: "not in the package's sources: \(normalized)")
        }
    }

    private func isInSources(_ line: String) -> Bool {
        let candidates = [line, line.replacingOccurrences(of: "print(", with: "log.append(")]
        return candidates.contains { candidate in
            exactLines.contains(candidate) || sourceLines.contains { $0.contains(candidate) }
        }
    }

    /// The reason of a `<!-- not compiled: reason -->` line, or `nil` for any other line.
    private static func reason(in line: String) -> String? {
        let prefix = "<!-- not compiled:"
        guard line.hasPrefix(prefix), line.hasSuffix("-->") else { return nil }
        return line.dropFirst(prefix.count).dropLast(3).trimmingCharacters(in: .whitespaces)
    }

    /// A line without its comment, leading and trailing spaces, and with runs of spaces collapsed.
    static func normalize(_ line: String) -> String {
        var code = Substring(line)
        if let comment = code.range(of: "//") {
            code = code[..<comment.lowerBound]
        }
        return code.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

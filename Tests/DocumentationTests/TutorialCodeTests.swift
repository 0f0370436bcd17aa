import Foundation
import TestHelpers
import Testing

/// Keeps the tutorial's code (Docs/MultiRedux.docc) in step with Tests/TutorialTests, where it is
/// compiled and run.
///
/// Each file the tutorial builds is shown in numbered steps, `Name-1.swift`, `Name-2.swift`, … in
/// the catalog's `Resources/Code`. The last step must be `Tests/TutorialTests/Name.swift` exactly,
/// and each earlier step must be that file with lines left out (its lines appear there in the same
/// order): so every step shows code that compiles once the tutorial adds what it adds next.
@Suite struct TutorialCodeTests {
    private static let root = packageRoot
    private static let catalog = root.appendingPathComponent("Docs/MultiRedux.docc")
    private static let code = catalog.appendingPathComponent("Resources/Code")
    private static let compiled = root.appendingPathComponent("Tests/TutorialTests")

    /// The steps of each file, in order, keyed by the file's name without `.swift`.
    private static func steps() throws -> [String: [String]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: code.path).filter { $0.hasSuffix(".swift") }
        var steps: [String: [(Int, String)]] = [:]
        for name in names {
            let stem = name.dropLast(".swift".count)
            guard let dash = stem.lastIndex(of: "-"), let number = Int(stem[stem.index(after: dash)...]) else {
                Issue.record("\(name): a step's file is named Name-N.swift")
                continue
            }
            steps[String(stem[..<dash]), default: []].append((number, name))
        }
        return steps.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) }
    }

    private static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test("the last step of each file is the compiled file, and each earlier step is a part of it")
    func stepsMatchTheCompiledFiles() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 6, "no tutorial code found in \(Self.code.path)")
        for (file, names) in steps {
            let compiled = try Self.read(Self.compiled.appendingPathComponent("\(file).swift"))
            let last = try Self.read(Self.code.appendingPathComponent(names.last!))
            #expect(last == compiled, "\(names.last!) differs from Tests/TutorialTests/\(file).swift")
            for name in names.dropLast() {
                let missing = Self.linesMissing(
                    from: compiled, in: try Self.read(Self.code.appendingPathComponent(name)))
                #expect(missing.isEmpty, "\(name): not in Tests/TutorialTests/\(file).swift, in order: \(missing)")
            }
        }
    }

    @Test("every step the tutorial shows exists, and every step file is shown")
    func tutorialShowsEveryStep() throws {
        let tutorials = try FileManager.default.contentsOfDirectory(
            atPath: Self.catalog.appendingPathComponent("Tutorials").path
        )
        .filter { $0.hasSuffix(".tutorial") }
        .map { try Self.read(Self.catalog.appendingPathComponent("Tutorials/\($0)")) }
        .joined(separator: "\n")
        let shown = Set(Self.codeFiles(in: tutorials))
        let files = Set(try Self.steps().values.joined())
        #expect(!shown.isEmpty)
        #expect(shown.subtracting(files).isEmpty, "shown but missing: \(shown.subtracting(files).sorted())")
        #expect(files.subtracting(shown).isEmpty, "never shown: \(files.subtracting(shown).sorted())")
    }

    @Test("a step with a line the compiled file lacks, or has elsewhere in the order, is found")
    func outOfOrderLineIsFound() {
        let compiled = "import A\nstruct S {\n    var x = 1\n}\n"
        #expect(Self.linesMissing(from: compiled, in: "import A\nstruct S {\n}\n").isEmpty)
        #expect(Self.linesMissing(from: compiled, in: "struct S {\nimport A\n}\n") == ["import A", "}"])
        #expect(Self.linesMissing(from: compiled, in: "import A\n    var y = 2\n") == ["    var y = 2"])
    }

    /// The lines of `step` that do not appear in `compiled` in the same order (the first missing
    /// line and every line after it).
    static func linesMissing(from compiled: String, in step: String) -> [String] {
        var remaining = compiled.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let lines = step.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        for (index, line) in lines.enumerated() {
            guard let found = remaining.firstIndex(of: line) else { return lines[index...].map(String.init) }
            remaining = remaining[(found + 1)...]
        }
        return []
    }

    /// The files `@Code(…, file: "…")` directives name.
    static func codeFiles(in tutorial: String) -> [String] {
        tutorial.split(separator: "\n").compactMap { line in
            guard line.contains("@Code("), let start = line.range(of: "file: \"") else { return nil }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }
}

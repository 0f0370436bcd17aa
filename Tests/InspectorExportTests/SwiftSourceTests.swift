import Foundation
import MultiRedux
import ReduxTimeTravel
import Testing

@testable import ReduxInspector

/// How values are spelled in Swift, and the cases the recorded sessions do not reach.
@Suite struct SwiftSourceTests {
    private enum Shade: CustomStringConvertible {
        case dark
        var description: String { "a dark shade" }
    }

    @Test("literals: strings escaped, collections in order, enum cases with their labels; no literal else")
    func literals() {
        #expect(SwiftSource.literal("a \"b\"\\\n\u{1}") == #""a \"b\"\\\n\u{1}""#)
        #expect(SwiftSource.literal(Set([3, 1, 2])) == "[1, 2, 3]")
        #expect(SwiftSource.literal(["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
        #expect(SwiftSource.literal([String: Int]()) == "[:]")
        #expect(SwiftSource.literal(Optional<Int>.none as Any) == "nil")
        #expect(SwiftSource.literal(Status.closed(reason: "night")) == #".closed(reason: "night")"#)
        #expect(SwiftSource.literal(Double.infinity) == nil)
        #expect(SwiftSource.literal(Shade.dark) == nil)
        #expect(SwiftSource.literal(Delivery(item: "tea", count: 1)) == nil)
        #expect(SwiftSource.expression(Delivery(item: "tea", count: 1))?.text == #"Delivery(item: "tea", count: 1)"#)
    }

    @Test("type names leave out modules, but for a name the test's imports also declare; a private type has none")
    func typeNames() {
        #expect(SwiftSource.typeName([String: Delivery].self) == "Dictionary<String, Delivery>")
        #expect(SwiftSource.typeName(Tag.self) == "InspectorExportTests.Tag")
        #expect(SwiftSource.typeName([Tag].self) == "Array<InspectorExportTests.Tag>")
        #expect(SwiftSource.typeName(Shade.self) == nil)
    }

    @Test("every public type of MultiRedux and ReduxTesting is among the names a type is qualified against")
    func namesInScopeCoverTheFramework() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "actor"]
        var names: Set<String> = []
        for module in ["ReduxCore", "ReduxReducers", "ReduxStore", "ReduxFeatures", "ReduxTesting", "MultiRedux"] {
            let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path)
            while let file = files?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(
                    contentsOf: sources.appendingPathComponent(module).appendingPathComponent(file), encoding: .utf8)
                // `public [final] struct|class|enum|protocol|typealias|actor Name`
                for line in text.split(separator: "\n") {
                    let words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "=" })
                    guard let at = words.firstIndex(of: "public") else { continue }
                    let rest = words[(at + 1)...].drop { $0 == "final" }
                    guard let kind = rest.first, kinds.contains(String(kind)), rest.count > 1 else { continue }
                    names.insert(String(rest[rest.startIndex + 1]))
                }
            }
        }
        #expect(names.count > 40)
        #expect(names.subtracting(SwiftSource.namesInScope) == [])
    }

    @Test("a suite's name must be able to name a type", arguments: ["class", "_", "9Lives", "Two words", "Self", ""])
    func suiteNamesRefused(name: String) async throws {
        let inspector = await Recordings.pantry()

        #expect {
            try inspector.swiftTest(from: 0, through: 0, named: name, setup: Recordings.pantrySetup)
        } throws: { error in
            (error as? InspectorError)?.kind == .testExport
                && (error as? InspectorError)?.message.contains("cannot name a Swift type") == true
        }
    }

    @Test("characters that Swift rejects or that can hide code are escaped, in literals and in JSON")
    func hiddenCharacters() {
        #expect(SwiftSource.stringLiteral("a\u{7F}\u{202E}b\u{2028}") == #""a\u{7F}\u{202E}b\u{2028}""#)
        #expect(
            SwiftSource.escapingHiddenCharacters(inJSON: "\"a\u{7F}\u{2066}\u{E0041}\"")
                == #""a\u007f\u2066\udb40\udc41""#)
        #expect(SwiftSource.escapingHiddenCharacters(inJSON: "[\n  \"é\"\n]") == "[\n  \"é\"\n]")
    }

    @Test("a raw string has one # more than the text's longest run, and a long line is continued")
    func rawStrings() {
        let lines = SwiftSource.rawStringLines("a ## b\n" + String(repeating: "x", count: 130), indentation: 4)

        #expect(lines.first == "    ###\"\"\"")
        #expect(lines.last == "    \"\"\"###")
        #expect(lines[1] == "    a ## b")
        #expect(lines[2].hasSuffix("\\###"))
        #expect(lines.allSatisfy { $0.count <= SwiftSource.lineLength })
        #expect(lines[2...3].map { $0.dropFirst(4) }.joined().replacingOccurrences(of: "\\###", with: "").count == 130)
    }

    @Test("an action sent while an effect is still to hand something back makes the test check changed fields only")
    func interleavedEffect() throws {
        let inspector = Recordings.pantryRace()

        let source = try inspector.swiftTest(from: 0, through: 3, named: "RaceTests", setup: Recordings.pantrySetup)

        #expect(source.contains("PantryApp.features)\n        // The app sent actions while effects"))
        #expect(source.contains("        store.exhaustivity = .off\n\n        await store.send(Restock("))
    }
}

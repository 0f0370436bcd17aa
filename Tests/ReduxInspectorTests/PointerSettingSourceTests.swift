import Foundation
import Testing

@testable import ReduxInspector

/// The `set` function a generated test ends with is the code the generator checks each change
/// with: `JSONChanges.setFunction` is the text between the markers of PointerSetting.swift.
@Suite struct PointerSettingSourceTests {
    @Test("the set function written into a generated test is the code the generator applies its changes with")
    func writtenFunctionIsTheCheckedCode() throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ReduxInspector/PointerSetting.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex(of: "// Generated file's `set`: begin"))
        let end = try #require(lines.firstIndex(of: "// Generated file's `set`: end"))

        #expect(
            lines[(begin + 1)..<end].map(String.init) == JSONChanges.setFunction,
            "JSONChanges.setFunction differs from the code between the markers of PointerSetting.swift: copy it over")
    }
}

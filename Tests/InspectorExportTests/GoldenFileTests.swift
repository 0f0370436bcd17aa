import Foundation
import ReduxInspector
import Testing

/// A generated test committed in `Generated/`, where `swift test` compiles and runs it, and how
/// it was generated.
struct GoldenFile: Sendable, CustomTestStringConvertible {
    /// The suite's name, and the file's.
    let name: String
    /// Generates the file's text from its recording.
    let generate: @Sendable (_ name: String) async throws -> String

    var testDescription: String { name }

    /// Where the committed file is.
    var url: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Generated").appendingPathComponent(name + ".swift")
    }

    static let all = [
        GoldenFile(name: "GameFromTheStartTests") { name in
            try await Recordings.game().swiftTest(from: 0, through: 2, named: name, setup: Recordings.gameSetup)
        },
        GoldenFile(name: "GameMidSessionTests") { name in
            try await Recordings.game().swiftTest(from: 3, through: 6, named: name, setup: Recordings.gameSetup)
        },
        GoldenFile(name: "GameAfterEarlierGamesTests") { name in
            try await Recordings.laterGame().swiftTest(
                from: 0, through: 2, named: name, setup: Recordings.laterGameSetup)
        },
        GoldenFile(name: "PantryRestockTests") { name in
            try await Recordings.pantry().swiftTest(from: 1, through: 5, named: name, setup: Recordings.pantrySetup)
        },
        GoldenFile(name: "HiddenCharactersTests") { name in
            try await Recordings.hiddenCharacters().swiftTest(
                from: 0, through: 2, named: name, setup: Recordings.pantrySetup)
        },
        GoldenFile(name: "PantryRaceTests") { name in
            try Recordings.pantryRace().swiftTest(from: 0, through: 3, named: name, setup: Recordings.pantrySetup)
        },
        // The mid-session test of the game, built on the game with a behaviour changed
        // (`MutatedGame`), as a plain function that `MutatedGameTests` runs: its test is left out.
        GoldenFile(name: "GameMutantsTests") { name in
            let source = try await Recordings.game().swiftTest(
                from: 3, through: 6, named: name, setup: MutatedGame.setup)
            return source.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("    @Test(") }
                .joined(separator: "\n")
                .replacingOccurrences(of: "@Suite struct", with: "struct")
        },
        // Every combination of settings and ranges, in one file compiled once.
        GoldenFile(name: "GameSettingsCombinationsTests") { _ in try await SettingsCombinations.file() },
    ]
}

/// The generated tests in `Generated/` are compiled and run by `swift test`, which proves that
/// they pass; this checks that the generator still writes them byte for byte, so that what it
/// writes today is what was proven. Run with `REGENERATE_GOLDEN_FILES=1` to write them anew
/// after a deliberate change of the generator, then review the diff.
@Suite struct GoldenFileTests {
    @Test(
        "the committed generated test is what the generator writes from the same recording", arguments: GoldenFile.all)
    func generatorWritesTheCommittedFile(_ golden: GoldenFile) async throws {
        let generated = try await golden.generate(golden.name)
        if ProcessInfo.processInfo.environment["REGENERATE_GOLDEN_FILES"] == "1" {
            try generated.write(to: golden.url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: golden.url, encoding: .utf8)
        #expect(generated == committed)
    }
}

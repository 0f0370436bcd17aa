import Foundation
import MultiRedux
import ReduxTesting
import RockPaperScissors
import Testing

/// Settings: validated changes, the reducer's refusal of invalid ones, and decoding.
@Suite struct SettingsTests {
    @Test(
        "valid key and value pairs become changes",
        arguments: [
            ("player1", "Ann", SettingsChange.player1Name("Ann")), ("player2", "Bo", .player2Name("Bo")),
            ("opponent", "human", .opponent(.human)), ("opponent", "Computer", .opponent(.computer)),
            ("strategy", "counter", .strategy(.counter)), ("strategy", "beat-last", .strategy(.beatLast)),
            ("best-of", "5", .bestOf(5)), ("best-of", "1", .bestOf(1)), ("best-of", "99", .bestOf(99)),
        ])
    func parsesChanges(key: String, value: String, change: SettingsChange) throws {
        #expect(try SettingsChange(key: key, value: value) == change)
    }

    @Test(
        "invalid changes are refused with an error that says what was wrong (rps adds the choices)",
        arguments: [
            ("colour", "red", "unknown setting 'colour'"),
            ("best-of", "4", "odd whole number from 1 to 99"), ("best-of", "0", "odd whole number"),
            ("best-of", "101", "odd whole number"), ("best-of", "three", "got 'three'"),
            ("opponent", "robot", "unknown opponent 'robot'"),
            ("strategy", "psychic", "unknown strategy 'psychic'"),
            ("player1", "   ", "use 1 to 24 characters"), ("player2", String(repeating: "x", count: 25), "1 to 24"),
            ("player1", "Ann\u{7}", "without control characters"),
        ])
    func refusesInvalidChanges(key: String, value: String, advice: String) {
        #expect {
            try SettingsChange(key: key, value: value)
        } throws: { error in
            (error as? SettingsError)?.description.contains(advice) == true
        }
    }

    @Test("applying a change stores names without surrounding spaces")
    func applying() throws {
        let settings = try Settings().applying(.player1Name("  Ann  ")).applying(.bestOf(7))
        #expect(settings.player1Name == "Ann" && settings.bestOf == 7)
        #expect(settings.value(forKey: "best-of") == "7")
    }

    @Test("player 2 is called Computer against the computer and by name against a person")
    func names() throws {
        let settings = try Settings().applying(.player2Name("Bo"))
        #expect(Lineup(settings: settings).name(of: .two) == "Computer")
        #expect(Lineup(settings: settings, opponent: .human).name(of: .two) == "Bo")
        #expect(Lineup(settings: settings).name(of: .one) == "Player 1")
    }

    @Test("alone, the settings reducer applies valid changes and ignores invalid ones")
    func reducerInIsolation() throws {
        let five = try Settings().applying(.bestOf(5))
        assertReduce(
            features: [SettingsFeature().at(\.self)], action: UpdateSettingsAction(change: .bestOf(5)), on: Settings(),
            expected: five)

        for invalid in [SettingsChange.bestOf(4), .bestOf(-1), .player1Name(""), .player2Name("\n")] {
            assertReduce(
                features: [SettingsFeature().at(\.self)], action: UpdateSettingsAction(change: invalid), on: five,
                expected: five)
        }
    }

    @Test("through the store, an invalid change leaves the whole state unchanged")
    func invalidChangeThroughTheStore() {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        let before = store.state

        store.dispatch(UpdateSettingsAction(change: .bestOf(2)))

        #expect(store.state == before)
    }

    @Test("decoding takes defaults for missing fields and refuses invalid values")
    func decoding() throws {
        let partial = try JSONDecoder().decode(Settings.self, from: Data(#"{"bestOf": 5}"#.utf8))
        #expect(partial.bestOf == 5 && partial.player1Name == "Player 1")

        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data(#"{"bestOf": 2}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data(#"{"player1Name": ""}"#.utf8))
        }
    }
}

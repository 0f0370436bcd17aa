import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors
import TestHelpers
import Testing

/// The game's state file: where it lives, the settings and score history kept in it through
/// ReduxPersistence, and the files earlier `rps` versions wrote (the file-safety promises are
/// ReduxPersistence's, tested in ReduxPersistenceTests).
@Suite struct GameStateFileTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// Plays rounds against the computer (player 1 rock, the computer's reply seeded), or against
    /// a person (rock against scissors).
    private func play(_ rounds: Int, on store: Store<AppState>, opponent: Opponent = .computer) async {
        let session = MatchSession(store: store, opponent: opponent, strategy: .random)
        for _ in 0..<rounds {
            await session.choose(.rock)
            if opponent == .human {
                await session.choose(.scissors)
            }
        }
    }

    private func text() throws -> String {
        try String(contentsOf: file.url, encoding: .utf8)
    }

    @Test("a missing file is a fresh start")
    func missingFile() throws {
        let missing = StateFile(url: directory.file("none/state.json"))

        #expect(try missing.loadAppState() == AppState())
        let found = try missing.withExclusiveAccess {
            let game = try missing.openGame()
            _ = MatchSession(store: game.store, opponent: .computer, strategy: .random)
            try game.close()
            return game.foundSavedState
        }
        #expect(!found)
        #expect(directory.contents.isEmpty, "a game that changed nothing leaves nothing behind")
    }

    @Test("the settings and history are kept, in ReduxPersistence's form, and come back with a fresh round")
    func roundTrip() throws {
        let game = try file.openGame()
        game.store.dispatch(UpdateSettingsAction(change: .player1Name("Ann")))
        game.store.dispatch(UpdateSettingsAction(change: .bestOf(5)))
        for weapon in [Weapon.rock, .scissors, .paper, .paper, .scissors] {
            game.store.dispatch(ChooseWeaponAction(weapon: weapon))
        }
        let played = game.store.state
        try game.close()

        let loaded = try file.loadAppState()
        #expect(loaded.scoreHistory == played.scoreHistory && loaded.scoreHistory.rounds.count == 2)
        #expect(loaded.settings == played.settings)
        #expect(loaded.game == GameState())
        let json = try text()
        #expect(json.contains(#""persistence" : 1"#) && json.contains(#""scoreHistory" : { "version" : 1"#))
        #expect(json.contains(#""settings" : { "version" : 1"#) && !json.contains("formatVersion"))
        let reopened = try file.openGame()
        #expect(reopened.foundSavedState)
        #expect(reopened.store.state == loaded)
        try reopened.close()
    }

    @Test("a reader replays the journal of a game still playing, whose every action is in it")
    func journalReadWhilePlaying() async throws {
        let game = try file.openGame()
        await play(2, on: game.store)

        let replayed = try file.loadAppState()

        #expect(replayed.scoreHistory == game.store.state.scoreHistory && replayed.scoreHistory.rounds.count == 2)
        #expect(
            try String(contentsOf: directory.file(".state.json.0.journal"), encoding: .utf8).contains("ChooseWeapon"))
        #expect(!FileManager.default.fileExists(atPath: file.path), "the snapshot is written when the game closes")
        try game.close()
        #expect(directory.contents == ["state.json"])
    }

    @Test("a game killed after a compaction replays the next rounds with the players seated again")
    func compactionMidGame() async throws {
        let game = try file.openGame(compactionThreshold: 10)
        let session = MatchSession(store: game.store, opponent: .human, strategy: .random)
        var compactions = 0
        var longestJournal = 0
        for _ in 0..<50 {
            await session.choose(.rock)
            await session.choose(.scissors)
            longestJournal = max(longestJournal, game.journalEntries)
            try game.confirmSaved()
            // What `rps play` does after each round: the seated players are not kept in the snapshot.
            if try game.compactIfDue() {
                compactions += 1
                game.store.dispatch(SeatPlayersAction(lineup: session.lineup))
            }
        }

        #expect(compactions >= 10, "the journal is folded into the snapshot as it reaches the threshold")
        #expect(longestJournal <= 12, "the journal stays about as long as the threshold: \(longestJournal)")
        // As if the game were killed now: the snapshot and the last journal, never closed.
        let loaded = try file.loadAppState()
        #expect(loaded.scoreHistory == game.store.state.scoreHistory && loaded.scoreHistory.rounds.count == 50)
        #expect(loaded.scoreHistory.rounds.allSatisfy { $0.lineup.opponent == .human })
        try game.close()
    }

    @Test("a journal names actions by feature, and one an earlier version wrote with module names still loads")
    func earlierActionNamesLoad() async throws {
        let game = try file.openGame()
        await play(2, on: game.store)
        let url = directory.file(".state.json.0.journal")
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written.contains(#""type":"GameFeature.ChooseWeaponAction""#))

        // What versions before features declared their recorded actions wrote.
        let earlier = written.replacingOccurrences(of: #""type":"GameFeature."#, with: #""type":"RockPaperScissors."#)
        try earlier.write(to: url, atomically: false, encoding: .utf8)

        #expect(try file.loadAppState().scoreHistory == game.store.state.scoreHistory)
        #expect(game.store.state.scoreHistory.rounds.count == 2)
        try game.close()
    }

    @Test(
        "the location comes from the flag, then RPS_STATE_FILE, then XDG_DATA_HOME, then HOME",
        arguments: [
            ("/flag.json", ["RPS_STATE_FILE": "/env.json", "XDG_DATA_HOME": "/xdg"], "/flag.json"),
            (nil, ["RPS_STATE_FILE": "/env.json", "XDG_DATA_HOME": "/xdg"], "/env.json"),
            (nil, ["RPS_STATE_FILE": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"], "/xdg/rps/state.json"),
            (nil, ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"], "/home/ann/.local/share/rps/state.json"),
            (nil, ["HOME": "/home/ann"], "/home/ann/.local/share/rps/state.json"),
        ] as [(String?, [String: String], String)])
    func location(flag: String?, environment: [String: String], expected: String) {
        #expect(StateFile.resolve(explicitPath: flag, environment: environment).path == expected)
    }
}

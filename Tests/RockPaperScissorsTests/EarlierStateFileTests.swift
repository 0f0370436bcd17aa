import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors
import TestHelpers
import Testing

/// The state files `rps` wrote before it used ReduxPersistence (`formatVersion` 1 and 2, with a
/// journal beside them) still load, and are written in ReduxPersistence's form at the next save;
/// a damaged one is reported with a clear reason and left as it was.
@Suite struct EarlierStateFileTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// A format-version-1 file: rounds without their players, an open match, settings for a
    /// pass-and-play game between Ann and Bob.
    private static let version1File = """
        {
          "formatVersion" : 1,
          "scoreHistory" : { "rounds" : [
            { "bestOf" : 3, "match" : 1, "number" : 1, "player1" : "rock", "player2" : "scissors", "result" : "player1Wins" },
            { "bestOf" : 3, "match" : 1, "number" : 2, "player1" : "rock", "player2" : "rock", "result" : "draw" }
          ] },
          "settings" : { "bestOf" : 5, "opponent" : "human", "player1Name" : "Ann", "player2Name" : "Bob",
                         "strategy" : "random" }
        }
        """

    /// A format-version-2 file: each round names its players; the journal of generation 3 goes on
    /// from it.
    private static let version2File = """
        {
          "formatVersion" : 2, "journalGeneration" : 3,
          "scoreHistory" : { "rounds" : [
            { "bestOf" : 3, "match" : 1, "number" : 1, "player1" : "rock", "player2" : "scissors",
              "result" : "player1Wins", "lineup" : { "player1Name" : "Ann", "opponent" : "human", "player2Name" : "Bob" } }
          ] },
          "settings" : { "bestOf" : 3, "opponent" : "human", "player1Name" : "Ann", "player2Name" : "Bob",
                         "strategy" : "random" }
        }
        """

    private var annAndBob: Lineup {
        get throws { try Lineup(player1Name: "Ann", player2: .person(name: "Bob")) }
    }

    @Test("a version-1 file loads: its rounds are taken to be played by the players its settings name")
    func version1File() throws {
        try Data(Self.version1File.utf8).write(to: file.url)

        let loaded = try file.loadAppState().scoreHistory

        #expect(try loaded.rounds.map(\.lineup) == [annAndBob, annAndBob])
        #expect(try loaded.openMatch?.lineup == annAndBob)
        #expect(loaded.openMatch?.bestOf == 3 && loaded.openMatch?.player1Wins == 1)
        #expect(loaded.totals.names(of: .two) == .one("Bob"))
        #expect(try Data(contentsOf: file.url) == Data(Self.version1File.utf8), "loading changes nothing")
    }

    @Test("a version-1 file is played on, untouched while playing, and saved in the new form with its players")
    func version1FileUpgraded() async throws {
        try Data(Self.version1File.utf8).write(to: file.url)
        let game = try file.openGame()
        #expect(game.foundSavedState)
        let session = MatchSession(store: game.store, opponent: .human, strategy: .random)
        await session.choose(.rock)
        await session.choose(.scissors)

        #expect(try Data(contentsOf: file.url) == Data(Self.version1File.utf8), "untouched while playing")
        #expect(try file.loadAppState().scoreHistory.rounds.count == 3)
        try game.close()

        let saved = try String(contentsOf: file.url, encoding: .utf8)
        #expect(saved.contains(#""persistence" : 1"#) && !saved.contains("formatVersion"))
        #expect(saved.contains(#""player2Name":"Bob""#))
        let history = try file.loadAppState().scoreHistory
        #expect(history == game.store.state.scoreHistory)
        #expect(history.matches.map(\.player1Wins) == [2], "the version-1 rounds and the new one, same players")
        #expect(try history.rounds.allSatisfy { try $0.lineup == annAndBob })
    }

    @Test("a version-2 file with a journal beside it loads with the journal replayed, and is saved in the new form")
    func version2FileWithItsJournal() async throws {
        try Data(Self.version2File.utf8).write(to: file.url)
        do {
            let game = try file.openGame()
            let session = MatchSession(store: game.store, opponent: .human, strategy: .random)
            await session.choose(.paper)
            await session.choose(.rock)
            _ = game  // never closed: a game killed, its rounds in the journal of generation 3
        }
        #expect(directory.contents == [".state.json.3.journal", "state.json"])
        #expect(try Data(contentsOf: file.url) == Data(Self.version2File.utf8))

        let loaded = try file.loadAppState()
        #expect(loaded.scoreHistory.rounds.map(\.player1) == [.rock, .paper])
        #expect(try loaded.scoreHistory.rounds.allSatisfy { try $0.lineup == annAndBob })

        let game = try file.openGame()
        #expect(game.store.state == loaded)
        try game.close()
        #expect(directory.contents == ["state.json"], "the journal folded into the new form")
        let saved = try String(contentsOf: file.url, encoding: .utf8)
        #expect(saved.contains(#""persistence" : 1"#) && saved.contains(#""journalGeneration" : 4"#))
        #expect(try file.loadAppState() == loaded)
    }

    @Test(
        "a damaged earlier file is refused with an error naming it and saying why, and is left byte for byte",
        arguments: [
            ("not json at all", "it is not valid JSON"),
            (#"{"settings": {}, "scoreHistory": {"rounds": []}}"#, "it has no persistence field"),
            (#"{"formatVersion": "one"}"#, "formatVersion"),
            (#"{"formatVersion": 0, "settings": {}, "scoreHistory": {"rounds": []}}"#, "not a version rps ever wrote"),
            (#"{"formatVersion": 9, "settings": {}}"#, "formatVersion 9 is not a version rps ever wrote"),
            (#"{"formatVersion": 1, "settings": {"bestOf": 4}, "scoreHistory": {"rounds": []}}"#, "best-of"),
            (#"{"formatVersion": 1, "settings": {}}"#, "scoreHistory is missing"),
            (
                #"{"formatVersion": 1, "settings": {}, "scoreHistory": {"rounds": [{"bestOf": 3, "match": 2, "#
                    + #""number": 1, "player1": "rock", "player2": "rock", "result": "draw"}]}}"#,
                "round 1 is inconsistent"
            ),
            (
                #"{"formatVersion": 2, "settings": {}, "scoreHistory": {"rounds": [{"bestOf": 3, "match": 1, "#
                    + #""number": 1, "player1": "rock", "player2": "rock", "result": "draw"}]}}"#,
                "scoreHistory.rounds[0].lineup is missing"
            ),
            (
                #"{"formatVersion": 2, "settings": {}, "scoreHistory": {"rounds": [{"bestOf": 3, "match": 1, "#
                    + #""number": 1, "player1": "rock", "player2": "rock", "result": "draw", "lineup": "#
                    + #"{"player1Name": "", "opponent": "computer", "strategy": "random"}}]}}"#,
                "not a valid player1 name"
            ),
        ])
    func damagedFile(contents: String, reason: String) throws {
        try Data(contents.utf8).write(to: file.url)
        let isReported = { (error: any Error) in
            guard let error = error as? PersistenceError, case .corrupt(let path, _) = error else { return false }
            return path == file.path && error.description.contains(reason) && error.description.contains(file.path)
        }

        #expect(performing: { try file.loadAppState() }, throws: isReported)
        #expect(performing: { try file.openGame() }, throws: isReported)
        #expect(try Data(contentsOf: file.url) == Data(contents.utf8))
        #expect(directory.contents == ["state.json"])
    }

    @Test("a file from a newer ReduxPersistence format is refused, not misread")
    func newerFormat() throws {
        try Data(#"{"persistence": 2, "parts": {}}"#.utf8).write(to: file.url)

        #expect(throws: PersistenceError.newerFormat(path: file.path, found: 2, supported: 1)) {
            try file.loadAppState()
        }
    }
}

import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors
import TestHelpers
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The state file as a snapshot plus a journal: each change is an append, the snapshot is
/// rewritten atomically from time to time, and whatever is interrupted, a journal is read only
/// with the snapshot it goes on from.
@Suite struct StateJournalTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// Plays rounds against the computer (player 1 rock, the computer's reply seeded).
    private func play(_ rounds: Int, on journal: StateJournal, opponent: Opponent = .computer) async {
        let session = MatchSession(store: journal.store, opponent: opponent, strategy: .random)
        for _ in 0..<rounds {
            await session.choose(.rock)
            if opponent == .human {
                await session.choose(.scissors)
            }
        }
    }

    private func size(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    }

    private func fileNumber(_ url: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    @Test("the time-travel guide's example: the game recorded to the journal, replayed by loading")
    func timeTravelGuideExample() async throws {
        let journal = try StateJournal(file: file)
        journal.store.dispatch(ChooseWeaponAction(weapon: .rock))
        journal.store.dispatch(ChooseWeaponAction(weapon: .scissors))
        let replayed = try #require(try file.load())  // the snapshot, and the journal replayed on it
        #expect(replayed.scoreHistory == journal.store.state.scoreHistory)

        #expect(replayed.scoreHistory.rounds.count == 1)
        #expect(try String(contentsOf: journal.journalURL, encoding: .utf8).contains("ChooseWeaponAction"))
        try journal.close()
    }

    @Test("a round is appended to the journal and the snapshot is not rewritten until the journal is closed")
    func roundsAreAppended() async throws {
        try file.save(AppState())
        let snapshot = try Data(contentsOf: file.url)
        let snapshotNumber = try fileNumber(file.url)
        let journal = try StateJournal(file: file)

        await play(3, on: journal)

        #expect(try Data(contentsOf: file.url) == snapshot, "the snapshot is as it was")
        #expect(try fileNumber(file.url) == snapshotNumber)
        #expect(try file.load()?.scoreHistory.rounds.count == 3, "a reader replays the journal on the snapshot")
        #expect(directory.contents == [".state.json.1.journal", "state.json"])

        try journal.close()

        #expect(directory.contents == ["state.json"], "closing folds the journal into the snapshot and removes it")
        let saved = try #require(try file.load())
        #expect(saved.scoreHistory == journal.store.state.scoreHistory)
        #expect(try String(contentsOf: file.url, encoding: .utf8).contains(#""journalGeneration" : 2"#))
    }

    @Test("the bytes a round appends do not depend on how long the history is, and nothing else is written")
    func perRoundCostIsConstant() async throws {
        func bytesPerRound(afterHistoryOf rounds: Int) async throws -> (perRound: [Int], snapshotRewritten: Bool) {
            let directory = try TemporaryDirectory()
            let file = StateFile(url: directory.file("state.json"))
            try file.save(AppState())
            let filled = try StateJournal(file: file)
            await play(rounds, on: filled)
            try filled.close()
            let before = try fileNumber(file.url)
            let journal = try StateJournal(file: file)
            let session = MatchSession(store: journal.store, opponent: .human, strategy: .random)
            var sizes = [try size(journal.journalURL)]
            for _ in 0..<50 {
                await session.choose(.paper)
                await session.choose(.rock)
                sizes.append(try size(journal.journalURL))
            }
            let rewritten = try fileNumber(file.url) != before
            try journal.close()
            return (zip(sizes, sizes.dropFirst()).map { $1 - $0 }, rewritten)
        }

        let short = try await bytesPerRound(afterHistoryOf: 0)
        let long = try await bytesPerRound(afterHistoryOf: 5_000)

        // Two lines a round, the same but for the digits of their sequence numbers.
        #expect(
            short.perRound.count == 50 && short.perRound.allSatisfy { (100...200).contains($0) }, "\(short.perRound)")
        #expect(long.perRound == short.perRound, "5,000 rounds of history do not make a round cost a byte more")
        #expect(!short.snapshotRewritten && !long.snapshotRewritten, "the snapshot is not touched while playing")
    }

    @Test("a long game rewrites the snapshot when the journal is as long as the history, and keeps the seated players")
    func compaction() async throws {
        let journal = try StateJournal(file: file, compactionThreshold: 10)
        let session = MatchSession(store: journal.store, opponent: .human, strategy: .random)
        var compactions = 0
        var longestJournal = 0
        for _ in 0..<200 {
            await session.choose(.rock)
            await session.choose(.scissors)
            longestJournal = max(longestJournal, journal.journalEntries)
            if try journal.compactIfDue() {
                compactions += 1
            }
        }

        #expect((4...8).contains(compactions), "the snapshot is rewritten as the history doubles: \(compactions)")
        #expect(longestJournal <= 2 * 200, "the journal stays about as long as the history")
        // As if the game were killed now: the snapshot and the last journal, never closed.
        let loaded = try #require(try file.load())
        #expect(loaded.scoreHistory == journal.store.state.scoreHistory)
        #expect(loaded.scoreHistory.rounds.allSatisfy { $0.lineup.opponent == .human })
        try journal.close()
    }

    @Test("a journal left by a save interrupted after its rename is not replayed a second time")
    func interruptedSave() async throws {
        let journal = try StateJournal(file: file)
        await play(4, on: journal)
        let leftOver = try Data(contentsOf: journal.journalURL)
        let leftOverURL = journal.journalURL
        try journal.close()
        // The save renamed the new snapshot into place; put back the journal it then removed.
        try leftOver.write(to: leftOverURL)

        #expect(try file.load()?.scoreHistory.rounds.count == 4)
        let next = try StateJournal(file: file)
        await play(1, on: next)
        try next.close()
        #expect(try file.load()?.scoreHistory.rounds.count == 5)
        #expect(directory.contents == ["state.json"], "the next save removes the stale journal")
    }

    @Test("a journal names actions by feature, and one an earlier version wrote with module names still loads")
    func earlierActionNamesLoad() async throws {
        let journal = try StateJournal(file: file)
        await play(2, on: journal)
        let url = journal.journalURL
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written.contains(#""type":"GameFeature.ChooseWeaponAction""#))

        // What versions before features declared their recorded actions wrote.
        let earlier = written.replacingOccurrences(of: #""type":"GameFeature."#, with: #""type":"RockPaperScissors."#)
        try earlier.write(to: url, atomically: false, encoding: .utf8)

        #expect(try file.load()?.scoreHistory == journal.store.state.scoreHistory)
        #expect(journal.store.state.scoreHistory.rounds.count == 2)
        try journal.close()
    }

    @Test("a torn last line, from a game killed while appending, is dropped and cut off by the next game")
    func tornLastLine() async throws {
        let journal = try StateJournal(file: file)
        await play(2, on: journal)
        let url = journal.journalURL
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"seq":9,"type":"RockPaperScis"#.utf8))
        try handle.close()

        #expect(try file.load()?.scoreHistory.rounds.count == 2)
        let next = try StateJournal(file: file)
        await play(1, on: next)
        try next.close()
        #expect(try file.load()?.scoreHistory.rounds.count == 3)
    }

    @Test("a damaged journal line is an error naming the journal and the line; nothing is changed")
    func damagedJournal() async throws {
        let journal = try StateJournal(file: file)
        await play(2, on: journal)
        let url = journal.journalURL
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = "{ not json"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        let before = directory.contents.map { try? Data(contentsOf: directory.file($0)) }

        #expect {
            try file.load()
        } throws: { error in
            guard case .corrupt(let path, let reason) = error as? PersistenceError else { return false }
            return path == file.path && reason.contains("Line 3 of \(url.path)")
        }
        #expect(throws: PersistenceError.self) { try StateJournal(file: file) }
        #expect(directory.contents.map { try? Data(contentsOf: directory.file($0)) } == before)
    }

    @Test("the journal gets the state file's permissions")
    func journalPermissions() async throws {
        try file.save(AppState())
        #expect(chmod(file.path, 0o600) == 0)

        let journal = try StateJournal(file: file)
        var status = stat()
        #expect(stat(journal.journalURL.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        try journal.close()
    }

    @Test("a journal that changed nothing is removed, and a fresh start leaves no file behind")
    func nothingChanged() async throws {
        let journal = try StateJournal(file: file)
        _ = MatchSession(store: journal.store, opponent: .computer, strategy: .random)
        try journal.close()

        #expect(directory.contents.isEmpty)
    }

    /// A format-version-1 file (rounds without their players).
    private static let version1File = """
        {
          "formatVersion" : 1,
          "scoreHistory" : { "rounds" : [
            { "bestOf" : 3, "match" : 1, "number" : 1, "player1" : "rock", "player2" : "scissors", "result" : "player1Wins" }
          ] },
          "settings" : { "bestOf" : 3, "opponent" : "human", "player1Name" : "Ann", "player2Name" : "Bob",
                         "strategy" : "random" }
        }
        """

    @Test("a version-1 file is played on with a journal and upgraded, in one rename, when the journal is closed")
    func version1FileUpgraded() async throws {
        try Data(Self.version1File.utf8).write(to: file.url)
        let journal = try StateJournal(file: file)
        await play(1, on: journal, opponent: .human)

        #expect(try Data(contentsOf: file.url) == Data(Self.version1File.utf8), "untouched while playing")
        #expect(try file.load()?.scoreHistory.rounds.count == 2)
        try journal.close()

        let saved = try #require(try file.load())
        #expect(saved.formatVersion == 2)
        #expect(saved.scoreHistory.rounds.count == 2)
        #expect(
            saved.scoreHistory.matches.map(\.player1Wins) == [2], "the version-1 round and the new one, same players")
    }
}

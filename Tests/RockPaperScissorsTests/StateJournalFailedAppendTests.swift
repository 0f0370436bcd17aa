import Foundation
import MultiRedux
import ReduxCore
import ReduxPersistence
import ReduxTimeTravel
import RockPaperScissors
import TestHelpers
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A failed append to the state file's journal (a full disk) is noticed after the round, which
/// is then saved in the snapshot instead; nothing saved before is lost.
@Suite struct StateJournalFailedAppendTests {
    private let directory: TemporaryDirectory
    private let file: StateFile
    /// Whether the journal's disk is full: its appends fail with `ENOSPC`.
    private let diskIsFull = LockedValue(false)

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// The system's calls, except that a write fails while the disk is full.
    private var calls: JournalWriter.FileCalls {
        let system = JournalWriter.FileCalls.system
        return JournalWriter.FileCalls(
            write: { [diskIsFull] descriptor, bytes in
                guard !diskIsFull.withLock({ $0 }) else {
                    errno = ENOSPC
                    return -1
                }
                return system.write(descriptor, bytes)
            },
            truncate: system.truncate)
    }

    private func playRound(on journal: StateJournal) {
        journal.store.dispatch(ChooseWeaponAction(weapon: .rock))
        journal.store.dispatch(ChooseWeaponAction(weapon: .paper))
    }

    @Test("every append succeeding, confirming the rounds are saved changes nothing")
    func savedRoundsAreConfirmed() throws {
        let journal = try StateJournal(file: file, journalCalls: calls)
        playRound(on: journal)
        try journal.confirmSaved()
        #expect(FileManager.default.fileExists(atPath: journal.journalURL.path))
        #expect(try file.loadAppState().scoreHistory.rounds.count == 1)
        try journal.close()
    }

    @Test("a round whose append failed is saved in the snapshot at once, and the error says so")
    func failedAppendIsSavedInSnapshot() throws {
        let journal = try StateJournal(file: file, journalCalls: calls)
        playRound(on: journal)
        try journal.confirmSaved()

        diskIsFull.withLock { $0 = true }
        playRound(on: journal)
        #expect(try file.loadAppState().scoreHistory.rounds.count == 1, "the second round is in memory only")
        let error = try #require(throws: PersistenceError.self) { try journal.confirmSaved() }
        guard case .journalUnwritable(let path, let reason, let saved) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(path == file.path)
        #expect(reason.contains("No space left on device"))
        #expect(saved)
        #expect(error.description.contains("nothing is lost") && error.description.contains("Free some disk space"))

        let reloaded = try file.loadAppState()
        #expect(reloaded.scoreHistory == journal.store.state.scoreHistory)
        #expect(reloaded.scoreHistory.rounds.count == 2)
        #expect(!FileManager.default.fileExists(atPath: journal.journalURL.path), "folded into the snapshot")
        try journal.close()
        #expect(try file.loadAppState().scoreHistory.rounds.count == 2)
    }

    @Test("an append that failed and then succeeded with the next action needs no confirming")
    func retriedAppendIsSaved() throws {
        let journal = try StateJournal(file: file, journalCalls: calls)
        diskIsFull.withLock { $0 = true }
        journal.store.dispatch(ChooseWeaponAction(weapon: .rock))
        diskIsFull.withLock { $0 = false }
        journal.store.dispatch(ChooseWeaponAction(weapon: .paper))
        try journal.confirmSaved()
        #expect(try file.loadAppState().scoreHistory.rounds.count == 1, "the journal holds both moves")
        try journal.close()
    }
}

import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors
import TestHelpers
import Testing

/// Saving and loading the state file, and choosing where it lives.
@Suite struct StateFileTests {
    private func playedState() -> AppState {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(UpdateSettingsAction(change: .player1Name("Ann")))
        store.dispatch(UpdateSettingsAction(change: .bestOf(5)))
        for weapon in [Weapon.rock, .scissors, .paper, .paper, .scissors] {
            store.dispatch(ChooseWeaponAction(weapon: weapon))
        }
        return store.state
    }

    @Test("a missing file is a fresh start")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("none/state.json"))

        #expect(try file.load() == nil)
        #expect(try file.loadAppState() == AppState())
    }

    @Test("saving creates the directory and loading gives back the history and settings with a fresh round")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("rps/state.json"))
        let state = playedState()

        try file.save(state)
        let loaded = try file.loadAppState()

        #expect(loaded.scoreHistory == state.scoreHistory)
        #expect(loaded.settings == state.settings)
        #expect(loaded.game == GameState())
        let json = try String(contentsOf: file.url, encoding: .utf8)
        #expect(json.contains(#""formatVersion" : 2"#))
    }

    @Test("saving over an existing file replaces it and leaves no temporary file behind")
    func replaces() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))

        try file.save(AppState())
        try file.save(playedState())

        #expect(directory.contents == ["state.json"])
        #expect(try file.loadAppState().scoreHistory.rounds.count == 2)
    }

    /// A temporary directory with a played state saved at `name` in it, and the saved bytes.
    private func savedPlayedState(at name: String = "state.json") throws -> (TemporaryDirectory, StateFile, Data) {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file(name))
        try file.save(playedState())
        return (directory, file, try Data(contentsOf: file.url))
    }

    /// The file's inode number: it changes when a file is replaced, not when it is rewritten.
    private func fileNumber(_ url: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    @Test("saving replaces the file with a new one, so a reader of the old file still reads it whole")
    func saveReplacesTheFile() throws {
        let (directory, file, old) = try savedPlayedState()
        let oldNumber = try fileNumber(file.url)
        let reader = try FileHandle(forReadingFrom: file.url)
        defer { try? reader.close() }

        try file.save(AppState())

        #expect(try fileNumber(file.url) != oldNumber, "a new file took the old one's place: not rewritten in place")
        #expect(try reader.readToEnd() == old, "the old file is intact for whoever had it open")
        #expect(try file.loadAppState() == AppState())
        #expect(directory.contents == ["state.json"])
    }

    @Test("a save that fails after writing the temporary file leaves the old file byte for byte, and no temporary")
    func failedReplaceKeepsTheOldFile() throws {
        let (directory, file, old) = try savedPlayedState()
        var replaced: (temporary: String, contents: Data?)?

        #expect {
            try file.save(AppState()) { temporary, _ in
                replaced = (temporary, FileManager.default.contents(atPath: temporary))
                errno = EIO
                return -1
            }
        } throws: { error in
            guard case .unwritable(let path, let reason) = error as? PersistenceError else { return false }
            return path == file.path && reason == String(cString: strerror(EIO))
        }

        let attempt = try #require(replaced, "the save got as far as replacing the file")
        #expect(URL(fileURLWithPath: attempt.temporary).deletingLastPathComponent().path == directory.url.path)
        let written = try attempt.contents.map { try JSONDecoder().decode(PersistedState.self, from: $0) }
        #expect(written == PersistedState(AppState()), "the new state was written in full before the replacement")
        #expect(try Data(contentsOf: file.url) == old)
        #expect(directory.contents == ["state.json"], "the temporary file was removed")
    }

    @Test(
        "a corrupt file is refused with an error naming it, and is left byte for byte as it was",
        arguments: [
            ("not json at all", "not valid JSON"),
            (#"{"settings": {}, "scoreHistory": {"rounds": []}}"#, "no formatVersion"),
            (#"{"formatVersion": "one"}"#, "formatVersion"),
            (#"{"formatVersion": 0, "settings": {}, "scoreHistory": {"rounds": []}}"#, "not a version"),
            (#"{"formatVersion": 1, "settings": {"bestOf": 4}, "scoreHistory": {"rounds": []}}"#, "best-of"),
            (#"{"formatVersion": 1, "settings": {}}"#, "scoreHistory is missing"),
        ])
    func corruptFile(contents: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        try Data(contents.utf8).write(to: file.url)

        #expect {
            try file.load()
        } throws: { error in
            guard let error = error as? PersistenceError, case .corrupt(let path, _) = error else { return false }
            return path == file.path && error.description.contains(reason) && error.description.contains(file.path)
        }
        #expect(try Data(contentsOf: file.url) == Data(contents.utf8))
    }

    @Test("a file from a newer format is refused, not misread")
    func newerFormat() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        try Data(#"{"formatVersion": 3, "whatever": true}"#.utf8).write(to: file.url)

        #expect(throws: PersistenceError.newerFormat(path: file.path, found: 3, supported: 2)) {
            try file.load()
        }
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

    @Test("a version-1 file loads: its rounds are taken to be played by the players its settings name")
    func version1File() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        try Data(Self.version1File.utf8).write(to: file.url)

        let loaded = try #require(try file.load())

        let annAndBob = try Lineup(player1Name: "Ann", player2: .person(name: "Bob"))
        #expect(loaded.formatVersion == 1)
        #expect(loaded.scoreHistory.rounds.map(\.lineup) == [annAndBob, annAndBob])
        #expect(loaded.scoreHistory.openMatch?.lineup == annAndBob)
        #expect(loaded.scoreHistory.openMatch?.bestOf == 3 && loaded.scoreHistory.openMatch?.player1Wins == 1)
        #expect(loaded.scoreHistory.totals.names(of: .two) == .one("Bob"))
        #expect(try Data(contentsOf: file.url) == Data(Self.version1File.utf8), "loading changes nothing")
    }

    @Test("a version-1 file is saved again as version 2, with the players it was read with")
    func version1FileIsUpgradedOnSave() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        try Data(Self.version1File.utf8).write(to: file.url)
        let loaded = try file.loadAppState()

        try file.save(loaded)

        let saved = try #require(try file.load())
        #expect(saved.formatVersion == 2)
        #expect(saved.appState == loaded)
        #expect(try String(contentsOf: file.url, encoding: .utf8).contains(#""player2Name" : "Bob""#))
    }

    @Test(
        "a version-1 file is still checked as before, and a version-2 file must name its players",
        arguments: [
            (
                #"{"formatVersion": 1, "settings": {}, "scoreHistory": {"rounds": [{"bestOf": 3, "match": 2, "#
                    + #""number": 1, "player1": "rock", "player2": "rock", "result": "draw"}]}}"#,
                "round 1 is inconsistent"
            ),
            (#"{"formatVersion": 1, "settings": {}}"#, "scoreHistory is missing"),
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
    func versionedCorruptFile(contents: String, reason: String) throws {
        try corruptFile(contents: contents, reason: reason)
    }

    @Test("a directory where the file should be is refused as not a file, with a message that says so")
    func directoryInTheWay() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.url)

        #expect(throws: PersistenceError.notAFile(path: directory.url.path, kind: "a directory")) { try file.load() }
        #expect(throws: PersistenceError.notAFile(path: directory.url.path, kind: "a directory")) {
            try file.save(AppState())
        }
        let message = PersistenceError.notAFile(path: "/data/rps", kind: "a directory").description
        #expect(message.contains("the state file /data/rps is a directory, not a file"))
        #expect(message.contains("Name a file, such as /data/rps/state.json"))
        #expect(!message.contains("permission"))
    }

    @Test("saving where no directory can be made fails with an error and writes nothing")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        try Data("a file".utf8).write(to: directory.file("blocker"))
        let file = StateFile(url: directory.file("blocker/state.json"))

        #expect {
            try file.save(AppState())
        } throws: { error in
            guard case .unwritable(let path, _) = error as? PersistenceError else { return false }
            return path == file.path
        }
        #expect(directory.contents == ["blocker"])
    }

    @Test("a lock released a moment after it is asked for is granted, not refused")
    func exclusiveAccessReleasedMomentarily() async throws {
        let (_, file, _) = try savedPlayedState(at: "state.json")
        let holding = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? file.withExclusiveAccess {
                holding.signal()
                usleep(50_000)  // well within the 200 ms a refused lock is tried for
            }
        }
        holder.start()
        let granted = try await onDispatchThread {
            holding.wait()
            return try file.withExclusiveAccess { "granted" }
        }
        #expect(granted == "granted")
    }

    @Test("exclusive access is refused while another holder has it, and granted again once it ends")
    func exclusiveAccess() throws {
        let (directory, file, saved) = try savedPlayedState(at: "rps/state.json")

        let inner = try file.withExclusiveAccess {
            #expect(throws: PersistenceError.inUse(path: file.path)) {
                try file.withExclusiveAccess { try file.save(AppState()) }
            }
            return try file.loadAppState().scoreHistory.rounds.count
        }

        #expect(inner == 2)
        #expect(try Data(contentsOf: file.url) == saved, "the refused holder wrote nothing")
        #expect(try file.withExclusiveAccess { "granted" } == "granted")
        #expect(directory.contents == ["rps"])
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: directory.file("rps").path))?.sorted()
                == ["state.json"], "the lock file exists only while the lock is held")
    }

    @Test("the in-use error names the file and says what to do")
    func inUseMessage() {
        let message = PersistenceError.inUse(path: "/data/rps/state.json").description

        #expect(message.contains("the state file /data/rps/state.json is in use by another process"))
        #expect(message.contains("The file was left untouched."))
        #expect(message.contains("Finish or quit the other one and try again, or use another file."))
    }

    @Test("exclusive access where no lock file can be made fails before running the body")
    func exclusiveAccessUnwritable() throws {
        let directory = try TemporaryDirectory()
        try Data("a file".utf8).write(to: directory.file("blocker"))
        let file = StateFile(url: directory.file("blocker/state.json"))
        var ran = false

        #expect {
            try file.withExclusiveAccess { ran = true }
        } throws: { error in
            guard case .unwritable(let path, _) = error as? PersistenceError else { return false }
            return path == file.path
        }
        #expect(!ran)
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

import Foundation
import MultiRedux
import ReduxInspector
import ReduxPersistence
import ReduxTimeTravel
import RockPaperScissors
import RockPaperScissorsCLI
import TestHelpers
import Testing

/// `rps inspect` in-process: what `rps play` keeps for it, its errors, the HTML export and
/// stopping the server (the page itself is checked in a browser by ``InspectorBrowserTests``).
@Suite struct InspectCommandTests {
    private let rps: InProcessRPS

    init() throws {
        rps = try InProcessRPS()
    }

    /// Where `rps play` keeps its game.
    private var recordingPath: String {
        rps.directory.file(".state.json.session.journal").path
    }

    @Test("before any game, inspect says to play one first and exits with 1")
    func nothingToInspect() async {
        let console = RecordingConsole()

        #expect(await rps.run(["inspect"], on: console) == .failure)

        #expect(console.errors.hasPrefix("rps: error: there is no game to inspect yet ("))
        #expect(console.errors.contains("play one with 'rps play', then run 'rps inspect'."))
        #expect(rps.directory.contents == [])
    }

    @Test("play keeps its last game: the state it started from and every action, replacing the one before")
    func playKeepsTheLastGame() async throws {
        #expect(await rps.run(["play", "--moves", "r,p", "--seed", "3"]) == .success)
        #expect(await rps.run(["play", "--moves", "s,r,p", "--seed", "3"]) == .success)

        let store = RockPaperScissorsApp.makeStore()
        let recording = try SessionRecording<AppState>(
            reading: [UInt8](try Data(contentsOf: URL(fileURLWithPath: recordingPath))), from: recordingPath,
            actions: RecordableActions(store))
        #expect(recording.start.scoreHistory.rounds.count == 2, "the first game's rounds, from the state file")
        // Seating the players, then each of the three moves and the computer's answer to it.
        #expect(recording.journal.entries.count == 7)
        #expect(recording.journal.causes == [2: 1, 4: 3, 6: 5])
        let replayed = RockPaperScissorsApp.makeStore(initialState: recording.start)
        try replayed.replay(recording.journal)
        #expect(replayed.state.scoreHistory == (try rps.stateFile.loadAppState().scoreHistory))
    }

    @Test("the kept game has the state file's permissions")
    func permissions() async throws {
        #expect(await rps.run(["play", "--moves", "r", "--seed", "3"]) == .success)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: rps.stateFile.path)

        #expect(await rps.run(["play", "--moves", "p", "--seed", "3"]) == .success)

        let attributes = try FileManager.default.attributesOfItem(atPath: recordingPath)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    @Test("a damaged recording is refused with a message naming it, and left as it was")
    func damagedRecording() async throws {
        #expect(await rps.run(["play", "--moves", "r", "--seed", "3"]) == .success)
        let damaged = Data("{\"journal\":\"MultiRedux\",\"version\":1}\n{\"seq\":1,".utf8) + Data("x\n".utf8)
        try damaged.write(to: URL(fileURLWithPath: recordingPath))
        let console = RecordingConsole()

        #expect(await rps.run(["inspect"], on: console) == .failure)

        #expect(console.errors.hasPrefix("rps: error: \(recordingPath) is not a recorded session"))
        #expect(console.errors.contains("Record the session again."))
        #expect(try Data(contentsOf: URL(fileURLWithPath: recordingPath)) == damaged)
    }

    @Test("--html writes one page holding every action of the game, and exits")
    func htmlExport() async throws {
        #expect(await rps.run(["play", "--moves", "r,p", "--seed", "3"]) == .success)
        let page = rps.directory.file("game.html")
        let console = RecordingConsole()

        #expect(await rps.run(["inspect", "--html", page.path], on: console) == .success)

        #expect(console.output == "Wrote the last game (5 actions) to \(page.path).\n")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<script id=\"session-data\" type=\"application/json\">"))
        #expect(html.components(separatedBy: "GameFeature.ChooseWeaponAction").count - 1 >= 4)
    }

    @Test("the server prints its address, serves the page and stops on q")
    func serveUntilQ() async throws {
        #expect(await rps.run(["play", "--moves", "r", "--seed", "3"]) == .success)
        let console = RecordingConsole(input: ["", "q"])

        #expect(await rps.run(["inspect"], on: console) == .success)

        let lines = console.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Inspecting the last game (3 actions) at http://127.0.0.1:") == true)
        #expect(lines.last == "Stopped.")
    }

    @Test("a port that is taken is an error that says so")
    func portTaken() async throws {
        #expect(await rps.run(["play", "--moves", "r", "--seed", "3"]) == .success)
        let other = try InspectorServer(
            Inspector(journal: Journal(), initialState: AppState()) { RockPaperScissorsApp.makeStore(initialState: $0) }
        )
        defer { other.stop() }
        let console = RecordingConsole(input: ["q"])

        #expect(await rps.run(["inspect", "--port", "\(other.port)"], on: console) == .failure)

        #expect(console.errors.hasPrefix("rps: error: "))
        #expect(console.errors.contains("\(other.port)"))
    }
    @Test(
        "--html refuses the state file, the kept game and a link to either, and leaves them as they were",
        arguments: ["state.json", ".state.json.session.journal", "link-to-state.json", "sub/../state.json"])
    func htmlRefusesTheGamesFiles(target: String) async throws {
        #expect(await rps.run(["play", "--moves", "r,p", "--seed", "3"]) == .success)
        try FileManager.default.createDirectory(at: rps.directory.file("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: rps.directory.file("link-to-state.json").path, withDestinationPath: "state.json")
        let state = try Data(contentsOf: rps.stateFile.url)
        let recording = try Data(contentsOf: URL(fileURLWithPath: recordingPath))
        let console = RecordingConsole()

        #expect(await rps.run(["inspect", "--html", rps.directory.file(target).path], on: console) == .failure)

        #expect(console.errors.contains("is the game's own file"))
        #expect(console.errors.contains("Write the page somewhere else"))
        #expect(try Data(contentsOf: rps.stateFile.url) == state)
        #expect(try Data(contentsOf: URL(fileURLWithPath: recordingPath)) == recording)
        #expect(await rps.run(["stats"]) == .success)
    }

    @Test("--html writes through a symbolic link, keeps the link and the file's permissions")
    func htmlKeepsLinksAndModes() async throws {
        #expect(await rps.run(["play", "--moves", "r", "--seed", "3"]) == .success)
        let page = rps.directory.file("page.html")
        try Data("old".utf8).write(to: page)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: page.path)
        let link = rps.directory.file("link.html")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "page.html")

        #expect(await rps.run(["inspect", "--html", link.path]) == .success)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "page.html")
        #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!doctype html>"))
        #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.posixPermissions] as? Int == 0o600)
        #expect(rps.directory.contents.filter { $0.hasSuffix(".tmp") } == [], "no temporary file is left")
    }

    @Test(
        "--html refuses a directory, a device and a read-only file, with a message, and leaves them alone",
        arguments: ["directory", "/dev/null", "read-only"])
    func htmlRefusesWhatIsNotAWritableFile(kind: String) async throws {
        #expect(await rps.run(["play", "--moves", "r", "--seed", "3"]) == .success)
        let path: String
        switch kind {
        case "directory":
            path = rps.directory.file("pages").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "read-only":
            path = rps.directory.file("kept.html").path
            try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        default:
            path = kind
        }
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let console = RecordingConsole()

        #expect(await rps.run(["inspect", "--html", path], on: console) == .failure)

        #expect(console.errors.hasPrefix("rps: error: Cannot write the HTML export to \(path): "))
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.type] as? FileAttributeType == before[.type] as? FileAttributeType)
        #expect(after[.posixPermissions] as? Int == before[.posixPermissions] as? Int)
        if kind == "read-only" {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
        }
    }
}

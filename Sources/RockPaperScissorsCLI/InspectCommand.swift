import Foundation
import MultiRedux
import ReduxInspector
import ReduxPersistence
import ReduxTimeTravel
import RockPaperScissors

/// `rps inspect`: the last `rps play` session in ReduxInspector, served on 127.0.0.1 until q or
/// Ctrl-C, or written as one HTML file. `rps play` keeps the session beside the state file
/// (``keep(_:of:)``), with the state file's permissions; see Docs/Decisions/0018.
struct InspectCommand {
    let port: UInt16?
    let htmlPath: String?

    func run(in context: CommandContext) throws -> ExitCode {
        let file = try Self.recordingFile(of: context.stateFile)
        guard try file.status(of: file.path) != nil else {
            context.console.errorMessage(
                "rps: error: there is no game to inspect yet (\(ShownText.escaped(file.path)) does not exist): play "
                    + "one with 'rps play', then run 'rps inspect'.\n")
            return .failure
        }
        let recording = try SessionRecording<AppState>(
            reading: [UInt8](file.contents()), from: file.path,
            actions: RecordableActions(RockPaperScissorsApp.makeStore()))
        let inspector = Inspector(recording: recording) { RockPaperScissorsApp.makeStore(initialState: $0) }
        let what = "the last game (\(inspector.count) actions)"
        if let htmlPath {
            try inspector.writeHTML(to: htmlPath)
            context.console.line("Wrote \(what) to \(ShownText.escaped(htmlPath)).")
            return .success
        }
        let server = try InspectorServer(inspector, port: port ?? 0)
        defer { server.stop() }
        context.console.line("Inspecting \(what) at \(server.url.absoluteString)")
        context.console.line("Open it in a browser; type q and Return, or press Ctrl-C, to stop.")
        while let line = context.console.readLine(prompt: "", hidingInput: false),
            !["q", "quit"].contains(line.trimmingCharacters(in: .whitespaces).lowercased())
        {}
        context.console.line("Stopped.")
        return .success
    }

    /// Keeps what a game on the state file played, for `rps inspect`: replaces the last one.
    /// A failure is a warning: the game itself is saved.
    static func keep(_ persistence: Persistence<AppState>, of context: CommandContext) {
        guard let (start, journal) = persistence.recentSession else { return }
        do {
            let bytes = try SessionRecording(start: start, journal: journal).fileBytes(naming: persistence.store)
            let file = try recordingFile(of: context.stateFile)
            let stateFile = try context.stateFile.status(of: context.stateFile.target().path)
            try file.replaceAtomically(
                file.url, with: Data(bytes), like: stateFile, replacing: PersistenceSeams.system.replace)
        } catch {
            context.console.errorMessage("rps: warning: 'rps inspect' cannot show this game: \(error)\n")
        }
    }

    /// `.state.json.session.journal` beside the file the state file's path leads to.
    private static func recordingFile(of stateFile: StateFile) throws -> StateFile {
        let target = try stateFile.target()
        return StateFile(
            url: target.deletingLastPathComponent().appendingPathComponent(
                ".\(target.lastPathComponent).session.journal"))
    }
}

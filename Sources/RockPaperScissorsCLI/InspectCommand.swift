import Foundation
import MultiRedux
import ReduxInspector
import ReduxPersistence
import RockPaperScissors

/// `rps inspect`: the last game `rps play` played (``keep(_:of:)`` keeps it beside the state
/// file) in ReduxInspector, served on 127.0.0.1 until q or Ctrl-C, or written as one HTML file.
struct InspectCommand {
    let port: UInt16?
    let htmlPath: String?

    func run(in context: CommandContext) throws -> ExitCode {
        let file = try context.stateFile.companion("session.journal")
        guard let contents = try file.existingContents() else {
            context.console.errorMessage(
                "rps: error: there is no game to inspect yet (\(ShownText.escaped(file.path)) does not exist): play "
                    + "one with 'rps play', then run 'rps inspect'.\n")
            return .failure
        }
        if let htmlPath, try context.stateFile.owns(StateFile(url: URL(fileURLWithPath: htmlPath))) {
            context.console.errorMessage(
                "rps: error: --html \(ShownText.escaped(htmlPath)) is the game's own file (the state file "
                    + "\(ShownText.escaped(context.stateFile.path)) or one kept beside it); nothing was written. "
                    + "Write the page somewhere else, such as --html game.html.\n")
            return .failure
        }
        let inspector = try Inspector<AppState>(recordingFile: [UInt8](contents), from: file.path) {
            RockPaperScissorsApp.makeStore(initialState: $0)
        }
        try inspector.run(
            writingHTMLTo: htmlPath, port: port ?? 0, exportingTestsWith: Self.testSetup, naming: "the last game"
        ) {
            context.console.line(ShownText.escaped($0))
        } readLine: {
            let line = context.console.readLine(prompt: "", hidingInput: false)
            if line == nil { context.console.line() }  // after ^C or the end of the input
            return line
        }
        return .success
    }

    /// How *Export as test* writes a test of the game: its computer plays the moves it played.
    /// A game starts from what the state file held, so the test builds that from `AppState()`;
    /// a lineup's initialiser checks the names, so it is called with `try`.
    static let testSetup = SwiftTestSetup(
        features: "RockPaperScissorsApp.features", initialState: "AppState()", initialValue: AppState(),
        imports: ["RockPaperScissors"], throwingInitializers: ["Lineup"]
    ) { sent in
        let weapons = sent.compactMap { ($0 as? ChooseWeaponAction).map { ".\($0.weapon)" } }
        return "Dependencies { $0.computer = ComputerOpponent(seed: 0, playing: [\(weapons.joined(separator: ", "))]) }"
    }

    /// Keeps a `rps play` that finished a round for `rps inspect`, in place of the last one; a
    /// failure is a warning, since the game itself is saved. See Docs/Decisions/0018.
    static func keep(_ persistence: Persistence<AppState>, of context: CommandContext) {
        guard let (start, journal) = persistence.recentSession,
            persistence.store.state.scoreHistory.rounds.count > start.scoreHistory.rounds.count
        else { return }
        do {
            let bytes = try SessionRecording(start: start, journal: journal).fileBytes(naming: persistence.store)
            try context.stateFile.companion("session.journal").replaceContents(
                with: Data(bytes), like: context.stateFile)
        } catch {
            context.console.errorMessage("rps: warning: 'rps inspect' cannot show this game: \(error)\n")
        }
    }
}

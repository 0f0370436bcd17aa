import ReduxPersistence
import RockPaperScissors
import RockPaperScissorsCLI
import TestHelpers

/// `rps` run in-process, against a recording console and a state file in a temporary directory
/// of its own.
struct InProcessRPS {
    /// The temporary directory holding the state file.
    let directory: TemporaryDirectory
    /// The state file every run uses.
    let stateFile: StateFile

    /// Creates a harness with a fresh temporary directory and no state file yet.
    init() throws {
        directory = try TemporaryDirectory()
        stateFile = StateFile(url: directory.file("state.json"))
    }

    /// Runs `rps` with the arguments and the harness's state file.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without `--state-file`.
    ///   - console: Where the input comes from and the output goes.
    /// - Returns: The exit code.
    func run(_ arguments: [String], on console: RecordingConsole = RecordingConsole()) async -> ExitCode {
        await RPSProgram(console: console, environment: [:]).run(arguments + ["--state-file", stateFile.path])
    }
}

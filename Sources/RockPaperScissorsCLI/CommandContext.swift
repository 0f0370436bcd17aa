import ReduxPersistence
import RockPaperScissors

/// What every command runs with: where to write, which state file, whether to colour.
struct CommandContext {
    /// The console to talk to.
    let console: any Console
    /// The file with the score history and settings.
    let stateFile: StateFile
    /// Colour or plain text.
    let style: TextStyle
}

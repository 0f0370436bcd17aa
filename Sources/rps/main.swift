// The rps command: reads the real terminal and environment, runs the program, exits with its code.
import Foundation
import RockPaperScissorsCLI

let console = StandardTerminal()
let code = RPSProgram(console: console, environment: ProcessInfo.processInfo.environment)
    .run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)

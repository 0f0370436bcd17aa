// The rps command: reads the real terminal and environment, runs the program, exits with its code
// (130 when Ctrl-C ended the input, as a shell reports a program stopped by Ctrl-C).
import Foundation
import RockPaperScissorsCLI

let environment = ProcessInfo.processInfo.environment
let console = StandardTerminal(environment: environment)
let code = await RPSProgram(console: console, environment: environment)
    .run(Array(CommandLine.arguments.dropFirst()))
exit(console.wasInterrupted ? 130 : code.rawValue)

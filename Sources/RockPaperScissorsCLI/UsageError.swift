/// A command line `rps` does not understand; the description says what to type instead.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, as a sentence fragment after "rps: error: ".
    public var message: String
    /// The command whose help to point to, or `nil` for the overview.
    public var command: CommandName?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What was wrong.
    ///   - command: The command whose help explains the right usage.
    public init(_ message: String, command: CommandName? = nil) {
        self.message = message
        self.command = command
    }

    /// The message followed by where to find help.
    public var description: String {
        let help = command.map { "rps \($0.rawValue) --help" } ?? "rps --help"
        return "\(message)\nRun '\(help)' for usage."
    }
}

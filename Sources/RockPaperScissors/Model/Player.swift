/// One of the two seats at the table.
///
/// Player 1 always chooses first. Player 2 is either a second person (pass-and-play) or the
/// computer, as ``Settings/opponent`` says.
public enum Player: String, CaseIterable, Codable, Sendable {
    /// The player who chooses first.
    case one
    /// The player who chooses second: a person or the computer.
    case two

    /// The other seat.
    public var other: Player {
        self == .one ? .two : .one
    }
}

/// One of the two seats at the table.
///
/// Player 1 always chooses first. Player 2 is either a second person (pass-and-play) or the
/// computer, as ``Settings/opponent`` says.
package enum Player: String, CaseIterable, Codable, Sendable {
    case one
    case two

    /// "Player 1" or "Player 2": the seat's name in the classic messages, and in reports on
    /// rounds that several people played from it.
    package var seatName: String {
        self == .one ? "Player 1" : "Player 2"
    }
}

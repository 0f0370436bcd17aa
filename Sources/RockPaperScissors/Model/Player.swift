/// One of the two seats at the table.
///
/// Player 1 always chooses first. Player 2 is either a second person (pass-and-play) or the
/// computer, as ``Settings/opponent`` says.
package enum Player: String, CaseIterable, Codable, Sendable {
    case one
    case two
}

/// The names one seat had over the rounds counted: none yet, always the same, or several.
///
/// The reports use it to label a seat: by its name while one name held it throughout, and as
/// "Player 1" or "Player 2" once several did (a computer match, then a friend's).
public enum SeatNames: Equatable, Sendable {
    /// No round counted yet.
    case unused
    /// Every round counted had this name in the seat.
    case one(String)
    /// Rounds counted had different names in the seat.
    case several

    /// The name every round counted had, or `nil` before any round or once names differed.
    public var single: String? {
        guard case .one(let name) = self else { return nil }
        return name
    }

    /// Counts one more round with a name in the seat.
    ///
    /// - Parameter name: The name the seat had in that round.
    /// - Complexity: O(1): names are at most ``Settings/maximumNameLength`` characters.
    mutating func add(_ name: String) {
        switch self {
        case .unused: self = .one(name)
        case .one(let previous) where previous != name: self = .several
        case .one, .several: break
        }
    }
}

/// Who plays as player 2.
public enum Opponent: String, CaseIterable, Codable, Sendable {
    /// A second person at the same keyboard (pass-and-play).
    case human
    /// The computer, choosing by a ``ComputerStrategy``.
    case computer
}

/// How the computer chooses its weapon.
public enum ComputerStrategy: String, CaseIterable, Codable, Sendable {
    /// Any weapon, with equal chance, from a seeded generator.
    case random
    /// Beats player 1's most frequent weapon in the score history; ties are broken at random.
    case counter
    /// Beats the weapon player 1 chose in the previous round; random before the first round.
    case beatLast = "beat-last"
}

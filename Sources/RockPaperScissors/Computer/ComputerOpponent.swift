/// The computer as player 2: chooses a weapon by a ``ComputerStrategy`` and a seeded generator.
///
/// Choosing is a side effect (it draws random numbers), so it happens outside the reducers:
/// the caller asks the opponent for a weapon and dispatches a ``ChooseWeaponAction`` with it.
/// ``MatchSession`` does this after each of player 1's choices.
///
/// ```swift
/// var computer = ComputerOpponent(strategy: .counter, seed: 7)
/// let weapon = computer.chooseWeapon(history: store.state.scoreHistory, against: "Ann")
/// store.dispatch(ChooseWeaponAction(weapon: weapon))
/// ```
public struct ComputerOpponent: Sendable {
    /// How the computer chooses.
    public var strategy: ComputerStrategy
    private var generator: SplitMix64

    /// Creates an opponent.
    ///
    /// - Parameters:
    ///   - strategy: How to choose.
    ///   - seed: Seeds the generator; equal seeds and histories give equal choices.
    public init(strategy: ComputerStrategy, seed: UInt64) {
        self.strategy = strategy
        generator = SplitMix64(seed: seed)
    }

    /// Chooses a weapon for the next round.
    ///
    /// The strategies that learn read what the person playing as player 1 did in earlier rounds,
    /// under that name, whoever they played against; rounds by other players do not count.
    ///
    /// - Parameters:
    ///   - history: The score history, read by the strategies that learn from it.
    ///   - player1Name: The name of the person the computer plays against.
    /// - Returns: The computer's weapon.
    /// - Complexity: O(1): the strategies read the player's habits, kept up to date by the history.
    public mutating func chooseWeapon(history: ScoreHistory, against player1Name: String) -> Weapon {
        let habits = history.habits(ofPlayer1Named: player1Name)
        switch strategy {
        case .random:
            return generator.pick(from: Weapon.allCases)
        case .counter:
            return generator.pick(from: habits.weapons.mostFrequent).beatenBy
        case .beatLast:
            guard let last = habits.lastWeapon else { return generator.pick(from: Weapon.allCases) }
            return last.beatenBy
        }
    }
}

/// The computer as player 2: chooses a weapon by a ``ComputerStrategy`` and a seeded generator.
///
/// Choosing is a side effect (it draws random numbers), so it happens outside the reducers:
/// the caller asks the opponent for a weapon and dispatches a ``ChooseWeaponAction`` with it.
/// ``MatchSession`` does this after each of player 1's choices.
///
/// ```swift
/// var computer = ComputerOpponent(strategy: .counter, seed: 7)
/// let weapon = computer.chooseWeapon(history: store.state.scoreHistory)
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
    /// - Parameter history: The score history, read by the strategies that learn from it.
    /// - Returns: The computer's weapon.
    /// - Complexity: O(1): the strategies read maintained totals and the last round only.
    public mutating func chooseWeapon(history: ScoreHistory) -> Weapon {
        switch strategy {
        case .random:
            return generator.pick(from: Weapon.allCases)
        case .counter:
            let favourites = history.totals.player1Weapons.mostFrequent
            return generator.pick(from: favourites).beatenBy
        case .beatLast:
            guard let last = history.rounds.last else { return generator.pick(from: Weapon.allCases) }
            return last.player1.beatenBy
        }
    }
}

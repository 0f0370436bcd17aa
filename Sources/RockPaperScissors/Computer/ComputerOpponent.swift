import Foundation
import MultiRedux

/// The computer as player 2: chooses a weapon by a ``ComputerStrategy``, drawing from a seeded
/// generator that every copy shares.
///
/// The store carries one as a dependency (``MultiRedux/Dependencies/computer``), and the
/// computer's move is an effect (``ComputerMoveReducer``): drawing random numbers is a side
/// effect, so it happens once, when the move is made, and a replayed journal applies the move it
/// recorded instead of drawing again.
///
/// ```swift
/// let computer = ComputerOpponent(seed: 7)
/// let weapon = computer.chooseWeapon(.counter, history: store.state.scoreHistory, against: "Ann")
/// ```
///
/// - Note: `@unchecked Sendable`: the generator is only read and written under `lock`.
package final class ComputerOpponent: @unchecked Sendable {
    private let lock = NSLock()
    private var generator: SplitMix64

    package init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Chooses a weapon for the next round. The strategies that learn read what the person
    /// playing as player 1 did under that name, in O(1): the history keeps their habits.
    package func chooseWeapon(
        _ strategy: ComputerStrategy, history: ScoreHistory, against player1Name: String
    ) -> Weapon {
        let habits = history.habits(ofPlayer1Named: player1Name)
        lock.lock()
        defer { lock.unlock() }
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

/// The computer a store's effects play with: seeded from the system's randomness unless a
/// store is made with another (`rps play --seed 7`); in a test, seeded with 0.
private let computerKey = DependencyKey(
    live: ComputerOpponent(seed: UInt64.random(in: .min ... .max)), test: ComputerOpponent(seed: 0))

/// How long the computer "thinks" before it moves, in seconds; none unless a store says so.
private let thinkingTimeKey = DependencyKey(live: 0.0, test: 0.0)

extension Dependencies {
    /// The computer player 2 is, when the lineup says so: its generator decides its choices.
    package var computer: ComputerOpponent {
        get { self[computerKey] }
        set { self[computerKey] = newValue }
    }

    /// How long the computer waits, on the store's clock, before it moves: a moment at the
    /// terminal, none in a script or a test.
    package var computerThinkingTime: Double {
        get { self[thinkingTimeKey] }
        set { self[thinkingTimeKey] = newValue }
    }
}

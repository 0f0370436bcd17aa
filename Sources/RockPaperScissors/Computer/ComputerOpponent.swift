import Foundation
import MultiRedux

/// The computer as player 2: chooses a weapon by a ``ComputerStrategy``, drawing from a seeded
/// generator that every copy shares.
///
/// The store carries one as a dependency (``MultiRedux/Dependencies/computer``), which the
/// computer's move, an effect (``ComputerMoveReducer``), draws from.
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
    private var script: ArraySlice<Weapon>

    /// A computer that first plays `script`, in order (a recorded game, in a test), then draws.
    package init(seed: UInt64, playing script: [Weapon] = []) {
        generator = SplitMix64(seed: seed)
        self.script = script[...]
    }

    /// Chooses a weapon for the next round. The strategies that learn read what the person
    /// playing as player 1 did under that name, in O(1): the history keeps their habits.
    package func chooseWeapon(
        _ strategy: ComputerStrategy, history: ScoreHistory, against player1Name: String
    ) -> Weapon {
        let habits = history.habits(ofPlayer1Named: player1Name)
        lock.lock()
        defer { lock.unlock() }
        if let next = script.popFirst() { return next }
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

/// The computer: seeded at random unless a store is given another (`--seed 7`); 0 in a test.
private let computerKey = DependencyKey(
    live: ComputerOpponent(seed: UInt64.random(in: .min ... .max)), test: ComputerOpponent(seed: 0))

/// How long the computer "thinks" before it moves, in seconds.
private let thinkingTimeKey = DependencyKey(live: 0.0, test: 0.0)

extension Dependencies {
    /// The computer player 2 is, when the lineup says so.
    package var computer: ComputerOpponent {
        get { self[computerKey] }
        set { self[computerKey] = newValue }
    }

    /// How long the computer waits, on the store's clock, before it moves: none by default.
    package var computerThinkingTime: Double {
        get { self[thinkingTimeKey] }
        set { self[thinkingTimeKey] = newValue }
    }
}

import Foundation
import MultiRedux
import ReduxInspector
import RockPaperScissors
import Testing

/// The game with one of its behaviours changed, for the check that a generated test fails when
/// the app no longer does what was recorded: ``features`` are the game's own, then a feature that
/// changes, once a round is finished, what ``mutation`` says.
enum MutatedGame {
    /// A behaviour changed.
    enum Mutation: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// None: the game as recorded.
        case none
        /// The finished round is recorded twice.
        case roundRecordedTwice
        /// The finished round is recorded with the players' weapons swapped.
        case weaponsSwapped
        /// The first round of the history is changed (player 1's weapon is the next one).
        case firstRoundChanged
        /// The game goes back to waiting for player 1 instead of showing the finished round.
        case phaseReset

        var testDescription: String { rawValue }
    }

    private static let current = Locked(Mutation.none)

    /// The behaviour changed while the game runs; ``Mutation/none`` by default.
    static var mutation: Mutation {
        get { current.value }
        set { current.value = newValue }
    }

    /// The game's features, then the one that changes a behaviour.
    static var features: [PlacedFeature<AppState>] {
        RockPaperScissorsApp.features + [MutationFeature().at(\.self)]
    }

    /// What the generated test of the changed game knows: it builds its store of ``features``.
    static let setup = SwiftTestSetup(
        features: "MutatedGame.features", initialState: "AppState()", imports: ["RockPaperScissors"],
        dependencies: "Dependencies { $0.computer = ComputerOpponent(seed: \(Recordings.seed)) }")
}

/// Changes what ``MutatedGame/mutation`` says once a round is finished.
private struct MutationFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: ChooseWeaponAction, state: inout AppState) in
            guard case .finished(let player1, let player2) = state.game.phase,
                let last = state.scoreHistory.rounds.last
            else { return }
            switch MutatedGame.mutation {
            case .none:
                break
            case .roundRecordedTwice:
                state.scoreHistory.record(player1: player1, player2: player2, bestOf: last.bestOf, lineup: last.lineup)
            case .weaponsSwapped:
                state.scoreHistory.takeBackLastRound()
                state.scoreHistory.record(player1: player2, player2: player1, bestOf: last.bestOf, lineup: last.lineup)
            case .firstRoundChanged:
                var changed = ScoreHistory()
                for (index, round) in state.scoreHistory.rounds.enumerated() {
                    let next = Weapon.allCases[((Weapon.allCases.firstIndex(of: round.player1) ?? 0) + 1) % 3]
                    changed.record(
                        player1: index == 0 ? next : round.player1, player2: round.player2, bestOf: round.bestOf,
                        lineup: round.lineup)
                }
                state.scoreHistory = changed
            case .phaseReset:
                state.game.phase = .awaitingPlayer1
            }
        }
    }
}

/// A value shared between threads, behind a lock.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

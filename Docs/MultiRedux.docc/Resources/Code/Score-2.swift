import MultiRedux

/// The finished rounds, counted.
struct Score: State, Equatable, Codable {
    var player1Wins = 0
    var player2Wins = 0
    var draws = 0
}

/// Counts the round a choice finished. It runs on the whole app state, after the game's own
/// reducer, so it sees the round as that choice left it.
struct CountRoundReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: ChooseWeapon, state: inout AppState) {
        switch state.game.outcome {
        case .player1Wins: state.score.player1Wins += 1
        case .player2Wins: state.score.player2Wins += 1
        case .draw: state.score.draws += 1
        case nil: break
        }
    }
}

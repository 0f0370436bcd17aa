import MultiRedux

/// Against the computer, answers player 1's choice with the computer's: an effect that waits
/// the computer's thinking time on the store's clock, reads the score history (owned by the
/// score history feature, declared where the game is placed) and sends the computer's
/// ``ChooseWeaponAction``.
///
/// An effect, not a plain reducer, because choosing draws random numbers: the choice is made
/// once and journaled as the action it sends, so replaying a journal never draws again.
///
/// ```swift
/// store.dispatch(SeatPlayersAction(lineup: Lineup(settings: settings, opponent: .computer)))
/// await store.dispatchAndWait(ChooseWeaponAction(weapon: .rock))   // the computer has answered
/// ```
package struct ComputerMoveReducer: AsyncActionReducer {
    /// Starts the computer's move when player 1 has chosen and player 2 is the computer; the
    /// provider gives the store's dependencies, the computer and its thinking time.
    package func reduce(
        provider: any ReducerProvider, action: ChooseWeaponAction, state: inout GameState
    ) -> Effect<GameState> {
        guard state.turn == .two, let lineup = state.lineup, case .computer(let strategy) = lineup.player2 else {
            return .none
        }
        let dependencies = provider.dependencies
        let computer = dependencies.computer
        let thinkingTime = dependencies.computerThinkingTime
        return .run { effect in
            if thinkingTime > 0, #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
                try await dependencies.clock.sleep(for: .seconds(thinkingTime))
            }
            let history = provider.read(ScoreHistory.self) ?? ScoreHistory()
            let weapon = computer.chooseWeapon(strategy, history: history, against: lineup.player1Name)
            effect.send(ChooseWeaponAction(weapon: weapon))
        }
    }
}

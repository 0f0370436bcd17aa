import MultiRedux

extension Middleware where Root == AppState {
    /// Keeps the computer's turn the computer's: while it is to move, a ``ChooseWeaponAction``
    /// sent from outside (a key pressed during its thinking time) is dropped, and only the one
    /// its effect sends (``ComputerMoveReducer``) passes; `store.currentCause` tells them apart.
    ///
    /// A middleware, not a check in ``ChooseWeaponReducer``: the reducer sees an action, not who
    /// sent it. A journal replayed on opening skips middleware: it holds only the actions that passed.
    package static var computerTurnGuard: Middleware<AppState> {
        Middleware { action, store in
            guard action is ChooseWeaponAction, store.currentCause == nil else { return action }
            let game = store.state.game
            guard game.turn == .two, case .computer? = game.lineup?.player2 else { return action }
            return nil
        }
    }
}

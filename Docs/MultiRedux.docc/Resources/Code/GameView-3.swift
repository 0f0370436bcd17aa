#if canImport(SwiftUI)
    import MultiReduxUI

    /// The round and the score, read from the store through a scope of the app's state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct GameView: View {
        let store: ScopedStore<AppState>

        var body: some View {
            VStack(spacing: 16) {
                PlayersView(store: store.scope(\.players))
                HStack {
                    ForEach([Weapon.rock, .paper, .scissors], id: \.self) { weapon in
                        Button(weapon.rawValue) { store.dispatch(ChooseWeapon(weapon: weapon)) }
                    }
                }
                Text(store.game.outcome.map { String(describing: $0) } ?? "Choose a weapon")
                Text("\(store.score.player1Wins) : \(store.score.player2Wins)")
            }
        }
    }

    /// The players' names, in fields bound to the store: each keystroke is an action.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct PlayersView: View {
        @Bindable var store: ScopedStore<Players>

        var body: some View {
            TextField("Player 1", text: $store.player1)
            TextField("Player 2", text: $store.player2)
        }
    }
#endif

import MultiRedux
import ReduxUI

/// The players' names, which the screen lets them type.
struct Players: State, Equatable, Codable {
    var player1 = "Player 1"
    var player2 = "Player 2"
}

extension Players: BindableState {
    /// The fields a text field may write.
    static var bindableFields: [AnyKeyPath & Sendable] {
        [\Players.player1, \Players.player2]
    }
}

/// Applies what the name fields write: each keystroke is an action.
struct PlayersFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: Players.self)
    }
}

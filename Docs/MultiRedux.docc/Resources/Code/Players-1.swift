import MultiRedux
import ReduxUI

/// The players' names, which the screen lets them type.
struct Players: State, Equatable, Codable {
    var player1 = "Player 1"
    var player2 = "Player 2"
}

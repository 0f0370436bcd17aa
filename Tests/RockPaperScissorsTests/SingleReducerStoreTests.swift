import MultiRedux
import Testing

// The original article's architecture, one root state and one reducer function with a single
// switch, running on MultiRedux's ReSwift-style store. The types here are local to this file
// (they shadow the RockPaperScissors module's, which this file does not import).

private enum Weapon: Sendable {
    case rock, paper, scissors
}

private enum Result: Sendable, Equatable {
    case draw, player1wins, player2wins
}

private enum Message: String, Sendable {
    case player1choose = "PLAYER 1 - Choose your weapon:"
    case player2choose = "PLAYER 2 - Choose your weapon:"
    case player1wins = "PLAYER 1 WINS!"
    case player2wins = "PLAYER 2 WINS!"
    case draw = "DRAW!"
}

private struct AppState: StateType {
    var message = Message.player1choose
    var player1Weapon: Weapon?
    var player2Weapon: Weapon?
    var result: Result?
}

private struct ChooseWeaponAction: Action {
    var weapon: Weapon
}

private func outcome(_ first: Weapon, _ second: Weapon) -> Result {
    let winsAgainst: [Weapon: Weapon] = [.rock: .scissors, .paper: .rock, .scissors: .paper]
    if first == second { return .draw }
    return winsAgainst[first] == second ? .player1wins : .player2wins
}

private func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    switch action {
    case let choice as ChooseWeaponAction:
        if let first = state.player1Weapon {
            state.player2Weapon = choice.weapon
            let result = outcome(first, choice.weapon)
            state.result = result
            state.message = result == .draw ? .draw : result == .player1wins ? .player1wins : .player2wins
        } else {
            state.player1Weapon = choice.weapon
            state.message = .player2choose
        }
    default:
        break
    }
    return state
}

@Suite struct SingleReducerStoreTests {
    @Test("a ReSwift-style store with one switch reducer gives rock against scissors to player 1")
    func rockAgainstScissors() {
        let store = Store<AppState>(reducer: appReducer, state: nil)

        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .scissors))

        #expect(store.state.result == .player1wins)
        #expect(store.state.message.rawValue == "PLAYER 1 WINS!")
    }

    @Test("a ReSwift-style store with one switch reducer gives rock against paper to player 2")
    func rockAgainstPaper() {
        let store = Store<AppState>(reducer: appReducer, state: nil)

        store.dispatch(ChooseWeaponAction(weapon: .rock))
        #expect(store.state.message == .player2choose)
        store.dispatch(ChooseWeaponAction(weapon: .paper))

        #expect(store.state.result == .player2wins)
    }
}

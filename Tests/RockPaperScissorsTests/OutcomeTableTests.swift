import MultiRedux
import RockPaperScissors
import Testing

/// The full 3x3 table of outcomes.
@Suite struct OutcomeTableTests {
    static let table: [(Weapon, Weapon, RoundResult)] = [
        (.rock, .rock, .draw), (.rock, .paper, .player2Wins), (.rock, .scissors, .player1Wins),
        (.paper, .rock, .player1Wins), (.paper, .paper, .draw), (.paper, .scissors, .player2Wins),
        (.scissors, .rock, .player2Wins), (.scissors, .paper, .player1Wins), (.scissors, .scissors, .draw),
    ]

    @Test("each pair of weapons gives the expected result", arguments: table)
    func result(player1: Weapon, player2: Weapon, expected: RoundResult) {
        #expect(RoundResult(player1: player1, player2: player2) == expected)
    }

    @Test("the store shows each pair's message and records its result", arguments: table)
    func throughTheStore(player1: Weapon, player2: Weapon, expected: RoundResult) throws {
        let store = RockPaperScissorsApp.makeStore()

        store.dispatch(ChooseWeaponAction(weapon: player1))
        store.dispatch(ChooseWeaponAction(weapon: player2))

        #expect(store.state.game.message == expected.message)
        let recorded = try #require(store.state.scoreHistory.rounds.last)
        #expect(recorded.result == expected)
        #expect(recorded.player1 == player1 && recorded.player2 == player2)
    }

    @Test("the messages are the game's exact texts")
    func messages() {
        #expect(RoundResult.player1Wins.message.rawValue == "PLAYER 1 WINS!")
        #expect(RoundResult.player2Wins.message.rawValue == "PLAYER 2 WINS!")
        #expect(RoundResult.draw.message.rawValue == "DRAW!")
        #expect(GameMessage.player1Choose.rawValue == "PLAYER 1 - Choose your weapon:")
        #expect(GameMessage.player2Choose.rawValue == "PLAYER 2 - Choose your weapon:")
    }

    @Test("every weapon beats exactly the weapon that it is not beaten by", arguments: Weapon.allCases)
    func beatsAndBeatenBy(weapon: Weapon) {
        #expect(weapon.beats != weapon && weapon.beatenBy != weapon && weapon.beats != weapon.beatenBy)
        #expect(weapon.beatenBy.beats == weapon)
    }

    @Test(
        "weapons are read from full names and first letters in any case",
        arguments: [
            ("rock", Weapon.rock), ("R", .rock), (" Paper ", .paper), ("p", .paper), ("SCISSORS", .scissors),
            ("s", .scissors),
        ])
    func parsing(text: String, weapon: Weapon) {
        #expect(Weapon(argument: text) == weapon)
    }

    @Test("text that names no weapon is refused", arguments: ["", "lizard", "rocks", "x", "sc"])
    func refusedWords(text: String) {
        #expect(Weapon(argument: text) == nil)
    }
}

import MultiRedux

// The benchmark's own copy of the rock-paper-scissors domain (BENCHMARKS.md): the benchmark depends
// on the framework only, so it does not import the example app.

/// One of the two players.
enum Player: UInt8, Sendable {
    case one, two

    /// The other player.
    var other: Player { self == .one ? .two : .one }
}

/// A weapon of rock-paper-scissors.
enum Weapon: UInt8, Sendable, CaseIterable, Codable {
    case rock, paper, scissors

    /// The weapon this one defeats.
    var defeats: Weapon {
        switch self {
        case .rock: .scissors
        case .paper: .rock
        case .scissors: .paper
        }
    }
}

/// How a round ended.
enum Outcome: UInt8, Sendable, Codable {
    case player1Wins, player2Wins, draw

    /// The outcome of two weapons.
    init(_ player1: Weapon, _ player2: Weapon) {
        if player1 == player2 {
            self = .draw
        } else {
            self = player1.defeats == player2 ? .player1Wins : .player2Wins
        }
    }

    /// The game's message for the outcome.
    var message: String {
        switch self {
        case .player1Wins: "PLAYER 1 WINS!"
        case .player2Wins: "PLAYER 2 WINS!"
        case .draw: "DRAW!"
        }
    }
}

/// The round being played.
struct GameState: Equatable, Sendable {
    var turn = Player.one
    var player1Weapon: Weapon?
    var player2Weapon: Weapon?
    var result: Outcome?
    var message = GameState.prompt(for: .one)

    /// The prompt shown to the player whose turn it is.
    static func prompt(for player: Player) -> String {
        player == .one ? "PLAYER 1 - Choose your weapon:" : "PLAYER 2 - Choose your weapon:"
    }
}

/// A finished round.
struct Round: Equatable, Sendable, Codable {
    var number: Int
    var player1: Weapon
    var player2: Weapon
    var outcome: Outcome
}

/// Every finished round, oldest first.
struct ScoreHistory: Equatable, Sendable, Codable {
    var rounds: [Round] = []
}

/// The players' names and the match length.
struct Settings: Equatable, Sendable, Codable {
    var player1Name = "Player 1"
    var player2Name = "Player 2"
    var bestOf = 3
}

/// The root state of every workload.
struct AppState: State, Equatable {
    var game = GameState()
    var history = ScoreHistory()
    var settings = Settings()
}

extension AppState {
    /// Creates a state whose history holds `rounds` finished rounds.
    ///
    /// - Parameters:
    ///   - rounds: How many rounds to pre-fill.
    ///   - spareCapacity: Extra room reserved in the history's array.
    init(rounds: Int = 0, spareCapacity: Int = 0) {
        // One repeated round: the stdlib fills the array fast even in a debug build (--quick in CI).
        let round = Round(number: 0, player1: .rock, player2: .scissors, outcome: .player1Wins)
        var history = [Round](repeating: round, count: spareCapacity > 0 ? 0 : rounds)
        if spareCapacity > 0 {  // reserve first, so that no second buffer ever exists
            history.reserveCapacity(rounds + spareCapacity)
            history.append(contentsOf: repeatElement(round, count: rounds))
        }
        self.init(history: ScoreHistory(rounds: history))
    }

    /// A number that depends on every part of the state, for ``blackHole(_:)``.
    var checksum: Int {
        Int(game.turn.rawValue) &+ Int(game.result?.rawValue ?? 7) &+ game.message.utf8.count
            &+ history.rounds.count &+ settings.bestOf &+ settings.player1Name.utf8.count
    }
}

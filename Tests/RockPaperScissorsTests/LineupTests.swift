import Foundation
import RockPaperScissors
import Testing

/// `Lineup`: who plays, from the settings or from names, and how it is shown and saved.
@Suite struct LineupTests {
    @Test("the settings name the players; a session may choose another opponent or strategy")
    func fromSettings() throws {
        let settings = try Settings().applying(.player1Name("Ann")).applying(.player2Name("Bob"))
            .applying(.strategy(.counter))

        #expect(Lineup(settings: settings) == (try Lineup(player1Name: "Ann", player2: .computer(strategy: .counter))))
        #expect(Lineup(settings: settings, strategy: .beatLast).player2 == .computer(strategy: .beatLast))
        #expect(Lineup(settings: settings, opponent: .human, strategy: .beatLast).player2 == .person(name: "Bob"))
        #expect(Lineup() == Lineup(settings: Settings()))
    }

    @Test("names, opponent and description say who plays")
    func naming() throws {
        let friends = try Lineup(player1Name: " Ann ", player2: .person(name: "Bob"))
        let computer = Lineup()

        #expect(friends.name(of: .one) == "Ann" && friends.name(of: .two) == "Bob" && friends.opponent == .human)
        #expect(computer.name(of: .two) == "Computer" && computer.opponent == .computer)
        #expect(friends.description == "Ann vs Bob")
        #expect(computer.description == "Player 1 vs Computer (random strategy)")
    }

    @Test(
        "names are checked as the settings check them",
        arguments: [
            ("", Lineup.SecondPlayer.computer(strategy: .random)), ("Ann", .person(name: "  ")),
            (String(repeating: "x", count: 25), .computer(strategy: .random)), ("Ann", .person(name: "B\u{7}")),
        ])
    func invalidNames(player1Name: String, player2: Lineup.SecondPlayer) {
        #expect(throws: SettingsError.self) {
            try Lineup(player1Name: player1Name, player2: player2)
        }
    }

    @Test("a lineup is saved with its opponent and player 2's name or the computer's strategy, and read back")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let friends = try Lineup(player1Name: "Ann", player2: .person(name: "Bob"))

        #expect(
            String(decoding: try encoder.encode(friends), as: UTF8.self)
                == #"{"opponent":"human","player1Name":"Ann","player2Name":"Bob"}"#)
        #expect(
            String(decoding: try encoder.encode(Lineup()), as: UTF8.self)
                == #"{"opponent":"computer","player1Name":"Player 1","strategy":"random"}"#)
        for lineup in [friends, Lineup()] {
            #expect(try JSONDecoder().decode(Lineup.self, from: encoder.encode(lineup)) == lineup)
        }
    }
}

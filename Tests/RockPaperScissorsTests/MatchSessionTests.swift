import MultiRedux
import RockPaperScissors
import Testing

/// `MatchSession`: player choices in, the computer's replies and finished rounds out.
@Suite struct MatchSessionTests {
    @Test("against the computer, one choice plays a whole round")
    func againstTheComputer() async throws {
        let store = RockPaperScissorsApp.makeStore(
            dependencies: Dependencies { $0.computer = ComputerOpponent(seed: 1) })
        let session = MatchSession(store: store, opponent: .computer, strategy: .beatLast)

        _ = try #require(await session.choose(.rock))
        let played = try #require(await session.choose(.scissors))

        #expect(played.round.number == 2)
        #expect(played.round.player2 == Weapon.rock.beatenBy)
        #expect(played.match == store.state.scoreHistory.matches.last)
        #expect(session.nextPlayer == .one)
    }

    @Test("against a person, the first choice waits for player 2 and the second finishes the round")
    func againstAPerson() async throws {
        let store = RockPaperScissorsApp.makeStore(
            dependencies: Dependencies { $0.computer = ComputerOpponent(seed: 1) })
        let session = MatchSession(store: store, opponent: .human, strategy: .random)

        let halfway = await session.choose(.paper)
        #expect(halfway == nil)
        #expect(session.nextPlayer == .two)
        let played = try #require(await session.choose(.rock))

        #expect(played.round.result == .player1Wins)
        #expect(played.match.player1Wins == 1)
    }

    @Test("a session seats its players and abandons a half-played round it finds in the store")
    func abandonsHalfPlayedRound() async {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(ChooseWeaponAction(weapon: .rock))

        let session = MatchSession(store: store, opponent: .human, strategy: .random)

        #expect(session.nextPlayer == .one)
        #expect(session.lineup == Lineup(settings: Settings(), opponent: .human))
        #expect(store.state.game == GameState(lineup: session.lineup))
    }

    @Test("a session records its own players, not the settings', and does not continue another lineup's match")
    func recordsItsPlayers() async throws {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(UpdateSettingsAction(change: .player1Name("Ann")))
        let computer = MatchSession(store: store, opponent: .computer, strategy: .counter)
        _ = try #require(await computer.choose(.rock))

        let friends = MatchSession(store: store, opponent: .human, strategy: .random)
        await friends.choose(.rock)
        let played = try #require(await friends.choose(.paper))

        let history = store.state.scoreHistory
        #expect(history.rounds.map(\.lineup) == [computer.lineup, friends.lineup])
        #expect(computer.lineup.description == "Ann vs Computer (counter strategy)")
        #expect(friends.lineup.description == "Ann vs Player 2")
        #expect(played.match.number == 2 && played.match.lineup == friends.lineup)
        #expect(history.matches[0].isAbandoned)
    }

    @Test("the same seed and history give the same computer game")
    func deterministic() async {
        func play() async -> [RecordedRound] {
            let store = RockPaperScissorsApp.makeStore(
                dependencies: Dependencies { $0.computer = ComputerOpponent(seed: 11) })
            let session = MatchSession(store: store, opponent: .computer, strategy: .counter)
            for weapon in [Weapon.rock, .rock, .paper, .scissors, .rock] {
                await session.choose(weapon)
            }
            return store.state.scoreHistory.rounds
        }
        let first = await play()
        let second = await play()
        #expect(first == second)
    }
}

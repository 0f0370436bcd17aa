import RockPaperScissors
import Testing

/// The seeded generator and the computer's strategies.
@Suite struct ComputerOpponentTests {
    @Test("SplitMix64 produces the reference sequence for seed 1234567")
    func referenceSequence() {
        var generator = SplitMix64(seed: 1_234_567)
        #expect(generator.next() == 6_457_827_717_110_365_317)
        #expect(generator.next() == 3_203_168_211_198_807_973)
        #expect(generator.next() == 9_817_491_932_198_370_423)
    }

    @Test("equal seeds give equal sequences and different seeds different ones")
    func seeds() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        var other = SplitMix64(seed: 8)
        let a = (0..<20).map { _ in first.next() }
        #expect(a == (0..<20).map { _ in second.next() })
        #expect(a != (0..<20).map { _ in other.next() })
    }

    @Test("bounded draws stay below the bound and reach every value", arguments: [1, 2, 3, 10] as [UInt64])
    func boundedDraws(bound: UInt64) {
        var generator = SplitMix64(seed: 42)
        let draws = (0..<600).map { _ in generator.next(below: bound) }
        #expect(draws.allSatisfy { $0 < bound })
        #expect(Set(draws).count == Int(bound))
    }

    @Test("the random strategy is repeatable for a seed and uses every weapon")
    func randomStrategy() {
        let first = ComputerOpponent(seed: 3)
        let second = ComputerOpponent(seed: 3)
        let history = ScoreHistory()
        let choices = (0..<60).map { _ in first.chooseWeapon(.random, history: history, against: "Player 1") }
        #expect(choices == (0..<60).map { _ in second.chooseWeapon(.random, history: history, against: "Player 1") })
        #expect(Set(choices) == Set(Weapon.allCases))
    }

    @Test("the counter strategy beats player 1's most frequent weapon", arguments: Weapon.allCases)
    func counterStrategy(favourite: Weapon) {
        var history = ScoreHistory()
        for weapon in [favourite, favourite, favourite.beats] {
            history.record(player1: weapon, player2: .rock, bestOf: 99)
        }
        let computer = ComputerOpponent(seed: 1)
        for _ in 0..<10 {
            #expect(computer.chooseWeapon(.counter, history: history, against: "Player 1") == favourite.beatenBy)
        }
    }

    @Test("the counter strategy picks among the tied favourites")
    func counterStrategyTies() {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .rock, bestOf: 99)
        history.record(player1: .paper, player2: .rock, bestOf: 99)
        let computer = ComputerOpponent(seed: 5)
        let choices = Set((0..<40).map { _ in computer.chooseWeapon(.counter, history: history, against: "Player 1") })
        #expect(choices == [Weapon.rock.beatenBy, Weapon.paper.beatenBy])
    }

    @Test("the beat-last strategy beats player 1's previous weapon", arguments: Weapon.allCases)
    func beatLastStrategy(last: Weapon) {
        var history = ScoreHistory()
        history.record(player1: last.beats, player2: .rock, bestOf: 3)
        history.record(player1: last, player2: .rock, bestOf: 3)
        let computer = ComputerOpponent(seed: 9)
        #expect(computer.chooseWeapon(.beatLast, history: history, against: "Player 1") == last.beatenBy)
    }

    @Test("the learning strategies read only the rounds of the person they play against")
    func strategiesLearnFromTheirOwnOpponent() throws {
        let ann = try Lineup(player1Name: "Ann", player2: .computer(strategy: .counter))
        let bob = try Lineup(player1Name: "Bob", player2: .person(name: "Cy"))
        var history = ScoreHistory()
        for _ in 0..<3 { history.record(player1: .rock, player2: .paper, bestOf: 99, lineup: ann) }
        for _ in 0..<5 { history.record(player1: .scissors, player2: .paper, bestOf: 99, lineup: bob) }
        history.record(player1: .paper, player2: .paper, bestOf: 99, lineup: bob)

        let counter = ComputerOpponent(seed: 1)
        #expect(counter.chooseWeapon(.counter, history: history, against: "Ann") == Weapon.rock.beatenBy)
        #expect(counter.chooseWeapon(.counter, history: history, against: "Bob") == Weapon.scissors.beatenBy)
        let beatLast = ComputerOpponent(seed: 1)
        #expect(beatLast.chooseWeapon(.beatLast, history: history, against: "Ann") == Weapon.rock.beatenBy)
        #expect(beatLast.chooseWeapon(.beatLast, history: history, against: "Bob") == Weapon.paper.beatenBy)

        #expect(history.habits(ofPlayer1Named: "Ann").weapons.rock == 3)
        #expect(history.habits(ofPlayer1Named: "Bob").weapons.total == 6)
        #expect(history.habits(ofPlayer1Named: "Dee") == PlayerHabits())
    }
}

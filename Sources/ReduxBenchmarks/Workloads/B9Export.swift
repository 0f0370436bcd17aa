import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel

/// B9's rows of the HTML export: a game of `rounds` rounds (each round player 1's choice, player
/// 2's, the result and the round recorded in the history, four actions) written as one page,
/// as `rps inspect --html` writes one. The history grows by a round every four actions, so an
/// export that walked the whole history for each entry would be quadratic in the rounds.
struct InspectorExport {
    private let path = "/tmp/ReduxBenchmarks-B9-\(getpid()).html"

    /// The session of a game of `rounds` rounds, recorded in memory.
    private static func game(rounds: Int) -> Inspector<AppState> {
        let weapons = Weapon.allCases
        var entries: [JournalEntry<AppState>] = []
        entries.reserveCapacity(rounds * 4)
        for number in 0..<rounds {
            let player1 = weapons[number % 3]
            let player2 = weapons[(number / 3) % 3]
            entries += [
                .action(ChoosePlayer1Weapon(weapon: player1)), .action(ChoosePlayer2Weapon(weapon: player2)),
                .action(ResolveRound()),
                .action(RecordRound(round: Round(number: number, player1: player1, player2: player2, outcome: .draw))),
            ]
        }
        return Inspector(journal: Journal(entries: entries), initialState: AppState()) { state in
            makeStore(state) {
                $0.registerDispatchSmallReducers()
                $0.register(RecordRound.self)
            }
        }
    }

    /// One export of a game of `rounds` rounds, unmeasured: what instruction-count mode runs.
    func export(rounds: Int) {
        do {
            try Self.game(rounds: rounds).writeHTML(to: path)
        } catch {
            preconditionFailure("B9: the export was not written: \(error)")
        }
        unlink(path)
    }

    /// One export of a game of `rounds` rounds: its time, the processor time it took on all
    /// threads (a long game is walked in parts on several cores), the peak memory it added and
    /// the file's size.
    func measure(rounds: Int) -> (nanoseconds: Double, cpuNanoseconds: Double, peakBytes: Int?, fileBytes: Int) {
        let inspector = Self.game(rounds: rounds)
        var elapsed = 0.0
        var cpu = 0.0
        let peak = PeakMemory.measure {
            cpu = CPUTime.measure {
                elapsed = Sampler(repetitions: 1).time(
                    Run(
                        operations: 1,
                        body: {
                            do {
                                try inspector.writeHTML(to: path)
                            } catch {
                                preconditionFailure("B9: the export was not written: \(error)")
                            }
                        }))
            }
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        unlink(path)
        return (elapsed, cpu, peak, size)
    }
}

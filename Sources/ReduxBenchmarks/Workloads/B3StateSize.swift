import MultiRedux

/// B3 state-size scaling: the history pre-filled with n rounds, n in {1,000; 10,000; 100,000;
/// 1,000,000}; 10,000 dispatches of `RecordRound`, each appending one round.
struct StateSize: TableWorkload {
    let id = "B3"
    let title = "state-size scaling: history pre-filled with n rounds, RecordRound appends one"
    let parameterName = "n rounds"
    let variants: [Variant] = [.floor, .store, .naive]
    let countedParameter = 1_000_000

    func parameters(quick: Bool) -> [Int] {
        [1_000, 10_000, 100_000, 1_000_000]
    }

    func operations(_ variant: Variant, parameter: Int, quick: Bool) -> Int {
        let dispatches = quick ? 200 : 10_000
        // The naive reducer copies the history on every dispatch: O(n) each.
        return variant == .naive ? min(dispatches, max(10, dispatches * 10_000 / parameter)) : dispatches
    }

    func makeRun(_ variant: Variant, parameter: Int, operations: Int) -> Run {
        makeRun(variant, parameter: parameter, operations: operations, spareCapacity: 0)
    }

    /// A run whose history has room for `spareCapacity` more rounds before its array grows.
    private func makeRun(_ variant: Variant, parameter: Int, operations: Int, spareCapacity: Int) -> Run {
        let state = AppState(rounds: parameter, spareCapacity: spareCapacity)
        let actions = [
            RecordRound(round: Round(number: parameter, player1: .rock, player2: .paper, outcome: .player2Wins))
        ]
        switch variant {
        case .floor:
            return FloorRunner(state).makeRun(operations: operations, cycling: actions)
        case .store, .storeHandWritten:
            return makeStore(state, form: variant.appReducerForm) { $0.register(RecordRound.self) }
                .makeRun(operations: operations, cycling: actions)
        case .observers:
            preconditionFailure("ReduxBenchmarks: B3 has no \(variant.rawValue) variant")
        case .naive:
            let store = NaiveStore(state)
            store.register(RecordRound.self)
            return store.makeRun(operations: operations, cycling: actions)
        }
    }

    /// Peak memory at the largest n for every variant, and for the store once more with room
    /// reserved in the history, which shows what the array's own growth costs.
    func extraNotes(_ options: Options, medians: [Variant: [Int: Double]]) -> [String] {
        guard let rounds = parameters(quick: options.quick).last else { return [] }
        let cases =
            variants.map { ($0, 0) } + [(Variant.store, operations(.store, parameter: rounds, quick: options.quick))]
        return cases.compactMap { variant, spare in
            let operations = operations(variant, parameter: rounds, quick: options.quick)
            let peak = PeakMemory.measure {
                makeRun(variant, parameter: rounds, operations: operations, spareCapacity: spare).body()
            }
            guard let peak else { return nil }
            let history = MemoryLayout<Round>.stride * (rounds + operations)
            let setup = spare == 0 ? "" : ", capacity reserved for the appended rounds"
            return "Peak memory, \(variant.rawValue)\(setup), n=\(grouped(rounds)) + \(grouped(operations)) appended: "
                + "\(megabytes(peak)) MB above the process before set-up = \(ratio(Double(peak) / Double(history))) "
                + "the history's own size (\(MemoryLayout<Round>.stride) B × \(grouped(rounds + operations)) = "
                + "\(megabytes(history)) MB)."
        }
    }

    private func megabytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1_048_576, 1)
    }
}

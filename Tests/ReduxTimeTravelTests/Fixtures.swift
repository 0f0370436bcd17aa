import MultiRedux
import ReduxCore
import ReduxShared
import ReduxTimeTravel

/// A small app with two features, an async reducer and a root reducer: what the time-travel tests
/// record and replay.
struct Desk: State, Codable, Equatable {
    var tally = Tally()
    var shelf = Shelf()
    var actions = 0
}

struct Tally: State, Codable, Equatable {
    var total = 0
    var log: [String] = []
}

struct Shelf: State, Codable, Equatable {
    var items: [Int] = []
}

struct Add: Action, Codable, Equatable {
    var amount: Int
}

struct Note: Action, Codable, Equatable {
    var text: String
}

struct Stock: Action, Codable, Equatable {
    var item: Int
}

/// Handled by an async reducer: its result appends `item * 10` to the shelf.
struct Load: Action, Codable, Equatable {
    var item: Int
}

/// An action that is not `Codable`: recorded in memory, not replayable from a file.
struct Opaque: Action {
    var amount: Int
}

/// Counts the runs of the `Tick` reducer, to bound the cost of a jump.
let tickRuns = LockedValue(0)

/// Adds one to the tally; only the jump-cost test dispatches it.
struct Tick: Action {}

struct TallyFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Add, state: inout Tally) in
            state.total += action.amount
        }
        container.addReduceFunction { (_, action: Note, state: inout Tally) in
            state.log.append(action.text)
        }
        container.addReduceFunction { (_, _: Tick, state: inout Tally) in
            tickRuns.withLock { $0 += 1 }
            state.total += 1
        }
        container.addReduceFunction { (_, action: Opaque, state: inout Tally) in
            state.total += action.amount
        }
    }
}

struct LoadReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: Load) async -> @Sendable (inout Shelf) -> Void {
        await Task.yield()
        let item = action.item * 10
        return { $0.items.append(item) }
    }
}

struct ShelfFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Stock, state: inout Shelf) in
            state.items.append(action.item)
        }
        container.addReducer(reducer: LoadReducer())
    }
}

/// Counts every action at the root, after the sub-states.
struct CountingFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: any Action, state: inout Desk) in
            state.actions += 1
        }
    }
}

/// A store of the desk app; every store built by it applies the same reducers.
func makeDesk(issueReporter: IssueReporter = .ignoring) -> Store<Desk> {
    Store(
        initialState: Desk(),
        features: [TallyFeature().at(\.tally), ShelfFeature().at(\.shelf), CountingFeature().at(\.self)],
        issueReporter: issueReporter)
}

/// The actions a desk journal file may name.
let deskActions = RecordableActions([Add.self, Note.self, Stock.self, Load.self])

/// A seeded generator (SplitMix64), so a failing sequence can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A random desk action.
func randomAction(using generator: inout SeededGenerator) -> any Action {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: Add(amount: Int.random(in: -5...5, using: &generator))
    case 1: Note(text: String(Int.random(in: 0...99, using: &generator)))
    case 2: Stock(item: Int.random(in: 0...9, using: &generator))
    default: Load(item: Int.random(in: 0...9, using: &generator))
    }
}

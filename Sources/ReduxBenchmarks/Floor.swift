import MultiRedux

// The floor: the work of each workload done by hand-written reducers called directly in a loop on
// an `inout AppState` local, with no store. Each reducer is a `switch action { case let a as X: … }`
// over `any Action`, as a ReSwift user writes it. The cases call the same `apply(to:)` as the
// store's reducers, so the difference between a floor row and a store row is the framework.

/// The floor's app reducer: one switch per sub-state, then nothing at the root.
@inline(never)
func floorReduce(_ action: any Action, _ state: inout AppState) {
    floorReduceGame(action, &state.game)
    floorReduceHistory(action, &state.history)
    floorReduceSettings(action, &state.settings)
}

private func floorReduceGame(_ action: any Action, _ state: inout GameState) {
    switch action {
    case let action as ChoosePlayer1Weapon: action.apply(to: &state)
    case let action as ChoosePlayer2Weapon: action.apply(to: &state)
    case let action as ResolveRound: action.apply(to: &state)
    case let action as StartNextRound: action.apply(to: &state)
    case let action as AdvanceTurn: action.apply(to: &state)
    case let action as SetMessage: action.apply(to: &state)
    default: break
    }
}

private func floorReduceHistory(_ action: any Action, _ state: inout ScoreHistory) {
    switch action {
    case let action as RecordRound: action.apply(to: &state)
    default: break
    }
}

private func floorReduceSettings(_ action: any Action, _ state: inout Settings) {
    switch action {
    case let action as SetPlayer1Name: action.apply(to: &state)
    case let action as SetPlayer2Name: action.apply(to: &state)
    case let action as SetBestOf: action.apply(to: &state)
    case let action as IncrementBestOf: action.apply(to: &state)
    default: break
    }
}

/// The B2 floor: a hand-written reducer with a case for the one action type B2 dispatches (a
/// hand-written switch cannot list a thousand generated types; its cost is the cheapest possible).
@inline(never)
func floorReduce<Dispatched: SubstateAction>(
    _ action: any Action, _ state: inout AppState, handling _: Dispatched.Type
) where Dispatched.Target == GameState {
    switch action {
    case let action as Dispatched: action.apply(to: &state.game)
    default: break
    }
}

/// Runs a floor reducer on a state it owns alone, so that growing the history never copies it.
final class FloorRunner {
    private var state: AppState
    private let reduce: (any Action, inout AppState) -> Void

    init(_ state: AppState, reduce: @escaping (any Action, inout AppState) -> Void = floorReduce) {
        self.state = state
        self.reduce = reduce
    }

    /// A run of `operations` reductions, cycling through `actions`.
    func makeRun(operations: Int, cycling actions: [any Action]) -> Run {
        Run(operations: operations) { blackHole(self.reduceAll(operations, cycling: actions)) }
    }

    /// Reduces `count` actions and returns the state's checksum.
    @inline(never)
    private func reduceAll(_ count: Int, cycling actions: [any Action]) -> Int {
        var local = AppState()
        swap(&local, &state)  // moved out, not copied: the history stays uniquely referenced
        forEachDispatch(count, cycling: actions) { reduce($0, &local) }
        swap(&local, &state)
        return state.checksum
    }
}

/// The B4 floor: after reducing, call by hand the subscribers whose part of the state changed.
struct FloorNotifier {
    var settingsSubscribers: [CountingSubscriber<Settings>]
    var gameSubscribers: [CountingSubscriber<GameState>]

    /// Reduces the action, then notifies whoever watches a part that changed.
    @inline(never)
    func reduceAndNotify(_ action: any Action, _ state: inout AppState) {
        let before = state
        floorReduce(action, &state)
        if state.settings != before.settings {
            for subscriber in settingsSubscribers { subscriber.update(state: state.settings) }
        }
        if state.game != before.game {
            for subscriber in gameSubscribers { subscriber.update(state: state.game) }
        }
    }
}

/// What B4's subscribers would cost as hand-written observers: after the floor's reducer, every
/// subscriber has its own closure that selects its part, compares it with the last value it saw
/// and calls the subscriber when it changed, as a ReSwift subscription with `skipRepeats` does.
/// Nothing is shared, so 1,000 `settings` observers make 1,000 selections and comparisons.
struct HandWrittenObservers {
    private let observers: [(AppState) -> Void]

    init(settingsSubscribers: [CountingSubscriber<Settings>], gameSubscribers: [CountingSubscriber<GameState>]) {
        let initial = AppState()
        observers =
            settingsSubscribers.map { Self.observer($0, initial: initial) { $0.settings } }
            + gameSubscribers.map { Self.observer($0, initial: initial) { $0.game } }
    }

    private static func observer<Part: Equatable>(
        _ subscriber: CountingSubscriber<Part>, initial: AppState, select: @escaping (AppState) -> Part
    ) -> (AppState) -> Void {
        var last = select(initial)
        return { state in
            let part = select(state)
            guard part != last else { return }
            last = part
            subscriber.update(state: part)
        }
    }

    /// Reduces the action, then lets every observer look at the new state.
    @inline(never)
    func reduceAndNotify(_ action: any Action, _ state: inout AppState) {
        floorReduce(action, &state)
        for observer in observers { observer(state) }
    }
}

/// A subscriber that counts its updates.
final class CountingSubscriber<Watched>: StoreSuscriptor {
    private(set) var updates = 0

    func update(state: Watched) {
        updates &+= 1
    }
}

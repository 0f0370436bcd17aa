import MultiRedux

// The naive baseline: how VISPER-Redux and ReSwift-style stores work, reduced to the essentials,
// to show the scaling difference honestly on the same workloads (B2, B3).
//
// - Linear-scan registry: every reduction asks every registered reducer whether it is
//   responsible (a state-type check, then an `is` cast of the action), as VISPER-Redux's
//   container does, so routing costs O(number of reducers).
// - Value-copying reducers: each reducer gets the sub-state as a value and returns a modified
//   copy, and the app reducer builds a new root, while the store still holds the old state. So
//   appending one round to the history copies the whole array: O(size of the history).

/// A type-erased reducer, as VISPER-Redux stores them.
private struct NaiveReducer {
    let stateType: Any.Type
    let isResponsible: (any Action) -> Bool
    let reduce: (any Action, Any) -> Any

    init<Applied: SubstateAction>(_: Applied.Type) {
        stateType = Applied.Target.self
        isResponsible = { $0 is Applied }
        reduce = { action, state in
            var copy = state as! Applied.Target
            (action as! Applied).apply(to: &copy)
            return copy
        }
    }
}

/// A store with a linear-scan registry and value-returning reducers.
final class NaiveStore: SubstateReducerRegistering {
    private let mutex = Mutex()
    private var reducers: [NaiveReducer] = []
    private(set) var state: AppState

    init(_ state: AppState) {
        self.state = state
    }

    /// Registers the reducer of an action type.
    func register<Applied: SubstateAction>(_: Applied.Type) {
        reducers.append(NaiveReducer(Applied.self))
    }

    /// Applies an action under the lock: a new root made of the reduced sub-states.
    @inline(never)
    func dispatch(_ action: any Action) {
        mutex.withLock {
            state = AppState(
                game: reduce(action, state.game), history: reduce(action, state.history),
                settings: reduce(action, state.settings))
        }
    }

    private func reduce<Substate>(_ action: any Action, _ state: Substate) -> Substate {
        var result = state
        for reducer in reducers where reducer.stateType == Substate.self && reducer.isResponsible(action) {
            result = reducer.reduce(action, result) as! Substate
        }
        return result
    }
}

extension NaiveStore {
    /// A run of `operations` dispatches to this store, cycling through `actions`.
    func makeRun(operations: Int, cycling actions: [any Action]) -> Run {
        Run(operations: operations) {
            forEachDispatch(operations, cycling: actions) { self.dispatch($0) }
            blackHole(self.state.checksum)
        }
    }
}

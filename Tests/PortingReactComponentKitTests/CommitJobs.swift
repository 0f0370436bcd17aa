import MultiRedux

// The README's WorksBeforeCommitStore and WorksAfterCommitStore: jobs that change the state
// around every mutation of the store. A job is a reduce function for the feature's action type
// (every case: every action method of the store), in a feature placed at the counter's place
// before the counter's feature (it runs first) or after it (it runs last): reducers of one place
// run in the order their features were placed.

/// `worksBeforeCommit()`'s job: the count is set to -10 before a counter action's mutation.
struct WorksBeforeCommitFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: CounterAction, counter: inout Counter) in
            counter.count = -10
        }
    }
}

/// `worksAfterCommit()`'s job: the count is doubled after a counter action's mutation.
struct WorksAfterCommitFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: CounterAction, counter: inout Counter) in
            counter.count *= 2
        }
    }
}

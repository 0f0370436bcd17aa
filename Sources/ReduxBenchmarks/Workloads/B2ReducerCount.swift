import MultiRedux

/// B2 reducer-count scaling: N reducers for N distinct action types on the game state, N in
/// {10, 100, 1000}; 100,000 dispatches of one of them, the last one registered (the worst case of
/// a linear scan).
struct ReducerCount: TableWorkload {
    let id = "B2"
    let title = "reducer-count scaling: N reducers for N distinct action types on one sub-state"
    let parameterName = "N reducers"
    let variants: [Variant] = [.floor, .store, .naive]
    let countedParameter = 1_000

    func parameters(quick: Bool) -> [Int] {
        [10, 100, 1_000]
    }

    func operations(_ variant: Variant, parameter: Int, quick: Bool) -> Int {
        let dispatches = quick ? 1_000 : 100_000
        // The naive scan costs O(N) per dispatch; fewer dispatches keep its rows to a few seconds.
        return variant == .naive ? max(10, dispatches * 10 / parameter) : dispatches
    }

    func makeRun(_ variant: Variant, parameter: Int, operations: Int) -> Run {
        switch variant {
        case .floor:
            let floor = floorCase(WrapSeed.self, nesting: parameter)
            return FloorRunner(AppState(), reduce: floor.reduce)
                .makeRun(operations: operations, cycling: [floor.action])
        case .store, .storeHandWritten:
            var action: any Action = WrapSeed()
            let store = makeStore(AppState(), form: variant.appReducerForm) {
                action = $0.registerWrapped(WrapSeed.self, count: parameter)
            }
            return store.makeRun(operations: operations, cycling: [action])
        case .observers:
            preconditionFailure("ReduxBenchmarks: B2 has no \(variant.rawValue) variant")
        case .naive:
            let store = NaiveStore(AppState())
            let action = store.registerWrapped(WrapSeed.self, count: parameter)
            return store.makeRun(operations: operations, cycling: [action])
        }
    }

    /// `Wrap` nested `count` times around `Inner`, the type the store rows register last, with the
    /// floor reducer for exactly that type.
    ///
    /// Built by generic recursion rather than by casting an `any Action` to a constrained
    /// existential, whose run-time support needs macOS 13 / iOS 16.
    private func floorCase<Inner: Action>(
        _: Inner.Type, nesting count: Int
    ) -> (action: any Action, reduce: (any Action, inout AppState) -> Void) {
        guard count > 1 else {
            return (Wrap<Inner>(), { floorReduce($0, &$1, handling: Wrap<Inner>.self) })
        }
        return floorCase(Wrap<Inner>.self, nesting: count - 1)
    }
}

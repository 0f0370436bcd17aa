import MultiRedux

/// B1 dispatch-small: 10 action types, each reduced by one typed reducer on one sub-state (the
/// history untouched), 1,000,000 dispatches cycling through the 10 types, no subscribers.
struct DispatchSmall: TableWorkload {
    let id = "B1"
    let title = "dispatch-small: 10 action types, one typed reducer each, no subscribers"
    let parameterName = "action types"
    let variants: [Variant] = [.floor, .store, .storeHandWritten]
    let countedParameter = dispatchSmallActions.count

    func parameters(quick: Bool) -> [Int] {
        [dispatchSmallActions.count]
    }

    func operations(_ variant: Variant, parameter: Int, quick: Bool) -> Int {
        quick ? 10_000 : 1_000_000
    }

    func makeRun(_ variant: Variant, parameter: Int, operations: Int) -> Run {
        switch variant {
        case .floor:
            FloorRunner(AppState()).makeRun(operations: operations, cycling: dispatchSmallActions)
        case .store, .storeHandWritten:
            makeStore(AppState(), form: variant.appReducerForm) {
                $0.registerDispatchSmallReducers()
            }
            .makeRun(operations: operations, cycling: dispatchSmallActions)
        case .naive, .observers:
            preconditionFailure("ReduxBenchmarks: B1 has no \(variant.rawValue) variant")
        }
    }

    func extraNotes(_ options: Options, medians: [Variant: [Int: Double]]) -> [String] {
        guard let store = medians[.store]?[countedParameter] else { return [] }
        return ["Store throughput: \(format(1_000 / store, 2)) M dispatches/s on one thread."]
    }

    func record(medians: [Variant: [Int: Double]], in shared: SharedResults) {
        shared.dispatchSmallStoreMedian = medians[.store]?[countedParameter]
    }
}

import MultiRedux
import Testing

/// A root state with one counter, for running both reducer forms through a store.
private struct CounterApp: State {
    var counter = Counter()
}

/// Registers an in-place reducer, then a value-returning one, on the counter.
private struct BothFormsFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: AddReducer(tag: "add"))
        container.addReducer(reducer: TimesTenReducer())
    }
}

/// Runs any reducer through the in-place form, as the pre-1.0 `InPlaceActionReducer` did.
private func reduceInPlace<Reducer: InPlaceActionReducer>(
    _ reducer: Reducer, _ action: Reducer.ReducerActionType, _ state: inout Reducer.ReducerStateType
) {
    reducer.reduce(provider: ReducerRegistry(), action: action, state: &state)
}

/// Runs any reducer through the value-returning form, VISPER-Redux's way of calling one.
private func reducedValue<Reducer: ActionReducer>(
    _ reducer: Reducer, _ action: Reducer.ReducerActionType, _ state: Reducer.ReducerStateType
) -> Reducer.ReducerStateType {
    reducer.reduce(provider: ReducerRegistry(), action: action, state: state)
}

/// `ActionReducer` is the one sync reducer protocol: implement either form, get the other.
@Suite struct ActionReducerFormsTests {
    @Test("a reducer written only in place answers the value-returning form with a changed copy")
    func inPlaceReducerReturnsValues() {
        let before = Counter(value: 1, log: ["start"])
        let after = AddReducer(tag: "add").reduce(provider: ReducerRegistry(), action: Increment(by: 2), state: before)
        #expect(after == Counter(value: 3, log: ["start", "add"]))
        #expect(before == Counter(value: 1, log: ["start"]))
    }

    @Test("a reducer written only in the value-returning form changes a state in place")
    func valueReducerChangesInPlace() {
        var counter = Counter(value: 4)
        TimesTenReducer().reduce(provider: ReducerRegistry(), action: Increment(by: 1), state: &counter)
        #expect(counter == Counter(value: 40, log: ["x10"]))
    }

    @Test("both forms register with addReducer(reducer:) and chain in registration order")
    func bothFormsThroughARegistry() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        registry.addReducer(reducer: TimesTenReducer())
        var counter = Counter()
        registry.reduce(Increment(by: 2), &counter)
        #expect(counter == Counter(value: 20, log: ["add", "x10"]))
    }

    @Test("both forms registered by a placed feature run in a store, in order")
    func bothFormsThroughAStore() {
        let store = Store(initialState: CounterApp(), features: [BothFormsFeature().at(\.counter)])
        store.dispatch(Increment(by: 2))
        store.dispatch(Increment(by: 1))
        #expect(store.state.counter == Counter(value: 210, log: ["add", "x10", "add", "x10"]))
    }

    @Test("any reducer runs in place through InPlaceActionReducer and returns a value through VISPER's call")
    func compatibilityNamesAcceptEitherForm() {
        var counter = Counter()
        reduceInPlace(TimesTenReducer(), Increment(by: 1), &counter)
        reduceInPlace(AddReducer(tag: "add"), Increment(by: 3), &counter)
        #expect(counter == Counter(value: 3, log: ["x10", "add"]))
        let value = reducedValue(AddReducer(tag: "add"), Increment(by: 1), Counter(value: 1))
        #expect(reducedValue(TimesTenReducer(), Increment(by: 1), value) == Counter(value: 20, log: ["add", "x10"]))
    }

    @Test("FunctionalReducer wraps an in-place function and a value-returning one alike")
    func functionalReducerForms() {
        let inPlace = FunctionalReducer { (_, action: Increment, state: inout Counter) in state.value += action.by }
        let returning = FunctionalReducer { (_, action: Increment, state: Counter) -> Counter in
            Counter(value: state.value * action.by, log: state.log + ["times"])
        }
        let registry = ReducerRegistry()
        registry.addReducer(reducer: inPlace)
        registry.addReducer(reducer: returning)
        var counter = Counter(value: 1)
        registry.reduce(Increment(by: 3), &counter)
        #expect(counter == Counter(value: 12, log: ["times"]))
        #expect(
            returning.reduce(provider: registry, action: Increment(by: 2), state: Counter(value: 5))
                == Counter(value: 10, log: ["times"]))
    }
}

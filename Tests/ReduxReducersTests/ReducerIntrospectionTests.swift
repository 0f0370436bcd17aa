import MultiRedux
import Testing

@testable import ReduxReducers

/// Renames the profile when its (immediate) work is done: an async reducer to introspect.
private struct RenameLaterReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: Rename) async -> @Sendable (inout Profile) -> Void {
        let name = action.name
        return { $0.name = name }
    }
}

@Suite struct ReducerIntrospectionTests {
    private func makeRegistry() -> ReducerRegistry {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        registry.addReducer(reducer: ResetReducer())
        registry.addReducer(reducer: TimesTenReducer())
        registry.addReduceFunction(reduceFunction: { (_, action: Rename, state: Profile) -> Profile in
            Profile(name: action.name)
        })
        registry.addReducer(reducer: RenameLaterReducer())
        return registry
    }

    @Test("registeredReducers lists every registration in order, telling async reducers apart")
    func registeredReducersInOrder() {
        let registered = makeRegistry().registeredReducers
        #expect(registered.map(\.order) == [0, 1, 2, 3, 4])
        #expect(registered.map(\.isAsync) == [false, false, false, false, true])
        #expect(ObjectIdentifier(registered[0].reducerType) == ObjectIdentifier(AddReducer.self))
        #expect(
            ObjectIdentifier(registered[3].reducerType) == ObjectIdentifier(FunctionalReducer<Rename, Profile>.self))
        #expect(ObjectIdentifier(registered[1].actionType) == ObjectIdentifier((any ResetAction).self))
        #expect(ObjectIdentifier(registered[4].stateType) == ObjectIdentifier(Profile.self))
    }

    @Test("a sample action lists exactly the reducers that run, in order")
    func reducersForSampleAction() {
        let registry = makeRegistry()
        let counterSlot = ObjectIdentifier(Counter.self)
        let forIncrement = registry.reducers(handling: Increment(by: 1), on: Counter.self, slot: counterSlot)
        #expect(forIncrement.map { "\($0.reducerType)" } == ["AddReducer", "TimesTenReducer"])
        let forReset = registry.reducers(handling: ResetAll(), on: Counter.self, slot: counterSlot)
        #expect(forReset.map { "\($0.reducerType)" } == ["ResetReducer"])
        #expect(
            registry.reducers(handling: Increment(by: 1), on: Profile.self, slot: ObjectIdentifier(Profile.self))
                .isEmpty)
    }

    @Test("the type-only form sees concrete and class registrations but not existential ones")
    func reducersForActionType() {
        let registry = makeRegistry()
        #expect(registry.reducers(handling: Increment.self, on: Counter.self).count == 2)
        #expect(registry.reducers(handling: ResetAll.self, on: Counter.self).isEmpty)
        #expect(registry.reducers(handling: Rename.self, on: Profile.self).map(\.isAsync) == [false, true])
    }

    @Test("descriptions name the order, the reducer, the action and the state, and mark async reducers")
    func descriptionNamesEverything() {
        let registered = makeRegistry().registeredReducers
        #expect(registered[0].description == "#0 AddReducer: Increment on Counter")
        #expect(registered[4].description == "#4 RenameLaterReducer: Rename on Profile (async)")
    }
}

import MultiRedux
import Testing

@Suite struct ReducerIntrospectionTests {
    private func makeRegistry() -> ReducerRegistry {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        registry.addReducer(reducer: ResetReducer())
        registry.addReducer(reducer: TimesTenReducer())
        registry.addReduceFunction(reduceFunction: { (_, action: Rename, state: Profile) -> Profile in
            Profile(name: action.name)
        })
        return registry
    }

    @Test("registeredReducers lists every registration in order with its kind")
    func registeredReducersInOrder() {
        let registered = makeRegistry().registeredReducers
        #expect(registered.map(\.order) == [0, 1, 2, 3])
        #expect(registered.map(\.kind) == [.inPlace, .inPlace, .returning, .returning])
        #expect(ObjectIdentifier(registered[0].reducerType) == ObjectIdentifier(AddReducer.self))
        #expect(
            ObjectIdentifier(registered[3].reducerType) == ObjectIdentifier(FunctionalReducer<Rename, Profile>.self))
        #expect(ObjectIdentifier(registered[1].actionType) == ObjectIdentifier((any ResetAction).self))
    }

    @Test("a sample action lists exactly the reducers that run, in order")
    func reducersForSampleAction() {
        let registry = makeRegistry()
        let forIncrement = registry.reducers(handling: Increment(by: 1), on: Counter.self)
        #expect(forIncrement.map { "\($0.reducerType)" } == ["AddReducer", "TimesTenReducer"])
        let forReset = registry.reducers(handling: ResetAll(), on: Counter.self)
        #expect(forReset.map { "\($0.reducerType)" } == ["ResetReducer"])
        #expect(registry.reducers(handling: Increment(by: 1), on: Profile.self).isEmpty)
    }

    @Test("the type-only form sees concrete and class registrations but not existential ones")
    func reducersForActionType() {
        let registry = makeRegistry()
        #expect(registry.reducers(handling: Increment.self, on: Counter.self).count == 2)
        #expect(registry.reducers(handling: ResetAll.self, on: Counter.self).isEmpty)
        #expect(registry.reducers(handling: Rename.self, on: Profile.self).count == 1)
    }

    @Test("descriptions name the reducer, the action, the state and the kind")
    func descriptionNamesEverything() {
        let first = makeRegistry().registeredReducers[0]
        #expect(first.description == "#0 AddReducer: Increment on Counter (inPlace)")
    }
}

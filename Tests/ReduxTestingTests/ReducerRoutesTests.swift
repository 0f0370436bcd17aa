import MultiRedux
import ReduxTesting
import Testing

@Suite struct ReducerRoutesTests {
    let routes = ReducerRoutes(features: allFeatures())

    @Test("the reducers of an action type on a state type are asserted in registration order")
    func reducersInOrder() {
        let failures = collectFailures {
            let found = routes.assertReducers(
                handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, TagRenamedReducer.self])
            #expect(found.map(\.order) == [3, 4])
            let loading: [Any.Type] = [StartLoadingReducer.self, LoadProfileReducer.self]
            routes.assertReducers(handling: LoadProfile(id: 1), on: UserState.self, are: loading)
            routes.assertReducers(handling: Logout.self, on: UserState.self, are: [])
        }
        #expect(failures.isEmpty)
    }

    @Test("a wrong order fails with the action type, the state type and the registered reducers")
    func wrongOrder() {
        let failures = collectFailures {
            routes.assertReducers(
                handling: SetName.self, on: UserState.self, are: [TagRenamedReducer.self, SetNameReducer.self])
        }
        #expect(
            failures.map(\.message) == [
                """
                Reducers for SetName on UserState are [SetNameReducer, TagRenamedReducer], expected [TagRenamedReducer, SetNameReducer].
                Registered on UserState:
                  #3 SetNameReducer: SetName on UserState (returning)
                  #4 TagRenamedReducer: SetName on UserState (inPlace)
                  #5 StartLoadingReducer: LoadProfile on UserState (inPlace)
                  #6 LoadProfileReducer: LoadProfile on UserState (async)
                """
            ])
    }

    @Test("an action handled on another state only says where it is registered")
    func handledElsewhere() {
        let failures = collectFailures {
            routes.assertHandled(SetTheme.self, on: UserState.self)
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.hasPrefix("No reducer handles SetTheme on UserState.\nRegistered on UserState:\n"))
        #expect(
            message.hasSuffix(
                "SetTheme is registered on other states:\n  #7 SetThemeReducer: SetTheme on ThemeState (inPlace)"))
    }

    @Test("the type form cannot see existential registrations and says so; the value form sees them")
    func existentialRegistrations() {
        let typeForm = collectFailures {
            routes.assertHandled(ResetAll.self, on: CounterState.self)
        }
        #expect(typeForm.count == 1)
        #expect(
            typeForm.first?.message.hasSuffix(
                """
                Registered for protocol existentials, which a type cannot be matched against (assert with a sample action value to include them):
                  #1 ResetCounterReducer: ResetAction on CounterState (inPlace)
                """) == true)
        let valueForm = collectFailures {
            routes.assertReducers(handling: ResetAll(), on: CounterState.self, are: [ResetCounterReducer.self])
        }
        #expect(valueForm.isEmpty)
    }

    @Test("a failure points at the line of the assertion")
    func failureLocation() {
        let line: UInt = #line + 2
        let failures = collectFailures {
            routes.assertHandled(Logout(), on: CounterState.self)
        }
        #expect(failures.first?.location.line == line)
        #expect(failures.first?.location.fileID == "ReduxTestingTests/ReducerRoutesTests.swift")
    }

    @Test("an action reaches a sub-state of the composite state")
    func compositeHandled() {
        let failures = collectFailures {
            let found = routes.assertHandled(SetTheme.self, inSubstatesOf: AppState(), appReducer: appReducer)
            #expect(found.map(\.order) == [7])
            routes.assertHandled(ResetAll(), inSubstatesOf: AppState(), appReducer: appReducer)
            routes.assertHandled(Increment.self, inSubstatesOf: AppState(), appReducer: valueAppReducer)
            routes.assertHandled(SetName(name: ""), inSubstatesOf: AppState(), appReducer: valueAppReducer)
            routes.assertEveryRegistrationReached(from: AppState(), appReducer: appReducer)
            routes.assertEveryRegistrationReached(from: AppState(), appReducer: valueAppReducer)
        }
        #expect(failures.isEmpty)
    }

    @Test("an action whose sub-state the app reducer forgot fails and lists what the app reducer reduces")
    func compositeNotReached() {
        let failures = collectFailures {
            routes.assertHandled(SetTheme(theme: .dark), inSubstatesOf: AppState(), appReducer: appReducerWithoutTheme)
        }
        #expect(
            failures.map(\.message) == [
                """
                No reducer handles SetTheme on any state the app reducer of AppState reduces [CounterState, UserState, AppState].
                SetTheme is registered on:
                  #7 SetThemeReducer: SetTheme on ThemeState (inPlace)
                """
            ])
    }

    @Test("registrations on a state the app reducer never reduces are reported as dead")
    func deadRegistrations() {
        var dead: [RegisteredReducer] = []
        let failures = collectFailures {
            dead = routes.assertEveryRegistrationReached(from: AppState(), appReducer: appReducerWithoutTheme)
        }
        #expect(dead.map(\.order) == [7])
        #expect(
            failures.map(\.message) == [
                """
                1 registration(s) can never run: the app reducer of AppState does not reduce their state types.
                  #7 SetThemeReducer: SetTheme on ThemeState (inPlace)
                The app reducer reduces [CounterState, UserState, AppState].
                """
            ])
    }

    @Test("routes can be built from a store's container")
    func fromContainer() {
        let store = Store(initialState: AppState(), appReducer: appReducer)
        store.reducerContainer.addReducer(reducer: IncrementReducer())
        let failures = collectFailures {
            ReducerRoutes(store.reducerContainer).assertReducers(
                handling: Increment.self, on: CounterState.self, are: [IncrementReducer.self])
        }
        #expect(failures.isEmpty)
    }
}

import Foundation
import MultiRedux
import ReduxTesting
import Testing

@Suite struct ReducerRoutesTests {
    let routes = ReducerRoutes(initialState: AppState(), features: allFeatures())

    @Test("the reducers of an action type on a state type are asserted in registration order")
    func reducersInOrder() {
        let failures = collectFailures {
            let found = routes.assertReducers(
                handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, TagRenamedReducer.self])
            #expect(
                found.map { ObjectIdentifier($0.reducerType) } == [
                    ObjectIdentifier(SetNameReducer.self), ObjectIdentifier(TagRenamedReducer.self),
                ])
            let loading: [Any.Type] = [StartLoadingReducer.self, LoadProfileReducer.self]
            routes.assertReducers(handling: LoadProfile(id: 1), on: UserState.self, are: loading)
            routes.assertReducers(handling: Logout.self, on: UserState.self, are: [])
            routes.assertReducers(handling: SetName.self, on: AppState.self, are: [])
        }
        #expect(failures.isEmpty)
    }

    @Test("two reduce functions of one action and state are told apart by where they were registered")
    func reduceFunctionsToldApartBySite() {
        struct Tally: State, Equatable { var count = 0 }
        struct Bump: Action {}
        let firstLine = #line + 2
        let routes = ReducerRoutes(initialState: Tally(), features: []) { reducers in
            reducers.addAsyncReduceFunction { (_, _: Bump, tally: inout Tally) -> Effect<Tally> in
                tally.count += 1
                return .none
            }
            reducers.addAsyncReduceFunction { (_, _: Bump, _: inout Tally) -> Effect<Tally> in .none }
        }
        var found: [RegisteredReducer] = []
        let failures = collectFailures {
            found = routes.assertReducers(
                handling: Bump.self, on: Tally.self, are: [AsyncReduceFunction<Bump, Tally>.self])
        }
        let sites = [
            "ReduxTestingTests/ReducerRoutesTests.swift:\(firstLine)",
            "ReduxTestingTests/ReducerRoutesTests.swift:\(firstLine + 4)",
        ]
        #expect(failures.count == 1)
        #expect(sites.allSatisfy { failures.first?.message.contains("registered at \($0)") == true })
        found = routes.assertReducers(
            handling: Bump.self, on: Tally.self,
            are: [AsyncReduceFunction<Bump, Tally>.self, AsyncReduceFunction<Bump, Tally>.self])
        #expect(found.map(\.site) == sites)
    }

    @Test("every listed action type with a reducer passes; the ones without are named in one failure")
    func everyActionHandled() {
        struct Unwired: Action {}
        struct Forgotten: Action {}
        let passing = collectFailures {
            routes.assertHandled([SetName.self, LoadProfile.self])
        }
        #expect(passing.map(\.message) == [])
        let failing = collectFailures {
            routes.assertHandled([SetName.self, Unwired.self, Forgotten.self])
        }
        #expect(failing.count == 1)
        #expect(failing.first?.message.hasPrefix("No reducer is registered for Unwired, Forgotten;") == true)
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
                  #3 SetNameReducer: SetName on UserState
                  #4 TagRenamedReducer: SetName on UserState
                  #5 StartLoadingReducer: LoadProfile on UserState
                  #6 LoadProfileReducer: LoadProfile on UserState (async)
                """
            ])
    }

    @Test("an action handled on another state says where it is registered")
    func handledElsewhere() {
        let failures = collectFailures {
            routes.assertReducers(handling: SetTheme.self, on: UserState.self, are: [SetThemeReducer.self])
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "Reducers for SetTheme on UserState are [], expected [SetThemeReducer].\nRegistered on UserState:\n"))
        #expect(
            message.hasSuffix("SetTheme is registered on other states:\n  #7 SetThemeReducer: SetTheme on ThemeState"))
    }

    @Test("the type form cannot see existential registrations and says so; the value form sees them")
    func existentialRegistrations() {
        let typeForm = collectFailures {
            routes.assertReducers(handling: ResetAll.self, on: CounterState.self, are: [ResetCounterReducer.self])
        }
        #expect(typeForm.count == 1)
        #expect(
            typeForm.first?.message.hasSuffix(
                """
                Registered for protocol existentials, which a type cannot be matched against (assert with a sample action value to include them):
                  #1 ResetCounterReducer: ResetAction on CounterState
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
            routes.assertReducers(handling: Logout(), on: CounterState.self, are: [IncrementReducer.self])
        }
        #expect(failures.first?.location.line == line)
        #expect(failures.first?.location.fileID == "ReduxTestingTests/ReducerRoutesTests.swift")
    }

    @Test("a registration no part of the state can reach fails where the routes are made")
    func unreachableRegistration() {
        let line: UInt = #line + 2
        let failures = collectFailures {
            let routes = ReducerRoutes(initialState: AppState(), features: [UserAndThemeFeature().at(\.user)])
            routes.assertReducers(handling: SetTheme.self, on: ThemeState.self, are: [])
            routes.assertReducers(handling: SetName.self, on: UserState.self, are: [SetNameReducer.self])
        }
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.hasPrefix(
                "Building the store reported an issue. MultiRedux [unreachableReducer]: SetThemeReducer reduces "
                    + "ThemeState, but it was registered by UserAndThemeFeature at \\AppState.user") == true)
    }

    @Test("reducers registered on the root run at the root")
    func rootReducers() {
        let failures = collectFailures {
            let routes = ReducerRoutes(initialState: AppState(), features: allFeatures()) { reducers in
                reducers.addReduceFunction { (_, _: Logout, state: inout AppState) in state = AppState() }
            }
            routes.assertReducers(
                handling: Logout.self, on: AppState.self, are: [FunctionalReducer<Logout, AppState>.self])
        }
        #expect(failures.isEmpty)
    }

    @Test("a state type placed at two places must have the reducers at each")
    func twoPlaces() {
        let passing = collectFailures {
            let routes = ReducerRoutes(
                initialState: MatchState(), features: [ScoreFeature().at(\.home), ScoreFeature().at(\.away)])
            let found = routes.assertReducers(handling: Goal.self, on: TeamScore.self, are: [GoalReducer.self])
            #expect(found.count == 2)
        }
        #expect(passing.isEmpty)
        let failing = collectFailures {
            ReducerRoutes(initialState: MatchState(), features: [ScoreFeature().at(\.home), BonusFeature().at(\.away)])
                .assertReducers(handling: Goal.self, on: TeamScore.self, are: [GoalReducer.self])
        }
        #expect(
            failing.first?.message.hasPrefix(
                "Reducers for Goal on TeamScore (at one of its 2 places) are [GoalReducer, FunctionalReducer<Goal, "
                    + "TeamScore>], expected [GoalReducer].") == true)
    }

    @Test("routes can be read from an existing store, one built around an app reducer too")
    func fromStore() {
        let featureStore = Store(initialState: AppState(), features: allFeatures())
        let container = ReducerRegistry()
        container.addReducer(reducer: IncrementReducer())
        let appReducerStore = Store(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
        let failures = collectFailures {
            ReducerRoutes(featureStore).assertReducers(
                handling: SetTheme.self, on: ThemeState.self, are: [SetThemeReducer.self])
            ReducerRoutes(appReducerStore).assertReducers(
                handling: Increment.self, on: CounterState.self, are: [IncrementReducer.self])
        }
        #expect(failures.isEmpty)
    }
}

/// Scores twice per goal: a second reducer for `Goal` on `TeamScore`.
private struct BonusFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: GoalReducer())
        container.addReduceFunction { (_, _: Goal, state: inout TeamScore) in state.goals += 1 }
    }
}

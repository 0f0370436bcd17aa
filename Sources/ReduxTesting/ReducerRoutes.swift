import MultiRedux
import ReduxCore
import ReduxReducers
internal import ReduxShared
import ReduxStore
import ReduxTimeTravel

/// The routing of a store, seen by a test: which reducers handle an action on a state, in which
/// order.
///
/// Build it from the placed features your app's store is built from (or from the store itself),
/// then assert one routing fact per line:
///
/// ```swift
/// let routes = ReducerRoutes(
///     initialState: AppState(), features: [CounterFeature().at(\.counter), UserFeature().at(\.user)])
/// routes.assertReducers(handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, TagRenamedReducer.self])
/// routes.assertReducers(handling: Logout.self, on: UserState.self, are: [])   // not handled
/// routes.assertReducers(handling: ResetAll(), on: CounterState.self, are: [ResetCounterReducer.self])
/// ```
///
/// A failure names the action type, the state type and the reducers registered on that state
/// and for that action elsewhere, so a wrong registration is easy to spot.
///
/// Building the routes from features also checks that every registration can run: one that no
/// part of the root state can reach (a reducer of `ThemeState` in a feature placed at a
/// `UserState`) fails the test where the routes are made, with the store's explanation.
public struct ReducerRoutes: Sendable {
    /// The container the store routes through.
    let container: any ReducerContainer

    /// The routing of a store built from features, as `Store(initialState:features:reducers:)`
    /// builds it; fails for every registration that no part of the state can reach.
    ///
    /// - Parameters:
    ///   - initialState: A root value; only its type matters for routing.
    ///   - features: The features and their places, in the order the app places them.
    ///   - fileID: The file an unreachable registration's failure points at; leave the default.
    ///   - filePath: The file an unreachable registration's failure points at; leave the default.
    ///   - line: The line an unreachable registration's failure points at; leave the default.
    ///   - column: The column an unreachable registration's failure points at; leave the default.
    ///   - reducers: Registers reducers of the root state, after the features'.
    public init<Root: State>(
        initialState: Root, features: [PlacedFeature<Root>],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) {
        let issues = LockedValue<[ReduxIssue]>([])
        let store = Store(
            initialState: initialState, features: features,
            issueReporter: IssueReporter { issue in issues.withLock { $0.append(issue) } }, reducers: reducers)
        for issue in issues.withLock({ $0 }) {
            FailureReporter.current.fail(
                "Building the store reported an issue. \(issue.description)",
                at: .init(fileID, filePath, line, column))
        }
        self.init(store)
    }

    /// The routing of an existing store: the app's own, or one built around an app reducer.
    ///
    /// - Parameter store: The store.
    public init<Root>(_ store: Store<Root>) {
        container = store.testingSeam.registry
    }

    /// Asserts that exactly these reducers, in this order, run for an action type on a state type.
    ///
    /// ```swift
    /// routes.assertReducers(handling: SetName.self, on: UserState.self, are: [SetNameReducer.self])
    /// routes.assertReducers(handling: Logout.self, on: CounterState.self, are: [])   // not handled
    /// ```
    ///
    /// Reduce functions are registered as `FunctionalReducer<Action, State>`; name async reduce
    /// functions ``AsyncReduceFunction``<Action, State>. When
    /// features place several parts of the state type (a home and an away score), the reducers
    /// at each place must be these.
    ///
    /// The answer comes from the types alone, so registrations for a protocol existential
    /// (`any ResetAction`) are not seen; the failure message lists them. Pass a sample action to
    /// include them.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced: a sub-state's, or the root's.
    ///   - expected: The reducer types, in the order they must run.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in order, place after place.
    /// - Complexity: O(*n*) for *n* registrations in the store.
    @discardableResult
    public func assertReducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type, are expected: [Any.Type],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let query = RoutingQuery(container: container, actionType: actionType, stateType: stateType, isTypeForm: true)
        return query.check(against: expected, at: .init(fileID, filePath, line, column)) { registry, slot in
            registry?.slots.reducers(handling: actionType, on: stateType, slot: slot)
                ?? container.reducers(handling: actionType, on: stateType)
        }
    }

    /// Asserts that exactly these reducers, in this order, run for an action on a state type,
    /// by the matching rules of dispatch.
    ///
    /// ```swift
    /// routes.assertReducers(handling: ResetAll(), on: CounterState.self, are: [ResetCounterReducer.self])
    /// ```
    ///
    /// Unlike the type form, it sees registrations for a protocol existential (`any ResetAction`)
    /// and for a superclass of the action.
    ///
    /// - Parameters:
    ///   - action: A sample action; only its type and conformances matter.
    ///   - stateType: The state type being reduced: a sub-state's, or the root's.
    ///   - expected: The reducer types, in the order they must run.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in order, place after place.
    /// - Complexity: Amortised O(1) per place once the pair has been routed, plus O(*n*) on failure.
    @discardableResult
    public func assertReducers<Substate>(
        handling action: any Action, on stateType: Substate.Type, are expected: [Any.Type],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let query = RoutingQuery(
            container: container, actionType: type(of: action), stateType: stateType, isTypeForm: false)
        return query.check(against: expected, at: .init(fileID, filePath, line, column)) { registry, slot in
            registry?.slots.reducers(handling: action, on: stateType, slot: slot) ?? query.typeFormReducers(action)
        }
    }

    /// Asserts that a reducer is registered for each of these action types, somewhere in the
    /// store: the check, in a feature's tests, that no action it declares was left without a
    /// reducer, which the compiler cannot make for struct actions (an enum's `switch` can).
    ///
    /// ```swift
    /// extension TodoFeature {
    ///     /// Every action the feature's module declares.
    ///     static let actions: [any Action.Type] = [AddTodo.self, RemoveTodo.self, ClearTodos.self]
    /// }
    ///
    /// routes.assertHandled(TodoFeature.actions)
    /// ```
    ///
    /// It fails once, naming every type with no registration of its own. Registrations for a
    /// protocol existential (`any ResetAction`) do not count: assert those with a sample action
    /// (`assertReducers(handling: ResetAll(), on: …, are: …)`).
    ///
    /// - Parameters:
    ///   - actionTypes: The action types that must each have a reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Complexity: O(*n* + *m*) for *n* registrations and *m* action types.
    public func assertHandled(
        _ actionTypes: [any Action.Type],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let registered = Set(
            ((container as? ReducerRegistry)?.slots.registeredReducers ?? []).map { ObjectIdentifier($0.actionType) })
        let unhandled = actionTypes.filter { !registered.contains(ObjectIdentifier($0)) }
        guard !unhandled.isEmpty else { return }
        FailureReporter.current.fail(
            "No reducer is registered for " + unhandled.map { ValueDescription.name(of: $0) }.joined(separator: ", ")
                + "; register one in the feature's injectReducers(container:), or take the action out of the list.",
            at: .init(fileID, filePath, line, column))
    }
}

extension TestFailure.Location {
    /// Bundles the four source-location defaults every assertion takes.
    init(_ fileID: String, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
        self.init(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

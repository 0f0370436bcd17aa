import MultiRedux

/// The routing of a reducer container, seen by a test: which reducers handle an action on a
/// state, in which order.
///
/// Build it from the container your app uses or from the features that fill it, then assert one
/// routing fact per line:
///
/// ```swift
/// let routes = ReducerRoutes(features: [UserFeature(), CounterFeature()])
/// routes.assertReducers(handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, AuditReducer.self])
/// routes.assertHandled(Increment.self, on: CounterState.self)
/// routes.assertHandled(ResetAll(), on: UserState.self)   // a value also matches `any ResetAction`
/// ```
///
/// A failure names the action type, the state type and the reducers registered on that state
/// and for that action elsewhere, so a wrong registration is easy to spot.
///
/// Each assertion comes in two forms. The **type form** (`SetName.self`) judges from the types
/// alone, as `ReducerContainer.reducers(handling:on:)` does with a type, and so cannot see
/// reducers registered for a protocol existential (`any ResetAction`): it lists them in its
/// failure message as registrations it could not judge. The **value form** (`SetName(name: "")`)
/// uses exactly the matching rules of dispatch and sees every registration.
public struct ReducerRoutes: Sendable {
    /// The container whose routing is asserted.
    public let container: any ReducerContainer

    /// Asserts on the routing of a container.
    ///
    /// - Parameter container: The container, for instance `store.reducerContainer`.
    public init(_ container: any ReducerContainer) {
        self.container = container
    }

    /// Asserts on the routing of features: they are injected, in order, into a new
    /// `ReducerRegistry`.
    ///
    /// - Parameter features: The features, in the order the app adds them.
    public init(features: [any LogicFeature]) {
        let registry = ReducerRegistry()
        for feature in features {
            feature.injectReducers(container: registry)
        }
        self.init(registry)
    }

    /// Asserts that exactly these reducers, in this order, run for an action type on a state type.
    ///
    /// ```swift
    /// routes.assertReducers(handling: SetName.self, on: UserState.self, are: [SetNameReducer.self])
    /// routes.assertReducers(handling: Logout.self, on: CounterState.self, are: [])   // not handled
    /// ```
    ///
    /// Reduce functions are registered as `FunctionalReducer<Action, State>` or
    /// `InPlaceFunctionalReducer<Action, State>`; name them so. Registrations for a protocol
    /// existential are invisible to this form; pass a sample action value instead.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced.
    ///   - expected: The reducer types, in the order they must run.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in order.
    /// - Complexity: O(*n*) for *n* registrations in the container.
    @discardableResult
    public func assertReducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type, are expected: [Any.Type],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let actual = container.reducers(handling: actionType, on: stateType)
        let query = RoutingQuery(routes: self, actionType: actionType, stateType: stateType, judgedFromType: true)
        query.check(actual, against: expected, at: .init(fileID, filePath, line, column))
        return actual
    }

    /// Asserts that exactly these reducers, in this order, run for an action on a state type,
    /// using the matching rules of dispatch.
    ///
    /// ```swift
    /// routes.assertReducers(handling: ResetAll(), on: UserState.self, are: [ResetUserReducer.self])
    /// ```
    ///
    /// - Parameters:
    ///   - action: A sample action; only its type and conformances matter.
    ///   - stateType: The state type being reduced.
    ///   - expected: The reducer types, in the order they must run.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in order.
    /// - Complexity: Amortised O(1) once the pair has been routed, plus O(*n*) on failure.
    @discardableResult
    public func assertReducers<Substate>(
        handling action: any Action, on stateType: Substate.Type, are expected: [Any.Type],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let actual = reducersRouted(handling: action, on: stateType)
        let query = RoutingQuery(
            routes: self, actionType: type(of: action), stateType: stateType, judgedFromType: false)
        query.check(actual, against: expected, at: .init(fileID, filePath, line, column))
        return actual
    }

    /// Asserts that at least one reducer handles an action type on a state type.
    ///
    /// ```swift
    /// routes.assertHandled(SetName.self, on: UserState.self)
    /// ```
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in order.
    /// - Complexity: O(*n*) for *n* registrations in the container.
    @discardableResult
    public func assertHandled<ActionType, Substate>(
        _ actionType: ActionType.Type, on stateType: Substate.Type,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let actual = container.reducers(handling: actionType, on: stateType)
        let query = RoutingQuery(routes: self, actionType: actionType, stateType: stateType, judgedFromType: true)
        query.checkHandled(actual, at: .init(fileID, filePath, line, column))
        return actual
    }

    /// Asserts that at least one reducer handles an action on a state type, using the matching
    /// rules of dispatch.
    ///
    /// - Parameters:
    ///   - action: A sample action; only its type and conformances matter.
    ///   - stateType: The state type being reduced.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in order.
    /// - Complexity: Amortised O(1) once the pair has been routed, plus O(*n*) on failure.
    @discardableResult
    public func assertHandled<Substate>(
        _ action: any Action, on stateType: Substate.Type,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let actual = reducersRouted(handling: action, on: stateType)
        let query = RoutingQuery(
            routes: self, actionType: type(of: action), stateType: stateType, judgedFromType: false)
        query.checkHandled(actual, at: .init(fileID, filePath, line, column))
        return actual
    }
}

extension TestFailure.Location {
    /// Bundles the four source-location defaults every assertion takes.
    init(_ fileID: String, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
        self.init(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension ReducerRoutes {
    /// Every registration of the container, in order; empty for a container that is not a
    /// `ReducerRegistry`.
    var registrations: [RegisteredReducer] {
        (container as? ReducerRegistry)?.registeredReducers ?? []
    }

    /// The reducers that run for an action on a state type, by the matching rules of dispatch;
    /// from the types alone for a container that is not a `ReducerRegistry`.
    func reducersRouted<Substate>(handling action: any Action, on stateType: Substate.Type) -> [RegisteredReducer] {
        guard let registry = container as? ReducerRegistry else {
            func typeRouted<ActionType: Action>(_: ActionType) -> [RegisteredReducer] {
                container.reducers(handling: ActionType.self, on: stateType)
            }
            return typeRouted(action)
        }
        return registry.reducers(handling: action, on: stateType, slot: ObjectIdentifier(Substate.self))
    }
}

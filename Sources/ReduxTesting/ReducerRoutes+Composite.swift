import MultiRedux

/// Routing assertions about a composite state: whether an action reaches some sub-state that the
/// app reducer actually reduces, and whether every registration can ever run.
///
/// The app reducer is run once against a probe provider that runs no reducer and notes which
/// state types it is asked to reduce. Nested reductions that a registered reducer delegates to
/// its provider are not followed, and an app reducer that reduces different sub-states for
/// different actions is seen only along the path it takes for the action given.
extension ReducerRoutes {
    /// Asserts that some reducer handles an action type on a state that the app reducer reduces.
    ///
    /// ```swift
    /// routes.assertHandled(SetName.self, inSubstatesOf: AppState(), appReducer: appReducer)
    /// ```
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - state: A root value; the app reducer is run on a copy of it.
    ///   - appReducer: The app's in-place app reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in the order the app reducer reaches them.
    /// - Complexity: O(*s* × *n*) for *s* sub-states and *n* registrations.
    @discardableResult
    public func assertHandled<ActionType, Root>(
        _ actionType: ActionType.Type, inSubstatesOf state: Root, appReducer: InPlaceAppReducer<Root>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let stateTypes = SubstateProbe.substateTypes(reducedBy: appReducer, from: state, for: SubstateProbeAction())
        let actual = stateTypes.flatMap { typeFormReducers(handling: actionType, on: $0) }
        checkReached(
            actual, actionType: actionType, root: Root.self, stateTypes, at: .init(fileID, filePath, line, column))
        return actual
    }

    /// Asserts that some reducer handles an action type on a state that a value-returning app
    /// reducer reduces.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - state: A root value; the app reducer is run on it and its result dropped.
    ///   - appReducer: The app's value-returning app reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in the order the app reducer reaches them.
    /// - Complexity: O(*s* × *n*) for *s* sub-states and *n* registrations.
    @discardableResult
    public func assertHandled<ActionType, Root>(
        _ actionType: ActionType.Type, inSubstatesOf state: Root, appReducer: @escaping AppReducer<Root>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        assertHandled(
            actionType, inSubstatesOf: state, appReducer: inPlace(appReducer),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Asserts that some reducer handles an action on a state that the app reducer reduces,
    /// using the matching rules of dispatch.
    ///
    /// ```swift
    /// routes.assertHandled(ResetAll(), inSubstatesOf: AppState(), appReducer: appReducer)
    /// ```
    ///
    /// - Parameters:
    ///   - action: A sample action, handed to the app reducer and to the routing.
    ///   - state: A root value; the app reducer is run on a copy of it.
    ///   - appReducer: The app's in-place app reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in the order the app reducer reaches them.
    /// - Complexity: O(*s*) routing look-ups for *s* sub-states.
    @discardableResult
    public func assertHandled<Root>(
        _ action: any Action, inSubstatesOf state: Root, appReducer: InPlaceAppReducer<Root>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let stateTypes = SubstateProbe.substateTypes(reducedBy: appReducer, from: state, for: action)
        let actual = stateTypes.flatMap { valueFormReducers(handling: action, on: $0) }
        checkReached(
            actual, actionType: type(of: action), root: Root.self, stateTypes, at: .init(fileID, filePath, line, column)
        )
        return actual
    }

    /// Asserts that some reducer handles an action on a state that a value-returning app
    /// reducer reduces, using the matching rules of dispatch.
    ///
    /// - Parameters:
    ///   - action: A sample action, handed to the app reducer and to the routing.
    ///   - state: A root value; the app reducer is run on it and its result dropped.
    ///   - appReducer: The app's value-returning app reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that run, in the order the app reducer reaches them.
    /// - Complexity: O(*s*) routing look-ups for *s* sub-states.
    @discardableResult
    public func assertHandled<Root>(
        _ action: any Action, inSubstatesOf state: Root, appReducer: @escaping AppReducer<Root>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        assertHandled(
            action, inSubstatesOf: state, appReducer: inPlace(appReducer),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Asserts that every registration in the container is on a state type the app reducer
    /// reduces, so that none of them is dead: the check that catches a feature whose sub-state
    /// the app reducer forgot.
    ///
    /// ```swift
    /// ReducerRoutes(features: [UserFeature(), CounterFeature()])
    ///     .assertEveryRegistrationReached(from: AppState(), appReducer: appReducer)
    /// ```
    ///
    /// - Parameters:
    ///   - state: A root value; the app reducer is run on a copy of it.
    ///   - appReducer: The app's in-place app reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that can never run.
    /// - Complexity: O(*s* × *n*) for *s* sub-states and *n* registrations.
    @discardableResult
    public func assertEveryRegistrationReached<Root>(
        from state: Root, appReducer: InPlaceAppReducer<Root>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        let stateTypes = SubstateProbe.substateTypes(reducedBy: appReducer, from: state, for: SubstateProbeAction())
        let unreached = registrations.filter { registration in
            !stateTypes.contains { $0 == registration.stateType }
        }
        if !unreached.isEmpty {
            FailureReporter.current.fail(
                "\(unreached.count) registration(s) can never run: the app reducer of \(Root.self) does not "
                    + "reduce their state types.\n" + FailureMessage.list(unreached.map(\.description))
                    + "\nThe app reducer reduces \(RoutingQuery.names(stateTypes)).",
                at: .init(fileID, filePath, line, column))
        }
        return unreached
    }

    /// Asserts that every registration is on a state type a value-returning app reducer reduces.
    ///
    /// - Parameters:
    ///   - state: A root value; the app reducer is run on it and its result dropped.
    ///   - appReducer: The app's value-returning app reducer.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    /// - Returns: The registrations that can never run.
    /// - Complexity: O(*s* × *n*) for *s* sub-states and *n* registrations.
    @discardableResult
    public func assertEveryRegistrationReached<Root>(
        from state: Root, appReducer: @escaping AppReducer<Root>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [RegisteredReducer] {
        assertEveryRegistrationReached(
            from: state, appReducer: inPlace(appReducer),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func typeFormReducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer] {
        container.reducers(handling: actionType, on: stateType)
    }

    private func valueFormReducers<Substate>(
        handling action: any Action, on stateType: Substate.Type
    ) -> [RegisteredReducer] {
        reducersRouted(handling: action, on: stateType)
    }

    private func checkReached(
        _ actual: [RegisteredReducer], actionType: Any.Type, root: Any.Type, _ stateTypes: [Any.Type],
        at location: TestFailure.Location
    ) {
        guard actual.isEmpty else { return }
        let actionName = ValueDescription.name(of: actionType)
        let elsewhere = registrations.filter { $0.actionType == actionType }
        FailureReporter.current.fail(
            "No reducer handles \(actionName) on any state the app reducer of \(root) reduces "
                + "\(RoutingQuery.names(stateTypes)).\n\(actionName) is registered on:\n"
                + FailureMessage.list(elsewhere.map(\.description)),
            at: location)
    }
}

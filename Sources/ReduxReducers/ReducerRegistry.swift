public import ReduxCore

/// The standard ``ReducerContainer``: registers typed reducers and routes actions to them in
/// amortised constant time.
///
/// The first time an action of a given concrete type is reduced on a given state type, the
/// registry checks every registration for that state type once and caches the matching ones in
/// order. Later reductions of that pair cost one hash look-up, however many reducers are
/// registered. A registration clears the cache, so reducers added after dispatching started
/// are honoured from the next reduction on.
///
/// ```swift
/// let container = ReducerRegistry()
/// container.addReducer(reducer: SetUsernameReducer())
/// var user = UserState()
/// container.reduce(SetUsernameAction(newUsername: "Max"), &user)
/// ```
///
/// - Note: `@unchecked Sendable`: the registrations and the route cache are only touched under
///   `lock`; a route, once built, is immutable and is run outside the lock.
public final class ReducerRegistry: ReducerContainer, @unchecked Sendable {
    private let lock = Lock()
    /// Registrations per state type; each value is a `StateRegistrations<Substate>`.
    private var registrations: [ObjectIdentifier: AnyObject] = [:]
    private var ordered: [RegisteredReducer] = []
    /// How many registrations have been made. Unchecked exclusivity: `lock` already makes every
    /// access exclusive, and a store reads it once per action.
    @exclusivity(unchecked) private var registrationCount = 0
    /// Routes per (concrete action type, state type). Unchecked exclusivity: `lock` already makes
    /// every access exclusive, and the dynamic check cost ~75 instructions per look-up.
    @exclusivity(unchecked) private var routes = RouteCache<ReducerRoute>()

    /// Where the registry reports misuse it notices on its own, such as an async reducer run
    /// outside a store.
    public let issueReporter: IssueReporter

    /// Creates an empty registry.
    ///
    /// - Parameter issueReporter: Where to report misuse noticed outside a store.
    public init(issueReporter: IssueReporter = .default) {
        self.issueReporter = issueReporter
    }

    // MARK: Registration

    /// Registers a reduce function that returns the next state.
    ///
    /// - Parameter reduceFunction: Runs for every `ReducerAction` on every `ReducerState`.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReduceFunction<ReducerAction, ReducerState>(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerAction, ReducerState) -> ReducerState
    ) {
        addReducer(reducer: FunctionalReducer(reduceFunction: reduceFunction))
    }

    /// Registers a reduce function that changes the state in place.
    ///
    /// - Parameter reduceFunction: Runs for every `ReducerAction` on every `ReducerState`.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReduceFunction<ReducerAction, ReducerState>(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerAction, inout ReducerState) -> Void
    ) {
        addReducer(reducer: InPlaceFunctionalReducer(reduceFunction: reduceFunction))
    }

    /// Registers a reducer that returns the next state.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReducer<Reducer: ActionReducer>(reducer: Reducer) {
        register(
            ReducerEntry<Reducer.ReducerStateType>(
                reducerType: Reducer.self, actionType: Reducer.ReducerActionType.self, kind: .returning
            ) { provider, action, state, _ in
                // Sound: routes are per state type, so this step only ever gets a `ReducerStateType`.
                let state = state.assumingMemoryBound(to: Reducer.ReducerStateType.self)
                let action = actionCast(action, to: Reducer.ReducerActionType.self)
                state.pointee = reducer.reduce(provider: provider, action: action, state: state.pointee)
            })
    }

    /// Registers a reducer that changes the state in place.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReducer<Reducer: InPlaceActionReducer>(reducer: Reducer) {
        register(
            ReducerEntry<Reducer.ReducerStateType>(
                reducerType: Reducer.self, actionType: Reducer.ReducerActionType.self, kind: .inPlace
            ) { provider, action, state, _ in
                // Sound: routes are per state type, so this step only ever gets a `ReducerStateType`.
                let state = state.assumingMemoryBound(to: Reducer.ReducerStateType.self)
                let action = actionCast(action, to: Reducer.ReducerActionType.self)
                reducer.reduce(provider: provider, action: action, state: &state.pointee)
            })
    }

    /// Registers a reducer that delivers its state later through a completion.
    ///
    /// The completion's value replaces the `ReducerStateType` when the store applies it. Outside
    /// a store (reducing through the registry directly) there is nowhere to deliver it: the
    /// reducer is not started and `ReduxIssue.Kind.asyncResultWithoutStore` is reported.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReducer<Reducer: AsyncActionReducer>(reducer: Reducer) {
        let reporter = issueReporter
        let reducerType = (Reducer.self as? any ReducerWrapper.Type)?.wrappedReducerType ?? Reducer.self
        register(
            ReducerEntry<Reducer.ReducerStateType>(
                reducerType: reducerType, actionType: Reducer.ReducerActionType.self, kind: .async
            ) { provider, action, _, context in
                guard let context else {
                    reporter.report(
                        ReduxIssue(
                            .asyncResultWithoutStore,
                            "\(reducerType) is an async reducer and was reduced outside a store, so its result "
                                + "could not be applied; dispatch \(type(of: action)) through a Store instead."))
                    return
                }
                let completion = context.sink.makeCompletion(
                    reducerType: reducerType, resultType: Reducer.ReducerStateType.self)
                reducer.reduce(
                    provider: provider, action: actionCast(action, to: Reducer.ReducerActionType.self),
                    completion: completion)
            })
    }

    private func register<Substate>(_ entry: ReducerEntry<Substate>) {
        var entry = entry
        lock.withLock {
            entry.info = RegisteredReducer(
                reducerType: entry.info.reducerType, actionType: entry.info.actionType,
                stateType: entry.info.stateType, kind: entry.info.kind, order: ordered.count)
            ordered.append(entry.info)
            registrationCount += 1
            registrationsLocked(for: Substate.self).entries.append(entry)
            routes.removeAll()
        }
    }

    private func registrationsLocked<Substate>(for _: Substate.Type) -> StateRegistrations<Substate> {
        let key = ObjectIdentifier(Substate.self)
        if let existing = registrations[key] {
            return unsafeDowncast(existing, to: StateRegistrations<Substate>.self)
        }
        let created = StateRegistrations<Substate>()
        registrations[key] = created
        return created
    }

    // MARK: Introspection

    /// Every registration, in the order it was made.
    public var registeredReducers: [RegisteredReducer] {
        lock.withLock { ordered }
    }

    /// The reducers that run, in order, when this action is reduced on a `Substate`.
    ///
    /// - Parameters:
    ///   - action: A sample action.
    ///   - stateType: The state type being reduced.
    /// - Returns: The matching registrations in the order they run.
    /// - Complexity: Amortised O(1) once the pair has been routed.
    public func reducers<Substate>(handling action: any Action, on stateType: Substate.Type) -> [RegisteredReducer] {
        route(for: action, Substate.self).reducers
    }

    /// The reducers whose registration matches an action type on a `Substate`, from the types alone.
    ///
    /// Registrations for a protocol existential are left out; see
    /// ``ReducerContainer/reducers(handling:on:)-(ActionType.Type,_)``.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced.
    /// - Returns: The matching registrations in the order they run.
    /// - Complexity: O(*n*) for *n* registrations on `Substate`.
    public func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer] {
        lock.withLock {
            guard let existing = registrations[ObjectIdentifier(Substate.self)] else { return [] }
            let list = unsafeDowncast(existing, to: StateRegistrations<Substate>.self)
            return list.entries.filter { $0.matchesType(actionType) }.map(\.info)
        }
    }

    // MARK: Reduction

    /// Runs the reducers registered for the action on `Substate`, in place.
    ///
    /// Reducers receive the registry as their provider. Async reducers cannot deliver a result
    /// here; see the `addReducer(reducer:)` overload for async reducers.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce; unchanged when no reducer handles the action.
    /// - Complexity: Amortised O(1) look-up plus the work of the matching reducers.
    public func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        runSteps(route(for: action, Substate.self).steps, action, &state, provider: self, context: nil)
    }

    /// Runs the reducers registered for the action on `Substate` on behalf of a store.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce; unchanged when no reducer handles the action.
    ///   - context: The store's context, passed to reducers as their provider.
    /// - Complexity: Amortised O(1) look-up plus the work of the matching reducers.
    public func reduce<Substate>(_ action: any Action, _ state: inout Substate, context: ReductionContext) {
        let steps = route(for: action, Substate.self).steps
        guard !steps.isEmpty else { return }
        context.noteHandled()
        runSteps(steps, action, &state, provider: context, context: context)
    }

    /// How many registrations have been made: a store's ``ReductionContext`` compares it once per
    /// action to tell whether the routes it memoised are still current.
    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return registrationCount
    }

    /// The cached route for the pair, built on first use.
    func route<Substate>(for action: any Action, _: Substate.Type) -> ReducerRoute {
        let actionType = ObjectIdentifier(type(of: action))
        let stateType = ObjectIdentifier(Substate.self)
        lock.lock()
        defer { lock.unlock() }
        if let cached = routes.route(action: actionType, state: stateType) {
            return cached
        }
        let built = buildRouteLocked(for: action, Substate.self)
        routes.insert(built, action: actionType, state: stateType)
        return built
    }

    private func buildRouteLocked<Substate>(for action: any Action, _: Substate.Type) -> ReducerRoute {
        var steps: [ErasedReducerStep] = []
        var reducers: [RegisteredReducer] = []
        if let result = action as? any AsyncResultCarrier, result.resultType == Substate.self {
            steps.append { _, action, state, _ in
                state.assumingMemoryBound(to: Substate.self).pointee =
                    (action as! any AsyncResultCarrier).anyNewState as! Substate
            }
        }
        if let existing = registrations[ObjectIdentifier(Substate.self)] {
            for entry in unsafeDowncast(existing, to: StateRegistrations<Substate>.self).entries
            where entry.matches(action) {
                steps.append(entry.step)
                reducers.append(entry.info)
            }
        }
        return ReducerRoute(steps: steps, reducers: reducers)
    }
}

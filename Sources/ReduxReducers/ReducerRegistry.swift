internal import ReduxAtomics
public import ReduxCore
internal import ReduxShared

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
/// A store built from features keeps one registry in which each feature's registrations are
/// filed under the feature's place in the root state (a *slot*) rather than under their state
/// type alone, so two sub-states of one type are reduced independently.
///
/// - Note: `@unchecked Sendable`: the registrations and the route cache are only touched under
///   `lock`; a route, once built, is immutable and is run outside the lock.
public final class ReducerRegistry: ReducerContainer, @unchecked Sendable {
    private let lock = Lock()
    /// Registrations per slot; each value is a `StateRegistrations<Substate>`.
    private var registrations: [ObjectIdentifier: AnyObject] = [:]
    private var ordered: [RegisteredReducer] = []
    /// How many times the registrations changed: written under `lock`, read without it (a store
    /// reads it once per action, see ``generation``).
    private let registrationCount = redux_atomic_word_create(0)
    /// Routes per (concrete action type, slot). Unchecked exclusivity: `lock` already makes
    /// every access exclusive, and the dynamic check would run on every look-up.
    @exclusivity(unchecked) private var routes = RouteCache<ReducerRoute>()

    /// Where the registry reports misuse it notices on its own, such as an async reducer run
    /// outside a store.
    let issueReporter: IssueReporter

    /// Creates an empty registry.
    ///
    /// - Parameter issueReporter: Where to report misuse noticed outside a store.
    public init(issueReporter: IssueReporter = .default) {
        self.issueReporter = issueReporter
    }

    deinit {
        redux_atomic_word_destroy(registrationCount)
    }

    // MARK: Registration

    /// Registers a reducer on its state type.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReducer<Reducer: ActionReducer>(reducer: Reducer) {
        if let issue = Reducer.swappedTypesIssue {
            issueReporter.report(issue)
        }
        addReducer(reducer, slot: ObjectIdentifier(Reducer.ReducerStateType.self))
    }

    /// Registers a reducer whose work finishes after the dispatch, on its state type.
    ///
    /// Its state change is made like any reducer's; the effect it returns is started by the
    /// store applying the action. Outside a store (reducing through the registry directly) there
    /// is nothing to run the effect: it is not started and
    /// `ReduxIssue.Kind.asyncResultWithoutStore` is reported.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReducer<Reducer: AsyncActionReducer>(reducer: Reducer) {
        addReducer(reducer, slot: ObjectIdentifier(Reducer.ReducerStateType.self))
    }

    /// Registers a reducer in a slot: its state type, or a feature's place in the root state.
    ///
    /// - Parameter owner: The feature type that registered it, for ``removeReducers(slot:owner:)``.
    func addReducer<Reducer: ActionReducer>(_ reducer: Reducer, slot: ObjectIdentifier, owner: Any.Type? = nil) {
        register(
            ReducerEntry<Reducer.ReducerStateType>(
                reducerType: Reducer.self, actionType: Reducer.ReducerActionType.self, isAsync: false,
                site: (reducer as? any RegistrationSite)?.registrationSite,
                step: ReducingStep<Reducer, Reducer.ReducerActionType, Reducer.ReducerStateType>(reducer, slot: slot)),
            slot: slot, owner: owner)
    }

    /// Registers an async reducer in a slot; its effect's changes land in the same slot.
    func addReducer<Reducer: AsyncActionReducer>(
        _ reducer: Reducer, slot: ObjectIdentifier, owner: Any.Type? = nil
    ) {
        register(
            ReducerEntry<Reducer.ReducerStateType>(
                reducerType: Reducer.self, actionType: Reducer.ReducerActionType.self, isAsync: true,
                site: (reducer as? any RegistrationSite)?.registrationSite,
                step: EffectStep<Reducer, Reducer.ReducerActionType, Reducer.ReducerStateType>(
                    reducer, slot: slot, reporter: issueReporter)),
            slot: slot, owner: owner)
    }

    private func register<Substate>(_ entry: ReducerEntry<Substate>, slot: ObjectIdentifier, owner: Any.Type?) {
        var entry = entry
        entry.owner = owner.map(ObjectIdentifier.init)
        lock.withLock {
            entry.info = RegisteredReducer(
                reducerType: entry.info.reducerType, actionType: entry.info.actionType,
                stateType: entry.info.stateType, isAsync: entry.info.isAsync, order: ordered.count, slot: slot,
                site: entry.info.registrationSite)
            ordered.append(entry.info)
            registrationsLocked(for: Substate.self, slot: slot).entries.append(entry)
            routes.removeAll()
            registrationsChangedLocked()
        }
    }

    /// Removes the reducers a feature type registered in a slot; they do not run from the next
    /// reduction on.
    ///
    /// - Parameters:
    ///   - slot: The feature's place.
    ///   - owner: The feature type.
    /// - Returns: Whether the feature had any registration there, and whether the slot has none
    ///   left.
    /// - Complexity: O(*n*) in the number of registrations; clears the routing cache.
    @discardableResult
    func removeReducers(slot: ObjectIdentifier, owner: Any.Type) -> (removedAny: Bool, slotIsEmpty: Bool) {
        let owner = ObjectIdentifier(owner)
        return lock.withLock {
            guard let list = registrations[slot] as? any RemovableRegistrations else { return (false, true) }
            let removed = list.removeEntries(owner: owner)
            if !removed.isEmpty {
                ordered.removeAll { $0.slot == slot && removed.contains($0.order) }
                routes.removeAll()
                registrationsChangedLocked()
            }
            return (!removed.isEmpty, list.isEmpty)
        }
    }

    /// Publishes a new ``generation``, last, after the registrations changed. Call under the lock
    /// (only one thread writes the count).
    private func registrationsChangedLocked() {
        redux_atomic_word_store(registrationCount, redux_atomic_word_load(registrationCount) + 1)
    }

    private func registrationsLocked<Substate>(
        for _: Substate.Type, slot: ObjectIdentifier
    ) -> StateRegistrations<Substate> {
        if let existing = registrations[slot] {
            // A slot is only ever filed with one state type: its own, or a feature's sub-state.
            guard let list = existing as? StateRegistrations<Substate> else {
                preconditionFailure("ReduxReducers: a slot was registered with two state types")
            }
            return list
        }
        let created = StateRegistrations<Substate>()
        registrations[slot] = created
        return created
    }

    // MARK: Introspection

    /// Every registration, in the order it was made.
    var registeredReducers: [RegisteredReducer] {
        lock.withLock { ordered }
    }

    /// The reducers whose registration on `Substate` matches an action type, from the types alone.
    ///
    /// Registrations for a protocol existential are left out; see
    /// ``ReducerContainer/reducers(handling:on:)``.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced.
    /// - Returns: The matching registrations in the order they run.
    /// - Complexity: O(*n*) for *n* registrations on `Substate`.
    public func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer] {
        reducers(handling: actionType, on: stateType, slot: ObjectIdentifier(Substate.self))
    }

    /// The reducers of a slot that match an action type, from the types alone.
    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on _: Substate.Type, slot: ObjectIdentifier
    ) -> [RegisteredReducer] {
        lock.withLock {
            guard let list = registrations[slot] as? StateRegistrations<Substate> else { return [] }
            return list.entries.filter { $0.matchesType(actionType) }.map(\.info)
        }
    }

    /// The reducers of a slot that run, in order, when this action is reduced there: exactly the
    /// matching rules of dispatch (concrete type, class and subclasses, protocol existential).
    func reducers<Substate>(
        handling action: any Action, on _: Substate.Type, slot: ObjectIdentifier
    ) -> [RegisteredReducer] {
        route(for: action, Substate.self, slot: slot).reducers
    }

    // MARK: Reduction

    /// Runs the reducers registered for the action on `Substate`, in place.
    ///
    /// Reducers receive the registry as their provider. Async reducers cannot deliver a result
    /// here: only a ``Store`` applies their results.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce; unchanged when no reducer handles the action.
    /// - Complexity: Amortised O(1) look-up plus the work of the matching reducers.
    public func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        let steps = route(for: action, Substate.self, slot: ObjectIdentifier(Substate.self)).steps
        runSteps(steps, action, &state, provider: self, context: nil)
    }

    /// Runs the reducers of a slot outside any store, with the registry as their provider.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate, slot: ObjectIdentifier) {
        runSteps(route(for: action, Substate.self, slot: slot).steps, action, &state, provider: self, context: nil)
    }

    /// Runs the reducers of a slot on behalf of a store.
    ///
    /// - Returns: Whether any step ran.
    func reduce<Substate>(
        _ action: any Action, _ state: inout Substate, slot: ObjectIdentifier, context: ReductionContext
    ) -> Bool {
        let steps = route(for: action, Substate.self, slot: slot).steps
        guard !steps.isEmpty else { return false }
        runSteps(steps, action, &state, provider: context, context: context)
        return true
    }

    /// How many times the registrations changed: a store's ``ReductionContext`` compares it once per
    /// action to tell whether the routes it memoised are still current.
    ///
    /// Read without the lock: a registration changes it after the routes it clears (release), so a
    /// store that reads the new generation also sees the registration (acquire).
    var generation: Int {
        redux_atomic_word_load(registrationCount)
    }

    /// The cached route for the pair, built on first use.
    func route<Substate>(for action: any Action, _: Substate.Type, slot: ObjectIdentifier) -> ReducerRoute {
        let actionType = ObjectIdentifier(type(of: action))
        lock.lock()
        defer { lock.unlock() }
        if let cached = routes.route(action: actionType, state: slot) {
            return cached
        }
        let built = buildRouteLocked(for: action, Substate.self, slot: slot)
        routes.insert(built, action: actionType, state: slot)
        return built
    }

    private func buildRouteLocked<Substate>(
        for action: any Action, _: Substate.Type, slot: ObjectIdentifier
    ) -> ReducerRoute {
        var steps: [ReducerStep] = []
        var reducers: [RegisteredReducer] = []
        if action is AsyncReducerResult {
            // The change lands in the slot whose async reducer made it. Results share a route, so
            // the slot is checked per result.
            steps.append(LandingStep<Substate>(slot: slot))
        }
        if let list = registrations[slot] as? StateRegistrations<Substate> {
            for entry in list.entries where entry.matches(action) {
                steps.append(entry.step)
                reducers.append(entry.info)
            }
        }
        return ReducerRoute(steps: steps, reducers: reducers)
    }
}

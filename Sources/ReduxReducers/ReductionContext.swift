internal import ReduxAtomics
package import ReduxCore
package import ReduxShared

/// The reducer provider a store hands to its app reducer while it applies an action.
///
/// It routes through the store's container like the container itself does, and in addition
/// carries what only a store can offer: its dependencies, a place to start effects and a record
/// of whether any reducer handled the action. Reducers receive it as their `provider`, so reductions
/// they delegate keep both.
///
/// - Note: `@unchecked Sendable`: the memoised routes are only read and written by the thread
///   that applies the store's action, while it holds the store's lock (see `beginApplying()`);
///   the same goes for the sink's handled flag.
package final class ReductionContext: ReducerProvider, @unchecked Sendable {
    /// The container whose registrations this provider runs.
    let container: any ReducerContainer
    /// Starts effects for the store and holds its dependencies.
    let sink: any ReductionSink
    /// Holds this context (unretained) on the thread applying the store's action.
    private let applyingSlot = ThreadLocalSlot.applyingContext
    /// What `applyingSlot` held before `beginApplying()`: another store's context, when that
    /// store's reducer dispatched to this store.
    @exclusivity(unchecked) private var previouslyApplying: UnsafeMutableRawPointer?
    /// The reduction context the thread was applying before ``beginApplying(marksThread:)``
    /// (another store's, when that store's reducer dispatched to this one), restored after.
    @exclusivity(unchecked) private var previouslyReducing: UnsafeMutableRawPointer?
    /// Whether ``beginApplying(marksThread:)`` marked the thread for the action being applied.
    @exclusivity(unchecked) private var isMarked = false
    /// The steps of the registry's routes as this store has used them, nil for a route without
    /// reducers; looked up without the registry's lock. Unchecked exclusivity: only one thread
    /// uses it (see the type's note), and every access ends before any reducer runs.
    @exclusivity(unchecked) private var routes = RouteCache<[ReducerStep]?>()
    /// The registry's ``ReducerRegistry/generation`` that `routes` reflects.
    @exclusivity(unchecked) private var routesGeneration = 0
    /// Per action type and sub-state list (``SubstateList``), the steps of the sub-states that have
    /// any, with their offsets; nil for a pair that must take the per-sub-state path. Same rules as
    /// `routes`. Unretained: `placedRouteOwners` keeps each alive until the memo is cleared, which
    /// happens only between two actions, so a route is never freed while it runs.
    @exclusivity(unchecked) private var placedRoutes = RouteCache<Unmanaged<PlacedRoute>?>()
    /// The routes `placedRoutes` holds.
    @exclusivity(unchecked) private var placedRouteOwners: [PlacedRoute] = []
    /// Whether a reducer (or a built-in result step) ran for the action being applied: cleared in
    /// ``beginApplying()``, returned by ``endApplying()``. Read only here: a store in another
    /// module reading a stored property directly would pay a run-time exclusivity check,
    /// `@exclusivity(unchecked)` notwithstanding (B1, Performance.md).
    @exclusivity(unchecked) private var handled = false

    /// Binds a container to a store's sink.
    package init(container: any ReducerContainer, sink: any ReductionSink) {
        self.container = container
        self.sink = sink
        registryIfMemoising = container as? ReducerRegistry
    }

    /// The store's dependencies.
    package var dependencies: Dependencies {
        sink.dependencies
    }

    /// The place of the reducer running now, set by each registered step: whose declared reads
    /// ``ReducerProvider/read(_:)`` allows. Steps run off the applying thread get a context of
    /// their own (see `reduceInSlot`), so only one thread writes it.
    @exclusivity(unchecked) var readingSlot: ObjectIdentifier?

    /// Runs the reducers registered for the action on `Substate`, in place.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce.
    /// - Complexity: Amortised O(1) look-up plus the work of the matching reducers.
    package func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        reduceInSlot(action, &state, slot: ObjectIdentifier(Substate.self))
    }

    /// Runs the reducers of a slot (a state type, or a feature's place in the root state) in place.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate, slot: ObjectIdentifier) {
        reduceInSlot(action, &state, slot: slot)
    }

    /// The body of both `reduce` entry points, inlined into each so that the type-routed one (an
    /// app reducer's `provider.reduce(action, &state.part)`) pays no second generic call.
    @inline(__always)
    private func reduceInSlot<Substate>(_ action: any Action, _ state: inout Substate, slot: ObjectIdentifier) {
        // The memo is only for the thread applying the store's action. Any other caller (a
        // reducer's task that kept its provider, say) goes through the container.
        guard memoisesRoutes, isApplyingOnThisThread else {
            if memoisesRoutes {
                // A context of its own for this call: its steps note the place they reduce
                // (`readingSlot`), which must not mix with the applying thread's.
                let detached = ReductionContext(container: container, sink: sink)
                if registry.reduce(action, &state, slot: slot, context: detached) { noteHandled() }
            } else {
                // A container of the app's own: it cannot say whether a reducer ran.
                noteHandled()
                container.reduce(action, &state)
            }
            return
        }
        if let steps = memoisedSteps(for: action, Substate.self, slot: slot) {
            handled = true
            runSteps(steps, action, &state, provider: self, context: self)
        }
    }

    /// Reduces each sub-state of a list in turn, in place, given the address of the root: how
    /// ``reduceSubstates(_:)`` runs when this context is its provider.
    ///
    /// Off the thread applying the store's action (a reducer's task that kept its provider), each
    /// sub-state takes the generic `reduce`, through the registry.
    ///
    /// - Parameters:
    ///   - list: The sub-states, in order; the root itself comes last, at offset 0.
    ///   - root: The address of the root state.
    ///   - provider: This context as the existential reducers get.
    func reduce(
        _ action: any Action, list: SubstateList, root: UnsafeMutableRawPointer, provider: any ReducerProvider
    ) {
        guard memoisesRoutes, isApplyingOnThisThread else {
            for substate in list.substates {
                substate.reduce(provider, action, root)
            }
            return
        }
        reduceApplying(action, list: list, root: root, provider: provider)
    }

    /// Reduces each sub-state of a list in turn, in place, on the thread applying the store's
    /// action, between ``beginApplying(marksThread:)`` and ``endApplying()``: the store of placed
    /// features reaches it through ``applyPlaced(_:list:root:provider:)``.
    ///
    /// The memo holds, per action type and list, the steps of every sub-state that has any, with
    /// its offset: one probe, then the reducers run by address. The first time, or for a list
    /// whose sub-states are not all reachable by offset, or for a class action (an instance may be
    /// stored as its superclass), each sub-state takes the generic `reduce`, which memoises its
    /// route; the list's entry is made from those once they are all memoised.
    ///
    /// - Parameters:
    ///   - list: The sub-states, in order; the root itself comes last, at offset 0.
    ///   - root: The address of the root state.
    ///   - provider: This context as the existential reducers get (the store keeps one).
    @inline(__always)
    func reduceApplying(
        _ action: any Action, list: SubstateList, root: UnsafeMutableRawPointer, provider: any ReducerProvider
    ) {
        guard memoisesRoutes else {
            for substate in list.substates {
                substate.reduce(provider, action, root)
            }
            return
        }
        let actionKey = storedType(of: action)
        let listKey = ObjectIdentifier(list)
        let memoised = placedRoutes.route(action: actionKey, state: listKey)
        if let memoised, let placed = memoised {
            // Unretained: the route and its steps stay alive while this action is applied (see
            // `placedRoutes`).
            placed._withUnsafeGuaranteedRef { route in
                for part in route.steps {
                    handled = true
                    // Sound: the step is one of the route of the sub-state that lives at `offset`.
                    part.step._withUnsafeGuaranteedRef { $0.run(provider, action, root + part.offset, self) }
                }
            }
            return
        }
        // The generic path below uses the memo only on a marked thread.
        let marksNow = !isMarked
        if marksNow { mark() }
        for substate in list.substates {
            substate.reduce(provider, action, root)
        }
        if marksNow { unmark() }
        // Memoised once: a list that must take this path (a sub-state without an offset) is noted
        // as such, not noted again at every action.
        if memoised == nil {
            memoisePlacedRoute(action, key: actionKey, list: list, isClassAction: type(of: action) is AnyClass)
        }
    }

    /// Makes the memo's entry for an action type and a list from the sub-states' memoised routes,
    /// once every sub-state has one; a list that can never have an entry gets a nil one.
    private func memoisePlacedRoute(
        _ action: any Action, key actionKey: ObjectIdentifier, list: SubstateList, isClassAction: Bool
    ) {
        let listKey = ObjectIdentifier(list)
        var placed: [(offset: Int, step: ReducerStep)] = []
        for substate in list.substates {
            guard let offset = substate.offset, !isClassAction else {
                // The elements of a collection whose reducers do not handle the action: skipped.
                if !isClassAction, let reducesAction = substate.reducesAction, !reducesAction(self, action) {
                    continue
                }
                placedRoutes.insert(nil, action: actionKey, state: listKey)
                return
            }
            guard let memoised = routes.route(action: actionKey, state: substate.slot) else { return }
            for step in memoised ?? [] {
                placed.append((offset, step))
            }
        }
        let route = PlacedRoute(placed)
        placedRouteOwners.append(route)
        placedRoutes.insert(Unmanaged.passUnretained(route), action: actionKey, state: listKey)
    }

    /// Tells the store that a reducer ran for the action it is applying.
    ///
    /// A reduction on another thread, through a provider a reducer kept, is not part of that
    /// action; noting it would also race with the store resetting the flag.
    func noteHandled() {
        if isApplyingOnThisThread {
            handled = true
        }
    }

    /// Applies an action to the sub-states of a store of placed features, on the thread applying
    /// the store's action, holding the store's lock: ``beginApplying(marksThread:)``, each
    /// sub-state reduced in place (``reduceApplying(_:list:root:provider:)``), ``endApplying()``,
    /// in one call from the store, two fewer per action than calling each.
    ///
    /// - Parameters:
    ///   - list: The sub-states, in order; the root itself comes last, at offset 0.
    ///   - root: The address of the root state.
    ///   - provider: This context as the existential reducers get (the store keeps one).
    /// - Returns: Whether any reducer (or a built-in result step) ran for the action.
    package func applyPlaced(
        _ action: any Action, list: SubstateList, root: UnsafeMutableRawPointer, provider: any ReducerProvider
    ) -> Bool {
        beginApplying(marksThread: false)
        reduceApplying(action, list: list, root: root, provider: provider)
        return endApplying()
    }

    /// Called by the store before it runs its app reducer: marks this thread as the one applying
    /// the store's action, and revalidates the memoised routes against the registry once for the
    /// whole action. A reducer registered while the action is being applied runs from the next
    /// action on.
    ///
    /// The store must hold its lock from here to ``endApplying()`` without releasing it, so that
    /// the thread this marks is the only one touching the memo.
    ///
    /// - Parameter marksThread: Whether to mark the thread in its thread-local slot, which the
    ///   generic `reduce` (an app reducer's `provider.reduce(action, &state.part)`) needs to use the
    ///   memo. A store of placed features goes through ``applyPlaced(_:list:root:provider:)``,
    ///   whose reduction marks the thread only on its rare slow path (a thread-local write per
    ///   action saved).
    @inline(__always)
    package func beginApplying(marksThread: Bool) {
        handled = false
        previouslyReducing = redux_reducing()
        redux_set_reducing(identity)
        isMarked = marksThread
        if marksThread { mark() }
        guard memoisesRoutes else { return }
        let generation = registry.generation
        if generation != routesGeneration {
            routes.removeAll()
            placedRoutes.removeAll()
            placedRouteOwners.removeAll()
            routesGeneration = generation
        }
    }

    /// Called by the store, still holding its lock, after its app reducer returned.
    ///
    /// - Returns: Whether any reducer (or a built-in result step) ran for the action.
    @inline(__always)
    package func endApplying() -> Bool {
        redux_set_reducing(previouslyReducing)
        if isMarked { unmark() }
        return handled
    }

    /// Marks this thread as the one applying the store's action.
    private func mark() {
        previouslyApplying = applyingSlot.value
        applyingSlot.value = identity
    }

    /// Restores what the thread's slot held before ``mark()``.
    private func unmark() {
        applyingSlot.value = previouslyApplying
        previouslyApplying = nil
    }

    /// Whether the calling thread is the one applying the store's action.
    private var isApplyingOnThisThread: Bool {
        applyingSlot.value == identity
    }

    /// The reduction context of the store applying an action on the calling thread, if any.
    static var applyingOnThisThread: ReductionContext? {
        // Sound: set from `identity` by `beginApplying` and cleared by `endApplying` around the
        // action, while the store (which owns this context) applies it.
        redux_reducing().map { Unmanaged<ReductionContext>.fromOpaque($0).takeUnretainedValue() }
    }

    /// This context's address, as the applying thread's slot holds it: unretained, because it is
    /// only ever compared, never turned back into a reference.
    private var identity: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// `container` as the registry it is, when it is one (its routes can be memoised).
    private let registryIfMemoising: ReducerRegistry?

    /// Whether `container` is a ``ReducerRegistry``, the container whose routes can be memoised.
    private var memoisesRoutes: Bool {
        registryIfMemoising != nil
    }

    /// `container` as the registry it is. Only called when `memoisesRoutes`, which says that it
    /// is one; `ReducerRegistry` is final, so the unchecked downcast is exact.
    private var registry: ReducerRegistry {
        registryIfMemoising.unsafelyUnwrapped
    }

    /// Whether any reducer of `slot` handles the action on `Substate` (memoised as a reduction is).
    func hasSteps<Substate>(for action: any Action, _: Substate.Type, slot: ObjectIdentifier) -> Bool {
        memoisedSteps(for: action, Substate.self, slot: slot) != nil
    }

    /// The steps of the registry's route for the pair, from the memo or, the first time, from the
    /// registry; nil when no reducer handles the action on `Substate`.
    private func memoisedSteps<Substate>(
        for action: any Action, _: Substate.Type, slot stateKey: ObjectIdentifier
    ) -> [ReducerStep]? {
        // Keyed by the type the action is stored as, which costs no call into the runtime: for a
        // value type that is its dynamic type, the registry's key. A class instance may be stored
        // as one of its superclasses, so class actions are never memoised.
        let actionKey = storedType(of: action)
        if let memoised = routes.route(action: actionKey, state: stateKey) {
            return memoised
        }
        let steps = registry.route(for: action, Substate.self, slot: stateKey).steps
        let memoised = steps.isEmpty ? nil : steps
        if !(type(of: action) is AnyClass) {
            routes.insert(memoised, action: actionKey, state: stateKey)
        }
        return memoised
    }
}

/// The type an action existential holds its value as (for a class instance, possibly a superclass
/// of its dynamic type).
private func storedType<Stored: Action>(of _: Stored) -> ObjectIdentifier {
    ObjectIdentifier(Stored.self)
}

/// What a store offers the reducers it runs: its dependencies, and a place to start effects.
package protocol ReductionSink: AnyObject, Sendable {
    /// The store's dependencies.
    var dependencies: Dependencies { get }

    /// The element the action being applied is addressed to, outermost first; empty for an action
    /// addressed to no element. Read by the thread applying the action.
    var address: [ElementStep] { get }

    /// A part of the state that the place `slot` declared it reads, as the store holds it now.
    func read<Value>(_ type: Value.Type, slot: ObjectIdentifier) -> Value?

    /// Starts the effect an async reducer returned, in the store's serial order (called by the
    /// thread applying the action, holding the store's lock).
    ///
    /// - Parameters:
    ///   - operation: What the reducer's effect does.
    ///   - reducerType: The async reducer's type, for diagnostics.
    ///   - slot: Where the reducer is registered; the effect's changes land there.
    ///   - action: The action being applied: the effect's cause.
    func start(
        _ operation: consuming EffectOperation, reducerType: Any.Type, slot: ObjectIdentifier, action: any Action)
}

/// The steps a list of sub-states runs for one action type, each with where its sub-state lives
/// in the root: one route per (action type, list) in a store's memo, so that the hot path runs
/// them with one probe and no reference counting.
///
/// The steps are kept in a buffer of plain values holding their `ReducerStep` unretained;
/// `owned` keeps those alive.
final class PlacedRoute {
    /// The steps, in order, with the offset of the sub-state each one reduces.
    let steps: UnsafeMutableBufferPointer<PlacedStep>
    /// Keeps the steps alive.
    private let owned: [ReducerStep]

    init(_ placed: [(offset: Int, step: ReducerStep)]) {
        owned = placed.map(\.step)
        steps = .allocate(capacity: placed.count)
        _ = steps.initialize(from: placed.lazy.map { PlacedStep(offset: $0.offset, step: .passUnretained($0.step)) })
    }

    deinit {
        steps.deallocate()
    }
}

/// A step of a ``PlacedRoute``, and where its sub-state lives in the root.
struct PlacedStep {
    let offset: Int
    let step: Unmanaged<ReducerStep>
}

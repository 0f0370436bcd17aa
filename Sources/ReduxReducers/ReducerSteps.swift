internal import ReduxCore
internal import ReduxShared

/// One step of a reduction: a registered reducer adapted to in-place form, with the state passed
/// as a raw pointer to its `Substate`, so that routes and the hot path of `reduce` need no
/// generic metadata: running a step costs no runtime type look-up.
///
/// A class with a subclass per kind, so that a store's memo holds it unretained (``PlacedRoute``)
/// and runs it with one call through the class's table (decision 25). Only this file defines kinds
/// of step: each step is a ``ReducingStep``, an ``EffectStep`` or a ``LandingStep``.
class ReducerStep: @unchecked Sendable {
    /// Where the step is registered: a state type, or a feature's place in the root state.
    let slot: ObjectIdentifier

    fileprivate init(slot: ObjectIdentifier) {
        self.slot = slot
    }

    /// Runs the step on the state at `state`, which has the type the step was registered for.
    ///
    /// - Parameter context: The store's context; nil when the container reduces on its own,
    ///   outside any store.
    func run(
        _ provider: any ReducerProvider, _ action: any Action, _ state: UnsafeMutableRawPointer,
        _ context: ReductionContext?
    ) {
        // Unreachable: the initialiser is private to this file, whose subclasses override this.
        preconditionFailure("ReducerStep is the base of the steps; make a ReducingStep, EffectStep or LandingStep")
    }
}

/// A registered ``ActionReducer`` as a step: the reducer run on the state behind the pointer.
///
/// `ActionType` and `StateType` are the reducer's, as the class's own arguments: their metadata is
/// read from the step's class, where `Reducer.ReducerActionType` is a run-time look-up per run.
final class ReducingStep<Reducer: ActionReducer, ActionType, StateType>: ReducerStep, @unchecked Sendable
where Reducer.ReducerActionType == ActionType, Reducer.ReducerStateType == StateType {
    /// The registered reducer.
    let reducer: Reducer

    init(_ reducer: Reducer, slot: ObjectIdentifier) {
        self.reducer = reducer
        super.init(slot: slot)
    }

    override func run(
        _ provider: any ReducerProvider, _ action: any Action, _ state: UnsafeMutableRawPointer,
        _ context: ReductionContext?
    ) {
        // Sound: routes are per slot, and a slot holds one state type.
        let state = state.assumingMemoryBound(to: StateType.self)
        // The place whose declared reads `provider.read(_:)` allows.
        context?.readingSlot = slot
        reducer.reduce(provider: provider, action: exactCast(action, to: ActionType.self), state: &state.pointee)
    }
}

/// A registered ``AsyncActionReducer`` as a step: the reducer run on the state behind the pointer,
/// and the effect it returns handed to the store applying the action. `ActionType` and `StateType`
/// are the reducer's, as for ``ReducingStep``.
final class EffectStep<Reducer: AsyncActionReducer, ActionType, StateType>: ReducerStep, @unchecked Sendable
where Reducer.ReducerActionType == ActionType, Reducer.ReducerStateType == StateType {
    /// The registered reducer; its effect's changes land in the step's slot.
    let reducer: Reducer
    /// Where an effect returned outside a store is reported.
    let reporter: IssueReporter

    init(_ reducer: Reducer, slot: ObjectIdentifier, reporter: IssueReporter) {
        self.reducer = reducer
        self.reporter = reporter
        super.init(slot: slot)
    }

    override func run(
        _ provider: any ReducerProvider, _ action: any Action, _ state: UnsafeMutableRawPointer,
        _ context: ReductionContext?
    ) {
        // Sound: routes are per slot, and a slot holds one state type.
        let state = state.assumingMemoryBound(to: StateType.self)
        // In a store, the provider is bound to the reducer's place, for its effect's reads.
        let effect = reducer.reduce(
            provider: context.map { PlacedProvider(context: $0, slot: slot) } ?? provider,
            action: exactCast(action, to: ActionType.self), state: &state.pointee)
        // Consumed here and on its way to the store: the work is moved into the task that runs
        // it, not copied (each copy retains its closure and id).
        guard let operation = (consume effect).operation else { return }
        guard let context else {
            reporter.report(
                ReduxIssue(
                    .asyncResultWithoutStore,
                    "\(Reducer.self) returned an effect for \(type(of: action)) outside a store, so it was "
                        + "not started; dispatch the action through a Store instead."))
            return
        }
        context.sink.start(consume operation, reducerType: Reducer.self, slot: slot, action: action)
    }
}

/// The step that lands the changes the async reducers of its slot handed back, on a sub-state of
/// type `Substate`.
final class LandingStep<Substate>: ReducerStep, @unchecked Sendable {
    override init(slot: ObjectIdentifier) {
        super.init(slot: slot)
    }

    override func run(
        _ provider: any ReducerProvider, _ action: any Action, _ state: UnsafeMutableRawPointer,
        _ context: ReductionContext?
    ) {
        // Results share a route per slot, whatever their state: each says where it lands.
        withExactCast(action, to: AsyncReducerResult.self) { change in
            guard change.slot == slot, change.resultType == Substate.self else { return }
            change.land(on: state.assumingMemoryBound(to: Substate.self))
        }
    }
}

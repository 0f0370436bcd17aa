internal import ReduxCore

// Spellings of MultiRedux before 1.0, kept so that code written for them compiles. Each runs as
// the core form; the CHANGELOG and Porting.md list them with what to use instead.

/// The name of ``ActionReducer`` from before 1.0, when in-place reducers had a protocol of their
/// own.
public typealias InPlaceActionReducer = ActionReducer

/// An async reducer in the earlier `async` form: does the work and returns one change, which the
/// store applies to the state as it is when the work is done.
///
/// ```swift
/// struct LoadBioReducer: ConcurrentActionReducer {
///     func reduce(provider: any ReducerProvider, action: LoadBio) async -> @Sendable (inout UserState) -> Void {
///         let bio = await provider.dependencies.profiles.bio()
///         return { $0.bio = bio }
///     }
/// }
/// ```
///
/// It is an ``AsyncActionReducer`` whose effect runs this function in a task. It can neither send
/// follow-up actions nor throw; new code returns an ``Effect`` (see <doc:Effects>).
public protocol ConcurrentActionReducer<ReducerActionType, ReducerStateType>: AsyncActionReducer {
    /// The actions this reducer handles (the same as the core protocol's; named here so that a
    /// conforming type's form alone says what they are).
    associatedtype ReducerActionType
    /// The state this reducer changes.
    associatedtype ReducerStateType

    /// Does the work for an action and returns the change to make to the state.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    /// - Returns: The change, applied by the store to the then-current state.
    func reduce(
        provider: any ReducerProvider, action: ReducerActionType
    ) async -> @Sendable (inout ReducerStateType) -> Void
}

extension ConcurrentActionReducer {
    /// Runs the `async` form as an effect: its change lands when it returns.
    ///
    /// - Parameters:
    ///   - provider: Passed to the `async` form.
    ///   - action: The dispatched action.
    ///   - state: Left unchanged: the change lands when the work is done.
    /// - Returns: An effect that runs the `async` form in a task.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType
    ) -> Effect<ReducerStateType> {
        Effect(starting: { effect in
            effect.spawn {
                effect.update(await reduce(provider: provider, action: action), site: nil)
            }
        })
    }
}

/// One sub-state of a composite state, named by its key path, for ``reduceSubstates(_:)``.
///
/// ```swift
/// let appReducer = reduceSubstates(Substate(\AppState.user), Substate(\.todos))
/// ```
public struct Substate<Root>: Sendable {
    /// How ``reduceSubstates(_:)`` reaches the sub-state.
    let reducer: SubstateReducer

    /// Names a sub-state by the key path that leads to it.
    ///
    /// - Parameter keyPath: Where the sub-state lives in the root state.
    public init<Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        reducer = SubstateReducer(keyPath, slot: ObjectIdentifier(Value.self))
    }
}

/// Derives an in-place app reducer from the key paths of a composite state's sub-states.
///
/// Each sub-state is reduced in place, in the order given, with the reducers registered on its
/// type, then the root itself. A store built from features does this for you, from the places
/// its features are added at.
///
/// - Parameter substates: The sub-states to reduce, in order.
/// - Returns: An app reducer for the store.
public func reduceSubstates<Root>(_ substates: Substate<Root>...) -> InPlaceAppReducer<Root> {
    let list = SubstateList(substates.map(\.reducer) + [.root(Root.self)])
    return { provider, action, root in
        reduceEach(list, provider, action, &root)
    }
}

/// Reduces each sub-state in order, in place: through the store's context (which memoises the
/// list's routes) when the provider is one, else through the provider.
private func reduceEach<Root>(
    _ list: SubstateList, _ provider: any ReducerProvider, _ action: any Action, _ root: inout Root
) {
    withUnsafeMutablePointer(to: &root) { pointer in
        if let context = provider as? ReductionContext {
            context.reduce(action, list: list, root: pointer, provider: provider)
        } else {
            for reducer in list.substates {
                reducer.reduce(provider, action, pointer)
            }
        }
    }
}

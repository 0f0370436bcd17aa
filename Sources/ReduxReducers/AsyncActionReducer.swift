/// A reducer whose work finishes after the dispatch: it returns, when done, the change to make
/// to its state.
///
/// ```swift
/// struct LoadProfileReducer: AsyncActionReducer {
///     let api: ProfileAPI
///     func reduce(provider: any ReducerProvider, action: LoadProfile) async -> @Sendable (inout UserState) -> Void {
///         let profile = await api.profile(id: action.id)
///         return { $0.profile = profile }
///     }
/// }
/// ```
///
/// The store starts the work when it applies the action, and applies the returned change to the
/// state as it is when the work is done, through its serial queue: actions applied meanwhile are
/// kept. No other registration is needed for the change to land, and `await store.dispatch(_:)`
/// returns only after it has.
///
/// Implement one of the two `reduce` requirements. The other form is VISPER-Redux's: call a
/// completion once with the whole new state. That value replaces the state when it lands, so a
/// change applied to that state between the start and the completion is lost; a second call is
/// reported as ``ReduxIssue/Kind/completionCalledTwice`` and ignored.
public protocol AsyncActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType: Sendable
    /// The state this reducer changes.
    associatedtype ReducerStateType: Sendable

    /// Does the work for an action and returns the change to make to the state.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    /// - Returns: The change, applied by the store to the then-current state.
    func reduce(
        provider: any ReducerProvider, action: ReducerActionType
    ) async -> @Sendable (inout ReducerStateType) -> Void

    /// Starts the work for an action and calls `completion` with the new state when it is done:
    /// VISPER-Redux's form.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - completion: Call once with the new state, from any thread.
    func reduce(
        provider: any ReducerProvider,
        action: ReducerActionType,
        completion: @escaping @Sendable (_ newState: ReducerStateType) -> Void
    )
}

extension AsyncActionReducer {
    /// Runs the `async` form in a new task and hands its change to the store that started it.
    ///
    /// This is how a store runs a reducer written in the `async` form; you do not call it. Called
    /// outside a store there is no state to change, so `completion` is never called.
    ///
    /// - Parameters:
    ///   - provider: Passed to the `async` form.
    ///   - action: The dispatched action.
    ///   - completion: Unused: the change is applied in place, not as a whole new state.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType,
        completion: @escaping @Sendable (_ newState: ReducerStateType) -> Void
    ) {
        guard let delivery = startingDelivery(provider, ReducerStateType.self) else { return }
        Task {
            delivery.apply(await reduce(provider: provider, action: action))
        }
    }
}

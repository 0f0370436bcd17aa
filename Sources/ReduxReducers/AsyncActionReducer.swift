/// A reducer that produces its state later, by calling a completion.
///
/// Use it for work that cannot finish inside a dispatch. The store applies the value passed to
/// `completion` as the new value of every `ReducerStateType` the app reducer reduces, through the
/// store's serial queue, whichever thread calls it; no further registration is needed.
///
/// ```swift
/// struct LoadProfileReducer: AsyncActionReducer {
///     let api: ProfileAPI
///     func reduce(
///         provider: any ReducerProvider, action: LoadProfile,
///         completion: @escaping @Sendable (UserState) -> Void
///     ) {
///         api.fetch(action.id) { profile in completion(UserState(profile: profile)) }
///     }
/// }
/// ```
///
/// Call `completion` exactly once. A second call is reported as
/// `ReduxIssue.Kind.completionCalledTwice` and ignored. `await store.dispatch(_:)` returns only
/// after the completion has been called and its value applied.
public protocol AsyncActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType
    /// The state this reducer produces.
    associatedtype ReducerStateType: Sendable

    /// Starts the work for an action and calls `completion` with the new state when it is done.
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

/// VISPER-Redux's name for ``AsyncActionReducer``.
public typealias AsyncActionReducerType = AsyncActionReducer

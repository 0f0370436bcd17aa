internal import ReduxShared

/// An ``ActionReducer`` made from a reduce function.
///
/// ```swift
/// let reducer = FunctionalReducer { (_, action: SetUsernameAction, state: inout UserState) in
///     state.userName = action.newUsername
/// }
/// container.addReducer(reducer: reducer)
/// ```
///
/// The generic parameters are the action type, then the state type.
public struct FunctionalReducer<ReducerActionType, ReducerStateType>: ActionReducer {
    /// The function that does the work.
    let reduceFunction: @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Void
    /// Where `addReduceFunction` was called (a packed ``CallSite``); 0 when unknown. Packed, not
    /// optional, so the reducer stays three words.
    let sitePacked: UInt64

    /// Wraps an in-place reduce function.
    ///
    /// - Parameter reduceFunction: Changes the state for an action.
    public init(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Void
    ) {
        self.reduceFunction = reduceFunction
        sitePacked = 0
    }

    /// Wraps an in-place reduce function registered at `site`.
    init(
        site: CallSite?,
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Void
    ) {
        self.reduceFunction = reduceFunction
        sitePacked = site?.packed ?? 0
    }

    /// Calls the reduce function.
    ///
    /// - Parameters:
    ///   - provider: Passed through to the function.
    ///   - action: The dispatched action.
    ///   - state: The state to change.
    public func reduce(provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType) {
        reduceFunction(provider, action, &state)
    }
}

extension FunctionalReducer: RegistrationSite {
    var registrationSite: CallSite? { CallSite(packed: sitePacked) }
}

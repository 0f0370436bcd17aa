public import ReduxCore

/// A store's entry point in in-place form: reduce each sub-state where it lives.
///
/// ```swift
/// let appReducer: InPlaceAppReducer<AppState> = { provider, action, state in
///     provider.reduce(action, &state.user)
///     provider.reduce(action, &state.todos)
///     provider.reduce(action, &state)
/// }
/// ```
///
/// A store built from features needs none: each feature's place in the root state says where
/// its reducers apply. The stores that take one are compatibility spellings (see
/// <doc:Porting>); this type is what every store runs underneath.
public typealias InPlaceAppReducer<Root> =
    @Sendable (
        _ provider: any ReducerProvider, _ action: any Action, _ state: inout Root
    ) -> Void

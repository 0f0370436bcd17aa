package import ReduxCore

extension ActionReducer {
    /// The issue to report when the reducer's two types look swapped, or nil.
    ///
    /// VISPER-Redux's `FunctionalReducer` takes the state type first (`FunctionalReducer<State,
    /// Action>`); MultiRedux's takes the action type first. Ported as it was written,
    /// `FunctionalReducer<TestState, NewTitleAction>` compiles when the reduce function does not
    /// name its parameter types, and it would register a reducer of `NewTitleAction` values for
    /// `TestState` actions, which never runs. The sign is a state type that is an ``Action`` and an
    /// action type that is not: only swapped types, or a state that doubles as an action handled
    /// by actions of an existential type, look like that (an existential such as `any
    /// ResetAction` is not itself an `Action` type, so it cannot be told apart at run time).
    ///
    /// Containers report it when the reducer is registered (a store's containers, and those of
    /// `Redux` and `ReduxApp`).
    package static var swappedTypesIssue: ReduxIssue? {
        guard ReducerStateType.self is any Action.Type, !(ReducerActionType.self is any Action.Type) else {
            return nil
        }
        let fix: String
        if Self.self is any FunctionalReducerMarker.Type {
            fix =
                "FunctionalReducer takes the action type first (VISPER-Redux took the state first): write "
                + "FunctionalReducer<\(ReducerStateType.self), \(ReducerActionType.self)>, or leave the types out and "
                + "name them in the reduce function's parameters"
        } else {
            fix =
                "declare the action type as ReducerActionType and the state type as ReducerStateType (in "
                + "reduce(provider:action:state:), action comes before state)"
        }
        return ReduxIssue(
            .misuse,
            "\(Self.self) was registered to reduce \(ReducerStateType.self), which is an Action, for actions of type "
                + "\(ReducerActionType.self), which is not, so it would never run: its types look swapped. \(fix).")
    }
}

/// Lets ``ActionReducer/swappedTypesIssue`` tell a ``FunctionalReducer`` from other reducers
/// whatever its generic arguments.
protocol FunctionalReducerMarker {}

extension FunctionalReducer: FunctionalReducerMarker {}

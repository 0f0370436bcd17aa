import MultiRedux
import ReduxReducers
internal import ReduxShared
import ReduxTimeTravel

/// How a routing test names an async reduce function (`addAsyncReduceFunction`), as it names a reduce
/// function `FunctionalReducer<Action, State>`: no reducer type needs writing only for the test.
///
/// ```swift
/// routes.assertReducers(
///     handling: ClearTodos.self, on: TodoState.self,
///     are: [AsyncReduceFunction<ClearTodos, TodoState>.self, FunctionalReducer<ClearTodos, TodoState>.self])
/// ```
///
/// A name only: there are no values of it.
public enum AsyncReduceFunction<ReducerActionType: Sendable, ReducerStateType: Sendable> {}

/// An ``AsyncReduceFunction``, whatever its types: the type the container registers for it.
protocol AsyncReduceFunctionName {
    /// The reducer type `addAsyncReduceFunction` registers.
    static var registeredType: Any.Type { get }
}

extension AsyncReduceFunction: AsyncReduceFunctionName {
    static var registeredType: Any.Type {
        asyncReduceFunctionType(ReducerActionType.self, ReducerStateType.self)
    }
}

/// The reducer type a routing test names, as registered: an ``AsyncReduceFunction`` is the
/// reducer its container registers.
func registeredType(_ named: Any.Type) -> Any.Type {
    (named as? any AsyncReduceFunctionName.Type)?.registeredType ?? named
}

/// A registered reducer type's name as a test writes it: `AsyncReduceFunction<Action, State>` for
/// an async reduce function.
func testName(ofReducer type: Any.Type) -> String {
    publicReducerName(ValueDescription.name(of: type))
}

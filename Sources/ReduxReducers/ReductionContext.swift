public import ReduxCore

/// The reducer provider a store hands to its app reducer while it applies an action.
///
/// It routes through the store's container like the container itself does, and in addition
/// carries what only a store can offer: a place to deliver async reducer results and a record of
/// whether any reducer handled the action. Reducers receive it as their `provider`, so reductions
/// they delegate keep both. You never create one; a custom ``ReducerContainer`` receives it in
/// ``ReducerContainer/reduce(_:_:context:)``.
public final class ReductionContext: ReducerProvider {
    /// The container whose registrations this provider runs.
    package let container: any ReducerContainer
    /// Receives async reducer results and routing notes for the store.
    package let sink: any ReductionSink

    /// Binds a container to a store's sink.
    package init(container: any ReducerContainer, sink: any ReductionSink) {
        self.container = container
        self.sink = sink
    }

    /// Runs the reducers registered for the action on `Substate`, in place.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce.
    /// - Complexity: Amortised O(1) look-up plus the work of the matching reducers.
    public func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        container.reduce(action, &state, context: self)
    }
}

/// What a store offers the reducers it runs: a place for async results and a handled flag.
package protocol ReductionSink: AnyObject, Sendable {
    /// Notes that at least one reducer (or a built-in result step) ran for the current action.
    func noteHandled()

    /// Makes the completion handed to an async reducer.
    ///
    /// - Parameters:
    ///   - reducerType: The async reducer's type, for diagnostics.
    ///   - resultType: The type of the value the reducer produces.
    /// - Returns: A completion that delivers its first call's value to the store and reports any
    ///   further call.
    func makeCompletion<Result: Sendable>(
        reducerType: Any.Type, resultType: Result.Type
    ) -> @Sendable (Result) -> Void
}

import MultiRedux

// The README's CounterStore, ported: the store subclass becomes a state, an action enum (one case
// per action method) and a feature that registers the reducer; the store is MultiRedux's own.

/// The README's `Counter` state. ReactComponentKit's `State` asks for `Equatable`; MultiRedux's
/// `State` asks for `Sendable`, and `Equatable` lets a `TestStore` compare whole states.
struct Counter: State, Equatable {
    var count = 0
}

/// `CounterStore`'s action methods, one case each, the payload as the case's value.
enum CounterAction: Action, Equatable {
    case increment(payload: Int)  // incrementAction(payload:)
    case decrement(payload: Int)  // decrementAction(payload:)
    case asyncIncrement(payload: Int)  // asyncIncrementAction(payload:) async
    case asyncDecrement(payload: Int)  // asyncDecrementAction(payload:) async
}

/// `CounterStore`'s mutations and actions, without the store: placed where a `Counter` lives
/// (`CounterFeature().at(\.self)` in a store of its own, `at(\.counter)` in the app's).
///
/// The async actions wait a second on the store's clock, as the README's sleep for one, so that
/// a test moves a `TestClock` instead of sleeping.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct CounterFeature: LogicFeature {
    // mutations
    private static func increment(counter: inout Counter, payload: Int) {
        counter.count += payload
    }

    private static func decrement(counter: inout Counter, payload: Int) {
        counter.count -= payload
    }

    // actions
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction {
            (provider, action: CounterAction, counter: inout Counter) -> Effect<Counter> in
            switch action {
            case .increment(let payload):
                Self.increment(counter: &counter, payload: payload)
                return .none
            case .decrement(let payload):
                Self.decrement(counter: &counter, payload: payload)
                return .none
            case .asyncIncrement(let payload):
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.update { Self.increment(counter: &$0, payload: payload) }
                }
            case .asyncDecrement(let payload):
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.update { Self.decrement(counter: &$0, payload: payload) }
                }
            }
        }
    }
}

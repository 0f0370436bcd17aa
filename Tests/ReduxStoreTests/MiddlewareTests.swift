import MultiRedux
import TestHelpers
import Testing

@Suite struct MiddlewareTests {
    @Test("middleware sees every action before the reducers, in order")
    func middlewareSeesActions() {
        let seen = Recorder<Int>()
        let observer = Middleware<AppState> { action, context in
            seen.append(context.state.count)
            return action
        }
        let store = makeStore(middleware: [observer])
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen.all == [0, 1])
    }

    @Test("middleware can replace an action")
    func middlewareTransforms() {
        let doubler = Middleware<AppState> { action, _ in
            guard let increment = action as? Increment else { return action }
            return Increment(by: increment.by * 2)
        }
        let store = makeStore(middleware: [doubler])
        store.dispatch(Increment(by: 3))
        #expect(store.state.count == 6)
    }

    @Test("middleware can drop an action, and later middleware does not see it")
    func middlewareDrops() {
        let seenAfter = Recorder<String>()
        let filter = Middleware<AppState> { action, _ in action is Append ? nil : action }
        let after = Middleware<AppState> { action, _ in
            seenAfter.append("\(type(of: action))")
            return action
        }
        let store = makeStore(middleware: [filter, after])
        store.dispatch(Append(value: 1))
        store.dispatch(Increment())
        #expect(store.state.history.isEmpty)
        #expect(store.state.count == 1)
        #expect(seenAfter.all == ["Increment"])
    }

    @Test("middleware can add actions, applied after the current one")
    func middlewareAdds() {
        let echo = Middleware<AppState> { action, context in
            if action is Increment { context.dispatch(SetTitle(title: "incremented")) }
            return action
        }
        let store = makeStore(middleware: [echo])
        let titles = Recorder<String>()
        let token = store.observe(select: \.settings.title) { titles.append($0) }
        store.dispatch(Increment())
        #expect(titles.all == ["untitled", "incremented"])
        token.cancel()
    }

    @Test("awaiting a dispatch that middleware drops still returns")
    func awaitDroppedAction() async {
        let filter = Middleware<AppState> { _, _ in nil }
        let store = makeStore(middleware: [filter])
        await store.dispatchAndWait(Increment())
        #expect(store.state.count == 0)
    }

    @Test("middleware receives the store itself, whose state is the state before the action")
    func middlewareReceivesTheStore() {
        let seen = Recorder<String>()
        let box = StoreReference()
        let observer = Middleware<AppState> { action, store in
            seen.append("\(store === box.store) \(store.state.count) \(type(of: action))")
            return action
        }
        let store = makeStore(middleware: [observer])
        box.store = store
        store.dispatch(Increment(by: 2))
        store.dispatch(Increment(by: 3))
        #expect(seen.all == ["true 0 Increment", "true 2 Increment"])
        #expect(store.state.count == 5)
    }

    @Test("a middleware that names its store parameter's type can read and dispatch through the compat spellings")
    func middlewareContextCompatibility() {
        let seen = Recorder<Int>()
        let echo = Middleware<AppState> { (action: any Action, context: Store<AppState>) in
            seen.append(context.getState().count)
            if action is Increment { context.dispatch(action: Append(value: context.state.count)) }
            return action
        }
        let store = makeStore(middleware: [echo])
        store.dispatch(Increment())
        #expect(seen.all == [0, 1])
        #expect(store.state.history == [0])
    }
}

/// Lets a middleware compare the store it receives with the one the test made after it.
private final class StoreReference: @unchecked Sendable {
    // Written once before any dispatch, read by the middleware afterwards.
    weak var store: Store<AppState>?

    @Test("one state-agnostic middleware, written once, serves stores of different states")
    func stateAgnosticMiddleware() {
        struct Counter: State { var count = 0 }
        let seen = Recorder<String>()
        let logActions: @Sendable (any Action, any StoreType) -> (any Action)? = { action, store in
            seen.append("\(type(of: action)) before \(type(of: store.state))")
            if action is Increment { store.dispatch(Append(value: 0)) }  // the counter ignores it
            return action
        }
        let app = makeStore(middleware: [Middleware(logActions)])
        let counter = Store(
            reducer: { action, state in Counter(count: (state?.count ?? 0) + (action is Increment ? 1 : 0)) },
            state: nil, middleware: [Middleware(logActions)])
        app.dispatch(Increment())
        counter.dispatch(Increment())
        #expect(seen.all.prefix(2) == ["Increment before AppState", "Append before AppState"])
        #expect(seen.all.suffix(2) == ["Increment before Counter", "Append before Counter"])
        #expect(app.state.history == [0])
        #expect(counter.state.count == 1)
    }
}

import MultiRedux
import ReduxTesting
import Testing

private struct Delayed: State, Equatable {
    var done = false
}

private struct Start: Action {}

/// Waits a minute on the store's clock, then says it is done.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct DelayedFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, _: Start, _: inout Delayed) -> Effect<Delayed> in
            let clock = provider.dependencies.clock
            return .run { effect in
                try await clock.sleep(for: .seconds(60))
                effect.update { $0.done = true }
            }
        }
    }
}

/// `ImmediateClock`: sleeps end at once, and its time moves to their deadlines.
@Suite(.testStoreTimeout(.seconds(120))) struct ImmediateClockTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an effect's minute-long sleep ends at once, and the clock's time moves by a minute")
    func sleepsEndAtOnce() async {
        let clock = ImmediateClock()
        let start = clock.now
        let store = TestStore(
            initialState: Delayed(), features: [DelayedFeature().at(\.self)],
            dependencies: .testing { $0.clock = clock })
        await store.send(Start())
        await store.receive(Delayed.self) { $0.done = true }
        await store.finish()
        #expect(start.duration(to: clock.now) == .seconds(60))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a cancelled task's sleep throws CancellationError")
    func cancelledSleepThrows() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

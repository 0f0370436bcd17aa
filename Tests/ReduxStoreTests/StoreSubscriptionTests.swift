import MultiRedux
import TestHelpers
import Testing

@Suite struct StoreSubscriptionTests {
    @Test("a subscriber gets the current state at once, then one update per applied action")
    func initialStateThenOneUpdatePerAction() {
        let store = makeStore()
        store.dispatch(Increment())
        let subscriber = RecordingSubscriber<AppState>()
        store.suscribe(subscriber)
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "untitled"))  // changes nothing, still one update
        #expect(subscriber.received.map(\.count) == [1, 2, 2])
    }

    @Test("a deallocated subscriber is dropped and never called")
    func weakSubscribers() {
        let store = makeStore()
        let calls = Recorder<Int>()
        var subscriber: RecordingSubscriber<AppState>? = RecordingSubscriber()
        subscriber?.onUpdate = { calls.append($0.count) }
        store.suscribe(subscriber!)
        subscriber = nil
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(calls.all == [0])
    }

    @Test("unsubscribing stops updates, also from inside a notification")
    func unsubscribeDuringNotification() {
        let store = makeStore()
        let first = RecordingSubscriber<AppState>()
        let second = RecordingSubscriber<AppState>()
        first.onUpdate = { [weak store, weak second] state in
            if state.count == 1, let second { store?.unsuscribe(second) }
        }
        store.suscribe(first)
        store.subscribe(second)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(first.received.map(\.count) == [0, 1, 2])
        #expect(second.received.map(\.count) == [0])
        store.unsubscribe(first)
        store.dispatch(Increment())
        #expect(first.received.count == 3)
    }

    @Test("an Equatable selection skips repeats")
    func equatableSelectionSkipsRepeats() {
        let store = makeStore()
        let byKeyPath = RecordingSubscriber<Settings>()
        let byClosure = RecordingSubscriber<String>()
        store.suscribe(byKeyPath, select: \.settings)
        store.suscribe(byClosure, select: { $0.settings.title.uppercased() })
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "Scores"))
        store.dispatch(SetTitle(title: "Scores"))
        store.dispatch(Increment())
        #expect(byKeyPath.received.map(\.title) == ["untitled", "Scores"])
        #expect(byClosure.received == ["UNTITLED", "SCORES"])
    }

    @Test("a non-Equatable selection is delivered after every action")
    func nonEquatableSelection() {
        struct Box: Sendable { var count: Int }
        let store = makeStore()
        let subscriber = RecordingSubscriber<Box>()
        store.suscribe(subscriber, select: { Box(count: $0.count) })
        store.dispatch(SetTitle(title: "a"))
        store.dispatch(SetTitle(title: "b"))
        #expect(subscriber.received.map(\.count) == [0, 0, 0])
    }

    @Test("subscribers of the same key path share one group; a late one still gets the current value")
    func sharedKeyPathGroup() {
        let store = makeStore()
        let early = RecordingSubscriber<Settings>()
        store.suscribe(early, select: \.settings)
        store.dispatch(SetTitle(title: "one"))
        let late = RecordingSubscriber<Settings>()
        store.suscribe(late, select: \.settings)
        store.dispatch(SetTitle(title: "one"))
        store.dispatch(SetTitle(title: "two"))
        #expect(early.received.map(\.title) == ["untitled", "one", "two"])
        #expect(late.received.map(\.title) == ["one", "two"])
    }

    @Test("a subscriber added from inside a notification gets its first value in order")
    func subscribeDuringNotification() {
        let store = makeStore()
        let outer = RecordingSubscriber<AppState>()
        let inner = RecordingSubscriber<AppState>()
        outer.onUpdate = { [weak store] state in
            if state.count == 1 { store?.suscribe(inner) }
        }
        store.suscribe(outer)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(inner.received.map(\.count) == [1, 2])
    }

    @Test("a closure observation stops when its token is cancelled or released")
    func observationTokenLifetime() {
        let store = makeStore()
        let cancelled = Recorder<Int>()
        let released = Recorder<Int>()
        let token = store.observe { cancelled.append($0.count) }
        var other: ObservationToken? = store.observe(select: { $0.count }) { released.append($0) }
        store.dispatch(Increment())
        token.cancel()
        other = nil
        store.dispatch(Increment())
        #expect(cancelled.all == [0, 1])
        #expect(released.all == [0, 1])
        #expect(other == nil)
    }

    @Test("states yields the current state, then every applied state in order")
    func statesAsyncSequence() async {
        let store = makeStore()
        var iterator = store.states.makeAsyncIterator()
        await store.dispatchAndWait(Increment())
        await store.dispatchAndWait(Increment())
        var counts: [Int] = []
        for _ in 0..<3 {
            if let state = await iterator.next() { counts.append(state.count) }
        }
        #expect(counts == [0, 1, 2])
    }

    @Test("a subscriber may read the store's state and dispatch while being notified")
    func subscriberReadsAndDispatches() {
        let store = makeStore()
        let seen = RecordingSubscriber<Int>()
        seen.onUpdate = { [weak store] count in
            guard let store else { return }
            if count == 1 { store.dispatch(Append(value: store.state.count)) }
        }
        store.suscribe(seen, select: \.count)
        store.dispatch(Increment())
        #expect(store.state.history == [1])
        #expect(seen.received == [0, 1])
    }
}

import MultiRedux
import TestHelpers
import Testing

// VISPER-Redux's observable state keeps its subscriptions for as long as the property lives (here,
// the store): the returned reference only disposes of one, when cancelled or when the bag that
// holds it goes away. Dropping the reference does not end it.

@Suite struct VISPERObservableStateTests {
    @Test("a dropped reference keeps observing while the store lives; cancelling it, or dropping its bag, ends it")
    func droppedReferenceKeepsObserving() {
        let store = makeStore()
        let dropped = Recorder<Int>()
        let mapped = Recorder<String>()
        let cancelled = Recorder<Int>()
        let bagged = Recorder<Int>()
        _ = store.observableState.subscribe { dropped.append($0.count) }
        store.observableState.map(\.settings.title).subscribe { mapped.append($0) }
        let reference = store.observableState.subscribe { cancelled.append($0.count) }
        do {
            let bag = SubscriptionReferenceBag()
            bag.addReference(reference: store.observableState.subscribe { bagged.append($0.count) })
            store.dispatch(Increment())
        }
        reference.cancel()
        store.dispatch(SetTitle(title: "Scores"))
        #expect(dropped.all == [0, 1, 1])
        #expect(mapped.all == ["untitled", "Scores"])
        #expect(cancelled.all == [0, 1])
        #expect(bagged.all == [0, 1])
    }

    @Test("a store with dropped observableState references still goes away")
    func storeIsNotKeptAlive() {
        weak var released: Store<AppState>?
        let counts = Recorder<Int>()
        do {
            let store = makeStore()
            released = store
            _ = store.observableState.subscribe { counts.append($0.count) }
            _ = store.observableState.map(\.count).subscribe { counts.append($0) }
            store.dispatch(Increment())
        }
        #expect(released == nil)
        #expect(counts.all == [0, 0, 1, 1])
    }
}

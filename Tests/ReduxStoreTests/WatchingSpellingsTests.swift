import MultiRedux
import TestHelpers
import Testing

// One way to watch state: every spelling (the card's `suscribe`, ReSwift's `subscribe`, `observe`,
// VISPER's `observableState`, `states`) goes through one path, so a watcher gets the same values
// for the same actions whichever spelling registered it. A selection whose type is `Equatable`
// skips repeats; any other selection, and the whole state, is delivered after every action, except
// through ReSwift's `subscribe(_:)`, which skips repeats of an `Equatable` whole state as ReSwift
// does (Docs/Decisions/0010).

/// The title, in a type that is not `Equatable`.
private struct TitleBox: Sendable {
    var title: String
}

/// Every spelling of "watch the settings", each recording what it receives.
private final class SettingsWatchers: Sendable {
    let suscribedByKeyPath = RecordingSubscriber<Settings>()
    let suscribedByClosure = RecordingSubscriber<Settings>()
    let subscribedByKeyPath = RecordingSubscriber<Settings>()
    let subscribedByClosure = RecordingSubscriber<Settings>()
    let observedByKeyPath = Recorder<Settings>()
    let observedByClosure = Recorder<Settings>()
    let mappedObservableState = Recorder<Settings>()
    private let tokens = SubscriptionReferenceBag()

    init(_ store: Store<AppState>) {
        store.suscribe(suscribedByKeyPath, select: \.settings)
        store.suscribe(suscribedByClosure, select: { $0.settings })
        store.subscribe(subscribedByKeyPath) { $0.select(\.settings) }
        store.subscribe(subscribedByClosure) { $0.select { $0.settings } }
        let observedByKeyPath = observedByKeyPath
        let observedByClosure = observedByClosure
        let mappedObservableState = mappedObservableState
        tokens.addReference(reference: store.observe(select: \.settings) { observedByKeyPath.append($0) })
        tokens.addReference(reference: store.observe(select: { $0.settings }) { observedByClosure.append($0) })
        tokens.addReference(
            reference: store.observableState.map { $0.settings }.subscribe { mappedObservableState.append($0) })
    }

    /// The titles each spelling received, by spelling.
    var titles: [String: [String]] {
        [
            "suscribe(_:select: keyPath)": suscribedByKeyPath.received.map(\.title),
            "suscribe(_:select: closure)": suscribedByClosure.received.map(\.title),
            "subscribe(_:) { $0.select(keyPath) }": subscribedByKeyPath.received.map(\.title),
            "subscribe(_:) { $0.select(closure) }": subscribedByClosure.received.map(\.title),
            "observe(select: keyPath)": observedByKeyPath.all.map(\.title),
            "observe(select: closure)": observedByClosure.all.map(\.title),
            "observableState.map": mappedObservableState.all.map(\.title),
        ]
    }
}

/// Every spelling of "watch the whole state after every action", each recording the titles it
/// receives.
private final class WholeStateWatchers: Sendable {
    let suscribed = RecordingSubscriber<AppState>()
    let observed = Recorder<String>()
    let observableState = Recorder<String>()
    private let tokens = SubscriptionReferenceBag()

    init(_ store: Store<AppState>) {
        store.suscribe(suscribed)
        let observed = observed
        let observableState = observableState
        tokens.addReference(reference: store.observe { observed.append($0.settings.title) })
        tokens.addReference(reference: store.observableState.subscribe { observableState.append($0.settings.title) })
    }

    var titles: [String: [String]] {
        [
            "suscribe(_:)": suscribed.received.map(\.settings.title),
            "observe(_:)": observed.all,
            "observableState.subscribe": observableState.all,
        ]
    }
}

/// The titles of the first `count` states `states` yields.
private func titles(from states: AsyncStream<AppState>, count: Int) async -> [String] {
    var iterator = states.makeAsyncIterator()
    var titles: [String] = []
    while titles.count < count, let state = await iterator.next() {
        titles.append(state.settings.title)
    }
    return titles
}

@Suite struct WatchingSpellingsTests {
    @Test("every spelling gets the same values for actions that each change the selection")
    func sameValuesWhateverTheSpelling() async {
        let store = makeStore()
        let selections = SettingsWatchers(store)
        let wholeState = WholeStateWatchers(store)
        let reSwift = RecordingSubscriber<AppState>()
        store.subscribe(reSwift)
        let states = store.states
        for title in ["a", "b", "c"] {
            await store.dispatchAndWait(SetTitle(title: title))
        }
        let expected = ["untitled", "a", "b", "c"]
        for (spelling, received) in selections.titles.merging(wholeState.titles, uniquingKeysWith: { $1 }) {
            #expect(received == expected, "\(spelling)")
        }
        #expect(reSwift.received.map(\.settings.title) == expected)
        #expect(await titles(from: states, count: 4) == expected)
    }

    @Test(
        "an Equatable selection skips repeats in every spelling; the whole state comes after every action but ReSwift's"
    )
    func equatableSelectionSkipsRepeatsEverywhere() async {
        let store = makeStore()
        let selections = SettingsWatchers(store)
        let wholeState = WholeStateWatchers(store)
        let reSwift = RecordingSubscriber<AppState>()
        store.subscribe(reSwift)
        let states = store.states
        for action: any Action in [Increment(), SetTitle(title: "a"), SetTitle(title: "a"), Increment()] {
            await store.dispatchAndWait(action)
        }
        for (spelling, received) in selections.titles {
            #expect(received == ["untitled", "a"], "\(spelling)")
        }
        let everyAction = ["untitled", "untitled", "a", "a", "a"]
        for (spelling, received) in wholeState.titles {
            #expect(received == everyAction, "\(spelling)")
        }
        // The second SetTitle(title: "a") leaves the Equatable state as it was.
        #expect(reSwift.received.map(\.settings.title) == ["untitled", "untitled", "a", "a"])
        #expect(await titles(from: states, count: 5) == everyAction)
    }

    @Test("a selection that is not Equatable is delivered after every action, in every spelling")
    func nonEquatableSelectionGetsEveryAction() async {
        let store = makeStore()
        let suscribed = RecordingSubscriber<TitleBox>()
        let subscribed = RecordingSubscriber<TitleBox>()
        let observed = Recorder<String>()
        let mapped = Recorder<String>()
        store.suscribe(suscribed, select: { TitleBox(title: $0.settings.title) })
        store.subscribe(subscribed) { $0.select { TitleBox(title: $0.settings.title) } }
        let token = store.observe(select: { TitleBox(title: $0.settings.title) }) { observed.append($0.title) }
        let reference = store.observableState.map { TitleBox(title: $0.settings.title) }.subscribe {
            mapped.append($0.title)
        }
        for action: any Action in [Increment(), SetTitle(title: "a"), SetTitle(title: "a")] {
            await store.dispatchAndWait(action)
        }
        let everyAction = ["untitled", "untitled", "a", "a"]
        #expect(suscribed.received.map(\.title) == everyAction)
        #expect(subscribed.received.map(\.title) == everyAction)
        #expect(observed.all == everyAction)
        #expect(mapped.all == everyAction)
        token.cancel()
        reference.cancel()
    }

    @Test("a key-path subscriber and a key-path observer share one group, whichever came first")
    func keyPathSpellingsShareAGroup() async {
        for subscriberFirst in [true, false] {
            let store = makeStore()
            let subscriber = RecordingSubscriber<Settings>()
            let observed = Recorder<String>()
            var token: ObservationToken?
            if subscriberFirst { store.suscribe(subscriber, select: \.settings) }
            token = store.observe(select: \.settings) { observed.append($0.title) }
            if !subscriberFirst { store.suscribe(subscriber, select: \.settings) }
            for action: any Action in [SetTitle(title: "a"), Increment(), SetTitle(title: "b")] {
                await store.dispatchAndWait(action)
            }
            #expect(subscriber.received.map(\.title) == ["untitled", "a", "b"], "subscriber first: \(subscriberFirst)")
            #expect(observed.all == ["untitled", "a", "b"], "subscriber first: \(subscriberFirst)")
            token?.cancel()
            token = nil
        }
    }
}

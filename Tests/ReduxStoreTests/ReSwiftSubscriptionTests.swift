import Foundation
import MultiRedux
import TestHelpers
import Testing

// Subscribing as ReSwift code does (Docs/Decisions/0010): one subscription per subscriber object,
// a whole Equatable state that skips repeats, subscriptions built with select / skipRepeats /
// skip(when:) / only(when:), the store's automaticallySkipsRepeats switch, and StoreType.

/// ReSwift's single reducer function over the test state.
private func reSwiftReducer(action: any Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    switch action {
    case let increment as Increment: state.count += increment.by
    case let setTitle as SetTitle: state.settings.title = setTitle.title
    default: break
    }
    return state
}

/// The title, in a type that is not `Equatable`.
private struct TitleBox: Sendable {
    var title: String
}

/// Subscribes through `StoreType` alone, as ReSwift code written against the protocol does.
private func connect<Connected: StoreType>(
    whole: RecordingSubscriber<AppState>, count: RecordingSubscriber<Int>, to store: Connected
) where Connected.StoreState == AppState {
    store.subscribe(whole)
    store.subscribe(count) { $0.select { $0.count } }
}

@Suite struct ReSwiftSubscriptionTests {
    @Test("subscribing an object again replaces its earlier subscription")
    func resubscribingReplaces() {
        let store = makeStore()
        let screen = RecordingSubscriber<AppState>()
        for _ in 1...3 {  // the screen appears three times
            store.subscribe(screen)
        }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(screen.received.map(\.count) == [0, 0, 0, 1, 2])
    }

    @Test("an object has one subscription whichever spelling made it, the card's suscribe included")
    func oneSubscriptionPerObjectAcrossSpellings() {
        let store = makeStore()
        let counter = RecordingSubscriber<Int>()
        store.suscribe(counter, select: \.count)
        store.subscribe(counter) { $0.select(\.count) }
        store.suscribe(counter, select: { $0.count })
        store.dispatch(Increment())
        #expect(counter.received == [0, 0, 0, 1])
        let whole = RecordingSubscriber<AppState>()
        store.subscribe(whole)
        store.suscribe(whole)
        store.dispatch(Increment())
        #expect(whole.received.map(\.count) == [1, 1, 2])
    }

    @Test("a subscriber that subscribes again from inside its update is still notified once per action")
    func resubscribingDuringNotification() {
        let store = makeStore()
        let screen = RecordingSubscriber<AppState>()
        screen.onUpdate = { [weak store, weak screen] state in
            // Once: the new subscription's first value (count 1 again) must not subscribe again.
            if state.count == 1, let screen, screen.received.count == 2 { store?.subscribe(screen) }
        }
        store.subscribe(screen)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(screen.received.map(\.count) == [0, 1, 1, 2])
    }

    @Test("a whole-state subscription to an Equatable state skips repeats; the card's suscribe gets every action")
    func equatableWholeStateSkipsRepeats() {
        let store = makeStore()
        let reSwift = RecordingSubscriber<AppState>()
        let card = RecordingSubscriber<AppState>()
        store.subscribe(reSwift)
        store.suscribe(card)
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "untitled"))  // changes nothing
        store.dispatch(Increment())
        #expect(reSwift.received.map(\.count) == [0, 1, 2])
        #expect(card.received.map(\.count) == [0, 1, 1, 2])
    }

    @Test("automaticallySkipsRepeats: false delivers every action to ReSwift's subscriptions, as in ReSwift")
    func automaticallySkipsRepeatsOff() {
        for skips in [true, false] {
            let store = Store(reducer: reSwiftReducer, state: AppState(), automaticallySkipsRepeats: skips)
            let whole = RecordingSubscriber<AppState>()
            let count = RecordingSubscriber<Int>()
            store.subscribe(whole)
            store.subscribe(count) { $0.select(\.count) }
            store.dispatch(SetTitle(title: "untitled"))
            store.dispatch(Increment())
            #expect(whole.received.map(\.count) == (skips ? [0, 1] : [0, 0, 1]), "skips: \(skips)")
            #expect(count.received == (skips ? [0, 1] : [0, 0, 1]), "skips: \(skips)")
        }
    }

    @Test("select and skipRepeats build a subscription, with a closure or a key path")
    func selectAndSkipRepeats() {
        let store = makeStore()
        let everyAction = RecordingSubscriber<TitleBox>()
        let changesOnly = RecordingSubscriber<TitleBox>()
        let byKeyPath = RecordingSubscriber<String>()
        store.subscribe(everyAction) { $0.select { TitleBox(title: $0.settings.title) } }
        store.subscribe(changesOnly) {
            $0.select { TitleBox(title: $0.settings.title) }.skipRepeats { $0.title == $1.title }
        }
        store.subscribe(byKeyPath) { $0.select(\.settings).select(\.title).skipRepeats() }
        for action: any Action in [Increment(), SetTitle(title: "a"), SetTitle(title: "a"), SetTitle(title: "b")] {
            store.dispatch(action)
        }
        #expect(everyAction.received.map(\.title) == ["untitled", "untitled", "a", "a", "b"])
        #expect(changesOnly.received.map(\.title) == ["untitled", "a", "b"])
        #expect(byKeyPath.received == ["untitled", "a", "b"])
    }

    @Test("skip(when:) and only(when:) compare the value before each action with the one after it")
    func skipWhenAndOnlyWhen() {
        let store = makeStore()
        let bigSteps = RecordingSubscriber<Int>()
        let growth = RecordingSubscriber<Int>()
        store.subscribe(bigSteps) { $0.select(\.count).skip(when: { old, new in new - old < 3 }) }
        store.subscribe(growth) { $0.select(\.count).only(when: { old, new in new > old }) }
        for step in [1, 1, 1, 5, -2] {
            store.dispatch(Increment(by: step))
        }
        // Counts 1, 2, 3, 8, 6: only 3 -> 8 is a step of 3 or more; each small step is measured
        // from the state before it, not from the last value delivered.
        #expect(bigSteps.received == [0, 8])
        #expect(growth.received == [0, 1, 2, 3, 8])
    }

    @Test("skipRepeats() on a value that is not Equatable is reported, and skips nothing")
    func skipRepeatsNeedsAComparison() {
        let issues = IssueCollector()
        let store = makeStore(issueReporter: issues.reporter)
        let subscriber = RecordingSubscriber<TitleBox>()
        store.subscribe(subscriber) { $0.select { TitleBox(title: $0.settings.title) }.skipRepeats() }
        store.dispatch(Increment())
        #expect(issues.kinds == [.misuse])
        #expect(issues.issues.first?.message.contains("skipRepeats { $0.id == $1.id }") == true)
        #expect(subscriber.received.map(\.title) == ["untitled", "untitled"])
    }

    @Test("code written against StoreType subscribes, selects and unsubscribes")
    func storeTypeSubscribes() {
        let store = makeStore()
        let whole = RecordingSubscriber<AppState>()
        let count = RecordingSubscriber<Int>()
        connect(whole: whole, count: count, to: store)
        store.dispatch(Increment())
        let erased: any StoreType<AppState> = store
        erased.unsubscribe(whole)
        erased.subscribe(count) { $0.select { $0.count * 10 } }  // replaces the earlier selection
        store.dispatch(Increment())
        #expect(whole.received.map(\.count) == [0, 1])
        #expect(count.received == [0, 1, 10, 20])
    }
}

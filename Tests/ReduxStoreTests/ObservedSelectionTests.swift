#if canImport(Observation)
    import Dispatch
    import MultiRedux
    import Observation
    import TestHelpers
    import Testing

    extension AppState {
        /// A value derived from the state, for observing a computed key path.
        fileprivate var isCountEven: Bool { count % 2 == 0 }
    }

    /// Refers to an object without keeping it alive.
    private struct WeakReference<Object: AnyObject> {
        weak var object: Object?
    }

    /// `Store.observed`: a selection of the state as an `Observable` object on the main actor.
    @Suite @MainActor struct ObservedSelectionTests {
        /// Records which tracked reads Observation reported as changed.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private func track<Value>(_ read: @escaping () -> Value, as name: String, in log: Recorder<String>) {
            withObservationTracking {
                _ = read()
            } onChange: {
                log.append(name)
            }
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("an Equatable key path reports a change only when its selection changes")
        func keyPathSkipsRepeats() {
            let store = makeStore()
            let settings = store.observed(\.settings)
            let log = Recorder<String>()
            track({ settings.title }, as: "settings", in: log)

            store.dispatch(Increment())
            #expect(log.all.isEmpty)

            store.dispatch(SetTitle(title: "Final"))
            #expect(log.all == ["settings"])
            #expect(settings.title == "Final")
            #expect(settings.value == store.state.settings)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("the whole state reports a change after every applied action and follows it")
        func wholeState() {
            let store = makeStore()
            let app = store.observed(\.self)
            let log = Recorder<String>()

            #expect(app.value == AppState())
            track({ app.count }, as: "first", in: log)
            store.dispatch(Increment(by: 2))
            track({ app.history }, as: "second", in: log)
            store.dispatch(Append(value: 7))

            #expect(log.all == ["first", "second"])
            #expect(app.value == AppState(count: 2, history: [7]))
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a derived (computed key path) selection reports a change only when the derived value changes")
        func derivedSelection() {
            let store = makeStore()
            let isEven = store.observed(\.isCountEven)
            let log = Recorder<String>()
            track({ isEven.value }, as: "parity", in: log)

            store.dispatch(Increment(by: 2))
            #expect(log.all.isEmpty)
            #expect(isEven.value)

            store.dispatch(Increment())
            #expect(log.all == ["parity"])
            #expect(!isEven.value)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("the object is not kept alive by the store, and the store runs on after it is gone")
        func releasedWithItsOwner() {
            let store = makeStore()
            var settings: ObservedSelection<Settings>? = store.observed(\.settings)
            let reference = WeakReference(object: settings)

            settings = nil
            store.dispatch(SetTitle(title: "After"))

            #expect(reference.object == nil)
            #expect(store.state.settings.title == "After")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("it outlives its store with the last state")
        func outlivesStore() {
            var store: Store<AppState>? = makeStore()
            let count = store!.observed(\.count)
            store?.dispatch(Increment(by: 5))
            store = nil

            #expect(count.value == 5)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("changes applied on other threads are set on the main actor, in order, and reported to Observation")
        func backgroundDispatches() async {
            let store = makeStore()
            let count = store.observed(\.count)
            let seen = MainActorLog<Int>()
            // Another main-actor observation of the same key path shares the group and comes after
            // the object's in each notification: when it sees a value, the object holds it.
            let token = store.observe(select: \.count, on: MainActor.self) { seen.record($0) }
            let log = Recorder<String>()
            track({ count.value }, as: "count", in: log)

            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: 2) { _ in
                    for _ in 0..<1_000 { store.dispatch(Increment()) }
                }
            }
            await seen.wait { $0 == 2_000 }

            #expect(count.value == 2_000)
            #expect(log.all == ["count"])
            #expect(seen.offMain == 0)
            token.cancel()
        }
    }
#endif

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

    /// `Store.observed`: a selection of the state as an `Observable` object.
    @Suite struct ObservedSelectionTests {
        /// Records which tracked reads Observation reported as changed.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private func track<Value>(_ read: @escaping @Sendable () -> Value, as name: String, in log: Recorder<String>) {
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
        @Test("after cancel the value stays at the last state and no change is reported")
        func cancelStops() {
            let store = makeStore()
            let count = store.observed(\.count)
            store.dispatch(Increment())
            count.cancel()
            let log = Recorder<String>()
            track({ count.value }, as: "count", in: log)

            store.dispatch(Increment())
            count.cancel()

            #expect(count.value == 1)
            #expect(log.all.isEmpty)
            #expect(store.state.count == 2)
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
        @Test("reads from other threads while two threads dispatch see every action applied")
        func concurrentReadsAndDispatches() {
            let store = makeStore()
            let count = store.observed(\.count)
            let reads = Recorder<Int>()

            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                for _ in 0..<2_000 {
                    if worker == 0 {
                        reads.append(count.value)
                    } else {
                        store.dispatch(Increment())
                    }
                }
            }

            #expect(store.state.count == 4_000)
            #expect(count.value == 4_000)
            #expect(reads.all.allSatisfy { (0...4_000).contains($0) })
            #expect(reads.all == reads.all.sorted(), "notifications are applied in order")
        }
    }
#endif

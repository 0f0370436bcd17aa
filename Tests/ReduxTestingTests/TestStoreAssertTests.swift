import Foundation
import MultiRedux
import ReduxTesting
import Testing

private struct TallyState: State, Equatable {
    var count = 0
    var label = ""
}

private struct Tally: Action {}

private struct TallyFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Tally, counter: inout TallyState) in
            counter.count += 1
            counter.label = "counted \(counter.count)"
        }
    }
}

/// `store.assert { }` and a scoped `withExhaustivity`.
@Suite(.testStoreTimeout(.seconds(120))) struct TestStoreAssertTests {
    @Test("assert checks a change made outside a step, and the next step starts from it")
    func assertOutsideAStep() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: TallyState(), features: [TallyFeature().at(\.self)])
            store.store.dispatch(Tally())  // not a step: the test store did not see it
            store.assert {
                $0.count = 1
                $0.label = "counted 1"
            }
            await store.send(Tally()) {
                $0.count = 2
                $0.label = "counted 2"
            }
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("assert fails, with the difference, when the change is not the one described")
    func assertFails() {
        let failures = collectFailures {
            let store = TestStore(initialState: TallyState(), features: [TallyFeature().at(\.self)])
            store.store.dispatch(Tally())
            store.assert { $0.count = 1 }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("assert changed the state differently") == true)
        #expect(failures.first?.message.contains("label") == true)
    }

    @Test("withExhaustivity(.off) checks only what its steps describe, and the store's exhaustivity comes back")
    func scopedExhaustivity() async {
        var inside = Exhaustivity.on
        var after = Exhaustivity.off
        let failures = await collectFailures {
            let store = TestStore(initialState: TallyState(), features: [TallyFeature().at(\.self)])
            await store.withExhaustivity(.off) {
                inside = store.exhaustivity
                await store.send(Tally()) { $0.count = 1 }  // the label is not described
            }
            after = store.exhaustivity
            await store.send(Tally()) { $0.count = 2 }  // exhaustive again: the label fails
        }
        #expect(inside == .off)
        #expect(after == .on)
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("label") == true)
    }
}

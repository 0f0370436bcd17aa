import MultiRedux
import TestHelpers
import Testing

@Suite struct ReducerRegistryTests {
    @Test("two reducers on one pair chain: +1 then +10 gives 11")
    func chainedReducers() {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout Counter) in
            state.value += action.by
        })
        registry.addReduceFunction(reduceFunction: { (_, _: Increment, state: Counter) -> Counter in
            var next = state
            next.value += 10
            return next
        })
        var counter = Counter()
        registry.reduce(Increment(by: 1), &counter)
        #expect(counter.value == 11)
    }

    @Test("reducers run in registration order, each on the previous result")
    func registrationOrder() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        registry.addReducer(reducer: TimesTenReducer())
        registry.addReducer(reducer: AddReducer(tag: "add again"))
        var counter = Counter()
        registry.reduce(Increment(by: 2), &counter)
        #expect(counter.value == 22)
        #expect(counter.log == ["add", "x10", "add again"])
    }

    @Test("a reducer runs only on its exact state type")
    func exactStateType() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        var profile = Profile(name: "Ada")
        var optionalCounter: Counter? = Counter()
        registry.reduce(Increment(by: 1), &profile)
        registry.reduce(Increment(by: 1), &optionalCounter)
        #expect(profile == Profile(name: "Ada"))
        #expect(optionalCounter == Counter())
    }

    @Test("an action no reducer handles leaves the state unchanged")
    func unhandledActionLeavesStateUnchanged() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        var counter = Counter(value: 5, log: ["before"])
        registry.reduce(Rename(name: "x"), &counter)
        #expect(counter == Counter(value: 5, log: ["before"]))
    }

    @Test("a protocol-typed reducer catches every conforming action")
    func protocolExistentialMatching() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: ResetReducer())
        var counter = Counter(value: 3)
        registry.reduce(ResetAll(), &counter)
        #expect(counter.value == 0)
        counter.value = 4
        registry.reduce(ResetCounters(), &counter)
        #expect(counter.value == 0)
        counter.value = 5
        registry.reduce(Increment(by: 1), &counter)
        #expect(counter.value == 5)
    }

    @Test("a reducer registered for a class also runs for its subclasses")
    func classMatching() {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, _: NavigationAction, state: inout Counter) in
            state.value += 1
        })
        var counter = Counter()
        registry.reduce(NavigationAction(), &counter)
        registry.reduce(PushScreen(), &counter)
        #expect(counter.value == 2)
    }

    @Test("a reducer added after a first reduction is honoured")
    func registrationAfterFirstReduction() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "first"))
        var counter = Counter()
        registry.reduce(Increment(by: 1), &counter)
        registry.addReducer(reducer: AddReducer(tag: "second"))
        registry.reduce(Increment(by: 1), &counter)
        #expect(counter.value == 3)
        #expect(counter.log == ["first", "first", "second"])
    }

    @Test("the value-returning reduce returns the reduced copy and leaves the argument alone")
    func valueReturningReduce() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        let before = Counter()
        let after = registry.reduce(Increment(by: 7), before)
        #expect(after.value == 7)
        #expect(before.value == 0)
    }

    @Test("reduceSubstates reduces each key path, then the root")
    func reduceSubstatesOrder() {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: AddReducer(tag: "add"))
        registry.addReduceFunction(reduceFunction: { (_, _: Increment, root: inout Root) in
            // Runs last: sees the counter already reduced.
            root.reductions = root.counter.value
        })
        let appReducer: InPlaceAppReducer<Root> = reduceSubstates(Substate(\.counter), Substate(\.profile))
        var root = Root()
        appReducer(registry, Increment(by: 4), &root)
        #expect(root.counter.value == 4)
        #expect(root.reductions == 4)
    }

    @Test("an async reducer reduced outside a store is reported and not started")
    func asyncReducerOutsideStore() {
        let issues = IssueCollector()
        let registry = ReducerRegistry(issueReporter: issues.reporter)
        let started = Recorder<Int>()
        registry.addReducer(reducer: RecordingAsyncReducer(started: started))
        var profile = Profile()
        registry.reduce(Rename(name: "x"), &profile)
        #expect(issues.kinds == [.asyncResultWithoutStore])
        #expect(started.all.isEmpty)
        #expect(profile == Profile())
    }

    @Test("registering while other threads reduce is safe and every registration lands")
    func concurrentRegistration() async {
        let registry = ReducerRegistry()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<200 {
                    registry.addReducer(reducer: AddReducer(tag: "\(index)"))
                }
            }
            group.addTask {
                var counter = Counter()
                for _ in 0..<2_000 {
                    registry.reduce(Increment(by: 1), &counter)
                }
            }
        }
        var counter = Counter()
        registry.reduce(Increment(by: 1), &counter)
        #expect(counter.value == 200)
        #expect(registry.slots.registeredReducers.count == 200)
    }
}

/// An async reducer in VISPER's completion form that records when it starts.
private struct RecordingAsyncReducer: AsyncActionReducerType {
    let started: Recorder<Int>

    func reduce(provider: any ReducerProvider, action: Rename, completion: @escaping @Sendable (Profile) -> Void) {
        started.append(1)
        completion(Profile(name: action.name))
    }
}

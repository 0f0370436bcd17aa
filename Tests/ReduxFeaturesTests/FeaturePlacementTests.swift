import Foundation
import MultiRedux
import TestHelpers
import Testing

// Features own their sub-state: a store is assembled from features placed in the root state,
// each feature's reducers run at its place, the root's after every sub-state.

private enum Team: Sendable {
    case home, away
}

private struct TeamScore: Equatable, Sendable {
    var goals = 0
}

private struct Clock: Equatable, Sendable {
    var minute = 0
}

private struct Match: State, Equatable {
    var home = TeamScore()
    var away = TeamScore()
    var clock = Clock()
    /// Written by a root reducer from the sub-states.
    var summary = ""
}

private struct Goal: Action {
    var team: Team
}

private struct Tick: Action {}

/// Reviews every goal: each placed `ReviewFeature` adds its points when the review is done.
private struct Review: Action {
    var release: AsyncGate
}

/// Counts the goals of one team on the score it is placed at.
private struct ScoreFeature: LogicFeature {
    var team: Team

    func injectReducers(container: any ReducerContainer) {
        let team = team
        container.addReduceFunction(reduceFunction: { (_, action: Goal, state: inout TeamScore) in
            if action.team == team { state.goals += 1 }
        })
    }
}

/// Counts every goal, whoever scored, on the score it is placed at.
private struct AnyGoalFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, _: Goal, state: inout TeamScore) in state.goals += 1 })
    }
}

/// Advances the clock it is placed at.
private struct ClockFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, _: Tick, state: inout Clock) in state.minute += 1 })
    }
}

/// Writes the summary at the root from the sub-states, as they are after the action.
private struct SummaryFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, _: any Action, state: inout Match) in
            state.summary = "\(state.home.goals)-\(state.away.goals) at \(state.clock.minute)'"
        })
    }
}

/// Records, on every `Tick`, that the reducers registered on `Value` ran, under a name.
private struct TraceFeature<Value>: LogicFeature {
    var name: String
    var trace: Recorder<String>

    func injectReducers(container: any ReducerContainer) {
        let name = name
        let trace = trace
        container.addReduceFunction(reduceFunction: { (_, _: Tick, _: inout Value) in trace.append(name) })
    }
}

/// Adds its points to the score it is placed at, when the review it started is released.
private struct ReviewFeature: LogicFeature {
    var points: Int

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ReviewReducer(points: points))
    }
}

private struct ReviewReducer: ConcurrentActionReducer {
    var points: Int

    func reduce(provider: any ReducerProvider, action: Review) async -> @Sendable (inout TeamScore) -> Void {
        await action.release.wait()
        let points = points
        return { $0.goals += points }
    }
}

/// Advances a clock: a reducer a score feature has no business registering.
private struct ClockReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: Tick, state: inout Clock) {
        state.minute += 1
    }
}

/// Registers a reducer of its own state and one of a state it is not placed at.
private struct MisplacedFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, _: Goal, state: inout TeamScore) in state.goals += 1 })
        container.addReducer(reducer: ClockReducer())
    }
}

/// Counters that features are placed at one by one, at run time.
private struct Board: State {
    var counters = [Int](repeating: 0, count: 16)
}

private struct Bump: Action {}

/// Bumps the counter it is placed at.
private struct BumpFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, _: Bump, state: inout Int) in state += 1 })
    }
}

/// Advances a clock when a review is done: an async reducer placed where no clock is.
private struct ReviewClockReducer: ConcurrentActionReducer {
    let started: Recorder<Int>

    func reduce(provider: any ReducerProvider, action: Review) async -> @Sendable (inout Clock) -> Void {
        started.append(1)
        return { $0.minute += 1 }
    }
}

/// Registers `ReviewClockReducer` wherever it is placed.
private struct MisplacedAsyncFeature: LogicFeature {
    let started: Recorder<Int>

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ReviewClockReducer(started: started))
    }
}

@Suite struct FeaturePlacementTests {
    @Test("features placed in one list each reduce their own sub-state; the root's reducers see the result")
    func featuresAssembledInOneList() {
        let store = Store(
            initialState: Match(),
            features: [
                ScoreFeature(team: .home).at(\.home), ScoreFeature(team: .away).at(\.away),
                ClockFeature().at(\.clock), SummaryFeature().at(\.self),
            ])
        store.dispatch(Goal(team: .home))
        store.dispatch(Tick())
        store.dispatch(Goal(team: .home))
        store.dispatch(Goal(team: .away))
        #expect(
            store.state
                == Match(
                    home: TeamScore(goals: 2), away: TeamScore(goals: 1), clock: Clock(minute: 1), summary: "2-1 at 1'")
        )
    }

    @Test("sub-states are reduced in the order their features were placed, the root last")
    func orderOfPlacement() {
        let trace = Recorder<String>()
        let store = Store(
            initialState: Match(),
            features: [
                TraceFeature<Match>(name: "root feature", trace: trace).at(\.self),
                TraceFeature<TeamScore>(name: "away", trace: trace).at(\.away),
                TraceFeature<Clock>(name: "clock", trace: trace).at(\.clock),
                TraceFeature<TeamScore>(name: "home", trace: trace).at(\.home),
            ]
        ) { reducers in
            reducers.addReduceFunction(reduceFunction: { (_, _: Tick, _: inout Match) in trace.append("root") })
        }
        store.dispatch(Tick())
        #expect(trace.all == ["away", "clock", "home", "root feature", "root"])
    }

    @Test("a second feature at a place already taken runs after the first one's reducers there")
    func secondFeatureAtOnePlace() {
        let trace = Recorder<String>()
        let store = Store(
            initialState: Match(),
            features: [
                TraceFeature<TeamScore>(name: "home 1", trace: trace).at(\.home),
                TraceFeature<TeamScore>(name: "away", trace: trace).at(\.away),
                TraceFeature<TeamScore>(name: "home 2", trace: trace).at(\.home),
            ])
        store.dispatch(Tick())
        #expect(trace.all == ["home 1", "home 2", "away"])
    }

    @Test("a feature added at run time runs from the next action on, before the root's reducers")
    func featureAddedAtRunTime() {
        let store = Store(
            initialState: Match(), features: [ScoreFeature(team: .home).at(\.home), SummaryFeature().at(\.self)])
        store.dispatch(Goal(team: .away))
        #expect(store.state.away.goals == 0)
        store.add(ScoreFeature(team: .away).at(\.away))
        #expect(store.state.away.goals == 0)
        store.dispatch(Goal(team: .away))
        #expect(store.state.away.goals == 1)
        #expect(store.state.summary == "0-1 at 0'")
    }

    @Test("two sub-states of one type placed with two feature instances are reduced independently")
    func sameTypeSubstatesAreIndependent() {
        let store = Store(
            initialState: Match(), features: [AnyGoalFeature().at(\.home), ClockFeature().at(\.clock)])
        store.add(ScoreFeature(team: .away).at(\.away))
        store.dispatch(Goal(team: .home))
        // The home feature counts every goal; the away feature's reducer never saw home's state.
        #expect(store.state.home == TeamScore(goals: 1))
        #expect(store.state.away == TeamScore(goals: 0))
        store.dispatch(Goal(team: .away))
        #expect(store.state.home == TeamScore(goals: 2))
        #expect(store.state.away == TeamScore(goals: 1))
    }

    @Test("an async reducer's change lands only in the sub-state whose feature started it")
    func asyncChangeLandsInItsOwnSlot() async {
        let store = Store(
            initialState: Match(),
            features: [ReviewFeature(points: 1).at(\.home), ReviewFeature(points: 10).at(\.away)])
        let release = AsyncGate()
        release.open()
        await store.dispatchAndWait(Review(release: release))
        #expect(store.state.home == TeamScore(goals: 1))
        #expect(store.state.away == TeamScore(goals: 10))
        let onlyHome = Store(initialState: Match(), features: [ReviewFeature(points: 3).at(\.home)])
        await onlyHome.dispatchAndWait(Review(release: release))
        #expect(onlyHome.state.home == TeamScore(goals: 3))
        #expect(onlyHome.state.away == TeamScore())
    }

    @Test("a registration no part of the state reaches is reported when the store is built, and never runs")
    func unreachableReducerReportedAtBuild() throws {
        let issues = IssueCollector()
        let store = Store(
            initialState: Match(), features: [MisplacedFeature().at(\.home)], issueReporter: issues.reporter)
        #expect(issues.kinds == [.unreachableReducer])
        let message = try #require(issues.issues.first?.message)
        #expect(message.contains("ClockReducer"), "names the reducer: \(message)")
        #expect(message.contains("MisplacedFeature"), "names the feature: \(message)")
        #expect(message.contains("TeamScore") && message.contains("Clock"), "names both states: \(message)")
        #expect(message.contains("store.add(feature.at("), "says what to do: \(message)")
        store.dispatch(Tick())
        store.dispatch(Goal(team: .away))
        #expect(store.state == Match(home: TeamScore(goals: 1)))
        #expect(issues.kinds == [.unreachableReducer, .unhandledAction])
    }

    @Test("a registration no part of the state reaches is reported when the feature is added, and never runs")
    func unreachableReducerReportedAtAdd() throws {
        let issues = IssueCollector()
        let store = Store(initialState: Match(), features: [ClockFeature().at(\.clock)], issueReporter: issues.reporter)
        #expect(issues.issues.isEmpty)
        store.add(MisplacedFeature().at(\.away))
        #expect(issues.kinds == [.unreachableReducer])
        let message = try #require(issues.issues.first?.message)
        #expect(message.contains("ClockReducer") && message.contains("MisplacedFeature"), "\(message)")
        store.dispatch(Tick())
        store.dispatch(Goal(team: .home))
        // The clock advanced once, by ClockFeature; the misplaced ClockReducer did not run.
        #expect(store.state == Match(away: TeamScore(goals: 1), clock: Clock(minute: 1)))
        #expect(issues.kinds == [.unreachableReducer])
    }

    @Test("an async reducer no part of the state reaches is reported too, and never starts")
    func unreachableAsyncReducer() async throws {
        let issues = IssueCollector()
        let started = Recorder<Int>()
        let store = Store(
            initialState: Match(), features: [ReviewFeature(points: 1).at(\.home)], issueReporter: issues.reporter)
        store.add(MisplacedAsyncFeature(started: started).at(\.away))
        #expect(issues.kinds == [.unreachableReducer])
        let message = try #require(issues.issues.first?.message)
        #expect(message.contains("ReviewClockReducer") && message.contains("MisplacedAsyncFeature"), "\(message)")
        let release = AsyncGate()
        release.open()
        await store.dispatchAndWait(Review(release: release))
        #expect(store.state == Match(home: TeamScore(goals: 1)))
        #expect(started.all.isEmpty)
    }

    @Test("a sub-state reducer registered through the root's container is reported and never runs")
    func unreachableThroughRootContainer() throws {
        let issues = IssueCollector()
        let store = Store(initialState: Match(), issueReporter: issues.reporter) { reducers in
            reducers.addReducer(reducer: ClockReducer())
        }
        store.reducerContainer.addReducer(reducer: ClockReducer())
        #expect(issues.kinds == [.unreachableReducer, .unreachableReducer])
        let message = try #require(issues.issues.first?.message)
        #expect(message.contains("ClockReducer") && message.contains("root reducers"), "\(message)")
        store.dispatch(Tick())
        #expect(store.state.clock == Clock())
    }

    @Test("store.add on a store built around an app reducer reports misuse and changes nothing")
    func addToAppReducerStore() throws {
        let issues = IssueCollector()
        let registry = ReducerRegistry()
        let store = Store(
            initialState: Match(), appReducer: reduceSubstates(Substate(\.home), Substate(\.away)),
            reducerContainer: registry, issueReporter: issues.reporter)
        store.add(AnyGoalFeature().at(\.home))
        #expect(issues.kinds == [.misuse])
        let message = try #require(issues.issues.first?.message)
        #expect(message.contains("AnyGoalFeature") && message.contains("Store(initialState:features:)"), "\(message)")
        #expect(registry.slots.registeredReducers.isEmpty)
        store.dispatch(Goal(team: .home))
        #expect(store.state == Match())
    }

    @Test("features added from another thread while the store dispatches all land, each at its own place")
    func featuresAddedWhileDispatching() async {
        let store = Store(initialState: Board(), issueReporter: .ignoring)
        let places = Board().counters.indices
        let finished = await runOnThreads([
            { for index in places { store.add(BumpFeature().at(\Board.counters[index])) } },
            { for _ in 0..<2_000 { store.dispatch(Bump()) } },
        ])
        #expect(finished)
        let before = store.state.counters
        #expect(before.allSatisfy { (0...2_000).contains($0) })
        await store.dispatchAndWait(Bump())
        #expect(store.state.counters == before.map { $0 + 1 })
    }
}

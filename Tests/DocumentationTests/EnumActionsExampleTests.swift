import Foundation
import MultiRedux
import ReduxTesting
import ReduxTimeTravel
import TestHelpers
import Testing

// The Features guide's "A feature's actions as one enum": a timer whose actions are one enum,
// reduced by one reducer with an exhaustive switch.

struct TimerState: State, Equatable, Codable {
    var seconds = 0
    var isRunning = false
    var laps: [Int] = []
}

enum TimerAction: Action, Equatable, Codable {
    case start
    case stop
    case tick
    case lap
    case delegate(Delegate)

    /// What the timer tells whoever placed it.
    enum Delegate: Equatable, Codable {
        case finished(seconds: Int)
    }
}

enum TimerEffect { case ticking }

struct TimerFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: TimerAction, state: inout TimerState) -> Effect<TimerState> in
            switch action {
            case .start:
                state.isRunning = true
                return .send(TimerAction.tick)
            case .stop:
                state.isRunning = false
                return .merge(
                    .cancel(id: TimerEffect.ticking), .send(TimerAction.delegate(.finished(seconds: state.seconds))))
            case .tick:
                state.seconds += 1
                return .none
            case .lap:
                state.laps.append(state.seconds)
                return .none
            case .delegate:
                return .none  // for the parent; the timer itself does nothing with it
            }
        }
    }
}

/// The app answers the timer's delegate case, as a parent answers a child's.
struct Workout: State, Equatable, Codable {
    var timer = TimerState()
    var log: [String] = []
}

struct WorkoutFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: TimerAction, workout: inout Workout) in
            guard case .delegate(.finished(let seconds)) = action else { return }
            workout.log.append("ran \(seconds) s")
        }
    }
}

@Suite(timeLimit(minutes: 3), .testStoreTimeout(.seconds(120))) struct EnumActionsExampleTests {
    @Test("a feature's enum actions are reduced by one exhaustive switch, and the parent answers the delegate case")
    func reducedAndAnswered() async {
        let store = Store(
            initialState: Workout(), features: [TimerFeature().at(\.timer), WorkoutFeature().at(\.self)])
        await store.dispatchAndWait(TimerAction.start)
        store.dispatch(TimerAction.tick)
        store.dispatch(TimerAction.lap)
        await store.dispatchAndWait(TimerAction.stop)
        #expect(store.state.timer == TimerState(seconds: 2, isRunning: false, laps: [2]))
        #expect(store.state.log == ["ran 2 s"])
    }

    @Test("a TestStore receives enum actions by value, and by case with a predicate")
    func testedByCase() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: TimerState(), features: [TimerFeature().at(\.self)])
            await store.send(TimerAction.start) { $0.isRunning = true }
            await store.receive(TimerAction.tick) { $0.seconds = 1 }
            await store.send(TimerAction.stop) { $0.isRunning = false }
            await store.receive(TimerAction.self, where: { if case .delegate = $0 { true } else { false } })
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a delegate case with the wrong value fails with the difference")
    func wrongDelegateValue() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: TimerState(seconds: 5), features: [TimerFeature().at(\.self)])
            await store.send(TimerAction.stop)
            await store.receive(TimerAction.delegate(.finished(seconds: 4)))  // applied as the app would
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("seconds: 4") == true)
        // The case is named with its type, as the test writes it.
        #expect(failures.first?.message.contains("receive(TimerAction.delegate(.finished(seconds: 4)))") == true)
    }

    @Test("a step's failure names the enum action's type and case; so does the list of what was never received")
    func failuresNameTheCase() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: TimerState(), features: [TimerFeature().at(\.self)])
            await store.send(TimerAction.start) { $0.isRunning = false }  // wrong: it starts
            await store.finish()
        }
        let messages = failures.map(\.message)
        #expect(
            messages.contains { $0.hasPrefix("send(TimerAction.start) changed the state differently") }, "\(messages)")
        #expect(messages.contains { $0.contains("TimerAction.tick") && !$0.contains(" .tick") }, "\(messages)")
    }

    @Test("routing sees the enum as one action type, reduced where the feature is placed")
    func routed() {
        let routes = ReducerRoutes(
            initialState: Workout(), features: [TimerFeature().at(\.timer), WorkoutFeature().at(\.self)])
        let failures = collectFailures {
            routes.assertReducers(
                handling: TimerAction.self, on: TimerState.self,
                are: [AsyncReduceFunction<TimerAction, TimerState>.self])
            routes.assertReducers(
                handling: TimerAction.self, on: Workout.self, are: [FunctionalReducer<TimerAction, Workout>.self])
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a recorded session of enum actions is written to a file, read back and replayed to the same states")
    func recordedAndReplayed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("workout.journal").path
        let store = Store(
            initialState: Workout(), features: [TimerFeature().at(\.timer), WorkoutFeature().at(\.self)])
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        await store.dispatchAndWait(TimerAction.start)
        store.dispatch(TimerAction.lap)
        await store.dispatchAndWait(TimerAction.stop)
        recorder.stop()

        let replayed = Store(
            initialState: Workout(), features: [TimerFeature().at(\.timer), WorkoutFeature().at(\.self)])
        let journal = try Journal<Workout>(contentsOf: path, actions: RecordableActions(replayed))
        #expect(journal.entries.allSatisfy { $0.isReplayable })
        try replayed.replay(journal)
        #expect(replayed.state == store.state)
        #expect(replayed.state.log == ["ran 1 s"])
    }
}

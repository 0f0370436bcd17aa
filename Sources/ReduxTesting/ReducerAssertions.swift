import Dispatch
import MultiRedux
import ReduxCore
import ReduxTimeTravel

// The reducer assertions: run one reducer on a state and compare the result with the expected
// state. One entry point per reducer protocol: `ActionReducer` (in place or value-returning, and
// reduce functions as `FunctionalReducer`) and `AsyncActionReducer` (either form). A failure
// lists the differing fields:
//
//     SetNameReducer reduced SetName on UserState to an unexpected state (expected → actual):
//       name: "Ann" → "ann"

/// Asserts that a reducer changes a state exactly as the test describes.
///
/// ```swift
/// assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))
/// assertReduce(IncrementReducer(), action: Increment(by: 2), on: CounterState()) {
///     $0.count = 2
///     $0.history = [2]
/// }
/// assertReduce(FunctionalReducer(reduceFunction: decrement), action: Increment(), on: CounterState()) { … }
/// ```
///
/// The expected state is `expected` (by default `state`) changed by `update` (by default not at
/// all): pass a whole value, describe the change in the closure, or both. With neither, the
/// assertion is that the reducer leaves the state as it is. The comparison is exhaustive: a
/// field the reducer changed that the expectation does not fails the assertion.
///
/// Every sync reducer is an `ActionReducer`, whichever `reduce` it implements; test a reduce
/// function as `FunctionalReducer(reduceFunction:)`. Test an `AsyncActionReducer` with the
/// `async` form of this function.
///
/// - Parameters:
///   - reducer: The reducer to run.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - expected: The state the reducer must leave, before `update`; by default `state`.
///   - provider: The provider handed to the reducer; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes the expected state further; by default nothing. An error it throws is
///     reported as a failure.
/// - Returns: The state the reducer left.
@discardableResult
public func assertReduce<Reducer: ActionReducer>(
    _ reducer: Reducer, action: Reducer.ReducerActionType, on state: Reducer.ReducerStateType,
    expected: Reducer.ReducerStateType? = nil, provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Reducer.ReducerStateType) throws -> Void = { _ in }
) -> Reducer.ReducerStateType where Reducer.ReducerStateType: Equatable {
    var actual = state
    reducer.reduce(provider: provider, action: action, state: &actual)
    return ReductionCheck(reducer, action, .init(fileID, filePath, line, column))
        .verify(actual: actual, expected: expected ?? state, update: update)
}

/// Asserts that an async reducer's result changes a state exactly as the test describes.
///
/// ```swift
/// await assertReduce(LoadBioReducer(), action: LoadBio(), on: UserState(isLoading: true)) {
///     $0.bio = "Loaded"
///     $0.isLoading = false
/// }
/// ```
///
/// Runs the reducer as a store does, in a store of its own around `state`: its synchronous part,
/// then its effect, until the effect and the effects it led to have landed; every form of
/// `AsyncActionReducer` is run this way. The state they leave is compared like the sync form
/// does. Follow-up actions the effect sends are not checked here: test them with `TestStore`.
///
/// An effect that has not landed within `timeout` fails the assertion, which then returns
/// `state` unchanged.
///
/// - Parameters:
///   - reducer: The reducer to run.
///   - action: The action to hand it.
///   - state: The state the change is applied to.
///   - expected: The state the change must leave, before `update`; by default `state`.
///   - dependencies: The dependencies the test overrides; the others give their test values
///     (one with no test value fails the test).
///   - timeout: How long to wait for the reducer; by default ``TestTimeout/standard``.
///   - isolation: The actor the test runs on; leave the default.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes the expected state further; by default nothing. An error it throws is
///     reported as a failure.
/// - Returns: The state the change left.
@discardableResult
public func assertReduce<Reducer: AsyncActionReducer>(
    _ reducer: Reducer, action: Reducer.ReducerActionType, on state: Reducer.ReducerStateType,
    expected: Reducer.ReducerStateType? = nil, dependencies: Dependencies = Dependencies(),
    timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Reducer.ReducerStateType) throws -> Void = { _ in }
) async -> Reducer.ReducerStateType where Reducer.ReducerStateType: Equatable {
    let check = ReductionCheck(reducer, action, .init(fileID, filePath, line, column))
    let limit = timeout ?? TestTimeout.standard
    guard let actual = await run(reducer, action, on: state, dependencies: dependencies, timeout: limit) else {
        FailureReporter.current.fail(
            "\(check.subject) did not deliver a change for \(ValueDescription.action(action)) within \(limit). "
                + "An async reducer must return its change, or call its completion, exactly once. If it only "
                + "needs more time, pass `timeout:`.",
            at: check.location)
        return state
    }
    return check.verify(actual: actual, expected: expected ?? state, update: update)
}

/// Runs an async reducer as a store runs it: its synchronous part, then its effect, until the
/// effect and what it caused have landed, at most `timeout`.
///
/// The reducer is placed in a store of its own at the state's place, so its effect's changes land
/// in order, and the follow-up actions it sends are dispatched there (where no reducer handles
/// them).
///
/// - Returns: The state after everything landed; nil when it did not in time.
private func run<Reducer: AsyncActionReducer>(
    _ reducer: Reducer, _ action: Reducer.ReducerActionType, on state: Reducer.ReducerStateType,
    dependencies: Dependencies, timeout: TestTimeout
) async -> Reducer.ReducerStateType? {
    let store = Store(
        initialState: ReducedValue(value: state),
        features: [SingleReducer(reducer: reducer).at(\.value)],
        issueReporter: .ignoring,
        dependencies: dependencies.forTesting)
    // An action type that is no `Action` could never be dispatched to the reducer.
    guard let action = action as? any Action else { return nil }
    let settlement = Settlement()
    store.testingSeam.dispatch(action, onSettled: settlement.open)
    guard await settlement.wait(until: timeout.deadlineFromNow) else { return nil }
    return store.state.value
}

/// The root state of the store ``run(_:_:on:dependencies:timeout:)`` makes around one value.
private struct ReducedValue<Value: Sendable>: State {
    var value: Value
}

/// A feature that registers one async reducer.
private struct SingleReducer<Reducer: AsyncActionReducer>: LogicFeature {
    let reducer: Reducer

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: reducer)
    }
}

extension ReductionCheck {
    /// A check whose subject is a reducer: its type, or "The reduce function" for a
    /// `FunctionalReducer`.
    init<Reducer>(_ reducer: Reducer, _ action: Any, _ location: TestFailure.Location) {
        let name = ValueDescription.name(of: Reducer.self)
        self.init(
            subject: name.hasPrefix("FunctionalReducer<") ? "The reduce function" : name,
            actionType: type(of: action), location: location)
    }
}
